//! The errors CPython's tokenizer reports, found by scanning the source as that tokenizer
//! does: malformed numbers (`1st`, `0755`, `0b12`), characters that cannot start or continue
//! a name, unterminated strings and f-strings, brackets that do not match, and indentation
//! that is inconsistent (tabs against spaces) or dedents to no outer level.
//!
//! CPython's tokenizer runs ahead of its parser and stops at the first such error, and after
//! a parser error it scans the rest of the file for one, which then wins; so the first
//! tokenizer error in the file is the error reported. The scan runs only once Ruff's parser
//! has refused the source: it words the error, it never rejects a program the parser accepts.

use super::error::SyntaxErr;
use crate::python::code::Source;

/// What the scan found.
pub enum Found {
    /// A tokenizer error: reported as it is.
    Error(SyntaxErr),
    /// A bracket still open at the end of the file (its byte offset and the error): CPython
    /// reports it when the parser's own error lies at or after it.
    Unclosed(u32, SyntaxErr),
}

/// Scans `src` for the first tokenizer error.
pub fn check(src: &Source) -> Option<Found> {
    let mut s = Scanner {
        src,
        b: src.text.as_bytes(),
        i: 0,
        brackets: Vec::new(),
        indents: vec![(0, 0)],
    };
    match s.run() {
        Err(e) => Some(Found::Error(*e)),
        Ok(()) => s.brackets.first().map(|&(open, at)| {
            let mut e = SyntaxErr::point(
                src,
                "SyntaxError",
                format!("'{}' was never closed", open as char),
                at as u32,
            );
            e.end_offset = 0;
            Found::Unclosed(at as u32, e)
        }),
    }
}

struct Scanner<'a> {
    src: &'a Source,
    b: &'a [u8],
    i: usize,
    brackets: Vec<(u8, usize)>,
    /// The indentation stack: (columns with tabs to multiples of 8, columns with tabs as 1).
    indents: Vec<(usize, usize)>,
}

/// A tokenizer error is rare and large: it travels boxed.
type Scan<T> = Result<T, Box<SyntaxErr>>;

fn is_name_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

/// Whether Python's `str.isprintable` holds for a character the tokenizer refuses: control
/// and format characters, separators and unassigned space characters are not printable.
fn printable(c: char) -> bool {
    !(c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(c as u32, 0xad | 0x61c | 0x180e | 0x200b..=0x200f | 0x202a..=0x202e
            | 0x2060..=0x2064 | 0x2066..=0x206f | 0xfeff | 0xfff9..=0xfffb
            | 0xe000..=0xf8ff))
}

impl Scanner<'_> {
    fn peek(&self, k: usize) -> u8 {
        self.b.get(self.i + k).copied().unwrap_or(0)
    }

    fn err(&self, msg: impl Into<String>, at: usize) -> Box<SyntaxErr> {
        Box::new(SyntaxErr::point(
            self.src,
            "SyntaxError",
            msg.into(),
            at as u32,
        ))
    }

    /// An error whose offset is CPython's tokenizer cursor: the count of characters before
    /// byte `cur` on its line (so the caret sits on the character before the cursor).
    fn err_cursor(&self, msg: impl Into<String>, cur: usize) -> Box<SyntaxErr> {
        let mut e = self.err(msg, cur);
        e.offset -= 1;
        e.end_offset = e.offset;
        e
    }

    fn line_at(&self, at: usize) -> usize {
        self.src.line_of(at as u32)
    }

    fn run(&mut self) -> Scan<()> {
        let mut line_start = true;
        while self.i < self.b.len() {
            if line_start && self.brackets.is_empty() {
                self.indentation()?;
            }
            line_start = false;
            let c = self.b[self.i];
            match c {
                b'\n' => {
                    self.i += 1;
                    line_start = true;
                }
                b' ' | b'\t' | b'\x0c' | b'\r' => self.i += 1,
                b'#' => {
                    while self.i < self.b.len() && self.b[self.i] != b'\n' {
                        self.i += 1;
                    }
                }
                b'\\' => {
                    let next = self.peek(1);
                    if next == b'\n' || (next == b'\r' && self.peek(2) == b'\n') {
                        self.i += if next == b'\n' { 2 } else { 3 };
                    } else {
                        let mut e = self.err(
                            "unexpected character after line continuation character",
                            self.i + 1,
                        );
                        e.end_offset = 0;
                        return Err(e);
                    }
                }
                _ => self.token()?,
            }
        }
        Ok(())
    }

    /// One token that is not whitespace, a comment or a newline.
    fn token(&mut self) -> Scan<()> {
        let c = self.b[self.i];
        if c == b'\'' || c == b'"' {
            return self.string(self.i, self.i);
        }
        if c.is_ascii_digit() || (c == b'.' && self.peek(1).is_ascii_digit()) {
            return self.number();
        }
        if is_name_byte(c) {
            return self.name();
        }
        match c {
            b'(' | b'[' | b'{' => {
                self.brackets.push((c, self.i));
                self.i += 1;
            }
            b')' | b']' | b'}' => {
                let want = match c {
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                match self.brackets.pop() {
                    None => return Err(self.err(format!("unmatched '{}'", c as char), self.i)),
                    Some((open, at)) if open != want => {
                        let (ol, cl) = (self.line_at(at), self.line_at(self.i));
                        let msg = if ol == cl {
                            format!(
                                "closing parenthesis '{}' does not match opening parenthesis '{}'",
                                c as char, open as char
                            )
                        } else {
                            format!(
                                "closing parenthesis '{}' does not match opening parenthesis '{}' on line {ol}",
                                c as char, open as char
                            )
                        };
                        return Err(self.err(msg, self.i));
                    }
                    _ => {}
                }
                self.i += 1;
            }
            c if c < 0x20 || c == 0x7f => {
                return Err(self.err(
                    format!("invalid non-printable character U+{:04X}", c),
                    self.i,
                ));
            }
            // Operators, and `$ ? \``, which the parser refuses as "invalid syntax".
            _ => self.i += 1,
        }
        Ok(())
    }

    /// A name, a string prefix, or a character that can be neither.
    fn name(&mut self) -> Scan<()> {
        let start = self.i;
        while self.i < self.b.len() && is_name_byte(self.b[self.i]) {
            self.i += 1;
        }
        let word = &self.src.text[start..self.i];
        let q = self.peek(0);
        if (q == b'\'' || q == b'"') && is_prefix(word) {
            let f = word.bytes().any(|c| matches!(c, b'f' | b'F' | b't' | b'T'));
            let raw = word.bytes().any(|c| matches!(c, b'r' | b'R'));
            let quote_at = self.i;
            return if f {
                self.fstring(start, quote_at, raw, word)
            } else {
                self.string(start, quote_at)
            };
        }
        // Names with characters outside ASCII: each must be a Unicode identifier character.
        if !word.is_ascii() {
            for (k, ch) in word.char_indices() {
                let ok = if k == 0 {
                    ch == '_' || unicode_ident::is_xid_start(ch)
                } else {
                    unicode_ident::is_xid_continue(ch)
                };
                if !ok {
                    let msg = if printable(ch) {
                        format!("invalid character '{ch}' (U+{:04X})", ch as u32)
                    } else {
                        format!("invalid non-printable character U+{:04X}", ch as u32)
                    };
                    return Err(self.err(msg, start + k));
                }
            }
        }
        Ok(())
    }

    /// A plain (not f-/t-) string starting at `start` (its prefix) whose quote is at `q`.
    fn string(&mut self, start: usize, q: usize) -> Scan<()> {
        let quote = self.b[q];
        let triple = self.b.get(q + 1) == Some(&quote) && self.b.get(q + 2) == Some(&quote);
        self.i = q + if triple { 3 } else { 1 };
        loop {
            let Some(&c) = self.b.get(self.i) else {
                return Err(self.unterminated(start, triple, ""));
            };
            if c == b'\\' {
                self.i += 2;
                continue;
            }
            if c == quote && self.closes(quote, triple) {
                return Ok(());
            }
            if c == b'\n' && !triple {
                return Err(self.unterminated(start, false, ""));
            }
            self.i += 1;
        }
    }

    /// At a `quote` inside a string: whether it closes the string (a triple-quoted one needs
    /// all three); if so the cursor moves past the closing quotes.
    fn closes(&mut self, quote: u8, triple: bool) -> bool {
        let len = if !triple {
            1
        } else if self.peek(1) == quote && self.peek(2) == quote {
            3
        } else {
            return false;
        };
        self.i += len;
        true
    }

    fn unterminated(&self, start: usize, triple: bool, kind: &str) -> Box<SyntaxErr> {
        let detected = if triple {
            // CPython counts the lines it read: the last line holding any text.
            let t = self.src.text.as_bytes();
            let newlines = t.iter().filter(|&&c| c == b'\n').count();
            if t.last() == Some(&b'\n') {
                newlines
            } else {
                newlines + 1
            }
        } else {
            self.line_at(self.i.min(self.b.len().saturating_sub(1)))
        };
        let what = if triple {
            format!("triple-quoted {kind}string literal")
        } else {
            format!("{kind}string literal")
        };
        self.err(
            format!("unterminated {what} (detected at line {detected})"),
            start,
        )
    }

    /// An f-string or t-string: literal text, and replacement fields scanned as code.
    fn fstring(&mut self, start: usize, q: usize, raw: bool, prefix: &str) -> Scan<()> {
        let kind = if prefix.bytes().any(|c| matches!(c, b't' | b'T')) {
            "t-"
        } else {
            "f-"
        };
        let quote = self.b[q];
        let triple = self.b.get(q + 1) == Some(&quote) && self.b.get(q + 2) == Some(&quote);
        self.i = q + if triple { 3 } else { 1 };
        loop {
            let Some(&c) = self.b.get(self.i) else {
                return Err(self.unterminated(start, triple, kind));
            };
            match c {
                b'\\' if !raw => self.i += 2,
                b'\\' => self.i += 1,
                b'\n' if !triple => return Err(self.unterminated(start, false, kind)),
                c if c == quote => {
                    if self.closes(quote, triple) {
                        return Ok(());
                    }
                    self.i += 1;
                }
                b'{' if self.peek(1) == b'{' => self.i += 2,
                b'}' if self.peek(1) == b'}' => self.i += 2,
                b'}' => {
                    return Err(self.err(
                        format!("{}string: single '}}' is not allowed", kind),
                        self.i,
                    ));
                }
                b'{' => {
                    self.i += 1;
                    self.replacement_field(quote, triple, kind)?;
                }
                _ => self.i += 1,
            }
        }
    }

    /// The code of a replacement field, up to its closing `}` (the cursor is past the `{`).
    fn replacement_field(&mut self, quote: u8, triple: bool, kind: &str) -> Scan<()> {
        let depth = self.brackets.len();
        loop {
            let Some(&c) = self.b.get(self.i) else {
                return Ok(());
            };
            match c {
                b' ' | b'\t' | b'\r' | b'\n' | b'\x0c' => self.i += 1,
                b'}' if self.brackets.len() == depth => {
                    self.i += 1;
                    return Ok(());
                }
                // The format spec: literal text with nested fields, up to the closing `}`.
                b':' if self.brackets.len() == depth => {
                    self.i += 1;
                    loop {
                        match self.b.get(self.i) {
                            None => return Ok(()),
                            Some(b'{') => {
                                self.i += 1;
                                self.replacement_field(quote, triple, kind)?;
                            }
                            Some(b'}') => {
                                self.i += 1;
                                return Ok(());
                            }
                            Some(&c) if c == quote || (c == b'\n' && !triple) => return Ok(()),
                            Some(_) => self.i += 1,
                        }
                    }
                }
                c if c == quote => {
                    // A string reusing the f-string's quote, if it closes on this line;
                    // otherwise the quote ends the f-string and the field is left open.
                    let save = (self.i, self.brackets.len());
                    if !triple && self.string(self.i, self.i).is_err() {
                        self.i = save.0;
                        self.brackets.truncate(save.1);
                        return Err(self.err(format!("{kind}string: expecting '}}'"), self.i));
                    }
                    if triple {
                        self.string(self.i, self.i)?;
                    }
                }
                _ => self.token()?,
            }
        }
    }

    /// A number, checked as CPython's tokenizer checks it.
    fn number(&mut self) -> Scan<()> {
        let start = self.i;
        let c = self.b[self.i];
        if c == b'.' {
            self.i += 1;
            return self.fraction();
        }
        if c == b'0' {
            self.i += 1;
            let n = self.peek(0);
            match n {
                b'x' | b'X' => return self.radix(16, "hexadecimal"),
                b'o' | b'O' => return self.radix(8, "octal"),
                b'b' | b'B' => return self.radix(2, "binary"),
                _ => {}
            }
            // Zeros (maybe with underscores), then perhaps an old-style octal.
            loop {
                if self.peek(0) == b'_' {
                    self.i += 1;
                    if !self.peek(0).is_ascii_digit() {
                        return Err(self.err_cursor("invalid decimal literal", self.i));
                    }
                }
                if self.peek(0) != b'0' {
                    break;
                }
                self.i += 1;
            }
            let zeros_end = self.i + 1;
            let nonzero = self.peek(0).is_ascii_digit();
            if nonzero {
                self.decimal_tail()?;
            }
            return match self.peek(0) {
                b'.' => {
                    self.i += 1;
                    self.fraction()
                }
                b'e' | b'E' => self.exponent(),
                b'j' | b'J' => self.imaginary(),
                _ if nonzero => {
                    let mut e = self.err(
                        "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
                        start,
                    );
                    let ls = self.src.line_start(self.line_at(start)) as usize;
                    e.end_offset = (zeros_end - ls) as i64;
                    Err(e)
                }
                _ => self.end_of_number("decimal"),
            };
        }
        self.decimal_tail()?;
        match self.peek(0) {
            b'.' => {
                self.i += 1;
                self.fraction()
            }
            b'e' | b'E' => self.exponent(),
            b'j' | b'J' => self.imaginary(),
            _ => self.end_of_number("decimal"),
        }
    }

    /// Digits with single underscores between them; the cursor is at the first digit.
    fn decimal_tail(&mut self) -> Scan<()> {
        loop {
            while self.peek(0).is_ascii_digit() {
                self.i += 1;
            }
            if self.peek(0) != b'_' {
                return Ok(());
            }
            self.i += 1;
            if !self.peek(0).is_ascii_digit() {
                return Err(self.err_cursor("invalid decimal literal", self.i));
            }
        }
    }

    /// After the `.` of a float.
    fn fraction(&mut self) -> Scan<()> {
        if self.peek(0).is_ascii_digit() {
            self.decimal_tail()?;
        }
        match self.peek(0) {
            b'e' | b'E' => self.exponent(),
            b'j' | b'J' => self.imaginary(),
            _ => self.end_of_number("decimal"),
        }
    }

    /// At the `e` of an exponent.
    fn exponent(&mut self) -> Scan<()> {
        let e_at = self.i;
        self.i += 1;
        match self.peek(0) {
            b'+' | b'-' => {
                self.i += 1;
                if !self.peek(0).is_ascii_digit() {
                    return Err(self.err_cursor("invalid decimal literal", self.i));
                }
            }
            c if !c.is_ascii_digit() => {
                // `1else`: the `e` may start a keyword; otherwise the number is malformed.
                self.i = e_at;
                return self.end_of_number("decimal");
            }
            _ => {}
        }
        self.decimal_tail()?;
        match self.peek(0) {
            b'j' | b'J' => self.imaginary(),
            _ => self.end_of_number("decimal"),
        }
    }

    fn imaginary(&mut self) -> Scan<()> {
        self.i += 1;
        self.end_of_number("imaginary")
    }

    /// `0x`, `0o`, `0b` literals; the cursor is at the letter.
    fn radix(&mut self, base: u32, kind: &str) -> Scan<()> {
        self.i += 1;
        loop {
            if self.peek(0) == b'_' {
                self.i += 1;
            }
            let c = self.peek(0);
            if !(c as char).is_digit(base) {
                if base != 16 && c.is_ascii_digit() {
                    self.i += 1;
                    return Err(self.err_cursor(
                        format!("invalid digit '{}' in {kind} literal", c as char),
                        self.i,
                    ));
                }
                return Err(self.err_cursor(format!("invalid {kind} literal"), self.i));
            }
            while (self.peek(0) as char).is_digit(base) {
                self.i += 1;
            }
            if self.peek(0) != b'_' {
                break;
            }
        }
        let c = self.peek(0);
        if base != 16 && c.is_ascii_digit() {
            self.i += 1;
            return Err(self.err_cursor(
                format!("invalid digit '{}' in {kind} literal", c as char),
                self.i,
            ));
        }
        self.end_of_number(kind)
    }

    /// A number may be followed by a keyword (`1if x else 2`, a warning in CPython) but not
    /// by any other name character.
    fn end_of_number(&mut self, kind: &str) -> Scan<()> {
        let rest = &self.b[self.i..];
        let keyword = ["and", "else", "for", "if", "in", "is", "or", "not"]
            .iter()
            .any(|k| rest.starts_with(k.as_bytes()));
        let c = self.peek(0);
        if !keyword && c < 0x80 && is_name_byte(c) {
            return Err(self.err_cursor(format!("invalid {kind} literal"), self.i));
        }
        Ok(())
    }

    /// The indentation of a line, at its start (outside brackets).
    fn indentation(&mut self) -> Scan<()> {
        let (mut col, mut alt) = (0usize, 0usize);
        let start = self.i;
        while let Some(&c) = self.b.get(self.i) {
            match c {
                b' ' => {
                    col += 1;
                    alt += 1;
                }
                b'\t' => {
                    col = (col / 8 + 1) * 8;
                    alt += 1;
                }
                b'\x0c' => {
                    col = 0;
                    alt = 0;
                }
                _ => break,
            }
            self.i += 1;
        }
        // Blank lines and comment-only lines do not count.
        if matches!(self.peek(0), b'#' | b'\n' | b'\r' | 0) || self.i >= self.b.len() {
            return Ok(());
        }
        let &(top, top_alt) = self.indents.last().unwrap_or(&(0, 0));
        let tab_error = |s: &Scanner| {
            let mut e = SyntaxErr::point(
                s.src,
                "TabError",
                "inconsistent use of tabs and spaces in indentation".into(),
                start as u32,
            );
            e.end_offset = 0;
            Box::new(e)
        };
        if col == top {
            if alt != top_alt {
                return Err(tab_error(self));
            }
        } else if col > top {
            if alt <= top_alt {
                return Err(tab_error(self));
            }
            self.indents.push((col, alt));
        } else {
            while self.indents.len() > 1 && col < self.indents.last().map_or(0, |t| t.0) {
                self.indents.pop();
            }
            let &(now, now_alt) = self.indents.last().unwrap_or(&(0, 0));
            if col != now {
                let line = self.line_at(start);
                let text = self.src.line_text(line).unwrap_or("");
                let mut e = SyntaxErr::point(
                    self.src,
                    "IndentationError",
                    "unindent does not match any outer indentation level".into(),
                    start as u32,
                );
                e.offset = text.chars().count() as i64 + 1;
                e.end_offset = -1;
                return Err(Box::new(e));
            }
            if alt != now_alt {
                return Err(tab_error(self));
            }
        }
        Ok(())
    }
}

/// Whether `word` is a string prefix CPython accepts (`rb`, `Rf`, `t`, ...).
fn is_prefix(word: &str) -> bool {
    let (mut b, mut r, mut u, mut f, mut t) = (false, false, false, false, false);
    for c in word.bytes() {
        match c.to_ascii_lowercase() {
            b'b' if !(b || u || f || t) => b = true,
            b'u' if !(b || u || r || f || t) => u = true,
            b'r' if !(r || u) => r = true,
            b'f' if !(f || b || u || t) => f = true,
            b't' if !(t || b || u || f) => t = true,
            _ => return false,
        }
    }
    !word.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(text: &str) -> Option<String> {
        let src = Source::new("main.py", text);
        check(&src).map(|f| {
            let e = match f {
                Found::Error(e) | Found::Unclosed(_, e) => e,
            };
            format!(
                "{}: {} @{}:{}-{}",
                e.class, e.msg, e.lineno, e.offset, e.end_offset
            )
        })
    }

    #[test]
    fn malformed_numbers_are_placed_where_cpython_places_them() {
        assert_eq!(
            first("x = 1st\n").unwrap(),
            "SyntaxError: invalid decimal literal @1:5-5"
        );
        assert_eq!(
            first("x = 0x1g\n").unwrap(),
            "SyntaxError: invalid hexadecimal literal @1:7-7"
        );
        assert_eq!(
            first("x = 0b102\n").unwrap(),
            "SyntaxError: invalid digit '2' in binary literal @1:9-9"
        );
        assert_eq!(
            first("x = 5j3\n").unwrap(),
            "SyntaxError: invalid imaginary literal @1:6-6"
        );
        assert!(first("x = 0755\n").unwrap().ends_with("@1:5-6"));
        assert!(first("x = 0_7\n").unwrap().ends_with("@1:5-7"));
        for ok in [
            "x = 00\n",
            "x = 1.e5\n",
            "x = 09.5\n",
            "x = 1if y else 2\n",
            "x = 1_000.5e-3j\n",
        ] {
            assert_eq!(first(ok), None, "{ok}");
        }
    }

    #[test]
    fn strings_characters_and_indentation() {
        assert_eq!(
            first("s = f'abc {x}\n").unwrap(),
            "SyntaxError: unterminated f-string literal (detected at line 1) @1:5-5"
        );
        assert_eq!(
            first("a = b \u{d7} 2\n").unwrap(),
            "SyntaxError: invalid character '\u{d7}' (U+00D7) @1:7-7"
        );
        assert_eq!(first("x = f\"{x[\"a\"]}\"\n"), None);
        assert_eq!(first("x = f\"{\"a\"}\" + rb'\\d'\n"), None);
        assert_eq!(
            first("if True:\n\tx = 1\n        y = 2\n").unwrap(),
            "TabError: inconsistent use of tabs and spaces in indentation @3:1-0"
        );
        assert_eq!(
            first("print(x\n").unwrap(),
            "SyntaxError: '(' was never closed @1:6-0"
        );
    }
}
