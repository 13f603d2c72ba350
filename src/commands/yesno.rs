//! GNU `yesno()`: the answer to an interactive question (`ln -i`), one line read from
//! standard input, affirmative when it starts with `y` or `Y` (the C locale's yes pattern,
//! which C.UTF-8 shares). The end of input is a no.

use super::opts;
use crate::limits::{cost, Reservation};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;

/// Size of stdio's buffer for standard input (the block size of a pipe or of the modeled
/// filesystem): a question consumes what one read returns, up to this, as GNU's does, so
/// input after the answer line is gone for later readers of the same descriptor.
const STDIN_BUFFER: usize = 4096;

/// Standard input as a command's stdio stream sees it, across several questions.
#[derive(Default)]
pub struct Answers {
    buf: Vec<u8>,
    pos: usize,
    eof: bool,
    /// The modeled stdio buffer, held from the first read until [`Answers::done`] (or drop).
    reserved: Option<Reservation>,
}

impl Answers {
    /// Reads one answer line; only its first byte matters.
    pub async fn yesno(&mut self, ctx: &CommandCtx) -> Result<bool, Interrupt> {
        let mut first: Option<u8> = None;
        loop {
            if self.pos == self.buf.len() && (self.eof || !self.refill(ctx).await?) {
                break;
            }
            let c = self.buf[self.pos];
            self.pos += 1;
            if c == b'\n' {
                break;
            }
            first.get_or_insert(c);
        }
        Ok(matches!(first, Some(b'y' | b'Y')))
    }

    /// One read into the buffer; false at the end of input (or a read error, which GNU's
    /// stream also treats as the end).
    async fn refill(&mut self, ctx: &CommandCtx) -> Result<bool, Interrupt> {
        if self.reserved.is_none() {
            self.reserved = Some(ctx.reservation(STDIN_BUFFER as u64)?);
        }
        ctx.charge(cost::IO_CALL)?;
        let chunk = match ctx.read_fd(0, STDIN_BUFFER).await {
            Ok(b) => b,
            Err(e) => {
                opts::interrupted(e)?;
                Vec::new()
            }
        };
        ctx.charge_bytes(chunk.len())?;
        self.pos = 0;
        self.eof = chunk.is_empty();
        self.buf = chunk;
        Ok(!self.eof)
    }

    /// Gives back the modeled buffer memory once the command is done asking.
    pub fn done(&mut self) {
        self.reserved = None;
    }
}
