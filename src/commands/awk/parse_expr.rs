//! Expression parsing for [`Parser`], by precedence from assignment down to primaries.

use super::ast::*;
use super::lexer::Tok;
use super::parser::{Parser, R};

impl Parser {
    pub(super) fn expr_list(&mut self) -> R<Vec<Expr>> {
        let mut v = vec![self.expr()?];
        while self.eat(&Tok::Comma) {
            self.skip_newlines();
            v.push(self.expr()?);
        }
        Ok(v)
    }

    pub(super) fn expr(&mut self) -> R<Expr> {
        self.enter()?;
        let r = self.assignment();
        self.depth -= 1;
        r
    }

    pub(super) fn assignment(&mut self) -> R<Expr> {
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

    pub(super) fn ternary(&mut self) -> R<Expr> {
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

    pub(super) fn or(&mut self) -> R<Expr> {
        let mut l = self.and()?;
        while self.eat(&Tok::OrOr) {
            self.skip_newlines();
            let r = self.and()?;
            self.link()?;
            l = Expr::Or(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    pub(super) fn and(&mut self) -> R<Expr> {
        let mut l = self.in_expr()?;
        while self.eat(&Tok::AndAnd) {
            self.skip_newlines();
            let r = self.in_expr()?;
            self.link()?;
            l = Expr::And(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    pub(super) fn in_expr(&mut self) -> R<Expr> {
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
            self.link()?;
            l = Expr::In(keys, v);
        }
        Ok(l)
    }

    pub(super) fn match_expr(&mut self) -> R<Expr> {
        let mut l = self.comparison()?;
        loop {
            let neg = match self.peek() {
                Tok::Tilde => false,
                Tok::NoMatch => true,
                _ => return Ok(l),
            };
            self.advance();
            let r = self.comparison()?;
            self.link()?;
            l = Expr::Match(neg, Box::new(l), Box::new(r));
        }
    }

    pub(super) fn comparison(&mut self) -> R<Expr> {
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
    pub(super) fn pipe_getline(&mut self) -> R<Expr> {
        let mut l = self.concat_expr(false)?;
        while *self.peek() == Tok::Pipe && *self.peek_at(1) == Tok::Getline {
            self.advance();
            self.advance();
            let var = self.opt_lvalue()?;
            self.link()?;
            l = Expr::Getline(GetlineSrc::Cmd(Box::new(l)), var.map(Box::new));
        }
        Ok(l)
    }

    /// Whether the next token can start an operand of concatenation.
    pub(super) fn starts_concat(&self) -> bool {
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
    pub(super) fn concat_expr(&mut self, redirect: bool) -> R<Expr> {
        let old = self.no_in;
        if redirect {
            self.no_in = true;
        }
        let mut l = self.additive()?;
        while self.starts_concat() && !(redirect && *self.peek() == Tok::Getline) {
            let r = self.additive()?;
            self.link()?;
            l = Expr::Concat(Box::new(l), Box::new(r));
        }
        self.no_in = old;
        Ok(l)
    }

    pub(super) fn additive(&mut self) -> R<Expr> {
        let mut l = self.multiplicative()?;
        loop {
            let op = match self.peek() {
                Tok::Plus => BinOp::Add,
                Tok::Minus => BinOp::Sub,
                _ => return Ok(l),
            };
            self.advance();
            let r = self.multiplicative()?;
            self.link()?;
            l = Expr::Bin(op, Box::new(l), Box::new(r));
        }
    }

    pub(super) fn multiplicative(&mut self) -> R<Expr> {
        let mut l = self.unary()?;
        loop {
            let op = match self.peek() {
                Tok::Star => BinOp::Mul,
                Tok::Slash => BinOp::Div,
                Tok::Percent => BinOp::Mod,
                _ => return Ok(l),
            };
            let op_at = self.i;
            self.advance();
            let start = self.i;
            let r = self.unary()?;
            if op != BinOp::Mul {
                self.note_zero_divisor(op, op_at, start, &r);
            }
            self.link()?;
            l = Expr::Bin(op, Box::new(l), Box::new(r));
        }
    }

    /// gawk folds a divisor written as a numeric constant (with `-`, `!` and `^` applied to
    /// constants, but nothing in parentheses) while parsing; when it is zero that is an error
    /// reported at parse time, so the program never runs, rather than a fatal error when the
    /// division is reached.
    fn note_zero_divisor(&mut self, op: BinOp, op_at: usize, start: usize, divisor: &Expr) {
        let folded = self.toks[start..self.i]
            .iter()
            .all(|t| matches!(t.tok, Tok::Num(_) | Tok::Minus | Tok::Not | Tok::Caret));
        if !folded || constant_value(divisor) != Some(0.0) {
            return;
        }
        let msg = if op == BinOp::Mod {
            "division by zero attempted in `%'"
        } else {
            "division by zero attempted"
        };
        let t = &self.toks[op_at];
        let (src, line) = (t.src, t.line);
        self.prog.notes.push(Note {
            src,
            line,
            error: true,
            msg: msg.to_string(),
        });
    }

    pub(super) fn unary(&mut self) -> R<Expr> {
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

    pub(super) fn power(&mut self) -> R<Expr> {
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

    pub(super) fn incdec(&mut self) -> R<Expr> {
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
    pub(super) fn opt_lvalue(&mut self) -> R<Option<Expr>> {
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

    pub(super) fn primary(&mut self) -> R<Expr> {
        self.enter()?;
        let r = self.primary_inner();
        self.depth -= 1;
        r
    }

    pub(super) fn primary_inner(&mut self) -> R<Expr> {
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
    pub(super) fn primary_for_redirect(&mut self) -> R<Expr> {
        self.incdec()
    }

    pub(super) fn call_args(&mut self) -> R<Vec<Expr>> {
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

/// The value of an expression made of numeric constants, as gawk's parser folds it.
fn constant_value(e: &Expr) -> Option<f64> {
    match e {
        Expr::Num(n) => Some(*n),
        Expr::Neg(e) => constant_value(e).map(|v| -v),
        Expr::Not(e) => constant_value(e).map(|v| if v == 0.0 { 1.0 } else { 0.0 }),
        Expr::Bin(BinOp::Pow, a, b) => Some(constant_value(a)?.powf(constant_value(b)?)),
        _ => None,
    }
}
