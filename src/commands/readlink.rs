//! `readlink` and `realpath`, with gnulib `canonicalize_filename_mode` semantics over the VFS:
//! every component must exist (`-e`), all but the last (`-f`, realpath's default), or none
//! (`-m`).

use super::opts::{self, flag, req, OptDef, Parser};
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::vfs::{path, FileType, VfsError, MAX_SYMLINK_HOPS};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Existing,
    AllButLast,
    Missing,
}

fn join_comps(c: &[Vec<u8>]) -> Vec<u8> {
    if c.is_empty() {
        return b"/".to_vec();
    }
    let mut out = Vec::new();
    for x in c {
        out.push(b'/');
        out.extend_from_slice(x);
    }
    out
}

/// Canonicalizes an absolute path, resolving every symlink.
pub fn canonicalize(ctx: &CommandCtx, abs: &[u8], mode: Mode) -> Result<Vec<u8>, VfsError> {
    // An empty operand names nothing, in every mode (GNU's canonicalize_filename_mode).
    if abs.is_empty() {
        return Err(VfsError::NotFound);
    }
    let mut pending: Vec<Vec<u8>> = path::components(abs).map(|c| c.to_vec()).collect();
    pending.reverse();
    let mut resolved: Vec<Vec<u8>> = Vec::new();
    let mut hops = 0;
    let mut missing = false;
    while let Some(comp) = pending.pop() {
        if comp == b"." {
            continue;
        }
        if comp == b".." {
            resolved.pop();
            continue;
        }
        let last = pending.iter().all(|c| c == b".");
        resolved.push(comp);
        if missing {
            continue;
        }
        let cand = join_comps(&resolved);
        match ctx.lstat(&cand) {
            Ok(st) => match st.file_type {
                FileType::Symlink => {
                    hops += 1;
                    if hops > MAX_SYMLINK_HOPS {
                        return Err(VfsError::Loop);
                    }
                    let target = ctx.read_link(&cand)?;
                    resolved.pop();
                    if target.first() == Some(&b'/') {
                        resolved.clear();
                    }
                    let mut parts: Vec<Vec<u8>> =
                        path::components(&target).map(|c| c.to_vec()).collect();
                    parts.reverse();
                    pending.extend(parts);
                }
                FileType::File => {
                    if !pending.is_empty() && mode != Mode::Missing {
                        return Err(VfsError::NotDir);
                    }
                }
                FileType::Dir => {}
            },
            Err(VfsError::NotFound) => match mode {
                Mode::Existing => return Err(VfsError::NotFound),
                Mode::AllButLast if !last => return Err(VfsError::NotFound),
                Mode::AllButLast => {}
                Mode::Missing => missing = true,
            },
            Err(VfsError::NotDir) if mode == Mode::Missing => missing = true,
            Err(e) => return Err(e),
        }
    }
    let out = join_comps(&resolved);
    if abs.len() > 1 && abs.ends_with(b"/") && !missing && mode != Mode::Missing {
        if let Ok(st) = ctx.stat(&out) {
            if st.file_type != FileType::Dir {
                return Err(VfsError::NotDir);
            }
        }
    }
    Ok(out)
}

/// The path of `to` relative to the directory `from` (both canonical absolute paths).
pub fn relative(to: &[u8], from: &[u8]) -> Vec<u8> {
    let a: Vec<&[u8]> = path::components(to).collect();
    let b: Vec<&[u8]> = path::components(from).collect();
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut parts: Vec<&[u8]> = vec![b".."; b.len() - common];
    parts.extend_from_slice(&a[common..]);
    if parts.is_empty() {
        return b".".to_vec();
    }
    parts.join(&b"/"[..])
}

fn under(p: &[u8], base: &[u8]) -> bool {
    base == b"/" || p == base || (p.starts_with(base) && p.get(base.len()) == Some(&b'/'))
}

const RL_DEFS: &[OptDef] = &[
    flag(b'f', "canonicalize"),
    flag(b'e', "canonicalize-existing"),
    flag(b'm', "canonicalize-missing"),
    flag(b'n', "no-newline"),
    flag(b'q', "quiet"),
    flag(b's', "silent"),
    flag(b'v', "verbose"),
    flag(b'z', "zero"),
];

async fn readlink_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(RL_DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mode = p.opts.iter().rev().find_map(|(i, _)| match i {
        b'f' => Some(Mode::AllButLast),
        b'e' => Some(Mode::Existing),
        b'm' => Some(Mode::Missing),
        _ => None,
    });
    let verbose = p
        .opts
        .iter()
        .rev()
        .find(|(i, _)| matches!(i, b'q' | b's' | b'v'))
        .map(|(i, _)| *i == b'v')
        .unwrap_or(false);
    if p.operands.is_empty() {
        return opts::usage(ctx, "missing operand", 1).await;
    }
    let mut no_newline = p.has(b'n');
    if no_newline && p.operands.len() > 1 {
        ctx.diag("ignoring --no-newline with multiple arguments")
            .await?;
        no_newline = false;
    }
    let end: &[u8] = if p.has(b'z') { b"\0" } else { b"\n" };
    let mut status = 0;
    for op in &p.operands {
        ctx.charge(crate::limits::cost::PATH_COMPONENT * 4)?;
        let abs = ctx.resolve(op);
        let r = match mode {
            Some(m) => canonicalize(ctx, &abs, m),
            None => ctx.read_link(&abs),
        };
        match r {
            Ok(v) => {
                let mut line = v;
                if !no_newline {
                    line.extend_from_slice(end);
                }
                ctx.out(&line).await?;
            }
            Err(e) => {
                if verbose {
                    ctx.diag(format!("{}: {}", opts::quotef(ctx, op), e.message()))
                        .await?;
                }
                status = 1;
            }
        }
    }
    Ok(status)
}

const RELATIVE_TO: u8 = 0x80;
const RELATIVE_BASE: u8 = 0x81;

const RP_DEFS: &[OptDef] = &[
    flag(b'e', "canonicalize-existing"),
    flag(b'm', "canonicalize-missing"),
    flag(b'L', "logical"),
    flag(b'P', "physical"),
    flag(b'q', "quiet"),
    flag(b's', "strip"),
    flag(b's', "no-symlinks"),
    flag(b'z', "zero"),
    req(RELATIVE_TO, "relative-to"),
    req(RELATIVE_BASE, "relative-base"),
];

/// `realpath -s` without `-m`: the path is taken apart without following links, and, as
/// GNU's canonicalization does then, only what it must look at is checked: a component
/// after an existing non-directory is `Not a directory`, a `..` after a missing directory
/// is `No such file or directory`, and with `-e` the result must exist. Missing
/// directories are otherwise fine.
fn logical_check(ctx: &CommandCtx, abs: &[u8], mode: Mode) -> Result<Vec<u8>, VfsError> {
    let mut comps: Vec<&[u8]> = abs
        .split(|&b| b == b'/')
        .filter(|c| !c.is_empty())
        .collect();
    if abs.len() > 1 && abs.ends_with(b"/") {
        comps.push(b".");
    }
    let mut kept: Vec<Vec<u8>> = Vec::new();
    // The caller charges for the operand; each component here costs one stat.
    for c in comps {
        let exists = if kept.is_empty() {
            true
        } else {
            match ctx.stat(&join_comps(&kept)) {
                Ok(st) if st.file_type != FileType::Dir => return Err(VfsError::NotDir),
                Ok(_) => true,
                Err(_) => false,
            }
        };
        match c {
            b"." => {}
            b".." if !exists => return Err(VfsError::NotFound),
            b".." => {
                kept.pop();
            }
            _ => kept.push(c.to_vec()),
        }
    }
    let out = join_comps(&kept);
    if mode == Mode::Existing {
        ctx.stat(&out)?;
    }
    Ok(out)
}

async fn realpath_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(RP_DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mode = p.opts.iter().rev().find_map(|(i, _)| match i {
        b'e' => Some(Mode::Existing),
        b'm' => Some(Mode::Missing),
        _ => None,
    });
    let mode = mode.unwrap_or(Mode::AllButLast);
    let strip = p.has(b's');
    let logical = p
        .opts
        .iter()
        .rev()
        .find(|(i, _)| matches!(i, b'L' | b'P'))
        .map(|(i, _)| *i == b'L')
        .unwrap_or(false);
    let quiet = p.has(b'q');
    if p.operands.is_empty() {
        return opts::usage(ctx, "missing operand", 1).await;
    }
    let resolve = |op: &[u8]| -> Result<Vec<u8>, VfsError> {
        let abs = ctx.resolve(op);
        if strip || logical {
            let norm = path::normalize(&abs);
            if strip {
                if mode != Mode::Missing {
                    return logical_check(ctx, &abs, mode);
                }
                return Ok(norm);
            }
            return canonicalize(ctx, &norm, mode);
        }
        canonicalize(ctx, &abs, mode)
    };
    let mut rel_to = None;
    let mut rel_base = None;
    for (id, name) in [(RELATIVE_TO, &mut rel_to), (RELATIVE_BASE, &mut rel_base)] {
        if let Some(v) = p.last(id) {
            match resolve(v) {
                Ok(c) => *name = Some(c),
                Err(e) => {
                    ctx.diag(format!("{}: {}", opts::quotef(ctx, v), e.message()))
                        .await?;
                    return Ok(1);
                }
            }
        }
    }
    if let (Some(to), Some(base)) = (&rel_to, &rel_base) {
        if !under(to, base) {
            rel_to = None;
            rel_base = None;
        }
    }
    let end: &[u8] = if p.has(b'z') { b"\0" } else { b"\n" };
    let mut status = 0;
    for op in &p.operands {
        ctx.charge(crate::limits::cost::PATH_COMPONENT * (4 + op.len() as u64 / 2))?;
        match resolve(op) {
            Ok(c) => {
                let mut line = match (&rel_to, &rel_base) {
                    (Some(to), Some(base)) if under(&c, base) => relative(&c, to),
                    (Some(to), None) => relative(&c, to),
                    (None, Some(base)) if under(&c, base) => relative(&c, base),
                    _ => c,
                };
                line.extend_from_slice(end);
                ctx.out(&line).await?;
            }
            Err(e) => {
                if !quiet {
                    ctx.diag(format!("{}: {}", opts::quotef(ctx, op), e.message()))
                        .await?;
                }
                status = 1;
            }
        }
    }
    Ok(status)
}

crate::command_fn!(run_readlink, readlink_main);
crate::command_fn!(run_realpath, realpath_main);

pub fn register(r: &mut super::Registry) {
    r.register(
        "readlink",
        Trust::Real,
        "print resolved symbolic links or canonical file names",
        "-f -e -m -n -q -s -v -z",
        run_readlink,
    );
    r.register(
        "realpath",
        Trust::Real,
        "print the resolved path",
        "-e -m -L -P -q -s -z --relative-to=DIR --relative-base=DIR",
        run_realpath,
    );
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;
    use std::rc::Rc;

    fn k() -> Rc<crate::process::Kernel> {
        let k = machine(&[("a", b""), ("d/e/", b"")]);
        {
            let mut v = k.vfs.borrow_mut();
            v.symlink(b"a", b"/work/l").unwrap();
            v.symlink(b"d/e", b"/work/le").unwrap();
            v.symlink(b"nowhere", b"/work/dang").unwrap();
            v.symlink(b"loop1", b"/work/loop2").unwrap();
            v.symlink(b"loop2", b"/work/loop1").unwrap();
        }
        k
    }

    #[test]
    fn readlink_modes() {
        let k = k();
        let t = |argv: &[&str]| text(run_on(&k, argv, b""));
        assert_eq!(t(&["readlink", "l"]), (0, "a\n".into(), String::new()));
        assert_eq!(t(&["readlink", "a"]), (1, String::new(), String::new()));
        assert_eq!(
            t(&["readlink", "-v", "a"]),
            (1, String::new(), "readlink: a: Invalid argument\n".into())
        );
        assert_eq!(
            t(&["readlink", "-f", "l", "le", "dang", "x/y/z"]),
            (
                1,
                "/work/a\n/work/d/e\n/work/nowhere\n".into(),
                String::new()
            )
        );
        assert_eq!(t(&["readlink", "-e", "dang"]).0, 1);
        assert_eq!(t(&["readlink", "-m", "x/../y//z"]).1, "/work/y/z\n");
        assert_eq!(t(&["readlink", "-n", "l"]).1, "a");
        assert_eq!(t(&["readlink", "-z", "l"]).1, "a\0");
        assert_eq!(t(&["readlink", "-f", "loop1"]).0, 1);
        assert_eq!(
            t(&["readlink"]).2,
            "readlink: missing operand\nTry 'readlink --help' for more information.\n"
        );
    }

    #[test]
    fn realpath_modes() {
        let k = k();
        let t = |argv: &[&str]| text(run_on(&k, argv, b""));
        assert_eq!(
            t(&["realpath", "l", "le", "dang"]).1,
            "/work/a\n/work/d/e\n/work/nowhere\n"
        );
        assert_eq!(
            t(&["realpath", "-e", "dang"]),
            (
                1,
                String::new(),
                "realpath: dang: No such file or directory\n".into()
            )
        );
        assert_eq!(t(&["realpath", "-m", "dang/x"]).1, "/work/nowhere/x\n");
        assert_eq!(t(&["realpath", "-s", "le/../a"]).1, "/work/a\n");
        assert_eq!(t(&["realpath", "le/.."]).1, "/work/d\n");
        assert_eq!(t(&["realpath", "--relative-to=d/e", "a"]).1, "../../a\n");
        assert_eq!(
            t(&["realpath", "--relative-to=/tmp", "/usr/bin"]).1,
            "../usr/bin\n"
        );
        assert_eq!(
            t(&["realpath", "--relative-base=/work", "a", "/usr"]).1,
            "a\n/usr\n"
        );
        assert_eq!(
            t(&["realpath", "x/y"]),
            (
                1,
                String::new(),
                "realpath: x/y: No such file or directory\n".into()
            )
        );
        assert_eq!(
            t(&["realpath", "-q", "x/y"]),
            (1, String::new(), String::new())
        );
        assert_eq!(t(&["realpath", "-z", "a"]).1, "/work/a\0");
        assert_eq!(
            t(&["realpath", "a/"]),
            (1, String::new(), "realpath: a/: Not a directory\n".into())
        );
    }
}
