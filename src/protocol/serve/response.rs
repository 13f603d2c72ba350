//! Responses of the `serve` protocol, and their construction from session types.
//!
//! Every response carries `protocol_version`, echoes the request's `id`, names the session
//! and op, and has either `result` (tagged by `kind`) or `error` (`code` and `message`).
//! Stream and file bytes are base64 (`*_base64` fields). Paths and command words are text
//! when they are valid UTF-8 and base64 otherwise, so nothing is ever converted lossily.

use crate::limits::{Limits, Usage};
use crate::process::command::{Telemetry, Trust};
use crate::session::{ActionState, NodeContent, WaitReason};
use base64::Engine;
use serde::Serialize;
use serde_json::Value;

pub fn b64(b: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(b)
}

/// One response line.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct Response {
    pub protocol_version: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<Value>,
    /// The session the request addressed (absent when the line could not be read).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session_id: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub op: Option<String>,
    pub ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<OpResult>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorBody>,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct ErrorBody {
    /// A stable, machine-readable code (see docs/protocol.md).
    pub code: String,
    pub message: String,
}

/// Bytes that are text when valid UTF-8: `{"text": ...}` or `{"base64": ...}`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum BytesView {
    Text(String),
    Base64(String),
}

impl BytesView {
    pub fn of(b: &[u8]) -> BytesView {
        match std::str::from_utf8(b) {
            Ok(t) => BytesView::Text(t.to_string()),
            Err(_) => BytesView::Base64(b64(b)),
        }
    }
}

/// A path: `path` when it is valid UTF-8, `path_base64` otherwise.
#[derive(Clone, Debug, Default, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct PathField {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path_base64: Option<String>,
}

impl PathField {
    pub fn of(p: &[u8]) -> PathField {
        match std::str::from_utf8(p) {
            Ok(t) => PathField {
                path: Some(t.to_string()),
                path_base64: None,
            },
            Err(_) => PathField {
                path: None,
                path_base64: Some(b64(p)),
            },
        }
    }
}

/// What a successful operation returns, tagged by `kind`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OpResult {
    Hello(HelloResult),
    Execute(ExecuteResult),
    Action(ActionView),
    ActionOutput(ActionOutputView),
    Acknowledged {},
    Signalled {
        /// Processes the signal was delivered to.
        delivered: usize,
    },
    Session {
        session_id: u64,
        /// Operations replayed to rebuild a session that was busy when forked.
        replayed_operations: usize,
    },
    File(FileView),
    PathMetadata(PathMetadata),
    Paths {
        paths: Vec<PathEntry>,
    },
    Patched {
        /// Paths the patch created, changed or removed, sorted.
        changed: Vec<ChangedView>,
    },
    Checkpoint {
        checkpoint_id: u64,
    },
    WorkspaceDiff {
        changes: Vec<ChangeView>,
    },
    Inspect(InspectView),
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct HelloResult {
    pub server: String,
    pub version: String,
    pub cost_model_version: u32,
    pub ops: Vec<String>,
    pub limits: HelloLimits,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct HelloLimits {
    pub machine: LimitsView,
    pub max_sessions: usize,
    pub max_retained_actions: usize,
    pub max_checkpoints: usize,
    pub max_request_bytes: u64,
    pub max_transfer_bytes: u64,
    pub max_work_quanta: u64,
    pub max_journal_ops: usize,
    pub max_journal_bytes: usize,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct LimitsView {
    pub cpu: u64,
    pub memory: u64,
    pub disk: u64,
    pub output: u64,
}

impl LimitsView {
    pub fn of(l: &Limits) -> LimitsView {
        LimitsView {
            cpu: l.cpu,
            memory: l.memory,
            disk: l.disk,
            output: l.output,
        }
    }
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct UsageView {
    pub cpu_used: u64,
    pub memory_current: u64,
    pub memory_peak: u64,
    pub disk_current: u64,
    pub disk_peak: u64,
    pub output_bytes: u64,
}

impl UsageView {
    pub fn of(u: &Usage) -> UsageView {
        UsageView {
            cpu_used: u.cpu_used,
            memory_current: u.memory_current,
            memory_peak: u.memory_peak,
            disk_current: u.disk_current,
            disk_peak: u.disk_peak,
            output_bytes: u.output_bytes,
        }
    }
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct InvocationView {
    pub sequence: u64,
    pub pid: u32,
    pub argv: Vec<BytesView>,
    /// `real`, `partial` or `unsupported`.
    pub trust: String,
    /// Null while the command runs.
    pub status: Option<i32>,
    pub cpu: u64,
    pub disk_delta: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unsupported_reason: Option<String>,
}

/// Commands run and features used during an action.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct TelemetryView {
    pub invocations: Vec<InvocationView>,
    pub dropped_invocations: u64,
    pub unsupported: Vec<String>,
    pub dropped_unsupported: u64,
    /// Command names whose trust was `unsupported`, sorted.
    pub unsupported_commands: Vec<String>,
    /// Command names whose trust was `partial`, sorted.
    pub partial_commands: Vec<String>,
}

impl TelemetryView {
    pub fn of(t: &Telemetry) -> TelemetryView {
        let mut unsupported_commands = std::collections::BTreeSet::new();
        let mut partial_commands = std::collections::BTreeSet::new();
        let invocations = t
            .invocations
            .iter()
            .map(|i| {
                let name = String::from_utf8_lossy(i.argv.first().map_or(&[][..], |a| a));
                match i.trust {
                    Trust::Unsupported => {
                        unsupported_commands.insert(name.into_owned());
                    }
                    Trust::Partial => {
                        partial_commands.insert(name.into_owned());
                    }
                    _ => {}
                }
                InvocationView {
                    sequence: i.sequence,
                    pid: i.pid,
                    argv: i.argv.iter().map(|a| BytesView::of(a)).collect(),
                    trust: i.trust.as_str().to_string(),
                    status: i.status,
                    cpu: i.cpu,
                    disk_delta: i.disk_delta,
                    unsupported_reason: i.unsupported_reason.clone(),
                }
            })
            .collect();
        TelemetryView {
            invocations,
            dropped_invocations: t.dropped_invocations,
            unsupported: t.unsupported.clone(),
            dropped_unsupported: t.dropped_unsupported,
            unsupported_commands: unsupported_commands.into_iter().collect(),
            partial_commands: partial_commands.into_iter().collect(),
        }
    }
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct ExecuteResult {
    pub exit_status: i32,
    /// `cpu_exhausted`, `memory_exhausted`, `output_limit_exceeded`, `depth_exceeded`, or
    /// null.
    pub stop_reason: Option<String>,
    pub stdout_base64: String,
    pub stderr_base64: String,
    /// Cumulative usage of the session after the action.
    pub usage: UsageView,
    pub telemetry: TelemetryView,
}

/// An action's state, tagged by `state`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum StateView {
    Running,
    Blocked {
        reason: WaitView,
    },
    Complete {
        exit_status: i32,
        stop_reason: Option<String>,
    },
}

impl StateView {
    pub fn of(s: &ActionState) -> StateView {
        match s {
            ActionState::Running => StateView::Running,
            ActionState::Blocked(r) => StateView::Blocked {
                reason: match *r {
                    WaitReason::Timer { deadline_ns } => WaitView::Timer { deadline_ns },
                    WaitReason::Input => WaitView::Input,
                    WaitReason::Stalled => WaitView::Stalled,
                },
            },
            ActionState::Complete {
                status,
                stop_reason,
            } => StateView::Complete {
                exit_status: *status,
                stop_reason: stop_reason.map(|r| r.as_str().to_string()),
            },
        }
    }
}

/// Why a blocked action waits, tagged by `kind`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WaitView {
    /// Poll with `advance_time: true` to move the clock to the deadline (monotonic ns).
    Timer { deadline_ns: u64 },
    /// Write to (or close) the action's standard input.
    Input,
    /// Processes wait on each other; only a cancel or signal moves it.
    Stalled,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct ActionView {
    pub action_id: u64,
    #[serde(flatten)]
    pub state: StateView,
    pub stdin_open: bool,
    /// Bytes of each stream already returned by `read_action_output`.
    pub stdout_read: u64,
    pub stderr_read: u64,
    /// Present for the session's latest action (the telemetry window it opened).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub telemetry: Option<TelemetryView>,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct ActionOutputView {
    pub action_id: u64,
    pub stdout_base64: String,
    pub stderr_base64: String,
    pub stdout_closed: bool,
    pub stderr_closed: bool,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct FileView {
    #[serde(flatten)]
    pub path: PathField,
    pub data_base64: String,
    pub mode: u32,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct PathMetadata {
    #[serde(flatten)]
    pub path: PathField,
    /// `file`, `directory` or `symlink`.
    pub node_type: String,
    pub mode: u32,
    pub uid: u32,
    pub gid: u32,
    pub size: u64,
    pub mtime_ns: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symlink_target: Option<BytesView>,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct PathEntry {
    #[serde(flatten)]
    pub path: PathField,
    pub node_type: String,
}

/// One side of a changed path, tagged by `type`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum NodeView {
    File {
        mode: u32,
        size: u64,
        /// Omitted with `include_content: false`.
        #[serde(skip_serializing_if = "Option::is_none")]
        data_base64: Option<String>,
    },
    Directory {
        mode: u32,
    },
    Symlink {
        mode: u32,
        target: BytesView,
    },
}

impl NodeView {
    pub fn of(n: &NodeContent, include_content: bool) -> NodeView {
        match n {
            NodeContent::File { mode, data } => NodeView::File {
                mode: *mode,
                size: data.len() as u64,
                data_base64: include_content.then(|| b64(data)),
            },
            NodeContent::Dir { mode } => NodeView::Directory { mode: *mode },
            NodeContent::Symlink { mode, target } => NodeView::Symlink {
                mode: *mode,
                target: BytesView::of(target),
            },
        }
    }
}

/// A path a patch changed.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct ChangedView {
    #[serde(flatten)]
    pub path: PathField,
    /// `added`, `modified` or `deleted`.
    pub change: String,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct ChangeView {
    #[serde(flatten)]
    pub path: PathField,
    /// `added`, `modified` or `deleted`.
    pub change: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<NodeView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<NodeView>,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct ProcessView {
    pub pid: u32,
    pub ppid: u32,
    pub process_group: u32,
    pub argv: Vec<BytesView>,
    pub cwd: BytesView,
    /// `running` or `exited`.
    pub state: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit_status: Option<i32>,
    /// Started as (or by) a background job: a cancel leaves it running.
    pub background: bool,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct ClockView {
    pub monotonic_ns: u64,
    pub wall_time_ns: u64,
    pub pending_timers: usize,
    pub next_deadline_ns: Option<u64>,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct OutcomeView {
    pub exit_status: i32,
    pub stop_reason: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct InspectView {
    pub cwd: BytesView,
    /// Set once the session has ended (`exit`, `set -e`, exhaustion); sticky.
    pub terminal: Option<OutcomeView>,
    pub active_action_id: Option<u64>,
    pub actions: Vec<ActionView>,
    pub processes: Vec<ProcessView>,
    pub clock: ClockView,
    pub limits: LimitsView,
    pub usage: UsageView,
    /// No action or background job in flight.
    pub quiescent: bool,
    /// Operations a fork or checkpoint taken now would replay (0 when quiescent).
    pub journal_len: usize,
    /// Why a fork or checkpoint would be refused now, if it would.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_forkable: Option<String>,
}
