//! Expectations checked against GNU coreutils 9.1 `pr` (LC_ALL=C).

use super::engine::blanks_to;
use super::{first_last_page, getoptnum, strtol, Parsed, RangeFrom};
use crate::commands::quoting::Quoting;
use crate::commands::testutil::{run, run_endless, run_files, text};

fn pr(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut argv = vec!["pr"];
    argv.extend_from_slice(args);
    text(run(&argv, stdin.as_bytes()))
}

fn out(args: &[&str], stdin: &str) -> String {
    pr(args, stdin).1
}

#[test]
fn standard_input_page_has_the_clock_time_and_pads_to_66_lines() {
    let o = out(&[], "a\n");
    let header = format!("\n\n2025-01-01 00:00{}Page 1\n\n\n", " ".repeat(50));
    assert!(o.starts_with(&header), "{o:?}");
    assert_eq!(o.len(), header.len() + 2 + 60);
    assert!(o[header.len()..].starts_with("a\n\n"));
    // -D changes the date; -h the centred title.
    let o = out(&["-D", "%Y", "-h", "T", "-l", "12"], "a\n");
    assert!(o.starts_with(&format!(
        "\n\n2025{}T{}Page 1\n\n\na\n",
        " ".repeat(30),
        " ".repeat(31)
    )));
}

#[test]
fn columns_down_are_balanced_and_across_are_numbered() {
    let seven = "1\n2\n3\n4\n5\n6\n7\n";
    assert_eq!(
        out(&["-t", "-3"], seven),
        "1\t\t\t4\t\t\t6\n2\t\t\t5\t\t\t7\n3\n"
    );
    assert_eq!(
        out(&["-t", "-3", "-a", "-n"], seven),
        "    1\t1\t\t    2\t2\t\t    3\t3\n    4\t4\t\t    5\t5\t\t    6\t6\n    7\t7\n"
    );
}

#[test]
fn merged_files_skip_the_missing_ones() {
    let f: &[(&str, &[u8])] = &[("m1", b"x\ny\n")];
    let r = text(run_files(
        &["pr", "-t", "-m", "-n", "m1", "nofile", "m1"],
        b"",
        f,
    ));
    assert_eq!(r.1, "    1\tx\t\t     x\n    2\ty\t\t     y\n");
    assert_eq!(r.2, "pr: nofile: No such file or directory\n");
    assert_eq!(r.0, 1);
}

#[test]
fn form_feeds_are_kept_by_t_and_dropped_by_t_capital() {
    assert_eq!(out(&["-t"], "a\x0cb\n"), "a\n\x0cb\n");
    assert_eq!(out(&["-T"], "a\x0cb\n"), "a\nb\n");
}

#[test]
fn tabs_expand_on_input_and_compress_on_output() {
    assert_eq!(out(&["-t", "-e4"], "a\tb\n"), "a   b\n");
    assert_eq!(out(&["-t", "-i", "-o", "9"], "x\n"), "\t x\n");
    assert_eq!(out(&["-t", "-c"], "\x07\u{7f}\n"), "^G^?\n");
    assert_eq!(out(&["-t", "-v"], "\x07\n"), "\\007\n");
}

#[test]
fn options_and_operands_are_read_in_order() {
    // Digits accumulate across words until another option or an operand.
    let nine = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n";
    assert_eq!(out(&["-1", "-2", "-t"], nine), out(&["-12", "-t"], nine));
    assert_eq!(
        out(&["-1", "-a", "-2", "-t"], nine),
        out(&["-2", "-a", "-t"], nine)
    );
    // A second page range is a file name.
    let r = pr(&["+1:1", "+2", "-t"], "");
    assert_eq!(
        (r.0, r.2.as_str()),
        (1, "pr: +2: No such file or directory\n")
    );
    let r = pr(&["+3:x"], "");
    assert_eq!((r.0, r.2.as_str()), (1, "pr: invalid + argument '3:x'\n"));
    let r = pr(&["--pa=2"], "");
    assert_eq!(
        r.2,
        "pr: option '--pa=2' is ambiguous; possibilities: '--pages' '--page-width'\n\
         Try 'pr --help' for more information.\n"
    );
}

#[test]
fn bad_numbers_are_reported_like_gnu() {
    let r = pr(&["-l", "0"], "");
    assert_eq!(
        (r.0, r.2.as_str()),
        (
            1,
            "pr: '-l PAGE_LENGTH' invalid number of lines: '0': Numerical result out of range\n"
        )
    );
    let r = pr(&["-e5x"], "");
    assert_eq!(
        r.2,
        "pr: '-e' extra characters or invalid number in the argument: '5x'\n\
         Try 'pr --help' for more information.\n"
    );
    assert_eq!(pr(&["-2", "-w", "2"], "").2, "pr: page width too narrow\n");
    assert_eq!(
        pr(&["-2", "-l", "2147483647"], "x\n").2,
        "pr: integer overflow\n"
    );
    assert_eq!(
        pr(&["-m", "-3"], "").2,
        "pr: cannot specify number of columns when printing in parallel\n"
    );
}

#[test]
fn number_parsing() {
    assert_eq!(strtol(b" +7", false), (7, Parsed::Ok));
    assert_eq!(strtol(b"-7", false), (0, Parsed::Invalid));
    assert_eq!(strtol(b"-7", true), (-7, Parsed::Ok));
    assert_eq!(strtol(b"5x", true), (5, Parsed::Suffix(false)));
    assert_eq!(
        strtol(b"99999999999999999999", false),
        (i128::from(u64::MAX), Parsed::Overflow)
    );
    assert_eq!(
        getoptnum(Quoting::default(), b"2147483648", 1, "w").unwrap_err(),
        "w: '2147483648': Value too large for defined data type"
    );
    assert_eq!(
        getoptnum(Quoting::default(), b"-3", 1, "w").unwrap_err(),
        "w: '-3': Numerical result out of range"
    );
    assert_eq!(first_last_page(b"2:5", RangeFrom::Plus), Ok(Some((2, 5))));
    assert_eq!(first_last_page(b"5:2", RangeFrom::Plus), Ok(None));
    assert_eq!(first_last_page(b"3x", RangeFrom::Plus), Ok(None));
    assert_eq!(
        first_last_page(b"2:5x", RangeFrom::Pages),
        Err(b"invalid suffix in --pages argument '2:5x'".to_vec())
    );
}

#[test]
fn blanks_match_the_tab_loop() {
    // GNU's loop, for comparison.
    fn naive(mut h: i64, goal: i64, w: i64) -> (usize, usize) {
        let mut tabs = 0;
        while goal - h > 1 {
            let next = h + (w - h % w);
            if next > goal {
                break;
            }
            tabs += 1;
            h = next;
        }
        (tabs, (goal - h).max(0) as usize)
    }
    for w in 1..10 {
        for h in -12..30 {
            for goal in -12..40 {
                assert_eq!(blanks_to(h, goal, w), naive(h, goal, w), "{h} {goal} {w}");
            }
        }
    }
}

#[test]
fn reads_a_directory_as_an_error_and_streams_endless_input() {
    let f: &[(&str, &[u8])] = &[("d/", b"")];
    let r = text(run_files(&["pr", "d"], b"", f));
    assert_eq!(
        (r.0, r.1.as_str(), r.2.as_str()),
        (1, "", "pr: d: Is a directory\n")
    );
    let (status, o) = run_endless(&["pr", "-t", "-2"], b"y\n");
    assert!(o.starts_with(b"y\t\t\t\t    y\n"));
    assert_ne!(status, 0);
}
