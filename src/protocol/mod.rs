//! The serializable edge: the `eval` report, the `serve` protocol and `replay` scenarios.
//! Internal types stay plain Rust; they are converted here.

pub mod replay;
pub mod serve;

use crate::limits::{Limits, StopReason, Usage, COST_MODEL_VERSION};
use crate::process::command::Telemetry;
use base64::Engine;
use serde_json::{json, Value};

/// Version of the `eval` report's shape.
pub const REPORT_VERSION: u32 = 1;

/// Bytes as JSON: `{"text": ...}` when valid UTF-8, `{"base64": ...}` otherwise. Never lossy.
pub fn bytes_json(b: &[u8]) -> Value {
    match std::str::from_utf8(b) {
        Ok(t) => json!({ "text": t }),
        Err(_) => json!({ "base64": base64::engine::general_purpose::STANDARD.encode(b) }),
    }
}

pub fn limits_json(l: &Limits) -> Value {
    json!({ "cpu": l.cpu, "memory": l.memory, "disk": l.disk, "output": l.output })
}

pub fn usage_json(u: &Usage) -> Value {
    json!({
        "cpu_used": u.cpu_used,
        "memory_current": u.memory_current,
        "memory_peak": u.memory_peak,
        "disk_current": u.disk_current,
        "disk_peak": u.disk_peak,
        "output_bytes": u.output_bytes,
    })
}

/// Everything the `eval` report shows about one run.
pub struct EvalReport<'a> {
    pub status: i32,
    pub stop_reason: Option<StopReason>,
    pub limits: Limits,
    pub usage: Usage,
    pub stdout: &'a [u8],
    pub stderr: &'a [u8],
    pub telemetry: &'a Telemetry,
}

impl EvalReport<'_> {
    pub fn to_json(&self) -> Value {
        let t = self.telemetry;
        let mut per_command: std::collections::BTreeMap<String, (u64, i64, u64)> =
            Default::default();
        let mut unsupported_commands = std::collections::BTreeSet::new();
        let mut partial_commands = std::collections::BTreeSet::new();
        let invocations: Vec<Value> = t
            .invocations
            .iter()
            .map(|i| {
                let name =
                    String::from_utf8_lossy(i.argv.first().map(|a| a.as_slice()).unwrap_or(b""))
                        .into_owned();
                let e = per_command.entry(name.clone()).or_default();
                e.0 += i.cpu;
                e.1 += i.disk_delta;
                e.2 += 1;
                match i.trust {
                    crate::process::command::Trust::Unsupported => {
                        unsupported_commands.insert(name.clone());
                    }
                    crate::process::command::Trust::Partial => {
                        partial_commands.insert(name.clone());
                    }
                    _ => {}
                }
                json!({
                    "sequence": i.sequence,
                    "pid": i.pid,
                    "argv": i.argv.iter().map(|a| bytes_json(a)).collect::<Vec<_>>(),
                    "trust": i.trust.as_str(),
                    "status": i.status,
                    "cpu": i.cpu,
                    "disk_delta": i.disk_delta,
                    "unsupported_reason": i.unsupported_reason,
                })
            })
            .collect();
        json!({
            "report_version": REPORT_VERSION,
            "cost_model_version": COST_MODEL_VERSION,
            "exit_status": self.status,
            "stop_reason": self.stop_reason.map(|r| r.as_str()),
            "limits": limits_json(&self.limits),
            "usage": usage_json(&self.usage),
            "command_usage": per_command.iter().map(|(k, (cpu, disk, n))| json!({"command": k, "cpu": cpu, "disk_delta": disk, "invocations": n})).collect::<Vec<_>>(),
            "stdout": bytes_json(self.stdout),
            "stderr": bytes_json(self.stderr),
            "commands": t.invocations.iter().map(|i| String::from_utf8_lossy(i.argv.first().map(|a| a.as_slice()).unwrap_or(b"")).into_owned()).collect::<Vec<_>>(),
            "invocations": invocations,
            "dropped_invocations": t.dropped_invocations,
            "unsupported": t.unsupported,
            "dropped_unsupported": t.dropped_unsupported,
            "unsupported_commands": unsupported_commands.into_iter().collect::<Vec<_>>(),
            "partial_commands": partial_commands.into_iter().collect::<Vec<_>>(),
        })
    }
}
