//! Child processes started from Python (`subprocess`, `os.system`, `os.popen`).
//!
//! The VM runs synchronously, so it cannot wait for a child itself. A native call that
//! starts one leaves a [`ChildRequest`] on the VM and suspends (the instruction is retried);
//! the `python3` driver runs the request with [`run_child`] as a *simulated* process of the
//! same kernel (a new process record whose task is the shell's normal dispatch, as `xargs`
//! and `env` use), waits for it, and hands the [`ChildOutcome`] back before resuming, so the
//! retried call finds it. The child never touches the host.

use crate::limits::ReservedBuf;
use crate::process::command::{CommandCtx, ExecError};
use crate::process::fd::{Desc, InputStream, OpenFile};
use crate::process::{Interrupt, IoError, Pid, SIGKILL};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::future::{poll_fn, Future};
use std::rc::Rc;
use std::task::Poll;

/// Where the child's standard input comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChildIn {
    /// The interpreter's own standard input.
    Inherit,
    /// `/dev/null`.
    Null,
    /// These bytes, then end of file (`input=`, `communicate(data)`).
    Data(Vec<u8>),
}

/// Where one of the child's output streams goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChildOut {
    /// The interpreter's own descriptor (written directly, past Python's buffers).
    Inherit,
    /// `/dev/null`.
    Null,
    /// Captured into bytes the call returns.
    Pipe,
    /// Standard error only: into whatever standard output goes to (`stderr=STDOUT`).
    ToStdout,
}

/// What the VM asks the driver to run.
#[derive(Clone, Debug)]
pub struct ChildRequest {
    /// The program and its arguments (`/bin/sh -c TEXT` for a shell command).
    pub argv: Vec<Vec<u8>>,
    pub env: BTreeMap<Vec<u8>, Vec<u8>>,
    /// Absolute working directory.
    pub cwd: Vec<u8>,
    pub stdin: ChildIn,
    pub stdout: ChildOut,
    pub stderr: ChildOut,
    /// Virtual-clock limit; the child (and what it started) is killed when it passes.
    pub timeout_ns: Option<u64>,
}

/// How a request ended.
#[derive(Debug)]
pub enum ChildOutcome {
    /// The program could not be started (`execve` failed): nothing ran.
    ExecFailed(ExecError),
    Ran(ChildExit),
}

#[derive(Debug)]
pub struct ChildExit {
    pub pid: Pid,
    /// Exit status; a child killed by the timeout reports `-9`, as `Popen.returncode` does.
    pub status: i32,
    /// The captured streams (for [`ChildOut::Pipe`]), with the memory they hold reserved.
    pub stdout: Option<ReservedBuf>,
    pub stderr: Option<ReservedBuf>,
    pub timed_out: bool,
}

/// Largest read from a capture pipe at a time.
const READ_CHUNK: usize = 64 * 1024;

/// Runs `req` as a child of `ctx`'s process and waits for it (and for the capture pipes
/// to reach end of file), as `Popen(...).communicate()` does.
pub async fn run_child(ctx: &CommandCtx, req: ChildRequest) -> Result<ChildOutcome, Interrupt> {
    let sys = ctx.sys.clone();
    let first_new_pid = sys.pids().into_iter().max().unwrap_or(0) + 1;
    let pid = sys.create_process(Some(ctx.pid), req.argv.clone(), req.cwd.clone())?;
    let cctx = CommandCtx::new(
        sys.clone(),
        pid,
        req.argv.clone(),
        req.env.clone(),
        req.cwd.clone(),
        ctx.runner.clone(),
    );
    let name = req.argv.first().cloned().unwrap_or_default();
    if let Some(e) = ctx.runner.exec_error(&cctx, &name, &req.env) {
        sys.finish(pid, e.status());
        sys.reap(pid);
        return Ok(ChildOutcome::ExecFailed(e));
    }
    // The input's copy is held for as long as the child may read it.
    let _input_res;
    match &req.stdin {
        ChildIn::Inherit => {}
        ChildIn::Null => sys.set_fd(pid, 0, Some(OpenFile::new(Desc::Null))),
        ChildIn::Data(d) => {
            _input_res = ctx.reservation(d.len() as u64)?;
            let s = InputStream::new(d.clone(), true);
            sys.set_fd(
                pid,
                0,
                Some(OpenFile::new(Desc::Input(Rc::new(RefCell::new(s))))),
            );
        }
    }
    let mut out_pipe = None;
    match req.stdout {
        ChildOut::Pipe => {
            let (r, w) = sys.pipe();
            sys.set_fd(pid, 1, Some(w));
            out_pipe = Some(r);
        }
        ChildOut::Null => sys.set_fd(pid, 1, Some(OpenFile::new(Desc::Null))),
        ChildOut::Inherit | ChildOut::ToStdout => {}
    }
    let mut err_pipe = None;
    match req.stderr {
        ChildOut::Pipe => {
            let (r, w) = sys.pipe();
            sys.set_fd(pid, 2, Some(w));
            err_pipe = Some(r);
        }
        ChildOut::Null => sys.set_fd(pid, 2, Some(OpenFile::new(Desc::Null))),
        ChildOut::ToStdout => {
            let one = sys.fd(pid, 1);
            sys.set_fd(pid, 2, one);
        }
        ChildOut::Inherit => {}
    }
    let fut = ctx
        .runner
        .run_argv(&cctx, req.argv.clone(), req.env.clone());
    sys.start(
        pid,
        Box::pin(async move {
            let _ctx = cctx;
            fut.await.unwrap_or_else(|i| match i {
                Interrupt::Signal(s) => 128 + s,
                Interrupt::Stop(_) => 128 + SIGKILL,
            })
        }),
    );
    let timer = req.timeout_ns.map(|ns| {
        let deadline = sys.clock.borrow().monotonic_ns().saturating_add(ns);
        sys.clock.borrow_mut().add_timer(deadline, ctx.pid as u64)
    });
    let expired = || timer.is_some_and(|t| !sys.clock.borrow().has_timer(t));
    let mut out_buf = out_pipe.as_ref().map(|_| ctx.reserved_buf());
    let mut err_buf = err_pipe.as_ref().map(|_| ctx.reserved_buf());
    let mut timed_out = false;
    // Drain both pipes as the child writes (a full pipe would block it), until both reach
    // end of file or the deadline passes.
    while out_pipe.is_some() || err_pipe.is_some() {
        let got = {
            let mut reads: Vec<(u8, _)> = Vec::new();
            if let Some(f) = &out_pipe {
                reads.push((1u8, Box::pin(sys.read(f, READ_CHUNK))));
            }
            if let Some(f) = &err_pipe {
                reads.push((2u8, Box::pin(sys.read(f, READ_CHUNK))));
            }
            poll_fn(|cx| {
                for (which, r) in reads.iter_mut() {
                    if let Poll::Ready(v) = r.as_mut().poll(cx) {
                        return Poll::Ready(Some((*which, v)));
                    }
                }
                if expired() || sys.is_cancelled(ctx.pid) {
                    return Poll::Ready(None);
                }
                Poll::Pending
            })
            .await
        };
        let Some((which, data)) = got else {
            timed_out = expired();
            break;
        };
        let data = match data {
            Ok(d) => d,
            Err(IoError::Interrupted(i)) => return Err(i),
            Err(_) => Vec::new(),
        };
        let (pipe, buf) = if which == 1 {
            (&mut out_pipe, &mut out_buf)
        } else {
            (&mut err_pipe, &mut err_buf)
        };
        if data.is_empty() {
            *pipe = None;
        } else if let Some(b) = buf {
            b.extend_from_slice(&data)
                .map_err(|e| Interrupt::Stop(e.0))?;
        }
    }
    if !timed_out {
        let done = poll_fn(|_| {
            if sys.exit_status(pid).is_some() {
                return Poll::Ready(true);
            }
            if expired() || sys.is_cancelled(ctx.pid) {
                return Poll::Ready(false);
            }
            Poll::Pending
        })
        .await;
        timed_out = !done && expired();
    }
    if let Some(t) = timer {
        sys.clock.borrow_mut().cancel(t);
    }
    if timed_out || sys.exit_status(pid).is_none() {
        kill_tree(ctx, pid, first_new_pid);
    }
    let status = sys
        .wait_for(ctx.pid, pid, false)
        .await
        .unwrap_or(128 + SIGKILL);
    sys.reap(pid);
    if let Some(r) = sys.meter.stopped() {
        return Err(Interrupt::Stop(r));
    }
    Ok(ChildOutcome::Ran(ChildExit {
        pid,
        status: if timed_out { -SIGKILL } else { status },
        stdout: out_buf,
        stderr: err_buf,
        timed_out,
    }))
}

/// Kills the child and every process it started (children of it, created after
/// `first_new_pid`), as `Popen.kill()` of a shell whose pipeline would then see SIGPIPE.
fn kill_tree(ctx: &CommandCtx, child: Pid, first_new_pid: Pid) {
    let sys = &ctx.sys;
    let mut ours = vec![child];
    sys.signal(child, SIGKILL);
    for pid in sys.pids() {
        if pid < first_new_pid || pid == child {
            continue;
        }
        if let Some(p) = sys.proc_snapshot(pid) {
            if ours.contains(&p.ppid) {
                ours.push(pid);
                sys.signal(pid, SIGKILL);
            }
        }
    }
}
