//! Installing a whole tree at once, atomically: the landing point of the `--root` import.
//!
//! The host layer reads a project from the host into a list of [`TreeEntry`] values (plain
//! data, no host handles); [`Vfs::install_tree`] writes them under a destination directory.
//! Every node is charged to the disk quota like any other write. On the first error the VFS is
//! put back exactly as it was (the snapshot is an O(1) clone), so a failed import leaves
//! nothing behind.

use super::{path, Vfs, VfsError, WriteMode};

/// What one imported path is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeKind {
    Dir,
    File(Vec<u8>),
}

/// One path of an imported tree, relative to the tree's root (no leading `/`, no `.`/`..`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeEntry {
    pub path: Vec<u8>,
    /// Permission bits (0o7777), kept from the source.
    pub mode: u32,
    pub kind: TreeKind,
}

/// Why an install failed: the path (absolute, in the VFS) and the error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InstallError {
    pub path: Vec<u8>,
    pub error: VfsError,
}

impl Vfs {
    /// Writes `entries` under `dest` (created if missing). Parents must come before children,
    /// as a sorted walk yields them. All or nothing.
    pub fn install_tree(&mut self, dest: &[u8], entries: &[TreeEntry]) -> Result<(), InstallError> {
        let before = self.clone();
        let result = self.install_all(dest, entries);
        if result.is_err() {
            *self = before;
        }
        result
    }

    fn install_all(&mut self, dest: &[u8], entries: &[TreeEntry]) -> Result<(), InstallError> {
        let fail = |p: &[u8], error| InstallError {
            path: p.to_vec(),
            error,
        };
        self.mkdir_all(dest, 0o755).map_err(|e| fail(dest, e))?;
        for entry in entries {
            let valid = !entry.path.is_empty()
                && entry.path[0] != b'/'
                && path::components(&entry.path).all(|c| c != b"." && c != b"..");
            if !valid {
                return Err(fail(&entry.path, VfsError::InvalidArgument));
            }
            let target = path::join(dest, &entry.path);
            let mode = entry.mode & 0o7777;
            match &entry.kind {
                TreeKind::Dir => match self.mkdir(&target, mode) {
                    // The destination may already hold the directory (an import over /work).
                    Err(VfsError::Exists)
                        if self
                            .stat(&target)
                            .is_ok_and(|s| s.file_type == super::FileType::Dir) =>
                    {
                        self.chmod(&target, mode).map_err(|e| fail(&target, e))?
                    }
                    other => other.map_err(|e| fail(&target, e))?,
                },
                TreeKind::File(data) => {
                    self.write_file_mode(&target, data, WriteMode::CreateNew, mode)
                        .map_err(|e| fail(&target, e))?;
                    // A pre-existing file is refused above, so the mode is the source's.
                }
            }
        }
        Ok(())
    }
}

impl Vfs {
    /// Puts the subtree at `root` (an existing directory in both) back as it is in
    /// `baseline`, leaving everything outside it alone. The node is shared with the baseline
    /// (an O(1) swap); the disk usage is adjusted from the differences between the two, so
    /// the cost follows the change, not the size of the subtree. Fails with `NoSpace` (and
    /// changes nothing) if the restored subtree no longer fits beside what grew elsewhere.
    pub fn restore_subtree(&mut self, baseline: &Vfs, root: &[u8]) -> Result<(), VfsError> {
        let root = path::normalize(root);
        let parent = path::parent(&root);
        let name = match root.iter().rposition(|&b| b == b'/') {
            Some(i) if i + 1 < root.len() => root[i + 1..].to_vec(),
            _ => return Err(VfsError::Busy), // the root directory itself
        };
        let super::Lookup::Found(parent_comps) = self.lookup(&parent, true)? else {
            return Err(VfsError::NotFound);
        };
        let restored = baseline.node_at_path(&root);
        if self.has_links() || baseline.has_links() {
            // Hard links may tie the subtree to names outside it: swap, then recount.
            let mut next = self.clone();
            next.put_child(&parent_comps, name, restored)?;
            next.relink_after_restore(baseline, &root);
            if next.usage > next.quota && next.usage > self.usage {
                return Err(VfsError::NoSpace);
            }
            *self = next;
            return Ok(());
        }
        let cost_at = |v: &Vfs, p: &[u8]| v.get(p, false).map(|n| n.cost()).unwrap_or(0);
        let (mut grow, mut shrink) = (0u64, 0u64);
        // A path whose type changed is listed twice (deleted, then added): count it once.
        let mut seen = std::collections::BTreeSet::new();
        for change in self.diff(baseline, &root) {
            if seen.insert(change.path.clone()) {
                grow += cost_at(baseline, &change.path);
                shrink += cost_at(self, &change.path);
            }
        }
        self.charge(shrink, grow)?;
        self.put_child(&parent_comps, name, restored)
    }

    /// The directory entry at `path`, unresolved (a hard-linked name stays a name).
    fn node_at_path(&self, path: &[u8]) -> Option<super::Node> {
        match self.lookup(path, false) {
            Ok(super::Lookup::Found(c)) => self.node_at(&c).cloned(),
            _ => None,
        }
    }

    /// Sets (or, with `None`, removes) one entry of a directory, with no accounting.
    fn put_child(
        &mut self,
        parent: &[super::Name],
        name: super::Name,
        node: Option<super::Node>,
    ) -> Result<(), VfsError> {
        let dir = self.node_mut(parent)?;
        let super::Kind::Dir(children) = &mut dir.kind else {
            return Err(VfsError::NotDir);
        };
        match node {
            Some(node) => {
                children.insert(name, node);
            }
            None => {
                children.remove(&name);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::cost;

    fn dir(p: &str) -> TreeEntry {
        TreeEntry {
            path: p.into(),
            mode: 0o750,
            kind: TreeKind::Dir,
        }
    }

    fn file(p: &str, data: &str, mode: u32) -> TreeEntry {
        TreeEntry {
            path: p.into(),
            mode,
            kind: TreeKind::File(data.into()),
        }
    }

    #[test]
    fn installs_dirs_and_files_with_modes() {
        let mut v = Vfs::new(1 << 20, 0);
        let entries = [
            dir("src"),
            file("src/main.sh", "echo hi\n", 0o755),
            file("README", "x", 0o644),
        ];
        v.install_tree(b"/work", &entries).unwrap();
        assert_eq!(&**v.read_file(b"/work/src/main.sh").unwrap(), b"echo hi\n");
        assert_eq!(v.stat(b"/work/src/main.sh").unwrap().mode & 0o7777, 0o755);
        assert_eq!(v.stat(b"/work/src").unwrap().mode & 0o7777, 0o750);
        assert!(v.usage() > 9);
    }

    #[test]
    fn a_failure_rolls_everything_back() {
        // Room for the directory and the small file (256 bytes of overhead each), not the big one.
        let mut v = Vfs::new(2 * cost::NODE_DISK_OVERHEAD + 100, 0);
        let usage = v.usage();
        let big = "y".repeat(400);
        let entries = [
            dir("a"),
            file("a/small", "x", 0o644),
            file("a/big", &big, 0o644),
        ];
        let err = v.install_tree(b"/work", &entries).unwrap_err();
        assert_eq!(err.error, VfsError::NoSpace);
        assert_eq!(err.path, b"/work/a/big");
        assert!(!v.exists(b"/work/a"));
        assert_eq!(v.usage(), usage);
    }

    #[test]
    fn refuses_paths_that_climb_out() {
        let mut v = Vfs::new(1 << 20, 0);
        for bad in ["../x", "/etc/passwd", "a/./b", ""] {
            let e = v
                .install_tree(b"/work", &[file(bad, "x", 0o644)])
                .unwrap_err();
            assert_eq!(e.error, VfsError::InvalidArgument, "{bad}");
        }
    }
}
