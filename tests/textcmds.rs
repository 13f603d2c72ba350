//! Differential test for the text and file commands (`fmt`, `install`, `numfmt`, `tree`,
//! `csplit`, `pr`): each case in `tests/textcmds/cases.jsonl` is a shell script recorded by
//! `tests/textcmds/record.py` under real bash with GNU coreutils 9.1 and tree v2.1.0 (LC_ALL=C)
//! in a directory seeded with the case's files; it runs through the built binary with
//! `shellsim -c` in `/work/t`, and standard output, standard error and the exit status must
//! match.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

mod recorded_scripts;

#[test]
fn text_commands_match_recorded_cases() {
    recorded_scripts::check("text commands", include_str!("textcmds/cases.jsonl"));
}
