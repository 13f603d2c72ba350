//! `ls -l`'s columns (inode, blocks, mode, links, owner, group, author, context, size,
//! time) and the two size scales behind them: the block counts of `-s` and `total`, and
//! file sizes, each exact, scaled to a block size (`-k`, `--block-size`) or human (`-h`,
//! `--si`).

use crate::clock::calendar;
use crate::commands::fsutil;
use crate::vfs::Stat;

/// How a count of bytes is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scale {
    /// Powers of 1024 (`-h`) or of 1000 (`--si`), one decimal below ten.
    Human { si: bool },
    /// Rounded up to whole blocks of `size` bytes, with `suffix` after the number when the
    /// block size was given as letters only (`--block-size=K` prints `5K`).
    Blocks { size: u64, suffix: String },
}

impl Scale {
    pub fn show(&self, bytes: u128) -> String {
        match self {
            Scale::Human { si: false } => fsutil::human(bytes.min(u64::MAX as u128) as u64),
            Scale::Human { si: true } => fsutil::human_si(bytes.min(u64::MAX as u128) as u64),
            Scale::Blocks { size, suffix } => {
                format!("{}{suffix}", bytes.div_ceil((*size).max(1) as u128))
            }
        }
    }
}

/// Parses a `--block-size` (or `BLOCK_SIZE`) value: digits with an optional unit (`1K`,
/// `4096`, `2M`), or a unit alone (`K`, `KB`, `KiB`, `M`), which also prints the unit.
/// `human-readable` and `si` are the two named scales.
pub fn parse_block_size(spec: &[u8]) -> Option<Scale> {
    match spec {
        b"human-readable" => return Some(Scale::Human { si: false }),
        b"si" => return Some(Scale::Human { si: true }),
        _ => {}
    }
    let digits = spec.iter().take_while(|b| b.is_ascii_digit()).count();
    let (num, unit) = spec.split_at(digits);
    let count: u64 = if num.is_empty() {
        1
    } else {
        std::str::from_utf8(num).ok()?.parse().ok()?
    };
    let (power, base, label) = match unit {
        b"" => (0, 1024, String::new()),
        _ => {
            let letter = unit[0].to_ascii_uppercase();
            let power = b"KMGTPEZY".iter().position(|&l| l == letter)? as u32 + 1;
            let rest = &unit[1..];
            let (base, tail) = match rest {
                b"" => (1024u64, ""),
                b"B" => (1000, "B"),
                b"iB" => (1024, "iB"),
                _ => return None,
            };
            let shown = if base == 1000 && letter == b'K' {
                'k'
            } else {
                letter as char
            };
            (power, base, format!("{shown}{tail}"))
        }
    };
    let size = (base as u128)
        .checked_pow(power)?
        .checked_mul(count as u128)?;
    if size == 0 || size > u64::MAX as u128 {
        return None;
    }
    let suffix = if num.is_empty() { label } else { String::new() };
    Some(Scale::Blocks {
        size: size as u64,
        suffix,
    })
}

/// The time column's formats: one for times in the past six months, one for the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeStyle {
    pub recent: Vec<u8>,
    pub old: Vec<u8>,
}

impl TimeStyle {
    pub fn locale() -> TimeStyle {
        TimeStyle {
            recent: b"%b %e %H:%M".to_vec(),
            old: b"%b %e  %Y".to_vec(),
        }
    }

    /// `--time-style` / `TIME_STYLE`. A `posix-` prefix applies the style only outside the
    /// POSIX locale (`posix_locale` says whether the command runs in it). `None` for a word
    /// ls does not know.
    pub fn parse(spec: &[u8], posix_locale: bool) -> Option<TimeStyle> {
        if let Some(format) = spec.strip_prefix(b"+") {
            return Some(match format.iter().position(|&b| b == b'\n') {
                Some(nl) => TimeStyle {
                    old: format[..nl].to_vec(),
                    recent: format[nl + 1..].to_vec(),
                },
                None => TimeStyle {
                    recent: format.to_vec(),
                    old: format.to_vec(),
                },
            });
        }
        let (word, posix) = match spec.strip_prefix(b"posix-") {
            Some(w) => (w, true),
            None => (spec, false),
        };
        let both = |f: &[u8]| TimeStyle {
            recent: f.to_vec(),
            old: f.to_vec(),
        };
        let style = match word {
            b"full-iso" => both(b"%Y-%m-%d %H:%M:%S.%N %z"),
            b"long-iso" => both(b"%Y-%m-%d %H:%M"),
            b"iso" => TimeStyle {
                recent: b"%m-%d %H:%M".to_vec(),
                old: b"%Y-%m-%d ".to_vec(),
            },
            b"locale" => TimeStyle::locale(),
            _ => return None,
        };
        Some(if posix && posix_locale {
            TimeStyle::locale()
        } else {
            style
        })
    }

    /// The column for a timestamp: recent means within the six months (half of 365.2425
    /// days) before `now_ns`, and not in the future.
    pub fn render(&self, ns: u64, now_ns: u64) -> Vec<u8> {
        const HALF_YEAR_NS: u64 = 31_556_952 / 2 * 1_000_000_000;
        let recent = ns <= now_ns && now_ns - ns < HALF_YEAR_NS;
        let fmt = if recent { &self.recent } else { &self.old };
        let tm = calendar::tm((ns / 1_000_000_000) as i64, (ns % 1_000_000_000) as u32);
        calendar::strftime(fmt, &tm)
    }
}

/// Which of the optional long-format columns are shown.
#[derive(Clone, Copy, Debug)]
pub struct Columns {
    pub owner: bool,
    pub group: bool,
    pub author: bool,
    pub numeric: bool,
    pub context: bool,
}

/// The owner, group and author fields, as names or (`-n`, or no name known) numbers.
pub fn id_field(id: u32, name: Option<&'static str>, numeric: bool) -> (String, bool) {
    match name {
        Some(n) if !numeric => (n.to_string(), false),
        _ => (id.to_string(), true),
    }
}

/// One long-format row's fields before alignment.
pub struct Row {
    pub mode: String,
    pub nlink: String,
    /// Owner, group, author in that order, each with whether it is a number (numbers are
    /// right-aligned, names left-aligned).
    pub ids: Vec<(String, bool)>,
    pub size: String,
    pub time: Vec<u8>,
}

pub fn row(st: &Stat, cols: Columns, size: String, time: Vec<u8>) -> Row {
    let mut ids = Vec::new();
    if cols.owner {
        ids.push(id_field(st.uid, fsutil::user_name(st.uid), cols.numeric));
    }
    if cols.group {
        ids.push(id_field(st.gid, fsutil::group_name(st.gid), cols.numeric));
    }
    if cols.author {
        ids.push(id_field(st.uid, fsutil::user_name(st.uid), cols.numeric));
    }
    if cols.context {
        ids.push(("?".to_string(), false));
    }
    Row {
        mode: fsutil::mode_string(st.file_type, st.mode),
        nlink: st.nlink.to_string(),
        ids,
        size,
        time,
    }
}

/// Turns a row into what GNU shows for an entry it could not follow: its type, then `?`.
pub fn unknown(row: &mut Row, time_width: usize) {
    let kind = row.mode.chars().next().unwrap_or('?');
    row.mode = format!("{kind}?????????");
    row.nlink = "?".into();
    for id in &mut row.ids {
        *id = ("?".into(), false);
    }
    row.size = "?".into();
    row.time = format!("{:>time_width$}", "?").into_bytes();
}

/// Writes the aligned rows' fields (everything before the name) into `lines`.
pub fn align(rows: &[Row]) -> Vec<Vec<u8>> {
    let nlink_w = rows.iter().map(|r| r.nlink.len()).max().unwrap_or(0);
    let size_w = rows.iter().map(|r| r.size.len()).max().unwrap_or(0);
    let id_count = rows.first().map(|r| r.ids.len()).unwrap_or(0);
    let id_w: Vec<usize> = (0..id_count)
        .map(|i| rows.iter().map(|r| r.ids[i].0.len()).max().unwrap_or(0))
        .collect();
    rows.iter()
        .map(|r| {
            let mut s = format!("{} {:>nlink_w$} ", r.mode, r.nlink);
            for ((text, numeric), w) in r.ids.iter().zip(&id_w) {
                if *numeric {
                    s.push_str(&format!("{text:>w$} "));
                } else {
                    s.push_str(&format!("{text:<w$} "));
                }
            }
            s.push_str(&format!("{:>size_w$} ", r.size));
            let mut line = s.into_bytes();
            line.extend_from_slice(&r.time);
            line.push(b' ');
            line
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expectations from GNU ls 9.1 (`ls -ls --block-size=...` over files of 5000 and
    // 1,500,000 bytes).
    #[test]
    fn block_sizes() {
        let k = parse_block_size(b"K").unwrap();
        assert_eq!(k.show(5000), "5K");
        assert_eq!(parse_block_size(b"1K").unwrap().show(5000), "5");
        assert_eq!(parse_block_size(b"KB").unwrap().show(1_500_000), "1500kB");
        assert_eq!(parse_block_size(b"M").unwrap().show(5000), "1M");
        assert_eq!(parse_block_size(b"2").unwrap().show(5000), "2500");
        assert_eq!(parse_block_size(b"KiB").unwrap().show(5000), "5KiB");
        assert!(parse_block_size(b"x").is_none());
        assert!(parse_block_size(b"0").is_none());
        assert_eq!(Scale::Human { si: false }.show(5000), "4.9K");
        assert_eq!(Scale::Human { si: true }.show(5000), "5.0k");
    }

    #[test]
    fn time_styles() {
        let t = 1_700_000_000_000_000_000u64;
        let full = TimeStyle::parse(b"full-iso", false).unwrap();
        assert_eq!(
            full.render(t, t + 1),
            b"2023-11-14 22:13:20.000000000 +0000"
        );
        let iso = TimeStyle::parse(b"iso", false).unwrap();
        assert_eq!(iso.render(t, t + 1), b"11-14 22:13");
        assert_eq!(
            iso.render(t, t + 400 * 86_400 * 1_000_000_000),
            b"2023-11-14 "
        );
        assert_eq!(
            TimeStyle::parse(b"posix-long-iso", true),
            Some(TimeStyle::locale())
        );
        let two = TimeStyle::parse(b"+old %Y\nnew %H", false).unwrap();
        assert_eq!(two.render(t, t), b"new 22");
        assert!(TimeStyle::parse(b"bogus", false).is_none());
    }
}
