//! Unit tests for `tree`: drawing, errors, refusals, `-l` loops, patterns, sizes, metering.

use super::super::testutil::*;
use super::*;

fn tree(k: &std::rc::Rc<crate::process::Kernel>, argv: &[&str]) -> (i32, String, String) {
    text(run_on(k, argv, b""))
}

#[test]
fn draws_ascii_in_c_and_utf8_by_locale() {
    let k = machine(&[("d/a/x", b"1"), ("d/b", b"22")]);
    let ascii = "d\n|-- a\n|   `-- x\n`-- b\n\n2 directories, 2 files\n";
    assert_eq!(tree(&k, &["tree", "d"]), (0, ascii.into(), String::new()));
    let mut env = std::collections::BTreeMap::new();
    env.insert(b"LANG".to_vec(), b"C.UTF-8".to_vec());
    let r = text(run_env(&k, &["tree", "d"], b"", env));
    assert_eq!(
        r.1,
        "d\n\u{251c}\u{2500}\u{2500} a\n\u{2502}\u{a0}\u{a0} \u{2514}\u{2500}\u{2500} x\n\u{2514}\u{2500}\u{2500} b\n\n2 directories, 2 files\n"
    );
}

#[test]
fn errors_and_statuses() {
    let k = machine(&[("f", b"x"), ("e/", b"")]);
    assert_eq!(
        tree(&k, &["tree", "nope", "f", "e"]),
        (
            2,
            "nope  [error opening dir]\nf  [error opening dir]\ne\n\n0 directories, 1 file\n"
                .into(),
            String::new()
        )
    );
    let r = tree(&k, &["tree", "-Z"]);
    assert_eq!(r.0, 1);
    assert!(r
        .2
        .starts_with("tree: Invalid argument -`Z'.\nusage: tree [-acdfghilnpqrstuvxACDFJQNSUX]"));
    assert_eq!(r.2.lines().count(), 9);
    assert_eq!(
        tree(&k, &["tree", "-L", "0"]).2,
        "tree: Invalid level, must be greater than 0.\n"
    );
    assert_eq!(
        tree(&k, &["tree", "-I"]).2,
        "tree: Missing argument to -I option.\n"
    );
    assert_eq!(
        tree(&k, &["tree", "--sort="]).2,
        "tree: Missing argument to --sort=\n"
    );
}

#[test]
fn unmodeled_options_are_refused() {
    let k = machine(&[("f", b"x")]);
    for (arg, what) in [
        ("-J", "-J"),
        ("-C", "-C"),
        ("--du", "--du"),
        ("--charset=latin1", "--charset=latin1"),
        ("--sort=version", "--sort=version"),
    ] {
        assert_eq!(
            tree(&k, &["tree", arg]),
            (
                2,
                String::new(),
                format!("tree: {what} is not supported in this simulator\n")
            )
        );
    }
    // A real usage error found later on the line still wins, as tree stops there.
    assert_eq!(tree(&k, &["tree", "-J", "-L"]).0, 1);
    let r = tree(&k, &["tree", "-o"]);
    assert_eq!(
        (r.0, r.2.as_str()),
        (1, "tree: Missing argument to -o option.\n")
    );
}

#[test]
fn follows_links_once() {
    let k = machine(&[("d/s/x", b"1")]);
    k.vfs.borrow_mut().symlink(b"..", b"/work/d/s/up").unwrap();
    assert_eq!(
        tree(&k, &["tree", "-l", "d"]).1,
        "d\n`-- s\n    |-- up -> ..  [recursive, not followed]\n    `-- x\n\n3 directories, 1 file\n"
    );
    assert_eq!(
        tree(&k, &["tree", "-F", "d"]).1,
        "d/\n`-- s/\n    |-- up -> ../\n    `-- x\n\n3 directories, 1 file\n"
    );
}

#[test]
fn patterns_like_tree() {
    let m = |n: &str, p: &str| pat_match(n.as_bytes(), p.as_bytes(), false, false);
    assert_eq!(m("main.rs", "*.rs"), 1);
    assert_eq!(m("main.rs", "m?in.*"), 1);
    assert_eq!(m("main.rs", "[a-l]*"), 0);
    assert_eq!(m("main.rs", "[^a-l]*"), 1);
    assert_eq!(m("main.rs", "x|*.rs"), 1);
    assert_eq!(m("main.rs", "|x"), -1);
    assert_eq!(m("a*b", "a\\*b"), 1);
    assert_eq!(pat_match(b"lib", b"lib/", true, false), 1);
    assert_eq!(pat_match(b"lib", b"lib/", false, false), 0);
    assert_eq!(pat_match(b"MAIN", b"m*", false, true), 1);
}

#[test]
fn sizes_round_like_printf() {
    assert_eq!(psize(1280, true, false), " 1.2K");
    assert_eq!(psize(10752, true, false), "  10K");
    assert_eq!(psize(11776, true, false), "  12K");
    assert_eq!(psize(1023, true, false), " 1023");
    assert_eq!(psize(4096, true, true), " 4.1k");
    assert_eq!(psize(7, false, false), "           7");
}

#[test]
fn charges_per_entry() {
    let few: Vec<(String, &[u8])> = (0..10).map(|i| (format!("d/f{i}"), &b""[..])).collect();
    let many: Vec<(String, &[u8])> = (0..1000).map(|i| (format!("d/f{i}"), &b""[..])).collect();
    let cpu = |files: &[(String, &[u8])]| {
        let files: Vec<(&str, &[u8])> = files.iter().map(|(n, d)| (n.as_str(), *d)).collect();
        let k = machine(&files);
        let before = k.meter.cpu_used();
        assert_eq!(tree(&k, &["tree", "--noreport", "d"]).0, 0);
        k.meter.cpu_used() - before
    };
    let (a, b) = (cpu(&few), cpu(&many));
    assert!(b - a >= 990 * 2 * cost::PATH_COMPONENT, "{a} {b}");
}

#[test]
fn stops_when_cpu_runs_out() {
    let files: Vec<(String, &[u8])> = (0..2000)
        .map(|i| (format!("d/{}/f{i}", i % 50), &b""[..]))
        .collect();
    let files: Vec<(&str, &[u8])> = files.iter().map(|(n, d)| (n.as_str(), *d)).collect();
    let limits = crate::limits::Limits {
        cpu: 3_000,
        ..Default::default()
    };
    let k = crate::process::Kernel::new(limits, crate::process::MachineInfo::default());
    for (name, data) in files {
        let p = path::join(b"/work", name.as_bytes());
        let mut vfs = k.vfs.borrow_mut();
        vfs.mkdir_all(&path::parent(&p), 0o755).unwrap();
        vfs.write_file(&p, data, crate::vfs::WriteMode::Truncate)
            .unwrap();
    }
    let (status, out, _) = tree(&k, &["tree", "d"]);
    assert_ne!(status, 0);
    assert!(!out.contains("directories"));
}
