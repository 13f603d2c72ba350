//! What `file` recognises inside text, as file 5.44 was observed to: JSON and newline-delimited
//! JSON, CSV (the built-in checks that run before any magic), and the text magic that names a
//! language or format (HTML, XML, diffs, C, Python, makefiles). Each rule is the narrowest
//! one that reproduces the observed classifications; anything else stays plain text.

/// `JSON text data`, `New Line Delimited JSON text data`, or `None`. Top-level values must be
/// objects or arrays; libmagic accepts a trailing comma and leading zeros, and refuses
/// unknown escapes and single quotes.
pub fn json(d: &[u8]) -> Option<&'static str> {
    let mut p = Json { d, i: 0, depth: 0 };
    let mut values = 0;
    loop {
        p.ws();
        if p.i == d.len() {
            break;
        }
        if !matches!(d[p.i], b'{' | b'[') || !p.value() {
            return None;
        }
        values += 1;
    }
    // Several values are "newline delimited" even when they share a line.
    match values {
        0 => None,
        1 => Some("JSON text data"),
        _ => Some("New Line Delimited JSON text data"),
    }
}

struct Json<'a> {
    d: &'a [u8],
    i: usize,
    depth: usize,
}

impl Json<'_> {
    fn ws(&mut self) {
        while self.i < self.d.len() && matches!(self.d[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.d.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn value(&mut self) -> bool {
        self.ws();
        // file 5.44 accepts 251 levels of nesting and no more (observed).
        if self.depth > 250 {
            return false;
        }
        match self.d.get(self.i) {
            Some(b'{') => {
                self.i += 1;
                self.depth += 1;
                let ok = self.members(b'}', true);
                self.depth -= 1;
                ok
            }
            Some(b'[') => {
                self.i += 1;
                self.depth += 1;
                let ok = self.members(b']', false);
                self.depth -= 1;
                ok
            }
            Some(b'"') => self.string(),
            Some(b't') => self.word(b"true"),
            Some(b'f') => self.word(b"false"),
            Some(b'n') => self.word(b"null"),
            Some(c) if c.is_ascii_digit() || matches!(c, b'-' | b'.') => self.number(),
            _ => false,
        }
    }

    /// The members of an object (`key: value`) or array up to `close`; a comma before the
    /// close is accepted.
    fn members(&mut self, close: u8, object: bool) -> bool {
        loop {
            self.ws();
            if self.eat(close) {
                return true;
            }
            if object {
                if !self.string() {
                    return false;
                }
                self.ws();
                if !self.eat(b':') {
                    return false;
                }
            }
            if !self.value() {
                return false;
            }
            self.ws();
            if self.eat(close) {
                return true;
            }
            if !self.eat(b',') {
                return false;
            }
        }
    }

    fn string(&mut self) -> bool {
        if !self.eat(b'"') {
            return false;
        }
        while let Some(&c) = self.d.get(self.i) {
            self.i += 1;
            match c {
                b'"' => return true,
                b'\\' => {
                    let Some(&e) = self.d.get(self.i) else {
                        return false;
                    };
                    self.i += 1;
                    match e {
                        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => {}
                        b'u' => {
                            let hex = self.d.get(self.i..self.i + 4);
                            if !hex.is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)) {
                                return false;
                            }
                            self.i += 4;
                        }
                        _ => return false,
                    }
                }
                _ => {}
            }
        }
        false
    }

    fn word(&mut self, w: &[u8]) -> bool {
        if self.d[self.i..].starts_with(w) {
            self.i += w.len();
            true
        } else {
            false
        }
    }

    fn number(&mut self) -> bool {
        let start = self.i;
        self.eat(b'-');
        let mut digits = 0;
        while self.d.get(self.i).is_some_and(u8::is_ascii_digit) {
            self.i += 1;
            digits += 1;
        }
        if self.eat(b'.') {
            while self.d.get(self.i).is_some_and(u8::is_ascii_digit) {
                self.i += 1;
                digits += 1;
            }
        }
        if digits > 0 && matches!(self.d.get(self.i), Some(b'e' | b'E')) {
            self.i += 1;
            if !self.eat(b'+') {
                self.eat(b'-');
            }
            let at = self.i;
            while self.d.get(self.i).is_some_and(u8::is_ascii_digit) {
                self.i += 1;
            }
            if self.i == at {
                return false;
            }
        }
        digits > 0 && self.i > start
    }
}

/// libmagic's CSV test: every line (up to the tenth) has the same, non-zero number of
/// commas outside double quotes, and there are at least three lines.
pub fn csv(d: &[u8]) -> bool {
    const LINES: usize = 10;
    let (mut commas, mut first, mut lines) = (0usize, 0usize, 0usize);
    let mut i = 0;
    while i < d.len() {
        let c = d[i];
        i += 1;
        match c {
            b'"' => i = after_quoted(d, i),
            b',' => commas += 1,
            b'\n' => {
                lines += 1;
                if lines == LINES {
                    return first != 0 && first == commas;
                }
                if first == 0 {
                    if commas == 0 {
                        return false;
                    }
                    first = commas;
                } else if first != commas {
                    return false;
                }
                commas = 0;
            }
            _ => {}
        }
    }
    first != 0 && lines > 2
}

/// Past a quoted CSV field opened just before `i` (`""` is an escaped quote).
fn after_quoted(d: &[u8], mut i: usize) -> usize {
    let mut quote = false;
    while i < d.len() {
        let c = d[i];
        i += 1;
        if c != b'"' {
            if quote {
                return i - 1;
            }
            continue;
        }
        quote = !quote;
    }
    d.len()
}

/// How far into a file text magic searches.
const SEARCH: usize = 4096;

fn lines(d: &[u8]) -> impl Iterator<Item = &[u8]> {
    d.split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
}

fn find_ci(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle))
}

/// A language or format named by text magic: (label, whether libmagic calls it executable).
/// The caller appends the encoding: `C source, ASCII text`.
pub fn magic(d: &[u8]) -> Option<(String, bool)> {
    let head = &d[..d.len().min(SEARCH)];
    if let Some(rest) = head.strip_prefix(b"<?xml version=\"") {
        let end = rest.iter().position(|&b| b == b'"')?;
        let version = String::from_utf8_lossy(&rest[..end]);
        return Some((format!("XML {version} document"), false));
    }
    const HTML: [&[u8]; 8] = [
        b"<!doctype html",
        b"<html",
        b"<head",
        b"<title",
        b"<script",
        b"<style",
        b"<table",
        b"<a href=",
    ];
    if HTML.iter().any(|t| find_ci(head, t)) {
        return Some(("HTML document".into(), false));
    }
    if let Some(kind) = diff(head) {
        return Some((kind.into(), false));
    }
    if lines(head).any(|l| {
        l.starts_with(b"#include <") || l.starts_with(b"#include \"") || l.starts_with(b"#pragma ")
    }) {
        let cpp = lines(head).any(class_brace);
        return Some((if cpp { "C++ source" } else { "C source" }.into(), false));
    }
    if python(head) {
        return Some(("Python script".into(), true));
    }
    if lines(head).any(|l| l.starts_with(b"all:")) {
        return Some(("makefile script".into(), false));
    }
    None
}

/// `class Name {` opening a line: what makes C text C++.
fn class_brace(l: &[u8]) -> bool {
    let Some(rest) = l.strip_prefix(b"class ") else {
        return false;
    };
    let rest = rest.trim_ascii_start();
    let name = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    name > 0 && rest[name..].trim_ascii_start().starts_with(b"{")
}

fn diff(d: &[u8]) -> Option<&'static str> {
    let ls: Vec<&[u8]> = lines(d).collect();
    let unified = ls
        .windows(3)
        .any(|w| w[0].starts_with(b"--- ") && w[1].starts_with(b"+++ ") && w[2].starts_with(b"@@"));
    if unified {
        return Some("unified diff output");
    }
    if ls
        .windows(2)
        .any(|w| w[0].starts_with(b"*** ") && w[1].starts_with(b"--- "))
    {
        return Some("context diff output");
    }
    if d.starts_with(b"diff ") {
        return Some("diff output");
    }
    if d.starts_with(b"Index:") {
        return Some("RCS/CVS diff output");
    }
    None
}

fn ident_len(s: &[u8]) -> usize {
    s.iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count()
}

/// The Python lines libmagic recognises: `from a.b import c`, `class Name(...):` (optionally
/// `pass`), `def name(args):` with plain argument names, `def __init__(self`, and `try:`
/// with a later `except ...:` or `finally:`.
fn python(d: &[u8]) -> bool {
    let mut after_try = false;
    for l in lines(d) {
        if let Some(rest) = l.strip_prefix(b"from") {
            let rest = rest.trim_ascii_start();
            let n = rest
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.'))
                .count();
            if n > 0
                && rest.len() > n
                && rest[n].is_ascii_whitespace()
                && rest[n..].trim_ascii_start().starts_with(b"import")
            {
                return true;
            }
        }
        if let Some(rest) = l.strip_prefix(b"class") {
            if rest.first().is_some_and(u8::is_ascii_whitespace)
                && python_class(rest.trim_ascii_start())
            {
                return true;
            }
        }
        let indent = l.iter().take_while(|b| b.is_ascii_whitespace()).count();
        if indent <= 50 && python_def(&l[indent..]) {
            return true;
        }
        if after_try {
            let t = l.trim_ascii_start();
            if (t.starts_with(b"except") && t.ends_with(b":")) || t.starts_with(b"finally:") {
                return true;
            }
        }
        if l.trim_ascii().starts_with(b"try:") {
            after_try = true;
        }
    }
    false
}

fn python_class(rest: &[u8]) -> bool {
    let n = ident_len(rest);
    if n == 0 {
        return false;
    }
    let mut rest = &rest[n..];
    if rest.first() == Some(&b'(') {
        let Some(close) = rest.iter().rposition(|&b| b == b')') else {
            return false;
        };
        rest = &rest[close + 1..];
    }
    let Some(after) = rest.trim_ascii_start().strip_prefix(b":") else {
        return false;
    };
    after.is_empty() || after.trim_ascii_start() == b"pass"
}

fn python_def(l: &[u8]) -> bool {
    let Some(rest) = l.strip_prefix(b"def") else {
        return false;
    };
    if !rest.first().is_some_and(u8::is_ascii_whitespace) {
        return false;
    }
    let rest = rest.trim_ascii_start();
    if rest.starts_with(b"__init__") && find_ci(&rest[..rest.len().min(72)], b"self") {
        return true;
    }
    let n = ident_len(rest);
    if n == 0 {
        return false;
    }
    let Some(args) = rest[n..].trim_ascii_start().strip_prefix(b"(") else {
        return false;
    };
    let a = args
        .iter()
        .take_while(|b| {
            b.is_ascii_alphanumeric() || matches!(b, b'_' | b',' | b'*') || b.is_ascii_whitespace()
        })
        .count();
    let Some(after) = args[a..].strip_prefix(b")") else {
        return false;
    };
    after.trim_ascii_start().starts_with(b":")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_rules() {
        for (t, want) in [
            (&b"{}\n"[..], Some("JSON text data")),
            (b"[1, 2,]", Some("JSON text data")),
            (b"{\"a\":01}", Some("JSON text data")),
            (
                b"{\"a\":1}\n{\"b\":2}",
                Some("New Line Delimited JSON text data"),
            ),
            (b"1\n", None),
            (b"{\"a\":\"\\x\"}", None),
            (b"{a:1}", None),
            (b"{\"a\":1} x", None),
            (b"[1 2]", None),
        ] {
            assert_eq!(json(t), want, "{}", String::from_utf8_lossy(t));
        }
    }

    #[test]
    fn csv_rules() {
        assert!(csv(b"a,b\n1,2\n3,4\n"));
        assert!(csv(b"\"x,y\",b\n1,2\n3,4\n"));
        assert!(!csv(b"a,b\n1,2\n"));
        assert!(!csv(b"a,b\n1,2\n3\n"));
        assert!(!csv(b"a;b\n1;2\n3;4\n"));
    }

    #[test]
    fn text_magic() {
        let m = |t: &[u8]| magic(t).map(|(s, _)| s);
        assert_eq!(
            m(b"<?xml version=\"1.0\"?>\n<a/>"),
            Some("XML 1.0 document".into())
        );
        assert_eq!(m(b"x <HTML>\n"), Some("HTML document".into()));
        assert_eq!(
            m(b"x\n--- a\n+++ b\n@@ -1 +1 @@\n"),
            Some("unified diff output".into())
        );
        assert_eq!(
            m(b"#include <iostream>\nclass A {};\n"),
            Some("C++ source".into())
        );
        assert_eq!(m(b"class A(B):\n    pass\n"), Some("Python script".into()));
        assert_eq!(m(b"def f(a=1):\n"), None);
        assert_eq!(m(b"import os\n"), None);
    }
}
