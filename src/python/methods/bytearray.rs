//! `bytearray`: the mutable byte string. Its text-like methods are `bytes`'s (`bytes.rs`
//! returns a `bytearray` for a `bytearray` receiver); this module has the constructor, the
//! mutating methods and the subscript operations the VM hands over (`ba[i]`, `ba[i:j] = b`,
//! `del ba[i]`).
//!
//! Memory: an array's charge follows its high-water length (CPython keeps its buffer's
//! capacity too); the growth is reserved on the meter before the array grows.

use super::bytes::{buffer, new_bytearray};
use super::{add, arity};
use crate::python::object::{Kind, Obj, Value};
use crate::python::vm::{alloc::size, ops::num, ops::Num, PyResult, Vm};
use std::rc::Rc;

type Kw<'a> = &'a [(Rc<str>, Value)];

pub fn install(vm: &mut Vm) {
    let ba = vm.types.bytearray_type.clone();
    add(
        vm,
        &ba,
        "bytearray",
        &[
            ("append", append),
            ("extend", extend),
            ("pop", pop),
            ("insert", insert),
            ("remove", remove),
            ("clear", clear),
            ("reverse", reverse),
            ("copy", copy),
        ],
    );
}

/// `bytearray(source=b'', encoding=..., errors=...)`.
pub fn bytearray_new(vm: &mut Vm, _cls: &Rc<Obj>, a: &[Value], k: Kw) -> PyResult<Value> {
    let mut args: Vec<Value> = a.to_vec();
    for (name, v) in k {
        match &**name {
            "source" if args.is_empty() => args.push(v.clone()),
            "encoding" if args.len() == 1 => args.push(v.clone()),
            "errors" if args.len() == 2 => args.push(v.clone()),
            _ => {
                let msg = format!("bytearray() got an unexpected keyword argument '{name}'");
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
        }
    }
    if args.len() > 3 {
        let msg = format!(
            "bytearray() takes at most 3 arguments ({} given)",
            args.len()
        );
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    match args.first() {
        None => return new_bytearray(vm, Vec::new()),
        Some(x) if x.as_str().is_none() && args.len() > 1 => {
            let msg = if args.len() == 2 {
                "encoding without a string argument"
            } else {
                "errors without a string argument"
            };
            return Err(vm.raise(vm.types.type_error.clone(), msg));
        }
        Some(x) if x.as_str().is_none() => {
            if let Some(b) = buffer(x) {
                vm.ensure(b.len() as u64)?;
                return new_bytearray(vm, b.to_vec());
            }
        }
        Some(_) => {}
    }
    // An iterable of ints: each checked as `append` checks it.
    if let Some(x) = args.first() {
        if x.as_str().is_none() && num(x).is_none() {
            let data = bytes_from(vm, x, "init")?;
            return new_bytearray(vm, data);
        }
    }
    // A count, or a string with its encoding: the bytes `bytes(...)` makes.
    let cls = vm.types.bytes_type.clone();
    let b = super::ctors::bytes_new(vm, &cls, &args, &[])?;
    let data = buffer(&b).map(|d| d.to_vec()).unwrap_or_default();
    new_bytearray(vm, data)
}

/// The array a method was called on, and its object.
fn this(a: &[Value]) -> (&Rc<Obj>, &std::cell::RefCell<Vec<u8>>) {
    match a.first() {
        Some(Value::Obj(o)) => match &o.kind {
            Kind::ByteArray(b) => (o, b),
            _ => unreachable!("bytearray method bound to another type"),
        },
        _ => unreachable!("bytearray method without self"),
    }
}

/// Reserves the memory for the array in `o` to hold `new_len` bytes, before it grows.
pub fn reserve(vm: &mut Vm, o: &Rc<Obj>, new_len: usize) -> PyResult<()> {
    let want = size::BYTEARRAY + new_len as u64;
    let have = o.charge.bytes();
    if want > have {
        vm.ensure(want - have)?;
        vm.grow(o, want - have)?;
    }
    Ok(())
}

/// An int in `range(0, 256)`, with CPython's errors.
pub fn byte_value(vm: &mut Vm, v: &Value) -> PyResult<u8> {
    let n = match num(v) {
        Some(Num::I(i)) => Some(i),
        Some(Num::B(_)) => Some(-1),
        Some(Num::F(_)) => None,
        None => vm.index_of(v)?,
    };
    match n {
        Some(i) if (0..256).contains(&i) => Ok(i as u8),
        Some(_) => Err(vm.raise(
            vm.types.value_error.clone(),
            "byte must be in range(0, 256)",
        )),
        None => {
            let msg = format!(
                "'{}' object cannot be interpreted as an integer",
                vm.type_name(v)
            );
            Err(vm.raise(vm.types.type_error.clone(), &msg))
        }
    }
}

/// The bytes an assignment or `extend` takes: a bytes-like object or an iterable of ints.
fn bytes_from(vm: &mut Vm, v: &Value, what: &str) -> PyResult<Vec<u8>> {
    if let Some(b) = buffer(v) {
        return Ok(b.to_vec());
    }
    if v.as_str().is_some() || num(v).is_some() {
        let msg = match what {
            "extend" => format!("expected iterable of integers; got: '{}'", vm.type_name(v)),
            _ => "can assign only bytes, buffers, or iterables of ints in range(0, 256)".into(),
        };
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let items = vm.to_vec(v)?;
    let mut out = Vec::with_capacity(items.len());
    for it in &items {
        out.push(byte_value(vm, it)?);
    }
    Ok(out)
}

fn append(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "append", a, 1, 1)?;
    let x = byte_value(vm, &a[1])?;
    let (o, b) = this(a);
    let n = b.borrow().len();
    reserve(vm, o, n + 1)?;
    b.borrow_mut().push(x);
    Ok(Value::None)
}

fn extend(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "extend", a, 1, 1)?;
    let more = bytes_from(vm, &a[1], "extend")?;
    let (o, b) = this(a);
    let n = b.borrow().len();
    reserve(vm, o, n + more.len())?;
    vm.charge_bytes(more.len())?;
    b.borrow_mut().extend_from_slice(&more);
    Ok(Value::None)
}

fn pop(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "pop", a, 0, 1)?;
    let (_, b) = this(a);
    let n = b.borrow().len();
    if n == 0 {
        return Err(vm.raise(vm.types.index_error.clone(), "pop from empty bytearray"));
    }
    let i = match a.get(1) {
        None => n as i64 - 1,
        Some(v) => index_arg(vm, v)?,
    };
    let j = if i < 0 { i + n as i64 } else { i };
    if j < 0 || j >= n as i64 {
        return Err(vm.raise(vm.types.index_error.clone(), "pop index out of range"));
    }
    let x = b.borrow_mut().remove(j as usize);
    Ok(Value::Int(x as i64))
}

fn index_arg(vm: &mut Vm, v: &Value) -> PyResult<i64> {
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

fn insert(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.len() != 3 {
        let msg = format!(
            "insert expected 2 arguments, got {}",
            a.len().saturating_sub(1)
        );
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let i = index_arg(vm, &a[1])?;
    let x = byte_value(vm, &a[2])?;
    let (o, b) = this(a);
    let n = b.borrow().len() as i64;
    // Like `list.insert`: the index is clamped to the array.
    let j = if i < 0 { (i + n).max(0) } else { i.min(n) };
    reserve(vm, o, n as usize + 1)?;
    b.borrow_mut().insert(j as usize, x);
    Ok(Value::None)
}

fn remove(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "remove", a, 1, 1)?;
    let x = byte_value(vm, &a[1])?;
    let (_, b) = this(a);
    let pos = b.borrow().iter().position(|&c| c == x);
    match pos {
        Some(i) => {
            b.borrow_mut().remove(i);
            Ok(Value::None)
        }
        None => Err(vm.raise(vm.types.value_error.clone(), "value not found in bytearray")),
    }
}

fn clear(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "clear", a, 0, 0)?;
    this(a).1.borrow_mut().clear();
    Ok(Value::None)
}

fn reverse(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "reverse", a, 0, 0)?;
    this(a).1.borrow_mut().reverse();
    Ok(Value::None)
}

fn copy(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "copy", a, 0, 0)?;
    let data = this(a).1.borrow().clone();
    new_bytearray(vm, data)
}

// ---- subscripts, from the VM ------------------------------------------------------------

/// `ba[key]`.
pub fn getitem(vm: &mut Vm, o: &Rc<Obj>, key: &Value) -> PyResult<Value> {
    let Kind::ByteArray(b) = &o.kind else {
        unreachable!()
    };
    let len = b.borrow().len();
    if let Some(Kind::Slice(x, y, z)) = key.kind() {
        let s = vm.slice_indices(x, y, z, len)?;
        let data = b.borrow();
        let out: Vec<u8> = s.indices().map(|i| data[i]).collect();
        drop(data);
        return new_bytearray(vm, out);
    }
    let i = vm.seq_index(key, len, "bytearray")?;
    let x = b.borrow()[i];
    Ok(Value::Int(x as i64))
}

/// `ba[key] = v`.
pub fn setitem(vm: &mut Vm, o: &Rc<Obj>, key: &Value, v: &Value) -> PyResult<()> {
    let Kind::ByteArray(b) = &o.kind else {
        unreachable!()
    };
    let len = b.borrow().len();
    if let Some(Kind::Slice(x, y, z)) = key.kind() {
        let items = bytes_from(vm, v, "assign")?;
        let s = vm.slice_indices(x, y, z, len)?;
        if s.step == 1 {
            let start = s.start as usize;
            let end = start + s.len;
            reserve(vm, o, len - s.len + items.len())?;
            b.borrow_mut().splice(start..end, items);
        } else {
            if items.len() != s.len {
                let msg = format!(
                    "attempt to assign bytes of size {} to extended slice of size {}",
                    items.len(),
                    s.len
                );
                return Err(vm.raise(vm.types.value_error.clone(), &msg));
            }
            let mut data = b.borrow_mut();
            for (i, x) in s.indices().zip(items) {
                data[i] = x;
            }
        }
        return Ok(());
    }
    let i = vm.seq_index(key, len, "bytearray")?;
    let x = byte_value(vm, v)?;
    b.borrow_mut()[i] = x;
    Ok(())
}

/// `del ba[key]`.
pub fn delitem(vm: &mut Vm, o: &Rc<Obj>, key: &Value) -> PyResult<()> {
    let Kind::ByteArray(b) = &o.kind else {
        unreachable!()
    };
    let len = b.borrow().len();
    if let Some(Kind::Slice(x, y, z)) = key.kind() {
        let s = vm.slice_indices(x, y, z, len)?;
        let mut gone = vec![false; len];
        for i in s.indices() {
            gone[i] = true;
        }
        let mut data = b.borrow_mut();
        let mut i = 0;
        data.retain(|_| {
            i += 1;
            !gone[i - 1]
        });
        return Ok(());
    }
    let i = vm.seq_index(key, len, "bytearray")?;
    b.borrow_mut().remove(i);
    Ok(())
}

/// `ba += other` (in place): the other operand must be bytes-like.
pub fn iadd(vm: &mut Vm, o: &Rc<Obj>, other: &Value) -> PyResult<bool> {
    let Kind::ByteArray(b) = &o.kind else {
        return Ok(false);
    };
    let Some(more) = buffer(other) else {
        return Ok(false);
    };
    let n = b.borrow().len();
    reserve(vm, o, n + more.len())?;
    vm.charge_bytes(more.len())?;
    b.borrow_mut().extend_from_slice(&more);
    Ok(true)
}

/// `ba *= n` (in place).
pub fn imul(vm: &mut Vm, o: &Rc<Obj>, n: i64) -> PyResult<()> {
    let Kind::ByteArray(b) = &o.kind else {
        return Ok(());
    };
    let cur = b.borrow().clone();
    let n = n.max(0) as u64;
    let total = (cur.len() as u64).saturating_mul(n);
    if total > isize::MAX as u64 {
        return Err(vm.memory_error());
    }
    reserve(vm, o, total as usize)?;
    vm.charge_bytes(total as usize)?;
    *b.borrow_mut() = cur.repeat(n as usize);
    Ok(())
}
