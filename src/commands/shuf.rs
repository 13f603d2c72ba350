//! `shuf`: random permutations of lines, arguments (`-e`) or a range (`-i`), with `-n`, `-r`,
//! `-o` and `-z`. Randomness comes from the machine's seeded generator
//! (`Kernel::random_u64`), so a session's output is deterministic; the sequence is not GNU's
//! (GNU's is random anyway). `--random-source` is refused.

use super::opts::{self, flag, req, OptDef, Out, Parser};
use super::textio;
use crate::limits::cost;
use crate::process::command::{CommandCtx, Trust};
use crate::process::{Interrupt, OpenFlags};
use std::collections::BTreeMap;

pub fn register(r: &mut super::Registry) {
    r.register(
        "shuf",
        Trust::Partial,
        "generate random permutations (deterministic per session seed; not GNU's sequence)",
        "-e ARG... -i LO-HI -n COUNT -o FILE -r -z [FILE] (no --random-source)",
        run,
    );
}

const RANDOM_SOURCE: u8 = 0x80;

const DEFS: &[OptDef] = &[
    flag(b'e', "echo"),
    req(b'i', "input-range"),
    req(b'n', "head-count"),
    req(b'o', "output"),
    req(RANDOM_SOURCE, "random-source"),
    flag(b'r', "repeat"),
    flag(b'z', "zero-terminated"),
];

/// A uniform integer in `0..n` (n > 0) from the machine's generator, without modulo bias.
fn below(ctx: &CommandCtx, n: u64) -> u64 {
    let zone = u64::MAX - u64::MAX % n;
    loop {
        let r = ctx.sys.random_u64();
        if r < zone {
            return r % n;
        }
    }
}

fn parse_u64(s: &[u8]) -> Option<u64> {
    if s.is_empty() || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(s).ok()?.parse().ok()
}

/// What is being shuffled: lines (owned) or the integers `lo..=hi`.
enum Source {
    Lines(Vec<Vec<u8>>),
    Range(u64, u64),
}

impl Source {
    fn len(&self) -> u64 {
        match self {
            Source::Lines(l) => l.len() as u64,
            Source::Range(lo, hi) => hi.wrapping_sub(*lo).wrapping_add(1),
        }
    }
    fn item(&self, i: u64, out: &mut Vec<u8>) {
        match self {
            Source::Lines(l) => out.extend_from_slice(&l[i as usize]),
            Source::Range(lo, _) => out.extend_from_slice((lo + i).to_string().as_bytes()),
        }
    }
}

async fn emit(
    ctx: &CommandCtx,
    src: &Source,
    p: &opts::Parsed,
    count: Option<u64>,
    eol: u8,
    out: &mut Out,
    to_file: bool,
) -> Result<(), Interrupt> {
    let size = src.len();
    let push = |ctx: &CommandCtx, i: u64, out: &mut Out| -> Result<(), Interrupt> {
        ctx.charge(cost::LINE)?;
        src.item(i, &mut out.buf);
        out.buf.push(eol);
        Ok(())
    };
    if p.has(b'r') {
        let mut left = count;
        while left != Some(0) {
            push(ctx, below(ctx, size), out)?;
            left = left.map(|n| n - 1);
            if !to_file {
                out.maybe_flush(ctx).await?;
            }
        }
        return Ok(());
    }
    // A sparse Fisher-Yates: only displaced positions are stored (each reserved).
    let k = count.map_or(size, |n| n.min(size));
    let mut moved: BTreeMap<u64, u64> = BTreeMap::new();
    let mut reserved = 0u64;
    let mut r = Ok(());
    for i in 0..k {
        let j = i + below(ctx, size - i);
        let vi = moved.get(&i).copied().unwrap_or(i);
        let vj = moved.get(&j).copied().unwrap_or(j);
        if let Err(e) = ctx.reserve(2 * cost::LINE_OVERHEAD) {
            r = Err(e);
            break;
        }
        reserved += 2 * cost::LINE_OVERHEAD;
        moved.insert(j, vi);
        moved.remove(&i);
        reserved -= cost::LINE_OVERHEAD;
        ctx.release(cost::LINE_OVERHEAD);
        if let Err(e) = push(ctx, vj, out) {
            r = Err(e);
            break;
        }
        if !to_file {
            if let Err(e) = out.maybe_flush(ctx).await {
                r = Err(e);
                break;
            }
        }
    }
    ctx.release(reserved);
    r
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut count: Option<u64> = None;
    let mut range: Option<(u64, u64)> = None;
    for (id, v) in &p.opts {
        let v = v.as_deref().unwrap_or(b"");
        match *id {
            b'n' => match parse_u64(v) {
                Some(n) => count = Some(count.map_or(n, |c| c.min(n))),
                None => {
                    ctx.diag(format!("invalid line count: {}", opts::quote(ctx, v)))
                        .await?;
                    return Ok(1);
                }
            },
            b'i' => {
                if range.is_some() {
                    ctx.diag("multiple -i options specified").await?;
                    return Ok(1);
                }
                let parsed = v.iter().position(|b| *b == b'-').and_then(|d| {
                    let (lo, hi) = (parse_u64(&v[..d])?, parse_u64(&v[d + 1..])?);
                    (lo <= hi.saturating_add(1) && !(lo == 0 && hi == u64::MAX)).then_some((lo, hi))
                });
                match parsed {
                    Some(r) => range = Some(r),
                    None => {
                        ctx.diag(format!("invalid input range: {}", opts::quote(ctx, v)))
                            .await?;
                        return Ok(1);
                    }
                }
            }
            RANDOM_SOURCE => {
                ctx.diag("--random-source is not supported in this simulator (output is seeded from the machine)")
                    .await?;
                return Ok(2);
            }
            _ => {}
        }
    }
    if p.has(b'e') && range.is_some() {
        return opts::usage(ctx, "cannot combine -e and -i options", 1).await;
    }
    let extra = if p.has(b'e') {
        None
    } else if range.is_some() {
        p.operands.first()
    } else {
        p.operands.get(1)
    };
    if let Some(x) = extra {
        return opts::usage(ctx, &format!("extra operand {}", opts::quote(ctx, x)), 1).await;
    }
    let eol = if p.has(b'z') { 0 } else { b'\n' };
    let mut reserved = 0u64;
    let src = if let Some((lo, hi)) = range {
        Source::Range(lo, hi)
    } else if p.has(b'e') {
        Source::Lines(p.operands.clone())
    } else if count == Some(0) {
        Source::Lines(Vec::new())
    } else {
        let op = p.operands.first().map_or(&b"-"[..], |o| o.as_slice());
        let Some(data) = textio::slurp(ctx, op).await? else {
            return Ok(1);
        };
        reserved += data.len() as u64;
        let mut lines: Vec<Vec<u8>> = Vec::new();
        let mut rest = &data[..];
        while !rest.is_empty() {
            let e = memchr::memchr(eol, rest).map_or(rest.len(), |i| i + 1);
            let line = &rest[..e];
            lines.push(line.strip_suffix(&[eol]).unwrap_or(line).to_vec());
            rest = &rest[e..];
            ctx.charge(cost::LINE)?;
            ctx.reserve(cost::LINE_OVERHEAD)?;
            reserved += cost::LINE_OVERHEAD;
        }
        Source::Lines(lines)
    };
    if p.has(b'r') && src.len() == 0 && count != Some(0) {
        ctx.release(reserved);
        ctx.diag("no lines to repeat").await?;
        return Ok(1);
    }
    let mut out = Out::new();
    let to_file = p.has(b'o');
    let r = emit(ctx, &src, &p, count, eol, &mut out, to_file).await;
    ctx.release(reserved);
    r?;
    match p.last(b'o') {
        None => out.flush(ctx).await?,
        Some(o) => {
            let f = ctx
                .sys
                .open(ctx.pid, &ctx.resolve(o), OpenFlags::write_truncate());
            let r = match f {
                Ok(f) => ctx.sys.write_all(&f, &out.buf).await,
                Err(e) => Err(e),
            };
            if let Err(e) = r {
                let e = opts::interrupted(e)?;
                ctx.diag_path(opts::quotef(ctx, o).as_bytes(), e).await?;
                return Ok(1);
            }
        }
    }
    Ok(0)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn sorted(s: &[u8]) -> Vec<Vec<u8>> {
        let mut v: Vec<Vec<u8>> = s.split(|b| *b == b'\n').map(|l| l.to_vec()).collect();
        v.sort();
        v
    }

    #[test]
    fn permutations_and_determinism() {
        let input: Vec<u8> = (1..=50)
            .flat_map(|i| format!("{i}\n").into_bytes())
            .collect();
        let (st, out, _) = run(&["shuf"], &input);
        assert_eq!(st, 0);
        assert_eq!(sorted(&out), sorted(&input));
        assert_eq!(run(&["shuf"], &input).1, out, "same seed, same permutation");
        let (_, out, _) = run(&["shuf", "-i", "1-50"], b"");
        assert_eq!(sorted(&out), sorted(&input));
        let (_, out, _) = run(&["shuf", "-n", "3", "-i", "1-1000000000000"], b"");
        assert_eq!(out.iter().filter(|b| **b == b'\n').count(), 3);
        let (_, out, _) = run(&["shuf", "-r", "-n", "5", "-e", "x"], b"");
        assert_eq!(out, b"x\nx\nx\nx\nx\n");
        assert_eq!(run(&["shuf", "-z", "-e", "a"], b"").1, b"a\0");
    }

    #[test]
    fn errors() {
        let e = |a: &[&str]| text(run(a, b"")).2;
        assert_eq!(
            e(&["shuf", "-i", "5-3"]),
            "shuf: invalid input range: '5-3'\n"
        );
        assert_eq!(e(&["shuf", "-r", "-n", "2"]), "shuf: no lines to repeat\n");
        assert_eq!(run(&["shuf", "--random-source=x", "-e", "a"], b"").0, 2);
        assert_eq!(
            e(&["shuf", "-i", "1-3", "-e", "a"]),
            "shuf: cannot combine -e and -i options\nTry 'shuf --help' for more information.\n"
        );
    }
}
