//! `shellsim serve`: the NDJSON harness protocol.
//!
//! One request per line in, exactly one response per line out, in order. The [`Server`]
//! holds every session of the connection, the checkpoints taken, and the limits. It never
//! touches the host: the CLI reads lines and writes the returned bytes.
//!
//! A bad line of any kind (not JSON, not an object, an unknown op or field, a wrong type, a
//! line over the size limit) gets one error response and changes nothing; the connection goes
//! on. See docs/protocol.md for every op, field, default, error code and limit.

pub mod request;
pub mod response;
#[cfg(test)]
mod tests;

use crate::limits::COST_MODEL_VERSION;
use crate::session::{
    ActionId, Checkpoint, EnvError, Environment, Op, OpOutcome, Session, SessionLimits,
    WorkspaceError,
};
use crate::vfs::{ChangeKind, FileType, Vfs};
use request::{
    bytes_field, required_bytes, signal_number, BadRequest, Envelope, Request, DEFAULT_WORK_QUANTA,
    MAX_WORK_QUANTA, OPS,
};
use response::*;
use std::collections::BTreeMap;

/// The protocol's version: every response carries it; a request may name it.
pub const PROTOCOL_VERSION: u32 = 1;

/// Limits of one connection (all configurable on the command line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServeLimits {
    /// Live sessions at once (forks included).
    pub max_sessions: usize,
    /// Retained action records per session (drop completed ones with `drop_action`).
    pub max_retained_actions: usize,
    /// Checkpoints kept at once.
    pub max_checkpoints: usize,
    /// Longest request line, bytes.
    pub max_request_bytes: u64,
    /// Largest single byte transfer (a decoded field, a file read, a diff's contents).
    pub max_transfer_bytes: u64,
    pub session: SessionLimits,
}

impl Default for ServeLimits {
    fn default() -> Self {
        ServeLimits {
            max_sessions: 1024,
            max_retained_actions: 64,
            max_checkpoints: 4096,
            max_request_bytes: 64 << 20,
            max_transfer_bytes: 32 << 20,
            session: SessionLimits::default(),
        }
    }
}

struct Slot {
    session: Session,
    /// What `workspace_diff` and `reset_workspace` compare with by default: the files when
    /// the session began (after `--root`), or at its latest `checkpoint`.
    baseline: Vfs,
}

/// Every session and checkpoint of one connection.
pub struct Server {
    /// The machine limits every session of the connection was created with.
    machine: crate::limits::Limits,
    /// The command table sessions and forks share.
    table: std::rc::Rc<dyn crate::process::command::ExtensibleTable>,
    sessions: BTreeMap<u64, Slot>,
    next_session: u64,
    checkpoints: BTreeMap<u64, Checkpoint>,
    next_checkpoint: u64,
    limits: ServeLimits,
}

type Reply = Result<OpResult, BadRequest>;

fn err(code: &'static str, msg: impl Into<String>) -> BadRequest {
    BadRequest::new(code, msg)
}

fn env_error(e: EnvError) -> BadRequest {
    let code = match e {
        EnvError::ActionInFlight(_) => "action_in_flight",
        EnvError::NoSuchAction(_) => "no_such_action",
        EnvError::ActionNotComplete(_) => "action_not_complete",
        EnvError::StdinClosed(_) => "stdin_closed",
    };
    err(code, e.to_string())
}

fn workspace_error(e: WorkspaceError) -> BadRequest {
    let code = match e {
        WorkspaceError::OutsideWorkspace(_) => "outside_workspace",
        WorkspaceError::Nul | WorkspaceError::BadMode(_) => "invalid_request",
        WorkspaceError::Vfs(..) => "filesystem_error",
    };
    err(code, e.to_string())
}

fn change_name(k: ChangeKind) -> String {
    match k {
        ChangeKind::Added => "added",
        ChangeKind::Modified => "modified",
        ChangeKind::Deleted => "deleted",
    }
    .to_string()
}

fn node_type(t: FileType) -> String {
    match t {
        FileType::File => "file",
        FileType::Dir => "directory",
        FileType::Symlink => "symlink",
    }
    .to_string()
}

impl Server {
    /// A server whose session 0 is `env` (already seeded, e.g. by `--root`).
    pub fn new(env: Environment, limits: ServeLimits) -> Server {
        let baseline = env.kernel().vfs.borrow().clone();
        let machine = env.limits();
        let table = env.table();
        let mut sessions = BTreeMap::new();
        sessions.insert(
            0,
            Slot {
                session: Session::new(env, limits.session),
                baseline,
            },
        );
        Server {
            machine,
            table,
            sessions,
            next_session: 1,
            checkpoints: BTreeMap::new(),
            next_checkpoint: 0,
            limits,
        }
    }

    pub fn limits(&self) -> &ServeLimits {
        &self.limits
    }

    /// The response line (ending in a newline) for one request line.
    pub fn handle_line(&mut self, line: &[u8]) -> Vec<u8> {
        if line.len() as u64 > self.limits.max_request_bytes {
            return self.oversized(line.len() as u64);
        }
        let (env, body) = request::parse_line(line, PROTOCOL_VERSION);
        let reply = body.and_then(|req| self.dispatch(&env, req));
        encode(&env, reply)
    }

    /// The response for a line that was longer than the limit (and was not kept).
    pub fn oversized(&self, len: u64) -> Vec<u8> {
        encode(
            &Envelope::default(),
            Err(err(
                "request_too_large",
                format!(
                    "request line of {len} bytes is over the limit of {} (serve --max-request)",
                    self.limits.max_request_bytes
                ),
            )),
        )
    }

    fn slot(&mut self, id: u64) -> Result<&mut Slot, BadRequest> {
        self.sessions
            .get_mut(&id)
            .ok_or_else(|| err("no_such_session", format!("no session {id}")))
    }

    fn checkpoint(&self, id: u64) -> Result<&Checkpoint, BadRequest> {
        self.checkpoints
            .get(&id)
            .ok_or_else(|| err("no_such_checkpoint", format!("no checkpoint {id}")))
    }

    fn path(&self, text: &Option<String>, b64: &Option<String>) -> Result<Vec<u8>, BadRequest> {
        required_bytes("path", text, b64, self.limits.max_transfer_bytes)
    }

    fn dispatch(&mut self, env: &Envelope, req: Request) -> Reply {
        let sid = env.session_id.unwrap_or(0);
        let max = self.limits.max_transfer_bytes;
        match req {
            Request::Hello {} | Request::Version {} => Ok(self.hello(sid)),
            Request::Execute {
                source,
                source_base64,
                stdin,
                stdin_base64,
            } => {
                let source = required_bytes("source", &source, &source_base64, max)?;
                let stdin = bytes_field("stdin", &stdin, &stdin_base64, max)?.unwrap_or_default();
                let slot = self.slot(sid)?;
                match slot.session.apply(Op::Execute { source, stdin }) {
                    OpOutcome::Executed(r) => {
                        let e = slot.session.env();
                        Ok(OpResult::Execute(ExecuteResult {
                            exit_status: r.status,
                            stop_reason: r.stop_reason.map(|s| s.as_str().to_string()),
                            stdout_base64: b64(&r.stdout),
                            stderr_base64: b64(&r.stderr),
                            usage: UsageView::of(&e.usage()),
                            telemetry: TelemetryView::of(&e.telemetry()),
                        }))
                    }
                    other => Err(outcome_error(other)),
                }
            }
            Request::StartExecute {
                source,
                source_base64,
                stdin,
                stdin_base64,
                stdin_closed,
            } => {
                let source = required_bytes("source", &source, &source_base64, max)?;
                let stdin = bytes_field("stdin", &stdin, &stdin_base64, max)?.unwrap_or_default();
                let retained_max = self.limits.max_retained_actions;
                let slot = self.slot(sid)?;
                if slot.session.env().actions().count() >= retained_max {
                    return Err(err(
                        "too_many_actions",
                        format!("the session already retains {retained_max} actions (serve --max-actions); drop completed ones with drop_action"),
                    ));
                }
                let op = Op::Start {
                    source,
                    stdin,
                    stdin_open: !stdin_closed.unwrap_or(true),
                };
                self.action_reply(sid, op)
            }
            Request::PollAction {
                action_id,
                work_quanta,
                advance_time,
            } => {
                let q = work_quanta.unwrap_or(DEFAULT_WORK_QUANTA);
                if !(1..=MAX_WORK_QUANTA).contains(&q) {
                    return Err(err(
                        "invalid_request",
                        format!("work_quanta must be between 1 and {MAX_WORK_QUANTA}"),
                    ));
                }
                let op = Op::Poll {
                    action: action_id,
                    max_rounds: q,
                    advance_time: advance_time.unwrap_or(false),
                };
                self.action_reply(sid, op)
            }
            Request::WriteStdin {
                action_id,
                data,
                data_base64,
            } => {
                let data = required_bytes("data", &data, &data_base64, max)?;
                self.ack(
                    sid,
                    Op::WriteStdin {
                        action: action_id,
                        data,
                    },
                )
            }
            Request::CloseStdin { action_id } => {
                self.ack(sid, Op::CloseStdin { action: action_id })
            }
            Request::ReadActionOutput { action_id } => {
                match self
                    .slot(sid)?
                    .session
                    .apply(Op::ReadOutput { action: action_id })
                {
                    OpOutcome::Output(o) => Ok(OpResult::ActionOutput(ActionOutputView {
                        action_id,
                        stdout_base64: b64(&o.stdout),
                        stderr_base64: b64(&o.stderr),
                        stdout_closed: o.stdout_closed,
                        stderr_closed: o.stderr_closed,
                    })),
                    other => Err(outcome_error(other)),
                }
            }
            Request::SignalProcess {
                pid,
                signal,
                process_group,
            } => {
                let signal = signal_number(&signal)?;
                let op = Op::Signal {
                    pid,
                    signal,
                    group: process_group.unwrap_or(false),
                };
                match self.slot(sid)?.session.apply(op) {
                    OpOutcome::Signalled(0) => {
                        Err(err("no_such_process", format!("no live process {pid}")))
                    }
                    OpOutcome::Signalled(n) => Ok(OpResult::Signalled { delivered: n }),
                    other => Err(outcome_error(other)),
                }
            }
            Request::SignalForeground { signal } => {
                let signal = signal_number(&signal)?;
                match self
                    .slot(sid)?
                    .session
                    .apply(Op::SignalForeground { signal })
                {
                    OpOutcome::Signalled(n) => Ok(OpResult::Signalled { delivered: n }),
                    other => Err(outcome_error(other)),
                }
            }
            Request::CancelAction { action_id } => {
                self.action_reply(sid, Op::Cancel { action: action_id })
            }
            Request::DropAction { action_id } => {
                self.ack(sid, Op::DropAction { action: action_id })
            }
            Request::ForkSession {
                source,
                checkpoint_id,
            } => self.fork(source.unwrap_or(sid), checkpoint_id),
            Request::DropSession { target } => {
                if !self.sessions.contains_key(&target) {
                    return Err(err("no_such_session", format!("no session {target}")));
                }
                if self.sessions.len() == 1 {
                    return Err(err(
                        "last_session",
                        format!("session {target} is the only one left; a connection keeps at least one"),
                    ));
                }
                self.sessions.remove(&target);
                Ok(OpResult::Acknowledged {})
            }
            Request::ReadFile { path, path_base64 } => {
                let p = self.path(&path, &path_base64)?;
                let slot = self.slot(sid)?;
                let (data, mode) = slot
                    .session
                    .env()
                    .workspace_read(&p)
                    .map_err(workspace_error)?;
                if data.len() as u64 > max {
                    return Err(request::too_large("data", max));
                }
                let abs = slot.session.env().workspace_path(&p, false).unwrap_or(p);
                Ok(OpResult::File(FileView {
                    path: PathField::of(&abs),
                    data_base64: b64(&data),
                    mode,
                }))
            }
            Request::WriteFile {
                path,
                path_base64,
                data,
                data_base64,
                mode,
            } => {
                let path = self.path(&path, &path_base64)?;
                let data = required_bytes("data", &data, &data_base64, max)?;
                self.ack(
                    sid,
                    Op::WriteFile {
                        path,
                        data,
                        mode: mode.unwrap_or(0o644),
                    },
                )
            }
            Request::StatPath {
                path,
                path_base64,
                follow_symlinks,
            } => {
                let p = self.path(&path, &path_base64)?;
                let info = self
                    .slot(sid)?
                    .session
                    .env()
                    .workspace_stat(&p, follow_symlinks.unwrap_or(true))
                    .map_err(workspace_error)?;
                Ok(OpResult::PathMetadata(PathMetadata {
                    path: PathField::of(&info.path),
                    node_type: node_type(info.file_type),
                    mode: info.mode,
                    uid: info.uid,
                    gid: info.gid,
                    size: info.size,
                    mtime_ns: info.mtime_ns,
                    symlink_target: info.target.as_deref().map(BytesView::of),
                }))
            }
            Request::MakeDirectory {
                path,
                path_base64,
                mode,
                parents,
            } => {
                let path = self.path(&path, &path_base64)?;
                self.ack(
                    sid,
                    Op::MakeDirectory {
                        path,
                        mode: mode.unwrap_or(0o755),
                        parents: parents.unwrap_or(false),
                    },
                )
            }
            Request::CreateSymlink {
                path,
                path_base64,
                target,
                target_base64,
            } => {
                let path = self.path(&path, &path_base64)?;
                let target = required_bytes("target", &target, &target_base64, max)?;
                self.ack(sid, Op::CreateSymlink { path, target })
            }
            Request::ApplyPatch {
                patch,
                patch_base64,
                strip,
            } => {
                let patch = required_bytes("patch", &patch, &patch_base64, max)?;
                let op = Op::ApplyPatch {
                    patch,
                    strip: strip.unwrap_or(1),
                };
                match self.slot(sid)?.session.apply(op) {
                    OpOutcome::Patched(changed) => Ok(OpResult::Patched {
                        changed: changed
                            .iter()
                            .map(|c| ChangedView {
                                path: PathField::of(&c.path),
                                change: change_name(c.kind),
                            })
                            .collect(),
                    }),
                    OpOutcome::PatchFailed(e) => {
                        let code = match e {
                            crate::commands::patch::PatchError::OutsideBase { .. } => {
                                "outside_workspace"
                            }
                            crate::commands::patch::PatchError::Exhausted(_) => "exhausted",
                            _ => "patch_failed",
                        };
                        Err(err(code, format!("{e} (nothing was changed)")))
                    }
                    other => Err(outcome_error(other)),
                }
            }
            Request::RemovePath { path, path_base64 } => {
                let path = self.path(&path, &path_base64)?;
                self.ack(sid, Op::RemovePath { path })
            }
            Request::ListPaths { root, root_base64 } => {
                let root = bytes_field("root", &root, &root_base64, max)?
                    .unwrap_or_else(|| b"/work".to_vec());
                let list = self
                    .slot(sid)?
                    .session
                    .env()
                    .workspace_list(&root)
                    .map_err(workspace_error)?;
                Ok(OpResult::Paths {
                    paths: list
                        .into_iter()
                        .map(|(p, t)| PathEntry {
                            path: PathField::of(&p),
                            node_type: node_type(t),
                        })
                        .collect(),
                })
            }
            Request::Checkpoint {} => {
                if self.checkpoints.len() >= self.limits.max_checkpoints {
                    return Err(err(
                        "too_many_checkpoints",
                        format!(
                            "the checkpoint limit ({}, serve --max-checkpoints) is reached; drop some with drop_checkpoint",
                            self.limits.max_checkpoints
                        ),
                    ));
                }
                let slot = self.slot(sid)?;
                let cp = slot
                    .session
                    .checkpoint()
                    .map_err(|e| err("not_forkable", e.0))?;
                slot.baseline = cp.files().clone();
                let id = self.next_checkpoint;
                self.next_checkpoint += 1;
                self.checkpoints.insert(id, cp);
                Ok(OpResult::Checkpoint { checkpoint_id: id })
            }
            Request::RestoreCheckpoint { checkpoint_id } => {
                let cp = self.checkpoint(checkpoint_id)?.clone();
                let limits = self.limits.session;
                let slot = self.slot(sid)?;
                let table = slot.session.env().table();
                slot.session = Session::from_checkpoint(&cp, table, limits);
                slot.baseline = cp.files().clone();
                Ok(OpResult::Acknowledged {})
            }
            Request::DropCheckpoint { checkpoint_id } => {
                if self.checkpoints.remove(&checkpoint_id).is_none() {
                    return Err(err(
                        "no_such_checkpoint",
                        format!("no checkpoint {checkpoint_id}"),
                    ));
                }
                Ok(OpResult::Acknowledged {})
            }
            Request::WorkspaceDiff {
                checkpoint_id,
                include_content,
            } => {
                let baseline = match checkpoint_id {
                    Some(c) => self.checkpoint(c)?.files().clone(),
                    None => self.slot(sid)?.baseline.clone(),
                };
                let include = include_content.unwrap_or(true);
                let changes = self.slot(sid)?.session.env().workspace_diff(&baseline);
                let mut total = 0u64;
                let mut out = Vec::with_capacity(changes.len());
                for c in changes {
                    for side in [&c.before, &c.after].into_iter().flatten() {
                        if let crate::session::NodeContent::File { data, .. } = side {
                            total += if include { data.len() as u64 } else { 0 };
                        }
                    }
                    if total > max {
                        return Err(err(
                            "transfer_too_large",
                            format!("the diff's contents are over the transfer limit of {max} bytes; ask with include_content: false and read files one by one"),
                        ));
                    }
                    out.push(ChangeView {
                        path: PathField::of(&c.path),
                        change: change_name(c.kind),
                        before: c.before.as_ref().map(|n| NodeView::of(n, include)),
                        after: c.after.as_ref().map(|n| NodeView::of(n, include)),
                    });
                }
                Ok(OpResult::WorkspaceDiff { changes: out })
            }
            Request::ResetWorkspace { checkpoint_id } => {
                let baseline = match checkpoint_id {
                    Some(c) => self.checkpoint(c)?.files().clone(),
                    None => self.slot(sid)?.baseline.clone(),
                };
                self.ack(sid, Op::ResetWorkspace { baseline })
            }
            Request::Inspect {} => Ok(OpResult::Inspect(self.inspect(sid)?)),
        }
    }

    fn hello(&self, _sid: u64) -> OpResult {
        let machine = self.machine;
        OpResult::Hello(HelloResult {
            server: "shellsim".to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            cost_model_version: COST_MODEL_VERSION,
            ops: OPS.iter().map(|s| s.to_string()).collect(),
            limits: HelloLimits {
                machine: LimitsView::of(&machine),
                max_sessions: self.limits.max_sessions,
                max_retained_actions: self.limits.max_retained_actions,
                max_checkpoints: self.limits.max_checkpoints,
                max_request_bytes: self.limits.max_request_bytes,
                max_transfer_bytes: self.limits.max_transfer_bytes,
                max_work_quanta: MAX_WORK_QUANTA,
                max_journal_ops: self.limits.session.max_journal_ops,
                max_journal_bytes: self.limits.session.max_journal_bytes,
            },
        })
    }

    fn ack(&mut self, sid: u64, op: Op) -> Reply {
        match self.slot(sid)?.session.apply(op) {
            OpOutcome::Done => Ok(OpResult::Acknowledged {}),
            other => Err(outcome_error(other)),
        }
    }

    fn action_reply(&mut self, sid: u64, op: Op) -> Reply {
        let slot = self.slot(sid)?;
        match slot.session.apply(op) {
            OpOutcome::Action(id, _) => Ok(OpResult::Action(action_view(slot.session.env(), id))),
            other => Err(outcome_error(other)),
        }
    }

    fn fork(&mut self, source: u64, checkpoint_id: Option<u64>) -> Reply {
        if self.sessions.len() >= self.limits.max_sessions {
            return Err(err(
                "too_many_sessions",
                format!(
                    "{} sessions are live already (serve --max-sessions); drop one with drop_session",
                    self.limits.max_sessions
                ),
            ));
        }
        let (session, baseline, replayed) = match checkpoint_id {
            Some(c) => {
                let cp = self.checkpoint(c)?.clone();
                let s = Session::from_checkpoint(&cp, self.table.clone(), self.limits.session);
                (s, cp.files().clone(), cp.replay_len())
            }
            None => {
                let slot = self.slot(source)?;
                let replayed = slot.session.journal_len();
                let s = slot.session.fork().map_err(|e| err("not_forkable", e.0))?;
                (s, slot.baseline.clone(), replayed)
            }
        };
        let id = self.next_session;
        self.next_session += 1;
        self.sessions.insert(id, Slot { session, baseline });
        Ok(OpResult::Session {
            session_id: id,
            replayed_operations: replayed,
        })
    }

    fn inspect(&mut self, sid: u64) -> Result<InspectView, BadRequest> {
        let slot = self.slot(sid)?;
        let s = &slot.session;
        let e = s.env();
        let k = e.kernel();
        let processes = k
            .pids()
            .into_iter()
            .filter_map(|pid| k.proc_snapshot(pid))
            .map(|p| {
                let exit = match p.state {
                    crate::process::ProcState::Exited(s) => Some(s),
                    crate::process::ProcState::Running => None,
                };
                ProcessView {
                    pid: p.pid,
                    ppid: p.ppid,
                    process_group: p.pgid,
                    argv: p.argv.iter().map(|a| BytesView::of(a)).collect(),
                    cwd: BytesView::of(&p.cwd),
                    state: if exit.is_some() { "exited" } else { "running" }.to_string(),
                    exit_status: exit,
                    background: p.background,
                }
            })
            .collect();
        let clock = k.clock.borrow();
        Ok(InspectView {
            cwd: BytesView::of(&e.cwd()),
            terminal: e.terminal().map(|t| OutcomeView {
                exit_status: t.status,
                stop_reason: t.stop_reason.map(|r| r.as_str().to_string()),
            }),
            active_action_id: e.active_action(),
            actions: e.actions().map(|a| action_view(e, a.id)).collect(),
            processes,
            clock: ClockView {
                monotonic_ns: clock.monotonic_ns(),
                wall_time_ns: clock.wall_ns(),
                pending_timers: clock.pending_timers(),
                next_deadline_ns: clock.next_deadline(),
            },
            limits: LimitsView::of(&e.limits()),
            usage: UsageView::of(&e.usage()),
            quiescent: e.quiescent(),
            journal_len: s.journal_len(),
            not_forkable: s.not_forkable(),
        })
    }
}

fn action_view(e: &Environment, id: ActionId) -> ActionView {
    let a = e.action(id).expect("the action was just reported");
    ActionView {
        action_id: id,
        state: StateView::of(&a.state),
        stdin_open: a.stdin_open(),
        stdout_read: a.stdout_read,
        stderr_read: a.stderr_read,
        telemetry: (e.latest_action() == Some(id)).then(|| TelemetryView::of(&e.telemetry())),
    }
}

fn outcome_error(o: OpOutcome) -> BadRequest {
    match o {
        OpOutcome::Env(e) => env_error(e),
        OpOutcome::Workspace(e) => workspace_error(e),
        other => err("internal", format!("unexpected outcome {other:?}")),
    }
}

/// Serialises one response line.
fn encode(env: &Envelope, reply: Reply) -> Vec<u8> {
    let (ok, result, error) = match reply {
        Ok(r) => (true, Some(r), None),
        Err(e) => (
            false,
            None,
            Some(ErrorBody {
                code: e.code.to_string(),
                message: e.message,
            }),
        ),
    };
    let resp = Response {
        protocol_version: PROTOCOL_VERSION,
        id: env.id.clone(),
        session_id: env
            .op
            .as_ref()
            .filter(|_| !env.bad_session)
            .map(|_| env.session_id.unwrap_or(0)),
        op: env.op.clone(),
        ok,
        result,
        error,
    };
    let mut line = serde_json::to_vec(&resp).unwrap_or_else(|e| {
        format!("{{\"protocol_version\":{PROTOCOL_VERSION},\"ok\":false,\"error\":{{\"code\":\"internal\",\"message\":\"cannot encode response: {e}\"}}}}").into_bytes()
    });
    line.push(b'\n');
    line
}
