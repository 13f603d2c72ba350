//! Reading, writing and opening through a process's descriptors. Reads and writes are futures:
//! they complete at once when data or room is available and return `Pending` otherwise, which
//! hands the host thread back to the scheduler.

use super::fd::{Desc, OpenFile, PIPE_CAPACITY};
use super::{Interrupt, Kernel, Pid};
use crate::limits::{cost, ReservedBuf};
use crate::vfs::{VfsError, WriteMode};
use std::cell::Cell;
use std::future::poll_fn;
use std::rc::Rc;
use std::task::Poll;

/// Why a read, write or open failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IoError {
    /// Write to a pipe with no reader left (the writer gets SIGPIPE).
    BrokenPipe,
    /// The descriptor is not open, or not open for this direction.
    BadFd,
    Vfs(VfsError),
    /// No such device or address (`/dev/tty` without a terminal).
    NoDevice,
    /// Past the process's file-size limit (`ulimit -f`).
    FileTooLarge,
    Interrupted(Interrupt),
}

impl IoError {
    pub fn message(self) -> &'static str {
        match self {
            IoError::BrokenPipe => "Broken pipe",
            IoError::BadFd => "Bad file descriptor",
            IoError::Vfs(e) => e.message(),
            IoError::NoDevice => "No such device or address",
            IoError::FileTooLarge => "File too large",
            IoError::Interrupted(_) => "Interrupted system call",
        }
    }
}

impl From<VfsError> for IoError {
    fn from(e: VfsError) -> Self {
        IoError::Vfs(e)
    }
}

impl From<Interrupt> for IoError {
    fn from(i: Interrupt) -> Self {
        IoError::Interrupted(i)
    }
}

/// How to open a path.
#[derive(Clone, Copy, Debug, Default)]
pub struct OpenFlags {
    pub read: bool,
    pub write: bool,
    pub append: bool,
    pub create: bool,
    pub truncate: bool,
    /// Fail if the file exists (`set -C` / noclobber for regular files).
    pub exclusive: bool,
    /// Permission bits for a newly created file, before the process's umask (0 = 0o666).
    pub create_mode: u32,
}

impl OpenFlags {
    pub fn read() -> Self {
        OpenFlags {
            read: true,
            ..Default::default()
        }
    }
    pub fn write_truncate() -> Self {
        OpenFlags {
            write: true,
            create: true,
            truncate: true,
            ..Default::default()
        }
    }
    pub fn append() -> Self {
        OpenFlags {
            write: true,
            create: true,
            append: true,
            ..Default::default()
        }
    }
}

impl Kernel {
    fn io_cost(&self, bytes: usize) -> Result<(), Interrupt> {
        self.charge(cost::IO_CALL + cost::per_bytes(bytes, 256, cost::IO_PER_256_BYTES))
    }

    /// Reads up to `max` bytes. An empty result means end of file.
    pub async fn read(&self, file: &Rc<OpenFile>, max: usize) -> Result<Vec<u8>, IoError> {
        if !file.readable() {
            return Err(IoError::BadFd);
        }
        let max = max.max(1);
        let out = poll_fn(|_| self.poll_read(file, max)).await?;
        self.io_cost(out.len())?;
        Ok(out)
    }

    /// Like [`Kernel::read`], but gives up when the virtual monotonic clock reaches
    /// `deadline_ns` with nothing read (`Ok(None)`), as `read -t` does.
    pub async fn read_until(
        &self,
        pid: Pid,
        file: &Rc<OpenFile>,
        max: usize,
        deadline_ns: u64,
    ) -> Result<Option<Vec<u8>>, IoError> {
        if !file.readable() {
            return Err(IoError::BadFd);
        }
        let max = max.max(1);
        let mut timer = None;
        let out = poll_fn(|_| {
            if let Poll::Ready(r) = self.poll_read(file, max) {
                return Poll::Ready(r.map(Some));
            }
            let mut clock = self.clock.borrow_mut();
            if self.is_cancelled(pid) {
                return Poll::Ready(Ok(None));
            }
            match timer {
                None if clock.monotonic_ns() >= deadline_ns => Poll::Ready(Ok(None)),
                None => {
                    timer = Some(clock.add_timer(deadline_ns, pid as u64));
                    Poll::Pending
                }
                Some(id) if !clock.has_timer(id) => Poll::Ready(Ok(None)),
                Some(_) => Poll::Pending,
            }
        })
        .await;
        if let Some(id) = timer {
            self.clock.borrow_mut().cancel(id);
        }
        let out = out?;
        self.io_cost(out.as_ref().map_or(0, Vec::len))?;
        Ok(out)
    }

    /// Whether a read would return at once (data or end of file) rather than wait: `read -t 0`.
    pub fn input_ready(&self, file: &OpenFile) -> bool {
        match &file.desc {
            Desc::PipeRead(p) => {
                let p = p.borrow();
                !p.buf.is_empty() || p.writers == 0
            }
            Desc::Input(s) => {
                let mut s = s.borrow_mut();
                s.refill();
                s.pos < s.data.len() || s.closed
            }
            _ => true,
        }
    }

    /// One attempt at a read: the bytes, end of file (empty), or `Pending` for an empty pipe
    /// or open input that may still get data.
    fn poll_read(&self, file: &Rc<OpenFile>, max: usize) -> Poll<Result<Vec<u8>, IoError>> {
        match &file.desc {
            Desc::PipeRead(p) => {
                let mut p = p.borrow_mut();
                if p.buf.is_empty() {
                    if p.writers == 0 {
                        return Poll::Ready(Ok(Vec::new()));
                    }
                    return Poll::Pending;
                }
                let n = max.min(p.buf.len());
                let data: Vec<u8> = p.buf.drain(..n).collect();
                drop(p);
                self.note_progress();
                Poll::Ready(Ok(data))
            }
            Desc::Input(s) => {
                let mut s = s.borrow_mut();
                s.refill();
                if s.pos >= s.data.len() {
                    if s.closed {
                        return Poll::Ready(Ok(Vec::new()));
                    }
                    return Poll::Pending;
                }
                let n = max.min(s.data.len() - s.pos);
                let data = s.data[s.pos..s.pos + n].to_vec();
                s.pos += n;
                Poll::Ready(Ok(data))
            }
            Desc::File { path, offset, .. } => Poll::Ready(self.read_file_at(path, offset, max)),
            Desc::Dir { .. } => Poll::Ready(Err(IoError::Vfs(VfsError::IsDir))),
            Desc::Null => Poll::Ready(Ok(Vec::new())),
            Desc::Zero => Poll::Ready(Ok(vec![0; max.min(4096)])),
            Desc::Random => {
                let n = max.min(4096);
                let mut v = Vec::with_capacity(n + 8);
                while v.len() < n {
                    v.extend_from_slice(&self.random_u64().to_le_bytes());
                }
                v.truncate(n);
                Poll::Ready(Ok(v))
            }
            Desc::Generated { data, offset } => {
                let start = offset.get().min(data.len());
                let end = (start + max).min(data.len());
                offset.set(end);
                Poll::Ready(Ok(data[start..end].to_vec()))
            }
            Desc::PipeWrite(_) | Desc::Output { .. } => Poll::Ready(Err(IoError::BadFd)),
        }
    }

    fn read_file_at(
        &self,
        path: &[u8],
        offset: &Cell<u64>,
        max: usize,
    ) -> Result<Vec<u8>, IoError> {
        let data = self.vfs.borrow().read_file(path)?;
        let start = (offset.get() as usize).min(data.len());
        let end = start.saturating_add(max).min(data.len());
        offset.set(end as u64);
        Ok(data[start..end].to_vec())
    }

    /// Writes all of `data`, waiting for room in a pipe as needed.
    pub async fn write_all(&self, file: &Rc<OpenFile>, data: &[u8]) -> Result<(), IoError> {
        if !file.writable() {
            return Err(IoError::BadFd);
        }
        self.io_cost(data.len())?;
        match &file.desc {
            Desc::PipeWrite(p) => {
                let mut written = 0;
                poll_fn(|_| {
                    let mut pipe = p.borrow_mut();
                    if pipe.readers == 0 {
                        return Poll::Ready(Err(IoError::BrokenPipe));
                    }
                    let room = PIPE_CAPACITY.saturating_sub(pipe.buf.len());
                    if room == 0 {
                        return Poll::Pending;
                    }
                    let n = room.min(data.len() - written);
                    pipe.buf.extend(&data[written..written + n]);
                    written += n;
                    drop(pipe);
                    self.note_progress();
                    if written == data.len() {
                        Poll::Ready(Ok(()))
                    } else {
                        Poll::Pending
                    }
                })
                .await
            }
            Desc::Output { sink, stream } => {
                let (fit, err) = self.meter.charge_output(data.len() as u64);
                sink.borrow_mut().append(*stream, &data[..fit as usize]);
                if let Some(e) = err {
                    return Err(IoError::Interrupted(Interrupt::Stop(e.0)));
                }
                if self.bounded_run.get() {
                    // A harness polls in bounded steps: an endless writer (`yes`) must give
                    // control back once its quantum is used.
                    self.maybe_yield().await;
                }
                Ok(())
            }
            Desc::File {
                path,
                offset,
                append,
                ..
            } => {
                let limit = self
                    .with_proc(self.current_pid(), |p| p.max_file_size)
                    .flatten();
                if let Some(max) = limit {
                    let len = self.vfs.borrow().stat(path).map(|s| s.size).unwrap_or(0);
                    let end = if *append { len } else { offset.get() } + data.len() as u64;
                    if end > max {
                        return Err(IoError::FileTooLarge);
                    }
                }
                let mut vfs = self.vfs.borrow_mut();
                if *append {
                    vfs.write_file(path, data, WriteMode::Append)?;
                    let len = vfs.stat(path).map(|s| s.size).unwrap_or(0);
                    offset.set(len);
                } else {
                    vfs.write_at(path, offset.get(), data)?;
                    offset.set(offset.get() + data.len() as u64);
                }
                drop(vfs);
                self.sync_disk();
                Ok(())
            }
            Desc::Null | Desc::Zero | Desc::Random => Ok(()),
            _ => Err(IoError::BadFd),
        }
    }

    /// Writes without waiting: a full pipe takes the bytes anyway (used for shell
    /// diagnostics, which must not block the interpreter). Errors are ignored.
    pub fn write_now(&self, file: &Rc<OpenFile>, data: &[u8]) {
        match &file.desc {
            Desc::PipeWrite(p) => {
                let mut pipe = p.borrow_mut();
                if pipe.readers > 0 {
                    pipe.buf.extend(data);
                }
                drop(pipe);
                self.note_progress();
            }
            Desc::Output { sink, stream } => {
                let (fit, _) = self.meter.charge_output(data.len() as u64);
                sink.borrow_mut().append(*stream, &data[..fit as usize]);
            }
            Desc::File {
                path,
                append,
                offset,
                ..
            } => {
                let mut vfs = self.vfs.borrow_mut();
                let r = if *append {
                    vfs.write_file(path, data, WriteMode::Append)
                } else {
                    vfs.write_at(path, offset.get(), data)
                };
                if r.is_ok() && !*append {
                    offset.set(offset.get() + data.len() as u64);
                }
            }
            _ => {}
        }
    }

    /// Mirrors the VFS's usage into the meter (for reporting peaks).
    pub fn sync_disk(&self) {
        let usage = self.vfs.borrow().usage();
        self.meter.set_disk(usage);
    }

    /// Reads a descriptor to its end, reserving modeled memory before the buffer grows. The
    /// buffer carries its reservation: the memory is given back when the caller drops it.
    pub async fn read_to_end(&self, file: &Rc<OpenFile>) -> Result<ReservedBuf, IoError> {
        let mut out = ReservedBuf::new(&self.meter);
        loop {
            let chunk = self.read(file, 64 * 1024).await?;
            if chunk.is_empty() {
                return Ok(out);
            }
            out.extend_from_slice(&chunk)
                .map_err(|e| IoError::Interrupted(Interrupt::Stop(e.0)))?;
        }
    }

    /// Opens an absolute path for process `pid` (whose descriptors `/dev/stdin` etc. refer to).
    pub fn open(&self, pid: Pid, path: &[u8], flags: OpenFlags) -> Result<Rc<OpenFile>, IoError> {
        if let Some(special) = self.open_special(pid, path, flags)? {
            return Ok(special);
        }
        let mut vfs = self.vfs.borrow_mut();
        let exists = vfs.stat(path);
        match exists {
            Ok(st) if st.file_type == crate::vfs::FileType::Dir => {
                if flags.write {
                    return Err(IoError::Vfs(VfsError::IsDir));
                }
                return Ok(OpenFile::new(Desc::Dir {
                    path: vfs.canonicalize(path)?,
                }));
            }
            Ok(_) => {
                if flags.exclusive {
                    return Err(IoError::Vfs(VfsError::Exists));
                }
                if flags.truncate && flags.write {
                    vfs.write_file(path, b"", WriteMode::Truncate)?;
                }
            }
            Err(VfsError::NotFound) if flags.create => {
                let umask = self.with_proc(pid, |p| p.umask).unwrap_or(0o022);
                let mode = if flags.create_mode == 0 {
                    0o666
                } else {
                    flags.create_mode
                };
                vfs.write_file_mode(path, b"", WriteMode::Append, mode & !umask)?;
            }
            Err(e) => return Err(IoError::Vfs(e)),
        }
        let canon = vfs.canonicalize(path)?;
        let offset = if flags.append {
            vfs.stat(&canon).map(|s| s.size).unwrap_or(0)
        } else {
            0
        };
        drop(vfs);
        self.sync_disk();
        Ok(OpenFile::new(Desc::File {
            path: canon,
            offset: Cell::new(offset),
            read: flags.read,
            write: flags.write,
            append: flags.append,
        }))
    }
}
