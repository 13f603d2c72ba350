//! [`Environment`]: one simulated machine with a persistent shell, driven action by action.

use super::action::{Action, ActionId, ActionOutput, ActionState, WaitReason};
use super::{EnvError, RunResult};
use crate::limits::{Limits, Usage};
use crate::process::command::{CommandFn, CommandTable, ExtensibleTable, Telemetry, Trust};
use crate::process::sched::{RunOptions, RunState};
use crate::process::{
    Desc, InputSource, Kernel, MachineInfo, OpenFile, PulledInput, StreamKind, WriteOrder, ROOT_PID,
};
use crate::shell::vars::{Var, ATTR_EXPORT};
use crate::shell::{Flow, Shell};
use crate::vfs::{VfsError, WriteMode};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// Most scheduler rounds a cancel drives while the foreground unwinds (no time passes).
pub const CANCEL_ROUNDS: u64 = 100_000;

/// One simulated machine and its shell.
///
/// Actions run one at a time in the foreground; background jobs (`cmd &`) keep running
/// between actions and advance whenever the session is polled. The session becomes terminal
/// (sticky) when its shell exits (`exit`, `set -e`) or a budget runs out: later actions
/// complete at once with the same outcome and charge nothing. A full disk is not terminal.
pub struct Environment {
    pub(super) kernel: Rc<Kernel>,
    /// The shell between actions; `None` while an action's task holds it.
    pub(super) shell: Rc<RefCell<Option<Shell>>>,
    pub(super) table: Rc<dyn ExtensibleTable>,
    pub(super) terminal: Option<RunResult>,
    pub(super) actions: BTreeMap<ActionId, Action>,
    pub(super) next_action: ActionId,
    /// The foreground action in flight.
    pub(super) active: Option<ActionId>,
    /// The shell as the active action found it: what a cancel that cannot unwind the shell
    /// cooperatively falls back to, with the bytes it held for its variables (a copy holds
    /// no memory of its own; see `shell::state::HeldMemory`).
    pub(super) shell_before: Option<(Shell, u64)>,
}

impl Environment {
    /// A fresh machine with the standard command set.
    pub fn new(limits: Limits) -> Environment {
        let table = crate::commands::Registry::standard();
        for name in ["python3", "python", "python3.14"] {
            table.register(
                name,
                crate::process::command::Trust::Partial,
                crate::python::SUMMARY,
                crate::python::OPTIONS,
                crate::python::run,
            );
        }
        Environment::with_table(limits, Rc::new(table))
    }

    pub fn with_table(limits: Limits, table: Rc<dyn ExtensibleTable>) -> Environment {
        let kernel = Kernel::new(limits, MachineInfo::default());
        let pid = kernel
            .create_process(None, vec![b"bash".to_vec()], b"/work".to_vec())
            .expect("first process");
        debug_assert_eq!(pid, ROOT_PID);
        let mut sh = Shell::new(kernel.clone(), pid, commands_of(&table));
        sh.init_environment(&kernel.info.hostname);
        sh.stdin_mode = true;
        Environment {
            kernel,
            shell: Rc::new(RefCell::new(Some(sh))),
            table,
            terminal: None,
            actions: BTreeMap::new(),
            next_action: 0,
            active: None,
            shell_before: None,
        }
    }

    pub fn kernel(&self) -> &Rc<Kernel> {
        &self.kernel
    }

    /// Adds (or replaces) a command, with the same context as the built-in ones.
    pub fn register_command(&mut self, name: &str, trust: Trust, run: CommandFn) {
        self.table.register(name, trust, run);
    }

    /// Runs `f` on the idle shell; `None` while an action holds it.
    fn try_shell<R>(&self, f: impl FnOnce(&mut Shell) -> R) -> Option<R> {
        self.shell.borrow_mut().as_mut().map(f)
    }

    fn with_shell<R>(&self, f: impl FnOnce(&mut Shell) -> R) -> R {
        self.try_shell(f)
            .expect("the shell is idle: no action is in flight")
    }

    /// Writes a file (creating parent directories).
    pub fn write_file(&mut self, path: &[u8], data: &[u8]) -> Result<(), VfsError> {
        let mut vfs = self.kernel.vfs.borrow_mut();
        let parent = crate::vfs::path::parent(path);
        vfs.mkdir_all(&parent, 0o755)?;
        vfs.write_file(path, data, WriteMode::Truncate)?;
        drop(vfs);
        self.kernel.sync_disk();
        Ok(())
    }

    /// Installs a whole tree under `dest` (the `--root` import), charged to the disk quota;
    /// all or nothing.
    pub fn import_tree(
        &mut self,
        dest: &[u8],
        entries: &[crate::vfs::TreeEntry],
    ) -> Result<(), crate::vfs::InstallError> {
        self.kernel.vfs.borrow_mut().install_tree(dest, entries)?;
        self.kernel.sync_disk();
        Ok(())
    }

    pub fn read_file(&self, path: &[u8]) -> Result<Vec<u8>, VfsError> {
        self.kernel.vfs.borrow().read_file(path).map(|d| d.to_vec())
    }

    pub fn chmod(&mut self, path: &[u8], mode: u32) -> Result<(), VfsError> {
        self.kernel.vfs.borrow_mut().chmod(path, mode)
    }

    pub fn mkdir_all(&mut self, path: &[u8]) -> Result<(), VfsError> {
        self.kernel.vfs.borrow_mut().mkdir_all(path, 0o755)?;
        self.kernel.sync_disk();
        Ok(())
    }

    /// Sets a shell variable. Panics if an action is in flight (the shell is busy).
    pub fn set_var(&mut self, name: &[u8], value: &[u8], export: bool) {
        self.with_shell(|sh| {
            let mut v = Var::scalar(value.to_vec());
            if export {
                v.attrs |= ATTR_EXPORT;
            }
            sh.vars.set_var(name, v);
        });
    }

    /// A shell variable's value; `None` if unset or while an action is in flight.
    pub fn get_var(&self, name: &[u8]) -> Option<Vec<u8>> {
        self.try_shell(|sh| sh.get_scalar(name)).flatten()
    }

    pub fn set_cwd(&mut self, path: &[u8]) -> Result<(), VfsError> {
        let canon = self.kernel.vfs.borrow().canonicalize(path)?;
        self.with_shell(|sh| {
            sh.cwd = canon.clone();
            let mut v = Var::scalar(canon.clone());
            v.attrs |= ATTR_EXPORT;
            sh.vars.set_var(b"PWD", v);
        });
        Ok(())
    }

    /// The shell's working directory (while an action runs, the shell process's).
    pub fn cwd(&self) -> Vec<u8> {
        self.try_shell(|sh| sh.cwd.clone()).unwrap_or_else(|| {
            self.kernel
                .proc_snapshot(ROOT_PID)
                .map(|p| p.cwd)
                .unwrap_or_else(|| b"/work".to_vec())
        })
    }

    pub fn set_arg0(&mut self, arg0: &[u8]) {
        self.with_shell(|sh| sh.arg0 = arg0.to_vec());
    }

    pub fn set_positional(&mut self, args: Vec<Vec<u8>>) {
        self.with_shell(|sh| sh.positional = args);
    }

    pub fn usage(&self) -> Usage {
        self.kernel.meter.usage()
    }

    pub fn limits(&self) -> Limits {
        self.kernel.meter.limits()
    }

    /// The telemetry window of the latest action.
    pub fn telemetry(&self) -> Telemetry {
        self.kernel.telemetry.borrow().clone()
    }

    /// Whether an earlier action ended the session (`exit`, `set -e`, exhaustion).
    pub fn terminal(&self) -> Option<&RunResult> {
        self.terminal.as_ref()
    }

    /// Makes errors behave as in `bash -c` (an aborted command ends the shell; fatal
    /// expansion errors exit 127) instead of as in `bash script.sh`.
    pub fn set_command_string_mode(&mut self, on: bool) {
        self.with_shell(|sh| {
            sh.c_mode = on;
            if on {
                sh.stdin_mode = false;
            }
        });
    }

    /// Names the script file being run (`bash script.sh`: `$-`, BASH_SOURCE, FUNCNAME), or
    /// `None` for a script read from standard input.
    pub fn set_script_file(&mut self, name: Option<&[u8]>) {
        self.with_shell(|sh| {
            sh.stdin_mode = name.is_none() && !sh.c_mode;
            sh.script_name = name.map(|n| n.to_vec()).unwrap_or_default();
            sh.source_name = sh.script_name.clone();
        });
    }

    /// No action in flight and no process scheduled: the state is plain data (a snapshot
    /// is a clone).
    pub fn quiescent(&self) -> bool {
        self.active.is_none() && !self.kernel.has_tasks()
    }

    /// The foreground action in flight, if any.
    pub fn active_action(&self) -> Option<ActionId> {
        self.active
    }

    /// The most recently started action (whose telemetry window is open).
    pub fn latest_action(&self) -> Option<ActionId> {
        self.next_action.checked_sub(1)
    }

    pub fn action(&self, id: ActionId) -> Option<&Action> {
        self.actions.get(&id)
    }

    /// Every retained action record, by id.
    pub fn actions(&self) -> impl Iterator<Item = &Action> {
        self.actions.values()
    }

    // ---- whole runs ---------------------------------------------------------------------

    /// Runs shell source as one action of a persistent session, with `stdin` as its input,
    /// to completion (virtual time advances as needed). On a syntax error the lines before it
    /// run and the action fails with status 2. An action left with nothing that can move (a deadlock) is cancelled (status 137).
    pub fn run(&mut self, script: &[u8], stdin: &[u8]) -> RunResult {
        self.run_to_end(script, Input::Given(stdin), false)
    }

    /// Runs a whole script as the shell's lifetime: like [`Environment::run`], and then the
    /// shell exits (the EXIT trap runs), background jobs are run to the end, and the session
    /// is terminal.
    pub fn run_script(&mut self, script: &[u8], stdin: &[u8]) -> RunResult {
        self.run_script_from(script, Input::Given(stdin))
    }

    /// Like [`Environment::run_script`], with standard input pulled from `source` as the
    /// script reads it (a chunk at a time), so an endless or huge input is never held whole
    /// and is read no further than the script reads.
    pub fn run_script_pulling(&mut self, script: &[u8], source: Box<dyn InputSource>) -> RunResult {
        self.run_script_from(script, Input::Pulled(source))
    }

    fn run_script_from(&mut self, script: &[u8], input: Input) -> RunResult {
        let r = self.run_to_end(script, input, true);
        if self.terminal.is_none() {
            self.terminal = Some(RunResult {
                stdout: Vec::new(),
                stderr: Vec::new(),
                ..r.clone()
            });
        }
        r
    }

    fn run_to_end(&mut self, script: &[u8], input: Input, whole_script: bool) -> RunResult {
        if let Some(active) = self.active {
            // A library caller left an action in flight: finish it first.
            self.poll(active, None, true).ok();
            if self.active.is_some() {
                self.cancel(active).ok();
            }
        }
        let (stdin, source) = match input {
            Input::Given(bytes) => (bytes, None),
            Input::Pulled(source) => (&b""[..], Some(source)),
        };
        let id = match self.start_action(script, stdin, source.is_some(), whole_script) {
            Ok(id) => id,
            Err(_) => unreachable!("no action is active"),
        };
        if let Some(source) = source {
            let mut input = self.actions[&id].stdin.borrow_mut();
            if !input.closed {
                input.source = Some(PulledInput(source));
            }
        }
        let state = self.poll(id, None, true).expect("action exists");
        if let ActionState::Blocked(_) = state {
            self.cancel(id).expect("action exists");
            if let Some(a) = self.actions.get(&id) {
                a.note_stderr(b"shellsim: the action could not make progress (every process waits on another) and was cancelled\n");
            }
        }
        self.take_result(id).expect("action exists")
    }

    /// Removes a completed action and returns everything it wrote, in write order.
    pub fn take_result(&mut self, id: ActionId) -> Result<RunResult, EnvError> {
        let a = self.actions.get(&id).ok_or(EnvError::NoSuchAction(id))?;
        let ActionState::Complete {
            status,
            stop_reason,
        } = a.state
        else {
            return Err(EnvError::ActionNotComplete(id));
        };
        let a = self.actions.remove(&id).expect("checked above");
        let stdout = std::mem::take(&mut a.stdout.borrow_mut().data);
        let stderr = std::mem::take(&mut a.stderr.borrow_mut().data);
        let order = std::mem::take(&mut *a.order.borrow_mut());
        Ok(RunResult {
            status,
            stdout,
            stderr,
            stop_reason,
            order,
        })
    }

    // ---- retained actions ---------------------------------------------------------------

    /// Starts `script` as the foreground action without running it yet. `stdin` is its
    /// input so far; with `stdin_open` more may be written later. Fails if an action is
    /// already in flight. A terminal session gives a completed action with the terminal outcome.
    pub fn start(
        &mut self,
        script: &[u8],
        stdin: &[u8],
        stdin_open: bool,
    ) -> Result<ActionId, EnvError> {
        self.start_action(script, stdin, stdin_open, false)
    }

    fn start_action(
        &mut self,
        script: &[u8],
        stdin: &[u8],
        stdin_open: bool,
        exit_at_end: bool,
    ) -> Result<ActionId, EnvError> {
        if let Some(a) = self.active {
            return Err(EnvError::ActionInFlight(a));
        }
        let id = self.next_action;
        self.next_action += 1;
        // Every action opens its own telemetry window, even one that runs nothing.
        self.kernel.telemetry.borrow_mut().begin_action();
        if let Some(t) = &self.terminal {
            let mut a = Action::new(id, b"", false, exit_at_end, 0);
            a.state = ActionState::Complete {
                status: t.status,
                stop_reason: t.stop_reason,
            };
            self.actions.insert(id, a);
            return Ok(id);
        }
        let first_sequence = self.kernel.telemetry.borrow().next_sequence();
        let action = Action::new(id, stdin, stdin_open, exit_at_end, first_sequence);
        self.attach_streams(&action);
        let parse_cost =
            crate::limits::cost::per_bytes(script.len(), 1, crate::limits::cost::PARSE_PER_BYTE);
        let parsed = match self.kernel.charge(parse_cost) {
            Err(_) => None,
            Ok(()) => Some(crate::shell::parser::parse_partial(script, 1, None)),
        };
        self.actions.insert(id, action);
        match parsed {
            None => {
                // The budget ran out while reading the source: nothing ran.
                self.complete(id, 137);
            }
            Some(prog) => {
                self.shell_before = self.try_shell(|sh| (sh.clone(), sh.held_memory()));
                self.spawn_shell_task(id, Rc::new(prog), exit_at_end);
                self.active = Some(id);
            }
        }
        Ok(id)
    }

    /// Points the shell's descriptors 0-2 at the action's streams.
    fn attach_streams(&self, a: &Action) {
        self.kernel.revive(ROOT_PID);
        self.kernel.set_fd(
            ROOT_PID,
            0,
            Some(OpenFile::new(Desc::Input(a.stdin.clone()))),
        );
        for (fd, sink, stream) in [
            (1, &a.stdout, StreamKind::Stdout),
            (2, &a.stderr, StreamKind::Stderr),
        ] {
            self.kernel.set_fd(
                ROOT_PID,
                fd,
                Some(OpenFile::new(Desc::Output {
                    sink: sink.clone(),
                    stream,
                })),
            );
        }
    }

    fn spawn_shell_task(
        &mut self,
        id: ActionId,
        prog: Rc<crate::shell::ast::Program>,
        exit_at_end: bool,
    ) {
        let slot = self.shell.clone();
        let exited = self.actions[&id].exited.clone();
        let task = Box::pin(async move {
            let mut sh = slot.borrow_mut().take().expect("shell present");
            // A syntax error ends a whole script as it ends bash; an action of a session
            // fails with status 2 and the session goes on, as a line typed at a prompt.
            let r = if exit_at_end {
                sh.exec_script(&prog).await
            } else {
                sh.exec_parsed(&prog, true, None).await
            };
            let is_exit = matches!(r, Err(Flow::Exit(_)) | Err(Flow::Abort(_)));
            let status = match r {
                _ if is_exit || exit_at_end => sh.finish(r).await,
                Ok(s) => Ok(s),
                Err(Flow::Return(s)) | Err(Flow::Abort(s)) | Err(Flow::Exit(s)) => Ok(s),
                Err(Flow::Break(_)) | Err(Flow::Continue(_)) => Ok(sh.status),
                Err(Flow::Int(i)) => Err(i),
            };
            exited.set(is_exit);
            let code = match status {
                Ok(s) => s,
                Err(crate::process::Interrupt::Signal(s)) => 128 + s,
                Err(crate::process::Interrupt::Stop(_)) => 137,
            };
            sh.status = code;
            *slot.borrow_mut() = Some(sh);
            code
        });
        self.kernel.start(ROOT_PID, task);
    }

    /// Drives the action: at most `max_rounds` scheduler rounds (`None`: until it completes
    /// or blocks). With `advance_time`, virtual time jumps to the next timer whenever
    /// nothing can run; without it a sleeping action reports `Blocked(Timer)` and the clock
    /// stands still. Background jobs advance too.
    pub fn poll(
        &mut self,
        id: ActionId,
        max_rounds: Option<u64>,
        advance_time: bool,
    ) -> Result<ActionState, EnvError> {
        let a = self.actions.get(&id).ok_or(EnvError::NoSuchAction(id))?;
        if self.active != Some(id) {
            return Ok(a.state.clone());
        }
        let whole_script = a.exit_at_end;
        let state = self.kernel.run(
            ROOT_PID,
            RunOptions {
                // A whole script also runs its background jobs to the end (as the CLI's
                // one-shot modes report them); a session action leaves them running.
                drain: whole_script,
                advance_time,
                max_rounds,
            },
        );
        let new_state = match state {
            RunState::Done | RunState::Stopped => {
                let status = match state {
                    RunState::Stopped => 137,
                    _ => self.kernel.exit_status(ROOT_PID).unwrap_or(137),
                };
                self.complete(id, status);
                return Ok(self.actions[&id].state.clone());
            }
            RunState::Paused => ActionState::Running,
            RunState::Blocked => ActionState::Blocked(self.wait_reason(id)),
        };
        if self.kernel.exit_status(ROOT_PID).is_some() && !whole_script {
            // The shell finished this round; background jobs are what still runs.
            self.complete(id, self.kernel.exit_status(ROOT_PID).unwrap_or(137));
            return Ok(self.actions[&id].state.clone());
        }
        self.actions.get_mut(&id).expect("exists").state = new_state.clone();
        Ok(new_state)
    }

    /// Why nothing moves: a foreground timer first, then the action's open input, then any
    /// timer (a background job the foreground may be waiting for), else stalled.
    fn wait_reason(&self, id: ActionId) -> WaitReason {
        let clock = self.kernel.clock.borrow();
        let foreground = |owner: u64| {
            self.kernel
                .proc_snapshot(owner as crate::process::Pid)
                .is_some_and(|p| !p.background)
        };
        if let Some(deadline_ns) = clock.next_deadline_where(foreground) {
            return WaitReason::Timer { deadline_ns };
        }
        let input = self.actions[&id].stdin.borrow();
        if !input.closed && input.pos >= input.data.len() {
            return WaitReason::Input;
        }
        match clock.next_deadline() {
            Some(deadline_ns) => WaitReason::Timer { deadline_ns },
            None => WaitReason::Stalled,
        }
    }

    /// Finishes the bookkeeping of an action whose shell task has ended (or never started).
    fn complete(&mut self, id: ActionId, status: i32) {
        let stop = self.kernel.meter.stopped();
        if self.shell.borrow().is_none() {
            // The task was dropped (exhaustion, a fatal signal, or a cancel that could not
            // unwind it): fall back to the shell as the action found it.
            let sh = match self.shell_before.take() {
                // The dropped task's shell gave its memory back; the copy holds it again
                // (unless the run has stopped: then nothing more is reserved).
                Some((mut sh, held)) => {
                    let m = &self.kernel.meter;
                    let held = m
                        .reservation(held)
                        .unwrap_or_else(|_| m.empty_reservation());
                    sh.mem_held = crate::shell::state::HeldMemory(held);
                    sh
                }
                None => {
                    let mut sh =
                        Shell::new(self.kernel.clone(), ROOT_PID, commands_of(&self.table));
                    sh.init_environment(&self.kernel.info.hostname);
                    sh
                }
            };
            *self.shell.borrow_mut() = Some(sh);
        }
        self.shell_before = None;
        self.kernel.clear_inline_interrupt();
        let a = self.actions.get_mut(&id).expect("exists");
        let status = if stop.is_some() { 137 } else { status };
        a.state = ActionState::Complete {
            status,
            stop_reason: stop,
        };
        a.stdin.borrow_mut().closed = true;
        if let Some(reason) = stop {
            a.note_stderr(format!("shellsim: {}\n", reason.describe()).as_bytes());
        }
        if stop.is_some() || a.exited.get() {
            self.terminal = Some(RunResult {
                status,
                stdout: Vec::new(),
                stderr: Vec::new(),
                stop_reason: stop,
                order: WriteOrder::default(),
            });
        }
        // Actions do not keep the harness streams open in the shell.
        for fd in 0..3 {
            self.kernel.set_fd(ROOT_PID, fd, None);
        }
        if self.active == Some(id) {
            self.active = None;
        }
    }

    /// Makes the session terminal after a budget ran out outside an action (a harness
    /// operation that charges the meter).
    pub(super) fn mark_exhausted(&mut self, reason: crate::limits::StopReason) {
        if self.terminal.is_none() {
            self.terminal = Some(RunResult {
                status: 137,
                stdout: Vec::new(),
                stderr: Vec::new(),
                stop_reason: Some(reason),
                order: WriteOrder::default(),
            });
        }
    }

    /// Appends bytes to a running action's standard input.
    pub fn write_stdin(&mut self, id: ActionId, data: &[u8]) -> Result<(), EnvError> {
        let a = self.actions.get(&id).ok_or(EnvError::NoSuchAction(id))?;
        let mut input = a.stdin.borrow_mut();
        if input.closed {
            return Err(EnvError::StdinClosed(id));
        }
        input.data.extend_from_slice(data);
        drop(input);
        self.kernel.note_progress();
        Ok(())
    }

    /// Ends a running action's standard input (readers see end of file).
    pub fn close_stdin(&mut self, id: ActionId) -> Result<(), EnvError> {
        let a = self.actions.get(&id).ok_or(EnvError::NoSuchAction(id))?;
        a.stdin.borrow_mut().closed = true;
        self.kernel.note_progress();
        Ok(())
    }

    /// The bytes the action wrote since the last call.
    pub fn read_output(&mut self, id: ActionId) -> Result<ActionOutput, EnvError> {
        let a = self
            .actions
            .get_mut(&id)
            .ok_or(EnvError::NoSuchAction(id))?;
        Ok(a.read_output())
    }

    /// Kills the foreground of an action in flight (an uncatchable kill; background jobs are
    /// left alone). The shell unwinds with its variables, functions and working directory
    /// intact; the action completes with status 137 and the session stays usable. No virtual
    /// time passes. Cancelling a completed action returns its state.
    pub fn cancel(&mut self, id: ActionId) -> Result<ActionState, EnvError> {
        let a = self.actions.get(&id).ok_or(EnvError::NoSuchAction(id))?;
        if self.active != Some(id) {
            return Ok(a.state.clone());
        }
        a.stdin.borrow_mut().closed = true;
        self.kernel.cancel_foreground(ROOT_PID);
        let state = self.kernel.run(
            ROOT_PID,
            RunOptions {
                drain: false,
                advance_time: false,
                max_rounds: Some(CANCEL_ROUNDS),
            },
        );
        if self.kernel.exit_status(ROOT_PID).is_none() && state != RunState::Stopped {
            // The shell is blocked where a cancel cannot reach it (waiting on a background
            // job's pipe): drop its task and fall back to the shell as the action found it.
            self.kernel
                .kill_task(ROOT_PID, 128 + crate::process::SIGKILL);
            self.actions[&id].note_stderr(
                b"shellsim: cancelled; shell state changes made by this action were discarded\n",
            );
        }
        self.kernel.end_cancel();
        self.actions[&id].exited.set(false);
        self.complete(id, 128 + crate::process::SIGKILL);
        Ok(self.actions[&id].state.clone())
    }

    /// Forgets a completed action's record.
    pub fn drop_action(&mut self, id: ActionId) -> Result<(), EnvError> {
        let a = self.actions.get(&id).ok_or(EnvError::NoSuchAction(id))?;
        if !a.state.is_complete() {
            return Err(EnvError::ActionNotComplete(id));
        }
        self.actions.remove(&id);
        Ok(())
    }

    /// Sends a signal to a process (or its whole process group). Returns how many live
    /// processes got it (0: no such live process).
    pub fn signal(&mut self, pid: crate::process::Pid, sig: i32, group: bool) -> usize {
        if !group {
            return usize::from(self.kernel.signal(pid, sig));
        }
        let Some(pgid) = self.kernel.proc_snapshot(pid).map(|p| p.pgid) else {
            return 0;
        };
        let mut n = 0;
        for p in self.kernel.live_pids() {
            if self.kernel.proc_snapshot(p).is_some_and(|x| x.pgid == pgid) {
                n += usize::from(self.kernel.signal(p, sig));
            }
        }
        n
    }

    /// Sends a signal to the foreground, as a terminal's interrupt key does: every live
    /// process of the action in flight except background jobs. The session's shell survives
    /// (as an interactive shell does); when it has no child to signal — it is running a
    /// command in its own process, like `sleep 30` — that command is interrupted instead, or
    /// the shell's trap runs if it set one. Returns how many processes were signalled.
    pub fn signal_foreground(&mut self, sig: i32) -> usize {
        let mut n = 0;
        for p in self.kernel.live_pids() {
            let fg = self.kernel.proc_snapshot(p).is_some_and(|x| !x.background);
            if fg && p != ROOT_PID && self.kernel.signal(p, sig) {
                n += 1;
            }
        }
        if n == 0 && self.active.is_some() {
            let disposition = self
                .kernel
                .proc_snapshot(ROOT_PID)
                .and_then(|p| p.dispositions.get(&sig).copied())
                .unwrap_or_default();
            match disposition {
                crate::process::Disposition::Catch => {
                    // The trap runs; a command the shell runs itself dies of the signal
                    // first, as the child a real shell forks would. While it runs, the
                    // process shows that command's name instead of the shell's.
                    let running_command = self
                        .kernel
                        .proc_snapshot(ROOT_PID)
                        .is_some_and(|p| p.argv.first().is_some_and(|a| a != b"bash"));
                    if running_command {
                        self.kernel.interrupt_inline(ROOT_PID, sig);
                    }
                    n += usize::from(self.kernel.signal(ROOT_PID, sig));
                }
                crate::process::Disposition::Ignore => {}
                crate::process::Disposition::Default => {
                    if !crate::process::default_ignored(sig) {
                        self.kernel.interrupt_inline(ROOT_PID, sig);
                        n += 1;
                    }
                }
            }
        }
        n
    }
}

pub(super) fn commands_of(table: &Rc<dyn ExtensibleTable>) -> Rc<dyn CommandTable> {
    table.clone() as Rc<dyn ExtensibleTable> as Rc<dyn CommandTable>
}

/// Where a whole run's standard input comes from.
enum Input<'a> {
    /// All of it, given up front.
    Given(&'a [u8]),
    /// Pulled from the host as the script reads.
    Pulled(Box<dyn InputSource>),
}
