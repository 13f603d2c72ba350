//! bc's input, lexed as it arrives. GNU bc runs each input line as soon as it has read it,
//! so a program that talks to `bc` through pipes (`coproc bc`) gets each answer before it
//! writes the next question; this reads whatever whole lines are available, lexes them, and
//! appends their tokens to the parser's.

use super::parse::{self, Parser, Tok};
use crate::limits::Reservation;
use crate::process::command::CommandCtx;
use crate::process::{Interrupt, IoError, OpenFile};
use std::collections::VecDeque;
use std::mem::size_of;
use std::rc::Rc;

/// Modeled memory held per live token (the token, its line, and its share of the bytes).
const TOKEN_BYTES: u64 = size_of::<(Tok, usize)>() as u64;

pub struct Feed {
    file: Rc<OpenFile>,
    /// Bytes read but not yet lexed: a partial last line, or lines inside an open string or
    /// comment.
    pending: Vec<u8>,
    /// How many bytes at the front of `pending` end with a newline and wait to be lexed.
    whole: usize,
    /// The closer that the open string or comment in `pending` waits for (`None`: none is
    /// open); lexing again is pointless until a chunk brings it.
    awaiting: Option<&'static [u8]>,
    /// Lines already lexed: the next lexed line is `lines + 1`.
    lines: usize,
    /// The input has ended (or failed): what is lexed is all there is.
    pub done: bool,
    /// Illegal characters not yet reported, as (token index, line, byte).
    pub bad: VecDeque<(usize, usize, u8)>,
    /// The input ended inside a comment.
    pub eof_in_comment: bool,
    /// Modeled memory reserved for the parser's live tokens and for `pending` (taken at the
    /// first growth; given back when the feed is dropped).
    reserved: Option<Reservation>,
}

impl Feed {
    pub fn new(file: Rc<OpenFile>) -> Feed {
        Feed {
            file,
            pending: Vec::new(),
            whole: 0,
            awaiting: None,
            lines: 0,
            done: false,
            bad: VecDeque::new(),
            eof_in_comment: false,
            reserved: None,
        }
    }

    /// The line a read failure is reported on.
    pub fn line(&self) -> usize {
        self.lines + 1
    }

    /// Reads until at least one more line lexes whole (or the input ends) and appends its
    /// tokens to `p` in place of its `Eof`. `Err` is a read failure, after which the input
    /// counts as ended.
    pub async fn more(
        &mut self,
        ctx: &CommandCtx,
        p: &mut Parser,
    ) -> Result<Result<(), IoError>, Interrupt> {
        while !self.done {
            let chunk = match ctx.sys.read(&self.file, 65536).await {
                Ok(c) => c,
                Err(e) => {
                    self.done = true;
                    return Ok(Err(super::super::opts::interrupted(e)?));
                }
            };
            ctx.charge_bytes(chunk.len())?;
            if chunk.is_empty() {
                self.done = true;
                break;
            }
            self.grow(ctx, chunk.len())?;
            // A closer may straddle two reads: look from one byte before this chunk.
            let from = self.pending.len().saturating_sub(1);
            self.pending.extend_from_slice(&chunk);
            let closer_arrived = self
                .awaiting
                .is_none_or(|c| self.pending[from..].windows(c.len()).any(|w| w == c));
            if let Some(nl) = memchr::memrchr(b'\n', &chunk) {
                self.whole = self.pending.len() - chunk.len() + nl + 1;
                if closer_arrived && self.lex(ctx, p, false)? {
                    return Ok(Ok(()));
                }
            }
        }
        if !self.pending.is_empty() {
            self.whole = self.pending.len();
            self.lex(ctx, p, true)?;
        }
        Ok(Ok(()))
    }

    /// Lexes the whole lines of `pending`; false if a string or comment in them is open.
    fn lex(&mut self, ctx: &CommandCtx, p: &mut Parser, at_end: bool) -> Result<bool, Interrupt> {
        // Lexing again after an open string or comment is metered like the first pass.
        ctx.charge_bytes(self.whole)?;
        let lexed = match parse::lex(&self.pending[..self.whole], at_end) {
            Ok(l) => l,
            Err(open) => {
                self.awaiting = Some(open.closer);
                return Ok(false);
            }
        };
        self.awaiting = None;
        let base = p.toks.len() - 1;
        self.grow(ctx, (lexed.toks.len() as u64 * TOKEN_BYTES) as usize)?;
        p.toks.pop();
        p.toks
            .extend(lexed.toks.into_iter().map(|(t, l)| (t, l + self.lines)));
        self.bad.extend(
            lexed
                .bad
                .into_iter()
                .map(|(i, l, c)| (i + base, l + self.lines, c)),
        );
        self.eof_in_comment |= lexed.eof_in_comment;
        self.lines += self.pending[..self.whole]
            .iter()
            .filter(|b| **b == b'\n')
            .count();
        let lexed_bytes = self.whole;
        self.pending.drain(..lexed_bytes);
        self.whole = 0;
        self.shrink(lexed_bytes);
        Ok(true)
    }

    /// Drops the tokens before `p.pos` (already run), keeping memory bounded however long
    /// the input; only worth it once they add up.
    pub fn forget_consumed(&mut self, p: &mut Parser) {
        let n = p.pos.min(p.start);
        if n < 4096 {
            return;
        }
        p.toks.drain(..n);
        p.pos -= n;
        p.start -= n;
        for b in &mut self.bad {
            b.0 = b.0.saturating_sub(n);
        }
        self.shrink((n as u64 * TOKEN_BYTES) as usize);
    }

    fn grow(&mut self, ctx: &CommandCtx, bytes: usize) -> Result<(), Interrupt> {
        self.reserved
            .get_or_insert_with(|| ctx.empty_reservation())
            .grow(bytes as u64)?;
        Ok(())
    }

    fn shrink(&mut self, bytes: usize) {
        if let Some(r) = self.reserved.as_mut() {
            r.shrink(bytes as u64);
        }
    }
}
