//! `strings`: print runs of printable characters (ASCII printable plus tab), streaming.

use super::opts::{self, req, OptDef, Out, Parser};
use super::textio;
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;

pub fn register(r: &mut super::Registry) {
    r.register(
        "strings",
        Trust::Real,
        "print the sequences of printable characters in files",
        "-n N -NUM -a -t d|o|x",
        run,
    );
}

const DEFS: &[OptDef] = &[
    req(b'n', "bytes"),
    opts::flag(b'a', "all"),
    req(b't', "radix"),
];

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let args: Vec<Vec<u8>> = ctx
        .args()
        .iter()
        .map(|a| {
            if a.len() > 1 && a[0] == b'-' && a[1..].iter().all(|b| b.is_ascii_digit()) {
                let mut v = b"-n".to_vec();
                v.extend_from_slice(&a[1..]);
                v
            } else {
                a.clone()
            }
        })
        .collect();
    let p = match Parser::new(DEFS).parse(&args) {
        Ok(p) => p,
        Err(m) => {
            ctx.diag(m).await?;
            ctx.err(b"Usage: strings [option(s)] [file(s)]\n").await?;
            return Ok(1);
        }
    };
    let min = match p.last(b'n') {
        None => 4,
        Some(v) => match opts::parse_i64(v) {
            Some(n) if n > 0 => n as usize,
            _ => {
                ctx.diag(format!(
                    "invalid minimum string length {}",
                    String::from_utf8_lossy(v)
                ))
                .await?;
                return Ok(1);
            }
        },
    };
    let radix = match p.last(b't') {
        None => None,
        Some(b"d") => Some(b'd'),
        Some(b"o") => Some(b'o'),
        Some(b"x") => Some(b'x'),
        Some(_) => {
            ctx.diag("invalid radix").await?;
            return Ok(1);
        }
    };
    let mut out = Out::new();
    let mut status = 0;
    for op in textio::operands(&p.operands) {
        let f = match ctx.open_input(&op) {
            Ok(f) => f,
            Err(e) => {
                let e = opts::interrupted(e)?;
                // binutils words a missing file its own way, other errors with strerror.
                let why = e.message();
                let why = if why == "No such file or directory" {
                    "No such file"
                } else {
                    why
                };
                ctx.diag(format!("'{}': {}", String::from_utf8_lossy(&op), why))
                    .await?;
                status = 1;
                continue;
            }
        };
        let mut run: Vec<u8> = Vec::new();
        let mut off: u64 = 0;
        let mut start: u64 = 0;
        let flush_run = |run: &mut Vec<u8>, start: u64, out: &mut Out| {
            if run.len() >= min {
                match radix {
                    Some(b'd') => out.push(format!("{start:7} ").as_bytes()),
                    Some(b'o') => out.push(format!("{start:7o} ").as_bytes()),
                    Some(b'x') => out.push(format!("{start:7x} ").as_bytes()),
                    _ => {}
                }
                out.push(run);
                out.push(b"\n");
            }
            run.clear();
        };
        loop {
            let c = match textio::chunk(ctx, &f, &op).await? {
                Ok(Some(c)) => c,
                Ok(None) => break,
                Err(()) => {
                    status = 1;
                    break;
                }
            };
            for b in c {
                if (0x20..0x7f).contains(&b) || b == b'\t' {
                    if run.is_empty() {
                        start = off;
                    }
                    run.push(b);
                } else {
                    flush_run(&mut run, start, &mut out);
                }
                off += 1;
            }
            out.maybe_flush(ctx).await?;
        }
        flush_run(&mut run, start, &mut out);
    }
    out.flush(ctx).await?;
    Ok(status)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn runs() {
        assert_eq!(
            text(run(&["strings"], b"ab\0cdefgh\x01ijkl\n")).1,
            "cdefgh\nijkl\n"
        );
        assert_eq!(
            text(run(&["strings", "-n", "2"], b"ab\tcdef\n")).1,
            "ab\tcdef\n"
        );
        assert_eq!(text(run(&["strings", "-2"], b"x\0yz")).1, "yz\n");
    }
}
