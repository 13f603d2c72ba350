//! The read judge's view of the host filesystem: metadata only — `lstat`, `readlink` and
//! directory listings, never a file's contents. Every walk that uses it is bounded by the judge.

use crate::judge::{FsKind, FsView};
use std::ffi::OsStr;
use std::os::unix::ffi::{OsStrExt, OsStringExt};

pub struct HostView;

fn os(p: &[u8]) -> &OsStr {
    OsStr::from_bytes(p)
}

impl FsView for HostView {
    fn answers(&self) -> bool {
        true
    }

    fn lstat(&self, p: &[u8]) -> Option<FsKind> {
        let m = std::fs::symlink_metadata(os(p)).ok()?;
        let t = m.file_type();
        Some(if t.is_symlink() {
            FsKind::Symlink
        } else if t.is_dir() {
            FsKind::Dir
        } else if t.is_file() {
            FsKind::File
        } else {
            FsKind::Other
        })
    }

    fn read_link(&self, p: &[u8]) -> Option<Vec<u8>> {
        std::fs::read_link(os(p))
            .ok()
            .map(|t| t.into_os_string().into_vec())
    }

    fn read_dir(&self, p: &[u8]) -> Option<Vec<Vec<u8>>> {
        let mut names: Vec<Vec<u8>> = std::fs::read_dir(os(p))
            .ok()?
            .filter_map(|e| e.ok().map(|e| e.file_name().into_vec()))
            .collect();
        names.sort();
        Some(names)
    }
}
