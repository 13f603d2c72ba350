//! `tr`: translate, delete or squeeze bytes, streaming chunk by chunk.

use super::opts::{self, flag, OptDef, Out, Parser, Quoting};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;

const DEFS: &[OptDef] = &[
    flag(b'c', "complement"),
    flag(b'C', ""),
    flag(b'd', "delete"),
    flag(b's', "squeeze-repeats"),
    flag(b't', "truncate-set1"),
];

const CLASSES: &[&str] = &[
    "alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space",
    "upper", "xdigit",
];

fn class_bytes(name: &str) -> Vec<u8> {
    (0u8..=255)
        .filter(|&c| match name {
            "alnum" => c.is_ascii_alphanumeric(),
            "alpha" => c.is_ascii_alphabetic(),
            "blank" => c == b' ' || c == b'\t',
            "cntrl" => c.is_ascii_control(),
            "digit" => c.is_ascii_digit(),
            "graph" => c.is_ascii_graphic(),
            "lower" => c.is_ascii_lowercase(),
            "print" => c.is_ascii_graphic() || c == b' ',
            "punct" => c.is_ascii_punctuation(),
            "space" => c.is_ascii_whitespace() || c == 0x0b,
            "upper" => c.is_ascii_uppercase(),
            _ => c.is_ascii_hexdigit(),
        })
        .collect()
}

/// Decodes backslash escapes into (byte, was_escaped) pairs.
fn unescape(s: &[u8]) -> Vec<(u8, bool)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'\\' && i + 1 < s.len() {
            let c = s[i + 1];
            i += 2;
            let b = match c {
                b'a' => 7,
                b'b' => 8,
                b'f' => 12,
                b'n' => b'\n',
                b'r' => b'\r',
                b't' => b'\t',
                b'v' => 11,
                b'0'..=b'7' => {
                    let mut v = (c - b'0') as u32;
                    let mut n = 1;
                    while n < 3
                        && i < s.len()
                        && (b'0'..=b'7').contains(&s[i])
                        && v * 8 + ((s[i] - b'0') as u32) < 256
                    {
                        v = v * 8 + (s[i] - b'0') as u32;
                        i += 1;
                        n += 1;
                    }
                    v as u8
                }
                other => other,
            };
            out.push((b, true));
        } else {
            out.push((s[i], false));
            i += 1;
        }
    }
    out
}

/// An expanded set: bytes, plus the position and byte of a `[c*]` fill (SET2 only).
struct Set {
    bytes: Vec<u8>,
    fill: Option<(usize, u8)>,
    classes: Vec<String>,
    /// Where each class starts in `bytes`, and its name.
    class_at: Vec<(usize, String)>,
    /// The set ends with a character class.
    ends_with_class: bool,
}

fn expand(q: Quoting, s: &[u8], is_set2: bool) -> Result<Set, String> {
    let u = unescape(s);
    let mut set = Set {
        bytes: Vec::new(),
        fill: None,
        classes: Vec::new(),
        class_at: Vec::new(),
        ends_with_class: false,
    };
    let mut i = 0;
    let lit = |k: usize| -> Option<u8> { u.get(k).filter(|p| !p.1).map(|p| p.0) };
    while i < u.len() {
        let (c, _) = u[i];
        if lit(i) == Some(b'[') {
            // [:class:], [=c=], [c*n]
            if lit(i + 1) == Some(b':') {
                if let Some(end) =
                    (i + 2..u.len()).find(|&k| lit(k) == Some(b':') && lit(k + 1) == Some(b']'))
                {
                    let name: String = u[i + 2..end].iter().map(|p| p.0 as char).collect();
                    if CLASSES.contains(&name.as_str()) {
                        set.class_at.push((set.bytes.len(), name.clone()));
                        set.bytes.extend(class_bytes(&name));
                        set.classes.push(name);
                        i = end + 2;
                        set.ends_with_class = i >= u.len();
                        continue;
                    }
                    return Err(format!(
                        "invalid character class {}",
                        q.quote(name.as_bytes())
                    ));
                }
            }
            if lit(i + 1) == Some(b'=') {
                // The class ends at the first `=]`; it must hold exactly one character.
                let close =
                    (i + 2..u.len()).find(|&k| lit(k) == Some(b'=') && lit(k + 1) == Some(b']'));
                if let Some(end) = close {
                    match end - (i + 2) {
                        1 => {
                            set.bytes.push(u[i + 2].0);
                            i = end + 2;
                            continue;
                        }
                        0 => {
                            let shown: Vec<u8> = u[i..end + 2].iter().map(|p| p.0).collect();
                            return Err(format!(
                                "missing equivalence class character {}",
                                q.quote(&shown)
                            ));
                        }
                        _ => {
                            let operand: Vec<u8> = u[i + 2..end].iter().map(|p| p.0).collect();
                            return Err(format!(
                                "{}: equivalence class operand must be a single character",
                                String::from_utf8_lossy(&operand)
                            ));
                        }
                    }
                }
            }
            if i + 2 < u.len() && lit(i + 2) == Some(b'*') {
                if let Some(end) = (i + 3..u.len()).find(|&k| lit(k) == Some(b']')) {
                    let digits: String = u[i + 3..end].iter().map(|p| p.0 as char).collect();
                    let ch = u[i + 1].0;
                    if !is_set2 {
                        return Err("the [c*] repeat construct may not appear in string1".into());
                    }
                    if digits.is_empty() {
                        set.fill = Some((set.bytes.len(), ch));
                    } else {
                        let n = if digits.starts_with('0') {
                            usize::from_str_radix(&digits, 8)
                        } else {
                            digits.parse()
                        };
                        match n {
                            Ok(0) => set.fill = Some((set.bytes.len(), ch)),
                            Ok(n) => set.bytes.extend(std::iter::repeat_n(ch, n)),
                            Err(_) => {
                                return Err(format!(
                                    "invalid repeat count {} in [c*n] construct",
                                    q.quote(digits.as_bytes())
                                ))
                            }
                        }
                    }
                    i = end + 1;
                    continue;
                }
            }
        }
        if lit(i + 1) == Some(b'-') && i + 2 < u.len() {
            let hi = u[i + 2].0;
            if hi < c {
                let text: String = format!(
                    "{}-{}",
                    String::from_utf8_lossy(&[c]),
                    String::from_utf8_lossy(&[hi])
                );
                return Err(format!(
                    "range-endpoints of {} are in reverse collating sequence order",
                    q.quote(text.as_bytes())
                ));
            }
            set.bytes.extend(c..=hi);
            i += 3;
            continue;
        }
        set.bytes.push(c);
        i += 1;
    }
    Ok(set)
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let comp = p.has(b'c') || p.has(b'C');
    let (del, sq, trunc) = (p.has(b'd'), p.has(b's'), p.has(b't'));
    let ops = &p.operands;
    let need2 = !del && !sq || (del && sq);
    let max = if del && !sq { 1 } else { 2 };
    if ops.is_empty() {
        return opts::usage(ctx, "missing operand", 1).await;
    }
    if ops.len() == 1 && need2 {
        let msg = format!(
            "missing operand after {}\n{}",
            opts::quote(ctx, &ops[0]),
            if del {
                "Two strings must be given when both deleting and squeezing repeats."
            } else {
                "Two strings must be given when translating."
            }
        );
        return opts::usage(ctx, &msg, 1).await;
    }
    if ops.len() > max {
        let extra = if del && !sq {
            "\nOnly one string may be given when deleting without squeezing repeats."
        } else {
            ""
        };
        return opts::usage(
            ctx,
            &format!("extra operand {}{extra}", opts::quote(ctx, &ops[max])),
            1,
        )
        .await;
    }
    let s1 = match expand(Quoting::of(ctx), &ops[0], false) {
        Ok(s) => s,
        Err(m) => {
            ctx.diag(m).await?;
            return Ok(1);
        }
    };
    let s2 = match ops
        .get(1)
        .map(|o| expand(Quoting::of(ctx), o, true))
        .transpose()
    {
        Ok(s) => s,
        Err(m) => {
            ctx.diag(m).await?;
            return Ok(1);
        }
    };
    let mut in1 = [false; 256];
    for &b in &s1.bytes {
        in1[b as usize] = true;
    }
    if comp {
        for v in in1.iter_mut() {
            *v = !*v;
        }
    }
    let set1_list: Vec<u8> = if comp {
        (0u8..=255).filter(|b| in1[*b as usize]).collect()
    } else {
        s1.bytes.clone()
    };
    let translating = !del && s2.is_some();
    let mut map: [u8; 256] = std::array::from_fn(|i| i as u8);
    let mut in2 = [false; 256];
    if let Some(s2) = &s2 {
        if translating && s2.classes.iter().any(|c| c != "upper" && c != "lower") {
            ctx.diag("when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'").await?;
            return Ok(1);
        }
        // GNU: an [:upper:] or [:lower:] in string2 must face a case class in string1.
        let aligned = s2.class_at.iter().all(|(at, _)| {
            s1.class_at
                .iter()
                .any(|(at1, n)| at1 == at && (n == "upper" || n == "lower"))
        });
        if translating && !comp && !aligned {
            ctx.diag("misaligned [:upper:] and/or [:lower:] construct")
                .await?;
            return Ok(1);
        }
        if translating && s2.ends_with_class && set1_list.len() > s2.bytes.len() {
            ctx.diag("when translating with string1 longer than string2,\nthe latter string must not end with a character class").await?;
            return Ok(1);
        }
        let mut b2 = s2.bytes.clone();
        if let Some((at, ch)) = s2.fill {
            let n = set1_list.len().saturating_sub(b2.len());
            b2.splice(at..at, std::iter::repeat_n(ch, n));
        }
        if translating {
            if b2.is_empty() && !set1_list.is_empty() && !trunc {
                ctx.diag("when not truncating set1, string2 must be non-empty")
                    .await?;
                return Ok(1);
            }
            let last = b2.last().copied().unwrap_or(0);
            for (k, &c) in set1_list.iter().enumerate() {
                match b2.get(k) {
                    Some(&t) => map[c as usize] = t,
                    None if trunc => {}
                    None => map[c as usize] = last,
                }
            }
        }
        for &b in &b2 {
            in2[b as usize] = true;
        }
    }
    // Squeeze applies to SET2 when translating or deleting, else SET1.
    let squeeze_set = if s2.is_some() { in2 } else { in1 };
    let mut last: Option<u8> = None;
    let mut out = Out::new();
    loop {
        let chunk = match ctx.read_fd(0, 65536).await {
            Ok(c) => c,
            Err(e) => {
                let e = opts::interrupted(e)?;
                ctx.diag(format!("read error: {}", e.message())).await?;
                return Ok(1);
            }
        };
        if chunk.is_empty() {
            break;
        }
        ctx.charge_bytes(chunk.len())?;
        for &b in &chunk {
            if del && in1[b as usize] {
                continue;
            }
            let t = map[b as usize];
            if sq && squeeze_set[t as usize] && last == Some(t) {
                continue;
            }
            last = Some(t);
            out.buf.push(t);
        }
        out.flush(ctx).await?;
    }
    Ok(0)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn t(args: &[&str], input: &str) -> (i32, String, String) {
        let mut v = vec!["tr"];
        v.extend_from_slice(args);
        text(run(&v, input.as_bytes()))
    }

    #[test]
    fn translate() {
        assert_eq!(t(&["-s", " "], "hello  world\n").1, "hello world\n");
        assert_eq!(t(&["-c", "l\\n", "x"], "hello\n").1, "xxllx\n");
        assert_eq!(t(&["-s", "a-c", "x"], "aabbcc\n").1, "x\n");
        assert_eq!(t(&["a-y", "b-z"], "hello\n").1, "ifmmp\n");
        assert_eq!(t(&["-t", "elo", "x"], "hello\n").1, "hxllo\n");
        assert_eq!(t(&["elo", "x"], "hello\n").1, "hxxxx\n");
        assert_eq!(t(&["-d", "[:digit:]"], "a1b2\n").1, "ab\n");
        assert_eq!(t(&["abc", "[x*]"], "abc\n").1, "xxx\n");
        assert_eq!(t(&["abcd", "x[y*2]z"], "abcd\n").1, "xyyz\n");
        assert_eq!(t(&["\\\\", "/"], "a\\b\n").1, "a/b\n");
        assert_eq!(t(&["-ds", "a", "b"], "abbc\n").1, "bc\n");
        assert_eq!(t(&["[:lower:]", "[:upper:]"], "abc\n").1, "ABC\n");
        assert_eq!(t(&["-cd", "A\\n"], "ABC\n").1, "A\n");
        assert_eq!(t(&["a-", "xy"], "a-b\n").1, "xyb\n");
        assert_eq!(t(&["\\141", "z"], "abc\n").1, "zbc\n");
        // Case classes facing each other at the same place, as GNU requires.
        // x is also in [:lower:]: its later mapping to X wins, as in GNU.
        assert_eq!(t(&["x[:lower:]", "y[:upper:]"], "xab1\n").1, "XAB1\n");
        assert_eq!(t(&["[:upper:]", "[:lower:]"], "AbC\n").1, "abc\n");
        let misaligned = "tr: misaligned [:upper:] and/or [:lower:] construct\n";
        for (a, b) in [
            ("a", "[:upper:]"),
            ("ab[:lower:]", "[:upper:]"),
            ("[:alpha:]", "[:upper:]"),
        ] {
            assert_eq!(
                t(&[a, b], "abc\n"),
                (1, String::new(), misaligned.into()),
                "{a} {b}"
            );
        }
        assert_eq!(
            t(&["[:lower:]x", "[:upper:]"], "").2,
            "tr: when translating with string1 longer than string2,\nthe latter string must not end with a character class\n"
        );
    }

    #[test]
    fn errors() {
        assert_eq!(
            t(&[], "").2,
            "tr: missing operand\nTry 'tr --help' for more information.\n"
        );
        assert_eq!(t(&["abc"], "").2, "tr: missing operand after 'abc'\nTwo strings must be given when translating.\nTry 'tr --help' for more information.\n");
        assert_eq!(t(&["-d", "a", "b"], "").2, "tr: extra operand 'b'\nOnly one string may be given when deleting without squeezing repeats.\nTry 'tr --help' for more information.\n");
        assert_eq!(
            t(&["z-a", "x"], ""),
            (
                1,
                String::new(),
                "tr: range-endpoints of 'z-a' are in reverse collating sequence order\n".into()
            )
        );
        assert_eq!(t(&["a", "[:digit:]"], "").2, "tr: when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'\n");
        assert_eq!(
            t(&["a", ""], "").2,
            "tr: when not truncating set1, string2 must be non-empty\n"
        );
    }

    #[test]
    fn streams_endless_input() {
        // tr never ends on endless input by itself; it stops when its output limit is hit.
        let (status, out) = run_endless(&["tr", "y", "n"], b"y\n");
        assert!(out.starts_with(b"n\nn\n"));
        assert_ne!(status, 0);
    }
}
