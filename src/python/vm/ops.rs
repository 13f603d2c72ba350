//! Operators: arithmetic with CPython's int/float rules, rich comparison, equality and
//! hashing, truth, containment, and the reflected/in-place dunder protocol for instances.

use super::{PyResult, Vm};
use crate::python::code::{BinOp, CmpOp, UnOp};
use crate::python::dict::Lookup;
use crate::python::methods::bytearray;
use crate::python::methods::bytes::{buffer, new_bytearray};
use crate::python::object::{Kind, Value};
use crate::python::{format as pyfmt, hash};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};
use std::rc::Rc;

/// A number operand.
pub enum Num<'a> {
    I(i64),
    B(&'a BigInt),
    F(f64),
}

pub fn num(v: &Value) -> Option<Num<'_>> {
    match v {
        Value::Int(i) => Some(Num::I(*i)),
        Value::Bool(b) => Some(Num::I(*b as i64)),
        Value::Float(f) => Some(Num::F(*f)),
        Value::Obj(o) => match &o.kind {
            Kind::BigInt(b) => Some(Num::B(b)),
            _ => None,
        },
        _ => None,
    }
}

fn big(n: &Num) -> BigInt {
    match n {
        Num::I(i) => BigInt::from(*i),
        Num::B(b) => (*b).clone(),
        Num::F(_) => BigInt::zero(),
    }
}

impl Vm {
    pub fn int_to_f64(&mut self, n: &Num) -> PyResult<f64> {
        match n {
            Num::I(i) => Ok(*i as f64),
            Num::F(f) => Ok(*f),
            Num::B(b) => match pyfmt::bigint_to_f64(b) {
                Ok(f) => Ok(f),
                Err(m) => Err(self.raise(self.types.overflow_error.clone(), m)),
            },
        }
    }

    pub fn truthy(&mut self, v: &Value) -> PyResult<bool> {
        Ok(match v {
            Value::None => false,
            Value::Bool(b) => *b,
            Value::Int(i) => *i != 0,
            Value::Float(f) => *f != 0.0,
            Value::Obj(o) => match &o.kind {
                Kind::BigInt(_) => true,
                Kind::Str(s) => !s.s.is_empty(),
                Kind::Bytes(b) => !b.is_empty(),
                Kind::ByteArray(b) => !b.borrow().is_empty(),
                Kind::Tuple(t) => !t.is_empty(),
                Kind::List(l) => !l.borrow().is_empty(),
                Kind::Dict(d) => !d.borrow().is_empty(),
                Kind::Set(s, _) => !s.borrow().table.is_empty(),
                Kind::Range(a, b, s) => range_len(*a, *b, *s) > 0,
                Kind::Instance(_) => {
                    if let Some(p) = self
                        .payload_for(v, "__bool__")
                        .filter(|_| self.payload_for(v, "__len__").is_some())
                    {
                        return self.truthy(&p);
                    }
                    if let Some(m) = self.special_method(v, "__bool__")? {
                        let r = self.call(&m, &[], &[])?;
                        return match r {
                            Value::Bool(b) => Ok(b),
                            other => {
                                let msg = format!(
                                    "__bool__ should return bool, returned {}",
                                    self.type_name(&other)
                                );
                                Err(self.raise(self.types.type_error.clone(), &msg))
                            }
                        };
                    }
                    if let Some(m) = self.special_method(v, "__len__")? {
                        let r = self.call(&m, &[], &[])?;
                        let n = self.len_result(&r)?;
                        return Ok(n != 0);
                    }
                    true
                }
                _ => true,
            },
        })
    }

    // ---- arithmetic -------------------------------------------------------------------------

    pub fn binary(&mut self, op: BinOp, a: &Value, b: &Value) -> PyResult<Value> {
        if let (Value::Int(x), Value::Int(y)) = (a, b) {
            if let Some(v) = small_int_op(op, *x, *y) {
                return Ok(v);
            }
        }
        if let Some(v) = self.builtin_binary(op, a, b)? {
            return Ok(v);
        }
        let (fwd, rev, _) = op.dunders();
        let pa = self.payload_for(a, fwd);
        let pb = self.payload_for(b, rev);
        if pa.is_some() || pb.is_some() {
            let x = pa.unwrap_or_else(|| a.clone());
            let y = pb.unwrap_or_else(|| b.clone());
            if let Some(v) = self.builtin_binary(op, &x, &y)? {
                return Ok(v);
            }
        }
        self.dunder_binary(op, a, b, false)
    }

    pub fn inplace(&mut self, op: BinOp, a: &Value, b: &Value) -> PyResult<Value> {
        if let (Value::Int(x), Value::Int(y)) = (a, b) {
            if let Some(v) = small_int_op(op, *x, *y) {
                return Ok(v);
            }
        }
        // Mutable built-ins change in place.
        if let Some(Kind::List(_)) = a.kind() {
            match op {
                BinOp::Add => {
                    let items = self.to_vec(b)?;
                    for it in items {
                        self.list_append(a, it)?;
                    }
                    return Ok(a.clone());
                }
                BinOp::Mul => {
                    if let Some(n) = self.index_of(b)? {
                        let Some(Kind::List(l)) = a.kind() else {
                            unreachable!()
                        };
                        let cur = l.borrow().clone();
                        let n = n.max(0) as usize;
                        self.ensure((cur.len() * n * 8) as u64)?;
                        let mut out = Vec::with_capacity(cur.len() * n);
                        for _ in 0..n {
                            out.extend(cur.iter().cloned());
                        }
                        *l.borrow_mut() = out;
                        return Ok(a.clone());
                    }
                }
                _ => {}
            }
        }
        if let Some(Kind::ByteArray(_)) = a.kind() {
            let o = a.obj().cloned().expect("bytearray");
            match op {
                BinOp::Add if bytearray::iadd(self, &o, b)? => return Ok(a.clone()),
                BinOp::Mul => {
                    if let Some(n) = self.index_of(b)? {
                        bytearray::imul(self, &o, n)?;
                        return Ok(a.clone());
                    }
                }
                _ => {}
            }
        }
        if let Some(Kind::Dict(_)) = a.kind() {
            if op == BinOp::Or && matches!(b.kind(), Some(Kind::Dict(_))) {
                self.dict_update(a, b, false)?;
                return Ok(a.clone());
            }
        }
        if let Some(Kind::Set(_, false)) = a.kind() {
            if matches!(b.kind(), Some(Kind::Set(..))) {
                if let Some(v) = self.set_inplace(op, a, b)? {
                    return Ok(v);
                }
            }
        }
        if matches!(a, Value::Obj(o) if matches!(o.kind, Kind::Instance(_))) {
            let (_, _, iname) = op.dunders();
            if let Some(m) = self.special_method(a, iname)? {
                let r = self.call(&m, std::slice::from_ref(b), &[])?;
                if !self.is_not_implemented(&r) {
                    return Ok(r);
                }
            }
        }
        if let Some(v) = self.builtin_binary(op, a, b)? {
            return Ok(v);
        }
        self.dunder_binary(op, a, b, true)
    }

    fn dunder_binary(&mut self, op: BinOp, a: &Value, b: &Value, inplace: bool) -> PyResult<Value> {
        let (fwd, rev, _) = op.dunders();
        let ta = self.class_of(a);
        let tb = self.class_of(b);
        let same = Rc::ptr_eq(&ta, &tb);
        let a_inst = matches!(a.kind(), Some(Kind::Instance(_)));
        let b_inst = matches!(b.kind(), Some(Kind::Instance(_)));
        // A subclass's reflected method goes first.
        if !same && b_inst && self.is_subclass(&tb, &ta) {
            if let Some(m) = self.special_method(b, rev)? {
                let r = self.call(&m, std::slice::from_ref(a), &[])?;
                if !self.is_not_implemented(&r) {
                    return Ok(r);
                }
            }
        }
        if a_inst {
            if let Some(m) = self.special_method(a, fwd)? {
                let r = self.call(&m, std::slice::from_ref(b), &[])?;
                if !self.is_not_implemented(&r) {
                    return Ok(r);
                }
            }
        }
        if b_inst && !same {
            if let Some(m) = self.special_method(b, rev)? {
                let r = self.call(&m, std::slice::from_ref(a), &[])?;
                if !self.is_not_implemented(&r) {
                    return Ok(r);
                }
            }
        }
        let sym = if inplace {
            match op {
                BinOp::Pow => "**=".to_string(),
                _ => format!("{}=", op.symbol()),
            }
        } else {
            op.symbol().to_string()
        };
        let msg = if op == BinOp::Add
            && (matches!(a.kind(), Some(Kind::Str(_))) || matches!(b.kind(), Some(Kind::Str(_))))
            && matches!(a.kind(), Some(Kind::Str(_)))
        {
            format!(
                "can only concatenate str (not \"{}\") to str",
                self.type_name(b)
            )
        } else if op == BinOp::Add
            && matches!(a.kind(), Some(Kind::List(_)))
            && !matches!(b.kind(), Some(Kind::List(_)))
        {
            format!(
                "can only concatenate list (not \"{}\") to list",
                self.type_name(b)
            )
        } else if op == BinOp::Add
            && matches!(a.kind(), Some(Kind::Tuple(_)))
            && !matches!(b.kind(), Some(Kind::Tuple(_)))
        {
            format!(
                "can only concatenate tuple (not \"{}\") to tuple",
                self.type_name(b)
            )
        } else if op == BinOp::Mul
            && self.is_sequence_value(a)
            && !matches!(num(b), Some(Num::I(_) | Num::B(_)))
        {
            format!(
                "can't multiply sequence by non-int of type '{}'",
                self.type_name(b)
            )
        } else if op == BinOp::Mul
            && self.is_sequence_value(b)
            && !matches!(num(a), Some(Num::I(_) | Num::B(_)))
        {
            format!(
                "can't multiply sequence by non-int of type '{}'",
                self.type_name(a)
            )
        } else if op == BinOp::Pow && !inplace {
            format!(
                "unsupported operand type(s) for ** or pow(): '{}' and '{}'",
                self.type_name(a),
                self.type_name(b)
            )
        } else {
            format!(
                "unsupported operand type(s) for {sym}: '{}' and '{}'",
                self.type_name(a),
                self.type_name(b)
            )
        };
        Err(self.raise(self.types.type_error.clone(), &msg))
    }

    fn is_sequence_value(&self, v: &Value) -> bool {
        matches!(
            v.kind(),
            Some(
                Kind::Str(_) | Kind::List(_) | Kind::Tuple(_) | Kind::Bytes(_) | Kind::ByteArray(_)
            )
        )
    }

    /// Operations between built-in values; `None` when the types do not support `op`.
    fn builtin_binary(&mut self, op: BinOp, a: &Value, b: &Value) -> PyResult<Option<Value>> {
        if let (Some(x), Some(y)) = (num(a), num(b)) {
            return self.num_binary(op, &x, &y).map(Some);
        }
        let (ka, kb) = (a.kind(), b.kind());
        match (op, ka, kb) {
            (BinOp::Add, Some(Kind::Str(x)), Some(Kind::Str(y))) => {
                self.ensure((x.s.len() + y.s.len()) as u64)?;
                let mut s = String::with_capacity(x.s.len() + y.s.len());
                s.push_str(&x.s);
                s.push_str(&y.s);
                self.charge_bytes(s.len())?;
                Ok(Some(self.new_str(s)?))
            }
            (BinOp::Add, Some(Kind::List(x)), Some(Kind::List(y))) => {
                let mut v = x.borrow().clone();
                v.extend(y.borrow().iter().cloned());
                self.charge((v.len() / 32) as u64)?;
                Ok(Some(self.new_list(v)?))
            }
            (BinOp::Add, Some(Kind::Tuple(x)), Some(Kind::Tuple(y))) => {
                let mut v = x.to_vec();
                v.extend(y.iter().cloned());
                Ok(Some(self.new_tuple(v)?))
            }
            (BinOp::Add, Some(Kind::Bytes(x)), Some(Kind::Bytes(y))) => {
                let mut v = x.to_vec();
                v.extend_from_slice(y);
                Ok(Some(self.new_bytes(v)?))
            }
            // Mixed `bytes`/`bytearray` concatenation takes the left operand's type.
            (
                BinOp::Add,
                Some(Kind::Bytes(_) | Kind::ByteArray(_)),
                Some(Kind::Bytes(_) | Kind::ByteArray(_)),
            ) => {
                let (x, y) = (buffer(a).unwrap_or_default(), buffer(b).unwrap_or_default());
                self.ensure((x.len() + y.len()) as u64)?;
                let mut v = x.to_vec();
                v.extend_from_slice(&y);
                self.charge_bytes(v.len())?;
                if matches!(ka, Some(Kind::ByteArray(_))) {
                    Ok(Some(new_bytearray(self, v)?))
                } else {
                    Ok(Some(self.new_bytes(v)?))
                }
            }
            (
                BinOp::Mul,
                Some(
                    Kind::Str(_)
                    | Kind::List(_)
                    | Kind::Tuple(_)
                    | Kind::Bytes(_)
                    | Kind::ByteArray(_),
                ),
                _,
            ) if matches!(num(b), Some(Num::I(_) | Num::B(_))) => self.repeat(a, b).map(Some),
            (
                BinOp::Mul,
                _,
                Some(
                    Kind::Str(_)
                    | Kind::List(_)
                    | Kind::Tuple(_)
                    | Kind::Bytes(_)
                    | Kind::ByteArray(_),
                ),
            ) if matches!(num(a), Some(Num::I(_) | Num::B(_))) => self.repeat(b, a).map(Some),
            (BinOp::Mod, Some(Kind::Str(_)), _) => {
                let s = a.as_str().unwrap_or("").to_string();
                let r = self.percent_format(&s, b)?;
                Ok(Some(self.new_str(r)?))
            }
            (BinOp::Or, Some(Kind::Dict(_)), Some(Kind::Dict(_))) => {
                let d = self.new_dict()?;
                self.dict_update(&d, a, false)?;
                self.dict_update(&d, b, false)?;
                Ok(Some(d))
            }
            (_, Some(Kind::Set(..)), Some(Kind::Set(..))) => self.set_binary(op, a, b),
            _ => Ok(None),
        }
    }

    fn repeat(&mut self, seq: &Value, n: &Value) -> PyResult<Value> {
        let n = match num(n) {
            Some(Num::I(i)) => i,
            Some(Num::B(b)) => {
                if b.is_negative() {
                    0
                } else {
                    i64::MAX
                }
            }
            _ => 0,
        };
        let n = n.max(0) as u64;
        match seq.kind() {
            Some(Kind::Str(s)) => {
                let total = (s.s.len() as u64).saturating_mul(n);
                if s.s.is_empty() || n == 0 {
                    return self.new_str("");
                }
                if total > isize::MAX as u64 {
                    return Err(self.raise(
                        self.types.overflow_error.clone(),
                        "repeated string is too long",
                    ));
                }
                self.ensure(total)?;
                self.charge_bytes(total as usize)?;
                let r = s.s.repeat(n as usize);
                self.new_str(r)
            }
            Some(Kind::Bytes(s)) => {
                let total = (s.len() as u64).saturating_mul(n);
                self.ensure(total)?;
                self.charge_bytes(total as usize)?;
                let r = s.repeat(n as usize);
                self.new_bytes(r)
            }
            Some(Kind::ByteArray(s)) => {
                let s = s.borrow().clone();
                let total = (s.len() as u64).saturating_mul(n);
                if total > isize::MAX as u64 {
                    return Err(self.memory_error());
                }
                self.ensure(total)?;
                self.charge_bytes(total as usize)?;
                let r = s.repeat(n as usize);
                new_bytearray(self, r)
            }
            Some(Kind::List(l)) => {
                let items = l.borrow().clone();
                let total = (items.len() as u64).saturating_mul(n);
                if total > (isize::MAX as u64) / 8 {
                    return Err(self.memory_error());
                }
                self.ensure(total * 8)?;
                self.charge(total / 32)?;
                let mut out = Vec::with_capacity(total as usize);
                for _ in 0..n {
                    out.extend(items.iter().cloned());
                }
                self.new_list(out)
            }
            Some(Kind::Tuple(t)) => {
                let total = (t.len() as u64).saturating_mul(n);
                if total > (isize::MAX as u64) / 8 {
                    return Err(self.memory_error());
                }
                self.ensure(total * 8)?;
                self.charge(total / 32)?;
                let mut out = Vec::with_capacity(total as usize);
                for _ in 0..n {
                    out.extend(t.iter().cloned());
                }
                self.new_tuple(out)
            }
            _ => Ok(Value::None),
        }
    }

    pub fn num_binary(&mut self, op: BinOp, x: &Num, y: &Num) -> PyResult<Value> {
        if matches!(x, Num::F(_)) || matches!(y, Num::F(_)) {
            if op == BinOp::TrueDiv
                || !matches!(
                    op,
                    BinOp::LShift
                        | BinOp::RShift
                        | BinOp::And
                        | BinOp::Or
                        | BinOp::Xor
                        | BinOp::MatMul
                )
            {
                let a = self.int_to_f64(x)?;
                let b = self.int_to_f64(y)?;
                return self.float_op(op, a, b);
            }
            let tn = |n: &Num| match n {
                Num::F(_) => "float",
                _ => "int",
            };
            let msg = format!(
                "unsupported operand type(s) for {}: '{}' and '{}'",
                op.symbol(),
                tn(x),
                tn(y)
            );
            return Err(self.raise(self.types.type_error.clone(), &msg));
        }
        if op == BinOp::MatMul {
            let msg = "unsupported operand type(s) for @: 'int' and 'int'";
            return Err(self.raise(self.types.type_error.clone(), msg));
        }
        if op == BinOp::TrueDiv {
            let a = big(x);
            let b = big(y);
            return match pyfmt::int_true_divide(&a, &b) {
                Ok(f) => Ok(Value::Float(f)),
                Err(m) => {
                    let ty = if b.is_zero() {
                        self.types.zero_division_error.clone()
                    } else {
                        self.types.overflow_error.clone()
                    };
                    Err(self.raise(ty, m))
                }
            };
        }
        let a = big(x);
        let b = big(y);
        let r = match op {
            BinOp::Add => a + b,
            BinOp::Sub => a - b,
            BinOp::Mul => {
                let bits = a.bits() + b.bits();
                self.ensure(bits / 8)?;
                self.charge(bits / 4096)?;
                a * b
            }
            BinOp::FloorDiv | BinOp::Mod => {
                if b.is_zero() {
                    let msg = "division by zero";
                    return Err(self.raise(self.types.zero_division_error.clone(), msg));
                }
                self.charge(a.bits() / 2048)?;
                if op == BinOp::FloorDiv {
                    a.div_floor(&b)
                } else {
                    a.mod_floor(&b)
                }
            }
            BinOp::Pow => {
                if b.is_negative() {
                    let fa = self.int_to_f64(x)?;
                    let fb = self.int_to_f64(y)?;
                    if fa == 0.0 {
                        return Err(self.raise(
                            self.types.zero_division_error.clone(),
                            "zero to a negative power",
                        ));
                    }
                    return Ok(Value::Float(fa.powf(fb)));
                }
                let e = b.to_u64().unwrap_or(u64::MAX);
                let abits = a.bits();
                if abits > 1 || (abits == 1 && a.is_negative()) {
                    let bits = (abits as u128).saturating_mul(e as u128);
                    if bits > (1u128 << 40) {
                        return Err(self.memory_error());
                    }
                    self.ensure((bits / 8) as u64)?;
                    self.charge((bits / 1024) as u64)?;
                }
                if abits <= 1 && !a.is_negative() {
                    // 0 ** e and 1 ** e
                    if a.is_zero() && e > 0 {
                        BigInt::zero()
                    } else {
                        BigInt::from(1)
                    }
                } else {
                    num_traits::pow::pow(a, e as usize)
                }
            }
            BinOp::LShift => {
                if b.is_negative() {
                    return Err(self.raise(self.types.value_error.clone(), "negative shift count"));
                }
                let s = b.to_u64().unwrap_or(u64::MAX);
                if a.is_zero() {
                    BigInt::zero()
                } else {
                    if s > (1 << 36) {
                        return Err(self.memory_error());
                    }
                    self.ensure((a.bits() + s) / 8)?;
                    a << s as usize
                }
            }
            BinOp::RShift => {
                if b.is_negative() {
                    return Err(self.raise(self.types.value_error.clone(), "negative shift count"));
                }
                let s = b.to_u64().unwrap_or(u64::MAX);
                if s >= a.bits() {
                    if a.is_negative() {
                        BigInt::from(-1)
                    } else {
                        BigInt::zero()
                    }
                } else {
                    a >> s as usize
                }
            }
            BinOp::And => a & b,
            BinOp::Or => a | b,
            BinOp::Xor => a ^ b,
            BinOp::TrueDiv | BinOp::MatMul => unreachable!(),
        };
        self.new_int(r)
    }

    fn float_op(&mut self, op: BinOp, a: f64, b: f64) -> PyResult<Value> {
        let zde = |vm: &mut Vm, m: &str| Err(vm.raise(vm.types.zero_division_error.clone(), m));
        Ok(Value::Float(match op {
            BinOp::Add => a + b,
            BinOp::Sub => a - b,
            BinOp::Mul => a * b,
            BinOp::TrueDiv => {
                if b == 0.0 {
                    return zde(self, "division by zero");
                }
                a / b
            }
            BinOp::FloorDiv => {
                if b == 0.0 {
                    return zde(self, "division by zero");
                }
                float_divmod(a, b).0
            }
            BinOp::Mod => {
                if b == 0.0 {
                    return zde(self, "division by zero");
                }
                float_divmod(a, b).1
            }
            BinOp::Pow => {
                if a == 0.0 && b < 0.0 {
                    return zde(self, "zero to a negative power");
                }
                if a < 0.0 && b.fract() != 0.0 && b.is_finite() {
                    return Err(self.raise(
                        self.types.value_error.clone(),
                        "complex numbers are not supported by this interpreter yet",
                    ));
                }
                let r = a.powf(b);
                if r.is_infinite() && a.is_finite() && b.is_finite() {
                    return Err(self.raise(
                        self.types.overflow_error.clone(),
                        "(34, 'Numerical result out of range')",
                    ));
                }
                r
            }
            _ => unreachable!(),
        }))
    }

    pub fn unary(&mut self, op: UnOp, a: &Value) -> PyResult<Value> {
        match (op, num(a)) {
            (UnOp::Neg, Some(Num::I(i))) => match i.checked_neg() {
                Some(v) => Ok(Value::Int(v)),
                None => self.new_int(-BigInt::from(i)),
            },
            (UnOp::Neg, Some(Num::B(b))) => {
                let v = -b.clone();
                self.new_int(v)
            }
            (UnOp::Neg, Some(Num::F(f))) => Ok(Value::Float(-f)),
            (UnOp::Pos, Some(Num::I(i))) => Ok(Value::Int(i)),
            (UnOp::Pos, Some(Num::B(_))) => Ok(a.clone()),
            (UnOp::Pos, Some(Num::F(f))) => Ok(Value::Float(f)),
            (UnOp::Invert, Some(Num::I(i))) => Ok(Value::Int(!i)),
            (UnOp::Invert, Some(Num::B(b))) => {
                let v = -b.clone() - 1;
                self.new_int(v)
            }
            _ => {
                let name = match op {
                    UnOp::Neg => "__neg__",
                    UnOp::Pos => "__pos__",
                    UnOp::Invert => "__invert__",
                    UnOp::Not => "__bool__",
                };
                if let Some(m) = self.special_method(a, name)? {
                    return self.call(&m, &[], &[]);
                }
                let sym = match op {
                    UnOp::Neg => "unary -",
                    UnOp::Pos => "unary +",
                    UnOp::Invert => "unary ~",
                    UnOp::Not => "not",
                };
                let msg = format!("bad operand type for {sym}: '{}'", self.type_name(a));
                Err(self.raise(self.types.type_error.clone(), &msg))
            }
        }
    }

    // ---- comparison -------------------------------------------------------------------------

    pub fn compare(&mut self, op: CmpOp, a: &Value, b: &Value) -> PyResult<Value> {
        match op {
            CmpOp::Eq => return Ok(Value::Bool(self.eq(a, b)?)),
            CmpOp::Ne => return Ok(Value::Bool(!self.eq(a, b)?)),
            _ => {}
        }
        if let Some(r) = self.builtin_order(op, a, b)? {
            return Ok(Value::Bool(r));
        }
        self.rich_compare(op, a, b)
    }

    fn rich_compare(&mut self, op: CmpOp, a: &Value, b: &Value) -> PyResult<Value> {
        let ta = self.class_of(a);
        let tb = self.class_of(b);
        let b_first = !Rc::ptr_eq(&ta, &tb)
            && matches!(b.kind(), Some(Kind::Instance(_)))
            && self.is_subclass(&tb, &ta);
        let order: [(bool, &Value, &Value, CmpOp); 2] = if b_first {
            [(true, b, a, op.swapped()), (false, a, b, op)]
        } else {
            [(false, a, b, op), (true, b, a, op.swapped())]
        };
        for (_, x, y, o) in order {
            if matches!(x.kind(), Some(Kind::Instance(_))) {
                if let Some(m) = self.special_method(x, o.dunder())? {
                    let r = self.call(&m, std::slice::from_ref(y), &[])?;
                    if !self.is_not_implemented(&r) {
                        return Ok(r);
                    }
                }
            }
        }
        // Subclasses of built-in values (`class I(int)`) order by the value they extend.
        let pa = self.payload_for(a, op.dunder());
        let pb = self.payload_for(b, op.swapped().dunder());
        if pa.is_some() || pb.is_some() {
            let x = pa.unwrap_or_else(|| a.clone());
            let y = pb.unwrap_or_else(|| b.clone());
            if let Some(r) = self.builtin_order(op, &x, &y)? {
                return Ok(Value::Bool(r));
            }
        }
        let msg = format!(
            "'{}' not supported between instances of '{}' and '{}'",
            op.symbol(),
            self.type_name(a),
            self.type_name(b)
        );
        Err(self.raise(self.types.type_error.clone(), &msg))
    }

    /// Ordering of built-in values; `None` when the pair is not ordered natively.
    fn builtin_order(&mut self, op: CmpOp, a: &Value, b: &Value) -> PyResult<Option<bool>> {
        use std::cmp::Ordering;
        let ord: Option<Ordering> = match (num(a), num(b)) {
            (Some(x), Some(y)) => {
                let o = num_cmp(&x, &y);
                match o {
                    None => return Ok(Some(false)), // NaN
                    Some(o) => Some(o),
                }
            }
            _ => match (a.kind(), b.kind()) {
                (Some(Kind::Str(x)), Some(Kind::Str(y))) => Some(x.s.cmp(&y.s)),
                (Some(Kind::Bytes(x)), Some(Kind::Bytes(y))) => Some(x.cmp(y)),
                (
                    Some(Kind::Bytes(_) | Kind::ByteArray(_)),
                    Some(Kind::Bytes(_) | Kind::ByteArray(_)),
                ) => Some(buffer(a).cmp(&buffer(b))),
                (Some(Kind::Tuple(x)), Some(Kind::Tuple(y))) => {
                    let (x, y) = (x.to_vec(), y.to_vec());
                    return self.seq_order(op, &x, &y).map(Some);
                }
                (Some(Kind::List(x)), Some(Kind::List(y))) => {
                    let (x, y) = (x.borrow().clone(), y.borrow().clone());
                    return self.seq_order(op, &x, &y).map(Some);
                }
                (Some(Kind::Set(..)), Some(Kind::Set(..))) => {
                    return self.set_order(op, a, b).map(Some);
                }
                _ => None,
            },
        };
        Ok(ord.map(|o| match op {
            CmpOp::Lt => o == Ordering::Less,
            CmpOp::Le => o != Ordering::Greater,
            CmpOp::Gt => o == Ordering::Greater,
            CmpOp::Ge => o != Ordering::Less,
            CmpOp::Eq => o == Ordering::Equal,
            CmpOp::Ne => o != Ordering::Equal,
        }))
    }

    fn seq_order(&mut self, op: CmpOp, x: &[Value], y: &[Value]) -> PyResult<bool> {
        for (a, b) in x.iter().zip(y.iter()) {
            if !self.eq(a, b)? {
                let r = self.compare(op, a, b)?;
                return self.truthy(&r);
            }
        }
        let (lx, ly) = (x.len(), y.len());
        Ok(match op {
            CmpOp::Lt => lx < ly,
            CmpOp::Le => lx <= ly,
            CmpOp::Gt => lx > ly,
            CmpOp::Ge => lx >= ly,
            CmpOp::Eq => lx == ly,
            CmpOp::Ne => lx != ly,
        })
    }

    /// Compares two values for `sorted`/`min`/`max`: `a < b`.
    pub fn less_than(&mut self, a: &Value, b: &Value) -> PyResult<bool> {
        if let (Value::Int(x), Value::Int(y)) = (a, b) {
            return Ok(x < y);
        }
        let r = self.compare(CmpOp::Lt, a, b)?;
        self.truthy(&r)
    }

    /// `a == b` without running Python code; `None` when only Python can tell.
    pub fn fast_eq(&self, a: &Value, b: &Value) -> Option<bool> {
        if let (Value::Obj(x), Value::Obj(y)) = (a, b) {
            if Rc::ptr_eq(x, y) {
                return Some(true);
            }
        }
        match (num(a), num(b)) {
            (Some(x), Some(y)) => return Some(num_cmp(&x, &y) == Some(std::cmp::Ordering::Equal)),
            (Some(_), None) | (None, Some(_)) => {
                if matches!(a.kind(), Some(Kind::Instance(_)))
                    || matches!(b.kind(), Some(Kind::Instance(_)))
                {
                    return None;
                }
                return Some(false);
            }
            _ => {}
        }
        match (a, b) {
            (Value::None, Value::None) => return Some(true),
            (Value::None, Value::Obj(o)) | (Value::Obj(o), Value::None) => {
                return if matches!(o.kind, Kind::Instance(_)) {
                    None
                } else {
                    Some(false)
                };
            }
            _ => {}
        }
        match (a.kind()?, b.kind()?) {
            (Kind::Str(x), Kind::Str(y)) => Some(x.s == y.s),
            (Kind::Bytes(x), Kind::Bytes(y)) => Some(x == y),
            (Kind::Bytes(_) | Kind::ByteArray(_), Kind::Bytes(_) | Kind::ByteArray(_)) => {
                Some(buffer(a) == buffer(b))
            }
            (Kind::Tuple(x), Kind::Tuple(y)) => {
                if x.len() != y.len() {
                    return Some(false);
                }
                for (p, q) in x.iter().zip(y.iter()) {
                    match self.fast_eq(p, q) {
                        Some(true) => {}
                        other => return other,
                    }
                }
                Some(true)
            }
            (Kind::Instance(_), _) | (_, Kind::Instance(_)) => None,
            (Kind::List(_), Kind::List(_))
            | (Kind::Dict(_), Kind::Dict(_))
            | (Kind::Set(..), Kind::Set(..)) => None,
            (Kind::Class(_), Kind::Class(_)) => Some(false),
            (Kind::Range(a1, b1, s1), Kind::Range(a2, b2, s2)) => {
                let (n1, n2) = (range_len(*a1, *b1, *s1), range_len(*a2, *b2, *s2));
                Some(n1 == n2 && (n1 == 0 || (a1 == a2 && (n1 == 1 || s1 == s2))))
            }
            (x, y) => {
                if std::mem::discriminant(x) == std::mem::discriminant(y) {
                    match (x, y) {
                        (Kind::Function(_), _)
                        | (Kind::Builtin(_), _)
                        | (Kind::FrameBuiltin(..), _)
                        | (Kind::Module(_), _) => Some(false),
                        (Kind::Method(f1, s1), Kind::Method(f2, s2)) => {
                            Some(f1.is(f2) && s1.is(s2))
                        }
                        _ => Some(false),
                    }
                } else {
                    Some(false)
                }
            }
        }
    }

    pub fn eq(&mut self, a: &Value, b: &Value) -> PyResult<bool> {
        if let Some(r) = self.fast_eq(a, b) {
            return Ok(r);
        }
        match (a.kind(), b.kind()) {
            (Some(Kind::List(x)), Some(Kind::List(y))) => {
                let (x, y) = (x.borrow().clone(), y.borrow().clone());
                if x.len() != y.len() {
                    return Ok(false);
                }
                self.enter_native()?;
                let mut r = Ok(true);
                for (p, q) in x.iter().zip(y.iter()) {
                    match self.eq(p, q) {
                        Ok(true) => {}
                        other => {
                            r = other;
                            break;
                        }
                    }
                }
                self.native_depth -= 1;
                return r;
            }
            (Some(Kind::Tuple(x)), Some(Kind::Tuple(y))) => {
                if x.len() != y.len() {
                    return Ok(false);
                }
                let (x, y) = (x.to_vec(), y.to_vec());
                self.enter_native()?;
                let mut r = Ok(true);
                for (p, q) in x.iter().zip(y.iter()) {
                    match self.eq(p, q) {
                        Ok(true) => {}
                        other => {
                            r = other;
                            break;
                        }
                    }
                }
                self.native_depth -= 1;
                return r;
            }
            (Some(Kind::Dict(x)), Some(Kind::Dict(y))) => {
                if x.borrow().len() != y.borrow().len() {
                    return Ok(false);
                }
                let entries: Vec<(Value, Value)> = x
                    .borrow()
                    .iter()
                    .map(|e| (e.key.clone(), e.value.clone()))
                    .collect();
                for (k, v) in entries {
                    match self.dict_get(b.obj().expect("dict"), &k)? {
                        Some(w) => {
                            if !self.eq(&v, &w)? {
                                return Ok(false);
                            }
                        }
                        None => return Ok(false),
                    }
                }
                return Ok(true);
            }
            (Some(Kind::Set(..)), Some(Kind::Set(..))) => {
                let r = self.set_order(CmpOp::Eq, a, b)?;
                return Ok(r);
            }
            _ => {}
        }
        if let (Some(p), true) = (self.payload_for(a, "__eq__"), true) {
            return self.eq(&p, &self.payload_of(b).unwrap_or_else(|| b.clone()));
        }
        if let Some(p) = self.payload_for(b, "__eq__") {
            return self.eq(&self.payload_of(a).unwrap_or_else(|| a.clone()), &p);
        }
        // Instances: __eq__, reflected, then identity.
        let ta = self.class_of(a);
        let tb = self.class_of(b);
        let b_first = !Rc::ptr_eq(&ta, &tb)
            && matches!(b.kind(), Some(Kind::Instance(_)))
            && self.is_subclass(&tb, &ta);
        let pairs: [(&Value, &Value); 2] = if b_first {
            [(b, a), (a, b)]
        } else {
            [(a, b), (b, a)]
        };
        for (x, y) in pairs {
            if matches!(x.kind(), Some(Kind::Instance(_))) {
                if let Some(m) = self.special_method(x, "__eq__")? {
                    let r = self.call(&m, std::slice::from_ref(y), &[])?;
                    if !self.is_not_implemented(&r) {
                        return self.truthy(&r);
                    }
                }
            }
        }
        Ok(a.is(b))
    }

    pub fn enter_native(&mut self) -> PyResult<()> {
        self.native_depth += 1;
        if self.native_depth > 4 * self.recursion_limit + 200 {
            self.native_depth -= 1;
            return Err(self.recursion_error());
        }
        Ok(())
    }

    // ---- hashing ----------------------------------------------------------------------------

    pub fn hash(&mut self, v: &Value) -> PyResult<i64> {
        Ok(match v {
            Value::None => hash::HASH_NONE,
            Value::Bool(b) => *b as i64,
            Value::Int(i) => hash::hash_i64(*i),
            Value::Float(f) => {
                if f.is_nan() {
                    hash::hash_nan(0)
                } else {
                    hash::hash_f64(*f)
                }
            }
            Value::Obj(o) => match &o.kind {
                Kind::Str(s) => {
                    if let Some(h) = s.hash.get() {
                        return Ok(h);
                    }
                    let h = hash::hash_str(&s.s);
                    s.hash.set(Some(h));
                    h
                }
                Kind::BigInt(b) => hash::hash_bigint(b),
                Kind::Bytes(b) => hash::hash_bytes(b),
                Kind::Tuple(items) => {
                    let items = items.to_vec();
                    let mut hs = Vec::with_capacity(items.len());
                    for it in &items {
                        hs.push(self.hash(it)?);
                    }
                    hash::hash_tuple(hs, items.len())
                }
                Kind::Set(s, true) => {
                    let items: Vec<Value> = s.borrow().table.iter().cloned().collect();
                    let mut hs = Vec::new();
                    for it in &items {
                        hs.push(self.hash(it)?);
                    }
                    hash::hash_frozenset(hs)
                }
                Kind::List(_)
                | Kind::Dict(_)
                | Kind::Set(_, false)
                | Kind::ByteArray(_)
                | Kind::Slice(..) => {
                    let msg = format!("unhashable type: '{}'", self.type_name(v));
                    return Err(self.raise(self.types.type_error.clone(), &msg));
                }
                Kind::Instance(_) => {
                    let cls = self.class_of(v);
                    match super::lookup_mro(&cls, "__hash__") {
                        Some(Value::None) => {
                            let msg = format!("unhashable type: '{}'", self.type_name(v));
                            return Err(self.raise(self.types.type_error.clone(), &msg));
                        }
                        Some(Value::Obj(m)) if !matches!(m.kind, Kind::Builtin(_)) => {
                            let f = Value::Obj(m);
                            let r = self.call(&f, std::slice::from_ref(v), &[])?;
                            return match num(&r) {
                                Some(Num::I(i)) => Ok(if i == -1 { -2 } else { i }),
                                Some(Num::B(b)) => Ok(hash::hash_bigint(b)),
                                _ => Err(self.raise(
                                    self.types.type_error.clone(),
                                    "__hash__ method should return an integer",
                                )),
                            };
                        }
                        _ => hash::hash_pointer(self.identity(v)),
                    }
                }
                _ => hash::hash_pointer(self.identity(v)),
            },
        })
    }

    /// A deterministic identity for `id()` and identity hashes: a heap object's serial
    /// number laid out like an address (CPython's ids are addresses, which differ between
    /// runs; these do not).
    pub fn identity(&self, v: &Value) -> u64 {
        match v {
            Value::Obj(o) => 0x7f00_0000_0000 + o.charge.serial * 16,
            Value::None => 0x7e00_0000_1000,
            Value::Bool(b) => 0x7e00_0000_2000 + *b as u64 * 16,
            Value::Int(i) => 0x7e00_0001_0000u64.wrapping_add((*i as u64).wrapping_mul(32)),
            Value::Float(f) => f.to_bits(),
        }
    }

    // ---- containment ------------------------------------------------------------------------

    pub fn contains(&mut self, container: &Value, item: &Value) -> PyResult<bool> {
        if let Some(p) = self.payload_for(container, "__contains__") {
            return self.contains(&p, item);
        }
        match container.kind() {
            Some(Kind::Str(s)) => match item.as_str() {
                Some(sub) => Ok(s.s.contains(sub)),
                None => {
                    let msg = format!(
                        "'in <string>' requires string as left operand, not {}",
                        self.type_name(item)
                    );
                    Err(self.raise(self.types.type_error.clone(), &msg))
                }
            },
            Some(Kind::Dict(_)) => {
                let h = self.hash_for(item, "dict key")?;
                Ok(self
                    .dict_find(container.obj().expect("dict"), item, h)?
                    .is_some())
            }
            Some(Kind::Set(..)) => self.set_contains(container, item),
            Some(Kind::Range(a, b, s)) => match num(item) {
                Some(Num::I(i)) => {
                    let (a, b, s) = (*a, *b, *s);
                    Ok(if s > 0 {
                        i >= a && i < b && (i - a) % s == 0
                    } else {
                        i <= a && i > b && (a - i) % (-s) == 0
                    })
                }
                _ => {
                    let items = self.to_vec(container)?;
                    for x in items {
                        if self.eq(&x, item)? {
                            return Ok(true);
                        }
                    }
                    Ok(false)
                }
            },
            Some(Kind::List(_) | Kind::Tuple(_)) => {
                let items = match container.kind() {
                    Some(Kind::List(l)) => l.borrow().clone(),
                    Some(Kind::Tuple(t)) => t.to_vec(),
                    _ => unreachable!(),
                };
                for x in &items {
                    if x.is(item) || self.eq(x, item)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            Some(Kind::Bytes(_) | Kind::ByteArray(_)) => match (buffer(item), num(item)) {
                (Some(sub), _) => {
                    let b = buffer(container).unwrap_or_default();
                    Ok(sub.is_empty() || b.windows(sub.len()).any(|w| w == &sub[..]))
                }
                (_, Some(Num::I(i))) => {
                    if !(0..256).contains(&i) {
                        return Err(self.raise(
                            self.types.value_error.clone(),
                            "byte must be in range(0, 256)",
                        ));
                    }
                    Ok(buffer(container).unwrap_or_default().contains(&(i as u8)))
                }
                _ => Err(self.raise(
                    self.types.type_error.clone(),
                    "a bytes-like object is required",
                )),
            },
            _ => {
                if let Some(m) = self.special_method(container, "__contains__")? {
                    let r = self.call(&m, std::slice::from_ref(item), &[])?;
                    return self.truthy(&r);
                }
                if self.special_method(container, "__iter__")?.is_some()
                    || self.special_method(container, "__getitem__")?.is_some()
                    || matches!(container.kind(), Some(Kind::Iter(_) | Kind::Generator(_)))
                {
                    let it = self.iter(container)?;
                    while let Some(x) = self.next(&it)? {
                        if x.is(item) || self.eq(&x, item)? {
                            return Ok(true);
                        }
                    }
                    return Ok(false);
                }
                let msg = format!(
                    "argument of type '{}' is not a container or iterable",
                    self.type_name(container)
                );
                Err(self.raise(self.types.type_error.clone(), &msg))
            }
        }
    }

    /// Finds `key` in a dict object, running `__eq__` where needed.
    pub fn dict_find(
        &mut self,
        d: &Rc<crate::python::object::Obj>,
        key: &Value,
        h: i64,
    ) -> PyResult<Option<usize>> {
        let Kind::Dict(cell) = &d.kind else {
            return Ok(None);
        };
        loop {
            let (lookup, version) = {
                let dict = cell.borrow();
                (dict.lookup(h, |k| self.fast_eq(k, key)), dict.version)
            };
            match lookup {
                Lookup::Found(i) => return Ok(Some(i)),
                Lookup::Missing => return Ok(None),
                Lookup::Ask(candidates) => {
                    for i in candidates {
                        let k = match cell.borrow().entry(i) {
                            Some(e) => e.key.clone(),
                            None => continue,
                        };
                        let same = match self.fast_eq(&k, key) {
                            Some(r) => r,
                            None => self.eq(&k, key)?,
                        };
                        if cell.borrow().version != version {
                            break;
                        }
                        if same {
                            return Ok(Some(i));
                        }
                    }
                    if cell.borrow().version == version {
                        return Ok(None);
                    }
                    // The dict changed during a comparison: look again.
                }
            }
        }
    }
}

fn small_int_op(op: BinOp, x: i64, y: i64) -> Option<Value> {
    Some(Value::Int(match op {
        BinOp::Add => x.checked_add(y)?,
        BinOp::Sub => x.checked_sub(y)?,
        BinOp::Mul => x.checked_mul(y)?,
        BinOp::FloorDiv => {
            if y == 0 {
                return None;
            }
            if x == i64::MIN && y == -1 {
                return None;
            } else {
                Integer::div_floor(&x, &y)
            }
        }
        BinOp::Mod => {
            if y == 0 {
                return None;
            }
            if x == i64::MIN && y == -1 {
                0
            } else {
                x.mod_floor(&y)
            }
        }
        BinOp::And => x & y,
        BinOp::Or => x | y,
        BinOp::Xor => x ^ y,
        BinOp::LShift => {
            if !(0..63).contains(&y) {
                return None;
            }
            let r = x.checked_shl(y as u32)?;
            if (r >> y) != x {
                return None;
            }
            r
        }
        BinOp::RShift => {
            if y < 0 {
                return None;
            }
            if y >= 64 {
                if x < 0 {
                    -1
                } else {
                    0
                }
            } else {
                x >> y
            }
        }
        BinOp::TrueDiv => {
            if y == 0 || x.unsigned_abs() > (1 << 53) || y.unsigned_abs() > (1 << 53) {
                return None;
            }
            return Some(Value::Float(x as f64 / y as f64));
        }
        BinOp::Pow => {
            if !(0..64).contains(&y) {
                return None;
            }
            x.checked_pow(y as u32)?
        }
        BinOp::MatMul => return None,
    }))
}

/// Python's float `divmod`: the remainder has the divisor's sign.
pub fn float_divmod(a: f64, b: f64) -> (f64, f64) {
    let mut m = a % b;
    let mut div = (a - m) / b;
    if m != 0.0 {
        if (b < 0.0) != (m < 0.0) {
            m += b;
            div -= 1.0;
        }
    } else {
        m = 0.0_f64.copysign(b);
    }
    let floordiv = if div != 0.0 {
        let mut f = div.floor();
        if div - f > 0.5 {
            f += 1.0;
        }
        f
    } else {
        0.0_f64.copysign(a / b)
    };
    (floordiv, m)
}

pub fn range_len(start: i64, stop: i64, step: i64) -> i64 {
    if step > 0 && start < stop {
        ((stop as i128 - start as i128 - 1) / step as i128 + 1) as i64
    } else if step < 0 && start > stop {
        ((start as i128 - stop as i128 - 1) / (-(step as i128)) + 1) as i64
    } else {
        0
    }
}

/// Exact comparison of two numbers (ints of any size against floats, too). `None` for NaN.
pub fn num_cmp(x: &Num, y: &Num) -> Option<std::cmp::Ordering> {
    use std::cmp::Ordering;
    match (x, y) {
        (Num::I(a), Num::I(b)) => Some(a.cmp(b)),
        (Num::F(a), Num::F(b)) => a.partial_cmp(b),
        (Num::F(a), other) => num_cmp(other, &Num::F(*a)).map(Ordering::reverse),
        (Num::I(a), Num::F(b)) => {
            if b.is_nan() {
                return None;
            }
            if a.unsigned_abs() < (1 << 53) {
                return (*a as f64).partial_cmp(b);
            }
            int_float_cmp(&BigInt::from(*a), *b)
        }
        (Num::B(a), Num::F(b)) => {
            if b.is_nan() {
                return None;
            }
            int_float_cmp(a, *b)
        }
        (a, b) => Some(big(a).cmp(&big(b))),
    }
}

fn int_float_cmp(a: &BigInt, b: f64) -> Option<std::cmp::Ordering> {
    use std::cmp::Ordering;
    if b.is_infinite() {
        return Some(if b > 0.0 {
            Ordering::Less
        } else {
            Ordering::Greater
        });
    }
    let fl = b.floor();
    let fi = pyfmt::float_to_bigint(fl).ok()?;
    match a.cmp(&fi) {
        Ordering::Equal => {
            if b > fl {
                Some(Ordering::Less)
            } else {
                Some(Ordering::Equal)
            }
        }
        o => Some(o),
    }
}
