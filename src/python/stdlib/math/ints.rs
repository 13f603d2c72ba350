//! The integer functions: `isqrt`, `gcd`, `lcm`, `factorial`, `comb`, `perm`. Products are
//! built by binary splitting (balanced multiplications), and every multiplication is charged
//! by the size of its operands; the result's memory is reserved before it is built.

use super::{integer, one, type_error, value_error, Kw};
use crate::python::object::Value;
use crate::python::vm::{PyResult, Vm};
use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

pub fn isqrt(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let x = one(vm, "isqrt", a, k)?;
    let n = integer(vm, x)?;
    if n.is_negative() {
        return Err(value_error(vm, "isqrt() argument must be nonnegative"));
    }
    vm.charge(n.bits() / 64 + 1)?;
    vm.new_int(n.sqrt())
}

fn no_kwargs(vm: &mut Vm, name: &str, k: Kw) -> PyResult<()> {
    if k.is_empty() {
        return Ok(());
    }
    Err(type_error(
        vm,
        &format!("math.{name}() takes no keyword arguments"),
    ))
}

pub fn gcd(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    no_kwargs(vm, "gcd", k)?;
    let mut g = BigInt::zero();
    for v in a {
        let n = integer(vm, v)?;
        vm.charge(n.bits() / 64 + 1)?;
        g = g.gcd(&n);
    }
    vm.new_int(g)
}

pub fn lcm(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    no_kwargs(vm, "lcm", k)?;
    let mut l = BigInt::one();
    for v in a {
        let n = integer(vm, v)?;
        vm.charge((n.bits() + l.bits()) / 64 + 1)?;
        vm.ensure((n.bits() + l.bits()) / 8)?;
        l = if l.is_zero() || n.is_zero() {
            BigInt::zero()
        } else {
            l.lcm(&n)
        };
    }
    vm.new_int(l)
}

/// The product of `count` consecutive integers starting at `start`, by binary splitting (so
/// the big multiplications are balanced).
fn range_product(start: &BigInt, count: u64) -> BigInt {
    if count <= 8 {
        let mut p = BigInt::one();
        for i in 0..count {
            p *= start + BigInt::from(i);
        }
        return p;
    }
    let half = count / 2;
    let lo = range_product(start, half);
    let hi = range_product(&(start + BigInt::from(half)), count - half);
    lo * hi
}

/// Reserves the memory of a product of `count` integers up to `top` and charges its
/// multiplications (each level of the splitting handles every bit once) before building it.
fn reserve_product(vm: &mut Vm, top: &BigInt, count: u64) -> PyResult<()> {
    let bits = (top.bits().max(1) as f64) * count as f64;
    let bytes = (bits / 8.0).min(u64::MAX as f64 / 4.0) as u64;
    vm.ensure(bytes)?;
    let levels = 64 - count.leading_zeros() as u64;
    vm.charge(count + (bytes / 128).saturating_mul(levels.max(1)))?;
    Ok(())
}

fn factorial_of(vm: &mut Vm, n: &BigInt) -> PyResult<BigInt> {
    if n.is_negative() {
        return Err(value_error(
            vm,
            "factorial() not defined for negative values",
        ));
    }
    let Some(count) = n.to_i64() else {
        return Err(vm.raise(
            vm.types.overflow_error.clone(),
            "factorial() argument should not exceed 9223372036854775807",
        ));
    };
    reserve_product(vm, n, count as u64)?;
    Ok(range_product(&BigInt::one(), count as u64))
}

pub fn factorial(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let x = one(vm, "factorial", a, k)?;
    let n = integer(vm, x)?;
    let r = factorial_of(vm, &n)?;
    vm.new_int(r)
}

fn nonnegative(vm: &mut Vm, v: &Value, which: &str) -> PyResult<BigInt> {
    let n = integer(vm, v)?;
    if n.sign() == Sign::Minus {
        return Err(value_error(
            vm,
            &format!("{which} must be a non-negative integer"),
        ));
    }
    Ok(n)
}

fn count_of(vm: &mut Vm, k: &BigInt, what: &str) -> PyResult<u64> {
    match k.to_i64() {
        Some(c) => Ok(c as u64),
        None => Err(vm.raise(
            vm.types.overflow_error.clone(),
            &format!("{what} must not exceed 9223372036854775807"),
        )),
    }
}

pub fn perm(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    no_kwargs(vm, "perm", k)?;
    match a.len() {
        0 => return Err(type_error(vm, "perm expected at least 1 argument, got 0")),
        1 | 2 => {}
        n => {
            let msg = format!("perm expected at most 2 arguments, got {n}");
            return Err(type_error(vm, &msg));
        }
    }
    if a.len() == 1 || a[1].is_none() {
        let n = integer(vm, &a[0])?;
        let r = factorial_of(vm, &n)?;
        return vm.new_int(r);
    }
    let n = nonnegative(vm, &a[0], "n")?;
    let kk = nonnegative(vm, &a[1], "k")?;
    if kk > n {
        return Ok(Value::Int(0));
    }
    let count = count_of(vm, &kk, "k")?;
    reserve_product(vm, &n, count)?;
    let start = &n - &kk + BigInt::one();
    let r = range_product(&start, count);
    vm.new_int(r)
}

pub fn comb(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    no_kwargs(vm, "comb", k)?;
    if a.len() != 2 {
        let msg = format!("comb expected 2 arguments, got {}", a.len());
        return Err(type_error(vm, &msg));
    }
    let n = nonnegative(vm, &a[0], "n")?;
    let kk = nonnegative(vm, &a[1], "k")?;
    if kk > n {
        return Ok(Value::Int(0));
    }
    let other = &n - &kk;
    let kk = if other < kk { other } else { kk };
    let count = count_of(vm, &kk, "min(n - k, k)")?;
    reserve_product(vm, &n, count)?;
    let start = &n - &kk + BigInt::one();
    let top = range_product(&start, count);
    let bottom = range_product(&BigInt::one(), count);
    vm.charge(top.bits() / 256 + 1)?;
    vm.new_int(top / bottom)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_products() {
        let f = range_product(&BigInt::one(), 20);
        assert_eq!(f, BigInt::from(2432902008176640000u64));
        assert_eq!(range_product(&BigInt::one(), 0), BigInt::one());
        let p = range_product(&BigInt::from(8), 3);
        assert_eq!(p, BigInt::from(720));
    }
}
