//! Differential test for the checksum commands (`cksum` with every algorithm and `--check`,
//! `sum`, and the `--check` line reading of `md5sum`/`b2sum`): each case in
//! `tests/sums/cases.jsonl` is a shell script recorded by `tests/sums/record.py` under real
//! bash with GNU coreutils 9.1 (LC_ALL=C); it runs through the built binary with
//! `shellsim -c` in `/work/t`, and standard output, standard error and the exit status must
//! match.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

mod recorded_scripts;

#[test]
fn checksum_commands_match_recorded_cases() {
    recorded_scripts::check("checksums", include_str!("sums/cases.jsonl"));
}
