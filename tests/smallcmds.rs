//! Differential test for the small commands (`join`, `split`, `shuf`, `bc`): each case in
//! `tests/smallcmds/cases.jsonl` is a shell script recorded by `tests/smallcmds/record.py`
//! under real bash with GNU coreutils 9.1 and GNU bc (LC_ALL=C) in a directory seeded with
//! the case's files; it runs through the built binary with `shellsim -c` in `/work/t`, and
//! standard output, standard error and the exit status must match.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

mod recorded_scripts;

#[test]
fn small_commands_match_recorded_cases() {
    recorded_scripts::check("small commands", include_str!("smallcmds/cases.jsonl"));
}
