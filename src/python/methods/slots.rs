//! The special methods of the built-in types as callable objects: `dict.__repr__(d)`,
//! `list.__getitem__(l, 0)`, `object.__setattr__(self, name, value)`, `x.__eq__(y)`,
//! `super().__eq__(other)`.
//!
//! The interpreter runs these operations inline (a `dict`'s `repr` never looks up
//! `__repr__`), so the built-in classes' dicts do not hold them; attribute lookup falls back
//! to [`slot_wrapper`] when a class and its bases define no such name. Each wrapper works on
//! the built-in value an instance of a subclass extends (its payload), so
//! `dict.__repr__(self)` inside a `dict` subclass's own `__repr__` prints the plain dict.

use crate::python::code::{BinOp, CmpOp};
use crate::python::object::{Kind, NativeFn, Value};
use crate::python::types::BuiltinType;
use crate::python::vm::{PyResult, Vm};
use std::rc::Rc;

type Kw<'a> = &'a [(Rc<str>, Value)];

/// The built-in types' special methods that lookups fall back to.
static SLOTS: &[(&str, NativeFn)] = &[
    ("__repr__", repr),
    ("__str__", str_),
    ("__len__", len),
    ("__bool__", bool_),
    ("__hash__", hash),
    ("__iter__", iter),
    ("__contains__", contains),
    ("__getitem__", getitem),
    ("__setitem__", setitem),
    ("__delitem__", delitem),
    ("__eq__", eq),
    ("__ne__", ne),
    ("__lt__", lt),
    ("__le__", le),
    ("__gt__", gt),
    ("__ge__", ge),
    ("__add__", add),
    ("__sub__", sub),
    ("__mul__", mul),
    ("__mod__", mod_),
    ("__or__", or),
    ("__and__", and),
    ("__xor__", xor),
    ("__setattr__", setattr),
    ("__delattr__", delattr),
    ("__getattribute__", getattribute),
    ("__format__", format_),
];

/// The wrapper for special method `name` (with its name), when values of the built-in type
/// `b` have that operation (`hasattr(5, '__len__')` stays false).
pub fn slot_wrapper(name: &str, b: Option<BuiltinType>) -> Option<(&'static str, NativeFn)> {
    use BuiltinType as B;
    let b = b.unwrap_or(B::Object);
    let sequence = matches!(
        b,
        B::Str | B::Bytes | B::ByteArray | B::Tuple | B::List | B::Range
    );
    let container = sequence || matches!(b, B::Dict | B::Set | B::FrozenSet);
    let number = matches!(b, B::Int | B::Bool | B::Float);
    let set = matches!(b, B::Set | B::FrozenSet);
    let has = match name {
        "__repr__" | "__str__" | "__hash__" | "__eq__" | "__ne__" | "__lt__" | "__le__"
        | "__gt__" | "__ge__" | "__setattr__" | "__delattr__" | "__getattribute__"
        | "__format__" => true,
        "__len__" | "__iter__" | "__contains__" => container,
        "__getitem__" => sequence || b == B::Dict,
        "__setitem__" | "__delitem__" => matches!(b, B::List | B::Dict | B::ByteArray),
        "__bool__" => number,
        "__add__" | "__mul__" => number || (sequence && b != B::Range),
        "__mod__" => number || matches!(b, B::Str | B::Bytes),
        "__sub__" | "__and__" | "__xor__" => number || set,
        "__or__" => number || set || b == B::Dict,
        _ => false,
    };
    if !has {
        return None;
    }
    SLOTS.iter().find(|(n, _)| *n == name).copied()
}

/// The receiver and the arguments after it, the receiver unwrapped to its built-in value.
fn split<'a>(
    vm: &mut Vm,
    name: &str,
    a: &'a [Value],
    extra: usize,
) -> PyResult<(Value, &'a [Value])> {
    if a.len() != extra + 1 {
        let msg = if a.is_empty() {
            format!("descriptor '{name}' needs an argument")
        } else {
            format!(
                "expected {extra} argument{}, got {}",
                if extra == 1 { "" } else { "s" },
                a.len() - 1
            )
        };
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let this = vm.payload_of(&a[0]).unwrap_or_else(|| a[0].clone());
    Ok((this, &a[1..]))
}

fn unwrap(vm: &Vm, v: &Value) -> Value {
    vm.payload_of(v).unwrap_or_else(|| v.clone())
}

fn repr(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let (this, _) = split(vm, "__repr__", a, 0)?;
    vm.repr_of(&this)
}

fn str_(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let (this, _) = split(vm, "__str__", a, 0)?;
    vm.str_of(&this)
}

/// `T.__format__(value, spec)`: a built-in value (or a subclass's payload) formats as that
/// type does; any other object formats only with an empty spec, as its `str()`.
fn format_(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let (this, rest) = split(vm, "__format__", a, 1)?;
    let Some(spec) = rest[0].as_str().map(String::from) else {
        let msg = format!(
            "__format__() argument must be str, not {}",
            vm.type_name(&rest[0])
        );
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    };
    if !matches!(this.kind(), Some(Kind::Instance(_))) {
        return vm.format(&this, &spec);
    }
    if spec.is_empty() {
        return vm.str_of(&a[0]);
    }
    let msg = format!(
        "unsupported format string passed to {}.__format__",
        vm.type_name(&a[0])
    );
    Err(vm.raise(vm.types.type_error.clone(), &msg))
}

fn len(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let (this, _) = split(vm, "__len__", a, 0)?;
    Ok(Value::Int(vm.len(&this)? as i64))
}

fn bool_(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let (this, _) = split(vm, "__bool__", a, 0)?;
    Ok(Value::Bool(vm.truthy(&this)?))
}

fn hash(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let (this, _) = split(vm, "__hash__", a, 0)?;
    Ok(Value::Int(vm.hash(&this)?))
}

fn iter(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let (this, _) = split(vm, "__iter__", a, 0)?;
    vm.iter(&this)
}

fn contains(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let (this, rest) = split(vm, "__contains__", a, 1)?;
    Ok(Value::Bool(vm.contains(&this, &rest[0])?))
}

fn getitem(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let (this, rest) = split(vm, "__getitem__", a, 1)?;
    vm.getitem(&this, &rest[0])
}

fn setitem(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let (this, rest) = split(vm, "__setitem__", a, 2)?;
    vm.setitem(&this, rest[0].clone(), rest[1].clone())?;
    Ok(Value::None)
}

fn delitem(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let (this, rest) = split(vm, "__delitem__", a, 1)?;
    vm.delitem(&this, &rest[0])?;
    Ok(Value::None)
}

/// A comparison of the built-in values; `NotImplemented` when they do not compare.
fn compare(vm: &mut Vm, name: &str, op: CmpOp, a: &[Value]) -> PyResult<Value> {
    let (this, rest) = split(vm, name, a, 1)?;
    let other = unwrap(vm, &rest[0]);
    if vm.payload_of(&a[0]).is_none()
        && matches!(this.kind(), Some(crate::python::object::Kind::Instance(_)))
    {
        // `object`'s comparisons: identity for `==`/`!=`, nothing else.
        return Ok(match op {
            CmpOp::Eq if this.is(&rest[0]) => Value::Bool(true),
            CmpOp::Ne if this.is(&rest[0]) => Value::Bool(false),
            _ => vm.not_implemented(),
        });
    }
    let same_kind = Rc::ptr_eq(&vm.class_of(&this), &vm.class_of(&other));
    let numbers = crate::python::vm::ops::num(&this).is_some()
        && crate::python::vm::ops::num(&other).is_some();
    if !same_kind && !numbers && !matches!(op, CmpOp::Eq | CmpOp::Ne) {
        return Ok(vm.not_implemented());
    }
    vm.compare(op, &this, &other)
}

fn eq(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    compare(vm, "__eq__", CmpOp::Eq, a)
}

fn ne(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    compare(vm, "__ne__", CmpOp::Ne, a)
}

fn lt(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    compare(vm, "__lt__", CmpOp::Lt, a)
}

fn le(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    compare(vm, "__le__", CmpOp::Le, a)
}

fn gt(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    compare(vm, "__gt__", CmpOp::Gt, a)
}

fn ge(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    compare(vm, "__ge__", CmpOp::Ge, a)
}

fn binary(vm: &mut Vm, name: &str, op: BinOp, a: &[Value]) -> PyResult<Value> {
    let (this, rest) = split(vm, name, a, 1)?;
    let other = unwrap(vm, &rest[0]);
    match vm.binary(op, &this, &other) {
        Ok(v) => Ok(v),
        Err(crate::python::vm::Flow::Exc(e)) if vm.isinstance(&e, &vm.types.type_error.clone()) => {
            Ok(vm.not_implemented())
        }
        Err(e) => Err(e),
    }
}

fn add(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    binary(vm, "__add__", BinOp::Add, a)
}

fn sub(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    binary(vm, "__sub__", BinOp::Sub, a)
}

fn mul(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    binary(vm, "__mul__", BinOp::Mul, a)
}

fn mod_(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    binary(vm, "__mod__", BinOp::Mod, a)
}

fn or(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    binary(vm, "__or__", BinOp::Or, a)
}

fn and(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    binary(vm, "__and__", BinOp::And, a)
}

fn xor(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    binary(vm, "__xor__", BinOp::Xor, a)
}

/// `object.__setattr__`: stores without consulting the class's own `__setattr__`.
fn setattr(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.len() != 3 {
        let msg = format!("expected 2 arguments, got {}", a.len().saturating_sub(1));
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    if a[1].as_str().is_none() {
        let msg = format!(
            "attribute name must be string, not '{}'",
            vm.type_name(&a[1])
        );
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    vm.setattr_with(&a[0], &a[1], a[2].clone(), false)?;
    Ok(Value::None)
}

fn delattr(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.len() != 2 {
        let msg = format!("expected 1 argument, got {}", a.len().saturating_sub(1));
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    vm.delattr_with(&a[0], &a[1], false)?;
    Ok(Value::None)
}

fn getattribute(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.len() != 2 {
        let msg = format!("expected 1 argument, got {}", a.len().saturating_sub(1));
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    vm.getattr(&a[0], &a[1])
}
