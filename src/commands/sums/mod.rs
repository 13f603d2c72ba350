//! Checksums: `md5sum`, `sha1sum`, `sha224sum`, `sha256sum`, `sha384sum`, `sha512sum`, `b2sum`,
//! `cksum` (any algorithm with `-a`, the POSIX CRC by default) and `sum` (BSD and System V),
//! as GNU coreutils 9.1 prints and checks them. Inputs are hashed chunk by chunk.
//!
//! `digest.rs` holds the algorithms, `check.rs` the `--check` line reader; this module parses
//! options, prints lines and drives verification.

mod check;
mod digest;
#[cfg(test)]
mod tests;

use super::opts::{self, flag, req, OptDef, Parser};
use crate::process::command::{CmdFuture, CommandCtx, LineReader, Trust};
use crate::process::Interrupt;
use check::{ListParser, Reading};
use digest::{Algo, Hasher, Sum, ALGORITHMS, BLAKE2B_MAX_BITS};

const TAG: u8 = 0x80;
const IGNORE_MISSING: u8 = 0x81;
const QUIET: u8 = 0x82;
const STATUS: u8 = 0x83;
const STRICT: u8 = 0x84;
const UNTAGGED: u8 = 0x85;
const DEBUG: u8 = 0x86;
const SYSV: u8 = b's';
const BSD: u8 = b'r';

/// An option table: the options every checking command shares, then `extra`.
macro_rules! with_check_defs {
    ($($extra:expr),* $(,)?) => {
        &[
            flag(b'c', "check"),
            flag(b'z', "zero"),
            flag(IGNORE_MISSING, "ignore-missing"),
            flag(QUIET, "quiet"),
            flag(STATUS, "status"),
            flag(STRICT, "strict"),
            flag(b'w', "warn"),
            flag(TAG, "tag"),
            $($extra),*
        ]
    };
}

const PROGRAM_DEFS: &[OptDef] = with_check_defs![flag(b'b', "binary"), flag(b't', "text")];

const B2_DEFS: &[OptDef] = with_check_defs![
    flag(b'b', "binary"),
    flag(b't', "text"),
    req(b'l', "length"),
];

/// cksum has `-b` and `-t` only as short options, which it refuses.
const CKSUM_DEFS: &[OptDef] = with_check_defs![
    flag(b'b', ""),
    flag(b't', ""),
    req(b'l', "length"),
    req(b'a', "algorithm"),
    flag(UNTAGGED, "untagged"),
    flag(DEBUG, "debug"),
];

const SUM_DEFS: &[OptDef] = &[flag(BSD, ""), flag(SYSV, "sysv")];

/// Hashes one input; `Err` carries the diagnostic text.
async fn hash_input(
    ctx: &CommandCtx,
    name: &[u8],
    algo: Algo,
    bits: usize,
) -> Result<Result<Sum, String>, Interrupt> {
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
    Ok(Ok(h.finish()))
}

/// GNU escapes printed names holding a backslash or newline, flagging the line with `\`.
fn escape_name(name: &[u8]) -> (bool, Vec<u8>) {
    if !name.iter().any(|&b| b == b'\\' || b == b'\n') {
        return (false, name.to_vec());
    }
    let mut out = Vec::with_capacity(name.len() + 2);
    for &b in name {
        match b {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            _ => out.push(b),
        }
    }
    (true, out)
}

/// How a digest line is written.
#[derive(Clone, Copy)]
struct Style {
    tagged: bool,
    binary: bool,
    /// `-z`: lines end with NUL and names are printed raw.
    zero: bool,
}

fn digest_line(algo: Algo, bits: usize, hex: &str, name: &[u8], style: Style) -> Vec<u8> {
    let (escaped, name) = if style.zero {
        (false, name.to_vec())
    } else {
        escape_name(name)
    };
    let mut line = Vec::with_capacity(hex.len() + name.len() + 16);
    if escaped {
        line.push(b'\\');
    }
    if style.tagged {
        line.extend_from_slice(format!("{} (", algo.tag_with_bits(bits)).as_bytes());
        line.extend_from_slice(&name);
        line.extend_from_slice(b") = ");
        line.extend_from_slice(hex.as_bytes());
    } else {
        line.extend_from_slice(hex.as_bytes());
        line.extend_from_slice(if style.binary { b" *" } else { b"  " });
        line.extend_from_slice(&name);
    }
    line.push(if style.zero { 0 } else { b'\n' });
    line
}

/// Hashes each operand and prints its line; `named` says whether legacy lines name the file
/// (they do whenever operands were given).
async fn print_sums(
    ctx: &CommandCtx,
    operands: &[Vec<u8>],
    named: bool,
    algo: Algo,
    bits: usize,
    style: Style,
) -> Result<i32, Interrupt> {
    let mut status = 0;
    for f in operands {
        let line = match hash_input(ctx, f, algo, bits).await? {
            Ok(Sum::Hex(hex)) => digest_line(algo, bits, &hex, f, style),
            Ok(Sum::Legacy { checksum, bytes }) => {
                let mut line = Sum::legacy_text(algo, checksum, bytes).into_bytes();
                if named {
                    line.push(b' ');
                    line.extend_from_slice(f);
                }
                line.push(if style.zero { 0 } else { b'\n' });
                line
            }
            Err(m) => {
                ctx.diag(format!("{}: {m}", opts::quotef(ctx, f))).await?;
                status = 1;
                continue;
            }
        };
        ctx.out(&line).await?;
    }
    Ok(status)
}

/// Reads `-l BITS` as GNU's `xdectoumax` does: 0 means the default. `Err` is the status after
/// the diagnostic.
async fn parse_length(ctx: &CommandCtx, arg: &[u8]) -> Result<Result<usize, i32>, Interrupt> {
    let invalid = format!("invalid length: {}", opts::quote(ctx, arg));
    let s = arg.trim_ascii_start();
    let digits = s.strip_prefix(b"+").unwrap_or(s);
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        ctx.diag(invalid).await?;
        return Ok(Err(1));
    }
    let Some(n) = std::str::from_utf8(digits)
        .ok()
        .and_then(|d| d.parse::<u64>().ok())
    else {
        ctx.diag(format!("{invalid}: Value too large for defined data type"))
            .await?;
        return Ok(Err(1));
    };
    if n % 8 != 0 {
        ctx.diag(invalid).await?;
        ctx.diag("length is not a multiple of 8").await?;
        return Ok(Err(1));
    }
    Ok(Ok(usize::try_from(n).unwrap_or(usize::MAX)))
}

/// Refuses a `-l` past BLAKE2b's maximum, as GNU does once options are read.
async fn check_max_length(ctx: &CommandCtx, bits: usize, arg: &[u8]) -> Result<bool, Interrupt> {
    if bits <= BLAKE2B_MAX_BITS {
        return Ok(true);
    }
    ctx.diag(format!("invalid length: {}", opts::quote(ctx, arg)))
        .await?;
    ctx.diag(format!(
        "maximum digest length for {} is {BLAKE2B_MAX_BITS} bits",
        opts::quote(ctx, b"BLAKE2b")
    ))
    .await?;
    Ok(false)
}

/// The `--check`-only options used without `--check`, and `-z` with it: GNU's usage errors.
async fn check_option_misuse(
    ctx: &CommandCtx,
    p: &opts::Parsed,
    check: bool,
) -> Result<Option<i32>, Interrupt> {
    if check && p.has(b'z') {
        let msg = "the --zero option is not supported when verifying checksums";
        return Ok(Some(opts::usage(ctx, msg, 1).await?));
    }
    if check {
        return Ok(None);
    }
    for (id, name) in [
        (IGNORE_MISSING, "--ignore-missing"),
        (STATUS, "--status"),
        (b'w', "--warn"),
        (QUIET, "--quiet"),
        (STRICT, "--strict"),
    ] {
        if p.has(id) {
            let msg = format!("the {name} option is meaningful only when verifying checksums");
            return Ok(Some(opts::usage(ctx, msg, 1).await?));
        }
    }
    Ok(None)
}

fn operands_or_stdin(p: &opts::Parsed) -> Vec<Vec<u8>> {
    if p.operands.is_empty() {
        vec![b"-".to_vec()]
    } else {
        p.operands.clone()
    }
}

fn check_opts(p: &opts::Parsed) -> CheckOpts {
    CheckOpts {
        ignore_missing: p.has(IGNORE_MISSING),
        quiet: p.has(QUIET),
        status_only: p.has(STATUS),
        strict: p.has(STRICT),
        warn: p.has(b'w'),
    }
}

/// `md5sum`, `sha*sum` and `b2sum`.
async fn program_main(ctx: &CommandCtx, algo: Algo) -> Result<i32, Interrupt> {
    let defs = if algo == Algo::Blake2b {
        B2_DEFS
    } else {
        PROGRAM_DEFS
    };
    let p = match opts::parse(ctx, Parser::new(defs), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut bits = algo.bits();
    if let Some(l) = p.last(b'l') {
        match parse_length(ctx, l).await? {
            Ok(0) => {}
            Ok(n) => bits = n,
            Err(s) => return Ok(s),
        }
        if !check_max_length(ctx, bits, l).await? {
            return Ok(1);
        }
    }
    let check = p.has(b'c');
    let tagged = p
        .opts
        .iter()
        .rev()
        .find(|(i, _)| matches!(*i, TAG | b't'))
        .is_some_and(|(i, _)| *i == TAG);
    // --tag implies binary mode; -t after it asks for text, which --tag cannot show.
    let binary = p
        .opts
        .iter()
        .rev()
        .find(|(i, _)| matches!(*i, b'b' | b't' | TAG))
        .map(|(i, _)| *i != b't');
    if p.has(TAG) && binary == Some(false) {
        return opts::usage(ctx, "--tag does not support --text mode", 1).await;
    }
    if let Some(s) = check_option_misuse(ctx, &p, check).await? {
        return Ok(s);
    }
    if check && p.has(TAG) {
        let msg = "the --tag option is meaningless when verifying checksums";
        return opts::usage(ctx, msg, 1).await;
    }
    if check && (p.has(b'b') || p.has(b't')) {
        let msg = "the --binary and --text options are meaningless when verifying checksums";
        return opts::usage(ctx, msg, 1).await;
    }
    let operands = operands_or_stdin(&p);
    if check {
        return verify(ctx, &operands, Reading::Program(algo), &check_opts(&p)).await;
    }
    let style = Style {
        tagged,
        binary: binary == Some(true) && !tagged,
        zero: p.has(b'z'),
    };
    print_sums(ctx, &operands, true, algo, bits, style).await
}

/// `cksum`: the CRC by default, any algorithm with `-a`, tagged lines for the digests.
async fn cksum_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(CKSUM_DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut algo = None;
    let mut length = 0;
    let mut length_arg: &[u8] = b"";
    // GNU validates -a, -l, -b and -t where they appear, so the first bad one speaks.
    for (id, value) in &p.opts {
        let value = value.as_deref().unwrap_or_default();
        match *id {
            b'a' => match ALGORITHMS.iter().find(|e| e.1.as_bytes() == value) {
                Some(e) => algo = Some(e.0),
                None => {
                    let names: Vec<[&str; 1]> = ALGORITHMS.iter().map(|e| [e.1]).collect();
                    let groups: Vec<&[&str]> = names.iter().map(|n| &n[..]).collect();
                    let msg = opts::bad_argument(ctx, value, "--algorithm", &groups);
                    return opts::usage(ctx, msg, 1).await;
                }
            },
            b'l' => match parse_length(ctx, value).await? {
                Ok(n) => {
                    length = n;
                    length_arg = value;
                }
                Err(s) => return Ok(s),
            },
            b'b' | b't' => {
                // GNU's cksum keeps the letters only to refuse them, without a message.
                ctx.err(b"Try 'cksum --help' for more information.\n")
                    .await?;
                return Ok(1);
            }
            _ => {}
        }
    }
    let specified = algo.is_some();
    let algo = algo.unwrap_or(Algo::Crc);
    if length != 0 && algo != Algo::Blake2b {
        ctx.diag("--length is only supported with --algorithm=blake2b")
            .await?;
        return Ok(1);
    }
    if !check_max_length(ctx, length, length_arg).await? {
        return Ok(1);
    }
    let bits = if length == 0 { algo.bits() } else { length };
    let check = p.has(b'c');
    if check && specified && algo.is_legacy() {
        ctx.diag("--check is not supported with --algorithm={bsd,sysv,crc}")
            .await?;
        return Ok(1);
    }
    if let Some(s) = check_option_misuse(ctx, &p, check).await? {
        return Ok(s);
    }
    let operands = operands_or_stdin(&p);
    if check {
        let reading = if specified {
            Reading::CksumFixed(algo)
        } else {
            Reading::CksumTagged
        };
        return verify(ctx, &operands, reading, &check_opts(&p)).await;
    }
    if p.has(DEBUG) && algo == Algo::Crc {
        // The simulator computes the CRC with a byte table, GNU's portable code path.
        ctx.diag("using generic hardware support").await?;
    }
    let untagged = p
        .opts
        .iter()
        .rev()
        .find(|(i, _)| matches!(*i, TAG | UNTAGGED))
        .is_some_and(|(i, _)| *i == UNTAGGED);
    let style = Style {
        tagged: !untagged,
        binary: false,
        zero: p.has(b'z'),
    };
    print_sums(ctx, &operands, !p.operands.is_empty(), algo, bits, style).await
}

/// `sum`: the BSD checksum (`-r`, the default) or the System V one (`-s`).
async fn sum_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(SUM_DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let algo = match p.opts.iter().rev().find(|(i, _)| matches!(*i, BSD | SYSV)) {
        Some((SYSV, _)) => Algo::Sysv,
        _ => Algo::Bsd,
    };
    let style = Style {
        tagged: false,
        binary: false,
        zero: false,
    };
    let operands = operands_or_stdin(&p);
    print_sums(ctx, &operands, !p.operands.is_empty(), algo, 0, style).await
}

struct CheckOpts {
    ignore_missing: bool,
    quiet: bool,
    status_only: bool,
    strict: bool,
    warn: bool,
}

/// Verifies every list; one [`ListParser`] serves them all because GNU decides the reversed
/// BSD form once per run.
async fn verify(
    ctx: &CommandCtx,
    lists: &[Vec<u8>],
    reading: Reading,
    o: &CheckOpts,
) -> Result<i32, Interrupt> {
    let mut parser = ListParser::new(reading);
    let mut status = 0;
    for list in lists {
        if !check_list(ctx, list, &mut parser, o).await? {
            status = 1;
        }
    }
    Ok(status)
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Verifies one checksum list; returns whether everything in it matched.
async fn check_list(
    ctx: &CommandCtx,
    list: &[u8],
    parser: &mut ListParser,
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
    let is_stdin = list == b"-";
    // Diagnostics about the list's contents call standard input by its name, as GNU does.
    let list_name = opts::quotef(ctx, if is_stdin { b"standard input" } else { list });
    let mut reader = LineReader::new(file);
    let (mut misformatted, mut mismatched, mut unreadable) = (0u64, 0u64, 0u64);
    let (mut well_formed, mut matched, mut lineno) = (0u64, 0u64, 0u64);
    loop {
        let line = match reader.next_line(&ctx.sys).await {
            Ok(Some(l)) => l,
            Ok(None) => break,
            Err(e) => {
                // GNU reports a failed read of the list (a directory, say) without the cause.
                opts::interrupted(e)?;
                ctx.diag(format!("{}: read error", opts::quotef(ctx, list)))
                    .await?;
                return Ok(false);
            }
        };
        ctx.charge_bytes(line.len())?;
        lineno += 1;
        if line.first() == Some(&b'#') {
            continue;
        }
        let l = line.strip_suffix(b"\n").unwrap_or(&line);
        let l = l.strip_suffix(b"\r").unwrap_or(l);
        if l.is_empty() {
            continue;
        }
        let entry = match parser.parse(l) {
            Some(e) if !(is_stdin && e.name == b"-") => e,
            _ => {
                misformatted += 1;
                if o.warn && !o.status_only {
                    let tag = parser.current.tag();
                    let msg =
                        format!("{list_name}: {lineno}: improperly formatted {tag} checksum line");
                    ctx.diag(msg).await?;
                }
                continue;
            }
        };
        well_formed += 1;
        let shown = check::shown_name(&entry.name);
        match hash_input(ctx, &entry.name, entry.algo, entry.bits).await? {
            Err(m) => {
                if o.ignore_missing && m == crate::vfs::VfsError::NotFound.message() {
                    continue;
                }
                unreadable += 1;
                if !o.status_only {
                    ctx.diag(format!("{}: {m}", opts::quotef(ctx, &entry.name)))
                        .await?;
                    let mut msg = shown;
                    msg.extend_from_slice(b": FAILED open or read\n");
                    ctx.out(&msg).await?;
                }
            }
            Ok(sum) => {
                let ok = matches!(&sum, Sum::Hex(h) if h.as_bytes() == entry.hex.as_slice());
                if ok {
                    matched += 1;
                } else {
                    mismatched += 1;
                }
                if !o.status_only && (!ok || !o.quiet) {
                    let mut msg = shown;
                    msg.extend_from_slice(if ok { b": OK\n" } else { b": FAILED\n" });
                    ctx.out(&msg).await?;
                }
            }
        }
    }
    if well_formed == 0 {
        ctx.diag(format!(
            "{list_name}: no properly formatted checksum lines found"
        ))
        .await?;
        return Ok(false);
    }
    if !o.status_only {
        let warnings = [
            (
                misformatted,
                "line is improperly formatted",
                "lines are improperly formatted",
            ),
            (
                unreadable,
                "listed file could not be read",
                "listed files could not be read",
            ),
            (
                mismatched,
                "computed checksum did NOT match",
                "computed checksums did NOT match",
            ),
        ];
        for (n, one, many) in warnings {
            if n > 0 {
                ctx.diag(format!("WARNING: {}", plural(n, one, many)))
                    .await?;
            }
        }
        if o.ignore_missing && matched == 0 {
            ctx.diag(format!("{list_name}: no file was verified"))
                .await?;
        }
    }
    Ok(matched > 0 && mismatched == 0 && unreadable == 0 && !(o.strict && misformatted > 0))
}

async fn md5_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    program_main(ctx, Algo::Md5).await
}
async fn sha1_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    program_main(ctx, Algo::Sha1).await
}
async fn sha224_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    program_main(ctx, Algo::Sha224).await
}
async fn sha256_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    program_main(ctx, Algo::Sha256).await
}
async fn sha384_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    program_main(ctx, Algo::Sha384).await
}
async fn sha512_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    program_main(ctx, Algo::Sha512).await
}
async fn b2_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    program_main(ctx, Algo::Blake2b).await
}

crate::command_fn!(run_md5sum, md5_main);
crate::command_fn!(run_sha1sum, sha1_main);
crate::command_fn!(run_sha224sum, sha224_main);
crate::command_fn!(run_sha256sum, sha256_main);
crate::command_fn!(run_sha384sum, sha384_main);
crate::command_fn!(run_sha512sum, sha512_main);
crate::command_fn!(run_b2sum, b2_main);
crate::command_fn!(run_cksum, cksum_main);
crate::command_fn!(run_sum, sum_main);

pub fn register(r: &mut super::Registry) {
    use Trust::Real;
    let o = "-b -t -c --tag -z --ignore-missing --quiet --status --strict -w";
    type Entry = (&'static str, &'static str, fn(CommandCtx) -> CmdFuture);
    let programs: [Entry; 6] = [
        (
            "md5sum",
            "compute and check MD5 message digests",
            run_md5sum,
        ),
        (
            "sha1sum",
            "compute and check SHA1 message digests",
            run_sha1sum,
        ),
        (
            "sha224sum",
            "compute and check SHA224 message digests",
            run_sha224sum,
        ),
        (
            "sha256sum",
            "compute and check SHA256 message digests",
            run_sha256sum,
        ),
        (
            "sha384sum",
            "compute and check SHA384 message digests",
            run_sha384sum,
        ),
        (
            "sha512sum",
            "compute and check SHA512 message digests",
            run_sha512sum,
        ),
    ];
    for (name, about, run) in programs {
        r.register(name, Real, about, o, run);
    }
    r.register(
        "b2sum",
        Real,
        "compute and check BLAKE2b message digests",
        "-l BITS -b -t -c --tag -z --ignore-missing --quiet --status --strict -w",
        run_b2sum,
    );
    r.register(
        "cksum",
        Real,
        "compute and check CRC, BSD, System V, MD5, SHA, BLAKE2b and SM3 checksums",
        "-a ALGO -l BITS -c --tag --untagged -z --ignore-missing --quiet --status --strict -w \
         --debug",
        run_cksum,
    );
    r.register(
        "sum",
        Real,
        "print the BSD or System V checksum and block count",
        "-r -s",
        run_sum,
    );
}
