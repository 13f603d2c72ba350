//! `rmdir`: remove empty directories, optionally with their emptied ancestors (`-p`).

use super::opts::{self, flag, OptDef, Parser};
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::vfs::{FileType, VfsError};

const IGNORE: u8 = 0x80;

const DEFS: &[OptDef] = &[
    flag(b'p', "parents"),
    flag(b'v', "verbose"),
    flag(IGNORE, "ignore-fail-on-non-empty"),
];

/// Removes one directory (never a file or a symlink).
fn remove_dir(ctx: &CommandCtx, name: &[u8]) -> Result<(), &'static str> {
    let abs = ctx.resolve(name);
    let trimmed = super::fsutil::trim_slashes(&abs).to_vec();
    let mut vfs = ctx.vfs();
    match vfs.lstat(&trimmed) {
        Ok(st) if st.file_type == FileType::Symlink => {
            if trimmed.len() != abs.len() {
                return Err("Symbolic link not followed");
            }
            return Err(VfsError::NotDir.message());
        }
        Ok(st) if st.file_type != FileType::Dir => return Err(VfsError::NotDir.message()),
        Ok(_) => {}
        Err(e) => return Err(e.message()),
    }
    let r = vfs.remove(&trimmed).map_err(|e| e.message());
    drop(vfs);
    ctx.sys.sync_disk();
    r
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    if p.operands.is_empty() {
        return opts::usage(ctx, "missing operand", 1).await;
    }
    let parents = p.has(b'p');
    let verbose = p.has(b'v');
    let ignore = p.has(IGNORE);
    let not_empty = VfsError::NotEmpty.message();
    let mut status = 0;
    for op in &p.operands {
        ctx.charge(crate::limits::cost::PATH_COMPONENT * 4)?;
        if verbose {
            ctx.out(
                format!(
                    "{}: removing directory, {}\n",
                    ctx.name(),
                    opts::quoteaf(ctx, op)
                )
                .as_bytes(),
            )
            .await?;
        }
        if let Err(m) = remove_dir(ctx, op) {
            if !(ignore && m == not_empty) {
                ctx.diag(format!("failed to remove {}: {m}", opts::quoteaf(ctx, op)))
                    .await?;
                status = 1;
            }
            continue;
        }
        if parents {
            let mut cur = super::fsutil::trim_slashes(op).to_vec();
            while let Some(i) = cur.iter().rposition(|&b| b == b'/') {
                cur.truncate(i);
                while cur.len() > 1 && cur.ends_with(b"/") {
                    cur.pop();
                }
                if cur.is_empty() || cur == b"/" {
                    break;
                }
                ctx.charge(crate::limits::cost::PATH_COMPONENT * 4)?;
                if verbose {
                    ctx.out(
                        format!(
                            "{}: removing directory, {}\n",
                            ctx.name(),
                            opts::quoteaf(ctx, &cur)
                        )
                        .as_bytes(),
                    )
                    .await?;
                }
                if let Err(m) = remove_dir(ctx, &cur) {
                    if !(ignore && m == not_empty) {
                        ctx.diag(format!(
                            "failed to remove directory {}: {m}",
                            opts::quoteaf(ctx, &cur)
                        ))
                        .await?;
                        status = 1;
                    }
                    break;
                }
            }
        }
    }
    Ok(status)
}

crate::command_fn!(run, main);

pub fn register(r: &mut super::Registry) {
    r.register(
        "rmdir",
        Trust::Real,
        "remove empty directories",
        "-p -v --ignore-fail-on-non-empty",
        run,
    );
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn removes() {
        let k = machine(&[
            ("x/y/z/", b""),
            ("e/", b""),
            ("n/f", b""),
            ("a", b""),
            ("p/q/", b""),
            ("p/f", b""),
            ("l1/", b""),
        ]);
        k.vfs.borrow_mut().symlink(b"l1", b"/work/sl").unwrap();
        let t = |argv: &[&str]| text(run_on(&k, argv, b""));
        assert_eq!(
            t(&["rmdir", "-v", "e"]),
            (0, "rmdir: removing directory, 'e'\n".into(), String::new())
        );
        assert_eq!(
            t(&["rmdir", "n"]),
            (
                1,
                String::new(),
                "rmdir: failed to remove 'n': Directory not empty\n".into()
            )
        );
        assert_eq!(t(&["rmdir", "--ignore-fail-on-non-empty", "n"]).0, 0);
        assert_eq!(t(&["rmdir", "-pv", "x/y/z"]).1, "rmdir: removing directory, 'x/y/z'\nrmdir: removing directory, 'x/y'\nrmdir: removing directory, 'x'\n");
        assert_eq!(t(&["rmdir", "nope", "a"]).2, "rmdir: failed to remove 'nope': No such file or directory\nrmdir: failed to remove 'a': Not a directory\n");
        assert_eq!(
            t(&["rmdir", "-p", "p/q"]),
            (
                1,
                String::new(),
                "rmdir: failed to remove directory 'p': Directory not empty\n".into()
            )
        );
        assert_eq!(
            t(&["rmdir", "sl"]).2,
            "rmdir: failed to remove 'sl': Not a directory\n"
        );
        assert_eq!(
            t(&["rmdir", "sl/"]).2,
            "rmdir: failed to remove 'sl/': Symbolic link not followed\n"
        );
        assert!(k.vfs.borrow().exists(b"/work/l1"));
        assert_eq!(
            t(&["rmdir"]).2,
            "rmdir: missing operand\nTry 'rmdir --help' for more information.\n"
        );
    }
}
