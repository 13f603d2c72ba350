//! Command-level tests of the checksum commands (the line reader and the algorithms have
//! their own beside them).

use super::super::testutil::*;

const HELLO_MD5: &str = "b1946ac92492d2347c6235b4d2611184";

#[test]
fn digests() {
    let files: &[(&str, &[u8])] = &[("a", b"hello\n"), ("b\\c", b"x")];
    assert_eq!(
        text(run_files(&["md5sum", "a", "-"], b"hello\n", files)).1,
        format!("{HELLO_MD5}  a\n{HELLO_MD5}  -\n")
    );
    assert_eq!(
        text(run_files(&["md5sum", "-b", "a"], b"", files)).1,
        format!("{HELLO_MD5} *a\n")
    );
    assert_eq!(
        text(run_files(&["md5sum", "--tag", "a"], b"", files)).1,
        format!("MD5 (a) = {HELLO_MD5}\n")
    );
    assert_eq!(
        text(run_files(&["md5sum", "b\\c"], b"", files)).1,
        "\\9dd4e461268c8034f5c8564e155c67a6  b\\\\c\n"
    );
    assert_eq!(
        text(run_files(&["md5sum", "nope"], b"", files)),
        (
            1,
            String::new(),
            "md5sum: nope: No such file or directory\n".into()
        )
    );
    assert_eq!(
        text(run(&["sha1sum"], b"hello\n")).1,
        "f572d396fae9206628714fb2ce00f72e94f2258f  -\n"
    );
    assert_eq!(
        text(run(&["sha256sum"], b"hello\n")).1,
        "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03  -\n"
    );
    assert_eq!(
        text(run(&["sha224sum"], b"")).1,
        "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f  -\n"
    );
    assert!(text(run(&["sha384sum"], b""))
        .1
        .starts_with("38b060a751ac96384cd9327eb1b1e36a21fdb71114be0743"));
    assert!(text(run(&["sha512sum"], b""))
        .1
        .starts_with("cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"));
    assert_eq!(text(run_files(&["b2sum", "a"], b"", files)).1, "f60ce482e5cc1229f39d71313171a8d9f4ca3a87d066bf4b205effb528192a75f14f3271e2c1a90e1de53f275b4d4793eef2f5e31ea90d2ce29d2e481c36435f  a\n");
    assert_eq!(
        text(run_files(&["b2sum", "-l", "128", "a"], b"", files)).1,
        "ea41b4de6c03f13a95758b28dd75693e  a\n"
    );
    assert_eq!(
        run_files(&["sha256sum", "-z", "a"], b"", files).1.last(),
        Some(&0u8)
    );
}

#[test]
fn check_mode() {
    let list =
        format!("{HELLO_MD5}  a\n0000  b\\c\ngarbage\nd41d8cd98f00b204e9800998ecf8427e  nofile\n");
    let files: &[(&str, &[u8])] = &[("a", b"hello\n"), ("s", list.as_bytes())];
    assert_eq!(
        text(run_files(&["md5sum", "-c", "s"], b"", files)),
        (1, "a: OK\nnofile: FAILED open or read\n".into(), "md5sum: nofile: No such file or directory\nmd5sum: WARNING: 2 lines are improperly formatted\nmd5sum: WARNING: 1 listed file could not be read\n".into())
    );
    assert_eq!(
        text(run_files(&["md5sum", "--status", "-c", "s"], b"", files)),
        (1, String::new(), String::new())
    );
    assert_eq!(
        text(run_files(
            &["md5sum", "-c", "--ignore-missing", "s"],
            b"",
            files
        )),
        (
            0,
            "a: OK\n".into(),
            "md5sum: WARNING: 2 lines are improperly formatted\n".into()
        )
    );
    let bad = format!("{HELLO_MD5}  a\nb1946ac92492d2347c6235b4d2611185  a\n");
    assert_eq!(
        text(run_files(&["md5sum", "-c"], bad.as_bytes(), files)),
        (
            1,
            "a: OK\na: FAILED\n".into(),
            "md5sum: WARNING: 1 computed checksum did NOT match\n".into()
        )
    );
    assert_eq!(
        text(run_files(
            &["md5sum", "-c", "--quiet"],
            bad.as_bytes(),
            files
        ))
        .1,
        "a: FAILED\n"
    );
    assert_eq!(text(run_files(&["md5sum", "-c", "-w"], b"bad\n", files)).2, "md5sum: 'standard input': 1: improperly formatted MD5 checksum line\nmd5sum: 'standard input': no properly formatted checksum lines found\n");
    let tagged = format!("MD5 (a) = {HELLO_MD5}\n");
    assert_eq!(
        text(run_files(&["md5sum", "-c"], tagged.as_bytes(), files)),
        (0, "a: OK\n".into(), String::new())
    );
}

#[test]
fn cksum_crc() {
    assert_eq!(
        text(run_files(&["cksum", "a"], b"", &[("a", b"hello\n")])).1,
        "3015617425 6 a\n"
    );
    assert_eq!(text(run(&["cksum"], b"hello\n")).1, "3015617425 6\n");
    assert_eq!(text(run(&["cksum"], b"")).1, "4294967295 0\n");
}

#[test]
fn cksum_algorithms() {
    let files: &[(&str, &[u8])] = &[("a", b"hello\n"), ("b\\c", b"x")];
    assert_eq!(
        text(run_files(&["cksum", "-a", "md5", "a", "b\\c"], b"", files)).1,
        format!("MD5 (a) = {HELLO_MD5}\n\\MD5 (b\\\\c) = 9dd4e461268c8034f5c8564e155c67a6\n")
    );
    assert_eq!(
        text(run_files(
            &["cksum", "-a", "md5", "--untagged", "a"],
            b"",
            files
        ))
        .1,
        format!("{HELLO_MD5}  a\n")
    );
    assert_eq!(
        text(run_files(
            &["cksum", "-a", "blake2b", "-l", "8", "a"],
            b"",
            files
        ))
        .1,
        "BLAKE2b-8 (a) = 27\n"
    );
    assert_eq!(
        text(run_files(&["cksum", "-a", "bsd", "a", "-"], b"", files)).1,
        "36979     1 a\n00000     0 -\n"
    );
    let (status, _, err) = text(run(&["cksum", "-l", "256", "-"], b""));
    assert_eq!(
        (status, err.as_str()),
        (
            1,
            "cksum: --length is only supported with --algorithm=blake2b\n"
        )
    );
    let (status, _, err) = text(run(&["cksum", "-a", "MD5"], b""));
    assert_eq!(status, 1);
    assert!(
        err.starts_with(
            "cksum: invalid argument 'MD5' for '--algorithm'\nValid arguments are:\n  - 'bsd'\n"
        ),
        "{err}"
    );
    assert_eq!(
        text(run(&["cksum", "-b"], b"")),
        (
            1,
            String::new(),
            "Try 'cksum --help' for more information.\n".into()
        )
    );
}

#[test]
fn cksum_check_reads_each_lines_tag() {
    let list = format!(
        "MD5 (a) = {HELLO_MD5}\nSHA1 (a) = f572d396fae9206628714fb2ce00f72e94f2258f\n{HELLO_MD5}  a\nCRC (a) = 1\n"
    );
    let files: &[(&str, &[u8])] = &[("a", b"hello\n"), ("l", list.as_bytes())];
    assert_eq!(
        text(run_files(&["cksum", "-c", "-w", "l"], b"", files)),
        (
            0,
            "a: OK\na: OK\n".into(),
            "cksum: l: 3: improperly formatted SHA1 checksum line\ncksum: l: 4: improperly formatted SHA1 checksum line\ncksum: WARNING: 2 lines are improperly formatted\n".into()
        )
    );
    // With -a, untagged lines of that algorithm are read too.
    assert_eq!(
        text(run_files(&["cksum", "-a", "md5", "-c", "l"], b"", files)).1,
        "a: OK\na: OK\n"
    );
    assert_eq!(
        text(run_files(&["cksum", "-a", "crc", "-c", "l"], b"", files)),
        (
            1,
            String::new(),
            "cksum: --check is not supported with --algorithm={bsd,sysv,crc}\n".into()
        )
    );
}

#[test]
fn sum_bsd_and_sysv() {
    let files: &[(&str, &[u8])] = &[("a", b"hello\n")];
    assert_eq!(
        text(run_files(&["sum", "a"], b"", files)).1,
        "36979     1 a\n"
    );
    assert_eq!(
        text(run_files(&["sum", "-s", "a"], b"", files)).1,
        "542 1 a\n"
    );
    assert_eq!(text(run(&["sum"], b"hello\n")).1, "36979     1\n");
}
