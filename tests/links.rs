//! Differential test for hard links (`ln`, and how `stat`, `ls`, `find`, `du`, `cp`, `mv`,
//! `rm` and `tar` treat a file of several names): each case in `tests/links/cases.jsonl` is a
//! shell script recorded by `tests/links/record.py` under real bash with GNU coreutils 9.1,
//! findutils and GNU tar (LC_ALL=C); it runs through the built binary with `shellsim -c` in
//! `/work/t`, and standard output, standard error and the exit status must match.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

mod recorded_scripts;

#[test]
fn hard_links_match_recorded_cases() {
    recorded_scripts::check("hard links", include_str!("links/cases.jsonl"));
}
