// The installed seccomp program, laid out as a binary search over system call numbers. Shared
// by build.rs (through `include!`) and the policy tests, so it depends on nothing but core.
//
// Why a tree: when a filter is attached, the kernel runs it once for every system call number
// to find the ones it always allows (its per-filter cache), then JIT-compiles it. With a linear
// chain of comparisons, as compiled from the JSON, that costs time in proportion to the
// program's length for every number — about 1.2 µs per instruction on the measured machine,
// most of confinement's start-up cost. A balanced tree answers each number in a handful of
// comparisons. It also folds the `soft` and `main` filters into one program: for each call the
// stricter of their two verdicts (the kernel's rule for stacked filters) is decided at build
// time. A unit test runs this program and the two JSON filters, stacked, over every call
// number and argument shape and requires the same verdict.

/// One classic BPF instruction (`struct sock_filter`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ins {
    pub code: u16,
    pub jt: u8,
    pub jf: u8,
    pub k: u32,
}

pub const RET_KILL_PROCESS: u32 = 0x8000_0000;
pub const RET_TRAP: u32 = 0x0003_0000;
pub const RET_ERRNO: u32 = 0x0005_0000;
pub const RET_ALLOW: u32 = 0x7fff_0000;

const LD_ABS: u16 = 0x20;
const AND_K: u16 = 0x54;
const JA: u16 = 0x05;
const JEQ_K: u16 = 0x15;
const JGE_K: u16 = 0x35;
const RET_K: u16 = 0x06;

/// What the program does for one system call.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Action {
    Ret(u32),
    /// On the low 32 bits of argument `arg`: `(arg & mask) == 0` → `zero`, else `nonzero`.
    Mask {
        arg: u32,
        mask: u32,
        zero: Box<Action>,
        nonzero: Box<Action>,
    },
}

impl Action {
    /// `self` combined with `other` by the kernel's rule for stacked filters.
    pub fn stricter_with(&self, other: &Action) -> Action {
        match (self, other) {
            (Action::Ret(a), Action::Ret(b)) => Action::Ret(stricter(*a, *b)),
            (
                Action::Mask {
                    arg,
                    mask,
                    zero,
                    nonzero,
                },
                o,
            ) => Action::Mask {
                arg: *arg,
                mask: *mask,
                zero: Box::new(zero.stricter_with(o)),
                nonzero: Box::new(nonzero.stricter_with(o)),
            },
            (r @ Action::Ret(_), m @ Action::Mask { .. }) => m.stricter_with(r),
        }
    }
}

/// An argument check and what follows it, in place.
fn emit_action(asm: &mut Asm, a: &Action) {
    match a {
        Action::Ret(r) => {
            asm.emit(RET_K, *r);
        }
        Action::Mask {
            arg,
            mask,
            zero,
            nonzero,
        } => {
            asm.emit(LD_ABS, 16 + 8 * arg);
            asm.emit(AND_K, *mask);
            let (z, n) = (asm.label(), asm.label());
            asm.jump(JEQ_K, 0, Target::Label(z), Target::Label(n));
            asm.place(z);
            emit_action(asm, zero);
            asm.place(n);
            emit_action(asm, nonzero);
        }
    }
}

/// The stricter of two return values, as the kernel orders stacked filters' verdicts.
pub fn stricter(a: u32, b: u32) -> u32 {
    let act = |r: u32| (r & 0xffff_0000) as i32;
    if act(a) <= act(b) {
        a
    } else {
        b
    }
}

#[derive(Clone, Copy)]
enum Target {
    Next,
    Label(usize),
}

struct Asm {
    ins: Vec<Ins>,
    /// (instruction, jt target, jf target) for conditional jumps; (instruction, target) for JA.
    cond: Vec<(usize, Target, Target)>,
    ja: Vec<(usize, usize)>,
    labels: Vec<Option<usize>>,
}

impl Asm {
    fn label(&mut self) -> usize {
        self.labels.push(None);
        self.labels.len() - 1
    }
    fn place(&mut self, l: usize) {
        self.labels[l] = Some(self.ins.len());
    }
    fn emit(&mut self, code: u16, k: u32) -> usize {
        self.ins.push(Ins {
            code,
            jt: 0,
            jf: 0,
            k,
        });
        self.ins.len() - 1
    }
    fn jump(&mut self, code: u16, k: u32, jt: Target, jf: Target) {
        let at = self.emit(code, k);
        self.cond.push((at, jt, jf));
    }
    fn goto(&mut self, l: usize) {
        let at = self.emit(JA, 0);
        self.ja.push((at, l));
    }
    fn finish(mut self) -> Result<Vec<Ins>, String> {
        let resolve = |labels: &[Option<usize>], at: usize, t: Target| -> Result<u32, String> {
            match t {
                Target::Next => Ok(0),
                Target::Label(l) => {
                    let to = labels[l].ok_or("an unplaced label")?;
                    to.checked_sub(at + 1)
                        .map(|d| d as u32)
                        .ok_or_else(|| "a backward jump".to_string())
                }
            }
        };
        for &(at, jt, jf) in &self.cond {
            let (t, f) = (
                resolve(&self.labels, at, jt)?,
                resolve(&self.labels, at, jf)?,
            );
            if t > 255 || f > 255 {
                return Err("a conditional jump farther than 255 instructions".into());
            }
            self.ins[at].jt = t as u8;
            self.ins[at].jf = f as u8;
        }
        for &(at, l) in &self.ja {
            self.ins[at].k = resolve(&self.labels, at, Target::Label(l))?;
        }
        Ok(self.ins)
    }
}

/// The program: check the architecture (anything else is killed), then search `entries`
/// (system call number → action, any order); a number not listed gets `default`.
pub fn build_program(
    audit_arch: u32,
    entries: &[(u32, Action)],
    default: u32,
) -> Result<Vec<Ins>, String> {
    let mut sorted: Vec<(u32, Action)> = entries.to_vec();
    sorted.sort();
    sorted.dedup_by_key(|e| e.0);
    // Nested checks are emitted in place, once per distinct action.
    let mut asm = Asm {
        ins: Vec::new(),
        cond: Vec::new(),
        ja: Vec::new(),
        labels: Vec::new(),
    };
    // Labels for each distinct action, placed after the tree.
    let mut actions: Vec<Action> = sorted.iter().map(|e| e.1.clone()).collect();
    actions.push(Action::Ret(default));
    actions.sort();
    actions.dedup();
    let action_labels: Vec<usize> = actions.iter().map(|_| asm.label()).collect();
    let label_of = |a: &Action| action_labels[actions.iter().position(|x| x == a).unwrap_or(0)];
    let default_label = label_of(&Action::Ret(default));
    asm.emit(LD_ABS, 4); // seccomp_data.arch
    let kill = asm.label();
    asm.jump(JEQ_K, audit_arch, Target::Next, Target::Label(kill));
    asm.emit(LD_ABS, 0); // seccomp_data.nr
    tree(&mut asm, &sorted, &label_of, default_label);
    asm.place(kill);
    asm.emit(RET_K, RET_KILL_PROCESS);
    // Shared returns first, then the argument checks that jump to them.
    let mut ret_labels: Vec<(u32, usize)> = Vec::new();
    for (a, &l) in actions.iter().zip(&action_labels) {
        if let Action::Ret(r) = a {
            asm.place(l);
            asm.emit(RET_K, *r);
            ret_labels.push((*r, l));
        }
    }
    for (a, &l) in actions.iter().zip(&action_labels) {
        if let Action::Mask { .. } = a {
            asm.place(l);
            emit_action(&mut asm, a);
        }
    }
    let _ = ret_labels;
    asm.finish()
}

fn tree(
    asm: &mut Asm,
    entries: &[(u32, Action)],
    label_of: &dyn Fn(&Action) -> usize,
    default: usize,
) {
    if entries.len() <= 3 {
        for (nr, a) in entries {
            asm.jump(JEQ_K, *nr, Target::Label(label_of(a)), Target::Next);
        }
        asm.goto(default);
        return;
    }
    let mid = entries.len() / 2;
    let right = asm.label();
    asm.jump(JGE_K, entries[mid].0, Target::Label(right), Target::Next);
    tree(asm, &entries[..mid], label_of, default);
    asm.place(right);
    tree(asm, &entries[mid..], label_of, default);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(prog: &[Ins], nr: u32, arch: u32, arg2: u32) -> u32 {
        let mut data = [0u8; 64];
        data[0..4].copy_from_slice(&nr.to_le_bytes());
        data[4..8].copy_from_slice(&arch.to_le_bytes());
        data[32..36].copy_from_slice(&arg2.to_le_bytes());
        let (mut a, mut pc) = (0u32, 0usize);
        loop {
            let i = prog[pc];
            pc += 1;
            match i.code {
                LD_ABS => {
                    a = u32::from_le_bytes(data[i.k as usize..i.k as usize + 4].try_into().unwrap())
                }
                AND_K => a &= i.k,
                JA => pc += i.k as usize,
                JEQ_K => pc += if a == i.k { i.jt } else { i.jf } as usize,
                JGE_K => pc += if a >= i.k { i.jt } else { i.jf } as usize,
                RET_K => return i.k,
                other => panic!("{other:#x}"),
            }
        }
    }

    #[test]
    fn every_number_gets_its_action() {
        let mut entries: Vec<(u32, Action)> =
            (0..40).map(|n| (n * 7, Action::Ret(RET_ALLOW))).collect();
        entries.push((
            9,
            Action::Mask {
                arg: 2,
                mask: 4,
                zero: Box::new(Action::Ret(RET_ALLOW)),
                nonzero: Box::new(Action::Ret(RET_TRAP)),
            },
        ));
        entries.push((2, Action::Ret(RET_ERRNO | 13)));
        let prog = build_program(0xc000_003e, &entries, RET_TRAP).unwrap();
        for nr in 0..400 {
            let want = if nr == 2 {
                RET_ERRNO | 13
            } else if nr == 9 || (nr % 7 == 0 && nr < 280) {
                RET_ALLOW
            } else {
                RET_TRAP
            };
            assert_eq!(run(&prog, nr, 0xc000_003e, 0), want, "nr {nr}");
        }
        assert_eq!(run(&prog, 9, 0xc000_003e, 7), RET_TRAP);
        assert_eq!(run(&prog, 0, 0x4000_0003, 0), RET_KILL_PROCESS);
        assert_eq!(stricter(RET_ALLOW, RET_ERRNO | 13), RET_ERRNO | 13);
        let check = Action::Mask {
            arg: 2,
            mask: 1,
            zero: Box::new(Action::Ret(RET_ALLOW)),
            nonzero: Box::new(Action::Ret(RET_TRAP)),
        };
        let both = Action::Ret(RET_ERRNO | 13).stricter_with(&check);
        assert_eq!(
            both,
            Action::Mask {
                arg: 2,
                mask: 1,
                zero: Box::new(Action::Ret(RET_ERRNO | 13)),
                nonzero: Box::new(Action::Ret(RET_TRAP)),
            }
        );
        assert_eq!(stricter(RET_TRAP, RET_ERRNO | 13), RET_TRAP);
    }
}
