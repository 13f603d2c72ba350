//! `od`: dump files in octal and other formats (GNU coreutils 9.1), streaming block by block.
//! Floats (`-t f4`/`f8`, `-f`, `-F`, `-e`) print the shortest text that reads back to the same
//! value, as coreutils' ftoastr does; long double (`-t fL`, `f16`) is refused.

use super::opts::{self, flag, req, OptDef, Out, Parser, Quoting};
use super::textio;
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;

pub fn register(r: &mut super::Registry) {
    r.register("od", Trust::Real, "dump files in octal and other formats", "-A d|o|x|n -t [doux][1248CSIL][z] f[48FD] a c -b -c -d -o -s -x -i -l -f -F -e -B -D -h -H -X -O -I -L -j N -N N -w[N] -v --traditional (one file operand; no long double)", run);
}

const DEFS: &[OptDef] = &[
    req(b'A', "address-radix"),
    req(b'j', "skip-bytes"),
    req(b'N', "read-bytes"),
    req(b't', "format"),
    flag(b'v', "output-duplicates"),
    req(b'w', "width"),
    flag(b'a', ""),
    flag(b'b', ""),
    flag(b'c', ""),
    flag(b'd', ""),
    flag(b'o', ""),
    flag(b's', ""),
    flag(b'x', ""),
    flag(b'i', ""),
    flag(b'l', ""),
    // GNU's older single-letter types.
    flag(b'B', ""),
    flag(b'D', ""),
    flag(b'h', ""),
    flag(b'H', ""),
    flag(b'X', ""),
    flag(b'O', ""),
    flag(b'I', ""),
    flag(b'L', ""),
    flag(b'f', ""),
    flag(b'F', ""),
    flag(b'e', ""),
    flag(TRADITIONAL, "traditional"),
];

const TRADITIONAL: u8 = 0x80;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ty {
    Signed,
    Unsigned,
    Octal,
    Hex,
    Named,
    Char,
    Float,
}

#[derive(Clone, Copy)]
struct Spec {
    ty: Ty,
    size: usize,
    z: bool,
    width: usize,
}

fn spec_width(ty: Ty, size: usize) -> usize {
    match ty {
        Ty::Hex => 2 * size,
        Ty::Octal => (size * 8).div_ceil(3),
        Ty::Unsigned => match size {
            1 => 3,
            2 => 5,
            4 => 10,
            _ => 20,
        },
        Ty::Signed => match size {
            1 => 4,
            2 => 6,
            4 => 11,
            _ => 20,
        },
        Ty::Named | Ty::Char => 3,
        Ty::Float if size == 4 => 15,
        Ty::Float => 24,
    }
}

fn parse_specs(q: Quoting, s: &[u8], out: &mut Vec<Spec>) -> Result<(), String> {
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        i += 1;
        let ty = match c {
            b'd' => Ty::Signed,
            b'u' => Ty::Unsigned,
            b'o' => Ty::Octal,
            b'x' => Ty::Hex,
            b'a' => Ty::Named,
            b'c' => Ty::Char,
            b'f' => {
                let size = match s.get(i) {
                    Some(b'F') => {
                        i += 1;
                        4
                    }
                    Some(b'D') => {
                        i += 1;
                        8
                    }
                    Some(b'L') => {
                        return Err("long double (-t fL) is not supported by this simulator".into())
                    }
                    Some(b'0'..=b'9') => {
                        let st = i;
                        while i < s.len() && s[i].is_ascii_digit() {
                            i += 1;
                        }
                        match &s[st..i] {
                            b"4" => 4,
                            b"8" => 8,
                            b"16" | b"10" | b"12" => return Err("long double (-t f16) is not supported by this simulator".into()),
                            n => return Err(format!("invalid type string {};\nthis system doesn't provide a {}-byte floating point type", q.quote(s), String::from_utf8_lossy(n))),
                        }
                    }
                    Some(c) if c.is_ascii_alphabetic() && !b"doxuacf".contains(c) && *c != b'z' => {
                        return Err(format!(
                            "invalid character '{}' in type string {}",
                            *c as char,
                            q.quote(s)
                        ));
                    }
                    _ => 8,
                };
                let z = s.get(i) == Some(&b'z');
                if z {
                    i += 1;
                }
                out.push(Spec {
                    ty: Ty::Float,
                    size,
                    z,
                    width: spec_width(Ty::Float, size),
                });
                continue;
            }
            c => {
                return Err(format!(
                    "invalid character '{}' in type string {}",
                    c as char,
                    q.quote(s)
                ))
            }
        };
        let mut size = if matches!(ty, Ty::Named | Ty::Char) {
            1
        } else {
            4
        };
        if !matches!(ty, Ty::Named | Ty::Char) && i < s.len() {
            match s[i] {
                b'C' => {
                    size = 1;
                    i += 1;
                }
                b'S' => {
                    size = 2;
                    i += 1;
                }
                b'I' => {
                    size = 4;
                    i += 1;
                }
                b'L' => {
                    size = 8;
                    i += 1;
                }
                b'0'..=b'9' => {
                    let st = i;
                    while i < s.len() && s[i].is_ascii_digit() {
                        i += 1;
                    }
                    size = std::str::from_utf8(&s[st..i]).unwrap().parse().unwrap_or(0);
                    if ![1, 2, 4, 8].contains(&size) {
                        return Err(format!("invalid type string {};\nthis system doesn't provide a {}-byte integral type", q.quote(s), String::from_utf8_lossy(&s[st..i])));
                    }
                }
                _ => {}
            }
        }
        let mut z = false;
        if i < s.len() && s[i] == b'z' {
            z = true;
            i += 1;
        }
        out.push(Spec {
            ty,
            size,
            z,
            width: spec_width(ty, size),
        });
    }
    Ok(())
}

const NAMES: [&str; 33] = [
    "nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht", "nl", "vt", "ff", "cr",
    "so", "si", "dle", "dc1", "dc2", "dc3", "dc4", "nak", "syn", "etb", "can", "em", "sub", "esc",
    "fs", "gs", "rs", "us", "sp",
];

/// `%.{digits}g` of `x`, with C's rules: scientific form when the exponent is below -4 or
/// not below the precision, trailing zeros removed, at least two exponent digits.
fn format_g(x: f64, digits: usize) -> String {
    let sci = format!("{:.*e}", digits - 1, x);
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let trim = |t: &str| -> String {
        if t.contains('.') {
            t.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            t.to_string()
        }
    };
    if exp < -4 || exp >= digits as i32 {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{}e{sign}{:02}", trim(mantissa), exp.unsigned_abs())
    } else {
        let decimals = (digits as i32 - 1 - exp).max(0) as usize;
        trim(&format!("{x:.decimals$}"))
    }
}

/// The shortest `%g` text that reads back as the same value (coreutils' ftoastr): from the
/// type's guaranteed digits (6 or 15; 1 for subnormals) up to its round-trip maximum.
fn shortest_float(x: f64, single: bool) -> String {
    if x.is_nan() {
        return if x.is_sign_negative() { "-nan" } else { "nan" }.into();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-inf" } else { "inf" }.into();
    }
    let (min_normal, first, last) = if single {
        (f32::MIN_POSITIVE as f64, 6, 9)
    } else {
        (f64::MIN_POSITIVE, 15, 17)
    };
    let start = if x.abs() < min_normal { 1 } else { first };
    for digits in start..last {
        let text = format_g(x, digits);
        let back = if single {
            text.parse::<f32>().ok().map(|v| v as f64)
        } else {
            text.parse::<f64>().ok()
        };
        if back == Some(x) {
            return text;
        }
    }
    format_g(x, last)
}

fn format_item(sp: &Spec, bytes: &[u8]) -> String {
    let mut v: u64 = 0;
    for (k, b) in bytes.iter().enumerate() {
        v |= (*b as u64) << (8 * k);
    }
    match sp.ty {
        Ty::Float if sp.size == 4 => shortest_float(f32::from_bits(v as u32) as f64, true),
        Ty::Float => shortest_float(f64::from_bits(v), false),
        Ty::Hex => format!("{:0w$x}", v, w = sp.width),
        Ty::Octal => format!("{:0w$o}", v, w = sp.width),
        Ty::Unsigned => format!("{v}"),
        Ty::Signed => {
            let bits = sp.size * 8;
            let s = if bits == 64 {
                v as i64
            } else {
                ((v << (64 - bits)) as i64) >> (64 - bits)
            };
            format!("{s}")
        }
        Ty::Named => {
            let b = bytes[0] & 0x7f;
            if (b as usize) < NAMES.len() {
                NAMES[b as usize].to_string()
            } else if b == 0x7f {
                "del".into()
            } else {
                (b as char).to_string()
            }
        }
        Ty::Char => {
            let b = bytes[0];
            match b {
                0 => "\\0".into(),
                7 => "\\a".into(),
                8 => "\\b".into(),
                12 => "\\f".into(),
                b'\n' => "\\n".into(),
                b'\r' => "\\r".into(),
                b'\t' => "\\t".into(),
                11 => "\\v".into(),
                0x20..=0x7e => (b as char).to_string(),
                _ => format!("{b:03o}"),
            }
        }
    }
}

fn parse_size(v: &[u8]) -> Option<u64> {
    let s = std::str::from_utf8(v).ok()?;
    let (num, mult) = match s.as_bytes().last()? {
        b'b' => (&s[..s.len() - 1], 512),
        b'k' | b'K' => (&s[..s.len() - 1], 1024),
        b'm' | b'M' => (&s[..s.len() - 1], 1 << 20),
        b'G' => (&s[..s.len() - 1], 1 << 30),
        _ => (s, 1),
    };
    let n = if let Some(h) = num.strip_prefix("0x").or_else(|| num.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()?
    } else if num.len() > 1 && num.starts_with('0') {
        u64::from_str_radix(&num[1..], 8).ok()?
    } else {
        num.parse::<u64>().ok()?
    };
    n.checked_mul(mult)
}

struct Dumper {
    specs: Vec<Spec>,
    radix: u8,
    width: usize,
    verbose: bool,
    prev: Option<Vec<u8>>,
    starred: bool,
    max_block: usize,
}

impl Dumper {
    fn addr(&self, off: u64) -> String {
        match self.radix {
            b'o' => format!("{off:07o}"),
            b'd' => format!("{off:07}"),
            b'x' => format!("{off:06x}"),
            _ => String::new(),
        }
    }

    fn block(&mut self, off: u64, data: &[u8], out: &mut Out) {
        if !self.verbose && data.len() == self.width {
            if self.prev.as_deref() == Some(data) {
                if !self.starred {
                    out.push(b"*\n");
                    self.starred = true;
                }
                return;
            }
            self.starred = false;
        }
        self.prev = Some(data.to_vec());
        let addr_w = self.addr(0).len();
        for (k, sp) in self.specs.iter().enumerate() {
            if k == 0 {
                out.push(self.addr(off).as_bytes());
            } else {
                out.push(" ".repeat(addr_w).as_bytes());
            }
            let fields = self.width / sp.size;
            let item_w = sp.width + 1;
            let pad = self.max_block - fields * item_w;
            let present = data.len().div_ceil(sp.size);
            let mut pad_rem = pad;
            let mut line = String::new();
            for i in 0..present {
                let left = fields - i;
                let next_pad = pad * (left - 1) / fields;
                let w = pad_rem - next_pad + item_w;
                pad_rem = next_pad;
                let mut bytes = data[i * sp.size..((i + 1) * sp.size).min(data.len())].to_vec();
                bytes.resize(sp.size, 0);
                let s = format_item(sp, &bytes);
                line.push_str(&format!("{s:>w$}"));
            }
            out.push(line.as_bytes());
            if sp.z {
                let missing: usize = (present..fields)
                    .map(|i| {
                        let left = fields - i;
                        let next_pad = pad * (left - 1) / fields;
                        let w = pad_rem - next_pad + item_w;
                        pad_rem = next_pad;
                        w
                    })
                    .sum();
                out.push(" ".repeat(missing).as_bytes());
                out.push(b"  >");
                for &b in data {
                    out.buf
                        .push(if (0x20..0x7f).contains(&b) { b } else { b'.' });
                }
                out.push(b"<");
            }
            out.push(b"\n");
        }
    }
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    // `-w` takes an optional attached argument.
    let args: Vec<Vec<u8>> = ctx
        .args()
        .iter()
        .map(|a| {
            if a == b"-w" || a == b"--width" {
                b"--width=32".to_vec()
            } else {
                a.clone()
            }
        })
        .collect();
    let p = match Parser::new(DEFS).parse(&args) {
        Ok(p) => p,
        Err(m) => return opts::usage(ctx, &m, 1).await,
    };
    if p.has(opts::HELP) || p.has(opts::VERSION) {
        return match opts::parse(ctx, Parser::new(DEFS), 1).await? {
            Ok(_) => Ok(0),
            Err(s) => Ok(s),
        };
    }
    let mut specs = Vec::new();
    let mut radix = b'o';
    for (id, v) in &p.opts {
        let v = v.as_deref().unwrap_or(b"");
        let r = match *id {
            b't' => parse_specs(Quoting::of(ctx), v, &mut specs),
            b'a' => parse_specs(Quoting::of(ctx), b"a", &mut specs),
            b'b' => parse_specs(Quoting::of(ctx), b"o1", &mut specs),
            b'c' => parse_specs(Quoting::of(ctx), b"c", &mut specs),
            b'd' => parse_specs(Quoting::of(ctx), b"u2", &mut specs),
            b'o' => parse_specs(Quoting::of(ctx), b"o2", &mut specs),
            b's' => parse_specs(Quoting::of(ctx), b"d2", &mut specs),
            b'x' => parse_specs(Quoting::of(ctx), b"x2", &mut specs),
            b'i' => parse_specs(Quoting::of(ctx), b"dI", &mut specs),
            b'l' => parse_specs(Quoting::of(ctx), b"dL", &mut specs),
            b'B' => parse_specs(Quoting::of(ctx), b"o2", &mut specs),
            b'D' => parse_specs(Quoting::of(ctx), b"u4", &mut specs),
            b'f' => parse_specs(Quoting::of(ctx), b"fF", &mut specs),
            b'F' | b'e' => parse_specs(Quoting::of(ctx), b"fD", &mut specs),
            b'h' => parse_specs(Quoting::of(ctx), b"x2", &mut specs),
            b'H' | b'X' => parse_specs(Quoting::of(ctx), b"x4", &mut specs),
            b'O' => parse_specs(Quoting::of(ctx), b"o4", &mut specs),
            b'I' | b'L' => parse_specs(Quoting::of(ctx), b"dL", &mut specs),
            b'A' => {
                // GNU reads only the first letter of the argument.
                match v.first() {
                    Some(&c) if b"doxn".contains(&c) => {
                        radix = c;
                        Ok(())
                    }
                    c => Err(format!(
                        "invalid output address radix '{}'; it must be one character from [doxn]",
                        c.map(|&c| char::from(c)).unwrap_or_default()
                    )),
                }
            }
            _ => Ok(()),
        };
        if let Err(m) = r {
            if m.contains("not supported") {
                ctx.mark_partial("od floating-point formats");
            }
            ctx.diag(m).await?;
            return Ok(1);
        }
    }
    if specs.is_empty() {
        parse_specs(Quoting::of(ctx), b"o2", &mut specs).ok();
    }
    let num = |id: u8, what: &str| -> Result<Option<u64>, String> {
        match p.last(id) {
            None => Ok(None),
            Some(v) => parse_size(v)
                .map(Some)
                .ok_or_else(|| format!("invalid {what} argument {}", opts::quote(ctx, v))),
        }
    };
    let (skip, limit, width) = match (
        num(b'j', "--skip-bytes"),
        num(b'N', "--read-bytes"),
        num(b'w', "-w"),
    ) {
        (Ok(a), Ok(b), Ok(c)) => (a.unwrap_or(0), b, c.unwrap_or(16) as usize),
        (Err(m), ..) | (_, Err(m), _) | (.., Err(m)) => {
            ctx.diag(m).await?;
            return Ok(1);
        }
    };
    let lcm = specs.iter().fold(1, |a, s| num_lcm(a, s.size));
    if width == 0 || width % lcm != 0 {
        ctx.diag(format!(
            "invalid -w argument {}",
            opts::quote(ctx, width.to_string().as_bytes())
        ))
        .await?;
        return Ok(1);
    }
    let max_block = specs
        .iter()
        .map(|s| (width / s.size) * (s.width + 1))
        .max()
        .unwrap_or(0);
    let mut d = Dumper {
        specs,
        radix,
        width,
        verbose: p.has(b'v'),
        prev: None,
        starred: false,
        max_block,
    };
    if p.has(TRADITIONAL) && p.operands.len() > 1 {
        ctx.mark_partial("od --traditional OFFSET/LABEL operands are not modeled");
        ctx.diag("--traditional with OFFSET or LABEL operands is not supported by this simulator")
            .await?;
        return Ok(1);
    }
    let mut out = Out::new();
    let mut status = 0;
    let mut pending: Vec<u8> = Vec::new();
    let mut to_skip = skip;
    let mut remaining = limit;
    let mut off = skip;
    // With no input opened at all, GNU prints no final offset.
    let mut any_open = false;
    for op in textio::operands(&p.operands) {
        if remaining == Some(0) {
            break;
        }
        let Some(f) = textio::open(ctx, &op).await? else {
            status = 1;
            continue;
        };
        any_open = true;
        loop {
            if remaining == Some(0) {
                break;
            }
            let mut c = match textio::chunk(ctx, &f, &op).await? {
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
            pending.extend_from_slice(&c);
            while pending.len() >= width {
                let blk: Vec<u8> = pending.drain(..width).collect();
                d.block(off, &blk, &mut out);
                off += width as u64;
            }
            out.maybe_flush(ctx).await?;
        }
    }
    if to_skip > 0 && any_open {
        out.flush(ctx).await?;
        ctx.diag("cannot skip past end of combined input").await?;
        return Ok(1);
    }
    if !pending.is_empty() {
        let blk = std::mem::take(&mut pending);
        d.block(off, &blk, &mut out);
        off += blk.len() as u64;
    }
    if radix != b'n' && any_open {
        out.push(d.addr(off).as_bytes());
        out.push(b"\n");
    }
    out.flush(ctx).await?;
    Ok(status)
}

fn num_lcm(a: usize, b: usize) -> usize {
    let mut x = a;
    let mut y = b;
    while y != 0 {
        let t = x % y;
        x = y;
        y = t;
    }
    a / x * b
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn od(args: &[&str], input: &[u8]) -> String {
        let mut v = vec!["od"];
        v.extend_from_slice(args);
        text(run(&v, input)).1
    }

    const H: &[u8] = b"hello world\n";

    /// Four floats (1, 0.1, 1e-40, -0) and two doubles (5e-324, 1/3), little-endian.
    const FLOATS: &str = "0000803fcdcccc3dc2160100000000800100000000000000555555555555d53f";

    fn floats() -> Vec<u8> {
        (0..FLOATS.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&FLOATS[i..i + 2], 16).unwrap())
            .collect()
    }

    #[test]
    fn floats_print_the_shortest_round_trip_text() {
        // Expected output recorded from GNU od 9.1.
        assert_eq!(
            od(&["-f"], &floats()),
            "0000000               1             0.1           1e-40              -0\n\
             0000020           1e-45               0   1.4660155e+13       1.6666666\n\
             0000040\n"
        );
        assert_eq!(
            od(&["-An", "-tf8", "-j16"], &floats()),
            "                   5e-324       0.3333333333333333\n"
        );
        let (st, _, e) = text(run(&["od", "-t", "f2"], b""));
        assert_eq!(st, 1);
        assert!(
            e.contains("doesn't provide a 2-byte floating point type"),
            "{e}"
        );
        let (st, _, e) = text(run(&["od", "-t", "fL"], b""));
        assert_eq!(st, 1);
        assert!(e.contains("not supported"), "{e}");
    }

    #[test]
    fn older_single_letter_types_like_gnu() {
        // Recorded from GNU od 9.1.
        let data: &[u8] = b"\x01\x02\x03\x0aABC\xfe";
        assert_eq!(
            od(&["-B"], data),
            "0000000 001001 005003 041101 177103\n0000010\n"
        );
        assert_eq!(
            od(&["-D"], data),
            "0000000  167969281 4265820737\n0000010\n"
        );
        assert_eq!(od(&["-H"], data), "0000000 0a030201 fe434241\n0000010\n");
        assert_eq!(od(&["-h"], data), "0000000 0201 0a03 4241 fe43\n0000010\n");
        assert_eq!(od(&["-I"], data), "0000000  -125183517527965183\n0000010\n");
        assert_eq!(
            od(&["-b", "--traditional"], b"HELLO"),
            "0000000 110 105 114 114 117\n0000005\n"
        );
    }

    #[test]
    fn formats() {
        assert_eq!(
            od(&[], H),
            "0000000 062550 066154 020157 067567 066162 005144\n0000014\n"
        );
        assert_eq!(
            od(&["-c"], H),
            "0000000   h   e   l   l   o       w   o   r   l   d  \\n\n0000014\n"
        );
        assert_eq!(
            od(&["-t", "x1"], H),
            "0000000 68 65 6c 6c 6f 20 77 6f 72 6c 64 0a\n0000014\n"
        );
        assert_eq!(
            od(&["-A", "d", "-t", "d4"], H),
            "0000000  1819043176  1870078063   174353522\n0000012\n"
        );
        assert_eq!(
            od(&["-t", "a"], H),
            "0000000   h   e   l   l   o  sp   w   o   r   l   d  nl\n0000014\n"
        );
        assert_eq!(od(&["-b", "-N4"], H), "0000000 150 145 154 154\n0000004\n");
        assert_eq!(
            od(&["-x", "-j2"], H),
            "0000002 6c6c 206f 6f77 6c72 0a64\n0000014\n"
        );
        assert_eq!(od(&["-t", "u1", "-t", "c"], H), "0000000 104 101 108 108 111  32 119 111 114 108 100  10\n          h   e   l   l   o       w   o   r   l   d  \\n\n0000014\n");
        assert_eq!(
            od(&["-t", "x2z"], H),
            "0000000 6568 6c6c 206f 6f77 6c72 0a64            >hello world.<\n0000014\n"
        );
        assert_eq!(od(&[], &[0; 40]), "0000000 000000 000000 000000 000000 000000 000000 000000 000000\n*\n0000040 000000 000000 000000 000000\n0000050\n");
        assert_eq!(od(&["-v", "-A", "x", "-t", "x8"], &[0; 40]), "000000 0000000000000000 0000000000000000\n000010 0000000000000000 0000000000000000\n000020 0000000000000000\n000028\n");
        assert_eq!(
            od(&["-t", "d2", "-t", "o1"], b"ab"),
            "0000000   25185\n        141 142\n0000002\n"
        );
        assert_eq!(od(&["-An", "-tx1"], b"ab"), " 61 62\n");
    }
}
