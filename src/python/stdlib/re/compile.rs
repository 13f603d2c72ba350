//! [`Node`] → a flat program for the backtracking machine in `matcher.rs`.
//!
//! Repeats of one char (`\d+`, `.*?`, `[a-z]{2,5}`) become a single [`Inst::Star`] that
//! backtracks by counting, so they use one backtrack entry however long the run; other
//! repeats keep a counter per repeat (`RepStart`/`RepLoop`), saved and restored through the
//! matcher's undo trail, so nested repeats and backtracking into earlier iterations work.

use super::ast::*;
use super::chars;

/// A matcher of exactly one char.
#[derive(Clone, Debug)]
pub enum One {
    Char(u32),
    /// Case-insensitive char (ASCII folding when the bool is set).
    CharI(u32, bool),
    /// `.` without DOTALL.
    AnyNl,
    Any,
    Set(Box<CharSet>),
}

impl One {
    #[inline]
    pub fn matches(&self, c: u32) -> bool {
        match self {
            One::Char(x) => c == *x,
            One::CharI(x, ascii) => chars::eq_icase(c, *x, *ascii),
            One::AnyNl => c != b'\n' as u32,
            One::Any => true,
            One::Set(s) => set_matches(s, c),
        }
    }
}

fn class_matches(cls: Cls, c: u32, ascii: bool) -> bool {
    match cls {
        Cls::Digit => chars::is_digit(c, ascii),
        Cls::NotDigit => !chars::is_digit(c, ascii),
        Cls::Space => chars::is_space(c, ascii),
        Cls::NotSpace => !chars::is_space(c, ascii),
        Cls::Word => chars::is_word(c, ascii),
        Cls::NotWord => !chars::is_word(c, ascii),
    }
}

fn items_match(s: &CharSet, c: u32) -> bool {
    s.items.iter().any(|it| match *it {
        Item::Ch(x) => x == c,
        Item::Range(lo, hi) => (lo..=hi).contains(&c),
        Item::Class(cls) => class_matches(cls, c, s.ascii),
    })
}

/// Whether `c` is in the set; case-insensitive sets also accept `c`'s other cases.
pub fn set_matches(s: &CharSet, c: u32) -> bool {
    let mut hit = items_match(s, c);
    if !hit && s.icase {
        let lo = chars::lower(c, s.ascii);
        let up = chars::upper(c, s.ascii);
        hit = (lo != c && items_match(s, lo)) || (up != c && items_match(s, up));
        if !hit {
            // `ſ` (whose uppercase is `S`) is in `[s]`: compare folded literals too.
            hit = s.items.iter().any(|it| match *it {
                Item::Ch(x) => chars::eq_icase(x, c, s.ascii),
                _ => false,
            });
        }
    }
    hit != s.negated
}

#[derive(Clone, Debug)]
pub enum Inst {
    One(One),
    /// `one{min,max}` (greedy or lazy) in one instruction.
    Star {
        one: One,
        min: u32,
        max: u32,
        greedy: bool,
    },
    Assert(Assert),
    /// Try the first target; on failure resume at the second.
    Split(usize, usize),
    Jmp(usize),
    /// Record the position in capture slot `n` (group `n / 2`, start or end).
    Save(usize),
    Backref {
        group: usize,
        icase: bool,
        ascii: bool,
    },
    /// Enter repeat `r`: its counter starts at 0.
    RepStart(usize),
    /// The head of repeat `r`'s loop: the body follows, `exit` is after the loop.
    RepLoop {
        r: usize,
        min: u32,
        max: u32,
        greedy: bool,
        exit: usize,
    },
    /// Start a look-around (`behind`: its fixed width) or atomic group `id`; `exit` is
    /// after its end instruction.
    LookStart {
        id: usize,
        negated: bool,
        behind: Option<usize>,
        exit: usize,
    },
    LookEnd {
        id: usize,
        negated: bool,
        /// Atomic groups keep the position the body reached; look-arounds restore it.
        atomic: bool,
    },
    /// Continue if group `group` has matched, else jump to `no`.
    Cond {
        group: usize,
        no: usize,
    },
    Match,
}

pub struct Prog {
    pub insts: Vec<Inst>,
    pub groups: usize,
    pub repeats: usize,
    pub looks: usize,
    /// A char every match starts with (case-sensitive), to skip ahead when searching.
    pub first: Option<u32>,
    /// The pattern starts with `\A`/`^` (non-MULTILINE): only position 0 can match.
    pub anchored: bool,
}

struct Compiler {
    insts: Vec<Inst>,
    repeats: usize,
    looks: usize,
}

/// Compiles a parsed pattern.
pub fn compile(node: &Node, groups: usize) -> Prog {
    let mut c = Compiler {
        insts: Vec::new(),
        repeats: 0,
        looks: 0,
    };
    c.node(node);
    c.insts.push(Inst::Match);
    Prog {
        insts: c.insts,
        groups,
        repeats: c.repeats,
        looks: c.looks,
        first: first_char(node),
        anchored: anchored(node),
    }
}

fn first_char(n: &Node) -> Option<u32> {
    match n {
        Node::Lit(c, false, _) => Some(*c),
        Node::Cat(v) => v.first().and_then(first_char),
        Node::Group(_, n) | Node::Atomic(n) => first_char(n),
        Node::Repeat { node, min, .. } if *min > 0 => first_char(node),
        _ => None,
    }
}

fn anchored(n: &Node) -> bool {
    match n {
        Node::Assert(Assert::Begin) => true,
        Node::Cat(v) => v.first().is_some_and(anchored),
        Node::Group(_, n) | Node::Atomic(n) => anchored(n),
        _ => false,
    }
}

fn one_of(n: &Node) -> Option<One> {
    Some(match n {
        Node::Lit(c, false, _) => One::Char(*c),
        Node::Lit(c, true, ascii) => One::CharI(*c, *ascii),
        Node::Any(false) => One::AnyNl,
        Node::Any(true) => One::Any,
        Node::Set(s) => One::Set(s.clone()),
        _ => return None,
    })
}

impl Compiler {
    fn pc(&self) -> usize {
        self.insts.len()
    }

    fn patch(&mut self, at: usize, target: usize) {
        match &mut self.insts[at] {
            Inst::Split(_, b) => *b = target,
            Inst::Jmp(t) => *t = target,
            Inst::RepLoop { exit, .. } | Inst::LookStart { exit, .. } => *exit = target,
            Inst::Cond { no, .. } => *no = target,
            _ => {}
        }
    }

    fn node(&mut self, n: &Node) {
        match n {
            Node::Empty => {}
            Node::Lit(..) | Node::Any(_) | Node::Set(_) => {
                if let Some(o) = one_of(n) {
                    self.insts.push(Inst::One(o));
                }
            }
            Node::Cat(v) => v.iter().for_each(|n| self.node(n)),
            Node::Alt(v) => {
                let mut jumps = Vec::new();
                for (i, b) in v.iter().enumerate() {
                    if i + 1 < v.len() {
                        let split = self.pc();
                        self.insts.push(Inst::Split(split + 1, 0));
                        self.node(b);
                        jumps.push(self.pc());
                        self.insts.push(Inst::Jmp(0));
                        let next = self.pc();
                        self.patch(split, next);
                    } else {
                        self.node(b);
                    }
                }
                let end = self.pc();
                for j in jumps {
                    self.patch(j, end);
                }
            }
            Node::Group(g, body) => {
                self.insts.push(Inst::Save(2 * g));
                self.node(body);
                self.insts.push(Inst::Save(2 * g + 1));
            }
            Node::Repeat {
                node,
                min,
                max,
                kind,
            } => self.repeat(node, *min, *max, *kind),
            Node::Assert(a) => self.insts.push(Inst::Assert(*a)),
            Node::Backref(g, icase, ascii) => self.insts.push(Inst::Backref {
                group: *g,
                icase: *icase,
                ascii: *ascii,
            }),
            Node::Look {
                behind,
                negated,
                node,
            } => self.look(node, *negated, *behind, false),
            Node::Atomic(body) => self.look(body, false, None, true),
            Node::Cond { group, yes, no } => {
                let at = self.pc();
                self.insts.push(Inst::Cond {
                    group: *group,
                    no: 0,
                });
                self.node(yes);
                let j = self.pc();
                self.insts.push(Inst::Jmp(0));
                let n = self.pc();
                self.patch(at, n);
                self.node(no);
                let end = self.pc();
                self.patch(j, end);
            }
        }
    }

    fn look(&mut self, body: &Node, negated: bool, behind: Option<usize>, atomic: bool) {
        let id = self.looks;
        self.looks += 1;
        let at = self.pc();
        self.insts.push(Inst::LookStart {
            id,
            negated,
            behind,
            exit: 0,
        });
        self.node(body);
        self.insts.push(Inst::LookEnd {
            id,
            negated,
            atomic,
        });
        let end = self.pc();
        self.patch(at, end);
    }

    fn repeat(&mut self, node: &Node, min: u32, max: u32, kind: RepKind) {
        if kind == RepKind::Possessive {
            let inner = Node::Repeat {
                node: Box::new(node.clone()),
                min,
                max,
                kind: RepKind::Greedy,
            };
            self.look(&inner, false, None, true);
            return;
        }
        let greedy = kind == RepKind::Greedy;
        if max == 0 {
            return;
        }
        if let Some(one) = one_of(node) {
            if min == 1 && max == 1 {
                self.insts.push(Inst::One(one));
            } else {
                self.insts.push(Inst::Star {
                    one,
                    min,
                    max,
                    greedy,
                });
            }
            return;
        }
        if min == 1 && max == 1 {
            self.node(node);
            return;
        }
        let r = self.repeats;
        self.repeats += 1;
        self.insts.push(Inst::RepStart(r));
        let head = self.pc();
        self.insts.push(Inst::RepLoop {
            r,
            min,
            max,
            greedy,
            exit: 0,
        });
        self.node(node);
        self.insts.push(Inst::Jmp(head));
        let exit = self.pc();
        self.patch(head, exit);
    }
}
