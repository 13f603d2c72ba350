//! The symbol table: which names each scope binds, and whether a name is local, a cell shared
//! with nested functions, a free variable from an enclosing function, or global.
//!
//! Scopes are found again by the compiler through the source range of the node that opens
//! them (function, lambda, class, comprehension), so the two passes cannot drift apart.

use ruff_python_ast::{self as ast, Expr, Pattern, Stmt};
use ruff_text_size::Ranged;
use std::collections::{BTreeSet, HashMap};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScopeKind {
    Module,
    Class,
    Function,
    /// List, set and dict comprehensions: a function scope that tracebacks do not show.
    Comprehension,
    GenExpr,
}

/// How a name is reached from code in a scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// A fast local slot.
    Fast,
    /// A cell this scope owns (captured by a nested function).
    Cell,
    /// A free variable received from an enclosing function.
    Free,
    /// `global` declared, or implicit global in a function.
    Global,
    /// Looked up by name: locals mapping, globals, builtins (module and class bodies).
    Name,
}

#[derive(Default, Clone, Copy)]
struct Flags {
    bound: bool,
    param: bool,
    used: bool,
    global: bool,
    nonlocal: bool,
}

pub struct Scope {
    pub kind: ScopeKind,
    pub name: String,
    order: Vec<String>,
    flags: HashMap<String, Flags>,
    /// Names that are cells here (bound here, used by an inner function).
    pub cells: BTreeSet<String>,
    /// Free variables, in first-need order.
    pub frees: Vec<String>,
    pub children: Vec<(u32, u32)>,
    /// A method that uses `super` or `__class__`: the class must provide a `__class__` cell.
    pub needs_class_cell: bool,
    pub is_generator: bool,
    pub params: Vec<String>,
    /// Each `nonlocal` name with the range of its statement, checked against the enclosing
    /// functions once the whole module is known.
    nonlocal_decls: Vec<(String, (u32, u32))>,
}

impl Scope {
    fn new(kind: ScopeKind, name: &str) -> Scope {
        Scope {
            kind,
            name: name.to_string(),
            order: Vec::new(),
            flags: HashMap::new(),
            cells: BTreeSet::new(),
            frees: Vec::new(),
            children: Vec::new(),
            needs_class_cell: false,
            is_generator: false,
            params: Vec::new(),
            nonlocal_decls: Vec::new(),
        }
    }

    fn flag(&mut self, name: &str) -> &mut Flags {
        if !self.flags.contains_key(name) {
            self.order.push(name.to_string());
        }
        self.flags.entry(name.to_string()).or_default()
    }

    fn is_function(&self) -> bool {
        matches!(
            self.kind,
            ScopeKind::Function | ScopeKind::Comprehension | ScopeKind::GenExpr
        )
    }

    /// Binds this scope's own locals (not global, not nonlocal).
    fn binds(&self, name: &str) -> bool {
        self.flags
            .get(name)
            .is_some_and(|f| (f.bound || f.param) && !f.global && !f.nonlocal)
    }

    pub fn is_global_decl(&self, name: &str) -> bool {
        self.flags.get(name).is_some_and(|f| f.global)
    }

    /// How code in this scope reaches `name`.
    pub fn access(&self, name: &str) -> Access {
        let f = self.flags.get(name).copied().unwrap_or_default();
        if f.global {
            return Access::Global;
        }
        if self.cells.contains(name) {
            return Access::Cell;
        }
        if self.frees.iter().any(|n| n == name) {
            return Access::Free;
        }
        match self.kind {
            ScopeKind::Module | ScopeKind::Class => Access::Name,
            _ => {
                if f.bound || f.param {
                    Access::Fast
                } else {
                    Access::Global
                }
            }
        }
    }

    /// Local variable names (fast slots) in first-seen order, parameters first.
    pub fn locals(&self) -> Vec<String> {
        let mut out = self.params.clone();
        for n in &self.order {
            let f = self.flags[n];
            if (f.bound || f.param) && !f.global && !f.nonlocal && !out.contains(n) {
                out.push(n.clone());
            }
        }
        out
    }
}

/// A symbol-table problem CPython reports as a `SyntaxError`.
pub struct ScopeError {
    pub message: String,
    pub offset: u32,
    pub end: u32,
}

pub struct SymbolTable {
    pub scopes: HashMap<(u32, u32), Scope>,
}

pub const MODULE_KEY: (u32, u32) = (u32::MAX, u32::MAX);

impl SymbolTable {
    pub fn build(body: &[Stmt]) -> Result<SymbolTable, ScopeError> {
        Self::build_with(|b| {
            let anns: Vec<&Expr> = body_annotations(body).into_iter().map(|(_, e)| e).collect();
            b.annotation_scope(MODULE_KEY, &anns)?;
            body.iter().try_for_each(|s| b.stmt(s))
        })
    }

    /// The table of an `eval` expression: one module scope (and the scopes of any lambdas
    /// or comprehensions inside it).
    pub fn build_expr(e: &Expr) -> Result<SymbolTable, ScopeError> {
        Self::build_with(|b| b.expr(e))
    }

    /// A module scope filled by `fill`, then resolved.
    fn build_with(
        fill: impl FnOnce(&mut Builder) -> Result<(), ScopeError>,
    ) -> Result<SymbolTable, ScopeError> {
        let mut b = Builder {
            scopes: HashMap::new(),
            stack: vec![(MODULE_KEY, Scope::new(ScopeKind::Module, "<module>"))],
        };
        fill(&mut b)?;
        let (key, module) = b.stack.pop().expect("module scope");
        b.scopes.insert(key, module);
        let mut table = SymbolTable { scopes: b.scopes };
        table.check_nonlocals(MODULE_KEY, &[])?;
        table.resolve(MODULE_KEY, &[]);
        Ok(table)
    }

    /// Every `nonlocal` name must be bound by an enclosing function (classes and the module
    /// do not count), else CPython's "no binding for nonlocal" error.
    fn check_nonlocals(&self, key: (u32, u32), enclosing: &[(u32, u32)]) -> Result<(), ScopeError> {
        let s = &self.scopes[&key];
        for (name, (start, end)) in &s.nonlocal_decls {
            let bound = enclosing.iter().any(|k| {
                let e = &self.scopes[k];
                e.kind != ScopeKind::Class
                    && e.kind != ScopeKind::Module
                    && (e.binds(name) || e.flags.get(name).is_some_and(|f| f.nonlocal))
            });
            if !bound {
                return Err(ScopeError {
                    message: format!("no binding for nonlocal '{name}' found"),
                    offset: *start,
                    end: *end,
                });
            }
        }
        let mut inner = enclosing.to_vec();
        if s.kind != ScopeKind::Module {
            inner.push(key);
        }
        for c in &s.children {
            self.check_nonlocals(*c, &inner)?;
        }
        Ok(())
    }

    pub fn get(&self, key: (u32, u32)) -> &Scope {
        &self.scopes[&key]
    }

    /// Decides cells and free variables, top down: `enclosing` are the function scopes around
    /// `key`, innermost last (class scopes are not visible to the functions inside them).
    fn resolve(&mut self, key: (u32, u32), enclosing: &[(u32, u32)]) {
        let children = self.scopes[&key].children.clone();
        let kind = self.scopes[&key].kind;
        let mut inner_enclosing = enclosing.to_vec();
        if kind != ScopeKind::Module {
            inner_enclosing.push(key);
        }
        // Names this scope uses but does not bind: find the function scope that binds them.
        let (names, needs_class): (Vec<String>, bool) = {
            let s = &self.scopes[&key];
            let names = s
                .order
                .iter()
                .filter(|n| {
                    let f = s.flags[*n];
                    s.is_function() && ((f.used && !f.bound && !f.param && !f.global) || f.nonlocal)
                })
                .cloned()
                .collect();
            (names, s.needs_class_cell)
        };
        for name in names {
            self.capture(key, enclosing, &name);
        }
        if needs_class {
            self.capture(key, enclosing, "__class__");
        }
        for c in children {
            self.resolve(c, &inner_enclosing);
        }
    }

    /// Makes `name` a free variable of `key` if an enclosing function binds it, turning it into
    /// a cell there and a free variable in every scope in between.
    fn capture(&mut self, key: (u32, u32), enclosing: &[(u32, u32)], name: &str) {
        let Some(pos) = enclosing.iter().rposition(|k| {
            let s = &self.scopes[k];
            if name == "__class__" {
                s.kind == ScopeKind::Class
            } else {
                s.kind != ScopeKind::Class && s.binds(name)
            }
        }) else {
            return;
        };
        let owner = enclosing[pos];
        if let Some(s) = self.scopes.get_mut(&owner) {
            s.cells.insert(name.to_string());
        }
        for k in enclosing[pos + 1..].iter().chain(std::iter::once(&key)) {
            if let Some(s) = self.scopes.get_mut(k) {
                if !s.frees.iter().any(|n| n == name) && !s.cells.contains(name) {
                    s.frees.push(name.to_string());
                }
            }
        }
    }
}

struct Builder {
    scopes: HashMap<(u32, u32), Scope>,
    stack: Vec<((u32, u32), Scope)>,
}

fn key_of(r: impl Ranged) -> (u32, u32) {
    let r = r.range();
    (r.start().to_u32(), r.end().to_u32())
}

/// Marks the key of the annotation scope (`__annotate__`) of a function, class or module.
const ANNOTATE_TAG: u32 = 1 << 31;

/// The key of the annotation scope belonging to the node with key `key`.
pub fn annotate_key(key: (u32, u32)) -> (u32, u32) {
    (key.0, key.1 ^ ANNOTATE_TAG)
}

/// The annotation of a parameter list, in the order `__annotations__` lists them.
pub fn parameter_annotations(p: &ast::Parameters) -> Vec<(&str, &Expr)> {
    let mut out = Vec::new();
    let plain = p
        .posonlyargs
        .iter()
        .chain(p.args.iter())
        .map(|a| &a.parameter);
    let star = p.vararg.iter().map(|v| &**v);
    let kwonly = p.kwonlyargs.iter().map(|a| &a.parameter);
    let kw = p.kwarg.iter().map(|v| &**v);
    for a in plain.chain(star).chain(kwonly).chain(kw) {
        if let Some(ann) = &a.annotation {
            out.push((a.name.id.as_str(), &**ann));
        }
    }
    out
}

/// The annotated simple names of a class or module body (`x: int`), in source order,
/// looking into compound statements but not into nested functions and classes.
pub fn body_annotations(body: &[Stmt]) -> Vec<(&str, &Expr)> {
    fn walk<'b>(body: &'b [Stmt], out: &mut Vec<(&'b str, &'b Expr)>) {
        for s in body {
            match s {
                Stmt::AnnAssign(a) if a.simple => {
                    if let Expr::Name(n) = &*a.target {
                        out.push((n.id.as_str(), &a.annotation));
                    }
                }
                Stmt::If(i) => {
                    walk(&i.body, out);
                    for c in &i.elif_else_clauses {
                        walk(&c.body, out);
                    }
                }
                Stmt::For(f) => {
                    walk(&f.body, out);
                    walk(&f.orelse, out);
                }
                Stmt::While(w) => {
                    walk(&w.body, out);
                    walk(&w.orelse, out);
                }
                Stmt::With(w) => walk(&w.body, out),
                Stmt::Try(t) => {
                    walk(&t.body, out);
                    for h in &t.handlers {
                        let ast::ExceptHandler::ExceptHandler(h) = h;
                        walk(&h.body, out);
                    }
                    walk(&t.orelse, out);
                    walk(&t.finalbody, out);
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(body, &mut out);
    out
}

impl Builder {
    fn cur(&mut self) -> &mut Scope {
        &mut self.stack.last_mut().expect("scope").1
    }

    fn bind(&mut self, name: &str) {
        self.cur().flag(name).bound = true;
    }

    fn use_name(&mut self, name: &str) {
        self.cur().flag(name).used = true;
        if name == "super" {
            self.mark_super();
        }
    }

    fn mark_super(&mut self) {
        // A function that names `super` may call it with no arguments: it needs the
        // `__class__` cell of the class it is defined in (if any).
        if let Some((_, s)) = self.stack.last_mut() {
            if s.is_function() {
                s.needs_class_cell = true;
            }
        }
    }

    fn push(&mut self, key: (u32, u32), kind: ScopeKind, name: &str) {
        self.cur().children.push(key);
        self.stack.push((key, Scope::new(kind, name)));
    }

    fn pop(&mut self) {
        let (k, s) = self.stack.pop().expect("scope");
        self.scopes.insert(k, s);
    }

    /// Declares a function's parameters; a name given twice is CPython's "duplicate
    /// argument" error, marked at its second appearance.
    fn params(&mut self, p: &ast::Parameters) -> Result<(), ScopeError> {
        let mut names: Vec<String> = Vec::new();
        let declared = p
            .posonlyargs
            .iter()
            .chain(p.args.iter())
            .chain(p.kwonlyargs.iter())
            .map(|a| &a.parameter.name)
            .chain(p.vararg.iter().map(|v| &v.name))
            .chain(p.kwarg.iter().map(|k| &k.name));
        for name in declared {
            if names.iter().any(|n| n == name.id.as_str()) {
                return Err(ScopeError {
                    message: format!("duplicate argument '{}' in function definition", name.id),
                    offset: name.range.start().to_u32(),
                    end: name.range.end().to_u32(),
                });
            }
            names.push(name.id.to_string());
        }
        // The frame's parameter order: positional, keyword-only, then `*args` and `**kw`.
        let mut ordered: Vec<String> = p
            .posonlyargs
            .iter()
            .chain(p.args.iter())
            .chain(p.kwonlyargs.iter())
            .map(|a| a.parameter.name.id.to_string())
            .collect();
        ordered.extend(p.vararg.iter().map(|v| v.name.id.to_string()));
        ordered.extend(p.kwarg.iter().map(|k| k.name.id.to_string()));
        for n in &ordered {
            self.cur().flag(n).param = true;
        }
        self.cur().params = ordered;
        Ok(())
    }

    fn param_defaults(&mut self, p: &ast::Parameters) -> Result<(), ScopeError> {
        for a in p
            .posonlyargs
            .iter()
            .chain(p.args.iter())
            .chain(p.kwonlyargs.iter())
        {
            if let Some(d) = &a.default {
                self.expr(d)?;
            }
        }
        Ok(())
    }

    /// The scope of the `__annotate__` function that evaluates annotations when they are
    /// first asked for (PEP 649): a function scope nested where the annotations are written,
    /// taking one parameter `.format`.
    fn annotation_scope(&mut self, key: (u32, u32), anns: &[&Expr]) -> Result<(), ScopeError> {
        if anns.is_empty() {
            return Ok(());
        }
        self.push(annotate_key(key), ScopeKind::Function, "__annotate__");
        self.cur().flag(".format").param = true;
        self.cur().params = vec![".format".to_string()];
        for a in anns {
            self.expr(a)?;
        }
        self.pop();
        Ok(())
    }

    fn body(&mut self, body: &[Stmt]) -> Result<(), ScopeError> {
        for s in body {
            self.stmt(s)?;
        }
        Ok(())
    }

    fn stmt(&mut self, s: &Stmt) -> Result<(), ScopeError> {
        match s {
            Stmt::FunctionDef(f) => {
                for d in &f.decorator_list {
                    self.expr(&d.expression)?;
                }
                self.param_defaults(&f.parameters)?;
                let mut anns: Vec<&Expr> = parameter_annotations(&f.parameters)
                    .into_iter()
                    .map(|(_, e)| e)
                    .collect();
                anns.extend(f.returns.as_deref());
                self.annotation_scope(key_of(f), &anns)?;
                self.bind(&f.name.id);
                self.push(key_of(f), ScopeKind::Function, &f.name.id);
                self.params(&f.parameters)?;
                self.body(&f.body)?;
                self.pop();
            }
            Stmt::ClassDef(c) => {
                for d in &c.decorator_list {
                    self.expr(&d.expression)?;
                }
                if let Some(args) = &c.arguments {
                    for a in args.args.iter() {
                        self.expr(a)?;
                    }
                    for k in args.keywords.iter() {
                        self.expr(&k.value)?;
                    }
                }
                self.bind(&c.name.id);
                self.push(key_of(c), ScopeKind::Class, &c.name.id);
                let anns: Vec<&Expr> = body_annotations(&c.body)
                    .into_iter()
                    .map(|(_, e)| e)
                    .collect();
                self.annotation_scope(key_of(c), &anns)?;
                self.body(&c.body)?;
                self.pop();
            }
            Stmt::Return(r) => {
                if let Some(v) = &r.value {
                    self.expr(v)?;
                }
            }
            Stmt::Delete(d) => {
                for t in &d.targets {
                    self.target(t)?;
                }
            }
            Stmt::TypeAlias(t) => {
                self.target(&t.name)?;
                self.expr(&t.value)?;
            }
            Stmt::Assign(a) => {
                self.expr(&a.value)?;
                for t in &a.targets {
                    self.target(t)?;
                }
            }
            Stmt::AugAssign(a) => {
                self.expr(&a.value)?;
                if let Expr::Name(n) = &*a.target {
                    self.use_name(&n.id);
                }
                self.target(&a.target)?;
            }
            Stmt::AnnAssign(a) => {
                if let Some(v) = &a.value {
                    self.expr(v)?;
                }
                // Annotations are evaluated by the `__annotate__` scope, never here.
                if a.value.is_some() || matches!(&*a.target, Expr::Name(_)) {
                    self.target(&a.target)?;
                }
            }
            Stmt::For(f) => {
                self.expr(&f.iter)?;
                self.target(&f.target)?;
                self.body(&f.body)?;
                self.body(&f.orelse)?;
            }
            Stmt::While(w) => {
                self.expr(&w.test)?;
                self.body(&w.body)?;
                self.body(&w.orelse)?;
            }
            Stmt::If(i) => {
                self.expr(&i.test)?;
                self.body(&i.body)?;
                for c in &i.elif_else_clauses {
                    if let Some(t) = &c.test {
                        self.expr(t)?;
                    }
                    self.body(&c.body)?;
                }
            }
            Stmt::With(w) => {
                for it in &w.items {
                    self.expr(&it.context_expr)?;
                    if let Some(v) = &it.optional_vars {
                        self.target(v)?;
                    }
                }
                self.body(&w.body)?;
            }
            Stmt::Match(m) => {
                self.expr(&m.subject)?;
                for c in &m.cases {
                    self.pattern(&c.pattern)?;
                    if let Some(g) = &c.guard {
                        self.expr(g)?;
                    }
                    self.body(&c.body)?;
                }
            }
            Stmt::Raise(r) => {
                if let Some(e) = &r.exc {
                    self.expr(e)?;
                }
                if let Some(c) = &r.cause {
                    self.expr(c)?;
                }
            }
            Stmt::Try(t) => {
                self.body(&t.body)?;
                for h in &t.handlers {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    if let Some(ty) = &h.type_ {
                        self.expr(ty)?;
                    }
                    if let Some(n) = &h.name {
                        self.bind(&n.id);
                    }
                    self.body(&h.body)?;
                }
                self.body(&t.orelse)?;
                self.body(&t.finalbody)?;
            }
            Stmt::Assert(a) => {
                self.expr(&a.test)?;
                if let Some(m) = &a.msg {
                    self.expr(m)?;
                }
            }
            Stmt::Import(i) => {
                for a in &i.names {
                    match &a.asname {
                        Some(n) => self.bind(&n.id),
                        None => {
                            let first = a.name.id.split('.').next().unwrap_or("");
                            self.bind(first)
                        }
                    }
                }
            }
            Stmt::ImportFrom(i) => {
                for a in &i.names {
                    if a.name.id.as_str() == "*" {
                        if self.cur().kind != ScopeKind::Module {
                            return Err(ScopeError {
                                message: "import * only allowed at module level".into(),
                                offset: i.range.start().to_u32(),
                                end: i.range.end().to_u32(),
                            });
                        }
                        continue;
                    }
                    let n = a.asname.as_ref().unwrap_or(&a.name);
                    self.bind(&n.id);
                }
            }
            Stmt::Global(g) => {
                for n in &g.names {
                    let f = *self.cur().flag(&n.id);
                    if f.param {
                        return Err(ScopeError {
                            message: format!("name '{}' is parameter and global", n.id),
                            offset: g.range.start().to_u32(),
                            end: g.range.end().to_u32(),
                        });
                    }
                    if f.used || f.bound {
                        let what = if f.bound { "assigned to" } else { "used" };
                        return Err(ScopeError {
                            message: format!("name '{}' is {what} before global declaration", n.id),
                            offset: g.range.start().to_u32(),
                            end: g.range.end().to_u32(),
                        });
                    }
                    self.cur().flag(&n.id).global = true;
                }
            }
            Stmt::Nonlocal(g) => {
                if self.cur().kind == ScopeKind::Module {
                    return Err(ScopeError {
                        message: "nonlocal declaration not allowed at module level".into(),
                        offset: g.range.start().to_u32(),
                        end: g.range.end().to_u32(),
                    });
                }
                for n in &g.names {
                    let f = *self.cur().flag(&n.id);
                    if f.param {
                        return Err(ScopeError {
                            message: format!("name '{}' is parameter and nonlocal", n.id),
                            offset: g.range.start().to_u32(),
                            end: g.range.end().to_u32(),
                        });
                    }
                    if f.used || f.bound {
                        let what = if f.bound { "assigned to" } else { "used" };
                        return Err(ScopeError {
                            message: format!(
                                "name '{}' is {what} before nonlocal declaration",
                                n.id
                            ),
                            offset: g.range.start().to_u32(),
                            end: g.range.end().to_u32(),
                        });
                    }
                    self.cur().flag(&n.id).nonlocal = true;
                    let range = (g.range.start().to_u32(), g.range.end().to_u32());
                    self.cur().nonlocal_decls.push((n.id.to_string(), range));
                }
            }
            Stmt::Expr(e) => self.expr(&e.value)?,
            Stmt::Pass(_) | Stmt::Break(_) | Stmt::Continue(_) | Stmt::IpyEscapeCommand(_) => {}
        }
        Ok(())
    }

    fn target(&mut self, t: &Expr) -> Result<(), ScopeError> {
        match t {
            Expr::Name(n) => self.bind(&n.id),
            Expr::Tuple(t) => {
                for e in &t.elts {
                    self.target(e)?;
                }
            }
            Expr::List(t) => {
                for e in &t.elts {
                    self.target(e)?;
                }
            }
            Expr::Starred(s) => self.target(&s.value)?,
            other => self.expr(other)?,
        }
        Ok(())
    }

    fn pattern(&mut self, p: &Pattern) -> Result<(), ScopeError> {
        match p {
            Pattern::MatchValue(v) => self.expr(&v.value)?,
            Pattern::MatchSingleton(_) => {}
            Pattern::MatchSequence(s) => {
                for p in &s.patterns {
                    self.pattern(p)?;
                }
            }
            Pattern::MatchMapping(m) => {
                for k in m.keys.iter() {
                    self.expr(k)?;
                }
                for p in m.patterns.iter() {
                    self.pattern(p)?;
                }
                if let Some(r) = &m.rest {
                    self.bind(&r.id);
                }
            }
            Pattern::MatchClass(c) => {
                self.expr(&c.cls)?;
                for p in c.arguments.patterns.iter() {
                    self.pattern(p)?;
                }
                for k in &c.arguments.keywords {
                    self.pattern(&k.pattern)?;
                }
            }
            Pattern::MatchStar(s) => {
                if let Some(n) = &s.name {
                    self.bind(&n.id);
                }
            }
            Pattern::MatchAs(a) => {
                if let Some(p) = &a.pattern {
                    self.pattern(p)?;
                }
                if let Some(n) = &a.name {
                    self.bind(&n.id);
                }
            }
            Pattern::MatchOr(o) => {
                for p in &o.patterns {
                    self.pattern(p)?;
                }
            }
        }
        Ok(())
    }

    fn comprehension(
        &mut self,
        key: (u32, u32),
        kind: ScopeKind,
        gens: &[ast::Comprehension],
        elts: &[&Expr],
    ) -> Result<(), ScopeError> {
        // The first iterable is evaluated in the enclosing scope.
        if let Some(first) = gens.first() {
            self.expr(&first.iter)?;
        }
        let name = match kind {
            ScopeKind::GenExpr => "<genexpr>",
            _ => "<listcomp>",
        };
        self.push(key, kind, name);
        self.cur().params = vec![".0".to_string()];
        self.cur().flag(".0").param = true;
        if kind == ScopeKind::GenExpr {
            self.cur().is_generator = true;
        }
        for (i, g) in gens.iter().enumerate() {
            if i > 0 {
                self.expr(&g.iter)?;
            }
            self.target(&g.target)?;
            for c in &g.ifs {
                self.expr(c)?;
            }
        }
        for e in elts {
            self.expr(e)?;
        }
        self.pop();
        Ok(())
    }

    fn expr(&mut self, e: &Expr) -> Result<(), ScopeError> {
        match e {
            Expr::BoolOp(b) => {
                for v in &b.values {
                    self.expr(v)?;
                }
            }
            Expr::Named(n) => {
                self.expr(&n.value)?;
                // The target binds in the nearest scope that is not a comprehension.
                if let Expr::Name(name) = &*n.target {
                    let idx = self
                        .stack
                        .iter()
                        .rposition(|(_, s)| {
                            !matches!(s.kind, ScopeKind::Comprehension | ScopeKind::GenExpr)
                        })
                        .unwrap_or(0);
                    if idx + 1 < self.stack.len() {
                        self.stack[idx].1.flag(&name.id).bound = true;
                        for (_, s) in &mut self.stack[idx + 1..] {
                            s.flag(&name.id).nonlocal = s.kind != ScopeKind::Module;
                        }
                        if self.stack[idx].1.kind == ScopeKind::Module {
                            for (_, s) in &mut self.stack[idx + 1..] {
                                let f = s.flag(&name.id);
                                f.nonlocal = false;
                                f.global = true;
                            }
                        }
                    } else {
                        self.bind(&name.id);
                    }
                }
            }
            Expr::BinOp(b) => {
                self.expr(&b.left)?;
                self.expr(&b.right)?;
            }
            Expr::UnaryOp(u) => self.expr(&u.operand)?,
            Expr::Lambda(l) => {
                if let Some(p) = &l.parameters {
                    self.param_defaults(p)?;
                }
                self.push(key_of(l), ScopeKind::Function, "<lambda>");
                if let Some(p) = &l.parameters {
                    self.params(p)?;
                }
                self.expr(&l.body)?;
                self.pop();
            }
            Expr::If(i) => {
                self.expr(&i.test)?;
                self.expr(&i.body)?;
                self.expr(&i.orelse)?;
            }
            Expr::Dict(d) => {
                for it in &d.items {
                    if let Some(k) = &it.key {
                        self.expr(k)?;
                    }
                    self.expr(&it.value)?;
                }
            }
            Expr::Set(s) => {
                for e in &s.elts {
                    self.expr(e)?;
                }
            }
            Expr::ListComp(c) => self.comprehension(
                key_of(c),
                ScopeKind::Comprehension,
                &c.generators,
                &[&c.elt],
            )?,
            Expr::SetComp(c) => self.comprehension(
                key_of(c),
                ScopeKind::Comprehension,
                &c.generators,
                &[&c.elt],
            )?,
            Expr::DictComp(c) => {
                let mut elts: Vec<&Expr> = Vec::new();
                if let Some(k) = &c.key {
                    elts.push(k);
                }
                elts.push(&c.value);
                self.comprehension(key_of(c), ScopeKind::Comprehension, &c.generators, &elts)?
            }
            Expr::Generator(g) => {
                self.comprehension(key_of(g), ScopeKind::GenExpr, &g.generators, &[&g.elt])?
            }
            Expr::Await(a) => {
                // Async functions are refused when compiled, so any `await` that gets here
                // is outside one: CPython says which kind of outside.
                let in_function = self
                    .stack
                    .iter()
                    .any(|(_, s)| s.kind == ScopeKind::Function);
                return Err(ScopeError {
                    message: if in_function {
                        "'await' outside async function".into()
                    } else {
                        "'await' outside function".into()
                    },
                    offset: a.range.start().to_u32(),
                    end: a.range.end().to_u32(),
                });
            }
            Expr::Yield(y) => {
                self.cur().is_generator = true;
                if let Some(v) = &y.value {
                    self.expr(v)?;
                }
            }
            Expr::YieldFrom(y) => {
                self.cur().is_generator = true;
                self.expr(&y.value)?;
            }
            Expr::Compare(c) => {
                self.expr(&c.left)?;
                for x in c.comparators.iter() {
                    self.expr(x)?;
                }
            }
            Expr::Call(c) => {
                self.expr(&c.func)?;
                for a in c.arguments.args.iter() {
                    self.expr(a)?;
                }
                for (i, k) in c.arguments.keywords.iter().enumerate() {
                    if let Some(arg) = &k.arg {
                        let earlier = &c.arguments.keywords[..i];
                        if earlier
                            .iter()
                            .any(|e| e.arg.as_ref().is_some_and(|a| a.id == arg.id))
                        {
                            return Err(ScopeError {
                                message: format!("keyword argument repeated: {}", arg.id),
                                offset: k.range.start().to_u32(),
                                end: k.range.end().to_u32(),
                            });
                        }
                    }
                    self.expr(&k.value)?;
                }
            }
            Expr::FString(f) => {
                for part in f.value.iter() {
                    if let ast::FStringPart::FString(fs) = part {
                        self.interpolations(&fs.elements)?;
                    }
                }
            }
            Expr::TString(t) => {
                for ts in t.value.iter() {
                    self.interpolations(&ts.elements)?;
                }
            }
            Expr::Attribute(a) => self.expr(&a.value)?,
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.expr(&s.slice)?;
            }
            Expr::Starred(s) => self.expr(&s.value)?,
            Expr::Name(n) => match n.ctx {
                ast::ExprContext::Load => self.use_name(&n.id),
                _ => self.bind(&n.id),
            },
            Expr::List(l) => {
                for e in &l.elts {
                    self.expr(e)?;
                }
            }
            Expr::Tuple(t) => {
                for e in &t.elts {
                    self.expr(e)?;
                }
            }
            Expr::Slice(s) => {
                for e in [&s.lower, &s.upper, &s.step].into_iter().flatten() {
                    self.expr(e)?;
                }
            }
            Expr::StringLiteral(_)
            | Expr::BytesLiteral(_)
            | Expr::NumberLiteral(_)
            | Expr::BooleanLiteral(_)
            | Expr::NoneLiteral(_)
            | Expr::EllipsisLiteral(_)
            | Expr::IpyEscapeCommand(_) => {}
        }
        Ok(())
    }

    fn interpolations(&mut self, els: &ast::InterpolatedStringElements) -> Result<(), ScopeError> {
        for el in els.iter() {
            if let ast::InterpolatedStringElement::Interpolation(i) = el {
                self.expr(&i.expression)?;
                if let Some(spec) = &i.format_spec {
                    self.interpolations(&spec.elements)?;
                }
            }
        }
        Ok(())
    }
}
