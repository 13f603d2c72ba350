//! CPython-compatible hashing and `set` layout for the Python interpreter.
//!
//! Python programs can observe hash values (`hash(x)`) and, through them, the iteration order of
//! `set` and `frozenset` (`print({3, 1, 2})`, `list(s)`, `s.pop()`). To make a simulated run
//! print what CPython 3.14 (64-bit, `PYTHONHASHSEED=0`) prints, this module reproduces:
//!
//! * the numeric hashes ([`hash_i64`], [`hash_bigint`], [`hash_f64`], [`hash_float`],
//!   [`hash_complex`], [`hash_fraction`], [`hash_decimal`]) and the identity hash
//!   ([`hash_pointer`], [`hash_nan`]);
//! * the `str`/`bytes` hash ([`hash_str`], [`hash_code_points`], [`hash_bytes`]): SipHash-1-3
//!   with the all-zero key `PYTHONHASHSEED=0` implies;
//! * the `tuple` and `frozenset` hashes ([`hash_tuple`], [`hash_frozenset`]);
//! * the `set` hash table itself ([`SetTable`]), slot for slot, including growth, dummies left by
//!   removals, `pop()`'s finger, and which operand each set operation iterates.
//!
//! `bool` hashes as the int 0/1 (use [`hash_i64`]); `None` hashes to the constant [`HASH_NONE`]
//! (3.12+). Objects without a value-based hash use [`hash_pointer`] of their identity.
//!
//! Dicts need no table here: CPython dicts iterate in insertion order whatever the hashes, so
//! the VM can keep them in any insertion-ordered map; their keys hash with these same functions
//! (and a set built from a dict, `set(d)`, reuses the hashes the dict stored: see
//! [`SetTable::reserve_for_merge`]).
//!
//! # Set displays and the compiler
//!
//! Which table operations a set display performs is decided by the compiler, and it shows in the
//! order: `{a, b, c}` with non-constant items (or fewer than 3 items) builds an empty set and
//! adds the items left to right; but with 3 or more *constant* items CPython (3.11 verified,
//! 3.14's `optimize_lists_and_sets` with `MIN_CONST_SEQUENCE_SIZE = 3` likewise) folds them into
//! a `frozenset` constant — built by adding the items in order — and emits `BUILD_SET 0;
//! LOAD_CONST frozenset(...); SET_UPDATE`, i.e. an empty set [`SetTable::update_from_set`] from
//! that frozenset. For 5+ items the two tables differ in size, so the display's order can differ
//! from adding the same items one by one. `for x in {…constants…}` and `x in {…}` use the
//! frozenset constant directly. `{*a, *b}` is an empty set updated from each operand in turn.
//! (CPython 3.11's compiler also rebuilt such a frozenset from its own iteration order while
//! merging constants, so `{7, 15, 3}` iterates 3, 7, 15 there but 3, 15, 7 in 3.14, whose
//! flowgraph optimizer merges the new constant without rebuilding it. Equal frozenset constants
//! in one code object are shared, the first one's layout winning.)
//!
//! # What changed in CPython 3.12–3.14 (checked against 3.14 sources)
//!
//! * `str`/`bytes`: nothing. SipHash-1-3 is still the default (`Py_HASH_ALGORITHM` =
//!   `Py_HASH_SIPHASH13`), the small-string cutoff is still 0, `PYTHONHASHSEED=0` still zeroes
//!   the key; 3.14 only adds the `Py_HashBuffer` entry point.
//! * `tuple`: same xxHash-based algorithm and constants; 3.14 caches the result in the tuple
//!   (gh-131525), which is invisible.
//! * `frozenset`, `int`, `float`, `complex`, `Fraction`, `Decimal`: unchanged (3.13 documented
//!   `PyHash_Double`, whose NaN-without-object result is `sys.hash_info.nan == 0`).
//! * `None`: 3.12 made `hash(None)` the constant `0xFCA86420` (gh-99540); 3.11 hashed it by
//!   address.
//! * `set`: same table — 8 initial slots, `LINEAR_PROBES` 9, `PERTURB_SHIFT` 5, growth when
//!   `fill * 5 >= mask * 3` to `used > 50000 ? used * 2 : used * 4`, last-dummy reuse, the
//!   `set_merge` fast paths, the `pop` finger, the dummy purge after `difference_update`. The
//!   3.13/3.14 changes are free-threading locks and atomics, and (gh-141805, 2026, in the 3.14
//!   branch) re-checking a remembered dummy slot after a comparison that mutated the set — none
//!   changes the layout of a set that is not mutated from inside `__eq__`. The lock-free lookup
//!   rewrite (gh-132657, December 2025) is on the 3.15 development branch.
//!
//! The expected values in the tests were recorded from CPython 3.11 (the host's), in the areas
//! where 3.11 and 3.14 agree; `tests/gen_testdata.py` regenerates them.

mod container;
mod numeric;
mod set_table;
mod siphash;

#[cfg(test)]
mod tests;

pub use container::{hash_frozenset, hash_tuple};
pub use numeric::{
    hash_bigint, hash_complex, hash_decimal, hash_f64, hash_float, hash_fraction, hash_i64,
    hash_nan, hash_pointer, HASH_IMAG, HASH_INF, HASH_NAN_NO_OBJECT, HASH_NONE, MODULUS,
};
pub use set_table::SetTable;
pub use siphash::{hash_bytes, hash_code_points, hash_str};
