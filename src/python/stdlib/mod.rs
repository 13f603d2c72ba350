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

mod binary;
mod json;
mod math;
pub(crate) mod posix;
mod random;
pub mod re;
mod subprocess;
mod time;

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
    /// A Python module standing in for one CPython writes in C: tracebacks never show its
    /// frames.
    pub hides_frames: bool,
}

/// Modules found before `sys.path` is searched (CPython's `sys.builtin_module_names`).
static BUILTIN: &[StdModule] = &[
    source("_bisect", include_str!("lib/_bisect.py"), false),
    native("_binascii", binary::binascii::init),
    source("_csv", include_str!("lib/_csv.py"), false),
    native("_hashcore", binary::hashlib::init),
    source("_hashlib", include_str!("lib/_hashlib.py"), false),
    native("_struct", binary::structs::init),
    source("_heapq", include_str!("lib/_heapq.py"), false),
    native("_json", json::init),
    native("_random", random::init),
    native("_sre", re::native::init),
    native("_subprocess", subprocess::init),
    native("_time", time::init),
    source("itertools", include_str!("lib/itertools.py"), false),
    source("time", include_str!("lib/time.py"), false),
    native("_posix", posix::init),
    source("errno", include_str!("lib/errno.py"), false),
    source("posix", include_str!("lib/posix.py"), false),
];

/// Modules found in [`LIB_DIR`] (or a package directory below it) along `sys.path`.
static LIB: &[StdModule] = &[
    source("_strptime", include_str!("lib/_strptime.py"), false),
    source("abc", include_str!("lib/abc.py"), false),
    source("base64", include_str!("lib/base64.py"), false),
    c_source("binascii", include_str!("lib/binascii.py")),
    source("bisect", include_str!("lib/bisect.py"), false),
    source(
        "collections",
        include_str!("lib/collections/__init__.py"),
        true,
    ),
    source("dataclasses", include_str!("lib/dataclasses.py"), false),
    source("enum", include_str!("lib/enum.py"), false),
    source("datetime", include_str!("lib/datetime.py"), false),
    source("functools", include_str!("lib/functools.py"), false),
    c_source("io", include_str!("lib/io.py")),
    source("fnmatch", include_str!("lib/fnmatch.py"), false),
    source("genericpath", include_str!("lib/genericpath.py"), false),
    source("glob", include_str!("lib/glob.py"), false),
    source(
        "collections.abc",
        include_str!("lib/collections/abc.py"),
        false,
    ),
    source("contextlib", include_str!("lib/contextlib.py"), false),
    source("copy", include_str!("lib/copy.py"), false),
    source("csv", include_str!("lib/csv.py"), false),
    source("hashlib", include_str!("lib/hashlib.py"), false),
    source("heapq", include_str!("lib/heapq.py"), false),
    source("hmac", include_str!("lib/hmac.py"), false),
    source("json", include_str!("lib/json/__init__.py"), true),
    source("json.decoder", include_str!("lib/json/decoder.py"), false),
    source("json.encoder", include_str!("lib/json/encoder.py"), false),
    source("json.scanner", include_str!("lib/json/scanner.py"), false),
    source("keyword", include_str!("lib/keyword.py"), false),
    native("math", math::init),
    source("operator", include_str!("lib/operator.py"), false),
    source("random", include_str!("lib/random.py"), false),
    source("os", include_str!("lib/os.py"), false),
    source("pathlib", include_str!("lib/pathlib/__init__.py"), true),
    source("posixpath", include_str!("lib/posixpath.py"), false),
    source("re", include_str!("lib/re/__init__.py"), true),
    source("shlex", include_str!("lib/shlex.py"), false),
    source("shutil", include_str!("lib/shutil.py"), false),
    source("stat", include_str!("lib/stat.py"), false),
    source("string", include_str!("lib/string/__init__.py"), true),
    source("struct", include_str!("lib/struct.py"), false),
    source("subprocess", include_str!("lib/subprocess.py"), false),
    source("tempfile", include_str!("lib/tempfile.py"), false),
    source("textwrap", include_str!("lib/textwrap.py"), false),
    source("types", include_str!("lib/types.py"), false),
    source("typing", include_str!("lib/typing.py"), false),
];

/// Modules CPython 3.14 freezes into the interpreter: tracebacks name their frames
/// `<frozen os>` and show no source line.
static FROZEN: &[&str] = &["genericpath", "os", "posixpath", "stat"];

/// The file name a module's code carries in tracebacks: `<frozen os>` for a frozen module,
/// else its file.
pub fn code_filename(m: &StdModule) -> String {
    if FROZEN.contains(&m.name) {
        return format!("<frozen {}>", m.name);
    }
    source_location(m).0
}

/// A module written in Python (`package`: it is `name/__init__.py`).
const fn source(name: &'static str, text: &'static str, package: bool) -> StdModule {
    StdModule {
        name,
        body: Body::Source(text, package),
        hides_frames: false,
    }
}

/// A module written in Python here that CPython implements in C, so its frames stay out of
/// tracebacks.
const fn c_source(name: &'static str, text: &'static str) -> StdModule {
    StdModule {
        name,
        body: Body::Source(text, false),
        hides_frames: true,
    }
}

/// A module written in Rust.
const fn native(name: &'static str, init: Init) -> StdModule {
    StdModule {
        name,
        body: Body::Native(init),
        hides_frames: false,
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

/// Whether tracebacks leave out the frames of module `m`: a module written in Python here
/// that stands for one of CPython's C modules (every built-in one, such as `_heapq` or
/// `itertools`, and `io`), whose calls leave no frame in a CPython traceback.
pub fn hides_frames(m: &StdModule) -> bool {
    m.hides_frames || BUILTIN.iter().any(|b| std::ptr::eq(b, m))
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
        let lib = |name: &str| LIB.iter().find(|m| m.name == name).unwrap();
        assert!(hides_frames(builtin("_heapq").unwrap()));
        assert!(hides_frames(builtin("itertools").unwrap()));
        assert!(hides_frames(lib("io")));
        assert!(!hides_frames(lib("heapq")));
    }

    #[test]
    fn every_source_module_parses() {
        for m in BUILTIN.iter().chain(LIB) {
            if let Body::Source(text, _) = m.body {
                let (file, _) = source_location(m);
                let heap = crate::python::object::Heap::new();
                match crate::python::front::compile_source(&heap, &file, text) {
                    Err(e) => panic!("{file}: line {}: {}", e.lineno, e.msg),
                    Ok(code) => {
                        let warnings = code.source.warning_text();
                        assert!(warnings.is_empty(), "{file} warns:\n{warnings}");
                    }
                }
            }
        }
    }
}
