//! `import`: modules and packages from the simulated filesystem along `sys.path`, the
//! built-in modules, relative imports, and `from m import name`.

use super::attr::dict_get_str;
use super::{alloc, Exit, Flow, PyResult, Vm};
use crate::python::dict::Dict;
use crate::python::front::{Listing, Mode};
use crate::python::object::{Kind, Module, Obj, Value};
use crate::python::stdlib::{self, Body, StdModule};
use crate::python::types::set_item;
use std::rc::Rc;

impl Vm {
    fn module_named(&self, name: &str) -> Option<Value> {
        dict_get_str(&self.modules, name)
    }

    /// `import name` (level 0) or a relative import; returns the top package when
    /// `want_leaf` is false (plain `import a.b`), else the named module.
    pub fn import(
        &mut self,
        name: &str,
        globals: &Rc<Obj>,
        level: usize,
        want_leaf: bool,
    ) -> PyResult<Value> {
        let full = if level > 0 {
            let base = self.relative_base(globals, level)?;
            if name.is_empty() {
                base
            } else if base.is_empty() {
                name.to_string()
            } else {
                format!("{base}.{name}")
            }
        } else {
            name.to_string()
        };
        if full.is_empty() {
            return Err(self.raise(self.types.value_error.clone(), "Empty module name"));
        }
        let mut prefix = String::new();
        let mut top = None;
        let mut leaf = Value::None;
        for part in full.split('.') {
            let parent = if prefix.is_empty() {
                None
            } else {
                Some(prefix.clone())
            };
            if !prefix.is_empty() {
                prefix.push('.');
            }
            prefix.push_str(part);
            let m = self.import_one(&prefix, parent.as_deref())?;
            if top.is_none() {
                top = Some(m.clone());
            }
            leaf = m;
        }
        if want_leaf || level > 0 {
            Ok(leaf)
        } else {
            Ok(top.unwrap_or(Value::None))
        }
    }

    fn relative_base(&mut self, globals: &Rc<Obj>, level: usize) -> PyResult<String> {
        let package = match dict_get_str(globals, "__package__") {
            Some(p) if p.as_str().is_some_and(|s| !s.is_empty()) => {
                p.as_str().unwrap_or("").to_string()
            }
            _ => {
                let name = dict_get_str(globals, "__name__")
                    .and_then(|n| n.as_str().map(String::from))
                    .unwrap_or_default();
                let is_pkg = dict_get_str(globals, "__path__").is_some();
                if is_pkg {
                    name
                } else {
                    match name.rfind('.') {
                        Some(i) => name[..i].to_string(),
                        None => String::new(),
                    }
                }
            }
        };
        if package.is_empty() || package == "__main__" {
            return Err(self.raise(
                self.types.import_error.clone(),
                "attempted relative import with no known parent package",
            ));
        }
        let parts: Vec<&str> = package.split('.').collect();
        if level > parts.len() {
            return Err(self.raise(
                self.types.import_error.clone(),
                "attempted relative import beyond top-level package",
            ));
        }
        Ok(parts[..parts.len() - (level - 1)].join("."))
    }

    /// Imports one dotted name whose parent (if any) is imported already.
    fn import_one(&mut self, full: &str, parent: Option<&str>) -> PyResult<Value> {
        if let Some(m) = self.module_named(full) {
            if m.is_none() {
                let msg = format!("import of {full} halted; None in sys.modules");
                return Err(self.raise(self.types.import_error.clone(), &msg));
            }
            return Ok(m);
        }
        if let Some(m) = stdlib::builtin(full) {
            return self.load_std(m);
        }
        let search: Vec<String> = match parent {
            Some(p) => {
                let pm = self.module_named(p).unwrap_or(Value::None);
                let path = match pm.kind() {
                    Some(Kind::Module(m)) => dict_get_str(&m.dict, "__path__"),
                    _ => None,
                };
                match path {
                    Some(pv) => self
                        .to_vec(&pv)?
                        .iter()
                        .filter_map(|v| v.as_str().map(String::from))
                        .collect(),
                    None => {
                        let msg = format!("No module named '{full}'; '{p}' is not a package");
                        return Err(self.module_not_found(&msg, full));
                    }
                }
            }
            None => self.sys_path(),
        };
        let leaf = full.rsplit('.').next().unwrap_or(full);
        for dir in &search {
            let base = if dir.is_empty() {
                String::from_utf8_lossy(&self.cwd).into_owned()
            } else {
                dir.clone()
            };
            let base = base.trim_end_matches('/').to_string();
            if let Some(m) = stdlib::in_dir(&base, full) {
                return self.load_std(m);
            }
            let pkg_init = format!("{base}/{leaf}/__init__.py");
            let file = format!("{base}/{leaf}.py");
            let pkg_dir = format!("{base}/{leaf}");
            if self.is_file(&pkg_init) {
                return self.exec_module(full, &pkg_init, Some(&pkg_dir));
            }
            if self.is_file(&file) {
                return self.exec_module(full, &file, None);
            }
            if self.is_dir(&pkg_dir) {
                // A namespace package.
                return self.new_module(full, None, Some(&pkg_dir));
            }
        }
        if !self.missing_modules.iter().any(|m| m == full) {
            self.missing_modules.push(full.to_string());
        }
        let msg = format!("No module named '{full}'");
        Err(self.module_not_found(&msg, full))
    }

    fn module_not_found(&mut self, msg: &str, name: &str) -> Flow {
        let e = self.new_exception(self.types.module_not_found_error.clone(), msg);
        if let Some(Kind::Instance(i)) = e.kind() {
            if let Some(d) = &i.dict {
                let k = self.str_now("name");
                let v = self.str_now(name);
                let d = d.clone();
                let _ = self.dict_set(&d, k, v);
            }
        }
        self.chain_context(&e);
        Flow::Exc(e)
    }

    fn sys_path(&self) -> Vec<String> {
        if let Some(p) = crate::python::builtins::sys_attr(self, "path") {
            if let Some(Kind::List(l)) = p.kind() {
                return l
                    .borrow()
                    .iter()
                    .filter_map(|v| v.as_str().map(String::from))
                    .collect();
            }
        }
        self.path.clone()
    }

    fn is_file(&self, path: &str) -> bool {
        matches!(self.sys.vfs.borrow().stat(path.as_bytes()), Ok(st) if st.file_type == crate::vfs::FileType::File)
    }

    fn is_dir(&self, path: &str) -> bool {
        matches!(self.sys.vfs.borrow().stat(path.as_bytes()), Ok(st) if st.file_type == crate::vfs::FileType::Dir)
    }

    fn new_module(
        &mut self,
        name: &str,
        file: Option<&str>,
        pkg_dir: Option<&str>,
    ) -> PyResult<Value> {
        let dict = alloc::dict_obj(&self.heap, Dict::new());
        let heap = self.heap.clone();
        set_item(&heap, &dict, "__name__", alloc::str_value(&heap, name));
        set_item(&heap, &dict, "__doc__", Value::None);
        let package = match pkg_dir {
            Some(_) => name.to_string(),
            None => name
                .rsplit_once('.')
                .map(|(p, _)| p.to_string())
                .unwrap_or_default(),
        };
        set_item(
            &heap,
            &dict,
            "__package__",
            alloc::str_value(&heap, &package),
        );
        set_item(&heap, &dict, "__spec__", Value::None);
        set_item(&heap, &dict, "__loader__", Value::None);
        if let Some(f) = file {
            set_item(&heap, &dict, "__file__", alloc::str_value(&heap, f));
            set_item(&heap, &dict, "__cached__", Value::None);
        }
        if let Some(d) = pkg_dir {
            let p = alloc::str_value(&heap, d);
            let l = self.new_list(vec![p])?;
            set_item(&heap, &dict, "__path__", l);
        }
        set_item(
            &heap,
            &dict,
            "__builtins__",
            Value::Obj(self.builtins.clone()),
        );
        let m = self.new_obj(
            Kind::Module(Module {
                name: name.into(),
                dict,
            }),
            128,
        )?;
        let key = self.new_str(name)?;
        let modules = self.modules.clone();
        self.dict_set(&modules, key, m.clone())?;
        // A submodule becomes an attribute of its package.
        if let Some((parent, leaf)) = name.rsplit_once('.') {
            if let Some(Value::Obj(p)) = self.module_named(parent) {
                if let Kind::Module(pm) = &p.kind {
                    set_item(&heap, &pm.dict, leaf, m.clone());
                }
            }
        }
        Ok(m)
    }

    fn exec_module(&mut self, name: &str, file: &str, pkg_dir: Option<&str>) -> PyResult<Value> {
        let read = self.sys.vfs.borrow().read_file(file.as_bytes());
        let data = match read {
            Ok(d) => d,
            Err(_) => {
                let msg = format!("No module named '{name}'");
                return Err(self.module_not_found(&msg, name));
            }
        };
        let text = String::from_utf8_lossy(&data).into_owned();
        self.exec_source(name, file, file, pkg_dir, &text, Listing::Listed)
    }

    /// A standard-library module: native ones fill a fresh namespace, source ones run.
    fn load_std(&mut self, m: &'static StdModule) -> PyResult<Value> {
        match m.body {
            Body::Native(init) => {
                let module = self.new_module(m.name, None, None)?;
                let Some(Kind::Module(md)) = module.kind() else {
                    unreachable!()
                };
                let dict = md.dict.clone();
                match init(self, &dict) {
                    Ok(()) => Ok(module),
                    Err(e) => {
                        let key = self.str_now(m.name);
                        let modules = self.modules.clone();
                        let _ = self.dict_del(&modules, &key);
                        Err(e)
                    }
                }
            }
            Body::Source(text, _) => {
                let (file, pkg_dir) = stdlib::source_location(m);
                let code_file = stdlib::code_filename(m);
                // Frozen modules show their `<frozen os>` frames without source lines.
                let listing = if stdlib::hides_frames(m) {
                    Listing::Hidden
                } else if code_file.starts_with("<frozen ") {
                    Listing::Unlisted
                } else {
                    Listing::Listed
                };
                self.exec_source(m.name, &file, &code_file, pkg_dir.as_deref(), text, listing)
            }
        }
    }

    /// Compiles and runs a module's source in a new module namespace. `code_file` is the
    /// name tracebacks show (`<frozen os>` for a frozen module, whose lines are not listed);
    /// `file` is its `__file__`.
    fn exec_source(
        &mut self,
        name: &str,
        file: &str,
        code_file: &str,
        pkg_dir: Option<&str>,
        text: &str,
        listing: Listing,
    ) -> PyResult<Value> {
        self.charge_bytes(text.len())?;
        let compiled =
            crate::python::front::compile_string(&self.heap, code_file, text, Mode::Exec, listing);
        let code = match compiled {
            Ok(c) => c,
            Err(se) => return Err(self.syntax_error_exception(&se)),
        };
        self.report_syntax_warnings(&code)?;
        let m = self.new_module(name, Some(file), pkg_dir)?;
        let Some(Kind::Module(md)) = m.kind() else {
            unreachable!()
        };
        let dict = md.dict.clone();
        let frame = self.new_frame(code, dict.clone(), Some(dict));
        match self.execute(frame) {
            Ok(Exit::Return(_)) | Ok(_) => Ok(self.module_named(name).unwrap_or(m)),
            Err(e) => {
                let key = self.str_now(name);
                let modules = self.modules.clone();
                let _ = self.dict_del(&modules, &key);
                Err(e)
            }
        }
    }

    /// Prints the `SyntaxWarning`s compiling `code` raised to `sys.stderr`, as the
    /// `warnings` module's default filter does. Library modules written here never warn
    /// (a test checks it), as CPython's precompiled library does not.
    pub fn report_syntax_warnings(&mut self, code: &crate::python::code::Code) -> PyResult<()> {
        if !code.source.traced {
            return Ok(());
        }
        let text = code.source.warning_text();
        if text.is_empty() {
            return Ok(());
        }
        let stderr = crate::python::builtins::sys_attr(self, "stderr")
            .unwrap_or_else(|| self.stderr.clone());
        crate::python::methods::io::write_bytes(self, &stderr, text.as_bytes())
    }

    /// A `SyntaxError` instance carrying the location of a compile error.
    pub fn syntax_error_exception(&mut self, se: &crate::python::front::SyntaxErr) -> Flow {
        let cls = match se.class {
            "IndentationError" => self.types.indentation_error.clone(),
            "TabError" => self.types.tab_error.clone(),
            _ => self.types.syntax_error.clone(),
        };
        let e = self.new_exception(cls, &se.msg);
        if let Some(Kind::Instance(i)) = e.kind() {
            if let Some(d) = &i.dict {
                let heap = self.heap.clone();
                set_item(&heap, d, "msg", alloc::str_value(&heap, &se.msg));
                set_item(&heap, d, "filename", alloc::str_value(&heap, &se.filename));
                set_item(&heap, d, "lineno", Value::Int(se.lineno as i64));
                set_item(&heap, d, "offset", Value::Int(se.offset));
                set_item(&heap, d, "end_lineno", Value::Int(se.end_lineno as i64));
                set_item(&heap, d, "end_offset", Value::Int(se.end_offset));
                let t = match &se.text {
                    Some(t) => alloc::str_value(&heap, t),
                    None => Value::None,
                };
                set_item(&heap, d, "text", t);
                set_item(&heap, d, "_rendered", alloc::str_value(&heap, &se.render()));
            }
        }
        Flow::Exc(e)
    }

    /// `from m import name`: the attribute, or a submodule of a package.
    pub fn import_from(&mut self, m: &Value, name: &Value) -> PyResult<Value> {
        let n = name.as_str().unwrap_or("").to_string();
        if let Some(Kind::Module(md)) = m.kind() {
            if let Some(v) = dict_get_str(&md.dict, &n) {
                return Ok(v);
            }
            let mname = md.name.to_string();
            if dict_get_str(&md.dict, "__path__").is_some() {
                let full = format!("{mname}.{n}");
                match self.import_one(&full, Some(&mname)) {
                    Ok(v) => return Ok(v),
                    Err(Flow::Exc(e))
                        if self.isinstance(&e, &self.types.module_not_found_error.clone()) => {}
                    Err(e) => return Err(e),
                }
            }
            let file =
                dict_get_str(&md.dict, "__file__").and_then(|f| f.as_str().map(String::from));
            let msg = match file {
                Some(f) => format!("cannot import name '{n}' from '{mname}' ({f})"),
                None if self.types.is_builtin_module(&mname) => {
                    format!("cannot import name '{n}' from '{mname}' (unknown location)")
                }
                None => format!("cannot import name '{n}' from '{mname}' (unknown location)"),
            };
            return Err(self.raise(self.types.import_error.clone(), &msg));
        }
        self.getattr(m, name)
    }

    pub fn import_star(&mut self, m: &Value, target: &Rc<Obj>) -> PyResult<()> {
        let Some(Kind::Module(md)) = m.kind() else {
            return Ok(());
        };
        let all = dict_get_str(&md.dict, "__all__");
        let names: Vec<String> = match all {
            Some(a) => self
                .to_vec(&a)?
                .iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect(),
            None => match &md.dict.kind {
                Kind::Dict(d) => d
                    .borrow()
                    .iter()
                    .filter_map(|e| e.key.as_str().map(String::from))
                    .filter(|k| !k.starts_with('_'))
                    .collect(),
                _ => Vec::new(),
            },
        };
        let dict = md.dict.clone();
        for n in names {
            let v = match dict_get_str(&dict, &n) {
                Some(v) => v,
                None => {
                    let msg = format!("module '{}' has no attribute '{n}'", md.name);
                    return Err(self.raise(self.types.attribute_error.clone(), &msg));
                }
            };
            let k = self.new_str(n)?;
            self.dict_set(target, k, v)?;
        }
        Ok(())
    }
}
