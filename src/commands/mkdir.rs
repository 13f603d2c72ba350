//! `mkdir` (`-p`, `-m`, `-v`), plus the symbolic/octal mode parser `cp`/`touch` share.

use super::opts::{self, flag, req, OptDef, Parser};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use crate::vfs::{path, VfsError};

const DEFS: &[OptDef] = &[
    flag(b'p', "parents"),
    req(b'm', "mode"),
    flag(b'v', "verbose"),
];

/// Applies an octal or symbolic (`u=rwx,go-w`, `+x`) mode to `base`. Umask is 022.
pub fn parse_mode(spec: &[u8], base: u32) -> Option<u32> {
    if !spec.is_empty() && spec.iter().all(|c| (b'0'..=b'7').contains(c)) {
        return u32::from_str_radix(std::str::from_utf8(spec).ok()?, 8)
            .ok()
            .filter(|m| *m <= 0o7777);
    }
    let mut mode = base;
    for clause in spec.split(|&c| c == b',') {
        let mut i = 0;
        let mut who = 0u32;
        while i < clause.len() && b"ugoa".contains(&clause[i]) {
            who |= match clause[i] {
                b'u' => 0o4700,
                b'g' => 0o2070,
                b'o' => 0o1007,
                _ => 0o7777,
            };
            i += 1;
        }
        let implicit = who == 0;
        if implicit {
            who = 0o7777 & !0o022;
        }
        if i >= clause.len() {
            return None;
        }
        while i < clause.len() {
            let op = clause[i];
            if !b"+-=".contains(&op) {
                return None;
            }
            i += 1;
            let mut bits = 0u32;
            while i < clause.len() && !b"+-=".contains(&clause[i]) {
                bits |= match clause[i] {
                    b'r' => 0o444,
                    b'w' => 0o222,
                    b'x' => 0o111,
                    b'X' => 0o111,
                    b's' => 0o6000,
                    b't' => 0o1000,
                    _ => return None,
                };
                i += 1;
            }
            let bits = bits & who;
            match op {
                b'+' => mode |= bits,
                b'-' => mode &= !bits,
                _ => mode = (mode & !(if implicit { 0o7777 } else { who })) | bits,
            }
        }
    }
    Some(mode)
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mode = match p.last(b'm') {
        Some(m) => match parse_mode(m, 0o777) {
            Some(v) => v,
            None => {
                ctx.diag(format!("invalid mode {}", opts::quote(ctx, m)))
                    .await?;
                return Ok(1);
            }
        },
        None => ctx.create_mode(true),
    };
    if p.operands.is_empty() {
        return opts::usage(ctx, "missing operand", 1).await;
    }
    let (parents, verbose) = (p.has(b'p'), p.has(b'v'));
    let mut status = 0;
    for op in &p.operands {
        let abs = ctx.resolve(op);
        ctx.charge(crate::limits::cost::PATH_COMPONENT * path::components(&abs).count() as u64)?;
        let mut created: Vec<Vec<u8>> = Vec::new();
        let mut failed_at: Option<Vec<u8>> = None;
        let r = if parents {
            // Create each missing ancestor, reporting each like GNU.
            let mut res = Ok(());
            let comps: Vec<&[u8]> = op.split(|&c| c == b'/').collect();
            let mut prefix = Vec::new();
            for (k, c) in comps.iter().enumerate() {
                if k > 0 {
                    prefix.push(b'/');
                }
                prefix.extend_from_slice(c);
                if c.is_empty() || *c == b"." || *c == b".." {
                    continue;
                }
                let last = comps[k + 1..].iter().all(|c| c.is_empty());
                let pa = ctx.resolve(&prefix);
                let exists = ctx.vfs().stat(&pa);
                match exists {
                    Ok(st) if st.file_type == crate::vfs::FileType::Dir => continue,
                    // GNU names the ancestor that is not a directory.
                    Ok(_) if !last => {
                        failed_at = Some(prefix.clone());
                        res = Err(VfsError::NotDir);
                        break;
                    }
                    Ok(_) => {
                        res = Err(VfsError::Exists);
                        break;
                    }
                    Err(_) => {}
                }
                // GNU gives a missing ancestor the default mode plus u+wx, so that it can go on.
                let m = if last {
                    mode
                } else {
                    ctx.create_mode(true) | 0o300
                };
                match ctx.vfs().mkdir(&pa, m) {
                    Ok(()) => created.push(prefix.clone()),
                    Err(e) => {
                        res = Err(e);
                        break;
                    }
                }
                if last {
                    break;
                }
            }
            res
        } else {
            let r = ctx.vfs().mkdir(&abs, mode);
            if r.is_ok() {
                created.push(op.clone());
            }
            r
        };
        ctx.sys.sync_disk();
        if verbose {
            for c in &created {
                ctx.out(format!("mkdir: created directory {}\n", opts::quoteaf(ctx, c)).as_bytes())
                    .await?;
            }
        }
        if let Err(e) = r {
            ctx.diag(format!(
                "cannot create directory {}: {}",
                opts::quote(ctx, failed_at.as_deref().unwrap_or(op)),
                e.message()
            ))
            .await?;
            status = 1;
        }
    }
    Ok(status)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;
    use super::parse_mode;

    #[test]
    fn creates() {
        let k = machine(&[("a/", b"")]);
        assert_eq!(text(run_on(&k, &["mkdir", "-pv", "x/y/z"], b"")).1, "mkdir: created directory 'x'\nmkdir: created directory 'x/y'\nmkdir: created directory 'x/y/z'\n");
        assert_eq!(
            text(run_on(&k, &["mkdir", "a"], b"")),
            (
                1,
                String::new(),
                "mkdir: cannot create directory 'a': File exists\n".into()
            )
        );
        assert_eq!(
            text(run_on(&k, &["mkdir", "q/r"], b"")).2,
            "mkdir: cannot create directory 'q/r': No such file or directory\n"
        );
        assert_eq!(run_on(&k, &["mkdir", "-m", "700", "m"], b"").0, 0);
        assert_eq!(k.vfs.borrow().stat(b"/work/m").unwrap().mode, 0o700);
        assert_eq!(
            text(run_on(&k, &["mkdir", "-m", "bad", "o"], b"")).2,
            "mkdir: invalid mode 'bad'\n"
        );
        assert_eq!(run_on(&k, &["mkdir", "-p", "a", "x/y"], b"").0, 0);
        assert_eq!(
            text(run_on(&k, &["mkdir"], b"")).2,
            "mkdir: missing operand\nTry 'mkdir --help' for more information.\n"
        );
    }

    #[test]
    fn modes() {
        assert_eq!(parse_mode(b"u=rwx,go=rx", 0o777), Some(0o755));
        assert_eq!(parse_mode(b"go-w", 0o777), Some(0o755));
        assert_eq!(parse_mode(b"+x", 0o644), Some(0o755));
        assert_eq!(parse_mode(b"755", 0), Some(0o755));
    }
}
