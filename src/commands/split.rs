//! `split`: split a file into pieces by lines, bytes, line-bounded bytes or a number of
//! chunks, with GNU's file naming (xaa..xyz, then xzaaa.. when the suffix length is automatic)
//! and GNU's chunk boundaries. The input is read whole (memory reserved); every piece is
//! written through the VFS, so it is charged to the disk quota like any write.

use super::opts::{self, flag, optional, req, OptDef, Parser, Quoting};
use crate::process::command::{CommandCtx, Trust};
use crate::process::{Desc, Interrupt, OpenFlags};

pub fn register(r: &mut super::Registry) {
    r.register(
        "split",
        Trust::Real,
        "split a file into pieces",
        "-l N -b SIZE -C SIZE -n N|K/N|l/N|l/K/N|r/N|r/K/N -a N -d -x --numeric-suffixes[=FROM] \
         --hex-suffixes[=FROM] --additional-suffix=S -e -t SEP -u --verbose [INPUT [PREFIX]] \
         (no --filter)",
        run,
    );
}

const NUMERIC: u8 = 0x80;
const HEX: u8 = 0x81;
const ADDSUF: u8 = 0x82;
const FILTER: u8 = 0x83;
const VERBOSE: u8 = 0x84;

const DEFS: &[OptDef] = &[
    req(b'a', "suffix-length"),
    req(ADDSUF, "additional-suffix"),
    req(b'b', "bytes"),
    req(b'C', "line-bytes"),
    flag(b'd', ""),
    optional(NUMERIC, "numeric-suffixes"),
    flag(b'x', ""),
    optional(HEX, "hex-suffixes"),
    flag(b'e', "elide-empty-files"),
    req(FILTER, "filter"),
    req(b'l', "lines"),
    req(b'n', "number"),
    req(b't', "separator"),
    flag(b'u', "unbuffered"),
    flag(VERBOSE, "verbose"),
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Lines(u64),
    Bytes(u64),
    LineBytes(u64),
    /// Byte chunks: (K or 0, N).
    Chunks(u64, u64),
    LineChunks(u64, u64),
    RoundRobin(u64, u64),
}

/// A usage error: message, and whether GNU adds the `Try` line.
type Fail = (String, bool);

const RANGE: &str = ": Numerical result out of range";

fn parse_count(q: Quoting, s: &[u8], what: &str) -> Result<u64, Fail> {
    if s.is_empty() || !s.iter().all(u8::is_ascii_digit) {
        return Err((format!("{what}: {}", q.quote(s)), false));
    }
    match std::str::from_utf8(s)
        .ok()
        .and_then(|t| t.parse::<u64>().ok())
    {
        Some(0) => Err((format!("{what}: {}{RANGE}", q.quote(s)), false)),
        Some(v) => Ok(v),
        None => Err((
            format!(
                "{what}: {}: Value too large for defined data type",
                q.quote(s)
            ),
            false,
        )),
    }
}

/// GNU's SIZE: a number with an optional `b`, `K`/`k`, `M`/`m`, ... suffix, itself optionally
/// followed by `B` (powers of 1000) or `iB` (powers of 1024).
fn parse_size(q: Quoting, s: &[u8], what: &str) -> Result<u64, Fail> {
    let bad = || (format!("{what}: {}", q.quote(s)), false);
    let digits = s.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return Err(bad());
    }
    let too_big = || {
        (
            format!(
                "{what}: {}: Value too large for defined data type",
                q.quote(s)
            ),
            false,
        )
    };
    let n: u128 = std::str::from_utf8(&s[..digits])
        .ok()
        .and_then(|t| t.parse::<u128>().ok())
        .ok_or_else(too_big)?;
    let suf = &s[digits..];
    let mult: u128 = if suf.is_empty() {
        1
    } else if suf == b"b" {
        512
    } else {
        let pow = match suf[0] {
            b'K' | b'k' => 1,
            b'M' | b'm' => 2,
            b'G' | b'g' => 3,
            b'T' | b't' => 4,
            b'P' | b'p' => 5,
            b'E' | b'e' => 6,
            b'Z' | b'z' => 7,
            b'Y' | b'y' => 8,
            b'R' | b'r' => 9,
            b'Q' | b'q' => 10,
            _ => return Err(bad()),
        };
        let base: u128 = match &suf[1..] {
            b"" | b"iB" => 1024,
            b"B" => 1000,
            _ => return Err(bad()),
        };
        base.checked_pow(pow).ok_or_else(too_big)?
    };
    let v = n.checked_mul(mult).ok_or_else(too_big)?;
    if v == 0 {
        return Err((format!("{what}: {}{RANGE}", q.quote(s)), false));
    }
    u64::try_from(v).map_err(|_| too_big())
}

/// `-n`: N, K/N, l/N, l/K/N, r/N, r/K/N.
fn parse_chunks(q: Quoting, s: &[u8]) -> Result<Mode, Fail> {
    let (kind, rest) = match s {
        [b'l', b'/', r @ ..] => (1, r),
        [b'r', b'/', r @ ..] => (2, r),
        _ => (0, s),
    };
    let (k, n) = match rest.iter().position(|b| *b == b'/') {
        Some(i) => {
            let k = parse_count(q, &rest[..i], "invalid chunk number");
            let n = parse_count(q, &rest[i + 1..], "invalid number of chunks")?;
            let k = match k {
                Err(e) => return Err(e),
                Ok(k) if k > n => {
                    return Err((
                        format!("invalid chunk number: {}{RANGE}", q.quote(&rest[..i])),
                        false,
                    ))
                }
                Ok(k) => k,
            };
            (k, n)
        }
        None => (0, parse_count(q, rest, "invalid number of chunks")?),
    };
    Ok(match kind {
        0 => Mode::Chunks(k, n),
        1 => Mode::LineChunks(k, n),
        _ => Mode::RoundRobin(k, n),
    })
}

/// GNU's output file names: a suffix counter over an alphabet that widens when automatic.
struct Namer {
    base: Vec<u8>,
    alphabet: &'static [u8],
    idx: Vec<usize>,
    auto: bool,
    addsuf: Vec<u8>,
    started: bool,
}

impl Namer {
    /// The next name, or `None` when the suffixes are exhausted.
    fn next(&mut self) -> Option<Vec<u8>> {
        if self.started {
            let mut i = self.idx.len();
            let mut done = false;
            while i > 0 {
                i -= 1;
                self.idx[i] += 1;
                if self.auto && i == 0 && self.idx[0] + 1 == self.alphabet.len() {
                    // Widen: the last letter joins the prefix and the suffix grows by one.
                    self.base.push(self.alphabet[self.idx[0]]);
                    self.idx = vec![0; self.idx.len() + 1];
                    done = true;
                    break;
                }
                if self.idx[i] < self.alphabet.len() {
                    done = true;
                    break;
                }
                self.idx[i] = 0;
            }
            if !done {
                return None;
            }
        }
        self.started = true;
        let mut name = self.base.clone();
        name.extend(self.idx.iter().map(|&i| self.alphabet[i]));
        name.extend_from_slice(&self.addsuf);
        Some(name)
    }
}

/// The output side: file naming, creation and `--verbose`.
struct Writer<'a> {
    ctx: &'a CommandCtx,
    namer: Namer,
    elide: bool,
    verbose: bool,
    cur: Option<Vec<u8>>,
}

impl Writer<'_> {
    /// GNU `cwrite`: `new` starts a new file; `data` is appended to the current one.
    async fn cwrite(
        &mut self,
        new: bool,
        data: Option<&[u8]>,
    ) -> Result<Result<(), i32>, Interrupt> {
        let ctx = self.ctx;
        if new {
            if data.is_none() && self.elide {
                return Ok(Ok(()));
            }
            let Some(name) = self.namer.next() else {
                ctx.diag("output file suffixes exhausted").await?;
                return Ok(Err(1));
            };
            if self.verbose {
                ctx.out(format!("creating file {}\n", opts::quoteaf(self.ctx, &name)).as_bytes())
                    .await?;
            }
            let abs = ctx.resolve(&name);
            if let Err(e) = ctx.sys.open(ctx.pid, &abs, OpenFlags::write_truncate()) {
                let e = opts::interrupted(e)?;
                ctx.diag_path(opts::quotef(self.ctx, &name).as_bytes(), e)
                    .await?;
                return Ok(Err(1));
            }
            self.cur = Some(name);
        }
        let (Some(d), Some(name)) = (data, &self.cur) else {
            return Ok(Ok(()));
        };
        if d.is_empty() {
            return Ok(Ok(()));
        }
        ctx.charge_bytes(d.len())?;
        let f = match ctx
            .sys
            .open(ctx.pid, &ctx.resolve(name), OpenFlags::append())
        {
            Ok(f) => f,
            Err(e) => {
                let e = opts::interrupted(e)?;
                ctx.diag_path(opts::quotef(self.ctx, name).as_bytes(), e)
                    .await?;
                return Ok(Err(1));
            }
        };
        if let Err(e) = ctx.sys.write_all(&f, d).await {
            let e = opts::interrupted(e)?;
            ctx.diag_path(opts::quotef(self.ctx, name).as_bytes(), e)
                .await?;
            return Ok(Err(1));
        }
        Ok(Ok(()))
    }
}

macro_rules! w {
    ($e:expr) => {
        if let Err(s) = $e.await? {
            return Ok(s);
        }
    };
}

/// GNU `line_bytes_split` over one buffer holding the whole input.
async fn line_bytes(w: &mut Writer<'_>, data: &[u8], n: u64, eol: u8) -> Result<i32, Interrupt> {
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    // The part of a line carried into the next chunk, reserved before it is kept.
    let (mut n_out, mut hold) = (0usize, w.ctx.reserved_buf());
    let mut split_line = false;
    let mut sob = 0;
    let mut n_left = data.len();
    while n_left > 0 {
        let mut split_rest = 0;
        let mut eoc = false;
        let eol_at = if n - n_out - hold.len() <= n_left {
            split_rest = n - n_out - hold.len();
            eoc = true;
            memchr::memrchr(eol, &data[sob..sob + split_rest])
        } else {
            memchr::memrchr(eol, &data[sob..sob + n_left])
        };
        if !(hold.is_empty() || (eol_at.is_none() && n_out > 0)) {
            let h = hold.take();
            w!(w.cwrite(n_out == 0, Some(&h[..])));
            n_out += h.len();
        }
        if let Some(e) = eol_at {
            split_line = true;
            let nw = e + 1;
            w!(w.cwrite(n_out == 0, Some(&data[sob..sob + nw])));
            n_out += nw;
            n_left -= nw;
            sob += nw;
            if eoc {
                split_rest -= nw;
            }
        }
        if n_left > 0 && !split_line {
            let nw = if eoc { split_rest } else { n_left };
            w!(w.cwrite(n_out == 0, Some(&data[sob..sob + nw])));
            n_out += nw;
            n_left -= nw;
            sob += nw;
            if eoc {
                split_rest -= nw;
            }
        }
        if (eoc && split_rest > 0) || (!eoc && n_left > 0) {
            let nb = if eoc { split_rest } else { n_left };
            hold.extend_from_slice(&data[sob..sob + nb])?;
            n_left -= nb;
            sob += nb;
        }
        if eoc {
            n_out = 0;
            split_line = false;
        }
    }
    if !hold.is_empty() {
        w!(w.cwrite(n_out == 0, Some(&hold[..])));
    }
    Ok(0)
}

/// GNU `lines_chunk_split` (k == 0: all chunks to files; else chunk k to stdout).
async fn line_chunks(
    w: &mut Writer<'_>,
    data: &[u8],
    k: u64,
    n: u64,
    eol: u8,
) -> Result<i32, Interrupt> {
    let size = data.len() as u64;
    let cs = size / n;
    let (mut chunk_no, mut chunk_end, mut written) = (1u64, cs as i128 - 1, 0u64);
    let mut new_file = true;
    let mut truncated = false;
    let mut out = Vec::new();
    while written < size {
        let bp = written as usize;
        let left = data.len() - bp;
        let skip = (chunk_end - written as i128).clamp(0, left as i128) as usize;
        let (end, next) = match memchr::memchr(eol, &data[bp + skip..]) {
            Some(i) => (bp + skip + i + 1, true),
            None => (data.len(), false),
        };
        if k == chunk_no {
            out.extend_from_slice(&data[bp..end]);
        } else if k == 0 {
            w!(w.cwrite(new_file, Some(&data[bp..end])));
        }
        written = end as u64;
        new_file = next;
        let mut next = next;
        while next || chunk_end < written as i128 {
            if !next && written == size {
                truncated = true;
                break;
            }
            chunk_no += 1;
            if k != 0 && chunk_no > k {
                w.ctx.out(&out).await?;
                return Ok(0);
            }
            if chunk_no == n {
                chunk_end = size as i128 - 1;
            } else {
                chunk_end += cs as i128;
            }
            if chunk_end < written as i128 {
                if k == 0 {
                    w!(w.cwrite(true, None));
                }
            } else {
                next = false;
            }
        }
    }
    if truncated {
        chunk_no += 1;
    }
    if k != 0 {
        w.ctx.out(&out).await?;
        return Ok(0);
    }
    while chunk_no <= n {
        chunk_no += 1;
        w!(w.cwrite(true, None));
    }
    Ok(0)
}

async fn split(w: &mut Writer<'_>, data: &[u8], mode: Mode, eol: u8) -> Result<i32, Interrupt> {
    let ctx = w.ctx;
    match mode {
        Mode::Lines(n) | Mode::Bytes(n) => {
            let mut pos = 0;
            while pos < data.len() {
                let end = if let Mode::Lines(_) = mode {
                    let mut e = pos;
                    for _ in 0..n {
                        match memchr::memchr(eol, &data[e..]) {
                            Some(i) => e += i + 1,
                            None => {
                                e = data.len();
                                break;
                            }
                        }
                        ctx.charge(crate::limits::cost::LINE)?;
                        if e == data.len() {
                            break;
                        }
                    }
                    e
                } else {
                    data.len()
                        .min(pos.saturating_add(usize::try_from(n).unwrap_or(usize::MAX)))
                };
                w!(w.cwrite(true, Some(&data[pos..end])));
                pos = end;
            }
            Ok(0)
        }
        Mode::LineBytes(n) => line_bytes(w, data, n, eol).await,
        Mode::Chunks(k, n) => {
            let size = data.len() as u64;
            let cs = (size / n).max(1);
            let bounds = |i: u64| {
                let a = ((i - 1) * cs).min(size) as usize;
                let b = if i == n { size } else { (i * cs).min(size) } as usize;
                (a, b)
            };
            if k != 0 {
                let (a, b) = bounds(k);
                ctx.out(&data[a..b]).await?;
                return Ok(0);
            }
            for i in 1..=n {
                let (a, b) = bounds(i);
                let d = if a < b { Some(&data[a..b]) } else { None };
                w!(w.cwrite(true, d));
            }
            Ok(0)
        }
        Mode::LineChunks(k, n) => line_chunks(w, data, k, n, eol).await,
        Mode::RoundRobin(k, n) => {
            let mut parts: Vec<Vec<u8>> = Vec::new();
            let mut pos = 0;
            let mut i = 0u64;
            let wanted = |i: u64| k == 0 || i % n == k - 1;
            let mut out = Vec::new();
            while pos < data.len() {
                let e = memchr::memchr(eol, &data[pos..]).map_or(data.len(), |x| pos + x + 1);
                ctx.charge(crate::limits::cost::LINE)?;
                if wanted(i) {
                    if k != 0 {
                        out.extend_from_slice(&data[pos..e]);
                    } else {
                        let slot = (i % n) as usize;
                        if parts.len() <= slot {
                            parts.resize(slot + 1, Vec::new());
                        }
                        parts[slot].extend_from_slice(&data[pos..e]);
                    }
                }
                pos = e;
                i += 1;
            }
            if k != 0 {
                ctx.out(&out).await?;
                return Ok(0);
            }
            for slot in 0..n as usize {
                let d = parts.get(slot).filter(|p| !p.is_empty());
                w!(w.cwrite(true, d.map(|p| p.as_slice())));
            }
            Ok(0)
        }
    }
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    if p.has(FILTER) {
        ctx.diag("--filter is not supported in this simulator")
            .await?;
        return Ok(2);
    }
    let mut mode: Option<Mode> = None;
    let mut suffix_len = 0usize;
    let mut alphabet: &'static [u8] = b"abcdefghijklmnopqrstuvwxyz";
    let mut start: Option<Vec<u8>> = None;
    let mut eol: Option<u8> = None;
    for (id, v) in &p.opts {
        let v = v.as_deref();
        let r: Result<(), Fail> = (|| {
            let new = match *id {
                b'l' => Some(Mode::Lines(parse_count(
                    Quoting::of(ctx),
                    v.unwrap_or(b""),
                    "invalid number of lines",
                )?)),
                b'b' => Some(Mode::Bytes(parse_size(
                    Quoting::of(ctx),
                    v.unwrap_or(b""),
                    "invalid number of bytes",
                )?)),
                b'C' => Some(Mode::LineBytes(parse_size(
                    Quoting::of(ctx),
                    v.unwrap_or(b""),
                    "invalid number of lines",
                )?)),
                b'n' => Some(parse_chunks(Quoting::of(ctx), v.unwrap_or(b""))?),
                _ => None,
            };
            if let Some(m) = new {
                let same =
                    |a: &Mode, b: &Mode| std::mem::discriminant(a) == std::mem::discriminant(b);
                if mode.as_ref().is_some_and(|old| !same(old, &m)) {
                    return Err(("cannot split in more than one way".into(), true));
                }
                mode = Some(m);
            }
            match *id {
                b'a' => {
                    let s = v.unwrap_or(b"");
                    let ok = !s.is_empty() && s.iter().all(u8::is_ascii_digit);
                    suffix_len = std::str::from_utf8(s)
                        .ok()
                        .filter(|_| ok)
                        .and_then(|t| t.parse().ok())
                        .ok_or_else(|| {
                            (
                                format!("invalid suffix length: {}", opts::quote(ctx, s)),
                                false,
                            )
                        })?;
                }
                b'd' | b'x' | NUMERIC | HEX => {
                    alphabet = if matches!(*id, b'd' | NUMERIC) {
                        b"0123456789"
                    } else {
                        b"0123456789abcdef"
                    };
                    if let Some(s) = v {
                        let valid =
                            |b: &u8| b.is_ascii_digit() || (*id == HEX && matches!(b, b'a'..=b'f'));
                        if s.is_empty() || !s.iter().all(valid) {
                            return Err((
                                format!(
                                    "{}: invalid start value for numerical suffix",
                                    opts::quote(ctx, s)
                                ),
                                true,
                            ));
                        }
                        // GNU drops leading zeros of FROM (keeping one digit).
                        let nz = s.iter().position(|b| *b != b'0').unwrap_or(s.len() - 1);
                        start = Some(s[nz..].to_vec());
                    }
                }
                b't' => {
                    let s = v.unwrap_or(b"");
                    let c = match s {
                        [] => return Err(("empty record separator".into(), false)),
                        [c] => *c,
                        b"\\0" => 0,
                        _ => {
                            return Err((
                                format!("multi-character separator {}", opts::quote(ctx, s)),
                                false,
                            ))
                        }
                    };
                    if eol.is_some_and(|e| e != c) {
                        return Err(("multiple separator characters specified".into(), false));
                    }
                    eol = Some(c);
                }
                _ => {}
            }
            Ok(())
        })();
        if let Err((m, try_line)) = r {
            return if try_line {
                opts::usage(ctx, &m, 1).await
            } else {
                ctx.diag(m).await?;
                Ok(1)
            };
        }
    }
    let mode = mode.unwrap_or(Mode::Lines(1000));
    if p.operands.len() > 2 {
        let m = format!("extra operand {}", opts::quote(ctx, &p.operands[2]));
        return opts::usage(ctx, &m, 1).await;
    }
    let input = p.operands.first().cloned().unwrap_or_else(|| b"-".to_vec());
    let base = p.operands.get(1).cloned().unwrap_or_else(|| b"x".to_vec());
    // GNU `set_suffix_length`.
    let mut auto = start.is_none();
    let mut needed = 0usize;
    if let Mode::Chunks(_, n) | Mode::LineChunks(_, n) | Mode::RoundRobin(_, n) = mode {
        let mut end = n - 1;
        if let Some(s) = &start {
            if let Some(st) = std::str::from_utf8(s)
                .ok()
                .and_then(|t| t.parse::<u64>().ok())
            {
                if st < n {
                    end += st;
                }
            }
        }
        let al = alphabet.len() as u64;
        let slop = end % al != 0;
        while {
            end /= al;
            end > 0
        } {
            needed += 1;
        }
        needed += usize::from(slop);
        auto = false;
    }
    if suffix_len > 0 {
        if suffix_len < needed {
            ctx.diag(format!("the suffix length needs to be at least {needed}"))
                .await?;
            return Ok(1);
        }
        auto = false;
    } else {
        suffix_len = needed.max(2);
    }
    if let Some(s) = &start {
        if s.len() > suffix_len {
            let m = "numerical suffix start value is too large for the suffix length";
            return opts::usage(ctx, m, 1).await;
        }
    }
    let mut idx = vec![0usize; suffix_len];
    if let Some(s) = &start {
        for (slot, b) in idx[suffix_len - s.len()..].iter_mut().zip(s) {
            *slot = alphabet.iter().position(|a| a == b).unwrap_or(0);
        }
    }
    if input == b"-" && matches!(mode, Mode::Chunks(..) | Mode::LineChunks(..)) {
        if let Some(f) = ctx.fd(0) {
            if matches!(f.desc, Desc::PipeRead(_)) {
                ctx.diag("-: cannot determine file size").await?;
                return Ok(1);
            }
        }
    }
    let data = match ctx.read_all_input(&input).await {
        Ok(d) => d,
        Err(e) => {
            let e = opts::interrupted(e)?;
            ctx.diag(format!(
                "cannot open {} for reading: {}",
                opts::quoteaf(ctx, &input),
                e.message()
            ))
            .await?;
            return Ok(1);
        }
    };
    ctx.charge_bytes(data.len())?;
    let mut w = Writer {
        ctx,
        namer: Namer {
            base,
            alphabet,
            idx,
            auto,
            addsuf: p.last(ADDSUF).unwrap_or(b"").to_vec(),
            started: false,
        },
        elide: p.has(b'e'),
        verbose: p.has(VERBOSE),
        cur: None,
    };
    split(&mut w, &data, mode, eol.unwrap_or(b'\n')).await
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests;
