//! `date`: print the virtual time (always UTC) with strftime-style formats.

use super::opts::{self, flag, quote, req, OptDef, Parser};
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

const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Days since 1970-01-01 for a civil date.
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

/// (year, month 1-12, day) for days since the epoch.
pub fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719468;
    let era = z.div_euclid(146097);
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// Broken-down UTC time.
#[derive(Clone, Copy, Debug)]
pub struct Tm {
    pub secs: i64,
    pub nanos: u32,
    pub year: i64,
    pub mon: i64,
    pub day: i64,
    pub hour: i64,
    pub min: i64,
    pub sec: i64,
    pub wday: i64,
    pub yday: i64,
}

pub fn tm(secs: i64, nanos: u32) -> Tm {
    let days = secs.div_euclid(86400);
    let rem = secs.rem_euclid(86400);
    let (year, mon, day) = civil_from_days(days);
    let yday = days - days_from_civil(year, 1, 1);
    Tm {
        secs,
        nanos,
        year,
        mon,
        day,
        hour: rem / 3600,
        min: rem % 3600 / 60,
        sec: rem % 60,
        wday: (days + 4).rem_euclid(7),
        yday,
    }
}

fn iso_week(t: &Tm) -> (i64, i64) {
    let wday = (t.wday + 6) % 7; // Monday = 0
    let mut year = t.year;
    let mut week = (t.yday - wday + 10) / 7;
    let weeks_in = |y: i64| {
        let jan1 = (days_from_civil(y, 1, 1) + 3).rem_euclid(7); // Monday = 0
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
        if jan1 == 3 || (leap && jan1 == 2) {
            53
        } else {
            52
        }
    };
    if week < 1 {
        year -= 1;
        week = weeks_in(year);
    } else if week > weeks_in(year) {
        year += 1;
        week = 1;
    }
    (year, week)
}

/// Formats `t` with a strftime-like format (C locale, UTC).
pub fn strftime(fmt: &[u8], t: &Tm) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' || i + 1 >= fmt.len() {
            out.push(fmt[i]);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        let mut pad: Option<u8> = None;
        let mut upper = false;
        while i < fmt.len() && b"-_0^#".contains(&fmt[i]) {
            match fmt[i] {
                b'^' => upper = true,
                b'#' => {}
                c => pad = Some(c),
            }
            i += 1;
        }
        let ws = i;
        while i < fmt.len() && fmt[i].is_ascii_digit() {
            i += 1;
        }
        let width: Option<usize> = std::str::from_utf8(&fmt[ws..i])
            .ok()
            .and_then(|s| s.parse().ok());
        let mut colon = false;
        if i < fmt.len() && fmt[i] == b':' {
            colon = true;
            i += 1;
        }
        let Some(&c) = fmt.get(i) else {
            out.extend_from_slice(&fmt[start..]);
            break;
        };
        i += 1;
        let num = |v: i64, w: usize, def: u8| -> String {
            let p = pad.unwrap_or(def);
            let w = width.unwrap_or(w);
            match p {
                b'-' => v.to_string(),
                b'_' => format!("{v:>w$}"),
                _ => {
                    if v < 0 {
                        format!("-{:0>w$}", -v, w = w.saturating_sub(1))
                    } else {
                        format!("{v:0>w$}")
                    }
                }
            }
        };
        let h12 = if t.hour % 12 == 0 { 12 } else { t.hour % 12 };
        let s: String = match c {
            b'a' => DAYS[t.wday as usize][..3].to_string(),
            b'A' => DAYS[t.wday as usize].to_string(),
            b'b' | b'h' => MONTHS[t.mon as usize - 1][..3].to_string(),
            b'B' => MONTHS[t.mon as usize - 1].to_string(),
            b'c' => String::from_utf8_lossy(&strftime(b"%a %b %e %H:%M:%S %Y", t)).into_owned(),
            b'C' => num(t.year.div_euclid(100), 2, b'0'),
            b'd' => num(t.day, 2, b'0'),
            b'D' | b'x' => String::from_utf8_lossy(&strftime(b"%m/%d/%y", t)).into_owned(),
            b'e' => num(t.day, 2, b'_'),
            b'F' => format!("{}-{:02}-{:02}", num(t.year, 4, b'0'), t.mon, t.day),
            b'g' => num(iso_week(t).0.rem_euclid(100), 2, b'0'),
            b'G' => num(iso_week(t).0, 4, b'0'),
            b'H' => num(t.hour, 2, b'0'),
            b'I' => num(h12, 2, b'0'),
            b'j' => num(t.yday + 1, 3, b'0'),
            b'k' => num(t.hour, 2, b'_'),
            b'l' => num(h12, 2, b'_'),
            b'm' => num(t.mon, 2, b'0'),
            b'M' => num(t.min, 2, b'0'),
            b'n' => "\n".into(),
            b'N' => {
                let s = format!("{:09}", t.nanos);
                match width {
                    Some(w) if w < 9 => s[..w].to_string(),
                    _ => s,
                }
            }
            b'p' => (if t.hour < 12 { "AM" } else { "PM" }).into(),
            b'P' => (if t.hour < 12 { "am" } else { "pm" }).into(),
            b'r' => String::from_utf8_lossy(&strftime(b"%I:%M:%S %p", t)).into_owned(),
            b'R' => format!("{:02}:{:02}", t.hour, t.min),
            b's' => t.secs.to_string(),
            b'S' => num(t.sec, 2, b'0'),
            b't' => "\t".into(),
            b'T' | b'X' => format!("{:02}:{:02}:{:02}", t.hour, t.min, t.sec),
            b'u' => (if t.wday == 0 { 7 } else { t.wday }).to_string(),
            b'U' => num((t.yday + 7 - t.wday) / 7, 2, b'0'),
            b'V' => num(iso_week(t).1, 2, b'0'),
            b'w' => t.wday.to_string(),
            b'W' => num((t.yday + 7 - (t.wday + 6) % 7) / 7, 2, b'0'),
            b'y' => num(t.year.rem_euclid(100), 2, b'0'),
            b'Y' => num(t.year, 1, b'0'),
            b'z' => (if colon { "+00:00" } else { "+0000" }).into(),
            b'Z' => "UTC".into(),
            b'%' => "%".into(),
            _ => String::from_utf8_lossy(&fmt[start..i]).into_owned(),
        };
        let s = if upper { s.to_uppercase() } else { s };
        out.extend_from_slice(s.as_bytes());
    }
    out
}

/// Parses the `-d` forms: `@EPOCH`, `now`, `YYYY-MM-DD`, `YYYY-MM-DD[ T]HH:MM[:SS]`.
pub fn parse_date(s: &str, now: (i64, u32)) -> Option<(i64, u32)> {
    let s = s.trim();
    if s.is_empty() || s == "now" {
        return Some(if s.is_empty() {
            (now.0 - now.0.rem_euclid(86400), 0)
        } else {
            now
        });
    }
    if let Some(e) = s.strip_prefix('@') {
        let (i, f) = e.split_once('.').unwrap_or((e, ""));
        let secs: i64 = i.trim().parse().ok()?;
        let nanos = if f.is_empty() {
            0
        } else {
            format!("{:0<9}", &f[..f.len().min(9)]).parse().ok()?
        };
        return Some((secs, nanos));
    }
    let s = s
        .strip_suffix(" UTC")
        .or_else(|| s.strip_suffix('Z'))
        .unwrap_or(s);
    let (d, t) = match s.split_once([' ', 'T']) {
        Some((d, t)) => (d, Some(t.trim())),
        None => (s, None),
    };
    let p: Vec<&str> = d.split('-').collect();
    if p.len() != 3 {
        return None;
    }
    let (y, m, dd): (i64, i64, i64) = (p[0].parse().ok()?, p[1].parse().ok()?, p[2].parse().ok()?);
    if !(1..=12).contains(&m) || !(1..=31).contains(&dd) {
        return None;
    }
    let mut secs = days_from_civil(y, m, dd) * 86400;
    if let Some(t) = t {
        let q: Vec<&str> = t.split(':').collect();
        if q.len() < 2 || q.len() > 3 {
            return None;
        }
        let h: i64 = q[0].parse().ok()?;
        let mi: i64 = q[1].parse().ok()?;
        let se: i64 = if q.len() == 3 { q[2].parse().ok()? } else { 0 };
        if h > 23 || mi > 59 || se > 60 {
            return None;
        }
        secs += h * 3600 + mi * 60 + se;
    }
    Some((secs, 0))
}

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
                ctx.diag(format!("invalid date {}", quote(d))).await?;
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
                ctx.diag_path(opts::quotef(r).as_bytes(), e.into()).await?;
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
                let m = format!("invalid argument {} for '--iso-8601'\nValid arguments are:\n  - 'hours'\n  - 'minutes'\n  - 'date'\n  - 'seconds'\n  - 'ns'", quote(other));
                return opts::usage(ctx, &m, 1).await;
            }
        };
    }
    let mut ops = p.operands.iter();
    if let Some(op) = ops.next() {
        if let Some(f) = op.strip_prefix(b"+") {
            if p.has(b'I') || p.has(b'R') {
                return opts::usage(ctx, "multiple output formats specified", 1).await;
            }
            fmt = f.to_vec();
        } else {
            if p.has(b'd') || p.operands.len() > 1 {
                return opts::usage(ctx, &format!("extra operand {}", quote(op)), 1).await;
            }
            ctx.diag("cannot set date: Operation not permitted").await?;
            return Ok(1);
        }
        if let Some(extra) = ops.next() {
            return opts::usage(ctx, &format!("extra operand {}", quote(extra)), 1).await;
        }
    }
    let mut out = strftime(&fmt, &tm(when.0, when.1));
    out.push(b'\n');
    ctx.out(&out).await?;
    Ok(0)
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
        assert_eq!(
            d(&["-d", "x"]),
            (1, String::new(), "date: invalid date 'x'\n".into())
        );
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
