//! Compiled code: a compact instruction list with, per instruction, the source range it came
//! from (for line numbers and the `~~~^^^` markers of tracebacks), constants, names and the
//! exception table that maps instruction ranges to their handlers.

use super::object::Value;
use std::rc::Rc;

/// Binary operators, in the order of `BinOp` dispatch tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    MatMul,
    TrueDiv,
    FloorDiv,
    Mod,
    Pow,
    LShift,
    RShift,
    And,
    Or,
    Xor,
}

impl BinOp {
    /// The operator as written, for error messages.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::MatMul => "@",
            BinOp::TrueDiv => "/",
            BinOp::FloorDiv => "//",
            BinOp::Mod => "%",
            BinOp::Pow => "** or pow()",
            BinOp::LShift => "<<",
            BinOp::RShift => ">>",
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Xor => "^",
        }
    }

    /// The special method names: forward, reflected, in-place.
    pub fn dunders(self) -> (&'static str, &'static str, &'static str) {
        match self {
            BinOp::Add => ("__add__", "__radd__", "__iadd__"),
            BinOp::Sub => ("__sub__", "__rsub__", "__isub__"),
            BinOp::Mul => ("__mul__", "__rmul__", "__imul__"),
            BinOp::MatMul => ("__matmul__", "__rmatmul__", "__imatmul__"),
            BinOp::TrueDiv => ("__truediv__", "__rtruediv__", "__itruediv__"),
            BinOp::FloorDiv => ("__floordiv__", "__rfloordiv__", "__ifloordiv__"),
            BinOp::Mod => ("__mod__", "__rmod__", "__imod__"),
            BinOp::Pow => ("__pow__", "__rpow__", "__ipow__"),
            BinOp::LShift => ("__lshift__", "__rlshift__", "__ilshift__"),
            BinOp::RShift => ("__rshift__", "__rrshift__", "__irshift__"),
            BinOp::And => ("__and__", "__rand__", "__iand__"),
            BinOp::Or => ("__or__", "__ror__", "__ior__"),
            BinOp::Xor => ("__xor__", "__rxor__", "__ixor__"),
        }
    }
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

impl CmpOp {
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }

    pub fn dunder(self) -> &'static str {
        match self {
            CmpOp::Lt => "__lt__",
            CmpOp::Le => "__le__",
            CmpOp::Eq => "__eq__",
            CmpOp::Ne => "__ne__",
            CmpOp::Gt => "__gt__",
            CmpOp::Ge => "__ge__",
        }
    }

    /// The operator with its operands swapped (`a < b` is `b > a`).
    pub fn swapped(self) -> CmpOp {
        match self {
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Eq => CmpOp::Eq,
            CmpOp::Ne => CmpOp::Ne,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Ge => CmpOp::Le,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Pos,
    Invert,
    Not,
}

/// One instruction. Operands index the code's constants, names or local slots.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Instr {
    Nop,
    Pop,
    /// Duplicate the top of the stack.
    Dup,
    /// Duplicate the top two items (a b -> a b a b).
    Dup2,
    /// Swap the top two items.
    Rot2,
    /// a b c -> c a b (top moves down two).
    Rot3,
    /// a b c d -> d a b c.
    Rot4,
    LoadConst(u32),
    LoadFast(u32),
    StoreFast(u32),
    DeleteFast(u32),
    LoadDeref(u32),
    StoreDeref(u32),
    DeleteDeref(u32),
    /// Push the cell object itself (to build a closure).
    LoadClosure(u32),
    LoadGlobal(u32),
    StoreGlobal(u32),
    DeleteGlobal(u32),
    /// Name lookup through the frame's locals mapping, then globals, then builtins (module
    /// and class bodies).
    LoadName(u32),
    StoreName(u32),
    DeleteName(u32),
    /// In a class body: a free variable read through the class namespace first.
    LoadClassDeref(u32),
    LoadAttr(u32),
    StoreAttr(u32),
    DeleteAttr(u32),
    /// obj -> method obj (or attribute NULL-marker) for a following `CallMethod`.
    LoadMethod(u32),
    CallMethod(u32),
    Subscr,
    StoreSubscr,
    DeleteSubscr,
    Binary(BinOp),
    Inplace(BinOp),
    Unary(UnOp),
    Compare(CmpOp),
    Is(bool),
    /// `in` (false) or `not in` (true).
    Contains(bool),
    Jump(u32),
    PopJumpIfFalse(u32),
    PopJumpIfTrue(u32),
    JumpIfFalseOrPop(u32),
    JumpIfTrueOrPop(u32),
    PopJumpIfNone(u32),
    PopJumpIfNotNone(u32),
    GetIter,
    /// Next item of the iterator on top, or pop it and jump when it is exhausted.
    ForIter(u32),
    /// Call with `n` positional arguments: func args... -> result.
    Call(u32),
    /// Call with `n` arguments, the last `k` named by the tuple constant on top.
    CallKw(u32),
    /// func args-tuple [kwargs-dict] -> result; operand 1 when a kwargs dict is present.
    CallEx(u32),
    /// Build a function from the code constant; flags: 1 defaults tuple, 2 kwdefaults dict,
    /// 4 annotations (ignored value), 8 closure tuple.
    MakeFunction(u32),
    BuildTuple(u32),
    BuildList(u32),
    BuildSet(u32),
    /// `n` key/value pairs.
    BuildMap(u32),
    /// Concatenate `n` strings (f-strings).
    BuildString(u32),
    /// Build a slice from 2 or 3 values.
    BuildSlice(u32),
    /// Format a value: bits 0-1 conversion (0 none, 1 str, 2 repr, 3 ascii), bit 2 a format
    /// spec is on the stack above the value.
    FormatValue(u32),
    /// Append the top to the list `n` deep (comprehensions).
    ListAppend(u32),
    SetAdd(u32),
    /// key value -> into the dict `n` deep.
    MapAdd(u32),
    /// list iterable -> list (extended).
    ListExtend(u32),
    SetUpdate(u32),
    /// dict mapping -> dict (updated), as `{**m}`.
    DictUpdate(u32),
    /// dict mapping -> dict, failing on duplicate keys (`f(**a, **b)`).
    DictMerge(u32),
    ListToTuple,
    UnpackSequence(u32),
    /// Unpack with a starred target: low 16 bits before, high 16 bits after.
    UnpackEx(u32),
    Return,
    /// Raise: 0 re-raise the handled exception, 1 raise top, 2 raise with `from`.
    Raise(u32),
    /// In a handler: the exception being handled is re-raised (end of a `finally` or an
    /// unmatched `except`); restores the previously handled exception first.
    Reraise,
    /// Push the exception onto the handled-exception stack (on handler entry).
    PushExcInfo,
    /// Pop the handled-exception stack (handler exit).
    PopExcept,
    /// exc type -> exc bool: does the exception match the type (or tuple of types)?
    CheckExcMatch,
    /// Load the `__build_class__` helper.
    LoadBuildClass,
    /// Import a module: name const index; level and fromlist on the stack.
    ImportName(u32),
    /// module -> module attr
    ImportFrom(u32),
    /// `from m import *` into the current namespace.
    ImportStar,
    YieldValue,
    /// Delegate to a sub-iterator (`yield from`): iter value-to-send -> result.
    YieldFrom,
    /// Make the start of a generator: returns the generator object to the caller.
    GenStart,
    /// Load `__class__`'s cell for zero-argument `super()`.
    LoadAssertionError,
    /// Set up a `with`: ctx -> exit-method enter-result.
    BeforeWith,
    /// Call the exit method after an exception in a `with` body: exit exc -> exc result.
    WithExceptStart,
    /// Pattern matching (see `compile/pattern.rs`): subject -> subject bool, whether
    /// `len(subject) >= n` (with bit 31 set: `== n`).
    MatchLen(u32),
    /// subject -> subject bool: is the subject a sequence (not str/bytes/bytearray)?
    MatchSequence,
    /// subject -> subject bool: is the subject a mapping?
    MatchMapping,
    /// subject keys-tuple -> subject keys-tuple values-tuple-or-None (`subject.get` for each
    /// key; None when one is missing).
    MatchKeys,
    /// subject cls names-tuple -> attrs-tuple-or-None, with `n` positional sub-patterns
    /// before the named attributes.
    MatchClass(u32),
    /// subject keys-tuple -> a new dict of the subject's items without those keys (`**rest`).
    CopyDictWithoutKeys,
    /// The top of the stack moves down to be the `n`th item (`RotN(2)` swaps).
    RotN(u32),
    /// The `n`th item moves up to the top (`PullN(2)` swaps).
    PullN(u32),
    /// `x = x` in an annotation-free `__annotations__` setup: no-op marker kept for clarity.
    SetupAnnotations,
    /// Wrap a value in a `StopIteration`-free return for generator expression bodies.
    PrintExpr,
}

/// `MatchLen`'s flag for an exact length.
pub const MATCH_LEN_EXACT: u32 = 1 << 31;

/// Code flags.
pub const CO_VARARGS: u32 = 4;
pub const CO_VARKEYWORDS: u32 = 8;
pub const CO_GENERATOR: u32 = 0x20;
pub const CO_COROUTINE: u32 = 0x80;
pub const CO_NESTED: u32 = 0x10;

/// A handler for the instructions `start..end`: jump to `target` with the value stack cut to
/// `depth` (plus the exception pushed).
#[derive(Clone, Copy, Debug)]
pub struct Handler {
    pub start: u32,
    pub end: u32,
    pub target: u32,
    pub depth: u32,
}

/// Where source text lives, shared by every code object compiled from it.
pub struct Source {
    pub filename: Rc<str>,
    pub text: Rc<str>,
    /// Byte offset where each line starts.
    pub line_starts: Vec<u32>,
    /// Whether tracebacks show this source's lines: files and `-c` programs are; strings
    /// given to `exec`/`eval` are not (CPython's `linecache` never sees them).
    pub listed: bool,
    /// Whether this source's frames appear in tracebacks at all. False for the standard
    /// library modules written in Python here that CPython implements in C (`io`): CPython
    /// has no Python frame to show inside them, so neither do we.
    pub traced: bool,
    /// The `SyntaxWarning`s compiling this source raised, in the order CPython raises them.
    pub warnings: std::cell::RefCell<Vec<SyntaxWarning>>,
}

/// A `SyntaxWarning` found while compiling: printed (once per line and message) before the
/// code runs, as the `warnings` module's default filter prints it.
#[derive(Clone, Debug)]
pub struct SyntaxWarning {
    /// Raised while parsing (string escapes), which CPython does before compiling anything.
    pub from_parser: bool,
    pub lineno: usize,
    pub message: String,
}

impl Source {
    pub fn new(filename: &str, text: &str) -> Source {
        let mut line_starts = vec![0u32];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(i as u32 + 1);
            }
        }
        Source {
            filename: filename.into(),
            text: text.into(),
            line_starts,
            listed: true,
            traced: true,
            warnings: Default::default(),
        }
    }

    /// 1-based line of a byte offset.
    pub fn line_of(&self, offset: u32) -> usize {
        match self.line_starts.binary_search(&offset) {
            Ok(i) => i + 1,
            Err(i) => i,
        }
    }

    /// The text of 1-based line `n`, without its newline.
    pub fn line_text(&self, n: usize) -> Option<&str> {
        let start = *self.line_starts.get(n.checked_sub(1)?)? as usize;
        let end = self
            .line_starts
            .get(n)
            .map(|&e| e as usize)
            .unwrap_or(self.text.len());
        let line = self.text.get(start..end)?;
        Some(line.trim_end_matches(['\n', '\r']))
    }

    /// Records a `SyntaxWarning` at byte offset `at`.
    pub fn warn(&self, from_parser: bool, at: u32, message: String) {
        let lineno = self.line_of(at);
        self.warnings.borrow_mut().push(SyntaxWarning {
            from_parser,
            lineno,
            message,
        });
    }

    /// The warnings as the `warnings` module prints them: `file:line: SyntaxWarning: msg`
    /// and the stripped source line (for sources it can read), parser warnings first, each
    /// line and message once.
    pub fn warning_text(&self) -> String {
        let mut all = self.warnings.borrow().clone();
        all.sort_by_key(|w| !w.from_parser);
        let mut seen: Vec<(usize, String)> = Vec::new();
        let mut out = String::new();
        for w in all {
            if seen.iter().any(|(l, m)| *l == w.lineno && *m == w.message) {
                continue;
            }
            seen.push((w.lineno, w.message.clone()));
            out.push_str(&format!(
                "{}:{}: SyntaxWarning: {}\n",
                self.filename, w.lineno, w.message
            ));
            if self.listed && !self.filename.starts_with('<') {
                if let Some(line) = self.line_text(w.lineno) {
                    out.push_str(&format!("  {}\n", line.trim()));
                }
            }
        }
        out
    }

    /// Byte offset of the start of 1-based line `n`.
    pub fn line_start(&self, n: usize) -> u32 {
        self.line_starts
            .get(n.saturating_sub(1))
            .copied()
            .unwrap_or(0)
    }
}

/// Source range of an instruction, as byte offsets: the whole expression, and the range the
/// `^` markers cover inside it (for a binary operation, the operator).
#[derive(Clone, Copy, Debug, Default)]
pub struct Span {
    pub start: u32,
    pub end: u32,
    /// Start and end of the "primary" part (`^^^`); equal to the span when there is none.
    pub focus_start: u32,
    pub focus_end: u32,
}

pub struct Code {
    pub name: Rc<str>,
    pub qualname: Rc<str>,
    pub source: Rc<Source>,
    pub firstlineno: u32,
    pub instrs: Vec<Instr>,
    pub spans: Vec<Span>,
    pub consts: Vec<Value>,
    /// Names used by attribute and global/name instructions, as `str` values.
    pub names: Vec<Value>,
    pub varnames: Vec<Rc<str>>,
    /// Names of cells this code creates, then of the free variables it receives.
    pub cellvars: Vec<Rc<str>>,
    pub freevars: Vec<Rc<str>>,
    /// For each cell variable that is also an argument, its argument slot.
    pub cell_args: Vec<Option<u32>>,
    pub argcount: u32,
    pub posonlyargcount: u32,
    pub kwonlyargcount: u32,
    pub flags: u32,
    pub handlers: Vec<Handler>,
    /// The largest value-stack depth, to size frames once.
    pub stacksize: u32,
    pub docstring: Option<Rc<str>>,
}

impl Code {
    /// The handler covering instruction `pc`, innermost first.
    pub fn handler_for(&self, pc: usize) -> Option<Handler> {
        let pc = pc as u32;
        self.handlers
            .iter()
            .filter(|h| h.start <= pc && pc < h.end)
            .min_by_key(|h| h.end - h.start)
            .copied()
    }

    /// 1-based source line of instruction `pc`.
    pub fn line_of(&self, pc: usize) -> usize {
        match self.spans.get(pc) {
            Some(s) => self.source.line_of(s.start),
            None => self.firstlineno as usize,
        }
    }

    pub fn is_generator(&self) -> bool {
        self.flags & CO_GENERATOR != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_found_by_offset() {
        let s = Source::new("t.py", "a = 1\n  b = 2\n\nc");
        assert_eq!(s.line_of(0), 1);
        assert_eq!(s.line_of(6), 2);
        assert_eq!(s.line_of(14), 3);
        assert_eq!(s.line_of(15), 4);
        assert_eq!(s.line_text(2), Some("  b = 2"));
        assert_eq!(s.line_text(3), Some(""));
        assert_eq!(s.line_text(5), None);
        assert_eq!(s.line_start(2), 6);
    }
}
