use super::gen::split_at_delims;
use super::*;

#[test]
fn fnv1_matches_bash_hash_string() {
    // FNV-1 32-bit of "a": (offset * prime) ^ 'a'.
    assert_eq!(fnv1(b""), 2_166_136_261);
    assert_eq!(
        fnv1(b"a"),
        2_166_136_261u32.wrapping_mul(16_777_619) ^ b'a' as u32
    );
}

#[test]
fn specs_keep_bash_walk_order_and_replace_in_place() {
    let mut s = Specs::default();
    for n in ["foo", "bar", "baz", "cdx", "allx", "optx", "acts", "q1"] {
        s.insert(n.as_bytes(), CompSpec::default());
    }
    s.insert(DEFAULT_CMD, CompSpec::default());
    s.insert(INITIAL_WORD, CompSpec::default());
    s.insert(EMPTY_CMD, CompSpec::default());
    let names: Vec<Vec<u8>> = s.entries().into_iter().map(|(n, _)| n).collect();
    let want: Vec<&[u8]> = vec![
        b"optx",
        b"foo",
        b"q1",
        b"bar",
        b"baz",
        INITIAL_WORD,
        DEFAULT_CMD,
        b"allx",
        b"cdx",
        b"acts",
        EMPTY_CMD,
    ];
    assert_eq!(names, want);
    let spec = CompSpec {
        words: Some(b"x".to_vec()),
        ..Default::default()
    };
    s.insert(b"foo", spec.clone());
    assert_eq!(s.entries()[1], (b"foo".to_vec(), spec));
    assert!(s.remove(b"foo"));
    assert!(!s.remove(b"foo"));
    assert_eq!(s.entries().len(), 10);
}

#[test]
fn specs_grow_like_bash() {
    let mut s = Specs::default();
    for i in 1..=1500 {
        s.insert(format!("n{i}").as_bytes(), CompSpec::default());
    }
    assert_eq!(s.buckets.len(), 2048);
    // Recorded from bash 5.2: `for i in $(seq 1 1500); do complete -W x n$i; done; complete -p`.
    let all: Vec<String> = s
        .entries()
        .into_iter()
        .map(|(n, _)| String::from_utf8(n).unwrap())
        .collect();
    assert_eq!(all.len(), 1500);
    assert_eq!(all[..3], ["n634", "n635", "n636"]);
    assert_eq!(all[1498..], ["n1080", "n1081"]);
}

#[test]
fn spec_line_orders_like_bash() {
    let mut spec = CompSpec {
        words: Some(b"a b \"c d\"".to_vec()),
        prefix: Some(b"pre".to_vec()),
        command: Some(b"cmd x".to_vec()),
        ..Default::default()
    };
    spec.options |= option_bit(b"nospace").unwrap() | option_bit(b"filenames").unwrap();
    spec.actions |= action_bit(b"file").unwrap() | action_bit(b"signal").unwrap();
    assert_eq!(
        String::from_utf8(spec_line(b"baz", &spec)).unwrap(),
        "complete -o filenames -o nospace -f -A signal -W 'a b \"c d\"' -P 'pre' -C 'cmd x' baz"
    );
    assert_eq!(
        String::from_utf8(spec_line(b"n m", &CompSpec::default())).unwrap(),
        "complete 'n m'"
    );
    assert_eq!(shown_name(EMPTY_CMD), b"-E");
}

#[test]
fn wordlist_splits_outside_quotes() {
    assert_eq!(
        split_at_delims(b"a  'b c' \"d e\" f\\ g", b" \t\n"),
        vec![
            b"a".to_vec(),
            b"'b c'".to_vec(),
            b"\"d e\"".to_vec(),
            b"f\\ g".to_vec()
        ]
    );
    assert_eq!(
        split_at_delims(b"$(echo a b) ${x:- y} `c d`", b" "),
        vec![
            b"$(echo a b)".to_vec(),
            b"${x:- y}".to_vec(),
            b"`c d`".to_vec()
        ]
    );
    assert_eq!(
        split_at_delims(b"a:b c", b":"),
        vec![b"a".to_vec(), b"b c".to_vec()]
    );
}
