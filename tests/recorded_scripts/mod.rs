//! The runner shared by the differential suites whose cases are shell scripts recorded
//! under real bash with GNU tools in a directory seeded with the case's files
//! (`tests/smallcmds`, `tests/textcmds` with LC_ALL=C; `tests/locale` in the machine's
//! default LANG=C.UTF-8): each runs through the built binary with `shellsim -c` in
//! `/work/t`, and standard output, standard error and the exit status must match.

use serde_json::Value;
use std::process::Command;

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

/// The locale a suite's cases were recorded in.
#[derive(Clone, Copy)]
#[allow(dead_code)] // each test binary uses one of them
pub enum Locale {
    /// `export LC_ALL=C` before the case (most suites).
    C,
    /// The simulated machine's default environment (LANG=C.UTF-8, no LC_ALL).
    Default,
}

fn script_for(case: &Value, locale: Locale) -> String {
    let mut s = String::new();
    if let Locale::C = locale {
        s.push_str("export LC_ALL=C\n");
    }
    s.push_str("mkdir -p /work/t && cd /work/t || exit 99\n");
    for (name, text) in case["files"].as_object().into_iter().flatten() {
        let text = text.as_str().unwrap_or_default().as_bytes();
        s.push_str(&format!(
            "printf -- {} > {}\n",
            printf_arg(text),
            quote(name)
        ));
    }
    let stdin = case["stdin"].as_str().unwrap_or_default().as_bytes();
    s.push_str(&format!(
        "printf -- {} > /tmp/case-stdin\n",
        printf_arg(stdin)
    ));
    s.push_str(&format!(
        "{{\n{}\n}} < /tmp/case-stdin\n",
        case["script"].as_str().unwrap_or_default()
    ));
    s
}

/// Runs every case in `text` (JSON Lines), recorded with LC_ALL=C, through the built binary
/// and fails with the differences; `what` names the suite in the pass count it prints.
#[allow(dead_code)] // not every test binary uses it
pub fn check(what: &str, text: &str) {
    check_in(what, text, Locale::C);
}

/// [`check`] for cases recorded in `locale`.
pub fn check_in(what: &str, text: &str, locale: Locale) {
    let mut failures = Vec::new();
    let mut total = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        total += 1;
        let case: Value = serde_json::from_str(line).expect("case json");
        let out = Command::new(env!("CARGO_BIN_EXE_shellsim"))
            .args(["--cpu", "200m", "-c", &script_for(&case, locale)])
            .output()
            .expect("run shellsim");
        let want = (
            case["stdout"].as_str().unwrap_or_default(),
            case["stderr"].as_str().unwrap_or_default(),
            case["status"].as_i64().unwrap_or(0) as i32,
        );
        let got_out = String::from_utf8_lossy(&out.stdout);
        let got_err = String::from_utf8_lossy(&out.stderr);
        let got = (&*got_out, &*got_err, out.status.code().unwrap_or(-1));
        if got != want {
            failures.push(format!(
                "script {}\n  want {want:?}\n  got  {got:?}",
                case["script"]
            ));
        }
    }
    println!(
        "{what} differential: {}/{total} pass",
        total - failures.len()
    );
    for f in &failures {
        println!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} cases differ", failures.len());
}
