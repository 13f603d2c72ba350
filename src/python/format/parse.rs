//! `float(str)` and `int(str, base)`.
//!
//! Both accept what CPython accepts: surrounding whitespace, a sign, underscores between
//! digits (PEP 515: never leading, trailing or doubled), any Unicode decimal digit (`int('١٢')`
//! is 12) and any Unicode whitespace. Like CPython, non-ASCII whitespace and digits are first
//! mapped to ASCII, then the ASCII text is parsed; ASCII separators such as `\x1c` are not
//! whitespace here even though `str.isspace()` says they are.

use num_bigint::BigInt;
use num_traits::Num;

use super::int::MAX_STR_DIGITS_THRESHOLD;

/// The zero of every run of ten Unicode decimal digits (general category Nd), sorted: Unicode
/// 14.0 as shipped with CPython 3.11, plus later additions (Kawi, Nag Mundari, Kirat Rai).
const DIGIT_ZEROS: &[u32] = &[
    0x30, 0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6, 0xD66,
    0xDE6, 0xE50, 0xED0, 0xF20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90,
    0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10,
    0x104A0, 0x10D30, 0x11066, 0x110F0, 0x11136, 0x111D0, 0x112F0, 0x11450, 0x114D0, 0x11650,
    0x116C0, 0x11730, 0x118E0, 0x11950, 0x11C50, 0x11D50, 0x11DA0, 0x11F50, 0x16A60, 0x16AC0,
    0x16B50, 0x16D70, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6, 0x1E140, 0x1E2F0, 0x1E4F0,
    0x1E950, 0x1FBF0,
];

/// The value of a Unicode decimal digit (`Py_UNICODE_TODECIMAL`), `None` for anything else.
pub(super) fn decimal_value(c: char) -> Option<u32> {
    let code = c as u32;
    if code < 0x80 {
        return c.to_digit(10);
    }
    let i = DIGIT_ZEROS.partition_point(|&z| z <= code);
    let zero = DIGIT_ZEROS[i.checked_sub(1)?];
    (code - zero < 10).then_some(code - zero)
}

/// Maps non-ASCII whitespace to ' ' and non-ASCII digits to ASCII ones; `None` if some other
/// non-ASCII character makes the text invalid whatever follows.
fn to_ascii(s: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_ascii() {
            out.push(c);
        } else if c.is_whitespace() {
            out.push(' ');
        } else {
            let d = decimal_value(c)?;
            out.push(char::from(b'0' + d as u8));
        }
    }
    Some(out)
}

/// ASCII whitespace as C's `isspace` sees it.
fn trim_ascii_space(s: &str) -> &str {
    s.trim_matches(|c: char| matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r'))
}

/// Removes PEP 515 underscores from a run of digits, or `None` if one is misplaced (first,
/// last, doubled). `digit` says what counts as a digit here.
fn strip_underscores(s: &str, digit: impl Fn(u8) -> bool) -> Option<std::borrow::Cow<'_, str>> {
    if !s.contains('_') {
        return Some(std::borrow::Cow::Borrowed(s));
    }
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in b.iter().enumerate() {
        if c == b'_' {
            let before = i > 0 && digit(b[i - 1]);
            let after = b.get(i + 1).is_some_and(|&n| digit(n));
            if !(before && after) {
                return None;
            }
        } else {
            out.push(c as char);
        }
    }
    Some(std::borrow::Cow::Owned(out))
}

/// `float(s)` for a string: `None` where CPython raises `could not convert string to float:
/// '...'` (the caller adds the repr). Correctly rounded; overflow gives `inf`, as in CPython.
pub fn parse_float(s: &str) -> Option<f64> {
    let owned;
    let s = if s.is_ascii() {
        s
    } else {
        owned = to_ascii(s)?;
        &owned
    };
    let t = trim_ascii_space(s);
    let (negative, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let signed = |v: f64| if negative { -v } else { v };
    if body.eq_ignore_ascii_case("inf") || body.eq_ignore_ascii_case("infinity") {
        return Some(signed(f64::INFINITY));
    }
    if body.eq_ignore_ascii_case("nan") {
        return Some(f64::NAN);
    }
    // digits ['.' digits] [e [sign] digits], at least one mantissa digit.
    let b = body.as_bytes();
    let mut i = 0;
    let digits_run = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && (b[*i].is_ascii_digit() || b[*i] == b'_') {
            *i += 1;
        }
        *i - start
    };
    let int_len = digits_run(&mut i);
    let mut frac_len = 0;
    if i < b.len() && b[i] == b'.' {
        i += 1;
        frac_len = digits_run(&mut i);
    }
    if int_len + frac_len == 0 {
        return None;
    }
    if i < b.len() && (b[i] | 0x20) == b'e' {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        if digits_run(&mut i) == 0 {
            return None;
        }
    }
    if i != b.len() {
        return None;
    }
    // Underscores only between two digits: `1_.5`, `1._5`, `1_e5` all fail here.
    let clean = strip_underscores(body, |c| c.is_ascii_digit())?;
    clean.parse::<f64>().ok().map(signed)
}

/// `ValueError` message for a bad `base` argument of `int()`.
pub const INT_BASE_ERROR: &str = "int() base must be >= 2 and <= 36, or 0";

/// Why `int(s, base)` failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntParseError {
    /// `base` is not 0 or 2..=36: [`INT_BASE_ERROR`].
    BadBase,
    /// Not a literal in that base: CPython says
    /// `invalid literal for int() with base {base}: {repr(s)}`.
    Invalid,
    /// More decimal digits (this many) than the limit: the message is
    /// [`super::parse_limit_message`]`(limit, digits)`.
    TooManyDigits(usize),
}

/// `int(s, base)` without a digit limit; `None` for anything CPython rejects.
/// Base 0 reads `0x`/`0o`/`0b` prefixes (and refuses leading zeros in decimal, like Python
/// source); bases 2, 8, 16 allow their own prefix.
pub fn parse_int(s: &str, base: u32) -> Option<BigInt> {
    parse_int_limited(s, base, 0).ok()
}

/// `int(s, base)` under `sys.get_int_max_str_digits()` (`max_str_digits`, 0 = none); the limit
/// only applies to bases that are not powers of two, and is checked, as in CPython, after the
/// digits are scanned but before trailing junk is noticed.
pub fn parse_int_limited(
    s: &str,
    base: u32,
    max_str_digits: usize,
) -> Result<BigInt, IntParseError> {
    if base == 1 || base > 36 {
        return Err(IntParseError::BadBase);
    }
    let owned;
    let s = if s.is_ascii() {
        s
    } else {
        owned = to_ascii(s).ok_or(IntParseError::Invalid)?;
        &owned
    };
    let t = trim_ascii_space(s);
    let (negative, mut body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let mut base = base;
    let mut after_prefix = false;
    let prefix_base = match body.as_bytes() {
        [b'0', p, ..] => match p | 0x20 {
            b'x' => Some(16),
            b'o' => Some(8),
            b'b' => Some(2),
            _ => None,
        },
        _ => None,
    };
    if let Some(pb) = prefix_base {
        if base == 0 || base == pb {
            base = pb;
            body = &body[2..];
            after_prefix = true;
        }
    }
    let decimal_from_zero = base == 0;
    if base == 0 {
        base = 10;
    }
    let is_digit = |c: u8| (c as char).is_digit(base);
    // Scan the run of digits and underscores.
    let b = body.as_bytes();
    let mut end = 0;
    let mut digits = 0usize;
    let mut prev_underscore = false;
    while end < b.len() {
        let c = b[end];
        if c == b'_' {
            // One underscore between digits, or right after a base prefix.
            if prev_underscore || (digits == 0 && !after_prefix) {
                return Err(IntParseError::Invalid);
            }
            prev_underscore = true;
        } else if is_digit(c) {
            digits += 1;
            prev_underscore = false;
        } else {
            break;
        }
        end += 1;
    }
    if digits == 0 || prev_underscore {
        return Err(IntParseError::Invalid);
    }
    if !base.is_power_of_two()
        && max_str_digits != 0
        && digits > max_str_digits
        && digits > MAX_STR_DIGITS_THRESHOLD
    {
        return Err(IntParseError::TooManyDigits(digits));
    }
    if end != b.len() {
        return Err(IntParseError::Invalid);
    }
    let clean: std::borrow::Cow<str> = if body.contains('_') {
        body.chars()
            .filter(|&c| c != '_')
            .collect::<String>()
            .into()
    } else {
        body.into()
    };
    // Base 0 refuses "010" (as Python source does) but takes "0", "00", "0_0".
    if decimal_from_zero && clean.starts_with('0') && clean.bytes().any(|c| c != b'0') {
        return Err(IntParseError::Invalid);
    }
    let magnitude = if clean.len() <= 12 {
        BigInt::from(u64::from_str_radix(&clean, base).map_err(|_| IntParseError::Invalid)?)
    } else {
        BigInt::from_str_radix(&clean, base).map_err(|_| IntParseError::Invalid)?
    };
    Ok(if negative { -magnitude } else { magnitude })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_table() {
        assert_eq!(decimal_value('7'), Some(7));
        assert_eq!(decimal_value('\u{0663}'), Some(3));
        assert_eq!(decimal_value('\u{FF19}'), Some(9));
        assert_eq!(decimal_value('\u{1D7FF}'), Some(9));
        assert_eq!(decimal_value('\u{0665}'), Some(5));
        assert_eq!(decimal_value('a'), None);
        assert_eq!(decimal_value('\u{066B}'), None);
        assert_eq!(decimal_value('\u{00B2}'), None);
        for w in DIGIT_ZEROS.windows(2) {
            assert!(w[0] + 10 <= w[1]);
        }
    }

    #[test]
    fn strip_rules() {
        let d = |c: u8| c.is_ascii_digit();
        assert_eq!(strip_underscores("1_000", d).unwrap(), "1000");
        assert!(strip_underscores("_1", d).is_none());
        assert!(strip_underscores("1_", d).is_none());
        assert!(strip_underscores("1__0", d).is_none());
    }

    #[test]
    fn base_zero_prefixes() {
        assert_eq!(parse_int("0x_1f", 0), Some(BigInt::from(31)));
        assert_eq!(parse_int("-0B1_0", 0), Some(BigInt::from(-2)));
        assert_eq!(parse_int("0o17", 8), Some(BigInt::from(15)));
        assert_eq!(parse_int("0b11", 16), Some(BigInt::from(0xb11)));
        assert_eq!(parse_int("010", 0), None);
        assert_eq!(parse_int("0_0", 0), Some(BigInt::from(0)));
        assert_eq!(parse_int("12", 1), None);
        assert_eq!(parse_int_limited("12", 37, 0), Err(IntParseError::BadBase));
        assert_eq!(parse_int("zZ", 36), Some(BigInt::from(35 * 36 + 35)));
    }
}
