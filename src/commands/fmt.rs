//! `fmt`: fill paragraphs, choosing line breaks by the minimum total cost over the whole
//! paragraph (Knuth-style dynamic programming), as GNU coreutils 9.1 documents it: short lines
//! cost the square of their shortfall from the goal width, consecutive lines of different
//! lengths cost half the square of the difference, and breaks after sentence ends and
//! punctuation or before parentheses are preferred, while breaks after a non-final period,
//! single-word widows and orphans are penalised. Its rules for indentation, prefixes (`-p`),
//! crown and tagged paragraphs (`-c`, `-t`), split-only mode (`-s`) and uniform spacing (`-u`)
//! follow the GNU manual; the cost weights are the documented ones.
//!
//! The engine mirrors a character-at-a-time reader over the whole (already read) input so the
//! column bookkeeping matches GNU exactly, including its 1000-word / 5000-byte paragraph
//! buffer: a longer paragraph is emitted in pieces, split at the cheapest break near the end.

use super::opts::{self, flag, req, OptDef, Out, Parser, Quoting};
use crate::limits::cost;
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;

pub fn register(r: &mut super::Registry) {
    r.register(
        "fmt",
        Trust::Real,
        "simple optimal text formatter",
        "-w N -NUM -g N -u -s -p PREFIX -t -c",
        run,
    );
}

const DEFS: &[OptDef] = &[
    flag(b'c', "crown-margin"),
    req(b'p', "prefix"),
    flag(b's', "split-only"),
    flag(b't', "tagged-paragraph"),
    flag(b'u', "uniform-spacing"),
    req(b'w', "width"),
    req(b'g', "goal"),
];

/// Paragraph buffer limits: GNU's, which decide where an overlong paragraph is split.
const MAXWORDS: usize = 1000;
const MAXCHARS: usize = 5000;
const TABWIDTH: usize = 8;
/// Secondary indent a one-line tagged paragraph gets when it would equal the first.
const DEF_INDENT: usize = 3;
/// Percentage by which the default goal falls short of the maximum width.
const LEEWAY: usize = 7;

type Cost = i64;
const MAXCOST: Cost = i64::MAX;

const fn equiv(n: i64) -> Cost {
    n * n
}
fn short_cost(n: i64) -> Cost {
    equiv(n * 10)
}
fn ragged_cost(n: i64) -> Cost {
    short_cost(n) / 2
}
const LINE_COST: Cost = equiv(70);
fn widow_cost(n: usize) -> Cost {
    equiv(200) / (n as i64 + 2)
}
fn orphan_cost(n: usize) -> Cost {
    equiv(150) / (n as i64 + 2)
}
const SENTENCE_BONUS: Cost = equiv(50);
const NOBREAK_COST: Cost = equiv(600);
const PAREN_BONUS: Cost = equiv(40);
const PUNCT_BONUS: Cost = equiv(40);

#[derive(Clone, Copy, Default)]
struct Word {
    /// Offset of the text in the paragraph buffer.
    text: usize,
    length: usize,
    /// Columns of white space after the word on output.
    space: usize,
    paren: bool,
    period: bool,
    punct: bool,
    final_: bool,
    /// Length of the line that starts here in the best layout, and where it ends.
    line_length: usize,
    best_cost: Cost,
    next_break: usize,
}

#[derive(Clone, Copy)]
struct Settings {
    crown: bool,
    tagged: bool,
    split_only: bool,
    uniform: bool,
    max_width: usize,
    goal_width: usize,
}

/// The formatter over one input.
struct Engine<'a> {
    s: Settings,
    prefix: &'a [u8],
    prefix_lead_space: usize,
    prefix_full_length: usize,
    input: &'a [u8],
    pos: usize,
    out: Vec<u8>,
    /// Candidate breaks weighed so far (charged by the caller).
    steps: u64,
    tabs: bool,
    in_column: usize,
    out_column: usize,
    next_prefix_indent: usize,
    prefix_indent: usize,
    first_indent: usize,
    other_indent: usize,
    last_line_length: usize,
    next_char: i32,
    parabuf: Vec<u8>,
    /// `word[..word_limit]` are complete; one extra slot is the sentinel.
    word: Vec<Word>,
    word_limit: usize,
}

const EOF: i32 = -1;

fn is_space(c: i32) -> bool {
    matches!(c, 0x20 | 0x09..=0x0d)
}

impl<'a> Engine<'a> {
    fn new(s: Settings, prefix_arg: &'a [u8], input: &'a [u8]) -> Engine<'a> {
        // A prefix's leading spaces become an indent to match; its trailing spaces are
        // optional on input but counted as part of it.
        let lead = prefix_arg.iter().take_while(|&&b| b == b' ').count();
        let p = &prefix_arg[lead..];
        let trimmed = p.len() - p.iter().rev().take_while(|&&b| b == b' ').count();
        Engine {
            s,
            prefix: &p[..trimmed],
            prefix_lead_space: lead,
            prefix_full_length: p.len(),
            input,
            pos: 0,
            out: Vec::new(),
            steps: 0,
            tabs: false,
            in_column: 0,
            out_column: 0,
            next_prefix_indent: 0,
            prefix_indent: 0,
            first_indent: 0,
            other_indent: 0,
            last_line_length: 0,
            next_char: EOF,
            parabuf: Vec::with_capacity(MAXCHARS),
            word: vec![Word::default(); MAXWORDS + 1],
            word_limit: 0,
        }
    }

    fn getc(&mut self) -> i32 {
        match self.input.get(self.pos) {
            Some(&b) => {
                self.pos += 1;
                b as i32
            }
            None => EOF,
        }
    }

    fn start(&mut self) {
        self.tabs = false;
        self.other_indent = 0;
        let c = self.getc();
        self.next_char = self.get_prefix(c);
    }

    /// Skips blanks, tracking the column (tabs to multiples of 8).
    fn get_space(&mut self, mut c: i32) -> i32 {
        loop {
            if c == b' ' as i32 {
                self.in_column += 1;
            } else if c == b'\t' as i32 {
                self.tabs = true;
                self.in_column = (self.in_column / TABWIDTH + 1) * TABWIDTH;
            } else {
                return c;
            }
            c = self.getc();
        }
    }

    /// Reads a line's indentation and prefix; returns the first character after them.
    fn get_prefix(&mut self, first: i32) -> i32 {
        self.in_column = 0;
        let mut c = self.get_space(first);
        if self.prefix.is_empty() {
            self.next_prefix_indent = self.prefix_lead_space.min(self.in_column);
        } else {
            self.next_prefix_indent = self.in_column;
            for i in 0..self.prefix.len() {
                if c != self.prefix[i] as i32 {
                    return c;
                }
                self.in_column += 1;
                c = self.getc();
            }
            c = self.get_space(c);
        }
        c
    }

    fn same_para(&self, c: i32) -> bool {
        self.next_prefix_indent == self.prefix_indent
            && self.in_column >= self.next_prefix_indent + self.prefix_full_length
            && c != b'\n' as i32
            && c != EOF
    }

    fn put_space(&mut self, space: usize) {
        let target = self.out_column + space;
        if self.tabs {
            let tab_target = target / TABWIDTH * TABWIDTH;
            if self.out_column + 1 < tab_target {
                while self.out_column < tab_target {
                    self.out.push(b'\t');
                    self.out_column = (self.out_column / TABWIDTH + 1) * TABWIDTH;
                }
            }
        }
        while self.out_column < target {
            self.out.push(b' ');
            self.out_column += 1;
        }
    }

    /// Copies a line that is not part of a paragraph, normalising its indentation.
    fn copy_rest(&mut self, mut c: i32) -> i32 {
        self.out_column = 0;
        if self.in_column > self.next_prefix_indent || (c != b'\n' as i32 && c != EOF) {
            self.put_space(self.next_prefix_indent);
            let mut i = 0;
            while self.out_column != self.in_column && i < self.prefix.len() {
                self.out.push(self.prefix[i]);
                i += 1;
                self.out_column += 1;
            }
            if c != EOF && c != b'\n' as i32 {
                self.put_space(self.in_column - self.out_column);
            }
            if c == EOF && self.in_column >= self.next_prefix_indent + self.prefix.len() {
                self.out.push(b'\n');
            }
        }
        while c != b'\n' as i32 && c != EOF {
            self.out.push(c as u8);
            c = self.getc();
        }
        c
    }

    fn set_other_indent(&mut self, same: bool) {
        if self.s.split_only {
            self.other_indent = self.first_indent;
        } else if self.s.crown {
            self.other_indent = if same {
                self.in_column
            } else {
                self.first_indent
            };
        } else if self.s.tagged {
            if same && self.in_column != self.first_indent {
                self.other_indent = self.in_column;
            } else if self.other_indent == self.first_indent {
                // A one-line tagged paragraph keeps the last secondary indent unless that
                // would equal the first.
                self.other_indent = if self.first_indent == 0 {
                    DEF_INDENT
                } else {
                    0
                };
            }
        } else {
            self.other_indent = self.first_indent;
        }
    }

    /// Reads the next paragraph into the buffer, copying the lines between paragraphs.
    fn get_paragraph(&mut self) -> bool {
        self.last_line_length = 0;
        let mut c = self.next_char;
        while c == b'\n' as i32
            || c == EOF
            || self.next_prefix_indent < self.prefix_lead_space
            || self.in_column < self.next_prefix_indent + self.prefix_full_length
        {
            c = self.copy_rest(c);
            if c == EOF {
                self.next_char = EOF;
                return false;
            }
            self.out.push(b'\n');
            let n = self.getc();
            c = self.get_prefix(n);
        }
        self.prefix_indent = self.next_prefix_indent;
        self.first_indent = self.in_column;
        self.parabuf.clear();
        self.word_limit = 0;
        c = self.get_line(c);
        let same = self.same_para(c);
        self.set_other_indent(same);
        if self.s.split_only {
        } else if self.s.crown {
            if self.same_para(c) {
                loop {
                    c = self.get_line(c);
                    if !(self.same_para(c) && self.in_column == self.other_indent) {
                        break;
                    }
                }
            }
        } else if self.s.tagged {
            if self.same_para(c) && self.in_column != self.first_indent {
                loop {
                    c = self.get_line(c);
                    if !(self.same_para(c) && self.in_column == self.other_indent) {
                        break;
                    }
                }
            }
        } else {
            while self.same_para(c) && self.in_column == self.other_indent {
                c = self.get_line(c);
            }
        }
        // The paragraph's end is the best place for a break.
        let last = self.word_limit - 1;
        self.word[last].period = true;
        self.word[last].final_ = true;
        self.next_char = c;
        true
    }

    /// Reads the words of one line.
    fn get_line(&mut self, mut c: i32) -> i32 {
        loop {
            let wl = self.word_limit;
            self.word[wl].text = self.parabuf.len();
            loop {
                if self.parabuf.len() == MAXCHARS {
                    self.set_other_indent(true);
                    self.flush_paragraph();
                }
                self.parabuf.push(c as u8);
                c = self.getc();
                if c == EOF || is_space(c) {
                    break;
                }
            }
            let wl = self.word_limit;
            let w = &mut self.word[wl];
            w.length = self.parabuf.len() - w.text;
            self.in_column += w.length;
            let text = &self.parabuf[w.text..w.text + w.length];
            check_punctuation(w, text);
            let start = self.in_column;
            c = self.get_space(c);
            let w = &mut self.word[wl];
            w.space = self.in_column - start;
            w.final_ = c == EOF || (w.period && (c == b'\n' as i32 || w.space > 1));
            if c == b'\n' as i32 || c == EOF || self.s.uniform {
                w.space = if w.final_ { 2 } else { 1 };
            }
            if wl == MAXWORDS - 2 {
                self.set_other_indent(true);
                self.flush_paragraph();
            }
            self.word_limit += 1;
            if c == b'\n' as i32 || c == EOF {
                break;
            }
        }
        let n = self.getc();
        self.get_prefix(n)
    }

    /// Emits a full buffer up to a cheap break near its end and keeps the rest.
    fn flush_paragraph(&mut self) {
        if self.word_limit == 0 {
            // One enormous word: written as it is.
            self.out.extend_from_slice(&self.parabuf);
            self.parabuf.clear();
            return;
        }
        self.fmt_paragraph();
        let wl = self.word_limit;
        let mut split_point = wl;
        let mut best_break = MAXCOST;
        let mut w = self.word[0].next_break;
        while w != wl {
            let nb = self.word[w].next_break;
            let d = self.word[w].best_cost - self.word[nb].best_cost;
            if d < best_break {
                split_point = w;
                best_break = d;
            }
            if best_break <= MAXCOST - LINE_COST {
                best_break += LINE_COST;
            }
            w = nb;
        }
        self.put_paragraph(split_point);
        let shift = self.word[split_point].text;
        self.parabuf.drain(..shift);
        for i in split_point..=wl {
            self.word[i].text -= shift;
        }
        self.word.copy_within(split_point..=wl, 0);
        self.word_limit -= split_point;
    }

    /// Chooses the breaks: for each word, from the last back, the cheapest layout of the
    /// paragraph's rest starting a line there.
    fn fmt_paragraph(&mut self) {
        let wl = self.word_limit;
        let saved_length = self.word[wl].length;
        self.word[wl].best_cost = 0;
        // A sentinel length that ends every line at the paragraph's end.
        self.word[wl].length = self.s.max_width;
        let goal = self.s.goal_width as i64;
        for start in (0..wl).rev() {
            let mut best = MAXCOST;
            let mut len = if start == 0 {
                self.first_indent
            } else {
                self.other_indent
            };
            len += self.word[start].length;
            let mut w = start;
            loop {
                w += 1;
                self.steps += 1;
                let line = if w == wl {
                    0
                } else {
                    let mut c = short_cost(goal - len as i64);
                    if self.word[w].next_break != wl {
                        c += ragged_cost(len as i64 - self.word[w].line_length as i64);
                    }
                    c
                };
                let mut wcost = line + self.word[w].best_cost;
                if start == 0 && self.last_line_length > 0 {
                    wcost += ragged_cost(len as i64 - self.last_line_length as i64);
                }
                if wcost < best {
                    best = wcost;
                    self.word[start].next_break = w;
                    self.word[start].line_length = len;
                }
                if w == wl {
                    break;
                }
                len += self.word[w - 1].space + self.word[w].length;
                if len >= self.s.max_width {
                    break;
                }
            }
            self.word[start].best_cost = best + self.base_cost(start);
        }
        self.word[wl].length = saved_length;
    }

    /// The cost of starting a line at `this`, by what ends the previous line.
    fn base_cost(&self, this: usize) -> Cost {
        let mut cost = LINE_COST;
        if this > 0 {
            let prev = &self.word[this - 1];
            if prev.period {
                if prev.final_ {
                    cost -= SENTENCE_BONUS;
                } else {
                    cost += NOBREAK_COST;
                }
            } else if prev.punct {
                cost -= PUNCT_BONUS;
            } else if this > 1 && self.word[this - 2].final_ {
                cost += widow_cost(prev.length);
            }
        }
        let w = &self.word[this];
        if w.paren {
            cost -= PAREN_BONUS;
        } else if w.final_ {
            cost += orphan_cost(w.length);
        }
        cost
    }

    fn put_paragraph(&mut self, finish: usize) {
        self.put_line(0, self.first_indent);
        let mut w = self.word[0].next_break;
        while w != finish {
            self.put_line(w, self.other_indent);
            w = self.word[w].next_break;
        }
    }

    fn put_line(&mut self, mut w: usize, indent: usize) {
        self.out_column = 0;
        self.put_space(self.prefix_indent);
        self.out.extend_from_slice(self.prefix);
        self.out_column += self.prefix.len();
        self.put_space(indent.saturating_sub(self.out_column));
        let endline = self.word[w].next_break - 1;
        while w != endline {
            self.put_word(w);
            self.put_space(self.word[w].space);
            w += 1;
        }
        self.put_word(w);
        self.last_line_length = self.out_column;
        self.out.push(b'\n');
    }

    fn put_word(&mut self, w: usize) {
        let Word { text, length, .. } = self.word[w];
        self.out
            .extend_from_slice(&self.parabuf[text..text + length]);
        self.out_column += length;
    }
}

fn check_punctuation(w: &mut Word, text: &[u8]) {
    let first = text[0];
    let mut fin = text.len() - 1;
    w.paren = b"(['`\"".contains(&first);
    w.punct = text[fin].is_ascii_punctuation();
    while fin > 0 && b")]'\"".contains(&text[fin]) {
        fin -= 1;
    }
    w.period = b".?!".contains(&text[fin]);
}

/// `xdectoumax`-style width parsing: a decimal in `0..=max`.
fn parse_width(q: Quoting, v: &[u8], max: usize) -> Result<usize, String> {
    let s = std::str::from_utf8(v).unwrap_or("");
    let t = s.trim_start_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
    let t = t.strip_prefix('+').unwrap_or(t);
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("invalid width: {}", q.quote(v)));
    }
    match t.parse::<u64>() {
        Ok(n) if n <= max as u64 => Ok(n as usize),
        _ => Err(format!(
            "invalid width: {}: Numerical result out of range",
            q.quote(v)
        )),
    }
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let mut args = ctx.args().to_vec();
    let mut obsolete_width = None;
    // `-WIDTH` is recognised only as the first argument.
    if args
        .first()
        .is_some_and(|a| a.len() > 1 && a[0] == b'-' && a[1].is_ascii_digit())
    {
        obsolete_width = Some(args.remove(0)[1..].to_vec());
    }
    let p = match Parser::new(DEFS).parse(&args) {
        Ok(p) => p,
        Err(m) => {
            let m = match m.strip_prefix("invalid option -- '") {
                Some(rest) if rest.as_bytes().first().is_some_and(u8::is_ascii_digit) => {
                    format!(
                        "invalid option -- {}; -WIDTH is recognized only when it is the first\noption; use -w N instead",
                        &rest[..1]
                    )
                }
                _ => m,
            };
            return opts::usage(ctx, &m, 1).await;
        }
    };
    if p.has(opts::HELP) || p.has(opts::VERSION) {
        // The shared parser prints the help refusal or the version line.
        return Ok(opts::parse(ctx, Parser::new(DEFS), 1)
            .await?
            .err()
            .unwrap_or(1));
    }
    let width_opt = p.last(b'w').map(<[u8]>::to_vec).or(obsolete_width);
    let mut max_width = 75;
    if let Some(v) = &width_opt {
        match parse_width(Quoting::of(ctx), v, MAXCHARS / 2) {
            Ok(n) => max_width = n,
            Err(m) => {
                ctx.diag(m).await?;
                return Ok(1);
            }
        }
    }
    let goal_width = match p.last(b'g') {
        Some(v) => match parse_width(Quoting::of(ctx), v, max_width) {
            Ok(n) => {
                if width_opt.is_none() {
                    max_width = n + 10;
                }
                n
            }
            Err(m) => {
                ctx.diag(m).await?;
                return Ok(1);
            }
        },
        None => max_width * (2 * (100 - LEEWAY) + 1) / 200,
    };
    let settings = Settings {
        crown: p.has(b'c'),
        tagged: p.has(b't'),
        split_only: p.has(b's'),
        uniform: p.has(b'u'),
        max_width,
        goal_width,
    };
    let prefix = p.last(b'p').unwrap_or(b"").to_vec();
    // The paragraph buffers are bounded; reserve them once.
    let fixed = (MAXCHARS + (MAXWORDS + 1) * std::mem::size_of::<Word>()) as u64;
    let _fixed = ctx.reservation(fixed)?;
    let mut status = 0;
    let mut out = Out::new();
    let operands = if p.operands.is_empty() {
        vec![b"-".to_vec()]
    } else {
        p.operands.clone()
    };
    for op in &operands {
        let f = match ctx.open_input(op) {
            Ok(f) => f,
            Err(e) => {
                let e = opts::interrupted(e)?;
                ctx.diag(format!(
                    "cannot open {} for reading: {}",
                    opts::quoteaf(ctx, op),
                    e.message()
                ))
                .await?;
                status = 1;
                continue;
            }
        };
        let data = match ctx.sys.read_to_end(&f).await {
            Ok(d) => d,
            Err(e) => {
                opts::interrupted(e)?;
                ctx.diag("read error").await?;
                status = 1;
                continue;
            }
        };
        ctx.charge_bytes(data.len())?;
        let mut eng = Engine::new(settings, &prefix, &data);
        eng.start();
        loop {
            let more = eng.get_paragraph();
            if more {
                eng.fmt_paragraph();
                let wl = eng.word_limit;
                eng.put_paragraph(wl);
            }
            let steps = std::mem::take(&mut eng.steps);
            ctx.charge(cost::per_bytes(
                steps as usize,
                256,
                cost::LINE_BREAKS_PER_256,
            ))?;
            out.push(&std::mem::take(&mut eng.out));
            out.maybe_flush(ctx).await?;
            if !more {
                break;
            }
        }
    }
    out.flush(ctx).await?;
    Ok(status)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn f(args: &[&str], input: &str) -> (i32, String, String) {
        let mut v = vec!["fmt"];
        v.extend_from_slice(args);
        text(run(&v, input.as_bytes()))
    }

    #[test]
    fn fills_and_breaks() {
        assert_eq!(f(&["-w", "10"], "aaaaa bbbb\n").1, "aaaaa\nbbbb\n");
        assert_eq!(f(&[], "a\nb\n\nc   d\n").1, "a b\n\nc   d\n");
        assert_eq!(f(&["-u"], "a   b.  c\n").1, "a b.  c\n");
        assert_eq!(
            f(&["-w", "9", "-g", "1"], "a b c d e f g h i j k l m n\n").1,
            "a b c\nd e f\ng h i j\nk l m n\n"
        );
        assert_eq!(
            f(&["-s", "-w", "5"], "aa bb cc\ndd\n").1,
            "aa\nbb\ncc\ndd\n"
        );
        assert_eq!(f(&["-p", "#"], "# a\n# b\nc\n").1, "# a b\nc\n");
        assert_eq!(f(&["-0"], "a\n").1, "a\n");
    }

    #[test]
    fn errors() {
        assert_eq!(f(&["-w", "abc"], "").2, "fmt: invalid width: 'abc'\n");
        assert_eq!(
            f(&["-g", "80"], ""),
            (
                1,
                String::new(),
                "fmt: invalid width: '80': Numerical result out of range\n".into()
            )
        );
        assert_eq!(
            f(&["x", "-5"], "").2,
            "fmt: invalid option -- 5; -WIDTH is recognized only when it is the first\noption; use -w N instead\nTry 'fmt --help' for more information.\n"
        );
        assert_eq!(
            f(&["nofile"], "").2,
            "fmt: cannot open 'nofile' for reading: No such file or directory\n"
        );
    }
}
