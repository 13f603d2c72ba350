//! Tests of the `patch` command and of the engine behind it. The byte-for-byte comparison with
//! GNU patch is `tests/patch_gnu.rs` (recorded cases); these cover the parts GNU cannot record:
//! the all-or-nothing rules, refused formats and options, the engine API and metering.

use super::{apply_to_vfs, ChangedPath, PatchError};
use crate::commands::testutil::{machine, run_files, run_on, text};
use crate::limits::{Exhausted, StopReason};
use crate::vfs::{ChangeKind, Vfs, VfsError, WriteMode};

const F: &[u8] = b"a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n";
const HUNK: &str = "@@ -2,3 +2,3 @@\n b\n-c\n+C\n d\n";

fn file(k: &std::rc::Rc<crate::process::Kernel>, name: &str) -> Option<Vec<u8>> {
    let p = [b"/work/".as_slice(), name.as_bytes()].concat();
    k.vfs.borrow().read_file(&p).ok().map(|d| d.to_vec())
}

#[test]
fn applies_and_reports_offsets() {
    let k = machine(&[("f", &[b"x\ny\n".as_slice(), F].concat())]);
    let p = format!("--- f\n+++ f\n{HUNK}");
    let r = text(run_on(&k, &["patch"], p.as_bytes()));
    assert_eq!(
        r,
        (
            0,
            "patching file f\nHunk #1 succeeded at 4 (offset 2 lines).\n".into(),
            String::new()
        )
    );
    assert_eq!(
        file(&k, "f").unwrap(),
        b"x\ny\na\nb\nC\nd\ne\nf\ng\nh\ni\nj\n"
    );
    // GNU keeps the original when a hunk did not apply where it said.
    assert_eq!(
        file(&k, "f.orig").unwrap(),
        [b"x\ny\n".as_slice(), F].concat()
    );
}

#[test]
fn reverse_and_already_applied() {
    let k = machine(&[("f", F)]);
    let p = format!("--- f\n+++ f\n{HUNK}");
    assert_eq!(run_on(&k, &["patch"], p.as_bytes()).0, 0);
    // Applying again: GNU's question, answered by default as without a terminal.
    let r = text(run_on(&k, &["patch"], p.as_bytes()));
    assert_eq!(r.0, 1);
    assert!(r.1.contains("Reversed (or previously applied) patch detected!  Assume -R? [n] \nApply anyway? [n] \nSkipping patch.\n"));
    assert!(file(&k, "f.rej").is_some());
    // -R undoes it; -N skips it without asking.
    let r = text(run_on(&k, &["patch", "-R"], p.as_bytes()));
    assert_eq!((r.0, r.1.as_str()), (0, "patching file f\n"));
    assert_eq!(file(&k, "f").unwrap(), F);
    let r = text(run_on(&k, &["patch", "-R", "-N"], p.as_bytes()));
    assert!(
        r.1.contains("Unreversed patch detected!  Skipping patch."),
        "{}",
        r.1
    );
}

#[test]
fn a_missing_file_changes_nothing_at_all() {
    let p = format!("--- f\n+++ f\n{HUNK}--- g\n+++ g\n{HUNK}");
    let k = machine(&[("f", F)]);
    let r = text(run_on(&k, &["patch"], p.as_bytes()));
    assert_eq!(r.0, 1);
    assert!(r
        .1
        .starts_with("patching file f\ncan't find file to patch at input line 10\n"));
    assert!(r.2.contains("nothing was changed"), "{}", r.2);
    assert_eq!(file(&k, "f").unwrap(), F);
}

#[test]
fn a_malformed_patch_changes_nothing_at_all() {
    let p = format!("--- f\n+++ f\n{HUNK}--- g\n+++ g\n@@ -1,2 +1,2 @@\n a\n?b\n");
    let k = machine(&[("f", F), ("g", b"a\nb\n")]);
    let r = text(run_on(&k, &["patch"], p.as_bytes()));
    assert_eq!(r.0, 2);
    assert_eq!(r.1, "patching file f\npatching file g\n");
    assert!(r
        .2
        .starts_with("patch: **** malformed patch at line 12: ?b\n"));
    assert!(r.2.contains("nothing was changed"));
    assert_eq!(file(&k, "f").unwrap(), F);
}

#[test]
fn failed_hunks_are_kept_like_gnu() {
    let p = "--- f\n+++ f\n@@ -2,3 +2,3 @@\n b\n-c\n+C\n d\n@@ -8,3 +8,3 @@\n h\n-Q\n+I\n j\n";
    let k = machine(&[("f", F)]);
    let r = text(run_on(&k, &["patch"], p.as_bytes()));
    assert_eq!(
        r.1,
        "patching file f\nHunk #2 FAILED at 8.\n1 out of 2 hunks FAILED -- saving rejects to file f.rej\n"
    );
    assert_eq!(r.0, 1);
    assert_eq!(file(&k, "f").unwrap(), b"a\nb\nC\nd\ne\nf\ng\nh\ni\nj\n");
    assert_eq!(
        file(&k, "f.rej").unwrap(),
        b"--- f\n+++ f\n@@ -8,3 +8,3 @@\n h\n-Q\n+I\n j\n"
    );
}

#[test]
fn dry_run_output_and_directory() {
    let p = format!("--- f\n+++ f\n{HUNK}");
    let k = machine(&[("d/f", F), ("p", p.as_bytes())]);
    let r = text(run_on(
        &k,
        &["patch", "--dry-run", "-d", "d", "-i", "../p"],
        b"",
    ));
    assert_eq!((r.0, r.1.as_str()), (0, "checking file f\n"));
    assert_eq!(file(&k, "d/f").unwrap(), F);
    let r = run_on(&k, &["patch", "-o", "-", "d/f", "p"], b"");
    assert_eq!(r.1, b"a\nb\nC\nd\ne\nf\ng\nh\ni\nj\n");
    assert_eq!(r.2, b"patching file - (read from d/f)\n");
    assert_eq!(file(&k, "d/f").unwrap(), F);
}

#[test]
fn creation_deletion_and_backups() {
    let k = machine(&[("old", b"one\ntwo\n")]);
    let p = "--- /dev/null\n+++ b/new/file\n@@ -0,0 +1 @@\n+hi\n--- a/old\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-one\n-two\n";
    let r = text(run_on(&k, &["patch", "-p1", "-b"], p.as_bytes()));
    assert_eq!(
        (r.0, r.1.as_str()),
        (0, "patching file new/file\npatching file old\n")
    );
    assert_eq!(file(&k, "new/file").unwrap(), b"hi\n");
    assert_eq!(file(&k, "new/file.orig").unwrap(), b"");
    assert_eq!(file(&k, "old"), None);
    assert_eq!(file(&k, "old.orig").unwrap(), b"one\ntwo\n");
}

#[test]
fn refused_formats_and_options() {
    let ctx =
        "*** f\n--- f\n***************\n*** 2,4 ****\n  b\n! c\n  d\n--- 2,4 ----\n  b\n! C\n  d\n";
    let r = text(run_files(&["patch"], ctx.as_bytes(), &[("f", F)]));
    assert_eq!(r.0, 2);
    assert_eq!(
        r.2,
        "patch: **** context diffs are not supported by this simulator (only unified diffs are)\n"
    );
    let r = text(run_files(
        &["patch", "f"],
        b"3c3\n< c\n---\n> C\n",
        &[("f", F)],
    ));
    assert_eq!(r.0, 2);
    assert!(r.2.contains("normal diffs are not supported"));
    for opt in ["--verbose", "-l", "--merge", "-z.bak"] {
        let r = text(run_files(&["patch", opt], b"", &[]));
        assert_eq!(r.0, 2, "{opt}");
        assert!(
            r.2.contains("is not supported by this simulator"),
            "{opt}: {}",
            r.2
        );
    }
    let r = text(run_files(&["patch", "--frob"], b"", &[]));
    assert_eq!(
        r,
        (
            2,
            String::new(),
            "patch: unrecognized option '--frob'\npatch: Try 'patch --help' for more information.\n".into()
        )
    );
}

// ---- The engine ------------------------------------------------------------------------

fn vfs_with(files: &[(&str, &[u8])]) -> Vfs {
    let mut v = Vfs::new(1 << 20, 0);
    for (name, data) in files {
        let p = [b"/work/".as_slice(), name.as_bytes()].concat();
        v.mkdir_all(&crate::vfs::path::parent(&p), 0o755).unwrap();
        v.write_file(&p, data, WriteMode::Truncate).unwrap();
    }
    v
}

fn read(v: &Vfs, name: &str) -> Option<Vec<u8>> {
    let p = [b"/work/".as_slice(), name.as_bytes()].concat();
    v.read_file(&p).ok().map(|d| d.to_vec())
}

fn free() -> impl FnMut(u64) -> Result<(), Exhausted> {
    |_| Ok(())
}

fn changed(path: &str, kind: ChangeKind) -> ChangedPath {
    ChangedPath {
        path: path.as_bytes().to_vec(),
        kind,
    }
}

#[test]
fn engine_applies_a_git_diff() {
    let mut v = vfs_with(&[("src/a", F), ("gone", b"x\n")]);
    let p = format!(
        "diff --git a/src/a b/src/a\nindex 1..2 100644\n--- a/src/a\n+++ b/src/a\n{HUNK}diff --git a/new b/new\nnew file mode 100644\n--- /dev/null\n+++ b/new\n@@ -0,0 +1 @@\n+n\ndiff --git a/gone b/gone\ndeleted file mode 100644\n--- a/gone\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n"
    );
    let got = apply_to_vfs(&mut v, b"/work", p.as_bytes(), 1, &mut free()).unwrap();
    assert_eq!(
        got,
        vec![
            changed("/work/gone", ChangeKind::Deleted),
            changed("/work/new", ChangeKind::Added),
            changed("/work/src/a", ChangeKind::Modified),
        ]
    );
    assert_eq!(
        read(&v, "src/a").unwrap(),
        b"a\nb\nC\nd\ne\nf\ng\nh\ni\nj\n"
    );
    assert_eq!(read(&v, "new").unwrap(), b"n\n");
    assert_eq!(read(&v, "gone"), None);
}

#[test]
fn engine_places_hunks_at_the_nearest_offset_without_fuzz() {
    let shifted = [b"0\n1\n".as_slice(), F].concat();
    let mut v = vfs_with(&[("f", &shifted)]);
    let p = format!("--- a/f\n+++ b/f\n{HUNK}");
    apply_to_vfs(&mut v, b"/work", p.as_bytes(), 1, &mut free()).unwrap();
    assert_eq!(
        read(&v, "f").unwrap(),
        b"0\n1\na\nb\nC\nd\ne\nf\ng\nh\ni\nj\n"
    );
    // A context line that differs is not fuzzed over (GNU patch would, with fuzz 1).
    let fuzzy = F
        .to_vec()
        .iter()
        .map(|&b| if b == b'b' { b'B' } else { b })
        .collect::<Vec<u8>>();
    let mut v = vfs_with(&[("f", &fuzzy)]);
    let e = apply_to_vfs(&mut v, b"/work", p.as_bytes(), 1, &mut free()).unwrap_err();
    assert!(matches!(e, PatchError::Hunk { hunk: 1, .. }), "{e:?}");
}

#[test]
fn engine_is_all_or_nothing() {
    let files: &[(&str, &[u8])] = &[("f", F), ("g", F)];
    let before = vfs_with(files);
    let mut v = before.clone();
    // The second file's second hunk does not apply: the first file must stay as it was.
    let p = format!(
        "--- a/f\n+++ b/f\n{HUNK}--- a/g\n+++ b/g\n{HUNK}@@ -8,3 +8,3 @@\n h\n-Q\n+I\n j\n"
    );
    let e = apply_to_vfs(&mut v, b"/work", p.as_bytes(), 1, &mut free()).unwrap_err();
    assert_eq!(
        e,
        PatchError::Hunk {
            path: b"/work/g".to_vec(),
            hunk: 2,
            message: "its lines (expected at line 8) are not in the file".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "/work/g: hunk #2 does not apply: its lines (expected at line 8) are not in the file"
    );
    assert!(v.diff(&before, b"/").is_empty());
    // A missing file and a malformed patch change nothing either.
    let p = format!("--- a/f\n+++ b/f\n{HUNK}--- a/nope\n+++ b/nope\n{HUNK}");
    let e = apply_to_vfs(&mut v, b"/work", p.as_bytes(), 1, &mut free()).unwrap_err();
    assert_eq!(
        e,
        PatchError::Missing {
            path: b"/work/nope".to_vec()
        }
    );
    let p = format!("--- a/f\n+++ b/f\n{HUNK}--- a/g\n+++ b/g\n@@ -1,2 +1,2 @@\n a\n?\n");
    let e = apply_to_vfs(&mut v, b"/work", p.as_bytes(), 1, &mut free()).unwrap_err();
    assert!(matches!(e, PatchError::Parse { line: 12, .. }), "{e:?}");
    assert!(v.diff(&before, b"/").is_empty());
    // Names may not leave the base directory.
    let p = format!("--- a/../etc/x\n+++ b/../etc/x\n{HUNK}");
    let e = apply_to_vfs(&mut v, b"/work", p.as_bytes(), 1, &mut free()).unwrap_err();
    assert_eq!(
        e,
        PatchError::OutsideBase {
            path: b"/etc/x".to_vec()
        }
    );
}

#[test]
fn engine_begin_patch_format() {
    let mut v = vfs_with(&[
        ("src/main.rs", b"fn main() {\n    old();\n}\n"),
        ("README", b"hello\n"),
    ]);
    let p = b"*** Begin Patch\n*** Update File: src/main.rs\n*** Move to: src/app.rs\n@@ fn main() {\n-    old();\n+    new();\n }\n*** Add File: docs/notes.md\n+# Notes\n+\n+text\n*** Delete File: README\n*** End Patch\n";
    let got = apply_to_vfs(&mut v, b"/work", p, 0, &mut free()).unwrap();
    assert_eq!(
        got,
        vec![
            changed("/work/README", ChangeKind::Deleted),
            changed("/work/docs/notes.md", ChangeKind::Added),
            changed("/work/src/app.rs", ChangeKind::Added),
            changed("/work/src/main.rs", ChangeKind::Deleted),
        ]
    );
    assert_eq!(
        read(&v, "src/app.rs").unwrap(),
        b"fn main() {\n    new();\n}\n"
    );
    assert_eq!(read(&v, "docs/notes.md").unwrap(), b"# Notes\n\ntext\n");
    // A chunk that does not match names the file and the chunk; nothing changes.
    let before = v.clone();
    let p = b"*** Begin Patch\n*** Add File: x\n+x\n*** Update File: src/app.rs\n@@\n-    new();\n+    newer();\n@@\n-    missing();\n+    y();\n*** End Patch\n";
    let e = apply_to_vfs(&mut v, b"/work", p, 0, &mut free()).unwrap_err();
    assert!(
        matches!(&e, PatchError::Hunk { path, hunk: 2, .. } if path == b"/work/src/app.rs"),
        "{e:?}"
    );
    assert!(v.diff(&before, b"/").is_empty());
    let p = b"*** Begin Patch\n*** Add File: README2\n+x\n*** Add File: src/app.rs\n+y\n*** End Patch\n";
    let e = apply_to_vfs(&mut v, b"/work", p, 0, &mut free()).unwrap_err();
    assert_eq!(
        e,
        PatchError::Exists {
            path: b"/work/src/app.rs".to_vec()
        }
    );
    assert!(v.diff(&before, b"/").is_empty());
}

#[test]
fn engine_is_metered_and_bounded() {
    // A hunk that matches nowhere in a large file: the search is charged line by line.
    let big: Vec<u8> = (0..20_000)
        .flat_map(|i| format!("line {i}\n").into_bytes())
        .collect();
    let mut v = vfs_with(&[("big", &big)]);
    let before = v.clone();
    let p = b"--- big\n+++ big\n@@ -5,3 +5,3 @@\n zz\n-zz\n+y\n zz\n";
    let mut used = 0u64;
    let mut count = |u: u64| -> Result<(), Exhausted> {
        used += u;
        Ok(())
    };
    assert!(apply_to_vfs(&mut v, b"/work", p, 0, &mut count).is_err());
    assert!(used >= 19_000, "{used}");
    // When the budget runs out, the patch stops and nothing changes.
    let p = b"--- big\n+++ big\n@@ -19990,3 +19990,3 @@\n line 19989\n-line 19990\n+changed\n line 19991\n";
    let mut budget = 100u64;
    let mut limited = |u: u64| -> Result<(), Exhausted> {
        budget = budget
            .checked_sub(u)
            .ok_or(Exhausted(StopReason::CpuExhausted))?;
        Ok(())
    };
    let moved = [b"x\n".repeat(10_000), big.clone()].concat();
    let mut v2 = vfs_with(&[("big", &moved)]);
    let before2 = v2.clone();
    let e = apply_to_vfs(&mut v2, b"/work", p, 0, &mut limited).unwrap_err();
    assert_eq!(e, PatchError::Exhausted(StopReason::CpuExhausted));
    assert!(v2.diff(&before2, b"/").is_empty());
    assert!(v.diff(&before, b"/").is_empty());
}

#[test]
fn engine_reports_the_disk_quota() {
    let mut v = Vfs::new(600, 0);
    v.write_file(b"/work/f", b"a\n", WriteMode::Truncate)
        .unwrap();
    let p = format!("--- f\n+++ f\n@@ -1 +1 @@\n-a\n+{}\n", "x".repeat(1000));
    let e = apply_to_vfs(&mut v, b"/work", p.as_bytes(), 0, &mut free()).unwrap_err();
    assert_eq!(
        e,
        PatchError::Vfs {
            path: b"/work/f".to_vec(),
            error: VfsError::NoSpace
        }
    );
    assert_eq!(v.read_file(b"/work/f").unwrap().as_slice(), b"a\n");
}
