//! Field layout shared by all numeric formatters: sign, `0x` prefix, grouped integer digits,
//! decimal point, grouped fraction (3.14), the remainder (exponent, `%`, `inf`), and padding.
//!
//! The output has the shape
//! `<lpad><sign><prefix><spad><grouped digits><.><grouped fraction><remainder><rpad>`,
//! where at most one of the three paddings is non-empty. Zero-padding with `=` alignment (the
//! `0` flag) is special: the zeros become leading digits of the integer part and are grouped
//! with it, so `format(1234, '010,')` is `'00,001,234'`; when a separator would land exactly at
//! the start, one more zero is added and the field ends up one wider than asked, as in CPython
//! (`format(1234, '08,')` is `'0,001,234'`).

use super::spec::{Align, Sign};

/// The pieces of a formatted number, all ASCII except `rest` (which holds the character of
/// `format(n, 'c')`).
pub(super) struct Number<'a> {
    pub negative: bool,
    pub prefix: &'a str,
    /// Integer-part digits; empty for `c`, `inf` and `nan`, which live in `rest`.
    pub digits: &'a [u8],
    /// Whether a decimal point follows the digits.
    pub point: bool,
    /// Digits after the point.
    pub frac: &'a [u8],
    /// Everything after the fraction: exponent, `%`, `inf`, `nan`, or a `c` character.
    pub rest: &'a str,
}

/// How the field is laid out, with type defaults already applied.
pub(super) struct Field {
    pub fill: char,
    pub align: Align,
    pub sign: Sign,
    pub width: usize,
    /// Integer-part separator and group size (3, or 4 for `_` with b/o/x/X).
    pub group: Option<(u8, usize)>,
    /// Fraction separator (groups of 3 from the point).
    pub frac_group: Option<u8>,
}

/// Number of characters `n` digits take once grouped every `size` with one-char separators.
fn grouped_len(n: usize, size: usize) -> usize {
    if n == 0 {
        0
    } else {
        n + (n - 1) / size
    }
}

/// How many digits (real plus leading zeros) the integer part needs so that, grouped, it is at
/// least `min_width` characters wide.
fn padded_digit_count(n: usize, min_width: usize, group: Option<(u8, usize)>) -> usize {
    let n = n.max(1);
    match group {
        None => n.max(min_width),
        Some((_, size)) => {
            if grouped_len(n, size) >= min_width {
                return n;
            }
            // A first guess from the asymptotic ratio (size digits per size + 1 chars),
            // corrected in a step or two.
            let mut d = (min_width - min_width / (size + 1)).max(n);
            while grouped_len(d, size) < min_width {
                d += 1;
            }
            while d > n && grouped_len(d - 1, size) >= min_width {
                d -= 1;
            }
            d
        }
    }
}

/// The message of the `MemoryError` returned when a requested width or precision does not fit
/// in memory (CPython's `MemoryError` has an empty message too). Checking with
/// `String::try_reserve` keeps `format(1, '99999999999999')` an exception instead of an abort.
pub const MEMORY_ERROR: &str = "";

/// An empty string with room for `bytes`, or the `MemoryError` message.
pub(super) fn string_with_capacity(bytes: usize) -> Result<String, String> {
    let mut s = String::new();
    s.try_reserve_exact(bytes)
        .map_err(|_| MEMORY_ERROR.to_string())?;
    Ok(s)
}

/// Appends `count` copies of `c` (the caller has reserved the room).
pub(super) fn push_fill(out: &mut String, c: char, count: usize) {
    if c.is_ascii() {
        for _ in 0..count {
            out.push(c);
        }
    } else {
        out.extend(std::iter::repeat_n(c, count));
    }
}

/// Lays out `num` according to `field`; fails only with [`MEMORY_ERROR`].
pub(super) fn render(num: &Number, field: &Field) -> Result<String, String> {
    let sign = if num.negative {
        Some('-')
    } else {
        match field.sign {
            Sign::Plus => Some('+'),
            Sign::Space => Some(' '),
            Sign::Minus => None,
        }
    };
    let n_sign = usize::from(sign.is_some());
    let n_point = usize::from(num.point);
    let n_frac = match field.frac_group {
        Some(_) => grouped_len(num.frac.len(), 3),
        None => num.frac.len(),
    };
    let rest_chars = if num.rest.is_ascii() {
        num.rest.len()
    } else {
        num.rest.chars().count()
    };
    let fixed = n_sign + num.prefix.len() + n_point + n_frac + rest_chars;
    // Digit count after zero-extension, and its grouped width.
    let n_digits = if num.digits.is_empty() {
        0
    } else {
        let min_width = if field.fill == '0' && field.align == Align::AfterSign {
            field.width.saturating_sub(fixed)
        } else {
            0
        };
        padded_digit_count(num.digits.len(), min_width, field.group)
    };
    let n_grouped = match field.group {
        Some((_, size)) => grouped_len(n_digits, size),
        None => n_digits,
    };
    let content = fixed + n_grouped;
    let padding = field.width.saturating_sub(content);
    let (lpad, spad, rpad) = match field.align {
        Align::Left => (0, 0, padding),
        Align::Right => (padding, 0, 0),
        Align::Center => (padding / 2, 0, padding - padding / 2),
        Align::AfterSign => (0, padding, 0),
    };
    let fill_bytes = field.fill.len_utf8().saturating_mul(padding);
    let mut out =
        string_with_capacity((content - rest_chars + num.rest.len()).saturating_add(fill_bytes))?;
    push_fill(&mut out, field.fill, lpad);
    if let Some(s) = sign {
        out.push(s);
    }
    out.push_str(num.prefix);
    push_fill(&mut out, field.fill, spad);
    if n_digits > 0 {
        let zeros = n_digits - num.digits.len();
        match field.group {
            None => {
                push_fill(&mut out, '0', zeros);
                push_ascii(&mut out, num.digits);
            }
            Some((sep, size)) => {
                for i in 0..n_digits {
                    if i > 0 && (n_digits - i) % size == 0 {
                        out.push(sep as char);
                    }
                    out.push(if i < zeros {
                        '0'
                    } else {
                        num.digits[i - zeros] as char
                    });
                }
            }
        }
    }
    if num.point {
        out.push('.');
    }
    match field.frac_group {
        Some(sep) => {
            for (i, &d) in num.frac.iter().enumerate() {
                if i > 0 && i % 3 == 0 {
                    out.push(sep as char);
                }
                out.push(d as char);
            }
        }
        None => push_ascii(&mut out, num.frac),
    }
    out.push_str(num.rest);
    push_fill(&mut out, field.fill, rpad);
    Ok(out)
}

/// Appends ASCII bytes (digits) to a string.
pub(super) fn push_ascii(out: &mut String, bytes: &[u8]) {
    debug_assert!(bytes.is_ascii());
    // The bytes are ASCII digits produced by this module, so this never fails; the fallback
    // keeps the function total without `unsafe`.
    match std::str::from_utf8(bytes) {
        Ok(s) => out.push_str(s),
        Err(_) => out.extend(bytes.iter().map(|&b| b as char)),
    }
}

/// Pads `s` (which is `nchars` characters long) to `width` with `fill`, aligned as asked
/// (`AfterSign` is treated as left, callers refuse it where Python does).
pub(super) fn pad_text(
    s: &str,
    nchars: usize,
    width: usize,
    fill: char,
    align: Align,
) -> Result<String, String> {
    let padding = width.saturating_sub(nchars);
    let (left, right) = match align {
        Align::Right => (padding, 0),
        Align::Center => (padding / 2, padding - padding / 2),
        Align::Left | Align::AfterSign => (0, padding),
    };
    let mut out = string_with_capacity(
        s.len()
            .saturating_add(padding.saturating_mul(fill.len_utf8())),
    )?;
    push_fill(&mut out, fill, left);
    out.push_str(s);
    push_fill(&mut out, fill, right);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num<'a>(
        negative: bool,
        digits: &'a str,
        frac: Option<&'a str>,
        rest: &'a str,
    ) -> Number<'a> {
        Number {
            negative,
            prefix: "",
            digits: digits.as_bytes(),
            point: frac.is_some(),
            frac: frac.unwrap_or("").as_bytes(),
            rest,
        }
    }

    fn render_ok(num: &Number, field: &Field) -> String {
        render(num, field).unwrap()
    }

    fn field(width: usize, group: Option<(u8, usize)>) -> Field {
        Field {
            fill: '0',
            align: Align::AfterSign,
            sign: Sign::Minus,
            width,
            group,
            frac_group: None,
        }
    }

    #[test]
    fn zero_padding_is_grouped() {
        let g = Some((b',', 3));
        assert_eq!(
            render_ok(&num(false, "1234", None, ""), &field(8, g)),
            "0,001,234"
        );
        assert_eq!(
            render_ok(&num(false, "1234", None, ""), &field(9, g)),
            "0,001,234"
        );
        assert_eq!(
            render_ok(&num(false, "1234", None, ""), &field(10, g)),
            "00,001,234"
        );
        assert_eq!(
            render_ok(&num(true, "1234", None, ""), &field(12, g)),
            "-000,001,234"
        );
        assert_eq!(
            render_ok(&num(false, "1", Some("0"), ""), &field(15, g)),
            "0,000,000,001.0"
        );
        assert_eq!(
            render_ok(&num(false, "", None, "nan"), &field(8, g)),
            "00000nan"
        );
        assert_eq!(
            render_ok(&num(false, "4d2", None, ""), &field(8, Some((b'_', 4)))),
            "000_04d2"
        );
    }

    #[test]
    fn padded_counts() {
        assert_eq!(padded_digit_count(4, 8, Some((b',', 3))), 7);
        assert_eq!(padded_digit_count(4, 0, Some((b',', 3))), 4);
        assert_eq!(padded_digit_count(4, 10, None), 10);
        for w in 0..40 {
            let d = padded_digit_count(1, w, Some((b'_', 4)));
            assert!(grouped_len(d, 4) >= w);
            assert!(d == 1 || grouped_len(d - 1, 4) < w);
        }
    }

    #[test]
    fn text_padding() {
        assert_eq!(pad_text("ab", 2, 6, '*', Align::Center).unwrap(), "**ab**");
        assert_eq!(pad_text("ab", 2, 5, '*', Align::Center).unwrap(), "*ab**");
        assert_eq!(pad_text("ab", 2, 5, 'é', Align::Right).unwrap(), "éééab");
        assert_eq!(pad_text("ab", 2, 1, ' ', Align::Left).unwrap(), "ab");
        assert_eq!(
            pad_text("ab", 2, usize::MAX / 2, ' ', Align::Left).unwrap_err(),
            MEMORY_ERROR
        );
    }
}
