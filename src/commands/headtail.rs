//! `head` and `tail`. `head` streams and stops reading once it has its lines, so it ends
//! pipelines fed by endless producers; `tail` keeps only the last N lines (memory reserved).

use super::opts::{self, flag, req, OptDef, Out, Parser};
use crate::limits::cost;
use crate::process::command::{CommandCtx, LineReader};
use crate::process::{Interrupt, OpenFile};
use std::collections::VecDeque;
use std::rc::Rc;

const HEAD_DEFS: &[OptDef] = &[
    req(b'n', "lines"),
    req(b'c', "bytes"),
    flag(b'q', "quiet"),
    flag(b'q', "silent"),
    flag(b'v', "verbose"),
    flag(b'z', "zero-terminated"),
];
const TAIL_DEFS: &[OptDef] = &[
    req(b'n', "lines"),
    req(b'c', "bytes"),
    flag(b'q', "quiet"),
    flag(b'q', "silent"),
    flag(b'v', "verbose"),
    flag(b'z', "zero-terminated"),
    flag(b'f', ""),
    flag(b'F', ""),
    OptDef {
        id: 0x80,
        long: "follow",
        arg: opts::Arg::Opt,
    },
    flag(0x81, "retry"),
    req(b's', "sleep-interval"),
    req(0x82, "pid"),
    req(0x83, "max-unchanged-stats"),
];

/// Parses a count with GNU's multiplier suffixes (`b`, `K`, `kB`, `KiB`, `M`, ...).
pub fn parse_count(s: &[u8]) -> Result<u64, bool> {
    let t = std::str::from_utf8(s).map_err(|_| false)?;
    let end = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    if end == 0 {
        return Err(false);
    }
    let (digits, suf) = t.split_at(end);
    let n: u64 = digits.parse().map_err(|_| true)?;
    let pow = |base: u64, e: u32| base.checked_pow(e);
    let mult = match suf {
        "" => Some(1),
        "b" => Some(512),
        _ => {
            // coreutils 9.1 knows no R or Q, and only k and m in lower case.
            let e = match suf.as_bytes()[0] {
                b'k' | b'K' => 1,
                b'm' | b'M' => 2,
                b'G' => 3,
                b'T' => 4,
                b'P' => 5,
                b'E' => 6,
                b'Z' => 7,
                b'Y' => 8,
                _ => return Err(false),
            };
            match &suf[1..] {
                "" | "iB" => pow(1024, e),
                "B" => pow(1000, e),
                _ => return Err(false),
            }
        }
    };
    mult.and_then(|m| n.checked_mul(m)).ok_or(true)
}

struct Args {
    bytes: bool,
    /// `-n -N` / `-c -N` (head) or `+N` (tail).
    signed: bool,
    count: u64,
    quiet: bool,
    verbose: bool,
    delim: u8,
    files: Vec<Vec<u8>>,
}

async fn parse(ctx: &CommandCtx, tail: bool) -> Result<Result<Args, i32>, Interrupt> {
    let mut argv: Vec<Vec<u8>> = ctx.args().to_vec();
    let mut legacy: Option<(bool, bool, u64)> = None;
    if let Some(first) = argv.first().cloned() {
        let sign = first.first().copied();
        if (sign == Some(b'-') || (tail && sign == Some(b'+')))
            && first.len() > 1
            && first[1].is_ascii_digit()
        {
            let body = &first[1..];
            let end = body
                .iter()
                .position(|b| !b.is_ascii_digit())
                .unwrap_or(body.len());
            let n: u64 = std::str::from_utf8(&body[..end])
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(u64::MAX);
            let mut bytes = false;
            for &c in &body[end..] {
                match c {
                    b'c' => bytes = true,
                    b'l' => bytes = false,
                    b'b' if !tail => {}
                    b'f' if tail => {
                        ctx.mark_partial("tail -f");
                        ctx.diag("-f: following files is not supported in this simulator")
                            .await?;
                        return Ok(Err(1));
                    }
                    b'q' | b'v' | b'z' if !tail => {}
                    _ => {
                        let m = format!("invalid trailing option -- {}", c as char);
                        return Ok(Err(opts::usage(ctx, &m, 1).await?));
                    }
                }
            }
            legacy = Some((bytes, tail && sign == Some(b'+'), n));
            argv.remove(0);
        }
    }
    let defs = if tail { TAIL_DEFS } else { HEAD_DEFS };
    let p = match Parser::new(defs).parse(&argv) {
        Ok(p) => p,
        Err(m) => return Ok(Err(opts::usage(ctx, &m, 1).await?)),
    };
    if p.has(opts::HELP) || p.has(opts::VERSION) {
        return Ok(Err(match opts::parse(ctx, Parser::new(defs), 1).await? {
            Ok(_) => 0,
            Err(s) => s,
        }));
    }
    let mut a = Args {
        bytes: false,
        signed: false,
        count: 10,
        quiet: false,
        verbose: false,
        delim: b'\n',
        files: p.operands.clone(),
    };
    if let Some((bytes, plus, n)) = legacy {
        a.bytes = bytes;
        a.signed = plus;
        a.count = n;
    }
    for (id, v) in &p.opts {
        match id {
            b'n' | b'c' => {
                let v = v.as_deref().unwrap_or(b"");
                a.bytes = *id == b'c';
                let (signed, num) = match v.first() {
                    Some(b'-') => (!tail, &v[1..]),
                    Some(b'+') => (tail, &v[1..]),
                    _ => (false, v),
                };
                let what = if a.bytes { "bytes" } else { "lines" };
                match parse_count(num) {
                    Ok(n) => {
                        a.count = n;
                        a.signed = signed;
                    }
                    Err(big) => {
                        let extra = if big {
                            ": Value too large for defined data type"
                        } else {
                            ""
                        };
                        ctx.diag(format!(
                            "invalid number of {what}: {}{extra}",
                            opts::quote(ctx, if tail || big { v } else { num })
                        ))
                        .await?;
                        return Ok(Err(1));
                    }
                }
            }
            b'q' => {
                a.quiet = true;
                a.verbose = false;
            }
            b'v' => {
                a.verbose = true;
                a.quiet = false;
            }
            b'z' => a.delim = 0,
            b'f' | b'F' | 0x80 | 0x81 | b's' | 0x82 | 0x83 => {
                ctx.mark_partial("tail -f");
                ctx.diag("-f: following files is not supported in this simulator")
                    .await?;
                return Ok(Err(1));
            }
            _ => {}
        }
    }
    if a.files.is_empty() {
        a.files.push(b"-".to_vec());
    }
    Ok(Ok(a))
}

async fn read(ctx: &CommandCtx, f: &Rc<OpenFile>) -> Result<Vec<u8>, crate::process::IoError> {
    let c = ctx.sys.read(f, 65536).await?;
    ctx.charge_bytes(c.len())?;
    Ok(c)
}

/// Runs `body` for each file with headers; returns the exit status.
async fn each(ctx: &CommandCtx, a: &Args, tail: bool) -> Result<i32, Interrupt> {
    let headers = a.verbose || (a.files.len() > 1 && !a.quiet);
    let mut status = 0;
    let mut first = true;
    for name in &a.files {
        let file = match ctx.open_input(name) {
            Ok(f) => f,
            Err(e) => {
                let e = opts::interrupted(e)?;
                ctx.diag(format!(
                    "cannot open {} for reading: {}",
                    opts::quoteaf(ctx, name),
                    e.message()
                ))
                .await?;
                status = 1;
                continue;
            }
        };
        if headers {
            let shown = if name == b"-" {
                b"standard input".to_vec()
            } else {
                name.clone()
            };
            let mut h = if first { Vec::new() } else { b"\n".to_vec() };
            h.extend_from_slice(b"==> ");
            h.extend_from_slice(&shown);
            h.extend_from_slice(b" <==\n");
            ctx.out(&h).await?;
        }
        first = false;
        let r = if tail {
            tail_one(ctx, a, file).await
        } else {
            head_one(ctx, a, file).await
        };
        match r {
            Ok(()) => {}
            Err(e) => {
                let e = opts::interrupted(e)?;
                ctx.diag(format!(
                    "error reading {}: {}",
                    opts::quoteaf(ctx, name),
                    e.message()
                ))
                .await?;
                status = 1;
            }
        }
    }
    Ok(status)
}

type IoR = Result<(), crate::process::IoError>;

async fn head_one(ctx: &CommandCtx, a: &Args, file: Rc<OpenFile>) -> IoR {
    let mut out = Out::new();
    match (a.bytes, a.signed) {
        (true, false) => {
            let mut left = a.count;
            while left > 0 {
                let c = ctx.sys.read(&file, left.min(65536) as usize).await?;
                if c.is_empty() {
                    break;
                }
                left -= c.len() as u64;
                ctx.out(&c).await?;
            }
        }
        (false, false) => {
            let mut lr = LineReader::new(file);
            lr.delim = a.delim;
            let mut left = a.count;
            while left > 0 {
                let Some(line) = lr.next_line(&ctx.sys).await? else {
                    break;
                };
                out.push(&line);
                left -= 1;
                out.maybe_flush(ctx).await?;
            }
        }
        (true, true) => {
            let mut held: VecDeque<u8> = VecDeque::new();
            let mut mem = ctx.empty_reservation();
            loop {
                let c = read(ctx, &file).await?;
                if c.is_empty() {
                    break;
                }
                mem.grow(c.len() as u64)?;
                held.extend(c);
                if held.len() as u64 > a.count {
                    let n = held.len() - a.count as usize;
                    let part: Vec<u8> = held.drain(..n).collect();
                    ctx.out(&part).await?;
                    mem.shrink(n as u64);
                }
            }
        }
        (false, true) => {
            let mut lr = LineReader::new(file);
            lr.delim = a.delim;
            let mut held: VecDeque<Vec<u8>> = VecDeque::new();
            let mut mem = ctx.empty_reservation();
            while let Some(line) = lr.next_line(&ctx.sys).await? {
                mem.grow(line.len() as u64 + cost::LINE_OVERHEAD)?;
                held.push_back(line);
                if held.len() as u64 > a.count {
                    let l = held.pop_front().unwrap_or_default();
                    mem.shrink(l.len() as u64 + cost::LINE_OVERHEAD);
                    out.push(&l);
                    out.maybe_flush(ctx).await?;
                }
            }
        }
    }
    out.flush(ctx).await?;
    Ok(())
}

async fn tail_one(ctx: &CommandCtx, a: &Args, file: Rc<OpenFile>) -> IoR {
    let mut out = Out::new();
    match (a.bytes, a.signed) {
        (true, true) => {
            let mut skip = a.count.saturating_sub(1);
            loop {
                let c = read(ctx, &file).await?;
                if c.is_empty() {
                    break;
                }
                let k = skip.min(c.len() as u64) as usize;
                skip -= k as u64;
                ctx.out(&c[k..]).await?;
            }
        }
        (false, true) => {
            let mut lr = LineReader::new(file);
            lr.delim = a.delim;
            let mut skip = a.count.saturating_sub(1);
            while let Some(line) = lr.next_line(&ctx.sys).await? {
                if skip > 0 {
                    skip -= 1;
                    continue;
                }
                out.push(&line);
                out.maybe_flush(ctx).await?;
            }
        }
        (true, false) => {
            let mut held: VecDeque<u8> = VecDeque::new();
            let mut mem = ctx.empty_reservation();
            loop {
                let c = read(ctx, &file).await?;
                if c.is_empty() {
                    break;
                }
                mem.grow(c.len() as u64)?;
                held.extend(c);
                if held.len() as u64 > a.count {
                    let n = held.len() - a.count as usize;
                    held.drain(..n);
                    mem.shrink(n as u64);
                }
            }
            let v: Vec<u8> = held.into_iter().collect();
            ctx.out(&v).await?;
        }
        (false, false) => {
            let mut lr = LineReader::new(file);
            lr.delim = a.delim;
            let mut held: VecDeque<Vec<u8>> = VecDeque::new();
            let mut mem = ctx.empty_reservation();
            while let Some(line) = lr.next_line(&ctx.sys).await? {
                if a.count == 0 {
                    continue;
                }
                mem.grow(line.len() as u64 + cost::LINE_OVERHEAD)?;
                held.push_back(line);
                if held.len() as u64 > a.count {
                    let l = held.pop_front().unwrap_or_default();
                    mem.shrink(l.len() as u64 + cost::LINE_OVERHEAD);
                }
            }
            for l in held {
                out.push(&l);
            }
        }
    }
    out.flush(ctx).await?;
    Ok(())
}

async fn head_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    match parse(ctx, false).await? {
        Ok(a) => each(ctx, &a, false).await,
        Err(s) => Ok(s),
    }
}

async fn tail_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    match parse(ctx, true).await? {
        Ok(a) => each(ctx, &a, true).await,
        Err(s) => Ok(s),
    }
}

crate::command_fn!(run_head, head_main);
crate::command_fn!(run_tail, tail_main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    const S5: &[u8] = b"1\n2\n3\n4\n5\n";

    fn t(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
        text(run_files(args, stdin, &[("s5", S5)]))
    }

    #[test]
    fn head_forms() {
        assert_eq!(t(&["head", "-n", "2", "s5"], b"").1, "1\n2\n");
        assert_eq!(
            t(&["head", "-2", "s5", "s5"], b"").1,
            "==> s5 <==\n1\n2\n\n==> s5 <==\n1\n2\n"
        );
        assert_eq!(
            t(&["head", "-n", "1", "-", "s5"], S5).1,
            "==> standard input <==\n1\n\n==> s5 <==\n1\n"
        );
        assert_eq!(t(&["head", "-c", "-2", "s5"], b"").1, "1\n2\n3\n4\n");
        assert_eq!(t(&["head", "-n", "-2", "s5"], b"").1, "1\n2\n3\n");
        assert_eq!(t(&["head", "-n", "2", "-c", "3", "s5"], b"").1, "1\n2");
        assert_eq!(t(&["head", "-c", "2K", "s5"], b"").1.len(), 10);
        assert_eq!(t(&["head", "-q", "-n1", "s5", "s5"], b"").1, "1\n1\n");
    }

    #[test]
    fn head_errors() {
        assert_eq!(
            t(&["head", "-n", "x", "s5"], b""),
            (
                1,
                String::new(),
                "head: invalid number of lines: 'x'\n".into()
            )
        );
        assert_eq!(
            t(&["head", "nofile", "s5"], b"").2,
            "head: cannot open 'nofile' for reading: No such file or directory\n"
        );
        assert_eq!(
            t(&["head", "-5x", "s5"], b"").2,
            "head: invalid trailing option -- x\nTry 'head --help' for more information.\n"
        );
    }

    #[test]
    fn tail_forms() {
        assert_eq!(t(&["tail", "-n", "+3", "s5"], b"").1, "3\n4\n5\n");
        assert_eq!(t(&["tail", "-c", "+8", "s5"], b"").1, "\n5\n");
        assert_eq!(t(&["tail", "-3", "s5"], b"").1, "3\n4\n5\n");
        assert_eq!(t(&["tail", "+4", "s5"], b"").1, "4\n5\n");
        assert_eq!(
            t(&["tail", "-n", "2", "-v", "s5"], b"").1,
            "==> s5 <==\n4\n5\n"
        );
        assert_eq!(t(&["tail", "-n", "1"], b"a\nb").1, "b");
        assert_eq!(t(&["tail", "-n", "1"], b"a\nb\n\n").1, "\n");
        assert_eq!(t(&["tail", "-c", "3", "s5"], b"").1, "\n5\n");
        assert_eq!(t(&["tail", "-q", "s5", "s5", "-n1"], b"").1, "5\n5\n");
    }

    #[test]
    fn tail_errors() {
        assert_eq!(t(&["tail", "-f", "s5"], b"").0, 1);
        assert_eq!(
            t(&["tail", "-r", "s5"], b"").2,
            "tail: invalid option -- 'r'\nTry 'tail --help' for more information.\n"
        );
        assert_eq!(
            t(&["tail", "nofile"], b"").2,
            "tail: cannot open 'nofile' for reading: No such file or directory\n"
        );
    }

    #[test]
    fn head_ends_endless_pipeline() {
        assert_eq!(
            run_endless(&["head", "-n", "3"], b"y\n"),
            (0, b"y\ny\ny\n".to_vec())
        );
        assert_eq!(
            run_endless(&["head", "-c", "5"], b"yes\n"),
            (0, b"yes\ny".to_vec())
        );
    }
}
