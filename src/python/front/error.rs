//! A syntax error as CPython reports it: the class, the message, and where — the same
//! attributes `SyntaxError` carries (`lineno`, `offset`, `end_lineno`, `end_offset`, `text`),
//! and the lines the traceback printer draws from them.

use crate::python::code::Source;

/// A syntax error: which class, the message, and where.
#[derive(Clone, Debug)]
pub struct SyntaxErr {
    pub class: &'static str,
    pub msg: String,
    pub filename: std::rc::Rc<str>,
    pub lineno: usize,
    /// 1-based column, in characters, as `SyntaxError.offset`.
    pub offset: i64,
    pub end_lineno: usize,
    /// As `SyntaxError.end_offset`: one past the last marked character, or CPython's 0 / -1
    /// where it marks no range (the printer then draws one caret, or none).
    pub end_offset: i64,
    /// The source line, with its newline when it had one (`SyntaxError.text`).
    pub text: Option<Box<str>>,
    /// The whole source, which the traceback printer reads for keyword typos.
    pub source: Option<std::rc::Rc<str>>,
}

/// The 1-based character column of byte offset `at`, which lies on 1-based line `line`.
fn column(src: &Source, line: usize, at: u32) -> i64 {
    let start = src.line_start(line) as usize;
    let at = (at as usize).clamp(start, src.text.len());
    src.text
        .get(start..at)
        .map_or(1, |p| p.chars().count() as i64 + 1)
}

/// Line `n` as `SyntaxError.text` holds it: with its newline, if it has one.
fn line_with_newline(src: &Source, n: usize) -> Option<Box<str>> {
    let start = *src.line_starts.get(n.checked_sub(1)?)? as usize;
    let end = src
        .line_starts
        .get(n)
        .map(|&e| e as usize)
        .unwrap_or(src.text.len());
    src.text.get(start..end).map(Box::from)
}

impl SyntaxErr {
    /// An error marking the source bytes `start..end` (which may run onto later lines).
    pub fn span(src: &Source, class: &'static str, msg: String, start: u32, end: u32) -> Self {
        let lineno = src.line_of(start);
        let end = end.max(start);
        // A range that ends with its line's newline (the NEWLINE token) ends on that line.
        let (end_lineno, end_offset) =
            if end > start && src.text.as_bytes()[end as usize - 1] == b'\n' {
                let line = src.line_of(end - 1);
                (line, column(src, line, end - 1) + 1)
            } else {
                let line = src.line_of(end);
                (line, column(src, line, end))
            };
        SyntaxErr {
            class,
            msg,
            filename: src.filename.clone(),
            lineno,
            offset: column(src, lineno, start),
            end_lineno,
            end_offset,
            text: line_with_newline(src, lineno),
            source: Some(src.text.clone()),
        }
    }

    /// An error at one point (`offset == end_offset`: the printer draws one caret there).
    pub fn point(src: &Source, class: &'static str, msg: String, at: u32) -> Self {
        let mut e = Self::span(src, class, msg, at, at);
        e.end_offset = e.offset;
        e
    }

    /// The lines CPython's traceback printer draws for an uncaught syntax error, naming the
    /// keyword a typo stands for when one does.
    pub fn render(&self) -> String {
        let typo = self
            .source
            .as_deref()
            .and_then(|s| super::typos::with_keyword_typo(self, s));
        typo.as_ref().unwrap_or(self).render_as_is()
    }

    fn render_as_is(&self) -> String {
        let mut out = format!("  File \"{}\", line {}\n", self.filename, self.lineno);
        if let Some(text) = &self.text {
            let rtext = text.trim_end_matches('\n');
            let ltext = rtext.trim_start_matches([' ', '\n', '\x0c']);
            let spaces = (rtext.chars().count() - ltext.chars().count()) as i64;
            let text_len = text.chars().count() as i64;
            let rtext_len = rtext.chars().count() as i64;
            let mut offset = self.offset;
            let mut end_offset = if self.lineno == self.end_lineno {
                if self.end_offset != 0 {
                    self.end_offset
                } else {
                    offset
                }
            } else {
                rtext_len + 1
            };
            if !text.is_empty() && offset > text_len {
                offset = rtext_len + 1;
            }
            if !text.is_empty() && end_offset > text_len {
                end_offset = rtext_len + 1;
            }
            if offset >= end_offset || end_offset < 0 {
                end_offset = offset + 1;
            }
            let colno = offset - 1 - spaces;
            let end_colno = end_offset - 1 - spaces;
            out.push_str("    ");
            out.push_str(ltext);
            out.push('\n');
            if colno >= 0 {
                // Whitespace other than spaces (tabs) is kept, so the caret lines up.
                let caretspace: String = ltext
                    .chars()
                    .take(colno as usize)
                    .map(|c| if c.is_whitespace() { c } else { ' ' })
                    .collect();
                out.push_str("    ");
                out.push_str(&caretspace);
                out.push_str(&"^".repeat((end_colno - colno).max(0) as usize));
                out.push('\n');
            }
        }
        out.push_str(self.class);
        out.push_str(": ");
        out.push_str(&self.msg);
        out.push('\n');
        out
    }
}
