use super::*;

fn fs() -> Vfs {
    Vfs::new(1 << 20, 0)
}

#[test]
fn base_image_is_free() {
    let v = fs();
    assert_eq!(v.usage(), 0);
    assert!(v.stat(b"/work").is_ok());
    assert_eq!(v.stat(b"/tmp").unwrap().mode, 0o1777);
}

#[test]
fn write_read_and_quota_accounting() {
    let mut v = fs();
    v.write_file(b"/work/a", b"hello", WriteMode::Truncate)
        .unwrap();
    assert_eq!(v.usage(), 256 + 5);
    v.write_file(b"/work/a", b"!", WriteMode::Append).unwrap();
    assert_eq!(&**v.read_file(b"/work/a").unwrap(), b"hello!");
    assert_eq!(v.usage(), 256 + 6);
    v.remove(b"/work/a").unwrap();
    assert_eq!(v.usage(), 0);
}

#[test]
fn quota_refusal_changes_nothing() {
    let mut v = Vfs::new(258, 0);
    assert_eq!(
        v.write_file(b"/result", b"123", WriteMode::Truncate),
        Err(VfsError::NoSpace)
    );
    assert!(!v.exists(b"/result"));
    assert_eq!(v.usage(), 0);
}

#[test]
fn symlinks_resolve_and_loops_stop() {
    let mut v = fs();
    v.mkdir(b"/work/d", 0o755).unwrap();
    v.write_file(b"/work/d/f", b"x", WriteMode::Truncate)
        .unwrap();
    v.symlink(b"d", b"/work/l").unwrap();
    assert_eq!(&**v.read_file(b"/work/l/f").unwrap(), b"x");
    assert_eq!(v.canonicalize(b"/work/l/f").unwrap(), b"/work/d/f");
    v.symlink(b"/work/loop", b"/work/loop").unwrap();
    assert_eq!(v.read_file(b"/work/loop"), Err(VfsError::Loop));
    // Writing through a dangling symlink creates the target.
    v.symlink(b"/work/target", b"/work/dangling").unwrap();
    v.write_file(b"/work/dangling", b"y", WriteMode::Truncate)
        .unwrap();
    assert_eq!(&**v.read_file(b"/work/target").unwrap(), b"y");
}

#[test]
fn dotdot_is_physical_after_symlinks() {
    let mut v = fs();
    v.mkdir_all(b"/work/a/b", 0o755).unwrap();
    v.symlink(b"/work/a/b", b"/work/s").unwrap();
    v.write_file(b"/work/a/x", b"1", WriteMode::Truncate)
        .unwrap();
    assert_eq!(&**v.read_file(b"/work/s/../x").unwrap(), b"1");
}

#[test]
fn snapshot_is_independent_and_diff_follows_change() {
    let mut v = fs();
    v.mkdir_all(b"/work/src/deep", 0o755).unwrap();
    v.write_file(b"/work/src/deep/a", b"1", WriteMode::Truncate)
        .unwrap();
    v.write_file(b"/work/keep", b"k", WriteMode::Truncate)
        .unwrap();
    let snap = v.clone();
    v.write_file(b"/work/src/deep/a", b"2", WriteMode::Truncate)
        .unwrap();
    v.write_file(b"/work/new", b"n", WriteMode::Truncate)
        .unwrap();
    v.remove(b"/work/keep").unwrap();
    assert_eq!(&**snap.read_file(b"/work/src/deep/a").unwrap(), b"1");
    let changes = v.diff(&snap, b"/work");
    let paths: Vec<(String, ChangeKind)> = changes
        .iter()
        .map(|c| (String::from_utf8_lossy(&c.path).into_owned(), c.kind))
        .collect();
    assert_eq!(
        paths,
        vec![
            ("/work/keep".to_string(), ChangeKind::Deleted),
            ("/work/new".to_string(), ChangeKind::Added),
            ("/work/src/deep/a".to_string(), ChangeKind::Modified),
        ]
    );
}

#[test]
fn rename_moves_and_refuses_into_itself() {
    let mut v = fs();
    v.mkdir_all(b"/work/a/b", 0o755).unwrap();
    assert_eq!(
        v.rename(b"/work/a", b"/work/a/b/c"),
        Err(VfsError::IntoItself)
    );
    v.write_file(b"/work/f", b"data", WriteMode::Truncate)
        .unwrap();
    let before = v.usage();
    v.rename(b"/work/f", b"/work/a/g").unwrap();
    assert_eq!(v.usage(), before);
    assert!(!v.exists(b"/work/f"));
    assert_eq!(&**v.read_file(b"/work/a/g").unwrap(), b"data");
}

#[test]
fn remove_tree_frees_everything() {
    let mut v = fs();
    v.mkdir_all(b"/work/t/u", 0o755).unwrap();
    v.write_file(b"/work/t/u/f", b"abc", WriteMode::Truncate)
        .unwrap();
    assert_eq!(v.remove(b"/work/t"), Err(VfsError::NotEmpty));
    v.remove_tree(b"/work/t").unwrap();
    assert_eq!(v.usage(), 0);
}

#[test]
fn tiny_quota_still_has_the_base_image() {
    let v = Vfs::new(0, 0);
    assert!(v.stat(b"/work").is_ok());
    assert_eq!(v.usage(), 0);
}
