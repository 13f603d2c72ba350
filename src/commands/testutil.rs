//! A harness that runs one command on a fresh machine, without the shell.

use super::Registry;
use crate::limits::Limits;
use crate::process::command::{CmdFuture, CommandCtx, CommandTable, ExecError, SubRunner};
use crate::process::sched::RunOptions;
use crate::process::{Desc, InputStream, Kernel, MachineInfo, OpenFile, OutputSink, StreamKind};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// A runner stub: every sub-command is "not found" unless it is a registry command, which it
/// runs in-process with the same descriptors.
pub struct Stub;

impl SubRunner for Stub {
    fn exec_error(
        &self,
        _ctx: &CommandCtx,
        name: &[u8],
        _env: &BTreeMap<Vec<u8>, Vec<u8>>,
    ) -> Option<ExecError> {
        match Registry::standard().lookup(name) {
            Some(_) => None,
            None => Some(ExecError::NotFound),
        }
    }
    fn run_argv(
        &self,
        ctx: &CommandCtx,
        argv: Vec<Vec<u8>>,
        env: BTreeMap<Vec<u8>, Vec<u8>>,
    ) -> CmdFuture {
        let Some(entry) = Registry::standard().lookup(&argv[0]) else {
            return Box::pin(async { Ok(127) });
        };
        let sub = CommandCtx::new(
            ctx.sys.clone(),
            ctx.pid,
            argv,
            env,
            ctx.cwd.clone(),
            Rc::new(Stub),
        );
        (entry.run)(sub)
    }
    fn run_shell(&self, _ctx: &CommandCtx, _argv: Vec<Vec<u8>>) -> CmdFuture {
        Box::pin(async { Ok(127) })
    }
}

/// A fresh machine with `files` seeded under `/work` (a name ending in `/` makes a directory).
pub fn machine(files: &[(&str, &[u8])]) -> Rc<Kernel> {
    let k = Kernel::new(Limits::default(), MachineInfo::default());
    {
        let mut vfs = k.vfs.borrow_mut();
        for (name, data) in files {
            let p = crate::vfs::path::join(b"/work", name.as_bytes());
            if name.ends_with('/') {
                vfs.mkdir_all(&p[..p.len() - 1], 0o755).unwrap();
            } else {
                vfs.mkdir_all(&crate::vfs::path::parent(&p), 0o755).unwrap();
                vfs.write_file(&p, data, crate::vfs::WriteMode::Truncate)
                    .unwrap();
            }
        }
    }
    k
}

/// Runs `argv` on `k` with `stdin`, cwd `/work` and env `HOME=/root PATH=/bin`.
pub fn run_on(k: &Rc<Kernel>, argv: &[&str], stdin: &[u8]) -> (i32, Vec<u8>, Vec<u8>) {
    let mut env = BTreeMap::new();
    env.insert(b"HOME".to_vec(), b"/root".to_vec());
    env.insert(b"PATH".to_vec(), b"/bin".to_vec());
    run_env(k, argv, stdin, env)
}

pub fn run_env(
    k: &Rc<Kernel>,
    argv: &[&str],
    stdin: &[u8],
    env: BTreeMap<Vec<u8>, Vec<u8>>,
) -> (i32, Vec<u8>, Vec<u8>) {
    let argv: Vec<Vec<u8>> = argv.iter().map(|a| a.as_bytes().to_vec()).collect();
    let pid = k
        .create_process(None, argv.clone(), b"/work".to_vec())
        .unwrap();
    let input = Rc::new(RefCell::new(InputStream::new(stdin.to_vec(), true)));
    let out = Rc::new(RefCell::new(OutputSink::default()));
    let err = Rc::new(RefCell::new(OutputSink::default()));
    k.set_fd(pid, 0, Some(OpenFile::new(Desc::Input(input))));
    k.set_fd(
        pid,
        1,
        Some(OpenFile::new(Desc::Output {
            sink: out.clone(),
            stream: StreamKind::Stdout,
        })),
    );
    k.set_fd(
        pid,
        2,
        Some(OpenFile::new(Desc::Output {
            sink: err.clone(),
            stream: StreamKind::Stderr,
        })),
    );
    let entry = Registry::standard()
        .lookup(&argv[0])
        .expect("registered command");
    let ctx = CommandCtx::new(k.clone(), pid, argv, env, b"/work".to_vec(), Rc::new(Stub));
    let fut = (entry.run)(ctx);
    k.start(pid, Box::pin(async move { fut.await.unwrap_or(137) }));
    k.run(pid, RunOptions::default());
    let status = k.exit_status(pid).unwrap_or(-1);
    let o = out.borrow().data.clone();
    let e = err.borrow().data.clone();
    (status, o, e)
}

/// Runs one command on a fresh machine.
pub fn run(argv: &[&str], stdin: &[u8]) -> (i32, Vec<u8>, Vec<u8>) {
    run_files(argv, stdin, &[])
}

/// Runs one command on a fresh machine with seeded files.
pub fn run_files(argv: &[&str], stdin: &[u8], files: &[(&str, &[u8])]) -> (i32, Vec<u8>, Vec<u8>) {
    run_on(&machine(files), argv, stdin)
}

/// (status, stdout as text, stderr as text) for readable assertions.
pub fn text(r: (i32, Vec<u8>, Vec<u8>)) -> (i32, String, String) {
    (
        r.0,
        String::from_utf8_lossy(&r.1).into_owned(),
        String::from_utf8_lossy(&r.2).into_owned(),
    )
}

/// Runs a pipeline-like scenario: `argv` reads from an endless producer pipe fed by a task
/// writing `chunk` forever; returns the command's status and stdout.
pub fn run_endless(argv: &[&str], chunk: &'static [u8]) -> (i32, Vec<u8>) {
    let k = machine(&[]);
    let argv: Vec<Vec<u8>> = argv.iter().map(|a| a.as_bytes().to_vec()).collect();
    let prod = k
        .create_process(None, vec![b"yes".to_vec()], b"/work".to_vec())
        .unwrap();
    let pid = k
        .create_process(None, argv.clone(), b"/work".to_vec())
        .unwrap();
    let (r, w) = k.pipe();
    let out = Rc::new(RefCell::new(OutputSink::default()));
    k.set_fd(prod, 1, Some(w));
    k.set_fd(pid, 0, Some(r));
    k.set_fd(
        pid,
        1,
        Some(OpenFile::new(Desc::Output {
            sink: out.clone(),
            stream: StreamKind::Stdout,
        })),
    );
    k.set_fd(pid, 2, Some(OpenFile::new(Desc::Null)));
    let kk = k.clone();
    k.start(
        prod,
        Box::pin(async move {
            let f = kk.fd(prod, 1).unwrap();
            loop {
                if kk.write_all(&f, chunk).await.is_err() {
                    return 141;
                }
            }
        }),
    );
    let entry = Registry::standard().lookup(&argv[0]).unwrap();
    let ctx = CommandCtx::new(
        k.clone(),
        pid,
        argv,
        BTreeMap::new(),
        b"/work".to_vec(),
        Rc::new(Stub),
    );
    let fut = (entry.run)(ctx);
    k.start(pid, Box::pin(async move { fut.await.unwrap_or(137) }));
    k.run(
        pid,
        RunOptions {
            drain: false,
            ..RunOptions::default()
        },
    );
    let status = k.exit_status(pid).unwrap_or(-1);
    let o = out.borrow().data.clone();
    (status, o)
}
