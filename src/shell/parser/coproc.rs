//! `coproc`: the reserved word, an optional name, and the command run as the coprocess.
//!
//! bash's grammar has `coproc simple-command`, `coproc compound-command` and
//! `coproc NAME compound-command`. Its lexer recognizes reserved words right after
//! `coproc WORD`, so a word followed by the start of a compound command is the name, a word
//! followed by anything else starts a simple command, and a word followed by a reserved word
//! that cannot start a command (`coproc foo done`) is a syntax error.

use super::{Parser, R, RESERVED_TERMINATORS};
use crate::shell::ast::{Command, CompoundCommand, Word};

/// Reserved words (besides `(` and `((`) that begin a compound command.
const COMPOUND_STARTS: &[&[u8]] = &[
    b"{", b"if", b"while", b"until", b"for", b"select", b"case", b"[[",
];

impl Parser<'_> {
    /// Parses what follows the `coproc` reserved word.
    pub(super) fn parse_coproc(&mut self) -> R<CompoundCommand> {
        self.skip_blanks();
        let default = || Word::lit(b"COPROC");
        if self.at_compound_start() {
            let body = self.parse_command()?;
            return Ok(CompoundCommand::Coproc {
                name: default(),
                body,
            });
        }
        let (pos, line) = (self.pos, self.line);
        if !self.at_list_terminator() && self.peek().is_some_and(|b| !super::is_meta(b)) {
            let name = self.read_word()?;
            self.skip_blanks();
            if self.at_compound_start() {
                let body = self.parse_command()?;
                return Ok(CompoundCommand::Coproc { name, body });
            }
            if RESERVED_TERMINATORS.iter().any(|w| self.at_word(w)) {
                return Err(self.unexpected());
            }
            self.pos = pos;
            self.line = line;
        }
        let body = self.parse_command()?;
        if matches!(body, Command::FunctionDef(_)) {
            // A function definition is not a command a coprocess can run.
            self.pos = pos;
            self.line = line;
            return Err(self.unexpected());
        }
        Ok(CompoundCommand::Coproc {
            name: default(),
            body,
        })
    }

    fn at_compound_start(&self) -> bool {
        self.peek() == Some(b'(') || COMPOUND_STARTS.iter().any(|w| self.at_word(w))
    }
}

#[cfg(test)]
mod tests {
    use crate::shell::ast::{Command, CompoundCommand};
    use crate::shell::parser::parse;

    /// The coprocess of a one-command script: its name's text and its body.
    fn coproc_of(src: &str) -> (Vec<u8>, Command) {
        let prog = parse(src.as_bytes()).expect("parses");
        let cmd = prog.body.items[0].and_or.first.commands[0].clone();
        match cmd {
            Command::Compound(cc, _, _) => match *cc {
                CompoundCommand::Coproc { name, body } => (name.raw, body),
                other => panic!("not a coproc: {other:?}"),
            },
            other => panic!("not a compound command: {other:?}"),
        }
    }

    #[test]
    fn simple_command_gets_the_default_name() {
        let (name, body) = coproc_of("coproc cat -u file");
        assert_eq!(name, b"COPROC");
        let Command::Simple(sc) = body else {
            panic!("expected a simple command")
        };
        assert_eq!(sc.words.len(), 3);
    }

    #[test]
    fn a_word_before_a_compound_command_is_the_name() {
        let (name, body) = coproc_of("coproc NAME { cat; } 2>/dev/null");
        assert_eq!(name, b"NAME");
        let Command::Compound(cc, redirs, _) = body else {
            panic!("expected a compound command")
        };
        assert!(matches!(*cc, CompoundCommand::Group(_)));
        assert_eq!(redirs.len(), 1);
        let (name, body) = coproc_of("coproc W while read l; do echo $l; done");
        assert_eq!(name, b"W");
        assert!(matches!(body, Command::Compound(..)));
        let (name, _) = coproc_of("coproc P (echo a)");
        assert_eq!(name, b"P");
    }

    #[test]
    fn a_compound_command_without_a_name() {
        let (name, body) = coproc_of("coproc { cat; }");
        assert_eq!(name, b"COPROC");
        assert!(matches!(body, Command::Compound(..)));
    }

    #[test]
    fn syntax_errors() {
        for src in ["coproc", "coproc ;", "coproc foo done", "coproc foo }"] {
            assert!(parse(src.as_bytes()).is_err(), "{src} should not parse");
        }
    }
}
