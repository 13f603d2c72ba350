//! Statements.

use super::scope::{self, ScopeKind};
use super::{err, Block, CResult, Compiler};
use crate::python::code::{Instr, CO_GENERATOR};
use crate::python::object::Value;
use crate::python::vm::alloc;
use ruff_python_ast::{self as ast, Expr, Stmt};
use ruff_text_size::{Ranged, TextRange};

impl<'a> Compiler<'a> {
    pub(super) fn stmt(&mut self, s: &'a Stmt) -> CResult<()> {
        let saved = self.at(s.range());
        let r = self.stmt_inner(s);
        self.restore(saved);
        r
    }

    fn stmt_inner(&mut self, s: &'a Stmt) -> CResult<()> {
        match s {
            Stmt::Expr(e) => {
                self.expr(&e.value)?;
                self.emit(Instr::Pop);
            }
            Stmt::Pass(_) => {
                self.emit(Instr::Nop);
            }
            Stmt::Assign(a) => {
                // `name = call(...)`: CPython draws no carets under the call, whatever it
                // calls (`root = math.sqrt(d)`), when the target is a single name.
                self.plain_call = match (&a.targets[..], &*a.value) {
                    ([Expr::Name(_)], Expr::Call(c)) => {
                        Some((c.range().start().to_u32(), c.range().end().to_u32()))
                    }
                    _ => None,
                };
                self.expr(&a.value)?;
                self.plain_call = None;
                for (i, t) in a.targets.iter().enumerate() {
                    if i + 1 < a.targets.len() {
                        self.emit(Instr::Dup);
                    }
                    self.assign(t)?;
                }
            }
            Stmt::AugAssign(a) => self.aug_assign(a)?,
            Stmt::AnnAssign(a) => {
                if let Some(v) = &a.value {
                    self.expr(v)?;
                    self.assign(&a.target)?;
                } else if !matches!(&*a.target, Expr::Name(_)) {
                    // `obj.attr: T` evaluates `obj`.
                    if let Expr::Attribute(at) = &*a.target {
                        self.expr(&at.value)?;
                        self.emit(Instr::Pop);
                    }
                }
            }
            Stmt::If(i) => {
                let end = self.new_label();
                let mut next = self.new_label();
                self.cond_jump(&i.test, false, next)?;
                self.stmts(&i.body)?;
                self.jump(Instr::Jump(0), end);
                for c in &i.elif_else_clauses {
                    self.bind(next);
                    next = self.new_label();
                    if let Some(t) = &c.test {
                        let saved = self.at(t.range());
                        self.cond_jump(t, false, next)?;
                        self.restore(saved);
                    }
                    self.stmts(&c.body)?;
                    self.jump(Instr::Jump(0), end);
                }
                self.bind(next);
                self.bind(end);
            }
            Stmt::While(w) => {
                let top = self.new_label();
                let orelse = self.new_label();
                let end = self.new_label();
                self.bind(top);
                let saved = self.at(w.test.range());
                self.cond_jump(&w.test, false, orelse)?;
                self.restore(saved);
                self.unit().blocks.push(Block::Loop {
                    cont: top,
                    brk: end,
                    for_loop: false,
                });
                self.stmts(&w.body)?;
                self.unit().blocks.pop();
                self.jump(Instr::Jump(0), top);
                self.bind(orelse);
                self.stmts(&w.orelse)?;
                self.bind(end);
            }
            Stmt::For(f) => {
                if f.is_async {
                    return err("'async for' is not supported yet", f.range);
                }
                self.expr(&f.iter)?;
                let saved = self.at(f.iter.range());
                self.emit(Instr::GetIter);
                self.restore(saved);
                let d = self.depth();
                let top = self.new_label();
                let exit = self.new_label();
                let end = self.new_label();
                self.bind(top);
                let saved = self.at(f.iter.range());
                self.jump(Instr::ForIter(0), exit);
                self.restore(saved);
                self.assign(&f.target)?;
                self.unit().blocks.push(Block::Loop {
                    cont: top,
                    brk: end,
                    for_loop: true,
                });
                self.stmts(&f.body)?;
                self.unit().blocks.pop();
                self.jump(Instr::Jump(0), top);
                self.bind(exit);
                self.set_depth(d - 1);
                self.stmts(&f.orelse)?;
                self.bind(end);
            }
            Stmt::Break(b) => {
                let Some(pos) = self
                    .unit()
                    .blocks
                    .iter()
                    .rposition(|b| matches!(b, Block::Loop { .. }))
                else {
                    return err("'break' outside loop", b.range);
                };
                let Block::Loop { brk, .. } = self.unit().blocks[pos] else {
                    unreachable!()
                };
                let d = self.depth();
                // The loop's own iterator is popped too.
                self.unwind_blocks(pos, false)?;
                self.jump(Instr::Jump(0), brk);
                self.set_depth(d);
            }
            Stmt::Continue(c) => {
                let Some(pos) = self
                    .unit()
                    .blocks
                    .iter()
                    .rposition(|b| matches!(b, Block::Loop { .. }))
                else {
                    return err("'continue' not properly in loop", c.range);
                };
                let Block::Loop { cont, .. } = self.unit().blocks[pos] else {
                    unreachable!()
                };
                let d = self.depth();
                self.unwind_blocks(pos + 1, false)?;
                self.jump(Instr::Jump(0), cont);
                self.set_depth(d);
            }
            Stmt::Return(r) => {
                if !matches!(
                    self.unit().kind,
                    ScopeKind::Function | ScopeKind::Comprehension | ScopeKind::GenExpr
                ) {
                    return err("'return' outside function", r.range);
                }
                let d = self.depth();
                match &r.value {
                    Some(v) => {
                        self.plain_call = plain_call_of(v);
                        self.expr(v)?;
                        self.plain_call = None;
                    }
                    None => {
                        let c = self.const_value(Value::None);
                        self.emit(Instr::LoadConst(c));
                    }
                }
                self.unwind_blocks(0, true)?;
                self.emit(Instr::Return);
                self.set_depth(d);
            }
            Stmt::Delete(d) => {
                for t in &d.targets {
                    self.delete(t)?;
                }
            }
            Stmt::Global(_) | Stmt::Nonlocal(_) => {}
            Stmt::Raise(r) => match (&r.exc, &r.cause) {
                (None, _) => {
                    self.emit(Instr::Raise(0));
                }
                (Some(e), None) => {
                    self.expr(e)?;
                    self.emit(Instr::Raise(1));
                }
                (Some(e), Some(c)) => {
                    self.expr(e)?;
                    self.expr(c)?;
                    self.emit(Instr::Raise(2));
                }
            },
            Stmt::Assert(a) => {
                let end = self.new_label();
                self.cond_jump(&a.test, true, end)?;
                // A failing assert points at its test.
                let saved = self.at(a.test.range());
                self.emit(Instr::LoadAssertionError);
                if let Some(m) = &a.msg {
                    self.expr(m)?;
                    self.emit(Instr::Call(1));
                }
                self.emit(Instr::Raise(1));
                self.restore(saved);
                self.bind(end);
            }
            Stmt::Try(t) => {
                if t.is_star {
                    return err("'except*' is not supported yet", t.range);
                }
                if t.finalbody.is_empty() {
                    self.try_except(t)?;
                } else {
                    self.try_finally(t)?;
                }
            }
            Stmt::FunctionDef(f) => self.function_def(f)?,
            Stmt::ClassDef(c) => self.class_def(c)?,
            Stmt::Import(i) => {
                for a in &i.names {
                    let zero = self.const_value(Value::Int(0));
                    self.emit(Instr::LoadConst(zero));
                    let none = self.const_value(Value::None);
                    self.emit(Instr::LoadConst(none));
                    let n = self.name(&a.name.id);
                    self.emit(Instr::ImportName(n));
                    match &a.asname {
                        Some(asname) => {
                            for part in a.name.id.split('.').skip(1) {
                                let p = self.name(part);
                                self.emit(Instr::ImportFrom(p));
                                self.emit(Instr::Rot2);
                                self.emit(Instr::Pop);
                            }
                            self.store_name(&asname.id);
                        }
                        None => {
                            let first = a.name.id.split('.').next().unwrap_or("").to_string();
                            self.store_name(&first);
                        }
                    }
                }
            }
            Stmt::ImportFrom(i) => {
                let level = self.const_value(Value::Int(i.level as i64));
                self.emit(Instr::LoadConst(level));
                let names: Vec<Value> = i
                    .names
                    .iter()
                    .map(|a| alloc::str_value(&self.heap, &a.name.id))
                    .collect();
                let tuple = alloc::tuple_value(&self.heap, names);
                let t = self.const_value(tuple);
                self.emit(Instr::LoadConst(t));
                let module = i.module.as_ref().map(|m| m.id.as_str()).unwrap_or("");
                let m = self.name(module);
                self.emit(Instr::ImportName(m));
                if i.names.len() == 1 && i.names[0].name.id.as_str() == "*" {
                    self.emit(Instr::ImportStar);
                } else {
                    for a in &i.names {
                        let saved = self.at(a.range);
                        let n = self.name(&a.name.id);
                        self.emit(Instr::ImportFrom(n));
                        let target = a.asname.as_ref().unwrap_or(&a.name);
                        self.store_name(&target.id);
                        self.restore(saved);
                    }
                    self.emit(Instr::Pop);
                }
            }
            Stmt::With(w) => {
                if w.is_async {
                    return err("'async with' is not supported yet", w.range);
                }
                self.with_items(&w.items, &w.body)?;
            }
            Stmt::Match(m) => self.match_stmt(m)?,
            Stmt::TypeAlias(t) => return err("'type' statements are not supported yet", t.range),
            Stmt::IpyEscapeCommand(c) => return err("invalid syntax", c.range),
        }
        Ok(())
    }

    /// Stores the value on top of the stack into an assignment target.
    pub(super) fn assign(&mut self, t: &'a Expr) -> CResult<()> {
        match t {
            Expr::Name(n) => self.store_name(&n.id),
            Expr::Attribute(a) => {
                self.expr(&a.value)?;
                let saved = self.at(a.range);
                let n = self.name(&a.attr.id);
                self.emit(Instr::StoreAttr(n));
                self.restore(saved);
            }
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.slice_or_expr(&s.slice)?;
                let focus =
                    TextRange::new(self.bracket_after(s.value.range().end()), s.range.end());
                let saved = self.at_focus(s.range, focus);
                self.emit(Instr::StoreSubscr);
                self.restore(saved);
            }
            Expr::Tuple(ast::ExprTuple { elts, .. }) | Expr::List(ast::ExprList { elts, .. }) => {
                let star = elts.iter().position(|e| matches!(e, Expr::Starred(_)));
                let saved = self.at(t.range());
                match star {
                    None => {
                        self.emit(Instr::UnpackSequence(elts.len() as u32));
                    }
                    Some(i) => {
                        if elts
                            .iter()
                            .filter(|e| matches!(e, Expr::Starred(_)))
                            .count()
                            > 1
                        {
                            return err("multiple starred expressions in assignment", t.range());
                        }
                        let after = elts.len() - i - 1;
                        self.emit(Instr::UnpackEx(i as u32 | ((after as u32) << 16)));
                    }
                }
                self.restore(saved);
                for e in elts {
                    match e {
                        Expr::Starred(s) => self.assign(&s.value)?,
                        other => self.assign(other)?,
                    }
                }
            }
            Expr::Starred(s) => {
                return err(
                    "starred assignment target must be in a list or tuple",
                    s.range,
                )
            }
            other => {
                return err(
                    format!("cannot assign to {}", describe_target(other)),
                    other.range(),
                )
            }
        }
        Ok(())
    }

    fn delete(&mut self, t: &'a Expr) -> CResult<()> {
        match t {
            Expr::Name(n) => self.delete_name(&n.id),
            Expr::Attribute(a) => {
                self.expr(&a.value)?;
                let n = self.name(&a.attr.id);
                self.emit(Instr::DeleteAttr(n));
            }
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.slice_or_expr(&s.slice)?;
                self.emit(Instr::DeleteSubscr);
            }
            Expr::Tuple(ast::ExprTuple { elts, .. }) | Expr::List(ast::ExprList { elts, .. }) => {
                for e in elts {
                    self.delete(e)?;
                }
            }
            other => {
                return err(
                    format!("cannot delete {}", describe_target(other)),
                    other.range(),
                )
            }
        }
        Ok(())
    }

    fn aug_assign(&mut self, a: &'a ast::StmtAugAssign) -> CResult<()> {
        let op = super::expr::bin_op(a.op);
        match &*a.target {
            Expr::Name(n) => {
                self.load_name(&n.id);
                self.expr(&a.value)?;
                let saved = self.at(a.range);
                self.emit(Instr::Inplace(op));
                self.restore(saved);
                self.store_name(&n.id);
            }
            Expr::Attribute(at) => {
                self.expr(&at.value)?;
                self.emit(Instr::Dup);
                let n = self.name(&at.attr.id);
                self.emit(Instr::LoadAttr(n));
                self.expr(&a.value)?;
                let saved = self.at(a.range);
                self.emit(Instr::Inplace(op));
                self.restore(saved);
                self.emit(Instr::Rot2);
                self.emit(Instr::StoreAttr(n));
            }
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.slice_or_expr(&s.slice)?;
                self.emit(Instr::Dup2);
                let saved = self.at(s.range);
                self.emit(Instr::Subscr);
                self.restore(saved);
                self.expr(&a.value)?;
                let saved = self.at(a.range);
                self.emit(Instr::Inplace(op));
                self.restore(saved);
                self.emit(Instr::Rot3);
                self.emit(Instr::StoreSubscr);
            }
            other => {
                return err(
                    format!(
                        "'{}' is an illegal expression for augmented assignment",
                        describe_target(other)
                    ),
                    other.range(),
                )
            }
        }
        Ok(())
    }

    fn try_except(&mut self, t: &'a ast::StmtTry) -> CResult<()> {
        let handler = self.new_label();
        let end = self.new_label();
        let d = self.depth();
        let region = self.open_region(handler);
        self.unit().blocks.push(Block::Try { region });
        self.stmts(&t.body)?;
        self.unit().blocks.pop();
        self.close_region(region);
        self.stmts(&t.orelse)?;
        self.jump(Instr::Jump(0), end);
        self.except_handlers(&t.handlers, d, end, handler)?;
        self.bind(end);
        self.set_depth(d);
        Ok(())
    }

    /// The handler code of a `try`: entered with the exception on the stack at depth `d`.
    fn except_handlers(
        &mut self,
        handlers: &'a [ast::ExceptHandler],
        d: i32,
        end: usize,
        label: usize,
    ) -> CResult<()> {
        self.bind(label);
        self.set_depth(d + 1);
        self.emit(Instr::PushExcInfo);
        let cleanup = self.new_label();
        let cregion = self.open_region(cleanup);
        for h in handlers {
            let ast::ExceptHandler::ExceptHandler(h) = h;
            let saved = self.at(h.range);
            let next = self.new_label();
            if let Some(ty) = &h.type_ {
                self.expr(ty)?;
                self.emit(Instr::CheckExcMatch);
                self.jump(Instr::PopJumpIfFalse(0), next);
            }
            let name = h.name.as_ref().map(|n| n.id.to_string());
            if let Some(n) = &name {
                self.emit(Instr::Dup);
                self.store_name(n);
            }
            self.unit().blocks.push(Block::Handler {
                name: name.clone(),
                region: cregion,
            });
            self.restore(saved);
            self.stmts(&h.body)?;
            self.unit().blocks.pop();
            self.emit(Instr::Pop);
            self.emit(Instr::PopExcept);
            if let Some(n) = &name {
                let none = self.const_value(Value::None);
                self.emit(Instr::LoadConst(none));
                self.store_name(n);
                self.delete_name(n);
            }
            self.jump(Instr::Jump(0), end);
            self.set_depth(d + 1);
            self.bind(next);
        }
        self.emit(Instr::Reraise);
        self.close_region(cregion);
        self.bind(cleanup);
        self.set_depth(d + 2);
        self.emit(Instr::PopExcept);
        self.emit(Instr::Reraise);
        Ok(())
    }

    fn try_finally(&mut self, t: &'a ast::StmtTry) -> CResult<()> {
        let fhandler = self.new_label();
        let end = self.new_label();
        let d = self.depth();
        let region = self.open_region(fhandler);
        self.unit().blocks.push(Block::Finally {
            region,
            body: &t.finalbody,
        });
        if t.handlers.is_empty() {
            self.stmts(&t.body)?;
            self.stmts(&t.orelse)?;
        } else {
            let inner_end = self.new_label();
            let handler = self.new_label();
            let inner = self.open_region(handler);
            self.unit().blocks.push(Block::Try { region: inner });
            self.stmts(&t.body)?;
            self.unit().blocks.pop();
            self.close_region(inner);
            self.stmts(&t.orelse)?;
            self.jump(Instr::Jump(0), inner_end);
            self.except_handlers(&t.handlers, d, inner_end, handler)?;
            self.bind(inner_end);
            self.set_depth(d);
        }
        self.unit().blocks.pop();
        self.close_region(region);
        // Normal path.
        self.stmts(&t.finalbody)?;
        self.jump(Instr::Jump(0), end);
        // Exception path.
        self.bind(fhandler);
        self.set_depth(d + 1);
        self.emit(Instr::PushExcInfo);
        let cleanup = self.new_label();
        let cregion = self.open_region(cleanup);
        self.unit().blocks.push(Block::FinallyEnd);
        self.stmts(&t.finalbody)?;
        self.unit().blocks.pop();
        self.close_region(cregion);
        self.emit(Instr::PopExcept);
        self.emit(Instr::Reraise);
        self.bind(cleanup);
        self.set_depth(d + 2);
        self.emit(Instr::PopExcept);
        self.emit(Instr::Reraise);
        self.bind(end);
        self.set_depth(d);
        Ok(())
    }

    fn with_items(&mut self, items: &'a [ast::WithItem], body: &'a [Stmt]) -> CResult<()> {
        let Some((first, rest)) = items.split_first() else {
            return self.stmts(body);
        };
        let d = self.depth();
        self.expr(&first.context_expr)?;
        let saved = self.at(first.context_expr.range());
        self.emit(Instr::BeforeWith);
        self.restore(saved);
        let handler = self.new_label();
        let end = self.new_label();
        let region = self.open_region_at_depth(handler, d + 1);
        match &first.optional_vars {
            Some(v) => self.assign(v)?,
            None => {
                self.emit(Instr::Pop);
            }
        }
        self.unit().blocks.push(Block::With { region });
        self.with_items(rest, body)?;
        self.unit().blocks.pop();
        self.close_region(region);
        let none = self.const_value(Value::None);
        let saved = self.at(first.context_expr.range());
        self.emit(Instr::LoadConst(none));
        self.emit(Instr::LoadConst(none));
        self.emit(Instr::LoadConst(none));
        self.emit(Instr::Call(3));
        self.emit(Instr::Pop);
        self.jump(Instr::Jump(0), end);
        // Exception path: [exit, exc].
        self.bind(handler);
        self.set_depth(d + 2);
        self.emit(Instr::PushExcInfo);
        let cleanup = self.new_label();
        let cregion = self.open_region(cleanup);
        self.emit(Instr::WithExceptStart);
        let suppress = self.new_label();
        self.jump(Instr::PopJumpIfTrue(0), suppress);
        self.emit(Instr::Reraise);
        self.close_region(cregion);
        self.bind(suppress);
        self.set_depth(d + 2);
        self.emit(Instr::Pop);
        self.emit(Instr::PopExcept);
        self.emit(Instr::Pop);
        self.jump(Instr::Jump(0), end);
        self.bind(cleanup);
        self.set_depth(d + 3);
        self.emit(Instr::PopExcept);
        self.emit(Instr::Reraise);
        self.restore(saved);
        self.bind(end);
        self.set_depth(d);
        Ok(())
    }

    fn open_region_at_depth(&mut self, target: usize, depth: i32) -> usize {
        let r = self.open_region(target);
        self.unit().regions[r].depth = depth.max(0) as u32;
        r
    }

    fn function_def(&mut self, f: &'a ast::StmtFunctionDef) -> CResult<()> {
        if f.is_async {
            return err("'async def' is not supported yet", f.range);
        }
        for d in &f.decorator_list {
            self.expr(&d.expression)?;
        }
        let key = (f.range.start().to_u32(), f.range.end().to_u32());
        let qualname = self.qualname_for(&f.name.id);
        let line = self.source.line_of(f.range.start().to_u32()) as u32;
        // The def line (after decorators) is the function's first line.
        let def_line = if f.decorator_list.is_empty() {
            line
        } else {
            self.source.line_of(f.name.range.start().to_u32()) as u32
        };
        let mut flags = self.defaults(&f.parameters)?;
        let mut anns = scope::parameter_annotations(&f.parameters);
        if let Some(r) = &f.returns {
            anns.push(("return", r));
        }
        if self.annotate_function(key, &anns, &qualname, def_line)? {
            flags |= 16;
        }
        self.push_unit(key, f.name.id.as_str().into(), qualname, def_line);
        self.set_args(Some(&f.parameters));
        self.body_with_docstring(&f.body, false)?;
        let none = self.const_value(Value::None);
        self.emit(Instr::LoadConst(none));
        self.emit(Instr::Return);
        let code = self.pop_unit();
        self.make_function(code, flags)?;
        for _ in &f.decorator_list {
            self.emit(Instr::Call(1));
        }
        self.store_name(&f.name.id);
        Ok(())
    }

    /// Pushes the default values of `p` and returns the `MakeFunction` flags for them.
    pub(super) fn defaults(&mut self, p: &'a ast::Parameters) -> CResult<u32> {
        let mut flags = 0;
        let positional: Vec<&Expr> = p
            .posonlyargs
            .iter()
            .chain(p.args.iter())
            .filter_map(|a| a.default.as_deref())
            .collect();
        if !positional.is_empty() {
            for d in &positional {
                self.expr(d)?;
            }
            self.emit(Instr::BuildTuple(positional.len() as u32));
            flags |= 1;
        }
        let kw: Vec<(&str, &Expr)> = p
            .kwonlyargs
            .iter()
            .filter_map(|a| {
                a.default
                    .as_deref()
                    .map(|d| (a.parameter.name.id.as_str(), d))
            })
            .collect();
        if !kw.is_empty() {
            for (n, d) in &kw {
                let c = self.const_str(n);
                self.emit(Instr::LoadConst(c));
                self.expr(d)?;
            }
            self.emit(Instr::BuildMap(kw.len() as u32));
            flags |= 2;
        }
        Ok(flags)
    }

    /// Pushes a function object for `code` (defaults already pushed per `flags`).
    pub(super) fn make_function(
        &mut self,
        code: std::rc::Rc<crate::python::code::Code>,
        mut flags: u32,
    ) -> CResult<()> {
        if !code.freevars.is_empty() {
            for name in code.freevars.clone().iter() {
                let i = self.cell_index(name);
                self.emit(Instr::LoadClosure(i));
            }
            self.emit(Instr::BuildTuple(code.freevars.len() as u32));
            flags |= 8;
        }
        let v = alloc::code_value(&self.heap, code);
        let c = self.const_value(v);
        self.emit(Instr::LoadConst(c));
        self.emit(Instr::MakeFunction(flags));
        Ok(())
    }

    fn class_def(&mut self, c: &'a ast::StmtClassDef) -> CResult<()> {
        for d in &c.decorator_list {
            self.expr(&d.expression)?;
        }
        let key = (c.range.start().to_u32(), c.range.end().to_u32());
        let qualname = self.qualname_for(&c.name.id);
        let line = self.source.line_of(c.name.range.start().to_u32()) as u32;
        self.emit(Instr::LoadBuildClass);
        self.push_unit(key, c.name.id.as_str().into(), qualname.clone(), line);
        let n = self.name("__name__");
        self.emit(Instr::LoadName(n));
        let m = self.name("__module__");
        self.emit(Instr::StoreName(m));
        let q = self.const_str(&qualname);
        self.emit(Instr::LoadConst(q));
        let qn = self.name("__qualname__");
        self.emit(Instr::StoreName(qn));
        let anns = scope::body_annotations(&c.body);
        if self.annotate_function(key, &anns, &qualname, line)? {
            self.store_name("__annotate__");
        }
        self.body_with_docstring(&c.body, false)?;
        if self.unit().cellvars.iter().any(|c| &**c == "__class__") {
            let i = self.cell_index("__class__");
            self.emit(Instr::LoadClosure(i));
        } else {
            let none = self.const_value(Value::None);
            self.emit(Instr::LoadConst(none));
        }
        self.emit(Instr::Return);
        let code = self.pop_unit();
        self.make_function(code, 0)?;
        let name = self.const_str(&c.name.id);
        self.emit(Instr::LoadConst(name));
        let (args, keywords) = match &c.arguments {
            Some(a) => (&a.args[..], &a.keywords[..]),
            None => (&[][..], &[][..]),
        };
        self.call_args(args, keywords, 2)?;
        for _ in &c.decorator_list {
            self.emit(Instr::Call(1));
        }
        self.store_name(&c.name.id);
        Ok(())
    }

    /// Pushes the `__annotate__` function of a function, class or module (key `key`) when it
    /// has annotations: called with a format, it evaluates them into a new dict, so
    /// annotations cost nothing until asked for and may name what is defined later (PEP 649).
    pub(super) fn annotate_function(
        &mut self,
        key: (u32, u32),
        anns: &[(&str, &'a Expr)],
        owner_qualname: &str,
        line: u32,
    ) -> CResult<bool> {
        if anns.is_empty() {
            return Ok(false);
        }
        let qualname: std::rc::Rc<str> = if owner_qualname == "<module>" {
            "__annotate__".into()
        } else {
            format!("{owner_qualname}.__annotate__").into()
        };
        self.push_unit(
            scope::annotate_key(key),
            "__annotate__".into(),
            qualname,
            line,
        );
        self.unit().argcount = 1;
        self.unit().posonly = 1;
        for (name, e) in anns {
            let k = self.const_str(name);
            self.emit(Instr::LoadConst(k));
            self.expr(e)?;
        }
        self.emit(Instr::BuildMap(anns.len() as u32));
        self.emit(Instr::Return);
        let code = self.pop_unit();
        self.make_function(code, 0)?;
        Ok(true)
    }

    /// Compiles a lambda or a function body unit's flags for generators.
    pub(super) fn mark_generator(&mut self) {
        self.unit().flags |= CO_GENERATOR;
    }
}

/// The range of `f(...)` when an expression is exactly a call of a plain name.
fn plain_call_of(e: &Expr) -> Option<(u32, u32)> {
    match e {
        Expr::Call(c) if matches!(&*c.func, Expr::Name(_)) => {
            let r = c.range();
            Some((r.start().to_u32(), r.end().to_u32()))
        }
        _ => None,
    }
}

/// How CPython names an invalid assignment or deletion target.
pub(super) fn describe_target(e: &Expr) -> &'static str {
    match e {
        Expr::Call(_) => "function call",
        Expr::BinOp(_) | Expr::UnaryOp(_) => "expression",
        Expr::BoolOp(_) => "expression",
        Expr::Compare(_) => "comparison",
        Expr::NumberLiteral(_)
        | Expr::StringLiteral(_)
        | Expr::BytesLiteral(_)
        | Expr::EllipsisLiteral(_) => "literal",
        Expr::BooleanLiteral(b) => {
            if b.value {
                "True"
            } else {
                "False"
            }
        }
        Expr::NoneLiteral(_) => "None",
        Expr::Lambda(_) => "lambda",
        Expr::If(_) => "conditional expression",
        Expr::Dict(_) => "dict literal",
        Expr::Set(_) => "set display",
        Expr::ListComp(_) => "list comprehension",
        Expr::SetComp(_) => "set comprehension",
        Expr::DictComp(_) => "dict comprehension",
        Expr::Generator(_) => "generator expression",
        Expr::Await(_) => "await expression",
        Expr::Yield(_) | Expr::YieldFrom(_) => "yield expression",
        Expr::FString(_) | Expr::TString(_) => "f-string expression",
        Expr::Named(_) => "named expression",
        _ => "expression",
    }
}
