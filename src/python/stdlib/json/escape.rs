//! JSON string literals: `"` + escapes + `"`, as CPython's `encode_basestring(_ascii)` write
//! them (`\n`, `\"`, `\\`, `\u001f`; with `ensure_ascii` every non-ASCII character as
//! `\uXXXX`, characters beyond the BMP as a surrogate pair).

use std::fmt::Write;

/// Appends the JSON literal of `s` to `out`.
pub fn quote_into(out: &mut String, s: &str, ensure_ascii: bool) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c if ensure_ascii && (c as u32) > 0x7e => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    let _ = write!(out, "\\u{:04x}", u);
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

pub fn quote(s: &str, ensure_ascii: bool) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    quote_into(&mut out, s, ensure_ascii);
    out
}

#[cfg(test)]
mod tests {
    use super::quote;

    #[test]
    fn escapes_as_cpython() {
        assert_eq!(
            quote("h\u{e9}llo\u{2028}\n\t\u{1}\"\\/", true),
            "\"h\\u00e9llo\\u2028\\n\\t\\u0001\\\"\\\\/\""
        );
        assert_eq!(quote("\u{1f600}", true), "\"\\ud83d\\ude00\"");
        assert_eq!(quote("\u{1f600}\u{7f}", false), "\"\u{1f600}\u{7f}\"");
        assert_eq!(quote("\u{7f}", true), "\"\\u007f\"");
    }
}
