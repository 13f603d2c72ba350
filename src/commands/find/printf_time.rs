//! The time directives of `find -printf` (`%t`, `%Tk`, `%Ak`, `%Ck`): GNU find's formats over
//! UTC, with its ten-digit fractions of a second.

use crate::clock::calendar::{DAYS, MONTHS};
use crate::commands::fsutil;

/// The weekday of a day count since the epoch (a Thursday), as an index into `DAYS`.
fn weekday(days: i64) -> usize {
    (days + 4).rem_euclid(7) as usize
}

fn frac10(ns: u64) -> String {
    format!("{:010}", (ns % 1_000_000_000) * 10)
}

/// `%t`: ctime format with GNU find's 10-digit fraction.
pub(super) fn ctime(ns: u64) -> String {
    let secs = (ns / 1_000_000_000) as i64;
    let (y, mo, d, h, mi, s) = fsutil::utc(secs);
    let wd = &DAYS[weekday(secs.div_euclid(86_400))][..3];
    format!(
        "{wd} {} {d:>2} {h:02}:{mi:02}:{s:02}.{} {y}",
        &MONTHS[mo as usize - 1][..3],
        frac10(ns)
    )
}

/// `%Tk` / `%Ak` / `%Ck`.
pub(super) fn time_part(ns: u64, k: u8) -> Option<String> {
    let secs = (ns / 1_000_000_000) as i64;
    let (y, mo, d, h, mi, s) = fsutil::utc(secs);
    let days = secs.div_euclid(86_400);
    let jan1 = {
        // Day of year: days since Jan 1 of the same year.
        let mut z = days;
        while crate::clock::calendar::civil_from_days(z).0 == y {
            z -= 31;
        }
        while crate::clock::calendar::civil_from_days(z).0 != y {
            z += 1;
        }
        z
    };
    Some(match k {
        b'@' => format!("{secs}.{}", frac10(ns)),
        b'Y' => format!("{y}"),
        b'y' => format!("{:02}", y.rem_euclid(100)),
        b'm' => format!("{mo:02}"),
        b'd' => format!("{d:02}"),
        b'e' => format!("{d:>2}"),
        b'H' => format!("{h:02}"),
        b'k' => format!("{h:>2}"),
        b'I' => format!("{:02}", if h % 12 == 0 { 12 } else { h % 12 }),
        b'l' => format!("{:>2}", if h % 12 == 0 { 12 } else { h % 12 }),
        b'p' => (if h < 12 { "AM" } else { "PM" }).to_string(),
        b'M' => format!("{mi:02}"),
        b'S' => format!("{s:02}.{}", frac10(ns)),
        b'F' => format!("{y:04}-{mo:02}-{d:02}"),
        b'D' => format!("{mo:02}/{d:02}/{:02}", y.rem_euclid(100)),
        b'T' => format!("{h:02}:{mi:02}:{s:02}.{}", frac10(ns)),
        b'r' => format!(
            "{:02}:{mi:02}:{s:02} {}",
            if h % 12 == 0 { 12 } else { h % 12 },
            if h < 12 { "AM" } else { "PM" }
        ),
        b'+' => format!("{y:04}-{mo:02}-{d:02}+{h:02}:{mi:02}:{s:02}.{}", frac10(ns)),
        b'a' => DAYS[weekday(days)][..3].to_string(),
        b'A' => DAYS[weekday(days)].to_string(),
        b'b' | b'h' => MONTHS[mo as usize - 1][..3].to_string(),
        b'B' => MONTHS[mo as usize - 1].to_string(),
        b'j' => format!("{:03}", days - jan1 + 1),
        b'c' => ctime(ns),
        b's' => format!("{secs}"),
        _ => return None,
    })
}
