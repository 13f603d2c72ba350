//! jq's regular-expression natives, `matches`, `split_matches` and `split_` (the standard
//! library builds `test`, `match`, `capture`, `scan`, `split/2`, `splits`, `sub` and `gsub` on
//! them), run with the `regex` crate and metered.
//!
//! jaq's versions collect every match of a string before returning, uncharged: `"x" * 3e7 |
//! [match(""; "g")]` built ten gigabytes in one call. Here the scan is charged per 256 bytes
//! (scaled by the pattern's length, since matching costs both), every match passes the guard's
//! step (CPU, stack and the heap the filter holds, `engine.rs`), and a match stops the filter
//! when the memory left is gone.
//!
//! The output follows jq 1.6 (Oniguruma) where jaq's differs:
//! - a global search restarts at the end of a non-empty match, and stops when it reaches the end of the string, so `"abc" | match(""; "g")` matches
//!   at 0, 1 and 2 (not 3) and an empty string still matches once; after an empty match the
//!   search restarts one character after where it began, so an empty match further on is
//!   reported again, as jq 1.6 does;
//! - a group that did not take part is `{"offset": -1, "string": null, "length": 0, "name":
//!   ...}`, and an unnamed group has `"name": null`;
//! - flags: `g`, `i`, `x`, `n` (skip empty matches), `s` (the default here: `^` and `$` at the
//!   ends of the string), `p` and `m` (`.` matches a newline, as Oniguruma's multiline option);
//!   `l` (longest match) is refused, and any other letter is jq's error.
//!
//! What stays the `regex` crate's: its syntax (close to Oniguruma's for what jq programs use;
//! no look-around or back-references, refused with the crate's message), and `$` matching only
//! at the very end (Oniguruma also matches before a final newline).

use super::engine;
use super::messages::kind;
use super::write::shown;
use jaq_core::box_iter::box_once;
use jaq_core::{data, Exn};
use jaq_json::{Map, Val};
use regex::bytes::{Captures, Regex, RegexBuilder};

type D = data::JustLut<Val>;
type Out<'a> = jaq_core::ValXs<'a, Val>;

fn fail<'a>(msg: String) -> Out<'a> {
    box_once(Err(Exn::from(jaq_core::Error::str(msg))))
}

/// The flags of a jq regex call.
#[derive(Default)]
struct Flags {
    global: bool,
    skip_empty: bool,
}

/// Parses jq's flag string and builds the expression.
fn compile(re: &Val, flags: &Val) -> Result<(Regex, Flags), String> {
    let flags: &[u8] = match flags {
        Val::Null => b"",
        Val::TStr(s) | Val::BStr(s) => s,
        other => {
            return Err(format!(
                "{} ({}) is not a string",
                kind(other),
                shown(other)
            ))
        }
    };
    let (Val::TStr(re) | Val::BStr(re)) = re else {
        return Err(format!("{} ({}) is not a string", kind(re), shown(re)));
    };
    let mut f = Flags::default();
    let (mut icase, mut extended, mut dotall) = (false, false, false);
    for &c in flags {
        match c {
            b'g' => f.global = true,
            b'n' => f.skip_empty = true,
            b'i' => icase = true,
            b'x' => extended = true,
            b's' => {}
            b'p' | b'm' => dotall = true,
            b'l' => return Err("the l (longest match) regex flag is not supported".into()),
            _ => {
                return Err(format!(
                    "{} is not a valid modifier string",
                    String::from_utf8_lossy(flags)
                ))
            }
        }
    }
    let pattern = String::from_utf8_lossy(re);
    let re = RegexBuilder::new(&pattern)
        .case_insensitive(icase)
        .ignore_whitespace(extended)
        .dot_matches_new_line(dotall)
        .build()
        .map_err(|e| {
            // The crate's message repeats the pattern with a caret line; jq prints one line.
            let e = e.to_string();
            let why = e.lines().last().unwrap_or_default();
            let why = why.trim().trim_start_matches("error: ");
            format!("{pattern} (at offset 0) is not a valid regex: {why}")
        })?;
    Ok((re, f))
}

/// What a call returns: the matches, the text between them, or both interleaved.
#[derive(Clone, Copy)]
enum Want {
    Matches,
    Between,
    Both,
}

/// Character offsets of byte positions, asked for in increasing order.
struct CharCount<'s> {
    text: &'s [u8],
    byte: usize,
    chars: usize,
}

impl CharCount<'_> {
    fn at(&mut self, byte: usize) -> usize {
        if byte < self.byte {
            // A group can start before the previous group's end; count from the start.
            self.byte = 0;
            self.chars = 0;
        }
        self.chars += chars(&self.text[self.byte..byte]);
        self.byte = byte;
        self.chars
    }
}

/// Characters in UTF-8 text (continuation bytes do not start one).
fn chars(b: &[u8]) -> usize {
    b.iter().filter(|&&c| (c as i8) >= -0x40).count()
}

fn text_val(b: &[u8]) -> Val {
    Val::utf8_str(b.to_vec())
}

fn key(k: &str) -> Val {
    Val::utf8_str(k.to_string())
}

/// One match as jq 1.6 shows it: the whole match, then each group.
fn match_val(caps: &Captures, names: &[Option<&str>], count: &mut CharCount) -> Val {
    let mut items = Vec::with_capacity(names.len());
    for (i, name) in names.iter().enumerate() {
        let mut m = Map::default();
        match caps.get(i) {
            Some(g) => {
                m.insert(key("offset"), Val::from(count.at(g.start())));
                m.insert(key("length"), Val::from(chars(g.as_bytes())));
                m.insert(key("string"), text_val(g.as_bytes()));
            }
            None => {
                m.insert(key("offset"), Val::from(-1isize));
                m.insert(key("string"), Val::Null);
                m.insert(key("length"), Val::from(0usize));
            }
        }
        if i > 0 {
            m.insert(key("name"), name.map_or(Val::Null, key));
        }
        items.push(Val::obj(m));
    }
    Val::Arr(items.into())
}

/// The next match at or after `start` (a non-empty one under the `n` flag). Each search is
/// charged for the bytes it looked at, times `scale`.
fn next_match<'a, 't>(
    re: &Regex,
    text: &'t [u8],
    mut start: usize,
    f: &Flags,
    scale: usize,
) -> Result<Option<Captures<'t>>, Exn<'a, Val>> {
    loop {
        let caps = re.captures_at(text, start);
        let scanned = caps
            .as_ref()
            .and_then(|c| c.get(0))
            .map_or(text.len(), |m| m.end())
            .saturating_sub(start);
        engine::charge_bytes(scanned.saturating_add(256).saturating_mul(scale))?;
        let Some(caps) = caps else { return Ok(None) };
        let Some(whole) = caps.get(0) else {
            return Ok(None);
        };
        if !(f.skip_empty && whole.is_empty()) {
            return Ok(Some(caps));
        }
        if whole.start() >= text.len() {
            return Ok(None);
        }
        start = whole.start() + char_len(text, whole.start());
    }
}

/// Length of the UTF-8 character starting at `i` (1 for a stray byte).
fn char_len(text: &[u8], i: usize) -> usize {
    let rest = &text[i..];
    1 + rest
        .iter()
        .skip(1)
        .take_while(|&&c| (c as i8) < -0x40)
        .count()
        .min(3)
}

fn run<'a>(mut cv: jaq_core::Cv<'a, D>, want: Want) -> Out<'a> {
    let flags = cv.0.pop_var();
    let re = cv.0.pop_var();
    let (Val::TStr(text) | Val::BStr(text)) = &cv.1 else {
        let v = &cv.1;
        return fail(format!(
            "{} ({}) cannot be matched, as it is not a string",
            kind(v),
            shown(v)
        ));
    };
    let (re, f) = match compile(&re, &flags) {
        Ok(x) => x,
        Err(m) => return fail(m),
    };
    // Matching costs about the text's length times the pattern's.
    let scale = 1 + re.as_str().len() / 64;
    let names: Vec<Option<&str>> = re.capture_names().collect();
    let mut count = CharCount {
        text,
        byte: 0,
        chars: 0,
    };
    let mut out = Vec::new();
    let (mut start, mut last_end) = (0, 0);
    loop {
        let caps = match next_match(&re, text, start, &f, scale) {
            Ok(Some(caps)) => caps,
            Ok(None) => break,
            Err(e) => return box_once(Err(e)),
        };
        if !engine::step() {
            return box_once(Err(engine::halt()));
        }
        if engine::memory_room() == 0 {
            return box_once(Err(engine::out_of_memory()));
        }
        let Some(whole) = caps.get(0) else { break };
        if matches!(want, Want::Between | Want::Both) {
            out.push(text_val(&text[last_end..whole.start()]));
            last_end = whole.end();
        }
        if matches!(want, Want::Matches | Want::Both) {
            out.push(match_val(&caps, &names, &mut count));
        }
        start = if whole.is_empty() {
            // From where this search started, as jq 1.6 does (so an empty match found
            // further on is found again: `"ab" | [match("$"; "g")]` has two).
            start + char_len(text, start.min(text.len().saturating_sub(1)))
        } else {
            whole.end()
        };
        if !f.global || start >= text.len() {
            break;
        }
    }
    if matches!(want, Want::Between | Want::Both) {
        out.push(text_val(&text[last_end.min(text.len())..]));
    }
    box_once(Ok(Val::Arr(out.into())))
}

pub fn matches<'a>(cv: jaq_core::Cv<'a, D>) -> Out<'a> {
    run(cv, Want::Matches)
}

pub fn split_matches<'a>(cv: jaq_core::Cv<'a, D>) -> Out<'a> {
    run(cv, Want::Both)
}

pub fn split<'a>(cv: jaq_core::Cv<'a, D>) -> Out<'a> {
    run(cv, Want::Between)
}
