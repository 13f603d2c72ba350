//! The option scanner bash uses for its builtins: flags may be clustered (`-tn2`), an option
//! that takes an argument reads the rest of its word or else the next word (`-d,` or `-d ,`),
//! `--` ends the options and is consumed, and the first word that is not an option (or a lone
//! `-`) starts the operands.

/// Why scanning stopped with an error; the builtin reports it with its usage line, status 2.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum OptError {
    Invalid(u8),
    MissingArgument(u8),
}

impl OptError {
    /// bash's wording, without the `bash: line N: ` prefix the error printer adds.
    pub(crate) fn message(&self, builtin: &str) -> String {
        match self {
            OptError::Invalid(c) => format!("{builtin}: -{}: invalid option", *c as char),
            OptError::MissingArgument(c) => {
                format!("{builtin}: -{}: option requires an argument", *c as char)
            }
        }
    }
}

/// One scanned option: its letter and, for a letter that takes one, its argument.
pub(crate) type Opt = (u8, Option<Vec<u8>>);

/// Scans `args` against a getopt-style `spec` (`b"d:n:t"`: a letter followed by `:` takes an
/// argument).
pub(crate) struct OptScan<'a> {
    args: &'a [Vec<u8>],
    spec: &'static [u8],
    word: usize,
    /// Position inside a clustered word; 0 when at the start of a word.
    ch: usize,
}

impl<'a> OptScan<'a> {
    pub(crate) fn new(args: &'a [Vec<u8>], spec: &'static [u8]) -> Self {
        OptScan {
            args,
            spec,
            word: 0,
            ch: 0,
        }
    }

    /// The next option letter and its argument, or `None` once the operands begin.
    #[allow(clippy::should_implement_trait)]
    pub(crate) fn next(&mut self) -> Option<Result<Opt, OptError>> {
        if self.ch == 0 {
            let w = self.args.get(self.word)?;
            if w == b"--" {
                self.word += 1;
                return None;
            }
            if w.len() < 2 || w[0] != b'-' {
                return None;
            }
            self.ch = 1;
        }
        let w = &self.args[self.word];
        let c = w[self.ch];
        self.ch += 1;
        let at_end = self.ch >= w.len();
        let Some(pos) = self.spec.iter().position(|&s| s == c && s != b':') else {
            if at_end {
                self.next_word();
            }
            return Some(Err(OptError::Invalid(c)));
        };
        if self.spec.get(pos + 1) != Some(&b':') {
            if at_end {
                self.next_word();
            }
            return Some(Ok((c, None)));
        }
        let value = if !at_end {
            Some(w[self.ch..].to_vec())
        } else {
            self.args
                .get(self.word + 1)
                .cloned()
                .inspect(|_| self.word += 1)
        };
        self.next_word();
        match value {
            Some(v) => Some(Ok((c, Some(v)))),
            None => Some(Err(OptError::MissingArgument(c))),
        }
    }

    fn next_word(&mut self) {
        self.word += 1;
        self.ch = 0;
    }

    /// The operands: every word after the options (valid once `next` returned `None`).
    pub(crate) fn rest(&self) -> &'a [Vec<u8>] {
        &self.args[self.word.min(self.args.len())..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(args: &[&str], spec: &'static [u8]) -> (Vec<String>, Vec<String>) {
        let v: Vec<Vec<u8>> = args.iter().map(|a| a.as_bytes().to_vec()).collect();
        let mut s = OptScan::new(&v, spec);
        let mut got = Vec::new();
        while let Some(r) = s.next() {
            got.push(match r {
                Ok((c, None)) => format!("{}", c as char),
                Ok((c, Some(a))) => format!("{}={}", c as char, String::from_utf8_lossy(&a)),
                Err(e) => e.message("b"),
            });
        }
        let rest = s
            .rest()
            .iter()
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect();
        (got, rest)
    }

    #[test]
    fn clusters_attached_and_separate_arguments() {
        let (o, r) = scan(&["-tn2", "-d", ",", "-s3", "name"], b"d:n:s:t");
        assert_eq!(o, ["t", "n=2", "d=,", "s=3"]);
        assert_eq!(r, ["name"]);
    }

    #[test]
    fn double_dash_ends_options_and_lone_dash_is_an_operand() {
        assert_eq!(scan(&["-t", "--", "-n"], b"n:t").1, ["-n"]);
        assert_eq!(
            scan(&["-", "-t"], b"t"),
            (vec![], vec!["-".into(), "-t".into()])
        );
    }

    #[test]
    fn errors_name_the_letter() {
        assert_eq!(scan(&["-x"], b"t").0, ["b: -x: invalid option"]);
        assert_eq!(
            scan(&["-tn"], b"n:t").0,
            ["t", "b: -n: option requires an argument"]
        );
    }
}
