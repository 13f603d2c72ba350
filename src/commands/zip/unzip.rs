//! `unzip` (Info-ZIP unzip 6.0 as Debian ships it): the command line, finding the
//! archive, `-l`/`-v` listings, `-t` tests, `-p` pipes, and the loop over members that
//! `extract.rs` writes out. Messages, their streams and the exit statuses are unzip's:
//! 1 warning, 2 error in a member, 3 damaged directory, 9 no zipfile, 10 bad command line,
//! 11 no matching member, 12 overlapping members (Debian's zip-bomb check), 50 disk full.
//! As unzip does, messages meant for standard error go to standard output under `-t`.

use super::extract::{Extractor, Policy};
use super::format::{self, Archive, Entry, ReadError, FLAG_ENCRYPTED};
use super::inflate::{DataError, Reader, CHUNK};
use super::wild;
use crate::limits::{cost, Reservation};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use crate::vfs::FileType;

const USAGE: &str = include_str!("unzip_usage.txt");
/// unzip 6.0 option letters this simulator does not implement (refused with status 2).
const REFUSED: &[u8] = b"abcefuzBCDFKLMTUVWXZ:^x";

/// Status codes (unzip's PK_* values).
pub const PK_WARN: i32 = 1;
pub const PK_ERR: i32 = 2;
const PK_BADERR: i32 = 3;
const PK_NOZIP: i32 = 9;
const PK_PARAM: i32 = 10;
const PK_FIND: i32 = 11;
const PK_BOMB: i32 = 12;

/// Members unzip reads from the central directory per batch before working on them.
const DIR_BLOCK: usize = 64;

pub struct Opts {
    /// 1 for `-l`, 2 or more for `-v` (long listing).
    pub list: u32,
    pub test: bool,
    pub pipe: bool,
    pub quiet: u32,
    pub policy: Policy,
    pub junk: bool,
    pub exdir: Option<Vec<u8>>,
    pub zipfile: Vec<u8>,
    pub members: Vec<Vec<u8>>,
    pub excludes: Vec<Vec<u8>>,
}

enum Parsed {
    Run(Opts),
    Exit(i32),
}

/// A message for standard error; unzip sends those to standard output once `-t` is seen.
async fn complain(ctx: &CommandCtx, test: bool, m: &[u8]) -> Result<(), Interrupt> {
    if test {
        ctx.out(m).await
    } else {
        ctx.err(m).await
    }
}

async fn usage(ctx: &CommandCtx, error: bool, test: bool) -> Result<Parsed, Interrupt> {
    complain(ctx, test || !error, USAGE.as_bytes()).await?;
    Ok(Parsed::Exit(if error { PK_PARAM } else { 0 }))
}

/// unzip's command line: options before the zipfile; after it, member names, `-x` and an
/// exclusion list, and `-d DIR` (the first one; later words starting with `-` are members).
async fn parse(ctx: &CommandCtx) -> Result<Parsed, Interrupt> {
    let args = ctx.args();
    if args.is_empty() {
        return usage(ctx, false, false).await;
    }
    let mut o = Opts {
        list: 0,
        test: false,
        pipe: false,
        quiet: 0,
        policy: Policy::Ask,
        junk: false,
        exdir: None,
        zipfile: Vec::new(),
        members: Vec::new(),
        excludes: Vec::new(),
    };
    let (mut overwrite, mut never, mut help) = (false, false, false);
    let mut i = 0;
    while i < args.len() && args[i].len() > 1 && args[i][0] == b'-' {
        let a = &args[i];
        i += 1;
        if a.starts_with(b"--") {
            ctx.diag(format!(
                "{} is not supported in this simulator",
                String::from_utf8_lossy(a)
            ))
            .await?;
            return Ok(Parsed::Exit(2));
        }
        let mut j = 1;
        while j < a.len() {
            let c = a[j];
            j += 1;
            match c {
                b'l' => o.list += 1,
                b'v' => o.list += 2,
                b't' => o.test = true,
                b'p' => o.pipe = true,
                b'q' => o.quiet += 1,
                b'o' => overwrite = true,
                b'n' => never = true,
                b'j' => o.junk = true,
                b'h' => help = true,
                b'd' => {
                    let dir = if j < a.len() {
                        a[j..].to_vec()
                    } else if i < args.len() {
                        i += 1;
                        args[i - 1].clone()
                    } else {
                        complain(
                            ctx,
                            o.test,
                            b"error:  must specify directory to which to extract with -d option\n",
                        )
                        .await?;
                        return Ok(Parsed::Exit(PK_PARAM));
                    };
                    o.exdir = Some(dir);
                    break;
                }
                c if REFUSED.contains(&c) => {
                    ctx.diag(format!("-{} is not supported in this simulator", c as char))
                        .await?;
                    return Ok(Parsed::Exit(2));
                }
                _ => return usage(ctx, true, o.test).await,
            }
        }
    }
    if help {
        return usage(ctx, false, o.test).await;
    }
    if (o.pipe as u8 + o.test as u8) > 1 {
        complain(
            ctx,
            o.test,
            b"error:  -fn or any combination of -c, -l, -p, -t, -u and -v options invalid\n",
        )
        .await?;
        return usage(ctx, true, o.test).await;
    }
    if overwrite && never {
        complain(
            ctx,
            o.test,
            b"caution:  both -n and -o specified; ignoring -o\n",
        )
        .await?;
        overwrite = false;
    }
    o.policy = if never {
        Policy::Never
    } else if overwrite {
        Policy::Always
    } else {
        Policy::Ask
    };
    if i >= args.len() {
        if o.list >= 2 && !o.test && !o.pipe {
            ctx.diag(
                "-v without a zipfile (the version report) is not supported in this simulator",
            )
            .await?;
            return Ok(Parsed::Exit(2));
        }
        return usage(ctx, true, o.test).await;
    }
    o.zipfile = args[i].clone();
    i += 1;
    // After the zipfile (unzip.c's loop): members, then `-x` excludes; the first `-d`
    // (or `-dDIR`) ends whichever list it interrupts.
    let mut in_x = false;
    let mut lists_closed = false;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if o.exdir.is_none() && a.starts_with(b"-d") {
            let dir = if a.len() > 2 {
                a[2..].to_vec()
            } else if i < args.len() {
                i += 1;
                args[i - 1].clone()
            } else {
                complain(
                    ctx,
                    o.test,
                    b"error:  must specify directory to which to extract with -d option\n",
                )
                .await?;
                return Ok(Parsed::Exit(PK_PARAM));
            };
            o.exdir = Some(dir);
            lists_closed = true;
            continue;
        }
        if lists_closed && !in_x {
            // unzip has already ended its member list here; the word is dropped.
            continue;
        }
        if !in_x && a == b"-x" {
            in_x = true;
            continue;
        }
        if in_x {
            if !lists_closed {
                o.excludes.push(a.clone());
            }
        } else {
            o.members.push(a.clone());
        }
    }
    Ok(Parsed::Run(o))
}

pub async fn unzip_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let o = match parse(ctx).await? {
        Parsed::Run(o) => o,
        Parsed::Exit(s) => return Ok(s),
    };
    let mut u = Unzip {
        ctx,
        o,
        shown: Vec::new(),
        status: 0,
        steps: 0,
        held: ctx.empty_reservation(),
    };
    let status = u.run().await;
    drop(u);
    let status = status?;
    ctx.sys.sync_disk();
    Ok(status)
}

pub struct Unzip<'a> {
    pub ctx: &'a CommandCtx,
    pub o: Opts,
    /// The archive's name as found.
    pub shown: Vec<u8>,
    pub status: i32,
    steps: u64,
    /// Memory reserved for the parsed directory.
    held: Reservation,
}

/// The `Archive:` line and comment are printed in these modes unless quieted.
fn chatty(o: &Opts) -> bool {
    !o.pipe && o.quiet == 0
}

impl Unzip<'_> {
    /// A message for standard error, which unzip prints on standard output when testing.
    pub async fn complain(&self, m: impl AsRef<[u8]>) -> Result<(), Interrupt> {
        if self.o.test {
            self.ctx.out(m.as_ref()).await
        } else {
            self.ctx.err(m.as_ref()).await
        }
    }

    /// The quiet level messages obey (`-p` implies `-qq`).
    fn quiet(&self) -> u32 {
        if self.o.pipe {
            self.o.quiet.max(2)
        } else {
            self.o.quiet
        }
    }

    /// Raises the exit status (unzip keeps the most severe).
    pub fn raise(&mut self, s: i32) {
        self.status = self.status.max(s);
    }

    fn shown(&self) -> String {
        String::from_utf8_lossy(&self.shown).into_owned()
    }

    /// Finds the zipfile: NAME, NAME.zip, NAME.ZIP.
    fn locate(&self) -> Option<Vec<u8>> {
        let name = &self.o.zipfile;
        let candidates = [
            name.clone(),
            [name.as_slice(), b".zip"].concat(),
            [name.as_slice(), b".ZIP"].concat(),
        ];
        candidates.into_iter().find(|c| {
            self.ctx
                .stat(&self.ctx.resolve(c))
                .is_ok_and(|s| s.file_type == FileType::File)
        })
    }

    async fn run(&mut self) -> Result<i32, Interrupt> {
        let ctx = self.ctx;
        ctx.charge(cost::PATH_COMPONENT)?;
        let Some(found) = self.locate() else {
            let n = String::from_utf8_lossy(&self.o.zipfile).into_owned();
            self.complain(format!(
                "unzip:  cannot find or open {n}, {n}.zip or {n}.ZIP.\n"
            ))
            .await?;
            return Ok(PK_NOZIP);
        };
        self.shown = found.clone();
        let read = ctx.vfs().read_file(&ctx.resolve(&found));
        let data = match read {
            Ok(d) => d,
            Err(_) => {
                let n = String::from_utf8_lossy(&self.o.zipfile).into_owned();
                self.complain(format!(
                    "unzip:  cannot find or open {n}, {n}.zip or {n}.ZIP.\n"
                ))
                .await?;
                return Ok(PK_NOZIP);
            }
        };
        if chatty(&self.o) {
            ctx.out(format!("Archive:  {}\n", self.shown()).as_bytes())
                .await?;
        }
        // Finding the end record reads at most the last 64 KiB.
        ctx.charge_bytes(data.len().min(0xffff + 22))?;
        let mut held = ctx.empty_reservation();
        let parsed = format::read_archive(&data, |n| {
            ctx.charge(cost::ARCHIVE_MEMBER)?;
            held.grow(format::entry_memory(n))?;
            Ok::<(), Interrupt>(())
        });
        self.held = held;
        let archive = match parsed? {
            Ok(a) => a,
            Err(ReadError::NoEnd) => {
                let n = self.shown();
                let mut m = String::new();
                if !chatty(&self.o) {
                    // Without the "Archive:" line, the name leads the message.
                    m.push_str(&format!("[{n}]\n"));
                }
                m.push_str("  End-of-central-directory signature not found.  Either this file is not\n  a zipfile, or it constitutes one disk of a multi-part archive.  In the\n  latter case the central directory and zipfile comment will be found on\n  the last disk(s) of this archive.\n");
                if self.quiet() < 2 {
                    m.push_str(&format!("unzip:  cannot find zipfile directory in one of {n} or\n        {n}.zip, and cannot find {n}.ZIP, period.\n"));
                }
                self.complain(m).await?;
                return Ok(PK_NOZIP);
            }
            Err(ReadError::NoDirectory) => {
                let m = format!(
                    "error [{}]:  start of central directory not found;\n  zipfile corrupt.\n  (please check that you have transferred or created the zipfile in the\n  appropriate BINARY mode and that you have compiled UnZip properly)\n",
                    self.shown()
                );
                self.complain(m).await?;
                return Ok(PK_BADERR);
            }
        };
        // Bytes before the directory that should not be there, or missing ones: unzip
        // says so, shifts member offsets by the difference and goes on; the status comes
        // after the work.
        let mut archive = archive;
        let late_status = match archive.extra {
            0 => 0,
            x if x > 0 => {
                let m = format!(
                    "warning [{}]:  {x} extra bytes at beginning or within zipfile\n  (attempting to process anyway)\n",
                    self.shown()
                );
                self.complain(m).await?;
                PK_WARN
            }
            x => {
                let m = format!(
                    "error [{}]:  missing {} bytes in zipfile\n  (attempting to process anyway)\n",
                    self.shown(),
                    -x
                );
                self.complain(m).await?;
                PK_ERR
            }
        };
        for e in &mut archive.entries {
            e.offset = (e.offset as i64)
                .checked_add(archive.extra)
                .filter(|&o| o >= 0)
                .map_or(u64::MAX, |o| o as u64);
        }
        if chatty(&self.o) && !archive.comment.is_empty() {
            let mut c = archive.comment.clone();
            c.push(b'\n');
            ctx.out(&c).await?;
        }
        if archive.entries.is_empty() && archive.declared == 0 && archive.bad_entry.is_none() {
            self.complain(format!("warning [{}]:  zipfile is empty\n", self.shown()))
                .await?;
            self.raise(PK_WARN);
        } else if self.o.list > 0 && !self.o.test && !self.o.pipe {
            self.list(&archive).await?;
        } else {
            self.extract_or_test(&data, &archive).await?;
        }
        self.raise(late_status);
        Ok(self.status)
    }

    fn charge_steps(&mut self) -> Result<(), Interrupt> {
        let units = cost::per_bytes(self.steps as usize, 256, cost::PATTERN_PER_256_STEPS);
        self.steps = 0;
        self.ctx.charge(units)
    }

    /// Whether member `name` is selected; marks which member patterns and excludes matched.
    fn selected(&mut self, name: &[u8], hit: &mut [bool], xhit: &mut [bool]) -> bool {
        let mut take = self.o.members.is_empty();
        for (k, p) in self.o.members.iter().enumerate() {
            if wild::matches(p, name, &mut self.steps) {
                hit[k] = true;
                take = true;
            }
        }
        if take {
            for (k, p) in self.o.excludes.iter().enumerate() {
                if wild::matches(p, name, &mut self.steps) {
                    xhit[k] = true;
                    take = false;
                }
            }
        }
        take
    }

    async fn damaged_directory(&mut self, n: u64) -> Result<(), Interrupt> {
        let m = format!(
            "error:  expected central file header signature not found (file #{n}).\n  (please check that you have transferred or created the zipfile in the\n  appropriate BINARY mode and that you have compiled UnZip properly)\n"
        );
        self.complain(m).await?;
        self.raise(PK_BADERR);
        Ok(())
    }

    /// `-l` and `-v`.
    async fn list(&mut self, a: &Archive) -> Result<(), Interrupt> {
        let ctx = self.ctx;
        let long = self.o.list > 1;
        if self.o.quiet < 2 {
            let head: &[u8] = if long {
                b" Length   Method    Size  Cmpr    Date    Time   CRC-32   Name\n--------  ------  ------- ---- ---------- ----- --------  ----\n"
            } else {
                b"  Length      Date    Time    Name\n---------  ---------- -----   ----\n"
            };
            ctx.out(head).await?;
        }
        let mut hit = vec![false; self.o.members.len()];
        let mut xhit = vec![false; self.o.excludes.len()];
        let (mut tot_u, mut tot_c, mut count) = (0u64, 0u64, 0u64);
        for e in &a.entries {
            ctx.charge(cost::ARCHIVE_MEMBER)?;
            let take = self.selected(&e.name, &mut hit, &mut xhit);
            self.charge_steps()?;
            if !take {
                continue;
            }
            let (y, mo, d, h, mi, _) = super::super::fsutil::utc(e.mtime());
            let date = format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}");
            let mut line = if long {
                let csize = compressed(e);
                format!(
                    "{:>8}  {:<7}{:>8} {:>4} {date} {:08x}  ",
                    e.usize,
                    method_name(e),
                    csize,
                    cfactor(e.usize, csize),
                    e.crc
                )
            } else {
                format!("{:>9}  {date}   ", e.usize)
            }
            .into_bytes();
            line.extend_from_slice(&printable(&e.name));
            line.push(b'\n');
            ctx.out(&line).await?;
            tot_u += e.usize;
            tot_c += compressed(e);
            count += 1;
        }
        if let Some(n) = a.bad_entry {
            return self.damaged_directory(n).await;
        }
        if self.o.quiet < 2 {
            let files = format!("{count} file{}", if count == 1 { "" } else { "s" });
            let tail = if long {
                format!(
                    "--------          -------  ---                            -------\n{tot_u:>8}         {tot_c:>8} {:>4}                            {files}\n",
                    cfactor(tot_u, tot_c)
                )
            } else {
                format!(
                    "---------                     -------\n{tot_u:>9}                     {files}\n"
                )
            };
            ctx.out(tail.as_bytes()).await?;
        }
        if count == 0 && !(self.o.members.is_empty() && self.o.excludes.is_empty()) {
            self.raise(PK_FIND);
        }
        Ok(())
    }

    /// Extraction (the default), `-t` and `-p`: members in directory order, in batches as
    /// unzip reads them, then the cautions for patterns that matched nothing.
    async fn extract_or_test(&mut self, data: &[u8], a: &Archive) -> Result<(), Interrupt> {
        let ctx = self.ctx;
        let mut hit = vec![false; self.o.members.len()];
        let mut xhit = vec![false; self.o.excludes.len()];
        let mut x = if self.o.test || self.o.pipe {
            None
        } else {
            let x = Extractor::new(self).await?;
            if x.broken {
                return Ok(());
            }
            Some(x)
        };
        // Spans of the archive already claimed: a member overlapping another or the
        // directory is a zip bomb of the "overlapping files" kind.
        let mut claimed = Spans::default();
        let cd_start = (a.cd_offset as i64 + a.extra).max(0) as u64;
        claimed.claim(cd_start, cd_start + a.cd_size);
        let mut errors = 0u32;
        let mut tested = 0u64;
        let mut skipped = 0u64;
        let batches: Vec<&[Entry]> = a.entries.chunks(DIR_BLOCK).collect();
        let last = batches.len();
        let mut fatal = false;
        for (b, batch) in batches.into_iter().enumerate() {
            if b + 1 == last {
                if let Some(n) = a.bad_entry {
                    self.damaged_directory(n).await?;
                }
            }
            for (k, e) in batch.iter().enumerate() {
                let number = (b * DIR_BLOCK + k + 1) as u64;
                ctx.charge(cost::ARCHIVE_MEMBER)?;
                let take = self.selected(&e.name, &mut hit, &mut xhit);
                self.charge_steps()?;
                if !take {
                    continue;
                }
                if e.offset == u64::MAX {
                    // Shifted before the start of the file: unzip's coverage check fails.
                    self.complain(
                        b"error: invalid zip file with overlapped components (possible zip bomb)\n",
                    )
                    .await?;
                    self.raise(PK_BOMB);
                    fatal = true;
                    break;
                }
                let Some((start, end)) = format::local_span(data, e) else {
                    let m = format!(
                        "file #{number}:  bad zipfile offset (local header sig):  {}\n",
                        e.offset
                    );
                    self.complain(m).await?;
                    self.raise(PK_ERR);
                    errors += 1;
                    continue;
                };
                let span = (e.offset, end as u64);
                if !claimed.claim(span.0, span.1) || end > data.len() {
                    self.complain(
                        b"error: invalid zip file with overlapped components (possible zip bomb)\n",
                    )
                    .await?;
                    self.raise(PK_BOMB);
                    fatal = true;
                    break;
                }
                let body = &data[start..start + e.csize as usize];
                tested += 1;
                if e.method != 0 && e.method != 8 && e.flags & FLAG_ENCRYPTED == 0 {
                    skipped += 1;
                }
                let ok = match x.as_mut() {
                    Some(x) => x.member(self, e, body).await?,
                    None => self.test_or_pipe(e, body).await?,
                };
                if !ok {
                    errors += 1;
                }
            }
            if fatal {
                break;
            }
        }
        if let Some(x) = x {
            x.finish(self).await?;
        }
        if fatal {
            return Ok(());
        }
        // Cautions first (an unmatched name makes the status 11), then -t's summary, then
        // the status for "nothing processed".
        for (p, h) in self.o.members.clone().iter().zip(hit) {
            if !h {
                let mut m = b"caution: filename not matched:  ".to_vec();
                m.extend_from_slice(p);
                m.push(b'\n');
                self.complain(&m).await?;
                if self.status <= PK_WARN {
                    self.status = PK_FIND;
                }
            }
        }
        for (p, h) in self.o.excludes.clone().iter().zip(xhit) {
            if !h {
                let mut m = b"caution: excluded filename not matched:  ".to_vec();
                m.extend_from_slice(p);
                m.push(b'\n');
                self.complain(&m).await?;
            }
        }
        if self.o.test && self.quiet() < 2 {
            let n = self.shown();
            let all = self.o.members.is_empty() && self.o.excludes.is_empty();
            let m = if self.status != 0 || errors > 0 {
                let w = if self.status == PK_WARN {
                    "warning-"
                } else {
                    ""
                };
                format!("At least one {w}error was detected in {n}.\n")
            } else if tested == 0 {
                format!("Caution:  zero files tested in {n}.\n")
            } else if all && skipped == 0 {
                format!("No errors detected in compressed data of {n}.\n")
            } else {
                let s = if tested == 1 { "" } else { "s" };
                format!("No errors detected in {n} for the {tested} file{s} tested.\n")
            };
            ctx.out(m.as_bytes()).await?;
            if skipped > 0 {
                let s = if skipped == 1 { "" } else { "s" };
                let m = format!(
                    "{skipped} file{s} skipped because of unsupported compression or encoding.\n"
                );
                ctx.out(m.as_bytes()).await?;
            }
        }
        if tested == 0 && self.status == 0 {
            self.status = PK_FIND;
        }
        Ok(())
    }

    /// The reasons a member's data cannot be read at all, reported as unzip does; None
    /// when it can be.
    pub async fn unreadable(&mut self, e: &Entry, shown: &[u8]) -> Result<bool, Interrupt> {
        let why = if e.flags & FLAG_ENCRYPTED != 0 {
            "encrypted members are not supported in this simulator".to_string()
        } else if e.method != 0 && e.method != 8 {
            format!("unsupported compression method {}", e.method)
        } else {
            return Ok(false);
        };
        let mut m = b"   skipping: ".to_vec();
        m.extend_from_slice(&pad22(shown));
        m.extend_from_slice(format!("  {why}\n").as_bytes());
        self.complain(&m).await?;
        self.raise(PK_ERR);
        Ok(true)
    }

    /// `-t` and `-p` for one member.
    async fn test_or_pipe(&mut self, e: &Entry, body: &[u8]) -> Result<bool, Interrupt> {
        let ctx = self.ctx;
        let shown = e.name.clone();
        if self.unreadable(e, &shown).await? {
            return Ok(false);
        }
        let announce = self.o.test && self.o.quiet == 0;
        if announce {
            let mut m = b"    testing: ".to_vec();
            m.extend_from_slice(&pad22(&printable(&shown)));
            m.extend_from_slice(b"  ");
            ctx.out(&m).await?;
        }
        let mut r = Reader::new(body, e.method == 8);
        let chunk_memory = ctx.reservation(CHUNK as u64)?;
        let mut chunk = Vec::with_capacity(CHUNK);
        let mut bad = None;
        loop {
            chunk.clear();
            match r.next_chunk(&mut chunk) {
                Ok(more) => {
                    ctx.charge(cost::per_bytes(
                        chunk.len().max(1),
                        256,
                        cost::DECOMPRESS_PER_256_BYTES,
                    ))?;
                    if self.o.pipe {
                        ctx.out(&chunk).await?;
                    }
                    if !more {
                        break;
                    }
                }
                Err(d) => {
                    bad = Some(d);
                    break;
                }
            }
        }
        drop((chunk, chunk_memory));
        self.finish_member(e, &shown, announce, bad, r.crc(), true)
            .await
    }

    /// Reports how a member ended: ` OK` (testing), nothing, a CRC mismatch or a data
    /// error. `announced` says whether the member's line is on standard output awaiting
    /// its end. Returns whether the member was intact.
    pub async fn finish_member(
        &mut self,
        e: &Entry,
        shown: &[u8],
        announced: bool,
        bad: Option<DataError>,
        crc: u32,
        testing_line: bool,
    ) -> Result<bool, Interrupt> {
        let ctx = self.ctx;
        let prefix = |m: &mut Vec<u8>| {
            if !announced {
                m.extend_from_slice(&pad22(&printable(shown)));
                m.push(b' ');
            }
        };
        if bad.is_some() {
            let mut m = Vec::new();
            if announced {
                m.push(b'\n');
            } else {
                prefix(&mut m);
                m.push(b'\n');
            }
            m.extend_from_slice(b"  error:  invalid compressed data to inflate\n");
            self.complain(&m).await?;
            self.raise(PK_ERR);
            return Ok(false);
        }
        if crc != e.crc {
            let mut m = Vec::new();
            prefix(&mut m);
            m.extend_from_slice(
                format!(" bad CRC {crc:08x}  (should be {:08x})\n", e.crc).as_bytes(),
            );
            self.complain(&m).await?;
            self.raise(PK_ERR);
            return Ok(false);
        }
        if announced {
            ctx.out(if self.o.test && testing_line {
                b" OK\n".as_slice()
            } else {
                b"\n".as_slice()
            })
            .await?;
        }
        Ok(true)
    }
}

/// Disjoint byte ranges of the archive, kept ordered so each check is logarithmic.
#[derive(Default)]
struct Spans(std::collections::BTreeMap<u64, u64>);

impl Spans {
    /// Adds `[start, end)` unless it overlaps a range already there; returns whether added.
    fn claim(&mut self, start: u64, end: u64) -> bool {
        // The ranges are disjoint, so the one starting last before `end` ends last too:
        // it is the only one that can reach past `start`.
        if let Some((_, &e)) = self.0.range(..end.max(start + 1)).next_back() {
            if e > start {
                return false;
            }
        }
        if end > start {
            self.0.insert(start, end);
        }
        true
    }
}

/// A member's compressed size without the 12-byte encryption header.
fn compressed(e: &Entry) -> u64 {
    if e.flags & FLAG_ENCRYPTED != 0 {
        e.csize.saturating_sub(12)
    } else {
        e.csize
    }
}

/// unzip's per-mille ratio rounded to a percentage, as `-v` prints it ("%c%d%%", "100%").
fn cfactor(u: u64, c: u64) -> String {
    let r: i64 = if u == 0 {
        0
    } else if u > 2_000_000 {
        let denom = u / 1000;
        if u >= c {
            ((u - c + (denom >> 1)) / denom) as i64
        } else {
            -(((c - u + (denom >> 1)) / denom) as i64)
        }
    } else if u >= c {
        ((1000 * (u - c) + (u >> 1)) / u) as i64
    } else {
        -(((1000 * (c - u) + (u >> 1)) / u) as i64)
    };
    let (sgn, v) = if r < 0 {
        ('-', (-r + 5) / 10)
    } else {
        (' ', (r + 5) / 10)
    };
    if v == 100 {
        "100%".into()
    } else {
        format!("{sgn}{v}%")
    }
}

/// The method column of `-v`.
fn method_name(e: &Entry) -> String {
    const NAMES: [&str; 10] = [
        "Stored", "Shrunk", "Reduce1", "Reduce2", "Reduce3", "Reduce4", "Implode", "Token",
        "Defl:#", "Def64#",
    ];
    let flags = "NXFS".as_bytes()[((e.flags >> 1) & 3) as usize] as char;
    match e.method {
        8 => format!("Defl:{flags}"),
        9 => format!("Def64{flags}"),
        m @ 0..=7 => NAMES[m as usize].to_string(),
        10 => "ImplDCL".into(),
        12 => "BZip2".into(),
        14 => "LZMA".into(),
        18 => "Terse".into(),
        19 => "IBMLZ77".into(),
        97 => "WavPack".into(),
        98 => "PPMd".into(),
        m => format!("Unk:{:03}", m & 127),
    }
}

/// A name as unzip shows it: control characters as `^X` (other bytes as they are).
pub fn printable(name: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(name.len());
    for &b in name {
        if b < 0x20 {
            out.push(b'^');
            out.push(b ^ 0x40);
        } else {
            out.push(b);
        }
    }
    out
}

/// `%-22s`.
pub fn pad22(name: &[u8]) -> Vec<u8> {
    let mut v = name.to_vec();
    while v.len() < 22 {
        v.push(b' ');
    }
    v
}
