//! Compiles this target's seccomp policy (`seccomp/<triple>.json`) to BPF at build time, so
//! start-up installs ready instructions instead of parsing JSON and generating code on every
//! run, and merges its two filters into one program (the kernel JIT-compiles each installed
//! filter; see src/host/confine/merge.rs). The JSON stays the reviewed source; the
//! unit tests in `src/host/confine/policy.rs` also compile every file at test time.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use std::path::PathBuf;

include!("src/host/confine/merge.rs");

fn main() {
    println!("cargo:rerun-if-changed=seccomp");
    println!("cargo:rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let var = |k: &str| std::env::var(k).unwrap_or_default();
    let (os, arch, env) = (
        var("CARGO_CFG_TARGET_OS"),
        var("CARGO_CFG_TARGET_ARCH"),
        var("CARGO_CFG_TARGET_ENV"),
    );
    let mut soft = Vec::new();
    let mut main = Vec::new();
    let mut merged = Vec::new();
    let policy = PathBuf::from(format!("seccomp/{arch}-unknown-linux-{env}.json"));
    if os == "linux" && policy.exists() {
        let target = seccompiler::TargetArch::try_from(arch.as_str())
            .unwrap_or_else(|e| panic!("seccomp: no BPF target for {arch}: {e:?}"));
        let text = std::fs::read(&policy).expect("read the seccomp policy");
        let mut map = seccompiler::compile_from_json(text.as_slice(), target)
            .unwrap_or_else(|e| panic!("{}: {e}", policy.display()));
        // The kernel reads `struct sock_filter { u16 code; u8 jt; u8 jf; u32 k; }` in the
        // target's byte order; every target with a policy is little-endian.
        assert_eq!(var("CARGO_CFG_TARGET_ENDIAN"), "little");
        let mut take = |name: &str| -> Vec<Ins> {
            map.remove(name)
                .unwrap_or_else(|| panic!("{}: no `{name}` filter", policy.display()))
                .into_iter()
                .map(|i| Ins {
                    code: i.code,
                    jt: i.jt,
                    jf: i.jf,
                    k: i.k,
                })
                .collect()
        };
        let (soft_prog, main_prog) = (take("soft"), take("main"));
        for (buf, prog) in [
            (&mut merged, merge_soft_then_main(&soft_prog, &main_prog)),
            (&mut soft, soft_prog),
            (&mut main, main_prog),
        ] {
            for ins in prog {
                buf.extend_from_slice(&ins.code.to_le_bytes());
                buf.push(ins.jt);
                buf.push(ins.jf);
                buf.extend_from_slice(&ins.k.to_le_bytes());
            }
        }
    }
    // Empty files for targets without a policy: the binary then refuses to run confined.
    std::fs::write(out.join("seccomp-soft.bpf"), soft).expect("write BPF");
    std::fs::write(out.join("seccomp-main.bpf"), main).expect("write BPF");
    std::fs::write(out.join("seccomp-merged.bpf"), merged).expect("write BPF");
}
