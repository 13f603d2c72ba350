//! `shellsim replay`: run a scenario of `serve` requests and check expectations.
//!
//! A scenario is NDJSON. An optional first line `{"scenario": {...}}` gives the version,
//! strict mode and final expectations; every other line is either a bare request or
//! `{"request": {...}, "expect": {...}}`. The requests go through the same [`Server`] as
//! `serve`, in order, and the transcript pairs each request with its response and the
//! verdict on its expectation. Unknown fields in the metadata and expectations are errors: a
//! misspelt assertion must not pass silently.

use super::serve::Server;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The scenario format this build reads.
pub const SCENARIO_VERSION: u32 = 1;
/// Most steps in one scenario.
pub const MAX_STEPS: usize = 100_000;

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    pub version: u32,
    #[serde(default)]
    pub strict: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_expectation: Option<FinalExpectation>,
}

/// What must hold after the last step (checked through `inspect` and `workspace_diff`).
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FinalExpectation {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_id: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workspace_change_count: Option<usize>,
    /// The session's terminal exit status (`null`: the session must not have ended).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub exit_status: Option<Option<i32>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_action_count: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub live_process_count: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_used_at_most: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory_peak_at_most: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disk_current_at_most: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_bytes_at_most: Option<u64>,
}

/// A field that may be given as `null` (which means something, unlike an absent field).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<i32>>, D::Error> {
    Option::<i32>::deserialize(d).map(Some)
}

/// What one response must show. Absent fields are not checked.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ok: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_status: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stdout: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stdout_base64: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stderr: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stderr_base64: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unsupported: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unsupported_commands: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partial_commands: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workspace_change_count: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_contains: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
}

/// One step: the request and its expectation.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// Line number in the scenario file (1-based), for messages.
    pub line: usize,
    pub request: Value,
    pub expect: Option<Expect>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub meta: Option<Meta>,
    pub steps: Vec<Step>,
}

/// Reads a scenario. Every problem is reported with its line number; nothing runs when the
/// scenario is malformed.
pub fn parse(text: &[u8], max_line: u64) -> Result<Scenario, String> {
    let mut meta = None;
    let mut steps = Vec::new();
    for (i, raw) in text.split(|&b| b == b'\n').enumerate() {
        let line = i + 1;
        if raw.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        if raw.len() as u64 > max_line {
            return Err(format!(
                "line {line}: {} bytes is over the request limit of {max_line}",
                raw.len()
            ));
        }
        let v: Value =
            serde_json::from_slice(raw).map_err(|e| format!("line {line}: invalid JSON: {e}"))?;
        let Value::Object(mut map) = v else {
            return Err(format!(
                "line {line}: a scenario line must be a JSON object"
            ));
        };
        if let Some(m) = map.remove("scenario") {
            if !map.is_empty() || line_has_steps_before(&steps, &meta) {
                return Err(format!(
                    "line {line}: the `scenario` metadata must be alone on the first line"
                ));
            }
            let m: Meta =
                serde_json::from_value(m).map_err(|e| format!("line {line}: scenario: {e}"))?;
            if m.version != SCENARIO_VERSION {
                return Err(format!(
                    "line {line}: scenario version {} is not supported (this build reads version {SCENARIO_VERSION})",
                    m.version
                ));
            }
            meta = Some(m);
            continue;
        }
        let step = if map.contains_key("request") {
            let request = map.remove("request").expect("checked");
            let expect = match map.remove("expect") {
                None => None,
                Some(e) => Some(
                    serde_json::from_value::<Expect>(e)
                        .map_err(|e| format!("line {line}: expect: {e}"))?,
                ),
            };
            if let Some(k) = map.keys().next() {
                return Err(format!(
                    "line {line}: unknown field `{k}` beside `request` (expected `expect`)"
                ));
            }
            if !request.is_object() {
                return Err(format!("line {line}: `request` must be a JSON object"));
            }
            if let Some(e) = &expect {
                if e.stdout.is_some() && e.stdout_base64.is_some()
                    || e.stderr.is_some() && e.stderr_base64.is_some()
                {
                    return Err(format!(
                        "line {line}: expect: give `stdout` or `stdout_base64` (and `stderr` or `stderr_base64`), not both"
                    ));
                }
            }
            Step {
                line,
                request,
                expect,
            }
        } else {
            Step {
                line,
                request: Value::Object(map),
                expect: None,
            }
        };
        steps.push(step);
        if steps.len() > MAX_STEPS {
            return Err(format!("more than {MAX_STEPS} steps"));
        }
    }
    Ok(Scenario { meta, steps })
}

fn line_has_steps_before(steps: &[Step], meta: &Option<Meta>) -> bool {
    !steps.is_empty() || meta.is_some()
}

/// The transcript and whether every assertion held.
pub struct Outcome {
    /// NDJSON lines, each ending in a newline.
    pub transcript: Vec<u8>,
    pub passed: bool,
}

/// Runs every step through `server` and checks the expectations.
pub fn run(scenario: &Scenario, server: &mut Server) -> Outcome {
    let strict = scenario.meta.as_ref().is_some_and(|m| m.strict);
    let mut out = Vec::new();
    let mut passed = true;
    let mut emit = |v: Value| {
        out.extend_from_slice(&serde_json::to_vec(&v).unwrap_or_default());
        out.push(b'\n');
    };
    if let Some(m) = &scenario.meta {
        emit(json!({"kind": "scenario", "scenario": m}));
    }
    for (seq, step) in scenario.steps.iter().enumerate() {
        let line = serde_json::to_vec(&step.request).unwrap_or_default();
        let resp_bytes = server.handle_line(&line);
        let response: Value = serde_json::from_slice(&resp_bytes).unwrap_or(Value::Null);
        let mut failures = Vec::new();
        if let Some(e) = &step.expect {
            check(e, &response, &mut failures);
        }
        if strict {
            let expects_error = step.expect.as_ref().is_some_and(|e| {
                e.ok == Some(false) || e.error_contains.is_some() || e.error_code.is_some()
            });
            check_strict(&response, expects_error, &mut failures);
        }
        let mut rec = json!({
            "kind": "step",
            "sequence": seq,
            "line": step.line,
            "request": step.request,
            "response": response,
        });
        if let Some(e) = &step.expect {
            rec["expectation"] = serde_json::to_value(e).unwrap_or(Value::Null);
        }
        if step.expect.is_some() || strict {
            passed &= failures.is_empty();
            rec["assertion"] = json!({"passed": failures.is_empty(), "failures": failures});
        }
        emit(rec);
    }
    if let Some(m) = &scenario.meta {
        let mut failures = Vec::new();
        let fe = m.final_expectation.clone().unwrap_or_default();
        check_final(&fe, strict, server, &mut failures);
        passed &= failures.is_empty();
        let mut rec = json!({
            "kind": "final",
            "assertion": {"passed": failures.is_empty(), "failures": failures},
        });
        if let Some(fe) = &m.final_expectation {
            rec["expectation"] = serde_json::to_value(fe).unwrap_or(Value::Null);
        }
        emit(rec);
    }
    Outcome {
        transcript: out,
        passed,
    }
}

fn b64(text: &str) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(text.as_bytes())
}

fn check(e: &Expect, resp: &Value, failures: &mut Vec<String>) {
    let ok = resp["ok"].as_bool();
    if let Some(want) = e.ok {
        if ok != Some(want) {
            failures.push(format!("ok: expected {want}, got {}", resp["ok"]));
        }
    }
    let result = &resp["result"];
    let execute = result["kind"] == "execute";
    let need_execute = |field: &str, failures: &mut Vec<String>| {
        if !execute {
            failures.push(format!(
                "{field}: the response has no execute result ({})",
                error_text(resp)
            ));
        }
        execute
    };
    if let Some(want) = e.exit_status {
        if need_execute("exit_status", failures) && result["exit_status"] != json!(want) {
            failures.push(format!(
                "exit_status: expected {want}, got {}",
                result["exit_status"]
            ));
        }
    }
    let streams = [
        ("stdout", &e.stdout, &e.stdout_base64),
        ("stderr", &e.stderr, &e.stderr_base64),
    ];
    for (name, text, raw) in streams {
        let want = match (text, raw) {
            (Some(t), _) => Some(b64(t)),
            (None, Some(b)) => Some(b.clone()),
            (None, None) => None,
        };
        if let Some(want) = want {
            let field = format!("{name}_base64");
            if need_execute(name, failures) && result[&field] != json!(want) {
                failures.push(format!(
                    "{name}: expected {}, got {}",
                    show_b64(&want),
                    show_b64(result[&field].as_str().unwrap_or(""))
                ));
            }
        }
    }
    let lists = [
        ("unsupported", &e.unsupported),
        ("unsupported_commands", &e.unsupported_commands),
        ("partial_commands", &e.partial_commands),
    ];
    for (name, want) in lists {
        if let Some(want) = want {
            if need_execute(name, failures) && result["telemetry"][name] != json!(want) {
                failures.push(format!(
                    "{name}: expected {}, got {}",
                    json!(want),
                    result["telemetry"][name]
                ));
            }
        }
    }
    if let Some(want) = e.workspace_change_count {
        match result["changes"].as_array() {
            Some(c) if result["kind"] == "workspace_diff" => {
                if c.len() != want {
                    failures.push(format!(
                        "workspace_change_count: expected {want}, got {}",
                        c.len()
                    ));
                }
            }
            _ => failures.push(format!(
                "workspace_change_count: the response is not a workspace_diff ({})",
                error_text(resp)
            )),
        }
    }
    if let Some(want) = &e.error_contains {
        match resp["error"]["message"].as_str() {
            Some(m) if m.contains(want.as_str()) => {}
            Some(m) => failures.push(format!("error_contains: {want:?} not in {m:?}")),
            None => failures.push(format!(
                "error_contains: expected an error containing {want:?}, the request succeeded"
            )),
        }
    }
    if let Some(want) = &e.error_code {
        if resp["error"]["code"] != json!(want) {
            failures.push(format!(
                "error_code: expected {want:?}, got {}",
                resp["error"]["code"]
            ));
        }
    }
}

fn error_text(resp: &Value) -> String {
    match resp["error"]["message"].as_str() {
        Some(m) => format!("error: {m}"),
        None => format!("result kind {}", resp["result"]["kind"]),
    }
}

/// A base64 value shown as text when it decodes to UTF-8.
fn show_b64(b: &str) -> String {
    use base64::Engine;
    match base64::engine::general_purpose::STANDARD.decode(b) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(t) => format!("{t:?}"),
            Err(_) => format!("base64 {b}"),
        },
        Err(_) => format!("{b:?}"),
    }
}

/// Strict mode: unexpected errors, unsupported or partial commands, and dropped telemetry
/// all fail. An error the step expects (`ok: false`, `error_contains`, `error_code`) does not.
fn check_strict(resp: &Value, expects_error: bool, failures: &mut Vec<String>) {
    if resp["ok"] != json!(true) {
        if !expects_error {
            failures.push(format!("strict: the request failed ({})", error_text(resp)));
        }
        return;
    }
    let t = match resp["result"]["kind"].as_str() {
        Some("execute") => &resp["result"]["telemetry"],
        Some("action") => &resp["result"]["telemetry"],
        _ => return,
    };
    if t.is_null() {
        return;
    }
    if let Some(u) = t["unsupported"].as_array().filter(|u| !u.is_empty()) {
        failures.push(format!("strict: unsupported features used: {}", json!(u)));
    }
    for inv in t["invocations"].as_array().into_iter().flatten() {
        if inv["trust"] != "real" {
            failures.push(format!(
                "strict: {} ran with trust {} ({})",
                inv["argv"][0], inv["trust"], inv["unsupported_reason"]
            ));
        }
    }
    for counter in ["dropped_invocations", "dropped_unsupported"] {
        if t[counter].as_u64().unwrap_or(0) > 0 {
            failures.push(format!(
                "strict: telemetry dropped ({counter} = {})",
                t[counter]
            ));
        }
    }
}

fn check_final(
    fe: &FinalExpectation,
    strict: bool,
    server: &mut Server,
    failures: &mut Vec<String>,
) {
    let sid = fe.session_id.unwrap_or(0);
    let inspect: Value = serde_json::from_slice(
        &server.handle_line(format!(r#"{{"op":"inspect","session_id":{sid}}}"#).as_bytes()),
    )
    .unwrap_or(Value::Null);
    if inspect["ok"] != json!(true) {
        failures.push(format!("final: inspect failed ({})", error_text(&inspect)));
        return;
    }
    let r = &inspect["result"];
    let unfinished: Vec<&Value> = r["actions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|a| a["state"] != "complete")
        .collect();
    if strict && !unfinished.is_empty() {
        failures.push(format!(
            "strict: {} action(s) never finished",
            unfinished.len()
        ));
    }
    if let Some(want) = fe.active_action_count {
        if unfinished.len() != want {
            failures.push(format!(
                "active_action_count: expected {want}, got {}",
                unfinished.len()
            ));
        }
    }
    if let Some(want) = fe.live_process_count {
        let live = r["processes"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|p| p["state"] == "running")
            .count();
        if live != want {
            failures.push(format!("live_process_count: expected {want}, got {live}"));
        }
    }
    if let Some(want) = fe.exit_status {
        let got = r["terminal"]["exit_status"].as_i64().map(|s| s as i32);
        if got != want {
            let show = |s: Option<i32>| {
                s.map_or("a live session".to_string(), |s| format!("exit status {s}"))
            };
            failures.push(format!(
                "exit_status: expected {}, got {}",
                show(want),
                show(got)
            ));
        }
    }
    let bounds = [
        ("cpu_used", fe.cpu_used_at_most),
        ("memory_peak", fe.memory_peak_at_most),
        ("disk_current", fe.disk_current_at_most),
        ("output_bytes", fe.output_bytes_at_most),
    ];
    for (name, max) in bounds {
        if let Some(max) = max {
            let got = r["usage"][name].as_u64().unwrap_or(u64::MAX);
            if got > max {
                failures.push(format!("{name}_at_most: {got} is over {max}"));
            }
        }
    }
    if let Some(want) = fe.workspace_change_count {
        let diff: Value = serde_json::from_slice(
            &server.handle_line(
                format!(r#"{{"op":"workspace_diff","session_id":{sid},"include_content":false}}"#)
                    .as_bytes(),
            ),
        )
        .unwrap_or(Value::Null);
        match diff["result"]["changes"].as_array() {
            Some(c) if c.len() == want => {}
            Some(c) => failures.push(format!(
                "workspace_change_count: expected {want}, got {}",
                c.len()
            )),
            None => failures.push(format!(
                "workspace_change_count: workspace_diff failed ({})",
                error_text(&diff)
            )),
        }
    }
}
