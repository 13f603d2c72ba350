//! Helpers shared by the file-oriented commands (`stat`, `find`, `du`, `chmod`, ...): mode
//! strings, the modeled user and group database, timestamps and GNU human-readable sizes.
//!
//! The modeled machine has one user and one group (`root`, id 0), a starting umask of 022 and
//! a single ext4-like filesystem (device 254,0, 4 KiB blocks).

use crate::process::IoError;
use crate::vfs::{FileType, Stat, VfsError};

/// Block size of the modeled filesystem.
pub const FS_BLOCK: u64 = 4096;
/// Device number (major, minor) of the modeled filesystem.
pub const DEV_MAJOR: u32 = 254;
pub const DEV_MINOR: u32 = 0;

/// `ls -l` style mode string, e.g. `-rw-r--r--`, `drwxrwxrwt`.
pub fn mode_string(ft: FileType, mode: u32) -> String {
    let mut s = String::with_capacity(10);
    s.push(match ft {
        FileType::File => '-',
        FileType::Dir => 'd',
        FileType::Symlink => 'l',
    });
    let bit = |m: u32, c: char| if mode & m != 0 { c } else { '-' };
    s.push(bit(0o400, 'r'));
    s.push(bit(0o200, 'w'));
    s.push(match (mode & 0o100 != 0, mode & 0o4000 != 0) {
        (true, true) => 's',
        (false, true) => 'S',
        (true, false) => 'x',
        _ => '-',
    });
    s.push(bit(0o040, 'r'));
    s.push(bit(0o020, 'w'));
    s.push(match (mode & 0o010 != 0, mode & 0o2000 != 0) {
        (true, true) => 's',
        (false, true) => 'S',
        (true, false) => 'x',
        _ => '-',
    });
    s.push(bit(0o004, 'r'));
    s.push(bit(0o002, 'w'));
    s.push(match (mode & 0o001 != 0, mode & 0o1000 != 0) {
        (true, true) => 't',
        (false, true) => 'T',
        (true, false) => 'x',
        _ => '-',
    });
    s
}

/// The user name of `uid`, if the modeled passwd database knows it.
pub fn user_name(uid: u32) -> Option<&'static str> {
    (uid == 0).then_some("root")
}

/// The group name of `gid`, if the modeled group database knows it.
pub fn group_name(gid: u32) -> Option<&'static str> {
    (gid == 0).then_some("root")
}

/// A user name or numeric id, like `chown` accepts.
pub fn parse_user(s: &[u8]) -> Option<u32> {
    if s == b"root" {
        return Some(0);
    }
    parse_id(s)
}

pub fn parse_group(s: &[u8]) -> Option<u32> {
    if s == b"root" {
        return Some(0);
    }
    parse_id(s)
}

fn parse_id(s: &[u8]) -> Option<u32> {
    let s = s.strip_prefix(b"+").unwrap_or(s);
    if s.is_empty() || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(s)
        .ok()?
        .parse::<u32>()
        .ok()
        .filter(|&n| n != u32::MAX)
}

/// Broken-down UTC time: (year, month, day, hour, minute, second).
pub fn utc(secs: i64) -> (i64, u32, u32, u32, u32, u32) {
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = crate::clock::calendar::civil_from_days(days);
    (
        y,
        m as u32,
        d as u32,
        (rem / 3600) as u32,
        (rem % 3600 / 60) as u32,
        (rem % 60) as u32,
    )
}

/// `stat`'s full timestamp: `2025-01-01 00:00:00.000000000 +0000` (UTC).
pub fn full_time(ns: u64) -> String {
    let secs = (ns / 1_000_000_000) as i64;
    let (y, mo, d, h, mi, s) = utc(secs);
    format!(
        "{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02}.{:09} +0000",
        ns % 1_000_000_000
    )
}

/// 512-byte blocks allocated to a node in the modeled ext4-like filesystem: files use whole
/// 4 KiB blocks, a directory one block, a symlink none (fast symlinks).
pub fn blocks512(st: &Stat) -> u64 {
    match st.file_type {
        FileType::File => st.size.div_ceil(FS_BLOCK) * (FS_BLOCK / 512),
        FileType::Dir => FS_BLOCK / 512,
        FileType::Symlink => 0,
    }
}

/// GNU `human_readable` with autoscale, powers of 1024 and rounding up (`du -h`, `df -h`):
/// `0`, `512`, `4.0K`, `1.5M`, `12G`.
pub fn human(n: u64) -> String {
    human_base(n, 1024, "")
}

/// As [`human`], powers of 1000 (`-H`/`--si`), lower-case `k`.
pub fn human_si(n: u64) -> String {
    human_base(n, 1000, "")
}

fn human_base(n: u64, base: u64, suffix: &str) -> String {
    if n < base {
        return format!("{n}{suffix}");
    }
    let units: &[char] = if base == 1000 {
        &['k', 'M', 'G', 'T', 'P', 'E']
    } else {
        &['K', 'M', 'G', 'T', 'P', 'E']
    };
    let mut p = 0usize;
    let mut div: u128 = base as u128;
    while (n as u128) >= div * base as u128 && p + 1 < units.len() {
        div *= base as u128;
        p += 1;
    }
    let n = n as u128;
    let tenths = (n * 10).div_ceil(div);
    if tenths < 100 {
        return format!("{}.{}{}{suffix}", tenths / 10, tenths % 10, units[p]);
    }
    let whole = n.div_ceil(div);
    if whole >= base as u128 && p + 1 < units.len() {
        return format!("1.0{}{suffix}", units[p + 1]);
    }
    format!("{whole}{}{suffix}", units[p])
}

/// An [`IoError`] from a VFS error.
pub fn io(e: VfsError) -> IoError {
    IoError::Vfs(e)
}

/// Strips trailing slashes but keeps a lone `/`.
pub fn trim_slashes(p: &[u8]) -> &[u8] {
    let mut end = p.len();
    while end > 1 && p[end - 1] == b'/' {
        end -= 1;
    }
    &p[..end]
}

/// Parses a size with an optional multiplier suffix as coreutils' `xstrtoumax` does with the
/// suffixes `KMGTPEZY` (powers of 1024), `KB`.. (powers of 1000), `KiB`.. (1024), `b` (512),
/// `c` (1), `w` (2) when `extra` is set.
pub fn parse_size(s: &[u8], extra: bool) -> Option<u64> {
    let t = std::str::from_utf8(s).ok()?;
    let digits_end = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (num, suf) = t.split_at(digits_end);
    if num.is_empty() {
        return None;
    }
    let n: u64 = num.parse().ok()?;
    let mult: u64 = match suf {
        "" => 1,
        "b" if extra => 512,
        "c" if extra => 1,
        "w" if extra => 2,
        _ => {
            let mut chars = suf.chars();
            let letter = chars.next()?;
            let pow = match letter {
                'k' | 'K' => 1,
                'm' | 'M' => 2,
                'g' | 'G' => 3,
                't' | 'T' => 4,
                'P' => 5,
                'E' => 6,
                _ => return None,
            };
            let base: u64 = match chars.as_str() {
                "" | "iB" => 1024,
                "B" => 1000,
                _ => return None,
            };
            base.checked_pow(pow)?
        }
    };
    n.checked_mul(mult)
}

/// The time column of `ls -l` and `find -ls`: `Mon DD HH:MM` for a time in the last six
/// months (of 365.2425 days), else `Mon DD  YYYY` (also for a time in the future).
pub fn ls_time(secs: i64, now: i64) -> Vec<u8> {
    let recent = secs <= now && now - secs < 31_556_952 / 2;
    let fmt: &[u8] = if recent { b"%b %e %H:%M" } else { b"%b %e  %Y" };
    crate::clock::calendar::strftime(fmt, &crate::clock::calendar::tm(secs, 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes() {
        assert_eq!(mode_string(FileType::File, 0o644), "-rw-r--r--");
        assert_eq!(mode_string(FileType::Dir, 0o1777), "drwxrwxrwt");
        assert_eq!(mode_string(FileType::File, 0o6644), "-rwSr-Sr--");
        assert_eq!(mode_string(FileType::Symlink, 0o777), "lrwxrwxrwx");
    }

    #[test]
    fn times() {
        assert_eq!(
            full_time(1_735_689_600_000_000_000),
            "2025-01-01 00:00:00.000000000 +0000"
        );
        assert_eq!(
            full_time(951_782_400_123_000_000),
            "2000-02-29 00:00:00.123000000 +0000"
        );
    }

    #[test]
    fn humans() {
        assert_eq!(human(0), "0");
        assert_eq!(human(1023), "1023");
        assert_eq!(human(4096), "4.0K");
        assert_eq!(human(1025), "1.1K");
        assert_eq!(human(10 * 1024 + 1), "11K");
        assert_eq!(human(1024 * 1024 - 1), "1.0M");
        assert_eq!(human(64 << 20), "64M");
        assert_eq!(human_si(1500), "1.5k");
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size(b"10", false), Some(10));
        assert_eq!(parse_size(b"2K", false), Some(2048));
        assert_eq!(parse_size(b"2KB", false), Some(2000));
        assert_eq!(parse_size(b"1MiB", false), Some(1 << 20));
        assert_eq!(parse_size(b"1k", false), Some(1024));
        assert_eq!(parse_size(b"x", false), None);
    }
}
