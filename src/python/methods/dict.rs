//! `dict` (and its views) and `set`/`frozenset` methods.

use super::{add, arity};
use crate::python::code::BinOp;
use crate::python::object::{Kind, Value};
use crate::python::vm::{Flow, PyResult, Vm};
use std::rc::Rc;

type Kw<'a> = &'a [(Rc<str>, Value)];

pub fn install(vm: &mut Vm) {
    let d = vm.types.dict_type.clone();
    add(
        vm,
        &d,
        "dict",
        &[
            ("__init__", update),
            ("keys", keys),
            ("values", values),
            ("items", items),
            ("get", get),
            ("setdefault", setdefault),
            ("pop", pop),
            ("popitem", popitem),
            ("update", update),
            ("clear", clear),
            ("copy", copy),
            ("__getitem__", getitem),
            ("__setitem__", setitem),
            ("__contains__", contains),
            ("__len__", len),
        ],
    );
    // `dict.fromkeys` is a class method: a subclass's call makes an instance of it.
    let f = crate::python::vm::alloc::obj(
        &vm.heap,
        Kind::Builtin(crate::python::object::Builtin {
            name: "fromkeys",
            func: fromkeys,
            bound: None,
            owner: None,
        }),
        64,
    );
    let cm = crate::python::vm::alloc::obj(&vm.heap, Kind::ClassMethod(f), 64);
    if let Kind::Class(c) = &d.kind {
        crate::python::types::set_item(&vm.heap, &c.dict, "fromkeys", cm);
    }
    let s = vm.types.set_type.clone();
    let set_methods: &[(&'static str, crate::python::object::NativeFn)] = &[
        ("__init__", set_update),
        ("add", set_add),
        ("discard", set_discard),
        ("remove", set_remove),
        ("pop", set_pop),
        ("clear", set_clear),
        ("copy", set_copy),
        ("update", set_update),
        ("union", set_union),
        ("intersection", set_intersection),
        ("difference", set_difference),
        ("symmetric_difference", set_symmetric_difference),
        ("intersection_update", set_intersection_update),
        ("difference_update", set_difference_update),
        (
            "symmetric_difference_update",
            set_symmetric_difference_update,
        ),
        ("issubset", set_issubset),
        ("issuperset", set_issuperset),
        ("isdisjoint", set_isdisjoint),
        ("__contains__", contains),
        ("__len__", len),
    ];
    add(vm, &s, "set", set_methods);
    let f = vm.types.frozenset_type.clone();
    add(
        vm,
        &f,
        "frozenset",
        &[
            ("copy", set_copy),
            ("union", set_union),
            ("intersection", set_intersection),
            ("difference", set_difference),
            ("symmetric_difference", set_symmetric_difference),
            ("issubset", set_issubset),
            ("issuperset", set_issuperset),
            ("isdisjoint", set_isdisjoint),
            ("__contains__", contains),
            ("__len__", len),
        ],
    );
}

fn dict_obj(a: &[Value]) -> Rc<crate::python::object::Obj> {
    a[0].obj().cloned().expect("dict")
}

fn view(vm: &mut Vm, a: &[Value], which: u8) -> PyResult<Value> {
    arity(vm, "view", a, 0, 0)?;
    let d = dict_obj(a);
    vm.new_obj(Kind::DictView(d, which), 48)
}

fn keys(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    view(vm, a, 0)
}
fn values(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    view(vm, a, 1)
}
fn items(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    view(vm, a, 2)
}

fn get(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.len() < 2 || a.len() > 3 {
        let msg = format!(
            "get expected at least 1 argument, got {}",
            a.len().saturating_sub(1)
        );
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let d = dict_obj(a);
    Ok(vm
        .dict_get(&d, &a[1])?
        .unwrap_or_else(|| a.get(2).cloned().unwrap_or(Value::None)))
}

fn setdefault(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "setdefault", a, 1, 2)?;
    let d = dict_obj(a);
    if let Some(v) = vm.dict_get(&d, &a[1])? {
        return Ok(v);
    }
    let v = a.get(2).cloned().unwrap_or(Value::None);
    vm.dict_set(&d, a[1].clone(), v.clone())?;
    Ok(v)
}

fn pop(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.len() < 2 || a.len() > 3 {
        let msg = format!(
            "pop expected at least 1 argument, got {}",
            a.len().saturating_sub(1)
        );
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let d = dict_obj(a);
    match vm.dict_get(&d, &a[1])? {
        Some(v) => {
            vm.dict_del(&d, &a[1])?;
            Ok(v)
        }
        None => match a.get(2) {
            Some(def) => Ok(def.clone()),
            None => {
                let e = vm.new_exception_args(vm.types.key_error.clone(), vec![a[1].clone()]);
                Err(Flow::Exc(e))
            }
        },
    }
}

fn popitem(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let d = dict_obj(a);
    let Kind::Dict(cell) = &d.kind else {
        return Ok(Value::None);
    };
    let last = cell.borrow().last_index();
    match last {
        Some(i) => {
            let e = cell.borrow_mut().remove_at(i);
            match e {
                Some(e) => vm.new_tuple(vec![e.key, e.value]),
                None => Ok(Value::None),
            }
        }
        None => Err(vm.raise(vm.types.key_error.clone(), "popitem(): dictionary is empty")),
    }
}

pub fn update(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    if a.len() > 2 {
        let msg = format!("update expected at most 1 argument, got {}", a.len() - 1);
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    if let Some(src) = a.get(1) {
        update_from(vm, &a[0], src)?;
    }
    let d = dict_obj(a);
    for (name, v) in k {
        let key = vm.new_str(&**name)?;
        vm.dict_set(&d, key, v.clone())?;
    }
    Ok(Value::None)
}

/// `dict.update(src)`: a mapping, or an iterable of pairs.
pub fn update_from(vm: &mut Vm, d: &Value, src: &Value) -> PyResult<()> {
    if matches!(src.kind(), Some(Kind::Dict(_))) || vm.try_getattr(src, "keys")?.is_some() {
        return vm.dict_update(d, src, false);
    }
    let target = d.obj().cloned().expect("dict");
    let pairs = vm.to_vec(src)?;
    for (i, p) in pairs.iter().enumerate() {
        let kv = match vm.to_vec(p) {
            Ok(kv) => kv,
            Err(_) => {
                let msg =
                    format!("cannot convert dictionary update sequence element #{i} to a sequence");
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
        };
        if kv.len() != 2 {
            let msg = format!(
                "dictionary update sequence element #{i} has length {}; 2 is required",
                kv.len()
            );
            return Err(vm.raise(vm.types.value_error.clone(), &msg));
        }
        vm.dict_set(&target, kv[0].clone(), kv[1].clone())?;
    }
    Ok(())
}

fn clear(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if let Some(Kind::Dict(d)) = a[0].kind() {
        d.borrow_mut().clear();
    }
    Ok(Value::None)
}

fn copy(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let d = vm.new_dict()?;
    vm.dict_update(&d, &a[0], false)?;
    Ok(d)
}

fn getitem(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "__getitem__", a, 1, 1)?;
    vm.getitem(&a[0], &a[1])
}

fn setitem(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "__setitem__", a, 2, 2)?;
    vm.setitem(&a[0], a[1].clone(), a[2].clone())?;
    Ok(Value::None)
}

fn contains(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "__contains__", a, 1, 1)?;
    Ok(Value::Bool(vm.contains(&a[0], &a[1])?))
}

fn len(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(Value::Int(vm.len(&a[0])? as i64))
}

// ---- sets ---------------------------------------------------------------------------------

/// A set built from any iterable (the argument of a set method).
fn as_set(vm: &mut Vm, v: &Value) -> PyResult<Value> {
    if matches!(v.kind(), Some(Kind::Set(..))) {
        return Ok(v.clone());
    }
    let items = vm.to_vec(v)?;
    vm.new_set(items, true)
}

fn set_add(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "set.add", a, 1, 1)?;
    vm.set_add(&a[0], a[1].clone())?;
    Ok(Value::None)
}

fn set_discard(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "set.discard", a, 1, 1)?;
    vm.set_remove(&a[0], &a[1])?;
    Ok(Value::None)
}

fn set_remove(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "set.remove", a, 1, 1)?;
    if !vm.set_remove(&a[0], &a[1])? {
        let e = vm.new_exception_args(vm.types.key_error.clone(), vec![a[1].clone()]);
        return Err(Flow::Exc(e));
    }
    Ok(Value::None)
}

fn set_pop(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let Some(Kind::Set(cell, _)) = a[0].kind() else {
        return Ok(Value::None);
    };
    let v = cell.borrow_mut().table.pop();
    match v {
        Some(v) => Ok(v),
        None => Err(vm.raise(vm.types.key_error.clone(), "pop from an empty set")),
    }
}

fn set_clear(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if let Some(Kind::Set(cell, _)) = a[0].kind() {
        cell.borrow_mut().table.clear();
    }
    Ok(Value::None)
}

fn set_copy(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if let Some(Kind::Set(_, true)) = a[0].kind() {
        return Ok(a[0].clone());
    }
    let Some(t) = vm.set_table(&a[0]) else {
        return Ok(Value::None);
    };
    vm.set_from_table(t.copy(), false)
}

fn set_update(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    for other in &a[1..] {
        let items = vm.to_vec(other)?;
        for it in items {
            vm.set_add(&a[0], it)?;
        }
    }
    Ok(Value::None)
}

fn set_algebra(vm: &mut Vm, a: &[Value], op: BinOp) -> PyResult<Value> {
    let mut acc = match vm.set_table(&a[0]) {
        Some(t) => {
            let frozen = matches!(a[0].kind(), Some(Kind::Set(_, true)));
            vm.set_from_table(t.copy(), frozen)?
        }
        None => return Ok(Value::None),
    };
    for other in &a[1..] {
        let o = as_set(vm, other)?;
        acc = vm.set_binary(op, &acc, &o)?.unwrap_or(acc);
    }
    Ok(acc)
}

fn set_union(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    set_algebra(vm, a, BinOp::Or)
}
fn set_intersection(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    set_algebra(vm, a, BinOp::And)
}
fn set_difference(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    set_algebra(vm, a, BinOp::Sub)
}
fn set_symmetric_difference(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "symmetric_difference", a, 1, 1)?;
    set_algebra(vm, a, BinOp::Xor)
}

fn set_inplace_method(vm: &mut Vm, a: &[Value], op: BinOp) -> PyResult<Value> {
    for other in &a[1..] {
        let o = as_set(vm, other)?;
        vm.set_inplace(op, &a[0], &o)?;
    }
    Ok(Value::None)
}

fn set_intersection_update(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    set_inplace_method(vm, a, BinOp::And)
}
fn set_difference_update(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    set_inplace_method(vm, a, BinOp::Sub)
}
fn set_symmetric_difference_update(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    set_inplace_method(vm, a, BinOp::Xor)
}

fn set_issubset(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "issubset", a, 1, 1)?;
    let o = as_set(vm, &a[1])?;
    Ok(Value::Bool(vm.set_order(
        crate::python::code::CmpOp::Le,
        &a[0],
        &o,
    )?))
}
fn set_issuperset(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "issuperset", a, 1, 1)?;
    let o = as_set(vm, &a[1])?;
    Ok(Value::Bool(vm.set_order(
        crate::python::code::CmpOp::Ge,
        &a[0],
        &o,
    )?))
}
fn set_isdisjoint(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "isdisjoint", a, 1, 1)?;
    let items = vm.to_vec(&a[1])?;
    for it in items {
        if vm.set_contains(&a[0], &it)? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}

/// `dict.fromkeys(iterable, value=None)` on `cls` (the first argument).
fn fromkeys(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.len() < 2 || a.len() > 3 {
        let msg = format!(
            "fromkeys expected at least 1 argument, got {}",
            a.len().saturating_sub(1)
        );
        let msg = if a.len() > 3 {
            format!("fromkeys expected at most 2 arguments, got {}", a.len() - 1)
        } else {
            msg
        };
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let value = a.get(2).cloned().unwrap_or(Value::None);
    let keys = vm.to_vec(&a[1])?;
    let target = if a[0].is(&Value::Obj(vm.types.dict_type.clone())) {
        vm.new_dict()?
    } else {
        vm.call(&a[0], &[], &[])?
    };
    for k in keys {
        vm.setitem(&target, k, value.clone())?;
    }
    Ok(target)
}
