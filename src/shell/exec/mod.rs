//! The executor: walks the AST, runs builtins in-process, dispatches commands through the
//! command table, and creates child processes for subshells, pipeline stages, substitutions
//! and background jobs.
//!
//! Every function returns `Res<i32>`: the status, or a [`Flow`] for `exit`, `return`,
//! `break`/`continue`, resource exhaustion and fatal signals.

mod coproc;
pub(crate) mod lookup;
mod redirect;
mod select;
mod simple;
mod timing;
pub(crate) use simple::ExecAs;

use super::ast::*;
use super::expand::BoxFut;
use super::pattern::Pattern;
use super::state::{Flow, Res, Shell, MAX_CALL_DEPTH};
use crate::limits::{cost, ReservedBuf, StopReason};
use crate::process::{Interrupt, OpenFile, Pid};
use std::rc::Rc;

impl Shell {
    /// `set -x` line for one of `for ((...))`'s three expressions: its expanded text
    /// without leading blanks (bash shows an empty one as `1`).
    async fn trace_arith_for(&mut self, text: &[u8]) -> Res<()> {
        if !self.opts.xtrace {
            return Ok(());
        }
        let start = text
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .unwrap_or(text.len());
        let shown = if start == text.len() {
            b"1"
        } else {
            &text[start..]
        };
        self.xtrace_line(&[b"(( ", shown, b" ))"].concat()).await
    }

    /// Runs a parsed program to completion in this process and returns the exit status.
    /// Handles `exit`, the EXIT trap and exhaustion.
    pub async fn run_program(&mut self, prog: &Program) -> Result<i32, Interrupt> {
        let r = self.exec_script(prog).await;
        self.finish(r).await
    }

    /// Runs a script's commands; a syntax error the parser stopped at (see
    /// `parser::parse_partial`) is reported after the lines before it ran and ends the shell
    /// with status 2, as in bash.
    pub async fn exec_script(&mut self, prog: &Program) -> Res<i32> {
        let status = self.exec_parsed(prog, true, None).await?;
        match prog.syntax_error {
            Some(_) => Err(Flow::Exit(2)),
            None => Ok(status),
        }
    }

    /// Runs a parsed text's commands (`catch_abort` as for [`Shell::exec_toplevel`]); when
    /// the parser stopped at a syntax error, reports it after them, with the prefix for
    /// `what` (see [`Shell::report_syntax_error`]), and the status is 2.
    pub async fn exec_parsed(
        &mut self,
        prog: &Program,
        catch_abort: bool,
        what: Option<&[u8]>,
    ) -> Res<i32> {
        let status = self.exec_toplevel(prog, catch_abort).await?;
        match &prog.syntax_error {
            Some(e) => {
                self.report_syntax_error(e, what);
                Ok(2)
            }
            None => Ok(status),
        }
    }

    /// Prints a syntax error with bash's prefix for where the text came from: the script
    /// itself (`what` is `None`), `eval`, `source` or a trap.
    pub fn report_syntax_error(&self, e: &SyntaxError, what: Option<&[u8]>) {
        let line = e.line;
        let prefix = match what {
            Some(b"source") => {
                let mut p = self.source_name.clone();
                p.extend_from_slice(format!(": line {line}: ").as_bytes());
                p
            }
            Some(b"eval") => {
                let mut p = self.arg0.clone();
                p.extend_from_slice(format!(": eval: line {line}: ").as_bytes());
                p
            }
            None if self.c_mode => {
                let mut p = self.arg0.clone();
                p.extend_from_slice(format!(": -c: line {line}: ").as_bytes());
                p
            }
            _ => {
                let mut p = self.arg0.clone();
                p.extend_from_slice(format!(": line {line}: ").as_bytes());
                p
            }
        };
        let mut out = [&prefix[..], e.message.as_bytes(), b"\n"].concat();
        if let Some(text) = &e.offending_line {
            out.extend_from_slice(&prefix);
            out.push(b'`');
            out.extend_from_slice(text);
            out.extend_from_slice(b"'\n");
        }
        self.write_err_now(&out);
    }

    /// Runs a script's top-level commands. An aborted command (expansion or assignment
    /// error) ends a `-c` shell but only that command when the script came from a file
    /// (`catch_abort`). With `expand_aliases` on and aliases defined, each command is read
    /// again with the aliases as they were when its line started, as bash reads line by line.
    pub fn exec_toplevel<'a>(
        &'a mut self,
        prog: &'a Program,
        catch_abort: bool,
    ) -> BoxFut<'a, Res<i32>> {
        Box::pin(async move {
            let mut status = self.status;
            let mut snapshot: Option<super::parser::Aliases> = None;
            let mut chunk_end = 0usize;
            let mut discard_until = 0usize;
            for (index, item) in prog.body.items.iter().enumerate() {
                self.warn_unended_heredocs(prog, index..index + 1);
                if item.start < discard_until {
                    continue;
                }
                if item.start >= chunk_end {
                    snapshot = (self.opts.expand_aliases && !self.aliases.is_empty())
                        .then(|| self.aliases.clone());
                    chunk_end = prog.source[item.end.min(prog.source.len())..]
                        .iter()
                        .position(|&b| b == b'\n')
                        .map(|i| item.end + i + 1)
                        .unwrap_or(prog.source.len());
                    if catch_abort && !self.c_mode && item.start <= chunk_end {
                        // The reader takes a whole command line; `set -o history` keeps it.
                        // From the start of its line: bash keeps leading blanks.
                        let end = chunk_end.min(prog.source.len());
                        let start = item.start.min(end);
                        let start = prog.source[..start]
                            .iter()
                            .rposition(|&b| b == b'\n')
                            .map_or(0, |k| k + 1);
                        let text = prog.source[start..end].to_vec();
                        self.record_history_line(&text)?;
                    }
                }
                if self.opts.verbose && item.end <= prog.source.len() {
                    let mut text = prog.source[item.start..item.end].to_vec();
                    text.push(b'\n');
                    self.write_err_now(&text);
                }
                let r = match &snapshot {
                    Some(al) if item.end <= prog.source.len() && item.start < item.end => {
                        let text = &prog.source[item.start..item.end];
                        match super::parser::parse_with_aliases(text, item.line, Some(al)) {
                            Ok(p) => self.exec_items(&p.body.items).await,
                            Err(e) => {
                                self.line = e.line;
                                self.error_msg(e.message.as_bytes());
                                Ok(2)
                            }
                        }
                    }
                    _ => self.exec_items(std::slice::from_ref(item)).await,
                };
                match r {
                    Ok(s) => status = s,
                    Err(Flow::Abort(s)) if catch_abort => {
                        // bash discards the rest of the line it was executing and reads on
                        // (unless `set -e`, which makes the error fatal).
                        if self.opts.errexit {
                            return Err(Flow::Exit(s));
                        }
                        status = s;
                        self.status = s;
                        discard_until = chunk_end;
                    }
                    Err(e) => return Err(e),
                }
                // `set -t`: the script reader stops after the command line it was running
                // (a `-c` string is one parsed unit, so bash ignores the option there).
                if catch_abort && !self.c_mode && self.opts.get("onecmd") == Some(true) {
                    let next = prog.body.items.get(index + 1);
                    if next.is_none_or(|n| n.start >= chunk_end) {
                        return Err(Flow::Exit(status));
                    }
                }
            }
            self.warn_unended_heredocs(prog, prog.body.items.len()..usize::MAX);
            Ok(status)
        })
    }

    /// bash's warning for each here-document of `prog` that the end of input ended, among
    /// those reported before the items in `items`.
    fn warn_unended_heredocs(&self, prog: &Program, items: std::ops::Range<usize>) {
        for w in prog
            .heredoc_warnings
            .iter()
            .filter(|w| items.contains(&w.before_item))
        {
            let mut msg = self.arg0.clone();
            msg.extend_from_slice(format!(": line {}: ", w.eof_line).as_bytes());
            msg.extend_from_slice(
                format!(
                    "warning: here-document at line {} delimited by end-of-file (wanted `",
                    w.doc_line
                )
                .as_bytes(),
            );
            msg.extend_from_slice(&w.delimiter);
            msg.extend_from_slice(b"')\n");
            self.write_err_now(&msg);
        }
    }

    /// Turns the final result of a process's work into its exit status, running the EXIT trap.
    pub async fn finish(&mut self, r: Res<i32>) -> Result<i32, Interrupt> {
        let mut status = match r {
            Ok(s) => s,
            Err(Flow::Exit(s)) | Err(Flow::Return(s)) | Err(Flow::Abort(s)) => s,
            Err(Flow::Break(_)) | Err(Flow::Continue(_)) => self.status,
            Err(Flow::Int(i)) => {
                self.release_memory();
                return Err(i);
            }
        };
        self.status = status;
        if let Some(cmd) = self.traps.remove(&0) {
            if !cmd.is_empty() {
                match self.run_source(&cmd, b"trap").await {
                    Ok(_) => {}
                    Err(Flow::Exit(s)) => status = s,
                    Err(Flow::Int(i)) => return Err(i),
                    Err(_) => {}
                }
            }
        }
        self.release_memory();
        Ok(status & 0xff)
    }

    fn release_memory(&mut self) {
        self.mem_held.0.clear();
    }

    /// Parses and runs shell text in this shell (`eval`, `source`, traps).
    pub async fn run_source(&mut self, src: &[u8], what: &[u8]) -> Res<i32> {
        self.sys
            .charge(cost::per_bytes(src.len(), 1, cost::PARSE_PER_BYTE))?;
        // Sourced files count their own lines; eval and trap text runs on the caller's line.
        let start_line = if what == b"source" { 1 } else { self.line };
        let prog = super::parser::parse_partial(src, start_line, None);
        self.depth += 1;
        if self.depth > MAX_CALL_DEPTH {
            self.depth -= 1;
            return Err(Flow::Int(Interrupt::Stop(
                self.sys.meter.stop_with(StopReason::DepthExceeded).0,
            )));
        }
        let saved_line = self.line;
        // `set -x` nests eval and source text one level deeper; trap text is not.
        let nests = what == b"source" || what == b"eval";
        self.xtrace_level += u32::from(nests);
        // The lines before a syntax error run; the error makes the whole text fail.
        let r = match self.exec_parsed(&prog, false, Some(what)).await {
            // eval and source stop at an aborted command and fail, like bash.
            Err(Flow::Abort(s)) => Ok(s),
            other => other,
        };
        self.xtrace_level -= u32::from(nests);
        self.line = saved_line;
        self.depth -= 1;
        r
    }

    pub fn exec_list<'a>(&'a mut self, list: &'a List) -> BoxFut<'a, Res<i32>> {
        self.exec_items(&list.items)
    }

    fn exec_items<'a>(&'a mut self, items: &'a [ListItem]) -> BoxFut<'a, Res<i32>> {
        Box::pin(async move {
            let mut status = self.status;
            for item in items {
                if item.background {
                    status = self.spawn_background(&item.and_or).await?;
                    self.coproc_reap();
                    continue;
                }
                let (s, eligible) = self.exec_and_or(&item.and_or).await?;
                status = s;
                self.coproc_reap();
                self.errexit_exempt = s != 0 && !eligible;
                if s != 0 && eligible && self.errexit_suppressed == 0 {
                    self.run_err_trap(s).await?;
                    if self.opts.errexit {
                        return Err(Flow::Exit(s));
                    }
                }
                self.run_pending_traps().await?;
            }
            Ok(status)
        })
    }

    /// The DEBUG trap runs before each simple command, `((...))` and `[[...]]` (not inside
    /// functions, as without `set -T`). Its status is ignored; `$?` is preserved.
    pub(crate) async fn run_debug_trap(&mut self) -> Res<()> {
        if self.in_trap || (!self.call_stack.is_empty() && !self.opts.functrace) {
            return Ok(());
        }
        let Some(cmd) = self.traps.get(&-2).cloned() else {
            return Ok(());
        };
        if cmd.is_empty() {
            return Ok(());
        }
        let saved = self.status;
        self.in_trap = true;
        let r = self.run_source(&cmd, b"trap").await;
        self.in_trap = false;
        match r {
            Ok(_) | Err(Flow::Return(_)) => {}
            Err(e) => return Err(e),
        }
        self.status = saved;
        Ok(())
    }

    /// The ERR trap runs after a failing command where `set -e` would act.
    async fn run_err_trap(&mut self, status: i32) -> Res<()> {
        if self.in_trap || (!self.call_stack.is_empty() && !self.opts.errtrace) {
            return Ok(());
        }
        if let Some(cmd) = self.traps.get(&-1).cloned() {
            if !cmd.is_empty() {
                self.in_trap = true;
                self.status = status;
                let r = self.run_source(&cmd, b"trap").await;
                self.in_trap = false;
                r?;
                self.status = status;
            }
        }
        Ok(())
    }

    /// Runs handlers for caught signals that arrived.
    pub async fn run_pending_traps(&mut self) -> Res<()> {
        if self.in_trap {
            return Ok(());
        }
        let sigs = self.sys.take_caught_signals(self.pid);
        for sig in sigs {
            if let Some(cmd) = self.traps.get(&sig).cloned() {
                let saved = self.status;
                self.in_trap = true;
                let r = self.run_source(&cmd, b"trap").await;
                self.in_trap = false;
                r?;
                self.status = saved;
            }
        }
        Ok(())
    }

    /// Returns the status and whether `set -e` may act on it (the last pipeline ran and was
    /// not negated).
    async fn exec_and_or(&mut self, ao: &AndOr) -> Res<(i32, bool)> {
        self.errexit_exempt = false;
        let suppress = !ao.rest.is_empty();
        if suppress {
            self.errexit_suppressed += 1;
        }
        let first = self.exec_pipeline(&ao.first).await;
        if suppress {
            self.errexit_suppressed -= 1;
        }
        let mut status = first?;
        let mut eligible = !ao.first.negated && ao.rest.is_empty();
        let mut last_pl = &ao.first;
        for (i, (op, pl)) in ao.rest.iter().enumerate() {
            let run = match op {
                AndOrOp::And => status == 0,
                AndOrOp::Or => status != 0,
            };
            if !run {
                continue;
            }
            let last = i + 1 == ao.rest.len();
            if !last {
                self.errexit_suppressed += 1;
            }
            let r = self.exec_pipeline(pl).await;
            if !last {
                self.errexit_suppressed -= 1;
            }
            status = r?;
            eligible = last && !pl.negated;
            last_pl = pl;
        }
        // A compound command (not a subshell) that failed only because of a command whose
        // failure `set -e` ignores does not trigger `set -e` either (POSIX).
        if eligible && status != 0 && self.errexit_exempt {
            if let [Command::Compound(c, _, _)] = last_pl.commands.as_slice() {
                if !matches!(**c, CompoundCommand::Subshell(_)) {
                    eligible = false;
                }
            }
        }
        Ok((status, eligible))
    }

    async fn exec_pipeline(&mut self, pl: &Pipeline) -> Res<i32> {
        self.sys.charge(cost::EXEC_NODE)?;
        self.line = pl.line;
        self.sys.maybe_yield().await;
        if pl.negated {
            self.errexit_suppressed += 1;
        }
        let started = pl.timed.then(|| {
            (
                self.sys.clock.borrow().monotonic_ns(),
                self.sys.meter.cpu_used(),
            )
        });
        let r = self.exec_pipeline_inner(pl).await;
        if pl.negated {
            self.errexit_suppressed -= 1;
        }
        if let Some((t0, cpu0)) = started {
            // Reported even when the pipeline failed; not when the shell is being unwound.
            if !matches!(r, Err(Flow::Int(_))) {
                self.report_time(pl.time_posix, t0, cpu0);
            }
        }
        let mut status = r?;
        if pl.negated {
            status = if status == 0 { 1 } else { 0 };
        }
        self.status = status;
        Ok(status)
    }

    /// Prints `time`'s report for a pipeline that started at `t0` with `cpu0` fuel spent.
    fn report_time(&mut self, posix: bool, t0: u64, cpu0: u64) {
        let usage = timing::Usage {
            real_ns: self.sys.clock.borrow().monotonic_ns().saturating_sub(t0),
            user_ns: (self.sys.meter.cpu_used().saturating_sub(cpu0))
                .saturating_mul(cost::CPU_UNIT_NANOS),
            sys_ns: 0,
        };
        let format = self.get_scalar(b"TIMEFORMAT");
        let text = timing::report(format.as_deref(), posix, usage);
        self.write_err_now(&text);
    }

    async fn exec_pipeline_inner(&mut self, pl: &Pipeline) -> Res<i32> {
        if pl.commands.is_empty() {
            self.pipestatus = vec![0];
            return Ok(0);
        }
        if pl.commands.len() == 1 {
            let s = self.exec_command(&pl.commands[0]).await?;
            self.pipestatus = vec![s];
            return Ok(s);
        }
        // Each stage is a child process; stdin/stdout joined by pipes.
        let n = pl.commands.len();
        let mut pids: Vec<Pid> = Vec::with_capacity(n);
        let mut prev_read: Option<Rc<OpenFile>> = None;
        let lastpipe = self.opts.lastpipe;
        for (i, cmd) in pl.commands.iter().enumerate() {
            let last = i + 1 == n;
            let (next_read, write) = if last {
                (None, None)
            } else {
                let (r, w) = self.sys.pipe();
                (Some(r), Some(w))
            };
            if last && lastpipe {
                // Run the last stage in this shell.
                let saved0 = self.sys.fd(self.pid, 0);
                if let Some(r) = prev_read.take() {
                    self.sys.set_fd(self.pid, 0, Some(r));
                }
                let r = self.exec_command(cmd).await;
                self.sys.set_fd(self.pid, 0, saved0);
                let s = r?;
                let mut statuses = Vec::new();
                for pid in &pids {
                    statuses.push(self.wait_child(*pid).await?);
                }
                statuses.push(s);
                return Ok(self.set_pipestatus(statuses));
            }
            let stderr_too = pl.pipe_stderr.get(i).copied().unwrap_or(false);
            // Pipeline stages keep the DEBUG trap (bash runs it in each stage).
            let debug_trap = self.traps.get(&-2).cloned();
            let stdin = prev_read.take();
            let cmd = cmd.clone();
            let pid = self
                .spawn_child(move |sh: &mut Shell| {
                    if let Some(d) = debug_trap {
                        sh.traps.insert(-2, d);
                    }
                    if let Some(r) = stdin {
                        sh.sys.set_fd(sh.pid, 0, Some(r));
                    }
                    if let Some(w) = write {
                        if stderr_too {
                            sh.sys.set_fd(sh.pid, 2, Some(w.clone()));
                        }
                        sh.sys.set_fd(sh.pid, 1, Some(w));
                    }
                    cmd
                })
                .await?;
            pids.push(pid);
            prev_read = next_read;
        }
        let mut statuses = Vec::with_capacity(n);
        for pid in pids {
            statuses.push(self.wait_child(pid).await?);
        }
        Ok(self.set_pipestatus(statuses))
    }

    fn set_pipestatus(&mut self, statuses: Vec<i32>) -> i32 {
        let status = if self.opts.pipefail {
            statuses
                .iter()
                .rev()
                .find(|s| **s != 0)
                .copied()
                .unwrap_or(0)
        } else {
            *statuses.last().unwrap_or(&0)
        };
        self.pipestatus = statuses;
        status
    }

    /// Creates a child process running `cmd` (prepared by `setup`) in a copy of this shell.
    pub(crate) async fn spawn_child(
        &mut self,
        setup: impl FnOnce(&mut Shell) -> Command,
    ) -> Res<Pid> {
        self.sys.charge(cost::PROCESS_SPAWN)?;
        let process_memory = self.sys.meter.reservation(cost::PROCESS_MEMORY)?;
        // A fork: the child has its parent's command line (`ps` shows a subshell as `bash`)
        // until it runs a command of its own.
        let argv = self
            .sys
            .proc_snapshot(self.pid)
            .map_or_else(|| vec![b"bash".to_vec()], |p| p.argv);
        let pid = self
            .sys
            .create_process(Some(self.pid), argv, self.cwd.clone())?;
        let mut child = self.fork_state(pid);
        let cmd = setup(&mut child);
        child.coproc_close_in_child();
        self.sys.start(
            pid,
            Box::pin(async move {
                // The child's memory goes with its task, however that ends (a dropped task
                // included).
                let process_memory = process_memory;
                let r = child.exec_command(&cmd).await;
                let r = child.finish(r).await;
                drop(process_memory);
                r.unwrap_or_else(|i| match i {
                    Interrupt::Signal(s) => 128 + s,
                    Interrupt::Stop(_) => 137,
                })
            }),
        );
        Ok(pid)
    }

    /// Waits for a child and returns its status (a stopped machine propagates).
    pub(crate) async fn wait_child(&mut self, pid: Pid) -> Res<i32> {
        let s = self.sys.wait_for(self.pid, pid, false).await.unwrap_or(127);
        if let Some(r) = self.sys.meter.stopped() {
            return Err(Flow::Int(Interrupt::Stop(r)));
        }
        self.sys.reap(pid);
        Ok(s)
    }

    async fn spawn_background(&mut self, ao: &AndOr) -> Res<i32> {
        let cmd = Command::Compound(
            Box::new(CompoundCommand::Group(List {
                items: vec![ListItem {
                    start: 0,
                    end: 0,
                    line: self.line,
                    and_or: ao.clone(),
                    background: false,
                }],
            })),
            Vec::new(),
            self.line,
        );
        let pid = self
            .spawn_child(|sh| {
                // `set -e` does not end a background job early in this model.
                sh.opts.errexit = false;
                cmd
            })
            .await?;
        self.sys.mark_background(pid);
        self.last_bg = Some(pid);
        let id = self.jobs.last().map(|j| j.id + 1).unwrap_or(1);
        self.jobs.push(super::state::Job {
            id,
            pid,
            command: super::print::and_or_text(ao),
        });
        self.status = 0;
        Ok(0)
    }

    pub fn exec_command<'a>(&'a mut self, cmd: &'a Command) -> BoxFut<'a, Res<i32>> {
        Box::pin(async move {
            match cmd {
                Command::Simple(sc) => {
                    self.line = sc.line;
                    if self.opts.get("keyword") == Some(true) {
                        if let Some(moved) = keyword_assignments(sc) {
                            return self.exec_simple(&moved).await;
                        }
                    }
                    self.exec_simple(sc).await
                }
                Command::Compound(c, redirs, line) => {
                    self.line = *line;
                    let saved = match self.apply_redirects(redirs).await? {
                        Ok(s) => s,
                        Err(()) => return Ok(1),
                    };
                    let r = self.exec_compound(c).await;
                    self.restore_redirects(saved);
                    r
                }
                Command::FunctionDef(def) => {
                    self.funcs.insert(def.name.clone(), def.clone());
                    self.func_files
                        .insert(def.name.clone(), self.source_name.clone());
                    Ok(0)
                }
            }
        })
    }

    async fn exec_compound(&mut self, c: &CompoundCommand) -> Res<i32> {
        self.sys.charge(cost::EXEC_NODE)?;
        match c {
            CompoundCommand::Group(list) => self.exec_list(list).await,
            CompoundCommand::Subshell(list) => {
                let cmd = Command::Compound(
                    Box::new(CompoundCommand::Group(list.clone())),
                    Vec::new(),
                    self.line,
                );
                let pid = self.spawn_child(|_| cmd).await?;
                let s = self.wait_child(pid).await?;
                self.status = s;
                Ok(s)
            }
            CompoundCommand::If {
                branches,
                else_body,
            } => {
                for (cond, body) in branches {
                    self.errexit_suppressed += 1;
                    let c = self.exec_list(cond).await;
                    self.errexit_suppressed -= 1;
                    if c? == 0 {
                        return self.exec_list(body).await;
                    }
                }
                match else_body {
                    Some(b) => self.exec_list(b).await,
                    None => {
                        self.status = 0;
                        Ok(0)
                    }
                }
            }
            CompoundCommand::While { cond, body, until } => {
                let mut status = 0;
                self.loop_depth += 1;
                let r: Res<i32> = async {
                    loop {
                        self.sys.charge(cost::EXEC_NODE)?;
                        self.errexit_suppressed += 1;
                        let c = self.exec_list(cond).await;
                        self.errexit_suppressed -= 1;
                        let c = match c {
                            Err(Flow::Break(n)) => return self.loop_break(n),
                            Err(Flow::Continue(n)) if n > 1 => return Err(Flow::Continue(n - 1)),
                            Err(Flow::Continue(_)) => continue,
                            other => other?,
                        };
                        if (c == 0) == *until {
                            break;
                        }
                        match self.exec_list(body).await {
                            Ok(s) => status = s,
                            Err(Flow::Break(n)) => return self.loop_break(n),
                            Err(Flow::Continue(n)) if n > 1 => return Err(Flow::Continue(n - 1)),
                            Err(Flow::Continue(_)) => {}
                            Err(e) => return Err(e),
                        }
                    }
                    Ok(status)
                }
                .await;
                self.loop_depth -= 1;
                let s = r?;
                self.status = s;
                Ok(s)
            }
            CompoundCommand::For {
                var,
                words,
                body,
                line,
            } => {
                self.line = *line;
                if !super::parser::is_valid_name(var) {
                    self.error_msg(
                        format!("`{}': not a valid identifier", String::from_utf8_lossy(var))
                            .as_bytes(),
                    );
                    return Err(Flow::Abort(1));
                }
                let items = match words {
                    Some(ws) => self.expand_words(ws).await?,
                    None => self.positional.clone(),
                };
                // `set -x` shows the loop's head, as written, before each iteration.
                let head = self.opts.xtrace.then(|| {
                    let list = match words {
                        Some(ws) => crate::shell::print::words_text(ws),
                        None => b"\"$@\"".to_vec(),
                    };
                    [&b"for "[..], var, b" in ", &list].concat()
                });
                let mut status = 0;
                self.loop_depth += 1;
                let r: Res<i32> = async {
                    for it in items {
                        self.sys.charge(cost::EXEC_NODE)?;
                        // Each iteration runs the DEBUG trap on the `for` line.
                        self.line = *line;
                        if !self.traps.is_empty() {
                            self.run_debug_trap().await?;
                        }
                        if let Some(h) = &head {
                            self.xtrace_line(h).await?;
                        }
                        self.set_scalar(var, it)?;
                        match self.exec_list(body).await {
                            Ok(s) => status = s,
                            Err(Flow::Break(n)) => return self.loop_break(n),
                            Err(Flow::Continue(n)) if n > 1 => return Err(Flow::Continue(n - 1)),
                            Err(Flow::Continue(_)) => {}
                            Err(e) => return Err(e),
                        }
                    }
                    Ok(status)
                }
                .await;
                self.loop_depth -= 1;
                let s = r?;
                self.status = s;
                Ok(s)
            }
            CompoundCommand::ArithFor {
                init,
                cond,
                step,
                body,
                line,
            } => {
                self.line = *line;
                match init {
                    Some(w) => {
                        let t = self.expand_single(w).await?;
                        self.trace_arith_for(&t).await?;
                        if self.arith_status(&t, "((: ")?.is_err() {
                            return Ok(1);
                        }
                    }
                    None => self.trace_arith_for(b"1").await?,
                }
                let mut status = 0;
                self.loop_depth += 1;
                let r: Res<i32> = async {
                    loop {
                        self.sys.charge(cost::EXEC_NODE)?;
                        self.line = *line;
                        match cond {
                            Some(w) => {
                                let t = self.expand_single(w).await?;
                                self.trace_arith_for(&t).await?;
                                match self.arith_status(&t, "((: ")? {
                                    Ok(0) => break,
                                    Ok(_) => {}
                                    Err(()) => return Ok(1),
                                }
                            }
                            None => self.trace_arith_for(b"1").await?,
                        }
                        match self.exec_list(body).await {
                            Ok(s) => status = s,
                            Err(Flow::Break(n)) => return self.loop_break(n),
                            Err(Flow::Continue(n)) if n > 1 => return Err(Flow::Continue(n - 1)),
                            Err(Flow::Continue(_)) => {}
                            Err(e) => return Err(e),
                        }
                        self.line = *line;
                        match step {
                            Some(w) => {
                                let t = self.expand_single(w).await?;
                                self.trace_arith_for(&t).await?;
                                if self.arith_status(&t, "((: ")?.is_err() {
                                    return Ok(1);
                                }
                            }
                            None => self.trace_arith_for(b"1").await?,
                        }
                    }
                    Ok(status)
                }
                .await;
                self.loop_depth -= 1;
                let s = r?;
                self.status = s;
                Ok(s)
            }
            CompoundCommand::Select {
                var,
                words,
                body,
                line,
            } => self.exec_select(var, words.as_deref(), body, *line).await,
            CompoundCommand::Case { word, arms } => {
                self.run_debug_trap().await?;
                if self.opts.xtrace {
                    let head = [&b"case "[..], &crate::shell::print::word_text(word), b" in"];
                    self.xtrace_line(&head.concat()).await?;
                }
                let subject = self.expand_single(word).await?;
                let mut status = 0;
                let mut i = 0;
                let mut fall = false;
                while i < arms.len() {
                    let arm = &arms[i];
                    let mut matched = fall;
                    if !matched {
                        for p in &arm.patterns {
                            let pat = self.expand_pattern(p).await?;
                            let pattern =
                                Pattern::compile(&pat, self.match_opts(self.opts.nocasematch));
                            self.sys
                                .charge(1 + pattern.work_estimate(subject.len()) / 256)?;
                            if pattern.matches(&subject) {
                                matched = true;
                                break;
                            }
                        }
                    }
                    if matched {
                        status = self.exec_list(&arm.body).await?;
                        match arm.term {
                            CaseTerm::Break => break,
                            CaseTerm::FallThrough => fall = true,
                            CaseTerm::Continue => fall = false,
                        }
                    }
                    i += 1;
                }
                self.status = status;
                Ok(status)
            }
            CompoundCommand::Arith(w, line) => {
                self.line = *line;
                self.run_debug_trap().await?;
                let t = self.expand_single(w).await?;
                if self.opts.xtrace {
                    let line = [b"(( ", &t[..], b" ))"].concat();
                    self.xtrace_line(&line).await?;
                }
                let s = match self.arith_status(&t, "((: ")? {
                    Ok(v) => i32::from(v == 0),
                    Err(()) => 1,
                };
                self.status = s;
                Ok(s)
            }
            CompoundCommand::Coproc { name, body } => self.exec_coproc(name, body).await,
            CompoundCommand::Cond(e, line) => {
                self.line = *line;
                self.run_debug_trap().await?;
                let s = match self.eval_cond(e).await? {
                    Some(true) => 0,
                    Some(false) => 1,
                    None => 2,
                };
                self.status = s;
                Ok(s)
            }
        }
    }

    /// Leaving a loop through `break N`: outer loops still to leave get the break; the loop
    /// left last ends with `break`'s own status, 0 (whatever the body's last status was).
    fn loop_break(&mut self, n: u32) -> Res<i32> {
        if n > 1 {
            Err(Flow::Break(n - 1))
        } else {
            Ok(0)
        }
    }

    /// Runs a shell function.
    pub(crate) async fn call_function(
        &mut self,
        def: Rc<FunctionDef>,
        argv: Vec<Vec<u8>>,
    ) -> Res<i32> {
        self.sys.charge(cost::FUNCTION_CALL)?;
        self.depth += 1;
        if self.depth > MAX_CALL_DEPTH {
            self.depth -= 1;
            self.error_msg(
                format!(
                    "{}: maximum function nesting level exceeded ({MAX_CALL_DEPTH})",
                    String::from_utf8_lossy(&def.name)
                )
                .as_bytes(),
            );
            return Err(Flow::Int(Interrupt::Stop(
                self.sys.meter.stop_with(StopReason::DepthExceeded).0,
            )));
        }
        let frame = self.sys.meter.reservation(cost::FRAME_MEMORY)?;
        let saved_pos = std::mem::replace(&mut self.positional, argv[1..].to_vec());
        self.vars.push_frame();
        let defined_in = self.func_files.get(&def.name).cloned().unwrap_or_default();
        self.call_stack.push(super::state::CallFrame {
            name: def.name.clone(),
            sourced: false,
            call_line: self.line,
            source: defined_in,
        });
        let saved_loop = std::mem::replace(&mut self.loop_depth, 0);
        let r = self.exec_command(&def.body).await;
        self.loop_depth = saved_loop;
        self.call_stack.pop();
        let popped = self.pop_var_frame();
        self.positional = saved_pos;
        drop(frame);
        self.depth -= 1;
        popped?;
        match r {
            Ok(s) => Ok(s),
            Err(Flow::Return(s)) => {
                self.status = s;
                Ok(s)
            }
            Err(e) => Err(e),
        }
    }

    /// Ends a function's variable scope: its locals go and the values they shadowed come
    /// back, the held memory moving from one to the other.
    fn pop_var_frame(&mut self) -> Res<()> {
        let names: Vec<Vec<u8>> = self
            .vars
            .frames
            .last()
            .map(|f| f.saved.iter().map(|(n, _)| n.clone()).collect())
            .unwrap_or_default();
        let before = self.vars_charge(names.iter().map(Vec::as_slice));
        self.vars.pop_frame();
        let after = self.vars_charge(names.iter().map(Vec::as_slice));
        self.account(before, after)
    }

    /// `$(...)`: runs the program in a child whose stdout is a pipe; returns the output
    /// without trailing newlines.
    pub(crate) fn command_substitution<'a>(
        &'a mut self,
        prog: &'a Rc<Program>,
    ) -> BoxFut<'a, Res<Vec<u8>>> {
        Box::pin(async move {
            if let Some(target) = lone_input_redirect(prog) {
                // `$(< file)`: the file's contents, without running a command.
                let name = self.expand_single(target).await?;
                let abs = crate::vfs::path::join(&self.cwd, &name);
                let data = match self
                    .sys
                    .open(self.pid, &abs, crate::process::OpenFlags::read())
                {
                    Ok(f) => match self.sys.read_to_end(&f).await {
                        Ok(d) => d,
                        Err(crate::process::IoError::Interrupted(i)) => return Err(Flow::Int(i)),
                        Err(e) => {
                            self.error_msg(&[&name[..], b": ", e.message().as_bytes()].concat());
                            self.status = 1;
                            return Ok(Vec::new());
                        }
                    },
                    Err(e) => {
                        self.error_msg(&[&name[..], b": ", e.message().as_bytes()].concat());
                        self.status = 1;
                        return Ok(Vec::new());
                    }
                };
                self.status = 0;
                self.subst_status = Some(0);
                // The text becomes a word, charged as the expansion's result.
                let (mut out, _) = data.into_parts();
                out.retain(|&b| b != 0);
                while out.last() == Some(&b'\n') {
                    out.pop();
                }
                return Ok(out);
            }
            let (r, w) = self.sys.pipe();
            let body = prog.body.clone();
            let cmd = Command::Compound(
                Box::new(CompoundCommand::Group(body)),
                Vec::new(),
                self.line,
            );
            let errexit_keep = self.opts.inherit_errexit;
            let pid = self
                .spawn_child(move |sh| {
                    sh.xtrace_level += 1;
                    sh.sys.set_fd(sh.pid, 1, Some(w));
                    // bash leaves a coprocess's descriptors open in a command substitution.
                    sh.coproc = None;
                    if !errexit_keep {
                        sh.opts.errexit = false;
                    }
                    cmd
                })
                .await?;
            let out = match self.sys.read_to_end(&r).await {
                Ok(o) => o,
                Err(crate::process::IoError::Interrupted(i)) => return Err(Flow::Int(i)),
                Err(_) => ReservedBuf::new(&self.sys.meter),
            };
            drop(r);
            let s = self.wait_child(pid).await?;
            self.status = s;
            self.subst_status = Some(s);
            // The output becomes a word, charged as the expansion's result.
            let (mut out, _) = out.into_parts();
            if out.contains(&0) {
                // Shell strings cannot hold NUL; bash drops them with a warning.
                out.retain(|&b| b != 0);
                let mut msg = self.arg0.clone();
                msg.extend_from_slice(
                    b": warning: command substitution: ignored null byte in input\n",
                );
                self.write_err_now(&msg);
            }
            while out.last() == Some(&b'\n') {
                out.pop();
            }
            Ok(out)
        })
    }

    /// `<(...)` / `>(...)`: a child connected by a pipe, named `/dev/fd/N`.
    pub(crate) async fn process_substitution(
        &mut self,
        prog: &Rc<Program>,
        is_in: bool,
    ) -> Res<Vec<u8>> {
        let (r, w) = self.sys.pipe();
        let body = prog.body.clone();
        let cmd = Command::Compound(
            Box::new(CompoundCommand::Group(body)),
            Vec::new(),
            self.line,
        );
        let (mine, theirs) = if is_in { (r, w) } else { (w, r) };
        let theirs_fd = if is_in { 1 } else { 0 };
        self.spawn_child(move |sh| {
            sh.xtrace_level += 1;
            sh.sys.set_fd(sh.pid, theirs_fd, Some(theirs));
            cmd
        })
        .await?;
        let fd = self.sys.free_fd_down(self.pid, 63);
        self.sys.set_fd(self.pid, fd, Some(mine));
        self.procsub_fds.push(fd);
        Ok(format!("/dev/fd/{fd}").into_bytes())
    }
}

/// The target of `$(< file)`: a program that is one simple command with no words, no
/// assignments and a single `<` redirection.
fn lone_input_redirect(prog: &Program) -> Option<&Word> {
    let [item] = prog.body.items.as_slice() else {
        return None;
    };
    if item.background || !item.and_or.rest.is_empty() || item.and_or.first.negated {
        return None;
    }
    let [Command::Simple(sc)] = item.and_or.first.commands.as_slice() else {
        return None;
    };
    if !sc.words.is_empty() || !sc.assigns.is_empty() {
        return None;
    }
    match sc.redirects.as_slice() {
        [Redirect {
            fd: None | Some(RedirFd::Num(0)),
            op: RedirOp::In,
            target: RedirTarget::Word(w),
        }] => Some(w),
        _ => None,
    }
}

/// `set -k`: assignment words after the command name go to the command's environment, as if
/// written before it. The words were parsed as arguments, so each one's source text is read
/// again to see whether it is an assignment (a quoted or computed name is not). `None` when
/// no word moved.
fn keyword_assignments(sc: &SimpleCommand) -> Option<SimpleCommand> {
    let mut moved = None::<SimpleCommand>;
    for (i, w) in sc.words.iter().enumerate().skip(1) {
        let assign = super::parser::parse(&w.raw).ok().and_then(|p| {
            let [item] = p.body.items.as_slice() else {
                return None;
            };
            let [Command::Simple(c)] = item.and_or.first.commands.as_slice() else {
                return None;
            };
            let plain = item.and_or.rest.is_empty() && !item.background;
            (plain && c.words.is_empty() && c.redirects.is_empty() && c.assigns.len() == 1)
                .then(|| c.assigns[0].clone())
        });
        if let Some(a) = assign {
            let m = moved.get_or_insert_with(|| SimpleCommand {
                assigns: sc.assigns.clone(),
                words: sc.words[..i].to_vec(),
                redirects: sc.redirects.clone(),
                line: sc.line,
            });
            m.assigns.push(a);
        } else if let Some(m) = moved.as_mut() {
            m.words.push(w.clone());
        }
    }
    moved
}
