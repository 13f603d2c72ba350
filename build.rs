//! Compiles this target's seccomp policy (`seccomp/<triple>.json`) at build time:
//! - each filter with seccompiler (validating names for the target architecture), kept for
//!   `sandbox-status` and the tests;
//! - the installed program: both filters folded into one binary search over system call
//!   numbers (src/host/confine/tree.rs says why), so start-up installs ready instructions and
//!   the kernel's per-filter work stays small.
//!
//! The JSON stays the reviewed source; `src/host/confine/policy.rs` tests that the installed
//! program decides every call exactly like the two filters stacked.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use std::collections::BTreeMap;
use std::path::PathBuf;

/// A filter's rules (syscall name → optional `(argument index, mask)` condition), with its
/// match and mismatch verdicts.
type Rules = (BTreeMap<String, Option<(u32, u32)>>, u32, u32);

include!("src/host/confine/tree.rs");

fn bytes(prog: &[Ins]) -> Vec<u8> {
    let mut buf = Vec::with_capacity(prog.len() * 8);
    for ins in prog {
        buf.extend_from_slice(&ins.code.to_le_bytes());
        buf.push(ins.jt);
        buf.push(ins.jf);
        buf.extend_from_slice(&ins.k.to_le_bytes());
    }
    buf
}

/// The number of `name` on the target, as seccompiler's own table has it: compile a one-rule
/// filter and read the comparison after the load of `seccomp_data.nr`.
fn syscall_number(name: &str, target: seccompiler::TargetArch) -> u32 {
    let json = format!(
        "{{\"x\":{{\"mismatch_action\":\"allow\",\"match_action\":\"trap\",\"filter\":[{{\"syscall\":\"{name}\"}}]}}}}"
    );
    let prog = seccompiler::compile_from_json(json.as_bytes(), target)
        .unwrap_or_else(|e| panic!("seccomp: `{name}`: {e}"))
        .remove("x")
        .expect("the filter");
    let load_nr = prog
        .iter()
        .position(|i| i.code == 0x20 && i.k == 0)
        .unwrap_or_else(|| panic!("seccomp: no nr load compiling `{name}`"));
    let cmp = prog[load_nr + 1..]
        .iter()
        .find(|i| i.code == 0x15)
        .unwrap_or_else(|| panic!("seccomp: no comparison compiling `{name}`"));
    cmp.k
}

fn action(v: &serde_json::Value) -> u32 {
    match v {
        serde_json::Value::String(s) if s == "allow" => RET_ALLOW,
        serde_json::Value::String(s) if s == "trap" => RET_TRAP,
        serde_json::Value::String(s) if s == "kill_process" => RET_KILL_PROCESS,
        serde_json::Value::Object(o) if o.contains_key("errno") => {
            RET_ERRNO | (o["errno"].as_u64().expect("errno") as u32 & 0xffff)
        }
        other => panic!("seccomp: action {other} is not supported by the tree"),
    }
}

/// A filter's rules, with its match and mismatch verdicts.
fn rules(filter: &serde_json::Value) -> Rules {
    let mut names = BTreeMap::new();
    for r in filter["filter"].as_array().expect("rules") {
        let name = r["syscall"].as_str().expect("a syscall name").to_string();
        let cond = match r.get("args").and_then(|a| a.as_array()) {
            None => None,
            Some(args) => {
                assert_eq!(
                    args.len(),
                    1,
                    "seccomp: {name}: one argument condition is supported"
                );
                let c = &args[0];
                let mask = c["op"]["masked_eq"].as_u64().expect("masked_eq") as u32;
                assert_eq!(
                    c["val"].as_u64(),
                    Some(0),
                    "seccomp: {name}: masked_eq against 0 only"
                );
                assert_eq!(c["type"], "dword");
                Some((c["index"].as_u64().expect("index") as u32, mask))
            }
        };
        assert!(
            names.insert(name.clone(), cond).is_none(),
            "seccomp: {name} listed twice"
        );
    }
    (
        names,
        action(&filter["match_action"]),
        action(&filter["mismatch_action"]),
    )
}

/// Two filters that are installed together, folded into one search tree: for every call the
/// stricter of their verdicts.
fn fold(
    first: &serde_json::Value,
    second: &serde_json::Value,
    audit_arch: u32,
    target: seccompiler::TargetArch,
) -> Vec<Ins> {
    let (a_rules, a_match, a_miss) = rules(first);
    let (b_rules, b_match, b_miss) = rules(second);
    let mut entries = Vec::new();
    let all: std::collections::BTreeSet<&String> = a_rules.keys().chain(b_rules.keys()).collect();
    for name in all {
        let nr = syscall_number(name, target);
        // Each filter's verdict for this call.
        let verdict = |r: &BTreeMap<String, Option<(u32, u32)>>, m: u32, x: u32| match r.get(name) {
            None => Action::Ret(x),
            Some(None) => Action::Ret(m),
            Some(Some((arg, mask))) => Action::Mask {
                arg: *arg,
                mask: *mask,
                zero: Box::new(Action::Ret(m)),
                nonzero: Box::new(Action::Ret(x)),
            },
        };
        let a =
            verdict(&a_rules, a_match, a_miss).stricter_with(&verdict(&b_rules, b_match, b_miss));
        entries.push((nr, a));
    }
    build_program(audit_arch, &entries, stricter(a_miss, b_miss))
        .unwrap_or_else(|e| panic!("seccomp: {e}"))
}

fn main() {
    println!("cargo:rerun-if-changed=seccomp");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/host/confine/tree.rs");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let var = |k: &str| std::env::var(k).unwrap_or_default();
    let (os, arch, env) = (
        var("CARGO_CFG_TARGET_OS"),
        var("CARGO_CFG_TARGET_ARCH"),
        var("CARGO_CFG_TARGET_ENV"),
    );
    let (mut soft, mut main, mut installed) = (Vec::new(), Vec::new(), Vec::new());
    let (mut soft_judge, mut main_judge, mut judge) = (Vec::new(), Vec::new(), Vec::new());
    let policy = PathBuf::from(format!("seccomp/{arch}-unknown-linux-{env}.json"));
    if os == "linux" && policy.exists() {
        let target = seccompiler::TargetArch::try_from(arch.as_str())
            .unwrap_or_else(|e| panic!("seccomp: no BPF target for {arch}: {e:?}"));
        let audit_arch: u32 = match arch.as_str() {
            "x86_64" => 0xc000_003e,
            "aarch64" => 0xc000_00b7,
            other => panic!("seccomp: no AUDIT_ARCH for {other}"),
        };
        // The kernel reads `struct sock_filter` in the target's byte order; every target with
        // a policy is little-endian.
        assert_eq!(var("CARGO_CFG_TARGET_ENDIAN"), "little");
        let text = std::fs::read(&policy).expect("read the seccomp policy");
        let mut map = seccompiler::compile_from_json(text.as_slice(), target)
            .unwrap_or_else(|e| panic!("{}: {e}", policy.display()));
        let convert = |p: seccompiler::BpfProgram| -> Vec<Ins> {
            p.into_iter()
                .map(|i| Ins {
                    code: i.code,
                    jt: i.jt,
                    jf: i.jf,
                    k: i.k,
                })
                .collect()
        };
        soft = bytes(&convert(map.remove("soft").expect("a `soft` filter")));
        main = bytes(&convert(map.remove("main").expect("a `main` filter")));

        // The folded programs, from the same JSON.
        let doc: serde_json::Value = serde_json::from_slice(&text).expect("the policy is JSON");
        installed = bytes(&fold(&doc["soft"], &doc["main"], audit_arch, target));
        judge = bytes(&fold(&doc["judge_soft"], &doc["judge"], audit_arch, target));
        soft_judge = bytes(&convert(
            map.remove("judge_soft").expect("a `judge_soft` filter"),
        ));
        main_judge = bytes(&convert(map.remove("judge").expect("a `judge` filter")));
    }
    // Empty files for targets without a policy: the binary then refuses to run confined.
    std::fs::write(out.join("seccomp-soft.bpf"), soft).expect("write BPF");
    std::fs::write(out.join("seccomp-main.bpf"), main).expect("write BPF");
    std::fs::write(out.join("seccomp-installed.bpf"), installed).expect("write BPF");
    std::fs::write(out.join("seccomp-judge-soft.bpf"), soft_judge).expect("write BPF");
    std::fs::write(out.join("seccomp-judge-main.bpf"), main_judge).expect("write BPF");
    std::fs::write(out.join("seccomp-judge.bpf"), judge).expect("write BPF");
}
