//! Keeping jq filters inside the simulator's budgets.
//!
//! jaq runs a filter by native recursion and has no fuel or depth hook, so a filter such as
//! `def f: [f]; f` overflows the host stack and `def f: f; f` (a tail call, which jaq turns
//! into a loop) runs forever. Instead of patching the interpreter, the parsed program (and the
//! standard library) is rewritten before compilation so that a native guard,
//! `__shellsim_guard`, runs wherever a filter can repeat:
//!
//! - at the start of every definition's body: every recursion, direct, mutual, through
//!   `path(...)`, `reduce` or `|=`, and every tail call (a loop in jaq) passes through one;
//! - in front of the body of `reduce` and `foreach` and of the right side of `|`, `as`, `|=`;
//! - behind each value that `[...]`, the left side of `//`, an `if` condition, or a path that
//!   iterates or has a `?` applied to a computed value consumes: the places that can drop or
//!   gather values, so a product of generators (`[.[] + .[] + .[]]`) is charged per value.
//!
//! The guard charges one CPU step and measures how far the native stack has grown since the
//! filter started; past [`STACK_BUDGET`] it stops the filter. Otherwise it is the identity, also
//! for `path(...)` and updates, so the rewritten program means what the original meant.
//!
//! Why a rewrite and the real stack: jaq runs a filter as a tree of lazy iterators, so there is
//! no point where a call returns at which a depth counter could be decremented, and patching
//! the crate would fork it. The rewrite needs only jaq's public parser and native API, and the
//! stack measure bounds every kind of nesting jaq builds at run time (calls, closures, lazily
//! nested iterators) whatever each level costs. The limit is a number of bytes: every run of
//! one build stops a program at the same depth; another compiler may stop it at another.
//!
//! The rewrite also makes `..` jq 1.6's recursive definition (jaq's native walks a value
//! unguarded), formats string interpolation with jq's `tostring`, balances chains of `,` (jaq
//! nests `a, b, c` to the left, which costs each value a climb through the chain), and sends
//! every value that construction or assignment can nest deeper through the depth check of
//! `depth.rs`.
//!
//! What the guard cannot see, the lexer, parser and compiler, is bounded before they run:
//! [`check_text`] limits bracket and string-interpolation nesting (the lexer's recursion) and
//! [`check_tokens`] the number of tokens (the parser's and compiler's recursion, and the length
//! of operator chains, are at most that).

use jaq_core::load::lex::{StrPart, Tok, Token};
use jaq_core::load::parse::{BinaryOp, Def, Pattern, Term};
use jaq_core::ops::Math;
use jaq_core::path::{Opt, Part};

/// The guard's name in rewritten programs; user definitions may not take it.
pub const GUARD: &str = "__shellsim_guard";
/// The depth check (`depth.rs`).
pub const DEPTH: &str = "__shellsim_depth";
/// jq's `tostring` (natives.rs).
const TOSTRING: &str = "__shellsim_tostring";
/// `*` with its result's size checked first (natives.rs), and the variables it binds.
const MUL: &str = "__shellsim_mul";
const MUL_L: &str = "$__shellsim_mul_l";
const MUL_R: &str = "$__shellsim_mul_r";
/// `..`, defined in the prelude (engine.rs).
const RECURSE: &str = "__shellsim_recurse";
/// Names starting with this are the simulator's own: a program may neither define them (they
/// would shadow the guard) nor call them (the natives behind them charge nothing themselves).
const RESERVED: &str = "__shellsim";

/// Native stack a running filter may use: about 50,000 levels of a recursive definition. The
/// simulator thread has 512 MiB (src/host). The shell's own nesting before jq starts takes
/// about 40 MiB at its depth limit, parsing and compiling at most [`MAX_TOKENS`] about 130 MiB
/// (measured), and what jaq does between two guards (dropping or comparing a deeply nested
/// value) has the rest.
pub const STACK_BUDGET: usize = 128 << 20;

/// Deepest bracket and string-interpolation nesting a program may have (jq 1.6's parser stack
/// holds 10000 levels).
pub const MAX_NESTING: usize = 10_000;

/// Most tokens (counting each part of a string literal) a program may have. The parser
/// recurses at most once per token, and so does the compiler for chains of operators (about
/// 2.5 KiB of stack a level).
pub const MAX_TOKENS: usize = 50_000;

/// An address in the current stack frame. Not inlined, so that it is this call's frame.
#[inline(never)]
pub fn stack_mark() -> usize {
    let here = 0u8;
    std::hint::black_box(&here) as *const u8 as usize
}

/// How far the stack has grown since [`stack_mark`] returned `base`. Stacks grow down on every
/// supported target; the distance is taken either way.
pub fn stack_depth(base: usize) -> usize {
    base.abs_diff(stack_mark())
}

/// Fails when the program's brackets and string interpolations nest deeper than
/// [`MAX_NESTING`]. Follows jaq's lexer: comments (continued by a trailing odd number of
/// backslashes) and string contents do not count, `\(` inside a string opens a block.
pub fn check_text(code: &str) -> Result<(), String> {
    let b = code.as_bytes();
    // What each open level is: a string (`"`) or a block (its opening byte).
    let mut open: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        i += 1;
        if open.last() == Some(&b'"') {
            match c {
                b'"' => {
                    open.pop();
                }
                b'\\' if b.get(i) == Some(&b'(') => {
                    open.push(b'(');
                    i += 1;
                }
                b'\\' => i += 1,
                _ => {}
            }
        } else {
            match c {
                b'#' => i = comment_end(b, i),
                b'"' | b'(' | b'[' | b'{' => open.push(c),
                b')' | b']' | b'}' => {
                    open.pop();
                }
                _ => {}
            }
        }
        if open.len() > MAX_NESTING {
            return Err(format!("program nested deeper than {MAX_NESTING} levels"));
        }
    }
    Ok(())
}

/// Where a comment that starts before `i` ends: at the end of a line that does not end with an
/// odd number of backslashes.
fn comment_end(b: &[u8], mut i: usize) -> usize {
    loop {
        let end = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |n| i + n);
        let line = &b[i..end];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let slashes = line.iter().rev().take_while(|&&c| c == b'\\').count();
        i = (end + 1).min(b.len());
        if slashes % 2 == 0 || end == b.len() {
            return i;
        }
    }
}

/// Fails when the lexed program has more than [`MAX_TOKENS`] tokens. Recursion here follows
/// the nesting [`check_text`] bounded.
pub fn check_tokens(tokens: &[Token<&str>]) -> Result<(), String> {
    fn count(tokens: &[Token<&str>], n: &mut usize) {
        for Token(_, tok) in tokens {
            *n += 1;
            match tok {
                Tok::Block(inner) => count(inner, n),
                Tok::Str(parts) => {
                    for part in parts {
                        *n += 1;
                        if let StrPart::Term(t) = part {
                            count(std::slice::from_ref(t), n);
                        }
                    }
                }
                _ => {}
            }
            if *n > MAX_TOKENS {
                return;
            }
        }
    }
    let mut n = 0;
    count(tokens, &mut n);
    if n > MAX_TOKENS {
        return Err(format!("program longer than {MAX_TOKENS} tokens"));
    }
    Ok(())
}

/// The operands of a chain of `,` in order. The parser builds `a, b, c` as `(a, b), c`, which
/// jaq runs as nested iterators that each value climbs through: quadratic in the length of a
/// long array literal. The walk follows the left spine without recursion.
fn commas<'s>(mut t: Term<&'s str>, items: &mut Vec<Term<&'s str>>) {
    let mut right = Vec::new();
    while let Term::BinOp(l, BinaryOp::Comma, r) = t {
        right.push(*r);
        t = *l;
    }
    items.push(t);
    items.extend(right.into_iter().rev());
}

/// `,` over `items` as a balanced tree (`,` is associative), nested log2(n) deep.
fn balanced(mut items: Vec<Term<&str>>) -> Term<&str> {
    if items.len() == 1 {
        return items.pop().unwrap_or_default();
    }
    let right = items.split_off(items.len() / 2);
    Term::BinOp(
        Box::new(balanced(items)),
        BinaryOp::Comma,
        Box::new(balanced(right)),
    )
}

fn guard<'s>() -> Term<&'s str> {
    Term::Call(GUARD, Vec::new())
}

fn pipe<'s>(l: Term<&'s str>, r: Term<&'s str>) -> Term<&'s str> {
    Term::BinOp(Box::new(l), BinaryOp::Pipe(None), Box::new(r))
}

/// `guard | t`.
fn before(t: Term<&str>) -> Term<&str> {
    pipe(guard(), t)
}

/// `t | guard`.
fn after(t: Term<&str>) -> Term<&str> {
    pipe(t, guard())
}

/// `t as $x | body`.
fn bind<'s>(t: Term<&'s str>, x: &'s str, body: Term<&'s str>) -> Term<&'s str> {
    Term::BinOp(
        Box::new(t),
        BinaryOp::Pipe(Some(Pattern::Var(x))),
        Box::new(body),
    )
}

/// `l * r` as the size-checked native (`natives.rs`): `"x" * 1e10` would otherwise allocate
/// the whole string before any guard runs. Binding `l` outside `r` keeps jaq's order of
/// results for generators on both sides.
fn times<'s>(l: Term<&'s str>, r: Term<&'s str>) -> Term<&'s str> {
    let call = Term::Call(MUL, vec![Term::Var(MUL_L), Term::Var(MUL_R)]);
    bind(l, MUL_L, bind(r, MUL_R, call))
}

/// `t | depth check`.
fn checked(t: Term<&str>) -> Term<&str> {
    pipe(t, Term::Call(DEPTH, Vec::new()))
}

/// Rewrites a program's or the prelude's terms (see the module comment). Recursion follows a
/// term's depth, which the token limit bounds.
pub struct Rewrite<'s> {
    /// Rewriting the user's program, where names reserved for the simulator are refused.
    pub user: bool,
    /// The first reserved name the program used.
    pub reserved: Option<&'s str>,
}

impl<'s> Rewrite<'s> {
    fn check(&mut self, name: &'s str) {
        if self.user
            && self.reserved.is_none()
            && name.trim_start_matches('$').starts_with(RESERVED)
        {
            self.reserved = Some(name);
        }
    }

    pub fn def(&mut self, d: Def<&'s str>) -> Def<&'s str> {
        self.check(d.name);
        d.args.iter().for_each(|a| self.check(a));
        Def {
            name: d.name,
            args: d.args,
            body: before(self.term(d.body)),
        }
    }

    fn boxed(&mut self, t: Term<&'s str>) -> Box<Term<&'s str>> {
        Box::new(self.term(t))
    }

    pub fn term(&mut self, t: Term<&'s str>) -> Term<&'s str> {
        match t {
            Term::Id | Term::Num(_) | Term::Var(_) | Term::Break(_) => t,
            // jq 1.6's `..` is `recurse`, a definition the guard sees.
            Term::Recurse => Term::Call(RECURSE, Vec::new()),
            Term::Str(fmt, parts) => {
                // Plain interpolation formats with jq's `tostring` (jaq's own text differs
                // for numbers and has no length bound); a format such as `@json` applies
                // to the value itself.
                let text = |t| match fmt {
                    None => pipe(t, Term::Call(TOSTRING, Vec::new())),
                    Some(_) => t,
                };
                let parts = parts.into_iter().map(|p| match p {
                    StrPart::Term(t) => StrPart::Term(text(self.term(t))),
                    StrPart::Str(s) => StrPart::Str(s),
                    StrPart::Char(c) => StrPart::Char(c),
                });
                Term::Str(fmt, parts.collect())
            }
            Term::Arr(None) => Term::Arr(None),
            Term::Arr(Some(t)) => checked(Term::Arr(Some(Box::new(after(self.term(*t)))))),
            Term::Obj(entries) if entries.is_empty() => Term::Obj(entries),
            Term::Obj(entries) => checked(Term::Obj(
                entries
                    .into_iter()
                    .map(|(k, v)| (self.term(k), v.map(|v| self.term(v))))
                    .collect(),
            )),
            Term::Neg(t) => Term::Neg(self.boxed(*t)),
            Term::BinOp(l, BinaryOp::Comma, r) => {
                let mut items = Vec::new();
                commas(Term::BinOp(l, BinaryOp::Comma, r), &mut items);
                let items: Vec<_> = items.into_iter().map(|t| self.term(t)).collect();
                balanced(items)
            }
            Term::BinOp(l, BinaryOp::Math(Math::Mul), r) => times(self.term(*l), self.term(*r)),
            Term::BinOp(l, BinaryOp::UpdateMath(Math::Mul), r) => {
                // `l *= r` is `r as $x | l |= . * $x`, one update per value of `r`.
                let (l, r) = (self.term(*l), self.term(*r));
                let update = Term::BinOp(
                    Box::new(l),
                    BinaryOp::Update,
                    Box::new(checked(times(Term::Id, Term::Var(MUL_R)))),
                );
                bind(r, MUL_R, update)
            }
            Term::BinOp(l, op, r) => {
                let (l, r) = (self.term(*l), self.term(*r));
                let (l, r) = match op {
                    BinaryOp::Pipe(_) => (l, before(r)),
                    BinaryOp::Update => (l, checked(before(r))),
                    BinaryOp::Assign | BinaryOp::UpdateMath(_) | BinaryOp::UpdateAlt => {
                        (l, checked(r))
                    }
                    BinaryOp::Alt => (after(l), r),
                    _ => (l, r),
                };
                let op = match op {
                    BinaryOp::Pipe(Some(p)) => BinaryOp::Pipe(Some(self.pattern(p))),
                    op => op,
                };
                Term::BinOp(Box::new(l), op, Box::new(r))
            }
            Term::Label(x, t) => Term::Label(x, self.boxed(*t)),
            Term::Fold(name, xs, pat, args) => {
                // Argument 0 is the initial value; 1 (the update) and 2 (`foreach`'s
                // extraction) run once per step.
                let args = args.into_iter().enumerate().map(|(i, a)| {
                    let a = self.term(a);
                    if i == 0 {
                        a
                    } else {
                        before(a)
                    }
                });
                let args = args.collect();
                Term::Fold(name, self.boxed(*xs), self.pattern(pat), args)
            }
            Term::TryCatch(t, c) => Term::TryCatch(self.boxed(*t), c.map(|c| self.boxed(*c))),
            Term::IfThenElse(branches, els) => {
                let branches = branches
                    .into_iter()
                    .map(|(c, t)| (after(self.term(c)), self.term(t)));
                Term::IfThenElse(branches.collect(), els.map(|e| self.boxed(*e)))
            }
            Term::Def(defs, t) => {
                let defs = defs.into_iter().map(|d| self.def(d)).collect();
                Term::Def(defs, self.boxed(*t))
            }
            Term::Call(name, args) => {
                self.check(name);
                Term::Call(name, args.into_iter().map(|a| self.term(a)).collect())
            }
            Term::Path(t, path) => {
                // A path that iterates or ignores errors can drop values; when what it applies
                // to is computed (not `.`), each of those values is charged.
                let drops = path.0.iter().any(|(p, opt)| {
                    matches!(p, Part::Range(None, None)) || matches!(opt, Opt::Optional)
                });
                let t = self.term(*t);
                let t = if drops && !matches!(t, Term::Id) {
                    after(t)
                } else {
                    t
                };
                let parts = path.0.into_iter().map(|(p, opt)| {
                    let p = match p {
                        Part::Index(i) => Part::Index(self.term(i)),
                        Part::Range(a, b) => {
                            Part::Range(a.map(|a| self.term(a)), b.map(|b| self.term(b)))
                        }
                    };
                    (p, opt)
                });
                Term::Path(Box::new(t), jaq_core::path::Path(parts.collect()))
            }
        }
    }

    fn pattern(&mut self, p: Pattern<&'s str>) -> Pattern<&'s str> {
        match p {
            Pattern::Var(x) => Pattern::Var(x),
            Pattern::Arr(ps) => Pattern::Arr(ps.into_iter().map(|p| self.pattern(p)).collect()),
            Pattern::Obj(entries) => Pattern::Obj(
                entries
                    .into_iter()
                    .map(|(k, p)| (self.term(k), self.pattern(p)))
                    .collect(),
            ),
        }
    }
}
