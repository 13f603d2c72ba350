//! `basename` and `dirname`.

use super::opts::{self, flag, req, OptDef, Parser};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use crate::vfs::path;

const BASE_DEFS: &[OptDef] = &[
    flag(b'a', "multiple"),
    req(b's', "suffix"),
    flag(b'z', "zero"),
];
const DIR_DEFS: &[OptDef] = &[flag(b'z', "zero")];

/// GNU `basename` of one name, with an optional suffix removed.
pub fn base(name: &[u8], suffix: Option<&[u8]>) -> Vec<u8> {
    if name.is_empty() {
        return Vec::new();
    }
    if name.iter().all(|&c| c == b'/') {
        return b"/".to_vec();
    }
    let b = path::file_name(name).to_vec();
    match suffix {
        Some(s) if !s.is_empty() && b.len() > s.len() && b.ends_with(s) => {
            b[..b.len() - s.len()].to_vec()
        }
        _ => b,
    }
}

async fn basename(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(BASE_DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let ops = &p.operands;
    if ops.is_empty() {
        return opts::usage(ctx, "missing operand", 1).await;
    }
    let end = if p.has(b'z') { 0 } else { b'\n' };
    let suffix = p.last(b's').map(|s| s.to_vec());
    let multiple = p.has(b'a') || suffix.is_some();
    let (names, suffix): (Vec<&Vec<u8>>, Option<Vec<u8>>) = if multiple {
        (ops.iter().collect(), suffix)
    } else {
        if ops.len() > 2 {
            return opts::usage(
                ctx,
                &format!("extra operand {}", opts::quote(ctx, &ops[2])),
                1,
            )
            .await;
        }
        (vec![&ops[0]], ops.get(1).cloned())
    };
    let mut out = Vec::new();
    for n in names {
        out.extend(base(n, suffix.as_deref()));
        out.push(end);
    }
    ctx.out(&out).await?;
    Ok(0)
}

async fn dirname(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DIR_DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    if p.operands.is_empty() {
        return opts::usage(ctx, "missing operand", 1).await;
    }
    let end = if p.has(b'z') { 0 } else { b'\n' };
    let mut out = Vec::new();
    for n in &p.operands {
        if n.is_empty() {
            out.push(b'.');
        } else if n.starts_with(b"//") && n.iter().all(|&c| c == b'/') {
            out.push(b'/');
        } else {
            out.extend(path::parent(n));
        }
        out.push(end);
    }
    ctx.out(&out).await?;
    Ok(0)
}

crate::command_fn!(run_basename, basename);
crate::command_fn!(run_dirname, dirname);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn basename_forms() {
        assert_eq!(text(run(&["basename", "/a/b.txt", ".txt"], b"")).1, "b\n");
        assert_eq!(
            text(run(&["basename", "-s", ".txt", "a.txt", "b.txt"], b"")).1,
            "a\nb\n"
        );
        assert_eq!(text(run(&["basename", "-a", "x/y", "/"], b"")).1, "y\n/\n");
        assert_eq!(text(run(&["basename", ".txt", ".txt"], b"")).1, ".txt\n");
        assert_eq!(text(run(&["basename", "//"], b"")).1, "/\n");
        assert_eq!(text(run(&["basename", ""], b"")).1, "\n");
        assert_eq!(
            text(run(&["basename", "a", "b", "c"], b"")).2,
            "basename: extra operand 'c'\nTry 'basename --help' for more information.\n"
        );
        assert_eq!(text(run(&["basename"], b"")).0, 1);
    }

    #[test]
    fn dirname_forms() {
        assert_eq!(
            text(run(&["dirname", "a/b", "/c", "c/", "//x", ""], b"")).1,
            "a\n/\n.\n/\n.\n"
        );
        assert_eq!(
            text(run(&["dirname"], b"")).2,
            "dirname: missing operand\nTry 'dirname --help' for more information.\n"
        );
    }
}
