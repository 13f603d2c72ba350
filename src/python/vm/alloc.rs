//! Building heap values. Every object gets its modeled size (after CPython's `sys.getsizeof`
//! figures) charged to the heap; containers are registered so cycles can be broken. The
//! `Vm::new_*` methods also bring the meter's reservation up to date, so an allocation that
//! does not fit stops the run before the program goes on.

use super::{PyResult, Vm};
use crate::python::code::Code;
use crate::python::dict::Dict;
use crate::python::object::{Charge, Heap, Kind, Obj, PyStr, SetData, Value};
use num_bigint::BigInt;
use num_traits::{Num, ToPrimitive};
use std::cell::RefCell;
use std::rc::Rc;

/// Modeled sizes (bytes), after CPython 3.14 on a 64-bit machine.
pub mod size {
    pub const STR: u64 = 41;
    pub const BYTES: u64 = 33;
    pub const BYTEARRAY: u64 = 57;
    pub const TUPLE: u64 = 40;
    pub const LIST: u64 = 56;
    pub const SLOT: u64 = 8;
    pub const DICT: u64 = 64;
    pub const DICT_ENTRY: u64 = 32;
    pub const SET: u64 = 200;
    pub const FUNCTION: u64 = 160;
    pub const CLASS: u64 = 1000;
    pub const INSTANCE: u64 = 48;
    pub const OBJECT: u64 = 48;
    pub const BIGINT: u64 = 28;
    pub const FRAME: u64 = 400;
}

/// Allocates an object charging `bytes` to `heap`.
pub fn obj(heap: &Rc<Heap>, kind: Kind, bytes: u64) -> Value {
    Value::Obj(obj_rc(heap, kind, bytes))
}

pub fn obj_rc(heap: &Rc<Heap>, kind: Kind, bytes: u64) -> Rc<Obj> {
    let container = kind.is_container();
    let o = Rc::new(Obj {
        kind,
        charge: Charge::new(heap, bytes),
    });
    if container {
        let mut c = heap.containers.borrow_mut();
        // Drop dead entries now and then so the registry follows the live set.
        if c.len() >= 1024 && c.len().is_power_of_two() {
            c.retain(|w| w.strong_count() > 0);
        }
        c.push(Rc::downgrade(&o));
    }
    o
}

pub fn str_value(heap: &Rc<Heap>, s: &str) -> Value {
    obj(heap, Kind::Str(PyStr::new(s)), size::STR + s.len() as u64)
}

pub fn bytes_value(heap: &Rc<Heap>, b: Vec<u8>) -> Value {
    let n = b.len() as u64;
    obj(heap, Kind::Bytes(b.into_boxed_slice()), size::BYTES + n)
}

pub fn tuple_value(heap: &Rc<Heap>, items: Vec<Value>) -> Value {
    let n = items.len() as u64;
    obj(
        heap,
        Kind::Tuple(items.into_boxed_slice()),
        size::TUPLE + n * size::SLOT,
    )
}

pub fn code_value(heap: &Rc<Heap>, code: Rc<Code>) -> Value {
    let n = code.instrs.len() as u64;
    obj(heap, Kind::Code(code), 200 + n * 16)
}

pub fn ellipsis(heap: &Rc<Heap>) -> Value {
    obj(heap, Kind::Ellipsis, 16)
}

pub fn dict_obj(heap: &Rc<Heap>, d: Dict) -> Rc<Obj> {
    let n = d.len() as u64;
    obj_rc(
        heap,
        Kind::Dict(RefCell::new(d)),
        size::DICT + n * size::DICT_ENTRY,
    )
}

pub fn cell(heap: &Rc<Heap>, v: Option<Value>) -> Rc<Obj> {
    obj_rc(heap, Kind::Cell(RefCell::new(v)), 40)
}

/// An `int` from a `BigInt`: small when it fits in an `i64`.
pub fn int_value(heap: &Rc<Heap>, v: BigInt) -> Value {
    match v.to_i64() {
        Some(i) => Value::Int(i),
        None => {
            let digits = (v.bits() / 30 + 1) * 4;
            obj(heap, Kind::BigInt(v), size::BIGINT + digits)
        }
    }
}

/// Parses an integer literal's source text (`0x_ff`, `1_000`, `0o17`, `0b1`, big decimals).
pub fn parse_int_literal(heap: &Rc<Heap>, text: &str) -> Option<Value> {
    let t: String = text.chars().filter(|&c| c != '_').collect();
    let lower = t.to_ascii_lowercase();
    let (digits, radix) = if let Some(r) = lower.strip_prefix("0x") {
        (r.to_string(), 16)
    } else if let Some(r) = lower.strip_prefix("0o") {
        (r.to_string(), 8)
    } else if let Some(r) = lower.strip_prefix("0b") {
        (r.to_string(), 2)
    } else {
        (lower, 10)
    };
    let v = BigInt::from_str_radix(&digits, radix).ok()?;
    Some(int_value(heap, v))
}

impl Vm {
    pub fn new_str(&mut self, s: impl Into<Box<str>>) -> PyResult<Value> {
        let s: Box<str> = s.into();
        let n = s.len() as u64;
        let v = obj(&self.heap, Kind::Str(PyStr::new(s)), size::STR + n);
        self.account()?;
        Ok(v)
    }

    /// A `str` that is not charged to the meter check right away (for messages built while
    /// already failing).
    pub fn str_now(&self, s: &str) -> Value {
        str_value(&self.heap, s)
    }

    pub fn new_bytes(&mut self, b: Vec<u8>) -> PyResult<Value> {
        let v = bytes_value(&self.heap, b);
        self.account()?;
        Ok(v)
    }

    pub fn new_tuple(&mut self, items: Vec<Value>) -> PyResult<Value> {
        if items.is_empty() {
            return Ok(self.types.empty_tuple.clone());
        }
        let v = tuple_value(&self.heap, items);
        self.account()?;
        Ok(v)
    }

    pub fn new_list(&mut self, items: Vec<Value>) -> PyResult<Value> {
        let n = items.len() as u64;
        let v = obj(
            &self.heap,
            Kind::List(RefCell::new(items)),
            size::LIST + n * size::SLOT,
        );
        self.account()?;
        Ok(v)
    }

    pub fn new_dict(&mut self) -> PyResult<Value> {
        let v = Value::Obj(dict_obj(&self.heap, Dict::new()));
        self.account()?;
        Ok(v)
    }

    pub fn new_set(&mut self, items: Vec<Value>, frozen: bool) -> PyResult<Value> {
        let v = obj(
            &self.heap,
            Kind::Set(RefCell::new(SetData::default()), frozen),
            size::SET,
        );
        for it in items {
            self.set_add_unchecked(&v, it)?;
        }
        self.account()?;
        Ok(v)
    }

    pub fn new_int(&mut self, v: BigInt) -> PyResult<Value> {
        let r = int_value(&self.heap, v);
        self.account()?;
        Ok(r)
    }

    pub fn new_obj(&mut self, kind: Kind, bytes: u64) -> PyResult<Value> {
        let v = obj(&self.heap, kind, bytes);
        self.account()?;
        Ok(v)
    }

    /// Counts `more` bytes on a container that grew.
    pub fn grow(&mut self, o: &Rc<Obj>, more: u64) -> PyResult<()> {
        o.charge.grow(more);
        if self.heap.live.get() > self.reserved_bytes() {
            self.account()?;
        }
        Ok(())
    }
}
