//! `expand` and `unexpand`: convert between tabs and spaces (stream; columns count bytes, like
//! GNU coreutils 9.1).

use super::opts::{self, flag, req, OptDef, Out, Parser, Quoting};
use super::textio;
use crate::process::command::{CommandCtx, LineReader, Trust};
use crate::process::Interrupt;

pub fn register(r: &mut super::Registry) {
    r.register(
        "expand",
        Trust::Real,
        "convert tabs to spaces",
        "-t N|LIST -i -NUM",
        run_expand,
    );
    r.register(
        "unexpand",
        Trust::Real,
        "convert spaces to tabs",
        "-t N|LIST -a --first-only -NUM",
        run_unexpand,
    );
}

const FIRST_ONLY: u8 = 0x80;
const EXPAND_DEFS: &[OptDef] = &[flag(b'i', "initial"), req(b't', "tabs")];
const UNEXPAND_DEFS: &[OptDef] = &[
    flag(b'a', "all"),
    flag(FIRST_ONLY, "first-only"),
    req(b't', "tabs"),
];

/// Tab stops: one width repeating, or an explicit increasing list.
struct Stops(Vec<usize>);

impl Stops {
    /// The next stop after `col`, or `None` past the last explicit stop.
    fn next(&self, col: usize) -> Option<usize> {
        if self.0.len() == 1 {
            let w = self.0[0];
            return Some(col + w - col % w);
        }
        self.0.iter().copied().find(|&s| s > col)
    }
}

fn parse_stops(q: Quoting, specs: &[&[u8]]) -> Result<Stops, String> {
    let mut v: Vec<usize> = Vec::new();
    for spec in specs {
        for part in spec
            .split(|&b| b == b',' || b == b' ')
            .filter(|p| !p.is_empty())
        {
            let n = match std::str::from_utf8(part)
                .ok()
                .and_then(|s| s.parse::<usize>().ok())
            {
                Some(n) => n,
                None => {
                    return Err(format!(
                        "tab size contains invalid character(s): {}",
                        q.quote(part)
                    ))
                }
            };
            if n == 0 {
                return Err("tab size cannot be 0".into());
            }
            if v.last().is_some_and(|&l| n <= l) {
                return Err("tab sizes must be ascending".into());
            }
            v.push(n);
        }
    }
    if v.is_empty() {
        v.push(8);
    }
    Ok(Stops(v))
}

/// Turns `-NUM` words into `-t NUM`.
fn numeric_args(args: &[Vec<u8>]) -> Vec<Vec<u8>> {
    args.iter()
        .map(|a| {
            if a.len() > 1
                && a[0] == b'-'
                && a[1..].iter().all(|b| b.is_ascii_digit() || *b == b',')
            {
                let mut v = b"-t".to_vec();
                v.extend_from_slice(&a[1..]);
                v
            } else {
                a.clone()
            }
        })
        .collect()
}

async fn common(
    ctx: &CommandCtx,
    defs: &[OptDef],
) -> Result<Result<(opts::Parsed, Stops), i32>, Interrupt> {
    let p = match Parser::new(defs).parse(&numeric_args(ctx.args())) {
        Ok(p) => p,
        Err(m) => return Ok(Err(opts::usage(ctx, &m, 1).await?)),
    };
    let specs: Vec<&[u8]> = p
        .opts
        .iter()
        .filter(|o| o.0 == b't')
        .filter_map(|o| o.1.as_deref())
        .collect();
    match parse_stops(Quoting::of(ctx), &specs) {
        Ok(s) => Ok(Ok((p, s))),
        Err(m) => {
            ctx.diag(m).await?;
            Ok(Err(1))
        }
    }
}

async fn expand(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let (p, stops) = match common(ctx, EXPAND_DEFS).await? {
        Ok(x) => x,
        Err(s) => return Ok(s),
    };
    let initial = p.has(b'i');
    let mut status = 0;
    let mut out = Out::new();
    for op in textio::operands(&p.operands) {
        let Some(f) = textio::open(ctx, &op).await? else {
            status = 1;
            continue;
        };
        let mut r = LineReader::new(f);
        while let Ok(Some(line)) = textio::line(ctx, &mut r, &op).await? {
            let mut col = 0usize;
            let mut leading = true;
            for &c in &line {
                match c {
                    b'\t' if !initial || leading => {
                        let next = stops.next(col).unwrap_or(col + 1);
                        out.buf.resize(out.buf.len() + (next - col), b' ');
                        col = next;
                    }
                    8 => {
                        out.buf.push(c);
                        col = col.saturating_sub(1);
                    }
                    b'\n' => out.buf.push(c),
                    _ => {
                        if c != b' ' && c != b'\t' {
                            leading = false;
                        }
                        if c == b'\t' {
                            col = stops.next(col).unwrap_or(col + 1);
                        } else {
                            col += 1;
                        }
                        out.buf.push(c);
                    }
                }
            }
            out.maybe_flush(ctx).await?;
        }
    }
    out.flush(ctx).await?;
    Ok(status)
}

async fn unexpand(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let (p, stops) = match common(ctx, UNEXPAND_DEFS).await? {
        Ok(x) => x,
        Err(s) => return Ok(s),
    };
    // -a or -t convert every blank run; --first-only (after them) limits to leading blanks.
    let last_mode = p
        .opts
        .iter()
        .rev()
        .find(|o| o.0 == FIRST_ONLY || o.0 == b'a' || o.0 == b't')
        .map(|o| o.0);
    let all = matches!(last_mode, Some(b'a' | b't'));
    let mut status = 0;
    let mut out = Out::new();
    for op in textio::operands(&p.operands) {
        let Some(f) = textio::open(ctx, &op).await? else {
            status = 1;
            continue;
        };
        let mut r = LineReader::new(f);
        while let Ok(Some(line)) = textio::line(ctx, &mut r, &op).await? {
            let mut col = 0usize;
            let mut pending: Vec<u8> = Vec::new();
            let mut converting = true;
            for &c in &line {
                if (c == b' ' || c == b'\t') && converting {
                    let Some(next) = stops.next(col) else {
                        // Past the last stop: blanks stay.
                        out.push(&pending);
                        pending.clear();
                        out.buf.push(c);
                        col += 1;
                        continue;
                    };
                    pending.push(c);
                    col = if c == b'\t' { next } else { col + 1 };
                    if col == next {
                        if pending.len() > 1 || pending[0] == b'\t' {
                            out.buf.push(b'\t');
                        } else {
                            out.buf.push(b' ');
                        }
                        pending.clear();
                    }
                    continue;
                }
                out.push(&pending);
                pending.clear();
                out.buf.push(c);
                if c == 8 {
                    col = col.saturating_sub(1);
                } else if c != b'\n' {
                    col += 1;
                    if !all {
                        converting = false;
                    }
                }
            }
            out.push(&pending);
            out.maybe_flush(ctx).await?;
        }
    }
    out.flush(ctx).await?;
    Ok(status)
}

crate::command_fn!(run_expand, expand);
crate::command_fn!(run_unexpand, unexpand);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn t(args: &[&str], input: &str) -> String {
        text(run(args, input.as_bytes())).1
    }

    #[test]
    fn tabs() {
        assert_eq!(t(&["expand", "-t", "4"], "a\tb\n"), "a   b\n");
        assert_eq!(t(&["expand"], "\tx\ty\n"), "        x       y\n");
        assert_eq!(t(&["expand", "-i"], "\tx\ty\n"), "        x\ty\n");
        assert_eq!(t(&["expand", "-t", "2,5"], "\ta\tb\tc\n"), "  a  b c\n");
        assert_eq!(t(&["unexpand"], "        a   b\n"), "\ta   b\n");
        assert_eq!(t(&["unexpand", "-a"], "        a       b\n"), "\ta\tb\n");
        assert_eq!(t(&["unexpand", "-a"], "abcdefg h\n"), "abcdefg h\n");
        assert_eq!(t(&["unexpand", "-t", "4"], "    a    b\n"), "\ta\t b\n");
        assert_eq!(t(&["unexpand"], "  \t a\n"), "\t a\n");
    }
}
