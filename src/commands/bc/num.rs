//! bc's numbers: an arbitrary-precision integer `v` and a scale `s` (value = v / 10^s), with
//! GNU bc's result scales and truncation toward zero. Every operation is charged to the CPU
//! meter and reserves its result's estimated size before it is computed.

use crate::limits::{cost, Reservation};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use num_bigint::{BigInt, Sign};
use num_traits::{Signed, ToPrimitive, Zero};

#[derive(Clone, Debug, Default)]
pub struct Num {
    pub v: BigInt,
    pub s: u64,
}

/// Why an operation failed without stopping the machine.
pub enum NumErr {
    Stop(Interrupt),
    Runtime(&'static str),
}

impl From<Interrupt> for NumErr {
    fn from(i: Interrupt) -> Self {
        NumErr::Stop(i)
    }
}

pub type R<T> = Result<T, NumErr>;

fn pow10(n: u64) -> BigInt {
    num_traits::pow(BigInt::from(10u8), n as usize)
}

/// Charges and reserves for an operation producing about `bits` bits from `work` limb steps.
/// The reservation covers the result while it is computed; drop it when the result is kept
/// (or charged) elsewhere.
fn meter(ctx: &CommandCtx, bits: u128, work: u128) -> Result<Reservation, Interrupt> {
    let steps = 1 + work / 64;
    ctx.charge(
        u64::try_from(steps)
            .unwrap_or(u64::MAX)
            .saturating_mul(cost::NUMBER_STEP),
    )?;
    let bytes = u64::try_from(bits / 8 + 16).unwrap_or(u64::MAX);
    ctx.reservation(bytes)
}

fn limbs(x: &BigInt) -> u128 {
    x.bits() as u128 / 64 + 1
}

/// 10^n costs: about 3.33 n bits.
fn scale_bits(n: u64) -> u128 {
    n as u128 * 10 / 3 + 64
}

/// Limb steps to build 10^n and then multiply or divide a number of `lv` limbs by it
/// (schoolbook bounds: big divisions in num-bigint are quadratic).
fn pow10_work(lv: u128, n: u64) -> u128 {
    let lk = scale_bits(n) / 64 + 1;
    lv.saturating_mul(lk).saturating_add(lk.saturating_mul(lk))
}

impl Num {
    pub fn int(i: i64) -> Num {
        Num {
            v: BigInt::from(i),
            s: 0,
        }
    }

    pub fn parse(t: &[u8]) -> Num {
        let mut digits = Vec::new();
        let mut s = 0;
        let mut frac = false;
        for &b in t {
            if b == b'.' {
                frac = true;
            } else {
                digits.push(b);
                if frac {
                    s += 1;
                }
            }
        }
        let v = BigInt::parse_bytes(&digits, 10).unwrap_or_default();
        Num { v, s }
    }

    pub fn is_zero(&self) -> bool {
        self.v.is_zero()
    }

    /// The value at scale `to` (>= self.s), exact.
    fn widen(&self, ctx: &CommandCtx, to: u64) -> R<BigInt> {
        if to == self.s {
            return Ok(self.v.clone());
        }
        let r = meter(
            ctx,
            self.v.bits() as u128 + scale_bits(to - self.s),
            pow10_work(limbs(&self.v), to - self.s),
        )?;
        let out = &self.v * pow10(to - self.s);
        drop(r);
        Ok(out)
    }

    /// Truncates toward zero to scale `to` (<= self.s), metered.
    pub fn cut(self, ctx: &CommandCtx, to: u64) -> R<Num> {
        if to >= self.s {
            return Ok(self);
        }
        let r = meter(ctx, 64, pow10_work(limbs(&self.v), self.s - to))?;
        let out = self.truncate(to);
        drop(r);
        Ok(out)
    }

    /// Truncates toward zero to scale `to` (<= self.s); unmetered, for values already paid for
    /// whose scale is small (indexes, exponents, special variables).
    pub fn truncate(mut self, to: u64) -> Num {
        if to < self.s {
            self.v /= pow10(self.s - to);
            self.s = to;
        }
        self
    }

    pub fn add(&self, ctx: &CommandCtx, o: &Num, neg: bool) -> R<Num> {
        let s = self.s.max(o.s);
        let (a, b) = (self.widen(ctx, s)?, o.widen(ctx, s)?);
        let r = meter(
            ctx,
            a.bits().max(b.bits()) as u128 + 1,
            limbs(&a) + limbs(&b),
        )?;
        let v = if neg { a - b } else { a + b };
        drop(r);
        Ok(Num { v, s })
    }

    pub fn cmp(&self, ctx: &CommandCtx, o: &Num) -> R<std::cmp::Ordering> {
        let s = self.s.max(o.s);
        Ok(self.widen(ctx, s)?.cmp(&o.widen(ctx, s)?))
    }

    pub fn mul(&self, ctx: &CommandCtx, o: &Num, scale: u64) -> R<Num> {
        let full = self.s + o.s;
        let rs = full.min(scale.max(self.s).max(o.s));
        let r = meter(
            ctx,
            self.v.bits() as u128 + o.v.bits() as u128,
            limbs(&self.v) * limbs(&o.v),
        )?;
        let v = &self.v * &o.v;
        drop(r);
        Num { v, s: full }.cut(ctx, rs)
    }

    pub fn div(&self, ctx: &CommandCtx, o: &Num, scale: u64) -> R<Num> {
        if o.is_zero() {
            return Err(NumErr::Runtime("Divide by zero"));
        }
        // trunc(a / b * 10^scale) = va * 10^(sb + scale) / (vb * 10^sa)
        let up = o.s + scale;
        let n = Num {
            v: self.v.clone(),
            s: 0,
        }
        .widen(ctx, up)?;
        let d = Num {
            v: o.v.clone(),
            s: 0,
        }
        .widen(ctx, self.s)?;
        let r = meter(ctx, n.bits() as u128, limbs(&n) * limbs(&d))?;
        let v = n / d;
        drop(r);
        Ok(Num { v, s: scale })
    }

    pub fn rem(&self, ctx: &CommandCtx, o: &Num, scale: u64) -> R<Num> {
        let q = self.div(ctx, o, scale)?;
        let qb = q.mul(ctx, o, u64::MAX)?;
        let rs = self.s.max(scale + o.s);
        let out = self.add(ctx, &qb, true)?;
        let s = out.s;
        Num { v: out.v, s }.rescale(ctx, rs)
    }

    /// The same value at scale `to` (widened exactly or truncated).
    fn rescale(self, ctx: &CommandCtx, to: u64) -> R<Num> {
        if to >= self.s {
            Ok(Num {
                v: self.widen(ctx, to)?,
                s: to,
            })
        } else {
            self.cut(ctx, to)
        }
    }

    pub fn pow(&self, ctx: &CommandCtx, e: &Num, scale: u64) -> R<Num> {
        let e = e.clone().truncate(0).v;
        let Some(ei) = e.to_i64() else {
            return Err(NumErr::Runtime("exponent too large"));
        };
        if ei == 0 {
            return Ok(Num::int(1));
        }
        let n = ei.unsigned_abs();
        let bits = (self.v.bits() as u128).saturating_mul(n as u128);
        // Squaring chain: about (bits/64)^2 limb steps in the last multiplication.
        let work = (bits / 64 + 1).saturating_mul(bits / 64 + 1);
        let r = meter(ctx, bits, work)?;
        let v = num_traits::pow(self.v.clone(), n as usize);
        drop(r);
        let exact = Num { v, s: self.s * n };
        if ei < 0 {
            return Num::int(1).div(ctx, &exact, scale);
        }
        let rs = (self.s.saturating_mul(n)).min(scale.max(self.s));
        exact.cut(ctx, rs)
    }

    pub fn sqrt(&self, ctx: &CommandCtx, scale: u64) -> R<Num> {
        if self.v.is_negative() {
            return Err(NumErr::Runtime("Square root of a negative number"));
        }
        let rs = scale.max(self.s);
        let x = self.widen(ctx, 2 * rs)?;
        let r = meter(ctx, x.bits() as u128 / 2, limbs(&x) * limbs(&x))?;
        let v = x.sqrt();
        drop(r);
        Ok(Num { v, s: rs })
    }

    /// `length()`: significant digits.
    pub fn length(&self) -> u64 {
        let d = self.v.magnitude().to_string().len() as u64;
        if self.v.is_zero() {
            return self.s.max(1);
        }
        d.max(self.s)
    }

    /// bc's decimal form (no wrapping): `-.5`, `1.0`, `0`.
    pub fn to_text(&self, ctx: &CommandCtx) -> Result<Vec<u8>, Interrupt> {
        let l = limbs(&self.v);
        ctx.charge(u64::try_from(1 + l * l / 64).unwrap_or(u64::MAX))?;
        if self.v.is_zero() {
            return Ok(b"0".to_vec());
        }
        let digits = self.v.magnitude().to_string().into_bytes();
        let mut out = Vec::new();
        if self.v.sign() == Sign::Minus {
            out.push(b'-');
        }
        let s = self.s as usize;
        if digits.len() > s {
            out.extend_from_slice(&digits[..digits.len() - s]);
        }
        if s > 0 {
            out.push(b'.');
            out.extend(std::iter::repeat_n(b'0', s.saturating_sub(digits.len())));
            out.extend_from_slice(&digits[digits.len().saturating_sub(s)..]);
        }
        Ok(out)
    }

    pub fn truthy(&self) -> bool {
        !self.v.is_zero()
    }

    pub fn to_u64(&self) -> Option<u64> {
        self.clone().truncate(0).v.to_u64()
    }
}
