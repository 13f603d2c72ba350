//! `tar` (GNU tar 1.34): create (`c`), list (`t`) and extract (`x`) GNU-format archives,
//! plain or gzip-compressed (`-z`, or detected when reading a file), with GNU's messages,
//! verbose formats and exit statuses (2 after errors).
//!
//! Extraction never writes outside the extraction root: leading `/` and `..` prefixes are
//! removed as GNU removes them (with its message), existing files are replaced rather than
//! written through, and symlinks whose target is absolute or climbs with `..` are created
//! only after every other member (GNU's delayed links), as placeholders until then.
//! Sizes are metered: the archive is reserved as it is read and disk is charged by the VFS
//! before each write. Directories are archived in name order (the VFS order; GNU uses the
//! directory's own order unless `--sort=name`).

mod create;
mod extract;
mod header;

use super::opts::{flag, req, OptDef, Parser};
use crate::limits::{cost, ReservedBuf};
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::shell::pattern::{MatchOptions, Pattern};
use header::Entry;

pub fn register(r: &mut super::Registry) {
    r.register(
        "tar",
        Trust::Partial,
        "create, list and extract tar archives (GNU tar 1.34, gnu format; -z gzip)",
        "-c -x -t -f FILE -z -a -C DIR -v -O -p -k -m -P(refused) --strip-components N --exclude PAT -X FILE --sort=name|none --numeric-owner --no-same-owner --same-owner --overwrite --no-same-permissions [MEMBER]...",
        run,
    );
}

crate::command_fn!(run, tar_main);

const STRIP: u8 = 0x80;
const EXCLUDE: u8 = 0x81;
const SORT: u8 = 0x82;
const NUMERIC: u8 = 0x83;
const NO_SAME_OWNER: u8 = 0x84;
const SAME_OWNER: u8 = 0x85;
const OVERWRITE: u8 = 0x86;
const NO_SAME_PERMS: u8 = 0x87;
const DELETE: u8 = 0x88;
const UNSUPPORTED_LONG: u8 = 0x89;

const DEFS: &[OptDef] = &[
    flag(b'c', "create"),
    flag(b'x', "extract"),
    flag(b'x', "get"),
    flag(b't', "list"),
    req(b'f', "file"),
    flag(b'z', "gzip"),
    flag(b'z', "gunzip"),
    flag(b'z', "ungzip"),
    flag(b'a', "auto-compress"),
    req(b'C', "directory"),
    flag(b'v', "verbose"),
    flag(b'O', "to-stdout"),
    flag(b'p', "preserve-permissions"),
    flag(b'p', "same-permissions"),
    flag(b'k', "keep-old-files"),
    flag(b'm', "touch"),
    flag(b'P', "absolute-names"),
    req(STRIP, "strip-components"),
    req(EXCLUDE, "exclude"),
    req(b'X', "exclude-from"),
    req(SORT, "sort"),
    flag(NUMERIC, "numeric-owner"),
    flag(NO_SAME_OWNER, "no-same-owner"),
    flag(SAME_OWNER, "same-owner"),
    flag(OVERWRITE, "overwrite"),
    flag(NO_SAME_PERMS, "no-same-permissions"),
    // Known GNU options this simulator refuses (exit 2).
    flag(b'r', "append"),
    flag(b'u', "update"),
    flag(b'A', "catenate"),
    flag(b'd', "diff"),
    flag(DELETE, "delete"),
    flag(b'j', "bzip2"),
    flag(b'J', "xz"),
    flag(b'Z', "compress"),
    flag(UNSUPPORTED_LONG, "zstd"),
    req(b'T', "files-from"),
    flag(b'h', "dereference"),
    req(b'b', "blocking-factor"),
    flag(b'W', "verify"),
    flag(b'S', "sparse"),
];

/// Letters of the old (dash-less) first argument that take the next argument.
const TAKES_ARG: &[u8] = b"fCbTXNKLgVHF";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Create,
    Extract,
    List,
}

pub(crate) struct Tar<'a> {
    ctx: &'a CommandCtx,
    mode: Mode,
    verbose: u8,
    archive: Vec<u8>,
    gzip: bool,
    dir: Option<Vec<u8>>,
    to_stdout: bool,
    keep_old: bool,
    touch: bool,
    numeric: bool,
    same_owner: bool,
    preserve: bool,
    strip: usize,
    excludes: Vec<Pattern>,
    /// Some error was reported: exit 2 with GNU's closing message.
    failed: bool,
    /// Long-listing column width (GNU keeps it growing across members).
    ugswidth: usize,
    removed_prefixes: Vec<Vec<u8>>,
    /// `tar c`: the stored name of each file of several names already archived, by inode;
    /// its later names are stored as hard-link members pointing at it.
    hard_links: std::collections::BTreeMap<u64, Vec<u8>>,
}

/// Rewrites an old-style first argument (`cvf x.tar`) as dash options.
fn expand_old_style(args: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let Some(first) = args.first() else {
        return Vec::new();
    };
    if first.is_empty() || first[0] == b'-' {
        return args.to_vec();
    }
    let mut out = Vec::new();
    let mut rest = args[1..].iter();
    let mut tail = Vec::new();
    for &c in first {
        out.push(vec![b'-', c]);
        if TAKES_ARG.contains(&c) {
            if let Some(a) = rest.next() {
                out.push(a.clone());
            }
        }
    }
    tail.extend(rest.cloned());
    out.extend(tail);
    out
}

fn pattern(p: &[u8]) -> Pattern {
    Pattern::compile(
        p,
        MatchOptions {
            extglob: false,
            nocase: false,
            utf8: false,
            pathname: false,
            dotglob: false,
        },
    )
}

async fn usage(ctx: &CommandCtx, msg: &str) -> Result<i32, Interrupt> {
    ctx.err(
        format!("tar: {msg}\nTry 'tar --help' or 'tar --usage' for more information.\n").as_bytes(),
    )
    .await?;
    Ok(2)
}

async fn tar_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let mut args = expand_old_style(ctx.args());
    if let Some(env) = ctx.env.get(&b"TAR_OPTIONS"[..]) {
        let words: Vec<Vec<u8>> = env
            .split(|b| b.is_ascii_whitespace())
            .filter(|w| !w.is_empty())
            .map(|w| w.to_vec())
            .collect();
        args.splice(0..0, words);
    }
    let p = match Parser::new(DEFS).parse(&args) {
        Ok(p) => p,
        Err(m) => return usage(ctx, &m).await,
    };
    if p.has(super::opts::VERSION) {
        ctx.out(b"tar (GNU tar) 1.34\n").await?;
        return Ok(0);
    }
    for (id, name) in [
        (b'r', "-r (--append)"),
        (b'u', "-u (--update)"),
        (b'A', "-A (--catenate)"),
        (b'd', "-d (--diff)"),
        (DELETE, "--delete"),
        (b'j', "-j (bzip2)"),
        (b'J', "-J (xz)"),
        (b'Z', "-Z (compress)"),
        (UNSUPPORTED_LONG, "--zstd"),
        (b'T', "-T (--files-from)"),
        (b'h', "-h (--dereference)"),
        (b'b', "-b (--blocking-factor)"),
        (b'W', "-W (--verify)"),
        (b'S', "-S (--sparse)"),
        (b'P', "-P (--absolute-names)"),
        (super::opts::HELP, "--help"),
    ] {
        if p.has(id) {
            ctx.diag(format!("{name} is not supported in this simulator"))
                .await?;
            return Ok(2);
        }
    }
    let modes: Vec<u8> = p
        .opts
        .iter()
        .map(|o| o.0)
        .filter(|&i| i == b'c' || i == b'x' || i == b't')
        .collect();
    let mut distinct = modes.clone();
    distinct.dedup();
    if distinct.is_empty() {
        return usage(
            ctx,
            "You must specify one of the '-Acdtrux', '--delete' or '--test-label' options",
        )
        .await;
    }
    if distinct.len() > 1 {
        return usage(
            ctx,
            "You may not specify more than one '-Acdtrux', '--delete' or  '--test-label' option",
        )
        .await;
    }
    let mode = match distinct[0] {
        b'c' => Mode::Create,
        b'x' => Mode::Extract,
        _ => Mode::List,
    };
    if let Some(s) = p.last(SORT) {
        if s == b"inode" {
            // The simulated tree has no inode order to follow.
            return usage(ctx, "--sort=inode is not supported in this simulator").await;
        }
        if s != b"name" && s != b"none" {
            let valid: [&[&str]; 3] = [&["none"], &["name"], &["inode"]];
            // argmatch's refusal, without tar's try-help line.
            let m = super::opts::bad_argument(ctx, s, "--sort", &valid);
            ctx.err(format!("tar: {m}\n").as_bytes()).await?;
            return Ok(2);
        }
    }
    let strip = match p.last(STRIP) {
        None => 0,
        Some(s) => match super::opts::parse_i64(s) {
            Some(n) if n >= 0 => n as usize,
            _ => {
                return usage(
                    ctx,
                    &format!("{}: Invalid number of elements", String::from_utf8_lossy(s)),
                )
                .await
            }
        },
    };
    let mut excludes = Vec::new();
    for (id, v) in &p.opts {
        let Some(v) = v else { continue };
        if *id == EXCLUDE {
            excludes.push(pattern(v));
        } else if *id == b'X' {
            match ctx.read_all_input(v).await {
                Ok(data) => {
                    for line in data.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
                        excludes.push(pattern(line));
                    }
                }
                Err(e) => {
                    super::opts::interrupted(e)?;
                    ctx.diag(format!(
                        "{}: Cannot open: {}",
                        String::from_utf8_lossy(v),
                        e.message()
                    ))
                    .await?;
                    ctx.diag("Error is not recoverable: exiting now").await?;
                    return Ok(2);
                }
            }
        }
    }
    let archive = p.last(b'f').unwrap_or(b"-").to_vec();
    let mut gzip = p.has(b'z');
    if mode == Mode::Create && p.has(b'a') {
        gzip |=
            archive.ends_with(b".gz") || archive.ends_with(b".tgz") || archive.ends_with(b".taz");
    }
    let mut t = Tar {
        ctx,
        mode,
        verbose: p.opts.iter().filter(|o| o.0 == b'v').count().min(2) as u8,
        archive,
        gzip,
        dir: p.last(b'C').map(|d| d.to_vec()),
        to_stdout: p.has(b'O'),
        keep_old: p.has(b'k'),
        touch: p.has(b'm'),
        numeric: p.has(NUMERIC),
        same_owner: !p.has(NO_SAME_OWNER),
        preserve: !p.has(NO_SAME_PERMS),
        strip,
        excludes,
        failed: false,
        ugswidth: 19,
        removed_prefixes: Vec::new(),
        hard_links: Default::default(),
    };
    let status = match mode {
        Mode::Create => t.create(&p.operands).await?,
        Mode::Extract | Mode::List => t.read_members(&p.operands).await?,
    };
    ctx.sys.sync_disk();
    if status == 0 && t.failed {
        ctx.diag("Exiting with failure status due to previous errors")
            .await?;
        return Ok(2);
    }
    Ok(status)
}

/// Whether `name` (or any trailing run of its components) matches an exclude pattern.
fn excluded(pats: &[Pattern], name: &[u8]) -> bool {
    if pats.is_empty() {
        return false;
    }
    let mut n = name;
    while n.ends_with(b"/") && n.len() > 1 {
        n = &n[..n.len() - 1];
    }
    let mut start = 0;
    loop {
        let tail = &n[start..];
        if pats.iter().any(|p| p.matches(tail)) {
            return true;
        }
        match memchr::memchr(b'/', tail) {
            Some(i) => start += i + 1,
            None => return false,
        }
    }
}

/// A member name as GNU's `safer_name_suffix` leaves it: leading `/` and everything up to the
/// last `..` component removed. Returns (prefix removed, rest).
pub(crate) fn safer_name(name: &[u8]) -> (&[u8], &[u8]) {
    let mut prefix_len = 0;
    let mut p = 0;
    while p < name.len() {
        if name[p..].starts_with(b"..") && (p + 2 == name.len() || name[p + 2] == b'/') {
            prefix_len = p + 2;
        }
        loop {
            let c = name[p];
            p += 1;
            if c == b'/' || p >= name.len() {
                break;
            }
        }
    }
    let mut q = prefix_len;
    while q < name.len() && name[q] == b'/' {
        q += 1;
    }
    (&name[..q], &name[q..])
}

impl Tar<'_> {
    async fn error(&mut self, msg: impl AsRef<[u8]>) -> Result<(), Interrupt> {
        self.failed = true;
        self.ctx.diag(msg).await
    }

    /// GNU's "Removing leading `X' from member names", once per distinct prefix.
    async fn strip_name(&mut self, name: &[u8]) -> Result<Vec<u8>, Interrupt> {
        let (prefix, rest) = safer_name(name);
        if !prefix.is_empty() && !self.removed_prefixes.iter().any(|p| p == prefix) {
            self.removed_prefixes.push(prefix.to_vec());
            self.ctx
                .diag(format!(
                    "Removing leading `{}' from member names",
                    String::from_utf8_lossy(prefix)
                ))
                .await?;
        }
        Ok(if rest.is_empty() && !prefix.is_empty() {
            b".".to_vec()
        } else {
            rest.to_vec()
        })
    }

    /// The `tar tv` line for `e` (without the newline).
    fn long_line(&mut self, e: &Entry, name: &[u8]) -> Vec<u8> {
        let (user, group) = if self.numeric || e.uname.is_empty() {
            (e.uid.to_string(), e.gid.to_string())
        } else {
            (
                String::from_utf8_lossy(&e.uname).into_owned(),
                String::from_utf8_lossy(&e.gname).into_owned(),
            )
        };
        let size = match e.kind {
            header::Kind::Special(b'3') | header::Kind::Special(b'4') => "0,0".to_string(),
            _ => e.size.to_string(),
        };
        let pad = user.len() + 1 + group.len() + 1 + size.len();
        if pad > self.ugswidth {
            self.ugswidth = pad;
        }
        let w = self.ugswidth - pad + size.len();
        let (y, mo, d, h, mi, _) = super::fsutil::utc(e.mtime);
        let mut line = format!(
            "{} {user}/{group} {size:>w$} {y:04}-{mo:02}-{d:02} {h:02}:{mi:02} ",
            header::mode_string(e)
        )
        .into_bytes();
        line.extend_from_slice(name);
        match e.kind {
            header::Kind::Symlink => {
                line.extend_from_slice(b" -> ");
                line.extend_from_slice(&e.link);
            }
            header::Kind::HardLink => {
                line.extend_from_slice(b" link to ");
                line.extend_from_slice(&e.link);
            }
            _ => {}
        }
        line
    }

    /// Reads the whole archive (decompressing when asked or when a file is gzip data).
    /// `Err(status)` after a fatal error was reported. The buffer holds the bytes' modeled
    /// memory.
    async fn load(&mut self) -> Result<Result<ReservedBuf, i32>, Interrupt> {
        let ctx = self.ctx;
        let name = self.archive.clone();
        let raw = match ctx.read_all_input(&name).await {
            Ok(d) => d,
            Err(e) => {
                super::opts::interrupted(e)?;
                ctx.diag(format!(
                    "{}: Cannot open: {}",
                    String::from_utf8_lossy(&name),
                    e.message()
                ))
                .await?;
                ctx.diag("Error is not recoverable: exiting now").await?;
                return Ok(Err(2));
            }
        };
        let compressed = super::gzip::codec::is_gzip(&raw);
        if !self.gzip && compressed && name == b"-" {
            drop(raw);
            ctx.diag("Archive is compressed. Use -z option").await?;
            ctx.diag("Error is not recoverable: exiting now").await?;
            return Ok(Err(2));
        }
        if !self.gzip && !compressed {
            return Ok(Ok(raw));
        }
        if super::gzip::filter_settings(ctx).await?.is_err() {
            drop(raw);
            return Ok(Err(child_failed(ctx).await?));
        }
        let mut d = super::gzip::codec::Decoder::new(&raw);
        let mut out = Vec::new();
        let mut held = ctx.empty_reservation();
        let result = loop {
            let before = out.len();
            // A chunk's room is reserved before the decoder fills it; what it did not use goes
            // back.
            held.grow(super::gzip::codec::CHUNK as u64)?;
            let step = d.next_chunk(&mut out);
            held.resize(out.len() as u64)?;
            ctx.charge(cost::per_bytes(
                (out.len() - before).max(1),
                256,
                cost::DECOMPRESS_PER_256_BYTES,
            ))?;
            match step {
                Ok(super::gzip::codec::Step::Data) => {}
                Ok(super::gzip::codec::Step::Done(_)) => break Ok(()),
                Err(e) => break Err(e),
            }
        };
        drop(d);
        drop(raw);
        if let Err(e) = result {
            drop((out, held));
            ctx.err(format!("\ngzip: stdin: {}\n", e.message()).as_bytes())
                .await?;
            return Ok(Err(child_failed(ctx).await?));
        }
        Ok(Ok(ReservedBuf::from_parts(out, held)?))
    }

    /// `t` and `x`.
    async fn read_members(&mut self, operands: &[Vec<u8>]) -> Result<i32, Interrupt> {
        let data = match self.load().await? {
            Ok(d) => d,
            Err(s) => return Ok(s),
        };
        self.walk_archive(&data, operands).await
    }

    async fn walk_archive(&mut self, data: &[u8], operands: &[Vec<u8>]) -> Result<i32, Interrupt> {
        let ctx = self.ctx;
        let wanted: Vec<Vec<u8>> = operands
            .iter()
            .map(|o| {
                let mut o = o.as_slice();
                while o.len() > 1 && o.ends_with(b"/") {
                    o = &o[..o.len() - 1];
                }
                o.to_vec()
            })
            .collect();
        let mut matched = vec![false; wanted.len()];
        let mut ex = if self.mode == Mode::Extract {
            match extract::Extractor::new(self) {
                Ok(x) => Some(x),
                Err(()) => {
                    let d = self.dir.clone().unwrap_or_default();
                    ctx.diag(format!(
                        "{}: Cannot open: No such file or directory",
                        String::from_utf8_lossy(&d)
                    ))
                    .await?;
                    ctx.diag("Error is not recoverable: exiting now").await?;
                    return Ok(2);
                }
            }
        } else {
            None
        };
        let mut reader = header::Reader::new(data);
        loop {
            let entry = match reader.next_entry() {
                Ok(Some(e)) => e,
                Ok(None) => break,
                Err(header::ReadError::NotTar) => {
                    self.error("This does not look like a tar archive").await?;
                    if !data.is_empty() {
                        self.error("Skipping to next header").await?;
                    }
                    continue;
                }
                Err(header::ReadError::Skipping) => {
                    self.error("Skipping to next header").await?;
                    continue;
                }
                Err(header::ReadError::UnexpectedEof) => {
                    ctx.diag("Unexpected EOF in archive").await?;
                    ctx.diag("Error is not recoverable: exiting now").await?;
                    return Ok(2);
                }
            };
            ctx.charge(cost::TAR_BLOCK * (1 + entry.size.div_ceil(512)))?;
            if !wanted.is_empty() {
                let mut n = entry.name.as_slice();
                while n.len() > 1 && n.ends_with(b"/") {
                    n = &n[..n.len() - 1];
                }
                let hit = wanted.iter().position(|w| {
                    n == w.as_slice() || (n.starts_with(w) && n.get(w.len()) == Some(&b'/'))
                });
                match hit {
                    Some(i) => matched[i] = true,
                    None => continue,
                }
            }
            if excluded(&self.excludes, &entry.name) {
                continue;
            }
            match self.mode {
                Mode::List => {
                    let mut line = if self.verbose > 0 {
                        self.long_line(&entry, &entry.name)
                    } else {
                        entry.name.clone()
                    };
                    line.push(b'\n');
                    ctx.out(&line).await?;
                }
                _ => {
                    if let Some(x) = ex.as_mut() {
                        x.member(self, &entry, data).await?;
                    }
                }
            }
        }
        if let Some(x) = ex {
            x.finish(self);
        }
        for (w, m) in wanted.iter().zip(matched) {
            if !m {
                self.error(format!(
                    "{}: Not found in archive",
                    String::from_utf8_lossy(w)
                ))
                .await?;
            }
        }
        Ok(0)
    }
}

/// GNU tar's words when its gzip child fails (it already said why): status 2.
async fn child_failed(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    ctx.diag("Child returned status 1").await?;
    ctx.diag("Error is not recoverable: exiting now").await?;
    Ok(2)
}

#[cfg(test)]
mod tests;
