//! `_struct`: values packed into and out of C layouts, as CPython's `struct` does on x86_64
//! Linux. A format is a byte-order prefix (`@` native sizes and alignment, `=` native order
//! with standard sizes, `<` little-endian, `>`/`!` big-endian) and items `[count]code`.
//! Errors are `struct.error` (defined by `lib/struct.py`) with CPython's messages.

use super::{data_arg, int_arg, raise_in, Kw};
use crate::python::methods::bytes::buffer;
use crate::python::object::{Kind, NativeFn, Obj, Value};
use crate::python::stdlib::add_functions;
use crate::python::vm::{ops::num, ops::Num, Flow, PyResult, Vm};
use std::rc::Rc;

pub fn init(vm: &mut Vm, dict: &Rc<Obj>) -> PyResult<()> {
    let fns: &[(&'static str, NativeFn)] = &[
        ("pack", pack),
        ("unpack", unpack),
        ("calcsize", calcsize),
        ("iter_unpack", iter_unpack),
        ("pack_into", pack_into),
        ("unpack_from", unpack_from),
    ];
    add_functions(vm, dict, fns);
    Ok(())
}

fn error(vm: &mut Vm, msg: &str) -> Flow {
    let fallback = vm.types.value_error.clone();
    raise_in(vm, "struct", "error", fallback, msg)
}

/// One item of a format: `count` values of `code` (for `s`/`p`, one value `count` bytes
/// long; for `x`, `count` pad bytes), at `offset`.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    pub code: u8,
    pub count: usize,
    pub offset: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    pub little: bool,
    /// `@`: C sizes (`l` is 8 bytes) and alignment.
    pub native: bool,
    pub items: Vec<Item>,
    pub size: usize,
    /// Values `pack` takes and `unpack` gives.
    pub nvalues: usize,
}

/// `(size, alignment)` of a code; native mode (`@`) uses the C sizes.
fn code_size(code: u8, native: bool) -> Option<(usize, usize)> {
    let s = match code {
        b'x' | b'c' | b'b' | b'B' | b'?' | b's' | b'p' => 1,
        b'h' | b'H' | b'e' => 2,
        b'i' | b'I' | b'f' => 4,
        b'l' | b'L' => {
            if native {
                8
            } else {
                4
            }
        }
        b'q' | b'Q' | b'd' => 8,
        b'n' | b'N' | b'P' if native => 8,
        _ => return None,
    };
    Some((s, if native { s } else { 1 }))
}

/// Parses a format: `Err` is the `struct.error` message.
pub fn parse(fmt: &[u8]) -> Result<Layout, &'static str> {
    let (native, little, rest) = match fmt.first() {
        Some(b'@') => (true, true, &fmt[1..]),
        Some(b'=') | Some(b'<') => (false, true, &fmt[1..]),
        Some(b'>') | Some(b'!') => (false, false, &fmt[1..]),
        _ => (true, true, fmt),
    };
    let mut items = Vec::new();
    let (mut size, mut nvalues) = (0usize, 0usize);
    let mut i = 0;
    while i < rest.len() {
        let c = rest[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let mut count = 1usize;
        if c.is_ascii_digit() {
            let mut n: usize = 0;
            while i < rest.len() && rest[i].is_ascii_digit() {
                n = n
                    .checked_mul(10)
                    .and_then(|n| n.checked_add((rest[i] - b'0') as usize))
                    .ok_or("total struct size too long")?;
                i += 1;
            }
            if i == rest.len() {
                return Err("repeat count given without format specifier");
            }
            count = n;
        }
        let code = rest[i];
        i += 1;
        let (sz, align) = code_size(code, native).ok_or("bad char in struct format")?;
        if align > 1 {
            size = size.div_ceil(align) * align;
        }
        items.push(Item {
            code,
            count,
            offset: size,
        });
        let bytes = sz.checked_mul(count).ok_or("total struct size too long")?;
        size = size
            .checked_add(bytes)
            .filter(|&s| s <= isize::MAX as usize)
            .ok_or("total struct size too long")?;
        nvalues += match code {
            b'x' => 0,
            b's' | b'p' => 1,
            _ => count,
        };
    }
    Ok(Layout {
        little,
        native,
        items,
        size,
        nvalues,
    })
}

/// The format argument: `str` or `bytes`.
fn layout_arg(vm: &mut Vm, v: Option<&Value>) -> PyResult<Layout> {
    let Some(v) = v else {
        return Err(vm.raise(vm.types.type_error.clone(), "missing format argument"));
    };
    let text: Vec<u8> = match (v.as_str(), buffer(v)) {
        (Some(s), _) => s.as_bytes().to_vec(),
        (None, Some(b)) if matches!(v.kind(), Some(Kind::Bytes(_))) => b.to_vec(),
        _ => {
            let msg = format!(
                "Struct() argument 1 must be a str or bytes object, not {}",
                vm.type_name(v)
            );
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        }
    };
    vm.charge_bytes(text.len())?;
    match parse(&text) {
        Ok(l) => Ok(l),
        Err(m) => Err(error(vm, m)),
    }
}

fn calcsize(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let l = layout_arg(vm, a.first())?;
    Ok(Value::Int(l.size as i64))
}

/// An integer to pack: `__index__` values only.
fn int_value(vm: &mut Vm, v: &Value) -> PyResult<i128> {
    match num(v) {
        Some(Num::I(i)) => Ok(i as i128),
        Some(Num::B(b)) => Ok(i128::try_from(b.clone()).unwrap_or(
            if b.sign() == num_bigint::Sign::Minus {
                i128::MIN
            } else {
                i128::MAX
            },
        )),
        Some(Num::F(_)) => Err(error(vm, "required argument is not an integer")),
        None => {
            if matches!(v.kind(), Some(Kind::Instance(_)))
                && vm.special_method(v, "__index__")?.is_some()
            {
                return Ok(int_arg(vm, v)? as i128);
            }
            Err(error(vm, "required argument is not an integer"))
        }
    }
}

/// `(min, max)` of an integer code of `size` bytes.
fn int_range(code: u8, size: usize) -> (i128, i128) {
    let bits = size as u32 * 8;
    if code.is_ascii_uppercase() {
        (0, (1i128 << bits) - 1)
    } else {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    }
}

fn range_error(vm: &mut Vm, code: u8, size: usize) -> Flow {
    let (lo, hi) = int_range(code, size);
    let msg = format!("'{}' format requires {lo} <= number <= {hi}", code as char);
    error(vm, &msg)
}

fn float_value(vm: &mut Vm, v: &Value) -> PyResult<f64> {
    match num(v) {
        Some(Num::I(i)) => Ok(i as f64),
        Some(Num::F(f)) => Ok(f),
        Some(Num::B(b)) => match num_traits::ToPrimitive::to_f64(b) {
            Some(f) if f.is_finite() => Ok(f),
            _ => Err(vm.raise(
                vm.types.overflow_error.clone(),
                "int too large to convert to float",
            )),
        },
        None => {
            if matches!(v.kind(), Some(Kind::Instance(_)))
                && vm.special_method(v, "__float__")?.is_some()
            {
                let f = vm.getattr_str(v, "__float__")?;
                let r = vm.call(&f, &[], &[])?;
                if let Some(Num::F(x)) = num(&r) {
                    return Ok(x);
                }
            }
            Err(error(vm, "required argument is not a float"))
        }
    }
}

/// IEEE 754 half precision, rounding to nearest even; `None` when `x` is too large.
pub fn f64_to_f16(x: f64) -> Option<u16> {
    let sign = if x.is_sign_negative() { 0x8000u16 } else { 0 };
    if x.is_nan() {
        return Some(sign | 0x7e00);
    }
    if x.is_infinite() {
        return Some(sign | 0x7c00);
    }
    let a = x.abs();
    if a == 0.0 {
        return Some(sign);
    }
    // Subnormal halves are multiples of 2**-24; scaling by a power of two is exact.
    if a < 2f64.powi(-14) {
        let units = (a * 2f64.powi(24)).round_ties_even() as u16;
        return Some(sign | units);
    }
    let mut e = a.log2().floor() as i32;
    // log2 can be off by one near powers of two.
    if 2f64.powi(e) > a {
        e -= 1;
    } else if 2f64.powi(e + 1) <= a {
        e += 1;
    }
    let mut f = (a * 2f64.powi(10 - e)).round_ties_even() as u32; // in [1024, 2048]
    if f == 2048 {
        f = 1024;
        e += 1;
    }
    if e > 15 {
        return None;
    }
    Some(sign | (((e + 15) as u16) << 10) | (f - 1024) as u16)
}

pub fn f16_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = ((h >> 10) & 0x1f) as i32;
    let m = (h & 0x3ff) as f64;
    sign * match e {
        0 => m * 2f64.powi(-24),
        31 => {
            if m == 0.0 {
                f64::INFINITY
            } else {
                f64::NAN
            }
        }
        _ => (1024.0 + m) * 2f64.powi(e - 25),
    }
}

fn put_uint(out: &mut [u8], v: u128, little: bool) {
    let n = out.len();
    for i in 0..n {
        let byte = (v >> (8 * i)) as u8;
        if little {
            out[i] = byte;
        } else {
            out[n - 1 - i] = byte;
        }
    }
}

fn get_uint(b: &[u8], little: bool) -> u128 {
    let mut v: u128 = 0;
    for i in 0..b.len() {
        let byte = if little { b[b.len() - 1 - i] } else { b[i] };
        v = (v << 8) | byte as u128;
    }
    v
}

/// Packs `values` by `l` into `out` (of `l.size` bytes, zeroed).
fn pack_values(vm: &mut Vm, l: &Layout, values: &[Value], out: &mut [u8]) -> PyResult<()> {
    let mut vi = 0;
    for it in &l.items {
        match it.code {
            b'x' => {}
            b's' | b'p' => {
                let v = &values[vi];
                vi += 1;
                let Some(data) = (match v.kind() {
                    Some(Kind::Bytes(_) | Kind::ByteArray(_)) => buffer(v),
                    _ => None,
                }) else {
                    let msg = format!("argument for '{}' must be a bytes object", it.code as char);
                    return Err(error(vm, &msg));
                };
                let dst = &mut out[it.offset..it.offset + it.count];
                if it.code == b's' {
                    let n = data.len().min(it.count);
                    dst[..n].copy_from_slice(&data[..n]);
                } else if it.count > 0 {
                    let n = data.len().min(it.count - 1).min(255);
                    dst[0] = n as u8;
                    dst[1..1 + n].copy_from_slice(&data[..n]);
                }
            }
            code => {
                let size = item_width(l, it);
                for k in 0..it.count {
                    let v = &values[vi];
                    vi += 1;
                    let dst = &mut out[it.offset + k * size..it.offset + (k + 1) * size];
                    pack_one(vm, code, v, dst, l.little)?;
                }
            }
        }
    }
    Ok(())
}

/// The byte width of one value of `it` in this layout.
fn item_width(l: &Layout, it: &Item) -> usize {
    code_size(it.code, l.native).map_or(1, |s| s.0)
}

fn pack_one(vm: &mut Vm, code: u8, v: &Value, dst: &mut [u8], little: bool) -> PyResult<()> {
    match code {
        b'c' => match v.kind() {
            Some(Kind::Bytes(_) | Kind::ByteArray(_))
                if buffer(v).is_some_and(|b| b.len() == 1) =>
            {
                dst[0] = buffer(v).map(|b| b[0]).unwrap_or(0);
            }
            _ => return Err(error(vm, "char format requires a bytes object of length 1")),
        },
        b'?' => dst[0] = vm.truthy(v)? as u8,
        b'e' => {
            let f = float_value(vm, v)?;
            let Some(h) = f64_to_f16(f) else {
                return Err(vm.raise(
                    vm.types.overflow_error.clone(),
                    "float too large to pack with e format",
                ));
            };
            put_uint(dst, h as u128, little);
        }
        b'f' => {
            let f = float_value(vm, v)?;
            let g = f as f32;
            if g.is_infinite() && f.is_finite() {
                return Err(vm.raise(
                    vm.types.overflow_error.clone(),
                    "float too large to pack with f format",
                ));
            }
            put_uint(dst, g.to_bits() as u128, little);
        }
        b'd' => {
            let f = float_value(vm, v)?;
            put_uint(dst, f.to_bits() as u128, little);
        }
        _ => {
            let x = int_value(vm, v)?;
            let (lo, hi) = int_range(code, dst.len());
            if x < lo || x > hi {
                return Err(range_error(vm, code, dst.len()));
            }
            let bits = if x < 0 {
                (x as u128) & ((1u128 << (dst.len() * 8)) - 1)
            } else {
                x as u128
            };
            put_uint(dst, bits, little);
        }
    }
    Ok(())
}

fn unpack_one(vm: &mut Vm, code: u8, src: &[u8], little: bool) -> PyResult<Value> {
    Ok(match code {
        b'c' => vm.new_bytes(vec![src[0]])?,
        b'?' => Value::Bool(src[0] != 0),
        b'e' => Value::Float(f16_to_f64(get_uint(src, little) as u16)),
        b'f' => Value::Float(f32::from_bits(get_uint(src, little) as u32) as f64),
        b'd' => Value::Float(f64::from_bits(get_uint(src, little) as u64)),
        _ => {
            let u = get_uint(src, little);
            let bits = src.len() * 8;
            let v: i128 = if code.is_ascii_lowercase() && u >> (bits - 1) & 1 == 1 {
                u as i128 - (1i128 << bits)
            } else {
                u as i128
            };
            match i64::try_from(v) {
                Ok(i) => Value::Int(i),
                Err(_) => vm.new_int(num_bigint::BigInt::from(v))?,
            }
        }
    })
}

fn unpack_values(vm: &mut Vm, l: &Layout, data: &[u8]) -> PyResult<Vec<Value>> {
    let mut out = Vec::with_capacity(l.nvalues);
    for it in &l.items {
        match it.code {
            b'x' => {}
            b's' => out.push(vm.new_bytes(data[it.offset..it.offset + it.count].to_vec())?),
            b'p' => {
                let field = &data[it.offset..it.offset + it.count];
                let v = if it.count == 0 {
                    Vec::new()
                } else {
                    let n = (field[0] as usize).min(it.count - 1);
                    field[1..1 + n].to_vec()
                };
                out.push(vm.new_bytes(v)?);
            }
            code => {
                let size = item_width(l, it);
                for k in 0..it.count {
                    let src = &data[it.offset + k * size..it.offset + (k + 1) * size];
                    out.push(unpack_one(vm, code, src, l.little)?);
                }
            }
        }
    }
    Ok(out)
}

fn pack(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let l = layout_arg(vm, a.first())?;
    let values = &a[1..];
    if values.len() != l.nvalues {
        let msg = format!(
            "pack expected {} items for packing (got {})",
            l.nvalues,
            values.len()
        );
        return Err(error(vm, &msg));
    }
    vm.ensure(l.size as u64)?;
    vm.charge_bytes(l.size)?;
    let mut out = vec![0u8; l.size];
    pack_values(vm, &l, values, &mut out)?;
    vm.new_bytes(out)
}

fn unpack(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let l = layout_arg(vm, a.first())?;
    let Some(b) = a.get(1) else {
        return Err(vm.raise(
            vm.types.type_error.clone(),
            "unpack expected 2 arguments, got 1",
        ));
    };
    let data = data_arg(vm, b)?;
    if data.len() != l.size {
        let msg = format!("unpack requires a buffer of {} bytes", l.size);
        return Err(error(vm, &msg));
    }
    vm.charge_bytes(l.size)?;
    let vals = unpack_values(vm, &l, &data)?;
    vm.new_tuple(vals)
}

fn offset_arg(vm: &mut Vm, a: &[Value], k: Kw, pos: usize) -> PyResult<i64> {
    match super::arg(a, k, pos, "offset") {
        None => Ok(0),
        Some(v) => int_arg(vm, &v),
    }
}

/// A non-negative offset into a buffer of `len` bytes (negative ones count from the end).
fn resolve_offset(vm: &mut Vm, off: i64, len: usize, need: usize, what: &str) -> PyResult<usize> {
    let mut o = off;
    if o < 0 {
        if o + (len as i64) < 0 {
            let msg = format!("offset {off} out of range for {len}-byte buffer");
            return Err(error(vm, &msg));
        }
        o += len as i64;
    }
    let o = o as usize;
    if len < need || o > len - need {
        let msg = if what == "unpack_from" {
            format!(
                "unpack_from requires a buffer of at least {} bytes for unpacking {need} bytes at offset {o} (actual buffer size is {len})",
                o + need
            )
        } else if o > len {
            format!("offset {o} out of range for {len}-byte buffer")
        } else {
            format!(
                "pack_into requires a buffer of at least {} bytes for packing {need} bytes at offset {o} (actual buffer size is {len})",
                o + need
            )
        };
        return Err(error(vm, &msg));
    }
    Ok(o)
}

fn unpack_from(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let l = layout_arg(vm, a.first())?;
    let Some(b) = super::arg(a, k, 1, "buffer") else {
        return Err(vm.raise(
            vm.types.type_error.clone(),
            "unpack_from() missing required argument 'buffer' (pos 2)",
        ));
    };
    let data = data_arg(vm, &b)?;
    let off = offset_arg(vm, a, k, 2)?;
    let o = resolve_offset(vm, off, data.len(), l.size, "unpack_from")?;
    vm.charge_bytes(l.size)?;
    let vals = unpack_values(vm, &l, &data[o..o + l.size])?;
    vm.new_tuple(vals)
}

fn pack_into(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let l = layout_arg(vm, a.first())?;
    if a.len() < 3 {
        let msg = if a.len() < 2 {
            "pack_into expected buffer argument"
        } else {
            "pack_into expected offset argument"
        };
        return Err(vm.raise(vm.types.type_error.clone(), msg));
    }
    let target = match &a[1] {
        Value::Obj(o) if matches!(o.kind, Kind::ByteArray(_)) => o.clone(),
        other => {
            let msg = format!(
                "argument must be read-write bytes-like object, not {}",
                vm.type_name(other)
            );
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        }
    };
    let values = &a[3..];
    if values.len() != l.nvalues {
        let msg = format!(
            "pack_into expected {} items for packing (got {})",
            l.nvalues,
            values.len()
        );
        return Err(error(vm, &msg));
    }
    let off = int_arg(vm, &a[2])?;
    let len = match &target.kind {
        Kind::ByteArray(b) => b.borrow().len(),
        _ => 0,
    };
    let o = resolve_offset(vm, off, len, l.size, "pack_into")?;
    vm.charge_bytes(l.size)?;
    let mut out = vec![0u8; l.size];
    pack_values(vm, &l, values, &mut out)?;
    if let Kind::ByteArray(b) = &target.kind {
        b.borrow_mut()[o..o + l.size].copy_from_slice(&out);
    }
    Ok(Value::None)
}

fn iter_unpack(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let l = layout_arg(vm, a.first())?;
    let Some(b) = a.get(1) else {
        return Err(vm.raise(
            vm.types.type_error.clone(),
            "iter_unpack expected 2 arguments, got 1",
        ));
    };
    let data = data_arg(vm, b)?;
    if l.size == 0 {
        return Err(error(
            vm,
            "cannot iteratively unpack with a struct of length 0",
        ));
    }
    if data.len() % l.size != 0 {
        let msg = format!(
            "iterative unpacking requires a buffer of a multiple of {} bytes",
            l.size
        );
        return Err(error(vm, &msg));
    }
    vm.charge_bytes(data.len())?;
    let mut rows = Vec::with_capacity(data.len() / l.size);
    for chunk in data.chunks(l.size) {
        let vals = unpack_values(vm, &l, chunk)?;
        rows.push(vm.new_tuple(vals)?);
    }
    let list = vm.new_list(rows)?;
    vm.iter(&list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn native_mode_aligns_items_standard_mode_does_not() {
        assert_eq!(parse(b"ci").unwrap().size, 8);
        assert_eq!(parse(b"<ci").unwrap().size, 5);
        assert_eq!(parse(b"@bq").unwrap().size, 16);
        assert_eq!(parse(b"qb").unwrap().size, 9);
        assert_eq!(parse(b"=l").unwrap().size, 4);
        assert_eq!(parse(b"l").unwrap().size, 8);
        assert_eq!(parse(b"10s2x").unwrap().nvalues, 1);
        assert_eq!(parse(b"3h").unwrap().nvalues, 3);
    }

    #[test]
    fn format_errors() {
        assert_eq!(parse(b"z"), Err("bad char in struct format"));
        assert_eq!(parse(b"<n"), Err("bad char in struct format"));
        assert_eq!(
            parse(b"4"),
            Err("repeat count given without format specifier")
        );
    }

    #[test]
    fn half_floats_round_to_even() {
        assert_eq!(f64_to_f16(1.0), Some(0x3c00));
        assert_eq!(f64_to_f16(65504.0), Some(0x7bff));
        assert_eq!(f64_to_f16(65520.0), None);
        assert_eq!(f64_to_f16(-2.0), Some(0xc000));
        assert_eq!(f64_to_f16(2f64.powi(-24)), Some(1));
        assert_eq!(f16_to_f64(0x3555), 0.333251953125);
        assert_eq!(f64_to_f16(1.0 / 3.0), Some(0x3555));
    }
}
