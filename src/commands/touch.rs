//! `touch`: create files and set their times from the virtual clock, `-d`, `-t` or `-r`.

use super::date::parse_date;
use super::opts::{self, flag, req, OptDef, Parser};
use crate::clock::calendar::days_from_civil;
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use crate::vfs::WriteMode;

const DEFS: &[OptDef] = &[
    flag(b'a', ""),
    flag(b'c', "no-create"),
    flag(b'm', ""),
    req(b'd', "date"),
    req(b't', ""),
    req(b'r', "reference"),
    flag(b'f', ""),
    flag(b'h', "no-dereference"),
];

/// `[[CC]YY]MMDDhhmm[.ss]` → seconds since the epoch.
fn parse_stamp(s: &[u8], now_year: i64) -> Option<i64> {
    let t = std::str::from_utf8(s).ok()?;
    let (main, ss) = match t.split_once('.') {
        Some((m, s)) if s.len() == 2 => (m, s.parse::<i64>().ok()?),
        Some(_) => return None,
        None => (t, 0),
    };
    if !main.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n = |a: usize, b: usize| main[a..b].parse::<i64>().ok();
    let (y, rest) = match main.len() {
        8 => (now_year, 0),
        10 => {
            let yy = n(0, 2)?;
            (if yy < 69 { 2000 + yy } else { 1900 + yy }, 2)
        }
        12 => (n(0, 4)?, 4),
        _ => return None,
    };
    let (mo, d, h, mi) = (
        n(rest, rest + 2)?,
        n(rest + 2, rest + 4)?,
        n(rest + 4, rest + 6)?,
        n(rest + 6, rest + 8)?,
    );
    if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || ss > 60 {
        return None;
    }
    Some(days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + ss)
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let now = ctx.sys.clock.borrow().wall_ns();
    let mut atime = now;
    let mut mtime = now;
    if let Some(d) = p.last(b'd') {
        match parse_date(
            &String::from_utf8_lossy(d),
            ((now / 1_000_000_000) as i64, (now % 1_000_000_000) as u32),
        ) {
            Some((s, n)) if s >= 0 => {
                atime = s as u64 * 1_000_000_000 + n as u64;
                mtime = atime;
            }
            _ => {
                ctx.diag(format!("invalid date format {}", opts::quote(ctx, d)))
                    .await?;
                return Ok(1);
            }
        }
    }
    if let Some(t) = p.last(b't') {
        let year = crate::clock::calendar::tm((now / 1_000_000_000) as i64, 0).year;
        match parse_stamp(t, year) {
            Some(s) if s >= 0 => {
                atime = s as u64 * 1_000_000_000;
                mtime = atime;
            }
            _ => {
                ctx.diag(format!("invalid date format {}", opts::quote(ctx, t)))
                    .await?;
                return Ok(1);
            }
        }
    }
    // `-h` sets a symlink's own times (and reads a symlink reference's own), never creating.
    let no_deref = p.has(b'h');
    if let Some(r) = p.last(b'r') {
        let st = if no_deref {
            ctx.vfs().lstat(&ctx.resolve(r))
        } else {
            ctx.vfs().stat(&ctx.resolve(r))
        };
        match st {
            Ok(st) => {
                atime = st.atime_ns;
                mtime = st.mtime_ns;
            }
            Err(e) => {
                ctx.diag(format!(
                    "failed to get attributes of {}: {}",
                    opts::quoteaf(ctx, r),
                    e.message()
                ))
                .await?;
                return Ok(1);
            }
        }
    }
    let (only_a, only_m) = (p.has(b'a'), p.has(b'm'));
    let set_a = only_a || !only_m;
    let set_m = only_m || !only_a;
    if p.operands.is_empty() {
        return opts::usage(ctx, "missing file operand", 1).await;
    }
    let mut status = 0;
    for op in &p.operands {
        let abs = ctx.resolve(op);
        ctx.charge(crate::limits::cost::PATH_COMPONENT)?;
        let exists = if no_deref {
            ctx.vfs().lstat(&abs).is_ok()
        } else {
            ctx.vfs().stat(&abs).is_ok()
        };
        if !exists && p.has(b'c') {
            continue;
        }
        if !exists && !no_deref {
            let r = ctx.write_file(&abs, b"", WriteMode::Append);
            ctx.sys.sync_disk();
            if let Err(e) = r {
                ctx.diag(format!(
                    "cannot touch {}: {}",
                    opts::quoteaf(ctx, op),
                    e.message()
                ))
                .await?;
                status = 1;
                continue;
            }
        }
        let r = ctx.vfs().set_times_at(
            &abs,
            set_a.then_some(atime),
            set_m.then_some(mtime),
            !no_deref,
        );
        if let Err(e) = r {
            ctx.diag(format!(
                "setting times of {}: {}",
                opts::quoteaf(ctx, op),
                e.message()
            ))
            .await?;
            status = 1;
        }
    }
    Ok(status)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn touches() {
        let k = machine(&[("f", b"x")]);
        assert_eq!(
            text(run_on(&k, &["touch"], b"")).2,
            "touch: missing file operand\nTry 'touch --help' for more information.\n"
        );
        assert_eq!(
            run_on(&k, &["touch", "-t", "202001021230.45", "t1"], b"").0,
            0
        );
        assert_eq!(
            k.vfs.borrow().stat(b"/work/t1").unwrap().mtime_ns,
            1_577_968_245_000_000_000
        );
        assert_eq!(run_on(&k, &["touch", "-m", "-d", "@100", "f"], b"").0, 0);
        let st = k.vfs.borrow().stat(b"/work/f").unwrap();
        assert_eq!(st.mtime_ns, 100_000_000_000);
        assert_ne!(st.atime_ns, 100_000_000_000);
        assert_eq!(run_on(&k, &["touch", "-r", "f", "g"], b"").0, 0);
        assert_eq!(
            k.vfs.borrow().stat(b"/work/g").unwrap().mtime_ns,
            100_000_000_000
        );
        assert_eq!(run_on(&k, &["touch", "-c", "nope"], b"").0, 0);
        assert!(!k.vfs.borrow().exists(b"/work/nope"));
        assert_eq!(
            text(run_on(&k, &["touch", "nod/x"], b"")),
            (
                1,
                String::new(),
                "touch: cannot touch 'nod/x': No such file or directory\n".into()
            )
        );
        assert_eq!(
            text(run_on(&k, &["touch", "-t", "x", "f"], b"")).2,
            "touch: invalid date format 'x'\n"
        );
    }
}
