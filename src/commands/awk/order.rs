//! The order in which `for (k in a)` visits keys, as gawk 5.2 gives it.
//!
//! gawk keeps no insertion order: a loop walks whatever its array representation lists, and
//! agents routinely print `for (k in count)` unsorted, so that order is visible output. This
//! module shadows the *shape* of gawk's representation (never the values, which stay in the
//! interpreter's hash map) closely enough to list keys the same way:
//!
//! - The first subscript stored into an empty array picks its kind: a non-negative integer
//!   makes a "cint" array, another integer an "int" array, anything else a "str" array. The
//!   kind sticks until the array is empty again.
//! - A cint array keeps non-negative integers in power-of-two groups and lists them in
//!   ascending order, after everything held by its side array (an int or str array created
//!   by the first subscript it does not take). It refuses an integer, sending it to the side
//!   array, when storing it would leave more than 2048 allocated slots unused.
//! - An int array hashes 32-bit integers into prime-sized tables of two-slot buckets; other
//!   subscripts go to a side str array listed first.
//! - A str array hashes with the sdbm-style hash into prime-sized chained tables, newest
//!   first in a chain, and grows when there are more than two entries per chain on average.
//!
//! "Integer" means text that `sprintf("%d")` could have produced (`0` or `-?[1-9][0-9]*`) and
//! that fits in 32 bits. Only insertions and deletions reach this module; updates of an
//! existing element do not, so `n[$1] += x` costs nothing extra here.

use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

/// Table sizes both hashed kinds step through when they grow.
const SIZES: &[usize] = &[
    13, 127, 1021, 8191, 16381, 32749, 65497, 131101, 262147, 524309, 1048583, 2097169, 4194319,
    8388617, 16777259, 33554467, 67108879, 134217757, 268435459, 536870923, 1073741827,
];
/// Average chain length above which a str table grows.
const STR_CHAIN_MAX: usize = 2;
/// Average entries per chain above which an int table grows.
const INT_CHAIN_MAX: usize = 2;
/// log2 of the largest leaf in a cint array.
const NHAT: u32 = 10;
/// Unused allocated slots a cint array tolerates before refusing an integer.
const THRESHOLD: i64 = 1 << (NHAT + 1);

fn next_size(cur: usize) -> usize {
    SIZES.iter().copied().find(|&s| s > cur).unwrap_or(cur)
}

/// The subscript as a 32-bit integer, when gawk would treat it as one.
pub fn int_key(k: &[u8]) -> Option<i32> {
    let digits = match k {
        [b'0'] => return Some(0),
        [b'-', rest @ ..] => rest,
        _ => k,
    };
    if digits.is_empty() || !(b'1'..=b'9').contains(&digits[0]) || digits.len() > 10 {
        return None;
    }
    if !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut v: i64 = 0;
    for d in digits {
        v = v * 10 + i64::from(d - b'0');
    }
    if k[0] == b'-' {
        v = -v;
    }
    i32::try_from(v).ok()
}

/// The sdbm-style string hash (multiplier 65599, 32 bits; bytes taken as signed chars).
fn str_hash(k: &[u8]) -> u32 {
    k.iter().fold(0u32, |h, &c| {
        (c as i8 as i32 as u32)
            .wrapping_add(h << 6)
            .wrapping_add(h << 16)
            .wrapping_sub(h)
    })
}

/// The integer mixing hash of int arrays.
fn int_hash(k: i32, size: usize) -> usize {
    let mut k = k as u32;
    k ^= k << 3;
    k = k.wrapping_add(k >> 5);
    k ^= k << 4;
    k = k.wrapping_add(k >> 17);
    k ^= k << 25;
    k = k.wrapping_add(k >> 6);
    k as usize % size
}

/// A chained string table. Each chain is stored head last, so inserting at the head is a push.
#[derive(Debug, Default)]
pub struct StrTab {
    buckets: Vec<Vec<(u32, Rc<[u8]>)>>,
    len: usize,
}

impl StrTab {
    fn insert(&mut self, key: Rc<[u8]>) {
        if self.buckets.is_empty() {
            self.buckets = vec![Vec::new(); SIZES[0]];
        }
        let code = str_hash(&key);
        self.len += 1;
        if self.len / self.buckets.len() > STR_CHAIN_MAX {
            self.grow();
        }
        let n = self.buckets.len();
        self.buckets[code as usize % n].push((code, key));
    }

    fn grow(&mut self) {
        let size = next_size(self.buckets.len());
        if size == self.buckets.len() {
            return;
        }
        let old = std::mem::replace(&mut self.buckets, vec![Vec::new(); size]);
        // Old chains are walked head first and each entry pushed onto its new chain's head.
        for chain in old {
            for (code, key) in chain.into_iter().rev() {
                self.buckets[code as usize % size].push((code, key));
            }
        }
    }

    fn remove(&mut self, key: &[u8]) -> bool {
        if self.buckets.is_empty() {
            return false;
        }
        let n = self.buckets.len();
        let chain = &mut self.buckets[str_hash(key) as usize % n];
        match chain.iter().position(|(_, k)| &**k == key) {
            Some(i) => {
                chain.remove(i);
                self.len -= 1;
                true
            }
            None => false,
        }
    }

    fn list(&self, out: &mut Vec<Rc<[u8]>>) {
        for chain in &self.buckets {
            out.extend(chain.iter().rev().map(|(_, k)| k.clone()));
        }
    }
}

/// A two-slot bucket of an int table.
#[derive(Debug, Clone, Copy)]
struct Pair {
    n: u8,
    nums: [i32; 2],
}

/// A hashed table of 32-bit integers; chains stored head last as in `StrTab`.
#[derive(Debug, Default)]
pub struct IntTab {
    buckets: Vec<Vec<Pair>>,
    len: usize,
    side: Option<Box<Layout>>,
}

impl IntTab {
    fn put(buckets: &mut [Vec<Pair>], k: i32) {
        let n = buckets.len();
        let chain = &mut buckets[int_hash(k, n)];
        // Only the head bucket of a chain may be half full.
        match chain.last_mut() {
            Some(head) if head.n < 2 => {
                head.nums[1] = k;
                head.n = 2;
            }
            _ => chain.push(Pair { n: 1, nums: [k, 0] }),
        }
    }

    fn insert_int(&mut self, k: i32) {
        if self.buckets.is_empty() {
            self.buckets = vec![Vec::new(); SIZES[0]];
        }
        self.len += 1;
        if self.len / self.buckets.len() > INT_CHAIN_MAX {
            let size = next_size(self.buckets.len());
            if size != self.buckets.len() {
                let old = std::mem::replace(&mut self.buckets, vec![Vec::new(); size]);
                for chain in old {
                    for p in chain.iter().rev() {
                        for &num in &p.nums[..p.n as usize] {
                            Self::put(&mut self.buckets, num);
                        }
                    }
                }
            }
        }
        Self::put(&mut self.buckets, k);
    }

    fn remove_int(&mut self, k: i32) -> bool {
        if self.buckets.is_empty() {
            return false;
        }
        let n = self.buckets.len();
        let chain = &mut self.buckets[int_hash(k, n)];
        let head = chain.len().wrapping_sub(1);
        let Some((b, i)) = chain.iter().enumerate().rev().find_map(|(b, p)| {
            p.nums[..p.n as usize]
                .iter()
                .position(|&x| x == k)
                .map(|i| (b, i))
        }) else {
            return false;
        };
        if i == 0 && chain[b].n == 2 {
            chain[b].nums[0] = chain[b].nums[1];
        }
        chain[b].n -= 1;
        if chain[b].n == 0 {
            chain.remove(b);
        } else if b != head {
            // Refill the bucket from the head so that only the head is ever partial.
            let h = &mut chain[head];
            h.n -= 1;
            let moved = h.nums[h.n as usize];
            if h.n == 0 {
                chain.pop();
            }
            chain[b].nums[1] = moved;
            chain[b].n = 2;
        }
        self.len -= 1;
        true
    }

    fn list(&self, out: &mut Vec<Rc<[u8]>>) {
        if let Some(side) = &self.side {
            side.list_into(out);
        }
        for chain in &self.buckets {
            for p in chain.iter().rev() {
                for &num in &p.nums[..p.n as usize] {
                    out.push(Rc::from(num.to_string().into_bytes()));
                }
            }
        }
    }
}

/// Non-negative integers in power-of-two groups (listed ascending) plus a side array.
#[derive(Debug, Default)]
pub struct Cint {
    nums: BTreeSet<u32>,
    /// Allocated leaves by first subscript: (elements held, leaf size).
    leaves: HashMap<u32, (u32, u32)>,
    /// Sum of the allocated leaves' sizes.
    capacity: i64,
    side: Option<Box<Layout>>,
}

impl Cint {
    /// Which group `k` belongs to.
    fn group(k: u32) -> u32 {
        if k == 0 {
            return NHAT;
        }
        let r = 31 - k.leading_zeros();
        if r < NHAT {
            NHAT
        } else {
            1 + r
        }
    }

    /// The leaf holding `k`: its first subscript and size.
    fn leaf(k: u32) -> (u32, u32) {
        let g = Self::group(k);
        let (mut m, mut base) = if g == NHAT {
            (NHAT, 0u32)
        } else {
            (g - 1, 1u32 << (g - 1))
        };
        loop {
            let n = m.div_ceil(2);
            let size = 1u32 << n;
            base += (k - base) / size * size;
            if n > NHAT {
                m = n;
            } else {
                return (base, size);
            }
        }
    }

    /// Whether the group structure accepts `k` (else it goes to the side array).
    fn accepts(&self, k: u32) -> bool {
        let m = Self::group(k) - 1;
        let mut li = m.max(NHAT);
        while li >= NHAT {
            li = li.div_ceil(2);
        }
        self.capacity + (1i64 << li) - self.nums.len() as i64 <= THRESHOLD
    }

    fn insert_num(&mut self, k: u32) {
        let (base, size) = Self::leaf(k);
        let e = self.leaves.entry(base).or_insert((0, size));
        if e.0 == 0 {
            self.capacity += i64::from(size);
        }
        e.0 += 1;
        self.nums.insert(k);
    }

    fn remove_num(&mut self, k: u32) -> bool {
        if !self.nums.remove(&k) {
            return false;
        }
        let (base, _) = Self::leaf(k);
        if let Some(e) = self.leaves.get_mut(&base) {
            e.0 -= 1;
            if e.0 == 0 {
                self.capacity -= i64::from(e.1);
                self.leaves.remove(&base);
            }
        }
        true
    }

    fn list(&self, out: &mut Vec<Rc<[u8]>>) {
        if let Some(side) = &self.side {
            side.list_into(out);
        }
        out.extend(
            self.nums
                .iter()
                .map(|n| Rc::from(n.to_string().into_bytes())),
        );
    }
}

/// The shape of one gawk array (or of a side array inside one).
#[derive(Debug, Default)]
pub enum Layout {
    #[default]
    Empty,
    Str(StrTab),
    Int(IntTab),
    Cint(Cint),
}

impl Layout {
    /// Records a subscript that is not yet in the array.
    pub fn insert(&mut self, key: &Rc<[u8]>) {
        let int = int_key(key);
        if let Layout::Empty = self {
            *self = match int {
                Some(k) if k >= 0 => Layout::Cint(Cint::default()),
                Some(_) => Layout::Int(IntTab::default()),
                None => Layout::Str(StrTab::default()),
            };
        }
        match self {
            Layout::Empty => unreachable!("kind chosen above"),
            Layout::Str(t) => t.insert(key.clone()),
            Layout::Int(t) => match int {
                Some(k) => t.insert_int(k),
                None => {
                    let side = t.side.get_or_insert_with(|| Box::new(Layout::Empty));
                    side.insert(key);
                }
            },
            Layout::Cint(c) => match int {
                Some(k) if k >= 0 && c.accepts(k as u32) => c.insert_num(k as u32),
                _ => {
                    let side = c.side.get_or_insert_with(|| {
                        // The side array's kind follows the subscript that creates it.
                        Box::new(if int.is_some() {
                            Layout::Int(IntTab::default())
                        } else {
                            Layout::Str(StrTab::default())
                        })
                    });
                    side.insert(key);
                }
            },
        }
    }

    /// Forgets a subscript that is in the array.
    pub fn remove(&mut self, key: &[u8]) {
        let int = int_key(key);
        let promote = match self {
            Layout::Empty => return,
            Layout::Str(t) => {
                t.remove(key);
                if t.len == 0 {
                    *self = Layout::Empty;
                }
                return;
            }
            Layout::Int(t) => {
                let own = matches!(int, Some(k) if t.remove_int(k));
                if !own {
                    Self::remove_side(&mut t.side, key);
                }
                t.len == 0
            }
            Layout::Cint(c) => {
                let own = matches!(int, Some(k) if k >= 0 && c.remove_num(k as u32));
                if !own {
                    Self::remove_side(&mut c.side, key);
                }
                c.nums.is_empty()
            }
        };
        // With its own part empty, the side array (if any) becomes the whole array.
        if promote {
            let side = match self {
                Layout::Int(t) => t.side.take(),
                Layout::Cint(c) => c.side.take(),
                _ => None,
            };
            *self = side.map(|b| *b).unwrap_or_default();
        }
    }

    fn remove_side(side: &mut Option<Box<Layout>>, key: &[u8]) {
        if let Some(s) = side {
            s.remove(key);
            if matches!(**s, Layout::Empty) {
                *side = None;
            }
        }
    }

    pub fn clear(&mut self) {
        *self = Layout::Empty;
    }

    /// The keys in gawk's for-in order.
    pub fn list(&self) -> Vec<Rc<[u8]>> {
        let mut out = Vec::new();
        self.list_into(&mut out);
        out
    }

    fn list_into(&self, out: &mut Vec<Rc<[u8]>>) {
        match self {
            Layout::Empty => {}
            Layout::Str(t) => t.list(out),
            Layout::Int(t) => t.list(out),
            Layout::Cint(c) => c.list(out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(l: &Layout) -> Vec<String> {
        l.list()
            .iter()
            .map(|k| String::from_utf8_lossy(k).into_owned())
            .collect()
    }

    fn put(l: &mut Layout, k: &str) {
        l.insert(&Rc::from(k.as_bytes()));
    }

    #[test]
    fn integer_subscripts() {
        assert_eq!(int_key(b"0"), Some(0));
        assert_eq!(int_key(b"-12"), Some(-12));
        assert_eq!(int_key(b"2147483647"), Some(i32::MAX));
        for not in [
            &b"01"[..],
            b"-0",
            b"+1",
            b" 1",
            b"1.0",
            b"",
            b"-",
            b"2147483648",
        ] {
            assert_eq!(int_key(not), None, "{not:?}");
        }
    }

    // Orders recorded from gawk 5.2.1.
    #[test]
    fn kinds_and_side_arrays() {
        let mut l = Layout::default();
        for k in ["-1", "-5", "3", "a", "0"] {
            put(&mut l, k);
        }
        assert_eq!(keys(&l), ["a", "0", "-1", "3", "-5"]);
        let mut l = Layout::default();
        for k in ["1", "x", "y"] {
            put(&mut l, k);
        }
        l.remove(b"1");
        for k in ["5", "-3"] {
            put(&mut l, k);
        }
        // The str side array became the whole array when its last integer went.
        assert_eq!(keys(&l), ["5", "x", "y", "-3"]);
        l.clear();
        assert!(keys(&l).is_empty());
    }

    #[test]
    fn int_table_grows_at_three_per_chain() {
        let mut l = Layout::default();
        for i in 1..40 {
            put(&mut l, &format!("-{i}"));
        }
        let got = keys(&l);
        assert_eq!(got.len(), 39);
        assert_eq!(&got[..5], ["-10", "-22", "-17", "-19", "-38"]);
    }
}
