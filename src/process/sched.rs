//! The deterministic cooperative scheduler.
//!
//! Why cooperative and single-threaded: determinism. Tasks are polled in pid order; a task runs
//! until it must wait (returns `Pending`) or yields after a CPU quantum; no host thread ever
//! sleeps. Wakers are not used: after a round in which nothing changed (the shared progress
//! counter did not move), the only thing that can unblock a task is time, so the clock jumps
//! to the next deadline. This costs a poll per blocked task per round, which is cheap for the
//! process counts scripts create, and it makes the order of events a pure function of the
//! input.

use super::{default_ignored, Disposition, Interrupt, Kernel, Pid, ProcState, SIGKILL};
use crate::limits::cost;
use std::future::poll_fn;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};

/// How a call to [`Kernel::run`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunState {
    /// The awaited process (and, if asked, every other task) finished.
    Done,
    /// Nothing can move: every task waits for outside input (stdin) or a signal.
    Blocked,
    /// The round budget given to `run` was used up; call again to continue.
    Paused,
    /// A resource budget ran out; the machine is stopped.
    Stopped,
}

/// Options for one scheduler run.
#[derive(Clone, Copy, Debug)]
pub struct RunOptions {
    /// Keep running other tasks after `until` exits (background jobs of a finished script).
    pub drain: bool,
    /// Let virtual time jump to the next deadline when nothing is runnable.
    pub advance_time: bool,
    /// Most rounds to run before returning `Paused` (None: no bound).
    pub max_rounds: Option<u64>,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            drain: true,
            advance_time: true,
            max_rounds: None,
        }
    }
}

impl Kernel {
    /// Polls tasks until `until` has exited (see [`RunOptions`]).
    pub fn run(self: &Rc<Self>, until: Pid, opts: RunOptions) -> RunState {
        let waker = Waker::noop();
        let mut cx = Context::from_waker(waker);
        let mut rounds = 0u64;
        // In a bounded run a round is one quantum per task, even for a lone task, so a
        // harness polling an endless writer gets control back.
        self.bounded_run.set(opts.max_rounds.is_some());
        loop {
            if self.meter.stopped().is_some() {
                self.tasks.borrow_mut().clear();
                return RunState::Stopped;
            }
            let root_done = self.exit_status(until).is_some();
            if root_done && (!opts.drain || self.tasks.borrow().is_empty()) {
                return RunState::Done;
            }
            if let Some(max) = opts.max_rounds {
                if rounds >= max {
                    return RunState::Paused;
                }
            }
            rounds += 1;
            let before = self.progress.get();
            let pids: Vec<Pid> = self.tasks.borrow().keys().copied().collect();
            for pid in pids {
                if self.cancelling.get().is_some_and(|keep| keep != pid) && self.is_cancelled(pid) {
                    self.tasks.borrow_mut().remove(&pid);
                    self.finish(pid, 128 + SIGKILL);
                    continue;
                }
                if let Some(sig) = self.fatal_signal(pid) {
                    self.tasks.borrow_mut().remove(&pid);
                    self.finish(pid, 128 + sig);
                    continue;
                }
                let Some(mut task) = self.tasks.borrow_mut().remove(&pid) else {
                    continue;
                };
                self.current.set(pid);
                self.slice_start.set(self.meter.cpu_used());
                match task.as_mut().poll(&mut cx) {
                    Poll::Ready(status) => {
                        drop(task);
                        self.finish(pid, status);
                    }
                    Poll::Pending => {
                        self.tasks.borrow_mut().insert(pid, task);
                    }
                }
                self.current.set(0);
                if self.meter.stopped().is_some() {
                    break;
                }
            }
            if self.progress.get() == before && self.meter.stopped().is_none() {
                if !opts.advance_time {
                    return RunState::Blocked;
                }
                let fired = self.clock.borrow_mut().advance_to_next();
                match fired {
                    Some(_) => {
                        let now = self.clock.borrow().wall_ns();
                        self.vfs.borrow_mut().set_time(now);
                        self.note_progress();
                    }
                    None => return RunState::Blocked,
                }
            }
        }
    }

    /// Whether any task is still scheduled.
    pub fn has_tasks(&self) -> bool {
        !self.tasks.borrow().is_empty()
    }

    /// Drops one task and marks its process exited with `status`.
    pub fn kill_task(&self, pid: Pid, status: i32) {
        let task = self.tasks.borrow_mut().remove(&pid);
        drop(task);
        self.finish(pid, status);
    }

    /// Drops every scheduled task (cancellation) and marks their processes killed.
    pub fn kill_all_tasks(&self) {
        let pids: Vec<Pid> = self.tasks.borrow().keys().copied().collect();
        for pid in pids {
            let task = self.tasks.borrow_mut().remove(&pid);
            drop(task);
            self.finish(pid, 128 + SIGKILL);
        }
    }

    /// Applies pending signals whose action is not a handler: ignored ones are dropped, a
    /// fatal one is returned (the task is then dropped).
    fn fatal_signal(&self, pid: Pid) -> Option<i32> {
        self.with_proc(pid, |p| {
            if p.state != ProcState::Running {
                return None;
            }
            let mut fatal = None;
            let disp = &p.dispositions;
            p.pending.retain(|&s| {
                let d = if s == SIGKILL {
                    Disposition::Default
                } else {
                    disp.get(&s).copied().unwrap_or_default()
                };
                match d {
                    Disposition::Catch => true,
                    Disposition::Ignore => false,
                    Disposition::Default => {
                        if !default_ignored(s) && fatal.is_none() {
                            fatal = Some(s);
                        }
                        false
                    }
                }
            });
            fatal
        })
        .flatten()
    }

    /// Yields to other tasks if the current one has used its CPU quantum.
    pub async fn maybe_yield(&self) {
        if self.meter.cpu_used().saturating_sub(self.slice_start.get()) < cost::SCHED_QUANTUM {
            return;
        }
        if self.tasks.borrow().is_empty() && !self.bounded_run.get() {
            // The only task, and nobody waits for the round to end: nothing to yield to.
            self.slice_start.set(self.meter.cpu_used());
            return;
        }
        self.yield_now().await;
    }

    /// Gives every other runnable task a turn.
    pub async fn yield_now(&self) {
        let mut yielded = false;
        poll_fn(|_| {
            if yielded {
                Poll::Ready(())
            } else {
                yielded = true;
                self.note_progress();
                Poll::Pending
            }
        })
        .await
    }

    /// Sleeps `ns` of virtual time. With `interruptible`, returns early (false) when a caught
    /// signal arrives.
    pub async fn sleep(&self, pid: Pid, ns: u64, interruptible: bool) -> Result<bool, Interrupt> {
        self.charge(1)?;
        if ns == 0 {
            return Ok(true);
        }
        let deadline = self.clock.borrow().monotonic_ns().saturating_add(ns);
        let id = self.clock.borrow_mut().add_timer(deadline, pid as u64);
        let done = poll_fn(|_| {
            if !self.clock.borrow().has_timer(id) {
                return Poll::Ready(true);
            }
            if (interruptible && self.has_caught_signal(pid))
                || self.is_cancelled(pid)
                || self.inline_interrupt_pending(pid)
            {
                self.clock.borrow_mut().cancel(id);
                return Poll::Ready(false);
            }
            Poll::Pending
        })
        .await;
        if !done {
            // Ended early by a cancel or a terminal interrupt: this reports it.
            self.charge(0)?;
        }
        Ok(done)
    }

    /// Waits for process `child` to exit and returns its status. With `interruptible`, returns
    /// `None` when a caught signal arrives for `waiter` first.
    pub async fn wait_for(&self, waiter: Pid, child: Pid, interruptible: bool) -> Option<i32> {
        poll_fn(|_| {
            if let Some(s) = self.exit_status(child) {
                return Poll::Ready(Some(s));
            }
            if !self.procs.borrow().contains_key(&child) {
                return Poll::Ready(Some(127));
            }
            if interruptible && self.has_caught_signal(waiter) {
                return Poll::Ready(None);
            }
            if self.is_cancelled(waiter) {
                return Poll::Ready(Some(128 + SIGKILL));
            }
            Poll::Pending
        })
        .await
    }
}
