//! `bc`: GNU bc 1.07.1's arbitrary-precision calculator: numbers with `scale`, `ibase` (2..=36)
//! and `obase` (2..=2147483647), `+ - * / % ^`, `sqrt`, `length`, `scale()`, variables and
//! arrays, relations, `&& || !`, `if`/`while`/`for`/`break`/`continue`, `define` with `auto`,
//! array parameters (`a[]` by value, `*a[]` by reference) and `return`, `print`, strings,
//! `quit`, the `-l` math library (`s c a l e j`, run as bc code, see `mathlib.rs`), and GNU's
//! line splitting (`BC_LINE_LENGTH`, default 70). Like GNU bc it runs each input line once
//! it has read it (`feed.rs`), so `coproc bc` answers question by question; a line with a
//! syntax error or an illegal character does not run at all. Refused (exit 2): `read()`,
//! `-s`, `-w`.
//! Numbers are `num-bigint` integers with a scale; every operation is metered.
//! Known difference: runtime errors and warnings report `adr=0` (GNU prints its byte-code
//! address).

mod array;
mod base;
mod feed;
mod mathlib;
mod num;
mod parse;

use super::opts::{self, flag, OptDef, Parser as OptParser};
use super::textio;
use crate::limits::cost;
use crate::process::command::{CommandCtx, Trust};
use crate::process::{Interrupt, OpenFile};
use array::{Array, ArrayRef, Store};
use feed::Feed;
use num::{Num, NumErr};
use parse::{Expr, Param, Parser, Stmt};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

pub fn register(r: &mut super::Registry) {
    r.register(
        "bc",
        Trust::Partial,
        "arbitrary-precision calculator (GNU bc 1.07.1: ibase/obase, arrays, -l math \
         library; read() refused)",
        "-l -q [FILE]...",
        run,
    );
}

const DEFS: &[OptDef] = &[
    flag(b'l', "mathlib"),
    flag(b'q', "quiet"),
    flag(b's', "standard"),
    flag(b'w', "warn"),
];

/// How a statement ended.
enum Flow {
    Normal,
    Break,
    Continue,
    Return(Num),
    Quit,
}

/// Errors that abandon the rest of the current input line.
enum Fail {
    Stop(Interrupt),
    /// A runtime error's message, not yet attributed to a function.
    Runtime(String),
    /// A runtime error's whole line, attributed to the function it happened in.
    Reported(String),
    Refused(String),
}

impl From<NumErr> for Fail {
    fn from(e: NumErr) -> Self {
        match e {
            NumErr::Stop(i) => Fail::Stop(i),
            NumErr::Runtime(m) => Fail::Runtime(m.into()),
        }
    }
}

impl From<Interrupt> for Fail {
    fn from(i: Interrupt) -> Self {
        Fail::Stop(i)
    }
}

type F<T> = Result<T, Fail>;

struct Func {
    /// A `-l` library function: runs with `ibase=10`.
    lib: bool,
    params: Vec<Param>,
    autos: Vec<Param>,
    body: Vec<Stmt>,
}

/// A variable's or array's value saved while a function's local of the same name shadows it.
enum Saved {
    Var(Vec<u8>, Option<Num>),
    Array(Vec<u8>, Option<ArrayRef>),
}

struct Bc<'a> {
    ctx: &'a CommandCtx,
    vars: BTreeMap<Vec<u8>, Num>,
    arrays: BTreeMap<Vec<u8>, ArrayRef>,
    funcs: BTreeMap<Vec<u8>, Rc<Func>>,
    scale: u64,
    ibase: u32,
    obase: u64,
    /// Standard output not yet written.
    out: Vec<u8>,
    /// Output and diagnostics, in order, queued before `out` (`true` = standard error).
    queued: Vec<(bool, Vec<u8>)>,
    col: usize,
    /// GNU's line_size: wrap numbers before this column; 0 never wraps.
    line_len: usize,
    depth: usize,
    /// The function running, for messages.
    func: Vec<u8>,
    store: Store,
    /// Set while `-l` is being defined.
    loading_lib: bool,
}

impl Bc<'_> {
    fn put_str(&mut self, s: &[u8]) {
        for &b in s {
            self.out.push(b);
            self.col = if b == b'\n' { 0 } else { self.col + 1 };
        }
    }

    /// A number in `obase`, wrapped as GNU bc does (a backslash-newline before the
    /// `line_len - 1`th column).
    fn put_num(&mut self, n: &Num) -> F<()> {
        let t = if self.obase == 10 {
            n.to_text(self.ctx)?
        } else {
            base::to_text(self.ctx, n, self.obase)?
        };
        let _wrapped = self.ctx.reservation(t.len() as u64 * 2)?;
        for b in t.iter().copied() {
            if self.line_len != 0 && self.col == self.line_len - 2 {
                self.out.extend_from_slice(b"\\\n");
                self.col = 0;
            }
            self.out.push(b);
            self.col += 1;
        }
        Ok(())
    }

    fn func_name(&self) -> String {
        if self.func.is_empty() {
            "(main)".into()
        } else {
            String::from_utf8_lossy(&self.func).into_owned()
        }
    }

    /// A diagnostic line on standard error, in order with the output so far.
    fn diag_line(&mut self, kind: &str, msg: &str) {
        let out = std::mem::take(&mut self.out);
        self.queued.push((false, out));
        let line = format!("Runtime {kind} (func={}, adr=0): {msg}\n", self.func_name());
        self.queued.push((true, line.into_bytes()));
    }

    fn get(&self, name: &[u8]) -> Num {
        match name {
            b"scale" => Num::int(self.scale as i64),
            b"ibase" => Num::int(self.ibase as i64),
            b"obase" => Num::int(self.obase as i64),
            _ => self.vars.get(name).cloned().unwrap_or_default(),
        }
    }

    fn set(&mut self, name: &[u8], v: Num) -> F<()> {
        let special = |s: &mut Self, n: &str, lo, hi| {
            let (x, warn) = base::clamp_base(n, &v, lo, hi);
            if let Some(w) = warn {
                s.diag_line("warning", &w);
            }
            x
        };
        match name {
            b"scale" => self.scale = special(self, "scale", 0, i32::MAX as u64),
            b"ibase" => self.ibase = special(self, "ibase", 2, base::IBASE_MAX) as u32,
            b"obase" => self.obase = special(self, "obase", 2, base::OBASE_MAX),
            _ => {
                let old = self.vars.get(name).map_or(0, array::num_bytes);
                self.store.swap(old, array::num_bytes(&v))?;
                self.vars.insert(name.to_vec(), v);
            }
        }
        Ok(())
    }

    /// The array named `name`, created empty on first use.
    fn array(&mut self, name: &[u8]) -> ArrayRef {
        self.arrays
            .entry(name.to_vec())
            .or_insert_with(|| Rc::new(RefCell::new(Array::default())))
            .clone()
    }

    /// An index, truncated; GNU refuses negative ones and ones above BC_DIM_MAX.
    fn index(&mut self, name: &[u8], e: &Expr) -> F<u32> {
        let v = self.eval(e)?;
        match v.to_u64() {
            Some(i) if v.v.sign() != num_bigint::Sign::Minus && i <= array::DIM_MAX => Ok(i as u32),
            _ => Err(Fail::Runtime(format!(
                "Array {} subscript out of bounds.",
                String::from_utf8_lossy(name)
            ))),
        }
    }

    /// Reads a variable or element (already indexed).
    fn load(&mut self, target: &Expr, idx: Option<u32>) -> Num {
        match (target, idx) {
            (Expr::Elem(n, _), Some(i)) => self.array(n).borrow().get(i),
            (Expr::Var(n), _) => self.get(n),
            _ => Num::default(),
        }
    }

    fn store_to(&mut self, target: &Expr, idx: Option<u32>, v: Num) -> F<()> {
        match (target, idx) {
            (Expr::Elem(n, _), Some(i)) => {
                let a = self.array(n);
                let r = a.borrow_mut().set(&self.store, i, v);
                Ok(r?)
            }
            (Expr::Var(n), _) => self.set(n, v),
            _ => Ok(()),
        }
    }

    fn target_index(&mut self, target: &Expr) -> F<Option<u32>> {
        match target {
            Expr::Elem(n, i) => Ok(Some(self.index(n, i)?)),
            _ => Ok(None),
        }
    }

    fn binop(&mut self, op: &str, a: &Num, b: &Num) -> F<Num> {
        let (c, s) = (self.ctx, self.scale);
        Ok(match op {
            "+" => a.add(c, b, false)?,
            "-" => a.add(c, b, true)?,
            "*" => a.mul(c, b, s)?,
            "/" => a.div(c, b, s)?,
            "%" => {
                if b.is_zero() {
                    return Err(Fail::Runtime("Modulo by zero".into()));
                }
                a.rem(c, b, s)?
            }
            "^" => a.pow(c, b, s)?,
            _ => {
                let o = a.cmp(c, b)?;
                use std::cmp::Ordering::*;
                let t = match op {
                    "<" => o == Less,
                    "<=" => o != Greater,
                    ">" => o == Greater,
                    ">=" => o != Less,
                    "==" => o == Equal,
                    _ => o != Equal,
                };
                Num::int(t as i64)
            }
        })
    }

    fn eval(&mut self, e: &Expr) -> F<Num> {
        self.ctx.charge(cost::ARITH_NODE)?;
        Ok(match e {
            Expr::Num(t) => {
                if self.ibase == 10 && t.iter().all(|b| b.is_ascii_digit() || *b == b'.') {
                    Num::parse(t)
                } else {
                    base::parse(self.ctx, t, self.ibase)?
                }
            }
            Expr::Var(n) => self.get(n),
            Expr::Elem(n, i) => {
                let i = self.index(n, i)?;
                self.array(n).borrow().get(i)
            }
            Expr::Array(_) => return Err(Fail::Runtime("array used as a value".into())),
            Expr::Neg(x) => {
                let mut v = self.eval(x)?;
                v.v = -v.v;
                v
            }
            Expr::Not(x) => Num::int(!self.eval(x)?.truthy() as i64),
            Expr::Bin("&&", a, b) => {
                Num::int((self.eval(a)?.truthy() && self.eval(b)?.truthy()) as i64)
            }
            Expr::Bin("||", a, b) => {
                Num::int((self.eval(a)?.truthy() || self.eval(b)?.truthy()) as i64)
            }
            Expr::Bin(op, a, b) => {
                let (x, y) = (self.eval(a)?, self.eval(b)?);
                self.binop(op, &x, &y)?
            }
            Expr::Assign(op, target, x) => {
                let idx = self.target_index(target)?;
                let v = if *op == "=" {
                    self.eval(x)?
                } else {
                    let cur = self.load(target, idx);
                    let v = self.eval(x)?;
                    self.binop(&op[..1], &cur, &v)?
                };
                self.store_to(target, idx, v)?;
                self.load(target, idx)
            }
            Expr::Inc(target, pre, d) => {
                let idx = self.target_index(target)?;
                let cur = self.load(target, idx);
                let new = cur.add(self.ctx, &Num::int(*d), false)?;
                self.store_to(target, idx, new)?;
                if *pre {
                    self.load(target, idx)
                } else {
                    cur
                }
            }
            Expr::Call(name, args) => self.call(name, args)?,
        })
    }

    /// Binds one argument to a parameter: a number, or an array (copied unless by reference).
    fn bind(&mut self, p: &Param, a: &Expr) -> F<Result<Num, ArrayRef>> {
        match (p.array, a) {
            (true, Expr::Array(n)) => {
                let src = self.array(n);
                if p.by_ref {
                    return Ok(Err(src));
                }
                let copy = src.borrow().copy(self.ctx, &self.store)?;
                Ok(Err(Rc::new(RefCell::new(copy))))
            }
            (false, Expr::Array(_)) | (true, _) => {
                // GNU reports the mismatch, then counts the parameters as mismatched too.
                let msg = if p.array {
                    format!(
                        "Parameter type mismatch parameter {}.",
                        String::from_utf8_lossy(&p.name)
                    )
                } else {
                    "Parameter type mismatch, parameter (null).".into()
                };
                self.diag_line("error", &msg);
                Err(Fail::Runtime("Parameter number mismatch".into()))
            }
            (false, e) => Ok(Ok(self.eval(e)?)),
        }
    }

    fn call(&mut self, name: &[u8], args: &[Expr]) -> F<Num> {
        let one = |s: &mut Self| -> F<Num> {
            if args.len() != 1 {
                return Err(Fail::Runtime("wrong number of arguments".into()));
            }
            s.eval(&args[0])
        };
        match name {
            b"sqrt" => return Ok(one(self)?.sqrt(self.ctx, self.scale)?),
            b"length" => return Ok(Num::int(one(self)?.length() as i64)),
            b"scale" => return Ok(Num::int(one(self)?.s as i64)),
            b"read" => {
                return Err(Fail::Refused(
                    "read() is not supported in this simulator".into(),
                ))
            }
            _ => {}
        }
        let Some(f) = self.funcs.get(name).cloned() else {
            return Err(Fail::Runtime(format!(
                "Function {} not defined.",
                String::from_utf8_lossy(name)
            )));
        };
        if args.len() != f.params.len() {
            return Err(Fail::Runtime("Parameter number mismatch".into()));
        }
        let mut vals = Vec::new();
        for (p, a) in f.params.iter().zip(args) {
            vals.push(self.bind(p, a)?);
        }
        if self.depth >= 1000 {
            return Err(Fail::Runtime("function call nesting too deep".into()));
        }
        self.ctx.charge(cost::FUNCTION_CALL)?;
        let frame = self.ctx.reservation(cost::FRAME_MEMORY)?;
        // Dynamic scoping: parameters and autos shadow the caller's variables and arrays.
        let mut saved = Vec::new();
        for (p, v) in f.params.iter().zip(vals) {
            saved.push(self.shadow(p, Some(v)));
        }
        for p in &f.autos {
            saved.push(self.shadow(p, None));
        }
        self.depth += 1;
        let caller = std::mem::replace(&mut self.func, name.to_vec());
        let ibase = self.ibase;
        if f.lib {
            self.ibase = 10;
        }
        let mut r = Ok(Num::default());
        for s in &f.body {
            match self.exec(s) {
                Ok(Flow::Return(v)) => {
                    r = Ok(v);
                    break;
                }
                Ok(Flow::Quit) => break,
                Ok(_) => {}
                Err(Fail::Runtime(m)) => {
                    let line = format!(
                        "Runtime error (func={}, adr=0): {m}\n",
                        String::from_utf8_lossy(name)
                    );
                    r = Err(Fail::Reported(line));
                    break;
                }
                Err(e) => {
                    r = Err(e);
                    break;
                }
            }
        }
        if f.lib {
            self.ibase = ibase;
        }
        self.func = caller;
        self.depth -= 1;
        for s in saved.into_iter().rev() {
            self.unshadow(s);
        }
        drop(frame);
        r
    }

    /// Gives a local its value (a bound argument, or zero / an empty array for an auto) and
    /// returns what it hid.
    fn shadow(&mut self, p: &Param, v: Option<Result<Num, ArrayRef>>) -> Saved {
        if p.array {
            let a = match v {
                Some(Err(a)) => a,
                _ => Rc::new(RefCell::new(Array::default())),
            };
            Saved::Array(p.name.clone(), self.arrays.insert(p.name.clone(), a))
        } else {
            let n = match v {
                Some(Ok(n)) => n,
                _ => Num::default(),
            };
            let _ = self.store.swap(0, array::num_bytes(&n));
            Saved::Var(p.name.clone(), self.vars.insert(p.name.clone(), n))
        }
    }

    fn unshadow(&mut self, s: Saved) {
        match s {
            Saved::Array(n, old) => {
                let local = match old {
                    Some(a) => self.arrays.insert(n, a),
                    None => self.arrays.remove(&n),
                };
                if let Some(a) = local {
                    array::drop_ref(&self.store, a);
                }
            }
            Saved::Var(n, old) => {
                let local = match old {
                    Some(v) => self.vars.insert(n, v),
                    None => self.vars.remove(&n),
                };
                if let Some(v) = local {
                    let _ = self.store.swap(array::num_bytes(&v), 0);
                }
            }
        }
    }

    fn exec(&mut self, s: &Stmt) -> F<Flow> {
        self.ctx.charge(cost::EXEC_NODE)?;
        match s {
            Stmt::Expr(e) => {
                let v = self.eval(e)?;
                if !matches!(e, Expr::Assign(..)) {
                    self.put_num(&v)?;
                    self.put_str(b"\n");
                    self.vars.insert(b"last".to_vec(), v);
                }
            }
            Stmt::Str(t) => self.put_str(&t.clone()),
            Stmt::Print(items) => {
                for it in items {
                    match it {
                        Ok(e) => {
                            let v = self.eval(e)?;
                            self.put_num(&v)?;
                        }
                        Err(t) => self.put_str(&unescape(t)),
                    }
                }
            }
            Stmt::Block(v) => {
                for s in v {
                    let f = self.exec(s)?;
                    if !matches!(f, Flow::Normal) {
                        return Ok(f);
                    }
                }
            }
            Stmt::If(c, t, e) => {
                if self.eval(c)?.truthy() {
                    return self.exec(t);
                } else if let Some(e) = e {
                    return self.exec(e);
                }
            }
            Stmt::While(c, b) => {
                while self.eval(c)?.truthy() {
                    match self.exec(b)? {
                        Flow::Break => break,
                        f @ (Flow::Return(_) | Flow::Quit) => return Ok(f),
                        _ => {}
                    }
                }
            }
            Stmt::For(a, c, step, b) => {
                if let Some(a) = a {
                    self.eval(a)?;
                }
                loop {
                    if let Some(c) = c {
                        if !self.eval(c)?.truthy() {
                            break;
                        }
                    }
                    match self.exec(b)? {
                        Flow::Break => break,
                        f @ (Flow::Return(_) | Flow::Quit) => return Ok(f),
                        _ => {}
                    }
                    if let Some(st) = step {
                        self.eval(st)?;
                    }
                }
            }
            Stmt::Break => return Ok(Flow::Break),
            Stmt::Continue => return Ok(Flow::Continue),
            Stmt::Return(e) => {
                let v = match e {
                    Some(e) => self.eval(e)?,
                    None => Num::default(),
                };
                return Ok(Flow::Return(v));
            }
            Stmt::Define(name, params, autos, body) => {
                let f = Func {
                    lib: self.loading_lib,
                    params: params.clone(),
                    autos: autos.clone(),
                    body: body.clone(),
                };
                self.funcs.insert(name.clone(), Rc::new(f));
            }
            Stmt::Quit => return Ok(Flow::Quit),
            Stmt::Empty => {}
        }
        Ok(Flow::Normal)
    }

    /// Writes what is queued and buffered, in order.
    async fn flush(&mut self) -> Result<(), Interrupt> {
        for (err, bytes) in std::mem::take(&mut self.queued) {
            if err {
                self.ctx.err(&bytes).await?;
            } else {
                self.ctx.out(&bytes).await?;
            }
        }
        self.ctx.out(&std::mem::take(&mut self.out)).await
    }
}

/// GNU bc's `print` string escapes.
fn unescape(t: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < t.len() {
        if t[i] == b'\\' && i + 1 < t.len() {
            i += 1;
            let e = match t[i] {
                b'n' => b'\n',
                b't' => b'\t',
                b'a' => 7,
                b'b' => 8,
                b'f' => 12,
                b'r' => b'\r',
                b'q' => b'"',
                b'e' => b'\\',
                c => {
                    out.push(b'\\');
                    c
                }
            };
            out.push(e);
        } else {
            out.push(t[i]);
        }
        i += 1;
    }
    out
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, OptParser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    if p.has(b's') || p.has(b'w') {
        ctx.diag("-s and -w are not supported in this simulator")
            .await?;
        return Ok(2);
    }
    let mut bc = Bc {
        ctx,
        vars: BTreeMap::new(),
        arrays: BTreeMap::new(),
        funcs: BTreeMap::new(),
        scale: 0,
        ibase: 10,
        obase: 10,
        out: Vec::new(),
        queued: Vec::new(),
        col: 0,
        line_len: line_length(ctx),
        depth: 0,
        func: Vec::new(),
        store: Store::new(ctx),
        loading_lib: false,
    };
    if p.has(b'l') {
        load_library(&mut bc)?;
    }
    // Operands are files (even `-`); standard input follows them.
    for op in &p.operands {
        let path: &[u8] = if op == b"-" { b"./-" } else { op };
        let file = match ctx.open_input(path) {
            Ok(f) => f,
            Err(e) => {
                opts::interrupted(e)?;
                let m = format!("File {} is unavailable.\n", String::from_utf8_lossy(op));
                ctx.err(m.as_bytes()).await?;
                return Ok(1);
            }
        };
        if let Some(status) = run_input(&mut bc, file, &String::from_utf8_lossy(op)).await? {
            return Ok(status);
        }
    }
    let Some(stdin) = textio::open(ctx, b"-").await? else {
        return Ok(1);
    };
    Ok(run_input(&mut bc, stdin, "(standard_in)")
        .await?
        .unwrap_or(0))
}

/// Runs one input, each line once it is read whole; `Some(status)` when bc must stop.
async fn run_input(
    bc: &mut Bc<'_>,
    file: Rc<OpenFile>,
    name: &str,
) -> Result<Option<i32>, Interrupt> {
    let mut feed = Feed::new(file);
    let mut parser = Parser {
        toks: vec![(parse::Tok::Eof, 1)],
        pos: 0,
        start: 0,
    };
    run_lines(bc, &mut feed, &mut parser, name).await
}

async fn run_lines(
    bc: &mut Bc<'_>,
    feed: &mut Feed,
    parser: &mut Parser,
    name: &str,
) -> Result<Option<i32>, Interrupt> {
    let ctx = bc.ctx;
    // The line of the first `quit` read so far (GNU bc quits as soon as it reads one), and
    // how far the tokens have been searched for it.
    let (mut quit_at, mut searched) = (None, 0);
    loop {
        // Parse one input line's statements (a block may span lines), reading more input
        // while they are incomplete.
        let line_pos = parser.pos;
        let mut stmts = Vec::new();
        let parsed = loop {
            match parser.next_top() {
                Ok(Some((stmt, _))) => {
                    stmts.push(stmt);
                    if !parser.line_ends() {
                        continue;
                    }
                    // At the end of what is read so far, a `\` continuation may still
                    // extend the line: parse it again once more has come.
                    if feed.done || parser.toks[parser.line_end()].0 != parse::Tok::Eof {
                        break Ok(true);
                    }
                }
                Ok(None) if feed.done => break Ok(false),
                Ok(None) => {}
                Err(_) if !feed.done && parser.at_eof() => {}
                Err(line) => break Err(line),
            }
            parser.pos = line_pos;
            stmts.clear();
            if feed.more(ctx, parser).await?.is_err() {
                bc.flush().await?;
                let m = format!("{name} {}: read() in flex scanner failed\n", feed.line());
                ctx.err(m.as_bytes()).await?;
                return Ok(Some(1));
            }
            if quit_at.is_none() {
                quit_at = first_quit(&parser.toks[searched..]);
                searched = parser.toks.len() - 1;
            }
        };
        // The illegal characters up to the end of the line (or the error) are reported now; one
        // from the start of the line on keeps it from running.
        let first = skip_separators(parser, line_pos);
        let upto = match parsed {
            Ok(_) => parser.line_end(),
            Err(_) => parser.pos,
        };
        let poisoned = report_illegal(bc, feed, upto, line_start(parser, first), name).await?;
        match parsed {
            Ok(false) => break,
            Ok(true) => {
                // GNU bc quits as soon as it reads `quit`, before it runs that line.
                if quit_at.is_some_and(|q| parser.toks[parser.pos].1 >= q) {
                    return Ok(Some(0));
                }
                if !poisoned {
                    if let Some(status) = run_statements(bc, &stmts).await? {
                        return Ok(Some(status));
                    }
                }
            }
            Err(line) => {
                bc.flush().await?;
                ctx.err(format!("{name} {line}: syntax error\n").as_bytes())
                    .await?;
                // GNU bc's recovery drops everything up to the first newline after the error
                // that is outside the braces opened since the statement began.
                let (mut i, mut depth) = (parser.start, 0i64);
                loop {
                    match parser.toks[i].0 {
                        parse::Tok::Eof if feed.done => break,
                        parse::Tok::Eof => {
                            if feed.more(ctx, parser).await?.is_err() {
                                break;
                            }
                            continue;
                        }
                        parse::Tok::Op("{") => depth += 1,
                        parse::Tok::Op("}") => depth -= 1,
                        parse::Tok::Newline if i >= parser.pos && depth <= 0 => break,
                        _ => {}
                    }
                    i += 1;
                }
                parser.pos = i;
            }
        }
        let before = parser.toks.len();
        feed.forget_consumed(parser);
        searched = searched.saturating_sub(before - parser.toks.len());
    }
    report_illegal(bc, feed, usize::MAX, usize::MAX, name).await?;
    if feed.eof_in_comment {
        bc.flush().await?;
        ctx.err(b"EOF encountered in a comment.\n").await?;
    }
    Ok(None)
}

/// Runs one line's statements; a runtime error abandons the rest of them.
async fn run_statements(bc: &mut Bc<'_>, stmts: &[Stmt]) -> Result<Option<i32>, Interrupt> {
    for stmt in stmts {
        let r = bc.exec(stmt);
        bc.flush().await?;
        match r {
            Ok(Flow::Quit) => return Ok(Some(0)),
            Ok(_) => {}
            Err(Fail::Stop(i)) => return Err(i),
            Err(Fail::Runtime(m)) => {
                let m = format!("Runtime error (func=(main), adr=0): {m}\n");
                bc.ctx.err(m.as_bytes()).await?;
                break;
            }
            Err(Fail::Reported(line)) => {
                bc.ctx.err(line.as_bytes()).await?;
                break;
            }
            Err(Fail::Refused(m)) => {
                bc.ctx.diag(m).await?;
                return Ok(Some(2));
            }
        }
    }
    Ok(None)
}

/// Reports the illegal characters lexed before token `upto`, in input order; true if one of
/// them lies at or after token `from` (GNU bc then does not run that line).
async fn report_illegal(
    bc: &mut Bc<'_>,
    feed: &mut Feed,
    upto: usize,
    from: usize,
    name: &str,
) -> Result<bool, Interrupt> {
    let mut poisoned = false;
    while let Some(&(at, line, c)) = feed.bad.front() {
        if at > upto {
            break;
        }
        feed.bad.pop_front();
        poisoned |= at >= from;
        bc.flush().await?;
        let m = format!(
            "{name} {line}: illegal character: {}\n",
            parse::illegal_char(c)
        );
        bc.ctx.err(m.as_bytes()).await?;
    }
    Ok(poisoned)
}

/// The index of the first token at or after `i` that is neither a `;` nor a newline.
fn skip_separators(p: &Parser, mut i: usize) -> usize {
    while matches!(p.toks[i].0, parse::Tok::Op(";") | parse::Tok::Newline) {
        i += 1;
    }
    i
}

/// The index of the first token on the line of token `first`.
fn line_start(p: &Parser, first: usize) -> usize {
    p.toks[..first]
        .iter()
        .rposition(|(t, _)| *t == parse::Tok::Newline)
        .map_or(0, |i| i + 1)
}

/// The line of the first `quit` among `toks`.
fn first_quit(toks: &[(parse::Tok, usize)]) -> Option<usize> {
    toks.iter()
        .find(|(t, _)| matches!(t, parse::Tok::Name(n) if n == b"quit"))
        .map(|(_, l)| *l)
}

/// GNU's line_size: `BC_LINE_LENGTH` as C's atoi reads it; below 3 (but not 0) means 70.
fn line_length(ctx: &CommandCtx) -> usize {
    let Some(v) = ctx.env.get(b"BC_LINE_LENGTH".as_slice()) else {
        return 70;
    };
    let t = String::from_utf8_lossy(v);
    let t = t.trim_start();
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let digits: String = t
        .chars()
        .take_while(char::is_ascii_digit)
        .take(12)
        .collect();
    let n: i64 = digits.parse().unwrap_or(0);
    let n = if neg { -n } else { n };
    match n {
        0 => 0,
        n if n < 3 => 70,
        n => n.min(i32::MAX as i64) as usize,
    }
}

/// Defines the `-l` functions (and sets scale=20) before any file is read.
fn load_library(bc: &mut Bc) -> Result<(), Interrupt> {
    let toks = parse::lex(mathlib::SOURCE.as_bytes(), true)
        .map(|l| l.toks)
        .unwrap_or_default();
    let mut parser = Parser {
        toks,
        pos: 0,
        start: 0,
    };
    bc.loading_lib = true;
    while let Ok(Some((stmt, _))) = parser.next_top() {
        if let Err(Fail::Stop(i)) = bc.exec(&stmt) {
            return Err(i);
        }
    }
    bc.loading_lib = false;
    Ok(())
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests;
