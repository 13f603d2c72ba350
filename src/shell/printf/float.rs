//! Floating arguments: parsing into an x87-style 80-bit extended value (like `strtold` on
//! x86-64 Linux) and exact decimal conversion with big integers, so `%e %f %g %a` match glibc,
//! round-half-even on exact ties included.

use super::*;

// ---------------------------------------------------------------------------
// Big integers (little-endian base 2^32), just enough for exact conversion
// ---------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Big(Vec<u32>);

impl Big {
    fn from_u64(v: u64) -> Big {
        let mut b = Big(vec![v as u32, (v >> 32) as u32]);
        b.trim();
        b
    }
    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }
    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }
    fn mul_small(&mut self, m: u32) {
        let mut carry: u64 = 0;
        for w in self.0.iter_mut() {
            let t = *w as u64 * m as u64 + carry;
            *w = t as u32;
            carry = t >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }
    fn add_small(&mut self, a: u32) {
        let mut carry = a as u64;
        for w in self.0.iter_mut() {
            if carry == 0 {
                break;
            }
            let t = *w as u64 + carry;
            *w = t as u32;
            carry = t >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }
    fn mul_pow5(&mut self, mut e: u32) {
        while e >= 13 {
            self.mul_small(1_220_703_125); // 5^13
            e -= 13;
        }
        if e > 0 {
            self.mul_small(5u32.pow(e));
        }
    }
    fn pow5(e: u32) -> Big {
        let mut b = Big::from_u64(1);
        b.mul_pow5(e);
        b
    }
    fn bit_len(&self) -> u64 {
        match self.0.last() {
            None => 0,
            Some(&top) => (self.0.len() as u64 - 1) * 32 + (32 - top.leading_zeros() as u64),
        }
    }
    fn shl(&self, n: u64) -> Big {
        if self.is_zero() {
            return self.clone();
        }
        let words = (n / 32) as usize;
        let bits = (n % 32) as u32;
        let mut v = vec![0u32; words];
        if bits == 0 {
            v.extend_from_slice(&self.0);
        } else {
            let mut carry = 0u32;
            for &w in &self.0 {
                v.push((w << bits) | carry);
                carry = w >> (32 - bits);
            }
            v.push(carry);
        }
        let mut b = Big(v);
        b.trim();
        b
    }
    fn cmp(&self, o: &Big) -> std::cmp::Ordering {
        if self.0.len() != o.0.len() {
            return self.0.len().cmp(&o.0.len());
        }
        for k in (0..self.0.len()).rev() {
            if self.0[k] != o.0[k] {
                return self.0[k].cmp(&o.0[k]);
            }
        }
        std::cmp::Ordering::Equal
    }
    /// self -= o (requires self >= o)
    fn sub(&mut self, o: &Big) {
        let mut borrow = 0i64;
        for k in 0..self.0.len() {
            let b = *o.0.get(k).unwrap_or(&0) as i64;
            let mut t = self.0[k] as i64 - b - borrow;
            if t < 0 {
                t += 1 << 32;
                borrow = 1;
            } else {
                borrow = 0;
            }
            self.0[k] = t as u32;
        }
        self.trim();
    }
    /// Divide by small value in place, returning the remainder.
    fn divmod_small(&mut self, d: u32) -> u32 {
        let mut rem: u64 = 0;
        for k in (0..self.0.len()).rev() {
            let cur = (rem << 32) | self.0[k] as u64;
            self.0[k] = (cur / d as u64) as u32;
            rem = cur % d as u64;
        }
        self.trim();
        rem as u32
    }
    fn to_decimal(&self) -> Vec<u8> {
        if self.is_zero() {
            return b"0".to_vec();
        }
        let mut t = self.clone();
        let mut chunks = Vec::new();
        while !t.is_zero() {
            chunks.push(t.divmod_small(1_000_000_000));
        }
        let mut s = Vec::with_capacity(chunks.len() * 9);
        let last = chunks.len() - 1;
        s.extend_from_slice(chunks[last].to_string().as_bytes());
        for k in (0..last).rev() {
            s.extend_from_slice(format!("{:09}", chunks[k]).as_bytes());
        }
        s
    }
}

// ---------------------------------------------------------------------------
// 80-bit extended floating values
// ---------------------------------------------------------------------------

pub(super) const LD_MIN_EXP: i64 = -16445; // exponent of the lowest mantissa bit of subnormals
pub(super) const LD_MAX_EXP: i64 = 16320; // 2^16383 is the top bit of the largest value

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Ld {
    Zero {
        neg: bool,
    },
    /// mant * 2^exp, mant normalised (top bit set) unless exp == LD_MIN_EXP.
    Fin {
        neg: bool,
        mant: u64,
        exp: i64,
    },
    Inf {
        neg: bool,
    },
    Nan {
        neg: bool,
    },
}

impl Ld {
    pub(super) fn neg(&self) -> bool {
        match *self {
            Ld::Zero { neg } | Ld::Inf { neg } | Ld::Nan { neg } | Ld::Fin { neg, .. } => neg,
        }
    }
    pub(super) fn from_i64(v: i64) -> Ld {
        Ld::from_u64(v < 0, v.unsigned_abs())
    }
    fn from_u64(neg: bool, v: u64) -> Ld {
        if v == 0 {
            return Ld::Zero { neg };
        }
        let lz = v.leading_zeros();
        Ld::Fin {
            neg,
            mant: v << lz,
            exp: -(lz as i64),
        }
    }
}

/// Round the exact rational (n / d) * 2^bexp to an Ld.  Returns (value, range_error).
pub(super) fn round_rational(neg: bool, n: &Big, d: &Big, bexp: i64) -> (Ld, bool) {
    if n.is_zero() {
        return (Ld::Zero { neg }, false);
    }
    // choose k so that q = floor(n * 2^k / d) has 66..=67 bits
    let s = n.bit_len() as i64 - d.bit_len() as i64;
    let k = 66 - s;
    let (num, den) = if k >= 0 {
        (n.shl(k as u64), d.clone())
    } else {
        (n.clone(), d.shl((-k) as u64))
    };
    // long division producing at most 68 bits
    let mut rem = num;
    let mut q: u128 = 0;
    for bit in (0..=68u64).rev() {
        let sd = den.shl(bit);
        if rem.cmp(&sd) != std::cmp::Ordering::Less {
            rem.sub(&sd);
            q |= 1u128 << bit;
        }
    }
    let mut sticky = !rem.is_zero();
    // value = q * 2^(bexp - k)
    let mut e = bexp - k;
    let qbits = 128 - q.leading_zeros() as i64;
    let mut shift = qbits - 64;
    if e + shift < LD_MIN_EXP {
        shift = LD_MIN_EXP - e;
    }
    if shift > 0 {
        if shift >= 128 {
            sticky |= q != 0;
            e += shift;
            return finish_round(neg, 0, e, false, sticky);
        }
        let dropped = q & ((1u128 << shift) - 1);
        let halfway = 1u128 << (shift - 1);
        let mant = q >> shift;
        e += shift;
        let round_up = dropped > halfway || (dropped == halfway && (sticky || mant & 1 == 1));
        let inexact = dropped != 0 || sticky;
        return finish_round(neg, mant as u64, e, round_up, inexact);
    }
    let mant = q << (-shift);
    e += shift;
    finish_round(neg, mant as u64, e, false, sticky)
}

pub(super) fn finish_round(
    neg: bool,
    mant: u64,
    mut e: i64,
    round_up: bool,
    inexact: bool,
) -> (Ld, bool) {
    let mut m = mant as u128;
    if round_up {
        m += 1;
        if m == 1u128 << 64 {
            m >>= 1;
            e += 1;
        }
    }
    if m == 0 {
        return (Ld::Zero { neg }, true);
    }
    // normalise if possible
    let mut m = m as u64;
    while m & (1 << 63) == 0 && e > LD_MIN_EXP {
        m <<= 1;
        e -= 1;
    }
    if e > LD_MAX_EXP {
        return (Ld::Inf { neg }, true);
    }
    let subnormal = m & (1 << 63) == 0;
    (
        Ld::Fin {
            neg,
            mant: m,
            exp: e,
        },
        subnormal && inexact,
    )
}

/// Parse like `strtold`.  Returns (value, bytes consumed (0 = nothing), range error).
pub(super) fn parse_ld(s: &[u8]) -> (Ld, usize, bool) {
    let mut i = 0;
    while i < s.len() && matches!(s[i], b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) {
        i += 1;
    }
    let mut neg = false;
    if i < s.len() && (s[i] == b'+' || s[i] == b'-') {
        neg = s[i] == b'-';
        i += 1;
    }
    let rest = &s[i..];
    let lower: Vec<u8> = rest
        .iter()
        .take(8)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if lower.starts_with(b"inf") {
        let n = if lower.starts_with(b"infinity") { 8 } else { 3 };
        return (Ld::Inf { neg }, i + n, false);
    }
    if lower.starts_with(b"nan") {
        let mut j = i + 3;
        if j < s.len() && s[j] == b'(' {
            let mut k = j + 1;
            while k < s.len() && (s[k].is_ascii_alphanumeric() || s[k] == b'_') {
                k += 1;
            }
            if k < s.len() && s[k] == b')' {
                j = k + 1;
            }
        }
        return (Ld::Nan { neg }, j, false);
    }
    let hex = rest.len() >= 2 && rest[0] == b'0' && (rest[1] | 0x20) == b'x';
    if hex {
        let mut j = i + 2;
        let mut mant: u128 = 0;
        let mut ndig = 0usize;
        let mut exp: i64 = 0;
        let mut sticky = false;
        let mut any = false;
        let mut seen_point = false;
        while j < s.len() {
            let c = s[j];
            if c == b'.' && !seen_point {
                seen_point = true;
                j += 1;
                continue;
            }
            let Some(d) = hexval(c) else { break };
            any = true;
            if ndig < 24 {
                if mant != 0 || d != 0 {
                    mant = (mant << 4) | d as u128;
                    ndig += 1;
                }
                if seen_point {
                    exp -= 4;
                }
            } else {
                if d != 0 {
                    sticky = true;
                }
                if !seen_point {
                    exp += 4;
                }
            }
            j += 1;
        }
        if !any {
            // just "0" followed by x
            return (Ld::Zero { neg }, i + 1, false);
        }
        if j < s.len() && (s[j] | 0x20) == b'p' {
            if let Some((e, n)) = parse_exp(&s[j + 1..]) {
                exp = exp.saturating_add(e);
                j += 1 + n;
            }
        }
        if mant == 0 {
            return (Ld::Zero { neg }, j, false);
        }
        let mut n = Big(vec![
            mant as u32,
            (mant >> 32) as u32,
            (mant >> 64) as u32,
            (mant >> 96) as u32,
        ]);
        n.trim();
        if sticky {
            n = n.shl(1);
            n.add_small(1);
            exp -= 1;
        }
        let exp = exp.clamp(-20000, 20000);
        let (v, r) = round_rational(neg, &n, &Big::from_u64(1), exp);
        return (v, j, r);
    }
    // decimal
    let mut j = i;
    let mut digits: Vec<u8> = Vec::new();
    let mut dexp: i64 = 0;
    let mut sticky = false;
    let mut any = false;
    let mut seen_point = false;
    while j < s.len() {
        let c = s[j];
        if c == b'.' && !seen_point {
            seen_point = true;
            j += 1;
            continue;
        }
        if !c.is_ascii_digit() {
            break;
        }
        any = true;
        if digits.len() < 800 {
            if !digits.is_empty() || c != b'0' {
                digits.push(c - b'0');
            }
            if seen_point {
                dexp -= 1;
            }
        } else {
            if c != b'0' {
                sticky = true;
            }
            if !seen_point {
                dexp += 1;
            }
        }
        j += 1;
    }
    if !any {
        return (Ld::Zero { neg: false }, 0, false);
    }
    if j < s.len() && (s[j] | 0x20) == b'e' {
        if let Some((e, n)) = parse_exp(&s[j + 1..]) {
            dexp = dexp.saturating_add(e);
            j += 1 + n;
        }
    }
    if digits.is_empty() {
        return (Ld::Zero { neg }, j, false);
    }
    if sticky {
        digits.push(1);
        dexp -= 1;
    }
    let top = dexp + digits.len() as i64; // value < 10^top
    if top > 4934 {
        return (Ld::Inf { neg }, j, true);
    }
    if top < -4952 {
        return (Ld::Zero { neg }, j, true);
    }
    let mut n = Big(Vec::new());
    for &d in &digits {
        n.mul_small(10);
        n.add_small(d as u32);
    }
    let (v, r) = if dexp >= 0 {
        n.mul_pow5(dexp as u32);
        round_rational(neg, &n, &Big::from_u64(1), dexp)
    } else {
        round_rational(neg, &n, &Big::pow5((-dexp) as u32), dexp)
    };
    (v, j, r)
}

/// Parse an exponent "[+-]digits"; returns (value, consumed) or None.
pub(super) fn parse_exp(s: &[u8]) -> Option<(i64, usize)> {
    let mut i = 0;
    let mut neg = false;
    if i < s.len() && (s[i] == b'+' || s[i] == b'-') {
        neg = s[i] == b'-';
        i += 1;
    }
    let start = i;
    let mut v: i64 = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        v = (v * 10 + (s[i] - b'0') as i64).min(1_000_000);
        i += 1;
    }
    if i == start {
        return None;
    }
    Some((if neg { -v } else { v }, i))
}

/// Exact decimal expansion: (digits without leading zeros, dp) with
/// value = 0.d1d2d3... * 10^dp.  Only for finite non-zero values.
pub(super) fn exact_decimal(mant: u64, exp: i64) -> (Vec<u8>, i64) {
    let mut b = Big::from_u64(mant);
    let (digits, point) = if exp >= 0 {
        let d = b.shl(exp as u64).to_decimal();
        let l = d.len() as i64;
        (d, l)
    } else {
        b.mul_pow5((-exp) as u32);
        let d = b.to_decimal();
        let l = d.len() as i64;
        (d, l + exp)
    };
    let mut digits: Vec<u8> = digits.into_iter().map(|c| c - b'0').collect();
    while digits.last() == Some(&0) {
        digits.pop();
    }
    (digits, point)
}

/// Round digit string to `keep` digits (may be <= 0) with round-half-even.
/// Returns the kept digits (exactly max(keep,0) digits, maybe plus a carry
/// handled through dp) and the new dp.
pub(super) fn round_digits(d: &[u8], dp: i64, keep: i64) -> (Vec<u8>, i64) {
    if keep < 0 {
        return (Vec::new(), dp);
    }
    let keep_u = keep as usize;
    if d.len() <= keep_u {
        let mut v = d.to_vec();
        v.resize(keep_u, 0);
        return (v, dp);
    }
    let mut v = d[..keep_u].to_vec();
    let first = d[keep_u];
    let rest_nonzero = d[keep_u + 1..].iter().any(|&x| x != 0);
    let last_odd = v.last().map(|&x| x & 1 == 1).unwrap_or(false);
    let up = first > 5 || (first == 5 && (rest_nonzero || last_odd));
    if up {
        let mut k = v.len();
        loop {
            if k == 0 {
                v.insert(0, 1);
                v.pop();
                return (v_or_one(v, keep_u), dp + 1);
            }
            k -= 1;
            if v[k] == 9 {
                v[k] = 0;
            } else {
                v[k] += 1;
                break;
            }
        }
    }
    (v, dp)
}

pub(super) fn v_or_one(mut v: Vec<u8>, keep: usize) -> Vec<u8> {
    if keep == 0 {
        // rounding 0.5+ up with zero kept digits: represent as "1" one place higher
        v = vec![1];
    }
    v
}

pub(super) struct FloatSpec {
    pub(super) conv: u8,
    pub(super) alt: bool,
    pub(super) prec: Option<usize>,
}

/// Format a finite/non-finite value without sign, padding.  Returns the body.
pub(super) fn format_float_body(v: &Ld, spec: &FloatSpec) -> Vec<u8> {
    let upper = spec.conv.is_ascii_uppercase();
    let mut body = match *v {
        Ld::Inf { .. } => b"inf".to_vec(),
        Ld::Nan { .. } => b"nan".to_vec(),
        Ld::Zero { .. } => fmt_finite(&[], 1, 0, 0, spec),
        Ld::Fin { mant, exp, .. } => {
            if spec.conv | 0x20 == b'a' {
                fmt_hex(mant, exp, spec)
            } else {
                let (d, dp) = exact_decimal(mant, exp);
                fmt_finite(&d, dp, mant, exp, spec)
            }
        }
    };
    if upper {
        body.make_ascii_uppercase();
    }
    body
}

pub(super) fn fmt_finite(d: &[u8], dp: i64, mant: u64, exp: i64, spec: &FloatSpec) -> Vec<u8> {
    let is_zero = d.is_empty();
    match spec.conv | 0x20 {
        b'f' => fmt_f(d, dp, spec.prec.unwrap_or(6), spec.alt),
        b'e' => fmt_e(d, dp, is_zero, spec.prec.unwrap_or(6), spec.alt),
        b'g' => {
            let p = match spec.prec {
                None => 6,
                Some(0) => 1,
                Some(p) => p,
            };
            let x = if is_zero {
                0
            } else {
                let (_, ndp) = round_digits(d, dp, p as i64);
                ndp - 1
            };
            let mut s = if (p as i64) > x && x >= -4 {
                fmt_f(d, dp, (p as i64 - 1 - x) as usize, spec.alt)
            } else {
                fmt_e(d, dp, is_zero, p - 1, spec.alt)
            };
            if !spec.alt {
                // strip trailing zeros in the fraction
                let epos = s.iter().position(|&c| c == b'e').unwrap_or(s.len());
                let (mant_part, exp_part) = s.split_at(epos);
                let mut m = mant_part.to_vec();
                if m.contains(&b'.') {
                    while m.last() == Some(&b'0') {
                        m.pop();
                    }
                    if m.last() == Some(&b'.') {
                        m.pop();
                    }
                }
                m.extend_from_slice(exp_part);
                s = m;
            }
            s
        }
        _ => fmt_hex(mant, exp, spec),
    }
}

pub(super) fn fmt_f(d: &[u8], dp: i64, prec: usize, alt: bool) -> Vec<u8> {
    let (r, ndp) = if d.is_empty() {
        (Vec::new(), 1)
    } else {
        round_digits(d, dp, dp + prec as i64)
    };
    let mut s = Vec::with_capacity(prec + 24);
    let digit = |k: i64| -> u8 {
        if k >= 0 && (k as usize) < r.len() {
            b'0' + r[k as usize]
        } else {
            b'0'
        }
    };
    if ndp <= 0 {
        s.push(b'0');
    } else {
        for k in 0..ndp {
            s.push(digit(k));
        }
    }
    if prec > 0 || alt {
        s.push(b'.');
    }
    for k in 0..prec as i64 {
        s.push(digit(ndp + k));
    }
    s
}

pub(super) fn fmt_e(d: &[u8], dp: i64, is_zero: bool, prec: usize, alt: bool) -> Vec<u8> {
    let (r, x) = if is_zero {
        (vec![0u8; prec + 1], 0)
    } else {
        let (r, ndp) = round_digits(d, dp, prec as i64 + 1);
        (r, ndp - 1)
    };
    let mut s = Vec::with_capacity(prec + 10);
    s.push(b'0' + r.first().copied().unwrap_or(0));
    if prec > 0 || alt {
        s.push(b'.');
    }
    for k in 1..=prec {
        s.push(b'0' + r.get(k).copied().unwrap_or(0));
    }
    s.push(b'e');
    s.push(if x < 0 { b'-' } else { b'+' });
    let ax = x.unsigned_abs();
    if ax < 10 {
        s.push(b'0');
    }
    s.extend_from_slice(ax.to_string().as_bytes());
    s
}

/// glibc long double %a: first hex digit is the mantissa's top nibble.
pub(super) fn fmt_hex(mant: u64, exp: i64, spec: &FloatSpec) -> Vec<u8> {
    let mut lead = (mant >> 60) as u32;
    let mut frac = mant & ((1u64 << 60) - 1); // 15 nibbles
    let mut e = if mant == 0 { 0 } else { exp + 60 };
    let mut nd = 15usize;
    if let Some(p) = spec.prec {
        if p < 15 {
            let drop_bits = 4 * (15 - p) as u32;
            let dropped = frac & ((1u64 << drop_bits) - 1);
            let half = 1u64 << (drop_bits - 1);
            frac >>= drop_bits;
            let odd = if p == 0 { lead & 1 == 1 } else { frac & 1 == 1 };
            if dropped > half || (dropped == half && odd) {
                frac += 1;
                if frac >> (4 * p) != 0 {
                    frac = 0;
                    lead += 1;
                    if lead == 16 {
                        lead = 1;
                        e += 4;
                    }
                }
            }
            nd = p;
        }
    }
    let mut digits: Vec<u8> = (0..nd.min(15))
        .map(|k| {
            let sh = 4 * (nd.min(15) - 1 - k);
            b"0123456789abcdef"[((frac >> sh) & 15) as usize]
        })
        .collect();
    match spec.prec {
        None => {
            while digits.last() == Some(&b'0') {
                digits.pop();
            }
        }
        Some(p) => digits.resize(p, b'0'),
    }
    let mut s = b"0x".to_vec();
    s.push(b"0123456789abcdef"[lead as usize]);
    if !digits.is_empty() || spec.alt {
        s.push(b'.');
    }
    s.extend_from_slice(&digits);
    s.push(b'p');
    s.push(if e < 0 { b'-' } else { b'+' });
    s.extend_from_slice(e.unsigned_abs().to_string().as_bytes());
    s
}
