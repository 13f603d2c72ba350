//! The awk syntax tree the parser builds and the interpreter walks.

/// A variable reference resolved at parse time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Var {
    /// A global (special variables have fixed indices, see [`special`]).
    Global(usize),
    /// A parameter or local of the function being defined.
    Local(usize),
}

/// Fixed global indices of the special variables (the parser registers them first).
pub mod special {
    pub const NF: usize = 0;
    pub const NR: usize = 1;
    pub const FNR: usize = 2;
    pub const FS: usize = 3;
    pub const OFS: usize = 4;
    pub const ORS: usize = 5;
    pub const RS: usize = 6;
    pub const FILENAME: usize = 7;
    pub const SUBSEP: usize = 8;
    pub const RSTART: usize = 9;
    pub const RLENGTH: usize = 10;
    pub const CONVFMT: usize = 11;
    pub const OFMT: usize = 12;
    pub const ENVIRON: usize = 13;
    pub const ARGC: usize = 14;
    pub const ARGV: usize = 15;
    pub const RT: usize = 16;
    pub const NAMES: [&str; 17] = [
        "NF", "NR", "FNR", "FS", "OFS", "ORS", "RS", "FILENAME", "SUBSEP", "RSTART", "RLENGTH",
        "CONVFMT", "OFMT", "ENVIRON", "ARGC", "ARGV", "RT",
    ];
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Pow,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Lt,
    Le,
    Eq,
    Ne,
    Gt,
    Ge,
}

/// Built-in functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    Length,
    Substr,
    Index,
    Split,
    Sub,
    Gsub,
    Match,
    Sprintf,
    Sin,
    Cos,
    Atan2,
    Exp,
    Log,
    Sqrt,
    Int,
    Rand,
    Srand,
    Tolower,
    Toupper,
    System,
    Close,
    Fflush,
    And,
    Or,
    Xor,
    Lshift,
    Rshift,
    Compl,
    Strtonum,
    Systime,
    Asort,
    Asorti,
    Gensub,
    Strftime,
    Mktime,
}

impl Builtin {
    pub fn from_name(n: &[u8]) -> Option<Builtin> {
        use Builtin::*;
        Some(match n {
            b"length" => Length,
            b"substr" => Substr,
            b"index" => Index,
            b"split" => Split,
            b"sub" => Sub,
            b"gsub" => Gsub,
            b"match" => Match,
            b"sprintf" => Sprintf,
            b"sin" => Sin,
            b"cos" => Cos,
            b"atan2" => Atan2,
            b"exp" => Exp,
            b"log" => Log,
            b"sqrt" => Sqrt,
            b"int" => Int,
            b"rand" => Rand,
            b"srand" => Srand,
            b"tolower" => Tolower,
            b"toupper" => Toupper,
            b"system" => System,
            b"close" => Close,
            b"fflush" => Fflush,
            b"and" => And,
            b"or" => Or,
            b"xor" => Xor,
            b"lshift" => Lshift,
            b"rshift" => Rshift,
            b"compl" => Compl,
            b"strtonum" => Strtonum,
            b"systime" => Systime,
            b"asort" => Asort,
            b"asorti" => Asorti,
            b"gensub" => Gensub,
            b"strftime" => Strftime,
            b"mktime" => Mktime,
            _ => return None,
        })
    }

    /// (minimum, maximum) argument counts.
    pub fn arity(self) -> (usize, usize) {
        use Builtin::*;
        match self {
            Length => (0, 1),
            Substr => (2, 3),
            Index | Atan2 | Lshift | Rshift => (2, 2),
            Split => (2, 4),
            Asort | Asorti => (1, 3),
            Sub | Gsub => (2, 3),
            Gensub => (3, 4),
            Strftime => (0, 3),
            Mktime => (1, 2),
            Match => (2, 3),
            Sprintf => (1, usize::MAX),
            Sin | Cos | Exp | Log | Sqrt | Int | Tolower | Toupper | System | Compl | Strtonum => {
                (1, 1)
            }
            Rand | Systime => (0, 0),
            Srand => (0, 1),
            Close => (1, 2),
            Fflush => (0, 1),
            And | Or | Xor => (2, usize::MAX),
        }
    }
}

/// gawk built-ins (and gawk-only syntax) shellsim refuses rather than misrun.
pub const UNSUPPORTED_FUNCS: &[&str] = &[
    "patsplit",
    "typeof",
    "isarray",
    "mkbool",
    "bindtextdomain",
    "dcgettext",
    "dcngettext",
];

/// gawk special variables whose effect shellsim does not model: a program naming one is
/// refused instead of silently running without the effect.
pub const UNSUPPORTED_VARS: &[&str] = &[
    "IGNORECASE",
    "FIELDWIDTHS",
    "FPAT",
    "PROCINFO",
    "BINMODE",
    "LINT",
    "TEXTDOMAIN",
    "ERRNO",
    "ARGIND",
    "SYMTAB",
    "FUNCTAB",
    "BEGINFILE",
    "ENDFILE",
];

#[derive(Clone, Debug)]
pub enum GetlineSrc {
    /// `getline` from the main input.
    Main,
    /// `getline < file`.
    File(Box<Expr>),
    /// `cmd | getline`.
    Cmd(Box<Expr>),
}

#[derive(Clone, Debug)]
pub enum Expr {
    Num(f64),
    Str(Vec<u8>),
    /// A regex literal (index into `Program::regexes`); alone it means `$0 ~ /re/`.
    Regex(usize),
    Var(Var),
    Field(Box<Expr>),
    Index(Var, Vec<Expr>),
    /// `(k1, k2) in arr`.
    In(Vec<Expr>, Var),
    /// Assignment, with the operator of `+=` and friends.
    Assign(Box<Expr>, Option<BinOp>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    Neg(Box<Expr>),
    Plus(Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    Cmp(CmpOp, Box<Expr>, Box<Expr>),
    /// `a ~ b` (false) or `a !~ b` (true).
    Match(bool, Box<Expr>, Box<Expr>),
    Concat(Box<Expr>, Box<Expr>),
    /// Increment or decrement: (target, pre, delta).
    IncDec(Box<Expr>, bool, f64),
    /// A user function call: (function index, arguments).
    Call(usize, Vec<Expr>),
    Builtin(Builtin, Vec<Expr>),
    /// `getline [var]` from a source.
    Getline(GetlineSrc, Option<Box<Expr>>),
    /// A parenthesized list `(a, b)`: only valid before `in` or as print's arguments.
    Grouping(Vec<Expr>),
    /// A subtree that never waits on anything, evaluated without futures (see `pure.rs`).
    Pure(Box<Expr>),
}

impl Expr {
    pub fn is_lvalue(&self) -> bool {
        matches!(self, Expr::Var(_) | Expr::Field(_) | Expr::Index(..))
    }
}

#[derive(Clone, Debug)]
pub enum Redir {
    File(Expr),
    Append(Expr),
    Pipe(Expr),
}

#[derive(Clone, Debug)]
pub enum Stmt {
    Expr(Expr),
    Print(Vec<Expr>, Option<Redir>),
    Printf(Vec<Expr>, Option<Redir>),
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    While(Expr, Box<Stmt>),
    Do(Box<Stmt>, Expr),
    For(
        Option<Box<Stmt>>,
        Option<Expr>,
        Option<Box<Stmt>>,
        Box<Stmt>,
    ),
    ForIn(Var, Var, Box<Stmt>),
    Block(Vec<Stmt>),
    Next,
    NextFile,
    Exit(Option<Expr>),
    Return(Option<Expr>),
    Break,
    Continue,
    /// `delete arr[k]` or `delete arr`.
    Delete(Var, Option<Vec<Expr>>),
    /// Marks the source position (source index, line) of the statements that follow.
    Line(usize, usize),
}

#[derive(Clone, Debug)]
pub enum Pattern {
    All,
    Expr(Expr),
    /// A range; the index names its on/off state.
    Range(Expr, Expr, usize),
}

#[derive(Clone, Debug)]
pub struct Item {
    pub pattern: Pattern,
    /// Where the pattern is written (source index, line), for run-time messages.
    pub line: (usize, usize),
    /// `None`: print the record.
    pub action: Option<Vec<Stmt>>,
}

#[derive(Clone, Debug, Default)]
pub struct Func {
    pub name: Vec<u8>,
    pub nparams: usize,
    pub params: Vec<Vec<u8>>,
    pub body: Vec<Stmt>,
    pub defined: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Program {
    pub begin: Vec<Vec<Stmt>>,
    pub end: Vec<Vec<Stmt>>,
    pub items: Vec<Item>,
    pub funcs: Vec<Func>,
    pub globals: Vec<Vec<u8>>,
    pub regexes: Vec<Vec<u8>>,
    pub ranges: usize,
    /// What gawk says while parsing, printed before anything runs.
    pub notes: Vec<Note>,
}

/// A parse-time message: a warning, or an error that stops the program from running (gawk
/// keeps parsing after one, so later messages still appear).
#[derive(Clone, Debug)]
pub struct Note {
    pub src: usize,
    pub line: usize,
    pub error: bool,
    pub msg: String,
}
