//! `tar x`: writes members under the extraction root, never outside it.
//!
//! Names are made safe first ([`super::safer_name`]). A member replaces what is at its path
//! (it is removed first, so a symlink there is never written through). Symlinks with an
//! absolute target or a `..` component are GNU's "delayed links": an empty placeholder file
//! stands in until every member is extracted, so no later member can be written through
//! them; then the placeholder, if untouched, becomes the symlink. Directory modes and times
//! are applied at the end, as GNU does.

use super::header::{Entry, Kind};
use super::Tar;
use crate::process::Interrupt;
use crate::vfs::{path, FileType, WriteMode};

pub(crate) struct Extractor {
    root: Vec<u8>,
    delayed: Vec<(Vec<u8>, Vec<u8>, u64)>,
    dirs: Vec<(Vec<u8>, u32, i64)>,
}

impl Extractor {
    pub fn new(t: &Tar<'_>) -> Result<Extractor, ()> {
        let root = match &t.dir {
            Some(d) => t.ctx.resolve(d),
            None => t.ctx.cwd.clone(),
        };
        match t.ctx.stat(&root) {
            Ok(s) if s.file_type == FileType::Dir => Ok(Extractor {
                root,
                delayed: Vec::new(),
                dirs: Vec::new(),
            }),
            _ => Err(()),
        }
    }

    fn owner(e: &Entry) -> (u32, u32) {
        let uid = if e.uname == b"root" { 0 } else { e.uid as u32 };
        let gid = if e.gname == b"root" { 0 } else { e.gid as u32 };
        (uid, gid)
    }

    pub async fn member(
        &mut self,
        t: &mut Tar<'_>,
        e: &Entry,
        archive: &[u8],
    ) -> Result<(), Interrupt> {
        let ctx = t.ctx;
        let mut name = t.strip_name(&e.name).await?;
        if t.strip > 0 {
            let comps: Vec<&[u8]> = name
                .split(|&b| b == b'/')
                .filter(|c| !c.is_empty())
                .collect();
            if comps.len() <= t.strip {
                return Ok(());
            }
            name = comps[t.strip..].join(&b'/');
            if e.kind == Kind::Dir {
                name.push(b'/');
            }
        }
        let shown = String::from_utf8_lossy(&name).into_owned();
        if t.verbose > 0 {
            let mut line = if t.verbose > 1 {
                t.long_line(e, &name)
            } else {
                name.clone()
            };
            line.push(b'\n');
            if t.to_stdout {
                ctx.err(&line).await?;
            } else {
                ctx.out(&line).await?;
            }
        }
        let body = &archive[e.data..e.data + e.size as usize];
        if t.to_stdout {
            if e.kind == Kind::File {
                ctx.out(body).await?;
            }
            return Ok(());
        }
        let trimmed = {
            let mut n = name.as_slice();
            while n.ends_with(b"/") {
                n = &n[..n.len() - 1];
            }
            n.to_vec()
        };
        if trimmed.is_empty() || trimmed == b"." {
            return Ok(());
        }
        let abs = path::join(&self.root, &trimmed);
        let parent = path::parent(&abs);
        if ctx.vfs().mkdir_all(&parent, ctx.create_mode(true)).is_err() {
            // Reported by the create below.
        }
        let existing = ctx.lstat(&abs).ok();
        if e.kind != Kind::Dir {
            if let Some(st) = &existing {
                if t.keep_old {
                    return t.error(format!("{shown}: Cannot open: File exists")).await;
                }
                if st.file_type == FileType::Dir {
                    if ctx.vfs().remove(&abs).is_err() {
                        return t
                            .error(format!("{shown}: Cannot open: Is a directory"))
                            .await;
                    }
                } else {
                    let _ = ctx.vfs().remove(&abs);
                }
            }
        }
        let (uid, gid) = Self::owner(e);
        let mode = if t.preserve {
            e.mode
        } else {
            e.mode & !ctx.umask()
        };
        match e.kind {
            Kind::File => {
                let r = ctx
                    .vfs()
                    .write_file_mode(&abs, body, WriteMode::CreateNew, mode);
                if let Err(err) = r {
                    return t
                        .error(format!("{shown}: Cannot open: {}", err.message()))
                        .await;
                }
                let mut vfs = ctx.vfs();
                let _ = vfs.chmod(&abs, mode);
                if t.same_owner {
                    let _ = vfs.chown(&abs, Some(uid), Some(gid), false);
                }
                if !t.touch {
                    let _ = vfs.set_times(&abs, None, Some(e.mtime.max(0) as u64 * 1_000_000_000));
                }
            }
            Kind::Dir => {
                match existing {
                    Some(st) if st.file_type == FileType::Dir => {}
                    Some(_) if t.keep_old => {
                        return t.error(format!("{shown}: Cannot mkdir: File exists")).await;
                    }
                    other => {
                        if other.is_some() {
                            let _ = ctx.vfs().remove(&abs);
                        }
                        let r = ctx.vfs().mkdir(&abs, 0o700);
                        if let Err(err) = r {
                            return t
                                .error(format!("{shown}: Cannot mkdir: {}", err.message()))
                                .await;
                        }
                    }
                }
                if t.same_owner {
                    let _ = ctx.vfs().chown(&abs, Some(uid), Some(gid), false);
                }
                self.dirs.push((abs, mode, e.mtime));
            }
            Kind::Symlink => {
                let escapes =
                    e.link.starts_with(b"/") || e.link.split(|&b| b == b'/').any(|c| c == b"..");
                if escapes {
                    let r = ctx
                        .vfs()
                        .write_file_mode(&abs, b"", WriteMode::CreateNew, 0);
                    match r {
                        Ok(()) => {
                            let ino = ctx.lstat(&abs).map(|s| s.ino).unwrap_or(0);
                            self.delayed.push((abs, e.link.clone(), ino));
                        }
                        Err(err) => {
                            return t
                                .error(format!("{shown}: Cannot open: {}", err.message()))
                                .await
                        }
                    }
                } else {
                    let r = ctx.vfs().symlink(&e.link, &abs);
                    if let Err(err) = r {
                        return t
                            .error(format!(
                                "{shown}: Cannot create symlink to '{}': {}",
                                String::from_utf8_lossy(&e.link),
                                err.message()
                            ))
                            .await;
                    }
                }
            }
            Kind::HardLink => {
                let (_, target) = super::safer_name(&e.link);
                let src = path::join(&self.root, target);
                let r = ctx.vfs().link(&src, &abs, false);
                if let Err(err) = r {
                    return t
                        .error(format!(
                            "{shown}: Cannot hard link to '{}': {}",
                            String::from_utf8_lossy(target),
                            err.message()
                        ))
                        .await;
                }
            }
            Kind::Special(_) => {
                return t
                    .error(format!("{shown}: Cannot mknod: Operation not permitted"))
                    .await;
            }
        }
        Ok(())
    }

    /// Delayed symlinks, then directory modes and times (deepest first).
    pub fn finish(self, t: &Tar<'_>) {
        let mut vfs = t.ctx.vfs();
        for (abs, target, ino) in self.delayed {
            let still = vfs
                .lstat(&abs)
                .map(|s| s.ino == ino && s.file_type == FileType::File && s.size == 0)
                .unwrap_or(false);
            if still && vfs.remove(&abs).is_ok() {
                let _ = vfs.symlink(&target, &abs);
            }
        }
        for (abs, mode, mtime) in self.dirs.into_iter().rev() {
            let _ = vfs.chmod(&abs, mode);
            if !t.touch {
                let _ = vfs.set_times(&abs, None, Some(mtime.max(0) as u64 * 1_000_000_000));
            }
        }
    }
}
