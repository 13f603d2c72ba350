//! The all-or-nothing patch engine, for callers outside the `patch` command (the harness's
//! protocol layer applies an agent's edits with it).
//!
//! [`apply_to_vfs`] reads a unified diff or a `*** Begin Patch` patch, computes every file's new
//! content on a copy of the filesystem (a `Vfs` clone is O(1)), and only when every file and
//! every hunk applied does it replace the caller's filesystem with the copy. On any failure the
//! caller's filesystem is untouched and the error names the file and the hunk. Hunks are placed
//! exactly, at the nearest offset from where they say they are (no fuzz).
//!
//! Use from a layer that owns a kernel (`tests/library.rs` runs this):
//!
//! ```text
//! let k = env.kernel();
//! let changed = {
//!     let mut vfs = k.vfs.borrow_mut();
//!     apply_to_vfs(&mut vfs, b"/work", patch_text, 1, &mut |u| k.meter.charge_cpu(u))
//! };
//! k.sync_disk(); // mirror the new disk usage into the meter
//! match changed {
//!     Ok(paths) => { /* each ChangedPath { path, kind: Added | Modified | Deleted } */ }
//!     Err(e) => { /* nothing changed; e names the file and the hunk */ }
//! }
//! ```

use super::agent::{self, Op};
use super::apply::{Charge, Target};
use super::names::{self, NameField};
use super::parse::{self, Fatal, FilePatch};
use crate::limits::{cost, Exhausted, StopReason};
use crate::vfs::{path, ChangeKind, FileType, Lookup, Vfs, VfsError, WriteMode};
use std::collections::BTreeMap;
use std::fmt;

/// A path the patch changed (absolute), and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChangedPath {
    pub path: Vec<u8>,
    pub kind: ChangeKind,
}

/// Why a patch was not applied. Nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatchError {
    /// The patch text is not a patch this engine reads (line 1-based; 0 when not known).
    Parse { line: usize, message: String },
    /// A file the patch changes, moves or deletes does not exist.
    Missing { path: Vec<u8> },
    /// A file the patch creates already exists (and is not empty).
    Exists { path: Vec<u8> },
    /// A hunk (1-based, in the order of the file's part of the patch) does not apply.
    Hunk {
        path: Vec<u8>,
        hunk: usize,
        message: String,
    },
    /// A name in the patch leads outside the base directory.
    OutsideBase { path: Vec<u8> },
    /// The filesystem refused a change (the disk quota, a directory in the way, ...).
    Vfs { path: Vec<u8>, error: VfsError },
    /// The CPU budget ran out while matching.
    Exhausted(StopReason),
}

impl From<Exhausted> for PatchError {
    fn from(e: Exhausted) -> Self {
        PatchError::Exhausted(e.0)
    }
}

impl fmt::Display for PatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |p: &[u8]| String::from_utf8_lossy(p).into_owned();
        match self {
            PatchError::Parse { line, message } if *line > 0 => {
                write!(f, "patch line {line}: {message}")
            }
            PatchError::Parse { message, .. } => f.write_str(message),
            PatchError::Missing { path } => write!(f, "{}: no such file to patch", show(path)),
            PatchError::Exists { path } => {
                write!(
                    f,
                    "{}: the patch creates it, but it already exists",
                    show(path)
                )
            }
            PatchError::Hunk {
                path,
                hunk,
                message,
            } => write!(f, "{}: hunk #{hunk} does not apply: {message}", show(path)),
            PatchError::OutsideBase { path } => {
                write!(
                    f,
                    "{}: outside the directory the patch applies to",
                    show(path)
                )
            }
            PatchError::Vfs { path, error } => write!(f, "{}: {}", show(path), error),
            PatchError::Exhausted(r) => write!(f, "{}", r.describe()),
        }
    }
}

impl std::error::Error for PatchError {}

/// Applies `patch_text` to the files under `base_dir` (relative names in the patch are taken
/// from there), all or nothing. `strip` is `-p`: leading components removed from unified-diff
/// names (1 for `a/` `b/` prefixes; ignored by the `*** Begin Patch` format). `charge` is
/// called with CPU units as the work is done (the meter's `charge_cpu`); when it fails the
/// patch stops with [`PatchError::Exhausted`] and nothing changes.
///
/// Returns the changed paths, sorted.
pub fn apply_to_vfs(
    vfs: &mut Vfs,
    base_dir: &[u8],
    patch_text: &[u8],
    strip: usize,
    charge: &mut Charge,
) -> Result<Vec<ChangedPath>, PatchError> {
    charge(cost::per_bytes(
        patch_text.len(),
        256,
        cost::SCAN_PER_256_BYTES,
    ))?;
    let mut e = Edit {
        work: vfs.clone(),
        changes: BTreeMap::new(),
    };
    if agent::detect(patch_text) {
        apply_agent(&mut e, base_dir, patch_text, charge)?;
    } else {
        apply_unified(&mut e, base_dir, patch_text, strip, charge)?;
    }
    *vfs = e.work;
    Ok(e.changes
        .into_iter()
        .map(|(path, kind)| ChangedPath { path, kind })
        .collect())
}

/// The copy being changed and what changed in it.
struct Edit {
    work: Vfs,
    changes: BTreeMap<Vec<u8>, ChangeKind>,
}

impl Edit {
    fn note(&mut self, p: &[u8], kind: ChangeKind) {
        use ChangeKind::{Added, Deleted, Modified};
        let merged = match (self.changes.get(p).copied(), kind) {
            (None, k) => Some(k),
            (Some(Added), Deleted) => None,
            (Some(Added), _) => Some(Added),
            (Some(Deleted), Added | Modified) => Some(Modified),
            (Some(_), k) => Some(k),
        };
        match merged {
            Some(k) => self.changes.insert(p.to_vec(), k),
            None => self.changes.remove(p),
        };
    }

    /// A regular file's content; `None` when nothing is there.
    fn read(&self, p: &[u8]) -> Result<Option<Vec<u8>>, PatchError> {
        match self.work.read_file(p) {
            Ok(d) => Ok(Some(d.to_vec())),
            Err(VfsError::NotFound) | Err(VfsError::NotDir) => Ok(None),
            Err(error) => Err(PatchError::Vfs {
                path: p.to_vec(),
                error,
            }),
        }
    }

    fn write(&mut self, p: &[u8], data: &[u8]) -> Result<(), PatchError> {
        let existed = self.work.lstat(p).is_ok();
        let fail = |error| PatchError::Vfs {
            path: p.to_vec(),
            error,
        };
        self.work.mkdir_all(&path::parent(p), 0o755).map_err(fail)?;
        self.work
            .write_file(p, data, WriteMode::Truncate)
            .map_err(fail)?;
        self.note(
            p,
            if existed {
                ChangeKind::Modified
            } else {
                ChangeKind::Added
            },
        );
        Ok(())
    }

    fn remove(&mut self, p: &[u8]) -> Result<(), PatchError> {
        if self
            .work
            .lstat(p)
            .is_ok_and(|s| s.file_type == FileType::Dir)
        {
            return Err(PatchError::Vfs {
                path: p.to_vec(),
                error: VfsError::IsDir,
            });
        }
        self.work.remove(p).map_err(|error| PatchError::Vfs {
            path: p.to_vec(),
            error,
        })?;
        self.note(p, ChangeKind::Deleted);
        Ok(())
    }
}

/// A name from the patch as an absolute path, which must stay under `base` — lexically and
/// once symbolic links in the filesystem as it is now are followed (a link inside the base
/// that points out of it must not carry a write or a read outside).
fn absolute(vfs: &Vfs, base: &[u8], name: &[u8]) -> Result<Vec<u8>, PatchError> {
    let p = path::normalize(&path::join(base, name));
    let root = path::normalize(base);
    let within = |q: &[u8]| {
        root == b"/" || (q.starts_with(&root) && (q.len() == root.len() || q[root.len()] == b'/'))
    };
    let resolved = match vfs.lookup(&p, true) {
        Ok(Lookup::Found(comps)) => Some(join_comps(&comps)),
        Ok(Lookup::Missing { parent, name }) => Some(path::join(&join_comps(&parent), &name)),
        Err(_) => None,
    };
    if within(&p) && resolved.as_deref().is_none_or(within) {
        Ok(p)
    } else {
        Err(PatchError::OutsideBase { path: p })
    }
}

fn join_comps(comps: &[Vec<u8>]) -> Vec<u8> {
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

fn apply_agent(
    e: &mut Edit,
    base: &[u8],
    text: &[u8],
    charge: &mut Charge,
) -> Result<(), PatchError> {
    let ops = agent::parse(text).map_err(|s| PatchError::Parse {
        line: s.line,
        message: s.message,
    })?;
    for op in ops {
        match op {
            Op::Add { path, lines } => {
                let p = absolute(&e.work, base, &path)?;
                if e.work.lstat(&p).is_ok() {
                    return Err(PatchError::Exists { path: p });
                }
                e.write(&p, &agent::from_lines(&lines))?;
            }
            Op::Delete { path } => {
                let p = absolute(&e.work, base, &path)?;
                if e.read(&p)?.is_none() {
                    return Err(PatchError::Missing { path: p });
                }
                e.remove(&p)?;
            }
            Op::Update {
                path,
                move_to,
                chunks,
            } => {
                let p = absolute(&e.work, base, &path)?;
                let Some(data) = e.read(&p)? else {
                    return Err(PatchError::Missing { path: p });
                };
                let out = match agent::update(&data, &chunks, charge)? {
                    Ok(out) => out,
                    Err(c) => {
                        return Err(PatchError::Hunk {
                            path: p,
                            hunk: c.chunk,
                            message: c.message,
                        })
                    }
                };
                let dest = match move_to {
                    Some(m) => Some(absolute(&e.work, base, &m)?),
                    None => None,
                };
                match dest {
                    Some(dest) if dest != p => {
                        e.write(&dest, &out)?;
                        e.remove(&p)?;
                    }
                    _ => e.write(&p, &out)?,
                }
            }
        }
    }
    Ok(())
}

fn fatal_error(f: &Fatal, lines: usize) -> PatchError {
    let line = match f {
        Fatal::Malformed { line_no, .. } => *line_no,
        Fatal::UnexpectedEof => lines,
        Fatal::Unsupported(_) => 0,
    };
    let message = String::from_utf8_lossy(f.message().trim_ascii_end()).into_owned();
    PatchError::Parse { line, message }
}

/// A side's name once stripped (`None` for `/dev/null` and the like).
fn side_name(f: &Option<NameField>, git: Option<&[u8]>, strip: usize) -> Option<Vec<u8>> {
    match f {
        Some(n) if n.nonexistent => None,
        Some(n) => names::strip_components(&n.name, strip),
        None => git.and_then(|g| names::strip_components(g, strip)),
    }
}

/// Applies the hunks exactly (offsets allowed, no fuzz).
fn apply_hunks(
    fp: &FilePatch,
    data: &[u8],
    shown: &[u8],
    charge: &mut Charge,
) -> Result<Vec<u8>, PatchError> {
    let mut t = Target::new(data);
    for (k, h) in fp.hunks.iter().enumerate() {
        let hunk_err = |message: String| PatchError::Hunk {
            path: shown.to_vec(),
            hunk: k + 1,
            message,
        };
        let Some(at) = t.locate(h, 0, charge)? else {
            return Err(hunk_err(format!(
                "its lines (expected at line {}) are not in the file",
                h.old_first
            )));
        };
        if t.apply(h, at).is_err() {
            return Err(hunk_err("it overlaps the previous hunk".into()));
        }
    }
    t.settle(charge)?;
    let out = t.finish();
    charge(cost::per_bytes(out.len(), 256, cost::SCAN_PER_256_BYTES))?;
    Ok(out)
}

fn apply_unified(
    e: &mut Edit,
    base: &[u8],
    text: &[u8],
    strip: usize,
    charge: &mut Charge,
) -> Result<(), PatchError> {
    let p = parse::parse(text, false);
    if let Some(f) = p.first_fatal() {
        return Err(fatal_error(f, parse::split_lines(text).len()));
    }
    if p.files.is_empty() {
        return Err(PatchError::Parse {
            line: 0,
            message: "no diff found in the patch".into(),
        });
    }
    for fp in &p.files {
        let git = fp.git.as_ref();
        if git.is_some_and(|g| g.binary) {
            return Err(PatchError::Parse {
                line: fp.first_hunk_line,
                message: "git binary diffs are not supported".into(),
            });
        }
        let old_gone =
            fp.old.as_ref().is_some_and(|n| n.nonexistent) || git.is_some_and(|g| g.created);
        let new_gone =
            fp.new.as_ref().is_some_and(|n| n.nonexistent) || git.is_some_and(|g| g.deleted);
        let old = side_name(&fp.old, git.map(|g| g.old.as_slice()), strip)
            .map(|n| absolute(&e.work, base, &n))
            .transpose()?;
        let new = side_name(&fp.new, git.map(|g| g.new.as_slice()), strip)
            .map(|n| absolute(&e.work, base, &n))
            .transpose()?;
        let no_name = || PatchError::Parse {
            line: fp.first_hunk_line,
            message: format!("no file name left after stripping {strip} components"),
        };
        if old_gone {
            let dest = new.ok_or_else(no_name)?;
            if e.read(&dest)?.is_some_and(|d| !d.is_empty()) {
                return Err(PatchError::Exists { path: dest });
            }
            let out = apply_hunks(fp, b"", &dest, charge)?;
            e.write(&dest, &out)?;
            if let Some(m) = git.and_then(|g| g.new_mode) {
                let _ = e.work.chmod(&dest, m & 0o7777);
            }
            continue;
        }
        let moved = git.is_some_and(|g| g.rename || g.copy);
        let src = if moved || new_gone {
            old.clone().ok_or_else(no_name)?
        } else {
            match (&new, &old) {
                (Some(n), _) if e.read(n)?.is_some() => n.clone(),
                (_, Some(o)) if e.read(o)?.is_some() => o.clone(),
                (Some(n), _) => n.clone(),
                (None, Some(o)) => o.clone(),
                (None, None) => return Err(no_name()),
            }
        };
        let Some(data) = e.read(&src)? else {
            return Err(PatchError::Missing { path: src });
        };
        let out = apply_hunks(fp, &data, &src, charge)?;
        if new_gone {
            if !out.is_empty() {
                return Err(PatchError::Hunk {
                    path: src,
                    hunk: fp.hunks.len(),
                    message: "the file is not empty after the hunks that delete it".into(),
                });
            }
            e.remove(&src)?;
            continue;
        }
        let dest = if moved {
            new.ok_or_else(no_name)?
        } else {
            src.clone()
        };
        if out != data || dest != src {
            e.write(&dest, &out)?;
        }
        if git.is_some_and(|g| g.rename) && dest != src {
            e.remove(&src)?;
        }
        if let Some(m) = git.and_then(|g| g.new_mode) {
            if e.work.stat(&dest).is_ok_and(|s| s.mode != m & 0o7777) {
                let _ = e.work.chmod(&dest, m & 0o7777);
                e.note(&dest, ChangeKind::Modified);
            }
        }
    }
    Ok(())
}
