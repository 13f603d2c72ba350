//! The filesystem calls of `_posix`: `stat`, directories, names, modes and times, over the
//! simulated filesystem. Every directory read charges the meter per entry and per byte.

use super::{
    arg, check_arity, check_kwargs, errno_error, path_arg, path_value, registered, type_error,
    vfs_error, Accepts, Kw, PathArg,
};
use crate::python::object::{Kind, Value};
use crate::python::vm::{PyResult, Vm};
use crate::vfs::{FileType, Stat, VfsError, WriteMode};

/// CPU units charged per directory entry listed or copied.
const PER_ENTRY: u64 = 16;
/// The `st_dev` every simulated file reports (one filesystem).
const DEV: i64 = 0x801;

fn one_path(vm: &mut Vm, func: &str, a: &[Value], k: Kw, accepts: Accepts) -> PyResult<PathArg> {
    match arg(a, k, 0, "path") {
        Some(v) => path_arg(vm, func, &v, accepts),
        None => {
            let msg = format!("{func}() missing required argument 'path' (pos 1)");
            Err(type_error(vm, &msg))
        }
    }
}

fn two_paths(vm: &mut Vm, func: &str, a: &[Value], k: Kw) -> PyResult<(PathArg, PathArg)> {
    let src = arg(a, k, 0, "src");
    let dst = arg(a, k, 1, "dst");
    match (src, dst) {
        (Some(s), Some(d)) => {
            let s = path_arg(vm, func, &s, Accepts::Path)?;
            let d = path_arg(vm, func, &d, Accepts::Path)?;
            Ok((s, d))
        }
        (None, _) => {
            let msg = format!("{func}() missing required argument 'src' (pos 1)");
            Err(type_error(vm, &msg))
        }
        (Some(_), None) => {
            let msg = format!("{func}() missing required argument 'dst' (pos 2)");
            Err(type_error(vm, &msg))
        }
    }
}

fn follow(vm: &mut Vm, k: Kw) -> PyResult<bool> {
    match k.iter().find(|(n, _)| &**n == "follow_symlinks") {
        Some((_, v)) => {
            let v = v.clone();
            vm.truthy(&v)
        }
        None => Ok(true),
    }
}

/// The full `st_mode`: the file-type bits over the permission bits.
pub(crate) fn st_mode(st: &Stat) -> i64 {
    let kind = match st.file_type {
        FileType::File => 0o100000,
        FileType::Dir => 0o040000,
        FileType::Symlink => 0o120000,
    };
    (kind | (st.mode & 0o7777)) as i64
}

fn make_stat(vm: &mut Vm, st: &Stat) -> PyResult<Value> {
    let factory = registered(vm, "_stat_result")?;
    let ns = |v: u64| Value::Int(v.min(i64::MAX as u64) as i64);
    let fields = vec![
        Value::Int(st_mode(st)),
        Value::Int(st.ino as i64),
        Value::Int(DEV),
        Value::Int(st.nlink as i64),
        Value::Int(st.uid as i64),
        Value::Int(st.gid as i64),
        Value::Int(st.size.min(i64::MAX as u64) as i64),
        ns(st.atime_ns),
        ns(st.mtime_ns),
        ns(st.ctime_ns),
    ];
    vm.call(&factory, &fields, &[])
}

fn stat_common(
    vm: &mut Vm,
    func: &str,
    a: &[Value],
    k: Kw,
    follow_default: bool,
) -> PyResult<Value> {
    check_arity(vm, func, a, 1)?;
    check_kwargs(vm, func, k, &["path", "dir_fd", "follow_symlinks"])?;
    let p = one_path(vm, func, a, k, Accepts::PathOrFd)?;
    let fol = follow_default && follow(vm, k)?;
    let r = {
        let vfs = vm.sys.vfs.borrow();
        if fol {
            vfs.stat(&p.abs)
        } else {
            vfs.lstat(&p.abs)
        }
    };
    match r {
        Ok(st) => make_stat(vm, &st),
        Err(e) => Err(vfs_error(vm, e, &p, None)),
    }
}

pub fn stat(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    stat_common(vm, "stat", a, k, true)
}

pub fn lstat(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    stat_common(vm, "lstat", a, k, false)
}

pub fn fstat(vm: &mut Vm, _a: &[Value], _k: Kw) -> PyResult<Value> {
    Err(vm.raise(
        vm.types.not_implemented_error.clone(),
        "os.fstat: file descriptors are not supported by this simulator yet",
    ))
}

/// The entries of a directory, charged per entry.
fn read_dir(vm: &mut Vm, p: &PathArg) -> PyResult<Vec<(Vec<u8>, FileType)>> {
    let r = vm.sys.vfs.borrow().read_dir(&p.abs);
    match r {
        Ok(entries) => {
            vm.charge(PER_ENTRY * entries.len() as u64)?;
            Ok(entries)
        }
        Err(e) => Err(vfs_error(vm, e, p, None)),
    }
}

fn dir_arg(vm: &mut Vm, func: &str, a: &[Value], k: Kw) -> PyResult<PathArg> {
    check_arity(vm, func, a, 1)?;
    check_kwargs(vm, func, k, &["path"])?;
    match arg(a, k, 0, "path") {
        Some(v) if !v.is_none() => path_arg(vm, func, &v, Accepts::PathFdOrNone),
        _ => {
            let dot = vm.str_now(".");
            path_arg(vm, func, &dot, Accepts::PathFdOrNone)
        }
    }
}

pub fn listdir(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let p = dir_arg(vm, "listdir", a, k)?;
    let entries = read_dir(vm, &p)?;
    let mut names = Vec::with_capacity(entries.len());
    for (name, _) in entries {
        names.push(path_value(vm, &name, p.bytes)?);
    }
    vm.new_list(names)
}

/// `scandir(path)`: the entries as `(name, path, kind, inode)` (kind 0 file, 1 dir,
/// 2 symlink), handed to the iterator class `posix.py` registered, which makes `DirEntry`s.
pub fn scandir_list(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let p = dir_arg(vm, "scandir", a, k)?;
    let entries = read_dir(vm, &p)?;
    let mut out = Vec::with_capacity(entries.len());
    for (name, _) in entries {
        let full = crate::vfs::path::join(&p.abs, &name);
        let st = vm.sys.vfs.borrow().lstat(&full);
        let (kind, ino) = match st {
            Ok(st) => (
                match st.file_type {
                    FileType::File => 0,
                    FileType::Dir => 1,
                    FileType::Symlink => 2,
                },
                st.ino as i64,
            ),
            Err(_) => continue,
        };
        // The entry's path joins the argument as given, as CPython's `DirEntry.path` does.
        let mut shown = p.raw.clone();
        if p.orig.is_none() || shown.is_empty() {
            shown = b".".to_vec();
        }
        if !shown.ends_with(b"/") {
            shown.push(b'/');
        }
        shown.extend_from_slice(&name);
        let n = path_value(vm, &name, p.bytes)?;
        let s = path_value(vm, &shown, p.bytes)?;
        out.push(vm.new_tuple(vec![n, s, Value::Int(kind), Value::Int(ino)])?);
    }
    let list = vm.new_list(out)?;
    let make = registered(vm, "_scandir_iterator")?;
    vm.call(&make, &[list], &[])
}

fn umask(vm: &Vm) -> u32 {
    vm.sys
        .with_proc(vm.pid, |p| p.umask)
        .unwrap_or(crate::process::DEFAULT_UMASK)
}

fn int_arg(vm: &mut Vm, func: &str, v: Option<Value>, default: i64) -> PyResult<i64> {
    match v {
        None => Ok(default),
        Some(Value::Int(i)) => Ok(i),
        Some(Value::Bool(b)) => Ok(b as i64),
        Some(v) => {
            let msg = format!(
                "'{}' object cannot be interpreted as an integer",
                vm.type_name(&v)
            );
            let _ = func;
            Err(type_error(vm, &msg))
        }
    }
}

pub fn mkdir(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, "mkdir", a, 2)?;
    check_kwargs(vm, "mkdir", k, &["path", "mode", "dir_fd"])?;
    let p = one_path(vm, "mkdir", a, k, Accepts::Path)?;
    let mode = int_arg(vm, "mkdir", arg(a, k, 1, "mode"), 0o777)?;
    let perm = (mode as u32) & 0o7777 & !umask(vm);
    let r = vm.sys.vfs.borrow_mut().mkdir(&p.abs, perm);
    vm.sys.sync_disk();
    r.map_err(|e| vfs_error(vm, e, &p, None))?;
    Ok(Value::None)
}

pub fn rmdir(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, "rmdir", a, 1)?;
    check_kwargs(vm, "rmdir", k, &["path", "dir_fd"])?;
    let p = one_path(vm, "rmdir", a, k, Accepts::Path)?;
    let st = vm.sys.vfs.borrow().lstat(&p.abs);
    match st {
        Err(e) => return Err(vfs_error(vm, e, &p, None)),
        Ok(st) if st.file_type != FileType::Dir => {
            return Err(vfs_error(vm, VfsError::NotDir, &p, None))
        }
        Ok(_) => {}
    }
    if p.raw.ends_with(b".") && crate::vfs::path::file_name(&p.raw) == b"." {
        return Err(errno_error(vm, 22, &p, None));
    }
    let r = vm.sys.vfs.borrow_mut().remove(&p.abs);
    vm.sys.sync_disk();
    r.map_err(|e| vfs_error(vm, e, &p, None))?;
    Ok(Value::None)
}

fn unlink_common(vm: &mut Vm, func: &str, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, func, a, 1)?;
    check_kwargs(vm, func, k, &["path", "dir_fd"])?;
    let p = one_path(vm, func, a, k, Accepts::Path)?;
    let st = vm.sys.vfs.borrow().lstat(&p.abs);
    match st {
        Err(e) => return Err(vfs_error(vm, e, &p, None)),
        Ok(st) if st.file_type == FileType::Dir => {
            return Err(vfs_error(vm, VfsError::IsDir, &p, None))
        }
        Ok(_) => {}
    }
    if p.raw.ends_with(b"/") {
        return Err(vfs_error(vm, VfsError::NotDir, &p, None));
    }
    let r = vm.sys.vfs.borrow_mut().remove(&p.abs);
    vm.sys.sync_disk();
    r.map_err(|e| vfs_error(vm, e, &p, None))?;
    Ok(Value::None)
}

pub fn remove(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    unlink_common(vm, "remove", a, k)
}

pub fn unlink(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    unlink_common(vm, "unlink", a, k)
}

fn rename_common(vm: &mut Vm, func: &str, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, func, a, 2)?;
    check_kwargs(vm, func, k, &["src", "dst", "src_dir_fd", "dst_dir_fd"])?;
    let (s, d) = two_paths(vm, func, a, k)?;
    let r = vm.sys.vfs.borrow_mut().rename(&s.abs, &d.abs);
    vm.sys.sync_disk();
    r.map_err(|e| vfs_error(vm, e, &s, Some(&d)))?;
    Ok(Value::None)
}

pub fn rename(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    rename_common(vm, "rename", a, k)
}

pub fn replace(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    rename_common(vm, "replace", a, k)
}

pub fn symlink(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, "symlink", a, 3)?;
    check_kwargs(
        vm,
        "symlink",
        k,
        &["src", "dst", "target_is_directory", "dir_fd"],
    )?;
    let (s, d) = two_paths(vm, "symlink", a, k)?;
    let r = vm.sys.vfs.borrow_mut().symlink(&s.raw, &d.abs);
    vm.sys.sync_disk();
    r.map_err(|e| vfs_error(vm, e, &s, Some(&d)))?;
    Ok(Value::None)
}

pub fn readlink(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, "readlink", a, 1)?;
    check_kwargs(vm, "readlink", k, &["path", "dir_fd"])?;
    let p = one_path(vm, "readlink", a, k, Accepts::Path)?;
    let r = vm.sys.vfs.borrow().read_link(&p.abs);
    match r {
        Ok(t) => path_value(vm, &t, p.bytes),
        Err(e) => Err(vfs_error(vm, e, &p, None)),
    }
}

pub fn link(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, "link", a, 2)?;
    check_kwargs(
        vm,
        "link",
        k,
        &["src", "dst", "src_dir_fd", "dst_dir_fd", "follow_symlinks"],
    )?;
    let (s, d) = two_paths(vm, "link", a, k)?;
    let fol = follow(vm, k)?;
    let r = vm.sys.vfs.borrow_mut().link(&s.abs, &d.abs, fol);
    vm.sys.sync_disk();
    r.map_err(|e| vfs_error(vm, e, &s, Some(&d)))?;
    Ok(Value::None)
}

pub fn chmod(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, "chmod", a, 2)?;
    check_kwargs(
        vm,
        "chmod",
        k,
        &["path", "mode", "dir_fd", "follow_symlinks"],
    )?;
    let p = one_path(vm, "chmod", a, k, Accepts::PathOrFd)?;
    let Some(m) = arg(a, k, 1, "mode") else {
        return Err(type_error(
            vm,
            "chmod() missing required argument 'mode' (pos 2)",
        ));
    };
    let mode = int_arg(vm, "chmod", Some(m), 0)?;
    let r = vm.sys.vfs.borrow_mut().chmod(&p.abs, mode as u32);
    r.map_err(|e| vfs_error(vm, e, &p, None))?;
    Ok(Value::None)
}

/// Seconds (an int or float) as nanoseconds.
fn seconds_ns(vm: &mut Vm, v: &Value) -> PyResult<u64> {
    let ns = match v {
        Value::Int(i) => (*i as i128) * 1_000_000_000,
        Value::Bool(b) => (*b as i128) * 1_000_000_000,
        Value::Float(f) if f.is_finite() => (f * 1e9).floor() as i128,
        _ => {
            let msg = format!("unsupported type for timestamp: '{}'", vm.type_name(v));
            return Err(type_error(vm, &msg));
        }
    };
    Ok(ns.clamp(0, u64::MAX as i128) as u64)
}

fn pair(vm: &mut Vm, v: &Value) -> Option<(Value, Value)> {
    let _ = vm;
    match v.kind() {
        Some(Kind::Tuple(t)) if t.len() == 2 => Some((t[0].clone(), t[1].clone())),
        _ => None,
    }
}

pub fn utime(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, "utime", a, 2)?;
    check_kwargs(
        vm,
        "utime",
        k,
        &["path", "times", "ns", "dir_fd", "follow_symlinks"],
    )?;
    let p = one_path(vm, "utime", a, k, Accepts::PathOrFd)?;
    let times = arg(a, k, 1, "times").filter(|v| !v.is_none());
    let ns = k.iter().find(|(n, _)| &**n == "ns").map(|(_, v)| v.clone());
    let fol = follow(vm, k)?;
    let (at, mt) = match (times, ns) {
        (Some(_), Some(_)) => {
            let msg = "utime: you may specify either 'times' or 'ns' but not both";
            return Err(vm.raise(vm.types.value_error.clone(), msg));
        }
        (Some(t), None) => {
            let Some((x, y)) = pair(vm, &t) else {
                return Err(type_error(
                    vm,
                    "utime: 'times' must be either a tuple of two ints or None",
                ));
            };
            (seconds_ns(vm, &x)?, seconds_ns(vm, &y)?)
        }
        (None, Some(n)) => {
            let Some((Value::Int(x), Value::Int(y))) = pair(vm, &n) else {
                return Err(type_error(vm, "utime: 'ns' must be a tuple of two ints"));
            };
            (x.max(0) as u64, y.max(0) as u64)
        }
        (None, None) => {
            let now = vm.sys.clock.borrow().wall_ns();
            (now, now)
        }
    };
    let r = vm
        .sys
        .vfs
        .borrow_mut()
        .set_times_at(&p.abs, Some(at), Some(mt), fol);
    r.map_err(|e| vfs_error(vm, e, &p, None))?;
    Ok(Value::None)
}

/// `access(path, mode)`: the simulated process runs as root, so reading and writing are
/// allowed on whatever exists and executing needs an execute bit (or a directory).
pub fn access(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, "access", a, 2)?;
    check_kwargs(
        vm,
        "access",
        k,
        &["path", "mode", "dir_fd", "effective_ids", "follow_symlinks"],
    )?;
    let p = one_path(vm, "access", a, k, Accepts::Path)?;
    let Some(m) = arg(a, k, 1, "mode") else {
        return Err(type_error(
            vm,
            "access() missing required argument 'mode' (pos 2)",
        ));
    };
    let mode = int_arg(vm, "access", Some(m), 0)?;
    let st = vm.sys.vfs.borrow().stat(&p.abs);
    Ok(Value::Bool(match st {
        Err(_) => false,
        Ok(st) => mode & 1 == 0 || st.file_type == FileType::Dir || st.mode & 0o111 != 0,
    }))
}

pub fn truncate(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, "truncate", a, 2)?;
    let p = one_path(vm, "truncate", a, k, Accepts::PathOrFd)?;
    let len = int_arg(vm, "truncate", arg(a, k, 1, "length"), 0)?;
    if len < 0 {
        return Err(errno_error(vm, 22, &p, None));
    }
    let r = vm.sys.vfs.borrow_mut().truncate(&p.abs, len as u64);
    vm.sys.sync_disk();
    r.map_err(|e| vfs_error(vm, e, &p, None))?;
    Ok(Value::None)
}

pub fn getcwd(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    check_arity(vm, "getcwd", a, 0)?;
    let cwd = vm.cwd.clone();
    path_value(vm, &cwd, false)
}

pub fn getcwdb(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    check_arity(vm, "getcwdb", a, 0)?;
    let cwd = vm.cwd.clone();
    path_value(vm, &cwd, true)
}

/// `chdir(path)`: moves the interpreter's (and the process's) working directory, which
/// relative paths everywhere (`open`, `import`) are resolved against.
pub fn chdir(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, "chdir", a, 1)?;
    let p = one_path(vm, "chdir", a, k, Accepts::PathOrFd)?;
    let r = {
        let vfs = vm.sys.vfs.borrow();
        match vfs.stat(&p.abs) {
            Ok(st) if st.file_type != FileType::Dir => Err(VfsError::NotDir),
            Ok(_) => vfs.canonicalize(&p.abs),
            Err(e) => Err(e),
        }
    };
    let canon = r.map_err(|e| vfs_error(vm, e, &p, None))?;
    vm.cwd = canon.clone();
    vm.sys.with_proc(vm.pid, |proc_| proc_.cwd = canon);
    Ok(Value::None)
}

/// `_copyfile(src, dst)`: the bytes of `src` (following symlinks) into `dst` (created or
/// truncated), for `shutil`; the errors name the path they are about, as `open()`'s do.
pub fn copyfile(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let (s, d) = two_paths(vm, "copyfile", a, k)?;
    let data = {
        let vfs = vm.sys.vfs.borrow();
        match vfs.stat(&s.abs) {
            Ok(st) if st.file_type == FileType::Dir => Err(VfsError::IsDir),
            Ok(_) => vfs.read_file(&s.abs),
            Err(e) => Err(e),
        }
    };
    let data = data.map_err(|e| vfs_error(vm, e, &s, None))?;
    vm.charge_bytes(data.len())?;
    vm.charge(PER_ENTRY)?;
    let dst_dir = vm.sys.vfs.borrow().stat(&d.abs);
    if let Ok(st) = dst_dir {
        if st.file_type == FileType::Dir {
            return Err(vfs_error(vm, VfsError::IsDir, &d, None));
        }
    }
    let perm = 0o666 & !umask(vm);
    let r = vm
        .sys
        .vfs
        .borrow_mut()
        .write_file_mode(&d.abs, &data, WriteMode::Truncate, perm);
    vm.sys.sync_disk();
    r.map_err(|e| vfs_error(vm, e, &d, None))?;
    Ok(Value::None)
}

/// `_disk_usage(path)`: `(total, used, free)` of the simulated disk (its quota).
pub fn disk_usage(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let p = one_path(vm, "disk_usage", a, k, Accepts::Path)?;
    let (total, used, exists) = {
        let vfs = vm.sys.vfs.borrow();
        (vfs.quota(), vfs.usage(), vfs.stat(&p.abs))
    };
    exists.map_err(|e| vfs_error(vm, e, &p, None))?;
    let total = total.min(i64::MAX as u64) as i64;
    let used = used.min(i64::MAX as u64) as i64;
    vm.new_tuple(vec![
        Value::Int(total),
        Value::Int(used),
        Value::Int((total - used).max(0)),
    ])
}

/// `os.fspath(path)`.
pub fn fspath(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, "fspath", a, 1)?;
    let Some(v) = arg(a, k, 0, "path") else {
        return Err(type_error(
            vm,
            "fspath() missing required argument 'path' (pos 1)",
        ));
    };
    match super::fspath_value(vm, &v)? {
        Some(p) => Ok(p),
        None => {
            let msg = format!(
                "expected str, bytes or os.PathLike object, not {}",
                vm.type_name(&v)
            );
            Err(type_error(vm, &msg))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(file_type: FileType, mode: u32) -> Stat {
        Stat {
            file_type,
            mode,
            uid: 0,
            gid: 0,
            size: 0,
            mtime_ns: 0,
            ctime_ns: 0,
            atime_ns: 0,
            ino: 1,
            nlink: 1,
        }
    }

    #[test]
    fn st_mode_carries_the_file_type_bits() {
        assert_eq!(st_mode(&st(FileType::File, 0o644)), 0o100644);
        assert_eq!(st_mode(&st(FileType::Dir, 0o1777)), 0o041777);
        assert_eq!(st_mode(&st(FileType::Symlink, 0o777)), 0o120777);
    }
}
