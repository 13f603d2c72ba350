//! Recursive-descent parser for bash syntax, working directly on bytes.
//!
//! There is no separate token stream: bash's lexing depends on grammar position (reserved
//! words only in command position, `((` vs `( (`, `=~` regexes, here-document bodies after the
//! next newline), so the parser reads words and operators where it expects them. Nesting depth
//! is bounded so hostile input cannot overflow the host stack.
//!
//! The same parser serves the simulator and the read judge: what the judge reads is what the
//! simulator would run.

mod cond;
mod coproc;
mod eof;
mod toplevel;
mod word;

pub use toplevel::parse_partial;

use super::ast::*;
use imbl::OrdMap;
use std::borrow::Cow;
use std::rc::Rc;

/// Alias name → replacement text.
pub type Aliases = OrdMap<Vec<u8>, Vec<u8>>;

/// Deepest nesting of compound commands, substitutions and `${...}` accepted.
pub const MAX_NESTING: u32 = 200;

/// A syntax error with the line it was found on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: u32,
    pub message: String,
    /// The input ended inside a construct (an interactive console may read more lines).
    pub incomplete: bool,
}

type R<T> = Result<T, ParseError>;

/// What ends an item of a command list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Separator {
    Semicolon,
    Background,
    Newline,
}

/// Parses a whole script.
pub fn parse(src: &[u8]) -> Result<Program, ParseError> {
    parse_at_line(src, 1)
}

/// Parses `src` whose first line is line `line` of a larger text.
pub fn parse_at_line(src: &[u8], line: u32) -> Result<Program, ParseError> {
    parse_with_aliases(src, line, None)
}

/// Parses with alias expansion (words in command position that name an alias are replaced
/// by its text, as bash does while reading).
pub fn parse_with_aliases(
    src: &[u8],
    line: u32,
    aliases: Option<&Aliases>,
) -> Result<Program, ParseError> {
    parse_program(src, line, aliases).map(|(prog, _)| prog)
}

/// Parses a console line (and any lines read so far): like [`parse_with_aliases`], except
/// that a here-document still waiting for its delimiter makes the input incomplete instead
/// of ending at end of file, so a console can collect the body first.
pub fn parse_console(src: &[u8], aliases: Option<&Aliases>) -> Result<Program, ParseError> {
    let (prog, heredoc_open) = parse_program(src, 1, aliases)?;
    if heredoc_open {
        return Err(ParseError {
            line: 1,
            message: "here-document not yet ended by its delimiter".into(),
            incomplete: true,
        });
    }
    Ok(prog)
}

/// The program, and whether a here-document body ran into the end of the input.
fn parse_program(
    src: &[u8],
    line: u32,
    aliases: Option<&Aliases>,
) -> Result<(Program, bool), ParseError> {
    let mut p = Parser::new(src, line);
    p.aliases = aliases.filter(|a| !a.is_empty()).cloned();
    let body = p.parse_list()?;
    p.skip_blanks();
    if !p.eof() {
        return Err(p.unexpected());
    }
    p.finish_heredocs_at_eof();
    let source: Rc<[u8]> = Rc::from(&p.src[..]);
    let prog = Program {
        body,
        source,
        syntax_error: None,
        heredoc_warnings: Vec::new(),
    };
    Ok((prog, p.heredoc_open))
}

pub(crate) struct Parser<'a> {
    src: Cow<'a, [u8]>,
    aliases: Option<Aliases>,
    /// Aliases being expanded, with the position where their text ends (no recursion).
    active_aliases: Vec<(Vec<u8>, usize)>,
    /// The last alias ended with a blank: the next word is checked too.
    alias_next: Option<usize>,
    pos: usize,
    line: u32,
    pending_heredocs: Vec<Rc<HereDoc>>,
    depth: u32,
    /// Inside backticks: a backtick ends the text.
    in_backtick: bool,
    /// A here-document body ran into the end of the input (bash accepts it with a warning).
    heredoc_open: bool,
    /// Here-documents ended by the end of input, for bash's warning (see `parse_partial`).
    heredoc_warnings: Vec<HeredocWarning>,
    /// The first top-level item of the line being read: bash reads a whole line (with its
    /// here-document bodies) before running it, so a warning comes before that item.
    top_items: usize,
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// Characters that end an unquoted word.
pub(crate) fn is_meta(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')'
    )
}

pub(crate) fn is_name_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

pub(crate) fn is_name_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

pub fn is_valid_name(s: &[u8]) -> bool {
    !s.is_empty() && is_name_start(s[0]) && s.iter().all(|&b| is_name_char(b))
}

const RESERVED_TERMINATORS: &[&[u8]] = &[
    b"then", b"elif", b"else", b"fi", b"do", b"done", b"esac", b"}",
];

impl<'a> Parser<'a> {
    pub(crate) fn new(src: &'a [u8], line: u32) -> Parser<'a> {
        Parser {
            src: Cow::Borrowed(src),
            aliases: None,
            active_aliases: Vec::new(),
            alias_next: None,
            pos: 0,
            line,
            pending_heredocs: Vec::new(),
            depth: 0,
            in_backtick: false,
            heredoc_open: false,
            heredoc_warnings: Vec::new(),
            top_items: 0,
        }
    }

    // ---- low-level cursor -------------------------------------------------------------

    pub(crate) fn eof(&self) -> bool {
        self.pos >= self.src.len()
    }

    pub(crate) fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    pub(crate) fn peek_at(&self, n: usize) -> Option<u8> {
        self.src.get(self.pos + n).copied()
    }

    pub(crate) fn starts_with(&self, s: &[u8]) -> bool {
        self.src[self.pos..].starts_with(s)
    }

    pub(crate) fn bump(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.pos += 1;
        if b == b'\n' {
            self.line += 1;
        }
        Some(b)
    }

    pub(crate) fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError {
            line: self.line,
            message: message.into(),
            incomplete: false,
        }
    }

    fn unexpected(&self) -> ParseError {
        if self.eof() {
            return self.unexpected_eof();
        }
        let tok = self.peek_token_text();
        ParseError {
            line: self.line,
            message: format!(
                "syntax error near unexpected token `{}'",
                String::from_utf8_lossy(&tok)
            ),
            incomplete: false,
        }
    }

    fn peek_token_text(&self) -> Vec<u8> {
        for op in [
            &b";;&"[..],
            b";;",
            b";&",
            b"&&",
            b"||",
            b"|&",
            b"<<",
            b">>",
            b"&>",
            b"(",
            b")",
            b";",
            b"&",
            b"|",
            b"<",
            b">",
            b"\n",
        ] {
            if self.starts_with(op) {
                return if op == b"\n" {
                    b"newline".to_vec()
                } else {
                    op.to_vec()
                };
            }
        }
        let start = self.pos;
        let mut end = start;
        while end < self.src.len() && !is_meta(self.src[end]) {
            end += 1;
        }
        self.src[start..end.max(start + 1).min(self.src.len())].to_vec()
    }

    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.error(format!("nesting deeper than {MAX_NESTING} levels")));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Skips spaces, tabs and backslash-newline continuations.
    pub(crate) fn skip_blanks(&mut self) {
        loop {
            match self.peek() {
                Some(b) if is_blank(b) => {
                    self.pos += 1;
                }
                Some(b'\\') if self.peek_at(1) == Some(b'\n') => {
                    self.pos += 2;
                    self.line += 1;
                }
                _ => break,
            }
        }
    }

    fn skip_comment(&mut self) {
        if self.peek() == Some(b'#') {
            while let Some(b) = self.peek() {
                if b == b'\n' {
                    break;
                }
                if self.in_backtick && b == b'`' {
                    break;
                }
                self.pos += 1;
            }
        }
    }

    fn skip_blanks_comments(&mut self) {
        self.skip_blanks();
        self.skip_comment();
    }

    /// Consumes one newline and reads any here-document bodies that were waiting for it.
    fn newline(&mut self) -> R<()> {
        self.bump();
        self.read_heredoc_bodies()
    }

    /// Skips blanks, comments and newlines.
    fn skip_linebreaks(&mut self) -> R<()> {
        loop {
            self.skip_blanks_comments();
            if self.peek() == Some(b'\n') {
                self.newline()?;
            } else {
                return Ok(());
            }
        }
    }

    /// If the next word is `word` (followed by a delimiter), returns true without consuming.
    fn at_word(&self, word: &[u8]) -> bool {
        if !self.starts_with(word) {
            return false;
        }
        match self.src.get(self.pos + word.len()) {
            None => true,
            Some(&b) => is_meta(b) || (self.in_backtick && b == b'`'),
        }
    }

    fn eat_word(&mut self, word: &[u8]) -> bool {
        if self.at_word(word) {
            self.pos += word.len();
            true
        } else {
            false
        }
    }

    fn expect_word(&mut self, word: &[u8]) -> R<()> {
        self.skip_linebreaks()?;
        if self.eat_word(word) {
            Ok(())
        } else if self.eof() {
            Err(self.eof_error(&format!("`{}'", String::from_utf8_lossy(word))))
        } else {
            Err(self.unexpected())
        }
    }

    fn at_list_terminator(&self) -> bool {
        if self.eof() {
            return true;
        }
        if self.in_backtick && self.peek() == Some(b'`') {
            return true;
        }
        if self.peek() == Some(b')') || self.starts_with(b";;") || self.starts_with(b";&") {
            return true;
        }
        RESERVED_TERMINATORS.iter().any(|w| self.at_word(w))
    }

    /// If the word at the cursor is an alias (unquoted, not already being expanded), splices
    /// its text into the input. Returns whether it did.
    fn expand_alias_here(&mut self) -> bool {
        let Some(aliases) = &self.aliases else {
            return false;
        };
        let start = self.pos;
        let mut end = start;
        while end < self.src.len() {
            let b = self.src[end];
            if is_meta(b) || matches!(b, b'\'' | b'"' | b'\\' | b'$' | b'`') {
                break;
            }
            end += 1;
        }
        if end == start
            || (end < self.src.len() && matches!(self.src[end], b'\'' | b'"' | b'\\' | b'$' | b'`'))
        {
            return false;
        }
        let name = self.src[start..end].to_vec();
        self.active_aliases.retain(|(_, e)| *e > start);
        if self.active_aliases.iter().any(|(n, _)| *n == name) {
            return false;
        }
        let Some(value) = aliases.get(&name).cloned() else {
            return false;
        };
        let mut text = Vec::with_capacity(self.src.len() + value.len());
        text.extend_from_slice(&self.src[..start]);
        text.extend_from_slice(&value);
        text.extend_from_slice(&self.src[end..]);
        let delta = value.len() as isize - (end - start) as isize;
        for (_, e) in self.active_aliases.iter_mut() {
            *e = (*e as isize + delta) as usize;
        }
        self.active_aliases.push((name, start + value.len()));
        // An alias ending in a blank makes the next word a candidate too.
        self.alias_next = value
            .last()
            .is_some_and(|&b| b == b' ' || b == b'\t')
            .then_some(start + value.len());
        self.src = Cow::Owned(text);
        true
    }

    // ---- lists ------------------------------------------------------------------------

    pub(crate) fn parse_list(&mut self) -> R<List> {
        let mut items = Vec::new();
        loop {
            self.skip_linebreaks()?;
            if self.at_list_terminator() {
                break;
            }
            let (start, line) = (self.pos, self.line);
            let and_or = self.parse_and_or()?;
            let end = self.pos;
            self.skip_blanks_comments();
            let sep = self.list_separator()?;
            items.push(ListItem {
                and_or,
                background: sep == Some(Separator::Background),
                start,
                end,
                line,
            });
            if sep.is_none() {
                if !self.at_list_terminator() {
                    return Err(self.unexpected());
                }
                break;
            }
        }
        Ok(List { items })
    }

    /// Consumes the separator after a list item: `;`, `&` or a newline (which reads the
    /// here-document bodies waiting for it). `None` when no separator follows.
    fn list_separator(&mut self) -> R<Option<Separator>> {
        Ok(match self.peek() {
            Some(b';') if !self.starts_with(b";;") && !self.starts_with(b";&") => {
                self.pos += 1;
                Some(Separator::Semicolon)
            }
            Some(b'&') if !self.starts_with(b"&&") && !self.starts_with(b"&>") => {
                self.pos += 1;
                Some(Separator::Background)
            }
            Some(b'\n') => {
                self.newline()?;
                Some(Separator::Newline)
            }
            _ => None,
        })
    }

    /// A list that must not be empty (bodies of `if`, `while`, ...).
    fn parse_body(&mut self) -> R<List> {
        let list = self.parse_list()?;
        if list.items.is_empty() {
            self.skip_linebreaks()?;
            return Err(self.unexpected());
        }
        Ok(list)
    }

    fn parse_and_or(&mut self) -> R<AndOr> {
        let first = self.parse_pipeline()?;
        let mut rest = Vec::new();
        loop {
            self.skip_blanks();
            let op = if self.starts_with(b"&&") {
                AndOrOp::And
            } else if self.starts_with(b"||") {
                AndOrOp::Or
            } else {
                break;
            };
            self.pos += 2;
            self.skip_linebreaks()?;
            rest.push((op, self.parse_pipeline()?));
        }
        Ok(AndOr { first, rest })
    }

    fn parse_pipeline(&mut self) -> R<Pipeline> {
        self.skip_blanks();
        let line = self.line;
        let mut negated = false;
        let mut timed = false;
        let mut time_posix = false;
        loop {
            if self.eat_word(b"!") {
                negated = !negated;
                self.skip_blanks();
            } else if self.eat_word(b"time") {
                timed = true;
                self.skip_blanks();
                if self.eat_word(b"-p") {
                    time_posix = true;
                    self.skip_blanks();
                }
            } else {
                break;
            }
        }
        let mut commands = Vec::new();
        let mut pipe_stderr = Vec::new();
        if (negated || timed)
            && (self.at_list_terminator() || matches!(self.peek(), Some(b';' | b'\n' | b'&')))
        {
            // `!` or `time` alone: an empty pipeline.
            return Ok(Pipeline {
                negated,
                timed,
                time_posix,
                commands,
                pipe_stderr,
                line,
            });
        }
        commands.push(self.parse_command()?);
        loop {
            self.skip_blanks();
            if self.starts_with(b"||") {
                break;
            }
            if self.starts_with(b"|&") {
                self.pos += 2;
                pipe_stderr.push(true);
            } else if self.peek() == Some(b'|') {
                self.pos += 1;
                pipe_stderr.push(false);
            } else {
                break;
            }
            self.skip_linebreaks()?;
            commands.push(self.parse_command()?);
        }
        Ok(Pipeline {
            negated,
            timed,
            time_posix,
            commands,
            pipe_stderr,
            line,
        })
    }

    // ---- commands ---------------------------------------------------------------------

    fn parse_command(&mut self) -> R<Command> {
        self.enter()?;
        let r = self.parse_command_inner();
        self.leave();
        r
    }

    fn parse_command_inner(&mut self) -> R<Command> {
        self.skip_blanks();
        // An alias's text may itself start with an alias (each name expands once).
        let mut hops = 0;
        while hops < 64 && self.expand_alias_here() {
            self.skip_blanks();
            hops += 1;
        }
        let line = self.line;
        let compound = if self.starts_with(b"((") && self.arith_command_end().is_some() {
            Some(self.parse_arith_command()?)
        } else if self.peek() == Some(b'(') {
            self.pos += 1;
            let body = self.parse_list()?;
            self.skip_linebreaks()?;
            if self.peek() != Some(b')') {
                return Err(if self.eof() {
                    self.eof_error("`)'")
                } else {
                    self.unexpected()
                });
            }
            self.pos += 1;
            Some(CompoundCommand::Subshell(body))
        } else if self.eat_word(b"{") {
            let body = self.parse_body()?;
            self.expect_word(b"}")?;
            Some(CompoundCommand::Group(body))
        } else if self.eat_word(b"if") {
            Some(self.parse_if()?)
        } else if self.eat_word(b"while") {
            Some(self.parse_while(false)?)
        } else if self.eat_word(b"until") {
            Some(self.parse_while(true)?)
        } else if self.eat_word(b"for") {
            Some(self.parse_for(line)?)
        } else if self.eat_word(b"select") {
            Some(self.parse_select(line)?)
        } else if self.eat_word(b"case") {
            Some(self.parse_case()?)
        } else if self.at_word(b"[[") {
            self.pos += 2;
            let expr = self.parse_cond_command()?;
            Some(CompoundCommand::Cond(expr, line))
        } else if self.eat_word(b"function") {
            return self.parse_function_keyword(line);
        } else if self.eat_word(b"coproc") {
            Some(self.parse_coproc()?)
        } else {
            None
        };
        if let Some(c) = compound {
            let redirects = self.parse_trailing_redirects()?;
            return Ok(Command::Compound(Box::new(c), redirects, line));
        }
        if self.at_list_terminator() || matches!(self.peek(), Some(b';' | b'&' | b'|' | b'\n')) {
            return Err(self.unexpected());
        }
        self.parse_simple_command(line)
    }

    fn parse_trailing_redirects(&mut self) -> R<Vec<Redirect>> {
        let mut out = Vec::new();
        loop {
            self.skip_blanks();
            match self.try_parse_redirect()? {
                Some(r) => out.push(r),
                None => return Ok(out),
            }
        }
    }

    fn parse_if(&mut self) -> R<CompoundCommand> {
        let mut branches = Vec::new();
        let cond = self.parse_body()?;
        self.expect_word(b"then")?;
        let body = self.parse_body()?;
        branches.push((cond, body));
        let mut else_body = None;
        loop {
            self.skip_linebreaks()?;
            if self.eat_word(b"elif") {
                let c = self.parse_body()?;
                self.expect_word(b"then")?;
                let b = self.parse_body()?;
                branches.push((c, b));
            } else if self.eat_word(b"else") {
                else_body = Some(self.parse_body()?);
                self.expect_word(b"fi")?;
                break;
            } else {
                self.expect_word(b"fi")?;
                break;
            }
        }
        Ok(CompoundCommand::If {
            branches,
            else_body,
        })
    }

    fn parse_while(&mut self, until: bool) -> R<CompoundCommand> {
        let cond = self.parse_body()?;
        self.expect_word(b"do")?;
        let body = self.parse_body()?;
        self.expect_word(b"done")?;
        Ok(CompoundCommand::While { cond, body, until })
    }

    fn parse_do_group(&mut self) -> R<List> {
        self.skip_linebreaks()?;
        if self.eat_word(b"{") {
            let body = self.parse_body()?;
            self.expect_word(b"}")?;
            return Ok(body);
        }
        self.expect_word(b"do")?;
        let body = self.parse_body()?;
        self.expect_word(b"done")?;
        Ok(body)
    }

    fn parse_for(&mut self, line: u32) -> R<CompoundCommand> {
        self.skip_blanks();
        if self.starts_with(b"((") {
            self.pos += 2;
            let text = self.read_until_double_paren()?;
            let parts: Vec<&[u8]> = split_top_semicolons(&text);
            if parts.len() != 3 {
                return Err(
                    self.error("syntax error: arithmetic expression required in for ((...))")
                );
            }
            let mk = |s: &[u8], l: u32| -> R<Option<Word>> {
                if s.iter().all(|b| b.is_ascii_whitespace()) {
                    Ok(None)
                } else {
                    Ok(Some(word::parse_arith_text(s, l)?))
                }
            };
            let init = mk(parts[0], line)?;
            let cond = mk(parts[1], line)?;
            let step = mk(parts[2], line)?;
            self.skip_blanks();
            if self.peek() == Some(b';') {
                self.pos += 1;
            }
            let body = self.parse_do_group()?;
            return Ok(CompoundCommand::ArithFor {
                init,
                cond,
                step,
                body,
                line,
            });
        }
        let var = self.read_name_word()?;
        let words = self.parse_in_words()?;
        let body = self.parse_do_group()?;
        Ok(CompoundCommand::For {
            var,
            words,
            body,
            line,
        })
    }

    fn parse_select(&mut self, line: u32) -> R<CompoundCommand> {
        self.skip_blanks();
        let var = self.read_name_word()?;
        let words = self.parse_in_words()?;
        let body = self.parse_do_group()?;
        Ok(CompoundCommand::Select {
            var,
            words,
            body,
            line,
        })
    }

    fn read_name_word(&mut self) -> R<Vec<u8>> {
        self.skip_blanks();
        let start = self.pos;
        while let Some(b) = self.peek() {
            if is_meta(b) {
                break;
            }
            self.pos += 1;
        }
        let name = self.src[start..self.pos].to_vec();
        if name.is_empty() {
            return Err(self.unexpected());
        }
        // An invalid name (`for i.j in ...`) is reported when the loop runs, as in bash.
        Ok(name)
    }

    /// `in w1 w2 ...;` after `for NAME` (None when there is no `in`: iterate "$@").
    fn parse_in_words(&mut self) -> R<Option<Vec<Word>>> {
        self.skip_linebreaks()?;
        if !self.eat_word(b"in") {
            self.skip_blanks();
            if self.peek() == Some(b';') {
                self.pos += 1;
            }
            return Ok(None);
        }
        let mut words = Vec::new();
        loop {
            self.skip_blanks();
            match self.peek() {
                None => return Err(self.eof_error("`do'")),
                Some(b';') => {
                    self.pos += 1;
                    break;
                }
                Some(b'\n') => {
                    self.newline()?;
                    break;
                }
                Some(b'#') => {
                    self.skip_comment();
                }
                Some(b) if is_meta(b) => return Err(self.unexpected()),
                _ => words.push(self.read_word()?),
            }
        }
        Ok(Some(words))
    }

    fn parse_case(&mut self) -> R<CompoundCommand> {
        self.skip_blanks();
        let word = self.read_word()?;
        self.skip_linebreaks()?;
        if !self.eat_word(b"in") {
            return Err(self.unexpected());
        }
        let mut arms = Vec::new();
        loop {
            self.skip_linebreaks()?;
            if self.eat_word(b"esac") {
                break;
            }
            if self.eof() {
                return Err(self.eof_error("`esac'"));
            }
            if self.peek() == Some(b'(') {
                self.pos += 1;
            }
            let mut patterns = Vec::new();
            loop {
                self.skip_blanks();
                if self.peek() == Some(b')') && patterns.is_empty() {
                    return Err(self.unexpected());
                }
                patterns.push(self.read_word_ctx(word::Ctx::CasePattern)?);
                self.skip_blanks();
                match self.peek() {
                    Some(b'|') => {
                        self.pos += 1;
                    }
                    Some(b')') => {
                        self.pos += 1;
                        break;
                    }
                    None => return Err(self.eof_error("`)'")),
                    _ => return Err(self.unexpected()),
                }
            }
            let body = self.parse_list()?;
            self.skip_linebreaks()?;
            let term = if self.starts_with(b";;&") {
                self.pos += 3;
                CaseTerm::Continue
            } else if self.starts_with(b";;") {
                self.pos += 2;
                CaseTerm::Break
            } else if self.starts_with(b";&") {
                self.pos += 2;
                CaseTerm::FallThrough
            } else if self.at_word(b"esac") {
                CaseTerm::Break
            } else if self.eof() {
                return Err(self.eof_error("`esac'"));
            } else {
                return Err(self.unexpected());
            };
            arms.push(CaseArm {
                patterns,
                body,
                term,
            });
        }
        Ok(CompoundCommand::Case { word, arms })
    }

    fn parse_function_keyword(&mut self, line: u32) -> R<Command> {
        let start = self.pos;
        self.skip_blanks();
        let name_start = self.pos;
        while let Some(b) = self.peek() {
            if is_meta(b) {
                break;
            }
            self.pos += 1;
        }
        let name = self.src[name_start..self.pos].to_vec();
        if name.is_empty() {
            return Err(self.unexpected());
        }
        self.skip_blanks();
        if self.peek() == Some(b'(') {
            self.pos += 1;
            self.skip_blanks();
            if self.peek() != Some(b')') {
                return Err(self.unexpected());
            }
            self.pos += 1;
        }
        self.finish_function(name, line, start)
    }

    fn finish_function(&mut self, name: Vec<u8>, line: u32, start: usize) -> R<Command> {
        self.skip_linebreaks()?;
        let body = self.parse_command()?;
        if !matches!(body, Command::Compound(..)) {
            return Err(self.error("syntax error: a function body must be a compound command"));
        }
        let source = self.src[start.min(self.pos)..self.pos].to_vec();
        Ok(Command::FunctionDef(Rc::new(FunctionDef {
            name,
            body,
            line,
            source,
        })))
    }

    fn parse_simple_command(&mut self, line: u32) -> R<Command> {
        let start = self.pos;
        let mut cmd = SimpleCommand {
            line,
            ..Default::default()
        };
        loop {
            self.skip_blanks();
            let Some(b) = self.peek() else { break };
            if let Some(r) = self.try_parse_redirect()? {
                cmd.redirects.push(r);
                continue;
            }
            if (is_meta(b) && !((b == b'<' || b == b'>') && self.peek_at(1) == Some(b'(')))
                || (self.in_backtick && b == b'`')
            {
                // `name ()` starts a function definition.
                if b == b'('
                    && cmd.words.len() == 1
                    && cmd.assigns.is_empty()
                    && cmd.redirects.is_empty()
                {
                    let save = self.pos;
                    self.pos += 1;
                    self.skip_blanks();
                    if self.peek() == Some(b')') {
                        self.pos += 1;
                        let name = match cmd.words[0].as_literal() {
                            Some(n) => n.to_vec(),
                            None => return Err(self.error("syntax error: invalid function name")),
                        };
                        return self.finish_function(name, line, start);
                    }
                    self.pos = save;
                }
                break;
            }
            if b == b'#' {
                self.skip_comment();
                continue;
            }
            if let Some(end) = self.alias_next {
                if self.pos >= end {
                    self.alias_next = None;
                    if self.expand_alias_here() {
                        continue;
                    }
                }
            }
            if cmd.words.is_empty() {
                if let Some(a) = self.try_parse_assignment()? {
                    cmd.assigns.push(a);
                    continue;
                }
                // The command word after assignments or redirections may be an alias.
                if (!cmd.assigns.is_empty() || !cmd.redirects.is_empty())
                    && self.expand_alias_here()
                {
                    continue;
                }
            } else if is_declaration(&cmd.words[0]) {
                // `declare a=(1 2)`, `local x=$y`: assignment words as arguments.
                let start = self.pos;
                if let Some(a) = self.try_parse_assignment()? {
                    let w = match a.value.clone() {
                        AssignValue::Array(_) => Word {
                            parts: vec![WordPart::DeclArray(Rc::new(a.clone()))],
                            raw: self.src[start..self.pos].to_vec(),
                        },
                        AssignValue::Scalar(v) => {
                            let mut prefix = self.src[start..]
                                .iter()
                                .take_while(|&&b| b != b'=')
                                .copied()
                                .collect::<Vec<u8>>();
                            prefix.push(b'=');
                            let mut parts = vec![WordPart::Lit(prefix)];
                            if !v.parts.is_empty() {
                                parts.push(WordPart::DQuoted(v.parts));
                            }
                            Word {
                                parts,
                                raw: self.src[start..self.pos].to_vec(),
                            }
                        }
                    };
                    cmd.words.push(w);
                    continue;
                }
            }
            let w = self.read_word()?;
            cmd.words.push(w);
        }
        if cmd.words.is_empty() && cmd.assigns.is_empty() && cmd.redirects.is_empty() {
            return Err(self.unexpected());
        }
        Ok(Command::Simple(cmd))
    }

    /// `NAME=value`, `NAME+=value`, `NAME[sub]=value`, `NAME=(...)`.
    pub(crate) fn try_parse_assignment(&mut self) -> R<Option<Assign>> {
        let s = &self.src[self.pos..];
        if s.is_empty() || !is_name_start(s[0]) {
            return Ok(None);
        }
        let mut i = 1;
        while i < s.len() && is_name_char(s[i]) {
            i += 1;
        }
        let name = s[..i].to_vec();
        let mut index_text = None;
        if i < s.len() && s[i] == b'[' {
            match find_subscript_end(&s[i..]) {
                Some(close) => {
                    index_text = Some((i + 1, i + close));
                    i += close + 1;
                }
                None => return Ok(None),
            }
        }
        let append = i + 1 < s.len() && s[i] == b'+' && s[i + 1] == b'=';
        if !(append || (i < s.len() && s[i] == b'=')) {
            return Ok(None);
        }
        let line = self.line;
        let index = match index_text {
            Some((a, b)) => Some(word::parse_subscript_text(&s[a..b], line)?),
            None => None,
        };
        self.pos += i + if append { 2 } else { 1 };
        let value_start = self.pos;
        let value = if self.peek() == Some(b'(') {
            // `a[0]=(...)` parses too; assigning a list to an element fails when run.
            self.pos += 1;
            AssignValue::Array(self.parse_array_literal()?)
        } else {
            AssignValue::Scalar(self.read_word_ctx(word::Ctx::AssignValue)?)
        };
        let raw_value = self.src[value_start..self.pos].to_vec();
        Ok(Some(Assign {
            name,
            index,
            append,
            value,
            raw_value,
        }))
    }

    fn parse_array_literal(&mut self) -> R<Vec<ArrayElem>> {
        let mut elems = Vec::new();
        loop {
            self.skip_linebreaks()?;
            match self.peek() {
                None => return Err(self.eof_error("matching `)'")),
                Some(b')') => {
                    self.pos += 1;
                    return Ok(elems);
                }
                Some(b) if is_meta(b) => return Err(self.unexpected()),
                _ => {}
            }
            if self.peek() == Some(b'[') {
                if let Some(close) = find_subscript_end(&self.src[self.pos..]) {
                    let after = self.pos + close + 1;
                    let append = self.src.get(after) == Some(&b'+')
                        && self.src.get(after + 1) == Some(&b'=');
                    if append || self.src.get(after) == Some(&b'=') {
                        let key = word::parse_subscript_text(
                            &self.src[self.pos + 1..self.pos + close],
                            self.line,
                        )?;
                        self.pos = after + if append { 2 } else { 1 };
                        let value =
                            if matches!(self.peek(), None | Some(b' ' | b'\t' | b'\n' | b')')) {
                                Word::default()
                            } else {
                                self.read_word_ctx(word::Ctx::AssignValue)?
                            };
                        elems.push(ArrayElem {
                            key: Some(key),
                            append,
                            value,
                        });
                        continue;
                    }
                }
            }
            let value = self.read_word()?;
            elems.push(ArrayElem {
                key: None,
                append: false,
                value,
            });
        }
    }

    // ---- redirections -----------------------------------------------------------------

    fn try_parse_redirect(&mut self) -> R<Option<Redirect>> {
        let save = self.pos;
        let mut fd = None;
        let s = &self.src[self.pos..];
        let digits = s.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits > 0 && matches!(s.get(digits), Some(b'<' | b'>')) {
            let n: u64 = std::str::from_utf8(&s[..digits])
                .ok()
                .and_then(|t| t.parse().ok())
                .unwrap_or(u64::MAX);
            if n > crate::process::MAX_FD as u64 {
                return Err(self.error("file descriptor out of range"));
            }
            fd = Some(RedirFd::Num(n as u32));
            self.pos += digits;
        } else if s.first() == Some(&b'{') {
            if let Some(end) = s.iter().position(|&b| b == b'}') {
                let name = &s[1..end];
                if is_redirect_var(name) && matches!(s.get(end + 1), Some(b'<' | b'>')) {
                    fd = Some(RedirFd::Var(name.to_vec()));
                    self.pos += end + 1;
                }
            }
        }
        let op = if self.starts_with(b"<<<") {
            self.pos += 3;
            RedirOp::HereString
        } else if self.starts_with(b"<<") {
            self.pos += 2;
            let strip = self.peek() == Some(b'-');
            if strip {
                self.pos += 1;
            }
            return self.parse_heredoc_op(fd, strip).map(Some);
        } else if self.starts_with(b"<&") {
            self.pos += 2;
            RedirOp::DupIn
        } else if self.starts_with(b"<>") {
            self.pos += 2;
            RedirOp::ReadWrite
        } else if self.starts_with(b"<(") {
            self.pos = save;
            return Ok(None);
        } else if self.peek() == Some(b'<') {
            self.pos += 1;
            RedirOp::In
        } else if self.starts_with(b">>") {
            self.pos += 2;
            RedirOp::Append
        } else if self.starts_with(b">&") {
            self.pos += 2;
            RedirOp::DupOut
        } else if self.starts_with(b">|") {
            self.pos += 2;
            RedirOp::Clobber
        } else if self.starts_with(b">(") {
            self.pos = save;
            return Ok(None);
        } else if self.peek() == Some(b'>') {
            self.pos += 1;
            RedirOp::Out
        } else if fd.is_none() && self.starts_with(b"&>>") {
            self.pos += 3;
            RedirOp::AppendErr
        } else if fd.is_none() && self.starts_with(b"&>") {
            self.pos += 2;
            RedirOp::OutErr
        } else {
            self.pos = save;
            return Ok(None);
        };
        self.skip_blanks();
        match self.peek() {
            None => return Err(self.error("syntax error near unexpected token `newline'")),
            Some(b)
                if is_meta(b) && !((b == b'<' || b == b'>') && self.peek_at(1) == Some(b'(')) =>
            {
                return Err(self.unexpected())
            }
            _ => {}
        }
        let target = self.read_word()?;
        Ok(Some(Redirect {
            fd,
            op,
            target: RedirTarget::Word(target),
        }))
    }

    fn parse_heredoc_op(&mut self, fd: Option<RedirFd>, strip_tabs: bool) -> R<Redirect> {
        self.skip_blanks();
        if self.peek().is_none_or(is_meta) {
            return Err(self.unexpected());
        }
        let w = self.read_word()?;
        let quoted = w.parts.iter().any(|p| !matches!(p, WordPart::Lit(_)));
        // The delimiter is the word as written, with quotes removed and nothing expanded.
        let delimiter = if w.raw.is_empty() {
            word::literal_text(&w)
        } else {
            remove_quotes(&w.raw)
        };
        let doc = Rc::new(HereDoc {
            quoted,
            strip_tabs,
            delimiter,
            body: Default::default(),
        });
        self.pending_heredocs.push(doc.clone());
        Ok(Redirect {
            fd,
            op: RedirOp::HereDoc,
            target: RedirTarget::HereDoc(doc),
        })
    }

    fn read_heredoc_bodies(&mut self) -> R<()> {
        if self.pending_heredocs.is_empty() {
            return Ok(());
        }
        let docs = std::mem::take(&mut self.pending_heredocs);
        for doc in docs {
            let start_line = self.line;
            let mut body = Vec::new();
            let mut ended = false;
            while !self.eof() {
                let line_start = self.pos;
                let end = self.src[self.pos..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map(|i| self.pos + i)
                    .unwrap_or(self.src.len());
                let full = self.src[line_start..end].to_vec();
                let mut text = &full[..];
                self.pos = end;
                if self.peek() == Some(b'\n') {
                    self.bump();
                }
                if doc.strip_tabs {
                    while text.first() == Some(&b'\t') {
                        text = &text[1..];
                    }
                }
                if text == doc.delimiter.as_slice() {
                    ended = true;
                    break;
                }
                body.extend_from_slice(text);
                body.push(b'\n');
            }
            self.heredoc_open |= !ended;
            if !ended {
                // The last line read: the end of input, less a final newline.
                let ends_in_newline = self.src.last() == Some(&b'\n');
                self.heredoc_warnings.push(HeredocWarning {
                    before_item: self.top_items,
                    eof_line: self.line - u32::from(ends_in_newline),
                    doc_line: start_line.saturating_sub(1).max(1),
                    delimiter: doc.delimiter.clone(),
                });
            }
            // bash accepts a here-document ended by end of file (with a warning).
            let word = if doc.quoted {
                Word {
                    parts: vec![WordPart::Quoted(body.clone())],
                    raw: body,
                }
            } else {
                word::parse_heredoc_text(&body, start_line)?
            };
            let _ = doc.body.set(word);
        }
        Ok(())
    }

    fn finish_heredocs_at_eof(&mut self) {
        for doc in std::mem::take(&mut self.pending_heredocs) {
            self.heredoc_open = true;
            self.heredoc_warnings.push(HeredocWarning {
                before_item: self.top_items,
                eof_line: self.line,
                doc_line: self.line,
                delimiter: doc.delimiter.clone(),
            });
            let _ = doc.body.set(Word::default());
        }
    }

    // ---- arithmetic and conditional commands -------------------------------------------

    /// If the text at `((` is an arithmetic command, the index just past its `))`.
    fn arith_command_end(&self) -> Option<usize> {
        let s = &self.src[self.pos + 2..];
        let mut depth = 0i32;
        let mut i = 0;
        let mut quote = None;
        while i < s.len() {
            let b = s[i];
            if let Some(q) = quote {
                if b == q {
                    quote = None;
                } else if b == b'\\' && q == b'"' {
                    i += 1;
                }
                i += 1;
                continue;
            }
            match b {
                b'\'' | b'"' => quote = Some(b),
                b'\\' => i += 1,
                b'(' => depth += 1,
                b')' => {
                    if depth == 0 {
                        return (s.get(i + 1) == Some(&b')')).then_some(self.pos + 2 + i + 2);
                    }
                    depth -= 1;
                }
                _ => {}
            }
            i += 1;
        }
        None
    }

    fn parse_arith_command(&mut self) -> R<CompoundCommand> {
        let line = self.line;
        self.pos += 2;
        let text = self.read_until_double_paren()?;
        Ok(CompoundCommand::Arith(
            word::parse_arith_text(&text, line)?,
            line,
        ))
    }

    /// Reads raw text up to the `))` that closes an arithmetic context (after `((`).
    fn read_until_double_paren(&mut self) -> R<Vec<u8>> {
        let start = self.pos;
        let mut depth = 0i32;
        loop {
            match self.peek() {
                None => return Err(self.eof_error("matching `)'")),
                Some(b'(') => depth += 1,
                Some(b')') => {
                    if depth == 0 {
                        if self.peek_at(1) == Some(b')') {
                            let text = self.src[start..self.pos].to_vec();
                            self.pos += 2;
                            return Ok(text);
                        }
                        return Err(self.unexpected());
                    }
                    depth -= 1;
                }
                Some(q @ (b'\'' | b'"')) => {
                    self.bump();
                    while let Some(b) = self.peek() {
                        if b == q {
                            break;
                        }
                        self.bump();
                    }
                }
                _ => {}
            }
            self.bump();
        }
    }

    pub(crate) fn read_word(&mut self) -> R<Word> {
        self.read_word_ctx(word::Ctx::Normal)
    }
}

/// Builtins whose `name=value` arguments are assignments (no splitting, array literals).
/// The name in `{name}>file`: a variable or an array element (`{COPROC[1]}>&-`).
fn is_redirect_var(name: &[u8]) -> bool {
    match name.iter().position(|&b| b == b'[') {
        Some(open) => is_valid_name(&name[..open]) && name.len() > open + 2 && name.ends_with(b"]"),
        None => is_valid_name(name),
    }
}

fn is_declaration(w: &Word) -> bool {
    matches!(
        w.as_literal(),
        Some(b"declare" | b"typeset" | b"local" | b"export" | b"readonly")
    )
}

/// Splits `a; b; c` at top-level semicolons (for `for ((;;))`).
fn split_top_semicolons(text: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, &b) in text.iter().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b';' if depth == 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

/// Index of the `]` closing a `[` at the start of `s`.
fn find_subscript_end(s: &[u8]) -> Option<usize> {
    let mut depth = 0;
    for (i, &b) in s.iter().enumerate() {
        match b {
            b'[' => depth += 1,
            b']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            b'\n' => return None,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests;

/// Parses an array subscript given as text (`unset 'a[$k]'`, `declare -n r='A["K"]'`):
/// quotes and expansions inside it are active.
pub fn parse_subscript(text: &[u8]) -> Result<Word, ParseError> {
    word::parse_subscript_text(text, 1)
}

/// Parses prompt-like text (PS4): `$` expansions and backquotes, no quote removal.
pub fn parse_heredoc_like(text: &[u8]) -> Result<Word, ParseError> {
    word::parse_heredoc_text(text, 1)
}

/// A word's text as written (approximately): used in diagnostics like "ambiguous redirect".
pub fn word_source_text(w: &Word) -> Vec<u8> {
    let mut out = Vec::new();
    for p in &w.parts {
        match p {
            WordPart::Lit(t) | WordPart::Quoted(t) => out.extend_from_slice(t),
            WordPart::Param(pe) => {
                out.push(b'$');
                match &pe.name {
                    ParamName::Var(n) => out.extend_from_slice(n),
                    ParamName::Positional(n) => out.extend_from_slice(n.to_string().as_bytes()),
                }
            }
            WordPart::DQuoted(inner) => out.extend_from_slice(&word_source_text(&Word {
                parts: inner.clone(),
                raw: Vec::new(),
            })),
            _ => {}
        }
    }
    out
}

/// Quote removal on raw word text (here-document delimiters): drops unescaped `'` and `"`
/// and the backslash of `\x`.
fn remove_quotes(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    let mut quote: Option<u8> = None;
    while i < raw.len() {
        let b = raw[i];
        match (quote, b) {
            (None, b'\'' | b'"') => quote = Some(b),
            (Some(q), _) if b == q => quote = None,
            (None, b'\\') | (Some(b'"'), b'\\') if i + 1 < raw.len() => {
                i += 1;
                out.push(raw[i]);
            }
            _ => out.push(b),
        }
        i += 1;
    }
    out
}
