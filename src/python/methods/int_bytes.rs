//! `int.to_bytes` and the class method `int.from_bytes`: an int as a fixed-width byte
//! string in either byte order, optionally two's complement.

use super::bytes::buffer;
use crate::python::object::{Builtin, Kind, Value};
use crate::python::vm::{alloc, ops::num, ops::Num, PyResult, Vm};
use num_bigint::{BigInt, Sign};
use num_traits::{One, Signed, Zero};
use std::rc::Rc;

type Kw<'a> = &'a [(Rc<str>, Value)];

pub fn install(vm: &mut Vm) {
    let i = vm.types.int_type.clone();
    super::add(vm, &i, "int", &[("to_bytes", to_bytes)]);
    let f = alloc::obj(
        &vm.heap,
        Kind::Builtin(Builtin {
            name: "from_bytes",
            func: from_bytes,
            bound: None,
            owner: None,
        }),
        64,
    );
    let cm = alloc::obj(&vm.heap, Kind::ClassMethod(f), 64);
    if let Kind::Class(c) = &i.kind {
        crate::python::types::set_item(&vm.heap, &c.dict, "from_bytes", cm);
    }
}

/// Binds `(positional..., *, signed)` for both methods: `names` are the positional
/// parameters after the receiver.
fn bind(
    vm: &mut Vm,
    fname: &str,
    a: &[Value],
    k: Kw,
    names: &[&str],
) -> PyResult<(Vec<Option<Value>>, bool)> {
    let pos = &a[1..];
    if pos.len() > names.len() {
        let msg = format!(
            "{fname}() takes at most {} positional arguments ({} given)",
            names.len(),
            pos.len()
        );
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let mut vals: Vec<Option<Value>> = names.iter().map(|_| None).collect();
    for (i, v) in pos.iter().enumerate() {
        vals[i] = Some(v.clone());
    }
    let mut signed = false;
    for (key, v) in k {
        if &**key == "signed" {
            signed = vm.truthy(v)?;
        } else if let Some(i) = names.iter().position(|n| *n == &**key) {
            if vals[i].is_some() {
                let msg = format!(
                    "argument for {fname}() given by name ('{key}') and position ({})",
                    i + 1
                );
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
            vals[i] = Some(v.clone());
        } else {
            let msg = format!("{fname}() got an unexpected keyword argument '{key}'");
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        }
    }
    Ok((vals, signed))
}

/// `True` for little-endian; the byte order argument must be `'little'` or `'big'`.
fn byteorder(vm: &mut Vm, fname: &str, v: Option<Value>) -> PyResult<bool> {
    let Some(v) = v else { return Ok(false) };
    match v.as_str() {
        Some("little") => Ok(true),
        Some("big") => Ok(false),
        Some(_) => Err(vm.raise(
            vm.types.value_error.clone(),
            "byteorder must be either 'little' or 'big'",
        )),
        None => {
            let msg = format!(
                "{fname}() argument 'byteorder' must be str, not {}",
                vm.type_name(&v)
            );
            Err(vm.raise(vm.types.type_error.clone(), &msg))
        }
    }
}

fn as_big(v: &Value) -> BigInt {
    match num(v) {
        Some(Num::I(i)) => BigInt::from(i),
        Some(Num::B(b)) => b.clone(),
        _ => BigInt::zero(),
    }
}

/// `int.to_bytes(length=1, byteorder='big', *, signed=False)`.
fn to_bytes(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let (vals, signed) = bind(vm, "to_bytes", a, k, &["length", "byteorder"])?;
    let length = match &vals[0] {
        None => 1,
        Some(v) => match vm.index_of(v)? {
            Some(n) if n >= 0 => n as u64,
            Some(_) => {
                return Err(vm.raise(
                    vm.types.value_error.clone(),
                    "length argument must be non-negative",
                ))
            }
            None => {
                let msg = format!(
                    "'{}' object cannot be interpreted as an integer",
                    vm.type_name(v)
                );
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
        },
    };
    let little = byteorder(vm, "to_bytes", vals[1].clone())?;
    let v = as_big(&a[0]);
    match encode(&v, length, signed) {
        Err(msg) => Err(vm.raise(vm.types.overflow_error.clone(), msg)),
        Ok(()) => {
            vm.ensure(length)?;
            vm.charge_bytes(length as usize)?;
            let mut out = twos_complement_le(&v, length as usize);
            if !little {
                out.reverse();
            }
            vm.new_bytes(out)
        }
    }
}

/// Whether `v` fits in `length` bytes, with CPython's message when it does not.
fn encode(v: &BigInt, length: u64, signed: bool) -> Result<(), &'static str> {
    if !signed && v.is_negative() {
        return Err("can't convert negative int to unsigned");
    }
    let bits = length.saturating_mul(8);
    let fits = if signed {
        // -2**(bits-1) <= v < 2**(bits-1)
        if bits == 0 {
            v.is_zero()
        } else if v.is_negative() {
            (-(v + BigInt::one())).bits() < bits
        } else {
            v.bits() < bits
        }
    } else {
        v.bits() <= bits
    };
    if fits {
        Ok(())
    } else {
        Err("int too big to convert")
    }
}

/// `v` in `n` little-endian bytes, negative values in two's complement (`v` is known to fit).
fn twos_complement_le(v: &BigInt, n: usize) -> Vec<u8> {
    let mut out = if v.is_negative() {
        let mut b = v.to_signed_bytes_le();
        b.resize(n, 0xff);
        b
    } else {
        let (_, mut b) = v.to_bytes_le();
        if v.is_zero() {
            b.clear();
        }
        b.resize(n, 0);
        b
    };
    out.truncate(n);
    out
}

/// `int.from_bytes(bytes, byteorder='big', *, signed=False)`, a class method: a subclass
/// gets `cls(value)`.
fn from_bytes(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let (vals, signed) = bind(vm, "from_bytes", a, k, &["bytes", "byteorder"])?;
    let Some(src) = vals[0].clone() else {
        return Err(vm.raise(
            vm.types.type_error.clone(),
            "from_bytes() missing required argument 'bytes' (pos 1)",
        ));
    };
    let little = byteorder(vm, "from_bytes", vals[1].clone())?;
    let data: Rc<[u8]> = match buffer(&src) {
        Some(b) => b,
        None if src.as_str().is_some() => {
            let msg = format!("cannot convert '{}' object to bytes", vm.type_name(&src));
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        }
        None if num(&src).is_some() || src.is_none() => {
            let msg = format!("cannot convert '{}' object to bytes", vm.type_name(&src));
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        }
        None => {
            let cls = vm.types.bytes_type.clone();
            let b = super::ctors::bytes_new(vm, &cls, std::slice::from_ref(&src), &[])?;
            buffer(&b).unwrap_or_else(|| Rc::from(&[][..]))
        }
    };
    vm.charge_bytes(data.len())?;
    let v = decode(&data, little, signed);
    let value = vm.new_int(v)?;
    let cls = &a[0];
    match cls {
        Value::Obj(o) if !Rc::ptr_eq(o, &vm.types.int_type) => {
            vm.call(cls, std::slice::from_ref(&value), &[])
        }
        _ => Ok(value),
    }
}

fn decode(data: &[u8], little: bool, signed: bool) -> BigInt {
    if signed {
        if little {
            BigInt::from_signed_bytes_le(data)
        } else {
            BigInt::from_signed_bytes_be(data)
        }
    } else if little {
        BigInt::from_bytes_le(Sign::Plus, data)
    } else {
        BigInt::from_bytes_be(Sign::Plus, data)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_in_twos_complement() {
        let v = BigInt::from(-2);
        assert_eq!(encode(&v, 2, true), Ok(()));
        assert_eq!(twos_complement_le(&v, 2), vec![0xfe, 0xff]);
        assert_eq!(decode(&[0xff, 0xfe], false, true), v);
        assert_eq!(decode(&[0xff, 0xfe], false, false), BigInt::from(65534));
    }

    #[test]
    fn refuses_what_does_not_fit() {
        assert_eq!(
            encode(&BigInt::from(256), 1, false),
            Err("int too big to convert")
        );
        assert_eq!(
            encode(&BigInt::from(128), 1, true),
            Err("int too big to convert")
        );
        assert_eq!(encode(&BigInt::from(-128), 1, true), Ok(()));
        assert_eq!(
            encode(&BigInt::from(-129), 1, true),
            Err("int too big to convert")
        );
        assert_eq!(
            encode(&BigInt::from(-1), 4, false),
            Err("can't convert negative int to unsigned")
        );
        assert_eq!(encode(&BigInt::zero(), 0, false), Ok(()));
        assert_eq!(twos_complement_le(&BigInt::zero(), 0), Vec::<u8>::new());
    }
}
