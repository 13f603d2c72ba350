//! The match-finding half of the encoder: a 64 KiB sliding window read in the steps the real
//! programs read a file, hash chains of 3-byte strings, greedy matching at levels 1-3 and lazy
//! matching at 4-9, with the shared parameter table.
//!
//! Decisions that look incidental are kept because they change the output: the window slides
//! by 32 KiB only when fewer than 262 bytes are left ahead; position 0 is never a match
//! candidate; a 3-byte match more than 4096 bytes back is ignored in lazy mode; the bytes a
//! search may read past the input's end are the window's leftovers (see [`Profile`]).

use super::trees::Trees;
use super::{Deflated, Profile};

const WSIZE: usize = 0x8000;
const WMASK: usize = WSIZE - 1;
const WINDOW_SIZE: usize = 2 * WSIZE;
/// Bytes past the window's end that gzip may hash (and, at the end of input, clear) when the
/// input ends within its last bytes; they never take part in a match.
const SLACK: usize = 8;
const HASH_BITS: u32 = 15;
const HASH_SIZE: usize = 1 << HASH_BITS;
const HASH_MASK: usize = HASH_SIZE - 1;
const H_SHIFT: u32 = 5;
const MIN_MATCH: usize = 3;
const MAX_MATCH: usize = 258;
const MIN_LOOKAHEAD: usize = MAX_MATCH + MIN_MATCH + 1;
const MAX_DIST: usize = WSIZE - MIN_LOOKAHEAD;
const TOO_FAR: usize = 4096;
/// Bytes of input the `--rsyncable` rolling sum covers (a power of two below `MAX_DIST`).
pub const RSYNC_WIN: usize = 4096;
const NIL: usize = 0;

/// Bytes of window and hash tables one compression holds.
pub const MEMORY: u64 = (WINDOW_SIZE + SLACK + 2 * WSIZE + 2 * HASH_SIZE) as u64;

/// The per-level parameters: (good_length, max_lazy, nice_length, max_chain).
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

/// The sliding window's buffer. gzip keeps one buffer for the whole run and never clears it
/// between files, and its search can read the bytes past a file's end, so a caller
/// compressing several files in one gzip run passes the same `Window` to each.
pub struct Window {
    bytes: Vec<u8>,
}

impl Window {
    pub fn new() -> Window {
        Window {
            bytes: vec![0; WINDOW_SIZE + SLACK],
        }
    }
}

impl Default for Window {
    fn default() -> Window {
        Window::new()
    }
}

/// Compresses `input` at `level` (1-9) as `profile`'s program does, in `window`. `charge` is
/// called with the number of input bytes read into the window at each step and may stop the
/// work.
pub fn deflate<E>(
    input: &[u8],
    level: u32,
    profile: Profile,
    window: &mut Window,
    charge: impl FnMut(usize) -> Result<(), E>,
) -> Result<Deflated, E> {
    deflate_with(input, level, profile, false, window, charge)
}

/// [`deflate`], optionally as `gzip --rsyncable`: a block also ends (padded to a byte
/// boundary) after each position where the sum of the last [`RSYNC_WIN`] input bytes is a
/// multiple of it, so a local change to the input changes the output only locally.
pub fn deflate_with<E>(
    input: &[u8],
    level: u32,
    profile: Profile,
    rsyncable: bool,
    window: &mut Window,
    charge: impl FnMut(usize) -> Result<(), E>,
) -> Result<Deflated, E> {
    let level = level.clamp(1, 9);
    let (good, lazy, nice, chain) = CONFIG[level as usize];
    let zip = profile == Profile::Zip;
    let mut m = Matcher {
        input,
        read: 0,
        charge,
        window: &mut window.bytes,
        prev: vec![0; WSIZE].into_boxed_slice().try_into().expect("WSIZE"),
        head: vec![0; HASH_SIZE]
            .into_boxed_slice()
            .try_into()
            .expect("HASH_SIZE"),
        ins_h: 0,
        strstart: 0,
        block_start: 0,
        lookahead: 0,
        match_start: 0,
        prev_length: 0,
        eofile: false,
        rsync: rsyncable,
        rsync_sum: 0,
        rsync_chunk_end: None,
        zip,
        good_match: good,
        max_lazy: lazy,
        nice_match: nice,
        max_chain: chain,
        trees: Trees::new(level, zip, super::bound(input.len())),
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
    window: &'a mut Vec<u8>,
    prev: Box<[u16; WSIZE]>,
    head: Box<[u16; HASH_SIZE]>,
    ins_h: usize,
    strstart: usize,
    /// Window offset where the current block starts; negative once it has slid out.
    block_start: i64,
    lookahead: usize,
    match_start: usize,
    prev_length: usize,
    eofile: bool,
    /// `--rsyncable`: cut blocks where the rolling sum says so.
    rsync: bool,
    /// Sum of the last [`RSYNC_WIN`] bytes before the rolled position (fewer at the start).
    rsync_sum: u64,
    /// Window offset of the first boundary not yet cut, if one has been seen.
    rsync_chunk_end: Option<usize>,
    /// zip's rules rather than gzip's (see [`Profile`]).
    zip: bool,
    good_match: usize,
    max_lazy: usize,
    nice_match: usize,
    max_chain: usize,
    trees: Trees,
}

/// How many bytes `a` and `b` (of equal length) have in common at their start, compared
/// eight at a time.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let mut n = 0;
    let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
    let (ra, rb) = (ca.remainder(), cb.remainder());
    for (x, y) in ca.zip(cb) {
        let x = u64::from_le_bytes(x.try_into().expect("8 bytes"));
        let y = u64::from_le_bytes(y.try_into().expect("8 bytes"));
        let d = x ^ y;
        if d != 0 {
            return n + (d.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + ra.iter().zip(rb).take_while(|(x, y)| x == y).count()
}

impl<C, E> Matcher<'_, C>
where
    C: FnMut(usize) -> Result<(), E>,
{
    /// Reads up to `size` more input bytes into the window at `at`.
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
    #[inline(always)]
    fn insert_string(&mut self, s: usize) -> usize {
        let h = Self::update_hash(self.ins_h, self.window[s + MIN_MATCH - 1]);
        self.ins_h = h;
        let head = self.head[h & HASH_MASK];
        self.prev[s & WMASK] = head;
        self.head[h & HASH_MASK] = s as u16;
        head as usize
    }

    fn init(&mut self) -> Result<(), E> {
        // Both read 64 KiB at first, then refill as the window slides.
        self.lookahead = self.read_buf(0, 2 * WSIZE)?;
        if self.lookahead == 0 {
            self.eofile = true;
            return Ok(());
        }
        self.refill()?;
        self.ins_h = 0;
        for j in 0..MIN_MATCH - 1 {
            self.ins_h = Self::update_hash(self.ins_h, self.window[j]);
        }
        Ok(())
    }

    /// Keeps at least [`MIN_LOOKAHEAD`] bytes ahead while input lasts. zip keeps sliding the
    /// window after the input's end; gzip stops calling its fill step then.
    fn refill(&mut self) -> Result<(), E> {
        if self.lookahead >= MIN_LOOKAHEAD {
            return Ok(());
        }
        if self.zip {
            loop {
                self.fill_window()?;
                if self.lookahead >= MIN_LOOKAHEAD || self.eofile {
                    return Ok(());
                }
            }
        }
        while self.lookahead < MIN_LOOKAHEAD && !self.eofile {
            self.fill_window()?;
        }
        Ok(())
    }

    /// One fill step: slides the window by 32 KiB when the position is deep in its upper
    /// half, then reads what fits (nothing once the input is exhausted).
    fn fill_window(&mut self) -> Result<(), E> {
        let mut more = WINDOW_SIZE - self.lookahead - self.strstart;
        if self.strstart >= WSIZE + MAX_DIST {
            self.window.copy_within(WSIZE..2 * WSIZE, 0);
            self.match_start = self.match_start.wrapping_sub(WSIZE);
            self.strstart -= WSIZE;
            self.block_start -= WSIZE as i64;
            if let Some(end) = &mut self.rsync_chunk_end {
                *end = end.wrapping_sub(WSIZE);
            }
            let slide = |h: &mut u16| *h = h.saturating_sub(WSIZE as u16);
            self.head.iter_mut().for_each(slide);
            self.prev.iter_mut().for_each(slide);
            more += WSIZE;
        }
        if self.eofile {
            return Ok(());
        }
        let at = self.strstart + self.lookahead;
        let n = self.read_buf(at, more)?;
        if n == 0 {
            self.eofile = true;
            if !self.zip {
                // gzip clears the two bytes after the input so the last strings hash alike
                // from run to run; the search may still read the leftovers past them.
                self.window[at..at + MIN_MATCH - 1].fill(0);
            }
        } else {
            self.lookahead += n;
        }
        Ok(())
    }

    /// Whether the string at `strstart` may be searched from `hash_head`. gzip, whose window
    /// no longer slides after the end of input, skips positions too close to the window's
    /// end (for zip that test always holds). A stale `hash_head` (zip does not hash the last
    /// strings) can lie past a slid position: the wrapping distance is then too far.
    fn searchable(&self, hash_head: usize) -> bool {
        hash_head != NIL
            && self.strstart.wrapping_sub(hash_head) <= MAX_DIST
            && self.strstart <= WINDOW_SIZE - MIN_LOOKAHEAD
    }

    /// The longest match at `strstart` along the chain from `cur_match`, longer than
    /// `prev_length`; sets `match_start`.
    fn longest_match(&mut self, mut cur_match: usize) -> usize {
        let mut chain = self.max_chain;
        let scan = self.strstart;
        let mut best_len = self.prev_length;
        let limit = scan.saturating_sub(MAX_DIST);
        if self.prev_length >= self.good_match {
            chain >>= 2;
        }
        let nice = self.nice_match;
        let w = &self.window[..];
        let s = &w[scan..scan + MAX_MATCH + 1];
        let prev = &*self.prev;
        loop {
            let m = &w[cur_match..cur_match + MAX_MATCH + 1];
            // Only a candidate that agrees at both ends of the best match so far can beat
            // it; the third byte is implied by the equal hash, and is not compared.
            if m[best_len] == s[best_len]
                && m[best_len - 1] == s[best_len - 1]
                && m[0] == s[0]
                && m[1] == s[1]
            {
                let len = 3 + common_prefix(&s[3..MAX_MATCH], &m[3..MAX_MATCH]);
                if len > best_len {
                    self.match_start = cur_match;
                    best_len = len;
                    if len >= nice {
                        break;
                    }
                }
            }
            cur_match = prev[cur_match & WMASK] as usize;
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

    /// Ends the block at `strstart`; `pad` (an rsyncable cut) then byte-aligns the output
    /// with an empty stored block.
    fn flush(&mut self, pad: bool, eof: bool) {
        let stored_len = (self.strstart as i64 - self.block_start) as u64;
        let block = (self.block_start >= 0).then(|| {
            let s = self.block_start as usize;
            &self.window[s..s + stored_len as usize]
        });
        self.trees.flush_block(block, stored_len, pad, eof);
    }

    /// Adds the `n` bytes at window offset `start` to the rolling sum, dropping those that
    /// leave it, and remembers the first offset whose window sum is a multiple of
    /// [`RSYNC_WIN`]. Offsets are the window's, so only the first window fill has a partial
    /// sum (the window never slides before offset `RSYNC_WIN`).
    fn rsync_roll(&mut self, start: usize, n: usize) {
        if !self.rsync {
            return;
        }
        for i in start..start + n {
            self.rsync_sum = self.rsync_sum.wrapping_add(self.window[i] as u64);
            if i < RSYNC_WIN {
                continue;
            }
            self.rsync_sum = self
                .rsync_sum
                .wrapping_sub(self.window[i - RSYNC_WIN] as u64);
            if self.rsync_chunk_end.is_none() && self.rsync_sum & (RSYNC_WIN as u64 - 1) == 0 {
                self.rsync_chunk_end = Some(i);
            }
        }
    }

    /// Whether `strstart` has passed the boundary seen last (which is then consumed): the
    /// block must end here.
    fn rsync_cut(&mut self) -> bool {
        match self.rsync_chunk_end {
            Some(end) if self.rsync && self.strstart > end => {
                self.rsync_chunk_end = None;
                true
            }
            _ => false,
        }
    }

    fn tally(&mut self, dist: usize, lc: usize) -> bool {
        let in_length = self.strstart as i64 - self.block_start;
        self.trees.tally(dist, lc, in_length)
    }

    /// Whether the string at `strstart` is hashed: always in gzip, only while it lies within
    /// the input in zip.
    fn hashes_here(&self) -> bool {
        !self.zip || self.lookahead >= MIN_MATCH
    }

    /// Levels 1-3: take each match found, inserting its strings only when it is short.
    fn deflate_fast(&mut self) -> Result<(), E> {
        let mut hash_head = NIL;
        let mut match_length = 0;
        self.prev_length = MIN_MATCH - 1;
        while self.lookahead != 0 {
            if self.hashes_here() {
                hash_head = self.insert_string(self.strstart);
            }
            if self.searchable(hash_head) {
                if self.zip {
                    self.nice_match = self.nice_match.min(self.lookahead);
                }
                match_length = self.longest_match(hash_head).min(self.lookahead);
            }
            let flush;
            if match_length >= MIN_MATCH {
                flush = self.tally(
                    self.strstart.wrapping_sub(self.match_start),
                    match_length - MIN_MATCH,
                );
                self.lookahead -= match_length;
                self.rsync_roll(self.strstart, match_length);
                if match_length <= self.max_lazy && self.hashes_here() {
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
                self.rsync_roll(self.strstart, 1);
                self.lookahead -= 1;
                self.strstart += 1;
            }
            let cut = self.rsync_cut();
            if flush || cut {
                self.flush(cut, false);
                self.block_start = self.strstart as i64;
            }
            self.refill()?;
        }
        self.flush(false, true);
        Ok(())
    }

    /// Levels 4-9: a match is kept only if the next position does not start a longer one.
    fn deflate_lazy(&mut self) -> Result<(), E> {
        let mut hash_head = NIL;
        let mut match_available = false;
        let mut match_length = MIN_MATCH - 1;
        while self.lookahead != 0 {
            if self.hashes_here() {
                hash_head = self.insert_string(self.strstart);
            }
            self.prev_length = match_length;
            let prev_match = self.match_start;
            match_length = MIN_MATCH - 1;
            if self.prev_length < self.max_lazy && self.searchable(hash_head) {
                if self.zip {
                    self.nice_match = self.nice_match.min(self.lookahead);
                }
                match_length = self.longest_match(hash_head).min(self.lookahead);
                if match_length == MIN_MATCH
                    && self.strstart.wrapping_sub(self.match_start) > TOO_FAR
                {
                    match_length = MIN_MATCH - 1;
                }
            }
            if self.prev_length >= MIN_MATCH && match_length <= self.prev_length {
                // zip hashes no string that runs past the input's end; gzip hashes them all.
                let max_insert = if self.zip {
                    self.strstart + self.lookahead - MIN_MATCH
                } else {
                    usize::MAX
                };
                let flush = self.tally(
                    self.strstart.wrapping_sub(1).wrapping_sub(prev_match),
                    self.prev_length - MIN_MATCH,
                );
                self.lookahead -= self.prev_length - 1;
                self.rsync_roll(self.strstart, self.prev_length - 1);
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
                let cut = self.rsync_cut();
                if flush || cut {
                    self.flush(cut, false);
                    self.block_start = self.strstart as i64;
                }
            } else if match_available {
                let c = self.window[self.strstart - 1] as usize;
                let flush = self.tally(0, c);
                let cut = self.rsync_cut();
                if flush || cut {
                    self.flush(cut, false);
                    self.block_start = self.strstart as i64;
                }
                self.rsync_roll(self.strstart, 1);
                self.strstart += 1;
                self.lookahead -= 1;
            } else {
                // Nothing is pending, so a cut due here can be made before deciding.
                if self.rsync_cut() {
                    self.flush(true, false);
                    self.block_start = self.strstart as i64;
                }
                match_available = true;
                self.rsync_roll(self.strstart, 1);
                self.strstart += 1;
                self.lookahead -= 1;
            }
            self.refill()?;
        }
        if match_available {
            let c = self.window[self.strstart - 1] as usize;
            self.tally(0, c);
        }
        self.flush(false, true);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(data: &[u8], level: u32, profile: Profile) -> Deflated {
        deflate::<()>(data, level, profile, &mut Window::new(), |_| Ok(())).unwrap()
    }

    #[test]
    fn common_prefix_counts_whole_and_partial_words() {
        let a: Vec<u8> = (0..255u8).collect();
        let mut b = a.clone();
        assert_eq!(common_prefix(&a, &b), 255);
        for at in [0, 7, 8, 9, 63, 247, 248, 254] {
            b[at] ^= 0x80;
            assert_eq!(common_prefix(&a, &b), at, "mismatch at {at}");
            b[at] ^= 0x80;
        }
    }

    #[test]
    fn gzip_never_stores_a_member_zip_does() {
        let zip = run(b"hello\n", 6, Profile::Zip);
        let gzip = run(b"hello\n", 6, Profile::Gzip);
        assert!(zip.stored && zip.data == b"hello\n");
        assert!(!gzip.stored);
        let mut out = Vec::with_capacity(16);
        flate2::Decompress::new(false)
            .decompress_vec(&gzip.data, &mut out, flate2::FlushDecompress::Finish)
            .unwrap();
        assert_eq!(out, b"hello\n");
    }

    #[test]
    fn profiles_differ_only_near_the_end_of_input() {
        // 98,204 bytes end 100 bytes before the window's end after one slide: gzip leaves
        // those last positions unsearched, zip slides once more and searches them.
        let mut x = 1u64;
        let mut data = Vec::new();
        while data.len() < 98_204 {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let word: &[u8] = [&b"alpha "[..], b"beta ", b"gamma\n", b"delta "][(x >> 62) as usize];
            data.extend_from_slice(word);
        }
        data.truncate(98_204);
        let (z, g) = (run(&data, 6, Profile::Zip), run(&data, 6, Profile::Gzip));
        assert!(!z.stored && !g.stored);
        assert_ne!(z.data, g.data);
        let short: Vec<u8> = data[..50_000].to_vec();
        // A shorter input whose end the search never reaches past: both agree.
        let (z, g) = (run(&short, 6, Profile::Zip), run(&short, 6, Profile::Gzip));
        assert_eq!(z.data.len(), g.data.len());
    }
}
