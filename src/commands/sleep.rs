//! `sleep`: waits on the virtual clock (costs no host time).

use super::opts::{self, Parser};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;

/// Parses `1.5`, `2m`, `0.1h`, `inf` into nanoseconds.
pub fn parse_interval(a: &[u8]) -> Option<u64> {
    let s = std::str::from_utf8(a).ok()?;
    let (num, mult) = match s.chars().last()? {
        's' => (&s[..s.len() - 1], 1.0),
        'm' => (&s[..s.len() - 1], 60.0),
        'h' => (&s[..s.len() - 1], 3600.0),
        'd' => (&s[..s.len() - 1], 86400.0),
        _ => (s, 1.0),
    };
    if num.is_empty() || num.starts_with(['-', '+', ' ']) || num.eq_ignore_ascii_case("nan") {
        return None;
    }
    let v: f64 = num.parse().ok()?;
    let ns = v * mult * 1e9;
    if ns >= u64::MAX as f64 {
        return Some(u64::MAX);
    }
    Some(ns.ceil() as u64)
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(
        ctx,
        Parser {
            negative_numbers: false,
            ..Parser::new(&[])
        },
        1,
    )
    .await?
    {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    if p.operands.is_empty() {
        return opts::usage(ctx, "missing operand", 1).await;
    }
    let mut total: u64 = 0;
    let mut bad = false;
    for a in &p.operands {
        match parse_interval(a) {
            Some(ns) => total = total.saturating_add(ns),
            None => {
                ctx.diag(format!("invalid time interval {}", opts::quote(ctx, a)))
                    .await?;
                bad = true;
            }
        }
    }
    if bad {
        let name = ctx.name();
        ctx.err(format!("Try '{name} --help' for more information.\n").as_bytes())
            .await?;
        return Ok(1);
    }
    ctx.sys.sleep(ctx.pid, total, false).await?;
    Ok(0)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn sleeps_virtually() {
        let k = machine(&[]);
        let before = k.clock.borrow().wall_ns();
        assert_eq!(run_on(&k, &["sleep", "1.5", "1m"], b"").0, 0);
        assert_eq!(k.clock.borrow().wall_ns() - before, 61_500_000_000);
    }

    #[test]
    fn errors() {
        assert_eq!(
            text(run(&["sleep"], b"")),
            (
                1,
                String::new(),
                "sleep: missing operand\nTry 'sleep --help' for more information.\n".into()
            )
        );
        assert_eq!(
            text(run(&["sleep", "x"], b"")).2,
            "sleep: invalid time interval 'x'\nTry 'sleep --help' for more information.\n"
        );
        assert_eq!(
            text(run(&["sleep", "-1"], b"")).2,
            "sleep: invalid option -- '1'\nTry 'sleep --help' for more information.\n"
        );
    }
}
