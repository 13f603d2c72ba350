//! The backtracking machine that runs a [`Prog`]. It never recurses: alternatives waiting
//! to be tried live on an explicit backtrack stack, and every register write (capture
//! slots, repeat counters, `lastindex`) is logged on an undo trail, so popping a backtrack
//! entry restores the state it saw. Look-arounds and atomic groups push a barrier entry;
//! when their body succeeds the stack is cut back to the barrier, which discards the body's
//! alternatives as Python's engine does. Every step is counted and charged to the meter, so
//! catastrophic backtracking ends on the CPU budget instead of hanging.

use super::ast::{Assert, INF};
use super::chars;
use super::compile::{Inst, One, Prog};

/// Steps per charge to the meter.
const STEP_BATCH: u64 = 4096;
/// Steps priced as one CPU unit (a step is a small fraction of a bytecode instruction).
pub const STEPS_PER_UNIT: u64 = 16;

/// The subject: a str's code points, or a bytes object's bytes.
#[derive(Clone, Copy)]
pub enum Text<'a> {
    Bytes(&'a [u8]),
    Chars(&'a [u32]),
}

impl Text<'_> {
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn len(&self) -> usize {
        match self {
            Text::Bytes(b) => b.len(),
            Text::Chars(c) => c.len(),
        }
    }

    #[inline]
    fn at(&self, i: usize) -> u32 {
        match self {
            Text::Bytes(b) => b[i] as u32,
            Text::Chars(c) => c[i],
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    Match,
    FullMatch,
    Search,
}

/// A successful match: `slots[2g]`, `slots[2g+1]` are group `g`'s span (-1 when unset).
#[derive(Debug, Clone, PartialEq)]
pub struct Captures {
    pub slots: Vec<isize>,
    pub lastindex: isize,
}

#[derive(Clone, Copy)]
enum Reg {
    Slot(usize),
    Count(usize),
    Last(usize),
    LastIndex,
}

enum Bt {
    /// Resume at `pc` with `pos`.
    Alt { pc: usize, pos: usize, trail: usize },
    /// A one-char repeat at `start` that has matched `n` chars; the instruction is `pc`.
    Star {
        pc: usize,
        start: usize,
        n: usize,
        trail: usize,
    },
    /// A lazy repeat that may try one more iteration of its body at `pos`.
    LazyMore { pc: usize, pos: usize, trail: usize },
    /// A look-around or atomic group's barrier: reached by backtracking when its body
    /// failed. A negative look-around then succeeds: continue at `exit` with `pos`.
    Barrier {
        negated: bool,
        exit: usize,
        pos: usize,
        trail: usize,
    },
}

struct Machine<'p, 't, 'm, E> {
    prog: &'p Prog,
    text: Text<'t>,
    /// The end of the visible text (`endpos`).
    end: usize,
    slots: Vec<isize>,
    counts: Vec<u32>,
    lasts: Vec<isize>,
    lastindex: isize,
    /// Per look-around/atomic id: the stack height of its barrier.
    look_sp: Vec<usize>,
    trail: Vec<(Reg, isize)>,
    stack: Vec<Bt>,
    steps: u64,
    not_empty_at: Option<usize>,
    meter: &'m mut dyn FnMut(u64) -> Result<(), E>,
}

/// Runs `prog` over `text[..end]` from `pos` (look-behind and `\b` see text before `pos`).
/// A match starting at `not_empty_at` must not be empty (the rule for successive searches).
pub fn exec<E>(
    prog: &Prog,
    text: Text,
    pos: usize,
    end: usize,
    mode: Mode,
    not_empty_at: Option<usize>,
    meter: &mut dyn FnMut(u64) -> Result<(), E>,
) -> Result<Option<Captures>, E> {
    let end = end.min(text.len());
    if pos > end {
        return Ok(None);
    }
    let mut m = Machine {
        prog,
        text,
        end,
        slots: vec![-1; 2 * (prog.groups + 1)],
        counts: vec![0; prog.repeats],
        lasts: vec![-1; prog.repeats],
        lastindex: -1,
        look_sp: vec![0; prog.looks],
        trail: Vec::new(),
        stack: Vec::new(),
        steps: 0,
        not_empty_at,
        meter,
    };
    let full = mode == Mode::FullMatch;
    let mut start = pos;
    let result = loop {
        if mode == Mode::Search {
            if let Some(c) = prog.first {
                while start < end && m.text.at(start) != c {
                    start += 1;
                    m.tick()?;
                }
                if start >= end {
                    break None;
                }
            }
        }
        if let Some(end_pos) = m.run(start, full)? {
            m.slots[0] = start as isize;
            m.slots[1] = end_pos as isize;
            break Some(Captures {
                slots: std::mem::take(&mut m.slots),
                lastindex: m.lastindex,
            });
        }
        if mode != Mode::Search || start >= end || (prog.anchored && start > 0) {
            break None;
        }
        if prog.anchored {
            break None;
        }
        start += 1;
    };
    let rest = m.steps % STEP_BATCH;
    (m.meter)(rest.div_ceil(STEPS_PER_UNIT))?;
    Ok(result)
}

impl<E> Machine<'_, '_, '_, E> {
    #[inline]
    fn tick(&mut self) -> Result<(), E> {
        self.steps += 1;
        if self.steps % STEP_BATCH == 0 {
            (self.meter)(STEP_BATCH / STEPS_PER_UNIT)?;
        }
        Ok(())
    }

    fn set(&mut self, r: Reg, v: isize) {
        let old = match r {
            Reg::Slot(i) => std::mem::replace(&mut self.slots[i], v),
            Reg::Count(i) => std::mem::replace(&mut self.counts[i], v as u32) as isize,
            Reg::Last(i) => std::mem::replace(&mut self.lasts[i], v),
            Reg::LastIndex => std::mem::replace(&mut self.lastindex, v),
        };
        self.trail.push((r, old));
    }

    fn undo(&mut self, to: usize) {
        while self.trail.len() > to {
            let Some((r, old)) = self.trail.pop() else {
                break;
            };
            match r {
                Reg::Slot(i) => self.slots[i] = old,
                Reg::Count(i) => self.counts[i] = old as u32,
                Reg::Last(i) => self.lasts[i] = old,
                Reg::LastIndex => self.lastindex = old,
            }
        }
    }

    fn is_word(&self, i: usize, ascii: bool) -> bool {
        i < self.end && chars::is_word(self.text.at(i), ascii)
    }

    fn assert(&self, a: Assert, pos: usize) -> bool {
        let nl = b'\n' as u32;
        match a {
            Assert::Begin => pos == 0,
            Assert::BeginLine => pos == 0 || self.text.at(pos - 1) == nl,
            Assert::End => pos == self.end || (pos + 1 == self.end && self.text.at(pos) == nl),
            Assert::EndLine => pos == self.end || self.text.at(pos) == nl,
            Assert::EndString => pos == self.end,
            Assert::Boundary(ascii) | Assert::NotBoundary(ascii) => {
                let before = pos > 0 && self.is_word(pos - 1, ascii);
                let after = self.is_word(pos, ascii);
                let b = self.end > 0 && before != after;
                b == matches!(a, Assert::Boundary(_))
            }
        }
    }

    /// How many chars `one` matches from `pos`, at most `max`.
    fn count(&mut self, one: &One, pos: usize, max: u32) -> Result<usize, E> {
        let limit = if max == INF {
            self.end
        } else {
            (pos + max as usize).min(self.end)
        };
        let mut i = pos;
        while i < limit && one.matches(self.text.at(i)) {
            i += 1;
            self.tick()?;
        }
        Ok(i - pos)
    }

    /// Matches the span `[s, e)` again at `pos`; the end position on success.
    fn backref(
        &mut self,
        s: usize,
        e: usize,
        pos: usize,
        icase: bool,
        ascii: bool,
    ) -> Result<Option<usize>, E> {
        let n = e - s;
        if pos + n > self.end {
            return Ok(None);
        }
        for k in 0..n {
            self.tick()?;
            let (a, b) = (self.text.at(s + k), self.text.at(pos + k));
            let same = if icase {
                chars::eq_icase(a, b, ascii)
            } else {
                a == b
            };
            if !same {
                return Ok(None);
            }
        }
        Ok(Some(pos + n))
    }

    /// One attempt at `start`; the end of the match, if any.
    fn run(&mut self, start: usize, full: bool) -> Result<Option<usize>, E> {
        self.slots.iter_mut().for_each(|s| *s = -1);
        self.counts.iter_mut().for_each(|c| *c = 0);
        self.lasts.iter_mut().for_each(|l| *l = -1);
        self.lastindex = -1;
        self.trail.clear();
        self.stack.clear();
        let prog = self.prog;
        let mut pc = 0usize;
        let mut pos = start;
        loop {
            self.tick()?;
            let ok = match &prog.insts[pc] {
                Inst::Match => {
                    let empty_banned = pos == start && self.not_empty_at == Some(start);
                    if !empty_banned && (!full || pos == self.end) {
                        return Ok(Some(pos));
                    }
                    false
                }
                Inst::One(one) => {
                    if pos < self.end && one.matches(self.text.at(pos)) {
                        pos += 1;
                        pc += 1;
                        true
                    } else {
                        false
                    }
                }
                Inst::Star {
                    one,
                    min,
                    max,
                    greedy,
                } => {
                    let (min, max) = (*min as usize, *max);
                    if *greedy {
                        let n = self.count(one, pos, max)?;
                        if n < min {
                            false
                        } else {
                            if n > min {
                                self.stack.push(Bt::Star {
                                    pc,
                                    start: pos,
                                    n,
                                    trail: self.trail.len(),
                                });
                            }
                            pos += n;
                            pc += 1;
                            true
                        }
                    } else {
                        let n = self.count(one, pos, min as u32)?;
                        if n < min {
                            false
                        } else {
                            if (max == INF || n < max as usize) && pos + n < self.end {
                                self.stack.push(Bt::Star {
                                    pc,
                                    start: pos,
                                    n,
                                    trail: self.trail.len(),
                                });
                            }
                            pos += n;
                            pc += 1;
                            true
                        }
                    }
                }
                Inst::Assert(a) => {
                    pc += 1;
                    self.assert(*a, pos)
                }
                Inst::Split(a, b) => {
                    self.stack.push(Bt::Alt {
                        pc: *b,
                        pos,
                        trail: self.trail.len(),
                    });
                    pc = *a;
                    true
                }
                Inst::Jmp(t) => {
                    pc = *t;
                    true
                }
                Inst::Save(n) => {
                    self.set(Reg::Slot(*n), pos as isize);
                    if n % 2 == 1 {
                        self.set(Reg::LastIndex, (n / 2) as isize);
                    }
                    pc += 1;
                    true
                }
                Inst::Backref {
                    group,
                    icase,
                    ascii,
                } => {
                    let (s, e) = (self.slots[2 * group], self.slots[2 * group + 1]);
                    if s < 0 || e < 0 {
                        false
                    } else {
                        match self.backref(s as usize, e as usize, pos, *icase, *ascii)? {
                            Some(p) => {
                                pos = p;
                                pc += 1;
                                true
                            }
                            None => false,
                        }
                    }
                }
                Inst::RepStart(r) => {
                    self.set(Reg::Count(*r), 0);
                    self.set(Reg::Last(*r), -1);
                    pc += 1;
                    true
                }
                Inst::RepLoop {
                    r,
                    min,
                    max,
                    greedy,
                    exit,
                } => {
                    let (r, c) = (*r, self.counts[*r]);
                    if c < *min {
                        self.set(Reg::Count(r), c as isize + 1);
                        pc += 1;
                    } else if (*max == INF || c < *max) && pos as isize != self.lasts[r] {
                        if *greedy {
                            self.stack.push(Bt::Alt {
                                pc: *exit,
                                pos,
                                trail: self.trail.len(),
                            });
                            self.set(Reg::Last(r), pos as isize);
                            self.set(Reg::Count(r), c as isize + 1);
                            pc += 1;
                        } else {
                            self.stack.push(Bt::LazyMore {
                                pc,
                                pos,
                                trail: self.trail.len(),
                            });
                            pc = *exit;
                        }
                    } else {
                        pc = *exit;
                    }
                    true
                }
                Inst::LookStart {
                    id,
                    negated,
                    behind,
                    exit,
                } => {
                    let from = match behind {
                        Some(w) => pos.checked_sub(*w),
                        None => Some(pos),
                    };
                    match from {
                        None => {
                            // Not enough text before: the body cannot match.
                            if *negated {
                                pc = *exit;
                                true
                            } else {
                                false
                            }
                        }
                        Some(from) => {
                            self.look_sp[*id] = self.stack.len();
                            self.stack.push(Bt::Barrier {
                                negated: *negated,
                                exit: *exit,
                                pos,
                                trail: self.trail.len(),
                            });
                            pos = from;
                            pc += 1;
                            true
                        }
                    }
                }
                Inst::LookEnd {
                    id,
                    negated,
                    atomic,
                } => {
                    let sp = self.look_sp[*id];
                    let saved = match self.stack.get(sp) {
                        Some(Bt::Barrier { pos, .. }) => *pos,
                        _ => pos,
                    };
                    self.stack.truncate(sp);
                    if *negated {
                        false
                    } else {
                        if !*atomic {
                            pos = saved;
                        }
                        pc += 1;
                        true
                    }
                }
                Inst::Cond { group, no } => {
                    if self.slots[2 * group + 1] >= 0 && self.slots[2 * group] >= 0 {
                        pc += 1;
                    } else {
                        pc = *no;
                    }
                    true
                }
            };
            if ok {
                continue;
            }
            // Backtrack.
            loop {
                let Some(bt) = self.stack.pop() else {
                    return Ok(None);
                };
                self.tick()?;
                match bt {
                    Bt::Alt {
                        pc: p,
                        pos: q,
                        trail,
                    } => {
                        self.undo(trail);
                        pc = p;
                        pos = q;
                        break;
                    }
                    Bt::Star {
                        pc: p,
                        start: s,
                        n,
                        trail,
                    } => {
                        self.undo(trail);
                        let Inst::Star {
                            one,
                            min,
                            max,
                            greedy,
                        } = &prog.insts[p]
                        else {
                            continue;
                        };
                        if *greedy {
                            let n = n - 1;
                            if n > *min as usize {
                                self.stack.push(Bt::Star {
                                    pc: p,
                                    start: s,
                                    n,
                                    trail,
                                });
                            }
                            pos = s + n;
                        } else {
                            let at = s + n;
                            if at >= self.end || !one.matches(self.text.at(at)) {
                                continue;
                            }
                            let n = n + 1;
                            if (*max == INF || n < *max as usize) && s + n < self.end {
                                self.stack.push(Bt::Star {
                                    pc: p,
                                    start: s,
                                    n,
                                    trail,
                                });
                            }
                            pos = s + n;
                        }
                        pc = p + 1;
                        break;
                    }
                    Bt::LazyMore {
                        pc: p,
                        pos: q,
                        trail,
                    } => {
                        self.undo(trail);
                        let Inst::RepLoop { r, .. } = prog.insts[p] else {
                            continue;
                        };
                        let c = self.counts[r];
                        self.set(Reg::Last(r), q as isize);
                        self.set(Reg::Count(r), c as isize + 1);
                        pc = p + 1;
                        pos = q;
                        break;
                    }
                    Bt::Barrier {
                        negated,
                        exit,
                        pos: q,
                        trail,
                    } => {
                        self.undo(trail);
                        if negated {
                            pc = exit;
                            pos = q;
                            break;
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{compile, parse};
    use super::*;

    fn run(pat: &str, flags: u32, s: &str, mode: Mode) -> Option<Vec<isize>> {
        let p: Vec<u32> = pat.chars().map(|c| c as u32).collect();
        let parsed = parse::parse(&p, flags, false).expect("pattern compiles");
        let prog = compile::compile(&parsed.node, parsed.groups);
        let t: Vec<u32> = s.chars().map(|c| c as u32).collect();
        let mut meter = |_u: u64| -> Result<(), ()> { Ok(()) };
        exec(&prog, Text::Chars(&t), 0, t.len(), mode, None, &mut meter)
            .ok()
            .flatten()
            .map(|c| c.slots)
    }

    fn search(pat: &str, s: &str) -> Option<(isize, isize)> {
        run(pat, 0, s, Mode::Search).map(|v| (v[0], v[1]))
    }

    fn groups(pat: &str, s: &str) -> Option<Vec<isize>> {
        run(pat, 0, s, Mode::Search)
    }

    #[test]
    fn spans() {
        type Case<'a> = (&'a str, &'a str, Option<(isize, isize)>);
        let cases: &[Case] = &[
            ("abc", "xxabcxx", Some((2, 5))),
            ("a+", "baaa", Some((1, 4))),
            ("a+?", "baaa", Some((1, 2))),
            ("a*", "bbb", Some((0, 0))),
            ("a{2,3}", "aaaa", Some((0, 3))),
            ("a{2,3}?", "aaaa", Some((0, 2))),
            ("a{,2}", "aaa", Some((0, 2))),
            ("x{2}", "x", None),
            ("a|ab", "ab", Some((0, 1))),
            ("(a|ab)c", "abc", Some((0, 3))),
            ("^b", "ab", None),
            ("b$", "ab\n", Some((1, 2))),
            (r"\bfoo\b", "a foo b", Some((2, 5))),
            (r"\Bo", "foo", Some((1, 2))),
            (r"\d+", "ab 123 c", Some((3, 6))),
            (r"\w+", "  héllo ", Some((2, 7))),
            (r"\s+", "a \t b", Some((1, 4))),
            ("[^a-c]+", "abcdef", Some((3, 6))),
            ("[]x]+", "a]x]b", Some((1, 4))),
            ("a.c", "a\nc abc", Some((4, 7))),
            ("(?s)a.c", "a\nc", Some((0, 3))),
            ("(?i)HeLLo", "say hello", Some((4, 9))),
            ("(?i)[a-c]+", "xABCy", Some((1, 4))),
            (r"(a)\1", "aa", Some((0, 2))),
            (r"(?i)(a)\1", "aA", Some((0, 2))),
            (r"(?P<x>\d)(?P=x)", "12334", Some((2, 4))),
            ("foo(?=bar)", "foobaz foobar", Some((7, 10))),
            ("foo(?!bar)", "foobar foobaz", Some((7, 10))),
            ("(?<=\\$)\\d+", "cost $42", Some((6, 8))),
            ("(?<!\\$)\\b\\d+", "$42 17", Some((4, 6))),
            ("(?>a+)b", "aaab", Some((0, 4))),
            ("(?>a+)a", "aaaa", None),
            ("a++a", "aaaa", None),
            ("a*+b", "aab", Some((0, 3))),
            ("(?:ab)++c", "ababc", Some((0, 5))),
            (r"(a)?(?(1)b|c)", "c", Some((0, 1))),
            (r"(a)?(?(1)b|c)", "ab", Some((0, 2))),
            ("(?m)^b$", "a\nb\nc", Some((2, 3))),
            (r"\Aa", "ba", None),
            (r"a\Z", "a\n", None),
            ("(?x) a  b # comment\n c", "abc", Some((0, 3))),
            ("(a*)*b", "aab", Some((0, 3))),
            ("(a|b)*?c", "abc", Some((0, 3))),
            ("(?:a|b){2}c", "babc", Some((1, 4))),
            ("x*", "", Some((0, 0))),
            ("(?:)+", "a", Some((0, 0))),
            ("(?:a?)+?b", "aab", Some((0, 3))),
            ("[\\d.]+", "v1.25x", Some((1, 5))),
            (r"(?<=ab)c", "abc", Some((2, 3))),
            (r"(?<=a|b)c", "bc", Some((1, 2))),
        ];
        for &(pat, s, want) in cases {
            assert_eq!(search(pat, s), want, "{pat:?} on {s:?}");
        }
    }

    #[test]
    fn captures_follow_python() {
        assert_eq!(groups(r"(a?)*", "aa"), Some(vec![0, 2, 2, 2]));
        assert_eq!(groups(r"((a)|b)+", "ab"), Some(vec![0, 2, 1, 2, 0, 1]));
        assert_eq!(groups(r"(?:(a)|b)*", "ab"), Some(vec![0, 2, 0, 1]));
        assert_eq!(groups(r"(a*)+", "b"), Some(vec![0, 0, 0, 0]));
        assert_eq!(groups(r"(a*)+?", "aa"), Some(vec![0, 2, 0, 2]));
        assert_eq!(groups(r"(a)|b", "b"), Some(vec![0, 1, -1, -1]));
        assert_eq!(groups(r"(?=(a))a", "a"), Some(vec![0, 1, 0, 1]));
        assert_eq!(groups(r"(?!(a))b", "b"), Some(vec![0, 1, -1, -1]));
    }

    #[test]
    fn modes() {
        assert_eq!(run("a|ab", 0, "ab", Mode::FullMatch).map(|v| v[1]), Some(2));
        assert_eq!(run("b", 0, "ab", Mode::Match), None);
        assert!(run("a*?", 0, "aaa", Mode::FullMatch).is_some());
    }

    #[test]
    fn catastrophic_backtracking_is_metered() {
        let p: Vec<u32> = "(a+)+$".chars().map(|c| c as u32).collect();
        let parsed = parse::parse(&p, 0, false).expect("compiles");
        let prog = compile::compile(&parsed.node, parsed.groups);
        let s = format!("{}b", "a".repeat(40));
        let t: Vec<u32> = s.chars().map(|c| c as u32).collect();
        let mut used = 0u64;
        let mut meter = |u: u64| -> Result<(), ()> {
            used += u;
            if used > 100_000 {
                Err(())
            } else {
                Ok(())
            }
        };
        assert!(exec(
            &prog,
            Text::Chars(&t),
            0,
            t.len(),
            Mode::Match,
            None,
            &mut meter
        )
        .is_err());
    }
}
