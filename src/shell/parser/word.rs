//! Reading words: quoting, `$`-expansions, backticks, tilde prefixes and extglob groups.
//! The context decides which characters end a word and which quotes are active.

use super::{is_meta, is_name_char, is_name_start, ParseError, Parser, R};
use crate::shell::ast::*;
use crate::shell::escapes;
use std::rc::Rc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ctx {
    /// An ordinary command word.
    Normal,
    /// The value of `NAME=`: tilde after `=` and `:` too.
    AssignValue,
    /// A `case` pattern: `|` and `)` end it.
    CasePattern,
    /// A word inside `[[ ]]`.
    Cond,
    /// The right side of `=~`: parentheses and `|` belong to the regex.
    CondRegex,
    /// Inside `"..."`.
    DQuote,
    /// An argument inside `${...}` (ends at `}`; `/` too when `slash_ends`).
    ParamArg {
        slash_ends: bool,
        in_dquote: bool,
        pattern: bool,
    },
    /// An array subscript's text (quotes and expansions active; ends at end of text).
    Subscript,
    /// A here-document body or arithmetic text: only `$`, backquote and `\` are special.
    Raw { dquote_escapes: bool },
}

/// The literal text of a word with quotes removed and expansions kept verbatim where simple
/// (used for here-document delimiters).
pub(crate) fn literal_text(w: &Word) -> Vec<u8> {
    let mut out = Vec::new();
    fn rec(parts: &[WordPart], out: &mut Vec<u8>) {
        for p in parts {
            match p {
                WordPart::Lit(t) | WordPart::Quoted(t) => out.extend_from_slice(t),
                WordPart::DQuoted(inner) => rec(inner, out),
                WordPart::Tilde(u) => {
                    out.push(b'~');
                    out.extend_from_slice(u);
                }
                WordPart::Param(p) => {
                    out.push(b'$');
                    if let ParamName::Var(n) = &p.name {
                        out.extend_from_slice(n);
                    }
                }
                _ => {}
            }
        }
    }
    rec(&w.parts, &mut out);
    out
}

/// Parses the body of `$(( ))`, `(( ))` or a `for ((;;))` clause.
pub(crate) fn parse_arith_text(text: &[u8], line: u32) -> R<Word> {
    let mut p = Parser::new(text, line);
    let parts = p.read_parts(
        Ctx::Raw {
            dquote_escapes: true,
        },
        0,
    )?;
    Ok(Word {
        parts: strip_arith_quotes(parts),
        raw: text.to_vec(),
    })
}

/// Double quotes inside arithmetic are removed (`$(( "1" + 2 ))` is 3).
fn strip_arith_quotes(parts: Vec<WordPart>) -> Vec<WordPart> {
    parts
}

/// Parses an array subscript (`a[...]`) text.
pub(crate) fn parse_subscript_text(text: &[u8], line: u32) -> R<Word> {
    let mut p = Parser::new(text, line);
    let parts = p.read_parts(Ctx::Subscript, 0)?;
    Ok(Word {
        parts,
        raw: Vec::new(),
    })
}

/// Parses an unquoted here-document body: `$` expansions, backquotes and `\$ \` \\ \newline`.
pub(crate) fn parse_heredoc_text(text: &[u8], line: u32) -> R<Word> {
    let mut p = Parser::new(text, line);
    let parts = p.read_parts(
        Ctx::Raw {
            dquote_escapes: false,
        },
        0,
    )?;
    Ok(Word {
        parts,
        raw: Vec::new(),
    })
}

struct Acc {
    parts: Vec<WordPart>,
    lit: Vec<u8>,
    /// Literal bytes are quoted (inside double quotes or raw text).
    quoted: bool,
}

impl Acc {
    fn new(quoted: bool) -> Acc {
        Acc {
            parts: Vec::new(),
            lit: Vec::new(),
            quoted,
        }
    }
    fn flush(&mut self) {
        if !self.lit.is_empty() {
            let t = std::mem::take(&mut self.lit);
            self.parts.push(if self.quoted {
                WordPart::Quoted(t)
            } else {
                WordPart::Lit(t)
            });
        }
    }
    fn push(&mut self, p: WordPart) {
        self.flush();
        self.parts.push(p);
    }
    fn finish(mut self) -> Vec<WordPart> {
        self.flush();
        self.parts
    }
}

impl Parser<'_> {
    pub(crate) fn read_word_ctx(&mut self, ctx: Ctx) -> R<Word> {
        let start = self.pos;
        let parts = self.read_parts(ctx, 0)?;
        if self.pos == start && !matches!(ctx, Ctx::CasePattern | Ctx::AssignValue) {
            return Err(self.unexpected_here());
        }
        Ok(Word {
            parts,
            raw: self.src[start..self.pos].to_vec(),
        })
    }

    fn unexpected_here(&self) -> ParseError {
        match self.peek() {
            None => self.eof_error("a word"),
            Some(b) => {
                let tok = if b == b'\n' {
                    "newline".to_string()
                } else {
                    (b as char).to_string()
                };
                self.error(format!("syntax error near unexpected token `{tok}'"))
            }
        }
    }

    /// Reads word parts until the context's terminator. `brace_depth` counts `{` inside
    /// `${...}` arguments so `${x:-{a}}` keeps its inner braces.
    pub(crate) fn read_parts(&mut self, ctx: Ctx, brace_depth: u32) -> R<Vec<WordPart>> {
        self.enter_word()?;
        let r = self.read_parts_inner(ctx, brace_depth);
        self.depth -= 1;
        r
    }

    fn enter_word(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > super::MAX_NESTING {
            return Err(self.error(format!("nesting deeper than {} levels", super::MAX_NESTING)));
        }
        Ok(())
    }

    fn read_parts_inner(&mut self, ctx: Ctx, mut brace_depth: u32) -> R<Vec<WordPart>> {
        let quoted_lits = matches!(ctx, Ctx::DQuote | Ctx::Raw { .. });
        let mut acc = Acc::new(quoted_lits);
        let word_start = self.pos;
        let mut regex_parens = 0u32;
        loop {
            let Some(b) = self.peek() else {
                match ctx {
                    Ctx::DQuote => return Err(self.eof_error_since("matching `\"'", word_start)),
                    Ctx::ParamArg { .. } => {
                        return Err(self.eof_error_since("matching `}'", word_start))
                    }
                    _ => break,
                }
            };
            // Terminators.
            match ctx {
                Ctx::Normal | Ctx::AssignValue | Ctx::Cond => {
                    if self.in_backtick && b == b'`' {
                        break;
                    }
                    if b == b'(' && self.prev_is_extglob_op(&acc) {
                        self.read_extglob_group(&mut acc)?;
                        continue;
                    }
                    if is_meta(b) {
                        // Process substitution starts a word part.
                        if (b == b'<' || b == b'>')
                            && self.peek_at(1) == Some(b'(')
                            && ctx != Ctx::Cond
                        {
                            let is_in = b == b'<';
                            self.pos += 2;
                            let prog = self.parse_sub_program(b')')?;
                            acc.push(WordPart::ProcSub(Rc::new(prog), is_in));
                            continue;
                        }
                        break;
                    }
                }
                Ctx::CasePattern => {
                    if is_meta(b) && !(b == b'(' && self.prev_is_extglob_op(&acc)) {
                        break;
                    }
                }
                Ctx::CondRegex => {
                    if b == b'(' {
                        regex_parens += 1;
                    } else if b == b')' && regex_parens > 0 {
                        regex_parens -= 1;
                        acc.lit.push(b);
                        self.pos += 1;
                        continue;
                    } else if (regex_parens > 0
                        && matches!(b, b' ' | b'\t' | b'|' | b'<' | b'>' | b';' | b'&'))
                        || (b == b'|' && !self.starts_with(b"||"))
                    {
                        acc.lit.push(b);
                        self.pos += 1;
                        continue;
                    } else if is_meta(b) {
                        break;
                    }
                    if b == b'(' {
                        acc.lit.push(b);
                        self.pos += 1;
                        continue;
                    }
                }
                Ctx::DQuote => {
                    if b == b'"' {
                        break;
                    }
                }
                Ctx::ParamArg { slash_ends, .. } => {
                    if b == b'}' {
                        if brace_depth == 0 {
                            break;
                        }
                        brace_depth -= 1;
                    } else if b == b'{' {
                        brace_depth += 1;
                    } else if b == b'/' && slash_ends {
                        break;
                    }
                }
                Ctx::Raw { .. } | Ctx::Subscript => {}
            }
            match b {
                b'\\' => {
                    self.pos += 1;
                    let Some(n) = self.peek() else {
                        acc.lit.push(b'\\');
                        break;
                    };
                    if n == b'\n' {
                        self.bump();
                        continue;
                    }
                    match ctx {
                        Ctx::DQuote
                        | Ctx::ParamArg {
                            in_dquote: true, ..
                        } => {
                            if matches!(n, b'$' | b'`' | b'"' | b'\\')
                                || (n == b'}' && matches!(ctx, Ctx::ParamArg { .. }))
                            {
                                acc.flush();
                                acc.push(WordPart::Quoted(vec![n]));
                            } else {
                                acc.lit.push(b'\\');
                                acc.lit.push(n);
                            }
                            self.bump();
                        }
                        Ctx::Raw { dquote_escapes } => {
                            if matches!(n, b'$' | b'`' | b'\\') || (dquote_escapes && n == b'"') {
                                acc.lit.push(n);
                            } else {
                                acc.lit.push(b'\\');
                                acc.lit.push(n);
                            }
                            self.bump();
                        }
                        _ => {
                            if self.in_backtick && n == b'`' {
                                // Already unescaped when the backtick text was extracted.
                            }
                            self.bump();
                            acc.push(WordPart::Quoted(vec![n]));
                        }
                    }
                }
                b'\''
                    if !matches!(
                        ctx,
                        Ctx::DQuote
                            | Ctx::Raw { .. }
                            | Ctx::ParamArg {
                                in_dquote: true,
                                pattern: false,
                                ..
                            }
                    ) =>
                {
                    self.pos += 1;
                    let start = self.pos;
                    loop {
                        match self.peek() {
                            None => return Err(self.eof_error_since("matching `''", start)),
                            Some(b'\'') => break,
                            Some(_) => {
                                self.bump();
                            }
                        }
                    }
                    let text = self.src[start..self.pos].to_vec();
                    self.pos += 1;
                    acc.push(WordPart::Quoted(text));
                }
                b'"' if !matches!(
                    ctx,
                    Ctx::DQuote
                        | Ctx::Raw {
                            dquote_escapes: false
                        }
                ) =>
                {
                    self.pos += 1;
                    if let Ctx::Raw { .. } = ctx {
                        // Arithmetic text: double quotes group but are removed.
                        let inner = self.read_parts(Ctx::DQuote, 0)?;
                        self.pos += 1;
                        for p in inner {
                            acc.push(p);
                        }
                        continue;
                    }
                    let inner = self.read_parts(Ctx::DQuote, 0)?;
                    if self.peek() != Some(b'"') {
                        return Err(self.eof_error("matching `\"'"));
                    }
                    self.pos += 1;
                    acc.push(WordPart::DQuoted(inner));
                }
                b'$' => {
                    let in_dq = matches!(
                        ctx,
                        Ctx::DQuote
                            | Ctx::Raw { .. }
                            | Ctx::ParamArg {
                                in_dquote: true,
                                pattern: false,
                                ..
                            }
                    );
                    self.read_dollar(&mut acc, in_dq)?;
                }
                b'`' => {
                    self.pos += 1;
                    let prog = self.read_backtick(matches!(ctx, Ctx::DQuote))?;
                    acc.push(WordPart::CmdSub(Rc::new(prog)));
                }
                b'~' if (self.pos == word_start
                    && matches!(
                        ctx,
                        Ctx::Normal
                            | Ctx::AssignValue
                            | Ctx::Cond
                            | Ctx::ParamArg {
                                in_dquote: false,
                                ..
                            }
                    ))
                    || (ctx == Ctx::Normal
                        && acc.parts.is_empty()
                        && looks_like_assignment_prefix(&acc.lit)) =>
                {
                    // `~` starts a word (also inside `${x:-~}`), or follows `name=` in a word that
                    // looks like an assignment (bash expands `echo x=~`).
                    acc.flush();
                    self.read_tilde(
                        &mut acc,
                        if ctx == Ctx::Normal {
                            Ctx::AssignValue
                        } else {
                            ctx
                        },
                    )?;
                }
                b':' if ctx == Ctx::AssignValue && self.peek_at(1) == Some(b'~') => {
                    acc.lit.push(b':');
                    self.pos += 1;
                    self.read_tilde(&mut acc, ctx)?;
                }
                b'(' if matches!(ctx, Ctx::Normal | Ctx::AssignValue | Ctx::Cond)
                    && self.prev_is_extglob_op(&acc) =>
                {
                    self.read_extglob_group(&mut acc)?;
                }
                b'(' if matches!(ctx, Ctx::CasePattern) => {
                    self.read_extglob_group(&mut acc)?;
                }
                _ => {
                    acc.lit.push(b);
                    self.bump();
                }
            }
        }
        Ok(acc.finish())
    }

    fn prev_is_extglob_op(&self, acc: &Acc) -> bool {
        matches!(acc.lit.last(), Some(b'@' | b'*' | b'+' | b'?' | b'!'))
    }

    /// Copies an extglob group `(...)` (balanced, quotes respected) as literal pattern text.
    fn read_extglob_group(&mut self, acc: &mut Acc) -> R<()> {
        let mut depth = 0u32;
        loop {
            let Some(b) = self.peek() else {
                return Err(self.eof_error("matching `)'"));
            };
            match b {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        acc.lit.push(b')');
                        self.pos += 1;
                        return Ok(());
                    }
                }
                b'\\' => {
                    acc.lit.push(b);
                    self.pos += 1;
                    if let Some(n) = self.bump() {
                        acc.lit.push(n);
                    }
                    continue;
                }
                b'\'' | b'"' => {
                    // Quoted text inside a group: keep it literal by escaping each byte.
                    let q = b;
                    self.pos += 1;
                    while let Some(c) = self.peek() {
                        if c == q {
                            break;
                        }
                        if c.is_ascii_alphanumeric() {
                            acc.lit.push(c);
                        } else {
                            acc.lit.push(b'\\');
                            acc.lit.push(c);
                        }
                        self.bump();
                    }
                    self.pos += 1;
                    continue;
                }
                b'$' => {
                    acc.flush();
                    self.read_dollar(acc, false)?;
                    continue;
                }
                _ => {}
            }
            acc.lit.push(b);
            self.bump();
        }
    }

    fn read_tilde(&mut self, acc: &mut Acc, ctx: Ctx) -> R<()> {
        // `~user` up to `/` (or `:` in assignments); quoting anywhere in it disables expansion.
        let start = self.pos + 1;
        let mut end = start;
        while end < self.src.len() {
            let c = self.src[end];
            if c == b'/' || is_meta(c) || (ctx == Ctx::AssignValue && c == b':') {
                break;
            }
            if matches!(c, b'\'' | b'"' | b'\\' | b'$' | b'`') {
                acc.lit.push(b'~');
                self.pos += 1;
                return Ok(());
            }
            end += 1;
        }
        let user = self.src[start..end].to_vec();
        self.pos = end;
        acc.push(WordPart::Tilde(user));
        Ok(())
    }

    fn read_dollar(&mut self, acc: &mut Acc, in_dq: bool) -> R<()> {
        let next = self.peek_at(1);
        match next {
            Some(b'\'') if !in_dq => {
                self.pos += 2;
                let start = self.pos;
                loop {
                    match self.peek() {
                        None => return Err(self.eof_error_since("matching `''", start)),
                        Some(b'\\') => {
                            self.bump();
                            self.bump();
                        }
                        Some(b'\'') => break,
                        Some(_) => {
                            self.bump();
                        }
                    }
                }
                let raw = &self.src[start..self.pos];
                let decoded = escapes::ansi_c(raw);
                self.pos += 1;
                acc.push(WordPart::Quoted(decoded));
            }
            Some(b'"') if !in_dq => {
                self.pos += 2;
                let inner = self.read_parts(Ctx::DQuote, 0)?;
                if self.peek() != Some(b'"') {
                    return Err(self.eof_error("matching `\"'"));
                }
                self.pos += 1;
                acc.push(WordPart::DQuoted(inner));
            }
            Some(b'(') => {
                if self.peek_at(2) == Some(b'(') {
                    if let Some(text) = self.try_read_dollar_arith() {
                        let line = self.line;
                        let w = parse_arith_text(&text, line)?;
                        acc.push(WordPart::Arith(w));
                        return Ok(());
                    }
                }
                self.pos += 2;
                let prog = self.parse_sub_program(b')')?;
                acc.push(WordPart::CmdSub(Rc::new(prog)));
            }
            Some(b'[') => {
                // `$[ expr ]`: the old spelling of `$(( expr ))`.
                let start = self.pos + 2;
                let mut depth = 0i32;
                let mut i = start;
                while i < self.src.len() {
                    match self.src[i] {
                        b'[' => depth += 1,
                        b']' if depth == 0 => break,
                        b']' => depth -= 1,
                        _ => {}
                    }
                    i += 1;
                }
                if i >= self.src.len() {
                    return Err(self.eof_error("matching `]'"));
                }
                let text = self.src[start..i].to_vec();
                let line = self.line;
                while self.pos <= i {
                    self.bump();
                }
                acc.push(WordPart::Arith(parse_arith_text(&text, line)?));
            }
            Some(b'{') => {
                let start = self.pos;
                let line = self.line;
                self.pos += 2;
                match self.read_braced_param(in_dq) {
                    Ok(pe) => acc.push(WordPart::Param(Box::new(pe))),
                    Err(e) if e.message == "bad substitution" => {
                        // bash reports a malformed `${...}` when it runs, not when it parses.
                        self.pos = start + 2;
                        self.line = line;
                        let mut depth = 1;
                        while let Some(b) = self.peek() {
                            match b {
                                b'{' => depth += 1,
                                b'}' => {
                                    depth -= 1;
                                    if depth == 0 {
                                        break;
                                    }
                                }
                                _ => {}
                            }
                            self.bump();
                        }
                        if self.eof() {
                            return Err(self.eof_error("matching `}'"));
                        }
                        self.pos += 1;
                        let text = self.src[start..self.pos].to_vec();
                        acc.push(WordPart::Param(Box::new(ParamExp {
                            name: ParamName::Var(Vec::new()),
                            index: None,
                            indirect: false,
                            length: false,
                            op: ParamOp::Bad(text),
                        })));
                    }
                    Err(e) => return Err(e),
                }
            }
            Some(c) if is_name_start(c) => {
                self.pos += 1;
                let start = self.pos;
                while self.peek().is_some_and(is_name_char) {
                    self.pos += 1;
                }
                let name = self.src[start..self.pos].to_vec();
                acc.push(simple_param(ParamName::Var(name)));
            }
            Some(c) if c.is_ascii_digit() => {
                self.pos += 2;
                acc.push(simple_param(ParamName::Positional((c - b'0') as u32)));
            }
            Some(c @ (b'@' | b'*' | b'#' | b'?' | b'-' | b'$' | b'!')) => {
                self.pos += 2;
                acc.push(simple_param(ParamName::Var(vec![c])));
            }
            _ => {
                acc.lit.push(b'$');
                self.pos += 1;
            }
        }
        Ok(())
    }

    /// `$((...))` where the inner text balances to `))`; None if it is `$( (...) )`.
    fn try_read_dollar_arith(&mut self) -> Option<Vec<u8>> {
        let s = &self.src[self.pos + 3..];
        let mut depth = 0i32;
        let mut i = 0;
        while i < s.len() {
            match s[i] {
                b'(' => depth += 1,
                b')' => {
                    if depth == 0 {
                        if s.get(i + 1) == Some(&b')') {
                            let text = s[..i].to_vec();
                            let consumed = 3 + i + 2;
                            for _ in 0..consumed {
                                self.bump();
                            }
                            return Some(text);
                        }
                        return None;
                    }
                    depth -= 1;
                }
                b'\\' => i += 1,
                _ => {}
            }
            i += 1;
        }
        None
    }

    /// Parses a nested program up to the closing `close` byte (consumed).
    pub(crate) fn parse_sub_program(&mut self, close: u8) -> R<Program> {
        let start = self.pos;
        self.enter_word()?;
        let saved_backtick = self.in_backtick;
        self.in_backtick = false;
        let saved_heredocs = std::mem::take(&mut self.pending_heredocs);
        let body = self.parse_list();
        self.in_backtick = saved_backtick;
        let body = match body {
            // bash looks for the closing parenthesis first: the end of input inside a
            // substitution is "looking for matching `)'", on the line `$((` began for a
            // failed arithmetic expansion, else on the line after the last.
            Err(e) if e.incomplete && self.eof() && close == b')' => {
                return Err(if self.src.get(start) == Some(&b'(') {
                    self.eof_error_since("matching `)'", start)
                } else {
                    ParseError {
                        message: "unexpected EOF while looking for matching `)'".into(),
                        ..self.unexpected_eof()
                    }
                });
            }
            other => other?,
        };
        self.skip_linebreaks()?;
        self.depth -= 1;
        let mut pending = std::mem::replace(&mut self.pending_heredocs, saved_heredocs);
        self.pending_heredocs.append(&mut pending);
        if self.peek() != Some(close) {
            if self.eof() {
                return Err(ParseError {
                    message: "unexpected EOF while looking for matching `)'".into(),
                    ..self.unexpected_eof()
                });
            }
            return Err(self.unexpected_here());
        }
        let source: Rc<[u8]> = Rc::from(&self.src[start..self.pos]);
        self.pos += 1;
        Ok(Program {
            body,
            source,
            syntax_error: None,
            heredoc_warnings: Vec::new(),
        })
    }

    fn read_backtick(&mut self, in_dq: bool) -> R<Program> {
        // Extract the text up to the closing backquote, undoing \` \\ \$ (and \" in "...").
        let mut text = Vec::new();
        let line = self.line;
        loop {
            match self.peek() {
                None => return Err(self.eof_error("matching ``'")),
                Some(b'`') => {
                    self.pos += 1;
                    break;
                }
                Some(b'\\') => {
                    let n = self.peek_at(1);
                    if matches!(n, Some(b'`' | b'\\' | b'$')) || (in_dq && n == Some(b'"')) {
                        text.push(n.unwrap_or(b'\\'));
                        self.pos += 2;
                    } else {
                        text.push(b'\\');
                        self.pos += 1;
                    }
                }
                Some(_) => {
                    if let Some(c) = self.bump() {
                        text.push(c);
                    }
                }
            }
        }
        self.enter_word()?;
        let r = super::parse_at_line(&text, line);
        self.depth -= 1;
        r
    }

    fn read_braced_param(&mut self, in_dq: bool) -> R<ParamExp> {
        let mut pe = ParamExp {
            name: ParamName::Var(Vec::new()),
            index: None,
            indirect: false,
            length: false,
            op: ParamOp::None,
        };
        // ${#...} length (but ${#} is the count and ${#-}... are names).
        if self.peek() == Some(b'#') && !matches!(self.peek_at(1), Some(b'}')) {
            let n = self.peek_at(1);
            let is_len = match n {
                Some(c) if is_name_start(c) || c.is_ascii_digit() => true,
                Some(b'@' | b'*' | b'#' | b'?' | b'-' | b'$' | b'!') => {
                    // `${#-}` vs `${#-word}` ambiguity: length form only when `}` follows.
                    self.peek_at(2) == Some(b'}') || self.peek_at(2) == Some(b'[')
                }
                _ => false,
            };
            if is_len {
                self.pos += 1;
                pe.length = true;
            }
        } else if self.peek() == Some(b'!') && !matches!(self.peek_at(1), Some(b'}')) {
            self.pos += 1;
            pe.indirect = true;
        }
        // The name.
        match self.peek() {
            Some(c) if is_name_start(c) => {
                let start = self.pos;
                while self.peek().is_some_and(is_name_char) {
                    self.pos += 1;
                }
                pe.name = ParamName::Var(self.src[start..self.pos].to_vec());
            }
            Some(c) if c.is_ascii_digit() => {
                let start = self.pos;
                while self.peek().is_some_and(|b| b.is_ascii_digit()) {
                    self.pos += 1;
                }
                let n: u32 = std::str::from_utf8(&self.src[start..self.pos])
                    .ok()
                    .and_then(|t| t.parse().ok())
                    .unwrap_or(u32::MAX);
                pe.name = if n == 0 {
                    ParamName::Var(b"0".to_vec())
                } else {
                    ParamName::Positional(n)
                };
            }
            Some(c @ (b'@' | b'*' | b'#' | b'?' | b'-' | b'$' | b'!')) => {
                self.pos += 1;
                pe.name = ParamName::Var(vec![c]);
            }
            _ => return Err(self.bad_substitution()),
        }
        // Subscript.
        if self.peek() == Some(b'[') {
            if let ParamName::Var(n) = &pe.name {
                if n.first().is_some_and(|&c| is_name_start(c)) {
                    self.pos += 1;
                    pe.index = Some(self.read_subscript()?);
                }
            }
        }
        // Indirect forms ${!prefix*} ${!prefix@} and ${!arr[@]}.
        if pe.indirect {
            if pe.index.is_none()
                && matches!(self.peek(), Some(b'*' | b'@'))
                && self.peek_at(1) == Some(b'}')
            {
                let star = self.peek() == Some(b'*');
                self.pos += 2;
                pe.op = ParamOp::PrefixNames { star };
                pe.indirect = false;
                return Ok(pe);
            }
            if matches!(pe.index, Some(Subscript::At | Subscript::Star))
                && self.peek() == Some(b'}')
            {
                self.pos += 1;
                pe.op = ParamOp::Keys;
                pe.indirect = false;
                return Ok(pe);
            }
        }
        // Pattern arguments (`#`, `%`, `/`, `^`, `,`) get quote removal even inside double
        // quotes; default-value arguments keep single quotes literal there, as bash does.
        let arg = |p: &mut Parser, slash_ends: bool, pattern: bool| -> R<Word> {
            let parts = p.read_parts(
                Ctx::ParamArg {
                    slash_ends,
                    in_dquote: in_dq,
                    pattern,
                },
                0,
            )?;
            Ok(Word {
                parts,
                raw: Vec::new(),
            })
        };
        let Some(c) = self.peek() else {
            return Err(self.eof_error("matching `}'"));
        };
        pe.op = match c {
            b'}' => ParamOp::None,
            _ if pe.length => return Err(self.bad_substitution()),
            b':' => {
                self.pos += 1;
                match self.peek() {
                    Some(b'-') => {
                        self.pos += 1;
                        ParamOp::Default {
                            colon: true,
                            word: arg(self, false, false)?,
                        }
                    }
                    Some(b'=') => {
                        self.pos += 1;
                        ParamOp::Assign {
                            colon: true,
                            word: arg(self, false, false)?,
                        }
                    }
                    Some(b'?') => {
                        self.pos += 1;
                        ParamOp::Error {
                            colon: true,
                            word: arg(self, false, false)?,
                        }
                    }
                    Some(b'+') => {
                        self.pos += 1;
                        ParamOp::Alternative {
                            colon: true,
                            word: arg(self, false, false)?,
                        }
                    }
                    _ => {
                        let offset = self.read_substring_part()?;
                        let length = if self.peek() == Some(b':') {
                            self.pos += 1;
                            Some(self.read_substring_part()?)
                        } else {
                            None
                        };
                        ParamOp::Substring { offset, length }
                    }
                }
            }
            b'-' => {
                self.pos += 1;
                ParamOp::Default {
                    colon: false,
                    word: arg(self, false, false)?,
                }
            }
            b'=' => {
                self.pos += 1;
                ParamOp::Assign {
                    colon: false,
                    word: arg(self, false, false)?,
                }
            }
            b'?' => {
                self.pos += 1;
                ParamOp::Error {
                    colon: false,
                    word: arg(self, false, false)?,
                }
            }
            b'+' => {
                self.pos += 1;
                ParamOp::Alternative {
                    colon: false,
                    word: arg(self, false, false)?,
                }
            }
            b'#' => {
                self.pos += 1;
                let longest = self.peek() == Some(b'#');
                if longest {
                    self.pos += 1;
                }
                ParamOp::TrimPrefix {
                    longest,
                    pattern: arg(self, false, true)?,
                }
            }
            b'%' => {
                self.pos += 1;
                let longest = self.peek() == Some(b'%');
                if longest {
                    self.pos += 1;
                }
                ParamOp::TrimSuffix {
                    longest,
                    pattern: arg(self, false, true)?,
                }
            }
            b'/' => {
                self.pos += 1;
                let mode = match self.peek() {
                    Some(b'/') => {
                        self.pos += 1;
                        ReplaceMode::All
                    }
                    Some(b'#') => {
                        self.pos += 1;
                        ReplaceMode::Prefix
                    }
                    Some(b'%') => {
                        self.pos += 1;
                        ReplaceMode::Suffix
                    }
                    _ => ReplaceMode::First,
                };
                // A `/` right after the operator belongs to the pattern (`${x////c}`).
                let lead_slash = mode == ReplaceMode::All && self.peek() == Some(b'/');
                if lead_slash {
                    self.pos += 1;
                }
                let mut pattern = arg(self, true, true)?;
                if lead_slash {
                    pattern.parts.insert(0, WordPart::Lit(b"/".to_vec()));
                }
                let replacement = if self.peek() == Some(b'/') {
                    self.pos += 1;
                    Some(arg(self, false, true)?)
                } else {
                    None
                };
                ParamOp::Replace {
                    mode,
                    pattern,
                    replacement,
                }
            }
            b'^' | b',' | b'~' => {
                self.pos += 1;
                let all = self.peek() == Some(c);
                if all {
                    self.pos += 1;
                }
                let pattern = if self.peek() == Some(b'}') {
                    None
                } else {
                    Some(arg(self, false, true)?)
                };
                ParamOp::Case {
                    mode: match c {
                        b'^' => CaseMode::Upper,
                        b',' => CaseMode::Lower,
                        _ => CaseMode::Toggle,
                    },
                    all,
                    pattern,
                }
            }
            b'@' => {
                self.pos += 1;
                let Some(op) = self.peek() else {
                    return Err(self.eof_error("matching `}'"));
                };
                if !b"QEPAaULuKk".contains(&op) || self.peek_at(1) != Some(b'}') {
                    return Err(self.bad_substitution());
                }
                self.pos += 1;
                ParamOp::Transform(op)
            }
            _ => return Err(self.bad_substitution()),
        };
        if self.peek() != Some(b'}') {
            if self.eof() {
                return Err(self.eof_error("matching `}'"));
            }
            return Err(self.bad_substitution());
        }
        self.pos += 1;
        Ok(pe)
    }

    fn bad_substitution(&self) -> ParseError {
        self.error("bad substitution")
    }

    /// Offset/length of `${x:off:len}`: arithmetic text up to `:` or `}`.
    fn read_substring_part(&mut self) -> R<Word> {
        let start = self.pos;
        let mut depth = 0i32;
        while let Some(b) = self.peek() {
            match b {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' => depth -= 1,
                b'}' if depth == 0 => break,
                b'}' => depth -= 1,
                b':' if depth == 0 => break,
                b'?' => depth += 1,
                _ => {}
            }
            if b == b':' && depth > 0 {
                // `a ? b : c` inside an offset.
                depth -= 1;
            }
            self.bump();
        }
        if self.eof() {
            return Err(self.eof_error("matching `}'"));
        }
        let text = self.src[start..self.pos].to_vec();
        parse_arith_text(&text, self.line)
    }

    fn read_subscript(&mut self) -> R<Subscript> {
        if matches!(self.peek(), Some(b'@' | b'*')) && self.peek_at(1) == Some(b']') {
            let s = if self.peek() == Some(b'@') {
                Subscript::At
            } else {
                Subscript::Star
            };
            self.pos += 2;
            return Ok(s);
        }
        let start = self.pos;
        let mut depth = 1;
        loop {
            match self.peek() {
                None => return Err(self.eof_error("matching `]'")),
                Some(b'[') => depth += 1,
                Some(b']') => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                Some(b'\\') => {
                    self.bump();
                }
                _ => {}
            }
            self.bump();
        }
        let text = self.src[start..self.pos].to_vec();
        self.pos += 1;
        Ok(Subscript::Expr(parse_subscript_text(&text, self.line)?))
    }
}

fn simple_param(name: ParamName) -> WordPart {
    WordPart::Param(Box::new(ParamExp {
        name,
        index: None,
        indirect: false,
        length: false,
        op: ParamOp::None,
    }))
}

/// `name=` (or `name+=`) with a valid name: a word that looks like an assignment.
fn looks_like_assignment_prefix(lit: &[u8]) -> bool {
    let Some(body) = lit.strip_suffix(b"=") else {
        return false;
    };
    let body = body.strip_suffix(b"+").unwrap_or(body);
    super::is_valid_name(body)
}
