//! Which pairs of files `diff` compares: a file against a directory, two directories entry by
//! entry (`-r` descends, `-x`/`-X` leave names out, `-S` starts the top level at a name), and
//! the `diff OPTIONS a b` line that introduces each pair compared inside a tree.

use super::{compare, read_side, Opts};
use crate::commands::opts::Quoting;
use crate::limits::cost;
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use crate::vfs::{path, FileType};
use std::future::Future;
use std::pin::Pin;

/// Compares `a` and `b` (files or directories). Returns the worst status (0, 1 or 2).
pub fn compare_paths<'a>(
    ctx: &'a CommandCtx,
    o: &'a Opts,
    a: Vec<u8>,
    b: Vec<u8>,
    top: bool,
    in_tree: bool,
) -> Pin<Box<dyn Future<Output = Result<i32, Interrupt>> + 'a>> {
    Box::pin(async move {
        ctx.charge(cost::PATH_COMPONENT * 2)?;
        let (abs_a, abs_b) = (ctx.resolve(&a), ctx.resolve(&b));
        let is_dir = |p: &[u8], name: &[u8]| {
            name != b"-" && ctx.stat(p).is_ok_and(|s| s.file_type == FileType::Dir)
        };
        let (da, db) = (is_dir(&abs_a, &a), is_dir(&abs_b, &b));
        // `diff file dir` compares with dir/file.
        if da != db && top {
            let (file, dir, file_first) = if db {
                (a.clone(), b.clone(), true)
            } else {
                (b.clone(), a.clone(), false)
            };
            let inside = path::join(&dir, path::file_name(&file));
            return if file_first {
                compare_paths(ctx, o, file, inside, false, false).await
            } else {
                compare_paths(ctx, o, inside, file, false, false).await
            };
        }
        if da && db {
            return compare_dirs(ctx, o, a, b, top).await;
        }
        compare_files(ctx, o, &a, &b, in_tree).await
    })
}

/// Whether `-x`/`-X` leave a directory entry out.
fn excluded(ctx: &CommandCtx, o: &Opts, name: &[u8]) -> Result<bool, Interrupt> {
    for p in &o.excludes {
        ctx.charge(p.work_estimate(name.len()))?;
        if p.matches(name) {
            return Ok(true);
        }
    }
    Ok(false)
}

async fn compare_dirs(
    ctx: &CommandCtx,
    o: &Opts,
    a: Vec<u8>,
    b: Vec<u8>,
    top: bool,
) -> Result<i32, Interrupt> {
    let list = |p: &[u8]| -> Result<Vec<Vec<u8>>, Interrupt> {
        let mut names = Vec::new();
        for (name, ..) in ctx.read_dir(p).unwrap_or_default() {
            // `-S` applies to the top directories only.
            if top && o.starting_file.as_ref().is_some_and(|s| name < *s) {
                continue;
            }
            if !excluded(ctx, o, &name)? {
                names.push(name);
            }
        }
        Ok(names)
    };
    let (na, nb) = (list(&ctx.resolve(&a))?, list(&ctx.resolve(&b))?);
    let mut names: Vec<Vec<u8>> = na.iter().chain(nb.iter()).cloned().collect();
    names.sort();
    names.dedup();
    let mut status = 0;
    for name in names {
        let (pa, pb) = (path::join(&a, &name), path::join(&b, &name));
        let (in_a, in_b) = (na.contains(&name), nb.contains(&name));
        let in_both = in_a && in_b;
        if !in_both && !o.new_file {
            let dir = if in_a { &a } else { &b };
            ctx.out(
                format!(
                    "Only in {}: {}\n",
                    String::from_utf8_lossy(dir),
                    String::from_utf8_lossy(&name)
                )
                .as_bytes(),
            )
            .await?;
            status = status.max(1);
            continue;
        }
        let sub_a = in_a
            && ctx
                .stat(&ctx.resolve(&pa))
                .is_ok_and(|s| s.file_type == FileType::Dir);
        let sub_b = in_b
            && ctx
                .stat(&ctx.resolve(&pb))
                .is_ok_and(|s| s.file_type == FileType::Dir);
        if sub_a && sub_b {
            if o.recursive {
                status = status.max(compare_paths(ctx, o, pa, pb, false, true).await?);
            } else {
                ctx.out(
                    format!(
                        "Common subdirectories: {} and {}\n",
                        String::from_utf8_lossy(&pa),
                        String::from_utf8_lossy(&pb)
                    )
                    .as_bytes(),
                )
                .await?;
            }
            continue;
        }
        if sub_a != sub_b && in_a && in_b {
            let (d, f) = if sub_a { (&pa, &pb) } else { (&pb, &pa) };
            ctx.out(
                format!(
                    "File {} is a directory while file {} is a regular file\n",
                    String::from_utf8_lossy(d),
                    String::from_utf8_lossy(f)
                )
                .as_bytes(),
            )
            .await?;
            status = status.max(1);
            continue;
        }
        status = status.max(compare_files(ctx, o, &pa, &pb, true).await?);
    }
    Ok(status)
}

async fn compare_files(
    ctx: &CommandCtx,
    o: &Opts,
    a: &[u8],
    b: &[u8],
    in_tree: bool,
) -> Result<i32, Interrupt> {
    let Ok(x) = read_side(ctx, a, &ctx.resolve(a), o.new_file).await? else {
        return Ok(2);
    };
    let Ok(y) = read_side(ctx, b, &ctx.resolve(b), o.new_file).await? else {
        return Ok(2);
    };
    let header = if in_tree && !o.brief {
        // GNU names the files by their labels when given, C-escaped.
        let mut h = b"diff".to_vec();
        h.extend_from_slice(&o.switches);
        for (k, name) in [a, b].into_iter().enumerate() {
            h.push(b' ');
            h.extend_from_slice(&c_escape(o.labels.get(k).map_or(name, |l| l)));
        }
        h.push(b'\n');
        Some(h)
    } else {
        None
    };
    compare(ctx, o, &x, &y, header.as_deref()).await
}

/// GNU diff's `c_escape` for file names in headers: in double quotes with C escapes when the
/// name has a space, a quote, a backslash or a byte that is not printable ASCII (bytes
/// above 127 included: GNU tests them as negative `char`s).
pub fn c_escape(name: &[u8]) -> Vec<u8> {
    let escape = |b: u8| -> Option<&'static [u8]> {
        Some(match b {
            0x07 => b"\\a",
            0x08 => b"\\b",
            b'\t' => b"\\t",
            b'\n' => b"\\n",
            0x0b => b"\\v",
            0x0c => b"\\f",
            b'\r' => b"\\r",
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            _ => return None,
        })
    };
    let octal = |b: u8| !(32..128).contains(&b);
    if !name
        .iter()
        .any(|&b| b == b' ' || escape(b).is_some() || octal(b))
    {
        return name.to_vec();
    }
    let mut out = vec![b'"'];
    for &b in name {
        if let Some(e) = escape(b) {
            out.extend_from_slice(e);
        } else if octal(b) {
            out.extend_from_slice(format!("\\{:03o}", b).as_bytes());
        } else {
            out.push(b);
        }
    }
    out.push(b'"');
    out
}

/// The options as given (GNU's `switch_string`): every option word and option argument
/// before the operands, each shell-quoted, with a space before each.
pub fn switch_string(
    q: Quoting,
    args: &[Vec<u8>],
    defs: &[crate::commands::opts::OptDef],
) -> Vec<u8> {
    use crate::commands::opts::Arg;
    let mut words: Vec<&[u8]> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if a == b"--" {
            words.push(a);
            break;
        }
        if a.len() < 2 || a[0] != b'-' {
            continue;
        }
        words.push(a);
        let takes_next = if let Some(long) = a.strip_prefix(b"--") {
            // An abbreviation stands for the options it starts (the parser has already
            // refused an ambiguous one).
            !long.contains(&b'=')
                && defs.iter().any(|d| {
                    d.arg == Arg::Req && !d.long.is_empty() && d.long.as_bytes().starts_with(long)
                })
        } else {
            let mut next = false;
            for (j, &c) in a.iter().enumerate().skip(1) {
                if let Some(d) = defs.iter().find(|d| d.id == c && c < 128) {
                    if d.arg == Arg::Req {
                        next = j + 1 == a.len();
                        break;
                    }
                }
            }
            next
        };
        if takes_next && i < args.len() {
            words.push(&args[i]);
            i += 1;
        }
    }
    let mut out = Vec::new();
    for w in words {
        out.push(b' ');
        out.extend_from_slice(q.shell_escape(w).as_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_names_are_c_escaped() {
        assert_eq!(c_escape(b"d/a.c"), b"d/a.c");
        assert_eq!(c_escape(b"sp ace"), b"\"sp ace\"");
        assert_eq!(c_escape(b"t\tq\"\xc3"), b"\"t\\tq\\\"\\303\"");
    }
}
