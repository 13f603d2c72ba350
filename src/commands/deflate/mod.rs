//! Jean-loup Gailly's DEFLATE encoder, as Info-ZIP zip 3.0 and GNU gzip 1.12 each ship it:
//! `matcher.rs` finds the matches (sliding window, hash chains, greedy and lazy matching) and
//! `trees.rs` cuts blocks, builds the Huffman trees and writes the bits.
//!
//! Both programs descend from the same code, so one implementation serves both; a
//! [`Profile`] selects the handful of places where they differ, because a compressed size
//! (zip's ratios, `gzip -l`) or the compressed bytes themselves (`gzip -c | sha256sum`) are
//! visible to a script and must be the real tool's.

mod matcher;
mod trees;

pub use matcher::{deflate, deflate_with, Window};

/// Which program's variant of the encoder to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// zip 3.0 (its default "deterministic" build): strings are never hashed or searched past
    /// the input's end, the window still slides after the end of input is seen, and a member
    /// whose single block does not shrink is stored whole.
    Zip,
    /// gzip 1.12: every position is hashed, even the last two whose bytes lie past the end;
    /// the search may compare bytes past the end (two zeroed bytes, then whatever the window
    /// held) and is cut to the bytes left only afterwards; once the input is exhausted the
    /// window no longer slides, so positions in its last 262 bytes are not searched at all;
    /// a member is never turned into a stored one (gzip cannot seek back to say so).
    Gzip,
}

/// A compressed member.
pub struct Deflated {
    /// The member's data: a DEFLATE stream, or the input itself when `stored`.
    pub data: Vec<u8>,
    /// The input did not shrink, so zip stores it instead (method 0); never set for gzip.
    pub stored: bool,
    /// zip's text/binary guess (the internal file attribute).
    pub text: bool,
}

/// Bytes of window, hash tables and block buffers one compression holds (for the caller's
/// reservation).
pub const MEMORY: u64 = matcher::MEMORY + trees::Trees::MEMORY;

/// Upper bound of [`deflate`]'s output for `n` input bytes (stored blocks plus slack).
pub fn bound(n: usize) -> usize {
    n + n / 16_000 * 5 + 1024
}
