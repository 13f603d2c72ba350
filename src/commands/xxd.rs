//! `xxd` (the 2022-01-14 release): the hex dump with its `-b` bits, `-e` little-endian,
//! `-p` plain and `-i` C include layouts, `-s` seeking, `-o`/`-d` addresses, and `-r -p`.
//! xxd reads its options its own way: each word is known by its first two characters
//! (`-ps` is `-p`, `-cols 8` is `-c 8`), numbers are C `strtol` (so `010` is octal and
//! garbage is 0), and options must come before the file operands.

use super::opts::{self, Out};
use super::textio;
use crate::process::command::{CommandCtx, Trust};
use crate::process::fd::Desc;
use crate::process::{Interrupt, OpenFile, OpenFlags};
use std::rc::Rc;

pub fn register(r: &mut super::Registry) {
    r.register(
        "xxd",
        Trust::Real,
        "make a hex dump or do the reverse",
        "-b -C -c N -d -e -g N -i -l N -n NAME -o OFF -p -r (with -p) -s [+][-]N -u -v -a (no -E)",
        run_xxd,
    );
    r.register(
        "hexdump",
        Trust::Real,
        "display file contents in hexadecimal",
        "-C -v -n N -s N (no -e formats)",
        super::hexdump::run_hexdump,
    );
}

const USAGE: &str = "Usage:
       xxd [options] [infile [outfile]]
    or
       xxd -r [-s [-]offset] [-c cols] [-ps] [infile [outfile]]
Options:
    -a          toggle autoskip: A single '*' replaces nul-lines. Default off.
    -b          binary digit dump (incompatible with -ps,-i,-r). Default hex.
    -C          capitalize variable names in C include file style (-i).
    -c cols     format <cols> octets per line. Default 16 (-i: 12, -ps: 30).
    -E          show characters in EBCDIC. Default ASCII.
    -e          little-endian dump (incompatible with -ps,-i,-r).
    -g bytes    number of octets per group in normal output. Default 2 (-e: 4).
    -h          print this summary.
    -i          output in C include file style.
    -l len      stop after <len> octets.
    -n name     set the variable name used in C include output (-i).
    -o off      add <off> to the displayed file position.
    -ps         output in postscript plain hexdump style.
    -r          reverse operation: convert (or patch) hexdump into binary.
    -r -s off   revert with <off> added to file positions found in hexdump.
    -d          show offset in decimal instead of hex.
    -s [+][-]seek  start at <seek> bytes abs. (or +: rel.) infile offset.
    -u          use upper case hex letters.
    -v          show version: \"xxd 2022-01-14 by Juergen Weigert et al.\".
";

/// Most octets per line of the dump layouts.
const COLS: i64 = 256;

/// A decimal or `0x` hexadecimal count (hexdump's options).
pub(super) fn num(v: &[u8]) -> Option<u64> {
    let s = std::str::from_utf8(v).ok()?;
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        return u64::from_str_radix(h, 16).ok();
    }
    s.parse().ok()
}

/// C `strtoul(s, NULL, 0)` as a 64-bit value: leading blanks and a sign, `0x` hexadecimal,
/// `0` octal, digits up to the first that does not belong; nothing readable is 0, a minus
/// negates modulo 2^64, and too large saturates.
fn strtoul(s: &[u8]) -> u64 {
    let mut i = 0;
    while s.get(i).is_some_and(|c| c.is_ascii_whitespace()) {
        i += 1;
    }
    let neg = s.get(i) == Some(&b'-');
    if matches!(s.get(i), Some(b'-' | b'+')) {
        i += 1;
    }
    let mut radix = 10;
    if s.get(i) == Some(&b'0') {
        if matches!(s.get(i + 1), Some(b'x' | b'X'))
            && s.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
        {
            radix = 16;
            i += 2;
        } else {
            radix = 8;
        }
    }
    let mut v: u64 = 0;
    while let Some(d) = s.get(i).and_then(|&c| (c as char).to_digit(radix)) {
        v = match v
            .checked_mul(u64::from(radix))
            .and_then(|x| x.checked_add(u64::from(d)))
        {
            Some(x) => x,
            None => return u64::MAX,
        };
        i += 1;
    }
    if neg {
        v.wrapping_neg()
    } else {
        v
    }
}

/// C `strtol(s, NULL, 0)`: as [`strtoul`], saturating at the signed range.
fn strtol(s: &[u8]) -> i64 {
    let t = s.trim_ascii_start();
    let neg = t.first() == Some(&b'-');
    let body = t
        .strip_prefix(b"-")
        .or_else(|| t.strip_prefix(b"+"))
        .unwrap_or(t);
    let v = strtoul(body);
    match (neg, i64::try_from(v)) {
        (false, Ok(x)) => x,
        (false, Err(_)) => i64::MAX,
        (true, Ok(x)) => -x,
        (true, Err(_)) => i64::MIN,
    }
}

pub(super) fn printable(b: u8) -> u8 {
    if (0x20..0x7f).contains(&b) {
        b
    } else {
        b'.'
    }
}

/// hexdump's reader: the operands in turn, after skipping `skip` bytes, up to `limit`.
pub(super) async fn read_all(
    ctx: &CommandCtx,
    ops: &[Vec<u8>],
    limit: Option<u64>,
    skip: u64,
    mut each: impl FnMut(&[u8], &mut Out),
    out: &mut Out,
) -> Result<i32, Interrupt> {
    let mut status = 0;
    let mut remaining = limit;
    let mut to_skip = skip;
    for op in ops {
        let Some(f) = textio::open(ctx, op).await? else {
            status = 1;
            continue;
        };
        while remaining != Some(0) {
            let mut c = match textio::chunk(ctx, &f, op).await? {
                Ok(Some(c)) => c,
                Ok(None) => break,
                Err(()) => {
                    status = 1;
                    break;
                }
            };
            if to_skip > 0 {
                let k = (to_skip as usize).min(c.len());
                c.drain(..k);
                to_skip -= k as u64;
            }
            if let Some(r) = remaining.as_mut() {
                c.truncate((*r).min(c.len() as u64) as usize);
                *r -= c.len() as u64;
            }
            each(&c, out);
            out.maybe_flush(ctx).await?;
        }
    }
    Ok(status)
}

/// The output layout (the last of `-b`, `-e`, `-i`, `-p` wins).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Normal,
    Bits,
    Little,
    Plain,
    Include,
}

struct Args {
    kind: Kind,
    /// `-a`: runs of all-zero lines shrink to `*`.
    autoskip: bool,
    upper: bool,
    capitalize: bool,
    decimal: bool,
    revert: bool,
    cols: Option<i64>,
    group: Option<i64>,
    /// Negative: no limit.
    length: i64,
    seek: i64,
    relseek: bool,
    negseek: bool,
    display_off: u64,
    name: Option<Vec<u8>>,
    files: Vec<Vec<u8>>,
}

/// Why the options were refused: the usage text, or a message and status.
enum Refusal {
    Usage,
    Unsupported(&'static str),
    Version,
}

fn parse(args: &[Vec<u8>]) -> Result<Args, Refusal> {
    let mut a = Args {
        kind: Kind::Normal,
        autoskip: false,
        upper: false,
        capitalize: false,
        decimal: false,
        revert: false,
        cols: None,
        group: None,
        length: -1,
        seek: 0,
        relseek: false,
        negseek: false,
        display_off: 0,
        name: None,
        files: Vec::new(),
    };
    let mut i = 0;
    while i < args.len() {
        let w = &args[i][..];
        // `--opt` is read as `-opt`.
        let pp = if w.starts_with(b"--") && w.len() > 2 {
            &w[1..]
        } else {
            w
        };
        // An option's value: the rest of its word unless that spells the long name, else
        // the next word.
        let mut value = |long: &[u8]| -> Result<Vec<u8>, Refusal> {
            let rest = &pp[2..];
            if !rest.is_empty() && !rest.starts_with(long) {
                return Ok(rest.to_vec());
            }
            i += 1;
            args.get(i).cloned().ok_or(Refusal::Usage)
        };
        match pp.get(..2) {
            Some(b"-a") => a.autoskip = !a.autoskip,
            Some(b"-E") => return Err(Refusal::Unsupported("-E (EBCDIC)")),
            Some(b"-b") => a.kind = Kind::Bits,
            Some(b"-e") => a.kind = Kind::Little,
            Some(b"-u") => a.upper = true,
            Some(b"-p") => a.kind = Kind::Plain,
            Some(b"-i") => a.kind = Kind::Include,
            Some(b"-C") => a.capitalize = true,
            Some(b"-d") => a.decimal = true,
            Some(b"-r") => a.revert = true,
            Some(b"-v") => return Err(Refusal::Version),
            Some(b"-c") if pp[2..].starts_with(b"apitalize") => a.capitalize = true,
            Some(b"-c") => a.cols = Some(strtol(&value(b"ols")?)),
            Some(b"-g") => a.group = Some(strtol(&value(b"roup")?)),
            Some(b"-l") => a.length = strtol(&value(b"en")?),
            Some(b"-n") => a.name = Some(value(b"ame")?),
            Some(b"-o") => {
                let attached = pp.len() > 2 && !pp[2..].starts_with(b"ffset");
                let v = value(b"ffset")?;
                a.display_off = if attached {
                    strtoul(&v)
                } else {
                    let v = v.strip_prefix(b"+").unwrap_or(&v);
                    match v.strip_prefix(b"-") {
                        Some(n) => strtoul(n).wrapping_neg(),
                        None => strtoul(v),
                    }
                };
            }
            Some(b"-s") => {
                let rest = &pp[2..];
                let v =
                    if !rest.is_empty() && !rest.starts_with(b"kip") && !rest.starts_with(b"eek") {
                        rest.to_vec()
                    } else {
                        i += 1;
                        args.get(i).cloned().ok_or(Refusal::Usage)?
                    };
                a.relseek = v.first() == Some(&b'+');
                let v = &v[usize::from(a.relseek)..];
                a.negseek = v.first() == Some(&b'-');
                a.seek = strtol(&v[usize::from(a.negseek)..]);
            }
            _ if pp == b"--" => {
                i += 1;
                break;
            }
            _ if pp.len() > 1 && pp[0] == b'-' => return Err(Refusal::Usage),
            _ => break,
        }
        i += 1;
    }
    a.files = args[i.min(args.len())..].to_vec();
    if a.files.len() > 2 {
        return Err(Refusal::Usage);
    }
    Ok(a)
}

async fn xxd(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let a = match parse(ctx.args()) {
        Ok(a) => a,
        Err(Refusal::Usage) => {
            ctx.err(USAGE.as_bytes()).await?;
            return Ok(1);
        }
        Err(Refusal::Version) => {
            ctx.err(b"xxd 2022-01-14 by Juergen Weigert et al.\n")
                .await?;
            return Ok(0);
        }
        Err(Refusal::Unsupported(what)) => {
            ctx.mark_partial(format!("xxd {what}"));
            ctx.diag(format!("{what} is not supported in this simulator"))
                .await?;
            return Ok(1);
        }
    };
    let mut cols = match a.cols {
        Some(c) if c != 0 || a.kind == Kind::Plain => c,
        _ => match a.kind {
            Kind::Plain => 30,
            Kind::Include => 12,
            Kind::Bits => 6,
            Kind::Normal | Kind::Little => 16,
        },
    };
    let dump = matches!(a.kind, Kind::Normal | Kind::Bits | Kind::Little);
    if cols < 0 || (a.kind != Kind::Plain && cols < 1) || (dump && cols > COLS) {
        ctx.diag(format!("invalid number of columns (max. {COLS})."))
            .await?;
        return Ok(1);
    }
    let mut group = a.group.unwrap_or(match a.kind {
        Kind::Bits => 1,
        Kind::Normal => 2,
        Kind::Little => 4,
        Kind::Plain | Kind::Include => 0,
    });
    if group < 1 || group > cols {
        group = cols;
    } else if a.kind == Kind::Little && group & (group - 1) != 0 {
        ctx.diag("number of octets per group must be a power of 2 with -e.")
            .await?;
        return Ok(1);
    }
    let from_stdin = a.files.first().is_none_or(|f| f == b"-");
    let input = if from_stdin {
        ctx.fd(0)
    } else {
        match ctx
            .sys
            .open(ctx.pid, &ctx.resolve(&a.files[0]), OpenFlags::read())
        {
            Ok(f) => Some(f),
            Err(e) => {
                let e = opts::interrupted(e)?;
                let m = [&a.files[0][..], b": ", e.message().as_bytes()].concat();
                ctx.diag(m).await?;
                return Ok(2);
            }
        }
    };
    let output = match a.files.get(1).filter(|o| o.as_slice() != b"-") {
        None => None,
        Some(o) => {
            // The reverse patches the file in place; a dump replaces it.
            let flags = if a.revert {
                OpenFlags {
                    write: true,
                    create: true,
                    ..Default::default()
                }
            } else {
                OpenFlags::write_truncate()
            };
            match ctx.sys.open(ctx.pid, &ctx.resolve(o), flags) {
                Ok(f) => Some((o.clone(), f)),
                Err(e) => {
                    let e = opts::interrupted(e)?;
                    ctx.diag([&o[..], b": ", e.message().as_bytes()].concat())
                        .await?;
                    return Ok(3);
                }
            }
        }
    };
    let mut x = Xxd {
        ctx,
        input,
        output,
        out: Out::new(),
    };
    if a.revert {
        if a.kind != Kind::Plain || a.seek != 0 || a.negseek {
            ctx.mark_partial("xxd -r without -p");
            ctx.diag("-r is only supported with -p (and no -s) in this simulator")
                .await?;
            return Ok(1);
        }
        return x.revert().await;
    }
    let Some(seekoff) = x.seek(&a).await? else {
        ctx.diag("Sorry, cannot seek.").await?;
        return Ok(4);
    };
    let hex: &[u8; 16] = if a.upper {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    if a.kind == Kind::Include {
        let name = a
            .name
            .clone()
            .or_else(|| (!from_stdin).then(|| a.files[0].clone()));
        return x.include(&a, name, cols, hex).await;
    }
    if a.kind == Kind::Plain {
        let mut left = cols;
        let mut n: i64 = 0;
        let status = x
            .each(a.length, |b, out| {
                out.buf
                    .extend_from_slice(&[hex[usize::from(b >> 4)], hex[usize::from(b & 15)]]);
                n += 1;
                if cols > 0 {
                    left -= 1;
                    if left == 0 {
                        out.buf.push(b'\n');
                        left = cols;
                    }
                }
            })
            .await?;
        if status != 0 {
            return Ok(status);
        }
        if cols == 0 || left < cols {
            x.out.buf.push(b'\n');
        }
        return x.finish().await;
    }
    // The dump layouts place each octet in a line of blanks as xxd does, so odd group
    // sizes with -e overlap exactly as they do there.
    let bits = a.kind == Kind::Bits;
    let grplen = if bits { 8 * group + 1 } else { 2 * group + 1 };
    let text_at = (grplen * cols - 1) / group;
    cols = cols.max(1);
    let mut line: Vec<u8> = Vec::new();
    let (mut p, mut addrlen, mut end): (i64, i64, usize) = (0, 0, 0);
    let mut n: u64 = 0;
    let mut nonzero = false;
    let mut skip = Skip::default();
    let status = x
        .each(a.length, |e, out| {
            if p == 0 {
                let addr = n.wrapping_add(seekoff).wrapping_add(a.display_off);
                let s = if a.decimal {
                    format!("{:08}:", addr as i64)
                } else {
                    format!("{addr:08x}:")
                };
                addrlen = s.len() as i64;
                line.clear();
                line.extend_from_slice(s.as_bytes());
            }
            let xpos = if a.kind == Kind::Little {
                p ^ (group - 1)
            } else {
                p
            };
            let mut c = (addrlen + 1 + (grplen * xpos) / group) as usize;
            let mut put = |at: usize, b: u8| {
                if line.len() <= at {
                    line.resize(at + 1, b' ');
                }
                line[at] = b;
            };
            if bits {
                for i in (0..8).rev() {
                    put(c, if e & (1 << i) != 0 { b'1' } else { b'0' });
                    c += 1;
                }
            } else {
                put(c, hex[usize::from(e >> 4)]);
                put(c + 1, hex[usize::from(e & 15)]);
            }
            let t = (addrlen + 3 + text_at + p) as usize;
            put(t, printable(e));
            end = t + 1;
            nonzero |= e != 0;
            n += 1;
            p += 1;
            if p == cols {
                let nz = if a.autoskip { i32::from(nonzero) } else { 1 };
                skip.line(&mut out.buf, &line[..end], nz);
                nonzero = false;
                p = 0;
            }
        })
        .await?;
    if status != 0 {
        return Ok(status);
    }
    if p != 0 {
        skip.line(&mut x.out.buf, &line[..end], 1);
    } else if a.autoskip {
        skip.line(&mut x.out.buf, &line[..end.min(line.len())], -1);
    }
    x.finish().await
}

/// xxd's `xxdline`: under `-a` the second of a run of zero lines is held back, and a
/// longer run shows as `*`; `nz` is 0 for a zero line, 1 otherwise, -1 at the end.
#[derive(Default)]
struct Skip {
    held: Vec<u8>,
    zero_seen: i32,
}

impl Skip {
    fn line(&mut self, out: &mut Vec<u8>, l: &[u8], nz: i32) {
        if nz == 0 && self.zero_seen == 1 {
            self.held = l.to_vec();
        }
        let first = self.zero_seen == 0;
        if nz == 0 {
            self.zero_seen += 1;
        }
        if nz == 0 && !first {
            return;
        }
        if nz != 0 {
            if nz < 0 {
                self.zero_seen -= 1;
            }
            if self.zero_seen == 2 {
                out.extend_from_slice(&self.held);
                out.push(b'\n');
            }
            if self.zero_seen > 2 {
                out.extend_from_slice(b"*\n");
            }
        }
        if nz >= 0 || self.zero_seen > 0 {
            out.extend_from_slice(l);
            out.push(b'\n');
        }
        if nz != 0 {
            self.zero_seen = 0;
        }
    }
}

struct Xxd<'a> {
    ctx: &'a CommandCtx,
    input: Option<Rc<OpenFile>>,
    output: Option<(Vec<u8>, Rc<OpenFile>)>,
    out: Out,
}

impl Xxd<'_> {
    /// Moves to `-s`'s offset and returns the address of the first octet, or `None` when
    /// xxd cannot seek. A regular file is seeked (xxd seeks to 0 even without `-s`); any
    /// other input is read and dropped up to the offset.
    async fn seek(&mut self, a: &Args) -> Result<Option<u64>, Interrupt> {
        let ctx = self.ctx;
        let Some(f) = self.input.clone() else {
            return Ok(Some(a.seek as u64));
        };
        // `-s +0` does not seek at all.
        if a.relseek && !a.negseek && a.seek == 0 {
            return Ok(Some(0));
        }
        if let Desc::File { path, offset, .. } = &f.desc {
            let size = ctx.vfs().stat(path).map(|s| s.size).unwrap_or(0) as i128;
            let off = i128::from(if a.negseek { -a.seek } else { a.seek });
            let target = if a.relseek {
                i128::from(offset.get()) + off
            } else if a.negseek {
                size + off
            } else {
                off
            };
            if let Ok(t) = u64::try_from(target) {
                offset.set(t);
                return Ok(Some(t));
            }
            if a.negseek {
                return Ok(None);
            }
        } else if a.negseek {
            return Ok(None);
        }
        let mut left = a.seek.max(0) as u64;
        while left > 0 {
            let c = match ctx.sys.read(&f, left.min(65536) as usize).await {
                Ok(c) => c,
                Err(e) => {
                    opts::interrupted(e)?;
                    Vec::new()
                }
            };
            if c.is_empty() {
                return Ok(None);
            }
            ctx.charge_bytes(c.len())?;
            left -= c.len() as u64;
        }
        Ok(Some(a.seek as u64))
    }

    /// Feeds each input octet, up to `length` (negative: all), to `f`; a read error is
    /// xxd's exit 2.
    async fn each(
        &mut self,
        length: i64,
        mut f: impl FnMut(u8, &mut Out),
    ) -> Result<i32, Interrupt> {
        let ctx = self.ctx;
        let Some(file) = self.input.clone() else {
            return Ok(0);
        };
        let mut left = u64::try_from(length).ok();
        while left != Some(0) {
            let want = left.map_or(65536, |l| l.min(65536) as usize);
            let chunk = match ctx.sys.read(&file, want).await {
                Ok(c) => c,
                Err(e) => {
                    let e = opts::interrupted(e)?;
                    self.finish().await?;
                    ctx.diag(e.message()).await?;
                    return Ok(2);
                }
            };
            if chunk.is_empty() {
                break;
            }
            ctx.charge_bytes(chunk.len())?;
            if let Some(l) = left.as_mut() {
                *l -= chunk.len() as u64;
            }
            for &b in &chunk {
                f(b, &mut self.out);
            }
            if self.out.buf.len() >= opts::OUT_CHUNK {
                self.write_out().await?;
            }
        }
        Ok(0)
    }

    /// `-i`: the octets as C initializers, inside an array declaration named after the
    /// input file (or `-n`) unless the input is standard input.
    async fn include(
        &mut self,
        a: &Args,
        name: Option<Vec<u8>>,
        cols: i64,
        hex: &[u8; 16],
    ) -> Result<i32, Interrupt> {
        let ident = name.map(|n| {
            let mut s = if n.first().is_some_and(u8::is_ascii_digit) {
                b"__".to_vec()
            } else {
                Vec::new()
            };
            s.extend(n.iter().map(|&c| match c {
                _ if c.is_ascii_alphanumeric() && a.capitalize => c.to_ascii_uppercase(),
                _ if c.is_ascii_alphanumeric() => c,
                _ => b'_',
            }));
            s
        });
        if let Some(id) = &ident {
            self.out
                .push(&[b"unsigned char ", &id[..], b"[] = {\n"].concat());
        }
        let prefix: &[u8] = if a.upper { b"0X" } else { b"0x" };
        let mut p: i64 = 0;
        let status = self
            .each(a.length, |b, out| {
                let sep: &[u8] = match p {
                    0 => b"  ",
                    _ if p % cols == 0 => b",\n  ",
                    _ => b", ",
                };
                out.push(sep);
                out.push(prefix);
                out.push(&[hex[usize::from(b >> 4)], hex[usize::from(b & 15)]]);
                p += 1;
            })
            .await?;
        if status != 0 {
            return Ok(status);
        }
        if p > 0 {
            self.out.push(b"\n");
        }
        if let Some(id) = &ident {
            let len = if a.capitalize { "LEN" } else { "len" };
            self.out.push(b"};\nunsigned int ");
            self.out.push(id);
            self.out.push(format!("_{len} = {p};\n").as_bytes());
        }
        self.finish().await
    }

    /// `-r -p`: hex digit pairs back to bytes, everything else ignored.
    async fn revert(&mut self) -> Result<i32, Interrupt> {
        let mut hi: Option<u8> = None;
        let status = self
            .each(-1, |b, out| {
                let v = match b {
                    b'0'..=b'9' => b - b'0',
                    b'a'..=b'f' => b - b'a' + 10,
                    b'A'..=b'F' => b - b'A' + 10,
                    _ => return,
                };
                match hi.take() {
                    Some(h) => out.buf.push(h << 4 | v),
                    None => hi = Some(v),
                }
            })
            .await?;
        if status != 0 {
            return Ok(status);
        }
        self.finish().await
    }

    async fn write_out(&mut self) -> Result<(), Interrupt> {
        match &self.output {
            None => self.out.flush(self.ctx).await,
            Some((_, f)) => {
                let data = std::mem::take(&mut self.out.buf);
                match self.ctx.sys.write_all(f, &data).await {
                    Ok(()) => Ok(()),
                    Err(e) => {
                        opts::interrupted(e)?;
                        Ok(())
                    }
                }
            }
        }
    }

    async fn finish(&mut self) -> Result<i32, Interrupt> {
        self.write_out().await?;
        Ok(0)
    }
}

crate::command_fn!(run_xxd, xxd);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    const H: &[u8] = b"hello world\n";

    fn t(args: &[&str], input: &[u8]) -> String {
        text(run(args, input)).1
    }

    #[test]
    fn xxd_layouts() {
        assert_eq!(
            t(&["xxd"], H),
            "00000000: 6865 6c6c 6f20 776f 726c 640a            hello world.\n"
        );
        assert_eq!(t(&["xxd", "-p"], H), "68656c6c6f20776f726c640a\n");
        assert_eq!(t(&["xxd", "-ps"], H), "68656c6c6f20776f726c640a\n");
        assert_eq!(
            t(&["xxd", "-c", "4", "-l", "6"], H),
            "00000000: 6865 6c6c  hell\n00000004: 6f20       o \n"
        );
        assert_eq!(
            t(&["xxd", "-g", "1", "-u", "-c", "4"], b"abcdefgh"),
            "00000000: 61 62 63 64  abcd\n00000004: 65 66 67 68  efgh\n"
        );
        assert_eq!(t(&["xxd", "-r", "-p"], b"68656c6c6f0a\n"), "hello\n");
        assert_eq!(t(&["xxd"], b""), "");
    }

    /// Checked against xxd 2022-01-14.
    #[test]
    fn xxd_other_layouts() {
        let s = b"hello world, this is xxd!\n";
        assert_eq!(t(&["xxd", "-i"], b"ab"), "  0x61, 0x62\n");
        assert_eq!(
            t(&["xxd", "-i", "-n", "9x", "-C", "-l", "1"], b"ab"),
            "unsigned char __9X[] = {\n  0x61\n};\nunsigned int __9X_LEN = 1;\n"
        );
        assert_eq!(
            t(&["xxd", "-e", "-c", "6"], s).lines().next().unwrap(),
            "00000000: 6c6c6568     206fllo "
        );
        assert_eq!(
            t(&["xxd", "-e", "-l", "11", "-g", "2"], s),
            "00000000: 6568 6c6c 206f 6f77 6c72   64            hello world\n"
        );
    }

    #[test]
    fn numbers_read_as_strtol() {
        assert_eq!(super::strtol(b"010"), 8);
        assert_eq!(super::strtol(b"0x1f"), 31);
        assert_eq!(super::strtol(b"5p"), 5);
        assert_eq!(super::strtol(b"abc"), 0);
        assert_eq!(super::strtol(b"-3"), -3);
        assert_eq!(super::strtoul(b"-5"), u64::MAX - 4);
    }
}
