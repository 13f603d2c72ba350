//! `timeout DURATION COMMAND...`: run a command with a deadline on the virtual clock.
//!
//! The command's future is polled together with a timer; when the timer fires first, the
//! command is cancelled (its future dropped and the processes it started killed) and the
//! status is 124, or 128+signal with `--preserve-status` or for KILL.

use super::exec_check::{cannot_run, Wording};
use super::opts::{self, flag, req, OptDef, Parser};
use crate::process::command::{CommandCtx, Trust};
use crate::process::{parse_signal, Interrupt, Pid, SIGKILL, SIGTERM};
use std::future::poll_fn;
use std::task::Poll;

pub fn register(r: &mut super::Registry) {
    r.register(
        "timeout",
        Trust::Real,
        "run a command with a time limit (virtual clock)",
        "-s SIG -k DURATION --preserve-status --foreground -v",
        run,
    );
}

const DEFS: &[OptDef] = &[
    req(b's', "signal"),
    req(b'k', "kill-after"),
    flag(b'p', "preserve-status"),
    flag(b'f', "foreground"),
    flag(b'v', "verbose"),
];

/// Parses `1.5`, `10s`, `2m`, `1h`, `1d` into nanoseconds.
pub fn parse_duration(text: &[u8]) -> Option<u64> {
    let t = std::str::from_utf8(text).ok()?;
    let (num, mult) = match t.chars().last()? {
        's' => (&t[..t.len() - 1], 1.0),
        'm' => (&t[..t.len() - 1], 60.0),
        'h' => (&t[..t.len() - 1], 3600.0),
        'd' => (&t[..t.len() - 1], 86400.0),
        _ => (t, 1.0),
    };
    let v: f64 = num.parse().ok()?;
    if v.is_nan() || v < 0.0 || !v.is_finite() {
        return None;
    }
    Some((v * mult * 1e9).min(u64::MAX as f64 / 2.0) as u64)
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let parser = Parser {
        defs: DEFS,
        permute: false,
        negative_numbers: false,
    };
    let p = match opts::parse(ctx, parser, 125).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut sig = SIGTERM;
    let mut preserve = false;
    let mut verbose = false;
    for (id, val) in &p.opts {
        match id {
            b's' => match parse_signal(&String::from_utf8_lossy(val.as_deref().unwrap_or(b""))) {
                Some(s) => sig = s,
                None => {
                    ctx.diag(format!(
                        "{}: invalid signal",
                        opts::quote(ctx, val.as_deref().unwrap_or(b""))
                    ))
                    .await?;
                    ctx.err(b"Try 'timeout --help' for more information.\n")
                        .await?;
                    return Ok(125);
                }
            },
            b'p' => preserve = true,
            b'v' => verbose = true,
            _ => {}
        }
    }
    let operands = &p.operands;
    if operands.len() < 2 {
        // coreutils' timeout names no reason here, only the help hint.
        ctx.err(b"Try 'timeout --help' for more information.\n")
            .await?;
        return Ok(125);
    }
    let Some(ns) = parse_duration(&operands[0]) else {
        ctx.diag(format!(
            "invalid time interval {}",
            opts::quote(ctx, &operands[0])
        ))
        .await?;
        ctx.err(b"Try 'timeout --help' for more information.\n")
            .await?;
        return Ok(125);
    };
    let argv: Vec<Vec<u8>> = operands[1..].to_vec();
    if let Some(status) = cannot_run(ctx, &argv[0], &ctx.env, Wording::FailedToRun).await? {
        return Ok(status);
    }
    let sys = ctx.sys.clone();
    let first_new_pid = sys.pids().into_iter().max().unwrap_or(0) + 1;
    let mut fut = ctx.runner.run_argv(ctx, argv.clone(), ctx.env.clone());
    if ns == 0 {
        return fut.await;
    }
    let deadline = sys.clock.borrow().monotonic_ns().saturating_add(ns);
    let timer = sys.clock.borrow_mut().add_timer(deadline, ctx.pid as u64);
    let outcome = poll_fn(|cx| {
        if let Poll::Ready(r) = fut.as_mut().poll(cx) {
            return Poll::Ready(Some(r));
        }
        if !sys.clock.borrow().has_timer(timer) {
            return Poll::Ready(None);
        }
        Poll::Pending
    })
    .await;
    match outcome {
        Some(r) => {
            sys.clock.borrow_mut().cancel(timer);
            r
        }
        None => {
            drop(fut);
            kill_descendants(ctx, first_new_pid);
            if verbose {
                let name = crate::process::signal_name(sig).unwrap_or("TERM");
                ctx.diag(format!(
                    "sending signal {name} to command {}",
                    opts::quote(ctx, &argv[0])
                ))
                .await?;
            }
            // A KILL is reported as such even without --preserve-status (GNU timeout sends
            // it to its own process group, so the shell sees timeout itself killed).
            Ok(if preserve || sig == SIGKILL {
                128 + sig
            } else {
                124
            })
        }
    }
}

/// Kills the processes the cancelled command started (children of this process, created
/// after `first_new_pid`).
fn kill_descendants(ctx: &CommandCtx, first_new_pid: Pid) {
    let sys = &ctx.sys;
    let mut ours = vec![ctx.pid];
    for pid in sys.pids() {
        if pid < first_new_pid {
            continue;
        }
        if let Some(p) = sys.proc_snapshot(pid) {
            if ours.contains(&p.ppid) {
                ours.push(pid);
                sys.signal(pid, SIGKILL);
            }
        }
    }
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration(b"1"), Some(1_000_000_000));
        assert_eq!(parse_duration(b"0.5s"), Some(500_000_000));
        assert_eq!(parse_duration(b"2m"), Some(120_000_000_000));
        assert_eq!(parse_duration(b"x"), None);
        assert_eq!(parse_duration(b"-1"), None);
    }
}
