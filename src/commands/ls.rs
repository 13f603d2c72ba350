//! `ls`: one entry per line (output is never a terminal), `-l` long format with GNU's date
//! rules relative to the virtual clock, recursion, sorting by name, time or size.

use super::fsutil;
use super::opts::{self, flag, OptDef, Parser};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use crate::vfs::{path, FileType, Stat};

const DEFS: &[OptDef] = &[
    flag(b'1', ""),
    flag(b'a', "all"),
    flag(b'A', "almost-all"),
    flag(b'l', ""),
    flag(b'i', "inode"),
    flag(b'h', "human-readable"),
    flag(b'R', "recursive"),
    flag(b'd', "directory"),
    flag(b't', ""),
    flag(b'S', ""),
    flag(b'r', "reverse"),
    flag(b'F', "classify"),
    flag(b'p', ""),
    opts::optional(0x80, "color"),
];

struct O {
    all: bool,
    almost: bool,
    long: bool,
    /// `-i`: show inode numbers.
    inode: bool,
    human: bool,
    recursive: bool,
    dir: bool,
    by_time: bool,
    by_size: bool,
    reverse: bool,
    classify: bool,
    /// `-p`: `/` after directories only.
    slash: bool,
    now: i64,
}

struct Entry {
    name: Vec<u8>,
    abs: Vec<u8>,
    st: Stat,
}

fn mode_string(st: &Stat) -> String {
    let mut s = String::new();
    s.push(match st.file_type {
        FileType::Dir => 'd',
        FileType::Symlink => 'l',
        FileType::File => '-',
    });
    let m = st.mode;
    for (shift, special, ch) in [(6, 0o4000, 's'), (3, 0o2000, 's'), (0, 0o1000, 't')] {
        let bits = (m >> shift) & 7;
        s.push(if bits & 4 != 0 { 'r' } else { '-' });
        s.push(if bits & 2 != 0 { 'w' } else { '-' });
        let x = bits & 1 != 0;
        s.push(match (m & special != 0, x) {
            (true, true) => ch,
            (true, false) => ch.to_ascii_uppercase(),
            (false, true) => 'x',
            (false, false) => '-',
        });
    }
    s
}

/// `ls -h` size: ceiling to one decimal below 10, else to an integer.
pub fn human(size: u64) -> String {
    if size < 1024 {
        return size.to_string();
    }
    let units = ['K', 'M', 'G', 'T', 'P', 'E'];
    let mut v = size as f64;
    let mut u = 0;
    loop {
        v /= 1024.0;
        if v < 1024.0 || u == units.len() - 1 {
            break;
        }
        u += 1;
    }
    if v < 10.0 {
        let t = (v * 10.0).ceil() / 10.0;
        if t >= 10.0 {
            return format!("10{}", units[u]);
        }
        format!("{t:.1}{}", units[u])
    } else {
        format!("{}{}", v.ceil() as u64, units[u])
    }
}

fn blocks(st: &Stat) -> u64 {
    match st.file_type {
        FileType::Dir => 4,
        FileType::Symlink => 0,
        FileType::File => st.size.div_ceil(4096) * 4,
    }
}

fn suffix(st: &Stat) -> &'static str {
    match st.file_type {
        FileType::Dir => "/",
        FileType::Symlink => "@",
        FileType::File if st.mode & 0o111 != 0 => "*",
        FileType::File => "",
    }
}

impl O {
    /// What follows a name: `-F`'s class character, or `-p`'s `/` for a directory.
    fn indicator(&self, st: &Stat) -> &'static str {
        if self.classify {
            suffix(st)
        } else if self.slash && st.file_type == FileType::Dir {
            "/"
        } else {
            ""
        }
    }

    fn sort(&self, v: &mut [Entry]) {
        v.sort_by(|a, b| {
            let o = if self.by_size {
                b.st.size.cmp(&a.st.size).then(a.name.cmp(&b.name))
            } else if self.by_time {
                b.st.mtime_ns.cmp(&a.st.mtime_ns).then(a.name.cmp(&b.name))
            } else {
                a.name.cmp(&b.name)
            };
            if self.reverse {
                o.reverse()
            } else {
                o
            }
        });
    }

    fn render(&self, ctx: &CommandCtx, entries: &[Entry], out: &mut Vec<u8>, total: bool) {
        // `-i`: the inode number first, right-aligned to the widest in this listing.
        let iw = entries
            .iter()
            .map(|e| e.st.ino.to_string().len())
            .max()
            .unwrap_or(1);
        let inode = |out: &mut Vec<u8>, e: &Entry| {
            if self.inode {
                out.extend_from_slice(format!("{:>iw$} ", e.st.ino).as_bytes());
            }
        };
        if !self.long {
            for e in entries {
                inode(out, e);
                out.extend_from_slice(&e.name);
                out.extend_from_slice(self.indicator(&e.st).as_bytes());
                out.push(b'\n');
            }
            return;
        }
        if total {
            let t: u64 = entries.iter().map(|e| blocks(&e.st)).sum();
            let t = if self.human {
                human(t * 1024)
            } else {
                t.to_string()
            };
            out.extend_from_slice(format!("total {t}\n").as_bytes());
        }
        let sizes: Vec<String> = entries
            .iter()
            .map(|e| {
                if self.human {
                    human(e.st.size)
                } else {
                    e.st.size.to_string()
                }
            })
            .collect();
        let lw = entries
            .iter()
            .map(|e| e.st.nlink.to_string().len())
            .max()
            .unwrap_or(1);
        let sw = sizes.iter().map(|s| s.len()).max().unwrap_or(1);
        for (e, size) in entries.iter().zip(&sizes) {
            let secs = (e.st.mtime_ns / 1_000_000_000) as i64;
            let date = String::from_utf8_lossy(&fsutil::ls_time(secs, self.now)).into_owned();
            inode(out, e);
            out.extend_from_slice(
                format!(
                    "{} {:>lw$} root root {:>sw$} {} ",
                    mode_string(&e.st),
                    e.st.nlink,
                    size,
                    date
                )
                .as_bytes(),
            );
            out.extend_from_slice(&e.name);
            if e.st.file_type == FileType::Symlink {
                out.extend_from_slice(b" -> ");
                out.extend(ctx.read_link(&e.abs).unwrap_or_default());
            } else {
                out.extend_from_slice(self.indicator(&e.st).as_bytes());
            }
            out.push(b'\n');
        }
    }

    fn children(&self, ctx: &CommandCtx, dir: &[u8]) -> Vec<Entry> {
        let mut v = Vec::new();
        if self.all {
            for dot in [&b"."[..], b".."] {
                let abs = path::join(dir, dot);
                if let Ok(st) = ctx.stat(&abs) {
                    v.push(Entry {
                        name: dot.to_vec(),
                        abs,
                        st,
                    });
                }
            }
        }
        let names = ctx.read_dir(dir).unwrap_or_default();
        for (n, _) in names {
            if n.starts_with(b".") && !self.all && !self.almost {
                continue;
            }
            let abs = path::join(dir, &n);
            if let Ok(st) = ctx.lstat(&abs) {
                v.push(Entry { name: n, abs, st });
            }
        }
        self.sort(&mut v);
        v
    }
}

async fn list_dir(
    ctx: &CommandCtx,
    o: &O,
    shown: &[u8],
    abs: &[u8],
    header: bool,
    first: &mut bool,
) -> Result<(), Interrupt> {
    let entries = o.children(ctx, abs);
    ctx.charge(entries.len() as u64)?;
    let mut out = Vec::new();
    if !*first {
        out.push(b'\n');
    }
    *first = false;
    if header {
        out.extend_from_slice(shown);
        out.extend_from_slice(b":\n");
    }
    o.render(ctx, &entries, &mut out, true);
    ctx.out(&out).await?;
    if o.recursive {
        for e in &entries {
            if e.st.file_type == FileType::Dir && e.name != b"." && e.name != b".." {
                let mut s = shown.to_vec();
                if !s.ends_with(b"/") {
                    s.push(b'/');
                }
                s.extend_from_slice(&e.name);
                Box::pin(list_dir(ctx, o, &s, &e.abs, true, first)).await?;
            }
        }
    }
    Ok(())
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 2).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    if let Some(c) = p.last(0x80) {
        if !matches!(c, b"never" | b"no" | b"none" | b"auto" | b"tty" | b"if-tty") {
            ctx.mark_partial("ls --color=always");
            ctx.diag(format!(
                "--color={}: colored output is not supported in this simulator",
                String::from_utf8_lossy(c)
            ))
            .await?;
            return Ok(2);
        }
    }
    let (mut by_time, mut by_size) = (false, false);
    for (id, _) in &p.opts {
        match id {
            b't' => {
                by_time = true;
                by_size = false;
            }
            b'S' => {
                by_size = true;
                by_time = false;
            }
            _ => {}
        }
    }
    let o = O {
        all: p.has(b'a'),
        almost: p.has(b'A'),
        long: p.has(b'l'),
        inode: p.has(b'i'),
        human: p.has(b'h'),
        recursive: p.has(b'R') && !p.has(b'd'),
        dir: p.has(b'd'),
        by_time,
        by_size,
        reverse: p.has(b'r'),
        classify: p.has(b'F'),
        slash: p.has(b'p'),
        now: ctx.sys.clock.borrow().wall_secs(),
    };
    let ops = if p.operands.is_empty() {
        vec![b".".to_vec()]
    } else {
        p.operands.clone()
    };
    let mut status = 0;
    let mut files = Vec::new();
    let mut dirs = Vec::new();
    for op in &ops {
        let abs = ctx.resolve(op);
        // GNU ls follows a symlink operand to a directory only without -l, -d and -F; a
        // trailing slash always follows.
        let keep_links = (o.long || o.dir || o.classify) && !op.ends_with(b"/");
        let st = if keep_links {
            ctx.lstat(&abs)
        } else {
            ctx.stat(&abs).or_else(|_| ctx.lstat(&abs))
        };
        match st {
            Err(e) => {
                ctx.diag(format!(
                    "cannot access {}: {}",
                    opts::quoteaf(ctx, op),
                    e.message()
                ))
                .await?;
                status = 2;
            }
            Ok(st) => {
                if st.file_type == FileType::Dir && !o.dir {
                    dirs.push(Entry {
                        name: op.clone(),
                        abs,
                        st,
                    });
                } else {
                    let st = if o.long {
                        ctx.lstat(&abs).unwrap_or(st)
                    } else {
                        st
                    };
                    files.push(Entry {
                        name: op.clone(),
                        abs,
                        st,
                    });
                }
            }
        }
    }
    o.sort(&mut files);
    o.sort(&mut dirs);
    let mut first = true;
    if !files.is_empty() {
        let mut out = Vec::new();
        o.render(ctx, &files, &mut out, false);
        ctx.out(&out).await?;
        first = false;
    }
    let header = ops.len() > 1 || o.recursive;
    for d in &dirs {
        list_dir(ctx, &o, &d.name, &d.abs, header, &mut first).await?;
    }
    Ok(status)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;
    use super::human;

    fn setup() -> std::rc::Rc<crate::process::Kernel> {
        let k = machine(&[("a", b"hello"), ("d/", b""), ("old", b""), (".hid", b"")]);
        let mut big = Vec::new();
        for i in 1..=2000 {
            big.extend_from_slice(format!("{i}\n").as_bytes());
        }
        {
            let mut v = k.vfs.borrow_mut();
            v.write_file(b"/work/big", &big, crate::vfs::WriteMode::Truncate)
                .unwrap();
            v.chmod(b"/work/big", 0o755).unwrap();
            v.symlink(b"a", b"/work/ln").unwrap();
            v.set_times(b"/work/old", None, Some(1_577_836_800_000_000_000))
                .unwrap();
        }
        k
    }

    #[test]
    fn long_format() {
        let k = setup();
        assert_eq!(
            text(run_on(&k, &["ls", "-l"], b"")).1,
            "total 20\n-rw-r--r-- 1 root root    5 Jan  1 00:00 a\n-rwxr-xr-x 1 root root 8893 Jan  1 00:00 big\ndrwxr-xr-x 2 root root 4096 Jan  1 00:00 d\nlrwxrwxrwx 1 root root    1 Jan  1 00:00 ln -> a\n-rw-r--r-- 1 root root    0 Jan  1  2020 old\n"
        );
        assert_eq!(
            text(run_on(&k, &["ls", "-lh", "big"], b"")).1,
            "-rwxr-xr-x 1 root root 8.7K Jan  1 00:00 big\n"
        );
        assert_eq!(human(4096), "4.0K");
        assert_eq!(human(10240), "10K");
    }

    #[test]
    fn short_forms() {
        let k = setup();
        assert_eq!(text(run_on(&k, &["ls"], b"")).1, "a\nbig\nd\nln\nold\n");
        assert_eq!(
            text(run_on(&k, &["ls", "-F"], b"")).1,
            "a\nbig*\nd/\nln@\nold\n"
        );
        assert_eq!(
            text(run_on(&k, &["ls", "-A"], b"")).1,
            ".hid\na\nbig\nd\nln\nold\n"
        );
        assert_eq!(text(run_on(&k, &["ls", "-a", "d"], b"")).1, ".\n..\n");
        assert_eq!(text(run_on(&k, &["ls", "-R", "d"], b"")).1, "d:\n");
        assert_eq!(text(run_on(&k, &["ls", "a", "d"], b"")).1, "a\n\nd:\n");
        assert_eq!(text(run_on(&k, &["ls", "-d", "d"], b"")).1, "d\n");
        assert_eq!(
            text(run_on(&k, &["ls", "-S"], b"")).1,
            "big\nd\na\nln\nold\n"
        );
        assert_eq!(
            text(run_on(&k, &["ls", "-r"], b"")).1,
            "old\nln\nd\nbig\na\n"
        );
        assert_eq!(
            text(run_on(&k, &["ls", "nofile"], b"")),
            (
                2,
                String::new(),
                "ls: cannot access 'nofile': No such file or directory\n".into()
            )
        );
    }
}
