//! Harness file operations: read, write, stat, list, diff and reset files of the workspace
//! (`/work`) directly, without running a command.
//!
//! Every path is confined to `/work`: a relative path is taken from `/work`, and a path that
//! leaves it — lexically (`..`) or through a symbolic link — is refused before anything is
//! read or changed. Changes are charged to the disk quota like any other write.

use super::environment::Environment;
use crate::vfs::{self, path, ChangeKind, FileType, Kind, Vfs, VfsError, WriteMode};

/// The directory harness file operations are confined to.
pub const WORKSPACE: &[u8] = b"/work";

/// Why a harness file operation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorkspaceError {
    /// The path is (or resolves) outside `/work`.
    OutsideWorkspace(Vec<u8>),
    /// The path contains a NUL byte.
    Nul,
    /// A filesystem error on the path.
    Vfs(Vec<u8>, VfsError),
    /// Mode bits beyond 0o7777.
    BadMode(u32),
}

impl std::fmt::Display for WorkspaceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WorkspaceError::OutsideWorkspace(p) => write!(
                f,
                "{}: harness file operations are confined to /work",
                String::from_utf8_lossy(p)
            ),
            WorkspaceError::Nul => f.write_str("paths cannot contain a NUL byte"),
            WorkspaceError::Vfs(p, e) => write!(f, "{}: {e}", String::from_utf8_lossy(p)),
            WorkspaceError::BadMode(m) => write!(f, "mode {m:#o} is beyond 0o7777"),
        }
    }
}

/// Metadata of one node, as `stat_path` and `workspace_diff` show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeInfo {
    pub path: Vec<u8>,
    pub file_type: FileType,
    pub mode: u32,
    pub uid: u32,
    pub gid: u32,
    pub size: u64,
    pub mtime_ns: u64,
    /// A symbolic link's target.
    pub target: Option<Vec<u8>>,
}

/// One path that differs between a baseline and now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkspaceChange {
    pub path: Vec<u8>,
    pub kind: ChangeKind,
    pub before: Option<NodeContent>,
    pub after: Option<NodeContent>,
}

/// A node's content for a diff.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeContent {
    File { mode: u32, data: Vec<u8> },
    Dir { mode: u32 },
    Symlink { mode: u32, target: Vec<u8> },
}

fn is_within(p: &[u8]) -> bool {
    p == WORKSPACE || (p.starts_with(WORKSPACE) && p.get(WORKSPACE.len()) == Some(&b'/'))
}

impl Environment {
    /// The absolute, normalised form of `p` if it stays inside `/work` (following symbolic
    /// links in the parent directories, and in the last component with `follow_last`).
    pub fn workspace_path(&self, p: &[u8], follow_last: bool) -> Result<Vec<u8>, WorkspaceError> {
        if p.contains(&0) {
            return Err(WorkspaceError::Nul);
        }
        let abs = path::normalize(&path::join(WORKSPACE, p));
        if !is_within(&abs) {
            return Err(WorkspaceError::OutsideWorkspace(p.to_vec()));
        }
        let vfs = self.kernel.vfs.borrow();
        let resolved = match vfs.lookup(&abs, follow_last) {
            Ok(vfs::Lookup::Found(comps)) => join(&comps),
            Ok(vfs::Lookup::Missing { parent, name }) => path::join(&join(&parent), &name),
            // A missing parent: nothing resolves outside; the operation reports the error.
            Err(_) => abs.clone(),
        };
        if !is_within(&resolved) {
            return Err(WorkspaceError::OutsideWorkspace(p.to_vec()));
        }
        Ok(abs)
    }

    fn vfs_err(p: &[u8]) -> impl Fn(VfsError) -> WorkspaceError + '_ {
        move |e| WorkspaceError::Vfs(p.to_vec(), e)
    }

    /// A file's content and permission bits.
    pub fn workspace_read(&self, p: &[u8]) -> Result<(Vec<u8>, u32), WorkspaceError> {
        let abs = self.workspace_path(p, true)?;
        let vfs = self.kernel.vfs.borrow();
        let data = vfs.read_file(&abs).map_err(Self::vfs_err(p))?;
        let mode = vfs.stat(&abs).map_err(Self::vfs_err(p))?.mode;
        Ok((data.to_vec(), mode))
    }

    /// Writes a file (replacing its content), creating missing parent directories; a new
    /// file gets `mode`, an existing one is set to it.
    pub fn workspace_write(
        &mut self,
        p: &[u8],
        data: &[u8],
        mode: u32,
    ) -> Result<(), WorkspaceError> {
        if mode > 0o7777 {
            return Err(WorkspaceError::BadMode(mode));
        }
        let abs = self.workspace_path(p, true)?;
        let mut vfs = self.kernel.vfs.borrow_mut();
        let before = vfs.clone();
        let r = (|| {
            vfs.mkdir_all(&path::parent(&abs), 0o755)?;
            vfs.write_file_mode(&abs, data, WriteMode::Truncate, mode)?;
            vfs.chmod(&abs, mode)
        })();
        if r.is_err() {
            // All or nothing: no parent directories are left behind.
            *vfs = before;
        }
        drop(vfs);
        self.kernel.sync_disk();
        r.map_err(Self::vfs_err(p))
    }

    pub fn workspace_mkdir(
        &mut self,
        p: &[u8],
        mode: u32,
        parents: bool,
    ) -> Result<(), WorkspaceError> {
        if mode > 0o7777 {
            return Err(WorkspaceError::BadMode(mode));
        }
        let abs = self.workspace_path(p, true)?;
        let r = {
            let mut vfs = self.kernel.vfs.borrow_mut();
            if parents {
                vfs.mkdir_all(&abs, mode)
            } else {
                vfs.mkdir(&abs, mode)
            }
        };
        self.kernel.sync_disk();
        r.map_err(Self::vfs_err(p))
    }

    pub fn workspace_symlink(&mut self, p: &[u8], target: &[u8]) -> Result<(), WorkspaceError> {
        if target.contains(&0) {
            return Err(WorkspaceError::Nul);
        }
        let abs = self.workspace_path(p, false)?;
        let r = self.kernel.vfs.borrow_mut().symlink(target, &abs);
        self.kernel.sync_disk();
        r.map_err(Self::vfs_err(p))
    }

    /// Removes a path and everything below it (not `/work` itself).
    pub fn workspace_remove(&mut self, p: &[u8]) -> Result<(), WorkspaceError> {
        let abs = self.workspace_path(p, false)?;
        if abs == WORKSPACE {
            return Err(WorkspaceError::Vfs(p.to_vec(), VfsError::Busy));
        }
        let r = self.kernel.vfs.borrow_mut().remove_tree(&abs);
        self.kernel.sync_disk();
        r.map_err(Self::vfs_err(p))
    }

    pub fn workspace_stat(&self, p: &[u8], follow: bool) -> Result<NodeInfo, WorkspaceError> {
        let abs = self.workspace_path(p, follow)?;
        let vfs = self.kernel.vfs.borrow();
        let st = if follow {
            vfs.stat(&abs)
        } else {
            vfs.lstat(&abs)
        }
        .map_err(Self::vfs_err(p))?;
        let target = (st.file_type == FileType::Symlink)
            .then(|| vfs.read_link(&abs).ok())
            .flatten();
        Ok(NodeInfo {
            path: abs,
            file_type: st.file_type,
            mode: st.mode,
            uid: st.uid,
            gid: st.gid,
            size: st.size,
            mtime_ns: st.mtime_ns,
            target,
        })
    }

    /// Every path under `root` (inclusive), sorted, depth-first.
    pub fn workspace_list(&self, root: &[u8]) -> Result<Vec<(Vec<u8>, FileType)>, WorkspaceError> {
        let abs = self.workspace_path(root, true)?;
        self.kernel
            .vfs
            .borrow()
            .walk(&abs)
            .map_err(Self::vfs_err(root))
    }

    /// What changed in `/work` since `baseline`, sorted by path, with each side's content.
    /// Subtrees the two share are skipped, so the cost follows the change.
    pub fn workspace_diff(&self, baseline: &Vfs) -> Vec<WorkspaceChange> {
        let vfs = self.kernel.vfs.borrow();
        vfs.diff(baseline, WORKSPACE)
            .into_iter()
            .map(|c| WorkspaceChange {
                before: (c.kind != ChangeKind::Added)
                    .then(|| content(baseline, &c.path))
                    .flatten(),
                after: (c.kind != ChangeKind::Deleted)
                    .then(|| content(&vfs, &c.path))
                    .flatten(),
                path: c.path,
                kind: c.kind,
            })
            .collect()
    }

    /// Applies a patch (a unified diff, or the `*** Begin Patch` format) to `/work`, all or
    /// nothing, charging the CPU it takes. Returns the changed paths, sorted. Running out of
    /// CPU while matching ends the session like any exhaustion.
    pub fn workspace_patch(
        &mut self,
        patch: &[u8],
        strip: usize,
    ) -> Result<Vec<crate::commands::patch::ChangedPath>, crate::commands::patch::PatchError> {
        let k = self.kernel.clone();
        let r = {
            let mut vfs = k.vfs.borrow_mut();
            crate::commands::patch::apply_to_vfs(&mut vfs, WORKSPACE, patch, strip, &mut |u| {
                k.meter.charge_cpu(u)
            })
        };
        k.sync_disk();
        if let Some(reason) = k.meter.stopped() {
            self.mark_exhausted(reason);
        }
        r
    }

    /// Puts `/work` back as it was in `baseline` (an O(1) swap of the subtree; usage is
    /// adjusted in proportion to the change). Only files under `/work`: other directories,
    /// variables, the clock and usage counters are left as they are. A working directory
    /// that no longer exists becomes `/work`.
    pub fn workspace_reset(&mut self, baseline: &Vfs) -> Result<(), WorkspaceError> {
        let r = self
            .kernel
            .vfs
            .borrow_mut()
            .restore_subtree(baseline, WORKSPACE);
        r.map_err(Self::vfs_err(WORKSPACE))?;
        self.kernel.sync_disk();
        let cwd = self.cwd();
        let exists = self
            .kernel
            .vfs
            .borrow()
            .stat(&cwd)
            .is_ok_and(|s| s.file_type == FileType::Dir);
        if !exists && self.active.is_none() {
            self.set_cwd(WORKSPACE).ok();
        }
        Ok(())
    }
}

fn join(comps: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for c in comps {
        out.push(b'/');
        out.extend_from_slice(c);
    }
    if out.is_empty() {
        out.push(b'/');
    }
    out
}

fn content(vfs: &Vfs, p: &[u8]) -> Option<NodeContent> {
    let node = vfs.get(p, false).ok()?;
    let mode = node.meta.mode;
    Some(match &node.kind {
        Kind::File(d) => NodeContent::File {
            mode,
            data: d.to_vec(),
        },
        Kind::Dir(_) => NodeContent::Dir { mode },
        Kind::Symlink(t) => NodeContent::Symlink {
            mode,
            target: t.to_vec(),
        },
        // `get` resolves a hard-linked name to its inode, so this is never seen.
        Kind::Link(_) => return None,
    })
}
