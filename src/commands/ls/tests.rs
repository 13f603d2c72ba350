//! Unit tests of `ls` on a small simulated tree (the differential cases recorded from GNU
//! are in tests/ls/).

use crate::commands::testutil::*;

fn setup() -> std::rc::Rc<crate::process::Kernel> {
    let k = machine(&[("a", b"hello"), ("d/", b""), ("old", b""), (".hid", b"")]);
    let mut big = Vec::new();
    for i in 1..=2000 {
        big.extend_from_slice(format!("{i}\n").as_bytes());
    }
    {
        let mut v = k.vfs.borrow_mut();
        v.write_file(b"/work/big", &big, crate::vfs::WriteMode::Truncate)
            .unwrap();
        v.chmod(b"/work/big", 0o755).unwrap();
        v.symlink(b"a", b"/work/ln").unwrap();
        v.set_times(b"/work/old", None, Some(1_577_836_800_000_000_000))
            .unwrap();
    }
    k
}

#[test]
fn long_format() {
    let k = setup();
    assert_eq!(
        text(run_on(&k, &["ls", "-l"], b"")).1,
        "total 20\n-rw-r--r-- 1 root root    5 Jan  1 00:00 a\n-rwxr-xr-x 1 root root 8893 Jan  1 00:00 big\ndrwxr-xr-x 2 root root 4096 Jan  1 00:00 d\nlrwxrwxrwx 1 root root    1 Jan  1 00:00 ln -> a\n-rw-r--r-- 1 root root    0 Jan  1  2020 old\n"
    );
    assert_eq!(
        text(run_on(&k, &["ls", "-lh", "big"], b"")).1,
        "-rwxr-xr-x 1 root root 8.7K Jan  1 00:00 big\n"
    );
}

#[test]
fn short_forms() {
    let k = setup();
    assert_eq!(text(run_on(&k, &["ls"], b"")).1, "a\nbig\nd\nln\nold\n");
    assert_eq!(
        text(run_on(&k, &["ls", "-F"], b"")).1,
        "a\nbig*\nd/\nln@\nold\n"
    );
    assert_eq!(
        text(run_on(&k, &["ls", "-A"], b"")).1,
        ".hid\na\nbig\nd\nln\nold\n"
    );
    assert_eq!(text(run_on(&k, &["ls", "-a", "d"], b"")).1, ".\n..\n");
    assert_eq!(text(run_on(&k, &["ls", "-R", "d"], b"")).1, "d:\n");
    assert_eq!(text(run_on(&k, &["ls", "a", "d"], b"")).1, "a\n\nd:\n");
    assert_eq!(text(run_on(&k, &["ls", "-d", "d"], b"")).1, "d\n");
    assert_eq!(
        text(run_on(&k, &["ls", "-S"], b"")).1,
        "big\nd\na\nln\nold\n"
    );
    assert_eq!(
        text(run_on(&k, &["ls", "-r"], b"")).1,
        "old\nln\nd\nbig\na\n"
    );
    assert_eq!(
        text(run_on(&k, &["ls", "nofile"], b"")),
        (
            2,
            String::new(),
            "ls: cannot access 'nofile': No such file or directory\n".into()
        )
    );
}

#[test]
fn unsorted_and_recent_times() {
    let k = setup();
    // The simulated file system lists names sorted, so -U gives name order; -f adds the
    // dot entries and hidden names.
    assert_eq!(
        text(run_on(&k, &["ls", "-U"], b"")).1,
        "a\nbig\nd\nln\nold\n"
    );
    assert_eq!(
        text(run_on(&k, &["ls", "-f"], b"")).1,
        ".\n..\n.hid\na\nbig\nd\nln\nold\n"
    );
    // A time within the last six months shows the clock time; older ones the year.
    assert_eq!(
        text(run_on(
            &k,
            &["ls", "-l", "--time-style=iso", "a", "old"],
            b""
        ))
        .1,
        "-rw-r--r-- 1 root root 5 01-01 00:00 a\n-rw-r--r-- 1 root root 0 2020-01-01  old\n"
    );
}

#[test]
fn refused_features_say_so() {
    let k = setup();
    let (st, out, err) = text(run_on(&k, &["ls", "--color=always"], b""));
    assert_eq!((st, out.as_str()), (2, ""));
    assert!(err.contains("not supported"), "{err}");
    let (st, _, err) = text(run_on(&k, &["ls", "-l", "--time=birth"], b""));
    assert_eq!(st, 2);
    assert!(err.contains("birth"), "{err}");
    let (st, _, _) = text(run_on(&k, &["ls", "--color=never", "-1"], b""));
    assert_eq!(st, 0);
}
