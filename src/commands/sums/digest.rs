//! The checksum algorithms `cksum -a` selects, and the one-algorithm commands use: the three
//! legacy sums (System V, BSD, POSIX CRC), which print a number and a size, and the digests
//! (MD5, SHA-1, SHA-2, BLAKE2b, SM3), which print hexadecimal.

use blake2::digest::{Update as _, VariableOutput as _};
use sha2::Digest as _;

/// An algorithm, in the order of GNU's `--algorithm` argument list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algo {
    Bsd,
    Sysv,
    Crc,
    Md5,
    Sha1,
    Sha224,
    Sha256,
    Sha384,
    Sha512,
    Blake2b,
    Sm3,
}

/// Every algorithm with its `--algorithm` argument and its tag in BSD-style lines.
pub const ALGORITHMS: [(Algo, &str, &str); 11] = [
    (Algo::Bsd, "bsd", "BSD"),
    (Algo::Sysv, "sysv", "SYSV"),
    (Algo::Crc, "crc", "CRC"),
    (Algo::Md5, "md5", "MD5"),
    (Algo::Sha1, "sha1", "SHA1"),
    (Algo::Sha224, "sha224", "SHA224"),
    (Algo::Sha256, "sha256", "SHA256"),
    (Algo::Sha384, "sha384", "SHA384"),
    (Algo::Sha512, "sha512", "SHA512"),
    (Algo::Blake2b, "blake2b", "BLAKE2b"),
    (Algo::Sm3, "sm3", "SM3"),
];

/// BLAKE2b's longest digest, in bits (also its default).
pub const BLAKE2B_MAX_BITS: usize = 512;

impl Algo {
    /// The name that starts a BSD-style (tagged) line, without a BLAKE2b length.
    pub fn tag(self) -> &'static str {
        ALGORITHMS.iter().find(|e| e.0 == self).map_or("", |e| e.2)
    }

    /// The tag as written on an output line: BLAKE2b names a length other than 512.
    pub fn tag_with_bits(self, bits: usize) -> String {
        if self == Algo::Blake2b && bits != BLAKE2B_MAX_BITS {
            format!("BLAKE2b-{bits}")
        } else {
            self.tag().to_string()
        }
    }

    /// The three old sums print a number and a size rather than a hexadecimal digest, and
    /// `--check` does not read them.
    pub fn is_legacy(self) -> bool {
        matches!(self, Algo::Sysv | Algo::Bsd | Algo::Crc)
    }

    /// The digest's length in bits (BLAKE2b's default; `-l` may shorten it).
    pub fn bits(self) -> usize {
        match self {
            Algo::Sysv | Algo::Bsd => 16,
            Algo::Crc => 32,
            Algo::Md5 => 128,
            Algo::Sha1 => 160,
            Algo::Sha224 => 224,
            Algo::Sha256 | Algo::Sm3 => 256,
            Algo::Sha384 => 384,
            Algo::Sha512 | Algo::Blake2b => 512,
        }
    }

    /// The algorithm whose tag is exactly `tag`.
    pub fn from_tag(tag: &[u8]) -> Option<Algo> {
        ALGORITHMS
            .iter()
            .find(|e| e.2.as_bytes() == tag)
            .map(|e| e.0)
    }
}

/// What a finished [`Hasher`] reports.
#[derive(Debug, PartialEq, Eq)]
pub enum Sum {
    /// A digest as lowercase hexadecimal.
    Hex(String),
    /// A legacy checksum and the number of bytes read.
    Legacy { checksum: u32, bytes: u64 },
}

impl Sum {
    /// The legacy line's numbers as GNU prints them: the CRC with the byte count, the BSD sum
    /// zero-padded with 1 KiB blocks in a width of 5, the System V sum with 512-byte blocks.
    pub fn legacy_text(algo: Algo, checksum: u32, bytes: u64) -> String {
        match algo {
            Algo::Bsd => format!("{checksum:05} {:>5}", bytes.div_ceil(1024)),
            Algo::Sysv => format!("{checksum} {}", bytes.div_ceil(512)),
            _ => format!("{checksum} {bytes}"),
        }
    }
}

/// A running checksum of any [`Algo`].
pub enum Hasher {
    Sysv { sum: u64, bytes: u64 },
    Bsd { sum: u16, bytes: u64 },
    Crc(Crc),
    Md5(md5::Md5),
    Sha1(sha1::Sha1),
    Sha224(sha2::Sha224),
    Sha256(sha2::Sha256),
    Sha384(sha2::Sha384),
    Sha512(sha2::Sha512),
    Blake2b(Box<blake2::Blake2bVar>),
    Sm3(sm3::Sm3),
}

impl Hasher {
    /// A hasher; `bits` matters only for BLAKE2b and must be a multiple of 8 up to 512
    /// (callers validate it).
    pub fn new(algo: Algo, bits: usize) -> Hasher {
        match algo {
            Algo::Sysv => Hasher::Sysv { sum: 0, bytes: 0 },
            Algo::Bsd => Hasher::Bsd { sum: 0, bytes: 0 },
            Algo::Crc => Hasher::Crc(Crc::new()),
            Algo::Md5 => Hasher::Md5(md5::Md5::new()),
            Algo::Sha1 => Hasher::Sha1(sha1::Sha1::new()),
            Algo::Sha224 => Hasher::Sha224(sha2::Sha224::new()),
            Algo::Sha256 => Hasher::Sha256(sha2::Sha256::new()),
            Algo::Sha384 => Hasher::Sha384(sha2::Sha384::new()),
            Algo::Sha512 => Hasher::Sha512(sha2::Sha512::new()),
            Algo::Blake2b => Hasher::Blake2b(Box::new(
                blake2::Blake2bVar::new(bits.clamp(8, BLAKE2B_MAX_BITS) / 8)
                    .expect("1..=64 bytes is a valid BLAKE2b length"),
            )),
            Algo::Sm3 => Hasher::Sm3(sm3::Sm3::new()),
        }
    }

    pub fn update(&mut self, d: &[u8]) {
        match self {
            Hasher::Sysv { sum, bytes } => {
                *sum = d.iter().fold(*sum, |s, &b| s.wrapping_add(u64::from(b)));
                *bytes += d.len() as u64;
            }
            Hasher::Bsd { sum, bytes } => {
                for &b in d {
                    *sum = sum.rotate_right(1).wrapping_add(u16::from(b));
                }
                *bytes += d.len() as u64;
            }
            Hasher::Crc(c) => c.update(d),
            Hasher::Md5(h) => sha2::Digest::update(h, d),
            Hasher::Sha1(h) => sha2::Digest::update(h, d),
            Hasher::Sha224(h) => sha2::Digest::update(h, d),
            Hasher::Sha256(h) => sha2::Digest::update(h, d),
            Hasher::Sha384(h) => sha2::Digest::update(h, d),
            Hasher::Sha512(h) => sha2::Digest::update(h, d),
            Hasher::Blake2b(h) => h.update(d),
            Hasher::Sm3(h) => sha2::Digest::update(h, d),
        }
    }

    pub fn finish(self) -> Sum {
        let bytes: Vec<u8> = match self {
            Hasher::Sysv { sum, bytes } => {
                // The System V sum folds the byte total into 16 bits twice.
                let r = (sum & 0xffff) + ((sum & 0xffff_ffff) >> 16);
                let checksum = ((r & 0xffff) + (r >> 16)) as u32;
                return Sum::Legacy { checksum, bytes };
            }
            Hasher::Bsd { sum, bytes } => {
                return Sum::Legacy {
                    checksum: u32::from(sum),
                    bytes,
                }
            }
            Hasher::Crc(c) => {
                let (checksum, bytes) = c.finish();
                return Sum::Legacy { checksum, bytes };
            }
            Hasher::Md5(h) => h.finalize().to_vec(),
            Hasher::Sha1(h) => h.finalize().to_vec(),
            Hasher::Sha224(h) => h.finalize().to_vec(),
            Hasher::Sha256(h) => h.finalize().to_vec(),
            Hasher::Sha384(h) => h.finalize().to_vec(),
            Hasher::Sha512(h) => h.finalize().to_vec(),
            Hasher::Blake2b(h) => {
                let mut out = vec![0u8; h.output_size()];
                h.finalize_variable(&mut out).expect("sized buffer");
                out
            }
            Hasher::Sm3(h) => h.finalize().to_vec(),
        };
        Sum::Hex(bytes.iter().map(|b| format!("{b:02x}")).collect())
    }
}

/// The POSIX `cksum` CRC: polynomial 0x04C11DB7, most significant bit first, with the
/// input's length appended in as few bytes as hold it, and the result inverted.
pub struct Crc {
    crc: u32,
    len: u64,
}

/// The CRC's byte table, built at compile time.
const CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = (i as u32) << 24;
        let mut bit = 0;
        while bit < 8 {
            c = if c & 0x8000_0000 != 0 {
                (c << 1) ^ 0x04c1_1db7
            } else {
                c << 1
            };
            bit += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
};

impl Crc {
    fn new() -> Crc {
        Crc { crc: 0, len: 0 }
    }

    fn step(&mut self, b: u8) {
        self.crc = (self.crc << 8) ^ CRC_TABLE[((self.crc >> 24) as u8 ^ b) as usize];
    }

    fn update(&mut self, d: &[u8]) {
        for &b in d {
            self.step(b);
        }
        self.len += d.len() as u64;
    }

    fn finish(mut self) -> (u32, u64) {
        let mut n = self.len;
        while n > 0 {
            self.step((n & 0xff) as u8);
            n >>= 8;
        }
        (!self.crc, self.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(algo: Algo, bits: usize, data: &[u8]) -> Sum {
        let mut h = Hasher::new(algo, bits);
        // Split updates must equal one update.
        let (a, b) = data.split_at(data.len() / 2);
        h.update(a);
        h.update(b);
        h.finish()
    }

    fn legacy(algo: Algo, data: &[u8]) -> String {
        match sum(algo, 0, data) {
            Sum::Legacy { checksum, bytes } => Sum::legacy_text(algo, checksum, bytes),
            Sum::Hex(h) => panic!("{algo:?} gave hex {h}"),
        }
    }

    #[test]
    fn legacy_sums_match_gnu() {
        // Values printed by GNU coreutils 9.1 for "hello\n", the empty input and 3000 NULs.
        assert_eq!(legacy(Algo::Crc, b"hello\n"), "3015617425 6");
        assert_eq!(legacy(Algo::Crc, b""), "4294967295 0");
        assert_eq!(legacy(Algo::Bsd, b"hello\n"), "36979     1");
        assert_eq!(legacy(Algo::Bsd, b""), "00000     0");
        assert_eq!(legacy(Algo::Sysv, b"hello\n"), "542 1");
        assert_eq!(legacy(Algo::Sysv, &[0u8; 3000]), "0 6");
        assert_eq!(legacy(Algo::Bsd, &[0u8; 3000]), "00000     3");
    }

    #[test]
    fn digests_match_gnu() {
        let hex = |algo, bits| match sum(algo, bits, b"hello\n") {
            Sum::Hex(h) => h,
            Sum::Legacy { .. } => panic!("legacy"),
        };
        assert_eq!(hex(Algo::Md5, 128), "b1946ac92492d2347c6235b4d2611184");
        assert_eq!(
            hex(Algo::Sm3, 256),
            "f7a87a195b0cc0052b9d598482212ceb07e4ea60e8d139a5dfeff36c24abf2b3"
        );
        assert_eq!(
            hex(Algo::Blake2b, 256),
            "93becc6e9882211c3ec3708c95bcd69baab7bb59c7f4bc84ce637b88a534b783"
        );
        assert_eq!(hex(Algo::Blake2b, 8), "27");
    }

    #[test]
    fn tags_and_names() {
        assert_eq!(Algo::from_tag(b"BLAKE2b"), Some(Algo::Blake2b));
        assert_eq!(Algo::from_tag(b"blake2b"), None);
        assert_eq!(Algo::Blake2b.tag_with_bits(256), "BLAKE2b-256");
        assert_eq!(Algo::Blake2b.tag_with_bits(512), "BLAKE2b");
        assert!(Algo::Crc.is_legacy() && !Algo::Md5.is_legacy());
    }
}
