//! Simple commands: assignments, expansion, redirections and dispatch (function, builtin,
//! registered command, script in the VFS).

use crate::limits::cost;
use crate::process::command::{CmdFuture, CommandCtx, ExecError, Invocation, SubRunner, Trust};
use crate::process::{Interrupt, Pid};
use crate::shell::ast::*;
use crate::shell::state::{Flow, Res, Shell};
use crate::shell::vars::{Value, Var, ATTR_EXPORT};
use std::collections::BTreeMap;
use std::rc::Rc;

impl Shell {
    pub(crate) async fn exec_simple(&mut self, sc: &SimpleCommand) -> Res<i32> {
        self.sys.charge(cost::EXEC_NODE)?;
        if !self.traps.is_empty() {
            self.run_debug_trap().await?;
        }
        self.pending_decl_arrays.clear();
        // A command substitution in the words sets `$?`; an empty command keeps that status.
        self.subst_status = None;
        let argv = self.expand_words(&sc.words).await?;
        let subst_status = self.subst_status.unwrap_or(0);
        if self.opts.noexec {
            return Ok(0);
        }
        // `$_` is the last argument; an assignment-only command clears it.
        self.last_arg = argv.last().cloned().unwrap_or_default();
        if argv.is_empty() {
            // Assignments only (their values may run substitutions, whose status counts).
            // `$?` in the values is still the previous command's status, unless a
            // substitution earlier in this command set it (`a=$(false) b=$?`).
            if let Some(s) = self.subst_status {
                self.status = s;
            }
            for a in &sc.assigns {
                match (&a.value, &a.index) {
                    (AssignValue::Scalar(w), None) => {
                        // Traced after expansion and before the assignment, like bash.
                        let v = self.expand_single(w).await?;
                        if self.opts.xtrace {
                            let line = [
                                &a.name[..],
                                if a.append { b"+=" } else { b"=" },
                                &xtrace_quote(&v)[..],
                            ]
                            .concat();
                            self.xtrace_line(&line).await?;
                        }
                        self.assign_scalar(&a.name, v, a.append)?;
                    }
                    (AssignValue::Scalar(w), Some(index)) => {
                        let v = self.expand_single(w).await?;
                        if self.opts.xtrace {
                            // bash shows the subscript as written and the value expanded.
                            let line = [
                                &a.name[..],
                                b"[",
                                &crate::shell::print::word_text(index),
                                b"]",
                                if a.append { b"+=" } else { b"=" },
                                &xtrace_quote(&v)[..],
                            ]
                            .concat();
                            self.xtrace_line(&line).await?;
                        }
                        let key = self.expand_single(index).await?;
                        self.assign_element(&a.name, &key, v, a.append)?
                    }
                    (AssignValue::Array(elems), _) => {
                        if self.opts.xtrace {
                            let line = [
                                &a.name[..],
                                if a.append { b"+=" } else { b"=" },
                                &array_literal_text(elems),
                            ]
                            .concat();
                            self.xtrace_line(&line).await?;
                        }
                        self.do_assign(a).await?
                    }
                }
            }
            let status = self.subst_status.unwrap_or(subst_status);
            self.status = status;
            let saved = match self.apply_redirects(&sc.redirects).await? {
                Ok(s) => s,
                Err(()) => return Ok(1),
            };
            self.restore_redirects(saved);
            self.close_procsubs();
            return Ok(status);
        }
        if self.opts.xtrace {
            let words: Vec<Vec<u8>> = argv.iter().map(|a| xtrace_quote(a)).collect();
            self.xtrace_line(&words.join(&b' ')).await?;
        }
        let name = argv[0].clone();
        // Prefix assignments: temporary for the command.
        let mut temp_env: BTreeMap<Vec<u8>, Vec<u8>> = BTreeMap::new();
        let mut saved_vars: Vec<(Vec<u8>, Option<Var>)> = Vec::new();
        // In bash (not POSIX mode) prefix assignments are temporary for every command.
        for a in &sc.assigns {
            let v = match &a.value {
                AssignValue::Scalar(w) => self.expand_single(w).await?,
                // An array literal in an environment binding is passed as its text.
                AssignValue::Array(_) => a.raw_value.clone(),
            };
            if a.index.is_some() {
                // `b[0]=2 cmd`: element bindings are not passed to the command.
                continue;
            }
            // In POSIX mode assignments before special builtins stay; otherwise they last
            // for the command only.
            let special = self.opts.posix && is_special_builtin(&name);
            if !special {
                saved_vars.push((a.name.clone(), self.vars.get(&a.name).cloned()));
            }
            match self.assign_scalar(&a.name, v.clone(), a.append) {
                Ok(()) => {}
                // A readonly variable: bash reports it and still runs the command.
                Err(Flow::Abort(_)) => continue,
                Err(e) => return Err(e),
            }
            if !special {
                if let Some(var) = self.vars.get_mut(&a.name) {
                    var.attrs |= ATTR_EXPORT;
                }
            }
            let bound = if a.append {
                self.get_scalar(&a.name).unwrap_or(v)
            } else {
                v
            };
            temp_env.insert(a.name.clone(), bound);
        }
        let saved = match self.apply_redirects(&sc.redirects).await? {
            Ok(s) => s,
            Err(()) => {
                let restored = self.restore_vars(saved_vars);
                self.close_procsubs();
                restored?;
                return Ok(1);
            }
        };
        let decl_arrays = std::mem::take(&mut self.pending_decl_arrays);
        let mut r = self.dispatch(argv, &temp_env).await;
        if r.is_ok() {
            // `declare a=(...)`: the builtin set scope and attributes; now assign the array.
            for a in decl_arrays {
                if let Err(e) = self.do_assign(&a).await {
                    r = Err(e);
                    break;
                }
            }
        }
        if name == b"exec"
            && (sc.words.len() == 1 || (sc.words.len() == 2 && sc.words[1].raw == b"--"))
        {
            // `exec` with only redirections makes them permanent.
        } else {
            self.restore_redirects(saved);
        }
        let restored = self.restore_vars(saved_vars);
        self.close_procsubs();
        restored?;
        let s = r?;
        self.status = s;
        Ok(s)
    }

    /// Writes one `set -x` line: the expanded PS4, then `text`.
    pub(crate) async fn xtrace_line(&mut self, text: &[u8]) -> Res<()> {
        let prefix = match self.get_scalar(b"PS4") {
            None => Vec::new(),
            Some(ps4) => match crate::shell::parser::parse_heredoc_like(&ps4) {
                Ok(w) => {
                    let saved = self.status;
                    let was = std::mem::replace(&mut self.opts.xtrace, false);
                    let r = self.expand_single(&w).await;
                    self.opts.xtrace = was;
                    self.status = saved;
                    r.unwrap_or(ps4)
                }
                Err(_) => ps4,
            },
        };
        let mut line = Vec::with_capacity(prefix.len() + text.len() + 8);
        if let Some(&first) = prefix.first() {
            line.resize(self.xtrace_level as usize, first);
        }
        line.extend_from_slice(&prefix);
        line.extend_from_slice(text);
        line.push(b'\n');
        self.write_err_now(&line);
        Ok(())
    }

    /// Puts back the variables a command's temporary bindings replaced, moving the shell's
    /// held memory from the bindings to the values restored.
    fn restore_vars(&mut self, saved: Vec<(Vec<u8>, Option<Var>)>) -> Res<()> {
        let before = self.vars_charge(saved.iter().map(|(n, _)| n.as_slice()));
        let names: Vec<Vec<u8>> = saved.iter().map(|(n, _)| n.clone()).collect();
        for (n, v) in saved.into_iter().rev() {
            match v {
                Some(v) => self.vars.set_var(&n, v),
                None => {
                    self.vars.remove(&n);
                }
            }
        }
        let after = self.vars_charge(names.iter().map(Vec::as_slice));
        self.account(before, after)
    }

    fn close_procsubs(&mut self) {
        for fd in std::mem::take(&mut self.procsub_fds) {
            self.sys.set_fd(self.pid, fd, None);
        }
    }

    pub(crate) async fn do_assign(&mut self, a: &Assign) -> Res<()> {
        match &a.value {
            AssignValue::Scalar(w) => {
                let v = self.expand_single(w).await?;
                match &a.index {
                    Some(iw) => {
                        let key = self.expand_single(iw).await?;
                        self.assign_element(&a.name, &key, v, a.append)
                    }
                    None => self.assign_scalar(&a.name, v, a.append),
                }
            }
            AssignValue::Array(_) if a.index.is_some() => {
                self.error_msg(
                    &[&a.name[..], b"[...]: cannot assign list to array member"].concat(),
                );
                self.status = 1;
                Ok(())
            }
            AssignValue::Array(elems) => self.assign_array(&a.name, elems, a.append).await,
        }
    }

    /// `name=(...)` / `name+=(...)`. As in bash, every value is expanded first (seeing the
    /// old array), then elements are stored one by one, so a `[key]` expression can refer to
    /// elements stored earlier in the same literal.
    pub(crate) async fn assign_array(
        &mut self,
        name: &[u8],
        elems: &[ArrayElem],
        append: bool,
    ) -> Res<()> {
        let is_assoc = self.vars.get(name).is_some_and(|v| v.is_assoc());
        // 1. Values.
        let mut values: Vec<Vec<Vec<u8>>> = Vec::with_capacity(elems.len());
        for e in elems {
            if e.key.is_some() || is_assoc {
                values.push(vec![self.expand_single(&e.value).await?]);
            } else {
                values.push(self.expand_words(std::slice::from_ref(&e.value)).await?);
            }
        }
        // 2. Start from the old value (append) or an empty array of the right kind.
        let start = match (append, self.vars.get(name).and_then(|v| v.value.clone())) {
            (true, Some(v @ (Value::Assoc(_) | Value::Indexed(_)))) => v,
            (true, Some(Value::Str(s))) => {
                if is_assoc {
                    let mut m = imbl::OrdMap::new();
                    m.insert(b"0".to_vec(), s);
                    Value::Assoc(m)
                } else {
                    let mut m = imbl::OrdMap::new();
                    m.insert(0, s);
                    Value::Indexed(m)
                }
            }
            _ if is_assoc => Value::Assoc(imbl::OrdMap::new()),
            _ => Value::Indexed(imbl::OrdMap::new()),
        };
        self.set_value(name, start)?;
        // 3. Keys, in order.
        let mut next = match self.vars.get(name).and_then(|v| v.value.as_ref()) {
            Some(Value::Indexed(m)) => m.keys().next_back().map(|k| k + 1).unwrap_or(0),
            _ => 0,
        };
        for (e, vals) in elems.iter().zip(values) {
            match &e.key {
                Some(k) => {
                    let key = self.expand_single(k).await?;
                    let v = vals.into_iter().next().unwrap_or_default();
                    if is_assoc {
                        self.assign_element(name, &key, v, e.append)?;
                    } else {
                        let idx = self.arith(&key)?;
                        self.assign_element(name, idx.to_string().as_bytes(), v, e.append)?;
                        next = idx + 1;
                    }
                }
                None if is_assoc => {
                    let v = vals.into_iter().next().unwrap_or_default();
                    self.error_msg(
                        &[
                            name,
                            b": ",
                            &v[..],
                            b": must use subscript when assigning associative array",
                        ]
                        .concat(),
                    );
                }
                None => {
                    for v in vals {
                        self.assign_element(name, next.to_string().as_bytes(), v, false)?;
                        next += 1;
                    }
                }
            }
        }
        Ok(())
    }

    /// Runs argv: function, builtin, registered command, or a script file.
    pub(crate) async fn dispatch(
        &mut self,
        argv: Vec<Vec<u8>>,
        temp_env: &BTreeMap<Vec<u8>, Vec<u8>>,
    ) -> Res<i32> {
        let name = argv[0].clone();
        if let Some(def) = self.funcs.get(&name).cloned() {
            return self.call_function(def, argv).await;
        }
        if let Some(r) = self.run_builtin(&argv).await {
            return r;
        }
        self.run_external(argv, temp_env).await
    }

    /// A command that is not a function or builtin.
    pub(crate) async fn run_external(
        &mut self,
        argv: Vec<Vec<u8>>,
        temp_env: &BTreeMap<Vec<u8>, Vec<u8>>,
    ) -> Res<i32> {
        self.run_external_as(argv, temp_env, &ExecAs::default())
            .await
    }

    /// [`Shell::run_external`] with `exec`'s options: another `argv[0]` for the program
    /// (`-a`, `-l`) and an emptied environment (`-c`).
    pub(crate) async fn run_external_as(
        &mut self,
        mut argv: Vec<Vec<u8>>,
        temp_env: &BTreeMap<Vec<u8>, Vec<u8>>,
        how: &ExecAs,
    ) -> Res<i32> {
        self.sys.charge(cost::COMMAND_DISPATCH)?;
        let name = argv[0].clone();
        let found = if how.standard_path {
            self.lookup_standard_path(&name)
        } else {
            self.lookup_command_hashed(&name)
        };
        if let Some(a0) = &how.argv0 {
            argv[0] = a0.clone();
        }
        if let Some(super::lookup::Found::Shell(_)) = found {
            return self.run_nested_shell(argv).await;
        }
        let entry = match &found {
            Some(super::lookup::Found::Registered(e, _)) => Some(e.clone()),
            _ => None,
        };
        let mut env: BTreeMap<Vec<u8>, Vec<u8>> = if how.clear_env {
            BTreeMap::new()
        } else {
            self.vars.exported().into_iter().collect()
        };
        env.extend(temp_env.iter().map(|(k, v)| (k.clone(), v.clone())));
        match entry {
            Some(e) => {
                let cpu_before = self.sys.meter.cpu_used();
                let disk_before = self.sys.vfs.borrow().usage() as i64;
                let idx = self.sys.telemetry.borrow_mut().record(Invocation {
                    sequence: 0,
                    pid: self.pid,
                    argv: argv.clone(),
                    trust: e.trust,
                    status: None,
                    cpu: 0,
                    disk_delta: 0,
                    unsupported_reason: None,
                });
                let runner: Rc<dyn SubRunner> = Rc::new(ShellRunner {
                    template: Box::new(self.clone()),
                });
                // The command runs inline in this process; while it runs, /proc/self shows it
                // (its name and command line), as the process bash would have forked would.
                let shell_argv = self
                    .sys
                    .with_proc(self.pid, |p| std::mem::replace(&mut p.argv, argv.clone()));
                let ctx = CommandCtx::new(
                    self.sys.clone(),
                    self.pid,
                    argv,
                    env,
                    self.cwd.clone(),
                    runner,
                );
                let partial_cell = ctx.partial.clone();
                let write_failed = ctx.write_failed_flag();
                let wf = Rc::new(std::cell::Cell::new(false));
                let fut = (e.run)(ctx);
                let r = fut.await;
                if let Some(a) = shell_argv {
                    self.sys.with_proc(self.pid, |p| p.argv = a);
                }
                let _ = wf;
                let status = match r {
                    // A command that reported a write error fails even if it said 0.
                    Ok(0) if write_failed.get() => 1,
                    Ok(s) => s,
                    Err(Interrupt::Signal(sig)) => 128 + sig,
                    Err(i) => return Err(Flow::Int(i)),
                };
                self.sys.sync_disk();
                let mut t = self.sys.telemetry.borrow_mut();
                if let Some(inv) = idx.and_then(|seq| t.get_mut(seq)) {
                    inv.status = Some(status);
                    inv.cpu = self.sys.meter.cpu_used() - cpu_before;
                    inv.disk_delta = self.sys.vfs.borrow().usage() as i64 - disk_before;
                    if let Some(why) = partial_cell.borrow().clone() {
                        inv.trust = inv.trust.max(Trust::Partial);
                        inv.unsupported_reason = Some(why);
                    }
                }
                Ok(status)
            }
            None => {
                let found_path = match &found {
                    Some(super::lookup::Found::File(p)) => Some(p.clone()),
                    _ => None,
                };
                let mut argv = argv;
                argv[0] = name;
                self.run_script_file(argv, env, found_path).await
            }
        }
    }

    /// Looks `name` up on PATH in the VFS (or takes it as a path) and runs it if it is a
    /// shell script; otherwise reports like bash.
    async fn run_script_file(
        &mut self,
        argv: Vec<Vec<u8>>,
        env: BTreeMap<Vec<u8>, Vec<u8>>,
        found: Option<Vec<u8>>,
    ) -> Res<i32> {
        let name = argv[0].clone();
        let shown = String::from_utf8_lossy(&name).into_owned();
        let path = if name.contains(&b'/') {
            Some(crate::vfs::path::join(&self.cwd, &name))
        } else if let Some(p) = found {
            Some(crate::vfs::path::join(&self.cwd, &p))
        } else {
            self.find_in_path(&name)
        };
        let Some(path) = path else {
            self.error_msg(format!("{shown}: command not found").as_bytes());
            self.note_unknown(&name);
            return Ok(127);
        };
        let st = self.sys.vfs.borrow().stat(&path);
        let st = match st {
            Ok(s) => s,
            Err(e) => {
                self.error_msg(format!("{shown}: {}", e.message()).as_bytes());
                return Ok(if e == crate::vfs::VfsError::NameTooLong {
                    126
                } else {
                    127
                });
            }
        };
        if st.file_type == crate::vfs::FileType::Dir {
            self.error_msg(format!("{shown}: Is a directory").as_bytes());
            return Ok(126);
        }
        if st.mode & 0o111 == 0 {
            self.error_msg(format!("{shown}: Permission denied").as_bytes());
            return Ok(126);
        }
        let data = self
            .sys
            .vfs
            .borrow()
            .read_file(&path)
            .map(|d| d.to_vec())
            .unwrap_or_default();
        let interp_ok = if let Some(rest) = data.strip_prefix(b"#!") {
            let line = rest.split(|&b| b == b'\n').next().unwrap_or(b"");
            let line = String::from_utf8_lossy(line);
            let mut words = line.split_whitespace();
            let prog = words.next().unwrap_or("");
            let prog = if prog.ends_with("/env") {
                words.next().unwrap_or("")
            } else {
                prog
            };
            let base = prog.rsplit('/').next().unwrap_or(prog);
            matches!(base, "sh" | "bash" | "dash")
        } else {
            !data.contains(&0)
        };
        if !interp_ok {
            let msg =
                format!("{shown}: cannot execute: unsupported interpreter or binary in shellsim");
            self.error_msg(msg.as_bytes());
            self.sys
                .telemetry
                .borrow_mut()
                .note_unsupported(format!("exec of {shown}: not a shell script"));
            return Ok(126);
        }
        let mut sh_argv = vec![b"bash".to_vec(), path];
        sh_argv.extend_from_slice(&argv[1..]);
        let _ = env;
        self.run_nested_shell(sh_argv).await
    }

    /// Reads a whole file through this process's descriptors, so `/dev/stdin`, `/dev/fd/N`
    /// (a `<(...)`) and `/proc/self/fd/N` read what they name. The text is read transiently
    /// (its reservation is returned at once); the caller charges for parsing it.
    pub(crate) async fn read_through_process(
        &mut self,
        abs: &[u8],
    ) -> Res<Result<Vec<u8>, crate::process::IoError>> {
        use crate::process::{IoError, OpenFlags};
        let read = match self.sys.open(self.pid, abs, OpenFlags::read()) {
            Ok(f) => self.sys.read_to_end(&f).await,
            Err(e) => Err(e),
        };
        match read {
            // Script text is not held as data: the guard goes now, the bytes are parsed.
            Ok(d) => Ok(Ok(d.into_parts().0)),
            Err(IoError::Interrupted(i)) => Err(Flow::Int(i)),
            Err(e) => Ok(Err(e)),
        }
    }

    fn note_unknown(&self, name: &[u8]) {
        let mut t = self.sys.telemetry.borrow_mut();
        t.record(Invocation {
            sequence: 0,
            pid: self.pid,
            argv: vec![name.to_vec()],
            trust: Trust::Unsupported,
            status: Some(127),
            cpu: 0,
            disk_delta: 0,
            unsupported_reason: Some("command not found".into()),
        });
    }

    pub(crate) fn find_in_path(&self, name: &[u8]) -> Option<Vec<u8>> {
        let path = self.get_scalar(b"PATH").unwrap_or_default();
        for dir in path.split(|&b| b == b':') {
            let dir = if dir.is_empty() { b"." as &[u8] } else { dir };
            let full = crate::vfs::path::join(&crate::vfs::path::join(&self.cwd, dir), name);
            if let Ok(st) = self.sys.vfs.borrow().stat(&full) {
                if st.file_type == crate::vfs::FileType::File {
                    return Some(full);
                }
            }
        }
        None
    }

    /// `sh`/`bash` [-c SRC | SCRIPT] ARGS...: a new shell in a child process.
    pub(crate) async fn run_nested_shell(&mut self, argv: Vec<Vec<u8>>) -> Res<i32> {
        let mut i = 1;
        let mut opts: Vec<(String, bool)> = Vec::new();
        let mut command: Option<Vec<u8>> = None;
        while i < argv.len() {
            let a = &argv[i];
            if a == b"-c" {
                command = argv.get(i + 1).cloned();
                i += 2;
                break;
            } else if a == b"--" {
                i += 1;
                break;
            } else if a == b"-o" || a == b"+o" || a == b"-O" || a == b"+O" {
                // -o/+o name: set option; -O/+O name: shopt option.
                if let Some(n) = argv.get(i + 1) {
                    opts.push((String::from_utf8_lossy(n).into_owned(), a[0] == b'-'));
                }
                i += 2;
            } else if a == b"--norc"
                || a == b"--noprofile"
                || a == b"--posix"
                || a == b"--noediting"
            {
                // No startup files exist in the simulated machine; these change nothing.
                if a == b"--posix" {
                    opts.push(("posix".into(), true));
                }
                i += 1;
            } else if a == b"--rcfile" || a == b"--init-file" {
                i += 2;
            } else if a == b"-i" || a == b"-l" || a == b"--login" || a.starts_with(b"--") {
                let m = format!(
                    "{}: {}: option not supported in shellsim\n",
                    String::from_utf8_lossy(&argv[0]),
                    String::from_utf8_lossy(a)
                );
                self.write_err_now(m.as_bytes());
                self.sys
                    .telemetry
                    .borrow_mut()
                    .note_unsupported(format!("bash {}", String::from_utf8_lossy(a)));
                return Ok(2);
            } else if a.len() > 1
                && (a[0] == b'-' || a[0] == b'+')
                && a[1..].iter().all(|c| c.is_ascii_alphabetic())
            {
                for &c in &a[1..] {
                    if c == b'c' {
                        command = argv.get(i + 1).cloned();
                        i += 1;
                    } else if let Some(n) = crate::shell::state::Options::by_letter(c as char) {
                        opts.push((n.to_string(), a[0] == b'-'));
                    }
                }
                i += 1;
                if command.is_some() {
                    break;
                }
            } else {
                break;
            }
        }
        let c_mode = command.is_some();
        let from_file = !c_mode && argv.get(i).is_some();
        let (src, arg0, rest) = match command {
            Some(c) => {
                let arg0 = argv.get(i).cloned().unwrap_or_else(|| argv[0].clone());
                let rest = if i < argv.len() {
                    argv[i + 1..].to_vec()
                } else {
                    Vec::new()
                };
                (c, arg0, rest)
            }
            None => match argv.get(i) {
                Some(script) => {
                    let path = crate::vfs::path::join(&self.cwd, script);
                    match self.read_through_process(&path).await? {
                        Ok(d) => (d, script.clone(), argv[i + 1..].to_vec()),
                        Err(e) => {
                            let is_dir = matches!(
                                e,
                                crate::process::IoError::Vfs(crate::vfs::VfsError::IsDir)
                            );
                            // bash names a directory script twice and gives 126.
                            let who = if is_dir { script } else { &argv[0] };
                            let m = format!(
                                "{}: {}: {}\n",
                                String::from_utf8_lossy(who),
                                String::from_utf8_lossy(script),
                                e.message()
                            );
                            self.write_err_now(m.as_bytes());
                            return Ok(if is_dir { 126 } else { 127 });
                        }
                    }
                }
                None => {
                    // Program from stdin.
                    let f = self.sys.fd(self.pid, 0);
                    let d = match f {
                        // Transient, as for a script file (`read_through_process`).
                        Some(f) => match self.sys.read_to_end(&f).await {
                            Ok(d) => d.into_parts().0,
                            Err(crate::process::IoError::Interrupted(i)) => {
                                return Err(Flow::Int(i))
                            }
                            Err(_) => Vec::new(),
                        },
                        None => Vec::new(),
                    };
                    (d, argv[0].clone(), Vec::new())
                }
            },
        };
        // A syntax error is reported by the child after the lines before it ran.
        let prog = Rc::new(crate::shell::parser::parse_partial(&src, 1, None));
        self.sys
            .charge(cost::per_bytes(src.len(), 1, cost::PARSE_PER_BYTE))?;
        let pid = self
            .sys
            .create_process(Some(self.pid), argv.clone(), self.cwd.clone())?;
        let mut child = self.fresh_shell(pid);
        // A shell started without PATH sets its compiled-in default, unexported: bash's, or
        // dash's when called as `sh` or `dash` (the machine's /bin/sh is dash).
        if child.vars.get(b"PATH").is_none() {
            let name = crate::vfs::path::file_name(&argv[0]);
            let default: &[u8] = if name == b"bash" {
                b"/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin:."
            } else {
                b"/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
            };
            child.vars.set_var(b"PATH", Var::scalar(default.to_vec()));
        }
        // bash counts itself one level below the shell that started it.
        let level = child
            .get_scalar(b"SHLVL")
            .and_then(|v| std::str::from_utf8(&v).ok()?.trim().parse::<i64>().ok())
            .unwrap_or(0);
        let mut shlvl = Var::scalar((level + 1).max(1).to_string().into_bytes());
        shlvl.attrs |= ATTR_EXPORT;
        child.vars.set_var(b"SHLVL", shlvl);
        child.c_mode = c_mode;
        child.stdin_mode = !c_mode && !from_file;
        if from_file {
            child.script_name = arg0.clone();
            child.source_name = arg0.clone();
        }
        child.arg0 = arg0;
        child.positional = rest;
        for (n, on) in opts {
            child.opts.set(&n, on);
        }
        let sys = self.sys.clone();
        self.sys.start(
            pid,
            Box::pin(async move {
                let r = child.run_program(&prog).await;
                let _ = &sys;
                r.unwrap_or_else(|i| match i {
                    Interrupt::Signal(s) => 128 + s,
                    Interrupt::Stop(_) => 137,
                })
            }),
        );
        let s = self.wait_child(pid).await?;
        Ok(s)
    }

    /// A new shell (not a subshell): only exported variables carry over.
    pub(crate) fn fresh_shell(&self, pid: Pid) -> Shell {
        let mut sh = Shell::new(self.sys.clone(), pid, self.commands.clone());
        sh.cwd = self.cwd.clone();
        sh.umask = self.umask;
        for (k, v) in self.vars.exported() {
            let mut var = Var::scalar(v);
            var.attrs |= ATTR_EXPORT;
            sh.vars.set_var(&k, var);
        }
        sh.init_shell_vars();
        sh.random_state = self.sys.random_u64() as u32;
        sh
    }
}

/// Runs sub-commands for commands like `xargs`, `env`, `find -exec`.
struct ShellRunner {
    template: Box<Shell>,
}

impl ShellRunner {
    /// The shell a utility's command runs in: `ctx`'s directory and exactly `env`, exported.
    /// Without a PATH in `env`, programs are looked up on `/bin:/usr/bin`, as `execvp` does;
    /// that PATH is not exported, so the command's environment stays `env`.
    fn program_shell(&self, ctx: &CommandCtx, env: &BTreeMap<Vec<u8>, Vec<u8>>) -> Shell {
        let mut sh = self.template.fresh_shell(ctx.pid);
        sh.cwd = ctx.cwd.clone();
        sh.vars = Default::default();
        for (k, v) in env {
            let mut var = Var::scalar(v.clone());
            var.attrs |= ATTR_EXPORT;
            sh.vars.set_var(k, var);
        }
        if !env.contains_key(&b"PATH"[..]) {
            sh.vars
                .set_var(b"PATH", Var::scalar(b"/bin:/usr/bin".to_vec()));
        }
        sh
    }
}

impl SubRunner for ShellRunner {
    fn exec_error(
        &self,
        ctx: &CommandCtx,
        name: &[u8],
        env: &BTreeMap<Vec<u8>, Vec<u8>>,
    ) -> Option<ExecError> {
        self.program_shell(ctx, env).exec_error(name)
    }

    fn run_argv(
        &self,
        ctx: &CommandCtx,
        argv: Vec<Vec<u8>>,
        env: BTreeMap<Vec<u8>, Vec<u8>>,
    ) -> CmdFuture {
        let mut sh = self.program_shell(ctx, &env);
        Box::pin(async move {
            if argv.is_empty() {
                return Ok(0);
            }
            let r = match sh.run_builtin_for_exec(&argv).await {
                Some(r) => r,
                None => sh.run_external(argv, &BTreeMap::new()).await,
            };
            match r {
                Ok(s) => Ok(s),
                Err(Flow::Int(i)) => Err(i),
                Err(Flow::Exit(s)) | Err(Flow::Return(s)) | Err(Flow::Abort(s)) => Ok(s),
                Err(_) => Ok(0),
            }
        })
    }

    fn run_shell(&self, ctx: &CommandCtx, argv: Vec<Vec<u8>>) -> CmdFuture {
        let mut sh = self.template.fresh_shell(ctx.pid);
        sh.cwd = ctx.cwd.clone();
        Box::pin(async move {
            match sh.run_nested_shell(argv).await {
                Ok(s) => Ok(s),
                Err(Flow::Int(i)) => Err(i),
                Err(Flow::Exit(s)) | Err(Flow::Return(s)) | Err(Flow::Abort(s)) => Ok(s),
                Err(_) => Ok(0),
            }
        })
    }
}

/// An array literal as `set -x` shows it: `(a "b c" [k]=v)`, elements as written.
fn array_literal_text(elems: &[crate::shell::ast::ArrayElem]) -> Vec<u8> {
    use crate::shell::print::word_text;
    let parts: Vec<Vec<u8>> = elems
        .iter()
        .map(|e| match &e.key {
            Some(k) => [
                &b"["[..],
                &word_text(k),
                if e.append { b"]+=" } else { b"]=" },
                &word_text(&e.value),
            ]
            .concat(),
            None => word_text(&e.value),
        })
        .collect();
    [&b"("[..], &parts.join(&b' '), b")"].concat()
}

/// Quotes a word the way bash's `set -x` shows it: bare when safe, else single-quoted.
pub(crate) fn xtrace_quote(w: &[u8]) -> Vec<u8> {
    if w.is_empty() {
        return b"''".to_vec();
    }
    if w == b"'" {
        return b"\\'".to_vec();
    }
    let special = |b: u8| b" \t\n'\"\\|&;()<>!{}*[?]^$`#~".contains(&b) || b < 0x20 || b == 0x7f;
    if !w.iter().any(|&b| special(b)) {
        return w.to_vec();
    }
    let mut out = vec![b'\''];
    for &b in w {
        if b == b'\'' {
            out.extend_from_slice(b"'\\''");
        } else {
            out.push(b);
        }
    }
    out.push(b'\'');
    out
}

/// POSIX special builtins (prefix assignments persist in POSIX mode).
fn is_special_builtin(name: &[u8]) -> bool {
    matches!(
        name,
        b"break"
            | b":"
            | b"."
            | b"continue"
            | b"eval"
            | b"exec"
            | b"exit"
            | b"export"
            | b"readonly"
            | b"return"
            | b"set"
            | b"shift"
            | b"times"
            | b"trap"
            | b"unset"
            | b"source"
    )
}

/// How `exec` runs its program.
#[derive(Default)]
pub(crate) struct ExecAs {
    /// Replaces the program's `argv[0]` (`exec -a NAME`, `-l`).
    pub argv0: Option<Vec<u8>>,
    /// The program starts with an empty environment (`exec -c`).
    pub clear_env: bool,
    /// Look the program up on the standard PATH instead of `$PATH` (`command -p`).
    pub standard_path: bool,
}
