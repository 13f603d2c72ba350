//! `nl`: number lines (streams). Section delimiters (`\:\:\:`, `\:\:`, `\:`) switch between
//! header, body and footer and restart numbering, as in GNU.

use super::opts::{self, flag, req, OptDef, Out, Parser};
use super::posix_re::{Flavor, Options, Regex};
use super::textio;
use crate::process::command::{CommandCtx, LineReader, Trust};
use crate::process::Interrupt;

pub fn register(r: &mut super::Registry) {
    r.register(
        "nl",
        Trust::Real,
        "number lines of files",
        "-b STYLE -h STYLE -f STYLE (a t n pBRE) -n ln|rn|rz -w N -s STR -v N -i N -p -d CC -l N",
        run,
    );
}

const DEFS: &[OptDef] = &[
    req(b'b', "body-numbering"),
    req(b'd', "section-delimiter"),
    req(b'f', "footer-numbering"),
    req(b'h', "header-numbering"),
    req(b'i', "line-increment"),
    req(b'l', "join-blank-lines"),
    req(b'n', "number-format"),
    flag(b'p', "no-renumber"),
    req(b's', "number-separator"),
    req(b'v', "starting-line-number"),
    req(b'w', "number-width"),
];

enum Style {
    All,
    NonEmpty,
    None,
    Re(Box<Regex>),
}

fn style(v: &[u8]) -> Option<Style> {
    match v.first() {
        Some(b'a') if v.len() == 1 => Some(Style::All),
        Some(b't') if v.len() == 1 => Some(Style::NonEmpty),
        Some(b'n') if v.len() == 1 => Some(Style::None),
        Some(b'p') => Regex::new(
            &v[1..],
            Options {
                flavor: Flavor::Basic,
                icase: false,
                multiline: false,
                sed_escapes: false,
                bytes: false,
            },
        )
        .ok()
        .map(|r| Style::Re(Box::new(r))),
        _ => None,
    }
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut styles = [Style::None, Style::NonEmpty, Style::None];
    for (id, idx, name) in [(b'h', 0, "header"), (b'b', 1, "body"), (b'f', 2, "footer")] {
        if let Some(v) = p.last(id) {
            match style(v) {
                Some(s) => styles[idx] = s,
                None => {
                    let m = format!("invalid {name} numbering style: {}", opts::quote(ctx, v));
                    return opts::usage(ctx, &m, 1).await;
                }
            }
        }
    }
    let num = |id: u8, def: i64, what: &str| -> Result<i64, String> {
        match p.last(id) {
            None => Ok(def),
            Some(v) => {
                opts::parse_i64(v).ok_or_else(|| format!("invalid {what}: {}", opts::quote(ctx, v)))
            }
        }
    };
    let (start, incr, width, join) = match (
        num(b'v', 1, "starting line number"),
        num(b'i', 1, "line number increment"),
        num(b'w', 6, "line number field width"),
        num(b'l', 1, "line number of blank lines"),
    ) {
        (Ok(a), Ok(b), Ok(c), Ok(d)) => (a, b, c, d),
        (Err(m), ..) | (_, Err(m), ..) | (_, _, Err(m), _) | (.., Err(m)) => {
            ctx.diag(m).await?;
            return Ok(1);
        }
    };
    if width <= 0 {
        ctx.diag(format!(
            "invalid line number field width: {}",
            opts::quote(ctx, p.last(b'w').unwrap_or(b""))
        ))
        .await?;
        return Ok(1);
    }
    let width = width as usize;
    let fmt = match p.last(b'n') {
        None | Some(b"rn") => 0,
        Some(b"ln") => 1,
        Some(b"rz") => 2,
        Some(v) => {
            let m = format!("invalid line numbering format: {}", opts::quote(ctx, v));
            return opts::usage(ctx, &m, 1).await;
        }
    };
    let sep = p
        .last(b's')
        .map(|s| s.to_vec())
        .unwrap_or_else(|| b"\t".to_vec());
    let mut delim = p
        .last(b'd')
        .map(|s| s.to_vec())
        .unwrap_or_else(|| b"\\:".to_vec());
    if delim.len() == 1 {
        delim.push(b':');
    }
    let renumber = !p.has(b'p');
    let blank: Vec<u8> = vec![b' '; width + sep.len()];
    let mut line_no = start;
    let mut section = 1usize;
    let mut blanks = 0i64;
    let mut status = 0;
    let mut out = Out::new();
    for op in textio::operands(&p.operands) {
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
            let body = line.strip_suffix(b"\n").unwrap_or(&line);
            // Section delimiters.
            if !delim.is_empty()
                && body.len() % delim.len() == 0
                && !body.is_empty()
                && body.chunks(delim.len()).all(|c| c == &delim[..])
                && body.len() / delim.len() <= 3
            {
                section = match body.len() / delim.len() {
                    3 => 0,
                    2 => 1,
                    _ => 2,
                };
                if renumber {
                    line_no = start;
                }
                out.push(b"\n");
                continue;
            }
            let number = match &styles[section] {
                Style::All => {
                    if body.is_empty() {
                        blanks += 1;
                        if blanks >= join {
                            blanks = 0;
                            true
                        } else {
                            false
                        }
                    } else {
                        blanks = 0;
                        true
                    }
                }
                Style::NonEmpty => !body.is_empty(),
                Style::None => false,
                Style::Re(re) => re.is_match(body).unwrap_or(false),
            };
            if number {
                let s = match fmt {
                    0 => format!("{line_no:>width$}"),
                    1 => format!("{line_no:<width$}"),
                    _ => {
                        if line_no < 0 {
                            format!("-{:0>w$}", -line_no, w = width - 1)
                        } else {
                            format!("{line_no:0>width$}")
                        }
                    }
                };
                out.push(s.as_bytes());
                out.push(&sep);
                line_no += incr;
            } else {
                out.push(&blank);
            }
            out.push(&line);
            out.maybe_flush(ctx).await?;
        }
    }
    out.flush(ctx).await?;
    Ok(status)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn numbering() {
        assert_eq!(
            text(run(&["nl"], b"a\n\nb\n")).1,
            "     1\ta\n       \n     2\tb\n"
        );
        assert_eq!(
            text(run(&["nl", "-ba", "-nrz", "-w3", "-s:"], b"a\n\nb\n")).1,
            "001:a\n002:\n003:b\n"
        );
        assert_eq!(
            text(run(&["nl", "-n", "ln"], b"a\n\nb\n")).1,
            "1     \ta\n       \n2     \tb\n"
        );
        assert_eq!(
            text(run(&["nl", "-v5", "-i2"], b"a\nb\n")).1,
            "     5\ta\n     7\tb\n"
        );
        assert_eq!(
            text(run(&["nl", "-b", "x"], b"")).2,
            "nl: invalid body numbering style: 'x'\nTry 'nl --help' for more information.\n"
        );
    }
}
