//! The standard library: the modules `import` finds without a file on the simulated disk.
//!
//! Two kinds of module live here. **Native** modules are Rust functions that fill a fresh
//! module's namespace (`math`, the private `_`-prefixed helpers the Python-written modules
//! stand on). **Source** modules are Python files in `lib/`, written for shellsim (never
//! copied from CPython's `Lib/`), embedded in the binary and compiled when first imported,
//! with the file name CPython would show (`/usr/lib/python3.14/json/__init__.py`) so
//! tracebacks read as they do on Linux.
//!
//! Where a module is found follows CPython: the *built-in* modules (`sys`, `builtins`,
//! `time`, `itertools`, the `_` helpers) come before `sys.path`, so no file shadows them;
//! every other module is found when the search along `sys.path` reaches the standard
//! library's directory, so a `json.py` beside the script shadows `json`, as on Linux.

use super::object::{Builtin, Kind, NativeFn, Obj, Value};
use super::types::set_item;
use super::vm::{alloc, PyResult, Vm};
use std::rc::Rc;

mod json;
mod math;
pub mod re;

/// The directory the standard library's modules appear to come from.
pub const LIB_DIR: &str = "/usr/lib/python3.14";

/// Fills a new native module's namespace.
pub type Init = fn(&mut Vm, &Rc<Obj>) -> PyResult<()>;

/// What a standard-library module is made of.
pub enum Body {
    Native(Init),
    /// Python source; `true` when the module is a package (`name/__init__.py`).
    Source(&'static str, bool),
}

pub struct StdModule {
    pub name: &'static str,
    pub body: Body,
}

/// Modules found before `sys.path` is searched (CPython's `sys.builtin_module_names`).
static BUILTIN: &[StdModule] = &[
    source("_bisect", include_str!("lib/_bisect.py"), false),
    source("_heapq", include_str!("lib/_heapq.py"), false),
    native("_json", json::init),
    native("_sre", re::native::init),
    source("itertools", include_str!("lib/itertools.py"), false),
];

/// Modules found in [`LIB_DIR`] (or a package directory below it) along `sys.path`.
static LIB: &[StdModule] = &[
    source("abc", include_str!("lib/abc.py"), false),
    source("bisect", include_str!("lib/bisect.py"), false),
    source(
        "collections",
        include_str!("lib/collections/__init__.py"),
        true,
    ),
    source(
        "collections.abc",
        include_str!("lib/collections/abc.py"),
        false,
    ),
    source("contextlib", include_str!("lib/contextlib.py"), false),
    source("copy", include_str!("lib/copy.py"), false),
    source("functools", include_str!("lib/functools.py"), false),
    source("heapq", include_str!("lib/heapq.py"), false),
    source("json", include_str!("lib/json/__init__.py"), true),
    source("json.decoder", include_str!("lib/json/decoder.py"), false),
    source("json.encoder", include_str!("lib/json/encoder.py"), false),
    source("json.scanner", include_str!("lib/json/scanner.py"), false),
    source("keyword", include_str!("lib/keyword.py"), false),
    native("math", math::init),
    source("operator", include_str!("lib/operator.py"), false),
    source("re", include_str!("lib/re/__init__.py"), true),
    source("string", include_str!("lib/string/__init__.py"), true),
    source("textwrap", include_str!("lib/textwrap.py"), false),
    source("types", include_str!("lib/types.py"), false),
    source("typing", include_str!("lib/typing.py"), false),
];

/// A module written in Python (`package`: it is `name/__init__.py`).
const fn source(name: &'static str, text: &'static str, package: bool) -> StdModule {
    StdModule {
        name,
        body: Body::Source(text, package),
    }
}

/// A module written in Rust.
const fn native(name: &'static str, init: Init) -> StdModule {
    StdModule {
        name,
        body: Body::Native(init),
    }
}

/// A built-in module: found before `sys.path`.
pub fn builtin(name: &str) -> Option<&'static StdModule> {
    BUILTIN.iter().find(|m| m.name == name)
}

/// A module of the library directory, when the import search is at `dir`: the library
/// directory itself for a top-level module, a package's directory for a submodule.
pub fn in_dir(dir: &str, full: &str) -> Option<&'static StdModule> {
    let rel = dir.strip_prefix(LIB_DIR)?;
    let m = LIB.iter().find(|m| m.name == full)?;
    // `json.decoder` is found only in `LIB_DIR/json`, `json` only in `LIB_DIR` (or
    // `lib-dynload`, where CPython keeps its extension modules).
    let parent = full.rsplit_once('.').map(|(p, _)| p.replace('.', "/"));
    let ok = match parent {
        Some(p) => rel.strip_prefix('/') == Some(p.as_str()),
        None => rel.is_empty() || rel == "/lib-dynload",
    };
    ok.then_some(m)
}

/// The file name a source module shows in tracebacks and `__file__`, and its package
/// directory when it is a package.
pub fn source_location(m: &StdModule) -> (String, Option<String>) {
    let rel = m.name.replace('.', "/");
    match m.body {
        Body::Source(_, true) => (
            format!("{LIB_DIR}/{rel}/__init__.py"),
            Some(format!("{LIB_DIR}/{rel}")),
        ),
        _ => (format!("{LIB_DIR}/{rel}.py"), None),
    }
}

/// Whether `filename` is the source of a built-in module written in Python. Such a module
/// stands for one of CPython's C modules (`_heapq`, `itertools`), whose calls leave no
/// frame in a traceback, so exceptions passing through its frames record none.
pub fn hides_frames(filename: &str) -> bool {
    let Some(rest) = filename.strip_prefix(LIB_DIR) else {
        return false;
    };
    BUILTIN.iter().any(|m| {
        matches!(m.body, Body::Source(_, false))
            && rest.strip_prefix('/').and_then(|r| r.strip_suffix(".py")) == Some(m.name)
    })
}

/// Names of every standard-library module the simulator provides, sorted.
pub fn names() -> Vec<&'static str> {
    let mut v: Vec<&'static str> = BUILTIN.iter().chain(LIB).map(|m| m.name).collect();
    v.sort_unstable();
    v
}

/// Puts native functions into a module namespace.
pub fn add_functions(vm: &Vm, dict: &Rc<Obj>, fns: &[(&'static str, NativeFn)]) {
    for (name, func) in fns {
        let f = alloc::obj(
            &vm.heap,
            Kind::Builtin(Builtin {
                name,
                func: *func,
                bound: None,
                owner: None,
            }),
            64,
        );
        set_item(&vm.heap, dict, name, f);
    }
}

/// Puts plain values into a module namespace.
pub fn add_values(vm: &Vm, dict: &Rc<Obj>, values: Vec<(&str, Value)>) {
    for (name, v) in values {
        set_item(&vm.heap, dict, name, v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_module_is_named_once() {
        let names = names();
        let mut dedup = names.clone();
        dedup.dedup();
        assert_eq!(names, dedup);
    }

    #[test]
    fn builtin_python_modules_hide_their_frames() {
        assert!(hides_frames("/usr/lib/python3.14/_heapq.py"));
        assert!(hides_frames("/usr/lib/python3.14/itertools.py"));
        assert!(!hides_frames("/usr/lib/python3.14/heapq.py"));
        assert!(!hides_frames("/work/_heapq.py"));
    }

    #[test]
    fn every_source_module_parses() {
        for m in BUILTIN.iter().chain(LIB) {
            if let Body::Source(text, _) = m.body {
                let (file, _) = source_location(m);
                let heap = crate::python::object::Heap::new();
                if let Err(e) = crate::python::front::compile_source(&heap, &file, text) {
                    panic!("{file}: line {}: {}", e.lineno, e.msg);
                }
            }
        }
    }
}
