//! Shell builtins: commands that run inside the shell process because they read or change
//! its state. Builtins that are also standalone programs (`echo`, `printf`, `test`, `true`,
//! `false`, `pwd`, `kill`) also answer when run through `env`, `xargs` or `find -exec`.

pub(crate) mod complete;
mod enable;
mod getopt;
mod history;
mod io;
mod misc;
mod vars;

pub(crate) use vars::{assoc_key_quote, dq};

use super::state::{Flow, Res, Shell};
use crate::process::Interrupt;

/// Builtins bash has that shellsim does not model yet: they fail loudly.
pub(super) const UNIMPLEMENTED: &[&str] =
    &["bind", "disown", "fg", "bg", "help", "logout", "suspend"];

/// Names `type` reports as builtins.
pub const BUILTINS: &[&str] = &[
    ".",
    ":",
    "[",
    "break",
    "alias",
    "builtin",
    "caller",
    "cd",
    "command",
    "compgen",
    "complete",
    "compopt",
    "continue",
    "declare",
    "dirs",
    "echo",
    "enable",
    "eval",
    "exec",
    "exit",
    "export",
    "false",
    "fc",
    "getopts",
    "hash",
    "history",
    "jobs",
    "kill",
    "let",
    "local",
    "mapfile",
    "popd",
    "printf",
    "pushd",
    "pwd",
    "read",
    "readarray",
    "readonly",
    "return",
    "set",
    "shift",
    "shopt",
    "source",
    "test",
    "times",
    "trap",
    "true",
    "type",
    "typeset",
    "ulimit",
    "umask",
    "unalias",
    "unset",
    "wait",
];

impl Shell {
    /// Runs `argv` if it names a builtin; `None` otherwise.
    pub(crate) fn run_builtin<'a>(
        &'a mut self,
        argv: &'a [Vec<u8>],
    ) -> crate::shell::expand::BoxFut<'a, Option<Res<i32>>> {
        Box::pin(self.run_builtin_inner(argv))
    }

    async fn run_builtin_inner(&mut self, argv: &[Vec<u8>]) -> Option<Res<i32>> {
        let name = std::str::from_utf8(&argv[0]).ok()?;
        if self.disabled_builtins.contains(&argv[0]) {
            // `enable -n NAME`: lookup goes on to PATH.
            return None;
        }
        let args = &argv[1..];
        let r = match name {
            ":" | "true" => Ok(0),
            "false" => Ok(1),
            "echo" => self.builtin_echo(args).await,
            "printf" => self.builtin_printf(args).await,
            "pwd" => self.builtin_pwd(args).await,
            "cd" => self.builtin_cd(args).await,
            "test" => Ok(self.builtin_test(args, false)),
            "[" => Ok(self.builtin_test(args, true)),
            "exit" | "return" | "break" | "continue" | "shift" => {
                let args = match args.first() {
                    Some(a) if a == b"--" => &args[1..],
                    _ => args,
                };
                if args.len() > 1 {
                    // bash treats this like an expansion error: the rest of the line is dropped.
                    self.error_msg(format!("{name}: too many arguments").as_bytes());
                    Err(Flow::Abort(1))
                } else {
                    match name {
                        "exit" => self.builtin_exit(args),
                        "return" => self.builtin_return(args),
                        "shift" => self.builtin_shift(args),
                        _ => self.builtin_loop(name, args),
                    }
                }
            }
            "eval" => {
                let words = if args.first().map(|a| &a[..]) == Some(b"--") {
                    &args[1..]
                } else {
                    args
                };
                if let Some(opt) = words.first().filter(|a| a.len() > 1 && a[0] == b'-') {
                    self.error_msg(
                        format!("eval: {}: invalid option", String::from_utf8_lossy(opt))
                            .as_bytes(),
                    );
                    return Some(Ok(2));
                }
                let src = words.join(&b' ');
                self.run_source(&src, b"eval").await
            }
            "source" | "." => self.builtin_source(args).await,
            "export" => self.builtin_declare(args, "export").await,
            "readonly" => self.builtin_declare(args, "readonly").await,
            "declare" | "typeset" => self.builtin_declare(args, "declare").await,
            "local" => self.builtin_declare(args, "local").await,
            "unset" => self.builtin_unset(args).await,
            "set" => self.builtin_set(args).await,
            "shopt" => self.builtin_shopt(args).await,
            "let" => self.builtin_let(args),
            "read" => self.builtin_read(args).await,
            "trap" => self.builtin_trap(args).await,
            "wait" => self.builtin_wait(args).await,
            "type" => self.builtin_type(args).await,
            "kill" => self.builtin_kill(args).await,
            "getopts" => self.builtin_getopts(args).await,
            "mapfile" | "readarray" => self.builtin_mapfile(args).await,
            "pushd" | "popd" | "dirs" => self.builtin_dirs(name, args).await,
            "umask" => self.builtin_umask(args).await,
            "caller" => self.builtin_caller(args).await,
            "hash" => self.builtin_hash(args).await,
            "history" => self.builtin_history(args).await,
            "enable" => self.builtin_enable(args).await,
            "fc" => self.builtin_fc(args).await,
            "times" => self.builtin_times().await,
            "jobs" => self.builtin_jobs(args).await,
            "ulimit" => self.builtin_ulimit(args).await,
            "alias" => self.builtin_alias(args).await,
            "complete" => self.builtin_complete(args).await,
            "compgen" => self.builtin_compgen(args).await,
            "compopt" => self.builtin_compopt(args).await,
            "unalias" => self.builtin_unalias(args),
            "command" => return Some(self.builtin_command(args).await),
            "builtin" => {
                let args = if args.first().map(|a| &a[..]) == Some(b"--") {
                    &args[1..]
                } else {
                    args
                };
                if args.is_empty() {
                    return Some(Ok(0));
                }
                let inner = args.to_vec();
                return match self.run_builtin(&inner).await {
                    Some(r) => Some(r),
                    None => {
                        self.error_msg(
                            format!(
                                "builtin: {}: not a shell builtin",
                                String::from_utf8_lossy(&args[0])
                            )
                            .as_bytes(),
                        );
                        Some(Ok(1))
                    }
                };
            }
            "exec" => return Some(self.builtin_exec(args).await),
            n if UNIMPLEMENTED.contains(&n) => {
                self.error_msg(format!("{n}: builtin not implemented in shellsim").as_bytes());
                self.sys
                    .telemetry
                    .borrow_mut()
                    .note_unsupported(format!("builtin {n}"));
                Ok(2)
            }
            _ => return None,
        };
        Some(r)
    }

    /// The builtins that are also programs, for `env`/`xargs`/`find -exec`.
    pub(crate) async fn run_builtin_for_exec(&mut self, argv: &[Vec<u8>]) -> Option<Res<i32>> {
        if crate::shell::exec::lookup::EXEC_BUILTINS.contains(&&argv[0][..]) {
            self.run_builtin(argv).await
        } else {
            None
        }
    }

    fn builtin_exit(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let status = match args.first() {
            None => self.status,
            Some(a) => match String::from_utf8_lossy(a).trim().parse::<i64>() {
                Ok(n) => (n & 0xff) as i32,
                Err(_) => {
                    self.error_msg(
                        format!(
                            "exit: {}: numeric argument required",
                            String::from_utf8_lossy(a)
                        )
                        .as_bytes(),
                    );
                    2
                }
            },
        };
        Err(Flow::Exit(status))
    }

    fn builtin_return(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let status = match args.first() {
            None => self.status,
            Some(a) => match String::from_utf8_lossy(a).trim().parse::<i64>() {
                Ok(n) => (n & 0xff) as i32,
                Err(_) => {
                    self.error_msg(
                        format!(
                            "return: {}: numeric argument required",
                            String::from_utf8_lossy(a)
                        )
                        .as_bytes(),
                    );
                    2
                }
            },
        };
        if self.call_stack.is_empty() && self.depth == 0 {
            self.error_msg(b"return: can only `return' from a function or sourced script");
            return Ok(1);
        }
        Err(Flow::Return(status))
    }

    fn builtin_loop(&mut self, name: &str, args: &[Vec<u8>]) -> Res<i32> {
        let n = match args.first() {
            None => 1,
            Some(a) => match String::from_utf8_lossy(a).trim().parse::<i64>() {
                Ok(n) if n > 0 => n.min(u32::MAX as i64) as u32,
                Ok(_) => {
                    self.error_msg(
                        format!(
                            "{name}: {}: loop count out of range",
                            String::from_utf8_lossy(a)
                        )
                        .as_bytes(),
                    );
                    return Ok(1);
                }
                Err(_) => {
                    // A non-numeric count is fatal in bash.
                    self.error_msg(
                        format!(
                            "{name}: {}: numeric argument required",
                            String::from_utf8_lossy(a)
                        )
                        .as_bytes(),
                    );
                    return Err(Flow::Exit(128));
                }
            },
        };
        if self.loop_depth == 0 {
            return Ok(0);
        }
        let n = n.min(self.loop_depth);
        Err(if name == "break" {
            Flow::Break(n)
        } else {
            Flow::Continue(n)
        })
    }

    fn builtin_shift(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let n = match args.first() {
            None => 1,
            Some(a) => match String::from_utf8_lossy(a).parse::<usize>() {
                Ok(n) => n,
                Err(_) => {
                    self.error_msg(
                        format!(
                            "shift: {}: numeric argument required",
                            String::from_utf8_lossy(a)
                        )
                        .as_bytes(),
                    );
                    return Ok(1);
                }
            },
        };
        if n > self.positional.len() {
            return Ok(1);
        }
        self.positional.drain(..n);
        Ok(0)
    }

    fn builtin_test(&mut self, args: &[Vec<u8>], bracket: bool) -> i32 {
        let args = if bracket {
            match args.last() {
                Some(l) if l == b"]" => &args[..args.len() - 1],
                _ => {
                    self.error_msg(b"[: missing `]'");
                    return 2;
                }
            }
        } else {
            args
        };
        self.test_name = if bracket { "[" } else { "test" };
        let r = self.test_args(args);
        self.test_name = "test";
        match r {
            Ok(true) => 0,
            Ok(false) => 1,
            Err(()) => 2,
        }
    }

    async fn builtin_source(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let args = if args.first().map(|a| &a[..]) == Some(b"--") {
            &args[1..]
        } else {
            args
        };
        let Some(file) = args.first() else {
            self.error_msg(b"source: filename argument required");
            return Ok(2);
        };
        let path = if file.contains(&b'/') {
            Some(crate::vfs::path::join(&self.cwd, file))
        } else {
            self.find_in_path(file)
                .or_else(|| Some(crate::vfs::path::join(&self.cwd, file)))
        };
        let read = match path {
            Some(p) => self.read_through_process(&p).await?,
            None => Err(crate::process::IoError::Vfs(crate::vfs::VfsError::NotFound)),
        };
        let data = match read {
            Ok(d) => d,
            Err(crate::process::IoError::Vfs(crate::vfs::VfsError::IsDir)) => {
                let f = String::from_utf8_lossy(file);
                self.error_msg(format!("source: {f}: is a directory").as_bytes());
                return Ok(1);
            }
            Err(e) => {
                let f = String::from_utf8_lossy(file);
                self.error_msg(format!("{f}: {}", e.message()).as_bytes());
                return Ok(1);
            }
        };
        let saved_pos = if args.len() > 1 {
            Some(std::mem::replace(&mut self.positional, args[1..].to_vec()))
        } else {
            None
        };
        // A sourced file is a frame of its own for FUNCNAME / BASH_SOURCE / BASH_LINENO.
        let saved_source = std::mem::replace(&mut self.source_name, file.clone());
        self.call_stack.push(crate::shell::state::CallFrame {
            name: b"source".to_vec(),
            sourced: true,
            call_line: self.line,
            source: file.clone(),
        });
        let r = self.run_source(&data, b"source").await;
        self.call_stack.pop();
        // The RETURN trap runs when a sourced file finishes.
        if let Some(cmd) = self
            .traps
            .get(&-3)
            .cloned()
            .filter(|c| !c.is_empty() && !self.in_trap)
        {
            let saved = self.status;
            self.in_trap = true;
            let tr = self.run_source(&cmd, b"trap").await;
            self.in_trap = false;
            tr?;
            self.status = saved;
        }
        self.source_name = saved_source;
        if let Some(p) = saved_pos {
            self.positional = p;
        }
        match r {
            Err(Flow::Return(s)) => Ok(s),
            other => other,
        }
    }

    async fn builtin_command(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let mut i = 0;
        let (mut short, mut long, mut default_path) = (false, false, false);
        while i < args.len() && args[i].first() == Some(&b'-') && args[i].len() > 1 {
            if args[i] == b"--" {
                i += 1;
                break;
            }
            for &c in &args[i][1..] {
                match c {
                    b'v' => short = true,
                    b'V' => long = true,
                    b'p' => default_path = true,
                    _ => {
                        self.error_msg(
                            format!("command: -{}: invalid option", c as char).as_bytes(),
                        );
                        return Ok(2);
                    }
                }
            }
            i += 1;
        }
        let rest = &args[i..];
        if rest.is_empty() {
            return Ok(0);
        }
        if short || long {
            let mut status = 0;
            for n in rest {
                let described = if default_path {
                    self.describe_on_standard_path(n)
                } else {
                    self.describe_command(n)
                };
                match described {
                    Some((kind, text)) => {
                        status = 0;
                        let s = String::from_utf8_lossy(n).into_owned();
                        let line = if long {
                            match kind {
                                "alias" => [format!("{s} is aliased to `").as_bytes(), &text, b"'"]
                                    .concat(),
                                "keyword" => format!("{s} is a shell keyword").into_bytes(),
                                "function" => {
                                    let mut t = format!("{s} is a function\n").into_bytes();
                                    if let Some(def) = self.funcs.get(n) {
                                        t.extend_from_slice(&crate::shell::print::function_text(
                                            def,
                                        ));
                                    }
                                    t
                                }
                                "builtin" => format!("{s} is a shell builtin").into_bytes(),
                                _ => [format!("{s} is ").as_bytes(), &text].concat(),
                            }
                        } else if kind == "alias" {
                            [
                                b"alias ",
                                &n[..],
                                b"=",
                                &crate::shell::printf::shell_quote_single(&text)[..],
                            ]
                            .concat()
                        } else if kind == "file" {
                            text
                        } else {
                            n.clone()
                        };
                        self.out_line(&line).await?;
                    }
                    None => {
                        if long {
                            self.error_msg(
                                format!("command: {}: not found", String::from_utf8_lossy(n))
                                    .as_bytes(),
                            );
                        }
                        status = 1;
                    }
                }
            }
            return Ok(status);
        }
        let argv = rest.to_vec();
        if let Some(r) = self.run_builtin(&argv).await {
            return r;
        }
        if default_path {
            // `command -p`: the program is looked up on the standard PATH; the program's
            // environment keeps the user's PATH.
            let how = crate::shell::exec::ExecAs {
                standard_path: true,
                ..Default::default()
            };
            return self.run_external_as(argv, &Default::default(), &how).await;
        }
        self.run_external(argv, &Default::default()).await
    }

    /// Every way `name` could run, in the order bash tries them: (kind, text) where kind is
    /// alias, keyword, function, builtin or file (text: the alias value or the file path).
    pub(crate) fn describe_all(&self, name: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
        let s = String::from_utf8_lossy(name);
        let mut out = Vec::new();
        if self.opts.expand_aliases {
            if let Some(v) = self.aliases.get(name) {
                out.push(("alias", v.clone()));
            }
        }
        const KEYWORDS: &[&str] = &[
            "if", "then", "else", "elif", "fi", "case", "esac", "for", "while", "until", "do",
            "done", "in", "function", "select", "time", "{", "}", "!", "[[", "]]", "coproc",
        ];
        if KEYWORDS.contains(&&*s) {
            out.push(("keyword", name.to_vec()));
        }
        if self.funcs.contains_key(name) {
            out.push(("function", name.to_vec()));
        }
        if (BUILTINS.contains(&&*s) || UNIMPLEMENTED.contains(&&*s))
            && !self.disabled_builtins.contains(name)
        {
            out.push(("builtin", name.to_vec()));
        }
        for f in self.lookup_all(name) {
            out.push(("file", f.path().to_vec()));
        }
        out
    }

    /// The first of [`Shell::describe_all`].
    /// `command -pv`/`-pV`: what `name` is when files are looked up on the standard PATH.
    fn describe_on_standard_path(&mut self, name: &[u8]) -> Option<(&'static str, Vec<u8>)> {
        // Nothing runs between the swap and the restore, so no one sees the standard PATH.
        let saved = self.vars.get(b"PATH").cloned();
        self.vars.set_var(
            b"PATH",
            crate::shell::vars::Var::scalar(crate::shell::exec::lookup::STANDARD_PATH.to_vec()),
        );
        let r = self.describe_command(name);
        match saved {
            Some(v) => self.vars.set_var(b"PATH", v),
            None => {
                self.vars.remove(b"PATH");
            }
        }
        r
    }

    pub(crate) fn describe_command(&self, name: &[u8]) -> Option<(&'static str, Vec<u8>)> {
        self.describe_all(name).into_iter().next()
    }

    async fn builtin_type(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let (mut all, mut short, mut path_only, mut force_path, mut no_funcs) =
            (false, false, false, false, false);
        let mut names = Vec::new();
        for a in args {
            if a.first() == Some(&b'-') && a.len() > 1 && names.is_empty() {
                for &c in &a[1..] {
                    match c {
                        b'a' => all = true,
                        b't' => short = true,
                        b'p' => path_only = true,
                        b'P' => force_path = true,
                        b'f' => no_funcs = true,
                        _ => {
                            self.error_msg(
                                format!("type: -{}: invalid option", c as char).as_bytes(),
                            );
                            return Ok(2);
                        }
                    }
                }
            } else {
                names.push(a.clone());
            }
        }
        let mut status = 0;
        for n in names {
            let s = String::from_utf8_lossy(&n).into_owned();
            let mut found = self.describe_all(&n);
            if no_funcs {
                found.retain(|(k, _)| *k != "function");
            }
            if force_path {
                found.retain(|(k, _)| *k == "file");
            }
            if found.is_empty() {
                if !short && !path_only && !force_path {
                    self.error_msg(format!("type: {s}: not found").as_bytes());
                }
                status = 1;
                continue;
            }
            if !all {
                found.truncate(1);
            }
            for (kind, text) in found {
                let line = if short {
                    kind.as_bytes().to_vec()
                } else if path_only || force_path {
                    if kind != "file" {
                        continue;
                    }
                    text
                } else {
                    match kind {
                        "alias" => {
                            [format!("{s} is aliased to `").as_bytes(), &text, b"'"].concat()
                        }
                        "keyword" => format!("{s} is a shell keyword").into_bytes(),
                        "function" => {
                            let mut t = format!("{s} is a function").into_bytes();
                            if let Some(def) = self.funcs.get(&n) {
                                t.push(b'\n');
                                t.extend_from_slice(&crate::shell::print::function_text(def));
                            }
                            t
                        }
                        "builtin" => format!("{s} is a shell builtin").into_bytes(),
                        _ => [format!("{s} is ").as_bytes(), &text].concat(),
                    }
                };
                self.out_line(&line).await?;
            }
        }
        Ok(status)
    }

    async fn builtin_wait(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let mut any = false;
        let mut targets = Vec::new();
        for a in args {
            match &a[..] {
                b"-n" => any = true,
                b"-f" => {}
                _ => targets.push(a.clone()),
            }
        }
        if any {
            // `wait -n`: the next job to finish.
            let pids: Vec<u32> = self.jobs.iter().map(|j| j.pid).collect();
            if pids.is_empty() {
                return Ok(127);
            }
            let sys = self.sys.clone();
            let me = self.pid;
            let done = std::future::poll_fn(|_| {
                for &p in &pids {
                    if let Some(s) = sys.exit_status(p) {
                        return std::task::Poll::Ready(Some((p, s)));
                    }
                }
                if sys.has_caught_signal(me) {
                    return std::task::Poll::Ready(None);
                }
                std::task::Poll::Pending
            })
            .await;
            return match done {
                Some((p, s)) => {
                    self.sys.reap(p);
                    self.jobs.retain(|j| j.pid != p);
                    Ok(s)
                }
                None => Ok(128 + self.first_caught().unwrap_or(0)),
            };
        }
        if targets.is_empty() {
            let jobs = std::mem::take(&mut self.jobs);
            let mut last = 0;
            for j in jobs {
                match self.sys.wait_for(self.pid, j.pid, true).await {
                    Some(s) => {
                        last = s;
                        self.sys.reap(j.pid)
                    }
                    None => return Ok(128 + self.first_caught().unwrap_or(0)),
                }
            }
            let _ = last;
            if let Some(r) = self.sys.meter.stopped() {
                return Err(Flow::Int(Interrupt::Stop(r)));
            }
            return Ok(0);
        }
        let mut status = 0;
        for a in &targets {
            let t = String::from_utf8_lossy(a).into_owned();
            let pid = if let Some(j) = t.strip_prefix('%') {
                let job = match j {
                    "" | "%" | "+" => self.jobs.last(),
                    "-" => self.jobs.iter().rev().nth(1).or(self.jobs.last()),
                    n => n
                        .parse::<u32>()
                        .ok()
                        .and_then(|id| self.jobs.iter().find(|x| x.id == id)),
                };
                match job {
                    Some(j) => j.pid,
                    None => {
                        self.error_msg(format!("wait: {t}: no such job").as_bytes());
                        status = 127;
                        continue;
                    }
                }
            } else {
                match t.parse::<u32>() {
                    Ok(p) => p,
                    Err(_) => {
                        self.error_msg(
                            format!("wait: `{t}': not a pid or valid job spec").as_bytes(),
                        );
                        status = 1;
                        continue;
                    }
                }
            };
            if self
                .sys
                .proc_snapshot(pid)
                .is_none_or(|p| p.ppid != self.pid)
            {
                self.error_msg(format!("wait: pid {t} is not a child of this shell").as_bytes());
                status = 127;
                continue;
            }
            status = match self.sys.wait_for(self.pid, pid, true).await {
                Some(s) => {
                    self.sys.reap(pid);
                    let job = self.jobs.iter().find(|j| j.pid == pid).cloned();
                    self.jobs.retain(|j| j.pid != pid);
                    if let Some(j) = job {
                        self.report_signaled_job(&j, s);
                    }
                    s
                }
                None => return Ok(128 + self.first_caught().unwrap_or(0)),
            };
        }
        if let Some(r) = self.sys.meter.stopped() {
            return Err(Flow::Int(Interrupt::Stop(r)));
        }
        Ok(status)
    }

    /// bash reports a background job killed by a signal when it is waited for.
    fn report_signaled_job(&self, job: &crate::shell::state::Job, status: i32) {
        let desc = match status - 128 {
            1 => "Hangup",
            2 => "Interrupt",
            3 => "Quit",
            6 => "Aborted",
            9 => "Killed",
            10 => "User defined signal 1",
            12 => "User defined signal 2",
            14 => "Alarm clock",
            15 => "Terminated",
            _ => return,
        };
        let mut line = format!("{}                 ", job.pid).into_bytes();
        line.extend_from_slice(format!("{desc:<24}").as_bytes());
        line.extend_from_slice(&job.command);
        self.error_msg(&line);
    }

    fn first_caught(&self) -> Option<i32> {
        self.sys
            .proc_snapshot(self.pid)
            .and_then(|p| p.pending.first().copied())
    }

    async fn builtin_trap(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        if args.first().map(|a| &a[..]) == Some(b"-l") {
            let l = [b"-l".to_vec()];
            return self.builtin_kill(&l).await;
        }
        if args.is_empty() || args[0] == b"-p" {
            let mut shown = self.shown_traps.clone();
            shown.extend(self.traps.iter().map(|(k, v)| (*k, v.clone())));
            let traps: Vec<(i32, Vec<u8>)> = shown.into_iter().collect();
            for (sig, cmd) in traps {
                let name = trap_name(sig);
                let line = [b"trap -- ", &single_quote(&cmd)[..], b" ", name.as_bytes()].concat();
                self.out_line(&line).await?;
            }
            return Ok(0);
        }
        let (action, sigs) = if args.len() == 1 {
            (None, args)
        } else if args[0] == b"-" {
            (None, &args[1..])
        } else {
            (Some(args[0].clone()), &args[1..])
        };
        let mut status = 0;
        for s in sigs {
            let t = String::from_utf8_lossy(s).into_owned();
            let num = match t.to_ascii_uppercase().trim_start_matches("SIG") {
                "EXIT" | "0" => Some(0),
                "ERR" => Some(-1),
                "DEBUG" => Some(-2),
                "RETURN" => Some(-3),
                _ => crate::process::parse_signal(&t),
            };
            let Some(num) = num else {
                self.error_msg(format!("trap: {t}: invalid signal specification").as_bytes());
                status = 1;
                continue;
            };
            if num < -2 {
                self.sys
                    .telemetry
                    .borrow_mut()
                    .note_unsupported(format!("trap {t}"));
            }
            self.shown_traps.remove(&num);
            match &action {
                None => {
                    self.traps.remove(&num);
                    if num > 0 {
                        self.sys.set_disposition(
                            self.pid,
                            num,
                            crate::process::Disposition::Default,
                        );
                    }
                }
                Some(cmd) => {
                    self.traps.insert(num, cmd.clone());
                    if num > 0 {
                        let d = if cmd.is_empty() {
                            crate::process::Disposition::Ignore
                        } else {
                            crate::process::Disposition::Catch
                        };
                        self.sys.set_disposition(self.pid, num, d);
                    }
                }
            }
        }
        Ok(status)
    }

    /// Writes bytes plus a newline to stdout (builtins' output).
    pub(crate) async fn out_line(&mut self, line: &[u8]) -> Res<()> {
        let mut l = line.to_vec();
        l.push(b'\n');
        self.out(&l).await
    }

    /// Writes to stdout; a broken pipe ends the process with SIGPIPE.
    pub(crate) async fn out(&mut self, data: &[u8]) -> Res<()> {
        let Some(f) = self.sys.fd(self.pid, 1) else {
            self.error_msg(b"write error: Bad file descriptor");
            return Ok(());
        };
        match self.sys.write_all(&f, data).await {
            Ok(()) => Ok(()),
            Err(crate::process::IoError::BrokenPipe) => {
                Err(Flow::Int(Interrupt::Signal(crate::process::SIGPIPE)))
            }
            Err(crate::process::IoError::Interrupted(i)) => Err(Flow::Int(i)),
            Err(e) => {
                self.error_msg(format!("write error: {}", e.message()).as_bytes());
                Ok(())
            }
        }
    }
}

fn trap_name(sig: i32) -> String {
    match sig {
        0 => "EXIT".into(),
        -1 => "ERR".into(),
        -2 => "DEBUG".into(),
        -3 => "RETURN".into(),
        n => crate::process::signal_name(n)
            .map(|s| format!("SIG{s}"))
            .unwrap_or_else(|| n.to_string()),
    }
}

/// `'...'` quoting with `'\''` for embedded quotes (how `trap` shows its commands).
fn single_quote(s: &[u8]) -> Vec<u8> {
    let mut out = vec![b'\''];
    for &b in s {
        if b == b'\'' {
            out.extend_from_slice(b"'\\''");
        } else {
            out.push(b);
        }
    }
    out.push(b'\'');
    out
}

const EXEC_USAGE: &[u8] =
    b"exec: usage: exec [-cl] [-a name] [command [argument ...]] [redirection ...]\n";

impl Shell {
    /// `exec [-cl] [-a NAME] [COMMAND [ARG...]]`: runs COMMAND (found on PATH, never a
    /// function or builtin) in place of the shell, which ends with its status. Without a
    /// command only the redirections matter (applied by the caller), and the status is 0.
    async fn builtin_exec(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let mut how = crate::shell::exec::ExecAs::default();
        let mut login = false;
        let mut i = 0;
        while let Some(a) = args.get(i) {
            if a.as_slice() == b"--" {
                i += 1;
                break;
            }
            if a.len() < 2 || a[0] != b'-' {
                break;
            }
            for (k, &c) in a.iter().enumerate().skip(1) {
                match c {
                    b'c' => how.clear_env = true,
                    b'l' => login = true,
                    b'a' => {
                        let v = if k + 1 < a.len() {
                            Some(a[k + 1..].to_vec())
                        } else {
                            i += 1;
                            args.get(i).cloned()
                        };
                        let Some(v) = v else {
                            self.error_msg(b"exec: -a: option requires an argument");
                            self.write_err_now(EXEC_USAGE);
                            return Ok(2);
                        };
                        how.argv0 = Some(v);
                        break;
                    }
                    _ => {
                        self.error_msg(format!("exec: -{}: invalid option", c as char).as_bytes());
                        self.write_err_now(EXEC_USAGE);
                        return Ok(2);
                    }
                }
            }
            i += 1;
        }
        let argv = args[i..].to_vec();
        let Some(name) = argv.first().cloned() else {
            return Ok(0);
        };
        if login {
            let mut a0 = b"-".to_vec();
            a0.extend_from_slice(how.argv0.as_deref().unwrap_or(&name));
            how.argv0 = Some(a0);
        }
        if !name.contains(&b'/') && self.lookup_command_hashed(&name).is_none() {
            self.error_msg(
                format!("exec: {}: not found", String::from_utf8_lossy(&name)).as_bytes(),
            );
            return Err(Flow::Exit(127));
        }
        let s = self
            .run_external_as(argv, &Default::default(), &how)
            .await?;
        Err(Flow::Exit(s))
    }
}
