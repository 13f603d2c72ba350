//! `chmod`: change permission bits (octal or symbolic modes, GNU `mode_compile`/`mode_adjust`
//! semantics with the modeled umask 022), recursively in sorted directory order.

use super::fsutil::mode_string;
use super::opts::{self, flag, req, OptDef, Parser};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use crate::vfs::{path, FileType};

const REFERENCE: u8 = 0x80;
const PRESERVE_ROOT: u8 = 0x81;
const NO_PRESERVE_ROOT: u8 = 0x82;

const DEFS: &[OptDef] = &[
    flag(b'c', "changes"),
    flag(b'f', "silent"),
    flag(b'f', "quiet"),
    flag(b'v', "verbose"),
    flag(b'R', "recursive"),
    req(REFERENCE, "reference"),
    flag(PRESERVE_ROOT, "preserve-root"),
    flag(NO_PRESERVE_ROOT, "no-preserve-root"),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flag {
    Ordinary,
    XIfAnyX,
    CopyExisting,
}

#[derive(Clone, Copy, Debug)]
pub struct Change {
    op: u8,
    flag: Flag,
    affected: u32,
    value: u32,
    mentioned: u32,
}

const ALLM: u32 = 0o7777;

/// Compiles a mode string (`755`, `u+x,go-w`, `a=r`, `+X`, `g=u`).
pub fn compile(s: &[u8]) -> Option<Vec<Change>> {
    if s.is_empty() {
        return None;
    }
    if s[0].is_ascii_digit() && s[0] < b'8' {
        let mut v: u32 = 0;
        for &c in s {
            if !(b'0'..b'8').contains(&c) {
                return None;
            }
            v = v * 8 + u32::from(c - b'0');
            if v > ALLM {
                return None;
            }
        }
        let mentioned = if s.len() < 5 {
            (v & 0o6000) | 0o1000 | 0o777
        } else {
            ALLM
        };
        return Some(vec![Change {
            op: b'=',
            flag: Flag::Ordinary,
            affected: ALLM,
            value: v,
            mentioned,
        }]);
    }
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        let mut affected = 0;
        loop {
            match s.get(i) {
                Some(b'u') => affected |= 0o4700,
                Some(b'g') => affected |= 0o2070,
                Some(b'o') => affected |= 0o1007,
                Some(b'a') => affected |= ALLM,
                Some(b'=' | b'+' | b'-') => break,
                _ => return None,
            }
            i += 1;
        }
        loop {
            let op = s[i];
            i += 1;
            let mut mentioned = 0;
            let mut flag = Flag::CopyExisting;
            let value;
            match s.get(i) {
                Some(c @ b'0'..=b'7') => {
                    let _ = c;
                    let mut v: u32 = 0;
                    while let Some(&d @ b'0'..=b'7') = s.get(i) {
                        v = v * 8 + u32::from(d - b'0');
                        if v > ALLM {
                            return None;
                        }
                        i += 1;
                    }
                    if affected != 0 || (i < s.len() && s[i] != b',') {
                        return None;
                    }
                    affected = ALLM;
                    mentioned = ALLM;
                    value = v;
                    flag = Flag::Ordinary;
                }
                Some(b'u') => {
                    value = 0o700;
                    i += 1;
                }
                Some(b'g') => {
                    value = 0o070;
                    i += 1;
                }
                Some(b'o') => {
                    value = 0o007;
                    i += 1;
                }
                _ => {
                    let mut v = 0;
                    flag = Flag::Ordinary;
                    loop {
                        match s.get(i) {
                            Some(b'r') => v |= 0o444,
                            Some(b'w') => v |= 0o222,
                            Some(b'x') => v |= 0o111,
                            Some(b'X') => flag = Flag::XIfAnyX,
                            Some(b's') => v |= 0o6000,
                            Some(b't') => v |= 0o1000,
                            _ => break,
                        }
                        i += 1;
                    }
                    value = v;
                }
            }
            let mentioned = if mentioned != 0 {
                mentioned
            } else if affected != 0 {
                affected & value
            } else {
                value
            };
            out.push(Change {
                op,
                flag,
                affected,
                value,
                mentioned,
            });
            if !matches!(s.get(i), Some(b'=' | b'+' | b'-')) {
                break;
            }
        }
        if s.get(i) != Some(&b',') {
            break;
        }
        i += 1;
    }
    if i == s.len() {
        Some(out)
    } else {
        None
    }
}

/// Applies compiled changes to `old` (GNU `mode_adjust`).
pub fn adjust(old: u32, dir: bool, umask: u32, changes: &[Change]) -> u32 {
    let mut new = old & ALLM;
    for c in changes {
        let omit = if dir { 0o6000 & !c.mentioned } else { 0 };
        let mut value = c.value;
        match c.flag {
            Flag::Ordinary => {}
            Flag::CopyExisting => {
                value &= new;
                let mut v = value;
                if value & 0o444 != 0 {
                    v |= 0o444;
                }
                if value & 0o222 != 0 {
                    v |= 0o222;
                }
                if value & 0o111 != 0 {
                    v |= 0o111;
                }
                value = v;
            }
            Flag::XIfAnyX => {
                if new & 0o111 != 0 || dir {
                    value |= 0o111;
                }
            }
        }
        value &= (if c.affected != 0 { c.affected } else { !umask }) & !omit;
        match c.op {
            b'=' => {
                let preserved = (if c.affected != 0 { !c.affected } else { 0 }) | omit;
                new = (new & preserved) | value;
            }
            b'+' => new |= value,
            _ => new &= !value,
        }
    }
    new & ALLM
}

/// Whether an argument is a mode that looks like an option (`-w`, `-rwx`, `-0`).
fn mode_like(a: &[u8]) -> bool {
    a.len() >= 2
        && a[0] == b'-'
        && a[1..].iter().all(|c| b"rwxXstugoa,+-=01234567".contains(c))
        && b"rwxXstugoa,+=01234567".contains(&a[1])
}

fn perms(mode: u32) -> String {
    mode_string(FileType::File, mode)[1..].to_string()
}

struct Opts {
    changes: Vec<Change>,
    verbose: bool,
    changes_only: bool,
    quiet: bool,
    recursive: bool,
    diagnose_surprises: bool,
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    // Modes such as `-w` look like options: take them out first, as GNU chmod does.
    let mut args = Vec::new();
    let mut dash_modes: Vec<Vec<u8>> = Vec::new();
    let mut ended = false;
    for a in ctx.args() {
        if !ended && a == b"--" {
            ended = true;
            args.push(a.clone());
            continue;
        }
        if !ended && mode_like(a) {
            dash_modes.push(a.clone());
        } else {
            args.push(a.clone());
        }
    }
    let p = match Parser::new(DEFS).parse(&args) {
        Ok(p) => p,
        Err(m) => return opts::usage(ctx, &m, 1).await,
    };
    if p.has(opts::HELP) || p.has(opts::VERSION) {
        return match opts::parse(ctx, Parser::new(DEFS), 1).await? {
            Ok(_) => Ok(0),
            Err(s) => Ok(s),
        };
    }
    let mut operands = p.operands.clone();
    let reference = p.last(REFERENCE).map(|r| r.to_vec());
    let mode_text: Option<Vec<u8>> = if reference.is_some() {
        None
    } else if !dash_modes.is_empty() {
        Some(dash_modes.join(&b","[..]))
    } else if !operands.is_empty() {
        Some(operands.remove(0))
    } else {
        None
    };
    if reference.is_none() && mode_text.is_none() {
        return opts::usage(ctx, "missing operand", 1).await;
    }
    if operands.is_empty() {
        let m = match (&mode_text, reference.is_some()) {
            (Some(m), false) => format!("missing operand after {}", opts::quote(ctx, m)),
            _ => "missing operand".to_string(),
        };
        return opts::usage(ctx, &m, 1).await;
    }
    let (changes, diagnose_surprises) = match (&reference, &mode_text) {
        (Some(r), _) => {
            let st = ctx.vfs().stat(&ctx.resolve(r));
            match st {
                Ok(st) => (
                    vec![Change {
                        op: b'=',
                        flag: Flag::Ordinary,
                        affected: ALLM,
                        value: st.mode,
                        mentioned: ALLM,
                    }],
                    false,
                ),
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
        }
        (None, Some(m)) => match compile(m) {
            Some(c) => {
                let surprises = c.iter().any(|c| c.affected == 0);
                (c, surprises)
            }
            None => {
                return opts::usage(ctx, &format!("invalid mode: {}", opts::quote(ctx, m)), 1).await
            }
        },
        _ => unreachable!(),
    };
    let preserve_root = p
        .opts
        .iter()
        .rev()
        .find(|(i, _)| *i == PRESERVE_ROOT || *i == NO_PRESERVE_ROOT)
        .map(|(i, _)| *i == PRESERVE_ROOT)
        .unwrap_or(false);
    let o = Opts {
        changes,
        verbose: p.has(b'v'),
        changes_only: p.has(b'c'),
        quiet: p.has(b'f'),
        recursive: p.has(b'R'),
        diagnose_surprises,
    };
    let mut status = 0;
    for op in &operands {
        let abs = ctx.resolve(op);
        if o.recursive
            && preserve_root
            && ctx
                .vfs()
                .canonicalize(&abs)
                .map(|c| c == b"/")
                .unwrap_or(false)
        {
            if path::normalize(&abs) == b"/" || op == b"/" {
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
        if !one(ctx, &o, op, &abs, true, &mut status).await? {
            continue;
        }
    }
    Ok(status)
}

/// Changes one path (and its subtree with -R). Returns false when it could not be accessed.
async fn one(
    ctx: &CommandCtx,
    o: &Opts,
    shown: &[u8],
    abs: &[u8],
    top: bool,
    status: &mut i32,
) -> Result<bool, Interrupt> {
    ctx.charge(crate::limits::cost::PATH_COMPONENT * 4)?;
    let lst = ctx.vfs().lstat(abs);
    let lst = match lst {
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
            if o.verbose {
                ctx.out(
                    format!("{} could not be accessed\n", opts::quoteaf(ctx, shown)).as_bytes(),
                )
                .await?;
            }
            *status = 1;
            return Ok(false);
        }
    };
    if lst.file_type == FileType::Symlink && !top {
        if o.verbose {
            ctx.out(
                format!(
                    "neither symbolic link {} nor referent has been changed\n",
                    opts::quoteaf(ctx, shown)
                )
                .as_bytes(),
            )
            .await?;
        }
        return Ok(true);
    }
    let st = ctx.vfs().stat(abs);
    let st = match st {
        Ok(s) => s,
        Err(e) => {
            if !o.quiet {
                if lst.file_type == FileType::Symlink && e == crate::vfs::VfsError::NotFound {
                    ctx.diag(format!(
                        "cannot operate on dangling symlink {}",
                        opts::quoteaf(ctx, shown)
                    ))
                    .await?;
                } else {
                    ctx.diag(format!(
                        "cannot access {}: {}",
                        opts::quoteaf(ctx, shown),
                        e.message()
                    ))
                    .await?;
                }
            }
            if o.verbose {
                ctx.out(
                    format!("{} could not be accessed\n", opts::quoteaf(ctx, shown)).as_bytes(),
                )
                .await?;
            }
            *status = 1;
            return Ok(false);
        }
    };
    let dir = st.file_type == FileType::Dir;
    let old = st.mode & ALLM;
    let new = adjust(old, dir, ctx.umask(), &o.changes);
    let res = if new != old {
        ctx.vfs().chmod(abs, new)
    } else {
        Ok(())
    };
    match res {
        Err(e) => {
            if !o.quiet {
                ctx.diag(format!(
                    "changing permissions of {}: {}",
                    opts::quoteaf(ctx, shown),
                    e.message()
                ))
                .await?;
            }
            *status = 1;
        }
        Ok(()) => {
            let changed = new != old;
            if o.verbose || (o.changes_only && changed) {
                let line = if changed {
                    format!(
                        "mode of {} changed from {:04o} ({}) to {:04o} ({})\n",
                        opts::quoteaf(ctx, shown),
                        old,
                        perms(old),
                        new,
                        perms(new)
                    )
                } else {
                    format!(
                        "mode of {} retained as {:04o} ({})\n",
                        opts::quoteaf(ctx, shown),
                        old,
                        perms(old)
                    )
                };
                ctx.out(line.as_bytes()).await?;
            }
            if o.diagnose_surprises {
                let naive = adjust(old, dir, 0, &o.changes);
                if new & !naive != 0 {
                    if !o.quiet {
                        ctx.diag(format!(
                            "{}: new permissions are {}, not {}",
                            opts::quotef(ctx, shown),
                            perms(new),
                            perms(naive)
                        ))
                        .await?;
                    }
                    *status = 1;
                }
            }
        }
    }
    if o.recursive && dir {
        let entries = ctx.vfs().read_dir(abs);
        match entries {
            Ok(list) => {
                for (name, _) in list {
                    let child_shown = child_path(shown, &name);
                    let child_abs = path::join(abs, &name);
                    Box::pin(one(ctx, o, &child_shown, &child_abs, false, status)).await?;
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
    Ok(true)
}

/// `dir` + `/` + `name`, without doubling a trailing slash (as fts builds paths).
pub fn child_path(dir: &[u8], name: &[u8]) -> Vec<u8> {
    let mut p = dir.to_vec();
    if p.last() != Some(&b'/') {
        p.push(b'/');
    }
    p.extend_from_slice(name);
    p
}

crate::command_fn!(run, main);

pub fn register(r: &mut super::Registry) {
    r.register("chmod", crate::process::command::Trust::Real, "change file mode bits", "MODE[,MODE]... | OCTAL | --reference=RFILE; -R -c -f -v --preserve-root --no-preserve-root", run);
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;
    use super::*;

    fn m(mode: &str, old: u32, dir: bool) -> u32 {
        adjust(
            old,
            dir,
            crate::process::DEFAULT_UMASK,
            &compile(mode.as_bytes()).unwrap(),
        )
    }

    #[test]
    fn modes() {
        assert_eq!(m("755", 0o644, false), 0o755);
        assert_eq!(m("u+x,go-w", 0o666, false), 0o744);
        assert_eq!(m("a=r", 0o755, false), 0o444);
        assert_eq!(m("+X", 0o644, false), 0o644);
        assert_eq!(m("+X", 0o744, false), 0o755);
        assert_eq!(m("+X", 0o644, true), 0o755);
        assert_eq!(m("=w", 0o1646, false), 0o200);
        assert_eq!(m("u=g", 0o750, false), 0o550);
        assert_eq!(m("755", 0o2755, true), 0o2755);
        assert_eq!(m("00755", 0o2755, true), 0o755);
        assert_eq!(m("+t", 0o444, false), 0o1444);
        assert_eq!(m("-w", 0o666, false), 0o466);
        assert!(compile(b"zz").is_none());
        assert!(compile(b"u+x,").is_none());
        assert!(compile(b"8").is_none());
    }

    #[test]
    fn verbose_and_recursive() {
        let k = machine(&[("a", b""), ("d/f", b""), ("d/e/", b"")]);
        k.vfs.borrow_mut().symlink(b"a", b"/work/d/l").unwrap();
        let r = text(run_on(&k, &["chmod", "-v", "755", "a"], b""));
        assert_eq!(
            r,
            (
                0,
                "mode of 'a' changed from 0644 (rw-r--r--) to 0755 (rwxr-xr-x)\n".into(),
                String::new()
            )
        );
        let r = text(run_on(&k, &["chmod", "-vR", "u+x", "d"], b""));
        assert_eq!(
            r.1,
            "mode of 'd' retained as 0755 (rwxr-xr-x)\nmode of 'd/e' retained as 0755 (rwxr-xr-x)\nmode of 'd/f' changed from 0644 (rw-r--r--) to 0744 (rwxr--r--)\nneither symbolic link 'd/l' nor referent has been changed\n"
        );
        let r = text(run_on(&k, &["chmod", "-c", "644", "a", "d/f"], b""));
        assert_eq!(r.1, "mode of 'a' changed from 0755 (rwxr-xr-x) to 0644 (rw-r--r--)\nmode of 'd/f' changed from 0744 (rwxr--r--) to 0644 (rw-r--r--)\n");
        run_on(&k, &["chmod", "-w", "a"], b"");
        assert_eq!(k.vfs.borrow().stat(b"/work/a").unwrap().mode, 0o444);
    }

    #[test]
    fn errors() {
        let k = machine(&[("a", b"")]);
        k.vfs.borrow_mut().symlink(b"nowhere", b"/work/dl").unwrap();
        assert_eq!(
            text(run_on(&k, &["chmod", "zz", "a"], b"")),
            (
                1,
                String::new(),
                "chmod: invalid mode: 'zz'\nTry 'chmod --help' for more information.\n".into()
            )
        );
        assert_eq!(
            text(run_on(&k, &["chmod"], b"")).2,
            "chmod: missing operand\nTry 'chmod --help' for more information.\n"
        );
        assert_eq!(
            text(run_on(&k, &["chmod", "644"], b"")).2,
            "chmod: missing operand after '644'\nTry 'chmod --help' for more information.\n"
        );
        assert_eq!(
            text(run_on(&k, &["chmod", "644", "dl"], b"")),
            (
                1,
                String::new(),
                "chmod: cannot operate on dangling symlink 'dl'\n".into()
            )
        );
        assert_eq!(
            text(run_on(&k, &["chmod", "-fv", "644", "nope"], b"")),
            (1, "'nope' could not be accessed\n".into(), String::new())
        );
        assert_eq!(text(run_on(&k, &["chmod", "-R", "--preserve-root", "755", "/"], b"")).2, "chmod: it is dangerous to operate recursively on '/'\nchmod: use --no-preserve-root to override this failsafe\n");
        k.vfs.borrow_mut().chmod(b"/work/a", 0o666).unwrap();
        assert_eq!(
            text(run_on(&k, &["chmod", "-w", "a"], b"")),
            (
                1,
                String::new(),
                "chmod: a: new permissions are r--rw-rw-, not r--r--r--\n".into()
            )
        );
    }
}
