//! awk's I/O: the record reader (RS as newline, one character, paragraph mode or a regex),
//! output streams (files, pipes into simulated commands), input pipes from simulated
//! commands, and spawning those commands as child processes.

use crate::commands::opts::OUT_CHUNK;
use crate::commands::posix_re::Regex;
use crate::limits::{cost, Reservation};
use crate::process::command::CommandCtx;
use crate::process::{Interrupt, IoError, OpenFile, Pid};
use std::rc::Rc;

/// How records are separated.
#[derive(Clone)]
pub enum RsMode {
    Char(u8),
    /// `RS = ""`: blank lines separate records.
    Para,
    Regex(Rc<Regex>),
}

/// Reads records from one open file.
pub struct Reader {
    file: Rc<OpenFile>,
    buf: Vec<u8>,
    pos: usize,
    eof: bool,
    /// Modeled memory reserved for `buf` (its largest size so far), given back when the
    /// reader is dropped.
    reserved: Option<Reservation>,
    started: bool,
}

impl Reader {
    pub fn new(file: Rc<OpenFile>) -> Reader {
        Reader {
            file,
            buf: Vec::new(),
            pos: 0,
            eof: false,
            reserved: None,
            started: false,
        }
    }

    async fn fill(&mut self, ctx: &CommandCtx) -> Result<(), IoError> {
        if self.pos > 0 {
            self.buf.drain(..self.pos);
            self.pos = 0;
        }
        let chunk = ctx.sys.read(&self.file, 64 * 1024).await?;
        if chunk.is_empty() {
            self.eof = true;
            return Ok(());
        }
        ctx.charge_bytes(chunk.len())?;
        let want = (self.buf.len() + chunk.len()) as u64;
        let held = self.reserved.get_or_insert_with(|| ctx.empty_reservation());
        if want > held.bytes() {
            held.resize(want)?;
        }
        self.buf.extend_from_slice(&chunk);
        Ok(())
    }

    /// The next record and its terminator (RT); `None` at end of input.
    pub async fn next(
        &mut self,
        ctx: &CommandCtx,
        rs: &RsMode,
    ) -> Result<Option<(Vec<u8>, Vec<u8>)>, IoError> {
        Ok(self
            .next_span(ctx, rs)
            .await?
            .map(|(rec, rt)| (self.buf[rec].to_vec(), self.buf[rt].to_vec())))
    }

    /// The bytes of a span [`Reader::next_span`] returned (valid until the next call).
    pub fn span(&self, r: std::ops::Range<usize>) -> &[u8] {
        &self.buf[r]
    }

    /// Where the next record and its terminator (RT) lie in the buffer, valid until the next
    /// call; `None` at end of input. The record loop copies them into buffers it reuses, so
    /// reading a record allocates nothing.
    pub async fn next_span(
        &mut self,
        ctx: &CommandCtx,
        rs: &RsMode,
    ) -> Result<Option<(std::ops::Range<usize>, std::ops::Range<usize>)>, IoError> {
        loop {
            let base = self.pos;
            let avail = &self.buf[base..];
            match rs {
                RsMode::Char(c) => {
                    if let Some(i) = memchr::memchr(*c, avail) {
                        self.pos += i + 1;
                        ctx.charge(cost::LINE)?;
                        return Ok(Some((base..base + i, base + i..base + i + 1)));
                    }
                }
                RsMode::Para => {
                    if !self.started {
                        let skip = avail.iter().take_while(|&&b| b == b'\n').count();
                        if skip == avail.len() && !self.eof {
                            self.pos += skip;
                            self.fill(ctx).await?;
                            continue;
                        }
                        self.pos += skip;
                        self.started = true;
                        continue;
                    }
                    if let Some(i) = memchr::memmem::find(avail, b"\n\n") {
                        let mut j = i + 2;
                        while j < avail.len() && avail[j] == b'\n' {
                            j += 1;
                        }
                        if j < avail.len() || self.eof {
                            self.pos += j;
                            ctx.charge(cost::LINE)?;
                            return Ok(Some((base..base + i, base + i..base + j)));
                        }
                    }
                }
                RsMode::Regex(re) => {
                    let mut at = 0;
                    let found = loop {
                        match re.find_at(avail, at) {
                            Ok(Some(c)) => {
                                let (s, e) = c[0].unwrap_or((0, 0));
                                if e == s {
                                    // Empty matches never separate records.
                                    if s >= avail.len() {
                                        break None;
                                    }
                                    at = s + 1;
                                    continue;
                                }
                                break Some((s, e));
                            }
                            _ => break None,
                        }
                    };
                    ctx.charge(re.take_steps() / 256)?;
                    if let Some((s, e)) = found {
                        // A match touching the end of the buffer might grow with more input.
                        if e < avail.len() || self.eof {
                            self.pos += e;
                            ctx.charge(cost::LINE)?;
                            return Ok(Some((base..base + s, base + s..base + e)));
                        }
                    }
                }
            }
            if self.eof {
                let mut end = self.buf.len();
                self.pos = end;
                if let RsMode::Para = rs {
                    while end > base && self.buf[end - 1] == b'\n' {
                        end -= 1;
                    }
                }
                if end == base {
                    return Ok(None);
                }
                ctx.charge(cost::LINE)?;
                return Ok(Some((base..end, end..end)));
            }
            self.fill(ctx).await?;
        }
    }
}

pub enum OutKind {
    Stdout,
    Stderr,
    File(Rc<OpenFile>),
    /// A pipe into a child process.
    Pipe(Option<Rc<OpenFile>>, Pid),
}

pub struct OutStream {
    pub name: Vec<u8>,
    pub kind: OutKind,
    pub buf: Vec<u8>,
}

pub enum InKind {
    File,
    Cmd(Pid),
}

pub struct InStream {
    pub name: Vec<u8>,
    pub kind: InKind,
    pub reader: Reader,
}

/// Writes `data` to a descriptor; a broken pipe raises SIGPIPE.
pub async fn write_to(ctx: &CommandCtx, f: &Rc<OpenFile>, data: &[u8]) -> Result<(), Interrupt> {
    if data.is_empty() {
        return Ok(());
    }
    match ctx.sys.write_all(f, data).await {
        Ok(()) => Ok(()),
        Err(IoError::BrokenPipe) => Err(Interrupt::Signal(crate::process::SIGPIPE)),
        Err(IoError::Interrupted(i)) => Err(i),
        Err(_) => Ok(()),
    }
}

impl OutStream {
    /// Sends the buffered bytes on.
    pub async fn flush(&mut self, ctx: &CommandCtx) -> Result<(), Interrupt> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let data = std::mem::take(&mut self.buf);
        match &self.kind {
            OutKind::Stdout => ctx.out(&data).await,
            OutKind::Stderr => ctx.err(&data).await,
            OutKind::File(f) => write_to(ctx, f, &data).await,
            OutKind::Pipe(Some(f), _) => {
                // The reader may have gone: awk ignores SIGPIPE on its output pipes.
                match ctx.sys.write_all(f, &data).await {
                    Err(IoError::Interrupted(i)) => Err(i),
                    _ => Ok(()),
                }
            }
            OutKind::Pipe(None, _) => Ok(()),
        }
    }

    pub async fn write(&mut self, ctx: &CommandCtx, data: &[u8]) -> Result<(), Interrupt> {
        self.buf.extend_from_slice(data);
        let unbuffered = matches!(self.kind, OutKind::Stderr);
        if unbuffered || self.buf.len() >= OUT_CHUNK {
            self.flush(ctx).await?;
        }
        Ok(())
    }

    /// Flushes and closes; returns the close status (a pipe's exit status).
    pub async fn close(mut self, ctx: &CommandCtx) -> Result<i32, Interrupt> {
        self.flush(ctx).await?;
        match self.kind {
            OutKind::Pipe(f, pid) => {
                drop(f);
                Ok(wait(ctx, pid).await)
            }
            _ => Ok(0),
        }
    }
}

/// Waits for a child and returns its exit status.
pub async fn wait(ctx: &CommandCtx, pid: Pid) -> i32 {
    let s = ctx.sys.wait_for(ctx.pid, pid, false).await.unwrap_or(127);
    ctx.sys.reap(pid);
    s
}

/// Starts `sh -c cmd` as a child with the given standard input and output.
pub fn spawn(
    ctx: &CommandCtx,
    cmd: &[u8],
    stdin: Option<Rc<OpenFile>>,
    stdout: Option<Rc<OpenFile>>,
) -> Result<Pid, Interrupt> {
    ctx.charge(cost::PROCESS_SPAWN)?;
    let process_memory = ctx.reservation(cost::PROCESS_MEMORY)?;
    let argv = vec![b"sh".to_vec(), b"-c".to_vec(), cmd.to_vec()];
    let pid = ctx
        .sys
        .create_process(Some(ctx.pid), argv.clone(), ctx.cwd.clone())?;
    if let Some(f) = stdin {
        ctx.sys.set_fd(pid, 0, Some(f));
    }
    if let Some(f) = stdout {
        ctx.sys.set_fd(pid, 1, Some(f));
    }
    let sub = CommandCtx::new(
        ctx.sys.clone(),
        pid,
        argv.clone(),
        ctx.env.clone(),
        ctx.cwd.clone(),
        ctx.runner.clone(),
    );
    let fut = ctx.runner.run_shell(&sub, argv);
    ctx.sys.start(
        pid,
        Box::pin(async move {
            // The child's memory goes with its task, however that ends.
            let _process_memory = process_memory;
            let r = fut.await;
            drop(sub);
            match r {
                Ok(s) => s,
                Err(Interrupt::Signal(s)) => 128 + s,
                Err(Interrupt::Stop(_)) => 137,
            }
        }),
    );
    Ok(pid)
}
