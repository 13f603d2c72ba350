//! `csplit`: split a file into pieces at line numbers and regular expression matches (GNU
//! coreutils 9.1). The input is read whole (memory reserved) and the pieces are written
//! through the VFS, so the disk quota sees them. The walk over the lines mirrors GNU's
//! `csplit.c` step by step — which line a search starts at, when "line number out of range"
//! is found, which errors remove the files made so far and which (`input disappeared`) leave
//! them — because those details show in the files and the byte counts printed.

mod suffix;

use super::opts::{self, flag, req, OptDef, Parser, Quoting};
use super::posix_re::{Flavor, Options, Regex};
use crate::limits::cost;
use crate::process::command::{CommandCtx, Trust};
use crate::process::{Interrupt, OpenFlags};

pub fn register(r: &mut super::Registry) {
    r.register(
        "csplit",
        Trust::Real,
        "split a file into sections determined by context lines",
        "-f PREFIX -b FORMAT -n N -k -s -q -z --prefix= --suffix-format= --digits= --keep-files \
         --quiet --silent --elide-empty-files --suppress-matched; FILE then patterns N, \
         /RE/[OFFSET], %RE%[OFFSET], {N}, {*}",
        run,
    );
}

const SUPPRESS_MATCHED: u8 = 0x80;

const DEFS: &[OptDef] = &[
    req(b'n', "digits"),
    flag(b'q', "quiet"),
    flag(b's', "silent"),
    flag(b'k', "keep-files"),
    flag(b'z', "elide-empty-files"),
    req(b'f', "prefix"),
    req(b'b', "suffix-format"),
    flag(SUPPRESS_MATCHED, "suppress-matched"),
];

/// One pattern (GNU's `struct control`).
struct Control {
    /// The pattern's operand, for diagnostics.
    arg: Vec<u8>,
    kind: Kind,
    repeat: u64,
    forever: bool,
}

enum Kind {
    Line(u64),
    Regex {
        re: Box<Regex>,
        offset: i64,
        /// `%RE%`: the lines before the match are skipped, not written.
        skip: bool,
    },
}

/// Why the split stopped early: GNU's `cleanup_fatal` (close, remove the files unless `-k`,
/// status 1), `die` (status 1, files left as they are), or `exit(0)` from `{*}`.
enum Stop {
    Fatal,
    Die,
    Done,
}

/// A diagnostic, then a stop.
type Flow = Result<Result<(), Stop>, Interrupt>;

/// GNU's `xstrtoumax`/`xstrtoimax` with no suffixes: optional blanks and sign, digits, nothing
/// after. `None` when invalid or out of range.
fn parse_int(s: &[u8], signed: bool) -> Option<i128> {
    let t = std::str::from_utf8(s).ok()?;
    let t = t.trim_start_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
    let (neg, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || (neg && !signed) {
        return None;
    }
    let v: i128 = digits.parse().ok()?;
    let v = if neg { -v } else { v };
    (i64::MIN as i128..=i64::MAX as i128)
        .contains(&v)
        .then_some(v)
}

/// GNU's `parse_patterns`. `Err` carries the message (GNU dies with status 1, no `Try`).
fn parse_patterns(
    q: Quoting,
    args: &[Vec<u8>],
    warnings: &mut Vec<String>,
) -> Result<Vec<Control>, String> {
    let mut out: Vec<Control> = Vec::new();
    let mut last_val = 0u64;
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        let kind = if a[..1.min(a.len())] == *b"/" || a[..1.min(a.len())] == *b"%" {
            let delim = a[0];
            let Some(close) = a[1..].iter().rposition(|&b| b == delim).map(|p| p + 1) else {
                return Err(format!(
                    "{}: closing delimiter '{}' missing",
                    String::from_utf8_lossy(a),
                    delim as char
                ));
            };
            let re = Regex::new(
                &a[1..close],
                Options {
                    flavor: Flavor::Basic,
                    icase: false,
                    multiline: false,
                    sed_escapes: false,
                    bytes: false,
                },
            )
            .map_err(|e| {
                format!(
                    "{}: invalid regular expression: {}",
                    q.quote(a),
                    e.message()
                )
            })?;
            let offset = if close + 1 < a.len() {
                parse_int(&a[close + 1..], true)
                    .ok_or_else(|| format!("{}: integer expected after delimiter", q.quote(a)))?
                    as i64
            } else {
                0
            };
            Kind::Regex {
                re: Box::new(re),
                offset,
                skip: delim == b'%',
            }
        } else {
            let val = parse_int(a, false)
                .ok_or_else(|| format!("{}: invalid pattern", q.quote(a)))?
                as u64;
            if val == 0 {
                return Err(format!(
                    "{}: line number must be greater than zero",
                    String::from_utf8_lossy(a)
                ));
            }
            if val < last_val {
                return Err(format!(
                    "line number {} is smaller than preceding line number, {last_val}",
                    q.quote(a)
                ));
            }
            if val == last_val {
                warnings.push(format!(
                    "warning: line number {} is the same as preceding line number",
                    q.quote(a)
                ));
            }
            last_val = val;
            Kind::Line(val)
        };
        let mut c = Control {
            arg: a.clone(),
            kind,
            repeat: 0,
            forever: false,
        };
        if let Some(r) = args.get(i + 1).filter(|r| r.first() == Some(&b'{')) {
            i += 1;
            if r.last() != Some(&b'}') {
                return Err(format!("{}: '}}' is required in repeat count", q.quote(r)));
            }
            let body = &r[1..r.len() - 1];
            if body == b"*" {
                c.forever = true;
            } else {
                // GNU quotes the operand without its closing brace, then adds the brace.
                c.repeat = parse_int(body, false).ok_or_else(|| {
                    format!(
                        "{}}}: integer required between '{{' and '}}'",
                        q.quote(&r[..r.len() - 1])
                    )
                })? as u64;
            }
        }
        out.push(c);
        i += 1;
    }
    Ok(out)
}

/// The split in progress: GNU's line buffer reduced to indices into the whole input.
struct Splitter<'a> {
    ctx: &'a CommandCtx,
    data: &'a [u8],
    /// Byte offset where each line starts; one more entry for the end.
    starts: Vec<usize>,
    /// The first line not yet taken (1-based), GNU's `first_available`.
    first: u64,
    /// GNU's `current_line`.
    current: u64,
    prefix: Vec<u8>,
    suffix: suffix::Suffix,
    quiet: bool,
    keep: bool,
    elide: bool,
    suppress_matched: bool,
    created: u64,
    /// The open piece: its name and the byte range written to it so far.
    open: Option<(Vec<u8>, usize, usize)>,
}

impl Splitter<'_> {
    fn lines(&self) -> u64 {
        (self.starts.len() - 1) as u64
    }

    fn line(&self, n: u64) -> &[u8] {
        let n = n as usize;
        &self.data[self.starts[n - 1]..self.starts[n]]
    }

    /// GNU's `find_line`: whether line `n` is still in the buffer.
    fn has_line(&self, n: u64) -> bool {
        self.first <= self.lines() && n >= 1 && n <= self.lines()
    }

    fn no_more_lines(&self) -> bool {
        !self.has_line(self.current + 1)
    }

    /// GNU's `remove_line`: takes the first available line; returns its number.
    fn remove_line(&mut self) -> Result<Option<u64>, Interrupt> {
        if self.first > self.lines() {
            return Ok(None);
        }
        self.ctx.charge(cost::LINE)?;
        self.current = self.current.max(self.first);
        self.first += 1;
        Ok(Some(self.first - 1))
    }

    /// Appends line `n` to the open piece (lines reach a piece in order, so a piece is one
    /// byte range of the input).
    fn save(&mut self, n: u64) {
        let (s, e) = (self.starts[n as usize - 1], self.starts[n as usize]);
        if let Some((_, start, end)) = &mut self.open {
            if *start == *end {
                *start = s;
            }
            *end = e;
        }
    }

    fn name(&self, k: u64) -> Vec<u8> {
        [self.prefix.as_slice(), &self.suffix.format(k)].concat()
    }

    async fn create(&mut self) -> Flow {
        let ctx = self.ctx;
        let name = self.name(self.created);
        ctx.charge(cost::PATH_COMPONENT)?;
        if let Err(e) = ctx
            .sys
            .open(ctx.pid, &ctx.resolve(&name), OpenFlags::write_truncate())
        {
            let e = opts::interrupted(e)?;
            ctx.diag_path(opts::quotef(self.ctx, &name).as_bytes(), e)
                .await?;
            return self.fatal().await;
        }
        self.created += 1;
        self.open = Some((name, 0, 0));
        Ok(Ok(()))
    }

    /// GNU's `close_output_file`: writes the piece, then prints its size or, with `-z` and
    /// nothing in it, removes it.
    async fn close(&mut self) -> Flow {
        let ctx = self.ctx;
        let Some((name, start, end)) = self.open.take() else {
            return Ok(Ok(()));
        };
        let abs = ctx.resolve(&name);
        if end > start {
            ctx.charge_bytes(end - start)?;
            let written = match ctx.sys.open(ctx.pid, &abs, OpenFlags::append()) {
                Ok(f) => ctx.sys.write_all(&f, &self.data[start..end]).await,
                Err(e) => Err(e),
            };
            if let Err(e) = written {
                let e = opts::interrupted(e)?;
                ctx.diag_path(opts::quotef(self.ctx, &name).as_bytes(), e)
                    .await?;
                return self.fatal().await;
            }
        }
        if end == start && self.elide {
            let _ = ctx.vfs().remove(&abs);
            self.created -= 1;
        } else if !self.quiet {
            ctx.out(format!("{}\n", end - start).as_bytes()).await?;
        }
        Ok(Ok(()))
    }

    /// GNU's `cleanup_fatal`: close the open piece, remove every piece unless `-k`.
    async fn fatal(&mut self) -> Flow {
        Box::pin(self.close()).await?.ok();
        if !self.keep {
            for k in (0..self.created).rev() {
                let _ = self.ctx.vfs().remove(&self.ctx.resolve(&self.name(k)));
            }
            self.created = 0;
        }
        Ok(Err(Stop::Fatal))
    }

    async fn fail(&mut self, msg: String) -> Flow {
        self.ctx.diag(msg).await?;
        self.fatal().await
    }

    /// GNU's `get_first_line_in_buffer`, which dies when the input has run out.
    async fn first_line(&mut self) -> Result<Result<u64, Stop>, Interrupt> {
        if self.first > self.lines() {
            self.ctx.diag("input disappeared").await?;
            return Ok(Err(Stop::Die));
        }
        Ok(Ok(self.first))
    }

    fn on_repetition(rep: u64) -> String {
        if rep > 0 {
            format!(" on repetition {rep}")
        } else {
            String::new()
        }
    }

    async fn line_error(&mut self, required: u64, rep: u64) -> Flow {
        let msg = format!(
            "{}: line number out of range{}",
            opts::quote(self.ctx, required.to_string().as_bytes()),
            Self::on_repetition(rep)
        );
        self.fail(msg).await
    }

    /// GNU's `write_to_file`: lines up to, not including, `last`.
    async fn write_to(&mut self, last: i128, skip: bool, arg: &[u8]) -> Flow {
        let first = match self.first_line().await? {
            Ok(f) => f,
            Err(s) => return Ok(Err(s)),
        };
        let msg = format!("{}: line number out of range", opts::quote(self.ctx, arg));
        if i128::from(first) > last {
            return self.fail(msg).await;
        }
        for _ in 0..(last - i128::from(first)) {
            match self.remove_line()? {
                Some(n) if !skip => self.save(n),
                Some(_) => {}
                None => return self.fail(msg).await,
            }
        }
        Ok(Ok(()))
    }

    async fn dump_rest(&mut self) -> Result<(), Interrupt> {
        while let Some(n) = self.remove_line()? {
            self.save(n);
        }
        Ok(())
    }

    /// GNU's `process_line_count`.
    async fn line_count(&mut self, required: u64, rep: u64) -> Flow {
        let last = u128::from(required) * u128::from(rep + 1);
        if let Err(s) = self.create().await? {
            return Ok(Err(s));
        }
        if self.no_more_lines() && self.suppress_matched {
            return self.line_error(required, rep).await;
        }
        let mut n = match self.first_line().await? {
            Ok(f) => u128::from(f),
            Err(s) => return Ok(Err(s)),
        };
        while n < last {
            n += 1;
            match self.remove_line()? {
                Some(l) => self.save(l),
                None => return self.line_error(required, rep).await,
            }
        }
        if let Err(s) = self.close().await? {
            return Ok(Err(s));
        }
        if self.suppress_matched {
            self.remove_line()?;
        }
        if self.no_more_lines() && !self.suppress_matched {
            return self.line_error(required, rep).await;
        }
        Ok(Ok(()))
    }

    /// GNU's `process_regexp`.
    async fn regexp(&mut self, c: &Control, rep: u64) -> Flow {
        let Kind::Regex { re, offset, skip } = &c.kind else {
            return Ok(Ok(()));
        };
        let (offset, skip) = (*offset, *skip);
        if !skip {
            if let Err(s) = self.create().await? {
                return Ok(Err(s));
            }
        }
        loop {
            self.current += 1;
            if !self.has_line(self.current) {
                if c.forever {
                    if !skip {
                        self.dump_rest().await?;
                        if let Err(s) = self.close().await? {
                            return Ok(Err(s));
                        }
                    }
                    return Ok(Err(Stop::Done));
                }
                self.ctx
                    .diag(format!(
                        "{}: match not found{}",
                        opts::quote(self.ctx, &c.arg),
                        Self::on_repetition(rep)
                    ))
                    .await?;
                if !skip {
                    self.dump_rest().await?;
                    if let Err(s) = self.close().await? {
                        return Ok(Err(s));
                    }
                }
                return self.fatal().await;
            }
            let line = self.line(self.current);
            let body = line.strip_suffix(b"\n").unwrap_or(line);
            self.ctx.charge_bytes(body.len())?;
            let hit = re.is_match(body);
            self.ctx.charge(re.take_steps() / 256 + 1)?;
            let hit = match hit {
                Ok(h) => h,
                Err(_) => {
                    return self
                        .fail("error in regular expression search".to_string())
                        .await
                }
            };
            if hit {
                break;
            }
            if offset >= 0 {
                if let Some(n) = self.remove_line()? {
                    if !skip {
                        self.save(n);
                    }
                }
            }
        }
        let brk = i128::from(self.current) + i128::from(offset);
        if let Err(s) = self.write_to(brk, skip, &c.arg).await? {
            return Ok(Err(s));
        }
        if !skip {
            if let Err(s) = self.close().await? {
                return Ok(Err(s));
            }
        }
        if offset > 0 {
            self.current = brk as u64;
        }
        if self.suppress_matched {
            self.remove_line()?;
        }
        Ok(Ok(()))
    }

    /// GNU's `split_file`.
    async fn run(&mut self, controls: &[Control]) -> Flow {
        for c in controls {
            let mut rep = 0u64;
            while c.forever || rep <= c.repeat {
                let r = match c.kind {
                    Kind::Line(n) => self.line_count(n, rep).await?,
                    Kind::Regex { .. } => self.regexp(c, rep).await?,
                };
                if let Err(s) = r {
                    return Ok(Err(s));
                }
                rep += 1;
            }
        }
        if let Err(s) = self.create().await? {
            return Ok(Err(s));
        }
        self.dump_rest().await?;
        self.close().await
    }
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut digits = 2u64;
    for (id, v) in &p.opts {
        if *id == b'n' {
            let raw = v.as_deref().unwrap_or_default();
            digits = match parse_int(raw, true) {
                Some(n) if (0..=i128::from(i32::MAX)).contains(&n) => n as u64,
                Some(n) => {
                    let why = if i128::from(i32::MIN) <= n && n <= i128::from(i32::MAX) {
                        "Numerical result out of range"
                    } else {
                        "Value too large for defined data type"
                    };
                    ctx.diag(format!("invalid number: {}: {why}", opts::quote(ctx, raw)))
                        .await?;
                    return Ok(1);
                }
                None => {
                    let digits_only = raw.iter().all(|b| b.is_ascii_digit()) && !raw.is_empty();
                    let tail = if digits_only {
                        ": Value too large for defined data type"
                    } else {
                        ""
                    };
                    ctx.diag(format!("invalid number: {}{tail}", opts::quote(ctx, raw)))
                        .await?;
                    return Ok(1);
                }
            };
        }
    }
    match p.operands.len() {
        0 => return opts::usage(ctx, "missing operand", 1).await,
        1 => {
            let msg = format!("missing operand after {}", opts::quote(ctx, &p.operands[0]));
            return opts::usage(ctx, &msg, 1).await;
        }
        _ => {}
    }
    let suffix = match p.last(b'b') {
        Some(f) => match suffix::Suffix::parse(f) {
            Ok(s) => s,
            Err(e) => {
                ctx.diag(e).await?;
                return Ok(1);
            }
        },
        None => suffix::Suffix::digits(digits),
    };
    let name_space = p.last(b'f').map_or(2, |f| f.len() as u64) + suffix.max_len();
    let _names = ctx.reservation(name_space)?;
    read_and_split(ctx, &p, suffix).await
}

async fn read_and_split(
    ctx: &CommandCtx,
    p: &opts::Parsed,
    suffix: suffix::Suffix,
) -> Result<i32, Interrupt> {
    let input = &p.operands[0];
    let data = match ctx.read_all_input(input).await {
        Ok(d) => d,
        Err(e) => {
            let e = opts::interrupted(e)?;
            ctx.diag(format!(
                "cannot open {} for reading: {}",
                opts::quoteaf(ctx, input),
                e.message()
            ))
            .await?;
            return Ok(1);
        }
    };
    split(ctx, p, suffix, &data).await
}

async fn split(
    ctx: &CommandCtx,
    p: &opts::Parsed,
    suffix: suffix::Suffix,
    data: &[u8],
) -> Result<i32, Interrupt> {
    let mut warnings = Vec::new();
    let controls = parse_patterns(Quoting::of(ctx), &p.operands[1..], &mut warnings);
    for w in warnings {
        ctx.diag(w).await?;
    }
    let controls = match controls {
        Ok(c) => c,
        Err(e) => {
            ctx.diag(e).await?;
            return Ok(1);
        }
    };
    ctx.charge_bytes(data.len())?;
    // The line index is reserved before it is built: a start per line, one more for the
    // first line and one for an unterminated last line.
    let lines = memchr::memchr_iter(b'\n', data).count() + 2;
    let _line_index = ctx.reservation((lines * std::mem::size_of::<usize>()) as u64)?;
    let mut starts = Vec::with_capacity(lines);
    starts.push(0);
    starts.extend(
        data.iter()
            .enumerate()
            .filter(|(_, &b)| b == b'\n')
            .map(|(i, _)| i + 1),
    );
    if *starts.last().unwrap_or(&0) != data.len() {
        starts.push(data.len());
    }
    let mut s = Splitter {
        ctx,
        data,
        starts,
        first: 1,
        current: 0,
        prefix: p.last(b'f').unwrap_or(b"xx").to_vec(),
        suffix,
        quiet: p.has(b's') || p.has(b'q'),
        keep: p.has(b'k'),
        elide: p.has(b'z'),
        suppress_matched: p.has(SUPPRESS_MATCHED),
        created: 0,
        open: None,
    };
    Ok(match s.run(&controls).await? {
        Ok(()) | Err(Stop::Done) => 0,
        Err(Stop::Fatal | Stop::Die) => 1,
    })
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests;
