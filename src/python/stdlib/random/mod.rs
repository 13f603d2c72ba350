//! The built-in `_random`: the Mersenne Twister state behind `random.Random`, as functions
//! over an opaque generator (`lib/random.py` holds the Python-level class and every
//! distribution, which are CPython's documented algorithms over `random()` and
//! `getrandbits()`).
//!
//! * `new()` → a generator seeded with 0 (every `Random()` is seeded again at once).
//! * `seed(g, n)` → seeds from the non-negative int `n` (its 32-bit chunks, low first), or,
//!   for `None`, from the session's deterministic random source (never host entropy).
//! * `random(g)`, `getrandbits(g, k)`, `getstate(g)` (625 ints: the state and the index),
//!   `setstate(g, tuple)`.
//! * `sha512(data)` → the digest `seed(str)` mixes in (version 2 seeding).
//! * `urandom(n)` → `n` bytes from the session's random source (`SystemRandom`).

pub mod mt;

use crate::python::object::{Kind, NativeFn, Obj, Value};
use crate::python::stdlib::add_functions;
use crate::python::vm::ops::{num, Num};
use crate::python::vm::{Flow, PyResult, Vm};
use mt::{Mt, N};
use num_bigint::{BigInt, Sign};
use std::cell::RefCell;
use std::rc::Rc;

type Kw<'a> = &'a [(Rc<str>, Value)];

pub fn init(vm: &mut Vm, dict: &Rc<Obj>) -> PyResult<()> {
    let fns: &[(&'static str, NativeFn)] = &[
        ("new", new),
        ("seed", seed),
        ("random", random),
        ("getrandbits", getrandbits),
        ("getstate", getstate),
        ("setstate", setstate),
        ("sha512", sha512),
        ("urandom", urandom),
    ];
    add_functions(vm, dict, fns);
    Ok(())
}

fn type_error(vm: &mut Vm, msg: &str) -> Flow {
    vm.raise(vm.types.type_error.clone(), msg)
}

fn value_error(vm: &mut Vm, msg: &str) -> Flow {
    vm.raise(vm.types.value_error.clone(), msg)
}

fn gen<'a>(vm: &mut Vm, a: &'a [Value]) -> PyResult<&'a RefCell<Mt>> {
    if let Some(Value::Obj(o)) = a.first() {
        if let Kind::Opaque(b) = &o.kind {
            if let Some(m) = b.downcast_ref::<RefCell<Mt>>() {
                return Ok(m);
            }
        }
    }
    Err(type_error(vm, "_random: expected a generator"))
}

fn new(vm: &mut Vm, _a: &[Value], _k: Kw) -> PyResult<Value> {
    vm.new_obj(
        Kind::Opaque(Box::new(RefCell::new(Mt::default()))),
        (N * 4 + 64) as u64,
    )
}

fn seed(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let key: Vec<u32> = match a.get(1) {
        None | Some(Value::None) => (0..N).map(|_| (vm.sys.random_u64() >> 32) as u32).collect(),
        Some(v) => match num(v) {
            Some(Num::I(i)) => {
                let u = i.unsigned_abs();
                if u >> 32 == 0 {
                    vec![u as u32]
                } else {
                    vec![u as u32, (u >> 32) as u32]
                }
            }
            Some(Num::B(b)) => {
                let (_, digits) = b.to_u32_digits();
                vm.charge(digits.len() as u64)?;
                digits
            }
            _ => return Err(type_error(vm, "_random.seed: expected an int")),
        },
    };
    vm.charge(N as u64)?;
    gen(vm, a)?.borrow_mut().init_by_array(&key);
    Ok(Value::None)
}

fn random(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(Value::Float(gen(vm, a)?.borrow_mut().random()))
}

fn getrandbits(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let k = match a.get(1) {
        Some(v) => match vm.index_of(v)? {
            Some(k) => k,
            None => {
                let msg = format!(
                    "'{}' object cannot be interpreted as an integer",
                    vm.type_name(v)
                );
                return Err(type_error(vm, &msg));
            }
        },
        None => return Err(type_error(vm, "getrandbits() takes exactly one argument")),
    };
    if k < 0 {
        return Err(value_error(vm, "number of bits must be non-negative"));
    }
    if k == i64::MAX {
        return Err(vm.raise(
            vm.types.overflow_error.clone(),
            "Python int too large to convert to C int",
        ));
    }
    let g = gen(vm, a)?;
    if k <= 32 {
        let v = if k == 0 {
            0
        } else {
            g.borrow_mut().next_u32() >> (32 - k)
        };
        return Ok(Value::Int(v as i64));
    }
    let words = ((k - 1) / 32 + 1) as usize;
    vm.charge(words as u64)?;
    vm.ensure(words as u64 * 4)?;
    let mut out = Vec::with_capacity(words);
    let mut left = k;
    let mut m = g.borrow_mut();
    for _ in 0..words {
        let mut r = m.next_u32();
        if left < 32 {
            r >>= 32 - left;
        }
        out.push(r);
        left -= 32;
    }
    drop(m);
    vm.new_int(BigInt::from_slice(Sign::Plus, &out))
}

fn getstate(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let m = gen(vm, a)?.borrow().clone();
    let mut items: Vec<Value> = m.state.iter().map(|&w| Value::Int(w as i64)).collect();
    items.push(Value::Int(m.index as i64));
    vm.new_tuple(items)
}

fn setstate(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let items = match a.get(1).and_then(|v| v.obj()).map(|o| &o.kind) {
        Some(Kind::Tuple(t)) => t.to_vec(),
        _ => return Err(type_error(vm, "state vector must be a tuple")),
    };
    if items.len() != N + 1 {
        return Err(value_error(vm, "state vector is the wrong size"));
    }
    let mut m = Mt::default();
    for (i, v) in items.iter().enumerate() {
        let w = match num(v) {
            Some(Num::I(w)) if (0..=u32::MAX as i64).contains(&w) => w,
            Some(Num::I(_)) | Some(Num::B(_)) => {
                return Err(vm.raise(
                    vm.types.overflow_error.clone(),
                    "Python int too large to convert to C unsigned long",
                ))
            }
            _ => {
                let msg = format!(
                    "'{}' object cannot be interpreted as an integer",
                    vm.type_name(v)
                );
                return Err(type_error(vm, &msg));
            }
        };
        if i < N {
            m.state[i] = w as u32;
        } else if w as usize > N {
            return Err(value_error(vm, "invalid state"));
        } else {
            m.index = w as usize;
        }
    }
    *gen(vm, a)?.borrow_mut() = m;
    Ok(Value::None)
}

fn sha512(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    use sha2::Digest;
    let data: Vec<u8> = match a.first().and_then(|v| v.obj()).map(|o| &o.kind) {
        Some(Kind::Bytes(b)) => b.to_vec(),
        Some(Kind::ByteArray(b)) => b.borrow().clone(),
        _ => return Err(type_error(vm, "_random.sha512: expected bytes")),
    };
    vm.charge_bytes(data.len())?;
    let digest = sha2::Sha512::digest(&data);
    vm.new_bytes(digest.to_vec())
}

fn urandom(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let n = match a.first() {
        Some(Value::Int(n)) if *n >= 0 => *n as usize,
        _ => return Err(value_error(vm, "negative argument not allowed")),
    };
    vm.charge_bytes(n)?;
    vm.ensure(n as u64)?;
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let w = vm.sys.random_u64().to_le_bytes();
        let take = (n - out.len()).min(8);
        out.extend_from_slice(&w[..take]);
    }
    vm.new_bytes(out)
}
