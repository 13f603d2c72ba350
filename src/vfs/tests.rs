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

fn linked_pair() -> Vfs {
    let mut v = fs();
    v.mkdir(b"/work/d", 0o755).unwrap();
    v.write_file(b"/work/a", b"hello", WriteMode::Truncate)
        .unwrap();
    v.link(b"/work/a", b"/work/d/b", false).unwrap();
    v
}

#[test]
fn hard_link_shares_content_and_metadata() {
    let mut v = linked_pair();
    let (a, b) = (v.stat(b"/work/a").unwrap(), v.stat(b"/work/d/b").unwrap());
    assert_eq!((a.ino, a.nlink), (b.ino, 2));
    assert_eq!(b.file_type, FileType::File);
    v.write_file(b"/work/d/b", b" world", WriteMode::Append)
        .unwrap();
    assert_eq!(&**v.read_file(b"/work/a").unwrap(), b"hello world");
    v.chmod(b"/work/a", 0o600).unwrap();
    assert_eq!(v.stat(b"/work/d/b").unwrap().mode, 0o600);
    v.write_at(b"/work/a", 0, b"J").unwrap();
    v.truncate(b"/work/d/b", 5).unwrap();
    assert_eq!(&**v.read_file(b"/work/a").unwrap(), b"Jello");
    assert_eq!(
        v.read_dir(b"/work/d").unwrap(),
        vec![(b"b".to_vec(), FileType::File)]
    );
    // A third name through a name that is already a link.
    v.link(b"/work/d/b", b"/work/c", false).unwrap();
    assert_eq!(v.stat(b"/work/c").unwrap().nlink, 3);
}

#[test]
fn removing_one_name_keeps_the_others_and_quota_counts_content_once() {
    let mut v = fs();
    v.write_file(b"/work/a", b"12345", WriteMode::Truncate)
        .unwrap();
    assert_eq!(v.usage(), cost::NODE_DISK_OVERHEAD + 5);
    v.link(b"/work/a", b"/work/b", false).unwrap();
    assert_eq!(v.usage(), 2 * cost::NODE_DISK_OVERHEAD + 5);
    v.write_file(b"/work/b", b"1234567", WriteMode::Truncate)
        .unwrap();
    assert_eq!(v.usage(), 2 * cost::NODE_DISK_OVERHEAD + 7);
    v.remove(b"/work/a").unwrap();
    assert_eq!(v.usage(), cost::NODE_DISK_OVERHEAD + 7);
    assert_eq!(v.stat(b"/work/b").unwrap().nlink, 1);
    assert_eq!(&**v.read_file(b"/work/b").unwrap(), b"1234567");
    v.remove(b"/work/b").unwrap();
    assert_eq!(v.usage(), 0);
    assert!(!v.has_links());
}

#[test]
fn remove_tree_and_rename_over_release_names() {
    let mut v = linked_pair();
    v.remove_tree(b"/work/d").unwrap();
    assert_eq!(v.stat(b"/work/a").unwrap().nlink, 1);
    assert_eq!(v.usage(), cost::NODE_DISK_OVERHEAD + 5);
    let mut v = linked_pair();
    v.write_file(b"/work/x", b"other", WriteMode::Truncate)
        .unwrap();
    v.rename(b"/work/x", b"/work/a").unwrap();
    assert_eq!(v.stat(b"/work/d/b").unwrap().nlink, 1);
    assert_eq!(&**v.read_file(b"/work/d/b").unwrap(), b"hello");
    assert_eq!(v.usage(), 3 * cost::NODE_DISK_OVERHEAD + 10);
    // Renaming keeps the inode; renaming one name onto another of the same inode does nothing.
    let mut v = linked_pair();
    let ino = v.stat(b"/work/a").unwrap().ino;
    v.rename(b"/work/a", b"/work/e").unwrap();
    assert_eq!(v.stat(b"/work/e").unwrap().ino, ino);
    v.rename(b"/work/e", b"/work/d/b").unwrap();
    assert!(v.exists(b"/work/e"));
    assert_eq!(v.stat(b"/work/d/b").unwrap().nlink, 2);
}

#[test]
fn link_errors() {
    let mut v = linked_pair();
    let usage = v.usage();
    assert_eq!(
        v.link(b"/work/d", b"/work/e", false),
        Err(VfsError::NotPermitted)
    );
    assert_eq!(
        v.link(b"/work/a", b"/work/d/b", false),
        Err(VfsError::Exists)
    );
    assert_eq!(
        v.link(b"/work/none", b"/work/e", false),
        Err(VfsError::NotFound)
    );
    assert_eq!(
        v.link(b"/dev/null", b"/work/e", false),
        Err(VfsError::CrossDevice)
    );
    assert_eq!(v.usage(), usage);
    let mut tight = Vfs::new(cost::NODE_DISK_OVERHEAD + 5, 0);
    tight
        .write_file(b"/work/a", b"12345", WriteMode::Truncate)
        .unwrap();
    assert_eq!(
        tight.link(b"/work/a", b"/work/b", false),
        Err(VfsError::NoSpace)
    );
    assert_eq!(tight.stat(b"/work/a").unwrap().nlink, 1);
}

#[test]
fn linked_symlinks_still_resolve() {
    let mut v = linked_pair();
    v.symlink(b"a", b"/work/s").unwrap();
    v.link(b"/work/s", b"/work/s2", false).unwrap();
    assert_eq!(v.lstat(b"/work/s2").unwrap().file_type, FileType::Symlink);
    assert_eq!(v.lstat(b"/work/s2").unwrap().nlink, 2);
    assert_eq!(v.read_link(b"/work/s2").unwrap(), b"a");
    assert_eq!(&**v.read_file(b"/work/s2").unwrap(), b"hello");
    // Following the symlink links its target instead.
    v.link(b"/work/s", b"/work/f", true).unwrap();
    assert_eq!(v.stat(b"/work/a").unwrap().nlink, 3);
    assert_eq!(v.lstat(b"/work/f").unwrap().file_type, FileType::File);
}

#[test]
fn snapshots_do_not_see_later_writes_through_any_name() {
    let mut v = linked_pair();
    let snap = v.clone();
    v.write_file(b"/work/d/b", b"changed", WriteMode::Truncate)
        .unwrap();
    v.chmod(b"/work/a", 0o600).unwrap();
    assert_eq!(&**snap.read_file(b"/work/a").unwrap(), b"hello");
    assert_eq!(&**snap.read_file(b"/work/d/b").unwrap(), b"hello");
    assert_eq!(snap.stat(b"/work/a").unwrap().mode, 0o644);
    let paths: Vec<(Vec<u8>, ChangeKind)> = v
        .diff(&snap, b"/work")
        .into_iter()
        .map(|c| (c.path, c.kind))
        .collect();
    assert_eq!(
        paths,
        vec![
            (b"/work/a".to_vec(), ChangeKind::Modified),
            (b"/work/d/b".to_vec(), ChangeKind::Modified),
        ]
    );
    // Making a link changes no content: only the new name shows.
    let mut w = fs();
    w.write_file(b"/work/a", b"x", WriteMode::Truncate).unwrap();
    let before = w.clone();
    w.link(b"/work/a", b"/work/b", false).unwrap();
    let added: Vec<Vec<u8>> = w.diff(&before, b"/").into_iter().map(|c| c.path).collect();
    assert_eq!(added, vec![b"/work/b".to_vec()]);
}

#[test]
fn copies_of_a_linked_name_are_independent() {
    let mut v = linked_pair();
    v.copy_node(b"/work/d", b"/work/d2", false).unwrap();
    assert_eq!(v.stat(b"/work/d2/b").unwrap().nlink, 1);
    v.write_file(b"/work/d2/b", b"mine", WriteMode::Truncate)
        .unwrap();
    assert_eq!(&**v.read_file(b"/work/a").unwrap(), b"hello");
}

#[test]
fn restoring_a_subtree_relinks() {
    let mut v = fs();
    v.mkdir(b"/work/w", 0o755).unwrap();
    v.write_file(b"/work/w/a", b"base", WriteMode::Truncate)
        .unwrap();
    v.link(b"/work/w/a", b"/tmp/outside", false).unwrap();
    let baseline = v.clone();
    let usage = v.usage();
    v.write_file(b"/tmp/outside", b"changed!", WriteMode::Truncate)
        .unwrap();
    v.link(b"/work/w/a", b"/work/w/c", false).unwrap();
    v.remove(b"/work/w/a").unwrap();
    v.restore_subtree(&baseline, b"/work/w").unwrap();
    assert_eq!(&**v.read_file(b"/work/w/a").unwrap(), b"base");
    assert_eq!(&**v.read_file(b"/tmp/outside").unwrap(), b"base");
    assert!(!v.exists(b"/work/w/c"));
    assert_eq!(v.stat(b"/tmp/outside").unwrap().nlink, 2);
    assert_eq!(v.usage(), usage);
    assert!(v.diff(&baseline, b"/").is_empty());
}
