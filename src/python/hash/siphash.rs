//! `str` and `bytes` hashing: SipHash-1-3 with CPython's `PYTHONHASHSEED=0` key.
//!
//! CPython 3.11 made SipHash-1-3 the default string hash (`sys.hash_info.algorithm ==
//! 'siphash13'`), and 3.12–3.14 keep it: `Py_HASH_ALGORITHM` still defaults to
//! `Py_HASH_SIPHASH13` and `Py_HASH_CUTOFF` (the small-string DJBX33A shortcut) still defaults to
//! 0, i.e. disabled, so every non-empty input goes through SipHash. 3.14 only renamed the entry
//! point (`Py_HashBuffer`); the value is unchanged.
//!
//! The 128-bit key comes from the hash secret. With `PYTHONHASHSEED=0` CPython disables
//! randomisation by zero-filling the whole secret, so both key words are 0 (with any other seed
//! it is filled from an LCG, which a deterministic simulator has no reason to imitate).
//!
//! What is hashed is the string's internal PEP 393 buffer, not its UTF-8: one byte per code point
//! when every code point is below 256, two (native order, little-endian on the 64-bit platforms
//! this mirrors) below 65536, four otherwise. That is why `hash("abc") == hash(b"abc")` but
//! `hash("é") != hash("é".encode())`.
//!
//! The SipHash code is written from the published algorithm (Aumasson & Bernstein): a 4-word
//! ARX state, `c = 1` compression round per 8-byte little-endian word and `d = 3` finalisation
//! rounds, with the message length mod 256 in the top byte of the last block.

/// SipHash-1-3 state that accepts input a piece at a time, so a `str` can be fed in its PEP 393
/// width without building a temporary buffer.
struct Sip13 {
    v0: u64,
    v1: u64,
    v2: u64,
    v3: u64,
    /// Bytes not yet forming a full word, packed little-endian in the low `ntail` bytes.
    tail: u64,
    ntail: u32,
    /// Total message length in bytes (only its low 8 bits reach the output).
    len: u64,
}

impl Sip13 {
    fn new(k0: u64, k1: u64) -> Self {
        // The initialisation constants spell "somepseudorandomlygeneratedbytes".
        Sip13 {
            v0: k0 ^ 0x736f_6d65_7073_6575,
            v1: k1 ^ 0x646f_7261_6e64_6f6d,
            v2: k0 ^ 0x6c79_6765_6e65_7261,
            v3: k1 ^ 0x7465_6462_7974_6573,
            tail: 0,
            ntail: 0,
            len: 0,
        }
    }

    #[inline]
    fn round(&mut self) {
        self.v0 = self.v0.wrapping_add(self.v1);
        self.v1 = self.v1.rotate_left(13) ^ self.v0;
        self.v0 = self.v0.rotate_left(32);
        self.v2 = self.v2.wrapping_add(self.v3);
        self.v3 = self.v3.rotate_left(16) ^ self.v2;
        self.v0 = self.v0.wrapping_add(self.v3);
        self.v3 = self.v3.rotate_left(21) ^ self.v0;
        self.v2 = self.v2.wrapping_add(self.v1);
        self.v1 = self.v1.rotate_left(17) ^ self.v2;
        self.v2 = self.v2.rotate_left(32);
    }

    #[inline]
    fn compress(&mut self, m: u64) {
        self.v3 ^= m;
        self.round();
        self.v0 ^= m;
    }

    /// Appends one byte.
    #[inline]
    fn push(&mut self, b: u8) {
        self.tail |= u64::from(b) << (8 * self.ntail);
        self.ntail += 1;
        self.len += 1;
        if self.ntail == 8 {
            let m = self.tail;
            self.compress(m);
            self.tail = 0;
            self.ntail = 0;
        }
    }

    /// Appends a byte slice, compressing whole words straight from it when aligned to a word
    /// boundary of the message.
    fn write(&mut self, mut bytes: &[u8]) {
        while self.ntail != 0 && !bytes.is_empty() {
            self.push(bytes[0]);
            bytes = &bytes[1..];
        }
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            let mut buf = [0u8; 8];
            buf.copy_from_slice(w);
            self.compress(u64::from_le_bytes(buf));
            self.len += 8;
        }
        for &b in words.remainder() {
            self.push(b);
        }
    }

    fn finish(mut self) -> u64 {
        let b = (self.len << 56) | self.tail;
        self.compress(b);
        self.v2 ^= 0xff;
        self.round();
        self.round();
        self.round();
        self.v0 ^ self.v1 ^ self.v2 ^ self.v3
    }
}

/// Key words CPython derives from `PYTHONHASHSEED=0`: randomisation off, secret all zero bytes.
const KEY0: u64 = 0;
const KEY1: u64 = 0;

/// Maps a raw 64-bit digest onto a Python hash: reinterpret as signed, and reserve -1 (CPython's
/// "error" return) by turning it into -2.
#[inline]
fn to_py_hash(x: u64) -> i64 {
    match x as i64 {
        -1 => -2,
        h => h,
    }
}

/// `hash(b)` for a `bytes` (or `bytearray`-as-`bytes`, `memoryview` of bytes) value under
/// `PYTHONHASHSEED=0`: SipHash-1-3 over the bytes with a zero key; `b""` hashes to 0.
pub fn hash_bytes(b: &[u8]) -> i64 {
    if b.is_empty() {
        // CPython special-cases the empty buffer so its hash leaks nothing about the key.
        return 0;
    }
    let mut h = Sip13::new(KEY0, KEY1);
    h.write(b);
    to_py_hash(h.finish())
}

/// `hash(s)` for a `str` under `PYTHONHASHSEED=0`: SipHash-1-3 (zero key) over the string's
/// PEP 393 canonical buffer — 1 byte per code point if all are < 256, else 2 bytes
/// little-endian if all are < 65536, else 4 bytes little-endian; `""` hashes to 0.
///
/// Rust `str`s cannot hold lone surrogates; a VM that represents such Python strings some other
/// way can hash them with [`hash_code_points`].
pub fn hash_str(s: &str) -> i64 {
    if s.is_ascii() {
        // ASCII is its own Latin-1/PEP 393 form: hash the UTF-8 bytes directly.
        return hash_bytes(s.as_bytes());
    }
    hash_code_points(s.chars().map(u32::from))
}

/// Like [`hash_str`], for a string given as code points (which may include lone surrogates, as
/// Python strings can). The iterator is walked twice: once for the widest code point, which fixes
/// the PEP 393 width, then to feed the hash.
pub fn hash_code_points<I>(code_points: I) -> i64
where
    I: IntoIterator<Item = u32>,
    I::IntoIter: Clone,
{
    let iter = code_points.into_iter();
    let max = iter.clone().max();
    let Some(max) = max else {
        return 0;
    };
    let mut h = Sip13::new(KEY0, KEY1);
    if max < 0x100 {
        for c in iter {
            h.push(c as u8);
        }
    } else if max < 0x1_0000 {
        for c in iter {
            for b in (c as u16).to_le_bytes() {
                h.push(b);
            }
        }
    } else {
        for c in iter {
            for b in c.to_le_bytes() {
                h.push(b);
            }
        }
    }
    to_py_hash(h.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeding the same message whole, byte by byte, or in two uneven pieces must give the same
    /// digest, across every tail length and the word boundaries.
    #[test]
    fn streaming_matches_one_shot() {
        let data: Vec<u8> = (0u8..=255).collect();
        for n in 0..data.len() {
            let mut a = Sip13::new(1, 2);
            a.write(&data[..n]);
            let mut b = Sip13::new(1, 2);
            for &x in &data[..n] {
                b.push(x);
            }
            let mut c = Sip13::new(1, 2);
            let (x, y) = data[..n].split_at(n / 3);
            c.write(x);
            c.write(y);
            let (a, b, c) = (a.finish(), b.finish(), c.finish());
            assert_eq!(a, b, "len {n}");
            assert_eq!(a, c, "len {n}");
        }
    }

    #[test]
    fn known_cpython_values() {
        // PYTHONHASHSEED=0 python3 -c 'print(hash("a"), hash("abc"), hash(b"abc"))'
        assert_eq!(hash_str(""), 0);
        assert_eq!(hash_bytes(b""), 0);
        assert_eq!(hash_str("a"), 4644417185603328019);
        assert_eq!(hash_str("abc"), -4594863902769663758);
        assert_eq!(hash_bytes(b"abc"), -4594863902769663758);
        assert_eq!(hash_str("é"), 6047309291227476195);
        assert_eq!(hash_str("€"), -5529981157763016009);
        assert_eq!(hash_str("😀"), -3536540696076613844);
    }

    #[test]
    fn code_points_agree_with_str() {
        for s in ["", "abc", "héllo", "日本語", "a😀b", "\u{ff}\u{100}"] {
            assert_eq!(
                hash_code_points(s.chars().map(u32::from)),
                hash_str(s),
                "{s:?}"
            );
        }
    }
}
