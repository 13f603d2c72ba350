//! `unzip`'s extraction: member names made safe, the overwrite question, files written,
//! symbolic links deferred, directory modes and times applied last.
//!
//! Safety, as unzip 6.0 does it and a little stricter: a leading `/` is stripped (with
//! unzip's warning on standard error) and `..` components are dropped (with its warning on
//! standard output), so nothing lands outside the extraction directory. An existing file
//! is removed before its replacement is created, so a symlink there is replaced, not
//! written through. A symlink member is first written as a placeholder file and only
//! becomes a link after every other member (unzip's deferred links), so no later member
//! can be written through it. Unlike unzip, an existing symlink as a directory component
//! below the extraction directory is refused rather than followed.

use super::format::{Entry, S_IFMT};
use super::inflate::{Reader, CHUNK};
use super::unzip::{pad22, printable, Unzip, PK_ERR, PK_WARN};
use crate::limits::{cost, ReservedBuf};
use crate::process::Interrupt;
use crate::vfs::{path, FileType, WriteMode};

/// What to do with a file that is already there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Ask on standard input (unzip's default).
    Ask,
    /// `-o`, or "[A]ll".
    Always,
    /// `-n`, "[N]one", or the end of standard input.
    Never,
}

/// unzip's exit status for a full disk.
const PK_DISK: i32 = 50;
/// unzip reads answers with a 10-byte buffer: at most 9 bytes per answer.
const ANSWER_MAX: usize = 9;
/// Longest name accepted at "new name: ".
const NAME_MAX: usize = 4096;

struct Deferred {
    abs: Vec<u8>,
    shown: Vec<u8>,
    /// The link's target, holding its modeled memory until the link is made.
    target: ReservedBuf,
    ino: u64,
}

pub struct Extractor {
    root: Vec<u8>,
    /// The `-d` directory as given, the prefix of shown names.
    exdir: Option<Vec<u8>>,
    deferred: Vec<Deferred>,
    dirs: Vec<(Vec<u8>, u32, i64)>,
    /// The extraction directory could not be made: nothing is extracted.
    pub broken: bool,
    /// A full disk stopped extraction.
    stopped: bool,
}

enum Answer {
    Yes,
    Skip,
    Rename(Vec<u8>),
}

impl Extractor {
    /// The extraction root; `-d DIR` is created (one level, as unzip does) if missing.
    pub async fn new(u: &mut Unzip<'_>) -> Result<Extractor, Interrupt> {
        let ctx = u.ctx;
        let mut x = Extractor {
            root: ctx.cwd.clone(),
            exdir: None,
            deferred: Vec::new(),
            dirs: Vec::new(),
            broken: false,
            stopped: false,
        };
        if let Some(d) = u.o.exdir.clone() {
            let abs = ctx.resolve(&d);
            let fail = match ctx.stat(&abs) {
                Ok(st) if st.file_type == FileType::Dir => None,
                Ok(_) => Some("File exists"),
                Err(_) => ctx
                    .vfs()
                    .mkdir(&abs, 0o777 & !ctx.umask())
                    .err()
                    .map(|e| e.message()),
            };
            if let Some(why) = fail {
                let m = format!(
                    "checkdir:  cannot create extraction directory: {}\n           {why}\n",
                    String::from_utf8_lossy(&d)
                );
                ctx.err(m.as_bytes()).await?;
                u.raise(PK_ERR);
                x.broken = true;
            }
            x.root = abs;
            x.exdir = Some(d);
        }
        Ok(x)
    }

    fn shown(&self, rel: &[u8]) -> Vec<u8> {
        // unzip adds a `/` after the directory as given unless it already ends in one.
        match &self.exdir {
            Some(d) if d.ends_with(b"/") => [d.as_slice(), rel].concat(),
            Some(d) => [d.as_slice(), b"/", rel].concat(),
            None => rel.to_vec(),
        }
    }

    /// Extracts one member; false if it failed.
    pub async fn member(
        &mut self,
        u: &mut Unzip<'_>,
        e: &Entry,
        body: &[u8],
    ) -> Result<bool, Interrupt> {
        if self.broken || self.stopped {
            return Ok(true);
        }
        let ctx = u.ctx;
        let quiet = u.o.quiet > 0;
        // unzip's mapname: no leading `/`, no `.` or `..` components, no empty ones.
        let name = &e.name;
        if name.starts_with(b"/") {
            let mut m = b"warning:  stripped absolute path spec from ".to_vec();
            m.extend_from_slice(&printable(name));
            m.push(b'\n');
            ctx.err(&m).await?;
            u.raise(PK_WARN);
        }
        // Bytes unzip does not put in file names (controls, DEL, 0xff) are dropped.
        let kept: Vec<u8> = name
            .iter()
            .copied()
            .filter(|&b| (32..=126).contains(&b) || (128..=254).contains(&b) || b == b'/')
            .collect();
        let mut comps: Vec<&[u8]> = Vec::new();
        let mut dotdot = false;
        for c in kept.split(|&b| b == b'/') {
            match c {
                b"" | b"." => {}
                b".." => dotdot = true,
                c => comps.push(c),
            }
        }
        if dotdot {
            if !quiet {
                let mut m = b"warning:  skipped \"../\" path component(s) in ".to_vec();
                m.extend_from_slice(&printable(name));
                m.push(b'\n');
                ctx.out(&m).await?;
            }
            u.raise(PK_WARN);
        }
        let is_dir = e.is_dir();
        if u.o.junk {
            if is_dir {
                return Ok(true);
            }
            comps = comps.last().copied().into_iter().collect();
        }
        if comps.is_empty() {
            return Ok(true);
        }
        let rel = comps.join(&b'/');
        let mut abs = path::join(&self.root, &rel);
        let mut shown = self.shown(&rel);
        if !self.make_parents(u, &comps, &shown).await? {
            return Ok(false);
        }
        if is_dir {
            return self.directory(u, e, abs, shown).await;
        }
        if u.unreadable(e, &shown).await? {
            return Ok(false);
        }
        // An existing file: unzip's question, or -o / -n.
        while let Ok(st) = ctx.lstat(&abs) {
            let go = match u.o.policy {
                Policy::Never => Answer::Skip,
                Policy::Always => Answer::Yes,
                Policy::Ask => self.ask(u, &shown).await?,
            };
            match go {
                Answer::Skip => return Ok(true),
                Answer::Rename(n) => {
                    abs = ctx.resolve(&n);
                    shown = n;
                    continue;
                }
                Answer::Yes => {
                    if st.file_type == FileType::Dir {
                        // unzip reports the failed unlink and gives up as on a disk error.
                        let mut m = b"error:  cannot delete old ".to_vec();
                        m.extend_from_slice(&printable(&shown));
                        m.extend_from_slice(b"\n        Is a directory\n");
                        ctx.err(&m).await?;
                        u.raise(PK_DISK);
                        return Ok(false);
                    }
                    // Replaced, never written through (a symlink here is removed).
                    let _ = ctx.vfs().remove(&abs);
                    break;
                }
            }
        }
        let link = e.is_symlink();
        let verb: &[u8] = if link {
            b"    linking: "
        } else if e.method == 0 {
            b" extracting: "
        } else {
            b"  inflating: "
        };
        let announce = !quiet;
        if announce {
            ctx.out(&[verb, &pad22(&printable(&shown)), b"  "].concat())
                .await?;
        }
        let (data, bad, crc) = match self.inflate(u, body, e).await? {
            Some(r) => r,
            None => {
                // The member does not fit on the disk: unzip asks whether to go on with the
                // other members ("y") or stop.
                let mut m = b"\n".to_vec();
                m.extend_from_slice(&printable(&shown));
                m.extend_from_slice(b":  write error (disk full?).  Continue? (y/n/^C) ");
                ctx.err(&m).await?;
                u.raise(PK_DISK);
                let answer = read_answer(u, ANSWER_MAX).await?;
                if answer.and_then(|a| a.first().copied()) != Some(b'y') {
                    self.stopped = true;
                }
                return Ok(false);
            }
        };
        if link && announce && bad.is_none() && crc == e.crc {
            let mut m = b"-> ".to_vec();
            m.extend_from_slice(&printable(&data));
            m.push(b' ');
            ctx.out(&m).await?;
        }
        let intact = u
            .finish_member(e, &shown, announce, bad, crc, false)
            .await?;
        let mode = file_mode(e, ctx.umask());
        let written = ctx.vfs().write_file_mode(
            &abs,
            &data,
            WriteMode::CreateNew,
            if link { 0o600 } else { mode },
        );
        if let Err(err) = written {
            let mut m = b"error:  cannot create ".to_vec();
            m.extend_from_slice(&printable(&shown));
            m.extend_from_slice(format!("\n        {}\n", err.message()).as_bytes());
            ctx.err(&m).await?;
            u.raise(PK_ERR);
            return Ok(false);
        }
        if link && intact {
            let ino = ctx.lstat(&abs).map(|s| s.ino).unwrap_or(0);
            self.deferred.push(Deferred {
                abs,
                shown,
                target: data,
                ino,
            });
        } else {
            let mtime = e.mtime().max(0) as u64 * 1_000_000_000;
            let _ = ctx.vfs().set_times(&abs, Some(mtime), Some(mtime));
        }
        Ok(intact)
    }

    /// Creates the member's missing parent directories (silently, as unzip does). A
    /// component that is not a directory, or is a symbolic link, stops the member.
    async fn make_parents(
        &mut self,
        u: &mut Unzip<'_>,
        comps: &[&[u8]],
        shown: &[u8],
    ) -> Result<bool, Interrupt> {
        let ctx = u.ctx;
        let mut at = self.root.clone();
        for (k, c) in comps[..comps.len() - 1].iter().enumerate() {
            ctx.charge(cost::PATH_COMPONENT)?;
            at = path::join(&at, c);
            let problem = match ctx.lstat(&at) {
                Ok(st) if st.file_type == FileType::Dir => None,
                Ok(st) if st.file_type == FileType::Symlink => Some("is a symbolic link"),
                Ok(_) => Some("exists but is not directory"),
                Err(_) => match ctx.vfs().mkdir(&at, 0o777 & !ctx.umask()) {
                    Ok(()) => None,
                    Err(_) => Some("cannot be created"),
                },
            };
            if let Some(why) = problem {
                let prefix = self.shown(&comps[..=k].join(&b'/'));
                let mut m = b"checkdir error:  ".to_vec();
                m.extend_from_slice(&printable(&prefix));
                m.extend_from_slice(
                    format!(" {why}\n                 unable to process ").as_bytes(),
                );
                m.extend_from_slice(&printable(shown));
                m.extend_from_slice(b".\n");
                ctx.err(&m).await?;
                u.raise(PK_ERR);
                return Ok(false);
            }
        }
        Ok(true)
    }

    async fn directory(
        &mut self,
        u: &mut Unzip<'_>,
        e: &Entry,
        abs: Vec<u8>,
        mut shown: Vec<u8>,
    ) -> Result<bool, Interrupt> {
        let ctx = u.ctx;
        match ctx.lstat(&abs) {
            Ok(st) if st.file_type == FileType::Dir => {}
            Ok(_) => {
                let mut m = b"checkdir error:  ".to_vec();
                m.extend_from_slice(&printable(&shown));
                m.extend_from_slice(
                    b" exists but is not directory\n                 unable to process ",
                );
                m.extend_from_slice(&printable(&shown));
                m.extend_from_slice(b"/.\n");
                ctx.err(&m).await?;
                u.raise(PK_ERR);
                return Ok(false);
            }
            Err(_) => {
                let made = ctx.vfs().mkdir(&abs, 0o700);
                if let Err(err) = made {
                    let mut m = b"error:  cannot create ".to_vec();
                    m.extend_from_slice(&printable(&shown));
                    m.extend_from_slice(format!("\n        {}\n", err.message()).as_bytes());
                    ctx.err(&m).await?;
                    u.raise(PK_ERR);
                    return Ok(false);
                }
                if u.o.quiet == 0 {
                    shown.push(b'/');
                    let mut m = b"   creating: ".to_vec();
                    m.extend_from_slice(&printable(&shown));
                    m.push(b'\n');
                    ctx.out(&m).await?;
                }
            }
        }
        let mode = e
            .unix_mode()
            .map(|m| m & 0o7777)
            .unwrap_or(0o777 & !ctx.umask());
        self.dirs.push((abs, mode, e.mtime()));
        Ok(true)
    }

    /// unzip's overwrite question, answered from standard input.
    async fn ask(&mut self, u: &mut Unzip<'_>, shown: &[u8]) -> Result<Answer, Interrupt> {
        let ctx = u.ctx;
        loop {
            let mut q = b"replace ".to_vec();
            q.extend_from_slice(&printable(shown));
            q.extend_from_slice(b"? [y]es, [n]o, [A]ll, [N]one, [r]ename: ");
            ctx.err(&q).await?;
            let Some(line) = read_answer(u, ANSWER_MAX).await? else {
                ctx.err(b" NULL\n(EOF or read error, treating as \"[N]one\" ...)\n")
                    .await?;
                u.o.policy = Policy::Never;
                u.raise(PK_WARN);
                return Ok(Answer::Skip);
            };
            match line.first() {
                Some(b'A') => {
                    u.o.policy = Policy::Always;
                    return Ok(Answer::Yes);
                }
                Some(b'y') | Some(b'Y') => return Ok(Answer::Yes),
                Some(b'N') => {
                    u.o.policy = Policy::Never;
                    return Ok(Answer::Skip);
                }
                Some(b'n') => return Ok(Answer::Skip),
                Some(b'r') | Some(b'R') => {
                    ctx.err(b"new name: ").await?;
                    match read_answer(u, NAME_MAX).await? {
                        Some(n) if !n.is_empty() => return Ok(Answer::Rename(n)),
                        _ => continue,
                    }
                }
                _ => {
                    let shown_answer: &[u8] = if line.is_empty() { b"{ENTER}" } else { &line };
                    let mut m = b"error:  invalid response [".to_vec();
                    m.extend_from_slice(shown_answer);
                    m.extend_from_slice(b"]\n");
                    ctx.err(&m).await?;
                }
            }
        }
    }

    /// The member's data in memory (reserved and charged chunk by chunk; the buffer holds its
    /// memory), with its data error and CRC; None if it would not fit on the disk.
    async fn inflate(
        &mut self,
        u: &mut Unzip<'_>,
        body: &[u8],
        e: &Entry,
    ) -> Result<Option<(ReservedBuf, Option<super::inflate::DataError>, u32)>, Interrupt> {
        let ctx = u.ctx;
        let mut r = Reader::new(body, e.method == 8);
        let mut data = Vec::new();
        let mut held = ctx.empty_reservation();
        let mut bad = None;
        loop {
            // Reserve before the chunk lands: a bomb stops here, on the memory limit.
            held.grow(CHUNK as u64)?;
            let before = data.len();
            let step = r.next_chunk(&mut data);
            held.resize(data.len() as u64)?;
            ctx.charge(cost::per_bytes(
                (data.len() - before).max(1),
                256,
                cost::DECOMPRESS_PER_256_BYTES,
            ))?;
            let full = {
                let vfs = ctx.vfs();
                vfs.usage() + data.len() as u64 > vfs.quota()
            };
            if full {
                return Ok(None);
            }
            match step {
                Ok(true) => {}
                Ok(false) => break,
                Err(d) => {
                    bad = Some(d);
                    break;
                }
            }
        }
        let crc = r.crc();
        Ok(Some((ReservedBuf::from_parts(data, held)?, bad, crc)))
    }

    /// Deferred links, then directory modes and times, deepest first.
    pub async fn finish(self, u: &mut Unzip<'_>) -> Result<(), Interrupt> {
        let ctx = u.ctx;
        if !self.deferred.is_empty() && u.o.quiet == 0 {
            ctx.out(b"finishing deferred symbolic links:\n").await?;
        }
        for d in &self.deferred {
            if u.o.quiet == 0 {
                let mut m = b"  ".to_vec();
                m.extend_from_slice(&pad22(&printable(&d.shown)));
                m.extend_from_slice(b" -> ");
                m.extend_from_slice(&printable(&d.target));
                m.push(b'\n');
                ctx.out(&m).await?;
            }
            // Only a placeholder still untouched becomes the link.
            let intact = ctx.lstat(&d.abs).is_ok_and(|s| {
                s.ino == d.ino && s.file_type == FileType::File && s.size == d.target.len() as u64
            });
            let linked = intact && {
                let mut vfs = ctx.vfs();
                vfs.remove(&d.abs).is_ok() && vfs.symlink(&d.target, &d.abs).is_ok()
            };
            if !linked {
                let mut m = b"error:  cannot create symlink ".to_vec();
                m.extend_from_slice(&printable(&d.shown));
                m.push(b'\n');
                ctx.err(&m).await?;
                u.raise(PK_ERR);
            }
        }
        let mut vfs = ctx.vfs();
        for (abs, mode, mtime) in self.dirs.iter().rev() {
            let _ = vfs.chmod(abs, *mode);
            let t = (*mtime).max(0) as u64 * 1_000_000_000;
            let _ = vfs.set_times(abs, Some(t), Some(t));
        }
        Ok(())
    }
}

/// The permission bits a member's file gets: its stored Unix mode without setuid, setgid
/// and sticky bits (unzip keeps them only with -K), or read/write for all less the umask
/// when the archive has no Unix mode (read-only if the DOS attribute says so).
fn file_mode(e: &Entry, umask: u32) -> u32 {
    match e.unix_mode() {
        Some(m) if m & S_IFMT != 0 || m & 0o777 != 0 => m & 0o777,
        _ => {
            let base = if e.external_attr & 1 != 0 {
                0o444
            } else {
                0o666
            };
            base & !umask
        }
    }
}

/// One answer line from standard input (at most `max` bytes, newline removed); None at
/// the end of input.
async fn read_answer(u: &Unzip<'_>, max: usize) -> Result<Option<Vec<u8>>, Interrupt> {
    let ctx = u.ctx;
    let mut line = Vec::new();
    loop {
        if line.len() >= max {
            return Ok(Some(line));
        }
        ctx.charge(cost::IO_CALL)?;
        let b = match ctx.read_fd(0, 1).await {
            Ok(b) => b,
            Err(e) => {
                super::super::opts::interrupted(e)?;
                Vec::new()
            }
        };
        match b.first() {
            None if line.is_empty() => return Ok(None),
            None | Some(b'\n') => return Ok(Some(line)),
            Some(&c) => line.push(c),
        }
    }
}
