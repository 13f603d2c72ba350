//! Integration tests against the built `shellsim` binary.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use std::process::Command;

fn shellsim(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shellsim"))
        .args(args)
        .output()
        .expect("run shellsim");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn echo_hi() {
    assert_eq!(
        shellsim(&["-c", "echo hi"]),
        (0, "hi\n".into(), String::new())
    );
}

#[test]
fn positional_arguments_and_status() {
    let (st, out, _) = shellsim(&["-c", "echo \"$1-$2\"; exit 3", "a", "b c"]);
    assert_eq!((st, out.as_str()), (3, "a-b c\n"));
}

#[test]
fn syntax_error_runs_nothing() {
    let (st, out, err) = shellsim(&["-c", "echo first\nif then"]);
    assert_eq!(st, 2);
    assert_eq!(out, "");
    assert!(err.starts_with("shellsim: syntax error: line 2:"), "{err}");
}

#[test]
fn cpu_limit_stops_an_endless_loop_exactly_at_the_limit() {
    let (st, out, _) = shellsim(&["eval", "--cpu", "50k", "-c", "while :; do :; done"]);
    assert_eq!(st, 137);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["stop_reason"], "cpu_exhausted");
    assert_eq!(v["usage"]["cpu_used"], 50 * 1024);
}

#[test]
fn memory_limit_stops_string_doubling_and_huge_brace_expansion() {
    for script in ["x=a; while :; do x=$x$x; done", "echo {1..99999999}"] {
        let (st, out, _) = shellsim(&["eval", "--memory", "1m", "-c", script]);
        assert_eq!(st, 137, "{script}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["stop_reason"], "memory_exhausted", "{script}");
    }
}

#[test]
fn deep_recursion_stops_with_a_typed_reason() {
    let (st, out, _) = shellsim(&["eval", "-c", "f() { f; }; f"]);
    assert_eq!(st, 137);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["stop_reason"], "depth_exceeded");
}

#[test]
fn output_is_cut_at_the_cap() {
    let (st, out, _) = shellsim(&["--output", "5", "-c", "echo 1234567890"]);
    assert_eq!(st, 137);
    assert_eq!(out, "12345");
}

#[test]
fn a_write_past_the_disk_quota_leaves_no_file() {
    let (st, out, err) = shellsim(&[
        "--disk",
        "200",
        "-c",
        "printf 123 > /tmp/result; echo $?; test -e /tmp/result || echo gone",
    ]);
    assert_eq!(st, 0, "{err}");
    assert_eq!(out, "1\ngone\n");
    assert!(err.contains("No space left on device"), "{err}");
}

#[test]
fn eval_report_is_deterministic() {
    let script = "x=0; for i in $(seq 1 3 2>/dev/null) a b c; do x=$((x+1)); done; echo $x $RANDOM; f() { echo $1; }; f z | cat 2>/dev/null";
    let a = shellsim(&["eval", "-c", script]);
    let b = shellsim(&["eval", "-c", script]);
    assert_eq!(a, b);
    assert!(a.1.contains("\"report_version\""));
}

#[test]
fn pipelines_subshells_and_substitution() {
    let (st, out, _) = shellsim(&["-c", "x=$(echo a; echo b); echo \"$x\" | while read l; do echo \"<$l>\"; done; (exit 4); echo $?"]);
    assert_eq!((st, out.as_str()), (0, "<a>\n<b>\n4\n"));
}

#[test]
fn usage_errors_exit_2() {
    let (st, _, err) = shellsim(&["--bogus"]);
    assert_eq!(st, 2);
    assert!(err.contains("unknown option"));
}
