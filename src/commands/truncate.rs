//! `truncate`: shrink or extend files to a size (`-s [+-<>/%]SIZE`, `-r RFILE`, `-c`, `-o`).

use super::fsutil::{parse_size, FS_BLOCK};
use super::opts::{self, flag, req, OptDef, Parser};
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::vfs::{FileType, WriteMode};

const DEFS: &[OptDef] = &[
    flag(b'c', "no-create"),
    flag(b'o', "io-blocks"),
    req(b'r', "reference"),
    req(b's', "size"),
];

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let no_create = p.has(b'c');
    let io_blocks = p.has(b'o');
    let mut op = 0u8;
    let mut size: Option<u64> = None;
    if let Some(s) = p.last(b's') {
        let mut body = s;
        if let Some(&c) = body.first() {
            if b"+-<>/%".contains(&c) {
                op = c;
                body = &body[1..];
            }
        }
        match parse_size(body, false) {
            Some(mut n) => {
                if io_blocks {
                    match n.checked_mul(FS_BLOCK) {
                        Some(v) => n = v,
                        None => {
                            ctx.diag(format!(
                                "overflow in {} * {FS_BLOCK} byte blocks for file {}",
                                n,
                                opts::quoteaf(ctx, s)
                            ))
                            .await?;
                            return Ok(1);
                        }
                    }
                }
                if n == 0 && (op == b'/' || op == b'%') {
                    ctx.diag("division by zero").await?;
                    return Ok(1);
                }
                size = Some(n);
            }
            None => {
                ctx.diag(format!("Invalid number: {}", opts::quote(ctx, s)))
                    .await?;
                return Ok(1);
            }
        }
    }
    let reference = p.last(b'r').map(|r| r.to_vec());
    if size.is_none() && reference.is_none() {
        let m = format!(
            "you must specify either {} or {}",
            opts::quote(ctx, b"--size"),
            opts::quote(ctx, b"--reference")
        );
        return opts::usage(ctx, &m, 1).await;
    }
    if io_blocks && size.is_none() {
        return opts::usage(ctx, "'--io-blocks' was specified but '--size' was not", 1).await;
    }
    if reference.is_some() && size.is_some() && op == 0 {
        return opts::usage(
            ctx,
            "you must specify a relative '--size' with '--reference'",
            1,
        )
        .await;
    }
    if p.operands.is_empty() {
        return opts::usage(ctx, "missing file operand", 1).await;
    }
    let ref_size = match &reference {
        Some(r) => {
            let st = ctx.vfs().stat(&ctx.resolve(r));
            match st {
                Ok(st) => Some(st.size),
                Err(e) => {
                    ctx.diag(format!(
                        "cannot stat {}: {}",
                        opts::quoteaf(ctx, r),
                        e.message()
                    ))
                    .await?;
                    return Ok(1);
                }
            }
        }
        None => None,
    };
    let mut status = 0;
    for f in &p.operands {
        ctx.charge(crate::limits::cost::PATH_COMPONENT * 4)?;
        let abs = ctx.resolve(f);
        let st = ctx.vfs().stat(&abs);
        let cur = match st {
            Ok(st) if st.file_type == FileType::Dir => {
                ctx.diag(format!(
                    "cannot open {} for writing: Is a directory",
                    opts::quoteaf(ctx, f)
                ))
                .await?;
                status = 1;
                continue;
            }
            Ok(st) => st.size,
            Err(crate::vfs::VfsError::NotFound) if no_create => continue,
            Err(crate::vfs::VfsError::NotFound) => {
                let r = ctx.write_file(&abs, b"", WriteMode::Append);
                if let Err(e) = r {
                    ctx.diag(format!(
                        "cannot open {} for writing: {}",
                        opts::quoteaf(ctx, f),
                        e.message()
                    ))
                    .await?;
                    status = 1;
                    continue;
                }
                0
            }
            Err(e) => {
                ctx.diag(format!(
                    "cannot open {} for writing: {}",
                    opts::quoteaf(ctx, f),
                    e.message()
                ))
                .await?;
                status = 1;
                continue;
            }
        };
        let base = ref_size.unwrap_or(cur);
        let new = match (op, size) {
            (_, None) => base,
            (0, Some(n)) => n,
            (b'+', Some(n)) => match base.checked_add(n) {
                Some(v) => v,
                None => {
                    ctx.diag(format!(
                        "overflow extending size of file {}",
                        opts::quoteaf(ctx, f)
                    ))
                    .await?;
                    status = 1;
                    continue;
                }
            },
            (b'-', Some(n)) => base.saturating_sub(n),
            (b'<', Some(n)) => base.min(n),
            (b'>', Some(n)) => base.max(n),
            (b'/', Some(n)) => base / n * n,
            (_, Some(n)) => base.div_ceil(n) * n,
        };
        if new > i64::MAX as u64 {
            ctx.diag(format!(
                "overflow extending size of file {}",
                opts::quoteaf(ctx, f)
            ))
            .await?;
            status = 1;
            continue;
        }
        if new > cur {
            ctx.charge_bytes((new - cur) as usize)?;
        }
        let r = ctx.vfs().truncate(&abs, new);
        ctx.sys.sync_disk();
        if let Err(e) = r {
            ctx.diag(format!(
                "failed to truncate {} at {} bytes: {}",
                opts::quoteaf(ctx, f),
                new,
                e.message()
            ))
            .await?;
            status = 1;
        }
    }
    Ok(status)
}

crate::command_fn!(run, main);

pub fn register(r: &mut super::Registry) {
    r.register(
        "truncate",
        Trust::Real,
        "shrink or extend the size of files",
        "-s [+-<>/%]SIZE -r RFILE -c -o",
        run,
    );
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn sizes() {
        let k = machine(&[("d/", b""), ("a", b"")]);
        let t = |argv: &[&str]| text(run_on(&k, argv, b""));
        let size = || k.vfs.borrow().stat(b"/work/a").unwrap().size;
        for (arg, want) in [
            ("5", 5),
            ("+3", 8),
            ("-10", 0),
            ("7", 7),
            ("%4", 8),
            ("/3", 6),
            ("<2", 2),
            (">5", 5),
            ("1K", 1024),
            ("1KB", 1000),
        ] {
            assert_eq!(t(&["truncate", "-s", arg, "a"]).0, 0);
            assert_eq!(size(), want, "{arg}");
        }
        assert_eq!(
            t(&["truncate", "-c", "-s", "5", "nofile"]),
            (0, String::new(), String::new())
        );
        assert!(!k.vfs.borrow().exists(b"/work/nofile"));
        assert_eq!(t(&["truncate", "-s", "3", "new"]).0, 0);
        assert_eq!(
            &**k.vfs.borrow().read_file(b"/work/new").unwrap(),
            b"\0\0\0"
        );
        assert_eq!(t(&["truncate", "-r", "new", "a"]).0, 0);
        assert_eq!(size(), 3);
        assert_eq!(t(&["truncate", "-o", "-s", "1", "a"]).0, 0);
        assert_eq!(size(), 4096);
    }

    #[test]
    fn errors() {
        let k = machine(&[("d/", b""), ("a", b"")]);
        let t = |argv: &[&str]| text(run_on(&k, argv, b""));
        assert_eq!(t(&["truncate", "a"]).2, "truncate: you must specify either '--size' or '--reference'\nTry 'truncate --help' for more information.\n");
        assert_eq!(
            t(&["truncate", "-s", "10"]).2,
            "truncate: missing file operand\nTry 'truncate --help' for more information.\n"
        );
        assert_eq!(
            t(&["truncate", "-s", "5", "d"]),
            (
                1,
                String::new(),
                "truncate: cannot open 'd' for writing: Is a directory\n".into()
            )
        );
        assert_eq!(
            t(&["truncate", "-s", "5", "nod/x"]).2,
            "truncate: cannot open 'nod/x' for writing: No such file or directory\n"
        );
        assert_eq!(
            t(&["truncate", "-s", "1x", "a"]),
            (1, String::new(), "truncate: Invalid number: '1x'\n".into())
        );
        assert_eq!(
            t(&["truncate", "-s", "/0", "a"]).2,
            "truncate: division by zero\n"
        );
        assert_eq!(
            t(&["truncate", "-r", "nope", "a"]).2,
            "truncate: cannot stat 'nope': No such file or directory\n"
        );
    }
}
