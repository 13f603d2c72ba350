//! Syntax errors at the end of input, worded and numbered as bash words and numbers them.

use super::{ParseError, Parser};

impl Parser<'_> {
    /// The input ended inside a construct. Inside a quote or a `$(`/`${`/`[` bash names what
    /// it was looking for (`what` starts with "matching"); inside a compound command it says
    /// only "unexpected end of file", on the line after the last one read.
    pub(crate) fn eof_error(&self, what: &str) -> ParseError {
        if !what.starts_with("matching") {
            return self.unexpected_eof();
        }
        ParseError {
            line: self.line,
            message: format!("unexpected EOF while looking for {what}"),
            incomplete: true,
        }
    }

    /// Like [`Parser::eof_error`] for a quote or `${` that began at `start`: bash names the
    /// line it began on.
    pub(crate) fn eof_error_since(&self, what: &str, start: usize) -> ParseError {
        let end = self.pos.min(self.src.len());
        let start = start.min(end);
        let lines = self.src[start..end].iter().filter(|&&b| b == b'\n').count();
        ParseError {
            line: self.line.saturating_sub(lines as u32),
            ..self.eof_error(what)
        }
    }

    pub(super) fn unexpected_eof(&self) -> ParseError {
        // bash counts the end of a text without a final newline as one more line.
        let unterminated = self.src.last().is_some_and(|&b| b != b'\n');
        ParseError {
            line: self.line + u32::from(unterminated),
            message: "syntax error: unexpected end of file".into(),
            incomplete: true,
        }
    }
}
