//! Hashes of immutable containers: `tuple` and `frozenset`.
//!
//! Both take the element hashes, which the VM computes (possibly by running `__hash__`, which
//! may fail, so it stops at the first error before calling these).

/// xxHash64's prime multipliers (from the public xxHash specification), which CPython's tuple
/// hash borrows.
const XXPRIME_1: u64 = 11_400_714_785_074_694_791;
const XXPRIME_2: u64 = 14_029_467_366_897_019_727;
const XXPRIME_5: u64 = 2_870_177_450_012_600_261;

/// `hash(t)` for a tuple whose elements hash to `item_hashes` (in order) and whose length is
/// `len`.
///
/// CPython 3.8+ (bpo-34751) uses one xxHash64 accumulator lane per element: start from
/// `PRIME_5`; for each element hash `h`, `acc += h * PRIME_2; acc = rotl(acc, 31);
/// acc *= PRIME_1` (all wrapping); then add `len ^ (PRIME_5 ^ 3527539)` (chosen so `hash(())`
/// kept its historical value); -1 becomes 1546275796. 3.14 caches the result in the tuple
/// (gh-131525) but computes it the same way.
///
/// `len` is the tuple's length; it must equal the number of hashes given.
pub fn hash_tuple(item_hashes: impl IntoIterator<Item = i64>, len: usize) -> i64 {
    let mut acc = XXPRIME_5;
    let mut count = 0usize;
    for h in item_hashes {
        acc = acc.wrapping_add((h as u64).wrapping_mul(XXPRIME_2));
        acc = acc.rotate_left(31);
        acc = acc.wrapping_mul(XXPRIME_1);
        count += 1;
    }
    debug_assert_eq!(
        count, len,
        "hash_tuple: len does not match the hashes given"
    );
    acc = acc.wrapping_add((len as u64) ^ (XXPRIME_5 ^ 3_527_539));
    if acc == u64::MAX {
        return 1_546_275_796;
    }
    acc as i64
}

/// Spreads an element hash's bits before it is XOR-ed in, so that sets of small, nearby hashes
/// (common for sets of ints) do not cancel each other out.
#[inline]
fn shuffle_bits(h: u64) -> u64 {
    ((h ^ 89_869_747) ^ (h << 16)).wrapping_mul(3_644_798_167)
}

/// `hash(frozenset(...))` of a set whose elements hash to `item_hashes`, in any order.
///
/// XOR is commutative, so CPython XORs a shuffled form of every element's hash, folds in the
/// element count (`(n + 1) * 1927868237`), then disperses the bits of the result (which matters
/// for frozensets nested in frozensets): `h ^= (h >> 11) ^ (h >> 25); h = h * 69069 + 907133923`;
/// -1 becomes 590923713. Unchanged from 3.8 through 3.14. (CPython XORs over every table slot,
/// empty and deleted ones too, then cancels their contribution by parity: the result is the same
/// as XOR-ing just the elements, which is what this does.)
pub fn hash_frozenset(item_hashes: impl IntoIterator<Item = i64>) -> i64 {
    let mut hash = 0u64;
    let mut n = 0u64;
    for h in item_hashes {
        hash ^= shuffle_bits(h as u64);
        n += 1;
    }
    hash ^= (n + 1).wrapping_mul(1_927_868_237);
    hash ^= (hash >> 11) ^ (hash >> 25);
    hash = hash.wrapping_mul(69_069).wrapping_add(907_133_923);
    if hash == u64::MAX {
        return 590_923_713;
    }
    hash as i64
}

#[cfg(test)]
mod tests {
    use super::super::hash_i64;
    use super::*;

    #[test]
    fn tuples() {
        // PYTHONHASHSEED=0 python3 -c 'print(hash(()), hash((1,2)), hash((1,(2,3))))'
        assert_eq!(hash_tuple([], 0), 5740354900026072187);
        assert_eq!(hash_tuple([1, 2], 2), -3550055125485641917);
        let inner = hash_tuple([2, 3], 2);
        assert_eq!(hash_tuple([1, inner], 2), 7267574591690527098);
    }

    #[test]
    fn frozensets() {
        // PYTHONHASHSEED=0 python3 -c 'print(hash(frozenset()), hash(frozenset({1,2,3})))'
        assert_eq!(hash_frozenset([]), 133146708735736);
        assert_eq!(hash_frozenset([1, 2, 3]), -272375401224217160);
        assert_eq!(hash_frozenset([3, 1, 2]), -272375401224217160);
        assert_eq!(hash_frozenset([hash_i64(-1)]), hash_frozenset([-2]));
    }
}
