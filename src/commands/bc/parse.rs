//! bc's grammar: a lexer and a recursive-descent parser over bytes, with POSIX bc's
//! precedence (`||` < `&&` < `!` < relations < assignment < `+ -` < `* / %` < `^` < unary
//! minus < `++ --`).

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Num(Vec<u8>),
    Name(Vec<u8>),
    Str(Vec<u8>),
    Op(&'static str),
    Newline,
    Eof,
}

#[derive(Clone, Debug)]
pub enum Expr {
    Num(Vec<u8>),
    Var(Vec<u8>),
    /// `name[index]`.
    Elem(Vec<u8>, Box<Expr>),
    /// `name[]`, only as a function argument: the whole array.
    Array(Vec<u8>),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Bin(&'static str, Box<Expr>, Box<Expr>),
    /// Assignment: the operator (`=`, `+=`, ...), the variable or element, the value.
    Assign(&'static str, Box<Expr>, Box<Expr>),
    /// `++x`/`--x` (pre = true) or `x++`/`x--` on a variable or element; delta is +1 or -1.
    Inc(Box<Expr>, bool, i64),
    Call(Vec<u8>, Vec<Expr>),
}

#[derive(Clone, Debug)]
pub enum Stmt {
    Expr(Expr),
    Str(Vec<u8>),
    Print(Vec<Result<Expr, Vec<u8>>>),
    Block(Vec<Stmt>),
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    While(Expr, Box<Stmt>),
    For(Option<Expr>, Option<Expr>, Option<Expr>, Box<Stmt>),
    Break,
    Continue,
    Return(Option<Expr>),
    /// Name, parameters, autos, body.
    Define(Vec<u8>, Vec<Param>, Vec<Param>, Vec<Stmt>),
    Quit,
    Empty,
}

/// A parameter or auto: `x`, `x[]`, or (parameters only) `*x[]`, an array by reference.
#[derive(Clone, Debug)]
pub struct Param {
    pub name: Vec<u8>,
    pub array: bool,
    pub by_ref: bool,
}

const OPS: &[&str] = &[
    "++", "--", "+=", "-=", "*=", "/=", "%=", "^=", "==", "!=", "<=", ">=", "&&", "||", "+", "-",
    "*", "/", "%", "^", "=", "<", ">", "!", "(", ")", "{", "}", ",", ";", "[", "]",
];

/// What the lexer made of a run of whole lines.
pub struct Lexed {
    /// The tokens with their lines, ending with `Eof`.
    pub toks: Vec<(Tok, usize)>,
    /// Illegal characters as (index of the token they come before, line, byte): GNU bc
    /// reports each one, skips it, and does not run the input line it is on.
    pub bad: Vec<(usize, usize, u8)>,
    /// The text ended inside a `/* */` comment (only when lexed as the end of the input).
    pub eof_in_comment: bool,
}

/// A string or comment is still open at the end of the text: more lines are needed.
#[derive(Debug)]
pub struct Open {
    /// What would close it: `"` or `*/`.
    pub closer: &'static [u8],
}

/// Lexes `src`, numbering lines from 1. Unless `at_end`, a string or comment left open is
/// [`Open`]; at the end an open string's quote is an illegal character (as in GNU bc) and an
/// open comment ends the text.
pub fn lex(src: &[u8], at_end: bool) -> Result<Lexed, Open> {
    let mut out = Vec::new();
    let mut bad = Vec::new();
    let mut eof_in_comment = false;
    let (mut i, mut line) = (0, 1);
    while i < src.len() {
        let c = src[i];
        if c == b'\n' {
            out.push((Tok::Newline, line));
            line += 1;
            i += 1;
        } else if c == b' ' || c == b'\t' || c == b'\r' {
            i += 1;
        } else if c == b'\\' && src.get(i + 1) == Some(&b'\n') {
            i += 2;
            line += 1;
        } else if c == b'#' {
            while i < src.len() && src[i] != b'\n' {
                i += 1;
            }
        } else if src[i..].starts_with(b"/*") {
            let Some(end) = src[i + 2..].windows(2).position(|w| w == b"*/") else {
                if !at_end {
                    return Err(Open { closer: b"*/" });
                }
                eof_in_comment = true;
                break;
            };
            line += src[i..i + end + 4].iter().filter(|b| **b == b'\n').count();
            i += end + 4;
        } else if c.is_ascii_digit() || c == b'.' || c.is_ascii_uppercase() {
            // A backslash-newline inside a number joins its digits, so bc reads back the long
            // numbers it prints split over lines.
            let digit = |b: Option<&u8>| {
                b.is_some_and(|b| b.is_ascii_digit() || *b == b'.' || b.is_ascii_uppercase())
            };
            let mut n = Vec::new();
            let at = line;
            loop {
                if digit(src.get(i)) {
                    n.push(src[i]);
                    i += 1;
                } else if src.get(i) == Some(&b'\\')
                    && src.get(i + 1) == Some(&b'\n')
                    && digit(src.get(i + 2))
                {
                    i += 2;
                    line += 1;
                } else {
                    break;
                }
            }
            out.push((Tok::Num(n), at));
        } else if c.is_ascii_lowercase() || c == b'_' {
            let st = i;
            while i < src.len()
                && (src[i].is_ascii_lowercase() || src[i].is_ascii_digit() || src[i] == b'_')
            {
                i += 1;
            }
            out.push((Tok::Name(src[st..i].to_vec()), line));
        } else if c == b'"' {
            let Some(end) = src[i + 1..].iter().position(|b| *b == b'"') else {
                if !at_end {
                    return Err(Open { closer: b"\"" });
                }
                bad.push((out.len(), line, c));
                i += 1;
                continue;
            };
            let s = src[i + 1..i + 1 + end].to_vec();
            line += s.iter().filter(|b| **b == b'\n').count();
            out.push((Tok::Str(s), line));
            i += end + 2;
        } else if let Some(op) = OPS.iter().find(|o| src[i..].starts_with(o.as_bytes())) {
            out.push((Tok::Op(op), line));
            i += op.len();
        } else {
            bad.push((out.len(), line, c));
            i += 1;
        }
    }
    out.push((Tok::Eof, line));
    Ok(Lexed {
        toks: out,
        bad,
        eof_in_comment,
    })
}

/// GNU bc's spelling of an illegal byte: `^X` for controls, `\ooo` past `~`.
pub fn illegal_char(c: u8) -> String {
    match c {
        0..=31 => format!("^{}", (c + 64) as char),
        127.. => format!("\\{c:03o}"),
        _ => (c as char).to_string(),
    }
}

pub struct Parser {
    pub toks: Vec<(Tok, usize)>,
    pub pos: usize,
    /// Where the last top-level statement started (for error recovery).
    pub start: usize,
}

/// A syntax error at a line.
pub type PR<T> = Result<T, usize>;

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].0
    }
    pub fn line(&self) -> usize {
        self.toks[self.pos].1
    }
    /// The line GNU bc reports a syntax error at the current token on: its line, or the next
    /// one for a newline (GNU's lexer has counted the newline by the time it is seen).
    fn error_line(&self) -> usize {
        self.line() + usize::from(*self.peek() == Tok::Newline)
    }
    fn bump(&mut self) -> Tok {
        let t = self.toks[self.pos].0.clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }
    fn is_op(&self, o: &str) -> bool {
        matches!(self.peek(), Tok::Op(x) if *x == o)
    }
    fn expect(&mut self, o: &str) -> PR<()> {
        if self.is_op(o) {
            self.bump();
            Ok(())
        } else {
            Err(self.error_line())
        }
    }
    fn is_kw(&self, k: &[u8]) -> bool {
        matches!(self.peek(), Tok::Name(n) if n == k)
    }
    fn skip_newlines(&mut self) {
        while *self.peek() == Tok::Newline {
            self.bump();
        }
    }
    pub fn at_eof(&self) -> bool {
        *self.peek() == Tok::Eof
    }

    /// Whether the statement just parsed ends its input line: only `;`s stand between it
    /// and a newline or the end of the tokens.
    pub fn line_ends(&self) -> bool {
        matches!(self.toks[self.line_end()].0, Tok::Newline | Tok::Eof)
    }

    /// The index of the first token from the current one on that is not a `;`.
    pub fn line_end(&self) -> usize {
        let mut i = self.pos;
        while matches!(self.toks[i].0, Tok::Op(";")) {
            i += 1;
        }
        i
    }

    /// Skips separators; the next top-level statement, or `None` at the end.
    pub fn next_top(&mut self) -> PR<Option<(Stmt, usize)>> {
        while *self.peek() == Tok::Newline || self.is_op(";") {
            self.bump();
        }
        if self.at_eof() {
            return Ok(None);
        }
        let start = self.line();
        self.start = self.pos;
        let s = self.stmt()?;
        if !(self.at_eof() || *self.peek() == Tok::Newline || self.is_op(";")) {
            return Err(self.error_line());
        }
        Ok(Some((s, start)))
    }

    fn stmt(&mut self) -> PR<Stmt> {
        match self.peek().clone() {
            Tok::Str(s) => {
                self.bump();
                Ok(Stmt::Str(s))
            }
            Tok::Op("{") => {
                self.bump();
                let mut v = Vec::new();
                loop {
                    while *self.peek() == Tok::Newline || self.is_op(";") {
                        self.bump();
                    }
                    if self.is_op("}") {
                        self.bump();
                        return Ok(Stmt::Block(v));
                    }
                    v.push(self.stmt()?);
                }
            }
            Tok::Name(n) => match n.as_slice() {
                b"quit" => {
                    self.bump();
                    Ok(Stmt::Quit)
                }
                b"break" => {
                    self.bump();
                    Ok(Stmt::Break)
                }
                b"continue" => {
                    self.bump();
                    Ok(Stmt::Continue)
                }
                b"print" => {
                    self.bump();
                    let mut items = Vec::new();
                    loop {
                        if let Tok::Str(s) = self.peek().clone() {
                            self.bump();
                            items.push(Err(s));
                        } else {
                            items.push(Ok(self.expr()?));
                        }
                        if !self.is_op(",") {
                            return Ok(Stmt::Print(items));
                        }
                        self.bump();
                    }
                }
                b"return" => {
                    self.bump();
                    if self.at_eof()
                        || *self.peek() == Tok::Newline
                        || self.is_op(";")
                        || self.is_op("}")
                    {
                        return Ok(Stmt::Return(None));
                    }
                    Ok(Stmt::Return(Some(self.expr()?)))
                }
                b"if" => {
                    self.bump();
                    self.expect("(")?;
                    let c = self.expr()?;
                    self.expect(")")?;
                    self.skip_newlines();
                    let t = self.stmt()?;
                    // As in GNU bc's grammar, `else` must follow the statement on its line:
                    // a newline or `;` before it ends the `if`.
                    if self.is_kw(b"else") {
                        self.bump();
                        self.skip_newlines();
                        let e = self.stmt()?;
                        return Ok(Stmt::If(c, Box::new(t), Some(Box::new(e))));
                    }
                    Ok(Stmt::If(c, Box::new(t), None))
                }
                b"while" => {
                    self.bump();
                    self.expect("(")?;
                    let c = self.expr()?;
                    self.expect(")")?;
                    self.skip_newlines();
                    Ok(Stmt::While(c, Box::new(self.stmt()?)))
                }
                b"for" => {
                    self.bump();
                    self.expect("(")?;
                    let mut parts = Vec::new();
                    for end in [";", ";", ")"] {
                        parts.push(if self.is_op(end) {
                            None
                        } else {
                            Some(self.expr()?)
                        });
                        self.expect(end)?;
                    }
                    self.skip_newlines();
                    let body = self.stmt()?;
                    let c = parts.pop().unwrap_or(None);
                    let b = parts.pop().unwrap_or(None);
                    let a = parts.pop().unwrap_or(None);
                    Ok(Stmt::For(a, b, c, Box::new(body)))
                }
                b"define" => self.define(),
                _ => Ok(Stmt::Expr(self.expr()?)),
            },
            Tok::Newline | Tok::Eof | Tok::Op(";") => Ok(Stmt::Empty),
            _ => Ok(Stmt::Expr(self.expr()?)),
        }
    }

    fn name(&mut self) -> PR<Vec<u8>> {
        match self.peek().clone() {
            Tok::Name(n) => {
                self.bump();
                Ok(n)
            }
            _ => Err(self.error_line()),
        }
    }

    fn param(&mut self, allow_ref: bool) -> PR<Param> {
        let by_ref = allow_ref && self.is_op("*");
        if by_ref {
            self.bump();
        }
        let name = self.name()?;
        let array = self.is_op("[");
        if array {
            self.bump();
            self.expect("]")?;
        } else if by_ref {
            return Err(self.error_line());
        }
        Ok(Param {
            name,
            array,
            by_ref,
        })
    }

    fn define(&mut self) -> PR<Stmt> {
        self.bump();
        let name = self.name()?;
        self.expect("(")?;
        let mut params = Vec::new();
        while !self.is_op(")") {
            params.push(self.param(true)?);
            if self.is_op(",") {
                self.bump();
            } else if !self.is_op(")") {
                return Err(self.error_line());
            }
        }
        self.bump();
        self.skip_newlines();
        self.expect("{")?;
        let mut autos = Vec::new();
        let mut body = Vec::new();
        loop {
            while *self.peek() == Tok::Newline || self.is_op(";") {
                self.bump();
            }
            if self.is_op("}") {
                self.bump();
                return Ok(Stmt::Define(name, params, autos, body));
            }
            if self.is_kw(b"auto") {
                self.bump();
                loop {
                    autos.push(self.param(false)?);
                    if !self.is_op(",") {
                        break;
                    }
                    self.bump();
                }
                continue;
            }
            body.push(self.stmt()?);
        }
    }

    pub fn expr(&mut self) -> PR<Expr> {
        let mut l = self.and()?;
        while self.is_op("||") {
            self.bump();
            l = Expr::Bin("||", Box::new(l), Box::new(self.and()?));
        }
        Ok(l)
    }
    fn and(&mut self) -> PR<Expr> {
        let mut l = self.not()?;
        while self.is_op("&&") {
            self.bump();
            l = Expr::Bin("&&", Box::new(l), Box::new(self.not()?));
        }
        Ok(l)
    }
    fn not(&mut self) -> PR<Expr> {
        if self.is_op("!") {
            self.bump();
            return Ok(Expr::Not(Box::new(self.not()?)));
        }
        self.rel()
    }
    fn rel(&mut self) -> PR<Expr> {
        let mut l = self.assign()?;
        while let Tok::Op(o @ ("<" | "<=" | ">" | ">=" | "==" | "!=")) = *self.peek() {
            self.bump();
            l = Expr::Bin(o, Box::new(l), Box::new(self.assign()?));
        }
        Ok(l)
    }
    fn assign(&mut self) -> PR<Expr> {
        let l = self.add()?;
        if let Tok::Op(o @ ("=" | "+=" | "-=" | "*=" | "/=" | "%=" | "^=")) = *self.peek() {
            if !matches!(l, Expr::Var(_) | Expr::Elem(..)) {
                return Err(self.error_line());
            }
            self.bump();
            return Ok(Expr::Assign(o, Box::new(l), Box::new(self.assign()?)));
        }
        Ok(l)
    }
    fn add(&mut self) -> PR<Expr> {
        let mut l = self.mul()?;
        while let Tok::Op(o @ ("+" | "-")) = *self.peek() {
            self.bump();
            l = Expr::Bin(o, Box::new(l), Box::new(self.mul()?));
        }
        Ok(l)
    }
    fn mul(&mut self) -> PR<Expr> {
        let mut l = self.pow()?;
        while let Tok::Op(o @ ("*" | "/" | "%")) = *self.peek() {
            self.bump();
            l = Expr::Bin(o, Box::new(l), Box::new(self.pow()?));
        }
        Ok(l)
    }
    fn pow(&mut self) -> PR<Expr> {
        let l = self.unary()?;
        if self.is_op("^") {
            self.bump();
            return Ok(Expr::Bin("^", Box::new(l), Box::new(self.pow()?)));
        }
        Ok(l)
    }
    fn unary(&mut self) -> PR<Expr> {
        if self.is_op("-") {
            self.bump();
            return Ok(Expr::Neg(Box::new(self.unary()?)));
        }
        if let Tok::Op(o @ ("++" | "--")) = *self.peek() {
            self.bump();
            let n = self.name()?;
            let target = self.maybe_elem(n)?;
            return Ok(Expr::Inc(
                Box::new(target),
                true,
                if o == "++" { 1 } else { -1 },
            ));
        }
        self.primary()
    }
    fn primary(&mut self) -> PR<Expr> {
        // The error is at the token itself: leave it for the recovery to see.
        if !matches!(self.peek(), Tok::Num(_) | Tok::Op("(") | Tok::Name(_)) {
            return Err(self.error_line());
        }
        match self.bump() {
            Tok::Num(n) => Ok(Expr::Num(n)),
            Tok::Op("(") => {
                let e = self.expr()?;
                self.expect(")")?;
                Ok(e)
            }
            Tok::Name(n) => {
                if self.is_op("(") {
                    self.bump();
                    let mut args = Vec::new();
                    // Only defined functions take whole arrays; `sqrt(a[])` is a syntax error.
                    let builtin = matches!(n.as_slice(), b"sqrt" | b"length" | b"scale" | b"read");
                    while !self.is_op(")") {
                        args.push(if builtin { self.expr()? } else { self.arg()? });
                        if self.is_op(",") {
                            self.bump();
                        } else if !self.is_op(")") {
                            return Err(self.error_line());
                        }
                    }
                    self.bump();
                    return Ok(Expr::Call(n, args));
                }
                let target = self.maybe_elem(n)?;
                if let Tok::Op(o @ ("++" | "--")) = *self.peek() {
                    self.bump();
                    let d = if o == "++" { 1 } else { -1 };
                    return Ok(Expr::Inc(Box::new(target), false, d));
                }
                Ok(target)
            }
            _ => Err(self.error_line()),
        }
    }

    /// `name` or `name[index]` after the name was read.
    fn maybe_elem(&mut self, n: Vec<u8>) -> PR<Expr> {
        if !self.is_op("[") {
            return Ok(Expr::Var(n));
        }
        self.bump();
        let i = self.expr()?;
        self.expect("]")?;
        Ok(Expr::Elem(n, Box::new(i)))
    }

    /// A call argument: an expression, or `name[]` for a whole array.
    fn arg(&mut self) -> PR<Expr> {
        if let (Tok::Name(n), Some((Tok::Op("["), _)), Some((Tok::Op("]"), _))) = (
            self.peek().clone(),
            self.toks.get(self.pos + 1),
            self.toks.get(self.pos + 2),
        ) {
            self.pos += 3;
            return Ok(Expr::Array(n));
        }
        self.expr()
    }
}
