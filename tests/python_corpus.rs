//! The Python differential corpus: every case in `tests/data/python/<area>.jsonl` is a
//! small program recorded under real CPython 3.14 (Pyodide; a few under the host's CPython
//! 3.11, marked `"oracle"`) by `tests/data/python/record.mjs`, run as `python3 ARGV...` in
//! `/work/case` with the case's files and standard input. Here each case runs through the
//! built binary with `shellsim -c`, and its standard output, standard error and exit status
//! must match the recording byte for byte.
//!
//! The interpreter is young, so the suite is a ratchet: `tests/data/python/ratchet.txt`
//! holds `area passes` per area and the test fails when an area passes fewer cases than
//! that. `UPDATE_RATCHET=1` rewrites the ratchet (and `passing.txt`, the names that pass,
//! used to report which cases newly pass or no longer pass). `PYTHON_CORPUS_VERBOSE=1`
//! prints where each failing case first differs.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use base64::Engine;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

const THREADS: usize = 2;
const CPU: &str = "1g";

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/python")
}

/// A `printf` format argument that reproduces `data` exactly (octal escapes for all but a
/// few safe characters).
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

/// One recorded case, validated.
struct Case {
    area: String,
    name: String,
    argv: Vec<String>,
    files: Vec<(String, String)>,
    stdin: String,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    status: i32,
}

fn bytes_field(v: &Value, key: &str) -> Result<Vec<u8>, String> {
    if let Some(s) = v.get(key) {
        return s
            .as_str()
            .map(|s| s.as_bytes().to_vec())
            .ok_or_else(|| format!("field {key} is not a string"));
    }
    let b64 = format!("{key}_b64");
    match v.get(&b64) {
        Some(s) => base64::engine::general_purpose::STANDARD
            .decode(
                s.as_str()
                    .ok_or_else(|| format!("field {b64} is not a string"))?,
            )
            .map_err(|e| format!("field {b64}: {e}")),
        None => Err(format!("missing field {key}")),
    }
}

fn parse_case(area: &str, line: &str) -> Result<Case, String> {
    let v: Value = serde_json::from_str(line).map_err(|e| format!("bad JSON: {e}"))?;
    let name = v
        .get("name")
        .and_then(Value::as_str)
        .ok_or("missing field name")?
        .to_string();
    let with_name = |e: String| format!("case {name}: {e}");
    let argv = v
        .get("argv")
        .and_then(Value::as_array)
        .ok_or_else(|| with_name("missing field argv".into()))?
        .iter()
        .map(|a| a.as_str().map(str::to_string))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| with_name("argv holds a non-string".into()))?;
    let files = v
        .get("files")
        .and_then(Value::as_object)
        .ok_or_else(|| with_name("missing field files".into()))?
        .iter()
        .map(|(k, t)| t.as_str().map(|t| (k.clone(), t.to_string())))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| with_name("files holds a non-string".into()))?;
    let stdin = v
        .get("stdin")
        .and_then(Value::as_str)
        .ok_or_else(|| with_name("missing field stdin".into()))?
        .to_string();
    let stdout = bytes_field(&v, "stdout").map_err(with_name)?;
    let stderr = bytes_field(&v, "stderr").map_err(with_name)?;
    let status = v
        .get("status")
        .and_then(Value::as_i64)
        .ok_or_else(|| with_name("missing field status".into()))? as i32;
    Ok(Case {
        area: area.to_string(),
        name,
        argv,
        files,
        stdin,
        stdout,
        stderr,
        status,
    })
}

fn script_for(case: &Case) -> String {
    let mut s = String::from("mkdir -p /work/case && cd /work/case || exit 99\n");
    for (name, text) in &case.files {
        if let Some((dir, _)) = name.rsplit_once('/') {
            s.push_str(&format!("mkdir -p {}\n", quote(dir)));
        }
        s.push_str(&format!(
            "printf -- {} > {}\n",
            printf_arg(text.as_bytes()),
            quote(name)
        ));
    }
    s.push_str(&format!(
        "printf -- {} > /tmp/case-stdin\n",
        printf_arg(case.stdin.as_bytes())
    ));
    s.push_str("python3");
    for a in &case.argv {
        s.push(' ');
        s.push_str(&quote(a));
    }
    s.push_str(" < /tmp/case-stdin\n");
    s
}

struct Outcome {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    status: i32,
}

fn run(case: &Case) -> Outcome {
    let out = Command::new(env!("CARGO_BIN_EXE_shellsim"))
        .args(["--cpu", CPU, "-c", &script_for(case)])
        .output()
        .expect("run shellsim");
    Outcome {
        stdout: out.stdout,
        stderr: out.stderr,
        status: out.status.code().unwrap_or(-1),
    }
}

fn passes(case: &Case, got: &Outcome) -> bool {
    got.stdout == case.stdout && got.stderr == case.stderr && got.status == case.status
}

/// The first line where `want` and `got` differ, for the verbose report.
fn first_difference(what: &str, want: &[u8], got: &[u8]) -> Option<String> {
    if want == got {
        return None;
    }
    let w: Vec<&[u8]> = want.split_inclusive(|&b| b == b'\n').collect();
    let g: Vec<&[u8]> = got.split_inclusive(|&b| b == b'\n').collect();
    let i = (0..w.len().max(g.len()))
        .find(|&i| w.get(i) != g.get(i))
        .unwrap_or(0);
    let show = |l: Option<&&[u8]>| match l {
        Some(l) => format!("{:?}", String::from_utf8_lossy(l)),
        None => "(end)".to_string(),
    };
    Some(format!(
        "    {what} line {}: want {}\n    {what} line {}: got  {}",
        i + 1,
        show(w.get(i)),
        i + 1,
        show(g.get(i))
    ))
}

fn read_ratchet(path: &Path) -> BTreeMap<String, usize> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut m = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut parts = line.split_whitespace();
        let (Some(area), Some(n), None) = (parts.next(), parts.next(), parts.next()) else {
            panic!("{}: bad line {line:?}", path.display());
        };
        let n = n
            .parse()
            .unwrap_or_else(|_| panic!("{}: bad count in {line:?}", path.display()));
        m.insert(area.to_string(), n);
    }
    m
}

fn load_cases() -> Vec<Case> {
    let dir = data_dir();
    let mut areas: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/data/python")
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".jsonl").map(str::to_string)
        })
        .collect();
    areas.sort();
    let mut cases = Vec::new();
    let mut errors = Vec::new();
    for area in &areas {
        let text = std::fs::read_to_string(dir.join(format!("{area}.jsonl"))).unwrap();
        let mut names = BTreeSet::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            match parse_case(area, line) {
                Ok(c) => {
                    if !names.insert(c.name.clone()) {
                        errors.push(format!("{area}.jsonl: duplicate case {}", c.name));
                    }
                    cases.push(c);
                }
                Err(e) => errors.push(format!("{area}.jsonl line {}: {e}", i + 1)),
            }
        }
    }
    assert!(
        errors.is_empty(),
        "malformed corpus:\n{}",
        errors.join("\n")
    );
    cases
}

#[test]
fn python_corpus() {
    let cases = load_cases();
    let verbose = std::env::var_os("PYTHON_CORPUS_VERBOSE").is_some_and(|v| v != "0");
    let update = std::env::var_os("UPDATE_RATCHET").is_some_and(|v| v != "0");

    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Outcome>>> = Mutex::new((0..cases.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..THREADS {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(case) = cases.get(i) else { break };
                let got = run(case);
                results.lock().unwrap()[i] = Some(got);
            });
        }
    });
    let results: Vec<Outcome> = results
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|r| r.expect("every case ran"))
        .collect();

    let ratchet_path = data_dir().join("ratchet.txt");
    let passing_path = data_dir().join("passing.txt");
    let ratchet = read_ratchet(&ratchet_path);
    let before: BTreeSet<String> = std::fs::read_to_string(&passing_path)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect();

    let mut counts: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut now = BTreeSet::new();
    for (case, got) in cases.iter().zip(&results) {
        let entry = counts.entry(&case.area).or_default();
        entry.1 += 1;
        let id = format!("{}/{}", case.area, case.name);
        if passes(case, got) {
            entry.0 += 1;
            if !before.contains(&id) {
                println!("newly passing: {id}");
            }
            now.insert(id);
        } else {
            if before.contains(&id) {
                println!("no longer passing: {id}");
            }
            if verbose {
                println!("FAIL {id}");
                for d in [
                    first_difference("stdout", &case.stdout, &got.stdout),
                    first_difference("stderr", &case.stderr, &got.stderr),
                ]
                .into_iter()
                .flatten()
                {
                    println!("{d}");
                }
                if got.status != case.status {
                    println!("    status: want {}, got {}", case.status, got.status);
                }
            }
        }
    }

    let (mut pass, mut total) = (0, 0);
    let mut below = Vec::new();
    for (area, (p, n)) in &counts {
        println!("python corpus {area}: {p}/{n} pass");
        pass += p;
        total += n;
        let floor = ratchet.get(*area).copied().unwrap_or(0);
        if *p < floor {
            below.push(format!("{area}: {p} pass, ratchet {floor}"));
        }
    }
    println!("python corpus total: {pass}/{total} pass");

    if update {
        let body: String = counts
            .iter()
            .map(|(area, (p, _))| format!("{area} {p}\n"))
            .collect();
        std::fs::write(&ratchet_path, body).unwrap();
        let names: String = now.iter().map(|n| format!("{n}\n")).collect();
        std::fs::write(&passing_path, names).unwrap();
        println!("rewrote {}", ratchet_path.display());
        return;
    }
    assert!(
        below.is_empty(),
        "python corpus fell below its ratchet (tests/data/python/ratchet.txt):\n{}",
        below.join("\n")
    );
}

/// Resource bombs stop typed (exit 137 with the stop reason) or raise what CPython raises,
/// within the limits and without growing the host.
#[test]
fn python_resource_bombs_stop_typed() {
    let cases: &[(&str, &str, i32, &str)] = &[
        ("x = 'a' * 10**12", "memory", 137, "memory limit exhausted"),
        ("x = 10**10**10", "memory", 137, "memory limit exhausted"),
        ("x = [0] * 10**10", "memory", 137, "memory limit exhausted"),
        (
            "l = []\nwhile True: l.append('x' * 1000)\n",
            "memory",
            137,
            "memory limit exhausted",
        ),
        ("while True: pass\n", "cpu", 137, "CPU limit exhausted"),
        (
            "def f(): return f()\nf()\n",
            "recursion",
            1,
            "RecursionError: maximum recursion depth exceeded",
        ),
        (
            "class A:\n    def __getattr__(self, n): return self.x\nA().y\n",
            "recursion",
            1,
            "RecursionError: maximum recursion depth exceeded",
        ),
        (
            "def g():\n    while True: yield 1\nfor x in g(): pass\n",
            "cpu",
            137,
            "CPU limit exhausted",
        ),
        (
            "import re\nre.match(r'(a+)+$', 'a' * 40 + 'b')\n",
            "cpu",
            137,
            "CPU limit exhausted",
        ),
    ];
    for (prog, what, status, message) in cases {
        let script = format!("cat > /tmp/b.py <<'EOF'\n{prog}\nEOF\npython3 /tmp/b.py");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_shellsim"))
            .args(["--cpu", "20000000", "--memory", "64m", "-c", &script])
            .output()
            .expect("run shellsim");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(*status),
            "{what} bomb {prog:?}: {stderr}"
        );
        assert!(stderr.contains(message), "{what} bomb {prog:?}: {stderr}");
    }
}
