//! `printf`/`sprintf` formatting (gawk's conversions, flags, widths, `*`), reusing the
//! coreutils printf engine for the number bodies.

use super::value::Value;
use crate::commands::printf::{fmt_float, fmt_int, Spec};

/// `%g`-style text of `n` with `prec` significant digits.
pub fn format_g(n: f64, prec: usize, upper: bool, alt: bool) -> Vec<u8> {
    let spec = Spec {
        prec: Some(prec),
        alt,
        ..Spec::default()
    };
    fmt_float(&spec, if upper { b'G' } else { b'g' }, n)
}

/// Number of characters in `s`: UTF-8 characters in a UTF-8 locale when `s` is valid UTF-8,
/// bytes otherwise (gawk counts bytes under `LC_ALL=C`).
pub fn char_len(s: &[u8], utf8: bool) -> usize {
    if !utf8 || s.is_ascii() {
        return s.len();
    }
    match std::str::from_utf8(s) {
        Ok(t) => t.chars().count(),
        Err(_) => s.len(),
    }
}

/// Byte offset of character `n` in `s` (clamped to the length), characters as [`char_len`]
/// counts them.
pub fn char_offset(s: &[u8], n: usize, utf8: bool) -> usize {
    if !utf8 || s.is_ascii() || std::str::from_utf8(s).is_err() {
        return n.min(s.len());
    }
    let mut count = 0;
    for (i, b) in s.iter().enumerate() {
        if b & 0xC0 != 0x80 {
            if count == n {
                return i;
            }
            count += 1;
        }
    }
    s.len()
}

/// An integer-conversion body for `n`, with huge values printed through `%.0f`.
fn int_conv(spec: &Spec, conv: u8, n: f64) -> Vec<u8> {
    if !n.is_finite() {
        let s = Spec {
            prec: None,
            zero: false,
            ..*spec
        };
        return fmt_float(&s, b'f', n);
    }
    let t = n.trunc();
    if t.abs() < 1.8e19 {
        let neg = t < 0.0;
        return fmt_int(spec, conv, neg, t.abs() as u128);
    }
    if matches!(conv, b'd' | b'i') {
        let s = Spec {
            prec: Some(0),
            ..*spec
        };
        return fmt_float(&s, b'f', t);
    }
    fmt_int(spec, conv, t < 0.0, t.abs().min(u64::MAX as f64) as u128)
}

fn pad_str(spec: &Spec, body: &[u8], out: &mut Vec<u8>, utf8: bool) {
    let w = spec.width.unwrap_or(0);
    let len = char_len(body, utf8);
    if spec.minus {
        out.extend_from_slice(body);
    }
    for _ in len..w {
        out.push(b' ');
    }
    if !spec.minus {
        out.extend_from_slice(body);
    }
}

/// Formats `fmt` with `args` in a UTF-8 locale. `Err` carries gawk's fatal message (too few
/// arguments).
pub fn sprintf(fmt: &[u8], args: &[Value], convfmt: &[u8]) -> (Vec<u8>, Option<String>) {
    let mut out = Vec::new();
    let err = sprintf_into(&mut out, fmt, args, convfmt, true);
    (out, err)
}

/// Appends `fmt` formatted with `args` to `out`; widths, precisions and `%c` count characters
/// when `utf8` (a UTF-8 locale), else bytes. Returns gawk's fatal message for too few
/// arguments.
pub fn sprintf_into(
    out: &mut Vec<u8>,
    fmt: &[u8],
    args: &[Value],
    convfmt: &[u8],
    utf8: bool,
) -> Option<String> {
    let mut next = 0usize;
    let mut i = 0;
    let mut missing = None;
    while i < fmt.len() {
        let c = fmt[i];
        if c != b'%' {
            out.push(c);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        let mut spec = Spec::default();
        while i < fmt.len() {
            match fmt[i] {
                b'-' => spec.minus = true,
                b'+' => spec.plus = true,
                b' ' => spec.space = true,
                b'#' => spec.alt = true,
                b'0' => spec.zero = true,
                b'\'' => {}
                _ => break,
            }
            i += 1;
        }
        let take_arg = |next: &mut usize| -> Option<Value> {
            let a = args.get(*next).cloned();
            *next += 1;
            a
        };
        if fmt.get(i) == Some(&b'*') {
            i += 1;
            match take_arg(&mut next) {
                Some(v) => {
                    let w = v.num();
                    if w < 0.0 {
                        spec.minus = true;
                    }
                    spec.width = Some((w.abs() as usize).min(1 << 20));
                }
                None => {
                    missing.get_or_insert_with(|| ran_out(fmt, i - 1));
                }
            }
        } else {
            let ws = i;
            while i < fmt.len() && fmt[i].is_ascii_digit() {
                i += 1;
            }
            if i > ws {
                let w: usize = std::str::from_utf8(&fmt[ws..i])
                    .ok()
                    .and_then(|t| t.parse().ok())
                    .unwrap_or(0);
                spec.width = Some(w.min(1 << 20));
            }
        }
        if fmt.get(i) == Some(&b'.') {
            i += 1;
            if fmt.get(i) == Some(&b'*') {
                i += 1;
                match take_arg(&mut next) {
                    Some(v) => {
                        let p = v.num();
                        spec.prec = if p < 0.0 {
                            None
                        } else {
                            Some((p as usize).min(1 << 20))
                        };
                    }
                    None => {
                        missing.get_or_insert_with(|| ran_out(fmt, i - 1));
                    }
                }
            } else {
                let ps = i;
                while i < fmt.len() && fmt[i].is_ascii_digit() {
                    i += 1;
                }
                let p: usize = std::str::from_utf8(&fmt[ps..i])
                    .ok()
                    .and_then(|t| t.parse().ok())
                    .unwrap_or(0);
                spec.prec = Some(p.min(1 << 20));
            }
        }
        // Length modifiers are accepted and ignored.
        while i < fmt.len() && matches!(fmt[i], b'h' | b'l' | b'L' | b'q' | b'j' | b'z' | b't') {
            i += 1;
        }
        let Some(&conv) = fmt.get(i) else {
            // A lone trailing `%...` is printed as is.
            out.extend_from_slice(&fmt[start..]);
            break;
        };
        i += 1;
        if conv == b'%' {
            out.push(b'%');
            continue;
        }
        if !b"diouxXcseEfFgGaA".contains(&conv) {
            // Unknown conversion: printed literally (gawk warns).
            out.extend_from_slice(&fmt[start..i]);
            continue;
        }
        let Some(arg) = take_arg(&mut next) else {
            missing.get_or_insert_with(|| ran_out(fmt, i - 1));
            out.extend_from_slice(&fmt[start..i]);
            continue;
        };
        match conv {
            b'd' | b'i' => out.extend(int_conv(&spec, b'd', arg.num())),
            b'o' | b'u' | b'x' | b'X' => out.extend(int_conv(&spec, conv, arg.num())),
            b'e' | b'E' | b'f' | b'F' | b'g' | b'G' => {
                out.extend(fmt_float(&spec, conv, arg.num()));
            }
            b'a' | b'A' => out.extend(fmt_float(
                &spec,
                if conv == b'a' { b'e' } else { b'E' },
                arg.num(),
            )),
            b'c' => {
                let body: Vec<u8> = if arg.is_numeric() && !matches!(arg, Value::Uninit) {
                    let n = arg.num();
                    let code = if n.is_finite() && n >= 0.0 {
                        n as u64
                    } else {
                        0
                    };
                    if code < 128 || !utf8 {
                        // In the C locale a code is one byte (its low eight bits).
                        vec![code as u8]
                    } else {
                        match char::from_u32(code as u32) {
                            Some(ch) if code <= 0x10FFFF => ch.to_string().into_bytes(),
                            _ => vec![code as u8],
                        }
                    }
                } else {
                    let s = arg.to_bytes(convfmt);
                    let end = char_offset(&s, 1, utf8);
                    s[..end].to_vec()
                };
                pad_str(&spec, &body, out, utf8);
            }
            _ => {
                // %s
                let s = match &arg {
                    Value::Num(n) => super::value::num_to_str(*n, convfmt).into(),
                    v => v.to_bytes(convfmt),
                };
                let body = match spec.prec {
                    Some(p) => &s[..char_offset(&s, p, utf8)],
                    None => &s[..],
                };
                pad_str(&spec, body, out, utf8);
            }
        }
    }
    missing
}

/// gawk's message when the arguments run out: the format, then a caret under the `*` or
/// conversion that found none.
fn ran_out(fmt: &[u8], at: usize) -> String {
    format!(
        "not enough arguments to satisfy format string\n\t`{}'\n\t{}^ ran out for this one",
        String::from_utf8_lossy(fmt),
        " ".repeat(at)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(fmt: &str, args: &[Value]) -> String {
        String::from_utf8(sprintf(fmt.as_bytes(), args, b"%.6g").0).unwrap()
    }

    #[test]
    fn conversions() {
        let n = |x: f64| Value::Num(x);
        assert_eq!(
            f(
                "%d|%5.2f|%-4s|%x",
                &[n(42.9), n(1.23456), Value::str(b"ab"), n(255.0)]
            ),
            "42| 1.23|ab  |ff"
        );
        assert_eq!(f("%c%c", &[n(65.0), Value::str(b"xyz")]), "Ax");
        assert_eq!(
            f("%*d|%.*s", &[n(4.0), n(7.0), n(2.0), Value::str(b"hello")]),
            "   7|he"
        );
        assert_eq!(
            f("%e %G %%", &[n(1234.5), n(0.0001)]),
            "1.234500e+03 0.0001 %"
        );
        assert_eq!(
            f("%05d %+d % d", &[n(-42.0), n(5.0), n(5.0)]),
            "-0042 +5  5"
        );
        assert_eq!(
            f("%i %o %X %u", &[n(8.0), n(8.0), n(254.0), n(3.0)]),
            "8 10 FE 3"
        );
        assert_eq!(
            f("%.3s|%5c|", &[Value::str("héllo".as_bytes()), n(66.0)]),
            "hél|    B|"
        );
        assert!(sprintf(b"%d %d", &[n(1.0)], b"%.6g").1.is_some());
    }
}
