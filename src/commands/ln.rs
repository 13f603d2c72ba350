//! `ln`: hard links (the default) and symbolic links (`-s`).

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
    flag(b'L', "logical"),
    flag(b'P', "physical"),
    flag(b'd', "directory"),
    flag(b'F', ""),
];

/// How hard links are made.
struct Hard {
    force: bool,
    verbose: bool,
    /// `-L`: link what a symlink source points to (`-P`, the default, links the symlink).
    follow: bool,
    /// `-d`/`-F`: do not refuse a directory source up front (the kernel still does).
    dir_ok: bool,
    /// With `-f` and several sources, the names made by this run, which a later source
    /// must not replace: (canonical path, inode).
    made: Option<Vec<(Vec<u8>, u64)>>,
}

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
    // Pairs of (link target text, link path as shown).
    let mut pairs: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
    let is_dir = |name: &[u8], deref: bool| -> bool {
        if name.is_empty() {
            return false;
        }
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
    if !p.has(b's') {
        // -L and -P: the last one given wins.
        let follow = p
            .opts
            .iter()
            .rev()
            .find_map(|(c, _)| match *c {
                b'L' => Some(true),
                b'P' => Some(false),
                _ => None,
            })
            .unwrap_or(false);
        let mut hard = Hard {
            force,
            verbose,
            follow,
            dir_ok: p.has(b'd') || p.has(b'F'),
            made: (force && pairs.len() > 1).then(Vec::new),
        };
        for (source, link) in pairs {
            ctx.charge(crate::limits::cost::PATH_COMPONENT * 4)?;
            if !hard_link(ctx, &mut hard, &source, &link).await? {
                status = 1;
            }
        }
        return Ok(status);
    }
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

/// Makes one hard link `link` to `source`; false after a diagnostic.
async fn hard_link(
    ctx: &CommandCtx,
    o: &mut Hard,
    source: &[u8],
    link: &[u8],
) -> Result<bool, Interrupt> {
    // An empty name names nothing (resolving it would give the working directory).
    let abs_of = |p: &[u8]| (!p.is_empty()).then(|| ctx.resolve(p));
    let (src_abs, dst_abs) = (abs_of(source), abs_of(link));
    let try_link = |ctx: &CommandCtx| match (&src_abs, &dst_abs) {
        (Some(s), Some(d)) => ctx.vfs().link(s, d, o.follow),
        _ => Err(VfsError::NotFound),
    };
    // As GNU does, try the link first and look closer only when it fails.
    let mut result = try_link(ctx);
    if result.is_ok() {
        ctx.sys.sync_disk();
        return hard_done(ctx, o, source, link).await;
    }
    let src_stat = match &src_abs {
        Some(s) if o.follow => ctx.stat(s),
        Some(s) => ctx.lstat(s),
        None => Err(VfsError::NotFound),
    };
    let src_stat = match src_stat {
        Ok(st) => st,
        Err(e) => {
            ctx.diag(format!(
                "failed to access {}: {}",
                opts::quoteaf(ctx, source),
                e.message()
            ))
            .await?;
            return Ok(false);
        }
    };
    if src_stat.file_type == FileType::Dir && !o.dir_ok {
        ctx.diag(format!(
            "{}: hard link not allowed for directory",
            opts::quotef(ctx, source)
        ))
        .await?;
        return Ok(false);
    }
    let existing = dst_abs.as_ref().and_then(|d| ctx.lstat(d).ok());
    if let (true, Some(dst_stat), Some(d)) = (o.force, existing, &dst_abs) {
        if dst_stat.file_type == FileType::Dir {
            ctx.diag(format!(
                "{}: cannot overwrite directory",
                opts::quotef(ctx, link)
            ))
            .await?;
            return Ok(false);
        }
        let canon = canonical_name(ctx, d);
        if let Some(made) = &o.made {
            if made.contains(&(canon.clone(), dst_stat.ino)) {
                ctx.diag(format!(
                    "will not overwrite just-created {} with {}",
                    opts::quoteaf(ctx, link),
                    opts::quoteaf(ctx, source)
                ))
                .await?;
                return Ok(false);
            }
        }
        // Removing the destination would remove the source itself: its only name, or the
        // very same directory entry.
        let same_entry = src_abs.as_ref().map(|s| canonical_name(ctx, s)) == Some(canon);
        if src_stat.ino == dst_stat.ino && (src_stat.nlink == 1 || same_entry) {
            ctx.diag(format!(
                "{} and {} are the same file",
                opts::quoteaf(ctx, source),
                opts::quoteaf(ctx, link)
            ))
            .await?;
            return Ok(false);
        }
        // Replace the destination in one step: on failure it is put back untouched.
        let before = ctx.vfs().clone();
        let removed = ctx.vfs().remove(d);
        result = removed.and_then(|()| try_link(ctx));
        if result.is_err() {
            *ctx.vfs() = before;
        }
    }
    ctx.sys.sync_disk();
    match result {
        Ok(()) => hard_done(ctx, o, source, link).await,
        Err(e) => {
            let msg = match e {
                VfsError::Exists | VfsError::NoSpace | VfsError::ReadOnly => {
                    format!(
                        "failed to create hard link {}: {}",
                        opts::quoteaf(ctx, link),
                        e.message()
                    )
                }
                _ => format!(
                    "failed to create hard link {} => {}: {}",
                    opts::quoteaf(ctx, link),
                    opts::quoteaf(ctx, source),
                    e.message()
                ),
            };
            ctx.diag(msg).await?;
            Ok(false)
        }
    }
}

/// After a hard link was made: remember it (for `-f` with several sources) and report it.
async fn hard_done(
    ctx: &CommandCtx,
    o: &mut Hard,
    source: &[u8],
    link: &[u8],
) -> Result<bool, Interrupt> {
    if let Some(made) = &mut o.made {
        let abs = ctx.resolve(link);
        if let Ok(st) = ctx.lstat(&abs) {
            made.push((canonical_name(ctx, &abs), st.ino));
        }
    }
    if o.verbose {
        ctx.out(
            format!(
                "{} => {}\n",
                opts::quoteaf(ctx, link),
                opts::quoteaf(ctx, source)
            )
            .as_bytes(),
        )
        .await?;
    }
    Ok(true)
}

/// The directory entry `abs` names: its directory resolved, its last name kept as given.
fn canonical_name(ctx: &CommandCtx, abs: &[u8]) -> Vec<u8> {
    let dir = path::parent(abs);
    let dir = ctx.vfs().canonicalize(&dir).unwrap_or(dir);
    path::join(&dir, path::file_name(abs))
}

crate::command_fn!(run, main);

pub fn register(r: &mut super::Registry) {
    r.register(
        "ln",
        Trust::Real,
        "make hard links, or symbolic links with -s",
        "-s -f -n -T -t DIR -v -L -P -d -F",
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
    fn hard_links() {
        let k = machine(&[("a", b"x"), ("d/", b"")]);
        let t = |argv: &[&str]| text(run_on(&k, argv, b""));
        assert_eq!(t(&["ln", "-v", "a", "b"]).1, "'b' => 'a'\n");
        let st = k.vfs.borrow().stat(b"/work/b").unwrap();
        assert_eq!(st.nlink, 2);
        assert_eq!(st.ino, k.vfs.borrow().stat(b"/work/a").unwrap().ino);
        assert_eq!(
            t(&["ln", "a", "b"]).2,
            "ln: failed to create hard link 'b': File exists\n"
        );
        assert_eq!(
            t(&["ln", "d", "e"]).2,
            "ln: d: hard link not allowed for directory\n"
        );
        assert_eq!(
            t(&["ln", "-f", "a", "./a"]).2,
            "ln: 'a' and './a' are the same file\n"
        );
        assert_eq!(
            t(&["ln", "-fv", "b", "a"]),
            (0, "'a' => 'b'\n".into(), String::new())
        );
        assert_eq!(
            t(&["ln", "nope", "z"]).2,
            "ln: failed to access 'nope': No such file or directory\n"
        );
        assert_eq!(
            t(&["ln", "a", "nod/z"]).2,
            "ln: failed to create hard link 'nod/z' => 'a': No such file or directory\n"
        );
        assert_eq!(
            t(&["ln", "-d", "d", "e"]).2,
            "ln: failed to create hard link 'e' => 'd': Operation not permitted\n"
        );
        assert_eq!(t(&["ln", "-v", "a", "d"]).1, "'d/a' => 'a'\n");
        assert_eq!(k.vfs.borrow().stat(b"/work/a").unwrap().nlink, 3);
    }

    #[test]
    fn usage_errors() {
        assert_eq!(
            text(run(&["ln", "-s"], b"")).2,
            "ln: missing file operand\nTry 'ln --help' for more information.\n"
        );
    }
}
