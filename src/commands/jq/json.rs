//! jq 1.6's input reader: a stream of whitespace-separated JSON texts, parsed to jaq values.
//! Numbers become doubles (integers exactly representable stay integers), invalid UTF-8 in
//! strings becomes U+FFFD, lone surrogate escapes are refused, nesting stops at jq's 256 levels,
//! and errors carry jq's message and `line L, column C` position.

use jaq_json::{Map, Num, Val};

/// jq 1.6's `MAX_PARSING_DEPTH`.
const MAX_DEPTH: usize = 256;

const NO_VALUE: &str = "Expected JSON value";
const EXTRA: &str = "Unexpected extra JSON values";
/// Not jq's: the values parsed so far hold more heap than the reader was given.
const OUT_OF_MEMORY: &str = "memory limit exhausted while parsing";

/// A parse error: jq's message and the byte offset just past the character that showed it.
#[derive(Debug, PartialEq, Eq)]
pub struct ParseError {
    pub msg: &'static str,
    pub pos: usize,
}

impl ParseError {
    /// Did parsing stop because the values outgrew the memory given ([`Reader::within`])?
    pub fn is_out_of_memory(&self) -> bool {
        self.msg == OUT_OF_MEMORY
    }

    /// `MSG at line L, column C` as jq prints it (after `parse error: `); the messages about
    /// the text as a whole have no position.
    pub fn describe(&self, input: &[u8]) -> String {
        if [NO_VALUE, EXTRA].contains(&self.msg) {
            return self.msg.to_string();
        }
        let upto = &input[..self.pos.min(input.len())];
        let line = 1 + memchr::memchr_iter(b'\n', upto).count();
        let col = match memchr::memrchr(b'\n', upto) {
            Some(nl) => upto.len() - nl - 1,
            None => upto.len(),
        };
        format!("{} at line {line}, column {col}", self.msg)
    }
}

/// Reads values one at a time from a buffer.
pub struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
    /// This thread's heap when parsing started and how much it may grow
    /// (`limits/heap.rs`): a value takes several times its text (`[0,0,...]` about 12).
    heap: Option<(isize, usize)>,
}

fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

fn is_delim(b: u8) -> bool {
    is_ws(b) || matches!(b, b'[' | b']' | b'{' | b'}' | b',' | b':' | b'"')
}

fn err<T>(msg: &'static str, pos: usize) -> Result<T, ParseError> {
    Err(ParseError { msg, pos })
}

impl<'a> Reader<'a> {
    pub fn new(buf: &'a [u8]) -> Reader<'a> {
        Reader {
            buf,
            pos: 0,
            heap: None,
        }
    }

    /// Stops with an out-of-memory error once the values read hold more than `room` bytes
    /// of heap.
    pub fn within(mut self, room: usize) -> Reader<'a> {
        self.heap = Some((crate::limits::heap::live_bytes(), room));
        self
    }

    fn heap_ok(&self) -> Result<(), ParseError> {
        match self.heap {
            Some((base, room))
                if crate::limits::heap::live_bytes()
                    .saturating_sub(base)
                    .max(0) as usize
                    > room =>
            {
                err(OUT_OF_MEMORY, self.pos)
            }
            _ => Ok(()),
        }
    }

    /// Bytes consumed so far.
    pub fn pos(&self) -> usize {
        self.pos
    }

    fn skip_ws(&mut self) {
        while self.pos < self.buf.len() && is_ws(self.buf[self.pos]) {
            self.pos += 1;
        }
    }

    /// The next value, `None` at the end of the input.
    pub fn next_value(&mut self) -> Option<Result<Val, ParseError>> {
        self.skip_ws();
        if self.pos >= self.buf.len() {
            return None;
        }
        let r = self.value(0);
        if r.is_err() {
            self.pos = self.buf.len();
        }
        Some(r)
    }

    fn eof<T>(&self) -> Result<T, ParseError> {
        err("Unfinished JSON term at EOF", self.buf.len())
    }

    fn value(&mut self, depth: usize) -> Result<Val, ParseError> {
        self.skip_ws();
        let Some(&c) = self.buf.get(self.pos) else {
            return self.eof();
        };
        match c {
            b'[' | b'{' => {
                if depth >= MAX_DEPTH {
                    return err("Exceeds depth limit for parsing", self.pos + 1);
                }
                self.pos += 1;
                if c == b'[' {
                    self.array(depth + 1)
                } else {
                    self.object(depth + 1)
                }
            }
            b'"' => {
                self.pos += 1;
                Ok(Val::utf8_str(self.string()?))
            }
            b']' => err("Unmatched ']'", self.pos + 1),
            b'}' => err("Unmatched '}'", self.pos + 1),
            b',' => err("Expected value before ','", self.pos + 1),
            b':' => err("':' not as part of an object", self.pos + 1),
            _ => self.literal(),
        }
    }

    fn literal(&mut self) -> Result<Val, ParseError> {
        let start = self.pos;
        while self.pos < self.buf.len() && !is_delim(self.buf[self.pos]) {
            self.pos += 1;
        }
        let tok = &self.buf[start..self.pos];
        // jq checks a literal when it sees the character that ends it, or the end.
        let at = (self.pos + 1).min(self.buf.len());
        let eof = self.pos == self.buf.len();
        match tok[0] {
            b't' | b'f' | b'n' => match tok {
                b"true" => Ok(Val::Bool(true)),
                b"false" => Ok(Val::Bool(false)),
                b"null" => Ok(Val::Null),
                _ if eof => err("Invalid literal at EOF", at),
                _ => err("Invalid literal", at),
            },
            _ => parse_number(tok).map(Val::Num).ok_or(ParseError {
                msg: if eof {
                    "Invalid numeric literal at EOF"
                } else {
                    "Invalid numeric literal"
                },
                pos: at,
            }),
        }
    }

    fn array(&mut self, depth: usize) -> Result<Val, ParseError> {
        let mut items = Vec::new();
        self.skip_ws();
        if self.buf.get(self.pos) == Some(&b']') {
            self.pos += 1;
            return Ok(Val::Arr(items.into()));
        }
        loop {
            items.push(self.value(depth)?);
            self.heap_ok()?;
            self.skip_ws();
            match self.buf.get(self.pos) {
                None => return self.eof(),
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Val::Arr(items.into()));
                }
                Some(b'}') => return err("Unmatched '}'", self.pos + 1),
                Some(_) => return err("Expected separator between values", self.pos + 1),
            }
            self.skip_ws();
            if self.buf.get(self.pos) == Some(&b']') {
                return err("Expected another array element", self.pos + 1);
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Val, ParseError> {
        let mut map = Map::default();
        self.skip_ws();
        if self.buf.get(self.pos) == Some(&b'}') {
            self.pos += 1;
            return Ok(Val::obj(map));
        }
        loop {
            self.skip_ws();
            match self.buf.get(self.pos) {
                None => return self.eof(),
                Some(b'"') => self.pos += 1,
                Some(_) => return err("Object keys must be strings", self.pos + 1),
            }
            let key = Val::utf8_str(self.string()?);
            self.skip_ws();
            match self.buf.get(self.pos) {
                None => return self.eof(),
                Some(b':') => self.pos += 1,
                Some(_) => return err("Objects must consist of key:value pairs", self.pos + 1),
            }
            let v = self.value(depth)?;
            map.insert(key, v);
            self.heap_ok()?;
            self.skip_ws();
            match self.buf.get(self.pos) {
                None => return self.eof(),
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Val::obj(map));
                }
                Some(b']') => return err("Unmatched ']'", self.pos + 1),
                Some(_) => return err("Expected separator between values", self.pos + 1),
            }
        }
    }

    /// The body of a string after its opening quote, as UTF-8 (invalid bytes replaced).
    fn string(&mut self) -> Result<String, ParseError> {
        let mut raw: Vec<u8> = Vec::new();
        loop {
            let Some(&c) = self.buf.get(self.pos) else {
                return self.eof();
            };
            self.pos += 1;
            match c {
                b'"' => return Ok(String::from_utf8_lossy(&raw).into_owned()),
                b'\\' => {
                    let Some(&e) = self.buf.get(self.pos) else {
                        return self.eof();
                    };
                    self.pos += 1;
                    match e {
                        b'"' | b'\\' | b'/' => raw.push(e),
                        b'b' => raw.push(8),
                        b'f' => raw.push(12),
                        b'n' => raw.push(b'\n'),
                        b'r' => raw.push(b'\r'),
                        b't' => raw.push(b'\t'),
                        b'u' => {
                            let ch = self.unicode_escape()?;
                            let mut b = [0u8; 4];
                            raw.extend_from_slice(ch.encode_utf8(&mut b).as_bytes());
                        }
                        _ => return self.string_error("Invalid escape"),
                    }
                }
                _ => raw.push(c),
            }
        }
    }

    /// jq reports a bad string when it reaches the closing quote.
    fn string_error<T>(&mut self, msg: &'static str) -> Result<T, ParseError> {
        let mut p = self.pos;
        while p < self.buf.len() && self.buf[p] != b'"' {
            p += if self.buf[p] == b'\\' { 2 } else { 1 };
        }
        if p >= self.buf.len() {
            return self.eof();
        }
        err(msg, p + 1)
    }

    fn hex4(&mut self) -> Option<u32> {
        let h = self.buf.get(self.pos..self.pos + 4)?;
        let s = std::str::from_utf8(h).ok()?;
        let v = u32::from_str_radix(s, 16).ok()?;
        self.pos += 4;
        Some(v)
    }

    fn unicode_escape(&mut self) -> Result<char, ParseError> {
        let Some(hi) = self.hex4() else {
            return self.string_error("Invalid escape");
        };
        if (0xD800..0xDC00).contains(&hi) {
            if self.buf.get(self.pos..self.pos + 2) == Some(b"\\u") {
                self.pos += 2;
                if let Some(lo) = self.hex4() {
                    if (0xDC00..0xE000).contains(&lo) {
                        let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                        return Ok(char::from_u32(c).unwrap_or('\u{FFFD}'));
                    }
                }
            }
            return self.string_error("Invalid \\uXXXX\\uXXXX surrogate pair escape");
        }
        if (0xDC00..0xE000).contains(&hi) {
            return self.string_error("Invalid \\uXXXX\\uXXXX surrogate pair escape");
        }
        Ok(char::from_u32(hi).unwrap_or('\u{FFFD}'))
    }
}

/// A numeric token as jq 1.6 reads it (`strtod` over the whole token): a double, kept as an
/// integer when it is one that a double holds exactly.
pub fn parse_number(tok: &[u8]) -> Option<Num> {
    if !tok
        .iter()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'))
    {
        return None;
    }
    let s = std::str::from_utf8(tok).ok()?;
    let x: f64 = s.parse().ok()?;
    Some(num_from_f64(x))
}

/// A double as a jaq number: an integer when it is integral and exact.
pub fn num_from_f64(x: f64) -> Num {
    if x.fract() == 0.0 && x.abs() <= 9_007_199_254_740_992.0 && !(x == 0.0 && x.is_sign_negative())
    {
        Num::Int(x as isize)
    } else {
        Num::Float(x)
    }
}

/// Parses exactly one JSON text as jq's `jv_parse` does (`--argjson`, `fromjson`; `--slurpfile`
/// uses [`Reader`]): an error in a second text is that error.
pub fn parse_one(buf: &[u8]) -> Result<Val, ParseError> {
    parse_one_within(buf, usize::MAX)
}

/// [`parse_one`] whose values may hold at most `room` bytes of heap.
pub fn parse_one_within(buf: &[u8], room: usize) -> Result<Val, ParseError> {
    let mut r = Reader::new(buf).within(room);
    match r.next_value() {
        None => err(NO_VALUE, buf.len()),
        Some(Err(e)) => Err(e),
        Some(Ok(v)) => match r.next_value() {
            None => Ok(v),
            Some(Err(e)) => Err(e),
            Some(Ok(_)) => err(EXTRA, buf.len()),
        },
    }
}
