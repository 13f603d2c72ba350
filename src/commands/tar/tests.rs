use crate::commands::testutil::{machine, run_on, text};

#[test]
fn create_list_extract_round_trip() {
    let k = machine(&[("d/a", b"hello\n"), ("d/sub/b", b"x\n")]);
    assert_eq!(run_on(&k, &["tar", "cf", "t.tar", "d"], b"").0, 0);
    let r = text(run_on(&k, &["tar", "tf", "t.tar"], b""));
    assert_eq!(r.1, "d/\nd/a\nd/sub/\nd/sub/b\n");
    k.vfs.borrow_mut().remove_tree(b"/work/d").unwrap();
    assert_eq!(run_on(&k, &["tar", "xf", "t.tar"], b"").0, 0);
    assert_eq!(
        &**k.vfs.borrow().read_file(b"/work/d/sub/b").unwrap(),
        b"x\n"
    );
    assert_eq!(
        k.vfs.borrow().read_file(b"/work/t.tar").unwrap().len(),
        10240
    );
}

#[test]
fn safer_names() {
    assert_eq!(
        super::safer_name(b"/etc/passwd"),
        (&b"/"[..], &b"etc/passwd"[..])
    );
    assert_eq!(
        super::safer_name(b"a/../../x"),
        (&b"a/../../"[..], &b"x"[..])
    );
    assert_eq!(super::safer_name(b"a/..b/x"), (&b""[..], &b"a/..b/x"[..]));
}

#[test]
fn symlinks_never_lead_outside() {
    // An archive with `l -> /tmp` and then `l/evil`: the second must not land in /tmp.
    let k = machine(&[("src/", b"")]);
    k.vfs.borrow_mut().symlink(b"/tmp", b"/work/src/l").unwrap();
    assert_eq!(
        run_on(&k, &["tar", "cf", "a.tar", "-C", "src", "l"], b"").0,
        0
    );
    k.vfs.borrow_mut().remove(b"/work/src/l").unwrap();
    k.vfs.borrow_mut().mkdir(b"/work/src/l", 0o755).unwrap();
    k.vfs
        .borrow_mut()
        .write_file(b"/work/src/l/evil", b"x", crate::vfs::WriteMode::Truncate)
        .unwrap();
    assert_eq!(run_on(&k, &["tar", "rf", "a.tar"], b"").0, 2);
    // Build the two-member archive by concatenating.
    assert_eq!(
        run_on(&k, &["tar", "cf", "b.tar", "-C", "src", "l/evil"], b"").0,
        0
    );
    let a = k.vfs.borrow().read_file(b"/work/a.tar").unwrap();
    let b = k.vfs.borrow().read_file(b"/work/b.tar").unwrap();
    let mut both = a[..1024].to_vec();
    both.extend_from_slice(&b);
    k.vfs
        .borrow_mut()
        .write_file(b"/work/both.tar", &both, crate::vfs::WriteMode::Truncate)
        .unwrap();
    k.vfs.borrow_mut().mkdir(b"/work/out", 0o755).unwrap();
    let r = text(run_on(&k, &["tar", "xf", "both.tar", "-C", "out"], b""));
    assert!(!k.vfs.borrow().exists(b"/tmp/evil"), "{r:?}");
    assert_eq!(
        k.vfs.borrow().lstat(b"/work/out/l").unwrap().file_type,
        crate::vfs::FileType::Symlink
    );
}
