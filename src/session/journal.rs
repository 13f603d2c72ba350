//! [`Session`]: an environment driven by typed operations, with exact forks and checkpoints
//! at any moment.
//!
//! A quiescent environment is plain data, so a fork or checkpoint of it is a snapshot (O(1)
//! in the workspace). While an action or a background job is in flight the state includes
//! suspended tasks, which cannot be copied; the session then keeps the snapshot taken just
//! before the operation that started the activity, plus every operation applied since. A fork
//! rebuilds the environment from that snapshot and applies the same operations again: the
//! simulator is deterministic, so the result is the same state, byte for byte. When the
//! environment is quiescent again the journal is dropped.

use super::action::{ActionId, ActionOutput, ActionState};
use super::environment::Environment;
use super::snapshot::Snapshot;
use super::workspace::WorkspaceError;
use super::{EnvError, RunResult};
use crate::process::command::ExtensibleTable;
use crate::process::Pid;
use crate::vfs::Vfs;
use std::rc::Rc;

/// Bounds on what a session keeps to make forks of a busy session exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionLimits {
    /// Most operations journaled while the session is busy; past it, forks and checkpoints
    /// of the busy session are refused until it is quiescent again.
    pub max_journal_ops: usize,
    /// Most bytes of operation payload (sources, input, file data) journaled.
    pub max_journal_bytes: usize,
}

impl Default for SessionLimits {
    fn default() -> Self {
        SessionLimits {
            max_journal_ops: 100_000,
            max_journal_bytes: 64 << 20,
        }
    }
}

/// One state-changing operation on a session.
#[derive(Clone, Debug)]
pub enum Op {
    /// Run source to completion ([`Environment::run`]) and take its result.
    Execute {
        source: Vec<u8>,
        stdin: Vec<u8>,
    },
    Start {
        source: Vec<u8>,
        stdin: Vec<u8>,
        stdin_open: bool,
    },
    Poll {
        action: ActionId,
        max_rounds: u64,
        advance_time: bool,
    },
    WriteStdin {
        action: ActionId,
        data: Vec<u8>,
    },
    CloseStdin {
        action: ActionId,
    },
    ReadOutput {
        action: ActionId,
    },
    Cancel {
        action: ActionId,
    },
    DropAction {
        action: ActionId,
    },
    Signal {
        pid: Pid,
        signal: i32,
        group: bool,
    },
    SignalForeground {
        signal: i32,
    },
    WriteFile {
        path: Vec<u8>,
        data: Vec<u8>,
        mode: u32,
    },
    MakeDirectory {
        path: Vec<u8>,
        mode: u32,
        parents: bool,
    },
    CreateSymlink {
        path: Vec<u8>,
        target: Vec<u8>,
    },
    RemovePath {
        path: Vec<u8>,
    },
    /// Apply a patch (unified diff or `*** Begin Patch`) to `/work`, all or nothing.
    ApplyPatch {
        patch: Vec<u8>,
        strip: usize,
    },
    ResetWorkspace {
        baseline: Vfs,
    },
}

impl Op {
    fn payload_bytes(&self) -> usize {
        match self {
            Op::Execute { source, stdin } | Op::Start { source, stdin, .. } => {
                source.len() + stdin.len()
            }
            Op::WriteStdin { data, .. } | Op::WriteFile { data, .. } => data.len(),
            Op::ApplyPatch { patch, .. } => patch.len(),
            Op::CreateSymlink { path, target } => path.len() + target.len(),
            _ => 16,
        }
    }

    /// Whether the operation can leave the session busy when it was quiescent.
    fn may_start_activity(&self) -> bool {
        matches!(self, Op::Execute { .. } | Op::Start { .. })
    }
}

/// What an operation produced.
#[derive(Debug)]
pub enum OpOutcome {
    Executed(RunResult),
    Action(ActionId, ActionState),
    Output(ActionOutput),
    Signalled(usize),
    Done,
    /// Paths a patch changed, sorted.
    Patched(Vec<crate::commands::patch::ChangedPath>),
    /// A patch that did not apply (nothing was changed).
    PatchFailed(crate::commands::patch::PatchError),
    Env(EnvError),
    Workspace(WorkspaceError),
}

/// A session's whole state at one moment: restoring or forking it gives exactly that state.
#[derive(Clone)]
pub struct Checkpoint {
    base: Snapshot,
    ops: Rc<Vec<Op>>,
    /// The files at the moment of the checkpoint (a baseline for workspace diffs).
    files: Vfs,
}

impl Checkpoint {
    pub fn files(&self) -> &Vfs {
        &self.files
    }

    /// Operations replayed on top of the snapshot when the checkpoint is materialised.
    pub fn replay_len(&self) -> usize {
        self.ops.len()
    }
}

/// Why a fork or checkpoint is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotForkable(pub String);

struct Journal {
    base: Snapshot,
    ops: Vec<Op>,
    bytes: usize,
}

/// An environment with fork, checkpoint and restore at any moment.
pub struct Session {
    env: Environment,
    journal: Option<Journal>,
    /// The journal overflowed (or activity began without a snapshot): forks wait for
    /// quiescence.
    unforkable: Option<String>,
    limits: SessionLimits,
}

impl Session {
    pub fn new(env: Environment, limits: SessionLimits) -> Session {
        Session {
            env,
            journal: None,
            unforkable: None,
            limits,
        }
    }

    /// Read access to the environment (state-changing calls go through [`Session::apply`]).
    pub fn env(&self) -> &Environment {
        &self.env
    }

    /// Operations a fork taken now would replay (0 when quiescent, and when the journal
    /// overflowed: see [`Session::not_forkable`]).
    pub fn journal_len(&self) -> usize {
        self.journal.as_ref().map_or(0, |j| j.ops.len())
    }

    /// Why a fork or checkpoint would be refused now, if it would.
    pub fn not_forkable(&self) -> Option<String> {
        if let Some(why) = &self.unforkable {
            return Some(why.clone());
        }
        if self.journal.is_none() && !self.env.quiescent() {
            return Some("the session is busy and has no journal".to_string());
        }
        None
    }

    /// Applies one operation, journaling it if the session is (or becomes) busy.
    pub fn apply(&mut self, op: Op) -> OpOutcome {
        let before = if self.journal.is_none() && op.may_start_activity() {
            self.env.snapshot().ok()
        } else {
            None
        };
        let out = run(&mut self.env, &op);
        if self.env.quiescent() {
            self.journal = None;
            self.unforkable = None;
            return out;
        }
        if self.unforkable.is_some() {
            return out;
        }
        let bytes = op.payload_bytes();
        match (&mut self.journal, before) {
            (Some(j), _) => {
                j.ops.push(op);
                j.bytes += bytes;
                if j.ops.len() > self.limits.max_journal_ops
                    || j.bytes > self.limits.max_journal_bytes
                {
                    self.journal = None;
                    self.unforkable = Some(format!(
                        "the session has been busy for more than {} operations or {} bytes of input since it was last idle",
                        self.limits.max_journal_ops, self.limits.max_journal_bytes
                    ));
                }
            }
            (None, Some(base)) => {
                self.journal = Some(Journal {
                    base,
                    ops: vec![op],
                    bytes,
                });
            }
            (None, None) => {
                self.unforkable = Some(
                    "the session became busy in a state that could not be captured".to_string(),
                );
            }
        }
        out
    }

    /// The session's whole state now. O(1) when it is quiescent; otherwise it shares the
    /// journal (replayed when the checkpoint is materialised).
    pub fn checkpoint(&self) -> Result<Checkpoint, NotForkable> {
        if let Some(why) = &self.unforkable {
            return Err(NotForkable(why.clone()));
        }
        let files = self.env.kernel().vfs.borrow().clone();
        match &self.journal {
            Some(j) => Ok(Checkpoint {
                base: j.base.clone(),
                ops: Rc::new(j.ops.clone()),
                files,
            }),
            None => {
                let base = self.env.snapshot().map_err(|_| {
                    NotForkable("the session is busy and has no journal".to_string())
                })?;
                Ok(Checkpoint {
                    base,
                    ops: Rc::new(Vec::new()),
                    files,
                })
            }
        }
    }

    /// A session in the checkpoint's state.
    pub fn from_checkpoint(
        cp: &Checkpoint,
        table: Rc<dyn ExtensibleTable>,
        limits: SessionLimits,
    ) -> Session {
        let mut s = Session::new(Environment::from_snapshot(&cp.base, table), limits);
        for op in cp.ops.iter() {
            s.apply(op.clone());
        }
        s
    }

    /// An independent copy of this session (see [`Session::checkpoint`]).
    pub fn fork(&self) -> Result<Session, NotForkable> {
        let cp = self.checkpoint()?;
        Ok(Session::from_checkpoint(&cp, self.env.table(), self.limits))
    }
}

fn run(env: &mut Environment, op: &Op) -> OpOutcome {
    let action = |r: Result<ActionState, EnvError>, id: ActionId| match r {
        Ok(s) => OpOutcome::Action(id, s),
        Err(e) => OpOutcome::Env(e),
    };
    let done = |r: Result<(), WorkspaceError>| match r {
        Ok(()) => OpOutcome::Done,
        Err(e) => OpOutcome::Workspace(e),
    };
    match op {
        Op::Execute { source, stdin } => {
            if let Some(a) = env.active_action() {
                return OpOutcome::Env(EnvError::ActionInFlight(a));
            }
            OpOutcome::Executed(env.run(source, stdin))
        }
        Op::Start {
            source,
            stdin,
            stdin_open,
        } => match env.start(source, stdin, *stdin_open) {
            Ok(id) => {
                let state = env.action(id).map(|a| a.state.clone());
                OpOutcome::Action(id, state.unwrap_or(ActionState::Running))
            }
            Err(e) => OpOutcome::Env(e),
        },
        Op::Poll {
            action: id,
            max_rounds,
            advance_time,
        } => action(env.poll(*id, Some(*max_rounds), *advance_time), *id),
        Op::WriteStdin { action: id, data } => match env.write_stdin(*id, data) {
            Ok(()) => OpOutcome::Done,
            Err(e) => OpOutcome::Env(e),
        },
        Op::CloseStdin { action: id } => match env.close_stdin(*id) {
            Ok(()) => OpOutcome::Done,
            Err(e) => OpOutcome::Env(e),
        },
        Op::ReadOutput { action: id } => match env.read_output(*id) {
            Ok(o) => OpOutcome::Output(o),
            Err(e) => OpOutcome::Env(e),
        },
        Op::Cancel { action: id } => action(env.cancel(*id), *id),
        Op::DropAction { action: id } => match env.drop_action(*id) {
            Ok(()) => OpOutcome::Done,
            Err(e) => OpOutcome::Env(e),
        },
        Op::Signal { pid, signal, group } => {
            OpOutcome::Signalled(env.signal(*pid, *signal, *group))
        }
        Op::SignalForeground { signal } => OpOutcome::Signalled(env.signal_foreground(*signal)),
        Op::WriteFile { path, data, mode } => done(env.workspace_write(path, data, *mode)),
        Op::MakeDirectory {
            path,
            mode,
            parents,
        } => done(env.workspace_mkdir(path, *mode, *parents)),
        Op::CreateSymlink { path, target } => done(env.workspace_symlink(path, target)),
        Op::RemovePath { path } => done(env.workspace_remove(path)),
        Op::ApplyPatch { patch, strip } => match env.workspace_patch(patch, *strip) {
            Ok(changed) => OpOutcome::Patched(changed),
            Err(e) => OpOutcome::PatchFailed(e),
        },
        Op::ResetWorkspace { baseline } => done(env.workspace_reset(baseline)),
    }
}
