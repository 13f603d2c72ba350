//! `cat`: concatenate files, streaming chunk by chunk (works on endless input).

use super::opts::{self, flag, OptDef, Out, Parser};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;

const DEFS: &[OptDef] = &[
    flag(b'A', "show-all"),
    flag(b'b', "number-nonblank"),
    flag(b'e', ""),
    flag(b'E', "show-ends"),
    flag(b'n', "number"),
    flag(b's', "squeeze-blank"),
    flag(b't', ""),
    flag(b'T', "show-tabs"),
    flag(b'u', ""),
    flag(b'v', "show-nonprinting"),
];

#[derive(Default)]
struct Fmt {
    number: bool,
    nonblank: bool,
    ends: bool,
    squeeze: bool,
    tabs: bool,
    nonprint: bool,
    // state carried across chunks and files
    mid_line: bool,
    // `-E` without `-v` shows a CR that ends a line as `^M` (coreutils 9.1); a CR at the
    // end of a chunk or file waits here for the next byte to decide.
    pending_cr: bool,
    blanks: u64,
    line: u64,
}

impl Fmt {
    fn plain(&self) -> bool {
        !(self.number || self.nonblank || self.ends || self.squeeze || self.tabs || self.nonprint)
    }

    fn num(&mut self, out: &mut Out) {
        self.line += 1;
        out.push(format!("{:>6}\t", self.line).as_bytes());
    }

    fn feed(&mut self, data: &[u8], out: &mut Out) {
        for &b in data {
            if self.pending_cr {
                self.pending_cr = false;
                out.push(if b == b'\n' { b"^M" } else { b"\r" });
            }
            if !self.mid_line {
                if b == b'\n' {
                    self.blanks += 1;
                    if self.squeeze && self.blanks > 1 {
                        continue;
                    }
                    if self.number && !self.nonblank {
                        self.num(out);
                    }
                    if self.ends {
                        out.push(b"$");
                    }
                    out.push(b"\n");
                    continue;
                }
                self.blanks = 0;
                if self.number || self.nonblank {
                    self.num(out);
                }
                self.mid_line = true;
            }
            match b {
                b'\n' => {
                    self.mid_line = false;
                    if self.ends {
                        out.push(b"$");
                    }
                    out.push(b"\n");
                }
                b'\t' if self.tabs => out.push(b"^I"),
                b'\t' => out.push(b"\t"),
                _ if self.nonprint => push_visible(b, out),
                b'\r' if self.ends => self.pending_cr = true,
                _ => out.buf.push(b),
            }
        }
    }
}

/// `cat -v` notation: `^X`, `^?`, `M-x`, `M-^X`.
pub fn push_visible(b: u8, out: &mut Out) {
    let mut c = b;
    if c >= 128 {
        out.push(b"M-");
        c -= 128;
    }
    if c < 32 {
        out.buf.push(b'^');
        out.buf.push(c + 64);
    } else if c == 127 {
        out.push(b"^?");
    } else {
        out.buf.push(c);
    }
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut f = Fmt::default();
    for (id, _) in &p.opts {
        match id {
            b'A' => {
                f.nonprint = true;
                f.ends = true;
                f.tabs = true;
            }
            b'b' => {
                f.number = true;
                f.nonblank = true;
            }
            b'e' => {
                f.nonprint = true;
                f.ends = true;
            }
            b'E' => f.ends = true,
            b'n' => f.number = true,
            b's' => f.squeeze = true,
            b't' => {
                f.nonprint = true;
                f.tabs = true;
            }
            b'T' => f.tabs = true,
            b'v' => f.nonprint = true,
            _ => {}
        }
    }
    let operands = if p.operands.is_empty() {
        vec![b"-".to_vec()]
    } else {
        p.operands
    };
    let mut status = 0;
    let mut out = Out::new();
    for op in &operands {
        let file = match ctx.open_input(op) {
            Ok(file) => file,
            Err(e) => {
                let e = opts::interrupted(e)?;
                ctx.diag_path(opts::quotef(ctx, op).as_bytes(), e).await?;
                status = 1;
                continue;
            }
        };
        loop {
            let chunk = match ctx.sys.read(&file, 65536).await {
                Ok(c) => c,
                Err(e) => {
                    let e = opts::interrupted(e)?;
                    out.flush(ctx).await?;
                    ctx.diag_path(opts::quotef(ctx, op).as_bytes(), e).await?;
                    status = 1;
                    break;
                }
            };
            if chunk.is_empty() {
                break;
            }
            ctx.charge_bytes(chunk.len())?;
            if f.plain() {
                out.flush(ctx).await?;
                ctx.out(&chunk).await?;
            } else {
                f.feed(&chunk, &mut out);
                out.flush(ctx).await?;
            }
        }
    }
    if f.pending_cr {
        out.push(b"\r");
    }
    out.flush(ctx).await?;
    Ok(status)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn passthrough_and_files() {
        assert_eq!(
            run_files(&["cat", "a", "-", "a"], b"in\n", &[("a", b"A\n")]),
            (0, b"A\nin\nA\n".to_vec(), vec![])
        );
        assert_eq!(
            text(run(&["cat", "nofile"], b"")),
            (
                1,
                String::new(),
                "cat: nofile: No such file or directory\n".into()
            )
        );
        assert_eq!(
            text(run_files(&["cat", "d"], b"", &[("d/", b"")])),
            (1, String::new(), "cat: d: Is a directory\n".into())
        );
    }

    #[test]
    fn numbering_and_squeeze() {
        let input = b"a\n\n\n\nb\n\tc\x01\x7f\xe9";
        assert_eq!(
            text(run(&["cat", "-n"], input)).1,
            "     1\ta\n     2\t\n     3\t\n     4\t\n     5\tb\n     6\t\tc\x01\x7f\u{fffd}"
        );
        assert_eq!(
            text(run(&["cat", "-bs"], input)).1,
            "     1\ta\n\n     2\tb\n     3\t\tc\x01\x7f\u{fffd}"
        );
        assert_eq!(
            run(&["cat", "-A"], input).1,
            b"a$\n$\n$\n$\nb$\n^Ic^A^?M-i".to_vec()
        );
        assert_eq!(run(&["cat", "-sE"], b"\n\n\nx\n").1, b"$\nx$\n".to_vec());
    }

    #[test]
    fn show_ends_marks_crlf() {
        assert_eq!(
            run(&["cat", "-E"], b"a\r\r\nb\r").1,
            b"a\r^M$\nb\r".to_vec()
        );
        assert_eq!(run(&["cat", "-ET"], b"\r\tx\r\n").1, b"\r^Ix^M$\n".to_vec());
    }

    #[test]
    fn bad_option() {
        assert_eq!(
            text(run(&["cat", "-x"], b"")),
            (
                1,
                String::new(),
                "cat: invalid option -- 'x'\nTry 'cat --help' for more information.\n".into()
            )
        );
    }
}
