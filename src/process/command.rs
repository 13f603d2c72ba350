//! The contract between the shell and the commands it dispatches: one uniform context (meter,
//! VFS, clock, environment, standard streams) and a table the shell looks names up in. Defined
//! here, below both, so the shell never depends on the command set and commands never depend
//! on shell internals.

use super::fd::OpenFile;
use super::io::{IoError, OpenFlags};
use super::{Interrupt, Kernel, Pid, SIGPIPE};
use crate::limits::{cost, Reservation, ReservedBuf};
use crate::vfs::{path, Vfs};
use std::cell::{Cell, RefCell, RefMut};
use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

/// A command's future: its exit status, or an interrupt that ends the process or the run.
pub type CmdFuture = Pin<Box<dyn Future<Output = Result<i32, Interrupt>>>>;
/// A command implementation.
pub type CommandFn = Rc<dyn Fn(CommandCtx) -> CmdFuture>;

/// How faithful a command's implementation is, recorded per invocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Trust {
    /// Matches the real tool for every option it accepts.
    Real,
    /// Useful but knowingly incomplete (documented per command).
    Partial,
    /// Named but not implemented: it prints why and exits non-zero.
    Unsupported,
}

impl Trust {
    pub fn as_str(self) -> &'static str {
        match self {
            Trust::Real => "real",
            Trust::Partial => "partial",
            Trust::Unsupported => "unsupported",
        }
    }
}

#[derive(Clone)]
pub struct CommandEntry {
    pub name: String,
    pub run: CommandFn,
    pub trust: Trust,
    /// One line for `docs/commands.md` and `help`.
    pub summary: &'static str,
    /// The options it accepts, as documentation.
    pub options: &'static str,
}

/// What the shell needs from the command set.
pub trait CommandTable {
    fn lookup(&self, name: &[u8]) -> Option<CommandEntry>;
    fn names(&self) -> Vec<String>;
}

/// A command table the embedder can extend (register its own commands with the same
/// context as the built-in ones).
pub trait ExtensibleTable: CommandTable {
    fn register(&self, name: &str, trust: Trust, run: CommandFn);
}

/// Why a program cannot be run, as `execve` would report it. Utilities that run a command
/// (`env`, `nice`, `nohup`, `timeout`, `xargs`, `find -exec`) print it in their own words, not
/// the shell's `command not found`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExecError {
    /// ENOENT: no such program; status 127.
    NotFound,
    /// EACCES: a directory, or a file without execute permission; status 126.
    NotExecutable,
}

impl ExecError {
    /// The exit status a utility returns for it.
    pub fn status(self) -> i32 {
        match self {
            ExecError::NotFound => 127,
            ExecError::NotExecutable => 126,
        }
    }

    /// `strerror`'s text.
    pub fn message(self) -> &'static str {
        match self {
            ExecError::NotFound => "No such file or directory",
            ExecError::NotExecutable => "Permission denied",
        }
    }
}

/// Lets a command run another command line (xargs, env, timeout, find -exec) through the shell's
/// normal dispatch (functions excluded, like `exec`ing a program).
pub trait SubRunner {
    /// Why `name` could not be run as a program with environment `env` from `ctx`'s directory,
    /// or `None` when [`SubRunner::run_argv`] would start it.
    fn exec_error(
        &self,
        ctx: &CommandCtx,
        name: &[u8],
        env: &BTreeMap<Vec<u8>, Vec<u8>>,
    ) -> Option<ExecError>;
    fn run_argv(
        &self,
        ctx: &CommandCtx,
        argv: Vec<Vec<u8>>,
        env: BTreeMap<Vec<u8>, Vec<u8>>,
    ) -> CmdFuture;
    /// Runs shell source in a new shell process (`sh -c`, `bash script`).
    fn run_shell(&self, ctx: &CommandCtx, argv: Vec<Vec<u8>>) -> CmdFuture;
}

/// One telemetry record per dispatched command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
    pub sequence: u64,
    pub pid: Pid,
    pub argv: Vec<Vec<u8>>,
    pub trust: Trust,
    pub status: Option<i32>,
    pub cpu: u64,
    pub disk_delta: i64,
    pub unsupported_reason: Option<String>,
}

/// Most invocation records kept per run; later ones are counted as dropped.
pub const MAX_INVOCATIONS: usize = 4096;

#[derive(Clone, Debug, Default)]
pub struct Telemetry {
    /// A persistent vector, so a session snapshot copies it in O(1).
    pub invocations: imbl::Vector<Invocation>,
    pub dropped_invocations: u64,
    /// Human-readable notes about unsupported features used.
    pub unsupported: Vec<String>,
    pub dropped_unsupported: u64,
    next_seq: u64,
}

impl Telemetry {
    /// Records an invocation and returns its sequence number, or `None` when the window is
    /// full (the record is counted as dropped).
    pub fn record(&mut self, inv: Invocation) -> Option<u64> {
        self.next_seq += 1;
        if self.invocations.len() >= MAX_INVOCATIONS {
            self.dropped_invocations += 1;
            return None;
        }
        let mut inv = inv;
        inv.sequence = self.next_seq - 1;
        self.invocations.push_back(inv);
        Some(self.next_seq - 1)
    }

    /// The record with `sequence`, if it is still in the window (a new action starts a new
    /// window; a command started by an earlier action then finds nothing to update).
    pub fn get_mut(&mut self, sequence: u64) -> Option<&mut Invocation> {
        let i = self
            .invocations
            .binary_search_by(|inv| inv.sequence.cmp(&sequence))
            .ok()?;
        self.invocations.get_mut(i)
    }

    /// Starts a new window for the next action: records and notes are cleared, sequence
    /// numbers keep counting.
    pub fn begin_action(&mut self) {
        *self = Telemetry {
            next_seq: self.next_seq,
            ..Telemetry::default()
        };
    }

    /// The sequence number the next record will get.
    pub fn next_sequence(&self) -> u64 {
        self.next_seq
    }

    pub fn note_unsupported(&mut self, text: String) {
        if self.unsupported.len() >= MAX_INVOCATIONS {
            self.dropped_unsupported += 1;
        } else if !self.unsupported.contains(&text) {
            self.unsupported.push(text);
        }
    }
}

/// Everything a command may touch. Commands never reach the host; they see the machine only
/// through this context.
pub struct CommandCtx {
    pub sys: Rc<Kernel>,
    pub pid: Pid,
    pub argv: Vec<Vec<u8>>,
    /// The exported environment the command sees.
    pub env: BTreeMap<Vec<u8>, Vec<u8>>,
    pub cwd: Vec<u8>,
    pub runner: Rc<dyn SubRunner>,
    write_failed: Rc<Cell<bool>>,
    /// Set by the command when it used an option or form it only partly models.
    pub partial: Rc<RefCell<Option<String>>>,
}

impl CommandCtx {
    pub fn new(
        sys: Rc<Kernel>,
        pid: Pid,
        argv: Vec<Vec<u8>>,
        env: BTreeMap<Vec<u8>, Vec<u8>>,
        cwd: Vec<u8>,
        runner: Rc<dyn SubRunner>,
    ) -> Self {
        CommandCtx {
            sys,
            pid,
            argv,
            env,
            cwd,
            runner,
            write_failed: Rc::new(Cell::new(false)),
            partial: Rc::new(RefCell::new(None)),
        }
    }

    /// The command name as invoked (`argv[0]`), for diagnostics.
    pub fn name(&self) -> String {
        String::from_utf8_lossy(path::file_name(
            self.argv.first().map(|a| a.as_slice()).unwrap_or(b""),
        ))
        .into_owned()
    }

    pub fn args(&self) -> &[Vec<u8>] {
        if self.argv.is_empty() {
            &[]
        } else {
            &self.argv[1..]
        }
    }

    pub fn vfs(&self) -> RefMut<'_, Vfs> {
        self.sys.vfs.borrow_mut()
    }

    /// `stat` of an absolute path as this process sees it (the VFS plus the generated `/proc`).
    pub fn stat(&self, abs: &[u8]) -> Result<crate::vfs::Stat, crate::vfs::VfsError> {
        self.sys.ns_stat(self.pid, abs, true)
    }

    /// `lstat`, as [`CommandCtx::stat`] without following a final symlink.
    pub fn lstat(&self, abs: &[u8]) -> Result<crate::vfs::Stat, crate::vfs::VfsError> {
        self.sys.ns_stat(self.pid, abs, false)
    }

    /// Directory entries as this process sees them (the generated `/proc` included).
    pub fn read_dir(
        &self,
        abs: &[u8],
    ) -> Result<Vec<(crate::vfs::Name, crate::vfs::FileType)>, crate::vfs::VfsError> {
        self.sys.ns_read_dir(self.pid, abs)
    }

    /// A symlink's target as this process sees it (`/proc/self`, `/proc/PID/cwd`, ...).
    pub fn read_link(&self, abs: &[u8]) -> Result<Vec<u8>, crate::vfs::VfsError> {
        self.sys.ns_read_link(self.pid, abs)
    }

    pub fn charge(&self, units: u64) -> Result<(), Interrupt> {
        self.sys.charge(units)
    }

    /// Charges CPU for scanning `bytes` bytes.
    pub fn charge_bytes(&self, bytes: usize) -> Result<(), Interrupt> {
        self.sys
            .charge(cost::per_bytes(bytes, 256, cost::SCAN_PER_256_BYTES))
    }

    /// Reserves modeled memory before the caller allocates it. The guard gives it back when
    /// dropped: keep it beside (or inside) the data it covers.
    pub fn reservation(&self, bytes: u64) -> Result<Reservation, Interrupt> {
        self.sys.meter.reservation(bytes).map_err(Interrupt::from)
    }

    /// A guard holding nothing yet, to grow as the data it covers grows.
    pub fn empty_reservation(&self) -> Reservation {
        self.sys.meter.empty_reservation()
    }

    /// An empty byte buffer that reserves before it grows.
    pub fn reserved_buf(&self) -> ReservedBuf {
        ReservedBuf::new(&self.sys.meter)
    }

    /// The process's file-mode creation mask (`umask`): every file or directory a command
    /// creates without an explicit mode is masked with it, as open(2) and mkdir(2) do.
    pub fn umask(&self) -> u32 {
        self.sys
            .with_proc(self.pid, |p| p.umask)
            .unwrap_or(super::DEFAULT_UMASK)
    }

    /// Permission bits for a new regular file (0666) or directory (0777) under the umask.
    pub fn create_mode(&self, dir: bool) -> u32 {
        (if dir { 0o777 } else { 0o666 }) & !self.umask()
    }

    /// Writes a regular file as `open(O_CREAT, 0666)` would: a file it creates gets 0666
    /// under the umask; an existing file keeps its mode.
    pub fn write_file(
        &self,
        abs: &[u8],
        data: &[u8],
        mode: crate::vfs::WriteMode,
    ) -> Result<(), crate::vfs::VfsError> {
        let perm = self.create_mode(false);
        self.vfs().write_file_mode(abs, data, mode, perm)
    }

    /// Absolute form of a path operand.
    pub fn resolve(&self, p: &[u8]) -> Vec<u8> {
        path::resolve(&self.cwd, p)
    }

    pub fn fd(&self, n: u32) -> Option<Rc<OpenFile>> {
        self.sys.fd(self.pid, n)
    }

    /// Whether a write error was reported (the dispatcher turns status 0 into 1 then).
    pub fn write_failed(&self) -> bool {
        self.write_failed.get()
    }

    /// A handle on the write-error flag that outlives the context (for the dispatcher).
    pub fn write_failed_flag(&self) -> Rc<Cell<bool>> {
        self.write_failed.clone()
    }

    /// Marks this invocation as only partly modeled (recorded in telemetry).
    pub fn mark_partial(&self, why: impl Into<String>) {
        *self.partial.borrow_mut() = Some(why.into());
    }

    /// Writes to a descriptor. A broken pipe ends the process with SIGPIPE; resource exhaustion
    /// stops the run; other errors print `name: write error: ...` once and make the status 1.
    pub async fn write_fd(&self, fd: u32, data: &[u8]) -> Result<(), Interrupt> {
        if data.is_empty() {
            return Ok(());
        }
        let file = match self.fd(fd) {
            Some(f) => f,
            None => return self.write_error(IoError::BadFd).await,
        };
        match self.sys.write_all(&file, data).await {
            Ok(()) => Ok(()),
            Err(IoError::BrokenPipe) => Err(Interrupt::Signal(SIGPIPE)),
            Err(IoError::Interrupted(i)) => Err(i),
            Err(e) => self.write_error(e).await,
        }
    }

    async fn write_error(&self, e: IoError) -> Result<(), Interrupt> {
        if !self.write_failed.replace(true) {
            let msg = format!("{}: write error: {}\n", self.name(), e.message());
            if let Some(err) = self.fd(2) {
                if let Err(IoError::Interrupted(i)) = self.sys.write_all(&err, msg.as_bytes()).await
                {
                    return Err(i);
                }
            }
        }
        Ok(())
    }

    pub async fn out(&self, data: &[u8]) -> Result<(), Interrupt> {
        self.write_fd(1, data).await
    }

    /// Writes raw bytes to stderr (errors there are ignored, like most tools do).
    pub async fn err(&self, data: &[u8]) -> Result<(), Interrupt> {
        if let Some(f) = self.fd(2) {
            match self.sys.write_all(&f, data).await {
                Err(IoError::Interrupted(i)) => return Err(i),
                Err(IoError::BrokenPipe) => return Err(Interrupt::Signal(SIGPIPE)),
                _ => {}
            }
        }
        Ok(())
    }

    /// Prints `name: message` and a newline on stderr.
    pub async fn diag(&self, message: impl AsRef<[u8]>) -> Result<(), Interrupt> {
        let mut line = self.name().into_bytes();
        line.extend_from_slice(b": ");
        line.extend_from_slice(message.as_ref());
        line.push(b'\n');
        self.err(&line).await
    }

    /// Prints `name: 'path': strerror` style diagnostics for a failed file operand.
    pub async fn diag_path(&self, operand: &[u8], e: IoError) -> Result<(), Interrupt> {
        let mut m = operand.to_vec();
        m.extend_from_slice(b": ");
        m.extend_from_slice(e.message().as_bytes());
        self.diag(m).await
    }

    /// Reads a chunk from a descriptor (empty = EOF).
    pub async fn read_fd(&self, fd: u32, max: usize) -> Result<Vec<u8>, IoError> {
        let file = self.fd(fd).ok_or(IoError::BadFd)?;
        self.sys.read(&file, max).await
    }

    /// Opens a path operand for reading; `-` is stdin.
    pub fn open_input(&self, operand: &[u8]) -> Result<Rc<OpenFile>, IoError> {
        if operand == b"-" {
            return self.fd(0).ok_or(IoError::BadFd);
        }
        self.sys
            .open(self.pid, &self.resolve(operand), OpenFlags::read())
    }

    /// Reads a whole input (file operand or `-`), reserving modeled memory as it grows; the
    /// buffer holds the reservation, which goes when the buffer does.
    pub async fn read_all_input(&self, operand: &[u8]) -> Result<ReservedBuf, IoError> {
        let f = self.open_input(operand)?;
        self.sys.read_to_end(&f).await
    }
}

/// Reads a descriptor line by line without holding more than one chunk (or the line being
/// read, when it is longer). The buffer's modeled memory is reserved before it grows and given
/// back as consumed lines are drained, so a line too long for the memory limit stops the run
/// (`MemoryExhausted`) before it is buffered.
pub struct LineReader {
    file: Rc<OpenFile>,
    buf: Vec<u8>,
    /// Covers `buf.len()`; taken from the kernel's meter at the first read.
    held: Option<Reservation>,
    pos: usize,
    eof: bool,
    /// Line terminator (b'\n', or 0 for `-z`).
    pub delim: u8,
}

impl LineReader {
    pub fn new(file: Rc<OpenFile>) -> LineReader {
        LineReader {
            file,
            buf: Vec::new(),
            held: None,
            pos: 0,
            eof: false,
            delim: b'\n',
        }
    }

    /// The next line including its terminator (the last line may lack one); `None` at EOF.
    /// The line's bytes stay charged to the reader until the next call drains them.
    pub async fn next_line(&mut self, sys: &Kernel) -> Result<Option<Vec<u8>>, IoError> {
        loop {
            if let Some(i) = memchr::memchr(self.delim, &self.buf[self.pos..]) {
                let line = self.buf[self.pos..self.pos + i + 1].to_vec();
                self.pos += i + 1;
                sys.charge(cost::LINE)?;
                return Ok(Some(line));
            }
            if self.eof {
                if self.pos < self.buf.len() {
                    let line = self.buf[self.pos..].to_vec();
                    self.pos = self.buf.len();
                    return Ok(Some(line));
                }
                return Ok(None);
            }
            if self.pos > 0 {
                self.buf.drain(..self.pos);
                if let Some(h) = self.held.as_mut() {
                    h.shrink(self.pos as u64);
                }
                self.pos = 0;
            }
            let chunk = sys.read(&self.file, 64 * 1024).await?;
            if chunk.is_empty() {
                self.eof = true;
            } else {
                self.held
                    .get_or_insert_with(|| sys.meter.empty_reservation())
                    .grow(chunk.len() as u64)?;
                self.buf.extend_from_slice(&chunk);
            }
        }
    }
}

impl From<crate::limits::Exhausted> for IoError {
    fn from(e: crate::limits::Exhausted) -> Self {
        IoError::Interrupted(Interrupt::Stop(e.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::{Limits, StopReason};
    use crate::process::MachineInfo;

    #[test]
    fn a_line_reader_reserves_before_its_buffer_grows() {
        let k = Kernel::new(
            Limits {
                memory: 1000,
                ..Limits::default()
            },
            MachineInfo::default(),
        );
        k.vfs
            .borrow_mut()
            .write_file(b"/long", &[b'a'; 1500], crate::vfs::WriteMode::Truncate)
            .unwrap();
        k.vfs
            .borrow_mut()
            .write_file(b"/short", b"one\ntwo\n", crate::vfs::WriteMode::Truncate)
            .unwrap();
        let open = |p: &[u8]| k.open(1, p, OpenFlags::read()).unwrap();
        fn poll<T>(f: impl Future<Output = T>) -> T {
            let mut f = std::pin::pin!(f);
            let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
            match f.as_mut().poll(&mut cx) {
                std::task::Poll::Ready(r) => r,
                std::task::Poll::Pending => panic!("a file read does not wait"),
            }
        }
        // Lines that fit are charged while buffered and given back when drained.
        let mut r = LineReader::new(open(b"/short"));
        assert_eq!(poll(r.next_line(&k)).unwrap(), Some(b"one\n".to_vec()));
        assert_eq!(k.meter.usage().memory_current, 8);
        assert_eq!(poll(r.next_line(&k)).unwrap(), Some(b"two\n".to_vec()));
        assert_eq!(poll(r.next_line(&k)).unwrap(), None);
        assert_eq!(k.meter.usage().memory_current, 0);
        drop(r);
        // A line longer than the limit stops the run before the buffer holds it.
        let mut r = LineReader::new(open(b"/long"));
        let e = poll(r.next_line(&k)).unwrap_err();
        assert_eq!(
            e,
            IoError::Interrupted(Interrupt::Stop(StopReason::MemoryExhausted))
        );
        assert!(r.buf.is_empty());
        assert_eq!(k.meter.usage().memory_current, 0);
    }
}
