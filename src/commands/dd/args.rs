//! `dd` operands (`NAME=VALUE`), parsed as GNU `scanargs` does: each operand in order, the
//! first error ends the parse. GNU symbols the simulator does not model are reported after
//! a successful parse, so a GNU usage error always wins.

use crate::commands::opts::Quoting;

/// Conversion symbols (`conv=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Conv {
    pub notrunc: bool,
    pub sync: bool,
    pub noerror: bool,
    pub ucase: bool,
    pub lcase: bool,
    pub swab: bool,
    pub excl: bool,
    pub nocreat: bool,
    /// `fsync`/`fdatasync`: the VFS is always durable, so these change nothing.
    pub fsync: bool,
}

/// Input or output flags (`iflag=`, `oflag=`) the simulator models.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    pub append: bool,
    pub count_bytes: bool,
    pub skip_bytes: bool,
    pub seek_bytes: bool,
    pub fullblock: bool,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Status {
    #[default]
    Default,
    Noxfer,
    None,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Args {
    pub input: Option<Vec<u8>>,
    pub output: Option<Vec<u8>>,
    pub ibs: u64,
    pub obs: u64,
    /// Partial reads are gathered into `obs`-sized writes (no `bs=`, or a conversion).
    pub twobufs: bool,
    pub skip_records: u64,
    pub skip_bytes: u64,
    pub seek_records: u64,
    pub seek_bytes: u64,
    /// `u64::MAX` when `count=` is absent.
    pub max_records: u64,
    pub max_bytes: u64,
    pub conv: Conv,
    pub iflag: Flags,
    pub oflag: Flags,
    pub status: Status,
    /// `bs=` given with no `iflag=fullblock` while counting or skipping.
    pub warn_partial_read: bool,
}

/// Why the operands were refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgError {
    /// A message followed by the `Try 'dd --help'` line, status 1.
    Usage(String),
    /// A message alone, status 1.
    Fatal(String),
    /// A GNU feature the simulator does not model: message, status 2.
    Unsupported(String),
}

/// Largest block size accepted (GNU's limit is near `SSIZE_MAX`; the simulator's memory
/// budget is the real bound).
const MAX_BLOCK: u64 = 1 << 40;

const CONV_GNU: &[&str] = &[
    "ascii",
    "ebcdic",
    "ibm",
    "block",
    "unblock",
    "lcase",
    "ucase",
    "sparse",
    "swab",
    "sync",
    "excl",
    "nocreat",
    "notrunc",
    "noerror",
    "fdatasync",
    "fsync",
];

const FLAG_GNU: &[&str] = &[
    "append",
    "binary",
    "cio",
    "direct",
    "directory",
    "dsync",
    "noatime",
    "nocache",
    "noctty",
    "nofollow",
    "nolinks",
    "nonblock",
    "sync",
    "text",
    "fullblock",
    "count_bytes",
    "skip_bytes",
    "seek_bytes",
];

/// Splits a symbol list, checking every name against `known`.
fn symbols<'a>(
    q: Quoting,
    val: &'a [u8],
    known: &[&str],
    what: &str,
) -> Result<Vec<&'a [u8]>, ArgError> {
    let mut out = Vec::new();
    for sym in val.split(|&b| b == b',') {
        if !known.iter().any(|k| k.as_bytes() == sym) {
            return Err(ArgError::Usage(format!("{what}: {}", q.quote(sym))));
        }
        out.push(sym);
    }
    Ok(out)
}

/// GNU `xstrtoumax` with dd's suffixes (`bcEGkKMPTwYZ` and a `B`/`iB` second suffix) and
/// `x` products. `None` is an invalid number.
pub fn parse_number(s: &[u8]) -> Option<u64> {
    let mut i = 0;
    while i < s.len() && s[i].is_ascii_whitespace() {
        i += 1;
    }
    if s.get(i) == Some(&b'+') {
        i += 1;
    }
    let start = i;
    while i < s.len() && s[i].is_ascii_digit() {
        i += 1;
    }
    if i == start {
        return None;
    }
    let n: u64 = std::str::from_utf8(&s[start..i]).ok()?.parse().ok()?;
    let rest = &s[i..];
    let (mult, used) = suffix(rest)?;
    let n = n.checked_mul(mult)?;
    let rest = &rest[used..];
    if rest.is_empty() {
        return Some(n);
    }
    if rest[0] == b'x' {
        return n.checked_mul(parse_number(&rest[1..])?);
    }
    None
}

fn suffix(rest: &[u8]) -> Option<(u64, usize)> {
    let Some(&c) = rest.first() else {
        return Some((1, 0));
    };
    let simple = match c {
        b'c' => Some(1),
        b'w' => Some(2),
        b'b' => Some(512),
        b'B' => Some(1),
        b'x' => return Some((1, 0)),
        _ => None,
    };
    if let Some(m) = simple {
        return Some((m, 1));
    }
    let pow = match c {
        b'k' | b'K' => 1,
        b'M' => 2,
        b'G' => 3,
        b'T' => 4,
        b'P' => 5,
        b'E' => 6,
        b'Z' => 7,
        b'Y' => 8,
        _ => return None,
    };
    let (base, used): (u64, usize) = match &rest[1..] {
        [b'B', ..] => (1000, 2),
        [b'i', b'B', ..] => (1024, 3),
        _ => (1024, 1),
    };
    Some((base.checked_pow(pow)?, used))
}

/// Parses dd's operands.
/// Operand diagnostics quote in `q`, the locale's style.
pub fn parse(q: Quoting, operands: &[Vec<u8>]) -> Result<Args, ArgError> {
    let mut a = Args {
        input: None,
        output: None,
        ibs: 0,
        obs: 0,
        twobufs: false,
        skip_records: 0,
        skip_bytes: 0,
        seek_records: 0,
        seek_bytes: 0,
        max_records: u64::MAX,
        max_bytes: 0,
        conv: Conv::default(),
        iflag: Flags::default(),
        oflag: Flags::default(),
        status: Status::Default,
        warn_partial_read: false,
    };
    let (mut bs, mut count, mut skip, mut seek) = (0u64, u64::MAX, 0u64, 0u64);
    let mut unsupported: Vec<String> = Vec::new();
    for op in operands {
        let Some(eq) = op.iter().position(|&b| b == b'=') else {
            return Err(ArgError::Usage(format!(
                "unrecognized operand {}",
                q.quote(op)
            )));
        };
        let (name, val) = (&op[..eq], &op[eq + 1..]);
        match name {
            b"if" => a.input = Some(val.to_vec()),
            b"of" => a.output = Some(val.to_vec()),
            b"conv" => {
                for sym in symbols(q, val, CONV_GNU, "invalid conversion")? {
                    match sym {
                        b"notrunc" => a.conv.notrunc = true,
                        b"sync" => a.conv.sync = true,
                        b"noerror" => a.conv.noerror = true,
                        b"ucase" => a.conv.ucase = true,
                        b"lcase" => a.conv.lcase = true,
                        b"swab" => a.conv.swab = true,
                        b"excl" => a.conv.excl = true,
                        b"nocreat" => a.conv.nocreat = true,
                        b"fsync" | b"fdatasync" => a.conv.fsync = true,
                        other => {
                            unsupported.push(format!("conv={}", String::from_utf8_lossy(other)))
                        }
                    }
                }
            }
            b"iflag" | b"oflag" => {
                let input = name == b"iflag";
                let what = if input {
                    "invalid input flag"
                } else {
                    "invalid output flag"
                };
                for sym in symbols(q, val, FLAG_GNU, what)? {
                    let f = if input { &mut a.iflag } else { &mut a.oflag };
                    match sym {
                        b"append" => f.append = true,
                        b"count_bytes" => f.count_bytes = true,
                        b"skip_bytes" => f.skip_bytes = true,
                        b"seek_bytes" => f.seek_bytes = true,
                        b"fullblock" => f.fullblock = true,
                        other => unsupported.push(format!(
                            "{}={}",
                            String::from_utf8_lossy(name),
                            String::from_utf8_lossy(other)
                        )),
                    }
                }
            }
            b"status" => {
                for sym in symbols(
                    q,
                    val,
                    &["none", "noxfer", "progress"],
                    "invalid status level",
                )? {
                    match sym {
                        b"none" => a.status = Status::None,
                        b"noxfer" => a.status = Status::Noxfer,
                        _ => unsupported.push("status=progress".into()),
                    }
                }
            }
            _ => {
                let n = parse_number(val);
                let (min, max) = match name {
                    b"ibs" | b"obs" | b"bs" | b"cbs" => (1, MAX_BLOCK),
                    b"skip" | b"iseek" | b"seek" | b"oseek" | b"count" => (0, u64::MAX),
                    _ => {
                        return Err(ArgError::Usage(format!(
                            "unrecognized operand {}",
                            q.quote(op)
                        )))
                    }
                };
                let n = match n {
                    Some(n) if n >= min && n <= max => n,
                    _ => return Err(ArgError::Fatal(format!("invalid number: {}", q.quote(val)))),
                };
                match name {
                    b"ibs" => a.ibs = n,
                    b"obs" => a.obs = n,
                    b"bs" => bs = n,
                    b"cbs" => unsupported.push("cbs=".into()),
                    b"skip" | b"iseek" => skip = n,
                    b"seek" | b"oseek" => seek = n,
                    _ => count = n,
                }
            }
        }
    }
    if bs != 0 {
        a.ibs = bs;
        a.obs = bs;
    } else {
        a.twobufs = true;
    }
    if a.conv.ucase || a.conv.lcase || a.conv.swab {
        a.twobufs = true;
    }
    if a.ibs == 0 {
        a.ibs = 512;
    }
    if a.obs == 0 {
        a.obs = 512;
    }
    if a.oflag.fullblock {
        let m = format!("invalid output flag: {}", q.quote(b"fullblock"));
        return Err(ArgError::Usage(m));
    }
    if a.iflag.seek_bytes {
        let m = format!("invalid input flag: {}", q.quote(b"seek_bytes"));
        return Err(ArgError::Usage(m));
    }
    if a.oflag.count_bytes || a.oflag.skip_bytes {
        let which = if a.oflag.count_bytes {
            "count_bytes"
        } else {
            "skip_bytes"
        };
        let m = format!("invalid output flag: {}", q.quote(which.as_bytes()));
        return Err(ArgError::Usage(m));
    }
    if a.iflag.skip_bytes {
        a.skip_records = skip / a.ibs;
        a.skip_bytes = skip % a.ibs;
    } else {
        a.skip_records = skip;
    }
    if a.iflag.count_bytes && count != u64::MAX {
        a.max_records = count / a.ibs;
        a.max_bytes = count % a.ibs;
    } else {
        a.max_records = count;
    }
    if a.oflag.seek_bytes {
        a.seek_records = seek / a.obs;
        a.seek_bytes = seek % a.obs;
    } else {
        a.seek_records = seek;
    }
    a.warn_partial_read = !a.twobufs
        && !a.iflag.fullblock
        && (a.skip_records != 0 || (a.max_records > 0 && a.max_records < u64::MAX));
    if a.conv.lcase && a.conv.ucase {
        return Err(ArgError::Fatal("cannot combine lcase and ucase".into()));
    }
    if a.conv.excl && a.conv.nocreat {
        return Err(ArgError::Fatal("cannot combine excl and nocreat".into()));
    }
    if let Some(u) = unsupported.first() {
        return Err(ArgError::Unsupported(format!(
            "{u} is not supported in this simulator"
        )));
    }
    Ok(a)
}
