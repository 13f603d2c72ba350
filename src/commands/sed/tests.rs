use super::super::testutil::*;

fn s(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut v = vec!["sed"];
    v.extend_from_slice(args);
    text(run_files(
        &v,
        stdin.as_bytes(),
        &[("abc", b"a\nb\nc\n"), ("b", b"3\n4")],
    ))
}

#[test]
fn substitute() {
    assert_eq!(s(&["s/b*/x/g"], "baaac\n").1, "xaxaxaxcx\n");
    assert_eq!(s(&["s/a*/x/2"], "baaac\n").1, "bxc\n");
    assert_eq!(s(&["s/\\(a\\)\\|b/[\\1]/g"], "ab\n").1, "[a][]\n");
    assert_eq!(s(&["s/x/\\U&yz\\E!/"], "x\n").1, "XYZ!\n");
    assert_eq!(
        s(&["-E", "s/(\\w+) (\\w+)/\\2 \\1/"], "hello world\n").1,
        "world hello\n"
    );
    assert_eq!(s(&["s|/|:|g"], "/a/b\n").1, ":a:b\n");
    assert_eq!(s(&["-n", "s/a/b/p"], "a\nc\n").1, "b\n");
    assert_eq!(s(&["s/o/\\n/;l"], "foo\n").1, "f\\no$\nf\no\n");
    assert_eq!(s(&["s/a/b/I"], "A\n").1, "b\n");
}

#[test]
fn addresses_and_commands() {
    assert_eq!(s(&["-n", "$=", "abc", "b"], "").1, "5\n");
    assert_eq!(s(&["-s", "-n", "$=", "abc", "b"], "").1, "3\n2\n");
    assert_eq!(s(&["p", "b"], "").1, "3\n3\n4\n4");
    assert_eq!(s(&["2c\\\nX", "abc"], "").1, "a\nX\nc\n");
    assert_eq!(s(&["1,2c\\\nX", "abc"], "").1, "X\nc\n");
    assert_eq!(s(&["$!N;P;D", "abc"], "").1, "a\nb\nc\n");
    assert_eq!(s(&["-n", "/b/,/nomatch/p", "abc"], "").1, "b\nc\n");
    assert_eq!(s(&["-n", "2,1p", "abc"], "").1, "b\n");
    assert_eq!(s(&["-n", "0,/a/p", "abc"], "").1, "a\n");
    assert_eq!(s(&["-n", "1~2p", "abc"], "").1, "a\nc\n");
    assert_eq!(s(&["-n", "2,~2p", "abc"], "").1, "b\n");
    assert_eq!(s(&["-n", "1,+1p", "abc"], "").1, "a\nb\n");
    assert_eq!(s(&["2q", "abc"], "").1, "a\nb\n");
    assert_eq!(s(&["2Q", "abc"], "").1, "a\n");
    assert_eq!(s(&["q5"], "x\n").0, 5);
    assert_eq!(s(&["a  foo", "abc"], "").1, "a\nfoo\nb\nfoo\nc\nfoo\n");
    assert_eq!(s(&["-e", "1i\\", "-e", "  x\\ty"], "a\n").1, "  x\ty\na\n");
    assert_eq!(s(&[":a;N;$!ba;s/\\n/,/g", "abc"], "").1, "a,b,c\n");
    assert_eq!(s(&["y/abc/xyz/", "abc"], "").1, "x\ny\nz\n");
    assert_eq!(s(&["-n", "/a/{n;p}", "abc"], "").1, "b\n");
    assert_eq!(s(&["1h;2G;2x;$!d", "abc"], "").1, "c\n");
    assert_eq!(s(&["=", "b"], "").1, "1\n3\n2\n4");
    assert_eq!(s(&["-n", "l 5"], "abcdefghij\n").1, "abcd\\\nefgh\\\nij$\n");
    assert_eq!(s(&["-n", "l"], "\x01é\\\n").1, "\\001\\303\\251\\\\$\n");
    assert_eq!(s(&["s/x/y/;tend;s/$/!/;:end"], "x\na\n").1, "y\na!\n");
    assert_eq!(s(&["N;N;D"], "1\n2\n3\n4\n").1, "2\n3\n4\n");
}

#[test]
fn in_place_and_files() {
    let k = machine(&[("f", b"hello\nworld\n")]);
    assert_eq!(run_on(&k, &["sed", "-i.bak", "s/o/0/g", "f"], b"").0, 0);
    assert_eq!(
        &*k.vfs.borrow().read_file(b"/work/f").unwrap(),
        b"hell0\nw0rld\n"
    );
    assert_eq!(
        &*k.vfs.borrow().read_file(b"/work/f.bak").unwrap(),
        b"hello\nworld\n"
    );
    let k = machine(&[("f", b"a\nb\n")]);
    run_on(&k, &["sed", "-n", "/a/w out", "f"], b"");
    assert_eq!(&*k.vfs.borrow().read_file(b"/work/out").unwrap(), b"a\n");
    assert_eq!(
        s(&["-n", "$p", "abc", "nonexist", "b"], ""),
        (
            2,
            "4".into(),
            "sed: can't read nonexist: No such file or directory\n".into()
        )
    );
}

#[test]
fn errors() {
    assert_eq!(
        s(&["y/abc/xy/"], "").2,
        "sed: -e expression #1, char 9: strings for `y' command are different lengths\n"
    );
    assert_eq!(
        s(&["s/a/b/q"], "").2,
        "sed: -e expression #1, char 7: unknown option to `s'\n"
    );
    assert_eq!(
        s(&["s/a/b/;k"], "").2,
        "sed: -e expression #1, char 8: unknown command: `k'\n"
    );
    assert_eq!(
        s(&["3q;{p"], "").2,
        "sed: -e expression #1, char 0: unmatched `{'\n"
    );
    assert_eq!(
        s(&["bfoo"], ""),
        (
            1,
            String::new(),
            "sed: can't find label for jump to `foo'\n".into()
        )
    );
    assert_eq!(
        s(&["s/a/b"], "").2,
        "sed: -e expression #1, char 5: unterminated `s' command\n"
    );
    assert_eq!(s(&["F"], "x\n").1, "-\nx\n");
    let (st, _, e) = s(&["-k"], "");
    assert_eq!(st, 1);
    assert!(e.starts_with("sed: invalid option -- 'k'\nUsage: sed [OPTION]..."));
}

/// Expectations checked against GNU sed 4.9.
#[test]
fn ranges_started_after_their_first_line() {
    let lines = "first\nsecond\nthird\nfourth\n";
    assert_eq!(s(&["-n", "1d;1,3p"], lines).1, "second\nthird\n");
    assert_eq!(s(&["-n", "1d;1,/hir/p"], lines).1, "second\nthird\n");
    let ten: String = (1..=10).map(|i| format!("{i}\n")).collect();
    assert_eq!(s(&["-n", "1,5d;1,3p"], &ten).1, "");
    assert_eq!(s(&["-n", "1,/3/p;5,6p"], &ten).1, "1\n2\n3\n5\n6\n");
    assert_eq!(s(&["-n", "3d;2,3p"], &ten).1, "2\n");
}

#[test]
fn delimiters_brackets_and_labels() {
    assert_eq!(s(&["-e", "s@[@]@@"], "one@two").1, "onetwo");
    assert_eq!(s(&["s [^ .]* x g"], " a.b\n").1, "x x.x\n");
    assert_eq!(s(&["s/[/]/X/"], "a/b\n").1, "aXb\n");
    assert_eq!(s(&["s:[[:punct:]]:X:"], "a:b\n").1, "aXb\n");
    assert_eq!(s(&["s&9&X\\&&"], "9+8=17\n").1, "X&+8=17\n");
    assert_eq!(
        s(&[": x; /\\\\$/{ =; N; b x }"], "a\\\nb\nc\n").1,
        "1\na\\\nb\nc\n"
    );
}

#[test]
fn w_file_keeps_a_missing_last_newline() {
    let k = machine(&[("wa", b"x")]);
    let r = text(run_on(&k, &["sed", "s/^/-/;w wo", "wa", "-"], b"y"));
    assert_eq!(r.1, "-x\n-y");
    assert_eq!(&**k.vfs.borrow().read_file(b"/work/wo").unwrap(), b"-x\n-y");
}
