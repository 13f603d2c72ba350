//! `mv`: rename files and directories within the one modeled filesystem (an O(1) VFS rename).

use super::chmod::child_path;
use super::opts::{self, flag, req, OptDef, Parser};
use super::yesno::Answers;
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::vfs::{path, FileType, Vfs, VfsError};

const DEFS: &[OptDef] = &[
    flag(b'f', "force"),
    flag(b'n', "no-clobber"),
    flag(b'i', "interactive"),
    flag(b'u', "update"),
    flag(b'v', "verbose"),
    flag(b'T', "no-target-directory"),
    req(b't', "target-directory"),
];

/// The physical location of `abs` without following its last component.
fn phys(vfs: &Vfs, abs: &[u8]) -> Option<Vec<u8>> {
    let t = super::fsutil::trim_slashes(abs);
    let name = path::file_name(t);
    if name == b"." || name == b".." || t == b"/" {
        return vfs.canonicalize(t).ok();
    }
    let parent = vfs.canonicalize(&path::parent(t)).ok()?;
    Some(path::join(&parent, name))
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    // The last of -f, -i and -n decides what happens to an existing destination.
    let last = p
        .opts
        .iter()
        .rev()
        .find(|(i, _)| matches!(i, b'f' | b'i' | b'n'))
        .map(|(i, _)| *i);
    let no_clobber = last == Some(b'n');
    let interactive = last == Some(b'i');
    let update = p.has(b'u');
    let mut answers = Answers::default();
    let verbose = p.has(b'v');
    let no_target = p.has(b'T');
    let target_dir = p.last(b't').map(|t| t.to_vec());
    let ops = &p.operands;
    if target_dir.is_some() && no_target {
        ctx.diag("cannot combine --target-directory (-t) and --no-target-directory (-T)")
            .await?;
        return Ok(1);
    }
    if ops.is_empty() {
        return opts::usage(ctx, "missing file operand", 1).await;
    }
    if target_dir.is_none() && ops.len() == 1 {
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
    if no_target && ops.len() > 2 {
        return opts::usage(
            ctx,
            &format!("extra operand {}", opts::quote(ctx, &ops[2])),
            1,
        )
        .await;
    }
    let stat_dir = |name: &[u8]| -> Result<bool, VfsError> {
        ctx.vfs()
            .stat(&ctx.resolve(name))
            .map(|s| s.file_type == FileType::Dir)
    };
    let mut pairs = Vec::new();
    if let Some(t) = &target_dir {
        match stat_dir(t) {
            Ok(true) => {}
            Ok(false) => {
                ctx.diag(format!(
                    "target directory {}: Not a directory",
                    opts::quoteaf(ctx, t)
                ))
                .await?;
                return Ok(1);
            }
            Err(e) => {
                ctx.diag(format!(
                    "target directory {}: {}",
                    opts::quoteaf(ctx, t),
                    e.message()
                ))
                .await?;
                return Ok(1);
            }
        }
        for s in ops {
            pairs.push((s.clone(), child_path(t, path::file_name(s))));
        }
    } else {
        let last = ops.last().unwrap().clone();
        let is_dir = !no_target && stat_dir(&last).unwrap_or(false);
        if ops.len() > 2 && !is_dir {
            let msg = match stat_dir(&last) {
                Err(e) => e.message(),
                Ok(_) => VfsError::NotDir.message(),
            };
            ctx.diag(format!("target {}: {msg}", opts::quoteaf(ctx, &last)))
                .await?;
            return Ok(1);
        }
        if is_dir {
            for s in &ops[..ops.len() - 1] {
                pairs.push((s.clone(), child_path(&last, path::file_name(s))));
            }
        } else {
            pairs.push((ops[0].clone(), last));
        }
    }
    let mut status = 0;
    for (src, dst) in pairs {
        ctx.charge(crate::limits::cost::PATH_COMPONENT * 8)?;
        let (sa, da) = (ctx.resolve(&src), ctx.resolve(&dst));
        let sst = ctx.vfs().lstat(&sa);
        let sst = match sst {
            Ok(s) => s,
            Err(e) => {
                ctx.diag(format!(
                    "cannot stat {}: {}",
                    opts::quoteaf(ctx, &src),
                    e.message()
                ))
                .await?;
                status = 1;
                continue;
            }
        };
        let (sp, dp) = {
            let v = ctx.vfs();
            (phys(&v, &sa), phys(&v, &da))
        };
        let dst_st = ctx.vfs().lstat(&da).ok();
        if let Some(dst_st) = &dst_st {
            // The same entry, or two names of one file (renaming one onto the other would
            // do nothing, so GNU refuses).
            let same_inode = dst_st.ino == sst.ino && sst.file_type != FileType::Dir;
            if (sp.is_some() && sp == dp) || same_inode {
                ctx.diag(format!(
                    "{} and {} are the same file",
                    opts::quoteaf(ctx, &src),
                    opts::quoteaf(ctx, &dst)
                ))
                .await?;
                status = 1;
                continue;
            }
            // `-u` leaves a destination as new as the source, for non-directories only.
            let stale = update && sst.file_type != FileType::Dir && dst_st.mtime_ns >= sst.mtime_ns;
            if no_clobber || stale {
                continue;
            }
            if interactive {
                let q = format!("{}: overwrite {}? ", ctx.name(), opts::quoteaf(ctx, &dst));
                ctx.err(q.as_bytes()).await?;
                if !answers.yesno(ctx).await? {
                    continue;
                }
            }
            let src_dir = sst.file_type == FileType::Dir;
            let dst_dir = dst_st.file_type == FileType::Dir;
            if src_dir && !dst_dir {
                ctx.diag(format!(
                    "cannot overwrite non-directory {} with directory {}",
                    opts::quoteaf(ctx, &dst),
                    opts::quoteaf(ctx, &src)
                ))
                .await?;
                status = 1;
                continue;
            }
            if !src_dir && dst_dir {
                ctx.diag(format!(
                    "cannot overwrite directory {} with non-directory",
                    opts::quoteaf(ctx, &dst)
                ))
                .await?;
                status = 1;
                continue;
            }
        }
        if sst.file_type == FileType::Dir {
            if let (Some(s), Some(d)) = (&sp, &dp) {
                if d.starts_with(s) && d.get(s.len()) == Some(&b'/') {
                    ctx.diag(format!(
                        "cannot move {} to a subdirectory of itself, {}",
                        opts::quoteaf(ctx, &src),
                        opts::quoteaf(ctx, &dst)
                    ))
                    .await?;
                    status = 1;
                    continue;
                }
            }
        }
        let r = ctx.vfs().rename(&sa, super::fsutil::trim_slashes(&da));
        ctx.sys.sync_disk();
        match r {
            Ok(()) => {
                if verbose {
                    ctx.out(
                        format!(
                            "renamed {} -> {}\n",
                            opts::quoteaf(ctx, &src),
                            opts::quoteaf(ctx, &dst)
                        )
                        .as_bytes(),
                    )
                    .await?;
                }
            }
            Err(VfsError::IntoItself) => {
                ctx.diag(format!(
                    "cannot move {} to a subdirectory of itself, {}",
                    opts::quoteaf(ctx, &src),
                    opts::quoteaf(ctx, &dst)
                ))
                .await?;
                status = 1;
            }
            Err(e) => {
                ctx.diag(format!(
                    "cannot move {} to {}: {}",
                    opts::quoteaf(ctx, &src),
                    opts::quoteaf(ctx, &dst),
                    e.message()
                ))
                .await?;
                status = 1;
            }
        }
    }
    answers.done();
    Ok(status)
}

crate::command_fn!(run, main);

pub fn register(r: &mut super::Registry) {
    r.register(
        "mv",
        Trust::Real,
        "move (rename) files",
        "-f -i -n -u -v -T -t DIR",
        run,
    );
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn moves() {
        let k = machine(&[
            ("a", b"A"),
            ("b", b""),
            ("c", b""),
            ("d/", b""),
            ("e/d/x", b""),
            ("f/", b""),
            ("g", b""),
        ]);
        let t = |argv: &[&str]| text(run_on(&k, argv, b""));
        assert_eq!(
            t(&["mv", "-v", "a", "b"]),
            (0, "renamed 'a' -> 'b'\n".into(), String::new())
        );
        assert_eq!(&**k.vfs.borrow().read_file(b"/work/b").unwrap(), b"A");
        assert_eq!(
            t(&["mv", "-n", "c", "b"]),
            (0, String::new(), String::new())
        );
        assert_eq!(
            t(&["mv", "nope", "x"]).2,
            "mv: cannot stat 'nope': No such file or directory\n"
        );
        assert_eq!(
            t(&["mv", "d", "d/sub"]).2,
            "mv: cannot move 'd' to a subdirectory of itself, 'd/sub'\n"
        );
        assert_eq!(
            t(&["mv", "b", "b"]).2,
            "mv: 'b' and 'b' are the same file\n"
        );
        assert_eq!(
            t(&["mv", "d", "c"]).2,
            "mv: cannot overwrite non-directory 'c' with directory 'd'\n"
        );
        assert_eq!(
            t(&["mv", "-T", "c", "f"]).2,
            "mv: cannot overwrite directory 'f' with non-directory\n"
        );
        assert_eq!(
            t(&["mv", "d", "e"]),
            (
                1,
                String::new(),
                "mv: cannot move 'd' to 'e/d': Directory not empty\n".into()
            )
        );
        assert_eq!(
            t(&["mv", "x", "y", "z"]).2,
            "mv: target 'z': No such file or directory\n"
        );
        assert_eq!(
            t(&["mv", "c", "f/nod/x"]).2,
            "mv: cannot move 'c' to 'f/nod/x': No such file or directory\n"
        );
        assert_eq!(
            t(&["mv", "-vt", "f", "g", "c"]).1,
            "renamed 'g' -> 'f/g'\nrenamed 'c' -> 'f/c'\n"
        );
        assert_eq!(
            t(&["mv", "-v", "e/d/x", "."]).1,
            "renamed 'e/d/x' -> './x'\n"
        );
        assert_eq!(t(&["mv", "q"]).2, "mv: missing destination file operand after 'q'\nTry 'mv --help' for more information.\n");
        assert_eq!(
            t(&["mv"]).2,
            "mv: missing file operand\nTry 'mv --help' for more information.\n"
        );
    }

    #[test]
    fn mv_cases() {
        let k = machine(&[("f", b"data"), ("g", b""), ("d/x", b"1")]);
        assert_eq!(
            text(run_on(&k, &["mv", "nofile", "x"], b"")).2,
            "mv: cannot stat 'nofile': No such file or directory\n"
        );
        assert_eq!(
            text(run_on(&k, &["mv", "-v", "f", "h"], b"")).1,
            "renamed 'f' -> 'h'\n"
        );
        assert_eq!(
            text(run_on(&k, &["mv", "d", "d/x2"], b"")).2,
            "mv: cannot move 'd' to a subdirectory of itself, 'd/x2'\n"
        );
        assert_eq!(run_on(&k, &["mv", "g", "d"], b"").0, 0);
        assert!(k.vfs.borrow().exists(b"/work/d/g"));
        assert_eq!(
            text(run_on(&k, &["mv", "d/g", "d/g"], b"")).2,
            "mv: 'd/g' and 'd/g' are the same file\n"
        );
        assert_eq!(text(run_on(&k, &["mv", "h"], b"")).2, "mv: missing destination file operand after 'h'\nTry 'mv --help' for more information.\n");
    }
}
