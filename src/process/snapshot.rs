//! Whole-kernel snapshots: the state a quiescent machine (no task scheduled) keeps between
//! actions, as plain cloneable data.
//!
//! Taking a snapshot is cheap: the VFS is a persistent tree (an O(1) clone), telemetry keeps
//! its records in a persistent vector, and the process table of a quiescent machine holds the
//! idle shell plus any unreaped children. Open file descriptions are copied, not shared: a
//! snapshot's descriptors have their own offsets and pipe buffers, so two machines built from
//! one snapshot never see each other's reads and writes.
//!
//! The meter is copied deep (`Meter::clone`): the copy's `memory_current` counts every
//! reservation alive in the source, and those guards keep releasing into the source only. At
//! quiescence the only memory held is the idle shell's (its variables), which the session's
//! snapshot re-binds to the restored meter (`session::snapshot`).
//!
//! Invariant: a snapshot is only taken when no task is scheduled (a future cannot be cloned);
//! callers that need the state of a machine in flight rebuild it by replaying (see
//! `session::journal`).

use super::fd::{Desc, InputStream, OpenFile, OutputSink, Pipe};
use super::{command::Telemetry, Kernel, MachineInfo, Pid, Proc};
use crate::clock::Clock;
use crate::limits::Meter;
use crate::vfs::Vfs;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;

/// Everything a quiescent kernel holds.
#[derive(Clone)]
pub struct KernelState {
    meter: Meter,
    vfs: Vfs,
    clock: Clock,
    info: MachineInfo,
    telemetry: Telemetry,
    procs: BTreeMap<Pid, Proc>,
    next_pid: Pid,
    next_pipe: u64,
    rng: u64,
}

impl KernelState {
    /// The filesystem at the time of the snapshot (an O(1) clone).
    pub fn vfs(&self) -> &Vfs {
        &self.vfs
    }
}

/// Why a snapshot could not be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotQuiescent;

impl Kernel {
    /// The kernel's state, if no task is scheduled.
    pub fn snapshot(&self) -> Result<KernelState, NotQuiescent> {
        if self.has_tasks() {
            return Err(NotQuiescent);
        }
        Ok(KernelState {
            meter: self.meter.clone(),
            vfs: self.vfs.borrow().clone(),
            clock: self.clock.borrow().clone(),
            info: self.info.clone(),
            telemetry: self.telemetry.borrow().clone(),
            // Descriptors are shared with the live kernel here; `restore` copies them.
            procs: self.procs.borrow().clone(),
            next_pid: self.next_pid.get(),
            next_pipe: self.next_pipe.get(),
            rng: self.rng.get(),
        })
    }

    /// A new kernel in the snapshot's state, sharing nothing mutable with any other kernel.
    pub fn restore(state: &KernelState) -> Rc<Kernel> {
        let k = Kernel::from_parts(
            state.meter.clone(),
            state.vfs.clone(),
            state.clock.clone(),
            state.info.clone(),
        );
        *k.telemetry.borrow_mut() = state.telemetry.clone();
        k.next_pid.set(state.next_pid);
        k.next_pipe.set(state.next_pipe);
        k.rng.set(state.rng);
        let mut copier = DescCopier {
            progress: k.progress.clone(),
            seen: BTreeMap::new(),
            pipes: BTreeMap::new(),
        };
        let procs = state
            .procs
            .iter()
            .map(|(&pid, p)| {
                let mut p = p.clone();
                p.fds = p.fds.iter().map(|(&fd, f)| (fd, copier.copy(f))).collect();
                (pid, p)
            })
            .collect();
        *k.procs.borrow_mut() = procs;
        k
    }
}

/// Copies open file descriptions, keeping sharing inside one snapshot (two descriptors that
/// were `dup`s of each other stay one description) while sharing nothing with the source.
struct DescCopier {
    progress: super::fd::Progress,
    /// Source description address → its copy.
    seen: BTreeMap<usize, Rc<OpenFile>>,
    /// Source pipe address → its copy.
    pipes: BTreeMap<usize, Rc<RefCell<Pipe>>>,
}

impl DescCopier {
    fn copy(&mut self, f: &Rc<OpenFile>) -> Rc<OpenFile> {
        let key = Rc::as_ptr(f) as usize;
        if let Some(c) = self.seen.get(&key) {
            return c.clone();
        }
        let desc = match &f.desc {
            Desc::PipeRead(p) => Desc::PipeRead(self.pipe(p)),
            Desc::PipeWrite(p) => Desc::PipeWrite(self.pipe(p)),
            Desc::File {
                path,
                offset,
                read,
                write,
                append,
            } => Desc::File {
                path: path.clone(),
                offset: Cell::new(offset.get()),
                read: *read,
                write: *write,
                append: *append,
            },
            Desc::Dir { path } => Desc::Dir { path: path.clone() },
            Desc::Input(i) => {
                let i = i.borrow();
                // A pulled source belongs to the host's one input and is not copied; only
                // the CLI's one-shot runs attach one, and those are never snapshotted.
                Desc::Input(Rc::new(RefCell::new(InputStream {
                    data: i.data.clone(),
                    pos: i.pos,
                    closed: i.closed,
                    source: None,
                })))
            }
            Desc::Output { sink, stream } => Desc::Output {
                // The write order belongs to an action that has finished; it is not copied.
                sink: Rc::new(RefCell::new(OutputSink {
                    data: sink.borrow().data.clone(),
                    order: None,
                })),
                stream: *stream,
            },
            Desc::Null => Desc::Null,
            Desc::Zero => Desc::Zero,
            Desc::Random => Desc::Random,
            Desc::Generated { data, offset } => Desc::Generated {
                data: data.clone(),
                offset: Cell::new(offset.get()),
            },
        };
        let copy = OpenFile::new(desc);
        self.seen.insert(key, copy.clone());
        copy
    }

    /// The copy of a pipe (both ends of one source pipe map to one new pipe).
    fn pipe(&mut self, p: &Rc<RefCell<Pipe>>) -> Rc<RefCell<Pipe>> {
        let key = Rc::as_ptr(p) as usize;
        if let Some(c) = self.pipes.get(&key) {
            return c.clone();
        }
        let src = p.borrow();
        let np = Pipe::new(src.id, self.progress.clone());
        np.borrow_mut().buf = src.buf.clone();
        self.pipes.insert(key, np.clone());
        np
    }
}
