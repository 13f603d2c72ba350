//! echo, printf, pwd, cd, read.

use super::getopt::OptScan;
use crate::shell::printf::{self, Dialect, PrintfHost};
use crate::shell::state::{Flow, Res, Shell};
use crate::vfs::{path, FileType};

struct Host<'a> {
    sh: &'a Shell,
}

impl PrintfHost for Host<'_> {
    fn now(&mut self) -> i64 {
        self.sh.sys.clock.borrow().wall_secs()
    }
    fn shell_start(&mut self) -> i64 {
        self.sh.start_secs
    }
    fn allow_growth(&mut self, bytes: usize) -> bool {
        self.sh.sys.meter.memory_would_fit(bytes as u64)
            && self.sh.sys.charge(1 + bytes as u64 / 256).is_ok()
    }
}

impl Shell {
    pub(super) async fn builtin_echo(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let mut newline = true;
        // `shopt -s xpg_echo`: escapes are on by default; in POSIX mode echo then takes no
        // options at all.
        let xpg = self.opts.get("xpg_echo") == Some(true);
        let mut escapes = xpg;
        let mut i = 0;
        while i < args.len() && !(xpg && self.opts.posix) {
            let a = &args[i];
            if a.len() > 1 && a[0] == b'-' && a[1..].iter().all(|c| matches!(c, b'n' | b'e' | b'E'))
            {
                for &c in &a[1..] {
                    match c {
                        b'n' => newline = false,
                        b'e' => escapes = true,
                        _ => escapes = false,
                    }
                }
                i += 1;
            } else {
                break;
            }
        }
        let mut out = Vec::new();
        let utf8 = self.utf8_locale();
        for (j, a) in args[i..].iter().enumerate() {
            if j > 0 {
                out.push(b' ');
            }
            if escapes {
                let (t, stop) = printf::echo_escapes(a, utf8);
                out.extend_from_slice(&t);
                if stop {
                    self.out(&out).await?;
                    return Ok(0);
                }
            } else {
                out.extend_from_slice(a);
            }
        }
        if newline {
            out.push(b'\n');
        }
        self.out(&out).await?;
        Ok(0)
    }

    pub(super) async fn builtin_printf(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        const USAGE: &[u8] = b"printf: usage: printf [-v var] format [arguments]\n";
        let mut var = None;
        let mut scan = OptScan::new(args, b"v:");
        while let Some(opt) = scan.next() {
            match opt {
                Ok((_, v)) => var = v,
                Err(e) => {
                    self.error_msg(e.message("printf").as_bytes());
                    self.write_err_now(USAGE);
                    return Ok(2);
                }
            }
        }
        let Some((fmt, fmt_args)) = scan.rest().split_first() else {
            self.write_err_now(USAGE);
            return Ok(2);
        };
        let outcome = {
            let mut host = Host { sh: self };
            let options = printf::PrintfOptions {
                dialect: Dialect::BashBuiltin,
                utf8_locale: host.sh.utf8_locale(),
            };
            printf::printf_with_options(options, fmt, fmt_args, &mut host)
        };
        for d in &outcome.diagnostics {
            self.error_msg(d);
        }
        self.sys.charge(1 + outcome.output.len() as u64 / 256)?;
        match var {
            Some(v) => match v.iter().position(|&b| b == b'[') {
                Some(open) if v.ends_with(b"]") => {
                    let key = self.eval_subscript_text(&v[open + 1..v.len() - 1]).await?;
                    self.assign_element(&v[..open], &key, outcome.output, false)?
                }
                _ if !crate::shell::parser::is_valid_name(&v) => {
                    self.error_msg(
                        format!(
                            "printf: `{}': not a valid identifier",
                            String::from_utf8_lossy(&v)
                        )
                        .as_bytes(),
                    );
                    return Ok(2);
                }
                _ => self.set_scalar(&v, outcome.output)?,
            },
            None => self.out(&outcome.output).await?,
        }
        Ok(outcome.status)
    }

    pub(super) async fn builtin_pwd(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        // `set -P` makes -P the default; the last of -L/-P given wins.
        let mut physical = self.opts.get("physical") == Some(true);
        for a in args {
            match &a[..] {
                b"-P" => physical = true,
                b"-L" => physical = false,
                _ => {}
            }
        }
        let p = if physical {
            self.sys
                .vfs
                .borrow()
                .canonicalize(&self.cwd)
                .unwrap_or_else(|_| self.cwd.clone())
        } else {
            self.cwd.clone()
        };
        self.out_line(&p).await?;
        Ok(0)
    }

    pub(super) async fn builtin_cd(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let mut physical = self.opts.get("physical") == Some(true);
        let mut rest = args;
        while let Some(a) = rest.first() {
            match &a[..] {
                b"-P" => physical = true,
                b"-L" => physical = false,
                b"--" => {
                    rest = &rest[1..];
                    break;
                }
                _ => break,
            }
            rest = &rest[1..];
        }
        if rest.len() > 1 {
            self.error_msg(b"cd: too many arguments");
            return Ok(1);
        }
        let mut print = false;
        let target = match rest.first() {
            None => match self.get_scalar(b"HOME") {
                Some(h) => h,
                None => {
                    self.error_msg(b"cd: HOME not set");
                    return Ok(1);
                }
            },
            Some(t) if t == b"-" => match self.get_scalar(b"OLDPWD") {
                Some(o) => {
                    print = true;
                    o
                }
                None => {
                    self.error_msg(b"cd: OLDPWD not set");
                    return Ok(1);
                }
            },
            Some(t) => t.clone(),
        };
        // CDPATH applies to relative names that do not start with `.`.
        let mut candidates: Vec<(Vec<u8>, bool)> = Vec::new();
        if !target.starts_with(b"/") && !target.starts_with(b".") {
            if let Some(cdpath) = self.get_scalar(b"CDPATH") {
                for dir in cdpath.split(|&b| b == b':').filter(|d| !d.is_empty()) {
                    candidates.push((path::join(&path::join(&self.cwd, dir), &target), true));
                }
            }
        }
        candidates.push((path::join(&self.cwd, &target), false));
        let mut chosen = None;
        let mut last_err = None;
        for (joined, via_cdpath) in candidates {
            // `..` is taken logically, but what it leaves must exist physically first
            // (`cd missing/..` fails like in bash).
            let physical_ok = self.sys.vfs.borrow().stat(&joined);
            let new = if physical {
                self.sys
                    .vfs
                    .borrow()
                    .canonicalize(&joined)
                    .unwrap_or_else(|_| path::normalize(&joined))
            } else {
                path::normalize(&joined)
            };
            let st = self.sys.vfs.borrow().stat(&new);
            match (physical_ok, st) {
                (Ok(_), Ok(s)) if s.file_type == FileType::Dir => {
                    chosen = Some((new, via_cdpath));
                    break;
                }
                (Ok(_), Ok(_)) => last_err = Some("Not a directory"),
                (Err(e), _) | (_, Err(e)) => last_err = Some(e.message()),
            }
        }
        let Some((new, via_cdpath)) = chosen else {
            self.error_msg(
                format!(
                    "cd: {}: {}",
                    String::from_utf8_lossy(&target),
                    last_err.unwrap_or("No such file or directory")
                )
                .as_bytes(),
            );
            return Ok(1);
        };
        let print = print || via_cdpath;
        let old = std::mem::replace(&mut self.cwd, new.clone());
        self.set_scalar(b"OLDPWD", old)?;
        self.set_scalar(b"PWD", new.clone())?;
        for n in [&b"OLDPWD"[..], b"PWD"] {
            if let Some(v) = self.vars.get_mut(n) {
                v.attrs |= crate::shell::vars::ATTR_EXPORT;
            }
        }
        self.sys.with_proc(self.pid, |p| p.cwd = new.clone());
        if print {
            self.out_line(&new).await?;
        }
        Ok(0)
    }

    pub(crate) async fn builtin_read(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let mut raw = false;
        let mut array: Option<Vec<u8>> = None;
        let mut delim = b'\n';
        let mut nchars: Option<usize> = None;
        let mut exact = false;
        let mut timeout: Option<Vec<u8>> = None;
        let mut prompt: Option<Vec<u8>> = None;
        let mut fd = 0u32;
        let mut names = Vec::new();
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            if a.first() == Some(&b'-') && a.len() > 1 && names.is_empty() {
                let mut j = 1;
                while j < a.len() {
                    let c = a[j];
                    let take_arg = |i: &mut usize, j: usize| -> Option<Vec<u8>> {
                        if j + 1 < a.len() {
                            Some(a[j + 1..].to_vec())
                        } else {
                            *i += 1;
                            args.get(*i).cloned()
                        }
                    };
                    match c {
                        b'r' => raw = true,
                        b's' => {}
                        b'a' | b'd' | b'n' | b'N' | b'p' | b't' | b'u' => {
                            let Some(v) = take_arg(&mut i, j) else {
                                self.error_msg(
                                    format!("read: -{}: option requires an argument", c as char)
                                        .as_bytes(),
                                );
                                return Ok(2);
                            };
                            match c {
                                b'a' => array = Some(v),
                                b'd' => delim = v.first().copied().unwrap_or(0),
                                b'n' | b'N' => {
                                    nchars = String::from_utf8_lossy(&v).parse().ok();
                                    exact = c == b'N';
                                }
                                b't' => timeout = Some(v),
                                b'p' => prompt = Some(v),
                                b'u' => fd = String::from_utf8_lossy(&v).parse().unwrap_or(0),
                                _ => {}
                            }
                            j = a.len();
                            continue;
                        }
                        _ => {
                            self.error_msg(
                                format!("read: -{}: invalid option", c as char).as_bytes(),
                            );
                            return Ok(2);
                        }
                    }
                    j += 1;
                }
            } else {
                names.push(a.clone());
            }
            i += 1;
        }
        let _ = prompt;
        let Some(file) = self.sys.fd(self.pid, fd) else {
            self.error_msg(
                format!("read: {fd}: invalid file descriptor: Bad file descriptor").as_bytes(),
            );
            return Ok(1);
        };
        // `-t`: a deadline on the virtual clock for the whole read.
        let deadline = match &timeout {
            None => None,
            Some(t) => match parse_timeout_ns(t) {
                None => {
                    let t = String::from_utf8_lossy(t).into_owned();
                    self.error_msg(format!("read: {t}: invalid timeout specification").as_bytes());
                    return Ok(1);
                }
                // `read -t 0` only asks whether input is waiting; it reads nothing.
                Some(0) => return Ok(if self.sys.input_ready(&file) { 0 } else { 1 }),
                Some(ns) => Some(self.sys.clock.borrow().monotonic_ns().saturating_add(ns)),
            },
        };
        // Read one byte at a time so the rest of the input stays for the next reader.
        // `-n`/`-N` count characters after backslash processing; `-N` ignores the delimiter.
        let mut line = Vec::new();
        let mut count = 0usize;
        let mut eof = false;
        let mut timed_out = false;
        loop {
            if let Some(n) = nchars {
                if count >= n {
                    break;
                }
            }
            let b = match self.read_byte(&file, deadline).await {
                Ok(Some(b)) => b,
                Ok(None) => {
                    timed_out = true;
                    break;
                }
                Err(crate::process::IoError::Interrupted(i)) => return Err(Flow::Int(i)),
                Err(e) => {
                    self.error_msg(format!("read: read error: {}", e.message()).as_bytes());
                    return Ok(1);
                }
            };
            if b.is_empty() {
                eof = true;
                break;
            }
            let c = b[0];
            if c == delim && !exact {
                break;
            }
            if c == 0 {
                // Shell variables cannot hold NUL bytes; bash skips them.
                continue;
            }
            if c == b'\\' && !raw {
                let n = match self.read_byte(&file, deadline).await {
                    Ok(Some(n)) => n,
                    Ok(None) => {
                        timed_out = true;
                        break;
                    }
                    Err(_) => Vec::new(),
                };
                match n.first() {
                    Some(b'\n') if !exact => continue,
                    Some(&x) => {
                        line.push(b'\\');
                        line.push(x);
                        count += 1;
                        continue;
                    }
                    None => {
                        eof = true;
                        break;
                    }
                }
            }
            line.push(c);
            count += 1;
        }
        if exact {
            // `read -N`: no field splitting; the text goes to the first name.
            let v = if raw {
                line.clone()
            } else {
                unescape_read(&line)
            };
            let first = names.first().cloned().unwrap_or_else(|| b"REPLY".to_vec());
            self.set_scalar(&first, v)?;
            for n in names.iter().skip(1) {
                self.set_scalar(n, Vec::new())?;
            }
            return Ok(read_status(eof, timed_out));
        }
        let ifs = self.get_scalar(b"IFS").unwrap_or_else(|| b" \t\n".to_vec());
        let fields = split_for_read(
            &line,
            &ifs,
            if array.is_some() {
                usize::MAX
            } else {
                names.len().max(1)
            },
            raw,
        );
        if let Some(arr) = array {
            let mut m = imbl::OrdMap::new();
            for (k, f) in fields.into_iter().enumerate() {
                m.insert(k as i64, f);
            }
            self.set_value(&arr, crate::shell::vars::Value::Indexed(m))?;
        } else if names.is_empty() {
            let v = if raw {
                line.clone()
            } else {
                unescape_read(&line)
            };
            self.set_scalar(b"REPLY", v)?;
        } else {
            for (k, n) in names.iter().enumerate() {
                let v = fields.get(k).cloned().unwrap_or_default();
                self.set_scalar(n, v)?;
            }
        }
        Ok(read_status(eof, timed_out))
    }

    /// One byte for `read`, or `None` when the `-t` deadline passes first.
    async fn read_byte(
        &self,
        file: &std::rc::Rc<crate::process::OpenFile>,
        deadline: Option<u64>,
    ) -> Result<Option<Vec<u8>>, crate::process::IoError> {
        match deadline {
            None => self.sys.read(file, 1).await.map(Some),
            Some(d) => self.sys.read_until(self.pid, file, 1, d).await,
        }
    }
}

/// `read`'s status: 1 at end of file, 128 + SIGALRM when `-t` ran out (the partial input is
/// still assigned, as bash does), else 0.
fn read_status(eof: bool, timed_out: bool) -> i32 {
    if timed_out {
        128 + 14
    } else if eof {
        1
    } else {
        0
    }
}

/// A `read -t` timeout in nanoseconds: non-negative decimal seconds with an optional
/// fraction (`2`, `0.5`, `.25`); `None` when malformed.
fn parse_timeout_ns(t: &[u8]) -> Option<u64> {
    let (int, frac) = match t.iter().position(|&c| c == b'.') {
        Some(i) => (&t[..i], &t[i + 1..]),
        None => (t, &t[t.len()..]),
    };
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    if !int.iter().chain(frac).all(u8::is_ascii_digit) {
        return None;
    }
    let mut secs: u64 = 0;
    for &c in int {
        secs = secs.checked_mul(10)?.checked_add(u64::from(c - b'0'))?;
    }
    let mut ns: u64 = 0;
    for k in 0..9 {
        ns = ns * 10 + frac.get(k).map_or(0, |&c| u64::from(c - b'0'));
    }
    Some(secs.saturating_mul(1_000_000_000).saturating_add(ns))
}

fn unescape_read(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'\\' && i + 1 < s.len() {
            out.push(s[i + 1]);
            i += 2;
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    out
}

/// Splits a `read` line into at most `n` fields; the last takes the rest (trailing IFS
/// whitespace trimmed). Backslash-escaped characters never split (unless raw).
fn split_for_read(line: &[u8], ifs: &[u8], n: usize, raw: bool) -> Vec<Vec<u8>> {
    let is_ws = |c: u8| ifs.contains(&c) && matches!(c, b' ' | b'\t' | b'\n');
    let is_sep = |c: u8| ifs.contains(&c);
    // Mark escaped bytes.
    let mut bytes: Vec<(u8, bool)> = Vec::new();
    let mut i = 0;
    while i < line.len() {
        if !raw && line[i] == b'\\' && i + 1 < line.len() {
            bytes.push((line[i + 1], true));
            i += 2;
        } else {
            bytes.push((line[i], false));
            i += 1;
        }
    }
    let mut fields = Vec::new();
    let mut p = 0;
    while p < bytes.len() && !bytes[p].1 && is_ws(bytes[p].0) {
        p += 1;
    }
    while p < bytes.len() {
        if fields.len() + 1 == n {
            // Last field: the rest, minus trailing IFS whitespace.
            let mut end = bytes.len();
            while end > p && !bytes[end - 1].1 && is_ws(bytes[end - 1].0) {
                end -= 1;
            }
            fields.push(bytes[p..end].iter().map(|b| b.0).collect());
            return fields;
        }
        let start = p;
        while p < bytes.len() && (bytes[p].1 || !is_sep(bytes[p].0)) {
            p += 1;
        }
        fields.push(bytes[start..p].iter().map(|b| b.0).collect());
        // Skip one delimiter with surrounding whitespace.
        while p < bytes.len() && !bytes[p].1 && is_ws(bytes[p].0) {
            p += 1;
        }
        if p < bytes.len() && !bytes[p].1 && is_sep(bytes[p].0) && !is_ws(bytes[p].0) {
            p += 1;
            while p < bytes.len() && !bytes[p].1 && is_ws(bytes[p].0) {
                p += 1;
            }
        }
    }
    fields
}
