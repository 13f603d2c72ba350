//! `tee` (copy standard input to files and standard output, streaming) and `yes` (repeat a
//! line forever, in chunks, until the reader goes away).

use super::opts::{self, flag, optional, OptDef, Parser};
use crate::process::command::{CommandCtx, Trust};
use crate::process::{Interrupt, IoError, OpenFile, OpenFlags};
use std::rc::Rc;

pub fn register(r: &mut super::Registry) {
    r.register(
        "tee",
        Trust::Real,
        "read from standard input and write to standard output and files",
        "-a -i -p --output-error[=MODE]",
        run_tee,
    );
    r.register(
        "yes",
        Trust::Real,
        "output a string repeatedly until killed",
        "[STRING]...",
        run_yes,
    );
}

const OUTPUT_ERROR: u8 = 0x80;
const DEFS: &[OptDef] = &[
    flag(b'a', "append"),
    flag(b'i', "ignore-interrupts"),
    flag(b'p', ""),
    optional(OUTPUT_ERROR, "output-error"),
];

async fn tee(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let flags = if p.has(b'a') {
        OpenFlags::append()
    } else {
        OpenFlags::write_truncate()
    };
    let mut status = 0;
    let mut files: Vec<Option<(Vec<u8>, Rc<OpenFile>)>> = Vec::new();
    for op in &p.operands {
        let r = if op == b"-" {
            ctx.fd(1).ok_or(IoError::BadFd)
        } else {
            ctx.sys.open(ctx.pid, &ctx.resolve(op), flags)
        };
        match r {
            Ok(f) => files.push(Some((op.clone(), f))),
            Err(e) => {
                let e = opts::interrupted(e)?;
                ctx.diag_path(opts::quotef(ctx, op).as_bytes(), e).await?;
                status = 1;
            }
        }
    }
    // With -p or --output-error, a closed pipe on stdout does not stop tee from writing files.
    let keep_going = p.has(b'p') || p.has(OUTPUT_ERROR);
    let mut stdout_ok = true;
    loop {
        let chunk = match ctx.read_fd(0, 65536).await {
            Ok(c) => c,
            Err(e) => {
                let e = opts::interrupted(e)?;
                ctx.diag(format!("standard input: {}", e.message())).await?;
                status = 1;
                break;
            }
        };
        if chunk.is_empty() {
            break;
        }
        ctx.charge_bytes(chunk.len())?;
        if stdout_ok {
            match ctx.out(&chunk).await {
                Ok(()) => {}
                Err(Interrupt::Signal(s)) if keep_going && s == crate::process::SIGPIPE => {
                    stdout_ok = false
                }
                Err(i) => return Err(i),
            }
        }
        for slot in files.iter_mut() {
            let Some((name, f)) = slot else { continue };
            match ctx.sys.write_all(f, &chunk).await {
                Ok(()) => {}
                Err(IoError::Interrupted(i)) => return Err(i),
                Err(e) => {
                    ctx.diag_path(opts::quotef(ctx, name).as_bytes(), e).await?;
                    status = 1;
                    *slot = None;
                }
            }
        }
        if !stdout_ok && files.iter().all(|f| f.is_none()) {
            break;
        }
    }
    Ok(status)
}

async fn yes(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let mut words: Vec<Vec<u8>> = Vec::new();
    let mut ended = false;
    for a in ctx.args() {
        if !ended && a == b"--" {
            ended = true;
            continue;
        }
        if !ended && a.len() > 1 && a[0] == b'-' {
            if a == b"--help" || a == b"--version" {
                return match opts::parse(ctx, Parser::new(&[]), 1).await? {
                    Ok(_) => Ok(0),
                    Err(s) => Ok(s),
                };
            }
            let msg = if a.starts_with(b"--") {
                format!("unrecognized option '{}'", String::from_utf8_lossy(a))
            } else {
                format!("invalid option -- '{}'", String::from_utf8_lossy(&a[1..2]))
            };
            return opts::usage(ctx, &msg, 1).await;
        }
        words.push(a.clone());
    }
    let mut line = if words.is_empty() {
        b"y".to_vec()
    } else {
        words.join(&b' ')
    };
    line.push(b'\n');
    let mut chunk = Vec::with_capacity(8192 + line.len());
    while chunk.len() < 8192 {
        chunk.extend_from_slice(&line);
    }
    loop {
        ctx.charge_bytes(chunk.len())?;
        ctx.out(&chunk).await?;
        if ctx.write_failed() {
            return Ok(1);
        }
    }
}

crate::command_fn!(run_tee, tee);
crate::command_fn!(run_yes, yes);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn tee_writes_files() {
        let k = machine(&[("old", b"x\n")]);
        let r = run_on(&k, &["tee", "new", "-a", "old"], b"hi\n");
        assert_eq!(r, (0, b"hi\n".to_vec(), vec![]));
        assert_eq!(&*k.vfs.borrow().read_file(b"/work/new").unwrap(), b"hi\n");
        assert_eq!(
            &*k.vfs.borrow().read_file(b"/work/old").unwrap(),
            b"x\nhi\n"
        );
        assert_eq!(
            text(run(&["tee", "-k"], b"")).2,
            "tee: invalid option -- 'k'\nTry 'tee --help' for more information.\n"
        );
        assert_eq!(
            text(run(&["tee", "nodir/x"], b"a")),
            (
                1,
                "a".into(),
                "tee: nodir/x: No such file or directory\n".into()
            )
        );
    }

    #[test]
    fn yes_streams_until_reader_stops() {
        use crate::process::command::CommandCtx;
        use crate::process::sched::RunOptions;
        use std::cell::RefCell;
        use std::rc::Rc;
        // yes | (read 6 bytes and exit): yes must end with SIGPIPE instead of running forever.
        let k = machine(&[]);
        let yes_pid = k
            .create_process(
                None,
                vec![b"yes".to_vec(), b"ab".to_vec()],
                b"/work".to_vec(),
            )
            .unwrap();
        let rd = k
            .create_process(None, vec![b"reader".to_vec()], b"/work".to_vec())
            .unwrap();
        let (r, w) = k.pipe();
        k.set_fd(yes_pid, 1, Some(w));
        k.set_fd(rd, 0, Some(r));
        let got = Rc::new(RefCell::new(Vec::new()));
        let (kk, g) = (k.clone(), got.clone());
        k.start(
            rd,
            Box::pin(async move {
                let f = kk.fd(rd, 0).unwrap();
                while g.borrow().len() < 6 {
                    let want = 6 - g.borrow().len();
                    let c = kk.read(&f, want).await.unwrap();
                    g.borrow_mut().extend_from_slice(&c);
                }
                0
            }),
        );
        let entry = crate::commands::Registry::standard();
        let entry = crate::process::command::CommandTable::lookup(&entry, b"yes").unwrap();
        let ctx = CommandCtx::new(
            k.clone(),
            yes_pid,
            vec![b"yes".to_vec(), b"ab".to_vec()],
            Default::default(),
            b"/work".to_vec(),
            Rc::new(Stub),
        );
        let fut = (entry.run)(ctx);
        k.start(yes_pid, Box::pin(async move { fut.await.unwrap_or(141) }));
        k.run(yes_pid, RunOptions::default());
        assert_eq!(k.exit_status(yes_pid), Some(141));
        assert_eq!(&*got.borrow(), b"ab\nab\n");
        assert_eq!(
            text(run(&["yes", "-k"], b"")).2,
            "yes: invalid option -- 'k'\nTry 'yes --help' for more information.\n"
        );
    }
}
