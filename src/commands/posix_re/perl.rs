//! `grep -P`: Perl-style patterns on the `regex` crate, with `fancy-regex` (bounded
//! backtracking) for what the crate's syntax lacks.

use super::{Inst, Regex};
use std::cell::Cell;

/// Backtracking steps one `-P` search may take (PCRE's default match limit is 10 million).
const PERL_BACKTRACK_LIMIT: usize = 10_000_000;

impl Regex {
    /// `grep -P`: Perl-style patterns, run by the `regex` crate (leftmost-first, as PCRE
    /// matches). What the crate's syntax lacks — look-around, back-references, `\K`, atomic
    /// groups — is an error naming the construct, never a different match. Several patterns
    /// are alternatives; `line` anchors each at both ends (`-x`).
    pub fn perl(pats: &[Vec<u8>], icase: bool, line: bool, bytes: bool) -> Result<Regex, String> {
        let mut alts = Vec::with_capacity(pats.len());
        for pat in pats {
            let owned;
            let pat = if bytes {
                owned = perl_bytes_pattern(pat);
                owned.as_str()
            } else {
                std::str::from_utf8(pat)
                    .map_err(|_| "-P patterns must be valid UTF-8 in shellsim".to_string())?
            };
            alts.push(if line {
                format!("^(?:{pat})$")
            } else {
                format!("(?:{pat})")
            });
        }
        let body = if alts.is_empty() {
            let all = if bytes { "\\xFF" } else { "\\x{10FFFF}" };
            format!("[^\\x00-{all}]")
        } else {
            alts.join("|")
        };
        // In the C locale PCRE works on bytes: `.` is a byte, classes and case are ASCII.
        let flags = match (icase, bytes) {
            (true, true) => "(?i-u)",
            (true, false) => "(?i)",
            (false, true) => "(?-u)",
            (false, false) => "",
        };
        let build = |src: &str| {
            regex::bytes::RegexBuilder::new(src)
                .size_limit(64 << 20)
                .build()
                .map_err(|e| {
                    let e = e.to_string();
                    let why = e.lines().last().unwrap_or_default();
                    let why = why.trim().trim_start_matches("error: ").to_string();
                    format!("-P pattern not supported by shellsim's Perl-style matcher: {why}")
                })
        };
        let src = format!("{flags}{body}");
        let fast = match build(&src) {
            Ok(fast) => fast,
            Err(why) => return Regex::perl_backtracking(&src, icase, bytes, why),
        };
        let ngroups = fast.captures_len() - 1;
        let buffer_src = Some(format!("(?m){src}"));
        Ok(Regex::perl_engine(
            Some(fast),
            buffer_src,
            None,
            ngroups,
            icase,
        ))
    }

    /// A `-P` regex run by one of the two engines: no program of its own, no marks.
    fn perl_engine(
        fast: Option<regex::bytes::Regex>,
        buffer_src: Option<String>,
        perl_backtracking: Option<fancy_regex::Regex>,
        ngroups: usize,
        icase: bool,
    ) -> Regex {
        Regex {
            fast,
            buffer_src,
            buffer: std::cell::OnceCell::new(),
            prog: vec![Inst::Match],
            nmarks: 0,
            ngroups,
            has_backref: false,
            simple: true,
            icase,
            multiline: false,
            bytes: false,
            steps: Cell::new(0),
            warnings: Vec::new(),
            perl_backtracking,
        }
    }

    /// A `-P` pattern for the backtracking engine. Its step limit stands in for PCRE's
    /// backtracking limit: a pattern that needs more stops the search with an error
    /// instead of running for exponential time. `unsupported` is the reason the `regex`
    /// crate gave, reported if this engine cannot parse the pattern either.
    fn perl_backtracking(
        src: &str,
        icase: bool,
        bytes: bool,
        unsupported: String,
    ) -> Result<Regex, String> {
        let mode = if bytes {
            fancy_regex::BytesMode::Ascii
        } else {
            fancy_regex::BytesMode::UnicodeBytes
        };
        let re = fancy_regex::RegexBuilder::new(src)
            .backtrack_limit(PERL_BACKTRACK_LIMIT)
            .bytes_mode(mode)
            .build()
            .map_err(|_| unsupported)?;
        let ngroups = re.captures_len() - 1;
        Ok(Regex::perl_engine(None, None, Some(re), ngroups, icase))
    }
}

/// A `-P` pattern for the C locale: every byte from 0x80 up becomes a `\xHH` escape (one
/// byte, also inside brackets), since the matcher reads pattern text as UTF-8 otherwise.
fn perl_bytes_pattern(pat: &[u8]) -> String {
    let mut out = String::with_capacity(pat.len());
    let mut i = 0;
    while i < pat.len() {
        let b = pat[i];
        if b == b'\\' && pat.get(i + 1).is_some_and(|&n| n >= 0x80) {
            // An escaped high byte is that byte.
            i += 1;
            continue;
        }
        if b >= 0x80 {
            out.push_str(&format!("\\x{b:02X}"));
        } else {
            out.push(b as char);
            if b == b'\\' {
                if let Some(&n) = pat.get(i + 1) {
                    out.push(n as char);
                    i += 1;
                }
            }
        }
        i += 1;
    }
    out
}
