//! Hard links: inodes with several names.
//!
//! A regular file or symlink starts life inside its one directory entry. When it gets a
//! second name it moves into the `Vfs`'s inode table (`shared`, a persistent map like the
//! tree) and every name becomes a `Kind::Link` entry holding the inode number. Content and
//! metadata live once, in the table, so a write or `chmod` through one name is seen through
//! all, and a snapshot taken before keeps the old inode. The content is charged to the quota
//! once; each name costs the overhead of a node. The inode leaves the table when its last
//! name goes.
//!
//! Invariant: a table inode's `meta.links` is the number of `Kind::Link` entries naming it
//! in the tree, and every such entry names an inode in the table.

use super::{path, Kind, Lookup, Name, Node, Vfs, VfsError};
use imbl::OrdMap;
use std::collections::BTreeMap;

impl Vfs {
    /// The inode a directory entry stands for: itself, or the table's inode for a hard link.
    pub(super) fn resolve<'a>(&'a self, entry: &'a Node) -> &'a Node {
        match entry.kind {
            Kind::Link(ino) => self.shared.get(&ino).unwrap_or(entry),
            _ => entry,
        }
    }

    /// The resolved node at canonical components.
    pub(super) fn inode_at(&self, comps: &[Name]) -> Option<&Node> {
        self.node_at(comps).map(|n| self.resolve(n))
    }

    /// The resolved node at canonical components, to change (copying shared structure).
    pub(super) fn inode_mut(&mut self, comps: &[Name]) -> Result<&mut Node, VfsError> {
        let linked = match self.node_at(comps).map(|n| &n.kind) {
            Some(Kind::Link(ino)) => Some(*ino),
            _ => None,
        };
        match linked {
            Some(ino) => self.shared.get_mut(&ino).ok_or(VfsError::NotFound),
            None => self.node_mut(comps),
        }
    }

    /// Drops the names in the detached subtree `node` from the inode table and returns the
    /// disk its removal frees: every node's own cost, plus the content of each inode whose
    /// last name was in it.
    pub(super) fn release(&mut self, node: &Node) -> u64 {
        let mut freed = node.cost();
        match &node.kind {
            Kind::Link(ino) => {
                let last = match self.shared.get_mut(ino) {
                    Some(inode) => {
                        inode.meta.links = inode.meta.links.saturating_sub(1);
                        inode.meta.ctime_ns = self.now_ns;
                        inode.meta.links == 0
                    }
                    None => false,
                };
                if last {
                    if let Some(inode) = self.shared.remove(ino) {
                        freed += inode.content_cost();
                    }
                }
            }
            Kind::Dir(children) => {
                for child in children.values() {
                    freed += self.release(child);
                }
            }
            Kind::File(_) | Kind::Symlink(_) => {}
        }
        freed
    }

    /// `link(2)`: gives the file or symlink at `target` (following a final symlink when
    /// `follow`, as `linkat` with `AT_SYMLINK_FOLLOW`) the new name `link`, which must not
    /// exist. A directory cannot be linked (`NotPermitted`), nor a device of the base image
    /// (`CrossDevice`: another filesystem on Linux).
    pub fn link(&mut self, target: &[u8], link: &[u8], follow: bool) -> Result<(), VfsError> {
        let src = match self.lookup(target, follow)? {
            Lookup::Found(c) => c,
            Lookup::Missing { .. } => return Err(VfsError::NotFound),
        };
        let entry = self.node_at(&src).ok_or(VfsError::NotFound)?;
        let inode = self.resolve(entry);
        if matches!(inode.kind, Kind::Dir(_)) {
            return Err(VfsError::NotPermitted);
        }
        if inode.meta.base {
            return Err(VfsError::CrossDevice);
        }
        let ino = inode.meta.ino;
        let name_entry = Node {
            meta: inode.meta.clone(),
            kind: Kind::Link(ino),
        };
        let entry = entry.clone();
        // A new name cannot end in a slash: the kernel reports an existing one as existing
        // and a missing one as missing.
        if link.len() > 1 && link.ends_with(b"/") {
            let mut trimmed = link;
            while trimmed.len() > 1 && trimmed.ends_with(b"/") {
                trimmed = &trimmed[..trimmed.len() - 1];
            }
            return Err(match self.lookup(trimmed, false)? {
                Lookup::Found(_) => VfsError::Exists,
                Lookup::Missing { .. } => VfsError::NotFound,
            });
        }
        let (parent, name) = match self.lookup(link, false)? {
            Lookup::Found(_) => return Err(VfsError::Exists),
            Lookup::Missing { parent, name } => (parent, name),
        };
        // The new name is charged (and may fail) before anything changes.
        self.insert_child(&parent, name, name_entry.clone())?;
        if !matches!(entry.kind, Kind::Link(_)) {
            // The first extra name: the inode moves into the table. Its cost is unchanged
            // (the entry keeps the overhead, the table holds the content).
            self.shared.insert(ino, entry);
            *self.node_mut(&src)? = name_entry;
        }
        let now = self.now_ns;
        let inode = self.shared.get_mut(&ino).ok_or(VfsError::NotFound)?;
        inode.meta.links += 1;
        inode.meta.ctime_ns = now;
        Ok(())
    }

    /// After a subtree was put back from `baseline` by [`Vfs::restore_subtree`], makes the
    /// inode table agree with the tree again and recounts the disk usage. Hard links can join
    /// the restored subtree to names outside it, so this walks the whole tree; it runs only
    /// when either snapshot has hard links. An inode named inside the restored subtree takes
    /// the baseline's content and metadata (the subtree is as it was); one named only outside
    /// keeps its current state.
    pub(super) fn relink_after_restore(&mut self, baseline: &Vfs, root: &[u8]) {
        let mut names: BTreeMap<u64, (u64, bool)> = BTreeMap::new();
        fn count(p: &[u8], root: &[u8], node: &Node, names: &mut BTreeMap<u64, (u64, bool)>) {
            match &node.kind {
                Kind::Link(ino) => {
                    let inside = p.starts_with(root)
                        && (p.len() == root.len() || p[root.len()] == b'/' || root == b"/");
                    let e = names.entry(*ino).or_insert((0, false));
                    e.0 += 1;
                    e.1 |= inside;
                }
                Kind::Dir(children) => {
                    for (n, c) in children.iter() {
                        count(&path::join(p, n), root, c, names);
                    }
                }
                _ => {}
            }
        }
        count(b"/", root, &self.root, &mut names);
        let mut table = OrdMap::new();
        for (ino, (links, inside)) in names {
            let first = if inside { baseline } else { &*self };
            let second = if inside { &*self } else { baseline };
            if let Some(inode) = first.shared.get(&ino).or_else(|| second.shared.get(&ino)) {
                let mut inode = inode.clone();
                inode.meta.links = links;
                table.insert(ino, inode);
            }
        }
        self.shared = table;
        self.usage = self.root.subtree_cost()
            + self
                .shared
                .values()
                .map(|inode| inode.content_cost())
                .sum::<u64>();
    }

    /// Whether any file has more than one name (the slow paths above are needed).
    pub(super) fn has_links(&self) -> bool {
        !self.shared.is_empty()
    }
}
