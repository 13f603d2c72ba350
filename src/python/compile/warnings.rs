//! The `SyntaxWarning`s CPython 3.14 raises while compiling: the first invalid escape
//! sequence in each string or bytes literal (raised by its parser), and `is` comparisons with a literal
//! (raised by its compiler). They are recorded on the `Source` and printed before the code
//! runs.

use crate::python::code::Source;
use ruff_python_ast::{self as ast, CmpOp, Expr, StringFlags};
use ruff_text_size::TextRange;

/// Warns about the first invalid escape in one string or bytes literal part (CPython's
/// decoder reports only the first).
pub fn escapes(src: &Source, range: TextRange, flags: impl StringFlags, bytes: bool) {
    if flags.prefix().is_raw() {
        return;
    }
    let start = (range.start() + flags.opener_len()).to_usize();
    let end = (range.end() - flags.closer_len()).to_usize();
    let Some(body) = src.text.get(start..end) else {
        return;
    };
    let b = body.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        let Some(&c) = b.get(i + 1) else { break };
        let at = (start + i) as u32;
        match c {
            // A backslash before the end of a line (also CRLF) continues the string.
            b'\n' | b'\r' | b'\\' | b'\'' | b'"' | b'a' | b'b' | b'f' | b'n' | b'r' | b't'
            | b'v' | b'x' => i += 2,
            b'N' | b'u' | b'U' if !bytes => i += 2,
            b'0'..=b'7' => {
                let digits = b[i + 1..]
                    .iter()
                    .take(3)
                    .take_while(|d| (b'0'..=b'7').contains(d))
                    .count();
                let text = &body[i + 1..i + 1 + digits];
                if u32::from_str_radix(text, 8).is_ok_and(|v| v > 0o377) {
                    return src.warn(
                        true,
                        at,
                        format!(
                            "\"\\{text}\" is an invalid octal escape sequence. Such sequences will not work in the future. Did you mean \"\\\\{text}\"? A raw string is also an option."
                        ),
                    );
                }
                i += 1 + digits;
            }
            _ => {
                let ch = body[i + 1..].chars().next().unwrap_or('?');
                return src.warn(
                    true,
                    at,
                    format!(
                        "\"\\{ch}\" is an invalid escape sequence. Such sequences will not work in the future. Did you mean \"\\\\{ch}\"? A raw string is also an option."
                    ),
                );
            }
        }
    }
}

/// The type CPython names in its `is`-with-a-literal warning, if `e` is such a literal.
fn literal_type(e: &Expr) -> Option<&'static str> {
    match e {
        Expr::StringLiteral(_) => Some("str"),
        Expr::BytesLiteral(_) => Some("bytes"),
        Expr::NumberLiteral(n) => Some(match n.value {
            ast::Number::Int(_) => "int",
            ast::Number::Float(_) => "float",
            ast::Number::Complex { .. } => "complex",
        }),
        _ => None,
    }
}

/// Warns about `x is 1` and `x is not "a"`: identity with a literal is almost always a
/// mistake for equality.
pub fn identity_with_literal(src: &Source, c: &ast::ExprCompare) {
    let mut left = &*c.left;
    for (op, right) in c.ops.iter().zip(c.comparators.iter()) {
        let (word, instead) = match op {
            CmpOp::Is => ("is", "=="),
            CmpOp::IsNot => ("is not", "!="),
            _ => {
                left = right;
                continue;
            }
        };
        if let Some(t) = literal_type(left).or_else(|| literal_type(right)) {
            src.warn(
                false,
                c.range.start().to_u32(),
                format!("\"{word}\" with '{t}' literal. Did you mean \"{instead}\"?"),
            );
        }
        left = right;
    }
}
