//! `_binascii`: the codecs `binascii` and `base64` stand on (hex, base64, CRC-32 and
//! CRC-CCITT), raising `binascii.Error` with CPython's messages.

use super::{arg, check_kwargs, data_arg, int_arg, positional, raise_in, Kw};
use crate::python::methods::bytes::{buffer, hex_sep_args, hex_with_sep};
use crate::python::object::{NativeFn, Obj, Value};
use crate::python::stdlib::add_functions;
use crate::python::vm::{Flow, PyResult, Vm};
use std::rc::Rc;

pub fn init(vm: &mut Vm, dict: &Rc<Obj>) -> PyResult<()> {
    let fns: &[(&'static str, NativeFn)] = &[
        ("hexlify", hexlify),
        ("b2a_hex", b2a_hex),
        ("unhexlify", unhexlify),
        ("a2b_hex", a2b_hex),
        ("b2a_base64", b2a_base64),
        ("a2b_base64", a2b_base64),
        ("crc32", crc32),
        ("crc_hqx", crc_hqx),
    ];
    add_functions(vm, dict, fns);
    Ok(())
}

fn error(vm: &mut Vm, msg: &str) -> Flow {
    let fallback = vm.types.value_error.clone();
    raise_in(vm, "binascii", "Error", fallback, msg)
}

/// The input of an `a2b_*` decoder: bytes-like, or a `str` of ASCII characters only.
pub fn ascii_data(vm: &mut Vm, v: &Value) -> PyResult<Rc<[u8]>> {
    if let Some(s) = v.as_str() {
        if !s.is_ascii() {
            return Err(vm.raise(
                vm.types.value_error.clone(),
                "string argument should contain only ASCII characters",
            ));
        }
        return Ok(Rc::from(s.as_bytes()));
    }
    match buffer(v) {
        Some(b) => Ok(b),
        None => {
            let msg = format!(
                "argument should be bytes, buffer or ASCII string, not '{}'",
                vm.type_name(v)
            );
            Err(vm.raise(vm.types.type_error.clone(), &msg))
        }
    }
}

fn hex_impl(vm: &mut Vm, name: &str, a: &[Value], k: Kw) -> PyResult<Value> {
    check_kwargs(vm, name, k, &["data", "sep", "bytes_per_sep"])?;
    let Some(d) = arg(a, k, 0, "data") else {
        let msg = format!("{name}() missing required argument 'data' (pos 1)");
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    };
    let data = data_arg(vm, &d)?;
    let (sep, per) = hex_sep_args(vm, arg(a, k, 1, "sep"), arg(a, k, 2, "bytes_per_sep"))?;
    vm.charge_bytes(data.len() * 3)?;
    vm.ensure(data.len() as u64 * 3)?;
    vm.new_bytes(hex_with_sep(&data, sep, per).into_bytes())
}

fn hexlify(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    hex_impl(vm, "hexlify", a, k)
}

fn b2a_hex(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    hex_impl(vm, "b2a_hex", a, k)
}

/// Hex digits to bytes: `Err` is the `binascii.Error` message.
pub fn unhex(s: &[u8]) -> Result<Vec<u8>, &'static str> {
    if s.len() % 2 == 1 {
        return Err("Odd-length string");
    }
    let digit = |c: u8| (c as char).to_digit(16);
    s.chunks(2)
        .map(|p| match (digit(p[0]), digit(p[1])) {
            (Some(h), Some(l)) => Ok((h * 16 + l) as u8),
            _ => Err("Non-hexadecimal digit found"),
        })
        .collect()
}

fn unhex_impl(vm: &mut Vm, name: &str, a: &[Value], k: Kw) -> PyResult<Value> {
    check_kwargs(vm, name, k, &["hexstr"])?;
    let Some(v) = arg(a, k, 0, "hexstr") else {
        let msg = format!("{name}() missing required argument 'hexstr' (pos 1)");
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    };
    let s = ascii_data(vm, &v)?;
    vm.charge_bytes(s.len())?;
    match unhex(&s) {
        Ok(b) => vm.new_bytes(b),
        Err(m) => Err(error(vm, m)),
    }
}

fn unhexlify(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    unhex_impl(vm, "unhexlify", a, k)
}

fn a2b_hex(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    unhex_impl(vm, "a2b_hex", a, k)
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 with `=` padding.
pub fn b64encode(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len().div_ceil(3) * 4 + 1);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        out.push(B64[(n >> 18) as usize & 63]);
        out.push(B64[(n >> 12) as usize & 63]);
        out.push(if chunk.len() > 1 {
            B64[(n >> 6) as usize & 63]
        } else {
            b'='
        });
        out.push(if chunk.len() > 2 {
            B64[n as usize & 63]
        } else {
            b'='
        });
    }
    out
}

fn b64_value(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Base64 decoding as CPython's `a2b_base64` does it: outside strict mode, characters not in
/// the alphabet are skipped and a complete pad sequence ends the input; `Err` is the
/// `binascii.Error` message.
pub fn b64decode(s: &[u8], strict: bool) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(s.len() / 4 * 3 + 3);
    let mut quad = 0; // data characters in the current group of four
    let mut left: u32 = 0;
    let mut pads = 0;
    let mut padding = false;
    for (i, &c) in s.iter().enumerate() {
        if c == b'=' {
            padding = true;
            if strict && quad == 0 {
                return Err(if i == 0 {
                    "Leading padding not allowed"
                } else {
                    "Excess padding not allowed"
                }
                .into());
            }
            pads += 1;
            if quad >= 2 && quad + pads >= 4 {
                if strict && i + 1 < s.len() {
                    return Err("Excess data after padding".into());
                }
                return Ok(out);
            }
            continue;
        }
        let Some(v) = b64_value(c) else {
            if strict {
                return Err("Only base64 data is allowed".into());
            }
            continue;
        };
        if strict && padding {
            return Err("Discontinuous padding not allowed".into());
        }
        pads = 0;
        let v = v as u32;
        match quad {
            0 => {
                left = v;
                quad = 1;
            }
            1 => {
                out.push(((left << 2) | (v >> 4)) as u8);
                left = v & 0x0f;
                quad = 2;
            }
            2 => {
                out.push(((left << 4) | (v >> 2)) as u8);
                left = v & 0x03;
                quad = 3;
            }
            _ => {
                out.push(((left << 6) | v) as u8);
                quad = 0;
            }
        }
    }
    match quad {
        0 => Ok(out),
        1 => Err(format!(
            "Invalid base64-encoded string: number of data characters ({}) cannot be 1 more than a multiple of 4",
            out.len() / 3 * 4 + 1
        )),
        _ => Err("Incorrect padding".into()),
    }
}

fn b2a_base64(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_kwargs(vm, "b2a_base64", k, &["newline"])?;
    positional(vm, "b2a_base64", a, 1, 1)?;
    let data = data_arg(vm, &a[0])?;
    let newline = match k.iter().find(|(n, _)| &**n == "newline") {
        Some((_, v)) => vm.truthy(v)?,
        None => true,
    };
    vm.charge_bytes(data.len() * 2)?;
    vm.ensure(data.len() as u64 / 3 * 4 + 5)?;
    let mut out = b64encode(&data);
    if newline {
        out.push(b'\n');
    }
    vm.new_bytes(out)
}

fn a2b_base64(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_kwargs(vm, "a2b_base64", k, &["strict_mode"])?;
    positional(vm, "a2b_base64", a, 1, 1)?;
    let data = ascii_data(vm, &a[0])?;
    let strict = match k.iter().find(|(n, _)| &**n == "strict_mode") {
        Some((_, v)) => vm.truthy(v)?,
        None => false,
    };
    vm.charge_bytes(data.len() * 2)?;
    match b64decode(&data, strict) {
        Ok(b) => vm.new_bytes(b),
        Err(m) => Err(error(vm, &m)),
    }
}

/// The running value argument of a CRC: any int, reduced modulo 2**bits as C does.
fn crc_start(vm: &mut Vm, v: Option<&Value>, bits: u32) -> PyResult<u32> {
    let Some(v) = v else { return Ok(0) };
    if let Some(crate::python::vm::ops::Num::B(b)) = crate::python::vm::ops::num(v) {
        let m = num_bigint::BigInt::from(1u64 << bits);
        let r = ((b % &m) + &m) % &m;
        return Ok(u32::try_from(r).unwrap_or(0));
    }
    let i = int_arg(vm, v)?;
    Ok((i as u64 & ((1u64 << bits) - 1)) as u32)
}

fn crc32(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_kwargs(vm, "crc32", k, &[])?;
    positional(vm, "crc32", a, 1, 2)?;
    let data = data_arg(vm, &a[0])?;
    let start = crc_start(vm, a.get(1), 32)?;
    vm.charge_bytes(data.len())?;
    let v = crc32_from(start, &data);
    Ok(Value::Int(v as i64))
}

/// The byte-at-a-time table of the reflected CRC-32 polynomial (zlib's).
const CRC_TABLE: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                (c >> 1) ^ 0xEDB8_8320
            } else {
                c >> 1
            };
            k += 1;
        }
        t[i] = c;
        i += 1;
    }
    t
};

/// CRC-32 (the zlib polynomial) continuing from a previous value.
pub fn crc32_from(start: u32, data: &[u8]) -> u32 {
    let mut crc = !start;
    for &b in data {
        crc = CRC_TABLE[((crc ^ b as u32) & 0xff) as usize] ^ (crc >> 8);
    }
    !crc
}

fn crc_hqx(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    check_kwargs(vm, "crc_hqx", k, &[])?;
    positional(vm, "crc_hqx", a, 2, 2)?;
    let data = data_arg(vm, &a[0])?;
    let mut crc = crc_start(vm, a.get(1), 16)? as u16;
    vm.charge_bytes(data.len())?;
    for &b in data.iter() {
        crc ^= (b as u16) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    Ok(Value::Int(crc as i64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_round_trips_and_reports_padding() {
        assert_eq!(b64encode(b"hi!"), b"aGkh");
        assert_eq!(b64encode(b"h"), b"aA==");
        assert_eq!(b64decode(b"aGkh", false).unwrap(), b"hi!");
        assert_eq!(b64decode(b"a G\nkh", false).unwrap(), b"hi!");
        assert_eq!(b64decode(b"aA", false).unwrap_err(), "Incorrect padding");
        assert!(b64decode(b"aGkha", false).unwrap_err().contains("(5)"));
        assert_eq!(
            b64decode(b"a!A==", true).unwrap_err(),
            "Only base64 data is allowed"
        );
        assert_eq!(b64decode(b"aA==", true).unwrap(), b"h");
    }

    #[test]
    fn crc32_matches_zlib() {
        assert_eq!(crc32_from(0, b"hello"), 0x3610_a686);
        let part = crc32_from(0, b"hel");
        assert_eq!(crc32_from(part, b"lo"), 0x3610_a686);
    }

    #[test]
    fn unhex_errors() {
        assert_eq!(unhex(b"abc"), Err("Odd-length string"));
        assert_eq!(unhex(b"zz"), Err("Non-hexadecimal digit found"));
        assert_eq!(unhex(b"00ff").unwrap(), vec![0, 255]);
    }
}
