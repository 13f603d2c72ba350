//! `history` and `fc` as a non-interactive bash has them. History recording is off in a
//! script unless it says `set -o history`; then each command line the script reader takes is
//! added (see `Shell::record_history_line`). `history -s` adds entries either way.

use crate::shell::state::{Res, Shell};
use crate::vfs::{path, WriteMode};

const HISTORY_USAGE: &[u8] = b"history: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]";
const FC_USAGE: &[u8] =
    b"fc: usage: fc [-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]";

impl Shell {
    /// Adds one entry, reserving its memory (a loop of `history -s` cannot grow unmetered).
    fn history_push(&mut self, line: Vec<u8>) -> Res<()> {
        let cost = line.len() as u64 + crate::limits::cost::LINE_OVERHEAD;
        self.mem_held.0.grow(cost)?;
        self.history.push_back(line);
        Ok(())
    }

    /// The script reader's hook: with `set -o history` on, a command line as bash's `cmdhist`
    /// stores it (the lines of a multi-line command joined into one entry).
    pub(crate) fn record_history_line(&mut self, text: &[u8]) -> Res<()> {
        if self.opts.get("history") != Some(true) {
            return Ok(());
        }
        let joined = join_command_lines(text);
        if joined.iter().all(|b| b.is_ascii_whitespace()) {
            return Ok(());
        }
        self.history_push(joined)
    }

    fn history_on(&self) -> bool {
        self.opts.get("history") == Some(true)
    }

    /// `~/.history` is where a non-interactive bash without `HISTFILE` reads and writes.
    fn history_file(&self, arg: Option<&Vec<u8>>) -> Vec<u8> {
        let name = match arg {
            Some(a) => a.clone(),
            None => match self.get_scalar(b"HISTFILE").filter(|f| !f.is_empty()) {
                Some(f) => f,
                None => {
                    let home = self.get_scalar(b"HOME").unwrap_or_default();
                    [&home[..], b"/.history"].concat()
                }
            },
        };
        path::join(&self.cwd, &name)
    }

    pub(super) async fn builtin_history(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let mut i = 0;
        let mut flags = Vec::new();
        let mut delete = None;
        while i < args.len() {
            let a = &args[i];
            if a == b"--" {
                i += 1;
                break;
            }
            if a.len() < 2 || a[0] != b'-' {
                break;
            }
            // `-5` is not an option bash knows (only `+5` passes as a count).
            for &c in &a[1..] {
                match c {
                    b'c' | b'a' | b'n' | b'r' | b'w' | b'p' | b's' => flags.push(c),
                    b'd' => {
                        i += 1;
                        match args.get(i) {
                            Some(v) => delete = Some(v.clone()),
                            None => {
                                self.error_msg(b"history: -d: option requires an argument");
                                self.write_err_now(&[HISTORY_USAGE, b"\n"].concat());
                                return Ok(2);
                            }
                        }
                    }
                    _ => {
                        self.error_msg(
                            format!("history: -{}: invalid option", c as char).as_bytes(),
                        );
                        self.write_err_now(&[HISTORY_USAGE, b"\n"].concat());
                        return Ok(2);
                    }
                }
            }
            i += 1;
        }
        let rest = &args[i..];
        let has = |c: u8| flags.contains(&c);
        let file_ops = [b'a', b'n', b'r', b'w'].iter().filter(|&&c| has(c)).count();
        if file_ops > 1 {
            self.error_msg(b"history: cannot use more than one of -anrw");
            return Ok(1);
        }
        if has(b'c') {
            self.history.clear();
            self.history_appended = 0;
        }
        if let Some(d) = delete {
            return Ok(self.history_delete(&d));
        }
        if has(b's') {
            if rest.is_empty() {
                return Ok(0);
            }
            // The `history -s` line itself was recorded; bash replaces it with the arguments.
            if self.history_on() {
                self.history.pop_back();
            }
            self.history_push(rest.join(&b' '))?;
            return Ok(0);
        }
        if has(b'p') {
            let mut status = 0;
            for a in rest {
                match expand_history(a, &self.history) {
                    Some(out) => self.out_line(&out).await?,
                    None => {
                        self.error_msg(
                            format!(
                                "history: {}: history expansion failed",
                                String::from_utf8_lossy(a)
                            )
                            .as_bytes(),
                        );
                        status = 1;
                    }
                }
            }
            return Ok(status);
        }
        if file_ops == 1 {
            return self.history_file_op(&flags, rest.first()).await;
        }
        if has(b'c') {
            return Ok(0);
        }
        let count = match rest.first() {
            None => self.history.len(),
            Some(n) => match std::str::from_utf8(n)
                .ok()
                .and_then(|t| t.parse::<i64>().ok())
            {
                Some(v) if v >= 0 => v as usize,
                _ => {
                    self.error_msg(
                        format!(
                            "history: {}: numeric argument required",
                            String::from_utf8_lossy(n)
                        )
                        .as_bytes(),
                    );
                    return Ok(1);
                }
            },
        };
        if rest.len() > 1 {
            self.error_msg(b"history: too many arguments");
            return Ok(1);
        }
        let first = self.history.len().saturating_sub(count);
        let lines: Vec<(usize, Vec<u8>)> = self
            .history
            .iter()
            .enumerate()
            .skip(first)
            .map(|(n, l)| (n + 1, l.clone()))
            .collect();
        for (n, l) in lines {
            self.sys.charge(crate::limits::cost::LINE)?;
            let mut out = format!("{n:>5}  ").into_bytes();
            out.extend_from_slice(&l);
            self.out_line(&out).await?;
        }
        Ok(0)
    }

    /// `history -d N`, `-d -N` (from the end) and `-d A-B`.
    fn history_delete(&mut self, spec: &[u8]) -> i32 {
        let text = String::from_utf8_lossy(spec).into_owned();
        let len = self.history.len() as i64;
        let pos = |s: &str| -> Option<i64> {
            let v: i64 = s.parse().ok()?;
            let p = if v < 0 { len + v + 1 } else { v };
            (p >= 1 && p <= len).then_some(p)
        };
        let range = match text[1.min(text.len())..].find('-') {
            Some(k) if !text.is_empty() => {
                let (a, b) = text.split_at(k + 1);
                pos(a).zip(pos(&b[1..])).filter(|(x, y)| x <= y)
            }
            _ => pos(&text).map(|p| (p, p)),
        };
        let Some((a, b)) = range else {
            self.error_msg(format!("history: {text}: history position out of range").as_bytes());
            return 1;
        };
        for _ in a..=b {
            self.history.remove(a as usize - 1);
        }
        0
    }

    async fn history_file_op(&mut self, flags: &[u8], file: Option<&Vec<u8>>) -> Res<i32> {
        let path = self.history_file(file);
        if flags.contains(&b'r') || flags.contains(&b'n') {
            let data = self.sys.vfs.borrow().read_file(&path).map(|d| d.to_vec());
            let Ok(data) = data else {
                return Ok(1);
            };
            // -n reads only the lines added to the file since it was last read here.
            let skip = if flags.contains(&b'n') {
                self.history_file_lines
            } else {
                0
            };
            let lines: Vec<Vec<u8>> = data
                .split(|&b| b == b'\n')
                .filter(|l| !l.is_empty())
                .map(|l| l.to_vec())
                .collect();
            self.history_file_lines = lines.len();
            for l in lines.into_iter().skip(skip) {
                self.history_push(l)?;
            }
            // Lines read from a file are not new to this session: `-a` leaves them out.
            self.history_appended = self.history.len();
            return Ok(0);
        }
        let append = flags.contains(&b'a');
        let from = if append { self.history_appended } else { 0 };
        let mut data = Vec::new();
        for l in self.history.iter().skip(from) {
            data.extend_from_slice(l);
            data.push(b'\n');
        }
        self.sys
            .charge(crate::limits::cost::per_bytes(data.len(), 256, 1))?;
        let mode = if append {
            WriteMode::Append
        } else {
            WriteMode::Truncate
        };
        let r = self.sys.vfs.borrow_mut().write_file(&path, &data, mode);
        match r {
            Ok(()) => {
                self.history_appended = self.history.len();
                Ok(0)
            }
            Err(e) => {
                self.error_msg(
                    format!(
                        "history: {}: cannot create: {}",
                        String::from_utf8_lossy(&path),
                        e.message()
                    )
                    .as_bytes(),
                );
                Ok(1)
            }
        }
    }

    /// `fc -l` lists; editing and re-executing need an editor or an interactive history, which
    /// a script does not have: `fc -s` fails as bash does with nothing to run, and the editor
    /// forms are refused.
    pub(super) async fn builtin_fc(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let (mut list, mut numbers, mut reverse, mut reexec) = (false, true, false, false);
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            if a == b"--" {
                i += 1;
                break;
            }
            // `fc -2` names a history entry, not an option.
            if a.len() < 2 || a[0] != b'-' || a[1].is_ascii_digit() {
                break;
            }
            for &c in &a[1..] {
                match c {
                    b'l' => list = true,
                    b'n' => numbers = false,
                    b'r' => reverse = true,
                    b's' => reexec = true,
                    b'e' => {
                        self.error_msg(b"fc: -e: editing history is not supported in shellsim");
                        return Ok(2);
                    }
                    _ => {
                        self.error_msg(format!("fc: -{}: invalid option", c as char).as_bytes());
                        self.write_err_now(&[FC_USAGE, b"\n"].concat());
                        return Ok(2);
                    }
                }
            }
            i += 1;
        }
        let rest = &args[i..];
        // With recording on, the `fc` line itself is the newest entry; fc leaves it out.
        let mut len = self.history.len() as i64;
        if self.history_on() && len > 0 {
            len -= 1;
        }
        if reexec {
            if len == 0 {
                self.error_msg(b"fc: no command found");
                return Ok(1);
            }
            self.error_msg(b"fc: -s: re-executing history is not supported in shellsim");
            return Ok(2);
        }
        if !list {
            if len == 0 && rest.is_empty() {
                // bash has nothing to edit and succeeds.
                return Ok(0);
            }
            self.error_msg(b"fc: editing history is not supported in shellsim");
            return Ok(2);
        }
        if len == 0 {
            return Ok(0);
        }
        // bash's fc: 0 is the newest entry; a number past the newest lists from the oldest
        // when it is the first of the range and up to the newest when it is the last.
        let resolve = |shell: &Shell, s: &[u8], is_first: bool| -> Option<i64> {
            let t = std::str::from_utf8(s).ok()?;
            if let Ok(v) = t.parse::<i64>() {
                let p = match v {
                    0 => len,
                    v if v < 0 => len + v + 1,
                    v if v > len => {
                        if is_first {
                            1
                        } else {
                            len
                        }
                    }
                    v => v,
                };
                return Some(p.clamp(1, len));
            }
            (1..=len)
                .rev()
                .find(|&n| shell.history[n as usize - 1].starts_with(s))
        };
        let (first, last) = match rest {
            [] => ((len - 15).max(1), len),
            [f] => (resolve(self, f, true).unwrap_or(0), len),
            [f, l, ..] => (
                resolve(self, f, true).unwrap_or(0),
                resolve(self, l, false).unwrap_or(0),
            ),
        };
        if first == 0 || last == 0 {
            self.error_msg(b"fc: no command found");
            return Ok(1);
        }
        let (lo, hi) = (first.min(last), first.max(last));
        let mut order: Vec<i64> = (lo..=hi).collect();
        if reverse != (first > last) {
            order.reverse();
        }
        for n in order {
            self.sys.charge(crate::limits::cost::LINE)?;
            let mut out = if numbers {
                format!("{n}\t ").into_bytes()
            } else {
                b"\t ".to_vec()
            };
            out.extend_from_slice(&self.history[n as usize - 1]);
            self.out_line(&out).await?;
        }
        Ok(0)
    }
}

/// bash's `cmdhist` joining of a multi-line command: a newline inside quotes stays; one after
/// a word that must be followed by a command (`do`, `then`, `{`, `|`, ...) becomes a space;
/// any other becomes `; `. Blank lines are dropped.
fn join_command_lines(text: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::new();
    let (mut squote, mut dquote, mut escaped) = (false, false, false);
    for &b in text {
        if b == b'\n' && !squote && !dquote && !escaped {
            out.push(b'\n');
            continue;
        }
        match b {
            _ if escaped => escaped = false,
            b'\\' if !squote => escaped = true,
            b'\'' if !dquote => squote = !squote,
            b'"' if !squote => dquote = !dquote,
            _ => {}
        }
        // A quoted newline is kept as it is; mark it so the split below leaves it alone.
        out.push(if b == b'\n' { 0 } else { b });
    }
    let mut joined: Vec<u8> = Vec::new();
    for line in out.split(|&b| b == b'\n') {
        if line.iter().all(|b| b.is_ascii_whitespace()) {
            continue;
        }
        if !joined.is_empty() {
            let prev = joined.trim_ascii_end();
            let word_start = prev
                .iter()
                .rposition(|b| b.is_ascii_whitespace() || b"|&;(".contains(b))
                .map_or(0, |k| k + 1);
            let last_word = &prev[word_start..];
            let open = matches!(
                last_word,
                b"do" | b"then" | b"else" | b"elif" | b"in" | b"{" | b"!"
            ) || prev.ends_with(b"|")
                || prev.ends_with(b"&&")
                || prev.ends_with(b"(")
                || prev.ends_with(b";");
            joined.extend_from_slice(if open { b" " } else { b"; " });
        }
        joined.extend_from_slice(line);
    }
    joined
        .into_iter()
        .map(|b| if b == 0 { b'\n' } else { b })
        .collect()
}

/// The words of a history entry, split as bash's history tokenizer does (quotes kept).
fn history_words(line: &[u8]) -> Vec<&[u8]> {
    let mut words = Vec::new();
    let mut i = 0;
    while i < line.len() {
        while i < line.len() && line[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= line.len() {
            break;
        }
        let start = i;
        let mut quote = 0u8;
        while i < line.len() {
            let b = line[i];
            if quote != 0 {
                if b == quote {
                    quote = 0;
                } else if b == b'\\' && quote == b'"' {
                    i += 1;
                }
            } else if b == b'\'' || b == b'"' {
                quote = b;
            } else if b == b'\\' {
                i += 1;
            } else if b.is_ascii_whitespace() {
                break;
            }
            i += 1;
        }
        words.push(&line[start..i.min(line.len())]);
    }
    words
}

/// History expansion of one `history -p` argument: events (`!!`, `!N`, `!-N`, `!str`,
/// `!?str?`), word designators (`:N`, `:^`, `:$`, `:*`, `:N-M`, and `!$` `!^` `!*`) and a
/// leading `^old^new^`. `None` when an event or a word does not exist, or for the forms not
/// modeled (modifiers such as `:h` or `:s`), which bash reports the same way on failure.
fn expand_history(arg: &[u8], hist: &imbl::Vector<Vec<u8>>) -> Option<Vec<u8>> {
    let last = || hist.back().cloned();
    if arg.first() == Some(&b'^') {
        let parts: Vec<&[u8]> = arg[1..].splitn(3, |&b| b == b'^').collect();
        let (old, new) = (parts.first()?, parts.get(1).copied().unwrap_or(b""));
        let line = last()?;
        let k = line.windows(old.len().max(1)).position(|w| w == *old)?;
        let rest = parts.get(2).copied().unwrap_or(b"");
        return Some([&line[..k], new, &line[k + old.len()..], rest].concat());
    }
    let mut out = Vec::new();
    let mut i = 0;
    let mut squote = false;
    while i < arg.len() {
        let b = arg[i];
        if b == b'\'' {
            squote = !squote;
        }
        if b == b'\\' && i + 1 < arg.len() {
            out.extend_from_slice(&arg[i..i + 2]);
            i += 2;
            continue;
        }
        let next = arg.get(i + 1).copied();
        if b != b'!' || squote || matches!(next, None | Some(b' ' | b'\t' | b'\n' | b'\r' | b'=')) {
            out.push(b);
            i += 1;
            continue;
        }
        i += 1;
        // The event.
        let event: Vec<u8> = match arg[i] {
            b'!' => {
                i += 1;
                last()?
            }
            b'$' | b'^' | b'*' | b':' => last()?,
            b'-' | b'0'..=b'9' => {
                let start = i;
                i += 1;
                while i < arg.len() && arg[i].is_ascii_digit() {
                    i += 1;
                }
                let n: i64 = std::str::from_utf8(&arg[start..i]).ok()?.parse().ok()?;
                let idx = if n < 0 { hist.len() as i64 + n } else { n - 1 };
                hist.get(usize::try_from(idx).ok()?)?.clone()
            }
            b'?' => {
                i += 1;
                let start = i;
                while i < arg.len() && arg[i] != b'?' {
                    i += 1;
                }
                let needle = &arg[start..i];
                if i < arg.len() {
                    i += 1;
                }
                hist.iter()
                    .rev()
                    .find(|l| l.windows(needle.len().max(1)).any(|w| w == needle))?
                    .clone()
            }
            _ => {
                let start = i;
                while i < arg.len() && !arg[i].is_ascii_whitespace() && arg[i] != b':' {
                    i += 1;
                }
                let prefix = &arg[start..i];
                hist.iter().rev().find(|l| l.starts_with(prefix))?.clone()
            }
        };
        // The word designator.
        let words = history_words(&event);
        let sel = if i < arg.len() && matches!(arg[i], b'$' | b'^' | b'*') {
            let c = arg[i];
            i += 1;
            Some(vec![c])
        } else if i < arg.len() && arg[i] == b':' {
            i += 1;
            let start = i;
            while i < arg.len() && (arg[i].is_ascii_digit() || b"$^*-".contains(&arg[i])) {
                i += 1;
            }
            if (i < arg.len() && arg[i] == b':') || start == i {
                return None;
            }
            Some(arg[start..i].to_vec())
        } else {
            None
        };
        match sel {
            None => out.extend_from_slice(&event),
            Some(s) => out.extend_from_slice(&select_words(&words, &s)?),
        }
    }
    Some(out)
}

/// Words `sel` picks out of `words` (`N`, `^`, `$`, `*`, `N-M`, `N-`, `N*`).
fn select_words(words: &[&[u8]], sel: &[u8]) -> Option<Vec<u8>> {
    let last = words.len().checked_sub(1)?;
    let num = |t: &[u8]| -> Option<usize> {
        match t {
            b"^" => Some(1),
            b"$" => Some(last),
            _ => std::str::from_utf8(t).ok()?.parse().ok(),
        }
    };
    let (a, b) = match sel {
        b"*" => {
            return Some(words.get(1..).map(|w| w.join(&b' ')).unwrap_or_default());
        }
        s if s.ends_with(b"*") => (num(&s[..s.len() - 1])?, last),
        s if s.ends_with(b"-") && s.len() > 1 => (num(&s[..s.len() - 1])?, last.checked_sub(1)?),
        s => match s.iter().skip(1).position(|&c| c == b'-') {
            Some(k) => (num(&s[..k + 1])?, num(&s[k + 2..])?),
            None => {
                let n = num(s)?;
                (n, n)
            }
        },
    };
    if a > b || b > last {
        return None;
    }
    Some(words[a..=b].join(&b' '))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cmdhist_joins_lines_like_bash() {
        assert_eq!(
            join_command_lines(b"for i in 1; do\n  echo $i\ndone\n"),
            b"for i in 1; do   echo $i; done"
        );
        assert_eq!(
            join_command_lines(b"if true\nthen\n echo y\nfi\n"),
            b"if true; then  echo y; fi"
        );
        assert_eq!(join_command_lines(b"echo \"x\ny\"\n"), b"echo \"x\ny\"");
    }

    #[test]
    fn word_designators() {
        let words = history_words(b"a 'b c' d");
        assert_eq!(select_words(&words, b"1").unwrap(), b"'b c'");
        assert_eq!(select_words(&words, b"$").unwrap(), b"d");
        assert_eq!(select_words(&words, b"*").unwrap(), b"'b c' d");
        assert_eq!(select_words(&words, b"0-1").unwrap(), b"a 'b c'");
        assert!(select_words(&words, b"5").is_none());
    }

    #[test]
    fn events() {
        let h: imbl::Vector<Vec<u8>> = [b"ls -l".to_vec(), b"echo hi".to_vec()]
            .into_iter()
            .collect();
        assert_eq!(expand_history(b"!!", &h).unwrap(), b"echo hi");
        assert_eq!(expand_history(b"!l:1", &h).unwrap(), b"-l");
        assert_eq!(expand_history(b"!-2", &h).unwrap(), b"ls -l");
        assert!(expand_history(b"!9", &h).is_none());
        assert_eq!(expand_history(b"a != b", &h).unwrap(), b"a != b");
    }
}
