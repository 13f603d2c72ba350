//! The in-memory filesystem.
//!
//! The tree is persistent: a directory's entries are an `imbl::OrdMap` and file contents sit
//! behind `Arc`, so cloning a whole `Vfs` (a snapshot, a checkpoint, a fork) is O(1) and a write
//! copies only the path from the root to the node it changes. [`Vfs::diff`] walks two snapshots
//! and skips every subtree they still share, so its cost follows the change, not the size of the
//! tree.
//!
//! The disk quota is enforced here, before a mutation is applied: a write that would pass it
//! fails with [`VfsError::NoSpace`] and changes nothing. Each non-base node costs its content
//! bytes plus [`cost::NODE_DISK_OVERHEAD`]; the base image (`/`, `/root`, `/tmp`, `/work`, ...)
//! costs nothing.
//!
//! Invariant: the VFS knows nothing about processes, file descriptors or `/proc`; paths given
//! to it are absolute (callers join the working directory first).

mod diff;
mod error;
mod links;
pub mod path;
mod tree;

pub use error::VfsError;
pub use tree::{InstallError, TreeEntry, TreeKind};

use crate::limits::cost;
use imbl::OrdMap;
use std::sync::Arc;

/// Maximum symlinks followed while resolving one path (as Linux's ELOOP limit).
pub const MAX_SYMLINK_HOPS: u32 = 40;
/// Longest path accepted, bytes.
pub const MAX_PATH_LEN: usize = 4096;
/// Longest single name, bytes.
pub const MAX_NAME_LEN: usize = 255;

pub type Name = Vec<u8>;

/// Node metadata.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meta {
    /// Permission bits (0o7777).
    pub mode: u32,
    pub uid: u32,
    pub gid: u32,
    pub mtime_ns: u64,
    pub ctime_ns: u64,
    pub atime_ns: u64,
    pub ino: u64,
    /// How many names a regular file or symlink has (hard links). Directories compute
    /// theirs from their subdirectories instead.
    pub links: u64,
    /// Part of the base image: costs no disk.
    pub base: bool,
}

#[derive(Clone, Debug)]
pub enum Kind {
    File(Arc<Vec<u8>>),
    Dir(OrdMap<Name, Node>),
    Symlink(Arc<Vec<u8>>),
    /// One name of an inode that has several (a hard link): the inode itself, a `File` or a
    /// `Symlink`, sits in the `Vfs`'s inode table under this number. Never returned by
    /// [`Vfs::get`], which resolves the name to the inode.
    Link(u64),
}

#[derive(Clone, Debug)]
pub struct Node {
    pub meta: Meta,
    pub kind: Kind,
}

/// Identity, not content: two nodes are equal when their metadata is equal and their
/// content is the same shared allocation (a file copied byte for byte into a new allocation
/// compares unequal). This is what lets [`Vfs::diff`] skip shared subtrees cheaply; callers
/// that need content equality compare the bytes.
impl PartialEq for Node {
    fn eq(&self, other: &Node) -> bool {
        self.meta == other.meta
            && match (&self.kind, &other.kind) {
                (Kind::File(a), Kind::File(b)) | (Kind::Symlink(a), Kind::Symlink(b)) => {
                    Arc::ptr_eq(a, b)
                }
                (Kind::Dir(a), Kind::Dir(b)) => a.ptr_eq(b),
                (Kind::Link(a), Kind::Link(b)) => a == b,
                _ => false,
            }
    }
}

/// What kind of node a path names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FileType {
    File,
    Dir,
    Symlink,
}

/// `stat` information.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stat {
    pub file_type: FileType,
    pub mode: u32,
    pub uid: u32,
    pub gid: u32,
    pub size: u64,
    pub mtime_ns: u64,
    pub ctime_ns: u64,
    pub atime_ns: u64,
    pub ino: u64,
    pub nlink: u64,
}

impl Node {
    /// What this directory entry costs on disk. A hard-linked name costs the overhead of a
    /// name only; its content is charged once, with the inode (see [`Node::content_cost`]).
    fn cost(&self) -> u64 {
        if self.meta.base {
            return 0;
        }
        cost::NODE_DISK_OVERHEAD + self.content_cost()
    }

    fn content_cost(&self) -> u64 {
        if self.meta.base {
            return 0;
        }
        match &self.kind {
            Kind::File(d) => d.len() as u64,
            Kind::Symlink(t) => t.len() as u64,
            Kind::Dir(_) | Kind::Link(_) => 0,
        }
    }

    fn subtree_cost(&self) -> u64 {
        let mut total = self.cost();
        if let Kind::Dir(children) = &self.kind {
            for child in children.values() {
                total += child.subtree_cost();
            }
        }
        total
    }

    /// The type of a resolved node (one [`Vfs::get`] returned). A hard-linked name that was
    /// not resolved reads as a file.
    pub fn file_type(&self) -> FileType {
        match self.kind {
            Kind::File(_) | Kind::Link(_) => FileType::File,
            Kind::Dir(_) => FileType::Dir,
            Kind::Symlink(_) => FileType::Symlink,
        }
    }

    /// The `stat` of a resolved node (one [`Vfs::get`] returned).
    pub fn stat(&self) -> Stat {
        let (size, nlink) = match &self.kind {
            Kind::File(d) => (d.len() as u64, self.meta.links),
            Kind::Symlink(t) => (t.len() as u64, self.meta.links),
            Kind::Link(_) => (0, self.meta.links),
            Kind::Dir(c) => (
                4096,
                2 + c
                    .values()
                    .filter(|n| matches!(n.kind, Kind::Dir(_)))
                    .count() as u64,
            ),
        };
        Stat {
            file_type: self.file_type(),
            mode: self.meta.mode,
            uid: self.meta.uid,
            gid: self.meta.gid,
            size,
            mtime_ns: self.meta.mtime_ns,
            ctime_ns: self.meta.ctime_ns,
            atime_ns: self.meta.atime_ns,
            ino: self.meta.ino,
            nlink,
        }
    }
}

/// How [`Vfs::write_file`] treats existing content.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteMode {
    /// Replace the content (create if missing).
    Truncate,
    /// Add to the end (create if missing).
    Append,
    /// Fail with `Exists` if the path exists (`set -o noclobber`, `mktemp`).
    CreateNew,
}

/// The result of resolving a path whose last component may not exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// The canonical components of an existing node.
    Found(Vec<Name>),
    /// The parent exists (canonical components given); the last name does not.
    Missing { parent: Vec<Name>, name: Name },
}

/// One change between two snapshots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub path: Vec<u8>,
    pub kind: ChangeKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeKind {
    Added,
    Modified,
    Deleted,
}

/// The filesystem of one machine.
#[derive(Clone, Debug)]
pub struct Vfs {
    root: Node,
    /// The inodes that have more than one name, by inode number; their names are
    /// `Kind::Link` entries. Persistent like the tree, so snapshots stay O(1).
    shared: OrdMap<u64, Node>,
    usage: u64,
    quota: u64,
    next_ino: u64,
    /// Wall-clock time stamped on changes (set by the owner from the virtual clock).
    now_ns: u64,
}

fn join_components(comps: &[Name]) -> Vec<u8> {
    if comps.is_empty() {
        return b"/".to_vec();
    }
    let mut out = Vec::new();
    for c in comps {
        out.push(b'/');
        out.extend_from_slice(c);
    }
    out
}

/// `/etc` in the base image: the one user and group `id` reports, the host name, loopback
/// names, the shells, and an os-release that says plainly which system this is.
const BASE_ETC_FILES: [(&str, &str); 6] = [
    ("/etc/passwd", "root:x:0:0:root:/root:/bin/bash\n"),
    ("/etc/group", "root:x:0:\n"),
    ("/etc/hostname", "shellsim\n"),
    (
        "/etc/hosts",
        "127.0.0.1\tlocalhost\n127.0.1.1\tshellsim\n::1\tlocalhost ip6-localhost ip6-loopback\n",
    ),
    ("/etc/shells", "/bin/sh\n/bin/bash\n"),
    (
        "/etc/os-release",
        concat!(
            "NAME=\"shellsim\"\n",
            "PRETTY_NAME=\"shellsim ",
            env!("CARGO_PKG_VERSION"),
            " (simulated Linux; no package manager)\"\n",
            "ID=shellsim\n",
            "VERSION_ID=\"",
            env!("CARGO_PKG_VERSION"),
            "\"\n",
        ),
    ),
];

impl Vfs {
    /// A filesystem with the base image: `/`, `/root`, `/tmp` (1777), `/work`, `/bin`,
    /// `/usr/bin`, `/etc`, `/home`, `/dev`, `/proc`. The base image costs no disk.
    pub fn new(quota: u64, now_ns: u64) -> Vfs {
        let mut vfs = Vfs {
            root: Node {
                meta: Meta {
                    mode: 0o755,
                    uid: 0,
                    gid: 0,
                    mtime_ns: now_ns,
                    ctime_ns: now_ns,
                    atime_ns: now_ns,
                    ino: 1,
                    links: 1,
                    base: true,
                },
                kind: Kind::Dir(OrdMap::new()),
            },
            shared: OrdMap::new(),
            usage: 0,
            // The base image is free: build it without a quota, then apply the real one.
            quota: u64::MAX,
            next_ino: 2,
            now_ns,
        };
        for (dir, mode) in [
            ("/bin", 0o755),
            ("/dev", 0o755),
            ("/etc", 0o755),
            ("/home", 0o755),
            ("/proc", 0o555),
            ("/root", 0o700),
            ("/tmp", 0o1777),
            ("/usr", 0o755),
            ("/usr/bin", 0o755),
            ("/usr/local", 0o755),
            ("/usr/local/bin", 0o755),
            ("/work", 0o755),
        ] {
            vfs.mkdir(dir.as_bytes(), mode).expect("base image");
            vfs.mark_base(dir.as_bytes());
        }
        // Device names, so `ls`/`stat`/`test -e` see them. Opening them goes through the
        // process layer, which serves the real devices; writes through the VFS are discarded.
        for dev in [
            "null", "zero", "full", "random", "urandom", "tty", "stdin", "stdout", "stderr",
        ] {
            let p = format!("/dev/{dev}");
            vfs.write_file_mode(p.as_bytes(), b"", WriteMode::Truncate, 0o666)
                .expect("base image");
            vfs.mark_base(p.as_bytes());
        }
        // The files programs read to learn about the machine, consistent with what `id`,
        // `hostname` and `uname` report.
        for (file, text) in BASE_ETC_FILES {
            vfs.write_file_mode(file.as_bytes(), text.as_bytes(), WriteMode::Truncate, 0o644)
                .expect("base image");
            vfs.mark_base(file.as_bytes());
        }
        vfs.quota = quota;
        vfs
    }

    fn mark_base(&mut self, path: &[u8]) {
        let comps: Vec<Name> = path::components(path).map(|c| c.to_vec()).collect();
        if let Ok(node) = self.node_mut(&comps) {
            let before = node.cost();
            node.meta.base = true;
            self.usage -= before;
        }
    }

    pub fn set_time(&mut self, wall_ns: u64) {
        self.now_ns = wall_ns;
    }

    pub fn usage(&self) -> u64 {
        self.usage
    }

    pub fn quota(&self) -> u64 {
        self.quota
    }

    fn alloc_ino(&mut self) -> u64 {
        let ino = self.next_ino;
        self.next_ino += 1;
        ino
    }

    fn new_meta(&mut self, mode: u32) -> Meta {
        let now = self.now_ns;
        Meta {
            mode: mode & 0o7777,
            uid: 0,
            gid: 0,
            mtime_ns: now,
            ctime_ns: now,
            atime_ns: now,
            ino: self.alloc_ino(),
            links: 1,
            base: false,
        }
    }

    fn check_path(path: &[u8]) -> Result<(), VfsError> {
        if path.is_empty() {
            return Err(VfsError::NotFound);
        }
        if path.len() > MAX_PATH_LEN {
            return Err(VfsError::NameTooLong);
        }
        if path.contains(&0) {
            return Err(VfsError::InvalidArgument);
        }
        if path[0] != b'/' {
            return Err(VfsError::InvalidArgument);
        }
        Ok(())
    }

    /// Resolves `path`. With `follow_last`, a symlink in the final position is followed too.
    /// Intermediate symlinks are always followed; `..` is resolved physically (after symlinks).
    pub fn lookup(&self, path: &[u8], follow_last: bool) -> Result<Lookup, VfsError> {
        Self::check_path(path)?;
        let trailing_slash = path.len() > 1 && path.ends_with(b"/");
        let follow_last = follow_last || trailing_slash;
        let mut pending: Vec<Name> = path::components(path).map(|c| c.to_vec()).collect();
        pending.reverse();
        let mut stack: Vec<&Node> = vec![&self.root];
        let mut canon: Vec<Name> = Vec::new();
        let mut hops = 0u32;
        while let Some(comp) = pending.pop() {
            if comp.len() > MAX_NAME_LEN {
                return Err(VfsError::NameTooLong);
            }
            if comp == b"." {
                if !matches!(stack.last().map(|n| &n.kind), Some(Kind::Dir(_))) {
                    return Err(VfsError::NotDir);
                }
                continue;
            }
            if comp == b".." {
                if stack.len() > 1 {
                    stack.pop();
                    canon.pop();
                }
                continue;
            }
            let dir = stack.last().expect("root stays on the stack");
            let children = match &dir.kind {
                Kind::Dir(c) => c,
                _ => return Err(VfsError::NotDir),
            };
            match children.get(&comp) {
                None => {
                    if pending.is_empty() {
                        return Ok(Lookup::Missing {
                            parent: canon,
                            name: comp,
                        });
                    }
                    return Err(VfsError::NotFound);
                }
                Some(child) => {
                    let child = self.resolve(child);
                    if let Kind::Symlink(target) = &child.kind {
                        if follow_last || !pending.is_empty() {
                            hops += 1;
                            if hops > MAX_SYMLINK_HOPS {
                                return Err(VfsError::Loop);
                            }
                            if target.first() == Some(&b'/') {
                                stack.truncate(1);
                                canon.clear();
                            }
                            let mut parts: Vec<Name> =
                                path::components(target).map(|c| c.to_vec()).collect();
                            parts.reverse();
                            pending.extend(parts);
                            continue;
                        }
                    }
                    stack.push(child);
                    canon.push(comp);
                }
            }
        }
        if trailing_slash {
            if let Some(n) = stack.last() {
                if !matches!(n.kind, Kind::Dir(_)) {
                    return Err(VfsError::NotDir);
                }
            }
        }
        Ok(Lookup::Found(canon))
    }

    /// Resolves an existing path to its canonical absolute form (`realpath`).
    pub fn canonicalize(&self, path: &[u8]) -> Result<Vec<u8>, VfsError> {
        match self.lookup(path, true)? {
            Lookup::Found(c) => Ok(join_components(&c)),
            Lookup::Missing { .. } => Err(VfsError::NotFound),
        }
    }

    fn node_at(&self, comps: &[Name]) -> Option<&Node> {
        let mut node = &self.root;
        for c in comps {
            match &node.kind {
                Kind::Dir(children) => node = children.get(c)?,
                _ => return None,
            }
        }
        Some(node)
    }

    fn node_mut(&mut self, comps: &[Name]) -> Result<&mut Node, VfsError> {
        let mut node = &mut self.root;
        for c in comps {
            match &mut node.kind {
                Kind::Dir(children) => node = children.get_mut(c).ok_or(VfsError::NotFound)?,
                _ => return Err(VfsError::NotDir),
            }
        }
        Ok(node)
    }

    /// The node at `path` (following a final symlink when `follow`); a hard-linked name is
    /// resolved to its inode.
    pub fn get(&self, path: &[u8], follow: bool) -> Result<&Node, VfsError> {
        match self.lookup(path, follow)? {
            Lookup::Found(c) => self.inode_at(&c).ok_or(VfsError::NotFound),
            Lookup::Missing { .. } => Err(VfsError::NotFound),
        }
    }

    pub fn exists(&self, path: &[u8]) -> bool {
        self.get(path, true).is_ok()
    }

    pub fn stat(&self, path: &[u8]) -> Result<Stat, VfsError> {
        Ok(self.get(path, true)?.stat())
    }

    pub fn lstat(&self, path: &[u8]) -> Result<Stat, VfsError> {
        Ok(self.get(path, false)?.stat())
    }

    /// A file's content (shared, O(1)).
    pub fn read_file(&self, path: &[u8]) -> Result<Arc<Vec<u8>>, VfsError> {
        match &self.get(path, true)?.kind {
            Kind::File(d) => Ok(d.clone()),
            Kind::Dir(_) => Err(VfsError::IsDir),
            Kind::Symlink(_) | Kind::Link(_) => Err(VfsError::Loop),
        }
    }

    pub fn read_link(&self, path: &[u8]) -> Result<Vec<u8>, VfsError> {
        match &self.get(path, false)?.kind {
            Kind::Symlink(t) => Ok(t.to_vec()),
            _ => Err(VfsError::InvalidArgument),
        }
    }

    /// Sorted names in a directory.
    pub fn read_dir(&self, path: &[u8]) -> Result<Vec<(Name, FileType)>, VfsError> {
        match &self.get(path, true)?.kind {
            Kind::Dir(children) => Ok(children
                .iter()
                .map(|(k, v)| (k.clone(), self.resolve(v).file_type()))
                .collect()),
            _ => Err(VfsError::NotDir),
        }
    }

    fn charge(&mut self, old_cost: u64, new_cost: u64) -> Result<(), VfsError> {
        let next = self.usage - old_cost + new_cost;
        if new_cost > old_cost && next > self.quota {
            return Err(VfsError::NoSpace);
        }
        self.usage = next;
        Ok(())
    }

    fn touch_dir(&mut self, comps: &[Name]) {
        let now = self.now_ns;
        if let Ok(dir) = self.node_mut(comps) {
            dir.meta.mtime_ns = now;
            dir.meta.ctime_ns = now;
        }
    }

    fn insert_child(&mut self, parent: &[Name], name: Name, node: Node) -> Result<(), VfsError> {
        if name.len() > MAX_NAME_LEN {
            return Err(VfsError::NameTooLong);
        }
        let cost = node.subtree_cost();
        self.charge(0, cost)?;
        let dir = self.node_mut(parent)?;
        match &mut dir.kind {
            Kind::Dir(children) => {
                children.insert(name, node);
            }
            _ => return Err(VfsError::NotDir),
        }
        self.touch_dir(parent);
        Ok(())
    }

    /// Writes a regular file, following a final symlink (and creating its target if dangling).
    pub fn write_file(
        &mut self,
        path: &[u8],
        data: &[u8],
        mode: WriteMode,
    ) -> Result<(), VfsError> {
        self.write_file_mode(path, data, mode, 0o644)
    }

    /// Like [`Vfs::write_file`], with the permission bits a newly created file gets.
    pub fn write_file_mode(
        &mut self,
        path: &[u8],
        data: &[u8],
        mode: WriteMode,
        perm: u32,
    ) -> Result<(), VfsError> {
        match self.lookup(path, true)? {
            Lookup::Missing { parent, name } => {
                let meta = self.new_meta(perm);
                let node = Node {
                    meta,
                    kind: Kind::File(Arc::new(data.to_vec())),
                };
                self.insert_child(&parent, name, node)
            }
            Lookup::Found(comps) => {
                if mode == WriteMode::CreateNew {
                    return Err(VfsError::Exists);
                }
                let node = self.inode_at(&comps).ok_or(VfsError::NotFound)?;
                let old_len = match &node.kind {
                    Kind::File(d) => d.len() as u64,
                    Kind::Dir(_) => return Err(VfsError::IsDir),
                    Kind::Symlink(_) | Kind::Link(_) => return Err(VfsError::Loop),
                };
                let base = node.meta.base;
                if base {
                    // A device node in the base image (/dev/null and friends).
                    return Ok(());
                }
                let new_len = match mode {
                    WriteMode::Append => old_len + data.len() as u64,
                    _ => data.len() as u64,
                };
                if !base {
                    self.charge(old_len, new_len)?;
                }
                let now = self.now_ns;
                let node = self.inode_mut(&comps)?;
                if let Kind::File(content) = &mut node.kind {
                    match mode {
                        WriteMode::Append => Arc::make_mut(content).extend_from_slice(data),
                        _ => *content = Arc::new(data.to_vec()),
                    }
                }
                node.meta.mtime_ns = now;
                node.meta.ctime_ns = now;
                Ok(())
            }
        }
    }

    /// Writes `data` at `offset` of an existing file (extending it with zeros if needed).
    pub fn write_at(&mut self, path: &[u8], offset: u64, data: &[u8]) -> Result<(), VfsError> {
        let comps = match self.lookup(path, true)? {
            Lookup::Found(c) => c,
            Lookup::Missing { .. } => return Err(VfsError::NotFound),
        };
        let node = self.inode_at(&comps).ok_or(VfsError::NotFound)?;
        let old_len = match &node.kind {
            Kind::File(d) => d.len() as u64,
            Kind::Dir(_) => return Err(VfsError::IsDir),
            Kind::Symlink(_) | Kind::Link(_) => return Err(VfsError::Loop),
        };
        if node.meta.base {
            return Ok(());
        }
        let new_len = old_len.max(offset + data.len() as u64);
        if !node.meta.base {
            self.charge(old_len, new_len)?;
        }
        let now = self.now_ns;
        let node = self.inode_mut(&comps)?;
        if let Kind::File(content) = &mut node.kind {
            let c = Arc::make_mut(content);
            let off = offset as usize;
            if c.len() < off + data.len() {
                c.resize(off + data.len(), 0);
            }
            c[off..off + data.len()].copy_from_slice(data);
        }
        node.meta.mtime_ns = now;
        node.meta.ctime_ns = now;
        Ok(())
    }

    /// Sets a file's length (`truncate`), padding with zeros.
    pub fn truncate(&mut self, path: &[u8], len: u64) -> Result<(), VfsError> {
        let comps = match self.lookup(path, true)? {
            Lookup::Found(c) => c,
            Lookup::Missing { .. } => return Err(VfsError::NotFound),
        };
        let node = self.inode_at(&comps).ok_or(VfsError::NotFound)?;
        let old_len = match &node.kind {
            Kind::File(d) => d.len() as u64,
            Kind::Dir(_) => return Err(VfsError::IsDir),
            Kind::Symlink(_) | Kind::Link(_) => return Err(VfsError::Loop),
        };
        if !node.meta.base {
            self.charge(old_len, len)?;
        }
        let now = self.now_ns;
        let node = self.inode_mut(&comps)?;
        if let Kind::File(content) = &mut node.kind {
            Arc::make_mut(content).resize(len as usize, 0);
        }
        node.meta.mtime_ns = now;
        Ok(())
    }

    /// Creates one directory; the parent must exist.
    pub fn mkdir(&mut self, path: &[u8], mode: u32) -> Result<(), VfsError> {
        match self.lookup(path, false)? {
            Lookup::Found(_) => Err(VfsError::Exists),
            Lookup::Missing { parent, name } => {
                let meta = self.new_meta(mode);
                self.insert_child(
                    &parent,
                    name,
                    Node {
                        meta,
                        kind: Kind::Dir(OrdMap::new()),
                    },
                )
            }
        }
    }

    /// `mkdir -p`: creates missing ancestors; an existing directory is fine.
    pub fn mkdir_all(&mut self, path: &[u8], mode: u32) -> Result<(), VfsError> {
        Self::check_path(path)?;
        let mut prefix = Vec::new();
        for c in path::components(path) {
            prefix.push(b'/');
            prefix.extend_from_slice(c);
            match self.lookup(&prefix, true)? {
                Lookup::Found(comps) => {
                    if !matches!(self.inode_at(&comps).map(|n| &n.kind), Some(Kind::Dir(_))) {
                        return Err(VfsError::Exists);
                    }
                }
                Lookup::Missing { .. } => self.mkdir(&prefix, mode)?,
            }
        }
        Ok(())
    }

    /// Creates a symlink at `link` pointing to `target` (not resolved).
    pub fn symlink(&mut self, target: &[u8], link: &[u8]) -> Result<(), VfsError> {
        if target.contains(&0) || target.len() > MAX_PATH_LEN {
            return Err(VfsError::InvalidArgument);
        }
        match self.lookup(link, false)? {
            Lookup::Found(_) => Err(VfsError::Exists),
            Lookup::Missing { parent, name } => {
                let meta = self.new_meta(0o777);
                self.insert_child(
                    &parent,
                    name,
                    Node {
                        meta,
                        kind: Kind::Symlink(Arc::new(target.to_vec())),
                    },
                )
            }
        }
    }

    /// Removes a file, symlink or empty directory (`unlink`/`rmdir` semantics chosen by kind).
    pub fn remove(&mut self, path: &[u8]) -> Result<(), VfsError> {
        self.remove_inner(path, false)
    }

    /// Removes a path and everything below it.
    pub fn remove_tree(&mut self, path: &[u8]) -> Result<(), VfsError> {
        self.remove_inner(path, true)
    }

    fn remove_inner(&mut self, path: &[u8], recursive: bool) -> Result<(), VfsError> {
        let comps = match self.lookup(path, false)? {
            Lookup::Found(c) => c,
            Lookup::Missing { .. } => return Err(VfsError::NotFound),
        };
        let Some((name, parent)) = comps.split_last() else {
            return Err(VfsError::Busy);
        };
        let node = self.node_at(&comps).ok_or(VfsError::NotFound)?;
        if let Kind::Dir(children) = &node.kind {
            if !recursive && !children.is_empty() {
                return Err(VfsError::NotEmpty);
            }
        }
        let node = node.clone();
        let parent = parent.to_vec();
        let name = name.clone();
        let dir = self.node_mut(&parent)?;
        if let Kind::Dir(children) = &mut dir.kind {
            children.remove(&name);
        }
        let freed = self.release(&node);
        self.usage -= freed;
        self.touch_dir(&parent);
        Ok(())
    }

    /// Moves `from` to `to` (POSIX `rename`: replaces a file or an empty directory).
    pub fn rename(&mut self, from: &[u8], to: &[u8]) -> Result<(), VfsError> {
        let src = match self.lookup(from, false)? {
            Lookup::Found(c) => c,
            Lookup::Missing { .. } => return Err(VfsError::NotFound),
        };
        if src.is_empty() {
            return Err(VfsError::Busy);
        }
        let (dst_parent, dst_name) = match self.lookup(to, false)? {
            Lookup::Found(c) => {
                if c == src {
                    return Ok(());
                }
                // Two names of one inode: POSIX rename does nothing.
                if let (Some(Kind::Link(a)), Some(Kind::Link(b))) = (
                    self.node_at(&c).map(|n| &n.kind),
                    self.node_at(&src).map(|n| &n.kind),
                ) {
                    if a == b {
                        return Ok(());
                    }
                }
                let existing = self.inode_at(&c).ok_or(VfsError::NotFound)?;
                let src_node = self.inode_at(&src).ok_or(VfsError::NotFound)?;
                match (&src_node.kind, &existing.kind) {
                    (Kind::Dir(_), Kind::Dir(ch)) if !ch.is_empty() => {
                        return Err(VfsError::NotEmpty)
                    }
                    (Kind::Dir(_), Kind::Dir(_)) => {}
                    (Kind::Dir(_), _) => return Err(VfsError::NotDir),
                    (_, Kind::Dir(_)) => return Err(VfsError::IsDir),
                    _ => {}
                }
                let (n, p) = c.split_last().ok_or(VfsError::Busy)?;
                (p.to_vec(), n.clone())
            }
            Lookup::Missing { parent, name } => (parent, name),
        };
        if dst_parent.len() >= src.len() && dst_parent[..src.len()] == src[..] {
            return Err(VfsError::IntoItself);
        }
        // Detach the source, then replace or insert at the destination: cost is unchanged
        // except for a replaced node, which is freed.
        let node = self.node_at(&src).ok_or(VfsError::NotFound)?.clone();
        let (sname, sparent) = src.split_last().ok_or(VfsError::Busy)?;
        let (sname, sparent) = (sname.clone(), sparent.to_vec());
        if let Kind::Dir(children) = &mut self.node_mut(&sparent)?.kind {
            children.remove(&sname);
        }
        self.touch_dir(&sparent);
        let now = self.now_ns;
        let linked = match node.kind {
            Kind::Link(ino) => Some(ino),
            _ => None,
        };
        let dir = self.node_mut(&dst_parent)?;
        let mut replaced = None;
        if let Kind::Dir(children) = &mut dir.kind {
            let mut node = node;
            node.meta.ctime_ns = now;
            replaced = children.insert(dst_name, node);
        }
        if let Some(inode) = linked.and_then(|ino| self.shared.get_mut(&ino)) {
            inode.meta.ctime_ns = now;
        }
        if let Some(old) = replaced {
            let freed = self.release(&old);
            self.usage -= freed;
        }
        self.touch_dir(&dst_parent);
        Ok(())
    }

    /// Copies the node at `from` (following symlinks at the top when `follow`) to the missing
    /// path `to`, recursively. Charged as new nodes.
    pub fn copy_node(&mut self, from: &[u8], to: &[u8], follow: bool) -> Result<(), VfsError> {
        let node = self.get(from, follow)?.clone();
        match self.lookup(to, false)? {
            Lookup::Found(_) => Err(VfsError::Exists),
            Lookup::Missing { parent, name } => {
                let fresh = self.refresh_subtree(node);
                self.insert_child(&parent, name, fresh)
            }
        }
    }

    /// A copy of `node` made of new inodes: each name of the copy is a file of its own, so a
    /// hard-linked name becomes a plain copy of its inode.
    fn refresh_subtree(&mut self, node: Node) -> Node {
        let mut node = self.resolve(&node).clone();
        node.meta.ino = self.alloc_ino();
        node.meta.links = 1;
        node.meta.base = false;
        if let Kind::Dir(children) = &node.kind {
            let mut fresh = OrdMap::new();
            for (k, v) in children.iter() {
                fresh.insert(k.clone(), self.refresh_subtree(v.clone()));
            }
            node.kind = Kind::Dir(fresh);
        }
        node
    }

    pub fn chmod(&mut self, path: &[u8], mode: u32) -> Result<(), VfsError> {
        let comps = self.found(path, true)?;
        let now = self.now_ns;
        let node = self.inode_mut(&comps)?;
        node.meta.mode = mode & 0o7777;
        node.meta.ctime_ns = now;
        Ok(())
    }

    pub fn chown(
        &mut self,
        path: &[u8],
        uid: Option<u32>,
        gid: Option<u32>,
        follow: bool,
    ) -> Result<(), VfsError> {
        let comps = self.found(path, follow)?;
        let node = self.inode_mut(&comps)?;
        if let Some(u) = uid {
            node.meta.uid = u;
        }
        if let Some(g) = gid {
            node.meta.gid = g;
        }
        Ok(())
    }

    pub fn set_times(
        &mut self,
        path: &[u8],
        atime_ns: Option<u64>,
        mtime_ns: Option<u64>,
    ) -> Result<(), VfsError> {
        self.set_times_at(path, atime_ns, mtime_ns, true)
    }

    /// [`Vfs::set_times`] with a choice to set a final symlink's own times (`lutimes`).
    pub fn set_times_at(
        &mut self,
        path: &[u8],
        atime_ns: Option<u64>,
        mtime_ns: Option<u64>,
        follow: bool,
    ) -> Result<(), VfsError> {
        let comps = self.found(path, follow)?;
        let node = self.inode_mut(&comps)?;
        if let Some(a) = atime_ns {
            node.meta.atime_ns = a;
        }
        if let Some(m) = mtime_ns {
            node.meta.mtime_ns = m;
        }
        Ok(())
    }

    fn found(&self, path: &[u8], follow: bool) -> Result<Vec<Name>, VfsError> {
        match self.lookup(path, follow)? {
            Lookup::Found(c) => Ok(c),
            Lookup::Missing { .. } => Err(VfsError::NotFound),
        }
    }

    /// Every path under `root` (inclusive), sorted, depth-first.
    pub fn walk(&self, root: &[u8]) -> Result<Vec<(Vec<u8>, FileType)>, VfsError> {
        let node = self.get(root, false)?;
        let mut out = Vec::new();
        let base = path::normalize(root);
        fn rec(vfs: &Vfs, path: &[u8], node: &Node, out: &mut Vec<(Vec<u8>, FileType)>) {
            out.push((path.to_vec(), vfs.resolve(node).file_type()));
            if let Kind::Dir(children) = &node.kind {
                for (name, child) in children.iter() {
                    let p = path::join(path, name);
                    rec(vfs, &p, child, out);
                }
            }
        }
        rec(self, &base, node, &mut out);
        Ok(out)
    }
}

#[cfg(test)]
mod tests;
