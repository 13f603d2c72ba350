//! `zip` (Info-ZIP zip 3.0): create an archive, add or replace members in an existing one
//! (`-r -j -D -0..-9 -q -x -i`), or delete members (`-d`), with zip's messages, member
//! order and exit statuses (12 nothing to do, 16 bad arguments).
//!
//! zip writes the new archive whole: members kept from the old archive are copied in their
//! place, replaced ones ("updating:") are recompressed in place, new ones ("adding:")
//! follow in the order they were found. Directories are walked in name order (the VFS
//! order; zip uses the order the directory returns). The archive is built in memory with
//! its size reserved before it grows, then written in one step.

use super::format::{self, Entry, NewEntry, S_IFDIR, S_IFREG};
use super::wild;
use crate::commands::deflate;
use crate::limits::{cost, Reservation};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use crate::vfs::{path, FileType, WriteMode};
use flate2::Crc;
use std::collections::HashMap;

/// zip 3.0's short options taking more than one letter (all refused here).
const MULTI_LETTER: &[&str] = &[
    "db", "dc", "dd", "dg", "ds", "du", "dv", "DF", "FF", "FI", "FS", "fd", "fz", "h2", "ll", "lf",
    "la", "li", "mm", "MM", "nw", "RE", "sp", "sv", "sb", "sc", "sd", "sf", "so", "su", "sU", "tt",
    "TT", "UN", "ws",
];
/// zip 3.0's one-letter options this simulator does not implement (refused, exit 2).
const REFUSED: &[u8] = b"AbcefFgJklLmnoOpPRsStTuUvXyz@$!";
/// zip 3.0's long options, with the letter of those implemented here.
const LONG: &[(&str, Option<u8>)] = &[
    ("recurse-paths", Some(b'r')),
    ("quiet", Some(b'q')),
    ("junk-paths", Some(b'j')),
    ("no-dir-entries", Some(b'D')),
    ("delete", Some(b'd')),
    ("exclude", Some(b'x')),
    ("include", Some(b'i')),
    ("help", Some(b'h')),
    ("store", Some(b'0')),
    ("compress-1", Some(b'1')),
    ("compress-2", Some(b'2')),
    ("compress-3", Some(b'3')),
    ("compress-4", Some(b'4')),
    ("compress-5", Some(b'5')),
    ("compress-6", Some(b'6')),
    ("compress-7", Some(b'7')),
    ("compress-8", Some(b'8')),
    ("compress-9", Some(b'9')),
];
/// zip's descriptions of the implemented long options (quoted in its errors).
const LONG_WHAT: &[(&str, &str)] = &[
    ("recurse-paths", "recurse down listed paths"),
    ("quiet", "quiet"),
    ("junk-paths", "strip paths and just store file names"),
    ("no-dir-entries", "no entries for dirs themselves (-x */)"),
    ("delete", "delete entries from archive"),
    ("help", "help"),
    ("store", "store"),
];
const LONG_REFUSED: &[&str] = &[
    "adjust-sfx",
    "temp-path",
    "entry-comments",
    "display-bytes",
    "display-counts",
    "display-dots",
    "display-globaldots",
    "dot-size",
    "display-usize",
    "display-volume",
    "difference-archive",
    "encrypt",
    "fix",
    "fixfix",
    "fifo",
    "filesync",
    "freshen",
    "force-descriptors",
    "force-zip64",
    "grow",
    "more-help",
    "junk-sfx",
    "DOS-names",
    "to-crlf",
    "from-crlf",
    "logfile-path",
    "log-append",
    "log-info",
    "license",
    "move",
    "must-match",
    "suffixes",
    "no-wild",
    "latest-time",
    "output-file",
    "paths",
    "password",
    "recurse-patterns",
    "regex",
    "split-size",
    "split-pause",
    "split-verbose",
    "split-bell",
    "show-command",
    "show-debug",
    "show-files",
    "show-options",
    "show-unicode",
    "show-just-unicode",
    "from-date",
    "before-date",
    "test",
    "unzip-command",
    "copy-entries",
    "unicode",
    "verbose",
    "version",
    "wild-stop-dirs",
    "strip-extra",
    "symlinks",
    "archive-comment",
    "compression-method",
    "names-stdin",
    "out",
    "copy",
    "dif",
];
/// Suffixes zip stores without trying to compress (its default `-n` list).
const NO_COMPRESS: &[&[u8]] = &[b".Z", b".zip", b".zoo", b".arc", b".lzh", b".arj"];

const HELP: &str = include_str!("zip_help.txt");

struct Opts {
    recurse: bool,
    quiet: bool,
    junk: bool,
    no_dirs: bool,
    delete: bool,
    level: u32,
    excludes: Vec<Vec<u8>>,
    includes: Vec<Vec<u8>>,
    operands: Vec<Vec<u8>>,
}

enum Parsed {
    Run(Opts),
    Help,
    /// A message was printed; exit with this status.
    Exit(i32),
}

async fn bad_args(ctx: &CommandCtx, why: String) -> Result<Parsed, Interrupt> {
    ctx.out(format!("\nzip error: Invalid command arguments ({why})\n").as_bytes())
        .await?;
    Ok(Parsed::Exit(16))
}

async fn refuse(ctx: &CommandCtx, what: String) -> Result<Parsed, Interrupt> {
    ctx.diag(format!("{what} is not supported in this simulator"))
        .await?;
    Ok(Parsed::Exit(2))
}

/// zip's own command line: options anywhere, `-x`/`-i` take every following word that does
/// not start with `-`.
async fn parse(ctx: &CommandCtx) -> Result<Parsed, Interrupt> {
    let mut o = Opts {
        recurse: false,
        quiet: false,
        junk: false,
        no_dirs: false,
        delete: false,
        level: 6,
        excludes: Vec::new(),
        includes: Vec::new(),
        operands: Vec::new(),
    };
    let mut list: Option<u8> = None;
    let mut help = false;
    let args = ctx.args();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if a == b"--" {
            o.operands.extend(args[i..].iter().cloned());
            break;
        }
        if a == b"-" {
            return refuse(ctx, "- (standard input or output)".into()).await;
        }
        if a.len() < 2 || a[0] != b'-' {
            match list {
                Some(b'x') => o.excludes.push(a.clone()),
                Some(_) => o.includes.push(a.clone()),
                None => o.operands.push(a.clone()),
            }
            continue;
        }
        list = None;
        let mut letters: Vec<u8> = Vec::new();
        let mut attached: Option<Vec<u8>> = None;
        if let Some(long) = a.strip_prefix(b"--") {
            let (name, value) = match long.iter().position(|&b| b == b'=') {
                Some(eq) => (&long[..eq], Some(long[eq + 1..].to_vec())),
                None => (long, None),
            };
            let name = String::from_utf8_lossy(name).into_owned();
            match LONG.iter().find(|(l, _)| *l == name) {
                Some((_, Some(c))) if *c == b'x' || *c == b'i' => {
                    letters.push(*c);
                    attached = value;
                }
                Some((_, Some(_))) if value.is_some() => {
                    let level = name
                        .strip_prefix("compress-")
                        .map(|n| format!("compress {n}"));
                    let what = LONG_WHAT
                        .iter()
                        .find(|(l, _)| *l == name)
                        .map(|(_, w)| w.to_string())
                        .or(level)
                        .unwrap_or_default();
                    let m = format!("option '{name}' ({what}) does not allow a value");
                    return bad_args(ctx, m).await;
                }
                Some((_, Some(c))) => letters.push(*c),
                _ if LONG_REFUSED.contains(&name.as_str()) => {
                    return refuse(ctx, format!("--{name}")).await;
                }
                _ => return bad_args(ctx, format!("long option '{name}' not supported")).await,
            }
        } else {
            let mut j = 1;
            while j < a.len() {
                if let Some(m) = MULTI_LETTER
                    .iter()
                    .find(|m| a[j..].starts_with(m.as_bytes()))
                {
                    return refuse(ctx, format!("-{m}")).await;
                }
                let c = a[j];
                j += 1;
                letters.push(c);
                if c == b'x' || c == b'i' {
                    if j < a.len() {
                        attached = Some(a[j..].to_vec());
                    }
                    break;
                }
            }
        }
        for c in letters {
            match c {
                b'r' => o.recurse = true,
                b'q' => o.quiet = true,
                b'j' => o.junk = true,
                b'D' => o.no_dirs = true,
                b'd' => o.delete = true,
                b'0'..=b'9' => o.level = (c - b'0') as u32,
                b'h' | b'H' | b'?' => help = true,
                b'x' | b'i' => {
                    list = Some(c);
                    let Some(p) = attached.take() else { continue };
                    let patterns = match p.strip_prefix(b"@") {
                        // `-x@FILE`: the patterns are FILE's lines.
                        Some(file) => match ctx.read_all_input(file).await {
                            Ok(data) => data
                                .split(|&b| b == b'\n')
                                .filter(|l| !l.is_empty())
                                .map(|l| l.to_vec())
                                .collect(),
                            Err(e) => {
                                super::super::opts::interrupted(e)?;
                                let m = format!(
                                    "zip I/O error: No such file or directory\nzip error: File not found or no read permission ({} pattern file '{}')\n",
                                    c as char,
                                    String::from_utf8_lossy(&p)
                                );
                                ctx.out(m.as_bytes()).await?;
                                return Ok(Parsed::Exit(18));
                            }
                        },
                        None => vec![p],
                    };
                    if c == b'x' {
                        o.excludes.extend(patterns);
                    } else {
                        o.includes.extend(patterns);
                    }
                }
                c if REFUSED.contains(&c) => {
                    return refuse(ctx, format!("-{}", c as char)).await;
                }
                c => {
                    let shown = String::from_utf8_lossy(&[c]).into_owned();
                    return bad_args(ctx, format!("short option '{shown}' not supported")).await;
                }
            }
        }
    }
    if help {
        return Ok(Parsed::Help);
    }
    Ok(Parsed::Run(o))
}

pub async fn zip_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let o = match parse(ctx).await? {
        Parsed::Run(o) => o,
        Parsed::Help => {
            ctx.out(HELP.as_bytes()).await?;
            return Ok(0);
        }
        Parsed::Exit(s) => return Ok(s),
    };
    let Some(archive) = o.operands.first().cloned() else {
        // With no archive zip compresses standard input to standard output.
        refuse(ctx, "zip without an archive name (stdin to stdout)".into()).await?;
        return Ok(2);
    };
    let archive = zip_name(&archive);
    let mut z = Zip {
        ctx,
        o,
        shown: archive.clone(),
        abs: ctx.resolve(&archive),
        steps: 0,
        held: ctx.empty_reservation(),
    };
    let status = if z.o.delete {
        z.delete().await
    } else {
        z.add().await
    };
    // The archive's memory goes with `z`, on every path, interrupted ones included.
    drop(z);
    let status = status?;
    ctx.sys.sync_disk();
    Ok(status)
}

/// The size of the file at `abs` (0 if it cannot be read).
fn ctx_size(ctx: &CommandCtx, abs: &[u8]) -> u64 {
    ctx.stat(abs).map(|s| s.size).unwrap_or(0)
}

/// zip appends ".zip" to an archive name whose last component has no dot.
fn zip_name(name: &[u8]) -> Vec<u8> {
    let mut n = name.to_vec();
    if !path::file_name(name).contains(&b'.') {
        n.extend_from_slice(b".zip");
    }
    n
}

/// zip's compression percentage, in integers as zip computes it.
pub fn percent(n: u64, m: u64) -> u64 {
    let (mut n, mut m) = (n, m);
    while n > 0xff_ffff {
        n = (n + 0x80) >> 8;
        m = (m + 0x80) >> 8;
    }
    if n > m {
        (200 * (n - m) / n).div_ceil(2)
    } else {
        0
    }
}

/// An archive being updated: its bytes (shared with the VFS) and its entries.
type Old = (std::sync::Arc<Vec<u8>>, Vec<Entry>);

/// Whether a member is new or replaces one of the old archive.
#[derive(Clone, Copy)]
enum Update {
    Add,
    /// `local`: what zip found reading the old member's local header.
    Replace {
        local: Local,
    },
}

/// The old local header of a member being replaced, as zip checks it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Local {
    Ok,
    /// It records another CRC than the directory (a data descriptor leaves it zero).
    CrcDiffers,
    /// It is not where the directory says (bytes prepended to the archive).
    Missing,
}

/// A file or directory found on the command line or by recursion.
struct Found {
    /// The name in the archive.
    name: Vec<u8>,
    /// The path as given or reached (for zip's duplicate message).
    external: Vec<u8>,
    abs: Vec<u8>,
    dir: bool,
}

struct Zip<'a> {
    ctx: &'a CommandCtx,
    o: Opts,
    /// The archive name as zip shows it.
    shown: Vec<u8>,
    abs: Vec<u8>,
    /// Wildcard work not yet charged.
    steps: u64,
    /// Memory reserved for the archive being built.
    held: Reservation,
}

impl Zip<'_> {
    async fn say(&self, text: impl AsRef<[u8]>) -> Result<(), Interrupt> {
        self.ctx.out(text.as_ref()).await
    }

    /// zip's warnings (`-q` silences them).
    async fn warn(&self, text: impl AsRef<[u8]>) -> Result<(), Interrupt> {
        if self.o.quiet {
            return Ok(());
        }
        let mut m = b"\tzip warning: ".to_vec();
        m.extend_from_slice(text.as_ref());
        m.push(b'\n');
        self.say(m).await
    }

    async fn error(&self, text: String, status: i32) -> Result<i32, Interrupt> {
        self.say(format!("\nzip error: {text}\n")).await?;
        Ok(status)
    }

    async fn nothing_to_do(&self) -> Result<i32, Interrupt> {
        let shown = String::from_utf8_lossy(&self.shown).into_owned();
        self.error(format!("Nothing to do! ({shown})"), 12).await
    }

    fn charge_steps(&mut self) -> Result<(), Interrupt> {
        let units = cost::per_bytes(self.steps as usize, 256, cost::PATTERN_PER_256_STEPS);
        self.steps = 0;
        self.ctx.charge(units)
    }

    fn matches(&mut self, pattern: &[u8], name: &[u8]) -> bool {
        wild::matches(pattern, name, &mut self.steps)
    }

    /// `-x` and `-i`: an excluded name, or one no `-i` pattern takes, is left out.
    fn selected(&mut self, name: &[u8]) -> Result<bool, Interrupt> {
        let excludes = std::mem::take(&mut self.o.excludes);
        let includes = std::mem::take(&mut self.o.includes);
        let out = excludes.iter().any(|p| self.matches(p, name));
        let inc = includes.is_empty() || includes.iter().any(|p| self.matches(p, name));
        self.o.excludes = excludes;
        self.o.includes = includes;
        self.charge_steps()?;
        Ok(!out && inc)
    }

    /// The old archive, if the file exists. `Err(status)` after a reported error.
    async fn load(&mut self) -> Result<Result<Option<Old>, i32>, Interrupt> {
        let ctx = self.ctx;
        match ctx.stat(&self.abs) {
            Err(_) => return Ok(Ok(None)),
            Ok(st) if st.file_type == FileType::Dir => {
                let m = "Zip file structure invalid (is a directory)".to_string();
                return Ok(Err(self.error(m, 3).await?));
            }
            Ok(_) => {}
        }
        // The VFS shares the bytes (no copy); kept members are copied as they are written.
        let read = ctx.vfs().read_file(&self.abs);
        let data = match read {
            Ok(d) => d,
            Err(e) => {
                let m = format!("could not open zip file: {}", e.message());
                return Ok(Err(self.error(m, 15).await?));
            }
        };
        // Finding the end record reads at most the last 64 KiB.
        ctx.charge_bytes(data.len().min(0xffff + 22))?;
        let mut held = ctx.empty_reservation();
        let parsed = format::read_archive(&data, |n| {
            ctx.charge(cost::ARCHIVE_MEMBER)?;
            held.grow(format::entry_memory(n))?;
            Ok::<(), Interrupt>(())
        });
        self.held.absorb(held);
        let parsed = parsed?;
        match parsed {
            Ok(a) if a.bad_entry.is_none() && a.extra >= 0 => Ok(Ok(Some((data, a.entries)))),
            Ok(a) if a.extra < 0 => {
                // zip looks for the directory where the end record says it is.
                let m = format!("expected {} entries but found 0", a.declared);
                self.warn(m).await?;
                let shown = String::from_utf8_lossy(&self.shown).into_owned();
                let m = format!("Zip file structure invalid ({shown})");
                Ok(Err(self.error(m, 3).await?))
            }
            _ if data.is_empty() => Ok(Ok(None)),
            Err(format::ReadError::NoEnd) => {
                self.warn("missing end signature--probably not a zip file (did you")
                    .await?;
                self.warn("remember to use binary mode when you transferred it?)")
                    .await?;
                self.warn("(if you are trying to read a damaged archive try -F)")
                    .await?;
                let shown = String::from_utf8_lossy(&self.shown).into_owned();
                let m = format!("Zip file structure invalid ({shown})");
                Ok(Err(self.error(m, 3).await?))
            }
            _ => {
                let shown = String::from_utf8_lossy(&self.shown).into_owned();
                let m = format!("Zip file structure invalid ({shown})");
                Ok(Err(self.error(m, 3).await?))
            }
        }
    }

    /// `-d`: removes the members matching any operand pattern.
    async fn delete(&mut self) -> Result<i32, Interrupt> {
        let old = match self.load().await? {
            Ok(o) => o,
            Err(s) => return Ok(s),
        };
        let patterns: Vec<Vec<u8>> = self.o.operands[1..].to_vec();
        let Some((data, entries)) = old.filter(|(_, e)| !e.is_empty()) else {
            let shown = String::from_utf8_lossy(&self.shown).into_owned();
            self.warn(format!("{shown} not found or empty")).await?;
            for p in &patterns {
                self.warn([&b"name not matched: "[..], p].concat()).await?;
            }
            return self.nothing_to_do().await;
        };
        let mut hit = vec![false; patterns.len()];
        let mut gone = vec![false; entries.len()];
        for (k, e) in entries.iter().enumerate() {
            for (j, p) in patterns.iter().enumerate() {
                if self.matches(p, &e.name) {
                    hit[j] = true;
                    gone[k] = true;
                }
            }
            self.charge_steps()?;
        }
        for (p, h) in patterns.iter().zip(&hit) {
            if !h {
                self.warn([&b"name not matched: "[..], p].concat()).await?;
            }
        }
        if !gone.iter().any(|&g| g) {
            return self.nothing_to_do().await;
        }
        let mut out = Vec::new();
        let mut central = Vec::new();
        for (e, g) in entries.iter().zip(&gone) {
            if *g {
                if !self.o.quiet {
                    self.say([&b"deleting: "[..], &e.name, b"\n"].concat())
                        .await?;
                }
                continue;
            }
            if !self.copy_member(&data, e, &mut out, &mut central)? {
                return self.lost_member(&e.name).await;
            }
        }
        if central.is_empty() {
            self.warn("zip file empty").await?;
        }
        self.write(out, &central).await
    }

    /// Copies a kept member's local record as it is and pushes its central record,
    /// pointed at the new offset.
    fn copy_member(
        &mut self,
        data: &[u8],
        e: &Entry,
        out: &mut Vec<u8>,
        central: &mut Vec<Vec<u8>>,
    ) -> Result<bool, Interrupt> {
        // zip reads the local header where the directory says it is; false if it is not.
        let Some((_, end)) = format::local_span(data, e) else {
            return Ok(false);
        };
        let from = e.offset as usize;
        let len = end.min(data.len()).saturating_sub(from);
        self.grow(len + e.raw.len())?;
        self.ctx
            .charge(cost::ARCHIVE_MEMBER + cost::per_bytes(len, 256, cost::IO_PER_256_BYTES))?;
        let offset = out.len() as u64;
        out.extend_from_slice(&data[from..from + len]);
        central.push(format::relocate(&e.raw, offset));
        Ok(true)
    }

    /// A kept member whose local header is not where the directory says (an archive with
    /// bytes prepended, say): zip gives up.
    async fn lost_member(&self, name: &[u8]) -> Result<i32, Interrupt> {
        self.warn([&b"Did not find entry for "[..], name].concat())
            .await?;
        let m = format!(
            "Zip file structure invalid (was copying {})",
            String::from_utf8_lossy(name)
        );
        self.error(m, 3).await
    }

    /// zip writes into a temporary file beside the archive before it reads the members, so
    /// the archive's directory has just changed when zip records its time (visible when
    /// that directory is itself archived). Creating and removing such a file models that.
    /// Returns false when the directory does not exist (zip cannot create its file).
    fn temp_file_stamp(&self) -> bool {
        let dir = path::parent(&self.abs);
        let mut vfs = self.ctx.vfs();
        if !vfs.stat(&dir).is_ok_and(|s| s.file_type == FileType::Dir) {
            return false;
        }
        for n in 0..100u32 {
            let tmp = path::join(&dir, format!("zi{n:06}").as_bytes());
            if vfs.lstat(&tmp).is_err() {
                if vfs
                    .write_file_mode(&tmp, b"", WriteMode::CreateNew, 0o600)
                    .is_ok()
                {
                    let _ = vfs.remove(&tmp);
                }
                break;
            }
        }
        true
    }

    async fn cannot_create(&self) -> Result<i32, Interrupt> {
        let shown = String::from_utf8_lossy(&self.shown).into_owned();
        self.say(format!(
            "zip I/O error: No such file or directory\nzip error: Could not create output file ({shown})\n"
        ))
        .await?;
        Ok(15)
    }

    /// Reserves memory for `n` more bytes of the archive being built.
    fn grow(&mut self, n: usize) -> Result<(), Interrupt> {
        self.held.grow(n as u64)?;
        Ok(())
    }

    async fn write(&mut self, mut out: Vec<u8>, central: &[Vec<u8>]) -> Result<i32, Interrupt> {
        let cd: usize = central.iter().map(|c| c.len()).sum();
        if out.len() + cd >= 0xffff_ffff {
            self.ctx
                .diag("an archive of 4 GiB or more needs Zip64, which is not supported in this simulator")
                .await?;
            return Ok(2);
        }
        self.grow(cd + 22)?;
        format::finish(&mut out, central);
        self.ctx
            .charge(cost::per_bytes(out.len(), 256, cost::IO_PER_256_BYTES))?;
        let umask = self.ctx.umask();
        let r = {
            let mut vfs = self.ctx.vfs();
            // Replace what is there (zip renames a temporary file over it), so a symlink
            // at the archive's name is replaced, not written through.
            let mode = vfs
                .lstat(&self.abs)
                .ok()
                .filter(|s| s.file_type == FileType::File)
                .map(|s| s.mode & 0o7777);
            if mode.is_some() || vfs.lstat(&self.abs).is_ok() {
                let _ = vfs.remove(&self.abs);
            }
            vfs.write_file_mode(
                &self.abs,
                &out,
                WriteMode::CreateNew,
                mode.unwrap_or(0o666 & !umask),
            )
        };
        match r {
            Ok(()) => Ok(0),
            Err(e) => {
                let m = format!("zip I/O error: {}", e.message());
                self.say(format!("{m}\n")).await?;
                self.error(
                    "Output file write failure (write error on zip file)".into(),
                    14,
                )
                .await
            }
        }
    }

    /// Adds or replaces the operands' files.
    async fn add(&mut self) -> Result<i32, Interrupt> {
        if self.o.operands.len() < 2 && !(self.o.excludes.is_empty() && self.o.includes.is_empty())
        {
            return self
                .error(
                    "Invalid command arguments (nothing to select from)".into(),
                    16,
                )
                .await;
        }
        let old = match self.load().await? {
            Ok(o) => o,
            Err(s) => return Ok(s),
        };
        let mut found: Vec<Found> = Vec::new();
        let operands = self.o.operands[1..].to_vec();
        for op in &operands {
            let before = found.len();
            let ok = self.find(op, &mut found).await?;
            if !ok && found.len() == before {
                self.warn([&b"name not matched: "[..], op].concat()).await?;
            }
        }
        // Two different paths may not give one name; the same path twice is one member.
        let mut seen: HashMap<Vec<u8>, usize> = HashMap::new();
        let mut unique = Vec::new();
        for f in found {
            match seen.get(&f.name) {
                Some(&k) => {
                    let first: &Found = &unique[k];
                    if first.abs != f.abs || first.external != f.external {
                        // zip finds repeats after sorting, so it names them in that order.
                        let (first, f) = if first.external <= f.external {
                            (first, &f)
                        } else {
                            (&f, first)
                        };
                        let m = format!(
                            "\tzip warning:   first full name: {}\n                      second full name: {}\n                     name in zip file repeated: {}\n",
                            String::from_utf8_lossy(&first.external),
                            String::from_utf8_lossy(&f.external),
                            String::from_utf8_lossy(&f.name)
                        );
                        self.say(m).await?;
                        return self
                            .error(
                                "Invalid command arguments (cannot repeat names in zip file)"
                                    .into(),
                                16,
                            )
                            .await;
                    }
                }
                None => {
                    seen.insert(f.name.clone(), unique.len());
                    unique.push(f);
                }
            }
        }
        let (data, entries) = old.unwrap_or_default();
        // Past these sizes zip switches to Zip64 records, which are not written here.
        let huge = unique
            .iter()
            .find(|f| !f.dir && ctx_size(self.ctx, &f.abs) >= 0xffff_ffff);
        if let Some(f) = huge {
            let m = format!(
                "{}: a member of 4 GiB or more needs Zip64, which is not supported in this simulator",
                String::from_utf8_lossy(&f.external)
            );
            self.ctx.diag(m).await?;
            return Ok(2);
        }
        if entries.len() + unique.len() > 0xffff {
            self.ctx
                .diag(
                    "more than 65535 members need Zip64, which is not supported in this simulator",
                )
                .await?;
            return Ok(2);
        }
        if !unique.is_empty() && !self.temp_file_stamp() {
            return self.cannot_create().await;
        }
        if unique.is_empty() {
            if !self.o.includes.is_empty() && entries.is_empty() {
                self.warn("zip file empty").await?;
                return self.write(Vec::new(), &[]).await;
            }
            return self.nothing_to_do().await;
        }
        let mut out = Vec::new();
        let mut central = Vec::new();
        let mut done = vec![false; unique.len()];
        for e in &entries {
            match seen.get(&e.name) {
                Some(&k) => {
                    done[k] = true;
                    // zip checks the old local header against the directory as it
                    // replaces a member (a data descriptor leaves the local CRC zero).
                    let update = Update::Replace {
                        local: match format::local_crc(&data, e) {
                            None => Local::Missing,
                            Some(c) if c != e.crc => Local::CrcDiffers,
                            Some(_) => Local::Ok,
                        },
                    };
                    self.member(&unique[k], update, &mut out, &mut central)
                        .await?;
                }
                None => {
                    if !self.copy_member(&data, e, &mut out, &mut central)? {
                        return self.lost_member(&e.name).await;
                    }
                }
            }
        }
        for (f, d) in unique.iter().zip(done) {
            if !d {
                self.member(f, Update::Add, &mut out, &mut central).await?;
            }
        }
        self.write(out, &central).await
    }

    /// The archive name for a path operand: leading `/` and `./` removed (zip keeps `..`).
    fn internal_name(&self, external: &[u8], dir: bool) -> Vec<u8> {
        let mut n = external;
        loop {
            let before = n.len();
            while let Some(rest) = n.strip_prefix(b"/") {
                n = rest;
            }
            while let Some(rest) = n.strip_prefix(b"./") {
                n = rest;
            }
            if n.len() == before {
                break;
            }
        }
        if n == b"." {
            // The directory being archived itself ("zip -r x.zip ."): no entry.
            n = b"";
        }
        let mut name = n.to_vec();
        while dir && name.ends_with(b"/") {
            name.pop();
        }
        if self.o.junk {
            name = path::file_name(&name).to_vec();
        }
        if dir && !name.is_empty() {
            name.push(b'/');
        }
        name
    }

    /// Finds `op` (and, with `-r`, what is under it); false when it does not exist.
    async fn find(&mut self, op: &[u8], found: &mut Vec<Found>) -> Result<bool, Interrupt> {
        let ctx = self.ctx;
        ctx.charge(cost::PATH_COMPONENT)?;
        let abs = ctx.resolve(op);
        let st = match ctx.stat(&abs) {
            Ok(st) => st,
            Err(_) => return Ok(false),
        };
        if path::normalize(&abs) == path::normalize(&self.abs) {
            return Ok(true);
        }
        let dir = st.file_type == FileType::Dir;
        self.found(op.to_vec(), abs.clone(), dir, found)?;
        if dir && self.o.recurse {
            // Pre-order, depth first, each directory in name order: a stack of directories
            // with the entries still to visit. A directory already on the stack (a symlink
            // cycle) is not entered again.
            let kids = self.children(op, &abs)?;
            let mut stack = vec![(st.ino, kids.into_iter())];
            while let Some((_, iter)) = stack.last_mut() {
                let Some((child, cabs, ino, is_dir)) = iter.next() else {
                    stack.pop();
                    continue;
                };
                self.found(child.clone(), cabs.clone(), is_dir, found)?;
                if is_dir && !stack.iter().any(|(i, _)| *i == ino) {
                    let kids = self.children(&child, &cabs)?;
                    stack.push((ino, kids.into_iter()));
                }
            }
        }
        Ok(true)
    }

    /// The entries of directory `d` (at `dabs`) that zip would visit: what `stat` reaches
    /// (zip follows symbolic links), the archive itself left out.
    #[allow(clippy::type_complexity)]
    fn children(
        &mut self,
        d: &[u8],
        dabs: &[u8],
    ) -> Result<Vec<(Vec<u8>, Vec<u8>, u64, bool)>, Interrupt> {
        let ctx = self.ctx;
        let entries = ctx.read_dir(dabs).unwrap_or_default();
        ctx.charge(entries.len() as u64 * cost::GLOB_PER_ENTRY)?;
        let mut out = Vec::with_capacity(entries.len());
        for (name, _) in entries {
            let mut child = d.to_vec();
            if !child.ends_with(b"/") {
                child.push(b'/');
            }
            child.extend_from_slice(&name);
            let cabs = path::join(dabs, &name);
            let Ok(cst) = ctx.stat(&cabs) else { continue };
            if path::normalize(&cabs) == path::normalize(&self.abs) {
                continue;
            }
            out.push((child, cabs, cst.ino, cst.file_type == FileType::Dir));
        }
        Ok(out)
    }

    /// Records one path if the name filters let it through.
    fn found(
        &mut self,
        external: Vec<u8>,
        abs: Vec<u8>,
        dir: bool,
        found: &mut Vec<Found>,
    ) -> Result<(), Interrupt> {
        let full = {
            let saved = self.o.junk;
            self.o.junk = false;
            let n = self.internal_name(&external, dir);
            self.o.junk = saved;
            n
        };
        if full.is_empty() || (dir && (self.o.no_dirs || self.o.junk)) {
            return Ok(());
        }
        if !self.selected(&full)? {
            return Ok(());
        }
        let name = self.internal_name(&external, dir);
        self.grow(name.len() + external.len() + abs.len() + 64)?;
        found.push(Found {
            name,
            external,
            abs,
            dir,
        });
        Ok(())
    }

    /// Compresses one file or directory and appends it; prints zip's line for it.
    async fn member(
        &mut self,
        f: &Found,
        update: Update,
        out: &mut Vec<u8>,
        central: &mut Vec<Vec<u8>>,
    ) -> Result<(), Interrupt> {
        let ctx = self.ctx;
        ctx.charge(cost::ARCHIVE_MEMBER)?;
        let verb: &[u8] = match update {
            Update::Replace { .. } => b"updating: ",
            Update::Add => b"  adding: ",
        };
        let st = ctx.stat(&f.abs);
        let data = if f.dir {
            Ok(std::sync::Arc::new(Vec::new()))
        } else {
            ctx.vfs().read_file(&f.abs)
        };
        let (st, data) = match (st, data) {
            (Ok(st), Ok(d)) => (st, d),
            _ => {
                // Unreadable after it was found: zip warns and leaves the member out.
                let m = format!(
                    "could not open for reading: {}",
                    String::from_utf8_lossy(&f.external)
                );
                self.warn(m).await?;
                return Ok(());
            }
        };
        let len = data.len();
        // zip's default `-n` list applies below -9; -9 compresses everything.
        let special = self.o.level < 9 && NO_COMPRESS.iter().any(|s| f.name.ends_with(s));
        let try_deflate = !f.dir && len > 0 && self.o.level > 0 && !special;
        // The compressed copy is reserved while it exists; the archive reserves what it keeps.
        let mut working = ctx.empty_reservation();
        let deflated = if try_deflate {
            working.grow(deflate::MEMORY + deflate::bound(len) as u64)?;
            let mut window = deflate::Window::new();
            let d = deflate::deflate(
                &data,
                self.o.level,
                deflate::Profile::Zip,
                &mut window,
                |n| ctx.charge(cost::per_bytes(n, 256, cost::COMPRESS_PER_256_BYTES)),
            );
            // The encoder's state goes; the compressed copy's bound stays while it lives.
            working.shrink(deflate::MEMORY);
            Some(d?)
        } else {
            ctx.charge(cost::per_bytes(len, 256, cost::SCAN_PER_256_BYTES))?;
            None
        };
        let (method, flags, body, text): (u16, u16, &[u8], bool) = match &deflated {
            Some(d) if !d.stored => (8, level_flags(self.o.level), &d.data, d.text),
            Some(d) => (0, level_flags(self.o.level), &data, d.text),
            None => (0, 0, &data, false),
        };
        let mut crc = Crc::new();
        crc.update(&data);
        let mode = if f.dir {
            S_IFDIR | (st.mode & 0o7777)
        } else {
            S_IFREG | (st.mode & 0o7777)
        };
        let kept = body.len() + format::LOCAL_LEN + 2 * f.name.len() + 46 + 52;
        self.grow(kept)?;
        let c = format::write_member(
            out,
            &NewEntry {
                name: &f.name,
                method,
                flags,
                mtime: (st.mtime_ns / 1_000_000_000) as i64,
                atime: (st.atime_ns / 1_000_000_000) as i64,
                mode,
                uid: st.uid,
                gid: st.gid,
                crc: crc.sum(),
                usize: len as u64,
                text,
                data: body,
            },
        );
        let body_len = body.len();
        drop((deflated, working));
        central.push(c);
        if !self.o.quiet {
            let how = if method == 8 {
                format!(" (deflated {}%)\n", percent(len as u64, body_len as u64))
            } else {
                " (stored 0%)\n".to_string()
            };
            let mut line = [verb, &f.name].concat();
            // zip's warnings interrupt the line it has begun.
            let warnings: &[&[u8]] = match update {
                Update::Replace {
                    local: Local::CrcDiffers,
                } => &[b"Local Entry CRC does not match CD: "],
                Update::Replace {
                    local: Local::Missing,
                } => &[
                    b"Did not find entry for ",
                    b"could not read local entry information: ",
                ],
                _ => &[],
            };
            if !warnings.is_empty() {
                line.push(b'\n');
            }
            for w in warnings {
                line.extend_from_slice(b"\tzip warning: ");
                line.extend_from_slice(w);
                line.extend_from_slice(&f.name);
                line.push(b'\n');
            }
            line.extend_from_slice(how.as_bytes());
            self.say(line).await?;
        }
        Ok(())
    }
}

/// The DEFLATE general-purpose flag bits zip sets for a level (bit 2 "fast" at 1-2, bit 1
/// "maximum" at 8-9), kept even when the member ends up stored.
fn level_flags(level: u32) -> u16 {
    match level {
        1 | 2 => 4,
        8 | 9 => 2,
        _ => 0,
    }
}
