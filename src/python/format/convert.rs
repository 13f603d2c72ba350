//! Exact conversions between ints and floats, `int / int`, and `round()`.
//!
//! Python promises correctly rounded results where C would truncate or double-round:
//! `float(2**53 + 1)` rounds half to even, `10**400 / 10**399` is exactly `10.0` although
//! neither operand is a float, and `round(2.675, 2)` is `2.67` because the double nearest 2.675
//! is slightly below it. All of them reduce to "round an exact binary value to 53 bits", done
//! once in `float::round_to_f64`.

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{ToPrimitive, Zero};

use super::float::round_to_f64;

const NAN_TO_INT: &str = "cannot convert float NaN to integer";
const INF_TO_INT: &str = "cannot convert float infinity to integer";
const INT_TOO_LARGE: &str = "int too large to convert to float";
const DIV_TOO_LARGE: &str = "integer division result too large for a float";

/// `int(x)` for a float: truncation toward zero, exact for any magnitude.
/// Errors: `cannot convert float NaN to integer` (ValueError), `cannot convert float infinity
/// to integer` (OverflowError).
pub fn float_to_bigint(x: f64) -> Result<BigInt, &'static str> {
    if x.is_nan() {
        return Err(NAN_TO_INT);
    }
    if x.is_infinite() {
        return Err(INF_TO_INT);
    }
    let t = x.trunc();
    if t.abs() < 9.0e18 {
        return Ok(BigInt::from(t as i64));
    }
    // |t| >= 2^62: an integer mantissa times a positive power of two.
    let bits = t.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64 - 1075;
    let mantissa = (bits & ((1u64 << 52) - 1)) | (1u64 << 52);
    let magnitude = BigInt::from(mantissa) << (exp as usize);
    Ok(if t < 0.0 { -magnitude } else { magnitude })
}

/// `float(x)` for an int: correctly rounded, ties to even.
/// Error: `int too large to convert to float` (OverflowError).
pub fn bigint_to_f64(x: &BigInt) -> Result<f64, &'static str> {
    if let Some(v) = x.to_i64() {
        // `as` rounds to nearest, ties to even.
        return Ok(v as f64);
    }
    let v = biguint_to_f64(x.magnitude()).ok_or(INT_TOO_LARGE)?;
    Ok(if x.sign() == Sign::Minus { -v } else { v })
}

/// The nearest `f64` to a non-zero magnitude, `None` on overflow.
fn biguint_to_f64(m: &BigUint) -> Option<f64> {
    let bits = m.bits();
    if bits > 1100 {
        return None;
    }
    if bits <= 64 {
        return round_to_f64(m.to_u64()?, 0, false);
    }
    let shift = bits - 64;
    let top = (m >> shift).to_u64()?;
    let sticky = m.trailing_zeros().is_some_and(|tz| tz < shift);
    round_to_f64(top, shift as i64, sticky)
}

/// `a / b` for ints: the exact quotient correctly rounded to a float, as CPython does (no
/// intermediate conversion of the operands, so huge operands with a moderate quotient work).
/// Errors: `division by zero` (ZeroDivisionError), `integer division result too large for a
/// float` (OverflowError).
pub fn int_true_divide(a: &BigInt, b: &BigInt) -> Result<f64, &'static str> {
    if b.is_zero() {
        return Err("division by zero");
    }
    // Both exactly representable: one IEEE division is correctly rounded.
    const EXACT: i64 = 1 << 53;
    if let (Some(x), Some(y)) = (a.to_i64(), b.to_i64()) {
        if (-EXACT..=EXACT).contains(&x) && (-EXACT..=EXACT).contains(&y) {
            return Ok(x as f64 / y as f64);
        }
    }
    let negative = (a.sign() == Sign::Minus) != (b.sign() == Sign::Minus);
    let signed = |v: f64| if negative { -v } else { v };
    if a.is_zero() {
        return Ok(signed(0.0));
    }
    let (na, nb) = (a.magnitude(), b.magnitude());
    // a/b lies in [2^(diff-1), 2^(diff+1)).
    let diff = na.bits() as i64 - nb.bits() as i64;
    if diff > 1025 {
        return Err(DIV_TOO_LARGE);
    }
    if diff < -1080 {
        return Ok(signed(0.0));
    }
    // Scale so that the integer quotient has 60 or 61 bits; the remainder only matters as a
    // sticky bit below them.
    let shift = diff - 60;
    let (num, den) = if shift < 0 {
        (na << (-shift) as u64, nb.clone())
    } else {
        (na.clone(), nb << shift as u64)
    };
    let q = &num / &den;
    let sticky = !(&num - &q * &den).is_zero();
    let q = q.to_u64().ok_or(DIV_TOO_LARGE)?;
    round_to_f64(q, shift, sticky)
        .map(signed)
        .ok_or(DIV_TOO_LARGE)
}

/// `round(x, ndigits)` for a float: `x` rounded half-to-even on its exact binary value to
/// `ndigits` decimal places (negative: tens, hundreds, ...), then converted back correctly.
/// `round(2.675, 2)` is 2.67, `round(1234.5, -2)` 1200.0, `round(-0.001, 2)` -0.0; inf and nan
/// come back unchanged, as does any `x` for `ndigits > 323`, and `ndigits < -308` gives a zero
/// of `x`'s sign. Callers holding a Python int `ndigits` outside `i64` may clamp it to the
/// `i64` range: the result is the same.
/// Error: `rounded value too large to represent` (OverflowError), e.g. `round(1.6e308, -308)`.
pub fn round_float(x: f64, ndigits: i64) -> Result<f64, &'static str> {
    // CPython's NDIGITS_MAX and NDIGITS_MIN: beyond them the answer is known without work.
    if !x.is_finite() || x == 0.0 || ndigits > 323 {
        return Ok(x);
    }
    if ndigits < -308 {
        return Ok(0.0 * x);
    }
    if ndigits >= 0 {
        if x.fract() == 0.0 {
            return Ok(x);
        }
        // Rust's fixed-point formatting is exact and rounds ties to even; its parser is
        // correctly rounded. Together they are CPython's dtoa round trip.
        let text = format!("{:.*}", ndigits as usize, x);
        return Ok(text.parse::<f64>().unwrap_or(x));
    }
    let k = (-ndigits) as u32;
    let bits = x.abs().to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i64;
    let (mantissa, exp) = if biased == 0 {
        (bits & ((1u64 << 52) - 1), -1074)
    } else {
        ((bits & ((1u64 << 52) - 1)) | (1u64 << 52), biased - 1075)
    };
    let pow = BigUint::from(10u32).pow(k);
    let (num, den) = if exp >= 0 {
        (BigUint::from(mantissa) << exp as u64, pow)
    } else {
        (BigUint::from(mantissa), pow << (-exp) as u64)
    };
    let mut q = &num / &den;
    let twice_r = (&num - &q * &den) << 1u32;
    if twice_r > den || (twice_r == den && q.bit(0)) {
        q += 1u32;
    }
    let magnitude = if q.is_zero() {
        0.0
    } else {
        let v: f64 = format!("{q}e{k}").parse().unwrap_or(f64::INFINITY);
        if v.is_infinite() {
            return Err("rounded value too large to represent");
        }
        v
    };
    Ok(if x < 0.0 { -magnitude } else { magnitude })
}

/// `round(x)` for a float: the nearest int, ties to even (`round(0.5)` is 0, `round(2.5)` 2).
/// Errors: `cannot convert float NaN to integer` (ValueError), `cannot convert float infinity
/// to integer` (OverflowError).
pub fn float_round_to_int(x: f64) -> Result<BigInt, &'static str> {
    float_to_bigint(x.round_ties_even())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pow2(n: u32) -> BigInt {
        BigInt::from(1) << n
    }

    #[test]
    fn to_int() {
        assert_eq!(float_to_bigint(-1.5).unwrap(), BigInt::from(-1));
        assert_eq!(float_to_bigint(-0.9999).unwrap(), BigInt::from(0));
        assert_eq!(float_to_bigint(2f64.powi(63)).unwrap(), pow2(63));
        assert_eq!(float_to_bigint(-(2f64.powi(100))).unwrap(), -pow2(100));
        assert_eq!(float_to_bigint(1e300).unwrap().to_string().len(), 301);
        assert_eq!(float_to_bigint(f64::MAX).unwrap(), pow2(1024) - pow2(971));
        assert_eq!(float_to_bigint(f64::NAN).unwrap_err(), NAN_TO_INT);
        assert_eq!(float_to_bigint(f64::NEG_INFINITY).unwrap_err(), INF_TO_INT);
        assert_eq!(float_round_to_int(2.5).unwrap(), BigInt::from(2));
        assert_eq!(float_round_to_int(-1.5).unwrap(), BigInt::from(-2));
        assert_eq!(float_round_to_int(-0.5).unwrap(), BigInt::from(0));
        assert_eq!(float_round_to_int(f64::NAN).unwrap_err(), NAN_TO_INT);
        assert_eq!(float_round_to_int(f64::INFINITY).unwrap_err(), INF_TO_INT);
    }

    #[test]
    fn to_float() {
        let max_exact = pow2(1024) - pow2(970) - 1;
        assert_eq!(bigint_to_f64(&max_exact).unwrap(), f64::MAX);
        assert_eq!(
            bigint_to_f64(&(pow2(1024) - pow2(970))).unwrap_err(),
            INT_TOO_LARGE
        );
        assert_eq!(bigint_to_f64(&-pow2(1024)).unwrap_err(), INT_TOO_LARGE);
        assert_eq!(bigint_to_f64(&(pow2(53) + 1)).unwrap(), 9007199254740992.0);
        assert_eq!(bigint_to_f64(&(pow2(53) + 3)).unwrap(), 9007199254740996.0);
        assert_eq!(
            bigint_to_f64(&-(pow2(64) + pow2(11))).unwrap(),
            -1.8446744073709552e19
        );
        assert_eq!(
            bigint_to_f64(&(pow2(64) + pow2(11) + 1)).unwrap(),
            1.8446744073709556e19
        );
        assert_eq!(
            bigint_to_f64(&(pow2(200) + pow2(147))).unwrap(),
            2f64.powi(200)
        );
        assert_eq!(
            bigint_to_f64(&(pow2(200) + pow2(147) + 1)).unwrap(),
            2f64.powi(200) * (1.0 + f64::EPSILON)
        );
    }

    #[test]
    fn divide() {
        let ten = BigInt::from(10);
        assert_eq!(int_true_divide(&ten.pow(400), &ten.pow(399)).unwrap(), 10.0);
        assert_eq!(
            int_true_divide(&BigInt::from(1), &BigInt::from(0)).unwrap_err(),
            "division by zero"
        );
        assert_eq!(
            int_true_divide(&ten.pow(400), &BigInt::from(1)).unwrap_err(),
            DIV_TOO_LARGE
        );
        assert_eq!(
            int_true_divide(&BigInt::from(1), &ten.pow(400)).unwrap(),
            0.0
        );
        assert!(int_true_divide(&BigInt::from(-1), &ten.pow(400))
            .unwrap()
            .is_sign_negative());
        assert!(int_true_divide(&BigInt::from(0), &-ten.pow(30))
            .unwrap()
            .is_sign_negative());
        assert_eq!(
            int_true_divide(&BigInt::from(1), &pow2(1074)).unwrap(),
            5e-324
        );
        assert_eq!(int_true_divide(&BigInt::from(1), &pow2(1075)).unwrap(), 0.0);
        assert_eq!(
            int_true_divide(&BigInt::from(3), &pow2(1076)).unwrap(),
            5e-324
        );
        assert_eq!(
            int_true_divide(&(pow2(1100) + 1), &pow2(77)).unwrap(),
            8.98846567431158e307
        );
        assert_eq!(
            int_true_divide(&pow2(1100), &pow2(76)).unwrap_err(),
            DIV_TOO_LARGE
        );
        assert_eq!(
            int_true_divide(&ten.pow(30), &BigInt::from(7)).unwrap(),
            1.4285714285714285e29
        );
        assert_eq!(
            int_true_divide(&BigInt::from(7), &-ten.pow(30)).unwrap(),
            -7e-30
        );
        assert_eq!(
            int_true_divide(&(pow2(54) + 3), &BigInt::from(2)).unwrap(),
            9007199254740994.0
        );
        assert_eq!(
            int_true_divide(&BigInt::from(-7), &BigInt::from(2)).unwrap(),
            -3.5
        );
    }

    #[test]
    fn round_ndigits() {
        let cases: &[(f64, i64, f64)] = &[
            (2.675, 2, 2.67),
            (0.5, 0, 0.0),
            (1.5, 0, 2.0),
            (2.5, 0, 2.0),
            (-0.5, 0, -0.0),
            (1234.5, -2, 1200.0),
            (1250.0, -2, 1200.0),
            (1350.0, -2, 1400.0),
            (0.125, 2, 0.12),
            (5e-324, 400, 5e-324),
            (5e-324, 323, 0.0),
            (5e-324, 324, 5e-324),
            (1e300, -300, 1e300),
            (1e308, -308, 1e308),
            (123.456, -308, 0.0),
            (-123.456, -400, -0.0),
            (-0.001, 2, -0.0),
            (0.001, -2, 0.0),
            (-1.0, -1, -0.0),
            (1e22, -22, 1e22),
            (5e22, -23, 0.0),
            (2.5e-308, 308, 2e-308),
            (0.285, 2, 0.28),
            (1.0000000000000002, 15, 1.0),
            (1.2345678901234567e19, -5, 1.23456789012346e19),
            (562949953421312.5, 1, 562949953421312.5),
            (56294995342131.5, 3, 56294995342131.5),
            (25.0, -1, 20.0),
            (35.0, -1, 40.0),
            (45.0, -1, 40.0),
            (95.0, -1, 100.0),
            (1.4e-315, 315, 1e-315),
        ];
        for &(x, n, want) in cases {
            let got = round_float(x, n).unwrap();
            assert_eq!(got.to_bits(), want.to_bits(), "round({x:e}, {n})");
        }
        assert_eq!(
            round_float(1.6e308, -308).unwrap_err(),
            "rounded value too large to represent"
        );
        assert_eq!(
            round_float(-1.7e308, -308).unwrap_err(),
            "rounded value too large to represent"
        );
        assert!(round_float(f64::NAN, 2).unwrap().is_nan());
        assert_eq!(round_float(f64::INFINITY, -2).unwrap(), f64::INFINITY);
    }
}
