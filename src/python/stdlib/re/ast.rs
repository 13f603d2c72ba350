//! The parsed form of a regular expression. Flags that change what a node matches
//! (IGNORECASE, MULTILINE, DOTALL, ASCII) are resolved into the nodes at parse time, so
//! scoped inline flags `(?i:...)` need no state at match time.

/// No upper bound on a repeat (CPython's `MAXREPEAT`).
pub const INF: u32 = u32::MAX;

pub const FLAG_I: u32 = 2;
pub const FLAG_L: u32 = 4;
pub const FLAG_M: u32 = 8;
pub const FLAG_S: u32 = 16;
pub const FLAG_U: u32 = 32;
pub const FLAG_X: u32 = 64;
pub const FLAG_DEBUG: u32 = 128;
pub const FLAG_A: u32 = 256;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cls {
    Digit,
    NotDigit,
    Space,
    NotSpace,
    Word,
    NotWord,
}

#[derive(Clone, Debug)]
pub enum Item {
    Ch(u32),
    Range(u32, u32),
    Class(Cls),
}

/// A character set `[...]` (also `\d`, `.`-free single classes).
#[derive(Clone, Debug)]
pub struct CharSet {
    pub negated: bool,
    pub items: Vec<Item>,
    pub icase: bool,
    /// ASCII semantics for classes and case folding.
    pub ascii: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Assert {
    /// `^` without MULTILINE, `\A`.
    Begin,
    /// `^` with MULTILINE.
    BeginLine,
    /// `$` without MULTILINE: the end, or before a final newline.
    End,
    /// `$` with MULTILINE.
    EndLine,
    /// `\Z`.
    EndString,
    /// `\b` (the bool: ASCII semantics).
    Boundary(bool),
    /// `\B`.
    NotBoundary(bool),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepKind {
    Greedy,
    Lazy,
    Possessive,
}

#[derive(Clone, Debug)]
pub enum Node {
    Empty,
    /// A literal char; the bool: case-insensitive (with the ASCII flag for folding).
    Lit(u32, bool, bool),
    /// `.`; the bool: DOTALL.
    Any(bool),
    Set(Box<CharSet>),
    Cat(Vec<Node>),
    Alt(Vec<Node>),
    Group(usize, Box<Node>),
    Repeat {
        node: Box<Node>,
        min: u32,
        max: u32,
        kind: RepKind,
    },
    Assert(Assert),
    /// A backreference; the bools: case-insensitive, ASCII folding.
    Backref(usize, bool, bool),
    /// A look-ahead, or a look-behind of the given fixed width.
    Look {
        behind: Option<usize>,
        negated: bool,
        node: Box<Node>,
    },
    Atomic(Box<Node>),
    Cond {
        group: usize,
        yes: Box<Node>,
        no: Box<Node>,
    },
}

impl Node {
    /// The (min, max) number of chars this node matches; `max` is `None` when unbounded.
    /// `groups` holds the widths of the groups closed so far (for backreferences).
    pub fn width(&self, groups: &[(u64, Option<u64>)]) -> (u64, Option<u64>) {
        match self {
            Node::Empty | Node::Assert(_) | Node::Look { .. } => (0, Some(0)),
            Node::Lit(..) | Node::Any(_) | Node::Set(_) => (1, Some(1)),
            Node::Cat(v) => v.iter().fold((0, Some(0)), |(a, b), n| {
                let (c, d) = n.width(groups);
                (
                    a.saturating_add(c),
                    b.zip(d).map(|(x, y)| x.saturating_add(y)),
                )
            }),
            Node::Alt(v) => {
                let mut it = v.iter().map(|n| n.width(groups));
                let first = it.next().unwrap_or((0, Some(0)));
                it.fold(first, |(a, b), (c, d)| {
                    (a.min(c), b.zip(d).map(|(x, y)| x.max(y)))
                })
            }
            Node::Group(_, n) | Node::Atomic(n) => n.width(groups),
            Node::Repeat { node, min, max, .. } => {
                let (a, b) = node.width(groups);
                let hi = if *max == INF {
                    if b == Some(0) {
                        Some(0)
                    } else {
                        None
                    }
                } else {
                    b.map(|b| b.saturating_mul(*max as u64))
                };
                (a.saturating_mul(*min as u64), hi)
            }
            Node::Backref(g, ..) => groups.get(*g).copied().unwrap_or((0, None)),
            Node::Cond { yes, no, .. } => {
                let (a, b) = yes.width(groups);
                let (c, d) = no.width(groups);
                (a.min(c), b.zip(d).map(|(x, y)| x.max(y)))
            }
        }
    }
}
