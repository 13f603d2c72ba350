//! Ints: `format(int, spec)` and `str(int)` under CPython's limit on decimal conversions.
//!
//! Since 3.11 (CVE-2020-10735) CPython refuses to convert an int of more than
//! `sys.get_int_max_str_digits()` (default 4300) decimal digits to or from a string, because
//! the conversion is quadratic. The limit applies to every decimal rendering (`str`, `repr`,
//! `format` with `d`/`n`/no type, `%d`) and to parsing in non-power-of-two bases; hex, octal
//! and binary are exempt.

use std::fmt::Write as _;

use num_bigint::{BigInt, Sign as BigSign};
use num_traits::ToPrimitive;

use super::convert::bigint_to_f64;
use super::float::{format_float_spec, Buf};
use super::layout::{render, Field, Number};
use super::spec::{parse_format_spec, unknown_code, FormatSpec, Sign};

/// CPython's default for `sys.set_int_max_str_digits()`.
pub const DEFAULT_MAX_STR_DIGITS: usize = 4300;
/// The smallest non-zero limit `sys.set_int_max_str_digits()` accepts (`maxdigits must be 0 or
/// larger than 640` otherwise); also the size below which CPython never checks.
pub const MAX_STR_DIGITS_THRESHOLD: usize = 640;

/// Whether a decimal string of `digits` digits may be converted under `limit` (0 = no limit).
pub fn int_str_digits_ok(digits: usize, limit: usize) -> bool {
    limit == 0 || digits <= limit
}

/// The `ValueError` message for converting a too-large int *to* a decimal string
/// (`str(10**5000)`).
pub fn int_str_limit_message(limit: usize) -> String {
    format!(
        "Exceeds the limit ({limit} digits) for integer string conversion; \
         use sys.set_int_max_str_digits() to increase the limit"
    )
}

/// The `ValueError` message for parsing a too-long decimal string (`int('1' * 5000)`).
pub fn parse_limit_message(limit: usize, digits: usize) -> String {
    format!(
        "Exceeds the limit ({limit} digits) for integer string conversion: \
         value has {digits} digits; use sys.set_int_max_str_digits() to increase the limit"
    )
}

/// `str(x)` for an int, refusing more than `limit` digits (0 = no limit) with CPython's
/// message. A value certainly over the limit is refused before any conversion work.
pub fn int_to_decimal_string(x: &BigInt, limit: usize) -> Result<String, String> {
    if let Some(v) = x.to_i64() {
        return Ok(v.to_string());
    }
    decimal_magnitude_checked(x, limit).map(|digits| {
        if x.sign() == BigSign::Minus {
            let mut s = String::with_capacity(digits.len() + 1);
            s.push('-');
            s.push_str(&digits);
            s
        } else {
            digits
        }
    })
}

/// Decimal digits of `|x|`, under the limit.
fn decimal_magnitude_checked(x: &BigInt, limit: usize) -> Result<String, String> {
    if limit != 0 {
        // A lower bound on the digit count: log10(2) > 0.30102.
        let bits = x.bits();
        let at_least = (bits.saturating_sub(1) as u128 * 30102 / 100_000) as usize + 1;
        if at_least > limit {
            return Err(int_str_limit_message(limit));
        }
    }
    let s = x.magnitude().to_str_radix(10);
    if int_str_digits_ok(s.len(), limit) {
        Ok(s)
    } else {
        Err(int_str_limit_message(limit))
    }
}

/// An int operand: the interpreter keeps small ints as `i64`, and formatting them should not
/// need a `BigInt`.
#[derive(Clone, Copy)]
enum IntVal<'a> {
    Small(i64),
    Big(&'a BigInt),
}

impl IntVal<'_> {
    fn negative(self) -> bool {
        match self {
            IntVal::Small(v) => v < 0,
            IntVal::Big(b) => b.sign() == BigSign::Minus,
        }
    }

    fn to_f64(self) -> Result<f64, String> {
        match self {
            IntVal::Small(v) => Ok(v as f64),
            IntVal::Big(b) => bigint_to_f64(b).map_err(String::from),
        }
    }

    fn to_i64(self) -> Option<i64> {
        match self {
            IntVal::Small(v) => Some(v),
            IntVal::Big(b) => b.to_i64(),
        }
    }
}

/// `format(x, spec)` for an int: the presentation types `b c d o x X n` and none, the float
/// types (the int is converted to a float first, `OverflowError` if it does not fit), `#`
/// prefixes, `,`/`_` grouping (`_` every four digits in b/o/x/X), under the default 4300-digit
/// limit for decimal output.
pub fn format_int(x: &BigInt, spec: &str) -> Result<String, String> {
    format_int_named(x, spec, "int", DEFAULT_MAX_STR_DIGITS)
}

/// [`format_int`] for an `i64`, without building a `BigInt`.
pub fn format_i64(x: i64, spec: &str) -> Result<String, String> {
    if spec.is_empty() {
        return Ok(x.to_string());
    }
    let parsed = parse_format_spec(spec, "int", Some('d'))?;
    format_int_spec(IntVal::Small(x), &parsed, "int", 0)
}

/// [`format_int`] for a value whose Python type is `type_name` (`bool`, an `int` subclass),
/// with the interpreter's current `sys.get_int_max_str_digits()` (0 = unlimited).
pub fn format_int_named(
    x: &BigInt,
    spec: &str,
    type_name: &str,
    max_str_digits: usize,
) -> Result<String, String> {
    if spec.is_empty() {
        return int_to_decimal_string(x, max_str_digits);
    }
    let parsed = parse_format_spec(spec, type_name, Some('d'))?;
    let v = match x.to_i64() {
        Some(s) => IntVal::Small(s),
        None => IntVal::Big(x),
    };
    format_int_spec(v, &parsed, type_name, max_str_digits)
}

fn format_int_spec(
    x: IntVal,
    spec: &FormatSpec,
    type_name: &str,
    limit: usize,
) -> Result<String, String> {
    let ty = spec.ty.unwrap_or('d');
    let (radix, prefix) = match ty {
        'e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%' => {
            return format_float_spec(x.to_f64()?, spec, type_name);
        }
        'b' => (2, "0b"),
        'o' => (8, "0o"),
        'x' => (16, "0x"),
        'X' => (16, "0X"),
        'd' | 'n' | 'c' => (10, ""),
        c => return Err(unknown_code(c, type_name)),
    };
    if spec.precision.is_some() {
        return Err("Precision not allowed in integer format specifier".into());
    }
    if spec.no_neg_zero {
        return Err("Negative zero coercion (z) not allowed in integer format specifier".into());
    }
    let mut field = Field {
        fill: spec.fill,
        align: spec.numeric_align(),
        sign: spec.sign.unwrap_or(Sign::Minus),
        width: spec.width.unwrap_or(0),
        group: None,
        frac_group: None,
    };
    if ty == 'c' {
        if spec.sign.is_some() {
            return Err("Sign not allowed with integer format specifier 'c'".into());
        }
        if spec.alternate {
            return Err("Alternate form (#) not allowed with integer format specifier 'c'".into());
        }
        let c = char_of(x)?;
        let mut utf8 = [0u8; 4];
        return render(
            &Number {
                negative: false,
                prefix: "",
                digits: b"",
                point: false,
                frac: b"",
                rest: c.encode_utf8(&mut utf8),
            },
            &field,
        );
    }
    field.group = spec
        .grouping
        .map(|c| (c as u8, if radix == 10 { 3 } else { 4 }));
    let prefix = if spec.alternate { prefix } else { "" };
    let negative = x.negative();
    let mut small: Buf<72> = Buf::new();
    let big: String;
    let digits: &[u8] = match x {
        IntVal::Small(v) => {
            let m = v.unsigned_abs();
            let _ = match ty {
                'b' => write!(small, "{m:b}"),
                'o' => write!(small, "{m:o}"),
                'x' => write!(small, "{m:x}"),
                'X' => write!(small, "{m:X}"),
                _ => write!(small, "{m}"),
            };
            small.as_bytes()
        }
        IntVal::Big(b) => {
            big = if radix == 10 {
                decimal_magnitude_checked(b, limit)?
            } else {
                let mut s = b.magnitude().to_str_radix(radix);
                if ty == 'X' {
                    s.make_ascii_uppercase();
                }
                s
            };
            big.as_bytes()
        }
    };
    render(
        &Number {
            negative,
            prefix,
            digits,
            point: false,
            frac: b"",
            rest: "",
        },
        &field,
    )
}

/// The character for `format(n, 'c')` / `'%c' % n`.
fn char_of(x: IntVal) -> Result<char, String> {
    let v = x
        .to_i64()
        .ok_or_else(|| "Python int too large to convert to C long".to_string())?;
    code_point(v)
}

/// `chr`-style conversion with the `%c` message. Lone surrogates are valid in a Python `str`
/// but not in a Rust `String`, so they are refused with a message of this module's own.
pub(super) fn code_point(v: i64) -> Result<char, String> {
    if !(0..=0x10ffff).contains(&v) {
        return Err("%c arg not in range(0x110000)".into());
    }
    char::from_u32(v as u32).ok_or_else(|| format!("%c arg {v:#x} is a lone surrogate"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(s: &str) -> BigInt {
        s.parse().unwrap()
    }

    #[test]
    fn small_and_big_agree() {
        let specs = [
            "", "d", "+d", " d", "x", "#x", "#X", "#010x", "_x", "#_b", "o", "#o", ",", "_",
            "012,", "=^10", "*<9", "n", "c", ".2f", "e", "%", "g", "010n",
        ];
        for v in [
            0i64,
            7,
            -7,
            65,
            255,
            1234,
            -1234,
            123456789,
            i64::MAX,
            i64::MIN + 1,
        ] {
            for s in specs {
                let a = format_i64(v, s);
                let b = format_int_named(&BigInt::from(v), s, "int", 4300);
                assert_eq!(a, b, "{v} {s:?}");
            }
        }
    }

    #[test]
    fn big_values() {
        let x = big("100000000000000000000");
        assert_eq!(format_int(&x, "#_x").unwrap(), "0x5_6bc7_5e2d_6310_0000");
        assert_eq!(format_int(&x, ",").unwrap(), "100,000,000,000,000,000,000");
        assert_eq!(
            format_int(&-x.clone(), "+#o").unwrap(),
            "-0o12657072742654304000000"
        );
        assert_eq!(format_int(&x, "g").unwrap(), "1e+20");
        assert_eq!(
            format_int(&x, "c").unwrap_err(),
            "Python int too large to convert to C long"
        );
        let huge = BigInt::from(10).pow(400);
        assert_eq!(
            format_int(&huge, "f").unwrap_err(),
            "int too large to convert to float"
        );
    }

    #[test]
    fn digit_limit() {
        let ok = BigInt::from(10).pow(4299);
        assert_eq!(int_to_decimal_string(&ok, 4300).unwrap().len(), 4300);
        assert_eq!(
            int_to_decimal_string(&-ok.clone(), 4300).unwrap().len(),
            4301
        );
        let over = BigInt::from(10).pow(4300);
        let msg = "Exceeds the limit (4300 digits) for integer string conversion; \
                   use sys.set_int_max_str_digits() to increase the limit";
        assert_eq!(int_to_decimal_string(&over, 4300).unwrap_err(), msg);
        assert_eq!(format_int(&over, "d").unwrap_err(), msg);
        assert_eq!(format_int(&over, ",").unwrap_err(), msg);
        assert_eq!(format_int(&over, "").unwrap_err(), msg);
        assert_eq!(format_int(&over, "x").unwrap().len(), 3572);
        assert_eq!(int_to_decimal_string(&over, 0).unwrap().len(), 4301);
        let far = BigInt::from(10).pow(100_000);
        assert_eq!(int_to_decimal_string(&far, 4300).unwrap_err(), msg);
        assert_eq!(
            parse_limit_message(4300, 5000),
            "Exceeds the limit (4300 digits) for integer string conversion: value has 5000 \
             digits; use sys.set_int_max_str_digits() to increase the limit"
        );
        assert!(int_str_digits_ok(4300, 4300));
        assert!(!int_str_digits_ok(4301, 4300));
        assert!(int_str_digits_ok(1 << 40, 0));
    }
}
