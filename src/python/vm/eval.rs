//! The builtins that see the calling frame: `globals`, `locals`, `vars()` and `dir()` without
//! an argument, `eval`, `exec`, and `compile`.
//!
//! They are [`Kind::FrameBuiltin`] objects: the dispatch loop hands them the frame that called
//! them. Called from native code instead (`map(eval, ...)`), there is no Python frame in
//! hand, and they see `__main__`'s namespace.

use super::{Exit, Frame, PyResult, Vm};
use crate::python::front::{self, Mode};
use crate::python::object::{Kind, Obj, Value};
use crate::python::types::set_item;
use std::rc::Rc;

type Kw<'a> = &'a [(Rc<str>, Value)];

/// A builtin that reads the calling frame's namespaces.
pub type FrameFn = fn(&mut Vm, Option<&Frame>, &[Value], Kw) -> PyResult<Value>;

/// The builtins defined here, for the `builtins` module.
pub const FRAME_BUILTINS: &[(&str, FrameFn)] = &[
    ("globals", globals),
    ("locals", locals),
    ("vars", vars),
    ("dir", dir),
    ("eval", eval),
    ("exec", exec),
];

/// The frame-reading functions of the `sys` module.
pub const SYS_FRAME_BUILTINS: &[(&str, FrameFn)] = &[
    ("_getframemodulename", getframemodulename),
    ("_getframe", getframe),
];

/// The `depth` argument of `sys._getframe` and `sys._getframemodulename` (default 0).
fn depth_arg(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<i64> {
    Ok(match arg(a, k, 0, "depth") {
        Some(Value::Int(d)) => *d,
        Some(Value::Bool(b)) => *b as i64,
        None => 0,
        Some(v) => {
            let msg = format!(
                "'{}' object cannot be interpreted as an integer",
                vm.type_name(v)
            );
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        }
    })
}

/// `sys._getframe(depth=0)`: the frame object of the caller `depth` calls up.
fn getframe(vm: &mut Vm, frame: Option<&Frame>, a: &[Value], k: Kw) -> PyResult<Value> {
    let depth = depth_arg(vm, a, k)?;
    let Some(frame) = frame else {
        return Err(vm.raise(
            vm.types.value_error.clone(),
            "call stack is not deep enough",
        ));
    };
    // A negative depth is the caller's own frame, as in CPython.
    vm.current_frame_object(frame, depth.max(0) as usize)
}

/// `sys._getframemodulename(depth=0)`: the `__name__` of the module whose code runs `depth`
/// calls up from the caller (`None` past the outermost frame).
fn getframemodulename(vm: &mut Vm, frame: Option<&Frame>, a: &[Value], k: Kw) -> PyResult<Value> {
    let depth = depth_arg(vm, a, k)?;
    if depth < 0 {
        return Err(vm.raise(vm.types.value_error.clone(), "depth must be non-negative"));
    }
    let globals = if depth == 0 {
        frame.map(|f| f.globals.clone())
    } else {
        let n = vm.frames.len();
        (depth as usize <= n).then(|| vm.frames[n - depth as usize].globals.clone())
    };
    Ok(globals
        .and_then(|g| super::attr::dict_get_str(&g, "__name__"))
        .unwrap_or(Value::None))
}

impl Vm {
    /// The globals of `frame`, or of `__main__` when there is no Python caller.
    fn frame_globals(&self, frame: Option<&Frame>) -> Rc<Obj> {
        if let Some(f) = frame {
            return f.globals.clone();
        }
        match super::attr::dict_get_str(&self.modules, "__main__") {
            Some(Value::Obj(m)) => match &m.kind {
                Kind::Module(md) => md.dict.clone(),
                _ => self.builtins.clone(),
            },
            _ => self.builtins.clone(),
        }
    }

    /// `locals()`: a module or class body's namespace itself; for a function, a new dict of
    /// its bound local, cell and free variables (CPython 3.13's snapshot semantics).
    pub fn frame_locals(&mut self, frame: Option<&Frame>) -> PyResult<Rc<Obj>> {
        let Some(f) = frame else {
            return Ok(self.frame_globals(None));
        };
        if let Some(l) = &f.locals {
            return Ok(l.clone());
        }
        self.locals_dict(&f.code, &f.fast, &f.cells)
    }

    /// A new dict of a function frame's bound variables: its fast slots, then its cells
    /// (`locals()`, and `f_locals` of a frame object).
    pub(super) fn locals_dict(
        &mut self,
        code: &crate::python::code::Code,
        fast: &[Option<Value>],
        cells: &[Rc<Obj>],
    ) -> PyResult<Rc<Obj>> {
        let d = self.new_dict()?;
        let dict = d.obj().cloned().expect("dict");
        let mut bound: Vec<(Rc<str>, Value)> = Vec::new();
        for (i, name) in code.varnames.iter().enumerate() {
            if let Some(Some(v)) = fast.get(i) {
                bound.push((name.clone(), v.clone()));
            }
        }
        let cell_names = code.cellvars.iter().chain(code.freevars.iter());
        for (cell, name) in cells.iter().zip(cell_names) {
            if let Kind::Cell(c) = &cell.kind {
                if let Some(v) = c.borrow().clone() {
                    bound.push((name.clone(), v));
                }
            }
        }
        for (name, v) in bound {
            let k = self.new_str(&*name)?;
            self.dict_set(&dict, k, v)?;
        }
        Ok(dict)
    }

    /// Runs compiled code in the given namespaces (`exec`, `eval`).
    fn run_code(
        &mut self,
        code: Rc<crate::python::code::Code>,
        globals: Rc<Obj>,
        locals: Rc<Obj>,
    ) -> PyResult<Value> {
        if super::attr::dict_get_str(&globals, "__builtins__").is_none() {
            set_item(
                &self.heap,
                &globals,
                "__builtins__",
                Value::Obj(self.builtins.clone()),
            );
        }
        let frame = self.new_frame(code, globals, Some(locals));
        match self.execute(frame)? {
            Exit::Return(v) => Ok(v),
            _ => Ok(Value::None),
        }
    }

    /// The code `eval`/`exec` run: a code object as given, or source compiled in `mode`.
    fn code_argument(
        &mut self,
        func: &str,
        src: &Value,
        mode: Mode,
    ) -> PyResult<Rc<crate::python::code::Code>> {
        let text = match src.kind() {
            Some(Kind::Code(c)) => return Ok(c.clone()),
            Some(Kind::Str(s)) => s.s.to_string(),
            Some(Kind::Bytes(b)) => String::from_utf8_lossy(b).into_owned(),
            _ => {
                let msg = format!("{func}() arg 1 must be a string, bytes or code object");
                return Err(self.raise(self.types.type_error.clone(), &msg));
            }
        };
        self.compile_text(&text, "<string>", mode)
    }

    fn compile_text(
        &mut self,
        text: &str,
        filename: &str,
        mode: Mode,
    ) -> PyResult<Rc<crate::python::code::Code>> {
        if text.contains('\0') {
            let msg = "source code string cannot contain null bytes";
            return Err(self.raise(self.types.syntax_error.clone(), msg));
        }
        self.charge_bytes(text.len())?;
        // `eval` ignores leading blanks, as CPython's does.
        let text = if mode == Mode::Eval {
            text.trim_start_matches([' ', '\t'])
        } else {
            text
        };
        match front::compile_string(&self.heap, filename, text, mode, front::Listing::Unlisted) {
            Ok(c) => {
                self.report_syntax_warnings(&c)?;
                Ok(c)
            }
            Err(se) => Err(self.syntax_error_exception(&se)),
        }
    }

    /// The namespaces `eval`/`exec` run in: the given dicts, else the caller's.
    fn namespaces(
        &mut self,
        func: &str,
        frame: Option<&Frame>,
        globals: Option<&Value>,
        locals: Option<&Value>,
    ) -> PyResult<(Rc<Obj>, Rc<Obj>)> {
        let globals = globals.filter(|g| !g.is_none());
        let locals = locals.filter(|l| !l.is_none());
        let g = match globals {
            Some(Value::Obj(o)) if matches!(o.kind, Kind::Dict(_)) => Some(o.clone()),
            Some(g) => {
                let msg = if func == "exec" {
                    format!("exec() globals must be a dict, not {}", self.type_name(g))
                } else {
                    "globals must be a real dict; try eval(expr, {}, mapping)".to_string()
                };
                return Err(self.raise(self.types.type_error.clone(), &msg));
            }
            None => None,
        };
        let l = match locals {
            Some(Value::Obj(o)) if matches!(o.kind, Kind::Dict(_)) => Some(o.clone()),
            Some(l) => {
                let msg = format!("locals must be a mapping, not {}", self.type_name(l));
                return Err(self.raise(self.types.type_error.clone(), &msg));
            }
            None => None,
        };
        Ok(match (g, l) {
            (Some(g), Some(l)) => (g, l),
            (Some(g), None) => (g.clone(), g),
            (None, Some(l)) => (self.frame_globals(frame), l),
            (None, None) => {
                let g = self.frame_globals(frame);
                let l = self.frame_locals(frame)?;
                (g, l)
            }
        })
    }
}

fn arg<'a>(a: &'a [Value], k: Kw<'a>, i: usize, name: &str) -> Option<&'a Value> {
    a.get(i)
        .or_else(|| k.iter().find(|(n, _)| &**n == name).map(|(_, v)| v))
}

fn no_args(vm: &mut Vm, name: &str, a: &[Value], k: Kw) -> PyResult<()> {
    if !k.is_empty() {
        let msg = format!("{name}() takes no keyword arguments");
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    if !a.is_empty() {
        let msg = format!("{name}() takes no arguments ({} given)", a.len());
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    Ok(())
}

fn globals(vm: &mut Vm, frame: Option<&Frame>, a: &[Value], k: Kw) -> PyResult<Value> {
    no_args(vm, "globals", a, k)?;
    Ok(Value::Obj(vm.frame_globals(frame)))
}

fn locals(vm: &mut Vm, frame: Option<&Frame>, a: &[Value], k: Kw) -> PyResult<Value> {
    no_args(vm, "locals", a, k)?;
    Ok(Value::Obj(vm.frame_locals(frame)?))
}

fn vars(vm: &mut Vm, frame: Option<&Frame>, a: &[Value], k: Kw) -> PyResult<Value> {
    if a.len() > 1 {
        let msg = format!("vars expected at most 1 argument, got {}", a.len());
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let Some(x) = a.first() else {
        return Ok(Value::Obj(vm.frame_locals(frame)?));
    };
    let _ = k;
    match vm.try_getattr(x, "__dict__")? {
        Some(d) => Ok(d),
        None => Err(vm.raise(
            vm.types.type_error.clone(),
            "vars() argument must have __dict__ attribute",
        )),
    }
}

fn dir(vm: &mut Vm, frame: Option<&Frame>, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.len() > 1 {
        let msg = format!("dir expected at most 1 argument, got {}", a.len());
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let names: Vec<String> = match a.first() {
        Some(x) => vm.dir_names(x),
        None => {
            let l = vm.frame_locals(frame)?;
            let keys = vm.to_vec(&Value::Obj(l))?;
            let mut names: Vec<String> = keys
                .iter()
                .filter_map(|k| k.as_str().map(String::from))
                .collect();
            names.sort();
            names
        }
    };
    let mut items = Vec::with_capacity(names.len());
    for n in names {
        items.push(vm.new_str(n)?);
    }
    vm.new_list(items)
}

fn eval(vm: &mut Vm, frame: Option<&Frame>, a: &[Value], k: Kw) -> PyResult<Value> {
    let Some(src) = arg(a, k, 0, "source") else {
        let msg = "eval expected at least 1 argument, got 0";
        return Err(vm.raise(vm.types.type_error.clone(), msg));
    };
    let code = vm.code_argument("eval", src, Mode::Eval)?;
    let (g, l) = vm.namespaces(
        "eval",
        frame,
        arg(a, k, 1, "globals"),
        arg(a, k, 2, "locals"),
    )?;
    vm.run_code(code, g, l)
}

fn exec(vm: &mut Vm, frame: Option<&Frame>, a: &[Value], k: Kw) -> PyResult<Value> {
    let Some(src) = arg(a, k, 0, "source") else {
        let msg = "exec expected at least 1 argument, got 0";
        return Err(vm.raise(vm.types.type_error.clone(), msg));
    };
    let code = vm.code_argument("exec", src, Mode::Exec)?;
    let (g, l) = vm.namespaces(
        "exec",
        frame,
        arg(a, k, 1, "globals"),
        arg(a, k, 2, "locals"),
    )?;
    vm.run_code(code, g, l)?;
    Ok(Value::None)
}

/// `compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1)`.
pub fn compile(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let (Some(src), Some(filename), Some(mode)) = (
        arg(a, k, 0, "source"),
        arg(a, k, 1, "filename"),
        arg(a, k, 2, "mode"),
    ) else {
        let msg = "compile() missing required argument 'source' (pos 1)";
        return Err(vm.raise(vm.types.type_error.clone(), msg));
    };
    let mode = match mode.as_str() {
        Some("exec") => Mode::Exec,
        Some("eval") => Mode::Eval,
        Some("single") => {
            let msg = "compile() mode 'single' (interactive echo) is not supported yet";
            return Err(vm.raise(vm.types.not_implemented_error.clone(), msg));
        }
        _ => {
            let msg = "compile() mode must be 'exec', 'eval' or 'single'";
            return Err(vm.raise(vm.types.value_error.clone(), msg));
        }
    };
    let filename = match filename.kind() {
        Some(Kind::Str(s)) => s.s.to_string(),
        Some(Kind::Bytes(b)) => String::from_utf8_lossy(b).into_owned(),
        _ => {
            let msg = format!(
                "expected str, bytes or os.PathLike object, not {}",
                vm.type_name(filename)
            );
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        }
    };
    let text = match src.kind() {
        Some(Kind::Code(_)) => return Ok(src.clone()),
        Some(Kind::Str(s)) => s.s.to_string(),
        Some(Kind::Bytes(b)) => String::from_utf8_lossy(b).into_owned(),
        _ => {
            let msg = "compile() arg 1 must be a string, bytes or AST object";
            return Err(vm.raise(vm.types.type_error.clone(), msg));
        }
    };
    let code = vm.compile_text(&text, &filename, mode)?;
    vm.new_obj(Kind::Code(code), 128)
}
