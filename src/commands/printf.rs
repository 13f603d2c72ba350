//! `printf` (coreutils): C-style formatting with the format reused while arguments remain.

use super::echo::escape_at;
use super::opts::{self, Quoting};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;

struct State<'a> {
    args: &'a [Vec<u8>],
    next: usize,
    out: Vec<u8>,
    status: i32,
    warnings: Vec<String>,
    quoting: Quoting,
}

impl State<'_> {
    fn arg(&mut self) -> Option<&[u8]> {
        let a = self.args.get(self.next).map(|v| v.as_slice());
        if a.is_some() {
            self.next += 1;
        }
        a
    }
    fn warn(&mut self, m: String) {
        self.warnings.push(m);
    }
}

/// Parses an integer argument like coreutils `vstrtoimax` (char constants, 0x, octal).
fn parse_int(st: &mut State, a: &[u8], unsigned: bool) -> (bool, u128) {
    // Returns (negative, magnitude).
    if a.is_empty() {
        return (false, 0);
    }
    if a[0] == b'\'' || a[0] == b'"' {
        if a.len() < 2 {
            st.warn(format!("{}: expected a numeric value", st.quoting.quote(a)));
            st.status = 1;
            return (false, 0);
        }
        let (cp, used) = match std::str::from_utf8(&a[1..])
            .ok()
            .and_then(|s| s.chars().next())
        {
            Some(ch) if ch as u32 >= 128 => (ch as u32 as u128, ch.len_utf8()),
            _ => (a[1] as u128, 1),
        };
        if a.len() > 1 + used {
            st.warn(format!(
                "warning: {}: character(s) following character constant have been ignored",
                String::from_utf8_lossy(&a[1 + used..])
            ));
        }
        return (false, cp);
    }
    let s = a.trim_ascii_start();
    let (neg, body) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let (radix, digits) = if body.len() > 2
        && (body.starts_with(b"0x") || body.starts_with(b"0X"))
        && body[2].is_ascii_hexdigit()
    {
        (16, &body[2..])
    } else if body.len() > 1 && body[0] == b'0' {
        (8, &body[1..])
    } else {
        (10, body)
    };
    let mut v: u128 = 0;
    let mut n = 0;
    let mut overflow = false;
    for &b in digits {
        let d = match (b as char).to_digit(radix) {
            Some(d) => d,
            None => break,
        };
        v = v * radix as u128 + d as u128;
        if v > u64::MAX as u128 * 2 {
            overflow = true;
            v = u64::MAX as u128 * 2;
        }
        n += 1;
    }
    let consumed = n > 0 || radix == 8;
    if !consumed {
        st.warn(format!("{}: expected a numeric value", st.quoting.quote(a)));
        st.status = 1;
        return (false, 0);
    }
    let limit: u128 = if unsigned {
        u64::MAX as u128
    } else if neg {
        1u128 << 63
    } else {
        i64::MAX as u128
    };
    if overflow || v > limit {
        st.warn(format!(
            "{}: Numerical result out of range",
            st.quoting.quote(a)
        ));
        st.status = 1;
        v = limit;
    } else if n < digits.len() {
        st.warn(format!(
            "{}: value not completely converted",
            st.quoting.quote(a)
        ));
        st.status = 1;
    }
    (neg && v != 0, v)
}

fn parse_float(st: &mut State, a: &[u8]) -> f64 {
    if a.is_empty() {
        return 0.0;
    }
    if a[0] == b'\'' || a[0] == b'"' {
        let (_, v) = parse_int(st, a, false);
        return v as f64;
    }
    let s = String::from_utf8_lossy(a.trim_ascii_start()).into_owned();
    // Longest prefix that parses.
    let mut best = None;
    for end in (1..=s.len()).rev() {
        if !s.is_char_boundary(end) {
            continue;
        }
        let t = &s[..end];
        let (neg, body) = match t.strip_prefix('-') {
            Some(b) => (true, b),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
            i64::from_str_radix(h, 16).ok().map(|v| v as f64)
        } else if body
            .bytes()
            .all(|b| b.is_ascii_digit() || b"eE.+-".contains(&b))
            || ["inf", "infinity", "nan"].contains(&body.to_ascii_lowercase().as_str())
        {
            body.parse::<f64>().ok()
        } else {
            None
        };
        if let Some(v) = v {
            best = Some((end, if neg { -v } else { v }));
            break;
        }
    }
    match best {
        None => {
            st.warn(format!("{}: expected a numeric value", st.quoting.quote(a)));
            st.status = 1;
            0.0
        }
        Some((end, v)) => {
            if end < s.len() {
                st.warn(format!(
                    "{}: value not completely converted",
                    st.quoting.quote(a)
                ));
                st.status = 1;
            }
            v
        }
    }
}

#[derive(Default, Clone, Copy)]
pub struct Spec {
    pub minus: bool,
    pub plus: bool,
    pub space: bool,
    pub alt: bool,
    pub zero: bool,
    pub width: Option<usize>,
    pub prec: Option<usize>,
}

fn pad(spec: &Spec, body: Vec<u8>, zero_from: Option<usize>) -> Vec<u8> {
    let w = spec.width.unwrap_or(0);
    if body.len() >= w {
        return body;
    }
    let fill = w - body.len();
    if spec.minus {
        let mut b = body;
        b.extend(std::iter::repeat_n(b' ', fill));
        b
    } else if let Some(at) = zero_from {
        let mut b = body[..at].to_vec();
        b.extend(std::iter::repeat_n(b'0', fill));
        b.extend_from_slice(&body[at..]);
        b
    } else {
        let mut b = vec![b' '; fill];
        b.extend(body);
        b
    }
}

/// Formats an integer conversion (`d i o u x X`).
pub fn fmt_int(spec: &Spec, conv: u8, neg: bool, mag: u128) -> Vec<u8> {
    let signed = matches!(conv, b'd' | b'i');
    let (neg, mag) = if !signed && neg {
        (false, (u64::MAX as u128 + 1 - mag) & u64::MAX as u128)
    } else {
        (neg, mag)
    };
    let mut digits = match conv {
        b'o' => format!("{mag:o}"),
        b'x' => format!("{mag:x}"),
        b'X' => format!("{mag:X}"),
        _ => format!("{mag}"),
    };
    if spec.prec == Some(0) && mag == 0 {
        digits.clear();
    }
    if let Some(p) = spec.prec {
        while digits.len() < p {
            digits.insert(0, '0');
        }
    }
    let mut prefix = String::new();
    if signed {
        if neg {
            prefix.push('-');
        } else if spec.plus {
            prefix.push('+');
        } else if spec.space {
            prefix.push(' ');
        }
    }
    if spec.alt {
        match conv {
            b'o' if !digits.starts_with('0') => digits.insert(0, '0'),
            b'x' if mag != 0 => prefix.push_str("0x"),
            b'X' if mag != 0 => prefix.push_str("0X"),
            _ => {}
        }
    }
    let zero = spec.zero && spec.prec.is_none() && !spec.minus;
    let plen = prefix.len();
    pad(spec, (prefix + &digits).into_bytes(), zero.then_some(plen))
}

/// C `%e` mantissa/exponent text for `v` (finite) with `prec` digits.
fn exp_form(v: f64, prec: usize, upper: bool) -> String {
    let s = format!("{:.*e}", prec, v.abs());
    let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let sign = if e < 0 { '-' } else { '+' };
    let out = format!("{m}{}{sign}{:02}", if upper { 'E' } else { 'e' }, e.abs());
    out
}

/// Formats a floating conversion (`e E f F g G`).
pub fn fmt_float(spec: &Spec, conv: u8, v: f64) -> Vec<u8> {
    let upper = conv.is_ascii_uppercase();
    let neg = v.is_sign_negative() && !v.is_nan();
    let mut sign = String::new();
    if neg {
        sign.push('-');
    } else if spec.plus {
        sign.push('+');
    } else if spec.space {
        sign.push(' ');
    }
    if !v.is_finite() {
        let t = if v.is_nan() { "nan" } else { "inf" };
        let t = if upper {
            t.to_uppercase()
        } else {
            t.to_string()
        };
        let s = Spec {
            zero: false,
            ..*spec
        };
        return pad(&s, (sign + &t).into_bytes(), None);
    }
    let prec = spec.prec.unwrap_or(6);
    let a = v.abs();
    let body = match conv.to_ascii_lowercase() {
        b'f' => {
            let mut s = format!("{:.*}", prec, a);
            if spec.alt && prec == 0 {
                s.push('.');
            }
            s
        }
        b'e' => {
            let mut s = exp_form(a, prec, upper);
            if spec.alt && prec == 0 {
                let i = s.find(['e', 'E']).unwrap_or(s.len());
                s.insert(i, '.');
            }
            s
        }
        _ => {
            let p = if prec == 0 { 1 } else { prec };
            let e = if a == 0.0 {
                0
            } else {
                let s = exp_form(a, p - 1, false);
                s.rsplit_once('e')
                    .map(|(_, x)| x.parse::<i32>().unwrap_or(0))
                    .unwrap_or(0)
            };
            let mut s = if e < -4 || e >= p as i32 {
                exp_form(a, p - 1, upper)
            } else {
                format!("{:.*}", (p as i32 - 1 - e) as usize, a)
            };
            if !spec.alt {
                let (m, x) = match s.find(['e', 'E']) {
                    Some(i) => (s[..i].to_string(), s[i..].to_string()),
                    None => (s.clone(), String::new()),
                };
                let m = if m.contains('.') {
                    m.trim_end_matches('0').trim_end_matches('.').to_string()
                } else {
                    m
                };
                s = m + &x;
            } else if !s.contains('.') {
                let i = s.find(['e', 'E']).unwrap_or(s.len());
                s.insert(i, '.');
            }
            s
        }
    };
    let zero = spec.zero && !spec.minus;
    let plen = sign.len();
    pad(spec, (sign + &body).into_bytes(), zero.then_some(plen))
}

enum Step {
    Continue,
    Stop,
    Fail,
}

async fn format_once(ctx: &CommandCtx, st: &mut State<'_>, fmt: &[u8]) -> Result<Step, Interrupt> {
    let mut i = 0;
    while i < fmt.len() {
        let c = fmt[i];
        if c == b'\\' {
            if i + 1 < fmt.len() && (fmt[i + 1] == b'u' || fmt[i + 1] == b'U') {
                let n = if fmt[i + 1] == b'u' { 4 } else { 8 };
                let hex = &fmt[i + 2..(i + 2 + n).min(fmt.len())];
                if hex.len() == n && hex.iter().all(|b| b.is_ascii_hexdigit()) {
                    let v = u32::from_str_radix(std::str::from_utf8(hex).unwrap_or("0"), 16)
                        .unwrap_or(0);
                    if let Some(ch) = char::from_u32(v) {
                        st.out.extend_from_slice(ch.to_string().as_bytes());
                    }
                    i += 2 + n;
                    continue;
                }
                ctx.diag("missing hexadecimal number in escape").await?;
                return Ok(Step::Fail);
            }
            if i + 1 < fmt.len() && (b'0'..=b'7').contains(&fmt[i + 1]) {
                let mut v = 0u32;
                let mut j = i + 1;
                while j < fmt.len() && j < i + 4 && (b'0'..=b'7').contains(&fmt[j]) {
                    v = v * 8 + (fmt[j] - b'0') as u32;
                    j += 1;
                }
                st.out.push(v as u8);
                i = j;
                continue;
            }
            if i + 1 < fmt.len()
                && fmt[i + 1] == b'x'
                && !fmt.get(i + 2).is_some_and(|b| b.is_ascii_hexdigit())
            {
                ctx.diag("missing hexadecimal number in escape").await?;
                return Ok(Step::Fail);
            }
            let (bytes, next, stop) = escape_at(fmt, i + 1, false);
            if stop {
                return Ok(Step::Stop);
            }
            st.out.extend_from_slice(&bytes);
            i = next;
            continue;
        }
        if c != b'%' {
            st.out.push(c);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        match fmt.get(i) {
            Some(b'%') => {
                st.out.push(b'%');
                i += 1;
                continue;
            }
            Some(b'b') => {
                i += 1;
                let a = st.arg().unwrap_or(b"").to_vec();
                let mut j = 0;
                while j < a.len() {
                    if a[j] == b'\\' && j + 1 < a.len() {
                        let (bytes, next, stop) = escape_at(&a, j + 1, true);
                        if stop {
                            return Ok(Step::Stop);
                        }
                        st.out.extend_from_slice(&bytes);
                        j = next;
                    } else {
                        st.out.push(a[j]);
                        j += 1;
                    }
                }
                continue;
            }
            Some(b'q') => {
                i += 1;
                let a = st.arg().unwrap_or(b"").to_vec();
                st.out.extend(st.quoting.shell_escape(&a).into_bytes());
                continue;
            }
            _ => {}
        }
        let mut spec = Spec::default();
        let mut ok_alt = true;
        let mut ok_cs = true;
        let mut ok_prec_c = true;
        let mut grouping = false;
        while let Some(&f) = fmt.get(i) {
            match f {
                b'-' => spec.minus = true,
                b'+' => spec.plus = true,
                b' ' => spec.space = true,
                b'#' => spec.alt = true,
                b'0' => spec.zero = true,
                b'\'' | b'I' => grouping = true,
                _ => break,
            }
            i += 1;
        }
        if spec.alt {
            ok_alt = false;
        }
        if spec.zero {
            ok_cs = false;
        }
        let star = |st: &mut State, i: &mut usize| -> Option<i64> {
            if fmt.get(*i) == Some(&b'*') {
                *i += 1;
                let a = st.arg().unwrap_or(b"").to_vec();
                let (neg, v) = parse_int(st, &a, false);
                let v = v.min(i32::MAX as u128) as i64;
                return Some(if neg { -v } else { v });
            }
            let s = *i;
            while fmt.get(*i).is_some_and(|b| b.is_ascii_digit()) {
                *i += 1;
            }
            if *i > s {
                return std::str::from_utf8(&fmt[s..*i])
                    .ok()?
                    .parse::<i64>()
                    .ok()
                    .map(|v| v.min(i32::MAX as i64));
            }
            None
        };
        if let Some(w) = star(st, &mut i) {
            if w < 0 {
                spec.minus = true;
            }
            spec.width = Some(w.unsigned_abs() as usize);
        }
        if fmt.get(i) == Some(&b'.') {
            i += 1;
            ok_prec_c = false;
            let p = star(st, &mut i).unwrap_or(0);
            spec.prec = if p < 0 { None } else { Some(p as usize) };
        }
        while fmt.get(i).is_some_and(|b| b"hlLjzt".contains(b)) {
            i += 1;
        }
        let conv = fmt.get(i).copied();
        let end = (i + 1).min(fmt.len());
        let valid = match conv {
            Some(b'd' | b'i' | b'u') => ok_alt,
            Some(b'o' | b'x' | b'X') => !grouping,
            Some(b'c') => ok_alt && ok_cs && ok_prec_c && !grouping,
            Some(b's') => ok_alt && ok_cs && !grouping,
            Some(b'e' | b'E' | b'f' | b'F' | b'g' | b'G') => true,
            _ => false,
        };
        if !valid {
            ctx.out(&std::mem::take(&mut st.out)).await?;
            ctx.diag(format!(
                "{}: invalid conversion specification",
                String::from_utf8_lossy(&fmt[start..end])
            ))
            .await?;
            return Ok(Step::Fail);
        }
        i = end;
        let conv = conv.unwrap_or(b's');
        let a = st.arg().map(|v| v.to_vec());
        let piece = match conv {
            b'c' => {
                let b = a.as_ref().and_then(|a| a.first().copied()).unwrap_or(0);
                pad(&spec, vec![b], None)
            }
            b's' => {
                let mut s = a.unwrap_or_default();
                if let Some(p) = spec.prec {
                    s.truncate(p);
                }
                pad(&spec, s, None)
            }
            b'd' | b'i' | b'o' | b'u' | b'x' | b'X' => {
                let (neg, mag) = parse_int(
                    st,
                    a.as_deref().unwrap_or(b""),
                    !matches!(conv, b'd' | b'i'),
                );
                fmt_int(&spec, conv, neg, mag)
            }
            _ => {
                let v = parse_float(st, a.as_deref().unwrap_or(b""));
                fmt_float(&spec, conv, v)
            }
        };
        st.out.extend(piece);
        if !st.warnings.is_empty() {
            ctx.out(&std::mem::take(&mut st.out)).await?;
            for w in std::mem::take(&mut st.warnings) {
                ctx.diag(w).await?;
            }
        }
    }
    Ok(Step::Continue)
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let mut args = ctx.args();
    if args.len() == 1 && (args[0] == b"--help" || args[0] == b"--version") {
        return match opts::parse(ctx, opts::Parser::new(&[]), 1).await? {
            Ok(_) => Ok(0),
            Err(s) => Ok(s),
        };
    }
    if args.first().is_some_and(|a| a == b"--") {
        args = &args[1..];
    }
    let Some(fmt) = args.first() else {
        return opts::usage(ctx, "missing operand", 1).await;
    };
    let mut st = State {
        args: &args[1..],
        next: 0,
        out: Vec::new(),
        status: 0,
        warnings: Vec::new(),
        quoting: Quoting::of(ctx),
    };
    loop {
        let before = st.next;
        let step = format_once(ctx, &mut st, fmt).await?;
        ctx.charge_bytes(st.out.len())?;
        if st.out.len() >= opts::OUT_CHUNK {
            ctx.out(&std::mem::take(&mut st.out)).await?;
        }
        match step {
            Step::Stop => break,
            Step::Fail => {
                ctx.out(&std::mem::take(&mut st.out)).await?;
                return Ok(1);
            }
            Step::Continue => {}
        }
        if st.next >= st.args.len() {
            break;
        }
        if st.next == before {
            ctx.out(&std::mem::take(&mut st.out)).await?;
            ctx.diag(format!(
                "warning: ignoring excess arguments, starting with {}",
                opts::quote(ctx, &st.args[st.next])
            ))
            .await?;
            break;
        }
    }
    ctx.out(&st.out).await?;
    Ok(st.status)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn p(args: &[&str]) -> (i32, String, String) {
        let mut v = vec!["printf"];
        v.extend_from_slice(args);
        text(run(&v, b""))
    }

    #[test]
    fn integers() {
        assert_eq!(p(&["%ld|%5.2hd|\\n", "3", "4"]).1, "3|   04|\n");
        assert_eq!(
            p(&[
                "%#o %#x %+d % d %05d %-5d| %.3d\\n",
                "8",
                "255",
                "5",
                "5",
                "-42",
                "7",
                "7"
            ])
            .1,
            "010 0xff +5  5 -0042 7    | 007\n"
        );
        assert_eq!(
            p(&["%u %x\\n", "-1", "-1"]).1,
            "18446744073709551615 ffffffffffffffff\n"
        );
        assert_eq!(p(&["%d\\n", "abc", "1a", "'a", "0x10", "010"]), (1, "0\n1\n97\n16\n8\n".into(), "printf: 'abc': expected a numeric value\nprintf: '1a': value not completely converted\n".into()));
        assert_eq!(
            p(&[
                "%.3d|%-+5d|%x|%X|%#X|%#o|%-08d|%08.3d\\n",
                "-5",
                "3",
                "255",
                "255",
                "255",
                "0",
                "5",
                "5"
            ])
            .1,
            "-005|+3   |ff|FF|0XFF|0|5       |     005\n"
        );
    }

    #[test]
    fn floats() {
        assert_eq!(
            p(&[
                "%5.1f %e %g %g %g %#g %G\\n",
                "3.14159",
                "12345.678",
                "0.0001",
                "1e-5",
                "123456789",
                "1",
                "1e20"
            ])
            .1,
            "  3.1 1.234568e+04 0.0001 1e-05 1.23457e+08 1.00000 1E+20\n"
        );
        assert_eq!(
            p(&["%f %F %e\\n", "inf", "-inf", "nan"]).1,
            "inf -INF nan\n"
        );
        assert_eq!(
            p(&["%05f|%-8.3e|%+g|% .2f\\n", "-inf", "12", "0", "-0.0"]).1,
            " -inf|1.200e+01|+0|-0.00\n"
        );
        assert_eq!(
            p(&[
                "%.0f %.0f %.0f %#.0f %.10g %g %g\\n",
                "0.5",
                "1.5",
                "2.5",
                "3",
                "0.1",
                "100000",
                "1000000"
            ])
            .1,
            "0 2 2 3. 0.1 100000 1e+06\n"
        );
        assert_eq!(
            p(&[
                "%10.4e|%-12g|%012.3f|%+.2e\\n",
                "3.14159",
                "2.5",
                "-3.14159",
                "0"
            ])
            .1,
            "3.1416e+00|2.5         |-0000003.142|+0.00e+00\n"
        );
    }

    #[test]
    fn strings_and_escapes() {
        assert_eq!(p(&["%s %s\\n", "a", "b", "c"]).1, "a b\nc \n");
        assert_eq!(
            run(&["printf", "%c%c\\n", "hello"], b"").1,
            b"h\0\n".to_vec()
        );
        assert_eq!(
            p(&["%*d|%-*.*f|\\n", "5", "1", "8", "2", "3.14159"]).1,
            "    1|3.14    |\n"
        );
        assert_eq!(
            p(&["%.3s|%10s|%-4s|\\n", "abcdef", "hi", "x"]).1,
            "abc|        hi|x   |\n"
        );
        assert_eq!(
            p(&["%b|", "\\0101", "\\101", "\\01011", "\\q", "a\\cb", "zz"]).1,
            "A|A|A1|\\q|a"
        );
        assert_eq!(
            p(&["%q %q %q %q\\n", "a b", "it's", "", "a$b"]).1,
            "'a b' \"it's\" '' 'a$b'\n"
        );
        assert_eq!(
            run(&["printf", "\\101\\0101\\q\\x41|"], b"").1,
            b"A\x081\\qA|".to_vec()
        );
        assert_eq!(p(&["abc\\c", "x"]).1, "abc");
    }

    #[test]
    fn errors() {
        assert_eq!(
            p(&[]),
            (
                1,
                String::new(),
                "printf: missing operand\nTry 'printf --help' for more information.\n".into()
            )
        );
        assert_eq!(
            p(&["%5s|%05s|", "ab", "c"]),
            (
                1,
                "   ab|".into(),
                "printf: %05s: invalid conversion specification\n".into()
            )
        );
        assert_eq!(
            p(&["%"]),
            (
                1,
                String::new(),
                "printf: %: invalid conversion specification\n".into()
            )
        );
        assert_eq!(
            p(&["x\\n", "a"]),
            (
                0,
                "x\n".into(),
                "printf: warning: ignoring excess arguments, starting with 'a'\n".into()
            )
        );
        assert_eq!(
            p(&["%d %d\\n", "9223372036854775808", "-9223372036854775808"]),
            (
                1,
                "9223372036854775807 -9223372036854775808\n".into(),
                "printf: '9223372036854775808': Numerical result out of range\n".into()
            )
        );
    }
}
