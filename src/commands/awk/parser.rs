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
    /// The parse-time messages that came before the error.
    pub notes: Vec<Note>,
}

pub(super) type R<T> = Result<T, ParseError>;

/// Deepest expression or statement nesting accepted.
const MAX_DEPTH: usize = 500;
/// Most binary operators in one top-level expression (see [`Parser::link`]).
const MAX_LINKS: usize = 50_000;

pub struct Parser {
    pub(super) toks: Vec<Token>,
    pub(super) i: usize,
    pub(super) prog: Program,
    pub(super) globals: HashMap<Vec<u8>, usize>,
    pub(super) funcs: HashMap<Vec<u8>, usize>,
    /// Parameters of the function being parsed.
    pub(super) locals: Option<Vec<Vec<u8>>>,
    pub(super) depth: usize,
    /// Operators chained in the current top-level expression.
    pub(super) links: usize,
    /// Inside a `print` argument list: `>` redirects instead of comparing.
    pub(super) no_gt: bool,
    /// Inside a `for (... in` head: `in` is not an operator.
    pub(super) no_in: bool,
    pub(super) in_loop: usize,
}

pub fn parse(toks: Vec<Token>) -> R<Program> {
    let mut p = Parser {
        toks,
        i: 0,
        prog: Program::default(),
        globals: HashMap::new(),
        funcs: HashMap::new(),
        locals: None,
        depth: 0,
        links: 0,
        no_gt: false,
        no_in: false,
        in_loop: 0,
    };
    for n in special::NAMES {
        p.global(n.as_bytes());
    }
    if let Err(mut e) = p.program() {
        e.notes = std::mem::take(&mut p.prog.notes);
        return Err(e);
    }
    Ok(p.prog)
}

impl Parser {
    pub(super) fn peek(&self) -> &Tok {
        &self.toks[self.i].tok
    }
    pub(super) fn peek_at(&self, n: usize) -> &Tok {
        let j = (self.i + n).min(self.toks.len() - 1);
        &self.toks[j].tok
    }
    pub(super) fn advance(&mut self) -> Tok {
        let t = self.toks[self.i].tok.clone();
        if self.i + 1 < self.toks.len() {
            self.i += 1;
        }
        t
    }
    pub(super) fn eat(&mut self, t: &Tok) -> bool {
        if self.peek() == t {
            self.advance();
            true
        } else {
            false
        }
    }
    pub(super) fn err<T>(&self, msg: &str) -> R<T> {
        let t = &self.toks[self.i];
        Err(ParseError {
            msg: msg.to_string(),
            src: t.src,
            line: t.line,
            pos: t.pos,
            notes: Vec::new(),
        })
    }
    pub(super) fn syntax<T>(&self) -> R<T> {
        if *self.peek() == Tok::Eof {
            return self.err("unexpected newline or end of string");
        }
        self.err("syntax error")
    }
    pub(super) fn expect(&mut self, t: Tok) -> R<()> {
        if self.eat(&t) {
            Ok(())
        } else {
            self.syntax()
        }
    }
    pub(super) fn skip_newlines(&mut self) {
        while *self.peek() == Tok::Newline {
            self.advance();
        }
    }
    pub(super) fn skip_terms(&mut self) {
        while matches!(self.peek(), Tok::Newline | Tok::Semi) {
            self.advance();
        }
    }
    /// One more operator in a left-associative chain (`a + b + c ...`, concatenation): each
    /// deepens the tree by one without recursing here, so the length is bounded separately;
    /// evaluating, marking and dropping a tree all recurse over its depth.
    pub(super) fn link(&mut self) -> R<()> {
        self.links += 1;
        if self.links > MAX_LINKS {
            return self.err("expression too long (more than 50000 operators)");
        }
        Ok(())
    }

    pub(super) fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err("program nested too deeply");
        }
        Ok(())
    }

    pub(super) fn global(&mut self, name: &[u8]) -> usize {
        if let Some(&i) = self.globals.get(name) {
            return i;
        }
        let i = self.prog.globals.len();
        self.prog.globals.push(name.to_vec());
        self.globals.insert(name.to_vec(), i);
        i
    }

    pub(super) fn var(&mut self, name: &[u8]) -> R<Var> {
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
        if UNSUPPORTED_VARS.iter().any(|u| u.as_bytes() == name) {
            return self.err(&format!(
                "`{}' is a gawk extension shellsim does not support",
                String::from_utf8_lossy(name)
            ));
        }
        Ok(Var::Global(self.global(name)))
    }

    pub(super) fn func_index(&mut self, name: &[u8]) -> usize {
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

    pub(super) fn program(&mut self) -> R<()> {
        loop {
            self.skip_terms();
            self.links = 0;
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
                        line: (0, 0),
                        action: Some(b),
                    });
                }
                _ => {
                    let line = (self.toks[self.i].src, self.toks[self.i].line);
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
                    self.prog.items.push(Item {
                        pattern,
                        line,
                        action,
                    });
                }
            }
        }
    }

    pub(super) fn function(&mut self) -> R<()> {
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

    pub(super) fn block(&mut self) -> R<Vec<Stmt>> {
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
    pub(super) fn end_simple(&mut self) -> R<()> {
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
    pub(super) fn body(&mut self) -> R<Stmt> {
        self.skip_newlines();
        if self.eat(&Tok::Semi) {
            return Ok(Stmt::Block(Vec::new()));
        }
        self.stmt()
    }

    pub(super) fn stmt(&mut self) -> R<Stmt> {
        // Expressions never span statements, so each statement's chains are counted afresh.
        self.links = 0;
        self.enter()?;
        let s = self.stmt_inner();
        self.depth -= 1;
        s
    }

    pub(super) fn stmt_inner(&mut self) -> R<Stmt> {
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
            Tok::Name(n) if n == b"switch" && *self.peek_at(1) == Tok::LParen => {
                self.err("`switch' is a gawk extension shellsim does not support")
            }
            _ => {
                let s = self.simple_or_control()?;
                self.end_simple()?;
                Ok(s)
            }
        }
    }

    pub(super) fn simple_or_control(&mut self) -> R<Stmt> {
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

    pub(super) fn simple_stmt(&mut self) -> R<Stmt> {
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
}
