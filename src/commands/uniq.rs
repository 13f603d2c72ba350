//! `uniq`: report or omit repeated lines (streams; keeps only the previous line).

use super::opts::{self, flag, optional, req, OptDef, Out, Parser};
use crate::process::command::{CommandCtx, LineReader, Trust};
use crate::process::Interrupt;

pub fn register(r: &mut super::Registry) {
    r.register("uniq", Trust::Real, "report or omit repeated lines", "-c -d -D --all-repeated[=none|prepend|separate] -u -i -f N -s N -w N -z [INPUT [OUTPUT]] (no --group)", run);
}

const ALL_REP: u8 = 0x80;

const DEFS: &[OptDef] = &[
    flag(b'c', "count"),
    flag(b'd', "repeated"),
    flag(b'D', ""),
    optional(ALL_REP, "all-repeated"),
    req(b'f', "skip-fields"),
    flag(b'i', "ignore-case"),
    req(b's', "skip-chars"),
    flag(b'u', "unique"),
    req(b'w', "check-chars"),
    flag(b'z', "zero-terminated"),
];

struct Key {
    fields: usize,
    chars: usize,
    width: Option<usize>,
    icase: bool,
}

impl Key {
    fn of<'a>(&self, line: &'a [u8]) -> std::borrow::Cow<'a, [u8]> {
        let mut i = 0;
        for _ in 0..self.fields {
            while i < line.len() && (line[i] == b' ' || line[i] == b'\t') {
                i += 1;
            }
            while i < line.len() && !(line[i] == b' ' || line[i] == b'\t') {
                i += 1;
            }
        }
        let mut s = &line[i..];
        // Skip characters (UTF-8 aware).
        let mut n = 0;
        let mut j = 0;
        while j < s.len() && n < self.chars {
            let (_, l) = super::posix_re::decode(&s[j..]);
            j += l;
            n += 1;
        }
        s = &s[j..];
        if let Some(w) = self.width {
            let mut j = 0;
            let mut n = 0;
            while j < s.len() && n < w {
                let (_, l) = super::posix_re::decode(&s[j..]);
                j += l;
                n += 1;
            }
            s = &s[..j];
        }
        if self.icase {
            std::borrow::Cow::Owned(s.to_ascii_lowercase())
        } else {
            std::borrow::Cow::Borrowed(s)
        }
    }
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let n = |id: u8, what: &str| -> Result<Option<usize>, String> {
        match p.last(id) {
            None => Ok(None),
            Some(v) => match opts::parse_i64(v) {
                Some(n) if n >= 0 => Ok(Some(n as usize)),
                _ => Err(format!(
                    "{}: invalid number of {what}",
                    String::from_utf8_lossy(v)
                )),
            },
        }
    };
    let key = match (
        n(b'f', "fields to skip"),
        n(b's', "bytes to skip"),
        n(b'w', "bytes to compare"),
    ) {
        (Ok(f), Ok(s), Ok(w)) => Key {
            fields: f.unwrap_or(0),
            chars: s.unwrap_or(0),
            width: w,
            icase: p.has(b'i'),
        },
        (Err(m), ..) | (_, Err(m), _) | (.., Err(m)) => {
            ctx.diag(m).await?;
            return Ok(1);
        }
    };
    let method = match p.opts.iter().rev().find(|o| o.0 == ALL_REP) {
        None => None,
        Some((_, None)) => Some(0),
        Some((_, Some(v))) => match v.as_slice() {
            b"none" | b"n" | b"no" | b"non" => Some(0),
            b"prepend" | b"p" | b"pr" | b"pre" => Some(1),
            b"separate" | b"s" | b"se" | b"sep" => Some(2),
            _ => {
                let valid: [&[&str]; 3] = [&["none"], &["prepend"], &["separate"]];
                let m = opts::bad_argument(ctx, v, "--all-repeated", &valid);
                return opts::usage(ctx, &m, 1).await;
            }
        },
    };
    let all_rep = method.or(if p.has(b'D') { Some(0) } else { None });
    let count = p.has(b'c');
    if count && all_rep.is_some() {
        ctx.diag("printing all duplicated lines and repeat counts is meaningless")
            .await?;
        ctx.err(b"Try 'uniq --help' for more information.\n")
            .await?;
        return Ok(1);
    }
    let (mut only_dup, only_uniq) = (p.has(b'd'), p.has(b'u'));
    if all_rep.is_some() {
        only_dup = true;
    }
    if p.operands.len() > 2 {
        return opts::usage(
            ctx,
            &format!("extra operand {}", opts::quote(ctx, &p.operands[2])),
            1,
        )
        .await;
    }
    let delim = if p.has(b'z') { 0 } else { b'\n' };
    let input = p.operands.first().cloned().unwrap_or_else(|| b"-".to_vec());
    // An OUTPUT operand other than `-` collects everything for one write at the end.
    let to_stdout = p.operands.get(1).is_none_or(|o| o.as_slice() == b"-");
    let f = match super::textio::open(ctx, &input).await? {
        Some(f) => f,
        None => return Ok(1),
    };
    let mut r = LineReader::new(f);
    r.delim = delim;
    let mut out = Out::new();
    let mut prev: Option<Vec<u8>> = None;
    let mut reps = 0u64;
    let mut groups_printed = 0u64;
    let emit = |out: &mut Out, line: &[u8], reps: u64| {
        let dup = reps > 1;
        if (only_dup && !dup) || (only_uniq && dup) {
            return;
        }
        if count {
            out.push(format!("{reps:>7} ").as_bytes());
        }
        out.push(line);
        out.buf.push(delim);
    };
    loop {
        let line = match super::textio::line(ctx, &mut r, &input).await? {
            Ok(Some(mut l)) => {
                if l.last() == Some(&delim) {
                    l.pop();
                }
                Some(l)
            }
            Ok(None) => None,
            Err(()) => return Ok(1),
        };
        let same = match (&prev, &line) {
            (Some(a), Some(b)) => key.of(a) == key.of(b),
            _ => false,
        };
        if let Some(m) = all_rep {
            // -D: print every line of each repeated group.
            if let Some(l) = &line {
                if same {
                    if reps == 1 {
                        if groups_printed > 0 && m == 2 || m == 1 {
                            out.buf.push(delim);
                        }
                        groups_printed += 1;
                        out.push(prev.as_deref().unwrap());
                        out.buf.push(delim);
                    }
                    out.push(l);
                    out.buf.push(delim);
                    reps += 1;
                } else {
                    reps = 1;
                }
            }
            if line.is_none() {
                break;
            }
            prev = line;
            if to_stdout {
                out.maybe_flush(ctx).await?;
            }
            continue;
        }
        if same {
            reps += 1;
            continue;
        }
        if let Some(pl) = &prev {
            emit(&mut out, pl, reps);
        }
        if line.is_none() {
            break;
        }
        prev = line;
        reps = 1;
        if to_stdout {
            out.maybe_flush(ctx).await?;
        }
    }
    if let Some(o) = p.operands.get(1).filter(|o| o.as_slice() != b"-") {
        let r = ctx.write_file(&ctx.resolve(o), &out.buf, crate::vfs::WriteMode::Truncate);
        if let Err(e) = r {
            ctx.diag(format!("{}: {}", opts::quotef(ctx, o), e.message()))
                .await?;
            return Ok(1);
        }
        return Ok(0);
    }
    out.flush(ctx).await?;
    Ok(0)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn u(args: &[&str], input: &str) -> String {
        let mut v = vec!["uniq"];
        v.extend_from_slice(args);
        text(run(&v, input.as_bytes())).1
    }

    #[test]
    fn an_output_operand_gets_everything_and_dash_is_stdout() {
        let k = machine(&[("in", b"a\na\nb\n")]);
        assert_eq!(text(run_on(&k, &["uniq", "in", "-"], b"")).1, "a\nb\n");
        assert_eq!(text(run_on(&k, &["uniq", "in", "out"], b"")).1, "");
        assert_eq!(
            &**k.vfs.borrow().read_file(b"/work/out").unwrap(),
            b"a\nb\n"
        );
    }

    #[test]
    fn modes() {
        assert_eq!(u(&[], "a\na\nb\na\n"), "a\nb\na\n");
        assert_eq!(u(&["-c"], "a\na\nb\n"), "      2 a\n      1 b\n");
        assert_eq!(u(&["-i", "-c"], "A\na\nb\n"), "      2 A\n      1 b\n");
        assert_eq!(
            u(&["-f0", "-s1", "-c"], "xa\nya\nb\n"),
            "      2 xa\n      1 b\n"
        );
        assert_eq!(u(&["-D"], "a\na\nb\nc\nc\n"), "a\na\nc\nc\n");
        assert_eq!(
            u(&["--all-repeated=separate"], "a\na\nb\nc\nc\n"),
            "a\na\n\nc\nc\n"
        );
        assert_eq!(u(&["-d"], "a\na\nb\n"), "a\n");
        assert_eq!(u(&["-u"], "a\na\nb\n"), "b\n");
        assert_eq!(u(&["-w1"], "ab\nac\nb\n"), "ab\nb\n");
        assert_eq!(u(&[], "a\na"), "a\n");
    }
}
