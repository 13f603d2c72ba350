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

mod eval;
pub use eval::{eval, eval_str, EVAL_STACK_BUDGET};

#[cfg(test)]
mod tests;
