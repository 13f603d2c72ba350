//! Conformance runner: shell cases as data, run through the simulator and compared with what
//! real bash does.
//!
//! Two suites:
//!
//! * **Own cases** (`tests/spec/*.jsonl`, always run). One JSON object per line:
//!   `{"name", "script", "expect": {"stdout"?, "stderr"?, "status"}}`, expectations recorded
//!   from real bash by `tests/spec/record.py`. A missing `stdout`/`stderr` is not checked. Any
//!   mismatch fails the test, and every failure is listed.
//! * **The Oils spec corpus** (`../shared/conformance/oils-spec/`, run only when present beside
//!   the project; otherwise a note is printed). Every case that real bash passes (per
//!   `bash-results.jsonl`) is run and compared with its `expect_bash`. A per-file table and the
//!   total are printed, per-case results go to `target/oils-spec-results.jsonl`, and the test
//!   fails when fewer cases pass than the ratchet in `tests/spec/oils-ratchet.txt`.
//!
//! Environment knobs (test-only):
//! * `SHELLSIM_UPDATE_RATCHET=1` raises the ratchet to the new pass count instead of checking it
//!   (never lowers it).
//! * `SHELLSIM_SPEC_FILTER=TEXT` runs only corpus cases whose file or name contains TEXT (and own
//!   cases whose file or name contains it); the ratchet is not checked then.
//! * `SHELLSIM_SPEC_VERBOSE=1` prints every failing corpus case with expected and actual output.
//!
//! Every case runs in a fresh [`Environment`] with its own CPU budget, so a loop cannot hang the
//! run; a panic inside the simulator is caught and counted as that case's failure.

// Tests may touch the host: they read case files and write a report (see clippy.toml).
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

#[path = "spec/helpers.rs"]
mod helpers;

use serde_json::{json, Value};
use shellsim::limits::Limits;
use shellsim::session::Environment;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Once;
use std::time::{Duration, Instant};

/// CPU fuel per case: generous for any sane case, small enough that a runaway loop ends fast.
const CPU_PER_CASE: u64 = 20_000_000;
/// Worker threads. Each owns its environments (an `Environment` is not `Send`).
const WORKERS: usize = 2;
/// The case's working directory, also `$TMP` and `$HOME` (the bash baseline set HOME to it).
const CASE_DIR: &str = "/tmp/spec/case";
/// `$REPO_ROOT`: fixtures materialised under it, plus `bin/` and `_tmp/spec-tmp/`.
const REPO_ROOT: &str = "/tmp/spec/repo";
/// Corpus location relative to the project root.
const CORPUS_DIR: &str = "../shared/conformance/oils-spec";

// ---------------------------------------------------------------------------------------------
// Cases

#[derive(Clone, Debug)]
struct Expect {
    /// `None`: not checked.
    stdout: Option<Vec<u8>>,
    /// `None`: not checked.
    stderr: Option<Vec<u8>>,
    status: i32,
}

#[derive(Clone, Debug)]
struct Case {
    /// Where the case comes from: a spec file (`spec/arith.test.sh`) or an own file (`core.jsonl`).
    file: String,
    /// Position in that file: corpus `index`, or the 1-based line of an own case.
    index: u64,
    /// Corpus header line (0 for own cases).
    line: u64,
    name: String,
    script: Vec<u8>,
    expect: Expect,
    /// Directories to create inside the case dir first.
    setup_dirs: Vec<String>,
    /// Materialise the fixtures under `$REPO_ROOT`.
    needs_repo_root: bool,
}

/// A file of `$REPO_ROOT`, relative to it.
#[derive(Clone, Debug)]
struct Fixture {
    path: String,
    content: Vec<u8>,
}

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Parses a JSON Lines file; blank lines are skipped. Errors name the file and line.
fn read_jsonl(path: &Path) -> Result<Vec<(usize, Value)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let value: Value = serde_json::from_str(line)
            .map_err(|e| format!("{}:{}: bad JSON: {e}", path.display(), i + 1))?;
        rows.push((i + 1, value));
    }
    Ok(rows)
}

fn str_field<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str)
}

/// Reads an expectation object; `stdout`/`stderr` that are absent or `null` are not checked.
fn parse_expect(v: &Value) -> Result<Expect, String> {
    let text = |key: &str| -> Result<Option<Vec<u8>>, String> {
        match v.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.as_bytes().to_vec())),
            Some(other) => Err(format!("`{key}` must be a string or null, got {other}")),
        }
    };
    let status = match v.get("status") {
        None => 0,
        Some(s) => s
            .as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .ok_or_else(|| format!("`status` must be an integer, got {s}"))?,
    };
    Ok(Expect {
        stdout: text("stdout")?,
        stderr: text("stderr")?,
        status,
    })
}

/// Loads every `tests/spec/*.jsonl` file of the project, sorted by file name.
fn load_own_cases(dir: &Path) -> Result<Vec<Case>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    let mut errors = Vec::new();
    for path in files {
        let file = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        for (line, v) in read_jsonl(&path)? {
            let where_ = format!("{}:{line}", path.display());
            let (Some(name), Some(script)) = (str_field(&v, "name"), str_field(&v, "script"))
            else {
                errors.push(format!(
                    "{where_}: a case needs string fields `name` and `script`"
                ));
                continue;
            };
            let expect = match v.get("expect").map(parse_expect) {
                Some(Ok(e)) => e,
                Some(Err(e)) => {
                    errors.push(format!("{where_}: {e}"));
                    continue;
                }
                None => {
                    errors.push(format!("{where_}: a case needs an `expect` object"));
                    continue;
                }
            };
            cases.push(Case {
                file: file.clone(),
                index: line as u64,
                line: 0,
                name: name.to_string(),
                script: script.as_bytes().to_vec(),
                expect,
                setup_dirs: Vec::new(),
                needs_repo_root: false,
            });
        }
    }
    if errors.is_empty() {
        Ok(cases)
    } else {
        Err(errors.join("\n"))
    }
}

/// Loads the corpus cases that real bash passes (`bash-results.jsonl`: one
/// `{"file", "index", "pass", ...}` per case). Returns them and the corpus size.
fn load_corpus(dir: &Path) -> Result<(Vec<Case>, usize), String> {
    let results = read_jsonl(&dir.join("bash-results.jsonl"))?;
    let mut bash_passes = BTreeSet::new();
    for (_, r) in &results {
        if r.get("pass").and_then(Value::as_bool) == Some(true) {
            if let (Some(file), Some(index)) =
                (str_field(r, "file"), r.get("index").and_then(Value::as_u64))
            {
                bash_passes.insert((file.to_string(), index));
            }
        }
    }
    let rows = read_jsonl(&dir.join("cases.jsonl"))?;
    let total = rows.len();
    let mut cases = Vec::new();
    for (line, v) in rows {
        let where_ = format!("cases.jsonl:{line}");
        let file = str_field(&v, "file")
            .ok_or_else(|| format!("{where_}: no `file`"))?
            .to_string();
        let index = v
            .get("index")
            .and_then(Value::as_u64)
            .ok_or_else(|| format!("{where_}: no `index`"))?;
        if !bash_passes.contains(&(file.clone(), index)) {
            continue;
        }
        let script = str_field(&v, "script").ok_or_else(|| format!("{where_}: no `script`"))?;
        let expect = parse_expect(
            v.get("expect_bash")
                .ok_or_else(|| format!("{where_}: no `expect_bash`"))?,
        )
        .map_err(|e| format!("{where_}: {e}"))?;
        let strings = |key: &str| -> Vec<String> {
            v.get(key)
                .and_then(Value::as_array)
                .map(|a| {
                    a.iter()
                        .filter_map(|s| s.as_str().map(String::from))
                        .collect()
                })
                .unwrap_or_default()
        };
        let needs_repo_root = script.contains("REPO_ROOT")
            || strings("requires").iter().any(|r| r.contains("REPO_ROOT"));
        cases.push(Case {
            file,
            index,
            line: v.get("line").and_then(Value::as_u64).unwrap_or(0),
            name: str_field(&v, "name").unwrap_or("").to_string(),
            script: script.as_bytes().to_vec(),
            expect,
            setup_dirs: strings("setup_dirs"),
            needs_repo_root,
        });
    }
    Ok((cases, total))
}

fn load_fixtures(dir: &Path) -> Result<Vec<Fixture>, String> {
    let path = dir.join("fixtures.jsonl");
    if !path.exists() {
        println!(
            "note: {} not found; $REPO_ROOT will hold no fixtures",
            path.display()
        );
        return Ok(Vec::new());
    }
    read_jsonl(&path)?
        .into_iter()
        .map(
            |(line, v)| match (str_field(&v, "path"), str_field(&v, "content")) {
                (Some(p), Some(c)) => Ok(Fixture {
                    path: p.to_string(),
                    content: c.as_bytes().to_vec(),
                }),
                _ => Err(format!("fixtures.jsonl:{line}: needs `path` and `content`")),
            },
        )
        .collect()
}

/// Applies `SHELLSIM_SPEC_FILTER`, if set.
fn filter_cases(cases: Vec<Case>, filter: Option<&str>) -> Vec<Case> {
    match filter {
        None => cases,
        Some(f) => cases
            .into_iter()
            .filter(|c| c.file.contains(f) || c.name.contains(f))
            .collect(),
    }
}

fn env_flag(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

// ---------------------------------------------------------------------------------------------
// Running one case

/// What a case did.
#[derive(Debug, Default)]
struct Outcome {
    status: i32,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    /// A resource budget ran out (`cpu_exhausted`, ...).
    stop: Option<String>,
    /// The simulator panicked (message and location).
    panic: Option<String>,
    /// Preparing the environment failed (a harness or API problem, not the case's fault).
    setup_error: Option<String>,
    elapsed: Duration,
}

fn path_in(base: &str, rel: &str) -> Vec<u8> {
    format!("{base}/{}", rel.trim_start_matches('/')).into_bytes()
}

/// Builds the case's world, mirroring the upstream harness (see the corpus README): a fresh
/// case dir as cwd, `TMP` and `HOME`; `SH=bash`; `LC_ALL=C.UTF-8`; `REPO_ROOT`; `$0` = `bash`.
/// `PATH` stays the environment's default, through which the registered helpers are reached.
fn prepare(env: &mut Environment, case: &Case, fixtures: &[Fixture]) -> Result<(), String> {
    helpers::register_all(env);
    let fail = |what: &str, e: &dyn std::fmt::Debug| format!("{what}: {e:?}");
    env.mkdir_all(CASE_DIR.as_bytes())
        .map_err(|e| fail("mkdir case dir", &e))?;
    for d in &case.setup_dirs {
        env.mkdir_all(&path_in(CASE_DIR, d))
            .map_err(|e| fail("mkdir setup dir", &e))?;
    }
    env.mkdir_all(REPO_ROOT.as_bytes())
        .map_err(|e| fail("mkdir $REPO_ROOT", &e))?;
    if case.needs_repo_root {
        materialise_repo_root(env, fixtures)?;
    }
    for (name, value) in [
        ("HOME", CASE_DIR),
        ("TMP", CASE_DIR),
        ("SH", "bash"),
        ("LC_ALL", "C.UTF-8"),
        ("REPO_ROOT", REPO_ROOT),
    ] {
        env.set_var(name.as_bytes(), value.as_bytes(), true);
    }
    env.set_cwd(CASE_DIR.as_bytes())
        .map_err(|e| fail("cd case dir", &e))?;
    env.set_arg0(b"bash");
    Ok(())
}

/// Writes the fixtures, `bin/`, `_tmp/spec-tmp/` and `spec/bin/<helper>` wrappers (fixtures run
/// `spec/bin/argv.py` by relative path), then marks scripts executable as upstream does.
fn materialise_repo_root(env: &mut Environment, fixtures: &[Fixture]) -> Result<(), String> {
    let mut executables = Vec::new();
    for fx in fixtures {
        let path = path_in(REPO_ROOT, &fx.path);
        env.write_file(&path, &fx.content)
            .map_err(|e| format!("write fixture {}: {e:?}", fx.path))?;
        if fx.path.ends_with(".sh") {
            executables.push(path);
        }
    }
    for dir in ["bin", "_tmp/spec-tmp"] {
        env.mkdir_all(&path_in(REPO_ROOT, dir))
            .map_err(|e| format!("mkdir $REPO_ROOT/{dir}: {e:?}"))?;
    }
    for name in helpers::HELPER_NAMES.iter().filter(|n| n.ends_with(".py")) {
        let path = path_in(REPO_ROOT, &format!("spec/bin/{name}"));
        let body = format!("#!/bin/sh\nexec {name} \"$@\"\n");
        env.write_file(&path, body.as_bytes())
            .map_err(|e| format!("write {name} wrapper: {e:?}"))?;
        executables.push(path);
    }
    for p in &executables {
        env.chmod(p, 0o755)
            .map_err(|e| format!("chmod {}: {e:?}", String::from_utf8_lossy(p)))?;
    }
    Ok(())
}

/// Runs a case in a fresh environment; never panics.
fn run_case(case: &Case, fixtures: &[Fixture]) -> Outcome {
    let started = Instant::now();
    let caught = panic::catch_unwind(AssertUnwindSafe(|| {
        let mut env = Environment::new(Limits {
            cpu: CPU_PER_CASE,
            ..Limits::default()
        });
        if let Err(e) = prepare(&mut env, case, fixtures) {
            return Outcome {
                setup_error: Some(e),
                ..Outcome::default()
            };
        }
        // Upstream writes the script to the shell's stdin, so `read` in a script can consume
        // the script's own following lines. Here the script is the run's source and stdin is
        // empty; the few cases that depend on that difference fail honestly.
        let r = env.run_script(&case.script, b"");
        Outcome {
            status: r.status,
            stdout: r.stdout,
            stderr: r.stderr,
            stop: r.stop_reason.map(|s| s.as_str().to_string()),
            ..Outcome::default()
        }
    }));
    let mut outcome = caught.unwrap_or_else(|payload| Outcome {
        panic: Some(panic_message(payload)),
        ..Outcome::default()
    });
    outcome.elapsed = started.elapsed();
    outcome
}

thread_local! {
    /// The last panic seen on this worker thread, recorded by the quiet hook.
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

const WORKER_PREFIX: &str = "spec-worker-";

/// Keeps panics on worker threads quiet (they become case failures) and records their
/// message with its location; panics anywhere else go to the previous hook as usual.
fn install_quiet_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let on_worker = std::thread::current()
                .name()
                .is_some_and(|n| n.starts_with(WORKER_PREFIX));
            if on_worker {
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(info.to_string()));
            } else {
                previous(info);
            }
        }));
    });
}

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    if let Some(recorded) = LAST_PANIC.with(|p| p.borrow_mut().take()) {
        return recorded;
    }
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panic with a non-string payload".to_string())
}

/// Runs all cases on [`WORKERS`] threads; outcomes come back in case order.
fn run_all(cases: &[Case], fixtures: &[Fixture]) -> Vec<Outcome> {
    install_quiet_panic_hook();
    let next = AtomicUsize::new(0);
    let mut indexed: Vec<(usize, Outcome)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..WORKERS.min(cases.len()).max(1))
            .map(|w| {
                let next = &next;
                std::thread::Builder::new()
                    .name(format!("{WORKER_PREFIX}{w}"))
                    // Deeply nested scripts recurse in the parser and executor.
                    .stack_size(64 << 20)
                    .spawn_scoped(scope, move || {
                        let mut done = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(case) = cases.get(i) else { break };
                            done.push((i, run_case(case, fixtures)));
                        }
                        done
                    })
                    .expect("spawn a spec worker thread")
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("spec worker died outside a case"))
            .collect()
    });
    indexed.sort_by_key(|(i, _)| *i);
    indexed.into_iter().map(|(_, o)| o).collect()
}

// ---------------------------------------------------------------------------------------------
// Judging and reporting

/// What differs from the expectation; empty = pass.
fn mismatches(expect: &Expect, o: &Outcome) -> Vec<&'static str> {
    if o.setup_error.is_some() {
        return vec!["setup"];
    }
    if o.panic.is_some() {
        return vec!["panic"];
    }
    let mut m = Vec::new();
    if o.stop.is_some() {
        m.push("stopped");
    }
    if expect.stdout.as_ref().is_some_and(|s| *s != o.stdout) {
        m.push("stdout");
    }
    if expect.stderr.as_ref().is_some_and(|s| *s != o.stderr) {
        m.push("stderr");
    }
    if expect.status != o.status {
        m.push("status");
    }
    m
}

/// Bytes as a readable, escaped one-line string.
fn show(bytes: &[u8]) -> String {
    format!("\"{}\"", bytes.escape_ascii())
}

/// A multi-line explanation of one failing case.
fn describe_failure(case: &Case, o: &Outcome, why: &[&str]) -> String {
    let mut s = String::new();
    let at = if case.line > 0 {
        format!("{}:{}", case.file, case.line)
    } else {
        format!("{}:{}", case.file, case.index)
    };
    let _ = writeln!(s, "--- {at}  {}  [{}]", case.name, why.join(","));
    let _ = writeln!(s, "    script: {}", show(&case.script));
    if let Some(e) = &o.setup_error {
        let _ = writeln!(s, "    setup failed: {e}");
        return s;
    }
    if let Some(p) = &o.panic {
        let _ = writeln!(s, "    panicked: {p}");
        return s;
    }
    if let Some(stop) = &o.stop {
        let _ = writeln!(s, "    stopped: {stop}");
    }
    if let Some(exp) = &case.expect.stdout {
        if *exp != o.stdout {
            let _ = writeln!(
                s,
                "    stdout expected {}\n           got      {}",
                show(exp),
                show(&o.stdout)
            );
        }
    }
    if let Some(exp) = &case.expect.stderr {
        if *exp != o.stderr {
            let _ = writeln!(
                s,
                "    stderr expected {}\n           got      {}",
                show(exp),
                show(&o.stderr)
            );
        }
    } else if !o.stderr.is_empty() && why.contains(&"stdout") {
        let _ = writeln!(s, "    stderr (unchecked): {}", show(&o.stderr));
    }
    if case.expect.status != o.status {
        let _ = writeln!(
            s,
            "    status expected {} got {}",
            case.expect.status, o.status
        );
    }
    s
}

fn print_slowest(cases: &[Case], outcomes: &[Outcome]) {
    let mut order: Vec<usize> = (0..cases.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(outcomes[i].elapsed));
    let slow: Vec<String> = order
        .iter()
        .take(5)
        .map(|&i| {
            format!(
                "{}#{} {:.0?}",
                cases[i].file, cases[i].index, outcomes[i].elapsed
            )
        })
        .collect();
    println!("slowest: {}", slow.join(", "));
}

/// Text for the human-readable results file (invalid UTF-8 shown with U+FFFD).
fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

// ---------------------------------------------------------------------------------------------
// Own cases

#[test]
fn own_spec_cases() {
    let dir = manifest_dir().join("tests/spec");
    let filter = env_flag("SHELLSIM_SPEC_FILTER");
    let cases = load_own_cases(&dir).unwrap_or_else(|e| panic!("cannot load own spec cases:\n{e}"));
    assert!(
        !cases.is_empty(),
        "no cases found in {}/*.jsonl",
        dir.display()
    );
    let cases = filter_cases(cases, filter.as_deref());

    let started = Instant::now();
    let outcomes = run_all(&cases, &[]);
    let mut report = String::new();
    let mut failed = 0;
    for (case, o) in cases.iter().zip(&outcomes) {
        let why = mismatches(&case.expect, o);
        if !why.is_empty() {
            failed += 1;
            report.push_str(&describe_failure(case, o, &why));
        }
    }
    println!(
        "own spec cases: {}/{} pass in {:.1?}",
        cases.len() - failed,
        cases.len(),
        started.elapsed()
    );
    assert!(
        failed == 0,
        "{failed} of {} own spec cases failed:\n{report}",
        cases.len()
    );
}

// ---------------------------------------------------------------------------------------------
// The Oils spec corpus

#[test]
fn oils_spec_corpus() {
    let corpus = manifest_dir().join(CORPUS_DIR);
    if !corpus.join("cases.jsonl").exists() {
        println!(
            "note: {} is not present on this machine; skipping the Oils spec corpus",
            corpus.display()
        );
        return;
    }
    let filter = env_flag("SHELLSIM_SPEC_FILTER");
    let verbose = env_flag("SHELLSIM_SPEC_VERBOSE").is_some();
    let (cases, corpus_total) =
        load_corpus(&corpus).unwrap_or_else(|e| panic!("cannot load the Oils spec corpus: {e}"));
    let bash_passing = cases.len();
    let cases = filter_cases(cases, filter.as_deref());
    let fixtures = load_fixtures(&corpus).unwrap_or_else(|e| panic!("cannot load fixtures: {e}"));

    let started = Instant::now();
    let outcomes = run_all(&cases, &fixtures);
    let elapsed = started.elapsed();

    // Per-file table, in corpus order.
    let mut per_file: BTreeMap<&str, (usize, usize, usize)> = BTreeMap::new(); // file -> (first seen, pass, total)
    let mut rows = Vec::with_capacity(cases.len());
    let mut passed = 0usize;
    let mut failures = String::new();
    for (n, (case, o)) in cases.iter().zip(&outcomes).enumerate() {
        let why = mismatches(&case.expect, o);
        let ok = why.is_empty();
        let entry = per_file.entry(case.file.as_str()).or_insert((n, 0, 0));
        entry.2 += 1;
        if ok {
            entry.1 += 1;
            passed += 1;
        } else if verbose {
            failures.push_str(&describe_failure(case, o, &why));
        }
        let mut row = json!({
            "file": case.file, "index": case.index, "line": case.line, "name": case.name, "pass": ok,
        });
        if !ok {
            row["mismatch"] = json!(why);
            row["actual"] = json!({
                "stdout": lossy(&o.stdout),
                "stderr": lossy(&o.stderr),
                "status": o.status,
                "stop": o.stop,
                "panic": o.panic,
                "setup_error": o.setup_error,
            });
        }
        rows.push(row);
    }
    let mut files: Vec<(&str, (usize, usize, usize))> = per_file.into_iter().collect();
    files.sort_by_key(|(_, (first, _, _))| *first);
    let width = files
        .iter()
        .map(|(f, _)| short_name(f).len())
        .max()
        .unwrap_or(4)
        .max(4);
    println!("{:<width$}  pass/total", "file");
    for (file, (_, pass, total)) in &files {
        println!("{:<width$}  {pass:>4}/{total:<4}", short_name(file));
    }
    let pct = 100.0 * passed as f64 / cases.len().max(1) as f64;
    println!(
        "Oils spec: {passed}/{} pass ({pct:.1}% of the cases real bash passes; corpus has {corpus_total}) in {elapsed:.1?}",
        cases.len()
    );
    print_slowest(&cases, &outcomes);
    if verbose && !failures.is_empty() {
        println!("{failures}");
    }

    // Results file for humans; remember what passed last time to name regressions. A filtered
    // run writes its own file so the full run's record stays intact.
    let file_name = if filter.is_some() {
        "oils-spec-results-filtered.jsonl"
    } else {
        "oils-spec-results.jsonl"
    };
    let results_path = target_dir().join(file_name);
    let previously_passing = read_previous_passes(&results_path);
    let mut text = String::new();
    for row in &rows {
        text.push_str(&row.to_string());
        text.push('\n');
    }
    match std::fs::create_dir_all(target_dir()).and_then(|_| std::fs::write(&results_path, text)) {
        Ok(()) => println!("per-case results: {}", results_path.display()),
        Err(e) => println!("note: could not write {}: {e}", results_path.display()),
    }

    if filter.is_some() {
        println!("note: SHELLSIM_SPEC_FILTER is set; the ratchet is not checked");
        return;
    }
    assert_eq!(cases.len(), bash_passing);
    check_ratchet(passed, &cases, &outcomes, &previously_passing);
}

/// `spec/arith.test.sh` -> `arith`.
fn short_name(file: &str) -> &str {
    let f = file.strip_prefix("spec/").unwrap_or(file);
    f.strip_suffix(".test.sh").unwrap_or(f)
}

/// Cargo's target directory (`CARGO_TARGET_TMPDIR` is `<target>/tmp` for integration tests).
fn target_dir() -> PathBuf {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    tmp.parent().map(Path::to_path_buf).unwrap_or(tmp)
}

/// `(file, index)` of the cases that passed in the previous results file, if any.
/// `None` when there is no previous results file.
fn read_previous_passes(path: &Path) -> Option<BTreeSet<(String, u64)>> {
    let rows = read_jsonl(path).ok()?;
    Some(
        rows.into_iter()
            .filter(|(_, r)| r.get("pass").and_then(Value::as_bool) == Some(true))
            .filter_map(|(_, r)| {
                Some((
                    str_field(&r, "file")?.to_string(),
                    r.get("index")?.as_u64()?,
                ))
            })
            .collect(),
    )
}

fn ratchet_path() -> PathBuf {
    manifest_dir().join("tests/spec/oils-ratchet.txt")
}

/// Fails when fewer cases pass than the stored ratchet; with `SHELLSIM_UPDATE_RATCHET=1`,
/// raises the ratchet instead (never lowers it).
fn check_ratchet(
    passed: usize,
    cases: &[Case],
    outcomes: &[Outcome],
    previously_passing: &Option<BTreeSet<(String, u64)>>,
) {
    let path = ratchet_path();
    let ratchet: usize = match std::fs::read_to_string(&path) {
        Ok(text) => text
            .trim()
            .parse()
            .unwrap_or_else(|e| panic!("{}: expected one integer: {e}", path.display())),
        Err(_) => {
            println!(
                "note: {} missing; treating the ratchet as 0",
                path.display()
            );
            0
        }
    };
    if env_flag("SHELLSIM_UPDATE_RATCHET").as_deref() == Some("1") {
        if passed > ratchet {
            std::fs::write(&path, format!("{passed}\n"))
                .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
            println!(
                "ratchet raised from {ratchet} to {passed} ({})",
                path.display()
            );
        } else {
            println!("ratchet stays at {ratchet} (this run passed {passed})");
        }
        return;
    }
    if passed > ratchet {
        println!(
            "note: {passed} pass, ratchet is {ratchet}; raise it with SHELLSIM_UPDATE_RATCHET=1"
        );
    }
    if passed < ratchet {
        let hint = "run with SHELLSIM_SPEC_VERBOSE=1 to see every failure";
        let detail = match previously_passing {
            None => format!("(no previous results file to compare with; {hint})"),
            Some(before) => {
                let regressions: Vec<String> = cases
                    .iter()
                    .zip(outcomes)
                    .filter(|(c, o)| {
                        before.contains(&(c.file.clone(), c.index))
                            && !mismatches(&c.expect, o).is_empty()
                    })
                    .map(|(c, o)| describe_failure(c, o, &mismatches(&c.expect, o)))
                    .collect();
                if regressions.is_empty() {
                    format!("(every case that passed in the previous run still passes; {hint})")
                } else {
                    format!(
                        "cases that passed in the previous run and fail now:\n{}",
                        regressions.join("")
                    )
                }
            }
        };
        panic!("Oils spec regression: {passed} cases pass, below the ratchet of {ratchet} in {}\n{detail}", path.display());
    }
}
