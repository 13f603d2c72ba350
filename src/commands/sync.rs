//! `sync`: there is nothing to flush — the simulated file system is the only copy and every
//! write is already in it — so sync succeeds at once; like GNU sync it still checks that
//! each file operand can be opened.

use super::opts::{self, flag, OptDef, Parser};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;

const DEFS: &[OptDef] = &[flag(b'd', "data"), flag(b'f', "file-system")];

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    if p.has(b'd') && p.has(b'f') {
        return opts::usage(ctx, "cannot specify both --data and --file-system", 1).await;
    }
    if p.has(b'd') && p.operands.is_empty() {
        return opts::usage(ctx, "--data needs at least one argument", 1).await;
    }
    let mut status = 0;
    for f in &p.operands {
        if let Err(e) = ctx.stat(&ctx.resolve(f)) {
            ctx.diag(format!(
                "error opening {}: {}",
                opts::quoteaf(ctx, f),
                e.message()
            ))
            .await?;
            status = 1;
        }
    }
    Ok(status)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn operands_must_exist() {
        assert_eq!(text(run(&["sync"], b"")), (0, String::new(), String::new()));
        let (st, _, e) = text(run_files(&["sync", "a", "b"], b"", &[("a", b"x")]));
        assert_eq!(st, 1);
        assert_eq!(e, "sync: error opening 'b': No such file or directory\n");
    }
}
