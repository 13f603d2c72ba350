//! The compiler: Ruff's syntax tree to [`Code`]. One [`Unit`] per code object being built
//! (module, class body, function, lambda, comprehension), with a block stack that knows how
//! to leave each construct early (`return`, `break`, `continue` through `finally`, `with` and
//! `except` bodies), and exception-table regions that are suspended while such exit code runs.

mod expr;
mod pattern;
pub mod scope;
mod stmt;
mod warnings;

use super::code::{Code, Handler, Instr, Source, Span, CO_GENERATOR, CO_VARARGS, CO_VARKEYWORDS};
use super::object::{Heap, Value};
use super::vm::alloc;
use ruff_python_ast::{self as ast, Stmt};
use ruff_text_size::{Ranged, TextRange};
use scope::{Access, ScopeKind, SymbolTable};
use std::collections::HashMap;
use std::rc::Rc;

/// A compile-time problem reported as `SyntaxError` (with the byte range it covers).
pub struct CompileError {
    pub message: String,
    pub start: u32,
    pub end: u32,
}

type CResult<T> = Result<T, CompileError>;

fn err<T>(message: impl Into<String>, range: TextRange) -> CResult<T> {
    Err(CompileError {
        message: message.into(),
        start: range.start().to_u32(),
        end: range.end().to_u32(),
    })
}

/// A construct the block stack must unwind when control leaves it early.
#[derive(Clone)]
enum Block<'a> {
    /// A loop: `continue` jumps to `cont`, `break` to `brk`; `for` loops keep their iterator
    /// on the stack.
    Loop {
        cont: usize,
        brk: usize,
        for_loop: bool,
    },
    /// The body of a `try` with handlers (index into the unit's regions).
    Try { region: usize },
    /// The body of a `try` with a `finally`.
    Finally { region: usize, body: &'a [Stmt] },
    /// Inside the exception path of a `finally` (the exception is on the stack).
    FinallyEnd,
    /// Inside an `except` body: the caught exception is on the stack and handled.
    Handler { name: Option<String>, region: usize },
    /// The body of a `with`: the exit method is on the stack.
    With { region: usize },
}

/// An exception-table region under construction: instruction ranges routed to one handler.
struct Region {
    segments: Vec<(u32, u32)>,
    open: Option<u32>,
    target: usize,
    depth: u32,
}

struct Unit<'a> {
    key: (u32, u32),
    kind: ScopeKind,
    name: Rc<str>,
    qualname: Rc<str>,
    instrs: Vec<Instr>,
    spans: Vec<Span>,
    consts: Vec<Value>,
    names: Vec<Value>,
    name_index: HashMap<String, u32>,
    varnames: Vec<Rc<str>>,
    cellvars: Vec<Rc<str>>,
    freevars: Vec<Rc<str>>,
    labels: Vec<Option<u32>>,
    /// (instruction index, label) of jumps to patch.
    fixups: Vec<(usize, usize)>,
    regions: Vec<Region>,
    blocks: Vec<Block<'a>>,
    span: Span,
    depth: i32,
    max_depth: i32,
    argcount: u32,
    posonly: u32,
    kwonly: u32,
    flags: u32,
    firstlineno: u32,
    docstring: Option<Rc<str>>,
}

pub struct Compiler<'a> {
    heap: Rc<Heap>,
    source: Rc<Source>,
    table: SymbolTable,
    units: Vec<Unit<'a>>,
    /// True while compiling a module run as `-c`/interactive: `PrintExpr` is not used.
    interactive: bool,
    /// The call that is the whole value of a `return f(...)` or `x = f(...)` statement
    /// (with `f` a plain name): CPython shows no markers under it.
    plain_call: Option<(u32, u32)>,
}

/// Compiles a parsed module into its code object.
pub fn compile_module(
    heap: &Rc<Heap>,
    source: Rc<Source>,
    module: &ast::ModModule,
) -> CResult<Rc<Code>> {
    let mut c = Compiler::for_module(heap, source, SymbolTable::build(&module.body))?;
    c.push_unit(scope::MODULE_KEY, "<module>".into(), "<module>".into(), 1);
    let anns = scope::body_annotations(&module.body);
    if c.annotate_function(scope::MODULE_KEY, &anns, "<module>", 1)? {
        c.store_name("__annotate__");
    }
    c.body_with_docstring(&module.body, true)?;
    let none = c.const_value(Value::None);
    c.emit(Instr::LoadConst(none));
    c.emit(Instr::Return);
    Ok(c.pop_unit())
}

/// Compiles the expression `eval` was given: a code object returning its value.
pub fn compile_expression(
    heap: &Rc<Heap>,
    source: Rc<Source>,
    module: &ast::ModExpression,
) -> CResult<Rc<Code>> {
    let mut c = Compiler::for_module(heap, source, SymbolTable::build_expr(&module.body))?;
    c.push_unit(scope::MODULE_KEY, "<module>".into(), "<module>".into(), 1);
    c.expr(&module.body)?;
    c.emit(Instr::Return);
    Ok(c.pop_unit())
}

impl<'a> Compiler<'a> {
    /// A compiler for one module (or `eval` expression) whose symbol table was built.
    fn for_module(
        heap: &Rc<Heap>,
        source: Rc<Source>,
        table: Result<SymbolTable, scope::ScopeError>,
    ) -> CResult<Compiler<'a>> {
        let table = table.map_err(|e| CompileError {
            message: e.message,
            start: e.offset,
            end: e.end,
        })?;
        let c = Compiler {
            heap: heap.clone(),
            source,
            table,
            units: Vec::new(),
            interactive: false,
            plain_call: None,
        };
        let _ = c.interactive;
        Ok(c)
    }

    fn unit(&mut self) -> &mut Unit<'a> {
        self.units.last_mut().expect("unit")
    }

    fn push_unit(&mut self, key: (u32, u32), name: Rc<str>, qualname: Rc<str>, line: u32) {
        let scope = self.table.get(key);
        let kind = scope.kind;
        let varnames: Vec<Rc<str>> = if matches!(kind, ScopeKind::Module | ScopeKind::Class) {
            Vec::new()
        } else {
            scope.locals().into_iter().map(Rc::from).collect()
        };
        let cellvars: Vec<Rc<str>> = scope.cells.iter().map(|s| Rc::from(s.as_str())).collect();
        let freevars: Vec<Rc<str>> = scope.frees.iter().map(|s| Rc::from(s.as_str())).collect();
        let flags = if scope.is_generator { CO_GENERATOR } else { 0 };
        self.units.push(Unit {
            key,
            kind,
            name,
            qualname,
            instrs: Vec::new(),
            spans: Vec::new(),
            consts: Vec::new(),
            names: Vec::new(),
            name_index: HashMap::new(),
            varnames,
            cellvars,
            freevars,
            labels: Vec::new(),
            fixups: Vec::new(),
            regions: Vec::new(),
            blocks: Vec::new(),
            span: Span::default(),
            depth: 0,
            max_depth: 0,
            argcount: 0,
            posonly: 0,
            kwonly: 0,
            flags,
            firstlineno: line,
            docstring: None,
        });
    }

    fn pop_unit(&mut self) -> Rc<Code> {
        let mut u = self.units.pop().expect("unit");
        for (at, label) in std::mem::take(&mut u.fixups) {
            let target = u.labels[label].unwrap_or(u.instrs.len() as u32);
            u.instrs[at] = match u.instrs[at] {
                Instr::Jump(_) => Instr::Jump(target),
                Instr::PopJumpIfFalse(_) => Instr::PopJumpIfFalse(target),
                Instr::PopJumpIfTrue(_) => Instr::PopJumpIfTrue(target),
                Instr::JumpIfFalseOrPop(_) => Instr::JumpIfFalseOrPop(target),
                Instr::JumpIfTrueOrPop(_) => Instr::JumpIfTrueOrPop(target),
                Instr::PopJumpIfNone(_) => Instr::PopJumpIfNone(target),
                Instr::PopJumpIfNotNone(_) => Instr::PopJumpIfNotNone(target),
                Instr::ForIter(_) => Instr::ForIter(target),
                other => other,
            };
        }
        let mut handlers = Vec::new();
        for r in &u.regions {
            let target = u.labels[r.target].unwrap_or(0);
            for &(s, e) in &r.segments {
                if e > s {
                    handlers.push(Handler {
                        start: s,
                        end: e,
                        target,
                        depth: r.depth,
                    });
                }
            }
        }
        let cell_args = u
            .cellvars
            .iter()
            .map(|c| u.varnames.iter().position(|v| v == c).map(|p| p as u32))
            .collect();
        Rc::new(Code {
            name: u.name,
            qualname: u.qualname,
            source: self.source.clone(),
            firstlineno: u.firstlineno,
            instrs: u.instrs,
            spans: u.spans,
            consts: u.consts,
            names: u.names,
            varnames: u.varnames,
            cellvars: u.cellvars,
            freevars: u.freevars,
            cell_args,
            argcount: u.argcount,
            posonlyargcount: u.posonly,
            kwonlyargcount: u.kwonly,
            flags: u.flags,
            handlers,
            stacksize: u.max_depth.max(0) as u32 + 2,
            docstring: u.docstring,
        })
    }

    // ---- emission ---------------------------------------------------------------------------

    fn emit(&mut self, i: Instr) -> usize {
        let effect = stack_effect(i);
        let u = self.unit();
        u.instrs.push(i);
        u.spans.push(u.span);
        u.depth += effect;
        if u.depth > u.max_depth {
            u.max_depth = u.depth;
        }
        u.instrs.len() - 1
    }

    fn new_label(&mut self) -> usize {
        let u = self.unit();
        u.labels.push(None);
        u.labels.len() - 1
    }

    fn bind(&mut self, label: usize) {
        let u = self.unit();
        u.labels[label] = Some(u.instrs.len() as u32);
    }

    fn jump(&mut self, i: Instr, label: usize) {
        let at = self.emit(i);
        self.unit().fixups.push((at, label));
    }

    fn set_depth(&mut self, d: i32) {
        self.unit().depth = d;
    }

    fn depth(&mut self) -> i32 {
        self.unit().depth
    }

    /// Sets the source span of the instructions emitted next.
    fn at(&mut self, r: TextRange) -> Span {
        let s = Span {
            start: r.start().to_u32(),
            end: r.end().to_u32(),
            focus_start: r.start().to_u32(),
            focus_end: r.end().to_u32(),
        };
        std::mem::replace(&mut self.unit().span, s)
    }

    fn at_focus(&mut self, r: TextRange, focus: TextRange) -> Span {
        let s = Span {
            start: r.start().to_u32(),
            end: r.end().to_u32(),
            focus_start: focus.start().to_u32(),
            focus_end: focus.end().to_u32(),
        };
        std::mem::replace(&mut self.unit().span, s)
    }

    fn restore(&mut self, s: Span) {
        self.unit().span = s;
    }

    fn const_value(&mut self, v: Value) -> u32 {
        let u = self.unit();
        // Reuse simple constants.
        for (i, c) in u.consts.iter().enumerate() {
            let same = match (c, &v) {
                (Value::None, Value::None) => true,
                (Value::Bool(a), Value::Bool(b)) => a == b,
                (Value::Int(a), Value::Int(b)) => a == b,
                (Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
                (Value::Obj(a), Value::Obj(b)) => Rc::ptr_eq(a, b),
                _ => false,
            };
            if same {
                return i as u32;
            }
        }
        u.consts.push(v);
        (u.consts.len() - 1) as u32
    }

    fn const_str(&mut self, s: &str) -> u32 {
        let existing = self
            .unit()
            .consts
            .iter()
            .position(|c| c.as_str() == Some(s));
        if let Some(i) = existing {
            return i as u32;
        }
        let v = alloc::str_value(&self.heap, s);
        let u = self.unit();
        u.consts.push(v);
        (u.consts.len() - 1) as u32
    }

    fn name(&mut self, n: &str) -> u32 {
        if let Some(&i) = self.unit().name_index.get(n) {
            return i;
        }
        let v = alloc::str_value(&self.heap, n);
        let u = self.unit();
        u.names.push(v);
        let i = (u.names.len() - 1) as u32;
        u.name_index.insert(n.to_string(), i);
        i
    }

    fn scope_access(&self, name: &str) -> Access {
        let key = self.units.last().expect("unit").key;
        self.table.get(key).access(name)
    }

    fn cell_index(&self, name: &str) -> u32 {
        let u = self.units.last().expect("unit");
        if let Some(i) = u.cellvars.iter().position(|c| &**c == name) {
            return i as u32;
        }
        let i = u.freevars.iter().position(|c| &**c == name).unwrap_or(0);
        (u.cellvars.len() + i) as u32
    }

    fn fast_index(&mut self, name: &str) -> u32 {
        let u = self.unit();
        if let Some(i) = u.varnames.iter().position(|v| &**v == name) {
            return i as u32;
        }
        u.varnames.push(name.into());
        (u.varnames.len() - 1) as u32
    }

    /// Loads a variable by name, the way its scope resolves it.
    fn load_name(&mut self, name: &str) {
        match self.scope_access(name) {
            Access::Fast => {
                let i = self.fast_index(name);
                self.emit(Instr::LoadFast(i));
            }
            Access::Cell | Access::Free => {
                let i = self.cell_index(name);
                if self.units.last().map(|u| u.kind) == Some(ScopeKind::Class) {
                    let n = self.name(name);
                    let _ = n;
                    self.emit(Instr::LoadClassDeref(i));
                } else {
                    self.emit(Instr::LoadDeref(i));
                }
            }
            Access::Global => {
                let i = self.name(name);
                if matches!(
                    self.units.last().map(|u| u.kind),
                    Some(ScopeKind::Module | ScopeKind::Class)
                ) && !self.is_global_decl(name)
                {
                    self.emit(Instr::LoadName(i));
                } else {
                    self.emit(Instr::LoadGlobal(i));
                }
            }
            Access::Name => {
                let i = self.name(name);
                self.emit(Instr::LoadName(i));
            }
        }
    }

    fn is_global_decl(&self, name: &str) -> bool {
        let key = self.units.last().expect("unit").key;
        self.table.get(key).is_global_decl(name)
    }

    fn store_name(&mut self, name: &str) {
        match self.scope_access(name) {
            Access::Fast => {
                let i = self.fast_index(name);
                self.emit(Instr::StoreFast(i));
            }
            Access::Cell | Access::Free => {
                let i = self.cell_index(name);
                self.emit(Instr::StoreDeref(i));
            }
            Access::Global => {
                let i = self.name(name);
                self.emit(Instr::StoreGlobal(i));
            }
            Access::Name => {
                let i = self.name(name);
                self.emit(Instr::StoreName(i));
            }
        }
    }

    fn delete_name(&mut self, name: &str) {
        match self.scope_access(name) {
            Access::Fast => {
                let i = self.fast_index(name);
                self.emit(Instr::DeleteFast(i));
            }
            Access::Cell | Access::Free => {
                let i = self.cell_index(name);
                self.emit(Instr::DeleteDeref(i));
            }
            Access::Global => {
                let i = self.name(name);
                self.emit(Instr::DeleteGlobal(i));
            }
            Access::Name => {
                let i = self.name(name);
                self.emit(Instr::DeleteName(i));
            }
        }
    }

    // ---- exception regions ------------------------------------------------------------------

    /// Opens a region whose exceptions go to `target` with the stack at the current depth.
    fn open_region(&mut self, target: usize) -> usize {
        let depth = self.depth().max(0) as u32;
        let u = self.unit();
        let start = u.instrs.len() as u32;
        u.regions.push(Region {
            segments: Vec::new(),
            open: Some(start),
            target,
            depth,
        });
        u.regions.len() - 1
    }

    fn close_region(&mut self, r: usize) {
        let u = self.unit();
        let here = u.instrs.len() as u32;
        if let Some(s) = u.regions[r].open.take() {
            u.regions[r].segments.push((s, here));
        }
    }

    fn reopen_region(&mut self, r: usize) {
        let u = self.unit();
        let here = u.instrs.len() as u32;
        if u.regions[r].open.is_none() {
            u.regions[r].open = Some(here);
        }
    }

    /// The regions that must not see exceptions raised by exit code emitted while unwinding
    /// to block `upto` (exclusive): every region opened by the blocks being left.
    fn block_region(b: &Block) -> Option<usize> {
        match b {
            Block::Try { region }
            | Block::Finally { region, .. }
            | Block::Handler { region, .. }
            | Block::With { region } => Some(*region),
            _ => None,
        }
    }

    /// Emits the code that leaves every block above `upto` (return/break/continue): popping
    /// iterators, running `finally` bodies, calling `__exit__`, ending handlers. With
    /// `preserve_top`, the value on top of the stack (a return value) is kept above the
    /// cleanup.
    fn unwind_blocks(&mut self, upto: usize, preserve_top: bool) -> CResult<()> {
        let top = self.unit().blocks.len();
        let mut suspended = Vec::new();
        for idx in (upto..top).rev() {
            let b = self.unit().blocks[idx].clone();
            if let Some(r) = Self::block_region(&b) {
                self.close_region(r);
                suspended.push(r);
            }
            match b {
                Block::Loop { for_loop, .. } => {
                    if for_loop {
                        if preserve_top {
                            self.emit(Instr::Rot2);
                        }
                        self.emit(Instr::Pop);
                    }
                }
                Block::Try { .. } => {}
                Block::Finally { body, .. } => {
                    // The finally body runs with only the blocks below it in force.
                    let tail = self.unit().blocks.split_off(idx);
                    let result = self.stmts(body);
                    self.unit().blocks.extend(tail);
                    result?;
                }
                Block::FinallyEnd => {
                    // Leaving the exception path of a finally: drop the exception.
                    if preserve_top {
                        self.emit(Instr::Rot2);
                    }
                    self.emit(Instr::Pop);
                    self.emit(Instr::PopExcept);
                }
                Block::Handler { name, .. } => {
                    if preserve_top {
                        self.emit(Instr::Rot2);
                    }
                    self.emit(Instr::Pop);
                    self.emit(Instr::PopExcept);
                    if let Some(n) = name {
                        let none = self.const_value(Value::None);
                        self.emit(Instr::LoadConst(none));
                        self.store_name(&n);
                        self.delete_name(&n);
                    }
                }
                Block::With { .. } => {
                    if preserve_top {
                        self.emit(Instr::Rot2);
                    }
                    let none = self.const_value(Value::None);
                    self.emit(Instr::LoadConst(none));
                    self.emit(Instr::LoadConst(none));
                    self.emit(Instr::LoadConst(none));
                    self.emit(Instr::Call(3));
                    self.emit(Instr::Pop);
                }
            }
        }
        // Code after the jump (if any) is again inside the regions.
        for r in suspended {
            self.reopen_region(r);
        }
        Ok(())
    }

    fn body_with_docstring(&mut self, body: &'a [Stmt], module: bool) -> CResult<()> {
        if let Some(Stmt::Expr(e)) = body.first() {
            if let ast::Expr::StringLiteral(s) = &*e.value {
                let doc = s.value.to_str().to_string();
                self.unit().docstring = Some(doc.as_str().into());
                if module || self.unit().kind == ScopeKind::Class {
                    let c = self.const_str(&doc);
                    let saved = self.at(e.range());
                    self.emit(Instr::LoadConst(c));
                    let n = self.name("__doc__");
                    self.emit(Instr::StoreName(n));
                    self.restore(saved);
                }
                return self.stmts(&body[1..]);
            }
        }
        self.stmts(body)
    }

    fn stmts(&mut self, body: &'a [Stmt]) -> CResult<()> {
        for s in body {
            self.stmt(s)?;
        }
        Ok(())
    }

    /// Finishes a function-like unit's argument counts.
    fn set_args(&mut self, p: Option<&ast::Parameters>) {
        let Some(p) = p else { return };
        let u = self.unit();
        u.posonly = p.posonlyargs.len() as u32;
        u.argcount = (p.posonlyargs.len() + p.args.len()) as u32;
        u.kwonly = p.kwonlyargs.len() as u32;
        if p.vararg.is_some() {
            u.flags |= CO_VARARGS;
        }
        if p.kwarg.is_some() {
            u.flags |= CO_VARKEYWORDS;
        }
    }

    fn qualname_for(&self, name: &str) -> Rc<str> {
        let mut parts: Vec<String> = Vec::new();
        for u in self.units.iter().skip(1) {
            match u.kind {
                ScopeKind::Function => {
                    parts.push(u.qualname.to_string());
                    parts.push("<locals>".into());
                }
                ScopeKind::Class => parts.push(u.qualname.to_string()),
                _ => {}
            }
        }
        // Each entry already is a full qualname: keep only the innermost.
        let prefix = match self.units.iter().skip(1).next_back() {
            Some(u) if u.kind == ScopeKind::Function => format!("{}.<locals>.", u.qualname),
            Some(u) if u.kind == ScopeKind::Class => format!("{}.", u.qualname),
            Some(u) if matches!(u.kind, ScopeKind::Comprehension | ScopeKind::GenExpr) => {
                format!("{}.", u.qualname)
            }
            _ => String::new(),
        };
        let _ = parts;
        format!("{prefix}{name}").into()
    }
}

/// The change in stack depth an instruction makes (for the handler depths and frame sizes).
fn stack_effect(i: Instr) -> i32 {
    use Instr::*;
    match i {
        Nop => 0,
        Pop => -1,
        Dup => 1,
        Dup2 => 2,
        Rot2 | Rot3 | Rot4 => 0,
        LoadConst(_) | LoadFast(_) | LoadDeref(_) | LoadClosure(_) | LoadGlobal(_)
        | LoadName(_) | LoadClassDeref(_) => 1,
        StoreFast(_) | StoreDeref(_) | StoreGlobal(_) | StoreName(_) => -1,
        DeleteFast(_) | DeleteDeref(_) | DeleteGlobal(_) | DeleteName(_) => 0,
        LoadAttr(_) => 0,
        StoreAttr(_) => -2,
        DeleteAttr(_) => -1,
        LoadMethod(_) => 1,
        CallMethod(n) => -(n as i32) - 1,
        Subscr => -1,
        StoreSubscr => -3,
        DeleteSubscr => -2,
        Binary(_) | Inplace(_) | Compare(_) | Is(_) | Contains(_) => -1,
        Unary(_) => 0,
        Jump(_) => 0,
        PopJumpIfFalse(_) | PopJumpIfTrue(_) | PopJumpIfNone(_) | PopJumpIfNotNone(_) => -1,
        JumpIfFalseOrPop(_) | JumpIfTrueOrPop(_) => -1,
        GetIter => 0,
        ForIter(_) => 1,
        Call(n) => -(n as i32),
        CallKw(n) => -(n as i32) - 1,
        CallEx(k) => -1 - k as i32,
        MakeFunction(f) => {
            -((f & 1) as i32)
                - ((f >> 1 & 1) as i32)
                - ((f >> 3 & 1) as i32)
                - ((f >> 4 & 1) as i32)
        }
        BuildTuple(n) | BuildList(n) | BuildSet(n) | BuildString(n) => 1 - n as i32,
        BuildMap(n) => 1 - 2 * n as i32,
        BuildSlice(n) => 1 - n as i32,
        FormatValue(f) => {
            if f & 4 != 0 {
                -1
            } else {
                0
            }
        }
        ListAppend(_) | SetAdd(_) => -1,
        MapAdd(_) => -2,
        ListExtend(_) | SetUpdate(_) | DictUpdate(_) | DictMerge(_) => -1,
        ListToTuple => 0,
        UnpackSequence(n) => n as i32 - 1,
        UnpackEx(n) => (n & 0xffff) as i32 + (n >> 16) as i32,
        Return => -1,
        Raise(n) => -(n as i32),
        Reraise => -1,
        PushExcInfo => 0,
        PopExcept => 0,
        CheckExcMatch => 0,
        LoadBuildClass => 1,
        ImportName(_) => -1,
        ImportFrom(_) => 1,
        ImportStar => -1,
        YieldValue => 0,
        YieldFrom => -1,
        GenStart => 0,
        LoadAssertionError => 1,
        BeforeWith => 1,
        WithExceptStart => 0,
        MatchLen(_) => 1,
        MatchSequence | MatchMapping => 1,
        MatchKeys => 1,
        MatchClass(_) => -2,
        CopyDictWithoutKeys => -1,
        RotN(_) | PullN(_) => 0,
        SetupAnnotations => 0,
        PrintExpr => -1,
    }
}
