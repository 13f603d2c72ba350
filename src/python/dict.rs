//! The insertion-ordered hash table behind `dict` (and, for now, `set`): entries in insertion
//! order with holes for deleted ones, and an open-addressing index of entry positions.
//!
//! Key equality may run Python code (`__eq__`), which may in turn change the table, so the
//! table never calls out itself: [`Dict::lookup`] decides what it can with the caller's
//! non-reentrant comparison and otherwise returns the candidate entries (same hash, in probe
//! order) for the caller to compare after it has let go of the table.

use super::object::Value;

const EMPTY: u32 = u32::MAX;
const DUMMY: u32 = u32::MAX - 1;

#[derive(Clone)]
pub struct Entry {
    pub hash: i64,
    pub key: Value,
    pub value: Value,
}

#[derive(Default, Clone)]
pub struct Dict {
    entries: Vec<Option<Entry>>,
    indices: Vec<u32>,
    len: usize,
    /// Bumped by every change of shape (insert of a new key, delete, clear), so iterators can
    /// report "dictionary changed size during iteration" and slow lookups can restart.
    pub version: u64,
}

/// The outcome of a lookup that may need a Python-level comparison.
pub enum Lookup {
    Found(usize),
    Missing,
    /// Entries with an equal hash whose keys only Python can compare, in probe order.
    Ask(Vec<usize>),
}

fn slot_of(hash: i64, mask: usize) -> usize {
    (hash as u64 as usize) & mask
}

impl Dict {
    pub fn new() -> Dict {
        Dict::default()
    }

    pub fn with_capacity(n: usize) -> Dict {
        let mut d = Dict::default();
        if n > 0 {
            d.entries.reserve(n);
            d.rebuild((n * 3 / 2).next_power_of_two().max(8));
        }
        d
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Slots in the entry vector, holes included (the bound for positional iteration).
    pub fn capacity_index(&self) -> usize {
        self.entries.len()
    }

    pub fn entry(&self, i: usize) -> Option<&Entry> {
        self.entries.get(i).and_then(|e| e.as_ref())
    }

    pub fn entry_mut(&mut self, i: usize) -> Option<&mut Entry> {
        self.entries.get_mut(i).and_then(|e| e.as_mut())
    }

    /// Live entries in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().flatten()
    }

    /// The first live entry at or after position `i`, with its position.
    pub fn next_from(&self, mut i: usize) -> Option<(usize, &Entry)> {
        while i < self.entries.len() {
            if let Some(e) = &self.entries[i] {
                return Some((i, e));
            }
            i += 1;
        }
        None
    }

    /// Finds `key` with `eq`, which answers `Some(equal)` when it can decide without running
    /// Python code and `None` when it cannot.
    pub fn lookup(&self, hash: i64, mut eq: impl FnMut(&Value) -> Option<bool>) -> Lookup {
        if self.indices.is_empty() {
            return Lookup::Missing;
        }
        let mask = self.indices.len() - 1;
        let mut i = slot_of(hash, mask);
        let mut perturb = hash as u64;
        let mut ask = Vec::new();
        loop {
            match self.indices[i] {
                EMPTY => break,
                DUMMY => {}
                ix => {
                    if let Some(e) = &self.entries[ix as usize] {
                        if e.hash == hash {
                            match eq(&e.key) {
                                Some(true) if ask.is_empty() => return Lookup::Found(ix as usize),
                                Some(true) => {
                                    ask.push(ix as usize);
                                    return Lookup::Ask(ask);
                                }
                                Some(false) => {}
                                None => ask.push(ix as usize),
                            }
                        }
                    }
                }
            }
            perturb >>= 5;
            i = (i
                .wrapping_mul(5)
                .wrapping_add(1)
                .wrapping_add(perturb as usize))
                & mask;
        }
        if ask.is_empty() {
            Lookup::Missing
        } else {
            Lookup::Ask(ask)
        }
    }

    /// Appends a new entry for a key known to be absent.
    pub fn push_new(&mut self, hash: i64, key: Value, value: Value) {
        if (self.entries.len() + 1) * 3 >= self.indices.len() * 2 {
            let want = ((self.len + 1) * 3).next_power_of_two().max(8);
            self.rebuild(want);
        }
        let ix = self.entries.len() as u32;
        self.entries.push(Some(Entry { hash, key, value }));
        self.place(hash, ix);
        self.len += 1;
        self.version += 1;
    }

    /// Removes the entry at position `i`, returning it.
    pub fn remove_at(&mut self, i: usize) -> Option<Entry> {
        let e = self.entries.get_mut(i)?.take()?;
        let mask = self.indices.len() - 1;
        let mut s = slot_of(e.hash, mask);
        let mut perturb = e.hash as u64;
        loop {
            if self.indices[s] == i as u32 {
                self.indices[s] = DUMMY;
                break;
            }
            if self.indices[s] == EMPTY {
                break;
            }
            perturb >>= 5;
            s = (s
                .wrapping_mul(5)
                .wrapping_add(1)
                .wrapping_add(perturb as usize))
                & mask;
        }
        self.len -= 1;
        self.version += 1;
        if self.len == 0 {
            self.entries.clear();
            self.indices.iter_mut().for_each(|x| *x = EMPTY);
        }
        Some(e)
    }

    /// The last live entry (for `popitem`).
    pub fn last_index(&self) -> Option<usize> {
        self.entries.iter().rposition(|e| e.is_some())
    }

    pub fn clear(&mut self) {
        self.entries.clear();
        self.indices.clear();
        self.len = 0;
        self.version += 1;
    }

    fn place(&mut self, hash: i64, ix: u32) {
        let mask = self.indices.len() - 1;
        let mut i = slot_of(hash, mask);
        let mut perturb = hash as u64;
        while self.indices[i] != EMPTY && self.indices[i] != DUMMY {
            perturb >>= 5;
            i = (i
                .wrapping_mul(5)
                .wrapping_add(1)
                .wrapping_add(perturb as usize))
                & mask;
        }
        self.indices[i] = ix;
    }

    fn rebuild(&mut self, size: usize) {
        // Compact the entries (dropping holes) and re-index them.
        if self.entries.len() != self.len {
            self.entries.retain(|e| e.is_some());
        }
        self.indices = vec![EMPTY; size];
        for ix in 0..self.entries.len() {
            let h = self.entries[ix].as_ref().map(|e| e.hash).unwrap_or(0);
            self.place(h, ix as u32);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int_eq(k: i64) -> impl Fn(&Value) -> Option<bool> {
        move |v| Some(matches!(v, Value::Int(x) if *x == k))
    }

    #[test]
    fn keeps_insertion_order_through_growth_and_deletes() {
        let mut d = Dict::new();
        for k in 0..100i64 {
            d.push_new(k * 7 % 13, Value::Int(k), Value::Int(k * 2));
        }
        for k in (0..100i64).step_by(3) {
            let Lookup::Found(i) = d.lookup(k * 7 % 13, int_eq(k)) else {
                panic!("missing {k}")
            };
            assert!(d.remove_at(i).is_some());
        }
        let keys: Vec<i64> = d
            .iter()
            .map(|e| match e.key {
                Value::Int(k) => k,
                _ => -1,
            })
            .collect();
        let want: Vec<i64> = (0..100).filter(|k| k % 3 != 0).collect();
        assert_eq!(keys, want);
        assert_eq!(d.len(), want.len());
        assert!(matches!(d.lookup(3 * 7 % 13, int_eq(3)), Lookup::Missing));
        assert!(matches!(d.lookup(4 * 7 % 13, int_eq(4)), Lookup::Found(_)));
    }

    #[test]
    fn undecidable_keys_are_handed_back_in_probe_order() {
        let mut d = Dict::new();
        d.push_new(5, Value::Int(1), Value::None);
        d.push_new(5, Value::Int(2), Value::None);
        match d.lookup(5, |_| None) {
            Lookup::Ask(c) => assert_eq!(c.len(), 2),
            _ => panic!("expected candidates"),
        }
    }
}
