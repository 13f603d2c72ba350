use crate::commands::testutil::{run_files, text};

#[test]
fn splits_at_lines_and_matches() {
    let f: &[(&str, &[u8])] = &[("f", b"1\n2\n3\n4\n5\n")];
    let r = text(run_files(&["csplit", "f", "3", "/5/"], b"", f));
    assert_eq!((r.0, r.1.as_str()), (0, "4\n4\n2\n"));
    let r = text(run_files(&["csplit", "f", "/9/"], b"", f));
    assert_eq!(
        (r.0, r.1.as_str(), r.2.as_str()),
        (1, "10\n", "csplit: '/9/': match not found\n")
    );
}
