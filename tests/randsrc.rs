//! Differential test for `sort -R` and `shuf` with `--random-source=FILE`: each case in
//! `tests/randsrc/cases.jsonl` is a shell script recorded by `tests/randsrc/record.py` under
//! real bash with GNU coreutils 9.1 (LC_ALL=C) in a directory seeded with the case's files; it
//! runs through the built binary with `shellsim -c` in `/work/t`, and standard output,
//! standard error and the exit status must match.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

mod recorded_scripts;

#[test]
fn random_source_commands_match_recorded_cases() {
    recorded_scripts::check("random source", include_str!("randsrc/cases.jsonl"));
}
