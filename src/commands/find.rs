//! `find` (GNU findutils 4.9 subset): walk directory trees and evaluate an expression on each
//! entry.
//!
//! Traversal order is GNU's (directory entries in readdir order); the VFS's readdir order is
//! sorted by name, so output is sorted within each directory. Standard input is never a
//! terminal here, so GNU's positional-option warnings (which it prints only on a tty) never
//! appear. `-ok`/`-okdir` need a terminal and are refused.

use super::chmod;
use super::exec_check::{cannot_run_in, Wording};
use super::fsutil::{self, group_name, user_name};
use super::opts::{self, Out};
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::process::{OpenFile, OpenFlags};
use crate::shell::pattern::{MatchOptions, Pattern};
use crate::vfs::{path, FileType, Stat};
use format::type_char;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Cmp {
    Gt,
    Lt,
    Eq,
}

#[derive(Clone, Copy)]
struct Num {
    cmp: Cmp,
    n: u64,
}

impl Num {
    fn test(self, v: i128) -> bool {
        let n = i128::from(self.n);
        match self.cmp {
            Cmp::Gt => v > n,
            Cmp::Lt => v < n,
            Cmp::Eq => v == n,
        }
    }
}

#[derive(Clone, Copy)]
enum TimeField {
    A,
    C,
    M,
}

impl TimeField {
    /// The field a predicate's letter names (`a`, `c`, `m`).
    fn from_letter(c: u8) -> Option<TimeField> {
        match c {
            b'a' => Some(TimeField::A),
            b'c' => Some(TimeField::C),
            b'm' => Some(TimeField::M),
            _ => None,
        }
    }

    fn of(self, st: &crate::vfs::Stat) -> u64 {
        match self {
            TimeField::A => st.atime_ns,
            TimeField::C => st.ctime_ns,
            TimeField::M => st.mtime_ns,
        }
    }
}

enum Test {
    True,
    False,
    Name(Pattern),
    Path(Pattern),
    Regex(regex::bytes::Regex),
    Type(Vec<u8>),
    /// `-xtype`: `-type` of what a symbolic link points to (of the link itself when links
    /// are followed).
    XType(Vec<u8>),
    /// `-lname`, `-ilname`: a symbolic link's target matches.
    LName(Pattern),
    /// `-newer`, `-anewer`, `-cnewer`, `-newerXY`: the field's time is after the reference.
    Newer(TimeField, u64),
    Size(Num, u64),
    Time(TimeField, Num, u64),
    Empty,
    Perm(u8, u32),
    Uid(Num),
    Gid(Num),
    NoUser,
    NoGroup,
    Links(Num),
    Inum(Num),
    SameFile(u64),
    Executable,
}

struct Exec {
    argv: Vec<Vec<u8>>,
    plus: bool,
    dir: bool,
    /// Pending `+` batch: (working directory, paths).
    batch: RefCell<(Vec<u8>, Vec<Vec<u8>>)>,
    batch_bytes: Cell<usize>,
}

enum Action {
    Print(u8),
    /// `-ls`: the line `ls -dils` would print.
    Ls,
    Printf(Vec<u8>),
    /// `-fprint`, `-fprint0`, `-fls`, `-fprintf`: the same into the output file numbered.
    FPrint(u8, usize),
    FLs(usize),
    FPrintf(Vec<u8>, usize),
    Prune,
    Quit,
    Delete,
    Exec(usize),
}

enum Node {
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
    Comma(Box<Node>, Box<Node>),
    Not(Box<Node>),
    Test(Test),
    Action(Action),
}

/// Most bytes of arguments one `-exec ... +` batch collects.
const BATCH_BYTES: usize = 128 * 1024;

/// The `-regextype` names findutils 4.9 lists when it refuses one (only `findutils-default`,
/// `emacs` and the extended ones are accepted here).
const REGEX_TYPES: [&str; 13] = [
    "findutils-default",
    "ed",
    "emacs",
    "gnu-awk",
    "grep",
    "posix-awk",
    "awk",
    "posix-basic",
    "posix-egrep",
    "egrep",
    "posix-extended",
    "posix-minimal-basic",
    "sed",
];

struct Entry {
    display: Vec<u8>,
    abs: Vec<u8>,
    st: Stat,
    depth: usize,
    start: Vec<u8>,
}

/// A file named by `-fprint` and its kin, opened (truncated) while the expression is read;
/// predicates naming the same file share it.
struct Sink {
    name: Vec<u8>,
    key: Vec<u8>,
    file: Rc<OpenFile>,
    buf: RefCell<Vec<u8>>,
}

struct Find<'a> {
    ctx: &'a CommandCtx,
    out: RefCell<Out>,
    sinks: Vec<Sink>,
    /// `-P`, `-H` or `-L`, for `-xtype`.
    follow: u8,
    status: Cell<i32>,
    quit: Cell<bool>,
    prune: Cell<bool>,
    execs: Vec<Exec>,
    now_ns: u64,
    /// `-ls` column widths, which only grow (as GNU find's do): inode, blocks, links, size.
    ls_widths: Cell<[usize; 4]>,
}

// ---- parsing ------------------------------------------------------------------------------------

struct Globals {
    maxdepth: Option<usize>,
    mindepth: usize,
    depth_first: bool,
    follow: u8,
    has_action: bool,
    regex_type: u8,
}

struct P<'a> {
    ctx: &'a CommandCtx,
    args: &'a [Vec<u8>],
    i: usize,
    g: Globals,
    execs: Vec<Exec>,
    sinks: Vec<Sink>,
    warnings: Vec<String>,
}

type PResult<T> = Result<T, String>;

fn parse_num(s: &[u8]) -> Option<Num> {
    let (cmp, body) = match s.first() {
        Some(b'+') => (Cmp::Gt, &s[1..]),
        Some(b'-') => (Cmp::Lt, &s[1..]),
        _ => (Cmp::Eq, s),
    };
    if body.is_empty() || !body.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(Num {
        cmp,
        n: std::str::from_utf8(body).ok()?.parse().ok()?,
    })
}

/// Translates an Emacs-syntax regular expression (findutils' default) to Rust syntax.
fn emacs_to_rust(re: &[u8]) -> String {
    let s = String::from_utf8_lossy(re);
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' if i + 1 < chars.len() => {
                let n = chars[i + 1];
                i += 2;
                match n {
                    '(' => out.push('('),
                    ')' => out.push(')'),
                    '|' => out.push('|'),
                    'w' | 'W' | 'b' | 'B' => {
                        out.push('\\');
                        out.push(n);
                    }
                    '<' | '>' => out.push_str("\\b"),
                    '`' => out.push_str("\\A"),
                    '\'' => out.push_str("\\z"),
                    _ => out.push_str(&regex::escape(&n.to_string())),
                }
                continue;
            }
            '[' => {
                let (cls, used) = bracket(&chars[i..]);
                out.push_str(&cls);
                i += used;
                continue;
            }
            '(' | ')' | '|' | '{' | '}' | '\\' => out.push_str(&regex::escape(&c.to_string())),
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

/// A POSIX bracket expression at `c[0] == '['`, as Rust class syntax: (class, chars used).
fn bracket(c: &[char]) -> (String, usize) {
    let mut out = String::from("[");
    let mut i = 1;
    if c.get(i) == Some(&'^') {
        out.push('^');
        i += 1;
    }
    if c.get(i) == Some(&']') {
        out.push_str("\\]");
        i += 1;
    }
    while i < c.len() {
        match c[i] {
            ']' => {
                out.push(']');
                return (out, i + 1);
            }
            '[' if matches!(c.get(i + 1), Some(':' | '.' | '=')) => {
                let close = c[i + 2..].iter().position(|&x| x == ']').map(|p| p + i + 2);
                match close {
                    Some(e) => {
                        out.extend(&c[i..=e]);
                        i = e + 1;
                    }
                    None => {
                        out.push_str("\\[");
                        i += 1;
                    }
                }
            }
            '\\' | '[' | '&' | '~' => {
                out.push('\\');
                out.push(c[i]);
                i += 1;
            }
            x => {
                out.push(x);
                i += 1;
            }
        }
    }
    // Unterminated: treat the `[` literally.
    let mut lit = String::from("\\[");
    for &x in &c[1..] {
        lit.push_str(&regex::escape(&x.to_string()));
    }
    (lit, c.len())
}

impl<'a> P<'a> {
    fn peek(&self) -> Option<&'a [u8]> {
        self.args.get(self.i).map(|a| a.as_slice())
    }

    fn arg(&mut self, pred: &[u8]) -> PResult<&'a [u8]> {
        match self.args.get(self.i) {
            Some(a) => {
                self.i += 1;
                Ok(a)
            }
            None => Err(format!(
                "missing argument to `{}'",
                String::from_utf8_lossy(pred)
            )),
        }
    }

    fn expr(&mut self) -> PResult<Node> {
        let mut left = self.or()?;
        while self.peek() == Some(b",") {
            self.i += 1;
            if self.peek().is_none() {
                return Err("expected an expression after ','".into());
            }
            let right = self.or()?;
            left = Node::Comma(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn or(&mut self) -> PResult<Node> {
        let mut left = self.and()?;
        while matches!(self.peek(), Some(b"-o" | b"-or")) {
            let op = String::from_utf8_lossy(self.peek().unwrap()).into_owned();
            self.i += 1;
            if matches!(self.peek(), None | Some(b")" | b",")) {
                return Err(format!("expected an expression after '{op}'"));
            }
            let right = self.and()?;
            left = Node::Or(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn and(&mut self) -> PResult<Node> {
        let mut left = self.unary()?;
        loop {
            match self.peek() {
                None | Some(b")" | b"-o" | b"-or" | b",") => break,
                Some(b"-a" | b"-and") => {
                    let op = String::from_utf8_lossy(self.peek().unwrap()).into_owned();
                    self.i += 1;
                    if matches!(self.peek(), None | Some(b")" | b"-o" | b"-or" | b",")) {
                        return Err(format!("expected an expression after '{op}'"));
                    }
                }
                _ => {}
            }
            let right = self.unary()?;
            left = Node::And(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn unary(&mut self) -> PResult<Node> {
        match self.peek() {
            Some(b"!" | b"-not") => {
                let op = String::from_utf8_lossy(self.peek().unwrap()).into_owned();
                self.i += 1;
                if matches!(
                    self.peek(),
                    None | Some(b")" | b"-o" | b"-or" | b"-a" | b"-and" | b",")
                ) {
                    return Err(format!("expected an expression after '{op}'"));
                }
                Ok(Node::Not(Box::new(self.unary()?)))
            }
            Some(b"(") => {
                self.i += 1;
                if self.peek() == Some(b")") {
                    return Err("invalid expression; empty parentheses are not allowed.".into());
                }
                if self.peek().is_none() {
                    return Err("invalid expression; I was expecting to find a ')' somewhere but did not see one.".into());
                }
                let e = self.expr()?;
                if self.peek() != Some(b")") {
                    return Err("invalid expression; I was expecting to find a ')' somewhere but did not see one.".into());
                }
                self.i += 1;
                Ok(e)
            }
            Some(b")") => Err("invalid expression; you have too many ')'".into()),
            Some(b"-o" | b"-or" | b"-a" | b"-and" | b",") => {
                let op = String::from_utf8_lossy(self.peek().unwrap()).into_owned();
                Err(format!("invalid expression; you have used a binary operator '{op}' with nothing before it."))
            }
            Some(_) => self.primary(),
            None => Ok(Node::Test(Test::True)),
        }
    }

    fn pattern(&mut self, pred: &[u8], nocase: bool) -> PResult<Pattern> {
        let a = self.arg(pred)?;
        Ok(Pattern::compile(
            a,
            MatchOptions {
                extglob: false,
                nocase,
                utf8: false,
                pathname: false,
                dotglob: false,
            },
        ))
    }

    fn depth_arg(&mut self, pred: &[u8]) -> PResult<usize> {
        let a = self.arg(pred)?;
        let bad = || {
            format!(
                "Expected a positive decimal integer argument to {}, but got {}",
                String::from_utf8_lossy(pred),
                opts::quote(self.ctx, a)
            )
        };
        if a.is_empty() || !a.iter().all(u8::is_ascii_digit) {
            return Err(bad());
        }
        std::str::from_utf8(a)
            .ok()
            .and_then(|s| s.parse().ok())
            .ok_or_else(bad)
    }

    fn num_arg(&mut self, pred: &[u8]) -> PResult<Num> {
        let a = self.arg(pred)?;
        parse_num(a).ok_or_else(|| {
            format!(
                "invalid argument `{}' to `{}'",
                String::from_utf8_lossy(a),
                String::from_utf8_lossy(pred)
            )
        })
    }

    fn ref_mtime(&mut self, pred: &[u8]) -> PResult<u64> {
        self.ref_stat(pred).map(|s| s.mtime_ns)
    }

    /// The `stat` of a reference file operand, following symlinks as the walk does.
    fn ref_stat(&mut self, pred: &[u8]) -> PResult<crate::vfs::Stat> {
        let a = self.arg(pred)?;
        let abs = self.ctx.resolve(a);
        let st = if self.g.follow == b'P' {
            self.ctx.lstat(&abs)
        } else {
            self.ctx.stat(&abs)
        };
        st.map_err(|e| format!("{}: {}", opts::quote(self.ctx, a), e.message()))
    }

    /// `-newerXY REF`: the file's X time (a, c, m) after REF's Y time, or after the date REF
    /// when Y is `t`. Birth times (B) are not kept, as on a file system without them.
    fn newer_xy(&mut self, tok: &[u8]) -> PResult<Node> {
        let field = TimeField::from_letter;
        let (x, y) = (tok[6], tok[7]);
        let name = String::from_utf8_lossy(tok);
        if x == b'B' || y == b'B' {
            return Err(format!(
                "This system does not provide a way to find the birth time of a file.\n\
                 find: invalid predicate `{name}'"
            ));
        }
        let (Some(mine), true) = (field(x), y == b't' || field(y).is_some()) else {
            return Err(format!("invalid predicate `{name}'"));
        };
        if self.args.get(self.i).is_none() {
            return Err(format!(
                "The {} test needs an argument",
                opts::quote(self.ctx, tok)
            ));
        }
        let reference = match field(y) {
            Some(theirs) => theirs.of(&self.ref_stat(tok)?),
            None => {
                let a = self.arg(tok)?;
                let wall = self.ctx.sys.clock.borrow().wall_ns();
                let now = ((wall / 1_000_000_000) as i64, (wall % 1_000_000_000) as u32);
                let when = super::date_parse::parse_date(&String::from_utf8_lossy(a), now)
                    .ok_or_else(|| {
                        format!(
                            "I cannot figure out how to interpret {} as a date or time",
                            opts::quote(self.ctx, a)
                        )
                    })?;
                // A date before 1970 is earlier than every file here.
                u64::try_from(i128::from(when.0) * 1_000_000_000 + i128::from(when.1)).unwrap_or(0)
            }
        };
        Ok(Node::Test(Test::Newer(mine, reference)))
    }

    /// The argument of `-type` or `-xtype`: letters separated by commas, checked left to
    /// right as GNU does (so the first fault found is the one reported).
    fn type_list(&mut self, tok: &[u8]) -> PResult<Vec<u8>> {
        let a = self.arg(tok)?;
        let pred = String::from_utf8_lossy(tok);
        if a.is_empty() {
            return Err(format!(
                "Arguments to {pred} should contain at least one letter"
            ));
        }
        let mut types = Vec::new();
        let mut i = 0;
        while i < a.len() {
            let c = a[i];
            if !b"bcdpflsD".contains(&c) {
                let c = String::from_utf8_lossy(&a[i..=i]).into_owned();
                return Err(format!("Unknown argument to {pred}: {c}"));
            }
            if types.contains(&c) {
                return Err(format!(
                    "Duplicate file type '{}' in the argument list to {pred}.",
                    c as char
                ));
            }
            types.push(c);
            i += 1;
            if i < a.len() {
                if a[i] != b',' {
                    return Err(format!(
                        "Must separate multiple arguments to {pred} using: ','"
                    ));
                }
                i += 1;
                if i == a.len() {
                    return Err(format!("Last file type in list argument to {pred} is missing, i.e., list is ending on: ','"));
                }
            }
        }
        Ok(types)
    }

    /// Opens the output file of `-fprint` and its kin (truncating it, as GNU does at once),
    /// or finds the one an earlier predicate opened.
    fn sink(&mut self, tok: &[u8]) -> PResult<usize> {
        let name = self.arg(tok)?;
        let abs = self.ctx.resolve(name);
        let file = self
            .ctx
            .sys
            .open(self.ctx.pid, &abs, OpenFlags::write_truncate())
            .map_err(|e| format!("{}: {}", opts::quote(self.ctx, name), e.message()))?;
        let key = self.ctx.vfs().canonicalize(&abs).unwrap_or(abs);
        if let Some(i) = self.sinks.iter().position(|s| s.key == key) {
            return Ok(i);
        }
        self.sinks.push(Sink {
            name: name.to_vec(),
            key,
            file,
            buf: RefCell::new(Vec::new()),
        });
        Ok(self.sinks.len() - 1)
    }

    /// The format of `-printf`/`-fprintf`, warning about escapes GNU does not know.
    fn format(&mut self, tok: &[u8]) -> PResult<Vec<u8>> {
        let f = self.arg(tok)?.to_vec();
        let mut j = 0;
        while j + 1 < f.len() {
            if f[j] == b'\\' {
                if !b"abcfnrtv\\01234567".contains(&f[j + 1]) {
                    self.warnings.push(format!(
                        "warning: unrecognized escape `\\{}'",
                        f[j + 1] as char
                    ));
                }
                j += 2;
            } else {
                j += 1;
            }
        }
        Ok(f)
    }

    fn primary(&mut self) -> PResult<Node> {
        let tok = self.peek().unwrap();
        self.i += 1;
        let t = |x: Test| Ok(Node::Test(x));
        match tok {
            b"-true" => t(Test::True),
            b"-false" => t(Test::False),
            b"-name" => t(Test::Name(self.pattern(tok, false)?)),
            b"-iname" => t(Test::Name(self.pattern(tok, true)?)),
            b"-path" | b"-wholename" => t(Test::Path(self.pattern(tok, false)?)),
            b"-ipath" | b"-iwholename" => t(Test::Path(self.pattern(tok, true)?)),
            b"-regex" | b"-iregex" => {
                let a = self.arg(tok)?;
                let body = if self.g.regex_type == b'e' {
                    emacs_to_rust(a)
                } else {
                    String::from_utf8_lossy(a).into_owned()
                };
                let flags = if tok == b"-iregex" {
                    "(?is-u)"
                } else {
                    "(?s-u)"
                };
                let re =
                    regex::bytes::Regex::new(&format!("{flags}^(?:{body})$")).map_err(|_| {
                        format!("Invalid regular expression {}", opts::quote(self.ctx, a))
                    })?;
                t(Test::Regex(re))
            }
            b"-regextype" => {
                let a = self.arg(tok)?;
                self.g.regex_type = match a {
                    b"emacs" | b"findutils-default" => b'e',
                    b"posix-extended" | b"posix-egrep" | b"egrep" => b'x',
                    _ => {
                        let q = opts::Quoting::of(self.ctx);
                        let valid: Vec<String> =
                            REGEX_TYPES.iter().map(|t| q.quote(t.as_bytes())).collect();
                        return Err(format!(
                            "Unknown regular expression type {}; valid types are {}.",
                            q.quote(a),
                            valid.join(", ")
                        ));
                    }
                };
                t(Test::True)
            }
            b"-type" => t(Test::Type(self.type_list(tok)?)),
            b"-xtype" => t(Test::XType(self.type_list(tok)?)),
            b"-lname" => t(Test::LName(self.pattern(tok, false)?)),
            b"-ilname" => t(Test::LName(self.pattern(tok, true)?)),
            b"-maxdepth" => {
                self.g.maxdepth = Some(self.depth_arg(tok)?);
                t(Test::True)
            }
            b"-mindepth" => {
                self.g.mindepth = self.depth_arg(tok)?;
                t(Test::True)
            }
            b"-depth" | b"-d" => {
                self.g.depth_first = true;
                t(Test::True)
            }
            b"-follow" => {
                self.g.follow = b'L';
                t(Test::True)
            }
            b"-xdev"
            | b"-mount"
            | b"-noleaf"
            | b"-ignore_readdir_race"
            | b"-noignore_readdir_race"
            | b"-warn"
            | b"-nowarn" => t(Test::True),
            b"-newer" => t(Test::Newer(TimeField::M, self.ref_mtime(tok)?)),
            b"-anewer" => t(Test::Newer(TimeField::A, self.ref_mtime(tok)?)),
            b"-cnewer" => t(Test::Newer(TimeField::C, self.ref_mtime(tok)?)),
            _ if tok.len() == 8 && tok.starts_with(b"-newer") => self.newer_xy(tok),
            b"-size" => {
                let a = self.arg(tok)?;
                let (body, unit) = match a.last() {
                    Some(b'c') => (&a[..a.len() - 1], 1),
                    Some(b'w') => (&a[..a.len() - 1], 2),
                    Some(b'b') => (&a[..a.len() - 1], 512),
                    Some(b'k') => (&a[..a.len() - 1], 1024),
                    Some(b'M') => (&a[..a.len() - 1], 1 << 20),
                    Some(b'G') => (&a[..a.len() - 1], 1 << 30),
                    Some(c) if !c.is_ascii_digit() => {
                        // findutils names only the unknown unit letter (`5q` -> `q`).
                        return Err(format!(
                            "invalid -size type `{}'",
                            String::from_utf8_lossy(&[*c])
                        ));
                    }
                    Some(_) => (a, 512),
                    None => return Err("invalid null argument to -size".to_string()),
                };
                let n = parse_num(body).ok_or_else(|| {
                    format!("Invalid argument `{}' to -size", String::from_utf8_lossy(a))
                })?;
                t(Test::Size(n, unit))
            }
            b"-mtime" | b"-atime" | b"-ctime" | b"-mmin" | b"-amin" | b"-cmin" => {
                let n = self.num_arg(tok)?;
                let field = TimeField::from_letter(tok[1]).unwrap_or(TimeField::M);
                let unit = if tok.ends_with(b"min") { 60 } else { 86_400 };
                t(Test::Time(field, n, unit))
            }
            b"-empty" => t(Test::Empty),
            b"-readable" | b"-writable" => t(Test::True),
            b"-executable" => t(Test::Executable),
            b"-perm" => {
                let a = self.arg(tok)?;
                let (kind, body) = match a.first() {
                    Some(b'-') => (b'-', &a[1..]),
                    Some(b'/') => (b'/', &a[1..]),
                    _ => (b'=', a),
                };
                let mode = chmod::compile(body)
                    .map(|c| chmod::adjust(0, false, 0, &c))
                    .ok_or_else(|| format!("invalid mode {}", opts::quote(self.ctx, a)))?;
                t(Test::Perm(kind, mode))
            }
            b"-user" => {
                let a = self.arg(tok)?;
                let id = fsutil::parse_user(a).ok_or_else(|| {
                    format!(
                        "{} is not the name of a known user",
                        opts::quote(self.ctx, a)
                    )
                })?;
                t(Test::Uid(Num {
                    cmp: Cmp::Eq,
                    n: u64::from(id),
                }))
            }
            b"-group" => {
                let a = self.arg(tok)?;
                let id = fsutil::parse_group(a).ok_or_else(|| {
                    format!(
                        "{} is not the name of an existing group",
                        opts::quote(self.ctx, a)
                    )
                })?;
                t(Test::Gid(Num {
                    cmp: Cmp::Eq,
                    n: u64::from(id),
                }))
            }
            b"-uid" => t(Test::Uid(self.num_arg(tok)?)),
            b"-gid" => t(Test::Gid(self.num_arg(tok)?)),
            b"-nouser" => t(Test::NoUser),
            b"-nogroup" => t(Test::NoGroup),
            b"-links" => t(Test::Links(self.num_arg(tok)?)),
            b"-inum" => t(Test::Inum(self.num_arg(tok)?)),
            // One filesystem, so the inode number alone names a file.
            b"-samefile" => t(Test::SameFile(self.ref_stat(tok)?.ino)),
            b"-print" => {
                self.g.has_action = true;
                Ok(Node::Action(Action::Print(b'\n')))
            }
            b"-ls" => {
                self.g.has_action = true;
                Ok(Node::Action(Action::Ls))
            }
            b"-print0" => {
                self.g.has_action = true;
                Ok(Node::Action(Action::Print(0)))
            }
            b"-printf" => {
                self.g.has_action = true;
                Ok(Node::Action(Action::Printf(self.format(tok)?)))
            }
            b"-fprint" | b"-fprint0" => {
                self.g.has_action = true;
                let end = if tok == b"-fprint" { b'\n' } else { 0 };
                Ok(Node::Action(Action::FPrint(end, self.sink(tok)?)))
            }
            b"-fls" => {
                self.g.has_action = true;
                Ok(Node::Action(Action::FLs(self.sink(tok)?)))
            }
            b"-fprintf" => {
                self.g.has_action = true;
                // GNU names the file as the bad argument when the format is missing.
                if self.args.len() == self.i + 1 {
                    return Err(format!(
                        "invalid argument `{}' to `-fprintf'",
                        String::from_utf8_lossy(&self.args[self.i])
                    ));
                }
                let i = self.sink(tok)?;
                Ok(Node::Action(Action::FPrintf(self.format(tok)?, i)))
            }
            b"-prune" => Ok(Node::Action(Action::Prune)),
            b"-quit" => Ok(Node::Action(Action::Quit)),
            b"-delete" => {
                self.g.has_action = true;
                self.g.depth_first = true;
                Ok(Node::Action(Action::Delete))
            }
            b"-exec" | b"-execdir" => {
                self.g.has_action = true;
                let start = self.i;
                let mut end = None;
                let mut plus = false;
                let mut j = start;
                while j < self.args.len() {
                    let a = &self.args[j];
                    if a == b";" {
                        end = Some(j);
                        break;
                    }
                    if a == b"+" && j > start && self.args[j - 1] == b"{}" {
                        end = Some(j);
                        plus = true;
                        break;
                    }
                    j += 1;
                }
                let Some(end) = end else {
                    return Err(format!(
                        "missing argument to `{}'",
                        String::from_utf8_lossy(tok)
                    ));
                };
                if end == start {
                    return Err(format!(
                        "missing argument to `{}'",
                        String::from_utf8_lossy(tok)
                    ));
                }
                let mut argv: Vec<Vec<u8>> = self.args[start..end].to_vec();
                if plus {
                    argv.pop();
                    if argv.iter().any(|a| a.windows(2).any(|w| w == b"{}")) {
                        return Err(format!(
                            "Only one instance of {{}} is supported with {} ... +",
                            String::from_utf8_lossy(tok)
                        ));
                    }
                }
                self.i = end + 1;
                self.execs.push(Exec {
                    argv,
                    plus,
                    dir: tok == b"-execdir",
                    batch: RefCell::new((Vec::new(), Vec::new())),
                    batch_bytes: Cell::new(0),
                });
                Ok(Node::Action(Action::Exec(self.execs.len() - 1)))
            }
            b"-ok" | b"-okdir" => Err(format!(
                "{} needs a terminal to ask on, and shellsim has none; use -exec",
                String::from_utf8_lossy(tok)
            )),
            _ if tok.first() == Some(&b'-') && tok.len() > 1 => Err(format!(
                "unknown predicate `{}'",
                String::from_utf8_lossy(tok)
            )),
            _ => Err(format!(
                "paths must precede expression: `{}'",
                String::from_utf8_lossy(tok)
            )),
        }
    }
}

// ---- evaluation -----------------------------------------------------------------------------------

impl Find<'_> {
    fn test(&self, t: &Test, e: &Entry) -> bool {
        let st = &e.st;
        match t {
            Test::True => true,
            Test::False => false,
            Test::Name(p) => p.matches(path::file_name(&e.display)),
            Test::Path(p) => p.matches(&e.display),
            Test::Regex(r) => r.is_match(&e.display),
            Test::Type(ts) => ts.contains(&type_char(st.file_type)),
            Test::LName(p) => {
                st.file_type == FileType::Symlink
                    && self.ctx.read_link(&e.abs).is_ok_and(|t| p.matches(&t))
            }
            // Evaluated in `eval`, which can report an error.
            Test::XType(_) => false,
            Test::Newer(f, t) => f.of(st) > *t,
            Test::Size(n, unit) => n.test(i128::from(st.size.div_ceil(*unit))),
            Test::Time(f, n, unit) => {
                let t = f.of(st);
                let age = i128::from(self.now_ns) - i128::from(t);
                n.test(age.div_euclid(i128::from(*unit) * 1_000_000_000))
            }
            Test::Empty => match st.file_type {
                FileType::File => st.size == 0,
                FileType::Dir => self
                    .ctx
                    .read_dir(&e.abs)
                    .map(|l| l.is_empty())
                    .unwrap_or(false),
                FileType::Symlink => false,
            },
            Test::Perm(kind, m) => {
                let mode = st.mode & 0o7777;
                match kind {
                    b'-' => mode & m == *m,
                    b'/' => *m == 0 || mode & m != 0,
                    _ => mode == *m,
                }
            }
            Test::Uid(n) => n.test(i128::from(st.uid)),
            Test::Gid(n) => n.test(i128::from(st.gid)),
            Test::NoUser => user_name(st.uid).is_none(),
            Test::NoGroup => group_name(st.gid).is_none(),
            Test::Links(n) => n.test(i128::from(st.nlink)),
            Test::Inum(n) => n.test(i128::from(st.ino)),
            Test::SameFile(ino) => st.ino == *ino,
            Test::Executable => st.file_type == FileType::Dir || st.mode & 0o111 != 0,
        }
    }

    async fn eval(&self, node: &Node, e: &Entry) -> Result<bool, Interrupt> {
        self.ctx.charge(1)?;
        match node {
            Node::And(a, b) => Ok(Box::pin(self.eval(a, e)).await?
                && !self.quit.get()
                && Box::pin(self.eval(b, e)).await?),
            Node::Or(a, b) => Ok(Box::pin(self.eval(a, e)).await?
                || (!self.quit.get() && Box::pin(self.eval(b, e)).await?)),
            Node::Comma(a, b) => {
                Box::pin(self.eval(a, e)).await?;
                if self.quit.get() {
                    return Ok(false);
                }
                Box::pin(self.eval(b, e)).await
            }
            Node::Not(a) => Ok(!Box::pin(self.eval(a, e)).await?),
            Node::Test(Test::XType(ts)) => self.xtype(ts, e).await,
            Node::Test(t) => Ok(self.test(t, e)),
            Node::Action(a) => self.act(a, e).await,
        }
    }

    /// `-xtype`: the type seen through the other kind of stat than the walk used (GNU's
    /// `stat` falls back to `lstat` only for a dangling link).
    async fn xtype(&self, ts: &[u8], e: &Entry) -> Result<bool, Interrupt> {
        let following = self.follow == b'L' || (self.follow == b'H' && e.depth == 0);
        let st = if following {
            self.ctx.lstat(&e.abs)
        } else {
            match self.ctx.stat(&e.abs) {
                Err(crate::vfs::VfsError::NotFound | crate::vfs::VfsError::NotDir) => {
                    self.ctx.lstat(&e.abs)
                }
                r => r,
            }
        };
        match st {
            Ok(st) => Ok(ts.contains(&type_char(st.file_type))),
            Err(err) => {
                self.flush().await?;
                let m = format!("{}: {}", opts::quote(self.ctx, &e.display), err.message());
                self.ctx.diag(m).await?;
                self.status.set(1);
                Ok(false)
            }
        }
    }

    /// Adds to output file `i`, writing it out when the buffer is large.
    async fn to_sink(&self, i: usize, data: &[u8]) -> Result<bool, Interrupt> {
        let sink = &self.sinks[i];
        sink.buf.borrow_mut().extend_from_slice(data);
        if sink.buf.borrow().len() >= opts::OUT_CHUNK {
            self.flush_sink(sink).await?;
        }
        Ok(true)
    }

    async fn flush_sink(&self, sink: &Sink) -> Result<(), Interrupt> {
        let data = std::mem::take(&mut *sink.buf.borrow_mut());
        if data.is_empty() {
            return Ok(());
        }
        match self.ctx.sys.write_all(&sink.file, &data).await {
            Ok(()) => Ok(()),
            Err(e) => {
                let e = opts::interrupted(e)?;
                self.flush().await?;
                let m = format!("{}: {}", opts::quote(self.ctx, &sink.name), e.message());
                self.ctx.diag(m).await?;
                self.status.set(1);
                Ok(())
            }
        }
    }

    async fn act(&self, a: &Action, e: &Entry) -> Result<bool, Interrupt> {
        match a {
            Action::Print(end) => {
                let mut o = self.out.borrow_mut();
                o.push(&e.display);
                o.buf.push(*end);
                Ok(true)
            }
            Action::Ls => {
                let line = self.ls_line(e);
                self.out.borrow_mut().push(&line);
                Ok(true)
            }
            Action::Printf(f) => {
                let s = self.printf(f, e);
                self.out.borrow_mut().push(&s);
                Ok(true)
            }
            Action::FPrint(end, i) => {
                let line = [&e.display[..], &[*end]].concat();
                self.to_sink(*i, &line).await
            }
            Action::FLs(i) => self.to_sink(*i, &self.ls_line(e)).await,
            Action::FPrintf(f, i) => self.to_sink(*i, &self.printf(f, e)).await,
            Action::Prune => {
                self.prune.set(true);
                Ok(true)
            }
            Action::Quit => {
                self.quit.set(true);
                Ok(true)
            }
            Action::Delete => {
                if e.display == b"." {
                    return Ok(true);
                }
                let r = self.ctx.vfs().remove(&e.abs);
                self.ctx.sys.sync_disk();
                match r {
                    Ok(()) => Ok(true),
                    Err(err) => {
                        self.flush().await?;
                        self.ctx
                            .diag(format!(
                                "cannot delete {}: {}",
                                opts::quote(self.ctx, &e.display),
                                err.message()
                            ))
                            .await?;
                        self.status.set(1);
                        Ok(false)
                    }
                }
            }
            Action::Exec(i) => self.exec(&self.execs[*i], e).await,
        }
    }

    async fn maybe_flush(&self) -> Result<(), Interrupt> {
        if self.out.borrow().buf.len() >= opts::OUT_CHUNK {
            self.flush().await?;
        }
        Ok(())
    }

    async fn flush(&self) -> Result<(), Interrupt> {
        let mut o = std::mem::take(&mut *self.out.borrow_mut());
        o.flush(self.ctx).await
    }

    async fn run_cmd(&self, argv: Vec<Vec<u8>>, cwd: &[u8]) -> Result<i32, Interrupt> {
        self.flush().await?;
        let ctx = self.ctx;
        ctx.charge(crate::limits::cost::COMMAND_DISPATCH)?;
        let sub;
        let at = if cwd == ctx.cwd.as_slice() {
            ctx
        } else {
            sub = CommandCtx::new(
                ctx.sys.clone(),
                ctx.pid,
                argv.clone(),
                ctx.env.clone(),
                cwd.to_vec(),
                ctx.runner.clone(),
            );
            &sub
        };
        // GNU find reports a command it cannot run and treats it as failed.
        if let Some(status) = cannot_run_in(ctx, at, &argv[0], &ctx.env, Wording::Quoted).await? {
            return Ok(status);
        }
        ctx.runner.run_argv(at, argv, ctx.env.clone()).await
    }

    async fn exec(&self, x: &Exec, e: &Entry) -> Result<bool, Interrupt> {
        let (cwd, name) = if x.dir {
            let dir = path::parent(&e.abs);
            let mut n = b"./".to_vec();
            n.extend_from_slice(path::file_name(&e.abs));
            (dir, n)
        } else {
            (self.ctx.cwd.clone(), e.display.clone())
        };
        if !x.plus {
            let argv: Vec<Vec<u8>> = x.argv.iter().map(|a| replace_braces(a, &name)).collect();
            return Ok(self.run_cmd(argv, &cwd).await? == 0);
        }
        let same_dir = x.batch.borrow().0 == cwd;
        if (!same_dir && !x.batch.borrow().1.is_empty())
            || x.batch_bytes.get() + name.len() > BATCH_BYTES
        {
            self.flush_batch(x).await?;
        }
        let mut b = x.batch.borrow_mut();
        b.0 = cwd;
        x.batch_bytes.set(x.batch_bytes.get() + name.len() + 1);
        b.1.push(name);
        Ok(true)
    }

    async fn flush_batch(&self, x: &Exec) -> Result<(), Interrupt> {
        let (cwd, items) = std::mem::take(&mut *x.batch.borrow_mut());
        x.batch_bytes.set(0);
        if items.is_empty() {
            return Ok(());
        }
        let mut argv: Vec<Vec<u8>> = x.argv.clone();
        argv.extend(items);
        if self.run_cmd(argv, &cwd).await? != 0 {
            self.status.set(1);
        }
        Ok(())
    }

    /// Visits `e` and (unless pruned or too deep) its subtree.
    async fn visit(
        &self,
        expr: &Node,
        g: &Globals,
        e: Entry,
        ancestors: &mut Vec<u64>,
    ) -> Result<(), Interrupt> {
        if self.quit.get() {
            return Ok(());
        }
        self.ctx.charge(crate::limits::cost::PATH_COMPONENT * 2)?;
        let is_dir = e.st.file_type == FileType::Dir;
        let descend = is_dir && g.maxdepth.is_none_or(|m| e.depth < m);
        if !g.depth_first {
            self.prune.set(false);
            if e.depth >= g.mindepth {
                self.eval(expr, &e).await?;
                self.maybe_flush().await?;
            }
            if self.prune.get() {
                return Ok(());
            }
        }
        if descend && !self.quit.get() {
            if ancestors.contains(&e.st.ino) {
                self.flush().await?;
                self.ctx.diag(format!("File system loop detected; {} is part of the same file system loop as an ancestor.", opts::quote(self.ctx, &e.display))).await?;
                self.status.set(1);
            } else {
                let list = self.ctx.read_dir(&e.abs);
                match list {
                    Ok(list) => {
                        ancestors.push(e.st.ino);
                        for (name, _) in list {
                            if self.quit.get() {
                                break;
                            }
                            let abs = path::join(&e.abs, &name);
                            let display = chmod::child_path(&e.display, &name);
                            let st = if g.follow == b'L' {
                                match self.ctx.stat(&abs) {
                                    Err(crate::vfs::VfsError::NotFound) => self.ctx.lstat(&abs),
                                    r => r,
                                }
                            } else {
                                self.ctx.lstat(&abs)
                            };
                            let st = match st {
                                Ok(st) => st,
                                Err(crate::vfs::VfsError::Loop) => {
                                    // `-L` on a link loop: fts reports it and goes on.
                                    self.flush().await?;
                                    let m = format!(
                                        "{}: {}",
                                        opts::quote(self.ctx, &display),
                                        crate::vfs::VfsError::Loop.message()
                                    );
                                    self.ctx.diag(m).await?;
                                    self.status.set(1);
                                    continue;
                                }
                                Err(_) => continue,
                            };
                            let child = Entry {
                                display,
                                abs,
                                st,
                                depth: e.depth + 1,
                                start: e.start.clone(),
                            };
                            Box::pin(self.visit(expr, g, child, ancestors)).await?;
                        }
                        ancestors.pop();
                    }
                    Err(err) => {
                        self.flush().await?;
                        self.ctx
                            .diag(format!(
                                "{}: {}",
                                opts::quote(self.ctx, &e.display),
                                err.message()
                            ))
                            .await?;
                        self.status.set(1);
                    }
                }
            }
        }
        if g.depth_first && e.depth >= g.mindepth && !self.quit.get() {
            self.eval(expr, &e).await?;
            self.maybe_flush().await?;
        }
        Ok(())
    }
}

fn replace_braces(a: &[u8], name: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(a.len());
    let mut i = 0;
    while i < a.len() {
        if a[i..].starts_with(b"{}") {
            out.extend_from_slice(name);
            i += 2;
        } else {
            out.push(a[i]);
            i += 1;
        }
    }
    out
}

fn contains_delete(n: &Node) -> bool {
    match n {
        Node::And(a, b) | Node::Or(a, b) | Node::Comma(a, b) => {
            contains_delete(a) || contains_delete(b)
        }
        Node::Not(a) => contains_delete(a),
        Node::Action(Action::Delete) => true,
        _ => false,
    }
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let args = ctx.args();
    let mut i = 0;
    let mut follow = b'P';
    while i < args.len() {
        match args[i].as_slice() {
            b"-H" => follow = b'H',
            b"-L" => follow = b'L',
            b"-P" => follow = b'P',
            b"--" => {
                i += 1;
                break;
            }
            b"--help" => {
                ctx.mark_partial("--help is not modeled");
                ctx.diag("--help is not available in this simulator")
                    .await?;
                return Ok(1);
            }
            b"--version" => {
                ctx.out(b"find (GNU findutils) 4.9.0\n").await?;
                return Ok(0);
            }
            a if a.len() > 1
                && a[0] == b'-'
                && a[1] != b'-'
                && a[1..].iter().all(|c| b"HLP".contains(c)) =>
            {
                for &c in &a[1..] {
                    follow = c;
                }
            }
            a if a.len() > 1
                && a[0] == b'-'
                && a[1..].iter().all(|c| b"HLPDO0123456789".contains(c)) =>
            {
                ctx.mark_partial("-D/-O are not modeled");
                ctx.diag(format!("unsupported option {}", opts::quote(ctx, a)))
                    .await?;
                return Ok(1);
            }
            _ => break,
        }
        i += 1;
    }
    let start_paths_from = i;
    while i < args.len() {
        let a = &args[i];
        if (a.len() > 1 && a[0] == b'-') || a == b"(" || a == b"!" {
            break;
        }
        i += 1;
    }
    let paths: Vec<Vec<u8>> = if i == start_paths_from {
        vec![b".".to_vec()]
    } else {
        args[start_paths_from..i].to_vec()
    };
    let mut p = P {
        ctx,
        args: &args[i..],
        i: 0,
        g: Globals {
            maxdepth: None,
            mindepth: 0,
            depth_first: false,
            follow,
            has_action: false,
            regex_type: b'e',
        },
        execs: Vec::new(),
        sinks: Vec::new(),
        warnings: Vec::new(),
    };
    let parsed = if p.args.is_empty() {
        Ok(Node::Test(Test::True))
    } else {
        p.expr()
    };
    let mut expr = match parsed {
        Ok(e) => e,
        Err(m) => {
            ctx.diag(m).await?;
            return Ok(1);
        }
    };
    if p.i < p.args.len() {
        let m = if p.args[p.i] == b")" {
            "invalid expression; you have too many ')'".to_string()
        } else {
            format!(
                "paths must precede expression: `{}'",
                String::from_utf8_lossy(&p.args[p.i])
            )
        };
        ctx.diag(m).await?;
        return Ok(1);
    }
    for w in &p.warnings {
        ctx.diag(w).await?;
    }
    if !p.g.has_action {
        expr = Node::And(Box::new(expr), Box::new(Node::Action(Action::Print(b'\n'))));
    }
    if contains_delete(&expr) {
        p.g.depth_first = true;
    }
    let g = p.g;
    let now_ns = ctx.sys.clock.borrow().wall_ns();
    let f = Find {
        ctx,
        out: RefCell::new(Out::new()),
        status: Cell::new(0),
        quit: Cell::new(false),
        prune: Cell::new(false),
        execs: p.execs,
        sinks: p.sinks,
        follow: g.follow,
        now_ns,
        ls_widths: Cell::new([9, 6, 3, 8]),
    };
    for start in &paths {
        if f.quit.get() {
            break;
        }
        let abs = ctx.resolve(start);
        let st = if g.follow == b'P' {
            ctx.lstat(&abs)
        } else {
            ctx.stat(&abs).or_else(|_| ctx.lstat(&abs))
        };
        match st {
            Ok(st) => {
                let e = Entry {
                    display: start.clone(),
                    abs,
                    st,
                    depth: 0,
                    start: start.clone(),
                };
                f.visit(&expr, &g, e, &mut Vec::new()).await?;
            }
            Err(err) => {
                f.flush().await?;
                ctx.diag(format!("{}: {}", opts::quote(ctx, start), err.message()))
                    .await?;
                f.status.set(1);
            }
        }
    }
    for x in &f.execs {
        if x.plus {
            f.flush_batch(x).await?;
        }
    }
    f.flush().await?;
    for sink in &f.sinks {
        f.flush_sink(sink).await?;
    }
    Ok(f.status.get())
}

crate::command_fn!(run, main);

pub fn register(r: &mut super::Registry) {
    r.register(
        "find",
        Trust::Real,
        "search for files in a directory hierarchy (sorted readdir order)",
        "-H -L -P; -name -iname -path -ipath -regex -iregex -regextype -type -xtype -lname -ilname -wholename -iwholename -maxdepth -mindepth -depth -newer -anewer -cnewer -newerXY (X: a c m; Y: a c m t) -size -mtime -mmin -atime -amin -ctime -cmin -empty -perm -user -group -uid -gid -nouser -nogroup -links -inum -samefile -readable -writable -executable -true -false -xdev; -print -print0 -printf -ls -fprint -fprint0 -fprintf -fls -prune -quit -delete -exec/-execdir CMD ; and + ; ! -not -a -and -o -or , ( )",
        run,
    );
}

mod format;
mod printf_time;
#[cfg(test)]
mod tests;
