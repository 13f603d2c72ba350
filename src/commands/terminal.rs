//! `stty` and `clear`: the terminal commands, on a machine where no process has a terminal.
//!
//! `stty` fails as it does with standard input redirected. `clear` writes the clearing
//! sequence of the terminal type `$TERM` names (as `clear` reads it from terminfo), so a
//! script's output is what it would be with that TERM; without TERM, or for a type it does
//! not know, it fails as ncurses' `clear` does.

use super::opts::{self, flag, req, OptDef, Parser};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;

async fn stty_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    ctx.diag("'standard input': Inappropriate ioctl for device")
        .await?;
    Ok(1)
}

const CLEAR_DEFS: &[OptDef] = &[flag(b'x', ""), req(b'T', "")];

/// The clear-screen sequence of a terminal type, and the part that also erases the
/// scrollback (`E3`), which `-x` leaves out. `None`: unknown type.
fn clear_sequence(term: &[u8]) -> Option<(&'static [u8], &'static [u8])> {
    let base = term.split(|&c| c == b'-').next().unwrap_or(term);
    Some(match base {
        b"xterm" | b"tmux" | b"linux" | b"rxvt" | b"alacritty" | b"kitty" => {
            let erase: &[u8] = if base == b"xterm" {
                b"\x1b[H\x1b[2J"
            } else {
                b"\x1b[H\x1b[J"
            };
            (erase, b"\x1b[3J")
        }
        b"screen" | b"vt100" | b"vt102" | b"vt220" | b"ansi" => (b"\x1b[H\x1b[J", b""),
        b"dumb" => (b"", b""),
        _ => return None,
    })
}

async fn clear_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(CLEAR_DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    if let Some(x) = p.operands.first() {
        ctx.err(format!("clear: extra operand {}\n", opts::quote(ctx, x)).as_bytes())
            .await?;
        return Ok(1);
    }
    let term = match p.last(b'T') {
        Some(t) => t.to_vec(),
        None => match ctx.env.get(&b"TERM"[..]) {
            Some(t) => t.clone(),
            None => {
                ctx.err(b"TERM environment variable not set.\n").await?;
                return Ok(1);
            }
        },
    };
    match clear_sequence(&term) {
        // A dumb terminal cannot clear: ncurses' clear fails without output.
        Some((b"", _)) => Ok(1),
        Some((erase, scrollback)) => {
            let mut out = erase.to_vec();
            if !p.has(b'x') {
                out.extend_from_slice(scrollback);
            }
            ctx.out(&out).await?;
            Ok(0)
        }
        None => {
            let mut m = b"'".to_vec();
            m.extend_from_slice(&term);
            m.extend_from_slice(b"': unknown terminal type.\n");
            ctx.err(&m).await?;
            Ok(1)
        }
    }
}

crate::command_fn!(run_stty, stty_main);
crate::command_fn!(run_clear, clear_main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;
    use std::collections::BTreeMap;

    fn clear(term: Option<&str>, args: &[&str]) -> (i32, Vec<u8>, Vec<u8>) {
        let mut env = BTreeMap::new();
        if let Some(t) = term {
            env.insert(b"TERM".to_vec(), t.as_bytes().to_vec());
        }
        let mut argv = vec!["clear"];
        argv.extend_from_slice(args);
        run_env(&machine(&[]), &argv, b"", env)
    }

    #[test]
    fn sequences_by_terminal() {
        assert_eq!(
            clear(Some("xterm-256color"), &[]).1,
            b"\x1b[H\x1b[2J\x1b[3J"
        );
        assert_eq!(clear(Some("xterm"), &["-x"]).1, b"\x1b[H\x1b[2J");
        assert_eq!(clear(Some("screen"), &[]).1, b"\x1b[H\x1b[J");
        assert_eq!(clear(Some("tmux-256color"), &[]).1, b"\x1b[H\x1b[J\x1b[3J");
        assert_eq!(clear(Some("dumb"), &[]).0, 1);
        let (st, _, e) = clear(None, &[]);
        assert_eq!(
            (st, e),
            (1, b"TERM environment variable not set.\n".to_vec())
        );
        let (st, _, e) = clear(Some("nosuch"), &[]);
        assert_eq!((st, e), (1, b"'nosuch': unknown terminal type.\n".to_vec()));
    }

    #[test]
    fn stty_has_no_terminal() {
        let (st, _, e) = text(run(&["stty", "-a"], b""));
        assert_eq!(st, 1);
        assert_eq!(
            e,
            "stty: 'standard input': Inappropriate ioctl for device\n"
        );
    }
}
