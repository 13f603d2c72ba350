//! awk regular expressions: gawk's dialect (POSIX ERE, awk escapes, backslash escapes inside
//! brackets, `\y` word boundaries) rewritten for the shared POSIX engine, with a cache for
//! dynamic (string) regexes. As in gawk, the locale decides what a character is: UTF-8 in a
//! UTF-8 locale, a byte in the C locale (`utf8` false), for `.`, brackets and classes alike.

use crate::commands::posix_re::{Flavor, Options, Regex};
use std::collections::HashMap;
use std::rc::Rc;

/// Most dynamic regexes cached at once (the cache is cleared when full).
const CACHE_MAX: usize = 500;

fn push_literal(out: &mut Vec<u8>, b: u8) {
    if b".[]()*+?{}|^$\\/".contains(&b) {
        out.push(b'\\');
    }
    out.push(b);
}

/// An escape's literal byte (`\n`, `\t`, octal, hex), and the bytes used after the backslash.
fn escape_byte(s: &[u8], i: usize) -> Option<(u8, usize)> {
    let c = *s.get(i)?;
    Some(match c {
        b'n' => (b'\n', 1),
        b't' => (b'\t', 1),
        b'r' => (b'\r', 1),
        b'f' => (12, 1),
        b'v' => (11, 1),
        b'a' => (7, 1),
        b'b' => (8, 1),
        b'/' => (b'/', 1),
        b'"' => (b'"', 1),
        b'0'..=b'7' => {
            let mut v = 0u32;
            let mut n = 0;
            while n < 3 && matches!(s.get(i + n), Some(b'0'..=b'7')) {
                v = v * 8 + (s[i + n] - b'0') as u32;
                n += 1;
            }
            (v as u8, n)
        }
        b'x' if s.get(i + 1).is_some_and(|b| b.is_ascii_hexdigit()) => {
            let mut v = 0u32;
            let mut n = 0;
            while n < 2 && s.get(i + 1 + n).is_some_and(|b| b.is_ascii_hexdigit()) {
                v = v * 16 + (s[i + 1 + n] as char).to_digit(16).unwrap_or(0);
                n += 1;
            }
            (v as u8, n + 1)
        }
        _ => return None,
    })
}

/// Rewrites an awk regex for the POSIX ERE engine.
pub fn translate(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + 4);
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if c == b'\\' {
            let Some(&n) = s.get(i + 1) else {
                out.extend_from_slice(b"\\\\");
                break;
            };
            if let Some((b, used)) = escape_byte(s, i + 1) {
                push_literal(&mut out, b);
                i += 1 + used;
                continue;
            }
            match n {
                b'y' => out.extend_from_slice(b"\\b"),
                b'w' | b'W' | b's' | b'S' | b'<' | b'>' | b'B' | b'`' | b'\'' => {
                    out.push(b'\\');
                    out.push(n);
                }
                _ => push_literal(&mut out, n),
            }
            i += 2;
            continue;
        }
        if c == b'[' {
            i = bracket(s, i, &mut out);
            continue;
        }
        out.push(c);
        i += 1;
    }
    out
}

/// Rewrites the bracket expression starting at `s[i]` (`[`) in canonical POSIX form; returns
/// the index after it. An unterminated bracket is copied as is (the engine reports it).
fn bracket(s: &[u8], start: usize, out: &mut Vec<u8>) -> usize {
    let mut i = start + 1;
    let mut negate = false;
    if s.get(i) == Some(&b'^') {
        negate = true;
        i += 1;
    }
    let mut items: Vec<u8> = Vec::new();
    let (mut rbracket, mut dash, mut caret) = (false, false, false);
    let mut first = true;
    loop {
        let Some(&c) = s.get(i) else {
            out.extend_from_slice(&s[start..]);
            return s.len();
        };
        if c == b']' && !first {
            i += 1;
            break;
        }
        first = false;
        if c == b'[' && s.get(i + 1).is_some_and(|b| b":.=".contains(b)) {
            let close = s[i + 1];
            let mut j = i + 2;
            while j + 1 < s.len() && !(s[j] == close && s[j + 1] == b']') {
                j += 1;
            }
            let end = (j + 2).min(s.len());
            items.extend_from_slice(&s[i..end]);
            i = end;
            continue;
        }
        let (b, used) = if c == b'\\' {
            match escape_byte(s, i + 1) {
                Some((b, u)) => (b, 1 + u),
                None => match s.get(i + 1) {
                    Some(&n) => (n, 2),
                    None => (b'\\', 1),
                },
            }
        } else {
            (c, 1)
        };
        i += used;
        // A range `a-z`?
        if s.get(i) == Some(&b'-') && s.get(i + 1).is_some_and(|&n| n != b']') {
            let (e, used2) = if s[i + 1] == b'\\' {
                match escape_byte(s, i + 2) {
                    Some((e, u)) => (e, 2 + u),
                    None => (s.get(i + 2).copied().unwrap_or(b'\\'), 3),
                }
            } else {
                (s[i + 1], 2)
            };
            i += used2;
            push_range_end(&mut items, b);
            items.push(b'-');
            push_range_end(&mut items, e);
            continue;
        }
        match b {
            b']' => rbracket = true,
            b'-' => dash = true,
            b'^' => caret = true,
            b'[' if s.get(i).is_some_and(|n| b":.=".contains(n)) => {
                items.extend_from_slice(b"[.[.]")
            }
            _ => items.push(b),
        }
    }
    if !negate && items.is_empty() && !rbracket && !dash && caret {
        out.extend_from_slice(b"\\^");
        return i;
    }
    out.push(b'[');
    if negate {
        out.push(b'^');
    }
    if rbracket {
        out.push(b']');
    }
    out.extend_from_slice(&items);
    if caret {
        if items.is_empty() && !rbracket && !negate {
            out.extend_from_slice(b"[.^.]");
        } else {
            out.push(b'^');
        }
    }
    if dash {
        out.push(b'-');
    }
    out.push(b']');
    i
}

fn push_range_end(items: &mut Vec<u8>, b: u8) {
    match b {
        b']' | b'-' | b'^' => {
            items.extend_from_slice(b"[.");
            items.push(b);
            items.extend_from_slice(b".]");
        }
        _ => items.push(b),
    }
}

/// Compiles an awk regex, reading characters as UTF-8 when `utf8` and as bytes otherwise;
/// `Err` carries the engine's message.
pub fn compile(src: &[u8], utf8: bool) -> Result<Regex, String> {
    let t = translate(src);
    Regex::new(
        &t,
        Options {
            flavor: Flavor::Extended,
            icase: false,
            multiline: false,
            sed_escapes: false,
            bytes: !utf8,
        },
    )
    .map_err(|e| e.message().to_string())
}

/// Compiled regexes by mode and source text: one map per mode (`[bytes, utf8]`), so the same
/// text compiled for the other locale is never reused, and lookups need no key allocation.
#[derive(Default)]
pub struct Cache {
    maps: [HashMap<Vec<u8>, Rc<Regex>>; 2],
}

impl Cache {
    pub fn get(&mut self, src: &[u8], utf8: bool) -> Result<Rc<Regex>, String> {
        let map = &mut self.maps[utf8 as usize];
        if let Some(r) = map.get(src) {
            return Ok(r.clone());
        }
        let r = Rc::new(compile(src, utf8)?);
        if map.len() >= CACHE_MAX {
            map.clear();
        }
        map.insert(src.to_vec(), r.clone());
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translation() {
        assert_eq!(translate(b"a\\/b\\.c"), b"a\\/b\\.c".to_vec());
        assert_eq!(translate(b"\\t\\y"), b"\t\\b");
        assert_eq!(translate(b"[\\]a]"), b"[]a]");
        assert_eq!(translate(b"[a\\-z]"), b"[az-]");
        assert_eq!(translate(b"[^\\\\n]"), b"[^\\n]");
        let r = compile(b"@(samp|code|file)\\{", true).unwrap();
        assert!(r.is_match(b"@code{").unwrap());
        assert!(compile(b"[[:alpha:]]+", true)
            .unwrap()
            .is_match(b"ab")
            .unwrap());
    }

    /// The span of the first match, in bytes.
    fn span(re: &[u8], utf8: bool, hay: &[u8]) -> Option<(usize, usize)> {
        let r = compile(re, utf8).unwrap();
        r.find_at(hay, 0).unwrap().and_then(|c| c[0])
    }

    #[test]
    fn c_locale_reads_bytes() {
        let e = "é".as_bytes();
        assert_eq!(span(b".", true, e), Some((0, 2)));
        assert_eq!(span(b".", false, e), Some((0, 1)));
        assert_eq!(span(b"[^a]", false, e), Some((0, 1)));
        assert_eq!(span("[é]".as_bytes(), false, e), Some((0, 1)));
        assert_eq!(span(b"[[:alpha:]]", false, e), None);
        assert_eq!(span(b"a.b", false, b"a\xe9b"), Some((0, 3)));
        assert_eq!(span(b"a.b", true, b"a\xe9b"), None);
        assert_eq!(span(b"[\\300-\\377]", false, b"a\xe9"), Some((1, 2)));
        // The backtracking (leftmost-longest) pass reads bytes too.
        assert_eq!(span(b"(x|.)+", false, e), Some((0, 2)));
        assert_eq!(span(b"(x|.)(.)", false, e), Some((0, 2)));
        assert_eq!(span(b"\\y", false, "éa".as_bytes()), Some((2, 2)));
        assert_eq!(span(b"\\y", true, "éa".as_bytes()), Some((0, 0)));
    }
}
