//! `rm`: remove files and (with `-r` or `-d`) directories; refuses `/`, `.` and `..`.

use super::opts::{self, flag, OptDef, Parser};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use crate::vfs::{path, FileType};

const DEFS: &[OptDef] = &[
    flag(b'f', "force"),
    flag(b'r', "recursive"),
    flag(b'R', ""),
    flag(b'd', "dir"),
    flag(b'v', "verbose"),
    opts::optional(0x80, "preserve-root"),
    flag(0x81, "no-preserve-root"),
    flag(0x82, "one-file-system"),
];

struct Rm {
    force: bool,
    recursive: bool,
    dir: bool,
    verbose: bool,
}

/// Removes `shown` (absolute `abs`); returns false on any failure.
async fn remove(ctx: &CommandCtx, o: &Rm, shown: &[u8], abs: &[u8]) -> Result<bool, Interrupt> {
    ctx.charge(crate::limits::cost::PATH_COMPONENT)?;
    let st = ctx.vfs().lstat(abs);
    let st = match st {
        Ok(s) => s,
        Err(e) => {
            if o.force && e == crate::vfs::VfsError::NotFound {
                return Ok(true);
            }
            ctx.diag(format!(
                "cannot remove {}: {}",
                opts::quoteaf(ctx, shown),
                e.message()
            ))
            .await?;
            return Ok(false);
        }
    };
    if st.file_type == FileType::Dir {
        if !o.recursive {
            let empty = ctx
                .vfs()
                .read_dir(abs)
                .map(|v| v.is_empty())
                .unwrap_or(false);
            if !o.dir {
                ctx.diag(format!(
                    "cannot remove {}: Is a directory",
                    opts::quoteaf(ctx, shown)
                ))
                .await?;
                return Ok(false);
            }
            if !empty {
                ctx.diag(format!(
                    "cannot remove {}: Directory not empty",
                    opts::quoteaf(ctx, shown)
                ))
                .await?;
                return Ok(false);
            }
        } else {
            let entries = ctx.vfs().read_dir(abs).unwrap_or_default();
            let mut ok = true;
            for (name, _) in entries {
                let mut s = shown.to_vec();
                if !s.ends_with(b"/") {
                    s.push(b'/');
                }
                s.extend_from_slice(&name);
                ok &= Box::pin(remove(ctx, o, &s, &path::join(abs, &name))).await?;
            }
            if !ok {
                return Ok(false);
            }
        }
    }
    let r = ctx.vfs().remove(abs);
    ctx.sys.sync_disk();
    match r {
        Ok(()) => {
            if o.verbose {
                let what = if st.file_type == FileType::Dir {
                    "removed directory"
                } else {
                    "removed"
                };
                ctx.out(format!("{what} {}\n", opts::quoteaf(ctx, shown)).as_bytes())
                    .await?;
            }
            Ok(true)
        }
        Err(e) => {
            ctx.diag(format!(
                "cannot remove {}: {}",
                opts::quoteaf(ctx, shown),
                e.message()
            ))
            .await?;
            Ok(false)
        }
    }
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let o = Rm {
        force: p.has(b'f'),
        recursive: p.has(b'r') || p.has(b'R'),
        dir: p.has(b'd'),
        verbose: p.has(b'v'),
    };
    let mut preserve_root = true;
    for (id, _) in &p.opts {
        match id {
            0x80 => preserve_root = true,
            0x81 => preserve_root = false,
            _ => {}
        }
    }
    if p.operands.is_empty() {
        if o.force {
            return Ok(0);
        }
        return opts::usage(ctx, "missing operand", 1).await;
    }
    let mut status = 0;
    for op in &p.operands {
        let last = path::file_name(op);
        if last == b"." || last == b".." {
            ctx.diag(format!(
                "refusing to remove '.' or '..' directory: skipping {}",
                opts::quoteaf(ctx, op)
            ))
            .await?;
            status = 1;
            continue;
        }
        let abs = ctx.resolve(op);
        let is_root = ctx
            .vfs()
            .canonicalize(&abs)
            .map(|c| c == b"/")
            .unwrap_or(false);
        if o.recursive && preserve_root && is_root {
            if op == b"/" {
                ctx.diag("it is dangerous to operate recursively on '/'")
                    .await?;
            } else {
                ctx.diag(format!(
                    "it is dangerous to operate recursively on {} (same as '/')",
                    opts::quoteaf(ctx, op)
                ))
                .await?;
            }
            ctx.diag("use --no-preserve-root to override this failsafe")
                .await?;
            status = 1;
            continue;
        }
        if !remove(ctx, &o, op, &abs).await? {
            status = 1;
        }
    }
    Ok(status)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn removes() {
        let k = machine(&[("f", b"1"), ("g", b""), ("d/x", b""), ("e/", b"")]);
        assert_eq!(
            text(run_on(&k, &["rm"], b"")).2,
            "rm: missing operand\nTry 'rm --help' for more information.\n"
        );
        assert_eq!(
            text(run_on(&k, &["rm", "nofile"], b"")),
            (
                1,
                String::new(),
                "rm: cannot remove 'nofile': No such file or directory\n".into()
            )
        );
        assert_eq!(run_on(&k, &["rm", "-f", "nofile"], b"").0, 0);
        assert_eq!(
            text(run_on(&k, &["rm", "d"], b"")).2,
            "rm: cannot remove 'd': Is a directory\n"
        );
        assert_eq!(
            text(run_on(&k, &["rm", "-d", "d"], b"")).2,
            "rm: cannot remove 'd': Directory not empty\n"
        );
        assert_eq!(run_on(&k, &["rm", "-d", "e"], b"").0, 0);
        assert_eq!(text(run_on(&k, &["rm", "-v", "f"], b"")).1, "removed 'f'\n");
        assert_eq!(
            text(run_on(&k, &["rm", "-rv", "d"], b"")).1,
            "removed 'd/x'\nremoved directory 'd'\n"
        );
        assert!(!k.vfs.borrow().exists(b"/work/d"));
    }

    #[test]
    fn refuses() {
        let k = machine(&[]);
        assert_eq!(text(run_on(&k, &["rm", "-rf", "/"], b"")), (1, String::new(), "rm: it is dangerous to operate recursively on '/'\nrm: use --no-preserve-root to override this failsafe\n".into()));
        assert_eq!(
            text(run_on(&k, &["rm", "-r", "."], b"")).2,
            "rm: refusing to remove '.' or '..' directory: skipping '.'\n"
        );
        assert_eq!(run_on(&k, &["rm", "-i", "x"], b"").0, 1);
        assert!(k.vfs.borrow().exists(b"/work"));
    }
}
