//! Methods of `object`, numbers, `bytes`, exceptions and `type`.

use super::{add, arity};
use crate::python::format as pyfmt;
use crate::python::object::{Kind, Value};
use crate::python::vm::{ops::num, ops::Num, PyResult, Vm};
use num_bigint::BigInt;
use std::rc::Rc;

type Kw<'a> = &'a [(Rc<str>, Value)];

pub fn install(vm: &mut Vm) {
    let o = vm.types.object_type.clone();
    add(
        vm,
        &o,
        "object",
        &[
            ("__init__", object_init),
            ("__init_subclass__", object_init_subclass),
            ("__repr__", object_repr),
            ("__str__", object_str),
        ],
    );
    let i = vm.types.int_type.clone();
    add(
        vm,
        &i,
        "int",
        &[
            ("bit_length", int_bit_length),
            ("bit_count", int_bit_count),
            ("is_integer", int_is_integer),
            ("conjugate", same),
            ("__index__", same),
            ("__int__", same),
        ],
    );
    let f = vm.types.float_type.clone();
    add(
        vm,
        &f,
        "float",
        &[
            ("is_integer", float_is_integer),
            ("hex", float_hex),
            ("as_integer_ratio", float_ratio),
            ("conjugate", same),
        ],
    );
    let e = vm.types.base_exception.clone();
    add(
        vm,
        &e,
        "BaseException",
        &[
            ("__init__", exc_init),
            ("with_traceback", exc_with_traceback),
            ("add_note", exc_add_note),
        ],
    );
    let t = vm.types.type_type.clone();
    add(vm, &t, "type", &[("mro", type_mro)]);
    let g = vm.types.generator_type.clone();
    add(
        vm,
        &g,
        "generator",
        &[
            ("send", gen_send),
            ("throw", gen_throw),
            ("close", gen_close),
            ("__next__", gen_next),
            ("__iter__", gen_iter),
        ],
    );
}

fn object_init(_vm: &mut Vm, _a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(Value::None)
}

fn object_init_subclass(_vm: &mut Vm, _a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(Value::None)
}

fn object_repr(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "__repr__", a, 0, 0)?;
    let cls = vm.class_of(&a[0]);
    let module = match &cls.kind {
        Kind::Class(c) => {
            crate::python::vm::lookup_mro(&cls, "__module__")
                .and_then(|m| m.as_str().map(String::from))
                .unwrap_or_else(|| "builtins".into())
                + "."
                + &c.qualname.borrow()
        }
        _ => "?".into(),
    };
    let s = format!("<{module} object at 0x{:x}>", vm.identity(&a[0]));
    vm.new_str(s)
}

fn object_str(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "__str__", a, 0, 0)?;
    vm.repr_of(&a[0])
}

fn same(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(match &a[0] {
        Value::Bool(b) => Value::Int(*b as i64),
        v => v.clone(),
    })
}

fn as_big(v: &Value) -> BigInt {
    match num(v) {
        Some(Num::I(i)) => BigInt::from(i),
        Some(Num::B(b)) => b.clone(),
        _ => BigInt::from(0),
    }
}

fn int_bit_length(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(Value::Int(as_big(&a[0]).bits() as i64))
}

fn int_bit_count(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let b = as_big(&a[0]);
    let (_, mag) = b.to_bytes_le();
    Ok(Value::Int(mag.iter().map(|x| x.count_ones() as i64).sum()))
}

fn int_is_integer(_vm: &mut Vm, _a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(Value::Bool(true))
}

fn float_of(v: &Value) -> f64 {
    match v {
        Value::Float(f) => *f,
        _ => 0.0,
    }
}

fn float_is_integer(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let f = float_of(&a[0]);
    Ok(Value::Bool(f.is_finite() && f.fract() == 0.0))
}

fn float_hex(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let s = pyfmt::float_hex(float_of(&a[0]));
    vm.new_str(s)
}

fn float_ratio(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let f = float_of(&a[0]);
    if f.is_nan() {
        return Err(vm.raise(
            vm.types.value_error.clone(),
            "cannot convert NaN to integer ratio",
        ));
    }
    if f.is_infinite() {
        return Err(vm.raise(
            vm.types.overflow_error.clone(),
            "cannot convert Infinity to integer ratio",
        ));
    }
    // f = m * 2**e exactly.
    let bits = f.to_bits();
    let sign = if bits >> 63 == 1 { -1 } else { 1 };
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    let (mut m, mut e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1 << 52), exp - 1075)
    };
    if m == 0 {
        let z = vm.new_int(BigInt::from(0))?;
        let one = Value::Int(1);
        return vm.new_tuple(vec![z, one]);
    }
    while m % 2 == 0 && e < 0 {
        m /= 2;
        e += 1;
    }
    let (n, d) = if e >= 0 {
        (BigInt::from(m) << e as usize, BigInt::from(1))
    } else {
        (BigInt::from(m), BigInt::from(1) << (-e) as usize)
    };
    let n = vm.new_int(n * sign)?;
    let d = vm.new_int(d)?;
    vm.new_tuple(vec![n, d])
}

fn exc_init(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    if !k.is_empty() {
        let msg = format!("{}() takes no keyword arguments", vm.type_name(&a[0]));
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    if let Some(d) = vm.exc_data(&a[0]) {
        d.borrow_mut().args = a[1..].to_vec();
    }
    Ok(Value::None)
}

fn exc_with_traceback(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "with_traceback", a, 1, 1)?;
    vm.set_traceback(&a[0], &a[1])?;
    Ok(a[0].clone())
}

fn exc_add_note(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "add_note", a, 1, 1)?;
    if a[1].as_str().is_none() {
        let msg = format!("note must be a str, not '{}'", vm.type_name(&a[1]));
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    if let Some(d) = vm.exc_data(&a[0]) {
        d.borrow_mut().notes.push(a[1].clone());
    }
    Ok(Value::None)
}

fn type_mro(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let Some(Kind::Class(c)) = a[0].kind() else {
        return Ok(Value::None);
    };
    let items: Vec<Value> = c
        .mro
        .borrow()
        .iter()
        .filter_map(|w| w.upgrade())
        .map(Value::Obj)
        .collect();
    vm.new_list(items)
}

fn stop_iteration(vm: &mut Vm, v: Value) -> crate::python::vm::Flow {
    let args = if v.is_none() { Vec::new() } else { vec![v] };
    let e = vm.new_exception_args(vm.types.stop_iteration.clone(), args);
    crate::python::vm::Flow::Exc(e)
}

fn gen_send(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "send", a, 1, 1)?;
    match vm.resume_generator(&a[0], a[1].clone())? {
        crate::python::vm::GenStep::Yielded(v) => Ok(v),
        crate::python::vm::GenStep::Returned(v) => Err(stop_iteration(vm, v)),
    }
}

fn gen_next(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    match vm.resume_generator(&a[0], Value::None)? {
        crate::python::vm::GenStep::Yielded(v) => Ok(v),
        crate::python::vm::GenStep::Returned(v) => Err(stop_iteration(vm, v)),
    }
}

fn gen_iter(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(a[0].clone())
}

fn gen_throw(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "throw", a, 1, 3)?;
    let exc = vm.exception_from(&a[1])?;
    if let Some(v) = a.get(2) {
        if !v.is_none() {
            if let Some(d) = vm.exc_data(&exc) {
                d.borrow_mut().args = vec![v.clone()];
            }
        }
    }
    match vm.throw_generator(&a[0], exc)? {
        crate::python::vm::GenStep::Yielded(v) => Ok(v),
        crate::python::vm::GenStep::Returned(v) => Err(stop_iteration(vm, v)),
    }
}

fn gen_close(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let Some(Kind::Generator(g)) = a[0].kind() else {
        return Ok(Value::None);
    };
    let started = g.borrow().frame.as_ref().map(|f| f.pc > 0);
    match started {
        None => return Ok(Value::None),
        Some(false) => {
            g.borrow_mut().frame = None;
            return Ok(Value::None);
        }
        Some(true) => {}
    }
    let exit = vm.new_exception_args(vm.types.generator_exit.clone(), Vec::new());
    match vm.throw_generator(&a[0], exit) {
        Ok(crate::python::vm::GenStep::Yielded(_)) => Err(vm.raise(
            vm.types.runtime_error.clone(),
            "generator ignored GeneratorExit",
        )),
        Ok(crate::python::vm::GenStep::Returned(_)) => Ok(Value::None),
        Err(crate::python::vm::Flow::Exc(e))
            if vm.isinstance(&e, &vm.types.generator_exit.clone())
                || vm.isinstance(&e, &vm.types.stop_iteration.clone()) =>
        {
            Ok(Value::None)
        }
        Err(e) => Err(e),
    }
}
