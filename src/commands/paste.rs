//! `paste`: merge lines of files (streams all inputs in parallel; `-s` one file at a time).

use super::opts::{self, flag, req, OptDef, Out, Parser};
use super::textio;
use crate::process::command::{CommandCtx, LineReader, Trust};
use crate::process::Interrupt;

pub fn register(r: &mut super::Registry) {
    r.register(
        "paste",
        Trust::Real,
        "merge lines of files",
        "-d LIST -s -z",
        run,
    );
}

const DEFS: &[OptDef] = &[
    req(b'd', "delimiters"),
    flag(b's', "serial"),
    flag(b'z', "zero-terminated"),
];

/// GNU delimiter list: `\n \t \\ \0` escapes; `\0` is the empty delimiter.
fn delims(v: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < v.len() {
        if v[i] == b'\\' && i + 1 < v.len() {
            out.push(match v[i + 1] {
                b'n' => b"\n".to_vec(),
                b't' => b"\t".to_vec(),
                b'\\' => b"\\".to_vec(),
                b'0' => Vec::new(),
                b'b' => b"\x08".to_vec(),
                b'f' => b"\x0c".to_vec(),
                b'r' => b"\r".to_vec(),
                b'v' => b"\x0b".to_vec(),
                c => vec![c],
            });
            i += 2;
        } else {
            let (_, l) = super::posix_re::decode(&v[i..]);
            out.push(v[i..i + l].to_vec());
            i += l;
        }
    }
    out
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let d = delims(p.last(b'd').unwrap_or(b"\t"));
    if p.last(b'd')
        .is_some_and(|v| v.ends_with(b"\\") && !v.ends_with(b"\\\\"))
    {
        ctx.diag(format!(
            "delimiter list ends with an unescaped backslash: {}",
            String::from_utf8_lossy(p.last(b'd').unwrap())
        ))
        .await?;
        return Ok(1);
    }
    let d = if d.is_empty() { vec![Vec::new()] } else { d };
    let eol = if p.has(b'z') { 0 } else { b'\n' };
    let ops = textio::operands(&p.operands);
    let mut out = Out::new();
    let mut status = 0;
    if p.has(b's') {
        for op in &ops {
            let Some(f) = textio::open(ctx, op).await? else {
                status = 1;
                continue;
            };
            let mut r = LineReader::new(f);
            r.delim = eol;
            let mut k = 0;
            let mut any = false;
            while let Ok(Some(mut l)) = textio::line(ctx, &mut r, op).await? {
                if l.last() == Some(&eol) {
                    l.pop();
                }
                if any {
                    out.push(&d[k % d.len()]);
                    k += 1;
                }
                any = true;
                out.push(&l);
                out.maybe_flush(ctx).await?;
            }
            out.buf.push(eol);
        }
        out.flush(ctx).await?;
        return Ok(status);
    }
    // Parallel: `-` given several times shares stdin, line by line.
    let mut readers: Vec<Option<LineReader>> = Vec::new();
    let mut stdin: Option<LineReader> = None;
    for op in &ops {
        if op == b"-" {
            if stdin.is_none() {
                if let Some(f) = textio::open(ctx, op).await? {
                    let mut r = LineReader::new(f);
                    r.delim = eol;
                    stdin = Some(r);
                }
            }
            readers.push(None);
            continue;
        }
        match textio::open(ctx, op).await? {
            Some(f) => {
                let mut r = LineReader::new(f);
                r.delim = eol;
                readers.push(Some(r));
            }
            None => return Ok(1),
        }
    }
    let mut done = vec![false; ops.len()];
    loop {
        let mut line_out = Vec::new();
        let mut any = false;
        for i in 0..ops.len() {
            let mut got = None;
            if !done[i] {
                let r = if ops[i] == b"-" {
                    stdin.as_mut()
                } else {
                    readers[i].as_mut()
                };
                if let Some(r) = r {
                    match textio::line(ctx, r, &ops[i]).await? {
                        Ok(Some(mut l)) => {
                            if l.last() == Some(&eol) {
                                l.pop();
                            }
                            got = Some(l);
                        }
                        Ok(None) => done[i] = true,
                        Err(()) => {
                            done[i] = true;
                            status = 1;
                        }
                    }
                } else {
                    done[i] = true;
                }
            }
            if let Some(l) = got {
                any = true;
                line_out.extend_from_slice(&l);
            }
            if i + 1 < ops.len() {
                line_out.extend_from_slice(&d[i % d.len()]);
            }
        }
        if !any {
            break;
        }
        out.push(&line_out);
        out.buf.push(eol);
        out.maybe_flush(ctx).await?;
    }
    out.flush(ctx).await?;
    Ok(status)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn merge() {
        assert_eq!(
            text(run(&["paste", "-", "-"], b"a\nb\nc\n")).1,
            "a\tb\nc\t\n"
        );
        assert_eq!(
            text(run_files(
                &["paste", "-s", "-d,", "f"],
                b"",
                &[("f", b"a\nb\nc\n")]
            ))
            .1,
            "a,b,c\n"
        );
        assert_eq!(
            text(run_files(
                &["paste", "f", "g"],
                b"",
                &[("f", b"1\n2\n3\n"), ("g", b"x\n")]
            ))
            .1,
            "1\tx\n2\t\n3\t\n"
        );
        assert_eq!(
            text(run_files(
                &["paste", "-d", ":;", "f", "f", "f"],
                b"",
                &[("f", b"1\n")]
            ))
            .1,
            "1:1;1\n"
        );
    }
}
