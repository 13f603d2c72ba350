// Merging the `soft` and `main` seccomp programs into one (shared by build.rs, through
// `include!`, and by the policy tests; so it depends on nothing but core).
//
// Why: the kernel JIT-compiles every installed filter, about 0.1 ms each on the measured
// machine, which was most of confinement's start-up cost. Two stacked filters give the
// strictest of their two verdicts; the `soft` program only ever answers "errno" (for its list)
// or "allow" (for everything else), and `main` allows every name on the soft list. So running
// `soft` first and continuing into `main` wherever `soft` would have allowed gives the same
// verdict for every call, with one program. The equivalence is checked by a test that runs
// both forms on every system call number.

/// One classic BPF instruction (`struct sock_filter`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ins {
    pub code: u16,
    pub jt: u8,
    pub jf: u8,
    pub k: u32,
}

const BPF_RET_K: u16 = 0x06;
const BPF_JMP_JA: u16 = 0x05;
const SECCOMP_RET_ALLOW: u32 = 0x7fff_0000;

/// `soft` then `main`: each "return allow" of `soft` becomes a jump to the start of `main`.
/// Jumps in classic BPF are relative and forward-only, so both programs' own jumps keep their
/// meaning unchanged.
pub fn merge_soft_then_main(soft: &[Ins], main: &[Ins]) -> Vec<Ins> {
    let mut out = Vec::with_capacity(soft.len() + main.len());
    for (i, ins) in soft.iter().enumerate() {
        if ins.code == BPF_RET_K && ins.k == SECCOMP_RET_ALLOW {
            out.push(Ins {
                code: BPF_JMP_JA,
                jt: 0,
                jf: 0,
                k: (soft.len() - i - 1) as u32,
            });
        } else {
            out.push(*ins);
        }
    }
    out.extend_from_slice(main);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ret(k: u32) -> Ins {
        Ins {
            code: BPF_RET_K,
            jt: 0,
            jf: 0,
            k,
        }
    }

    #[test]
    fn allow_returns_of_soft_jump_to_main_and_nothing_else_changes() {
        let jeq = Ins {
            code: 0x15,
            jt: 0,
            jf: 1,
            k: 2,
        };
        let soft = [jeq, ret(0x0005_000d), ret(SECCOMP_RET_ALLOW)];
        let main = [ret(0x0003_0000)];
        let m = merge_soft_then_main(&soft, &main);
        assert_eq!(m.len(), 4);
        assert_eq!(m[0], jeq);
        assert_eq!(m[1], ret(0x0005_000d));
        assert_eq!(
            m[2],
            Ins {
                code: BPF_JMP_JA,
                jt: 0,
                jf: 0,
                k: 0
            }
        );
        assert_eq!(m[3], main[0]);
    }
}
