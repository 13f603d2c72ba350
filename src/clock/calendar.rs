//! The proleptic Gregorian calendar in UTC (the virtual clock has no time zones) and
//! strftime-style formatting, shared by `date`, `ls`, `touch`, `find`, `stat` and bash's
//! `printf %(...)T`.

/// Weekday names, Sunday first.
pub(crate) const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
/// Month names, January first.
pub(crate) const MONTHS: [&str; 12] = [
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

/// Formats `t` like GNU `date +FORMAT` (C locale, UTC): glibc's conversions and flags plus
/// `%N` (nanoseconds).
pub fn strftime(fmt: &[u8], t: &Tm) -> Vec<u8> {
    format(fmt, t, true, "UTC")
}

/// Formats `t` like the C library's `strftime` (C locale, UTC), as bash's `printf %(...)T`
/// does: `%N` is not a conversion there and is copied.
pub fn strftime_libc(fmt: &[u8], t: &Tm) -> Vec<u8> {
    format(fmt, t, false, "UTC")
}

/// `strftime_libc` with the zone name `%Z` prints: the C library says "GMT" for a time
/// broken down by `gmtime` and the zone's own name ("UTC" here) for `localtime`.
pub fn strftime_libc_zone(fmt: &[u8], t: &Tm, zone: &str) -> Vec<u8> {
    format(fmt, t, false, zone)
}

fn format(fmt: &[u8], t: &Tm, nanos: bool, zone: &str) -> Vec<u8> {
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
            // Padded by hand: `format!` widths stop at 65535 and GNU's do not.
            let padded = |digits: String, w: usize, fill: char| {
                let fill: String =
                    std::iter::repeat_n(fill, w.saturating_sub(digits.len())).collect();
                fill + &digits
            };
            match p {
                b'-' => v.to_string(),
                b'_' => padded(v.to_string(), w, ' '),
                _ if v < 0 => format!("-{}", padded((-v).to_string(), w.saturating_sub(1), '0')),
                _ => padded(v.to_string(), w, '0'),
            }
        };
        let h12 = if t.hour % 12 == 0 { 12 } else { t.hour % 12 };
        let s: String = match c {
            b'a' => DAYS[t.wday as usize][..3].to_string(),
            b'A' => DAYS[t.wday as usize].to_string(),
            b'b' | b'h' => MONTHS[t.mon as usize - 1][..3].to_string(),
            b'B' => MONTHS[t.mon as usize - 1].to_string(),
            b'c' => String::from_utf8_lossy(&format(b"%a %b %e %H:%M:%S %Y", t, nanos, zone))
                .into_owned(),
            b'C' => num(t.year.div_euclid(100), 2, b'0'),
            b'd' => num(t.day, 2, b'0'),
            b'D' | b'x' => {
                String::from_utf8_lossy(&format(b"%m/%d/%y", t, nanos, zone)).into_owned()
            }
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
            b'N' if nanos => {
                let s = format!("{:09}", t.nanos);
                match width {
                    Some(w) if w < 9 => s[..w].to_string(),
                    _ => s,
                }
            }
            b'p' => (if t.hour < 12 { "AM" } else { "PM" }).into(),
            b'P' => (if t.hour < 12 { "am" } else { "pm" }).into(),
            b'r' => String::from_utf8_lossy(&format(b"%I:%M:%S %p", t, nanos, zone)).into_owned(),
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
            b'Z' => zone.into(),
            b'%' => "%".into(),
            _ => String::from_utf8_lossy(&fmt[start..i]).into_owned(),
        };
        let s = if upper { s.to_uppercase() } else { s };
        out.extend_from_slice(s.as_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn libc_and_date_dialects() {
        // Recorded from bash 5.2 `TZ=UTC printf '%(...)T' 1234567890` and GNU date.
        let t = tm(1_234_567_890, 5);
        assert_eq!(
            strftime_libc(b"%G-%V %U %W %-d %_m %^a %s %c|%N|%Q", &t),
            b"2009-07 06 06 13  2 FRI 1234567890 Fri Feb 13 23:31:30 2009|%N|%Q"
        );
        assert_eq!(strftime(b"%N %3N", &t), b"000000005 000");
        assert_eq!(civil_from_days(days_from_civil(2000, 2, 29)), (2000, 2, 29));
        assert_eq!(strftime(b"%_5d|%05Y|%-m", &t), b"   13|02009|2");
        assert_eq!(strftime(b"%70000Y", &t).len(), 70000);
    }
}
