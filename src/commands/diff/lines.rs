//! How `diff` reads lines and decides that two lines are the same: the white space options
//! (`-w`, `-b`, `-Z`, `-E`), `-i`, `--strip-trailing-cr`, and which changed lines `-B` and
//! `-I` may ignore. Each rule turns a line into a key; lines with equal keys are equal.

use crate::commands::posix_re::Regex;

/// GNU's `ignore_white_space` levels, weakest first. `-E` and `-Z` combine (`TabTrailing`);
/// `-b` and `-w` override both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Ws {
    None = 0,
    Tab = 1,
    Trailing = 2,
    TabTrailing = 3,
    Change = 4,
    All = 5,
}

impl Ws {
    /// Applies one option letter (`b`, `w`, `Z`, `E`) the way GNU's option loop does.
    pub fn with(self, letter: u8) -> Ws {
        match letter {
            b'w' => Ws::All,
            b'b' => self.max(Ws::Change),
            b'Z' | b'E' if self < Ws::Change => {
                let bit = if letter == b'Z' { 2 } else { 1 };
                match self as u8 | bit {
                    1 => Ws::Tab,
                    2 => Ws::Trailing,
                    _ => Ws::TabTrailing,
                }
            }
            _ => self,
        }
    }
}

/// C's `isspace` in the C locale.
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

pub fn lines(data: &[u8]) -> Vec<&[u8]> {
    if data.is_empty() {
        return Vec::new();
    }
    let mut v: Vec<&[u8]> = data.split_inclusive(|&b| b == b'\n').collect();
    if v.last().is_some_and(|l| l.is_empty()) {
        v.pop();
    }
    v
}

/// `--strip-trailing-cr`: a carriage return before a newline goes (one that ends a file
/// without a final newline stays, in diffutils 3.8).
pub fn strip_cr(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len());
    let mut i = 0;
    while i < data.len() {
        let b = data[i];
        if b == b'\r' && data.get(i + 1) == Some(&b'\n') {
            i += 1;
            continue;
        }
        out.push(b);
        i += 1;
    }
    out
}

/// What makes two lines equal.
#[derive(Clone, Copy)]
pub struct Rules {
    pub ws: Ws,
    pub icase: bool,
    pub tab: u64,
}

/// The comparison key of a line's text (without its newline).
pub fn key(body: &[u8], r: Rules) -> Vec<u8> {
    let mut k: Vec<u8> = match r.ws {
        Ws::All => body.iter().copied().filter(|&b| !is_space(b)).collect(),
        Ws::Change => {
            // Every run of white space is one space; a run at the end is nothing.
            let mut out = Vec::with_capacity(body.len());
            let mut in_space = false;
            for &b in body {
                if is_space(b) {
                    in_space = true;
                } else {
                    if in_space {
                        out.push(b' ');
                    }
                    in_space = false;
                    out.push(b);
                }
            }
            out
        }
        // With both -E and -Z, GNU's line comparison only ever forgives trailing white
        // space (a tab against spaces is two white space bytes, which it reads as the start
        // of trailing space and, finding more text, calls a difference).
        Ws::Trailing | Ws::TabTrailing => {
            let end = body
                .iter()
                .rposition(|&b| !is_space(b))
                .map_or(0, |p| p + 1);
            body[..end].to_vec()
        }
        Ws::Tab => tab_key(body, r.tab),
        Ws::None => body.to_vec(),
    };
    if r.icase {
        k.make_ascii_lowercase();
    }
    k
}

/// `-E`: two lines are equal when their tabs expand alike. GNU checks that twice: its hash
/// moves the column back on a backspace and to 0 on a carriage return, while its byte by
/// byte comparison counts every other byte as one column. Both must agree, so the key holds
/// both expansions (the second only when the line has a byte where they can differ). A run
/// of blanks is kept as a space and how many columns it spans, so a huge `--tabsize` costs
/// nothing (spaces never appear in the key otherwise).
fn tab_key(body: &[u8], tab: u64) -> Vec<u8> {
    let expand = |hash_rules: bool| {
        let mut out = Vec::with_capacity(body.len());
        let mut col: u64 = 0;
        let mut i = 0;
        while i < body.len() {
            let b = body[i];
            if b == b' ' || b == b'\t' {
                let start = col;
                while i < body.len() && (body[i] == b' ' || body[i] == b'\t') {
                    col = if body[i] == b' ' {
                        col.saturating_add(1)
                    } else {
                        col.saturating_add(tab - col % tab)
                    };
                    i += 1;
                }
                out.push(b' ');
                out.extend_from_slice(&(col - start).to_le_bytes());
                continue;
            }
            col = match b {
                0x08 if hash_rules => col.saturating_sub(1),
                b'\r' if hash_rules => 0,
                _ => col.saturating_add(1),
            };
            out.push(b);
            i += 1;
        }
        out
    };
    let mut k = expand(false);
    if body.iter().any(|&b| b == 0x08 || b == b'\r') {
        let mut both = (k.len() as u64).to_le_bytes().to_vec();
        both.append(&mut k);
        both.extend(expand(true));
        return both;
    }
    k
}

/// What `-B` and `-I` forgive.
pub struct Ignore<'a> {
    pub blank_lines: bool,
    pub re: Option<&'a Regex>,
    pub ws: Ws,
}

impl Ignore<'_> {
    pub fn active(&self) -> bool {
        self.blank_lines || self.re.is_some()
    }

    /// Whether a changed line may be ignored (GNU's `analyze_hunk`): `-B` forgives an empty
    /// line — or, with `-Z`, `-b` or `-w`, one of white space only — and `-I` a line its
    /// expression matches.
    pub fn trivial(&self, line: &[u8]) -> bool {
        let body = line.strip_suffix(b"\n").unwrap_or(line);
        if self.blank_lines
            && (body.is_empty() || (self.ws >= Ws::Trailing && body.iter().all(|&b| is_space(b))))
        {
            return true;
        }
        self.re.is_some_and(|re| re.is_match(body).unwrap_or(false))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_space_levels_combine_like_gnu() {
        assert_eq!(Ws::None.with(b'E').with(b'Z'), Ws::TabTrailing);
        assert_eq!(Ws::None.with(b'b').with(b'Z'), Ws::Change);
        assert_eq!(Ws::None.with(b'Z').with(b'b'), Ws::Change);
        assert_eq!(Ws::None.with(b'w').with(b'b'), Ws::All);
    }

    #[test]
    fn keys() {
        let r = |ws| Rules {
            ws,
            icase: false,
            tab: 8,
        };
        assert_eq!(key(b" a  b ", r(Ws::Change)), b" a b");
        assert_eq!(key(b"a\x0bb", r(Ws::All)), b"ab");
        assert_eq!(key(b"a \t", r(Ws::Trailing)), b"a");
        assert_eq!(key(b"a\tb", r(Ws::Tab)), key(b"a       b", r(Ws::Tab)));
        assert_ne!(key(b"\r\t", r(Ws::Tab)), key(b"\r       ", r(Ws::Tab)));
        assert_eq!(strip_cr(b"a\r\nb\r"), b"a\nb\r");
        assert_eq!(strip_cr(b"a\rb\r\r\n"), b"a\rb\r\n");
    }
}
