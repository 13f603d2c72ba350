//! `diff`: compare files line by line, GNU diffutils' formats — normal (the default), unified
//! (`-u`, `-U N`), context (`-c`, `-C N`), brief (`-q`), ed script (`-e`), RCS (`-n`) and
//! `#ifdef` merge (`-D NAME`) in `format.rs`, side by side (`-y`) in `side.rs` — with the
//! line matching options (`-i -w -b -Z -E -B -I RE --strip-trailing-cr`, `lines.rs`) and
//! directory comparison (`-r -N -x -X -S`, `tree.rs`). Exit status 0 same, 1 different,
//! 2 trouble.

mod algo;
mod format;
mod lines;
mod side;
mod tree;

use super::opts::{self, flag, optional, req, OptDef, Out, Parser};
use super::posix_re::{Flavor, Options as ReOptions, Regex, Wrap};
use crate::clock::calendar;
use crate::limits::{cost, ReservedBuf};
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::shell::pattern::{MatchOptions, Pattern};
use format::{Files, Hunk, Tabs};
use lines::{Ignore, Rules, Ws};
use std::collections::HashMap;

pub fn register(r: &mut super::Registry) {
    r.register(
        "diff",
        Trust::Real,
        "compare files line by line",
        "-u -U N -c -C N -e -n -D NAME -y -W N -q -s -r -N -x PAT -X FILE -S FILE -i -w -b -Z -E -B -I RE -p -F RE -a -t -T --label --brief --unified[=N] --context[=N] --normal --ed --rcs --ifdef=NAME --side-by-side --width=N --left-column --suppress-common-lines --show-c-function --show-function-line=RE --expand-tabs --initial-tab --tabsize=N --new-file --recursive --exclude=PAT --exclude-from=FILE --starting-file=FILE --from-file=FILE --to-file=FILE --report-identical-files --ignore-case --ignore-all-space --ignore-space-change --ignore-trailing-space --ignore-tab-expansion --ignore-blank-lines --ignore-matching-lines=RE --strip-trailing-cr --text --color=never|auto (no -f -l -d -P --color=always --palette --line-format --LTYPE-line-format --GTYPE-group-format --no-dereference --suppress-blank-empty --ignore-file-name-case --speed-large-files --horizon-lines --minimal)",
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
const STRIP_CR: u8 = 0x87;
const COLOR: u8 = 0x88;
const FROM_FILE: u8 = 0x89;
const TO_FILE: u8 = 0x8a;
const DEFS: &[OptDef] = &[
    flag(b'u', ""),
    req(b'U', ""),
    optional(UNIFIED, "unified"),
    flag(b'c', ""),
    req(b'C', ""),
    optional(CONTEXT, "context"),
    flag(NORMAL, "normal"),
    flag(b'e', "ed"),
    flag(b'n', "rcs"),
    req(b'D', "ifdef"),
    flag(b'y', "side-by-side"),
    req(b'W', "width"),
    flag(LEFT_COLUMN, "left-column"),
    flag(SUPPRESS_COMMON, "suppress-common-lines"),
    flag(b'p', "show-c-function"),
    req(b'F', "show-function-line"),
    flag(b't', "expand-tabs"),
    flag(b'T', "initial-tab"),
    req(TABSIZE, "tabsize"),
    flag(b'q', "brief"),
    flag(b's', "report-identical-files"),
    flag(b'r', "recursive"),
    flag(b'N', "new-file"),
    req(b'x', "exclude"),
    req(b'X', "exclude-from"),
    req(b'S', "starting-file"),
    req(FROM_FILE, "from-file"),
    req(TO_FILE, "to-file"),
    flag(b'i', "ignore-case"),
    flag(b'w', "ignore-all-space"),
    flag(b'b', "ignore-space-change"),
    flag(b'Z', "ignore-trailing-space"),
    flag(b'E', "ignore-tab-expansion"),
    flag(b'B', "ignore-blank-lines"),
    req(b'I', "ignore-matching-lines"),
    flag(STRIP_CR, "strip-trailing-cr"),
    flag(b'a', "text"),
    req(LABEL, "label"),
    optional(COLOR, "color"),
];

#[derive(Clone, PartialEq, Eq)]
enum Format {
    Normal,
    Unified(usize),
    Context(usize),
    Side,
    Ed,
    Rcs,
    Ifdef(Vec<u8>),
}

struct Opts {
    format: Format,
    brief: bool,
    report_same: bool,
    recursive: bool,
    new_file: bool,
    rules: Rules,
    blank_lines: bool,
    /// `-I`: changes whose lines all match are ignored.
    ignore_re: Option<Regex>,
    /// `-p`/`-F`: the function line shown in context hunk headers.
    function_re: Option<Regex>,
    strip_cr: bool,
    text: bool,
    labels: Vec<Vec<u8>>,
    /// `-t`: tabs in output lines become spaces.
    expand_tabs: bool,
    initial_tab: bool,
    width: u64,
    left_column: bool,
    suppress_common: bool,
    utf8: bool,
    /// `-x`/`-X`: directory entries left out.
    excludes: Vec<Pattern>,
    /// `-S`: top-level directory entries before this name are skipped.
    starting_file: Option<Vec<u8>>,
    /// The options as given, for the `diff ...` line before each pair in a tree.
    switches: Vec<u8>,
}

/// One side of a comparison: its name as printed, its contents and its time.
struct Side {
    name: Vec<u8>,
    /// The contents, holding their modeled memory (`None`: absent, for `-N`).
    data: Option<ReservedBuf>,
    mtime_ns: u64,
}

fn stamp(ns: u64) -> String {
    let t = calendar::tm((ns / 1_000_000_000) as i64, (ns % 1_000_000_000) as u32);
    String::from_utf8_lossy(&calendar::strftime(b"%Y-%m-%d %H:%M:%S.%N %z", &t)).into_owned()
}

/// `-s`: say that two files are identical. Returns the status for "not different".
async fn report_same(ctx: &CommandCtx, o: &Opts, x: &Side, y: &Side) -> Result<i32, Interrupt> {
    if o.report_same {
        let (nx, ny) = (
            String::from_utf8_lossy(&x.name),
            String::from_utf8_lossy(&y.name),
        );
        ctx.out(format!("Files {nx} and {ny} are identical\n").as_bytes())
            .await?;
    }
    Ok(0)
}

/// Compares two files' contents; writes the difference; returns 0 same, 1 different, 2 when
/// the ed format had to warn about a missing final newline.
async fn compare(
    ctx: &CommandCtx,
    o: &Opts,
    x: &Side,
    y: &Side,
    header: Option<&[u8]>,
) -> Result<i32, Interrupt> {
    let (mut da, mut db) = (
        x.data.as_deref().unwrap_or(b""),
        y.data.as_deref().unwrap_or(b""),
    );
    ctx.charge_bytes(da.len() + db.len())?;
    let binary = !o.text
        && (da[..da.len().min(32768)].contains(&0) || db[..db.len().min(32768)].contains(&0));
    let stripped;
    if o.strip_cr && !binary {
        stripped = (lines::strip_cr(da), lines::strip_cr(db));
        (da, db) = (&stripped.0, &stripped.1);
    }
    // Side by side and `-D` show identical files too (unless common lines are suppressed).
    let show_all = !o.brief
        && ((o.format == Format::Side && !o.suppress_common)
            || matches!(o.format, Format::Ifdef(_)));
    if da == db && !show_all {
        return report_same(ctx, o, x, y).await;
    }
    // The ed format cannot show a missing final newline: GNU warns (and fails) for each
    // input without one, once it reads the files' lines.
    let mut status = 0;
    if o.format == Format::Ed && !o.brief {
        for (k, side, data) in [(0, x, da), (1, y, db)] {
            if !data.is_empty() && !data.ends_with(b"\n") {
                let mut m = o.labels.get(k).unwrap_or(&side.name).clone();
                m.extend_from_slice(b": No newline at end of file\n");
                ctx.diag(m).await?;
                status = 2;
            }
        }
    }
    let (la, lb) = (lines::lines(da), lines::lines(db));
    // Lines are compared through small integers: equal keys, equal classes.
    let mut classes: HashMap<Vec<u8>, u64> = HashMap::new();
    // The ed format cannot tell a missing final newline; the others can, unless trailing
    // white space (or more) is ignored.
    let marks_last = o.format != Format::Ed && o.rules.ws < Ws::Trailing;
    let mut class = |l: &[u8]| -> u64 {
        let body = l.strip_suffix(b"\n").unwrap_or(l);
        let mut k = lines::key(body, o.rules);
        if !l.ends_with(b"\n") && marks_last {
            k.extend_from_slice(&[0xff, 0xfe, 0xff]);
        }
        let next = classes.len() as u64;
        *classes.entry(k).or_insert(next)
    };
    let ea: Vec<u64> = la.iter().map(|l| class(l)).collect();
    let eb: Vec<u64> = lb.iter().map(|l| class(l)).collect();
    ctx.charge(cost::LINE * (ea.len() + eb.len()) as u64)?;
    let mut charge = |u: u64| ctx.charge(u);
    let (ca, cb) = algo::changes(&ea, &eb, &mut charge)?;
    let hs = format::hunks(&ca, &cb);
    // `-B`/`-I`: a change whose lines may all be ignored.
    let ig = Ignore {
        blank_lines: o.blank_lines,
        re: o.ignore_re.as_ref(),
        ws: o.rules.ws,
    };
    let mut ignore = vec![false; hs.len()];
    if ig.active() {
        for (k, h) in hs.iter().enumerate() {
            let mut all = true;
            for l in la[h.a0..h.a1].iter().chain(&lb[h.b0..h.b1]) {
                if !ig.trivial(l) {
                    all = false;
                    break;
                }
            }
            ignore[k] = all;
            ctx.charge(
                (h.a1 - h.a0 + h.b1 - h.b0) as u64
                    + o.ignore_re.as_ref().map_or(0, |r| r.take_steps()),
            )?;
        }
    }
    let real: Vec<Hunk> = hs
        .iter()
        .zip(&ignore)
        .filter(|(_, &i)| !i)
        .map(|(h, _)| *h)
        .collect();
    if real.is_empty() && (binary || !show_all) {
        return Ok(status.max(report_same(ctx, o, x, y).await?));
    }
    let (nx, ny) = (
        String::from_utf8_lossy(&x.name).into_owned(),
        String::from_utf8_lossy(&y.name).into_owned(),
    );
    if o.brief {
        ctx.out(format!("Files {nx} and {ny} differ\n").as_bytes())
            .await?;
        return Ok(1);
    }
    let mut out = Out::new();
    if let Some(h) = header {
        out.push(h);
    }
    if binary {
        out.push(format!("Binary files {nx} and {ny} differ\n").as_bytes());
        out.flush(ctx).await?;
        return Ok(1);
    }
    let label = |k: usize, side: &Side| -> Vec<u8> {
        match o.labels.get(k) {
            Some(l) => l.clone(),
            None => {
                let mut v = tree::c_escape(&side.name);
                v.push(b'\t');
                v.extend_from_slice(stamp(side.mtime_ns).as_bytes());
                v
            }
        }
    };
    let mut text = Vec::new();
    let t = Tabs {
        expand: o.expand_tabs.then_some(o.rules.tab),
        reflag: true,
        initial: o.initial_tab,
    };
    let files = Files { a: &la, b: &lb };
    status = status.max(i32::from(!real.is_empty()));
    match &o.format {
        Format::Normal => format::normal(&files, &real, t, &mut text),
        Format::Ed => format::ed(&files, &real, t, &mut text),
        Format::Rcs => format::rcs(&files, &real, t, &mut text),
        Format::Ifdef(name) => format::ifdef(&files, &real, name, t, &mut text),
        Format::Side => {
            let style = side::Style {
                layout: side::Layout::new(o.width, o.rules.tab, o.expand_tabs),
                suppress_common: o.suppress_common,
                left_column: o.left_column,
                utf8: o.utf8,
            };
            // The gaps between columns are metered and reserved before they are built.
            let mut gaps = ctx.empty_reservation();
            let mut grow = |n: u64| {
                ctx.charge_bytes(usize::try_from(n).unwrap_or(usize::MAX))?;
                gaps.grow(n)?;
                Ok(())
            };
            side::render(&la, &lb, &real, &style, &mut grow, &mut text)?;
        }
        Format::Unified(n) | Format::Context(n) => {
            let unified = matches!(o.format, Format::Unified(_));
            let (l0, l1) = (label(0, x), label(1, y));
            let (m0, m1): (&[u8], &[u8]) = if unified {
                (b"--- ", b"+++ ")
            } else {
                (b"*** ", b"--- ")
            };
            for (m, l) in [(m0, l0), (m1, l1)] {
                text.extend_from_slice(m);
                text.extend_from_slice(&l);
                text.push(b'\n');
            }
            let mut c = format::Context {
                lines: *n,
                t,
                functions: o.function_re.as_ref().map(format::Functions::new),
                ignore: &ignore,
            };
            let mut charge = |u: u64| ctx.charge(u);
            if unified {
                format::unified(&files, &hs, &mut c, &mut text, &mut charge)?;
            } else {
                format::context(&files, &hs, &mut c, &mut text, &mut charge)?;
            }
        }
    }
    out.push(&text);
    out.flush(ctx).await?;
    if real.is_empty() {
        return Ok(status.max(report_same(ctx, o, x, y).await?));
    }
    Ok(status)
}

async fn read_side(
    ctx: &CommandCtx,
    name: &[u8],
    abs: &[u8],
    missing_ok: bool,
) -> Result<Result<Side, ()>, Interrupt> {
    if name == b"-" {
        let data = super::textio::slurp_quiet(ctx, b"-").await?;
        return Ok(Ok(Side {
            name: name.to_vec(),
            data: Some(data),
            mtime_ns: ctx.sys.clock.borrow().wall_ns(),
        }));
    }
    match ctx.read_all_input(name).await {
        Ok(d) => {
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

/// A `-F`/`-I` expression list: GNU joins the expressions with `\|` into one basic regular
/// expression (grep's syntax), matched anywhere in a line, case-sensitively even under `-i`.
fn regex_list(ctx: &CommandCtx, pats: &[Vec<u8>]) -> Result<Option<Regex>, String> {
    if pats.is_empty() {
        return Ok(None);
    }
    let o = ReOptions {
        flavor: Flavor::Basic,
        icase: false,
        multiline: false,
        sed_escapes: false,
        bytes: !opts::utf8_locale(ctx),
    };
    for p in pats {
        if let Err(e) = Regex::new(p, o) {
            return Err(format!("{}: {}", String::from_utf8_lossy(p), e.message()));
        }
    }
    Regex::new_multi(pats, o, false, Wrap::None)
        .map(Some)
        .map_err(|e| e.message().to_string())
}

/// `-X FILE`: one pattern a line; trailing white space is dropped and blank lines skipped
/// (gnulib's `add_exclude_file` with a newline separator).
fn exclude_lines(data: &[u8]) -> Vec<Vec<u8>> {
    data.split(|&b| b == b'\n')
        .map(|l| {
            let end = l
                .iter()
                .rposition(|&b| !lines::is_space(b))
                .map_or(0, |p| p + 1);
            l[..end].to_vec()
        })
        .filter(|l| !l.is_empty())
        .collect()
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
    let mut ws = Ws::None;
    let (mut ifdef, mut start, mut from_file, mut to_file) = (None, None, None, None);
    let (mut function_pats, mut ignore_pats) = (Vec::new(), Vec::new());
    let mut exclude_pats: Vec<Vec<u8>> = Vec::new();
    for (id, v) in &p.opts {
        let value = v.clone().unwrap_or_default();
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
            b'e' => (b'e', None),
            b'n' => (b'r', None),
            b'D' | b'S' | FROM_FILE | TO_FILE => {
                // GNU's `specify_value`: repeating one with another value is an error.
                let (slot, name) = match *id {
                    b'D' => (&mut ifdef, "-D"),
                    b'S' => (&mut start, "-S"),
                    FROM_FILE => (&mut from_file, "--from-file"),
                    _ => (&mut to_file, "--to-file"),
                };
                if slot.as_ref().is_some_and(|old| *old != value) {
                    let e = format!(
                        "conflicting {name} option value {}",
                        opts::quote(ctx, &value)
                    );
                    ctx.diag(e).await?;
                    ctx.err(b"diff: Try 'diff --help' for more information.\n")
                        .await?;
                    return Ok(2);
                }
                *slot = Some(value);
                if *id != b'D' {
                    continue;
                }
                (b'D', None)
            }
            b'W' | TABSIZE => {
                let (name, slot) = if *id == b'W' {
                    ("width", &mut width)
                } else {
                    ("tabsize", &mut tab)
                };
                let Some(n) = positive(&value) else {
                    let e = format!("invalid {name} '{}'", String::from_utf8_lossy(&value));
                    return opts::usage(ctx, &e, 2).await;
                };
                if slot.is_some_and(|old| old != n) {
                    ctx.diag(format!("conflicting {name} options")).await?;
                    return Ok(2);
                }
                *slot = Some(n);
                continue;
            }
            b'w' | b'b' | b'Z' | b'E' => {
                ws = ws.with(*id);
                continue;
            }
            b'p' => {
                function_pats.push(b"^[[:alpha:]$_]".to_vec());
                continue;
            }
            b'F' => {
                function_pats.push(value);
                continue;
            }
            b'I' => {
                ignore_pats.push(value);
                continue;
            }
            b'x' => {
                exclude_pats.push(value);
                continue;
            }
            b'X' => {
                match ctx.read_all_input(&value).await {
                    Ok(d) => {
                        ctx.charge_bytes(d.len())?;
                        exclude_pats.extend(exclude_lines(&d));
                    }
                    Err(e) => {
                        let e = opts::interrupted(e)?;
                        ctx.diag_path(opts::quotef(ctx, &value).as_bytes(), e)
                            .await?;
                        return Ok(2);
                    }
                }
                continue;
            }
            COLOR => {
                match v.as_deref() {
                    // Output is never a terminal here, so `auto` never colors.
                    None | Some(b"never") | Some(b"auto") => {}
                    Some(b"always") => {
                        ctx.mark_partial("diff --color=always is not supported");
                        ctx.diag("--color=always is not supported by this simulator")
                            .await?;
                        return Ok(2);
                    }
                    Some(other) => {
                        let e = format!("invalid color {}", opts::quote(ctx, other));
                        return opts::usage(ctx, &e, 2).await;
                    }
                }
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
    let icase = p.has(b'i');
    let function_re = match regex_list(ctx, &function_pats) {
        Ok(r) => r,
        Err(e) => {
            ctx.diag(e).await?;
            return Ok(2);
        }
    };
    let ignore_re = match regex_list(ctx, &ignore_pats) {
        Ok(r) => r,
        Err(e) => {
            ctx.diag(e).await?;
            return Ok(2);
        }
    };
    let format = match style {
        Some(b'u') => Format::Unified(lines.unwrap_or(3)),
        Some(b'c') => Format::Context(lines.unwrap_or(3)),
        Some(b'y') => Format::Side,
        Some(b'e') => Format::Ed,
        Some(b'r') => Format::Rcs,
        Some(b'D') => Format::Ifdef(ifdef.unwrap_or_default()),
        // `-p` alone asks for the context format.
        None if p.has(b'p') => Format::Context(3),
        _ => Format::Normal,
    };
    let utf8 = opts::utf8_locale(ctx);
    let o = Opts {
        format,
        brief: p.has(b'q'),
        report_same: p.has(b's'),
        recursive: p.has(b'r'),
        new_file: p.has(b'N'),
        rules: Rules {
            ws,
            icase,
            tab: tab.unwrap_or(8),
        },
        blank_lines: p.has(b'B'),
        ignore_re,
        function_re,
        strip_cr: p.has(STRIP_CR),
        text: p.has(b'a'),
        labels: p
            .opts
            .iter()
            .filter(|(id, _)| *id == LABEL)
            .filter_map(|(_, v)| v.clone())
            .collect(),
        expand_tabs: p.has(b't'),
        initial_tab: p.has(b'T'),
        width: width.unwrap_or(130),
        left_column: p.has(LEFT_COLUMN),
        suppress_common: p.has(SUPPRESS_COMMON),
        utf8,
        excludes: exclude_pats
            .iter()
            .map(|x| {
                Pattern::compile(
                    x,
                    MatchOptions {
                        extglob: false,
                        nocase: false,
                        utf8,
                        pathname: false,
                        dotglob: true,
                    },
                )
            })
            .collect(),
        starting_file: start,
        switches: tree::switch_string(opts::Quoting::of(ctx), ctx.args(), DEFS),
    };
    // `--from-file`/`--to-file`: one side fixed, compared with every operand in turn.
    if from_file.is_some() && to_file.is_some() {
        ctx.diag("--from-file and --to-file both specified").await?;
        return Ok(2);
    }
    if let Some(fixed) = from_file.as_ref().or(to_file.as_ref()) {
        let mut status = 0;
        for operand in &p.operands {
            let (a, b) = if from_file.is_some() {
                (fixed.clone(), operand.clone())
            } else {
                (operand.clone(), fixed.clone())
            };
            status = status.max(tree::compare_paths(ctx, &o, a, b, true, false).await?);
        }
        return Ok(status);
    }
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
        let shows_same = (o.format == Format::Side && !o.suppress_common)
            || matches!(o.format, Format::Ifdef(_));
        if !shows_same || o.brief {
            // The same input twice: identical, and GNU does not read it.
            return Ok(0);
        }
        // Side by side and `-D` show it, read once, against itself.
        let data = super::textio::slurp_quiet(ctx, b"-").await?;
        let side = |data| Side {
            name: b"-".to_vec(),
            data: Some(data),
            mtime_ns: 0,
        };
        let copy = ReservedBuf::copy_from(&ctx.sys.meter, &data)?;
        let (x, y) = (side(copy), side(data));
        return compare(ctx, &o, &x, &y, None).await;
    }
    tree::compare_paths(
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
