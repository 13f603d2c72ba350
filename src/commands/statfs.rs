//! The simulated machine's one file system as `statfs(2)` would describe it: the numbers `df`
//! and `stat -f` both print, so the two always agree (`df`'s 1K-blocks is `blocks * frsize /
//! 1024`, its Used `(blocks - bfree) * frsize / 1024`, its Available `bavail * frsize / 1024`).
//!
//! What is modeled: the size is the disk quota, in 4 KiB blocks (the block size `stat` and
//! `du` use); used blocks are the VFS's modeled usage rounded up to whole blocks; nothing is
//! reserved for root, so free and available are equal. The VFS has no inode table of fixed
//! size, only a per-node charge against the quota, so the inode counts say how many empty
//! nodes fit in the quota (total) and in what is left of it (free). The type is `shellsim`
//! with a made-up magic number, and the file system ID is what Linux reports for a file
//! system without a UUID on the modeled device 254,0.

use super::fsutil::{DEV_MAJOR, DEV_MINOR, FS_BLOCK};
use crate::limits::cost::NODE_DISK_OVERHEAD;
use crate::vfs::{Vfs, MAX_NAME_LEN};

/// The file system's name in `df`'s first column.
pub const FS_NAME: &str = "shellsim";
/// Its type, as `df -T` and `stat -f -c %T` print it.
pub const FS_TYPE: &str = "shellsim";
/// The modeled `f_type` magic (ASCII "SHSM"); no real file system uses it.
pub const FS_MAGIC: u64 = 0x5348_534d;

/// The fields of `struct statfs` that `df` and `stat -f` show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FsStats {
    /// Preferred transfer size (`f_bsize`).
    pub bsize: u64,
    /// Fundamental block size (`f_frsize`); the block counts are in these units.
    pub frsize: u64,
    pub blocks: u64,
    pub bfree: u64,
    pub bavail: u64,
    pub files: u64,
    pub ffree: u64,
    pub namelen: u64,
    pub fsid: u64,
    pub magic: u64,
}

impl FsStats {
    /// The statistics of `vfs` now.
    pub fn of(vfs: &Vfs) -> FsStats {
        Self::from_usage(vfs.quota(), vfs.usage())
    }

    fn from_usage(quota: u64, usage: u64) -> FsStats {
        let blocks = quota / FS_BLOCK;
        let used = usage.div_ceil(FS_BLOCK).min(blocks);
        let left = quota.saturating_sub(usage);
        // Linux encodes a device without a UUID as the fsid's first word; GNU stat prints the
        // first word in the high half.
        let dev = u64::from((DEV_MINOR & 0xff) | (DEV_MAJOR << 8) | ((DEV_MINOR & !0xff) << 12));
        FsStats {
            bsize: FS_BLOCK,
            frsize: FS_BLOCK,
            blocks,
            bfree: blocks - used,
            bavail: blocks - used,
            files: quota / NODE_DISK_OVERHEAD,
            ffree: left / NODE_DISK_OVERHEAD,
            namelen: MAX_NAME_LEN as u64,
            fsid: dev << 32,
            magic: FS_MAGIC,
        }
    }

    /// Kibibytes in `count` blocks, as df scales them.
    pub fn kib(&self, count: u64) -> u64 {
        count * self.frsize / 1024
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usage_rounds_up_to_blocks() {
        let s = FsStats::from_usage(64 << 20, 0);
        assert_eq!((s.blocks, s.bfree, s.bavail), (16384, 16384, 16384));
        assert_eq!((s.files, s.ffree), (262144, 262144));
        let s = FsStats::from_usage(64 << 20, 4097);
        assert_eq!((s.bfree, s.ffree), (16382, (64 * 1024 * 1024 - 4097) / 256));
        assert_eq!(s.kib(s.blocks), 65536);
        assert_eq!(s.fsid, 0xfe00_0000_0000);
        // Usage can never exceed the blocks it is counted against.
        assert_eq!(FsStats::from_usage(4096, 10_000).bfree, 0);
    }
}
