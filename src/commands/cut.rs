//! `cut`: select bytes, characters or fields from each line, streaming line by line.

use super::opts::{self, flag, req, OptDef, Out, Parser, Quoting};
use crate::process::command::{CommandCtx, LineReader};
use crate::process::Interrupt;

const DEFS: &[OptDef] = &[
    req(b'b', "bytes"),
    req(b'c', "characters"),
    req(b'f', "fields"),
    req(b'd', "delimiter"),
    flag(b'n', ""),
    flag(b's', "only-delimited"),
    flag(b'z', "zero-terminated"),
    flag(0x80, "complement"),
    req(0x81, "output-delimiter"),
];

/// Parses a LIST into sorted, merged inclusive ranges (1-based; `usize::MAX` = open end).
fn parse_list(q: Quoting, s: &[u8], fields: bool) -> Result<Vec<(usize, usize)>, String> {
    let what = if fields { "field" } else { "byte/character" };
    let mut r = Vec::new();
    for part in s.split(|&c| c == b',' || c == b' ' || c == b'\t') {
        let num = |t: &[u8]| -> Result<usize, String> {
            if !t.iter().all(|c| c.is_ascii_digit()) {
                return Err(format!("invalid {what} value {}", q.quote(t)));
            }
            let v: usize = std::str::from_utf8(t)
                .ok()
                .and_then(|x| x.parse().ok())
                .ok_or_else(|| format!("{what} number {} is too large", q.quote(t)))?;
            if v == 0 {
                return Err(if fields {
                    "fields are numbered from 1".into()
                } else {
                    "byte/character positions are numbered from 1".into()
                });
            }
            Ok(v)
        };
        if part.is_empty() {
            return Err(if fields {
                "fields are numbered from 1".into()
            } else {
                "byte/character positions are numbered from 1".into()
            });
        }
        match part.iter().position(|&c| c == b'-') {
            None => {
                let v = num(part)?;
                r.push((v, v));
            }
            Some(d) => {
                let (a, b) = (&part[..d], &part[d + 1..]);
                if a.is_empty() && b.is_empty() {
                    return Err("invalid range with no endpoint: -".into());
                }
                let lo = if a.is_empty() { 1 } else { num(a)? };
                let hi = if b.is_empty() { usize::MAX } else { num(b)? };
                if hi < lo {
                    return Err("invalid decreasing range".into());
                }
                r.push((lo, hi));
            }
        }
    }
    r.sort();
    let mut merged: Vec<(usize, usize)> = Vec::new();
    for (lo, hi) in r {
        match merged.last_mut() {
            Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
            _ => merged.push((lo, hi)),
        }
    }
    Ok(merged)
}

fn selected(ranges: &[(usize, usize)], i: usize, complement: bool) -> bool {
    ranges.iter().any(|&(lo, hi)| lo <= i && i <= hi) != complement
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let kinds: Vec<u8> = p
        .opts
        .iter()
        .filter(|(i, _)| matches!(i, b'b' | b'c' | b'f'))
        .map(|(i, _)| *i)
        .collect();
    if kinds.is_empty() {
        return opts::usage(
            ctx,
            "you must specify a list of bytes, characters, or fields",
            1,
        )
        .await;
    }
    if kinds.len() > 1 {
        return opts::usage(ctx, "only one list may be specified", 1).await;
    }
    let fields = kinds[0] == b'f';
    let delim = match p.last(b'd') {
        Some(d) if d.len() > 1 => {
            return opts::usage(ctx, "the delimiter must be a single character", 1).await
        }
        Some(d) => {
            if !fields {
                return opts::usage(
                    ctx,
                    "an input delimiter may be specified only when operating on fields",
                    1,
                )
                .await;
            }
            // `-d ''` is GNU's way to name the NUL byte.
            d.first().copied().unwrap_or(0)
        }
        None => b'\t',
    };
    if p.has(b's') && !fields {
        return opts::usage(
            ctx,
            "suppressing non-delimited lines makes sense\n\tonly when operating on fields",
            1,
        )
        .await;
    }
    let ranges = match parse_list(Quoting::of(ctx), p.last(kinds[0]).unwrap_or(b""), fields) {
        Ok(r) => r,
        Err(m) => return opts::usage(ctx, &m, 1).await,
    };
    let complement = p.has(0x80);
    let out_delim: Option<Vec<u8>> = p.last(0x81).map(|d| d.to_vec());
    let only_delim = p.has(b's');
    let eol = if p.has(b'z') { 0 } else { b'\n' };
    let files = if p.operands.is_empty() {
        vec![b"-".to_vec()]
    } else {
        p.operands.clone()
    };
    let mut status = 0;
    let mut out = Out::new();
    for f in &files {
        let file = match ctx.open_input(f) {
            Ok(x) => x,
            Err(e) => {
                let e = opts::interrupted(e)?;
                ctx.diag_path(opts::quotef(ctx, f).as_bytes(), e).await?;
                status = 1;
                continue;
            }
        };
        let mut lr = LineReader::new(file);
        lr.delim = eol;
        loop {
            let line = match lr.next_line(&ctx.sys).await {
                Ok(Some(l)) => l,
                Ok(None) => break,
                Err(e) => {
                    let e = opts::interrupted(e)?;
                    ctx.diag_path(opts::quotef(ctx, f).as_bytes(), e).await?;
                    status = 1;
                    break;
                }
            };
            ctx.charge_bytes(line.len())?;
            let body = line.strip_suffix(&[eol]).unwrap_or(&line);
            if fields {
                if !body.contains(&delim) {
                    if !only_delim {
                        out.push(body);
                        out.buf.push(eol);
                    }
                    continue;
                }
                let od = out_delim.clone().unwrap_or_else(|| vec![delim]);
                let mut first = true;
                for (k, field) in body.split(|&c| c == delim).enumerate() {
                    if selected(&ranges, k + 1, complement) {
                        if !first {
                            out.push(&od);
                        }
                        out.push(field);
                        first = false;
                    }
                }
            } else {
                let mut prev: Option<usize> = None;
                for (k, &b) in body.iter().enumerate() {
                    if selected(&ranges, k + 1, complement) {
                        if let (Some(od), Some(pk)) = (&out_delim, prev) {
                            if pk + 1 != k {
                                out.push(od);
                            }
                        }
                        out.buf.push(b);
                        prev = Some(k);
                    }
                }
            }
            out.buf.push(eol);
            out.flush(ctx).await?;
        }
    }
    out.flush(ctx).await?;
    Ok(status)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn c(args: &str) -> String {
        let mut v = vec!["cut"];
        v.extend(args.split(' ').filter(|s| !s.is_empty()));
        let r = text(run(&v, b"a:b:c:d\nxyz\n"));
        (r.1 + &r.2).replace('\n', "~")
    }

    #[test]
    fn selections() {
        assert_eq!(c("-b 1-2,4-"), "a::c:d~xy~");
        assert_eq!(c("-c2-"), ":b:c:d~yz~");
        assert_eq!(c("-f2 -d:"), "b~xyz~");
        assert_eq!(c("-f1,3 -d: --output-delimiter=|"), "a|c~xyz~");
        assert_eq!(c("-s -f2 -d:"), "b~");
        assert_eq!(c("--complement -f2 -d:"), "a:c:d~xyz~");
        assert_eq!(c("-b1-2,4 --output-delimiter=_"), "a:_:~xy~");
        assert_eq!(c("-f 2- -d:"), "b:c:d~xyz~");
        assert_eq!(c("-b 2,1 -n"), "a:~xy~");
    }

    #[test]
    fn errors() {
        let t = "~Try 'cut --help' for more information.~";
        assert_eq!(
            c(""),
            format!("cut: you must specify a list of bytes, characters, or fields{t}")
        );
        assert_eq!(
            c("-b1 -f1"),
            format!("cut: only one list may be specified{t}")
        );
        assert_eq!(
            c("-d ab -f1"),
            format!("cut: the delimiter must be a single character{t}")
        );
        assert_eq!(
            c("-d: -b1"),
            format!("cut: an input delimiter may be specified only when operating on fields{t}")
        );
        assert_eq!(c("-s -b1"), format!("cut: suppressing non-delimited lines makes sense~\tonly when operating on fields{t}"));
        assert_eq!(c("-f0"), format!("cut: fields are numbered from 1{t}"));
        assert_eq!(c("-fx"), format!("cut: invalid field value 'x'{t}"));
        assert_eq!(c("-f3-1"), format!("cut: invalid decreasing range{t}"));
        assert_eq!(
            c("-f-"),
            format!("cut: invalid range with no endpoint: -{t}")
        );
        assert_eq!(c("-f1,,2"), format!("cut: fields are numbered from 1{t}"));
    }

    #[test]
    fn endless() {
        let (status, out) = run_endless(&["cut", "-c1"], b"yes\n");
        assert!(out.starts_with(b"y\ny\n"));
        assert_ne!(status, 0);
    }
}
