//! `--random-source=FILE` for `sort -R` and `shuf`: the file's bytes are consumed in order,
//! as GNU's randread consumes them, and [`RandInt`] turns them into uniform integers with the
//! same byte consumption and rejection rule as gnulib's randint. Both tools are therefore
//! byte-exact with GNU whenever a source file is given: the output is a function of the
//! file's bytes alone.

use super::opts;
use crate::limits::cost;
use crate::process::command::CommandCtx;
use crate::process::{Interrupt, IoError, OpenFile, OpenFlags};
use std::rc::Rc;

/// Bytes are pulled from the file this many at a time (GNU reads through a stdio buffer;
/// the chunking is invisible in the output).
const CHUNK: usize = 4096;

/// An open random source file.
pub struct RandomFile {
    file: Rc<OpenFile>,
    name: Vec<u8>,
    buf: Vec<u8>,
    pos: usize,
}

impl RandomFile {
    /// Opens `name` (relative to the working directory) for reading.
    pub fn open(ctx: &CommandCtx, name: &[u8]) -> Result<RandomFile, IoError> {
        let file = ctx
            .sys
            .open(ctx.pid, &ctx.resolve(name), OpenFlags::read())?;
        Ok(RandomFile {
            file,
            name: name.to_vec(),
            buf: Vec::new(),
            pos: 0,
        })
    }

    /// Fills `out` from the file. `Ok(Err(text))` is GNU's diagnostic (without the program
    /// name) when the file ends early or cannot be read; the bytes before it are consumed.
    pub async fn read(
        &mut self,
        ctx: &CommandCtx,
        out: &mut [u8],
    ) -> Result<Result<(), String>, Interrupt> {
        let mut done = 0;
        while done < out.len() {
            if self.pos == self.buf.len() {
                let chunk = match ctx.sys.read(&self.file, CHUNK).await {
                    Ok(c) => c,
                    Err(e) => {
                        let e = opts::interrupted(e)?;
                        let name = opts::quote(ctx, &self.name);
                        return Ok(Err(format!("{name}: read error: {}", e.message())));
                    }
                };
                if chunk.is_empty() {
                    return Ok(Err(format!(
                        "{}: end of file",
                        opts::quote(ctx, &self.name)
                    )));
                }
                ctx.charge_bytes(chunk.len())?;
                self.buf = chunk;
                self.pos = 0;
            }
            let n = (out.len() - done).min(self.buf.len() - self.pos);
            out[done..done + n].copy_from_slice(&self.buf[self.pos..self.pos + n]);
            self.pos += n;
            done += n;
        }
        Ok(Ok(()))
    }
}

/// gnulib's randint over a [`RandomFile`]: `num` is a uniform value in `0..=max` left over
/// from earlier draws, so small ranges reuse the entropy of one byte across several draws.
pub struct RandInt {
    src: RandomFile,
    num: u64,
    max: u64,
}

impl RandInt {
    pub fn new(src: RandomFile) -> RandInt {
        RandInt {
            src,
            num: 0,
            max: 0,
        }
    }

    /// A uniform integer in `0..=genmax`; `Ok(Err(text))` when the source runs out.
    pub async fn genmax(
        &mut self,
        ctx: &CommandCtx,
        genmax: u64,
    ) -> Result<Result<u64, String>, Interrupt> {
        let (mut num, mut max) = (self.num, self.max);
        loop {
            ctx.charge(cost::LINE)?;
            if max < genmax {
                // Append just enough whole bytes for the range to cover `genmax`.
                let mut need = 0;
                let mut m = max;
                while m < genmax {
                    m = (m << 8) | 0xff;
                    need += 1;
                }
                // Wrapped shifts can ask for a ninth byte when `max` kept high bits from a
                // rejection; GNU reads it too.
                let need = need.min(16);
                let mut bytes = [0u8; 16];
                if let Err(e) = self.src.read(ctx, &mut bytes[..need]).await? {
                    return Ok(Err(e));
                }
                for b in &bytes[..need] {
                    num = (num << 8) | u64::from(*b);
                    max = (max << 8) | 0xff;
                }
            }
            if max == genmax {
                self.num = 0;
                self.max = 0;
                return Ok(Ok(num));
            }
            // `num` is uniform in 0..=max with max > genmax: accept it when it falls in a
            // whole number of copies of the range, keeping the quotient as fresh entropy.
            let choices = genmax + 1;
            let excess = max - genmax;
            let unusable = excess % choices;
            let last_usable = max - unusable;
            let reduced = num % choices;
            if num <= last_usable {
                self.num = num / choices;
                self.max = excess / choices;
                return Ok(Ok(reduced));
            }
            // Rejected: what is left is uniform over the unusable tail.
            num = reduced;
            max = unusable - 1;
        }
    }

    /// A uniform integer in `0..n` (`n > 0`).
    pub async fn choose(
        &mut self,
        ctx: &CommandCtx,
        n: u64,
    ) -> Result<Result<u64, String>, Interrupt> {
        self.genmax(ctx, n - 1).await
    }
}
