//! The order ls lists entries in: by name (bytes, which is what the C and C.UTF-8 locales
//! collate by), time, size, extension, version or width, reversed with `-r`, and
//! optionally with directories first.

use super::Entry;
use crate::commands::sort::filevercmp;
use crate::vfs::FileType;
use std::cmp::Ordering;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Name,
    /// `-U`/`-f`: the directory's own order (the simulated file system keeps names sorted).
    None,
    Time,
    Size,
    Extension,
    Version,
    Width,
}

/// Which timestamp `-t`, `-u`, `-c` and the long format use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeField {
    Modify,
    Access,
    Change,
}

impl TimeField {
    pub fn of(self, e: &Entry) -> u64 {
        match self {
            TimeField::Modify => e.st.mtime_ns,
            TimeField::Access => e.st.atime_ns,
            TimeField::Change => e.st.ctime_ns,
        }
    }
}

pub struct Order {
    pub key: Key,
    pub reverse: bool,
    pub time: TimeField,
    pub dirs_first: bool,
}

fn extension(name: &[u8]) -> &[u8] {
    match name.iter().rposition(|&b| b == b'.') {
        Some(i) => &name[i..],
        None => b"",
    }
}

impl Order {
    /// GNU's comparison for one key; ties fall back to the name, and `-r` reverses the
    /// whole result (ties included).
    fn compare(&self, a: &Entry, b: &Entry, width: &dyn Fn(&Entry) -> usize) -> Ordering {
        let by_name = || a.name.cmp(&b.name);
        let o = match self.key {
            Key::Name | Key::None => by_name(),
            Key::Time => self.time.of(b).cmp(&self.time.of(a)).then_with(by_name),
            Key::Size => b.st.size.cmp(&a.st.size).then_with(by_name),
            Key::Extension => extension(&a.name)
                .cmp(extension(&b.name))
                .then_with(by_name),
            Key::Version => filevercmp(&a.name, &b.name).then_with(by_name),
            Key::Width => width(a).cmp(&width(b)).then_with(by_name),
        };
        if self.reverse {
            o.reverse()
        } else {
            o
        }
    }

    /// Sorts `v` in place. `is_dir` tells `--group-directories-first` what counts as a
    /// directory (a symlink to one does); `width` gives `--sort=width` each name's width.
    pub fn sort(
        &self,
        v: &mut [Entry],
        is_dir: &dyn Fn(&Entry) -> bool,
        width: &dyn Fn(&Entry) -> usize,
    ) {
        if self.key == Key::None && !self.dirs_first {
            return;
        }
        v.sort_by(|a, b| {
            let group = if self.dirs_first {
                is_dir(b).cmp(&is_dir(a))
            } else {
                Ordering::Equal
            };
            group.then_with(|| {
                if self.key == Key::None {
                    Ordering::Equal
                } else {
                    self.compare(a, b, width)
                }
            })
        });
    }
}

/// Whether an entry lists as a directory for `--group-directories-first`.
pub fn lists_as_dir(e: &Entry) -> bool {
    e.st.file_type == FileType::Dir || e.target_is_dir
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vfs::Stat;

    fn entry(name: &str, size: u64, mtime: u64) -> Entry {
        Entry {
            name: name.as_bytes().to_vec(),
            abs: Vec::new(),
            st: Stat {
                file_type: FileType::File,
                mode: 0o644,
                uid: 0,
                gid: 0,
                size,
                mtime_ns: mtime,
                ctime_ns: 0,
                atime_ns: 0,
                ino: 1,
                nlink: 1,
            },
            target_is_dir: false,
            link_target: None,
            stat_ok: true,
        }
    }

    fn names(order: &Order, mut v: Vec<Entry>) -> Vec<String> {
        order.sort(&mut v, &lists_as_dir, &|e| e.name.len());
        v.iter()
            .map(|e| String::from_utf8_lossy(&e.name).into_owned())
            .collect()
    }

    fn order(key: Key, reverse: bool) -> Order {
        Order {
            key,
            reverse,
            time: TimeField::Modify,
            dirs_first: false,
        }
    }

    #[test]
    fn keys_and_ties() {
        let v = || {
            vec![
                entry("b.txt", 5, 2),
                entry("a.rs", 5, 3),
                entry("c", 9, 2),
                entry("f10", 1, 1),
                entry("f9", 1, 1),
            ]
        };
        assert_eq!(
            names(&order(Key::Size, false), v()),
            ["c", "a.rs", "b.txt", "f10", "f9"]
        );
        assert_eq!(
            names(&order(Key::Time, false), v()),
            ["a.rs", "b.txt", "c", "f10", "f9"]
        );
        assert_eq!(
            names(&order(Key::Time, true), v()),
            ["f9", "f10", "c", "b.txt", "a.rs"]
        );
        assert_eq!(
            names(&order(Key::Extension, false), v()),
            ["c", "f10", "f9", "a.rs", "b.txt"]
        );
        assert_eq!(
            names(&order(Key::Version, false), v()),
            ["a.rs", "b.txt", "c", "f9", "f10"]
        );
    }
}
