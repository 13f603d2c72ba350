//! Floats: `repr`, `format(float, spec)`, `float.hex()` and `float.fromhex()`.
//!
//! Digits come from Rust's own float formatting, which computes what CPython's dtoa does:
//! `{:.N}` / `{:.Ne}` give the exact binary value correctly rounded, ties to even, to N places
//! (dtoa's modes 3 and 2), and `{:e}` the shortest digit string that round-trips (the `repr`
//! mode) except when two shortest strings are exactly equally close, which
//! `break_shortest_tie` settles CPython's way. What is Python's and not Rust's is the layout:
//! when to switch to an exponent, `e+05` exponents, `.0` on integral values, `#`, `z`, `%`,
//! and the padding and grouping done in `layout`.
//!
//! Rust's formatting machinery refuses precisions above `u16::MAX`, and the exact expansion of
//! an `f64` never has more than 767 significant digits nor more than 1074 digits after the
//! point, so longer requests are formatted at those caps and padded with zeros, which is exact.

use std::fmt::Write as _;

use super::layout::{render, Field, Number, MEMORY_ERROR};
use super::spec::{parse_format_spec, unknown_code, FormatSpec, Sign};

/// Significant digits beyond which an `f64`'s exact decimal expansion is all zeros (767, with
/// margin): `e`/`g` requests above it are computed at the cap and zero-extended.
const MAX_SIG_DIGITS: usize = 780;
/// Digits after the point beyond which an `f64`'s exact expansion is all zeros (2^-1074).
const MAX_FRAC_DIGITS: usize = 1074;

/// A byte buffer that lives on the stack until it outgrows `N` bytes. Float bodies are
/// usually a few dozen bytes, so formatting allocates only the result string.
pub(super) struct Buf<const N: usize> {
    inline: [u8; N],
    len: usize,
    heap: Vec<u8>,
    /// Growing the heap part failed (an absurd precision): the contents are incomplete.
    failed: bool,
}

impl<const N: usize> Buf<N> {
    pub(super) fn new() -> Self {
        Buf {
            inline: [0; N],
            len: 0,
            heap: Vec::new(),
            failed: false,
        }
    }

    pub(super) fn failed(&self) -> bool {
        self.failed
    }

    pub(super) fn as_bytes(&self) -> &[u8] {
        if self.heap.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.heap
        }
    }

    pub(super) fn push_bytes(&mut self, bytes: &[u8]) {
        if self.heap.is_empty() && bytes.len() <= N - self.len {
            self.inline[self.len..self.len + bytes.len()].copy_from_slice(bytes);
            self.len += bytes.len();
        } else if !self.failed {
            let spill = if self.heap.is_empty() { self.len } else { 0 };
            if self
                .heap
                .try_reserve(spill.saturating_add(bytes.len()))
                .is_err()
            {
                self.failed = true;
                return;
            }
            if self.heap.is_empty() {
                self.heap.extend_from_slice(&self.inline[..self.len]);
            }
            self.heap.extend_from_slice(bytes);
        }
    }

    pub(super) fn push(&mut self, b: u8) {
        self.push_bytes(&[b]);
    }

    pub(super) fn push_zeros(&mut self, count: usize) {
        if self.heap.is_empty() && count <= N - self.len {
            self.inline[self.len..self.len + count].fill(b'0');
            self.len += count;
            return;
        }
        // One reservation for the whole run, so an absurd precision fails at once instead
        // of growing step by step.
        let spill = if self.heap.is_empty() { self.len } else { 0 };
        if self.failed || self.heap.try_reserve(spill.saturating_add(count)).is_err() {
            self.failed = true;
            return;
        }
        if self.heap.is_empty() {
            self.heap.extend_from_slice(&self.inline[..self.len]);
        }
        self.heap.resize(self.heap.len() + count, b'0');
    }

    /// The contents as text (always ASCII here).
    pub(super) fn as_str(&self) -> &str {
        std::str::from_utf8(self.as_bytes()).unwrap_or("")
    }
}

impl<const N: usize> std::fmt::Write for Buf<N> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.push_bytes(s.as_bytes());
        Ok(())
    }
}

/// The significant digits of a finite, non-negative float and its decimal exponent: the value
/// is `d[0].d[1]d[2]... × 10^exp`, followed by `zeros` further zero digits. `N` bounds the
/// digit count: 17 suffice for shortest digits, [`MAX_SIG_DIGITS`] for rounded ones.
struct Sci<const N: usize> {
    digits: [u8; N],
    n: usize,
    zeros: usize,
    exp: i32,
}

impl<const N: usize> Sci<N> {
    fn digits(&self) -> &[u8] {
        &self.digits[..self.n]
    }
}

/// Receives Rust's `{:e}` output (`1.2345e-7`) and keeps the digits and the exponent, in one
/// pass and without an intermediate string.
struct SciWriter<'a, const N: usize> {
    sci: &'a mut Sci<N>,
    in_exp: bool,
    exp_negative: bool,
}

impl<const N: usize> std::fmt::Write for SciWriter<'_, N> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        for &b in s.as_bytes() {
            if self.in_exp {
                match b {
                    b'-' => self.exp_negative = true,
                    b'0'..=b'9' => self.sci.exp = self.sci.exp * 10 + i32::from(b - b'0'),
                    _ => {}
                }
            } else if b == b'e' {
                self.in_exp = true;
            } else if b.is_ascii_digit() {
                if self.sci.n == N {
                    return Err(std::fmt::Error);
                }
                self.sci.digits[self.sci.n] = b;
                self.sci.n += 1;
            }
        }
        Ok(())
    }
}

fn sci_from(args: std::fmt::Arguments, zeros: usize) -> Sci<{ MAX_SIG_DIGITS + 4 }> {
    let mut sci = Sci {
        digits: [0; MAX_SIG_DIGITS + 4],
        n: 0,
        zeros,
        exp: 0,
    };
    fill_sci(&mut sci, args);
    sci
}

fn fill_sci<const N: usize>(sci: &mut Sci<N>, args: std::fmt::Arguments) {
    let mut w = SciWriter {
        sci,
        in_exp: false,
        exp_negative: false,
    };
    // Cannot fail: the buffers are sized for the longest output of each caller.
    let _ = w.write_fmt(args);
    if w.exp_negative {
        w.sci.exp = -w.sci.exp;
    }
}

/// Shortest round-trip digits of `ax` (finite, `>= 0`).
fn shortest(ax: f64) -> Sci<20> {
    let mut sci = Sci {
        digits: [0; 20],
        n: 0,
        zeros: 0,
        exp: 0,
    };
    fill_sci(&mut sci, format_args!("{ax:e}"));
    break_shortest_tie(ax, &mut sci);
    sci
}

/// Rust's shortest digits and CPython's agree except in one case: when the exact binary value
/// lies exactly halfway between two shortest candidates (`1564914794927588.25`, where both
/// `…588.2` and `…588.3` read back correctly), Rust rounds the tie up and CPython's dtoa
/// rounds it to even. A tie needs the exact expansion to have exactly one digit more than the
/// shortest one, ending in 5, which is only possible for values with few fractional bits; for
/// those the exact digits fit in a `u128`, so the check costs a few integer operations.
fn break_shortest_tie<const N: usize>(ax: f64, sci: &mut Sci<N>) {
    let bits = ax.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let mut m = bits & ((1u64 << 52) - 1);
    let mut e = if biased == 0 { -1074 } else { biased - 1075 };
    if biased != 0 {
        m |= 1 << 52;
    }
    if m == 0 {
        return;
    }
    let tz = m.trailing_zeros();
    m >>= tz;
    e += tz as i32;
    // The exact value is `exact × 10^scale` with `exact` not a multiple of 10.
    let (mut exact, mut scale) = if e < 0 {
        // m odd and 5^k with k > 32 has too many digits for any tie.
        if e < -32 {
            return;
        }
        (u128::from(m) * 5u128.pow((-e) as u32), e)
    } else {
        // An integer ending in 5 after its zeros needs e <= the power of 5 in m (<= 22).
        if e > 22 {
            return;
        }
        (u128::from(m) << e, 0)
    };
    while exact % 10 == 0 {
        exact /= 10;
        scale += 1;
    }
    if exact % 10 != 5 {
        return;
    }
    let len = exact.checked_ilog10().map_or(1, |l| l as usize + 1);
    if len != sci.n + 1 {
        return;
    }
    let low = exact / 10;
    let even = if low % 2 == 0 { low } else { low + 1 };
    let current = sci
        .digits()
        .iter()
        .fold(0u128, |acc, &d| acc * 10 + u128::from(d - b'0'));
    if current == even {
        return;
    }
    // Both candidates are equally close; keep the even one if it reads back as `ax` too.
    let mut text: Buf<48> = Buf::new();
    let _ = write!(text, "{even}e{}", scale + 1);
    if text.as_str().parse::<f64>() != Ok(ax) {
        return;
    }
    let mut digits = Buf::<48>::new();
    let _ = write!(digits, "{even}");
    let mut d = digits.as_bytes();
    // `even` may have carried into a new digit (…95 → …00): one more place, fewer digits.
    let top_exp = scale + 1 + d.len() as i32 - 1;
    while d.len() > 1 && d[d.len() - 1] == b'0' {
        d = &d[..d.len() - 1];
    }
    sci.digits[..d.len()].copy_from_slice(d);
    sci.n = d.len();
    sci.exp = top_exp;
}

/// `ax` (finite, `>= 0`) correctly rounded to `sig >= 1` significant digits.
fn significant(ax: f64, sig: usize) -> Sci<{ MAX_SIG_DIGITS + 4 }> {
    let computed = sig.min(MAX_SIG_DIGITS);
    sci_from(format_args!("{:.*e}", computed - 1, ax), sig - computed)
}

/// Where a digit string is written: the result `String` for `repr`, a [`Buf`] for `format`.
pub(super) trait Sink {
    fn put(&mut self, b: u8);
    fn put_all(&mut self, bytes: &[u8]);
    fn put_zeros(&mut self, n: usize) {
        for _ in 0..n {
            self.put(b'0');
        }
    }
}

impl Sink for String {
    fn put(&mut self, b: u8) {
        self.push(b as char);
    }
    fn put_all(&mut self, bytes: &[u8]) {
        super::layout::push_ascii(self, bytes);
    }
}

impl<const N: usize> Sink for Buf<N> {
    fn put(&mut self, b: u8) {
        self.push(b);
    }
    fn put_all(&mut self, bytes: &[u8]) {
        self.push_bytes(bytes);
    }
    fn put_zeros(&mut self, n: usize) {
        self.push_zeros(n);
    }
}

/// Writes `e+05`-style exponents: a sign and at least two digits.
fn put_exponent(out: &mut impl Sink, e_char: u8, exp: i32) {
    out.put(e_char);
    out.put(if exp < 0 { b'-' } else { b'+' });
    let a = exp.unsigned_abs();
    if a >= 100 {
        out.put(b'0' + (a / 100) as u8);
    }
    out.put(b'0' + (a / 10 % 10) as u8);
    out.put(b'0' + (a % 10) as u8);
}

/// How a `g`-like presentation chooses and decorates its layout.
#[derive(Clone, Copy)]
struct General {
    /// Exponent notation when `exp < -4 || exp >= threshold`.
    threshold: i32,
    /// Remove trailing zeros (not with `#`).
    strip: bool,
    /// Fixed notation without fraction digits gets `.0` (the "no type" presentations).
    dot_zero: bool,
    /// `#`: always a decimal point.
    alt: bool,
    e_char: u8,
}

/// Lays out significant digits in fixed or exponent notation, the way `repr`, `g` and the
/// empty presentation type do.
fn put_general<const N: usize>(out: &mut impl Sink, sci: &Sci<N>, how: General) {
    let mut digits = sci.digits();
    let mut zeros = sci.zeros;
    if how.strip {
        zeros = 0;
        while digits.len() > 1 && digits[digits.len() - 1] == b'0' {
            digits = &digits[..digits.len() - 1];
        }
    }
    let total = digits.len() + zeros;
    let exp = sci.exp;
    if exp < -4 || exp >= how.threshold {
        out.put(digits[0]);
        if total > 1 {
            out.put(b'.');
            out.put_all(&digits[1..]);
            out.put_zeros(zeros);
        } else if how.alt {
            out.put(b'.');
        }
        put_exponent(out, how.e_char, exp);
        return;
    }
    let frac_len;
    if exp >= 0 {
        let int_len = exp as usize + 1;
        if int_len >= digits.len() {
            // The integer part runs past the real digits: repr of 1e15, or a `#g` precision
            // beyond the exact expansion, whose extra zeros come after all real digits.
            out.put_all(digits);
            let pad = int_len - digits.len();
            out.put_zeros(pad);
            let used_zeros = pad.min(zeros);
            frac_len = total.saturating_sub(int_len);
            if frac_len > 0 {
                out.put(b'.');
                out.put_zeros(zeros - used_zeros);
            }
        } else {
            out.put_all(&digits[..int_len]);
            frac_len = total - int_len;
            out.put(b'.');
            out.put_all(&digits[int_len..]);
            out.put_zeros(zeros);
        }
    } else {
        out.put(b'0');
        out.put(b'.');
        out.put_zeros((-exp - 1) as usize);
        out.put_all(digits);
        out.put_zeros(zeros);
        frac_len = 1;
    }
    if frac_len == 0 {
        if how.dot_zero {
            out.put_all(b".0");
        } else if how.alt {
            out.put(b'.');
        }
    }
}

/// `repr(x)` / `str(x)` for a float: the shortest digits that read back as `x`, in fixed
/// notation when the decimal exponent is in `-4..16` (always with a fractional digit, `1.0`),
/// otherwise as `1e+16`, `1.5e-07`; and `inf`, `-inf`, `nan`, `-0.0`.
pub fn float_repr(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf" } else { "-inf" }.into();
    }
    let sci = shortest(x.abs());
    let mut out = String::with_capacity(sci.n + 24);
    if x.is_sign_negative() {
        out.push('-');
    }
    put_general(
        &mut out,
        &sci,
        General {
            threshold: 16,
            strip: false,
            dot_zero: true,
            alt: false,
            e_char: b'e',
        },
    );
    out
}

/// `format(x, spec)` for a float: the presentation types `e E f F g G n %` and none, with
/// fill, alignment, sign, `z`, `#`, `0`, width, `,`/`_` grouping of the integer part and (3.14)
/// of the fractional part. Errors are CPython's `ValueError` messages.
pub fn format_float(x: f64, spec: &str) -> Result<String, String> {
    format_float_named(x, spec, "float")
}

/// [`format_float`] for a value whose Python type is called `type_name` (a `float` subclass):
/// the name appears in error messages.
pub fn format_float_named(x: f64, spec: &str, type_name: &str) -> Result<String, String> {
    if spec.is_empty() {
        return Ok(float_repr(x));
    }
    let parsed = parse_format_spec(spec, type_name, None)?;
    format_float_spec(x, &parsed, type_name)
}

/// The float formatter proper, also used for ints given a float presentation type.
pub(super) fn format_float_spec(
    x: f64,
    spec: &FormatSpec,
    type_name: &str,
) -> Result<String, String> {
    let ty = spec.ty;
    match ty {
        None | Some('e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'n' | '%') => {}
        Some(c) => return Err(unknown_code(c, type_name)),
    }
    if let Some(p) = spec.precision {
        if p > i32::MAX as usize {
            return Err("precision too big".into());
        }
    }
    let mut body: Buf<128> = Buf::new();
    let negative = float_body(x, ty, spec.precision, spec.alternate, &mut body);
    if body.failed() {
        return Err(MEMORY_ERROR.into());
    }
    let field = Field {
        fill: spec.fill,
        align: spec.numeric_align(),
        sign: spec.sign.unwrap_or(Sign::Minus),
        width: spec.width.unwrap_or(0),
        group: spec.grouping.map(|c| (c as u8, 3)),
        frac_group: spec.frac_grouping.map(|c| c as u8),
    };
    render_body(body.as_str(), negative, spec.no_neg_zero, &field)
}

/// Writes the unsigned text of `x` for presentation type `ty` (`None` is the empty type) and
/// returns whether the number is negative. NaN never has a sign, as in CPython.
pub(super) fn float_body<const N: usize>(
    x: f64,
    ty: Option<char>,
    precision: Option<usize>,
    alt: bool,
    out: &mut Buf<N>,
) -> bool {
    let upper = matches!(ty, Some('E' | 'F' | 'G'));
    let x = if ty == Some('%') { x * 100.0 } else { x };
    if x.is_nan() {
        out.push_bytes(if upper { b"NAN" } else { b"nan" });
    } else if x.is_infinite() {
        out.push_bytes(if upper { b"INF" } else { b"inf" });
    } else {
        let ax = x.abs();
        let e_char = if upper { b'E' } else { b'e' };
        match ty {
            Some('f' | 'F' | '%') => {
                let p = precision.unwrap_or(6);
                let _ = write!(out, "{:.*}", p.min(MAX_FRAC_DIGITS), ax);
                out.push_zeros(p.saturating_sub(MAX_FRAC_DIGITS));
                if p == 0 && alt {
                    out.push(b'.');
                }
            }
            Some('e' | 'E') => {
                let p = precision.unwrap_or(6);
                let sci = significant(ax, p + 1);
                let d = sci.digits();
                out.push(d[0]);
                if p > 0 {
                    out.push(b'.');
                    out.push_bytes(&d[1..]);
                    out.push_zeros(sci.zeros);
                } else if alt {
                    out.push(b'.');
                }
                put_exponent(out, e_char, sci.exp);
            }
            Some(_) => {
                // g, G, n
                let p = precision.unwrap_or(6).max(1);
                let sci = significant(ax, p);
                let how = General {
                    threshold: p as i32,
                    strip: !alt,
                    dot_zero: false,
                    alt,
                    e_char,
                };
                put_general(out, &sci, how);
            }
            None => {
                let how = General {
                    threshold: 16,
                    strip: !alt,
                    dot_zero: true,
                    alt,
                    e_char,
                };
                match precision {
                    // Like `g`, but `.0` is never dropped, so exponent notation starts one
                    // place earlier: format(123.0, '.3') is '1.23e+02'.
                    Some(p) => {
                        let p = p.max(1);
                        let how = General {
                            threshold: p as i32 - 1,
                            ..how
                        };
                        put_general(out, &significant(ax, p), how);
                    }
                    None => put_general(out, &shortest(ax), how),
                }
            }
        }
    }
    if ty == Some('%') {
        out.push(b'%');
    }
    !x.is_nan() && x.is_sign_negative()
}

/// Splits a number's text into digits, point, fraction and remainder, applies `z`, and lays
/// the field out.
pub(super) fn render_body(
    text: &str,
    negative: bool,
    no_neg_zero: bool,
    field: &Field,
) -> Result<String, String> {
    let bytes = text.as_bytes();
    let int_end = bytes
        .iter()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(bytes.len());
    let point = bytes.get(int_end) == Some(&b'.');
    let frac_start = int_end + usize::from(point);
    let frac_end = bytes[frac_start..]
        .iter()
        .position(|b| !b.is_ascii_digit())
        .map_or(bytes.len(), |i| frac_start + i);
    let digits = &bytes[..int_end];
    let frac = &bytes[frac_start..frac_end];
    // `z`: a value that rounded to zero loses its minus sign.
    let negative = negative
        && !(no_neg_zero && !digits.is_empty() && digits.iter().chain(frac).all(|&b| b == b'0'));
    render(
        &Number {
            negative,
            prefix: "",
            digits,
            point,
            frac,
            rest: &text[frac_end..],
        },
        field,
    )
}

/// `float.hex()`: `0x1.999999999999ap-4`, `-0x0.0p+0`, `0x0.0000000000001p-1022`, `inf`.
pub fn float_hex(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf" } else { "-inf" }.into();
    }
    let sign = if x.is_sign_negative() { "-" } else { "" };
    if x == 0.0 {
        return format!("{sign}0x0.0p+0");
    }
    let bits = x.to_bits();
    let mantissa = bits & ((1u64 << 52) - 1);
    let biased = ((bits >> 52) & 0x7ff) as i32;
    if biased == 0 {
        format!("{sign}0x0.{mantissa:013x}p-1022")
    } else {
        format!("{sign}0x1.{mantissa:013x}p{:+}", biased - 1023)
    }
}

const HEX_INVALID: &str = "invalid hexadecimal floating-point string";
const HEX_TOO_LARGE: &str = "hexadecimal value too large to represent as a float";

/// `float.fromhex(s)`: `[sign]['0x']hexdigits['.'hexdigits]['p'[sign]decimal]`, surrounding
/// whitespace, and `inf`/`infinity`/`nan` in any case. Correctly rounded (ties to even).
/// Errors: `invalid hexadecimal floating-point string` (ValueError) and `hexadecimal value too
/// large to represent as a float` (OverflowError).
pub fn float_fromhex(s: &str) -> Result<f64, String> {
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace() || c == '\x0b');
    let b = t.as_bytes();
    let mut i = 0;
    let negative = match b.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };
    let signed = |v: f64| if negative { -v } else { v };
    let word = &t[i..];
    if word.eq_ignore_ascii_case("inf") || word.eq_ignore_ascii_case("infinity") {
        return Ok(signed(f64::INFINITY));
    }
    if word.eq_ignore_ascii_case("nan") {
        return Ok(f64::NAN);
    }
    if b.len() >= i + 2 && b[i] == b'0' && (b[i + 1] | 0x20) == b'x' {
        i += 2;
    }
    // Mantissa nibbles, most significant first, leading zeros skipped. Only the first 16
    // matter for rounding; the rest only say whether anything non-zero was cut off.
    let mut m: u64 = 0;
    let mut kept = 0usize;
    let mut sticky = false;
    let mut exp2: i64 = 0;
    let mut any_digit = false;
    let mut seen_point = false;
    while i < b.len() {
        let c = b[i];
        if c == b'.' && !seen_point {
            seen_point = true;
            i += 1;
            continue;
        }
        let Some(v) = (c as char).to_digit(16) else {
            break;
        };
        any_digit = true;
        if seen_point {
            exp2 -= 4;
        }
        if kept == 0 && v == 0 {
            // Leading zero: no effect on the value.
        } else if kept < 16 {
            m = (m << 4) | u64::from(v);
            kept += 1;
        } else {
            sticky |= v != 0;
            exp2 += 4;
        }
        i += 1;
    }
    if !any_digit {
        return Err(HEX_INVALID.into());
    }
    if i < b.len() && (b[i] | 0x20) == b'p' {
        i += 1;
        let mut eneg = false;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            eneg = b[i] == b'-';
            i += 1;
        }
        let start = i;
        let mut e: i64 = 0;
        while i < b.len() && b[i].is_ascii_digit() {
            // Saturate: anything this large is 0 or overflow anyway.
            e = (e * 10 + i64::from(b[i] - b'0')).min(1 << 40);
            i += 1;
        }
        if i == start {
            return Err(HEX_INVALID.into());
        }
        exp2 += if eneg { -e } else { e };
    }
    if i != b.len() {
        return Err(HEX_INVALID.into());
    }
    if m == 0 {
        return Ok(signed(0.0));
    }
    match round_to_f64(m, exp2, sticky) {
        Some(v) => Ok(signed(v)),
        None => Err(HEX_TOO_LARGE.into()),
    }
}

/// The nearest `f64` (ties to even) to `(m + δ) × 2^e2`, where `m > 0` and `δ ∈ (0, 1)` is
/// present iff `sticky`; `None` if it overflows. Shared by every exact conversion here.
pub(super) fn round_to_f64(m: u64, e2: i64, sticky: bool) -> Option<f64> {
    debug_assert!(m > 0);
    let nbits = 64 - i64::from(m.leading_zeros());
    let top = nbits - 1 + e2;
    if top > 1100 {
        return None;
    }
    // Exponent of the last mantissa bit the result can hold (53 bits, or fewer if subnormal).
    let lsb = (top - 52).max(-1074);
    let shift = lsb - e2;
    let (q, lsb) = if shift <= 0 {
        // All of m fits: exact.
        (u128::from(m), e2)
    } else if shift >= 128 {
        (0, lsb)
    } else {
        let m = u128::from(m);
        let q = m >> shift;
        let r = m & ((1u128 << shift) - 1);
        let half = 1u128 << (shift - 1);
        let up = r > half || (r == half && (sticky || q & 1 == 1));
        (q + u128::from(up), lsb)
    };
    if q == 0 {
        return Some(0.0);
    }
    // q < 2^54 and lsb in [-1074, 971] unless it overflowed.
    let qbits = 128 - i64::from(q.leading_zeros());
    if qbits - 1 + lsb > 1023 {
        return None;
    }
    Some(q as f64 * pow2(lsb))
}

/// `2^e` as an `f64`, for `e` in `[-1074, 1023]`.
fn pow2(e: i64) -> f64 {
    if e >= -1022 {
        f64::from_bits(((e + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (e + 1074))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repr_basics() {
        let cases: &[(f64, &str)] = &[
            (0.0, "0.0"),
            (-0.0, "-0.0"),
            (1.0, "1.0"),
            (100.0, "100.0"),
            (0.1, "0.1"),
            (1e-5, "1e-05"),
            (0.0001, "0.0001"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (1.5e300, "1.5e+300"),
            (123456789012345.6, "123456789012345.6"),
            (1234567890123456.8, "1234567890123456.8"),
            (9999999999999998.0, "9999999999999998.0"),
            (5e-324, "5e-324"),
            (f64::MAX, "1.7976931348623157e+308"),
            (f64::INFINITY, "inf"),
            (f64::NEG_INFINITY, "-inf"),
            (f64::NAN, "nan"),
            (0.3, "0.3"),
            (2.0 / 3.0, "0.6666666666666666"),
        ];
        for &(x, want) in cases {
            assert_eq!(float_repr(x), want, "{x:e}");
        }
    }

    #[test]
    fn hex_round_trip() {
        assert_eq!(float_hex(0.1), "0x1.999999999999ap-4");
        assert_eq!(float_hex(1.0), "0x1.0000000000000p+0");
        assert_eq!(float_hex(-0.0), "-0x0.0p+0");
        assert_eq!(float_hex(5e-324), "0x0.0000000000001p-1022");
        assert_eq!(float_hex(f64::MAX), "0x1.fffffffffffffp+1023");
        for x in [0.1, 1.0, 3.5e-310, 5e-324, f64::MAX, 1e300, -2.5, 123.456] {
            assert_eq!(float_fromhex(&float_hex(x)).unwrap().to_bits(), x.to_bits());
        }
    }

    #[test]
    fn fromhex_edges() {
        assert_eq!(float_fromhex("0x1p-1074").unwrap(), 5e-324);
        assert_eq!(float_fromhex("0x1p-1075").unwrap(), 0.0);
        assert_eq!(float_fromhex("0x1.8p-1075").unwrap(), 5e-324);
        assert_eq!(float_fromhex("0x3p-1076").unwrap(), 5e-324);
        assert_eq!(float_fromhex(" -0X1.8P+1 ").unwrap(), -3.0);
        assert_eq!(float_fromhex("1.").unwrap(), 1.0);
        assert_eq!(float_fromhex(".8").unwrap(), 0.5);
        assert_eq!(float_fromhex("-Infinity").unwrap(), f64::NEG_INFINITY);
        assert!(float_fromhex("nan").unwrap().is_nan());
        assert_eq!(
            float_fromhex("0x1.fffffffffffff8p+1023").unwrap_err(),
            HEX_TOO_LARGE
        );
        assert_eq!(
            float_fromhex("0x1.fffffffffffff7ffp+1023").unwrap(),
            f64::MAX
        );
        assert_eq!(float_fromhex("0x").unwrap_err(), HEX_INVALID);
        assert_eq!(float_fromhex("0x1p").unwrap_err(), HEX_INVALID);
        assert_eq!(float_fromhex("0x1.2.3").unwrap_err(), HEX_INVALID);
        assert_eq!(float_fromhex("").unwrap_err(), HEX_INVALID);
        assert_eq!(float_fromhex("0x0p99999999999999999999").unwrap(), 0.0);
        assert_eq!(
            float_fromhex("0x1p99999999999999999999").unwrap_err(),
            HEX_TOO_LARGE
        );
        // Ties to even with a long mantissa.
        assert_eq!(float_fromhex("0x1.00000000000008p0").unwrap(), 1.0);
        assert_eq!(
            float_fromhex("0x1.000000000000080000000001p0").unwrap(),
            1.0000000000000002
        );
        assert_eq!(
            float_fromhex("0x1.00000000000018p0").unwrap(),
            1.0000000000000004
        );
    }

    #[test]
    fn rounding_helper() {
        assert_eq!(round_to_f64(1, 0, false), Some(1.0));
        assert_eq!(round_to_f64(1, -1074, false), Some(5e-324));
        assert_eq!(round_to_f64(1, -1075, false), Some(0.0));
        assert_eq!(round_to_f64(1, -1075, true), Some(5e-324));
        assert_eq!(round_to_f64(3, -1076, false), Some(5e-324));
        assert_eq!(round_to_f64(1, 1023, false), Some(pow2(1023)));
        assert_eq!(round_to_f64(1, 1024, false), None);
        assert_eq!(round_to_f64(u64::MAX, 960, false), None);
        assert_eq!(round_to_f64(u64::MAX >> 11, 971, false), Some(f64::MAX));
    }
}
