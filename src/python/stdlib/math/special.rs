//! Float helpers libm does not give Rust (`frexp`, `ldexp`, `nextafter` with steps, IEEE
//! `remainder`) and `gamma`/`lgamma`, which CPython computes itself (not with libm) by the
//! Lanczos approximation with Boost's `lanczos13m53` coefficients; the same evaluation order
//! gives the same bits.

use super::{one, range_error, real, value_error, Kw};
use crate::python::format::float_repr;
use crate::python::object::Value;
use crate::python::vm::{PyResult, Vm};
use std::f64::consts::PI;

/// `2**k` for a normal exponent (`-1022 <= k <= 1023`).
fn pow2(k: i64) -> f64 {
    f64::from_bits(((k + 1023) as u64) << 52)
}

/// `x = m * 2**e` with `0.5 <= |m| < 1` (zero, infinities and NaN give `(x, 0)`).
pub fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let (x, adj) = if x.abs() < f64::MIN_POSITIVE {
        (x * pow2(64), -64)
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let m = f64::from_bits((bits & !(0x7ffu64 << 52)) | (1022u64 << 52));
    (m, exp - 1022 + adj)
}

/// `x * 2**e`, rounded once (also into the subnormal range).
pub fn ldexp(x: f64, e: i64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let (m, ex) = frexp(x);
    let t = (ex as i64).saturating_add(e);
    if t > 1024 {
        return f64::INFINITY.copysign(x);
    }
    if t >= -1021 {
        // m * 2**t with m in [0.5, 1): exact.
        return (m * 2.0) * pow2(t - 1);
    }
    if t < -1100 {
        return 0.0f64.copysign(x);
    }
    // Subnormal result: one exact scaling to a normal number, then one rounding.
    (m * pow2(-1000)) * pow2(t + 1000)
}

/// The float `n` steps from `x` toward `y` (stopping at `y`).
pub fn next_toward(x: f64, y: f64, n: u64) -> f64 {
    if x.is_nan() || y.is_nan() {
        return x + y;
    }
    if x == y || n == 0 {
        return if n == 0 { x } else { y };
    }
    // Floats ordered as integers: negative ones mirrored below zero.
    fn key(f: f64) -> i64 {
        let b = f.to_bits();
        if b >> 63 == 1 {
            -((b & !(1u64 << 63)) as i64)
        } else {
            b as i64
        }
    }
    fn unkey(k: i64) -> f64 {
        if k < 0 {
            f64::from_bits(k.unsigned_abs() | (1u64 << 63))
        } else {
            f64::from_bits(k as u64)
        }
    }
    let (kx, ky) = (key(x), key(y));
    let n = i64::try_from(n).unwrap_or(i64::MAX);
    let k = if ky > kx {
        kx.saturating_add(n).min(ky)
    } else {
        kx.saturating_sub(n).max(ky)
    };
    if k == ky {
        return y;
    }
    unkey(k)
}

/// IEEE 754 remainder: `x - n*y` with `n` the integer nearest `x/y` (ties to even). `x`
/// finite, `y` non-zero.
pub fn ieee_remainder(x: f64, y: f64) -> f64 {
    if y.is_infinite() {
        return x;
    }
    let (ax, ay) = (x.abs(), y.abs());
    let m = ax % ay;
    let c = ay - m;
    let r = if m < c {
        m
    } else if m > c {
        -c
    } else {
        // A tie: keep the even quotient.
        let m2 = ax % (2.0 * ay);
        if m2 >= ay {
            -c
        } else {
            m
        }
    };
    1.0f64.copysign(x) * r
}

// The published coefficients, digit for digit (the compiler rounds them to the nearest f64).
#[allow(clippy::excessive_precision)]
const LANCZOS_G: f64 = 6.024_680_040_776_729_583_740_234_375;
#[allow(clippy::excessive_precision)]
const LANCZOS_G_MINUS_HALF: f64 = 5.524_680_040_776_729_583_740_234_375;
#[allow(clippy::excessive_precision)]
const LANCZOS_NUM: [f64; 13] = [
    23531376880.410759688572007674451636754734846804940,
    42919803642.649098768957899047001988850926355848959,
    35711959237.355668049440185451547166705960488635843,
    17921034426.037209699919755754458931112671403265390,
    6039542586.3520280050642916443072979210699388420708,
    1439720407.3117216736632230727949123939715485786772,
    248874557.86205415651146038641322942321632125127801,
    31426415.585400194380614231628318205362874684987640,
    2876370.6289353724412254090516208496135991145378768,
    186056.26539522349504029498971604569928220784236328,
    8071.6720023658162106380029022722506138218516325024,
    210.82427775157934587250973392071336271166969580291,
    2.5066282746310002701649081771338373386264310793408,
];
/// The coefficients of `x(x+1)...(x+11)`, lowest power first.
const LANCZOS_DEN: [f64; 13] = [
    0.0,
    39916800.0,
    120543840.0,
    150917976.0,
    105258076.0,
    45995730.0,
    13339535.0,
    2637558.0,
    357423.0,
    32670.0,
    1925.0,
    66.0,
    1.0,
];

/// The Lanczos rational function; evaluated in `1/x` for large `x` to avoid overflow.
fn lanczos_sum(x: f64) -> f64 {
    let (mut num, mut den) = (0.0, 0.0);
    if x < 5.0 {
        for i in (0..13).rev() {
            num = num * x + LANCZOS_NUM[i];
            den = den * x + LANCZOS_DEN[i];
        }
    } else {
        for i in 0..13 {
            num = num / x + LANCZOS_NUM[i];
            den = den / x + LANCZOS_DEN[i];
        }
    }
    num / den
}

/// `sin(pi * x)`, accurate near the integers.
fn sinpi(x: f64) -> f64 {
    let y = x.abs() % 2.0;
    let n = (2.0 * y).round() as i64;
    let r = match n {
        0 => (PI * y).sin(),
        1 => (PI * (y - 0.5)).cos(),
        2 => (PI * (1.0 - y)).sin(),
        3 => -(PI * (y - 1.5)).cos(),
        _ => (PI * (y - 2.0)).sin(),
    };
    1.0f64.copysign(x) * r
}

/// Exact factorials: `gamma(n)` for the integers 1..=23.
const GAMMA_INTEGRAL: [f64; 23] = [
    1.0,
    1.0,
    2.0,
    6.0,
    24.0,
    120.0,
    720.0,
    5040.0,
    40320.0,
    362880.0,
    3628800.0,
    39916800.0,
    479001600.0,
    6227020800.0,
    87178291200.0,
    1307674368000.0,
    20922789888000.0,
    355687428096000.0,
    6402373705728000.0,
    121645100408832000.0,
    2432902008176640000.0,
    51090942171709440000.0,
    1124000727777607680000.0,
];

enum GammaErr {
    Domain,
    Range,
}

fn tgamma(x: f64) -> Result<f64, GammaErr> {
    if !x.is_finite() {
        if x.is_nan() || x > 0.0 {
            return Ok(x);
        }
        return Err(GammaErr::Domain);
    }
    if x == 0.0 {
        return Err(GammaErr::Domain);
    }
    if x == x.floor() {
        if x < 0.0 {
            return Err(GammaErr::Domain);
        }
        if x <= 23.0 {
            return Ok(GAMMA_INTEGRAL[x as usize - 1]);
        }
    }
    let absx = x.abs();
    if absx < 1e-20 {
        let r = 1.0 / x;
        return if r.is_infinite() {
            Err(GammaErr::Range)
        } else {
            Ok(r)
        };
    }
    if absx > 200.0 {
        if x < 0.0 {
            return Ok(0.0 / sinpi(x));
        }
        return Err(GammaErr::Range);
    }
    let y = absx + LANCZOS_G_MINUS_HALF;
    // The rounding error of y, carried as a correction.
    let q = if absx > LANCZOS_G_MINUS_HALF {
        (y - absx) - LANCZOS_G_MINUS_HALF
    } else {
        (y - LANCZOS_G_MINUS_HALF) - absx
    };
    let z = q * LANCZOS_G / y;
    let r = if x < 0.0 {
        let mut r = -PI / sinpi(absx) / absx * y.exp() / lanczos_sum(absx);
        r -= z * r;
        if absx < 140.0 {
            r /= y.powf(absx - 0.5);
        } else {
            let s = y.powf(absx / 2.0 - 0.25);
            r /= s;
            r /= s;
        }
        r
    } else {
        let mut r = lanczos_sum(absx) / y.exp();
        r += z * r;
        if absx < 140.0 {
            r *= y.powf(absx - 0.5);
        } else {
            let s = y.powf(absx / 2.0 - 0.25);
            r *= s;
            r *= s;
        }
        r
    };
    if r.is_infinite() {
        return Err(GammaErr::Range);
    }
    Ok(r)
}

fn log_gamma(x: f64) -> Result<f64, GammaErr> {
    if !x.is_finite() {
        if x.is_nan() {
            return Ok(x);
        }
        return Ok(f64::INFINITY);
    }
    if x == x.floor() && x <= 2.0 {
        if x <= 0.0 {
            return Err(GammaErr::Domain);
        }
        return Ok(0.0);
    }
    let absx = x.abs();
    if absx < 1e-20 {
        return Ok(-absx.ln());
    }
    let mut r = lanczos_sum(absx).ln() - LANCZOS_G;
    r += (absx - 0.5) * ((absx + LANCZOS_G - 0.5).ln() - 1.0);
    if x < 0.0 {
        r = PI.ln() - sinpi(absx).abs().ln() - absx.ln() - r;
    }
    if r.is_infinite() {
        return Err(GammaErr::Range);
    }
    Ok(r)
}

fn gamma_result(vm: &mut Vm, x: f64, r: Result<f64, GammaErr>) -> PyResult<Value> {
    match r {
        Ok(v) => Ok(Value::Float(v)),
        Err(GammaErr::Range) => Err(range_error(vm)),
        Err(GammaErr::Domain) => {
            let msg = format!(
                "expected a noninteger or positive integer, got {}",
                float_repr(x)
            );
            Err(value_error(vm, &msg))
        }
    }
}

pub fn gamma(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let x = one(vm, "gamma", a, k)?;
    let x = real(vm, x)?;
    let r = tgamma(x);
    gamma_result(vm, x, r)
}

pub fn lgamma(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let x = one(vm, "lgamma", a, k)?;
    let x = real(vm, x)?;
    let r = log_gamma(x);
    gamma_result(vm, x, r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gamma_matches_cpython() {
        // Values printed by CPython 3.14.
        assert_eq!(tgamma(5.5).ok(), Some(52.34277778455352));
        assert_eq!(tgamma(0.5).ok(), Some(1.7724538509055159));
        assert_eq!(tgamma(-0.5).ok(), Some(-3.544907701811032));
        assert_eq!(tgamma(171.0).ok(), Some(7.257415615307998e+306));
        assert!(tgamma(172.0).is_err());
        assert_eq!(log_gamma(5.5).ok(), Some(3.9578139676187165));
        assert_eq!(log_gamma(-0.5).ok(), Some(1.265512123484645));
    }

    #[test]
    fn remainder_rounds_half_to_even() {
        assert_eq!(ieee_remainder(7.0, 3.0), 1.0);
        assert_eq!(ieee_remainder(5.0, 2.0), 1.0);
        assert_eq!(ieee_remainder(-5.0, 2.0), -1.0);
        assert_eq!(ieee_remainder(3.0, 2.0), -1.0);
        assert_eq!(ieee_remainder(1.0, f64::INFINITY), 1.0);
        assert!(ieee_remainder(-4.0, 2.0).is_sign_negative());
    }
}
