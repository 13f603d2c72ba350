//! The shell's syntax tree. Built by [`super::parser`], walked by the executor and by the read
//! judge. Every command keeps the line it started on (for `$LINENO`, diagnostics and spans).

use std::cell::OnceCell;
use std::rc::Rc;

/// A whole script: a list of top-level commands.
#[derive(Clone, Debug, Default)]
pub struct Program {
    pub body: List,
    /// The text this program was parsed from.
    pub source: std::rc::Rc<[u8]>,
    /// A syntax error after the lines of `body` (only from `parser::parse_partial`): bash
    /// reads a script a complete command at a time, so the lines before the error run and
    /// the error is reported after them.
    pub syntax_error: Option<SyntaxError>,
    /// Here-documents that ran into the end of the input (only from `parser::parse_partial`);
    /// bash warns about each before running the command it belongs to.
    pub heredoc_warnings: Vec<HeredocWarning>,
}

/// A here-document ended by the end of input instead of its delimiter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeredocWarning {
    /// Index of the top-level item it is reported before.
    pub before_item: usize,
    /// The last line read.
    pub eof_line: u32,
    /// The line of the `<<` operator.
    pub doc_line: u32,
    pub delimiter: Vec<u8>,
}

/// A syntax error found while reading a script, as bash reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub line: u32,
    pub message: String,
    /// The input line bash echoes after a "near unexpected token" message.
    pub offending_line: Option<Vec<u8>>,
}

/// Commands separated by `;`, `&` or newlines.
#[derive(Clone, Debug, Default)]
pub struct List {
    pub items: Vec<ListItem>,
}

#[derive(Clone, Debug)]
pub struct ListItem {
    pub and_or: AndOr,
    /// Terminated by `&`: run as a background job.
    pub background: bool,
    /// Byte range of the item in the parsed text, and its first line (used to re-read
    /// top-level commands when aliases are in effect).
    pub start: usize,
    pub end: usize,
    pub line: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AndOrOp {
    And,
    Or,
}

#[derive(Clone, Debug)]
pub struct AndOr {
    pub first: Pipeline,
    pub rest: Vec<(AndOrOp, Pipeline)>,
}

#[derive(Clone, Debug)]
pub struct Pipeline {
    pub negated: bool,
    /// Preceded by the `time` keyword.
    pub timed: bool,
    /// `time -p`: POSIX's report layout.
    pub time_posix: bool,
    pub commands: Vec<Command>,
    /// For each command but the last: joined with `|&` (stderr too).
    pub pipe_stderr: Vec<bool>,
    pub line: u32,
}

#[derive(Clone, Debug)]
pub enum Command {
    Simple(SimpleCommand),
    Compound(Box<CompoundCommand>, Vec<Redirect>, u32),
    FunctionDef(Rc<FunctionDef>),
}

#[derive(Clone, Debug)]
pub struct FunctionDef {
    pub name: Vec<u8>,
    pub body: Command,
    pub line: u32,
    /// Source text of the definition (for `type` and `declare -f`).
    pub source: Vec<u8>,
}

#[derive(Clone, Debug, Default)]
pub struct SimpleCommand {
    pub assigns: Vec<Assign>,
    pub words: Vec<Word>,
    pub redirects: Vec<Redirect>,
    pub line: u32,
}

#[derive(Clone, Debug)]
pub enum CompoundCommand {
    Group(List),
    Subshell(List),
    If {
        branches: Vec<(List, List)>,
        else_body: Option<List>,
    },
    While {
        cond: List,
        body: List,
        until: bool,
    },
    For {
        var: Vec<u8>,
        words: Option<Vec<Word>>,
        body: List,
        line: u32,
    },
    ArithFor {
        init: Option<Word>,
        cond: Option<Word>,
        step: Option<Word>,
        body: List,
        line: u32,
    },
    Select {
        var: Vec<u8>,
        words: Option<Vec<Word>>,
        body: List,
        line: u32,
    },
    Case {
        word: Word,
        arms: Vec<CaseArm>,
    },
    /// `(( expr ))`
    Arith(Word, u32),
    /// `[[ expr ]]`
    Cond(CondExpr, u32),
    /// `coproc [NAME] command`: `body` runs asynchronously with its standard input and output
    /// connected to the shell by pipes. `name` is `COPROC` when none is written; it is a word
    /// because bash expands it (without splitting) when the coprocess starts.
    Coproc {
        name: Word,
        body: Command,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseTerm {
    /// `;;`
    Break,
    /// `;&`
    FallThrough,
    /// `;;&`
    Continue,
}

#[derive(Clone, Debug)]
pub struct CaseArm {
    pub patterns: Vec<Word>,
    pub body: List,
    pub term: CaseTerm,
}

/// `[[ ... ]]` expression.
#[derive(Clone, Debug)]
pub enum CondExpr {
    And(Box<CondExpr>, Box<CondExpr>),
    Or(Box<CondExpr>, Box<CondExpr>),
    Not(Box<CondExpr>),
    Unary(Vec<u8>, Word),
    Binary(Word, Vec<u8>, Word),
    /// A lone word: true if non-empty.
    Word(Word),
}

#[derive(Clone, Debug)]
pub struct Assign {
    pub name: Vec<u8>,
    /// `name[sub]=...`
    pub index: Option<Word>,
    /// `+=`
    pub append: bool,
    pub value: AssignValue,
    /// Source text of the value (an array literal passed as an environment binding,
    /// `B=(b b) cmd`, is passed as this text, like bash).
    pub raw_value: Vec<u8>,
}

#[derive(Clone, Debug)]
pub enum AssignValue {
    Scalar(Word),
    /// `(a b [k]=v ...)`
    Array(Vec<ArrayElem>),
}

#[derive(Clone, Debug)]
pub struct ArrayElem {
    /// `[key]=` (with `append` for `[key]+=`)
    pub key: Option<Word>,
    pub append: bool,
    pub value: Word,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RedirOp {
    /// `<`
    In,
    /// `>`
    Out,
    /// `>>`
    Append,
    /// `>|`
    Clobber,
    /// `<>`
    ReadWrite,
    /// `<&`
    DupIn,
    /// `>&`
    DupOut,
    /// `&>` (stdout and stderr)
    OutErr,
    /// `&>>`
    AppendErr,
    /// `<<<`
    HereString,
    /// `<<` / `<<-`
    HereDoc,
}

#[derive(Clone, Debug)]
pub enum RedirFd {
    Num(u32),
    /// `{name}>file`: allocate a descriptor and store its number in `name`.
    Var(Vec<u8>),
}

#[derive(Clone, Debug)]
pub struct Redirect {
    pub fd: Option<RedirFd>,
    pub op: RedirOp,
    pub target: RedirTarget,
}

#[derive(Clone, Debug)]
pub enum RedirTarget {
    Word(Word),
    HereDoc(Rc<HereDoc>),
}

#[derive(Debug)]
pub struct HereDoc {
    /// Delimiter was quoted: the body is literal.
    pub quoted: bool,
    pub strip_tabs: bool,
    pub delimiter: Vec<u8>,
    /// Filled in when the parser reaches the body (after the next newline).
    pub body: OnceCell<Word>,
}

/// A shell word: parts concatenated.
#[derive(Clone, Debug, Default)]
pub struct Word {
    pub parts: Vec<WordPart>,
    /// The text as written in the source (empty for words the shell builds itself); used to
    /// show code back (`type`, `declare -f`).
    pub raw: Vec<u8>,
}

#[derive(Clone, Debug)]
pub enum WordPart {
    /// Unquoted literal text (glob characters active, brace expansion applies).
    Lit(Vec<u8>),
    /// Literal text that is quoted (`'...'`, `$'...'`, `\x`).
    Quoted(Vec<u8>),
    /// `"..."`
    DQuoted(Vec<WordPart>),
    Param(Box<ParamExp>),
    /// `$(...)` or `` `...` ``
    CmdSub(Rc<Program>),
    /// `$((...))`
    Arith(Word),
    /// `~` or `~user` at the start of a word (or after `:`/`=` in assignments).
    Tilde(Vec<u8>),
    /// `<(...)` (true) or `>(...)` (false)
    ProcSub(Rc<Program>, bool),
    /// `name=(...)` as an argument of `declare`/`local`/...: the name is the argument, and
    /// the array is assigned after the builtin has set attributes and scope.
    DeclArray(Rc<Assign>),
    /// `$"..."` locale string: treated as `"..."`.
    Empty,
}

impl Word {
    pub fn lit(text: &[u8]) -> Word {
        Word {
            parts: vec![WordPart::Lit(text.to_vec())],
            raw: text.to_vec(),
        }
    }

    /// The word's text if it is a single unquoted literal (reserved words, names).
    pub fn as_literal(&self) -> Option<&[u8]> {
        match self.parts.as_slice() {
            [WordPart::Lit(t)] => Some(t),
            _ => None,
        }
    }

    /// Whether any part is quoted (affects heredoc delimiters, `case` patterns, ...).
    pub fn has_quotes(&self) -> bool {
        self.parts
            .iter()
            .any(|p| matches!(p, WordPart::Quoted(_) | WordPart::DQuoted(_)))
    }
}

#[derive(Clone, Debug)]
pub enum ParamName {
    /// A variable name (or special like `?`, `#`, `@`, `*`, `$`, `!`, `-`, `0`).
    Var(Vec<u8>),
    /// `$1`, `${10}`
    Positional(u32),
}

#[derive(Clone, Debug)]
pub enum Subscript {
    At,
    Star,
    Expr(Word),
}

#[derive(Clone, Debug)]
pub struct ParamExp {
    pub name: ParamName,
    pub index: Option<Subscript>,
    /// `${!name}`
    pub indirect: bool,
    /// `${#name}`
    pub length: bool,
    pub op: ParamOp,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplaceMode {
    First,
    All,
    Prefix,
    Suffix,
}

#[derive(Clone, Debug)]
pub enum ParamOp {
    None,
    /// `-` `=` `?` `+` with or without `:`
    Default {
        colon: bool,
        word: Word,
    },
    Assign {
        colon: bool,
        word: Word,
    },
    Error {
        colon: bool,
        word: Word,
    },
    Alternative {
        colon: bool,
        word: Word,
    },
    /// `#` / `##`
    TrimPrefix {
        longest: bool,
        pattern: Word,
    },
    /// `%` / `%%`
    TrimSuffix {
        longest: bool,
        pattern: Word,
    },
    Replace {
        mode: ReplaceMode,
        pattern: Word,
        replacement: Option<Word>,
    },
    Substring {
        offset: Word,
        length: Option<Word>,
    },
    /// `^` `^^` `,` `,,` `~` `~~`
    Case {
        mode: CaseMode,
        all: bool,
        pattern: Option<Word>,
    },
    /// `@Q`, `@E`, `@P`, `@A`, `@a`, `@U`, `@u`, `@L`, `@K`, `@k`
    Transform(u8),
    /// `${!prefix*}` / `${!prefix@}`
    PrefixNames {
        star: bool,
    },
    /// `${!arr[@]}` / `${!arr[*]}`
    Keys,
    /// Malformed text: "bad substitution" when expanded (bash reports it at run time).
    Bad(Vec<u8>),
}

/// What a case-modifying expansion does to each selected character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseMode {
    /// `^`
    Upper,
    /// `,`
    Lower,
    /// `~`: upper case becomes lower and lower becomes upper.
    Toggle,
}

impl CaseMode {
    /// The operator character in the source text.
    pub fn op(self) -> u8 {
        match self {
            CaseMode::Upper => b'^',
            CaseMode::Lower => b',',
            CaseMode::Toggle => b'~',
        }
    }
}
