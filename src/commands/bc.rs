//! `bc`: GNU bc's arbitrary-precision decimal calculator (basic language): numbers with
//! `scale`, `+ - * / % ^`, `sqrt`, `length`, `scale()`, variables, relations, `&& || !`,
//! `if`/`while`/`for`/`break`/`continue`, `define` with `auto` and `return`, `print`, strings,
//! `quit`, and GNU's 70-column output with backslash-newline. Refused (exit 2): `ibase`/`obase`
//! other than 10, arrays, `read()`, and the `-l` library functions (`-l` sets scale=20).
//! Numbers are `num-bigint` integers with a scale; every operation is metered.

mod num;
mod parse;

use super::opts::{self, flag, OptDef, Parser as OptParser};
use super::textio;
use crate::limits::cost;
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use num::{Num, NumErr};
use parse::{Expr, Parser, Stmt};
use std::collections::BTreeMap;

pub fn register(r: &mut super::Registry) {
    r.register(
        "bc",
        Trust::Partial,
        "arbitrary-precision calculator (GNU bc basics; no arrays, ibase/obase 10 only, \
         -l sets scale=20 but its functions are refused)",
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

/// Errors that abandon the current top-level statement.
enum Fail {
    Stop(Interrupt),
    Runtime(String),
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
    params: Vec<Vec<u8>>,
    autos: Vec<Vec<u8>>,
    body: Vec<Stmt>,
}

struct Bc<'a> {
    ctx: &'a CommandCtx,
    vars: BTreeMap<Vec<u8>, Num>,
    funcs: BTreeMap<Vec<u8>, std::rc::Rc<Func>>,
    scale: u64,
    out: Vec<u8>,
    col: usize,
    depth: usize,
}

const LINE_LENGTH: usize = 70;

impl Bc<'_> {
    fn put_str(&mut self, s: &[u8]) {
        for &b in s {
            self.out.push(b);
            self.col = if b == b'\n' { 0 } else { self.col + 1 };
        }
    }

    /// A number, wrapped as GNU bc does (68 characters and a backslash per 70-column line).
    fn put_num(&mut self, n: &Num) -> F<()> {
        let t = n.to_text(self.ctx)?;
        for b in t {
            if self.col == LINE_LENGTH - 2 {
                self.out.extend_from_slice(b"\\\n");
                self.col = 0;
            }
            self.out.push(b);
            self.col += 1;
        }
        Ok(())
    }

    fn get(&self, name: &[u8]) -> Num {
        match name {
            b"scale" => Num::int(self.scale as i64),
            b"ibase" | b"obase" => Num::int(10),
            _ => self.vars.get(name).cloned().unwrap_or_default(),
        }
    }

    fn set(&mut self, name: &[u8], v: Num) -> F<()> {
        match name {
            b"scale" => {
                self.scale = v.to_u64().unwrap_or(0).min(i32::MAX as u64);
            }
            b"ibase" | b"obase" => {
                if v.to_u64() != Some(10) {
                    return Err(Fail::Refused(format!(
                        "{} other than 10 is not supported in this simulator",
                        String::from_utf8_lossy(name)
                    )));
                }
            }
            _ => {
                self.ctx.reserve(0)?;
                self.vars.insert(name.to_vec(), v);
            }
        }
        Ok(())
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
                if t.iter().any(u8::is_ascii_uppercase) {
                    return Err(Fail::Refused(
                        "hexadecimal digits need ibase, which is not supported in this simulator"
                            .into(),
                    ));
                }
                Num::parse(t)
            }
            Expr::Var(n) => self.get(n),
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
            Expr::Assign(op, name, x) => {
                let v = self.eval(x)?;
                let v = if *op == "=" {
                    v
                } else {
                    let cur = self.get(name);
                    self.binop(&op[..1], &cur, &v)?
                };
                self.set(name, v.clone())?;
                self.get(name)
            }
            Expr::Inc(name, pre, d) => {
                let cur = self.get(name);
                let new = cur.add(self.ctx, &Num::int(*d), false)?;
                self.set(name, new.clone())?;
                if *pre {
                    self.get(name)
                } else {
                    cur
                }
            }
            Expr::Call(name, args) => self.call(name, args)?,
        })
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
            if name.len() == 1 && b"sclaej".contains(&name[0]) {
                return Err(Fail::Refused(format!(
                    "the math library function {}() is not supported in this simulator",
                    String::from_utf8_lossy(name)
                )));
            }
            return Err(Fail::Runtime(format!(
                "Function {} not defined.",
                String::from_utf8_lossy(name)
            )));
        };
        if args.len() != f.params.len() {
            return Err(Fail::Runtime("Parameter number mismatch".into()));
        }
        let mut vals = Vec::new();
        for a in args {
            vals.push(self.eval(a)?);
        }
        if self.depth >= 1000 {
            return Err(Fail::Runtime("function call nesting too deep".into()));
        }
        self.ctx.charge(cost::FUNCTION_CALL)?;
        self.ctx.reserve(cost::FRAME_MEMORY)?;
        // Dynamic scoping: parameters and autos shadow the caller's variables.
        let locals: Vec<Vec<u8>> = f.params.iter().chain(&f.autos).cloned().collect();
        let saved: Vec<Option<Num>> = locals.iter().map(|n| self.vars.remove(n)).collect();
        for (p, v) in f.params.iter().zip(vals) {
            self.vars.insert(p.clone(), v);
        }
        self.depth += 1;
        let mut r = Ok(Num::default());
        for s in &f.body {
            match self.exec(s) {
                Ok(Flow::Return(v)) => {
                    r = Ok(v);
                    break;
                }
                Ok(Flow::Quit) => break,
                Ok(_) => {}
                Err(e) => {
                    r = Err(e);
                    break;
                }
            }
        }
        self.depth -= 1;
        for (n, old) in locals.iter().zip(saved) {
            match old {
                Some(v) => self.vars.insert(n.clone(), v),
                None => self.vars.remove(n),
            };
        }
        self.ctx.release(cost::FRAME_MEMORY);
        r
    }

    fn exec(&mut self, s: &Stmt) -> F<Flow> {
        self.ctx.charge(cost::EXEC_NODE)?;
        // Buffered output is modeled memory until it is flushed.
        self.ctx.reserve(0)?;
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
                    params: params.clone(),
                    autos: autos.clone(),
                    body: body.clone(),
                };
                self.funcs.insert(name.clone(), std::rc::Rc::new(f));
            }
            Stmt::Quit => return Ok(Flow::Quit),
            Stmt::Empty => {}
        }
        Ok(Flow::Normal)
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

/// The line of the first `quit`: GNU bc quits when it *reads* it.
fn quit_line(p: &Parser) -> Option<usize> {
    p.toks
        .iter()
        .find(|(t, _)| matches!(t, parse::Tok::Name(n) if n == b"quit"))
        .map(|(_, l)| *l)
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
        funcs: BTreeMap::new(),
        scale: if p.has(b'l') { 20 } else { 0 },
        out: Vec::new(),
        col: 0,
        depth: 0,
    };
    let mut inputs = p.operands.clone();
    inputs.push(b"-".to_vec());
    for op in &inputs {
        let src = if op == b"-" {
            textio::slurp(ctx, op).await?
        } else {
            match ctx.read_all_input(op).await {
                Ok(d) => {
                    ctx.reserve(d.len() as u64)?;
                    Some(d)
                }
                Err(e) => {
                    opts::interrupted(e)?;
                    let m = format!("File {} is unavailable.\n", String::from_utf8_lossy(op));
                    ctx.err(m.as_bytes()).await?;
                    None
                }
            }
        };
        let Some(src) = src else {
            return Ok(1);
        };
        ctx.release(src.len() as u64);
        let name = if op == b"-" {
            "(standard_in)".to_string()
        } else {
            String::from_utf8_lossy(op).into_owned()
        };
        let toks = match parse::lex(&src) {
            Ok(t) => t,
            Err(line) => {
                ctx.err(
                    format!("{name} {line}: illegal character or unterminated token\n").as_bytes(),
                )
                .await?;
                continue;
            }
        };
        let mut parser = Parser {
            toks,
            pos: 0,
            start: 0,
        };
        let quit_at = quit_line(&parser);
        loop {
            let (stmt, start) = match parser.next_top() {
                Ok(Some(s)) => s,
                Ok(None) => break,
                Err(line) => {
                    ctx.out(&std::mem::take(&mut bc.out)).await?;
                    ctx.err(format!("{name} {line}: syntax error\n").as_bytes())
                        .await?;
                    // Resynchronize after the end of the statement's first line, as GNU bc does.
                    parser.pos = parser.start;
                    while !parser.at_eof() && parser.toks[parser.pos].0 != parse::Tok::Newline {
                        parser.pos += 1;
                    }
                    continue;
                }
            };
            // GNU bc runs a line once it is read whole, and quits as soon as it reads `quit`.
            if quit_at.is_some_and(|q| start >= q || stmt_line_ge(&parser, q)) {
                return Ok(0);
            }
            let r = bc.exec(&stmt);
            ctx.out(&std::mem::take(&mut bc.out)).await?;
            match r {
                Ok(Flow::Quit) => return Ok(0),
                Ok(_) => {}
                Err(Fail::Stop(i)) => return Err(i),
                Err(Fail::Runtime(m)) => {
                    ctx.err(format!("Runtime error (func=(main), adr=0): {m}\n").as_bytes())
                        .await?;
                }
                Err(Fail::Refused(m)) => {
                    ctx.diag(m).await?;
                    return Ok(2);
                }
            }
        }
    }
    Ok(0)
}

/// Whether the statement just parsed ended on or after line `q` (it shares `quit`'s line).
fn stmt_line_ge(p: &Parser, q: usize) -> bool {
    let end = p.toks[p.pos.saturating_sub(1)].1;
    end >= q
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests;
