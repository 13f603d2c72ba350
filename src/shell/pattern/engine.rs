//! The matching engine: runs a compiled [`Pattern`] over a decoded subject with bit-set
//! simulation (one bit per subject position), memoising negated `!(...)` groups.

use super::*;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Dir {
    Fwd,
    Bwd,
}

/// Upper bound on memoised `!(..)` results (in bits).
const MEMO_LIMIT_BITS: usize = 1 << 28;

pub(super) struct Engine<'a> {
    pat: &'a Pattern,
    units: Vec<u32>,
    pub(super) n: usize,
    pub(super) nbits: usize,
    masks: Vec<Option<Bits>>,
    /// pathname: positions of '/' (unit indices < n)
    slash: Option<Bits>,
    /// pathname without dotglob: leading-dot positions
    dotpos: Option<Bits>,
    /// pathname: for each position, index of first '/' at or after it (or n)
    seg_end: Vec<usize>,
    /// pathname: for each position, first position of its segment
    seg_start: Vec<usize>,
    memo: HashMap<(usize, Dir, usize), Bits>,
    memo_bits: usize,
}

impl<'a> Engine<'a> {
    pub(super) fn new(pat: &'a Pattern, units: Vec<u32>) -> Engine<'a> {
        let n = units.len();
        let nbits = n + 1;
        let o = pat.opts;
        let mut slash = None;
        let mut dotpos = None;
        let mut seg_end = Vec::new();
        let mut seg_start = Vec::new();
        if o.pathname {
            let mut s = Bits::new(nbits);
            let mut d = Bits::new(nbits);
            for (i, &u) in units.iter().enumerate() {
                if u == SLASH {
                    s.set(i);
                }
                if u == DOT && (i == 0 || units[i - 1] == SLASH) {
                    d.set(i);
                }
            }
            seg_end = vec![n; nbits];
            for i in (0..n).rev() {
                seg_end[i] = if units[i] == SLASH { i } else { seg_end[i + 1] };
            }
            seg_start = vec![0; nbits];
            for i in 1..nbits {
                seg_start[i] = if units[i - 1] == SLASH {
                    i
                } else {
                    seg_start[i - 1]
                };
            }
            slash = Some(s);
            if !o.dotglob {
                dotpos = Some(d);
            }
        }
        Engine {
            pat,
            units,
            n,
            nbits,
            masks: vec![None; pat.nodes.len()],
            slash,
            dotpos,
            seg_end,
            seg_start,
            memo: HashMap::new(),
            memo_bits: 0,
        }
    }

    fn unit_ok(&self, node: &Node, u: u32) -> bool {
        let p = self.pat;
        match node {
            Node::Lit(c) => {
                let f = if p.opts.nocase { fold_unit(u) } else { u };
                f == *c
            }
            Node::Any => true,
            Node::Class(bi) => p.brackets[*bi].contains(u),
            _ => false,
        }
    }

    fn mask(&mut self, id: usize) -> &Bits {
        if self.masks[id].is_none() {
            let node = &self.pat.nodes[id];
            let wild = !matches!(node, Node::Lit(_));
            let mut m = Bits::new(self.nbits);
            for i in 0..self.n {
                let u = self.units[i];
                if !self.unit_ok(node, u) {
                    continue;
                }
                if wild {
                    if self.slash.is_some() && u == SLASH {
                        continue;
                    }
                    if self.dotpos.as_ref().is_some_and(|d| d.get(i)) {
                        continue;
                    }
                }
                m.set(i);
            }
            self.masks[id] = Some(m);
        }
        self.masks[id].as_ref().expect("mask computed")
    }

    pub(super) fn run_seq(&mut self, seq: usize, set: Bits, dir: Dir) -> Bits {
        let len = self.pat.seqs[seq].len();
        let mut cur = set;
        for k in 0..len {
            if cur.is_empty() {
                return cur;
            }
            let idx = if dir == Dir::Fwd { k } else { len - 1 - k };
            let id = self.pat.seqs[seq][idx];
            cur = self.run_node(id, cur, dir);
        }
        cur
    }

    fn run_alts(&mut self, alts: &[usize], set: &Bits, dir: Dir) -> Bits {
        let mut out = Bits::new(self.nbits);
        for &a in alts {
            let r = self.run_seq(a, set.clone(), dir);
            out.or(&r);
        }
        out
    }

    /// If every alternative is a single consuming node, the union of their masks.
    fn single_unit_mask(&mut self, alts: &[usize]) -> Option<Bits> {
        let mut ids = Vec::new();
        for &a in alts {
            let s = &self.pat.seqs[a];
            if s.len() != 1
                || !matches!(
                    self.pat.nodes[s[0]],
                    Node::Lit(_) | Node::Any | Node::Class(_)
                )
            {
                return None;
            }
            ids.push(s[0]);
        }
        let mut m = Bits::new(self.nbits);
        for id in ids {
            let mk = self.mask(id).clone();
            m.or(&mk);
        }
        Some(m)
    }

    /// Reflexive-transitive closure of single-unit steps through mask `m`.
    fn unit_closure(&self, set: &Bits, m: &Bits, dir: Dir) -> Bits {
        let mut r = set.clone();
        match dir {
            Dir::Fwd => {
                for i in 0..self.n {
                    if r.get(i) && m.get(i) {
                        r.set(i + 1);
                    }
                }
            }
            Dir::Bwd => {
                for i in (0..self.n).rev() {
                    if r.get(i + 1) && m.get(i) {
                        r.set(i);
                    }
                }
            }
        }
        r
    }

    fn run_node(&mut self, id: usize, set: Bits, dir: Dir) -> Bits {
        let pat = self.pat;
        match &pat.nodes[id] {
            Node::Lit(_) | Node::Any | Node::Class(_) => {
                let m = self.mask(id);
                match dir {
                    Dir::Fwd => {
                        let mut s = set;
                        s.and(m);
                        s.shl1()
                    }
                    Dir::Bwd => {
                        let mut s = set.shr1();
                        s.and(m);
                        s
                    }
                }
            }
            Node::Fail => Bits::new(self.nbits),
            Node::Raw(raw) => {
                let mut out = Bits::new(self.nbits);
                let l = raw.len();
                for pos in set.ones() {
                    let (a, b) = match dir {
                        Dir::Fwd => (pos, pos + l),
                        Dir::Bwd => (pos.wrapping_sub(l), pos),
                    };
                    if a <= b && b <= self.n && self.units[a..b] == raw[..] {
                        out.set(if dir == Dir::Fwd { b } else { a });
                    }
                }
                out
            }
            Node::Star => self.star(set, dir),
            Node::Group(kind, alts) => {
                let alts: &[usize] = alts;
                match kind {
                    GroupKind::One => self.run_alts(alts, &set, dir),
                    GroupKind::Opt => {
                        let mut r = self.run_alts(alts, &set, dir);
                        r.or(&set);
                        r
                    }
                    GroupKind::Star | GroupKind::Plus => {
                        let plus = *kind == GroupKind::Plus;
                        if let Some(m) = self.single_unit_mask(alts) {
                            let start = if plus {
                                let mut s = set.clone();
                                match dir {
                                    Dir::Fwd => {
                                        s.and(&m);
                                        s.shl1()
                                    }
                                    Dir::Bwd => {
                                        let mut s = s.shr1();
                                        s.and(&m);
                                        s
                                    }
                                }
                            } else {
                                set
                            };
                            return self.unit_closure(&start, &m, dir);
                        }
                        let mut reach = if plus {
                            Bits::new(self.nbits)
                        } else {
                            set.clone()
                        };
                        let mut frontier = set;
                        while !frontier.is_empty() {
                            let next = self.run_alts(alts, &frontier, dir);
                            let mut fresh = next.clone();
                            fresh.andnot(&reach);
                            reach.or(&next);
                            frontier = fresh;
                        }
                        reach
                    }
                    GroupKind::Not => self.negate(id, alts, set, dir),
                }
            }
        }
    }

    fn star(&mut self, set: Bits, dir: Dir) -> Bits {
        let mut s = set;
        let mut out = Bits::new(self.nbits);
        if self.slash.is_none() {
            match dir {
                Dir::Fwd => {
                    if let Some(m) = s.min() {
                        out.fill(m, self.n);
                    }
                }
                Dir::Bwd => {
                    if let Some(m) = s.max() {
                        out.fill(0, m);
                    }
                }
            }
            return out;
        }
        match dir {
            Dir::Fwd => {
                if let Some(d) = &self.dotpos {
                    s.andnot(d);
                }
                let mut active = false;
                for p in 0..=self.n {
                    active = s.get(p) || (active && p > 0 && self.units[p - 1] != SLASH);
                    if active {
                        out.set(p);
                    }
                }
            }
            Dir::Bwd => {
                let mut active = false;
                for p in (0..=self.n).rev() {
                    active = s.get(p) || (active && self.units[p] != SLASH);
                    if active {
                        out.set(p);
                    }
                }
                if let Some(d) = &self.dotpos {
                    out.andnot(d);
                }
            }
        }
        out
    }

    fn negate(&mut self, id: usize, alts: &[usize], set: Bits, dir: Dir) -> Bits {
        let mut out = Bits::new(self.nbits);
        for pos in set.ones() {
            if dir == Dir::Fwd && self.dotpos.as_ref().is_some_and(|d| d.get(pos)) {
                continue;
            }
            let key = (id, dir, pos);
            if let Some(r) = self.memo.get(&key) {
                out.or(r);
                continue;
            }
            let single = Bits::single(self.nbits, pos);
            let matched = self.run_alts(alts, &single, dir);
            let mut r = Bits::new(self.nbits);
            match dir {
                Dir::Fwd => {
                    let end = if self.slash.is_some() {
                        self.seg_end[pos]
                    } else {
                        self.n
                    };
                    r.fill(pos, end);
                }
                Dir::Bwd => {
                    let start = if self.slash.is_some() {
                        self.seg_start[pos]
                    } else {
                        0
                    };
                    r.fill(start, pos);
                    if let Some(d) = &self.dotpos {
                        r.andnot(d);
                    }
                }
            }
            r.andnot(&matched);
            out.or(&r);
            if self.memo_bits + self.nbits <= MEMO_LIMIT_BITS {
                self.memo_bits += self.nbits;
                self.memo.insert(key, r);
            }
        }
        out
    }
}
