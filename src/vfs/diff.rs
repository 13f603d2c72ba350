//! What changed between two snapshots of one filesystem.
//!
//! The walk follows the tree and skips every subtree the two snapshots still share, so its
//! cost follows the change. A write through one name of a hard-linked file changes only the
//! inode table, not the directories holding its names, so those names are found by a second
//! pass that runs only when a shared inode's content or permissions changed.

use super::{path, Change, ChangeKind, Kind, Node, Vfs};
use imbl::ordmap::DiffItem;
use std::collections::BTreeSet;
use std::sync::Arc;

impl Vfs {
    /// What changed under `root` from `before` (an earlier snapshot) to `self`, in tree order
    /// (a directory before its entries, entries by name). Shared subtrees are skipped without
    /// being visited.
    pub fn diff(&self, before: &Vfs, root: &[u8]) -> Vec<Change> {
        let mut out = Vec::new();
        let root = path::normalize(root);
        let a = before.get(&root, false).ok();
        let b = self.get(&root, false).ok();
        let pair = Pair { a: before, b: self };
        pair.nodes(&root, a, b, &mut out);
        let changed: BTreeSet<u64> = before
            .shared
            .diff(&self.shared)
            .filter_map(|item| match item {
                DiffItem::Update { old, new } if !same_node(old.1, new.1) => Some(*old.0),
                _ => None,
            })
            .collect();
        if !changed.is_empty() {
            if let (Some(a), Some(b)) = (a, b) {
                let seen: BTreeSet<Vec<u8>> = out.iter().map(|c| c.path.clone()).collect();
                let mut extra = Vec::new();
                linked_names(&root, a, b, &changed, &mut extra);
                let extra: Vec<Change> = extra
                    .into_iter()
                    .filter(|p| !seen.contains(p))
                    .map(|path| Change {
                        path,
                        kind: ChangeKind::Modified,
                    })
                    .collect();
                if !extra.is_empty() {
                    out.extend(extra);
                    // Tree order is the order of the component lists (a stable sort keeps a
                    // deletion before an addition at one path).
                    out.sort_by(|x, y| path::components(&x.path).cmp(path::components(&y.path)));
                }
            }
        }
        out
    }
}

/// The names under `a`/`b` (the same directory in two snapshots) that are, in both, a name
/// of the same inode, one of `changed`.
fn linked_names(p: &[u8], a: &Node, b: &Node, changed: &BTreeSet<u64>, out: &mut Vec<Vec<u8>>) {
    match (&a.kind, &b.kind) {
        (Kind::Link(x), Kind::Link(y)) if x == y && changed.contains(x) => out.push(p.to_vec()),
        (Kind::Dir(x), Kind::Dir(y)) => {
            for (name, child) in y.iter() {
                if let Some(old) = x.get(name) {
                    linked_names(&path::join(p, name), old, child, changed, out);
                }
            }
        }
        _ => {}
    }
}

/// Whether two resolved nodes look the same to a workspace diff: permissions, owner, type and
/// content (times and inode numbers do not count).
pub(super) fn same_node(a: &Node, b: &Node) -> bool {
    if a.meta.mode != b.meta.mode || a.meta.uid != b.meta.uid || a.meta.gid != b.meta.gid {
        return false;
    }
    match (&a.kind, &b.kind) {
        (Kind::File(x), Kind::File(y)) => Arc::ptr_eq(x, y) || x == y,
        (Kind::Symlink(x), Kind::Symlink(y)) => x == y,
        (Kind::Dir(_), Kind::Dir(_)) => true,
        (Kind::Link(x), Kind::Link(y)) => x == y,
        _ => false,
    }
}

/// The two snapshots, to resolve hard-linked names in each.
struct Pair<'a> {
    a: &'a Vfs,
    b: &'a Vfs,
}

impl Pair<'_> {
    fn nodes(&self, path: &[u8], a: Option<&Node>, b: Option<&Node>, out: &mut Vec<Change>) {
        match (a, b) {
            (None, None) => {}
            (Some(a), None) => {
                out.push(Change {
                    path: path.to_vec(),
                    kind: ChangeKind::Deleted,
                });
                if let Kind::Dir(ch) = &a.kind {
                    for (n, c) in ch.iter() {
                        self.nodes(&path::join(path, n), Some(c), None, out);
                    }
                }
            }
            (None, Some(b)) => {
                out.push(Change {
                    path: path.to_vec(),
                    kind: ChangeKind::Added,
                });
                if let Kind::Dir(ch) = &b.kind {
                    for (n, c) in ch.iter() {
                        self.nodes(&path::join(path, n), None, Some(c), out);
                    }
                }
            }
            (Some(a), Some(b)) => {
                let (ra, rb) = (self.a.resolve(a), self.b.resolve(b));
                if !same_node(ra, rb) {
                    if ra.file_type() != rb.file_type() {
                        self.nodes(path, Some(a), None, out);
                        self.nodes(path, None, Some(b), out);
                        return;
                    }
                    out.push(Change {
                        path: path.to_vec(),
                        kind: ChangeKind::Modified,
                    });
                }
                if let (Kind::Dir(x), Kind::Dir(y)) = (&a.kind, &b.kind) {
                    if x.ptr_eq(y) {
                        return;
                    }
                    // imbl's diff walks both trees and skips the nodes they share, so a
                    // directory of many entries with one changed costs about log n, not n.
                    for item in x.diff(y) {
                        match item {
                            DiffItem::Add(n, c) => {
                                self.nodes(&path::join(path, n), None, Some(c), out)
                            }
                            DiffItem::Remove(n, c) => {
                                self.nodes(&path::join(path, n), Some(c), None, out)
                            }
                            DiffItem::Update { old, new } => {
                                self.nodes(&path::join(path, old.0), Some(old.1), Some(new.1), out)
                            }
                        }
                    }
                }
            }
        }
    }
}
