//! `zip` and `unzip` against Info-ZIP zip 3.0 and unzip 6.0: every case in
//! `tests/zip/cases.jsonl` (recorded from the real tools by `tests/zip/record.py`) runs through
//! the built binary; output, status and the files left must be Info-ZIP's, zip archives
//! included byte for byte (clock-derived times aside, see `archive_runner::zip_norm`).
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

mod archive_runner;

#[test]
fn matches_recorded_info_zip() {
    archive_runner::run_cases(
        include_str!("zip/cases.jsonl"),
        "export LC_ALL=C TZ=UTC",
        "zip (Info-ZIP zip 3.0, unzip 6.0)",
    );
}
