//! Keyword typos: CPython 3.14's traceback printer, shown a plain "invalid syntax" (or a
//! missing comma), tries each name on the error's line as the keywords it resembles
//! (`improt` → `import`) and, when one replacement makes the line parse, says "Did you mean
//! 'import'?" and marks that name instead.

use super::error::SyntaxErr;
use super::tokens;
use crate::python::code::Source;
use crate::python::suggest::{best_match, close_matches};

/// `keyword.kwlist`.
const KEYWORDS: [&str; 35] = [
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// How many names the printer tries, and how many keywords for each.
const NAMES_TRIED: usize = 10;
const MATCHES_TRIED: usize = 3;

/// The error as the printer shows it when a keyword typo explains it.
pub fn with_keyword_typo(e: &SyntaxErr, source: &str) -> Option<SyntaxErr> {
    if e.msg != "invalid syntax" && !e.msg.contains("Perhaps you forgot a comma") {
        return None;
    }
    let lines: Vec<&str> = source.lines().collect();
    let code = lines
        .get(e.lineno.checked_sub(1)?)?
        .trim_start_matches([' ', '\t']);
    if code.len() > 1024 || parses_or_incomplete(code) {
        return None;
    }
    let keywords: Vec<String> = KEYWORDS.iter().map(|k| k.to_string()).collect();
    for (start, end) in names(code)
        .into_iter()
        .filter(|&(s, e)| !KEYWORDS.contains(&&code[s..e]))
        .take(NAMES_TRIED)
    {
        let wrong = &code[start..end];
        let mut matches: Vec<String> = best_match(wrong, &keywords).into_iter().collect();
        matches.extend(close_matches(wrong, &KEYWORDS, MATCHES_TRIED, 0.5));
        matches.truncate(MATCHES_TRIED);
        for keyword in matches.iter().filter(|m| *m != wrong) {
            let fixed = format!("{}{}{}", &code[..start], keyword, &code[end..]);
            if parses_or_incomplete(&fixed) {
                let col = |b: usize| code[..b].chars().count() as i64 + 1;
                let mut shown = e.clone();
                shown.text = Some(code.into());
                shown.offset = col(start);
                shown.end_offset = col(end);
                shown.end_lineno = shown.lineno;
                shown.msg = format!("invalid syntax. Did you mean '{keyword}'?");
                return Some(shown);
            }
        }
    }
    None
}

/// Whether `codeop.compile_command` accepts `code`: it parses, or it is the start of a
/// statement that more lines could finish (a block header, an open bracket or string).
fn parses_or_incomplete(code: &str) -> bool {
    let text = format!("{code}\n");
    if ruff_python_parser::parse_module(&text).is_ok() {
        return true;
    }
    let src = Source::new("<input>", &text);
    match tokens::check(&src) {
        Some(tokens::Found::Unclosed(..)) => return true,
        Some(tokens::Found::Error(err)) => return err.msg.starts_with("unterminated triple"),
        None => {}
    }
    // A block's header: the block is still to come.
    code.trim_end().ends_with(':')
        && ruff_python_parser::parse_module(&format!("{code}\n    pass\n")).is_ok()
}

/// The byte ranges of the names in one line of code, outside strings and comments.
fn names(code: &str) -> Vec<(usize, usize)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'#' {
            break;
        }
        if c == b'\'' || c == b'"' {
            i += 1;
            while i < b.len() && b[i] != c {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                i += 1;
            }
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] >= 0x80) {
                i += 1;
            }
            // A string prefix is not a name.
            if !matches!(b.get(i), Some(b'\'' | b'"')) {
                out.push((s, i));
            }
            continue;
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(text: &str) -> Option<(String, i64, i64)> {
        let src = Source::new("main.py", text);
        let e = SyntaxErr::span(&src, "SyntaxError", "invalid syntax".into(), 0, 1);
        with_keyword_typo(&e, text).map(|s| (s.msg, s.offset, s.end_offset))
    }

    #[test]
    fn typos_of_keywords_are_named() {
        assert_eq!(
            shown("improt os\n").unwrap(),
            ("invalid syntax. Did you mean 'import'?".into(), 1, 7)
        );
        assert_eq!(
            shown("whille True:\n").unwrap().0,
            "invalid syntax. Did you mean 'while'?"
        );
        assert_eq!(
            shown("x = 1 iss 2\n").unwrap(),
            ("invalid syntax. Did you mean 'is'?".into(), 7, 10)
        );
        assert_eq!(shown("x = = 2\n"), None);
    }
}
