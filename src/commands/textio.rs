//! Small helpers shared by the text filters: opening operands with GNU diagnostics.

use super::opts::{self};
use crate::limits::ReservedBuf;
use crate::process::command::CommandCtx;
use crate::process::{Interrupt, OpenFile};
use std::rc::Rc;

/// Opens an operand (`-` is stdin); prints `name: FILE: error` and returns `None` on failure.
pub async fn open(ctx: &CommandCtx, op: &[u8]) -> Result<Option<Rc<OpenFile>>, Interrupt> {
    match ctx.open_input(op) {
        Ok(f) => Ok(Some(f)),
        Err(e) => {
            let e = opts::interrupted(e)?;
            ctx.diag_path(opts::quotef(ctx, op).as_bytes(), e).await?;
            Ok(None)
        }
    }
}

/// Reads a whole operand; the buffer holds its modeled memory (reserved once, as it was read)
/// and gives it back when dropped.
pub async fn slurp(ctx: &CommandCtx, op: &[u8]) -> Result<Option<ReservedBuf>, Interrupt> {
    match ctx.read_all_input(op).await {
        Ok(d) => {
            ctx.charge_bytes(d.len())?;
            Ok(Some(d))
        }
        Err(e) => {
            let e = opts::interrupted(e)?;
            ctx.diag_path(opts::quotef(ctx, op).as_bytes(), e).await?;
            Ok(None)
        }
    }
}

/// Reads a whole operand without a diagnostic: a read error reads as empty input (an
/// interrupt, such as exhaustion, still ends the command). The buffer holds its memory.
pub async fn slurp_quiet(ctx: &CommandCtx, op: &[u8]) -> Result<ReservedBuf, Interrupt> {
    match ctx.read_all_input(op).await {
        Ok(d) => Ok(d),
        Err(e) => {
            opts::interrupted(e)?;
            Ok(ctx.reserved_buf())
        }
    }
}

/// Reads the next chunk of an open input; `None` at end (errors are reported and end it).
pub async fn chunk(
    ctx: &CommandCtx,
    f: &Rc<OpenFile>,
    op: &[u8],
) -> Result<Result<Option<Vec<u8>>, ()>, Interrupt> {
    match ctx.sys.read(f, 65536).await {
        Ok(c) if c.is_empty() => Ok(Ok(None)),
        Ok(c) => {
            ctx.charge_bytes(c.len())?;
            Ok(Ok(Some(c)))
        }
        Err(e) => {
            let e = opts::interrupted(e)?;
            ctx.diag_path(opts::quotef(ctx, op).as_bytes(), e).await?;
            Ok(Err(()))
        }
    }
}

/// Next line (with terminator) from a [`crate::process::command::LineReader`], reporting errors.
pub async fn line(
    ctx: &CommandCtx,
    r: &mut crate::process::command::LineReader,
    op: &[u8],
) -> Result<Result<Option<Vec<u8>>, ()>, Interrupt> {
    match r.next_line(&ctx.sys).await {
        Ok(l) => Ok(Ok(l)),
        Err(e) => {
            let e = opts::interrupted(e)?;
            ctx.diag_path(opts::quotef(ctx, op).as_bytes(), e).await?;
            Ok(Err(()))
        }
    }
}

/// The operands, or `-` when there are none.
pub fn operands(ops: &[Vec<u8>]) -> Vec<Vec<u8>> {
    if ops.is_empty() {
        vec![b"-".to_vec()]
    } else {
        ops.to_vec()
    }
}
