//! `ln`: hard links (the default) and symbolic links (`-s`, relative with `-r`); an
//! existing destination is kept as a backup (`-b`) or replaced after asking (`-i`).

use super::backup::Backup;
use super::chmod::child_path;
use super::opts::{self, flag, optional, req, OptDef, Parser};
use super::readlink::{canonicalize, relative, Mode};
use super::yesno::Answers;
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
    flag(b'r', "relative"),
    flag(b'i', "interactive"),
    flag(b'b', ""),
    optional(BACKUP, "backup"),
    req(b'S', "suffix"),
];

const BACKUP: u8 = 0x80;

/// How hard links are made.
struct Hard {
    force: bool,
    /// The backup just made of the current destination, for the verbose line.
    backup: Option<Vec<u8>>,
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
    // -f and -i: the last one given wins.
    let interactive = p
        .opts
        .iter()
        .rev()
        .find_map(|(c, _)| match *c {
            b'f' => Some(false),
            b'i' => Some(true),
            _ => None,
        })
        .unwrap_or(false);
    let force = p.has(b'f') && !interactive;
    let symbolic = p.has(b's');
    let relative = p.has(b'r');
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
    if relative && !symbolic {
        ctx.diag("cannot do --relative without --symbolic").await?;
        return Ok(1);
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
    let requested = p.has(b'b') || p.has(BACKUP) || p.has(b'S');
    let control = p
        .opts
        .iter()
        .rev()
        .find_map(|(c, v)| (*c == BACKUP).then_some(v.as_deref()).flatten());
    let backup = match Backup::from_options(ctx, requested, control, p.last(b'S')) {
        Ok(b) => b,
        Err(m) => {
            // GNU has already tried the one link of a plain two-operand command (not into
            // a directory) when it reads the backup type; a link that could be made stays.
            let plain = ops.len() == 2 && target_dir.is_none() && !no_target && !relative;
            if let (true, [(source, link)]) = (plain, pairs.as_slice()) {
                if link == &ops[1] && !source.is_empty() && !link.is_empty() {
                    let (s, l) = (ctx.resolve(source), ctx.resolve(link));
                    let _ = if symbolic {
                        ctx.vfs().symlink(source, &l)
                    } else {
                        ctx.vfs().link(&s, &l, follow)
                    };
                    ctx.sys.sync_disk();
                }
            }
            return opts::usage(ctx, &m, 1).await;
        }
    };
    let mut settle = Settle {
        answers: Answers::default(),
        symbolic,
        interactive,
        force,
        follow,
        backup,
    };
    let mut status = 0;
    if !symbolic {
        let mut hard = Hard {
            force,
            backup: None,
            verbose,
            follow,
            dir_ok: p.has(b'd') || p.has(b'F'),
            made: (force && pairs.len() > 1).then(Vec::new),
        };
        for (source, link) in pairs {
            ctx.charge(crate::limits::cost::PATH_COMPONENT * 4)?;
            match settle.existing(ctx, &source, &link).await? {
                Settled::Go { backup, replace } => {
                    hard.backup = backup;
                    hard.force = replace;
                }
                Settled::Skip => continue,
                Settled::Fail => {
                    status = 1;
                    continue;
                }
            }
            if !hard_link(ctx, &mut hard, &source, &link).await? {
                status = 1;
            }
        }
        settle.answers.done();
        return Ok(status);
    }
    for (target, link) in pairs {
        ctx.charge(crate::limits::cost::PATH_COMPONENT * 4)?;
        let target = if relative && !target.is_empty() {
            relative_target(ctx, &target, &link)
        } else {
            target
        };
        let (backup, force) = match settle.existing(ctx, &target, &link).await? {
            Settled::Go { backup, replace } => (backup, replace),
            Settled::Skip => continue,
            Settled::Fail => {
                status = 1;
                continue;
            }
        };
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
                    let line = format!(
                        "{}{} -> {}\n",
                        backup_shown(ctx, backup.as_deref()),
                        opts::quoteaf(ctx, &link),
                        opts::quoteaf(ctx, &target)
                    );
                    ctx.out(line.as_bytes()).await?;
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
    settle.answers.done();
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
        let line = format!(
            "{}{} => {}\n",
            backup_shown(ctx, o.backup.as_deref()),
            opts::quoteaf(ctx, link),
            opts::quoteaf(ctx, source)
        );
        ctx.out(line.as_bytes()).await?;
    }
    Ok(true)
}

/// The verbose line's prefix naming a backup just made: `'b~' ~ `.
fn backup_shown(ctx: &CommandCtx, backup: Option<&[u8]>) -> String {
    backup.map_or(String::new(), |b| format!("{} ~ ", opts::quoteaf(ctx, b)))
}

/// `-r`: the symlink text that reaches `target` (a name relative to the working directory)
/// from the directory `link` is in. Both are canonicalized with every symlink resolved,
/// the source's own too, and missing components allowed, as GNU does; a name that cannot be
/// canonicalized is used as given.
fn relative_target(ctx: &CommandCtx, target: &[u8], link: &[u8]) -> Vec<u8> {
    let to = canonicalize(ctx, &ctx.resolve(target), Mode::Missing);
    let dir = canonicalize(ctx, &path::parent(&ctx.resolve(link)), Mode::Missing);
    match (to, dir) {
        (Ok(to), Ok(dir)) => relative(&to, &dir),
        _ => target.to_vec(),
    }
}

/// What `-i` and `-b` need before a link replaces an existing destination.
struct Settle {
    symbolic: bool,
    interactive: bool,
    force: bool,
    follow: bool,
    backup: Backup,
    answers: Answers,
}

enum Settled {
    /// Make the link; `replace` says whether a destination still there may be replaced.
    Go {
        backup: Option<Vec<u8>>,
        replace: bool,
    },
    /// The user declined: nothing to do, and no failure.
    Skip,
    /// Reported; the link is not made.
    Fail,
}

impl Settle {
    /// Looks at the destination `link` of `source`: refuses a directory or the source's own
    /// name, asks before replacing it (`-i`), and renames it to its backup name (`-b`).
    async fn existing(
        &mut self,
        ctx: &CommandCtx,
        source: &[u8],
        link: &[u8],
    ) -> Result<Settled, Interrupt> {
        let go = Settled::Go {
            backup: None,
            replace: self.force,
        };
        if !self.interactive && !self.backup.enabled() || link.is_empty() {
            return Ok(go);
        }
        let dest = ctx.resolve(link);
        let Ok(dest_st) = ctx.lstat(&dest) else {
            return Ok(go);
        };
        // A hard link's destination that is the source itself cannot be backed up or
        // replaced: that would lose the source.
        if !self.symbolic && (self.force || self.backup.enabled()) && !source.is_empty() {
            let src = ctx.resolve(source);
            let src_st = if self.follow {
                ctx.stat(&src)
            } else {
                ctx.lstat(&src)
            };
            if let Ok(src_st) = src_st {
                let same_name = canonical_name(ctx, &src) == canonical_name(ctx, &dest);
                if src_st.ino == dest_st.ino && (src_st.nlink == 1 || same_name) {
                    ctx.diag(format!(
                        "{} and {} are the same file",
                        opts::quoteaf(ctx, source),
                        opts::quoteaf(ctx, link)
                    ))
                    .await?;
                    return Ok(Settled::Fail);
                }
            }
        }
        if dest_st.file_type == FileType::Dir {
            let m = format!("{}: cannot overwrite directory", opts::quotef(ctx, link));
            ctx.diag(m).await?;
            return Ok(Settled::Fail);
        }
        if self.interactive {
            let q = format!("{}: replace {}? ", ctx.name(), opts::quoteaf(ctx, link));
            ctx.err(q.as_bytes()).await?;
            if !self.answers.yesno(ctx).await? {
                return Ok(Settled::Skip);
            }
            // Linking a file over another name of itself changes nothing.
            if !self.symbolic && !self.backup.enabled() {
                let src = ctx.resolve(source);
                let src_st = if self.follow {
                    ctx.stat(&src)
                } else {
                    ctx.lstat(&src)
                };
                if src_st.is_ok_and(|s| s.ino == dest_st.ino) {
                    return Ok(Settled::Skip);
                }
            }
        }
        if !self.backup.enabled() {
            return Ok(Settled::Go {
                backup: None,
                replace: true,
            });
        }
        let dir = path::parent(&dest);
        ctx.charge(crate::limits::cost::PATH_COMPONENT)?;
        let siblings: Vec<Vec<u8>> = match ctx.read_dir(&dir) {
            Ok(entries) => entries.into_iter().map(|(n, _)| n.to_vec()).collect(),
            Err(_) => Vec::new(),
        };
        ctx.charge(crate::limits::cost::PATH_COMPONENT * siblings.len() as u64)?;
        let name = self.backup.name_for(link, &siblings);
        // A name ending in `/` (from a suffix like `x/`) must be a directory, and the
        // destination is not one.
        let r = if name.ends_with(b"/") {
            Err(VfsError::NotDir)
        } else {
            ctx.vfs().rename(&dest, &ctx.resolve(&name))
        };
        if let Err(e) = r {
            let m = format!(
                "cannot backup {}: {}",
                opts::quoteaf(ctx, link),
                e.message()
            );
            ctx.diag(m).await?;
            return Ok(Settled::Fail);
        }
        Ok(Settled::Go {
            backup: Some(name),
            replace: self.force,
        })
    }
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
        "-s -f -i -n -T -t DIR -v -L -P -d -F -r -b --backup[=CONTROL] -S SUFFIX",
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
