//! Modeled memory is held by guards: a command gives back everything it reserved however it
//! ends, so repeated runs in one session return `memory_current` to where it was, and a
//! command that must hold more than the limit stops typed (137, `memory_exhausted`) before it
//! allocates.

use shellsim::limits::StopReason;
use shellsim::session::ActionState;
use shellsim::{Environment, Limits};

fn roomy() -> Limits {
    Limits {
        cpu: 1 << 40,
        memory: 1 << 30,
        disk: 1 << 30,
        output: 1 << 30,
    }
}

/// `n` bytes of lines of 80 characters.
fn text(n: usize) -> Vec<u8> {
    (0..n)
        .map(|i| {
            if i % 80 == 79 {
                b'\n'
            } else {
                b'a' + (i * 7 % 26) as u8
            }
        })
        .collect()
}

/// Runs `script` 20 times in one session; after each run the memory in use is what it was
/// after the first (the first may set variables, which hold memory while they live).
fn steady(env: &mut Environment, script: &str) {
    let before = env.usage().memory_current;
    let r = env.run(script.as_bytes(), b"");
    assert_eq!(
        r.stop_reason,
        None,
        "{script}: {}",
        String::from_utf8_lossy(&r.stderr)
    );
    let after_first = env.usage().memory_current;
    assert!(
        after_first - before < 4096,
        "{script}: the first run kept {} bytes",
        after_first - before
    );
    for i in 1..20 {
        let r = env.run(script.as_bytes(), b"");
        assert_eq!(r.stop_reason, None, "{script} (run {i})");
        assert_eq!(
            env.usage().memory_current,
            after_first,
            "{script}: run {i} left memory held"
        );
    }
}

fn files(env: &mut Environment) {
    let t = text(200_000);
    env.write_file(b"/work/a", &t).unwrap();
    let mut c = t.clone();
    c[150_000] = b'#';
    env.write_file(b"/work/c", &c).unwrap();
    env.write_file(b"/work/f", b"pear 3\napple 1\nfig 2\napple 1\nkiwi 4\n")
        .unwrap();
    env.write_file(b"/work/j1", b"a 1\nb 2\nc 3\n").unwrap();
    env.write_file(b"/work/j2", b"a x\nc y\n").unwrap();
    env.write_file(b"/work/pats", b"app\nki\n").unwrap();
    env.write_file(b"/work/prog.sed", b"s/a/A/g\n").unwrap();
    env.write_file(b"/work/doc.json", br#"{"a":[1,2,{"b":"c"}],"d":null}"#)
        .unwrap();
    env.write_file(b"/work/deps", b"a b\nb c\n").unwrap();
}

#[test]
fn text_filters_give_their_memory_back() {
    let mut env = Environment::new(roomy());
    files(&mut env);
    steady(
        &mut env,
        "cmp a a; cmp a c >/dev/null; cmp -l a c | wc -l >/dev/null; \
         tac a >/dev/null; tac -s p f >/dev/null; rev f >/dev/null; \
         sort a >/dev/null; sort -u -k2n f >/dev/null; sort -m f f >/dev/null; sort -c a; \
         sort -r f | head -n 2 >/dev/null; \
         head -n -2 f >/dev/null; head -c -5 f >/dev/null; tail -n 3 a >/dev/null; \
         tail -c 10 f >/dev/null; cut -c1-3 f >/dev/null; uniq -c f >/dev/null; \
         column -t f >/dev/null; join j1 j2 >/dev/null; comm f f >/dev/null; \
         paste f f >/dev/null; nl f >/dev/null; expand f >/dev/null; fmt a >/dev/null; \
         fold -w 7 f >/dev/null; shuf -n 2 f >/dev/null; tsort deps >/dev/null; \
         wc a f >/dev/null; printf 'f\\0a\\0' | wc --files0-from=- >/dev/null; \
         du -a . >/dev/null; numfmt --to=si 123456 >/dev/null; \
         csplit -s -f /tmp/cs a 100 200; split -l 500 a /tmp/sp; split -C 1000 a /tmp/sc; \
         pr -2 f >/dev/null; diff a c >/dev/null; diff -u a c >/dev/null; \
         diff -y -W 60 f f >/dev/null; diff a c > /tmp/p.diff; cp a /tmp/pa; \
         patch -s /tmp/pa /tmp/p.diff; cat f | diff - f; \
         base64 a | base64 -d | cmp - a; base32 f >/dev/null; \
         seq 1 50 | xargs -n 7 echo >/dev/null; echo 60 | factor >/dev/null; \
         sha256sum a >/dev/null; file - < f >/dev/null",
    );
}

#[test]
fn archives_give_their_memory_back() {
    let mut env = Environment::new(roomy());
    files(&mut env);
    steady(
        &mut env,
        "gzip -c a > /tmp/a.gz; gunzip -c /tmp/a.gz | cmp - a; zcat /tmp/a.gz >/dev/null; \
         gzip -l /tmp/a.gz >/dev/null; gzip -c < f | gzip -dc >/dev/null; \
         tar czf /tmp/t.tgz a f; tar tzf /tmp/t.tgz >/dev/null; mkdir -p /tmp/x; \
         tar xzf /tmp/t.tgz -C /tmp/x; tar cf - f | tar tf - >/dev/null; \
         rm -f /tmp/z.zip; zip -q /tmp/z.zip a f; unzip -l /tmp/z.zip >/dev/null; \
         unzip -o -q /tmp/z.zip -d /tmp/u; unzip -p /tmp/z.zip f >/dev/null; \
         unzip -tq /tmp/z.zip >/dev/null; dd if=a of=/tmp/dd bs=4k 2>/dev/null",
    );
}

#[test]
fn interpreters_give_their_memory_back() {
    let mut env = Environment::new(roomy());
    files(&mut env);
    steady(
        &mut env,
        "awk '{ n[$1] += $2 } END { for (k in n) s += n[k]; print s }' f >/dev/null; \
         awk 'function g(x) { return x * 2 } { t = t $0 } END { print g(length(t)) }' a >/dev/null; \
         awk 'BEGIN { \"echo hi\" | getline v; print v; while ((getline l < \"f\") > 0) c++; close(\"f\") }' >/dev/null; \
         sed -f prog.sed f >/dev/null; sed 'r /dev/stdin' f < j1 >/dev/null; \
         grep -f pats f >/dev/null; grep -c a a >/dev/null; \
         jq -c '.a[2]' doc.json >/dev/null; jq -s length doc.json doc.json >/dev/null; \
         jq -r --rawfile t f '$t | length' -n >/dev/null; \
         echo '2^300; define f(x) { auto a[]; a[1] = x; return (a[1] * 2) }; f(3); obase=16; 255' \
           | bc >/dev/null; echo 'scale=50; 4*a(1)' | bc -l >/dev/null",
    );
}

#[test]
fn file_tools_give_their_memory_back() {
    let mut env = Environment::new(roomy());
    files(&mut env);
    env.run(b"mkdir -p d/e; cp f d/e/; ln d/e/f d/e/g", b"");
    steady(
        &mut env,
        "rm -rf /tmp/d2; cp -a d /tmp/d2; du -a /tmp/d2 >/dev/null; \
         echo y | cp -i f /tmp/cpi; echo n | rm -i /tmp/cpi; echo y | ln -i -s f /tmp/l; \
         echo y | mv -i /tmp/l /tmp/l2; rm -f /tmp/l2 /tmp/cpi",
    );
}

#[test]
fn the_shell_gives_its_memory_back() {
    let mut env = Environment::new(roomy());
    files(&mut env);
    steady(
        &mut env,
        "x=$(cat a); y=$(< f); echo ${#x} ${#y} >/dev/null; \
         fn() { local v=$1; echo \"$v\"; }; fn 1 >/dev/null; (echo sub; fn 2) >/dev/null; \
         cat a | sort | uniq | wc -l >/dev/null; echo {1..200} >/dev/null; \
         mapfile -t arr < f; unset arr; sleep 1 & wait; \
         bash -c 'echo child' >/dev/null; sh < /dev/null; echo 'echo piped' | bash >/dev/null; \
         unset x y",
    );
}

#[test]
fn cmp_of_two_10mb_files_holds_nothing_afterwards() {
    let mut env = Environment::new(roomy());
    let t = text(10_000_000);
    env.write_file(b"/work/a", &t).unwrap();
    env.write_file(b"/work/b", &t).unwrap();
    let r = env.run(b"cmp a b", b"");
    assert_eq!(r.status, 0);
    let u = env.usage();
    // Each input is reserved once, as it is read (it was twice, and never given back).
    assert_eq!((u.memory_current, u.memory_peak), (0, 20_000_000));
}

#[test]
fn fifty_tacs_of_a_1mb_file_hold_nothing_afterwards() {
    let mut env = Environment::new(roomy());
    env.write_file(b"/work/f", &text(1_000_000)).unwrap();
    let r = env.run(
        b"for i in $(seq 50); do tac f >/dev/null; done; unset i",
        b"",
    );
    assert_eq!(r.status, 0);
    assert_eq!(env.usage().memory_current, 0);
}

/// A 100 MB line through a pipeline under the default 64 MiB limit.
fn huge_line(tail: &str) -> (i32, Option<StopReason>, Vec<u8>, u64) {
    let mut env = Environment::new(Limits {
        cpu: 1 << 40,
        ..Limits::default()
    });
    let script = format!("head -c 100000000 /dev/zero | tr '\\0' a | {tail}");
    let r = env.run(script.as_bytes(), b"");
    (r.status, r.stop_reason, r.stdout, env.usage().memory_peak)
}

#[test]
fn a_100mb_line_streams_through_commands_that_stream() {
    for tail in [
        "wc -c",
        "head -c 3; echo",
        "cat | tail -c 2; echo",
        "sha1sum",
    ] {
        let (status, stop, out, peak) = huge_line(tail);
        assert_eq!((status, stop), (0, None), "{tail}");
        assert!(!out.is_empty(), "{tail}");
        assert!(peak < 1 << 20, "{tail}: peak {peak}");
    }
}

#[test]
fn a_100mb_line_stops_commands_that_hold_it_before_they_allocate() {
    for tail in [
        "sort",
        "tac",
        "cmp - /dev/null",
        "uniq",
        "rev",
        "tail -n 1",
        // Line-at-a-time here (GNU's cut streams a line's characters).
        "cut -c 5",
        "awk '{ print length }'",
    ] {
        let (status, stop, out, peak) = huge_line(tail);
        assert_eq!(
            (status, stop),
            (137, Some(StopReason::MemoryExhausted)),
            "{tail}"
        );
        assert!(out.is_empty(), "{tail}");
        assert!(peak <= 64 << 20, "{tail}: peak {peak}");
    }
}

#[test]
fn a_cancelled_pipeline_gives_its_memory_back() {
    let mut env = Environment::new(roomy());
    env.write_file(b"/work/f", &text(1_000_000)).unwrap();
    let before = env.usage().memory_current;
    // tac holds the file while it waits on a pipe nobody reads: cancelling drops its task.
    let id = env.start(b"tac f | sleep 100", b"", false).unwrap();
    let state = env.poll(id, Some(10_000), false).unwrap();
    assert!(matches!(state, ActionState::Blocked(_)), "{state:?}");
    assert!(env.usage().memory_current >= 1_000_000);
    env.cancel(id).unwrap();
    assert_eq!(env.usage().memory_current, before);
}

#[test]
fn sort_stops_comparing_when_the_cpu_runs_out() {
    // Enough fuel to read 20,000 lines, not to sort them: the run stops typed, mid-sort.
    let lines: Vec<u8> = (0..20_000u32)
        .flat_map(|i| format!("{}\n", i.wrapping_mul(2_654_435_761) % 100_000).into_bytes())
        .collect();
    let mut env = Environment::new(Limits {
        cpu: 60_000,
        ..Limits::default()
    });
    env.write_file(b"/work/n", &lines).unwrap();
    let r = env.run(b"sort -n n", b"");
    assert_eq!(
        (r.status, r.stop_reason),
        (137, Some(StopReason::CpuExhausted))
    );
    assert!(r.stdout.is_empty());
    assert_eq!(env.usage().memory_current, 0);
}

#[test]
fn a_snapshot_copy_holds_the_shell_memory_on_its_own_account() {
    let mut env = Environment::new(roomy());
    env.run(b"big=$(printf '%05000d' 0); arr=(1 2 3)", b"");
    let held = env.usage().memory_current;
    assert!(held > 5000);
    let snap = env.snapshot().unwrap();
    let mut copy = Environment::from_snapshot(&snap, env.table());
    assert_eq!(copy.usage().memory_current, held);
    // Each side gives back what its own shell frees; the other is untouched.
    copy.run(b"unset big arr", b"");
    assert!(copy.usage().memory_current < held - 5000);
    assert_eq!(env.usage().memory_current, held);
    env.run(b"unset big", b"");
    assert!(env.usage().memory_current < held - 5000);
    // A second copy from the same snapshot starts where the snapshot was.
    let again = Environment::from_snapshot(&snap, env.table());
    assert_eq!(again.usage().memory_current, held);
}
