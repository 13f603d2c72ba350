//! `diff`'s output formats from a list of hunks: normal, unified (`-u`), context (`-c`), ed
//! script (`-e`), RCS (`-n`) and `#ifdef` merge (`-D NAME`), with `-T`'s tab after the line
//! flag, `-t`'s tab expansion and `-p`/`-F`'s function line in the hunk headers.

use super::side;
use crate::commands::posix_re::Regex;
use crate::process::Interrupt;

/// Called with work units as output is built (regular expression steps, lines written).
pub type Charge<'a> = &'a mut dyn FnMut(u64) -> Result<(), Interrupt>;

/// A run of changes: lines `a0..a1` of the first file replaced by `b0..b1` of the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hunk {
    pub a0: usize,
    pub a1: usize,
    pub b0: usize,
    pub b1: usize,
}

pub fn hunks(ca: &[bool], cb: &[bool]) -> Vec<Hunk> {
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

/// How output lines are written: `-t`'s tab stops, whether the line's flag is printed again
/// after a carriage return (GNU does for the normal and context formats, not unified), and
/// `-T` (a tab, not a space, between flag and text).
#[derive(Clone, Copy)]
pub struct Tabs {
    pub expand: Option<u64>,
    pub reflag: bool,
    pub initial: bool,
}

impl Tabs {
    /// A two-column flag (`< `, `! `, `  `): its second column is a tab under `-T`.
    fn flag(&self, f: u8) -> [u8; 2] {
        [f, if self.initial { b'\t' } else { b' ' }]
    }
}

/// The lines of both files.
pub struct Files<'a> {
    pub a: &'a [&'a [u8]],
    pub b: &'a [&'a [u8]],
}

fn body(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\n").unwrap_or(line)
}

/// A line's text, tabs expanded under `-t` (re-flagged after a carriage return when `flag`).
fn push_text(out: &mut Vec<u8>, text: &[u8], t: Tabs, flag: Option<&[u8]>) {
    match t.expand {
        Some(tab) => side::expand_tabs(text, tab, flag, out),
        None => out.extend_from_slice(text),
    }
}

fn push_line(out: &mut Vec<u8>, prefix: &[u8], line: &[u8], t: Tabs) {
    out.extend_from_slice(prefix);
    push_text(out, body(line), t, t.reflag.then_some(prefix));
    out.push(b'\n');
    if !line.ends_with(b"\n") {
        out.extend_from_slice(b"\\ No newline at end of file\n");
    }
}

/// `a,b` or `a` (GNU's range notation; `b` is the last line, 1-based).
fn range(first: usize, last: usize) -> String {
    if last > first {
        format!("{first},{last}")
    } else {
        format!("{last}")
    }
}

/// The normal format's (and the ed script's) command line for a hunk, without its letter's
/// second range when `second` is false.
fn command(h: &Hunk, second: bool) -> String {
    let (letter, left) = if h.a0 == h.a1 {
        ('a', format!("{}", h.a0))
    } else if h.b0 == h.b1 {
        ('d', range(h.a0 + 1, h.a1))
    } else {
        ('c', range(h.a0 + 1, h.a1))
    };
    if !second {
        return format!("{left}{letter}\n");
    }
    let right = if letter == 'd' {
        format!("{}", h.b0)
    } else {
        range(h.b0 + 1, h.b1)
    };
    format!("{left}{letter}{right}\n")
}

pub fn normal(f: &Files, hs: &[Hunk], t: Tabs, out: &mut Vec<u8>) {
    let (lt, gt) = (t.flag(b'<'), t.flag(b'>'));
    for h in hs {
        out.extend_from_slice(command(h, true).as_bytes());
        for l in &f.a[h.a0..h.a1] {
            push_line(out, &lt, l, t);
        }
        if h.a0 != h.a1 && h.b0 != h.b1 {
            out.extend_from_slice(b"---\n");
        }
        for l in &f.b[h.b0..h.b1] {
            push_line(out, &gt, l, t);
        }
    }
}

/// `-e`: ed commands, last hunk first so earlier line numbers stay valid. A line that is a
/// lone dot would end ed's input mode, so it is written as `..` and fixed up with `s/.//`.
/// (Lines always end in a newline here: the ed format does not tell a missing one apart.)
pub fn ed(f: &Files, hs: &[Hunk], t: Tabs, out: &mut Vec<u8>) {
    for h in hs.iter().rev() {
        out.extend_from_slice(command(h, false).as_bytes());
        if h.b0 == h.b1 {
            continue;
        }
        let mut insert_mode = true;
        for l in &f.b[h.b0..h.b1] {
            if !insert_mode {
                out.extend_from_slice(b"a\n");
                insert_mode = true;
            }
            if body(l) == b"." {
                out.extend_from_slice(b"..\n.\ns/.//\n");
                insert_mode = false;
            } else {
                push_text(out, body(l), t, None);
                out.push(b'\n');
            }
        }
        if insert_mode {
            out.extend_from_slice(b".\n");
        }
    }
}

/// `-n`: RCS's ed-like script, each command counting its lines.
pub fn rcs(f: &Files, hs: &[Hunk], t: Tabs, out: &mut Vec<u8>) {
    for h in hs {
        if h.a1 > h.a0 {
            out.extend_from_slice(format!("d{} {}\n", h.a0 + 1, h.a1 - h.a0).as_bytes());
        }
        if h.b1 > h.b0 {
            out.extend_from_slice(format!("a{} {}\n", h.a1, h.b1 - h.b0).as_bytes());
            for l in &f.b[h.b0..h.b1] {
                push_text(out, body(l), t, None);
                if l.ends_with(b"\n") {
                    out.push(b'\n');
                }
            }
        }
    }
}

/// `-D NAME`: the merged file, each change between C preprocessor conditionals (GNU's
/// default group formats; every line is written with a newline).
pub fn ifdef(f: &Files, hs: &[Hunk], name: &[u8], t: Tabs, out: &mut Vec<u8>) {
    let put = |out: &mut Vec<u8>, lines: &[&[u8]]| {
        for l in lines {
            push_text(out, body(l), t, None);
            out.push(b'\n');
        }
    };
    let directive = |out: &mut Vec<u8>, pre: &[u8], post: &[u8]| {
        out.extend_from_slice(pre);
        out.extend_from_slice(name);
        out.extend_from_slice(post);
    };
    let mut next = 0;
    for h in hs {
        put(out, &f.a[next..h.a0]);
        next = h.a1;
        let (old, new) = (&f.a[h.a0..h.a1], &f.b[h.b0..h.b1]);
        match (old.is_empty(), new.is_empty()) {
            (false, true) => {
                directive(out, b"#ifndef ", b"\n");
                put(out, old);
                directive(out, b"#endif /* ! ", b" */\n");
            }
            (true, false) => {
                directive(out, b"#ifdef ", b"\n");
                put(out, new);
                directive(out, b"#endif /* ", b" */\n");
            }
            _ => {
                directive(out, b"#ifndef ", b"\n");
                put(out, old);
                directive(out, b"#else /* ", b" */\n");
                put(out, new);
                directive(out, b"#endif /* ", b" */\n");
            }
        }
    }
    put(out, &f.a[next..]);
}

/// Groups the hunks printed together in the context formats (GNU's `find_hunk`): the next
/// hunk joins when at most `2 * ctx_lines` lines separate them, or fewer than `ctx_lines`
/// when the next one is ignorable (`-B`, `-I`). A group of ignorable hunks only is dropped.
fn groups(hs: &[Hunk], ignore: &[bool], ctx_lines: usize) -> Vec<Vec<Hunk>> {
    let mut out: Vec<(Vec<Hunk>, bool)> = Vec::new();
    for (k, h) in hs.iter().enumerate() {
        let thresh = if ignore[k] {
            ctx_lines
        } else {
            ctx_lines.saturating_mul(2).saturating_add(1)
        };
        match out.last_mut() {
            Some((g, real)) if h.a0 - g.last().map_or(0, |l| l.a1) < thresh => {
                g.push(*h);
                *real |= !ignore[k];
            }
            _ => out.push((vec![*h], !ignore[k])),
        }
    }
    out.into_iter()
        .filter(|(_, real)| *real)
        .map(|(g, _)| g)
        .collect()
}

/// `-p`/`-F`: finds, for each hunk, the last line before its context that matches.
pub struct Functions<'a> {
    re: &'a Regex,
    /// Lines below this one have been tested.
    next: usize,
    last: Option<usize>,
}

impl<'a> Functions<'a> {
    pub fn new(re: &'a Regex) -> Functions<'a> {
        Functions {
            re,
            next: 0,
            last: None,
        }
    }

    /// The header text for a hunk whose context starts at line `start` of `lines`: the
    /// matching line without leading blanks, cut at 40 bytes, trailing blanks dropped.
    fn find<'l>(
        &mut self,
        lines: &[&'l [u8]],
        start: usize,
        charge: Charge,
    ) -> Result<Option<&'l [u8]>, Interrupt> {
        while self.next < start {
            if self.re.is_match(body(lines[self.next])).unwrap_or(false) {
                self.last = Some(self.next);
            }
            self.next += 1;
            charge(1 + self.re.take_steps())?;
        }
        Ok(self.last.map(|i| {
            let l = body(lines[i]);
            let from = l
                .iter()
                .position(|&b| !super::lines::is_space(b))
                .unwrap_or(l.len());
            let mut to = (from + 40).min(l.len());
            while to > from && super::lines::is_space(l[to - 1]) {
                to -= 1;
            }
            &l[from..to]
        }))
    }
}

/// What the context formats share.
pub struct Context<'a, 'r> {
    pub lines: usize,
    pub t: Tabs,
    pub functions: Option<Functions<'r>>,
    pub ignore: &'a [bool],
}

/// A group's extent with its context: `(a_start, a_end, b_start, b_end)`.
fn extent(f: &Files, g: &[Hunk], n: usize) -> (usize, usize, usize, usize) {
    let (first, last) = (g[0], g[g.len() - 1]);
    (
        first.a0.saturating_sub(n),
        last.a1.saturating_add(n).min(f.a.len()),
        first.b0.saturating_sub(n),
        last.b1.saturating_add(n).min(f.b.len()),
    )
}

fn push_function(
    c: &mut Context,
    f: &Files,
    start: usize,
    out: &mut Vec<u8>,
    charge: Charge,
) -> Result<(), Interrupt> {
    if let Some(fs) = c.functions.as_mut() {
        if let Some(text) = fs.find(f.a, start, charge)? {
            out.push(b' ');
            out.extend_from_slice(text);
        }
    }
    Ok(())
}

pub fn unified(
    f: &Files,
    hs: &[Hunk],
    c: &mut Context,
    out: &mut Vec<u8>,
    charge: Charge,
) -> Result<(), Interrupt> {
    let t = Tabs {
        reflag: false,
        ..c.t
    };
    let (common, minus, plus): (&[u8], &[u8], &[u8]) = if t.initial {
        (b"\t", b"-\t", b"+\t")
    } else {
        (b" ", b"-", b"+")
    };
    for g in groups(hs, c.ignore, c.lines) {
        let (a_start, a_end, b_start, b_end) = extent(f, &g, c.lines);
        let span = |start: usize, end: usize| {
            let len = end - start;
            match len {
                0 => format!("{start},0"),
                1 => format!("{}", start + 1),
                _ => format!("{},{len}", start + 1),
            }
        };
        out.extend_from_slice(
            format!("@@ -{} +{} @@", span(a_start, a_end), span(b_start, b_end)).as_bytes(),
        );
        push_function(c, f, a_start, out, charge)?;
        out.push(b'\n');
        let mut i = a_start;
        for h in &g {
            for l in &f.a[i..h.a0] {
                push_line(out, common, l, t);
            }
            for l in &f.a[h.a0..h.a1] {
                push_line(out, minus, l, t);
            }
            for l in &f.b[h.b0..h.b1] {
                push_line(out, plus, l, t);
            }
            i = h.a1;
        }
        for l in &f.a[i..a_end] {
            push_line(out, common, l, t);
        }
        charge((a_end - a_start + b_end - b_start) as u64)?;
    }
    Ok(())
}

pub fn context(
    f: &Files,
    hs: &[Hunk],
    c: &mut Context,
    out: &mut Vec<u8>,
    charge: Charge,
) -> Result<(), Interrupt> {
    let t = c.t;
    for g in groups(hs, c.ignore, c.lines) {
        let (a_start, a_end, b_start, b_end) = extent(f, &g, c.lines);
        let span = |start: usize, end: usize| {
            if end <= start + 1 {
                format!("{}", end.max(start))
            } else {
                format!("{},{}", start + 1, end)
            }
        };
        out.extend_from_slice(b"***************");
        push_function(c, f, a_start, out, charge)?;
        out.push(b'\n');
        out.extend_from_slice(format!("*** {} ****\n", span(a_start, a_end)).as_bytes());
        // The old side: its ranges of each hunk, `-` where the new side has nothing.
        let old: Vec<(usize, usize, bool)> = g.iter().map(|h| (h.a0, h.a1, h.b1 > h.b0)).collect();
        context_side(f.a, &old, (a_start, a_end), b'-', t, out);
        out.extend_from_slice(format!("--- {} ----\n", span(b_start, b_end)).as_bytes());
        let new: Vec<(usize, usize, bool)> = g.iter().map(|h| (h.b0, h.b1, h.a1 > h.a0)).collect();
        context_side(f.b, &new, (b_start, b_end), b'+', t, out);
        charge((a_end - a_start + b_end - b_start) as u64)?;
    }
    Ok(())
}

/// One side of a context hunk: `ranges` are (first, end, the other side changed too) for each
/// change; lines that change on both sides are marked `!`, one-sided ones `alone`. Printed
/// only when the side has changed lines at all.
fn context_side(
    lines: &[&[u8]],
    ranges: &[(usize, usize, bool)],
    (start, end): (usize, usize),
    alone: u8,
    t: Tabs,
    out: &mut Vec<u8>,
) {
    if !ranges.iter().any(|r| r.1 > r.0) {
        return;
    }
    let common = t.flag(b' ');
    let mut i = start;
    for &(r0, r1, both) in ranges {
        for l in &lines[i..r0] {
            push_line(out, &common, l, t);
        }
        let mark = t.flag(if both { b'!' } else { alone });
        for l in &lines[r0..r1] {
            push_line(out, &mark, l, t);
        }
        i = r1;
    }
    for l in &lines[i..end] {
        push_line(out, &common, l, t);
    }
}
