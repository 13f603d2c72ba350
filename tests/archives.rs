//! `gzip`/`gunzip`/`zcat` and `tar` against GNU gzip 1.12 and GNU tar 1.34: every case in
//! `tests/archives/cases.jsonl` (recorded from the real tools by `tests/archives/record.py`)
//! runs through the built binary (`shellsim -c`); standard output, standard error, the exit
//! status and the files left (content, mode, link targets, and mtimes that do not come from
//! the recording host's clock) must be GNU's. Gzip data the script created is compared
//! decompressed, since the DEFLATE encoder differs (docs/compatibility.md).
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

mod archive_runner;

#[test]
fn matches_recorded_gnu_gzip_and_tar() {
    archive_runner::run_cases(
        include_str!("archives/cases.jsonl"),
        "export LC_ALL=C TZ=UTC TAR_OPTIONS=--sort=name",
        "archives (GNU gzip 1.12, GNU tar 1.34)",
    );
}
