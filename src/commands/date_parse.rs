//! The date strings `date -d` and `touch -d` accept, read the way GNU's parse-datetime reads
//! them: calendar dates (`2024-01-15`, `1/15/2024`, `15 Jan 2024`, `Jan 15, 2024`,
//! `15-Jan-2024`, `20240115`), times of day (`10:30`, `10:30:00.5`, `10am`, `10:30 pm`), time
//! zones (`UTC`, `Z`, `EST`, `+0530`, `-05:00`), days of the week (`monday`, `next fri`),
//! relative items (`+1 day`, `2 weeks ago`, `last month`, `tomorrow`, `yesterday`, `now`) and
//! `@SECONDS`. The clock is UTC, so a string without a zone is UTC.
//!
//! GNU's own quirks are kept because scripts meet them: a signed number right after a time is
//! a zone (`10:30 +1 hour` is 10:30 at UTC+1, plus an hour), a day of the week is ignored
//! when a date is given, a bare number of up to four digits is a time (`2024` is 20:24), `ago`
//! negates the one relative item before it, and month arithmetic overflows into the next
//! month (`2024-01-31 +1 month` is March 2nd).

use crate::clock::calendar::{civil_from_days, days_from_civil};

/// One token of a date string, as GNU's lexer splits it.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// A number; `signed` when a `+` or `-` came before it (then `value` carries the sign).
    Num {
        value: i64,
        digits: usize,
        signed: bool,
    },
    /// A word, lower-cased, dots removed (`a.m.` is `am`).
    Word(String),
    /// `:`, `/`, `,` or `.`.
    Punct(char),
}

fn lex(s: &str) -> Option<Vec<Tok>> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b'(' {
            // A comment, nested parentheses included.
            let mut depth = 0;
            while i < b.len() {
                match b[i] {
                    b'(' => depth += 1,
                    b')' => depth -= 1,
                    _ => {}
                }
                i += 1;
                if depth == 0 {
                    break;
                }
            }
        } else if c.is_ascii_digit() || c == b'+' || c == b'-' {
            let mut neg = false;
            let signed = !c.is_ascii_digit();
            if signed {
                neg = c == b'-';
                i += 1;
                while i < b.len() && b[i].is_ascii_whitespace() {
                    i += 1;
                }
                // A sign not followed by digits is dropped (`15-Jan-2024`).
                if i >= b.len() || !b[i].is_ascii_digit() {
                    continue;
                }
            }
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let digits = i - start;
            let value: i64 = s[start..i].parse().ok()?;
            out.push(Tok::Num {
                value: if neg { -value } else { value },
                digits,
                signed,
            });
        } else if c.is_ascii_alphabetic() {
            let mut w = String::new();
            while i < b.len() && (b[i].is_ascii_alphabetic() || b[i] == b'.') {
                if b[i] != b'.' {
                    w.push(b[i].to_ascii_lowercase() as char);
                }
                i += 1;
            }
            out.push(Tok::Word(w));
        } else if matches!(c, b':' | b'/' | b',' | b'.') {
            out.push(Tok::Punct(c as char));
            i += 1;
        } else {
            return None;
        }
    }
    Some(out)
}

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];
const DAYS: [&str; 7] = [
    "sunday",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
];

fn month_of(w: &str) -> Option<i64> {
    if w == "sept" {
        return Some(9);
    }
    MONTHS
        .iter()
        .position(|m| *m == w || (w.len() == 3 && m.starts_with(w)))
        .map(|i| i as i64 + 1)
}

fn day_of(w: &str) -> Option<i64> {
    let alias = match w {
        "tues" => Some(2),
        "wednes" => Some(3),
        "thur" | "thurs" => Some(4),
        _ => None,
    };
    alias.or_else(|| {
        DAYS.iter()
            .position(|d| *d == w || (w.len() == 3 && d.starts_with(w)))
            .map(|i| i as i64)
    })
}

/// A zone name's offset east of UTC, in minutes.
fn zone_of(w: &str) -> Option<i64> {
    // The military letters, with the signs GNU gives them: A-I and K-M east, N-Y west, no J.
    if let [c] = w.as_bytes() {
        let hours = match c {
            b'a'..=b'i' => (c - b'a' + 1) as i64,
            b'k'..=b'm' => (c - b'k' + 10) as i64,
            b'n'..=b'y' => -((c - b'n' + 1) as i64),
            b'z' => 0,
            _ => return None,
        };
        return Some(hours * 60);
    }
    let hours = match w {
        "utc" | "gmt" | "ut" | "wet" => 0,
        "bst" | "west" | "cet" | "met" | "mez" => 1,
        "cest" | "mest" | "mesz" | "eet" | "cat" | "sast" => 2,
        "eest" | "msk" | "eat" => 3,
        "ast" => -4,
        "adt" => -3,
        "est" => -5,
        "edt" | "cst" => {
            if w == "edt" {
                -4
            } else {
                -6
            }
        }
        "cdt" | "mst" => {
            if w == "cdt" {
                -5
            } else {
                -7
            }
        }
        "mdt" => -6,
        "pst" => -8,
        "pdt" => -7,
        "akst" => -9,
        "akdt" => -8,
        "hst" => -10,
        "jst" | "kst" => 9,
        "sgt" => 8,
        "nzst" => 12,
        "nzdt" => 13,
        "ist" => return Some(330),
        _ => return None,
    };
    Some(hours * 60)
}

/// A relative unit: (months, seconds) per one.
fn unit_of(w: &str) -> Option<(i64, i64)> {
    Some(match w.strip_suffix('s').unwrap_or(w) {
        "year" => (12, 0),
        "month" => (1, 0),
        "fortnight" => (0, 14 * 86400),
        "week" => (0, 7 * 86400),
        "day" => (0, 86400),
        "hour" => (0, 3600),
        "minute" | "min" => (0, 60),
        "second" | "sec" => (0, 1),
        _ => return None,
    })
}

fn ordinal_of(w: &str) -> Option<i64> {
    Some(match w {
        "last" => -1,
        "this" => 0,
        "next" | "first" => 1,
        "third" => 3,
        "fourth" => 4,
        "fifth" => 5,
        "sixth" => 6,
        "seventh" => 7,
        "eighth" => 8,
        "ninth" => 9,
        "tenth" => 10,
        "eleventh" => 11,
        "twelfth" => 12,
        _ => return None,
    })
}

/// A year as written: its value and how many digits it had (two-digit years are 1969–2068).
type Year = (i64, usize);

/// What the items of a date string set.
#[derive(Default)]
struct Parsed {
    /// Year (with its digit count, for the two-digit rule), month, day.
    date: Option<(Option<Year>, i64, i64)>,
    /// Hour, minute, second, nanoseconds.
    time: Option<(i64, i64, i64, u32)>,
    /// Minutes east of UTC.
    zone: Option<i64>,
    /// Day of week (0 = Sunday) and ordinal.
    weekday: Option<(i64, i64)>,
    rel_months: i64,
    rel_days: i64,
    rel_seconds: i64,
    rels_seen: bool,
}

struct P {
    toks: Vec<Tok>,
    i: usize,
    out: Parsed,
}

impl P {
    fn peek(&self, k: usize) -> Option<&Tok> {
        self.toks.get(self.i + k)
    }

    fn num(&self, k: usize) -> Option<(i64, usize, bool)> {
        match self.peek(k)? {
            Tok::Num {
                value,
                digits,
                signed,
            } => Some((*value, *digits, *signed)),
            _ => None,
        }
    }

    fn unsigned(&self, k: usize) -> Option<(i64, usize)> {
        self.num(k).filter(|n| !n.2).map(|n| (n.0, n.1))
    }

    fn word(&self, k: usize) -> Option<&str> {
        match self.peek(k)? {
            Tok::Word(w) => Some(w.as_str()),
            _ => None,
        }
    }

    fn punct(&self, k: usize, c: char) -> bool {
        self.peek(k) == Some(&Tok::Punct(c))
    }

    fn set_date(&mut self, year: Option<Year>, month: i64, day: i64) -> Option<()> {
        if self.out.date.is_some() {
            return None;
        }
        self.out.date = Some((year, month, day));
        Some(())
    }

    fn set_time(&mut self, h: i64, m: i64, s: i64, ns: u32, meridian: Option<bool>) -> Option<()> {
        if self.out.time.is_some() {
            return None;
        }
        let h = match meridian {
            None => h,
            Some(_) if !(1..=12).contains(&h) => return None,
            Some(pm) => h % 12 + if pm { 12 } else { 0 },
        };
        self.out.time = Some((h, m, s, ns));
        Some(())
    }

    fn set_zone(&mut self, minutes: i64) -> Option<()> {
        if self.out.zone.is_some() {
            return None;
        }
        self.out.zone = Some(minutes);
        Some(())
    }

    fn add_rel(&mut self, n: i64, unit: (i64, i64)) {
        self.out.rel_months += n * unit.0;
        let secs = n * unit.1;
        // Whole days move the calendar date (so they survive a zone); the rest are seconds.
        if unit.1 % 86400 == 0 && unit.1 != 0 {
            self.out.rel_days += secs / 86400;
        } else {
            self.out.rel_seconds += secs;
        }
        self.out.rels_seen = true;
    }

    /// `am`/`pm` at the cursor: consumed, `Some(true)` for pm.
    fn meridian(&mut self) -> Option<bool> {
        let m = match self.word(0)? {
            "am" => false,
            "pm" => true,
            _ => return None,
        };
        self.i += 1;
        Some(m)
    }

    /// A zone written as a signed number: `+1` (hours), `+0530`, `+05:30`.
    fn numeric_zone(&mut self, value: i64, digits: usize) -> Option<i64> {
        let (sign, abs) = (value.signum(), value.abs());
        let minutes = if self.punct(0, ':') {
            let (m, _) = self.unsigned(1)?;
            self.i += 2;
            abs * 60 + m
        } else if digits <= 2 {
            abs * 60
        } else {
            (abs / 100) * 60 + abs % 100
        };
        Some(sign * minutes)
    }

    /// Seconds after the second `:`, with an optional fraction.
    fn seconds(&mut self) -> Option<(i64, u32)> {
        let (s, _) = self.unsigned(0)?;
        self.i += 1;
        let mut ns = 0;
        if (self.punct(0, '.') || self.punct(0, ',')) && self.unsigned(1).is_some() {
            let (f, digits) = self.unsigned(1)?;
            let mut frac = f;
            let mut d = digits;
            while d > 9 {
                frac /= 10;
                d -= 1;
            }
            ns = (frac * 10i64.pow((9 - d) as u32)) as u32;
            self.i += 2;
        }
        Some((s, ns))
    }

    fn item(&mut self) -> Option<()> {
        if let Some((n, digits, signed)) = self.num(0) {
            return self.number_item(n, digits, signed);
        }
        if let Some(w) = self.word(0).map(str::to_string) {
            return self.word_item(&w);
        }
        if self.punct(0, ',') {
            self.i += 1;
            return Some(());
        }
        None
    }

    fn number_item(&mut self, n: i64, digits: usize, signed: bool) -> Option<()> {
        // Signed: a relative amount (`+1 day`, `-3 hours`).
        if signed {
            let unit = unit_of(self.word(1)?)?;
            self.i += 2;
            return self.ago(n, unit);
        }
        // H:M[:S[.frac]] [am|pm] [zone]
        if self.punct(1, ':') {
            let (m, _) = self.unsigned(2)?;
            self.i += 3;
            let (s, ns) = if self.punct(0, ':') {
                self.i += 1;
                self.seconds()?
            } else {
                (0, 0)
            };
            let meridian = self.meridian();
            self.set_time(n, m, s, ns, meridian)?;
            if meridian.is_none() {
                if let Some((z, zd, true)) = self.num(0) {
                    self.i += 1;
                    let z = self.numeric_zone(z, zd)?;
                    self.set_zone(z)?;
                }
            }
            return Some(());
        }
        // M/D or M/D/Y (Y/M/D when the first has four digits or more).
        if self.punct(1, '/') {
            let (b, _) = self.unsigned(2)?;
            if self.punct(3, '/') {
                let (c, cd) = self.unsigned(4)?;
                self.i += 5;
                return if digits >= 4 {
                    self.set_date(Some((n, digits)), b, c)
                } else {
                    self.set_date(Some((c, cd)), n, b)
                };
            }
            self.i += 3;
            return self.set_date(None, n, b);
        }
        // Y-M-D: the lexer made the month and day signed numbers.
        if let (Some((m, _, true)), Some((d, _, true))) = (self.num(1), self.num(2)) {
            self.i += 3;
            self.set_date(Some((n, digits)), -m, -d)?;
            // ISO 8601's `T` between the date and the time.
            if self.word(0) == Some("t") && self.num(1).is_some() {
                self.i += 1;
            }
            return Some(());
        }
        if let Some(w) = self.word(1).map(str::to_string) {
            // D MONTH [Y], D-MONTH-Y
            if let Some(mon) = month_of(&w) {
                self.i += 2;
                let year = match self.num(0) {
                    Some((y, yd, _)) => {
                        self.i += 1;
                        Some((y.abs(), yd))
                    }
                    None => None,
                };
                return self.set_date(year, mon, n);
            }
            if let Some(pm) = match w.as_str() {
                "am" => Some(false),
                "pm" => Some(true),
                _ => None,
            } {
                self.i += 2;
                return self.set_time(n, 0, 0, 0, Some(pm));
            }
            if let Some(unit) = unit_of(&w) {
                self.i += 2;
                return self.ago(n, unit);
            }
            if let Some(day) = day_of(&w) {
                self.i += 2;
                return self.set_weekday(day, n);
            }
        }
        self.i += 1;
        self.bare_number(n, digits)
    }

    /// A number standing alone: the year of a date given without one, a date `YYYYMMDD`, or a
    /// time `HH` / `HHMM`.
    fn bare_number(&mut self, n: i64, digits: usize) -> Option<()> {
        if let Some((None, m, d)) = self.out.date {
            if !self.out.rels_seen && (self.out.time.is_some() || digits > 2) {
                self.out.date = Some((Some((n, digits)), m, d));
                return Some(());
            }
        }
        if digits > 4 {
            return self.set_date(Some((n / 10000, digits - 4)), n / 100 % 100, n % 100);
        }
        let (h, m) = if digits <= 2 {
            (n, 0)
        } else {
            (n / 100, n % 100)
        };
        let meridian = self.meridian();
        self.set_time(h, m, 0, 0, meridian)
    }

    fn set_weekday(&mut self, day: i64, ordinal: i64) -> Option<()> {
        if self.out.weekday.is_some() {
            return None;
        }
        self.out.weekday = Some((day, ordinal));
        if self.punct(0, ',') {
            self.i += 1;
        }
        Some(())
    }

    /// A relative item and an optional `ago` that negates it.
    fn ago(&mut self, n: i64, unit: (i64, i64)) -> Option<()> {
        let n = if self.word(0) == Some("ago") {
            self.i += 1;
            -n
        } else {
            n
        };
        self.add_rel(n, unit);
        Some(())
    }

    fn word_item(&mut self, w: &str) -> Option<()> {
        if let Some(mon) = month_of(w) {
            // MONTH D [, Y] | MONTH D Y
            self.i += 1;
            let (d, _) = self.unsigned(0)?;
            self.i += 1;
            let mut year = None;
            if self.punct(0, ',') && self.unsigned(1).is_some() {
                year = self.unsigned(1);
                self.i += 2;
            } else if let Some((y, yd, true)) = self.num(0) {
                // MONTH-D-Y
                year = Some((y.abs(), yd));
                self.i += 1;
            }
            return self.set_date(year, mon, d);
        }
        if let Some(day) = day_of(w) {
            self.i += 1;
            return self.set_weekday(day, 0);
        }
        if let Some(z) = zone_of(w) {
            self.i += 1;
            let z = match self.num(0) {
                Some((o, od, true)) => {
                    self.i += 1;
                    z + self.numeric_zone(o, od)?
                }
                _ => z,
            };
            return self.set_zone(z);
        }
        if let Some(unit) = unit_of(w) {
            self.i += 1;
            return self.ago(1, unit);
        }
        let shift = match w {
            "tomorrow" => Some(1),
            "yesterday" => Some(-1),
            "today" | "now" => Some(0),
            _ => None,
        };
        if let Some(days) = shift {
            self.i += 1;
            self.add_rel(days, (0, 86400));
            return Some(());
        }
        if let Some(ord) = ordinal_of(w) {
            self.i += 1;
            let next = self.word(0)?.to_string();
            self.i += 1;
            if let Some(day) = day_of(&next) {
                return self.set_weekday(day, ord);
            }
            return self.ago(ord, unit_of(&next)?);
        }
        None
    }
}

/// Days in `month` of `year`.
fn month_len(year: i64, month: i64) -> i64 {
    days_from_civil(year + (month == 12) as i64, month % 12 + 1, 1)
        - days_from_civil(year, month, 1)
}

/// Reads `s` relative to `now` (seconds and nanoseconds since the epoch); `None` when GNU
/// would say "invalid date".
pub fn parse_date(s: &str, now: (i64, u32)) -> Option<(i64, u32)> {
    let t = s.trim();
    if let Some(e) = t.strip_prefix('@') {
        let (i, f) = e.trim().split_once('.').unwrap_or((e.trim(), ""));
        let secs: i64 = i.parse().ok()?;
        if !f.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let nanos = if f.is_empty() {
            0
        } else {
            format!("{:0<9}", &f[..f.len().min(9)]).parse().ok()?
        };
        return Some((secs, nanos));
    }
    let toks = lex(t)?;
    if toks.is_empty() {
        // An empty string is the start of today.
        return Some((now.0 - now.0.rem_euclid(86400), 0));
    }
    let mut p = P {
        toks,
        i: 0,
        out: Parsed::default(),
    };
    while p.i < p.toks.len() {
        p.item()?;
    }
    let out = p.out;
    let (today, now_secs) = (now.0.div_euclid(86400), now.0.rem_euclid(86400));
    let (ny, nm, nd) = civil_from_days(today);
    let (y, m, d) = match out.date {
        Some((year, m, d)) => {
            let y = match year {
                Some((y, digits)) if digits <= 2 => y + if y < 69 { 2000 } else { 1900 },
                Some((y, _)) => y,
                None => ny,
            };
            if !(1..=12).contains(&m) || d < 1 || d > month_len(y, m) {
                return None;
            }
            (y, m, d)
        }
        None => (ny, nm, nd),
    };
    // Without a time, a date or a day of the week means midnight; otherwise now's time.
    let (secs_of_day, nanos) = match out.time {
        Some((h, mi, s, ns)) => {
            if !(0..24).contains(&h) || !(0..60).contains(&mi) || !(0..60).contains(&s) {
                return None;
            }
            (h * 3600 + mi * 60 + s, ns)
        }
        None if out.date.is_some() || out.weekday.is_some() => (0, 0),
        None => (now_secs, now.1),
    };
    let months = y * 12 + (m - 1) + out.rel_months;
    let (y, m) = (months.div_euclid(12), months.rem_euclid(12) + 1);
    let mut days = days_from_civil(y, m, 1) + (d - 1) + out.rel_days;
    if let (Some((dn, ord)), None) = (out.weekday, out.date) {
        let wday = (days + 4).rem_euclid(7);
        let bump = (ord > 0 && wday != dn) as i64;
        days += (dn - wday + 7).rem_euclid(7) + 7 * (ord - bump);
    }
    let zone = out.zone.unwrap_or(0) * 60;
    Some((days * 86400 + secs_of_day - zone + out.rel_seconds, nanos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::calendar::{strftime, tm};

    /// 2025-01-01 12:34:56 UTC, a Wednesday.
    const NOW: (i64, u32) = (1_735_734_896, 0);

    fn show(s: &str) -> String {
        match parse_date(s, NOW) {
            Some((secs, ns)) => {
                String::from_utf8(strftime(b"%F %T %a", &tm(secs, ns))).unwrap_or_default()
            }
            None => "invalid".into(),
        }
    }

    #[test]
    fn absolute_forms_like_gnu() {
        // Expected values recorded from GNU date 9.1 (`date -u -d STRING '+%F %T %a'`).
        let cases = [
            ("2024-01-15", "2024-01-15 00:00:00 Mon"),
            ("2024-01-15 10:30", "2024-01-15 10:30:00 Mon"),
            ("2024-01-15T10:30:00Z", "2024-01-15 10:30:00 Mon"),
            ("Jan 15 2024", "2024-01-15 00:00:00 Mon"),
            ("15 Jan 2024", "2024-01-15 00:00:00 Mon"),
            ("January 15, 2024", "2024-01-15 00:00:00 Mon"),
            ("15-Jan-2024", "2024-01-15 00:00:00 Mon"),
            ("2024/01/15", "2024-01-15 00:00:00 Mon"),
            ("1/15/24", "2024-01-15 00:00:00 Mon"),
            ("20240115", "2024-01-15 00:00:00 Mon"),
            ("Mon, 15 Jan 2024 10:30:00 +0000", "2024-01-15 10:30:00 Mon"),
            ("Tue, 15 Jan 2024", "2024-01-15 00:00:00 Mon"),
            ("2024-01-15 10:30pm", "2024-01-15 22:30:00 Mon"),
            ("2024-01-15 12am", "2024-01-15 00:00:00 Mon"),
            ("2024-01-15 10:30 EST", "2024-01-15 15:30:00 Mon"),
            ("2024-01-15 10:30:00+05:30", "2024-01-15 05:00:00 Mon"),
            ("2024-01-31 +1 month", "2024-03-02 00:00:00 Sat"),
            ("2024-01-15 last month", "2023-12-15 00:00:00 Fri"),
            ("2024-01-15 2 days ago", "2024-01-13 00:00:00 Sat"),
            ("2024-01-15 +2 weeks 3 days", "2024-02-01 00:00:00 Thu"),
            ("2024-01-15 10:30 +1 hour", "2024-01-15 10:30:00 Mon"),
            ("2024-01-15 -3 hours", "2024-01-14 21:00:00 Sun"),
            ("2024-01-15 tomorrow", "2024-01-16 00:00:00 Tue"),
            ("2024-01-15 sec", "2024-01-15 00:00:01 Mon"),
            ("99-12-31", "1999-12-31 00:00:00 Fri"),
            ("68-01-01", "2068-01-01 00:00:00 Sun"),
            ("2024-02-30", "invalid"),
            ("2024-13-01", "invalid"),
            ("2024-01-15 24:00", "invalid"),
            ("2024-01-15 23:59:60", "invalid"),
            ("2024-01-15 1.5 days", "invalid"),
            ("2024-01-15 00:00 ago", "invalid"),
            ("2024-01-15 banana", "invalid"),
        ];
        for (input, want) in cases {
            assert_eq!(show(input), want, "{input}");
        }
    }

    #[test]
    fn forms_relative_to_now() {
        assert_eq!(show("now"), "2025-01-01 12:34:56 Wed");
        assert_eq!(show(""), "2025-01-01 00:00:00 Wed");
        assert_eq!(show("tomorrow"), "2025-01-02 12:34:56 Thu");
        assert_eq!(show("yesterday"), "2024-12-31 12:34:56 Tue");
        assert_eq!(show("1 week ago"), "2024-12-25 12:34:56 Wed");
        assert_eq!(show("monday"), "2025-01-06 00:00:00 Mon");
        assert_eq!(show("wednesday"), "2025-01-01 00:00:00 Wed");
        assert_eq!(show("next wednesday"), "2025-01-08 00:00:00 Wed");
        assert_eq!(show("last friday"), "2024-12-27 00:00:00 Fri");
        assert_eq!(show("10:00"), "2025-01-01 10:00:00 Wed");
        assert_eq!(show("Jan 15"), "2025-01-15 00:00:00 Wed");
        assert_eq!(show("2024"), "2025-01-01 20:24:00 Wed");
        assert_eq!(show("@1700000000.5"), "2023-11-14 22:13:20 Tue");
    }
}
