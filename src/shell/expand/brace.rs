//! Brace expansion (`{a,b}`, `{1..10..2}`, `{a..e}`), done on the word's structure before any
//! other expansion: only unquoted literal braces and commas count.

use crate::limits::cost;
use crate::process::Kernel;
use crate::shell::ast::{Word, WordPart};
use crate::shell::state::{Flow, Res};

#[derive(Clone, Debug)]
enum Tok {
    Byte(u8),
    Part(WordPart),
}

fn tokens(w: &Word) -> Vec<Tok> {
    let mut out = Vec::new();
    for (i, p) in w.parts.iter().enumerate() {
        match p {
            WordPart::Lit(t) => out.extend(t.iter().map(|&b| Tok::Byte(b))),
            // A leading tilde is expanded after the braces (`~{/src,root}`): back to text,
            // and `to_word` finds it again in each result.
            WordPart::Tilde(user) if i == 0 => {
                out.push(Tok::Byte(b'~'));
                out.extend(user.iter().map(|&b| Tok::Byte(b)));
            }
            other => out.push(Tok::Part(other.clone())),
        }
    }
    out
}

fn to_word(toks: &[Tok]) -> Word {
    let mut parts = Vec::new();
    let mut lit = Vec::new();
    // Tilde expansion comes after brace expansion, so a word that now starts with an
    // unquoted `~` gets it (`{a,~}/x`, `~{/src,root}`): the prefix runs to the first `/`
    // and must be all unquoted text.
    let mut toks = toks;
    if let Some(Tok::Byte(b'~')) = toks.first() {
        let end = toks
            .iter()
            .position(|t| !matches!(t, Tok::Byte(b) if *b != b'/'))
            .unwrap_or(toks.len());
        if end == toks.len() || matches!(toks[end], Tok::Byte(b'/')) {
            let user = toks[1..end]
                .iter()
                .filter_map(|t| match t {
                    Tok::Byte(b) => Some(*b),
                    Tok::Part(_) => None,
                })
                .collect();
            parts.push(WordPart::Tilde(user));
            toks = &toks[end..];
        }
    }
    for t in toks {
        match t {
            Tok::Byte(b) => lit.push(*b),
            Tok::Part(p) => {
                if !lit.is_empty() {
                    parts.push(WordPart::Lit(std::mem::take(&mut lit)));
                }
                parts.push(p.clone());
            }
        }
    }
    if !lit.is_empty() {
        parts.push(WordPart::Lit(lit));
    }
    Word {
        parts,
        raw: Vec::new(),
    }
}

/// Most words one brace expression may produce.
const MAX_BRACE_WORDS: u64 = 1 << 24;

/// Expands braces in `w`; returns the word itself when there are none.
pub(crate) fn expand(w: &Word, sys: &Kernel) -> Res<Vec<Word>> {
    let has_brace = w
        .parts
        .iter()
        .any(|p| matches!(p, WordPart::Lit(t) | WordPart::Tilde(t) if t.contains(&b'{')));
    if !has_brace {
        return Ok(vec![w.clone()]);
    }
    let toks = tokens(w);
    let mut out = Vec::new();
    expand_toks(&toks, sys, &mut out, 0)?;
    Ok(out.iter().map(|t| to_word(t)).collect())
}

fn expand_toks(toks: &[Tok], sys: &Kernel, out: &mut Vec<Vec<Tok>>, depth: u32) -> Res<()> {
    if depth > 64 {
        out.push(toks.to_vec());
        return Ok(());
    }
    // Find the first brace expression that expands.
    let mut i = 0;
    while i < toks.len() {
        if let Tok::Byte(b'{') = toks[i] {
            // `${` is never a brace expression (already parsed), but `$` then `{` literal is.
            if let Some(found) = find_alternatives(toks, i) {
                let (close, alts) = match found {
                    Ok(v) => v,
                    Err(count) => {
                        // Too many words to build: charge what they would need and stop.
                        reserve_transient(
                            sys,
                            count.saturating_mul(toks.len() as u64 + cost::WORD_OVERHEAD),
                        )?;
                        return Err(Flow::Int(crate::process::Interrupt::Stop(
                            sys.meter
                                .stop_with(crate::limits::StopReason::MemoryExhausted)
                                .0,
                        )));
                    }
                };
                let prefix = &toks[..i];
                let suffix = &toks[close + 1..];
                let estimate = (alts.len() as u64) * (toks.len() as u64 + cost::WORD_OVERHEAD);
                reserve_transient(sys, estimate)?;
                for alt in alts {
                    let mut combined = prefix.to_vec();
                    combined.extend_from_slice(&alt);
                    combined.extend_from_slice(suffix);
                    sys.charge(cost::EXPAND_WORD)?;
                    expand_toks(&combined, sys, out, depth + 1)?;
                    if out.len() as u64 > MAX_BRACE_WORDS {
                        return Err(Flow::Int(crate::process::Interrupt::Stop(
                            sys.meter
                                .stop_with(crate::limits::StopReason::MemoryExhausted)
                                .0,
                        )));
                    }
                }
                return Ok(());
            }
        }
        i += 1;
    }
    out.push(toks.to_vec());
    Ok(())
}

/// Checks that `bytes` of expansion could be held: a reservation held for no time, which stops
/// the run typed when they would not fit (the words are charged where they are kept).
fn reserve_transient(sys: &Kernel, bytes: u64) -> Res<()> {
    drop(sys.meter.reservation(bytes)?);
    Ok(())
}

/// For a `{` at `open`: the matching `}` and the alternatives, if this is a valid brace
/// expression (comma list or sequence).
type Alternatives = Result<(usize, Vec<Vec<Tok>>), u64>;

fn find_alternatives(toks: &[Tok], open: usize) -> Option<Alternatives> {
    let mut depth = 0;
    let mut commas = Vec::new();
    let mut close = None;
    for (j, t) in toks.iter().enumerate().skip(open) {
        match t {
            Tok::Byte(b'{') => depth += 1,
            Tok::Byte(b'}') => {
                depth -= 1;
                if depth == 0 {
                    close = Some(j);
                    break;
                }
            }
            Tok::Byte(b',') if depth == 1 => commas.push(j),
            _ => {}
        }
    }
    let close = close?;
    if !commas.is_empty() {
        let mut alts = Vec::new();
        let mut start = open + 1;
        for c in commas.iter().copied().chain(std::iter::once(close)) {
            alts.push(toks[start..c].to_vec());
            start = c + 1;
        }
        return Some(Ok((close, alts)));
    }
    // Sequence: only plain bytes inside.
    let inner: Option<Vec<u8>> = toks[open + 1..close]
        .iter()
        .map(|t| if let Tok::Byte(b) = t { Some(*b) } else { None })
        .collect();
    let inner = inner?;
    match sequence(&inner)? {
        Ok(seq) => Some(Ok((
            close,
            seq.into_iter()
                .map(|s| s.into_iter().map(Tok::Byte).collect())
                .collect(),
        ))),
        Err(count) => Some(Err(count)),
    }
}

/// The words of a sequence expression, or `Err(count)` when there would be too many.
fn sequence(inner: &[u8]) -> Option<Result<Vec<Vec<u8>>, u64>> {
    let text = std::str::from_utf8(inner).ok()?;
    let parts: Vec<&str> = text.split("..").collect();
    if parts.len() != 2 && parts.len() != 3 {
        return None;
    }
    let step: i64 = if parts.len() == 3 {
        parts[2].parse().ok()?
    } else {
        1
    };
    if let (Ok(a), Ok(b)) = (parts[0].parse::<i64>(), parts[1].parse::<i64>()) {
        let width = |s: &str| {
            let digits = s.trim_start_matches('-');
            if digits.len() > 1 && digits.starts_with('0') {
                s.len()
            } else {
                0
            }
        };
        let w = width(parts[0]).max(width(parts[1]));
        let step = if step == 0 { 1 } else { step.abs() };
        let count = ((a - b).unsigned_abs() / step as u64) + 1;
        if count > MAX_BRACE_WORDS {
            return Some(Err(count));
        }
        let mut out = Vec::with_capacity(count as usize);
        let mut x = a;
        loop {
            let s = if w > 0 {
                if x < 0 {
                    format!("-{:0>width$}", -x, width = w - 1)
                } else {
                    format!("{:0>width$}", x, width = w)
                }
            } else {
                x.to_string()
            };
            out.push(s.into_bytes());
            if (a <= b && x + step > b) || (a > b && x - step < b) {
                break;
            }
            x = if a <= b { x + step } else { x - step };
        }
        return Some(Ok(out));
    }
    let (a, b) = (parts[0].as_bytes(), parts[1].as_bytes());
    if a.len() == 1 && b.len() == 1 && a[0].is_ascii_alphabetic() && b[0].is_ascii_alphabetic() {
        let step = if step == 0 {
            1
        } else {
            step.unsigned_abs() as u8
        };
        let (a, b) = (a[0], b[0]);
        let mut out = Vec::new();
        let mut x = a as i32;
        loop {
            out.push(vec![x as u8]);
            if (a <= b && x + step as i32 > b as i32) || (a > b && x - (step as i32) < b as i32) {
                break;
            }
            x = if a <= b {
                x + step as i32
            } else {
                x - step as i32
            };
        }
        return Some(Ok(out));
    }
    None
}
