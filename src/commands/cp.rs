//! `cp`.

use super::opts::{self, flag, optional, req, OptDef, Parser};
use super::preserve::Preserve;
use super::yesno::Answers;
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use crate::vfs::{path, FileType, WriteMode};

const CP_DEFS: &[OptDef] = &[
    flag(b'r', "recursive"),
    flag(b'R', ""),
    flag(b'a', "archive"),
    flag(b'p', ""),
    flag(b'f', "force"),
    flag(b'n', "no-clobber"),
    flag(b'i', "interactive"),
    flag(b'u', "update"),
    flag(b'v', "verbose"),
    flag(b'T', "no-target-directory"),
    req(b't', "target-directory"),
    flag(b'P', "no-dereference"),
    flag(b'd', ""),
    flag(b'L', "dereference"),
    flag(b'H', ""),
    flag(0x80, "parents"),
    flag(b'l', "link"),
    optional(PRESERVE, "preserve"),
    req(NO_PRESERVE, "no-preserve"),
    flag(ATTRIBUTES_ONLY, "attributes-only"),
];

const PRESERVE: u8 = 0x81;
const NO_PRESERVE: u8 = 0x82;
const ATTRIBUTES_ONLY: u8 = 0x83;

/// Modeled memory for one remembered (source inode, destination) pair of `cp -a`.
const LINK_ENTRY: u64 = 64;

/// `--preserve=links`: the copy made for each multiply-linked source inode, and the modeled
/// memory of the table (`LINK_ENTRY` per inode).
struct Links {
    made: std::collections::BTreeMap<u64, Vec<u8>>,
    held: crate::limits::Reservation,
}

/// Which symbolic links a copy follows (GNU `-P`, `-H`, `-L`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Deref {
    Never,
    CommandLine,
    Always,
}

struct Opts {
    recursive: bool,
    keep: Preserve,
    /// `--attributes-only`: files get the preserved attributes but no data.
    attributes_only: bool,
    no_clobber: bool,
    /// `-i`: ask before replacing an existing non-directory (the last of `-i` and `-n` wins).
    interactive: bool,
    /// `-u`: replace a non-directory only with a newer source.
    update: bool,
    answers: std::cell::RefCell<Answers>,
    force: bool,
    verbose: bool,
    deref: Deref,
    /// `-l`: make hard links instead of copying files.
    link: bool,
    /// `--preserve=links` (`-a`, `-d`): the destination made for each source file of several
    /// names, so that its other names become hard links to the copy too, as they were to
    /// the source.
    links: Option<std::cell::RefCell<Links>>,
}

fn join_shown(dir: &[u8], name: &[u8]) -> Vec<u8> {
    let mut s = dir.to_vec();
    if !s.ends_with(b"/") {
        s.push(b'/');
    }
    s.extend_from_slice(name);
    s
}

/// Resolves (sources, destination-per-source) or prints the usage error.
async fn plan(
    ctx: &CommandCtx,
    p: &opts::Parsed,
) -> Result<Result<Vec<(Vec<u8>, Vec<u8>)>, i32>, Interrupt> {
    let ops = &p.operands;
    let target_dir = p.last(b't').map(|t| t.to_vec());
    let no_target = p.has(b'T');
    if ops.is_empty() {
        return Ok(Err(opts::usage(ctx, "missing file operand", 1).await?));
    }
    if let Some(t) = target_dir {
        let isdir = ctx
            .vfs()
            .stat(&ctx.resolve(&t))
            .map(|s| s.file_type == FileType::Dir)
            .unwrap_or(false);
        if !isdir {
            ctx.diag(format!(
                "target directory {}: Not a directory",
                opts::quoteaf(ctx, &t)
            ))
            .await?;
            return Ok(Err(1));
        }
        return Ok(Ok(ops
            .iter()
            .map(|s| (s.clone(), join_shown(&t, path::file_name(s))))
            .collect()));
    }
    if ops.len() == 1 {
        return Ok(Err(opts::usage(
            ctx,
            &format!(
                "missing destination file operand after {}",
                opts::quoteaf(ctx, &ops[0])
            ),
            1,
        )
        .await?));
    }
    let (srcs, dest) = ops.split_at(ops.len() - 1);
    let dest = &dest[0];
    let isdir = ctx
        .vfs()
        .stat(&ctx.resolve(dest))
        .map(|s| s.file_type == FileType::Dir)
        .unwrap_or(false);
    // `cp file b/` with no directory b: the slash asks for a directory, so nothing is made.
    if srcs.len() == 1 && dest.ends_with(b"/") && !isdir {
        let src_is_dir = ctx
            .vfs()
            .stat(&ctx.resolve(&srcs[0]))
            .map(|s| s.file_type == FileType::Dir);
        if matches!(src_is_dir, Ok(false)) {
            ctx.diag(format!(
                "cannot create regular file {}: Not a directory",
                opts::quoteaf(ctx, dest)
            ))
            .await?;
            return Ok(Err(1));
        }
    }
    if no_target {
        if srcs.len() > 1 {
            return Ok(Err(opts::usage(
                ctx,
                &format!("extra operand {}", opts::quote(ctx, &ops[2])),
                1,
            )
            .await?));
        }
        return Ok(Ok(vec![(srcs[0].clone(), dest.clone())]));
    }
    if srcs.len() > 1 && !isdir {
        ctx.diag(format!(
            "target {} is not a directory",
            opts::quoteaf(ctx, dest)
        ))
        .await?;
        return Ok(Err(1));
    }
    Ok(Ok(srcs
        .iter()
        .map(|s| {
            (
                s.clone(),
                if isdir {
                    join_shown(dest, path::file_name(s))
                } else {
                    dest.clone()
                },
            )
        })
        .collect()))
}

async fn copy(
    ctx: &CommandCtx,
    o: &Opts,
    src: &[u8],
    dst: &[u8],
    top: bool,
) -> Result<bool, Interrupt> {
    let (sa, da) = (ctx.resolve(src), ctx.resolve(dst));
    ctx.charge(crate::limits::cost::PATH_COMPONENT)?;
    let follow = o.deref == Deref::Always || (top && o.deref == Deref::CommandLine);
    let st = if follow {
        ctx.vfs().stat(&sa)
    } else {
        ctx.vfs().lstat(&sa)
    };
    let st = match st {
        Ok(s) => s,
        Err(e) => {
            ctx.diag(format!(
                "cannot stat {}: {}",
                opts::quoteaf(ctx, src),
                e.message()
            ))
            .await?;
            return Ok(false);
        }
    };
    let dst_st = ctx.vfs().stat(&da).ok();
    if let Some(ds) = &dst_st {
        // Linking a file to itself leaves it as it is.
        if o.link && ds.ino == st.ino && st.file_type == FileType::File {
            return Ok(true);
        }
        if ds.ino == st.ino && st.file_type != FileType::Symlink {
            ctx.diag(format!(
                "{} and {} are the same file",
                opts::quoteaf(ctx, src),
                opts::quoteaf(ctx, dst)
            ))
            .await?;
            return Ok(false);
        }
    }
    match st.file_type {
        FileType::Dir => {
            if !o.recursive {
                ctx.diag(format!(
                    "-r not specified; omitting directory {}",
                    opts::quoteaf(ctx, src)
                ))
                .await?;
                return Ok(false);
            }
            let canon_src = ctx.vfs().canonicalize(&sa).unwrap_or(sa.clone());
            let dparent = ctx
                .vfs()
                .canonicalize(&path::parent(&da))
                .unwrap_or_default();
            let dcanon = path::join(&dparent, path::file_name(&da));
            if dcanon.starts_with(&canon_src)
                && (dcanon.len() == canon_src.len() || dcanon[canon_src.len()] == b'/')
            {
                ctx.diag(format!(
                    "cannot copy a directory, {}, into itself, {}",
                    opts::quoteaf(ctx, src),
                    opts::quoteaf(ctx, dst)
                ))
                .await?;
                return Ok(false);
            }
            match &dst_st {
                Some(ds) if ds.file_type != FileType::Dir => {
                    ctx.diag(format!(
                        "cannot overwrite non-directory {} with directory {}",
                        opts::quoteaf(ctx, dst),
                        opts::quoteaf(ctx, src)
                    ))
                    .await?;
                    return Ok(false);
                }
                Some(_) => {}
                None => {
                    let r = ctx
                        .vfs()
                        .mkdir(&da, o.keep.new_dir_mode(st.mode, ctx.umask()));
                    if let Err(e) = r {
                        ctx.diag(format!(
                            "cannot create directory {}: {}",
                            opts::quoteaf(ctx, dst),
                            e.message()
                        ))
                        .await?;
                        return Ok(false);
                    }
                    if o.verbose {
                        say_copied(ctx, src, dst).await?;
                    }
                }
            }
            let entries = ctx.vfs().read_dir(&sa).unwrap_or_default();
            let mut ok = true;
            for (name, _) in entries {
                ok &= Box::pin(copy(
                    ctx,
                    o,
                    &join_shown(src, &name),
                    &join_shown(dst, &name),
                    false,
                ))
                .await?;
            }
            // An existing directory keeps its own attributes unless they are preserved.
            if !o.keep.apply(ctx, &st, dst, &da).await? {
                ok = false;
            }
            Ok(ok)
        }
        FileType::Symlink => {
            let old = ctx.vfs().lstat(&da).ok();
            if let Some(old) = dst_st.as_ref().or(old.as_ref()) {
                if !may_replace(ctx, o, &st, old, dst).await? {
                    return Ok(true);
                }
                let _ = ctx.vfs().remove(&da);
            }
            let target = ctx.vfs().read_link(&sa).unwrap_or_default();
            let made = ctx.vfs().symlink(&target, &da);
            if let Err(e) = made {
                ctx.diag(format!(
                    "cannot create symbolic link {}: {}",
                    opts::quoteaf(ctx, dst),
                    e.message()
                ))
                .await?;
                return Ok(false);
            }
            if o.verbose {
                say_copied(ctx, src, dst).await?;
            }
            o.keep.apply(ctx, &st, dst, &da).await
        }
        FileType::File => {
            if let Some(ds) = &dst_st {
                if !may_replace(ctx, o, &st, ds, dst).await? {
                    return Ok(true);
                }
                if ds.file_type == FileType::Dir {
                    ctx.diag(format!(
                        "cannot overwrite directory {} with non-directory",
                        opts::quoteaf(ctx, dst)
                    ))
                    .await?;
                    return Ok(false);
                }
            }
            let earlier = match &o.links {
                Some(links) if st.nlink > 1 => links.borrow().made.get(&st.ino).cloned(),
                _ => None,
            };
            if o.link || earlier.is_some() {
                let from = earlier.unwrap_or_else(|| sa.clone());
                return hard_link(ctx, o, src, dst, &from, &da, dst_st.is_some()).await;
            }
            if !write_data(ctx, o, &st, src, dst, &da, dst_st.is_some()).await? {
                return Ok(false);
            }
            let kept = o.keep.apply(ctx, &st, dst, &da).await?;
            if let Some(links) = &o.links {
                if st.nlink > 1 {
                    let mut links = links.borrow_mut();
                    if !links.made.contains_key(&st.ino) {
                        links.held.grow(LINK_ENTRY)?;
                    }
                    links.made.insert(st.ino, da.clone());
                }
            }
            if o.verbose {
                say_copied(ctx, src, dst).await?;
            }
            Ok(kept)
        }
    }
}

/// Whether an existing destination `old` may be replaced by a non-directory with status
/// `st`: not with `-n`, not with `-u` when it is as new as the source, and with `-i` only
/// after a yes. GNU asks before it checks that a directory cannot be replaced.
async fn may_replace(
    ctx: &CommandCtx,
    o: &Opts,
    st: &crate::vfs::Stat,
    old: &crate::vfs::Stat,
    dst: &[u8],
) -> Result<bool, Interrupt> {
    if o.no_clobber || (o.update && old.mtime_ns >= st.mtime_ns) {
        return Ok(false);
    }
    if o.interactive {
        let q = format!("{}: overwrite {}? ", ctx.name(), opts::quoteaf(ctx, dst));
        ctx.err(q.as_bytes()).await?;
        // Taken out for the wait, so no borrow is held across it.
        let mut answers = o.answers.take();
        let yes = answers.yesno(ctx).await;
        o.answers.replace(answers);
        return yes;
    }
    Ok(true)
}

/// Gives the copy its data: the source's contents, or with `--attributes-only` none (a
/// missing destination is made empty, an existing one keeps its data). Returns false after
/// reporting a failure.
async fn write_data(
    ctx: &CommandCtx,
    o: &Opts,
    st: &crate::vfs::Stat,
    src: &[u8],
    dst: &[u8],
    da: &[u8],
    exists: bool,
) -> Result<bool, Interrupt> {
    if o.attributes_only {
        if exists {
            return Ok(true);
        }
        let mode = o.keep.new_file_mode(st.mode, ctx.umask());
        let r = ctx
            .vfs()
            .write_file_mode(da, b"", WriteMode::CreateNew, mode);
        ctx.sys.sync_disk();
        if let Err(e) = r {
            ctx.diag(format!(
                "cannot create regular file {}: {}",
                opts::quoteaf(ctx, dst),
                e.message()
            ))
            .await?;
            return Ok(false);
        }
        return Ok(true);
    }
    let read = ctx.vfs().read_file(&ctx.resolve(src));
    let data = match read {
        Ok(d) => d,
        Err(e) => {
            ctx.diag(format!(
                "cannot open {} for reading: {}",
                opts::quoteaf(ctx, src),
                e.message()
            ))
            .await?;
            return Ok(false);
        }
    };
    ctx.charge_bytes(data.len())?;
    let r = ctx.vfs().write_file_mode(
        da,
        &data,
        WriteMode::Truncate,
        o.keep.new_file_mode(st.mode, ctx.umask()),
    );
    ctx.sys.sync_disk();
    if let Err(e) = r {
        // GNU stats the destination first; a parent that is not a directory fails there.
        let what = if e == crate::vfs::VfsError::NotDir {
            "cannot stat"
        } else {
            "cannot create regular file"
        };
        ctx.diag(format!(
            "{what} {}: {}",
            opts::quoteaf(ctx, dst),
            e.message()
        ))
        .await?;
        return Ok(false);
    }
    Ok(true)
}

/// Makes `da` (shown as `dst`) a new name of `from`: `cp -l`, or a later name of a file
/// `cp -a` already copied. The verbose line comes first, as GNU prints it before linking.
async fn hard_link(
    ctx: &CommandCtx,
    o: &Opts,
    src: &[u8],
    dst: &[u8],
    from: &[u8],
    da: &[u8],
    exists: bool,
) -> Result<bool, Interrupt> {
    if o.verbose {
        say_copied(ctx, src, dst).await?;
    }
    let mut r = ctx.vfs().link(from, da, false);
    // An existing destination is replaced when `-f` is given or when `-a` links a later
    // name; plain `cp -l` onto a file refuses.
    if r == Err(crate::vfs::VfsError::Exists) && exists && (o.force || !o.link) {
        let before = ctx.vfs().clone();
        let removed = ctx.vfs().remove(da);
        r = removed.and_then(|()| ctx.vfs().link(from, da, false));
        if r.is_err() {
            *ctx.vfs() = before;
        }
    }
    ctx.sys.sync_disk();
    if let Err(e) = r {
        ctx.diag(format!(
            "cannot create hard link {} to {}: {}",
            opts::quoteaf(ctx, dst),
            opts::quoteaf(ctx, src),
            e.message()
        ))
        .await?;
        return Ok(false);
    }
    Ok(true)
}

async fn cp_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(CP_DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let archive = p.has(b'a');
    // The attribute options act in order: a later one overrides an earlier one.
    let mut keep = Preserve::default();
    for (id, v) in &p.opts {
        let (list, on) = match (id, v) {
            (b'a', _) => {
                keep.basic();
                keep.links = true;
                continue;
            }
            (b'p', _) | (&PRESERVE, None) => {
                keep.basic();
                continue;
            }
            (b'd', _) => {
                keep.links = true;
                continue;
            }
            (&PRESERVE, Some(l)) => (l, true),
            (&NO_PRESERVE, Some(l)) => (l, false),
            _ => continue,
        };
        if let Err((item, ambiguous)) = keep.decode(list, on) {
            let option = if on { "--preserve" } else { "--no-preserve" };
            let m = Preserve::refusal(ctx, &item, option, ambiguous);
            return opts::usage(ctx, &m, 1).await;
        }
    }
    if keep.require_context {
        ctx.diag("cannot preserve security context without an SELinux-enabled kernel")
            .await?;
        return Ok(1);
    }
    // `-i` and `-n` override each other; `-f` changes neither (GNU 9.1).
    let (mut no_clobber, mut interactive) = (false, false);
    for (id, _) in &p.opts {
        match id {
            b'n' => (no_clobber, interactive) = (true, false),
            b'i' => (no_clobber, interactive) = (false, true),
            _ => {}
        }
    }
    let force = p.has(b'f');
    let recursive = p.has(b'r') || p.has(b'R') || archive;
    // GNU: the last of -P/-d/-a, -H and -L wins; without one, a recursive copy follows no
    // links and any other copy follows them all.
    let mut deref = None;
    for (id, _) in &p.opts {
        match id {
            b'P' | b'd' | b'a' => deref = Some(Deref::Never),
            b'H' => deref = Some(Deref::CommandLine),
            b'L' => deref = Some(Deref::Always),
            _ => {}
        }
    }
    let deref = deref.unwrap_or(if recursive {
        Deref::Never
    } else {
        Deref::Always
    });
    let o = Opts {
        recursive,
        keep,
        attributes_only: p.has(ATTRIBUTES_ONLY),
        no_clobber,
        interactive,
        update: p.has(b'u'),
        answers: Default::default(),
        verbose: p.has(b'v'),
        deref,
        force,
        link: p.has(b'l'),
        links: keep.links.then(|| {
            std::cell::RefCell::new(Links {
                made: Default::default(),
                held: ctx.empty_reservation(),
            })
        }),
    };
    if p.has(0x80) {
        let status = parents(ctx, &o, &p).await;
        o.answers.borrow_mut().done();
        return status;
    }
    let pairs = match plan(ctx, &p).await? {
        Ok(v) => v,
        Err(s) => return Ok(s),
    };
    let mut status = 0;
    for (s, d) in pairs {
        if !copy(ctx, &o, &s, &d, true).await? {
            status = 1;
        }
    }
    o.answers.borrow_mut().done();
    Ok(status)
}

/// `--parents`: each source is copied to `DIR/SOURCE`, creating the missing directories.
async fn parents(ctx: &CommandCtx, o: &Opts, p: &opts::Parsed) -> Result<i32, Interrupt> {
    let ops = &p.operands;
    let (srcs, dir) = match p.last(b't') {
        Some(t) => (&ops[..], t.to_vec()),
        None if ops.len() >= 2 => (&ops[..ops.len() - 1], ops[ops.len() - 1].clone()),
        None if ops.is_empty() => return opts::usage(ctx, "missing file operand", 1).await,
        None => {
            let m = format!(
                "missing destination file operand after {}",
                opts::quoteaf(ctx, &ops[0])
            );
            return opts::usage(ctx, &m, 1).await;
        }
    };
    let isdir = ctx
        .vfs()
        .stat(&ctx.resolve(&dir))
        .map(|s| s.file_type == FileType::Dir)
        .unwrap_or(false);
    if !isdir {
        let m = "with --parents, the destination must be a directory";
        return opts::usage(ctx, m, 1).await;
    }
    let mut status = 0;
    for src in srcs {
        let rel: Vec<u8> = src.iter().copied().skip_while(|&b| b == b'/').collect();
        let dst = join_shown(&dir, &rel);
        // Create the source's leading directories under DIR, with their modes.
        let comps: Vec<&[u8]> = rel
            .split(|&b| b == b'/')
            .filter(|c| !c.is_empty())
            .collect();
        let mut ok = true;
        let mut s_pre: Vec<u8> = if src.starts_with(b"/") {
            b"/".to_vec()
        } else {
            Vec::new()
        };
        let mut d_pre = dir.clone();
        // The directories made here, with their sources' status, for the preserved attributes.
        let mut made: Vec<(Vec<u8>, crate::vfs::Stat)> = Vec::new();
        for c in comps.iter().take(comps.len().saturating_sub(1)) {
            if !s_pre.is_empty() && !s_pre.ends_with(b"/") {
                s_pre.push(b'/');
            }
            s_pre.extend_from_slice(c);
            d_pre = join_shown(&d_pre, c);
            let da = ctx.resolve(&d_pre);
            if ctx.vfs().stat(&da).is_ok() {
                continue;
            }
            let src_st = ctx.vfs().stat(&ctx.resolve(&s_pre)).ok();
            let mode = src_st.as_ref().map(|s| s.mode).unwrap_or(0o755);
            let r = ctx.vfs().mkdir(&da, mode & !ctx.umask());
            if let (Ok(()), Some(st)) = (&r, src_st) {
                made.push((d_pre.clone(), st));
            }
            if let Err(e) = r {
                ctx.diag(format!(
                    "cannot make directory {}: {}",
                    opts::quoteaf(ctx, &d_pre),
                    e.message()
                ))
                .await?;
                ok = false;
                break;
            }
            if o.verbose {
                let line = [s_pre.as_slice(), b" -> ", d_pre.as_slice(), b"\n"].concat();
                ctx.out(&line).await?;
            }
        }
        if !ok || !copy(ctx, o, src, &dst, true).await? {
            status = 1;
        }
        // GNU gives the made directories their sources' attributes once the copy is done.
        for (d, st) in &made {
            if !o.keep.apply(ctx, st, d, &ctx.resolve(d)).await? {
                status = 1;
            }
        }
    }
    ctx.sys.sync_disk();
    Ok(status)
}

/// `-v`: the line naming a copy, `'src' -> 'dst'`.
async fn say_copied(ctx: &CommandCtx, src: &[u8], dst: &[u8]) -> Result<(), Interrupt> {
    let line = format!(
        "{} -> {}\n",
        opts::quoteaf(ctx, src),
        opts::quoteaf(ctx, dst)
    );
    ctx.out(line.as_bytes()).await
}

crate::command_fn!(run_cp, cp_main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn cp_cases() {
        let k = machine(&[("f", b"data"), ("d/x", b"1")]);
        assert_eq!(
            text(run_on(&k, &["cp"], b"")).2,
            "cp: missing file operand\nTry 'cp --help' for more information.\n"
        );
        assert_eq!(text(run_on(&k, &["cp", "f"], b"")).2, "cp: missing destination file operand after 'f'\nTry 'cp --help' for more information.\n");
        assert_eq!(
            text(run_on(&k, &["cp", "f", "nodir/x"], b"")).2,
            "cp: cannot create regular file 'nodir/x': No such file or directory\n"
        );
        assert_eq!(
            text(run_on(&k, &["cp", "-v", "f", "h"], b"")).1,
            "'f' -> 'h'\n"
        );
        assert_eq!(
            text(run_on(&k, &["cp", "d", "dd"], b"")),
            (
                1,
                String::new(),
                "cp: -r not specified; omitting directory 'd'\n".into()
            )
        );
        assert_eq!(
            text(run_on(&k, &["cp", "-r", "d", "d/sub"], b"")).2,
            "cp: cannot copy a directory, 'd', into itself, 'd/sub'\n"
        );
        assert_eq!(
            text(run_on(&k, &["cp", "-rv", "d", "dd"], b"")).1,
            "'d' -> 'dd'\n'd/x' -> 'dd/x'\n"
        );
        assert_eq!(
            text(run_on(&k, &["cp", "f", "f"], b"")).2,
            "cp: 'f' and 'f' are the same file\n"
        );
        assert_eq!(run_on(&k, &["cp", "f", "d"], b"").0, 0);
        assert_eq!(&**k.vfs.borrow().read_file(b"/work/d/f").unwrap(), b"data");
        assert_eq!(
            text(run_on(&k, &["cp", "f", "h", "nodir"], b"")).2,
            "cp: target 'nodir' is not a directory\n"
        );
        assert_eq!(run_on(&k, &["cp", "-n", "d/x", "f"], b"").0, 0);
        assert_eq!(&**k.vfs.borrow().read_file(b"/work/f").unwrap(), b"data");
    }

    /// Checked against GNU cp 9.1: `-R` alone copies links as links, `-L` follows all,
    /// `-H` only the operands; the last of `-H`/`-L`/`-P` wins.
    #[test]
    fn recursive_link_modes() {
        let k = machine(&[("s/d/f", b"x"), ("s/f", b"y")]);
        k.vfs.borrow_mut().symlink(b"f", b"/work/s/d/l").unwrap();
        k.vfs.borrow_mut().symlink(b"d", b"/work/s/dl").unwrap();
        let is_link =
            |p: &[u8]| k.vfs.borrow().lstat(p).unwrap().file_type == crate::vfs::FileType::Symlink;
        assert_eq!(run_on(&k, &["cp", "-R", "s/dl", "r1"], b"").0, 0);
        assert!(is_link(b"/work/r1"));
        assert_eq!(run_on(&k, &["cp", "-RH", "s/dl", "r2"], b"").0, 0);
        assert!(!is_link(b"/work/r2") && is_link(b"/work/r2/l"));
        assert_eq!(run_on(&k, &["cp", "-RHL", "s/dl", "r3"], b"").0, 0);
        assert!(!is_link(b"/work/r3") && !is_link(b"/work/r3/l"));
        assert_eq!(run_on(&k, &["cp", "-RLP", "s/dl", "r4"], b"").0, 0);
        assert!(is_link(b"/work/r4"));
        assert_eq!(run_on(&k, &["cp", "s/d/l", "r5"], b"").0, 0);
        assert!(!is_link(b"/work/r5"));
    }

    #[test]
    fn hard_links() {
        let k = machine(&[("a", b"a"), ("f", b"f"), ("e/", b"")]);
        k.vfs.borrow_mut().mkdir(b"/work/d", 0o755).unwrap();
        k.vfs
            .borrow_mut()
            .link(b"/work/a", b"/work/d/b", false)
            .unwrap();
        k.vfs
            .borrow_mut()
            .link(b"/work/a", b"/work/d/c", false)
            .unwrap();
        let t = |argv: &[&str]| text(run_on(&k, argv, b""));
        let nlink = |p: &str| k.vfs.borrow().stat(p.as_bytes()).unwrap().nlink;
        assert_eq!(
            t(&["cp", "-lv", "a", "f"]),
            (
                1,
                "'a' -> 'f'\n".into(),
                "cp: cannot create hard link 'f' to 'a': File exists\n".into()
            )
        );
        assert_eq!(t(&["cp", "-lf", "a", "f"]).0, 0);
        assert_eq!(nlink("/work/f"), 4);
        assert_eq!(
            t(&["cp", "-l", "a", "a"]),
            (0, String::new(), String::new())
        );
        assert_eq!(t(&["cp", "-a", "d", "a", "e"]).0, 0);
        assert_eq!(nlink("/work/e/d/b"), 3);
        assert_eq!(nlink("/work/e/a"), 3);
        assert_eq!(t(&["cp", "-d", "a", "d/b", "f"]).0, 1);
        // A fresh copy of `a`, then `d/b` (the same file) linked to it, replacing the old name.
        assert_eq!(t(&["cp", "-d", "a", "d/b", "e/d"]).0, 0);
        assert_eq!(nlink("/work/e/d/a"), 2);
        assert_eq!(nlink("/work/e/d/c"), 2);
        assert_eq!(t(&["cp", "-r", "d", "r"]).0, 0);
        assert_eq!(nlink("/work/r/b"), 1);
    }

    /// Checked against GNU cp 9.1: `-u` keeps a destination as new as the source, `-i`
    /// asks on standard error and reads the answer.
    #[test]
    fn update_and_interactive() {
        let k = machine(&[("a", b"new"), ("b", b"old")]);
        let t = |argv: &[&str], input: &[u8]| text(run_on(&k, argv, input));
        assert_eq!(t(&["cp", "-u", "a", "b"], b"").0, 0);
        assert_eq!(&**k.vfs.borrow().read_file(b"/work/b").unwrap(), b"old");
        assert_eq!(
            t(&["cp", "-i", "a", "b"], b"n\n"),
            (0, String::new(), "cp: overwrite 'b'? ".into())
        );
        assert_eq!(&**k.vfs.borrow().read_file(b"/work/b").unwrap(), b"old");
        assert_eq!(t(&["cp", "-n", "-i", "a", "b"], b"y\n").0, 0);
        assert_eq!(&**k.vfs.borrow().read_file(b"/work/b").unwrap(), b"new");
    }

    #[test]
    fn parents() {
        let k = machine(&[("a/b/f", b"x"), ("d/", b"")]);
        assert_eq!(
            text(run_on(&k, &["cp", "-v", "--parents", "a/b/f", "d"], b"")),
            (
                0,
                "a -> d/a\na/b -> d/a/b\n'a/b/f' -> 'd/a/b/f'\n".into(),
                String::new()
            )
        );
        assert_eq!(&**k.vfs.borrow().read_file(b"/work/d/a/b/f").unwrap(), b"x");
        assert_eq!(
            text(run_on(&k, &["cp", "--parents", "a/b/f", "a/b/f"], b"")).2,
            "cp: with --parents, the destination must be a directory\nTry 'cp --help' for more information.\n"
        );
    }
}
