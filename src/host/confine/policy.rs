//! The seccomp policies: reviewed JSON files in the top-level `seccomp/` folder, one per target
//! triple (syscall names differ by architecture, and musl calls a few different ones), compiled
//! at start-up — a few microseconds — so no binary filter blob is checked in.
//!
//! Each file holds two filters, which build.rs folds into the one program that is installed
//! (see `tree.rs`; a test checks it gives the same verdict as the two stacked):
//! - `soft`: allows everything except a short list (host opens, stats, readlink, getcwd,
//!   ioctl) that fails with EACCES. A panic's backtrace or a stray open then degrades softly.
//! - `main`: a deny-by-default allowlist. Anything not on it raises SIGSYS, which the reporter
//!   turns into a message and exit 159. The soft names are on it so the kernel's precedence
//!   (TRAP over ERRNO over ALLOW) lets the soft filter's EACCES decide them.

use seccompiler::BpfProgram;
#[cfg(test)]
use seccompiler::TargetArch;

#[cfg(test)]
/// The policy text for the target this binary was built for.
pub fn policy_json() -> &'static str {
    #[cfg(all(target_arch = "x86_64", target_env = "gnu"))]
    return include_str!("../../../seccomp/x86_64-unknown-linux-gnu.json");
    #[cfg(all(target_arch = "x86_64", target_env = "musl"))]
    return include_str!("../../../seccomp/x86_64-unknown-linux-musl.json");
    #[cfg(all(target_arch = "aarch64", target_env = "gnu"))]
    return include_str!("../../../seccomp/aarch64-unknown-linux-gnu.json");
    #[cfg(all(target_arch = "aarch64", target_env = "musl"))]
    return include_str!("../../../seccomp/aarch64-unknown-linux-musl.json");
    #[allow(unreachable_code)]
    ""
}

#[cfg(test)]
fn target_arch() -> Option<TargetArch> {
    if cfg!(target_arch = "x86_64") {
        Some(TargetArch::x86_64)
    } else if cfg!(target_arch = "aarch64") {
        Some(TargetArch::aarch64)
    } else {
        None
    }
}

/// The compiled filters.
pub struct Filters {
    pub soft: BpfProgram,
    pub main: BpfProgram,
}

/// The program that is installed: `soft` and `main` folded into one search tree by build.rs.
pub fn installed() -> Result<BpfProgram, String> {
    let merged = decode(include_bytes!(concat!(
        env!("OUT_DIR"),
        "/seccomp-installed.bpf"
    )));
    if merged.is_empty() {
        return Err("no seccomp policy for this target".into());
    }
    Ok(merged)
}

/// The read judge's program (its host view lists directories and reads metadata): the
/// `judge_soft` and `judge` filters folded by build.rs.
pub fn installed_judge() -> Result<BpfProgram, String> {
    let p = decode(include_bytes!(concat!(
        env!("OUT_DIR"),
        "/seccomp-judge.bpf"
    )));
    if p.is_empty() {
        return Err("no seccomp policy for this target".into());
    }
    Ok(p)
}

/// This target's two filters as build.rs compiled them (for `sandbox-status` and tests).
pub fn compiled() -> Result<Filters, String> {
    let soft = decode(include_bytes!(concat!(
        env!("OUT_DIR"),
        "/seccomp-soft.bpf"
    )));
    let main = decode(include_bytes!(concat!(
        env!("OUT_DIR"),
        "/seccomp-main.bpf"
    )));
    if soft.is_empty() || main.is_empty() {
        return Err("no seccomp policy for this target".into());
    }
    Ok(Filters { soft, main })
}

fn decode(bytes: &[u8]) -> BpfProgram {
    bytes
        .chunks_exact(8)
        .map(|c| seccompiler::sock_filter {
            code: u16::from_le_bytes([c[0], c[1]]),
            jt: c[2],
            jf: c[3],
            k: u32::from_le_bytes([c[4], c[5], c[6], c[7]]),
        })
        .collect()
}

#[cfg(test)]
/// Compiles this target's policy from its JSON (what build.rs did, at run time).
pub fn compile() -> Result<Filters, String> {
    let arch = target_arch().ok_or("no seccomp policy for this architecture")?;
    compile_text(policy_json(), arch)
}

#[cfg(test)]
pub fn compile_text(text: &str, arch: TargetArch) -> Result<Filters, String> {
    if text.is_empty() {
        return Err("no seccomp policy for this target".into());
    }
    let mut map = seccompiler::compile_from_json(text.as_bytes(), arch)
        .map_err(|e| format!("seccomp policy does not compile: {e}"))?;
    let mut take = |name: &str| {
        map.remove(name)
            .ok_or_else(|| format!("seccomp policy has no `{name}` filter"))
    };
    Ok(Filters {
        soft: take("soft")?,
        main: take("main")?,
    })
}

/// System calls that must never be plainly allowed by `main` unless `soft` answers them with
/// an error first (the kernel takes the strictest verdict).
pub const FORBIDDEN: &[&str] = &[
    "execve",
    "execveat",
    "fork",
    "vfork",
    "clone",
    "clone3",
    "socket",
    "socketpair",
    "connect",
    "bind",
    "listen",
    "accept",
    "accept4",
    "sendto",
    "sendmsg",
    "open",
    "openat",
    "openat2",
    "open_by_handle_at",
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    "memfd_create",
    "unshare",
    "setns",
    "mount",
    "umount2",
    "pivot_root",
    "chroot",
    "bpf",
    "perf_event_open",
    "keyctl",
    "add_key",
    "request_key",
    "kill",
    "tkill",
    "tgkill",
    "personality",
    "prctl",
    "seccomp",
    "landlock_create_ruleset",
    "landlock_add_rule",
    "landlock_restrict_self",
    "userfaultfd",
    "pidfd_open",
    "pidfd_send_signal",
    "pidfd_getfd",
    "mknod",
    "mknodat",
    "unlink",
    "unlinkat",
    "rename",
    "renameat",
    "renameat2",
    "mkdir",
    "mkdirat",
    "chdir",
    "fchdir",
    "symlink",
    "symlinkat",
    "link",
    "linkat",
    "chmod",
    "fchmodat",
    "truncate",
    "kexec_load",
    "init_module",
    "finit_module",
    "delete_module",
    "reboot",
    "swapon",
    "setuid",
    "setgid",
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    const FILES: &[(&str, &str, TargetArch)] = &[
        (
            "x86_64-unknown-linux-gnu",
            include_str!("../../../seccomp/x86_64-unknown-linux-gnu.json"),
            TargetArch::x86_64,
        ),
        (
            "x86_64-unknown-linux-musl",
            include_str!("../../../seccomp/x86_64-unknown-linux-musl.json"),
            TargetArch::x86_64,
        ),
        (
            "aarch64-unknown-linux-gnu",
            include_str!("../../../seccomp/aarch64-unknown-linux-gnu.json"),
            TargetArch::aarch64,
        ),
        (
            "aarch64-unknown-linux-musl",
            include_str!("../../../seccomp/aarch64-unknown-linux-musl.json"),
            TargetArch::aarch64,
        ),
    ];

    fn names(filter: &serde_json::Value) -> BTreeSet<String> {
        filter["filter"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["syscall"].as_str().unwrap().to_string())
            .collect()
    }

    #[test]
    fn the_build_time_filters_are_this_targets_policy() {
        let built = compiled().unwrap();
        let fresh = compile().unwrap();
        assert_eq!(built.soft, fresh.soft);
        assert_eq!(built.main, fresh.main);
        let tree = installed().unwrap();
        assert!(
            tree.len() < built.soft.len() + built.main.len(),
            "the tree is the smaller program"
        );
    }

    /// A classic-BPF interpreter for seccomp programs (the instructions seccompiler emits).
    fn run_bpf(prog: &[seccompiler::sock_filter], data: &[u8; 64]) -> u32 {
        let (mut a, mut pc) = (0u32, 0usize);
        loop {
            let i = &prog[pc];
            pc += 1;
            match i.code {
                0x20 => {
                    let k = i.k as usize;
                    a = u32::from_le_bytes(data[k..k + 4].try_into().unwrap());
                }
                0x54 => a &= i.k,
                0x05 => pc += i.k as usize,
                0x15 | 0x25 | 0x35 | 0x45 => {
                    let taken = match i.code {
                        0x15 => a == i.k,
                        0x25 => a > i.k,
                        0x35 => a >= i.k,
                        _ => a & i.k != 0,
                    };
                    pc += if taken { i.jt } else { i.jf } as usize;
                }
                0x06 => return i.k,
                other => panic!("BPF opcode {other:#x} not modelled"),
            }
        }
    }

    /// The kernel's rule for stacked filters: the lowest action, compared as signed.
    fn strictest(a: u32, b: u32) -> u32 {
        let act = |r: u32| (r & 0xffff_0000) as i32;
        if act(a) <= act(b) {
            a
        } else {
            b
        }
    }

    #[test]
    fn the_judge_program_decides_every_call_like_its_two_filters_stacked() {
        let soft = decode(include_bytes!(concat!(
            env!("OUT_DIR"),
            "/seccomp-judge-soft.bpf"
        )));
        let main = decode(include_bytes!(concat!(
            env!("OUT_DIR"),
            "/seccomp-judge-main.bpf"
        )));
        same_verdicts(&soft, &main, &installed_judge().unwrap());
    }

    #[test]
    fn the_installed_program_decides_every_call_like_the_two_stacked() {
        let f = compiled().unwrap();
        same_verdicts(&f.soft, &f.main, &installed().unwrap());
    }

    fn same_verdicts(
        soft: &[seccompiler::sock_filter],
        main: &[seccompiler::sock_filter],
        merged: &[seccompiler::sock_filter],
    ) {
        let arch: u32 = if cfg!(target_arch = "x86_64") {
            0xc000_003e
        } else {
            0xc000_00b7
        };
        let mut numbers: Vec<u32> = (0..600).collect();
        numbers.extend([0x4000_0000 | 39, 0x4000_0000 | 2, u32::MAX]);
        let mut checked = 0;
        for nr in numbers {
            for arch in [arch, 0x4000_0003 /* i386 */] {
                for arg2 in [0u64, 3, 4, 7, 1 << 33, 0x4000, 0x10000, 0x10004] {
                    let mut data = [0u8; 64];
                    data[0..4].copy_from_slice(&nr.to_le_bytes());
                    data[4..8].copy_from_slice(&arch.to_le_bytes());
                    data[32..40].copy_from_slice(&arg2.to_le_bytes());
                    let stacked = strictest(run_bpf(soft, &data), run_bpf(main, &data));
                    assert_eq!(
                        run_bpf(merged, &data),
                        stacked,
                        "nr {nr:#x} arch {arch:#x} arg2 {arg2}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 9000);
    }

    #[test]
    fn every_policy_compiles_for_its_architecture() {
        for (name, text, arch) in FILES {
            let f = compile_text(text, *arch).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(!f.soft.is_empty() && !f.main.is_empty(), "{name}");
        }
    }

    #[test]
    fn main_is_deny_by_default_and_soft_only_errors() {
        for (name, text, _) in FILES {
            let doc: serde_json::Value = serde_json::from_str(text).unwrap();
            assert_eq!(doc["main"]["mismatch_action"], "trap", "{name}");
            assert_eq!(doc["main"]["match_action"], "allow", "{name}");
            assert_eq!(doc["soft"]["mismatch_action"], "allow", "{name}");
            assert_eq!(doc["soft"]["match_action"]["errno"], 13, "{name}");
            let keys: Vec<&String> = doc.as_object().unwrap().keys().collect();
            assert_eq!(keys, ["judge", "judge_soft", "main", "soft"], "{name}");
            assert_eq!(doc["judge"]["mismatch_action"], "trap", "{name}");
            assert_eq!(doc["judge"]["match_action"], "allow", "{name}");
            assert_eq!(doc["judge_soft"]["mismatch_action"], "allow", "{name}");
            assert_eq!(doc["judge_soft"]["match_action"]["errno"], 13, "{name}");
        }
    }

    #[test]
    fn no_forbidden_call_is_allowed_without_the_soft_error() {
        for (name, text, _) in FILES {
            let doc: serde_json::Value = serde_json::from_str(text).unwrap();
            for (main, soft) in [("main", "soft"), ("judge", "judge_soft")] {
                let allowed = names(&doc[main]);
                let answered = names(&doc[soft]);
                for f in FORBIDDEN {
                    assert!(
                        !allowed.contains(*f) || answered.contains(*f),
                        "{name}: `{f}` is allowed by {main} and not answered by {soft}"
                    );
                }
            }
            // The judge may open directories only: its soft filter refuses every open without
            // O_DIRECTORY.
            let o_directory = if name.starts_with("x86_64") {
                0x10000
            } else {
                0x4000
            };
            let rule = doc["judge_soft"]["filter"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["syscall"] == "openat")
                .expect("judge_soft answers openat");
            assert_eq!(rule["args"][0]["op"]["masked_eq"], o_directory, "{name}");
            assert_eq!(rule["args"][0]["val"], 0, "{name}");
        }
    }

    #[test]
    fn mmap_and_mprotect_only_without_prot_exec() {
        for (name, text, _) in FILES {
            let doc: serde_json::Value = serde_json::from_str(text).unwrap();
            for rule in doc["main"]["filter"].as_array().unwrap() {
                let call = rule["syscall"].as_str().unwrap();
                if call == "mmap" || call == "mprotect" {
                    let args = rule["args"].as_array().expect("an argument rule");
                    assert_eq!(args.len(), 1, "{name} {call}");
                    assert_eq!(args[0]["index"], 2);
                    assert_eq!(args[0]["op"]["masked_eq"], 4);
                    assert_eq!(args[0]["val"], 0);
                }
            }
        }
    }

    #[test]
    fn every_rule_says_why() {
        for (name, text, _) in FILES {
            let doc: serde_json::Value = serde_json::from_str(text).unwrap();
            for filter in ["soft", "main", "judge_soft", "judge"] {
                for rule in doc[filter]["filter"].as_array().unwrap() {
                    let c = rule["comment"].as_str().unwrap_or("");
                    assert!(c.len() > 10, "{name} {filter}: {rule} has no comment");
                }
            }
        }
    }
}
