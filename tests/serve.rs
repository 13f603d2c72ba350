//! `shellsim serve`, `replay` and `shell` driven as child processes, the way a harness uses
//! them: requests on stdin, one response line per request on stdout.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use base64::Engine;
use serde_json::{json, Value};
use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], input: &[u8]) -> (i32, Vec<u8>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shellsim"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start shellsim");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait");
    writer.join().unwrap();
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Sends requests to one `serve` process and returns one parsed response per request.
fn serve(args: &[&str], requests: &[Value]) -> Vec<Value> {
    let mut input = Vec::new();
    for r in requests {
        input.extend_from_slice(&serde_json::to_vec(r).unwrap());
        input.push(b'\n');
    }
    let mut full = vec!["serve"];
    full.extend_from_slice(args);
    let (status, out, err) = run(&full, &input);
    assert_eq!(status, 0, "serve failed: {err}");
    let lines: Vec<Value> = out
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).expect("each response line is JSON"))
        .collect();
    assert_eq!(lines.len(), requests.len(), "one response per request");
    lines
}

fn decode(v: &Value) -> String {
    let b = base64::engine::general_purpose::STANDARD
        .decode(v.as_str().expect("base64 field"))
        .unwrap();
    String::from_utf8(b).unwrap()
}

#[test]
fn a_blocked_sleep_is_cancelled_and_the_session_reused() {
    let r = serve(
        &[],
        &[
            json!({"id": 1, "op": "execute", "source": "cd /tmp; marker=set"}),
            json!({"id": 2, "op": "start_execute", "source": "sleep 60"}),
            json!({"id": 3, "op": "poll_action", "action_id": 1, "work_quanta": 100}),
            json!({"id": 4, "op": "cancel_action", "action_id": 1}),
            json!({"id": 5, "op": "execute", "source": "printf 'reused %s %s' \"$marker\" \"$PWD\""}),
            json!({"id": 6, "op": "inspect"}),
        ],
    );
    assert_eq!(r[2]["result"]["state"], "blocked");
    assert_eq!(r[2]["result"]["reason"]["kind"], "timer");
    assert_eq!(r[3]["result"]["state"], "complete");
    assert_eq!(r[3]["result"]["exit_status"], 137);
    assert_eq!(decode(&r[4]["result"]["stdout_base64"]), "reused set /tmp");
    assert_eq!(
        r[5]["result"]["clock"]["monotonic_ns"], 0,
        "a cancel moves no time"
    );
    assert!(r[5]["result"]["terminal"].is_null());
}

#[test]
fn an_endless_writer_streams_through_read_action_output() {
    let mut reqs = vec![json!({"op": "start_execute", "source": "yes"})];
    for _ in 0..5 {
        reqs.push(json!({"op": "poll_action", "action_id": 0, "work_quanta": 3}));
        reqs.push(json!({"op": "read_action_output", "action_id": 0}));
    }
    reqs.push(json!({"op": "cancel_action", "action_id": 0}));
    reqs.push(json!({"op": "read_action_output", "action_id": 0}));
    reqs.push(json!({"op": "execute", "source": "echo after"}));
    let r = serve(&[], &reqs);
    let mut total = 0;
    for i in 0..5 {
        assert_eq!(r[1 + 2 * i]["result"]["state"], "running");
        let chunk = decode(&r[2 + 2 * i]["result"]["stdout_base64"]);
        assert!(!chunk.is_empty() && chunk.bytes().all(|b| b == b'y' || b == b'\n'));
        assert_eq!(r[2 + 2 * i]["result"]["stdout_closed"], false);
        total += chunk.len();
    }
    assert!(total >= 10, "bytes arrived in steps: {total}");
    assert_eq!(r[11]["result"]["exit_status"], 137);
    assert_eq!(r[12]["result"]["stdout_closed"], true);
    assert_eq!(decode(&r[13]["result"]["stdout_base64"]), "after\n");
}

#[test]
fn forked_branches_diverge_and_do_not_see_each_other() {
    let r = serve(
        &[],
        &[
            json!({"op": "execute", "source": "echo base > shared; x=0"}),
            json!({"op": "fork_session", "source": 0}),
            json!({"session_id": 0, "op": "execute", "source": "echo left >> shared; x=left; touch only-left"}),
            json!({"session_id": 1, "op": "execute", "source": "echo right >> shared; x=right"}),
            json!({"session_id": 0, "op": "execute", "source": "cat shared; echo $x; ls"}),
            json!({"session_id": 1, "op": "execute", "source": "cat shared; echo $x; ls"}),
            json!({"session_id": 1, "op": "workspace_diff", "include_content": false}),
        ],
    );
    assert_eq!(r[1]["result"]["session_id"], 1);
    assert_eq!(
        decode(&r[4]["result"]["stdout_base64"]),
        "base\nleft\nleft\nonly-left\nshared\n"
    );
    assert_eq!(
        decode(&r[5]["result"]["stdout_base64"]),
        "base\nright\nright\nshared\n"
    );
    assert_eq!(r[6]["result"]["changes"].as_array().unwrap().len(), 1);
}

#[test]
fn every_op_answers_through_the_binary() {
    let r = serve(
        &[],
        &[
            json!({"id": "h", "op": "hello"}),
            json!({"op": "write_file", "path": "dir/a.txt", "data": "one\n"}),
            json!({"op": "read_file", "path": "dir/a.txt"}),
            json!({"op": "stat_path", "path": "dir/a.txt"}),
            json!({"op": "make_directory", "path": "empty"}),
            json!({"op": "create_symlink", "path": "link", "target": "dir/a.txt"}),
            json!({"op": "list_paths"}),
            json!({"op": "checkpoint"}),
            json!({"op": "start_execute", "source": "read l; echo got $l >&2", "stdin_closed": false}),
            json!({"op": "write_stdin", "action_id": 0, "data_base64": "aGkK"}),
            json!({"op": "close_stdin", "action_id": 0}),
            json!({"op": "poll_action", "action_id": 0}),
            json!({"op": "read_action_output", "action_id": 0}),
            json!({"op": "drop_action", "action_id": 0}),
            json!({"op": "remove_path", "path": "empty"}),
            json!({"op": "workspace_diff"}),
            json!({"op": "reset_workspace"}),
            json!({"op": "start_execute", "source": "sleep 1 | sleep 2"}),
            json!({"op": "poll_action", "action_id": 1, "work_quanta": 10}),
            json!({"op": "signal_foreground", "signal": "SIGINT"}),
            json!({"op": "poll_action", "action_id": 1}),
            json!({"op": "execute", "source": "sleep 30 & echo $!"}),
            json!({"op": "inspect"}),
            json!({"op": "signal_process", "pid": 1, "signal": 15}),
            json!({"op": "fork_session"}),
            json!({"op": "drop_session", "target": 1}),
            json!({"op": "restore_checkpoint", "checkpoint_id": 0}),
            json!({"op": "drop_checkpoint", "checkpoint_id": 0}),
            json!({"op": "apply_patch", "patch": "*** Begin Patch\n*** Update File: dir/a.txt\n@@\n-one\n+uno\n*** End Patch\n"}),
        ],
    );
    for (i, resp) in r.iter().enumerate() {
        if i == 23 {
            continue; // signal_process to a pid that may not exist: checked below
        }
        assert_eq!(resp["ok"], true, "request {i}: {resp}");
        assert_eq!(resp["protocol_version"], 1);
    }
    assert_eq!(r[0]["id"], "h");
    assert_eq!(r[2]["result"]["data_base64"], "b25lCg==");
    assert_eq!(r[3]["result"]["node_type"], "file");
    assert_eq!(decode(&r[12]["result"]["stderr_base64"]), "got hi\n");
    let changes: Vec<&str> = r[15]["result"]["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["change"].as_str().unwrap())
        .collect();
    assert_eq!(changes, ["deleted"], "{}", r[15]);
    assert_eq!(r[19]["result"]["delivered"], 2);
    assert_eq!(r[20]["result"]["state"], "complete");
    let bg_pid = decode(&r[21]["result"]["stdout_base64"])
        .trim()
        .parse::<u64>()
        .unwrap();
    let procs = r[22]["result"]["processes"].as_array().unwrap();
    assert!(
        procs
            .iter()
            .any(|p| p["pid"] == bg_pid && p["background"] == true && p["state"] == "running"),
        "{procs:?}"
    );
    assert_eq!(r[22]["result"]["quiescent"], false);
    // The session is busy (the background sleep): the fork replays the execute that started
    // it and the signal sent since.
    assert_eq!(r[24]["result"]["replayed_operations"], 2);
    assert_eq!(r[28]["result"]["changed"][0]["path"], "/work/dir/a.txt");
}

#[test]
fn garbage_never_breaks_the_connection() {
    let mut input = Vec::new();
    let mut expected = 0;
    for i in 0..10_000 {
        let line: Vec<u8> = match i % 5 {
            0 => format!("garbage {i}").into_bytes(),
            1 => br#"{"op":"execute","source":"echo"#.to_vec(),
            2 => vec![b'x'; 5000],
            3 => vec![0xff, 0xfe, b'{', 0],
            _ => format!(r#"{{"id":{i},"op":"execute","sourc":"x"}}"#).into_bytes(),
        };
        input.extend_from_slice(&line);
        input.push(b'\n');
        expected += 1;
    }
    input.extend_from_slice(br#"{"id":"last","op":"execute","source":"echo alive"}"#);
    input.push(b'\n');
    let (status, out, err) = run(&["serve", "--max-request", "4k"], &input);
    assert_eq!(status, 0, "{err}");
    let lines: Vec<Value> = out
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    assert_eq!(lines.len(), expected + 1);
    assert!(lines[..expected].iter().all(|l| l["ok"] == false));
    assert_eq!(lines[2]["error"]["code"], "request_too_large");
    let last = lines.last().unwrap();
    assert_eq!(last["id"], "last");
    assert_eq!(decode(&last["result"]["stdout_base64"]), "alive\n");
}

#[test]
fn serve_imports_root() {
    let dir = std::env::temp_dir().join(format!("shellsim-serve-root-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(dir.join("src/main.txt"), "from host\n").unwrap();
    let r = serve(
        &["--root", dir.to_str().unwrap()],
        &[
            json!({"op": "execute", "source": "cat src/main.txt; echo changed > src/main.txt"}),
            json!({"op": "workspace_diff"}),
        ],
    );
    assert_eq!(decode(&r[0]["result"]["stdout_base64"]), "from host\n");
    assert_eq!(r[1]["result"]["changes"][0]["path"], "/work/src/main.txt");
    assert_eq!(
        std::fs::read_to_string(dir.join("src/main.txt")).unwrap(),
        "from host\n",
        "the host tree is never written"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

fn scenario_file(name: &str, lines: &[Value]) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("shellsim-{}-{name}.ndjson", std::process::id()));
    let mut text = String::new();
    for l in lines {
        text.push_str(&l.to_string());
        text.push('\n');
    }
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn replay_checks_expectations_and_exits_by_verdict() {
    let pass = scenario_file(
        "pass",
        &[
            json!({"scenario": {"version": 1, "strict": true, "final_expectation": {"active_action_count": 0, "workspace_change_count": 1, "exit_status": null}}}),
            json!({"request": {"op": "execute", "source": "echo hi > f; cat f"}, "expect": {"exit_status": 0, "stdout": "hi\n", "unsupported_commands": []}}),
            json!({"op": "workspace_diff"}),
        ],
    );
    let (status, out, err) = run(&["replay", pass.to_str().unwrap()], b"");
    assert_eq!(status, 0, "{err}");
    let records: Vec<Value> = out
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    let kinds: Vec<&str> = records
        .iter()
        .map(|r| r["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["scenario", "step", "step", "final"]);
    assert_eq!(records[3]["assertion"]["passed"], true);

    let fail = scenario_file(
        "fail",
        &[
            json!({"request": {"op": "execute", "source": "echo no"}, "expect": {"stdout": "yes\n"}}),
            json!({"request": {"op": "read_file", "path": "/etc/passwd"}, "expect": {"ok": false, "error_contains": "confined to /work"}}),
        ],
    );
    let (status, out, _) = run(&["replay", fail.to_str().unwrap()], b"");
    assert_eq!(status, 1);
    let first: Value = serde_json::from_slice(out.split(|&b| b == b'\n').next().unwrap()).unwrap();
    assert_eq!(first["assertion"]["passed"], false);
    assert!(first["assertion"]["failures"][0]
        .as_str()
        .unwrap()
        .contains("\"yes\\n\""));

    let strict = scenario_file(
        "strict",
        &[
            json!({"scenario": {"version": 1, "strict": true}}),
            json!({"op": "execute", "source": "gcc main.c"}),
        ],
    );
    assert_eq!(
        run(&["replay", strict.to_str().unwrap()], b"").0,
        1,
        "an unsupported command fails strict mode"
    );

    let ended = scenario_file(
        "ended",
        &[
            json!({"scenario": {"version": 1, "strict": true, "final_expectation": {"exit_status": null}}}),
            json!({"request": {"op": "read_file", "path": "/etc/passwd"}, "expect": {"error_code": "outside_workspace"}}),
            json!({"op": "execute", "source": "exit 4"}),
        ],
    );
    let (status, out, _) = run(&["replay", ended.to_str().unwrap()], b"");
    assert_eq!(status, 1, "null means the session must still be live");
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("exit_status: expected a live session, got exit status 4"),
        "{text}"
    );
    assert!(
        text.lines().nth(1).unwrap().contains("\"passed\":true"),
        "an expected error passes strict mode: {text}"
    );
    std::fs::remove_file(ended).unwrap();

    for (name, lines) in [
        (
            "both",
            vec![
                json!({"request": {"op": "execute", "source": "true"}, "expect": {"stdout": "", "stdout_base64": ""}}),
            ],
        ),
        ("v2", vec![json!({"scenario": {"version": 2}})]),
        (
            "typo",
            vec![
                json!({"request": {"op": "execute", "source": "true"}, "expect": {"exit_code": 0}}),
            ],
        ),
        (
            "meta-late",
            vec![json!({"op": "hello"}), json!({"scenario": {"version": 1}})],
        ),
    ] {
        let p = scenario_file(name, &lines);
        let (status, out, err) = run(&["replay", p.to_str().unwrap()], b"");
        assert_eq!(status, 2, "{name}: {err}");
        assert!(out.is_empty(), "a malformed scenario runs nothing");
        std::fs::remove_file(p).unwrap();
    }
    for p in [pass, fail, strict] {
        std::fs::remove_file(p).unwrap();
    }
}

#[test]
fn replay_transcript_is_published_once_and_never_replaced() {
    let sc = scenario_file("tr", &[json!({"op": "execute", "source": "echo x"})]);
    let dir = std::env::temp_dir().join(format!("shellsim-tr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let dest = dir.join("transcript.ndjson");
    let args = [
        "replay",
        sc.to_str().unwrap(),
        "--transcript",
        dest.to_str().unwrap(),
    ];
    let (status, out, err) = run(&args, b"");
    assert_eq!((status, out.len()), (0, 0), "{err}");
    let text = std::fs::read_to_string(&dest).unwrap();
    assert!(text.contains("\"kind\":\"step\""), "{text}");
    let (status, _, err) = run(&args, b"");
    assert_eq!(status, 2);
    assert!(err.contains("refusing to replace"), "{err}");
    assert_eq!(std::fs::read_to_string(&dest).unwrap(), text, "untouched");
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "no temporary file is left: {names:?}");
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_file(sc).unwrap();
}

#[test]
fn the_console_keeps_state_and_collects_here_documents() {
    let script = b"x=41\ncat <<EOF\nvalue $((x+1))\nEOF\nif true; then\n  echo 'multi\nline'\nfi\nexit 4\necho never\n";
    let (status, out, err) = run(&["shell"], script);
    assert_eq!(status, 4, "{err}");
    assert_eq!(String::from_utf8(out).unwrap(), "value 42\nmulti\nline\n");
    assert_eq!(err, "", "no prompt without a terminal");

    let (status, _, err) = run(
        &["--cpu", "20k", "shell"],
        b"echo start\nwhile :; do :; done\necho never\n",
    );
    assert_eq!(status, 137);
    assert!(err.ends_with("shellsim: CPU limit exhausted\n"), "{err}");

    let (status, out, _) = run(&["shell"], b"false\n");
    assert_eq!(
        (status, out.len()),
        (1, 0),
        "EOF exits with the last status"
    );
}
