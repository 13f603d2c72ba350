//! Differential test for `ls`: each case in `tests/ls/cases.jsonl` builds the same small tree
//! on both sides and runs several ls commands; the output was recorded by
//! `tests/ls/record.py` from GNU coreutils 9.1 under real bash (LC_ALL=C). Standard output,
//! standard error and the exit status must match.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

mod recorded_scripts;

#[test]
fn ls_matches_recorded_cases() {
    recorded_scripts::check("ls", include_str!("ls/cases.jsonl"));
}
