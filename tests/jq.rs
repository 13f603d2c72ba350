//! Differential test for `awk`: each case in `tests/jq/cases.jsonl` (recorded by
//! `tests/awk/record.py` from a real awk, only where mawk and GNU awk agree) runs through the
//! built binary with `shellsim -c`; standard output and the exit status must match.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use serde_json::Value;
use std::process::Command;

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

#[test]
fn jq_matches_recorded_cases() {
    let text = include_str!("jq/cases.jsonl");
    let mut failures = Vec::new();
    let mut known = Vec::new();
    let mut total = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        total += 1;
        let case: Value = serde_json::from_str(line).expect("case json");
        let mut script = String::from("cd /work\n");
        for (name, content) in case["files"].as_object().into_iter().flatten() {
            script.push_str(&format!(
                "printf '%s' {} > {}\n",
                quote(content.as_str().unwrap_or_default()),
                quote(name)
            ));
        }
        script.push_str(&format!(
            "printf '%s' {} > /tmp/jq-stdin\n",
            quote(case["stdin"].as_str().unwrap_or_default())
        ));
        script.push_str("jq");
        for a in case["args"].as_array().into_iter().flatten() {
            script.push(' ');
            script.push_str(&quote(a.as_str().unwrap_or_default()));
        }
        script.push_str(" < /tmp/jq-stdin\n");
        let out = Command::new(env!("CARGO_BIN_EXE_shellsim"))
            .args(["-c", &script])
            .output()
            .expect("run shellsim");
        let want_out = case["stdout"].as_str().unwrap_or_default();
        let want_status = case["status"].as_i64().unwrap_or(0) as i32;
        let got_out = String::from_utf8_lossy(&out.stdout);
        let got_status = out.status.code().unwrap_or(-1);
        if let Some(why) = case["known"].as_str() {
            let same = got_out == want_out && got_status == want_status;
            known.push(format!(
                "{} ({why}){}",
                case["args"],
                if same { " now matches" } else { "" }
            ));
            continue;
        }
        if got_out != want_out || got_status != want_status {
            failures.push(format!(
                "args {}\n  want ({want_status}) {want_out:?}\n  got  ({got_status}) {got_out:?}\n  stderr {:?}",
                case["args"],
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    println!(
        "jq differential: {}/{total} pass ({} known differences)",
        total - failures.len() - known.len(),
        known.len()
    );
    for k in &known {
        println!("KNOWN {k}");
    }
    for f in &failures {
        println!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} jq cases differ", failures.len());
}
