//! `tar c`: GNU-format archives of VFS files, directories (recursed in name order) and
//! symlinks (a file's later names become hard-link members), padded to 10240-byte records like GNU tar; `-z` compresses the whole stream.

use super::header::{self, Entry, Kind, BLOCK, RECORD};
use super::Tar;
use crate::limits::{cost, Reservation};
use crate::process::Interrupt;
use crate::vfs::{path, FileType, WriteMode};

impl Tar<'_> {
    pub(crate) async fn create(&mut self, operands: &[Vec<u8>]) -> Result<i32, Interrupt> {
        let ctx = self.ctx;
        if operands.is_empty() {
            return super::usage(ctx, "Cowardly refusing to create an empty archive").await;
        }
        let to_stdout = self.archive == b"-";
        let archive_abs = ctx.resolve(&self.archive);
        if !to_stdout {
            let r = ctx.vfs().write_file_mode(
                &archive_abs,
                b"",
                WriteMode::Truncate,
                ctx.create_mode(false),
            );
            if let Err(e) = r {
                ctx.diag(format!(
                    "{}: Cannot open: {}",
                    String::from_utf8_lossy(&self.archive),
                    e.message()
                ))
                .await?;
                ctx.diag("Error is not recoverable: exiting now").await?;
                return Ok(2);
            }
        }
        // GNU tar starts gzip once the archive is open: its GZIP errors stop the run here.
        let filter = if self.gzip {
            match super::super::gzip::filter_settings(ctx).await? {
                Ok(f) => Some(f),
                Err(_) => return super::child_failed(ctx).await,
            }
        } else {
            None
        };
        let base = match &self.dir {
            Some(d) => {
                let b = ctx.resolve(d);
                if !matches!(ctx.stat(&b), Ok(s) if s.file_type == FileType::Dir) {
                    ctx.diag(format!(
                        "{}: Cannot open: No such file or directory",
                        String::from_utf8_lossy(d)
                    ))
                    .await?;
                    ctx.diag("Error is not recoverable: exiting now").await?;
                    return Ok(2);
                }
                b
            }
            None => ctx.cwd.clone(),
        };
        let mut out = Vec::new();
        let mut held = ctx.empty_reservation();
        for op in operands {
            let mut name = op.as_slice();
            while name.len() > 1 && name.ends_with(b"/") {
                name = &name[..name.len() - 1];
            }
            self.add(&base, name, &archive_abs, &mut out, &mut held)
                .await?;
        }
        let mut len = out.len() + 2 * BLOCK;
        len = len.div_ceil(RECORD) * RECORD;
        held.grow((len - out.len()) as u64)?;
        out.resize(len, 0);
        let data = if let Some(f) = filter {
            let ctx2 = ctx;
            let bound = super::super::gzip::codec::compress_bound(out.len()) as u64
                + super::super::gzip::codec::COMPRESS_MEMORY;
            let working = ctx.reservation(bound)?;
            let mut window = crate::commands::deflate::Window::new();
            let z = super::super::gzip::codec::compress(
                &out,
                None,
                0,
                f.level,
                f.rsyncable,
                &mut window,
                |n| ctx2.charge(cost::per_bytes(n, 256, cost::COMPRESS_PER_256_BYTES)),
            );
            drop(working);
            let z = z?;
            if f.verbose {
                let line = super::super::gzip::stream_ratio(out.len(), z.len());
                ctx.err(line.as_bytes()).await?;
            }
            // The archive is replaced by its compressed form.
            held.resize(z.len() as u64)?;
            z
        } else {
            out
        };
        let r = if to_stdout {
            Ok(())
        } else {
            ctx.write_file(&archive_abs, &data, WriteMode::Truncate)
        };
        if to_stdout {
            ctx.out(&data).await?;
        } else if let Err(e) = r {
            drop(held);
            ctx.diag(format!(
                "{}: Cannot write: {}",
                String::from_utf8_lossy(&self.archive),
                e.message()
            ))
            .await?;
            ctx.diag("Error is not recoverable: exiting now").await?;
            return Ok(2);
        }
        drop(held);
        Ok(0)
    }

    fn add<'s>(
        &'s mut self,
        base: &'s [u8],
        name: &'s [u8],
        archive_abs: &'s [u8],
        out: &'s mut Vec<u8>,
        held: &'s mut Reservation,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), Interrupt>> + 's>> {
        Box::pin(async move {
            let ctx = self.ctx;
            ctx.charge(cost::PATH_COMPONENT)?;
            let abs = path::join(base, name);
            let shown = String::from_utf8_lossy(name).into_owned();
            let st = match ctx.lstat(&abs) {
                Ok(s) => s,
                Err(e) => {
                    return self
                        .error(format!("{shown}: Cannot stat: {}", e.message()))
                        .await
                }
            };
            if super::excluded(&self.excludes, name) {
                return Ok(());
            }
            if path::normalize(&abs) == path::normalize(archive_abs) {
                return ctx
                    .diag(format!("{shown}: file is the archive; not dumped"))
                    .await;
            }
            let mut stored = self.strip_name(name).await?;
            let earlier = match st.file_type {
                FileType::File if st.nlink > 1 => self.hard_links.get(&st.ino).cloned(),
                _ => None,
            };
            let file_data = (st.file_type == FileType::File && earlier.is_none())
                .then(|| ctx.vfs().read_file(&abs).map_err(|e| e.message()));
            let (kind, link, data) = match st.file_type {
                FileType::File if earlier.is_some() => {
                    (Kind::HardLink, earlier.unwrap_or_default(), None)
                }
                FileType::Dir => {
                    if !stored.ends_with(b"/") {
                        stored.push(b'/');
                    }
                    (Kind::Dir, Vec::new(), None)
                }
                FileType::Symlink => (Kind::Symlink, ctx.read_link(&abs).unwrap_or_default(), None),
                FileType::File => match file_data.expect("read for files") {
                    Ok(d) => (Kind::File, Vec::new(), Some(d)),
                    Err(e) => return self.error(format!("{shown}: Cannot open: {e}")).await,
                },
            };
            let size = data.as_ref().map(|d| d.len() as u64).unwrap_or(0);
            let e = Entry {
                name: stored.clone(),
                link,
                kind,
                mode: st.mode & 0o7777,
                uid: st.uid as u64,
                gid: st.gid as u64,
                uname: super::super::fsutil::user_name(st.uid)
                    .unwrap_or("")
                    .as_bytes()
                    .to_vec(),
                gname: super::super::fsutil::group_name(st.gid)
                    .unwrap_or("")
                    .as_bytes()
                    .to_vec(),
                size,
                mtime: (st.mtime_ns / 1_000_000_000) as i64,
                data: 0,
            };
            let mut grow =
                3 * BLOCK as u64 + stored.len() as u64 + e.link.len() as u64 + size + BLOCK as u64;
            let first_of_several = kind == Kind::File && st.nlink > 1;
            if first_of_several {
                grow += stored.len() as u64 + 16;
            }
            held.grow(grow)?;
            if first_of_several {
                self.hard_links.insert(st.ino, stored.clone());
            }
            ctx.charge(cost::TAR_BLOCK * (1 + size.div_ceil(BLOCK as u64)))?;
            header::write_headers(out, &e);
            if let Some(d) = &data {
                out.extend_from_slice(d);
                let pad = out.len().div_ceil(BLOCK) * BLOCK;
                out.resize(pad, 0);
            }
            if self.verbose > 0 {
                let mut line = if self.verbose > 1 {
                    self.long_line(&e, &stored)
                } else {
                    stored.clone()
                };
                line.push(b'\n');
                if self.archive == b"-" {
                    ctx.err(&line).await?;
                } else {
                    ctx.out(&line).await?;
                }
            }
            if kind == Kind::Dir {
                let entries = ctx.read_dir(&abs).unwrap_or_default();
                for (child, _) in entries {
                    let mut n = name.to_vec();
                    if !n.ends_with(b"/") {
                        n.push(b'/');
                    }
                    n.extend_from_slice(&child);
                    self.add(base, &n, archive_abs, out, held).await?;
                }
            }
            Ok(())
        })
    }
}
