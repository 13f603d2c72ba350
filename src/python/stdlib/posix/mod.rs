//! `_posix`: the native core of `posix`/`os` over the simulated filesystem and process. The
//! functions CPython implements in C (`stat`, `listdir`, `mkdir`, `rename`, ...) are native
//! here too, so an uncaught error's traceback shows only the caller's line, as CPython's
//! does. The structured results (`os.stat_result`, `os.DirEntry`) are Python classes defined
//! by `posix` (`lib/posix.py`), which registers them here as `_stat_result`/`_dir_entry`.

mod fs;
mod proc;

use super::add_functions;
use crate::python::object::{Kind, NativeFn, Obj, Value};
use crate::python::vm::{Flow, PyResult, Vm};
use crate::vfs::VfsError;
use std::rc::Rc;

pub(crate) type Kw<'a> = &'a [(Rc<str>, Value)];

/// Fills the module's namespace `dict`.
pub fn init(vm: &mut Vm, dict: &Rc<Obj>) -> PyResult<()> {
    let fns: &[(&'static str, NativeFn)] = &[
        ("stat", fs::stat),
        ("lstat", fs::lstat),
        ("fstat", fs::fstat),
        ("listdir", fs::listdir),
        ("scandir", fs::scandir_list),
        ("mkdir", fs::mkdir),
        ("rmdir", fs::rmdir),
        ("remove", fs::remove),
        ("unlink", fs::unlink),
        ("rename", fs::rename),
        ("replace", fs::replace),
        ("symlink", fs::symlink),
        ("readlink", fs::readlink),
        ("link", fs::link),
        ("chmod", fs::chmod),
        ("utime", fs::utime),
        ("access", fs::access),
        ("truncate", fs::truncate),
        ("getcwd", fs::getcwd),
        ("getcwdb", fs::getcwdb),
        ("chdir", fs::chdir),
        ("_copyfile", fs::copyfile),
        ("_disk_usage", fs::disk_usage),
        ("fspath", fs::fspath),
        ("getpid", proc::getpid),
        ("getppid", proc::getppid),
        ("getuid", proc::getuid),
        ("geteuid", proc::getuid),
        ("getgid", proc::getuid),
        ("getegid", proc::getuid),
        ("cpu_count", proc::cpu_count),
        ("urandom", proc::urandom),
        ("strerror", proc::strerror),
        ("umask", proc::umask),
        ("putenv", proc::putenv),
        ("unsetenv", proc::unsetenv),
        ("_environ", proc::environ),
        ("get_terminal_size", proc::get_terminal_size),
    ];
    add_functions(vm, dict, fns);
    Ok(())
}

/// Argument `i` (or keyword `name`) of a native call.
pub(crate) fn arg(a: &[Value], k: Kw, i: usize, name: &str) -> Option<Value> {
    k.iter()
        .find(|(n, _)| &**n == name)
        .map(|(_, v)| v.clone())
        .or_else(|| a.get(i).cloned())
}

pub(crate) fn type_error(vm: &mut Vm, msg: &str) -> Flow {
    vm.raise(vm.types.type_error.clone(), msg)
}

/// Refuses keywords a function does not take (`stat() got an unexpected keyword argument`).
pub(crate) fn check_kwargs(vm: &mut Vm, func: &str, k: Kw, allowed: &[&str]) -> PyResult<()> {
    for (n, _) in k {
        if !allowed.contains(&&**n) {
            let msg = format!("{func}() got an unexpected keyword argument '{n}'");
            return Err(type_error(vm, &msg));
        }
    }
    Ok(())
}

/// Too many positional arguments.
pub(crate) fn check_arity(vm: &mut Vm, func: &str, a: &[Value], max: usize) -> PyResult<()> {
    if a.len() > max {
        let msg = format!(
            "{func}() takes at most {max} argument{} ({} given)",
            if max == 1 { "" } else { "s" },
            a.len()
        );
        return Err(type_error(vm, &msg));
    }
    Ok(())
}

/// A path argument, converted as CPython's `path_converter` does.
pub(crate) struct PathArg {
    /// The path as `os.fspath` gives it, which error messages show.
    pub orig: Value,
    /// The path's bytes, as given (relative paths not yet joined).
    pub raw: Vec<u8>,
    /// The absolute path in the VFS.
    pub abs: Vec<u8>,
    /// Given as `bytes` (results are bytes too).
    pub bytes: bool,
}

/// What a path argument accepts, for the `TypeError` when it is something else.
#[derive(Clone, Copy)]
pub(crate) enum Accepts {
    Path,
    PathOrFd,
    PathFdOrNone,
}

/// `os.fspath`: a str or bytes as is, or what `__fspath__` returns.
pub(crate) fn fspath_value(vm: &mut Vm, v: &Value) -> PyResult<Option<Value>> {
    if v.as_str().is_some() || matches!(v.kind(), Some(Kind::Bytes(_))) {
        return Ok(Some(v.clone()));
    }
    if matches!(v, Value::Obj(_)) {
        if let Some(m) = vm.special_method(v, "__fspath__")? {
            let r = vm.call(&m, &[], &[])?;
            if r.as_str().is_some() || matches!(r.kind(), Some(Kind::Bytes(_))) {
                return Ok(Some(r));
            }
            let msg = format!(
                "expected {}.__fspath__() to return str or bytes, not {}",
                vm.type_name(v),
                vm.type_name(&r)
            );
            return Err(type_error(vm, &msg));
        }
    }
    Ok(None)
}

pub(crate) fn path_arg(vm: &mut Vm, func: &str, v: &Value, accepts: Accepts) -> PyResult<PathArg> {
    let Some(p) = fspath_value(vm, v)? else {
        let what = match accepts {
            Accepts::Path => "string, bytes or os.PathLike",
            Accepts::PathOrFd => "string, bytes, os.PathLike or integer",
            Accepts::PathFdOrNone => "string, bytes, os.PathLike, integer or None",
        };
        if matches!(v, Value::Int(_)) && !matches!(accepts, Accepts::Path) {
            let msg = format!("{func}: file descriptors are not supported by this simulator yet");
            return Err(vm.raise(vm.types.not_implemented_error.clone(), &msg));
        }
        let msg = format!("{func}: path should be {what}, not {}", vm.type_name(v));
        return Err(type_error(vm, &msg));
    };
    let (raw, bytes) = match p.kind() {
        Some(Kind::Bytes(b)) => (b.to_vec(), true),
        _ => (p.as_str().unwrap_or("").as_bytes().to_vec(), false),
    };
    if raw.contains(&0) {
        let msg = format!("{func}: embedded null character in path");
        return Err(vm.raise(vm.types.value_error.clone(), &msg));
    }
    let abs = crate::vfs::path::resolve(&vm.cwd, &raw);
    Ok(PathArg {
        orig: p.clone(),
        raw,
        abs,
        bytes,
    })
}

/// The errno a VFS error stands for (`IntoItself` is EINVAL, as `rename(2)` gives).
pub(crate) fn errno_of(e: VfsError) -> i64 {
    crate::python::methods::io::errno_of(e)
}

/// Raises the `OSError` subclass for `e`, naming one or two paths.
pub(crate) fn vfs_error(vm: &mut Vm, e: VfsError, p: &PathArg, p2: Option<&PathArg>) -> Flow {
    errno_error(vm, errno_of(e), p, p2)
}

pub(crate) fn errno_error(vm: &mut Vm, errno: i64, p: &PathArg, p2: Option<&PathArg>) -> Flow {
    let msg = proc::strerror_text(errno);
    let f2 = p2.map(|p| p.orig.clone()).unwrap_or(Value::None);
    vm.os_error_with(errno, &msg, p.orig.clone(), f2)
}

/// A Python class `posix.py` registered on this module (`_stat_result`, `_dir_entry`).
pub(crate) fn registered(vm: &mut Vm, name: &str) -> PyResult<Value> {
    let key = vm.str_now("_posix");
    let modules = vm.modules.clone();
    let m = vm.dict_get(&modules, &key)?;
    if let Some(m) = m {
        if let Some(Kind::Module(md)) = m.kind() {
            if let Some(v) = crate::python::vm::attr::dict_get_str(&md.dict, name) {
                return Ok(v);
            }
        }
    }
    let msg = format!("_posix.{name} is not registered (import posix first)");
    Err(vm.raise(vm.types.runtime_error.clone(), &msg))
}

/// A path as the caller's type: `str` for a `str` argument, `bytes` for `bytes`.
pub(crate) fn path_value(vm: &mut Vm, b: &[u8], bytes: bool) -> PyResult<Value> {
    if bytes {
        vm.new_bytes(b.to_vec())
    } else {
        vm.new_str(String::from_utf8_lossy(b).into_owned())
    }
}
