//! `[[ ... ]]`: the conditional command's own small grammar (`||`, `&&`, `!`, grouping,
//! unary and binary tests, `=~` with its regex word).

use super::{is_blank, word, ParseError, Parser, R};
use crate::shell::ast::*;

impl Parser<'_> {
    pub(super) fn parse_cond_command(&mut self) -> R<CondExpr> {
        let e = self.parse_cond_or()?;
        self.skip_linebreaks()?;
        if !self.eat_word(b"]]") {
            if self.eof() {
                return Err(self.eof_error("`]]'"));
            }
            return Err(self.cond_unexpected());
        }
        Ok(e)
    }

    fn cond_unexpected(&self) -> ParseError {
        if self.eof() {
            return self.eof_error("`]]'");
        }
        let tok = self.peek_token_text();
        ParseError {
            line: self.line,
            message: format!(
                "syntax error in conditional expression: unexpected token `{}'",
                String::from_utf8_lossy(&tok)
            ),
            incomplete: false,
        }
    }

    fn parse_cond_or(&mut self) -> R<CondExpr> {
        self.enter()?;
        let mut left = self.parse_cond_and()?;
        loop {
            self.skip_linebreaks()?;
            if self.starts_with(b"||") {
                self.pos += 2;
                let right = self.parse_cond_and()?;
                left = CondExpr::Or(Box::new(left), Box::new(right));
            } else {
                break;
            }
        }
        self.leave();
        Ok(left)
    }

    fn parse_cond_and(&mut self) -> R<CondExpr> {
        let mut left = self.parse_cond_not()?;
        loop {
            self.skip_linebreaks()?;
            if self.starts_with(b"&&") {
                self.pos += 2;
                let right = self.parse_cond_not()?;
                left = CondExpr::And(Box::new(left), Box::new(right));
            } else {
                break;
            }
        }
        Ok(left)
    }

    fn parse_cond_not(&mut self) -> R<CondExpr> {
        self.skip_linebreaks()?;
        if self.eat_word(b"!") {
            self.enter()?;
            let inner = self.parse_cond_not()?;
            self.leave();
            return Ok(CondExpr::Not(Box::new(inner)));
        }
        self.parse_cond_primary()
    }

    fn parse_cond_primary(&mut self) -> R<CondExpr> {
        self.skip_linebreaks()?;
        if self.peek() == Some(b'(') {
            self.pos += 1;
            let e = self.parse_cond_or()?;
            self.skip_linebreaks()?;
            if self.peek() != Some(b')') {
                return Err(self.cond_unexpected());
            }
            self.pos += 1;
            return Ok(e);
        }
        if self.at_word(b"]]") || self.eof() || matches!(self.peek(), Some(b')' | b'&' | b'|')) {
            return Err(self.cond_unexpected());
        }
        if self.peek() == Some(b'-') {
            let s = &self.src[self.pos..];
            if s.len() >= 2
                && s[1].is_ascii_alphabetic()
                && s.get(2).is_none_or(|&b| is_blank(b) || b == b'\n')
                && b"abcdefghkprstuwxzGLNOSnovR".contains(&s[1])
            {
                let op = s[..2].to_vec();
                let save = self.pos;
                self.pos += 2;
                self.skip_linebreaks()?;
                if self.at_word(b"]]")
                    || self.starts_with(b"&&")
                    || self.starts_with(b"||")
                    || self.peek() == Some(b')')
                {
                    self.pos = save;
                } else {
                    let w = self.read_word_ctx(word::Ctx::Cond)?;
                    return Ok(CondExpr::Unary(op, w));
                }
            }
        }
        let left = self.read_word_ctx(word::Ctx::Cond)?;
        self.skip_blanks();
        const OPS: [&[u8]; 15] = [
            b"==", b"!=", b"=~", b"=", b"<", b">", b"-eq", b"-ne", b"-lt", b"-le", b"-gt", b"-ge",
            b"-nt", b"-ot", b"-ef",
        ];
        let op = OPS.into_iter().find(|op| {
            self.starts_with(op) && {
                let next = self.src.get(self.pos + op.len()).copied();
                next.is_none_or(|b| is_blank(b) || b == b'\n')
                    || (op.len() == 1 && matches!(op[0], b'<' | b'>'))
            }
        });
        match op {
            None => Ok(CondExpr::Word(left)),
            Some(op) => {
                let op = op.to_vec();
                self.pos += op.len();
                self.skip_blanks();
                let right = if op == b"=~" {
                    self.read_word_ctx(word::Ctx::CondRegex)?
                } else {
                    self.read_word_ctx(word::Ctx::Cond)?
                };
                if right.parts.is_empty() {
                    return Err(self.cond_unexpected());
                }
                Ok(CondExpr::Binary(left, op, right))
            }
        }
    }
}
