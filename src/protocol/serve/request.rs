//! Requests of the `serve` protocol: the envelope and one typed body per operation.
//!
//! A request line is one JSON object: the envelope fields `id` (any JSON value, echoed),
//! `session_id` (default 0) and `protocol_version` (optional; must match when given), plus
//! `op` and that operation's fields. Unknown fields are errors, so a misspelt option is never
//! silently ignored. Byte fields come in two spellings: `NAME` (a JSON string, for text) or
//! `NAME_base64` (any bytes); giving both is an error.

use serde::Deserialize;
use serde_json::Value;

/// Work quanta a `poll_action` runs when none are given.
pub const DEFAULT_WORK_QUANTA: u64 = 1024;
/// Most work quanta one `poll_action` may ask for.
pub const MAX_WORK_QUANTA: u64 = 1_000_000;

/// A signal, by number (`15`) or name (`"TERM"`, `"SIGTERM"`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum SignalSpec {
    Number(i32),
    Name(String),
}

/// Every operation and its fields.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Request {
    /// The protocol version, limits and operation list.
    Hello {},
    /// The same answer as `hello`.
    Version {},
    /// Run shell source to completion.
    Execute {
        source: Option<String>,
        source_base64: Option<String>,
        stdin: Option<String>,
        stdin_base64: Option<String>,
    },
    /// Start shell source as a retained action; drive it with `poll_action`.
    StartExecute {
        source: Option<String>,
        source_base64: Option<String>,
        stdin: Option<String>,
        stdin_base64: Option<String>,
        /// Whether standard input is closed after the initial bytes (default true).
        stdin_closed: Option<bool>,
    },
    PollAction {
        action_id: u64,
        work_quanta: Option<u64>,
        advance_time: Option<bool>,
    },
    WriteStdin {
        action_id: u64,
        data: Option<String>,
        data_base64: Option<String>,
    },
    CloseStdin {
        action_id: u64,
    },
    ReadActionOutput {
        action_id: u64,
    },
    SignalProcess {
        pid: u32,
        signal: SignalSpec,
        process_group: Option<bool>,
    },
    SignalForeground {
        signal: SignalSpec,
    },
    CancelAction {
        action_id: u64,
    },
    DropAction {
        action_id: u64,
    },
    ForkSession {
        /// The session to fork (default: the envelope's `session_id`).
        source: Option<u64>,
        /// Fork from a checkpoint instead of a live session.
        checkpoint_id: Option<u64>,
    },
    DropSession {
        target: u64,
    },
    ReadFile {
        path: Option<String>,
        path_base64: Option<String>,
    },
    WriteFile {
        path: Option<String>,
        path_base64: Option<String>,
        data: Option<String>,
        data_base64: Option<String>,
        mode: Option<u32>,
    },
    StatPath {
        path: Option<String>,
        path_base64: Option<String>,
        follow_symlinks: Option<bool>,
    },
    MakeDirectory {
        path: Option<String>,
        path_base64: Option<String>,
        mode: Option<u32>,
        parents: Option<bool>,
    },
    CreateSymlink {
        path: Option<String>,
        path_base64: Option<String>,
        target: Option<String>,
        target_base64: Option<String>,
    },
    ApplyPatch {
        patch: Option<String>,
        patch_base64: Option<String>,
        /// Leading path components removed from unified-diff file names (default 1).
        strip: Option<usize>,
    },
    RemovePath {
        path: Option<String>,
        path_base64: Option<String>,
    },
    ListPaths {
        root: Option<String>,
        root_base64: Option<String>,
    },
    Checkpoint {},
    RestoreCheckpoint {
        checkpoint_id: u64,
    },
    DropCheckpoint {
        checkpoint_id: u64,
    },
    WorkspaceDiff {
        /// Compare with this checkpoint (default: the session's baseline).
        checkpoint_id: Option<u64>,
        /// Include file contents (default true).
        include_content: Option<bool>,
    },
    ResetWorkspace {
        checkpoint_id: Option<u64>,
    },
    Inspect {},
}

/// Names of every operation, in the order `hello` lists them.
pub const OPS: &[&str] = &[
    "hello",
    "version",
    "execute",
    "start_execute",
    "poll_action",
    "write_stdin",
    "close_stdin",
    "read_action_output",
    "signal_process",
    "signal_foreground",
    "cancel_action",
    "drop_action",
    "fork_session",
    "drop_session",
    "read_file",
    "write_file",
    "stat_path",
    "make_directory",
    "create_symlink",
    "apply_patch",
    "remove_path",
    "list_paths",
    "checkpoint",
    "restore_checkpoint",
    "drop_checkpoint",
    "workspace_diff",
    "reset_workspace",
    "inspect",
];

/// The envelope around a request body.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Envelope {
    pub id: Option<Value>,
    pub session_id: Option<u64>,
    pub op: Option<String>,
    /// `session_id` was present but not a session number (the response then names none).
    pub bad_session: bool,
}

/// A request line that could not be taken apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadRequest {
    pub code: &'static str,
    pub message: String,
}

impl BadRequest {
    pub fn new(code: &'static str, message: impl Into<String>) -> BadRequest {
        BadRequest {
            code,
            message: message.into(),
        }
    }
}

/// Splits a request line into its envelope and typed body. The envelope is returned even
/// when the body is bad, so the error response can echo the `id`.
pub fn parse_line(line: &[u8], protocol_version: u32) -> (Envelope, Result<Request, BadRequest>) {
    let value: Value = match serde_json::from_slice(line) {
        Ok(v) => v,
        Err(e) => {
            return (
                Envelope::default(),
                Err(BadRequest::new(
                    "invalid_json",
                    format!("invalid JSON: {e}"),
                )),
            )
        }
    };
    let Value::Object(mut map) = value else {
        return (
            Envelope::default(),
            Err(BadRequest::new(
                "invalid_request",
                "a request must be a JSON object",
            )),
        );
    };
    let mut env = Envelope {
        id: map.remove("id"),
        ..Envelope::default()
    };
    env.op = map.get("op").and_then(|v| v.as_str()).map(str::to_string);
    match map.remove("session_id") {
        None | Some(Value::Null) => {}
        Some(v) => match v.as_u64() {
            Some(n) => env.session_id = Some(n),
            None => {
                env.bad_session = true;
                return (
                    env,
                    Err(BadRequest::new(
                        "invalid_request",
                        "session_id must be a non-negative integer",
                    )),
                );
            }
        },
    }
    if let Some(v) = map.remove("protocol_version") {
        if v.as_u64() != Some(u64::from(protocol_version)) {
            return (
                env,
                Err(BadRequest::new(
                    "unsupported_protocol_version",
                    format!("this server speaks protocol_version {protocol_version}, the request asked for {v}"),
                )),
            );
        }
    }
    match map.get("op") {
        None => {
            return (
                env,
                Err(BadRequest::new(
                    "invalid_request",
                    "missing field `op` (see the `hello` response for the operations)",
                )),
            )
        }
        Some(Value::String(op)) if !OPS.contains(&op.as_str()) => {
            let msg = format!("unknown op `{op}` (known: {})", OPS.join(", "));
            return (env, Err(BadRequest::new("unknown_op", msg)));
        }
        Some(Value::String(_)) => {}
        Some(_) => {
            return (
                env,
                Err(BadRequest::new("invalid_request", "`op` must be a string")),
            )
        }
    }
    let op = env.op.clone().unwrap_or_default();
    let body = serde_json::from_value::<Request>(Value::Object(map))
        .map_err(|e| BadRequest::new("invalid_request", format!("{op}: {e}")));
    (env, body)
}

/// The bytes of a field given as `NAME` (text) or `NAME_base64`, at most `max` bytes.
pub fn bytes_field(
    name: &str,
    text: &Option<String>,
    b64: &Option<String>,
    max: u64,
) -> Result<Option<Vec<u8>>, BadRequest> {
    use base64::Engine;
    let bytes = match (text, b64) {
        (Some(_), Some(_)) => {
            return Err(BadRequest::new(
                "invalid_request",
                format!("give `{name}` or `{name}_base64`, not both"),
            ))
        }
        (Some(t), None) => Some(t.as_bytes().to_vec()),
        (None, Some(b)) => {
            // Bound the work before decoding: base64 is 4 characters per 3 bytes.
            if (b.len() as u64 / 4).saturating_mul(3) > max {
                return Err(too_large(name, max));
            }
            Some(
                base64::engine::general_purpose::STANDARD
                    .decode(b)
                    .map_err(|e| {
                        BadRequest::new(
                            "invalid_request",
                            format!("`{name}_base64` is not valid base64: {e}"),
                        )
                    })?,
            )
        }
        (None, None) => None,
    };
    if let Some(b) = &bytes {
        if b.len() as u64 > max {
            return Err(too_large(name, max));
        }
    }
    Ok(bytes)
}

/// Like [`bytes_field`], for a field that must be present.
pub fn required_bytes(
    name: &str,
    text: &Option<String>,
    b64: &Option<String>,
    max: u64,
) -> Result<Vec<u8>, BadRequest> {
    bytes_field(name, text, b64, max)?.ok_or_else(|| {
        BadRequest::new(
            "invalid_request",
            format!("missing field `{name}` (or `{name}_base64`)"),
        )
    })
}

pub fn too_large(name: &str, max: u64) -> BadRequest {
    BadRequest::new(
        "transfer_too_large",
        format!("`{name}` is larger than the transfer limit of {max} bytes (serve --max-transfer)"),
    )
}

/// A signal number from its spec.
pub fn signal_number(s: &SignalSpec) -> Result<i32, BadRequest> {
    let n = match s {
        SignalSpec::Number(n) => (1..=64).contains(n).then_some(*n),
        SignalSpec::Name(name) => crate::process::parse_signal(name).filter(|&n| n > 0),
    };
    n.ok_or_else(|| {
        let shown = match s {
            SignalSpec::Number(n) => n.to_string(),
            SignalSpec::Name(name) => format!("`{name}`"),
        };
        BadRequest::new(
            "invalid_request",
            format!("unknown signal {shown} (a number 1-64 or a name such as TERM or SIGINT)"),
        )
    })
}
