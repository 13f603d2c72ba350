//! The process side of `_posix`: ids, the environment, the umask, `urandom` from the
//! machine's seeded generator (the one `$RANDOM`/`$SRANDOM` draw from), and `strerror`.

use super::{arg, check_arity, type_error, Kw};
use crate::python::object::{Kind, Value};
use crate::python::vm::{PyResult, Vm};

pub fn getpid(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    check_arity(vm, "getpid", a, 0)?;
    Ok(Value::Int(vm.pid as i64))
}

pub fn getppid(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    check_arity(vm, "getppid", a, 0)?;
    let ppid = vm.sys.with_proc(vm.pid, |p| p.ppid).unwrap_or(0);
    Ok(Value::Int(ppid as i64))
}

/// The simulated user is root (uid and gid 0), as `id` reports.
pub fn getuid(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    check_arity(vm, "getuid", a, 0)?;
    Ok(Value::Int(0))
}

/// One CPU, as `nproc` reports.
pub fn cpu_count(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    check_arity(vm, "cpu_count", a, 0)?;
    Ok(Value::Int(1))
}

pub fn urandom(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, "urandom", a, 1)?;
    let n = match arg(a, k, 0, "size") {
        Some(Value::Int(n)) => n,
        Some(v) => {
            let msg = format!(
                "'{}' object cannot be interpreted as an integer",
                vm.type_name(&v)
            );
            return Err(type_error(vm, &msg));
        }
        None => {
            return Err(type_error(
                vm,
                "urandom() missing required argument 'size' (pos 1)",
            ))
        }
    };
    if n < 0 {
        return Err(vm.raise(
            vm.types.value_error.clone(),
            "negative argument not allowed",
        ));
    }
    let n = n as usize;
    vm.ensure(n as u64)?;
    vm.charge_bytes(n)?;
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let r = vm.sys.random_u64().to_le_bytes();
        let take = (n - out.len()).min(8);
        out.extend_from_slice(&r[..take]);
    }
    vm.new_bytes(out)
}

/// Linux's `strerror` text for `errno`.
pub fn strerror_text(errno: i64) -> String {
    let s = match errno {
        0 => "Success",
        1 => "Operation not permitted",
        2 => "No such file or directory",
        3 => "No such process",
        4 => "Interrupted system call",
        5 => "Input/output error",
        6 => "No such device or address",
        7 => "Argument list too long",
        8 => "Exec format error",
        9 => "Bad file descriptor",
        10 => "No child processes",
        11 => "Resource temporarily unavailable",
        12 => "Cannot allocate memory",
        13 => "Permission denied",
        14 => "Bad address",
        15 => "Block device required",
        16 => "Device or resource busy",
        17 => "File exists",
        18 => "Invalid cross-device link",
        19 => "No such device",
        20 => "Not a directory",
        21 => "Is a directory",
        22 => "Invalid argument",
        23 => "Too many open files in system",
        24 => "Too many open files",
        25 => "Inappropriate ioctl for device",
        26 => "Text file busy",
        27 => "File too large",
        28 => "No space left on device",
        29 => "Illegal seek",
        30 => "Read-only file system",
        31 => "Too many links",
        32 => "Broken pipe",
        33 => "Numerical argument out of domain",
        34 => "Numerical result out of range",
        35 => "Resource deadlock avoided",
        36 => "File name too long",
        37 => "No locks available",
        38 => "Function not implemented",
        39 => "Directory not empty",
        40 => "Too many levels of symbolic links",
        61 => "No data available",
        62 => "Timer expired",
        75 => "Value too large for defined data type",
        84 => "Invalid or incomplete multibyte or wide character",
        95 => "Operation not supported",
        98 => "Address already in use",
        104 => "Connection reset by peer",
        110 => "Connection timed out",
        111 => "Connection refused",
        _ => return format!("Unknown error {errno}"),
    };
    s.to_string()
}

pub fn strerror(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, "strerror", a, 1)?;
    match arg(a, k, 0, "code") {
        Some(Value::Int(n)) => vm.new_str(strerror_text(n)),
        Some(Value::Bool(b)) => vm.new_str(strerror_text(b as i64)),
        Some(v) => {
            let msg = format!(
                "'{}' object cannot be interpreted as an integer",
                vm.type_name(&v)
            );
            Err(type_error(vm, &msg))
        }
        None => Err(type_error(
            vm,
            "strerror() missing required argument 'code' (pos 1)",
        )),
    }
}

pub fn umask(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, "umask", a, 1)?;
    let Some(Value::Int(mask)) = arg(a, k, 0, "mask") else {
        return Err(type_error(vm, "umask() argument must be int"));
    };
    let old = vm
        .sys
        .with_proc(vm.pid, |p| {
            std::mem::replace(&mut p.umask, mask as u32 & 0o777)
        })
        .unwrap_or(crate::process::DEFAULT_UMASK);
    Ok(Value::Int(old as i64))
}

fn env_text(vm: &mut Vm, func: &str, what: &str, v: Option<Value>) -> PyResult<Vec<u8>> {
    match v.as_ref().map(|v| (v.as_str(), v.kind())) {
        Some((Some(s), _)) => Ok(s.as_bytes().to_vec()),
        Some((None, Some(Kind::Bytes(b)))) => Ok(b.to_vec()),
        Some(_) => {
            let v = v.unwrap_or(Value::None);
            let msg = format!(
                "{func}() argument {what} must be str or bytes, not {}",
                vm.type_name(&v)
            );
            let _ = what;
            Err(type_error(vm, &msg))
        }
        None => Err(type_error(
            vm,
            &format!("{func}() missing required argument"),
        )),
    }
}

/// `putenv(key, value)`: changes the process's environment (what `os.environ` writes through
/// to).
pub fn putenv(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, "putenv", a, 2)?;
    let key = env_text(vm, "putenv", "1", arg(a, k, 0, "name"))?;
    let value = env_text(vm, "putenv", "2", arg(a, k, 1, "value"))?;
    if key.is_empty() || key.contains(&b'=') {
        return Err(vm.raise(
            vm.types.value_error.clone(),
            "illegal environment variable name",
        ));
    }
    vm.charge_bytes(key.len() + value.len())?;
    match vm.env.iter_mut().find(|(k, _)| *k == key) {
        Some(slot) => slot.1 = value,
        None => vm.env.push((key, value)),
    }
    Ok(Value::None)
}

pub fn unsetenv(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, "unsetenv", a, 1)?;
    let key = env_text(vm, "unsetenv", "1", arg(a, k, 0, "name"))?;
    if key.is_empty() || key.contains(&b'=') {
        return Err(vm.raise(
            vm.types.value_error.clone(),
            "illegal environment variable name",
        ));
    }
    vm.env.retain(|(k, _)| *k != key);
    Ok(Value::None)
}

/// `_environ()`: the exported environment the process started with, as `(name, value)`
/// pairs of str, in the process's order.
pub fn environ(vm: &mut Vm, _a: &[Value], _k: Kw) -> PyResult<Value> {
    let env = vm.env.clone();
    let mut items = Vec::with_capacity(env.len());
    for (k, v) in env {
        let k = vm.new_str(String::from_utf8_lossy(&k).into_owned())?;
        let v = vm.new_str(String::from_utf8_lossy(&v).into_owned())?;
        items.push(vm.new_tuple(vec![k, v])?);
    }
    vm.new_list(items)
}

/// Standard output is never a terminal in the simulator: `ioctl(TIOCGWINSZ)` fails.
pub fn get_terminal_size(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    check_arity(vm, "get_terminal_size", a, 1)?;
    Err(vm.os_error(25, "Inappropriate ioctl for device", None))
}

#[cfg(test)]
mod tests {
    use super::strerror_text;

    #[test]
    fn strerror_has_linux_texts() {
        assert_eq!(strerror_text(2), "No such file or directory");
        assert_eq!(strerror_text(39), "Directory not empty");
        assert_eq!(strerror_text(9999), "Unknown error 9999");
    }
}
