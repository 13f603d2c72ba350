//! `gzip`, `gunzip` and `zcat` (GNU gzip 1.12): compression, decompression, `-t`, `-l`,
//! suffix handling, messages and exit statuses (1 error, 2 warning) as GNU prints them.
//!
//! Compression runs GNU gzip's own DEFLATE encoder (`commands::deflate`, gzip profile), so
//! the compressed bytes, and the sizes and ratios derived from them, are GNU's; so is the
//! header (name, mtime, XFL, OS 3). `--rsyncable` (also from the obsolescent `GZIP`
//! variable, whose options act as if given first) cuts blocks where GNU does.
//! Decompression (miniz_oxide) is exact and metered: memory is reserved before output grows
//! and CPU is charged per output chunk, so a bomb stops at a limit.

pub mod codec;

use super::deflate;
use super::opts::{self, flag, req, OptDef, Parser};
use crate::limits::{cost, ReservedBuf};
use crate::process::command::{CommandCtx, Trust};
use crate::process::{Desc, Interrupt};
use crate::vfs::{path, FileType, VfsError, WriteMode};
use codec::{Decoder, GzError, Step, Trailing, CHUNK};

pub fn register(r: &mut super::Registry) {
    const OPTS: &str =
        "-c -d -f -k -l -n -N -q -r -t -v -1..-9 --fast --best -S SUF --rsyncable (-L -Z refused)";
    r.register(
        "gzip",
        Trust::Partial,
        "compress or expand files (GNU gzip 1.12, its DEFLATE encoder)",
        OPTS,
        run_gzip,
    );
    r.register(
        "gunzip",
        Trust::Real,
        "expand gzip files (gzip -d)",
        OPTS,
        run_gunzip,
    );
    r.register(
        "zcat",
        Trust::Real,
        "expand gzip files to standard output (gzip -dc)",
        OPTS,
        run_zcat,
    );
}

crate::command_fn!(run_gzip, gzip_main);
crate::command_fn!(run_gunzip, gzip_main);
crate::command_fn!(run_zcat, gzip_main);

const FAST: u8 = 0x80;
const BEST: u8 = 0x81;
const RSYNCABLE: u8 = 0x82;
const SYNCHRONOUS: u8 = 0x83;

const DEFS: &[OptDef] = &[
    flag(b'c', "stdout"),
    flag(b'c', "to-stdout"),
    flag(b'd', "decompress"),
    flag(b'd', "uncompress"),
    flag(b'f', "force"),
    flag(b'k', "keep"),
    flag(b'l', "list"),
    flag(b'n', "no-name"),
    flag(b'N', "name"),
    flag(b'q', "quiet"),
    flag(b'r', "recursive"),
    req(b'S', "suffix"),
    flag(b't', "test"),
    flag(b'v', "verbose"),
    flag(b'1', ""),
    flag(b'2', ""),
    flag(b'3', ""),
    flag(b'4', ""),
    flag(b'5', ""),
    flag(b'6', ""),
    flag(b'7', ""),
    flag(b'8', ""),
    flag(b'9', ""),
    flag(FAST, "fast"),
    flag(BEST, "best"),
    flag(RSYNCABLE, "rsyncable"),
    flag(SYNCHRONOUS, "synchronous"),
    flag(b'L', "license"),
    flag(b'h', ""),
    flag(b'V', ""),
];

/// GNU's `known_suffixes` (after the user's `-S`).
const SUFFIXES: &[&[u8]] = &[b".gz", b".z", b".taz", b".tgz", b"-gz", b"-z", b"_z"];

struct Gz<'a> {
    ctx: &'a CommandCtx,
    stdout: bool,
    decompress: bool,
    force: bool,
    keep: bool,
    list: bool,
    test: bool,
    quiet: bool,
    verbose: bool,
    recursive: bool,
    level: u32,
    /// `--rsyncable`: cut blocks at content-defined points.
    rsyncable: bool,
    suffix: Vec<u8>,
    /// Store (compress) or restore (decompress) the name and mtime.
    save_name: bool,
    status: i32,
    listed: usize,
    total_in: i64,
    total_out: i64,
    header_bytes: i64,
    /// The encoder's window, kept from file to file as gzip keeps it (allocated on first use).
    window: Option<Box<deflate::Window>>,
}

/// Options the `GZIP` environment variable may hold (gzip 1.12 refuses the rest there).
const ENV_ALLOWED: &[u8] = &[
    b'1', b'2', b'3', b'4', b'5', b'6', b'7', b'8', b'9', FAST, BEST, b'n', b'N', b'q', b'v',
    RSYNCABLE,
];

/// The options of the obsolescent `GZIP` variable, split at spaces and tabs, which act as if
/// they came before the command line's. GNU parses them first, so their errors come first;
/// once they are read it warns (unless they include `-q`). `Err` is the exit status.
async fn env_options(
    ctx: &CommandCtx,
) -> Result<Result<Vec<(u8, Option<Vec<u8>>)>, i32>, Interrupt> {
    let Some(value) = ctx.env.get(&b"GZIP"[..]) else {
        return Ok(Ok(Vec::new()));
    };
    let words: Vec<Vec<u8>> = value
        .split(|&b| b == b' ' || b == b'\t')
        .filter(|w| !w.is_empty())
        .map(<[u8]>::to_vec)
        .collect();
    let mut opts = Vec::new();
    for word in &words {
        let not_valid =
            |shown: &str| format!("{shown}: option not valid in GZIP environment variable");
        if word == b"--" {
            return Ok(Err(usage(ctx, &not_valid("--")).await?));
        }
        if word.len() < 2 || word[0] != b'-' {
            let m = format!(
                "{}: non-option in GZIP environment variable",
                String::from_utf8_lossy(word)
            );
            return Ok(Err(usage(ctx, &m).await?));
        }
        let parsed = match Parser::new(DEFS).parse(std::slice::from_ref(word)) {
            Ok(p) => p,
            Err(m) => {
                // getopt's own words, as for any bad option.
                ctx.err(format!("gzip: {m}\nTry `gzip --help' for more information.\n").as_bytes())
                    .await?;
                return Ok(Err(1));
            }
        };
        for (i, (id, v)) in parsed.opts.into_iter().enumerate() {
            if !ENV_ALLOWED.contains(&id) {
                // Named as GNU names it: the letter given, or the long option's full name.
                let shown = if word.starts_with(b"--") {
                    let given = word[2..].split(|&b| b == b'=').next().unwrap_or_default();
                    let def = DEFS
                        .iter()
                        .filter(|d| !d.long.is_empty() && d.long.as_bytes().starts_with(given))
                        .find(|d| d.id == id)
                        .map_or("", |d| d.long);
                    let def = [("help", opts::HELP), ("version", opts::VERSION)]
                        .iter()
                        .find(|(_, h)| *h == id)
                        .map_or(def, |(n, _)| n);
                    format!("--{def}")
                } else {
                    format!("-{}", word[1 + i] as char)
                };
                return Ok(Err(usage(ctx, &not_valid(&shown)).await?));
            }
            opts.push((id, v));
        }
    }
    let quiet = opts
        .iter()
        .rev()
        .find(|(id, _)| *id == b'q' || *id == b'v')
        .is_some_and(|(id, _)| *id == b'q');
    if !words.is_empty() && !quiet {
        // gunzip and zcat are scripts around gzip, and tar runs gzip: the warning is gzip's.
        ctx.err(
            b"gzip: warning: GZIP environment variable is deprecated; use an alias or script\n",
        )
        .await?;
    }
    Ok(Ok(opts))
}

/// The compression level the options ask for (the last of `-1`..`-9`, `--fast`, `--best`).
fn level_of(opts: &[(u8, Option<Vec<u8>>)], default: u32) -> u32 {
    opts.iter().fold(default, |level, (id, _)| match *id {
        b'1'..=b'9' => (id - b'0') as u32,
        FAST => 1,
        BEST => 9,
        _ => level,
    })
}

/// What `GZIP` sets for the gzip that `tar -z` runs as its filter.
pub(crate) struct FilterSettings {
    pub level: u32,
    pub rsyncable: bool,
    /// `-v` (unless a later `-q`): gzip reports the ratio of what it compressed.
    pub verbose: bool,
}

/// Reads `GZIP` as the gzip that tar runs would: its warning and errors are gzip's own, and
/// `Err` is gzip's exit status.
pub(crate) async fn filter_settings(
    ctx: &CommandCtx,
) -> Result<Result<FilterSettings, i32>, Interrupt> {
    let opts = match env_options(ctx).await? {
        Ok(o) => o,
        Err(status) => return Ok(Err(status)),
    };
    let verbose = opts
        .iter()
        .rev()
        .find(|(id, _)| *id == b'q' || *id == b'v')
        .is_some_and(|(id, _)| *id == b'v');
    Ok(Ok(FilterSettings {
        level: level_of(&opts, 6),
        rsyncable: opts.iter().any(|(id, _)| *id == RSYNCABLE),
        verbose,
    }))
}

/// GNU's ratio line for a stream gzip compressed verbosely: saved bytes against the input.
pub(crate) fn stream_ratio(input: usize, output: usize) -> String {
    // The header and trailer of a stream without a name: 10 + 8 bytes.
    let saved = input as i64 - (output as i64 - 18);
    format!("{}\n", ratio(saved, input as i64))
}

async fn gzip_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let env_opts = match env_options(ctx).await? {
        Ok(o) => o,
        Err(status) => return Ok(status),
    };
    let mut p = match Parser::new(DEFS).parse(ctx.args()) {
        Ok(p) => p,
        Err(m) => return usage(ctx, &m).await,
    };
    p.opts.splice(0..0, env_opts);
    for (id, name) in [
        (SYNCHRONOUS, "--synchronous"),
        (b'h', "-h"),
        (opts::HELP, "--help"),
    ] {
        if p.has(id) {
            // Refused as GNU refuses an unknown option: status 1 (gzip's usage error).
            ctx.diag(format!("{name} is not supported in this simulator"))
                .await?;
            return Ok(1);
        }
    }
    // `-L` (the licence) prints the same first line as `-V`, as every command's version does.
    if p.has(b'V') || p.has(b'L') || p.has(opts::VERSION) {
        ctx.out(b"gzip 1.12\n").await?;
        return Ok(0);
    }
    let name = ctx.name();
    let level = level_of(&p.opts, 6);
    let list = p.has(b'l');
    let test = p.has(b't');
    let decompress = p.has(b'd') || list || test || name == "gunzip" || name == "zcat";
    let suffix = p.last(b'S').unwrap_or(b".gz").to_vec();
    if suffix.is_empty() || suffix.contains(&b'/') {
        ctx.err(
            format!(
                "gzip: invalid suffix '{}'\n",
                String::from_utf8_lossy(&suffix)
            )
            .as_bytes(),
        )
        .await?;
        return Ok(1);
    }
    // `-n`/`-N`: the last one wins; the default stores when compressing only.
    let mut save_name = !decompress;
    for (id, _) in &p.opts {
        match *id {
            b'n' => save_name = false,
            b'N' => save_name = true,
            _ => {}
        }
    }
    let mut g = Gz {
        ctx,
        stdout: p.has(b'c') || name == "zcat" || list || test,
        decompress,
        force: p.has(b'f'),
        keep: p.has(b'k'),
        list,
        test,
        quiet: p.has(b'q')
            && p.opts
                .iter()
                .rev()
                .find(|(i, _)| *i == b'q' || *i == b'v')
                .map(|o| o.0)
                == Some(b'q'),
        verbose: p.has(b'v')
            && p.opts
                .iter()
                .rev()
                .find(|(i, _)| *i == b'q' || *i == b'v')
                .map(|o| o.0)
                == Some(b'v'),
        recursive: p.has(b'r'),
        level,
        rsyncable: p.has(RSYNCABLE),
        suffix,
        save_name,
        status: 0,
        listed: 0,
        total_in: 0,
        total_out: 0,
        header_bytes: 0,
        window: None,
    };
    let mut operands = p.operands.clone();
    if operands.is_empty() {
        operands.push(b"-".to_vec());
    }
    for op in &operands {
        if op == b"-" {
            g.treat_stdin().await?;
        } else {
            g.treat_file(op, true).await?;
        }
    }
    if g.list && !g.quiet && g.listed > 1 {
        g.list_totals().await?;
    }
    ctx.sys.sync_disk();
    Ok(g.status)
}

async fn usage(ctx: &CommandCtx, msg: &str) -> Result<i32, Interrupt> {
    // GNU gzip still knows pack's `-Z` only to refuse it in its own words.
    let msg = if msg == "invalid option -- 'Z'" {
        "-Z not supported in this version".to_string()
    } else {
        msg.to_string()
    };
    ctx.err(format!("gzip: {msg}\nTry `gzip --help' for more information.\n").as_bytes())
        .await?;
    Ok(1)
}

/// GNU's `display_ratio`: `%5.1f%%`.
fn ratio(num: i64, den: i64) -> String {
    let r = if den == 0 {
        0.0
    } else {
        100.0 * num as f64 / den as f64
    };
    format!("{r:5.1}%")
}

fn has_suffix(name: &[u8], user: &[u8]) -> Option<Vec<u8>> {
    let base = path::file_name(name);
    std::iter::once(user)
        .chain(SUFFIXES.iter().copied())
        .find(|s| base.len() > s.len() && base.ends_with(s))
        .map(|s| s.to_vec())
}

impl Gz<'_> {
    fn error(&mut self) {
        self.status = 1;
    }
    fn warning(&mut self) {
        if self.status == 0 {
            self.status = 2;
        }
    }

    async fn say(&self, text: impl AsRef<[u8]>) -> Result<(), Interrupt> {
        self.ctx.err(text.as_ref()).await
    }

    async fn gz_error(&mut self, name: &[u8], e: GzError) -> Result<(), Interrupt> {
        self.error();
        let m = format!(
            "\ngzip: {}: {}\n",
            String::from_utf8_lossy(name),
            e.message()
        );
        self.say(m).await
    }

    async fn treat_stdin(&mut self) -> Result<(), Interrupt> {
        let data = match self.ctx.read_all_input(b"-").await {
            Ok(d) => d,
            Err(e) => {
                opts::interrupted(e)?;
                return Ok(());
            }
        };
        let n = data.len() as u64;
        if self.list {
            self.do_list(b"stdin", b"", &data, 0).await?;
        } else if self.decompress {
            self.decompress_to(b"stdin", &data, None).await?;
            if self.verbose && self.test {
                self.say(" OK\n").await?;
            }
        } else {
            // Standard input redirected from a regular file gives its mtime, as fstat does
            // for GNU; a pipe or terminal gives none (0).
            let mtime = match self.ctx.fd(0).as_ref().map(|f| &f.desc) {
                Some(Desc::File { path, .. }) if self.save_name => self
                    .ctx
                    .stat(path)
                    .map(|st| (st.mtime_ns / 1_000_000_000) as u32)
                    .unwrap_or(0),
                _ => 0,
            };
            let z = self.compress(&data, None, mtime).await?;
            if self.verbose {
                let hb = 10 + 8;
                let r = ratio(n as i64 - (z.len() as i64 - hb), n as i64);
                self.say(format!("{r}\n")).await?;
            }
            self.ctx.out(&z).await?;
        }
        Ok(())
    }

    async fn compress(
        &mut self,
        data: &[u8],
        name: Option<&[u8]>,
        mtime: u32,
    ) -> Result<ReservedBuf, Interrupt> {
        let working = codec::compress_bound(data.len()) as u64 + 256 + codec::COMPRESS_MEMORY;
        let mut working = self.ctx.reservation(working)?;
        let ctx = self.ctx;
        let window = self.window.get_or_insert_with(Default::default);
        let z = codec::compress(data, name, mtime, self.level, self.rsyncable, window, |n| {
            ctx.charge(cost::per_bytes(n, 256, cost::COMPRESS_PER_256_BYTES))
        });
        let z = z?;
        // The bound covered the output: what the encoder did not use goes back.
        working.resize(z.len() as u64)?;
        Ok(ReservedBuf::from_parts(z, working)?)
    }

    /// Decompresses `data` to standard output (`into` None) or into a buffer; `-t` discards.
    /// Returns false after an error (already reported). The buffer reserves as it grows.
    async fn decompress_to(
        &mut self,
        name: &[u8],
        data: &[u8],
        mut into: Option<&mut ReservedBuf>,
    ) -> Result<bool, Interrupt> {
        let mut d = Decoder::new(data);
        let _chunk_memory = self.ctx.reservation(CHUNK as u64)?;
        let mut chunk = Vec::with_capacity(CHUNK);
        let result = loop {
            chunk.clear();
            match d.next_chunk(&mut chunk) {
                Err(e) => {
                    if into.is_none() && !self.test {
                        self.ctx.out(&chunk).await?;
                    }
                    break Err(e);
                }
                Ok(Step::Done(t)) => break Ok(t),
                Ok(Step::Data) => {}
            }
            self.ctx.charge(cost::per_bytes(
                chunk.len().max(1),
                256,
                cost::DECOMPRESS_PER_256_BYTES,
            ))?;
            if self.test {
                continue;
            }
            match into.as_deref_mut() {
                Some(buf) => {
                    let full = {
                        let vfs = self.ctx.vfs();
                        vfs.usage() + (buf.len() + chunk.len()) as u64 > vfs.quota()
                    };
                    if full {
                        self.error();
                        let m = format!(
                            "gzip: {}: {}\n",
                            String::from_utf8_lossy(name),
                            VfsError::NoSpace.message()
                        );
                        self.say(m).await?;
                        return Ok(false);
                    }
                    buf.extend_from_slice(&chunk)?;
                }
                None => self.ctx.out(&chunk).await?,
            }
        };
        match result {
            Err(e) => {
                self.gz_error(name, e).await?;
                Ok(false)
            }
            Ok(Trailing::Garbage) => {
                self.warning();
                if !self.quiet {
                    let m = format!(
                        "\ngzip: {}: decompression OK, trailing garbage ignored\n",
                        String::from_utf8_lossy(name)
                    );
                    self.say(m).await?;
                }
                Ok(true)
            }
            Ok(_) => Ok(true),
        }
    }

    fn treat_file<'s>(
        &'s mut self,
        op: &'s [u8],
        top: bool,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), Interrupt>> + 's>> {
        Box::pin(async move { self.treat_file_inner(op, top).await })
    }

    async fn treat_file_inner(&mut self, op: &[u8], top: bool) -> Result<(), Interrupt> {
        let ctx = self.ctx;
        ctx.charge(cost::PATH_COMPONENT)?;
        let mut iname = op.to_vec();
        let mut st = ctx.lstat(&ctx.resolve(&iname));
        if matches!(st, Err(VfsError::NotFound))
            && self.decompress
            && has_suffix(op, &self.suffix).is_none()
        {
            let mut found = None;
            for s in std::iter::once(self.suffix.as_slice()).chain(SUFFIXES.iter().copied()) {
                let mut n = op.to_vec();
                n.extend_from_slice(s);
                if let Ok(s) = ctx.lstat(&ctx.resolve(&n)) {
                    found = Some((n, s));
                    break;
                }
            }
            match found {
                Some((n, s)) => {
                    iname = n;
                    st = Ok(s);
                }
                None => {
                    iname.extend_from_slice(&self.suffix);
                }
            }
        }
        let mut st = match st {
            Ok(s) => s,
            Err(e) => {
                self.error();
                let m = format!(
                    "gzip: {}: {}\n",
                    String::from_utf8_lossy(&iname),
                    e.message()
                );
                self.say(m).await?;
                return Ok(());
            }
        };
        if st.file_type == FileType::Symlink {
            if !self.force || !top {
                self.error();
                if !self.quiet {
                    let m = format!(
                        "gzip: {}: Too many levels of symbolic links\n",
                        String::from_utf8_lossy(&iname)
                    );
                    self.say(m).await?;
                }
                return Ok(());
            }
            match ctx.stat(&ctx.resolve(&iname)) {
                Ok(s) => st = s,
                Err(e) => {
                    self.error();
                    let m = format!(
                        "gzip: {}: {}\n",
                        String::from_utf8_lossy(&iname),
                        e.message()
                    );
                    self.say(m).await?;
                    return Ok(());
                }
            }
        }
        if st.file_type == FileType::Dir {
            if self.recursive {
                let abs = ctx.resolve(&iname);
                let entries = ctx.read_dir(&abs).unwrap_or_default();
                for (n, _) in entries {
                    let mut child = iname.clone();
                    if !child.ends_with(b"/") {
                        child.push(b'/');
                    }
                    child.extend_from_slice(&n);
                    self.treat_file(&child, false).await?;
                }
            } else {
                self.warning();
                if !self.quiet {
                    let m = format!(
                        "gzip: {} is a directory -- ignored\n",
                        String::from_utf8_lossy(&iname)
                    );
                    self.say(m).await?;
                }
            }
            return Ok(());
        }
        // The output name.
        let mut ofname = if self.stdout && !self.list && !self.test {
            b"stdout".to_vec()
        } else if self.decompress {
            match has_suffix(&iname, &self.suffix) {
                Some(s) => {
                    let mut o = iname[..iname.len() - s.len()].to_vec();
                    if s == b".tgz" || s == b".taz" {
                        o.extend_from_slice(b".tar");
                    }
                    o
                }
                None if self.list || self.test => iname.clone(),
                None => {
                    if !top && self.recursive {
                        return Ok(());
                    }
                    self.warning();
                    if !self.quiet {
                        let m = format!(
                            "gzip: {}: unknown suffix -- ignored\n",
                            String::from_utf8_lossy(&iname)
                        );
                        self.say(m).await?;
                    }
                    return Ok(());
                }
            }
        } else {
            if let Some(s) = has_suffix(&iname, &self.suffix) {
                if !self.force {
                    if self.verbose || (!self.recursive && !self.quiet) {
                        let m = format!(
                            "gzip: {} already has {} suffix -- unchanged\n",
                            String::from_utf8_lossy(&iname),
                            String::from_utf8_lossy(&s)
                        );
                        self.say(m).await?;
                    }
                    return Ok(());
                }
            }
            let mut o = iname.clone();
            o.extend_from_slice(&self.suffix);
            o
        };
        let abs = ctx.resolve(&iname);
        let read = ctx.vfs().read_file(&abs);
        let data = match read {
            Ok(d) => d,
            Err(e) => {
                self.error();
                let m = format!(
                    "gzip: {}: {}\n",
                    String::from_utf8_lossy(&iname),
                    e.message()
                );
                self.say(m).await?;
                return Ok(());
            }
        };
        let mtime_s = st.mtime_ns / 1_000_000_000;
        if self.list {
            return self.do_list(&iname, &ofname, &data, mtime_s).await;
        }
        let mut restored_mtime = None;
        if self.decompress && self.save_name && !self.stdout {
            if let Ok(h) = codec::parse_header(&data) {
                if let Some(n) = h.name.filter(|n| !n.is_empty()) {
                    let base = path::file_name(&n).to_vec();
                    let dir = &ofname[..ofname.len() - path::file_name(&ofname).len()];
                    let mut o = dir.to_vec();
                    o.extend_from_slice(&base);
                    ofname = o;
                }
                if h.mtime != 0 {
                    restored_mtime = Some(h.mtime as u64 * 1_000_000_000);
                }
            }
        }
        if self.verbose {
            self.say(format!("{}:\t", String::from_utf8_lossy(&iname)))
                .await?;
        }
        let oabs = ctx.resolve(&ofname);
        if !self.stdout && ctx.lstat(&oabs).is_ok() {
            if !self.force {
                let m = format!(
                    "gzip: {} already exists;\tnot overwritten\n",
                    String::from_utf8_lossy(&ofname)
                );
                self.say(m).await?;
                self.warning();
                return Ok(());
            }
            let _ = ctx.vfs().remove(&oabs);
        }
        let (bytes_in, bytes_out, header_bytes);
        if self.decompress {
            let mut buf = ctx.reserved_buf();
            let to = if self.stdout { None } else { Some(&mut buf) };
            let ok = self.decompress_to(&iname, &data, to).await?;
            let held = buf.len() as u64;
            if !ok {
                return Ok(());
            }
            if !self.stdout && !self.test {
                let r = ctx
                    .vfs()
                    .write_file_mode(&oabs, &buf, WriteMode::Truncate, st.mode);
                drop(buf);
                if let Err(e) = r {
                    self.error();
                    let m = format!(
                        "gzip: {}: {}\n",
                        String::from_utf8_lossy(&ofname),
                        e.message()
                    );
                    self.say(m).await?;
                    return Ok(());
                }
                self.finish_output(&oabs, st.mode, restored_mtime.unwrap_or(st.mtime_ns));
            }
            header_bytes = codec::parse_header(&data)
                .map(|h| h.len as i64 + 8)
                .unwrap_or(0);
            bytes_in = data.len() as i64;
            bytes_out = held as i64;
        } else {
            let base = path::file_name(&iname).to_vec();
            let (name, mtime) = if self.save_name {
                (Some(base.as_slice()), mtime_s as u32)
            } else {
                (None, 0)
            };
            let z = self.compress(&data, name, mtime).await?;
            let zl = z.len() as u64;
            header_bytes = 10 + name.map(|n| n.len() as i64 + 1).unwrap_or(0) + 8;
            bytes_in = data.len() as i64;
            bytes_out = zl as i64;
            if self.stdout {
                ctx.out(&z).await?;
            } else {
                let r = ctx
                    .vfs()
                    .write_file_mode(&oabs, &z, WriteMode::Truncate, st.mode);
                drop(z);
                if let Err(e) = r {
                    self.error();
                    let m = format!(
                        "gzip: {}: {}\n",
                        String::from_utf8_lossy(&ofname),
                        e.message()
                    );
                    self.say(m).await?;
                    return Ok(());
                }
                self.finish_output(&oabs, st.mode, st.mtime_ns);
            }
        }
        if !self.stdout && !self.keep && !self.test {
            let _ = ctx.vfs().remove(&abs);
        }
        if self.verbose {
            let mut m = if self.test {
                " OK".to_string()
            } else if self.decompress {
                ratio(bytes_out - (bytes_in - header_bytes), bytes_out)
            } else {
                ratio(bytes_in - (bytes_out - header_bytes), bytes_in)
            };
            if !self.test {
                let verb = if self.keep {
                    "created"
                } else {
                    "replaced with"
                };
                m.push_str(&format!(" -- {verb} {}", String::from_utf8_lossy(&ofname)));
            }
            m.push('\n');
            self.say(m).await?;
        }
        Ok(())
    }

    fn finish_output(&self, oabs: &[u8], mode: u32, mtime_ns: u64) {
        let mut vfs = self.ctx.vfs();
        let _ = vfs.chmod(oabs, mode);
        let _ = vfs.set_times(oabs, None, Some(mtime_ns));
    }

    /// One `-l` line (GNU's `do_list`).
    async fn do_list(
        &mut self,
        iname: &[u8],
        ofname: &[u8],
        data: &[u8],
        file_mtime: u64,
    ) -> Result<(), Interrupt> {
        let h = match codec::parse_header(data) {
            Ok(h) => h,
            Err(e) => return self.gz_error(iname, e).await,
        };
        const W: usize = 19;
        let mut out = String::new();
        if self.listed == 0 {
            if self.verbose {
                out.push_str("method  crc     date  time  ");
            }
            if !self.quiet {
                out.push_str(&format!(
                    "{:>W$} {:>W$}  ratio uncompressed_name\n",
                    "compressed", "uncompressed"
                ));
            }
        }
        self.listed += 1;
        let n = data.len();
        let (crc, size) = if n >= 18 {
            let t = &data[n - 8..];
            (
                u32::from_le_bytes([t[0], t[1], t[2], t[3]]),
                u32::from_le_bytes([t[4], t[5], t[6], t[7]]) as i64,
            )
        } else {
            (0, 0)
        };
        let mut name = ofname.to_vec();
        let mut stamp = file_mtime;
        if self.save_name {
            if let Some(hn) = h.name.as_ref().filter(|n| !n.is_empty()) {
                let dir = &name[..name.len() - path::file_name(&name).len()];
                let mut o = dir.to_vec();
                o.extend_from_slice(path::file_name(hn));
                name = o;
            }
            if h.mtime != 0 {
                stamp = h.mtime as u64;
            }
        }
        if self.verbose {
            const MONTHS: [&str; 12] = [
                "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
            ];
            let (_, mo, d, hh, mi, _) = super::fsutil::utc(stamp as i64);
            out.push_str(&format!(
                "defla {crc:08x} {}{d:3} {hh:02}:{mi:02} ",
                MONTHS[(mo - 1) as usize]
            ));
        }
        // GNU counts the header only for a single-member file.
        let mut d = Decoder::new(data);
        let sink_memory = self.ctx.reservation(CHUNK as u64)?;
        let mut sink = Vec::with_capacity(CHUNK);
        while d.members() < 2 {
            sink.clear();
            match d.next_chunk(&mut sink) {
                Ok(Step::Data) => self.ctx.charge(cost::per_bytes(
                    sink.len().max(1),
                    256,
                    cost::DECOMPRESS_PER_256_BYTES,
                ))?,
                _ => break,
            }
        }
        drop((sink, sink_memory));
        let header_bytes = if d.members() > 1 { 0 } else { h.len as i64 + 8 };
        self.header_bytes = header_bytes;
        self.total_in += n as i64;
        self.total_out += size;
        out.push_str(&format!(
            "{:>W$} {:>W$} {} ",
            n,
            size,
            ratio(size - (n as i64 - header_bytes), size)
        ));
        let mut line = out.into_bytes();
        line.extend_from_slice(&name);
        line.push(b'\n');
        self.ctx.out(&line).await
    }

    async fn list_totals(&mut self) -> Result<(), Interrupt> {
        if self.total_in <= 0 || self.total_out <= 0 {
            return Ok(());
        }
        const W: usize = 19;
        let mut out = String::new();
        if self.verbose {
            out.push_str("                            ");
        }
        out.push_str(&format!(
            "{:>W$} {:>W$} {} (totals)\n",
            self.total_in,
            self.total_out,
            ratio(
                self.total_out - (self.total_in - self.header_bytes),
                self.total_out
            )
        ));
        self.ctx.out(out.as_bytes()).await
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod exact_tests;
