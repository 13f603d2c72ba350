//! `column` (util-linux): fill columns (default, `-c WIDTH`, `-x`) or make a table (`-t`,
//! `-s SEP`, `-o SEP`). Input is buffered (it must be, to size the columns).

use super::opts::{self, flag, req, OptDef, Out, Parser};
use super::textio;
use crate::process::command::{CommandCtx, LineReader, Trust};
use crate::process::Interrupt;

pub fn register(r: &mut super::Registry) {
    r.register(
        "column",
        Trust::Real,
        "columnate lists",
        "-t -s SEP -o SEP -c WIDTH -x (no -J -N -R ...)",
        run,
    );
}

const DEFS: &[OptDef] = &[
    flag(b't', "table"),
    req(b's', "separator"),
    req(b'o', "output-separator"),
    req(b'c', "output-width"),
    flag(b'x', "fillrows"),
];

fn width(s: &[u8]) -> usize {
    String::from_utf8_lossy(s).chars().count()
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match Parser::new(DEFS).parse(ctx.args()) {
        Ok(p) => p,
        Err(m) => {
            ctx.diag(m).await?;
            ctx.err(b"Try 'column --help' for more information.\n")
                .await?;
            return Ok(1);
        }
    };
    let term = match p.last(b'c') {
        Some(v) => match opts::parse_i64(v) {
            Some(n) if n > 0 => n as usize,
            _ => {
                ctx.diag(format!(
                    "invalid columns argument: '{}'",
                    String::from_utf8_lossy(v)
                ))
                .await?;
                return Ok(1);
            }
        },
        None => ctx
            .env
            .get(&b"COLUMNS"[..])
            .and_then(|v| opts::parse_i64(v))
            .filter(|n| *n > 0)
            .map(|n| n as usize)
            .unwrap_or(80),
    };
    let mut lines: Vec<Vec<u8>> = Vec::new();
    let mut reserved = ctx.empty_reservation();
    let mut status = 0;
    for op in textio::operands(&p.operands) {
        let Some(f) = textio::open(ctx, &op).await? else {
            status = 1;
            continue;
        };
        let mut r = LineReader::new(f);
        while let Ok(Some(mut l)) = textio::line(ctx, &mut r, &op).await? {
            if l.last() == Some(&b'\n') {
                l.pop();
            }
            let cost = l.len() as u64 + crate::limits::cost::LINE_OVERHEAD;
            reserved.grow(cost)?;
            if !l.iter().all(|b| b.is_ascii_whitespace()) {
                lines.push(l);
            }
        }
    }
    let mut out = Out::new();
    if p.has(b't') {
        let seps: Vec<u8> = p
            .last(b's')
            .map(|s| s.to_vec())
            .unwrap_or_else(|| b" \t".to_vec());
        let osep: Vec<u8> = p
            .last(b'o')
            .map(|s| s.to_vec())
            .unwrap_or_else(|| b"  ".to_vec());
        // util-linux merges runs of the default blanks, but keeps the empty fields between
        // separators given with -s (`,a,b` has an empty first column).
        let keep_empty = p.has(b's');
        let rows: Vec<Vec<&[u8]>> = lines
            .iter()
            .map(|l| {
                l.split(|b| seps.contains(b))
                    .filter(|c| keep_empty || !c.is_empty())
                    .collect()
            })
            .collect();
        let ncols = rows.iter().map(|r| r.len()).max().unwrap_or(0);
        let mut widths = vec![0usize; ncols];
        for r in &rows {
            for (i, c) in r.iter().enumerate() {
                widths[i] = widths[i].max(width(c));
            }
        }
        for r in &rows {
            for (i, w) in widths.iter().enumerate() {
                let c: &[u8] = r.get(i).copied().unwrap_or(b"");
                out.push(c);
                if i + 1 < ncols {
                    out.push(" ".repeat(w - width(c)).as_bytes());
                    out.push(&osep);
                }
            }
            out.push(b"\n");
            out.maybe_flush(ctx).await?;
        }
    } else {
        let maxlen = lines.iter().map(|l| width(l)).max().unwrap_or(0);
        let colw = (maxlen + 8) & !7;
        let numcols = term.checked_div(colw).unwrap_or(1).max(1);
        if numcols <= 1 || lines.len() <= 1 && maxlen + 1 > term {
            for l in &lines {
                out.push(l);
                out.push(b"\n");
            }
        } else {
            let n = lines.len();
            let numrows = n.div_ceil(numcols);
            let fill_rows = p.has(b'x');
            for row in 0..numrows {
                let cells: Vec<usize> = if fill_rows {
                    (0..numcols)
                        .map(|c| row * numcols + c)
                        .filter(|&i| i < n)
                        .collect()
                } else {
                    (0..numcols)
                        .map(|c| c * numrows + row)
                        .filter(|&i| i < n)
                        .collect()
                };
                let mut endcol = colw;
                let mut chcnt = 0;
                for (k, &i) in cells.iter().enumerate() {
                    out.push(&lines[i]);
                    chcnt += width(&lines[i]);
                    if k + 1 == cells.len() {
                        break;
                    }
                    while chcnt < endcol {
                        out.push(b"\t");
                        chcnt = (chcnt + 8) & !7;
                    }
                    endcol += colw;
                }
                out.push(b"\n");
            }
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
    fn tables_and_columns() {
        assert_eq!(
            text(run(&["column", "-t"], b"a b c\nlong x\n\nzz\n")).1,
            "a     b  c\nlong  x  \nzz       \n"
        );
        assert_eq!(
            text(run(&["column", "-t", "-s:"], b"a:b\nccc:d\n")).1,
            "a    b\nccc  d\n"
        );
        assert_eq!(text(run(&["column"], b"x y\n")).1, "x y\n");
        assert_eq!(
            text(run(&["column", "-c", "12"], b"a\nbb\nccc\n")).1,
            "a\nbb\nccc\n"
        );
        assert_eq!(
            text(run(&["column", "-c", "30"], b"a\nb\nc\nd\ne\n")).1,
            "a\tc\te\nb\td\n"
        );
    }
}
