//! Character predicates and case folding as `re` sees them: Unicode semantics for `str`
//! patterns (the same tables the interpreter's `str.isalnum`/`str.isspace` use), ASCII for
//! bytes patterns and under the `ASCII` flag. Characters are code points (`u32`); a bytes
//! subject's bytes are code points 0..=255.

/// `\d`: a decimal digit.
pub fn is_digit(c: u32, ascii: bool) -> bool {
    if c < 128 || ascii {
        return (b'0' as u32..=b'9' as u32).contains(&c);
    }
    // Unicode decimal digits (category Nd) come in aligned runs of ten; Rust exposes only
    // `is_numeric` (Nd, Nl, No), so keep the chars that are the digit of a ten-run.
    char::from_u32(c).is_some_and(is_nd)
}

fn is_nd(ch: char) -> bool {
    // A numeric char whose run of ten starting at a multiple-of-ten offset is all numeric is
    // a decimal digit in practice (Arabic-Indic, Devanagari, fullwidth, ...).
    if !ch.is_numeric() {
        return false;
    }
    let c = ch as u32;
    // Known Nd block starts that are not aligned to 16: fall back to checking the ten chars
    // around `c` for a contiguous numeric run containing it of length exactly ten.
    let mut lo = c;
    while lo > 0 && c - lo < 10 && char::from_u32(lo - 1).is_some_and(|p| p.is_numeric()) {
        lo -= 1;
    }
    let mut hi = c;
    while hi - c < 10 && char::from_u32(hi + 1).is_some_and(|p| p.is_numeric()) {
        hi += 1;
    }
    (hi - lo + 1) % 10 == 0 && !matches!(c, 0xB2 | 0xB3 | 0xB9 | 0xBC..=0xBE)
}

/// `\s`: whitespace.
pub fn is_space(c: u32, ascii: bool) -> bool {
    if c < 128 || ascii {
        return matches!(c, 0x20 | 0x09..=0x0d) || (!ascii && (0x1c..=0x1f).contains(&c));
    }
    c == 0x85 || char::from_u32(c).is_some_and(char::is_whitespace)
}

/// `\w`: a word character (alphanumeric or underscore).
pub fn is_word(c: u32, ascii: bool) -> bool {
    if c < 128 || ascii {
        return c == b'_' as u32 || (c < 128 && (c as u8).is_ascii_alphanumeric());
    }
    char::from_u32(c).is_some_and(char::is_alphanumeric)
}

/// The simple lowercase of `c` (a single code point, as CPython's `sre` uses).
pub fn lower(c: u32, ascii: bool) -> u32 {
    if c < 128 || ascii {
        return if (b'A' as u32..=b'Z' as u32).contains(&c) {
            c + 32
        } else {
            c
        };
    }
    single(char::from_u32(c).map(|ch| ch.to_lowercase()), c)
}

/// The simple uppercase of `c`.
pub fn upper(c: u32, ascii: bool) -> u32 {
    if c < 128 || ascii {
        return if (b'a' as u32..=b'z' as u32).contains(&c) {
            c - 32
        } else {
            c
        };
    }
    single(char::from_u32(c).map(|ch| ch.to_uppercase()), c)
}

/// The one-char mapping, or `c` itself when the full mapping has several chars (`ß` → `SS`
/// has no simple uppercase); `İ` lowers to `i` plus a combining dot, whose simple lowercase
/// is `i`.
fn single(m: Option<impl Iterator<Item = char>>, c: u32) -> u32 {
    let Some(mut m) = m else { return c };
    let first = m.next();
    match (first, m.next()) {
        (Some(f), None) => f as u32,
        (Some('i'), Some(_)) if c == 0x130 => 'i' as u32,
        _ => c,
    }
}

/// Case-insensitive equality of two chars: equal lowercase, or equal uppercase (so `ſ`,
/// `s` and `S` match each other, and the Kelvin sign matches `k`).
pub fn eq_icase(a: u32, b: u32, ascii: bool) -> bool {
    a == b || lower(a, ascii) == lower(b, ascii) || upper(a, ascii) == upper(b, ascii)
}

/// Whether `name` is a valid group name (a Python identifier; ASCII only for bytes).
pub fn is_identifier(name: &[u32], bytes: bool) -> bool {
    let mut it = name.iter().map(|&c| char::from_u32(c).unwrap_or('\0'));
    let ok_start = |c: char| c == '_' || c.is_alphabetic();
    let ok_rest = |c: char| c == '_' || c.is_alphanumeric();
    match it.next() {
        Some(c) if ok_start(c) && (!bytes || c.is_ascii()) => {
            it.all(|c| ok_rest(c) && (!bytes || c.is_ascii()))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        assert!(is_digit('7' as u32, false));
        assert!(is_digit(0x0663, false)); // ARABIC-INDIC DIGIT THREE
        assert!(!is_digit(0x0663, true));
        assert!(!is_digit(0xB2, false)); // superscript two is not a decimal
        assert!(!is_digit(0x2155, false)); // vulgar fraction
        assert!(is_word('é' as u32, false));
        assert!(!is_word('é' as u32, true));
        assert!(is_space(0x2003, false));
        assert!(is_space(0x1c, false));
        assert!(!is_space(0x1c, true));
    }

    #[test]
    fn folding() {
        assert!(eq_icase('a' as u32, 'A' as u32, false));
        assert!(eq_icase(0x17f, 's' as u32, false));
        assert!(eq_icase(0x212a, 'k' as u32, false));
        assert!(!eq_icase(0xdf, 's' as u32, false));
        assert!(!eq_icase('é' as u32, 'É' as u32, true));
        assert!(eq_icase('é' as u32, 'É' as u32, false));
    }
}
