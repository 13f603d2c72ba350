//! Differential test of the encoder against GNU gzip 1.12: `tests/gzip/record.py` generated
//! inputs from (kind, size, seed), ran the real `gzip -c -LEVEL f0 f1 ...` on them and kept
//! the output's length and SHA-256. Here the same generators rebuild the inputs and the
//! compressor must produce the same bytes (headers, every block, trailers).

use super::codec;
use crate::commands::deflate::Window;
use sha2::{Digest, Sha256};

const T0: u32 = 1_700_000_000;
const CASES: &str = include_str!("../../../tests/gzip/cases.jsonl");
const WORDS: [&[u8]; 48] = [
    b"the",
    b"of",
    b"and",
    b"a",
    b"to",
    b"in",
    b"is",
    b"you",
    b"that",
    b"it",
    b"he",
    b"was",
    b"for",
    b"on",
    b"are",
    b"as",
    b"with",
    b"his",
    b"they",
    b"I",
    b"at",
    b"be",
    b"this",
    b"have",
    b"from",
    b"or",
    b"one",
    b"had",
    b"by",
    b"word",
    b"but",
    b"not",
    b"what",
    b"all",
    b"were",
    b"we",
    b"when",
    b"your",
    b"can",
    b"said",
    b"there",
    b"compression",
    b"window",
    b"deflate",
    b"1234",
    b"2025-01-01",
    b"ERROR",
    b"INFO",
];

/// `record.py`'s "probe" input: it ends in "XYZ" with two earlier "XYZ\0\0" candidates, and
/// which one the search picks depends on the window's bytes past the end.
pub(super) const PROBE: &[u8] = b"abXYZ\0\0XXXXXXXXXXcdXYZ\0\0\0\0\0\0\0\0\0\0efXYZ";

/// The recorder's 64-bit LCG; `next` gives the top 32 bits.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(1))
    }
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 32
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// `record.py`'s `generate`, byte for byte.
fn generate(kind: &str, size: usize, seed: u64) -> Vec<u8> {
    let mut r = Rng::new(seed);
    let mut out = Vec::new();
    match kind {
        "text" => {
            while out.len() < size {
                let n = 4 + r.below(12);
                for i in 0..n {
                    if i > 0 {
                        out.push(b' ');
                    }
                    out.extend_from_slice(WORDS[r.below(WORDS.len() as u64) as usize]);
                }
                out.push(b'\n');
            }
        }
        "seq" => {
            let mut i = 1u64;
            while out.len() < size {
                out.extend_from_slice(format!("{i}\n").as_bytes());
                i += 1;
            }
        }
        "random" => {
            while out.len() < size {
                out.push((r.next() >> 24) as u8);
            }
        }
        "runs" => {
            while out.len() < size {
                let b = b"ab\x00\xff"[r.below(4) as usize];
                let n = 1 + if r.below(8) == 0 {
                    r.below(5000)
                } else {
                    r.below(300)
                };
                out.extend(std::iter::repeat_n(b, n as usize));
            }
        }
        "binary" => {
            let mut i = 0u64;
            while out.len() < size {
                out.extend_from_slice(&(i as u32).to_le_bytes());
                out.extend_from_slice(&(i.wrapping_mul(i) as u16).to_le_bytes());
                let a = r.below(4) as u8;
                let b = (r.below(256) & 0x0f) as u8;
                out.extend_from_slice(&[a, b]);
                out.extend_from_slice(b"TAG");
                out.push((i % 7) as u8);
                i += 1;
            }
        }
        "repeat" => {
            let block: Vec<u8> = (0..1000).map(|_| (r.next() >> 24) as u8).collect();
            while out.len() < size {
                out.extend_from_slice(&block);
                let at = out.len() - 1 - r.below(1000) as usize;
                out[at] ^= 1;
            }
        }
        "zeros" => out = vec![0; size],
        "mixed" => {
            while out.len() < size {
                if r.below(2) != 0 {
                    let seed = r.next();
                    out.extend(generate("text", 10000, seed));
                } else {
                    let n = 3000 + r.below(7000) as usize;
                    let seed = r.next();
                    out.extend(generate("random", n, seed));
                }
            }
        }
        "tails" => {
            while out.len() < size {
                let n = 40 + r.below(30) as usize;
                out.extend(std::iter::repeat_n(b'X', n));
                out.extend_from_slice(b"\0\0");
            }
            out.truncate(size - 60);
            out.extend_from_slice(&[b'X'; 60]);
        }
        "const" => out = vec![b'X'; size],
        "probe" => out = PROBE.to_vec(),
        _ => panic!("unknown generator {kind}"),
    }
    out.truncate(size);
    out
}

#[test]
fn generators_match_the_recorder() {
    // Spot values computed by record.py's generate().
    assert_eq!(generate("seq", 10, 0), b"1\n2\n3\n4\n5\n");
    assert_eq!(generate("text", 0, 0), b"");
    assert_eq!(generate("tails", 100, 1).len(), 100);
}

#[test]
fn compressed_bytes_are_gnu_gzips() {
    let mut failed = Vec::new();
    let mut total = 0;
    for line in CASES.lines() {
        let case: serde_json::Value = serde_json::from_str(line).expect("case line");
        let level = case["level"].as_u64().expect("level") as u32;
        let rsyncable = case["rsyncable"].as_bool().unwrap_or(false);
        let mut window = Window::new();
        let mut out = Vec::new();
        for (i, f) in case["files"].as_array().expect("files").iter().enumerate() {
            let kind = f[0].as_str().expect("kind");
            let size = f[1].as_u64().expect("size") as usize;
            let seed = f[2].as_u64().expect("seed");
            let data = generate(kind, size, seed);
            let name = format!("f{i}");
            let z = codec::compress::<()>(
                &data,
                Some(name.as_bytes()),
                T0,
                level,
                rsyncable,
                &mut window,
                |_| Ok(()),
            )
            .expect("compress");
            assert_eq!(codec::decompress_all(&z).expect("round trip"), data);
            out.extend(z);
        }
        let sha: String = Sha256::digest(&out)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        total += 1;
        if out.len() as u64 != case["len"].as_u64().expect("len") || sha != case["sha256"] {
            failed.push(format!(
                "{} -{level}{}: {} bytes, gzip {}",
                case["files"],
                if rsyncable { " --rsyncable" } else { "" },
                out.len(),
                case["len"]
            ));
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {total} differ:\n{}",
        failed.len(),
        failed.join("\n")
    );
}
