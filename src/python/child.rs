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
use crate::process::{Disposition, Interrupt, IoError, Pid, SIGKILL};
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
    /// `close_fds=True`: descriptors above 2 are closed except these (`pass_fds`); `None`
    /// keeps every inherited descriptor.
    pub keep_fds: Option<Vec<u32>>,
    /// `start_new_session=True` / `process_group=0`: the child leads a new process group.
    pub new_group: bool,
    /// `restore_signals=True`: SIGPIPE and SIGXFSZ take their default action in the child;
    /// with `False` they stay ignored, as CPython ignores them in its own process.
    pub restore_signals: bool,
}

/// Signals CPython ignores in itself, which `restore_signals` resets for a child.
const RESTORED_SIGNALS: [i32; 2] = [crate::process::SIGPIPE, 25];

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
    sys.with_proc(pid, |p| {
        if let Some(keep) = &req.keep_fds {
            p.fds.retain(|fd, _| *fd <= 2 || keep.contains(fd));
        }
        if req.new_group {
            p.pgid = pid;
        }
        for sig in RESTORED_SIGNALS {
            let d = if req.restore_signals {
                Disposition::Default
            } else {
                Disposition::Ignore
            };
            p.dispositions.insert(sig, d);
        }
    });
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;
    use crate::process::command::{CmdFuture, SubRunner};
    use crate::process::sched::RunOptions;
    use crate::process::{Kernel, MachineInfo, OutputSink, StreamKind};

    /// Programs for the tests: `emit OUT ERR` writes OUT to fd 1 and ERR to fd 2, `cat`
    /// copies its input, `nap` sleeps ten virtual seconds after writing `z`, `exit3` exits 3;
    /// anything else is not found.
    struct Programs;

    impl SubRunner for Programs {
        fn exec_error(
            &self,
            _ctx: &CommandCtx,
            name: &[u8],
            _env: &BTreeMap<Vec<u8>, Vec<u8>>,
        ) -> Option<ExecError> {
            (!matches!(name, b"emit" | b"cat" | b"nap" | b"exit3" | b"fds"))
                .then_some(ExecError::NotFound)
        }
        fn run_argv(
            &self,
            ctx: &CommandCtx,
            argv: Vec<Vec<u8>>,
            _env: BTreeMap<Vec<u8>, Vec<u8>>,
        ) -> CmdFuture {
            let sys = ctx.sys.clone();
            let pid = ctx.pid;
            Box::pin(async move {
                let out = sys.fd(pid, 1);
                let err = sys.fd(pid, 2);
                match argv[0].as_slice() {
                    b"emit" => {
                        if let Some(f) = &out {
                            let _ = sys.write_all(f, &argv[1]).await;
                        }
                        if let Some(f) = &err {
                            let _ = sys.write_all(f, &argv[2]).await;
                        }
                        Ok(0)
                    }
                    b"cat" => {
                        let input = sys.fd(pid, 0).expect("stdin");
                        let data = sys.read_to_end(&input).await.expect("read");
                        let _ = sys.write_all(&out.expect("stdout"), data.as_slice()).await;
                        Ok(0)
                    }
                    b"nap" => {
                        let _ = sys.write_all(out.as_ref().expect("stdout"), b"z").await;
                        sys.sleep(pid, 10_000_000_000, false).await?;
                        Ok(0)
                    }
                    b"fds" => {
                        let p = sys.proc_snapshot(pid).expect("process");
                        let list: Vec<String> = p.fds.keys().map(|n| n.to_string()).collect();
                        let text = format!("{} pgid={}", list.join(","), p.pgid == pid);
                        let _ = sys.write_all(&out.expect("stdout"), text.as_bytes()).await;
                        Ok(0)
                    }
                    _ => Ok(3),
                }
            })
        }
        fn run_shell(&self, _ctx: &CommandCtx, _argv: Vec<Vec<u8>>) -> CmdFuture {
            Box::pin(async { Ok(127) })
        }
    }

    fn request(argv: &[&str]) -> ChildRequest {
        ChildRequest {
            argv: argv.iter().map(|a| a.as_bytes().to_vec()).collect(),
            env: BTreeMap::new(),
            cwd: b"/".to_vec(),
            stdin: ChildIn::Null,
            stdout: ChildOut::Pipe,
            stderr: ChildOut::Pipe,
            timeout_ns: None,
            keep_fds: Some(Vec::new()),
            new_group: false,
            restore_signals: true,
        }
    }

    /// Runs `req` from a parent process whose own stdout/stderr are captured (and which has
    /// descriptor 5 open); returns the outcome and what reached the parent's descriptors.
    fn run(req: ChildRequest) -> (ChildOutcome, Vec<u8>, Vec<u8>) {
        let k = Kernel::new(Limits::default(), MachineInfo::default());
        let pid = k
            .create_process(None, vec![b"py".to_vec()], b"/".to_vec())
            .unwrap();
        let out = Rc::new(RefCell::new(OutputSink::default()));
        let err = Rc::new(RefCell::new(OutputSink::default()));
        for (fd, sink, stream) in [(1, &out, StreamKind::Stdout), (2, &err, StreamKind::Stderr)] {
            let desc = Desc::Output {
                sink: sink.clone(),
                stream,
            };
            k.set_fd(pid, fd, Some(OpenFile::new(desc)));
        }
        k.set_fd(pid, 5, Some(OpenFile::new(Desc::Null)));
        let ctx = CommandCtx::new(
            k.clone(),
            pid,
            vec![b"py".to_vec()],
            BTreeMap::new(),
            b"/".to_vec(),
            Rc::new(Programs),
        );
        let slot = Rc::new(RefCell::new(None));
        let s = slot.clone();
        k.start(
            pid,
            Box::pin(async move {
                let r = run_child(&ctx, req).await;
                *s.borrow_mut() = Some(r.expect("not interrupted"));
                0
            }),
        );
        k.run(pid, RunOptions::default());
        let outcome = slot.borrow_mut().take().expect("finished");
        let (o, e) = (out.borrow().data.clone(), err.borrow().data.clone());
        (outcome, o, e)
    }

    fn ran(o: ChildOutcome) -> ChildExit {
        match o {
            ChildOutcome::Ran(x) => x,
            other => panic!("unexpected {other:?}"),
        }
    }

    fn bytes(b: &Option<ReservedBuf>) -> Option<&[u8]> {
        b.as_ref().map(|b| b.as_slice())
    }

    #[test]
    fn pipes_capture_each_stream() {
        let (o, out, err) = run(request(&["emit", "to out", "to err"]));
        let x = ran(o);
        assert_eq!(x.status, 0);
        assert_eq!(bytes(&x.stdout), Some(&b"to out"[..]));
        assert_eq!(bytes(&x.stderr), Some(&b"to err"[..]));
        assert!(out.is_empty() && err.is_empty());
    }

    #[test]
    fn inherited_and_merged_and_discarded_streams() {
        let mut req = request(&["emit", "o", "e"]);
        req.stdout = ChildOut::Inherit;
        req.stderr = ChildOut::ToStdout;
        let (o, out, err) = run(req);
        let x = ran(o);
        assert!(x.stdout.is_none() && x.stderr.is_none());
        assert_eq!((out.as_slice(), err.as_slice()), (&b"oe"[..], &b""[..]));
        let mut req = request(&["emit", "o", "e"]);
        req.stdout = ChildOut::Null;
        req.stderr = ChildOut::Inherit;
        let (o, out, err) = run(req);
        assert!(ran(o).stdout.is_none());
        assert_eq!((out.as_slice(), err.as_slice()), (&b""[..], &b"e"[..]));
    }

    #[test]
    fn input_reaches_the_child_and_status_comes_back() {
        let mut req = request(&["cat"]);
        req.stdin = ChildIn::Data(b"fed".to_vec());
        assert_eq!(bytes(&ran(run(req).0).stdout), Some(&b"fed"[..]));
        assert_eq!(ran(run(request(&["exit3"])).0).status, 3);
    }

    #[test]
    fn a_missing_program_is_an_exec_failure() {
        let (o, _, _) = run(request(&["nosuch"]));
        assert!(matches!(o, ChildOutcome::ExecFailed(ExecError::NotFound)));
    }

    #[test]
    fn a_timeout_kills_the_child_and_keeps_its_output() {
        let mut req = request(&["nap"]);
        req.timeout_ns = Some(1_000_000_000);
        let x = ran(run(req).0);
        assert!(x.timed_out);
        assert_eq!(x.status, -SIGKILL);
        assert_eq!(bytes(&x.stdout), Some(&b"z"[..]));
        let mut req = request(&["nap"]);
        req.timeout_ns = Some(20_000_000_000);
        let x = ran(run(req).0);
        assert!(!x.timed_out);
        assert_eq!(x.status, 0);
    }

    #[test]
    fn close_fds_pass_fds_and_new_sessions() {
        let out = |req| bytes(&ran(run(req).0).stdout).map(|b| b.to_vec());
        assert_eq!(out(request(&["fds"])), Some(b"0,1,2 pgid=false".to_vec()));
        let mut req = request(&["fds"]);
        req.keep_fds = None;
        req.new_group = true;
        assert_eq!(out(req), Some(b"0,1,2,5 pgid=true".to_vec()));
        let mut req = request(&["fds"]);
        req.keep_fds = Some(vec![5]);
        assert_eq!(out(req), Some(b"0,1,2,5 pgid=false".to_vec()));
    }
}
