//! Marks the expressions that can be evaluated without waiting on anything.
//!
//! The interpreter is async because `getline`, `system()`, `close()`, output to pipes and user
//! functions (which may do any of those) wait on simulated processes, and a recursive async
//! evaluator must box a future per nested expression. Most of what a record loop evaluates —
//! fields, variables, array elements, arithmetic, comparisons, concatenation, matches — never
//! waits, so after parsing each largest such subtree is wrapped in [`Expr::Pure`] and the
//! interpreter evaluates it with a plain recursive function (`Interp::eval_pure`): no futures,
//! no allocation per node. Behaviour is the same either way; only the speed differs.
//!
//! Leaves (numbers, strings, variables, regex literals) are never wrapped: they are already
//! cheap, and the built-ins that look at an argument's form (`length(arr)`, `split`'s array,
//! a regex literal) must still see them. Lvalue targets and the direct arguments of built-ins
//! and functions are not wrapped either (a wrapper would hide the lvalue); their insides are.

use super::ast::{Expr, Func, Item, Pattern, Program, Redir, Stmt};

/// Wraps every largest pure, non-leaf subexpression of the program in [`Expr::Pure`].
pub fn mark(prog: &mut Program) {
    for block in prog.begin.iter_mut().chain(prog.end.iter_mut()) {
        stmts(block);
    }
    for Item {
        pattern, action, ..
    } in &mut prog.items
    {
        match pattern {
            Pattern::All => {}
            Pattern::Expr(e) => value(e),
            Pattern::Range(a, b, _) => {
                value(a);
                value(b);
            }
        }
        if let Some(action) = action {
            stmts(action);
        }
    }
    for Func { body, .. } in &mut prog.funcs {
        stmts(body);
    }
}

fn stmts(list: &mut [Stmt]) {
    for s in list {
        stmt(s);
    }
}

fn stmt(s: &mut Stmt) {
    match s {
        Stmt::Expr(e) => value(e),
        Stmt::Print(args, redir) | Stmt::Printf(args, redir) => {
            args.iter_mut().for_each(value);
            if let Some(Redir::File(e) | Redir::Append(e) | Redir::Pipe(e)) = redir {
                value(e);
            }
        }
        Stmt::If(c, a, b) => {
            value(c);
            stmt(a);
            if let Some(b) = b {
                stmt(b);
            }
        }
        Stmt::While(c, body) | Stmt::Do(body, c) => {
            value(c);
            stmt(body);
        }
        Stmt::For(init, cond, step, body) => {
            if let Some(init) = init {
                stmt(init);
            }
            if let Some(cond) = cond {
                value(cond);
            }
            if let Some(step) = step {
                stmt(step);
            }
            stmt(body);
        }
        Stmt::ForIn(_, _, body) => stmt(body),
        Stmt::Block(list) => stmts(list),
        Stmt::Exit(Some(e)) | Stmt::Return(Some(e)) => value(e),
        Stmt::Delete(_, Some(keys)) => keys.iter_mut().for_each(value),
        Stmt::Exit(None)
        | Stmt::Return(None)
        | Stmt::Delete(_, None)
        | Stmt::Next
        | Stmt::NextFile
        | Stmt::Break
        | Stmt::Continue
        | Stmt::Line(..) => {}
    }
}

/// An expression in a position where only its value is used: wrapped whole if pure.
fn value(e: &mut Expr) {
    if inside(e) {
        wrap(e);
    }
}

fn is_leaf(e: &Expr) -> bool {
    matches!(
        e,
        Expr::Num(_) | Expr::Str(_) | Expr::Var(_) | Expr::Regex(_)
    )
}

/// Marks the inside of `e` and tells whether `e` itself is pure. A pure expression is left
/// unwrapped for its parent to wrap (only the largest pure subtrees are wrapped); an impure
/// one has its pure parts wrapped here.
fn inside(e: &mut Expr) -> bool {
    match e {
        Expr::Num(_) | Expr::Str(_) | Expr::Var(_) | Expr::Regex(_) => true,
        Expr::Pure(_) => true,
        Expr::Field(ix) => inside(ix),
        Expr::Not(a) | Expr::Neg(a) | Expr::Plus(a) => inside(a),
        Expr::Index(_, keys) | Expr::In(keys, _) | Expr::Grouping(keys) => parts(keys),
        Expr::Assign(target, _, rhs) => {
            let t = lvalue(target);
            let r = inside(rhs);
            settle(rhs, r, t);
            t && r
        }
        Expr::IncDec(target, _, _) => lvalue(target),
        Expr::Cond(c, a, b) => {
            let pc = inside(c);
            let pa = inside(a);
            let pb = inside(b);
            let all = pc && pa && pb;
            settle(c, pc, all);
            settle(a, pa, all);
            settle(b, pb, all);
            all
        }
        Expr::And(a, b)
        | Expr::Or(a, b)
        | Expr::Bin(_, a, b)
        | Expr::Cmp(_, a, b)
        | Expr::Match(_, a, b)
        | Expr::Concat(a, b) => {
            let pa = inside(a);
            let pb = inside(b);
            settle(a, pa, pa && pb);
            settle(b, pb, pa && pb);
            pa && pb
        }
        Expr::Call(_, args) | Expr::Builtin(_, args) => {
            for a in args {
                argument(a);
            }
            false
        }
        Expr::Getline(_, var) => {
            if let Some(var) = var {
                lvalue(var);
            }
            false
        }
    }
}

/// After the siblings are known: a pure child of an impure parent is wrapped on its own.
fn settle(child: &mut Expr, child_pure: bool, parent_pure: bool) {
    if child_pure && !parent_pure {
        wrap(child);
    }
}

/// Wraps a pure expression in [`Expr::Pure`] (leaves and already wrapped ones stay as they are).
fn wrap(e: &mut Expr) {
    if !is_leaf(e) && !matches!(e, Expr::Pure(_)) {
        let inner = std::mem::replace(e, Expr::Num(0.0));
        *e = Expr::Pure(Box::new(inner));
    }
}

fn parts(list: &mut [Expr]) -> bool {
    let flags: Vec<bool> = list.iter_mut().map(inside).collect();
    let all = flags.iter().all(|p| *p);
    for (e, p) in list.iter_mut().zip(flags) {
        settle(e, p, all);
    }
    all
}

/// An assignment target: never wrapped itself; whether it can be reached without waiting.
fn lvalue(e: &mut Expr) -> bool {
    match e {
        Expr::Var(_) => true,
        Expr::Field(ix) => {
            let p = inside(ix);
            settle(ix, p, false);
            p
        }
        Expr::Index(_, keys) => {
            let flags: Vec<bool> = keys.iter_mut().map(inside).collect();
            let all = flags.iter().all(|p| *p);
            for (k, p) in keys.iter_mut().zip(flags) {
                settle(k, p, false);
            }
            all
        }
        other => {
            inside(other);
            false
        }
    }
}

/// A built-in's or function's argument: an lvalue form (which `sub`'s target or `getline`'s
/// variable may need) is never wrapped itself, only its insides; anything else is a value.
/// Leaves stay bare for the built-ins that look at an argument's form.
fn argument(e: &mut Expr) {
    match e {
        Expr::Field(_) | Expr::Index(..) => {
            lvalue(e);
        }
        _ => value(e),
    }
}
