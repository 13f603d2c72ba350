//! The library's front door: an [`Environment`] is one simulated machine with a persistent
//! shell. Actions run one after another against the same filesystem, variables, functions,
//! clock and cumulative budget; a [`Session`] adds what a harness needs on top: snapshots
//! that fork and restore in O(1), and a journal that makes a fork taken mid-action exact.
//!
//! - `environment.rs`: the machine, and actions started, polled, fed, read and cancelled.
//! - `action.rs`: an action's record and states.
//! - `snapshot.rs`: quiescent state as plain data; fork and restore.
//! - `journal.rs`: [`Session`], the replayable log of operations since the last quiescent
//!   state, and [`Checkpoint`].
//! - `workspace.rs`: harness file operations on the VFS.
//!
//! Invariant: nothing here touches the host; seeding files and variables goes through the VFS
//! and the shell state.

mod action;
mod environment;
mod journal;
mod snapshot;
mod workspace;

pub use action::{Action, ActionId, ActionOutput, ActionState, WaitReason};
pub use environment::{Environment, CANCEL_ROUNDS};
pub use journal::NotForkable;
pub use journal::{Checkpoint, Op, OpOutcome, Session, SessionLimits};
pub use snapshot::Snapshot;
pub use workspace::{NodeContent, NodeInfo, WorkspaceChange, WorkspaceError, WORKSPACE};

use crate::limits::StopReason;

/// The result of one action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunResult {
    pub status: i32,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub stop_reason: Option<StopReason>,
    /// The order stdout and stderr were written in (see [`RunResult::output_runs`]).
    pub order: WriteOrder,
}

impl RunResult {
    /// stdout and stderr cut into runs in the order they were written: writing each run to
    /// its stream reproduces the interleaving a shared destination (`2>&1`) would have seen.
    /// Bytes the order does not cover (diagnostics added after the run) come last, stdout
    /// before stderr.
    pub fn output_runs(&self) -> Vec<(StreamKind, &[u8])> {
        let mut runs = Vec::new();
        let (mut o, mut e) = (0usize, 0usize);
        for &(stream, n) in &self.order.runs {
            let (buf, at) = match stream {
                StreamKind::Stdout => (&self.stdout, &mut o),
                StreamKind::Stderr => (&self.stderr, &mut e),
            };
            let end = (*at + n).min(buf.len());
            if end > *at {
                runs.push((stream, &buf[*at..end]));
            }
            *at = end;
        }
        if o < self.stdout.len() {
            runs.push((StreamKind::Stdout, &self.stdout[o..]));
        }
        if e < self.stderr.len() {
            runs.push((StreamKind::Stderr, &self.stderr[e..]));
        }
        runs
    }
}

pub use crate::process::command::ExtensibleTable;
pub use crate::process::{StreamKind, WriteOrder};

/// Why an operation on an environment was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EnvError {
    /// An action is already in flight in the foreground (its id).
    ActionInFlight(ActionId),
    NoSuchAction(ActionId),
    /// The action has not completed (it cannot be dropped or its result taken yet).
    ActionNotComplete(ActionId),
    /// Its standard input has been closed.
    StdinClosed(ActionId),
}

impl std::fmt::Display for EnvError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EnvError::ActionInFlight(a) => write!(
                f,
                "action {a} is still running in the foreground; poll it to completion or cancel it first"
            ),
            EnvError::NoSuchAction(a) => write!(f, "no action {a} in this session"),
            EnvError::ActionNotComplete(a) => write!(f, "action {a} has not completed"),
            EnvError::StdinClosed(a) => write!(f, "action {a}'s standard input is closed"),
        }
    }
}

#[cfg(test)]
mod tests;
