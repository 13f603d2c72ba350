//! `coproc`: a background job whose standard input and output are pipes held by the shell.
//!
//! As in bash 5.2 (built without multiple-coprocess support) the shell tracks one
//! coprocess. `NAME[0]` is the descriptor the shell reads the coprocess's output from,
//! `NAME[1]` the one it writes its input to, and `NAME_PID` its pid. Closing one of those
//! descriptors with a redirection sets its element to `-1`. Once the coprocess has exited,
//! the shell notices after the command it was running (bash's `coproc_reap`, run after each
//! command of a list): it unsets the variables and closes both descriptors, even if output
//! is still unread.

use crate::shell::ast::{Command, Word};
use crate::shell::parser::is_valid_name;
use crate::shell::state::{Coproc, Job, Res, Shell};
use crate::shell::vars::{Value, ATTR_READONLY};

/// Descriptors bash moves pipe ends below (`move_to_high_fd`): each end goes to the highest
/// free number under 64.
const HIGH_FD: u32 = 63;

impl Shell {
    /// Starts `body` as the coprocess `name`. The status is 0 unless the name is invalid.
    pub(crate) async fn exec_coproc(&mut self, name: &Word, body: &Command) -> Res<i32> {
        if let Some(old) = self.coproc.take() {
            // bash forgets the one it tracked; its variables and descriptors stay as they are.
            if old.read_fd >= 0 || old.write_fd >= 0 {
                let msg = format!(
                    "warning: execute_coproc: coproc [{}:{}] still exists",
                    old.pid,
                    String::from_utf8_lossy(&old.name)
                );
                self.error_msg(msg.as_bytes());
            }
        }
        let name = self.expand_single(name).await?;
        if !is_valid_name(&name) {
            self.error_msg(&[b"`", &name[..], b"': not a valid identifier"].concat());
            return Ok(1);
        }
        // bash opens the pipe for the coprocess's output, then the one for its input, and
        // moves each end in turn to a high descriptor; the two ends the coprocess keeps are
        // then closed in the shell. So the shell reads from 63 and writes to 60 when those
        // are free.
        let (out_r, out_w) = self.sys.pipe();
        let (in_r, in_w) = self.sys.pipe();
        let mut numbers = [0u32; 4];
        for (slot, end) in numbers.iter_mut().zip([&out_r, &out_w, &in_r, &in_w]) {
            *slot = self.sys.free_fd_down(self.pid, HIGH_FD);
            self.sys.set_fd(self.pid, *slot, Some(end.clone()));
        }
        for n in numbers {
            self.sys.set_fd(self.pid, n, None);
        }
        let (read_fd, write_fd) = (numbers[0], numbers[3]);
        let cmd = body.clone();
        let pid = self
            .spawn_child(move |sh| {
                // `set -e` does not end a background job early in this model.
                sh.opts.errexit = false;
                sh.sys.set_fd(sh.pid, 0, Some(in_r));
                sh.sys.set_fd(sh.pid, 1, Some(out_w));
                cmd
            })
            .await?;
        self.sys.set_fd(self.pid, read_fd, Some(out_r));
        self.sys.set_fd(self.pid, write_fd, Some(in_w));
        self.sys.mark_background(pid);
        self.last_bg = Some(pid);
        let id = self.jobs.last().map(|j| j.id + 1).unwrap_or(1);
        self.jobs.push(Job {
            id,
            pid,
            command: crate::shell::print::coproc_text(&name, body),
        });
        self.coproc = Some(Coproc {
            name,
            pid,
            read_fd: read_fd.into(),
            write_fd: write_fd.into(),
        });
        self.set_coproc_vars();
        Ok(0)
    }

    /// Sets `NAME` (the two descriptors) and `NAME_PID`, as bash's `coproc_setvars`: a
    /// readonly `NAME` is reported and leaves both unset; other elements of `NAME` stay.
    fn set_coproc_vars(&mut self) {
        let Some(cp) = self.coproc.clone() else {
            return;
        };
        let name = self.resolve_nameref(&cp.name);
        if self.vars.get(&name).is_some_and(|v| v.has(ATTR_READONLY)) {
            self.error_msg(&[&name[..], b": readonly variable"].concat());
            return;
        }
        let mut var = self.vars.get(&name).cloned().unwrap_or_default();
        let mut elems = match var.value.take() {
            Some(Value::Indexed(m)) => m,
            Some(Value::Str(s)) => imbl::OrdMap::unit(0, s),
            _ => imbl::OrdMap::new(),
        };
        elems.insert(0, cp.read_fd.to_string().into_bytes());
        elems.insert(1, cp.write_fd.to_string().into_bytes());
        var.value = Some(Value::Indexed(elems));
        self.vars.set_var(&name, var);
        let pid_name = [&cp.name[..], b"_PID"].concat();
        // An error here (a readonly NAME_PID) has been reported; the coprocess runs on.
        let _ = self.set_scalar(&pid_name, cp.pid.to_string().into_bytes());
    }

    /// A redirection closed descriptor `fd`: if it was one of the coprocess's, its element
    /// of `NAME` becomes `-1`.
    pub(crate) fn coproc_fd_closed(&mut self, fd: u32) {
        let Some(cp) = self.coproc.as_mut() else {
            return;
        };
        let fd = i64::from(fd);
        let mut changed = false;
        for end in [&mut cp.read_fd, &mut cp.write_fd] {
            if *end >= 0 && *end == fd {
                *end = -1;
                changed = true;
            }
        }
        if changed {
            self.set_coproc_vars();
        }
    }

    /// After a command: a coprocess that has exited (or was collected by `wait`) is
    /// forgotten, its variables unset and the shell's descriptors closed.
    pub(crate) fn coproc_reap(&mut self) {
        let Some(cp) = &self.coproc else {
            return;
        };
        // A pid `wait` collected is gone from the table; pids are never reused.
        let gone = self.sys.proc_snapshot(cp.pid).is_none();
        if !gone && self.sys.exit_status(cp.pid).is_none() {
            return;
        }
        let Some(cp) = self.coproc.take() else {
            return;
        };
        let pid_name = [&cp.name[..], b"_PID"].concat();
        for name in [&pid_name, &cp.name] {
            if self.vars.get(name).is_some() {
                self.unset_var(name);
            }
        }
        for fd in [cp.read_fd, cp.write_fd] {
            if let Ok(fd) = u32::try_from(fd) {
                self.sys.set_fd(self.pid, fd, None);
            }
        }
    }

    /// In a new child process (a subshell, a pipeline stage or a background job, not a
    /// command substitution) the coprocess's descriptors are closed, so that the child
    /// cannot keep its input open; the child does not track it.
    pub(crate) fn coproc_close_in_child(&mut self) {
        if let Some(cp) = self.coproc.take() {
            for fd in [cp.read_fd, cp.write_fd] {
                if let Ok(fd) = u32::try_from(fd) {
                    self.sys.set_fd(self.pid, fd, None);
                }
            }
        }
    }
}
