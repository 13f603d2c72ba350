//! `patch`: apply a unified diff, byte-exact with GNU patch 2.7.6 for the options it accepts
//! (offsets, fuzz, reversed-patch detection answered as GNU answers without a terminal,
//! backups, reject files, git headers with renames, copies and modes, creations and
//! deletions). Context, normal and ed diffs are refused (exit 2).
//!
//! One deliberate difference: a run is all or nothing when the patch is malformed or a file
//! to patch is missing. GNU would already have patched the files before the problem; here
//! nothing changes (a note on stderr says so when GNU would have changed something). Failed
//! hunks are handled exactly as GNU does: the rest is applied and rejects are saved.
//!
//! The engine behind it is usable on its own: [`apply_to_vfs`] applies a unified diff or a
//! `*** Begin Patch` patch to a [`crate::vfs::Vfs`], all or nothing.

mod agent;
mod apply;
mod engine;
mod gnu;
mod names;
mod parse;

pub use apply::Charge;
pub use engine::{apply_to_vfs, ChangedPath, PatchError};

use super::opts::{flag, optional, req, OptDef, Parser};
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::vfs::FileType;

pub fn register(r: &mut super::Registry) {
    r.register(
        "patch",
        Trust::Partial,
        "apply a unified diff (GNU patch 2.7.6); context, normal and ed diffs are refused; all or nothing when a file to patch is missing or the patch is malformed",
        "-p N -R -N -f -t -s -E -b -u -F N -i FILE -o FILE -d DIR -r FILE --dry-run --binary --no-backup-if-mismatch --backup-if-mismatch [ORIGFILE [PATCHFILE]]",
        run,
    );
}

const DRY_RUN: u8 = 0x80;
const NO_BACKUP_IF_MISMATCH: u8 = 0x81;
const BACKUP_IF_MISMATCH: u8 = 0x82;
const BINARY: u8 = 0x83;
const VERBOSE: u8 = 0x84;
const POSIX: u8 = 0x85;
const MERGE: u8 = 0x86;
const READ_ONLY: u8 = 0x87;
const REJECT_FORMAT: u8 = 0x88;
const QUOTING: u8 = 0x89;
const FOLLOW: u8 = 0x8A;

const DEFS: &[OptDef] = &[
    req(b'p', "strip"),
    flag(b'R', "reverse"),
    flag(DRY_RUN, "dry-run"),
    req(b'i', "input"),
    flag(b'N', "forward"),
    flag(b's', "silent"),
    flag(b's', "quiet"),
    flag(b'f', "force"),
    flag(b't', "batch"),
    flag(b'E', "remove-empty-files"),
    req(b'o', "output"),
    req(b'd', "directory"),
    flag(b'b', "backup"),
    flag(NO_BACKUP_IF_MISMATCH, "no-backup-if-mismatch"),
    flag(BACKUP_IF_MISMATCH, "backup-if-mismatch"),
    flag(b'u', "unified"),
    req(b'F', "fuzz"),
    req(b'r', "reject-file"),
    flag(BINARY, "binary"),
    // GNU options this simulator refuses (exit 2, never ignored).
    flag(b'c', "context"),
    flag(b'e', "ed"),
    flag(b'n', "normal"),
    flag(b'l', "ignore-whitespace"),
    req(b'D', "ifdef"),
    req(b'B', "prefix"),
    req(b'Y', "basename-prefix"),
    req(b'z', "suffix"),
    req(b'V', "version-control"),
    flag(b'g', "get"),
    flag(b'G', ""),
    flag(b'T', "set-time"),
    flag(b'Z', "set-utc"),
    req(b'x', "debug"),
    flag(VERBOSE, "verbose"),
    flag(POSIX, "posix"),
    optional(MERGE, "merge"),
    req(READ_ONLY, "read-only"),
    req(REJECT_FORMAT, "reject-format"),
    req(QUOTING, "quoting-style"),
    flag(FOLLOW, "follow-symlinks"),
];

/// The refused options, as they are shown.
fn refused(id: u8) -> Option<&'static str> {
    Some(match id {
        b'c' => "-c (context diffs)",
        b'e' => "-e (ed scripts)",
        b'n' => "-n (normal diffs)",
        b'l' => "-l",
        b'D' => "-D",
        b'B' => "-B",
        b'Y' => "-Y",
        b'z' => "-z",
        b'V' => "-V",
        b'g' | b'G' => "-g",
        b'T' => "-T",
        b'Z' => "-Z",
        b'x' => "-x",
        VERBOSE => "--verbose",
        POSIX => "--posix",
        MERGE => "--merge",
        READ_ONLY => "--read-only",
        REJECT_FORMAT => "--reject-format",
        QUOTING => "--quoting-style",
        FOLLOW => "--follow-symlinks",
        _ => return None,
    })
}

const VERSION_TEXT: &str = "GNU patch 2.7.6\nCopyright (C) 2003, 2009-2012 Free Software Foundation, Inc.\nCopyright (C) 1988 Larry Wall\n\nLicense GPLv3+: GNU GPL version 3 or later <http://gnu.org/licenses/gpl.html>.\nThis is free software: you are free to change and redistribute it.\nThere is NO WARRANTY, to the extent permitted by law.\n\nWritten by Larry Wall and Paul Eggert\n";

async fn fatal(ctx: &CommandCtx, message: &str) -> Result<i32, Interrupt> {
    ctx.err(format!("patch: **** {message}\n").as_bytes())
        .await?;
    Ok(2)
}

async fn usage(ctx: &CommandCtx, message: &str) -> Result<i32, Interrupt> {
    ctx.err(
        format!("patch: {message}\npatch: Try 'patch --help' for more information.\n").as_bytes(),
    )
    .await?;
    Ok(2)
}

/// A non-negative count (`-p`, `-F`), with GNU's complaints.
fn count(v: &[u8], what: &str) -> Result<usize, String> {
    let s = String::from_utf8_lossy(v);
    match s.parse::<i64>() {
        Ok(n) if n < 0 => Err(format!("{what} {s} is negative")),
        Ok(n) => Ok(n as usize),
        Err(_) => Err(format!("{what} {s} is not a number")),
    }
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match Parser::new(DEFS).parse(ctx.args()) {
        Ok(p) => p,
        Err(m) => return usage(ctx, &m).await,
    };
    if p.has(super::opts::HELP) {
        ctx.mark_partial("--help is not modeled");
        return fatal(ctx, "--help is not available in this simulator").await;
    }
    if p.has(super::opts::VERSION) {
        ctx.out(VERSION_TEXT.as_bytes()).await?;
        return Ok(0);
    }
    if let Some(name) = p.opts.iter().find_map(|(id, _)| refused(*id)) {
        ctx.mark_partial(format!("patch {name} is not supported"));
        return fatal(
            ctx,
            &format!("option {name} is not supported by this simulator"),
        )
        .await;
    }
    if p.operands.len() > 2 {
        let extra = String::from_utf8_lossy(&p.operands[2]).into_owned();
        return usage(ctx, &format!("{extra}: extra operand")).await;
    }
    let mut o = gnu::Opts {
        quoting: super::opts::Quoting::of(ctx),
        reverse: p.has(b'R'),
        dry_run: p.has(DRY_RUN),
        forward: p.has(b'N'),
        silent: p.has(b's'),
        force: p.has(b'f'),
        batch: p.has(b't'),
        remove_empty: p.has(b'E'),
        output: p.last(b'o').map(|v| v.to_vec()),
        backup: p.has(b'b'),
        backup_if_mismatch: true,
        fuzz: 2,
        reject_file: p.last(b'r').map(|v| v.to_vec()),
        orig_file: p.operands.first().cloned(),
        strip: None,
    };
    for (id, _) in &p.opts {
        match *id {
            NO_BACKUP_IF_MISMATCH => o.backup_if_mismatch = false,
            BACKUP_IF_MISMATCH => o.backup_if_mismatch = true,
            _ => {}
        }
    }
    if let Some(v) = p.last(b'p') {
        match count(v, "strip count") {
            Ok(n) => o.strip = Some(n),
            Err(m) => return fatal(ctx, &m).await,
        }
    }
    if let Some(v) = p.last(b'F') {
        match count(v, "fuzz factor") {
            Ok(n) => o.fuzz = n,
            Err(m) => return fatal(ctx, &m).await,
        }
    }
    let mut cwd = ctx.cwd.clone();
    if let Some(d) = p.last(b'd') {
        let abs = ctx.resolve(d);
        match ctx.stat(&abs) {
            Ok(s) if s.file_type == FileType::Dir => cwd = abs,
            r => {
                let why = match r {
                    Ok(_) => "Not a directory",
                    Err(e) => e.message(),
                };
                let d = String::from_utf8_lossy(d);
                return fatal(ctx, &format!("Can't change to directory {d} : {why}")).await;
            }
        }
    }
    let source = p
        .last(b'i')
        .map(|v| v.to_vec())
        .or_else(|| p.operands.get(1).cloned());
    // The patch is read through the process (so `/dev/stdin` and `/dev/fd/N` work) relative
    // to the `-d` directory; its modeled memory is held while the patch is applied.
    let operand = match &source {
        Some(name) if name.as_slice() != b"-" => crate::vfs::path::join(&cwd, name),
        _ => b"-".to_vec(),
    };
    let text = match ctx.read_all_input(&operand).await {
        Ok(d) => d,
        Err(e) => {
            let e = super::opts::interrupted(e)?;
            let n = String::from_utf8_lossy(source.as_deref().unwrap_or(b"-")).into_owned();
            return fatal(ctx, &format!("Can't open patch file {n} : {}", e.message())).await;
        }
    };
    apply(ctx, &o, &text, cwd, !p.has(BINARY)).await
}

/// Applies the patch text: GNU's run on a copy of the filesystem, which replaces the real one
/// unless a file was missing or the patch was malformed.
async fn apply(
    ctx: &CommandCtx,
    o: &gnu::Opts,
    text: &[u8],
    cwd: Vec<u8>,
    strip_crs: bool,
) -> Result<i32, Interrupt> {
    ctx.charge_bytes(text.len())?;
    let patch = parse::parse_opts(text, o.orig_file.is_some(), strip_crs);
    if let Some(parse::Fatal::Unsupported(what)) = &patch.fatal {
        let m = String::from_utf8_lossy(&parse::Fatal::Unsupported(what).message()).into_owned();
        ctx.mark_partial(format!("patch: {what}"));
        return fatal(ctx, &m).await;
    }
    if patch.only_garbage {
        return fatal(ctx, "Only garbage was found in the patch input.").await;
    }
    let sys = ctx.sys.clone();
    let mut charge = move |u: u64| sys.meter.charge_cpu(u);
    let before = ctx.vfs().clone();
    let mut run = gnu::Run::new(o, before, cwd, &mut charge);
    let outcome = run.run(&patch);
    let (status, fatal_hit, missing, changed) = (run.status, run.fatal, run.missing, run.changed);
    let (work, events) = run.into_parts();
    outcome.map_err(Interrupt::from)?;
    let commit = !(fatal_hit || missing || o.dry_run);
    if commit && changed {
        *ctx.vfs() = work;
        ctx.sys.sync_disk();
    }
    for (fd, data) in events {
        if fd == 1 {
            ctx.out(&data).await?;
        } else {
            ctx.err(&data).await?;
        }
    }
    if !commit && changed && !o.dry_run {
        ctx.err(b"patch: nothing was changed: this simulator applies a patch all or nothing when a file is missing or the patch is malformed\n")
            .await?;
    }
    Ok(status.max(i32::from(missing)))
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests;
