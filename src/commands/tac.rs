//! `tac` (concatenate and print files in reverse; buffers each file) and `rev` (reverse the
//! characters of each line; streams).

use super::opts::{self, flag, req, OptDef, Out, Parser};
use super::textio;
use crate::limits::{cost, Exhausted};
use crate::process::command::{CommandCtx, LineReader, Trust};
use crate::process::Interrupt;

pub fn register(r: &mut super::Registry) {
    r.register(
        "tac",
        Trust::Real,
        "concatenate and print files in reverse",
        "-s SEP -b (no -r)",
        run_tac,
    );
    r.register(
        "rev",
        Trust::Real,
        "reverse lines characterwise",
        "",
        run_rev,
    );
}

const TAC_DEFS: &[OptDef] = &[flag(b'b', "before"), req(b's', "separator")];

async fn tac(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(TAC_DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let sep: Vec<u8> = p
        .last(b's')
        .map(|s| s.to_vec())
        .unwrap_or_else(|| b"\n".to_vec());
    if sep.is_empty() {
        ctx.diag("separator cannot be empty").await?;
        return Ok(1);
    }
    let before = p.has(b'b');
    let mut status = 0;
    for op in textio::operands(&p.operands) {
        let data = match ctx.read_all_input(&op).await {
            Ok(d) => d,
            Err(e) => {
                let e = opts::interrupted(e)?;
                ctx.diag(format!(
                    "failed to open {} for reading: {}",
                    opts::quoteaf(ctx, &op),
                    e.message()
                ))
                .await?;
                status = 1;
                continue;
            }
        };
        ctx.charge_bytes(data.len())?;
        // Split into records that end with (or, with -b, start with) the separator. The
        // record table is reserved as it grows (a line's overhead each), beside the data.
        let mut table = ctx.empty_reservation();
        let mut recs: Vec<&[u8]> = Vec::new();
        let mut record = |r| {
            table.grow(cost::LINE_OVERHEAD)?;
            recs.push(r);
            Ok::<(), Exhausted>(())
        };
        let mut start = 0;
        let mut i = 0;
        while i + sep.len() <= data.len() {
            if data[i..i + sep.len()] == sep[..] {
                if before {
                    if i > start {
                        record(&data[start..i])?;
                    }
                    start = i;
                } else {
                    record(&data[start..i + sep.len()])?;
                    start = i + sep.len();
                }
                i += sep.len();
            } else {
                i += 1;
            }
        }
        if start < data.len() {
            record(&data[start..])?;
        }
        ctx.charge(recs.len() as u64)?;
        let mut out = Out::new();
        // An unterminated last record is printed first, glued to the next one (like GNU).
        for r in recs.iter().rev() {
            out.push(r);
            out.maybe_flush(ctx).await?;
        }
        out.flush(ctx).await?;
    }
    Ok(status)
}

async fn rev(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let args = ctx.args();
    let mut ops = Vec::new();
    let mut ended = false;
    for a in args {
        if !ended && a == b"--" {
            ended = true;
            continue;
        }
        if !ended && a.len() > 1 && a[0] == b'-' {
            let c = String::from_utf8_lossy(&a[1..2]).into_owned();
            ctx.diag(format!("invalid option -- '{c}'")).await?;
            ctx.err(b"Try 'rev --help' for more information.\n").await?;
            return Ok(1);
        }
        ops.push(a.clone());
    }
    let mut status = 0;
    let mut out = Out::new();
    for op in textio::operands(&ops) {
        let Some(f) = textio::open(ctx, &op).await? else {
            status = 1;
            continue;
        };
        let mut r = LineReader::new(f);
        loop {
            let line = match textio::line(ctx, &mut r, &op).await? {
                Ok(Some(l)) => l,
                Ok(None) => break,
                Err(()) => {
                    status = 1;
                    break;
                }
            };
            let (body, nl) = match line.strip_suffix(b"\n") {
                Some(b) => (b, true),
                None => (&line[..], false),
            };
            let s = String::from_utf8_lossy(body);
            if std::str::from_utf8(body).is_ok() {
                let r: String = s.chars().rev().collect();
                out.push(r.as_bytes());
            } else {
                let mut b = body.to_vec();
                b.reverse();
                out.push(&b);
            }
            if nl {
                out.push(b"\n");
            }
            out.maybe_flush(ctx).await?;
        }
    }
    out.flush(ctx).await?;
    Ok(status)
}

crate::command_fn!(run_tac, tac);
crate::command_fn!(run_rev, rev);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn tac_and_rev() {
        assert_eq!(text(run(&["tac"], b"a\nb\nc\n")).1, "c\nb\na\n");
        assert_eq!(text(run(&["tac"], b"a\nb")).1, "ba\n");
        assert_eq!(text(run(&["tac", "-s", ","], b"a,b,c")).1, "cb,a,");
        assert_eq!(text(run(&["rev"], "abc\nhé\nx".as_bytes())).1, "cba\néh\nx");
        assert_eq!(
            text(run(&["tac", "nope"], b"")),
            (
                1,
                String::new(),
                "tac: failed to open 'nope' for reading: No such file or directory\n".into()
            )
        );
    }
}
