//! Tests for `jq` through the built binary: the differential cases in `tests/jq/cases.jsonl`
//! (recorded from jq 1.6 by `tests/jq/record.py`; standard output and the exit status must
//! match, and standard error too for the runtime error cases), and filters that would run away (recursion, loops, deep values, deep programs and
//! input), which must stop cleanly.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

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
        // The runtime error cases record standard error too; the others leave it out.
        let got_err = String::from_utf8_lossy(&out.stderr);
        let err_same = case["stderr"].as_str().is_none_or(|want| got_err == want);
        if let Some(why) = case["known"].as_str() {
            let same = got_out == want_out && got_status == want_status && err_same;
            known.push(format!(
                "{} ({why}){}",
                case["args"],
                if same { " now matches" } else { "" }
            ));
            continue;
        }
        if got_out != want_out || got_status != want_status || !err_same {
            failures.push(format!(
                "args {} stdin {:?}\n  want ({want_status}) {want_out:?}\n  got  ({got_status}) {got_out:?}\n  want stderr {:?}\n  got stderr  {got_err:?}",
                case["args"],
                case["stdin"],
                case["stderr"]
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

/// Runs `script` through the built binary (the simulator's 512 MiB thread, as shipped) with a
/// CPU budget of `cpu` units. The script goes on standard input: some are longer than one
/// argument may be.
fn shellsim(script: &str, cpu: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shellsim"))
        .args(["--cpu", cpu])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run shellsim");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(script.as_bytes()).expect("write script");
    drop(stdin);
    child.wait_with_output().expect("shellsim output")
}

/// `jq ARGS` with `input` on its standard input: the status (a crash, panic 101, abort 134,
/// segfault 139 or a signal, would show here) and standard error.
fn shellsim_jq(args: &[&str], input: &str, cpu: &str) -> (i32, String) {
    let mut script = format!("printf '%s' {} > /tmp/in\njq", quote(input));
    for a in args {
        script.push(' ');
        script.push_str(&quote(a));
    }
    script.push_str(" < /tmp/in\n");
    let out = shellsim(&script, cpu);
    let status = out.status.code().unwrap_or(-1);
    (status, String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Every way a jq program can recurse or loop without end stops cleanly: recursion that
/// nests deeper stops with a jq error (status 5) when the stack reaches its budget; loops
/// (tail calls, which jaq runs in place, generators, products of generators) stop on the CPU
/// limit (status 137); values that outgrow the memory limit stop on it (137); values, programs
/// and input nested too deep are refused with an error.
#[test]
fn runaway_programs_stop_cleanly() {
    const TOO_DEEP: &str = "filter nested too deep";
    const CPU: &str = "CPU limit exhausted";
    const MEMORY: &str = "memory limit exhausted";
    const VALUE: &str = "Exceeds depth limit: values nest at most 10000 levels";
    let deep_text = format!("{}1{}", "[".repeat(20_000), "]".repeat(20_000));
    let deep_interpolation = format!("{}1{}", "\"\\(".repeat(6_000), ")\"".repeat(6_000));
    let long_text = vec!["1"; 40_000].join(" + ");
    let deep_input = "[".repeat(100_000);
    let cases: Vec<(Vec<&str>, &str, i32, &str)> = vec![
        // Recursion that nests: the stack guard.
        (vec!["-n", "def f: f + 1; f"], "", 5, TOO_DEEP),
        (vec!["-n", "def f: [f]; f"], "", 5, TOO_DEEP),
        (vec!["-n", "def f: 1 + f; f"], "", 5, TOO_DEEP),
        (vec!["-n", "def a: def b: [a]; b; a"], "", 5, TOO_DEEP),
        (vec!["-n", "path(def f: f | .a; f)"], "", 5, TOO_DEEP),
        (vec!["-n", "def f: reduce f as $x (0; 1); f"], "", 5, TOO_DEEP),
        (vec!["-n", "def f: foreach f as $x (0; 1); f"], "", 5, TOO_DEEP),
        (vec!["-n", "reduce 1 as $x (0; def f: [f]; f)"], "", 5, TOO_DEEP),
        (vec!["-n", "1 as $x | def f: f | f; f"], "", 5, TOO_DEEP),
        (vec!["-n", "def f($n): 1 + f($n + 1); f(0)"], "", 5, TOO_DEEP),
        (vec!["-n", "try (def f: [f]; f) catch ."], "", 5, TOO_DEEP),
        (vec!["-n", "[def f: 1, [f]; f]"], "", 5, TOO_DEEP),
        // Loops: tail calls, generators and products of generators, on the CPU meter.
        (vec!["-n", "def f: f; f"], "", 137, CPU),
        (vec!["-n", "def a: def b: a; b; a"], "", 137, CPU),
        (vec!["-n", "path(def f: f; f)"], "", 137, CPU),
        (vec!["-n", "reduce range(5) as $x (0; def f: f; f)"], "", 137, CPU),
        (vec!["-n", "[limit(1e9; repeat(.))]"], "", 137, CPU),
        (vec!["-n", "until(false; .)"], "", 137, CPU),
        (vec!["-n", "[while(true; .)]"], "", 137, CPU),
        (vec!["-n", "[recurse(.)]"], "", 137, CPU),
        (vec!["-n", "last(recurse(.))"], "", 137, CPU),
        (vec!["-n", "def recurse(f): def r: ., (f | r); r; [recurse(.)]"], "", 137, CPU),
        (vec!["-n", "reduce range(1e9) as $x (0; . + 1)"], "", 137, CPU),
        (vec!["-n", "[range(10)] | [.[] + .[] + .[] + .[] + .[] + .[] + .[] + .[]] | length"], "", 137, CPU),
        (vec!["-n", "[range(10)] | first((.[] + .[] + .[] + .[] + .[] + .[] + .[] + .[]) | select(. < 0))"], "", 137, CPU),
        (vec!["-n", "last((0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1) + (0,1))"], "", 137, CPU),
        // What a filter's values and closures hold outgrows the memory limit (measured on the
        // heap), or one string would: stopped before it is built.
        (vec!["-n", "def f: f; f |= 1"], "", 137, MEMORY),
        (vec!["-n", "def f(g): f(g | g); f(.)"], "", 137, MEMORY),
        (vec!["-n", "[range(30)] | [combinations(30)] | length"], "", 137, MEMORY),
        (vec!["-n", "\"x\" * 2000000000"], "", 137, MEMORY),
        (vec!["-n", "{a: \"xy\"} | .a *= 2000000000"], "", 137, MEMORY),
        (vec!["-n", "reduce range(40) as $i (\"x\"; . + .)"], "", 137, MEMORY),
        (vec!["-n", "\"x\" * 30000000 | [match(\"\"; \"g\")] | length"], "", 137, MEMORY),
        (vec!["-n", "\"x\" * 30000000 | [splits(\"\")] | length"], "", 137, MEMORY),
        // Values nested too deep for jaq's own recursion (comparing, formatting, dropping).
        (vec!["-n", "reduce range(1e6) as $i (null; [.])"], "", 5, VALUE),
        (vec!["-n", "reduce range(1e6) as $i ({}; {a: .})"], "", 5, VALUE),
        (vec!["-n", "reduce range(1e6) as $i (null; [.] | group_by(.))"], "", 5, VALUE),
        (vec!["-n", "reduce range(1e6) as $i ([0]; .[0] = .)"], "", 5, VALUE),
        (vec!["-n", "reduce range(40) as $i ([[]]; . as $v | ([paths(. == [])] | max_by(length)) as $p | setpath($p; $v))"], "", 5, VALUE),
        (vec!["-n", "\"[\" * 100000 | fromjson"], "", 5, "Exceeds depth limit for parsing at line 1, column 257"),
        // Programs nested too deep or too long for the parser and compiler.
        (vec!["-n", &deep_text], "", 3, "program nested deeper than 10000 levels"),
        (vec!["-n", &deep_interpolation], "", 3, "program nested deeper than 10000 levels"),
        (vec!["-n", &long_text], "", 3, "program longer than 50000 tokens"),
        // Input nested too deep, refused as jq 1.6 does (at 256 levels).
        (vec!["."], &deep_input, 4, "Exceeds depth limit for parsing at line 1, column 257"),
        // The guard's names cannot be taken or called by a program.
        (vec!["-n", "def __shellsim_guard: .; def f: [f]; f"], "", 3, "__shellsim_guard is reserved"),
        (vec!["-n", "__shellsim_last(recurse(.))"], "", 3, "__shellsim_last is reserved"),
    ];
    let mut failures = Vec::new();
    for (args, input, want, message) in &cases {
        let (status, stderr) = shellsim_jq(args, input, "2000000");
        if status != *want || !stderr.contains(message) {
            let shown: Vec<String> = args.iter().map(|a| a.chars().take(80).collect()).collect();
            failures.push(format!(
                "{shown:?}: want {want} with {message:?}, got {status}: {:?}",
                stderr.chars().take(300).collect::<String>()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The limits leave room for real programs: deep recursion, deep values and long programs
/// short of the limits run to the end.
#[test]
fn deep_but_bounded_programs_run() {
    let long_array = format!("[{}] | length", vec!["1"; 20_000].join(","));
    let cases: Vec<(&str, &str)> = vec![
        (
            "def f($n): if $n == 0 then 0 else 1 + f($n - 1) end; f(20000)",
            "20000",
        ),
        // jq 1.6 prints values past 256 levels as `<stripped: exceeds max depth>`.
        (
            "reduce range(9999) as $i (0; [.]) | [.. | numbers], (tojson | length)",
            "[0]\n543",
        ),
        ("[limit(5; repeat(1))] | length", "5"),
        (&long_array, "20000"),
        ("[range(100000)] | length", "100000"),
    ];
    for (program, want) in cases {
        let out = shellsim(&format!("jq -nc {}", quote(program)), "100000000");
        assert_eq!(
            (
                out.status.code(),
                String::from_utf8_lossy(&out.stdout).trim()
            ),
            (Some(0), want),
            "{}: {}",
            program.chars().take(80).collect::<String>(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
