//! Logical processes, file descriptors, pipes, signals and the deterministic scheduler.
//!
//! A machine is one [`Kernel`] shared (by `Rc`) between the tasks that run on it. Each simulated
//! process is a Rust future polled by [`Kernel::run`] in pid order on the calling thread; a
//! process that cannot go on (empty pipe, full pipe, timer, child) returns `Pending` and the
//! scheduler moves to the next one. When a whole round changes nothing, virtual time jumps to
//! the next timer; when there is no timer either, the run is deadlocked on outside input.
//! Nothing here blocks the host thread or reads the host clock.
//!
//! Invariant: this layer knows nothing about shell syntax; processes are opaque futures.

pub mod command;
pub mod fd;
mod io;
mod procfs;
mod pseudo;
pub mod sched;
pub mod snapshot;

pub use fd::{
    Desc, InputSource, InputStream, OpenFile, OutputSink, PulledInput, StreamKind, WriteOrder,
};
pub use io::{IoError, OpenFlags};

use crate::clock::Clock;
use crate::limits::{Exhausted, Limits, Meter, StopReason};
use crate::vfs::Vfs;
use fd::Progress;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

pub type Pid = u32;
/// The first process of a machine (the root shell), as in the reference simulator.
pub const ROOT_PID: Pid = 1234;
/// Most live processes one machine may hold.
pub const MAX_PROCESSES: usize = 1024;
/// Highest file descriptor number accepted.
pub const MAX_FD: u32 = 65_535;

/// A process's future: resolves to its exit status.
pub type Task = Pin<Box<dyn Future<Output = i32>>>;

/// Why simulated work stopped before finishing normally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interrupt {
    /// A resource budget ran out (terminal for the machine).
    Stop(StopReason),
    /// The process was killed by this signal (default disposition).
    Signal(i32),
}

impl From<Exhausted> for Interrupt {
    fn from(e: Exhausted) -> Interrupt {
        Interrupt::Stop(e.0)
    }
}

pub const SIGHUP: i32 = 1;
pub const SIGINT: i32 = 2;
pub const SIGQUIT: i32 = 3;
pub const SIGKILL: i32 = 9;
pub const SIGUSR1: i32 = 10;
pub const SIGUSR2: i32 = 12;
pub const SIGPIPE: i32 = 13;
pub const SIGALRM: i32 = 14;
pub const SIGTERM: i32 = 15;
pub const SIGCHLD: i32 = 17;
pub const SIGCONT: i32 = 18;
pub const SIGSTOP: i32 = 19;
pub const SIGTSTP: i32 = 20;

/// Signal names in number order (Linux x86-64), without the `SIG` prefix.
pub const SIGNAL_NAMES: &[(i32, &str)] = &[
    (1, "HUP"),
    (2, "INT"),
    (3, "QUIT"),
    (4, "ILL"),
    (5, "TRAP"),
    (6, "ABRT"),
    (7, "BUS"),
    (8, "FPE"),
    (9, "KILL"),
    (10, "USR1"),
    (11, "SEGV"),
    (12, "USR2"),
    (13, "PIPE"),
    (14, "ALRM"),
    (15, "TERM"),
    (16, "STKFLT"),
    (17, "CHLD"),
    (18, "CONT"),
    (19, "STOP"),
    (20, "TSTP"),
    (21, "TTIN"),
    (22, "TTOU"),
    (23, "URG"),
    (24, "XCPU"),
    (25, "XFSZ"),
    (26, "VTALRM"),
    (27, "PROF"),
    (28, "WINCH"),
    (29, "IO"),
    (30, "PWR"),
    (31, "SYS"),
];

/// Parses `TERM`, `SIGTERM`, `sigterm` or `15`.
pub fn parse_signal(text: &str) -> Option<i32> {
    if let Ok(n) = text.parse::<i32>() {
        return (0..=64).contains(&n).then_some(n);
    }
    let upper = text.to_ascii_uppercase();
    let name = upper.strip_prefix("SIG").unwrap_or(&upper);
    SIGNAL_NAMES
        .iter()
        .find(|(_, n)| *n == name)
        .map(|(num, _)| *num)
}

pub fn signal_name(sig: i32) -> Option<&'static str> {
    SIGNAL_NAMES
        .iter()
        .find(|(n, _)| *n == sig)
        .map(|(_, name)| *name)
}

/// What a process does with a signal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Disposition {
    #[default]
    Default,
    Ignore,
    /// A handler runs at the process's next safe point.
    Catch,
}

/// Signals whose default action does nothing.
pub fn default_ignored(sig: i32) -> bool {
    matches!(sig, SIGCHLD | SIGCONT | 23 | 28)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProcState {
    Running,
    Exited(i32),
}

/// The umask a process starts with; each process then carries its own (`Proc::umask`), which
/// every file a command creates is masked with (`CommandCtx::umask`).
pub const DEFAULT_UMASK: u32 = 0o022;

/// One logical process.
#[derive(Clone, Debug)]
pub struct Proc {
    pub pid: Pid,
    pub ppid: Pid,
    pub pgid: Pid,
    pub fds: BTreeMap<u32, Rc<OpenFile>>,
    pub state: ProcState,
    pub argv: Vec<Vec<u8>>,
    pub cwd: Vec<u8>,
    pub environ: Vec<(Vec<u8>, Vec<u8>)>,
    /// Signals delivered but not yet acted on, in arrival order.
    pub pending: Vec<i32>,
    pub dispositions: BTreeMap<i32, Disposition>,
    /// Whether the parent has collected the exit status (`wait`).
    pub reaped: bool,
    /// File-creation mask (inherited by children).
    pub umask: u32,
    /// `ulimit -f` in bytes: writes past it fail with EFBIG (inherited by children).
    pub max_file_size: Option<u64>,
    /// Started as a background job (`&`) or by one: a harness cancel leaves it running.
    pub background: bool,
    /// A harness cancel reached this process (inherited, so children it starts die too).
    pub cancelled: bool,
    /// Virtual wall-clock second the process started (`ps`'s STIME).
    pub started: i64,
    /// Scheduling niceness (`nice`): inherited and reported; the deterministic scheduler
    /// gives every process the same turns whatever it is.
    pub niceness: i32,
}

/// Fixed facts of the simulated machine.
#[derive(Clone, Debug)]
pub struct MachineInfo {
    pub hostname: String,
    pub seed: u64,
}

impl Default for MachineInfo {
    fn default() -> Self {
        MachineInfo {
            hostname: "shellsim".to_string(),
            seed: 0x5eed_5eed,
        }
    }
}

/// One simulated machine: meter, filesystem, clock, processes.
pub struct Kernel {
    pub meter: Meter,
    pub vfs: RefCell<Vfs>,
    pub clock: RefCell<Clock>,
    pub info: MachineInfo,
    /// Per-invocation records and notes about unsupported features.
    pub telemetry: RefCell<command::Telemetry>,
    progress: Progress,
    procs: RefCell<BTreeMap<Pid, Proc>>,
    tasks: RefCell<BTreeMap<Pid, Task>>,
    next_pid: Cell<Pid>,
    next_pipe: Cell<u64>,
    rng: Cell<u64>,
    /// CPU used when the task now being polled started its slice (for yielding).
    slice_start: Cell<u64>,
    current: Cell<Pid>,
    /// Set while a harness cancel is unwinding the foreground: the process whose task is
    /// interrupted softly (its shell state survives) instead of dropped.
    cancelling: Cell<Option<Pid>>,
    /// The scheduler was asked for a bounded number of rounds (see `sched.rs`).
    bounded_run: Cell<bool>,
    /// A terminal signal aimed at what a shell runs in its own process (a command run
    /// inline): it interrupts that process's next charge or sleep once, as the signal would
    /// have killed the child a real shell forks.
    inline_interrupt: Cell<Option<(Pid, i32)>>,
}

impl Kernel {
    pub fn new(limits: Limits, info: MachineInfo) -> Rc<Kernel> {
        let clock = Clock::new();
        let vfs = Vfs::new(limits.disk, clock.wall_ns());
        Kernel::from_parts(Meter::new(limits), vfs, clock, info)
    }

    /// Rebuilds a kernel around saved state (a checkpoint or a fork).
    pub fn from_parts(meter: Meter, vfs: Vfs, clock: Clock, info: MachineInfo) -> Rc<Kernel> {
        let seed = info.seed;
        Rc::new(Kernel {
            meter,
            vfs: RefCell::new(vfs),
            clock: RefCell::new(clock),
            info,
            telemetry: RefCell::new(command::Telemetry::default()),
            progress: Rc::new(Cell::new(0)),
            procs: RefCell::new(BTreeMap::new()),
            tasks: RefCell::new(BTreeMap::new()),
            next_pid: Cell::new(ROOT_PID),
            next_pipe: Cell::new(1),
            rng: Cell::new(seed | 1),
            slice_start: Cell::new(0),
            current: Cell::new(0),
            cancelling: Cell::new(None),
            bounded_run: Cell::new(false),
            inline_interrupt: Cell::new(None),
        })
    }

    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    pub fn note_progress(&self) {
        fd::bump(&self.progress);
    }

    /// Deterministic pseudo-random numbers (xorshift64*), seeded per machine.
    pub fn random_u64(&self) -> u64 {
        let mut x = self.rng.get();
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.rng.set(x);
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Charges CPU for `pid`'s work.
    #[inline]
    pub fn charge(&self, units: u64) -> Result<(), Interrupt> {
        if self.cancelling.get().is_some() && self.is_cancelled(self.current.get()) {
            return Err(Interrupt::Signal(SIGKILL));
        }
        if let Some((pid, sig)) = self.inline_interrupt.get() {
            if pid == self.current.get() {
                self.inline_interrupt.set(None);
                return Err(Interrupt::Signal(sig));
            }
        }
        self.meter.charge_cpu(units).map_err(Interrupt::from)
    }

    /// Whether a harness cancel reached `pid`.
    pub fn is_cancelled(&self, pid: Pid) -> bool {
        self.cancelling.get().is_some()
            && self.procs.borrow().get(&pid).is_some_and(|p| p.cancelled)
    }

    /// Marks every live foreground process cancelled (background jobs are left alone).
    /// `keep` (the session's shell) is then interrupted at its next charge or wait and
    /// unwinds with its state intact; every other cancelled task is dropped by the scheduler.
    pub fn cancel_foreground(&self, keep: Pid) {
        for p in self.procs.borrow_mut().values_mut() {
            if p.state == ProcState::Running && !p.background {
                p.cancelled = true;
            }
        }
        self.cancelling.set(Some(keep));
        self.note_progress();
    }

    /// Ends a cancel: clears the marks (on every process, so nothing stays cancelled).
    pub fn end_cancel(&self) {
        for p in self.procs.borrow_mut().values_mut() {
            p.cancelled = false;
        }
        self.cancelling.set(None);
    }

    /// Interrupts, once, the work `pid` runs in its own process (see the field's comment).
    pub fn interrupt_inline(&self, pid: Pid, sig: i32) {
        self.inline_interrupt.set(Some((pid, sig)));
        self.note_progress();
    }

    /// Whether an inline interrupt waits for `pid` (a sleep then ends early).
    pub fn inline_interrupt_pending(&self, pid: Pid) -> bool {
        self.inline_interrupt.get().is_some_and(|(p, _)| p == pid)
    }

    /// Drops an inline interrupt that never fired (its action ended first).
    pub fn clear_inline_interrupt(&self) {
        self.inline_interrupt.set(None);
    }

    /// Marks `pid` as a background job (see [`Proc::background`]).
    pub fn mark_background(&self, pid: Pid) {
        self.with_proc(pid, |p| p.background = true);
    }

    // ---- processes --------------------------------------------------------------------

    /// Creates a process record. The first one gets [`ROOT_PID`].
    pub fn create_process(
        &self,
        ppid: Option<Pid>,
        argv: Vec<Vec<u8>>,
        cwd: Vec<u8>,
    ) -> Result<Pid, Interrupt> {
        let mut procs = self.procs.borrow_mut();
        let live = procs
            .values()
            .filter(|p| p.state == ProcState::Running)
            .count();
        if live >= MAX_PROCESSES {
            return Err(Interrupt::Stop(
                self.meter.stop_with(StopReason::MemoryExhausted).0,
            ));
        }
        let pid = self.next_pid.get();
        self.next_pid.set(pid + 1);
        let parent = ppid.and_then(|p| procs.get(&p));
        let (background, cancelled, niceness) = parent.map_or((false, false, 0), |p| {
            (p.background, p.cancelled, p.niceness)
        });
        let started = self.clock.borrow().wall_secs();
        let (fds, pgid, environ, dispositions, umask, max_file_size) = match parent {
            Some(parent) => (
                parent.fds.clone(),
                parent.pgid,
                parent.environ.clone(),
                // A handler belongs to its process: a child starts with the default action
                // for caught signals (ignored ones stay ignored), as after fork+exec.
                parent
                    .dispositions
                    .iter()
                    .map(|(&s, &d)| {
                        let d = if d == Disposition::Catch {
                            Disposition::Default
                        } else {
                            d
                        };
                        (s, d)
                    })
                    .collect(),
                parent.umask,
                parent.max_file_size,
            ),
            None => (
                BTreeMap::new(),
                pid,
                Vec::new(),
                BTreeMap::new(),
                0o022,
                None,
            ),
        };
        procs.insert(
            pid,
            Proc {
                pid,
                ppid: ppid.unwrap_or(0),
                pgid,
                fds,
                state: ProcState::Running,
                argv,
                cwd,
                environ,
                pending: Vec::new(),
                dispositions,
                reaped: false,
                umask,
                max_file_size,
                background,
                cancelled,
                started,
                niceness,
            },
        );
        drop(procs);
        self.note_progress();
        Ok(pid)
    }

    /// Marks an exited process running again (the root shell between actions).
    pub fn revive(&self, pid: Pid) {
        self.with_proc(pid, |p| {
            p.state = ProcState::Running;
            p.pending.clear();
            p.reaped = false;
        });
    }

    /// Starts polling `task` as process `pid`.
    pub fn start(&self, pid: Pid, task: Task) {
        self.tasks.borrow_mut().insert(pid, task);
        self.note_progress();
    }

    pub fn with_proc<R>(&self, pid: Pid, f: impl FnOnce(&mut Proc) -> R) -> Option<R> {
        self.procs.borrow_mut().get_mut(&pid).map(f)
    }

    pub fn proc_snapshot(&self, pid: Pid) -> Option<Proc> {
        self.procs.borrow().get(&pid).cloned()
    }

    pub fn pids(&self) -> Vec<Pid> {
        self.procs.borrow().keys().copied().collect()
    }

    pub fn live_pids(&self) -> Vec<Pid> {
        self.procs
            .borrow()
            .values()
            .filter(|p| p.state == ProcState::Running)
            .map(|p| p.pid)
            .collect()
    }

    pub fn exit_status(&self, pid: Pid) -> Option<i32> {
        match self.procs.borrow().get(&pid)?.state {
            ProcState::Exited(s) => Some(s),
            ProcState::Running => None,
        }
    }

    /// Forgets an exited process (after `wait` collected it).
    pub fn reap(&self, pid: Pid) {
        let mut procs = self.procs.borrow_mut();
        if let Some(p) = procs.get_mut(&pid) {
            if p.state != ProcState::Running {
                p.reaped = true;
            }
        }
        procs.retain(|_, p| !(p.reaped && p.state != ProcState::Running));
    }

    pub(crate) fn finish(&self, pid: Pid, status: i32) {
        let fds = self.with_proc(pid, |p| {
            p.state = ProcState::Exited(status);
            std::mem::take(&mut p.fds)
        });
        // Closing the descriptors may wake pipe peers.
        drop(fds);
        self.clock.borrow_mut().cancel_owner(pid as u64);
        self.note_progress();
    }

    /// The pid of the task being polled right now.
    pub fn current_pid(&self) -> Pid {
        self.current.get()
    }

    // ---- file descriptors -------------------------------------------------------------

    pub fn fd(&self, pid: Pid, fd: u32) -> Option<Rc<OpenFile>> {
        self.procs.borrow().get(&pid)?.fds.get(&fd).cloned()
    }

    pub fn set_fd(&self, pid: Pid, fd: u32, file: Option<Rc<OpenFile>>) {
        let old = self.with_proc(pid, |p| match file {
            Some(f) => p.fds.insert(fd, f),
            None => p.fds.remove(&fd),
        });
        drop(old);
    }

    /// Lowest free descriptor number at or above `from`.
    pub fn free_fd(&self, pid: Pid, from: u32) -> u32 {
        let procs = self.procs.borrow();
        let mut n = from;
        if let Some(p) = procs.get(&pid) {
            while p.fds.contains_key(&n) {
                n += 1;
            }
        }
        n
    }

    /// The highest descriptor of `pid` at or below `from` that is not open (bash's
    /// `move_to_high_fd`, used for process substitutions: 63, then 62, ...), or the lowest
    /// free one above `from` when all of those are taken.
    pub fn free_fd_down(&self, pid: Pid, from: u32) -> u32 {
        let procs = self.procs.borrow();
        let Some(p) = procs.get(&pid) else {
            return from;
        };
        (0..=from)
            .rev()
            .find(|n| !p.fds.contains_key(n))
            .unwrap_or_else(|| {
                drop(procs);
                self.free_fd(pid, from)
            })
    }

    /// A new pipe: (read end, write end).
    pub fn pipe(&self) -> (Rc<OpenFile>, Rc<OpenFile>) {
        let id = self.next_pipe.get();
        self.next_pipe.set(id + 1);
        let pipe = fd::Pipe::new(id, self.progress.clone());
        (
            OpenFile::new(Desc::PipeRead(pipe.clone())),
            OpenFile::new(Desc::PipeWrite(pipe)),
        )
    }

    // ---- signals ------------------------------------------------------------------------

    /// Delivers `sig` to `pid`. Returns false if there is no such live process.
    pub fn signal(&self, pid: Pid, sig: i32) -> bool {
        let ok = self
            .with_proc(pid, |p| {
                if p.state != ProcState::Running {
                    return false;
                }
                if sig != 0 {
                    p.pending.push(sig);
                }
                true
            })
            .unwrap_or(false);
        if ok {
            self.note_progress();
        }
        ok
    }

    pub fn set_disposition(&self, pid: Pid, sig: i32, d: Disposition) {
        self.with_proc(pid, |p| {
            p.dispositions.insert(sig, d);
        });
    }

    /// Takes the pending signals `pid` catches (its shell runs the handlers).
    pub fn take_caught_signals(&self, pid: Pid) -> Vec<i32> {
        self.with_proc(pid, |p| {
            let mut caught = Vec::new();
            let disp = p.dispositions.clone();
            p.pending.retain(|s| {
                if disp.get(s) == Some(&Disposition::Catch) {
                    caught.push(*s);
                    false
                } else {
                    true
                }
            });
            caught
        })
        .unwrap_or_default()
    }

    /// Whether `pid` has a caught signal waiting (interrupts `wait` and `sleep` in the shell).
    pub fn has_caught_signal(&self, pid: Pid) -> bool {
        self.procs
            .borrow()
            .get(&pid)
            .map(|p| {
                p.pending
                    .iter()
                    .any(|s| p.dispositions.get(s) == Some(&Disposition::Catch))
            })
            .unwrap_or(false)
    }
}
