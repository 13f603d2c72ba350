//! `--files0-from=F` name lists shared by `wc` and `du`: NUL-separated names read from a file
//! or standard input, and GNU's refusals (file operands alongside a list, zero-length names
//! with their `F:N:` position, `-` in a list read from standard input).

use super::opts;
use crate::limits::Reservation;
use crate::process::command::{CommandCtx, LineReader};
use crate::process::{Desc, Interrupt, IoError};

/// A list no larger than this, in a regular file, is read whole before any name is used (as
/// GNU does), which lets `wc` take its column width from stat-ing every name; a longer list,
/// or one from a pipe, is read name by name.
const WHOLE_LIST_LIMIT: u64 = 10 * 1024 * 1024;

/// Where the names come from.
pub enum Names {
    /// Operands (`None` is standard input without a name), or a list read whole with the
    /// modeled memory it holds.
    Fixed(std::vec::IntoIter<Option<Vec<u8>>>, Option<Reservation>),
    /// A NUL-separated list read as it is consumed.
    Stream(LineReader),
}

impl Names {
    pub async fn next(&mut self, ctx: &CommandCtx) -> Result<Option<Option<Vec<u8>>>, IoError> {
        match self {
            Names::Fixed(it, _) => Ok(it.next()),
            Names::Stream(r) => Ok(r.next_line(&ctx.sys).await?.map(|mut t| {
                if t.last() == Some(&0) {
                    t.pop();
                }
                Some(t)
            })),
        }
    }
}

/// Opens the `--files0-from` list: a regular file of modest size is read whole (its names
/// known before counting starts, the list holding the modeled memory reserved for it), anything
/// else is streamed. `Err(status)` after a diagnostic.
pub async fn open_list(ctx: &CommandCtx, from: &[u8]) -> Result<Result<Names, i32>, Interrupt> {
    let file = match ctx.open_input(from) {
        Ok(f) => f,
        Err(e) => {
            let e = opts::interrupted(e)?;
            let msg = format!(
                "cannot open {} for reading: {}",
                opts::quoteaf(ctx, from),
                e.message()
            );
            ctx.diag(msg).await?;
            return Ok(Err(1));
        }
    };
    let size = match &file.desc {
        Desc::File { path, .. } => ctx.stat(path).ok().map(|s| s.size),
        _ => None,
    };
    let mut reader = LineReader::new(file);
    reader.delim = 0;
    let Some(size) = size.filter(|s| *s <= WHOLE_LIST_LIMIT) else {
        return Ok(Ok(Names::Stream(reader)));
    };
    let held = ctx.reservation(size)?;
    let mut names = Vec::new();
    let mut failed = None;
    loop {
        match reader.next_line(&ctx.sys).await {
            Ok(Some(mut t)) => {
                if t.last() == Some(&0) {
                    t.pop();
                }
                names.push(Some(t));
            }
            Ok(None) => break,
            Err(e) => {
                failed = Some(opts::interrupted(e)?);
                break;
            }
        }
    }
    if let Some(e) = failed {
        drop(held);
        read_error(ctx, from, e).await?;
        return Ok(Err(1));
    }
    Ok(Ok(Names::Fixed(names.into_iter(), Some(held))))
}

pub async fn read_error(ctx: &CommandCtx, from: &[u8], e: IoError) -> Result<(), Interrupt> {
    let msg = format!("{}: read error: {}", opts::quotef(ctx, from), e.message());
    ctx.diag(msg).await
}

/// GNU's refusal of a file operand given with `--files0-from`; returns the exit status.
pub async fn extra_operand(ctx: &CommandCtx, extra: &[u8]) -> Result<i32, Interrupt> {
    let msg = format!(
        "extra operand {}\nfile operands cannot be combined with --files0-from",
        opts::quoteaf(ctx, extra)
    );
    opts::usage(ctx, msg, 1).await
}

/// Whether the `index`th (1-based) name of the list `from` may be used; when not, the
/// diagnostic has been printed and the command's status becomes 1.
pub async fn usable(
    ctx: &CommandCtx,
    from: &[u8],
    index: usize,
    name: &[u8],
) -> Result<bool, Interrupt> {
    if from == b"-" && name == b"-" {
        let msg = format!(
            "when reading file names from stdin, no file name of {} allowed",
            opts::quoteaf(ctx, b"-")
        );
        ctx.diag(msg).await?;
        return Ok(false);
    }
    if name.is_empty() {
        let msg = format!(
            "{}:{index}: invalid zero-length file name",
            opts::quotef(ctx, from)
        );
        ctx.diag(msg).await?;
        return Ok(false);
    }
    Ok(true)
}
