//! Differential test for how a script with a syntax error is read: each case in
//! `tests/syntax_errors/cases.jsonl` was recorded from real bash 5.2 (`bash -c SCRIPT`, see
//! `tests/syntax_errors/record.py`) and runs through the built binary with `shellsim -c`.
//! The lines before the error run, the error reads as bash's, and the status matches.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use serde_json::Value;
use std::process::Command;

#[test]
fn scripts_with_syntax_errors_read_like_bash() {
    let mut failures = Vec::new();
    let cases = include_str!("syntax_errors/cases.jsonl");
    let mut total = 0;
    for line in cases.lines().filter(|l| !l.trim().is_empty()) {
        total += 1;
        let case: Value = serde_json::from_str(line).expect("case json");
        let script = case["script"].as_str().unwrap_or_default();
        let out = Command::new(env!("CARGO_BIN_EXE_shellsim"))
            .args(["--cpu", "200m", "-c", script])
            .output()
            .expect("run shellsim");
        let want = (
            case["stdout"].as_str().unwrap_or_default().to_string(),
            case["stderr"].as_str().unwrap_or_default().to_string(),
            case["status"].as_i64().unwrap_or(0) as i32,
        );
        let got = (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
            out.status.code().unwrap_or(-1),
        );
        if got != want {
            failures.push(format!(
                "script {script:?}\n  want {want:?}\n  got  {got:?}"
            ));
        }
    }
    println!("syntax errors: {}/{total} pass", total - failures.len());
    for f in &failures {
        println!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} cases differ", failures.len());
}
