//! An open-addressing hash table laid out exactly like CPython's `set`/`frozenset`, so that
//! iterating it (and `repr`, `list(s)`, `s.pop()`, …) yields elements in the order CPython 3.14
//! would after the same sequence of operations.
//!
//! # The layout being reproduced
//!
//! * The table is an array of `mask + 1` slots (a power of two, at least 8). Each slot is empty,
//!   *active* (hash + key) or a *dummy* left behind by a removal. `fill` counts active + dummy
//!   slots, `used` counts active ones (`len(s)`).
//! * A key with hash `h` is looked for starting at slot `i = h & mask`. Each probe inspects slot
//!   `i` and, when `i + 9 <= mask`, the 9 slots after it (`LINEAR_PROBES`: cheap, cache-friendly
//!   neighbours; in the 8-slot table this never applies). Then `perturb` (initially `h` as
//!   unsigned) is shifted right by 5 and `i = (i * 5 + 1 + perturb) & mask`, which brings the
//!   high hash bits in and, once `perturb` reaches 0, visits every slot.
//! * Insertion walks that sequence until an empty slot. Dummies are not stopping points, but the
//!   *last* dummy met on the way is remembered and reused in preference to the empty slot
//!   (restored in 3.10 by bpo-43198; 3.14 still records the last one, not the first).
//! * Only filling an empty slot grows `fill`; when afterwards `fill * 5 >= mask * 3` the table is
//!   rebuilt for `used * 4` elements (`used * 2` once `used > 50000`): the new size is the
//!   smallest power of two, at least 8, that is greater than that number. Rebuilding reinserts
//!   the active entries in old-slot order and drops dummies. Sizes therefore go 8, 32, 128, …
//!   for sets grown one element at a time.
//! * Removal never shrinks the table: it turns the slot into a dummy. Only `difference_update`
//!   (and `-=`, and `difference` on its copy path) rebuilds afterwards when more than a quarter
//!   of the slots (`mask / 4`) are dummies.
//! * `pop()` scans forward (wrapping) from a "finger" left one past the previously popped slot.
//!   The finger survives `clear()`, rebuilds and the body swap of `&=`; a new set starts at 0.
//!
//! # Equality
//!
//! The VM decides equality (it may run `__eq__`, which may raise), so lookups take a callback
//! `eq(stored, probe) -> Result<bool, E>`, called only on slots whose stored hash equals the
//! probe's hash, with the key already in the table first — CPython evaluates
//! `stored == probe` (`PyObject_RichCompareBool(startkey, key, Py_EQ)`), which matters for
//! reflected `__eq__`. CPython checks identity before `__eq__` (so a NaN is found again, and an
//! `__eq__` that always returns False still finds the same object) and has a fast path for exact
//! `str` keys; the callback must do the same: return `Ok(true)` for the same object without
//! running any Python code. An `Err` aborts the operation and is returned; as in CPython, work
//! already done stays done (an `update` may have added some keys).
//!
//! If the callback runs Python code that mutates the very set being probed, CPython restarts the
//! lookup; here the borrow rules make that impossible, so the VM should make such a re-entrant
//! mutation fail cleanly (say, with a `RuntimeError`) instead of panicking on a `RefCell`
//! borrow — a pathological case only.
//!
//! # Hashes
//!
//! Every key is stored with its hash, and operations between two tables reuse the stored hashes
//! instead of calling `__hash__` again, exactly like CPython. A hash must not be -1 (CPython
//! reserves it; the module's hash functions and the VM's `__hash__` wrapper map -1 to -2).
//!
//! # What the VM still decides
//!
//! Set algebra between two *sets* is provided here (`union`, `intersection`, …), mirroring which
//! operand CPython iterates. When the other operand is a `dict` or an arbitrary iterable, CPython
//! runs different algorithms that interleave Python-level iteration and hashing; the VM drives
//! those loops with the primitives here, following the recipe in each method's documentation.
//! The identity special cases (`a |= a`, `a &= a`, `a -= a`, `a ^= a`, `a.update(a)`) are the
//! VM's too, because Rust's borrow rules cannot alias `&mut self` with the other operand; each
//! method says what CPython does there. `s.__init__(iterable)` on an existing set is `clear()`
//! (the finger survives) followed by the update.
//!
//! A typical call, with the VM's value type `Value` and error type `PyErr`:
//!
//! ```rust,ignore
//! let hash = vm.hash(&value)?; // may run __hash__; -1 already mapped to -2
//! let added = set.insert(value, hash, |stored: &Value, probe: &Value| {
//!     if stored.is(probe) {
//!         return Ok(true); // identity first, without running Python code
//!     }
//!     vm.rich_eq_bool(stored, probe) // `stored == probe`, may raise
//! })?;
//! ```

use std::fmt;

/// Size of a new or cleared table (`PySet_MINSIZE`).
const MIN_SIZE: usize = 8;
/// Extra adjacent slots inspected at each probe position, when they fit before the table's end.
const LINEAR_PROBES: u64 = 9;
/// How far `perturb` shifts between probe positions.
const PERTURB_SHIFT: u32 = 5;
/// The hash a dummy slot carries; no real key can have it (-1 is reserved for errors).
const DUMMY_HASH: i64 = -1;

/// One slot: empty (`key: None, hash: 0`), dummy (`key: None, hash: -1`) or active. Storing the
/// hash beside the key makes resizes and set-to-set operations hash-free; with a pointer-sized
/// `K` (`Rc`, a tagged value) the slot is 16 bytes, like CPython's `setentry`.
struct Entry<K> {
    hash: i64,
    key: Option<K>,
}

impl<K> Entry<K> {
    #[inline]
    fn empty() -> Self {
        Entry { hash: 0, key: None }
    }
}

fn empty_table<K>(size: usize) -> Box<[Entry<K>]> {
    (0..size).map(|_| Entry::empty()).collect()
}

/// The probe sequence for one hash in a table with the given mask (see the module docs).
struct Probe {
    mask: u64,
    /// Start of the current run of adjacent slots.
    base: u64,
    /// Next offset to hand out within the run.
    offset: u64,
    /// Last offset of the run: `LINEAR_PROBES` if the run fits before the end, else 0.
    last: u64,
    perturb: u64,
}

impl Probe {
    #[inline]
    fn new(hash: i64, mask: usize) -> Self {
        let mask = mask as u64;
        let base = hash as u64 & mask;
        Probe {
            mask,
            base,
            offset: 0,
            last: Self::run_end(base, mask),
            perturb: hash as u64,
        }
    }

    #[inline]
    fn run_end(base: u64, mask: u64) -> u64 {
        if base + LINEAR_PROBES <= mask {
            LINEAR_PROBES
        } else {
            0
        }
    }

    /// The next slot index to inspect. The sequence is endless; callers stop at an empty slot,
    /// which always exists because the table is never allowed to fill up.
    #[inline]
    fn next_slot(&mut self) -> usize {
        if self.offset > self.last {
            self.perturb >>= PERTURB_SHIFT;
            self.base = self
                .base
                .wrapping_mul(5)
                .wrapping_add(1)
                .wrapping_add(self.perturb)
                & self.mask;
            self.offset = 0;
            self.last = Self::run_end(self.base, self.mask);
        }
        let slot = self.base + self.offset;
        self.offset += 1;
        slot as usize
    }
}

/// Puts a key known to be absent into the first empty slot of its probe sequence, with no
/// comparisons and no accounting (CPython's `set_insert_clean`, used by rebuilds and by copies
/// into an empty table).
fn insert_clean<K>(table: &mut [Entry<K>], key: K, hash: i64) {
    let mut probe = Probe::new(hash, table.len() - 1);
    loop {
        let slot = probe.next_slot();
        let entry = &mut table[slot];
        if entry.key.is_none() {
            *entry = Entry {
                hash,
                key: Some(key),
            };
            return;
        }
    }
}

/// CPython's `set` hash table. See the module documentation for the layout and for how
/// equality, hashes and the VM's part of the work are divided.
pub struct SetTable<K> {
    table: Box<[Entry<K>]>,
    /// Active plus dummy slots.
    fill: usize,
    /// Active slots: the number of elements.
    used: usize,
    /// Where the next `pop()` starts scanning (masked on use).
    finger: usize,
}

/// An exact duplicate: same slots, same dummies, same pop finger. This is *not* Python's
/// `set.copy()` (that is [`SetTable::copy`], which may lay the elements out differently); it is
/// for a VM that needs to duplicate a value without changing it, e.g. to share a frozenset.
impl<K: Clone> Clone for SetTable<K> {
    fn clone(&self) -> Self {
        SetTable {
            table: self
                .table
                .iter()
                .map(|e| Entry {
                    hash: e.hash,
                    key: e.key.clone(),
                })
                .collect(),
            fill: self.fill,
            used: self.used,
            finger: self.finger,
        }
    }
}

impl<K> Default for SetTable<K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: fmt::Debug> fmt::Debug for SetTable<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<K> SetTable<K> {
    /// An empty set: 8 slots, finger at 0 (`set()`). CPython never presizes a set from a length
    /// hint (`set(range(100))` grows 8 → 32 → 128 like repeated `add`); only merges from sets and
    /// dicts reserve room up front (see [`SetTable::reserve_for_merge`]).
    pub fn new() -> Self {
        SetTable {
            table: empty_table(MIN_SIZE),
            fill: 0,
            used: 0,
            finger: 0,
        }
    }

    /// Number of elements (`len(s)`).
    pub fn len(&self) -> usize {
        self.used
    }

    /// Whether the set has no elements.
    pub fn is_empty(&self) -> bool {
        self.used == 0
    }

    /// Number of slots in the table (`mask + 1`), e.g. for `__sizeof__`.
    pub fn capacity(&self) -> usize {
        self.table.len()
    }

    #[inline]
    fn mask(&self) -> usize {
        self.table.len() - 1
    }

    /// The elements in table order — CPython's iteration order.
    pub fn iter(&self) -> impl Iterator<Item = &K> + '_ {
        self.table.iter().filter_map(|e| e.key.as_ref())
    }

    /// The elements with their stored hashes, in table order.
    pub fn iter_hashed(&self) -> impl Iterator<Item = (&K, i64)> + '_ {
        self.table
            .iter()
            .filter_map(|e| e.key.as_ref().map(|k| (k, e.hash)))
    }

    /// The first element at slot `pos` or later, with its slot index, for a VM-level iterator.
    ///
    /// CPython's set iterator keeps a slot position: it yields `next_from(pos)`, then continues
    /// from `index + 1`. Before each step it compares the set's current `len()` with the length
    /// it started with and raises `RuntimeError("Set changed size during iteration")` if they
    /// differ (a mutation that keeps the size, such as remove-then-add, goes unnoticed and just
    /// continues from the slot position).
    pub fn next_from(&self, pos: usize) -> Option<(usize, &K)> {
        self.table
            .get(pos..)?
            .iter()
            .enumerate()
            .find_map(|(i, e)| e.key.as_ref().map(|k| (pos + i, k)))
    }

    /// Slot of the active entry equal to `key`, if any (CPython's `set_lookkey`).
    fn lookup<E, F>(&self, key: &K, hash: i64, eq: &mut F) -> Result<Option<usize>, E>
    where
        F: FnMut(&K, &K) -> Result<bool, E>,
    {
        debug_assert_ne!(hash, DUMMY_HASH, "-1 is not a valid hash");
        let mut probe = Probe::new(hash, self.mask());
        loop {
            let slot = probe.next_slot();
            let entry = &self.table[slot];
            match &entry.key {
                Some(stored) => {
                    if entry.hash == hash && eq(stored, key)? {
                        return Ok(Some(slot));
                    }
                }
                None => {
                    if entry.hash != DUMMY_HASH {
                        return Ok(None);
                    }
                }
            }
        }
    }

    /// `key in s`. `hash` is the key's hash; `eq` as in the module docs.
    ///
    /// For `x in s` where `x` is an (unhashable) `set`, CPython retries with the hash the set
    /// would have as a frozenset ([`SetTable::frozenset_hash`]); the same applies to `remove`
    /// and `discard`. That retry is the VM's.
    pub fn contains<E, F>(&self, key: &K, hash: i64, mut eq: F) -> Result<bool, E>
    where
        F: FnMut(&K, &K) -> Result<bool, E>,
    {
        Ok(self.lookup(key, hash, &mut eq)?.is_some())
    }

    /// The stored element equal to `key`, if any (it may be a different object: `1` finds a
    /// stored `1.0`).
    pub fn find<E, F>(&self, key: &K, hash: i64, mut eq: F) -> Result<Option<&K>, E>
    where
        F: FnMut(&K, &K) -> Result<bool, E>,
    {
        Ok(self
            .lookup(key, hash, &mut eq)?
            .and_then(|slot| self.table[slot].key.as_ref()))
    }

    /// `s.add(key)`: adds `key` unless an equal element is present (the stored one is then kept
    /// and `key` dropped). Returns whether it was added. May grow the table (module docs).
    pub fn insert<E, F>(&mut self, key: K, hash: i64, mut eq: F) -> Result<bool, E>
    where
        F: FnMut(&K, &K) -> Result<bool, E>,
    {
        self.insert_with(key, hash, &mut eq)
    }

    fn insert_with<E, F>(&mut self, key: K, hash: i64, eq: &mut F) -> Result<bool, E>
    where
        F: FnMut(&K, &K) -> Result<bool, E>,
    {
        debug_assert_ne!(hash, DUMMY_HASH, "-1 is not a valid hash");
        let mut probe = Probe::new(hash, self.mask());
        let mut freeslot = None;
        let empty_slot = loop {
            let slot = probe.next_slot();
            let entry = &self.table[slot];
            match &entry.key {
                Some(stored) => {
                    if entry.hash == hash && eq(stored, &key)? {
                        return Ok(false);
                    }
                }
                None if entry.hash == DUMMY_HASH => freeslot = Some(slot),
                None => break slot,
            }
        };
        let entry = Entry {
            hash,
            key: Some(key),
        };
        self.used += 1;
        if let Some(slot) = freeslot {
            // Reusing a dummy changes neither `fill` nor the need to grow.
            self.table[slot] = entry;
            return Ok(true);
        }
        self.table[empty_slot] = entry;
        self.fill += 1;
        if self.fill * 5 >= self.mask() * 3 {
            self.resize(self.growth_target());
        }
        Ok(true)
    }

    /// The element count a rebuild after growth (or a dummy purge) sizes the table for.
    #[inline]
    fn growth_target(&self) -> usize {
        if self.used > 50_000 {
            self.used * 2
        } else {
            self.used * 4
        }
    }

    /// Rebuilds the table with the smallest power-of-two size (≥ 8) greater than `minused`,
    /// reinserting active entries in old slot order and dropping dummies (`set_table_resize`).
    fn resize(&mut self, minused: usize) {
        let mut newsize = MIN_SIZE;
        while newsize <= minused {
            newsize <<= 1;
        }
        if newsize == MIN_SIZE && self.table.len() == MIN_SIZE && self.fill == self.used {
            // CPython leaves a dummy-free small table untouched.
            return;
        }
        let old = std::mem::replace(&mut self.table, empty_table(newsize));
        for entry in old.into_vec() {
            if let Some(key) = entry.key {
                insert_clean(&mut self.table, key, entry.hash);
            }
        }
        self.fill = self.used;
    }

    /// Turns the slot into a dummy and returns its key.
    fn take_slot(&mut self, slot: usize) -> K {
        let entry = &mut self.table[slot];
        let key = entry.key.take().expect("take_slot on an inactive slot");
        entry.hash = DUMMY_HASH;
        self.used -= 1;
        key
    }

    /// `s.discard(key)` / `s.remove(key)`: removes the element equal to `key` and returns it
    /// (`None` if absent: `remove` then raises `KeyError(key)`). Leaves a dummy; never shrinks.
    pub fn remove<E, F>(&mut self, key: &K, hash: i64, mut eq: F) -> Result<Option<K>, E>
    where
        F: FnMut(&K, &K) -> Result<bool, E>,
    {
        self.remove_with(key, hash, &mut eq)
    }

    fn remove_with<E, F>(&mut self, key: &K, hash: i64, eq: &mut F) -> Result<Option<K>, E>
    where
        F: FnMut(&K, &K) -> Result<bool, E>,
    {
        Ok(self.lookup(key, hash, eq)?.map(|slot| self.take_slot(slot)))
    }

    /// `s.pop()`: removes and returns the first element at or after the finger, wrapping
    /// around, and leaves the finger just past it. `None` for an empty set (CPython raises
    /// `KeyError('pop from an empty set')`).
    pub fn pop(&mut self) -> Option<K> {
        if self.used == 0 {
            return None;
        }
        let mask = self.mask();
        let mut slot = self.finger & mask;
        while self.table[slot].key.is_none() {
            slot = (slot + 1) & mask;
        }
        self.finger = slot + 1;
        Some(self.take_slot(slot))
    }

    /// `s.clear()`: back to an empty 8-slot table. The pop finger is kept, as in CPython.
    pub fn clear(&mut self) {
        self.table = empty_table(MIN_SIZE);
        self.fill = 0;
        self.used = 0;
    }

    /// Presizes before merging `incoming` elements that are expected to be mostly new: if
    /// `(fill + incoming) * 5 >= mask * 3`, rebuilds for `(len + incoming) * 2` elements.
    ///
    /// CPython does this before `update`/`|=`/`set(...)` from another set (inside
    /// [`SetTable::update_from_set`]) and from an exact `dict` (`set(d)`, `s.update(d)`,
    /// `{*d}`): the VM calls `reserve_for_merge(len(d))`, then [`SetTable::insert`]s each key in
    /// dict order with the hash the dict stored. Other iterables (including dict views and dict
    /// subclasses) get no presizing: plain `insert`s in iteration order.
    pub fn reserve_for_merge(&mut self, incoming: usize) {
        if (self.fill + incoming) * 5 >= self.mask() * 3 {
            self.resize((self.used + incoming) * 2);
        }
    }

    /// CPython's follow-up to `difference_update` with any kind of argument (also `-=` and the
    /// copy path of `difference`): rebuild when more than `mask / 4` slots are dummies.
    ///
    /// Recipe for `s.difference_update(iterable)` when the argument is not a set (the set case
    /// is [`SetTable::difference_update`]): for each item in iteration order, hash it and
    /// [`SetTable::remove`] it; then call this. (`s.difference_update(s)` is `s.clear()`.)
    pub fn purge_dummies_if_many(&mut self) {
        if self.fill - self.used > self.mask() / 4 {
            self.resize(self.growth_target());
        }
    }

    /// Replaces this set's table with `other`'s, keeping this set's pop finger — CPython's
    /// `set_swap_bodies`, by which `&=` / `intersection_update` install their result.
    ///
    /// Recipe for `s.intersection_update(*others)` with non-set arguments: compute the result as
    /// for [`SetTable::intersection`] (with the iterable recipe), then `replace_contents`.
    pub fn replace_contents(&mut self, other: SetTable<K>) {
        self.table = other.table;
        self.fill = other.fill;
        self.used = other.used;
    }

    /// The hash this set has (or would have) as a `frozenset` (see
    /// [`hash_frozenset`](super::hash_frozenset)); the VM caches it for frozensets.
    pub fn frozenset_hash(&self) -> i64 {
        super::hash_frozenset(self.iter_hashed().map(|(_, h)| h))
    }

    /// Whether every element of `self` is in `other` (`self <= other` for two sets): false at
    /// once if `self` is larger, else iterates `self` probing `other`.
    ///
    /// `issuperset(other_set)` is `other.is_subset(self)`. With a non-set argument CPython's
    /// `issubset` computes the intersection (iterable recipe of [`SetTable::intersection`]) and
    /// compares its length with `len(self)`; `issuperset` checks `x in self` for each item,
    /// stopping at the first miss. `==` between sets is: equal lengths, then (frozensets only)
    /// unequal cached hashes mean unequal, then `is_subset`. `<` / `>` first require a strictly
    /// smaller / larger length.
    pub fn is_subset<E, F>(&self, other: &SetTable<K>, mut eq: F) -> Result<bool, E>
    where
        F: FnMut(&K, &K) -> Result<bool, E>,
    {
        if self.len() > other.len() {
            return Ok(false);
        }
        for (key, hash) in self.iter_hashed() {
            if other.lookup(key, hash, &mut eq)?.is_none() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `self.isdisjoint(other)` for two sets: iterates the smaller one (`other` on a tie)
    /// probing the larger, stopping at the first common element. `s.isdisjoint(s)` is
    /// `len(s) == 0`. With a non-set argument CPython checks `x in self` for each item in order.
    pub fn is_disjoint<E, F>(&self, other: &SetTable<K>, mut eq: F) -> Result<bool, E>
    where
        F: FnMut(&K, &K) -> Result<bool, E>,
    {
        if std::ptr::eq(self, other) {
            return Ok(self.is_empty());
        }
        let (iterated, probed) = if other.len() > self.len() {
            (self, other)
        } else {
            (other, self)
        };
        for (key, hash) in iterated.iter_hashed() {
            if probed.lookup(key, hash, &mut eq)?.is_some() {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

impl<K: Clone> SetTable<K> {
    /// `s.update(other)` / `s |= other` / `set(other)` where `other` is a `set` or `frozenset`
    /// (CPython's `set_merge`).
    ///
    /// First [`reserve_for_merge`](SetTable::reserve_for_merge)`(len(other))`. Then, if this
    /// table is empty: when both tables have the same size and `other` has no dummies, its slots
    /// are copied one for one (identical layout); otherwise `other`'s elements are placed, in
    /// `other`'s table order, without comparisons. If this table is not empty, each of `other`'s
    /// elements is inserted normally, in `other`'s table order.
    ///
    /// `s.update(s)` does nothing: the VM must skip it (the borrow rules forbid the call).
    pub fn update_from_set<E, F>(&mut self, other: &SetTable<K>, mut eq: F) -> Result<(), E>
    where
        F: FnMut(&K, &K) -> Result<bool, E>,
    {
        if other.used == 0 {
            return Ok(());
        }
        self.reserve_for_merge(other.used);
        if self.fill == 0 {
            self.merge_into_empty(other);
            return Ok(());
        }
        for (key, hash) in other.iter_hashed() {
            self.insert_with(key.clone(), hash, &mut eq)?;
        }
        Ok(())
    }

    /// The comparison-free part of `set_merge`, for a table with no active or dummy slots.
    fn merge_into_empty(&mut self, other: &SetTable<K>) {
        debug_assert_eq!(self.fill, 0);
        if self.table.len() == other.table.len() && other.fill == other.used {
            for (dst, src) in self.table.iter_mut().zip(other.table.iter()) {
                if let Some(key) = &src.key {
                    *dst = Entry {
                        hash: src.hash,
                        key: Some(key.clone()),
                    };
                }
            }
        } else {
            for (key, hash) in other.iter_hashed() {
                insert_clean(&mut self.table, key.clone(), hash);
            }
        }
        self.fill = other.used;
        self.used = other.used;
    }

    /// A new set with the same elements: `s.copy()`, `set(s)`, `frozenset(s)` for a set `s`,
    /// and the first step of `s | t`, `s.union(...)`, `s.difference(...)`'s copy path. This is
    /// [`update_from_set`](SetTable::update_from_set) into a fresh set, so the copy's layout (and
    /// hence its iteration order after further operations, or even at once when `s` has
    /// dummies) can differ from `s`'s. The copy's pop finger starts at 0. No comparisons happen.
    ///
    /// (For frozensets, `frozenset(f)` and `f.copy()` return `f` itself; that is the VM's.)
    pub fn copy(&self) -> SetTable<K> {
        let mut result = SetTable::new();
        if self.used > 0 {
            result.reserve_for_merge(self.used);
            result.merge_into_empty(self);
        }
        result
    }

    /// `self | other` for two sets: a [`copy`](SetTable::copy) of `self` updated from `other`
    /// (unless `other` is `self`).
    ///
    /// `s.union(*others)` is the same copy followed by an update from each argument in turn
    /// (skipping arguments that are `s` itself): [`update_from_set`](SetTable::update_from_set)
    /// for sets, the dict recipe of [`reserve_for_merge`](SetTable::reserve_for_merge) for exact
    /// dicts, plain `insert`s in iteration order for anything else.
    pub fn union<E, F>(&self, other: &SetTable<K>, eq: F) -> Result<SetTable<K>, E>
    where
        F: FnMut(&K, &K) -> Result<bool, E>,
    {
        let mut result = self.copy();
        if !std::ptr::eq(self, other) {
            result.update_from_set(other, eq)?;
        }
        Ok(result)
    }

    /// `self & other` / `self.intersection(other)` for two sets.
    ///
    /// CPython iterates `other` and probes `self`, unless `other` is strictly larger, in which
    /// case it iterates `self` and probes `other`; each common element found is added to a new
    /// set, and the key added is the iterated set's object (so `{1} & {1.0}` is `{1.0}`).
    /// `s & s` is `s.copy()`.
    ///
    /// Recipe for `s.intersection(iterable)` with a non-set argument (this includes dicts):
    /// `result = SetTable::new()`; for each item in iteration order: hash it; if
    /// `s.contains(item)`, `result.insert(item)`, and stop iterating once
    /// `result.len() >= s.len()` (3.14 stops early; the rest of the iterable is not consumed).
    /// `s.intersection(a, b, …)` intersects the running result with each argument in turn (no
    /// argument: `s.copy()`), and `intersection_update` then installs the result with
    /// [`replace_contents`](SetTable::replace_contents).
    pub fn intersection<E, F>(&self, other: &SetTable<K>, mut eq: F) -> Result<SetTable<K>, E>
    where
        F: FnMut(&K, &K) -> Result<bool, E>,
    {
        if std::ptr::eq(self, other) {
            return Ok(self.copy());
        }
        let (iterated, probed) = if other.len() > self.len() {
            (self, other)
        } else {
            (other, self)
        };
        let mut result = SetTable::new();
        for (key, hash) in iterated.iter_hashed() {
            if probed.lookup(key, hash, &mut eq)?.is_some() {
                result.insert_with(key.clone(), hash, &mut eq)?;
            }
        }
        Ok(result)
    }

    /// `self &= other` / `self.intersection_update(other)` for two sets: the
    /// [`intersection`](SetTable::intersection) installed in place with
    /// [`replace_contents`](SetTable::replace_contents) (the finger is kept).
    ///
    /// `s &= s` cannot be expressed with this borrow; in CPython it installs `s & s`, which is
    /// `s.copy()` (a possibly different layout), so the VM does
    /// `let c = s.copy(); s.replace_contents(c)`.
    pub fn intersection_update<E, F>(&mut self, other: &SetTable<K>, eq: F) -> Result<(), E>
    where
        F: FnMut(&K, &K) -> Result<bool, E>,
    {
        let result = self.intersection(other, eq)?;
        self.replace_contents(result);
        Ok(())
    }

    /// `self - other` / `self.difference(other)` for two sets.
    ///
    /// If `len(self) / 4` (rounded down) exceeds `len(other)`, CPython copies `self` and runs
    /// [`difference_update`](SetTable::difference_update) on the copy; otherwise it iterates
    /// `self`, adding to a new set each element not in `other`.
    ///
    /// Recipe for an exact `dict` argument: the same choice with `len(dict)`; the copy path
    /// removes each dict key (dict order, stored hashes) then
    /// [`purge_dummies_if_many`](SetTable::purge_dummies_if_many); the other path probes the dict.
    /// Any other iterable: always the copy path, removing items in iteration order, then the
    /// purge. `s.difference(a, b, …)`: the first argument as here, then `difference_update` of
    /// the result with each further one; no argument: `s.copy()`.
    pub fn difference<E, F>(&self, other: &SetTable<K>, mut eq: F) -> Result<SetTable<K>, E>
    where
        F: FnMut(&K, &K) -> Result<bool, E>,
    {
        if (self.len() >> 2) > other.len() {
            let mut result = self.copy();
            result.difference_update(other, eq)?;
            return Ok(result);
        }
        let mut result = SetTable::new();
        for (key, hash) in self.iter_hashed() {
            if other.lookup(key, hash, &mut eq)?.is_none() {
                result.insert_with(key.clone(), hash, &mut eq)?;
            }
        }
        Ok(result)
    }

    /// `self -= other` / `self.difference_update(other)` for two sets.
    ///
    /// Removes each of `other`'s elements (in `other`'s order); when `other` is more than 8
    /// times larger (`len(other) >> 3 > len(self)`), CPython first narrows it to
    /// `self ∩ other` (iterating `self`) and removes those instead. Then
    /// [`purge_dummies_if_many`](SetTable::purge_dummies_if_many). `s -= s` is `s.clear()`: the
    /// VM's.
    pub fn difference_update<E, F>(&mut self, other: &SetTable<K>, mut eq: F) -> Result<(), E>
    where
        F: FnMut(&K, &K) -> Result<bool, E>,
    {
        if (other.len() >> 3) > self.len() {
            let common = self.intersection(other, &mut eq)?;
            for (key, hash) in common.iter_hashed() {
                self.remove_with(key, hash, &mut eq)?;
            }
        } else {
            for (key, hash) in other.iter_hashed() {
                self.remove_with(key, hash, &mut eq)?;
            }
        }
        self.purge_dummies_if_many();
        Ok(())
    }

    /// `self ^= other` / `self.symmetric_difference_update(other)` for two sets: for each of
    /// `other`'s elements in its order, remove it from `self` if present, else insert it. No
    /// purge of dummies afterwards.
    ///
    /// `s ^= s` is `s.clear()` (the VM's). Recipe for an exact `dict`: the same loop over its
    /// keys (dict order, stored hashes). Any other iterable: build a set from it first (plain
    /// `insert`s), then this.
    pub fn symmetric_difference_update<E, F>(
        &mut self,
        other: &SetTable<K>,
        mut eq: F,
    ) -> Result<(), E>
    where
        F: FnMut(&K, &K) -> Result<bool, E>,
    {
        for (key, hash) in other.iter_hashed() {
            if self.remove_with(key, hash, &mut eq)?.is_none() {
                self.insert_with(key.clone(), hash, &mut eq)?;
            }
        }
        Ok(())
    }

    /// `self ^ other` / `self.symmetric_difference(other)` for two sets: a new set updated from
    /// `other` (so it starts as a copy of `other`, not of `self`), then
    /// [`symmetric_difference_update`](SetTable::symmetric_difference_update) with `self`.
    ///
    /// Recipe for any other argument: a new set updated from it (dict recipe or plain inserts),
    /// then `symmetric_difference_update` with `self`.
    pub fn symmetric_difference<E, F>(
        &self,
        other: &SetTable<K>,
        mut eq: F,
    ) -> Result<SetTable<K>, E>
    where
        F: FnMut(&K, &K) -> Result<bool, E>,
    {
        let mut result = SetTable::new();
        result.update_from_set(other, &mut eq)?;
        result.symmetric_difference_update(self, &mut eq)?;
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::convert::Infallible;

    fn int_eq(a: &i64, b: &i64) -> Result<bool, Infallible> {
        Ok(a == b)
    }

    fn h(v: i64) -> i64 {
        super::super::hash_i64(v)
    }

    fn from(items: &[i64]) -> SetTable<i64> {
        let mut s = SetTable::new();
        for &v in items {
            s.insert(v, h(v), int_eq).unwrap();
        }
        s
    }

    fn order(s: &SetTable<i64>) -> Vec<i64> {
        s.iter().copied().collect()
    }

    #[test]
    fn entries_are_two_words_for_pointer_keys() {
        assert_eq!(std::mem::size_of::<Entry<std::rc::Rc<u8>>>(), 16);
    }

    #[test]
    fn clone_is_exact_but_copy_relayouts() {
        // {7, 15, 3} minus 7: 3 at slot 3, 15 displaced to slot 4, a dummy at slot 7.
        let mut s = from(&[7, 15, 3]);
        s.remove(&7, 7, int_eq).unwrap();
        let exact = s.clone();
        let copy = s.copy();
        assert_eq!(order(&exact), vec![3, 15]);
        assert_eq!(order(&copy), vec![3, 15]);
        assert_eq!(exact.next_from(4).map(|(i, _)| i), Some(4));
        // The copy reinserts 15 at its home slot 7.
        assert_eq!(copy.next_from(4).map(|(i, _)| i), Some(7));
    }

    #[test]
    fn probe_sequence_small_table_has_no_linear_run() {
        // mask 7: i + 9 <= 7 never holds, so every step perturbs.
        let mut p = Probe::new(32, 7);
        let seq: Vec<usize> = (0..6).map(|_| p.next_slot()).collect();
        assert_eq!(seq, vec![0, 2, 3, 0, 1, 6]);
    }

    #[test]
    fn probe_sequence_linear_run() {
        let mut p = Probe::new(0, 31);
        let seq: Vec<usize> = (0..11).map(|_| p.next_slot()).collect();
        assert_eq!(seq, vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1]);
    }

    #[test]
    fn basic_orders() {
        // PYTHONHASHSEED=0 python3 -c 'print(list({10, 100, 1000}))' etc.
        assert_eq!(order(&from(&[10, 100, 1000])), vec![1000, 10, 100]);
        assert_eq!(order(&from(&[7, 15])), vec![15, 7]);
        assert_eq!(order(&from(&[-1, -2])), vec![-1, -2]);
    }

    #[test]
    fn last_dummy_is_reused() {
        let mut s = from(&[0, 32, 64, 96, 128]);
        assert_eq!(order(&s), vec![0, 32, 64, 96, 128]);
        s.remove(&0, 0, int_eq).unwrap();
        s.remove(&64, 64, int_eq).unwrap();
        s.insert(160, 160, int_eq).unwrap();
        assert_eq!(order(&s), vec![32, 160, 96, 128]);
    }

    #[test]
    fn pop_finger() {
        let mut s = SetTable::new();
        s.insert(5, 5, int_eq).unwrap();
        assert_eq!(s.pop(), Some(5));
        s.insert(5, 5, int_eq).unwrap();
        s.insert(6, 6, int_eq).unwrap();
        assert_eq!(s.pop(), Some(6));
        assert_eq!(s.pop(), Some(5));
        assert_eq!(s.pop(), None);
    }

    #[test]
    fn errors_propagate() {
        let mut s = from(&[1]);
        let r: Result<bool, &str> = s.insert(1, 1, |_, _| Err("boom"));
        assert_eq!(r, Err("boom"));
        // A different hash never reaches the callback.
        let r: Result<bool, &str> = s.insert(2, 2, |_, _| Err("boom"));
        assert_eq!(r, Ok(true));
    }

    #[test]
    fn next_from_walks_slots() {
        let s = from(&[3, 1]);
        let (i, k) = s.next_from(0).unwrap();
        assert_eq!((i, *k), (1, 1));
        let (i, k) = s.next_from(i + 1).unwrap();
        assert_eq!((i, *k), (3, 3));
        assert!(s.next_from(i + 1).is_none());
        assert!(s.next_from(100).is_none());
    }
}
