//! `date`: print the virtual time (always UTC) with strftime-style formats.

use super::opts::{self, flag, req, OptDef, Parser};
use crate::clock::calendar::{strftime, tm};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;

const DEFS: &[OptDef] = &[
    flag(b'u', "utc"),
    flag(b'u', "universal"),
    req(b'd', "date"),
    req(b'r', "reference"),
    opts::optional(b'I', "iso-8601"),
    flag(b'R', "rfc-email"),
];

pub use super::date_parse::parse_date;

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let wall = ctx.sys.clock.borrow().wall_ns();
    let now = ((wall / 1_000_000_000) as i64, (wall % 1_000_000_000) as u32);
    let mut when = now;
    if let Some(d) = p.last(b'd') {
        match parse_date(&String::from_utf8_lossy(d), now) {
            Some(w) => when = w,
            None => {
                ctx.diag(format!("invalid date {}", opts::quote(ctx, d)))
                    .await?;
                return Ok(1);
            }
        }
    }
    if let Some(r) = p.last(b'r') {
        let st = ctx.vfs().stat(&ctx.resolve(r));
        match st {
            Ok(st) => {
                when = (
                    (st.mtime_ns / 1_000_000_000) as i64,
                    (st.mtime_ns % 1_000_000_000) as u32,
                )
            }
            Err(e) => {
                ctx.diag_path(opts::quotef(ctx, r).as_bytes(), e.into())
                    .await?;
                return Ok(1);
            }
        }
    }
    let mut fmt: Vec<u8> = b"%a %b %e %H:%M:%S %Z %Y".to_vec();
    if p.has(b'R') {
        fmt = b"%a, %d %b %Y %H:%M:%S +0000".to_vec();
    }
    if p.has(b'I') {
        fmt = match p.last(b'I').unwrap_or(b"date") {
            b"date" | b"" => b"%Y-%m-%d".to_vec(),
            b"hours" => b"%Y-%m-%dT%H+00:00".to_vec(),
            b"minutes" => b"%Y-%m-%dT%H:%M+00:00".to_vec(),
            b"seconds" => b"%Y-%m-%dT%H:%M:%S+00:00".to_vec(),
            b"ns" => b"%Y-%m-%dT%H:%M:%S,%N+00:00".to_vec(),
            other => {
                let valid: [&[&str]; 5] =
                    [&["hours"], &["minutes"], &["date"], &["seconds"], &["ns"]];
                let m = opts::bad_argument(ctx, other, "--iso-8601", &valid);
                return opts::usage(ctx, &m, 1).await;
            }
        };
    }
    // GNU checks the operand count first: the second operand is the extra one.
    if let Some(extra) = p.operands.get(1) {
        return opts::usage(
            ctx,
            &format!("extra operand {}", opts::quote(ctx, extra)),
            1,
        )
        .await;
    }
    if let Some(op) = p.operands.first() {
        if let Some(f) = op.strip_prefix(b"+") {
            if p.has(b'I') || p.has(b'R') {
                return opts::usage(ctx, "multiple output formats specified", 1).await;
            }
            fmt = f.to_vec();
        } else if p.has(b'd') || p.has(b'r') {
            let msg = format!(
                "the argument {} lacks a leading '+';\nwhen using an option to specify date(s), \
                 any non-option\nargument must be a format string beginning with '+'",
                opts::quote(ctx, op)
            );
            return opts::usage(ctx, &msg, 1).await;
        } else if is_set_date(op) {
            ctx.diag("cannot set date: Operation not permitted").await?;
            return Ok(1);
        } else {
            ctx.diag(format!("invalid date {}", opts::quote(ctx, op)))
                .await?;
            return Ok(1);
        }
    }
    let mut out = strftime(&fmt, &tm(when.0, when.1));
    out.push(b'\n');
    ctx.out(&out).await?;
    Ok(0)
}

/// Whether `op` has the shape of the operand that sets the clock, `MMDDhhmm[[CC]YY][.ss]`.
fn is_set_date(op: &[u8]) -> bool {
    let (main, secs) = match op.iter().position(|&b| b == b'.') {
        Some(i) => (&op[..i], Some(&op[i + 1..])),
        None => (op, None),
    };
    matches!(main.len(), 8 | 10 | 12)
        && main.iter().all(u8::is_ascii_digit)
        && secs.is_none_or(|s| s.len() == 2 && s.iter().all(u8::is_ascii_digit))
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn d(args: &[&str]) -> (i32, String, String) {
        let mut v = vec!["date"];
        v.extend_from_slice(args);
        text(run_files(&v, b"", &[("f", b"x")]))
    }

    #[test]
    fn formats() {
        assert_eq!(d(&[]).1, "Wed Jan  1 00:00:00 UTC 2025\n");
        assert_eq!(
            d(&["-u", "+%Y-%m-%d %H:%M:%S %s %j %u %w %Z %z %:z"]).1,
            "2025-01-01 00:00:00 1735689600 001 3 3 UTC +0000 +00:00\n"
        );
        assert_eq!(d(&["-d", "@86399", "+%F %T %p %I %l %k %e %-d %_m %^a %A %B %h %C %y %D %R %r"]).1, "1970-01-01 23:59:59 PM 11 11 23  1 1  1 THU Thursday January Jan 19 70 01/01/70 23:59 11:59:59 PM\n");
        assert_eq!(
            d(&["-d", "2024-12-30", "+%G-W%V %U %W %a"]).1,
            "2025-W01 52 53 Mon\n"
        );
        assert_eq!(
            d(&["-d", "2021-03-04 05:06:07", "+%c"]).1,
            "Thu Mar  4 05:06:07 2021\n"
        );
        assert_eq!(
            d(&["-R", "-d", "@0"]).1,
            "Thu, 01 Jan 1970 00:00:00 +0000\n"
        );
        assert_eq!(d(&["-I"]).1, "2025-01-01\n");
        assert_eq!(
            d(&["-Iseconds", "-d", "@5"]).1,
            "1970-01-01T00:00:05+00:00\n"
        );
        assert_eq!(d(&["-r", "f", "+%Y"]).1, "2025\n");
    }

    #[test]
    fn errors() {
        // A lone letter is a military zone, except J.
        assert_eq!(
            d(&["-d", "j"]),
            (1, String::new(), "date: invalid date 'j'\n".into())
        );
        assert_eq!(d(&["-d", "x"]).1, "Wed Jan  1 11:00:00 UTC 2025\n");
        assert_eq!(d(&["-d", "12:00 A"]).1, "Wed Jan  1 11:00:00 UTC 2025\n");
        assert_eq!(d(&["-d", "12:00 N"]).1, "Wed Jan  1 13:00:00 UTC 2025\n");
        assert_eq!(
            d(&["-r", "nofile"]).2,
            "date: nofile: No such file or directory\n"
        );
        assert_eq!(
            d(&["+%Y", "x"]).2,
            "date: extra operand 'x'\nTry 'date --help' for more information.\n"
        );
    }
}
