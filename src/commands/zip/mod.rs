//! `zip` (Info-ZIP zip 3.0) and `unzip` (Info-ZIP unzip 6.0, as Debian ships it).
//!
//! - `format.rs` — the container: end record, central directory, local headers, extra fields.
//! - `commands::deflate` (shared with gzip) — zip 3.0's own DEFLATE encoder, so the ratios
//!   and sizes the tools print are zip's (the compressed bytes are too).
//! - `wild.rs` — Info-ZIP wildcards for `-x`, `-i`, `-d` and member lists.
//! - `create.rs` — the `zip` command; `unzip.rs` its listing/test/pipe modes and options,
//!   `extract.rs` writing members into the VFS, `inflate.rs` metered decompression.
//!
//! Both commands are metered: archives being built or members being inflated are reserved
//! before they grow, every byte compressed, inflated or copied is charged, so a
//! decompression bomb stops on a limit with a typed reason.

mod create;
mod extract;
pub mod format;
mod inflate;
mod unzip;
mod wild;

use crate::process::command::Trust;

pub fn register(r: &mut super::Registry) {
    r.register(
        "zip",
        Trust::Partial,
        "package files into a zip archive (Info-ZIP zip 3.0, its DEFLATE encoder; directories \
         walked in name order, operands not wildcard-expanded by zip itself)",
        "ARCHIVE [FILE]... -r -q -j -D -0..-9 -x PATTERN...|-x@FILE -i PATTERN...|-i@FILE \
         -d (delete) -h; other zip options refused",
        run_zip,
    );
    r.register(
        "unzip",
        Trust::Real,
        "list, test and extract zip archives (Info-ZIP unzip 6.0)",
        "ARCHIVE [MEMBER]... -l -v -t -p -q -qq -o -n -j -d DIR -x MEMBER...; \
         other unzip options refused",
        run_unzip,
    );
}

crate::command_fn!(run_zip, create::zip_main);
crate::command_fn!(run_unzip, unzip::unzip_main);

#[cfg(test)]
mod tests;
