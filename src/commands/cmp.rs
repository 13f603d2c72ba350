//! `cmp`: compare two files byte by byte (GNU diffutils' messages and exit statuses: 0 same,
//! 1 different, 2 trouble).

use super::opts::{self, flag, req, OptDef, Out, Parser};
use super::textio;
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;

pub fn register(r: &mut super::Registry) {
    r.register(
        "cmp",
        Trust::Real,
        "compare two files byte by byte",
        "-b -l -s -n LIMIT -i SKIP[:SKIP2] FILE1 [FILE2 [SKIP1 [SKIP2]]]",
        run,
    );
}

const DEFS: &[OptDef] = &[
    flag(b'b', "print-bytes"),
    flag(b'l', "verbose"),
    flag(b's', "quiet"),
    flag(b's', "silent"),
    req(b'n', "bytes"),
    req(b'i', "ignore-initial"),
];

fn number(text: &[u8]) -> Option<u64> {
    std::str::from_utf8(text).ok()?.parse().ok()
}

/// A byte as `cmp -b` shows it: printable as itself, others as `^X`, `M-x` like `cat -v`.
fn shown(b: u8) -> String {
    let mut s = String::new();
    let mut c = b;
    if c >= 0x80 {
        s.push_str("M-");
        c -= 0x80;
    }
    if c < 0x20 {
        s.push('^');
        s.push((c + 0x40) as char);
    } else if c == 0x7f {
        s.push_str("^?");
    } else {
        s.push(c as char);
    }
    s
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 2).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let ops = &p.operands;
    if ops.is_empty() {
        return opts::usage(ctx, "missing operand after 'cmp'", 2).await;
    }
    if ops.len() > 4 {
        return opts::usage(
            ctx,
            &format!("extra operand {}", opts::quoteaf(ctx, &ops[4])),
            2,
        )
        .await;
    }
    let (a, b) = (
        ops[0].clone(),
        ops.get(1).cloned().unwrap_or_else(|| b"-".to_vec()),
    );
    let mut skip = [0u64, 0u64];
    if let Some(i) = p.last(b'i') {
        let mut parts = i.splitn(2, |&c| c == b':');
        let first = parts.next().unwrap_or_default();
        let second = parts.next();
        match (number(first), second.map(number)) {
            (Some(x), None) => skip = [x, x],
            (Some(x), Some(Some(y))) => skip = [x, y],
            _ => {
                return opts::usage(
                    ctx,
                    &format!("invalid --ignore-initial value {}", opts::quoteaf(ctx, i)),
                    2,
                )
                .await
            }
        }
    }
    for (k, op) in ops.iter().enumerate().skip(2) {
        match number(op) {
            Some(v) => skip[k - 2] = v,
            None => {
                return opts::usage(
                    ctx,
                    &format!("invalid --ignore-initial value {}", opts::quoteaf(ctx, op)),
                    2,
                )
                .await
            }
        }
    }
    let limit = match p.last(b'n') {
        Some(n) => match number(n) {
            Some(v) => Some(v),
            None => {
                return opts::usage(
                    ctx,
                    &format!("invalid --bytes value {}", opts::quoteaf(ctx, n)),
                    2,
                )
                .await
            }
        },
        None => None,
    };
    let Some(da) = textio::slurp(ctx, &a).await? else {
        return Ok(2);
    };
    let Some(db) = textio::slurp(ctx, &b).await? else {
        return Ok(2);
    };
    let sa = &da[(skip[0] as usize).min(da.len())..];
    let sb = &db[(skip[1] as usize).min(db.len())..];
    let mut n = sa.len().min(sb.len());
    let mut limited = false;
    if let Some(l) = limit {
        // Reaching the limit at the shorter input's end is no EOF (`cmp -n 0 a /dev/null`).
        if (l as usize) <= n {
            n = l as usize;
            limited = true;
        }
    }
    ctx.charge_bytes(n)?;
    let (quiet, verbose, bytes) = (p.has(b's'), p.has(b'l'), p.has(b'b'));
    let name = |x: &[u8]| String::from_utf8_lossy(x).into_owned();
    let mut out = Out::new();
    let mut differ = false;
    let mut line = 1u64;
    let width = {
        let max = limit.map_or(sa.len().max(sb.len()), |l| {
            (l as usize).min(sa.len().max(sb.len()))
        });
        max.to_string().len()
    };
    for i in 0..n {
        let (x, y) = (sa[i], sb[i]);
        if x != y {
            differ = true;
            if quiet {
                return Ok(1);
            }
            if !verbose {
                // POSIX wants "char" in the C locale; GNU says "byte" in any other (and
                // whenever it prints the bytes too).
                let unit = if bytes || super::opts::utf8_locale(ctx) {
                    "byte"
                } else {
                    "char"
                };
                let mut msg = format!(
                    "{} {} differ: {unit} {}, line {}",
                    name(&a),
                    name(&b),
                    i + 1,
                    line
                );
                if bytes {
                    msg.push_str(&format!(" is {:3o} {} {:3o} {}", x, shown(x), y, shown(y)));
                }
                msg.push('\n');
                ctx.out(msg.as_bytes()).await?;
                return Ok(1);
            }
            if bytes {
                out.push(
                    format!(
                        "{:>width$} {:3o} {:<4} {:3o} {}\n",
                        i + 1,
                        x,
                        shown(x),
                        y,
                        shown(y)
                    )
                    .as_bytes(),
                );
            } else {
                out.push(format!("{:>width$} {:3o} {:3o}\n", i + 1, x, y).as_bytes());
            }
            out.maybe_flush(ctx).await?;
        }
        if x == b'\n' {
            line += 1;
        }
    }
    out.flush(ctx).await?;
    if !limited && sa.len() != sb.len() {
        if !quiet {
            let short = if sa.len() < sb.len() { &a } else { &b };
            let msg = if n == 0 {
                format!("EOF on {} which is empty", name(short))
            } else if verbose {
                format!("EOF on {} after byte {}", name(short), n)
            } else if sa[n - 1] == b'\n' {
                format!("EOF on {} after byte {}, line {}", name(short), n, line - 1)
            } else {
                format!("EOF on {} after byte {}, in line {}", name(short), n, line)
            };
            ctx.diag(msg).await?;
        }
        return Ok(1);
    }
    Ok(if differ { 1 } else { 0 })
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use crate::commands::testutil::{run_files, text};

    #[test]
    fn messages_like_gnu() {
        let files: &[(&str, &[u8])] = &[
            ("a", b"abc\ndef\n"),
            ("b", b"abc\ndxf\n"),
            ("c", b"abc\n"),
            ("e", b""),
            ("p", b"ab"),
            ("q", b"abc"),
        ];
        let cases: &[(&str, &str, &str, i32)] = &[
            ("cmp a b", "a b differ: char 6, line 2\n", "", 1),
            ("cmp a a", "", "", 0),
            ("cmp c a", "", "cmp: EOF on c after byte 4, line 1\n", 1),
            ("cmp e a", "", "cmp: EOF on e which is empty\n", 1),
            ("cmp p q", "", "cmp: EOF on p after byte 2, in line 1\n", 1),
            ("cmp -l a b", "6 145 170\n", "", 1),
            (
                "cmp -b a b",
                "a b differ: byte 6, line 2 is 145 e 170 x\n",
                "",
                1,
            ),
            ("cmp -s a b", "", "", 1),
            ("cmp -n 2 a b", "", "", 0),
            ("cmp -l c a", "", "cmp: EOF on c after byte 4\n", 1),
            (
                "cmp a nope",
                "",
                "cmp: nope: No such file or directory\n",
                2,
            ),
        ];
        for (cmd, out, err, status) in cases {
            let argv: Vec<&str> = cmd.split(' ').collect();
            let r = text(run_files(&argv, b"", files));
            assert_eq!(
                (r.1.as_str(), r.2.as_str(), r.0),
                (*out, *err, *status),
                "{cmd}"
            );
        }
    }
}
