//! `du` over the modeled ext4-like filesystem: a file occupies whole 4 KiB blocks, a
//! directory one block, a symlink none. (`df` is in `df.rs`.)

use super::chmod::child_path;
use super::files0::{self, Names};
use super::fsutil::{blocks512, human, human_si};
use super::opts::{self, flag, req, OptDef, Parser};
use crate::limits::Reservation;
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::vfs::{path, FileType};

const APPARENT: u8 = 0x80;
const SI: u8 = 0x82;

const DU_DEFS: &[OptDef] = &[
    flag(b'a', "all"),
    flag(b's', "summarize"),
    flag(b'c', "total"),
    flag(b'h', "human-readable"),
    flag(SI, "si"),
    flag(b'b', "bytes"),
    flag(b'k', ""),
    flag(b'm', ""),
    flag(APPARENT, "apparent-size"),
    req(b'd', "max-depth"),
    flag(b'x', "one-file-system"),
    flag(b'0', "null"),
    flag(b'l', "count-links"),
    req(FILES0_FROM, "files0-from"),
];

/// The long-only `--files0-from=F`.
const FILES0_FROM: u8 = 0x83;

/// Modeled memory for one remembered inode number.
const SEEN_ENTRY: u64 = 16;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Unit {
    Blocks(u64),
    Human,
    Si,
}

struct DuOpts {
    all: bool,
    max_depth: Option<usize>,
    apparent: bool,
    unit: Unit,
    end: u8,
    /// Without `-l`, a file is counted (and shown) at its first name only: the inode numbers
    /// met so far. With several operands every inode is remembered, directories too, so
    /// an operand given twice is shown once; with one, only files of several names.
    /// Inodes already counted, and the modeled memory of the set (`SEEN_ENTRY` each).
    seen: Option<std::cell::RefCell<(std::collections::BTreeSet<u64>, Reservation)>>,
    remember_all: bool,
}

fn show(n: u64, unit: Unit) -> String {
    match unit {
        Unit::Blocks(b) => n.div_ceil(b).to_string(),
        Unit::Human => human(n),
        Unit::Si => human_si(n),
    }
}

async fn du_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DU_DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut apparent = p.has(APPARENT);
    let mut unit = Unit::Blocks(1024);
    for (id, _) in &p.opts {
        match *id {
            b'h' => unit = Unit::Human,
            SI => unit = Unit::Si,
            b'b' => {
                unit = Unit::Blocks(1);
                apparent = true;
            }
            b'k' => unit = Unit::Blocks(1024),
            b'm' => unit = Unit::Blocks(1 << 20),
            _ => {}
        }
    }
    let mut max_depth = None;
    if let Some(d) = p.last(b'd') {
        match std::str::from_utf8(d)
            .ok()
            .and_then(|s| s.parse::<usize>().ok())
        {
            Some(n) => max_depth = Some(n),
            None => {
                let m = format!("invalid maximum depth {}", opts::quote(ctx, d));
                return opts::usage(ctx, &m, 1).await;
            }
        }
    }
    if p.has(b's') {
        match max_depth {
            Some(0) => {
                ctx.diag("warning: summarizing is the same as using --max-depth=0")
                    .await?
            }
            Some(n) => {
                return opts::usage(
                    ctx,
                    &format!("warning: summarizing conflicts with --max-depth={n}"),
                    1,
                )
                .await;
            }
            None => {}
        }
        max_depth = Some(0);
    }
    if p.has(b's') && p.has(b'a') {
        return opts::usage(ctx, "cannot both summarize and show all entries", 1).await;
    }
    let files_from = p.last(FILES0_FROM).map(<[u8]>::to_vec);
    if let (Some(_), Some(extra)) = (&files_from, p.operands.first()) {
        return files0::extra_operand(ctx, extra).await;
    }
    let o = DuOpts {
        all: p.has(b'a'),
        max_depth,
        apparent,
        unit,
        end: if p.has(b'0') { 0 } else { b'\n' },
        seen: (!p.has(b'l'))
            .then(|| std::cell::RefCell::new((Default::default(), ctx.empty_reservation()))),
        remember_all: p.operands.len() > 1 || files_from.is_some(),
    };
    let mut names = match &files_from {
        Some(from) => match files0::open_list(ctx, from).await? {
            Ok(list) => list,
            Err(status) => return Ok(status),
        },
        None => {
            let operands = if p.operands.is_empty() {
                vec![Some(b".".to_vec())]
            } else {
                p.operands.iter().map(|o| Some(o.clone())).collect()
            };
            Names::Fixed(operands.into_iter(), None)
        }
    };
    let mut status = 0;
    let mut total = 0u64;
    let mut out = opts::Out::new();
    let mut index = 0;
    loop {
        let op = match names.next(ctx).await {
            Ok(Some(n)) => n.unwrap_or_default(),
            Ok(None) => break,
            Err(e) => {
                let e = opts::interrupted(e)?;
                out.flush(ctx).await?;
                files0::read_error(ctx, files_from.as_deref().unwrap_or(b"-"), e).await?;
                status = 1;
                break;
            }
        };
        index += 1;
        if let Some(from) = &files_from {
            out.flush(ctx).await?;
            if !files0::usable(ctx, from, index, &op).await? {
                status = 1;
                continue;
            }
        }
        let op = &op;
        if op.is_empty() {
            out.flush(ctx).await?;
            ctx.diag("invalid zero-length file name").await?;
            status = 1;
            continue;
        }
        let abs = ctx.resolve(op);
        match du_walk(ctx, &o, op, &abs, 0, &mut out).await? {
            Some(n) => total += n,
            None => {
                out.flush(ctx).await?;
                let e = ctx
                    .vfs()
                    .lstat(&abs)
                    .err()
                    .map(|e| e.message())
                    .unwrap_or("No such file or directory");
                ctx.diag(format!("cannot access {}: {e}", opts::quoteaf(ctx, op)))
                    .await?;
                status = 1;
            }
        }
    }
    if p.has(b'c') {
        out.push(format!("{}\ttotal", show(total, unit)).as_bytes());
        out.buf.push(o.end);
    }
    out.flush(ctx).await?;
    Ok(status)
}

/// Sums `abs` (bytes) and prints the lines `du` shows for it; `None` when it does not exist.
async fn du_walk(
    ctx: &CommandCtx,
    o: &DuOpts,
    shown: &[u8],
    abs: &[u8],
    depth: usize,
    out: &mut opts::Out,
) -> Result<Option<u64>, Interrupt> {
    ctx.charge(crate::limits::cost::PATH_COMPONENT * 2)?;
    let st = ctx.lstat(abs);
    let Ok(st) = st else { return Ok(None) };
    if let Some(seen) = &o.seen {
        if o.remember_all || (st.file_type != FileType::Dir && st.nlink > 1) {
            let mut seen = seen.borrow_mut();
            if seen.0.contains(&st.ino) {
                return Ok(Some(0));
            }
            seen.1.grow(SEEN_ENTRY)?;
            seen.0.insert(st.ino);
        }
    }
    let own = if o.apparent {
        st.size
    } else {
        blocks512(&st) * 512
    };
    let mut size = own;
    if st.file_type == FileType::Dir {
        let list = ctx.read_dir(abs).unwrap_or_default();
        for (name, _) in list {
            let child = child_path(shown, &name);
            if let Some(n) = Box::pin(du_walk(
                ctx,
                o,
                &child,
                &path::join(abs, &name),
                depth + 1,
                out,
            ))
            .await?
            {
                size += n;
            }
        }
    }
    let within = o.max_depth.is_none_or(|m| depth <= m);
    if within && (st.file_type == FileType::Dir || o.all || depth == 0) {
        out.push(format!("{}\t", show(size, o.unit)).as_bytes());
        out.push(shown);
        out.buf.push(o.end);
        out.maybe_flush(ctx).await?;
    }
    Ok(Some(size))
}

crate::command_fn!(run_du, du_main);

pub fn register(r: &mut super::Registry) {
    r.register(
        "du",
        Trust::Real,
        "estimate file space usage (4 KiB blocks, sorted order)",
        "-a -s -c -h --si -b -k -m --apparent-size -d N --max-depth=N -x -0 -l",
        run_du,
    );
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn du_sizes() {
        let k = machine(&[
            ("d/a", b"hi\n"),
            ("d/e/", b""),
            ("d/e/big", &[0u8; 5000]),
            ("d/z", b""),
        ]);
        k.vfs.borrow_mut().symlink(b"a", b"/work/d/l").unwrap();
        let t = |argv: &[&str]| text(run_on(&k, argv, b""));
        assert_eq!(t(&["du", "d"]).1, "12\td/e\n20\td\n");
        assert_eq!(
            t(&["du", "-a", "d"]).1,
            "4\td/a\n8\td/e/big\n12\td/e\n0\td/l\n0\td/z\n20\td\n"
        );
        assert_eq!(t(&["du", "-sh", "d"]).1, "20K\td\n");
        assert_eq!(t(&["du", "-b", "d/a", "d/e"]).1, "3\td/a\n9096\td/e\n");
        assert_eq!(
            t(&["du", "-c", "-d", "0", "d/a", "d/e"]).1,
            "4\td/a\n12\td/e\n16\ttotal\n"
        );
        assert_eq!(t(&["du", "--max-depth=0", "d"]).1, "20\td\n");
        assert_eq!(t(&["du", "-h", "d/e/big"]).1, "8.0K\td/e/big\n");
        assert_eq!(
            t(&["du", "nope"]),
            (
                1,
                String::new(),
                "du: cannot access 'nope': No such file or directory\n".into()
            )
        );
        assert_eq!(t(&["du", "-s", "-d", "1", "d"]).2, "du: warning: summarizing conflicts with --max-depth=1\nTry 'du --help' for more information.\n");
    }

    #[test]
    fn hard_links_count_once() {
        let k = machine(&[("d/f", b"x"), ("g", b"y")]);
        k.vfs
            .borrow_mut()
            .link(b"/work/g", b"/work/d/h", false)
            .unwrap();
        let t = |argv: &[&str]| text(run_on(&k, argv, b"")).1;
        assert_eq!(t(&["du", "-a", "d", "g"]), "4\td/f\n4\td/h\n12\td\n");
        assert_eq!(t(&["du", "-al", "d", "g"]), "4\td/f\n4\td/h\n12\td\n4\tg\n");
        assert_eq!(t(&["du", "d", "d"]), "12\td\n");
        assert_eq!(t(&["du", "-c", "g", "g"]), "4\tg\n4\ttotal\n");
        assert_eq!(
            t(&["du", "--count-links", "-s", "d", "d"]),
            "12\td\n12\td\n"
        );
    }
}
