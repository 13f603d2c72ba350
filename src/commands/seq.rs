//! `seq`: print a numeric sequence. Decimal operands are computed exactly (scaled integers),
//! so `seq 0 0.1 1` ends at `1.0` as GNU's long-double code does.

use super::opts::{self, flag, req, OptDef, Out, Parser, Quoting};
use super::printf::{fmt_float, Spec};
use crate::limits::cost;
use crate::process::command::CommandCtx;
use crate::process::Interrupt;

const DEFS: &[OptDef] = &[
    req(b'f', "format"),
    req(b's', "separator"),
    flag(b'w', "equal-width"),
];

/// An operand: value = mant / 10^prec (or an infinity), plus its printed width.
#[derive(Clone, Copy, Debug)]
struct Num {
    mant: i128,
    prec: u32,
    width: usize,
    inf: i8,
}

fn parse_num(a: &[u8]) -> Option<Num> {
    let s = std::str::from_utf8(a).ok()?.trim_ascii();
    let body = s.strip_prefix('+').unwrap_or(s);
    let (neg, digits) = match body.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, body),
    };
    let lower = digits.to_ascii_lowercase();
    if lower == "inf" || lower == "infinity" {
        return Some(Num {
            mant: 0,
            prec: 0,
            width: body.len(),
            inf: if neg { -1 } else { 1 },
        });
    }
    if let Some(h) = lower.strip_prefix("0x") {
        let v = i128::from_str_radix(h, 16).ok()?;
        return Some(Num {
            mant: if neg { -v } else { v },
            prec: 0,
            width: body.len(),
            inf: 0,
        });
    }
    let (m, e) = match lower.split_once('e') {
        Some((m, e)) => (m, e.parse::<i32>().ok()?),
        None => (lower.as_str(), 0),
    };
    let (ip, fp) = m.split_once('.').unwrap_or((m, ""));
    if ip.is_empty() && fp.is_empty() || !ip.bytes().chain(fp.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut mant: i128 = format!("{ip}{fp}")
        .trim_start_matches('0')
        .parse()
        .unwrap_or(0);
    let mut prec = fp.len() as i32 - e;
    while prec < 0 {
        mant = mant.checked_mul(10)?;
        prec += 1;
    }
    if neg {
        mant = -mant;
    }
    Some(Num {
        mant,
        prec: prec as u32,
        width: body.len(),
        inf: 0,
    })
}

fn rescale(n: &Num, to: u32) -> i128 {
    n.mant * 10i128.pow(to - n.prec)
}

/// Appends the text of `v / 10^prec` with exactly `prec` decimals, zero-padded after the sign
/// to `width`. Writes digits straight into `out`: seq prints one number per line, so this is
/// its whole inner loop.
fn push_fixed(out: &mut Vec<u8>, v: i128, prec: u32, width: usize) {
    let a = v.unsigned_abs();
    // Digits of `a`, least significant first; u128 has at most 39.
    let mut digits = [0u8; 40];
    let mut n = 0;
    let mut rest = a;
    if rest <= u64::MAX as u128 {
        let mut r = rest as u64;
        loop {
            digits[n] = b'0' + (r % 10) as u8;
            n += 1;
            r /= 10;
            if r == 0 {
                break;
            }
        }
    } else {
        loop {
            digits[n] = b'0' + (rest % 10) as u8;
            n += 1;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
    }
    let prec = prec as usize;
    // At least one integer digit, then `prec` fraction digits.
    while n < prec + 1 {
        digits[n] = b'0';
        n += 1;
    }
    let len = usize::from(v < 0) + n + usize::from(prec > 0);
    if v < 0 {
        out.push(b'-');
    }
    out.extend(std::iter::repeat_n(b'0', width.saturating_sub(len)));
    for i in (prec..n).rev() {
        out.push(digits[i]);
    }
    if prec > 0 {
        out.push(b'.');
        for i in (0..prec).rev() {
            out.push(digits[i]);
        }
    }
}

/// A user `-f` format split around its one directive.
struct UserFmt {
    pre: String,
    spec: Spec,
    conv: u8,
    post: String,
}

fn parse_format(q: Quoting, f: &[u8]) -> Result<UserFmt, String> {
    let s = String::from_utf8_lossy(f).into_owned();
    let b = s.as_bytes();
    let q = q.quote(f);
    let mut pre = String::new();
    let mut i = 0;
    let unescape = |t: &str| t.replace("%%", "%");
    while i < b.len() {
        if b[i] == b'%' {
            if b.get(i + 1) == Some(&b'%') {
                i += 2;
                continue;
            }
            break;
        }
        i += 1;
    }
    if i >= b.len() {
        return Err(format!("format {q} has no % directive"));
    }
    pre.push_str(&unescape(&s[..i]));
    i += 1;
    let mut spec = Spec::default();
    while let Some(&c) = b.get(i) {
        match c {
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
    let st = i;
    while b.get(i).is_some_and(|c| c.is_ascii_digit()) {
        i += 1;
    }
    if i > st {
        spec.width = s[st..i].parse().ok();
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        let st = i;
        while b.get(i).is_some_and(|c| c.is_ascii_digit()) {
            i += 1;
        }
        spec.prec = Some(s[st..i].parse().unwrap_or(0));
    }
    if b.get(i) == Some(&b'L') {
        i += 1;
    }
    let conv = b.get(i).copied().unwrap_or(0);
    if !b"eEfFgGaA".contains(&conv) || conv == 0 {
        return Err(format!(
            "format {q} has unknown %{} directive",
            s.get(i..i + 1).unwrap_or("")
        ));
    }
    let rest = &s[i + 1..];
    let rb = rest.as_bytes();
    let mut j = 0;
    while j < rb.len() {
        if rb[j] == b'%' {
            if rb.get(j + 1) == Some(&b'%') {
                j += 2;
                continue;
            }
            return Err(format!("format {q} has too many % directives"));
        }
        j += 1;
    }
    Ok(UserFmt {
        pre,
        spec,
        conv: if conv == b'a' || conv == b'A' {
            b'g'
        } else {
            conv
        },
        post: unescape(rest),
    })
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let parser = Parser {
        negative_numbers: true,
        ..Parser::new(DEFS)
    };
    let p = match opts::parse(ctx, parser, 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let sep = p.last(b's').unwrap_or(b"\n").to_vec();
    let width_eq = p.has(b'w');
    let user = match p.last(b'f') {
        Some(f) => {
            if width_eq {
                return opts::usage(
                    ctx,
                    "format string may not be specified when printing equal width strings",
                    1,
                )
                .await;
            }
            match parse_format(Quoting::of(ctx), f) {
                Ok(u) => Some(u),
                Err(m) => {
                    ctx.diag(m).await?;
                    return Ok(1);
                }
            }
        }
        None => None,
    };
    let ops = &p.operands;
    if ops.is_empty() {
        return opts::usage(ctx, "missing operand", 1).await;
    }
    if ops.len() > 3 {
        return opts::usage(
            ctx,
            &format!("extra operand {}", opts::quote(ctx, &ops[3])),
            1,
        )
        .await;
    }
    let mut nums = Vec::new();
    for o in ops {
        let t = o.trim_ascii();
        let t = t
            .strip_prefix(b"+")
            .or_else(|| t.strip_prefix(b"-"))
            .unwrap_or(t);
        if t.eq_ignore_ascii_case(b"nan") {
            let m = format!("invalid 'not-a-number' argument: {}", opts::quote(ctx, o));
            let m = if opts::utf8_locale(ctx) {
                m.replace("'not-a-number'", "\u{2018}not-a-number\u{2019}")
            } else {
                m
            };
            return opts::usage(ctx, &m, 1).await;
        }
        match parse_num(o) {
            Some(n) => nums.push(n),
            None => {
                return opts::usage(
                    ctx,
                    &format!("invalid floating point argument: {}", opts::quote(ctx, o)),
                    1,
                )
                .await
            }
        }
    }
    let one = Num {
        mant: 1,
        prec: 0,
        width: 1,
        inf: 0,
    };
    let (first, step, last) = match nums.len() {
        1 => (one, one, nums[0]),
        2 => (nums[0], one, nums[1]),
        _ => (nums[0], nums[1], nums[2]),
    };
    if step.inf == 0 && step.mant == 0 {
        return opts::usage(
            ctx,
            &format!(
                "invalid Zero increment value: {}",
                opts::quote(ctx, &ops[1])
            ),
            1,
        )
        .await;
    }
    if first.inf != 0 || step.inf != 0 {
        ctx.mark_partial("infinite FIRST or INCREMENT");
        ctx.diag("an infinite FIRST or INCREMENT is not supported in this simulator")
            .await?;
        return Ok(1);
    }
    // GNU prints a negative zero FIRST with its sign (only the first value is that zero).
    let neg_zero_first = nums.len() > 1 && first.mant == 0 && {
        let t = ops[0].trim_ascii();
        t.strip_prefix(b"+").unwrap_or(t).starts_with(b"-")
    };
    let prec = first.prec.max(step.prec);
    let scale = prec.max(last.prec);
    let width = if width_eq {
        let fw = first.width as i64
            + (prec as i64 - first.prec as i64)
            + i64::from(first.prec == 0 && prec > 0);
        let mut lw = last.width as i64 + (prec as i64 - last.prec as i64);
        if last.prec > 0 && prec == 0 {
            lw -= 1;
        }
        if last.prec == 0 && prec > 0 {
            lw += 1;
        }
        fw.max(lw).max(0) as usize
    } else {
        0
    };
    let f0 = rescale(&first, scale);
    let st = rescale(&step, scale);
    let l = if last.inf == 0 {
        Some(rescale(&last, scale))
    } else {
        None
    };
    let down = 10i128.pow(scale - prec);
    let mut out = Out::new();
    let mut i: i128 = 0;
    loop {
        let x = f0 + i * st;
        let past = match l {
            Some(l) => (st > 0 && x > l) || (st < 0 && x < l),
            None => (st > 0) != (last.inf > 0),
        };
        if past {
            break;
        }
        if i > 0 {
            out.push(&sep);
        }
        match &user {
            None if i == 0 && neg_zero_first => {
                out.buf.push(b'-');
                push_fixed(&mut out.buf, 0, prec, width.saturating_sub(1));
            }
            Some(u) if i == 0 && neg_zero_first => {
                out.push(u.pre.as_bytes());
                out.push(&fmt_float(&u.spec, u.conv, -0.0));
                out.push(u.post.as_bytes());
            }
            None => push_fixed(
                &mut out.buf,
                if down == 1 { x } else { x / down },
                prec,
                width,
            ),
            Some(u) => {
                let v = x as f64 / 10f64.powi(scale as i32);
                out.push(u.pre.as_bytes());
                out.push(&fmt_float(&u.spec, u.conv, v));
                out.push(u.post.as_bytes());
            }
        }
        ctx.charge(cost::LINE)?;
        out.maybe_flush(ctx).await?;
        i += 1;
    }
    if i > 0 {
        out.push(b"\n");
    }
    out.flush(ctx).await?;
    Ok(0)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn s(args: &[&str]) -> String {
        let mut v = vec!["seq"];
        v.extend_from_slice(args);
        let r = text(run(&v, b""));
        r.1.replace('\n', " ") + &r.2
    }

    #[test]
    fn sequences() {
        assert_eq!(s(&["3"]), "1 2 3 ");
        assert_eq!(s(&["-w", "-1", "1"]), "-1 00 01 ");
        assert_eq!(s(&["-w", "1", "0.5", "2.25"]), "1.0 1.5 2.0 ");
        assert_eq!(s(&["-w", "8", "11"]), "08 09 10 11 ");
        assert_eq!(s(&["-s", ",", "1", "3"]), "1,2,3 ");
        assert_eq!(s(&["1", "0.1", "1.3"]), "1.0 1.1 1.2 1.3 ");
        assert_eq!(s(&["0", "0.1", "1"]).split(' ').count(), 12);
        assert_eq!(s(&["-f", "%03.1f", "1", "3"]), "1.0 2.0 3.0 ");
        assert_eq!(s(&["5", "1"]), "");
        assert_eq!(s(&["-3", "-1"]), "-3 -2 -1 ");
        assert_eq!(
            s(&["-w", "0.5", "-0.25", "-1"]),
            "00.50 00.25 00.00 -0.25 -0.50 -0.75 -1.00 "
        );
        assert_eq!(s(&["1e2", "1e2"]), "100 ");
        assert_eq!(s(&["1.50", "2"]), "1.50 ");
        assert_eq!(s(&["-w", "1", "1.00", "3"]), "1.00 2.00 3.00 ");
        assert_eq!(s(&["-s", "ab", "3"]), "1ab2ab3 ");
        assert_eq!(s(&["1", "-0.5", "-1"]), "1.0 0.5 0.0 -0.5 -1.0 ");
        assert_eq!(s(&["-w", "010", "12"]), "010 011 012 ");
        assert_eq!(s(&["-f", "%%%.2e", "1"]), "%1.00e+00 ");
        assert_eq!(s(&["1.5e1", "16"]), "15 16 ");
    }

    #[test]
    fn fixed_point_text() {
        let f = |v: i128, prec: u32, width: usize| {
            let mut out = Vec::new();
            super::push_fixed(&mut out, v, prec, width);
            String::from_utf8(out).unwrap()
        };
        assert_eq!(f(0, 0, 0), "0");
        assert_eq!(f(-25, 2, 0), "-0.25");
        assert_eq!(f(5, 3, 7), "000.005");
        assert_eq!(f(-7, 0, 4), "-007");
        assert_eq!(f(u64::MAX as i128 + 1, 0, 0), "18446744073709551616");
        assert_eq!(f(i128::MIN + 1, 0, 0), format!("{}", i128::MIN + 1));
    }

    #[test]
    fn errors() {
        assert_eq!(s(&["-f", "x", "1"]), "seq: format 'x' has no % directive\n");
        assert_eq!(
            s(&["-f", "%d", "1"]),
            "seq: format '%d' has unknown %d directive\n"
        );
        assert_eq!(
            s(&["-f", "%g%g", "1"]),
            "seq: format '%g%g' has too many % directives\n"
        );
        assert_eq!(
            s(&["x"]),
            "seq: invalid floating point argument: 'x'\nTry 'seq --help' for more information.\n"
        );
        assert_eq!(
            s(&["1", "2", "3", "4"]),
            "seq: extra operand '4'\nTry 'seq --help' for more information.\n"
        );
        assert_eq!(
            s(&["1", "0", "3"]),
            "seq: invalid Zero increment value: '0'\nTry 'seq --help' for more information.\n"
        );
    }

    #[test]
    fn endless_with_infinite_last() {
        // `seq 1 inf` into a closed pipe ends by SIGPIPE rather than hanging.
        let r = run(&["seq", "1", "inf"], b"");
        assert_ne!(r.0, 0);
    }
}
