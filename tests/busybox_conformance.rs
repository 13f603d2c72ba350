//! The BusyBox applet testsuite (`../shared/conformance/busybox/cases.jsonl`, when present) run
//! against the simulated commands. Only the cases real GNU tools pass (`gnu_agrees`) count:
//! shellsim is measured against GNU, not against BusyBox's own formats.
//!
//! Each case gets a fresh machine with the working directory `/work/t`, the case's setup files
//! and its `input` file, and a shell function `busybox` that runs the named applet. A `testing`
//! case passes when its standard output equals `expected` byte for byte (upstream's rule; exit
//! status and stderr are not compared); an old-style script passes when `set -e` lets it reach
//! its end with status 0. The pass count may not drop below `tests/busybox-ratchet.txt`.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use base64::Engine;
use serde_json::Value;
use shellsim::{Environment, Limits};
use std::collections::BTreeMap;
use std::path::Path;

const CORPUS: &str = "../shared/conformance/busybox/cases.jsonl";
const CWD: &[u8] = b"/work/t";

fn bytes_of(case: &Value, key: &str) -> Vec<u8> {
    if let Some(s) = case[key].as_str() {
        return s.as_bytes().to_vec();
    }
    case[format!("{key}_b64")]
        .as_str()
        .and_then(|b| base64::engine::general_purpose::STANDARD.decode(b).ok())
        .unwrap_or_default()
}

fn setup(env: &mut Environment, case: &Value) -> Result<(), String> {
    env.mkdir_all(CWD).map_err(|e| e.to_string())?;
    env.set_cwd(CWD).map_err(|e| e.to_string())?;
    for f in case["setup_files"].as_array().into_iter().flatten() {
        let rel = f["path"].as_str().unwrap_or_default();
        let path = [CWD, b"/", rel.as_bytes()].concat();
        match f["type"].as_str() {
            Some("dir") => env.mkdir_all(&path).map_err(|e| e.to_string())?,
            Some("file") => {
                env.write_file(&path, &bytes_of(f, "content"))
                    .map_err(|e| e.to_string())?;
                if let Some(mode) = f["mode"].as_u64() {
                    env.chmod(&path, mode as u32 & 0o7777)
                        .map_err(|e| e.to_string())?;
                }
            }
            Some("symlink") => {
                let target = f["target"].as_str().unwrap_or_default();
                let script = format!(
                    "ln -s '{}' '{}'",
                    target.replace('\'', "'\\''"),
                    rel.replace('\'', "'\\''")
                );
                env.run(script.as_bytes(), b"");
            }
            other => return Err(format!("unknown setup type {other:?}")),
        }
    }
    if case["format"] == "testing" {
        env.write_file(&[CWD, b"/input"].concat(), &bytes_of(case, "infile"))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Whether the simulated run passes the case.
fn passes(case: &Value) -> bool {
    let mut env = Environment::new(Limits {
        cpu: 20_000_000,
        ..Limits::default()
    });
    if setup(&mut env, case).is_err() {
        return false;
    }
    // `@TESTDIR@` stands for the case's working directory, in the command and the expectation.
    let placeholders: Vec<String> = case["placeholders"]
        .as_object()
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default();
    let fill = |text: &[u8]| -> Vec<u8> {
        match std::str::from_utf8(text) {
            Ok(t) if !placeholders.is_empty() => {
                let mut t = t.to_string();
                for k in &placeholders {
                    t = t.replace(k.as_str(), "/work/t");
                }
                t.into_bytes()
            }
            _ => text.to_vec(),
        }
    };
    let command = String::from_utf8(fill(
        case["command"].as_str().unwrap_or_default().as_bytes(),
    ))
    .unwrap_or_default();
    // The upstream harness's environment: `busybox APPLET` runs the applet, `$ECHO` is echo,
    // `$bb` prefixes an applet.
    let prelude = "busybox() { \"$@\"; }\nECHO=echo\nbb='busybox '\n";
    if case["format"] == "testing" {
        // Upstream redirects the command's output to a file named `actual` and compares that
        // file (so a command that writes `actual` itself is judged by what it wrote).
        let script = format!("{prelude}{{ {command}\n}} > actual\n");
        let stdin = bytes_of(case, "stdin");
        env.run_script(script.as_bytes(), &stdin);
        let actual = env
            .read_file(&[CWD, b"/actual"].concat())
            .unwrap_or_default();
        actual == fill(&bytes_of(case, "expected"))
    } else {
        // Upstream: `sh -x -e SCRIPT`; pass = exit status 0.
        let script = format!("{prelude}set -e\n{command}\n");
        let r = env.run_script(script.as_bytes(), b"");
        r.status == 0 && r.stop_reason.is_none()
    }
}

#[test]
fn busybox_applet_corpus() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(CORPUS);
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!(
            "note: {} is not present on this machine; skipping the BusyBox corpus",
            path.display()
        );
        return;
    };
    let ratchet: usize = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/busybox-ratchet.txt"),
    )
    .unwrap()
    .trim()
    .parse()
    .unwrap();
    let mut per_file: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let (mut pass, mut total) = (0, 0);
    let mut failing = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        if case["gnu_agrees"] != true || case["skip_reason"].is_string() {
            continue;
        }
        total += 1;
        let ok = passes(&case);
        // Old-style scripts are one file each: group them by applet directory.
        let source = case["source_file"]
            .as_str()
            .unwrap_or("?")
            .trim_start_matches("testsuite/");
        let file = if case["format"] == "testing" {
            source.to_string()
        } else {
            format!("{}/ (old-style)", source.split('/').next().unwrap_or("?"))
        };
        let e = per_file.entry(file).or_insert((0, 0));
        e.1 += 1;
        if ok {
            pass += 1;
            e.0 += 1;
        } else {
            failing.push(format!(
                "{} #{}: {}",
                case["source_file"].as_str().unwrap_or("?"),
                case["index"],
                case["name"].as_str().unwrap_or("")
            ));
        }
    }
    println!("file                     pass/total");
    for (f, (p, t)) in &per_file {
        println!("{f:<24} {p:>4}/{t:<4}");
    }
    println!(
        "BusyBox corpus: {pass}/{total} pass ({:.1}% of the cases GNU passes)",
        100.0 * pass as f64 / total.max(1) as f64
    );
    if std::env::var("SHELLSIM_BUSYBOX_VERBOSE").is_ok() {
        for f in &failing {
            println!("  FAIL {f}");
        }
    }
    assert!(
        pass >= ratchet,
        "BusyBox corpus: {pass} pass, below the ratchet of {ratchet}"
    );
}
