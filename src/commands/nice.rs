//! `nice` and `nohup`: run a command with its niceness adjusted, or immune to hangups.
//!
//! Niceness is kept per process and inherited (so `nice -n 5 nice` prints 5 and `ps -o ni`
//! shows it); the deterministic scheduler gives every process the same turns whatever its
//! niceness. A simulated process never has a terminal, so `nohup` never redirects output to
//! `nohup.out` (GNU nohup does that only for a terminal) and just runs the command with
//! SIGHUP ignored.

use super::exec_check::{cannot_run, Wording};
use super::opts::{self};
use crate::process::command::CommandCtx;
use crate::process::{Disposition, Interrupt};

const SIGHUP: i32 = 1;

/// Parses nice's options: `-n N`, `--adjustment=N`, `-N` (old style). Returns the
/// adjustment (if given) and where the command starts.
fn nice_args(args: &[Vec<u8>]) -> Result<(Option<Vec<u8>>, usize), String> {
    let mut adjustment = None;
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if a == b"--" {
            return Ok((adjustment, i + 1));
        }
        if let Some(v) = a.strip_prefix(b"--adjustment=") {
            adjustment = Some(v.to_vec());
        } else if a == b"-n" || a == b"--adjustment" {
            i += 1;
            let v = args
                .get(i)
                .ok_or_else(|| format!("option requires an argument -- '{}'", 'n'))?;
            adjustment = Some(v.clone());
        } else if let Some(v) = a.strip_prefix(b"-n") {
            adjustment = Some(v.to_vec());
        } else if a.len() > 1 && a[0] == b'-' && (a[1].is_ascii_digit() || a[1] == b'-') {
            // `-5` and `--5` (minus five) are the old adjustment syntax.
            adjustment = Some(a[1..].to_vec());
        } else if a.len() > 1 && a[0] == b'-' {
            return Err(format!(
                "invalid option -- '{}'",
                String::from_utf8_lossy(&a[1..2])
            ));
        } else {
            return Ok((adjustment, i));
        }
        i += 1;
    }
    Ok((adjustment, i))
}

async fn nice_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let (adjustment, at) = match nice_args(&ctx.argv[1..]) {
        Ok(x) => x,
        Err(m) => return opts::usage(ctx, &m, 125).await,
    };
    let current = ctx.sys.proc_snapshot(ctx.pid).map_or(0, |p| p.niceness);
    let command: Vec<Vec<u8>> = ctx.argv[1 + at..].to_vec();
    let delta = match &adjustment {
        None => 10,
        Some(v) => match std::str::from_utf8(v)
            .ok()
            .and_then(|s| s.parse::<i64>().ok())
        {
            Some(n) => n.clamp(-1000, 1000) as i32,
            None => {
                ctx.diag(format!("invalid adjustment {}", opts::quote(ctx, v)))
                    .await?;
                ctx.err(b"Try 'nice --help' for more information.\n")
                    .await?;
                return Ok(125);
            }
        },
    };
    if command.is_empty() {
        if adjustment.is_some() {
            return opts::usage(ctx, "a command must be given with an adjustment", 125).await;
        }
        ctx.out(format!("{current}\n").as_bytes()).await?;
        return Ok(0);
    }
    if let Some(status) = cannot_run(ctx, &command[0], &ctx.env, Wording::Quoted).await? {
        return Ok(status);
    }
    let adjusted = (current + delta).clamp(-20, 19);
    ctx.sys.with_proc(ctx.pid, |p| p.niceness = adjusted);
    let status = ctx.runner.run_argv(ctx, command, ctx.env.clone()).await;
    // The command ran in this process; what it leaves behind is the caller's again.
    ctx.sys.with_proc(ctx.pid, |p| p.niceness = current);
    status
}

async fn nohup_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let mut args = &ctx.argv[1..];
    if args.first().is_some_and(|a| a == b"--") {
        args = &args[1..];
    } else if let Some(a) = args.first().filter(|a| a.len() > 1 && a[0] == b'-') {
        let m = format!("unrecognized option '{}'", String::from_utf8_lossy(a));
        return opts::usage(ctx, &m, 125).await;
    }
    if args.is_empty() {
        return opts::usage(ctx, "missing operand", 125).await;
    }
    if let Some(status) = cannot_run(ctx, &args[0], &ctx.env, Wording::FailedToRunFile).await? {
        return Ok(status);
    }
    let before = ctx
        .sys
        .proc_snapshot(ctx.pid)
        .and_then(|p| p.dispositions.get(&SIGHUP).copied())
        .unwrap_or_default();
    ctx.sys
        .set_disposition(ctx.pid, SIGHUP, Disposition::Ignore);
    let status = ctx
        .runner
        .run_argv(ctx, args.to_vec(), ctx.env.clone())
        .await;
    ctx.sys.set_disposition(ctx.pid, SIGHUP, before);
    status
}

crate::command_fn!(run_nice, nice_main);
crate::command_fn!(run_nohup, nohup_main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;
    use super::nice_args;

    #[test]
    fn adjustment_forms() {
        assert_eq!(
            nice_args(&[b"-n".to_vec(), b"5".to_vec(), b"ls".to_vec()]),
            Ok((Some(b"5".to_vec()), 2))
        );
        assert_eq!(
            nice_args(&[b"-5".to_vec(), b"ls".to_vec()]),
            Ok((Some(b"5".to_vec()), 1))
        );
        assert_eq!(
            nice_args(&[b"--5".to_vec(), b"ls".to_vec()]),
            Ok((Some(b"-5".to_vec()), 1))
        );
        assert_eq!(nice_args(&[b"ls".to_vec()]), Ok((None, 0)));
    }

    #[test]
    fn nice_prints_and_refuses() {
        assert_eq!(text(run(&["nice"], b"")), (0, "0\n".into(), String::new()));
        let (st, _, e) = text(run(&["nice", "-n", "x", "true"], b""));
        assert_eq!(st, 125);
        assert!(e.starts_with("nice: invalid adjustment 'x'\n"), "{e}");
        let (st, _, e) = text(run(&["nice", "-n", "3"], b""));
        assert_eq!(st, 125);
        assert!(
            e.contains("a command must be given with an adjustment"),
            "{e}"
        );
        let (st, _, e) = text(run(&["nohup"], b""));
        assert_eq!(st, 125);
        assert_eq!(
            e,
            "nohup: missing operand\nTry 'nohup --help' for more information.\n"
        );
    }
}
