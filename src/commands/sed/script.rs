//! The sed script compiler: addresses, commands, `s///` replacements and labels, from script
//! text to the command list that [`super::Exec`] runs.

use super::super::posix_re::{Flavor, Options, Regex};
use std::collections::HashMap;
use std::rc::Rc;
// ---- script representation --------------------------------------------------------------------

#[derive(Clone)]
pub(super) enum Addr {
    Line(u64),
    Last,
    /// `None`: the empty regex (the last one used).
    Re(Option<Rc<Regex>>),
    Step(u64, u64),
    Zero,
}

#[derive(Clone)]
pub(super) enum Addr2 {
    A(Addr),
    Plus(u64),
    Mult(u64),
}

#[derive(Clone, Copy)]
pub(super) enum Case {
    Upper,
    Lower,
    UpperOne,
    LowerOne,
    End,
}

#[derive(Clone)]
pub(super) enum Repl {
    Lit(Vec<u8>),
    Group(usize),
    Case(Case),
}

pub(super) struct Subst {
    pub(super) re: Option<Rc<Regex>>,
    pub(super) repl: Vec<Repl>,
    pub(super) global: bool,
    pub(super) nth: u64,
    pub(super) print: u32,
    pub(super) write: Option<usize>,
}

pub(super) enum Kind {
    Block(usize),
    EndBlock,
    Nop,
    S(Box<Subst>),
    Y(HashMap<Vec<u8>, Vec<u8>>),
    Eq,
    /// `F`: the input file's name (`-` for standard input).
    F,
    P,
    BigP,
    D,
    BigD,
    N,
    BigN,
    H,
    BigH,
    G,
    BigG,
    X,
    Z,
    L(Option<usize>),
    Q(i32),
    BigQ(i32),
    A(Vec<u8>),
    I(Vec<u8>),
    C(Vec<u8>),
    R(Vec<u8>),
    BigR(Vec<u8>),
    W(usize),
    /// Branch: label name while parsing, then the target index (`usize::MAX`: end).
    B(Vec<u8>, usize),
    T(Vec<u8>, usize),
    BigT(Vec<u8>, usize),
    Label(Vec<u8>),
}

pub(super) struct Cmd {
    pub(super) a1: Option<Addr>,
    pub(super) a2: Option<Addr2>,
    pub(super) neg: bool,
    pub(super) kind: Kind,
    pub(super) active: bool,
    pub(super) end_line: u64,
    /// A range whose first address is a line number has ended: it never starts again.
    pub(super) closed: bool,
}

pub(super) struct WFile {
    pub(super) path: Vec<u8>,
    pub(super) data: Vec<u8>,
    /// The last line written lacked its newline (GNU adds it before the next write).
    pub(super) missing_nl: bool,
}

pub(super) struct ScriptErr(pub(super) String);

pub(super) struct Compiler<'a> {
    pub(super) s: &'a [u8],
    pub(super) i: usize,
    /// Where the current piece came from, for messages: `-e expression #N` or `file F line`.
    pub(super) origin: String,
    pub(super) ere: bool,
    /// The C locale: a character is a byte (in regexes and `y`), not a UTF-8 sequence.
    pub(super) bytes: bool,
    pub(super) sandbox: bool,
    pub(super) cmds: Vec<Cmd>,
    pub(super) blocks: Vec<usize>,
    pub(super) wfiles: Vec<WFile>,
}

impl Compiler<'_> {
    fn err(&self, msg: &str) -> ScriptErr {
        ScriptErr(format!("{}, char {}: {}", self.origin, self.i, msg))
    }
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn next(&mut self) -> Option<u8> {
        let c = self.peek();
        if c.is_some() {
            self.i += 1;
        }
        c
    }
    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.i += 1;
        }
    }
    fn skip_ws_nl(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b';')) {
            self.i += 1;
        }
    }
    fn number(&mut self) -> Option<u64> {
        let st = self.i;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.i += 1;
        }
        if st == self.i {
            return None;
        }
        Some(
            std::str::from_utf8(&self.s[st..self.i])
                .unwrap()
                .parse::<u64>()
                .unwrap_or(u64::MAX),
        )
    }

    /// Reads up to the unescaped delimiter; `\delim` becomes `delim` (unless regex-special `\n`).
    /// In a regex, a bracket expression is copied whole: the delimiter does not end it (GNU).
    fn delimited(&mut self, delim: u8, regex: bool) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        loop {
            let c = self.next()?;
            if c == b'[' && regex {
                out.push(c);
                self.bracket(&mut out)?;
                continue;
            }
            if c == delim {
                return Some(out);
            }
            if c == b'\\' {
                let n = self.next()?;
                if n == delim {
                    // `\&` with `&` as the delimiter stays a literal `&` in the replacement.
                    if delim == b'&' {
                        out.push(b'\\');
                    }
                    out.push(n);
                } else if n == b'\n' && regex {
                    out.push(b'\n');
                } else {
                    out.push(b'\\');
                    out.push(n);
                }
                continue;
            }
            if c == b'\n' && regex {
                return None;
            }
            out.push(c);
        }
    }

    /// Copies the rest of a bracket expression (after its `[`) through the closing `]`.
    fn bracket(&mut self, out: &mut Vec<u8>) -> Option<()> {
        if self.peek() == Some(b'^') {
            out.push(self.next()?);
        }
        if self.peek() == Some(b']') {
            out.push(self.next()?);
        }
        loop {
            let c = self.next()?;
            if c == b'\n' {
                return None;
            }
            out.push(c);
            match c {
                b']' => return Some(()),
                b'[' if matches!(self.peek(), Some(b':' | b'.' | b'=')) => {
                    let kind = self.next()?;
                    out.push(kind);
                    loop {
                        let d = self.next()?;
                        if d == b'\n' {
                            return None;
                        }
                        out.push(d);
                        if d == kind && self.peek() == Some(b']') {
                            out.push(self.next()?);
                            break;
                        }
                    }
                }
                _ => {}
            }
        }
    }

    fn compile_re(
        &self,
        pat: &[u8],
        icase: bool,
        multi: bool,
    ) -> Result<Option<Rc<Regex>>, ScriptErr> {
        if pat.is_empty() {
            return Ok(None);
        }
        let o = Options {
            flavor: if self.ere {
                Flavor::Extended
            } else {
                Flavor::Basic
            },
            icase,
            multiline: multi,
            sed_escapes: true,
            bytes: self.bytes,
        };
        match Regex::new(pat, o) {
            Ok(r) => Ok(Some(Rc::new(r))),
            Err(e) => Err(self.err(e.message())),
        }
    }

    fn addr(&mut self) -> Result<Option<Addr>, ScriptErr> {
        match self.peek() {
            Some(b'0'..=b'9') => {
                let n = self.number().unwrap();
                if self.peek() == Some(b'~') {
                    self.i += 1;
                    let step = self.number().unwrap_or(0);
                    return Ok(Some(Addr::Step(n, step)));
                }
                Ok(Some(if n == 0 { Addr::Zero } else { Addr::Line(n) }))
            }
            Some(b'$') => {
                self.i += 1;
                Ok(Some(Addr::Last))
            }
            Some(b'/') | Some(b'\\') => {
                let mut delim = self.next().unwrap();
                if delim == b'\\' {
                    delim = match self.next() {
                        Some(d) => d,
                        None => return Err(self.err("unexpected `,'")),
                    };
                }
                let Some(pat) = self.delimited(delim, true) else {
                    return Err(self.err("unterminated address regex"));
                };
                let (mut icase, mut multi) = (false, false);
                loop {
                    match self.peek() {
                        Some(b'I') => icase = true,
                        Some(b'M') => multi = true,
                        _ => break,
                    }
                    self.i += 1;
                }
                Ok(Some(Addr::Re(self.compile_re(&pat, icase, multi)?)))
            }
            _ => Ok(None),
        }
    }

    /// Text argument of a, i, c.
    fn text(&mut self) -> Vec<u8> {
        self.skip_ws();
        if self.peek() == Some(b'\\') {
            self.i += 1;
            if self.peek() == Some(b'\n') {
                self.i += 1;
            }
        }
        let mut out = Vec::new();
        while let Some(c) = self.next() {
            match c {
                b'\n' => break,
                b'\\' => match self.next() {
                    Some(b't') => out.push(b'\t'),
                    Some(b'a') => out.push(7),
                    Some(b'f') => out.push(12),
                    Some(b'v') => out.push(11),
                    Some(b'r') => out.push(b'\r'),
                    Some(b'n') => out.push(b'\n'),
                    Some(x) => out.push(x),
                    None => {}
                },
                _ => out.push(c),
            }
        }
        if !out.is_empty() {
            out.push(b'\n');
        }
        out
    }

    fn rest_of_line(&mut self) -> Vec<u8> {
        let st = self.i;
        while self.peek().is_some_and(|b| b != b'\n') {
            self.i += 1;
        }
        let v = self.s[st..self.i].to_vec();
        if self.peek() == Some(b'\n') {
            self.i += 1;
        }
        v
    }

    /// A label (GNU `read_label`): leading blanks skipped, then up to whitespace, `;` or `}`;
    /// blanks and one `;` after it are consumed.
    fn label(&mut self) -> Vec<u8> {
        self.skip_ws();
        let st = self.i;
        while self
            .peek()
            .is_some_and(|b| !b.is_ascii_whitespace() && b != b';' && b != b'}')
        {
            self.i += 1;
        }
        let v = self.s[st..self.i].to_vec();
        self.skip_ws();
        v
    }

    fn filename(&mut self) -> Result<Vec<u8>, ScriptErr> {
        self.skip_ws();
        let f = self.rest_of_line();
        if f.is_empty() {
            return Err(self.err("missing filename in r/R/w/W commands"));
        }
        Ok(f)
    }

    fn wfile(&mut self, path: Vec<u8>) -> usize {
        if let Some(i) = self.wfiles.iter().position(|w| w.path == path) {
            return i;
        }
        self.wfiles.push(WFile {
            path,
            data: Vec::new(),
            missing_nl: false,
        });
        self.wfiles.len() - 1
    }

    /// After a command: spaces, then `;`, newline, `}`, `#` or the end.
    fn end_of_cmd(&mut self) -> Result<(), ScriptErr> {
        self.skip_ws();
        match self.peek() {
            None | Some(b'\n') | Some(b';') => {
                self.i += usize::from(self.peek().is_some());
                Ok(())
            }
            Some(b'}') | Some(b'#') => Ok(()),
            _ => {
                self.i += 1;
                Err(self.err("extra characters after command"))
            }
        }
    }

    pub(super) fn piece(&mut self) -> Result<(), ScriptErr> {
        loop {
            self.skip_ws_nl();
            let Some(c) = self.peek() else { return Ok(()) };
            if c == b'#' {
                self.rest_of_line();
                continue;
            }
            let a1 = self.addr()?;
            let mut a2 = None;
            if a1.is_some() {
                self.skip_ws();
                if self.peek() == Some(b',') {
                    self.i += 1;
                    self.skip_ws();
                    a2 = Some(match self.peek() {
                        Some(b'+') => {
                            self.i += 1;
                            Addr2::Plus(
                                self.number()
                                    .ok_or_else(|| self.err("expected newer version of sed"))?,
                            )
                        }
                        Some(b'~') => {
                            self.i += 1;
                            Addr2::Mult(
                                self.number()
                                    .ok_or_else(|| self.err("expected newer version of sed"))?,
                            )
                        }
                        _ => match self.addr()? {
                            Some(Addr::Step(n, _)) => Addr2::A(Addr::Line(n)),
                            // As a range's end, 0 is an ordinary line number (`1,0p`).
                            Some(Addr::Zero) => Addr2::A(Addr::Line(0)),
                            Some(a) => Addr2::A(a),
                            None => return Err(self.err("unexpected `,'")),
                        },
                    });
                }
            }
            if matches!(a1, Some(Addr::Zero)) && !matches!(a2, Some(Addr2::A(Addr::Re(_)))) {
                // GNU sed notices after reading the next character (`!` or the command).
                self.skip_ws();
                if self.peek().is_some() {
                    self.i += 1;
                }
                return Err(self.err("invalid usage of line address 0"));
            }
            self.skip_ws();
            let mut neg = false;
            while self.peek() == Some(b'!') {
                if neg {
                    self.i += 1;
                    return Err(self.err("multiple `!'s"));
                }
                neg = true;
                self.i += 1;
                self.skip_ws();
            }
            let Some(c) = self.next() else {
                return Err(self.err("missing command"));
            };
            let one_addr = |me: &Self| -> Result<(), ScriptErr> {
                if a2.is_some() {
                    return Err(me.err("command only uses one address"));
                }
                Ok(())
            };
            let kind = match c {
                b'{' => {
                    self.blocks.push(self.cmds.len());
                    Kind::Block(0)
                }
                b'}' => {
                    if a1.is_some() {
                        return Err(self.err("} doesn't want any addresses"));
                    }
                    let Some(open) = self.blocks.pop() else {
                        return Err(self.err("unexpected `}'"));
                    };
                    let here = self.cmds.len();
                    self.cmds[open].kind = Kind::Block(here);
                    self.end_of_cmd()?;
                    self.cmds.push(Cmd {
                        a1: None,
                        a2: None,
                        neg: false,
                        kind: Kind::EndBlock,
                        active: false,
                        end_line: 0,
                        closed: false,
                    });
                    continue;
                }
                b':' => {
                    if a1.is_some() {
                        return Err(self.err(": doesn't want any addresses"));
                    }
                    let l = self.label();
                    if l.is_empty() {
                        return Err(self.err("\":\" lacks a label"));
                    }
                    if self.peek() == Some(b';') {
                        self.i += 1;
                    }
                    Kind::Label(l)
                }
                b'=' => Kind::Eq,
                b'F' => Kind::F,
                b'p' => Kind::P,
                b'P' => Kind::BigP,
                b'd' => Kind::D,
                b'D' => Kind::BigD,
                b'n' => Kind::N,
                b'N' => Kind::BigN,
                b'h' => Kind::H,
                b'H' => Kind::BigH,
                b'g' => Kind::G,
                b'G' => Kind::BigG,
                b'x' => Kind::X,
                b'z' => Kind::Z,
                b'l' | b'q' | b'Q' => {
                    if c != b'l' {
                        one_addr(self)?;
                    }
                    self.skip_ws();
                    let n = self.number();
                    match c {
                        b'l' => Kind::L(n.map(|n| n as usize)),
                        b'q' => Kind::Q(n.unwrap_or(0) as i32),
                        _ => Kind::BigQ(n.unwrap_or(0) as i32),
                    }
                }
                b'a' | b'i' | b'c' => {
                    let t = self.text();
                    self.cmds.push(Cmd {
                        a1,
                        a2,
                        neg,
                        kind: match c {
                            b'a' => Kind::A(t),
                            b'i' => Kind::I(t),
                            _ => Kind::C(t),
                        },
                        active: false,
                        end_line: 0,
                        closed: false,
                    });
                    continue;
                }
                b'r' | b'R' | b'w' => {
                    if self.sandbox {
                        return Err(self.err("e/r/w commands disabled in sandbox mode"));
                    }
                    let f = self.filename()?;
                    let kind = match c {
                        b'r' => Kind::R(f),
                        b'R' => Kind::BigR(f),
                        _ => Kind::W(self.wfile(f)),
                    };
                    self.cmds.push(Cmd {
                        a1,
                        a2,
                        neg,
                        kind,
                        active: false,
                        end_line: 0,
                        closed: false,
                    });
                    continue;
                }
                b'b' | b't' | b'T' => {
                    let l = self.label();
                    if self.peek() == Some(b';') {
                        self.i += 1;
                    }
                    let k = match c {
                        b'b' => Kind::B(l, 0),
                        b't' => Kind::T(l, 0),
                        _ => Kind::BigT(l, 0),
                    };
                    self.cmds.push(Cmd {
                        a1,
                        a2,
                        neg,
                        kind: k,
                        active: false,
                        end_line: 0,
                        closed: false,
                    });
                    continue;
                }
                b's' => self.subst()?,
                b'y' => self.trans()?,
                b'v' => {
                    self.label();
                    Kind::Nop
                }
                b'e' | b'W' => {
                    return Err(self.err(&format!(
                        "command `{}' is not supported by this simulator",
                        c as char
                    )));
                }
                _ => {
                    return Err(self.err(&format!(
                        "unknown command: `{}'",
                        String::from_utf8_lossy(&[c])
                    )))
                }
            };
            let is_block = matches!(kind, Kind::Block(_));
            let is_label = matches!(kind, Kind::Label(_));
            self.cmds.push(Cmd {
                a1,
                a2,
                neg,
                kind,
                active: false,
                end_line: 0,
                closed: false,
            });
            if !is_block && !is_label {
                self.end_of_cmd()?;
            }
        }
    }

    fn subst(&mut self) -> Result<Kind, ScriptErr> {
        let Some(delim) = self.next() else {
            return Err(self.err("unterminated `s' command"));
        };
        if delim == b'\n' || delim == b'\\' {
            return Err(self.err("unterminated `s' command"));
        }
        let Some(pat) = self.delimited(delim, true) else {
            return Err(self.err("unterminated `s' command"));
        };
        let Some(rep) = self.delimited(delim, false) else {
            return Err(self.err("unterminated `s' command"));
        };
        let (mut global, mut nth, mut print, mut icase, mut multi, mut write) =
            (false, 0u64, 0u32, false, false, None);
        loop {
            match self.peek() {
                Some(b'g') => {
                    self.i += 1;
                    if global {
                        return Err(self.err("multiple `g' options to `s' command"));
                    }
                    global = true;
                }
                Some(b'p') => {
                    self.i += 1;
                    if print > 0 {
                        return Err(self.err("multiple `p' options to `s' command"));
                    }
                    print += 1;
                }
                Some(b'i' | b'I') => {
                    self.i += 1;
                    icase = true;
                }
                Some(b'm' | b'M') => {
                    self.i += 1;
                    multi = true;
                }
                Some(b'e') => {
                    self.i += 1;
                    return Err(self.err("the `e' flag of `s' is not supported by this simulator"));
                }
                Some(b'0'..=b'9') => {
                    if nth > 0 {
                        self.i += 1;
                        return Err(self.err("multiple number options to `s' command"));
                    }
                    let n = self.number().unwrap();
                    if n == 0 {
                        return Err(self.err("number option to `s' command may not be zero"));
                    }
                    nth = n;
                }
                Some(b'w') => {
                    self.i += 1;
                    if self.sandbox {
                        return Err(self.err("e/r/w commands disabled in sandbox mode"));
                    }
                    let f = self.filename()?;
                    write = Some(self.wfile(f));
                    // The filename took the rest of the line.
                    self.i -= usize::from(self.i > 0 && self.s[self.i - 1] == b'\n');
                    break;
                }
                None | Some(b'\n' | b';' | b' ' | b'\t' | b'}' | b'#') => break,
                Some(_) => {
                    self.i += 1;
                    return Err(self.err("unknown option to `s'"));
                }
            }
        }
        let re = self.compile_re(&pat, icase, multi)?;
        let repl = self.replacement(&rep)?;
        if let Some(r) = &re {
            for p in &repl {
                if let Repl::Group(g) = p {
                    if *g > r.ngroups {
                        return Err(
                            self.err(&format!("invalid reference \\{g} on `s' command's RHS"))
                        );
                    }
                }
            }
        }
        Ok(Kind::S(Box::new(Subst {
            re,
            repl,
            global,
            nth: nth.max(1),
            print,
            write,
        })))
    }

    fn replacement(&self, rep: &[u8]) -> Result<Vec<Repl>, ScriptErr> {
        let mut out = Vec::new();
        let mut lit = Vec::new();
        let mut i = 0;
        let flush = |lit: &mut Vec<u8>, out: &mut Vec<Repl>| {
            if !lit.is_empty() {
                out.push(Repl::Lit(std::mem::take(lit)));
            }
        };
        while i < rep.len() {
            let c = rep[i];
            i += 1;
            if c == b'&' {
                flush(&mut lit, &mut out);
                out.push(Repl::Group(0));
                continue;
            }
            if c != b'\\' || i >= rep.len() {
                lit.push(c);
                continue;
            }
            let n = rep[i];
            i += 1;
            match n {
                b'0'..=b'9' => {
                    flush(&mut lit, &mut out);
                    out.push(Repl::Group((n - b'0') as usize));
                }
                b'L' | b'U' | b'l' | b'u' | b'E' => {
                    flush(&mut lit, &mut out);
                    out.push(Repl::Case(match n {
                        b'L' => Case::Lower,
                        b'U' => Case::Upper,
                        b'l' => Case::LowerOne,
                        b'u' => Case::UpperOne,
                        _ => Case::End,
                    }));
                }
                _ => {
                    let (b, used) = text_escape(n, &rep[i..]).unwrap_or((n, 0));
                    lit.push(b);
                    i += used;
                }
            }
        }
        flush(&mut lit, &mut out);
        Ok(out)
    }

    fn trans(&mut self) -> Result<Kind, ScriptErr> {
        let Some(delim) = self.next() else {
            return Err(self.err("unterminated `y' command"));
        };
        let Some(a) = self.delimited(delim, false) else {
            return Err(self.err("unterminated `y' command"));
        };
        let Some(b) = self.delimited(delim, false) else {
            return Err(self.err("unterminated `y' command"));
        };
        let bytes = self.bytes;
        // Escapes become bytes first; then the text is split into the locale's characters
        // (so in UTF-8 `\xc3\xa9` is one character, as in GNU sed).
        let chars = |s: &[u8]| -> Vec<Vec<u8>> {
            let mut text = Vec::with_capacity(s.len());
            let mut i = 0;
            while i < s.len() {
                if s[i] == b'\\' && i + 1 < s.len() {
                    let n = s[i + 1];
                    let (c, used) = text_escape(n, &s[i + 2..]).unwrap_or((n, 0));
                    text.push(c);
                    i += 2 + used;
                } else {
                    text.push(s[i]);
                    i += 1;
                }
            }
            let mut v = Vec::new();
            let mut i = 0;
            while i < text.len() {
                let l = super::super::posix_re::char_len(&text[i..], bytes);
                v.push(text[i..i + l].to_vec());
                i += l;
            }
            v
        };
        let (ca, cb) = (chars(&a), chars(&b));
        if ca.len() != cb.len() {
            return Err(self.err("strings for `y' command are different lengths"));
        }
        let mut map = HashMap::new();
        for (x, y) in ca.into_iter().zip(cb) {
            map.entry(x).or_insert(y);
        }
        // The caller ends the command (a second end_of_cmd here swallowed the `;` and then
        // refused the next command).
        Ok(Kind::Y(map))
    }
}

// ---- input ------------------------------------------------------------------------------------

pub(super) fn resolve_labels(cmds: &mut [Cmd]) -> Result<(), String> {
    let mut labels: HashMap<Vec<u8>, usize> = HashMap::new();
    for (i, c) in cmds.iter().enumerate() {
        if let Kind::Label(l) = &c.kind {
            if labels.insert(l.clone(), i).is_some() {
                return Err(format!(
                    "-e expression #1, char 0: duplicate label `{}'",
                    String::from_utf8_lossy(l)
                ));
            }
        }
    }
    for c in cmds.iter_mut() {
        match &mut c.kind {
            Kind::B(l, t) | Kind::T(l, t) | Kind::BigT(l, t) => {
                if l.is_empty() {
                    *t = usize::MAX;
                } else {
                    match labels.get(l.as_slice()) {
                        Some(i) => *t = *i,
                        None => {
                            return Err(format!(
                                "can't find label for jump to `{}'",
                                String::from_utf8_lossy(l)
                            ))
                        }
                    }
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The byte a sed text escape stands for (`\n \t \a \f \v \r \cX \dNNN \oNNN \xHH`), given the
/// byte after the backslash and the text after that, with how many bytes of that text it used;
/// `None` when the escape is not one of these.
fn text_escape(n: u8, rest: &[u8]) -> Option<(u8, usize)> {
    Some(match n {
        b'n' => (b'\n', 0),
        b't' => (b'\t', 0),
        b'a' => (7, 0),
        b'f' => (12, 0),
        b'v' => (11, 0),
        b'r' => (b'\r', 0),
        b'c' if !rest.is_empty() => (rest[0].to_ascii_uppercase() ^ 0x40, 1),
        b'd' | b'o' | b'x' => {
            let (radix, max) = match n {
                b'd' => (10, 3),
                b'o' => (8, 3),
                _ => (16, 2),
            };
            let digits = rest
                .iter()
                .take(max)
                .take_while(|b| (**b as char).is_digit(radix))
                .count();
            if digits == 0 {
                return None;
            }
            let v = rest[..digits].iter().fold(0u32, |v, b| {
                v * radix + (*b as char).to_digit(radix).unwrap_or(0)
            });
            ((v & 0xff) as u8, digits)
        }
        _ => return None,
    })
}
