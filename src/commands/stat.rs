//! `stat`: file status in GNU's default layout, `-t` terse form, or a `-c`/`--printf` format,
//! and with `-f` the status of the file system holding each file (the model `statfs.rs` shares
//! with `df`). The modeled filesystem is device 254,0 with 4 KiB blocks; it records no birth
//! time.

use super::fsutil::{
    blocks512, full_time, group_name, mode_string, user_name, DEV_MAJOR, DEV_MINOR, FS_BLOCK,
};
use super::opts::{self, flag, req, OptDef, Parser, Quoting};
use super::statfs::{FsStats, FS_TYPE};
use crate::process::command::{CommandCtx, Trust};
use crate::process::fd::Desc;
use crate::process::Interrupt;
use crate::vfs::{FileType, Stat};

const PRINTF: u8 = 0x80;

const DEFS: &[OptDef] = &[
    flag(b'L', "dereference"),
    req(b'c', "format"),
    req(PRINTF, "printf"),
    flag(b't', "terse"),
    flag(b'f', "file-system"),
];

const DEFAULT_FORMAT: &str = "  File: %N\n  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\nDevice: %Hd,%Ld\tInode: %-11i Links: %h\nAccess: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\nAccess: %x\nModify: %y\nChange: %z\n Birth: %w\n";
const TERSE_FORMAT: &str = "%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o\n";
const FS_DEFAULT_FORMAT: &str = "  File: \"%n\"\n    ID: %-8i Namelen: %-7l Type: %T\nBlock size: %-10s Fundamental block size: %S\nBlocks: Total: %-10b Free: %-10f Available: %a\nInodes: Total: %-10c Free: %d\n";
const FS_TERSE_FORMAT: &str = "%n %i %l %t %s %S %b %f %a %c %d\n";

struct Item<'a> {
    name: &'a [u8],
    st: Stat,
    link: Option<Vec<u8>>,
    /// The default layout prints names without quotes.
    literal_names: bool,
    /// `%N` quotes names in the locale's shell-escape style.
    quoting: Quoting,
}

/// What a format is expanded for: a file's status, or (`-f`) its file system's.
enum Subject<'a> {
    File(&'a Item<'a>),
    Fs { name: &'a [u8], fs: FsStats },
}

/// A directive's value; the numeric kinds say how GNU prints them (`+`/space flags apply to
/// signed values only, `#` adds `0` to octal and `0x` to hex).
enum Val {
    Num(u64),
    Int(i64),
    Oct(u64),
    Hex(u64),
    Str(Vec<u8>),
}

fn signed(n: u64) -> Val {
    Val::Int(i64::try_from(n).unwrap_or(i64::MAX))
}

fn file_type_name(st: &Stat) -> &'static str {
    match st.file_type {
        FileType::File if st.size == 0 => "regular empty file",
        FileType::File => "regular file",
        FileType::Dir => "directory",
        FileType::Symlink => "symbolic link",
    }
}

fn raw_mode(st: &Stat) -> u64 {
    let t = match st.file_type {
        FileType::File => 0o100000,
        FileType::Dir => 0o040000,
        FileType::Symlink => 0o120000,
    };
    u64::from(t | st.mode)
}

/// A timestamp directive with an optional precision (`%.3Y`).
fn secs_val(ns: u64, precision: Option<usize>) -> Val {
    let secs = ns / 1_000_000_000;
    match precision {
        Some(p) if p > 0 => {
            let frac = format!("{:09}", ns % 1_000_000_000);
            let mut f = frac[..p.min(9)].to_string();
            while f.len() < p {
                f.push('0');
            }
            Val::Str(format!("{secs}.{f}").into_bytes())
        }
        _ => signed(secs),
    }
}

fn directive(q: Quoting, it: &Item, c: u8, precision: Option<usize>) -> Option<Val> {
    let st = &it.st;
    Some(match c {
        b'a' => Val::Oct(u64::from(st.mode & 0o7777)),
        b'A' => Val::Str(mode_string(st.file_type, st.mode).into_bytes()),
        b'b' => Val::Num(blocks512(st)),
        b'B' => Val::Num(512),
        b'd' => Val::Num(u64::from(DEV_MAJOR << 8 | DEV_MINOR)),
        b'D' => Val::Str(format!("{:x}", DEV_MAJOR << 8 | DEV_MINOR).into_bytes()),
        b'f' => Val::Str(format!("{:x}", raw_mode(st)).into_bytes()),
        b'F' => Val::Str(file_type_name(st).as_bytes().to_vec()),
        b'g' => Val::Num(u64::from(st.gid)),
        b'G' => Val::Str(
            group_name(st.gid)
                .map(|s| s.to_string())
                .unwrap_or_else(|| "UNKNOWN".into())
                .into_bytes(),
        ),
        b'h' => Val::Num(st.nlink),
        b'i' => Val::Num(st.ino),
        b'm' => Val::Str(b"/".to_vec()),
        b'n' => Val::Str(it.name.to_vec()),
        b'N' => {
            let mut s = if it.literal_names {
                it.name.to_vec()
            } else {
                q.quoteaf(it.name).into_bytes()
            };
            if let Some(t) = &it.link {
                s.extend_from_slice(b" -> ");
                if it.literal_names {
                    s.extend_from_slice(t);
                } else {
                    s.extend_from_slice(q.quoteaf(t).as_bytes());
                }
            }
            Val::Str(s)
        }
        b'o' => Val::Num(FS_BLOCK),
        b's' => signed(st.size),
        b't' | b'T' => Val::Str(b"0".to_vec()),
        b'u' => Val::Num(u64::from(st.uid)),
        b'U' => Val::Str(
            user_name(st.uid)
                .map(|s| s.to_string())
                .unwrap_or_else(|| "UNKNOWN".into())
                .into_bytes(),
        ),
        b'w' => Val::Str(b"-".to_vec()),
        b'W' => Val::Num(0),
        b'x' => Val::Str(full_time(st.atime_ns).into_bytes()),
        b'X' => secs_val(st.atime_ns, precision),
        b'y' => Val::Str(full_time(st.mtime_ns).into_bytes()),
        b'Y' => secs_val(st.mtime_ns, precision),
        b'z' => Val::Str(full_time(st.ctime_ns).into_bytes()),
        b'Z' => secs_val(st.ctime_ns, precision),
        _ => return None,
    })
}

/// A file-system directive (`-f`); the block and free counts are signed in GNU.
fn fs_directive(name: &[u8], fs: &FsStats, c: u8) -> Option<Val> {
    Some(match c {
        b'a' => signed(fs.bavail),
        b'b' => signed(fs.blocks),
        b'c' => Val::Num(fs.files),
        b'd' => signed(fs.ffree),
        b'f' => signed(fs.bfree),
        b'i' => Val::Hex(fs.fsid),
        b'l' => Val::Num(fs.namelen),
        b'n' => Val::Str(name.to_vec()),
        b's' => Val::Num(fs.bsize),
        b'S' => Val::Num(fs.frsize),
        b't' => Val::Hex(fs.magic),
        b'T' => Val::Str(FS_TYPE.as_bytes().to_vec()),
        _ => return None,
    })
}

/// The flags of one directive.
#[derive(Default, Clone, Copy)]
struct Spec {
    left: bool,
    zero: bool,
    alt: bool,
    plus: bool,
    space: bool,
    width: usize,
    precision: Option<usize>,
}

/// A number as C's printf lays it out: sign or radix prefix, precision zeros, then width.
fn number(out: &mut Vec<u8>, prefix: &str, digits: &str, sp: Spec) {
    let mut body = String::from(digits);
    if let Some(p) = sp.precision {
        while body.len() < p {
            body.insert(0, '0');
        }
    }
    let len = prefix.len() + body.len();
    let fill = sp.width.saturating_sub(len);
    if sp.left {
        out.extend_from_slice(prefix.as_bytes());
        out.extend_from_slice(body.as_bytes());
        out.extend(std::iter::repeat_n(b' ', fill));
    } else if sp.zero && sp.precision.is_none() {
        out.extend_from_slice(prefix.as_bytes());
        out.extend(std::iter::repeat_n(b'0', fill));
        out.extend_from_slice(body.as_bytes());
    } else {
        out.extend(std::iter::repeat_n(b' ', fill));
        out.extend_from_slice(prefix.as_bytes());
        out.extend_from_slice(body.as_bytes());
    }
}

fn put_val(out: &mut Vec<u8>, d: u8, val: Val, sp: Spec) {
    match val {
        Val::Num(n) => number(out, "", &n.to_string(), sp),
        Val::Int(v) => {
            let prefix = if v < 0 {
                "-"
            } else if sp.plus {
                "+"
            } else if sp.space {
                " "
            } else {
                ""
            };
            number(out, prefix, &v.unsigned_abs().to_string(), sp)
        }
        Val::Oct(n) => {
            let digits = format!("{n:o}");
            let digits = if sp.alt && !digits.starts_with('0') {
                format!("0{digits}")
            } else {
                digits
            };
            number(out, "", &digits, sp)
        }
        Val::Hex(n) => number(
            out,
            if sp.alt && n != 0 { "0x" } else { "" },
            &format!("{n:x}"),
            sp,
        ),
        Val::Str(s) => {
            let s = match sp.precision {
                Some(p) if !matches!(d, b'X' | b'Y' | b'Z' | b'W') => &s[..p.min(s.len())],
                _ => &s[..],
            };
            pad(out, s, sp.width, sp.left, false);
        }
    }
}

/// A format expanded for one subject: the bytes, warnings about escapes, and the directive
/// GNU refuses (it stops there, exiting 1).
#[derive(Default)]
struct Expanded {
    out: Vec<u8>,
    warnings: Vec<String>,
    invalid: Option<Vec<u8>>,
}

fn pad(out: &mut Vec<u8>, body: &[u8], width: usize, left: bool, zero: bool) {
    let fill = width.saturating_sub(body.len());
    if left {
        out.extend_from_slice(body);
        out.extend(std::iter::repeat_n(b' ', fill));
    } else if zero {
        let (sign, digits) = if body.first() == Some(&b'-') {
            (&body[..1], &body[1..])
        } else {
            (&body[..0], body)
        };
        out.extend_from_slice(sign);
        out.extend(std::iter::repeat_n(b'0', fill));
        out.extend_from_slice(digits);
    } else {
        out.extend(std::iter::repeat_n(b' ', fill));
        out.extend_from_slice(body);
    }
}

/// Expands a format for one subject.
fn expand(fmt: &[u8], subject: &Subject, escapes: bool) -> Expanded {
    let mut x = Expanded::default();
    let out = &mut x.out;
    let mut i = 0;
    while i < fmt.len() {
        let c = fmt[i];
        if c == b'\\' && escapes {
            let (bytes, used, warning) = escape(&fmt[i..]);
            out.extend_from_slice(&bytes);
            x.warnings.extend(warning);
            i += used;
            continue;
        }
        if c != b'%' {
            out.push(c);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        let mut sp = Spec::default();
        while i < fmt.len() && b"-0#+ '".contains(&fmt[i]) {
            match fmt[i] {
                b'-' => sp.left = true,
                b'0' => sp.zero = true,
                b'#' => sp.alt = true,
                b'+' => sp.plus = true,
                b' ' => sp.space = true,
                _ => {}
            }
            i += 1;
        }
        while i < fmt.len() && fmt[i].is_ascii_digit() {
            sp.width = sp
                .width
                .saturating_mul(10)
                .saturating_add(usize::from(fmt[i] - b'0'));
            i += 1;
        }
        if i < fmt.len() && fmt[i] == b'.' {
            i += 1;
            let mut p = 0usize;
            while i < fmt.len() && fmt[i].is_ascii_digit() {
                p = p
                    .saturating_mul(10)
                    .saturating_add(usize::from(fmt[i] - b'0'));
                i += 1;
            }
            sp.precision = Some(p);
        }
        // `%%` and a lone `%` at the end print `%`; with modifiers GNU refuses them.
        let d = fmt.get(i).copied();
        if matches!(d, None | Some(b'%')) {
            let end = if d.is_some() { i + 1 } else { i };
            if end - start > 1 + usize::from(d.is_some()) {
                x.invalid = Some(fmt[start..end].to_vec());
                return x;
            }
            out.push(b'%');
            i = end;
            continue;
        }
        let d = fmt[i];
        i += 1;
        let val = match subject {
            Subject::Fs { name, fs } => fs_directive(name, fs, d),
            Subject::File(_) if d == b'H' || d == b'L' => match fmt.get(i) {
                Some(b'd') => {
                    i += 1;
                    Some(Val::Num(u64::from(if d == b'H' {
                        DEV_MAJOR
                    } else {
                        DEV_MINOR
                    })))
                }
                Some(b'r') => {
                    i += 1;
                    Some(Val::Num(0))
                }
                _ => None,
            },
            Subject::File(it) => directive(it.quoting, it, d, sp.precision),
        };
        match val {
            None => out.push(b'?'),
            Some(v) => put_val(out, d, v, sp),
        }
    }
    x
}

/// One backslash escape of `--printf` (at `s[0] == '\\'`): (bytes, consumed, warning).
/// GNU warns about an escape it does not know and prints the character after the backslash.
fn escape(s: &[u8]) -> (Vec<u8>, usize, Option<String>) {
    let Some(&c) = s.get(1) else {
        return (
            b"\\".to_vec(),
            1,
            Some("warning: backslash at end of format".into()),
        );
    };
    let simple = match c {
        b'a' => Some(7u8),
        b'b' => Some(8),
        b'e' => Some(0x1b),
        b'f' => Some(12),
        b'n' => Some(b'\n'),
        b'r' => Some(b'\r'),
        b't' => Some(b'\t'),
        b'v' => Some(11),
        b'\\' => Some(b'\\'),
        b'"' => Some(b'"'),
        _ => None,
    };
    if let Some(b) = simple {
        return (vec![b], 2, None);
    }
    if (b'0'..=b'7').contains(&c) {
        let mut v: u32 = 0;
        let mut n = 1;
        while n <= 3 && s.get(n).is_some_and(|d| (b'0'..=b'7').contains(d)) {
            v = v * 8 + u32::from(s[n] - b'0');
            n += 1;
        }
        return (vec![v as u8], n, None);
    }
    if c == b'x' && s.get(2).is_some_and(u8::is_ascii_hexdigit) {
        let mut v: u32 = 0;
        let mut n = 2;
        while n < 4 && s.get(n).is_some_and(u8::is_ascii_hexdigit) {
            v = v * 16 + (s[n] as char).to_digit(16).unwrap_or(0);
            n += 1;
        }
        return (vec![v as u8], n, None);
    }
    let shown = String::from_utf8_lossy(&[c]).into_owned();
    (
        vec![c],
        2,
        Some(format!("warning: unrecognized escape '\\{shown}'")),
    )
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    if p.operands.is_empty() {
        return opts::usage(ctx, "missing operand", 1).await;
    }
    let deref = p.has(b'L');
    let fmt_opt = p
        .opts
        .iter()
        .rev()
        .find(|(i, _)| matches!(*i, b'c' | PRINTF))
        .map(|(i, v)| (*i, v.clone().unwrap_or_default()));
    let fs_mode = p.has(b'f');
    let (default, terse) = if fs_mode {
        (FS_DEFAULT_FORMAT, FS_TERSE_FORMAT)
    } else {
        (DEFAULT_FORMAT, TERSE_FORMAT)
    };
    // `-c` prints a newline after each expansion; it is not part of the format, so a `%`
    // ending the format stays a `%`.
    let (fmt, escapes, literal, delim) = match fmt_opt {
        Some((b'c', f)) => (f, false, false, &b"\n"[..]),
        Some((_, f)) => (f, true, false, &b""[..]),
        None if p.has(b't') => (terse.as_bytes().to_vec(), false, false, &b""[..]),
        None => (default.as_bytes().to_vec(), false, true, &b""[..]),
    };
    let mut status = 0;
    for op in &p.operands {
        ctx.charge(crate::limits::cost::PATH_COMPONENT * 4)?;
        let abs = ctx.resolve(op);
        let expanded = if op == b"-" && fs_mode {
            ctx.diag("using '-' to denote standard input does not work in file system mode")
                .await?;
            status = 1;
            continue;
        } else if op == b"-" {
            // `-` is standard input, as fstat sees it: only a file is modeled.
            let file = ctx.fd(0);
            let path = match file.as_deref().map(|f| &f.desc) {
                Some(Desc::File { path, .. }) => path.clone(),
                None => {
                    ctx.diag("cannot stat standard input: Bad file descriptor")
                        .await?;
                    status = 1;
                    continue;
                }
                Some(_) => {
                    ctx.mark_partial("stat - on a pipe or device");
                    ctx.diag("standard input that is not a regular file is not supported in this simulator")
                        .await?;
                    status = 1;
                    continue;
                }
            };
            let st = match ctx.stat(&path) {
                Ok(st) => st,
                Err(e) => {
                    let m = format!("cannot stat {}: {}", opts::quoteaf(ctx, op), e.message());
                    ctx.diag(m).await?;
                    status = 1;
                    continue;
                }
            };
            let it = Item {
                quoting: Quoting::of(ctx),
                name: op,
                st,
                link: None,
                literal_names: literal,
            };
            expand(&fmt, &Subject::File(&it), escapes)
        } else if fs_mode {
            // statfs follows symlinks; every path is on the one modeled file system.
            if let Err(e) = ctx.stat(&abs) {
                let msg = format!(
                    "cannot read file system information for {}: {}",
                    opts::quoteaf(ctx, op),
                    e.message()
                );
                ctx.diag(msg).await?;
                status = 1;
                continue;
            }
            let fs = FsStats::of(&ctx.vfs());
            expand(&fmt, &Subject::Fs { name: op, fs }, escapes)
        } else {
            let st = if deref {
                ctx.stat(&abs)
            } else {
                ctx.lstat(&abs)
            };
            let st = match st {
                Ok(s) => s,
                Err(e) => {
                    ctx.diag(format!(
                        "cannot statx {}: {}",
                        opts::quoteaf(ctx, op),
                        e.message()
                    ))
                    .await?;
                    status = 1;
                    continue;
                }
            };
            let link = if st.file_type == FileType::Symlink {
                ctx.read_link(&abs).ok()
            } else {
                None
            };
            let it = Item {
                quoting: Quoting::of(ctx),
                name: op,
                st,
                link,
                literal_names: literal,
            };
            expand(&fmt, &Subject::File(&it), escapes)
        };
        for w in &expanded.warnings {
            ctx.diag(w).await?;
        }
        let mut out = expanded.out;
        if expanded.invalid.is_none() {
            out.extend_from_slice(delim);
        }
        ctx.charge_bytes(out.len())?;
        ctx.out(&out).await?;
        if let Some(bad) = expanded.invalid {
            let msg = format!("{}: invalid directive", opts::quote(ctx, &bad));
            ctx.diag(msg).await?;
            return Ok(1);
        }
    }
    Ok(status)
}

crate::command_fn!(run, main);

pub fn register(r: &mut super::Registry) {
    r.register(
        "stat",
        Trust::Real,
        "display file status",
        "-L -t -f -c FORMAT --printf=FORMAT; - is standard input when it is a file (%a %A %b %B %d %D %f %F %g %G %h %i %m %n %N %o %s %t %T %u %U %w %W %x %X %y %Y %z %Z %Hd %Ld; with -f: %a %b %c %d %f %i %l %n %s %S %t %T)",
        run,
    );
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn default_layout() {
        let k = machine(&[("a", b"hi\n"), ("d/", b"")]);
        k.vfs.borrow_mut().symlink(b"a", b"/work/l").unwrap();
        let ino = k.vfs.borrow().stat(b"/work/a").unwrap().ino;
        let r = text(run_on(&k, &["stat", "a"], b""));
        let want = format!(
            "  File: a\n  Size: 3         \tBlocks: 8          IO Block: 4096   regular file\nDevice: 254,0\tInode: {ino:<11} Links: 1\nAccess: (0644/-rw-r--r--)  Uid: (    0/    root)   Gid: (    0/    root)\nAccess: 2025-01-01 00:00:00.000000000 +0000\nModify: 2025-01-01 00:00:00.000000000 +0000\nChange: 2025-01-01 00:00:00.000000000 +0000\n Birth: -\n"
        );
        assert_eq!(r, (0, want, String::new()));
        let r = text(run_on(&k, &["stat", "l"], b""));
        assert!(r.1.starts_with("  File: l -> a\n  Size: 1         \tBlocks: 0          IO Block: 4096   symbolic link\n"), "{}", r.1);
        assert!(r.1.contains("Access: (0777/lrwxrwxrwx)"));
    }

    #[test]
    fn formats() {
        let k = machine(&[("a", b"hi\n"), ("d/", b""), ("e", b"")]);
        k.vfs.borrow_mut().symlink(b"a", b"/work/l").unwrap();
        let t = |argv: &[&str]| text(run_on(&k, argv, b""));
        assert_eq!(t(&["stat", "-c", "%n|%s|%a|%A|%F|%U|%G|%u|%g|%h|%b|%B|%N", "a", "d", "l", "e"]).1, "a|3|644|-rw-r--r--|regular file|root|root|0|0|1|8|512|'a'\nd|4096|755|drwxr-xr-x|directory|root|root|0|0|2|8|512|'d'\nl|1|777|lrwxrwxrwx|symbolic link|root|root|0|0|1|0|512|'l' -> 'a'\ne|0|644|-rw-r--r--|regular empty file|root|root|0|0|1|0|512|'e'\n");
        assert_eq!(t(&["stat", "-c", "%Y %X %Z %W %w %o %d %D %f %t %m %q %% %04a %#a %-5s| %.3Y", "a"]).1, "1735689600 1735689600 1735689600 0 - 4096 65024 fe00 81a4 0 / ? % 0644 0644 3    | 1735689600.000\n");
        assert_eq!(t(&["stat", "-L", "-c", "%F %s", "l"]).1, "regular file 3\n");
        assert_eq!(t(&["stat", "--printf=%n\\t%s\\n", "a"]).1, "a\t3\n");
        assert_eq!(
            t(&["stat", "-c", "%y", "a"]).1,
            "2025-01-01 00:00:00.000000000 +0000\n"
        );
        let ino = k.vfs.borrow().stat(b"/work/a").unwrap().ino;
        assert_eq!(
            t(&["stat", "-t", "a"]).1,
            format!("a 3 8 81a4 0 0 fe00 {ino} 1 0 0 1735689600 1735689600 1735689600 0 4096\n")
        );
    }

    #[test]
    fn errors() {
        assert_eq!(
            text(run(&["stat", "nonexist"], b"")),
            (
                1,
                String::new(),
                "stat: cannot statx 'nonexist': No such file or directory\n".into()
            )
        );
        assert_eq!(
            text(run(&["stat"], b"")).2,
            "stat: missing operand\nTry 'stat --help' for more information.\n"
        );
    }

    #[test]
    fn file_system_agrees_with_df() {
        let k = machine(&[("a", &[7u8; 20_000]), ("d/", b"")]);
        let t = |argv: &[&str]| text(run_on(&k, argv, b""));
        let r = t(&["stat", "-f", "-c", "%b %f %a %S %s %c %d %l %i %t %T", "a"]);
        let v: Vec<&str> = r.1.split_whitespace().collect();
        let num = |i: usize| v[i].parse::<u64>().unwrap();
        let (blocks, free, avail, frsize) = (num(0), num(1), num(2), num(3));
        assert_eq!((frsize, num(4), num(7)), (4096, 4096, 255));
        assert_eq!(&v[8..], ["fe0000000000", "5348534d", "shellsim"]);
        // df's row is the same numbers in KiB.
        let df = t(&["df", "a"]).1;
        let row: Vec<&str> = df.lines().nth(1).unwrap().split_whitespace().collect();
        assert_eq!(row[1], (blocks * frsize / 1024).to_string());
        assert_eq!(row[2], ((blocks - free) * frsize / 1024).to_string());
        assert_eq!(row[3], (avail * frsize / 1024).to_string());
        // Inodes count the empty nodes that fit in the quota, and in what is left of it.
        let (quota, usage) = (k.vfs.borrow().quota(), k.vfs.borrow().usage());
        assert_eq!((num(5), num(6)), (quota / 256, (quota - usage) / 256));
        // Writing a file takes whole blocks from the free count.
        k.vfs
            .borrow_mut()
            .write_file(b"/work/b", &[1u8; 8192], crate::vfs::WriteMode::Truncate)
            .unwrap();
        let after = t(&["stat", "-f", "-c", "%f", "d"]).1;
        assert!(after.trim().parse::<u64>().unwrap() <= free - 2, "{after}");
    }

    #[test]
    fn file_system_layouts() {
        let k = machine(&[("a", b"x")]);
        let fs = super::FsStats::of(&k.vfs.borrow());
        let t = |argv: &[&str]| text(run_on(&k, argv, b""));
        assert_eq!(
            t(&["stat", "-f", "a"]).1,
            format!(
                "  File: \"a\"\n    ID: fe0000000000 Namelen: 255     Type: shellsim\nBlock size: 4096       Fundamental block size: 4096\nBlocks: Total: {:<10} Free: {:<10} Available: {}\nInodes: Total: {:<10} Free: {}\n",
                fs.blocks, fs.bfree, fs.bavail, fs.files, fs.ffree
            )
        );
        assert_eq!(
            t(&["stat", "--file-system", "-t", "a"]).1,
            format!(
                "a fe0000000000 255 5348534d 4096 4096 {} {} {} {} {}\n",
                fs.blocks, fs.bfree, fs.bavail, fs.files, fs.ffree
            )
        );
        assert_eq!(
            t(&[
                "stat",
                "-f",
                "-c",
                "%#t|%#i|%+b|%012S|%-6l|%.6t|%Hd|%A",
                "a"
            ])
            .1,
            format!(
                "0x5348534d|0xfe0000000000|+{}|000000004096|255   |5348534d|?d|?\n",
                fs.blocks
            )
        );
        assert_eq!(
            t(&["stat", "-f", "nope", "a", "-c", "%n"]),
            (
                1,
                "a\n".into(),
                "stat: cannot read file system information for 'nope': No such file or directory\n"
                    .into()
            )
        );
    }
}
