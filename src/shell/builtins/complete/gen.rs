//! Generating matches from a spec, in the order bash's completion engine does: the actions
//! (in flag order), `-G`, `-W`, `-F`, `-C`; then `-X` filters, `-P`/`-S` decorate, and the
//! `dirnames`, `plusdirs` and `default` options add directories or files.

use super::{has_action, has_option, tables, CompSpec, ACTIONS};
use crate::limits::cost;
use crate::shell::pattern::{MatchOptions, Pattern};
use crate::shell::state::{Res, Shell};
use crate::shell::vars::{Value, Var, ATTR_ARRAY, ATTR_EXPORT};
use crate::vfs::{path, FileType};
use std::rc::Rc;

/// Which entries a filename walk keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    Files,
    Dirs,
    /// Executables and directories (`-c` with a `/` in the word).
    Commands,
}

impl Shell {
    pub(super) async fn gen_completions(
        &mut self,
        spec: &CompSpec,
        word: &[u8],
    ) -> Res<Vec<Vec<u8>>> {
        let mut out = Vec::new();
        for act in ACTIONS {
            if has_action(spec.actions, act) {
                self.gen_action(act, word, &mut out).await?;
            }
        }
        if let Some(g) = &spec.globpat {
            // Not filtered by the word: bash globs the pattern as it is.
            out.extend(self.glob_paths(g)?);
        }
        if let Some(w) = &spec.words {
            for m in self.expand_wordlist(w).await? {
                self.sys.charge(cost::LINE)?;
                if m.starts_with(word) {
                    out.push(m);
                }
            }
        }
        if let Some(f) = &spec.funcname {
            self.completion_function(f, word, &mut out).await?;
        }
        if let Some(c) = &spec.command {
            self.completion_command(c, word, &mut out).await?;
        }
        if let Some(x) = &spec.filterpat {
            out = self.filter_matches(out, x, word)?;
        }
        if spec.prefix.is_some() || spec.suffix.is_some() {
            let (p, s) = (
                spec.prefix.clone().unwrap_or_default(),
                spec.suffix.clone().unwrap_or_default(),
            );
            for m in out.iter_mut() {
                *m = [&p[..], &m[..], &s[..]].concat();
            }
        }
        if out.is_empty() && has_option(spec.options, "dirnames") {
            self.filenames(word, Want::Dirs, &mut out)?;
        }
        if has_option(spec.options, "plusdirs") {
            self.filenames(word, Want::Dirs, &mut out)?;
        }
        if out.is_empty() && has_option(spec.options, "default") {
            self.filenames(word, Want::Files, &mut out)?;
        }
        Ok(out)
    }

    async fn gen_action(&mut self, act: &str, word: &[u8], out: &mut Vec<Vec<u8>>) -> Res<()> {
        let cands: Vec<Vec<u8>> = match act {
            "alias" => self.aliases.keys().cloned().collect(),
            "arrayvar" => self.var_names(|v| v.is_array() || v.has(ATTR_ARRAY)),
            "binding" => strs(tables::BINDINGS),
            "builtin" => strs(tables::BUILTINS),
            "command" => return self.commands_matching(word, out),
            "directory" => return self.filenames(word, Want::Dirs, out),
            "disabled" => strs(tables::BUILTINS)
                .into_iter()
                .filter(|b| self.disabled_builtins.contains(b))
                .collect(),
            "enabled" => self.enabled_builtins(),
            "export" => self.var_names(|v| v.has(ATTR_EXPORT)),
            "file" => return self.filenames(word, Want::Files, out),
            "function" => self.funcs.keys().cloned().collect(),
            "group" => self.etc_names(b"/etc/group", b':'),
            "helptopic" => strs(tables::HELP_TOPICS),
            "hostname" => self.host_names(),
            "job" => self.job_names(false),
            "keyword" => strs(tables::KEYWORDS),
            "running" => self.job_names(true),
            "service" => self.etc_names(b"/etc/services", b' '),
            "setopt" => crate::shell::state::Options::set_option_names()
                .into_iter()
                .map(|s| s.as_bytes().to_vec())
                .collect(),
            "shopt" => strs(tables::SHOPT_ORDER),
            "signal" => strs(tables::SIGNALS),
            // Nothing is ever stopped: the simulator has no job control.
            "stopped" => Vec::new(),
            "user" => self.etc_names(b"/etc/passwd", b':'),
            _ => self.var_names(|_| true),
        };
        for c in cands {
            self.sys.charge(cost::LINE)?;
            if c.starts_with(word) {
                out.push(c);
            }
        }
        Ok(())
    }

    /// Names of set variables (bash skips declared-but-unset ones), sorted.
    fn var_names(&self, keep: impl Fn(&Var) -> bool) -> Vec<Vec<u8>> {
        self.vars
            .map
            .iter()
            .filter(|(_, v)| v.value.is_some() && keep(v))
            .map(|(k, _)| k.clone())
            .collect()
    }

    fn enabled_builtins(&self) -> Vec<Vec<u8>> {
        strs(tables::BUILTINS)
            .into_iter()
            .filter(|b| !self.disabled_builtins.contains(b))
            .collect()
    }

    /// The first field of each line of a modeled database file (`/etc/passwd`, ...), in
    /// file order; comments and blank lines skipped.
    fn etc_names(&self, file: &[u8], sep: u8) -> Vec<Vec<u8>> {
        let Ok(data) = self.sys.vfs.borrow().read_file(file) else {
            return Vec::new();
        };
        data.split(|&b| b == b'\n')
            .filter_map(|line| {
                let line = trim_start(line);
                if line.is_empty() || line[0] == b'#' {
                    return None;
                }
                let end = line
                    .iter()
                    .position(|&b| b == sep || b == b'\t' || b == b' ')
                    .unwrap_or(line.len());
                (end > 0).then(|| line[..end].to_vec())
            })
            .collect()
    }

    /// Host names from `$HOSTFILE` or `/etc/hosts`, read as bash does: a leading field that
    /// starts with a digit is the address and skipped, `#` ends a line, duplicates stay.
    fn host_names(&self) -> Vec<Vec<u8>> {
        let file = self
            .get_scalar(b"HOSTFILE")
            .filter(|f| !f.is_empty())
            .map(|f| path::join(&self.cwd, &f))
            .unwrap_or_else(|| b"/etc/hosts".to_vec());
        let Ok(data) = self.sys.vfs.borrow().read_file(&file) else {
            return Vec::new();
        };
        let ws = |b: u8| matches!(b, b' ' | b'\t' | b'\r' | b'\n');
        let mut out = Vec::new();
        for line in data.split(|&b| b == b'\n') {
            let mut i = line.iter().position(|&b| !ws(b)).unwrap_or(line.len());
            if i == line.len() || line[i] == b'#' {
                continue;
            }
            if line[i].is_ascii_digit() {
                while i < line.len() && !ws(line[i]) {
                    i += 1;
                }
            }
            loop {
                while i < line.len() && ws(line[i]) {
                    i += 1;
                }
                if i == line.len() || line[i] == b'#' {
                    break;
                }
                let start = i;
                while i < line.len() && !ws(line[i]) {
                    i += 1;
                }
                out.push(line[start..i].to_vec());
            }
        }
        out
    }

    /// Jobs by the first word of their command; `running` keeps those still running.
    fn job_names(&self, running: bool) -> Vec<Vec<u8>> {
        self.jobs
            .iter()
            .filter(|j| !running || self.sys.exit_status(j.pid).is_none())
            .map(|j| {
                let end = j
                    .command
                    .iter()
                    .position(|&b| b == b' ')
                    .unwrap_or(j.command.len());
                j.command[..end].to_vec()
            })
            .collect()
    }

    /// `-c`: aliases, keywords, functions, enabled builtins, then executables along PATH, in
    /// PATH order with duplicates kept, as bash lists them. A word with a `/` completes paths.
    fn commands_matching(&mut self, word: &[u8], out: &mut Vec<Vec<u8>>) -> Res<()> {
        if word.contains(&b'/') {
            return self.filenames(word, Want::Commands, out);
        }
        let mut cands: Vec<Vec<u8>> = self.aliases.keys().cloned().collect();
        cands.extend(strs(tables::KEYWORDS));
        cands.extend(self.funcs.keys().cloned());
        cands.extend(self.enabled_builtins());
        for c in cands {
            self.sys.charge(cost::LINE)?;
            if c.starts_with(word) {
                out.push(c);
            }
        }
        let path_var = self.get_scalar(b"PATH").unwrap_or_default();
        for dir in path_var.split(|&b| b == b':') {
            let dir = if dir.is_empty() { &b"."[..] } else { dir };
            let abs = path::normalize(&path::join(&self.cwd, dir));
            let mut names: Vec<Vec<u8>> = Vec::new();
            let entries = self.sys.vfs.borrow().read_dir(&abs).unwrap_or_default();
            for (name, _) in entries {
                self.sys.charge(cost::GLOB_PER_ENTRY)?;
                if !name.starts_with(word) {
                    continue;
                }
                let st = self.sys.vfs.borrow().stat(&path::join(&abs, &name));
                if st.is_ok_and(|s| s.file_type == FileType::File && s.mode & 0o111 != 0) {
                    names.push(name);
                }
            }
            // The registered commands live in the system directories (see exec::lookup),
            // though no file holds them.
            if crate::shell::exec::lookup::SYSTEM_DIRS.contains(&&abs[..]) {
                let mut reg: Vec<Vec<u8>> = self
                    .commands
                    .names()
                    .into_iter()
                    .map(String::into_bytes)
                    .chain(
                        crate::shell::exec::lookup::SHELL_NAMES
                            .iter()
                            .map(|s| s.to_vec()),
                    )
                    .collect();
                for n in reg.drain(..) {
                    self.sys.charge(cost::GLOB_PER_ENTRY)?;
                    if n.starts_with(word) {
                        names.push(n);
                    }
                }
                names.sort();
                names.dedup();
            }
            out.extend(names);
        }
        Ok(())
    }

    /// Readline's filename completion of `word`: the entries of the word's directory that
    /// start with its last component, shown with the directory part as typed. An empty
    /// component lists everything but `.` and `..`; the simulator lists in name order.
    fn filenames(&mut self, word: &[u8], want: Want, out: &mut Vec<Vec<u8>>) -> Res<()> {
        let (dir_part, base) = match word.iter().rposition(|&b| b == b'/') {
            Some(i) => (&word[..=i], &word[i + 1..]),
            None => (&b""[..], word),
        };
        let dir_abs = if dir_part.is_empty() {
            self.cwd.clone()
        } else {
            let d = if dir_part.starts_with(b"~") {
                let end = dir_part
                    .iter()
                    .position(|&b| b == b'/')
                    .unwrap_or(dir_part.len());
                let home = self.tilde_home(&dir_part[1..end]);
                match home {
                    Some(h) => [&h[..], &dir_part[end..]].concat(),
                    None => dir_part.to_vec(),
                }
            } else {
                dir_part.to_vec()
            };
            path::join(&self.cwd, &d)
        };
        let Ok(entries) = self.sys.vfs.borrow().read_dir(&dir_abs) else {
            return Ok(());
        };
        let mut names: Vec<Vec<u8>> = Vec::new();
        if !base.is_empty() {
            names.extend([b".".to_vec(), b"..".to_vec()]);
        }
        names.extend(entries.into_iter().map(|(n, _)| n));
        for name in names {
            self.sys.charge(cost::GLOB_PER_ENTRY)?;
            if !name.starts_with(base) {
                continue;
            }
            let st = self.sys.vfs.borrow().stat(&path::join(&dir_abs, &name));
            let keep = match want {
                Want::Files => true,
                Want::Dirs => st.is_ok_and(|s| s.file_type == FileType::Dir),
                Want::Commands => st.is_ok_and(|s| {
                    s.file_type == FileType::Dir
                        || (s.file_type == FileType::File && s.mode & 0o111 != 0)
                }),
            };
            if keep {
                out.push([dir_part, &name[..]].concat());
            }
        }
        Ok(())
    }

    /// `~user`'s home directory for filename completion.
    fn tilde_home(&self, user: &[u8]) -> Option<Vec<u8>> {
        if user.is_empty() {
            return self.get_scalar(b"HOME");
        }
        let data = self.sys.vfs.borrow().read_file(b"/etc/passwd").ok()?;
        data.split(|&b| b == b'\n').find_map(|l| {
            let f: Vec<&[u8]> = l.split(|&b| b == b':').collect();
            (f.len() >= 6 && f[0] == user).then(|| f[5].to_vec())
        })
    }

    /// `-W`: the list split on IFS (quotes keep delimiters), each word then expanded as
    /// bash does — tilde, parameters, substitutions, arithmetic, splitting, quote removal,
    /// but no pathname expansion.
    async fn expand_wordlist(&mut self, list: &[u8]) -> Res<Vec<Vec<u8>>> {
        let ifs = self.get_scalar(b"IFS").unwrap_or_else(|| b" \t\n".to_vec());
        let mut out = Vec::new();
        for w in split_at_delims(list, &ifs) {
            self.sys.charge(cost::EXPAND_WORD)?;
            let parsed = {
                let mut p = crate::shell::parser::Parser::new(&w, self.line);
                match p.read_word() {
                    Ok(word) if p.eof() => Some(word),
                    _ => None,
                }
            };
            let word = match parsed {
                Some(word) => word,
                None => match crate::shell::parser::parse_subscript(&w) {
                    Ok(word) => word,
                    Err(_) => {
                        out.push(w);
                        continue;
                    }
                },
            };
            out.extend(self.expand_no_glob(&word).await?);
        }
        Ok(out)
    }

    /// `-F FUNC`: runs FUNC as bash does outside completion (no command line: COMP_LINE
    /// empty, COMP_CWORD -1) and takes COMPREPLY's elements as they are.
    async fn completion_function(
        &mut self,
        f: &[u8],
        word: &[u8],
        out: &mut Vec<Vec<u8>>,
    ) -> Res<()> {
        let Some(def) = self.funcs.get(f).cloned() else {
            self.error_msg(
                format!(
                    "completion: function `{}' not found",
                    String::from_utf8_lossy(f)
                )
                .as_bytes(),
            );
            return Ok(());
        };
        let set = |sh: &mut Shell, n: &[u8], v: &[u8]| sh.vars.set_var(n, Var::scalar(v.to_vec()));
        set(self, b"COMP_LINE", b"");
        set(self, b"COMP_POINT", b"0");
        set(self, b"COMP_CWORD", b"-1");
        set(self, b"COMP_TYPE", b"0");
        set(self, b"COMP_KEY", b"0");
        self.vars.set_var(
            b"COMP_WORDS",
            Var {
                value: Some(Value::Indexed(Default::default())),
                attrs: ATTR_ARRAY,
            },
        );
        let argv = vec![f.to_vec(), b"compgen".to_vec(), word.to_vec(), Vec::new()];
        let r = self.call_function(Rc::clone(&def), argv).await;
        for n in [
            &b"COMP_LINE"[..],
            b"COMP_POINT",
            b"COMP_CWORD",
            b"COMP_WORDS",
        ] {
            self.vars.remove(n);
        }
        r?;
        if let Some(v) = self.vars.remove(b"COMPREPLY") {
            match v.value {
                Some(Value::Str(s)) => out.push(s),
                Some(Value::Indexed(m)) => out.extend(m.values().cloned()),
                Some(Value::Assoc(m)) => out.extend(m.values().cloned()),
                None => {}
            }
        }
        Ok(())
    }

    /// `-C CMD`: runs `CMD compgen WORD ''` and takes each output line as a match.
    async fn completion_command(
        &mut self,
        c: &[u8],
        word: &[u8],
        out: &mut Vec<Vec<u8>>,
    ) -> Res<()> {
        let mut src = c.to_vec();
        for a in [&b"compgen"[..], word, b""] {
            src.push(b' ');
            src.extend_from_slice(&super::single_quote(a));
        }
        let Ok(prog) = crate::shell::parser::parse(&src) else {
            return Ok(());
        };
        let prog = Rc::new(prog);
        let text = self.command_substitution(&prog).await?;
        for line in text.split(|&b| b == b'\n') {
            self.sys.charge(cost::LINE)?;
            if !line.is_empty() {
                out.push(line.to_vec());
            }
        }
        Ok(())
    }

    /// `-X PAT`: drops the matches PAT matches (`!PAT` keeps only those); `&` in PAT stands
    /// for the word and `\&` for a plain `&`.
    fn filter_matches(&self, list: Vec<Vec<u8>>, pat: &[u8], word: &[u8]) -> Res<Vec<Vec<u8>>> {
        let (negate, pat) = match pat.strip_prefix(b"!") {
            Some(p) => (true, p),
            None => (false, pat),
        };
        let mut p = Vec::new();
        let mut i = 0;
        while i < pat.len() {
            match pat[i] {
                b'\\' if pat.get(i + 1) == Some(&b'&') => {
                    p.push(b'&');
                    i += 1;
                }
                b'&' => p.extend_from_slice(word),
                b => p.push(b),
            }
            i += 1;
        }
        let compiled = Pattern::compile(
            &p,
            MatchOptions {
                extglob: self.opts.extglob,
                nocase: self.opts.nocasematch,
                utf8: true,
                pathname: false,
                dotglob: true,
            },
        );
        let mut kept = Vec::new();
        for m in list {
            self.sys.charge(cost::LINE)?;
            if compiled.matches(&m) == negate {
                kept.push(m);
            }
        }
        Ok(kept)
    }
}

fn strs(list: &[&str]) -> Vec<Vec<u8>> {
    list.iter().map(|s| s.as_bytes().to_vec()).collect()
}

fn trim_start(s: &[u8]) -> &[u8] {
    let i = s
        .iter()
        .position(|&b| b != b' ' && b != b'\t')
        .unwrap_or(s.len());
    &s[i..]
}

/// bash's `split_at_delims` for `-W`: splits at IFS characters outside quotes; a backslash
/// keeps the next character. Quotes stay in the words (expansion removes them).
pub(super) fn split_at_delims(s: &[u8], ifs: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut cur = Vec::new();
    let mut quote: Option<u8> = None;
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        match quote {
            Some(q) => {
                cur.push(b);
                if b == b'\\' && q == b'"' && i + 1 < s.len() {
                    cur.push(s[i + 1]);
                    i += 1;
                } else if b == q {
                    quote = None;
                }
            }
            None if b == b'`' || (b == b'$' && matches!(s.get(i + 1), Some(b'(' | b'{'))) => {
                // A substitution is one piece, whatever delimiters it holds.
                let end = substitution_end(s, i);
                cur.extend_from_slice(&s[i..end]);
                i = end;
                continue;
            }
            None => {
                if b == b'\\' && i + 1 < s.len() {
                    cur.extend_from_slice(&s[i..i + 2]);
                    i += 1;
                } else if b == b'\'' || b == b'"' {
                    quote = Some(b);
                    cur.push(b);
                } else if ifs.contains(&b) {
                    if !cur.is_empty() {
                        out.push(std::mem::take(&mut cur));
                    }
                } else {
                    cur.push(b);
                }
            }
        }
        i += 1;
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Where the `$(...)`, `${...}` or backquoted text starting at `i` ends (exclusive): nested
/// brackets and quotes inside are skipped; an unclosed one runs to the end.
fn substitution_end(s: &[u8], i: usize) -> usize {
    if s[i] == b'`' {
        let mut j = i + 1;
        while j < s.len() {
            match s[j] {
                b'\\' => j += 1,
                b'`' => return j + 1,
                _ => {}
            }
            j += 1;
        }
        return s.len();
    }
    let (open, close) = if s[i + 1] == b'(' {
        (b'(', b')')
    } else {
        (b'{', b'}')
    };
    let mut depth = 0usize;
    let mut j = i + 1;
    let mut quote: Option<u8> = None;
    while j < s.len() {
        let b = s[j];
        match quote {
            Some(q) => {
                if b == b'\\' && q == b'"' {
                    j += 1;
                } else if b == q {
                    quote = None;
                }
            }
            None => match b {
                b'\\' => j += 1,
                b'\'' | b'"' => quote = Some(b),
                _ if b == open => depth += 1,
                _ if b == close => {
                    depth -= 1;
                    if depth == 0 {
                        return j + 1;
                    }
                }
                _ => {}
            },
        }
        j += 1;
    }
    s.len()
}
