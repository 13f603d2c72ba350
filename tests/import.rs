//! `--root DIR`: the bounded, symlink-refusing import of a host tree into /work, through the
//! shipped binary (which confines itself right after the import).
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};

const BIN: &str = env!("CARGO_BIN_EXE_shellsim");

/// A fresh host directory for one test, removed when dropped.
struct Tree(PathBuf);

impl Tree {
    fn new() -> Tree {
        static N: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "shellsim-import-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Tree(dir)
    }

    fn file(&self, rel: &str, data: &str, mode: u32) -> &Tree {
        let p = self.0.join(rel);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(&p, data).unwrap();
        fs::set_permissions(&p, fs::Permissions::from_mode(mode)).unwrap();
        self
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn run(root: &Path, extra: &[&str], script: &str) -> Output {
    Command::new(BIN)
        .arg("--root")
        .arg(root)
        .args(extra)
        .arg("-c")
        .arg(script)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn refused(out: &Output, needle: &str) {
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty(), "nothing runs: {}", text(&out.stdout));
    let stderr = text(&out.stderr);
    assert!(stderr.contains(needle), "expected `{needle}` in: {stderr}");
}

#[test]
fn imports_files_dirs_and_modes_and_skips_build_dirs() {
    let t = Tree::new();
    t.file("src/main.sh", "echo from-main\n", 0o755)
        .file("README.md", "# hi\n", 0o644)
        .file("secret/key", "k\n", 0o600)
        .file(".git/HEAD", "ref\n", 0o644)
        .file("target/out", "bin\n", 0o644)
        .file("a/__pycache__/m.pyc", "x", 0o644);
    let out = run(
        &t.0,
        &[],
        "cd /work && find . | sort && stat -c '%a %n' src/main.sh secret/key && ./src/main.sh && cat README.md",
    );
    assert_eq!(
        text(&out.stdout),
        ".\n./README.md\n./a\n./secret\n./secret/key\n./src\n./src/main.sh\n755 src/main.sh\n600 secret/key\nfrom-main\n# hi\n",
        "{}",
        text(&out.stderr)
    );
    let out = run(
        &t.0,
        &["--import-include-skipped"],
        "cd /work && ls -A; cat .git/HEAD",
    );
    assert_eq!(
        text(&out.stdout),
        ".git\nREADME.md\na\nsecret\nsrc\ntarget\nref\n"
    );
}

#[test]
fn the_host_tree_is_never_written() {
    let t = Tree::new();
    t.file("data.txt", "original\n", 0o644);
    let out = run(&t.0, &[], "echo changed > /work/data.txt; rm -f /work/data.txt; touch /work/new; cat /work/new; echo done");
    assert_eq!(text(&out.stdout), "done\n", "{}", text(&out.stderr));
    assert_eq!(
        fs::read_to_string(t.0.join("data.txt")).unwrap(),
        "original\n"
    );
    assert!(!t.0.join("new").exists());
}

#[test]
fn symlinks_are_refused_by_name() {
    let t = Tree::new();
    t.file("ok.txt", "x", 0o644);
    std::os::unix::fs::symlink("/etc/passwd", t.0.join("link")).unwrap();
    let out = run(&t.0, &[], "echo ran");
    refused(&out, &format!("{}/link: symbolic link (refused)", t.path()));

    // A root that is itself a symlink.
    let u = Tree::new();
    let link = u.0.join("root-link");
    std::os::unix::fs::symlink(&t.0, &link).unwrap();
    refused(&run(&link, &[], "echo ran"), "is a symbolic link (refused)");
}

#[test]
fn fifos_are_refused() {
    let t = Tree::new();
    let fifo = t.0.join("pipe");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    refused(&run(&t.0, &[], "echo ran"), "pipe: FIFO (refused)");
}

#[test]
fn every_bound_is_enforced_with_its_flag_named() {
    let t = Tree::new();
    t.file("a/b/c/d.txt", "0123456789", 0o644)
        .file("e.txt", "0123456789", 0o644);
    refused(
        &run(&t.0, &["--import-max-files", "3"], "echo"),
        "--import-max-files",
    );
    refused(
        &run(&t.0, &["--import-max-file-size", "9"], "echo"),
        "--import-max-file-size",
    );
    refused(
        &run(&t.0, &["--import-max-bytes", "15"], "echo"),
        "--import-max-bytes",
    );
    refused(
        &run(&t.0, &["--import-max-depth", "3"], "echo"),
        "--import-max-depth",
    );
    refused(
        &run(&t.0, &["--import-max-path", "8"], "echo"),
        "--import-max-path",
    );
    let ok = run(
        &t.0,
        &[
            "--import-max-files",
            "5",
            "--import-max-depth",
            "4",
            "--import-max-bytes",
            "20",
        ],
        "cat /work/a/b/c/d.txt",
    );
    assert_eq!(text(&ok.stdout), "0123456789");
}

#[test]
fn the_disk_quota_is_charged_and_a_failed_import_runs_nothing() {
    let t = Tree::new();
    t.file("big", &"x".repeat(200_000), 0o644);
    refused(
        &run(&t.0, &["--disk", "100k"], "echo ran"),
        "No space left on device",
    );
    let out = run(
        &t.0,
        &["--disk", "1m"],
        "du -sb /work | cut -f1; wc -c < /work/big",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).ends_with("200000\n"));
}

#[test]
fn missing_or_non_directory_roots_are_clear_errors() {
    let t = Tree::new();
    t.file("plain", "x", 0o644);
    refused(
        &run(&t.0.join("nope"), &[], "echo"),
        "No such file or directory",
    );
    refused(&run(&t.0.join("plain"), &[], "echo"), "not a directory");
}

#[test]
fn an_import_is_deterministic() {
    let t = Tree::new();
    for i in 0..50 {
        t.file(
            &format!("d{}/f{i}.txt", i % 7),
            &format!("line {i}\n"),
            0o640 + (i % 8),
        );
    }
    let script = "cd /work && find . -type f | sort | xargs cat | md5sum; ls -lR | md5sum";
    let a = run(&t.0, &[], script);
    let b = run(&t.0, &[], script);
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(a.status.code(), Some(0), "{}", text(&a.stderr));
}

/// Past a few dozen files the import reads them on several threads; what arrives, and which
/// file a limit stops at, must still be those of reading them one after another.
#[test]
fn a_large_tree_imports_whole_and_stops_at_the_same_file_every_time() {
    let t = Tree::new();
    for i in 0..600 {
        t.file(
            &format!("d{:02}/f{i:03}.txt", i % 12),
            &format!("{i:09}\n"),
            0o644,
        );
    }
    let out = run(&t.0, &[], "cd /work && find . -type f | wc -l && cat */*");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let mut expected = b"600\n".to_vec();
    let mut names: Vec<(usize, usize)> = (0..600).map(|i| (i % 12, i)).collect();
    names.sort();
    for (_, i) in names {
        expected.extend_from_slice(format!("{i:09}\n").as_bytes());
    }
    assert!(out.stdout == expected, "{}", text(&out.stdout));
    // Files are 10 bytes and sorted d00/f000, d00/f012, ...: 4,000 bytes hold the first 400
    // in walk order, so the 401st (d08/f008) is the one that does not fit, on every run.
    for _ in 0..5 {
        refused(
            &run(&t.0, &["--import-max-bytes", "4000"], "echo"),
            "/d08/f008.txt: the tree is larger than 4000 bytes",
        );
    }
}
