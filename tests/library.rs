//! The library API as the README shows it.

use shellsim::process::command::{CmdFuture, CommandCtx, Trust};
use shellsim::{Environment, Limits};
use std::rc::Rc;

#[test]
fn readme_example_works() {
    let mut env = Environment::new(Limits {
        cpu: 1_000_000,
        ..Limits::default()
    });
    env.write_file(b"/work/data.txt", b"b\na\n").unwrap();
    let r = env.run(b"sort data.txt > out.txt; cat out.txt", b"");
    assert_eq!(r.stdout, b"a\nb\n");
    let r = env.run(b"wc -l < out.txt", b"");
    assert_eq!(r.stdout, b"2\n");
}

#[test]
fn state_persists_and_exit_is_terminal() {
    let mut env = Environment::new(Limits::default());
    env.run(b"x=41; f() { echo $((x + 1)); }; cd /tmp", b"");
    let r = env.run(b"f; pwd", b"");
    assert_eq!(r.stdout, b"42\n/tmp\n");
    let r = env.run(b"exit 3", b"");
    assert_eq!(r.status, 3);
    let r = env.run(b"echo never", b"");
    assert_eq!((r.status, r.stdout.as_slice()), (3, &b""[..]));
}

#[test]
fn embedder_commands_get_the_same_context() {
    let mut env = Environment::new(Limits::default());
    env.register_command(
        "greet",
        Trust::Real,
        Rc::new(|ctx: CommandCtx| -> CmdFuture {
            Box::pin(async move {
                let mut line = b"hello ".to_vec();
                line.extend_from_slice(ctx.args().first().map(|a| a.as_slice()).unwrap_or(b"?"));
                line.push(b'\n');
                ctx.out(&line).await?;
                Ok(0)
            })
        }),
    );
    let r = env.run(b"greet world | tr a-z A-Z", b"");
    assert_eq!(r.stdout, b"HELLO WORLD\n");
}

#[test]
fn the_patch_engine_applies_edits_all_or_nothing() {
    use shellsim::commands::patch::{apply_to_vfs, PatchError};
    let mut env = Environment::new(Limits::default());
    env.write_file(b"/work/src/a.txt", b"one\ntwo\n").unwrap();
    let k = env.kernel().clone();
    let cpu_before = k.meter.cpu_used();
    let edit = b"*** Begin Patch\n*** Update File: src/a.txt\n@@\n one\n-two\n+TWO\n*** Add File: b.txt\n+new\n*** End Patch\n";
    let changed = {
        let mut vfs = k.vfs.borrow_mut();
        apply_to_vfs(&mut vfs, b"/work", edit, 0, &mut |u| k.meter.charge_cpu(u)).unwrap()
    };
    k.sync_disk();
    assert_eq!(changed.len(), 2);
    assert!(k.meter.cpu_used() > cpu_before);
    assert_eq!(
        env.run(b"cat src/a.txt b.txt", b"").stdout,
        b"one\nTWO\nnew\n"
    );
    // A unified diff whose second file does not apply changes nothing.
    let diff = b"--- a/b.txt\n+++ b/b.txt\n@@ -1 +1 @@\n-new\n+newer\n--- a/src/a.txt\n+++ b/src/a.txt\n@@ -1 +1 @@\n-zzz\n+y\n";
    let err = {
        let mut vfs = k.vfs.borrow_mut();
        apply_to_vfs(&mut vfs, b"/work", diff, 1, &mut |u| k.meter.charge_cpu(u)).unwrap_err()
    };
    assert!(matches!(err, PatchError::Hunk { hunk: 1, .. }), "{err}");
    assert_eq!(env.run(b"cat b.txt", b"").stdout, b"new\n");
}
