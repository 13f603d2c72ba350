//! `echo` (GNU `/bin/echo` semantics), `true` and `false`.

use crate::process::command::CommandCtx;
use crate::process::Interrupt;

/// Decodes one backslash escape at `s[i..]` (just after the backslash) for `echo -e` and
/// `printf %b`. Returns the bytes, the new index, and whether `\c` stopped output.
pub fn escape_at(s: &[u8], mut i: usize, printf_b: bool) -> (Vec<u8>, usize, bool) {
    let Some(&c) = s.get(i) else {
        return (b"\\".to_vec(), i, false);
    };
    i += 1;
    let simple = match c {
        b'a' => Some(7),
        b'b' => Some(8),
        b'e' => Some(0x1b),
        b'f' => Some(12),
        b'n' => Some(b'\n'),
        b'r' => Some(b'\r'),
        b't' => Some(b'\t'),
        b'v' => Some(11),
        b'\\' => Some(b'\\'),
        _ => None,
    };
    if let Some(b) = simple {
        return (vec![b], i, false);
    }
    match c {
        b'c' => (Vec::new(), i, true),
        b'x' => {
            let mut v: u32 = 0;
            let mut n = 0;
            while n < 2 && i < s.len() && s[i].is_ascii_hexdigit() {
                v = v * 16 + (s[i] as char).to_digit(16).unwrap_or(0);
                i += 1;
                n += 1;
            }
            if n == 0 {
                return (b"\\x".to_vec(), i, false);
            }
            (vec![v as u8], i, false)
        }
        b'0'..=b'7' => {
            // echo: \0NNN or \NNN; printf %b: \0NNN only (\NNN without 0 is literal... but
            // coreutils printf %b also accepts \NNN).
            let mut v: u32 = 0;
            let mut max = 3;
            if c == b'0' {
                max = 3;
            } else {
                v = (c - b'0') as u32;
                max -= 1;
            }
            let _ = printf_b;
            let mut n = 0;
            while n < max && i < s.len() && (b'0'..=b'7').contains(&s[i]) {
                v = v * 8 + (s[i] - b'0') as u32;
                i += 1;
                n += 1;
            }
            (vec![(v & 0xff) as u8], i, false)
        }
        _ => (vec![b'\\', c], i, false),
    }
}

/// coreutils `echo`, `true` and `false` take `--help` and `--version` only as their sole
/// argument (anything else is printed or ignored); `Some(status)` when one was handled.
/// `help_status` is what the program exits with after its help.
async fn lone_gnu_option(ctx: &CommandCtx, help_status: i32) -> Result<Option<i32>, Interrupt> {
    match ctx.args() {
        [a] if a == b"--version" => {
            ctx.out(format!("{} (GNU coreutils) 9.1\n", ctx.name()).as_bytes())
                .await?;
            Ok(Some(0))
        }
        [a] if a == b"--help" => {
            ctx.mark_partial("--help is not modeled");
            ctx.diag("--help is not available in this simulator")
                .await?;
            Ok(Some(help_status))
        }
        _ => Ok(None),
    }
}

async fn echo(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    if let Some(status) = lone_gnu_option(ctx, 0).await? {
        return Ok(status);
    }
    let args = ctx.args();
    let mut newline = true;
    let mut escapes = false;
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if a.len() < 2 || a[0] != b'-' || !a[1..].iter().all(|b| b"neE".contains(b)) {
            break;
        }
        for &b in &a[1..] {
            match b {
                b'n' => newline = false,
                b'e' => escapes = true,
                _ => escapes = false,
            }
        }
        i += 1;
    }
    let mut out = Vec::new();
    for (k, a) in args[i..].iter().enumerate() {
        if k > 0 {
            out.push(b' ');
        }
        if !escapes {
            out.extend_from_slice(a);
            continue;
        }
        let mut j = 0;
        while j < a.len() {
            if a[j] == b'\\' && j + 1 < a.len() {
                let (bytes, next, stop) = escape_at(a, j + 1, false);
                if stop {
                    ctx.charge_bytes(out.len())?;
                    return ctx.out(&out).await.map(|_| 0);
                }
                out.extend_from_slice(&bytes);
                j = next;
            } else {
                out.push(a[j]);
                j += 1;
            }
        }
    }
    if newline {
        out.push(b'\n');
    }
    ctx.charge_bytes(out.len())?;
    ctx.out(&out).await?;
    Ok(0)
}

crate::command_fn!(run_echo, echo);

async fn t(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    Ok(lone_gnu_option(ctx, 0).await?.unwrap_or(0))
}

async fn f(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    // GNU false exits 1 even after --help or --version.
    Ok(lone_gnu_option(ctx, 1).await?.map_or(1, |_| 1))
}
crate::command_fn!(run_true, t);
crate::command_fn!(run_false, f);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn echo_forms() {
        assert_eq!(run(&["echo", "a", "b"], b"").1, b"a b\n");
        assert_eq!(run(&["echo", "-n", "a"], b"").1, b"a");
        assert_eq!(run(&["echo", "-x", "a"], b"").1, b"-x a\n");
        assert_eq!(run(&["echo", "-", "a"], b"").1, b"- a\n");
        assert_eq!(
            run(&["echo", "-e", "a\\tb\\x41\\101\\0101\\q\\x"], b"").1,
            b"a\tbAAA\\q\\x\n"
        );
        assert_eq!(run(&["echo", "-eE", "a\\tb"], b"").1, b"a\\tb\n");
        assert_eq!(run(&["echo", "-e", "a\\cb", "c"], b"").1, b"a");
        assert_eq!(run(&["echo", "--", "a"], b"").1, b"-- a\n");
    }

    #[test]
    fn true_false() {
        assert_eq!(run(&["true", "--nope"], b"").0, 0);
        assert_eq!(run(&["false"], b"").0, 1);
    }
}
