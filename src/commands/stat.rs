//! `stat`: file status in GNU's default layout, `-t` terse form, or a `-c`/`--printf` format.
//! The modeled filesystem is device 254,0 with 4 KiB blocks; it records no birth time.

use super::fsutil::{
    blocks512, full_time, group_name, mode_string, user_name, DEV_MAJOR, DEV_MINOR, FS_BLOCK,
};
use super::opts::{self, flag, req, OptDef, Parser, Quoting};
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::vfs::{FileType, Stat};

const PRINTF: u8 = 0x80;

const DEFS: &[OptDef] = &[
    flag(b'L', "dereference"),
    req(b'c', "format"),
    req(PRINTF, "printf"),
    flag(b't', "terse"),
];

const DEFAULT_FORMAT: &str = "  File: %N\n  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\nDevice: %Hd,%Ld\tInode: %-11i Links: %h\nAccess: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\nAccess: %x\nModify: %y\nChange: %z\n Birth: %w\n";
const TERSE_FORMAT: &str = "%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o\n";

struct Item<'a> {
    name: &'a [u8],
    st: Stat,
    link: Option<Vec<u8>>,
    /// The default layout prints names without quotes.
    literal_names: bool,
    /// `%N` quotes names in the locale's shell-escape style.
    quoting: Quoting,
}

enum Val {
    Num(u64),
    Str(Vec<u8>),
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
        _ => Val::Num(secs),
    }
}

fn directive(q: Quoting, it: &Item, c: u8, precision: Option<usize>) -> Option<Val> {
    let st = &it.st;
    Some(match c {
        b'a' => Val::Num(u64::from(st.mode & 0o7777)),
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
        b's' => Val::Num(st.size),
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

/// Expands a format for one file.
fn expand(fmt: &[u8], it: &Item, escapes: bool) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        let c = fmt[i];
        if c == b'\\' && escapes {
            let (bytes, used) = escape(&fmt[i..]);
            out.extend_from_slice(&bytes);
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
        let mut left = false;
        let mut zero = false;
        let mut alt = false;
        while i < fmt.len() && b"-0#+ '".contains(&fmt[i]) {
            match fmt[i] {
                b'-' => left = true,
                b'0' => zero = true,
                b'#' => alt = true,
                _ => {}
            }
            i += 1;
        }
        let mut width = 0usize;
        while i < fmt.len() && fmt[i].is_ascii_digit() {
            width = width
                .saturating_mul(10)
                .saturating_add(usize::from(fmt[i] - b'0'));
            i += 1;
        }
        let mut precision = None;
        if i < fmt.len() && fmt[i] == b'.' {
            i += 1;
            let mut p = 0usize;
            while i < fmt.len() && fmt[i].is_ascii_digit() {
                p = p
                    .saturating_mul(10)
                    .saturating_add(usize::from(fmt[i] - b'0'));
                i += 1;
            }
            precision = Some(p);
        }
        let Some(&d) = fmt.get(i) else {
            out.extend_from_slice(&fmt[start..]);
            break;
        };
        i += 1;
        if d == b'%' {
            out.push(b'%');
            continue;
        }
        let val = if d == b'H' || d == b'L' {
            match fmt.get(i) {
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
            }
        } else {
            directive(it.quoting, it, d, precision)
        };
        match val {
            None => out.push(b'?'),
            Some(Val::Num(n)) => {
                let mut body = n.to_string();
                if d == b'a' {
                    body = format!("{n:o}");
                    if alt && !body.starts_with('0') {
                        body.insert(0, '0');
                    }
                }
                if let Some(p) = precision {
                    while body.len() < p {
                        body.insert(0, '0');
                    }
                }
                pad(
                    &mut out,
                    body.as_bytes(),
                    width,
                    left,
                    zero && precision.is_none(),
                );
            }
            Some(Val::Str(s)) => {
                let s = match precision {
                    Some(p) if !matches!(d, b'X' | b'Y' | b'Z' | b'W') => &s[..p.min(s.len())],
                    _ => &s[..],
                };
                pad(&mut out, s, width, left, false);
            }
        }
    }
    out
}

/// One backslash escape of `--printf` (at `s[0] == '\\'`): (bytes, consumed).
fn escape(s: &[u8]) -> (Vec<u8>, usize) {
    let Some(&c) = s.get(1) else {
        return (b"\\".to_vec(), 1);
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
        b'\'' => Some(b'\''),
        b'?' => Some(b'?'),
        _ => None,
    };
    if let Some(b) = simple {
        return (vec![b], 2);
    }
    if (b'0'..=b'7').contains(&c) {
        let mut v: u32 = 0;
        let mut n = 1;
        while n <= 3 && s.get(n).is_some_and(|d| (b'0'..=b'7').contains(d)) {
            v = v * 8 + u32::from(s[n] - b'0');
            n += 1;
        }
        return (vec![v as u8], n);
    }
    if c == b'x' && s.get(2).is_some_and(u8::is_ascii_hexdigit) {
        let mut v: u32 = 0;
        let mut n = 2;
        while n < 4 && s.get(n).is_some_and(u8::is_ascii_hexdigit) {
            v = v * 16 + (s[n] as char).to_digit(16).unwrap_or(0);
            n += 1;
        }
        return (vec![v as u8], n);
    }
    (vec![b'\\', c], 2)
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
    let (fmt, escapes, literal) = match fmt_opt {
        Some((b'c', f)) => {
            let mut f = f;
            f.push(b'\n');
            (f, false, false)
        }
        Some((_, f)) => (f, true, false),
        None if p.has(b't') => (TERSE_FORMAT.as_bytes().to_vec(), false, false),
        None => (DEFAULT_FORMAT.as_bytes().to_vec(), false, true),
    };
    let mut status = 0;
    for op in &p.operands {
        ctx.charge(crate::limits::cost::PATH_COMPONENT * 4)?;
        let abs = ctx.resolve(op);
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
        let out = expand(&fmt, &it, escapes);
        ctx.charge_bytes(out.len())?;
        ctx.out(&out).await?;
    }
    Ok(status)
}

crate::command_fn!(run, main);

pub fn register(r: &mut super::Registry) {
    r.register(
        "stat",
        Trust::Real,
        "display file status",
        "-L -t -c FORMAT --printf=FORMAT (%a %A %b %B %d %D %f %F %g %G %h %i %m %n %N %o %s %t %T %u %U %w %W %x %X %y %Y %z %Z %Hd %Ld)",
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
}
