//! `_subprocess`: the native core of `subprocess`, `os.system` and `os.popen`. One call,
//! `run`, starts a simulated child, waits for it and returns what it wrote; the Python
//! modules build `Popen`, `run` and friends on top. The child is run by the `python3`
//! driver (see `python::child`): this call asks for it and is retried with the outcome.

use super::posix::{arg, check_arity, type_error, Kw};
use crate::python::child::{ChildIn, ChildOut, ChildOutcome, ChildRequest};
use crate::python::object::{Kind, NativeFn, Obj, Value};
use crate::python::vm::{Flow, PyResult, Vm};
use std::collections::BTreeMap;
use std::rc::Rc;

/// `subprocess.PIPE`, `STDOUT`, `DEVNULL`: CPython's values.
pub const PIPE: i64 = -1;
pub const STDOUT: i64 = -2;
pub const DEVNULL: i64 = -3;

pub fn init(vm: &mut Vm, dict: &Rc<Obj>) -> PyResult<()> {
    let fns: &[(&'static str, NativeFn)] = &[("run", run)];
    super::add_functions(vm, dict, fns);
    super::add_values(
        vm,
        dict,
        vec![
            ("PIPE", Value::Int(PIPE)),
            ("STDOUT", Value::Int(STDOUT)),
            ("DEVNULL", Value::Int(DEVNULL)),
        ],
    );
    Ok(())
}

/// The bytes of a `str` (UTF-8, as the file-system encoding) or `bytes` argument.
fn text_bytes(v: &Value) -> Option<Vec<u8>> {
    match v.kind() {
        Some(Kind::Bytes(b)) => Some(b.to_vec()),
        _ => v.as_str().map(|s| s.as_bytes().to_vec()),
    }
}

fn os_arg(vm: &mut Vm, v: &Value, what: &str) -> PyResult<Vec<u8>> {
    let b = text_bytes(v).ok_or_else(|| {
        let msg = format!(
            "expected str, bytes or os.PathLike object, not {}",
            vm.type_name(v)
        );
        let _ = what;
        type_error(vm, &msg)
    })?;
    if b.contains(&0) {
        return Err(vm.raise(vm.types.value_error.clone(), "embedded null byte"));
    }
    Ok(b)
}

/// Where an output stream goes: None inherits, PIPE, DEVNULL, STDOUT (stderr only).
fn out_mode(vm: &mut Vm, v: &Value, stderr: bool) -> PyResult<ChildOut> {
    Ok(match v {
        Value::None => ChildOut::Inherit,
        Value::Int(PIPE) => ChildOut::Pipe,
        Value::Int(DEVNULL) => ChildOut::Null,
        Value::Int(STDOUT) if stderr => ChildOut::ToStdout,
        _ => {
            let msg = "_subprocess.run: stream must be None, PIPE, DEVNULL or STDOUT";
            return Err(type_error(vm, msg));
        }
    })
}

/// `run(argv, cwd, env, stdin, stdout, stderr, timeout)` → `(pid, status, out, err,
/// timed_out)`. `argv` is a list of str/bytes (a shell command comes as `/bin/sh -c TEXT`);
/// `env` None (the process's environment) or a list of `(name, value)` pairs; `stdin` None,
/// DEVNULL or the bytes to feed; `timeout` None or seconds on the virtual clock. `out`/`err`
/// are bytes for a PIPE stream, else None. A program that cannot be started raises the
/// `OSError` `execve` gives, naming `argv[0]`.
fn run(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_arity(vm, "run", a, 8)?;
    if let Some(outcome) = vm.child_outcome.take() {
        return outcome_value(vm, a, outcome);
    }
    let argv_v = arg(a, k, 0, "argv").unwrap_or(Value::None);
    let items = vm.to_vec(&argv_v)?;
    if items.is_empty() {
        return Err(vm.raise(vm.types.index_error.clone(), "list index out of range"));
    }
    let mut argv = Vec::with_capacity(items.len());
    for it in &items {
        argv.push(os_arg(vm, it, "argv")?);
    }
    let cwd = match arg(a, k, 1, "cwd").unwrap_or(Value::None) {
        Value::None => vm.cwd.clone(),
        v => {
            let raw = os_arg(vm, &v, "cwd")?;
            let abs = crate::vfs::path::resolve(&vm.cwd, &raw);
            let st = vm.sys.ns_stat(vm.pid, &abs, true);
            match st {
                Ok(s) if s.file_type == crate::vfs::FileType::Dir => abs,
                Ok(_) => {
                    return Err(vm.os_error_with(20, "Not a directory", v.clone(), Value::None))
                }
                Err(_) => {
                    let msg = "No such file or directory";
                    return Err(vm.os_error_with(2, msg, v.clone(), Value::None));
                }
            }
        }
    };
    let env: BTreeMap<Vec<u8>, Vec<u8>> = match arg(a, k, 2, "env").unwrap_or(Value::None) {
        Value::None => vm.env.iter().cloned().collect(),
        v => {
            let mut m = BTreeMap::new();
            for pair in vm.to_vec(&v)? {
                let kv = vm.to_vec(&pair)?;
                let (Some(key), Some(val)) = (kv.first(), kv.get(1)) else {
                    return Err(type_error(vm, "env items must be (name, value) pairs"));
                };
                let key = os_arg(vm, key, "env")?;
                let val = os_arg(vm, val, "env")?;
                if key.is_empty() || key.contains(&b'=') {
                    let msg = "illegal environment variable name";
                    return Err(vm.raise(vm.types.value_error.clone(), msg));
                }
                vm.charge_bytes(key.len() + val.len())?;
                m.insert(key, val);
            }
            m
        }
    };
    let stdin = match arg(a, k, 3, "stdin").unwrap_or(Value::None) {
        Value::None => ChildIn::Inherit,
        Value::Int(DEVNULL) => ChildIn::Null,
        v => match v.kind() {
            Some(Kind::Bytes(b)) => {
                vm.charge_bytes(b.len())?;
                ChildIn::Data(b.to_vec())
            }
            _ => {
                let msg = "_subprocess.run: stdin must be None, DEVNULL or bytes";
                return Err(type_error(vm, msg));
            }
        },
    };
    let stdout = out_mode(vm, &arg(a, k, 4, "stdout").unwrap_or(Value::None), false)?;
    let stderr = out_mode(vm, &arg(a, k, 5, "stderr").unwrap_or(Value::None), true)?;
    let timeout_ns = match arg(a, k, 6, "timeout").unwrap_or(Value::None) {
        Value::None => None,
        Value::Int(i) => Some((i.max(0) as u64).saturating_mul(1_000_000_000)),
        Value::Float(f) if f.is_finite() => Some((f.max(0.0) * 1e9) as u64),
        Value::Float(_) => None,
        Value::Bool(b) => Some(b as u64 * 1_000_000_000),
        v => {
            let msg = format!("timeout must be a number, not {}", vm.type_name(&v));
            return Err(type_error(vm, &msg));
        }
    };
    // (close_fds, pass_fds, start_new_session, umask (unused: always -1), restore_signals);
    // absent: the
    // defaults (os.system and os.popen use them).
    let mut keep_fds = Some(Vec::new());
    let mut new_group = false;
    let mut restore_signals = true;
    if let Some(o) = arg(a, k, 7, "options").filter(|v| !matches!(v, Value::None)) {
        let o = vm.to_vec(&o)?;
        if o.len() != 5 {
            return Err(type_error(vm, "_subprocess.run: options must be a 5-tuple"));
        }
        if vm.truthy(&o[0])? {
            let mut keep = Vec::new();
            for fd in vm.to_vec(&o[1])? {
                match fd {
                    Value::Int(n) if (0..=i32::MAX as i64).contains(&n) => keep.push(n as u32),
                    _ => {
                        return Err(
                            vm.raise(vm.types.value_error.clone(), "bad value(s) in fds_to_keep")
                        )
                    }
                }
            }
            keep_fds = Some(keep);
        } else {
            keep_fds = None;
        }
        new_group = vm.truthy(&o[2])?;
        restore_signals = vm.truthy(&o[4])?;
    }
    vm.child_request = Some(ChildRequest {
        argv,
        env,
        cwd,
        stdin,
        stdout,
        stderr,
        timeout_ns,
        keep_fds,
        new_group,
        restore_signals,
    });
    // Suspends the VM: the driver runs the child, then this call is made again.
    Err(Flow::NeedInput)
}

fn outcome_value(vm: &mut Vm, a: &[Value], outcome: ChildOutcome) -> PyResult<Value> {
    match outcome {
        ChildOutcome::ExecFailed(e) => {
            let name = match a.first() {
                Some(v) => vm.to_vec(v)?.first().cloned().unwrap_or(Value::None),
                None => Value::None,
            };
            let errno = match e {
                crate::process::command::ExecError::NotFound => 2,
                crate::process::command::ExecError::NotExecutable => 13,
            };
            Err(vm.os_error_with(errno, e.message(), name, Value::None))
        }
        ChildOutcome::Ran(x) => {
            let bytes = |vm: &mut Vm, b: Option<crate::limits::ReservedBuf>| match b {
                None => Ok(Value::None),
                Some(b) => vm.new_bytes(b.as_slice().to_vec()),
            };
            let out = bytes(vm, x.stdout)?;
            let err = bytes(vm, x.stderr)?;
            vm.new_tuple(vec![
                Value::Int(x.pid as i64),
                Value::Int(x.status as i64),
                out,
                err,
                Value::Bool(x.timed_out),
            ])
        }
    }
}
