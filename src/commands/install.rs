//! `install`: copy files and set their mode (default 0755) and owner, or make directories
//! (`-d`). Modes are computed from 0 with no umask, as GNU install does, so `-m +x` is 0111.
//! The modeled user and group databases know only `root`; other owners must be numeric.
//! Stripping, backups and SELinux contexts are refused (exit 2) rather than ignored.

use super::chmod;
use super::fsutil::{parse_group, parse_user};
use super::opts::{self, flag, optional, req, OptDef, Parser};
use crate::limits::cost;
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::vfs::{path, FileType, VfsError, WriteMode};

pub fn register(r: &mut super::Registry) {
    r.register(
        "install",
        Trust::Real,
        "copy files and set attributes",
        "-d -D -m MODE -o OWNER -g GROUP -t DIR -T -v -C -p -Z (no -s, -b, -S, --context=CTX)",
        run,
    );
}

const STRIP_PROGRAM: u8 = 0x80;
const BACKUP: u8 = 0x81;
const PRESERVE_CONTEXT: u8 = 0x82;

const DEFS: &[OptDef] = &[
    flag(b'C', "compare"),
    flag(b'd', "directory"),
    flag(b'D', ""),
    req(b'g', "group"),
    req(b'm', "mode"),
    req(b'o', "owner"),
    flag(b'p', "preserve-timestamps"),
    req(b't', "target-directory"),
    flag(b'T', "no-target-directory"),
    flag(b'v', "verbose"),
    // Recognised so they fail loudly instead of being taken for something else.
    flag(b's', "strip"),
    req(STRIP_PROGRAM, "strip-program"),
    optional(BACKUP, "backup"),
    flag(b'b', ""),
    req(b'S', "suffix"),
    flag(PRESERVE_CONTEXT, "preserve-context"),
    // With no SELinux on the machine, GNU's -Z sets nothing; a named context is refused.
    optional(b'Z', "context"),
];

struct Opts {
    mode: u32,
    dir_mode: u32,
    uid: Option<u32>,
    gid: Option<u32>,
    verbose: bool,
    compare: bool,
    preserve_times: bool,
}

fn join_shown(dir: &[u8], name: &[u8]) -> Vec<u8> {
    let mut s = dir.to_vec();
    if !s.ends_with(b"/") {
        s.push(b'/');
    }
    s.extend_from_slice(name);
    s
}

fn is_dir(ctx: &CommandCtx, p: &[u8]) -> bool {
    ctx.vfs()
        .stat(&ctx.resolve(p))
        .is_ok_and(|s| s.file_type == FileType::Dir)
}

/// Creates `dir` and its missing ancestors (0755), announcing each with `-v`; the last one
/// gets `last_mode` when given. Returns false after reporting an error.
async fn make_parents(
    ctx: &CommandCtx,
    dir: &[u8],
    last_mode: Option<u32>,
    verbose: bool,
) -> Result<bool, Interrupt> {
    let comps: Vec<&[u8]> = dir.split(|&c| c == b'/').collect();
    let mut prefix = Vec::new();
    for (k, c) in comps.iter().enumerate() {
        if k > 0 {
            prefix.push(b'/');
        }
        prefix.extend_from_slice(c);
        if c.is_empty() || *c == b"." || *c == b".." {
            continue;
        }
        ctx.charge(cost::PATH_COMPONENT)?;
        let abs = ctx.resolve(&prefix);
        let st = ctx.vfs().stat(&abs);
        let err = match st {
            Ok(st) if st.file_type == FileType::Dir => continue,
            // A file where a directory is needed: the final name exists, an earlier one
            // cannot hold anything.
            Ok(_) if comps[k + 1..].iter().all(|c| c.is_empty()) => Some(VfsError::Exists),
            Ok(_) => Some(VfsError::NotDir),
            Err(_) => {
                let last = comps[k + 1..].iter().all(|c| c.is_empty());
                let mode = if last {
                    last_mode.unwrap_or(0o755)
                } else {
                    0o755
                };
                let r = ctx.vfs().mkdir(&abs, mode);
                ctx.sys.sync_disk();
                match r {
                    Ok(()) => {
                        if verbose {
                            let m = format!(
                                "install: creating directory {}\n",
                                opts::quoteaf(ctx, &prefix)
                            );
                            ctx.out(m.as_bytes()).await?;
                        }
                        None
                    }
                    Err(e) => Some(e),
                }
            }
        };
        if let Some(e) = err {
            let m = format!(
                "cannot create directory {}: {}",
                opts::quote(ctx, &prefix),
                e.message()
            );
            ctx.diag(m).await?;
            return Ok(false);
        }
    }
    Ok(true)
}

/// `install -d DIR`: the directory and its parents, then its mode and owner.
async fn install_dir(ctx: &CommandCtx, o: &Opts, dir: &[u8]) -> Result<bool, Interrupt> {
    if !make_parents(ctx, dir, Some(o.dir_mode), o.verbose).await? {
        return Ok(false);
    }
    let abs = ctx.resolve(dir);
    let r = ctx.vfs().chmod(&abs, o.dir_mode);
    if let Err(e) = r {
        let m = format!(
            "cannot change permissions of {}: {}",
            opts::quoteaf(ctx, dir),
            e.message()
        );
        ctx.diag(m).await?;
        return Ok(false);
    }
    if o.uid.is_some() || o.gid.is_some() {
        let _ = ctx.vfs().chown(&abs, o.uid, o.gid, true);
    }
    Ok(true)
}

/// Copies one file into place and sets its attributes.
async fn install_file(
    ctx: &CommandCtx,
    o: &Opts,
    src: &[u8],
    dst: &[u8],
) -> Result<bool, Interrupt> {
    let (sa, da) = (ctx.resolve(src), ctx.resolve(dst));
    ctx.charge(cost::PATH_COMPONENT)?;
    // Bound first so the VFS borrow ends before any await.
    let st = ctx.vfs().stat(&sa);
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
    if st.file_type == FileType::Dir {
        ctx.diag(format!("omitting directory {}", opts::quoteaf(ctx, src)))
            .await?;
        return Ok(false);
    }
    let dst_st = ctx.vfs().stat(&da).ok();
    if let Some(ds) = &dst_st {
        if ds.ino == st.ino {
            ctx.diag(format!(
                "{} and {} are the same file",
                opts::quoteaf(ctx, src),
                opts::quoteaf(ctx, dst)
            ))
            .await?;
            return Ok(false);
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
    let data = ctx.vfs().read_file(&sa);
    let data = match data {
        Ok(d) => d,
        Err(e) => {
            let m = format!(
                "cannot open {} for reading: {}",
                opts::quoteaf(ctx, src),
                e.message()
            );
            ctx.diag(m).await?;
            return Ok(false);
        }
    };
    ctx.charge_bytes(data.len())?;
    if o.compare {
        if let Some(ds) = &dst_st {
            // -C leaves an identical file alone: same bytes, mode and owner, no special bits.
            let same_attrs = ds.mode & 0o7777 == o.mode
                && o.mode & 0o7000 == 0
                && ds.uid == o.uid.unwrap_or(0)
                && ds.gid == o.gid.unwrap_or(0);
            if same_attrs && ds.size == data.len() as u64 {
                let cur = ctx.vfs().read_file(&da).ok();
                if let Some(cur) = cur {
                    ctx.charge_bytes(cur.len())?;
                    if *cur == *data {
                        return Ok(true);
                    }
                }
            }
        }
    }
    if dst_st.is_some() {
        // GNU unlinks the old file first and says so under -v.
        let _ = ctx.vfs().remove(&da);
        if o.verbose {
            ctx.out(format!("removed {}\n", opts::quoteaf(ctx, dst)).as_bytes())
                .await?;
        }
    }
    let r = ctx
        .vfs()
        .write_file_mode(&da, &data, WriteMode::Truncate, o.mode);
    ctx.sys.sync_disk();
    if let Err(e) = r {
        let m = format!(
            "cannot create regular file {}: {}",
            opts::quoteaf(ctx, dst),
            e.message()
        );
        ctx.diag(m).await?;
        return Ok(false);
    }
    if o.verbose {
        ctx.out(
            format!(
                "{} -> {}\n",
                opts::quoteaf(ctx, src),
                opts::quoteaf(ctx, dst)
            )
            .as_bytes(),
        )
        .await?;
    }
    let _ = ctx.vfs().chmod(&da, o.mode);
    if o.uid.is_some() || o.gid.is_some() {
        let _ = ctx.vfs().chown(&da, o.uid, o.gid, true);
    }
    if o.preserve_times {
        let _ = ctx
            .vfs()
            .set_times(&da, Some(st.atime_ns), Some(st.mtime_ns));
    }
    Ok(true)
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    for (id, what) in [
        (b's', "--strip (-s)"),
        (STRIP_PROGRAM, "--strip-program"),
        (BACKUP, "--backup"),
        (b'b', "-b"),
        (b'S', "--suffix (-S)"),
        (PRESERVE_CONTEXT, "--preserve-context"),
        (b'Z', "--context=CONTEXT"),
    ] {
        if p.opts
            .iter()
            .any(|(i, v)| *i == id && (id != b'Z' || v.is_some()))
        {
            ctx.mark_partial(format!("install {what} is not supported"));
            ctx.diag(format!("{what} is not supported in this simulator"))
                .await?;
            return Ok(2);
        }
    }
    let dir_arg = p.has(b'd');
    let target = p.last(b't').map(<[u8]>::to_vec);
    let no_target = p.has(b'T');
    if dir_arg && target.is_some() {
        ctx.diag("target directory not allowed when installing a directory")
            .await?;
        return Ok(1);
    }
    if target.is_some() && no_target {
        ctx.diag("cannot combine --target-directory (-t) and --no-target-directory (-T)")
            .await?;
        return Ok(1);
    }
    let (mut mode, mut dir_mode) = (0o755, 0o755);
    if let Some(m) = p.last(b'm') {
        match chmod::compile(m) {
            Some(ch) => {
                mode = chmod::adjust(0, false, 0, &ch);
                dir_mode = chmod::adjust(0, true, 0, &ch);
            }
            None => {
                ctx.diag(format!("invalid mode {}", opts::quote(ctx, m)))
                    .await?;
                return Ok(1);
            }
        }
    }
    let uid = match p.last(b'o') {
        Some(u) => match parse_user(u) {
            Some(id) => Some(id),
            None => {
                ctx.diag(format!("invalid user {}", opts::quote(ctx, u)))
                    .await?;
                return Ok(1);
            }
        },
        None => None,
    };
    let gid = match p.last(b'g') {
        Some(g) => match parse_group(g) {
            Some(id) => Some(id),
            None => {
                ctx.diag(format!("invalid group {}", opts::quote(ctx, g)))
                    .await?;
                return Ok(1);
            }
        },
        None => None,
    };
    let o = Opts {
        mode,
        dir_mode,
        uid,
        gid,
        verbose: p.has(b'v'),
        compare: p.has(b'C'),
        preserve_times: p.has(b'p'),
    };
    let ops = &p.operands;
    if ops.is_empty() || (ops.len() == 1 && !dir_arg && target.is_none()) {
        let m = match ops.first() {
            None => "missing file operand".to_string(),
            Some(a) => format!(
                "missing destination file operand after {}",
                opts::quoteaf(ctx, a)
            ),
        };
        return opts::usage(ctx, &m, 1).await;
    }
    if no_target && !dir_arg && ops.len() > 2 {
        return opts::usage(
            ctx,
            &format!("extra operand {}", opts::quote(ctx, &ops[2])),
            1,
        )
        .await;
    }
    let mut status = 0;
    if dir_arg {
        for d in ops {
            if !install_dir(ctx, &o, d).await? {
                status = 1;
            }
        }
        return Ok(status);
    }
    let make_leading = p.has(b'D');
    let pairs: Vec<(Vec<u8>, Vec<u8>)> = if let Some(t) = target {
        if make_leading && !make_parents(ctx, &t, None, o.verbose).await? {
            return Ok(1);
        }
        let st = ctx.vfs().stat(&ctx.resolve(&t));
        match st {
            Ok(s) if s.file_type == FileType::Dir => {}
            Ok(_) => {
                ctx.diag(format!(
                    "failed to access {}: Not a directory",
                    opts::quoteaf(ctx, &t)
                ))
                .await?;
                return Ok(1);
            }
            Err(e) => {
                let m = format!(
                    "failed to access {}: {}",
                    opts::quoteaf(ctx, &t),
                    e.message()
                );
                ctx.diag(m).await?;
                return Ok(1);
            }
        }
        ops.iter()
            .map(|s| (s.clone(), join_shown(&t, path::file_name(s))))
            .collect()
    } else {
        let (srcs, dest) = ops.split_at(ops.len() - 1);
        let dest = &dest[0];
        if srcs.len() == 1 && (no_target || !is_dir(ctx, dest)) {
            if make_leading {
                let parent = match dest.iter().rposition(|&b| b == b'/') {
                    Some(i) => dest[..i].to_vec(),
                    None => Vec::new(),
                };
                if !make_parents(ctx, &parent, None, o.verbose).await? {
                    return Ok(1);
                }
            }
            vec![(srcs[0].clone(), dest.clone())]
        } else {
            let st = ctx.vfs().stat(&ctx.resolve(dest));
            match st {
                Ok(s) if s.file_type == FileType::Dir => {}
                Ok(_) => {
                    ctx.diag(format!(
                        "target {}: Not a directory",
                        opts::quoteaf(ctx, dest)
                    ))
                    .await?;
                    return Ok(1);
                }
                Err(e) => {
                    let m = format!("target {}: {}", opts::quoteaf(ctx, dest), e.message());
                    ctx.diag(m).await?;
                    return Ok(1);
                }
            }
            srcs.iter()
                .map(|s| (s.clone(), join_shown(dest, path::file_name(s))))
                .collect()
        }
    };
    for (s, d) in pairs {
        if !install_file(ctx, &o, &s, &d).await? {
            status = 1;
        }
    }
    Ok(status)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn copies_with_modes() {
        let k = machine(&[("a", b"hi\n"), ("d/", b"")]);
        assert_eq!(
            text(run_on(&k, &["install", "-v", "a", "b"], b"")).1,
            "'a' -> 'b'\n"
        );
        assert_eq!(
            k.vfs.borrow().stat(b"/work/b").unwrap().mode & 0o7777,
            0o755
        );
        assert_eq!(run_on(&k, &["install", "-m", "+x", "a", "z"], b"").0, 0);
        assert_eq!(
            k.vfs.borrow().stat(b"/work/z").unwrap().mode & 0o7777,
            0o111
        );
        assert_eq!(
            text(run_on(&k, &["install", "-vD", "a", "p/q/r"], b"")).1,
            "install: creating directory 'p'\ninstall: creating directory 'p/q'\n'a' -> 'p/q/r'\n"
        );
        assert_eq!(
            text(run_on(&k, &["install", "-C", "-v", "a", "b"], b"")).1,
            ""
        );
        assert_eq!(
            text(run_on(&k, &["install", "-v", "a", "b"], b"")).1,
            "removed 'b'\n'a' -> 'b'\n"
        );
        assert_eq!(
            text(run_on(&k, &["install", "a", "b", "c"], b"")).2,
            "install: target 'c': No such file or directory\n"
        );
    }

    #[test]
    fn directories_and_errors() {
        let k = machine(&[("a", b"hi\n"), ("d/", b"")]);
        assert_eq!(
            run_on(&k, &["install", "-d", "-m", "700", "d", "m/n"], b"").0,
            0
        );
        assert_eq!(
            k.vfs.borrow().stat(b"/work/d").unwrap().mode & 0o7777,
            0o700
        );
        assert_eq!(
            k.vfs.borrow().stat(b"/work/m").unwrap().mode & 0o7777,
            0o755
        );
        assert_eq!(
            text(run_on(&k, &["install", "-o", "bob", "a", "b"], b"")).2,
            "install: invalid user 'bob'\n"
        );
        assert_eq!(run_on(&k, &["install", "-s", "a", "b"], b"").0, 2);
        assert_eq!(
            text(run_on(&k, &["install", "a"], b"")).2,
            "install: missing destination file operand after 'a'\nTry 'install --help' for more information.\n"
        );
    }
}
