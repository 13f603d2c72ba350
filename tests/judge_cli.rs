//! `shellsim judge` through the binary: the host view resolves symlinks that the text hides,
//! the stream answers every line (errors included) in order, and bad arguments exit 2.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_shellsim");

fn judge(args: &[&str]) -> (i32, serde_json::Value) {
    let out = Command::new(BIN).arg("judge").args(args).output().unwrap();
    let v = serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
    (out.status.code().unwrap_or(-1), v)
}

#[test]
fn the_host_view_follows_symlinks_the_text_hides() {
    let dir = std::env::temp_dir().join(format!("shellsim-judge-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let home = dir.join("home");
    let proj = home.join("proj");
    std::fs::create_dir_all(home.join(".ssh")).unwrap();
    std::fs::create_dir_all(proj.join("src")).unwrap();
    std::fs::write(home.join(".ssh/id_rsa"), "k").unwrap();
    std::fs::write(proj.join("src/main.rs"), "").unwrap();
    std::fs::write(proj.join(".env"), "S=1").unwrap();
    std::os::unix::fs::symlink(home.join(".ssh"), proj.join("keys")).unwrap();
    let (h, p) = (home.to_str().unwrap(), proj.to_str().unwrap());
    let base = [
        "--cwd",
        p,
        "--home",
        h,
        "--root",
        p,
        "--deny",
        "~/.ssh/**",
        "--deny",
        "**/.env",
    ];
    let run = |cmd: &str, lexical: bool| {
        let mut a: Vec<&str> = base.to_vec();
        if lexical {
            a.push("--lexical");
        }
        a.extend(["-c", cmd]);
        judge(&a).1["finding"].as_str().unwrap_or("?").to_string()
    };
    assert_eq!(run("cat keys/id_rsa", false), "deny_hit");
    assert_eq!(
        run("cat keys/id_rsa", true),
        "none",
        "lexically the link is invisible"
    );
    assert_eq!(run("cat src/*.rs", false), "none");
    assert_eq!(
        run("cat k*/id_*", false),
        "deny_hit",
        "the pattern expands through the link"
    );
    assert_eq!(
        run("grep -r TODO .", false),
        "deny_hit",
        "the walk meets .env and the link"
    );
    assert_eq!(run("grep -r TODO src", false), "none");
    assert_eq!(run("cat ../.ssh/id_rsa", false), "deny_hit");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_stream_answers_every_line_in_order() {
    let mut child = Command::new(BIN)
        .args([
            "judge",
            "--stream",
            "--lexical",
            "--home",
            "/h",
            "--cwd",
            "/w",
            "--root",
            "/w",
            "--deny",
            "~/.ssh/**",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let input = "{\"command\":\"cat ~/.ssh/id_rsa\",\"id\":1}\nnot json\n{\"command\":\"ls\",\"seat\":\"readonly\",\"id\":3}\n{\"seat\":\"full_shell\"}\n{\"command\":\"ls\",\"seat\":\"nope\"}\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0]["finding"], "deny_hit");
    assert_eq!(lines[0]["disposition"], "refuse");
    assert_eq!(lines[0]["id"], 1);
    assert!(lines[1]["error"].is_string());
    assert_eq!(lines[2]["disposition"], "vouch");
    assert_eq!(lines[2]["id"], 3);
    assert!(lines[3]["error"].as_str().unwrap().contains("command"));
    assert!(lines[4]["error"].as_str().unwrap().contains("unknown seat"));
}

#[test]
fn bad_arguments_exit_2() {
    assert_eq!(judge(&["--seat", "bash", "-c", "ls"]).0, 2);
    assert_eq!(judge(&["-c"]).0, 2);
    assert_eq!(judge(&["--stream", "-c", "ls"]).0, 2);
    assert_eq!(judge(&["--cwd", "relative", "-c", "ls", "--lexical"]).0, 2);
}

#[test]
fn a_long_operand_is_judged_quickly() {
    // 16,000 path segments in one 32 KB operand: linear work (run under the test's own budget).
    let operand = vec!["s"; 16_000].join("/");
    let (code, v) = judge(&[
        "--lexical",
        "--cwd",
        "/w",
        "--home",
        "/h",
        "--root",
        "/w",
        "-c",
        &format!("cat {operand}"),
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["finding"], "none");
}

#[test]
fn a_read_that_resolves_elsewhere_after_approval_is_identity_changed() {
    let dir = std::env::temp_dir().join(format!("shellsim-judge-id-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::create_dir_all(dir.join("b")).unwrap();
    std::fs::write(dir.join("a/f"), "").unwrap();
    std::fs::write(dir.join("b/f"), "").unwrap();
    std::os::unix::fs::symlink(dir.join("a"), dir.join("cur")).unwrap();
    let d = dir.to_str().unwrap();
    let base = ["--cwd", d, "--home", "/nonexistent-home", "--root", d];
    let mut first: Vec<&str> = base.to_vec();
    first.extend(["-c", "cat cur/f"]);
    let (_, approved) = judge(&first);
    assert_eq!(approved["finding"], "none");
    let approved_text = approved.to_string();
    let rejudge = |extra: &[&str]| {
        let mut a: Vec<&str> = base.to_vec();
        a.extend([
            "--seat",
            "rejudge",
            "--approved",
            &approved_text,
            "-c",
            "cat cur/f",
        ]);
        a.extend(extra);
        judge(&a).1
    };
    assert_eq!(
        rejudge(&[])["finding"],
        "none",
        "same target: nothing changed"
    );
    std::fs::remove_file(dir.join("cur")).unwrap();
    std::os::unix::fs::symlink(dir.join("b"), dir.join("cur")).unwrap();
    let v = rejudge(&[]);
    assert_eq!(v["finding"], "identity_changed");
    assert_eq!(v["disposition"], "refuse");
    let _ = std::fs::remove_dir_all(&dir);
}
