//! `ln`: symbolic links only. The VFS has no hard links, and copying would only pretend to be
//! one, so `ln` without `-s` fails with a clear message.

use super::chmod::child_path;
use super::opts::{self, flag, req, OptDef, Parser};
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::vfs::{path, FileType, VfsError};

const DEFS: &[OptDef] = &[
    flag(b's', "symbolic"),
    flag(b'f', "force"),
    flag(b'n', "no-dereference"),
    flag(b'T', "no-target-directory"),
    req(b't', "target-directory"),
    flag(b'v', "verbose"),
];

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let force = p.has(b'f');
    let no_deref = p.has(b'n');
    let no_target = p.has(b'T');
    let verbose = p.has(b'v');
    let target_dir = p.last(b't').map(|t| t.to_vec());
    let ops = &p.operands;
    if target_dir.is_some() && no_target {
        ctx.diag("cannot combine --target-directory and --no-target-directory")
            .await?;
        return Ok(1);
    }
    if ops.is_empty() {
        return opts::usage(ctx, "missing file operand", 1).await;
    }
    if no_target && ops.len() > 2 {
        return opts::usage(
            ctx,
            &format!("extra operand {}", opts::quote(ctx, &ops[2])),
            1,
        )
        .await;
    }
    if no_target && ops.len() < 2 {
        return opts::usage(
            ctx,
            &format!(
                "missing destination file operand after {}",
                opts::quoteaf(ctx, &ops[0])
            ),
            1,
        )
        .await;
    }
    if !p.has(b's') {
        ctx.mark_partial("hard links are not supported");
        ctx.diag("hard links are not supported in shellsim").await?;
        return Ok(1);
    }
    // Pairs of (link target text, link path as shown).
    let mut pairs: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
    let is_dir = |name: &[u8], deref: bool| -> bool {
        let abs = ctx.resolve(name);
        let v = ctx.vfs();
        let st = if deref { v.stat(&abs) } else { v.lstat(&abs) };
        st.map(|s| s.file_type == FileType::Dir).unwrap_or(false)
    };
    if let Some(t) = &target_dir {
        let abs = ctx.resolve(t);
        let st = ctx.vfs().stat(&abs);
        match st {
            Ok(s) if s.file_type == FileType::Dir => {}
            Ok(_) => {
                ctx.diag(format!("target {}: Not a directory", opts::quoteaf(ctx, t)))
                    .await?;
                return Ok(1);
            }
            Err(e) => {
                ctx.diag(format!("target {}: {}", opts::quoteaf(ctx, t), e.message()))
                    .await?;
                return Ok(1);
            }
        }
        for src in ops {
            pairs.push((src.clone(), child_path(t, path::file_name(src))));
        }
    } else if ops.len() == 1 {
        pairs.push((ops[0].clone(), child_path(b".", path::file_name(&ops[0]))));
    } else if no_target {
        pairs.push((ops[0].clone(), ops[1].clone()));
    } else {
        let last = ops.last().unwrap().clone();
        let last_is_dir = is_dir(&last, !no_deref);
        if ops.len() > 2 && !last_is_dir {
            let abs = ctx.resolve(&last);
            let e = ctx.vfs().stat(&abs).err();
            let msg = match e {
                Some(e) => e.message(),
                None => VfsError::NotDir.message(),
            };
            ctx.diag(format!("target {}: {}", opts::quoteaf(ctx, &last), msg))
                .await?;
            return Ok(1);
        }
        if last_is_dir {
            for src in &ops[..ops.len() - 1] {
                pairs.push((src.clone(), child_path(&last, path::file_name(src))));
            }
        } else {
            pairs.push((ops[0].clone(), last));
        }
    }
    let mut status = 0;
    for (target, link) in pairs {
        ctx.charge(crate::limits::cost::PATH_COMPONENT * 4)?;
        let abs = ctx.resolve(&link);
        if target.is_empty() {
            ctx.diag(format!(
                "failed to create symbolic link {} -> '': No such file or directory",
                opts::quoteaf(ctx, &link)
            ))
            .await?;
            status = 1;
            continue;
        }
        let existing = ctx.vfs().lstat(&abs).ok();
        if let Some(st) = existing {
            if !force {
                ctx.diag(format!(
                    "failed to create symbolic link {}: File exists",
                    opts::quoteaf(ctx, &link)
                ))
                .await?;
                status = 1;
                continue;
            }
            if st.file_type == FileType::Dir {
                ctx.diag(format!(
                    "{}: cannot overwrite directory",
                    opts::quotef(ctx, &link)
                ))
                .await?;
                status = 1;
                continue;
            }
            let r = ctx.vfs().remove(&abs);
            if let Err(e) = r {
                ctx.diag(format!(
                    "cannot remove {}: {}",
                    opts::quoteaf(ctx, &link),
                    e.message()
                ))
                .await?;
                status = 1;
                continue;
            }
        }
        let r = ctx.vfs().symlink(&target, &abs);
        ctx.sys.sync_disk();
        match r {
            Ok(()) => {
                if verbose {
                    ctx.out(
                        format!(
                            "{} -> {}\n",
                            opts::quoteaf(ctx, &link),
                            opts::quoteaf(ctx, &target)
                        )
                        .as_bytes(),
                    )
                    .await?;
                }
            }
            Err(e) => {
                ctx.diag(format!(
                    "failed to create symbolic link {}: {}",
                    opts::quoteaf(ctx, &link),
                    e.message()
                ))
                .await?;
                status = 1;
            }
        }
    }
    Ok(status)
}

crate::command_fn!(run, main);

pub fn register(r: &mut super::Registry) {
    r.register(
        "ln",
        Trust::Partial,
        "make symbolic links (hard links are not supported)",
        "-s -f -n -T -t DIR -v (without -s: error)",
        run,
    );
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn symlinks() {
        let k = machine(&[("a", b"x"), ("d/", b"")]);
        let t = |argv: &[&str]| text(run_on(&k, argv, b""));
        assert_eq!(
            t(&["ln", "-s", "a", "b"]),
            (0, String::new(), String::new())
        );
        assert_eq!(k.vfs.borrow().read_link(b"/work/b").unwrap(), b"a");
        assert_eq!(
            t(&["ln", "-s", "a", "b"]),
            (
                1,
                String::new(),
                "ln: failed to create symbolic link 'b': File exists\n".into()
            )
        );
        assert_eq!(t(&["ln", "-sv", "a", "c"]).1, "'c' -> 'a'\n");
        assert_eq!(t(&["ln", "-sv", "a", "d"]).1, "'d/a' -> 'a'\n");
        assert_eq!(t(&["ln", "-sv", "/x/y"]).1, "'./y' -> '/x/y'\n");
        assert_eq!(
            t(&["ln", "-s", "a"]).2,
            "ln: failed to create symbolic link './a': File exists\n"
        );
        assert_eq!(
            t(&["ln", "-s", "a", "b", "c"]).2,
            "ln: target 'c': Not a directory\n"
        );
        assert_eq!(t(&["ln", "-sfv", "zz", "b"]).1, "'b' -> 'zz'\n");
        assert_eq!(
            t(&["ln", "-sT", "a", "d"]).2,
            "ln: failed to create symbolic link 'd': File exists\n"
        );
        assert_eq!(
            t(&["ln", "-sfTv", "a", "d"]).2,
            "ln: d: cannot overwrite directory\n"
        );
        assert_eq!(
            t(&["ln", "-sv", "-t", "d", "q", "x"]).1,
            "'d/q' -> 'q'\n'd/x' -> 'x'\n"
        );
        assert_eq!(
            t(&["ln", "-sv", "", "e"]).2,
            "ln: failed to create symbolic link 'e' -> '': No such file or directory\n"
        );
        assert_eq!(
            t(&["ln", "-sf", "a", "nod/x"]).2,
            "ln: failed to create symbolic link 'nod/x': No such file or directory\n"
        );
    }

    #[test]
    fn hard_links_refused() {
        assert_eq!(
            text(run_files(&["ln", "a", "b"], b"", &[("a", b"")])),
            (
                1,
                String::new(),
                "ln: hard links are not supported in shellsim\n".into()
            )
        );
        assert_eq!(
            text(run(&["ln", "-s"], b"")).2,
            "ln: missing file operand\nTry 'ln --help' for more information.\n"
        );
    }
}
