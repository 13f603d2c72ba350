//! What a utility that runs a command (`env`, `nice`, `nohup`, `timeout`, `xargs`, `find
//! -exec`) prints when that command cannot be run: GNU's wording, which differs per utility,
//! instead of the shell's `command not found`.

use super::opts;
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use std::collections::BTreeMap;

/// How a utility words an `execve` failure.
#[derive(Clone, Copy)]
pub enum Wording {
    /// `env: 'x': No such file or directory` (env, nice, find).
    Quoted,
    /// `timeout: failed to run command ‘x’: No such file or directory` (timeout: the name in
    /// the locale's quotes).
    FailedToRun,
    /// `nohup: failed to run command 'x': No such file or directory` (nohup: always ASCII).
    FailedToRunFile,
    /// `xargs: x: No such file or directory`.
    Bare,
}

/// When `name` cannot be run with `env`, prints why in `wording` and returns the status the
/// utility exits with (127 not found, 126 not executable); `None` when it can be run.
pub async fn cannot_run(
    ctx: &CommandCtx,
    name: &[u8],
    env: &BTreeMap<Vec<u8>, Vec<u8>>,
    wording: Wording,
) -> Result<Option<i32>, Interrupt> {
    cannot_run_in(ctx, ctx, name, env, wording).await
}

/// [`cannot_run`] for a command that would run in `at`'s directory (`find -execdir`), reported
/// by `ctx`.
pub async fn cannot_run_in(
    ctx: &CommandCtx,
    at: &CommandCtx,
    name: &[u8],
    env: &BTreeMap<Vec<u8>, Vec<u8>>,
    wording: Wording,
) -> Result<Option<i32>, Interrupt> {
    let Some(e) = ctx.runner.exec_error(at, name, env) else {
        return Ok(None);
    };
    let why = e.message();
    let msg = match wording {
        Wording::Quoted => format!("{}: {why}", opts::quote(ctx, name)),
        Wording::FailedToRun => format!("failed to run command {}: {why}", opts::quote(ctx, name)),
        Wording::FailedToRunFile => {
            format!("failed to run command {}: {why}", opts::quoteaf(ctx, name))
        }
        Wording::Bare => format!("{}: {why}", String::from_utf8_lossy(name)),
    };
    ctx.diag(msg).await?;
    Ok(Some(e.status()))
}
