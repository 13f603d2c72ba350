use super::*;
use crate::limits::Limits;
use serde_json::{json, Value};

fn server() -> Server {
    Server::new(Environment::new(Limits::default()), ServeLimits::default())
}

fn call(s: &mut Server, req: Value) -> Value {
    let line = serde_json::to_vec(&req).unwrap();
    let out = s.handle_line(&line);
    assert_eq!(out.last(), Some(&b'\n'), "one line per response");
    assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 1);
    let v: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["protocol_version"], PROTOCOL_VERSION);
    v
}

fn ok(s: &mut Server, req: Value) -> Value {
    let v = call(s, req.clone());
    assert_eq!(v["ok"], true, "{req} -> {v}");
    v["result"].clone()
}

fn error_code(s: &mut Server, req: Value) -> String {
    let v = call(s, req.clone());
    assert_eq!(v["ok"], false, "{req} -> {v}");
    assert!(v["result"].is_null());
    v["error"]["code"].as_str().unwrap().to_string()
}

fn stdout(r: &Value) -> String {
    use base64::Engine;
    let b = base64::engine::general_purpose::STANDARD
        .decode(r["stdout_base64"].as_str().unwrap())
        .unwrap();
    String::from_utf8(b).unwrap()
}

#[test]
fn the_envelope_is_echoed() {
    let mut s = server();
    let v = call(
        &mut s,
        json!({"id": {"any": [1, "x"]}, "op": "execute", "source": "true"}),
    );
    assert_eq!(v["id"], json!({"any": [1, "x"]}));
    assert_eq!(
        (v["session_id"].clone(), v["op"].clone()),
        (json!(0), json!("execute"))
    );
    let v = call(
        &mut s,
        json!({"id": 7, "op": "hello", "protocol_version": 1}),
    );
    assert_eq!(v["result"]["kind"], "hello");
    assert_eq!(v["result"]["ops"].as_array().unwrap().len(), OPS.len());
}

#[test]
fn bad_lines_get_one_error_each_and_change_nothing() {
    let mut s = server();
    for (line, code) in [
        (&b"{not json"[..], "invalid_json"),
        (b"[1,2]", "invalid_request"),
        (b"{\"id\":1}", "invalid_request"),
        (b"{\"op\":5}", "invalid_request"),
        (b"{\"op\":\"format_disk\"}", "unknown_op"),
        (
            b"{\"op\":\"execute\",\"source\":\"x\",\"extra\":1}",
            "invalid_request",
        ),
        (b"{\"op\":\"execute\",\"source\":7}", "invalid_request"),
        (b"{\"op\":\"execute\"}", "invalid_request"),
        (
            b"{\"op\":\"execute\",\"source\":\"x\",\"source_base64\":\"eA==\"}",
            "invalid_request",
        ),
        (
            b"{\"op\":\"execute\",\"source_base64\":\"%%%\"}",
            "invalid_request",
        ),
        (
            b"{\"op\":\"hello\",\"protocol_version\":2}",
            "unsupported_protocol_version",
        ),
        (b"{\"op\":\"hello\",\"session_id\":-1}", "invalid_request"),
        (b"\xff\xfe", "invalid_json"),
    ] {
        let v: Value = serde_json::from_slice(&s.handle_line(line)).unwrap();
        assert_eq!(v["ok"], false);
        assert_eq!(
            v["error"]["code"],
            code,
            "{}",
            String::from_utf8_lossy(line)
        );
    }
    let v: Value = serde_json::from_slice(&s.oversized(1 << 40)).unwrap();
    assert_eq!(v["error"]["code"], "request_too_large");
    let r = ok(
        &mut s,
        json!({"op": "execute", "source": "echo still fine"}),
    );
    assert_eq!(stdout(&r), "still fine\n");
    assert_eq!(
        ok(&mut s, json!({"op": "workspace_diff"}))["changes"],
        json!([])
    );
}

#[test]
fn action_errors_name_the_problem() {
    let mut s = server();
    assert_eq!(
        error_code(&mut s, json!({"op": "poll_action", "action_id": 9})),
        "no_such_action"
    );
    let a = ok(
        &mut s,
        json!({"op": "start_execute", "source": "cat", "stdin_closed": false}),
    );
    let id = a["action_id"].clone();
    assert_eq!(
        error_code(&mut s, json!({"op": "start_execute", "source": "true"})),
        "action_in_flight"
    );
    assert_eq!(
        error_code(&mut s, json!({"op": "execute", "source": "true"})),
        "action_in_flight"
    );
    assert_eq!(
        error_code(
            &mut s,
            json!({"op": "poll_action", "action_id": id, "work_quanta": 0})
        ),
        "invalid_request"
    );
    assert_eq!(
        error_code(&mut s, json!({"op": "drop_action", "action_id": id})),
        "action_not_complete"
    );
    ok(
        &mut s,
        json!({"op": "write_stdin", "action_id": id, "data": "abc"}),
    );
    ok(&mut s, json!({"op": "close_stdin", "action_id": id}));
    assert_eq!(
        error_code(
            &mut s,
            json!({"op": "write_stdin", "action_id": id, "data": "x"})
        ),
        "stdin_closed"
    );
    let done = ok(&mut s, json!({"op": "poll_action", "action_id": id}));
    assert_eq!(
        (done["state"].clone(), done["exit_status"].clone()),
        (json!("complete"), json!(0))
    );
    let out = ok(&mut s, json!({"op": "read_action_output", "action_id": id}));
    assert_eq!(stdout(&out), "abc");
    assert_eq!(
        (out["stdout_closed"].clone(), out["stderr_closed"].clone()),
        (json!(true), json!(true))
    );
    ok(&mut s, json!({"op": "drop_action", "action_id": id}));
    assert_eq!(
        error_code(&mut s, json!({"op": "read_action_output", "action_id": id})),
        "no_such_action"
    );
}

#[test]
fn signals_reach_processes() {
    let mut s = server();
    let a = ok(
        &mut s,
        json!({"op": "start_execute", "source": "sleep 100 | cat; echo after $?"}),
    );
    let id = a["action_id"].clone();
    ok(
        &mut s,
        json!({"op": "poll_action", "action_id": id, "work_quanta": 50}),
    );
    let r = ok(&mut s, json!({"op": "signal_foreground", "signal": "TERM"}));
    assert!(r["delivered"].as_u64().unwrap() >= 1, "{r}");
    let done = ok(&mut s, json!({"op": "poll_action", "action_id": id}));
    assert_eq!(done["state"], "complete", "{done}");
    assert_eq!(
        stdout(&ok(
            &mut s,
            json!({"op": "read_action_output", "action_id": id})
        )),
        "after 143\n"
    );
    assert_eq!(
        error_code(
            &mut s,
            json!({"op": "signal_process", "pid": 99999, "signal": 9})
        ),
        "no_such_process"
    );
    assert_eq!(
        error_code(
            &mut s,
            json!({"op": "signal_process", "pid": 1, "signal": "NOPE"})
        ),
        "invalid_request"
    );
}

#[test]
fn file_operations_are_confined_to_work() {
    let mut s = server();
    ok(
        &mut s,
        json!({"op": "write_file", "path": "src/a.txt", "data": "x\n", "mode": 0o600}),
    );
    let f = ok(
        &mut s,
        json!({"op": "read_file", "path": "/work/src/a.txt"}),
    );
    assert_eq!(
        (
            f["path"].clone(),
            f["data_base64"].clone(),
            f["mode"].clone()
        ),
        (json!("/work/src/a.txt"), json!("eAo="), json!(0o600))
    );
    for p in ["/etc/passwd", "../x", "/work/../etc/x", "/"] {
        assert_eq!(
            error_code(&mut s, json!({"op": "read_file", "path": p})),
            "outside_workspace",
            "{p}"
        );
        assert_eq!(
            error_code(&mut s, json!({"op": "write_file", "path": p, "data": ""})),
            "outside_workspace"
        );
    }
    ok(
        &mut s,
        json!({"op": "create_symlink", "path": "esc", "target": "/etc"}),
    );
    assert_eq!(
        error_code(&mut s, json!({"op": "read_file", "path": "esc/passwd"})),
        "outside_workspace"
    );
    let st = ok(
        &mut s,
        json!({"op": "stat_path", "path": "esc", "follow_symlinks": false}),
    );
    assert_eq!(
        (st["node_type"].clone(), st["symlink_target"].clone()),
        (json!("symlink"), json!({"text": "/etc"}))
    );
    assert_eq!(
        error_code(&mut s, json!({"op": "read_file", "path": "nope"})),
        "filesystem_error"
    );
    assert_eq!(
        error_code(&mut s, json!({"op": "make_directory", "path": "d/e"})),
        "filesystem_error"
    );
    ok(
        &mut s,
        json!({"op": "make_directory", "path": "d/e", "parents": true}),
    );
    assert_eq!(
        error_code(
            &mut s,
            json!({"op": "write_file", "path": "m", "data": "", "mode": 0o10000})
        ),
        "invalid_request"
    );
    let list = ok(&mut s, json!({"op": "list_paths"}));
    let paths: Vec<&str> = list["paths"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        paths,
        [
            "/work",
            "/work/d",
            "/work/d/e",
            "/work/esc",
            "/work/src",
            "/work/src/a.txt"
        ]
    );
    ok(&mut s, json!({"op": "remove_path", "path": "src"}));
    assert_eq!(
        error_code(&mut s, json!({"op": "remove_path", "path": "/work"})),
        "filesystem_error"
    );
    let bin = ok(
        &mut s,
        json!({"op": "write_file", "path_base64": "/w==", "data_base64": "AAE="}),
    );
    assert_eq!(bin["kind"], "acknowledged");
    let list = ok(&mut s, json!({"op": "list_paths"}));
    assert!(
        list["paths"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["path_base64"] == "L3dvcmsv/w=="),
        "{list}"
    );
}

#[test]
fn transfers_over_the_limit_are_refused_before_decoding() {
    let mut s = Server::new(
        Environment::new(Limits::default()),
        ServeLimits {
            max_transfer_bytes: 12,
            ..ServeLimits::default()
        },
    );
    assert_eq!(
        error_code(
            &mut s,
            json!({"op": "write_file", "path": "f", "data": "1234567890123"})
        ),
        "transfer_too_large"
    );
    assert_eq!(
        error_code(
            &mut s,
            json!({"op": "write_file", "path": "f", "data_base64": "A".repeat(400)})
        ),
        "transfer_too_large"
    );
    ok(&mut s, json!({"op": "execute", "source": "seq 100 >big"}));
    assert_eq!(
        error_code(&mut s, json!({"op": "read_file", "path": "big"})),
        "transfer_too_large"
    );
    assert_eq!(
        error_code(&mut s, json!({"op": "workspace_diff"})),
        "transfer_too_large"
    );
    let d = ok(
        &mut s,
        json!({"op": "workspace_diff", "include_content": false}),
    );
    assert_eq!(
        d["changes"][0]["after"],
        json!({"type": "file", "mode": 0o644, "size": 292})
    );
}

#[test]
fn sessions_fork_checkpoint_restore_and_reset() {
    let mut s = Server::new(
        Environment::new(Limits::default()),
        ServeLimits {
            max_sessions: 3,
            ..ServeLimits::default()
        },
    );
    ok(
        &mut s,
        json!({"op": "execute", "source": "echo base > f; v=base"}),
    );
    let f = ok(&mut s, json!({"op": "fork_session"}));
    assert_eq!(f["session_id"], 1);
    ok(
        &mut s,
        json!({"op": "execute", "session_id": 1, "source": "echo one >> f; v=one"}),
    );
    let r = ok(&mut s, json!({"op": "execute", "source": "cat f; echo $v"}));
    assert_eq!(stdout(&r), "base\nbase\n");
    let r = ok(
        &mut s,
        json!({"op": "execute", "session_id": 1, "source": "cat f; echo $v"}),
    );
    assert_eq!(stdout(&r), "base\none\none\n");
    let cp = ok(&mut s, json!({"op": "checkpoint", "session_id": 1}))["checkpoint_id"].clone();
    ok(
        &mut s,
        json!({"op": "execute", "session_id": 1, "source": "rm f; v=gone; cd /tmp"}),
    );
    let d = ok(&mut s, json!({"op": "workspace_diff", "session_id": 1}));
    assert_eq!(
        d["changes"],
        json!([{"path": "/work/f", "change": "deleted", "before": {"type": "file", "mode": 0o644, "size": 9, "data_base64": "YmFzZQpvbmUK"}}])
    );
    ok(&mut s, json!({"op": "reset_workspace", "session_id": 1}));
    let r = ok(
        &mut s,
        json!({"op": "execute", "session_id": 1, "source": "cat /work/f; echo $v; pwd"}),
    );
    assert_eq!(
        stdout(&r),
        "base\none\ngone\n/tmp\n",
        "reset restores files only"
    );
    ok(
        &mut s,
        json!({"op": "restore_checkpoint", "session_id": 1, "checkpoint_id": cp}),
    );
    let r = ok(
        &mut s,
        json!({"op": "execute", "session_id": 1, "source": "echo $v; pwd"}),
    );
    assert_eq!(
        stdout(&r),
        "one\n/work\n",
        "restore brings the whole session back"
    );
    let f2 = ok(&mut s, json!({"op": "fork_session", "checkpoint_id": cp}));
    assert_eq!(f2["session_id"], 2);
    assert_eq!(
        error_code(&mut s, json!({"op": "fork_session"})),
        "too_many_sessions"
    );
    ok(&mut s, json!({"op": "drop_session", "target": 2}));
    assert_eq!(
        error_code(
            &mut s,
            json!({"op": "execute", "session_id": 2, "source": "true"})
        ),
        "no_such_session"
    );
    assert_eq!(
        error_code(
            &mut s,
            json!({"op": "restore_checkpoint", "checkpoint_id": 99})
        ),
        "no_such_checkpoint"
    );
    ok(
        &mut s,
        json!({"op": "drop_checkpoint", "checkpoint_id": cp}),
    );
    assert_eq!(
        error_code(
            &mut s,
            json!({"op": "drop_checkpoint", "checkpoint_id": cp})
        ),
        "no_such_checkpoint"
    );
}

#[test]
fn a_busy_session_forks_by_replay() {
    let mut s = server();
    let a = ok(
        &mut s,
        json!({"op": "start_execute", "source": "echo a; sleep 5; echo b"}),
    );
    let id = a["action_id"].clone();
    ok(&mut s, json!({"op": "poll_action", "action_id": id}));
    let i = ok(&mut s, json!({"op": "inspect"}));
    assert_eq!(
        (i["quiescent"].clone(), i["journal_len"].clone()),
        (json!(false), json!(2))
    );
    let f = ok(&mut s, json!({"op": "fork_session"}));
    assert_eq!(f["replayed_operations"], 2);
    for sid in [0, 1] {
        let done = ok(
            &mut s,
            json!({"op": "poll_action", "session_id": sid, "action_id": id, "advance_time": true}),
        );
        assert_eq!(done["state"], "complete");
        let out = ok(
            &mut s,
            json!({"op": "read_action_output", "session_id": sid, "action_id": id}),
        );
        assert_eq!(stdout(&out), "a\nb\n");
    }
    let i = ok(&mut s, json!({"op": "inspect", "session_id": 1}));
    assert_eq!(
        (i["quiescent"].clone(), i["clock"]["monotonic_ns"].clone()),
        (json!(true), json!(5_000_000_000u64))
    );
}

/// The request schema as it appears on the wire: every op's body plus the envelope fields,
/// which the server takes off before it reads the body.
fn wire_request_schema() -> Value {
    let mut schema = serde_json::to_value(schemars::schema_for!(request::Request)).unwrap();
    let envelope = json!({
        "id": {"description": "Any JSON value; echoed in the response."},
        "session_id": {"type": "integer", "minimum": 0, "description": "The session addressed (default 0)."},
        "protocol_version": {"const": PROTOCOL_VERSION, "description": "When given, must be this server's protocol version."},
    });
    for branch in schema["oneOf"].as_array_mut().unwrap() {
        let props = branch["properties"].as_object_mut().unwrap();
        for (k, v) in envelope.as_object().unwrap() {
            props.insert(k.clone(), v.clone());
        }
    }
    schema["title"] = json!("shellsim serve request (protocol_version 1)");
    schema
}

/// The checked-in JSON Schemas (docs/schema/) are generated from the serde types: a change to
/// a request or response type fails here until the schema is regenerated with
/// `UPDATE_EXPECT=1 cargo test --lib schema`.
#[test]
#[allow(clippy::disallowed_methods)]
fn schema_files_match_the_types() {
    let files = [
        (
            "serve-request.schema.json",
            include_str!("../../../docs/schema/serve-request.schema.json"),
            wire_request_schema(),
        ),
        (
            "serve-response.schema.json",
            include_str!("../../../docs/schema/serve-response.schema.json"),
            serde_json::to_value(schemars::schema_for!(response::Response)).unwrap(),
        ),
    ];
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    for (name, checked_in, schema) in files {
        let text = serde_json::to_string_pretty(&schema).unwrap() + "\n";
        if update {
            let path = format!("{}/docs/schema/{name}", env!("CARGO_MANIFEST_DIR"));
            std::fs::write(path, &text).unwrap();
        } else {
            assert!(
                checked_in == text,
                "docs/schema/{name} is stale: run UPDATE_EXPECT=1 cargo test --lib schema"
            );
        }
    }
}

#[test]
fn apply_patch_is_all_or_nothing() {
    let mut s = server();
    ok(
        &mut s,
        json!({"op": "write_file", "path": "a.txt", "data": "one\ntwo\nthree\n"}),
    );
    ok(
        &mut s,
        json!({"op": "write_file", "path": "old.txt", "data": "bye\n"}),
    );
    let unified = "--- a/a.txt\n+++ b/a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n";
    let r = ok(&mut s, json!({"op": "apply_patch", "patch": unified}));
    assert_eq!(
        r["changed"],
        json!([{"path": "/work/a.txt", "change": "modified"}])
    );
    let agent = "*** Begin Patch\n*** Add File: new/n.txt\n+fresh\n*** Update File: a.txt\n@@\n-TWO\n+2\n*** Delete File: old.txt\n*** End Patch\n";
    let r = ok(&mut s, json!({"op": "apply_patch", "patch": agent}));
    assert_eq!(r["changed"].as_array().unwrap().len(), 3, "{r}");
    let f = ok(&mut s, json!({"op": "read_file", "path": "a.txt"}));
    assert_eq!(f["data_base64"], "b25lCjIKdGhyZWUK");
    // The first file would apply, the second does not exist: nothing changes.
    let cp = ok(&mut s, json!({"op": "checkpoint"}))["checkpoint_id"].clone();
    let bad = "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-one\n+ONE\n--- a/missing.txt\n+++ b/missing.txt\n@@ -1 +1 @@\n-x\n+y\n";
    let v = call(&mut s, json!({"op": "apply_patch", "patch": bad}));
    assert_eq!(v["error"]["code"], "patch_failed", "{v}");
    assert!(v["error"]["message"]
        .as_str()
        .unwrap()
        .contains("missing.txt"));
    let d = ok(&mut s, json!({"op": "workspace_diff", "checkpoint_id": cp}));
    assert_eq!(d["changes"], json!([]));
    ok(
        &mut s,
        json!({"op": "create_symlink", "path": "out", "target": "/tmp"}),
    );
    let through_link = "*** Begin Patch\n*** Add File: out/evil\n+x\n*** End Patch\n";
    assert_eq!(
        error_code(&mut s, json!({"op": "apply_patch", "patch": through_link})),
        "outside_workspace"
    );
    let r = ok(&mut s, json!({"op": "execute", "source": "ls /tmp"}));
    assert_eq!(stdout(&r), "", "nothing was written through the link");
    let escape = "--- a/../etc/passwd\n+++ b/../etc/passwd\n@@ -1 +1 @@\n-x\n+y\n";
    assert_eq!(
        error_code(&mut s, json!({"op": "apply_patch", "patch": escape})),
        "outside_workspace"
    );
    assert_eq!(
        error_code(
            &mut s,
            json!({"op": "apply_patch", "patch": "x", "patch_base64": "eA=="})
        ),
        "invalid_request"
    );
}
