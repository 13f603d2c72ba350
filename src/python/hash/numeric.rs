//! Numeric hashes: `int`, `bool`, `float`, `complex`, `fractions.Fraction`, `decimal.Decimal`,
//! plus the identity hash that NaNs and plain objects use.
//!
//! Python requires `x == y` to imply `hash(x) == hash(y)` across numeric types, so every
//! rational value `m/n` hashes as `m * n⁻¹ mod P` with the Mersenne prime `P = 2**61 - 1`
//! (documented in "Hashing of numeric types" in the Python library reference), signed by the
//! value's sign, with -1 replaced by -2. Because `2**61 ≡ 1 (mod P)`, multiplying by a power of
//! two is a rotation inside 61 bits, which is what makes the float hash cheap and exact. None of
//! this changed in 3.12–3.14.

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{ToPrimitive, Zero};

/// `sys.hash_info.modulus`: the prime `2**61 - 1` numeric hashes reduce by.
pub const MODULUS: u64 = (1 << 61) - 1;
/// `sys.hash_info.inf`: `hash(float('inf'))`; `-inf` hashes to its negation.
pub const HASH_INF: i64 = 314_159;
/// `sys.hash_info.imag`: the multiplier of the imaginary part's hash in `hash(complex)`.
pub const HASH_IMAG: u64 = 1_000_003;
/// `sys.hash_info.nan`: what the C API's `PyHash_Double(NaN, NULL)` returns. Python-level
/// `hash(nan)` no longer returns it (3.10+): see [`hash_nan`].
pub const HASH_NAN_NO_OBJECT: i64 = 0;
/// `hash(None)` since CPython 3.12 (gh-99540 made it a constant instead of identity-based so that
/// sets containing `None` iterate the same way in every run).
pub const HASH_NONE: i64 = 0xFCA8_6420;

/// Reserves -1 (CPython's error return from `tp_hash`): every hash function maps it to -2.
#[inline]
fn fix_minus_one(h: i64) -> i64 {
    if h == -1 {
        -2
    } else {
        h
    }
}

/// Applies a sign to a residue in `[0, P)` and reserves -1.
#[inline]
fn signed(residue: u64, negative: bool) -> i64 {
    debug_assert!(residue < MODULUS);
    let r = residue as i64;
    fix_minus_one(if negative { -r } else { r })
}

/// `(a * b) mod P` for residues below `P`.
#[inline]
fn mul_mod(a: u64, b: u64) -> u64 {
    ((u128::from(a) * u128::from(b)) % u128::from(MODULUS)) as u64
}

/// `base**exp mod P` by square-and-multiply.
fn pow_mod(mut base: u64, mut exp: u64) -> u64 {
    base %= MODULUS;
    let mut acc = 1u64;
    while exp > 0 {
        if exp & 1 == 1 {
            acc = mul_mod(acc, base);
        }
        base = mul_mod(base, base);
        exp >>= 1;
    }
    acc
}

/// Multiplies a residue by `2**k (mod P)`, `0 <= k < 61`: a left rotation within 61 bits.
#[inline]
fn mul_pow2(x: u64, k: u32) -> u64 {
    debug_assert!(x < MODULUS && k < 61);
    if k == 0 {
        x
    } else {
        ((x << k) & MODULUS) | (x >> (61 - k))
    }
}

/// `|v| mod P` for a big integer, folding 64-bit limbs from the most significant down
/// (`2**64 ≡ 8 (mod P)`, but a `u128` remainder is simpler and just as exact).
fn bigint_residue(v: &BigInt) -> u64 {
    let p = u128::from(MODULUS);
    v.magnitude()
        .to_u64_digits()
        .iter()
        .rev()
        .fold(0u64, |acc, &limb| {
            (((u128::from(acc) << 64) | u128::from(limb)) % p) as u64
        })
}

/// `hash(v)` for an `int` that fits in 64 bits (and for `bool`: `hash(False) == 0`,
/// `hash(True) == 1`): the sign of `v` times `|v| mod (2**61 - 1)`, with -1 mapped to -2.
pub fn hash_i64(v: i64) -> i64 {
    signed(v.unsigned_abs() % MODULUS, v < 0)
}

/// `hash(v)` for an arbitrary `int`; agrees with [`hash_i64`] where both apply.
pub fn hash_bigint(v: &BigInt) -> i64 {
    signed(bigint_residue(v), v.sign() == Sign::Minus)
}

/// `hash(v)` for a finite or infinite `float`: equal to the hash of the exact rational value the
/// float denotes (so `hash(2.0) == hash(2)` and `hash(0.5) == hash(Fraction(1, 2))`); `inf` →
/// 314159, `-inf` → -314159, `-0.0` → 0.
///
/// A NaN has no numeric hash. CPython 3.10+ hashes a NaN *object* by its identity
/// (`hash(x) == object.__hash__(x)`), so distinct NaNs spread over a set's table instead of all
/// colliding; the VM must call [`hash_float`] (or [`hash_nan`]) with the object's identity for
/// NaNs. Given a NaN, this function returns [`HASH_NAN_NO_OBJECT`] (0), which is what
/// `PyHash_Double(nan, NULL)` returns in the C API.
pub fn hash_f64(v: f64) -> i64 {
    if v.is_nan() {
        return HASH_NAN_NO_OBJECT;
    }
    if v.is_infinite() {
        return if v > 0.0 { HASH_INF } else { -HASH_INF };
    }
    // Decompose |v| = mantissa * 2**exp exactly, from the IEEE-754 fields.
    let bits = v.to_bits();
    let negative = bits >> 63 == 1;
    let exp_field = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1 << 52) - 1);
    let (mantissa, exp) = if exp_field == 0 {
        (frac, -1074) // subnormal (or zero)
    } else {
        (frac | (1 << 52), exp_field - 1075)
    };
    // mantissa < 2**53 < P, so it is already a residue; 2**exp ≡ 2**(exp mod 61).
    let k = exp.rem_euclid(61) as u32;
    signed(mul_pow2(mantissa, k), negative)
}

/// `hash(x)` for a `float` object `x` with value `v`: [`hash_f64`] for numbers, and for a NaN
/// CPython's identity rule ([`hash_nan`]) using `identity`, the value the VM uses as the
/// object's `id()`.
pub fn hash_float(v: f64, identity: u64) -> i64 {
    if v.is_nan() {
        hash_nan(identity)
    } else {
        hash_f64(v)
    }
}

/// `hash(x)` for a NaN `float` object (CPython 3.10+, bpo-43475): the object's identity hash,
/// exactly `object.__hash__(x)` — see [`hash_pointer`]. `identity` is what the VM reports as
/// `id(x)`. Two NaN objects therefore hash (and compare) as different keys, while the same NaN
/// object is found again through the identity check that precedes `__eq__` in set and dict
/// lookups.
pub fn hash_nan(identity: u64) -> i64 {
    hash_pointer(identity)
}

/// `object.__hash__(x)` (the default hash of any object without `__hash__`, of functions,
/// classes, …): CPython's `Py_HashPointer`, which rotates the address right by 4 bits (the low
/// bits of an aligned address are always zero and would crowd a table's low slots), with -1
/// mapped to -2. `identity` is the VM's `id(x)`.
pub fn hash_pointer(identity: u64) -> i64 {
    fix_minus_one(identity.rotate_right(4) as i64)
}

/// `hash(complex(re, im))`: `hash(re) + 1000003 * hash(im)` in wrapping 64-bit arithmetic, -1
/// mapped to -2, so `hash(complex(x, 0)) == hash(x)`. A NaN part hashes by the identity of the
/// complex object (CPython passes the complex object to the float hash), hence `identity`,
/// which is ignored when neither part is a NaN.
pub fn hash_complex(re: f64, im: f64, identity: u64) -> i64 {
    let hr = hash_float(re, identity) as u64;
    let hi = hash_float(im, identity) as u64;
    fix_minus_one(hr.wrapping_add(HASH_IMAG.wrapping_mul(hi)) as i64)
}

/// `hash(Fraction(num, den))`: `|num| * den⁻¹ mod P`, signed like the value, -1 → -2; when `den`
/// is a multiple of `P` (no inverse) the magnitude is `HASH_INF` (314159). Equal to the hash of
/// an equal `int`, `float` or `Decimal`.
///
/// The fraction need not be in lowest terms and `den` may be negative (the sign moves to the
/// numerator): common factors other than `P` cancel modulo `P` anyway, and common factors of `P`
/// are divided out first, as the reference algorithm in the Python docs does.
///
/// # Panics
/// If `den` is zero.
pub fn hash_fraction(num: &BigInt, den: &BigInt) -> i64 {
    assert!(!den.is_zero(), "hash_fraction: zero denominator");
    let negative = (num.sign() == Sign::Minus) != (den.sign() == Sign::Minus);
    let pu = BigUint::from(MODULUS);
    let mut m = num.magnitude().clone();
    let mut n = den.magnitude().clone();
    if m.is_zero() {
        // 0/n is 0 whatever n is (even a multiple of P).
        return 0;
    }
    while (&n % &pu).is_zero() && (&m % &pu).is_zero() {
        m /= &pu;
        n /= &pu;
    }
    let n_res = (&n % &pu).to_u64().expect("residue below P");
    let magnitude = if n_res == 0 {
        HASH_INF as u64
    } else {
        let m_res = (&m % &pu).to_u64().expect("residue below P");
        // Fermat: n**(P-2) is n's inverse modulo the prime P.
        mul_mod(m_res, pow_mod(n_res, MODULUS - 2))
    };
    signed(magnitude, negative)
}

/// `hash(Decimal)` for a finite decimal `coefficient * 10**exponent` (the sign rides on
/// `coefficient`; `-0` hashes to 0 like `0`). Equal to [`hash_fraction`] of the same value, but
/// cheap for huge exponents: `10**exponent mod P`, using `10⁻¹ mod P` for negative exponents.
///
/// Special values are the caller's: `±Infinity` → `±HASH_INF`; a quiet NaN hashes by identity
/// ([`hash_nan`], as `object.__hash__`); hashing a signalling NaN raises
/// `TypeError: Cannot hash a signaling NaN value.`
pub fn hash_decimal(coefficient: &BigInt, exponent: i64) -> i64 {
    let c = bigint_residue(coefficient);
    let scale = if exponent >= 0 {
        pow_mod(10, exponent.unsigned_abs())
    } else {
        let inv10 = pow_mod(10, MODULUS - 2);
        pow_mod(inv10, exponent.unsigned_abs())
    };
    signed(mul_mod(c, scale), coefficient.sign() == Sign::Minus)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(s: &str) -> BigInt {
        s.parse().unwrap()
    }

    #[test]
    fn small_ints() {
        assert_eq!(hash_i64(0), 0);
        assert_eq!(hash_i64(1), 1);
        assert_eq!(hash_i64(-1), -2);
        assert_eq!(hash_i64(-2), -2);
        assert_eq!(hash_i64(MODULUS as i64), 0);
        assert_eq!(hash_i64(MODULUS as i64 + 1), 1);
        assert_eq!(hash_i64(-(MODULUS as i64) - 1), -2);
        assert_eq!(hash_i64(i64::MAX), 3);
        assert_eq!(hash_i64(i64::MIN), -4);
    }

    #[test]
    fn bigint_agrees_with_i64() {
        for v in [
            0i64,
            1,
            -1,
            2,
            -2,
            12345,
            i64::MAX,
            i64::MIN,
            MODULUS as i64,
            -(MODULUS as i64),
        ] {
            assert_eq!(hash_bigint(&BigInt::from(v)), hash_i64(v), "{v}");
        }
        assert_eq!(hash_bigint(&big("2305843009213693952")), 1);
        assert_eq!(hash_bigint(&big("-2305843009213693952")), -2);
    }

    #[test]
    fn floats() {
        assert_eq!(hash_f64(0.0), 0);
        assert_eq!(hash_f64(-0.0), 0);
        assert_eq!(hash_f64(0.5), 1152921504606846976);
        assert_eq!(hash_f64(1.5), 1152921504606846977);
        assert_eq!(hash_f64(-0.5), -1152921504606846976);
        assert_eq!(hash_f64(-1.0), -2);
        assert_eq!(hash_f64(1e300), 1224995262755759164);
        assert_eq!(hash_f64(1e-300), 482449582752280463);
        assert_eq!(hash_f64(f64::INFINITY), 314159);
        assert_eq!(hash_f64(f64::NEG_INFINITY), -314159);
        assert_eq!(hash_f64(f64::NAN), 0);
        assert_eq!(hash_f64(12345.0), hash_i64(12345));
    }

    #[test]
    fn nan_and_identity() {
        // 3.10+: hash(nan) == object.__hash__(nan) == rotate-right-4 of the address.
        assert_eq!(hash_pointer(0x7f00_0000_1230), 0x07f0_0000_0123);
        assert_eq!(hash_pointer(0x10), 1);
        assert_eq!(hash_pointer(u64::MAX), -2);
        assert_eq!(hash_float(f64::NAN, 0x7f00_0000_1230), 0x07f0_0000_0123);
        assert_eq!(hash_float(2.5, 0x7f00_0000_1230), hash_f64(2.5));
    }

    #[test]
    fn complexes() {
        assert_eq!(hash_complex(1.0, 2.0, 0), 2000007);
        assert_eq!(hash_complex(0.5, -1.0, 0), 1152921504604846970);
        assert_eq!(hash_complex(3.0, 0.0, 0), hash_i64(3));
    }

    #[test]
    fn fractions() {
        let h = |n: i64, d: i64| hash_fraction(&BigInt::from(n), &BigInt::from(d));
        assert_eq!(h(1, 2), hash_f64(0.5));
        assert_eq!(h(-1, 2), hash_f64(-0.5));
        assert_eq!(h(2, 4), hash_f64(0.5));
        assert_eq!(h(1, -2), hash_f64(-0.5));
        assert_eq!(h(6, 3), 2);
        assert_eq!(h(0, 5), 0);
        assert_eq!(h(-1, 1), -2);
        let p = BigInt::from(MODULUS);
        assert_eq!(hash_fraction(&BigInt::from(1), &p), HASH_INF);
        assert_eq!(hash_fraction(&BigInt::from(-1), &p), -HASH_INF);
        assert_eq!(hash_fraction(&p, &(&p * 3)), h(1, 3));
    }

    #[test]
    fn decimals() {
        let d = |c: i64, e: i64| hash_decimal(&BigInt::from(c), e);
        assert_eq!(d(15, -1), hash_f64(1.5));
        assert_eq!(d(-15, -1), hash_f64(-1.5));
        assert_eq!(d(12, 3), hash_i64(12000));
        assert_eq!(d(1, -1), hash_fraction(&BigInt::from(1), &BigInt::from(10)));
        assert_eq!(d(0, 7), 0);
    }
}
