//! `sed`: the GNU stream editor (sed 4.9), streaming line by line.
//!
//! Regular expressions come from [`super::posix_re`]. Not supported (clear error, exit 1): the
//! `e`, `F` and `W` commands, `s///e`, `--debug`. `w` files and `-i` outputs are written to the
//! VFS when sed finishes (GNU writes as it goes); `/dev/stdout` and `/dev/stderr` are the
//! standard streams.

use super::opts::{self, flag, optional, req, OptDef, Parser};
use super::posix_re::Regex;
use crate::process::command::{CommandCtx, Trust};
use crate::process::{Interrupt, OpenFile};
use std::collections::HashMap;
use std::rc::Rc;

mod script;
use script::{
    resolve_labels, Addr, Addr2, Case, Cmd, Compiler, Kind, Repl, ScriptErr, Subst, WFile,
};

const POSIX: u8 = 0x80;
const DEBUG: u8 = 0x81;
const SANDBOX: u8 = 0x82;
const FOLLOW: u8 = 0x83;
const INPLACE: u8 = 0x84;

const DEFS: &[OptDef] = &[
    flag(b'n', "quiet"),
    flag(b'n', "silent"),
    flag(DEBUG, "debug"),
    req(b'e', "expression"),
    req(b'f', "file"),
    flag(FOLLOW, "follow-symlinks"),
    optional(INPLACE, "in-place"),
    req(b'l', "line-length"),
    flag(POSIX, "posix"),
    flag(b'E', "regexp-extended"),
    flag(b'r', ""),
    flag(b's', "separate"),
    flag(SANDBOX, "sandbox"),
    flag(b'u', "unbuffered"),
    flag(b'z', "null-data"),
];

pub fn register(r: &mut super::Registry) {
    r.register(
        "sed",
        Trust::Real,
        "stream editor",
        "-n -e -f -E -r -i[SUFFIX] -s -z -u -l N --posix --sandbox --follow-symlinks; commands s y d D p P n N g G h H x = l q Q a i c r R w b t T z { } : # (no e W, no --debug)",
        run,
    );
}

const USAGE: &str = "Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...

  -n, --quiet, --silent
                 suppress automatic printing of pattern space
      --debug
                 annotate program execution
  -e script, --expression=script
                 add the script to the commands to be executed
  -f script-file, --file=script-file
                 add the contents of script-file to the commands to be executed
  --follow-symlinks
                 follow symlinks when processing in place
  -i[SUFFIX], --in-place[=SUFFIX]
                 edit files in place (makes backup if SUFFIX supplied)
  -l N, --line-length=N
                 specify the desired line-wrap length for the `l' command
  --posix
                 disable all GNU extensions.
  -E, -r, --regexp-extended
                 use extended regular expressions in the script
                 (for portability use POSIX -E).
  -s, --separate
                 consider files as separate rather than as a single,
                 continuous long stream.
      --sandbox
                 operate in sandbox mode (disable e/r/w commands).
  -u, --unbuffered
                 load minimal amounts of data from the input files and flush
                 the output buffers more often
  -z, --null-data
                 separate lines by NUL characters
      --help     display this help and exit
      --version  output version information and exit

If no -e, --expression, -f, or --file option is given, then the first
non-option argument is taken as the sed script to interpret.  All
remaining arguments are names of input files; if no input files are
specified, then the standard input is read.

GNU sed home page: <https://www.gnu.org/software/sed/>.
General help using GNU software: <https://www.gnu.org/gethelp/>.
";

struct Reader {
    file: Rc<OpenFile>,
    buf: Vec<u8>,
    pos: usize,
    eof: bool,
}

struct Input {
    files: Vec<Vec<u8>>,
    next_file: usize,
    cur: Option<Reader>,
    /// Name of the file `cur` reads.
    cur_name: Vec<u8>,
    separate: bool,
    delim: u8,
    status: i32,
    peeked: Option<(Vec<u8>, bool)>,
}

impl Input {
    /// Opens the next readable file; false when none is left.
    async fn open_next(&mut self, ctx: &CommandCtx) -> Result<bool, Interrupt> {
        while self.next_file < self.files.len() {
            let name = self.files[self.next_file].clone();
            self.next_file += 1;
            match ctx.open_input(&name) {
                Ok(f) => {
                    if name != b"-" {
                        let st = ctx.vfs().stat(&ctx.resolve(&name));
                        if let Ok(st) = st {
                            if st.file_type == crate::vfs::FileType::Dir {
                                ctx.diag(format!(
                                    "couldn't edit {}: not a regular file",
                                    String::from_utf8_lossy(&name)
                                ))
                                .await?;
                                self.status = 4;
                                continue;
                            }
                        }
                    }
                    self.cur = Some(Reader {
                        file: f,
                        buf: Vec::new(),
                        pos: 0,
                        eof: false,
                    });
                    self.cur_name = name;
                    return Ok(true);
                }
                Err(e) => {
                    let e = opts::interrupted(e)?;
                    ctx.diag(format!(
                        "can't read {}: {}",
                        String::from_utf8_lossy(&name),
                        e.message()
                    ))
                    .await?;
                    self.status = 2;
                }
            }
        }
        Ok(false)
    }

    /// A line from the current file only.
    async fn raw(&mut self, ctx: &CommandCtx) -> Result<Option<(Vec<u8>, bool)>, Interrupt> {
        let Some(r) = self.cur.as_mut() else {
            return Ok(None);
        };
        loop {
            if let Some(i) = r.buf[r.pos..].iter().position(|&b| b == self.delim) {
                let l = r.buf[r.pos..r.pos + i].to_vec();
                r.pos += i + 1;
                ctx.charge(1)?;
                return Ok(Some((l, true)));
            }
            if r.eof {
                if r.pos < r.buf.len() {
                    let l = r.buf[r.pos..].to_vec();
                    r.pos = r.buf.len();
                    return Ok(Some((l, false)));
                }
                return Ok(None);
            }
            if r.pos > 0 {
                r.buf.drain(..r.pos);
                r.pos = 0;
            }
            match ctx.sys.read(&r.file, 65536).await {
                Ok(c) if c.is_empty() => r.eof = true,
                Ok(c) => {
                    ctx.charge_bytes(c.len())?;
                    r.buf.extend_from_slice(&c);
                }
                Err(e) => {
                    let e = opts::interrupted(e)?;
                    ctx.diag(format!(
                        "read error on {}: {}",
                        String::from_utf8_lossy(&self.cur_name),
                        e.message()
                    ))
                    .await?;
                    self.status = 2;
                    r.eof = true;
                }
            }
        }
    }

    async fn fetch(&mut self, ctx: &CommandCtx) -> Result<Option<(Vec<u8>, bool)>, Interrupt> {
        loop {
            if let Some(l) = self.raw(ctx).await? {
                return Ok(Some(l));
            }
            if self.separate && self.cur.is_some() {
                return Ok(None);
            }
            if !self.open_next(ctx).await? {
                return Ok(None);
            }
        }
    }

    async fn next_line(&mut self, ctx: &CommandCtx) -> Result<Option<(Vec<u8>, bool)>, Interrupt> {
        if let Some(p) = self.peeked.take() {
            return Ok(Some(p));
        }
        self.fetch(ctx).await
    }

    async fn is_last(&mut self, ctx: &CommandCtx) -> Result<bool, Interrupt> {
        if self.peeked.is_some() {
            return Ok(false);
        }
        match self.fetch(ctx).await? {
            Some(l) => {
                self.peeked = Some(l);
                Ok(false)
            }
            None => Ok(true),
        }
    }
}

// ---- execution ----------------------------------------------------------------------------------

enum Sink {
    Stdout,
    Buf(Vec<u8>),
}

struct Exec {
    quiet: bool,
    line_len: usize,
    delim: u8,
    cmds: Vec<Cmd>,
    wfiles: Vec<WFile>,
    out: Sink,
    stdout: opts::Out,
    missing_nl: bool,
    append: Vec<Vec<u8>>,
    /// Queued `r` files, resolved when the queue is flushed (kept in order with `a` text).
    rfiles: HashMap<Vec<u8>, Rc<OpenFile>>,
    hold: Vec<u8>,
    line_no: u64,
    last_re: Option<Rc<Regex>>,
    quit: Option<i32>,
    /// Whether the current input line ended with the delimiter.
    cur_nl: bool,
    /// The C locale: characters are bytes.
    bytes: bool,
}

enum Flow {
    /// End of cycle with autoprint.
    End,
    /// End of cycle without autoprint (d, c, D without newline).
    Delete,
    /// D with a newline: restart without reading.
    Restart,
    /// q / Q / end of input inside n/N.
    Quit(bool),
}

impl Exec {
    fn emit(&mut self, data: &[u8], nl: bool) {
        let d = self.delim;
        let missing = self.missing_nl;
        let buf = match &mut self.out {
            Sink::Stdout => &mut self.stdout.buf,
            Sink::Buf(b) => b,
        };
        if missing {
            buf.push(d);
        }
        buf.extend_from_slice(data);
        if nl {
            buf.push(d);
        }
        self.missing_nl = !nl;
    }

    fn emit_raw(&mut self, data: &[u8]) {
        if data.is_empty() {
            return;
        }
        let d = self.delim;
        let missing = self.missing_nl;
        let buf = match &mut self.out {
            Sink::Stdout => &mut self.stdout.buf,
            Sink::Buf(b) => b,
        };
        if missing {
            buf.push(d);
        }
        buf.extend_from_slice(data);
        self.missing_nl = false;
    }

    async fn regex_match(
        &mut self,
        ctx: &CommandCtx,
        re: &Option<Rc<Regex>>,
        ps: &[u8],
    ) -> Result<Result<bool, String>, Interrupt> {
        let re = match re {
            Some(r) => {
                self.last_re = Some(r.clone());
                r.clone()
            }
            None => match &self.last_re {
                Some(r) => r.clone(),
                None => return Ok(Err("no previous regular expression".into())),
            },
        };
        let m = re.is_match(ps);
        ctx.charge(re.take_steps() / 256)?;
        Ok(m.map_err(|e| e.message().to_string()))
    }

    async fn addr_match(
        &mut self,
        ctx: &CommandCtx,
        a: &Addr,
        ps: &[u8],
        input: &mut Input,
    ) -> Result<Result<bool, String>, Interrupt> {
        Ok(Ok(match a {
            Addr::Line(n) => self.line_no == *n,
            Addr::Zero => false,
            Addr::Last => input.is_last(ctx).await?,
            Addr::Step(f, s) => {
                if *s == 0 {
                    self.line_no == *f
                } else {
                    self.line_no >= *f && (self.line_no - f) % s == 0
                }
            }
            Addr::Re(r) => return self.regex_match(ctx, r, ps).await,
        }))
    }

    async fn selected(
        &mut self,
        ctx: &CommandCtx,
        i: usize,
        ps: &[u8],
        input: &mut Input,
    ) -> Result<Result<bool, String>, Interrupt> {
        let Some(a1) = self.cmds[i].a1.clone() else {
            return Ok(Ok(!self.cmds[i].neg));
        };
        let r = match self.cmds[i].a2.clone() {
            None => match self.addr_match(ctx, &a1, ps, input).await? {
                Ok(b) => b,
                Err(e) => return Ok(Err(e)),
            },
            Some(a2) => {
                if self.cmds[i].active {
                    let end = match &a2 {
                        Addr2::A(Addr::Line(n)) => self.line_no >= *n,
                        Addr2::Plus(_) => self.line_no >= self.cmds[i].end_line,
                        Addr2::Mult(n) => *n == 0 || self.line_no % n == 0,
                        Addr2::A(a) => match self.addr_match(ctx, a, ps, input).await? {
                            Ok(b) => b,
                            Err(e) => return Ok(Err(e)),
                        },
                    };
                    if end {
                        self.cmds[i].active = false;
                        self.cmds[i].closed = matches!(a1, Addr::Line(_));
                    }
                    // A line-number end already passed: the range ends before this line.
                    if let Addr2::A(Addr::Line(n)) = &a2 {
                        if self.line_no > *n {
                            let m = match self.addr_match(ctx, &a1, ps, input).await? {
                                Ok(b) => b,
                                Err(e) => return Ok(Err(e)),
                            };
                            if !m {
                                return Ok(Ok(self.cmds[i].neg));
                            }
                        }
                    }
                    true
                } else {
                    let m = match (&a1, &a2) {
                        // GNU: a range from line N starts on the first line at or after N
                        // that reaches it (an earlier command may have skipped line N), but
                        // once past a line-number end it matches only line N itself.
                        (Addr::Line(n1), Addr2::A(Addr::Line(n2))) if self.line_no > *n2 => {
                            self.line_no == *n1
                        }
                        (Addr::Line(_), _) if self.cmds[i].closed => false,
                        (Addr::Line(n1), _) => self.line_no >= *n1,
                        _ => match self.addr_match(ctx, &a1, ps, input).await? {
                            Ok(b) => b,
                            Err(e) => return Ok(Err(e)),
                        },
                    };
                    if m {
                        let line = self.line_no;
                        let c = &mut self.cmds[i];
                        c.active = match &a2 {
                            Addr2::A(Addr::Line(n)) => *n > line,
                            Addr2::Plus(n) => {
                                c.end_line = line + n;
                                *n > 0
                            }
                            Addr2::Mult(n) => *n != 0 && line % n != 0,
                            Addr2::A(_) => true,
                        };
                        c.closed = !c.active && matches!(a1, Addr::Line(_));
                    }
                    m
                }
            }
        };
        Ok(Ok(r != self.cmds[i].neg))
    }

    async fn flush_append(&mut self, ctx: &CommandCtx) -> Result<(), Interrupt> {
        for item in std::mem::take(&mut self.append) {
            // `r` entries are tagged with a leading 0 byte + path; `R` lines and text are literal.
            if item.first() == Some(&0) {
                let path = &item[1..];
                // Standard input is read whole (its buffer holding the memory); a file's
                // contents are shared with the filesystem, not copied.
                let (stdin, file);
                let data: &[u8] = if path == b"/dev/stdin" || path == b"-" {
                    stdin = super::textio::slurp_quiet(ctx, b"-").await?;
                    &stdin
                } else {
                    file = ctx.vfs().read_file(&ctx.resolve(path)).unwrap_or_default();
                    &file
                };
                ctx.charge_bytes(data.len())?;
                self.emit_raw(data);
                if !data.is_empty() && data.last() != Some(&self.delim) {
                    self.missing_nl = true;
                }
            } else {
                self.emit_raw(&item);
            }
        }
        Ok(())
    }

    async fn read_r_line(
        &mut self,
        ctx: &CommandCtx,
        path: &[u8],
    ) -> Result<Option<Vec<u8>>, Interrupt> {
        if !self.rfiles.contains_key(path) {
            match ctx.open_input(path) {
                Ok(f) => {
                    self.rfiles.insert(path.to_vec(), f);
                }
                Err(e) => {
                    opts::interrupted(e)?;
                    return Ok(None);
                }
            }
        }
        let f = self.rfiles[path].clone();
        let mut line = Vec::new();
        loop {
            match ctx.sys.read(&f, 1).await {
                Ok(c) if c.is_empty() => break,
                Ok(c) => {
                    line.push(c[0]);
                    if c[0] == self.delim {
                        break;
                    }
                }
                Err(e) => {
                    opts::interrupted(e)?;
                    break;
                }
            }
        }
        if line.is_empty() {
            return Ok(None);
        }
        if line.last() != Some(&self.delim) {
            line.push(self.delim);
        }
        Ok(Some(line))
    }

    fn list(&mut self, ps: &[u8], width: usize) {
        let mut out = Vec::new();
        let mut col = 0;
        for &b in ps {
            let o: Vec<u8> = match b {
                b'\\' => b"\\\\".to_vec(),
                7 => b"\\a".to_vec(),
                8 => b"\\b".to_vec(),
                12 => b"\\f".to_vec(),
                b'\n' => b"\\n".to_vec(),
                b'\r' => b"\\r".to_vec(),
                b'\t' => b"\\t".to_vec(),
                11 => b"\\v".to_vec(),
                0x20..=0x7e => vec![b],
                _ => format!("\\{b:03o}").into_bytes(),
            };
            if width > 1 && col + o.len() > width - 1 {
                out.extend_from_slice(b"\\\n");
                col = 0;
            }
            col += o.len();
            out.extend_from_slice(&o);
        }
        out.push(b'$');
        self.emit(&out, true);
    }

    fn write_file(&mut self, ctx: &CommandCtx, idx: usize, data: &[u8]) {
        let _ = ctx;
        let (d, nl) = (self.delim, self.cur_nl);
        let w = &mut self.wfiles[idx];
        if w.missing_nl {
            w.data.push(d);
        }
        w.data.extend_from_slice(data);
        if nl {
            w.data.push(d);
        }
        w.missing_nl = !nl;
    }

    /// Copies `text` under the `\U \L \u \l` case conversion in force. In a UTF-8 locale
    /// each character is converted (bytes that are not UTF-8 pass through); in the C locale
    /// only ASCII letters change, and GNU sed 4.9 on glibc turns every converted byte from
    /// 0x80 up into 0xFF (its toupper/tolower see them as negative chars).
    fn apply_case(
        text: &[u8],
        bytes: bool,
        case: &mut Option<Case>,
        one: &mut Option<Case>,
        out: &mut Vec<u8>,
    ) {
        if case.is_none() && one.is_none() {
            out.extend_from_slice(text);
            return;
        }
        let mut i = 0;
        while i < text.len() {
            let mode = one.take().or(*case);
            let upper = match mode {
                Some(Case::Upper | Case::UpperOne) => true,
                Some(Case::Lower | Case::LowerOne) => false,
                _ => {
                    // No conversion left: the rest is copied as it is.
                    out.extend_from_slice(&text[i..]);
                    return;
                }
            };
            let (ch, l) = if bytes {
                (None, 1)
            } else {
                super::posix_re::decode(&text[i..])
            };
            let b = text[i];
            match ch {
                Some(c) if !c.is_ascii() => {
                    let conv: String = if upper {
                        c.to_uppercase().collect()
                    } else {
                        c.to_lowercase().collect()
                    };
                    out.extend_from_slice(conv.as_bytes());
                }
                _ if b >= 0x80 => {
                    out.push(if bytes { 0xFF } else { b });
                    if l > 1 {
                        out.extend_from_slice(&text[i + 1..i + l]);
                    }
                }
                _ => out.push(if upper {
                    b.to_ascii_uppercase()
                } else {
                    b.to_ascii_lowercase()
                }),
            }
            i += l;
        }
    }

    /// Runs `s`; returns whether a substitution was made.
    async fn subst(
        &mut self,
        ctx: &CommandCtx,
        s: &Subst,
        ps: &mut Vec<u8>,
    ) -> Result<Result<bool, String>, Interrupt> {
        let re = match &s.re {
            Some(r) => {
                self.last_re = Some(r.clone());
                r.clone()
            }
            None => match &self.last_re {
                Some(r) => r.clone(),
                None => return Ok(Err("no previous regular expression".into())),
            },
        };
        let mut out = Vec::new();
        let mut at = 0;
        let mut copied = 0;
        let mut count = 0u64;
        let mut did = false;
        let mut prev_end: Option<usize> = None;
        while at <= ps.len() {
            let caps = re.find_at(ps, at);
            ctx.charge(re.take_steps() / 256)?;
            let caps = match caps {
                Ok(Some(c)) => c,
                Ok(None) => break,
                Err(e) => return Ok(Err(e.message().to_string())),
            };
            let (ms, me) = caps[0].unwrap();
            if ms == me && prev_end == Some(ms) {
                // An empty match right after the previous match does not count. GNU sed
                // then moves on by one byte, even inside a UTF-8 character.
                if ms >= ps.len() {
                    break;
                }
                at = ms + 1;
                continue;
            }
            count += 1;
            if count >= s.nth {
                out.extend_from_slice(&ps[copied..ms]);
                let (mut case, mut one) = (None, None);
                for part in &s.repl {
                    match part {
                        Repl::Lit(t) => {
                            Self::apply_case(t, self.bytes, &mut case, &mut one, &mut out)
                        }
                        Repl::Group(g) => {
                            if let Some(Some((a, b))) = caps.get(*g) {
                                Self::apply_case(
                                    &ps[*a..*b],
                                    self.bytes,
                                    &mut case,
                                    &mut one,
                                    &mut out,
                                );
                            }
                        }
                        Repl::Case(c) => match c {
                            Case::Upper | Case::Lower => {
                                case = Some(*c);
                                one = None;
                            }
                            Case::UpperOne | Case::LowerOne => one = Some(*c),
                            Case::End => {
                                case = None;
                                one = None;
                            }
                        },
                    }
                }
                copied = me;
                did = true;
                if !s.global {
                    break;
                }
            }
            prev_end = Some(me);
            if me == ms {
                if ms >= ps.len() {
                    break;
                }
                // After an empty match GNU sed moves on by one byte (in any locale).
                at = ms + 1;
            } else {
                at = me;
            }
        }
        if did {
            out.extend_from_slice(&ps[copied..]);
            ctx.charge_bytes(out.len())?;
            *ps = out;
        }
        Ok(Ok(did))
    }

    /// Runs the script over one pattern space.
    async fn cycle(
        &mut self,
        ctx: &CommandCtx,
        ps: &mut Vec<u8>,
        input: &mut Input,
        tflag: &mut bool,
    ) -> Result<Result<Flow, String>, Interrupt> {
        let mut pc = 0;
        while pc < self.cmds.len() {
            ctx.charge(1)?;
            let sel = match self.selected(ctx, pc, ps, input).await? {
                Ok(b) => b,
                Err(e) => return Ok(Err(e)),
            };
            if !sel {
                if let Kind::Block(end) = self.cmds[pc].kind {
                    pc = end + 1;
                } else {
                    pc += 1;
                }
                continue;
            }
            let mut next = pc + 1;
            // Take the kind out temporarily to avoid borrowing self.cmds.
            let kind = std::mem::replace(&mut self.cmds[pc].kind, Kind::Nop);
            let mut flow = None;
            match &kind {
                Kind::Block(_) | Kind::EndBlock | Kind::Nop | Kind::Label(_) => {}
                Kind::S(s) => match self.subst(ctx, s, ps).await? {
                    Ok(true) => {
                        *tflag = true;
                        for _ in 0..s.print {
                            self.emit(&ps.clone(), self.cur_nl);
                        }
                        if let Some(w) = s.write {
                            self.wfile_write(ctx, w, &ps.clone()).await?;
                        }
                    }
                    Ok(false) => {}
                    Err(e) => {
                        self.cmds[pc].kind = kind;
                        return Ok(Err(e));
                    }
                },
                Kind::Y(map) => {
                    let mut out = Vec::with_capacity(ps.len());
                    let mut i = 0;
                    while i < ps.len() {
                        let l = super::posix_re::char_len(&ps[i..], self.bytes);
                        let ch = &ps[i..i + l];
                        match map.get(ch) {
                            Some(r) => out.extend_from_slice(r),
                            None => out.extend_from_slice(ch),
                        }
                        i += l;
                    }
                    ctx.charge_bytes(ps.len())?;
                    *ps = out;
                }
                Kind::Eq => {
                    let s = format!("{}\n", self.line_no);
                    self.emit_raw(s.as_bytes());
                }
                Kind::F => {
                    let mut s = input.cur_name.clone();
                    s.push(b'\n');
                    self.emit_raw(&s);
                }
                Kind::P => self.emit(&ps.clone(), self.cur_nl),
                Kind::BigP => match ps.iter().position(|&b| b == b'\n') {
                    Some(end) => self.emit(&ps[..end], true),
                    None => self.emit(&ps.clone(), self.cur_nl),
                },
                Kind::D => flow = Some(Flow::Delete),
                Kind::BigD => match ps.iter().position(|&b| b == b'\n') {
                    None => flow = Some(Flow::Delete),
                    Some(i) => {
                        ps.drain(..=i);
                        flow = Some(Flow::Restart);
                    }
                },
                Kind::N | Kind::BigN => {
                    let is_n = matches!(kind, Kind::N);
                    if input.is_last(ctx).await? {
                        // GNU: at end of input, print the pattern space and quit.
                        flow = Some(Flow::Quit(!self.quiet));
                    } else {
                        if is_n && !self.quiet {
                            self.emit(&ps.clone(), self.cur_nl);
                        }
                        self.flush_append(ctx).await?;
                        let (l, nl) = input.next_line(ctx).await?.unwrap_or_default();
                        self.line_no += 1;
                        self.missing_nl_input(nl);
                        if is_n {
                            *ps = l;
                        } else {
                            ps.push(b'\n');
                            ps.extend_from_slice(&l);
                        }
                    }
                }
                Kind::H => self.hold = ps.clone(),
                Kind::BigH => {
                    self.hold.push(b'\n');
                    self.hold.extend_from_slice(ps);
                }
                Kind::G => *ps = self.hold.clone(),
                Kind::BigG => {
                    ps.push(b'\n');
                    ps.extend_from_slice(&self.hold.clone());
                }
                Kind::X => std::mem::swap(ps, &mut self.hold),
                Kind::Z => ps.clear(),
                Kind::L(n) => {
                    let w = n.unwrap_or(self.line_len);
                    self.list(&ps.clone(), w);
                }
                Kind::Q(code) => {
                    self.quit = Some(*code);
                    flow = Some(Flow::Quit(!self.quiet));
                }
                Kind::BigQ(code) => {
                    self.quit = Some(*code);
                    flow = Some(Flow::Quit(false));
                }
                Kind::A(t) => self.append.push(t.clone()),
                Kind::I(t) => self.emit_raw(&t.clone()),
                Kind::C(t) => {
                    let c = &self.cmds[pc];
                    if c.a2.is_none() || !c.active || c.neg {
                        self.emit_raw(&t.clone());
                    }
                    flow = Some(Flow::Delete);
                }
                Kind::R(f) => {
                    let mut item = vec![0];
                    item.extend_from_slice(f);
                    self.append.push(item);
                }
                Kind::BigR(f) => {
                    if let Some(l) = self.read_r_line(ctx, &f.clone()).await? {
                        self.append.push(l);
                    }
                }
                Kind::W(w) => self.wfile_write(ctx, *w, &ps.clone()).await?,
                Kind::B(_, t) => next = *t,
                Kind::T(_, t) => {
                    if *tflag {
                        *tflag = false;
                        next = *t;
                    }
                }
                Kind::BigT(_, t) => {
                    if !*tflag {
                        next = *t;
                    } else {
                        *tflag = false;
                    }
                }
            }
            self.cmds[pc].kind = kind;
            if let Some(f) = flow {
                return Ok(Ok(f));
            }
            pc = next;
        }
        Ok(Ok(Flow::End))
    }

    fn missing_nl_input(&mut self, nl: bool) {
        self.cur_nl = nl;
    }

    async fn wfile_write(
        &mut self,
        ctx: &CommandCtx,
        w: usize,
        data: &[u8],
    ) -> Result<(), Interrupt> {
        match self.wfiles[w].path.as_slice() {
            b"/dev/stdout" => self.emit(data, true),
            b"/dev/stderr" => {
                let mut d = data.to_vec();
                d.push(self.delim);
                ctx.err(&d).await?;
            }
            _ => self.write_file(ctx, w, data),
        }
        Ok(())
    }
}

/// Splits `-i[SUFFIX]` out of short-option clusters (getopt's optional argument).
fn preprocess(args: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if a == b"--" {
            out.extend(args[i - 1..].iter().cloned());
            break;
        }
        if a.len() < 2 || a[0] != b'-' || a[1] == b'-' {
            out.push(a.clone());
            continue;
        }
        let mut j = 1;
        let mut handled = false;
        while j < a.len() {
            let c = a[j];
            if c == b'e' || c == b'f' || c == b'l' {
                break;
            }
            if c == b'i' {
                if j > 1 {
                    out.push(a[..j].to_vec());
                }
                let mut v = b"--in-place".to_vec();
                if j + 1 < a.len() {
                    v.push(b'=');
                    v.extend_from_slice(&a[j + 1..]);
                }
                out.push(v);
                handled = true;
                break;
            }
            j += 1;
        }
        if !handled {
            out.push(a.clone());
            // An option taking an argument in a separate word: pass the word through.
            if j == a.len() - 1 && matches!(a[j], b'e' | b'f' | b'l') && i < args.len() {
                out.push(args[i].clone());
                i += 1;
            }
        }
    }
    out
}

async fn usage_err(ctx: &CommandCtx, msg: Option<&str>) -> Result<i32, Interrupt> {
    if let Some(m) = msg {
        ctx.diag(m).await?;
    }
    ctx.err(USAGE.as_bytes()).await?;
    Ok(1)
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let args = preprocess(ctx.args());
    let p = match Parser::new(DEFS).parse(&args) {
        Ok(p) => p,
        Err(m) => return usage_err(ctx, Some(&m)).await,
    };
    if p.has(opts::HELP) {
        ctx.out(USAGE.as_bytes()).await?;
        return Ok(0);
    }
    if p.has(opts::VERSION) {
        ctx.out(b"sed (GNU sed) 4.9\n").await?;
        return Ok(0);
    }
    if p.has(DEBUG) {
        ctx.mark_partial("sed --debug is not supported");
        ctx.diag("--debug is not supported by this simulator")
            .await?;
        return Ok(1);
    }
    let ere = p.has(b'E') || p.has(b'r');
    let sandbox = p.has(SANDBOX);
    let mut line_len = 70usize;
    if let Some(v) = p.last(b'l') {
        match opts::parse_i64(v) {
            Some(n) if n >= 0 => line_len = n as usize,
            _ => {
                ctx.diag(format!(
                    "invalid line length: {}",
                    String::from_utf8_lossy(v)
                ))
                .await?;
                return Ok(1);
            }
        }
    }
    // Script pieces.
    let mut pieces: Vec<(Vec<u8>, String)> = Vec::new();
    let mut nexpr = 0;
    for (id, v) in &p.opts {
        let v = v.clone().unwrap_or_default();
        match *id {
            b'e' => {
                nexpr += 1;
                pieces.push((v, format!("-e expression #{nexpr}")));
            }
            b'f' => {
                let data = match ctx.read_all_input(&v).await {
                    Ok(d) => d,
                    Err(e) => {
                        let e = opts::interrupted(e)?;
                        ctx.diag(format!(
                            "couldn't open file {}: {}",
                            String::from_utf8_lossy(&v),
                            e.message()
                        ))
                        .await?;
                        return Ok(1);
                    }
                };
                // Script text is not charged as data (like `-e` text): it is compiled.
                let (mut d, _) = data.into_parts();
                if d.last() == Some(&b'\n') {
                    d.pop();
                }
                pieces.push((d, format!("file {} line 1", String::from_utf8_lossy(&v))));
            }
            _ => {}
        }
    }
    let mut operands = p.operands.clone();
    if pieces.is_empty() {
        if operands.is_empty() {
            return usage_err(ctx, None).await;
        }
        pieces.push((operands.remove(0), "-e expression #1".to_string()));
    }
    let mut quiet = p.has(b'n');
    if pieces[0].0.starts_with(b"#n") && (pieces[0].0.len() == 2 || pieces[0].0[2] == b'\n') {
        quiet = true;
    }
    // GNU joins -e pieces with newlines (so `a\` continues into the next -e).
    let mut comp = Compiler {
        s: b"",
        i: 0,
        origin: String::new(),
        ere,
        bytes: !opts::utf8_locale(ctx),
        sandbox,
        cmds: Vec::new(),
        blocks: Vec::new(),
        wfiles: Vec::new(),
    };
    let mut joined: Vec<u8> = Vec::new();
    let mut origin = String::new();
    for (k, (text, o)) in pieces.iter().enumerate() {
        if k == 0 {
            origin = o.clone();
        }
        if k > 0 {
            joined.push(b'\n');
        }
        joined.extend_from_slice(text);
    }
    // Compile piece by piece for accurate messages unless a piece ends in a continuation.
    let continued = pieces
        .iter()
        .take(pieces.len().saturating_sub(1))
        .any(|(t, _)| t.ends_with(b"\\"));
    let result = if continued || pieces.len() == 1 {
        comp.s = &joined;
        comp.origin = origin;
        comp.piece()
    } else {
        let mut r = Ok(());
        for (text, o) in &pieces {
            comp.s = text;
            comp.i = 0;
            comp.origin = o.clone();
            r = comp.piece();
            if r.is_err() {
                break;
            }
        }
        r
    };
    if let Err(ScriptErr(m)) = result {
        ctx.diag(m).await?;
        return Ok(1);
    }
    if !comp.blocks.is_empty() {
        ctx.diag(format!("{}, char 0: unmatched `{{'", pieces[0].1))
            .await?;
        return Ok(1);
    }
    let mut cmds = std::mem::take(&mut comp.cmds);
    let wfiles = std::mem::take(&mut comp.wfiles);
    if let Err(m) = resolve_labels(&mut cmds) {
        ctx.diag(m).await?;
        return Ok(1);
    }
    for c in cmds.iter_mut() {
        if matches!(c.a1, Some(Addr::Zero)) {
            c.active = true;
        }
    }
    // Truncate w files now, like GNU.
    for w in &wfiles {
        if w.path != b"/dev/stdout" && w.path != b"/dev/stderr" {
            let r = ctx.write_file(&ctx.resolve(&w.path), b"", crate::vfs::WriteMode::Truncate);
            if let Err(e) = r {
                ctx.diag(format!(
                    "couldn't open file {}: {}",
                    String::from_utf8_lossy(&w.path),
                    e.message()
                ))
                .await?;
                return Ok(4);
            }
        }
    }
    let in_place = p.has(INPLACE);
    let follow = p.has(FOLLOW);
    let suffix = p.last(INPLACE).map(|s| s.to_vec()).unwrap_or_default();
    let separate = p.has(b's') || in_place;
    let delim = if p.has(b'z') { 0 } else { b'\n' };
    if operands.is_empty() {
        if in_place {
            // GNU's panic(), so status 4 like other in-place failures.
            ctx.diag("no input files").await?;
            return Ok(4);
        }
        operands.push(b"-".to_vec());
    }
    let mut ex = Exec {
        bytes: comp.bytes,
        quiet,
        line_len,
        delim,
        cmds,
        wfiles,
        out: if in_place {
            Sink::Buf(Vec::new())
        } else {
            Sink::Stdout
        },
        stdout: opts::Out::new(),
        missing_nl: false,
        append: Vec::new(),
        rfiles: HashMap::new(),
        hold: Vec::new(),
        line_no: 0,
        last_re: None,
        quit: None,
        cur_nl: true,
    };
    let mut input = Input {
        files: operands,
        next_file: 0,
        cur: None,
        cur_name: Vec::new(),
        separate,
        delim,
        status: 0,
        peeked: None,
    };
    let mut status = 0;
    let mut fatal: Option<String> = None;
    'files: loop {
        if separate {
            if !input.open_next(ctx).await? {
                break;
            }
            ex.line_no = 0;
            ex.missing_nl = false;
            for c in ex.cmds.iter_mut() {
                c.closed = false;
            }
            if in_place {
                ex.out = Sink::Buf(Vec::new());
            }
        }
        let mut ps: Vec<u8> = Vec::new();
        let mut restart = false;
        loop {
            let mut tflag = false;
            if !restart {
                match input.next_line(ctx).await? {
                    None => break,
                    Some((l, nl)) => {
                        ps = l;
                        ex.line_no += 1;
                        ex.cur_nl = nl;
                    }
                }
            }
            restart = false;
            let flow = match ex.cycle(ctx, &mut ps, &mut input, &mut tflag).await? {
                Ok(f) => f,
                Err(m) => {
                    fatal = Some(m);
                    break 'files;
                }
            };
            match flow {
                Flow::End => {
                    if !ex.quiet {
                        ex.emit(&ps.clone(), ex.cur_nl);
                    }
                }
                Flow::Delete => {}
                Flow::Restart => restart = true,
                Flow::Quit(print) => {
                    if print {
                        ex.emit(&ps.clone(), ex.cur_nl);
                    }
                    ex.flush_append(ctx).await?;
                    if ex.quit.is_none() {
                        ex.quit = Some(0);
                    }
                    break 'files;
                }
            }
            ex.flush_append(ctx).await?;
            if restart && ps.is_empty() {
                restart = false;
            }
            ex.stdout.maybe_flush(ctx).await?;
        }
        if in_place {
            finish_in_place(ctx, &mut ex, &input, &suffix, follow).await?;
        }
        if !separate {
            break;
        }
    }
    if in_place && ex.quit.is_some() {
        finish_in_place(ctx, &mut ex, &input, &suffix, follow).await?;
    }
    ex.stdout.flush(ctx).await?;
    for w in &ex.wfiles {
        if w.path != b"/dev/stdout" && w.path != b"/dev/stderr" && !w.data.is_empty() {
            let _ = ctx.write_file(
                &ctx.resolve(&w.path),
                &w.data,
                crate::vfs::WriteMode::Append,
            );
        }
    }
    if let Some(m) = fatal {
        ctx.diag(m).await?;
        return Ok(4);
    }
    if let Some(q) = ex.quit {
        if q != 0 {
            return Ok(q);
        }
    }
    if input.status != 0 {
        status = input.status;
    }
    Ok(status)
}

async fn finish_in_place(
    ctx: &CommandCtx,
    ex: &mut Exec,
    input: &Input,
    suffix: &[u8],
    follow: bool,
) -> Result<(), Interrupt> {
    let data = match std::mem::replace(&mut ex.out, Sink::Buf(Vec::new())) {
        Sink::Buf(b) => b,
        Sink::Stdout => return Ok(()),
    };
    let name = &input.cur_name;
    if name == b"-" || name.is_empty() {
        return Ok(());
    }
    let abs = ctx.resolve(name);
    if !suffix.is_empty() {
        let base = crate::vfs::path::file_name(&abs).to_vec();
        let bak = if suffix.contains(&b'*') {
            let mut v = Vec::new();
            for &b in suffix {
                if b == b'*' {
                    v.extend_from_slice(&base);
                } else {
                    v.push(b);
                }
            }
            if v.contains(&b'/') {
                v
            } else {
                crate::vfs::path::join(&crate::vfs::path::parent(&abs), &v)
            }
        } else {
            let mut v = abs.clone();
            v.extend_from_slice(suffix);
            v
        };
        let old = ctx
            .vfs()
            .read_file(&abs)
            .map(|d| d.to_vec())
            .unwrap_or_default();
        let _ = ctx.write_file(&ctx.resolve(&bak), &old, crate::vfs::WriteMode::Truncate);
    }
    ctx.charge_bytes(data.len())?;
    // GNU sed writes a new file and renames it over the old name, so the other names of a
    // file with several keep the old content. Here the name is replaced by a new file with
    // the old mode and owner.
    // Without --follow-symlinks a symlink operand is replaced too: the new regular file takes
    // the link's name and the target's mode, and the target keeps its content.
    let lst = ctx.vfs().lstat(&abs).ok();
    let linked = match lst {
        Some(st) if st.file_type == crate::vfs::FileType::File && st.nlink > 1 => Some(st),
        Some(st) if st.file_type == crate::vfs::FileType::Symlink && !follow => {
            ctx.vfs().stat(&abs).ok()
        }
        _ => None,
    };
    let r = match linked {
        Some(st) => {
            let mut vfs = ctx.vfs();
            let before = vfs.clone();
            let r = vfs.remove(&abs).and_then(|()| {
                vfs.write_file_mode(&abs, &data, crate::vfs::WriteMode::CreateNew, st.mode)?;
                vfs.chown(&abs, Some(st.uid), Some(st.gid), false)
            });
            if r.is_err() {
                *vfs = before;
            }
            r
        }
        None => ctx.write_file(&abs, &data, crate::vfs::WriteMode::Truncate),
    };
    if let Err(e) = r {
        ctx.diag(format!(
            "couldn't open temporary file {}: {}",
            String::from_utf8_lossy(name),
            e.message()
        ))
        .await?;
    }
    Ok(())
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests;
