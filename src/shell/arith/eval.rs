//! Evaluation of a parsed arithmetic [`Expr`] against an [`ArithEnv`], with bash's
//! recursion limit and error order.

use super::*;

/// Stack the evaluator allows itself for nested evaluation (variable values,
/// subscripts) before reporting `expression recursion level exceeded` early.
/// Optimized builds reach bash's 1024-level limit well within this budget;
/// unoptimized builds have much larger frames and may stop earlier instead of
/// overflowing a small (e.g. 2 MiB test) thread stack.
pub const EVAL_STACK_BUDGET: usize = 1 << 20;

struct Evaluator<'a> {
    env: &'a mut dyn ArithEnv,
    depth: usize,
    stack_base: usize,
}

fn stack_addr() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

fn ipow(mut base: i64, mut exp: i64) -> i64 {
    let mut result: i64 = 1;
    while exp != 0 {
        if exp & 1 != 0 {
            result = result.wrapping_mul(base);
        }
        exp >>= 1;
        base = base.wrapping_mul(base);
    }
    result
}

impl Evaluator<'_> {
    fn recursion_check(&self, src: &Source, tok: usize) -> Result<(), ArithError> {
        if self.depth >= MAX_EXPR_RECURSION
            || stack_addr().abs_diff(self.stack_base) > EVAL_STACK_BUDGET
        {
            Err(src.error("expression recursion level exceeded", tok))
        } else {
            Ok(())
        }
    }

    /// Evaluates a `Root` as a nested expression (variable value, subscript).
    fn eval_nested(&mut self, root: &Expr, src: &Source, tok: usize) -> Result<i64, ArithError> {
        if root.is_empty() {
            return Ok(0);
        }
        self.recursion_check(src, tok)?;
        self.depth += 1;
        let r = self.ev(root, src, false);
        self.depth -= 1;
        r
    }

    /// Evaluates a variable's string value.
    fn eval_value(&mut self, s: &str, src: &Source, tok: usize) -> Result<i64, ArithError> {
        let root = match self.prepare_value(s, src, tok) {
            Ok(Ok(n)) => return Ok(n),
            Ok(Err(root)) => root,
            Err(e) => return Err(e),
        };
        let Expr::Root(r) = &root else { return Ok(0) };
        let Some(body) = &r.body else { return Ok(0) };
        self.depth += 1;
        let res = self.ev(body, &r.src, false);
        self.depth -= 1;
        res
    }

    /// Recursion check plus either the value of a plain number or the parsed
    /// expression (kept out of `eval_value` to keep recursive frames small).
    #[inline(never)]
    fn prepare_value(
        &mut self,
        s: &str,
        src: &Source,
        tok: usize,
    ) -> Result<Result<i64, Expr>, ArithError> {
        let b = s.as_bytes();
        if b.iter().all(|&c| is_cr_ws(c)) {
            return Ok(Ok(0));
        }
        self.recursion_check(src, tok)?;
        // Fast path: plain decimal without leading zero.
        if !b.is_empty()
            && b.len() <= 18
            && b.iter().all(|c| c.is_ascii_digit())
            && (b[0] != b'0' || b.len() == 1)
        {
            return Ok(Ok(s.parse::<i64>().unwrap_or(0)));
        }
        Ok(Err(parse_lenient(s)))
    }

    /// Reads a variable; also returns the resolved index (for binding after
    /// a compound assignment / increment).
    fn read_var(&mut self, v: &VarRef, src: &Source) -> Result<(i64, Option<Index>), ArithError> {
        let (value, idx) = self.fetch(v, src)?;
        match value {
            None => Ok((0, idx)),
            Some(s) => Ok((self.eval_value(&s, src, v.tok)?, idx)),
        }
    }

    /// Looks the variable up (evaluating an indexed subscript).
    #[inline(never)]
    fn fetch(
        &mut self,
        v: &VarRef,
        src: &Source,
    ) -> Result<(Option<String>, Option<Index>), ArithError> {
        if self.env.nounset() && !self.env.var_exists(&v.name) {
            return Err(ArithError {
                message: format!("{}: unbound variable", v.name),
                fatal: true,
            });
        }
        let sub = match &v.subscript {
            None => return Ok((self.env.get_var(&v.name), None)),
            Some(sub) => sub,
        };
        let raw = sub.raw.bytes();
        if raw.is_empty() {
            let m = format!("{}[]: bad array subscript", v.name);
            self.env.warn(&m);
            self.env.warn(&m);
            return Ok((None, None));
        }
        if self.env.is_assoc(&v.name) {
            if raw == b"*" {
                return Ok((None, None));
            }
            let key = Index::Key(quote_removal(raw));
            return Ok((self.env.get_elem(&v.name, &key), Some(key)));
        }
        if raw == b"@" || raw == b"*" {
            self.env.warn(&format!(
                "{}[{}]: bad array subscript",
                v.name,
                sub.raw.as_str()
            ));
            return Ok((None, None));
        }
        let i = self.eval_nested(&sub.expr, src, v.tok)?;
        let idx = Index::Int(i);
        Ok((self.env.get_elem(&v.name, &idx), Some(idx)))
    }

    fn bind(
        &mut self,
        v: &VarRef,
        idx: Option<Index>,
        value: i64,
        src: &Source,
    ) -> Result<(), ArithError> {
        let sub = match &v.subscript {
            None => return self.env.set_var(&v.name, value),
            Some(sub) => sub,
        };
        if let Some(idx) = idx {
            return self.env.set_elem(&v.name, &idx, value);
        }
        let raw = sub.raw.bytes();
        if raw.is_empty() {
            self.env
                .warn(&format!("`{}[]': not a valid identifier", v.name));
            return Ok(());
        }
        if self.env.is_assoc(&v.name) {
            let key = Index::Key(quote_removal(raw));
            return self.env.set_elem(&v.name, &key, value);
        }
        if raw == b"@" || raw == b"*" {
            self.env.warn(&format!(
                "{}[{}]: bad array subscript",
                v.name,
                sub.raw.as_str()
            ));
            return Ok(());
        }
        let i = self.eval_nested(&sub.expr, src, v.tok)?;
        self.env.set_elem(&v.name, &Index::Int(i), value)
    }

    #[inline(never)]
    fn apply(
        &self,
        op: BinOp,
        a: i64,
        mut b: i64,
        noeval: bool,
        src: &Source,
        tok: usize,
    ) -> Result<i64, ArithError> {
        Ok(match op {
            BinOp::Mul => a.wrapping_mul(b),
            BinOp::Div | BinOp::Mod => {
                if b == 0 {
                    if noeval {
                        b = 1;
                    } else {
                        return Err(src.error("division by 0", tok));
                    }
                }
                if op == BinOp::Div {
                    a.wrapping_div(b)
                } else {
                    a.wrapping_rem(b)
                }
            }
            BinOp::Pow => {
                if b == 0 {
                    1
                } else if b < 0 {
                    return Err(src.error("exponent less than 0", tok));
                } else {
                    ipow(a, b)
                }
            }
            BinOp::Add => a.wrapping_add(b),
            BinOp::Sub => a.wrapping_sub(b),
            BinOp::Shl => a.wrapping_shl(b as u32),
            BinOp::Shr => a.wrapping_shr(b as u32),
            BinOp::Lt => (a < b) as i64,
            BinOp::Gt => (a > b) as i64,
            BinOp::Le => (a <= b) as i64,
            BinOp::Ge => (a >= b) as i64,
            BinOp::Eq => (a == b) as i64,
            BinOp::Ne => (a != b) as i64,
            BinOp::BitAnd => a & b,
            BinOp::BitXor => a ^ b,
            BinOp::BitOr => a | b,
            BinOp::LAnd => (a != 0 && b != 0) as i64,
            BinOp::LOr => (a != 0 || b != 0) as i64,
        })
    }

    fn ev(&mut self, e: &Expr, src: &Source, noeval: bool) -> Result<i64, ArithError> {
        self.env.charge()?;
        match e {
            Expr::Num(n) => Ok(*n),
            Expr::Var(v) => self.ev_var(v, src, noeval),
            Expr::Chain(c) => self.ev_chain(&c.first, &c.rest, src, noeval),
            _ => self.ev_other(e, src, noeval),
        }
    }

    #[inline(never)]
    fn ev_other(&mut self, e: &Expr, src: &Source, noeval: bool) -> Result<i64, ArithError> {
        match e {
            Expr::Root(r) => match &r.body {
                None => Ok(0),
                Some(b) => self.ev(b, &r.src, noeval),
            },
            Expr::Num(n) => Ok(*n),
            Expr::Var(v) => self.ev_var(v, src, noeval),
            Expr::Chain(c) => self.ev_chain(&c.first, &c.rest, src, noeval),
            Expr::Unary(op, x) => self.ev_unary(*op, x, src, noeval),
            Expr::Cond(c) => self.ev_cond(&c[0], &c[1], &c[2], src, noeval),
            Expr::Assign(a) => self.ev_assign(&a.target, a.op, &a.rhs, a.tok, src, noeval),
            Expr::IncDec(i) => self.ev_incdec(&i.target, i.delta, i.post, src, noeval),
            Expr::Comma(items) => self.ev_comma(items, src, noeval),
            Expr::Then(t) => self.ev_then(&t[0], &t[1], src, noeval),
            Expr::Error(err) => Err((**err).clone()),
        }
    }

    #[inline(never)]
    fn ev_var(&mut self, v: &VarRef, src: &Source, noeval: bool) -> Result<i64, ArithError> {
        if noeval || !v.evaluate {
            return Ok(0);
        }
        match self.read_var(v, src) {
            Ok((n, _)) => Ok(n),
            Err(e) => Err(e),
        }
    }

    #[inline(never)]
    fn ev_unary(
        &mut self,
        op: UnOp,
        x: &Expr,
        src: &Source,
        noeval: bool,
    ) -> Result<i64, ArithError> {
        let a = self.ev(x, src, noeval)?;
        Ok(match op {
            UnOp::Neg => a.wrapping_neg(),
            UnOp::Plus => a,
            UnOp::Not => (a == 0) as i64,
            UnOp::BitNot => !a,
        })
    }

    #[inline(never)]
    fn ev_chain(
        &mut self,
        first: &Expr,
        rest: &[ChainItem],
        src: &Source,
        noeval: bool,
    ) -> Result<i64, ArithError> {
        let mut acc = self.ev(first, src, noeval)?;
        for it in rest {
            let skip = match it.op {
                BinOp::LAnd => noeval || acc == 0,
                BinOp::LOr => noeval || acc != 0,
                _ => noeval,
            };
            acc = match self.ev(&it.rhs, src, skip) {
                Ok(r) => self.apply(it.op, acc, r, noeval, src, it.tok)?,
                Err(e) => return Err(e),
            };
        }
        Ok(acc)
    }

    #[inline(never)]
    fn ev_cond(
        &mut self,
        cond: &Expr,
        then: &Expr,
        els: &Expr,
        src: &Source,
        noeval: bool,
    ) -> Result<i64, ArithError> {
        let c = self.ev(cond, src, noeval)?;
        let t = self.ev(then, src, noeval || c == 0)?;
        let f = self.ev(els, src, noeval || c != 0)?;
        Ok(if c != 0 { t } else { f })
    }

    #[inline(never)]
    fn ev_assign(
        &mut self,
        target: &VarRef,
        op: Option<BinOp>,
        rhs: &Expr,
        tok: usize,
        src: &Source,
        noeval: bool,
    ) -> Result<i64, ArithError> {
        match op {
            None => {
                let r = self.ev(rhs, src, noeval)?;
                if !noeval {
                    self.bind(target, None, r, src)?;
                }
                Ok(r)
            }
            Some(op) => {
                let (lv, idx) = if noeval {
                    (0, None)
                } else {
                    self.read_var(target, src)?
                };
                let r = self.ev(rhs, src, noeval)?;
                let v = self.apply(op, lv, r, noeval, src, tok)?;
                if !noeval {
                    self.bind(target, idx, v, src)?;
                }
                Ok(v)
            }
        }
    }

    #[inline(never)]
    fn ev_incdec(
        &mut self,
        target: &VarRef,
        delta: i64,
        post: bool,
        src: &Source,
        noeval: bool,
    ) -> Result<i64, ArithError> {
        let (v, idx) = if noeval {
            (0, None)
        } else {
            self.read_var(target, src)?
        };
        let nv = v.wrapping_add(delta);
        if !noeval {
            self.bind(target, idx, nv, src)?;
        }
        Ok(if post { v } else { nv })
    }

    #[inline(never)]
    fn ev_comma(&mut self, items: &[Expr], src: &Source, noeval: bool) -> Result<i64, ArithError> {
        let mut last = 0;
        for it in items {
            last = self.ev(it, src, noeval)?;
        }
        Ok(last)
    }

    #[inline(never)]
    fn ev_then(
        &mut self,
        a: &Expr,
        b: &Expr,
        src: &Source,
        noeval: bool,
    ) -> Result<i64, ArithError> {
        let v = self.ev(a, src, noeval)?;
        self.ev(b, src, noeval)?;
        Ok(v)
    }
}

/// Evaluates a parsed expression.
pub fn eval(expr: &Expr, env: &mut dyn ArithEnv) -> Result<i64, ArithError> {
    let mut ev = Evaluator {
        env,
        depth: 0,
        stack_base: stack_addr(),
    };
    match expr {
        Expr::Root(r) => ev.eval_nested(expr, &r.src, r.src.start),
        _ => {
            let src = Source::new("");
            ev.depth = 1;
            ev.ev(expr, &src, false)
        }
    }
}

/// Parses (leniently) and evaluates `src`, exactly like bash's `$(( src ))`
/// after expansion.  The empty expression evaluates to 0.
pub fn eval_str(src: &str, env: &mut dyn ArithEnv) -> Result<i64, ArithError> {
    eval(&parse_lenient(src), env)
}
