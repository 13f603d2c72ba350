//! Unit tests for awk: gawk behaviours the differential corpus cannot record (mawk differs),
//! errors, and the resource model.

use super::super::testutil::*;

fn awk(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut v = vec!["awk"];
    v.extend_from_slice(args);
    text(run_files(&v, stdin.as_bytes(), &[("f", b"1\n2\n")]))
}

fn out(args: &[&str], stdin: &str) -> String {
    let (st, o, e) = awk(args, stdin);
    assert_eq!(st, 0, "stderr: {e}");
    o
}

#[test]
fn gawk_time_and_gensub() {
    // The virtual clock starts at 2025-01-01 00:00:00 UTC.
    assert_eq!(
        out(
            &["BEGIN { print strftime(); print strftime(\"%s\") == systime() }"],
            ""
        ),
        "Wed Jan  1 00:00:00 UTC 2025\n1\n"
    );
    assert_eq!(
        out(
            &["{ print gensub(/(.)(.)/, \"\\\\2\\\\1\", \"g\") }"],
            "abcd\n"
        ),
        "badc\n"
    );
    // A count that is not positive is treated as 1, with gawk's warning.
    let (st, o, e) = awk(&["{ print gensub(/a/, \"b\", 0) }"], "aa\n");
    assert_eq!((st, o.as_str()), (0, "ba\n"));
    assert_eq!(
        e,
        "awk: cmd. line:1: (FILENAME=- FNR=1) warning: gensub: third argument `0' treated as 1\n"
    );
}

#[test]
fn for_in_order_is_gawks() {
    // Recorded from gawk 5.2.1: strings by hash chain, non-negative integers ascending after
    // the other subscripts.
    assert_eq!(
        out(&["BEGIN { b[\"x\"]; b[\"y\"]; b[\"z\"]; b[\"foo\"]; for (k in b) printf \"%s \", k; print \"\" }"], ""),
        "x foo y z \n"
    );
    assert_eq!(
        out(
            &["BEGIN { a[10]; a[1]; a[5]; a[\"q\"]; for (k in a) printf \"%s \", k; print \"\" }"],
            ""
        ),
        "q 1 5 10 \n"
    );
}

#[test]
fn gawk_extensions() {
    assert_eq!(
        out(&["BEGIN { match(\"foo=bar\", /(o+)=(b)/, m); print m[0], m[1], m[2], m[1, \"start\"], m[2, \"length\"] }"], ""),
        "oo=b oo b 2 1\n"
    );
    assert_eq!(
        out(
            &["BEGIN { RS = \"[0-9]+\" } { print $0 \"<\" RT \">\" }"],
            "a1b22c"
        ),
        "a<1>\nb<22>\nc<>\n"
    );
    assert_eq!(out(&["/a{2}/"], "a\naa\n"), "aa\n");
    assert_eq!(out(&["-Ft", "{ print $2 }"], "a\tb\n"), "b\n");
    assert_eq!(
        out(
            &["BEGIN { RS = \"\"; FS = \":\" } { print NF }"],
            "a:b\nc:d\n"
        ),
        "4\n"
    );
    assert_eq!(
        out(
            &["BEGIN { print and(12, 10), or(12, 10), xor(12, 10), lshift(1, 4), rshift(16, 2) }"],
            ""
        ),
        "8 14 6 16 4\n"
    );
    assert_eq!(
        out(
            &["BEGIN { print strtonum(\"0x1A\"), strtonum(\"017\"), strtonum(\"9\") }"],
            ""
        ),
        "26 15 9\n"
    );
    assert_eq!(
        out(&["BEGIN { print 2**3; x = 2; x **= 3; print x }"], ""),
        "8\n8\n"
    );
    assert_eq!(out(&["BEGIN { print 0x10 }"], ""), "16\n");
    assert_eq!(
        out(&["BEGIN { print 1e16, 2^53 }"], ""),
        "10000000000000000 9007199254740992\n"
    );
}

#[test]
fn posix_details() {
    assert_eq!(
        out(
            &["BEGIN { print substr(\"abcdef\", 0, 2), substr(\"abcdef\", -1, 3) \"|\" }"],
            ""
        ),
        // gawk 5.2.1 keeps the length when the start is before 1.
        "ab abc|\n"
    );
    assert_eq!(out(&["BEGIN { print index(\"abc\", \"\") }"], ""), "0\n");
    assert_eq!(
        out(&["{ print NR, FNR }", "f", "f"], ""),
        "1 1\n2 2\n3 1\n4 2\n"
    );
    assert_eq!(
        out(&["BEGIN { getline l < \"f\"; print l + 1 }"], ""),
        "2\n"
    );
    assert_eq!(out(&["{ print }", "FS=:", "-"], "a:b\n"), "a:b\n");
    assert_eq!(out(&["{ print $2 }", "FS=:", "-"], "a:b\n"), "b\n");
}

/// Like [`out`], under `LC_ALL=C.UTF-8`.
fn out_utf8(args: &[&str], stdin: &str) -> String {
    let mut argv = vec!["awk"];
    argv.extend_from_slice(args);
    let mut env = std::collections::BTreeMap::new();
    env.insert(b"PATH".to_vec(), b"/bin".to_vec());
    env.insert(b"LC_ALL".to_vec(), b"C.UTF-8".to_vec());
    let (st, o, e) = text(run_env(&machine(&[]), &argv, stdin.as_bytes(), env));
    assert_eq!(st, 0, "stderr: {e}");
    o
}

#[test]
fn utf8_characters() {
    // Characters, not bytes, under a UTF-8 locale (the C locale counts bytes: tests/awk).
    assert_eq!(
        out_utf8(
            &["{ print length($0), substr($0, 2, 2), index($0, \"l\") }"],
            "héllo\n"
        ),
        "5 él 3\n"
    );
    assert_eq!(
        out_utf8(
            &["BEGIN { printf \"%c|%.2s|%3s|\\n\", 233, \"éa\", \"é\" }"],
            ""
        ),
        "é|éa|  é|\n"
    );
    assert_eq!(
        out_utf8(&["{ print toupper($0) }"], "straße é\n"),
        "STRAßE É\n"
    );
    assert_eq!(
        out_utf8(&["{ print match($0, /l+/), RSTART, RLENGTH }"], "héllo\n"),
        "3 3 2\n"
    );
}

#[test]
fn bytes_are_kept() {
    let (st, o, _) = run_files(&["awk", "{ print $2 }"], b"a \xff\xfe b\n", &[]);
    assert_eq!((st, o), (0, b"\xff\xfe\n".to_vec()));
    let (_, o, _) = run_files(&["awk", "BEGIN { printf \"%c\", 0 }"], b"", &[]);
    assert_eq!(o, b"\0");
}

#[test]
fn errors() {
    let (st, o, e) = awk(&["BEGIN { x = }"], "");
    assert_eq!((st, o.as_str()), (1, ""));
    assert_eq!(
        e,
        "awk: cmd. line:1: BEGIN { x = }\nawk: cmd. line:1:             ^ syntax error\n"
    );
    let (st, _, e) = awk(&["{ print 1 / $1 }"], "0\n");
    assert_eq!(st, 2);
    assert_eq!(
        e,
        "awk: cmd. line:1: (FILENAME=- FNR=1) fatal: division by zero attempted\n"
    );
    let (st, _, e) = awk(&["BEGIN { z = 0; print 5 % z }"], "");
    assert_eq!(
        (st, e.as_str()),
        (
            2,
            "awk: cmd. line:1: fatal: division by zero attempted in `%'\n"
        )
    );
    // A constant zero divisor is found while parsing: nothing runs, and parsing goes on.
    let (st, o, e) = awk(&["BEGIN { print \"x\"; print 5 % 0; y = 1 / -0 }"], "");
    assert_eq!((st, o.as_str()), (1, ""));
    assert_eq!(
        e,
        "awk: cmd. line:1: error: division by zero attempted in `%'\n\
         awk: cmd. line:1: error: division by zero attempted\n"
    );
    // A parenthesised divisor is not folded, so that division fails when it runs.
    let (st, o, _) = awk(&["BEGIN { print \"x\"; print 5 / (0) }"], "");
    assert_eq!((st, o.as_str()), (2, "x\n"));
    let (st, _, e) = awk(&["BEGIN { print patsplit(\"a b\", p) }"], "");
    assert_eq!(st, 2);
    assert!(
        e.contains("gawk extension shellsim does not support"),
        "{e}"
    );
    for prog in [
        "BEGINFILE { print }",
        "BEGIN { IGNORECASE = 1 }",
        "BEGIN { PROCINFO[\"sorted_in\"] = \"@ind_str_asc\" }",
        "{ switch ($1) { case 1: print } }",
        "BEGIN { print \"x\" |& \"cat\" }",
        "@include \"x.awk\"",
    ] {
        let (st, o, _) = awk(&[prog], "a\n");
        assert_eq!((st, o.as_str()), (2, ""), "{prog}");
    }
    let (st, _, e) = awk(&["--posix", "1"], "");
    assert_eq!(st, 2);
    assert!(e.contains("not supported"), "{e}");
    let (st, _, e) = awk(&["{ print }", "nosuch"], "");
    assert_eq!(st, 2);
    assert!(
        e.contains("cannot open file `nosuch' for reading: No such file or directory"),
        "{e}"
    );
    let (st, _, e) = awk(&["function f(a) { a[1] = 1 } BEGIN { x = 1; f(x) }"], "");
    assert_eq!(st, 2);
    assert!(e.contains("attempt to use scalar"), "{e}");
    let (st, _, e) = awk(&["BEGIN { f() }"], "");
    assert_eq!(st, 2);
    assert!(e.contains("function `f' not defined"), "{e}");
    let (st, _, e) = awk(&[], "");
    assert_eq!(st, 2);
    assert!(e.starts_with("Usage: awk"), "{e}");
    // gawk warns about extra arguments, evaluates them and runs the call.
    let (st, out, e) = awk(
        &["function f(a) { return a } BEGIN { print f(1, x++); print x }"],
        "",
    );
    assert_eq!((st, out.as_str()), (0, "1\n1\n"));
    assert_eq!(
        e,
        "awk: cmd. line:1: warning: function `f' called with more arguments than declared\n"
    );
}

#[test]
fn runaway_loops_stop() {
    use crate::limits::{Limits, StopReason};
    use crate::process::{Kernel, MachineInfo};
    let k = Kernel::new(
        Limits {
            cpu: 200_000,
            ..Limits::default()
        },
        MachineInfo::default(),
    );
    let (st, _, _) = run_on(&k, &["awk", "BEGIN { while (1) ; }"], b"");
    assert_eq!(st, 137);
    assert_eq!(k.meter.stopped(), Some(StopReason::CpuExhausted));

    let k = Kernel::new(
        Limits {
            memory: 1 << 20,
            ..Limits::default()
        },
        MachineInfo::default(),
    );
    let (st, _, _) = run_on(&k, &["awk", "BEGIN { s = \"x\"; while (1) s = s s }"], b"");
    assert_eq!(st, 137);
    assert_eq!(k.meter.stopped(), Some(StopReason::MemoryExhausted));

    let k = Kernel::new(
        Limits {
            memory: 1 << 20,
            ..Limits::default()
        },
        MachineInfo::default(),
    );
    let (st, _, _) = run_on(&k, &["awk", "BEGIN { while (1) a[i++] = i }"], b"");
    assert_eq!(st, 137);
    assert_eq!(k.meter.stopped(), Some(StopReason::MemoryExhausted));
}

#[test]
#[allow(clippy::disallowed_methods)] // a test thread with the simulator's stack size
fn deep_recursion_is_an_error() {
    // The simulator runs on a large stack (src/host); give the test the same room.
    let t = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(|| {
            let (st, _, e) = awk(&["function f(n) { return f(n + 1) } BEGIN { f(1) }"], "");
            assert_eq!(st, 2);
            assert!(e.contains("nesting too deep"), "{e}");
            let (st, o, _) = awk(
                &["function f(n) { return n ? f(n - 1) + 1 : 0 } BEGIN { print f(900) }"],
                "",
            );
            assert_eq!((st, o.as_str()), (0, "900\n"));
        })
        .expect("thread");
    t.join().expect("deep recursion test");
}

#[test]
fn memory_is_released() {
    use crate::limits::Limits;
    use crate::process::{Kernel, MachineInfo};
    let k = Kernel::new(Limits::default(), MachineInfo::default());
    let (st, _, _) = run_on(
        &k,
        &["awk", "function f(n,  t) { t[n] = n; return n } BEGIN { for (i = 0; i < 100; i++) { a[i] = i; s = s \"x\"; f(i) }; delete a }"],
        b"",
    );
    assert_eq!(st, 0);
    assert_eq!(k.meter.usage().memory_current, 0);
}

#[test]
fn pure_and_waiting_parts_of_one_expression_keep_their_order() {
    // `getline` inside an otherwise pure expression: the parts around it are evaluated
    // without futures, the getline with them, left to right.
    assert_eq!(
        out(
            &["{ x = $1 \"-\" (getline y) \"-\" y \"-\" $1; print x }"],
            "a\nb\nc\n"
        ),
        "a-1-b-a\nc-0-b-c\n"
    );
    // An lvalue built from pure parts: sub's target, ++ on an element, a field's index.
    assert_eq!(
        out(
            &["{ i = 1; sub(/o/, \"0\", $(i + 1)); n[$1 \"k\"]++ } END { print $0, n[\"ak\"] }"],
            "a foo\na boo\n"
        ),
        "a b0o 2\n"
    );
    // Array forms still reach the built-ins: length(arr) and split's target.
    assert_eq!(
        out(
            &["{ n = split($0 \" z\", parts); print n, length(parts), parts[n] }"],
            "p q\n"
        ),
        "3 3 z\n"
    );
    // A field assignment keeps unread fields as they were; NF and $0 follow.
    assert_eq!(
        out(
            &["{ $3 = \"X\" ($2 + 1); print; print NF, $2 + 0 }"],
            "1 2 3 4\n"
        ),
        "1 2 X3 4\n4 2\n"
    );
}

#[test]
#[allow(clippy::disallowed_methods)] // a test thread with the simulator's stack size
fn an_overlong_operator_chain_is_a_syntax_error_not_a_crash() {
    // The simulator runs on a large stack (src/host); give the test the same room.
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(overlong_chains)
        .expect("thread")
        .join()
        .expect("no panic");
}

fn overlong_chains() {
    let mut prog = String::from("BEGIN { print 1");
    for _ in 0..60_000 {
        prog.push_str("+1");
    }
    prog.push_str(" }");
    let (st, _, e) = awk(&[&prog], "");
    assert_eq!(st, 1);
    assert!(
        e.contains("expression too long"),
        "{}",
        &e[e.len().saturating_sub(200)..]
    );
    let mut prog = String::from("BEGIN { print 1");
    for _ in 0..40_000 {
        prog.push_str("+1");
    }
    prog.push_str(" }");
    assert_eq!(out(&[&prog], ""), "40001\n");
}
