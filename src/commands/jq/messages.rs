//! jq 1.6's wording for runtime errors. jaq builds its errors as text (`cannot index 5 with
//! "b"`, `cannot calculate "a" + 1`, `cannot use null as iterable`), and agents act on jq's
//! texts, so the errors jaq raises itself are recognised here by their shape, their values
//! read back, and the message rewritten as jq 1.6 prints it. Builtins whose jq message cannot
//! be recovered from jaq's (`keys`, `sort`, `has`, ...) check their input before the jaq native
//! runs instead (the `__shellsim_need*` natives in `natives.rs`).

use super::json::Reader;
use super::write::{write_val, Style};
use jaq_json::Val;
use std::fmt::Write as _;

/// What an error prints after `jq: error (at NAME:LINE)`.
pub enum Rendered {
    /// `: TEXT`
    Text(Vec<u8>),
    /// ` (not a string): VALUE`
    Value(Val),
}

/// jq's name for a value's type.
pub fn kind(v: &Val) -> &'static str {
    match v {
        Val::Null => "null",
        Val::Bool(_) => "boolean",
        Val::Num(_) => "number",
        Val::TStr(_) | Val::BStr(_) => "string",
        Val::Arr(_) => "array",
        Val::Obj(_) => "object",
    }
}

/// jq 1.6 dumps a value into a 15-byte buffer for its messages: at most 14 bytes, and a longer
/// dump keeps its first 11 bytes followed by `...` (cut by bytes, as jq does).
pub fn truncated(v: &Val) -> Vec<u8> {
    const ROOM: usize = 14;
    let mut out = Vec::new();
    let style = Style {
        pretty: false,
        ..Style::default()
    };
    // Only the first bytes matter; a bigger dump stops early.
    let whole = write_val(&mut out, v, &style, 64).is_ok();
    if !whole || out.len() > ROOM {
        out.truncate(ROOM - 3);
        out.extend_from_slice(b"...");
    }
    out
}

/// `KIND (DUMP)`, the way jq 1.6 names a value in its type errors.
pub fn described(v: &Val) -> Vec<u8> {
    let mut out = kind(v).as_bytes().to_vec();
    out.extend_from_slice(b" (");
    out.extend_from_slice(&truncated(v));
    out.push(b')');
    out
}

/// A `fmt::Write` that keeps only the first bytes, to tell jaq's own errors from `error(v)`
/// without formatting a large value.
struct Head(String);

impl std::fmt::Write for Head {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let room = 16usize.saturating_sub(self.0.len());
        let take = s
            .char_indices()
            .map(|(i, c)| i + c.len_utf8())
            .take_while(|&end| end <= room)
            .last()
            .unwrap_or(0);
        self.0.push_str(&s[..take]);
        if take < s.len() {
            Err(std::fmt::Error)
        } else {
            Ok(())
        }
    }
}

/// The message for an error that stopped the program.
pub fn render(e: jaq_core::Error<Val>) -> Rendered {
    let mut head = Head(String::new());
    let _ = write!(head, "{e:?}");
    // jaq's own errors are built from parts (`Error(Str([...]))`); `error(v)` and the errors
    // natives make from one string are a single value (`Error(Val(...))`).
    let composed = head.0.starts_with("Error(Str(");
    match e.into_val() {
        Val::TStr(s) => {
            let text = s.to_vec();
            let own = if composed {
                composed_message(&text)
            } else {
                single_message(&text)
            };
            Rendered::Text(own.unwrap_or(text))
        }
        other => Rendered::Value(other),
    }
}

/// Reads the value jaq wrote at the start of `text`: its JSON form, or `NaN`/`Infinity`.
fn value_at(text: &[u8]) -> Option<(Val, usize)> {
    for (word, x) in [
        (&b"-Infinity"[..], f64::NEG_INFINITY),
        (b"Infinity", f64::INFINITY),
        (b"NaN", f64::NAN),
    ] {
        if text.starts_with(word) {
            return Some((Val::Num(super::json::num_from_f64(x)), word.len()));
        }
    }
    let mut r = Reader::new(text);
    let v = r.next_value()?.ok()?;
    Some((v, r.pos()))
}

/// `text` as exactly one value.
fn whole_value(text: &[u8]) -> Option<Val> {
    match value_at(text)? {
        (v, n) if n == text.len() => Some(v),
        _ => None,
    }
}

/// Splits `PREFIX VALUE SEP REST` into the value and the rest.
fn value_then<'t>(text: &'t [u8], prefix: &[u8], sep: &[u8]) -> Option<(Val, &'t [u8])> {
    let rest = text.strip_prefix(prefix)?;
    let (v, n) = value_at(rest)?;
    Some((v, rest[n..].strip_prefix(sep)?))
}

fn join(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

/// jaq's composed errors: indexing, iterating, arithmetic, slicing, numbers.
fn composed_message(text: &[u8]) -> Option<Vec<u8>> {
    if let Some((l, rest)) = value_then(text, b"cannot index ", b" with ") {
        return Some(cannot_index(&l, &whole_value(rest)?));
    }
    if let Some((l, rest)) = value_then(text, b"cannot calculate ", b" ") {
        let (op, r) = rest.split_first()?;
        let r = whole_value(r.strip_prefix(b" ")?)?;
        return math(&l, *op, &r);
    }
    if let Some((v, rest)) = value_then(text, b"cannot use ", b" as ") {
        return match rest {
            b"iterable (array or object)" => Some(join(&[b"Cannot iterate over ", &described(&v)])),
            b"rangeable (array or string)" => Some(join(&[
                b"Cannot index ",
                kind(&v).as_bytes(),
                b" with object",
            ])),
            b"number" => Some(join(&[&described(&v), b" number required"])),
            _ => None,
        };
    }
    None
}

/// jq's `Cannot index T with ...`: a short string key is named, other keys by type.
fn cannot_index(l: &Val, r: &Val) -> Vec<u8> {
    let mut out = join(&[b"Cannot index ", kind(l).as_bytes(), b" with "]);
    match r {
        Val::TStr(k) | Val::BStr(k) if k.len() < 30 => {
            out.extend_from_slice(b"string \"");
            out.extend_from_slice(k);
            out.push(b'"');
        }
        other => out.extend_from_slice(kind(other).as_bytes()),
    }
    out
}

fn math(l: &Val, op: u8, r: &Val) -> Option<Vec<u8>> {
    let verb: &[u8] = match op {
        b'+' => b"added",
        b'-' => b"subtracted",
        b'*' => b"multiplied",
        b'/' => b"divided",
        b'%' => b"divided (remainder)",
        _ => return None,
    };
    let zero = matches!(r, Val::Num(n) if super::write::num_f64(n) as i64 == 0);
    let both_numbers = matches!((l, r), (Val::Num(_), Val::Num(_)));
    let tail: &[u8] = if both_numbers && zero && matches!(op, b'/' | b'%') {
        b" because the divisor is zero"
    } else {
        b""
    };
    Some(join(&[
        &described(l),
        b" and ",
        &described(r),
        b" cannot be ",
        verb,
        tail,
    ]))
}

/// Errors jaq's natives raise as one string.
fn single_message(text: &[u8]) -> Option<Vec<u8>> {
    let v = text.strip_suffix(b" has no length")?;
    Some(join(&[&described(&whole_value(v)?), b" has no length"]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(e: jaq_core::Error<Val>) -> String {
        match render(e) {
            Rendered::Text(t) => String::from_utf8(t).unwrap(),
            Rendered::Value(v) => format!("value {v}"),
        }
    }

    fn s(x: &str) -> Val {
        Val::utf8_str(x.to_string())
    }

    fn n(x: isize) -> Val {
        Val::from(x)
    }

    #[test]
    fn truncates_like_jq() {
        assert_eq!(truncated(&s("a string that is long")), b"\"a string t...");
        assert_eq!(truncated(&s("abcdefghijkl")), b"\"abcdefghijkl\"");
        assert_eq!(truncated(&s("abcdefghijklm")), b"\"abcdefghij...");
        assert_eq!(described(&Val::Null), b"null (null)");
    }

    #[test]
    fn index_errors() {
        let e = jaq_core::Error::index(n(5), s("b"));
        assert_eq!(text(e), "Cannot index number with string \"b\"");
        let e = jaq_core::Error::index(s("abc"), n(0));
        assert_eq!(text(e), "Cannot index string with number");
        let long = "a".repeat(30);
        let e = jaq_core::Error::index(n(5), s(&long));
        assert_eq!(text(e), "Cannot index number with string");
        let e = jaq_core::Error::index(n(5), s(&long[1..]));
        assert_eq!(
            text(e),
            format!("Cannot index number with string \"{}\"", &long[1..])
        );
    }

    #[test]
    fn iterate_and_math_errors() {
        let e = jaq_core::Error::typ(n(5), "iterable (array or object)");
        assert_eq!(text(e), "Cannot iterate over number (5)");
        let e = jaq_core::Error::math(s("a"), jaq_core::ops::Math::Add, n(1));
        assert_eq!(text(e), "string (\"a\") and number (1) cannot be added");
        let e = jaq_core::Error::math(n(5), jaq_core::ops::Math::Rem, n(0));
        assert_eq!(
            text(e),
            "number (5) and number (0) cannot be divided (remainder) because the divisor is zero"
        );
    }

    #[test]
    fn user_errors_stay() {
        // `error("cannot index 1 with 2")` is the user's text, not jaq's.
        let e = jaq_core::Error::new(s("cannot index 1 with 2"));
        assert_eq!(text(e), "cannot index 1 with 2");
        assert_eq!(
            text(jaq_core::Error::str("true has no length")),
            "boolean (true) has no length"
        );
        assert!(matches!(
            render(jaq_core::Error::new(n(1))),
            Rendered::Value(_)
        ));
    }
}
