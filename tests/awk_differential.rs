//! Differential test for `awk`: each case in `tests/awk/cases.jsonl` (recorded by
//! `tests/awk/record.py` from a real awk, only where mawk and GNU awk agree) runs through the
//! built binary with `shellsim -c`; standard output and the exit status must match.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use serde_json::Value;
use std::process::Command;

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

#[test]
fn awk_matches_recorded_cases() {
    run_cases(include_str!("awk/cases.jsonl"));
}

/// `tests/awk/locale.jsonl` (recorded by `tests/awk/record_locale.py`): the same programs
/// under `LC_ALL=C` (bytes) and `LC_ALL=C.UTF-8` (characters); outputs are compared as bytes.
/// A case's input is `stdin`, or `stdin_hex` when it is not UTF-8.
#[test]
fn awk_matches_recorded_locale_cases() {
    run_cases(include_str!("awk/locale.jsonl"));
}

fn decode_hex(h: &str) -> Vec<u8> {
    (0..h.len() / 2)
        .map(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).expect("hex"))
        .collect()
}

fn run_cases(text: &str) {
    let mut failures = Vec::new();
    let mut total = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        total += 1;
        let case: Value = serde_json::from_str(line).expect("case json");
        let mut script = String::from("cd /work\n");
        for (name, value) in case["env"].as_object().into_iter().flatten() {
            script.push_str(&format!(
                "export {name}={}\n",
                quote(value.as_str().unwrap_or_default())
            ));
        }
        for (name, content) in case["files"].as_object().into_iter().flatten() {
            script.push_str(&format!(
                "printf '%s' {} > {}\n",
                quote(content.as_str().unwrap_or_default()),
                quote(name)
            ));
        }
        match case["stdin_hex"].as_str() {
            // Input that is not UTF-8 (JSON strings cannot hold it): one octal escape a byte.
            Some(h) => {
                let esc: String = decode_hex(h).iter().map(|b| format!("\\{b:03o}")).collect();
                script.push_str(&format!("printf '{esc}' > /tmp/awk-stdin\n"));
            }
            None => script.push_str(&format!(
                "printf '%s' {} > /tmp/awk-stdin\n",
                quote(case["stdin"].as_str().unwrap_or_default())
            )),
        }
        script.push_str("awk");
        for a in case["args"].as_array().into_iter().flatten() {
            script.push(' ');
            script.push_str(&quote(a.as_str().unwrap_or_default()));
        }
        script.push_str(" < /tmp/awk-stdin\n");
        let out = Command::new(env!("CARGO_BIN_EXE_shellsim"))
            .args(["-c", &script])
            .output()
            .expect("run shellsim");
        let want_out = match case["stdout_hex"].as_str() {
            Some(h) => String::from_utf8_lossy(&decode_hex(h)).into_owned(),
            None => case["stdout"].as_str().unwrap_or_default().to_string(),
        };
        let want_bytes = case["stdout_hex"].as_str().map(decode_hex);
        let want_status = case["status"].as_i64().unwrap_or(0) as i32;
        let got_out = String::from_utf8_lossy(&out.stdout);
        let bytes_differ = want_bytes.is_some_and(|b| b != out.stdout);
        let got_status = out.status.code().unwrap_or(-1);
        if got_out != want_out || bytes_differ || got_status != want_status {
            failures.push(format!(
                "args {}\n  want ({want_status}) {want_out:?}\n  got  ({got_status}) {got_out:?}\n  stderr {:?}",
                case["args"],
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    println!("awk differential: {}/{total} pass", total - failures.len());
    for f in &failures {
        println!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} awk cases differ", failures.len());
}
