//! Expressions.

use super::scope::ScopeKind;
use super::{err, CResult, Compiler};
use crate::python::code::{BinOp, CmpOp, Instr, UnOp};
use crate::python::object::Value;
use crate::python::vm::alloc;
use ruff_python_ast::{self as ast, Expr};
use ruff_text_size::{Ranged, TextRange, TextSize};

pub(super) fn bin_op(op: ast::Operator) -> BinOp {
    match op {
        ast::Operator::Add => BinOp::Add,
        ast::Operator::Sub => BinOp::Sub,
        ast::Operator::Mult => BinOp::Mul,
        ast::Operator::MatMult => BinOp::MatMul,
        ast::Operator::Div => BinOp::TrueDiv,
        ast::Operator::Mod => BinOp::Mod,
        ast::Operator::Pow => BinOp::Pow,
        ast::Operator::LShift => BinOp::LShift,
        ast::Operator::RShift => BinOp::RShift,
        ast::Operator::BitOr => BinOp::Or,
        ast::Operator::BitXor => BinOp::Xor,
        ast::Operator::BitAnd => BinOp::And,
        ast::Operator::FloorDiv => BinOp::FloorDiv,
    }
}

impl<'a> Compiler<'a> {
    pub(super) fn expr(&mut self, e: &'a Expr) -> CResult<()> {
        let saved = self.at(e.range());
        let r = self.expr_inner(e);
        self.restore(saved);
        r
    }

    /// The source range of the operator between two operands (skipping blanks, comments and
    /// parentheses), for the `^` markers of a failing binary operation.
    fn operator_range(&self, left: TextRange, right: TextRange) -> TextRange {
        let text = self.source.text.as_bytes();
        let mut i = left.end().to_usize();
        let stop = right.start().to_usize().min(text.len());
        while i < stop {
            match text[i] {
                b' ' | b'\t' | b'\n' | b'\r' | b'\\' | b')' => i += 1,
                b'#' => {
                    while i < stop && text[i] != b'\n' {
                        i += 1;
                    }
                }
                _ => break,
            }
        }
        // The operator is one or two characters, before the right operand.
        let mut j = (i + 1).min(stop.max(i + 1));
        if j < stop && !text[j].is_ascii_whitespace() && !matches!(text[j], b'\\' | b'#' | b'(') {
            j += 1;
        }
        TextRange::new(TextSize::from(i as u32), TextSize::from(j as u32))
    }

    fn expr_inner(&mut self, e: &'a Expr) -> CResult<()> {
        match e {
            Expr::NumberLiteral(n) => {
                let v = match &n.value {
                    ast::Number::Int(i) => match i.as_i64() {
                        Some(v) => Value::Int(v),
                        None => {
                            let text = &self.source.text
                                [n.range.start().to_usize()..n.range.end().to_usize()];
                            match alloc::parse_int_literal(&self.heap, text) {
                                Some(v) => v,
                                None => return err("invalid integer literal", n.range),
                            }
                        }
                    },
                    ast::Number::Float(f) => Value::Float(*f),
                    ast::Number::Complex { .. } => {
                        return err("complex numbers are not supported yet", n.range)
                    }
                };
                let c = self.const_value(v);
                self.emit(Instr::LoadConst(c));
            }
            Expr::StringLiteral(s) => {
                for part in s.value.iter() {
                    super::warnings::escapes(&self.source, part.range, part.flags, false);
                }
                let c = self.const_str(s.value.to_str());
                self.emit(Instr::LoadConst(c));
            }
            Expr::BytesLiteral(b) => {
                for part in b.value.iter() {
                    super::warnings::escapes(&self.source, part.range, part.flags, true);
                }
                let bytes: Vec<u8> = b.value.bytes().collect();
                let v = alloc::bytes_value(&self.heap, bytes);
                let c = self.const_value(v);
                self.emit(Instr::LoadConst(c));
            }
            Expr::BooleanLiteral(b) => {
                let c = self.const_value(Value::Bool(b.value));
                self.emit(Instr::LoadConst(c));
            }
            Expr::NoneLiteral(_) => {
                let c = self.const_value(Value::None);
                self.emit(Instr::LoadConst(c));
            }
            Expr::EllipsisLiteral(_) => {
                let v = alloc::ellipsis(&self.heap);
                let c = self.const_value(v);
                self.emit(Instr::LoadConst(c));
            }
            Expr::Name(n) => match n.ctx {
                ast::ExprContext::Load => self.load_name(&n.id),
                _ => return err("invalid name context", n.range),
            },
            Expr::BinOp(b) => {
                self.expr(&b.left)?;
                self.expr(&b.right)?;
                let op = self.operator_range(b.left.range(), b.right.range());
                let saved = self.at_focus(b.range, op);
                self.emit(Instr::Binary(bin_op(b.op)));
                self.restore(saved);
            }
            Expr::UnaryOp(u) => {
                self.expr(&u.operand)?;
                let op = match u.op {
                    ast::UnaryOp::Invert => UnOp::Invert,
                    ast::UnaryOp::Not => UnOp::Not,
                    ast::UnaryOp::UAdd => UnOp::Pos,
                    ast::UnaryOp::USub => UnOp::Neg,
                };
                self.emit(Instr::Unary(op));
            }
            Expr::BoolOp(b) => {
                let end = self.new_label();
                let d = self.depth();
                for (i, v) in b.values.iter().enumerate() {
                    self.expr(v)?;
                    if i + 1 < b.values.len() {
                        let j = match b.op {
                            ast::BoolOp::And => Instr::JumpIfFalseOrPop(0),
                            ast::BoolOp::Or => Instr::JumpIfTrueOrPop(0),
                        };
                        self.jump(j, end);
                    }
                }
                self.bind(end);
                self.set_depth(d + 1);
            }
            Expr::Compare(c) => self.compare(c)?,
            Expr::If(i) => {
                let orelse = self.new_label();
                let end = self.new_label();
                let d = self.depth();
                self.cond_jump(&i.test, false, orelse)?;
                self.expr(&i.body)?;
                self.jump(Instr::Jump(0), end);
                self.bind(orelse);
                self.set_depth(d);
                self.expr(&i.orelse)?;
                self.bind(end);
            }
            Expr::Named(n) => {
                self.expr(&n.value)?;
                self.emit(Instr::Dup);
                match &*n.target {
                    Expr::Name(name) => self.store_name(&name.id),
                    other => {
                        return err(
                            "cannot use assignment expressions with this target",
                            other.range(),
                        )
                    }
                }
            }
            Expr::Attribute(a) => {
                self.expr(&a.value)?;
                let saved = self.at(a.range);
                let n = self.name(&a.attr.id);
                self.emit(Instr::LoadAttr(n));
                self.restore(saved);
            }
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.slice_or_expr(&s.slice)?;
                let focus =
                    TextRange::new(self.find_from(s.value.range().end(), b'['), s.range.end());
                let saved = self.at_focus(s.range, focus);
                self.emit(Instr::Subscr);
                self.restore(saved);
            }
            Expr::Slice(s) => return err("invalid slice", s.range),
            Expr::Call(c) => {
                if self.zero_arg_super(c)? {
                    return Ok(());
                }
                self.expr(&c.func)?;
                let focus =
                    TextRange::new(self.find_from(c.func.range().end(), b'('), c.range().end());
                let whole = (c.range().start().to_u32(), c.range().end().to_u32());
                let saved = if self.plain_call == Some(whole) {
                    let s = self.at(c.range());
                    self.unit().span.focus_start = u32::MAX;
                    s
                } else {
                    // A method call whose name is on a later line than the call's start
                    // (`cls(\n...\n).encode(obj)`) is located from the name, as CPython
                    // locates it, so tracebacks show that line.
                    let mut whole = c.range();
                    if let Expr::Attribute(a) = &*c.func {
                        let text = self.source.text.as_bytes();
                        let (from, to) =
                            (whole.start().to_usize(), a.attr.range.start().to_usize());
                        if text.get(from..to).is_some_and(|t| t.contains(&b'\n')) {
                            whole = TextRange::new(a.attr.range.start(), whole.end());
                        }
                    }
                    self.at_focus(whole, focus)
                };
                let r = self.call_args(&c.arguments.args, &c.arguments.keywords, 0);
                self.restore(saved);
                r?;
            }
            Expr::Tuple(t) => self.sequence(&t.elts, Seq::Tuple)?,
            Expr::List(l) => self.sequence(&l.elts, Seq::List)?,
            Expr::Set(s) => self.sequence(&s.elts, Seq::Set)?,
            Expr::Dict(d) => {
                let simple = d.items.iter().all(|i| i.key.is_some()) && d.items.len() < 64;
                if simple {
                    for it in &d.items {
                        if let Some(k) = &it.key {
                            self.expr(k)?;
                        }
                        self.expr(&it.value)?;
                    }
                    self.emit(Instr::BuildMap(d.items.len() as u32));
                } else {
                    self.emit(Instr::BuildMap(0));
                    for it in &d.items {
                        match &it.key {
                            Some(k) => {
                                self.expr(k)?;
                                self.expr(&it.value)?;
                                self.emit(Instr::MapAdd(1));
                            }
                            None => {
                                self.expr(&it.value)?;
                                self.emit(Instr::DictUpdate(1));
                            }
                        }
                    }
                }
            }
            Expr::Starred(s) => return err("can't use starred expression here", s.range),
            Expr::Lambda(l) => {
                let flags = match &l.parameters {
                    Some(p) => self.defaults(p)?,
                    None => 0,
                };
                let key = (l.range.start().to_u32(), l.range.end().to_u32());
                let qualname = self.qualname_for("<lambda>");
                let line = self.source.line_of(l.range.start().to_u32()) as u32;
                self.push_unit(key, "<lambda>".into(), qualname, line);
                self.set_args(l.parameters.as_deref());
                self.expr(&l.body)?;
                self.emit(Instr::Return);
                let code = self.pop_unit();
                self.make_function(code, flags)?;
            }
            Expr::ListComp(c) => self.comprehension(e, &c.generators, Comp::List(&c.elt))?,
            Expr::SetComp(c) => self.comprehension(e, &c.generators, Comp::Set(&c.elt))?,
            Expr::DictComp(c) => {
                let Some(k) = &c.key else {
                    return err(
                        "dict unpacking cannot be used in dict comprehension",
                        c.range,
                    );
                };
                self.comprehension(e, &c.generators, Comp::Dict(k, &c.value))?
            }
            Expr::Generator(g) => self.comprehension(e, &g.generators, Comp::Gen(&g.elt))?,
            Expr::Yield(y) => {
                if !matches!(self.unit().kind, ScopeKind::Function | ScopeKind::GenExpr) {
                    return err("'yield' outside function", y.range);
                }
                self.mark_generator();
                match &y.value {
                    Some(v) => self.expr(v)?,
                    None => {
                        let c = self.const_value(Value::None);
                        self.emit(Instr::LoadConst(c));
                    }
                }
                self.emit(Instr::YieldValue);
            }
            Expr::YieldFrom(y) => {
                if !matches!(self.unit().kind, ScopeKind::Function) {
                    return err("'yield' outside function", y.range);
                }
                self.mark_generator();
                self.expr(&y.value)?;
                self.emit(Instr::GetIter);
                let c = self.const_value(Value::None);
                self.emit(Instr::LoadConst(c));
                self.emit(Instr::YieldFrom);
            }
            Expr::Await(a) => return err("'await' is not supported yet", a.range),
            Expr::FString(f) => {
                let mut n = 0;
                for part in f.value.iter() {
                    match part {
                        ast::FStringPart::Literal(l) => {
                            let c = self.const_str(&l.value);
                            self.emit(Instr::LoadConst(c));
                            n += 1;
                        }
                        ast::FStringPart::FString(fs) => n += self.interpolated(&fs.elements)?,
                    }
                }
                if n != 1 {
                    self.emit(Instr::BuildString(n));
                }
                if n == 0 {
                    // BuildString(0) pushed the empty string.
                }
            }
            Expr::TString(t) => return err("template strings are not supported yet", t.range),
            Expr::IpyEscapeCommand(c) => return err("invalid syntax", c.range),
        }
        Ok(())
    }

    /// The offset of the first `byte` at or after `from` (for the `^` anchors of calls and
    /// subscripts, which start at the bracket).
    fn find_from(&self, from: TextSize, byte: u8) -> TextSize {
        let text = self.source.text.as_bytes();
        let mut i = from.to_usize();
        while i < text.len() && text[i] != byte {
            i += 1;
        }
        TextSize::from(i.min(text.len()) as u32)
    }

    /// Where the `[` of a subscript starts, searching from the end of its value.
    pub(super) fn bracket_after(&self, from: TextSize) -> TextSize {
        self.find_from(from, b'[')
    }

    /// `super()` with no arguments in a method: compiled as `super(__class__, first_arg)`,
    /// which is what CPython finds at run time from the frame.
    fn zero_arg_super(&mut self, c: &'a ast::ExprCall) -> CResult<bool> {
        let Expr::Name(n) = &*c.func else {
            return Ok(false);
        };
        if n.id.as_str() != "super"
            || !c.arguments.args.is_empty()
            || !c.arguments.keywords.is_empty()
        {
            return Ok(false);
        }
        let u = self.units.last().expect("unit");
        let has_class = u.freevars.iter().any(|f| &**f == "__class__");
        let first = u.varnames.first().cloned();
        let (Some(first), true) = (
            first,
            has_class && (u.argcount > 0 || u.flags & crate::python::code::CO_VARARGS != 0),
        ) else {
            return Ok(false);
        };
        self.load_name("super");
        let i = self.cell_index("__class__");
        self.emit(Instr::LoadDeref(i));
        self.load_name(&first);
        let focus = TextRange::new(c.func.range().end(), c.range().end());
        let saved = self.at_focus(c.range(), focus);
        self.emit(Instr::Call(2));
        self.restore(saved);
        Ok(true)
    }

    /// Pushes the pieces of an f-string (or of a nested format spec) and returns how many.
    fn interpolated(&mut self, els: &'a ast::InterpolatedStringElements) -> CResult<u32> {
        let mut n = 0;
        for el in els.iter() {
            match el {
                ast::InterpolatedStringElement::Literal(l) => {
                    let c = self.const_str(&l.value);
                    self.emit(Instr::LoadConst(c));
                    n += 1;
                }
                ast::InterpolatedStringElement::Interpolation(i) => {
                    let mut conv = match i.conversion {
                        ast::ConversionFlag::None => 0,
                        ast::ConversionFlag::Str => 1,
                        ast::ConversionFlag::Repr => 2,
                        ast::ConversionFlag::Ascii => 3,
                    };
                    if let Some(dbg) = &i.debug_text {
                        let text = format!(
                            "{}{}{}",
                            dbg.leading(),
                            self.expr_text(&i.expression),
                            dbg.trailing()
                        );
                        let c = self.const_str(&text);
                        self.emit(Instr::LoadConst(c));
                        n += 1;
                        if conv == 0 && i.format_spec.is_none() {
                            conv = 2;
                        }
                    }
                    self.expr(&i.expression)?;
                    let mut flags = conv;
                    if let Some(spec) = &i.format_spec {
                        let k = self.interpolated(&spec.elements)?;
                        if k != 1 {
                            self.emit(Instr::BuildString(k));
                        }
                        flags |= 4;
                    }
                    self.emit(Instr::FormatValue(flags));
                    n += 1;
                }
            }
        }
        Ok(n)
    }

    fn expr_text(&self, e: &Expr) -> String {
        let r = e.range();
        self.source
            .text
            .get(r.start().to_usize()..r.end().to_usize())
            .unwrap_or("")
            .to_string()
    }

    pub(super) fn slice_or_expr(&mut self, e: &'a Expr) -> CResult<()> {
        match e {
            Expr::Slice(s) => {
                let none = self.const_value(Value::None);
                for part in [&s.lower, &s.upper] {
                    match part {
                        Some(p) => self.expr(p)?,
                        None => {
                            self.emit(Instr::LoadConst(none));
                        }
                    }
                }
                match &s.step {
                    Some(st) => {
                        self.expr(st)?;
                        self.emit(Instr::BuildSlice(3));
                    }
                    None => {
                        self.emit(Instr::BuildSlice(2));
                    }
                }
                Ok(())
            }
            Expr::Tuple(t) if t.elts.iter().any(|x| matches!(x, Expr::Slice(_))) => {
                for x in &t.elts {
                    self.slice_or_expr(x)?;
                }
                self.emit(Instr::BuildTuple(t.elts.len() as u32));
                Ok(())
            }
            other => self.expr(other),
        }
    }

    fn compare(&mut self, c: &'a ast::ExprCompare) -> CResult<()> {
        super::warnings::identity_with_literal(&self.source, c);
        self.expr(&c.left)?;
        let n = c.ops.len();
        let cleanup = self.new_label();
        let end = self.new_label();
        let d = self.depth();
        for (i, (op, right)) in c.ops.iter().zip(c.comparators.iter()).enumerate() {
            self.expr(right)?;
            if i + 1 < n {
                self.emit(Instr::Dup);
                self.emit(Instr::Rot3);
            }
            self.cmp_instr(*op);
            if i + 1 < n {
                self.jump(Instr::JumpIfFalseOrPop(0), cleanup);
            }
        }
        if n > 1 {
            self.jump(Instr::Jump(0), end);
            self.bind(cleanup);
            self.set_depth(d + 1);
            self.emit(Instr::Rot2);
            self.emit(Instr::Pop);
            self.bind(end);
            self.set_depth(d);
        }
        Ok(())
    }

    fn cmp_instr(&mut self, op: ast::CmpOp) {
        let i = match op {
            ast::CmpOp::Eq => Instr::Compare(CmpOp::Eq),
            ast::CmpOp::NotEq => Instr::Compare(CmpOp::Ne),
            ast::CmpOp::Lt => Instr::Compare(CmpOp::Lt),
            ast::CmpOp::LtE => Instr::Compare(CmpOp::Le),
            ast::CmpOp::Gt => Instr::Compare(CmpOp::Gt),
            ast::CmpOp::GtE => Instr::Compare(CmpOp::Ge),
            ast::CmpOp::Is => Instr::Is(false),
            ast::CmpOp::IsNot => Instr::Is(true),
            ast::CmpOp::In => Instr::Contains(false),
            ast::CmpOp::NotIn => Instr::Contains(true),
        };
        self.emit(i);
    }

    /// Jumps to `label` when `test` is `when` (without leaving a value).
    pub(super) fn cond_jump(&mut self, test: &'a Expr, when: bool, label: usize) -> CResult<()> {
        match test {
            Expr::UnaryOp(u) if u.op == ast::UnaryOp::Not => {
                return self.cond_jump(&u.operand, !when, label)
            }
            Expr::BoolOp(b) => {
                let is_and = b.op == ast::BoolOp::And;
                // `a and b` jumps on false as soon as one is false; on true only if all are.
                if is_and != when {
                    for v in &b.values {
                        self.cond_jump(v, when, label)?;
                    }
                } else {
                    let skip = self.new_label();
                    let last = b.values.len() - 1;
                    for (i, v) in b.values.iter().enumerate() {
                        if i < last {
                            self.cond_jump(v, !when, skip)?;
                        } else {
                            self.cond_jump(v, when, label)?;
                        }
                    }
                    self.bind(skip);
                }
                return Ok(());
            }
            _ => {}
        }
        self.expr(test)?;
        let saved = self.at(test.range());
        if when {
            self.jump(Instr::PopJumpIfTrue(0), label);
        } else {
            self.jump(Instr::PopJumpIfFalse(0), label);
        }
        self.restore(saved);
        Ok(())
    }

    fn sequence(&mut self, elts: &'a [Expr], kind: Seq) -> CResult<()> {
        let starred = elts.iter().any(|e| matches!(e, Expr::Starred(_)));
        if !starred {
            for e in elts {
                self.expr(e)?;
            }
            let n = elts.len() as u32;
            self.emit(match kind {
                Seq::Tuple => Instr::BuildTuple(n),
                Seq::List => Instr::BuildList(n),
                Seq::Set => Instr::BuildSet(n),
            });
            return Ok(());
        }
        match kind {
            Seq::Set => self.emit(Instr::BuildSet(0)),
            _ => self.emit(Instr::BuildList(0)),
        };
        for e in elts {
            match e {
                Expr::Starred(s) => {
                    self.expr(&s.value)?;
                    self.emit(match kind {
                        Seq::Set => Instr::SetUpdate(1),
                        _ => Instr::ListExtend(1),
                    });
                }
                other => {
                    self.expr(other)?;
                    self.emit(match kind {
                        Seq::Set => Instr::SetAdd(1),
                        _ => Instr::ListAppend(1),
                    });
                }
            }
        }
        if let Seq::Tuple = kind {
            self.emit(Instr::ListToTuple);
        }
        Ok(())
    }

    /// Pushes the arguments of a call whose callable (and `extra` leading positional
    /// arguments) are already on the stack, then calls.
    pub(super) fn call_args(
        &mut self,
        args: &'a [Expr],
        keywords: &'a [ast::Keyword],
        extra: u32,
    ) -> CResult<()> {
        let simple = !args.iter().any(|a| matches!(a, Expr::Starred(_)))
            && keywords.iter().all(|k| k.arg.is_some());
        if simple {
            for a in args {
                self.expr(a)?;
            }
            let n = extra + args.len() as u32;
            if keywords.is_empty() {
                self.emit(Instr::Call(n));
            } else {
                let mut names = Vec::new();
                for k in keywords {
                    self.expr(&k.value)?;
                    if let Some(a) = &k.arg {
                        names.push(alloc::str_value(&self.heap, &a.id));
                    }
                }
                let t = alloc::tuple_value(&self.heap, names);
                let c = self.const_value(t);
                self.emit(Instr::LoadConst(c));
                self.emit(Instr::CallKw(n + keywords.len() as u32));
            }
            return Ok(());
        }
        // General form: a tuple of positional arguments and a dict of keyword arguments. The
        // `extra` arguments already pushed go first.
        self.emit(Instr::BuildList(extra));
        for a in args {
            match a {
                Expr::Starred(s) => {
                    self.expr(&s.value)?;
                    self.emit(Instr::ListExtend(1));
                }
                other => {
                    self.expr(other)?;
                    self.emit(Instr::ListAppend(1));
                }
            }
        }
        self.emit(Instr::ListToTuple);
        if keywords.is_empty() {
            self.emit(Instr::CallEx(0));
            return Ok(());
        }
        self.emit(Instr::BuildMap(0));
        for k in keywords {
            match &k.arg {
                Some(name) => {
                    let c = self.const_str(&name.id);
                    self.emit(Instr::LoadConst(c));
                    self.expr(&k.value)?;
                    self.emit(Instr::MapAdd(1));
                }
                None => {
                    self.expr(&k.value)?;
                    self.emit(Instr::DictMerge(1));
                }
            }
        }
        self.emit(Instr::CallEx(1));
        Ok(())
    }

    fn comprehension(
        &mut self,
        node: &'a Expr,
        gens: &'a [ast::Comprehension],
        comp: Comp<'a>,
    ) -> CResult<()> {
        let r = node.range();
        let key = (r.start().to_u32(), r.end().to_u32());
        let name = match comp {
            Comp::List(_) => "<listcomp>",
            Comp::Set(_) => "<setcomp>",
            Comp::Dict(..) => "<dictcomp>",
            Comp::Gen(_) => "<genexpr>",
        };
        let qualname = self.qualname_for(name);
        let line = self.source.line_of(r.start().to_u32()) as u32;
        let Some(first) = gens.first() else {
            return err("comprehension without a loop", r);
        };
        if gens.iter().any(|g| g.is_async) {
            return err("asynchronous comprehensions are not supported yet", r);
        }
        self.push_unit(key, name.into(), qualname, line);
        self.unit().argcount = 1;
        if !matches!(comp, Comp::Gen(_)) {
            self.unit().flags |= crate::python::code::CO_NESTED;
        }
        match comp {
            Comp::List(_) => {
                self.emit(Instr::BuildList(0));
            }
            Comp::Set(_) => {
                self.emit(Instr::BuildSet(0));
            }
            Comp::Dict(..) => {
                self.emit(Instr::BuildMap(0));
            }
            Comp::Gen(_) => {
                self.mark_generator();
            }
        }
        self.comp_loop(gens, 0, comp)?;
        if let Comp::Gen(_) = comp {
            let none = self.const_value(Value::None);
            self.emit(Instr::LoadConst(none));
        }
        self.emit(Instr::Return);
        let code = self.pop_unit();
        self.make_function(code, 0)?;
        self.expr(&first.iter)?;
        self.emit(Instr::GetIter);
        self.emit(Instr::Call(1));
        Ok(())
    }

    fn comp_loop(
        &mut self,
        gens: &'a [ast::Comprehension],
        i: usize,
        comp: Comp<'a>,
    ) -> CResult<()> {
        let g = &gens[i];
        if i == 0 {
            let dot0 = self.fast_index(".0");
            self.emit(Instr::LoadFast(dot0));
        } else {
            self.expr(&g.iter)?;
            self.emit(Instr::GetIter);
        }
        let top = self.new_label();
        let exit = self.new_label();
        let d = self.depth();
        self.bind(top);
        self.jump(Instr::ForIter(0), exit);
        self.assign(&g.target)?;
        for cond in &g.ifs {
            self.cond_jump(cond, false, top)?;
        }
        if i + 1 < gens.len() {
            self.comp_loop(gens, i + 1, comp)?;
        } else {
            let depth = (i + 1) as u32;
            match comp {
                Comp::List(e) => {
                    self.expr(e)?;
                    self.emit(Instr::ListAppend(depth + 1));
                }
                Comp::Set(e) => {
                    self.expr(e)?;
                    self.emit(Instr::SetAdd(depth + 1));
                }
                Comp::Dict(k, v) => {
                    self.expr(k)?;
                    self.expr(v)?;
                    self.emit(Instr::MapAdd(depth + 1));
                }
                Comp::Gen(e) => {
                    self.expr(e)?;
                    self.emit(Instr::YieldValue);
                    self.emit(Instr::Pop);
                }
            }
        }
        self.jump(Instr::Jump(0), top);
        self.bind(exit);
        self.set_depth(d - 1);
        Ok(())
    }
}

#[derive(Clone, Copy)]
enum Seq {
    Tuple,
    List,
    Set,
}

#[derive(Clone, Copy)]
enum Comp<'a> {
    List(&'a Expr),
    Set(&'a Expr),
    Dict(&'a Expr, &'a Expr),
    Gen(&'a Expr),
}
