//! The match-finding half of Info-ZIP zip 3.0's DEFLATE encoder (the gzip algorithm by
//! Jean-loup Gailly): a 64 KiB sliding window read in the same steps zip reads a file, hash
//! chains of 3-byte strings, greedy matching at levels 1-3 and lazy matching at 4-9, with
//! zip's parameter table. Matching the encoder, not just the format, is what makes the
//! ratios `zip` prints and the sizes `unzip -v` prints equal to zip's.
//!
//! Decisions that look incidental are kept because they change the output: the window slides
//! by 32 KiB only when fewer than 262 bytes are left ahead; position 0 is never a match
//! candidate; a 3-byte match more than 4096 bytes back is ignored in lazy mode; the search
//! never looks past the input's end (zip's "deterministic" variant).

use super::trees::Trees;

const WSIZE: usize = 0x8000;
const WMASK: usize = WSIZE - 1;
const WINDOW_SIZE: usize = 2 * WSIZE;
const HASH_BITS: u32 = 15;
const HASH_SIZE: usize = 1 << HASH_BITS;
const HASH_MASK: usize = HASH_SIZE - 1;
const H_SHIFT: u32 = 5;
const MIN_MATCH: usize = 3;
const MAX_MATCH: usize = 258;
const MIN_LOOKAHEAD: usize = MAX_MATCH + MIN_MATCH + 1;
const MAX_DIST: usize = WSIZE - MIN_LOOKAHEAD;
const TOO_FAR: usize = 4096;
const NIL: usize = 0;

/// Bytes of window and hash tables one compression holds (for the caller's reservation).
pub const MEMORY: u64 = (WINDOW_SIZE + 2 * WSIZE + 2 * HASH_SIZE) as u64 + Trees::MEMORY;

/// zip's per-level parameters: (good_length, max_lazy, nice_length, max_chain).
const CONFIG: [(usize, usize, usize, usize); 10] = [
    (0, 0, 0, 0),
    (4, 4, 8, 4),
    (4, 5, 16, 8),
    (4, 6, 32, 32),
    (4, 4, 16, 16),
    (8, 16, 32, 32),
    (8, 16, 128, 128),
    (8, 32, 128, 256),
    (32, 128, 258, 1024),
    (32, 258, 258, 4096),
];

/// A compressed member.
pub struct Deflated {
    /// The member's data: a DEFLATE stream, or the input itself when `stored`.
    pub data: Vec<u8>,
    /// The input did not shrink, so zip stores it instead (method 0).
    pub stored: bool,
    /// zip's text/binary guess (the internal file attribute).
    pub text: bool,
}

/// The DEFLATE general-purpose flag bits zip sets for a level (bit 2 "fast" at 1-2, bit 1
/// "maximum" at 8-9), kept even when the member ends up stored.
pub fn level_flags(level: u32) -> u16 {
    match level {
        1 | 2 => 4,
        8 | 9 => 2,
        _ => 0,
    }
}

/// Upper bound of [`deflate`]'s output for `n` input bytes (stored blocks plus slack).
pub fn bound(n: usize) -> usize {
    n + n / 16_000 * 5 + 1024
}

/// Compresses `input` as zip 3.0 does at `level` (1-9). `charge` is called with the number
/// of input bytes read into the window at each step and may stop the work.
pub fn deflate<E>(
    input: &[u8],
    level: u32,
    charge: impl FnMut(usize) -> Result<(), E>,
) -> Result<Deflated, E> {
    let (good, lazy, nice, chain) = CONFIG[level.clamp(1, 9) as usize];
    let mut m = Matcher {
        input,
        read: 0,
        charge,
        window: vec![0; WINDOW_SIZE],
        prev: vec![0; WSIZE],
        head: vec![0; HASH_SIZE],
        ins_h: 0,
        strstart: 0,
        block_start: 0,
        lookahead: 0,
        match_start: 0,
        prev_length: 0,
        eofile: false,
        good_match: good,
        max_lazy: lazy,
        nice_match: nice,
        max_chain: chain,
        trees: Trees::new(level, bound(input.len())),
    };
    m.init()?;
    if level <= 3 {
        m.deflate_fast()?;
    } else {
        m.deflate_lazy()?;
    }
    let t = m.trees;
    Ok(Deflated {
        data: t.bits.out,
        stored: t.stored,
        text: t.text.unwrap_or(false),
    })
}

struct Matcher<'a, C> {
    input: &'a [u8],
    /// Input bytes read into the window so far.
    read: usize,
    charge: C,
    window: Vec<u8>,
    prev: Vec<u16>,
    head: Vec<u16>,
    ins_h: usize,
    strstart: usize,
    /// Window offset where the current block starts; negative once it has slid out.
    block_start: i64,
    lookahead: usize,
    match_start: usize,
    prev_length: usize,
    eofile: bool,
    good_match: usize,
    max_lazy: usize,
    nice_match: usize,
    max_chain: usize,
    trees: Trees,
}

impl<C, E> Matcher<'_, C>
where
    C: FnMut(usize) -> Result<(), E>,
{
    /// zip's `read_buf`: up to `size` more input bytes into the window at `at`.
    fn read_buf(&mut self, at: usize, size: usize) -> Result<usize, E> {
        let n = size.min(self.input.len() - self.read);
        self.window[at..at + n].copy_from_slice(&self.input[self.read..self.read + n]);
        self.read += n;
        if n > 0 {
            (self.charge)(n)?;
        }
        Ok(n)
    }

    fn update_hash(h: usize, c: u8) -> usize {
        ((h << H_SHIFT) ^ c as usize) & HASH_MASK
    }

    /// Inserts the string at `s` into the hash chains; returns the previous chain head.
    fn insert_string(&mut self, s: usize) -> usize {
        self.ins_h = Self::update_hash(self.ins_h, self.window[s + MIN_MATCH - 1]);
        let head = self.head[self.ins_h] as usize;
        self.prev[s & WMASK] = head as u16;
        self.head[self.ins_h] = s as u16;
        head
    }

    fn init(&mut self) -> Result<(), E> {
        // zip reads 64 KiB at first, then refills as the window slides.
        self.lookahead = self.read_buf(0, 2 * WSIZE)?;
        if self.lookahead == 0 {
            self.eofile = true;
            return Ok(());
        }
        if self.lookahead < MIN_LOOKAHEAD {
            self.fill_window()?;
        }
        self.ins_h = 0;
        for j in 0..MIN_MATCH - 1 {
            self.ins_h = Self::update_hash(self.ins_h, self.window[j]);
        }
        Ok(())
    }

    fn fill_window(&mut self) -> Result<(), E> {
        loop {
            let mut more = WINDOW_SIZE - self.lookahead - self.strstart;
            if self.strstart >= WSIZE + MAX_DIST {
                self.window.copy_within(WSIZE..2 * WSIZE, 0);
                self.match_start = self.match_start.wrapping_sub(WSIZE);
                self.strstart -= WSIZE;
                self.block_start -= WSIZE as i64;
                for h in self.head.iter_mut().chain(self.prev.iter_mut()) {
                    *h = if *h as usize >= WSIZE {
                        *h - WSIZE as u16
                    } else {
                        NIL as u16
                    };
                }
                more += WSIZE;
            }
            if self.eofile {
                return Ok(());
            }
            let n = self.read_buf(self.strstart + self.lookahead, more)?;
            if n == 0 {
                self.eofile = true;
            } else {
                self.lookahead += n;
            }
            if self.lookahead >= MIN_LOOKAHEAD || self.eofile {
                return Ok(());
            }
        }
    }

    /// The longest match at `strstart` along the chain from `cur_match`, longer than
    /// `prev_length`; sets `match_start`.
    fn longest_match(&mut self, mut cur_match: usize) -> usize {
        let mut chain = self.max_chain;
        let scan = self.strstart;
        let mut best_len = self.prev_length;
        let limit = if self.strstart > MAX_DIST {
            self.strstart - MAX_DIST
        } else {
            NIL
        };
        if self.prev_length >= self.good_match {
            chain >>= 2;
        }
        let w = &self.window;
        loop {
            let m = cur_match;
            // Only a candidate that agrees at both ends of the best match so far can beat
            // it; the third byte is implied by the equal hash.
            if w[m + best_len] == w[scan + best_len]
                && w[m + best_len - 1] == w[scan + best_len - 1]
                && w[m] == w[scan]
                && w[m + 1] == w[scan + 1]
            {
                let mut len = 3;
                while len < MAX_MATCH && w[scan + len] == w[m + len] {
                    len += 1;
                }
                if len > best_len {
                    self.match_start = cur_match;
                    best_len = len;
                    if len >= self.nice_match {
                        break;
                    }
                }
            }
            cur_match = self.prev[cur_match & WMASK] as usize;
            if cur_match <= limit {
                break;
            }
            chain -= 1;
            if chain == 0 {
                break;
            }
        }
        best_len
    }

    fn flush(&mut self, eof: bool) {
        let stored_len = (self.strstart as i64 - self.block_start) as u64;
        let block = (self.block_start >= 0).then(|| {
            let s = self.block_start as usize;
            &self.window[s..s + stored_len as usize]
        });
        self.trees.flush_block(block, stored_len, eof);
    }

    fn tally(&mut self, dist: usize, lc: usize) -> bool {
        let in_length = self.strstart as i64 - self.block_start;
        self.trees.tally(dist, lc, in_length)
    }

    /// Levels 1-3: take each match found, inserting its strings only when it is short.
    fn deflate_fast(&mut self) -> Result<(), E> {
        let mut hash_head = NIL;
        let mut match_length = 0;
        self.prev_length = MIN_MATCH - 1;
        while self.lookahead != 0 {
            if self.lookahead >= MIN_MATCH {
                hash_head = self.insert_string(self.strstart);
            }
            if hash_head != NIL && self.strstart.wrapping_sub(hash_head) <= MAX_DIST {
                self.nice_match = self.nice_match.min(self.lookahead);
                match_length = self.longest_match(hash_head).min(self.lookahead);
            }
            let flush;
            if match_length >= MIN_MATCH {
                flush = self.tally(
                    self.strstart.wrapping_sub(self.match_start),
                    match_length - MIN_MATCH,
                );
                self.lookahead -= match_length;
                if match_length <= self.max_lazy && self.lookahead >= MIN_MATCH {
                    match_length -= 1;
                    while match_length != 0 {
                        self.strstart += 1;
                        hash_head = self.insert_string(self.strstart);
                        match_length -= 1;
                    }
                    self.strstart += 1;
                } else {
                    self.strstart += match_length;
                    match_length = 0;
                    self.ins_h = self.window[self.strstart] as usize;
                    self.ins_h = Self::update_hash(self.ins_h, self.window[self.strstart + 1]);
                }
            } else {
                let c = self.window[self.strstart] as usize;
                flush = self.tally(0, c);
                self.lookahead -= 1;
                self.strstart += 1;
            }
            if flush {
                self.flush(false);
                self.block_start = self.strstart as i64;
            }
            if self.lookahead < MIN_LOOKAHEAD {
                self.fill_window()?;
            }
        }
        self.flush(true);
        Ok(())
    }

    /// Levels 4-9: a match is kept only if the next position does not start a longer one.
    fn deflate_lazy(&mut self) -> Result<(), E> {
        let mut hash_head = NIL;
        let mut match_available = false;
        let mut match_length = MIN_MATCH - 1;
        while self.lookahead != 0 {
            if self.lookahead >= MIN_MATCH {
                hash_head = self.insert_string(self.strstart);
            }
            self.prev_length = match_length;
            let prev_match = self.match_start;
            match_length = MIN_MATCH - 1;
            if hash_head != NIL
                && self.prev_length < self.max_lazy
                && self.strstart.wrapping_sub(hash_head) <= MAX_DIST
            {
                self.nice_match = self.nice_match.min(self.lookahead);
                match_length = self.longest_match(hash_head).min(self.lookahead);
                if match_length == MIN_MATCH
                    && self.strstart.wrapping_sub(self.match_start) > TOO_FAR
                {
                    match_length = MIN_MATCH - 1;
                }
            }
            if self.prev_length >= MIN_MATCH && match_length <= self.prev_length {
                let max_insert = self.strstart + self.lookahead - MIN_MATCH;
                let flush = self.tally(
                    self.strstart.wrapping_sub(1).wrapping_sub(prev_match),
                    self.prev_length - MIN_MATCH,
                );
                self.lookahead -= self.prev_length - 1;
                let mut left = self.prev_length - 2;
                while left != 0 {
                    self.strstart += 1;
                    if self.strstart <= max_insert {
                        hash_head = self.insert_string(self.strstart);
                    }
                    left -= 1;
                }
                self.strstart += 1;
                match_available = false;
                match_length = MIN_MATCH - 1;
                if flush {
                    self.flush(false);
                    self.block_start = self.strstart as i64;
                }
            } else if match_available {
                let c = self.window[self.strstart - 1] as usize;
                if self.tally(0, c) {
                    self.flush(false);
                    self.block_start = self.strstart as i64;
                }
                self.strstart += 1;
                self.lookahead -= 1;
            } else {
                match_available = true;
                self.strstart += 1;
                self.lookahead -= 1;
            }
            if self.lookahead < MIN_LOOKAHEAD {
                self.fill_window()?;
            }
        }
        if match_available {
            let c = self.window[self.strstart - 1] as usize;
            self.tally(0, c);
        }
        self.flush(true);
        Ok(())
    }
}
