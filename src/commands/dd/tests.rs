//! Expectations checked against GNU coreutils 9.1 `dd` (with the elapsed time a real run
//! takes replaced by the virtual clock's 0 s, which GNU prints as `0 s, Infinity B/s`).

use super::args::parse_number;
use crate::commands::testutil::*;

const ZERO_TIME: &str = "copied, 0 s, Infinity B/s\n";

fn t(files: &[(&str, &[u8])], argv: &[&str], stdin: &[u8]) -> (i32, String, String) {
    text(run_files(argv, stdin, files))
}

#[test]
fn copies_stdin_with_gnu_summary() {
    assert_eq!(
        t(&[], &["dd"], b"I WANT\n"),
        (
            0,
            "I WANT\n".into(),
            format!("0+1 records in\n0+1 records out\n7 bytes {ZERO_TIME}")
        )
    );
    assert_eq!(
        t(&[], &["dd", "status=noxfer"], b"x"),
        (0, "x".into(), "0+1 records in\n0+1 records out\n".into())
    );
    assert_eq!(
        t(&[], &["dd", "status=none"], b"x"),
        (0, "x".into(), String::new())
    );
    assert_eq!(
        t(
            &[],
            &["dd", "count=3", "iflag=count_bytes", "status=none"],
            b"I WANT\n"
        )
        .1,
        "I W"
    );
}

#[test]
fn blocks_records_and_conversions() {
    let (s, out, err) = t(&[], &["dd", "ibs=3", "obs=2", "conv=sync"], b"abcdefgh");
    assert_eq!((s, out.as_str()), (0, "abcdefgh\0"));
    assert_eq!(
        err,
        format!("2+1 records in\n4+1 records out\n9 bytes {ZERO_TIME}")
    );
    assert_eq!(
        t(
            &[],
            &["dd", "bs=3", "conv=swab,ucase", "status=none"],
            b"abcdefgh"
        )
        .1,
        "BADCFEHG"
    );
    let (_, out, err) = t(&[], &["dd", "ibs=2", "obs=3", "conv=swab"], b"abcdefg");
    assert_eq!(out, "badcfeg");
    assert!(err.starts_with("3+1 records in\n2+1 records out\n7 bytes copied"));
    assert_eq!(
        t(
            &[],
            &[
                "dd",
                "bs=4",
                "count=2",
                "iflag=fullblock",
                "skip=1",
                "status=none"
            ],
            b"abcdefghij"
        )
        .1,
        "efghij"
    );
}

#[test]
fn files_seek_skip_and_truncation() {
    let k = machine(&[
        ("f8", b"abcdefgh"),
        ("f10", b"XXXXXXXXXXXX"),
        ("f5", b"hello\n"),
    ]);
    let (s, _, err) = text(run_on(&k, &["dd", "if=f8", "of=f9", "seek=2", "bs=2"], b""));
    assert_eq!(s, 0);
    assert_eq!(
        err,
        format!("4+0 records in\n4+0 records out\n8 bytes {ZERO_TIME}")
    );
    assert_eq!(
        &**k.vfs.borrow().read_file(b"/work/f9").unwrap(),
        b"\0\0\0\0abcdefgh"
    );
    let argv = [
        "dd",
        "if=f8",
        "of=f10",
        "seek=1",
        "bs=2",
        "count=1",
        "conv=notrunc",
    ];
    assert_eq!(run_on(&k, &argv, b"").0, 0);
    assert_eq!(
        &**k.vfs.borrow().read_file(b"/work/f10").unwrap(),
        b"XXabXXXXXXXX"
    );
    assert_eq!(
        text(run_on(&k, &["dd", "if=f5", "skip=10", "bs=1"], b"")).2,
        format!("dd: f5: cannot skip to specified offset\n0+0 records in\n0+0 records out\n0 bytes {ZERO_TIME}")
    );
    assert_eq!(
        text(run_on(&k, &["dd", "skip=10", "bs=1"], b"hello\n")).2,
        format!("dd: 'standard input': cannot skip to specified offset\n0+0 records in\n0+0 records out\n0 bytes {ZERO_TIME}")
    );
    assert_eq!(
        text(run_on(&k, &["dd", "seek=1", "bs=4"], b"hi\n")),
        (
            1,
            String::new(),
            format!("dd: 'standard output': cannot seek: Illegal seek\n0+0 records in\n0+0 records out\n0 bytes {ZERO_TIME}")
        )
    );
    let (s, _, err) = text(run_on(
        &k,
        &["dd", "if=/dev/zero", "of=z", "bs=1M", "count=1"],
        b"",
    ));
    assert_eq!(s, 0);
    assert_eq!(
        err,
        format!("1+0 records in\n1+0 records out\n1048576 bytes (1.0 MB, 1.0 MiB) {ZERO_TIME}")
    );
    assert_eq!(k.vfs.borrow().stat(b"/work/z").unwrap().size, 1 << 20);
    // seek without notrunc truncates to the seek point, then writes.
    assert_eq!(
        run_on(
            &k,
            &["dd", "if=/dev/zero", "of=f8", "seek=10k", "count=1"],
            b""
        )
        .0,
        0
    );
    assert_eq!(
        k.vfs.borrow().stat(b"/work/f8").unwrap().size,
        10 * 1024 * 512 + 512
    );
    assert_eq!(
        text(run_on(&k, &["dd", "if=nope"], b"")),
        (
            1,
            String::new(),
            "dd: failed to open 'nope': No such file or directory\n".into()
        )
    );
}

#[test]
fn operand_errors_like_gnu() {
    let try_line = "Try 'dd --help' for more information.\n";
    assert_eq!(
        t(&[], &["dd", "iflag=foo"], b""),
        (
            1,
            String::new(),
            format!("dd: invalid input flag: 'foo'\n{try_line}")
        )
    );
    assert_eq!(
        t(&[], &["dd", "conv=foo"], b""),
        (
            1,
            String::new(),
            format!("dd: invalid conversion: 'foo'\n{try_line}")
        )
    );
    assert_eq!(
        t(&[], &["dd", "bogus=1"], b""),
        (
            1,
            String::new(),
            format!("dd: unrecognized operand 'bogus=1'\n{try_line}")
        )
    );
    assert_eq!(
        t(&[], &["dd", "bs=0"], b""),
        (1, String::new(), "dd: invalid number: '0'\n".into())
    );
    assert_eq!(
        t(&[], &["dd", "count=-1"], b""),
        (1, String::new(), "dd: invalid number: '-1'\n".into())
    );
    let (s, _, err) = t(&[], &["dd", "conv=block"], b"");
    assert_eq!(s, 2);
    assert!(err.contains("conv=block is not supported"));
    assert_eq!(t(&[], &["dd", "status=progress"], b"").0, 2);
    assert_eq!(t(&[], &["dd", "iflag=direct"], b"").0, 2);
}

#[test]
fn numbers_take_gnu_suffixes() {
    let n = |s: &str| parse_number(s.as_bytes());
    assert_eq!(n("5"), Some(5));
    assert_eq!(n("5c"), Some(5));
    assert_eq!(n("5w"), Some(10));
    assert_eq!(n("5b"), Some(2560));
    assert_eq!(n("5k"), Some(5120));
    assert_eq!(n("5K"), Some(5120));
    assert_eq!(n("5kB"), Some(5000));
    assert_eq!(n("5KB"), Some(5000));
    assert_eq!(n("5KiB"), Some(5120));
    assert_eq!(n("5MB"), Some(5_000_000));
    assert_eq!(n("2x3"), Some(6));
    assert_eq!(n(" +5"), Some(5));
    assert_eq!(n("5m"), None);
    assert_eq!(n("5e"), None);
    assert_eq!(n("x"), None);
    assert_eq!(n("-1"), None);
}
