//! Reading a script as bash reads one: a complete command line at a time. The whole text is
//! parsed up front, but a syntax error keeps the commands of the lines before it (bash would
//! have run them) and travels with the program to be reported after them.

use super::{Aliases, Parser, Separator, R};
use crate::shell::ast::*;
use std::rc::Rc;

/// Parses a script the way bash reads one, a line at a time: never fails; on a syntax error
/// the program holds the complete commands of the lines before the one with the error (they
/// run first, as in bash) and carries the error.
pub fn parse_partial(src: &[u8], line: u32, aliases: Option<&Aliases>) -> Program {
    let mut p = Parser::new(src, line);
    p.aliases = aliases.filter(|a| !a.is_empty()).cloned();
    let mut items = Vec::new();
    let mut complete = 0;
    let syntax_error = match p.top_level_items(&mut items, &mut complete) {
        Ok(()) => {
            p.finish_heredocs_at_eof();
            None
        }
        Err(e) => {
            items.truncate(complete);
            let offending_line = e
                .message
                .starts_with("syntax error near unexpected token")
                .then(|| p.current_line_text());
            Some(SyntaxError {
                line: e.line,
                message: e.message,
                offending_line,
            })
        }
    };
    Program {
        body: List { items },
        source: Rc::from(&p.src[..]),
        syntax_error,
        heredoc_warnings: p.heredoc_warnings,
    }
}

impl Parser<'_> {
    /// The top-level commands of a script; `complete` counts those on lines already ended
    /// (by a newline or the end of input), which bash would have run before an error.
    fn top_level_items(&mut self, items: &mut Vec<ListItem>, complete: &mut usize) -> R<()> {
        loop {
            let line_before = self.line;
            self.skip_linebreaks()?;
            if self.line != line_before || self.eof() {
                *complete = items.len();
                self.top_items = items.len();
            }
            if self.eof() {
                return Ok(());
            }
            if self.at_list_terminator() {
                return Err(self.unexpected());
            }
            let (start, line) = (self.pos, self.line);
            let and_or = self.parse_and_or()?;
            let end = self.pos;
            self.skip_blanks_comments();
            let sep = self.list_separator()?;
            if sep.is_none() && !self.eof() {
                return Err(self.unexpected());
            }
            items.push(ListItem {
                and_or,
                background: sep == Some(Separator::Background),
                start,
                end,
                line,
            });
            if matches!(sep, None | Some(Separator::Newline)) {
                *complete = items.len();
                self.top_items = items.len();
            }
        }
    }

    /// The input line holding the cursor, without its newline.
    fn current_line_text(&self) -> Vec<u8> {
        let pos = self.pos.min(self.src.len());
        let start = self.src[..pos]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let end = self.src[pos..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(self.src.len(), |i| pos + i);
        self.src[start..end].to_vec()
    }
}
