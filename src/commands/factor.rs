//! `factor`: prime factors of integers up to 2^128 − 1 (Miller–Rabin and Pollard's rho, every
//! step metered). Operands, or whitespace-separated words of standard input.

use super::opts::{self, Out};
use crate::limits::cost;
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;

pub fn register(r: &mut super::Registry) {
    r.register(
        "factor",
        Trust::Real,
        "print prime factors",
        "[NUMBER]... (up to 2^128-1; standard input when none)",
        run,
    );
}

fn mul_mod(a: u128, b: u128, m: u128) -> u128 {
    if let (Ok(a64), Ok(b64)) = (u64::try_from(a), u64::try_from(b)) {
        if m <= u64::MAX as u128 {
            return (a64 as u128 * b64 as u128) % m;
        }
    }
    // Double-and-add: no 256-bit product needed.
    let (mut a, mut b, mut r) = (a % m, b % m, 0u128);
    while b > 0 {
        if b & 1 == 1 {
            r = add_mod(r, a, m);
        }
        a = add_mod(a, a, m);
        b >>= 1;
    }
    r
}

fn add_mod(a: u128, b: u128, m: u128) -> u128 {
    let (s, overflow) = a.overflowing_add(b);
    if overflow || s >= m {
        s.wrapping_sub(m)
    } else {
        s
    }
}

fn pow_mod(mut b: u128, mut e: u128, m: u128) -> u128 {
    let mut r = 1u128 % m;
    b %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, b, m);
        }
        b = mul_mod(b, b, m);
        e >>= 1;
    }
    r
}

/// Deterministic for n < 3.3e24 with these bases; beyond, a strong probable-prime test.
fn is_prime(n: u128) -> bool {
    if n < 2 {
        return false;
    }
    const BASES: [u128; 13] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41];
    for p in BASES {
        if n % p == 0 {
            return n == p;
        }
    }
    let (mut d, mut s) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        s += 1;
    }
    'bases: for a in BASES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A non-trivial factor of the composite `n` (Pollard's rho, Brent's variant).
fn rho(ctx: &CommandCtx, n: u128) -> Result<u128, Interrupt> {
    if n % 2 == 0 {
        return Ok(2);
    }
    let mut c = 1u128;
    loop {
        let f = |x: u128| add_mod(mul_mod(x, x, n), c, n);
        let (mut x, mut y, mut d) = (2u128, 2u128, 1u128);
        let mut steps = 0u64;
        while d == 1 {
            x = f(x);
            y = f(f(y));
            d = gcd(x.abs_diff(y), n);
            steps += 1;
            if steps % 64 == 0 {
                ctx.charge(cost::NUMBER_STEP * 64)?;
            }
        }
        if d != n {
            return Ok(d);
        }
        c += 1;
    }
}

fn factor(ctx: &CommandCtx, n: u128, out: &mut Vec<u128>) -> Result<(), Interrupt> {
    if n < 2 {
        // 0 and 1 have no prime factors.
        return Ok(());
    }
    let mut n = n;
    for p in [2u128, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47] {
        while n % p == 0 {
            out.push(p);
            n /= p;
        }
    }
    let mut stack = vec![n];
    while let Some(m) = stack.pop() {
        ctx.charge(cost::NUMBER_STEP)?;
        if m == 1 {
            continue;
        }
        if is_prime(m) {
            out.push(m);
            continue;
        }
        let d = rho(ctx, m)?;
        stack.push(d);
        stack.push(m / d);
    }
    out.sort_unstable();
    Ok(())
}

/// GNU accepts leading blanks and one `+`.
fn parse(word: &[u8]) -> Option<u128> {
    let t = word.trim_ascii_start();
    let t = t.strip_prefix(b"+").unwrap_or(t);
    if t.is_empty() || !t.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(t).ok()?.parse().ok()
}

async fn one(ctx: &CommandCtx, word: &[u8], out: &mut Out) -> Result<bool, Interrupt> {
    match parse(word) {
        Some(n) => {
            let mut fs = Vec::new();
            factor(ctx, n, &mut fs)?;
            let mut line = format!("{n}:");
            for f in fs {
                line.push(' ');
                line.push_str(&f.to_string());
            }
            line.push('\n');
            out.push(line.as_bytes());
            out.maybe_flush(ctx).await?;
            Ok(true)
        }
        None => {
            out.flush(ctx).await?;
            let digits = word.trim_ascii_start();
            let digits = digits.strip_prefix(b"+").unwrap_or(digits);
            if !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) {
                ctx.diag(format!("{} is too large", opts::quote(ctx, word)))
                    .await?;
            } else {
                ctx.diag(format!(
                    "{} is not a valid positive integer",
                    opts::quote(ctx, word)
                ))
                .await?;
            }
            Ok(false)
        }
    }
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    // getopt as GNU's: `-3` is an (invalid) option, `-- -3` an invalid number.
    let args = match opts::parse(ctx, opts::Parser::new(&[]), 1).await? {
        Ok(p) => p.operands,
        Err(s) => return Ok(s),
    };
    let mut out = Out::new();
    let mut ok = true;
    if args.is_empty() {
        let input = super::textio::slurp_quiet(ctx, b"-").await?;
        ctx.charge_bytes(input.len())?;
        for w in input
            .split(|b| b.is_ascii_whitespace())
            .filter(|w| !w.is_empty())
        {
            ok &= one(ctx, w, &mut out).await?;
        }
    } else {
        for a in &args {
            ok &= one(ctx, a, &mut out).await?;
        }
    }
    out.flush(ctx).await?;
    Ok(if ok { 0 } else { 1 })
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use crate::commands::testutil::{run, text};

    #[test]
    fn factors_like_gnu() {
        let r = text(run(
            &[
                "factor",
                "0",
                "1",
                " +2",
                "1024",
                "18446744073709551615",
                "4611686018427387903",
            ],
            b"",
        ));
        assert_eq!(
            r.1,
            "0:\n1:\n2: 2\n1024: 2 2 2 2 2 2 2 2 2 2\n18446744073709551615: 3 5 17 257 641 65537 6700417\n4611686018427387903: 3 715827883 2147483647\n"
        );
        let r = text(run(
            &["factor", "340282366920938463463374607431768211455"],
            b"",
        ));
        assert_eq!(r.1, "340282366920938463463374607431768211455: 3 5 17 257 641 65537 274177 6700417 67280421310721\n");
        let r = text(run(&["factor", "12", "x", "7"], b""));
        assert_eq!(
            (r.0, r.1.as_str(), r.2.as_str()),
            (
                1,
                "12: 2 2 3\n7: 7\n",
                "factor: 'x' is not a valid positive integer\n"
            )
        );
        let r = text(run(&["factor"], b"10 20\n"));
        assert_eq!(r.1, "10: 2 5\n20: 2 2 5\n");
        let r = text(run(&["factor", "4", "-3"], b""));
        assert_eq!((r.0, r.1.as_str()), (1, ""));
        assert!(r.2.starts_with("factor: invalid option -- '3'\n"));
        let r = text(run(&["factor", "--", "-3"], b""));
        assert_eq!(r.0, 1);
    }
}
