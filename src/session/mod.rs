//! The library's front door: an [`Environment`] is one simulated machine with a persistent
//! shell. Actions run one after another against the same filesystem, variables, functions,
//! clock and cumulative budget.
//!
//! Invariant: nothing here touches the host; seeding files and variables goes through the VFS
//! and the shell state.

use crate::limits::{Limits, StopReason, Usage};
use crate::process::command::{CommandFn, CommandTable, Telemetry, Trust};
use crate::process::sched::{RunOptions, RunState};
use crate::process::{Desc, InputStream, Kernel, MachineInfo, OpenFile, OutputSink, ROOT_PID};
use crate::shell::vars::{Var, ATTR_EXPORT};
use crate::shell::Shell;
use crate::vfs::{VfsError, WriteMode};
use std::cell::RefCell;
use std::rc::Rc;

/// The result of one action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunResult {
    pub status: i32,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub stop_reason: Option<StopReason>,
    /// The order stdout and stderr were written in (see [`RunResult::output_runs`]).
    pub order: WriteOrder,
}

impl RunResult {
    /// stdout and stderr cut into runs in the order they were written: writing each run to
    /// its stream reproduces the interleaving a shared destination (`2>&1`) would have seen.
    /// Bytes the order does not cover (diagnostics added after the run) come last, stdout
    /// before stderr.
    pub fn output_runs(&self) -> Vec<(StreamKind, &[u8])> {
        let mut runs = Vec::new();
        let (mut o, mut e) = (0usize, 0usize);
        for &(stream, n) in &self.order.runs {
            let (buf, at) = match stream {
                StreamKind::Stdout => (&self.stdout, &mut o),
                StreamKind::Stderr => (&self.stderr, &mut e),
            };
            let end = (*at + n).min(buf.len());
            if end > *at {
                runs.push((stream, &buf[*at..end]));
            }
            *at = end;
        }
        if o < self.stdout.len() {
            runs.push((StreamKind::Stdout, &self.stdout[o..]));
        }
        if e < self.stderr.len() {
            runs.push((StreamKind::Stderr, &self.stderr[e..]));
        }
        runs
    }
}

pub use crate::process::command::ExtensibleTable;
pub use crate::process::{StreamKind, WriteOrder};

/// One simulated machine and its shell.
pub struct Environment {
    kernel: Rc<Kernel>,
    shell: Rc<RefCell<Option<Shell>>>,
    table: Rc<dyn ExtensibleTable>,
    terminal: Option<RunResult>,
}

impl Environment {
    /// A fresh machine with the standard command set.
    pub fn new(limits: Limits) -> Environment {
        Environment::with_table(limits, Rc::new(crate::commands::Registry::standard()))
    }

    pub fn with_table(limits: Limits, table: Rc<dyn ExtensibleTable>) -> Environment {
        let kernel = Kernel::new(limits, MachineInfo::default());
        let pid = kernel
            .create_process(None, vec![b"bash".to_vec()], b"/work".to_vec())
            .expect("first process");
        debug_assert_eq!(pid, ROOT_PID);
        let commands: Rc<dyn CommandTable> =
            table.clone() as Rc<dyn ExtensibleTable> as Rc<dyn CommandTable>;
        let mut sh = Shell::new(kernel.clone(), pid, commands);
        sh.init_environment(&kernel.info.hostname);
        sh.stdin_mode = true;
        Environment {
            kernel,
            shell: Rc::new(RefCell::new(Some(sh))),
            table,
            terminal: None,
        }
    }

    pub fn kernel(&self) -> &Rc<Kernel> {
        &self.kernel
    }

    /// Adds (or replaces) a command, with the same context as the built-in ones.
    pub fn register_command(&mut self, name: &str, trust: Trust, run: CommandFn) {
        self.table.register(name, trust, run);
    }

    fn with_shell<R>(&self, f: impl FnOnce(&mut Shell) -> R) -> R {
        let mut slot = self.shell.borrow_mut();
        f(slot.as_mut().expect("shell is idle between actions"))
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

    pub fn set_var(&mut self, name: &[u8], value: &[u8], export: bool) {
        self.with_shell(|sh| {
            let mut v = Var::scalar(value.to_vec());
            if export {
                v.attrs |= ATTR_EXPORT;
            }
            sh.vars.set_var(name, v);
        });
    }

    pub fn get_var(&self, name: &[u8]) -> Option<Vec<u8>> {
        self.with_shell(|sh| sh.get_scalar(name))
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

    pub fn cwd(&self) -> Vec<u8> {
        self.with_shell(|sh| sh.cwd.clone())
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

    /// Runs shell source as one action of a persistent session, with `stdin` as its input.
    /// A syntax error runs nothing (status 2). `exit`, `set -e` and exhaustion make the
    /// session terminal; after that, returns the same outcome without running.
    pub fn run(&mut self, script: &[u8], stdin: &[u8]) -> RunResult {
        self.run_action(script, stdin, false)
    }

    /// Runs a whole script as the shell's lifetime: like [`Environment::run`], and then the
    /// shell exits (the EXIT trap runs) and the session is terminal.
    pub fn run_script(&mut self, script: &[u8], stdin: &[u8]) -> RunResult {
        let r = self.run_action(script, stdin, true);
        if self.terminal.is_none() {
            self.terminal = Some(RunResult {
                stdout: Vec::new(),
                stderr: Vec::new(),
                ..r.clone()
            });
        }
        r
    }

    fn run_action(&mut self, script: &[u8], stdin: &[u8], exit_at_end: bool) -> RunResult {
        if let Some(t) = &self.terminal {
            return RunResult {
                stdout: Vec::new(),
                stderr: Vec::new(),
                ..t.clone()
            };
        }
        let order = Rc::new(RefCell::new(WriteOrder::default()));
        let sink = || {
            Rc::new(RefCell::new(OutputSink {
                data: Vec::new(),
                order: Some(order.clone()),
            }))
        };
        let (out, err) = (sink(), sink());
        let input = Rc::new(RefCell::new(InputStream {
            data: stdin.to_vec(),
            pos: 0,
            closed: true,
        }));
        let pid = ROOT_PID;
        self.kernel.revive(pid);
        self.kernel
            .set_fd(pid, 0, Some(OpenFile::new(Desc::Input(input))));
        self.kernel.set_fd(
            pid,
            1,
            Some(OpenFile::new(Desc::Output {
                sink: out.clone(),
                stream: StreamKind::Stdout,
            })),
        );
        self.kernel.set_fd(
            pid,
            2,
            Some(OpenFile::new(Desc::Output {
                sink: err.clone(),
                stream: StreamKind::Stderr,
            })),
        );
        let parse_cost =
            crate::limits::cost::per_bytes(script.len(), 1, crate::limits::cost::PARSE_PER_BYTE);
        let parsed = match self.kernel.charge(parse_cost) {
            Err(_) => None,
            Ok(()) => Some(crate::shell::parser::parse(script)),
        };
        let mut result = match parsed {
            None => {
                // The budget ran out while reading the script: nothing ran.
                let reason = self.kernel.meter.stopped();
                let msg = reason
                    .map(|r| format!("shellsim: {}\n", r.describe()))
                    .unwrap_or_default();
                let r = RunResult {
                    status: 137,
                    stdout: Vec::new(),
                    stderr: msg.into_bytes(),
                    stop_reason: reason,
                    order: WriteOrder::default(),
                };
                self.terminal = Some(r.clone());
                r
            }
            Some(Err(e)) => {
                let arg0 = self.with_shell(|sh| sh.arg0.clone());
                let msg = format!(
                    "{}: syntax error: line {}: {}\n",
                    String::from_utf8_lossy(&arg0),
                    e.line,
                    e.message
                );
                let (fit, _) = self.kernel.meter.charge_output(msg.len() as u64);
                RunResult {
                    status: 2,
                    stdout: Vec::new(),
                    stderr: msg.as_bytes()[..fit as usize].to_vec(),
                    stop_reason: None,
                    order: WriteOrder::default(),
                }
            }
            Some(Ok(prog)) => self.run_program(Rc::new(prog), exit_at_end),
        };
        result
            .stdout
            .extend_from_slice(&std::mem::take(&mut out.borrow_mut().data));
        result
            .stderr
            .extend_from_slice(&std::mem::take(&mut err.borrow_mut().data));
        result.order = std::mem::take(&mut *order.borrow_mut());
        // Actions do not keep the harness streams open.
        for fd in 0..3 {
            self.kernel.set_fd(pid, fd, None);
        }
        result
    }

    fn run_program(
        &mut self,
        prog: Rc<crate::shell::ast::Program>,
        exit_at_end: bool,
    ) -> RunResult {
        let slot = self.shell.clone();
        let exited = Rc::new(RefCell::new(false));
        let exited2 = exited.clone();
        let task = Box::pin(async move {
            let mut sh = slot.borrow_mut().take().expect("shell present");
            let r = sh.exec_toplevel(&prog, true).await;
            let is_exit = matches!(
                r,
                Err(crate::shell::Flow::Exit(_)) | Err(crate::shell::Flow::Abort(_))
            );
            let status = match r {
                _ if is_exit || exit_at_end => sh.finish(r).await,
                Ok(s) => Ok(s),
                Err(crate::shell::Flow::Return(s))
                | Err(crate::shell::Flow::Abort(s))
                | Err(crate::shell::Flow::Exit(s)) => Ok(s),
                Err(crate::shell::Flow::Break(_)) | Err(crate::shell::Flow::Continue(_)) => {
                    Ok(sh.status)
                }
                Err(crate::shell::Flow::Int(i)) => Err(i),
            };
            *exited2.borrow_mut() = is_exit;
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
        let state = self.kernel.run(ROOT_PID, RunOptions::default());
        let stop = self.kernel.meter.stopped();
        let status = match state {
            RunState::Stopped => 137,
            _ => self.kernel.exit_status(ROOT_PID).unwrap_or(137),
        };
        if self.shell.borrow().is_none() {
            // The task was dropped (exhaustion or a fatal signal): rebuild an idle shell so the
            // environment stays inspectable; the outcome is terminal anyway.
            let commands: Rc<dyn CommandTable> =
                self.table.clone() as Rc<dyn ExtensibleTable> as Rc<dyn CommandTable>;
            let mut sh = Shell::new(self.kernel.clone(), ROOT_PID, commands);
            sh.init_environment(&self.kernel.info.hostname);
            *self.shell.borrow_mut() = Some(sh);
        }
        let result = RunResult {
            status: if stop.is_some() { 137 } else { status },
            stdout: Vec::new(),
            stderr: Vec::new(),
            stop_reason: stop,
            order: WriteOrder::default(),
        };
        if stop.is_some() || *exited.borrow() {
            self.terminal = Some(result.clone());
        }
        if let (Some(reason), Some(f)) = (stop, self.kernel.fd(ROOT_PID, 2)) {
            let msg = format!("shellsim: {}\n", reason.describe());
            if let Desc::Output { sink, .. } = &f.desc {
                sink.borrow_mut().data.extend_from_slice(msg.as_bytes());
            }
        }
        result
    }
}
