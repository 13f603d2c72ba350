//! `grep`, `egrep`, `fgrep`: print lines that match patterns (GNU grep 3.8), streaming.
//!
//! Regular expressions come from [`super::posix_re`] (BRE/ERE, back-references, POSIX
//! leftmost-longest for `-o`). Binary files (a NUL in the first 32 KiB, or an output line with
//! a NUL or invalid UTF-8) print `grep: NAME: binary file matches` on stderr instead of lines.
//! Recursive search visits directory entries in sorted order (GNU uses readdir order).

use super::opts::{self, flag, optional, req, OptDef, Parser};
use super::posix_re::{Flavor, Options, ReError, Regex, Wrap};
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::shell::pattern::{MatchOptions, Pattern};
use crate::vfs::FileType;
use std::rc::Rc;

const COLOR: u8 = 0x80;
const INCLUDE: u8 = 0x81;
const EXCLUDE: u8 = 0x82;
const EXCLUDE_DIR: u8 = 0x83;
const LABEL: u8 = 0x84;
const BINARY_FILES: u8 = 0x85;
const NO_ICASE: u8 = 0x86;
const LINE_BUFFERED: u8 = 0x87;

const DEFS: &[OptDef] = &[
    flag(b'E', "extended-regexp"),
    flag(b'F', "fixed-strings"),
    flag(b'G', "basic-regexp"),
    flag(b'P', "perl-regexp"),
    req(b'e', "regexp"),
    req(b'f', "file"),
    flag(b'i', "ignore-case"),
    flag(b'y', ""),
    flag(NO_ICASE, "no-ignore-case"),
    flag(b'v', "invert-match"),
    flag(b'w', "word-regexp"),
    flag(b'x', "line-regexp"),
    flag(b'c', "count"),
    optional(COLOR, "color"),
    optional(COLOR, "colour"),
    flag(b'L', "files-without-match"),
    flag(b'l', "files-with-matches"),
    req(b'm', "max-count"),
    flag(b'o', "only-matching"),
    flag(b'q', "quiet"),
    flag(b'q', "silent"),
    flag(b's', "no-messages"),
    flag(b'b', "byte-offset"),
    flag(b'H', "with-filename"),
    flag(b'h', "no-filename"),
    req(LABEL, "label"),
    flag(b'n', "line-number"),
    flag(b'Z', "null"),
    flag(b'z', "null-data"),
    req(b'A', "after-context"),
    req(b'B', "before-context"),
    req(b'C', "context"),
    flag(b'a', "text"),
    req(BINARY_FILES, "binary-files"),
    flag(b'I', ""),
    flag(b'r', "recursive"),
    flag(b'R', "dereference-recursive"),
    req(INCLUDE, "include"),
    req(EXCLUDE, "exclude"),
    req(EXCLUDE_DIR, "exclude-dir"),
    flag(b'U', "binary"),
    flag(LINE_BUFFERED, "line-buffered"),
];

pub fn register(r: &mut super::Registry) {
    let o = "-E -F -G -e -f -i -y -v -w -x -c -l -L -m -o -q -s -b -H -h -n -Z -z -A -B -C -NUM -a -I -r -R -U --include --exclude --exclude-dir --label --binary-files --color=never|auto --line-buffered -P (one pattern; Perl syntax including look-around, back-references and \\K, with a backtracking limit; not with -w) (no -T, -d, -D, --color=always)";
    r.register(
        "grep",
        Trust::Real,
        "print lines that match patterns",
        o,
        run_grep,
    );
    r.register("egrep", Trust::Real, "grep -E", o, run_egrep);
    r.register("fgrep", Trust::Real, "grep -F", o, run_fgrep);
}

#[derive(Clone, Copy, PartialEq, Eq)]
#[allow(clippy::enum_variant_names)]
enum Binary {
    Binary,
    Text,
    WithoutMatch,
}

struct Cfg {
    re: Regex,
    invert: bool,
    count: bool,
    list: bool,
    list_without: bool,
    max: Option<u64>,
    only: bool,
    quiet: bool,
    no_messages: bool,
    byte_offset: bool,
    with_name: bool,
    number: bool,
    null: bool,
    delim: u8,
    after: u64,
    before: u64,
    context: bool,
    binary: Binary,
    /// A UTF-8 locale: there invalid UTF-8 makes a file binary; in C every byte is a character.
    utf8: bool,
    includes: Vec<Pattern>,
    excludes: Vec<Pattern>,
    exclude_dirs: Vec<Pattern>,
    label: Vec<u8>,
}

/// State shared across files.
struct State {
    out: opts::Out,
    /// Something was printed in a context group (for `--` separators).
    printed_any: bool,
    error: bool,
    matched: bool,
}

fn glob(p: &[u8]) -> Pattern {
    Pattern::compile(
        p,
        MatchOptions {
            utf8: true,
            ..MatchOptions::default()
        },
    )
}

async fn fail(ctx: &CommandCtx, msg: &str) -> Result<i32, Interrupt> {
    ctx.diag(msg).await?;
    Ok(2)
}

async fn usage(ctx: &CommandCtx, msg: Option<&str>) -> Result<i32, Interrupt> {
    if let Some(m) = msg {
        ctx.diag(m).await?;
    }
    let n = ctx.name();
    ctx.err(
        format!(
            "Usage: {n} [OPTION]... PATTERNS [FILE]...\nTry '{n} --help' for more information.\n"
        )
        .as_bytes(),
    )
    .await?;
    Ok(2)
}

fn parse_count(v: &[u8]) -> Option<u64> {
    let s = std::str::from_utf8(v).ok()?;
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(s.parse::<u64>().unwrap_or(u64::MAX))
}

async fn main(ctx: &CommandCtx, mode: u8) -> Result<i32, Interrupt> {
    // `-NUM` is `-C NUM`.
    let mut args: Vec<Vec<u8>> = Vec::new();
    let mut ended = false;
    for a in ctx.args() {
        if !ended && a.len() > 1 && a[0] == b'-' && a[1..].iter().all(|b| b.is_ascii_digit()) {
            let mut v = b"-C".to_vec();
            v.extend_from_slice(&a[1..]);
            args.push(v);
            continue;
        }
        if a == b"--" {
            ended = true;
        }
        args.push(a.clone());
    }
    let p = match Parser::new(DEFS).parse(&args) {
        Ok(p) => p,
        Err(m) => return usage(ctx, Some(&m)).await,
    };
    if p.has(opts::HELP) {
        ctx.mark_partial("--help is not modeled");
        return fail(ctx, "--help is not available in this simulator").await;
    }
    if p.has(opts::VERSION) {
        ctx.out(b"grep (GNU grep) 3.8\n").await?;
        return Ok(0);
    }
    let mut flavor = match mode {
        b'E' => Some(Flavor::Extended),
        _ => Some(Flavor::Basic),
    };
    let mut fixed = mode == b'F';
    let mut icase = false;
    let mut patterns: Vec<Vec<u8>> = Vec::new();
    let mut have_patterns = false;
    let (mut after, mut before) = (None, None);
    let mut context = None;
    let mut binary = Binary::Binary;
    let mut color_bad = false;
    let mut perl = false;
    for (id, v) in &p.opts {
        let v = v.as_deref().unwrap_or(b"");
        match *id {
            b'E' => {
                flavor = Some(Flavor::Extended);
                fixed = false;
            }
            b'F' => fixed = true,
            b'G' => {
                flavor = Some(Flavor::Basic);
                fixed = false;
            }
            b'P' => {
                perl = true;
                fixed = false;
            }
            b'e' => {
                have_patterns = true;
                patterns.extend(v.split(|&b| b == b'\n').map(|s| s.to_vec()));
            }
            b'f' => {
                have_patterns = true;
                let data = match ctx.read_all_input(v).await {
                    Ok(d) => d,
                    Err(e) => {
                        let e = opts::interrupted(e)?;
                        return fail(
                            ctx,
                            &format!("{}: {}", String::from_utf8_lossy(v), e.message()),
                        )
                        .await;
                    }
                };
                let mut d: &[u8] = &data;
                if d.last() == Some(&b'\n') {
                    d = &d[..d.len() - 1];
                }
                if !data.is_empty() {
                    patterns.extend(d.split(|&b| b == b'\n').map(|s| s.to_vec()));
                }
            }
            b'i' | b'y' => icase = true,
            NO_ICASE => icase = false,
            b'A' | b'B' | b'C' => {
                let Some(n) = parse_count(v) else {
                    return fail(
                        ctx,
                        &format!(
                            "{}: invalid context length argument",
                            String::from_utf8_lossy(v)
                        ),
                    )
                    .await;
                };
                match *id {
                    b'A' => after = Some(n),
                    b'B' => before = Some(n),
                    _ => context = Some(n),
                }
            }
            b'm' if parse_count(v).is_none() && opts::parse_i64(v).is_none() => {
                return fail(ctx, "invalid max count").await;
            }
            COLOR => match v {
                b"" | b"never" | b"no" | b"none" | b"auto" | b"tty" | b"if-tty" => {}
                b"always" | b"yes" | b"force" => color_bad = true,
                _ => {
                    let valid: [&[&str]; 3] = [
                        &["always", "yes", "force"],
                        &["never", "no", "none"],
                        &["auto", "tty", "if-tty"],
                    ];
                    let m = opts::bad_argument(ctx, v, "--color", &valid);
                    return usage(ctx, Some(&m)).await;
                }
            },
            BINARY_FILES => {
                binary = match v {
                    b"binary" => Binary::Binary,
                    b"text" => Binary::Text,
                    b"without-match" => Binary::WithoutMatch,
                    _ => return fail(ctx, "unknown binary-files type").await,
                }
            }
            b'a' => binary = Binary::Text,
            b'I' => binary = Binary::WithoutMatch,
            _ => {}
        }
    }
    if color_bad {
        ctx.mark_partial("grep --color=always is not supported");
        return fail(ctx, "--color=always is not supported by this simulator").await;
    }
    let mut operands = p.operands.clone();
    if !have_patterns {
        if operands.is_empty() {
            return usage(ctx, None).await;
        }
        let pat = operands.remove(0);
        patterns.extend(pat.split(|&b| b == b'\n').map(|s| s.to_vec()));
    }
    let wrap = if p.has(b'x') {
        Wrap::Line
    } else if p.has(b'w') {
        Wrap::Word
    } else {
        Wrap::None
    };
    let utf8 = opts::utf8_locale(ctx);
    let o = Options {
        flavor: flavor.unwrap_or(Flavor::Basic),
        icase,
        multiline: false,
        sed_escapes: false,
        bytes: !utf8,
    };
    let re = if perl {
        if patterns.len() > 1 {
            return fail(ctx, "the -P option only supports a single pattern").await;
        }
        if p.has(b'w') {
            ctx.mark_partial("grep -P -w is not supported");
            return fail(ctx, "-P together with -w is not supported in shellsim").await;
        }
        match Regex::perl(&patterns, icase, p.has(b'x'), o.bytes) {
            Ok(r) => r,
            Err(m) => {
                ctx.mark_partial(m.clone());
                return fail(ctx, &m).await;
            }
        }
    } else {
        match Regex::new_multi(&patterns, o, fixed, wrap) {
            Ok(r) => r,
            Err(e) => return fail(ctx, e.message()).await,
        }
    };
    for w in &re.warnings {
        ctx.diag(format!("warning: {w}")).await?;
    }
    let recursive = p.has(b'r') || p.has(b'R');
    let deref = p.has(b'R');
    let max = match p.last(b'm') {
        Some(v) => match opts::parse_i64(v) {
            Some(n) if n < 0 => None,
            Some(n) => Some(n as u64),
            None => Some(u64::MAX),
        },
        None => None,
    };
    let ctxn = context.unwrap_or(0);
    let mut cfg = Cfg {
        re,
        invert: p.has(b'v'),
        count: p.has(b'c'),
        list: false,
        list_without: false,
        max,
        only: p.has(b'o'),
        quiet: p.has(b'q'),
        no_messages: p.has(b's'),
        byte_offset: p.has(b'b'),
        with_name: false,
        number: p.has(b'n'),
        null: p.has(b'Z'),
        delim: if p.has(b'z') { 0 } else { b'\n' },
        after: after.unwrap_or(ctxn),
        before: before.unwrap_or(ctxn),
        context: false,
        binary,
        utf8,
        includes: p
            .opts
            .iter()
            .filter(|o| o.0 == INCLUDE)
            .map(|o| glob(o.1.as_deref().unwrap_or(b"")))
            .collect(),
        excludes: p
            .opts
            .iter()
            .filter(|o| o.0 == EXCLUDE)
            .map(|o| glob(o.1.as_deref().unwrap_or(b"")))
            .collect(),
        exclude_dirs: p
            .opts
            .iter()
            .filter(|o| o.0 == EXCLUDE_DIR)
            .map(|o| glob(o.1.as_deref().unwrap_or(b"")))
            .collect(),
        label: p
            .last(LABEL)
            .map(|l| l.to_vec())
            .unwrap_or_else(|| b"(standard input)".to_vec()),
    };
    // -l / -L: the last one given wins.
    for (id, _) in &p.opts {
        match *id {
            b'l' => {
                cfg.list = true;
                cfg.list_without = false;
            }
            b'L' => {
                cfg.list_without = true;
                cfg.list = false;
            }
            _ => {}
        }
    }
    // GNU: listing file names replaces counting them.
    if cfg.list || cfg.list_without {
        cfg.count = false;
    }
    let implicit_dot = operands.is_empty() && recursive;
    if operands.is_empty() {
        operands.push(if recursive {
            b".".to_vec()
        } else {
            b"-".to_vec()
        });
    }
    // GNU names lines by default with several operands, or with -r when the one operand is a
    // directory (`grep -r x file` prints bare lines).
    let show = operands.len() > 1
        || (recursive
            && operands[0] != b"-"
            && ctx
                .vfs()
                .stat(&ctx.resolve(&operands[0]))
                .is_ok_and(|st| st.file_type == crate::vfs::FileType::Dir));
    cfg.with_name = show;
    for (id, _) in &p.opts {
        match *id {
            b'H' => cfg.with_name = true,
            b'h' => cfg.with_name = false,
            _ => {}
        }
    }
    if cfg.quiet || cfg.list || cfg.list_without || cfg.count {
        cfg.after = 0;
        cfg.before = 0;
    }
    cfg.context = (cfg.after > 0 || cfg.before > 0) && !cfg.only;
    let cfg = Rc::new(cfg);
    let mut st = State {
        out: opts::Out::new(),
        printed_any: false,
        error: false,
        matched: false,
    };
    if cfg.max == Some(0) {
        return Ok(1);
    }
    for op in &operands {
        if op == b"-" {
            let name = cfg.label.clone();
            if search(ctx, &cfg, &mut st, b"-", &name).await? {
                break;
            }
            continue;
        }
        let abs = ctx.resolve(op);
        let stat = ctx.vfs().stat(&abs);
        let lst = ctx.vfs().lstat(&abs);
        match stat {
            Ok(s) if s.file_type == FileType::Dir => {
                if !recursive {
                    if !cfg.no_messages {
                        st.out.flush(ctx).await?;
                        ctx.diag(format!("{}: Is a directory", String::from_utf8_lossy(op)))
                            .await?;
                    }
                    st.error = true;
                    continue;
                }
                let mut walked = Walked::default();
                walk_operand(ctx, op, &abs, implicit_dot, deref, &mut walked)?;
                let mut skip_prefix: Option<Vec<u8>> = None;
                let mut stop = false;
                for e in walked.entries {
                    if let Some(pre) = &skip_prefix {
                        if e.shown.starts_with(pre) {
                            continue;
                        }
                        skip_prefix = None;
                    }
                    if let Some(shown) = e.loop_warning {
                        st.out.flush(ctx).await?;
                        let m = format!(
                            "{}: warning: recursive directory loop",
                            String::from_utf8_lossy(&shown)
                        );
                        ctx.diag(m).await?;
                        continue;
                    }
                    let bname = crate::vfs::path::file_name(&e.path).to_vec();
                    if e.ft == FileType::Dir {
                        if !e.top && cfg.exclude_dirs.iter().any(|g| g.matches(&bname)) {
                            let mut pre = e.shown.clone();
                            pre.push(b'/');
                            skip_prefix = Some(pre);
                        }
                        continue;
                    }
                    if !included(&cfg, &bname) {
                        continue;
                    }
                    if search(ctx, &cfg, &mut st, &e.path, &e.shown).await? {
                        stop = true;
                        break;
                    }
                }
                if stop {
                    break;
                }
            }
            _ => {
                let _ = lst;
                let bname = crate::vfs::path::file_name(op).to_vec();
                if !included(&cfg, &bname) {
                    continue;
                }
                let abs_or_op = abs.clone();
                if search(ctx, &cfg, &mut st, &abs_or_op, op).await? {
                    break;
                }
            }
        }
    }
    st.out.flush(ctx).await?;
    if cfg.quiet && st.matched {
        return Ok(0);
    }
    Ok(if st.error {
        2
    } else if st.matched {
        0
    } else {
        1
    })
}

/// One path a recursive search meets, in the order it meets them.
struct WalkEntry {
    /// Where it is in the VFS.
    path: Vec<u8>,
    /// The name grep prints: the operand as typed, then the path below it.
    shown: Vec<u8>,
    /// What it is (a followed symlink counts as its target).
    ft: FileType,
    /// The operand itself (never excluded by --exclude-dir).
    top: bool,
    /// A symlink back to a directory being walked: only a warning is printed for it.
    loop_warning: Option<Vec<u8>>,
}

#[derive(Default)]
struct Walked {
    entries: Vec<WalkEntry>,
    /// The directories being walked, as GNU's fts keeps them: for each symlink followed, the
    /// root of the walk it was found in and the directory holding it (canonical). Every
    /// directory from such a root down to its link's directory is on the chain, and a symlink
    /// to one of them is a loop.
    chain: Vec<(Vec<u8>, Vec<u8>)>,
}

/// Every path below the directory operand `op` (`abs` in the VFS), sorted depth-first.
/// The directory itself is walked (a symlink operand is followed, as GNU grep -r does on the
/// command line), and names are cut relative to its canonical path, so `.`, `..` and a
/// trailing `/` in the operand only show in the printed prefix. With `deref` (-R) symlinks
/// below are followed too, except one that leads back to a directory being walked.
fn walk_operand(
    ctx: &CommandCtx,
    op: &[u8],
    abs: &[u8],
    implicit_dot: bool,
    deref: bool,
    out: &mut Walked,
) -> Result<(), Interrupt> {
    let root = ctx
        .vfs()
        .canonicalize(abs)
        .unwrap_or_else(|_| crate::vfs::path::normalize(abs));
    let prefix = if implicit_dot {
        Vec::new()
    } else {
        op.to_vec()
    };
    walk_dir(ctx, &root, &prefix, true, deref, out)
}

fn walk_dir(
    ctx: &CommandCtx,
    root: &[u8],
    prefix: &[u8],
    top: bool,
    deref: bool,
    out: &mut Walked,
) -> Result<(), Interrupt> {
    let Ok(paths) = ctx.vfs().walk(root) else {
        return Ok(());
    };
    ctx.charge(paths.len() as u64)?;
    // Below a followed symlink a real directory can be on the chain as well (`a/up -> ..`
    // leads back to `a`): it is a loop, and nothing under it is walked.
    let mut looped: Option<Vec<u8>> = None;
    for (path, ft) in paths {
        if let Some(pre) = &looped {
            if path.starts_with(pre) {
                continue;
            }
            looped = None;
        }
        let rel = &path[root.len().min(path.len())..];
        let rel = rel.strip_prefix(b"/").unwrap_or(rel);
        let shown = if rel.is_empty() {
            prefix.to_vec()
        } else if prefix.is_empty() {
            rel.to_vec()
        } else {
            let mut s = prefix.to_vec();
            if !s.ends_with(b"/") {
                s.push(b'/');
            }
            s.extend_from_slice(rel);
            s
        };
        let mut entry = WalkEntry {
            path: path.clone(),
            shown,
            ft,
            top: top && rel.is_empty(),
            loop_warning: None,
        };
        if ft == FileType::Dir && !top && !rel.is_empty() {
            let on_chain = out
                .chain
                .iter()
                .any(|(r, deepest)| between(r, &path, deepest));
            if on_chain {
                entry.loop_warning = Some(entry.shown.clone());
                out.entries.push(entry);
                let mut pre = path.clone();
                pre.push(b'/');
                looped = Some(pre);
                continue;
            }
        }
        if ft == FileType::Symlink {
            if !deref {
                continue;
            }
            let target = match ctx.vfs().stat(&path) {
                Ok(st) => st.file_type,
                Err(_) => continue,
            };
            if target == FileType::Dir {
                let canon = ctx.vfs().canonicalize(&path).unwrap_or_default();
                let parent = crate::vfs::path::parent(&path);
                let on_chain = out
                    .chain
                    .iter()
                    .map(|(r, deepest)| (r.as_slice(), deepest.as_slice()))
                    .chain([(root, parent.as_slice())])
                    .any(|(r, deepest)| between(r, &canon, deepest));
                if on_chain {
                    entry.loop_warning = Some(entry.shown.clone());
                    out.entries.push(entry);
                } else {
                    out.chain.push((root.to_vec(), parent));
                    walk_dir(ctx, &canon, &entry.shown, false, deref, out)?;
                    out.chain.pop();
                }
                continue;
            }
            entry.ft = target;
        }
        out.entries.push(entry);
    }
    Ok(())
}

/// Is `dir` one of the directories from `top` down to `deepest` (canonical paths)?
fn between(top: &[u8], dir: &[u8], deepest: &[u8]) -> bool {
    let under = |a: &[u8], b: &[u8]| {
        a == b || b == b"/" || (a.starts_with(b) && a.get(b.len()) == Some(&b'/'))
    };
    under(dir, top) && under(deepest, dir)
}

fn included(cfg: &Cfg, name: &[u8]) -> bool {
    if cfg.excludes.iter().any(|g| g.matches(name)) {
        return false;
    }
    cfg.includes.is_empty() || cfg.includes.iter().any(|g| g.matches(name))
}

fn valid_utf8(s: &[u8]) -> bool {
    std::str::from_utf8(s).is_ok()
}

/// Searches one input; `true` means stop everything (-q matched).
async fn search(
    ctx: &CommandCtx,
    cfg: &Cfg,
    st: &mut State,
    path: &[u8],
    name: &[u8],
) -> Result<bool, Interrupt> {
    let file = match if path == b"-" {
        ctx.open_input(b"-")
    } else {
        ctx.sys
            .open(ctx.pid, path, crate::process::OpenFlags::read())
    } {
        Ok(f) => f,
        Err(e) => {
            let e = opts::interrupted(e)?;
            if !cfg.no_messages {
                st.out.flush(ctx).await?;
                ctx.diag(format!(
                    "{}: {}",
                    String::from_utf8_lossy(name),
                    e.message()
                ))
                .await?;
            }
            st.error = true;
            return Ok(false);
        }
    };
    let mut buf: Vec<u8> = Vec::new();
    let mut pos = 0usize;
    let mut eof = false;
    let mut first = true;
    let mut binary = false;
    let mut lineno: u64 = 0;
    let mut offset: u64 = 0;
    let mut count: u64 = 0;
    let mut last_printed: Option<u64> = None;
    let mut pending_after: u64 = 0;
    let mut before_buf: std::collections::VecDeque<(u64, u64, Vec<u8>)> =
        std::collections::VecDeque::new();
    let mut binary_matched = false;
    let mut done = false;
    // With no inverted match and no context lines to show, lines without a candidate from a
    // buffer-wide search cannot be printed: skip them in bulk (as GNU grep searches buffers,
    // not lines). A pattern whose candidates keep spanning lines falls back to line by line.
    let mut skipping = !cfg.invert && cfg.before == 0 && cfg.after == 0 && cfg.delim == b'\n';
    let mut false_candidates = 0u32;
    loop {
        if skipping {
            match cfg.re.candidate_in(&buf, pos) {
                None => skipping = false,
                Some(found) => {
                    let end = match found {
                        Some(at) => {
                            memchr::memrchr(b'\n', &buf[pos..at]).map_or(pos, |i| pos + i + 1)
                        }
                        None if eof => buf.len(),
                        None => memchr::memrchr(b'\n', &buf[pos..]).map_or(pos, |i| pos + i + 1),
                    };
                    let skipped = memchr::memchr_iter(b'\n', &buf[pos..end]).count() as u64;
                    lineno += skipped;
                    offset += (end - pos) as u64;
                    pos = end;
                    ctx.charge(cfg.re.take_steps() / 256)?;
                }
            }
        }
        // Next line.
        let line: Vec<u8> = loop {
            if let Some(i) = memchr::memchr(cfg.delim, &buf[pos..]) {
                let l = buf[pos..pos + i].to_vec();
                pos += i + 1;
                break l;
            }
            if eof {
                if pos < buf.len() {
                    let l = buf[pos..].to_vec();
                    pos = buf.len();
                    break l;
                }
                done = true;
                break Vec::new();
            }
            if pos > 0 {
                buf.drain(..pos);
                pos = 0;
            }
            match ctx.sys.read(&file, 65536).await {
                Ok(c) if c.is_empty() => eof = true,
                Ok(c) => {
                    ctx.charge_bytes(c.len())?;
                    if first
                        && cfg.binary != Binary::Text
                        && cfg.delim == b'\n'
                        && c.iter().take(32768).any(|&b| b == 0)
                    {
                        binary = true;
                    }
                    first = false;
                    buf.extend_from_slice(&c);
                }
                Err(e) => {
                    let e = opts::interrupted(e)?;
                    if !cfg.no_messages {
                        st.out.flush(ctx).await?;
                        ctx.diag(format!(
                            "{}: {}",
                            String::from_utf8_lossy(name),
                            e.message()
                        ))
                        .await?;
                    }
                    st.error = true;
                    eof = true;
                }
            }
        };
        if done {
            break;
        }
        lineno += 1;
        let line_off = offset;
        offset += line.len() as u64 + 1;
        ctx.charge(1)?;
        let m = match cfg.re.is_match(&line) {
            Ok(m) => m,
            Err(e) => return too_complex(ctx, st, e).await,
        };
        ctx.charge(cfg.re.take_steps() / 256)?;
        if skipping {
            false_candidates = if m { 0 } else { false_candidates + 1 };
            if false_candidates > 64 {
                skipping = false;
            }
        }
        let selected = m != cfg.invert;
        if !selected {
            if pending_after > 0 && !binary {
                pending_after -= 1;
                emit_line(
                    ctx,
                    cfg,
                    st,
                    name,
                    lineno,
                    line_off,
                    &line,
                    b'-',
                    &mut last_printed,
                )
                .await?;
            } else if cfg.before > 0 {
                before_buf.push_back((lineno, line_off, line));
                if before_buf.len() as u64 > cfg.before {
                    before_buf.pop_front();
                }
            }
            continue;
        }
        if cfg.max.is_some_and(|m| count >= m) {
            break;
        }
        count += 1;
        st.matched = true;
        if cfg.quiet {
            return Ok(true);
        }
        if cfg.list || cfg.list_without {
            break;
        }
        if binary && cfg.binary == Binary::WithoutMatch {
            count = 0;
            st.matched = false;
            break;
        }
        if cfg.count {
            continue;
        }
        if !binary
            && cfg.binary == Binary::Binary
            && (line.contains(&0) || (cfg.utf8 && !valid_utf8(&line)))
        {
            binary = true;
        }
        if binary {
            binary_matched = true;
            break;
        }
        for (n, off, l) in std::mem::take(&mut before_buf) {
            emit_line(ctx, cfg, st, name, n, off, &l, b'-', &mut last_printed).await?;
        }
        if cfg.only {
            if !cfg.invert {
                let mut at = 0;
                while at <= line.len() {
                    let caps = match cfg.re.find_at(&line, at) {
                        Ok(c) => c,
                        Err(e) => return too_complex(ctx, st, e).await,
                    };
                    ctx.charge(cfg.re.take_steps() / 256)?;
                    let Some(caps) = caps else { break };
                    let (s, e) = caps[0].unwrap();
                    if e == s {
                        at = e + 1;
                        continue;
                    }
                    prefix(cfg, st, name, lineno, line_off + s as u64, b':');
                    st.out.push(&line[s..e]);
                    st.out.buf.push(cfg.delim);
                    at = e;
                }
            }
        } else {
            emit_line(
                ctx,
                cfg,
                st,
                name,
                lineno,
                line_off,
                &line,
                b':',
                &mut last_printed,
            )
            .await?;
        }
        pending_after = cfg.after;
        st.out.maybe_flush(ctx).await?;
        if cfg.max.is_some_and(|m| count >= m) && pending_after == 0 {
            break;
        }
        let _ = last_printed;
    }
    if cfg.count {
        if cfg.with_name {
            st.out.push(name);
            st.out.push(if cfg.null { b"\0" } else { b":" });
        }
        st.out.push(format!("{count}\n").as_bytes());
    }
    if (cfg.list && count > 0) || (cfg.list_without && count == 0) {
        st.out.push(name);
        st.out.push(if cfg.null { b"\0" } else { b"\n" });
    }
    if binary_matched {
        st.out.flush(ctx).await?;
        ctx.diag(format!(
            "{}: binary file matches",
            String::from_utf8_lossy(name)
        ))
        .await?;
    }
    st.out.maybe_flush(ctx).await?;
    Ok(false)
}

async fn too_complex(ctx: &CommandCtx, st: &mut State, e: ReError) -> Result<bool, Interrupt> {
    st.out.flush(ctx).await?;
    ctx.diag(e.message()).await?;
    st.error = true;
    st.matched = false;
    Ok(true)
}

fn prefix(cfg: &Cfg, st: &mut State, name: &[u8], lineno: u64, off: u64, sep: u8) {
    if cfg.with_name {
        st.out.push(name);
        st.out.buf.push(if cfg.null { 0 } else { sep });
    }
    if cfg.number {
        st.out.push(lineno.to_string().as_bytes());
        st.out.buf.push(sep);
    }
    if cfg.byte_offset {
        st.out.push(off.to_string().as_bytes());
        st.out.buf.push(sep);
    }
}

#[allow(clippy::too_many_arguments)]
async fn emit_line(
    ctx: &CommandCtx,
    cfg: &Cfg,
    st: &mut State,
    name: &[u8],
    lineno: u64,
    off: u64,
    line: &[u8],
    sep: u8,
    last: &mut Option<u64>,
) -> Result<(), Interrupt> {
    if cfg.context {
        let adjacent = last.is_some_and(|l| l + 1 == lineno);
        if st.printed_any && !adjacent {
            st.out.push(b"--\n");
        }
        st.printed_any = true;
        *last = Some(lineno);
    }
    prefix(cfg, st, name, lineno, off, sep);
    st.out.push(line);
    st.out.buf.push(cfg.delim);
    st.out.maybe_flush(ctx).await
}

async fn grep_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    main(ctx, b'G').await
}
async fn egrep_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    main(ctx, b'E').await
}
async fn fgrep_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    main(ctx, b'F').await
}

crate::command_fn!(run_grep, grep_main);
crate::command_fn!(run_egrep, egrep_main);
crate::command_fn!(run_fgrep, fgrep_main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn g(args: &[&str], stdin: &str) -> (i32, String, String) {
        let mut v = vec!["grep"];
        v.extend_from_slice(args);
        text(run_files(
            &v,
            stdin.as_bytes(),
            &[
                ("f1", b"a\nb\n"),
                ("bin", b"a\0b\n"),
                ("d/x.txt", b"hello\n"),
                ("d/y.c", b"hello c\n"),
                ("d/sub/z.txt", b"hello z\n"),
            ],
        ))
    }

    #[test]
    fn basics() {
        assert_eq!(
            g(&["a"], "abc\nxyz\nbar\n"),
            (0, "abc\nbar\n".into(), String::new())
        );
        assert_eq!(
            g(&["-v", "a"], "abc\nxyz\n"),
            (0, "xyz\n".into(), String::new())
        );
        assert_eq!(g(&["-c", "a"], "abc\nxyz\nbar\n").1, "2\n");
        assert_eq!(g(&["-n", "-i", "A"], "abc\nxyz\nbar\n").1, "1:abc\n3:bar\n");
        assert_eq!(g(&["q"], "abc\n").0, 1);
        assert_eq!(g(&["-x", "ab"], "ab\nabc\n").1, "ab\n");
        assert_eq!(g(&["-w", "ab"], "ab c\nabc\n-ab-\n").1, "ab c\n-ab-\n");
        assert_eq!(g(&["-o", "-E", "[0-9]+"], "a12b345\n").1, "12\n345\n");
        assert_eq!(g(&["-ob", "b"], "ab\nb\n").1, "1:b\n3:b\n");
        assert_eq!(g(&["-e", "x", "-e", "b"], "a\nb\nx\n").1, "b\nx\n");
        assert_eq!(g(&["-F", "a.c"], "abc\na.c\n").1, "a.c\n");
        assert_eq!(g(&["-E", "a|b"], "a\nb\nc\n").1, "a\nb\n");
        assert_eq!(g(&["\\(a\\)\\1"], "aa\nab\n").1, "aa\n");
        assert_eq!(g(&["-m1", "a"], "a1\na2\n").1, "a1\n");
    }

    #[test]
    fn context() {
        assert_eq!(
            g(&["-n", "-C1", "x"], "a\nx\nb\nc\nd\nx\n\n").1,
            "1-a\n2:x\n3-b\n--\n5-d\n6:x\n7-\n"
        );
        assert_eq!(g(&["-A1", "x"], "x\ny\nx\nz\n").1, "x\ny\nx\nz\n");
        assert_eq!(g(&["-1", "x"], "a\nb\nx\n").1, "b\nx\n");
    }

    #[test]
    fn files_and_errors() {
        assert_eq!(
            g(&["a", "f1", "bin", "nonexist"], ""),
            (
                2,
                "f1:a\n".into(),
                "grep: bin: binary file matches\ngrep: nonexist: No such file or directory\n"
                    .into()
            )
        );
        assert_eq!(g(&["-c", "a", "f1", "bin"], "").1, "f1:1\nbin:1\n");
        assert_eq!(g(&["-l", "a", "f1", "bin", "-"], "zz\n").1, "f1\nbin\n");
        assert_eq!(g(&["-L", "a", "f1", "-"], "zz\n").1, "(standard input)\n");
        // Listing names wins over counting, whichever comes first.
        assert_eq!(g(&["-lc", "a", "f1", "-"], "zz\n").1, "f1\n");
        assert_eq!(
            g(&["-c", "-L", "a", "f1", "-"], "zz\n").1,
            "(standard input)\n"
        );
        assert_eq!(g(&["-q", "a", "nonexist", "f1"], "").0, 0);
        assert_eq!(
            g(&["-s", "a", "nonexist"], ""),
            (2, String::new(), String::new())
        );
        assert_eq!(g(&["-H", "a"], "a\n").1, "(standard input):a\n");
        assert_eq!(
            g(&["a", "d"], ""),
            (2, String::new(), "grep: d: Is a directory\n".into())
        );
        assert_eq!(
            g(&["-r", "hello", "d"], "").1,
            "d/sub/z.txt:hello z\nd/x.txt:hello\nd/y.c:hello c\n"
        );
        assert_eq!(
            g(&["-r", "--include=*.txt", "hello", "d"], "").1,
            "d/sub/z.txt:hello z\nd/x.txt:hello\n"
        );
        assert_eq!(
            g(&["-r", "--exclude-dir=sub", "-l", "hello", "d"], "").1,
            "d/x.txt\nd/y.c\n"
        );
    }

    #[test]
    fn usage_errors() {
        assert_eq!(g(&["-k", "x"], ""), (2, String::new(), "grep: invalid option -- 'k'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n".into()));
        assert_eq!(
            g(&["-A", "x", "a"], "").2,
            "grep: x: invalid context length argument\n"
        );
        assert_eq!(g(&["\\("], "").2, "grep: Unmatched ( or \\(\n");
        assert_eq!(
            g(&["-E", "*a"], "a\n"),
            (
                0,
                "a\n".into(),
                "grep: warning: * at start of expression\n".into()
            )
        );
    }

    #[test]
    fn bulk_skipping_keeps_line_numbers_and_offsets() {
        // Over several 64 KiB reads, with matches near chunk ends and candidates that span
        // lines (`a.*z` in a buffer can join an `a` line to a later `z` line).
        let mut input = String::new();
        let mut want_n = String::new();
        let mut want_b = String::new();
        let mut off = 0;
        for i in 1..=30_000 {
            let line = match i % 997 {
                0 => format!("row {i} a-to-z"),
                5 => format!("row {i} a only"),
                7 => format!("row {i} z only"),
                _ => format!("row {i} filler filler"),
            };
            if i % 997 == 0 {
                want_n.push_str(&format!("{i}:{line}\n"));
                want_b.push_str(&format!("{off}:{line}\n"));
            }
            off += line.len() + 1;
            input.push_str(&line);
            input.push('\n');
        }
        assert_eq!(g(&["-n", "a.*z"], &input), (0, want_n, String::new()));
        assert_eq!(g(&["-b", "a.*z"], &input), (0, want_b, String::new()));
        assert_eq!(g(&["-c", "^row 2999[0-9] "], &input).1, "10\n");
        assert_eq!(
            g(&["-c", "nothing"], &input),
            (1, "0\n".into(), String::new())
        );
    }
}
