use super::json::{parse_one, Reader};
use super::write::{fmt_f64, write_val, Style};

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
    write_val(&mut o, &v, &style, 0);
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
