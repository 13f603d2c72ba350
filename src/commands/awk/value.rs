//! awk values: numbers, strings, "strnums" (input that looks numeric, compared as numbers) and
//! the uninitialized value; conversions between them.

use std::rc::Rc;

#[derive(Clone, Debug)]
pub enum Value {
    Uninit,
    Num(f64),
    Str(Rc<[u8]>),
    /// Input text that looks like a number: compares numerically, prints as its text.
    StrNum(Rc<[u8]>, f64),
}

impl Value {
    pub fn str(s: &[u8]) -> Value {
        Value::Str(Rc::from(s))
    }
    pub fn string(s: Vec<u8>) -> Value {
        Value::Str(Rc::from(s))
    }
    /// A value from input (fields, `getline var`, `split`, ARGV, ENVIRON, `-v`): a strnum when
    /// it looks numeric.
    pub fn input(s: &[u8]) -> Value {
        match looks_numeric(s) {
            Some(n) => Value::StrNum(Rc::from(s), n),
            None => Value::Str(Rc::from(s)),
        }
    }
    pub fn num(&self) -> f64 {
        match self {
            Value::Uninit => 0.0,
            Value::Num(n) | Value::StrNum(_, n) => *n,
            Value::Str(s) => str_to_num(s),
        }
    }
    pub fn truthy(&self) -> bool {
        match self {
            Value::Uninit => false,
            Value::Num(n) | Value::StrNum(_, n) => *n != 0.0,
            Value::Str(s) => !s.is_empty(),
        }
    }
    /// Whether comparisons treat it as a number.
    pub fn is_numeric(&self) -> bool {
        !matches!(self, Value::Str(_))
    }
    /// The string form, numbers converted with `convfmt`.
    pub fn to_bytes(&self, convfmt: &[u8]) -> Rc<[u8]> {
        match self {
            Value::Uninit => Rc::from(&b""[..]),
            Value::Str(s) | Value::StrNum(s, _) => s.clone(),
            Value::Num(n) => Rc::from(num_to_str(*n, convfmt)),
        }
    }
    /// Approximate modeled size in bytes.
    pub fn size(&self) -> u64 {
        match self {
            Value::Str(s) | Value::StrNum(s, _) => s.len() as u64,
            _ => 0,
        }
    }
}

/// Numeric value of the leading number in `s` (like `strtod` after leading blanks; no hex).
pub fn str_to_num(s: &[u8]) -> f64 {
    let (v, _) = scan_number(s);
    v
}

/// Scans a leading decimal number (after blanks); returns the value and the end offset
/// (0 when there is none).
pub fn scan_number(s: &[u8]) -> (f64, usize) {
    let mut i = 0;
    while i < s.len() && matches!(s[i], b' ' | b'\t' | b'\n' | b'\r' | 11 | 12) {
        i += 1;
    }
    let start = i;
    if i < s.len() && (s[i] == b'+' || s[i] == b'-') {
        i += 1;
    }
    // gawk accepts "+inf" / "-nan" only with an explicit sign.
    if i > start && i + 3 <= s.len() {
        let w = s[i..i + 3].to_ascii_lowercase();
        if w == b"inf" || w == b"nan" {
            let neg = s[start] == b'-';
            let v = if w == b"inf" { f64::INFINITY } else { f64::NAN };
            let mut end = i + 3;
            if w == b"inf" && s.len() >= i + 8 && s[i..i + 8].eq_ignore_ascii_case(b"infinity") {
                end = i + 8;
            }
            return (if neg { -v } else { v }, end);
        }
    }
    let ds = i;
    let mut int: u64 = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        int = int.wrapping_mul(10).wrapping_add((s[i] - b'0') as u64);
        i += 1;
    }
    let mut digits = i - ds;
    // A plain integer of up to 15 digits is exact in an f64: no need for the full parser
    // (most numbers in input are such).
    if (1..=15).contains(&digits) && !(i < s.len() && matches!(s[i], b'.' | b'e' | b'E')) {
        let v = int as f64;
        return (if s[start] == b'-' { -v } else { v }, i);
    }
    if i < s.len() && s[i] == b'.' {
        i += 1;
        let fs = i;
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        digits += i - fs;
    }
    if digits == 0 {
        return (0.0, 0);
    }
    if i < s.len() && (s[i] | 0x20) == b'e' {
        let mut j = i + 1;
        if j < s.len() && (s[j] == b'+' || s[j] == b'-') {
            j += 1;
        }
        if j < s.len() && s[j].is_ascii_digit() {
            while j < s.len() && s[j].is_ascii_digit() {
                j += 1;
            }
            i = j;
        }
    }
    let text = std::str::from_utf8(&s[start..i]).unwrap_or("0");
    let v = text.parse::<f64>().unwrap_or(0.0);
    (v, i)
}

/// The number an input string stands for, when the whole string (blanks aside) is one.
pub fn looks_numeric(s: &[u8]) -> Option<f64> {
    let (v, end) = scan_number(s);
    if end == 0 {
        return None;
    }
    if s[end..]
        .iter()
        .all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 11 | 12))
    {
        Some(v)
    } else {
        None
    }
}

/// Number to string: integers print as integers, others through `fmt` (CONVFMT or OFMT).
pub fn num_to_str(n: f64, fmt: &[u8]) -> Vec<u8> {
    if n.is_nan() {
        return if n.is_sign_negative() {
            b"-nan".to_vec()
        } else {
            b"+nan".to_vec()
        };
    }
    if n.is_infinite() {
        return if n < 0.0 {
            b"-inf".to_vec()
        } else {
            b"+inf".to_vec()
        };
    }
    // gawk prints integral values that fit in a C long as integers.
    if n == n.trunc() && n.abs() < 9.2e18 {
        return format!("{}", n as i64).into_bytes();
    }
    if fmt == b"%.6g" {
        return super::format::format_g(n, 6, false, false);
    }
    super::format::sprintf(fmt, &[Value::Num(n)], fmt).0
}

/// An array subscript from a value: integers as integers, others with CONVFMT.
pub fn key_of(v: &Value, convfmt: &[u8]) -> Rc<[u8]> {
    match v {
        Value::Num(n) if *n == n.trunc() && n.abs() < 9.2e18 => {
            Rc::from(format!("{}", *n as i64).into_bytes())
        }
        _ => v.to_bytes(convfmt),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_from_text() {
        assert_eq!(str_to_num(b"  12abc"), 12.0);
        assert_eq!(str_to_num(b"0x1A"), 0.0);
        assert_eq!(str_to_num(b".5e1x"), 5.0);
        assert_eq!(str_to_num(b"e5"), 0.0);
        assert_eq!(looks_numeric(b" 1e3 "), Some(1000.0));
        assert_eq!(looks_numeric(b"1e"), None);
        assert_eq!(looks_numeric(b""), None);
        assert_eq!(looks_numeric(b"-inf"), Some(f64::NEG_INFINITY));
        assert_eq!(looks_numeric(b"inf"), None);
    }

    #[test]
    fn numbers_to_text() {
        assert_eq!(num_to_str(3.0, b"%.6g"), b"3");
        assert_eq!(num_to_str(0.1, b"%.6g"), b"0.1");
        assert_eq!(num_to_str(1e6 + 0.5, b"%.6g"), b"1e+06");
        assert_eq!(num_to_str(-0.0, b"%.6g"), b"0");
        assert_eq!(num_to_str(1e30, b"%.6g"), b"1e+30");
        assert_eq!(num_to_str(1e18, b"%.6g"), b"1000000000000000000");
        assert_eq!(num_to_str(1.23456, b"%.2f"), b"1.23");
    }
}
