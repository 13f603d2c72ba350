//! Tests of the POSIX/Perl regex engine shared by grep, sed and expr.

use super::*;

fn re(p: &str, ere: bool) -> Regex {
    Regex::new(
        p.as_bytes(),
        Options {
            flavor: if ere { Flavor::Extended } else { Flavor::Basic },
            icase: false,
            multiline: false,
            sed_escapes: false,
            bytes: false,
        },
    )
    .unwrap()
}

fn span(p: &str, ere: bool, hay: &str) -> Option<(usize, usize)> {
    re(p, ere)
        .find_at(hay.as_bytes(), 0)
        .unwrap()
        .map(|c| c[0].unwrap())
}

#[test]
fn bre_and_ere_syntax() {
    assert_eq!(span("a\\{2\\}", false, "xaaa"), Some((1, 3)));
    assert_eq!(span("*a", false, "x*a"), Some((1, 3)));
    assert_eq!(span("a|b", false, "b a|b"), Some((2, 5)));
    assert_eq!(span("a|b", true, "xb"), Some((1, 2)));
    assert_eq!(span("a{", true, "a{"), Some((0, 2)));
    assert_eq!(span("x\\+", false, "axxx"), Some((1, 4)));
    assert_eq!(span("[]a]*", false, "]a]b"), Some((0, 3)));
    assert_eq!(span("[[:digit:]]\\+", false, "ab12c"), Some((2, 4)));
    assert_eq!(span("\\<b", false, "ab b"), Some((3, 4)));
    assert_eq!(span("a^b$c", false, "a^b$c"), Some((0, 5)));
}

#[test]
fn errors() {
    let e = |p: &str, ere: bool| {
        Regex::new(
            p.as_bytes(),
            Options {
                flavor: if ere { Flavor::Extended } else { Flavor::Basic },
                icase: false,
                multiline: false,
                sed_escapes: false,
                bytes: false,
            },
        )
        .err()
        .unwrap()
    };
    assert_eq!(e("a\\{1", false).message(), "Unmatched \\{");
    assert_eq!(e("\\(", false).message(), "Unmatched ( or \\(");
    assert_eq!(e("\\)", false).message(), "Unmatched ) or \\)");
    assert_eq!(e("[a", false).message(), "Unmatched [, [^, [:, [., or [=");
    assert_eq!(e("\\1", false).message(), "Invalid back reference");
    assert_eq!(
        e("[[:foo:]]", false).message(),
        "Invalid character class name"
    );
    assert_eq!(e("[z-a]", false).message(), "Invalid range end");
    assert_eq!(e("a\\", false).message(), "Trailing backslash");
    assert_eq!(e("a{2,1}", true).message(), "Invalid content of \\{\\}");
}

#[test]
fn longest_and_backrefs() {
    assert_eq!(span("a*\\(ab\\)*b", false, "aab"), Some((0, 3)));
    assert_eq!(span("a|ab|abc", true, "xabcd"), Some((1, 4)));
    assert_eq!(span("\\(a*\\)b\\1", false, "xaabaa"), Some((1, 6)));
    assert_eq!(span("\\(.\\)\\1", false, "abccd"), Some((2, 4)));
    let r = re("(a|ab)(c|bcd)", true);
    let c = r.find_at(b"abcd", 0).unwrap().unwrap();
    assert_eq!(c[0], Some((0, 4)));
    let bad = re("\\(\\(a*\\)*\\)*\\1x", false);
    assert!(matches!(
        bad.find_at(&[b'a'; 40], 0),
        Ok(_) | Err(ReError::TooComplex)
    ));
}

#[test]
fn bytes_mode_reads_single_bytes() {
    let o = |icase, bytes| Options {
        flavor: Flavor::Extended,
        icase,
        multiline: false,
        sed_escapes: false,
        bytes,
    };
    let find = |p: &str, o: Options, hay: &[u8]| {
        Regex::new(p.as_bytes(), o)
            .unwrap()
            .find_at(hay, 0)
            .unwrap()
            .map(|c| c[0].unwrap())
    };
    let e = "é".as_bytes();
    assert_eq!(find(".", o(false, true), e), Some((0, 1)));
    assert_eq!(find(".", o(false, false), e), Some((0, 2)));
    // Case folding in the C locale is ASCII only: É (C3 89) is not é (C3 A9) there.
    assert_eq!(find("É", o(true, true), e), None);
    assert_eq!(find("É", o(true, false), e), Some((0, 2)));
    assert_eq!(find("(A|x)B", o(true, true), b"ab"), Some((0, 2)));
    assert_eq!(find("[^a]+", o(false, true), b"a\xff\xfe"), Some((1, 3)));
    assert_eq!(find("[^a]+", o(false, false), b"a\xff\xfe"), None);
}
