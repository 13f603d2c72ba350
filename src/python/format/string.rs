//! `format(str, spec)`: fill, alignment (default left), width and precision (truncation),
//! counted in code points. Numeric-only options are errors, checked in CPython's order: the
//! grouping (in the spec parser), the type, then sign, `z`, `#`, `=`.

use super::layout::pad_text;
use super::spec::{parse_format_spec, unknown_code, Align, Sign};

/// `format(s, spec)` for a `str`.
pub fn format_str(s: &str, spec: &str) -> Result<String, String> {
    format_str_named(s, spec, "str")
}

/// [`format_str`] for a value whose Python type is `type_name` (a `str` subclass).
pub fn format_str_named(s: &str, spec: &str, type_name: &str) -> Result<String, String> {
    if spec.is_empty() {
        return Ok(s.to_string());
    }
    let spec = parse_format_spec(spec, type_name, Some('s'))?;
    if let Some(t) = spec.ty.filter(|&t| t != 's') {
        return Err(unknown_code(t, type_name));
    }
    match spec.sign {
        Some(Sign::Space) => return Err("Space not allowed in string format specifier".into()),
        Some(_) => return Err("Sign not allowed in string format specifier".into()),
        None => {}
    }
    if spec.no_neg_zero {
        return Err("Negative zero coercion (z) not allowed in string format specifier".into());
    }
    if spec.alternate {
        return Err("Alternate form (#) not allowed in string format specifier".into());
    }
    if spec.align == Some(Align::AfterSign) {
        return Err("'=' alignment not allowed in string format specifier".into());
    }
    let (text, nchars) = match spec.precision {
        Some(p) => match s.char_indices().nth(p) {
            Some((i, _)) => (&s[..i], p),
            None => (s, s.chars().count()),
        },
        None => (s, s.chars().count()),
    };
    pad_text(
        text,
        nchars,
        spec.width.unwrap_or(0),
        spec.fill,
        spec.align.unwrap_or(Align::Left),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings() {
        let cases: &[(&str, &str, &str)] = &[
            ("ab", "10", "ab        "),
            ("ab", ">10", "        ab"),
            ("ab", "^10", "    ab    "),
            ("ab", "*^9", "***ab****"),
            ("ab", ".1", "a"),
            ("ab", "010", "ab00000000"),
            ("ab", "^06", "00ab00"),
            ("ab", ".0", ""),
            ("ABCАБВ", ".4s", "ABCА"),
            ("é", "é^5", "ééééé"),
            ("ab", "._", "ab"),
        ];
        for &(s, spec, want) in cases {
            assert_eq!(format_str(s, spec).unwrap(), want, "{s:?} {spec:?}");
        }
        let errors: &[(&str, &str)] = &[
            ("+", "Sign not allowed in string format specifier"),
            (" ", "Space not allowed in string format specifier"),
            (
                "#",
                "Alternate form (#) not allowed in string format specifier",
            ),
            ("=", "'=' alignment not allowed in string format specifier"),
            (
                "0=5",
                "'=' alignment not allowed in string format specifier",
            ),
            (
                "z",
                "Negative zero coercion (z) not allowed in string format specifier",
            ),
            (",", "Cannot specify ',' with 's'."),
            ("_", "Cannot specify '_' with 's'."),
            (",5", "Cannot specify ',' with '5'."),
            (
                "s5",
                "Invalid format specifier 's5' for object of type 'str'",
            ),
            (".5x", "Unknown format code 'x' for object of type 'str'"),
            ("=+", "Sign not allowed in string format specifier"),
            (
                "=#",
                "Alternate form (#) not allowed in string format specifier",
            ),
            (
                "=z",
                "Negative zero coercion (z) not allowed in string format specifier",
            ),
            ("+#", "Sign not allowed in string format specifier"),
        ];
        for &(spec, want) in errors {
            assert_eq!(format_str("ab", spec).unwrap_err(), want, "{spec:?}");
        }
    }
}
