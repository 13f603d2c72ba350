//! `diff`: compare files line by line, GNU diffutils' formats — normal (the default), unified
//! (`-u`, `-U N`), context (`-c`, `-C N`) and brief (`-q`) — with `-r`, `-N`, `-s`, `-i`, `-w`,
//! `-b`, `-B`, `-a`, `--label`, side by side (`-y`, `-W N`, `--left-column`,
//! `--suppress-common-lines`; `side.rs`) and `-t`/`--tabsize=N`. Exit status 0 same, 1
//! different, 2 trouble.

mod algo;
mod side;

use super::opts::{self, flag, optional, req, OptDef, Out, Parser};
use crate::clock::calendar;
use crate::limits::cost;
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::vfs::{path, FileType};
use std::collections::HashMap;

pub fn register(r: &mut super::Registry) {
    r.register(
        "diff",
        Trust::Real,
        "compare files line by line",
        "-u -U N -c -C N -y -W N -q -s -r -N -i -w -b -B -a -t --label --brief --unified[=N] --context[=N] --normal --side-by-side --width=N --left-column --suppress-common-lines --expand-tabs --tabsize=N --new-file --recursive --report-identical-files --ignore-case --ignore-all-space --ignore-space-change --ignore-blank-lines --text (no -e -f -n -D -T -l -p -F -x -X -S -d -E -Z -I --from-file --to-file --color --line-format --GTYPE-group-format --no-dereference --strip-trailing-cr --speed-large-files)",
        run,
    );
}

const LABEL: u8 = 0x80;
const UNIFIED: u8 = 0x81;
const CONTEXT: u8 = 0x82;
const NORMAL: u8 = 0x83;
const LEFT_COLUMN: u8 = 0x84;
const SUPPRESS_COMMON: u8 = 0x85;
const TABSIZE: u8 = 0x86;
const DEFS: &[OptDef] = &[
    flag(b'u', ""),
    req(b'U', ""),
    optional(UNIFIED, "unified"),
    flag(b'c', ""),
    req(b'C', ""),
    optional(CONTEXT, "context"),
    flag(NORMAL, "normal"),
    flag(b'y', "side-by-side"),
    req(b'W', "width"),
    flag(LEFT_COLUMN, "left-column"),
    flag(SUPPRESS_COMMON, "suppress-common-lines"),
    flag(b't', "expand-tabs"),
    req(TABSIZE, "tabsize"),
    flag(b'q', "brief"),
    flag(b's', "report-identical-files"),
    flag(b'r', "recursive"),
    flag(b'N', "new-file"),
    flag(b'i', "ignore-case"),
    flag(b'w', "ignore-all-space"),
    flag(b'b', "ignore-space-change"),
    flag(b'B', "ignore-blank-lines"),
    flag(b'a', "text"),
    req(LABEL, "label"),
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Normal,
    Unified(usize),
    Context(usize),
    Side,
}

struct Opts {
    format: Format,
    brief: bool,
    report_same: bool,
    recursive: bool,
    new_file: bool,
    icase: bool,
    all_space: bool,
    space_change: bool,
    blank_lines: bool,
    text: bool,
    labels: Vec<Vec<u8>>,
    /// `-t`: tabs in output lines become spaces.
    expand_tabs: bool,
    tab: u64,
    width: u64,
    left_column: bool,
    suppress_common: bool,
    utf8: bool,
}

/// One side of a comparison: its name as printed, its contents and its time.
struct Side {
    name: Vec<u8>,
    data: Option<Vec<u8>>,
    mtime_ns: u64,
}

fn lines(data: &[u8]) -> Vec<&[u8]> {
    if data.is_empty() {
        return Vec::new();
    }
    let mut v: Vec<&[u8]> = data.split_inclusive(|&b| b == b'\n').collect();
    if v.last().is_some_and(|l| l.is_empty()) {
        v.pop();
    }
    v
}

fn key(line: &[u8], o: &Opts) -> Vec<u8> {
    let body = line.strip_suffix(b"\n").unwrap_or(line);
    let mut k: Vec<u8> = if o.all_space {
        body.iter()
            .copied()
            .filter(|b| !b.is_ascii_whitespace())
            .collect()
    } else if o.space_change {
        let mut out = Vec::with_capacity(body.len());
        let mut in_space = false;
        for &b in body {
            if b == b' ' || b == b'\t' || b == b'\r' || b == 0x0b || b == 0x0c {
                in_space = true;
            } else {
                if in_space && !out.is_empty() {
                    out.push(b' ');
                }
                in_space = false;
                out.push(b);
            }
        }
        out
    } else {
        body.to_vec()
    };
    if o.icase {
        k.make_ascii_lowercase();
    }
    k
}

fn stamp(ns: u64) -> String {
    let t = calendar::tm((ns / 1_000_000_000) as i64, (ns % 1_000_000_000) as u32);
    String::from_utf8_lossy(&calendar::strftime(b"%Y-%m-%d %H:%M:%S.%N %z", &t)).into_owned()
}

/// `a,b` or `a` (GNU's range notation; `b` is the last line, 1-based).
fn range(first: usize, last: usize) -> String {
    if last > first {
        format!("{first},{last}")
    } else {
        format!("{last}")
    }
}

/// A run of changes: lines `a0..a1` of the first file replaced by `b0..b1` of the second.
#[derive(Clone, Copy)]
struct Hunk {
    a0: usize,
    a1: usize,
    b0: usize,
    b1: usize,
}

fn hunks(ca: &[bool], cb: &[bool]) -> Vec<Hunk> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < ca.len() || j < cb.len() {
        if i < ca.len() && j < cb.len() && !ca[i] && !cb[j] {
            i += 1;
            j += 1;
            continue;
        }
        let (a0, b0) = (i, j);
        while i < ca.len() && ca[i] {
            i += 1;
        }
        while j < cb.len() && cb[j] {
            j += 1;
        }
        if (a0, b0) == (i, j) {
            // Only possible at the very end of one file.
            i += usize::from(i < ca.len());
            j += usize::from(j < cb.len());
            continue;
        }
        out.push(Hunk {
            a0,
            a1: i,
            b0,
            b1: j,
        });
    }
    out
}

/// `-t`'s tab stops for output lines, and whether the line's flag is printed again after a
/// carriage return (GNU does for the normal and context formats, not unified).
#[derive(Clone, Copy)]
struct Tabs {
    expand: Option<u64>,
    reflag: bool,
}

fn push_line(out: &mut Vec<u8>, prefix: &[u8], line: &[u8], t: Tabs) {
    out.extend_from_slice(prefix);
    let body = line.strip_suffix(b"\n").unwrap_or(line);
    match t.expand {
        Some(tab) => side::expand_tabs(body, tab, t.reflag.then_some(prefix), out),
        None => out.extend_from_slice(body),
    }
    out.push(b'\n');
    if !line.ends_with(b"\n") {
        out.extend_from_slice(b"\\ No newline at end of file\n");
    }
}

fn normal(a: &[&[u8]], b: &[&[u8]], hs: &[Hunk], t: Tabs, out: &mut Vec<u8>) {
    for h in hs {
        let cmd = if h.a0 == h.a1 {
            format!("{}a{}\n", h.a0, range(h.b0 + 1, h.b1))
        } else if h.b0 == h.b1 {
            format!("{}d{}\n", range(h.a0 + 1, h.a1), h.b0)
        } else {
            format!("{}c{}\n", range(h.a0 + 1, h.a1), range(h.b0 + 1, h.b1))
        };
        out.extend_from_slice(cmd.as_bytes());
        for l in &a[h.a0..h.a1] {
            push_line(out, b"< ", l, t);
        }
        if h.a0 != h.a1 && h.b0 != h.b1 {
            out.extend_from_slice(b"---\n");
        }
        for l in &b[h.b0..h.b1] {
            push_line(out, b"> ", l, t);
        }
    }
}

/// Groups hunks whose context would touch or overlap.
fn groups(hs: &[Hunk], ctx_lines: usize) -> Vec<Vec<Hunk>> {
    let mut out: Vec<Vec<Hunk>> = Vec::new();
    for h in hs {
        match out.last_mut() {
            Some(g) if h.a0 - g.last().map_or(0, |l| l.a1) <= 2 * ctx_lines => g.push(*h),
            _ => out.push(vec![*h]),
        }
    }
    out
}

fn unified(a: &[&[u8]], b: &[&[u8]], hs: &[Hunk], n: usize, t: Tabs, out: &mut Vec<u8>) {
    for g in groups(hs, n) {
        let (first, last) = (g[0], g[g.len() - 1]);
        let a_start = first.a0.saturating_sub(n);
        let a_end = (last.a1 + n).min(a.len());
        let b_start = first.b0.saturating_sub(n);
        let b_end = (last.b1 + n).min(b.len());
        let span = |start: usize, end: usize| {
            let len = end - start;
            match len {
                0 => format!("{start},0"),
                1 => format!("{}", start + 1),
                _ => format!("{},{len}", start + 1),
            }
        };
        out.extend_from_slice(
            format!(
                "@@ -{} +{} @@\n",
                span(a_start, a_end),
                span(b_start, b_end)
            )
            .as_bytes(),
        );
        let mut i = a_start;
        for h in &g {
            for l in &a[i..h.a0] {
                push_line(out, b" ", l, t);
            }
            for l in &a[h.a0..h.a1] {
                push_line(out, b"-", l, t);
            }
            for l in &b[h.b0..h.b1] {
                push_line(out, b"+", l, t);
            }
            i = h.a1;
        }
        for l in &a[i..a_end] {
            push_line(out, b" ", l, t);
        }
    }
}

fn context(a: &[&[u8]], b: &[&[u8]], hs: &[Hunk], n: usize, t: Tabs, out: &mut Vec<u8>) {
    for g in groups(hs, n) {
        let (first, last) = (g[0], g[g.len() - 1]);
        let a_start = first.a0.saturating_sub(n);
        let a_end = (last.a1 + n).min(a.len());
        let b_start = first.b0.saturating_sub(n);
        let b_end = (last.b1 + n).min(b.len());
        let span = |start: usize, end: usize| {
            if end <= start + 1 {
                format!("{}", end.max(start))
            } else {
                format!("{},{}", start + 1, end)
            }
        };
        out.extend_from_slice(b"***************\n");
        out.extend_from_slice(format!("*** {} ****\n", span(a_start, a_end)).as_bytes());
        // The old side: its ranges of each hunk, `-` where the new side has nothing.
        let old: Vec<(usize, usize, bool)> = g.iter().map(|h| (h.a0, h.a1, h.b1 > h.b0)).collect();
        context_side(a, &old, (a_start, a_end), b"- ", t, out);
        out.extend_from_slice(format!("--- {} ----\n", span(b_start, b_end)).as_bytes());
        let new: Vec<(usize, usize, bool)> = g.iter().map(|h| (h.b0, h.b1, h.a1 > h.a0)).collect();
        context_side(b, &new, (b_start, b_end), b"+ ", t, out);
    }
}

/// One side of a context hunk: `ranges` are (first, end, the other side changed too) for each
/// change; lines that change on both sides are marked `! `, one-sided ones `alone`. Printed
/// only when the side has changed lines at all.
fn context_side(
    lines: &[&[u8]],
    ranges: &[(usize, usize, bool)],
    (start, end): (usize, usize),
    alone: &[u8],
    t: Tabs,
    out: &mut Vec<u8>,
) {
    if !ranges.iter().any(|r| r.1 > r.0) {
        return;
    }
    let mut i = start;
    for &(r0, r1, both) in ranges {
        for l in &lines[i..r0] {
            push_line(out, b"  ", l, t);
        }
        let mark: &[u8] = if both { b"! " } else { alone };
        for l in &lines[r0..r1] {
            push_line(out, mark, l, t);
        }
        i = r1;
    }
    for l in &lines[i..end] {
        push_line(out, b"  ", l, t);
    }
}

/// `-s`: say that two files are identical. Returns "not different".
async fn report_same(ctx: &CommandCtx, o: &Opts, x: &Side, y: &Side) -> Result<bool, Interrupt> {
    if o.report_same {
        let (nx, ny) = (
            String::from_utf8_lossy(&x.name),
            String::from_utf8_lossy(&y.name),
        );
        ctx.out(format!("Files {nx} and {ny} are identical\n").as_bytes())
            .await?;
    }
    Ok(false)
}

/// Compares two files' contents; writes the difference; `Ok(true)` when they differ.
async fn compare(
    ctx: &CommandCtx,
    o: &Opts,
    x: &Side,
    y: &Side,
    header: Option<&[u8]>,
) -> Result<bool, Interrupt> {
    let (da, db) = (
        x.data.as_deref().unwrap_or(b""),
        y.data.as_deref().unwrap_or(b""),
    );
    ctx.charge_bytes(da.len() + db.len())?;
    // Side by side shows identical files too, unless common lines are suppressed.
    let sdiff_all = o.format == Format::Side && !o.suppress_common && !o.brief;
    if da == db && !o.blank_lines && !sdiff_all {
        return report_same(ctx, o, x, y).await;
    }
    let binary = !o.text
        && (da[..da.len().min(32768)].contains(&0) || db[..db.len().min(32768)].contains(&0));
    let (la, lb) = (lines(da), lines(db));
    // Lines are compared through small integers: equal keys, equal classes.
    let mut classes: HashMap<Vec<u8>, u64> = HashMap::new();
    let mut class = |l: &[u8]| -> u64 {
        let k = key(l, o);
        let next = classes.len() as u64;
        // The class of a last line without a newline differs from the same text with one.
        let k = if l.ends_with(b"\n") || o.all_space || o.space_change {
            k
        } else {
            [k, vec![0xff, 0xfe]].concat()
        };
        *classes.entry(k).or_insert(next)
    };
    let ea: Vec<u64> = la.iter().map(|l| class(l)).collect();
    let eb: Vec<u64> = lb.iter().map(|l| class(l)).collect();
    ctx.charge(cost::LINE * (ea.len() + eb.len()) as u64)?;
    let mut charge = |u: u64| ctx.charge(u);
    let (ca, cb) = algo::changes(&ea, &eb, &mut charge)?;
    let mut hs = hunks(&ca, &cb);
    if o.blank_lines {
        hs.retain(|h| {
            !(la[h.a0..h.a1].iter().all(|l| l.trim_ascii().is_empty())
                && lb[h.b0..h.b1].iter().all(|l| l.trim_ascii().is_empty()))
        });
    }
    if hs.is_empty() && (binary || !sdiff_all) {
        return report_same(ctx, o, x, y).await;
    }
    let (nx, ny) = (
        String::from_utf8_lossy(&x.name).into_owned(),
        String::from_utf8_lossy(&y.name).into_owned(),
    );
    if o.brief {
        ctx.out(format!("Files {nx} and {ny} differ\n").as_bytes())
            .await?;
        return Ok(true);
    }
    let mut out = Out::new();
    if let Some(h) = header {
        out.push(h);
    }
    if binary {
        out.push(format!("Binary files {nx} and {ny} differ\n").as_bytes());
        out.flush(ctx).await?;
        return Ok(true);
    }
    let label = |k: usize, side: &Side| -> String {
        match o.labels.get(k) {
            Some(l) => String::from_utf8_lossy(l).into_owned(),
            None => format!(
                "{}\t{}",
                String::from_utf8_lossy(&side.name),
                stamp(side.mtime_ns)
            ),
        }
    };
    let mut text = Vec::new();
    let t = Tabs {
        expand: o.expand_tabs.then_some(o.tab),
        reflag: true,
    };
    match o.format {
        Format::Normal => normal(&la, &lb, &hs, t, &mut text),
        Format::Side => {
            let style = side::Style {
                layout: side::Layout::new(o.width, o.tab, o.expand_tabs),
                suppress_common: o.suppress_common,
                left_column: o.left_column,
                utf8: o.utf8,
            };
            // The gaps between columns are metered and reserved before they are built.
            let mut reserved = 0u64;
            let mut grow = |n: u64| {
                ctx.charge_bytes(usize::try_from(n).unwrap_or(usize::MAX))?;
                ctx.reserve(n)?;
                reserved += n;
                Ok(())
            };
            let r = side::render(&la, &lb, &hs, &style, &mut grow, &mut text);
            ctx.release(reserved);
            r?;
            out.push(&text);
            out.flush(ctx).await?;
            if hs.is_empty() {
                return report_same(ctx, o, x, y).await;
            }
            return Ok(true);
        }
        Format::Unified(n) => {
            text.extend_from_slice(
                format!("--- {}\n+++ {}\n", label(0, x), label(1, y)).as_bytes(),
            );
            let t = Tabs { reflag: false, ..t };
            unified(&la, &lb, &hs, n, t, &mut text);
        }
        Format::Context(n) => {
            text.extend_from_slice(
                format!("*** {}\n--- {}\n", label(0, x), label(1, y)).as_bytes(),
            );
            context(&la, &lb, &hs, n, t, &mut text);
        }
    }
    out.push(&text);
    out.flush(ctx).await?;
    Ok(true)
}

async fn read_side(
    ctx: &CommandCtx,
    name: &[u8],
    abs: &[u8],
    missing_ok: bool,
) -> Result<Result<Side, ()>, Interrupt> {
    if name == b"-" {
        let data = ctx.read_all_input(b"-").await.unwrap_or_default();
        return Ok(Ok(Side {
            name: name.to_vec(),
            data: Some(data),
            mtime_ns: ctx.sys.clock.borrow().wall_ns(),
        }));
    }
    match ctx.read_all_input(name).await {
        Ok(d) => {
            ctx.reserve(d.len() as u64)?;
            // A pipe (`<(...)`, `/dev/fd/N`) has no file time: like a fresh pipe, it is now.
            // (The epoch would tell `patch` that the file does not exist.)
            let mtime_ns = ctx
                .stat(abs)
                .map(|s| s.mtime_ns)
                .unwrap_or_else(|_| ctx.sys.clock.borrow().wall_ns());
            Ok(Ok(Side {
                name: name.to_vec(),
                data: Some(d),
                mtime_ns,
            }))
        }
        Err(_) if missing_ok && ctx.stat(abs).is_err() => Ok(Ok(Side {
            name: name.to_vec(),
            data: None,
            mtime_ns: 0,
        })),
        Err(e) => {
            let e = opts::interrupted(e)?;
            ctx.diag_path(opts::quotef(ctx, name).as_bytes(), e).await?;
            Ok(Err(()))
        }
    }
}

/// Compares `a` and `b` (files or directories). Returns the worst status (0, 1 or 2).
fn compare_paths<'a>(
    ctx: &'a CommandCtx,
    o: &'a Opts,
    a: Vec<u8>,
    b: Vec<u8>,
    top: bool,
    in_tree: bool,
) -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<i32, Interrupt>> + 'a>> {
    Box::pin(async move {
        ctx.charge(cost::PATH_COMPONENT * 2)?;
        let (abs_a, abs_b) = (ctx.resolve(&a), ctx.resolve(&b));
        let is_dir = |p: &[u8], name: &[u8]| {
            name != b"-" && ctx.stat(p).is_ok_and(|s| s.file_type == FileType::Dir)
        };
        let (da, db) = (is_dir(&abs_a, &a), is_dir(&abs_b, &b));
        // `diff file dir` compares with dir/file.
        if da != db && top {
            let (file, dir, file_first) = if db {
                (a.clone(), b.clone(), true)
            } else {
                (b.clone(), a.clone(), false)
            };
            let inside = path::join(&dir, path::file_name(&file));
            return if file_first {
                compare_paths(ctx, o, file, inside, false, false).await
            } else {
                compare_paths(ctx, o, inside, file, false, false).await
            };
        }
        if da && db {
            let list = |p: &[u8]| {
                ctx.read_dir(p)
                    .map(|v| v.into_iter().map(|e| e.0).collect::<Vec<_>>())
                    .unwrap_or_default()
            };
            let (na, nb) = (list(&abs_a), list(&abs_b));
            let mut names: Vec<Vec<u8>> = na.iter().chain(nb.iter()).cloned().collect();
            names.sort();
            names.dedup();
            let mut status = 0;
            for name in names {
                let (pa, pb) = (path::join(&a, &name), path::join(&b, &name));
                let (in_a, in_b) = (na.contains(&name), nb.contains(&name));
                let in_both = in_a && in_b;
                if !in_both && !o.new_file {
                    let dir = if in_a { &a } else { &b };
                    ctx.out(
                        format!(
                            "Only in {}: {}\n",
                            String::from_utf8_lossy(dir),
                            String::from_utf8_lossy(&name)
                        )
                        .as_bytes(),
                    )
                    .await?;
                    status = status.max(1);
                    continue;
                }
                let sub_a = in_a
                    && ctx
                        .stat(&ctx.resolve(&pa))
                        .is_ok_and(|s| s.file_type == FileType::Dir);
                let sub_b = in_b
                    && ctx
                        .stat(&ctx.resolve(&pb))
                        .is_ok_and(|s| s.file_type == FileType::Dir);
                if sub_a && sub_b {
                    if o.recursive {
                        status = status.max(compare_paths(ctx, o, pa, pb, false, true).await?);
                    } else {
                        ctx.out(
                            format!(
                                "Common subdirectories: {} and {}\n",
                                String::from_utf8_lossy(&pa),
                                String::from_utf8_lossy(&pb)
                            )
                            .as_bytes(),
                        )
                        .await?;
                    }
                    continue;
                }
                if sub_a != sub_b && in_a && in_b {
                    let (d, f) = if sub_a { (&pa, &pb) } else { (&pb, &pa) };
                    ctx.out(
                        format!(
                            "File {} is a directory while file {} is a regular file\n",
                            String::from_utf8_lossy(d),
                            String::from_utf8_lossy(f)
                        )
                        .as_bytes(),
                    )
                    .await?;
                    status = status.max(1);
                    continue;
                }
                status = status.max(compare_files(ctx, o, &pa, &pb, true).await?);
            }
            return Ok(status);
        }
        compare_files(ctx, o, &a, &b, in_tree).await
    })
}

async fn compare_files(
    ctx: &CommandCtx,
    o: &Opts,
    a: &[u8],
    b: &[u8],
    in_tree: bool,
) -> Result<i32, Interrupt> {
    let Ok(x) = read_side(ctx, a, &ctx.resolve(a), o.new_file).await? else {
        return Ok(2);
    };
    let Ok(y) = read_side(ctx, b, &ctx.resolve(b), o.new_file).await? else {
        return Ok(2);
    };
    let header = if in_tree && !o.brief {
        let mut h = b"diff".to_vec();
        for arg in ctx.args() {
            if arg.starts_with(b"-") && arg.len() > 1 {
                h.push(b' ');
                h.extend_from_slice(arg);
            }
        }
        h.push(b' ');
        h.extend_from_slice(a);
        h.push(b' ');
        h.extend_from_slice(b);
        h.push(b'\n');
        Some(h)
    } else {
        None
    };
    Ok(i32::from(compare(ctx, o, &x, &y, header.as_deref()).await?))
}

/// A `-W`/`--tabsize` value: a positive decimal (`strtoimax`: leading blanks and a sign
/// allowed, too large saturates).
fn positive(v: &[u8]) -> Option<u64> {
    let s = std::str::from_utf8(v).ok()?;
    let s = s.trim_start_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
    let digits = s.strip_prefix('+').unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n = digits
        .parse::<u64>()
        .unwrap_or(i64::MAX as u64)
        .min(i64::MAX as u64);
    (n > 0).then_some(n)
}

fn context_arg(v: Option<&[u8]>, default: usize) -> Result<usize, String> {
    match v {
        None | Some(b"") => Ok(default),
        Some(t) => std::str::from_utf8(t)
            .ok()
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("invalid context length '{}'", String::from_utf8_lossy(t))),
    }
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 2).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    // Two different output styles conflict; the context length is the largest one given.
    let mut style: Option<u8> = None;
    let mut lines = None::<usize>;
    let (mut width, mut tab) = (None::<u64>, None::<u64>);
    for (id, v) in &p.opts {
        let (kind, n) = match *id {
            b'u' => (b'u', Some(3)),
            b'c' => (b'c', Some(3)),
            b'U' | UNIFIED | b'C' | CONTEXT => match context_arg(v.as_deref(), 3) {
                Ok(n) => (
                    if matches!(*id, b'U' | UNIFIED) {
                        b'u'
                    } else {
                        b'c'
                    },
                    Some(n),
                ),
                Err(e) => return opts::usage(ctx, &e, 2).await,
            },
            NORMAL => (b'n', None),
            b'y' => (b'y', None),
            b'W' | TABSIZE => {
                let raw = v.as_deref().unwrap_or_default();
                let (name, slot) = if *id == b'W' {
                    ("width", &mut width)
                } else {
                    ("tabsize", &mut tab)
                };
                let Some(n) = positive(raw) else {
                    let e = format!("invalid {name} '{}'", String::from_utf8_lossy(raw));
                    return opts::usage(ctx, &e, 2).await;
                };
                if slot.is_some_and(|old| old != n) {
                    ctx.diag(format!("conflicting {name} options")).await?;
                    return Ok(2);
                }
                *slot = Some(n);
                continue;
            }
            _ => continue,
        };
        if style.is_some_and(|s| s != kind) {
            return opts::usage(ctx, "conflicting output style options", 2).await;
        }
        style = Some(kind);
        if let Some(n) = n {
            lines = Some(lines.map_or(n, |l: usize| l.max(n)));
        }
    }
    let format = match style {
        Some(b'u') => Format::Unified(lines.unwrap_or(3)),
        Some(b'c') => Format::Context(lines.unwrap_or(3)),
        Some(b'y') => Format::Side,
        _ => Format::Normal,
    };
    let o = Opts {
        format,
        brief: p.has(b'q'),
        report_same: p.has(b's'),
        recursive: p.has(b'r'),
        new_file: p.has(b'N'),
        icase: p.has(b'i'),
        all_space: p.has(b'w'),
        space_change: p.has(b'b'),
        blank_lines: p.has(b'B'),
        text: p.has(b'a'),
        labels: p
            .opts
            .iter()
            .filter(|(id, _)| *id == LABEL)
            .filter_map(|(_, v)| v.clone())
            .collect(),
        expand_tabs: p.has(b't'),
        tab: tab.unwrap_or(8),
        width: width.unwrap_or(130),
        left_column: p.has(LEFT_COLUMN),
        suppress_common: p.has(SUPPRESS_COMMON),
        utf8: opts::utf8_locale(ctx),
    };
    match p.operands.len() {
        0 => return opts::usage(ctx, "missing operand after 'diff'", 2).await,
        1 => {
            return opts::usage(
                ctx,
                &format!(
                    "missing operand after {}",
                    opts::quoteaf(ctx, &p.operands[0])
                ),
                2,
            )
            .await
        }
        2 => {}
        _ => {
            return opts::usage(
                ctx,
                &format!("extra operand {}", opts::quoteaf(ctx, &p.operands[2])),
                2,
            )
            .await
        }
    }
    if p.operands[0] == b"-" && p.operands[1] == b"-" {
        if o.format != Format::Side || o.suppress_common || o.brief {
            // The same input twice: identical, and GNU does not read it.
            return Ok(0);
        }
        // Side by side shows it, read once, beside itself.
        let data = ctx.read_all_input(b"-").await.unwrap_or_default();
        ctx.reserve(data.len() as u64)?;
        let side = |data| Side {
            name: b"-".to_vec(),
            data: Some(data),
            mtime_ns: 0,
        };
        let (x, y) = (side(data.clone()), side(data));
        let r = compare(ctx, &o, &x, &y, None).await;
        ctx.release(x.data.as_ref().map_or(0, |d| d.len() as u64));
        return Ok(i32::from(r?));
    }
    compare_paths(
        ctx,
        &o,
        p.operands[0].clone(),
        p.operands[1].clone(),
        true,
        false,
    )
    .await
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests;
