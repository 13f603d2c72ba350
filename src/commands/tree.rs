//! `tree` as Debian bookworm's tree v2.1.0 prints it: a recursive listing drawn with
//! indentation lines, then the `N directories, M files` report.
//!
//! tree parses its own command line (no getopt): flags may be bundled, `-L`, `-P` and `-I`
//! take the next word whatever the rest of the bundle holds, long options match exactly, and
//! errors print `tree: ...` (plus the usage for an unknown option) with status 1. Options that
//! this simulator does not model (HTML/XML/JSON output, colour, gitignore, `--du`, ...) are
//! refused with status 2 instead of being ignored.
//!
//! The line drawing follows the locale like tree's `nl_langinfo(CODESET)`: UTF-8 box drawing
//! when `LC_ALL`/`LC_CTYPE`/`LANG` names a UTF-8 locale (the machine's default `C.UTF-8`),
//! ASCII `|--` lines in the C locale. Names sort by bytes, which is `strcoll` in both C and
//! C.UTF-8.

use super::fsutil::{group_name, mode_string, user_name};
use super::opts::Out;
use crate::clock::calendar::{strftime_libc, tm};
use crate::limits::cost;
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::vfs::{path, FileType, Stat};
use std::collections::BTreeSet;

/// `tree --help`, verbatim; its first eight lines are the usage printed after a bad option.
const HELP: &str = include_str!("tree_help.txt");
const USAGE_LINES: usize = 8;

/// tree's "recent" window for `-D`: six 31-day months.
const SIX_MONTHS: i64 = 6 * 31 * 24 * 60 * 60;

#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
enum SortKey {
    #[default]
    Name,
    Size,
    Mtime,
    Ctime,
}

/// `--dirsfirst` / `--filesfirst`: a grouping applied before the base sort.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
enum Group {
    #[default]
    None,
    DirsFirst,
    FilesFirst,
}

#[derive(Default, Debug)]
struct Opts {
    all: bool,
    dirs_only: bool,
    full_path: bool,
    no_indent: bool,
    classify: bool,
    follow: bool,
    noreport: bool,
    size: bool,
    human: bool,
    si: bool,
    perms: bool,
    user: bool,
    group: bool,
    date: bool,
    ctime: bool,
    reverse: bool,
    quote: bool,
    question: bool,
    raw: bool,
    metafirst: bool,
    ignore_case: bool,
    version: bool,
    /// tree's `Level`: directories at depth `lev > level` are not opened.
    level: Option<usize>,
    include: Vec<Vec<u8>>,
    exclude: Vec<Vec<u8>>,
    sort: SortKey,
    grouping: Group,
    timefmt: Option<Vec<u8>>,
    charset: Option<Vec<u8>>,
    /// The first option given that the simulator does not model.
    refused: Option<String>,
}

/// What parsing decided when the command must stop before listing.
#[derive(Debug, PartialEq, Eq)]
struct Stop {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    status: i32,
}

impl Stop {
    fn err(msg: &[u8], with_usage: bool) -> Stop {
        let mut stderr = b"tree: ".to_vec();
        stderr.extend_from_slice(msg);
        stderr.push(b'\n');
        if with_usage {
            for line in HELP.split_inclusive('\n').take(USAGE_LINES) {
                stderr.extend_from_slice(line.as_bytes());
            }
        }
        Stop {
            stdout: Vec::new(),
            stderr,
            status: 1,
        }
    }
}

fn refuse(o: &mut Opts, what: &str) {
    if o.refused.is_none() {
        o.refused = Some(what.to_string());
    }
}

/// `strtoul(s, NULL, 0)` cast to `int`, as tree reads `-L`.
fn c_level(s: &[u8]) -> i64 {
    let mut s = s.trim_ascii_start();
    let neg = s.first() == Some(&b'-');
    if matches!(s.first(), Some(b'-' | b'+')) {
        s = &s[1..];
    }
    let (radix, digits) = if s.len() > 2 && (s.starts_with(b"0x") || s.starts_with(b"0X")) {
        (16, &s[2..])
    } else if s.first() == Some(&b'0') {
        (8, s)
    } else {
        (10, s)
    };
    let mut v: u64 = 0;
    for &b in digits {
        match (b as char).to_digit(radix) {
            Some(d) => v = v.wrapping_mul(radix as u64).wrapping_add(d as u64),
            None => break,
        }
    }
    if neg {
        v = v.wrapping_neg();
    }
    v as u32 as i32 as i64
}

/// tree's handling of an option that takes a value: `--name=VALUE` or `--name VALUE`; any
/// other text after the prefix still takes the next word, as tree's `strncmp` does.
fn long_value(
    word: &[u8],
    prefix: &str,
    args: &[Vec<u8>],
    next: &mut usize,
) -> Result<Option<Vec<u8>>, Stop> {
    let Some(rest) = word.strip_prefix(prefix.as_bytes()) else {
        return Ok(None);
    };
    if let Some(v) = rest.strip_prefix(b"=") {
        if v.is_empty() {
            return Err(Stop::err(
                format!("Missing argument to {prefix}=").as_bytes(),
                false,
            ));
        }
        return Ok(Some(v.to_vec()));
    }
    match args.get(*next) {
        Some(v) => {
            *next += 1;
            Ok(Some(v.clone()))
        }
        None => Err(Stop::err(
            format!("Missing argument to {prefix}").as_bytes(),
            false,
        )),
    }
}

fn parse_long(o: &mut Opts, word: &[u8], args: &[Vec<u8>], next: &mut usize) -> Result<(), Stop> {
    match word {
        b"--help" => {
            return Err(Stop {
                stdout: HELP.as_bytes().to_vec(),
                stderr: Vec::new(),
                status: 0,
            })
        }
        b"--version" => o.version = true,
        b"--noreport" => o.noreport = true,
        b"--dirsfirst" => o.grouping = Group::DirsFirst,
        b"--filesfirst" => o.grouping = Group::FilesFirst,
        b"--si" => (o.size, o.human, o.si) = (true, true, true),
        b"--ignore-case" => o.ignore_case = true,
        b"--metafirst" => o.metafirst = true,
        // Hyperlinks exist only in HTML output, which is refused: a no-op, as in tree.
        b"--nolinks" => {}
        b"--inodes" | b"--device" | b"--du" | b"--prune" | b"--matchdirs" | b"--fromfile"
        | b"--gitignore" | b"--info" | b"--fflinks" => refuse(o, &String::from_utf8_lossy(word)),
        _ => return parse_long_value(o, word, args, next),
    }
    Ok(())
}

fn parse_long_value(
    o: &mut Opts,
    word: &[u8],
    args: &[Vec<u8>],
    next: &mut usize,
) -> Result<(), Stop> {
    for prefix in [
        "--filelimit",
        "--charset",
        "--timefmt",
        "--sort",
        "--gitfile",
        "--infofile",
        "--hintro",
        "--houtro",
    ] {
        let Some(v) = long_value(word, prefix, args, next)? else {
            continue;
        };
        match prefix {
            "--charset" => o.charset = Some(v),
            "--timefmt" => {
                o.timefmt = Some(v);
                o.date = true;
            }
            "--sort" => parse_sort(o, &v)?,
            _ => refuse(o, prefix),
        }
        return Ok(());
    }
    let mut msg = b"Invalid argument `".to_vec();
    msg.extend_from_slice(word);
    msg.extend_from_slice(b"'.");
    Err(Stop::err(&msg, true))
}

fn parse_sort(o: &mut Opts, v: &[u8]) -> Result<(), Stop> {
    let names = ["name", "version", "size", "mtime", "ctime"];
    let Some(i) = names
        .iter()
        .position(|n| n.as_bytes().eq_ignore_ascii_case(v))
    else {
        let mut stop = Stop::err(b"", false);
        stop.stderr = b"tree: Sort type '".to_vec();
        stop.stderr.extend_from_slice(v);
        stop.stderr
            .extend_from_slice(b"' not valid, should be one of: ");
        // tree prints the list itself on standard output.
        stop.stdout = b"name,version,size,mtime,ctime\n".to_vec();
        return Err(stop);
    };
    o.sort = match i {
        0 => SortKey::Name,
        2 => SortKey::Size,
        3 => SortKey::Mtime,
        4 => SortKey::Ctime,
        _ => {
            refuse(o, "--sort=version");
            o.sort
        }
    };
    Ok(())
}

/// One short option letter; `next` indexes the word an argument-taking option consumes.
fn parse_short(o: &mut Opts, c: u8, args: &[Vec<u8>], next: &mut usize) -> Result<(), Stop> {
    let mut take = |what: char| -> Result<Vec<u8>, Stop> {
        let v = args.get(*next).cloned().ok_or_else(|| {
            Stop::err(
                format!("Missing argument to -{what} option.").as_bytes(),
                false,
            )
        })?;
        *next += 1;
        Ok(v)
    };
    match c {
        b'a' => o.all = true,
        b'd' => o.dirs_only = true,
        b'f' => o.full_path = true,
        b'i' => o.no_indent = true,
        b'F' => o.classify = true,
        b'l' => o.follow = true,
        b's' => o.size = true,
        b'h' => (o.size, o.human) = (true, true),
        b'p' => o.perms = true,
        b'u' => o.user = true,
        b'g' => o.group = true,
        b'D' => o.date = true,
        b'r' => o.reverse = true,
        b't' => o.sort = SortKey::Mtime,
        b'c' => (o.sort, o.ctime) = (SortKey::Ctime, true),
        b'q' => o.question = true,
        b'N' => o.raw = true,
        b'Q' => o.quote = true,
        // Colour is off unless forced: nothing is a terminal here. One filesystem: -x holds.
        b'n' | b'x' => {}
        b'L' => {
            let level = c_level(&take('L')?) - 1;
            if level < 0 {
                return Err(Stop::err(b"Invalid level, must be greater than 0.", false));
            }
            o.level = Some(level as usize);
        }
        b'P' => o.include.push(take('P')?),
        b'I' => o.exclude.push(take('I')?),
        b'H' | b'T' | b'o' => {
            take(c as char)?;
            refuse(o, &format!("-{}", c as char));
        }
        b'C' | b'A' | b'S' | b'v' | b'U' | b'X' | b'J' | b'R' => {
            refuse(o, &format!("-{}", c as char))
        }
        _ => {
            let mut msg = b"Invalid argument -`".to_vec();
            msg.push(c);
            msg.extend_from_slice(b"'.");
            return Err(Stop::err(&msg, true));
        }
    }
    Ok(())
}

/// Parses tree's command line into options and directory operands.
fn parse(args: &[Vec<u8>]) -> Result<(Opts, Vec<Vec<u8>>), Stop> {
    let mut o = Opts::default();
    let mut dirs = Vec::new();
    let mut options_end = false;
    let mut i = 0;
    while i < args.len() {
        let word = &args[i];
        i += 1;
        if options_end || word.len() < 2 || word[0] != b'-' {
            dirs.push(word.clone());
        } else if word == b"--" {
            options_end = true;
        } else if word[1] == b'-' {
            parse_long(&mut o, word, args, &mut i)?;
        } else {
            for &c in &word[1..] {
                parse_short(&mut o, c, args, &mut i)?;
            }
        }
    }
    if dirs.is_empty() {
        dirs.push(b".".to_vec());
    }
    Ok((o, dirs))
}

// ---- locale and line drawing -------------------------------------------------------------------

/// The indentation pieces: continuing vertical, tee, corner, blank (each then gets a space).
struct Lines {
    vert: &'static str,
    tee: &'static str,
    corner: &'static str,
    copy: &'static str,
}

const ASCII: Lines = Lines {
    vert: "|  ",
    tee: "|--",
    corner: "`--",
    copy: "(c)",
};
const UTF8: Lines = Lines {
    vert: "\u{2502}\u{a0}\u{a0}",
    tee: "\u{251c}\u{2500}\u{2500}",
    corner: "\u{2514}\u{2500}\u{2500}",
    copy: "\u{a9}",
};

/// The line set for a charset name (`--charset`, `TREE_CHARSET`, or the locale's UTF-8);
/// `Err` for a charset whose drawing is not modeled.
fn lines_for(charset: Option<&[u8]>) -> Result<&'static Lines, String> {
    let Some(cs) = charset else { return Ok(&ASCII) };
    let is = |names: &[&str]| names.iter().any(|n| n.as_bytes().eq_ignore_ascii_case(cs));
    if is(&["UTF-8", "utf8"]) {
        Ok(&UTF8)
    } else if is(&["ASCII", "US-ASCII", "ANSI_X3.4-1968"]) {
        Ok(&ASCII)
    } else {
        Err(format!("--charset={}", String::from_utf8_lossy(cs)))
    }
}

// ---- patterns ------------------------------------------------------------------------------------

/// tree's wildcard match of a file name: `*`, `?`, `[...]`/`[^...]`, `\` escapes, `|`
/// alternatives and a trailing `/` that matches directories only. 1 is a match, 0 none and -1
/// a malformed pattern (which tree's callers count as a match).
fn pat_match(name: &[u8], pat: &[u8], isdir: bool, fold: bool) -> i32 {
    if let Some(bar) = pat.iter().position(|&b| b == b'|') {
        if bar == 0 || bar + 1 == pat.len() {
            return -1;
        }
        let first = pat_match(name, &pat[..bar], isdir, fold);
        return if first != 0 {
            first
        } else {
            pat_match(name, &pat[bar + 1..], isdir, fold)
        };
    }
    match_seq(name, pat, isdir, fold)
}

fn lower(b: u8, fold: bool) -> u8 {
    if fold {
        b.to_ascii_lowercase()
    } else {
        b
    }
}

/// Matches `pat` (no `|`) against all of `buf`.
fn match_seq(buf: &[u8], pat: &[u8], isdir: bool, fold: bool) -> i32 {
    let (mut b, mut p) = (0, 0);
    while p < pat.len() {
        let cur = buf.get(b).copied();
        match pat[p] {
            b'[' => match match_class(cur, &pat[p + 1..], fold) {
                None => return -1,
                Some((hit, used)) => {
                    if !hit {
                        return 0;
                    }
                    b += 1;
                    p += 1 + used;
                }
            },
            b'*' => {
                let rest = &pat[p + 1..];
                if rest.is_empty() {
                    return i32::from(!buf[b..].contains(&b'/'));
                }
                // Every split point, shortest first; the first non-mismatch wins.
                for k in b..=buf.len() {
                    let r = match_seq(&buf[k..], rest, isdir, fold);
                    if r != 0 {
                        return r;
                    }
                }
                return 0;
            }
            b'?' => {
                if cur.is_none() {
                    return 0;
                }
                b += 1;
                p += 1;
            }
            b'/' if p + 1 == pat.len() && cur.is_none() => return i32::from(isdir),
            c => {
                let lit = if c == b'\\' {
                    p += 1;
                    match pat.get(p) {
                        Some(&l) => l,
                        None => return 0,
                    }
                } else {
                    c
                };
                match cur {
                    Some(x) if lower(x, fold) == lower(lit, fold) => b += 1,
                    _ => return 0,
                }
                p += 1;
            }
        }
    }
    i32::from(b == buf.len())
}

/// A bracket expression after its `[`: whether `c` is in it and the pattern bytes it used
/// (through `]`); `None` when it is not closed.
fn match_class(c: Option<u8>, pat: &[u8], fold: bool) -> Option<(bool, usize)> {
    let mut i = 0;
    let negate = pat.first() == Some(&b'^');
    if negate {
        i += 1;
    }
    let c = c.map(|c| lower(c, fold));
    let mut found = false;
    while *pat.get(i)? != b']' {
        if pat[i] == b'\\' {
            i += 1;
        }
        let lo = *pat.get(i)?;
        if pat.get(i + 1) == Some(&b'-') {
            i += 2;
            if pat.get(i) == Some(&b'\\') {
                i += 1;
            }
            let hi = *pat.get(i)?;
            found |= c.is_some_and(|c| c >= lower(lo, fold) && c <= lower(hi, fold));
        } else {
            found |= c == Some(lower(lo, fold));
        }
        i += 1;
    }
    Some((c.is_some() && found != negate, i + 1))
}

fn any_match(pats: &[Vec<u8>], name: &[u8], isdir: bool, fold: bool) -> bool {
    pats.iter().any(|p| pat_match(name, p, isdir, fold) != 0)
}

// ---- entries --------------------------------------------------------------------------------------

/// One listed name: its `lstat`, the `stat` of a symlink's target and the link text.
struct Entry {
    name: Vec<u8>,
    st: Stat,
    target: Option<Stat>,
    link: Option<Vec<u8>>,
    /// A directory, or a symlink to one.
    isdir: bool,
}

impl Entry {
    /// The inode tree remembers to stop `-l` loops: the target's for a symlink.
    fn ino(&self) -> u64 {
        self.target.as_ref().unwrap_or(&self.st).ino
    }
}

struct Walker<'a> {
    ctx: &'a CommandCtx,
    o: &'a Opts,
    lines: &'static Lines,
    utf8_names: bool,
    now: i64,
    out: Out,
    /// Per level: 0 none, 1 more entries follow, 2 on the last entry (tree's `dirs[]`).
    dirs: Vec<u8>,
    seen: BTreeSet<u64>,
    errors: u32,
}

impl Walker<'_> {
    /// Reads and filters a directory like tree's `read_dir`, then sorts it; `None` when it
    /// cannot be opened.
    fn read_entries(&mut self, abs: &[u8]) -> Result<Option<Vec<Entry>>, Interrupt> {
        let Ok(names) = self.ctx.read_dir(abs) else {
            return Ok(None);
        };
        let o = self.o;
        let mut list = Vec::new();
        for (name, _) in names {
            self.ctx.charge(cost::PATH_COMPONENT * 2)?;
            if !o.all && name.first() == Some(&b'.') {
                continue;
            }
            let p = path::join(abs, &name);
            let Ok(st) = self.ctx.lstat(&p) else { continue };
            let (target, link) = if st.file_type == FileType::Symlink {
                (self.ctx.stat(&p).ok(), self.ctx.read_link(&p).ok())
            } else {
                (None, None)
            };
            let isdir = target.as_ref().unwrap_or(&st).file_type == FileType::Dir;
            // -P filters files only: directories (and, under -l, links to them) always show.
            let exempt = st.file_type == FileType::Dir || (o.follow && isdir);
            if !exempt
                && !o.include.is_empty()
                && !any_match(&o.include, &name, isdir, o.ignore_case)
            {
                continue;
            }
            if any_match(&o.exclude, &name, isdir, o.ignore_case) || (o.dirs_only && !isdir) {
                continue;
            }
            list.push(Entry {
                name,
                st,
                target,
                link,
                isdir,
            });
        }
        self.sort(&mut list)?;
        Ok(Some(list))
    }

    /// tree's order: the base key (name, size, mtime or ctime, ties by name; `-r` reverses
    /// it) under an optional directories-first or files-first grouping.
    fn sort(&self, list: &mut [Entry]) -> Result<(), Interrupt> {
        let o = self.o;
        let compares = std::cell::Cell::new(0u64);
        let base = |a: &Entry, b: &Entry| {
            let by_name = a.name.cmp(&b.name);
            let v = match o.sort {
                SortKey::Name => by_name,
                SortKey::Size => b.st.size.cmp(&a.st.size).then(by_name),
                SortKey::Mtime => secs(a.st.mtime_ns).cmp(&secs(b.st.mtime_ns)).then(by_name),
                SortKey::Ctime => secs(a.st.ctime_ns).cmp(&secs(b.st.ctime_ns)).then(by_name),
            };
            if o.reverse {
                v.reverse()
            } else {
                v
            }
        };
        list.sort_by(|a, b| {
            compares.set(compares.get() + 1);
            match (o.grouping, a.isdir != b.isdir) {
                (Group::DirsFirst, true) => b.isdir.cmp(&a.isdir),
                (Group::FilesFirst, true) => a.isdir.cmp(&b.isdir),
                _ => base(a, b),
            }
        });
        self.ctx.charge(compares.get() * cost::SORT_COMPARE)
    }

    /// Lists one operand: its own line, its contents, and its share of the totals.
    async fn operand(&mut self, shown: &[u8], totals: &mut (u64, u64)) -> Result<(), Interrupt> {
        let mut shown = shown.to_vec();
        if self.o.full_path {
            while shown.len() > 1 && shown.ends_with(b"/") {
                shown.pop();
            }
        }
        let abs = self.ctx.resolve(&shown);
        self.ctx.charge(cost::PATH_COMPONENT * 2)?;
        let root = self.ctx.lstat(&abs).ok().map(|st| Entry {
            name: shown.clone(),
            isdir: st.file_type == FileType::Dir,
            st,
            target: None,
            link: None,
        });
        let mut list = None;
        if let Some(r) = &root {
            self.seen.insert(r.st.ino);
            list = self.read_entries(&abs)?;
        }
        self.info(root.as_ref(), 0);
        self.file(&shown, root.as_ref());
        match list {
            None => {
                self.out.push(b"  [error opening dir]\n");
                if root.is_some() {
                    totals.1 += 1;
                } else {
                    self.errors += 1;
                }
            }
            Some(list) => {
                self.out.push(b"\n");
                if !list.is_empty() {
                    let (d, f) = self.listdir(&shown, list, 1).await?;
                    totals.0 += d + 1;
                    totals.1 += f;
                }
            }
        }
        self.out.maybe_flush(self.ctx).await
    }

    /// Prints the entries of `dir` (as shown) at depth `lev`; returns (directories, files).
    async fn listdir(
        &mut self,
        dir: &[u8],
        list: Vec<Entry>,
        lev: usize,
    ) -> Result<(u64, u64), Interrupt> {
        let (mut ndirs, mut nfiles) = (0, 0);
        if self.dirs.len() < lev + 2 {
            self.dirs.resize(lev + 2, 0);
        }
        self.dirs[lev] = if list.len() > 1 { 1 } else { 2 };
        let n = list.len();
        for (k, e) in list.iter().enumerate() {
            self.info(Some(e), lev);
            let mut shown = dir.to_vec();
            if !dir.ends_with(b"/") {
                shown.push(b'/');
            }
            shown.extend_from_slice(&e.name);
            let mut err: Option<&str> = None;
            let mut sub = None;
            if e.isdir {
                ndirs += 1;
                let found = !self.seen.insert(e.ino());
                if e.link.is_none() || self.o.follow {
                    (sub, err) = self.open_subdir(dir, &mut shown, e, found, lev).await?;
                }
            } else {
                nfiles += 1;
            }
            let name = if self.o.full_path { &shown } else { &e.name };
            self.file(name, Some(e));
            if let Some(err) = err {
                self.out.push(format!("  [{err}]").as_bytes());
            }
            self.out.push(b"\n");
            self.out.maybe_flush(self.ctx).await?;
            if let Some(sub) = sub {
                let (d, f) = Box::pin(self.listdir(&shown, sub, lev + 1)).await?;
                ndirs += d;
                nfiles += f;
            }
            if k + 2 == n {
                self.dirs[lev] = 2;
            }
        }
        self.dirs[lev] = 0;
        Ok((ndirs, nfiles))
    }

    /// Decides whether a directory entry is descended into and reads it. A followed relative
    /// symlink's path becomes `dir/target` (and `-f` shows that path, as tree does).
    async fn open_subdir(
        &mut self,
        dir: &[u8],
        shown: &mut Vec<u8>,
        e: &Entry,
        found: bool,
        lev: usize,
    ) -> Result<(Option<Vec<Entry>>, Option<&'static str>), Interrupt> {
        let beyond = self.o.level.is_some_and(|l| lev > l);
        let mut err = None;
        let mut descend = true;
        if let Some(link) = &e.link {
            if link.starts_with(b"/") {
                *shown = link.clone();
            } else {
                *shown = [dir, b"/", link].concat();
            }
            if found {
                if !beyond {
                    err = Some("recursive, not followed");
                }
                descend = false;
            }
        }
        if beyond || !descend {
            return Ok((None, err));
        }
        let abs = self.ctx.resolve(shown);
        match self.read_entries(&abs)? {
            None => {
                self.errors += 1;
                Ok((None, Some("error opening dir")))
            }
            Some(list) if list.is_empty() => Ok((None, err)),
            Some(list) => Ok((Some(list), err)),
        }
    }

    /// The indentation and the bracketed metadata before a name.
    fn info(&mut self, e: Option<&Entry>, lev: usize) {
        let meta = e.map(|e| self.meta(e)).unwrap_or_default();
        if self.o.metafirst && !meta.is_empty() {
            self.out.push(&meta);
            self.out.push(b"  ");
        }
        if !self.o.no_indent {
            self.indent(lev);
        }
        if !self.o.metafirst && !meta.is_empty() {
            self.out.push(&meta);
            self.out.push(b"  ");
        }
    }

    fn indent(&mut self, lev: usize) {
        let l = self.lines;
        let mut i = 1;
        while i <= lev && self.dirs.get(i).copied().unwrap_or(0) != 0 {
            let more_below = self.dirs.get(i + 1).copied().unwrap_or(0) != 0;
            let piece = match (more_below, self.dirs[i] == 1) {
                (true, true) => l.vert,
                (true, false) => "   ",
                (false, true) => l.tee,
                (false, false) => l.corner,
            };
            self.out.push(piece.as_bytes());
            self.out.push(b" ");
            i += 1;
        }
    }

    /// `[perms user group size date]`, or nothing when no field is asked for.
    fn meta(&self, e: &Entry) -> Vec<u8> {
        let o = self.o;
        let mut m = Vec::new();
        if o.perms {
            m.extend_from_slice(format!(" {}", mode_string(e.st.file_type, e.st.mode)).as_bytes());
        }
        if o.user {
            let name = user_name(e.st.uid).map_or(e.st.uid.to_string(), str::to_string);
            m.extend_from_slice(format!(" {name:<8.32}").as_bytes());
        }
        if o.group {
            let name = group_name(e.st.gid).map_or(e.st.gid.to_string(), str::to_string);
            m.extend_from_slice(format!(" {name:<8.32}").as_bytes());
        }
        if o.size {
            m.extend_from_slice(psize(e.st.size, o.human, o.si).as_bytes());
        }
        if o.date {
            let t = if o.ctime {
                e.st.ctime_ns
            } else {
                e.st.mtime_ns
            };
            m.push(b' ');
            m.extend_from_slice(&self.date(secs(t)));
        }
        if !m.is_empty() {
            m[0] = b'[';
            m.push(b']');
        }
        m
    }

    fn date(&self, t: i64) -> Vec<u8> {
        let mut s = match &self.o.timefmt {
            Some(f) => strftime_libc(f, &tm(t, 0)),
            None if t > self.now || t + SIX_MONTHS < self.now => {
                strftime_libc(b"%b %e  %Y", &tm(t, 0))
            }
            None => strftime_libc(b"%b %e %R", &tm(t, 0)),
        };
        s.truncate(255);
        s
    }

    /// The name (or path), `-F`'s type mark, and ` -> target` for a symlink.
    fn file(&mut self, name: &[u8], e: Option<&Entry>) {
        let text = self.printable(name);
        self.out.push(&text);
        let Some(e) = e else { return };
        match &e.link {
            None if self.o.classify => {
                if let Some(c) = self.type_mark(Some(&e.st)) {
                    self.out.push(&[c]);
                }
            }
            None => {}
            Some(link) => {
                self.out.push(b" -> ");
                let text = self.printable(link);
                self.out.push(&text);
                if self.o.classify {
                    if let Some(c) = self.type_mark(e.target.as_ref()) {
                        self.out.push(&[c]);
                    }
                }
            }
        }
    }

    /// tree's `Ftype`: `/` for a directory (not under `-d`), `@` for a symlink itself, `*` for
    /// an executable file; a missing symlink target has no mark.
    fn type_mark(&self, st: Option<&Stat>) -> Option<u8> {
        let st = st?;
        match st.file_type {
            FileType::Dir if !self.o.dirs_only => Some(b'/'),
            FileType::Dir => None,
            FileType::Symlink => Some(b'@'),
            FileType::File if st.mode & 0o111 != 0 => Some(b'*'),
            FileType::File => None,
        }
    }

    /// A name as tree's `printit` shows it: `-N` raw; in a UTF-8 locale valid text keeps its
    /// printable characters; otherwise bytes with C escapes, `\ ` for spaces and octal for
    /// the rest. `-q` prints `?` instead of escapes, `-Q` adds double quotes.
    fn printable(&self, s: &[u8]) -> Vec<u8> {
        let o = self.o;
        let mut out = Vec::with_capacity(s.len() + 2);
        if o.quote {
            out.push(b'"');
        }
        if o.raw {
            out.extend_from_slice(s);
        } else if let Some(text) = std::str::from_utf8(s).ok().filter(|_| self.utf8_names) {
            for ch in text.chars() {
                if wide_printable(ch) {
                    let mut buf = [0; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                } else if o.question {
                    out.push(b'?');
                } else {
                    out.extend_from_slice(format!("\\{:03o}", ch as u32).as_bytes());
                }
            }
        } else {
            for &c in s {
                self.escape_byte(c, &mut out);
            }
        }
        if o.quote {
            out.push(b'"');
        }
        out
    }

    fn escape_byte(&self, c: u8, out: &mut Vec<u8>) {
        let o = self.o;
        if (7..=13).contains(&c) || c == b'\\' || (c == b'"' && o.quote) || (c == b' ' && !o.quote)
        {
            out.push(b'\\');
            out.push(if c > 13 {
                c
            } else {
                b"abtnvfr"[(c - 7) as usize]
            });
        } else if (0x20..0x7f).contains(&c) {
            out.push(c);
        } else if o.question {
            out.push(if self.utf8_names && c > 127 { c } else { b'?' });
        } else {
            out.extend_from_slice(format!("\\{c:03o}").as_bytes());
        }
    }
}

/// Whole seconds of a nanosecond timestamp (tree compares and prints `time_t`).
fn secs(ns: u64) -> i64 {
    (ns / 1_000_000_000) as i64
}

/// `iswprint` in C.UTF-8 for the characters names hold: controls (C0, DEL, C1) and the line
/// and paragraph separators are not printable.
fn wide_printable(ch: char) -> bool {
    let c = ch as u32;
    !(c < 0x20 || (0x7f..=0x9f).contains(&c) || c == 0x2028 || c == 0x2029)
}

/// tree's size field: ` %11lld` bytes, or with `-h`/`--si` a four-column scaled size
/// (`4.0K`, ` 12M`; SI uses `k`).
fn psize(size: u64, human: bool, si: bool) -> String {
    if !human {
        return format!(" {size:>11}");
    }
    let unit: u64 = if si { 1000 } else { 1024 };
    let units = if si { b"dkMGTPEZY" } else { b"BKMGTPEZY" };
    let mut s = size;
    let mut idx = usize::from(s >= unit);
    while s >= unit * unit {
        idx += 1;
        s /= unit;
    }
    if idx == 0 {
        return format!(" {s:>4}");
    }
    // tree divides in single precision, then printf rounds the (widened) result.
    let v = f64::from(s as f32 / unit as f32);
    let u = units[idx] as char;
    if (s + 52) / unit >= 10 {
        format!(" {v:>3.0}{u}")
    } else {
        format!(" {v:>3.1}{u}")
    }
}

fn report(o: &Opts, dirs: u64, files: u64) -> String {
    let d = if dirs == 1 {
        "directory"
    } else {
        "directories"
    };
    if o.dirs_only {
        format!("\n{dirs} {d}\n")
    } else {
        let f = if files == 1 { "file" } else { "files" };
        format!("\n{dirs} {d}, {files} {f}\n")
    }
}

async fn tree_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let (o, operands) = match parse(ctx.args()) {
        Ok(p) => p,
        Err(stop) => {
            ctx.out(&stop.stdout).await?;
            ctx.err(&stop.stderr).await?;
            return Ok(stop.status);
        }
    };
    let utf8 = super::opts::utf8_locale(ctx);
    let charset = o
        .charset
        .clone()
        .or_else(|| ctx.env.get(b"TREE_CHARSET".as_slice()).cloned())
        .or_else(|| utf8.then(|| b"UTF-8".to_vec()));
    let lines = match (o.refused.clone(), lines_for(charset.as_deref())) {
        (None, Ok(lines)) => lines,
        (Some(what), _) | (None, Err(what)) => {
            ctx.mark_partial(format!("tree {what} is not supported"));
            ctx.diag(format!("{what} is not supported in this simulator"))
                .await?;
            return Ok(2);
        }
    };
    if o.version {
        let v = format!(
            "tree v2.1.0 {} 1996 - 2022 by Steve Baker, Thomas Moore, Francesc Rocher, Florian Sesser, Kyosuke Tokoro\n",
            lines.copy
        );
        ctx.out(v.as_bytes()).await?;
        return Ok(0);
    }
    let now = ctx.sys.clock.borrow().wall_secs();
    let mut w = Walker {
        ctx,
        o: &o,
        lines,
        utf8_names: utf8,
        now,
        out: Out::new(),
        dirs: vec![0; 2],
        seen: BTreeSet::new(),
        errors: 0,
    };
    let mut totals = (0, 0);
    for d in &operands {
        w.operand(d, &mut totals).await?;
    }
    if !o.noreport {
        w.out.push(report(&o, totals.0, totals.1).as_bytes());
    }
    w.out.flush(ctx).await?;
    Ok(if w.errors > 0 { 2 } else { 0 })
}

crate::command_fn!(run, tree_main);

pub fn register(r: &mut super::Registry) {
    r.register(
        "tree",
        Trust::Real,
        "list directories as a tree (tree v2.1.0; UTF-8 lines in a UTF-8 locale, ASCII in C)",
        "-a -d -l -f -i -x -L N -P PAT -I PAT --ignore-case --noreport --charset=UTF-8|ASCII -q -N -Q -p -u -g -s -h --si -D --timefmt=FMT -F --metafirst -t -c -r --sort=name|size|mtime|ctime --dirsfirst --filesfirst -n --nolinks --version --help (no -C -A -S -v -U -X -J -H -R -o --du --prune --matchdirs --filelimit --gitignore --info --inodes --device --fromfile)",
        run,
    );
}

#[cfg(test)]
#[path = "tree/tests.rs"]
mod tests;
