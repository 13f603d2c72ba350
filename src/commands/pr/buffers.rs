//! The three buffers `pr` works through: an input read byte by byte with one byte of push-back
//! (pr decides what a form feed means by looking at the byte after it), the store that holds
//! the left columns of a page printed down, and the output. The store and any output run longer
//! than one flush chunk reserve modeled memory before they grow.

use crate::commands::opts::{self, OUT_CHUNK};
use crate::limits::Reservation;
use crate::process::command::CommandCtx;
use crate::process::{Interrupt, IoError, OpenFile};
use std::rc::Rc;

/// Bytes asked for per read.
const READ_CHUNK: usize = 64 * 1024;

/// One open input. Columns of a single file share one; `-` always names the same one, so
/// what a first `-` left unread is what a second `-` reads, as with one stdio stream.
pub(super) struct Input {
    /// `None` when the descriptor is not open: the first read fails.
    file: Option<Rc<OpenFile>>,
    buf: Vec<u8>,
    pos: usize,
    back: Option<u8>,
    eof: bool,
    /// The read error that ended the input (stdio's error flag), reported when it is closed.
    pub error: Option<IoError>,
    pub is_stdin: bool,
}

impl Input {
    pub fn new(file: Option<Rc<OpenFile>>, is_stdin: bool) -> Input {
        Input {
            file,
            buf: Vec::new(),
            pos: 0,
            back: None,
            eof: false,
            error: None,
            is_stdin,
        }
    }

    /// The next byte, `None` at end of input or after a read error.
    pub async fn getc(&mut self, ctx: &CommandCtx) -> Result<Option<u8>, Interrupt> {
        if let Some(b) = self.back.take() {
            return Ok(Some(b));
        }
        if let Some(&b) = self.buf.get(self.pos) {
            self.pos += 1;
            return Ok(Some(b));
        }
        if self.eof {
            return Ok(None);
        }
        let Some(f) = &self.file else {
            self.error = Some(IoError::BadFd);
            self.eof = true;
            return Ok(None);
        };
        match ctx.sys.read(f, READ_CHUNK).await {
            Ok(c) if c.is_empty() => {
                self.eof = true;
                Ok(None)
            }
            Ok(c) => {
                ctx.charge_bytes(c.len())?;
                self.buf = c;
                self.pos = 1;
                Ok(Some(self.buf[0]))
            }
            Err(e) => {
                self.error = Some(opts::interrupted(e)?);
                self.eof = true;
                Ok(None)
            }
        }
    }

    /// Pushes a byte back; pushing back the end of input does nothing, as `ungetc(EOF)`.
    pub fn ungetc(&mut self, c: Option<u8>) {
        if let Some(b) = c {
            self.back = Some(b);
        }
    }

    /// Forgets end of input and any error (`clearerr`), so standard input can be read again.
    pub fn clear(&mut self) {
        self.eof = false;
        self.error = None;
    }
}

/// Grows `v` to hold `extra` more items, reserving the memory of the new capacity first.
fn grow<T>(
    ctx: &CommandCtx,
    v: &mut Vec<T>,
    extra: usize,
    reserved: &mut Option<Reservation>,
) -> Result<(), Interrupt> {
    let need = v.len() + extra;
    if need <= v.capacity() {
        return Ok(());
    }
    let cap = need.max(v.capacity() * 2).max(256);
    let bytes = ((cap - v.capacity()) * std::mem::size_of::<T>()) as u64;
    reserved
        .get_or_insert_with(|| ctx.empty_reservation())
        .grow(bytes)?;
    v.reserve_exact(cap - v.len());
    Ok(())
}

/// The stored columns of one page: the lines' bytes back to back, where each line starts, and
/// the input position after each line (how wide it printed).
#[derive(Default)]
pub(super) struct Store {
    pub buff: Vec<u8>,
    pub starts: Vec<usize>,
    pub ends: Vec<i64>,
    /// Covers the three vectors' capacity.
    reserved: Option<Reservation>,
}

impl Store {
    /// Starts a new page.
    pub fn clear(&mut self) {
        self.buff.clear();
        self.starts.clear();
        self.ends.clear();
    }

    pub fn push(&mut self, ctx: &CommandCtx, b: u8) -> Result<(), Interrupt> {
        grow(ctx, &mut self.buff, 1, &mut self.reserved)?;
        self.buff.push(b);
        Ok(())
    }

    pub fn push_run(&mut self, ctx: &CommandCtx, b: u8, n: usize) -> Result<(), Interrupt> {
        grow(ctx, &mut self.buff, n, &mut self.reserved)?;
        self.buff.resize(self.buff.len() + n, b);
        Ok(())
    }

    /// Records a line: where it starts in `buff` and the input position after it.
    pub fn line(&mut self, ctx: &CommandCtx, start: usize, end: i64) -> Result<(), Interrupt> {
        grow(ctx, &mut self.starts, 1, &mut self.reserved)?;
        grow(ctx, &mut self.ends, 1, &mut self.reserved)?;
        self.starts.push(start);
        self.ends.push(end);
        Ok(())
    }

    /// Records where the last stored line ends.
    pub fn finish(&mut self, ctx: &CommandCtx, end: usize) -> Result<(), Interrupt> {
        grow(ctx, &mut self.starts, 1, &mut self.reserved)?;
        self.starts.push(end);
        Ok(())
    }

    /// Frees everything and gives back the reserved memory.
    pub fn free(&mut self) {
        *self = Store::default();
    }
}

/// Output, written out in chunks; memory is reserved for whatever goes past one chunk before
/// the next flush.
#[derive(Default)]
pub(super) struct Sink {
    buf: Vec<u8>,
    /// Covers what the buffer holds past one chunk, until the next flush.
    reserved: Option<Reservation>,
}

impl Sink {
    fn room(&mut self, ctx: &CommandCtx, n: usize) -> Result<(), Interrupt> {
        let want = (self.buf.len() + n) as u64;
        let held = self.reserved.as_ref().map_or(0, Reservation::bytes);
        let allowed = OUT_CHUNK as u64 + held;
        if want > allowed {
            self.reserved
                .get_or_insert_with(|| ctx.empty_reservation())
                .grow(want - allowed)?;
        }
        Ok(())
    }

    pub fn put(&mut self, ctx: &CommandCtx, b: u8) -> Result<(), Interrupt> {
        self.room(ctx, 1)?;
        self.buf.push(b);
        Ok(())
    }

    pub fn run(&mut self, ctx: &CommandCtx, b: u8, n: usize) -> Result<(), Interrupt> {
        self.room(ctx, n)?;
        self.buf.resize(self.buf.len() + n, b);
        Ok(())
    }

    pub fn slice(&mut self, ctx: &CommandCtx, s: &[u8]) -> Result<(), Interrupt> {
        self.room(ctx, s.len())?;
        self.buf.extend_from_slice(s);
        Ok(())
    }

    pub async fn maybe_flush(&mut self, ctx: &CommandCtx) -> Result<(), Interrupt> {
        if self.buf.len() >= OUT_CHUNK {
            self.flush(ctx).await?;
        }
        Ok(())
    }

    pub async fn flush(&mut self, ctx: &CommandCtx) -> Result<(), Interrupt> {
        let data = std::mem::take(&mut self.buf);
        ctx.charge_bytes(data.len())?;
        let r = ctx.out(&data).await;
        self.reserved = None;
        r
    }
}
