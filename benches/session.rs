//! Session benchmark: fork, checkpoint, workspace diff and protocol round trips, against
//! workspaces of growing size. A benchmark, not a test: it prints medians and never fails on
//! a number.
//!
//! Run: `cargo bench --bench session` (add `-- --quick` for fewer repetitions).
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use shellsim::limits::Limits;
use shellsim::protocol::serve::{ServeLimits, Server};
use shellsim::session::{Environment, Op, OpOutcome, Session, SessionLimits};
use std::time::{Duration, Instant};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn time<R>(reps: usize, mut f: impl FnMut() -> R) -> Duration {
    let mut samples = Vec::with_capacity(reps);
    for _ in 0..reps {
        let t = Instant::now();
        std::hint::black_box(f());
        samples.push(t.elapsed());
    }
    median(samples)
}

fn show(d: Duration) -> String {
    let ns = d.as_nanos();
    if ns < 10_000 {
        format!("{ns} ns")
    } else if ns < 10_000_000 {
        format!("{:.1} µs", ns as f64 / 1e3)
    } else {
        format!("{:.1} ms", ns as f64 / 1e6)
    }
}

/// A session whose /work holds `files` files of `size` bytes in 50 directories.
fn workspace(files: usize, size: usize) -> Session {
    let limits = Limits {
        disk: 1 << 30,
        ..Limits::default()
    };
    let mut env = Environment::new(limits);
    let mut data = vec![b'x'; size];
    for i in 0..files {
        data[..8].copy_from_slice(format!("{i:08}").as_bytes());
        let path = format!("/work/d{:02}/f{i:05}.txt", i % 50);
        env.write_file(path.as_bytes(), &data)
            .expect("fits the disk limit");
    }
    Session::new(env, SessionLimits::default())
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let reps = if quick { 20 } else { 200 };
    println!("session benchmark (median of {reps} runs each)");
    println!(
        "{:>22} | {:>12} | {:>12} | {:>22}",
        "workspace", "fork", "checkpoint", "diff after 1 change"
    );
    for (files, size) in [(50, 10_000), (500, 10_000), (5_000, 10_000)] {
        let mut s = workspace(files, size);
        let fork = time(reps, || s.fork().expect("quiescent"));
        let checkpoint = time(reps, || s.checkpoint().expect("quiescent"));
        let baseline = s.env().kernel().vfs.borrow().clone();
        s.apply(Op::WriteFile {
            path: b"/work/d07/f00007.txt".to_vec(),
            data: b"changed".to_vec(),
            mode: 0o644,
        });
        let diff = time(reps, || {
            let d = s.env().workspace_diff(&baseline);
            assert_eq!(d.len(), 1);
            d
        });
        println!(
            "{:>22} | {:>12} | {:>12} | {:>22}",
            format!("{files} files, {} MB", files * size / 1_000_000),
            show(fork),
            show(checkpoint),
            show(diff)
        );
    }

    // A busy session (an action in flight) forks by replaying its journal.
    let mut s = workspace(5_000, 10_000);
    let started = s.apply(Op::Start {
        source: b"echo a; sleep 5; echo b".to_vec(),
        stdin: Vec::new(),
        stdin_open: false,
    });
    let OpOutcome::Action(id, _) = started else {
        panic!("start failed: {started:?}")
    };
    s.apply(Op::Poll {
        action: id,
        max_rounds: 100,
        advance_time: false,
    });
    let busy_fork = time(reps, || s.fork().expect("journaled"));
    println!(
        "fork of a busy session (5,000 files, 2 operations replayed): {}",
        show(busy_fork)
    );

    // Protocol round trips in process (JSON in, JSON out).
    let mut server = Server::new(Environment::new(Limits::default()), ServeLimits::default());
    let line = br#"{"id":1,"op":"execute","source":"echo hi"}"#;
    let n = if quick { 2_000 } else { 10_000 };
    let t = Instant::now();
    for _ in 0..n {
        std::hint::black_box(server.handle_line(line));
    }
    let total = t.elapsed();
    println!(
        "{n} execute round trips of `echo hi` in process: {} ({:.0} per second)",
        show(total),
        n as f64 / total.as_secs_f64()
    );
}
