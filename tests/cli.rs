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
fn a_syntax_error_stops_the_script_after_the_lines_before_it_ran() {
    // As bash reads a script: the earlier lines run, then the error ends the shell.
    let (st, out, err) = shellsim(&["-c", "echo first\nif then\necho never"]);
    assert_eq!((st, out.as_str()), (2, "first\n"));
    assert_eq!(
        err,
        "shellsim: -c: line 2: syntax error near unexpected token `then'\n\
         shellsim: -c: line 2: `if then'\n"
    );
    // Commands on the line with the error do not run.
    let (st, out, _) = shellsim(&["-c", "echo first; fi"]);
    assert_eq!((st, out.as_str()), (2, ""));
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

fn shellsim_stdin(args: &[&str], stdin: &[u8]) -> (i32, Vec<u8>, Vec<u8>) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_shellsim"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run shellsim");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait");
    writer.join().expect("writer");
    (out.status.code().unwrap_or(-1), out.stdout, out.stderr)
}

#[test]
fn standard_input_is_read_only_as_far_as_the_script_reads() {
    use std::io::Write;
    // An endless input: the run ends when `head` has its lines, as in bash.
    let mut child = Command::new(env!("CARGO_BIN_EXE_shellsim"))
        .args(["-c", "head -n 2; echo done"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run shellsim");
    let mut input = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let chunk = b"y\n".repeat(4096);
        while input.write_all(&chunk).is_ok() {}
    });
    let out = child.wait_with_output().expect("wait");
    writer
        .join()
        .expect("the writer stops when shellsim closes the pipe");
    assert_eq!(
        (out.status.code(), &out.stdout[..]),
        (Some(0), &b"y\ny\ndone\n"[..])
    );
}

#[test]
fn a_large_standard_input_arrives_whole_and_in_order() {
    // Several pull chunks (64 KiB each), read by a builtin and then by commands.
    let mut data = Vec::new();
    for i in 0..50_000 {
        data.extend_from_slice(format!("line {i}\n").as_bytes());
    }
    let (st, out, _) = shellsim_stdin(
        &["-c", "read -r first; echo \"$first\"; tail -n 1; wc -c"],
        &data,
    );
    assert_eq!(st, 0);
    // `tail` reads to the end, so `wc` sees nothing left.
    assert_eq!(String::from_utf8_lossy(&out), "line 0\nline 49999\n0\n");
    let (st, out, _) = shellsim_stdin(&["-c", "md5sum"], &data);
    let (_, expected, _) = shellsim(&[
        "-c",
        "i=0; while [ $i -lt 50000 ]; do echo \"line $i\"; i=$((i+1)); done | md5sum",
    ]);
    assert_eq!(
        (st, String::from_utf8_lossy(&out).into_owned()),
        (0, expected)
    );
}

/// Exit statuses that mean the process itself failed (Rust panic, thread failure, signal).
fn crashed(status: i32) -> bool {
    status == 101 || status == 70 || status < 0
}

#[test]
fn bad_input_gets_a_diagnostic_and_a_non_zero_status() {
    // Unterminated quote: a syntax error; nothing on its line runs.
    let (st, out, err) = shellsim(&["-c", "echo start; echo 'unterminated"]);
    assert_eq!((st, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "shellsim: -c: line 1: unexpected EOF while looking for matching `''\n"
    );
    // Unterminated here-document: bash reads to end of input, with a warning.
    let (st, out, err) = shellsim(&["-c", "cat <<EOF\nabc"]);
    assert_eq!((st, out.as_str()), (0, "abc\n"));
    assert_eq!(
        err,
        "shellsim: line 2: warning: here-document at line 1 delimited by end-of-file (wanted `EOF')\n"
    );
    // Binary garbage as a script from stdin.
    let mut garbage = Vec::new();
    let mut x: u32 = 0x1234_5678;
    for _ in 0..20_000 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        garbage.push((x & 0xff) as u8);
    }
    let (st, _, err) = shellsim_stdin(&[], &garbage);
    assert!(!crashed(st) && st != 0, "status {st}");
    assert!(!err.is_empty());
    // NUL bytes in a script.
    let (st, _, _) = shellsim_stdin(&[], b"echo a\0b\nexit 3\n");
    assert_eq!(st, 3);
}

#[test]
fn a_100_mb_single_line_stops_cleanly() {
    let mut script = b"echo ".to_vec();
    script.resize(100 << 20, b'a');
    let (st, out, err) = shellsim_stdin(&[], &script);
    assert_eq!(st, 137, "{}", String::from_utf8_lossy(&err));
    assert!(out.is_empty());
    assert!(String::from_utf8_lossy(&err).contains("CPU limit exhausted"));
}

#[test]
fn stdout_and_stderr_interleave_in_write_order() {
    // Both streams into one file, as `shellsim ... 2>&1 > log` would do.
    let dir = std::env::temp_dir().join(format!("shellsim-order-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("log");
    let file = std::fs::File::create(&log).unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_shellsim"))
        .args([
            "-c",
            "echo 1; echo 2 >&2; ( echo 3; echo 4 >&2 ) | cat; echo 5 >&2; echo 6; nosuch",
        ])
        .stdout(file.try_clone().unwrap())
        .stderr(file)
        .status()
        .unwrap();
    let text = std::fs::read_to_string(&log).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(status.code(), Some(127));
    assert_eq!(
        text,
        "1\n2\n4\n3\n5\n6\nshellsim: line 1: nosuch: command not found\n"
    );
}

#[test]
fn proc_is_a_browsable_tree_generated_from_the_kernel() {
    let (code, out, err) = shellsim(&[
        "-c",
        "ls /proc | grep -v '^[0-9]'; readlink /proc/self; cd /tmp; readlink /proc/self/cwd; \
         ls /proc/self/; exec 3>/work/log; readlink /proc/$$/fd/3; \
         test -e /proc/self/status && echo exists; [[ -L /proc/self/cwd ]] && echo link; \
         head -1 /proc/self/status; echo /proc/self/c*; stat -c %F /proc/self/fd",
    ]);
    assert_eq!(err, "");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "cpuinfo\nmeminfo\nmounts\nself\nuptime\nversion\n1234\n/tmp\n\
         cmdline\ncwd\nenviron\nfd\nstatus\n/work/log\nexists\nlink\nName:\thead\n\
         /proc/self/cmdline /proc/self/cwd\ndirectory\n"
    );
}

#[test]
fn nounset_exits_127_from_the_c_shell_and_1_from_its_subshells() {
    // Recorded from bash 5.2 -c: the -c shell itself exits 127, a subshell or substitution 1.
    let (st, out, _) = shellsim(&["-c", "set -u; (echo $nope); echo \"sub $?\"; x=$(echo $nope); echo \"cmdsub $?\"; echo $nope; echo unreached"]);
    assert_eq!((st, out.as_str()), (127, "sub 1\ncmdsub 1\n"));
    let (st, out, _) = shellsim(&["-c", "(: ${x:?m}); echo \"sub $?\"; : ${y:?n}"]);
    assert_eq!((st, out.as_str()), (127, "sub 1\n"));
}
