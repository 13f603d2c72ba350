//! `dd`: copy and convert a file block by block (GNU coreutils `dd_copy`).
//!
//! Reads are made in `ibs` blocks; without `bs=` (or with a conversion) partial reads are
//! gathered into `obs`-sized writes, with `bs=` each block is written as read, so the
//! `N+M records` counts match GNU's. The summary's elapsed time comes from the virtual
//! monotonic clock: a copy that never waits takes 0 s, which GNU itself prints as
//! `0 s, Infinity B/s`. Modeled memory is reserved for the block buffers; CPU is charged per
//! byte copied on top of the I/O charges.

mod args;
mod human;
#[cfg(test)]
mod tests;

use crate::commands::awk::format::format_g;
use crate::commands::opts::{self};
use crate::process::command::{CommandCtx, Trust};
use crate::process::{Desc, Interrupt, IoError, OpenFile, OpenFlags, SIGPIPE};
use args::{ArgError, Args, Status};
use std::rc::Rc;

/// Counters GNU reports.
#[derive(Default)]
struct Stats {
    r_full: u64,
    r_partial: u64,
    w_full: u64,
    w_partial: u64,
    w_bytes: u64,
    start_ns: u64,
}

struct Io<'a> {
    ctx: &'a CommandCtx,
    a: &'a Args,
    input: Rc<OpenFile>,
    output: Rc<OpenFile>,
    in_name: Vec<u8>,
    out_name: Vec<u8>,
    st: Stats,
    /// Size of the previous read, for the partial-read warning.
    prev_read: usize,
    warn_partial: bool,
}

/// How the copy ended when it did not run to the end.
enum Fail {
    /// Print the summary and exit with status 1.
    Status1,
    Interrupt(Interrupt),
}

impl From<Interrupt> for Fail {
    fn from(i: Interrupt) -> Fail {
        Fail::Interrupt(i)
    }
}

fn io_fail(e: IoError) -> Result<IoError, Fail> {
    match e {
        IoError::Interrupted(i) => Err(Fail::Interrupt(i)),
        IoError::BrokenPipe => Err(Fail::Interrupt(Interrupt::Signal(SIGPIPE))),
        other => Ok(other),
    }
}

impl Io<'_> {
    /// One `read(2)` of up to `n` bytes (`/dev/zero` gives the whole block, as on Linux).
    async fn read_once(&mut self, n: usize) -> Result<Vec<u8>, IoError> {
        if matches!(self.input.desc, Desc::Zero) {
            self.ctx.charge_bytes(n)?;
            return Ok(vec![0; n]);
        }
        self.ctx.sys.read(&self.input, n).await
    }

    /// GNU `iread`/`iread_fullblock`.
    async fn read_block(&mut self, n: usize) -> Result<Vec<u8>, IoError> {
        if !self.a.iflag.fullblock {
            let data = self.read_once(n).await?;
            if !data.is_empty() && self.warn_partial && 0 < self.prev_read && self.prev_read < n {
                if self.a.status != Status::None {
                    let p = self.prev_read;
                    let s = if p == 1 { "" } else { "s" };
                    self.ctx
                        .diag(format!(
                            "warning: partial read ({p} byte{s}); suggest iflag=fullblock"
                        ))
                        .await?;
                }
                self.warn_partial = false;
            }
            self.prev_read = data.len();
            return Ok(data);
        }
        let mut out = Vec::new();
        while out.len() < n {
            let chunk = self.read_once(n - out.len()).await?;
            if chunk.is_empty() {
                break;
            }
            out.extend_from_slice(&chunk);
        }
        Ok(out)
    }

    async fn write(&mut self, data: &[u8]) -> Result<(), Fail> {
        self.ctx.charge_bytes(data.len())?;
        match self.ctx.sys.write_all(&self.output, data).await {
            Ok(()) => Ok(()),
            Err(e) => {
                let e = io_fail(e)?;
                let msg = format!(
                    "error writing {}: {}",
                    opts::quoteaf(self.ctx, &self.out_name),
                    e.message()
                );
                self.ctx.diag(msg).await?;
                Err(Fail::Status1)
            }
        }
    }

    /// Skips input records (GNU `skip` on standard input).
    async fn skip_input(&mut self) -> Result<(), Fail> {
        let (records, bytes) = (self.a.skip_records, self.a.skip_bytes);
        if records == 0 && bytes == 0 {
            return Ok(());
        }
        let want = records as u128 * self.a.ibs as u128 + bytes as u128;
        let short = match &self.input.desc {
            Desc::File { path, offset, .. } => {
                let len = self.ctx.vfs().stat(path).map(|s| s.size).unwrap_or(0) as u128;
                let target = offset.get() as u128 + want;
                offset.set(target.min(len) as u64);
                target > len
            }
            Desc::Generated { data, offset } => {
                let target = offset.get() as u128 + want;
                offset.set(target.min(data.len() as u128) as usize);
                target > data.len() as u128
            }
            Desc::Null | Desc::Zero | Desc::Random => false,
            _ => {
                let (mut recs, mut rest) = (records, bytes);
                while recs > 0 || rest > 0 {
                    let n = if recs > 0 { self.a.ibs } else { rest } as usize;
                    let got = match self.read_block(n).await {
                        Ok(d) => d,
                        Err(e) => {
                            let e = io_fail(e)?;
                            let m = format!(
                                "error reading {}: {}",
                                opts::quoteaf(self.ctx, &self.in_name),
                                e.message()
                            );
                            self.ctx.diag(m).await?;
                            return Err(Fail::Status1);
                        }
                    };
                    if got.is_empty() {
                        break;
                    }
                    if recs > 0 {
                        recs -= 1;
                    } else {
                        rest = 0;
                    }
                }
                recs > 0 || rest > 0
            }
        };
        if short && self.a.status != Status::None {
            self.ctx
                .diag(format!(
                    "{}: cannot skip to specified offset",
                    opts::quotef(self.ctx, &self.in_name)
                ))
                .await?;
        }
        Ok(())
    }

    /// Positions the output (GNU `skip` on standard output, then zero-filling).
    async fn seek_output(&mut self) -> Result<(), Fail> {
        let want = self.a.seek_records * self.a.obs + self.a.seek_bytes;
        if want == 0 {
            return Ok(());
        }
        match &self.output.desc {
            Desc::File { offset, append, .. } => {
                if !*append {
                    offset.set(offset.get() + want);
                }
                Ok(())
            }
            Desc::Null | Desc::Zero | Desc::Random => Ok(()),
            _ => {
                self.ctx
                    .diag(format!(
                        "{}: cannot seek: Illegal seek",
                        opts::quotef(self.ctx, &self.out_name)
                    ))
                    .await?;
                Err(Fail::Status1)
            }
        }
    }

    async fn copy(&mut self) -> Result<(), Fail> {
        self.skip_input().await?;
        self.seek_output().await?;
        let a = self.a;
        if a.max_records == 0 && a.max_bytes == 0 {
            return Ok(());
        }
        let ibs = a.ibs as usize;
        let mut obuf: Vec<u8> = Vec::new();
        let mut saved: Option<u8> = None;
        loop {
            let done = self.st.r_full + self.st.r_partial;
            if done >= a.max_records.saturating_add(u64::from(a.max_bytes != 0)) {
                break;
            }
            let want = if done >= a.max_records {
                a.max_bytes as usize
            } else {
                ibs
            };
            let mut block = match self.read_block(want).await {
                Ok(b) => b,
                Err(e) => {
                    let e = io_fail(e)?;
                    let m = format!(
                        "error reading {}: {}",
                        opts::quoteaf(self.ctx, &self.in_name),
                        e.message()
                    );
                    self.ctx.diag(m).await?;
                    // conv=noerror would retry a block the VFS fails on the same way every
                    // time (a directory): stop as GNU stops without it.
                    self.flush_tail(&mut obuf, saved).await?;
                    return Err(Fail::Status1);
                }
            };
            if block.is_empty() {
                break;
            }
            if block.len() < ibs {
                self.st.r_partial += 1;
                if a.conv.sync {
                    block.resize(ibs, 0);
                }
            } else {
                self.st.r_full += 1;
            }
            if !a.twobufs {
                self.write(&block).await?;
                self.st.w_bytes += block.len() as u64;
                if block.len() == ibs {
                    self.st.w_full += 1;
                } else {
                    self.st.w_partial += 1;
                }
                continue;
            }
            if a.conv.ucase {
                block.make_ascii_uppercase();
            } else if a.conv.lcase {
                block.make_ascii_lowercase();
            }
            if a.conv.swab {
                if let Some(c) = saved.take() {
                    block.insert(0, c);
                }
                if block.len() % 2 == 1 {
                    saved = block.pop();
                }
                for pair in block.chunks_exact_mut(2) {
                    pair.swap(0, 1);
                }
            }
            obuf.extend_from_slice(&block);
            let obs = a.obs as usize;
            let mut start = 0;
            while obuf.len() - start >= obs {
                let chunk = obuf[start..start + obs].to_vec();
                self.write(&chunk).await?;
                self.st.w_bytes += obs as u64;
                self.st.w_full += 1;
                start += obs;
            }
            obuf.drain(..start);
        }
        self.flush_tail(&mut obuf, saved).await
    }

    /// Writes what is left in the output buffer as one partial record.
    async fn flush_tail(&mut self, obuf: &mut Vec<u8>, saved: Option<u8>) -> Result<(), Fail> {
        if let Some(c) = saved {
            obuf.push(c);
        }
        if !obuf.is_empty() {
            let data = std::mem::take(obuf);
            self.write(&data).await?;
            self.st.w_bytes += data.len() as u64;
            self.st.w_partial += 1;
        }
        Ok(())
    }

    async fn print_stats(&self) -> Result<(), Interrupt> {
        if self.a.status == Status::None {
            return Ok(());
        }
        let st = &self.st;
        let mut m = format!(
            "{}+{} records in\n{}+{} records out\n",
            st.r_full, st.r_partial, st.w_full, st.w_partial
        );
        if self.a.status == Status::Default {
            let now = self.ctx.sys.clock.borrow().monotonic_ns();
            let ns = now.saturating_sub(st.start_ns);
            let (secs, speed) = if ns == 0 {
                ("0 s".to_string(), "Infinity B/s".to_string())
            } else {
                let g = format_g(ns as f64 / 1e9, 6, false, false);
                (
                    format!("{} s", String::from_utf8_lossy(&g)),
                    human::rate(st.w_bytes, ns),
                )
            };
            let si = human::size(st.w_bytes, 1000);
            let iec = human::size(st.w_bytes, 1024);
            let n = st.w_bytes;
            if si.ends_with(" B") {
                let s = if n == 1 { "" } else { "s" };
                m.push_str(&format!("{n} byte{s} copied, {secs}, {speed}\n"));
            } else if iec.ends_with(" B") {
                m.push_str(&format!("{n} bytes ({si}) copied, {secs}, {speed}\n"));
            } else {
                m.push_str(&format!(
                    "{n} bytes ({si}, {iec}) copied, {secs}, {speed}\n"
                ));
            }
        }
        self.ctx.err(m.as_bytes()).await
    }
}

/// Opens the input and output as GNU does; `Err` is the exit status after a diagnostic.
async fn open_files(
    ctx: &CommandCtx,
    a: &Args,
) -> Result<Result<(Rc<OpenFile>, Rc<OpenFile>), i32>, Interrupt> {
    let input = match &a.input {
        None => ctx.fd(0).ok_or(IoError::BadFd),
        Some(f) => ctx.sys.open(ctx.pid, &ctx.resolve(f), OpenFlags::read()),
    };
    let input = match input {
        Ok(f) => f,
        Err(e) => {
            let e = opts::interrupted(e)?;
            let shown = a.input.as_deref().unwrap_or(b"standard input");
            ctx.diag(format!(
                "failed to open {}: {}",
                opts::quoteaf(ctx, shown),
                e.message()
            ))
            .await?;
            return Ok(Err(1));
        }
    };
    let output = match &a.output {
        None => ctx.fd(1).ok_or(IoError::BadFd),
        Some(f) => {
            let flags = OpenFlags {
                write: true,
                create: !a.conv.nocreat,
                exclusive: a.conv.excl,
                truncate: a.seek_records == 0 && !a.conv.notrunc,
                append: a.oflag.append,
                ..OpenFlags::default()
            };
            let abs = ctx.resolve(f);
            let opened = ctx.sys.open(ctx.pid, &abs, flags);
            if let (Ok(file), true) = (&opened, a.seek_records != 0 && !a.conv.notrunc) {
                if let Desc::File { path, .. } = &file.desc {
                    let size = a.seek_records * a.obs + a.seek_bytes;
                    let r = ctx.vfs().truncate(path, size);
                    ctx.sys.sync_disk();
                    if let Err(e) = r {
                        ctx.diag(format!(
                            "failed to truncate to {size} bytes in output file {}: {}",
                            opts::quoteaf(ctx, f),
                            e.message()
                        ))
                        .await?;
                        return Ok(Err(1));
                    }
                }
            }
            opened
        }
    };
    match output {
        Ok(o) => Ok(Ok((input, o))),
        Err(e) => {
            let e = opts::interrupted(e)?;
            let shown = a.output.as_deref().unwrap_or(b"standard output");
            ctx.diag(format!(
                "failed to open {}: {}",
                opts::quoteaf(ctx, shown),
                e.message()
            ))
            .await?;
            Ok(Err(1))
        }
    }
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let argv = ctx.args();
    // GNU dd takes only --help, --version and `--` as options.
    let operands: &[Vec<u8>] = match argv.first().map(|a| a.as_slice()) {
        Some(b"--help") => {
            ctx.mark_partial("--help is not modeled");
            ctx.diag("--help is not available in this simulator")
                .await?;
            return Ok(1);
        }
        Some(b"--version") => {
            ctx.out(b"dd (coreutils) 9.1\n").await?;
            return Ok(0);
        }
        Some(b"--") => &argv[1..],
        Some(a) if a.len() > 1 && a[0] == b'-' => {
            let msg = if a.starts_with(b"--") {
                format!("unrecognized option {}", opts::quoteaf(ctx, a))
            } else {
                format!("invalid option -- '{}'", String::from_utf8_lossy(&a[1..2]))
            };
            return opts::usage(ctx, &msg, 1).await;
        }
        _ => argv,
    };
    let a = match args::parse(opts::Quoting::of(ctx), operands) {
        Ok(a) => a,
        Err(ArgError::Usage(m)) => return opts::usage(ctx, &m, 1).await,
        Err(ArgError::Fatal(m)) => {
            ctx.diag(m).await?;
            return Ok(1);
        }
        Err(ArgError::Unsupported(m)) => {
            ctx.mark_partial(m.clone());
            ctx.diag(m).await?;
            return Ok(2);
        }
    };
    let (input, output) = match open_files(ctx, &a).await? {
        Ok(f) => f,
        Err(s) => return Ok(s),
    };
    let buffers = a.ibs + if a.twobufs { a.obs } else { 0 };
    let buffers = ctx.reservation(buffers)?;
    let mut io = Io {
        ctx,
        a: &a,
        input,
        output,
        in_name: a.input.clone().unwrap_or(b"standard input".to_vec()),
        out_name: a.output.clone().unwrap_or(b"standard output".to_vec()),
        st: Stats {
            start_ns: ctx.sys.clock.borrow().monotonic_ns(),
            ..Stats::default()
        },
        prev_read: 0,
        warn_partial: a.warn_partial_read,
    };
    let r = io.copy().await;
    drop(buffers);
    let status = match r {
        Ok(()) => 0,
        Err(Fail::Status1) => 1,
        Err(Fail::Interrupt(i)) => return Err(i),
    };
    io.print_stats().await?;
    Ok(status)
}

crate::command_fn!(run, main);

pub fn register(r: &mut super::Registry) {
    r.register(
        "dd",
        Trust::Real,
        "convert and copy a file block by block",
        "if= of= bs= ibs= obs= count= skip= seek= (iseek= oseek=) conv=notrunc,sync,noerror,ucase,lcase,swab,excl,nocreat,fsync,fdatasync iflag=fullblock,count_bytes,skip_bytes oflag=append,seek_bytes status=none|noxfer (other GNU symbols: exit 2)",
        run,
    );
}
