//! Recursive-descent parser from tokens to [`Program`]. Precedence, lowest first: assignment,
//! `?:`, `||`, `&&`, `in`, `~ !~`, comparisons, `| getline`, concatenation, `+ -`,
//! `* / %`, unary `+ - !`, `^`, `++ --`, `$`, grouping.

use super::ast::*;
use super::lexer::{Tok, Token};
use std::collections::HashMap;

#[derive(Debug)]
pub struct ParseError {
    pub msg: String,
    pub src: usize,
    pub line: usize,
    pub pos: usize,
}

type R<T> = Result<T, ParseError>;

/// Deepest expression or statement nesting accepted.
const MAX_DEPTH: usize = 500;

pub struct Parser {
    toks: Vec<Token>,
    i: usize,
    prog: Program,
    globals: HashMap<Vec<u8>, usize>,
    funcs: HashMap<Vec<u8>, usize>,
    /// Parameters of the function being parsed.
    locals: Option<Vec<Vec<u8>>>,
    /// Calls seen: (function index, argument count, token index) for the arity check.
    calls: Vec<(usize, usize, usize)>,
    depth: usize,
    /// Inside a `print` argument list: `>` redirects instead of comparing.
    no_gt: bool,
    /// Inside a `for (... in` head: `in` is not an operator.
    no_in: bool,
    in_loop: usize,
}

pub fn parse(toks: Vec<Token>) -> R<Program> {
    let mut p = Parser {
        toks,
        i: 0,
        prog: Program::default(),
        globals: HashMap::new(),
        funcs: HashMap::new(),
        locals: None,
        calls: Vec::new(),
        depth: 0,
        no_gt: false,
        no_in: false,
        in_loop: 0,
    };
    for n in special::NAMES {
        p.global(n.as_bytes());
    }
    p.program()?;
    for &(f, nargs, at) in &p.calls {
        let func = &p.prog.funcs[f];
        if func.defined && nargs > func.nparams {
            let t = &p.toks[at];
            return Err(ParseError {
                msg: format!(
                    "function `{}' called with more arguments than declared",
                    String::from_utf8_lossy(&func.name)
                ),
                src: t.src,
                line: t.line,
                pos: t.pos,
            });
        }
    }
    Ok(p.prog)
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.i].tok
    }
    fn peek_at(&self, n: usize) -> &Tok {
        let j = (self.i + n).min(self.toks.len() - 1);
        &self.toks[j].tok
    }
    fn advance(&mut self) -> Tok {
        let t = self.toks[self.i].tok.clone();
        if self.i + 1 < self.toks.len() {
            self.i += 1;
        }
        t
    }
    fn eat(&mut self, t: &Tok) -> bool {
        if self.peek() == t {
            self.advance();
            true
        } else {
            false
        }
    }
    fn err<T>(&self, msg: &str) -> R<T> {
        let t = &self.toks[self.i];
        Err(ParseError {
            msg: msg.to_string(),
            src: t.src,
            line: t.line,
            pos: t.pos,
        })
    }
    fn syntax<T>(&self) -> R<T> {
        if *self.peek() == Tok::Eof {
            return self.err("unexpected newline or end of string");
        }
        self.err("syntax error")
    }
    fn expect(&mut self, t: Tok) -> R<()> {
        if self.eat(&t) {
            Ok(())
        } else {
            self.syntax()
        }
    }
    fn skip_newlines(&mut self) {
        while *self.peek() == Tok::Newline {
            self.advance();
        }
    }
    fn skip_terms(&mut self) {
        while matches!(self.peek(), Tok::Newline | Tok::Semi) {
            self.advance();
        }
    }
    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err("program nested too deeply");
        }
        Ok(())
    }

    fn global(&mut self, name: &[u8]) -> usize {
        if let Some(&i) = self.globals.get(name) {
            return i;
        }
        let i = self.prog.globals.len();
        self.prog.globals.push(name.to_vec());
        self.globals.insert(name.to_vec(), i);
        i
    }

    fn var(&mut self, name: &[u8]) -> R<Var> {
        if let Some(l) = &self.locals {
            if let Some(i) = l.iter().position(|n| n == name) {
                return Ok(Var::Local(i));
            }
        }
        if self
            .funcs
            .get(name)
            .is_some_and(|&f| self.prog.funcs[f].defined)
        {
            return self.err(&format!(
                "function `{}' called with space between name and `(',\nor used as a variable or an array",
                String::from_utf8_lossy(name)
            ));
        }
        Ok(Var::Global(self.global(name)))
    }

    fn func_index(&mut self, name: &[u8]) -> usize {
        if let Some(&i) = self.funcs.get(name) {
            return i;
        }
        let i = self.prog.funcs.len();
        self.prog.funcs.push(Func {
            name: name.to_vec(),
            ..Func::default()
        });
        self.funcs.insert(name.to_vec(), i);
        i
    }

    fn program(&mut self) -> R<()> {
        loop {
            self.skip_terms();
            match self.peek().clone() {
                Tok::Eof => return Ok(()),
                Tok::Function => self.function()?,
                Tok::Begin => {
                    self.advance();
                    if *self.peek() != Tok::LBrace {
                        return self.err("BEGIN blocks must have an action part");
                    }
                    let b = self.block()?;
                    self.prog.begin.push(b);
                }
                Tok::End => {
                    self.advance();
                    if *self.peek() != Tok::LBrace {
                        return self.err("END blocks must have an action part");
                    }
                    let b = self.block()?;
                    self.prog.end.push(b);
                }
                Tok::LBrace => {
                    let b = self.block()?;
                    self.prog.items.push(Item {
                        pattern: Pattern::All,
                        action: Some(b),
                    });
                }
                _ => {
                    let e = self.expr()?;
                    let pattern = if self.eat(&Tok::Comma) {
                        self.skip_newlines();
                        let e2 = self.expr()?;
                        let n = self.prog.ranges;
                        self.prog.ranges += 1;
                        Pattern::Range(e, e2, n)
                    } else {
                        Pattern::Expr(e)
                    };
                    let action = if *self.peek() == Tok::LBrace {
                        Some(self.block()?)
                    } else {
                        if !matches!(self.peek(), Tok::Newline | Tok::Semi | Tok::Eof) {
                            return self.syntax();
                        }
                        None
                    };
                    self.prog.items.push(Item { pattern, action });
                }
            }
        }
    }

    fn function(&mut self) -> R<()> {
        self.advance();
        let name = match self.advance() {
            Tok::Name(n) | Tok::FuncName(n) => n,
            Tok::Builtin(n) => {
                self.i -= 1;
                return self.err(&format!(
                    "`{}' is a built-in function, it cannot be redefined",
                    String::from_utf8_lossy(&n)
                ));
            }
            _ => {
                self.i -= 1;
                return self.syntax();
            }
        };
        if self.globals.contains_key(&name) && special::NAMES.iter().any(|n| n.as_bytes() == name) {
            return self.err("cannot use special variable as a function name");
        }
        let f = self.func_index(&name);
        if self.prog.funcs[f].defined {
            return self.err(&format!(
                "function `{}' previously defined",
                String::from_utf8_lossy(&name)
            ));
        }
        self.prog.funcs[f].defined = true;
        self.expect(Tok::LParen)?;
        let mut params: Vec<Vec<u8>> = Vec::new();
        self.skip_newlines();
        if !self.eat(&Tok::RParen) {
            loop {
                self.skip_newlines();
                match self.advance() {
                    Tok::Name(n) => {
                        if params.contains(&n) {
                            self.i -= 1;
                            return self.err("duplicate parameter name");
                        }
                        params.push(n)
                    }
                    _ => {
                        self.i -= 1;
                        return self.syntax();
                    }
                }
                self.skip_newlines();
                if self.eat(&Tok::RParen) {
                    break;
                }
                self.expect(Tok::Comma)?;
            }
        }
        self.skip_newlines();
        self.prog.funcs[f].nparams = params.len();
        self.prog.funcs[f].params = params.clone();
        self.locals = Some(params);
        let body = self.block()?;
        self.locals = None;
        self.prog.funcs[f].body = body;
        Ok(())
    }

    fn block(&mut self) -> R<Vec<Stmt>> {
        self.expect(Tok::LBrace)?;
        self.enter()?;
        let mut v = Vec::new();
        loop {
            self.skip_terms();
            if self.eat(&Tok::RBrace) {
                break;
            }
            if *self.peek() == Tok::Eof {
                return self.syntax();
            }
            let t = &self.toks[self.i];
            v.push(Stmt::Line(t.src, t.line));
            v.push(self.stmt()?);
        }
        self.depth -= 1;
        Ok(v)
    }

    /// Ends a simple statement: `;`, newline, or before `}`/EOF.
    fn end_simple(&mut self) -> R<()> {
        match self.peek() {
            Tok::Semi | Tok::Newline => {
                self.advance();
                Ok(())
            }
            Tok::RBrace | Tok::Eof => Ok(()),
            _ => self.syntax(),
        }
    }

    /// A statement that is a loop or `if` body (may be empty `;`).
    fn body(&mut self) -> R<Stmt> {
        self.skip_newlines();
        if self.eat(&Tok::Semi) {
            return Ok(Stmt::Block(Vec::new()));
        }
        self.stmt()
    }

    fn stmt(&mut self) -> R<Stmt> {
        self.enter()?;
        let s = self.stmt_inner();
        self.depth -= 1;
        s
    }

    fn stmt_inner(&mut self) -> R<Stmt> {
        match self.peek().clone() {
            Tok::LBrace => Ok(Stmt::Block(self.block()?)),
            Tok::If => {
                self.advance();
                self.expect(Tok::LParen)?;
                let c = self.expr()?;
                self.expect(Tok::RParen)?;
                let then = self.body()?;
                // Look past newlines and semicolons for `else`.
                let save = self.i;
                self.skip_terms();
                if self.eat(&Tok::Else) {
                    let e = self.body()?;
                    Ok(Stmt::If(c, Box::new(then), Some(Box::new(e))))
                } else {
                    self.i = save;
                    Ok(Stmt::If(c, Box::new(then), None))
                }
            }
            Tok::While => {
                self.advance();
                self.expect(Tok::LParen)?;
                let c = self.expr()?;
                self.expect(Tok::RParen)?;
                if *self.peek() == Tok::Semi {
                    self.advance();
                    return Ok(Stmt::While(c, Box::new(Stmt::Block(Vec::new()))));
                }
                self.in_loop += 1;
                let b = self.body()?;
                self.in_loop -= 1;
                Ok(Stmt::While(c, Box::new(b)))
            }
            Tok::Do => {
                self.advance();
                self.in_loop += 1;
                let b = self.body()?;
                self.in_loop -= 1;
                self.skip_terms();
                self.expect(Tok::While)?;
                self.expect(Tok::LParen)?;
                let c = self.expr()?;
                self.expect(Tok::RParen)?;
                self.end_simple()?;
                Ok(Stmt::Do(Box::new(b), c))
            }
            Tok::For => {
                self.advance();
                self.expect(Tok::LParen)?;
                // for (k in arr)
                let paren_in = *self.peek() == Tok::LParen
                    && matches!(self.peek_at(1), Tok::Name(_))
                    && *self.peek_at(2) == Tok::In
                    && matches!(self.peek_at(3), Tok::Name(_))
                    && *self.peek_at(4) == Tok::RParen
                    && *self.peek_at(5) == Tok::RParen;
                if paren_in {
                    self.advance();
                }
                if let (Tok::Name(k), Tok::In, Tok::Name(a), Tok::RParen) = (
                    self.peek().clone(),
                    self.peek_at(1).clone(),
                    self.peek_at(2).clone(),
                    self.peek_at(3).clone(),
                ) {
                    self.i += 4;
                    if paren_in {
                        self.expect(Tok::RParen)?;
                    }
                    let kv = self.var(&k)?;
                    let av = self.var(&a)?;
                    self.in_loop += 1;
                    let b = self.body()?;
                    self.in_loop -= 1;
                    return Ok(Stmt::ForIn(kv, av, Box::new(b)));
                }
                let init = if *self.peek() == Tok::Semi {
                    None
                } else {
                    Some(Box::new(self.simple_stmt()?))
                };
                self.skip_newlines();
                self.expect(Tok::Semi)?;
                self.skip_newlines();
                let cond = if *self.peek() == Tok::Semi {
                    None
                } else {
                    Some(self.expr()?)
                };
                self.skip_newlines();
                self.expect(Tok::Semi)?;
                self.skip_newlines();
                let step = if *self.peek() == Tok::RParen {
                    None
                } else {
                    Some(Box::new(self.simple_stmt()?))
                };
                self.skip_newlines();
                self.expect(Tok::RParen)?;
                if *self.peek() == Tok::Semi {
                    self.advance();
                    return Ok(Stmt::For(
                        init,
                        cond,
                        step,
                        Box::new(Stmt::Block(Vec::new())),
                    ));
                }
                self.in_loop += 1;
                let b = self.body()?;
                self.in_loop -= 1;
                Ok(Stmt::For(init, cond, step, Box::new(b)))
            }
            Tok::Semi => {
                self.advance();
                Ok(Stmt::Block(Vec::new()))
            }
            _ => {
                let s = self.simple_or_control()?;
                self.end_simple()?;
                Ok(s)
            }
        }
    }

    fn simple_or_control(&mut self) -> R<Stmt> {
        match self.peek().clone() {
            Tok::Break | Tok::Continue => {
                if self.in_loop == 0 {
                    let w = if *self.peek() == Tok::Break {
                        "break"
                    } else {
                        "continue"
                    };
                    return self.err(&format!("`{w}' is not allowed outside a loop"));
                }
                Ok(if self.advance() == Tok::Break {
                    Stmt::Break
                } else {
                    Stmt::Continue
                })
            }
            Tok::Next => {
                self.advance();
                Ok(Stmt::Next)
            }
            Tok::NextFile => {
                self.advance();
                Ok(Stmt::NextFile)
            }
            Tok::Exit => {
                self.advance();
                if matches!(
                    self.peek(),
                    Tok::Semi | Tok::Newline | Tok::RBrace | Tok::Eof
                ) {
                    Ok(Stmt::Exit(None))
                } else {
                    Ok(Stmt::Exit(Some(self.expr()?)))
                }
            }
            Tok::Return => {
                if self.locals.is_none() {
                    return self.err("`return' used outside function context");
                }
                self.advance();
                if matches!(
                    self.peek(),
                    Tok::Semi | Tok::Newline | Tok::RBrace | Tok::Eof
                ) {
                    Ok(Stmt::Return(None))
                } else {
                    Ok(Stmt::Return(Some(self.expr()?)))
                }
            }
            _ => self.simple_stmt(),
        }
    }

    fn simple_stmt(&mut self) -> R<Stmt> {
        match self.peek().clone() {
            Tok::Print | Tok::Printf => {
                let is_printf = self.advance() == Tok::Printf;
                let mut args = Vec::new();
                if !matches!(
                    self.peek(),
                    Tok::Semi
                        | Tok::Newline
                        | Tok::RBrace
                        | Tok::Eof
                        | Tok::Gt
                        | Tok::Append
                        | Tok::Pipe
                ) {
                    let old = self.no_gt;
                    self.no_gt = true;
                    args = self.expr_list()?;
                    self.no_gt = old;
                    if args.len() == 1 {
                        if let Expr::Grouping(_) = &args[0] {
                            if let Some(Expr::Grouping(v)) = args.pop() {
                                args = v;
                            }
                        }
                    }
                }
                let redir = match self.peek() {
                    Tok::Gt => {
                        self.advance();
                        Some(Redir::File(self.concat_expr(true)?))
                    }
                    Tok::Append => {
                        self.advance();
                        Some(Redir::Append(self.concat_expr(true)?))
                    }
                    Tok::Pipe => {
                        self.advance();
                        Some(Redir::Pipe(self.concat_expr(true)?))
                    }
                    _ => None,
                };
                if is_printf && args.is_empty() {
                    return self.err("printf: no format");
                }
                Ok(if is_printf {
                    Stmt::Printf(args, redir)
                } else {
                    Stmt::Print(args, redir)
                })
            }
            Tok::Delete => {
                self.advance();
                let name = match self.advance() {
                    Tok::Name(n) => n,
                    Tok::LParen => {
                        // delete (arr)
                        let n = match self.advance() {
                            Tok::Name(n) => n,
                            _ => return self.syntax(),
                        };
                        self.expect(Tok::RParen)?;
                        let v = self.var(&n)?;
                        return Ok(Stmt::Delete(v, None));
                    }
                    _ => {
                        self.i -= 1;
                        return self.syntax();
                    }
                };
                let v = self.var(&name)?;
                if self.eat(&Tok::LBracket) {
                    let keys = self.expr_list()?;
                    self.expect(Tok::RBracket)?;
                    Ok(Stmt::Delete(v, Some(keys)))
                } else {
                    Ok(Stmt::Delete(v, None))
                }
            }
            _ => Ok(Stmt::Expr(self.expr()?)),
        }
    }

    fn expr_list(&mut self) -> R<Vec<Expr>> {
        let mut v = vec![self.expr()?];
        while self.eat(&Tok::Comma) {
            self.skip_newlines();
            v.push(self.expr()?);
        }
        Ok(v)
    }

    pub fn expr(&mut self) -> R<Expr> {
        self.enter()?;
        let r = self.assignment();
        self.depth -= 1;
        r
    }

    fn assignment(&mut self) -> R<Expr> {
        let lhs = self.ternary()?;
        let op = match self.peek() {
            Tok::Assign => None,
            Tok::AddAssign => Some(BinOp::Add),
            Tok::SubAssign => Some(BinOp::Sub),
            Tok::MulAssign => Some(BinOp::Mul),
            Tok::DivAssign => Some(BinOp::Div),
            Tok::ModAssign => Some(BinOp::Mod),
            Tok::PowAssign => Some(BinOp::Pow),
            _ => return Ok(lhs),
        };
        if !lhs.is_lvalue() {
            return Ok(lhs);
        }
        self.advance();
        self.skip_newlines();
        let rhs = self.expr()?;
        Ok(Expr::Assign(Box::new(lhs), op, Box::new(rhs)))
    }

    fn ternary(&mut self) -> R<Expr> {
        let c = self.or()?;
        if !self.eat(&Tok::Question) {
            return Ok(c);
        }
        self.skip_newlines();
        let a = self.expr()?;
        self.skip_newlines();
        self.expect(Tok::Colon)?;
        self.skip_newlines();
        let b = self.expr()?;
        Ok(Expr::Cond(Box::new(c), Box::new(a), Box::new(b)))
    }

    fn or(&mut self) -> R<Expr> {
        let mut l = self.and()?;
        while self.eat(&Tok::OrOr) {
            self.skip_newlines();
            let r = self.and()?;
            l = Expr::Or(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn and(&mut self) -> R<Expr> {
        let mut l = self.in_expr()?;
        while self.eat(&Tok::AndAnd) {
            self.skip_newlines();
            let r = self.in_expr()?;
            l = Expr::And(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn in_expr(&mut self) -> R<Expr> {
        let mut l = self.match_expr()?;
        while !self.no_in && *self.peek() == Tok::In {
            self.advance();
            let name = match self.advance() {
                Tok::Name(n) => n,
                _ => {
                    self.i -= 1;
                    return self.syntax();
                }
            };
            let v = self.var(&name)?;
            let keys = match l {
                Expr::Grouping(k) => k,
                e => vec![e],
            };
            l = Expr::In(keys, v);
        }
        Ok(l)
    }

    fn match_expr(&mut self) -> R<Expr> {
        let mut l = self.comparison()?;
        loop {
            let neg = match self.peek() {
                Tok::Tilde => false,
                Tok::NoMatch => true,
                _ => return Ok(l),
            };
            self.advance();
            let r = self.comparison()?;
            l = Expr::Match(neg, Box::new(l), Box::new(r));
        }
    }

    fn comparison(&mut self) -> R<Expr> {
        let l = self.pipe_getline()?;
        let op = match self.peek() {
            Tok::Lt => CmpOp::Lt,
            Tok::Le => CmpOp::Le,
            Tok::Eq => CmpOp::Eq,
            Tok::Ne => CmpOp::Ne,
            Tok::Gt if !self.no_gt => CmpOp::Gt,
            Tok::Ge => CmpOp::Ge,
            _ => return Ok(l),
        };
        self.advance();
        let r = self.pipe_getline()?;
        Ok(Expr::Cmp(op, Box::new(l), Box::new(r)))
    }

    /// `cmd | getline [var]` chains.
    fn pipe_getline(&mut self) -> R<Expr> {
        let mut l = self.concat_expr(false)?;
        while *self.peek() == Tok::Pipe && *self.peek_at(1) == Tok::Getline {
            self.advance();
            self.advance();
            let var = self.opt_lvalue()?;
            l = Expr::Getline(GetlineSrc::Cmd(Box::new(l)), var.map(Box::new));
        }
        Ok(l)
    }

    /// Whether the next token can start an operand of concatenation.
    fn starts_concat(&self) -> bool {
        matches!(
            self.peek(),
            Tok::Num(_)
                | Tok::Str(_)
                | Tok::Regex(_)
                | Tok::Name(_)
                | Tok::FuncName(_)
                | Tok::Builtin(_)
                | Tok::Dollar
                | Tok::LParen
                | Tok::Incr
                | Tok::Decr
        )
    }

    /// Concatenation. `redirect`: the target of an output redirection (no `in`, no `>`).
    fn concat_expr(&mut self, redirect: bool) -> R<Expr> {
        let old = self.no_in;
        if redirect {
            self.no_in = true;
        }
        let mut l = self.additive()?;
        while self.starts_concat() && !(redirect && *self.peek() == Tok::Getline) {
            let r = self.additive()?;
            l = Expr::Concat(Box::new(l), Box::new(r));
        }
        self.no_in = old;
        Ok(l)
    }

    fn additive(&mut self) -> R<Expr> {
        let mut l = self.multiplicative()?;
        loop {
            let op = match self.peek() {
                Tok::Plus => BinOp::Add,
                Tok::Minus => BinOp::Sub,
                _ => return Ok(l),
            };
            self.advance();
            let r = self.multiplicative()?;
            l = Expr::Bin(op, Box::new(l), Box::new(r));
        }
    }

    fn multiplicative(&mut self) -> R<Expr> {
        let mut l = self.unary()?;
        loop {
            let op = match self.peek() {
                Tok::Star => BinOp::Mul,
                Tok::Slash => BinOp::Div,
                Tok::Percent => BinOp::Mod,
                _ => return Ok(l),
            };
            self.advance();
            let r = self.unary()?;
            l = Expr::Bin(op, Box::new(l), Box::new(r));
        }
    }

    fn unary(&mut self) -> R<Expr> {
        self.enter()?;
        let r = match self.peek() {
            Tok::Not => {
                self.advance();
                let e = self.unary()?;
                Ok(Expr::Not(Box::new(e)))
            }
            Tok::Minus => {
                self.advance();
                let e = self.unary()?;
                Ok(Expr::Neg(Box::new(e)))
            }
            Tok::Plus => {
                self.advance();
                let e = self.unary()?;
                Ok(Expr::Plus(Box::new(e)))
            }
            _ => self.power(),
        };
        self.depth -= 1;
        r
    }

    fn power(&mut self) -> R<Expr> {
        let base = self.incdec()?;
        if self.eat(&Tok::Caret) {
            // Right associative; the exponent may carry a unary sign.
            self.enter()?;
            let e = match self.peek() {
                Tok::Minus => {
                    self.advance();
                    Expr::Neg(Box::new(self.power()?))
                }
                Tok::Plus => {
                    self.advance();
                    Expr::Plus(Box::new(self.power()?))
                }
                Tok::Not => {
                    self.advance();
                    Expr::Not(Box::new(self.power()?))
                }
                _ => self.power()?,
            };
            self.depth -= 1;
            return Ok(Expr::Bin(BinOp::Pow, Box::new(base), Box::new(e)));
        }
        Ok(base)
    }

    fn incdec(&mut self) -> R<Expr> {
        match self.peek() {
            Tok::Incr | Tok::Decr => {
                let d = if self.advance() == Tok::Incr {
                    1.0
                } else {
                    -1.0
                };
                let e = self.incdec()?;
                if !e.is_lvalue() {
                    return self.syntax();
                }
                Ok(Expr::IncDec(Box::new(e), true, d))
            }
            _ => {
                let e = self.primary()?;
                if e.is_lvalue() {
                    match self.peek() {
                        Tok::Incr => {
                            self.advance();
                            return Ok(Expr::IncDec(Box::new(e), false, 1.0));
                        }
                        Tok::Decr => {
                            self.advance();
                            return Ok(Expr::IncDec(Box::new(e), false, -1.0));
                        }
                        _ => {}
                    }
                }
                Ok(e)
            }
        }
    }

    /// An optional lvalue after `getline`.
    fn opt_lvalue(&mut self) -> R<Option<Expr>> {
        match self.peek() {
            Tok::Name(_) | Tok::Dollar => {
                let e = self.primary()?;
                if !e.is_lvalue() {
                    return self.syntax();
                }
                Ok(Some(e))
            }
            _ => Ok(None),
        }
    }

    fn primary(&mut self) -> R<Expr> {
        self.enter()?;
        let r = self.primary_inner();
        self.depth -= 1;
        r
    }

    fn primary_inner(&mut self) -> R<Expr> {
        let at = self.i;
        match self.advance() {
            Tok::Num(n) => Ok(Expr::Num(n)),
            Tok::Str(s) => Ok(Expr::Str(s)),
            Tok::Regex(r) => {
                let i = self.prog.regexes.len();
                self.prog.regexes.push(r);
                Ok(Expr::Regex(i))
            }
            Tok::Dollar => {
                // `$` binds tighter than everything but grouping; `$i++` is `($i)++`.
                let e = match self.peek() {
                    Tok::Incr | Tok::Decr => self.incdec()?,
                    Tok::Minus => {
                        self.advance();
                        Expr::Neg(Box::new(self.primary()?))
                    }
                    _ => self.primary()?,
                };
                Ok(Expr::Field(Box::new(e)))
            }
            Tok::LParen => {
                let old = (self.no_gt, self.no_in);
                self.no_gt = false;
                self.no_in = false;
                self.skip_newlines();
                let list = self.expr_list()?;
                self.skip_newlines();
                self.expect(Tok::RParen)?;
                self.no_gt = old.0;
                self.no_in = old.1;
                if list.len() > 1 {
                    if *self.peek() != Tok::In && !self.no_gt {
                        return self.syntax();
                    }
                    return Ok(Expr::Grouping(list));
                }
                Ok(list.into_iter().next().unwrap_or(Expr::Num(0.0)))
            }
            Tok::Name(n) => {
                let v = self.var(&n)?;
                if self.eat(&Tok::LBracket) {
                    let keys = self.expr_list()?;
                    self.expect(Tok::RBracket)?;
                    return Ok(Expr::Index(v, keys));
                }
                Ok(Expr::Var(v))
            }
            Tok::FuncName(n) => {
                if super::ast::UNSUPPORTED_FUNCS
                    .iter()
                    .any(|u| u.as_bytes() == n)
                {
                    self.i = at;
                    return self.err(&format!(
                        "function `{}' is a gawk extension shellsim does not support",
                        String::from_utf8_lossy(&n)
                    ));
                }
                let f = self.func_index(&n);
                self.expect(Tok::LParen)?;
                let args = self.call_args()?;
                self.calls.push((f, args.len(), at));
                Ok(Expr::Call(f, args))
            }
            Tok::Builtin(n) => {
                let b = Builtin::from_name(&n).unwrap_or(Builtin::Length);
                let args = if *self.peek() == Tok::LParen {
                    self.advance();
                    self.call_args()?
                } else if b == Builtin::Length {
                    Vec::new()
                } else {
                    self.i = at + 1;
                    return self.syntax();
                };
                let (min, max) = b.arity();
                if args.len() < min || args.len() > max {
                    self.i = at;
                    return self.err(&format!(
                        "{} called with {} arguments",
                        String::from_utf8_lossy(&n),
                        args.len()
                    ));
                }
                Ok(Expr::Builtin(b, args))
            }
            Tok::Getline => {
                let var = self.opt_lvalue()?;
                if self.eat(&Tok::Lt) {
                    let f = self.primary_for_redirect()?;
                    return Ok(Expr::Getline(
                        GetlineSrc::File(Box::new(f)),
                        var.map(Box::new),
                    ));
                }
                Ok(Expr::Getline(GetlineSrc::Main, var.map(Box::new)))
            }
            Tok::Minus => {
                let e = self.unary()?;
                Ok(Expr::Neg(Box::new(e)))
            }
            Tok::Plus => {
                let e = self.unary()?;
                Ok(Expr::Plus(Box::new(e)))
            }
            Tok::Not => {
                let e = self.unary()?;
                Ok(Expr::Not(Box::new(e)))
            }
            _ => {
                self.i = at;
                self.syntax()
            }
        }
    }

    /// The file after `getline <`: a primary (with `$`), no concatenation.
    fn primary_for_redirect(&mut self) -> R<Expr> {
        self.incdec()
    }

    fn call_args(&mut self) -> R<Vec<Expr>> {
        let old = (self.no_gt, self.no_in);
        self.no_gt = false;
        self.no_in = false;
        self.skip_newlines();
        let mut args = Vec::new();
        if !self.eat(&Tok::RParen) {
            args = self.expr_list()?;
            self.skip_newlines();
            self.expect(Tok::RParen)?;
        }
        self.no_gt = old.0;
        self.no_in = old.1;
        Ok(args)
    }
}
