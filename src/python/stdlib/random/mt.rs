//! The Mersenne Twister MT19937 (Matsumoto and Nishimura, 1998), written from the published
//! algorithm, with the seeding CPython's `random` uses: `init_by_array` over the 32-bit
//! chunks of the seed, least significant first. Same seed, same stream, bit for bit.

pub const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER: u32 = 0x8000_0000;
const LOWER: u32 = 0x7fff_ffff;

#[derive(Clone)]
pub struct Mt {
    pub state: [u32; N],
    /// The next word of `state` to hand out; `N` means the block must be regenerated.
    pub index: usize,
}

impl Default for Mt {
    fn default() -> Mt {
        let mut m = Mt {
            state: [0; N],
            index: N,
        };
        m.init_by_array(&[0]);
        m
    }
}

impl Mt {
    fn init_genrand(&mut self, s: u32) {
        self.state[0] = s;
        for i in 1..N {
            let p = self.state[i - 1];
            self.state[i] = 1_812_433_253u32
                .wrapping_mul(p ^ (p >> 30))
                .wrapping_add(i as u32);
        }
        self.index = N;
    }

    /// Seeds from `key` (at least one word; CPython passes `[0]` for a zero seed).
    pub fn init_by_array(&mut self, key: &[u32]) {
        self.init_genrand(19_650_218);
        let (mut i, mut j) = (1usize, 0usize);
        let len = key.len().max(1);
        for _ in 0..N.max(len) {
            let p = self.state[i - 1];
            self.state[i] = (self.state[i] ^ (p ^ (p >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(*key.get(j).unwrap_or(&0))
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                self.state[0] = self.state[N - 1];
                i = 1;
            }
            if j >= len {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let p = self.state[i - 1];
            self.state[i] = (self.state[i] ^ (p ^ (p >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                self.state[0] = self.state[N - 1];
                i = 1;
            }
        }
        self.state[0] = 0x8000_0000;
        self.index = N;
    }

    fn twist(&mut self) {
        let mag = |y: u32| if y & 1 == 1 { MATRIX_A } else { 0 };
        for k in 0..N {
            let y = (self.state[k] & UPPER) | (self.state[(k + 1) % N] & LOWER);
            self.state[k] = self.state[(k + M) % N] ^ (y >> 1) ^ mag(y);
        }
        self.index = 0;
    }

    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.twist();
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// A float in [0, 1) with 53 random bits, built from two words as CPython builds it.
    pub fn random(&mut self) -> f64 {
        let a = (self.next_u32() >> 5) as f64;
        let b = (self.next_u32() >> 6) as f64;
        (a * 67_108_864.0 + b) * (1.0 / 9_007_199_254_740_992.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_output_of_the_authors_test_vector() {
        // mt19937ar.c's test: init_by_array({0x123, 0x234, 0x345, 0x456}).
        let mut m = Mt::default();
        m.init_by_array(&[0x123, 0x234, 0x345, 0x456]);
        let first: Vec<u32> = (0..5).map(|_| m.next_u32()).collect();
        assert_eq!(
            first,
            [1067595299, 955945823, 477289528, 4107218783, 4228976476]
        );
    }

    #[test]
    fn seed_42_matches_cpython() {
        let mut m = Mt::default();
        m.init_by_array(&[42]);
        assert_eq!(m.random(), 0.6394267984578837);
    }
}
