//! Sums over iterables: `fsum` (Shewchuk's exact partials, correctly rounded), `hypot` and
//! `dist` (a scaled sum of squares carried in double-double, then a corrected square root),
//! `sumprod` (exact for ints, exactly accumulated products for floats) and `prod`.

use super::{range_error, real, type_error, value_error, Kw};
use crate::python::code::BinOp;
use crate::python::object::Value;
use crate::python::vm::ops::{num, Num};
use crate::python::vm::{PyResult, Vm};
use num_bigint::BigInt;

/// Every item of an iterable, charging per item.
fn items(vm: &mut Vm, v: &Value) -> PyResult<Vec<Value>> {
    let it = vm.iter(v)?;
    let mut out = Vec::new();
    while let Some(x) = vm.next(&it)? {
        vm.charge(1)?;
        out.push(x);
    }
    Ok(out)
}

/// Adds `x` to the exact partial sums (non-overlapping, increasing magnitude).
fn add_partial(partials: &mut Vec<f64>, mut x: f64) {
    let mut i = 0;
    for j in 0..partials.len() {
        let mut y = partials[j];
        if x.abs() < y.abs() {
            std::mem::swap(&mut x, &mut y);
        }
        let hi = x + y;
        let lo = y - (hi - x);
        if lo != 0.0 {
            partials[i] = lo;
            i += 1;
        }
        x = hi;
    }
    partials.truncate(i);
    partials.push(x);
}

/// The correctly rounded value of the partials' exact sum.
fn round_partials(partials: &[f64]) -> f64 {
    let mut n = partials.len();
    if n == 0 {
        return 0.0;
    }
    n -= 1;
    let mut hi = partials[n];
    let mut lo = 0.0;
    while n > 0 {
        let x = hi;
        n -= 1;
        let y = partials[n];
        hi = x + y;
        let yr = hi - x;
        lo = y - yr;
        if lo != 0.0 {
            break;
        }
    }
    // Round half to even across the remaining partials.
    if n > 0 && ((lo < 0.0 && partials[n - 1] < 0.0) || (lo > 0.0 && partials[n - 1] > 0.0)) {
        let y = lo * 2.0;
        let x = hi + y;
        if y == x - hi {
            hi = x;
        }
    }
    hi
}

enum FsumErr {
    Overflow,
    InfMinusInf,
}

/// The exactly rounded sum of floats.
fn exact_sum(xs: &[f64]) -> Result<f64, FsumErr> {
    let mut partials = Vec::new();
    let mut special = 0.0f64;
    let mut inf_sum = 0.0f64;
    for &x in xs {
        if !x.is_finite() {
            if x.is_infinite() {
                inf_sum += x;
            }
            special += x;
            continue;
        }
        add_partial(&mut partials, x);
        if partials.last().is_some_and(|p| !p.is_finite()) {
            return Err(FsumErr::Overflow);
        }
    }
    if special != 0.0 || special.is_nan() {
        if inf_sum.is_nan() {
            return Err(FsumErr::InfMinusInf);
        }
        return Ok(special);
    }
    Ok(round_partials(&partials))
}

pub fn fsum(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let a = super::one(vm, "fsum", a, k)?;
    let vals = items(vm, a)?;
    let mut xs = Vec::with_capacity(vals.len());
    for v in &vals {
        xs.push(real(vm, v)?);
    }
    vm.charge(xs.len() as u64)?;
    match exact_sum(&xs) {
        Ok(r) => Ok(Value::Float(r)),
        Err(FsumErr::Overflow) => Err(vm.raise(
            vm.types.overflow_error.clone(),
            "intermediate overflow in fsum",
        )),
        Err(FsumErr::InfMinusInf) => Err(value_error(vm, "-inf + inf in fsum")),
    }
}

/// `sqrt(sum(x*x))` without overflow or underflow, rounded (nearly always) correctly.
fn vector_norm(xs: &[f64]) -> f64 {
    let mut max = 0.0f64;
    let mut nan = false;
    for &x in xs {
        let a = x.abs();
        if a.is_nan() {
            nan = true;
        } else if a > max {
            max = a;
        }
    }
    if max.is_infinite() {
        return max;
    }
    if nan {
        return f64::NAN;
    }
    if max == 0.0 || xs.len() <= 1 {
        return max;
    }
    let (_, e) = super::special::frexp(max);
    let scale = |x: f64| super::special::ldexp(x, -(e as i64));
    // Sum of squares in double-double: each square split exactly by fma.
    let (mut hi, mut lo) = (0.0f64, 0.0f64);
    for &x in xs {
        let v = scale(x.abs());
        let p = v * v;
        let perr = v.mul_add(v, -p);
        let s = hi + p;
        let bp = s - hi;
        let err = (hi - (s - bp)) + (p - bp);
        hi = s;
        lo += err + perr;
    }
    let s = hi + lo;
    lo -= s - hi;
    hi = s;
    let mut h = hi.sqrt();
    // One Newton step on the residual of the double-double.
    let r = (-h).mul_add(h, hi) + lo;
    h += r / (2.0 * h);
    super::special::ldexp(h, e as i64)
}

pub fn hypot(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    if !k.is_empty() {
        return Err(type_error(vm, "math.hypot() takes no keyword arguments"));
    }
    let mut xs = Vec::with_capacity(a.len());
    for v in a {
        xs.push(real(vm, v)?);
    }
    vm.charge(xs.len() as u64)?;
    Ok(Value::Float(vector_norm(&xs)))
}

pub fn dist(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let a = super::fixed(vm, "dist", a, k, 2)?;
    let p = items(vm, &a[0])?;
    let q = items(vm, &a[1])?;
    if p.len() != q.len() {
        return Err(value_error(
            vm,
            "both points must have the same number of dimensions",
        ));
    }
    let mut xs = Vec::with_capacity(p.len());
    for (x, y) in p.iter().zip(&q) {
        let x = real(vm, x)?;
        let y = real(vm, y)?;
        xs.push(x - y);
    }
    Ok(Value::Float(vector_norm(&xs)))
}

/// `start * x1 * x2 * ...` with Python's `*`.
pub fn prod(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    if a.len() != 1 {
        let msg = format!(
            "prod() takes exactly 1 positional argument ({} given)",
            a.len()
        );
        return Err(type_error(vm, &msg));
    }
    let mut acc = Value::Int(1);
    for (name, v) in k {
        if &**name == "start" {
            acc = v.clone();
        } else {
            let msg = format!("prod() got an unexpected keyword argument '{name}'");
            return Err(type_error(vm, &msg));
        }
    }
    let it = vm.iter(&a[0])?;
    while let Some(x) = vm.next(&it)? {
        vm.charge(1)?;
        acc = vm.binary(BinOp::Mul, &acc, &x)?;
    }
    Ok(acc)
}

/// A float or an int a float holds exactly, for the exact float path of `sumprod`.
fn exact_float(v: &Value) -> Option<f64> {
    match num(v)? {
        Num::F(f) => Some(f),
        Num::I(i) if i.unsigned_abs() <= 1 << 53 => Some(i as f64),
        _ => None,
    }
}

pub fn sumprod(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let a = super::fixed(vm, "sumprod", a, k, 2)?;
    let p = vm.iter(&a[0])?;
    let q = vm.iter(&a[1])?;
    let mut pairs = Vec::new();
    loop {
        let x = vm.next(&p)?;
        let y = vm.next(&q)?;
        match (x, y) {
            (Some(x), Some(y)) => {
                vm.charge(1)?;
                pairs.push((x, y));
            }
            (None, None) => break,
            _ => return Err(value_error(vm, "Inputs are not the same length")),
        }
    }
    let is_int = |v: &Value| matches!(num(v), Some(Num::I(_) | Num::B(_)));
    if pairs.iter().all(|(x, y)| is_int(x) && is_int(y)) {
        let mut total = BigInt::from(0);
        for (x, y) in &pairs {
            let x = super::integer(vm, x)?;
            let y = super::integer(vm, y)?;
            vm.charge((x.bits() + y.bits()) / 1024)?;
            total += x * y;
        }
        return vm.new_int(total);
    }
    let floats: Option<Vec<(f64, f64)>> = pairs
        .iter()
        .map(|(x, y)| Some((exact_float(x)?, exact_float(y)?)))
        .collect();
    if let Some(fs) = floats {
        // Every product split exactly into two floats, then summed exactly once.
        let mut parts = Vec::with_capacity(fs.len() * 2);
        let mut finite = true;
        for (x, y) in &fs {
            let p = x * y;
            if !p.is_finite() {
                finite = false;
                break;
            }
            parts.push(p);
            parts.push(x.mul_add(*y, -p));
        }
        if finite {
            return match exact_sum(&parts) {
                Ok(r) => Ok(Value::Float(r)),
                Err(_) => Err(range_error(vm)),
            };
        }
    }
    let mut total = Value::Int(0);
    for (x, y) in &pairs {
        let p = vm.binary(BinOp::Mul, x, y)?;
        total = vm.binary(BinOp::Add, &total, &p)?;
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fsum_is_exact() {
        assert_eq!(exact_sum(&[0.1; 10]).ok(), Some(1.0));
        assert_eq!(exact_sum(&[1.0, 1e100, 1.0, -1e100]).ok(), Some(2.0));
        assert!(matches!(
            exact_sum(&[f64::INFINITY, f64::NEG_INFINITY]),
            Err(FsumErr::InfMinusInf)
        ));
        assert!(matches!(exact_sum(&[1e308, 1e308]), Err(FsumErr::Overflow)));
    }

    #[test]
    fn norms() {
        assert_eq!(vector_norm(&[3.0, 4.0]), 5.0);
        assert_eq!(vector_norm(&[3.0, 4.0, 12.0]), 13.0);
        assert_eq!(vector_norm(&[1e200, 1e200]), 1.414213562373095e+200);
        assert_eq!(vector_norm(&[1e308, 1e308]), 1.4142135623730951e+308);
        assert_eq!(vector_norm(&[f64::INFINITY, f64::NAN]), f64::INFINITY);
        assert_eq!(vector_norm(&[-3.0]), 3.0);
    }
}
