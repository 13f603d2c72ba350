//! `ibase` and `obase`: reading number literals in bases 2..=36 and printing numbers in bases
//! 2..=2147483647, with GNU bc 1.07.1's rules. Both directions are metered like the arithmetic
//! in `num.rs`: CPU per 64 limb-steps, and the result's size reserved before it is built.

use super::num::{Num, R};
use crate::limits::cost;
use crate::process::command::CommandCtx;
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{ToPrimitive, Zero};

/// The largest `obase` (GNU's BC_BASE_MAX is INT_MAX).
pub const OBASE_MAX: u64 = i32::MAX as u64;
/// The largest `ibase` outside `-s` (digits go up to `Z`).
pub const IBASE_MAX: u64 = 36;

fn charge_steps(ctx: &CommandCtx, work: u128) -> R<()> {
    let steps = u64::try_from(1 + work / 64).unwrap_or(u64::MAX);
    ctx.charge(steps.saturating_mul(cost::NUMBER_STEP))?;
    Ok(())
}

fn digit(b: u8) -> Option<u32> {
    match b {
        b'0'..=b'9' => Some((b - b'0') as u32),
        b'A'..=b'Z' => Some((b - b'A') as u32 + 10),
        _ => None,
    }
}

/// A literal as GNU bc's `push_constant` reads it in base `base`: a digit at or above the base
/// counts as `base - 1`, except a lone leading digit (so `A` is 10 in any base, as POSIX
/// wants for `ibase=A`); the fraction has as many decimal places as it has digits.
pub fn parse(ctx: &CommandCtx, t: &[u8], base: u32) -> R<Num> {
    let (int, frac) = match t.iter().position(|&b| b == b'.') {
        Some(p) => (&t[..p], &t[p + 1..]),
        None => (t, &t[t.len()..]),
    };
    let work = (t.len() as u128) * (t.len() as u128 / 16 + 1);
    charge_steps(ctx, work)?;
    let bytes = t.len() as u64 * 2 + 32;
    let working = ctx.reservation(bytes)?;
    let clamp = |d: u32| d.min(base - 1) as u8;
    let mut ds: Vec<u8> = int.iter().filter_map(|&b| digit(b)).map(clamp).collect();
    if int.len() == 1 {
        // The lone digit keeps its value.
        ds[0] = digit(int[0]).unwrap_or(0) as u8;
    }
    let whole = if ds.len() == 1 {
        BigUint::from(ds[0])
    } else {
        big_from_digits(&ds, base)
    };
    let mut v = BigInt::from_biguint(Sign::Plus, whole);
    let s = frac.len() as u64;
    if s > 0 {
        let fd: Vec<u8> = frac.iter().filter_map(|&b| digit(b)).map(clamp).collect();
        let f = big_from_digits(&fd, base);
        // trunc(f / base^s) at scale s, added to the integer part.
        let num = f * num_traits::pow(BigUint::from(10u8), s as usize);
        let den = num_traits::pow(BigUint::from(base), s as usize);
        let q = num / den;
        v = v * BigInt::from(num_traits::pow(BigUint::from(10u8), s as usize))
            + BigInt::from_biguint(Sign::Plus, q);
    }
    drop(working);
    Ok(Num { v, s })
}

fn big_from_digits(ds: &[u8], base: u32) -> BigUint {
    if ds.is_empty() {
        return BigUint::zero();
    }
    BigUint::from_radix_be(ds, base).unwrap_or_default()
}

/// `n` printed in base `base` (not 10) without line wrapping, as GNU's `bc_out_num`: bases up
/// to 16 use the digits `0-9A-F`; larger bases print each digit as a space and a zero-padded
/// decimal group as wide as `base - 1`, except the first fraction digit, which has no space.
/// The fraction gets one digit per power of the base below 10^scale.
pub fn to_text(ctx: &CommandCtx, n: &Num, base: u64) -> R<Vec<u8>> {
    let mut out = Vec::new();
    if n.v.is_zero() {
        out.push(b'0');
        return Ok(out);
    }
    if n.v.sign() == Sign::Minus {
        out.push(b'-');
    }
    let mag = n.v.magnitude();
    let ten_s = num_traits::pow(BigUint::from(10u8), n.s as usize);
    let (int, mut frac) = (mag / &ten_s, mag % &ten_s);
    let width = (base - 1).to_string().len();
    let small = base <= 16;
    let per_digit = if small { 1 } else { width as u64 + 1 };
    let bits_per_digit = (64 - (base - 1).leading_zeros()).max(1) as u64;
    let limbs = |x: &BigUint| x.bits() as u128 / 64 + 1;

    // Integer digits: about bits/log2(base) of them, each a division of the whole part.
    let ndig = int.bits() / bits_per_digit.saturating_sub(1).max(1) + 1;
    charge_steps(ctx, ndig as u128 * limbs(&int))?;
    let reserve = ndig.saturating_mul(per_digit) + 16;
    let working = ctx.reservation(reserve)?;
    let digits = int_digits(&int, base);
    for d in digits {
        put_digit(&mut out, d, small, width, true);
    }
    drop(working);

    if n.s > 0 {
        out.push(b'.');
        // GNU stops once the power of the base has more than `scale` integer digits.
        let nfrac = (n.s as f64 / (base as f64).log10()).ceil() as u64 + 1;
        charge_steps(ctx, nfrac as u128 * limbs(&ten_s))?;
        let reserve = nfrac.saturating_mul(per_digit) + 16;
        let working = ctx.reservation(reserve)?;
        let mut t = BigUint::from(1u8);
        let b = BigUint::from(base);
        let mut first = true;
        while t < ten_s {
            frac *= &b;
            let d = &frac / &ten_s;
            frac %= &ten_s;
            put_digit(&mut out, d.to_u64().unwrap_or(0), small, width, !first);
            first = false;
            t *= &b;
        }
        drop(working);
    }
    Ok(out)
}

fn put_digit(out: &mut Vec<u8>, d: u64, small: bool, width: usize, space: bool) {
    if small {
        out.push(b"0123456789ABCDEF"[d as usize]);
    } else {
        if space {
            out.push(b' ');
        }
        out.extend_from_slice(format!("{d:0width$}").as_bytes());
    }
}

/// Most significant first.
fn int_digits(int: &BigUint, base: u64) -> Vec<u64> {
    if int.is_zero() {
        return Vec::new();
    }
    if base <= 256 {
        return int
            .to_radix_be(base as u32)
            .into_iter()
            .map(u64::from)
            .collect();
    }
    let mut x = int.clone();
    let b = BigUint::from(base);
    let mut v = Vec::new();
    while !x.is_zero() {
        let r = &x % &b;
        v.push(r.to_u64().unwrap_or(0));
        x /= &b;
    }
    v.reverse();
    v
}

/// Why a special variable's new value was adjusted, in GNU's words.
pub fn clamp_base(name: &str, v: &Num, lo: u64, hi: u64) -> (u64, Option<String>) {
    if v.v.sign() == Sign::Minus {
        return (lo, Some(format!("negative {name}, set to {lo}")));
    }
    match v.to_u64() {
        Some(x) if x < lo => (lo, Some(format!("{name} too small, set to {lo}"))),
        Some(x) if x <= hi => (x, None),
        _ => (hi, Some(format!("{name} too large, set to {hi}"))),
    }
}
