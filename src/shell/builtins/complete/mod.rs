//! Programmable completion: `complete`, `compopt` and `compgen`. A script never completes a
//! line itself (no readline), so specs are stored and printed back, and `compgen` generates
//! matches the way bash's completion engine would for a given word.

mod gen;
mod tables;

use super::super::state::{Res, Shell};
// The quoting `trap -p` uses: bash's `sh_single_quote` without its lone-quote case.
use super::single_quote;

/// The actions, in bash's flag order (the order `compgen` generates them in).
pub(super) const ACTIONS: &[&str] = &[
    "alias",
    "arrayvar",
    "binding",
    "builtin",
    "command",
    "directory",
    "disabled",
    "enabled",
    "export",
    "file",
    "function",
    "group",
    "helptopic",
    "hostname",
    "job",
    "keyword",
    "running",
    "service",
    "setopt",
    "shopt",
    "signal",
    "stopped",
    "user",
    "variable",
];

/// The `-o` options, in the order `complete -p` and `compopt` print them.
const OPTIONS: &[&str] = &[
    "bashdefault",
    "default",
    "dirnames",
    "filenames",
    "noquote",
    "nosort",
    "nospace",
    "plusdirs",
];

/// One-letter action flags and the action each stands for.
const LETTERS: &[(u8, &str)] = &[
    (b'a', "alias"),
    (b'b', "builtin"),
    (b'c', "command"),
    (b'd', "directory"),
    (b'e', "export"),
    (b'f', "file"),
    (b'g', "group"),
    (b'j', "job"),
    (b'k', "keyword"),
    (b's', "service"),
    (b'u', "user"),
    (b'v', "variable"),
];

/// `complete -p` prints these actions as `-A NAME` (the rest by their letters), in this order.
const LONG_ONLY: &[&str] = &[
    "arrayvar",
    "binding",
    "disabled",
    "enabled",
    "function",
    "helptopic",
    "hostname",
    "running",
    "setopt",
    "shopt",
    "signal",
    "stopped",
];

fn action_bit(name: &[u8]) -> Option<u32> {
    ACTIONS
        .iter()
        .position(|a| a.as_bytes() == name)
        .map(|i| 1 << i)
}

fn option_bit(name: &[u8]) -> Option<u32> {
    OPTIONS
        .iter()
        .position(|a| a.as_bytes() == name)
        .map(|i| 1 << i)
}

pub(super) fn has_action(actions: u32, name: &str) -> bool {
    action_bit(name.as_bytes()).is_some_and(|b| actions & b != 0)
}

pub(super) fn has_option(options: u32, name: &str) -> bool {
    option_bit(name.as_bytes()).is_some_and(|b| options & b != 0)
}

/// A completion specification, as `complete` stores it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CompSpec {
    pub actions: u32,
    pub options: u32,
    pub globpat: Option<Vec<u8>>,
    pub words: Option<Vec<u8>>,
    pub prefix: Option<Vec<u8>>,
    pub suffix: Option<Vec<u8>>,
    pub filterpat: Option<Vec<u8>>,
    pub command: Option<Vec<u8>>,
    pub funcname: Option<Vec<u8>>,
}

/// The names bash stores the `-D`, `-E` and `-I` specs under.
const DEFAULT_CMD: &[u8] = b"_DefaultCmD_";
const EMPTY_CMD: &[u8] = b"_EmptycmD_";
const INITIAL_WORD: &[u8] = b"_InitialWorD_";

/// bash's table has 512 buckets to start and grows fourfold once it holds twice as many
/// entries as buckets.
const INITIAL_BUCKETS: usize = 512;

/// The stored specs, laid out as bash's hash table so `complete -p` lists them in bash's
/// order: buckets in index order, each newest first; replacing a spec keeps its place.
#[derive(Clone, Debug)]
pub struct Specs {
    buckets: Vec<Vec<(Vec<u8>, CompSpec)>>,
    len: usize,
}

/// Empty until the first spec is stored: every subshell clones the shell, and most scripts
/// never call `complete`.
impl Default for Specs {
    fn default() -> Specs {
        Specs {
            buckets: Vec::new(),
            len: 0,
        }
    }
}

/// bash's `hash_string`: 32-bit FNV-1.
fn fnv1(s: &[u8]) -> u32 {
    let mut h: u32 = 2_166_136_261;
    for &b in s {
        h = h.wrapping_mul(16_777_619);
        h ^= b as u32;
    }
    h
}

impl Specs {
    fn bucket(&self, name: &[u8]) -> usize {
        fnv1(name) as usize & (self.buckets.len() - 1)
    }

    pub fn get(&self, name: &[u8]) -> Option<&CompSpec> {
        if self.buckets.is_empty() {
            return None;
        }
        self.buckets[self.bucket(name)]
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, s)| s)
    }

    fn get_mut(&mut self, name: &[u8]) -> Option<&mut CompSpec> {
        if self.buckets.is_empty() {
            return None;
        }
        let b = self.bucket(name);
        self.buckets[b]
            .iter_mut()
            .find(|(k, _)| k == name)
            .map(|(_, s)| s)
    }

    pub fn insert(&mut self, name: &[u8], spec: CompSpec) {
        if let Some(s) = self.get_mut(name) {
            *s = spec;
            return;
        }
        if self.buckets.is_empty() {
            self.buckets = vec![Vec::new(); INITIAL_BUCKETS];
        }
        if self.len >= self.buckets.len() * 2 {
            // Rehash: old buckets in order, each entry pushed on the front of its new bucket.
            let n = self.buckets.len() * 4;
            let mut grown: Vec<Vec<(Vec<u8>, CompSpec)>> = vec![Vec::new(); n];
            for bucket in std::mem::take(&mut self.buckets) {
                for (k, s) in bucket {
                    let i = fnv1(&k) as usize & (n - 1);
                    grown[i].insert(0, (k, s));
                }
            }
            self.buckets = grown;
        }
        let b = self.bucket(name);
        self.buckets[b].insert(0, (name.to_vec(), spec));
        self.len += 1;
    }

    pub fn remove(&mut self, name: &[u8]) -> bool {
        if self.buckets.is_empty() {
            return false;
        }
        let b = self.bucket(name);
        let before = self.buckets[b].len();
        self.buckets[b].retain(|(k, _)| k != name);
        let removed = self.buckets[b].len() != before;
        if removed {
            self.len -= 1;
        }
        removed
    }

    pub fn clear(&mut self) {
        *self = Specs::default();
    }

    /// Every spec in bash's walk order.
    pub fn entries(&self) -> Vec<(Vec<u8>, CompSpec)> {
        self.buckets.iter().flatten().cloned().collect()
    }
}

const COMPLETE_USAGE: &str = "complete: usage: complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]\n";
const COMPGEN_USAGE: &str = "compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]\n";
const COMPOPT_USAGE: &str = "compopt: usage: compopt [-o|+o option] [-DEI] [name ...]\n";

/// What `complete`/`compgen` options said.
#[derive(Default)]
struct Parsed {
    spec: CompSpec,
    print: bool,
    remove: bool,
    default_cmd: bool,
    empty_cmd: bool,
    initial_word: bool,
    /// Index of the first operand.
    rest: usize,
    /// Any option at all was given.
    any: bool,
}

/// Splits one argument's option letters the way bash's `internal_getopt` does: letters
/// grouped, an option's argument attached or in the next word, `--` ending options.
struct Getopt<'a> {
    args: &'a [Vec<u8>],
    i: usize,
    pos: usize,
}

enum Opt {
    Flag(u8),
    Arg(u8, bool, Vec<u8>),
    MissingArg(u8),
}

impl<'a> Getopt<'a> {
    fn new(args: &'a [Vec<u8>]) -> Self {
        Getopt { args, i: 0, pos: 0 }
    }

    /// The next option; `with_arg` names the letters taking an argument, `plus` whether
    /// `+x` counts as an option (compopt's `+o`).
    fn next(&mut self, with_arg: &[u8], plus: bool) -> Option<Opt> {
        if self.pos == 0 {
            let a = self.args.get(self.i)?;
            if a == b"--" {
                self.i += 1;
                return None;
            }
            let lead_ok = a.first() == Some(&b'-') || (plus && a.first() == Some(&b'+'));
            if !lead_ok || a.len() < 2 {
                return None;
            }
            self.pos = 1;
        }
        let a = &self.args[self.i];
        let minus = a[0] == b'-';
        let c = a[self.pos];
        self.pos += 1;
        let at_end = self.pos >= a.len();
        if with_arg.contains(&c) {
            let v = if !at_end {
                Some(a[self.pos..].to_vec())
            } else {
                self.i += 1;
                self.args.get(self.i).cloned()
            };
            self.i += 1;
            self.pos = 0;
            return Some(match v {
                Some(v) => Opt::Arg(c, minus, v),
                None => Opt::MissingArg(c),
            });
        }
        if at_end {
            self.i += 1;
            self.pos = 0;
        }
        Some(Opt::Flag(c))
    }
}

/// Which builtin is parsing: they accept different letters.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Who {
    Complete,
    Compgen,
}

impl Shell {
    fn usage_error(&self, who: &str, msg: String) {
        self.error_msg(msg.as_bytes());
        let usage = match who {
            "complete" => COMPLETE_USAGE,
            "compgen" => COMPGEN_USAGE,
            _ => COMPOPT_USAGE,
        };
        self.write_err_now(usage.as_bytes());
    }

    /// Parses the options `complete` and `compgen` share; `Err(status)` after an error.
    fn parse_comp_opts(&self, args: &[Vec<u8>], who: Who) -> Result<Parsed, i32> {
        let name = if who == Who::Complete {
            "complete"
        } else {
            "compgen"
        };
        let mut p = Parsed::default();
        let mut g = Getopt::new(args);
        while let Some(o) = g.next(b"oAGWFCXPS", false) {
            p.any = true;
            match o {
                Opt::MissingArg(c) => {
                    self.usage_error(
                        name,
                        format!("{name}: -{}: option requires an argument", c as char),
                    );
                    return Err(2);
                }
                Opt::Flag(c) => {
                    if let Some((_, act)) = LETTERS.iter().find(|(l, _)| *l == c) {
                        p.spec.actions |= action_bit(act.as_bytes()).unwrap_or(0);
                        continue;
                    }
                    match (c, who) {
                        (b'p', Who::Complete) => p.print = true,
                        (b'r', Who::Complete) => p.remove = true,
                        (b'D', Who::Complete) => p.default_cmd = true,
                        (b'E', Who::Complete) => p.empty_cmd = true,
                        (b'I', Who::Complete) => p.initial_word = true,
                        _ => {
                            self.usage_error(
                                name,
                                format!("{name}: -{}: invalid option", c as char),
                            );
                            return Err(2);
                        }
                    }
                }
                Opt::Arg(c, _, v) => match c {
                    b'o' => match option_bit(&v) {
                        Some(b) => p.spec.options |= b,
                        None => {
                            self.error_msg(
                                format!("{name}: {}: invalid option name", lossy(&v)).as_bytes(),
                            );
                            return Err(2);
                        }
                    },
                    b'A' => match action_bit(&v) {
                        Some(b) => p.spec.actions |= b,
                        None => {
                            self.error_msg(
                                format!("{name}: {}: invalid action name", lossy(&v)).as_bytes(),
                            );
                            return Err(2);
                        }
                    },
                    b'G' => p.spec.globpat = Some(v),
                    b'W' => p.spec.words = Some(v),
                    b'F' => p.spec.funcname = Some(v),
                    b'C' => p.spec.command = Some(v),
                    b'X' => p.spec.filterpat = Some(v),
                    b'P' => p.spec.prefix = Some(v),
                    _ => p.spec.suffix = Some(v),
                },
            }
        }
        p.rest = g.i;
        Ok(p)
    }

    /// `complete [-abcdefgjksuv] [-pr] [-DEI] [-o OPT] [-A ACT] [-G|-W|-F|-C|-X|-P|-S ARG] [NAME...]`
    pub(in crate::shell) async fn builtin_complete(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let p = match self.parse_comp_opts(args, Who::Complete) {
            Ok(p) => p,
            Err(s) => return Ok(s),
        };
        let names = &args[p.rest..];
        let special = [
            (p.default_cmd, DEFAULT_CMD),
            (p.empty_cmd, EMPTY_CMD),
            (p.initial_word, INITIAL_WORD),
        ]
        .iter()
        .find(|(on, _)| *on)
        .map(|(_, n)| n.to_vec());
        if p.print || !p.any && names.is_empty() {
            return self.print_specs(names, special).await;
        }
        if p.remove {
            if let Some(n) = special {
                self.completions.remove(&n);
                return Ok(0);
            }
            if names.is_empty() {
                self.completions.clear();
                return Ok(0);
            }
            let mut status = 0;
            for n in names {
                self.sys.charge(crate::limits::cost::LINE)?;
                if !self.completions.remove(n) {
                    self.error_msg(
                        format!("complete: {}: no completion specification", lossy(n)).as_bytes(),
                    );
                    status = 1;
                }
            }
            return Ok(status);
        }
        if names.is_empty() && special.is_none() {
            self.write_err_now(COMPLETE_USAGE.as_bytes());
            return Ok(2);
        }
        if let Some(f) = &p.spec.funcname {
            if !crate::shell::parser::is_valid_name(f) && !valid_function_name(f) {
                self.error_msg(
                    format!("complete: `{}': not a valid identifier", lossy(f)).as_bytes(),
                );
                return Ok(2);
            }
        }
        match special {
            Some(n) => self.completions.insert(&n, p.spec),
            None => {
                for n in names {
                    self.sys.charge(crate::limits::cost::LINE)?;
                    self.completions.insert(n, p.spec.clone());
                }
            }
        }
        Ok(0)
    }

    async fn print_specs(&mut self, names: &[Vec<u8>], special: Option<Vec<u8>>) -> Res<i32> {
        let wanted: Vec<Vec<u8>> = match special {
            Some(n) => vec![n],
            None if names.is_empty() => {
                for (n, s) in self.completions.entries() {
                    self.sys.charge(crate::limits::cost::LINE)?;
                    self.out_line(&spec_line(&n, &s)).await?;
                }
                return Ok(0);
            }
            None => names.to_vec(),
        };
        let mut status = 0;
        for n in wanted {
            self.sys.charge(crate::limits::cost::LINE)?;
            match self.completions.get(&n).cloned() {
                Some(s) => self.out_line(&spec_line(&n, &s)).await?,
                None => {
                    self.error_msg(
                        format!("complete: {}: no completion specification", lossy(&n)).as_bytes(),
                    );
                    status = 1;
                }
            }
        }
        Ok(status)
    }

    /// `compopt [-o|+o OPTION] [-DEI] [NAME...]`: changes the options of stored specs. With no
    /// name it would change the completion in progress, which a script never has.
    pub(in crate::shell) async fn builtin_compopt(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let (mut on, mut off) = (0u32, 0u32);
        let mut special = [false; 3];
        let mut g = Getopt::new(args);
        while let Some(o) = g.next(b"o", true) {
            match o {
                Opt::MissingArg(c) => {
                    self.usage_error(
                        "compopt",
                        format!("compopt: -{}: option requires an argument", c as char),
                    );
                    return Ok(2);
                }
                Opt::Arg(_, minus, v) => match option_bit(&v) {
                    Some(b) if minus => on |= b,
                    Some(b) => off |= b,
                    None => {
                        self.error_msg(
                            format!("compopt: {}: invalid option name", lossy(&v)).as_bytes(),
                        );
                        return Ok(2);
                    }
                },
                Opt::Flag(c) => match c {
                    b'D' => special[0] = true,
                    b'E' => special[1] = true,
                    b'I' => special[2] = true,
                    _ => {
                        self.usage_error(
                            "compopt",
                            format!("compopt: -{}: invalid option", c as char),
                        );
                        return Ok(2);
                    }
                },
            }
        }
        // Of -D, -E and -I only the first in that order counts, as in bash.
        let names: Vec<Vec<u8>> = match special.iter().position(|&on| on) {
            Some(i) => vec![[DEFAULT_CMD, EMPTY_CMD, INITIAL_WORD][i].to_vec()],
            None => args[g.i..].to_vec(),
        };
        if names.is_empty() {
            self.error_msg(b"compopt: not currently executing completion function");
            return Ok(1);
        }
        let mut status = 0;
        for n in names {
            self.sys.charge(crate::limits::cost::LINE)?;
            let shown = shown_name(&n);
            let Some(spec) = self.completions.get_mut(&n) else {
                self.error_msg(
                    format!("compopt: {}: no completion specification", lossy(&n)).as_bytes(),
                );
                status = 1;
                continue;
            };
            if on == 0 && off == 0 {
                let mut line = b"compopt".to_vec();
                for (i, o) in OPTIONS.iter().enumerate() {
                    let sign = if spec.options & (1 << i) != 0 {
                        "-o"
                    } else {
                        "+o"
                    };
                    line.extend_from_slice(format!(" {sign} {o}").as_bytes());
                }
                line.push(b' ');
                line.extend_from_slice(&shown);
                self.out_line(&line).await?;
            } else {
                spec.options = (spec.options | on) & !off;
            }
        }
        Ok(status)
    }

    /// `compgen [OPTIONS] [WORD]`: prints the matches a spec made of OPTIONS generates for WORD.
    pub(in crate::shell) async fn builtin_compgen(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let p = match self.parse_comp_opts(args, Who::Compgen) {
            Ok(p) => p,
            Err(s) => return Ok(s),
        };
        if !p.any {
            // bash: with no option at all there is nothing to generate, and that succeeds.
            return Ok(0);
        }
        let word = args.get(p.rest).cloned().unwrap_or_default();
        for (what, given) in [
            ("-F", p.spec.funcname.is_some()),
            ("-C", p.spec.command.is_some()),
        ] {
            if given {
                // bash warns: outside completion there is no command line for them to see.
                self.error_msg(
                    format!("compgen: warning: {what} option may not work as you expect")
                        .as_bytes(),
                );
            }
        }
        let matches = self.gen_completions(&p.spec, &word).await?;
        if matches.is_empty() {
            return Ok(1);
        }
        for m in matches {
            self.out_line(&m).await?;
        }
        Ok(0)
    }
}

/// bash accepts as `-F` any word that could name a function (not only identifiers).
fn valid_function_name(f: &[u8]) -> bool {
    !f.is_empty()
        && !f.iter().any(|&b| {
            crate::shell::parser::is_meta(b)
                || b == b'$'
                || b == b'`'
                || b == b'\''
                || b == b'"'
                || b == b'\\'
        })
}

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// How a spec's name ends a `complete -p` line: `-D`/`-E`/`-I` for the special specs, else
/// the name, quoted when it needs to be.
fn shown_name(n: &[u8]) -> Vec<u8> {
    match n {
        DEFAULT_CMD => b"-D".to_vec(),
        EMPTY_CMD => b"-E".to_vec(),
        INITIAL_WORD => b"-I".to_vec(),
        _ if needs_quoting(n) => single_quote(n),
        _ => n.to_vec(),
    }
}

fn needs_quoting(n: &[u8]) -> bool {
    n.is_empty()
        || n.iter().any(|&b| {
            matches!(
                b,
                b' ' | b'\t'
                    | b'\n'
                    | b'\''
                    | b'"'
                    | b'\\'
                    | b'|'
                    | b'&'
                    | b';'
                    | b'('
                    | b')'
                    | b'<'
                    | b'>'
                    | b'!'
                    | b'{'
                    | b'}'
                    | b'*'
                    | b'['
                    | b'?'
                    | b']'
                    | b'^'
                    | b'$'
                    | b'`'
                    | b'#'
                    | b'~'
                    | b'='
                    | b'%'
            )
        })
}

/// One `complete -p` line, in bash's order: options, letter actions, `-A` actions, the
/// quoted arguments, `-C`, `-F`, then the name.
fn spec_line(name: &[u8], s: &CompSpec) -> Vec<u8> {
    let mut l = b"complete".to_vec();
    for (i, o) in OPTIONS.iter().enumerate() {
        if s.options & (1 << i) != 0 {
            l.extend_from_slice(format!(" -o {o}").as_bytes());
        }
    }
    for (c, act) in LETTERS {
        if has_action(s.actions, act) {
            l.extend_from_slice(&[b' ', b'-', *c]);
        }
    }
    for act in LONG_ONLY {
        if has_action(s.actions, act) {
            l.extend_from_slice(format!(" -A {act}").as_bytes());
        }
    }
    for (flag, v) in [
        ("-G", &s.globpat),
        ("-W", &s.words),
        ("-P", &s.prefix),
        ("-S", &s.suffix),
        ("-X", &s.filterpat),
        ("-C", &s.command),
    ] {
        if let Some(v) = v {
            l.extend_from_slice(format!(" {flag} ").as_bytes());
            l.extend_from_slice(&single_quote(v));
        }
    }
    if let Some(f) = &s.funcname {
        l.extend_from_slice(b" -F ");
        l.extend_from_slice(f);
    }
    l.push(b' ');
    l.extend_from_slice(&shown_name(name));
    l
}

#[cfg(test)]
mod tests;
