//! `wc`: lines, words, characters, bytes and the longest line, streaming, with GNU's column
//! width rules (width from the total size of regular files; 7 when any input is not a regular
//! file; 1 for a single count of a single input), and `--files0-from` name lists.

use super::files0::{self, Names};
use super::opts::{self, flag, req, OptDef, Parser};
use crate::process::command::CommandCtx;
use crate::process::{Desc, Interrupt};

const DEFS: &[OptDef] = &[
    flag(b'c', "bytes"),
    flag(b'm', "chars"),
    flag(b'l', "lines"),
    flag(b'w', "words"),
    flag(b'L', "max-line-length"),
    req(FILES0_FROM, "files0-from"),
];

/// The long-only `--files0-from=F`.
const FILES0_FROM: u8 = 128;

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
    /// A UTF-8 locale: characters are UTF-8 sequences; in C each byte is one.
    utf8: bool,
    pos: u64,
}

/// Whether the UTF-8 lead byte at `data[i]` starts a well-formed sequence (as far as the
/// chunk shows; a sequence cut by the chunk's end is taken as whole).
fn lead_ok(data: &[u8], i: usize) -> bool {
    let n = match data[i] {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return false,
    };
    data[i + 1..data.len().min(i + n)]
        .iter()
        .all(|b| (0x80..0xC0).contains(b))
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
        for (i, &b) in data.iter().enumerate() {
            if !self.utf8 || b & 0xC0 != 0x80 {
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
                    // GNU: only a printable character starts a word or takes a column; other
                    // bytes (controls, invalid or, in C, non-ASCII) neither start nor end one.
                    let printable =
                        (0x21..0x7f).contains(&b) || (self.utf8 && b >= 0xC2 && lead_ok(data, i));
                    if printable {
                        if !self.in_word {
                            c.words += 1;
                            self.in_word = true;
                        }
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

/// Which counts are printed, in GNU's column order.
#[derive(Clone, Copy)]
struct Wanted {
    l: bool,
    w: bool,
    m: bool,
    c: bool,
    lmax: bool,
}

impl Wanted {
    fn count(self) -> usize {
        [self.l, self.w, self.m, self.c, self.lmax]
            .iter()
            .filter(|x| **x)
            .count()
    }

    fn line(self, k: &Counts, width: usize, name: Option<&[u8]>) -> Vec<u8> {
        let mut parts = Vec::new();
        for (on, v) in [
            (self.l, k.lines),
            (self.w, k.words),
            (self.m, k.chars),
            (self.c, k.bytes),
            (self.lmax, k.maxlen),
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
    }
}

/// The size stat reports for `name` if it is a regular file (`-` is standard input);
/// `Err(())` when it is something else, `Ok(None)` when it cannot be stat-ed.
fn regular_size(ctx: &CommandCtx, name: Option<&[u8]>) -> Result<Option<u64>, ()> {
    match name {
        None | Some(b"-") => match ctx.fd(0).as_ref().map(|f| &f.desc) {
            Some(Desc::File { path, .. }) => Ok(Some(ctx.stat(path).map(|s| s.size).unwrap_or(0))),
            _ => Err(()),
        },
        Some(b"") => Ok(None),
        Some(name) => match ctx.stat(&ctx.resolve(name)) {
            Ok(st) if st.file_type == crate::vfs::FileType::File => Ok(Some(st.size)),
            Ok(_) => Err(()),
            Err(_) => Ok(None),
        },
    }
}

/// GNU's column width: the digits of the regular files' total size, at least 7 when any
/// input is not a regular file, and 1 for a single count of a single input.
fn column_width(
    ctx: &CommandCtx,
    names: &[Option<Vec<u8>>],
    wanted: Wanted,
) -> Result<usize, Interrupt> {
    if names.is_empty() || (names.len() == 1 && wanted.count() == 1) {
        return Ok(1);
    }
    let mut regular_total = 0u64;
    let mut min_width = 1;
    for n in names {
        ctx.charge(crate::limits::cost::PATH_COMPONENT)?;
        match regular_size(ctx, n.as_deref()) {
            Ok(size) => regular_total += size.unwrap_or(0),
            Err(()) => min_width = 7,
        }
    }
    Ok((regular_total.max(1).ilog10() as usize + 1).max(min_width))
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut wanted = Wanted {
        l: p.has(b'l'),
        w: p.has(b'w'),
        m: p.has(b'm'),
        c: p.has(b'c'),
        lmax: p.has(b'L'),
    };
    if wanted.count() == 0 {
        wanted.l = true;
        wanted.w = true;
        wanted.c = true;
    }
    let files_from = p.last(FILES0_FROM).map(<[u8]>::to_vec);
    let (mut names, width) = match &files_from {
        Some(from) => {
            if let Some(extra) = p.operands.first() {
                return files0::extra_operand(ctx, extra).await;
            }
            match files0::open_list(ctx, from).await? {
                Ok(Names::Fixed(list, held)) => {
                    let list: Vec<_> = list.collect();
                    let width = column_width(ctx, &list, wanted)?;
                    (Names::Fixed(list.into_iter(), held), width)
                }
                // GNU cannot stat names it has not read yet: every column is 1 wide.
                Ok(stream) => (stream, 1),
                Err(status) => return Ok(status),
            }
        }
        None => {
            let list: Vec<_> = if p.operands.is_empty() {
                vec![None]
            } else {
                p.operands.iter().map(|o| Some(o.clone())).collect()
            };
            let width = column_width(ctx, &list, wanted)?;
            (Names::Fixed(list.into_iter(), None), width)
        }
    };
    let mut status = 0;
    let mut total = Counts::default();
    let mut seen = 0usize;
    loop {
        let name = match names.next(ctx).await {
            Ok(Some(n)) => n,
            Ok(None) => break,
            Err(e) => {
                let e = opts::interrupted(e)?;
                files0::read_error(ctx, files_from.as_deref().unwrap_or(b"-"), e).await?;
                status = 1;
                break;
            }
        };
        seen += 1;
        ctx.charge(1)?;
        if let (Some(from), Some(n)) = (&files_from, &name) {
            if !files0::usable(ctx, from, seen, n).await? {
                status = 1;
                continue;
            }
        }
        let operand: &[u8] = name.as_deref().unwrap_or(b"-");
        let Some(k) = count_input(ctx, operand, wanted).await? else {
            status = 1;
            continue;
        };
        if k.1 {
            status = 1;
        }
        let k = k.0;
        total.lines += k.lines;
        total.words += k.words;
        total.chars += k.chars;
        total.bytes += k.bytes;
        total.maxlen = total.maxlen.max(k.maxlen);
        ctx.out(&wanted.line(&k, width, name.as_deref())).await?;
    }
    drop(names);
    if seen > 1 {
        ctx.out(&wanted.line(&total, width, Some(b"total"))).await?;
    }
    Ok(status)
}

/// Counts one input; `None` when it cannot be opened (after the diagnostic), else the
/// counts and whether a read failed part way.
async fn count_input(
    ctx: &CommandCtx,
    operand: &[u8],
    wanted: Wanted,
) -> Result<Option<(Counts, bool)>, Interrupt> {
    let file = match ctx.open_input(operand) {
        Ok(x) => x,
        Err(e) => {
            let e = opts::interrupted(e)?;
            ctx.diag_path(opts::quotef(ctx, operand).as_bytes(), e)
                .await?;
            return Ok(None);
        }
    };
    let mut scan = Scan {
        lines_and_bytes_only: !(wanted.w || wanted.m || wanted.lmax),
        utf8: opts::utf8_locale(ctx),
        ..Scan::default()
    };
    let mut failed = false;
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
                failed = true;
                break;
            }
        }
    }
    Ok(Some((scan.finish(), failed)))
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
        // The unit tests run in the C locale, where a character is a byte.
        assert_eq!(wc(&["-m"], "h\u{e9}\n".as_bytes()).1, "4\n");
        // The lines/bytes-only fast path agrees with the full scan.
        assert_eq!(wc(&["-lc", "w1"], b"").1, " 2 24 w1\n");
        assert_eq!(wc(&["-c"], b"a\nb").1, "3\n");
        assert_eq!(wc(&["-l"], b"a\nb").1, "1\n");
        // Controls and invalid bytes neither start nor end words.
        assert_eq!(wc(&["-w"], b"\x80\x81 \x01\n").1, "0\n");
        assert_eq!(wc(&["-wm"], b"a\x80b \xc3\xa9\n").1, "      1       7\n");
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

    #[test]
    fn files0_from() {
        // A list on a pipe-like stdin is streamed: GNU cannot stat ahead, so widths are 1.
        assert_eq!(
            wc(&["--files0-from=-"], b"w1\0w2\0").1,
            "2 5 24 w1\n0 1 1 w2\n2 6 25 total\n"
        );
        assert_eq!(wc(&["--files0-from=-", "-l"], b"\0w2").1, "0 w2\n0 total\n");
        assert_eq!(wc(&["--files0-from=-", "w1"], b"").0, 1);
    }
}
