//! Info-ZIP wildcards, as zip's `-x`/`-i`/`-d` patterns and unzip's member and `-x` lists
//! use them: `*` matches any run of bytes including `/`, `?` one byte, `[...]` a set with
//! ranges (`!` or `^` first negates), and `\` takes the next byte literally. Matching is a
//! dynamic program over (pattern position, name position), so its cost is bounded by the
//! product of the lengths whatever the pattern.

enum Tok {
    Byte(u8),
    Any,
    Star,
    Set { negate: bool, items: Vec<(u8, u8)> },
}

fn compile(p: &[u8]) -> Vec<Tok> {
    let mut toks = Vec::new();
    let mut i = 0;
    while i < p.len() {
        match p[i] {
            b'*' => {
                if !matches!(toks.last(), Some(Tok::Star)) {
                    toks.push(Tok::Star);
                }
                i += 1;
            }
            b'?' => {
                toks.push(Tok::Any);
                i += 1;
            }
            b'\\' if i + 1 < p.len() => {
                toks.push(Tok::Byte(p[i + 1]));
                i += 2;
            }
            b'[' => match parse_set(p, i + 1) {
                Some((tok, next)) => {
                    toks.push(tok);
                    i = next;
                }
                None => {
                    // No closing bracket: the `[` is an ordinary byte.
                    toks.push(Tok::Byte(b'['));
                    i += 1;
                }
            },
            c => {
                toks.push(Tok::Byte(c));
                i += 1;
            }
        }
    }
    toks
}

/// Parses a set starting after its `[`; returns it and the index after its `]`.
fn parse_set(p: &[u8], mut i: usize) -> Option<(Tok, usize)> {
    let negate = matches!(p.get(i), Some(b'!') | Some(b'^'));
    if negate {
        i += 1;
    }
    let mut items = Vec::new();
    let mut first = true;
    loop {
        let mut c = *p.get(i)?;
        if c == b']' && !first {
            return Some((Tok::Set { negate, items }, i + 1));
        }
        first = false;
        if c == b'\\' {
            i += 1;
            c = *p.get(i)?;
        }
        if p.get(i + 1) == Some(&b'-') && p.get(i + 2).is_some_and(|&e| e != b']') {
            items.push((c, p[i + 2]));
            i += 3;
        } else {
            items.push((c, c));
            i += 1;
        }
    }
}

fn one(t: &Tok, c: u8) -> bool {
    match t {
        Tok::Byte(b) => *b == c,
        Tok::Any => true,
        Tok::Star => true,
        Tok::Set { negate, items } => items.iter().any(|&(lo, hi)| lo <= c && c <= hi) != *negate,
    }
}

/// Whether `name` matches `pattern`. `steps` receives the work done, for metering.
pub fn matches(pattern: &[u8], name: &[u8], steps: &mut u64) -> bool {
    let toks = compile(pattern);
    *steps += (toks.len() as u64 + 1) * (name.len() as u64 + 1);
    // can[j]: the tokens so far can match name[..j].
    let mut can = vec![false; name.len() + 1];
    can[0] = true;
    for t in &toks {
        let mut next = vec![false; name.len() + 1];
        if let Tok::Star = t {
            let mut reach = false;
            for j in 0..=name.len() {
                reach |= can[j];
                next[j] = reach;
            }
        } else {
            for j in 0..name.len() {
                next[j + 1] = can[j] && one(t, name[j]);
            }
        }
        can = next;
    }
    can[name.len()]
}

#[cfg(test)]
mod tests {
    use super::matches;

    fn m(p: &str, n: &str) -> bool {
        matches(p.as_bytes(), n.as_bytes(), &mut 0)
    }

    #[test]
    fn info_zip_wildcards() {
        assert!(m("*.c", "d/sub/x.c"));
        assert!(m("d/sub/*", "d/sub/"));
        assert!(!m("d/sub", "d/sub/"));
        assert!(m("d/s?b/[x]*", "d/sub/x.c"));
        assert!(m("d/[!a]*", "d/c.txt") && !m("d/[!a]*", "d/a.c"));
        assert!(m("d/[^a]*", "d/c.txt") && !m("d/[^a]*", "d/a.c"));
        assert!(m("d/\\a.c", "d/a.c") && m("a\\.c", "a.c") && !m("a\\.c", "abc"));
        assert!(m("[a-c]x", "bx") && !m("[a-c]x", "dx"));
        assert!(m("a[", "a[") && m("**", ""));
        assert!(!m("a*b", &"a".repeat(5000)));
    }
}
