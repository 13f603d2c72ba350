use super::super::testutil::*;
use std::rc::Rc;

fn k() -> Rc<crate::process::Kernel> {
    let k = machine(&[
        ("d/f", b"hi\n"),
        ("d/e/", b""),
        ("d/e/g.c", b""),
        ("d/.h", b"12345"),
    ]);
    k.vfs.borrow_mut().symlink(b"f", b"/work/d/l").unwrap();
    k
}

fn t(k: &Rc<crate::process::Kernel>, argv: &[&str]) -> (i32, String, String) {
    text(run_on(k, argv, b""))
}

#[test]
fn walks_and_tests() {
    let k = k();
    assert_eq!(t(&k, &["find", "d"]).1, "d\nd/.h\nd/e\nd/e/g.c\nd/f\nd/l\n");
    assert_eq!(t(&k, &["find", "d", "-name", "*.c"]).1, "d/e/g.c\n");
    assert_eq!(
        t(&k, &["find", "d", "-type", "f", "-o", "-type", "l"]).1,
        "d/.h\nd/e/g.c\nd/f\nd/l\n"
    );
    assert_eq!(
        t(
            &k,
            &[
                "find",
                "d",
                "-mindepth",
                "1",
                "-maxdepth",
                "1",
                "-type",
                "d,f"
            ]
        )
        .1,
        "d/.h\nd/e\nd/f\n"
    );
    assert_eq!(
        t(&k, &["find", "d", "-name", "e", "-prune", "-o", "-print"]).1,
        "d\nd/.h\nd/f\nd/l\n"
    );
    assert_eq!(t(&k, &["find", "d", "-empty"]).1, "d/e/g.c\n");
    assert_eq!(
        t(&k, &["find", "d", "-size", "+1c", "-type", "f"]).1,
        "d/.h\nd/f\n"
    );
    assert_eq!(t(&k, &["find", "d", "-size", "-1k"]).1, "d/e/g.c\n");
    assert_eq!(
        t(&k, &["find", "d", "!", "-type", "d", "-path", "d/e*"]).1,
        "d/e/g.c\n"
    );
    assert_eq!(
        t(&k, &["find", "d", "-regex", "d/\\(e\\|f\\)"]).1,
        "d/e\nd/f\n"
    );
    assert_eq!(t(&k, &["find", "d", "-regex", ".*\\.c"]).1, "d/e/g.c\n");
    assert_eq!(t(&k, &["find", "d", "-perm", "755"]).1, "d\nd/e\n");
    assert_eq!(t(&k, &["find", "d", "-perm", "/111", "-type", "f"]).1, "");
    assert_eq!(
        t(
            &k,
            &["find", "d", "-perm", "-u+w", "-type", "f", "-name", "f"]
        )
        .1,
        "d/f\n"
    );
    assert_eq!(
        t(&k, &["find", "d", "-mtime", "0", "-name", "f"]).1,
        "d/f\n"
    );
    assert_eq!(t(&k, &["find", "d", "-mmin", "+1"]).1, "");
    assert_eq!(
        t(&k, &["find", "d", "-name", "f", "-quit", "-o", "-print"]).1,
        "d\nd/.h\nd/e\nd/e/g.c\n"
    );
    assert_eq!(
        t(&k, &["find", "d", "-depth", "-name", "[de]"]).1,
        "d/e\nd\n"
    );
    assert_eq!(
        t(&k, &["find", "-L", "d", "-type", "f", "-name", "l"]).1,
        "d/l\n"
    );
    assert_eq!(
        t(&k, &["find", "d/", "-maxdepth", "1", "-name", "f"]).1,
        "d/f\n"
    );
    assert_eq!(t(&k, &["find", "d", "-name", "f", "-print0"]).1, "d/f\0");
}

#[test]
fn printf() {
    let k = k();
    assert_eq!(
        t(
            &k,
            &[
                "find",
                "d",
                "-maxdepth",
                "1",
                "-name",
                "[df]",
                "-printf",
                "%p %d %y %m %M %s %P %f %h %k\\n"
            ]
        )
        .1,
        "d 0 d 755 drwxr-xr-x 4096  d . 4\nd/f 1 f 644 -rw-r--r-- 3 f f d 4\n"
    );
    assert_eq!(t(&k, &["find", "d/f", "-printf", "%t|%T@|%TY-%Tm-%Td %TH:%TM:%TS|%T+|%Tk|%a\\n"]).1, "Wed Jan  1 00:00:00.0000000000 2025|1735689600.0000000000|2025-01-01 00:00:00.0000000000|2025-01-01+00:00:00.0000000000| 0|Wed Jan  1 00:00:00.0000000000 2025\n");
    assert_eq!(
        t(
            &k,
            &[
                "find",
                "d",
                "-maxdepth",
                "1",
                "-name",
                "[df]",
                "-printf",
                "%10p|%-5s|\\n"
            ]
        )
        .1,
        "         d|4096 |\n       d/f|3    |\n"
    );
    assert_eq!(
        t(
            &k,
            &[
                "find",
                "d/",
                "-maxdepth",
                "0",
                "-printf",
                "%p %f %h %P %H\\n"
            ]
        )
        .1,
        "d/ d/ d  d/\n"
    );
    assert_eq!(
        t(&k, &["find", "d/l", "-printf", "%l %u %g %%\\n"]).1,
        "f root root %\n"
    );
    assert_eq!(
        t(&k, &["find", "d", "-maxdepth", "0", "-printf", "a\\zb\\n"]),
        (
            0,
            "a\\zb\n".into(),
            "find: warning: unrecognized escape `\\z'\n".into()
        )
    );
}

#[test]
fn exec_and_delete() {
    let k = k();
    assert_eq!(
        t(
            &k,
            &["find", "d", "-name", "*.c", "-exec", "echo", "x{}y", ";"]
        )
        .1,
        "xd/e/g.cy\n"
    );
    assert_eq!(
        t(&k, &["find", "d", "-type", "f", "-exec", "echo", "{}", "+"]).1,
        "d/.h d/e/g.c d/f\n"
    );
    assert_eq!(
        t(
            &k,
            &["find", "d", "-name", "g.c", "-execdir", "echo", "{}", ";"]
        )
        .1,
        "./g.c\n"
    );
    assert_eq!(
        t(
            &k,
            &["find", "d", "-name", "f", "-exec", "false", ";", "-o", "-name", "f", "-print"]
        )
        .1,
        "d/f\n"
    );
    assert_eq!(
        t(
            &k,
            &["find", "d", "-type", "f", "-exec", "false", "{}", "+"]
        )
        .0,
        1
    );
    assert_eq!(
        t(&k, &["find", "d", "-name", "e", "-delete"]),
        (
            1,
            String::new(),
            "find: cannot delete 'd/e': Directory not empty\n".into()
        )
    );
    assert_eq!(t(&k, &["find", "d", "-name", "*.c", "-delete"]).0, 0);
    assert!(!k.vfs.borrow().exists(b"/work/d/e/g.c"));
    assert_eq!(
        t(&k, &["find", "d", "-empty", "-delete", "-print"]).1,
        "d/e\n"
    );
}

#[test]
fn errors() {
    let k = k();
    let e = |argv: &[&str]| t(&k, argv);
    assert_eq!(
        e(&["find", "d", "-foo"]),
        (1, String::new(), "find: unknown predicate `-foo'\n".into())
    );
    assert_eq!(
        e(&["find", "d", "-name"]).2,
        "find: missing argument to `-name'\n"
    );
    assert_eq!(
        e(&["find", "d", "-name", "f", "x"]).2,
        "find: paths must precede expression: `x'\n"
    );
    assert_eq!(
        e(&["find", "-o"]).2,
        "find: invalid expression; you have used a binary operator '-o' with nothing before it.\n"
    );
    assert_eq!(
        e(&["find", "d", "-name", "f", "-o"]).2,
        "find: expected an expression after '-o'\n"
    );
    assert_eq!(
        e(&["find", "d", "(", "-name", "f"]).2,
        "find: invalid expression; I was expecting to find a ')' somewhere but did not see one.\n"
    );
    assert_eq!(
        e(&["find", "d", "(", ")"]).2,
        "find: invalid expression; empty parentheses are not allowed.\n"
    );
    assert_eq!(
        e(&["find", "d", "!"]).2,
        "find: expected an expression after '!'\n"
    );
    assert_eq!(
        e(&["find", "d", "-type", "q"]).2,
        "find: Unknown argument to -type: q\n"
    );
    assert_eq!(
        e(&["find", "nope"]),
        (
            1,
            String::new(),
            "find: 'nope': No such file or directory\n".into()
        )
    );
    assert_eq!(
        e(&["find", "d", "-exec", "echo"]).2,
        "find: missing argument to `-exec'\n"
    );
    assert_eq!(
        e(&["find", "-maxdepth", "x"]).2,
        "find: Expected a positive decimal integer argument to -maxdepth, but got 'x'\n"
    );
    assert_eq!(
        e(&["find", "d", "-user", "bob"]).2,
        "find: 'bob' is not the name of a known user\n"
    );
    assert_eq!(e(&["find", "d", "-ok", "echo", ";"]).0, 1);
}

#[test]
fn newer_family() {
    let k = k();
    // d/f is the only file older than 2020; the rest keep the clock's time (2025).
    let old = 1_577_836_800_000_000_000u64 - 1_000_000_000;
    k.vfs
        .borrow_mut()
        .set_times(b"/work/d/f", Some(old), Some(old))
        .unwrap();
    let e = |argv: &[&str]| t(&k, argv);
    assert_eq!(
        e(&["find", "d", "-type", "f", "-newermt", "2020-01-01"]).1,
        "d/.h\nd/e/g.c\n"
    );
    assert_eq!(
        e(&["find", "d", "-type", "f", "!", "-newermt", "@1577836800"]).1,
        "d/f\n"
    );
    assert_eq!(
        e(&["find", "d", "-type", "f", "-newerma", "d/f"]).1,
        "d/.h\nd/e/g.c\n"
    );
    assert_eq!(e(&["find", "d", "-anewer", "d/.h"]).1, "");
    assert_eq!(
        e(&["find", "d", "-newerqm", "d/f"]).2,
        "find: invalid predicate `-newerqm'\n"
    );
    assert_eq!(
        e(&["find", "d", "-newerBt", "today"]).2,
        "find: This system does not provide a way to find the birth time of a file.\nfind: invalid predicate `-newerBt'\n"
    );
    assert_eq!(
        e(&["find", "d", "-newermt", "garbage"]),
        (
            1,
            String::new(),
            "find: I cannot figure out how to interpret 'garbage' as a date or time\n".into()
        )
    );
    assert_eq!(
        e(&["find", "d", "-newermt"]).2,
        "find: The '-newermt' test needs an argument\n"
    );
}
