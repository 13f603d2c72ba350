//! `comm`: compare two sorted files line by line (streams both).

use super::opts::{self, flag, req, OptDef, Out, Parser};
use super::textio;
use crate::process::command::{CommandCtx, LineReader, Trust};
use crate::process::Interrupt;

pub fn register(r: &mut super::Registry) {
    r.register(
        "comm",
        Trust::Real,
        "compare two sorted files line by line",
        "-1 -2 -3 --check-order --nocheck-order --output-delimiter=STR --total -z",
        run,
    );
}

const CHECK: u8 = 0x80;
const NOCHECK: u8 = 0x81;
const ODELIM: u8 = 0x82;
const TOTAL: u8 = 0x83;

const DEFS: &[OptDef] = &[
    flag(b'1', ""),
    flag(b'2', ""),
    flag(b'3', ""),
    flag(CHECK, "check-order"),
    flag(NOCHECK, "nocheck-order"),
    req(ODELIM, "output-delimiter"),
    flag(TOTAL, "total"),
    flag(b'z', "zero-terminated"),
];

async fn next(
    ctx: &CommandCtx,
    r: &mut LineReader,
    op: &[u8],
    eol: u8,
) -> Result<Option<Vec<u8>>, Interrupt> {
    Ok(match textio::line(ctx, r, op).await? {
        Ok(Some(mut l)) => {
            if l.last() == Some(&eol) {
                l.pop();
            }
            Some(l)
        }
        _ => None,
    })
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    if p.operands.len() < 2 {
        let m = if p.operands.is_empty() {
            "missing operand".to_string()
        } else {
            format!("missing operand after {}", opts::quote(ctx, &p.operands[0]))
        };
        return opts::usage(ctx, &m, 1).await;
    }
    if p.operands.len() > 2 {
        return opts::usage(
            ctx,
            &format!("extra operand {}", opts::quote(ctx, &p.operands[2])),
            1,
        )
        .await;
    }
    let show = [!p.has(b'1'), !p.has(b'2'), !p.has(b'3')];
    let delim = p
        .last(ODELIM)
        .map(|d| d.to_vec())
        .unwrap_or_else(|| b"\t".to_vec());
    let delim = if delim.is_empty() { vec![0u8] } else { delim };
    // 0: --nocheck-order, 1: default (warn once unpairable lines were seen), 2: --check-order.
    let mode = match p.opts.iter().rev().find(|o| o.0 == CHECK || o.0 == NOCHECK) {
        Some((CHECK, _)) => 2,
        Some(_) => 0,
        None => 1,
    };
    let mut seen_unpairable = false;
    let eol = if p.has(b'z') { 0 } else { b'\n' };
    let (a, b) = (&p.operands[0], &p.operands[1]);
    if a == b"-" && b == b"-" {
        ctx.diag("both files cannot be standard input").await?;
        return Ok(1);
    }
    let Some(fa) = textio::open(ctx, a).await? else {
        return Ok(1);
    };
    let Some(fb) = textio::open(ctx, b).await? else {
        return Ok(1);
    };
    let (mut ra, mut rb) = (LineReader::new(fa), LineReader::new(fb));
    ra.delim = eol;
    rb.delim = eol;
    let mut la = next(ctx, &mut ra, a, eol).await?;
    let mut lb = next(ctx, &mut rb, b, eol).await?;
    let mut out = Out::new();
    let mut totals = [0u64; 3];
    let mut status = 0;
    let mut warned = [false; 2];
    let mut prev: [Option<Vec<u8>>; 2] = [None, None];
    loop {
        let col = match (&la, &lb) {
            (None, None) => break,
            (Some(_), None) => 0,
            (None, Some(_)) => 1,
            (Some(x), Some(y)) => match x.cmp(y) {
                std::cmp::Ordering::Less => 0,
                std::cmp::Ordering::Greater => 1,
                std::cmp::Ordering::Equal => 2,
            },
        };
        if col != 2 {
            seen_unpairable = true;
        }
        for k in 0..2 {
            let cur = if k == 0 { &la } else { &lb };
            if let (Some(o), Some(n)) = (&prev[k], cur) {
                if o > n && mode != 0 && !warned[k] && (mode == 2 || seen_unpairable) {
                    out.flush(ctx).await?;
                    ctx.diag(format!("file {} is not in sorted order", k + 1))
                        .await?;
                    if mode == 2 {
                        return Ok(1);
                    }
                    warned[k] = true;
                    status = 1;
                }
            }
        }
        let line = if col == 1 {
            lb.clone().unwrap()
        } else {
            la.clone().unwrap()
        };
        totals[col] += 1;
        if show[col] {
            for _ in show.iter().take(col).filter(|s| **s) {
                out.push(&delim);
            }
            out.push(&line);
            out.buf.push(eol);
        }
        if col != 1 {
            prev[0] = la.take();
            la = next(ctx, &mut ra, a, eol).await?;
        }
        if col != 0 {
            prev[1] = lb.take();
            lb = next(ctx, &mut rb, b, eol).await?;
        }
        out.maybe_flush(ctx).await?;
    }
    if p.has(TOTAL) {
        out.push(format!("{}", totals[0]).as_bytes());
        out.push(&delim);
        out.push(format!("{}", totals[1]).as_bytes());
        out.push(&delim);
        out.push(format!("{}", totals[2]).as_bytes());
        out.push(&delim);
        out.push(b"total");
        out.buf.push(eol);
    }
    out.flush(ctx).await?;
    if status != 0 {
        ctx.diag("input is not in sorted order").await?;
    }
    Ok(status)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn c(args: &[&str]) -> (i32, String, String) {
        let mut v = vec!["comm"];
        v.extend_from_slice(args);
        text(run_files(
            &v,
            b"",
            &[("s1", b"a\nb\n"), ("s2", b"b\nc\n"), ("u", b"b\na\n")],
        ))
    }

    #[test]
    fn columns() {
        assert_eq!(c(&["s1", "s2"]).1, "a\n\t\tb\n\tc\n");
        assert_eq!(c(&["-12", "s1", "s2"]).1, "b\n");
        assert_eq!(c(&["--output-delimiter=:", "s1", "s2"]).1, "a\n::b\n:c\n");
        assert_eq!(
            c(&["u", "s2"]),
            (
                1,
                "\t\tb\na\n\tc\n".into(),
                "comm: file 1 is not in sorted order\ncomm: input is not in sorted order\n".into()
            )
        );
        assert_eq!(
            c(&["--check-order", "u", "s2"]),
            (
                1,
                "\t\tb\n".into(),
                "comm: file 1 is not in sorted order\n".into()
            )
        );
        assert_eq!(c(&["--nocheck-order", "u", "s2"]).0, 0);
        assert_eq!(
            c(&["--total", "s1", "s2"]).1,
            "a\n\t\tb\n\tc\n1\t1\t1\ttotal\n"
        );
        assert_eq!(
            c(&["s1"]).2,
            "comm: missing operand after 's1'\nTry 'comm --help' for more information.\n"
        );
    }
}
