//! Bash-compatible shell arithmetic (`$(( ))`, `(( ))`, `let`, array subscripts, ...).
//!
//! The text is parsed into an [`Expr`] tree which is then evaluated against an
//! [`ArithEnv`].  Bash evaluates arithmetic *while* it parses, so side effects
//! that happen before a syntax error are kept and an evaluation error that
//! occurs before a later syntax error wins.  To reproduce this exactly,
//! [`parse_lenient`] never fails: a syntax error becomes an [`Expr::Error`]
//! node placed at the point where bash would detect it, and the evaluator
//! raises it when it gets there.  [`parse`] is the strict variant that reports
//! the syntax error up front; [`eval_str`] uses the lenient parser.
//!
//! Error messages are the text bash prints after its `bash: line N: ` prefix
//! (callers such as `let` or `((` add their own `let: ` / `((: ` prefix).

use std::fmt;
use std::sync::Arc;

/// Bash's `MAX_EXPR_RECURSION_LEVEL`.
pub const MAX_EXPR_RECURSION: usize = 1024;
/// Maximum syntactic nesting (parentheses, unary operators, `**`, `?:`,
/// assignments, subscripts) accepted by the parser.
pub const MAX_PARSE_NESTING: usize = 256;

/// An arithmetic error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArithError {
    /// Message as bash prints it after `bash: line N: `.
    pub message: String,
    /// True when bash would exit a non-interactive shell even from `((`/`let`
    /// (an unbound variable under `set -u`; bash exits with status 127).
    /// Ordinary arithmetic errors are not fatal in this sense.
    pub fatal: bool,
}

impl ArithError {
    pub fn new(message: impl Into<String>) -> Self {
        ArithError {
            message: message.into(),
            fatal: false,
        }
    }
}

impl fmt::Display for ArithError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ArithError {}

/// Array subscript handed to the environment.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Index {
    /// Indexed array: the evaluated subscript.  It may be negative; resolving
    /// negative indices relative to the end (and reporting
    /// `a: bad array subscript`) is up to the environment.
    Int(i64),
    /// Associative array: the subscript text after shell quote removal
    /// (not trimmed, exactly as bash).
    Key(String),
}

/// The variable store the evaluator works on.
pub trait ArithEnv {
    /// Value of a scalar variable (or element 0 of an array), None if unset.
    fn get_var(&mut self, name: &str) -> Option<String>;
    /// Value of an array element.  Indexed arrays get `Index::Int` (already
    /// evaluated), associative arrays `Index::Key`.
    fn get_elem(&mut self, name: &str, index: &Index) -> Option<String>;
    /// Whether `name` is an associative array.
    fn is_assoc(&mut self, name: &str) -> bool;
    fn set_var(&mut self, name: &str, value: i64) -> Result<(), ArithError>;
    fn set_elem(&mut self, name: &str, index: &Index, value: i64) -> Result<(), ArithError>;
    /// Called once per evaluated AST node; returning Err stops evaluation.
    fn charge(&mut self) -> Result<(), ArithError>;
    /// `set -u`: whether referencing an unset variable is an error.
    fn nounset(&self) -> bool {
        false
    }
    /// Whether the variable exists (is set), used for `set -u` checks.  For
    /// arrays bash only complains when the whole variable is unset, not when
    /// the element is; override this for arrays without element 0.
    fn var_exists(&mut self, name: &str) -> bool {
        self.get_var(name).is_some()
    }
    /// Non-fatal diagnostics bash prints and then carries on (e.g.
    /// `a[@]: bad array subscript`).  The text excludes the `bash: line N: ` prefix.
    fn warn(&mut self, _message: &str) {}
}

/// Binary operators.  `LAnd`/`LOr` short-circuit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    LOr,
    LAnd,
    BitOr,
    BitXor,
    BitAnd,
    Eq,
    Ne,
    Le,
    Ge,
    Lt,
    Gt,
    Shl,
    Shr,
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Pow,
}

/// Prefix operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Plus,
    Not,
    BitNot,
}

/// The text of one expression (a slice of a shared string); used for error
/// messages, which quote the expression and the remaining text.
#[derive(Clone)]
pub struct Source {
    text: Arc<str>,
    start: usize,
    end: usize,
}

impl Source {
    fn new(s: &str) -> Source {
        let end = s.find('\0').unwrap_or(s.len());
        Source {
            text: Arc::from(s),
            start: 0,
            end,
        }
    }
    fn bytes(&self) -> &[u8] {
        &self.text.as_bytes()[self.start..self.end]
    }
    /// The expression text.
    pub fn as_str(&self) -> String {
        String::from_utf8_lossy(self.bytes()).into_owned()
    }
    /// Builds a bash-style message: `EXPR: MSG (error token is "TOKEN")`, the
    /// expression running up to `end` and the token from `tok` to `end`.
    fn error_until(&self, msg: &str, tok: usize, end: usize) -> ArithError {
        let b = self.text.as_bytes();
        let end = end.clamp(self.start, self.end);
        let mut s = self.start;
        while s < end && (b[s] == b' ' || b[s] == b'\t') {
            s += 1;
        }
        let tok = tok.clamp(self.start, end);
        ArithError::new(format!(
            "{}: {} (error token is \"{}\")",
            String::from_utf8_lossy(&b[s..end]),
            msg,
            String::from_utf8_lossy(&b[tok..end])
        ))
    }
    fn error(&self, msg: &str, tok: usize) -> ArithError {
        self.error_until(msg, tok, self.end)
    }
}

impl fmt::Debug for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

/// A variable or array element reference.
#[derive(Clone, Debug)]
pub struct VarRef {
    pub name: String,
    pub subscript: Option<Box<Subscript>>,
    /// False when bash does not read the variable because `=` follows it.
    pub evaluate: bool,
    /// Offset of the token in the enclosing source (error reporting).
    pub tok: usize,
}

/// `name[...]` subscript.
#[derive(Clone, Debug)]
pub struct Subscript {
    /// The text between the brackets, as written.
    pub raw: Source,
    /// The text parsed as arithmetic (used for indexed arrays); an
    /// [`Expr::Root`], possibly containing a syntax error that is only raised
    /// if the subscript is evaluated.
    pub expr: Box<Expr>,
}

/// One `op rhs` step of a left-associative chain.
#[derive(Clone, Debug)]
pub struct ChainItem {
    pub op: BinOp,
    pub rhs: Expr,
    /// Error-token offset for `division by 0` / `exponent less than 0`.
    pub tok: usize,
}

/// Arithmetic AST.  Payloads are boxed to keep `Expr` small (16 bytes),
/// which keeps deep recursion cheap.
#[derive(Clone, Debug)]
pub enum Expr {
    /// A whole expression with its text; `body == None` is the empty
    /// expression (evaluates to 0).
    Root(Box<RootExpr>),
    Num(i64),
    Var(Box<VarRef>),
    Unary(UnOp, Box<Expr>),
    /// `first op rhs op rhs ...`, evaluated left to right (also used for a
    /// single right-associative `**`).
    Chain(Box<ChainExpr>),
    /// `[cond, then, else]`.
    Cond(Box<[Expr; 3]>),
    /// `target = rhs` (`op == None`) or `target op= rhs`.
    Assign(Box<AssignExpr>),
    /// `++x`, `--x` (`post == false`), `x++`, `x--`.
    IncDec(Box<IncDecExpr>),
    /// Comma operator: evaluate all, value of the last.
    Comma(Box<Vec<Expr>>),
    /// Evaluate both, value of the first (bash reading a token ahead).
    Then(Box<[Expr; 2]>),
    /// A syntax error, raised when evaluation reaches it (even in a branch
    /// that is not taken, as bash still parses those).
    Error(Box<ArithError>),
}

#[derive(Clone, Debug)]
pub struct RootExpr {
    pub src: Source,
    pub body: Option<Expr>,
}

#[derive(Clone, Debug)]
pub struct ChainExpr {
    pub first: Expr,
    pub rest: Vec<ChainItem>,
}

#[derive(Clone, Debug)]
pub struct AssignExpr {
    pub target: VarRef,
    pub op: Option<BinOp>,
    pub rhs: Expr,
    /// Error-token offset for `division by 0` in `/=` and `%=`.
    pub tok: usize,
}

#[derive(Clone, Debug)]
pub struct IncDecExpr {
    pub target: VarRef,
    pub delta: i64,
    pub post: bool,
}

fn mk_root(src: Source, body: Option<Expr>) -> Expr {
    Expr::Root(Box::new(RootExpr { src, body }))
}
fn mk_chain(first: Expr, rest: Vec<ChainItem>) -> Expr {
    Expr::Chain(Box::new(ChainExpr { first, rest }))
}
fn mk_pow(first: Expr, rhs: Expr, tok: usize) -> Expr {
    mk_chain(
        first,
        vec![ChainItem {
            op: BinOp::Pow,
            rhs,
            tok,
        }],
    )
}
fn mk_cond(c: Expr, t: Expr, e: Expr) -> Expr {
    Expr::Cond(Box::new([c, t, e]))
}
fn mk_assign(target: VarRef, op: Option<BinOp>, rhs: Expr, tok: usize) -> Expr {
    Expr::Assign(Box::new(AssignExpr {
        target,
        op,
        rhs,
        tok,
    }))
}
fn mk_incdec(target: VarRef, delta: i64, post: bool) -> Expr {
    Expr::IncDec(Box::new(IncDecExpr {
        target,
        delta,
        post,
    }))
}
fn mk_comma(items: Vec<Expr>) -> Expr {
    Expr::Comma(Box::new(items))
}
fn mk_then(a: Expr, b: Expr) -> Expr {
    Expr::Then(Box::new([a, b]))
}
fn mk_var(v: VarRef) -> Expr {
    Expr::Var(Box::new(v))
}

impl Expr {
    /// True for the empty (whitespace-only) expression, which evaluates to 0.
    pub fn is_empty(&self) -> bool {
        matches!(self, Expr::Root(r) if r.body.is_none())
    }
}

// ---------------------------------------------------------------------------
// Lexer / parser
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Eof,
    Num,
    Str,
    Assign,
    OpAssign(BinOp),
    Lpar,
    Rpar,
    Ques,
    Col,
    Comma,
    Not,
    BNot,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
    Power,
    LAnd,
    LOr,
    EqEq,
    Neq,
    Leq,
    Geq,
    Lt,
    Gt,
    Lsh,
    Rsh,
    BAnd,
    BOr,
    BXor,
    Plus,
    Minus,
    Mul,
    Div,
    Mod,
    /// Marker bash stores in `lasttok` after `?:`.
    Cond,
}

fn is_cr_ws(c: u8) -> bool {
    c == b' ' || c == b'\t' || c == b'\n'
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn is_num_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'@' || c == b'#'
}

fn is_arithop_char(c: u8) -> bool {
    matches!(
        c,
        b'=' | b'>'
            | b'<'
            | b'+'
            | b'-'
            | b'*'
            | b'/'
            | b'%'
            | b'!'
            | b'('
            | b')'
            | b'&'
            | b'|'
            | b'^'
            | b'~'
            | b'?'
            | b':'
            | b','
    )
}

/// Single-character operator tokens (bash `_is_arithop`).
fn is_arithop_tok(t: Tok) -> bool {
    matches!(
        t,
        Tok::Assign
            | Tok::Gt
            | Tok::Lt
            | Tok::Plus
            | Tok::Minus
            | Tok::Mul
            | Tok::Div
            | Tok::Mod
            | Tok::Not
            | Tok::Lpar
            | Tok::Rpar
            | Tok::BAnd
            | Tok::BOr
            | Tok::BXor
            | Tok::BNot
            | Tok::Ques
            | Tok::Col
            | Tok::Comma
    )
}

/// Multi-character operator tokens (bash `_is_multiop`).
fn is_multiop_tok(t: Tok) -> bool {
    matches!(
        t,
        Tok::EqEq
            | Tok::Neq
            | Tok::Leq
            | Tok::Geq
            | Tok::LAnd
            | Tok::LOr
            | Tok::Lsh
            | Tok::Rsh
            | Tok::OpAssign(_)
            | Tok::Cond
            | Tok::Power
            | Tok::PreInc
            | Tok::PreDec
            | Tok::PostInc
            | Tok::PostDec
    )
}

/// Binary operator and precedence level (0 = `||` ... 9 = `* / %`).
fn binop_of(t: Tok) -> Option<(BinOp, u8)> {
    Some(match t {
        Tok::LOr => (BinOp::LOr, 0),
        Tok::LAnd => (BinOp::LAnd, 1),
        Tok::BOr => (BinOp::BitOr, 2),
        Tok::BXor => (BinOp::BitXor, 3),
        Tok::BAnd => (BinOp::BitAnd, 4),
        Tok::EqEq => (BinOp::Eq, 5),
        Tok::Neq => (BinOp::Ne, 5),
        Tok::Leq => (BinOp::Le, 6),
        Tok::Geq => (BinOp::Ge, 6),
        Tok::Lt => (BinOp::Lt, 6),
        Tok::Gt => (BinOp::Gt, 6),
        Tok::Lsh => (BinOp::Shl, 7),
        Tok::Rsh => (BinOp::Shr, 7),
        Tok::Plus => (BinOp::Add, 8),
        Tok::Minus => (BinOp::Sub, 8),
        Tok::Mul => (BinOp::Mul, 9),
        Tok::Div => (BinOp::Div, 9),
        Tok::Mod => (BinOp::Mod, 9),
        _ => return None,
    })
}

/// Converts a numeric constant like bash's `strlong`.
fn strlong(s: &[u8]) -> Result<i64, &'static str> {
    let mut i = 0;
    let mut base: i64 = 10;
    let mut foundbase = false;
    if s.first() == Some(&b'0') {
        i = 1;
        if s.len() == 1 {
            return Ok(0);
        }
        if s[1] == b'x' || s[1] == b'X' {
            base = 16;
            i = 2;
        } else {
            base = 8;
        }
        foundbase = true;
    }
    let mut val: i64 = 0;
    while i < s.len() {
        let c = s[i];
        i += 1;
        if c == b'#' {
            if foundbase {
                return Err("invalid number");
            }
            if !(2..=64).contains(&val) {
                return Err("invalid arithmetic base");
            }
            base = val;
            val = 0;
            foundbase = true;
            let next = s.get(i).copied().unwrap_or(0);
            if !(next.is_ascii_alphanumeric() || next == b'_' || next == b'@') {
                return Err("invalid integer constant");
            }
        } else if c.is_ascii_alphanumeric() || c == b'_' || c == b'@' {
            let d = match c {
                b'0'..=b'9' => (c - b'0') as i64,
                b'a'..=b'z' => (c - b'a') as i64 + 10,
                b'A'..=b'Z' => (c - b'A') as i64 + if base <= 36 { 10 } else { 36 },
                b'@' => 62,
                _ => 63,
            };
            if d >= base {
                return Err("value too great for base");
            }
            val = val.wrapping_mul(base).wrapping_add(d);
        } else {
            break;
        }
    }
    Ok(val)
}

/// Shell quote removal (backslash, single and double quotes), as bash applies
/// to associative-array keys.
fn quote_removal(s: &[u8]) -> String {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b'\\' => {
                if i + 1 < s.len() {
                    out.push(s[i + 1]);
                }
                i += 2;
            }
            b'\'' => {
                i += 1;
                while i < s.len() && s[i] != b'\'' {
                    out.push(s[i]);
                    i += 1;
                }
                i += 1;
            }
            b'"' => {
                i += 1;
                while i < s.len() && s[i] != b'"' {
                    if s[i] == b'\\'
                        && i + 1 < s.len()
                        && matches!(s[i + 1], b'\\' | b'"' | b'$' | b'`' | b'\n')
                    {
                        if s[i + 1] != b'\n' {
                            out.push(s[i + 1]);
                        }
                        i += 2;
                    } else {
                        out.push(s[i]);
                        i += 1;
                    }
                }
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

type PResult = Result<Expr, Expr>;

struct Parser {
    src: Source,
    /// Position after the current token.
    tp: usize,
    /// Start of the current token (bash `lasttp`).
    lasttp: usize,
    curtok: Tok,
    lasttok: Tok,
    tokval: i64,
    tokvar: Option<VarRef>,
    /// Current syntactic nesting.
    depth: usize,
    /// The syntax error embedded in the tree, if any.
    first_err: Option<ArithError>,
}

impl Parser {
    fn at(&self, i: usize) -> u8 {
        if i < self.src.end {
            self.src.text.as_bytes()[i]
        } else {
            0
        }
    }

    fn err(&self, msg: &str, tok: usize) -> ArithError {
        self.src.error(msg, tok)
    }

    fn fail(&mut self, e: ArithError) -> Expr {
        if self.first_err.is_none() {
            self.first_err = Some(e.clone());
        }
        Expr::Error(Box::new(e))
    }

    fn enter(&mut self) -> Result<(), Expr> {
        if self.depth >= MAX_PARSE_NESTING {
            let e = self.err("expression recursion level exceeded", self.lasttp);
            return Err(self.fail(e));
        }
        self.depth += 1;
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Finds the `]` matching the `[` at `open` (bash `skipsubscript`).
    fn skip_subscript(&self, open: usize) -> Option<usize> {
        let mut count = 1usize;
        let mut i = open + 1;
        loop {
            match self.at(i) {
                0 => return None,
                b'\\' => {
                    if self.at(i + 1) == 0 {
                        return None;
                    }
                    i += 2;
                }
                b'[' => {
                    count += 1;
                    i += 1;
                }
                b']' => {
                    count -= 1;
                    if count == 0 {
                        return Some(i);
                    }
                    i += 1;
                }
                b'\'' => {
                    i += 1;
                    while self.at(i) != b'\'' {
                        if self.at(i) == 0 {
                            return None;
                        }
                        i += 1;
                    }
                    i += 1;
                }
                b'"' => {
                    i += 1;
                    while self.at(i) != b'"' {
                        match self.at(i) {
                            0 => return None,
                            b'\\' if self.at(i + 1) != 0 => i += 2,
                            _ => i += 1,
                        }
                    }
                    i += 1;
                }
                _ => i += 1,
            }
        }
    }

    /// Scans an identifier (with optional subscript) starting at `p`.
    /// Returns (end of name, subscript range, end of token).
    #[allow(clippy::type_complexity)]
    fn scan_ident(&self, p: usize) -> Result<(usize, Option<(usize, usize)>, usize), ArithError> {
        let mut q = p;
        while is_ident_char(self.at(q)) {
            q += 1;
        }
        if self.at(q) == b'[' {
            match self.skip_subscript(q) {
                Some(close) => Ok((q, Some((q + 1, close)), close + 1)),
                None => Err(self.err("bad array subscript", p)),
            }
        } else {
            Ok((q, None, q))
        }
    }

    fn scan_number(&self, p: usize) -> Result<(i64, usize), ArithError> {
        let mut q = p;
        while is_num_char(self.at(q)) {
            q += 1;
        }
        let b = &self.src.text.as_bytes()[p..q];
        match strlong(b) {
            Ok(v) => Ok((v, q)),
            Err(m) => Err(self.src.error_until(m, p, q)),
        }
    }

    /// Lexes an operator token at `p` given the previous tokens.
    fn lex_op(&self, p: usize, curtok: Tok, lasttok: Tok) -> Result<(Tok, usize), ArithError> {
        let c = self.at(p);
        let c1 = self.at(p + 1);
        let mut cp = p + 2;
        let tok = match (c, c1) {
            (b'=', b'=') => Tok::EqEq,
            (b'!', b'=') => Tok::Neq,
            (b'>', b'=') => Tok::Geq,
            (b'<', b'=') => Tok::Leq,
            (b'<', b'<') => {
                if self.at(cp) == b'=' {
                    cp += 1;
                    Tok::OpAssign(BinOp::Shl)
                } else {
                    Tok::Lsh
                }
            }
            (b'>', b'>') => {
                if self.at(cp) == b'=' {
                    cp += 1;
                    Tok::OpAssign(BinOp::Shr)
                } else {
                    Tok::Rsh
                }
            }
            (b'&', b'&') => Tok::LAnd,
            (b'|', b'|') => Tok::LOr,
            (b'*', b'*') => Tok::Power,
            (b'-', b'-') | (b'+', b'+') => {
                let inc = c == b'+';
                if curtok == Tok::Str {
                    if inc {
                        Tok::PostInc
                    } else {
                        Tok::PostDec
                    }
                } else if curtok == Tok::Num && matches!(lasttok, Tok::PreInc | Tok::PreDec) {
                    let m = if inc {
                        "++: assignment requires lvalue"
                    } else {
                        "--: assignment requires lvalue"
                    };
                    return Err(self.err(m, p));
                } else {
                    let mut xp = cp;
                    while is_cr_ws(self.at(xp)) {
                        xp += 1;
                    }
                    if is_ident_start(self.at(xp)) {
                        if inc {
                            Tok::PreInc
                        } else {
                            Tok::PreDec
                        }
                    } else {
                        cp -= 1;
                        if inc {
                            Tok::Plus
                        } else {
                            Tok::Minus
                        }
                    }
                }
            }
            (_, b'=') if b"*/%+-&^|".contains(&c) => Tok::OpAssign(match c {
                b'*' => BinOp::Mul,
                b'/' => BinOp::Div,
                b'%' => BinOp::Mod,
                b'+' => BinOp::Add,
                b'-' => BinOp::Sub,
                b'&' => BinOp::BitAnd,
                b'^' => BinOp::BitXor,
                _ => BinOp::BitOr,
            }),
            _ => {
                cp -= 1;
                match c {
                    b'=' => Tok::Assign,
                    b'>' => Tok::Gt,
                    b'<' => Tok::Lt,
                    b'+' => Tok::Plus,
                    b'-' => Tok::Minus,
                    b'*' => Tok::Mul,
                    b'/' => Tok::Div,
                    b'%' => Tok::Mod,
                    b'!' => Tok::Not,
                    b'(' => Tok::Lpar,
                    b')' => Tok::Rpar,
                    b'&' => Tok::BAnd,
                    b'|' => Tok::BOr,
                    b'^' => Tok::BXor,
                    b'~' => Tok::BNot,
                    b'?' => Tok::Ques,
                    b':' => Tok::Col,
                    b',' => Tok::Comma,
                    _ => {
                        debug_assert!(!is_arithop_char(c));
                        let m = if curtok == Tok::Eof
                            || is_arithop_tok(curtok)
                            || is_multiop_tok(curtok)
                        {
                            "syntax error: operand expected"
                        } else {
                            "syntax error: invalid arithmetic operator"
                        };
                        return Err(self.err(m, p));
                    }
                }
            }
        };
        Ok((tok, cp))
    }

    /// Bash lexes the token after an identifier (with evaluation suppressed)
    /// to see whether it is `=`.  Lexing errors there are raised.
    fn peek_is_eq(&self, after: usize) -> Result<bool, ArithError> {
        let mut p = after;
        let mut first = true;
        loop {
            while is_cr_ws(self.at(p)) {
                p += 1;
            }
            let c = self.at(p);
            if c == 0 {
                return Ok(false);
            }
            if is_ident_start(c) {
                // That identifier peeks at its own successor, and so on.
                let (_, _, np) = self.scan_ident(p)?;
                p = np;
                first = false;
                continue;
            }
            if c.is_ascii_digit() {
                self.scan_number(p)?;
                return Ok(false);
            }
            let (tok, _) = self.lex_op(p, Tok::Str, Tok::Str)?;
            return Ok(first && tok == Tok::Assign);
        }
    }

    /// Bash `readtok`.
    fn advance(&mut self) -> Result<(), ArithError> {
        let mut cp = self.tp;
        while is_cr_ws(self.at(cp)) {
            cp += 1;
        }
        let c = self.at(cp);
        if c == 0 {
            self.lasttok = self.curtok;
            self.curtok = Tok::Eof;
            self.tp = cp;
            return Ok(());
        }
        self.lasttp = cp;
        self.tp = cp;
        if is_ident_start(c) {
            let (name_end, sub, after) = self.scan_ident(cp)?;
            let peek_eq = self.peek_is_eq(after)?;
            let evaluate = matches!(self.lasttok, Tok::PreInc | Tok::PreDec) || !peek_eq;
            let b = self.src.text.as_bytes();
            let name = String::from_utf8_lossy(&b[cp..name_end]).into_owned();
            let subscript = sub.map(|(s, e)| Box::new(self.make_subscript(s, e)));
            self.tokvar = Some(VarRef {
                name,
                subscript,
                evaluate,
                tok: cp,
            });
            self.tp = after;
            self.lasttok = self.curtok;
            self.curtok = Tok::Str;
        } else if c.is_ascii_digit() {
            let (v, end) = self.scan_number(cp)?;
            self.tokval = v;
            self.tp = end;
            self.lasttok = self.curtok;
            self.curtok = Tok::Num;
        } else {
            let (tok, end) = self.lex_op(cp, self.curtok, self.lasttok)?;
            self.tp = end;
            self.lasttok = self.curtok;
            self.curtok = tok;
        }
        Ok(())
    }

    fn make_subscript(&self, s: usize, e: usize) -> Subscript {
        let raw = Source {
            text: self.src.text.clone(),
            start: s,
            end: e,
        };
        let bytes = raw.bytes();
        // Indexed subscripts get double quotes removed before evaluation.
        let esrc = if bytes.contains(&b'"') {
            let stripped: Vec<u8> = bytes.iter().copied().filter(|&c| c != b'"').collect();
            Source::new(&String::from_utf8_lossy(&stripped))
        } else {
            raw.clone()
        };
        let (expr, _) = parse_source(esrc, self.depth + 1);
        Subscript {
            raw,
            expr: Box::new(expr),
        }
    }

    // --- grammar (mirrors bash's expr.c) ---

    fn expcomma(&mut self) -> PResult {
        let first = self.expassign()?;
        if self.curtok != Tok::Comma {
            return Ok(first);
        }
        let mut items = vec![first];
        while self.curtok == Tok::Comma {
            if let Err(e) = self.advance() {
                items.push(self.fail(e));
                return Err(mk_comma(items));
            }
            match self.expassign() {
                Ok(x) => items.push(x),
                Err(p) => {
                    items.push(p);
                    return Err(mk_comma(items));
                }
            }
        }
        Ok(mk_comma(items))
    }

    fn expassign(&mut self) -> PResult {
        let lhs = self.expcond()?;
        let op = match self.curtok {
            Tok::Assign => None,
            Tok::OpAssign(op) => Some(op),
            _ => return Ok(lhs),
        };
        let target = match lhs {
            Expr::Var(v) if self.lasttok == Tok::Str => *v,
            other => {
                let e = self.err("attempted assignment to non-variable", self.lasttp);
                let e = self.fail(e);
                return Err(mk_comma(vec![other, e]));
            }
        };
        self.enter()?;
        if let Err(e) = self.advance() {
            let rhs = self.fail(e);
            return Err(mk_assign(target, op, rhs, 0));
        }
        let rhs = self.expassign();
        let tok = self.lasttp;
        self.leave();
        match rhs {
            Ok(r) => Ok(mk_assign(target, op, r, tok)),
            Err(p) => Err(mk_assign(target, op, p, tok)),
        }
    }

    fn expcond(&mut self) -> PResult {
        let cond = self.binary(0)?;
        if self.curtok != Tok::Ques {
            return Ok(cond);
        }
        let partial = |cond: Expr, then: Expr, els: Expr| Err(mk_cond(cond, then, els));
        self.enter()?;
        if let Err(e) = self.advance() {
            let e = self.fail(e);
            return partial(cond, e, Expr::Num(0));
        }
        if self.curtok == Tok::Eof || self.curtok == Tok::Col {
            let e = self.err("expression expected", self.lasttp);
            let e = self.fail(e);
            return partial(cond, e, Expr::Num(0));
        }
        let then = match self.expcomma() {
            Ok(t) => t,
            Err(p) => return partial(cond, p, Expr::Num(0)),
        };
        if self.curtok != Tok::Col {
            let e = self.err("`:' expected for conditional expression", self.lasttp);
            let e = self.fail(e);
            return partial(cond, then, e);
        }
        if let Err(e) = self.advance() {
            let e = self.fail(e);
            return partial(cond, then, e);
        }
        if self.curtok == Tok::Eof {
            let e = self.err("expression expected", self.lasttp);
            let e = self.fail(e);
            return partial(cond, then, e);
        }
        let els = match self.expcond() {
            Ok(e) => e,
            Err(p) => return partial(cond, then, p),
        };
        self.leave();
        self.lasttok = Tok::Cond;
        Ok(mk_cond(cond, then, els))
    }

    /// Left-associative binary levels `||` .. `* / %` by precedence climbing;
    /// each run of same-level operators becomes one flat `Chain`.
    fn binary(&mut self, min: u8) -> PResult {
        let mut lhs = self.exppower()?;
        while let Some((_, level)) = binop_of(self.curtok) {
            if level < min {
                break;
            }
            let mut rest: Vec<ChainItem> = Vec::new();
            while let Some((op, l)) = binop_of(self.curtok) {
                if l != level {
                    break;
                }
                let stp = self.tp;
                if let Err(e) = self.advance() {
                    let rhs = self.fail(e);
                    rest.push(ChainItem { op, rhs, tok: 0 });
                    return Err(mk_chain(lhs, rest));
                }
                let rhs = if level == 9 {
                    self.exppower()
                } else {
                    if let Err(e) = self.enter() {
                        rest.push(ChainItem { op, rhs: e, tok: 0 });
                        return Err(mk_chain(lhs, rest));
                    }
                    let r = self.binary(level + 1);
                    self.leave();
                    r
                };
                let mut tok = stp;
                while self.at(tok) == b' ' || self.at(tok) == b'\t' {
                    tok += 1;
                }
                match rhs {
                    Ok(r) => rest.push(ChainItem { op, rhs: r, tok }),
                    Err(p) => {
                        rest.push(ChainItem { op, rhs: p, tok });
                        return Err(mk_chain(lhs, rest));
                    }
                }
                self.lasttok = Tok::Num;
            }
            lhs = mk_chain(lhs, rest);
        }
        Ok(lhs)
    }

    fn exppower(&mut self) -> PResult {
        let base = self.expunary()?;
        if self.curtok != Tok::Power {
            return Ok(base);
        }
        let first = base;
        if let Err(e) = self.advance() {
            let rhs = self.fail(e);
            return Err(mk_pow(first, rhs, 0));
        }
        if let Err(e) = self.enter() {
            return Err(mk_pow(first, e, 0));
        }
        let r = self.exppower();
        self.leave();
        let tok = self.lasttp;
        self.lasttok = Tok::Num;
        match r {
            Ok(rhs) => Ok(mk_pow(first, rhs, tok)),
            Err(rhs) => Err(mk_pow(first, rhs, tok)),
        }
    }

    fn expunary(&mut self) -> PResult {
        let op = match self.curtok {
            Tok::Not => UnOp::Not,
            Tok::BNot => UnOp::BitNot,
            Tok::Minus => UnOp::Neg,
            Tok::Plus => UnOp::Plus,
            _ => return self.exp0(),
        };
        self.enter()?;
        if let Err(e) = self.advance() {
            return Err(Expr::Unary(op, Box::new(self.fail(e))));
        }
        let r = self.expunary();
        self.leave();
        self.lasttok = Tok::Num;
        match r {
            Ok(x) => Ok(Expr::Unary(op, Box::new(x))),
            Err(p) => Err(Expr::Unary(op, Box::new(p))),
        }
    }

    /// Reads the token after a complete operand.  Bash evaluates an
    /// identifier as soon as it lexes it, so a (misplaced) identifier right
    /// after an operand is read before pending operators are applied.
    fn after_operand(&mut self, node: Expr) -> PResult {
        if let Err(e) = self.advance() {
            let e = self.fail(e);
            return Err(mk_comma(vec![node, e]));
        }
        self.wrap_lookahead(node)
    }

    fn wrap_lookahead(&mut self, node: Expr) -> PResult {
        if self.curtok == Tok::Str {
            if let Some(v) = &self.tokvar {
                if v.evaluate {
                    return Ok(mk_then(node, mk_var(v.clone())));
                }
            }
        }
        Ok(node)
    }

    fn exp0(&mut self) -> PResult {
        match self.curtok {
            Tok::PreInc | Tok::PreDec => {
                let delta = if self.curtok == Tok::PreInc { 1 } else { -1 };
                self.lasttok = self.curtok;
                if let Err(e) = self.advance() {
                    return Err(self.fail(e));
                }
                let target = match (self.curtok, self.tokvar.take()) {
                    (Tok::Str, Some(v)) => v,
                    _ => {
                        let e = self.err(
                            "identifier expected after pre-increment or pre-decrement",
                            self.lasttp,
                        );
                        return Err(self.fail(e));
                    }
                };
                self.curtok = Tok::Num;
                self.after_operand(mk_incdec(target, delta, false))
            }
            Tok::Lpar => {
                self.enter()?;
                if let Err(e) = self.advance() {
                    return Err(self.fail(e));
                }
                let inner = self.expcomma()?;
                if self.curtok != Tok::Rpar {
                    let e = self.err("missing `)'", self.lasttp);
                    let e = self.fail(e);
                    return Err(mk_comma(vec![inner, e]));
                }
                self.leave();
                self.after_operand(inner)
            }
            Tok::Num => {
                let n = Expr::Num(self.tokval);
                self.after_operand(n)
            }
            Tok::Str => {
                let v = match self.tokvar.take() {
                    Some(v) => v,
                    None => {
                        let e = self.err("syntax error: operand expected", self.lasttp);
                        return Err(self.fail(e));
                    }
                };
                if let Err(e) = self.advance() {
                    let e = self.fail(e);
                    return Err(mk_comma(vec![mk_var(v), e]));
                }
                let node = match self.curtok {
                    Tok::PostInc | Tok::PostDec => {
                        let delta = if self.curtok == Tok::PostInc { 1 } else { -1 };
                        self.lasttok = Tok::Str;
                        self.curtok = Tok::Num;
                        return self.after_operand(mk_incdec(v, delta, true));
                    }
                    _ => mk_var(v),
                };
                self.wrap_lookahead(node)
            }
            _ => {
                let e = self.err("syntax error: operand expected", self.lasttp);
                Err(self.fail(e))
            }
        }
    }
}

/// Parses one expression text; returns the `Root` node and the syntax error embedded in it
/// (if any). Nesting is bounded by `MAX_PARSE_NESTING`; the simulator runs on a thread with a
/// large stack (see `host::run_on_big_stack`), so no helper thread is needed.
fn parse_source(src: Source, depth: usize) -> (Expr, Option<ArithError>) {
    parse_source_here(src, depth)
}

fn parse_source_here(src: Source, depth: usize) -> (Expr, Option<ArithError>) {
    let bytes = src.bytes();
    if bytes.iter().all(|&c| is_cr_ws(c)) {
        return (mk_root(src, None), None);
    }
    let start = src.start;
    let mut p = Parser {
        src: src.clone(),
        tp: start,
        lasttp: start,
        curtok: Tok::Eof,
        lasttok: Tok::Eof,
        tokval: 0,
        tokvar: None,
        depth,
        first_err: None,
    };
    let body = if depth > MAX_PARSE_NESTING {
        let e = p.err("expression recursion level exceeded", start);
        p.fail(e)
    } else {
        match p.advance() {
            Err(e) => p.fail(e),
            Ok(()) => match p.expcomma() {
                Ok(b) => {
                    if p.curtok != Tok::Eof {
                        let e = p.err("syntax error in expression", p.lasttp);
                        let e = p.fail(e);
                        mk_comma(vec![b, e])
                    } else {
                        b
                    }
                }
                Err(partial) => partial,
            },
        }
    };
    (mk_root(src, Some(body)), p.first_err)
}

/// Parses `src`, failing on the first syntax error (the one bash would
/// report if no evaluation error came first).  Errors inside array
/// subscripts are not reported here: bash only raises them if the subscript
/// is evaluated as an indexed-array index.
pub fn parse(src: &str) -> Result<Expr, ArithError> {
    match parse_source(Source::new(src), 0) {
        (_, Some(e)) => Err(e),
        (expr, None) => Ok(expr),
    }
}

/// Parses `src` without failing: syntax errors become [`Expr::Error`] nodes
/// that are raised when evaluation reaches them, reproducing bash's ordering
/// of side effects and errors exactly.
pub fn parse_lenient(src: &str) -> Expr {
    parse_source(Source::new(src), 0).0
}

// ---------------------------------------------------------------------------
// Evaluation
// ---------------------------------------------------------------------------

/// Stack the evaluator allows itself for nested evaluation (variable values,
/// subscripts) before reporting `expression recursion level exceeded` early.
/// Optimized builds reach bash's 1024-level limit well within this budget;
/// unoptimized builds have much larger frames and may stop earlier instead of
/// overflowing a small (e.g. 2 MiB test) thread stack.
pub const EVAL_STACK_BUDGET: usize = 1 << 20;

struct Evaluator<'a> {
    env: &'a mut dyn ArithEnv,
    depth: usize,
    stack_base: usize,
}

fn stack_addr() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

fn ipow(mut base: i64, mut exp: i64) -> i64 {
    let mut result: i64 = 1;
    while exp != 0 {
        if exp & 1 != 0 {
            result = result.wrapping_mul(base);
        }
        exp >>= 1;
        base = base.wrapping_mul(base);
    }
    result
}

impl Evaluator<'_> {
    fn recursion_check(&self, src: &Source, tok: usize) -> Result<(), ArithError> {
        if self.depth >= MAX_EXPR_RECURSION
            || stack_addr().abs_diff(self.stack_base) > EVAL_STACK_BUDGET
        {
            Err(src.error("expression recursion level exceeded", tok))
        } else {
            Ok(())
        }
    }

    /// Evaluates a `Root` as a nested expression (variable value, subscript).
    fn eval_nested(&mut self, root: &Expr, src: &Source, tok: usize) -> Result<i64, ArithError> {
        if root.is_empty() {
            return Ok(0);
        }
        self.recursion_check(src, tok)?;
        self.depth += 1;
        let r = self.ev(root, src, false);
        self.depth -= 1;
        r
    }

    /// Evaluates a variable's string value.
    fn eval_value(&mut self, s: &str, src: &Source, tok: usize) -> Result<i64, ArithError> {
        let root = match self.prepare_value(s, src, tok) {
            Ok(Ok(n)) => return Ok(n),
            Ok(Err(root)) => root,
            Err(e) => return Err(e),
        };
        let Expr::Root(r) = &root else { return Ok(0) };
        let Some(body) = &r.body else { return Ok(0) };
        self.depth += 1;
        let res = self.ev(body, &r.src, false);
        self.depth -= 1;
        res
    }

    /// Recursion check plus either the value of a plain number or the parsed
    /// expression (kept out of `eval_value` to keep recursive frames small).
    #[inline(never)]
    fn prepare_value(
        &mut self,
        s: &str,
        src: &Source,
        tok: usize,
    ) -> Result<Result<i64, Expr>, ArithError> {
        let b = s.as_bytes();
        if b.iter().all(|&c| is_cr_ws(c)) {
            return Ok(Ok(0));
        }
        self.recursion_check(src, tok)?;
        // Fast path: plain decimal without leading zero.
        if !b.is_empty()
            && b.len() <= 18
            && b.iter().all(|c| c.is_ascii_digit())
            && (b[0] != b'0' || b.len() == 1)
        {
            return Ok(Ok(s.parse::<i64>().unwrap_or(0)));
        }
        Ok(Err(parse_lenient(s)))
    }

    /// Reads a variable; also returns the resolved index (for binding after
    /// a compound assignment / increment).
    fn read_var(&mut self, v: &VarRef, src: &Source) -> Result<(i64, Option<Index>), ArithError> {
        let (value, idx) = self.fetch(v, src)?;
        match value {
            None => Ok((0, idx)),
            Some(s) => Ok((self.eval_value(&s, src, v.tok)?, idx)),
        }
    }

    /// Looks the variable up (evaluating an indexed subscript).
    #[inline(never)]
    fn fetch(
        &mut self,
        v: &VarRef,
        src: &Source,
    ) -> Result<(Option<String>, Option<Index>), ArithError> {
        if self.env.nounset() && !self.env.var_exists(&v.name) {
            return Err(ArithError {
                message: format!("{}: unbound variable", v.name),
                fatal: true,
            });
        }
        let sub = match &v.subscript {
            None => return Ok((self.env.get_var(&v.name), None)),
            Some(sub) => sub,
        };
        let raw = sub.raw.bytes();
        if raw.is_empty() {
            let m = format!("{}[]: bad array subscript", v.name);
            self.env.warn(&m);
            self.env.warn(&m);
            return Ok((None, None));
        }
        if self.env.is_assoc(&v.name) {
            if raw == b"*" {
                return Ok((None, None));
            }
            let key = Index::Key(quote_removal(raw));
            return Ok((self.env.get_elem(&v.name, &key), Some(key)));
        }
        if raw == b"@" || raw == b"*" {
            self.env.warn(&format!(
                "{}[{}]: bad array subscript",
                v.name,
                sub.raw.as_str()
            ));
            return Ok((None, None));
        }
        let i = self.eval_nested(&sub.expr, src, v.tok)?;
        let idx = Index::Int(i);
        Ok((self.env.get_elem(&v.name, &idx), Some(idx)))
    }

    fn bind(
        &mut self,
        v: &VarRef,
        idx: Option<Index>,
        value: i64,
        src: &Source,
    ) -> Result<(), ArithError> {
        let sub = match &v.subscript {
            None => return self.env.set_var(&v.name, value),
            Some(sub) => sub,
        };
        if let Some(idx) = idx {
            return self.env.set_elem(&v.name, &idx, value);
        }
        let raw = sub.raw.bytes();
        if raw.is_empty() {
            self.env
                .warn(&format!("`{}[]': not a valid identifier", v.name));
            return Ok(());
        }
        if self.env.is_assoc(&v.name) {
            let key = Index::Key(quote_removal(raw));
            return self.env.set_elem(&v.name, &key, value);
        }
        if raw == b"@" || raw == b"*" {
            self.env.warn(&format!(
                "{}[{}]: bad array subscript",
                v.name,
                sub.raw.as_str()
            ));
            return Ok(());
        }
        let i = self.eval_nested(&sub.expr, src, v.tok)?;
        self.env.set_elem(&v.name, &Index::Int(i), value)
    }

    #[inline(never)]
    fn apply(
        &self,
        op: BinOp,
        a: i64,
        mut b: i64,
        noeval: bool,
        src: &Source,
        tok: usize,
    ) -> Result<i64, ArithError> {
        Ok(match op {
            BinOp::Mul => a.wrapping_mul(b),
            BinOp::Div | BinOp::Mod => {
                if b == 0 {
                    if noeval {
                        b = 1;
                    } else {
                        return Err(src.error("division by 0", tok));
                    }
                }
                if op == BinOp::Div {
                    a.wrapping_div(b)
                } else {
                    a.wrapping_rem(b)
                }
            }
            BinOp::Pow => {
                if b == 0 {
                    1
                } else if b < 0 {
                    return Err(src.error("exponent less than 0", tok));
                } else {
                    ipow(a, b)
                }
            }
            BinOp::Add => a.wrapping_add(b),
            BinOp::Sub => a.wrapping_sub(b),
            BinOp::Shl => a.wrapping_shl(b as u32),
            BinOp::Shr => a.wrapping_shr(b as u32),
            BinOp::Lt => (a < b) as i64,
            BinOp::Gt => (a > b) as i64,
            BinOp::Le => (a <= b) as i64,
            BinOp::Ge => (a >= b) as i64,
            BinOp::Eq => (a == b) as i64,
            BinOp::Ne => (a != b) as i64,
            BinOp::BitAnd => a & b,
            BinOp::BitXor => a ^ b,
            BinOp::BitOr => a | b,
            BinOp::LAnd => (a != 0 && b != 0) as i64,
            BinOp::LOr => (a != 0 || b != 0) as i64,
        })
    }

    fn ev(&mut self, e: &Expr, src: &Source, noeval: bool) -> Result<i64, ArithError> {
        self.env.charge()?;
        match e {
            Expr::Num(n) => Ok(*n),
            Expr::Var(v) => self.ev_var(v, src, noeval),
            Expr::Chain(c) => self.ev_chain(&c.first, &c.rest, src, noeval),
            _ => self.ev_other(e, src, noeval),
        }
    }

    #[inline(never)]
    fn ev_other(&mut self, e: &Expr, src: &Source, noeval: bool) -> Result<i64, ArithError> {
        match e {
            Expr::Root(r) => match &r.body {
                None => Ok(0),
                Some(b) => self.ev(b, &r.src, noeval),
            },
            Expr::Num(n) => Ok(*n),
            Expr::Var(v) => self.ev_var(v, src, noeval),
            Expr::Chain(c) => self.ev_chain(&c.first, &c.rest, src, noeval),
            Expr::Unary(op, x) => self.ev_unary(*op, x, src, noeval),
            Expr::Cond(c) => self.ev_cond(&c[0], &c[1], &c[2], src, noeval),
            Expr::Assign(a) => self.ev_assign(&a.target, a.op, &a.rhs, a.tok, src, noeval),
            Expr::IncDec(i) => self.ev_incdec(&i.target, i.delta, i.post, src, noeval),
            Expr::Comma(items) => self.ev_comma(items, src, noeval),
            Expr::Then(t) => self.ev_then(&t[0], &t[1], src, noeval),
            Expr::Error(err) => Err((**err).clone()),
        }
    }

    #[inline(never)]
    fn ev_var(&mut self, v: &VarRef, src: &Source, noeval: bool) -> Result<i64, ArithError> {
        if noeval || !v.evaluate {
            return Ok(0);
        }
        match self.read_var(v, src) {
            Ok((n, _)) => Ok(n),
            Err(e) => Err(e),
        }
    }

    #[inline(never)]
    fn ev_unary(
        &mut self,
        op: UnOp,
        x: &Expr,
        src: &Source,
        noeval: bool,
    ) -> Result<i64, ArithError> {
        let a = self.ev(x, src, noeval)?;
        Ok(match op {
            UnOp::Neg => a.wrapping_neg(),
            UnOp::Plus => a,
            UnOp::Not => (a == 0) as i64,
            UnOp::BitNot => !a,
        })
    }

    #[inline(never)]
    fn ev_chain(
        &mut self,
        first: &Expr,
        rest: &[ChainItem],
        src: &Source,
        noeval: bool,
    ) -> Result<i64, ArithError> {
        let mut acc = self.ev(first, src, noeval)?;
        for it in rest {
            let skip = match it.op {
                BinOp::LAnd => noeval || acc == 0,
                BinOp::LOr => noeval || acc != 0,
                _ => noeval,
            };
            acc = match self.ev(&it.rhs, src, skip) {
                Ok(r) => self.apply(it.op, acc, r, noeval, src, it.tok)?,
                Err(e) => return Err(e),
            };
        }
        Ok(acc)
    }

    #[inline(never)]
    fn ev_cond(
        &mut self,
        cond: &Expr,
        then: &Expr,
        els: &Expr,
        src: &Source,
        noeval: bool,
    ) -> Result<i64, ArithError> {
        let c = self.ev(cond, src, noeval)?;
        let t = self.ev(then, src, noeval || c == 0)?;
        let f = self.ev(els, src, noeval || c != 0)?;
        Ok(if c != 0 { t } else { f })
    }

    #[inline(never)]
    fn ev_assign(
        &mut self,
        target: &VarRef,
        op: Option<BinOp>,
        rhs: &Expr,
        tok: usize,
        src: &Source,
        noeval: bool,
    ) -> Result<i64, ArithError> {
        match op {
            None => {
                let r = self.ev(rhs, src, noeval)?;
                if !noeval {
                    self.bind(target, None, r, src)?;
                }
                Ok(r)
            }
            Some(op) => {
                let (lv, idx) = if noeval {
                    (0, None)
                } else {
                    self.read_var(target, src)?
                };
                let r = self.ev(rhs, src, noeval)?;
                let v = self.apply(op, lv, r, noeval, src, tok)?;
                if !noeval {
                    self.bind(target, idx, v, src)?;
                }
                Ok(v)
            }
        }
    }

    #[inline(never)]
    fn ev_incdec(
        &mut self,
        target: &VarRef,
        delta: i64,
        post: bool,
        src: &Source,
        noeval: bool,
    ) -> Result<i64, ArithError> {
        let (v, idx) = if noeval {
            (0, None)
        } else {
            self.read_var(target, src)?
        };
        let nv = v.wrapping_add(delta);
        if !noeval {
            self.bind(target, idx, nv, src)?;
        }
        Ok(if post { v } else { nv })
    }

    #[inline(never)]
    fn ev_comma(&mut self, items: &[Expr], src: &Source, noeval: bool) -> Result<i64, ArithError> {
        let mut last = 0;
        for it in items {
            last = self.ev(it, src, noeval)?;
        }
        Ok(last)
    }

    #[inline(never)]
    fn ev_then(
        &mut self,
        a: &Expr,
        b: &Expr,
        src: &Source,
        noeval: bool,
    ) -> Result<i64, ArithError> {
        let v = self.ev(a, src, noeval)?;
        self.ev(b, src, noeval)?;
        Ok(v)
    }
}

/// Evaluates a parsed expression.
pub fn eval(expr: &Expr, env: &mut dyn ArithEnv) -> Result<i64, ArithError> {
    let mut ev = Evaluator {
        env,
        depth: 0,
        stack_base: stack_addr(),
    };
    match expr {
        Expr::Root(r) => ev.eval_nested(expr, &r.src, r.src.start),
        _ => {
            let src = Source::new("");
            ev.depth = 1;
            ev.ev(expr, &src, false)
        }
    }
}

/// Parses (leniently) and evaluates `src`, exactly like bash's `$(( src ))`
/// after expansion.  The empty expression evaluates to 0.
pub fn eval_str(src: &str, env: &mut dyn ArithEnv) -> Result<i64, ArithError> {
    eval(&parse_lenient(src), env)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[derive(Clone, Debug, PartialEq)]
    enum Var {
        Scalar(String),
        Indexed(BTreeMap<i64, String>),
        Assoc(BTreeMap<String, String>),
    }

    /// Mock environment backed by a BTreeMap, resolving negative indices
    /// like bash.
    #[derive(Default)]
    struct MockEnv {
        vars: BTreeMap<String, Var>,
        nounset: bool,
        warnings: Vec<String>,
        charges: u64,
        charge_limit: Option<u64>,
        readonly: Vec<String>,
    }

    impl MockEnv {
        fn scalar(mut self, n: &str, v: &str) -> Self {
            self.vars.insert(n.into(), Var::Scalar(v.into()));
            self
        }
        fn indexed(mut self, n: &str, vals: &[&str]) -> Self {
            let m = vals
                .iter()
                .enumerate()
                .map(|(i, v)| (i as i64, v.to_string()))
                .collect();
            self.vars.insert(n.into(), Var::Indexed(m));
            self
        }
        fn assoc(mut self, n: &str, kv: &[(&str, &str)]) -> Self {
            let m = kv
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            self.vars.insert(n.into(), Var::Assoc(m));
            self
        }
        /// The same variables the expectation table was recorded with.
        fn table_env() -> Self {
            MockEnv::default()
                .scalar("x", "3")
                .scalar("y", "x+1")
                .scalar("s", "s")
                .scalar("bad", "08")
                .scalar("e", "")
                .scalar("sp", " 7 ")
                .scalar("w", "a b")
                .scalar("inv", "1 +")
                .scalar("neg", "-3")
                .scalar("h", "0x10")
                .indexed("arr", &["10", "20", "30"])
                .assoc("A", &[("k", "5"), ("a b", "6"), (" k ", "7")])
        }
        fn get(&self, n: &str) -> Option<String> {
            match self.vars.get(n)? {
                Var::Scalar(s) => Some(s.clone()),
                Var::Indexed(a) => a.get(&0).cloned(),
                Var::Assoc(h) => h.get("0").cloned(),
            }
        }
        fn elem(&self, n: &str, i: i64) -> Option<String> {
            match self.vars.get(n)? {
                Var::Indexed(a) => a.get(&i).cloned(),
                Var::Scalar(s) if i == 0 => Some(s.clone()),
                _ => None,
            }
        }
        fn key(&self, n: &str, k: &str) -> Option<String> {
            match self.vars.get(n)? {
                Var::Assoc(h) => h.get(k).cloned(),
                _ => None,
            }
        }
        fn resolve(a: &BTreeMap<i64, String>, i: i64) -> Option<i64> {
            if i >= 0 {
                return Some(i);
            }
            let n = i + a.keys().next_back().map_or(0, |m| m + 1);
            (n >= 0).then_some(n)
        }
    }

    impl ArithEnv for MockEnv {
        fn get_var(&mut self, name: &str) -> Option<String> {
            self.get(name)
        }
        fn get_elem(&mut self, name: &str, index: &Index) -> Option<String> {
            match (self.vars.get(name)?, index) {
                (Var::Indexed(a), Index::Int(i)) => match Self::resolve(a, *i) {
                    Some(i) => a.get(&i).cloned(),
                    None => {
                        self.warnings.push(format!("{name}: bad array subscript"));
                        None
                    }
                },
                (Var::Scalar(s), Index::Int(0)) => Some(s.clone()),
                (Var::Assoc(h), Index::Key(k)) => h.get(k).cloned(),
                _ => None,
            }
        }
        fn is_assoc(&mut self, name: &str) -> bool {
            matches!(self.vars.get(name), Some(Var::Assoc(_)))
        }
        fn set_var(&mut self, name: &str, value: i64) -> Result<(), ArithError> {
            if self.readonly.iter().any(|r| r == name) {
                return Err(ArithError::new(format!("{name}: readonly variable")));
            }
            match self.vars.get_mut(name) {
                Some(Var::Indexed(a)) => {
                    a.insert(0, value.to_string());
                }
                Some(Var::Assoc(h)) => {
                    h.insert("0".into(), value.to_string());
                }
                _ => {
                    self.vars
                        .insert(name.into(), Var::Scalar(value.to_string()));
                }
            }
            Ok(())
        }
        fn set_elem(&mut self, name: &str, index: &Index, value: i64) -> Result<(), ArithError> {
            let v = self
                .vars
                .entry(name.into())
                .or_insert_with(|| Var::Indexed(BTreeMap::new()));
            if let Var::Scalar(s) = v {
                *v = Var::Indexed([(0, s.clone())].into_iter().collect());
            }
            match (v, index) {
                (Var::Indexed(a), Index::Int(i)) => match Self::resolve(a, *i) {
                    Some(i) => {
                        a.insert(i, value.to_string());
                    }
                    None => self
                        .warnings
                        .push(format!("{name}[{i}]: bad array subscript")),
                },
                (Var::Assoc(h), Index::Key(k)) => {
                    h.insert(k.clone(), value.to_string());
                }
                _ => {}
            }
            Ok(())
        }
        fn charge(&mut self) -> Result<(), ArithError> {
            self.charges += 1;
            match self.charge_limit {
                Some(l) if self.charges > l => Err(ArithError::new("resource limit exceeded")),
                _ => Ok(()),
            }
        }
        fn nounset(&self) -> bool {
            self.nounset
        }
        fn var_exists(&mut self, name: &str) -> bool {
            self.vars.contains_key(name)
        }
        fn warn(&mut self, message: &str) {
            self.warnings.push(message.to_string());
        }
    }

    /// Expectations recorded from GNU bash 5.2.15 (`echo "$(($expr))"`, the
    /// expression text coming from a variable so it is passed verbatim), with
    /// the variables of `MockEnv::table_env()`.
    #[rustfmt::skip]
    const TABLE: &[(&str, Result<i64, &str>)] = &[
    ("1+2", Ok(3)),
    (" 1 + 2 * 3 ", Ok(7)),
    ("(1+2)*3", Ok(9)),
    ("2**63", Ok(-9223372036854775808)),
    ("2**64", Ok(0)),
    ("3 ** 40", Ok(-6289078614652622815)),
    ("-2**2", Ok(4)),
    ("-2**3", Ok(-8)),
    ("(-2)**2", Ok(4)),
    ("2**3**2", Ok(512)),
    ("!2**0", Ok(1)),
    ("~1**2", Ok(4)),
    ("0**0", Ok(1)),
    ("3**-0", Ok(1)),
    ("2**-1", Err("2**-1: exponent less than 0 (error token is \"1\")")),
    ("2**-1 + 3", Err("2**-1 + 3: exponent less than 0 (error token is \"+ 3\")")),
    ("0 && 2**-1", Err("0 && 2**-1: exponent less than 0 (error token is \"1\")")),
    ("0 && 2**-(5%0)", Ok(0)),
    ("9223372036854775807+1", Ok(-9223372036854775808)),
    ("9223372036854775808", Ok(-9223372036854775808)),
    ("99999999999999999999", Ok(7766279631452241919)),
    ("-9223372036854775808 / -1", Ok(-9223372036854775808)),
    ("-9223372036854775808 % -1", Ok(0)),
    ("-9223372036854775807 - 3", Ok(9223372036854775806)),
    ("9223372036854775807 * 2", Ok(-2)),
    ("1/0", Err("1/0: division by 0 (error token is \"0\")")),
    ("5%0", Err("5%0: division by 0 (error token is \"0\")")),
    ("1 / 0 ", Err("1 / 0 : division by 0 (error token is \"0 \")")),
    ("7 % -0", Err("7 % -0: division by 0 (error token is \"-0\")")),
    ("5 + 1/0 + 3", Err("5 + 1/0 + 3: division by 0 (error token is \"0 + 3\")")),
    ("(1/0)", Err("(1/0): division by 0 (error token is \"0)\")")),
    ("0 && 1/0", Ok(0)),
    ("1 || 1/0", Ok(1)),
    ("1 && 1/0", Err("1 && 1/0: division by 0 (error token is \"0\")")),
    ("0 ? 1/0 : 2", Ok(2)),
    ("-7/2", Ok(-3)),
    ("7%-3", Ok(1)),
    ("-5 % 3", Ok(-2)),
    ("1<<64", Ok(1)),
    ("1<<65", Ok(2)),
    ("1<<-1", Ok(-9223372036854775808)),
    ("-1>>1", Ok(-1)),
    ("-8>>1", Ok(-4)),
    ("1 << 2 + 1", Ok(8)),
    ("5 > 3 == 1", Ok(1)),
    ("1 <= 2 < 3", Ok(1)),
    ("1 == 1 != 0", Ok(1)),
    ("3 | 4 ^ 6 & 5", Ok(3)),
    ("1 && 2 || 0 && 3", Ok(1)),
    ("!5", Ok(0)),
    ("!0", Ok(1)),
    ("~5", Ok(-6)),
    ("~0", Ok(-1)),
    ("!!5", Ok(1)),
    ("~~5", Ok(5)),
    ("- -1", Ok(1)),
    ("--1", Ok(1)),
    ("++1", Ok(1)),
    ("--5", Ok(5)),
    ("-+-5", Ok(5)),
    ("+ + 1", Ok(1)),
    ("010", Ok(8)),
    ("08", Err("08: value too great for base (error token is \"08\")")),
    ("0x1F", Ok(31)),
    ("0X1f", Ok(31)),
    ("0x", Ok(0)),
    ("0xffffffffffffffff", Ok(-1)),
    ("0x7fffffffffffffff", Ok(9223372036854775807)),
    ("0x1g", Err("0x1g: value too great for base (error token is \"0x1g\")")),
    ("0x1.5", Err("0x1.5: syntax error: invalid arithmetic operator (error token is \".5\")")),
    ("1.5", Err("1.5: syntax error: invalid arithmetic operator (error token is \".5\")")),
    ("1e5", Err("1e5: value too great for base (error token is \"1e5\")")),
    ("1a", Err("1a: value too great for base (error token is \"1a\")")),
    ("1_1", Err("1_1: value too great for base (error token is \"1_1\")")),
    ("2#101", Ok(5)),
    ("2#", Err("2#: invalid integer constant (error token is \"2#\")")),
    ("2#2", Err("2#2: value too great for base (error token is \"2#2\")")),
    ("2#1_1", Err("2#1_1: value too great for base (error token is \"2#1_1\")")),
    ("2##1", Err("2##1: invalid integer constant (error token is \"2##1\")")),
    ("2#1#1", Err("2#1#1: invalid number (error token is \"2#1#1\")")),
    ("0#1", Err("0#1: invalid number (error token is \"0#1\")")),
    ("0x#1", Err("0x#1: invalid number (error token is \"0x#1\")")),
    ("010#9", Err("010#9: invalid number (error token is \"010#9\")")),
    ("08#1", Err("08#1: value too great for base (error token is \"08#1\")")),
    ("1#1", Err("1#1: invalid arithmetic base (error token is \"1#1\")")),
    ("1#", Err("1#: invalid arithmetic base (error token is \"1#\")")),
    ("10#", Err("10#: invalid integer constant (error token is \"10#\")")),
    ("10#a", Err("10#a: value too great for base (error token is \"10#a\")")),
    ("12#b", Ok(11)),
    ("12#c", Err("12#c: value too great for base (error token is \"12#c\")")),
    ("16#ff", Ok(255)),
    ("36#zZ", Ok(1295)),
    ("36#ZZ", Ok(1295)),
    ("37#z", Ok(35)),
    ("62#Z", Ok(61)),
    ("64#@_", Ok(4031)),
    ("64#zZ@_", Ok(9428927)),
    ("64#", Err("64#: invalid integer constant (error token is \"64#\")")),
    ("65#1", Err("65#1: invalid arithmetic base (error token is \"65#1\")")),
    ("100000000000000000000#1", Err("100000000000000000000#1: invalid arithmetic base (error token is \"100000000000000000000#1\")")),
    ("1 ? 2 : 3", Ok(2)),
    ("0 ? 2 : 3", Ok(3)),
    ("1 ? 2 : 3 ? 4 : 5", Ok(2)),
    ("0 ? 2 : 0 ? 4 : 5", Ok(5)),
    ("1 ? 2 ? 3 : 4 : 5", Ok(3)),
    ("0?z=4:5", Ok(5)),
    ("1 ? 2", Err("1 ? 2: `:' expected for conditional expression (error token is \"2\")")),
    ("1 ? 2 :", Err("1 ? 2 :: expression expected (error token is \":\")")),
    ("1 ?", Err("1 ?: expression expected (error token is \"?\")")),
    ("1 ?: 2", Err("1 ?: 2: expression expected (error token is \": 2\")")),
    ("5 ? : 3", Err("5 ? : 3: expression expected (error token is \": 3\")")),
    ("0 ? 1 : ", Err("0 ? 1 : : expression expected (error token is \": \")")),
    ("1 : 2", Err("1 : 2: syntax error in expression (error token is \": 2\")")),
    ("1 ? 2 : (3", Err("1 ? 2 : (3: missing `)' (error token is \"3\")")),
    ("1,2", Ok(2)),
    ("(1, 2) + 3", Ok(5)),
    ("1 ,", Err("1 ,: syntax error: operand expected (error token is \",\")")),
    ("4 ,", Err("4 ,: syntax error: operand expected (error token is \",\")")),
    (", 4", Err(", 4: syntax error: operand expected (error token is \", 4\")")),
    ("1 +", Err("1 +: syntax error: operand expected (error token is \"+\")")),
    ("1 + + ", Err("1 + + : syntax error: operand expected (error token is \"+ \")")),
    ("  1 +  ", Err("1 +  : syntax error: operand expected (error token is \"+  \")")),
    ("1+\n", Err("1+\n: syntax error: operand expected (error token is \"+\n\")")),
    ("\t1\t+\t", Err("1\t+\t: syntax error: operand expected (error token is \"+\t\")")),
    ("\n1+", Err("\n1+: syntax error: operand expected (error token is \"+\")")),
    ("1+\r2", Err("1+\r2: syntax error: operand expected (error token is \"\r2\")")),
    ("-", Err("-: syntax error: operand expected (error token is \"-\")")),
    ("5 - ", Err("5 - : syntax error: operand expected (error token is \"- \")")),
    ("=", Err("=: syntax error: operand expected (error token is \"=\")")),
    ("1=", Err("1=: attempted assignment to non-variable (error token is \"=\")")),
    ("5=3", Err("5=3: attempted assignment to non-variable (error token is \"=3\")")),
    ("z=", Err("z=: syntax error: operand expected (error token is \"=\")")),
    ("z =", Err("z =: syntax error: operand expected (error token is \"=\")")),
    ("z = = 5", Err("z = = 5: syntax error: operand expected (error token is \"= 5\")")),
    ("z==", Err("z==: syntax error: operand expected (error token is \"==\")")),
    ("z== 5", Ok(0)),
    ("(1", Err("(1: missing `)' (error token is \"1\")")),
    ("(1+2", Err("(1+2: missing `)' (error token is \"2\")")),
    ("((1)", Err("((1): missing `)' (error token is \")\")")),
    ("1)", Err("1): syntax error in expression (error token is \")\")")),
    ("(1+2))", Err("(1+2)): syntax error in expression (error token is \")\")")),
    ("()", Err("(): syntax error: operand expected (error token is \")\")")),
    ("(", Err("(: syntax error: operand expected (error token is \"(\")")),
    (")", Err("): syntax error: operand expected (error token is \")\")")),
    ("1 2", Err("1 2: syntax error in expression (error token is \"2\")")),
    ("1 2 3", Err("1 2 3: syntax error in expression (error token is \"2 3\")")),
    ("z y", Err("z y: syntax error in expression (error token is \"y\")")),
    ("1 ; 2", Err("1 ; 2: syntax error: invalid arithmetic operator (error token is \"; 2\")")),
    ("1 # 2", Err("1 # 2: syntax error: invalid arithmetic operator (error token is \"# 2\")")),
    ("1 ;", Err("1 ;: syntax error: invalid arithmetic operator (error token is \";\")")),
    ("(1) ;", Err("(1) ;: syntax error: operand expected (error token is \";\")")),
    ("z++ ;", Err("z++ ;: syntax error: invalid arithmetic operator (error token is \";\")")),
    ("++z ;", Err("++z ;: syntax error: invalid arithmetic operator (error token is \";\")")),
    ("1 ** ;", Err("1 ** ;: syntax error: operand expected (error token is \";\")")),
    ("1 == ;", Err("1 == ;: syntax error: operand expected (error token is \";\")")),
    ("$z", Err("$z: syntax error: operand expected (error token is \"$z\")")),
    ("@", Err("@: syntax error: operand expected (error token is \"@\")")),
    ("[", Err("[: syntax error: operand expected (error token is \"[\")")),
    ("]", Err("]: syntax error: operand expected (error token is \"]\")")),
    ("{", Err("{: syntax error: operand expected (error token is \"{\")")),
    ("\\", Err("\\: syntax error: operand expected (error token is \"\\\")")),
    ("\"1\"", Err("\"1\": syntax error: operand expected (error token is \"\"1\"\")")),
    ("'1'", Err("'1': syntax error: operand expected (error token is \"'1'\")")),
    ("x", Ok(3)),
    ("x*2", Ok(6)),
    ("x=5, x*2", Ok(10)),
    ("z=1+2, z*2", Ok(6)),
    ("y", Ok(4)),
    ("y*2", Ok(8)),
    ("s", Err("s: expression recursion level exceeded (error token is \"s\")")),
    ("e", Ok(0)),
    ("e+1", Ok(1)),
    ("sp", Ok(7)),
    ("w", Err("a b: syntax error in expression (error token is \"b\")")),
    ("inv", Err("1 +: syntax error: operand expected (error token is \"+\")")),
    ("inv+1", Err("1 +: syntax error: operand expected (error token is \"+\")")),
    ("bad", Err("08: value too great for base (error token is \"08\")")),
    ("neg**2", Ok(9)),
    ("h", Ok(16)),
    ("0 && inv", Ok(0)),
    ("0 ? inv : 5", Ok(5)),
    ("1 ? 5 : inv", Ok(5)),
    ("1 || inv", Ok(1)),
    ("0 ? z=1/0 : 2", Ok(2)),
    ("1/0 inv", Err("1 +: syntax error: operand expected (error token is \"+\")")),
    ("1/0 08", Err("1/0 08: value too great for base (error token is \"08\")")),
    ("1/0 ;", Err("1/0 ;: syntax error: invalid arithmetic operator (error token is \";\")")),
    ("1/0 )", Err("1/0 ): division by 0 (error token is \"0 )\")")),
    ("z inv 08", Err("z inv 08: value too great for base (error token is \"08\")")),
    ("z 08", Err("z 08: value too great for base (error token is \"08\")")),
    ("inv 08", Err("inv 08: value too great for base (error token is \"08\")")),
    ("inv ;", Err("inv ;: syntax error: invalid arithmetic operator (error token is \";\")")),
    ("z a[", Err("z a[: bad array subscript (error token is \"a[\")")),
    ("a[ 08", Err("a[ 08: bad array subscript (error token is \"a[ 08\")")),
    ("z++", Ok(0)),
    ("z--", Ok(0)),
    ("++z", Ok(1)),
    ("--z", Ok(-1)),
    ("-- z", Ok(-1)),
    ("z++ ++", Err("z++ ++: syntax error: operand expected (error token is \"+\")")),
    ("3++", Err("3++: syntax error: operand expected (error token is \"+\")")),
    ("(z)++", Err("(z)++: syntax error: operand expected (error token is \"+\")")),
    ("++5", Ok(5)),
    ("++ 5", Ok(5)),
    ("z+++x", Ok(3)),
    ("z---x", Ok(-3)),
    ("z++x", Err("z++x: syntax error in expression (error token is \"x\")")),
    ("z+ ++x", Ok(4)),
    ("z--1", Err("z--1: syntax error in expression (error token is \"1\")")),
    ("1--z", Err("1--z: syntax error in expression (error token is \"--z\")")),
    ("1 -- z", Err("1 -- z: syntax error in expression (error token is \"-- z\")")),
    ("1---z", Ok(2)),
    ("1++", Err("1++: syntax error: operand expected (error token is \"+\")")),
    ("++", Err("++: syntax error: operand expected (error token is \"+\")")),
    ("--z++", Err("--z++: ++: assignment requires lvalue (error token is \"++\")")),
    ("++z--", Err("++z--: --: assignment requires lvalue (error token is \"--\")")),
    ("++z ++", Err("++z ++: ++: assignment requires lvalue (error token is \"++\")")),
    ("z ++", Ok(0)),
    ("z =5", Ok(5)),
    ("1+z=5", Err("1+z=5: attempted assignment to non-variable (error token is \"=5\")")),
    ("1*z=5", Err("1*z=5: attempted assignment to non-variable (error token is \"=5\")")),
    ("-z=5", Err("-z=5: attempted assignment to non-variable (error token is \"=5\")")),
    ("!z=5", Err("!z=5: attempted assignment to non-variable (error token is \"=5\")")),
    ("(z)=5", Err("(z)=5: attempted assignment to non-variable (error token is \"=5\")")),
    ("z++=5", Err("z++=5: attempted assignment to non-variable (error token is \"=5\")")),
    ("++z=5", Err("++z=5: attempted assignment to non-variable (error token is \"=5\")")),
    ("1?2:z=3", Err("1?2:z=3: attempted assignment to non-variable (error token is \"=3\")")),
    ("z=2,1+z+=5", Err("z=2,1+z+=5: attempted assignment to non-variable (error token is \"+=5\")")),
    ("z += 2 += 3", Err("z += 2 += 3: attempted assignment to non-variable (error token is \"+= 3\")")),
    ("z = 1 ? 2 : 3", Ok(2)),
    ("1 ? z = 7 : 3", Ok(7)),
    ("(z = 3) + z", Ok(6)),
    ("z=1, z+=z++", Ok(2)),
    ("x/=0", Err("x/=0: division by 0 (error token is \"0\")")),
    ("z /= 0 , 1", Err("z /= 0 , 1: division by 0 (error token is \", 1\")")),
    ("z = y = 4, z + y", Ok(8)),
    ("0 && 2**(z=-1)", Err("0 && 2**(z=-1): exponent less than 0 (error token is \")\")")),
    ("0 && 2**-(++z)", Err("0 && 2**-(++z): exponent less than 0 (error token is \")\")")),
    ("z=1, 0 && 2**-z", Ok(0)),
    ("arr", Ok(10)),
    ("arr[1]", Ok(20)),
    ("arr[ 1 ]", Ok(20)),
    ("arr[-1]", Ok(30)),
    ("arr[-3]", Ok(10)),
    ("arr[1+1]", Ok(30)),
    ("arr[x-2]", Ok(20)),
    ("arr[1]+arr[2]", Ok(50)),
    ("arr[\"1\"]", Ok(20)),
    ("arr['1']", Err("'1': syntax error: operand expected (error token is \"'1'\")")),
    ("arr[\\1]", Err("\\1: syntax error: operand expected (error token is \"\\1\")")),
    ("arr[1+]", Err("1+: syntax error: operand expected (error token is \"+\")")),
    ("arr[z y]", Err("z y: syntax error in expression (error token is \"y\")")),
    ("arr[1]]", Err("arr[1]]: syntax error: invalid arithmetic operator (error token is \"]\")")),
    ("arr[1", Err("arr[1: bad array subscript (error token is \"arr[1\")")),
    ("arr[", Err("arr[: bad array subscript (error token is \"arr[\")")),
    ("arr[[1]]", Err("[1]: syntax error: operand expected (error token is \"[1]\")")),
    ("arr[08]", Err("08: value too great for base (error token is \"08\")")),
    ("arr [1]", Err("arr [1]: syntax error: invalid arithmetic operator (error token is \"[1]\")")),
    ("arr[1] [2]", Err("arr[1] [2]: syntax error: invalid arithmetic operator (error token is \"[2]\")")),
    ("arr[5]", Ok(0)),
    ("arr[1]=5", Ok(5)),
    ("arr[1]+=5", Ok(25)),
    ("arr[1]++", Ok(20)),
    ("++arr[1]", Ok(21)),
    ("A[k]", Ok(5)),
    ("A[ k ]", Ok(7)),
    ("A[a b]", Ok(6)),
    ("A[ a b ]", Ok(0)),
    ("A[\"k\"]", Ok(5)),
    ("A['k']", Ok(5)),
    ("A[\\k]", Ok(5)),
    ("A[@]", Ok(0)),
    ("A[nokey]", Ok(0)),
    ("A[k]=1", Ok(1)),
    ("A[k]+=1", Ok(6)),
    ("x[0]", Ok(3)),
    ("x[1]", Ok(0)),
    ("1 +\n 2", Ok(3)),
    ("(\n1\n)", Ok(1)),
    ];

    #[test]
    fn table_matches_bash() {
        let mut failures = Vec::new();
        for (src, want) in TABLE {
            let mut env = MockEnv::table_env();
            let got = eval_str(src, &mut env).map_err(|e| e.message);
            let want = want.map_err(|e| e.to_string());
            if got != want {
                failures.push(format!("{src:?}: got {got:?}, want {want:?}"));
            }
        }
        assert!(
            failures.is_empty(),
            "{} mismatches:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }

    fn run(env: &mut MockEnv, src: &str) -> Result<i64, String> {
        eval_str(src, env).map_err(|e| e.message)
    }

    #[test]
    fn empty_expression_is_zero() {
        let mut env = MockEnv::default();
        for src in ["", "   ", " \n\t "] {
            let e = parse(src).unwrap();
            assert!(e.is_empty());
            assert_eq!(eval(&e, &mut env), Ok(0));
        }
        assert!(!parse("0").unwrap().is_empty());
    }

    #[test]
    fn variables_and_side_effects() {
        let mut env = MockEnv::default();
        assert_eq!(run(&mut env, "x=1+2, x*2"), Ok(6));
        assert_eq!(env.get("x").as_deref(), Some("3"));
        env = env.scalar("x", "y").scalar("y", "5");
        assert_eq!(run(&mut env, "x"), Ok(5));
        env = env.scalar("u", "1");
        assert_eq!(run(&mut env, "u+=u++"), Ok(2));
        assert_eq!(env.get("u").as_deref(), Some("2"));
        assert_eq!(
            run(
                &mut env,
                "u=5, u <<= 2, u >>= 1, u |= 1, u &= 7, u ^= 2, u %= 4, u *= 3, u /= 2"
            ),
            Ok(1)
        );
        assert_eq!(run(&mut env, "i=2, j=i++ + ++i"), Ok(6));
        assert_eq!(
            (env.get("i").as_deref(), env.get("j").as_deref()),
            (Some("4"), Some("6"))
        );
        // Short-circuit: no assignments in untaken branches.
        assert_eq!(
            run(&mut env, "k=0, 0 && (k=1), 1 || (k=2), 1 ? 3 : (k=3), k"),
            Ok(0)
        );
        // Assignments done before a syntax error are kept, as in bash.
        assert_eq!(
            run(&mut env, "m=5, 1 +"),
            Err("m=5, 1 +: syntax error: operand expected (error token is \"+\")".into())
        );
        assert_eq!(env.get("m").as_deref(), Some("5"));
        // ... but the strict parser reports the syntax error before evaluating.
        assert_eq!(
            parse("n=5, 1 +").unwrap_err().message,
            "n=5, 1 +: syntax error: operand expected (error token is \"+\")"
        );
        // An evaluation error found before the syntax error wins (bash evaluates while parsing).
        assert_eq!(
            run(&mut env, "1/0 +"),
            Err("1/0 +: division by 0 (error token is \"0 +\")".into())
        );
    }

    #[test]
    fn arrays() {
        // Recorded with bash: i=0; (( a[i++] = i )) -> a[0]=0 i=1 (subscript after rhs).
        let mut env = MockEnv::default().indexed("a", &[]);
        assert_eq!(run(&mut env, "i=0, a[i++] = i"), Ok(0));
        assert_eq!(
            (env.elem("a", 0).as_deref(), env.get("i").as_deref()),
            (Some("0"), Some("1"))
        );
        assert_eq!(run(&mut env, "i=0, a[i++]=(i+=5)"), Ok(5));
        assert_eq!(
            (env.elem("a", 5).as_deref(), env.get("i").as_deref()),
            (Some("5"), Some("6"))
        );
        // Compound assignment evaluates the subscript once, before the rhs.
        assert_eq!(run(&mut env, "i=0, a[i++] += i+10"), Ok(11));
        assert_eq!(
            (env.elem("a", 0).as_deref(), env.get("i").as_deref()),
            (Some("11"), Some("1"))
        );
        assert_eq!(run(&mut env, "i=0, a[i++]++"), Ok(11));
        assert_eq!(
            (env.elem("a", 0).as_deref(), env.get("i").as_deref()),
            (Some("12"), Some("1"))
        );
        assert_eq!(run(&mut env, "--a[0], a[-1]"), Ok(5));
        assert_eq!(run(&mut env, "a[-1] += 1"), Ok(6));
        assert_eq!(env.elem("a", 5).as_deref(), Some("6"));
        // Non-fatal diagnostics.
        assert_eq!(run(&mut env, "a[@]"), Ok(0));
        assert_eq!(run(&mut env, "a[]=5"), Ok(5));
        assert_eq!(
            env.warnings,
            vec!["a[@]: bad array subscript", "`a[]': not a valid identifier"]
        );
        // Associative arrays: raw key text with quote removal, not trimmed.
        let mut env = MockEnv::default().assoc("A", &[]);
        assert_eq!(
            run(
                &mut env,
                "A[ y ]=1, A[\"q r\"]=2, A[z]++, A[ w ]+=3, ++A[ v ], A[x+1]=4"
            ),
            Ok(4)
        );
        assert_eq!(env.key("A", " y ").as_deref(), Some("1"));
        assert_eq!(env.key("A", "q r").as_deref(), Some("2"));
        assert_eq!(env.key("A", "z").as_deref(), Some("1"));
        assert_eq!(env.key("A", " w ").as_deref(), Some("3"));
        assert_eq!(env.key("A", " v ").as_deref(), Some("1"));
        assert_eq!(env.key("A", "x+1").as_deref(), Some("4"));
        // A syntax error in a key is irrelevant for associative arrays.
        assert_eq!(run(&mut env, "A[1 +]"), Ok(0));
        assert_eq!(run(&mut env, "A[@]=9, A[@]"), Ok(9));
    }

    #[test]
    fn nounset() {
        let mut env = MockEnv {
            nounset: true,
            ..MockEnv::default()
        }
        .indexed("a", &["1"])
        .scalar("e", "");
        let e = eval_str("y+1", &mut env).unwrap_err();
        assert_eq!(e.message, "y: unbound variable");
        assert!(e.fatal);
        assert_eq!(run(&mut env, "y=1"), Ok(1));
        assert_eq!(run(&mut env, "0 && z"), Ok(0));
        assert_eq!(run(&mut env, "e + a[5]"), Ok(0));
        assert_eq!(run(&mut env, "q++"), Err("q: unbound variable".into()));
        assert_eq!(run(&mut env, "b[1]"), Err("b: unbound variable".into()));
        assert!(!eval_str("1/0", &mut env).unwrap_err().fatal);
    }

    #[test]
    fn env_errors_propagate() {
        let mut env = MockEnv {
            readonly: vec!["r".into()],
            ..MockEnv::default()
        };
        assert_eq!(
            run(&mut env, "q=1, r=2, q=3"),
            Err("r: readonly variable".into())
        );
        assert_eq!(env.get("q").as_deref(), Some("1"));
        let mut env = MockEnv {
            charge_limit: Some(50),
            ..MockEnv::default()
        };
        let long = vec!["1"; 1000].join("+");
        assert_eq!(run(&mut env, &long), Err("resource limit exceeded".into()));
        assert!(env.charges <= 51);
    }

    #[test]
    fn recursion_limit() {
        let mut env = MockEnv::default().scalar("s", "s").scalar("r", "r+1");
        assert_eq!(
            run(&mut env, "s"),
            Err("s: expression recursion level exceeded (error token is \"s\")".into())
        );
        assert_eq!(
            run(&mut env, "r"),
            Err("r+1: expression recursion level exceeded (error token is \"r+1\")".into())
        );
        // bash 5.2: a chain v0 -> v1 -> ... -> v1022=5 works, one more fails.
        // Unoptimized builds have much larger stack frames and may hit
        // EVAL_STACK_BUDGET earlier, with the same error.
        for (n, ok) in [(300, true), (1022, true), (1023, false)] {
            let mut env = MockEnv::default();
            for i in 0..n {
                env = env.scalar(&format!("v{i}"), &format!("v{}", i + 1));
            }
            env = env.scalar(&format!("v{n}"), "5");
            let r = run(&mut env, "v0");
            if ok && (n <= 300 || !cfg!(debug_assertions)) {
                assert_eq!(r, Ok(5), "chain {n}");
            } else if !ok {
                assert!(r
                    .unwrap_err()
                    .contains("expression recursion level exceeded"));
            }
        }
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let mut env = MockEnv::default().indexed("a", &["0"]);
        let deep = [
            "(".repeat(100_000),
            format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000)),
            format!("{}1", "-".repeat(100_000)),
            format!("{}1", "! ".repeat(100_000)),
            format!("{}1", "x=".repeat(100_000)),
            format!("{}1", "1?".repeat(100_000)),
            format!("{}1", "2**".repeat(100_000)),
            format!("{}0{}", "a[".repeat(100_000), "]".repeat(100_000)),
            format!("{}1{}", "(1+".repeat(100_000), ")".repeat(100_000)),
            format!("{}1", "a=(".repeat(100_000)),
        ];
        for src in &deep {
            let r = eval_str(src, &mut env);
            assert!(r.is_err(), "{}", &src[..20]);
            let _ = parse(src);
        }
        // 256 levels are still fine.
        let ok = format!("{}1{}", "(".repeat(250), ")".repeat(250));
        assert_eq!(run(&mut env, &ok), Ok(1));
        let ok = format!("{}7{}", "(1*".repeat(120), ")".repeat(120));
        assert_eq!(run(&mut env, &ok), Ok(7));
        let ok = format!("{}0{}", "a[".repeat(200), "]".repeat(200));
        assert_eq!(run(&mut env, &ok), Ok(0));
    }

    #[test]
    fn long_flat_inputs_are_fast() {
        let mut env = MockEnv::default();
        let sum = vec!["1"; 100_000].join("+");
        assert_eq!(run(&mut env, &sum), Ok(100_000));
        let commas = vec!["z=z+1"; 50_000].join(",");
        assert_eq!(run(&mut env, &commas), Ok(50_000));
        let idents = vec!["a"; 50_000].join(" ");
        assert!(run(&mut env, &idents).is_err());
        let short = vec!["0 && (1 || 1)"; 20_000].join(" || ");
        assert_eq!(run(&mut env, &short), Ok(0));
    }

    #[test]
    fn never_panics_on_garbage() {
        let alphabet: &[u8] = b"0123456789xyzaA_#@$+-*/%<>=!~&|^?:,()[] \t\n'\"\\.;";
        let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
        let mut env = MockEnv::default()
            .scalar("x", "y+1")
            .scalar("y", "x")
            .indexed("a", &["1"])
            .assoc("A", &[]);
        for _ in 0..20_000 {
            let len = (seed % 24) as usize;
            let mut s = Vec::with_capacity(len);
            for _ in 0..len {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                s.push(alphabet[(seed % alphabet.len() as u64) as usize]);
            }
            let s = String::from_utf8(s).unwrap();
            let _ = eval_str(&s, &mut env);
            let _ = parse(&s).map(|e| eval(&e, &mut env));
        }
        // Non-ASCII and NUL input.
        for s in ["é", "1 + é", "x\u{0}+1", "A[é]", "a[\u{0}]", "1 ? é : 2"] {
            let _ = eval_str(s, &mut env);
        }
    }

    #[test]
    fn parse_then_eval_reuses_ast() {
        let e = parse("i += 2").unwrap();
        let mut env = MockEnv::default();
        for _ in 0..5 {
            eval(&e, &mut env).unwrap();
        }
        assert_eq!(env.get("i").as_deref(), Some("10"));
        let c = e.clone();
        assert!(format!("{c:?}").contains("Assign"));
    }
}
