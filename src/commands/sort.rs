//! `sort`: keys (`-k`, `-t`), numeric/general/human/month/version/random orders, `-u`, `-s`,
//! `-c`, `-o`, `-z`, with GNU's last-resort byte comparison. Lines are buffered with memory
//! reserved. `-R` orders keys by MD5 of 16 seed bytes followed by the key, as GNU does: the
//! seed is read from `--random-source` (so the order is GNU's exactly) or drawn from the
//! machine's seeded generator.

use super::opts::{self, flag, req, OptDef, Parser, Quoting};
use super::randsrc::RandomFile;
use crate::limits::{cost, Reservation};
use crate::process::command::{CommandCtx, LineReader};
use crate::process::{Interrupt, Kernel, OpenFlags};
use md5::Digest;
use std::cell::Cell;
use std::cmp::Ordering;
use std::rc::Rc;

const RANDOM_SOURCE: u8 = 0x82;

const DEFS: &[OptDef] = &[
    flag(b'b', "ignore-leading-blanks"),
    flag(b'd', "dictionary-order"),
    flag(b'f', "ignore-case"),
    flag(b'g', "general-numeric-sort"),
    flag(b'h', "human-numeric-sort"),
    flag(b'i', "ignore-nonprinting"),
    flag(b'M', "month-sort"),
    flag(b'n', "numeric-sort"),
    flag(b'r', "reverse"),
    flag(b'R', "random-sort"),
    req(RANDOM_SOURCE, "random-source"),
    flag(b'V', "version-sort"),
    flag(b'c', ""),
    flag(b'C', ""),
    opts::optional(0x80, "check"),
    req(b'k', "key"),
    flag(b'm', "merge"),
    req(b'o', "output"),
    flag(b's', "stable"),
    req(b'S', "buffer-size"),
    req(b't', "field-separator"),
    req(b'T', "temporary-directory"),
    flag(b'u', "unique"),
    flag(b'z', "zero-terminated"),
    req(0x81, "parallel"),
];

#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct KOpts {
    bs: bool,
    be: bool,
    d: bool,
    f: bool,
    g: bool,
    h: bool,
    i: bool,
    m: bool,
    n: bool,
    r: bool,
    rnd: bool,
    v: bool,
}

impl KOpts {
    fn set(&mut self, c: u8) -> bool {
        match c {
            b'b' => {
                self.bs = true;
                self.be = true;
            }
            b'd' => self.d = true,
            b'f' => self.f = true,
            b'g' => self.g = true,
            b'h' => self.h = true,
            b'i' => self.i = true,
            b'M' => self.m = true,
            b'n' => self.n = true,
            b'r' => self.r = true,
            b'R' => self.rnd = true,
            b'V' => self.v = true,
            _ => return false,
        }
        true
    }
    /// The ordering letters GNU names when refusing a combination (blanks and reverse are
    /// left out, as GNU clears them before naming the rest).
    fn letters(&self) -> String {
        let mut s = String::new();
        for (on, c) in [
            (self.d, 'd'),
            (self.f, 'f'),
            (self.g, 'g'),
            (self.i, 'i'),
            (self.m, 'M'),
            (self.h, 'h'),
            (self.n, 'n'),
            (self.rnd, 'R'),
            (self.v, 'V'),
        ] {
            if on {
                s.push(c);
            }
        }
        s
    }
    fn incompatible(&self) -> bool {
        // Version, random and ignoring characters count as one kind between them.
        let kinds = [
            self.n,
            self.g,
            self.h,
            self.m,
            self.v || self.rnd || self.d || self.i,
        ];
        kinds.iter().filter(|x| **x).count() > 1
    }
}

#[derive(Clone, Copy)]
struct Key {
    sf: usize,
    sc: usize,
    ef: Option<usize>,
    ec: usize,
    o: KOpts,
}

fn parse_key(quoting: Quoting, spec: &[u8]) -> Result<Key, String> {
    let q = quoting.quote(spec);
    let b = spec;
    let mut i = 0;
    let num = |i: &mut usize, what: &str| -> Result<usize, String> {
        let st = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        if st == *i {
            return Err(format!(
                "invalid number {what}: invalid count at start of {}",
                quoting.quote(&b[st..])
            ));
        }
        let digits = std::str::from_utf8(&b[st..*i]).unwrap_or_default();
        Ok(digits.parse::<usize>().unwrap_or(usize::MAX))
    };
    let mut k = Key {
        sf: 0,
        sc: 0,
        ef: None,
        ec: 0,
        o: KOpts::default(),
    };
    k.sf = num(&mut i, "at field start")?;
    if k.sf == 0 {
        return Err(format!(
            "field number is zero: invalid field specification {q}"
        ));
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        k.sc = num(&mut i, "after '.'")?;
        if k.sc == 0 {
            return Err(format!(
                "character offset is zero: invalid field specification {q}"
            ));
        }
    }
    while i < b.len() && b[i] != b',' {
        let c = b[i];
        if !k.o.set(c) {
            return Err(format!(
                "stray character in field spec: invalid field specification {q}"
            ));
        }
        if c == b'b' {
            k.o.be = false;
        }
        i += 1;
    }
    if b.get(i) == Some(&b',') {
        i += 1;
        let ef = num(&mut i, "after ','")?;
        if ef == 0 {
            return Err(format!(
                "field number is zero: invalid field specification {q}"
            ));
        }
        k.ef = Some(ef);
        if b.get(i) == Some(&b'.') {
            i += 1;
            k.ec = num(&mut i, "after '.'")?;
        }
        while i < b.len() {
            let c = b[i];
            let had_bs = k.o.bs;
            if !k.o.set(c) {
                return Err(format!(
                    "stray character in field spec: invalid field specification {q}"
                ));
            }
            if c == b'b' {
                k.o.bs = had_bs;
            }
            i += 1;
        }
    }
    Ok(k)
}

struct Cfg {
    keys: Vec<Key>,
    global: KOpts,
    tab: Option<u8>,
    stable: bool,
    unique: bool,
    /// Charges the comparisons as they are made.
    fuel: Fuel,
    /// MD5 state after the 16 seed bytes, when some key is random.
    random: Option<md5::Md5>,
}

/// Comparisons charged while the sort runs, not after it: every [`Fuel::BATCH`] comparisons
/// are charged at once (the same total as one unit each), and when a charge fails (the CPU
/// budget, a signal, a cancel) the failure is kept and every later comparison returns `Equal`
/// at once without work, so the sort finishes in trivial steps and the caller returns the
/// failure ([`Fuel::settle`]). The standard library's sort cannot be stopped from inside
/// its comparator; this bounds the work past the budget to counting.
struct Fuel {
    sys: Rc<Kernel>,
    /// Comparisons made and not charged yet.
    pending: Cell<u64>,
    failed: Cell<Option<Interrupt>>,
}

impl Fuel {
    const BATCH: u64 = 256;

    fn new(sys: Rc<Kernel>) -> Fuel {
        Fuel {
            sys,
            pending: Cell::new(0),
            failed: Cell::new(None),
        }
    }

    /// Counts one comparison; false when the budget is gone (compare nothing then).
    #[inline]
    fn compare(&self) -> bool {
        if self.failed.get().is_some() {
            return false;
        }
        let n = self.pending.get() + 1;
        if n < Self::BATCH {
            self.pending.set(n);
            return true;
        }
        self.pending.set(0);
        match self.sys.charge(n * cost::SORT_COMPARE) {
            Ok(()) => true,
            Err(i) => {
                self.failed.set(Some(i));
                false
            }
        }
    }

    /// Whether a charge failed (every comparison since returned `Equal` unexamined).
    fn stopped(&self) -> bool {
        self.failed.get().is_some()
    }

    /// Charges what is pending and returns the failure a comparison met, if any.
    fn settle(&self) -> Result<(), Interrupt> {
        if let Some(i) = self.failed.get() {
            return Err(i);
        }
        let n = self.pending.replace(0);
        self.sys.charge(n * cost::SORT_COMPARE)
    }
}

fn blank(c: u8) -> bool {
    c == b' ' || c == b'\t'
}

impl Cfg {
    /// Start of field `f` (1-based).
    fn field_start(&self, line: &[u8], f: usize) -> usize {
        let mut p = 0;
        for _ in 1..f {
            match self.tab {
                Some(t) => match line[p..].iter().position(|&c| c == t) {
                    Some(x) => p += x + 1,
                    None => return line.len(),
                },
                None => {
                    while p < line.len() && blank(line[p]) {
                        p += 1;
                    }
                    while p < line.len() && !blank(line[p]) {
                        p += 1;
                    }
                }
            }
        }
        p
    }

    fn field_end(&self, line: &[u8], start: usize) -> usize {
        match self.tab {
            Some(t) => line[start..]
                .iter()
                .position(|&c| c == t)
                .map(|x| start + x)
                .unwrap_or(line.len()),
            None => {
                let mut p = start;
                while p < line.len() && blank(line[p]) {
                    p += 1;
                }
                while p < line.len() && !blank(line[p]) {
                    p += 1;
                }
                p
            }
        }
    }

    fn key_text<'l>(&self, line: &'l [u8], k: &Key) -> &'l [u8] {
        let mut s = self.field_start(line, k.sf);
        if k.o.bs {
            while s < line.len() && blank(line[s]) {
                s += 1;
            }
        }
        if k.sc > 0 {
            s = (s + k.sc - 1).min(line.len());
        }
        let e = match k.ef {
            None => line.len(),
            Some(ef) => {
                let fs = self.field_start(line, ef);
                if k.ec == 0 {
                    self.field_end(line, fs)
                } else {
                    let mut p = fs;
                    if k.o.be {
                        while p < line.len() && blank(line[p]) {
                            p += 1;
                        }
                    }
                    (p + k.ec).min(line.len())
                }
            }
        };
        if e <= s {
            &line[s..s]
        } else {
            &line[s..e]
        }
    }

    /// Compares by the keys; `first` is the first key of both lines when the caller has it
    /// already (found once per line rather than once per comparison).
    fn cmp_keys_from(&self, a: &[u8], b: &[u8], first: Option<FirstKeys>) -> Ordering {
        if !self.fuel.compare() {
            return Ordering::Equal;
        }
        for (i, k) in self.keys.iter().enumerate() {
            let o = match first {
                Some(FirstKeys::Text(x, y)) if i == 0 => self.cmp_text(x, y, &k.o),
                Some(FirstKeys::Num(x, y)) if i == 0 => cmp_num_parts(x, y),
                Some(FirstKeys::Int(x, y)) if i == 0 => x.cmp(&y),
                _ => self.cmp_text(self.key_text(a, k), self.key_text(b, k), &k.o),
            };
            let o = if k.o.r { o.reverse() } else { o };
            if o != Ordering::Equal {
                return o;
            }
        }
        Ordering::Equal
    }

    /// Compares two keys' texts; a random key orders by the digests of the seed followed by
    /// the key (after `-d`/`-i`/`-f`), then by the key's bytes when the digests collide.
    fn cmp_text(&self, a: &[u8], b: &[u8], o: &KOpts) -> Ordering {
        let Some(seeded) = self.random.as_ref().filter(|_| o.rnd) else {
            return cmp_one(a, b, o);
        };
        let (a, b) = if o.d || o.i || o.f {
            (filtered(a, o), filtered(b, o))
        } else {
            (a.to_vec(), b.to_vec())
        };
        let digest = |t: &[u8]| {
            let mut h = seeded.clone();
            h.update(t);
            h.finalize()
        };
        digest(&a).cmp(&digest(&b)).then_with(|| a.cmp(&b))
    }

    fn cmp(&self, a: &[u8], b: &[u8]) -> Ordering {
        self.cmp_from(a, b, None)
    }

    /// The first key compares plain `-n` numbers (found once per line as [`NumParts`]).
    fn first_key_numeric(&self) -> bool {
        let o = &self.keys[0].o;
        o.n && !(o.h || o.g)
    }

    fn cmp_from(&self, a: &[u8], b: &[u8], first: Option<FirstKeys>) -> Ordering {
        let o = self.cmp_keys_from(a, b, first);
        if o != Ordering::Equal || self.stable || self.unique || self.fuel.stopped() {
            return o;
        }
        let o = a.cmp(b);
        if self.global.r {
            o.reverse()
        } else {
            o
        }
    }
}

fn skip_blanks(s: &[u8]) -> &[u8] {
    let n = s
        .iter()
        .position(|&c| !(blank(c) || c == b'\n'))
        .unwrap_or(s.len());
    &s[n..]
}

fn num_parts(s: &[u8]) -> NumParts<'_> {
    let s = skip_blanks(s);
    let (neg, s) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        _ => (false, s),
    };
    let il = s
        .iter()
        .position(|c| !c.is_ascii_digit())
        .unwrap_or(s.len());
    let int = &s[..il];
    let int = &int[int.iter().position(|&c| c != b'0').unwrap_or(int.len())..];
    let mut frac: &[u8] = &[];
    if s.get(il) == Some(&b'.') {
        let r = &s[il + 1..];
        let fl = r
            .iter()
            .position(|c| !c.is_ascii_digit())
            .unwrap_or(r.len());
        frac = &r[..fl];
        let t = frac
            .iter()
            .rposition(|&c| c != b'0')
            .map(|p| p + 1)
            .unwrap_or(0);
        frac = &frac[..t];
    }
    let zero = int.is_empty() && frac.is_empty();
    (neg && !zero, int, frac)
}

/// The first key of two lines being compared, as found when the lines were read.
#[derive(Clone, Copy)]
enum FirstKeys<'a> {
    Text(&'a [u8], &'a [u8]),
    /// `-n`: the parts [`num_parts`] gives.
    Num(NumParts<'a>, NumParts<'a>),
    /// `-n` keys that are both whole numbers of at most 18 digits: their values.
    Int(i64, i64),
}

/// (negative, integer digits without leading zeros, fraction digits without trailing zeros).
type NumParts<'a> = (bool, &'a [u8], &'a [u8]);

fn cmp_num(a: &[u8], b: &[u8]) -> Ordering {
    cmp_num_parts(num_parts(a), num_parts(b))
}

fn cmp_num_parts((an, ai, af): NumParts, (bn, bi, bf): NumParts) -> Ordering {
    // Negative zero is zero.
    let an = an && !(ai.is_empty() && af.is_empty());
    let bn = bn && !(bi.is_empty() && bf.is_empty());
    let mag = ai
        .len()
        .cmp(&bi.len())
        .then_with(|| cmp_short(ai, bi))
        .then_with(|| cmp_short(af, bf));
    match (an, bn) {
        (false, false) => mag,
        (true, true) => mag.reverse(),
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
    }
}

/// Lexicographic order of two short digit strings. A plain loop: numbers are a few bytes long,
/// and calling the C library's vectorised `memcmp` per comparison measured slower than this.
fn cmp_short(a: &[u8], b: &[u8]) -> Ordering {
    for (x, y) in a.iter().zip(b) {
        if x != y {
            return x.cmp(y);
        }
    }
    a.len().cmp(&b.len())
}

fn unit_order(s: &[u8]) -> i32 {
    let (neg, int, frac) = num_parts(s);
    let t = skip_blanks(s);
    let t = t.strip_prefix(b"-").unwrap_or(t);
    let n = t
        .iter()
        .position(|c| !(c.is_ascii_digit() || *c == b'.'))
        .unwrap_or(t.len());
    let unit = t
        .get(n)
        .and_then(|c| {
            b"KMGTPEZYRQ"
                .iter()
                .position(|u| u == c || (*c == b'k' && *u == b'K'))
        })
        .map(|p| p as i32 + 1)
        .unwrap_or(0);
    if int.is_empty() && frac.is_empty() {
        return 0;
    }
    if neg {
        -unit - 1
    } else {
        unit + 1
    }
}

/// The number `strtold` reads at the start of a `-g` key (after blanks): decimal with an
/// optional exponent, `0x` hexadecimal with an optional binary exponent, `inf`/`infinity`, or
/// `nan`; `None` when there is none. One pass over the key, whatever its length.
fn parse_g(s: &[u8]) -> Option<f64> {
    let t = skip_blanks(s);
    let mut i = 0;
    let neg = match t.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };
    let rest = &t[i..];
    let starts = |w: &[u8]| rest.len() >= w.len() && rest[..w.len()].eq_ignore_ascii_case(w);
    let v = if starts(b"inf") {
        f64::INFINITY
    } else if starts(b"nan") {
        f64::NAN
    } else if starts(b"0x")
        && (rest.get(2).is_some_and(u8::is_ascii_hexdigit)
            || (rest.get(2) == Some(&b'.') && rest.get(3).is_some_and(u8::is_ascii_hexdigit)))
    {
        let mut j = 2;
        let mut m = 0f64;
        let mut exp: i64 = 0;
        let mut frac = false;
        while j < rest.len() {
            let c = rest[j];
            if c == b'.' && !frac {
                frac = true;
            } else if let Some(d) = (c as char).to_digit(16) {
                m = m * 16.0 + f64::from(d);
                if frac {
                    exp -= 4;
                }
            } else {
                break;
            }
            j += 1;
        }
        if matches!(rest.get(j), Some(b'p' | b'P')) {
            let mut k = j + 1;
            let eneg = match rest.get(k) {
                Some(b'-') => {
                    k += 1;
                    true
                }
                Some(b'+') => {
                    k += 1;
                    false
                }
                _ => false,
            };
            if rest.get(k).is_some_and(u8::is_ascii_digit) {
                let mut e: i64 = 0;
                while let Some(d) = rest.get(k).filter(|c| c.is_ascii_digit()) {
                    e = (e * 10 + i64::from(d - b'0')).min(1 << 20);
                    k += 1;
                }
                exp += if eneg { -e } else { e };
            }
        }
        m * 2f64.powi(exp.clamp(-1 << 20, 1 << 20) as i32)
    } else {
        let digits = |k: &mut usize| {
            let from = *k;
            while rest.get(*k).is_some_and(u8::is_ascii_digit) {
                *k += 1;
            }
            *k - from
        };
        let mut j = 0;
        let mut n = digits(&mut j);
        if rest.get(j) == Some(&b'.') {
            j += 1;
            n += digits(&mut j);
            if n == 0 {
                return None;
            }
        }
        if n == 0 {
            return None;
        }
        if matches!(rest.get(j), Some(b'e' | b'E')) {
            let mut k = j + 1;
            if matches!(rest.get(k), Some(b'+' | b'-')) {
                k += 1;
            }
            if digits(&mut k) > 0 {
                j = k;
            }
        }
        std::str::from_utf8(&rest[..j]).ok()?.parse::<f64>().ok()?
    };
    Some(if neg { -v } else { v })
}

fn month(s: &[u8]) -> usize {
    let t = skip_blanks(s);
    let up: Vec<u8> = t.iter().take(3).map(|c| c.to_ascii_uppercase()).collect();
    const M: [&[u8]; 12] = [
        b"JAN", b"FEB", b"MAR", b"APR", b"MAY", b"JUN", b"JUL", b"AUG", b"SEP", b"OCT", b"NOV",
        b"DEC",
    ];
    M.iter()
        .position(|m| *m == up.as_slice())
        .map(|p| p + 1)
        .unwrap_or(0)
}

fn vorder(c: Option<u8>) -> i32 {
    match c {
        None => 0,
        Some(c) if c.is_ascii_digit() => 0,
        Some(c) if c.is_ascii_alphabetic() => c as i32,
        Some(b'~') => -1,
        Some(c) => c as i32 + 256,
    }
}

fn verrevcmp(a: &[u8], b: &[u8]) -> i32 {
    let (mut i, mut j) = (0, 0);
    let dig = |s: &[u8], k: usize| s.get(k).is_some_and(|c| c.is_ascii_digit());
    while i < a.len() || j < b.len() {
        let mut first = 0i32;
        while (i < a.len() && !dig(a, i)) || (j < b.len() && !dig(b, j)) {
            let (ac, bc) = (vorder(a.get(i).copied()), vorder(b.get(j).copied()));
            if ac != bc {
                return ac - bc;
            }
            i += 1;
            j += 1;
        }
        while a.get(i) == Some(&b'0') {
            i += 1;
        }
        while b.get(j) == Some(&b'0') {
            j += 1;
        }
        while dig(a, i) && dig(b, j) {
            if first == 0 {
                first = a[i] as i32 - b[j] as i32;
            }
            i += 1;
            j += 1;
        }
        if dig(a, i) {
            return 1;
        }
        if dig(b, j) {
            return -1;
        }
        if first != 0 {
            return first;
        }
    }
    0
}

fn prefix_len(s: &[u8]) -> usize {
    let n = s.len();
    let mut prefix = 0;
    let mut i = 0;
    loop {
        if i == n {
            return prefix;
        }
        i += 1;
        prefix = i;
        while i + 1 < n && s[i] == b'.' && (s[i + 1].is_ascii_alphabetic() || s[i + 1] == b'~') {
            i += 2;
            while i < n && (s[i].is_ascii_alphanumeric() || s[i] == b'~') {
                i += 1;
            }
        }
    }
}

/// gnulib `filevercmp`.
pub fn filevercmp(a: &[u8], b: &[u8]) -> Ordering {
    if a.is_empty() || b.is_empty() {
        return a.len().min(1).cmp(&b.len().min(1));
    }
    if a[0] == b'.' {
        if b[0] != b'.' {
            return Ordering::Less;
        }
        let (ad, bd) = (a.len() == 1, b.len() == 1);
        if ad || bd {
            return bd.cmp(&ad);
        }
        let (add, bdd) = (a == b"..", b == b"..");
        if add || bdd {
            return bdd.cmp(&add);
        }
    } else if b[0] == b'.' {
        return Ordering::Greater;
    }
    let (ap, bp) = (prefix_len(a), prefix_len(b));
    let r = verrevcmp(&a[..ap], &b[..bp]);
    let r = if r != 0 || (ap == a.len() && bp == b.len()) {
        r
    } else {
        verrevcmp(a, b)
    };
    r.cmp(&0)
}

fn cmp_one(a: &[u8], b: &[u8], o: &KOpts) -> Ordering {
    if o.n {
        return cmp_num(a, b);
    }
    if o.h {
        return unit_order(a)
            .cmp(&unit_order(b))
            .then_with(|| cmp_num(a, b));
    }
    if o.g {
        let rank = |v: Option<f64>| match v {
            None => 0,
            Some(x) if x.is_nan() => 1,
            Some(_) => 2,
        };
        let (x, y) = (parse_g(a), parse_g(b));
        return rank(x).cmp(&rank(y)).then_with(|| match (x, y) {
            (Some(x), Some(y)) if !x.is_nan() && !y.is_nan() => {
                x.partial_cmp(&y).unwrap_or(Ordering::Equal)
            }
            // GNU orders NaNs by their bytes: the sign bit makes `-nan` follow `nan`.
            (Some(x), Some(y)) => x.is_sign_negative().cmp(&y.is_sign_negative()),
            _ => Ordering::Equal,
        });
    }
    if o.m {
        return month(a).cmp(&month(b));
    }
    if o.v {
        return filevercmp(a, b);
    }
    if !(o.f || o.d || o.i) {
        return a.cmp(b);
    }
    a.iter()
        .filter(|c| kept(**c, o))
        .map(|c| folded(*c, o))
        .cmp(b.iter().filter(|c| kept(**c, o)).map(|c| folded(*c, o)))
}

/// Whether `-d`/`-i` keep a key byte.
fn kept(c: u8, o: &KOpts) -> bool {
    !((o.d && !(c.is_ascii_alphanumeric() || blank(c))) || (o.i && !(0x20..0x7f).contains(&c)))
}

/// A key byte as `-f` compares it.
fn folded(c: u8, o: &KOpts) -> u8 {
    if o.f {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

/// A key with `-d`/`-i` bytes dropped and `-f` applied.
fn filtered(s: &[u8], o: &KOpts) -> Vec<u8> {
    s.iter()
        .filter(|c| kept(**c, o))
        .map(|c| folded(*c, o))
        .collect()
}

/// The MD5 state after the 16 seed bytes of `-R`: read from the source file, or drawn from
/// the machine's seeded generator. Failures are reported in GNU's words.
async fn random_seed(
    ctx: &CommandCtx,
    source: Option<&[u8]>,
) -> Result<Result<md5::Md5, ()>, Interrupt> {
    let mut seed = [0u8; 16];
    match source {
        Some(name) => {
            let mut f = match RandomFile::open(ctx, name) {
                Ok(f) => f,
                Err(e) => {
                    let e = opts::interrupted(e)?;
                    let shown = opts::quotef(ctx, name);
                    ctx.diag(format!("open failed: {shown}: {}", e.message()))
                        .await?;
                    return Ok(Err(()));
                }
            };
            if let Err(m) = f.read(ctx, &mut seed).await? {
                ctx.diag(m).await?;
                return Ok(Err(()));
            }
        }
        None => {
            seed[..8].copy_from_slice(&ctx.sys.random_u64().to_le_bytes());
            seed[8..].copy_from_slice(&ctx.sys.random_u64().to_le_bytes());
        }
    }
    let mut h = md5::Md5::new();
    h.update(seed);
    Ok(Ok(h))
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 2).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut global = KOpts::default();
    let mut keys = Vec::new();
    let mut tab = None;
    let mut check = None;
    let mut delim = b'\n';
    let mut random_source = None;
    for (id, v) in &p.opts {
        let v = v.as_deref().unwrap_or(b"");
        match id {
            b'k' => match parse_key(Quoting::of(ctx), v) {
                Ok(k) => keys.push(k),
                Err(m) => {
                    ctx.diag(m).await?;
                    return Ok(2);
                }
            },
            b't' => {
                let t = if v == b"\\0" { vec![0] } else { v.to_vec() };
                if t.len() != 1 {
                    let m = if t.is_empty() {
                        "empty tab".to_string()
                    } else {
                        format!("multi-character tab {}", opts::quote(ctx, v))
                    };
                    ctx.diag(m).await?;
                    return Ok(2);
                }
                if tab.is_some_and(|x| x != t[0]) {
                    ctx.diag("incompatible tabs").await?;
                    return Ok(2);
                }
                tab = Some(t[0]);
            }
            b'c' => check = Some(true),
            b'C' => check = Some(false),
            0x80 => {
                check = Some(match v {
                    b"" | b"diagnose-first" => true,
                    b"quiet" | b"silent" => false,
                    _ => {
                        let valid: [&[&str]; 2] = [&["quiet", "silent"], &["diagnose-first"]];
                        let m = opts::bad_argument(ctx, v, "--check", &valid);
                        return opts::usage(ctx, &m, 1).await;
                    }
                })
            }
            b'z' => delim = 0,
            // The buffer size changes no output, but a bad one is refused as GNU refuses it.
            b'S' => {
                if let Err(why) = check_buffer_size(v) {
                    let shown = opts::quote(ctx, v);
                    let msg = match why {
                        "too large" => format!("-S argument {shown} too large"),
                        _ => format!("{why} -S argument {shown}"),
                    };
                    ctx.diag(msg).await?;
                    return Ok(2);
                }
            }
            &RANDOM_SOURCE => {
                if random_source.is_some_and(|s: &[u8]| s != v) {
                    ctx.diag("multiple random sources specified").await?;
                    return Ok(2);
                }
                random_source = Some(v);
            }
            b'T' | 0x81 | b'm' | b'o' | b's' | b'u' => {}
            c => {
                global.set(*c);
            }
        }
    }
    if global.incompatible() {
        ctx.diag(format!("options '-{}' are incompatible", global.letters()))
            .await?;
        return Ok(2);
    }
    for k in &mut keys {
        if k.o == KOpts::default() {
            k.o = global;
        } else if k.o.incompatible() {
            ctx.diag(format!("options '-{}' are incompatible", k.o.letters()))
                .await?;
            return Ok(2);
        }
    }
    if keys.is_empty() {
        keys.push(Key {
            sf: 1,
            sc: 0,
            ef: None,
            ec: 0,
            o: KOpts {
                be: false,
                ..global
            },
        });
    }
    // GNU seeds only when a key (after inheriting the global options) is random.
    let random = if keys.iter().any(|k| k.o.rnd) {
        match random_seed(ctx, random_source).await? {
            Ok(h) => Some(h),
            Err(()) => return Ok(2),
        }
    } else {
        None
    };
    let cfg = Cfg {
        random,
        keys,
        global,
        tab,
        stable: p.has(b's'),
        unique: p.has(b'u'),
        fuel: Fuel::new(ctx.sys.clone()),
    };
    let files = if p.operands.is_empty() {
        vec![b"-".to_vec()]
    } else {
        p.operands.clone()
    };
    if let Some(loud) = check {
        if files.len() > 1 {
            return opts::usage(
                ctx,
                &format!(
                    "extra operand {} not allowed with -c",
                    opts::quoteaf(ctx, &files[1])
                ),
                2,
            )
            .await;
        }
        return check_sorted(ctx, &cfg, &files[0], delim, loud).await;
    }
    let mut input = Lines::new(ctx);
    let status = input.read(ctx, &files, delim).await?;
    if status != 0 {
        return Ok(status);
    }
    input.index(&cfg, delim);
    let buf = &input.buf;
    let text = |l: &Line| &buf[l.start..l.end];
    let numeric = cfg.first_key_numeric();
    let cached = input.keys_cached;
    let first = |a: &Line, b: &Line| {
        if !cached {
            return None;
        }
        let num = |l: &Line| (l.negative, l.part(buf, l.key), l.part(buf, l.fraction));
        Some(if numeric && a.exact && b.exact {
            FirstKeys::Int(a.value, b.value)
        } else if numeric {
            FirstKeys::Num(num(a), num(b))
        } else {
            FirstKeys::Text(a.part(buf, a.key), b.part(buf, b.key))
        })
    };
    if p.has(b'm') {
        // GNU merges the files as they are, sorted or not: each step takes the least of the
        // files' next lines, the earlier file's on a tie.
        let mut runs: Vec<std::ops::Range<usize>> = Vec::new();
        let mut from = 0;
        for &end in &input.file_ends {
            let to = from + input.lines[from..].partition_point(|l| l.end < end);
            runs.push(from..to);
            from = to;
        }
        // The merged table exists beside the read one until it replaces it.
        let table = input.lines.len() as u64 * cost::LINE_OVERHEAD;
        let table = ctx.reservation(table)?;
        let mut merged = Vec::with_capacity(input.lines.len());
        loop {
            let mut best: Option<usize> = None;
            for (r, run) in runs.iter().enumerate() {
                if run.is_empty() {
                    continue;
                }
                let better = best.is_none_or(|b| {
                    let (x, y) = (&input.lines[run.start], &input.lines[runs[b].start]);
                    cfg.cmp_from(text(x), text(y), first(x, y)) == Ordering::Less
                });
                if better {
                    best = Some(r);
                }
            }
            let Some(b) = best else { break };
            merged.push(input.lines[runs[b].start]);
            runs[b].start += 1;
        }
        input.lines = merged;
        drop(table);
    } else {
        // The merge buffer holds up to half the line table.
        let _scratch =
            ctx.reservation(input.lines.len().div_ceil(2) as u64 * cost::LINE_OVERHEAD)?;
        let mut scratch = Vec::with_capacity(input.lines.len().div_ceil(2));
        let mut less = |a: &Line, b: &Line| {
            let o = cfg.cmp_from(text(a), text(b), first(a, b));
            (!cfg.fuel.stopped()).then_some(o == Ordering::Less)
        };
        // A stop leaves the table half sorted; the failure is returned just below.
        let _ = merge_sort(&mut input.lines, &mut scratch, &mut less);
    }
    cfg.fuel.settle()?;
    if cfg.unique {
        input
            .lines
            .dedup_by(|b, a| cfg.cmp_keys_from(text(a), text(b), first(a, b)) == Ordering::Equal);
        cfg.fuel.settle()?;
    }
    write_lines(ctx, &p, &input, delim).await
}

/// A stable merge sort (insertion sort for short runs, no merge when two runs are already in
/// order) whose comparison may stop it: `less` returns `None` once the sort's budget is gone,
/// and the sort returns `None` at once, leaving `v` in some order. Used instead of the standard
/// library's sort, whose comparator cannot stop it and which may panic when comparisons turn
/// inconsistent midway. Being stable, it orders exactly as any stable sort does.
fn merge_sort<T: Copy>(
    v: &mut [T],
    scratch: &mut Vec<T>,
    less: &mut impl FnMut(&T, &T) -> Option<bool>,
) -> Option<()> {
    let n = v.len();
    if n <= 16 {
        for i in 1..n {
            let mut j = i;
            while j > 0 && less(&v[j], &v[j - 1])? {
                v.swap(j, j - 1);
                j -= 1;
            }
        }
        return Some(());
    }
    let mid = n / 2;
    merge_sort(&mut v[..mid], scratch, less)?;
    merge_sort(&mut v[mid..], scratch, less)?;
    if !less(&v[mid], &v[mid - 1])? {
        return Some(());
    }
    scratch.clear();
    scratch.extend_from_slice(&v[..mid]);
    let (mut i, mut j, mut k) = (0, mid, 0);
    while i < scratch.len() && j < n {
        // The left run's element goes first unless the right one is strictly less.
        if less(&v[j], &scratch[i])? {
            v[k] = v[j];
            j += 1;
        } else {
            v[k] = scratch[i];
            i += 1;
        }
        k += 1;
    }
    v[k..k + scratch.len() - i].copy_from_slice(&scratch[i..]);
    Some(())
}

/// One input line: its bytes are `buf[start..end]` (without the delimiter). Its first key,
/// found once when the lines are indexed, is `key` (offsets into the line): the key's text,
/// or for `-n` its integer digits, with `fraction` and `negative` the rest of the number.
#[derive(Clone, Copy)]
struct Line {
    start: usize,
    end: usize,
    key: (u32, u32),
    fraction: (u32, u32),
    negative: bool,
    /// For `-n`: the key is a whole number of at most 18 digits, whose value is `value`
    /// (most comparisons then need none of the line's bytes).
    exact: bool,
    value: i64,
}

impl Line {
    /// The bytes at `(from, to)` offsets into this line.
    fn part<'b>(&self, buf: &'b [u8], (from, to): (u32, u32)) -> &'b [u8] {
        &buf[self.start + from as usize..self.start + to as usize]
    }
}

/// Every input line in one buffer (one allocation, not one per line), with the modeled
/// memory it holds.
struct Lines {
    buf: Vec<u8>,
    /// Where each input file's bytes end in `buf` (for `-m`, which merges them as they are).
    file_ends: Vec<usize>,
    lines: Vec<Line>,
    /// Covers `buf` and the line table, reserved before each grows.
    held: Reservation,
    /// The lines' first keys were found (not when a line is too long for 32-bit offsets;
    /// then every comparison finds them again).
    keys_cached: bool,
}

impl Lines {
    fn new(ctx: &CommandCtx) -> Lines {
        Lines {
            buf: Vec::new(),
            file_ends: Vec::new(),
            lines: Vec::new(),
            held: ctx.empty_reservation(),
            keys_cached: false,
        }
    }

    /// Reads every file in turn; a file's last line gets a delimiter if it lacks one (as GNU
    /// sort treats it). Returns 2 after a diagnostic when a file cannot be read.
    async fn read(
        &mut self,
        ctx: &CommandCtx,
        files: &[Vec<u8>],
        delim: u8,
    ) -> Result<i32, Interrupt> {
        for f in files {
            let file = match ctx.open_input(f) {
                Ok(x) => x,
                Err(e) => {
                    let e = opts::interrupted(e)?;
                    ctx.diag(format!(
                        "cannot read: {}: {}",
                        opts::quotef(ctx, f),
                        e.message()
                    ))
                    .await?;
                    return Ok(2);
                }
            };
            let start = self.buf.len();
            loop {
                match ctx.sys.read(&file, 64 * 1024).await {
                    Ok(chunk) if chunk.is_empty() => break,
                    Ok(chunk) => {
                        self.held.grow(chunk.len() as u64)?;
                        self.buf.extend_from_slice(&chunk);
                    }
                    Err(e) => {
                        let e = opts::interrupted(e)?;
                        ctx.diag(format!(
                            "read failed: {}: {}",
                            opts::quotef(ctx, f),
                            e.message()
                        ))
                        .await?;
                        return Ok(2);
                    }
                }
            }
            if self.buf.len() > start && self.buf.last() != Some(&delim) {
                self.held.grow(1)?;
                self.buf.push(delim);
            }
            self.file_ends.push(self.buf.len());
        }
        let count = memchr::memchr_iter(delim, &self.buf).count();
        // Each line is one charged step, and its table entry is reserved before it exists.
        ctx.charge(count as u64 * cost::LINE)?;
        let entries = count as u64 * cost::LINE_OVERHEAD;
        self.held.grow(entries)?;
        self.lines.reserve_exact(count);
        Ok(0)
    }

    /// Splits the buffer into lines, finding each line's first key once.
    fn index(&mut self, cfg: &Cfg, delim: u8) {
        let numeric = cfg.first_key_numeric();
        self.keys_cached = true;
        let mut start = 0;
        for end in memchr::memchr_iter(delim, &self.buf) {
            let line = &self.buf[start..end];
            if line.len() > u32::MAX as usize {
                self.keys_cached = false;
            }
            let key = cfg.key_text(line, &cfg.keys[0]);
            let span = |part: &[u8]| {
                if part.is_empty() {
                    // An empty part may be a constant outside the line.
                    return (0, 0);
                }
                let from = (part.as_ptr() as usize - line.as_ptr() as usize) as u32;
                (from, from + part.len() as u32)
            };
            let (negative, key, fraction, exact, value) = if numeric {
                let (negative, int, fraction) = num_parts(key);
                let exact = int.len() <= 18 && fraction.is_empty();
                let value = if exact {
                    let v = int.iter().fold(0i64, |v, d| v * 10 + i64::from(d - b'0'));
                    if negative {
                        -v
                    } else {
                        v
                    }
                } else {
                    0
                };
                (negative, span(int), span(fraction), exact, value)
            } else {
                (false, span(key), (0, 0), false, 0)
            };
            self.lines.push(Line {
                start,
                end,
                key,
                fraction,
                negative,
                exact,
                value,
            });
            start = end + 1;
        }
    }
}

/// Writes the sorted lines to `-o FILE` or standard output, a bounded chunk at a time.
async fn write_lines(
    ctx: &CommandCtx,
    p: &opts::Parsed,
    input: &Lines,
    delim: u8,
) -> Result<i32, Interrupt> {
    let target = match p.last(b'o') {
        Some(o) => {
            let r = ctx
                .sys
                .open(ctx.pid, &ctx.resolve(o), OpenFlags::write_truncate());
            match r {
                Ok(f) => Some((o, f)),
                Err(e) => {
                    let e = opts::interrupted(e)?;
                    ctx.diag(format!(
                        "open failed: {}: {}",
                        opts::quotef(ctx, o),
                        e.message()
                    ))
                    .await?;
                    return Ok(2);
                }
            }
        }
        None => None,
    };
    const CHUNK: usize = 64 * 1024;
    let mut out = Vec::with_capacity(CHUNK + 256);
    let count = input.lines.len();
    for (i, l) in input.lines.iter().enumerate() {
        out.extend_from_slice(&input.buf[l.start..l.end]);
        out.push(delim);
        if out.len() < CHUNK && i + 1 < count {
            continue;
        }
        match &target {
            Some((o, f)) => {
                if let Err(e) = ctx.sys.write_all(f, &out).await {
                    let e = opts::interrupted(e)?;
                    ctx.diag(format!(
                        "write failed: {}: {}",
                        opts::quotef(ctx, o),
                        e.message()
                    ))
                    .await?;
                    return Ok(2);
                }
            }
            None => ctx.out(&out).await?,
        }
        out.clear();
    }
    Ok(0)
}

async fn check_sorted(
    ctx: &CommandCtx,
    cfg: &Cfg,
    f: &[u8],
    delim: u8,
    loud: bool,
) -> Result<i32, Interrupt> {
    let file = match ctx.open_input(f) {
        Ok(x) => x,
        Err(e) => {
            let e = opts::interrupted(e)?;
            ctx.diag(format!(
                "cannot read: {}: {}",
                opts::quotef(ctx, f),
                e.message()
            ))
            .await?;
            return Ok(2);
        }
    };
    let mut lr = LineReader::new(file);
    lr.delim = delim;
    let mut prev: Option<Vec<u8>> = None;
    let mut n = 0u64;
    while let Some(mut l) = lr.next_line(&ctx.sys).await.map_err(|e| match e {
        crate::process::IoError::Interrupted(i) => i,
        _ => Interrupt::Signal(0),
    })? {
        n += 1;
        if l.last() == Some(&delim) {
            l.pop();
        }
        if let Some(p) = &prev {
            let o = cfg.cmp(p, &l);
            cfg.fuel.settle()?;
            if o == Ordering::Greater || (cfg.unique && o == Ordering::Equal) {
                if loud {
                    let mut m =
                        format!("{}:{n}: disorder: ", String::from_utf8_lossy(f)).into_bytes();
                    m.extend_from_slice(&l);
                    ctx.diag(m).await?;
                }
                return Ok(1);
            }
        }
        prev = Some(l);
    }
    Ok(0)
}

/// Checks a `-S SIZE` value as GNU's sort reads it: a decimal count with at most one unit
/// letter, `b` or `%`. The error names what is wrong ("invalid", "invalid suffix in" or
/// "too large").
fn check_buffer_size(v: &[u8]) -> Result<(), &'static str> {
    let digits = v.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return Err("invalid");
    }
    let Some(n) = std::str::from_utf8(&v[..digits])
        .ok()
        .and_then(|d| d.parse::<u64>().ok())
    else {
        return Err("too large");
    };
    let power = match &v[digits..] {
        b"" | b"k" | b"K" => 1,
        b"b" | b"%" => 0,
        b"m" | b"M" => 2,
        b"g" | b"G" => 3,
        b"t" | b"T" => 4,
        b"P" => 5,
        b"E" => 6,
        b"Z" => 7,
        b"Y" => 8,
        _ => return Err("invalid suffix in"),
    };
    (0..power)
        .try_fold(n, |acc, _| acc.checked_mul(1024))
        .map(|_| ())
        .ok_or("too large")
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn general_numbers_as_strtold() {
        use super::parse_g;
        assert_eq!(parse_g(b"0x10"), Some(16.0));
        assert_eq!(parse_g(b" -0x1.8p1z"), Some(-3.0));
        assert_eq!(parse_g(b"1e3x"), Some(1000.0));
        assert_eq!(parse_g(b"1e"), Some(1.0));
        assert_eq!(parse_g(b".5"), Some(0.5));
        assert_eq!(parse_g(b"-Infinity"), Some(f64::NEG_INFINITY));
        assert!(parse_g(b"nan").is_some_and(f64::is_nan));
        assert_eq!(parse_g(b"."), None);
        assert_eq!(parse_g(b"x1"), None);
        assert_eq!(parse_g(b"0x"), Some(0.0));
    }

    fn s(args: &[&str], input: &str) -> (i32, String, String) {
        let mut v = vec!["sort"];
        v.extend_from_slice(args);
        text(run_files(&v, input.as_bytes(), &[("u", b"b\na\n")]))
    }

    #[test]
    fn orders() {
        assert_eq!(s(&["-n"], "10\n9\n-1\n1.5\nx\n").1, "-1\nx\n1.5\n9\n10\n");
        // Negative zero equals zero (recorded from GNU sort 9.1).
        assert_eq!(s(&["-sn"], "0\n-0\n1\n-0.0\n0\n").1, "0\n-0\n-0.0\n0\n1\n");
        assert_eq!(s(&["-n"], "0\n-0\n1\n-0.0\n0\n").1, "-0\n-0.0\n0\n0\n1\n");
        assert_eq!(
            s(&["-n"], "100\n99\n100.5\n100.25\n").1,
            "99\n100\n100.25\n100.5\n"
        );
        assert_eq!(s(&[], "b\nB\na\n").1, "B\na\nb\n");
        assert_eq!(s(&["-f"], "b\nB\na\n").1, "a\nB\nb\n");
        assert_eq!(s(&["-r"], "a\nc\nb\n").1, "c\nb\na\n");
        assert_eq!(s(&["-u"], "a\nb\na\n").1, "a\nb\n");
        assert_eq!(s(&["-h"], "1G\n2K\n3\n1M\n-1K\n").1, "-1K\n3\n2K\n1M\n1G\n");
        assert_eq!(
            s(&["-V"], "a10\na2\na1.10\na1.9\n").1,
            "a1.9\na1.10\na2\na10\n"
        );
        assert_eq!(s(&["-g"], "1e3\n5\nx\n-inf\n").1, "x\n-inf\n5\n1e3\n");
        assert_eq!(s(&["-M"], "mar\nJan\nfoo\n").1, "foo\nJan\nmar\n");
    }

    #[test]
    fn keys() {
        assert_eq!(
            s(&["-k2,2n", "-t,"], "a,10\nb,9\nc,9\n").1,
            "b,9\nc,9\na,10\n"
        );
        assert_eq!(s(&["-k2"], "x  b\ny a\n").1, "x  b\ny a\n");
        assert_eq!(s(&["-k2b"], "x  b\ny a\n").1, "y a\nx  b\n");
        assert_eq!(s(&["-s", "-k1,1"], "a 2\na 1\n").1, "a 2\na 1\n");
        assert_eq!(s(&["-k1,1"], "a 2\na 1\n").1, "a 1\na 2\n");
        assert_eq!(s(&["-k1.2,1.2"], "ab\nba\n").1, "ba\nab\n");
        assert_eq!(s(&["-z"], "b\0a\0").1, "a\0b\0");
    }

    #[test]
    fn errors_and_check() {
        assert_eq!(
            s(&["-k", "x"], ""),
            (
                2,
                String::new(),
                "sort: invalid number at field start: invalid count at start of 'x'\n".into()
            )
        );
        assert_eq!(
            s(&["-k", "0"], "").2,
            "sort: field number is zero: invalid field specification '0'\n"
        );
        assert_eq!(
            s(&["-k", "1.0"], "").2,
            "sort: character offset is zero: invalid field specification '1.0'\n"
        );
        assert_eq!(s(&["-t", "ab"], "").2, "sort: multi-character tab 'ab'\n");
        assert_eq!(
            s(&["nofile"], ""),
            (
                2,
                String::new(),
                "sort: cannot read: nofile: No such file or directory\n".into()
            )
        );
        assert_eq!(
            s(&["-c", "u"], ""),
            (1, String::new(), "sort: u:2: disorder: a\n".into())
        );
        assert_eq!(s(&["-C", "u"], "").0, 1);
        assert_eq!(
            s(&["-n", "-g"], "").2,
            "sort: options '-gn' are incompatible\n"
        );
        assert_eq!(
            s(&["-k", "1,1q"], "").2,
            "sort: stray character in field spec: invalid field specification '1,1q'\n"
        );
        assert_eq!(
            s(&["-uc"], "a\na\n"),
            (1, String::new(), "sort: -:2: disorder: a\n".into())
        );
        // A random key cannot also be numeric.
        assert_eq!(s(&["-Rn"], "").0, 2);
    }

    #[test]
    fn output_file() {
        let k = machine(&[("u", b"b\na\n")]);
        assert_eq!(run_on(&k, &["sort", "-o", "u", "u"], b"").0, 0);
        assert_eq!(run_on(&k, &["cat", "u"], b"").1, b"a\nb\n");
    }

    #[test]
    fn the_merge_sort_is_stable_and_stops_when_told() {
        use super::merge_sort;
        // Keys with many ties: a stable sort keeps each key's items in input order.
        let v: Vec<(u32, u32)> = (0..1000u32).map(|i| (i * 7919 % 13, i)).collect();
        let mut sorted = v.clone();
        let mut scratch = Vec::new();
        let mut calls = 0u64;
        let mut less = |a: &(u32, u32), b: &(u32, u32)| {
            calls += 1;
            Some(a.0 < b.0)
        };
        assert!(merge_sort(&mut sorted, &mut scratch, &mut less).is_some());
        let mut expected = v.clone();
        expected.sort_by_key(|x| x.0);
        assert_eq!(sorted, expected);
        assert!(calls < 1000 * 12, "{calls} comparisons");
        // Told to stop, it makes no comparison after the one that said so.
        let mut left = 500u32;
        let mut after_stop = 0;
        let mut stopping = |a: &(u32, u32), b: &(u32, u32)| {
            if left == 0 {
                after_stop += 1;
                return None;
            }
            left -= 1;
            Some(a.0 < b.0)
        };
        let mut v2 = v.clone();
        assert!(merge_sort(&mut v2, &mut scratch, &mut stopping).is_none());
        assert_eq!(after_stop, 1);
    }

    #[test]
    fn comparisons_are_charged_as_they_are_made() {
        use crate::limits::{Limits, StopReason};
        use crate::process::{Interrupt, Kernel, MachineInfo};
        let k = Kernel::new(
            Limits {
                cpu: 1000,
                ..Limits::default()
            },
            MachineInfo::default(),
        );
        let fuel = super::Fuel::new(k.clone());
        for _ in 0..super::Fuel::BATCH {
            assert!(fuel.compare());
        }
        assert_eq!(k.meter.cpu_used(), super::Fuel::BATCH);
        // The budget runs out inside the comparisons: every later one is refused, unexamined.
        while fuel.compare() {}
        assert!(!fuel.compare());
        assert_eq!(
            fuel.settle(),
            Err(Interrupt::Stop(StopReason::CpuExhausted))
        );
        assert_eq!(k.meter.cpu_used(), 1000);
    }
}
