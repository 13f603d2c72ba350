//! `patch` against GNU patch 2.7.6: every case in `tests/patch/cases.jsonl` (recorded from the
//! real tool by `tests/patch/record.py`) runs through the built binary (`shellsim -c`), and its
//! standard output, standard error, exit status and the files it leaves must be GNU's, byte for
//! byte.
//!
//! One documented difference is allowed: when the patch is malformed (GNU exits 2) or a file to
//! patch is missing, shellsim changes nothing at all, where GNU has already patched the files
//! before the problem. For those cases the expected files are the ones before the run, and
//! when GNU did change something shellsim's stderr carries one more line saying so.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use serde_json::Value;
use std::collections::BTreeMap;
use std::process::Command;

const CASES: &str = include_str!("patch/cases.jsonl");
const NOTE: &str = "patch: nothing was changed: this simulator applies a patch all or nothing when a file is missing or the patch is malformed\n";

/// A shell word that `printf` prints back as `data`: every byte outside a safe set as an octal
/// escape, the whole in single quotes.
fn printf_arg(data: &[u8]) -> String {
    let mut s = String::from("'");
    for &b in data {
        if b.is_ascii_alphanumeric() || b" ,.:_+-=/{}*".contains(&b) {
            s.push(b as char);
        } else {
            s.push_str(&format!("\\{b:03o}"));
        }
    }
    s.push('\'');
    s
}

fn quote(word: &str) -> String {
    format!("'{}'", word.replace('\'', "'\\''"))
}

fn files_of(v: &Value) -> BTreeMap<String, Vec<u8>> {
    v.as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().unwrap().as_bytes().to_vec()))
        .collect()
}

struct Outcome {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    status: i64,
    files: BTreeMap<String, Vec<u8>>,
}

fn run_case(case: &Value) -> Outcome {
    let mut script = String::from("mkdir -p /work/t && cd /work/t || exit 99\n");
    for (name, data) in files_of(&case["files"]) {
        if let Some(dir) = name.rfind('/').map(|i| &name[..i]) {
            script.push_str(&format!("mkdir -p {}\n", quote(dir)));
        }
        script.push_str(&format!(
            "printf -- {} > {}\n",
            printf_arg(&data),
            quote(&name)
        ));
    }
    let argv: Vec<String> = case["argv"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| quote(a.as_str().unwrap()))
        .collect();
    let stdin = match case["stdin"].as_str() {
        Some(f) => format!(" < {}", quote(f)),
        None => " < /dev/null".to_string(),
    };
    script.push_str(&format!(
        "{}{stdin} > /tmp/out 2> /tmp/err\necho \"STATUS $?\"\n",
        argv.join(" ")
    ));
    script.push_str(
        "for f in /tmp/out /tmp/err * */* */*/*; do\n  [ -f \"$f\" ] || continue\n  printf '=== %s %s\\n' \"$(wc -c < \"$f\")\" \"$f\"\n  cat \"$f\"\ndone\n",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_shellsim"))
        .args(["-c", &script])
        .output()
        .expect("shellsim runs");
    let text = out.stdout;
    let nl = text.iter().position(|&b| b == b'\n').expect("status line");
    let status_line = String::from_utf8_lossy(&text[..nl]).into_owned();
    let status: i64 = status_line
        .strip_prefix("STATUS ")
        .unwrap_or_else(|| panic!("no status: {}", String::from_utf8_lossy(&text)))
        .parse()
        .unwrap();
    let mut rest = &text[nl + 1..];
    let mut files = BTreeMap::new();
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    while !rest.is_empty() {
        let nl = rest.iter().position(|&b| b == b'\n').unwrap();
        let header = String::from_utf8_lossy(&rest[..nl]).into_owned();
        let header = header.strip_prefix("=== ").expect("file header");
        let (size, name) = header.split_once(' ').unwrap();
        let size: usize = size.trim().parse().unwrap();
        let data = rest[nl + 1..nl + 1 + size].to_vec();
        rest = &rest[nl + 1 + size..];
        match name {
            "/tmp/out" => stdout = data,
            "/tmp/err" => stderr = data,
            _ => {
                files.insert(name.to_string(), data);
            }
        }
    }
    Outcome {
        stdout,
        stderr,
        status,
        files,
    }
}

fn show(b: &[u8]) -> String {
    format!("{:?}", String::from_utf8_lossy(b))
}

#[test]
fn matches_recorded_gnu_patch() {
    let mut failures = Vec::new();
    let mut total = 0;
    for line in CASES.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        total += 1;
        let name = case["name"].as_str().unwrap();
        let before = files_of(&case["files"]);
        let gnu_after = files_of(&case["after"]);
        let gnu_out = case["stdout"].as_str().unwrap().as_bytes().to_vec();
        let mut want_err = case["stderr"].as_str().unwrap().as_bytes().to_vec();
        let status = case["status"].as_i64().unwrap();
        let atomic = status == 2
            || String::from_utf8_lossy(&gnu_out).contains("The text leading up to this was:");
        let want_files = if atomic && gnu_after != before {
            want_err.extend_from_slice(NOTE.as_bytes());
            before.clone()
        } else {
            gnu_after
        };
        let got = run_case(&case);
        let mut diffs = Vec::new();
        if got.status != status {
            diffs.push(format!("status {} (GNU {status})", got.status));
        }
        if got.stdout != gnu_out {
            diffs.push(format!(
                "stdout\n  got {}\n  gnu {}",
                show(&got.stdout),
                show(&gnu_out)
            ));
        }
        if got.stderr != want_err {
            diffs.push(format!(
                "stderr\n  got {}\n  gnu {}",
                show(&got.stderr),
                show(&want_err)
            ));
        }
        if got.files != want_files {
            for k in got.files.keys().chain(want_files.keys()) {
                let (g, w) = (got.files.get(k), want_files.get(k));
                if g != w {
                    diffs.push(format!(
                        "file {k}\n  got {}\n  gnu {}",
                        g.map_or("(none)".into(), |d| show(d)),
                        w.map_or("(none)".into(), |d| show(d))
                    ));
                }
            }
            diffs.dedup();
        }
        if !diffs.is_empty() {
            failures.push(format!(
                "== {name} {:?}\n{}",
                case["argv"].as_array().unwrap(),
                diffs.join("\n")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {total} cases differ from GNU patch:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
