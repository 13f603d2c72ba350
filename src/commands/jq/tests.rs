use super::super::testutil::{machine, run_on, text};
use super::depth::{Depths, MAX_DEPTH};
use super::guard::{check_text, check_tokens, MAX_NESTING, MAX_TOKENS};
use super::json::{parse_one, Reader};
use super::write::{fmt_f64, write_val, Style};
use crate::limits::{Limits, StopReason};
use crate::process::{Kernel, MachineInfo};
use jaq_json::{Rc, Val};

fn num(x: f64) -> String {
    let mut o = Vec::new();
    fmt_f64(&mut o, x);
    String::from_utf8(o).unwrap()
}

#[test]
fn numbers_like_jq_1_6() {
    assert_eq!(num(1.0), "1");
    assert_eq!(num(1e100), "1e+100");
    assert_eq!(num(1e20), "1e+20");
    assert_eq!(num(1e-5), "1e-05");
    assert_eq!(num(0.0001), "0.0001");
    assert_eq!(num(1e15), "1000000000000000");
    assert_eq!(num(1e17), "1e+17");
    assert_eq!(num(123456789012345678.0), "123456789012345680");
    assert_eq!(num(-0.0), "-0");
    assert_eq!(num(f64::INFINITY), "1.7976931348623157e+308");
    assert_eq!(num(f64::NAN), "null");
    assert_eq!(num(-1.5e-10), "-1.5e-10");
    assert_eq!(num(3e10), "30000000000");
}

fn pretty(src: &str, style: Style) -> String {
    let v = parse_one(src.as_bytes()).unwrap();
    let mut o = Vec::new();
    write_val(&mut o, &v, &style, usize::MAX).unwrap();
    String::from_utf8(o).unwrap()
}

#[test]
fn layout_and_escapes() {
    let s = Style::default();
    assert_eq!(
        pretty(r#"{"b":1,"a":[1,{}]}"#, s),
        "{\n  \"b\": 1,\n  \"a\": [\n    1,\n    {}\n  ]\n}"
    );
    let sorted = Style {
        sort_keys: true,
        pretty: false,
        ..s
    };
    assert_eq!(pretty(r#"{"b":1,"a":[]}"#, sorted), r#"{"a":[],"b":1}"#);
    let ascii = Style {
        ascii: true,
        pretty: false,
        ..s
    };
    assert_eq!(
        pretty("\"\u{e9}\\u007f\\u0001\u{1F600}\"", ascii),
        r#""\u00e9\u007f\u0001\ud83d\ude00""#
    );
}

#[test]
fn parse_errors_carry_jq_positions() {
    let e = parse_one(b"{\"a\":1\n").unwrap_err();
    assert_eq!(
        e.describe(b"{\"a\":1\n"),
        "Unfinished JSON term at EOF at line 2, column 0"
    );
    let input = b"{\"a\":1}x\n";
    let mut r = Reader::new(input);
    assert!(r.next_value().unwrap().is_ok());
    let e = r.next_value().unwrap().unwrap_err();
    assert_eq!(
        e.describe(input),
        "Invalid numeric literal at line 2, column 0"
    );
    assert!(parse_one(b"\"\\ud800x\"").is_err());
}

#[test]
fn fromjson_and_literals_at_eof_like_jq_1_6() {
    let e = parse_one(b"1x").unwrap_err();
    assert_eq!(
        e.describe(b"1x"),
        "Invalid numeric literal at EOF at line 1, column 2"
    );
    let e = parse_one(b"nan").unwrap_err();
    assert_eq!(
        e.describe(b"nan"),
        "Invalid literal at EOF at line 1, column 3"
    );
    assert_eq!(
        parse_one(b"1 2").unwrap_err().describe(b"1 2"),
        "Unexpected extra JSON values"
    );
    assert_eq!(
        parse_one(b"1 x ").unwrap_err().describe(b"1 x "),
        "Invalid numeric literal at line 1, column 4"
    );
    assert_eq!(
        parse_one(b"  ").unwrap_err().describe(b"  "),
        "Expected JSON value"
    );
    let (st, o, e) = jq(&["-nc", r#""[1,{\"a\":2}] " | fromjson"#], "");
    assert_eq!((st, o.as_str(), e.as_str()), (0, "[1,{\"a\":2}]\n", ""));
    let (st, _, e) = jq(&["-n", r#""[1,2" | fromjson"#], "");
    assert_eq!(st, 5);
    assert_eq!(
        e,
        "jq: error (at <unknown>): Unfinished JSON term at EOF at line 1, column 4 (while parsing '[1,2')\n"
    );
    let (st, _, e) = jq(&["-n", "1 | fromjson"], "");
    assert_eq!(
        (st, e.as_str()),
        (
            5,
            "jq: error (at <unknown>): number (1) only strings can be parsed\n"
        )
    );
}

fn jq(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut argv = vec!["jq"];
    argv.extend_from_slice(args);
    text(run_on(&machine(&[]), &argv, stdin.as_bytes()))
}

fn out(program: &str) -> String {
    let (st, o, e) = jq(&["-nc", program], "");
    assert_eq!(st, 0, "{program}: {e}");
    o
}

#[test]
fn program_nesting_follows_the_lexer() {
    let nested = |n: usize| format!("{}1{}", "(".repeat(n), ")".repeat(n));
    assert!(check_text(&nested(MAX_NESTING)).is_ok());
    assert!(check_text(&nested(MAX_NESTING + 1)).is_err());
    // Brackets in strings and comments do not nest; interpolations and strings do.
    let quiet = format!("\"{}\" # {}\n.", "[".repeat(20_000), "{".repeat(20_000));
    assert!(check_text(&quiet).is_ok());
    let comment_goes_on = format!("# a \\\n{}\n.", "[".repeat(20_000));
    assert!(check_text(&comment_goes_on).is_ok());
    let interpolated = format!("{}1{}", "\"\\(".repeat(5_001), ")\"".repeat(5_001));
    assert!(check_text(&interpolated).is_err());
    let tokens = |code: &str| {
        let t = jaq_core::load::lex::Lexer::new(code).lex().unwrap();
        check_tokens(&t)
    };
    assert!(tokens(&vec!["1"; MAX_TOKENS / 2].join("+")).is_ok());
    assert!(tokens(&vec!["1"; MAX_TOKENS / 2 + 1].join("+")).is_err());
    // Each part of a string counts: jaq joins them with a chain of `+`.
    assert!(tokens(&format!("\"{}\"", "\\n".repeat(MAX_TOKENS))).is_err());
}

#[test]
fn depths_are_measured_once_and_never_stale() {
    // Dropping the deepest value recurses once a level.
    on_big_stack(|| {
        let mut d = Depths::default();
        let leaf = Val::Arr(Rc::new(vec![Val::from(1usize)]));
        assert_eq!(d.measure(&Val::Null), Some(0));
        assert_eq!(d.measure(&leaf), Some(1));
        let mut v = leaf.clone();
        for _ in 1..MAX_DEPTH {
            v = Val::Arr(Rc::new(vec![v]));
            assert!(d.measure(&v).is_some());
        }
        assert_eq!(d.measure(&v), Some(MAX_DEPTH));
        let deeper = Val::Arr(Rc::new(vec![v.clone()]));
        assert_eq!(d.measure(&deeper), None);
        // A measured array changed in place moves away from the address it was measured at.
        let Val::Arr(mut a) = leaf else {
            unreachable!()
        };
        let before = Rc::as_ptr(&a);
        drop(v);
        drop(deeper);
        Rc::make_mut(&mut a).push(Val::Arr(Rc::new(vec![Val::Arr(Rc::default())])));
        assert_ne!(Rc::as_ptr(&a), before);
        assert_eq!(d.measure(&Val::Arr(a)), Some(3));
    });
}

#[test]
fn rewritten_programs_mean_what_jq_1_6_means() {
    let input = r#"{"a":[1,{"b":2}],"c":"x"}"#;
    let run = |program: &str| {
        let (st, o, e) = jq(&["-c", program], input);
        assert_eq!(st, 0, "{program}: {e}");
        o
    };
    assert_eq!(
        run("[..]"),
        "[{\"a\":[1,{\"b\":2}],\"c\":\"x\"},[1,{\"b\":2}],1,{\"b\":2},2,\"x\"]\n"
    );
    assert_eq!(
        run("[paths]"),
        "[[\"a\"],[\"a\",0],[\"a\",1],[\"a\",1,\"b\"],[\"c\"]]\n"
    );
    assert_eq!(run("[path(..)] | length"), "6\n");
    assert_eq!(
        run("(.. | numbers) |= . + 1"),
        "{\"a\":[2,{\"b\":3}],\"c\":\"x\"}\n"
    );
    assert_eq!(
        run("walk(if type == \"number\" then [.] else . end)"),
        "{\"a\":[[1],{\"b\":[2]}],\"c\":\"x\"}\n"
    );
    assert_eq!(run("del(.a[0]) | getpath([\"a\",0,\"b\"])"), "2\n");
    assert_eq!(
        run("[.a[] | numbers] + [1, 2, (3, 4), 5]"),
        "[1,1,2,3,4,5]\n"
    );
    assert_eq!(
        out("[last(range(5)), nth(2; range(5)), first(range(5))]"),
        "[4,2,0]\n"
    );
    assert_eq!(
        out("[limit(3; repeat(1))], ([range(5)] | [skip(1; .[])])"),
        "[1,1,1]\n[1,2,3,4]\n"
    );
    assert_eq!(
        out("[{\"k\":2},{\"k\":1},{\"k\":2}] | [sort_by(.k), group_by(.k), min_by(.k), max_by(.k), unique_by(.k)] | map(length)"),
        "[3,2,1,1,2]\n"
    );
    assert_eq!(
        out("\"\\(1e100) \\([1, 2.5]) \\(\"s\")\""),
        "\"1e+100 [1,2.5] s\"\n"
    );
    assert_eq!(
        out("@json \"v=\\(\"a\")\", @base64 \"\\(1)\""),
        "\"v=\\\"a\\\"\"\n\"MQ==\"\n"
    );
    assert_eq!(out("label $out | 1, break $out, 2"), "1\n");
    assert_eq!(
        out("[.[]?], (try error(\"x\") catch .), (null // 3)"),
        "[]\n\"x\"\n3\n"
    );
    assert_eq!(
        out("reduce range(5) as $x (0; . + $x), [foreach range(3) as $x (0; . + $x)]"),
        "10\n[0,1,3]\n"
    );
    assert_eq!(
        out("def f($n): if $n == 0 then [] else [f($n - 1)] end; f(3)"),
        "[[[[]]]]\n"
    );
    assert_eq!(
        out("0 | [recurse(if . < 3 then . + 1 else empty end)]"),
        "[0,1,2,3]\n"
    );
}

/// Runs `f` on a thread with the simulator's stack (src/host gives the simulator 512 MiB).
#[allow(clippy::disallowed_methods)]
fn on_big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(f)
        .expect("thread")
        .join()
        .expect("test thread");
}

#[test]
fn runaway_filters_stop_with_an_error_or_on_the_meter() {
    on_big_stack(|| {
        let small = || {
            let limits = Limits {
                cpu: 300_000,
                ..Limits::default()
            };
            Rc::new(Kernel::new(limits, MachineInfo::default()))
        };
        for program in ["def f: [f]; f", "def f: f + 1; f", "path(def f: f | .a; f)"] {
            let k = small();
            let (st, _, e) = text(run_on(&k, &["jq", "-n", program], b""));
            assert_eq!(st, 5, "{program}");
            assert!(e.contains("filter nested too deep"), "{program}: {e}");
            assert_eq!(k.meter.stopped(), None, "{program}");
        }
        for program in [
            "def f: f; f",
            "[repeat(.)]",
            "[range(30)] | [.[] + .[] + .[] + .[] + .[]]",
        ] {
            let k = small();
            let (st, _, _) = text(run_on(&k, &["jq", "-n", program], b""));
            assert_eq!(st, 137, "{program}");
            assert_eq!(
                k.meter.stopped(),
                Some(StopReason::CpuExhausted),
                "{program}"
            );
        }
        let (st, _, e) = jq(&["-n", "reduce range(20000) as $i (null; [.])"], "");
        assert_eq!(st, 5);
        assert!(e.contains("Exceeds depth limit"), "{e}");
    });
}

#[test]
fn strings_repeat_like_jq_1_6() {
    // Recorded from jq 1.6: the count is a C int started at n - 1.
    let cases = [
        (r#""x" * 2.5"#, "\"xx\"\n"),
        (r#""x" * 0.5"#, "\"x\"\n"),
        (r#""x" * 0, "x" * -1, "x" * nan"#, "null\nnull\nnull\n"),
        (r#""x" * 1e10, ("x" * infinite | length)"#, "null\n0\n"),
        (
            r#"2 * "ab", ("ab" * 1e1 | length), ("x" * 1e6 | length)"#,
            "\"abab\"\n20\n1000000\n",
        ),
        (
            r#"[(1, 2) * (3, 4)], ({"a":{"b":1}} * {"a":{"c":2}})"#,
            "[3,4,6,8]\n{\"a\":{\"b\":1,\"c\":2}}\n",
        ),
        (r#"[1, 2] | .[] *= (2, 3)"#, "[2,4]\n[3,6]\n"),
        (r#"{"a":"x"} | .a *= 3"#, "{\"a\":\"xxx\"}\n"),
    ];
    for (program, want) in cases {
        assert_eq!(out(program), want, "{program}");
    }
}

#[test]
fn values_that_outgrow_the_memory_limit_stop_the_filter() {
    on_big_stack(|| {
        for program in [
            // One string far larger than memory: sized before it is built.
            r#""x" * 2000000000"#,
            r#"{"a": "xy"} | .a *= 2000000000"#,
            // Doubling, gathering and repeating: each step passes the guard, which measures
            // the heap the filter's values hold.
            r#"reduce range(40) as $i ("x"; . + .)"#,
            "[range(100000000)] | length",
            "[limit(100000000; repeat([1]))] | length",
            r#"[range(64) as $i | "x" * 1048576] | length"#,
        ] {
            let k = Rc::new(Kernel::new(Limits::default(), MachineInfo::default()));
            let (st, _, _) = text(run_on(&k, &["jq", "-n", program], b""));
            assert_eq!(st, 137, "{program}");
            assert_eq!(
                k.meter.stopped(),
                Some(StopReason::MemoryExhausted),
                "{program}"
            );
        }
        // Input whose values take many times its text (a number is 2 bytes of text and more
        // than 16 of value), read whole, and the same text through `fromjson`.
        let zeros = format!("[{}0]", "0,".repeat(4_000_000));
        for (args, input) in [
            (vec!["jq", "length"], zeros.as_bytes()),
            (vec!["jq", "-R", "fromjson | length"], zeros.as_bytes()),
        ] {
            let k = Rc::new(Kernel::new(Limits::default(), MachineInfo::default()));
            let (st, _, _) = text(run_on(&k, &args, input));
            assert_eq!(st, 137, "{args:?}");
            assert_eq!(
                k.meter.stopped(),
                Some(StopReason::MemoryExhausted),
                "{args:?}"
            );
        }
        // Within the limit the same shapes run.
        let (st, o, _) = jq(&["length"], &format!("[{}0]", "0,".repeat(100_000)));
        assert_eq!((st, o.as_str()), (0, "100001\n"));
    });
}

#[test]
fn missing_files_are_reported_like_jq_1_6() {
    // Recorded from jq 1.6: an input file and a -f program file are worded differently.
    let (st, _, e) = jq(&[".", "nosuch"], "");
    assert_eq!(st, 2);
    assert_eq!(
        e,
        "jq: error: Could not open file nosuch: No such file or directory\n"
    );
    let (st, _, e) = jq(&["-f", "nosuch"], "");
    assert_eq!(st, 2);
    assert_eq!(e, "jq: Could not open nosuch: No such file or directory\n");
}
