//! Checksums: `md5sum`, `sha1sum`, `sha224sum`, `sha256sum`, `sha384sum`, `sha512sum`, `b2sum`
//! (with `-c` verification) and `cksum` (POSIX CRC). Inputs are hashed chunk by chunk.

use super::opts::{self, flag, req, OptDef, Parser};
use crate::process::command::{CommandCtx, LineReader, Trust};
use crate::process::Interrupt;
use blake2::digest::{Update as _, VariableOutput as _};
use sha2::Digest as _;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Algo {
    Md5,
    Sha1,
    Sha224,
    Sha256,
    Sha384,
    Sha512,
    Blake2b,
}

impl Algo {
    fn tag(self, bits: usize) -> String {
        match self {
            Algo::Md5 => "MD5".into(),
            Algo::Sha1 => "SHA1".into(),
            Algo::Sha224 => "SHA224".into(),
            Algo::Sha256 => "SHA256".into(),
            Algo::Sha384 => "SHA384".into(),
            Algo::Sha512 => "SHA512".into(),
            Algo::Blake2b if bits == 512 => "BLAKE2b".into(),
            Algo::Blake2b => format!("BLAKE2b-{bits}"),
        }
    }
}

enum Hasher {
    Md5(md5::Md5),
    Sha1(sha1::Sha1),
    Sha224(sha2::Sha224),
    Sha256(sha2::Sha256),
    Sha384(sha2::Sha384),
    Sha512(sha2::Sha512),
    Blake2b(Box<blake2::Blake2bVar>),
}

impl Hasher {
    fn new(a: Algo, bits: usize) -> Hasher {
        match a {
            Algo::Md5 => Hasher::Md5(md5::Md5::new()),
            Algo::Sha1 => Hasher::Sha1(sha1::Sha1::new()),
            Algo::Sha224 => Hasher::Sha224(sha2::Sha224::new()),
            Algo::Sha256 => Hasher::Sha256(sha2::Sha256::new()),
            Algo::Sha384 => Hasher::Sha384(sha2::Sha384::new()),
            Algo::Sha512 => Hasher::Sha512(sha2::Sha512::new()),
            Algo::Blake2b => Hasher::Blake2b(Box::new(
                blake2::Blake2bVar::new(bits / 8).expect("length checked"),
            )),
        }
    }
    fn update(&mut self, d: &[u8]) {
        match self {
            Hasher::Md5(h) => sha2::Digest::update(h, d),
            Hasher::Sha1(h) => sha2::Digest::update(h, d),
            Hasher::Sha224(h) => sha2::Digest::update(h, d),
            Hasher::Sha256(h) => sha2::Digest::update(h, d),
            Hasher::Sha384(h) => sha2::Digest::update(h, d),
            Hasher::Sha512(h) => sha2::Digest::update(h, d),
            Hasher::Blake2b(h) => h.update(d),
        }
    }
    fn hex(self) -> String {
        let bytes: Vec<u8> = match self {
            Hasher::Md5(h) => h.finalize().to_vec(),
            Hasher::Sha1(h) => h.finalize().to_vec(),
            Hasher::Sha224(h) => h.finalize().to_vec(),
            Hasher::Sha256(h) => h.finalize().to_vec(),
            Hasher::Sha384(h) => h.finalize().to_vec(),
            Hasher::Sha512(h) => h.finalize().to_vec(),
            Hasher::Blake2b(h) => {
                let mut out = vec![0u8; h.output_size()];
                h.finalize_variable(&mut out).expect("sized buffer");
                out
            }
        };
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }
}

const TAG: u8 = 0x80;
const IGNORE_MISSING: u8 = 0x81;
const QUIET: u8 = 0x82;
const STATUS: u8 = 0x83;
const STRICT: u8 = 0x84;

const DEFS: &[OptDef] = &[
    flag(b'b', "binary"),
    flag(b'c', "check"),
    flag(TAG, "tag"),
    flag(b't', "text"),
    flag(b'z', "zero"),
    flag(IGNORE_MISSING, "ignore-missing"),
    flag(QUIET, "quiet"),
    flag(STATUS, "status"),
    flag(STRICT, "strict"),
    flag(b'w', "warn"),
];

const B2_DEFS: &[OptDef] = &[
    flag(b'b', "binary"),
    flag(b'c', "check"),
    flag(TAG, "tag"),
    flag(b't', "text"),
    flag(b'z', "zero"),
    flag(IGNORE_MISSING, "ignore-missing"),
    flag(QUIET, "quiet"),
    flag(STATUS, "status"),
    flag(STRICT, "strict"),
    flag(b'w', "warn"),
    req(b'l', "length"),
];

/// Hashes one input; `Err` carries the diagnostic text.
async fn hash_input(
    ctx: &CommandCtx,
    name: &[u8],
    algo: Algo,
    bits: usize,
) -> Result<Result<String, String>, Interrupt> {
    let file = match ctx.open_input(name) {
        Ok(f) => f,
        Err(e) => {
            let e = opts::interrupted(e)?;
            return Ok(Err(e.message().to_string()));
        }
    };
    let mut h = Hasher::new(algo, bits);
    loop {
        match ctx.sys.read(&file, 65536).await {
            Ok(c) if c.is_empty() => break,
            Ok(c) => {
                ctx.charge_bytes(c.len())?;
                h.update(&c);
            }
            Err(e) => {
                let e = opts::interrupted(e)?;
                return Ok(Err(e.message().to_string()));
            }
        }
    }
    Ok(Ok(h.hex()))
}

/// GNU escapes names holding a backslash or newline, flagging the line with a leading `\`.
fn escape_name(name: &[u8]) -> (bool, Vec<u8>) {
    if !name.iter().any(|&b| b == b'\\' || b == b'\n') {
        return (false, name.to_vec());
    }
    let mut out = Vec::new();
    for &b in name {
        match b {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            _ => out.push(b),
        }
    }
    (true, out)
}

fn unescape_name(name: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < name.len() {
        if name[i] == b'\\' {
            match name.get(i + 1) {
                Some(b'\\') => out.push(b'\\'),
                Some(b'n') => out.push(b'\n'),
                _ => return None,
            }
            i += 2;
        } else {
            out.push(name[i]);
            i += 1;
        }
    }
    Some(out)
}

/// Parses one `-c` line: (hex digest, file name).
fn parse_check_line(line: &[u8], algo: Algo, bits: usize) -> Option<(Vec<u8>, Vec<u8>)> {
    let hexlen = bits / 4;
    let (escaped, l) = match line.strip_prefix(b"\\") {
        Some(rest) => (true, rest),
        None => (false, line),
    };
    let tag = algo.tag(bits);
    if let Some(rest) = l.strip_prefix(tag.as_bytes()) {
        // BSD style: `TAG (name) = hash`.
        let rest = rest.strip_prefix(b" (")?;
        let close = rest.windows(4).rposition(|w| w == b") = ")?;
        let name = &rest[..close];
        let hash = &rest[close + 4..];
        if hash.len() != hexlen || !hash.iter().all(u8::is_ascii_hexdigit) {
            return None;
        }
        let name = if escaped {
            unescape_name(name)?
        } else {
            name.to_vec()
        };
        return Some((hash.to_ascii_lowercase(), name));
    }
    if l.len() < hexlen + 2 {
        return None;
    }
    let hash = &l[..hexlen];
    if !hash.iter().all(u8::is_ascii_hexdigit)
        || l[hexlen] != b' '
        || !(l[hexlen + 1] == b' ' || l[hexlen + 1] == b'*')
    {
        return None;
    }
    let name = &l[hexlen + 2..];
    if name.is_empty() {
        return None;
    }
    let name = if escaped {
        unescape_name(name)?
    } else {
        name.to_vec()
    };
    Some((hash.to_ascii_lowercase(), name))
}

fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

async fn sum_main(ctx: &CommandCtx, algo: Algo) -> Result<i32, Interrupt> {
    let defs = if algo == Algo::Blake2b { B2_DEFS } else { DEFS };
    let p = match opts::parse(ctx, Parser::new(defs), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut bits = match algo {
        Algo::Md5 => 128,
        Algo::Sha1 => 160,
        Algo::Sha224 => 224,
        Algo::Sha256 => 256,
        Algo::Sha384 => 384,
        Algo::Sha512 | Algo::Blake2b => 512,
    };
    if let Some(l) = p.last(b'l') {
        match opts::parse_i64(l) {
            Some(n) if n > 512 => {
                ctx.diag(format!("invalid length: {}", opts::quote(ctx, l)))
                    .await?;
                ctx.diag("maximum digest length for 'BLAKE2b' is 512 bits")
                    .await?;
                return Ok(1);
            }
            Some(n) if n >= 0 && n % 8 == 0 => {
                if n > 0 {
                    bits = n as usize;
                }
            }
            Some(n) if n >= 0 => {
                ctx.diag(format!("invalid length: {}", opts::quote(ctx, l)))
                    .await?;
                ctx.diag("length is not a multiple of 8").await?;
                return Ok(1);
            }
            _ => {
                ctx.diag(format!("invalid length: {}", opts::quote(ctx, l)))
                    .await?;
                return Ok(1);
            }
        }
    }
    let check = p.has(b'c');
    let tag = p.has(TAG);
    let binary = p
        .opts
        .iter()
        .rev()
        .find(|(i, _)| matches!(i, b'b' | b't'))
        .map(|(i, _)| *i == b'b')
        .unwrap_or(false);
    let zero = p.has(b'z');
    if tag && p.has(b't') {
        return opts::usage(ctx, "--tag does not support --text mode", 1).await;
    }
    if check && tag {
        return opts::usage(
            ctx,
            "the --tag option is meaningless when verifying checksums",
            1,
        )
        .await;
    }
    if check && (p.has(b'b') || p.has(b't')) {
        return opts::usage(
            ctx,
            "the --binary and --text options are meaningless when verifying checksums",
            1,
        )
        .await;
    }
    if !check {
        for (id, name) in [
            (IGNORE_MISSING, "--ignore-missing"),
            (STATUS, "--status"),
            (QUIET, "--quiet"),
            (STRICT, "--strict"),
            (b'w', "--warn"),
        ] {
            if p.has(id) {
                return opts::usage(
                    ctx,
                    &format!("the {name} option is meaningful only when verifying checksums"),
                    1,
                )
                .await;
            }
        }
    }
    let operands = if p.operands.is_empty() {
        vec![b"-".to_vec()]
    } else {
        p.operands.clone()
    };
    let mut status = 0;
    if check {
        let o = CheckOpts {
            ignore_missing: p.has(IGNORE_MISSING),
            quiet: p.has(QUIET),
            status_only: p.has(STATUS),
            strict: p.has(STRICT),
            warn: p.has(b'w'),
        };
        for f in &operands {
            if !check_file(ctx, f, algo, bits, &o).await? {
                status = 1;
            }
        }
        return Ok(status);
    }
    for f in &operands {
        match hash_input(ctx, f, algo, bits).await? {
            Ok(hex) => {
                let mut line = Vec::new();
                let (esc, name) = if zero {
                    (false, f.clone())
                } else {
                    escape_name(f)
                };
                if esc {
                    line.push(b'\\');
                }
                if tag {
                    line.extend_from_slice(format!("{} (", algo.tag(bits)).as_bytes());
                    line.extend_from_slice(&name);
                    line.extend_from_slice(b") = ");
                    line.extend_from_slice(hex.as_bytes());
                } else {
                    line.extend_from_slice(hex.as_bytes());
                    line.extend_from_slice(if binary { b" *" } else { b"  " });
                    line.extend_from_slice(&name);
                }
                line.push(if zero { 0 } else { b'\n' });
                ctx.out(&line).await?;
            }
            Err(m) => {
                ctx.diag(format!("{}: {m}", opts::quotef(ctx, f))).await?;
                status = 1;
            }
        }
    }
    Ok(status)
}

struct CheckOpts {
    ignore_missing: bool,
    quiet: bool,
    status_only: bool,
    strict: bool,
    warn: bool,
}

/// Verifies one checksum list; returns whether everything matched.
async fn check_file(
    ctx: &CommandCtx,
    list: &[u8],
    algo: Algo,
    bits: usize,
    o: &CheckOpts,
) -> Result<bool, Interrupt> {
    let file = match ctx.open_input(list) {
        Ok(f) => f,
        Err(e) => {
            let e = opts::interrupted(e)?;
            ctx.diag(format!("{}: {}", opts::quotef(ctx, list), e.message()))
                .await?;
            return Ok(false);
        }
    };
    // Diagnostics about the list's contents call standard input by its name, as GNU does.
    let list_name = opts::quotef(
        ctx,
        if list == b"-" {
            b"standard input"
        } else {
            list
        },
    );
    let mut reader = LineReader::new(file);
    let (mut bad_format, mut mismatched, mut unreadable, mut matched, mut lineno) =
        (0u64, 0u64, 0u64, 0u64, 0u64);
    let mut any_valid = false;
    loop {
        let line = match reader.next_line(&ctx.sys).await {
            Ok(Some(l)) => l,
            Ok(None) => break,
            Err(e) => {
                let e = opts::interrupted(e)?;
                ctx.diag(format!("{}: {}", opts::quotef(ctx, list), e.message()))
                    .await?;
                return Ok(false);
            }
        };
        lineno += 1;
        let mut l = &line[..];
        if l.ends_with(b"\n") {
            l = &l[..l.len() - 1];
        }
        if l.ends_with(b"\r") {
            l = &l[..l.len() - 1];
        }
        if l.first() == Some(&b'#') {
            continue;
        }
        let Some((want, name)) = parse_check_line(l, algo, bits) else {
            bad_format += 1;
            if o.warn {
                ctx.diag(format!(
                    "{}: {lineno}: improperly formatted {} checksum line",
                    list_name,
                    algo.tag(bits)
                ))
                .await?;
            }
            continue;
        };
        any_valid = true;
        let shown = {
            let (esc, n) = escape_name(&name);
            let mut s = Vec::new();
            if esc {
                s.push(b'\\');
            }
            s.extend_from_slice(&n);
            s
        };
        match hash_input(ctx, &name, algo, bits).await? {
            Err(m) => {
                if o.ignore_missing && m == crate::vfs::VfsError::NotFound.message() {
                    continue;
                }
                unreadable += 1;
                if !o.status_only {
                    ctx.diag(format!("{}: {m}", String::from_utf8_lossy(&name)))
                        .await?;
                    let mut msg = shown.clone();
                    msg.extend_from_slice(b": FAILED open or read\n");
                    ctx.out(&msg).await?;
                }
            }
            Ok(hex) => {
                let ok = hex.as_bytes() == want.as_slice();
                if ok {
                    matched += 1;
                } else {
                    mismatched += 1;
                }
                if !o.status_only && (!ok || !o.quiet) {
                    let mut msg = shown.clone();
                    msg.extend_from_slice(if ok { b": OK\n" } else { b": FAILED\n" });
                    ctx.out(&msg).await?;
                }
            }
        }
    }
    if !any_valid {
        ctx.diag(format!(
            "{}: no properly formatted checksum lines found",
            list_name
        ))
        .await?;
        return Ok(false);
    }
    if !o.status_only {
        if bad_format > 0 {
            ctx.diag(format!(
                "WARNING: {}",
                plural(
                    bad_format,
                    "line is improperly formatted",
                    "lines are improperly formatted"
                )
            ))
            .await?;
        }
        if unreadable > 0 {
            ctx.diag(format!(
                "WARNING: {}",
                plural(
                    unreadable,
                    "listed file could not be read",
                    "listed files could not be read"
                )
            ))
            .await?;
        }
        if mismatched > 0 {
            ctx.diag(format!(
                "WARNING: {}",
                plural(
                    mismatched,
                    "computed checksum did NOT match",
                    "computed checksums did NOT match"
                )
            ))
            .await?;
        }
    }
    if o.ignore_missing && matched == 0 && mismatched == 0 && unreadable == 0 {
        ctx.diag(format!("{}: no file was verified", list_name))
            .await?;
        return Ok(false);
    }
    Ok(mismatched == 0 && unreadable == 0 && !(o.strict && bad_format > 0))
}

// ---- cksum (POSIX CRC) ---------------------------------------------------------------------------

fn crc_table() -> [u32; 256] {
    let mut t = [0u32; 256];
    for (i, e) in t.iter_mut().enumerate() {
        let mut c = (i as u32) << 24;
        for _ in 0..8 {
            c = if c & 0x8000_0000 != 0 {
                (c << 1) ^ 0x04c1_1db7
            } else {
                c << 1
            };
        }
        *e = c;
    }
    t
}

struct Crc {
    table: [u32; 256],
    crc: u32,
    len: u64,
}

impl Crc {
    fn new() -> Crc {
        Crc {
            table: crc_table(),
            crc: 0,
            len: 0,
        }
    }
    fn update(&mut self, d: &[u8]) {
        for &b in d {
            self.crc = (self.crc << 8) ^ self.table[((self.crc >> 24) as u8 ^ b) as usize];
        }
        self.len += d.len() as u64;
    }
    fn finish(mut self) -> (u32, u64) {
        let mut n = self.len;
        while n > 0 {
            let b = (n & 0xff) as u8;
            self.crc = (self.crc << 8) ^ self.table[((self.crc >> 24) as u8 ^ b) as usize];
            n >>= 8;
        }
        (!self.crc, self.len)
    }
}

async fn cksum_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(&[]), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let stdin_only = p.operands.is_empty();
    let operands = if stdin_only {
        vec![b"-".to_vec()]
    } else {
        p.operands.clone()
    };
    let mut status = 0;
    for f in &operands {
        let file = match ctx.open_input(f) {
            Ok(file) => file,
            Err(e) => {
                let e = opts::interrupted(e)?;
                ctx.diag(format!("{}: {}", opts::quotef(ctx, f), e.message()))
                    .await?;
                status = 1;
                continue;
            }
        };
        let mut crc = Crc::new();
        let mut failed = false;
        loop {
            match ctx.sys.read(&file, 65536).await {
                Ok(c) if c.is_empty() => break,
                Ok(c) => {
                    ctx.charge_bytes(c.len())?;
                    crc.update(&c);
                }
                Err(e) => {
                    let e = opts::interrupted(e)?;
                    ctx.diag(format!("{}: {}", opts::quotef(ctx, f), e.message()))
                        .await?;
                    failed = true;
                    break;
                }
            }
        }
        if failed {
            status = 1;
            continue;
        }
        let (c, n) = crc.finish();
        let mut line = format!("{c} {n}").into_bytes();
        if !stdin_only {
            line.push(b' ');
            line.extend_from_slice(f);
        }
        line.push(b'\n');
        ctx.out(&line).await?;
    }
    Ok(status)
}

async fn md5_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    sum_main(ctx, Algo::Md5).await
}
async fn sha1_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    sum_main(ctx, Algo::Sha1).await
}
async fn sha224_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    sum_main(ctx, Algo::Sha224).await
}
async fn sha256_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    sum_main(ctx, Algo::Sha256).await
}
async fn sha384_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    sum_main(ctx, Algo::Sha384).await
}
async fn sha512_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    sum_main(ctx, Algo::Sha512).await
}
async fn b2_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    sum_main(ctx, Algo::Blake2b).await
}

crate::command_fn!(run_md5sum, md5_main);
crate::command_fn!(run_sha1sum, sha1_main);
crate::command_fn!(run_sha224sum, sha224_main);
crate::command_fn!(run_sha256sum, sha256_main);
crate::command_fn!(run_sha384sum, sha384_main);
crate::command_fn!(run_sha512sum, sha512_main);
crate::command_fn!(run_b2sum, b2_main);
crate::command_fn!(run_cksum, cksum_main);

pub fn register(r: &mut super::Registry) {
    use Trust::Real;
    let o = "-b -t -c --tag -z --ignore-missing --quiet --status --strict -w";
    r.register(
        "md5sum",
        Real,
        "compute and check MD5 message digests",
        o,
        run_md5sum,
    );
    r.register(
        "sha1sum",
        Real,
        "compute and check SHA1 message digests",
        o,
        run_sha1sum,
    );
    r.register(
        "sha224sum",
        Real,
        "compute and check SHA224 message digests",
        o,
        run_sha224sum,
    );
    r.register(
        "sha256sum",
        Real,
        "compute and check SHA256 message digests",
        o,
        run_sha256sum,
    );
    r.register(
        "sha384sum",
        Real,
        "compute and check SHA384 message digests",
        o,
        run_sha384sum,
    );
    r.register(
        "sha512sum",
        Real,
        "compute and check SHA512 message digests",
        o,
        run_sha512sum,
    );
    r.register(
        "b2sum",
        Real,
        "compute and check BLAKE2b message digests",
        "-l BITS -b -t -c --tag -z --ignore-missing --quiet --status --strict -w",
        run_b2sum,
    );
    r.register(
        "cksum",
        Trust::Partial,
        "print the POSIX CRC and byte count (no -a)",
        "(none)",
        run_cksum,
    );
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    const HELLO_MD5: &str = "b1946ac92492d2347c6235b4d2611184";

    #[test]
    fn digests() {
        let files: &[(&str, &[u8])] = &[("a", b"hello\n"), ("b\\c", b"x")];
        assert_eq!(
            text(run_files(&["md5sum", "a", "-"], b"hello\n", files)).1,
            format!("{HELLO_MD5}  a\n{HELLO_MD5}  -\n")
        );
        assert_eq!(
            text(run_files(&["md5sum", "-b", "a"], b"", files)).1,
            format!("{HELLO_MD5} *a\n")
        );
        assert_eq!(
            text(run_files(&["md5sum", "--tag", "a"], b"", files)).1,
            format!("MD5 (a) = {HELLO_MD5}\n")
        );
        assert_eq!(
            text(run_files(&["md5sum", "b\\c"], b"", files)).1,
            "\\9dd4e461268c8034f5c8564e155c67a6  b\\\\c\n"
        );
        assert_eq!(
            text(run_files(&["md5sum", "nope"], b"", files)),
            (
                1,
                String::new(),
                "md5sum: nope: No such file or directory\n".into()
            )
        );
        assert_eq!(
            text(run(&["sha1sum"], b"hello\n")).1,
            "f572d396fae9206628714fb2ce00f72e94f2258f  -\n"
        );
        assert_eq!(
            text(run(&["sha256sum"], b"hello\n")).1,
            "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03  -\n"
        );
        assert_eq!(
            text(run(&["sha224sum"], b"")).1,
            "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f  -\n"
        );
        assert!(text(run(&["sha384sum"], b""))
            .1
            .starts_with("38b060a751ac96384cd9327eb1b1e36a21fdb71114be0743"));
        assert!(text(run(&["sha512sum"], b""))
            .1
            .starts_with("cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"));
        assert_eq!(text(run_files(&["b2sum", "a"], b"", files)).1, "f60ce482e5cc1229f39d71313171a8d9f4ca3a87d066bf4b205effb528192a75f14f3271e2c1a90e1de53f275b4d4793eef2f5e31ea90d2ce29d2e481c36435f  a\n");
        assert_eq!(
            text(run_files(&["b2sum", "-l", "128", "a"], b"", files)).1,
            "ea41b4de6c03f13a95758b28dd75693e  a\n"
        );
        assert_eq!(
            run_files(&["sha256sum", "-z", "a"], b"", files).1.last(),
            Some(&0u8)
        );
    }

    #[test]
    fn check_mode() {
        let list = format!(
            "{HELLO_MD5}  a\n0000  b\\c\ngarbage\nd41d8cd98f00b204e9800998ecf8427e  nofile\n"
        );
        let files: &[(&str, &[u8])] = &[("a", b"hello\n"), ("s", list.as_bytes())];
        assert_eq!(
            text(run_files(&["md5sum", "-c", "s"], b"", files)),
            (1, "a: OK\nnofile: FAILED open or read\n".into(), "md5sum: nofile: No such file or directory\nmd5sum: WARNING: 2 lines are improperly formatted\nmd5sum: WARNING: 1 listed file could not be read\n".into())
        );
        assert_eq!(
            text(run_files(&["md5sum", "--status", "-c", "s"], b"", files)),
            (1, String::new(), String::new())
        );
        assert_eq!(
            text(run_files(
                &["md5sum", "-c", "--ignore-missing", "s"],
                b"",
                files
            )),
            (
                0,
                "a: OK\n".into(),
                "md5sum: WARNING: 2 lines are improperly formatted\n".into()
            )
        );
        let bad = format!("{HELLO_MD5}  a\nb1946ac92492d2347c6235b4d2611185  a\n");
        assert_eq!(
            text(run_files(&["md5sum", "-c"], bad.as_bytes(), files)),
            (
                1,
                "a: OK\na: FAILED\n".into(),
                "md5sum: WARNING: 1 computed checksum did NOT match\n".into()
            )
        );
        assert_eq!(
            text(run_files(
                &["md5sum", "-c", "--quiet"],
                bad.as_bytes(),
                files
            ))
            .1,
            "a: FAILED\n"
        );
        assert_eq!(text(run_files(&["md5sum", "-c", "-w"], b"bad\n", files)).2, "md5sum: 'standard input': 1: improperly formatted MD5 checksum line\nmd5sum: 'standard input': no properly formatted checksum lines found\n");
        let tagged = format!("MD5 (a) = {HELLO_MD5}\n");
        assert_eq!(
            text(run_files(&["md5sum", "-c"], tagged.as_bytes(), files)),
            (0, "a: OK\n".into(), String::new())
        );
    }

    #[test]
    fn cksum_crc() {
        assert_eq!(
            text(run_files(&["cksum", "a"], b"", &[("a", b"hello\n")])).1,
            "3015617425 6 a\n"
        );
        assert_eq!(text(run(&["cksum"], b"hello\n")).1, "3015617425 6\n");
        assert_eq!(text(run(&["cksum"], b"")).1, "4294967295 0\n");
    }
}
