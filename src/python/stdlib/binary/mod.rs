//! Native cores of the binary-data modules: `_binascii` (base64 and hex codecs, CRC-32),
//! `_struct` (packing values into C layouts) and `_hashlib` (message digests). The public
//! modules (`lib/binascii.py`, `lib/base64.py`, `lib/struct.py`, `lib/hashlib.py`,
//! `lib/hmac.py`) are Python written here and define the exception classes these raise.

pub mod binascii;
pub mod hashlib;
pub mod structs;

use crate::python::methods::bytes::buffer;
use crate::python::object::{Kind, Obj, Value};
use crate::python::vm::{Flow, PyResult, Vm};
use std::rc::Rc;

type Kw<'a> = &'a [(Rc<str>, Value)];

/// `module.name` from an imported module (the Python half defines the exception classes
/// the native half raises), else `fallback`.
pub fn module_class(vm: &mut Vm, module: &str, name: &str, fallback: Rc<Obj>) -> Rc<Obj> {
    let key = vm.str_now(module);
    let modules = vm.modules.clone();
    let m = match vm.dict_get(&modules, &key) {
        Ok(Some(m)) => m,
        _ => return fallback,
    };
    match vm.getattr_str(&m, name) {
        Ok(Value::Obj(o)) if matches!(o.kind, Kind::Class(_)) => o,
        _ => fallback,
    }
}

/// Raises `module.name(msg)`.
pub fn raise_in(vm: &mut Vm, module: &str, name: &str, fallback: Rc<Obj>, msg: &str) -> Flow {
    let cls = module_class(vm, module, name, fallback);
    vm.raise(cls, msg)
}

/// A bytes-like argument: `a bytes-like object is required, not 'str'`.
pub fn data_arg(vm: &mut Vm, v: &Value) -> PyResult<Rc<[u8]>> {
    match buffer(v) {
        Some(b) => Ok(b),
        None => {
            let msg = format!("a bytes-like object is required, not '{}'", vm.type_name(v));
            Err(vm.raise(vm.types.type_error.clone(), &msg))
        }
    }
}

/// The value of keyword `name`, or the positional argument at `pos`.
pub fn arg(a: &[Value], k: Kw, pos: usize, name: &str) -> Option<Value> {
    if let Some((_, v)) = k.iter().find(|(n, _)| &**n == name) {
        return Some(v.clone());
    }
    a.get(pos).cloned()
}

/// Refuses keywords other than `allowed`, with CPython's message.
pub fn check_kwargs(vm: &mut Vm, fname: &str, k: Kw, allowed: &[&str]) -> PyResult<()> {
    for (n, _) in k {
        if !allowed.contains(&&**n) {
            let msg = format!("{fname}() got an unexpected keyword argument '{n}'");
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        }
    }
    Ok(())
}

/// Exactly `n` positional arguments (the `/`-only signatures of C functions).
pub fn positional(vm: &mut Vm, fname: &str, a: &[Value], min: usize, max: usize) -> PyResult<()> {
    if a.len() >= min && a.len() <= max {
        return Ok(());
    }
    let msg = if min == max {
        format!(
            "{fname}() takes exactly {} ({} given)",
            if min == 1 {
                "one argument".to_string()
            } else {
                format!("{min} arguments")
            },
            a.len()
        )
    } else if a.len() < min {
        format!("{fname}() missing required argument (pos {})", a.len() + 1)
    } else {
        format!(
            "{fname}() takes at most {max} arguments ({} given)",
            a.len()
        )
    };
    Err(vm.raise(vm.types.type_error.clone(), &msg))
}

/// An `int` argument (an `__index__` value).
pub fn int_arg(vm: &mut Vm, v: &Value) -> PyResult<i64> {
    match vm.index_of(v)? {
        Some(i) => Ok(i),
        None => {
            let msg = format!(
                "'{}' object cannot be interpreted as an integer",
                vm.type_name(v)
            );
            Err(vm.raise(vm.types.type_error.clone(), &msg))
        }
    }
}
