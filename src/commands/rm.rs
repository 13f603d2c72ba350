//! `rm`: remove files and (with `-r` or `-d`) directories; refuses `/`, `.` and `..`.
//! `-i` asks before each removal and `-I` once for the whole command, the answers read from
//! standard input (no process has a terminal, so nothing is asked otherwise).

use super::opts::{self, flag, OptDef, Parser};
use super::yesno::Answers;
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use crate::vfs::{path, FileType};

const DEFS: &[OptDef] = &[
    flag(b'f', "force"),
    flag(b'r', "recursive"),
    flag(b'R', ""),
    flag(b'd', "dir"),
    flag(b'v', "verbose"),
    flag(b'i', ""),
    flag(b'I', ""),
    opts::optional(INTERACTIVE, "interactive"),
    opts::optional(0x80, "preserve-root"),
    flag(0x81, "no-preserve-root"),
    flag(0x82, "one-file-system"),
];

const INTERACTIVE: u8 = 0x83;

/// When GNU rm asks (`--interactive=WHEN`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum When {
    Never,
    Once,
    Always,
}

const WHEN: &[(&str, When)] = &[
    ("never", When::Never),
    ("no", When::Never),
    ("none", When::Never),
    ("once", When::Once),
    ("always", When::Always),
    ("yes", When::Always),
];

struct Rm {
    /// `-f`: a missing operand is no error.
    force: bool,
    recursive: bool,
    dir: bool,
    verbose: bool,
    /// `-i`: ask before each removal.
    ask: bool,
    answers: Answers,
}

/// How one removal ended. A declined removal is no failure, but the directories above it
/// are still asked about (and then fail, not being empty); after a failure they are skipped.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Done {
    Removed,
    Declined,
    Failed,
}

/// `-i`: prints `rm: QUESTION 'shown'? ` and reads the answer.
async fn ask(
    ctx: &CommandCtx,
    o: &mut Rm,
    question: &str,
    shown: &[u8],
) -> Result<bool, Interrupt> {
    let q = format!("{}: {question} {}? ", ctx.name(), opts::quoteaf(ctx, shown));
    ctx.err(q.as_bytes()).await?;
    o.answers.yesno(ctx).await
}

/// Removes `shown` (absolute `abs`).
async fn remove(ctx: &CommandCtx, o: &mut Rm, shown: &[u8], abs: &[u8]) -> Result<Done, Interrupt> {
    ctx.charge(crate::limits::cost::PATH_COMPONENT)?;
    let st = ctx.vfs().lstat(abs);
    let st = match st {
        Ok(s) => s,
        Err(e) => {
            if o.force && e == crate::vfs::VfsError::NotFound {
                return Ok(Done::Removed);
            }
            ctx.diag(format!(
                "cannot remove {}: {}",
                opts::quoteaf(ctx, shown),
                e.message()
            ))
            .await?;
            return Ok(Done::Failed);
        }
    };
    if st.file_type == FileType::Dir {
        let entries = ctx.vfs().read_dir(abs).unwrap_or_default();
        if !o.recursive {
            if !o.dir {
                ctx.diag(format!(
                    "cannot remove {}: Is a directory",
                    opts::quoteaf(ctx, shown)
                ))
                .await?;
                return Ok(Done::Failed);
            }
            if !entries.is_empty() {
                ctx.diag(format!(
                    "cannot remove {}: Directory not empty",
                    opts::quoteaf(ctx, shown)
                ))
                .await?;
                return Ok(Done::Failed);
            }
        } else if !entries.is_empty() {
            if o.ask && !ask(ctx, o, "descend into directory", shown).await? {
                return Ok(Done::Declined);
            }
            for (name, _) in entries {
                let mut s = shown.to_vec();
                if !s.ends_with(b"/") {
                    s.push(b'/');
                }
                s.extend_from_slice(&name);
                let done = Box::pin(remove(ctx, o, &s, &path::join(abs, &name))).await?;
                if done == Done::Failed {
                    return Ok(Done::Failed);
                }
            }
        }
    }
    if o.ask {
        let what = match st.file_type {
            FileType::Dir => "remove directory",
            FileType::Symlink => "remove symbolic link",
            FileType::File if st.size == 0 => "remove regular empty file",
            FileType::File => "remove regular file",
        };
        if !ask(ctx, o, what, shown).await? {
            return Ok(Done::Declined);
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
            Ok(Done::Removed)
        }
        Err(e) => {
            ctx.diag(format!(
                "cannot remove {}: {}",
                opts::quoteaf(ctx, shown),
                e.message()
            ))
            .await?;
            Ok(Done::Failed)
        }
    }
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    // The last of -f, -i, -I and --interactive decides when to ask; each but
    // --interactive=never also decides whether a missing operand is an error.
    let (mut force, mut when) = (false, When::Never);
    for (id, v) in &p.opts {
        match (id, v) {
            (b'f', _) => (force, when) = (true, When::Never),
            (b'i', _) => (force, when) = (false, When::Always),
            (b'I', _) => (force, when) = (false, When::Once),
            (&INTERACTIVE, None) => (force, when) = (false, When::Always),
            (&INTERACTIVE, Some(arg)) => match opts::argmatch(arg, WHEN) {
                Ok(When::Never) => when = When::Never,
                Ok(w) => (force, when) = (false, w),
                Err(ambiguous) => {
                    let groups: &[&[&str]] =
                        &[&["never", "no", "none"], &["once"], &["always", "yes"]];
                    let m = opts::argmatch_failure(ctx, arg, "--interactive", groups, ambiguous);
                    return opts::usage(ctx, &m, 1).await;
                }
            },
            _ => {}
        }
    }
    let mut o = Rm {
        force,
        recursive: p.has(b'r') || p.has(b'R'),
        dir: p.has(b'd'),
        verbose: p.has(b'v'),
        ask: when == When::Always,
        answers: Answers::default(),
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
    // -I asks once, before anything, when the command could remove a lot.
    let n = p.operands.len();
    if when == When::Once && (o.recursive || n > 3) {
        let (s, how) = (
            if n == 1 { "" } else { "s" },
            if o.recursive { " recursively" } else { "" },
        );
        ctx.err(format!("{}: remove {n} argument{s}{how}? ", ctx.name()).as_bytes())
            .await?;
        let yes = o.answers.yesno(ctx).await?;
        if !yes {
            o.answers.done();
            return Ok(0);
        }
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
        if remove(ctx, &mut o, op, &abs).await? == Done::Failed {
            status = 1;
        }
    }
    o.answers.done();
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

    /// Checked against GNU rm 9.1: answers come from standard input, a declined file
    /// leaves its directory to fail as not empty.
    #[test]
    fn asks() {
        let k = machine(&[("d/s/f", b""), ("g", b"x")]);
        assert_eq!(
            text(run_on(&k, &["rm", "-ri", "d"], b"y\ny\nn\ny\ny\n")),
            (
                1,
                String::new(),
                "rm: descend into directory 'd'? rm: descend into directory 'd/s'? rm: remove regular empty file 'd/s/f'? rm: remove directory 'd/s'? rm: cannot remove 'd/s': Directory not empty\n".into()
            )
        );
        assert_eq!(
            text(run_on(&k, &["rm", "-I", "-r", "g"], b"n\n")),
            (
                0,
                String::new(),
                "rm: remove 1 argument recursively? ".into()
            )
        );
        assert!(k.vfs.borrow().exists(b"/work/g"));
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
        assert_eq!(run_on(&k, &["rm", "-j", "x"], b"").0, 1);
        assert!(k.vfs.borrow().exists(b"/work"));
    }
}
