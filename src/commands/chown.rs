//! `chown` and `chgrp`: change owner and group. The modeled user and group databases know only
//! `root` (id 0); any other owner must be numeric. With `-R` the walk is physical (symlinks are
//! changed themselves, never followed) and directories are changed after their contents, like
//! GNU's fts-based walk.

use super::chmod::child_path;
use super::fsutil::{group_name, parse_group, parse_user, user_name};
use super::opts::{self, flag, req, OptDef, Parser, Quoting};
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::vfs::{path, FileType};

const REFERENCE: u8 = 0x80;
const PRESERVE_ROOT: u8 = 0x81;
const NO_PRESERVE_ROOT: u8 = 0x82;
const DEREFERENCE: u8 = 0x83;

const DEFS: &[OptDef] = &[
    flag(b'c', "changes"),
    flag(b'f', "silent"),
    flag(b'f', "quiet"),
    flag(b'v', "verbose"),
    flag(b'R', "recursive"),
    flag(b'h', "no-dereference"),
    flag(DEREFERENCE, "dereference"),
    req(REFERENCE, "reference"),
    flag(PRESERVE_ROOT, "preserve-root"),
    flag(NO_PRESERVE_ROOT, "no-preserve-root"),
];

struct Spec {
    uid: Option<u32>,
    gid: Option<u32>,
    /// How the new owner is shown in messages.
    user_shown: Option<String>,
    group_shown: Option<String>,
}

fn id_name(id: u32, user: bool) -> String {
    let n = if user { user_name(id) } else { group_name(id) };
    n.map(str::to_string).unwrap_or_else(|| id.to_string())
}

/// Parses `OWNER[:[GROUP]]` (or the obsolete `OWNER.GROUP`).
fn parse_spec(q: Quoting, s: &[u8]) -> Result<(Spec, bool), String> {
    let text = String::from_utf8_lossy(s).into_owned();
    let (sep_pos, dot) = match s.iter().position(|&b| b == b':') {
        Some(i) => (Some(i), false),
        None => match s.iter().position(|&b| b == b'.') {
            Some(i) if parse_user(s).is_none() => (Some(i), true),
            _ => (None, false),
        },
    };
    let (u, g) = match sep_pos {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let mut spec = Spec {
        uid: None,
        gid: None,
        user_shown: None,
        group_shown: None,
    };
    if !u.is_empty() {
        match parse_user(u) {
            Some(id) => {
                spec.uid = Some(id);
                let numeric = u != b"root";
                spec.user_shown = Some(if numeric && !dot && g.is_some_and(|g| !g.is_empty()) {
                    String::new()
                } else {
                    String::from_utf8_lossy(u).into_owned()
                });
            }
            None => return Err(format!("invalid user: {}", q.quote(s))),
        }
    }
    match g {
        Some(g) if !g.is_empty() => match parse_group(g) {
            Some(id) => {
                spec.gid = Some(id);
                spec.group_shown = Some(String::from_utf8_lossy(g).into_owned());
            }
            None => return Err(format!("invalid group: {}", q.quote(s))),
        },
        Some(_) if !u.is_empty() => {
            // `OWNER:` means the owner's login group: only root has a passwd entry.
            if u != b"root" {
                return Err(format!("invalid spec: {}", q.quote(s)));
            }
            spec.gid = Some(0);
            spec.group_shown = Some("root".into());
        }
        _ => {}
    }
    let _ = text;
    Ok((spec, dot))
}

struct Opts {
    spec: Spec,
    verbose: bool,
    changes: bool,
    quiet: bool,
    recursive: bool,
    follow: bool,
}

async fn main(ctx: &CommandCtx, chgrp: bool) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut operands = p.operands.clone();
    let recursive = p.has(b'R');
    let deref = p
        .opts
        .iter()
        .rev()
        .find(|(i, _)| *i == b'h' || *i == DEREFERENCE)
        .map(|(i, _)| *i == DEREFERENCE);
    if recursive && deref == Some(true) {
        ctx.diag("-R --dereference requires either -H or -L")
            .await?;
        return Ok(1);
    }
    let spec = if let Some(r) = p.last(REFERENCE) {
        let st = ctx.vfs().stat(&ctx.resolve(r));
        match st {
            Ok(st) => Spec {
                uid: (!chgrp).then_some(st.uid),
                gid: Some(st.gid),
                user_shown: (!chgrp).then(|| id_name(st.uid, true)),
                group_shown: Some(id_name(st.gid, false)),
            },
            Err(e) => {
                ctx.diag(format!(
                    "failed to get attributes of {}: {}",
                    opts::quoteaf(ctx, r),
                    e.message()
                ))
                .await?;
                return Ok(1);
            }
        }
    } else {
        if operands.is_empty() {
            return opts::usage(ctx, "missing operand", 1).await;
        }
        let s = operands.remove(0);
        if chgrp {
            if s.is_empty() {
                Spec {
                    uid: None,
                    gid: None,
                    user_shown: None,
                    group_shown: None,
                }
            } else {
                match parse_group(&s) {
                    Some(g) => Spec {
                        uid: None,
                        gid: Some(g),
                        user_shown: None,
                        group_shown: Some(String::from_utf8_lossy(&s).into_owned()),
                    },
                    None => {
                        ctx.diag(format!("invalid group: {}", opts::quote(ctx, &s)))
                            .await?;
                        return Ok(1);
                    }
                }
            }
        } else {
            match parse_spec(Quoting::of(ctx), &s) {
                Ok((spec, dot)) => {
                    if operands.is_empty() {
                        return opts::usage(
                            ctx,
                            &format!("missing operand after {}", opts::quote(ctx, &s)),
                            1,
                        )
                        .await;
                    }
                    if dot {
                        ctx.diag(format!(
                            "warning: '.' should be ':': {}",
                            opts::quote(ctx, &s)
                        ))
                        .await?;
                    }
                    spec
                }
                Err(m) => {
                    if operands.is_empty() {
                        return opts::usage(
                            ctx,
                            &format!("missing operand after {}", opts::quote(ctx, &s)),
                            1,
                        )
                        .await;
                    }
                    ctx.diag(m).await?;
                    return Ok(1);
                }
            }
        }
    };
    if operands.is_empty() {
        return opts::usage(ctx, "missing operand", 1).await;
    }
    let preserve_root = p
        .opts
        .iter()
        .rev()
        .find(|(i, _)| *i == PRESERVE_ROOT || *i == NO_PRESERVE_ROOT)
        .map(|(i, _)| *i == PRESERVE_ROOT)
        .unwrap_or(false);
    let o = Opts {
        spec,
        verbose: p.has(b'v'),
        changes: p.has(b'c'),
        quiet: p.has(b'f'),
        recursive,
        follow: !recursive && deref != Some(false),
    };
    let mut status = 0;
    for op in &operands {
        let abs = ctx.resolve(op);
        if recursive
            && preserve_root
            && ctx
                .vfs()
                .canonicalize(&abs)
                .map(|c| c == b"/")
                .unwrap_or(false)
        {
            if path::normalize(&abs) == b"/" {
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
        one(ctx, &o, op, &abs, &mut status).await?;
    }
    Ok(status)
}

fn user_group_str(u: Option<&str>, g: Option<&str>) -> Option<String> {
    match (u, g) {
        (Some(u), Some(g)) => Some(format!("{u}:{g}")),
        (Some(u), None) => Some(u.to_string()),
        (None, Some(g)) => Some(g.to_string()),
        (None, None) => None,
    }
}

async fn one(
    ctx: &CommandCtx,
    o: &Opts,
    shown: &[u8],
    abs: &[u8],
    status: &mut i32,
) -> Result<(), Interrupt> {
    ctx.charge(crate::limits::cost::PATH_COMPONENT * 4)?;
    let st = if o.follow {
        ctx.vfs().stat(abs)
    } else {
        ctx.vfs().lstat(abs)
    };
    let st = match st {
        Ok(s) => s,
        Err(e) => {
            if !o.quiet {
                ctx.diag(format!(
                    "cannot access {}: {}",
                    opts::quoteaf(ctx, shown),
                    e.message()
                ))
                .await?;
            }
            *status = 1;
            return Ok(());
        }
    };
    if o.recursive && st.file_type == FileType::Dir {
        let list = ctx.vfs().read_dir(abs);
        match list {
            Ok(list) => {
                for (name, _) in list {
                    Box::pin(one(
                        ctx,
                        o,
                        &child_path(shown, &name),
                        &path::join(abs, &name),
                        status,
                    ))
                    .await?;
                }
            }
            Err(e) => {
                if !o.quiet {
                    ctx.diag(format!(
                        "cannot read directory {}: {}",
                        opts::quoteaf(ctx, shown),
                        e.message()
                    ))
                    .await?;
                }
                *status = 1;
            }
        }
    }
    let s = &o.spec;
    let res = ctx.vfs().chown(abs, s.uid, s.gid, o.follow);
    if let Err(e) = res {
        if !o.quiet {
            ctx.diag(format!(
                "changing ownership of {}: {}",
                opts::quoteaf(ctx, shown),
                e.message()
            ))
            .await?;
        }
        *status = 1;
        return Ok(());
    }
    let changed = !(s.uid.is_none_or(|u| u == st.uid) && s.gid.is_none_or(|g| g == st.gid));
    if o.verbose || (o.changes && changed) {
        let user = s.uid.map(|_| s.user_shown.clone().unwrap_or_default());
        let group = s.gid.map(|_| s.group_shown.clone().unwrap_or_default());
        let old_u = s.uid.map(|_| id_name(st.uid, true));
        let old_g = s.gid.map(|_| id_name(st.gid, false));
        let q = opts::quoteaf(ctx, shown);
        let line = if changed {
            let what = if user.is_some() {
                "changed ownership"
            } else {
                "changed group"
            };
            format!(
                "{what} of {q} from {} to {}\n",
                user_group_str(old_u.as_deref(), old_g.as_deref()).unwrap_or_default(),
                user_group_str(user.as_deref(), group.as_deref()).unwrap_or_default()
            )
        } else {
            match user_group_str(old_u.as_deref(), old_g.as_deref()) {
                Some(old) if user.is_some() => format!("ownership of {q} retained as {old}\n"),
                Some(old) => format!("group of {q} retained as {old}\n"),
                None => format!("ownership of {q} retained\n"),
            }
        };
        ctx.out(line.as_bytes()).await?;
    }
    Ok(())
}

async fn chown_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    main(ctx, false).await
}

async fn chgrp_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    main(ctx, true).await
}

crate::command_fn!(run_chown, chown_main);
crate::command_fn!(run_chgrp, chgrp_main);

pub fn register(r: &mut super::Registry) {
    let o = "-c -f -v -R -h --dereference --reference=RFILE --preserve-root --no-preserve-root (users/groups: root or numeric ids)";
    r.register(
        "chown",
        Trust::Real,
        "change file owner and group",
        o,
        run_chown,
    );
    r.register("chgrp", Trust::Real, "change group ownership", o, run_chgrp);
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn verbose_messages() {
        let k = machine(&[("a", b""), ("d/f", b"")]);
        let t = |argv: &[&str]| text(run_on(&k, argv, b""));
        assert_eq!(
            t(&["chown", "-v", "root", "a"]).1,
            "ownership of 'a' retained as root\n"
        );
        assert_eq!(
            t(&["chown", "-v", "1000", "a"]).1,
            "changed ownership of 'a' from root to 1000\n"
        );
        assert_eq!(
            t(&["chown", "-v", ":1000", "a"]).1,
            "changed group of 'a' from root to 1000\n"
        );
        assert_eq!(
            t(&["chown", "-v", "1000:1000", "a"]).1,
            "ownership of 'a' retained as 1000:1000\n"
        );
        assert_eq!(
            t(&["chown", "-v", "root:", "a"]).1,
            "changed ownership of 'a' from 1000:1000 to root:root\n"
        );
        assert_eq!(
            t(&["chown", "-v", "1:root", "a"]).1,
            "changed ownership of 'a' from root:root to :root\n"
        );
        assert_eq!(
            t(&["chown", "-v", ":", "a"]).1,
            "ownership of 'a' retained\n"
        );
        assert_eq!(
            t(&["chown", "-Rv", "7", "d"]).1,
            "changed ownership of 'd/f' from root to 7\nchanged ownership of 'd' from root to 7\n"
        );
        assert_eq!(t(&["chgrp", "-Rc", "0", "d"]).1, "");
        assert_eq!(
            t(&["chgrp", "-v", "9", "a"]).1,
            "changed group of 'a' from root to 9\n"
        );
        assert_eq!(
            t(&["chown", "-v", "3.3", "a"]),
            (
                0,
                "changed ownership of 'a' from 1:9 to 3:3\n".into(),
                "chown: warning: '.' should be ':': '3.3'\n".into()
            )
        );
    }

    #[test]
    fn symlinks() {
        let k = machine(&[("a", b"")]);
        k.vfs.borrow_mut().symlink(b"a", b"/work/l").unwrap();
        run_on(&k, &["chown", "5", "l"], b"");
        assert_eq!(k.vfs.borrow().stat(b"/work/a").unwrap().uid, 5);
        run_on(&k, &["chown", "-h", "6", "l"], b"");
        assert_eq!(k.vfs.borrow().stat(b"/work/a").unwrap().uid, 5);
        assert_eq!(k.vfs.borrow().lstat(b"/work/l").unwrap().uid, 6);
    }

    #[test]
    fn errors() {
        let t = |argv: &[&str]| text(run_files(argv, b"", &[("a", b"")]));
        assert_eq!(
            t(&["chown", "nobodyx", "a"]),
            (1, String::new(), "chown: invalid user: 'nobodyx'\n".into())
        );
        assert_eq!(
            t(&["chown", "1000:nog", "a"]).2,
            "chown: invalid group: '1000:nog'\n"
        );
        assert_eq!(t(&["chown", "5:", "a"]).2, "chown: invalid spec: '5:'\n");
        assert_eq!(t(&["chgrp", "nog", "a"]).2, "chgrp: invalid group: 'nog'\n");
        assert_eq!(
            t(&["chgrp"]).2,
            "chgrp: missing operand\nTry 'chgrp --help' for more information.\n"
        );
        assert_eq!(
            t(&["chown", "5"]).2,
            "chown: missing operand after '5'\nTry 'chown --help' for more information.\n"
        );
        assert_eq!(
            t(&["chown", "5", "nope"]),
            (
                1,
                String::new(),
                "chown: cannot access 'nope': No such file or directory\n".into()
            )
        );
        assert_eq!(
            t(&["chown", "-R", "--dereference", "0", "a"]).2,
            "chown: -R --dereference requires either -H or -L\n"
        );
    }
}
