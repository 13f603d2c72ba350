//! The block half of the encoder: symbol buffering, Huffman tree construction, the
//! stored/static/dynamic block choice and bit output.
//!
//! `zip` prints the compression ratio of every member ("adding: f (deflated 53%)"), `unzip
//! -v` and `gzip -l` print compressed sizes, and scripts hash `gzip -c` output, so the encoder
//! must make exactly the real programs' choices: the same 32 Ki-symbol buffers, the same early
//! block cut after every 4096 symbols at levels 3 and up, the same heap tie-breaking when
//! building trees, the same bit-length overflow repair, and (zip only) the rule that a
//! first-and-last block which does not shrink turns the whole member into a stored one. This
//! is an independent Rust implementation of that published algorithm (RFC 1951 plus the
//! choices above); `matcher.rs` feeds it symbols.

/// Longest code, in bits.
const MAX_BITS: usize = 15;
/// Longest code of the bit-length alphabet.
const MAX_BL_BITS: usize = 7;
const LENGTH_CODES: usize = 29;
const LITERALS: usize = 256;
const END_BLOCK: usize = 256;
/// Literal/length alphabet size, END_BLOCK included.
const L_CODES: usize = LITERALS + 1 + LENGTH_CODES;
const D_CODES: usize = 30;
const BL_CODES: usize = 19;
/// Room for every leaf and internal node of the largest tree.
const HEAP_SIZE: usize = 2 * L_CODES + 1;
/// Symbols buffered per block (zip's LIT_BUFSIZE without SMALL_MEM/MEDIUM_MEM).
const LIT_BUFSIZE: usize = 0x8000;
const DIST_BUFSIZE: usize = LIT_BUFSIZE;

const STORED_BLOCK: u32 = 0;
const STATIC_TREES: u32 = 1;
const DYN_TREES: u32 = 2;

const REP_3_6: usize = 16;
const REPZ_3_10: usize = 17;
const REPZ_11_138: usize = 18;

const EXTRA_LBITS: [u8; LENGTH_CODES] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const EXTRA_DBITS: [u8; D_CODES] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
const EXTRA_BLBITS: [u8; BL_CODES] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 7];
/// Order in which bit-length code lengths are sent (most probable first).
const BL_ORDER: [usize; BL_CODES] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// One tree node: its frequency, code, parent and code length.
#[derive(Clone, Copy, Default)]
struct Node {
    freq: u32,
    code: u16,
    dad: u16,
    len: u16,
}

/// Which of the three dynamic trees an operation works on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Which {
    Lit,
    Dist,
    BitLen,
}

/// LSB-first bit output (the DEFLATE bit order).
#[derive(Default)]
pub struct Bits {
    pub out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl Bits {
    fn send(&mut self, value: u32, len: u32) {
        self.acc |= (value as u64) << self.n;
        self.n += len;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }

    /// Pads to a byte boundary with zero bits.
    fn windup(&mut self) {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
        self.acc = 0;
        self.n = 0;
    }
}

fn bi_reverse(mut code: u32, len: usize) -> u16 {
    let mut res = 0u32;
    for _ in 0..len {
        res = (res << 1) | (code & 1);
        code >>= 1;
    }
    res as u16
}

/// The block encoder's state for one member.
pub struct Trees {
    ltree: Vec<Node>,
    dtree: Vec<Node>,
    bltree: Vec<Node>,
    static_ltree: Vec<Node>,
    static_dtree: Vec<Node>,
    l_max_code: usize,
    d_max_code: usize,
    bl_count: [u16; MAX_BITS + 1],
    heap: Vec<usize>,
    heap_len: usize,
    heap_max: usize,
    depth: Vec<u8>,
    length_code: [u8; 256],
    dist_code: [u8; 512],
    base_length: [u32; LENGTH_CODES],
    base_dist: [u32; D_CODES],
    l_buf: Vec<u8>,
    d_buf: Vec<u16>,
    flag_buf: Vec<u8>,
    last_lit: usize,
    last_dist: usize,
    last_flags: usize,
    flags: u8,
    flag_bit: u8,
    /// Bit lengths of the current block with dynamic and with static trees. Signed: building
    /// a tree first subtracts the cost of the dummy nodes it adds, then adds them back.
    opt_len: i64,
    static_len: i64,
    /// Whether any block has been written (zip only stores a whole member from its first).
    emitted: bool,
    /// A member whose only block does not shrink is stored whole (zip; gzip cannot).
    store_whole: bool,
    level: u32,
    /// Text (`Some(true)`) or binary, decided from the first block's literals.
    pub text: Option<bool>,
    /// The member became a stored one (its first and only block did not shrink).
    pub stored: bool,
    pub bits: Bits,
}

impl Trees {
    pub fn new(level: u32, store_whole: bool, capacity: usize) -> Trees {
        let mut t = Trees {
            ltree: vec![Node::default(); HEAP_SIZE],
            dtree: vec![Node::default(); 2 * D_CODES + 1],
            bltree: vec![Node::default(); 2 * BL_CODES + 1],
            static_ltree: vec![Node::default(); L_CODES + 2],
            static_dtree: vec![Node::default(); D_CODES],
            l_max_code: 0,
            d_max_code: 0,
            bl_count: [0; MAX_BITS + 1],
            heap: vec![0; 2 * L_CODES + 1],
            heap_len: 0,
            heap_max: 0,
            depth: vec![0; 2 * L_CODES + 1],
            length_code: [0; 256],
            dist_code: [0; 512],
            base_length: [0; LENGTH_CODES],
            base_dist: [0; D_CODES],
            l_buf: vec![0; LIT_BUFSIZE],
            d_buf: vec![0; DIST_BUFSIZE],
            flag_buf: vec![0; LIT_BUFSIZE / 8],
            last_lit: 0,
            last_dist: 0,
            last_flags: 0,
            flags: 0,
            flag_bit: 1,
            opt_len: 0,
            static_len: 0,
            emitted: false,
            store_whole,
            level,
            text: None,
            stored: false,
            bits: Bits {
                out: Vec::with_capacity(capacity),
                ..Bits::default()
            },
        };
        t.init_tables();
        t.init_block();
        t
    }

    /// Scaled bytes this state holds, for the caller's memory reservation.
    pub const MEMORY: u64 = (HEAP_SIZE * 12 + LIT_BUFSIZE * 3 + LIT_BUFSIZE / 8 + 8192) as u64;

    fn init_tables(&mut self) {
        let mut length = 0usize;
        let mut code = 0usize;
        while code < LENGTH_CODES - 1 {
            self.base_length[code] = length as u32;
            for _ in 0..(1usize << EXTRA_LBITS[code]) {
                self.length_code[length] = code as u8;
                length += 1;
            }
            code += 1;
        }
        // Match length 258 has two encodings (code 284 + 31, or code 285); use 285.
        self.length_code[length - 1] = code as u8;

        let mut dist = 0usize;
        code = 0;
        while code < 16 {
            self.base_dist[code] = dist as u32;
            for _ in 0..(1usize << EXTRA_DBITS[code]) {
                self.dist_code[dist] = code as u8;
                dist += 1;
            }
            code += 1;
        }
        dist >>= 7; // From here on distances are divided by 128.
        while code < D_CODES {
            self.base_dist[code] = (dist << 7) as u32;
            for _ in 0..(1usize << (EXTRA_DBITS[code] - 7)) {
                self.dist_code[256 + dist] = code as u8;
                dist += 1;
            }
            code += 1;
        }

        self.bl_count = [0; MAX_BITS + 1];
        for (n, node) in self.static_ltree.iter_mut().enumerate() {
            node.len = match n {
                0..=143 => 8,
                144..=255 => 9,
                256..=279 => 7,
                _ => 8,
            };
            self.bl_count[node.len as usize] += 1;
        }
        // Codes 286 and 287 do not exist but complete the canonical static tree.
        let bl_count = self.bl_count;
        gen_codes(&mut self.static_ltree, L_CODES + 1, &bl_count);
        for (n, node) in self.static_dtree.iter_mut().enumerate() {
            node.len = 5;
            node.code = bi_reverse(n as u32, 5);
        }
    }

    fn init_block(&mut self) {
        for n in &mut self.ltree[..L_CODES] {
            n.freq = 0;
        }
        for n in &mut self.dtree[..D_CODES] {
            n.freq = 0;
        }
        for n in &mut self.bltree[..BL_CODES] {
            n.freq = 0;
        }
        self.ltree[END_BLOCK].freq = 1;
        self.opt_len = 0;
        self.static_len = 0;
        self.last_lit = 0;
        self.last_dist = 0;
        self.last_flags = 0;
        self.flags = 0;
        self.flag_bit = 1;
    }

    fn d_code(&self, dist: usize) -> usize {
        if dist < 256 {
            self.dist_code[dist] as usize
        } else {
            self.dist_code[256 + (dist >> 7)] as usize
        }
    }

    /// Records a literal (`dist` 0, `lc` the byte) or a match (`dist` its distance, `lc` its
    /// length minus 3). `in_length` is how many input bytes the current block covers so far.
    /// Returns whether the block should be flushed now.
    pub fn tally(&mut self, dist: usize, lc: usize, in_length: i64) -> bool {
        self.l_buf[self.last_lit] = lc as u8;
        self.last_lit += 1;
        if dist == 0 {
            self.ltree[lc].freq += 1;
        } else {
            let dist = dist - 1;
            self.ltree[self.length_code[lc] as usize + LITERALS + 1].freq += 1;
            let dc = self.d_code(dist);
            self.dtree[dc].freq += 1;
            self.d_buf[self.last_dist] = dist as u16;
            self.last_dist += 1;
            self.flags |= self.flag_bit;
        }
        self.flag_bit = self.flag_bit.wrapping_shl(1);
        if self.last_lit & 7 == 0 {
            self.flag_buf[self.last_flags] = self.flags;
            self.last_flags += 1;
            self.flags = 0;
            self.flag_bit = 1;
        }
        // Every 4096 symbols, cut the block early if it already compresses well (an upper
        // bound of its compressed size is under half its input).
        if self.level > 2 && self.last_lit & 0xfff == 0 {
            let mut out_length = self.last_lit as i64 * 8;
            for (d, node) in self.dtree[..D_CODES].iter().enumerate() {
                out_length += node.freq as i64 * (5 + EXTRA_DBITS[d] as i64);
            }
            out_length >>= 3;
            if self.last_dist < self.last_lit / 2 && out_length < in_length / 2 {
                return true;
            }
        }
        self.last_lit == LIT_BUFSIZE - 1 || self.last_dist == DIST_BUFSIZE
    }

    fn tree(&mut self, w: Which) -> &mut Vec<Node> {
        match w {
            Which::Lit => &mut self.ltree,
            Which::Dist => &mut self.dtree,
            Which::BitLen => &mut self.bltree,
        }
    }

    /// Whether node `n` sorts before node `m`: lower frequency, then lower depth.
    fn smaller(&self, tree: &[Node], n: usize, m: usize) -> bool {
        tree[n].freq < tree[m].freq
            || (tree[n].freq == tree[m].freq && self.depth[n] <= self.depth[m])
    }

    fn pqdownheap(&mut self, tree: &[Node], mut k: usize) {
        let v = self.heap[k];
        let mut j = k << 1;
        while j <= self.heap_len {
            if j < self.heap_len && self.smaller(tree, self.heap[j + 1], self.heap[j]) {
                j += 1;
            }
            if self.smaller(tree, v, self.heap[j]) {
                break;
            }
            self.heap[k] = self.heap[j];
            k = j;
            j <<= 1;
        }
        self.heap[k] = v;
    }

    /// Builds one Huffman tree from its frequencies, sets lengths and codes, and adds the
    /// block's cost with this tree (and with the static tree, for literals and distances).
    fn build_tree(&mut self, w: Which) {
        let (elems, max_length, extra, base): (usize, usize, &[u8], usize) = match w {
            Which::Lit => (L_CODES, MAX_BITS, &EXTRA_LBITS, LITERALS + 1),
            Which::Dist => (D_CODES, MAX_BITS, &EXTRA_DBITS, 0),
            Which::BitLen => (BL_CODES, MAX_BL_BITS, &EXTRA_BLBITS, 0),
        };
        let mut tree = std::mem::take(self.tree(w));
        let stree: Option<Vec<Node>> = match w {
            Which::Lit => Some(self.static_ltree.clone()),
            Which::Dist => Some(self.static_dtree.clone()),
            Which::BitLen => None,
        };
        let mut max_code: isize = -1;
        self.heap_len = 0;
        self.heap_max = HEAP_SIZE;
        for (n, node) in tree.iter_mut().enumerate().take(elems) {
            if node.freq != 0 {
                self.heap_len += 1;
                self.heap[self.heap_len] = n;
                max_code = n as isize;
                self.depth[n] = 0;
            } else {
                node.len = 0;
            }
        }
        // The format needs at least one distance code, and a tree of one code needs a second
        // to send a bit: force two codes of non-zero frequency.
        while self.heap_len < 2 {
            let new = if max_code < 2 {
                max_code += 1;
                max_code as usize
            } else {
                0
            };
            self.heap_len += 1;
            self.heap[self.heap_len] = new;
            tree[new].freq = 1;
            self.depth[new] = 0;
            self.opt_len -= 1;
            if let Some(s) = &stree {
                self.static_len -= s[new].len as i64;
            }
        }
        let max_code = max_code as usize;
        match w {
            Which::Lit => self.l_max_code = max_code,
            Which::Dist => self.d_max_code = max_code,
            Which::BitLen => {}
        }
        for n in (1..=self.heap_len / 2).rev() {
            self.pqdownheap(&tree, n);
        }
        let mut node = elems;
        loop {
            let n = self.heap[1];
            self.heap[1] = self.heap[self.heap_len];
            self.heap_len -= 1;
            self.pqdownheap(&tree, 1);
            let m = self.heap[1];
            self.heap_max -= 1;
            self.heap[self.heap_max] = n;
            self.heap_max -= 1;
            self.heap[self.heap_max] = m;
            tree[node].freq = tree[n].freq + tree[m].freq;
            self.depth[node] = self.depth[n].max(self.depth[m]) + 1;
            tree[n].dad = node as u16;
            tree[m].dad = node as u16;
            self.heap[1] = node;
            node += 1;
            self.pqdownheap(&tree, 1);
            if self.heap_len < 2 {
                break;
            }
        }
        self.heap_max -= 1;
        self.heap[self.heap_max] = self.heap[1];
        self.gen_bitlen(
            &mut tree,
            max_code,
            max_length,
            extra,
            base,
            stree.as_deref(),
        );
        let bl_count = self.bl_count;
        gen_codes(&mut tree, max_code, &bl_count);
        *self.tree(w) = tree;
    }

    /// Code lengths from the tree shape, limited to `max_length` bits; counts the block cost.
    fn gen_bitlen(
        &mut self,
        tree: &mut [Node],
        max_code: usize,
        max_length: usize,
        extra: &[u8],
        base: usize,
        stree: Option<&[Node]>,
    ) {
        self.bl_count = [0; MAX_BITS + 1];
        tree[self.heap[self.heap_max]].len = 0;
        let mut overflow = 0i32;
        let mut h = self.heap_max + 1;
        while h < HEAP_SIZE {
            let n = self.heap[h];
            let mut bits = tree[tree[n].dad as usize].len as usize + 1;
            if bits > max_length {
                bits = max_length;
                overflow += 1;
            }
            tree[n].len = bits as u16;
            h += 1;
            if n > max_code {
                continue; // Not a leaf.
            }
            self.bl_count[bits] += 1;
            let xbits = if n >= base { extra[n - base] as i64 } else { 0 };
            let f = tree[n].freq as i64;
            self.opt_len += f * (bits as i64 + xbits);
            if let Some(s) = stree {
                self.static_len += f * (s[n].len as i64 + xbits);
            }
        }
        if overflow == 0 {
            return;
        }
        // Move leaves down from the deepest non-full level until the overflow is absorbed,
        // then reassign lengths in frequency order.
        loop {
            let mut bits = max_length - 1;
            while self.bl_count[bits] == 0 {
                bits -= 1;
            }
            self.bl_count[bits] -= 1;
            self.bl_count[bits + 1] += 2;
            self.bl_count[max_length] -= 1;
            overflow -= 2;
            if overflow <= 0 {
                break;
            }
        }
        let mut h = HEAP_SIZE;
        for bits in (1..=max_length).rev() {
            let mut n = self.bl_count[bits] as usize;
            while n != 0 {
                h -= 1;
                let m = self.heap[h];
                if m > max_code {
                    continue;
                }
                if tree[m].len as usize != bits {
                    self.opt_len += (bits as i64 - tree[m].len as i64) * tree[m].freq as i64;
                    tree[m].len = bits as u16;
                }
                n -= 1;
            }
        }
    }

    /// Counts, in the bit-length tree, the run-length codes needed to send `w`'s lengths.
    fn scan_tree(&mut self, w: Which, max_code: usize) {
        let mut tree = std::mem::take(self.tree(w));
        let mut prevlen: i32 = -1;
        let mut nextlen = tree[0].len as i32;
        let mut count = 0;
        let (mut max_count, mut min_count) = run_limits(-1, nextlen);
        tree[max_code + 1].len = 0xffff; // Guard.
        for n in 0..=max_code {
            let curlen = nextlen;
            nextlen = tree[n + 1].len as i32;
            count += 1;
            if count < max_count && curlen == nextlen {
                continue;
            } else if count < min_count {
                self.bltree[curlen as usize].freq += count;
            } else if curlen != 0 {
                if curlen != prevlen {
                    self.bltree[curlen as usize].freq += 1;
                }
                self.bltree[REP_3_6].freq += 1;
            } else if count <= 10 {
                self.bltree[REPZ_3_10].freq += 1;
            } else {
                self.bltree[REPZ_11_138].freq += 1;
            }
            count = 0;
            prevlen = curlen;
            (max_count, min_count) = run_limits(curlen, nextlen);
        }
        *self.tree(w) = tree;
    }

    fn send_code(&mut self, c: usize, w: Option<Which>) {
        let node = match w {
            Some(Which::Lit) => self.ltree[c],
            Some(Which::Dist) => self.dtree[c],
            Some(Which::BitLen) => self.bltree[c],
            None => unreachable!("static codes are sent by send_static"),
        };
        self.bits.send(node.code as u32, node.len as u32);
    }

    /// Sends `w`'s code lengths run-length coded with the bit-length tree.
    fn send_tree(&mut self, w: Which, max_code: usize) {
        let lens: Vec<i32> = self.tree(w)[..=max_code + 1]
            .iter()
            .map(|n| n.len as i32)
            .collect();
        let mut prevlen: i32 = -1;
        let mut nextlen = lens[0];
        let mut count: u32 = 0;
        let (mut max_count, mut min_count) = run_limits(-1, nextlen);
        for n in 0..=max_code {
            let curlen = nextlen;
            nextlen = lens[n + 1];
            count += 1;
            if count < max_count && curlen == nextlen {
                continue;
            } else if count < min_count {
                for _ in 0..count {
                    self.send_code(curlen as usize, Some(Which::BitLen));
                }
            } else if curlen != 0 {
                if curlen != prevlen {
                    self.send_code(curlen as usize, Some(Which::BitLen));
                    count -= 1;
                }
                self.send_code(REP_3_6, Some(Which::BitLen));
                self.bits.send(count - 3, 2);
            } else if count <= 10 {
                self.send_code(REPZ_3_10, Some(Which::BitLen));
                self.bits.send(count - 3, 3);
            } else {
                self.send_code(REPZ_11_138, Some(Which::BitLen));
                self.bits.send(count - 11, 7);
            }
            count = 0;
            prevlen = curlen;
            (max_count, min_count) = run_limits(curlen, nextlen);
        }
    }

    /// Builds the bit-length tree; returns the index in [`BL_ORDER`] of the last code to send.
    fn build_bl_tree(&mut self) -> usize {
        self.scan_tree(Which::Lit, self.l_max_code);
        self.scan_tree(Which::Dist, self.d_max_code);
        self.build_tree(Which::BitLen);
        // At least 4 bit-length codes are always sent.
        let mut max_blindex = BL_CODES - 1;
        while max_blindex >= 3 {
            if self.bltree[BL_ORDER[max_blindex]].len != 0 {
                break;
            }
            max_blindex -= 1;
        }
        self.opt_len += 3 * (max_blindex as i64 + 1) + 5 + 5 + 4;
        max_blindex
    }

    fn send_all_trees(&mut self, lcodes: usize, dcodes: usize, blcodes: usize) {
        self.bits.send(lcodes as u32 - 257, 5);
        self.bits.send(dcodes as u32 - 1, 5);
        self.bits.send(blcodes as u32 - 4, 4);
        for &o in &BL_ORDER[..blcodes] {
            let len = self.bltree[o].len as u32;
            self.bits.send(len, 3);
        }
        self.send_tree(Which::Lit, lcodes - 1);
        self.send_tree(Which::Dist, dcodes - 1);
    }

    /// Sends the buffered symbols with the dynamic (`dynamic`) or static trees.
    fn compress_block(&mut self, dynamic: bool) {
        let (lt, dt) = if dynamic {
            (
                std::mem::take(&mut self.ltree),
                std::mem::take(&mut self.dtree),
            )
        } else {
            (self.static_ltree.clone(), self.static_dtree.clone())
        };
        let mut dx = 0;
        let mut fx = 0;
        let mut flag = 0u8;
        for lx in 0..self.last_lit {
            if lx & 7 == 0 {
                flag = self.flag_buf[fx];
                fx += 1;
            }
            let lc = self.l_buf[lx] as usize;
            if flag & 1 == 0 {
                self.bits.send(lt[lc].code as u32, lt[lc].len as u32);
            } else {
                let code = self.length_code[lc] as usize;
                let c = code + LITERALS + 1;
                self.bits.send(lt[c].code as u32, lt[c].len as u32);
                let extra = EXTRA_LBITS[code] as u32;
                if extra != 0 {
                    self.bits.send(lc as u32 - self.base_length[code], extra);
                }
                let dist = self.d_buf[dx] as usize;
                dx += 1;
                let code = self.d_code(dist);
                self.bits.send(dt[code].code as u32, dt[code].len as u32);
                let extra = EXTRA_DBITS[code] as u32;
                if extra != 0 {
                    self.bits.send(dist as u32 - self.base_dist[code], extra);
                }
            }
            flag >>= 1;
        }
        self.bits
            .send(lt[END_BLOCK].code as u32, lt[END_BLOCK].len as u32);
        if dynamic {
            self.ltree = lt;
            self.dtree = dt;
        }
    }

    /// zip's text test: no "black-listed" control bytes (0-6, 14-25, 28-31) and at least one
    /// printable or TAB/LF/CR byte.
    fn set_file_type(&mut self) {
        let mut mask: u32 = 0xf3ff_c07f;
        for n in 0..=31 {
            if mask & 1 != 0 && self.ltree[n].freq != 0 {
                self.text = Some(false);
                return;
            }
            mask >>= 1;
        }
        let white = [9, 10, 13].iter().any(|&n| self.ltree[n].freq != 0)
            || self.ltree[32..LITERALS].iter().any(|n| n.freq != 0);
        self.text = Some(white);
    }

    /// Ends the current block: `block` is its input (None when it has slid out of the
    /// window, which rules out a stored block), `stored_len` its length, `eof` whether it is
    /// the member's last block, `pad` whether to byte-align the output after a block that is
    /// not the last.
    pub fn flush_block(&mut self, block: Option<&[u8]>, stored_len: u64, pad: bool, eof: bool) {
        self.flag_buf[self.last_flags] = self.flags;
        if self.text.is_none() {
            self.set_file_type();
        }
        self.build_tree(Which::Lit);
        self.build_tree(Which::Dist);
        let max_blindex = self.build_bl_tree();
        let mut opt_lenb = ((self.opt_len + 3 + 7) >> 3) as u64;
        let static_lenb = ((self.static_len + 3 + 7) >> 3) as u64;
        if static_lenb <= opt_lenb {
            opt_lenb = static_lenb;
        }
        let whole = self.store_whole && eof && !self.emitted;
        if let Some(data) = block.filter(|_| whole && stored_len <= opt_lenb) {
            // The only block does not shrink: the member is stored, without a block header.
            self.bits.out.extend_from_slice(data);
            self.stored = true;
        } else if let Some(data) = block.filter(|_| stored_len + 4 <= opt_lenb) {
            self.bits.send((STORED_BLOCK << 1) + eof as u32, 3);
            self.bits.windup();
            let len = stored_len as u16;
            self.bits.out.extend_from_slice(&len.to_le_bytes());
            self.bits.out.extend_from_slice(&(!len).to_le_bytes());
            self.bits.out.extend_from_slice(data);
        } else if static_lenb == opt_lenb {
            self.bits.send((STATIC_TREES << 1) + eof as u32, 3);
            self.compress_block(false);
        } else {
            self.bits.send((DYN_TREES << 1) + eof as u32, 3);
            self.send_all_trees(self.l_max_code + 1, self.d_max_code + 1, max_blindex + 1);
            self.compress_block(true);
        }
        self.emitted = true;
        self.init_block();
        if eof {
            self.bits.windup();
        } else if pad && self.bits.n != 0 {
            // An empty stored block brings the output to a byte boundary (gzip skips it when
            // already there).
            self.bits.send(STORED_BLOCK << 1, 3);
            self.bits.windup();
            self.bits.out.extend_from_slice(&[0, 0, 0xff, 0xff]);
        }
    }
}

/// Canonical codes (bit-reversed for LSB-first output) from code lengths and their counts.
fn gen_codes(tree: &mut [Node], max_code: usize, bl_count: &[u16; MAX_BITS + 1]) {
    let mut next_code = [0u16; MAX_BITS + 1];
    let mut code: u16 = 0;
    for bits in 1..=MAX_BITS {
        code = (code.wrapping_add(bl_count[bits - 1])) << 1;
        next_code[bits] = code;
    }
    for node in tree.iter_mut().take(max_code + 1) {
        let len = node.len as usize;
        if len == 0 {
            continue;
        }
        node.code = bi_reverse(next_code[len] as u32, len);
        next_code[len] = next_code[len].wrapping_add(1);
    }
}

/// The longest and shortest runs of one code length worth a repeat code, after a run of
/// `curlen` when `nextlen` follows (-1 before the first length): zeros repeat up to 138
/// times, a length that continues up to 6, a new one needs 4 to be worth it.
fn run_limits(curlen: i32, nextlen: i32) -> (u32, u32) {
    if nextlen == 0 {
        (138, 3)
    } else if curlen == nextlen {
        (6, 3)
    } else {
        (7, 4)
    }
}
