//! gawk's `strftime` and `mktime` over the simulator's clock. The virtual clock has no time
//! zones, so local time is UTC (as gawk with `TZ=UTC`); formatting is the shared C-library
//! `strftime` of `crate::clock::calendar`.

use crate::clock::calendar;

/// gawk's default `strftime` format (the traditional `date` output).
pub const DEFAULT_FORMAT: &[u8] = b"%a %b %e %H:%M:%S %Z %Y";

/// `strftime(format, stamp, utc)`: the stamp is truncated toward zero; one that no `time_t`
/// or `struct tm` can hold gives the empty string, as does an empty format.
pub fn strftime(fmt: &[u8], stamp: f64, utc: bool) -> Vec<u8> {
    if fmt.is_empty() || stamp.is_nan() || !(-9.2e18..=9.2e18).contains(&stamp) {
        return Vec::new();
    }
    let secs = stamp as i64;
    // localtime/gmtime fail when the year does not fit in the C `int` of `tm_year`.
    let days = secs.div_euclid(86400);
    if days.abs() > 784_000_000_000 {
        return Vec::new();
    }
    let t = calendar::tm(secs, 0);
    if t.year - 1900 > i64::from(i32::MAX) || t.year - 1900 < i64::from(i32::MIN) {
        return Vec::new();
    }
    calendar::strftime_libc_zone(fmt, &t, if utc { "GMT" } else { "UTC" })
}

/// One `%d`/`%ld` conversion of `sscanf`: blanks, an optional sign, digits. The value
/// saturates like `strtol`; the position after it is returned.
fn scan_int(s: &[u8], mut i: usize) -> Option<(i64, usize)> {
    while i < s.len() && matches!(s[i], b' ' | b'\t' | b'\n' | 11 | 12 | b'\r') {
        i += 1;
    }
    let neg = match s.get(i) {
        Some(b'-') => {
            i += 1;
            true
        }
        Some(b'+') => {
            i += 1;
            false
        }
        _ => false,
    };
    let start = i;
    let mut v: i64 = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        let d = i64::from(s[i] - b'0');
        v = v.saturating_mul(10).saturating_add(d);
        i += 1;
    }
    if i == start {
        return None;
    }
    Some((if neg { v.saturating_neg() } else { v }, i))
}

/// `mktime("YYYY MM DD HH MM SS [DST]", utc)`: out-of-range fields carry over as in the C
/// library; -1 when fewer than six numbers are given or the year is out of range. A
/// positive DST flag (local time only) means daylight time, one hour ahead of UTC's
/// standard time.
pub fn mktime(spec: &[u8], utc: bool) -> f64 {
    let mut vals = [0i64; 7];
    let mut count = 0;
    let mut i = 0;
    while count < 7 {
        match scan_int(spec, i) {
            Some((v, next)) => {
                vals[count] = v;
                count += 1;
                i = next;
            }
            None => break,
        }
    }
    if count < 6 {
        return -1.0;
    }
    let year = vals[0];
    // The other fields are C `int`s: strtol's value cut to 32 bits.
    let [_, month, day, hour, min, sec, dst] = vals.map(|v| i64::from(v as i32));
    if month == i64::from(i32::MIN)
        || year < i64::from(i32::MIN) + 1900
        || year - 1900 > i64::from(i32::MAX)
    {
        return -1.0;
    }
    let months = (year - 1900) * 12 + (month - 1);
    let y = 1900 + months.div_euclid(12);
    let m = months.rem_euclid(12) + 1;
    let days = calendar::days_from_civil(y, m, 1) + (day - 1);
    let mut secs = days * 86400 + hour * 3600 + min * 60 + sec;
    if !utc && count == 7 && dst > 0 {
        secs -= 3600;
    }
    secs as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected values recorded from gawk 5.2.1 with TZ=UTC.
    #[test]
    fn formats() {
        let t = 86400.0 * 365.25 * 30.0 + 3600.0 * 13.0 + 61.0;
        assert_eq!(
            strftime(DEFAULT_FORMAT, t, false),
            b"Sun Jan  2 01:01:01 UTC 2000"
        );
        assert_eq!(
            strftime(b"%c %Z", 0.0, true),
            b"Thu Jan  1 00:00:00 1970 GMT"
        );
        assert_eq!(strftime(b"%H:%M:%S", -1.0, false), b"23:59:59");
        assert_eq!(strftime(b"%s", 1e20, false), b"");
        assert_eq!(strftime(b"", 5.0, false), b"");
    }

    #[test]
    fn times() {
        assert_eq!(mktime(b"2020 01 02 03 04 05", false), 1577934245.0);
        assert_eq!(mktime(b"2020 01 02 03 04 05 1", false), 1577930645.0);
        assert_eq!(mktime(b"2020 01 02 03 04 05 1", true), 1577934245.0);
        assert_eq!(mktime(b"2020 1 2 3 4 5x", false), 1577934245.0);
        assert_eq!(mktime(b"2020 0 0 0 0 0", false), 1575072000.0);
        assert_eq!(mktime(b"1969 12 31 23 59 59", false), -1.0);
        assert_eq!(mktime(b"-1 1 1 0 0 0", false), -62198755200.0);
        assert_eq!(mktime(b"2020 1 2 3 4", false), -1.0);
        assert_eq!(mktime(b"99999999999 1 1 0 0 0", false), -1.0);
        assert_eq!(mktime(b"x", false), -1.0);
    }
}
