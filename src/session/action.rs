//! Actions: one piece of shell source run by a session's shell, with its own streams.
//!
//! An action is started, then driven in bounded steps (`poll`), fed input while it runs and
//! read incrementally; when it completes its record stays until the harness drops it. The
//! shell that runs it is the session's own, so variables, functions, the working directory
//! and jobs carry over from one action to the next.

use crate::limits::StopReason;
use crate::process::{InputStream, OutputSink, WriteOrder};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Actions are numbered from 0 in the order they start, per session.
pub type ActionId = u64;

/// Where an action stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionState {
    /// It can make progress when polled again.
    Running,
    /// Nothing can move without something from outside (see [`WaitReason`]).
    Blocked(WaitReason),
    /// The source has finished (or was cancelled, or the budget ran out).
    Complete {
        status: i32,
        stop_reason: Option<StopReason>,
    },
}

impl ActionState {
    pub fn is_complete(&self) -> bool {
        matches!(self, ActionState::Complete { .. })
    }
}

/// What a blocked action waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitReason {
    /// A timer (`sleep`, `read -t`, `timeout`): polling with time advance moves the clock to
    /// this deadline (monotonic nanoseconds).
    Timer { deadline_ns: u64 },
    /// Input on the action's standard input, which is still open.
    Input,
    /// Nothing the harness can feed: processes wait on each other (a deadlock, or a pipe
    /// whose writer is a stopped background job). Cancel the action.
    Stalled,
}

/// Bytes an action wrote since the harness last read its streams.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ActionOutput {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// No process can write to the stream any more (the action completed and no background
    /// job holds it).
    pub stdout_closed: bool,
    pub stderr_closed: bool,
}

/// The record of one action.
pub struct Action {
    pub id: ActionId,
    pub(super) stdout: Rc<RefCell<OutputSink>>,
    pub(super) stderr: Rc<RefCell<OutputSink>>,
    pub(super) order: Rc<RefCell<WriteOrder>>,
    pub(super) stdin: Rc<RefCell<InputStream>>,
    pub state: ActionState,
    /// Set by the shell task when the source ran `exit` (or an error ended the shell).
    pub(super) exited: Rc<Cell<bool>>,
    /// Run as a whole script: the shell exits at the end (EXIT trap) and the session ends.
    pub(super) exit_at_end: bool,
    /// Sequence number of the first command this action's telemetry window records.
    pub first_sequence: u64,
    /// Bytes handed to the harness so far, per stream.
    pub stdout_read: u64,
    pub stderr_read: u64,
}

impl Action {
    pub(super) fn new(
        id: ActionId,
        stdin: &[u8],
        stdin_open: bool,
        exit_at_end: bool,
        first_sequence: u64,
    ) -> Action {
        let order = Rc::new(RefCell::new(WriteOrder::default()));
        let sink = || {
            Rc::new(RefCell::new(OutputSink {
                data: Vec::new(),
                order: Some(order.clone()),
            }))
        };
        Action {
            id,
            stdout: sink(),
            stderr: sink(),
            order: order.clone(),
            stdin: Rc::new(RefCell::new(InputStream::new(stdin.to_vec(), !stdin_open))),
            state: ActionState::Running,
            exited: Rc::new(Cell::new(false)),
            exit_at_end,
            first_sequence,
            stdout_read: 0,
            stderr_read: 0,
        }
    }

    /// Whether the harness may still write to standard input.
    pub fn stdin_open(&self) -> bool {
        !self.stdin.borrow().closed
    }

    /// Takes the bytes written since the last read (the buffers are drained, so a long
    /// stream held by the harness costs nothing here).
    pub fn read_output(&mut self) -> ActionOutput {
        let stdout = std::mem::take(&mut self.stdout.borrow_mut().data);
        let stderr = std::mem::take(&mut self.stderr.borrow_mut().data);
        self.stdout_read += stdout.len() as u64;
        self.stderr_read += stderr.len() as u64;
        // The write order no longer describes what is left in the buffers.
        self.order.borrow_mut().runs.clear();
        let complete = self.state.is_complete();
        ActionOutput {
            stdout,
            stderr,
            stdout_closed: complete && Rc::strong_count(&self.stdout) == 1,
            stderr_closed: complete && Rc::strong_count(&self.stderr) == 1,
        }
    }

    /// Appends a diagnostic of the simulator itself (exhaustion, cancellation) to stderr.
    pub(super) fn note_stderr(&self, msg: &[u8]) {
        self.stderr.borrow_mut().data.extend_from_slice(msg);
    }

    /// A copy for a snapshot of a quiescent session: the buffers are copied, nothing shared.
    pub(super) fn copy(&self) -> Action {
        let order = Rc::new(RefCell::new(self.order.borrow().clone()));
        let sink = |s: &Rc<RefCell<OutputSink>>| {
            Rc::new(RefCell::new(OutputSink {
                data: s.borrow().data.clone(),
                order: Some(order.clone()),
            }))
        };
        let stdin = self.stdin.borrow();
        Action {
            id: self.id,
            stdout: sink(&self.stdout),
            stderr: sink(&self.stderr),
            order: order.clone(),
            stdin: Rc::new(RefCell::new(InputStream {
                data: stdin.data.clone(),
                pos: stdin.pos,
                closed: stdin.closed,
                source: None,
            })),
            state: self.state.clone(),
            exited: Rc::new(Cell::new(self.exited.get())),
            exit_at_end: self.exit_at_end,
            first_sequence: self.first_sequence,
            stdout_read: self.stdout_read,
            stderr_read: self.stderr_read,
        }
    }
}
