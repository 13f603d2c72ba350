//! `wc`: lines, words, characters, bytes and the longest line, streaming, with GNU's column
//! width rules (width from the total size of regular files; 7 when any input is not a regular
//! file; 1 for a single count of a single input).

use super::opts::{self, flag, OptDef, Parser};
use crate::process::command::CommandCtx;
use crate::process::{Desc, Interrupt};

const DEFS: &[OptDef] = &[
    flag(b'c', "bytes"),
    flag(b'm', "chars"),
    flag(b'l', "lines"),
    flag(b'w', "words"),
    flag(b'L', "max-line-length"),
];

#[derive(Default, Clone, Copy)]
struct Counts {
    lines: u64,
    words: u64,
    chars: u64,
    bytes: u64,
    maxlen: u64,
}

#[derive(Default)]
struct Scan {
    c: Counts,
    in_word: bool,
    /// Only lines and/or bytes are wanted: skip the per-byte word/char/width scan.
    lines_and_bytes_only: bool,
    pos: u64,
}

impl Scan {
    fn feed(&mut self, data: &[u8]) {
        let c = &mut self.c;
        c.bytes += data.len() as u64;
        if self.lines_and_bytes_only {
            // `wc -l` / `wc -c`: nothing else is printed, so count newlines with SIMD.
            c.lines += memchr::memchr_iter(b'\n', data).count() as u64;
            return;
        }
        for &b in data {
            if b & 0xC0 != 0x80 {
                c.chars += 1;
            }
            match b {
                b'\n' => {
                    c.lines += 1;
                    c.maxlen = c.maxlen.max(self.pos);
                    self.pos = 0;
                    self.in_word = false;
                }
                b'\r' | b'\x0c' => {
                    c.maxlen = c.maxlen.max(self.pos);
                    self.pos = 0;
                    self.in_word = false;
                }
                b'\t' => {
                    self.pos = (self.pos / 8 + 1) * 8;
                    self.in_word = false;
                }
                b' ' | b'\x0b' => {
                    self.pos += u64::from(b == b' ');
                    self.in_word = false;
                }
                _ => {
                    if !self.in_word {
                        c.words += 1;
                        self.in_word = true;
                    }
                    if (0x20..0x7f).contains(&b) || (b >= 0xC0) {
                        self.pos += 1;
                    }
                }
            }
        }
    }
    fn finish(&mut self) -> Counts {
        self.c.maxlen = self.c.maxlen.max(self.pos);
        self.c
    }
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let (mut l, mut w, mut m, mut c, lmax) = (
        p.has(b'l'),
        p.has(b'w'),
        p.has(b'm'),
        p.has(b'c'),
        p.has(b'L'),
    );
    if !(l || w || m || c || lmax) {
        l = true;
        w = true;
        c = true;
    }
    let _ = &mut m;
    let ncounts = [l, w, m, c, lmax].iter().filter(|x| **x).count();
    let files = if p.operands.is_empty() {
        vec![None]
    } else {
        p.operands.iter().map(|o| Some(o.clone())).collect()
    };
    // Width from what stat would say about each input.
    let mut regular_total = 0u64;
    let mut min_width = 1;
    for f in &files {
        match f.as_deref() {
            None | Some(b"-") => match ctx.fd(0).map(|f| matches!(f.desc, Desc::File { .. })) {
                Some(true) => {
                    if let Some(Desc::File { path, .. }) = ctx.fd(0).as_ref().map(|f| &f.desc) {
                        regular_total += ctx.stat(path).map(|s| s.size).unwrap_or(0);
                    }
                }
                _ => min_width = 7,
            },
            Some(name) => match ctx.stat(&ctx.resolve(name)) {
                Ok(st) if st.file_type == crate::vfs::FileType::File => regular_total += st.size,
                Ok(_) => min_width = 7,
                Err(_) => {}
            },
        }
    }
    let width = if files.len() == 1 && ncounts == 1 {
        1
    } else {
        (regular_total.max(1).ilog10() as usize + 1).max(min_width)
    };
    let fmt = |k: &Counts, name: Option<&[u8]>| -> Vec<u8> {
        let mut parts = Vec::new();
        for (on, v) in [
            (l, k.lines),
            (w, k.words),
            (m, k.chars),
            (c, k.bytes),
            (lmax, k.maxlen),
        ] {
            if on {
                parts.push(format!("{v:>width$}"));
            }
        }
        let mut s = parts.join(" ").into_bytes();
        if let Some(n) = name {
            s.push(b' ');
            s.extend_from_slice(n);
        }
        s.push(b'\n');
        s
    };
    let mut status = 0;
    let mut total = Counts::default();
    for f in &files {
        let operand: &[u8] = f.as_deref().unwrap_or(b"-");
        let file = match ctx.open_input(operand) {
            Ok(x) => x,
            Err(e) => {
                let e = opts::interrupted(e)?;
                ctx.diag_path(opts::quotef(ctx, operand).as_bytes(), e)
                    .await?;
                status = 1;
                continue;
            }
        };
        let mut scan = Scan {
            lines_and_bytes_only: !(w || m || lmax),
            ..Scan::default()
        };
        loop {
            match ctx.sys.read(&file, 65536).await {
                Ok(chunk) if chunk.is_empty() => break,
                Ok(chunk) => {
                    ctx.charge_bytes(chunk.len())?;
                    scan.feed(&chunk);
                }
                Err(e) => {
                    let e = opts::interrupted(e)?;
                    ctx.diag_path(opts::quotef(ctx, operand).as_bytes(), e)
                        .await?;
                    status = 1;
                    break;
                }
            }
        }
        let k = scan.finish();
        total.lines += k.lines;
        total.words += k.words;
        total.chars += k.chars;
        total.bytes += k.bytes;
        total.maxlen = total.maxlen.max(k.maxlen);
        ctx.out(&fmt(&k, f.as_deref())).await?;
    }
    if files.len() > 1 {
        ctx.out(&fmt(&total, Some(b"total"))).await?;
    }
    Ok(status)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    const W1: &[u8] = b"hello world\nfoo\tbar baz\n";

    fn wc(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
        let mut v = vec!["wc"];
        v.extend_from_slice(args);
        text(run_files(
            &v,
            stdin,
            &[("w1", W1), ("w2", b"x"), ("dd/", b"")],
        ))
    }

    #[test]
    fn widths() {
        assert_eq!(wc(&[], b"hi there\n").1, "      1       2       9\n");
        assert_eq!(wc(&["-l"], b"hi\n").1, "1\n");
        assert_eq!(wc(&["w1"], b"").1, " 2  5 24 w1\n");
        assert_eq!(wc(&["-l", "w1"], b"").1, "2 w1\n");
        assert_eq!(wc(&["-l", "w1", "w2"], b"").1, " 2 w1\n 0 w2\n 2 total\n");
        assert_eq!(wc(&["-", "w1"], b"hi\n").1, "      1       1       3 -\n      2       5      24 w1\n      3       6      27 total\n");
        assert_eq!(wc(&["-lw"], b"hi\n").1, "      1       1\n");
        assert_eq!(wc(&["-L", "w1"], b"").1, "15 w1\n");
        assert_eq!(wc(&["-L"], b"a\tb\n12345678901\n").1, "11\n");
        assert_eq!(wc(&["-m"], "h\u{e9}\n".as_bytes()).1, "3\n");
        // The lines/bytes-only fast path agrees with the full scan.
        assert_eq!(wc(&["-lc", "w1"], b"").1, " 2 24 w1\n");
        assert_eq!(wc(&["-c"], b"a\nb").1, "3\n");
        assert_eq!(wc(&["-l"], b"a\nb").1, "1\n");
    }

    #[test]
    fn errors() {
        assert_eq!(
            wc(&["nofile", "w1"], b""),
            (
                1,
                " 2  5 24 w1\n 2  5 24 total\n".into(),
                "wc: nofile: No such file or directory\n".into()
            )
        );
        assert_eq!(wc(&["dd", "w1"], b""), (1, "      0       0       0 dd\n      2       5      24 w1\n      2       5      24 total\n".into(), "wc: dd: Is a directory\n".into()));
        assert_eq!(wc(&["--total=only"], b"").0, 1);
    }
}
