use super::*;
use crate::limits::Limits;

fn env() -> Environment {
    Environment::new(Limits::default())
}

fn session() -> Session {
    Session::new(env(), SessionLimits::default())
}

fn execute(s: &mut Session, src: &str) -> RunResult {
    match s.apply(Op::Execute {
        source: src.as_bytes().to_vec(),
        stdin: Vec::new(),
    }) {
        OpOutcome::Executed(r) => r,
        other => panic!("unexpected {other:?}"),
    }
}

fn start(s: &mut Session, src: &str, stdin_open: bool) -> ActionId {
    match s.apply(Op::Start {
        source: src.as_bytes().to_vec(),
        stdin: Vec::new(),
        stdin_open,
    }) {
        OpOutcome::Action(id, _) => id,
        other => panic!("unexpected {other:?}"),
    }
}

fn poll(s: &mut Session, id: ActionId, rounds: u64, advance_time: bool) -> ActionState {
    match s.apply(Op::Poll {
        action: id,
        max_rounds: rounds,
        advance_time,
    }) {
        OpOutcome::Action(_, st) => st,
        other => panic!("unexpected {other:?}"),
    }
}

fn read(s: &mut Session, id: ActionId) -> ActionOutput {
    match s.apply(Op::ReadOutput { action: id }) {
        OpOutcome::Output(o) => o,
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn state_persists_between_actions() {
    let mut s = session();
    execute(&mut s, "x=41; f() { echo $((x+1)); }; mkdir -p d; cd d");
    let r = execute(&mut s, "f; pwd");
    assert_eq!(r.stdout, b"42\n/work/d\n");
}

#[test]
fn exit_is_terminal_and_sticky() {
    let mut s = session();
    let r = execute(&mut s, "echo a; exit 3");
    assert_eq!((r.status, r.stdout.as_slice()), (3, b"a\n".as_slice()));
    let cpu = s.env().usage().cpu_used;
    let r = execute(&mut s, "echo b");
    assert_eq!((r.status, r.stdout.as_slice()), (3, b"".as_slice()));
    assert_eq!(
        s.env().usage().cpu_used,
        cpu,
        "a terminal session charges nothing"
    );
}

#[test]
fn sleeping_action_blocks_without_time_and_completes_with_it() {
    let mut s = session();
    let id = start(&mut s, "printf one; sleep 2; printf two", false);
    let st = poll(&mut s, id, 1000, false);
    assert!(
        matches!(st, ActionState::Blocked(WaitReason::Timer { deadline_ns }) if deadline_ns == 2_000_000_000),
        "{st:?}"
    );
    assert_eq!(read(&mut s, id).stdout, b"one");
    let st = poll(&mut s, id, 1000, true);
    assert!(
        matches!(st, ActionState::Complete { status: 0, .. }),
        "{st:?}"
    );
    let out = read(&mut s, id);
    assert_eq!(out.stdout, b"two");
    assert!(out.stdout_closed && out.stderr_closed);
}

#[test]
fn cancel_keeps_the_shell_and_its_changes() {
    let mut s = session();
    let id = start(&mut s, "x=kept; cd /tmp; sleep 60; echo never", false);
    poll(&mut s, id, 100, false);
    match s.apply(Op::Cancel { action: id }) {
        OpOutcome::Action(_, ActionState::Complete { status, .. }) => assert_eq!(status, 137),
        other => panic!("{other:?}"),
    }
    assert_eq!(read(&mut s, id).stdout, b"");
    let r = execute(&mut s, "echo $x; pwd");
    assert_eq!(r.stdout, b"kept\n/tmp\n");
    assert_eq!(s.env().kernel().clock.borrow().monotonic_ns(), 0);
}

#[test]
fn input_streams_in_and_output_streams_out() {
    let mut s = session();
    let id = start(&mut s, "while read l; do echo got:$l; done", true);
    assert_eq!(
        poll(&mut s, id, 100, false),
        ActionState::Blocked(WaitReason::Input)
    );
    s.apply(Op::WriteStdin {
        action: id,
        data: b"a\nb\n".to_vec(),
    });
    poll(&mut s, id, 100, false);
    assert_eq!(read(&mut s, id).stdout, b"got:a\ngot:b\n");
    s.apply(Op::CloseStdin { action: id });
    assert!(poll(&mut s, id, 100, false).is_complete());
    assert!(matches!(
        s.apply(Op::WriteStdin {
            action: id,
            data: b"x".to_vec()
        }),
        OpOutcome::Env(EnvError::StdinClosed(_))
    ));
}

#[test]
fn an_endless_writer_streams_in_bounded_steps() {
    let mut s = session();
    let id = start(&mut s, "yes", false);
    let mut total = 0;
    for _ in 0..3 {
        assert_eq!(poll(&mut s, id, 2, false), ActionState::Running);
        let out = read(&mut s, id);
        assert!(out.stdout.starts_with(b"y\ny\n"));
        assert!(!out.stdout_closed);
        total += out.stdout.len();
    }
    assert!(total > 0);
    assert!(matches!(
        s.apply(Op::Cancel { action: id }),
        OpOutcome::Action(_, ActionState::Complete { status: 137, .. })
    ));
    assert_eq!(execute(&mut s, "echo ok").stdout, b"ok\n");
}

#[test]
fn background_jobs_outlive_their_action() {
    let mut s = session();
    let r = execute(&mut s, "(sleep 5; echo late > /work/bg) & echo started");
    assert_eq!(r.stdout, b"started\n");
    assert!(!s.env().quiescent());
    let r = execute(&mut s, "wait; cat /work/bg");
    assert_eq!(r.stdout, b"late\n");
    assert!(s.env().quiescent());
}

#[test]
fn forks_diverge_and_do_not_see_each_other() {
    let mut a = session();
    execute(&mut a, "echo base > f; v=base");
    let mut b = a.fork().expect("quiescent fork");
    execute(&mut a, "echo a >> f; v=a");
    execute(&mut b, "echo b >> f; v=b");
    assert_eq!(execute(&mut a, "cat f; echo $v").stdout, b"base\na\na\n");
    assert_eq!(execute(&mut b, "cat f; echo $v").stdout, b"base\nb\nb\n");
}

#[test]
fn a_fork_in_flight_is_exact() {
    let mut a = session();
    execute(&mut a, "n=7");
    let id = start(
        &mut a,
        "echo $n; sleep 3; echo $((n*2)) > out; echo done",
        false,
    );
    poll(&mut a, id, 100, false);
    let mut b = a.fork().expect("fork in flight");
    for s in [&mut a, &mut b] {
        assert_eq!(read(s, id).stdout, b"7\n");
        assert!(poll(s, id, 1000, true).is_complete());
        assert_eq!(read(s, id).stdout, b"done\n");
        assert_eq!(execute(s, "cat out").stdout, b"14\n");
    }
    assert_eq!(
        a.env().kernel().clock.borrow().monotonic_ns(),
        b.env().kernel().clock.borrow().monotonic_ns()
    );
    assert_eq!(a.env().usage(), b.env().usage());
}

#[test]
fn checkpoint_restores_the_whole_session() {
    let mut s = session();
    execute(&mut s, "echo one > f; v=1; mkdir d");
    let cp = s.checkpoint().expect("quiescent");
    let usage = s.env().usage();
    execute(&mut s, "echo two > f; v=2; cd d; sleep 9");
    let mut r = Session::from_checkpoint(&cp, s.env().table(), SessionLimits::default());
    assert_eq!(r.env().usage(), usage);
    assert_eq!(
        execute(&mut r, "cat f; echo $v; pwd").stdout,
        b"one\n1\n/work\n"
    );
    // The original is untouched by the restore.
    assert_eq!(execute(&mut s, "cat /work/f; echo $v").stdout, b"two\n2\n");
}

#[test]
fn workspace_diff_and_reset_follow_the_change() {
    let mut s = session();
    execute(&mut s, "echo keep > k; echo old > m; echo gone > g");
    let base = s.env().kernel().vfs.borrow().clone();
    execute(&mut s, "echo new > m; rm g; mkdir n; ln -s k n/l");
    let changes: Vec<(String, vfs_change::Kind)> = s
        .env()
        .workspace_diff(&base)
        .into_iter()
        .map(|c| (String::from_utf8(c.path).unwrap(), c.kind))
        .collect();
    use vfs_change::Kind::*;
    assert_eq!(
        changes,
        vec![
            ("/work/g".to_string(), Deleted),
            ("/work/m".to_string(), Modified),
            ("/work/n".to_string(), Added),
            ("/work/n/l".to_string(), Added),
        ]
    );
    s.apply(Op::ResetWorkspace {
        baseline: base.clone(),
    });
    assert!(s.env().workspace_diff(&base).is_empty());
    assert_eq!(execute(&mut s, "cat m g").stdout, b"old\ngone\n");
}

mod vfs_change {
    pub use crate::vfs::ChangeKind as Kind;
}

#[test]
fn harness_paths_stay_in_work() {
    let mut s = session();
    let refused =
        |o: OpOutcome| matches!(o, OpOutcome::Workspace(WorkspaceError::OutsideWorkspace(_)));
    assert!(refused(s.apply(Op::WriteFile {
        path: b"../etc/x".to_vec(),
        data: b"x".to_vec(),
        mode: 0o644
    })));
    execute(&mut s, "ln -s /etc out");
    assert!(refused(s.apply(Op::WriteFile {
        path: b"out/x".to_vec(),
        data: b"x".to_vec(),
        mode: 0o644
    })));
    assert!(matches!(
        s.env().workspace_read(b"/etc/passwd"),
        Err(WorkspaceError::OutsideWorkspace(_))
    ));
    assert!(matches!(
        s.apply(Op::WriteFile {
            path: b"a/b/c.txt".to_vec(),
            data: b"hi".to_vec(),
            mode: 0o600
        }),
        OpOutcome::Done
    ));
    assert_eq!(
        s.env().workspace_read(b"/work/a/b/c.txt").unwrap(),
        (b"hi".to_vec(), 0o600)
    );
}

#[test]
fn disk_full_is_recoverable() {
    let limits = Limits {
        disk: 64 << 10,
        ..Limits::default()
    };
    let mut s = Session::new(Environment::new(limits), SessionLimits::default());
    let r = execute(&mut s, "head -c 100000 /dev/zero > big; echo $?");
    assert!(r.stderr.ends_with(b"No space left on device\n"), "{r:?}");
    assert!(s.env().terminal().is_none());
    let r = execute(&mut s, "rm big; head -c 1000 /dev/zero > small && echo ok");
    assert_eq!(r.stdout, b"ok\n");
}

#[test]
fn a_terminal_signal_interrupts_a_command_the_shell_runs_itself() {
    let mut s = session();
    let id = start(&mut s, "sleep 30; echo after $?", false);
    poll(&mut s, id, 100, false);
    assert!(matches!(
        s.apply(Op::SignalForeground { signal: 2 }),
        OpOutcome::Signalled(1)
    ));
    assert!(poll(&mut s, id, 100, false).is_complete());
    assert_eq!(read(&mut s, id).stdout, b"after 130\n");
    assert_eq!(s.env().kernel().clock.borrow().monotonic_ns(), 0);
}

#[test]
fn workspace_reset_restores_only_work() {
    let mut s = session();
    execute(&mut s, "echo a > /work/f");
    let base = s.env().kernel().vfs.borrow().clone();
    let disk = s.env().usage().disk_current;
    execute(
        &mut s,
        "echo changed > /work/f; echo new > /work/g; echo kept > /tmp/t",
    );
    s.apply(Op::ResetWorkspace { baseline: base });
    assert_eq!(
        execute(&mut s, "cat /work/f /tmp/t; ls /work").stdout,
        b"a\nkept\nf\n"
    );
    let tmp_cost = s.env().usage().disk_current - disk;
    assert!(
        tmp_cost > 0 && tmp_cost < 1024,
        "only /tmp/t remains charged: {tmp_cost}"
    );
}

#[test]
fn set_e_termination_is_terminal() {
    let mut s = session();
    let r = execute(&mut s, "set -e; echo a; false; echo never");
    assert_eq!((r.status, r.stdout.as_slice()), (1, b"a\n".as_slice()));
    assert_eq!(s.env().terminal().map(|t| t.status), Some(1));
    assert_eq!(execute(&mut s, "echo b").stdout, b"");
}

#[test]
fn a_trapped_interrupt_kills_the_command_and_runs_the_trap() {
    let mut s = session();
    let id = start(
        &mut s,
        "trap 'echo trapped' INT; sleep 30; echo after $?",
        false,
    );
    poll(&mut s, id, 100, false);
    s.apply(Op::SignalForeground { signal: 2 });
    assert!(poll(&mut s, id, 100, false).is_complete());
    assert_eq!(read(&mut s, id).stdout, b"trapped\nafter 130\n");
}

#[test]
fn reset_brings_back_a_deleted_work_and_keeps_usage_exact() {
    let mut s = session();
    execute(&mut s, "head -c 1000 /dev/zero > f");
    let base = s.env().kernel().vfs.borrow().clone();
    let disk = s.env().usage().disk_current;
    execute(&mut s, "rm f; mkdir f; echo x > f/y");
    s.apply(Op::ResetWorkspace {
        baseline: base.clone(),
    });
    assert_eq!(
        s.env().usage().disk_current,
        disk,
        "a type change is counted once"
    );
    execute(&mut s, "cd /; rm -rf /work");
    s.apply(Op::ResetWorkspace { baseline: base });
    assert_eq!(s.env().usage().disk_current, disk);
    assert_eq!(execute(&mut s, "wc -c < /work/f").stdout, b"1000\n");
}

#[test]
fn a_coprocess_answers_and_is_forgotten_once_reaped() {
    let mut s = session();
    let r = execute(
        &mut s,
        "coproc UP { tr a-z A-Z; }; echo \"${UP[@]}\"; echo hello >&\"${UP[1]}\"\n\
         exec {UP[1]}>&-; read -r x <&\"${UP[0]}\"; echo \"$x\"",
    );
    assert_eq!(
        r.stdout,
        b"63 60\nHELLO\n",
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let r = execute(&mut s, "wait; echo \"[${UP[*]-unset}] [${UP_PID-unset}]\"");
    assert_eq!(r.stdout, b"[unset] [unset]\n");
    assert!(s.env().quiescent());
}

#[test]
fn reading_a_silent_coprocess_is_a_deadlock_not_a_hang() {
    let mut s = session();
    let r = execute(
        &mut s,
        "coproc cat; read -r x <&\"${COPROC[0]}\"; echo never",
    );
    assert!(r.stdout.is_empty());
    assert_ne!(r.status, 0);
}

#[test]
fn a_busy_coprocess_is_metered() {
    let env = Environment::new(Limits {
        cpu: 2_000_000,
        ..Limits::default()
    });
    let mut s = Session::new(env, SessionLimits::default());
    let r = execute(
        &mut s,
        "coproc { while :; do :; done; }; read -r x <&\"${COPROC[0]}\"; echo never",
    );
    assert!(r.stdout.is_empty());
    assert!(r.stop_reason.is_some(), "{r:?}");
}
