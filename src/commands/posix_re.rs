//! POSIX regular expressions (BRE and ERE, with the GNU extensions grep and sed accept) for
//! `grep` and `sed`.
//!
//! A pattern is parsed into a small AST. From it we emit `regex`-crate syntax for the fast path
//! (does a line match, where does the leftmost match start) and compile a program for a bounded
//! backtracking matcher, used
//! - when the pattern has back-references (`\1`), where the `regex` crate cannot help: the
//!   search is exhaustive (POSIX longest) and counts steps; past [`STEP_BUDGET`] steps per
//!   search it fails with [`ReError::TooComplex`] instead of running for exponential time;
//! - to turn the `regex` crate's leftmost-*first* match into POSIX leftmost-*longest*: from the
//!   start the fast engine found, the backtracker explores every path, memoising
//!   (instruction, position) pairs so the work is O(program × text), and keeps the longest
//!   end. Sub-match positions are those of the first path (in greedy priority order) that reaches
//!   that end, which can differ from POSIX's per-subexpression rule in contrived cases.
//!   Patterns with no alternation and at most one variable-width repetition of a fixed-width
//!   atom cannot differ, so they skip this step.
//!
//! Matching works on bytes; `.` and bracket expressions match one UTF-8 character (never an
//! invalid byte, like GNU in a UTF-8 locale). Character classes (`[:alpha:]` ...) are ASCII.
//! With [`Options::bytes`] (the C locale) every byte is a character, as in GNU under
//! `LC_ALL=C`: the pattern is read byte by byte and the fast form is compiled with the `regex`
//! crate's Unicode mode off, so `.`, brackets, `\b` and case folding work on single bytes.

use std::cell::Cell;

/// Steps one backtracking search may take before giving up.
pub const STEP_BUDGET: u64 = 20_000_000;
/// Largest memo bitmap (bits) for the longest-match pass; larger inputs keep the fast engine's
/// leftmost-first match.
const MEMO_LIMIT: usize = 64 << 20;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReError {
    /// A syntax error, with GNU's message.
    Syntax(&'static str),
    /// The backtracking matcher ran past its step budget.
    TooComplex,
}

impl ReError {
    pub fn message(&self) -> &'static str {
        match self {
            ReError::Syntax(m) => m,
            ReError::TooComplex => "regular expression too complex",
        }
    }
}

/// How grep wraps each pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wrap {
    None,
    /// -w: not preceded nor followed by a word character.
    Word,
    /// -x: the whole line.
    Line,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavor {
    Basic,
    Extended,
}

/// How to compile.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub flavor: Flavor,
    pub icase: bool,
    /// `^`/`$` also match around newlines (sed `M`).
    pub multiline: bool,
    /// sed's escapes: `\n`, `\t`, `\xHH`, `\dNNN`, `\oNNN`, `\cX`, ...
    pub sed_escapes: bool,
    /// The C locale: characters are bytes, in the pattern and in the text.
    pub bytes: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum ClassItem {
    Range(u32, u32),
    Named(&'static str),
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Assert {
    LineStart,
    LineEnd,
    BufStart,
    BufEnd,
    WordB,
    NotWordB,
    WordStart,
    WordEnd,
    /// Not preceded by a word character (grep -w).
    NoWordBefore,
    /// Not followed by a word character (grep -w).
    NoWordAfter,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Node {
    Empty,
    Char(u32),
    /// A byte that is not part of valid UTF-8 in the pattern.
    Byte(u8),
    Any,
    Class(bool, Vec<ClassItem>),
    Assert(Assert),
    Group(Box<Node>, usize),
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    Repeat(Box<Node>, u32, Option<u32>),
    Backref(usize),
}

const NAMES: &[&str] = &[
    "alpha", "digit", "alnum", "upper", "lower", "space", "blank", "punct", "print", "graph",
    "cntrl", "xdigit",
];

fn class_has(name: &str, c: u32) -> bool {
    let Some(ch) = char::from_u32(c) else {
        return false;
    };
    if !ch.is_ascii() {
        return false;
    }
    let b = ch as u8;
    match name {
        "alpha" => b.is_ascii_alphabetic(),
        "digit" => b.is_ascii_digit(),
        "alnum" => b.is_ascii_alphanumeric(),
        "upper" => b.is_ascii_uppercase(),
        "lower" => b.is_ascii_lowercase(),
        "space" => b" \t\n\r\x0b\x0c".contains(&b),
        "blank" => b == b' ' || b == b'\t',
        "punct" => b.is_ascii_punctuation(),
        "print" => (0x20..0x7f).contains(&b),
        "graph" => (0x21..0x7f).contains(&b),
        "cntrl" => b < 0x20 || b == 0x7f,
        "xdigit" => b.is_ascii_hexdigit(),
        _ => false,
    }
}

struct P<'a> {
    s: &'a [u8],
    i: usize,
    o: Options,
    ngroups: usize,
    base: usize,
    open: Vec<usize>,
    closed: Vec<bool>,
    has_backref: bool,
    warnings: Vec<String>,
}

fn err<T>(m: &'static str) -> Result<T, ReError> {
    Err(ReError::Syntax(m))
}

impl P<'_> {
    fn ere(&self) -> bool {
        self.o.flavor == Flavor::Extended
    }
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn at(&self, k: usize) -> Option<u8> {
        self.s.get(self.i + k).copied()
    }

    fn parse_alt(&mut self, depth: usize) -> Result<Node, ReError> {
        let mut branches = vec![self.parse_branch(depth)?];
        loop {
            if self.ere() && self.peek() == Some(b'|') {
                self.i += 1;
            } else if !self.ere() && self.peek() == Some(b'\\') && self.at(1) == Some(b'|') {
                self.i += 2;
            } else {
                break;
            }
            branches.push(self.parse_branch(depth)?);
        }
        Ok(if branches.len() == 1 {
            branches.pop().unwrap()
        } else {
            Node::Alt(branches)
        })
    }

    fn branch_end(&self, depth: usize) -> bool {
        match self.peek() {
            None => true,
            Some(b'|') if self.ere() => true,
            Some(b')') if self.ere() && depth > 0 => true,
            Some(b'\\') if !self.ere() => {
                matches!(self.at(1), Some(b'|')) || (self.at(1) == Some(b')') && depth > 0)
            }
            _ => false,
        }
    }

    fn parse_branch(&mut self, depth: usize) -> Result<Node, ReError> {
        let mut items: Vec<Node> = Vec::new();
        let start = self.i;
        while !self.branch_end(depth) {
            let at_start = self.i == start
                || (items.len() == 1 && items[0] == Node::Assert(Assert::LineStart) && !self.ere());
            let c = self.peek().unwrap();
            // Anchors.
            if c == b'^' && (self.ere() || self.i == start) {
                self.i += 1;
                items.push(Node::Assert(Assert::LineStart));
                continue;
            }
            if c == b'$' {
                self.i += 1;
                if self.ere() || self.branch_end(depth) {
                    items.push(Node::Assert(Assert::LineEnd));
                } else {
                    items.push(Node::Char(b'$' as u32));
                }
                continue;
            }
            if self.ere() && at_start && matches!(c, b'*' | b'+' | b'?') {
                self.warnings
                    .push(format!("{} at start of expression", c as char));
                self.i += 1;
                continue;
            }
            if self.ere() && at_start && c == b'{' && self.interval_ahead() {
                self.warnings.push("{...} at start of expression".into());
                let _ = self.parse_interval()?;
                continue;
            }
            let atom = if !self.ere() && c == b'*' && at_start {
                self.i += 1;
                Node::Char(b'*' as u32)
            } else {
                self.parse_atom(depth)?
            };
            let atom = self.parse_postfix(atom)?;
            items.push(atom);
        }
        Ok(match items.len() {
            0 => Node::Empty,
            1 => items.pop().unwrap(),
            _ => Node::Concat(items),
        })
    }

    fn interval_ahead(&self) -> bool {
        // ERE: `{` starts an interval only when a valid one follows.
        let mut j = self.i + 1;
        let s = self.s;
        let digits = |j: &mut usize| {
            let st = *j;
            while *j < s.len() && s[*j].is_ascii_digit() {
                *j += 1;
            }
            *j > st
        };
        let a = digits(&mut j);
        if j < s.len() && s[j] == b',' {
            j += 1;
            digits(&mut j);
        } else if !a {
            return false;
        }
        j < s.len() && s[j] == b'}'
    }

    /// Parses `{m,n}` (ERE) or `\{m,n\}` (BRE) with `self.i` at the `{` (or the `\`).
    fn parse_interval(&mut self) -> Result<(u32, Option<u32>), ReError> {
        self.i += if self.ere() { 1 } else { 2 };
        let num = |p: &mut Self| -> Option<u32> {
            let st = p.i;
            while p.peek().is_some_and(|b| b.is_ascii_digit()) {
                p.i += 1;
            }
            if p.i == st {
                None
            } else {
                Some(
                    std::str::from_utf8(&p.s[st..p.i])
                        .unwrap()
                        .parse::<u64>()
                        .unwrap_or(u64::MAX)
                        .min(u32::MAX as u64) as u32,
                )
            }
        };
        let lo = num(self);
        let hi = if self.peek() == Some(b',') {
            self.i += 1;
            num(self)
        } else {
            Some(lo.unwrap_or(0))
        };
        let close_ok = if self.ere() {
            self.peek() == Some(b'}')
        } else {
            self.peek() == Some(b'\\') && self.at(1) == Some(b'}')
        };
        if !close_ok {
            if self.peek().is_none()
                || (!self.ere() && self.peek() == Some(b'\\') && self.at(1).is_none())
            {
                return err(if self.ere() {
                    "Unmatched { or \\{"
                } else {
                    "Unmatched \\{"
                });
            }
            return err("Invalid content of \\{\\}");
        }
        self.i += if self.ere() { 1 } else { 2 };
        let lo = lo.unwrap_or(0);
        if let Some(h) = hi {
            if h < lo {
                return err("Invalid content of \\{\\}");
            }
        }
        if lo > 32767 || hi.is_some_and(|h| h > 32767) {
            return err("Regular expression too big");
        }
        Ok((lo, hi))
    }

    fn parse_postfix(&mut self, mut atom: Node) -> Result<Node, ReError> {
        loop {
            let c = self.peek();
            let (lo, hi) = match c {
                Some(b'*') => {
                    self.i += 1;
                    (0, None)
                }
                Some(b'+') if self.ere() => {
                    self.i += 1;
                    (1, None)
                }
                Some(b'?') if self.ere() => {
                    self.i += 1;
                    (0, Some(1))
                }
                Some(b'{') if self.ere() && self.interval_ahead() => self.parse_interval()?,
                Some(b'\\') if !self.ere() => match self.at(1) {
                    Some(b'+') => {
                        self.i += 2;
                        (1, None)
                    }
                    Some(b'?') => {
                        self.i += 2;
                        (0, Some(1))
                    }
                    Some(b'{') => self.parse_interval()?,
                    _ => return Ok(atom),
                },
                _ => return Ok(atom),
            };
            if matches!(atom, Node::Assert(_)) {
                // `^*` and the like: GNU treats the repetition of an anchor as a literal `*`.
                continue;
            }
            atom = Node::Repeat(Box::new(atom), lo, hi);
        }
    }

    fn parse_atom(&mut self, depth: usize) -> Result<Node, ReError> {
        let c = self.peek().unwrap();
        match c {
            b'.' => {
                self.i += 1;
                Ok(Node::Any)
            }
            b'[' => self.parse_bracket(),
            b'(' if self.ere() => {
                self.i += 1;
                self.group(depth)
            }
            b'\\' => {
                let Some(n) = self.at(1) else {
                    return err("Trailing backslash");
                };
                self.i += 2;
                match n {
                    b'(' if !self.ere() => self.group(depth),
                    b')' if !self.ere() => err("Unmatched ) or \\)"),
                    b'{' if !self.ere() => err("Invalid preceding regular expression"),
                    b'1'..=b'9' => {
                        let k = (n - b'0') as usize;
                        if k > self.ngroups - self.base || !self.closed[self.base + k - 1] {
                            return err("Invalid back reference");
                        }
                        self.has_backref = true;
                        Ok(Node::Backref(self.base + k))
                    }
                    b'w' => Ok(Node::Class(
                        false,
                        vec![
                            ClassItem::Named("alnum"),
                            ClassItem::Range(b'_' as u32, b'_' as u32),
                        ],
                    )),
                    b'W' => Ok(Node::Class(
                        true,
                        vec![
                            ClassItem::Named("alnum"),
                            ClassItem::Range(b'_' as u32, b'_' as u32),
                        ],
                    )),
                    b's' => Ok(Node::Class(false, vec![ClassItem::Named("space")])),
                    b'S' => Ok(Node::Class(true, vec![ClassItem::Named("space")])),
                    b'b' => Ok(Node::Assert(Assert::WordB)),
                    b'B' => Ok(Node::Assert(Assert::NotWordB)),
                    b'<' => Ok(Node::Assert(Assert::WordStart)),
                    b'>' => Ok(Node::Assert(Assert::WordEnd)),
                    b'`' => Ok(Node::Assert(Assert::BufStart)),
                    b'\'' => Ok(Node::Assert(Assert::BufEnd)),
                    _ if self.o.sed_escapes => self.sed_escape(n),
                    _ => {
                        self.i -= 1;
                        self.literal()
                    }
                }
            }
            _ => self.literal(),
        }
    }

    fn sed_escape(&mut self, n: u8) -> Result<Node, ReError> {
        let v = match n {
            b'n' => b'\n',
            b't' => b'\t',
            b'a' => 7,
            b'f' => 12,
            b'v' => 11,
            b'r' => b'\r',
            b'c' => {
                let Some(x) = self.peek() else {
                    return err("Trailing backslash");
                };
                self.i += 1;
                x.to_ascii_uppercase() ^ 0x40
            }
            b'd' | b'o' | b'x' => {
                let (radix, max) = match n {
                    b'd' => (10, 3),
                    b'o' => (8, 3),
                    _ => (16, 2),
                };
                let st = self.i;
                while self.i < self.s.len()
                    && self.i - st < max
                    && (self.s[self.i] as char).is_digit(radix)
                {
                    self.i += 1;
                }
                if self.i == st {
                    return Ok(Node::Char(n as u32));
                }
                let v =
                    u32::from_str_radix(std::str::from_utf8(&self.s[st..self.i]).unwrap(), radix)
                        .unwrap_or(0);
                (v & 0xff) as u8
            }
            _ => {
                self.i -= 1;
                return self.literal();
            }
        };
        Ok(if v < 0x80 {
            Node::Char(v as u32)
        } else {
            Node::Byte(v)
        })
    }

    fn group(&mut self, depth: usize) -> Result<Node, ReError> {
        self.ngroups += 1;
        let idx = self.ngroups;
        self.closed.push(false);
        self.open.push(idx);
        let inner = self.parse_alt(depth + 1)?;
        let ok = if self.ere() {
            self.peek() == Some(b')')
        } else {
            self.peek() == Some(b'\\') && self.at(1) == Some(b')')
        };
        if !ok {
            return err("Unmatched ( or \\(");
        }
        self.i += if self.ere() { 1 } else { 2 };
        self.open.pop();
        self.closed[idx - 1] = true;
        Ok(Node::Group(Box::new(inner), idx))
    }

    /// One (possibly multibyte) literal character.
    fn literal(&mut self) -> Result<Node, ReError> {
        let (c, len) = self.decode(&self.s[self.i..]);
        self.i += len;
        Ok(match c {
            Some(c) => Node::Char(c as u32),
            None => Node::Byte(self.s[self.i - 1]),
        })
    }

    fn parse_bracket(&mut self) -> Result<Node, ReError> {
        let start = self.i;
        self.i += 1;
        let neg = self.peek() == Some(b'^');
        if neg {
            self.i += 1;
        }
        if self.peek().is_none() {
            return err("Invalid regular expression");
        }
        let unmatched = "Unmatched [, [^, [:, [., or [=";
        let mut items = Vec::new();
        let mut first = true;
        loop {
            let Some(c) = self.peek() else {
                return err(unmatched);
            };
            if c == b']' && !first {
                self.i += 1;
                break;
            }
            first = false;
            let lo = self.bracket_elem(&mut items)?;
            let Some(lo) = lo else { continue };
            if self.peek() == Some(b'-') && self.at(1).is_some_and(|b| b != b']') {
                self.i += 1;
                let hi = match self.bracket_elem(&mut items)? {
                    Some(h) => h,
                    None => return err("Invalid range end"),
                };
                if hi < lo {
                    return err("Invalid range end");
                }
                items.push(ClassItem::Range(lo, hi));
            } else {
                items.push(ClassItem::Range(lo, lo));
            }
        }
        let body = &self.s[start..self.i];
        if body.len() >= 4 && body[1] == b':' && body[body.len() - 2] == b':' && !neg {
            return err("character class syntax is [[:space:]], not [:space:]");
        }
        Ok(Node::Class(neg, items))
    }

    /// A bracket element: a character (returned) or a class (pushed).
    fn bracket_elem(&mut self, items: &mut Vec<ClassItem>) -> Result<Option<u32>, ReError> {
        let unmatched = "Unmatched [, [^, [:, [., or [=";
        if self.peek() == Some(b'[') && matches!(self.at(1), Some(b':' | b'=' | b'.')) {
            let kind = self.at(1).unwrap();
            let body_start = self.i + 2;
            let mut j = body_start;
            while j + 1 < self.s.len() && !(self.s[j] == kind && self.s[j + 1] == b']') {
                j += 1;
            }
            if j + 1 >= self.s.len() {
                return err(unmatched);
            }
            let body = &self.s[body_start..j];
            self.i = j + 2;
            return match kind {
                b':' => {
                    let name = std::str::from_utf8(body).unwrap_or("");
                    match NAMES.iter().find(|n| **n == name) {
                        Some(n) => {
                            items.push(ClassItem::Named(n));
                            Ok(None)
                        }
                        None => err("Invalid character class name"),
                    }
                }
                _ => {
                    let (c, len) = self.decode(body);
                    match c {
                        Some(c) if len == body.len() => Ok(Some(c as u32)),
                        _ if self.o.bytes && body.len() == 1 => Ok(Some(body[0] as u32)),
                        _ => err("Invalid collation character"),
                    }
                }
            };
        }
        let (c, len) = self.decode(&self.s[self.i..]);
        let v = match c {
            Some(c) => c as u32,
            // In the C locale a bracket holds plain byte values (emitted under `(?-u)`).
            None if self.o.bytes => self.s[self.i] as u32,
            None => 0x11_0000 + self.s[self.i] as u32,
        };
        self.i += len;
        Ok(Some(v))
    }
}

impl P<'_> {
    /// One pattern character: [`decode`], or in the C locale one byte (`None` past ASCII).
    fn decode(&self, s: &[u8]) -> (Option<char>, usize) {
        match s.first() {
            Some(&b) if self.o.bytes => ((b < 0x80).then_some(b as char), 1),
            _ => decode(s),
        }
    }
}

/// The length of the character at the start of `s` in the locale: one byte in the C locale
/// (`bytes`), else a UTF-8 sequence (an invalid byte counts as one character).
pub fn char_len(s: &[u8], bytes: bool) -> usize {
    if bytes {
        s.len().min(1)
    } else {
        decode(s).1
    }
}

/// Decodes one UTF-8 character: (char, length) or (None, 1) for an invalid byte.
pub fn decode(s: &[u8]) -> (Option<char>, usize) {
    if s.is_empty() {
        return (None, 0);
    }
    let b = s[0];
    if b < 0x80 {
        return (Some(b as char), 1);
    }
    let n = match b {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return (None, 1),
    };
    if s.len() < n {
        return (None, 1);
    }
    match std::str::from_utf8(&s[..n]) {
        Ok(t) => (t.chars().next(), n),
        Err(_) => (None, 1),
    }
}

// ---- emission to regex-crate syntax ----------------------------------------------------------

fn emit_char(c: u32, out: &mut String) {
    if c >= 0x11_0000 {
        out.push_str(&format!("(?-u:\\x{:02X})", c - 0x11_0000));
    } else if let Some(ch) = char::from_u32(c) {
        if ch.is_ascii_alphanumeric() || (!ch.is_ascii() && !ch.is_whitespace()) {
            out.push(ch);
        } else {
            out.push_str(&format!("\\x{{{c:X}}}"));
        }
    }
}

/// A class bound: `\xHH` up to 0xFF, which under `(?-u)` (the C locale) is a byte and is
/// otherwise the same code point as `\x{HH}` (the braced form is refused under `(?-u)`).
fn class_hex(c: u32) -> String {
    if c <= 0xFF {
        format!("\\x{c:02X}")
    } else {
        format!("\\x{{{c:X}}}")
    }
}

fn emit(n: &Node, out: &mut String) {
    match n {
        Node::Empty => out.push_str("(?:)"),
        Node::Char(c) => emit_char(*c, out),
        Node::Byte(b) => out.push_str(&format!("(?-u:\\x{b:02X})")),
        Node::Any => out.push('.'),
        Node::Class(neg, items) => {
            let mut raw = Vec::new();
            let mut body = String::new();
            for it in items {
                match it {
                    ClassItem::Named(nm) => body.push_str(&format!("[:{nm}:]")),
                    ClassItem::Range(a, b) if *a >= 0x11_0000 || *b >= 0x11_0000 => {
                        raw.push((*a, *b))
                    }
                    ClassItem::Range(a, b) => {
                        let (a, b) = (*a, (*b).min(0x10FFFF));
                        // Skip surrogates, which the regex crate rejects.
                        if a <= 0xDFFF && b >= 0xD800 {
                            if a < 0xD800 {
                                body.push_str(&format!("\\x{{{a:X}}}-\\x{{D7FF}}"));
                            }
                            if b > 0xDFFF {
                                body.push_str(&format!("\\x{{E000}}-\\x{{{b:X}}}"));
                            }
                        } else {
                            body.push_str(&format!("{}-{}", class_hex(a), class_hex(b)));
                        }
                    }
                }
            }
            if body.is_empty() && raw.is_empty() {
                // Cannot happen with POSIX syntax (a bracket holds at least one element).
                out.push_str(if *neg {
                    "[\\x{0}-\\x{10FFFF}]"
                } else {
                    "[^\\x{0}-\\x{10FFFF}]"
                });
                return;
            }
            if raw.is_empty() {
                out.push_str(if *neg { "[^" } else { "[" });
                out.push_str(&body);
                out.push(']');
            } else if !*neg {
                out.push_str("(?:");
                if !body.is_empty() {
                    out.push_str(&format!("[{body}]|"));
                }
                let r: Vec<String> = raw
                    .iter()
                    .map(|(a, b)| {
                        format!(
                            "(?-u:[\\x{:02X}-\\x{:02X}])",
                            a.max(&0x11_0000) - 0x11_0000,
                            b - 0x11_0000
                        )
                    })
                    .collect();
                out.push_str(&r.join("|"));
                out.push(')');
            } else {
                out.push_str(&format!("[^{body}]"));
            }
        }
        Node::Assert(a) => out.push_str(match a {
            Assert::LineStart => "^",
            Assert::LineEnd => "$",
            Assert::BufStart => "\\A",
            Assert::BufEnd => "\\z",
            Assert::WordB => "\\b",
            Assert::NotWordB => "\\B",
            Assert::WordStart => "\\b{start}",
            Assert::WordEnd => "\\b{end}",
            Assert::NoWordBefore => "\\b{start-half}",
            Assert::NoWordAfter => "\\b{end-half}",
        }),
        Node::Group(inner, _) => {
            out.push('(');
            emit(inner, out);
            out.push(')');
        }
        Node::Concat(v) => {
            for x in v {
                emit(x, out);
            }
        }
        Node::Alt(v) => {
            out.push_str("(?:");
            for (i, x) in v.iter().enumerate() {
                if i > 0 {
                    out.push('|');
                }
                emit(x, out);
            }
            out.push(')');
        }
        Node::Repeat(inner, lo, hi) => {
            out.push_str("(?:");
            emit(inner, out);
            out.push(')');
            match (lo, hi) {
                (0, None) => out.push('*'),
                (1, None) => out.push('+'),
                (0, Some(1)) => out.push('?'),
                (l, None) => out.push_str(&format!("{{{l},}}")),
                (l, Some(h)) => out.push_str(&format!("{{{l},{h}}}")),
            }
        }
        Node::Backref(_) => out.push_str("(?:)"),
    }
}

fn fixed_width(n: &Node) -> bool {
    match n {
        Node::Empty
        | Node::Char(_)
        | Node::Byte(_)
        | Node::Any
        | Node::Class(..)
        | Node::Assert(_) => true,
        Node::Group(i, _) => fixed_width(i),
        Node::Concat(v) => v.iter().all(fixed_width),
        Node::Alt(_) | Node::Backref(_) => false,
        Node::Repeat(i, lo, hi) => Some(*lo) == *hi && fixed_width(i),
    }
}

/// Counts variable-width constructs; returns false when one could make leftmost-first differ
/// from leftmost-longest.
fn simple(n: &Node, vars: &mut usize) -> bool {
    match n {
        Node::Alt(_) | Node::Backref(_) => false,
        Node::Group(i, _) => simple(i, vars),
        Node::Concat(v) => v.iter().all(|x| simple(x, vars)),
        Node::Repeat(i, lo, hi) => {
            if Some(*lo) == *hi {
                return simple(i, vars);
            }
            *vars += 1;
            fixed_width(i) && *vars <= 1
        }
        _ => true,
    }
}

// ---- backtracking program ---------------------------------------------------------------------

#[derive(Clone, Debug)]
enum Inst {
    Char(u32),
    Byte(u8),
    Any,
    Class(bool, Vec<ClassItem>),
    Assert(Assert),
    Split(usize, usize),
    Jmp(usize),
    Save(usize),
    Mark(usize),
    Check(usize),
    Backref(usize),
    Match,
}

struct Compiler {
    prog: Vec<Inst>,
    marks: usize,
}

impl Compiler {
    fn c(&mut self, n: &Node) {
        match n {
            Node::Empty => {}
            Node::Char(c) => self.prog.push(Inst::Char(*c)),
            Node::Byte(b) => self.prog.push(Inst::Byte(*b)),
            Node::Any => self.prog.push(Inst::Any),
            Node::Class(neg, items) => self.prog.push(Inst::Class(*neg, items.clone())),
            Node::Assert(a) => self.prog.push(Inst::Assert(a.clone())),
            Node::Backref(k) => self.prog.push(Inst::Backref(*k)),
            Node::Group(inner, k) => {
                self.prog.push(Inst::Save(2 * k));
                self.c(inner);
                self.prog.push(Inst::Save(2 * k + 1));
            }
            Node::Concat(v) => v.iter().for_each(|x| self.c(x)),
            Node::Alt(v) => {
                let mut jumps = Vec::new();
                for (i, x) in v.iter().enumerate() {
                    if i + 1 < v.len() {
                        let split = self.prog.len();
                        self.prog.push(Inst::Split(split + 1, 0));
                        self.c(x);
                        jumps.push(self.prog.len());
                        self.prog.push(Inst::Jmp(0));
                        let next = self.prog.len();
                        self.prog[split] = Inst::Split(split + 1, next);
                    } else {
                        self.c(x);
                    }
                }
                let end = self.prog.len();
                for j in jumps {
                    self.prog[j] = Inst::Jmp(end);
                }
            }
            Node::Repeat(inner, lo, hi) => {
                for _ in 0..*lo {
                    self.c(inner);
                }
                match hi {
                    None => {
                        let m = self.marks;
                        self.marks += 1;
                        let l = self.prog.len();
                        self.prog.push(Inst::Split(l + 1, 0));
                        self.prog.push(Inst::Mark(m));
                        self.c(inner);
                        self.prog.push(Inst::Check(m));
                        self.prog.push(Inst::Jmp(l));
                        let end = self.prog.len();
                        self.prog[l] = Inst::Split(l + 1, end);
                    }
                    Some(h) => {
                        let mut splits = Vec::new();
                        for _ in *lo..*h {
                            splits.push(self.prog.len());
                            self.prog.push(Inst::Split(0, 0));
                            self.c(inner);
                        }
                        let end = self.prog.len();
                        for s in splits {
                            self.prog[s] = Inst::Split(s + 1, end);
                        }
                    }
                }
            }
        }
    }
}

/// A compiled POSIX regular expression.
pub struct Regex {
    fast: Option<regex::bytes::Regex>,
    /// The fast form's source with `^`/`$` at line boundaries, compiled on first use into
    /// `buffer`, for finding candidate lines in a buffer of many lines.
    buffer_src: Option<String>,
    buffer: std::cell::OnceCell<Option<regex::bytes::Regex>>,
    prog: Vec<Inst>,
    nmarks: usize,
    /// Number of capture groups (not counting the whole match).
    pub ngroups: usize,
    has_backref: bool,
    simple: bool,
    icase: bool,
    multiline: bool,
    /// The C locale: the text is read byte by byte.
    bytes: bool,
    steps: Cell<u64>,
    /// Warnings GNU grep prints (`* at start of expression`).
    pub warnings: Vec<String>,
    /// `grep -P` patterns the `regex` crate cannot run (look-around, back-references, `\K`,
    /// atomic groups): a backtracking engine with a bounded number of steps.
    perl_backtracking: Option<fancy_regex::Regex>,
}

/// Capture spans: index 0 is the whole match.
pub type Caps = Vec<Option<(usize, usize)>>;

impl Regex {
    pub fn new(pat: &[u8], o: Options) -> Result<Regex, ReError> {
        Regex::new_multi(&[pat.to_vec()], o, false, Wrap::None)
    }

    /// Compiles several patterns as alternatives (grep's pattern list); each keeps its own
    /// group numbering for back-references. `fixed`: the patterns are literal strings (-F).
    pub fn new_multi(
        pats: &[Vec<u8>],
        o: Options,
        fixed: bool,
        wrap: Wrap,
    ) -> Result<Regex, ReError> {
        let mut p = P {
            s: b"",
            i: 0,
            o,
            ngroups: 0,
            base: 0,
            open: Vec::new(),
            closed: Vec::new(),
            has_backref: false,
            warnings: Vec::new(),
        };
        let mut alts = Vec::new();
        for pat in pats {
            let node = if fixed {
                let mut v = Vec::new();
                let mut i = 0;
                while i < pat.len() {
                    let (c, l) = p.decode(&pat[i..]);
                    v.push(match c {
                        Some(c) => Node::Char(c as u32),
                        None => Node::Byte(pat[i]),
                    });
                    i += l;
                }
                Node::Concat(v)
            } else {
                p.s = pat;
                p.i = 0;
                p.base = p.ngroups;
                let n = p.parse_alt(0)?;
                if p.i < pat.len() {
                    // Only an unmatched close can stop the top level.
                    return err("Unmatched ) or \\)");
                }
                n
            };
            alts.push(match wrap {
                Wrap::None => node,
                Wrap::Word => Node::Concat(vec![
                    Node::Assert(Assert::NoWordBefore),
                    node,
                    Node::Assert(Assert::NoWordAfter),
                ]),
                Wrap::Line => Node::Concat(vec![
                    Node::Assert(Assert::LineStart),
                    node,
                    Node::Assert(Assert::LineEnd),
                ]),
            });
        }
        let ast = match alts.len() {
            0 => Node::Class(false, Vec::new()),
            1 => alts.pop().unwrap(),
            _ => Node::Alt(alts),
        };
        let mut comp = Compiler {
            prog: Vec::new(),
            marks: 0,
        };
        comp.c(&ast);
        comp.prog.push(Inst::Match);
        if comp.prog.len() > 200_000 {
            return err("Regular expression too big");
        }
        let source = |multiline: bool| {
            let mut s = String::from("(?s");
            if o.icase {
                s.push('i');
            }
            if multiline {
                s.push('m');
            }
            if o.bytes {
                s.push_str("-u");
            }
            s.push(')');
            emit(&ast, &mut s);
            s
        };
        let (fast, buffer_src) = if p.has_backref {
            (None, None)
        } else {
            let fast = regex::bytes::RegexBuilder::new(&source(o.multiline))
                .size_limit(64 << 20)
                .build()
                .map_err(|_| ReError::Syntax("Regular expression too big"))?;
            (Some(fast), Some(source(true)))
        };
        let mut vars = 0;
        let simple = simple(&ast, &mut vars);
        Ok(Regex {
            fast,
            buffer_src,
            buffer: std::cell::OnceCell::new(),
            prog: comp.prog,
            nmarks: comp.marks,
            ngroups: p.ngroups,
            has_backref: p.has_backref,
            simple,
            icase: o.icase,
            multiline: o.multiline,
            bytes: o.bytes,
            steps: Cell::new(0),
            warnings: p.warnings,
            perl_backtracking: None,
        })
    }

    /// CPU steps used since the last call (for the caller to charge).
    pub fn take_steps(&self) -> u64 {
        self.steps.replace(0)
    }

    /// Where the first match at or after `start` in a multi-line buffer begins, as a
    /// *candidate* for a line-oriented caller: anchors match at line boundaries, but a match
    /// may span lines, so the caller confirms the candidate's line with [`Regex::is_match`].
    /// A line that matches on its own is never skipped: its match is also a match of the
    /// buffer, at or after any earlier candidate. `None` when the pattern has no fast form
    /// (back-references): test every line then.
    pub fn candidate_in(&self, buf: &[u8], start: usize) -> Option<Option<usize>> {
        let src = self.buffer_src.as_ref()?;
        let f = self
            .buffer
            .get_or_init(|| {
                regex::bytes::RegexBuilder::new(src)
                    .size_limit(64 << 20)
                    .build()
                    .ok()
            })
            .as_ref()?;
        self.steps
            .set(self.steps.get() + (buf.len() - start.min(buf.len())) as u64 / 16 + 1);
        Some(f.find_at(buf, start).map(|m| m.start()))
    }

    /// Whether `hay` contains a match.
    pub fn is_match(&self, hay: &[u8]) -> Result<bool, ReError> {
        if let Some(re) = &self.perl_backtracking {
            self.steps.set(self.steps.get() + hay.len() as u64 / 4 + 1);
            return re.is_match(hay).map_err(|_| ReError::TooComplex);
        }
        if let Some(f) = &self.fast {
            self.steps.set(self.steps.get() + hay.len() as u64 / 16 + 1);
            return Ok(f.is_match(hay));
        }
        Ok(self.find_at(hay, 0)?.is_some())
    }

    /// The leftmost-longest match starting at or after `start`, with sub-matches.
    pub fn find_at(&self, hay: &[u8], start: usize) -> Result<Option<Caps>, ReError> {
        let n = self.ngroups + 1;
        if let Some(re) = &self.perl_backtracking {
            self.steps
                .set(self.steps.get() + (hay.len() - start.min(hay.len())) as u64 / 4 + 1);
            let caps = re
                .captures_from_pos(hay, start)
                .map_err(|_| ReError::TooComplex)?;
            return Ok(caps.map(|c| {
                (0..n)
                    .map(|i| c.get(i).map(|m| (m.start(), m.end())))
                    .collect()
            }));
        }
        if let Some(f) = &self.fast {
            self.steps
                .set(self.steps.get() + (hay.len() - start.min(hay.len())) as u64 / 16 + 1);
            let mut locs = f.capture_locations();
            let Some(m) = f.captures_read_at(&mut locs, hay, start) else {
                return Ok(None);
            };
            let first: Caps = (0..n).map(|i| locs.get(i)).collect();
            if self.simple {
                return Ok(Some(first));
            }
            let bits = self.prog.len().saturating_mul(hay.len() - m.start() + 1);
            if bits > MEMO_LIMIT {
                return Ok(Some(first));
            }
            return Ok(Some(self.backtrack(hay, m.start(), true)?.unwrap_or(first)));
        }
        for s in start..=hay.len() {
            if !self.bytes && s > start && s < hay.len() && (hay[s] & 0xC0) == 0x80 {
                continue;
            }
            if let Some(c) = self.backtrack(hay, s, false)? {
                return Ok(Some(c));
            }
        }
        Ok(None)
    }

    /// One text character at the start of `s`: UTF-8, or a byte in the C locale.
    fn unit(&self, s: &[u8]) -> (Option<char>, usize) {
        match s.first() {
            Some(&b) if self.bytes => (Some(b as char), 1),
            _ => decode(s),
        }
    }

    fn word_at(&self, hay: &[u8], pos: usize) -> bool {
        if pos >= hay.len() {
            return false;
        }
        if self.bytes {
            return hay[pos].is_ascii_alphanumeric() || hay[pos] == b'_';
        }
        let (c, _) = decode(&hay[pos..]);
        c.is_some_and(|c| c.is_alphanumeric() || c == '_')
    }

    fn word_before(&self, hay: &[u8], pos: usize) -> bool {
        if pos == 0 {
            return false;
        }
        if self.bytes {
            return hay[pos - 1].is_ascii_alphanumeric() || hay[pos - 1] == b'_';
        }
        let mut s = pos - 1;
        while s > 0 && pos - s < 4 && (hay[s] & 0xC0) == 0x80 {
            s -= 1;
        }
        let (c, l) = decode(&hay[s..pos]);
        if s + l != pos {
            return false;
        }
        c.is_some_and(|c| c.is_alphanumeric() || c == '_')
    }

    fn assert(&self, a: &Assert, hay: &[u8], pos: usize) -> bool {
        match a {
            Assert::LineStart => pos == 0 || (self.multiline && hay[pos - 1] == b'\n'),
            Assert::LineEnd => pos == hay.len() || (self.multiline && hay[pos] == b'\n'),
            Assert::BufStart => pos == 0,
            Assert::BufEnd => pos == hay.len(),
            Assert::WordB => self.word_before(hay, pos) != self.word_at(hay, pos),
            Assert::NotWordB => self.word_before(hay, pos) == self.word_at(hay, pos),
            Assert::WordStart => !self.word_before(hay, pos) && self.word_at(hay, pos),
            Assert::WordEnd => self.word_before(hay, pos) && !self.word_at(hay, pos),
            Assert::NoWordBefore => !self.word_before(hay, pos),
            Assert::NoWordAfter => !self.word_at(hay, pos),
        }
    }

    fn char_eq(&self, a: u32, b: u32) -> bool {
        if a == b {
            return true;
        }
        if !self.icase {
            return false;
        }
        if self.bytes {
            return a < 0x80 && b < 0x80 && (a as u8).eq_ignore_ascii_case(&(b as u8));
        }
        match (char::from_u32(a), char::from_u32(b)) {
            (Some(x), Some(y)) => x.to_lowercase().eq(y.to_lowercase()),
            _ => false,
        }
    }

    fn class_match(&self, neg: bool, items: &[ClassItem], c: u32) -> bool {
        let test = |c: u32| {
            items.iter().any(|it| match it {
                ClassItem::Range(a, b) => *a <= c && c <= *b,
                ClassItem::Named(n) => class_has(n, c),
            })
        };
        let mut hit = test(c);
        // C-locale case folding is ASCII only (byte 0xE9 is no letter there).
        if !hit && self.icase && (!self.bytes || c < 0x80) {
            if let Some(ch) = char::from_u32(c) {
                hit = ch.to_lowercase().any(|l| test(l as u32))
                    || ch.to_uppercase().any(|u| test(u as u32));
            }
        }
        hit != neg
    }

    /// Runs the program anchored at `s`. `longest`: explore every path (memoised; only used
    /// without back-references) and return the longest; otherwise the longest over an
    /// exhaustive budgeted search too (POSIX semantics with back-references).
    fn backtrack(&self, hay: &[u8], s: usize, memo_mode: bool) -> Result<Option<Caps>, ReError> {
        let nslots = 2 * (self.ngroups + 1);
        let mut slots: Vec<Option<usize>> = vec![None; nslots];
        let mut marks: Vec<usize> = vec![usize::MAX; self.nmarks];
        let width = hay.len() - s + 1;
        let memo = !self.has_backref || memo_mode;
        let mut visited: Vec<u64> = if memo {
            vec![0; (self.prog.len() * width).div_ceil(64)]
        } else {
            Vec::new()
        };
        enum Undo {
            Slot(usize, Option<usize>),
            Mark(usize, usize),
        }
        let mut undo: Vec<Undo> = Vec::new();
        // Choice points: (pc, pos, undo length).
        let mut stack: Vec<(usize, usize, usize)> = vec![(0, s, 0)];
        let mut best: Option<Caps> = None;
        let mut steps: u64 = 0;
        slots[0] = Some(s);
        'outer: while let Some((mut pc, mut pos, ulen)) = stack.pop() {
            while undo.len() > ulen {
                match undo.pop().unwrap() {
                    Undo::Slot(i, v) => slots[i] = v,
                    Undo::Mark(i, v) => marks[i] = v,
                }
            }
            loop {
                steps += 1;
                if steps > STEP_BUDGET {
                    self.steps.set(self.steps.get() + steps);
                    return Err(ReError::TooComplex);
                }
                if memo {
                    let k = pc * width + (pos - s);
                    if visited[k / 64] & (1 << (k % 64)) != 0 {
                        continue 'outer;
                    }
                    visited[k / 64] |= 1 << (k % 64);
                }
                match &self.prog[pc] {
                    Inst::Match => {
                        if best.as_ref().is_none_or(|b| b[0].unwrap().1 < pos) {
                            let mut caps: Caps = (0..=self.ngroups)
                                .map(|g| match (slots[2 * g], slots[2 * g + 1]) {
                                    (Some(a), Some(b)) if a <= b => Some((a, b)),
                                    _ => None,
                                })
                                .collect();
                            caps[0] = Some((s, pos));
                            best = Some(caps);
                            if pos == hay.len() {
                                break 'outer;
                            }
                        }
                        continue 'outer;
                    }
                    Inst::Char(c) => {
                        let (ch, l) = if *c >= 0x11_0000 {
                            (None, 1)
                        } else {
                            self.unit(&hay[pos..])
                        };
                        let ok = if *c >= 0x11_0000 {
                            pos < hay.len() && hay[pos] as u32 + 0x11_0000 == *c
                        } else {
                            ch.is_some_and(|ch| self.char_eq(ch as u32, *c))
                        };
                        if !ok {
                            continue 'outer;
                        }
                        pos += l;
                        pc += 1;
                    }
                    Inst::Byte(b) => {
                        if pos < hay.len() && hay[pos] == *b {
                            pos += 1;
                            pc += 1;
                        } else {
                            continue 'outer;
                        }
                    }
                    Inst::Any => match self.unit(&hay[pos..]) {
                        (Some(_), l) => {
                            pos += l;
                            pc += 1;
                        }
                        _ => continue 'outer,
                    },
                    Inst::Class(neg, items) => {
                        if pos >= hay.len() {
                            continue 'outer;
                        }
                        let (ch, l) = self.unit(&hay[pos..]);
                        let ok = match ch {
                            Some(ch) => self.class_match(*neg, items, ch as u32),
                            None => !*neg && items.iter().any(|it| matches!(it, ClassItem::Range(a, b) if *a <= hay[pos] as u32 + 0x11_0000 && hay[pos] as u32 + 0x11_0000 <= *b)),
                        };
                        if !ok {
                            continue 'outer;
                        }
                        pos += l;
                        pc += 1;
                    }
                    Inst::Assert(a) => {
                        if !self.assert(a, hay, pos) {
                            continue 'outer;
                        }
                        pc += 1;
                    }
                    Inst::Split(a, b) => {
                        stack.push((*b, pos, undo.len()));
                        pc = *a;
                    }
                    Inst::Jmp(a) => pc = *a,
                    Inst::Save(i) => {
                        undo.push(Undo::Slot(*i, slots[*i]));
                        slots[*i] = Some(pos);
                        pc += 1;
                    }
                    Inst::Mark(m) => {
                        undo.push(Undo::Mark(*m, marks[*m]));
                        marks[*m] = pos;
                        pc += 1;
                    }
                    Inst::Check(m) => {
                        if !memo && marks[*m] == pos {
                            continue 'outer;
                        }
                        pc += 1;
                    }
                    Inst::Backref(k) => {
                        let (Some(a), Some(b)) = (slots[2 * k], slots[2 * k + 1]) else {
                            continue 'outer;
                        };
                        if b < a {
                            continue 'outer;
                        }
                        let sub = &hay[a..b];
                        let end = pos + sub.len();
                        let ok = end <= hay.len()
                            && if self.icase {
                                hay[pos..end].eq_ignore_ascii_case(sub)
                            } else {
                                &hay[pos..end] == sub
                            };
                        if !ok {
                            continue 'outer;
                        }
                        pos = end;
                        pc += 1;
                    }
                }
            }
        }
        self.steps.set(self.steps.get() + steps);
        Ok(best)
    }
}

mod perl;
#[cfg(test)]
mod tests;
