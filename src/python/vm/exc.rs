//! Exceptions: creating and raising them, chaining (`__context__`, `__cause__`), matching
//! `except` clauses, and printing tracebacks in CPython 3.14's format (source lines with the
//! `~~~^^^` markers, chained-exception separators, notes).

use super::{Flow, PyResult, Vm};
use crate::python::code::{Code, Span, CO_NESTED};
use crate::python::object::{ExcData, Kind, Obj, TbEntry, Value};
use std::cell::RefCell;
use std::rc::Rc;

impl Vm {
    /// A new exception instance of `cls` with a message argument.
    pub fn new_exception(&mut self, cls: Rc<Obj>, msg: &str) -> Value {
        let args = if msg.is_empty() {
            Vec::new()
        } else {
            vec![self.str_now(msg)]
        };
        self.new_exception_args(cls, args)
    }

    pub fn new_exception_args(&mut self, cls: Rc<Obj>, args: Vec<Value>) -> Value {
        match self.new_instance(&cls, &args) {
            Ok(v) => v,
            Err(_) => Value::None,
        }
    }

    /// Builds and raises: returns the [`Flow`] to propagate.
    pub fn raise(&mut self, cls: Rc<Obj>, msg: &str) -> Flow {
        let e = self.new_exception(cls, msg);
        self.chain_context(&e);
        Flow::Exc(e)
    }

    pub fn memory_error(&mut self) -> Flow {
        let e = self.new_exception_args(self.types.memory_error.clone(), Vec::new());
        Flow::Exc(e)
    }

    pub fn recursion_error_value(&mut self) -> Value {
        self.new_exception(
            self.types.recursion_error.clone(),
            "maximum recursion depth exceeded",
        )
    }

    pub fn recursion_error(&mut self) -> Flow {
        let e = self.recursion_error_value();
        Flow::Exc(e)
    }

    pub fn unbound_local(&mut self, name: &str) -> Flow {
        let msg = format!(
            "cannot access local variable '{name}' where it is not associated with a value"
        );
        self.raise(self.types.unbound_local_error.clone(), &msg)
    }

    /// The state of an exception instance.
    pub fn exc_data<'v>(&self, v: &'v Value) -> Option<&'v RefCell<ExcData>> {
        match v.kind() {
            Some(Kind::Instance(i)) => i.exc.as_ref(),
            _ => None,
        }
    }

    /// Records that `exc` passed through instruction `pc` of `frame` (tracebacks list the
    /// outermost frame first, so each frame it leaves goes in front).
    pub fn add_traceback(&mut self, exc: &Value, frame: &super::Frame, pc: usize) {
        if !frame.code.source.traced {
            return;
        }
        if let Some(d) = self.exc_data(exc) {
            let mut d = d.borrow_mut();
            if d.traceback.len() < 10_000 {
                let frame = Rc::new(super::frames::snapshot(frame));
                d.traceback.insert(0, TbEntry { frame, pc });
            }
        }
    }

    /// Sets `__context__` of a newly raised exception to the one being handled.
    pub fn chain_context(&mut self, exc: &Value) {
        let Some(handled) = self.exc_stack.last().cloned() else {
            return;
        };
        if handled.is(exc) {
            return;
        }
        if let Some(d) = self.exc_data(exc) {
            if d.borrow().context.is_none() {
                // Avoid cycles: cut the chain where it would reach `exc` again.
                let mut cur = Some(handled.clone());
                let mut steps = 0;
                while let Some(c) = cur {
                    if c.is(exc) {
                        return;
                    }
                    steps += 1;
                    if steps > 1000 {
                        break;
                    }
                    cur = self.exc_data(&c).and_then(|d| d.borrow().context.clone());
                }
                d.borrow_mut().context = Some(handled);
            }
        }
    }

    /// The exception instance a `raise X` raises: an instance as is, a class instantiated.
    pub fn exception_from(&mut self, v: &Value) -> PyResult<Value> {
        if let Some(Kind::Class(_)) = v.kind() {
            let cls = v.obj().cloned().expect("class");
            if self.is_exception_class(&cls) {
                return self.call(v, &[], &[]);
            }
        }
        if self.exc_data(v).is_some() {
            return Ok(v.clone());
        }
        Err(self.raise(
            self.types.type_error.clone(),
            "exceptions must derive from BaseException",
        ))
    }

    /// Does `exc` match the `except` clause's type (or tuple of types)?
    pub fn exception_matches(&mut self, exc: &Value, ty: &Value) -> PyResult<bool> {
        match ty.kind() {
            Some(Kind::Class(_)) => {
                let cls = ty.obj().cloned().expect("class");
                if !self.is_exception_class(&cls) {
                    return Err(self.raise(
                        self.types.type_error.clone(),
                        "catching classes that do not inherit from BaseException is not allowed",
                    ));
                }
                Ok(self.isinstance(exc, &cls))
            }
            Some(Kind::Tuple(items)) => {
                let items = items.to_vec();
                for t in &items {
                    if self.exception_matches(exc, t)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            _ => Err(self.raise(
                self.types.type_error.clone(),
                "catching classes that do not inherit from BaseException is not allowed",
            )),
        }
    }

    /// Attributes every exception has.
    pub fn exception_attr(&mut self, v: &Value, name: &str) -> PyResult<Option<Value>> {
        let Some(d) = self.exc_data(v) else {
            return Ok(None);
        };
        let d = d.borrow();
        Ok(Some(match name {
            "args" => {
                let a = d.args.clone();
                drop(d);
                self.new_tuple(a)?
            }
            "code" if self.isinstance(v, &self.types.system_exit.clone()) => match d.args.len() {
                0 => Value::None,
                1 => d.args[0].clone(),
                _ => {
                    let a = d.args.clone();
                    drop(d);
                    self.new_tuple(a)?
                }
            },
            "value" if self.isinstance(v, &self.types.stop_iteration.clone()) => {
                d.args.first().cloned().unwrap_or(Value::None)
            }
            // `OSError(errno, strerror[, filename[, winerror[, filename2]]])` built in Python
            // code: the attributes come from the arguments (a native raise sets them in the
            // instance dict, which is found first).
            "errno" | "strerror" | "filename" | "filename2"
                if self.isinstance(v, &self.types.os_error.clone()) =>
            {
                let i = match name {
                    "errno" => 0,
                    "strerror" => 1,
                    "filename" => 2,
                    _ => 4,
                };
                if (2..=5).contains(&d.args.len()) {
                    d.args.get(i).cloned().unwrap_or(Value::None)
                } else {
                    Value::None
                }
            }
            "__cause__" => d.cause.clone().unwrap_or(Value::None),
            "__context__" => d.context.clone().unwrap_or(Value::None),
            "__suppress_context__" => Value::Bool(d.suppress_context),
            "__traceback__" => {
                drop(d);
                self.traceback_object(v)
            }
            "__notes__" => {
                if d.notes.is_empty() {
                    return Ok(None);
                }
                let n = d.notes.clone();
                drop(d);
                self.new_list(n)?
            }
            _ => return Ok(None),
        }))
    }

    /// The exception's `__traceback__`: a traceback object over its entries, or `None`.
    pub fn traceback_object(&mut self, exc: &Value) -> Value {
        let entries: Rc<[TbEntry]> = match self.exc_data(exc) {
            Some(d) if !d.borrow().traceback.is_empty() => d.borrow().traceback.clone().into(),
            _ => return Value::None,
        };
        super::frames::traceback_value(self, entries, 0)
    }

    /// `str(exc)`: the single argument's str, the tuple of arguments, or empty.
    pub fn exception_str(&mut self, exc: &Value) -> PyResult<String> {
        let cls = self.class_of(exc);
        if let Some(m) = super::lookup_mro(&cls, "__str__") {
            if !matches!(m.kind(), Some(Kind::Builtin(_))) {
                let r = self.call(&m, std::slice::from_ref(exc), &[])?;
                return Ok(r.as_str().unwrap_or("").to_string());
            }
        }
        let args = self
            .exc_data(exc)
            .map(|d| d.borrow().args.clone())
            .unwrap_or_default();
        if self.is_subclass(&cls, &self.types.os_error.clone()) && args.len() >= 2 {
            if let (Value::Int(errno), Some(Kind::Instance(inst))) = (&args[0], exc.kind()) {
                let strerror = self.str_string(&args[1])?;
                let filename = inst
                    .dict
                    .as_ref()
                    .and_then(|d| super::attr::dict_get_str(d, "filename"))
                    .or_else(|| args.get(2).cloned().filter(|_| args.len() <= 5))
                    .filter(|f| !f.is_none());
                let filename2 = inst
                    .dict
                    .as_ref()
                    .and_then(|d| super::attr::dict_get_str(d, "filename2"))
                    .or_else(|| args.get(4).cloned().filter(|_| args.len() == 5))
                    .filter(|f| !f.is_none());
                return Ok(match filename {
                    Some(f) => {
                        let r = self.repr_string(&f)?;
                        match filename2 {
                            Some(f2) => {
                                let r2 = self.repr_string(&f2)?;
                                format!("[Errno {errno}] {strerror}: {r} -> {r2}")
                            }
                            None => format!("[Errno {errno}] {strerror}: {r}"),
                        }
                    }
                    None => format!("[Errno {errno}] {strerror}"),
                });
            }
        }
        if self.is_subclass(&cls, &self.types.key_error.clone()) && args.len() == 1 {
            let r = self.repr_of(&args[0])?;
            return Ok(r.as_str().unwrap_or("").to_string());
        }
        match args.len() {
            0 => Ok(String::new()),
            1 => {
                let s = self.str_of(&args[0])?;
                Ok(s.as_str().unwrap_or("").to_string())
            }
            _ => {
                let t = self.new_tuple(args)?;
                let s = self.repr_of(&t)?;
                Ok(s.as_str().unwrap_or("").to_string())
            }
        }
    }
}

/// The caret line under `line` for an instruction's span, or `None` when CPython shows none.
fn carets(code: &Code, span: &Span, line_no: usize) -> Option<(String, String)> {
    let src = &code.source;
    let raw = src.line_text(line_no)?;
    let line_start = src.line_start(line_no);
    let last_line = src.line_of(span.end.saturating_sub(1).max(span.start));
    if last_line != line_no {
        return Some((multi_line(code, span, line_no, last_line), String::new()));
    }
    let indent = raw.len() - raw.trim_start().len();
    let stripped = raw.trim();
    let to_col =
        |off: u32| -> usize { (off.saturating_sub(line_start) as usize).saturating_sub(indent) };
    let (s, e) = (to_col(span.start), to_col(span.end));
    let no_carets = span.focus_start == u32::MAX;
    let anchors = !no_carets && (span.focus_start != span.start || span.focus_end != span.end);
    let covers_line = s == 0 && e >= stripped.len();
    if no_carets || (!anchors && covers_line) || e <= s {
        return Some((stripped.to_string(), String::new()));
    }
    let (fs, fe) = (to_col(span.focus_start), to_col(span.focus_end));
    let text: Vec<char> = stripped.chars().collect();
    // Columns are bytes; the caret line counts characters (display width is CPython's
    // concern only for wide characters, which it also counts per character here).
    let byte_to_char = |b: usize| {
        stripped
            .get(..b.min(stripped.len()))
            .map(|p| p.chars().count())
            .unwrap_or(text.len())
    };
    let (cs, ce, cfs, cfe) = (
        byte_to_char(s),
        byte_to_char(e),
        byte_to_char(fs),
        byte_to_char(fe),
    );
    let mut out = " ".repeat(cs);
    for i in cs..ce {
        out.push(if !anchors || (i >= cfs && i < cfe) {
            '^'
        } else {
            '~'
        });
    }
    Some((stripped.to_string(), out))
}

/// The source of an instruction spanning several lines. When no carets would be drawn (the
/// span is a whole statement, or a call that is the statement), CPython 3.13+ shows every
/// line, without their common indentation; otherwise only the first line is shown here.
fn multi_line(code: &Code, span: &Span, first: usize, last: usize) -> String {
    let src = &code.source;
    let first_text = src.line_text(first).unwrap_or("");
    let last_text = src.line_text(last).unwrap_or("");
    let indent = first_text.len() - first_text.trim_start().len();
    let starts_line = span.start.saturating_sub(src.line_start(first)) as usize <= indent;
    let ends_line = src.line_start(last) as usize + last_text.trim_end().len() <= span.end as usize;
    let no_carets = span.focus_start == u32::MAX;
    let anchors = !no_carets && (span.focus_start != span.start || span.focus_end != span.end);
    if !(no_carets || (!anchors && starts_line && ends_line)) || last - first > 3 {
        return first_text.trim().to_string();
    }
    let lines: Vec<&str> = (first..=last).filter_map(|n| src.line_text(n)).collect();
    let common = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    lines
        .iter()
        .map(|l| l.get(common..).unwrap_or("").trim_end())
        .collect::<Vec<_>>()
        .join("\n    ")
}

/// Formats an exception with its chain as CPython prints an uncaught one.
pub fn format_exception(vm: &mut Vm, exc: &Value) -> String {
    let mut out = String::new();
    let mut seen: Vec<Value> = Vec::new();
    format_chain(vm, exc, &mut out, &mut seen);
    out
}

fn format_chain(vm: &mut Vm, exc: &Value, out: &mut String, seen: &mut Vec<Value>) {
    seen.push(exc.clone());
    let (cause, context, suppress) = match vm.exc_data(exc) {
        Some(d) => {
            let d = d.borrow();
            (d.cause.clone(), d.context.clone(), d.suppress_context)
        }
        None => (None, None, false),
    };
    if let Some(c) = cause.filter(|c| !seen.iter().any(|s| s.is(c))) {
        format_chain(vm, &c, out, seen);
        out.push_str("\nThe above exception was the direct cause of the following exception:\n\n");
    } else if let Some(c) = context.filter(|c| !suppress && !seen.iter().any(|s| s.is(c))) {
        format_chain(vm, &c, out, seen);
        out.push_str("\nDuring handling of the above exception, another exception occurred:\n\n");
    }
    format_one(vm, exc, out);
}

fn format_one(vm: &mut Vm, exc: &Value, out: &mut String) {
    let tb = vm
        .exc_data(exc)
        .map(|d| d.borrow().traceback.clone())
        .unwrap_or_default();
    if !tb.is_empty() {
        out.push_str("Traceback (most recent call last):\n");
        let mut i = 0;
        let mut last: Option<(String, usize, String)> = None;
        let mut repeats = 0;
        while i < tb.len() {
            let (code, pc) = (&tb[i].frame.code, &tb[i].pc);
            // Comprehensions run inline in CPython 3.12+: their frame is shown under the
            // name of the function that contains them, and that function's own entry (the
            // call of the comprehension) is not shown.
            if let Some(next) = tb.get(i + 1).map(|e| &e.frame.code) {
                if next.flags & CO_NESTED != 0 && Rc::ptr_eq(&next.source, &code.source) {
                    i += 1;
                    let (ncode, npc) = (&tb[i].frame.code, &tb[i].pc);
                    let key = (
                        code.source.filename.to_string(),
                        ncode.line_of(*npc),
                        code.name.to_string(),
                    );
                    push_entry(out, ncode, *npc, &code.name, &mut last, &mut repeats, key);
                    i += 1;
                    continue;
                }
            }
            let key = (
                code.source.filename.to_string(),
                code.line_of(*pc),
                code.name.to_string(),
            );
            push_entry(out, code, *pc, &code.name, &mut last, &mut repeats, key);
            i += 1;
        }
        flush_repeats(out, repeats);
    }
    // A syntax error carries its own location lines.
    if let Some(Kind::Instance(inst)) = exc.kind() {
        if let Some(d) = &inst.dict {
            if let Some(r) = super::attr::dict_get_str(d, "_rendered") {
                out.push_str(r.as_str().unwrap_or(""));
                return;
            }
        }
    }
    let cls = vm.class_of(exc);
    let mut name = match &cls.kind {
        Kind::Class(c) => c.qualname.borrow().to_string(),
        _ => "Exception".into(),
    };
    if let Some(m) = super::attr::dict_get_str(
        match &cls.kind {
            Kind::Class(c) => &c.dict,
            _ => return,
        },
        "__module__",
    ) {
        if let Some(m) = m.as_str() {
            if m != "__main__" && m != "builtins" {
                name = format!("{m}.{name}");
            }
        }
    }
    let msg = match vm.exception_str(exc) {
        Ok(m) => m,
        Err(_) => "<exception str() failed>".to_string(),
    };
    let suggestion = suggestion_for(vm, exc);
    if msg.is_empty() && suggestion.is_empty() {
        out.push_str(&name);
    } else {
        out.push_str(&name);
        out.push_str(": ");
        out.push_str(&msg);
        out.push_str(&suggestion);
    }
    out.push('\n');
    let notes = vm
        .exc_data(exc)
        .map(|d| d.borrow().notes.clone())
        .unwrap_or_default();
    for n in notes {
        match n.as_str() {
            Some(s) => {
                out.push_str(s);
                out.push('\n');
            }
            None => {
                if let Ok(r) = vm.repr_of(&n) {
                    out.push_str(r.as_str().unwrap_or(""));
                    out.push('\n');
                }
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn push_entry(
    out: &mut String,
    code: &Code,
    pc: usize,
    name: &str,
    last: &mut Option<(String, usize, String)>,
    repeats: &mut usize,
    key: (String, usize, String),
) {
    if last.as_ref() == Some(&key) {
        *repeats += 1;
        if *repeats >= 3 {
            return;
        }
    } else {
        flush_repeats(out, *repeats);
        *repeats = 0;
        *last = Some(key);
    }
    let line = code.line_of(pc);
    out.push_str(&format!(
        "  File \"{}\", line {}, in {}\n",
        code.source.filename, line, name
    ));
    if let Some(span) = code.spans.get(pc).filter(|_| code.source.listed) {
        if let Some((text, caret)) = carets(code, span, line) {
            if !text.is_empty() {
                out.push_str("    ");
                out.push_str(&text);
                out.push('\n');
                if !caret.is_empty() {
                    out.push_str("    ");
                    out.push_str(&caret);
                    out.push('\n');
                }
            }
        }
    }
}

fn flush_repeats(out: &mut String, repeats: usize) {
    if repeats >= 3 {
        let n = repeats - 2;
        out.push_str(&format!(
            "  [Previous line repeated {} more time{}]\n",
            n,
            if n == 1 { "" } else { "s" }
        ));
    }
}

/// ". Did you mean: 'x'?" for NameError and AttributeError, as CPython's traceback adds it.
fn suggestion_for(vm: &mut Vm, exc: &Value) -> String {
    let Some(Kind::Instance(inst)) = exc.kind() else {
        return String::new();
    };
    let Some(d) = &inst.dict else {
        return String::new();
    };
    let Some(name) =
        super::attr::dict_get_str(d, "name").and_then(|n| n.as_str().map(String::from))
    else {
        return String::new();
    };
    let candidates: Vec<String> = if vm.isinstance(exc, &vm.types.attribute_error.clone()) {
        match super::attr::dict_get_str(d, "obj") {
            Some(obj) => vm.dir_names(&obj),
            None => return String::new(),
        }
    } else if vm.isinstance(exc, &vm.types.name_error.clone()) {
        let mut c = Vec::new();
        if let Some(Value::Obj(scope)) = super::attr::dict_get_str(d, "_scope") {
            if let Kind::Dict(dd) = &scope.kind {
                c.extend(
                    dd.borrow()
                        .iter()
                        .filter_map(|e| e.key.as_str().map(String::from)),
                );
            }
        }
        if let Kind::Dict(bd) = &vm.builtins.kind {
            c.extend(
                bd.borrow()
                    .iter()
                    .filter_map(|e| e.key.as_str().map(String::from)),
            );
        }
        if let Some(Value::Obj(locals)) = super::attr::dict_get_str(d, "_locals") {
            if let Kind::Tuple(t) = &locals.kind {
                let mut l: Vec<String> = t
                    .iter()
                    .filter_map(|v| v.as_str().map(String::from))
                    .collect();
                l.extend(c);
                c = l;
            }
        }
        c
    } else {
        return String::new();
    };
    match crate::python::suggest::best_match(&name, &candidates) {
        Some(s) => format!(". Did you mean: '{s}'?"),
        None => {
            if vm.isinstance(exc, &vm.types.name_error.clone()) && is_stdlib_name(&name) {
                format!(". Did you forget to import '{name}'?")
            } else {
                String::new()
            }
        }
    }
}

fn is_stdlib_name(n: &str) -> bool {
    matches!(
        n,
        "sys"
            | "os"
            | "re"
            | "math"
            | "json"
            | "time"
            | "random"
            | "collections"
            | "itertools"
            | "functools"
            | "datetime"
            | "string"
            | "subprocess"
            | "pathlib"
            | "typing"
            | "csv"
            | "copy"
            | "shutil"
            | "heapq"
            | "bisect"
            | "statistics"
            | "textwrap"
            | "unittest"
            | "logging"
            | "argparse"
            | "glob"
            | "tempfile"
            | "io"
            | "abc"
            | "enum"
            | "dataclasses"
            | "decimal"
            | "fractions"
            | "hashlib"
            | "base64"
            | "struct"
            | "operator"
            | "contextlib"
            | "inspect"
            | "types"
            | "pprint"
    )
}

impl Vm {
    /// The names `dir(obj)` lists (instance dict, then class attributes), sorted.
    pub fn dir_names(&mut self, obj: &Value) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        let add_dict = |d: &Rc<Obj>, names: &mut Vec<String>| {
            if let Kind::Dict(dd) = &d.kind {
                for e in dd.borrow().iter() {
                    if let Some(s) = e.key.as_str() {
                        names.push(s.to_string());
                    }
                }
            }
        };
        match obj.kind() {
            Some(Kind::Module(m)) => add_dict(&m.dict, &mut names),
            Some(Kind::Instance(i)) => {
                if let Some(d) = &i.dict {
                    add_dict(d, &mut names);
                }
            }
            _ => {}
        }
        let cls = match obj.kind() {
            Some(Kind::Class(_)) => obj.obj().cloned(),
            Some(Kind::Module(_)) => None,
            _ => Some(self.class_of(obj)),
        };
        if let Some(cls) = cls {
            if let Kind::Class(c) = &cls.kind {
                for k in c.mro.borrow().iter().filter_map(|w| w.upgrade()) {
                    if let Kind::Class(kc) = &k.kind {
                        add_dict(&kc.dict, &mut names);
                    }
                }
            }
        }
        names.sort();
        names.dedup();
        names
    }
}
