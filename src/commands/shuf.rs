//! `shuf`: random permutations of lines, arguments (`-e`) or a range (`-i`), with `-n`, `-r`,
//! `-o`, `-z` and `--random-source`. With a source file the bytes are drawn exactly as GNU
//! draws them (gnulib randint, a Fisher-Yates permutation, reservoir sampling for `-n` on
//! pipes and large files), so the output is GNU's byte for byte. Without one, randomness comes
//! from the machine's seeded generator (`Kernel::random_u64`): deterministic per session.

use super::opts::{self, flag, req, OptDef, Out, Parser};
use super::randsrc::{RandInt, RandomFile};
use crate::limits::{cost, Reservation};
use crate::process::command::{CommandCtx, LineReader, Trust};
use crate::process::{Desc, Interrupt, OpenFlags};
use std::collections::BTreeMap;

pub fn register(r: &mut super::Registry) {
    r.register(
        "shuf",
        Trust::Partial,
        "generate random permutations (GNU's sequence with --random-source; else seeded per session)",
        "-e ARG... -i LO-HI -n COUNT -o FILE -r -z --random-source=FILE [FILE]",
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

/// Regular input larger than this is sampled rather than read whole, as GNU does; so is any
/// input that is not a regular file (a pipe, a terminal, a device).
const RESERVOIR_MIN_INPUT: u64 = 8192 * 1024;

/// Where the random numbers come from.
enum Rng {
    /// The machine's seeded generator.
    Seeded,
    /// A `--random-source` file, drawn from as GNU draws from it.
    File(RandInt),
}

impl Rng {
    /// A uniform integer in `0..n` (`n > 0`); `Ok(Err(text))` when the source file fails.
    async fn choose(&mut self, ctx: &CommandCtx, n: u64) -> Result<Result<u64, String>, Interrupt> {
        match self {
            Rng::Seeded => Ok(Ok(below(ctx, n))),
            Rng::File(r) => r.choose(ctx, n).await,
        }
    }
}

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

/// Whether GNU samples this input rather than reading it whole: anything but a regular file
/// with at most [`RESERVOIR_MIN_INPUT`] bytes left to read.
fn sampled(ctx: &CommandCtx, desc: &Desc) -> bool {
    match desc {
        Desc::File { path, offset, .. } => ctx.stat(path).map_or(true, |s| {
            s.size.saturating_sub(offset.get()) > RESERVOIR_MIN_INPUT
        }),
        // `/proc` files are regular files of size 0.
        Desc::Generated { .. } => false,
        _ => true,
    }
}

/// The next input line without its terminator; `Ok(Err(text))` on a read error.
async fn next_line(
    ctx: &CommandCtx,
    reader: &mut LineReader,
    held: &mut Reservation,
) -> Result<Result<Option<Vec<u8>>, String>, Interrupt> {
    match reader.next_line(&ctx.sys).await {
        Ok(Some(mut line)) => {
            ctx.charge_bytes(line.len())?;
            if line.last() == Some(&reader.delim) {
                line.pop();
            }
            held.grow(line.len() as u64 + cost::LINE_OVERHEAD)?;
            Ok(Ok(Some(line)))
        }
        Ok(None) => Ok(Ok(None)),
        Err(e) => {
            let e = opts::interrupted(e)?;
            Ok(Err(format!("read error: {}", e.message())))
        }
    }
}

/// Keeps `k > 0` lines chosen uniformly from the whole input, drawing as GNU's reservoir
/// sampling draws: one number before each line past the first `k`, and one more at the end.
async fn sample(
    ctx: &CommandCtx,
    reader: &mut LineReader,
    k: u64,
    rng: &mut Rng,
    held: &mut Reservation,
) -> Result<Result<Vec<Vec<u8>>, String>, Interrupt> {
    let mut kept: Vec<Vec<u8>> = Vec::new();
    while (kept.len() as u64) < k {
        match next_line(ctx, reader, held).await? {
            Ok(Some(line)) => kept.push(line),
            Ok(None) => return Ok(Ok(kept)),
            Err(m) => return Ok(Err(m)),
        }
    }
    let mut seen = k;
    loop {
        let j = match rng.choose(ctx, seen + 1).await? {
            Ok(j) => j,
            Err(m) => return Ok(Err(m)),
        };
        let line = match next_line(ctx, reader, held).await? {
            Ok(Some(line)) => line,
            Ok(None) => return Ok(Ok(kept)),
            Err(m) => return Ok(Err(m)),
        };
        let dropped = if j < k {
            std::mem::replace(&mut kept[j as usize], line)
        } else {
            line
        };
        held.shrink(dropped.len() as u64 + cost::LINE_OVERHEAD);
        seen += 1;
    }
}

/// The first `h` positions of a random permutation of `0..n`, by a Fisher-Yates shuffle
/// that stores only the displaced positions (GNU's randperm draws the same numbers).
async fn permutation(
    ctx: &CommandCtx,
    rng: &mut Rng,
    h: u64,
    n: u64,
    held: &mut Reservation,
) -> Result<Result<Vec<u64>, String>, Interrupt> {
    let mut moved: BTreeMap<u64, u64> = BTreeMap::new();
    let mut picks = Vec::new();
    for i in 0..h {
        ctx.charge(cost::LINE)?;
        let j = match rng.choose(ctx, n - i).await? {
            Ok(j) => i + j,
            Err(m) => return Ok(Err(m)),
        };
        let vi = moved.get(&i).copied().unwrap_or(i);
        let vj = moved.get(&j).copied().unwrap_or(j);
        held.grow(cost::LINE_OVERHEAD + 8)?;
        moved.insert(j, vi);
        moved.remove(&i);
        picks.push(vj);
    }
    Ok(Ok(picks))
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut count: Option<u64> = None;
    let mut range: Option<(u64, u64)> = None;
    let mut source: Option<&[u8]> = None;
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
                if source.is_some_and(|s| s != v) {
                    ctx.diag("multiple random sources specified").await?;
                    return Ok(1);
                }
                source = Some(v);
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
    let repeat = p.has(b'r');
    let eol = if p.has(b'z') { 0 } else { b'\n' };
    // Modeled memory held by the command, released when it ends however it ends.
    let mut held = ctx.empty_reservation();
    // An input to sample instead of reading whole (GNU only samples for `-n` without `-r`).
    let mut reservoir: Option<LineReader> = None;
    let src = if let Some((lo, hi)) = range {
        Source::Range(lo, hi)
    } else if p.has(b'e') {
        Source::Lines(p.operands.clone())
    } else if count == Some(0) {
        // GNU does not even open the input when nothing is to be output.
        Source::Lines(Vec::new())
    } else {
        let op = p.operands.first().map_or(&b"-"[..], |o| o.as_slice());
        let f = match ctx.open_input(op) {
            Ok(f) => f,
            Err(e) => {
                let e = opts::interrupted(e)?;
                ctx.diag_path(opts::quotef(ctx, op).as_bytes(), e).await?;
                return Ok(1);
            }
        };
        let mut reader = LineReader::new(f.clone());
        reader.delim = eol;
        if !repeat && count.is_some() && sampled(ctx, &f.desc) {
            reservoir = Some(reader);
            Source::Lines(Vec::new())
        } else {
            let mut lines = Vec::new();
            loop {
                match next_line(ctx, &mut reader, &mut held).await? {
                    Ok(Some(l)) => lines.push(l),
                    Ok(None) => break,
                    Err(m) => {
                        ctx.diag(m).await?;
                        return Ok(1);
                    }
                }
            }
            Source::Lines(lines)
        }
    };
    let head = count.unwrap_or(u64::MAX);
    let ahead = if repeat { head } else { head.min(src.len()) };
    let mut rng = match source {
        // GNU opens the source only when some number may be drawn from it.
        Some(name) if repeat || reservoir.is_some() || ahead > 0 => {
            match RandomFile::open(ctx, name) {
                Ok(f) => Rng::File(RandInt::new(f)),
                Err(e) => {
                    let e = opts::interrupted(e)?;
                    ctx.diag_path(opts::quotef(ctx, name).as_bytes(), e).await?;
                    return Ok(1);
                }
            }
        }
        _ => Rng::Seeded,
    };
    let src = match reservoir.as_mut() {
        Some(reader) => match sample(ctx, reader, head, &mut rng, &mut held).await? {
            Ok(lines) => Source::Lines(lines),
            Err(m) => {
                ctx.diag(m).await?;
                return Ok(1);
            }
        },
        None => src,
    };
    let to_file = p.has(b'o');
    let mut out = Out::new();
    // A failure of the source while repeating ends the output there, as in GNU, where the
    // lines already written stay written.
    let mut failure = None;
    if repeat {
        if count != Some(0) {
            if src.len() == 0 {
                ctx.diag("no lines to repeat").await?;
                return Ok(1);
            }
            let mut left = count;
            while left != Some(0) {
                let j = match rng.choose(ctx, src.len()).await? {
                    Ok(j) => j,
                    Err(m) => {
                        failure = Some(m);
                        break;
                    }
                };
                ctx.charge(cost::LINE)?;
                src.item(j, &mut out.buf);
                out.buf.push(eol);
                left = left.map(|n| n - 1);
                if !to_file {
                    out.maybe_flush(ctx).await?;
                }
            }
        }
    } else {
        let n = src.len();
        // After sampling, every kept line is output.
        let picks = match permutation(ctx, &mut rng, head.min(n), n, &mut held).await? {
            Ok(v) => v,
            Err(m) => {
                ctx.diag(m).await?;
                return Ok(1);
            }
        };
        for i in picks {
            ctx.charge(cost::LINE)?;
            src.item(i, &mut out.buf);
            out.buf.push(eol);
            if !to_file {
                out.maybe_flush(ctx).await?;
            }
        }
    }
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
    if let Some(m) = failure {
        ctx.diag(m).await?;
        return Ok(1);
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
        assert_eq!(
            e(&["shuf", "--random-source=x", "-e", "a", "b"]),
            "shuf: x: No such file or directory\n"
        );
        assert_eq!(
            e(&["shuf", "-i", "1-3", "-e", "a"]),
            "shuf: cannot combine -e and -i options\nTry 'shuf --help' for more information.\n"
        );
    }
}
