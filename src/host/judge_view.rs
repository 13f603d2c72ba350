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

    fn read_dir_kinds(&self, p: &[u8]) -> Option<Vec<(Vec<u8>, Option<FsKind>)>> {
        let mut names: Vec<(Vec<u8>, Option<FsKind>)> = std::fs::read_dir(os(p))
            .ok()?
            .filter_map(|e| {
                let e = e.ok()?;
                // The listing's own type (d_type): no extra system call per name.
                let kind = e.file_type().ok().map(|t| {
                    if t.is_symlink() {
                        FsKind::Symlink
                    } else if t.is_dir() {
                        FsKind::Dir
                    } else if t.is_file() {
                        FsKind::File
                    } else {
                        FsKind::Other
                    }
                });
                Some((e.file_name().into_vec(), kind))
            })
            .collect();
        names.sort_by(|a, b| a.0.cmp(&b.0));
        Some(names)
    }
}
