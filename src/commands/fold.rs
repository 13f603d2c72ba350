//! `fold`: wrap input lines to a width (streams; columns count bytes like GNU coreutils 9.1,
//! with tab stops every 8, backspace and carriage return adjusting the column).

use super::opts::{self, flag, req, OptDef, Out, Parser};
use super::textio;
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;

pub fn register(r: &mut super::Registry) {
    r.register(
        "fold",
        Trust::Real,
        "wrap each input line to fit in specified width",
        "-w N -s -b -NUM",
        run,
    );
}

const DEFS: &[OptDef] = &[
    flag(b'b', "bytes"),
    flag(b's', "spaces"),
    req(b'w', "width"),
];

fn adjust(column: usize, c: u8, bytes: bool) -> usize {
    if bytes {
        return column + 1;
    }
    match c {
        8 => column.saturating_sub(1),
        b'\r' => 0,
        b'\t' => column + 8 - column % 8,
        _ => column + 1,
    }
}

struct Folder {
    width: usize,
    bytes: bool,
    spaces: bool,
    line: Vec<u8>,
    column: usize,
}

impl Folder {
    fn feed(&mut self, c: u8, out: &mut Out) {
        if c == b'\n' {
            out.push(&self.line);
            out.push(b"\n");
            self.line.clear();
            self.column = 0;
            return;
        }
        loop {
            self.column = adjust(self.column, c, self.bytes);
            if self.column > self.width {
                if self.spaces {
                    if let Some(i) = self.line.iter().rposition(|&b| b == b' ' || b == b'\t') {
                        let end = i + 1;
                        out.push(&self.line[..end]);
                        out.push(b"\n");
                        self.line.drain(..end);
                        self.column = 0;
                        for &b in &self.line {
                            self.column = adjust(self.column, b, self.bytes);
                        }
                        continue;
                    }
                }
                if self.line.is_empty() {
                    self.line.push(c);
                    return;
                }
                out.push(&self.line);
                out.push(b"\n");
                self.line.clear();
                self.column = 0;
                continue;
            }
            self.line.push(c);
            return;
        }
    }
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    // `-NUM` is `-w NUM`.
    let mut args = Vec::new();
    for a in ctx.args() {
        if a.len() > 1 && a[0] == b'-' && a[1..].iter().all(|b| b.is_ascii_digit()) {
            let mut v = b"-w".to_vec();
            v.extend_from_slice(&a[1..]);
            args.push(v);
        } else {
            args.push(a.clone());
        }
    }
    let p = match Parser::new(DEFS).parse(&args) {
        Ok(p) => p,
        Err(m) => return opts::usage(ctx, &m, 1).await,
    };
    let width = match p.last(b'w') {
        None => 80,
        Some(v) => match opts::parse_i64(v) {
            Some(n) if n > 0 => n as usize,
            n => {
                // GNU adds the errno of its range check: 0 is out of range, a number past
                // the integer type too large.
                let why = match n {
                    Some(0) => ": Numerical result out of range",
                    None if !v.is_empty() && v.iter().all(u8::is_ascii_digit) => {
                        ": Value too large for defined data type"
                    }
                    _ => "",
                };
                ctx.diag(format!(
                    "invalid number of columns: {}{why}",
                    opts::quote(ctx, v)
                ))
                .await?;
                return Ok(1);
            }
        },
    };
    let mut status = 0;
    let mut out = Out::new();
    for op in textio::operands(&p.operands) {
        let Some(f) = textio::open(ctx, &op).await? else {
            status = 1;
            continue;
        };
        let mut fo = Folder {
            width,
            bytes: p.has(b'b'),
            spaces: p.has(b's'),
            line: Vec::new(),
            column: 0,
        };
        loop {
            match textio::chunk(ctx, &f, &op).await? {
                Ok(Some(c)) => {
                    for b in c {
                        fo.feed(b, &mut out);
                    }
                    out.maybe_flush(ctx).await?;
                }
                Ok(None) => break,
                Err(()) => {
                    status = 1;
                    break;
                }
            }
        }
        out.push(&fo.line);
    }
    out.flush(ctx).await?;
    Ok(status)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn f(args: &[&str], input: &str) -> String {
        let mut v = vec!["fold"];
        v.extend_from_slice(args);
        text(run(&v, input.as_bytes())).1
    }

    #[test]
    fn wrapping() {
        assert_eq!(f(&["-w", "3"], "abcdefg\n"), "abc\ndef\ng\n");
        assert_eq!(f(&["-w", "4"], "ab\tcd\n"), "ab\n\t\ncd\n");
        assert_eq!(f(&["-b", "-w", "4"], "ab\tcd\n"), "ab\tc\nd\n");
        assert_eq!(
            f(&["-s", "-w", "7"], "hello world foo\n"),
            "hello \nworld \nfoo\n"
        );
        assert_eq!(f(&["-s", "-w3"], "a b c d e f\n"), "a \nb \nc \nd \ne f\n");
        assert_eq!(f(&["-5"], "abcdefgh"), "abcde\nfgh");
    }
}
