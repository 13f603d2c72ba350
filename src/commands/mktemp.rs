//! `mktemp`: create a unique temporary file or directory. The `X`s are filled from the
//! machine's deterministic random stream, so the same run always makes the same names.

use super::opts::{self, flag, optional, req, OptDef, Parser};
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::vfs::{path, VfsError, WriteMode};

const SUFFIX: u8 = 0x80;
const TMPDIR: u8 = 0x81;

const DEFS: &[OptDef] = &[
    flag(b'd', "directory"),
    flag(b'u', "dry-run"),
    flag(b'q', "quiet"),
    req(SUFFIX, "suffix"),
    req(b'p', ""),
    optional(TMPDIR, "tmpdir"),
    flag(b't', ""),
];

const CHARS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const ATTEMPTS: usize = 100;

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let dir = p.has(b'd');
    let dry = p.has(b'u');
    let quiet = p.has(b'q');
    let t_opt = p.has(b't');
    let dest_arg: Option<Vec<u8>> = p
        .opts
        .iter()
        .rev()
        .find(|(i, _)| *i == b'p' || *i == TMPDIR)
        .map(|(_, v)| v.clone().unwrap_or_default());
    if p.operands.len() > 1 {
        return opts::usage(ctx, "too many templates", 1).await;
    }
    let fail = |m: String| async move {
        if !quiet {
            ctx.diag(m).await?;
        }
        Ok::<i32, Interrupt>(1)
    };
    let (mut template, use_dest) = match p.operands.first() {
        Some(t) => (t.clone(), dest_arg.is_some() || t_opt),
        None => (b"tmp.XXXXXXXXXX".to_vec(), true),
    };
    let suffix_opt = p.last(SUFFIX).map(|s| s.to_vec());
    let suffix: Vec<u8> = match &suffix_opt {
        Some(s) => {
            if s.contains(&b'/') {
                return fail(format!(
                    "invalid suffix {}, contains directory separator",
                    opts::quote(ctx, s)
                ))
                .await;
            }
            if !template.ends_with(b"X") {
                return fail(format!(
                    "with --suffix, template {} must end in X",
                    opts::quote(ctx, &template)
                ))
                .await;
            }
            template.extend_from_slice(s);
            s.clone()
        }
        None => {
            // Whatever follows the last X; a template without X has no suffix.
            let end = template
                .iter()
                .rposition(|&b| b == b'X')
                .map_or(template.len(), |i| i + 1);
            let s = template[end..].to_vec();
            if s.contains(&b'/') {
                return fail(format!(
                    "invalid suffix {}, contains directory separator",
                    opts::quote(ctx, &s)
                ))
                .await;
            }
            s
        }
    };
    let xend = template.len() - suffix.len();
    let xs = template[..xend]
        .iter()
        .rev()
        .take_while(|&&b| b == b'X')
        .count();
    if xs < 3 {
        return fail(format!(
            "too few X's in template {}",
            opts::quote(ctx, &template)
        ))
        .await;
    }
    if use_dest {
        let env_tmp = ctx
            .env
            .get(&b"TMPDIR"[..])
            .filter(|v| !v.is_empty())
            .cloned();
        let dest = if t_opt {
            if path::file_name(&template).len() != template.len() || template.contains(&b'/') {
                return fail(format!(
                    "invalid template, {}, contains directory separator",
                    opts::quote(ctx, &template)
                ))
                .await;
            }
            env_tmp
                .or(dest_arg.clone().filter(|d| !d.is_empty()))
                .unwrap_or_else(|| b"/tmp".to_vec())
        } else {
            if template.first() == Some(&b'/') {
                return fail(format!(
                    "invalid template, {}; with --tmpdir, it may not be absolute",
                    opts::quote(ctx, &template)
                ))
                .await;
            }
            dest_arg
                .clone()
                .filter(|d| !d.is_empty())
                .or(env_tmp)
                .unwrap_or_else(|| b"/tmp".to_vec())
        };
        template = super::chmod::child_path(&dest, &template);
    }
    let xend = template.len() - suffix.len();
    let xstart = xend - xs;
    for _ in 0..ATTEMPTS {
        ctx.charge(crate::limits::cost::PATH_COMPONENT * 4)?;
        let mut name = template.clone();
        for b in &mut name[xstart..xend] {
            *b = CHARS[(ctx.sys.random_u64() % CHARS.len() as u64) as usize];
        }
        let abs = ctx.resolve(&name);
        let r = if dry {
            match ctx.vfs().lstat(&abs) {
                Ok(_) => Err(VfsError::Exists),
                Err(_) => Ok(()),
            }
        } else if dir {
            ctx.vfs().mkdir(&abs, 0o700 & !ctx.umask())
        } else {
            ctx.vfs()
                .write_file_mode(&abs, b"", WriteMode::CreateNew, 0o600 & !ctx.umask())
        };
        ctx.sys.sync_disk();
        match r {
            Ok(()) => {
                name.push(b'\n');
                ctx.out(&name).await?;
                return Ok(0);
            }
            Err(VfsError::Exists) => continue,
            Err(e) => {
                let what = if dir { "directory" } else { "file" };
                return fail(format!(
                    "failed to create {what} via template {}: {}",
                    opts::quote(ctx, &template),
                    e.message()
                ))
                .await;
            }
        }
    }
    let what = if dir { "directory" } else { "file" };
    fail(format!(
        "failed to create {what} via template {}: {}",
        opts::quote(ctx, &template),
        VfsError::Exists.message()
    ))
    .await
}

crate::command_fn!(run, main);

pub fn register(r: &mut super::Registry) {
    r.register(
        "mktemp",
        Trust::Real,
        "create a temporary file or directory",
        "-d -u -q -p DIR --tmpdir[=DIR] -t --suffix=SUFF [TEMPLATE]",
        run,
    );
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn one(k: &std::rc::Rc<crate::process::Kernel>, argv: &[&str]) -> (i32, String, String) {
        text(run_on(k, argv, b""))
    }

    #[test]
    fn creates() {
        let k = machine(&[("d/", b"")]);
        let (s, out, _) = one(&k, &["mktemp"]);
        assert_eq!(s, 0);
        assert!(
            out.starts_with("/tmp/tmp.") && out.len() == "/tmp/tmp.XXXXXXXXXX\n".len(),
            "{out}"
        );
        let st = k.vfs.borrow().stat(out.trim_end().as_bytes()).unwrap();
        assert_eq!(st.mode, 0o600);
        let (_, out, _) = one(&k, &["mktemp", "-d", "-p", "d"]);
        assert!(out.starts_with("d/tmp."));
        assert_eq!(
            k.vfs
                .borrow()
                .stat(&crate::vfs::path::join(b"/work", out.trim_end().as_bytes()))
                .unwrap()
                .mode,
            0o700
        );
        let (_, out, _) = one(&k, &["mktemp", "-u", "a.XXXXb"]);
        assert!(out.starts_with("a.") && out.ends_with("b\n") && out.len() == 8);
        let (_, out, _) = one(&k, &["mktemp", "-u", "--suffix=.txt"]);
        assert!(out.starts_with("/tmp/tmp.") && out.ends_with(".txt\n"));
        let (_, out, _) = one(&k, &["mktemp", "-t", "foo.XXXXXX", "-u"]);
        assert!(out.starts_with("/tmp/foo."));
        // Deterministic: a fresh machine gives the same name.
        let a = one(&machine(&[]), &["mktemp"]).1;
        let b = one(&machine(&[]), &["mktemp"]).1;
        assert_eq!(a, b);
    }

    #[test]
    fn errors() {
        let k = machine(&[]);
        assert_eq!(
            one(&k, &["mktemp", "-u", "foo.XX"]),
            (
                1,
                String::new(),
                "mktemp: too few X's in template 'foo.XX'\n".into()
            )
        );
        assert_eq!(
            one(&k, &["mktemp", "-t", "d/foo.XXX"]).2,
            "mktemp: invalid template, 'd/foo.XXX', contains directory separator\n"
        );
        assert_eq!(
            one(&k, &["mktemp", "nod/x.XXXX"]).2,
            "mktemp: failed to create file via template 'nod/x.XXXX': No such file or directory\n"
        );
        assert_eq!(
            one(&k, &["mktemp", "-q", "nod/x.XXXX"]),
            (1, String::new(), String::new())
        );
        assert_eq!(
            one(&k, &["mktemp", "a", "b"]).2,
            "mktemp: too many templates\nTry 'mktemp --help' for more information.\n"
        );
    }
}
