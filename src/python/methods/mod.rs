//! Methods of the built-in types, installed into their class dicts as native functions, and
//! the built-in constructors.

pub mod bytearray;
pub mod bytes;
pub mod ctors;
mod dict;
mod int_bytes;
pub mod io;
pub mod list;
mod misc;
pub mod slots;
mod str;

use super::object::{Builtin, Kind, NativeFn, Obj, Value};
use super::types::set_item;
use super::vm::{alloc, PyResult, Vm};
use std::rc::Rc;

/// Adds native methods to a class.
pub fn add(vm: &Vm, cls: &Rc<Obj>, owner: &'static str, methods: &[(&'static str, NativeFn)]) {
    let Kind::Class(c) = &cls.kind else { return };
    for (name, func) in methods {
        let f = alloc::obj(
            &vm.heap,
            Kind::Builtin(Builtin {
                name,
                func: *func,
                bound: None,
                owner: Some(owner),
            }),
            64,
        );
        set_item(&vm.heap, &c.dict, name, f);
    }
}

pub fn install(vm: &mut Vm) {
    str::install(vm);
    bytes::install(vm);
    bytearray::install(vm);
    list::install(vm);
    dict::install(vm);
    misc::install(vm);
    int_bytes::install(vm);
    io::install(vm);
}

/// Checks the number of positional arguments (after `self`) of a method.
pub fn arity(vm: &mut Vm, name: &str, args: &[Value], min: usize, max: usize) -> PyResult<()> {
    let n = args.len().saturating_sub(1);
    if n >= min && n <= max {
        return Ok(());
    }
    let msg = if min == max {
        match min {
            0 => format!("{name}() takes no arguments ({n} given)"),
            1 => format!("{name}() takes exactly one argument ({n} given)"),
            _ => format!("{name}() takes exactly {min} arguments ({n} given)"),
        }
    } else if n < min {
        format!(
            "{name}() takes at least {min} argument{} ({n} given)",
            if min == 1 { "" } else { "s" }
        )
    } else {
        format!(
            "{name}() takes at most {max} argument{} ({n} given)",
            if max == 1 { "" } else { "s" }
        )
    };
    Err(vm.raise(vm.types.type_error.clone(), &msg))
}

/// Refuses keyword arguments for a method that takes none.
pub fn no_kwargs(vm: &mut Vm, name: &str, kwargs: &[(Rc<str>, Value)]) -> PyResult<()> {
    if kwargs.is_empty() {
        return Ok(());
    }
    let msg = format!("{name}() takes no keyword arguments");
    Err(vm.raise(vm.types.type_error.clone(), &msg))
}

/// The value of keyword `name`, or the positional argument at `pos` (after `self`).
pub fn arg(args: &[Value], kwargs: &[(Rc<str>, Value)], pos: usize, name: &str) -> Option<Value> {
    if let Some((_, v)) = kwargs.iter().find(|(k, _)| &**k == name) {
        return Some(v.clone());
    }
    pos.checked_add(1).and_then(|i| args.get(i)).cloned()
}
