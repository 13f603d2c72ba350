//! `env`: print the environment, or run a command in a modified one.

use super::env_split::{split, Note};
use super::exec_check::{cannot_run_in, Wording};
use super::opts::{self, flag, req, OptDef, Parser};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use crate::vfs::{FileType, VfsError};

const DEFS: &[OptDef] = &[
    flag(b'i', "ignore-environment"),
    req(b'u', "unset"),
    flag(b'0', "null"),
    req(b'C', "chdir"),
    req(b'S', "split-string"),
    flag(b'v', "debug"),
    // A shebang line `#!/usr/bin/env -i cmd` gives env one word `-i cmd`: GNU takes the
    // blank for an option so that it can say what went wrong.
    flag(b' ', ""),
    flag(b'\t', ""),
];

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let parser = Parser {
        permute: false,
        ..Parser::new(DEFS)
    };
    // Options are read up to each -S, whose words then replace it and are read on.
    let mut args: Vec<Vec<u8>> = ctx.args().to_vec();
    let mut all: Vec<(u8, Option<Vec<u8>>)> = Vec::new();
    let operands = loop {
        let (p, next) = match parser.parse_until(&args, b"S \t") {
            Ok(r) => r,
            Err(m) => return opts::usage(ctx, &m, 125).await,
        };
        if p.has(opts::HELP) || p.has(opts::VERSION) {
            return Ok(opts::parse(ctx, Parser::new(&[]), 125)
                .await?
                .err()
                .unwrap_or(0));
        }
        if let Some((c, _)) = p.opts.iter().find(|(c, _)| matches!(c, b' ' | b'\t')) {
            ctx.diag(format!("invalid option -- '{}'", *c as char))
                .await?;
            let m = "use -[v]S to pass options in shebang lines";
            return opts::usage(ctx, m, 125).await;
        }
        let split_text = match p.opts.last() {
            Some((b'S', Some(text))) => Some(text.clone()),
            _ => None,
        };
        all.extend(p.opts);
        let debug = all.iter().any(|(c, _)| *c == b'v');
        match split_text {
            Some(text) => {
                ctx.charge_bytes(text.len())?;
                let mut notes = Vec::new();
                let words = match split(&text, &ctx.env, &mut notes) {
                    Ok(w) => w,
                    Err(m) => {
                        ctx.diag(m).await?;
                        return Ok(125);
                    }
                };
                if debug {
                    show_split(ctx, &text, &words, &notes).await?;
                }
                args = words.into_iter().chain(args.drain(next..)).collect();
            }
            None => break p.operands,
        }
    };
    let debug = all.iter().any(|(c, _)| *c == b'v');
    let mut rest = operands.into_iter().peekable();
    // A `-` after the options means -i (POSIX).
    let dash = rest.next_if(|a| a == b"-").is_some();
    let ignore = dash || all.iter().any(|(c, _)| *c == b'i');
    let mut env = ctx.env.clone();
    if ignore {
        if debug {
            ctx.err(b"cleaning environ\n").await?;
        }
        env.clear();
    } else {
        for (id, v) in &all {
            if *id == b'u' {
                let name = v.clone().unwrap_or_default();
                if debug {
                    ctx.err(&[b"unset:    ", &name[..], b"\n"].concat()).await?;
                }
                if name.is_empty() || name.contains(&b'=') {
                    ctx.diag(format!(
                        "cannot unset {}: Invalid argument",
                        opts::quote(ctx, &name)
                    ))
                    .await?;
                    return Ok(125);
                }
                env.remove(&name);
            }
        }
    }
    let null = all.iter().any(|(c, _)| *c == b'0');
    while let Some(a) = rest.peek() {
        match a.iter().position(|&c| c == b'=') {
            Some(eq) if eq > 0 => {
                if debug {
                    ctx.err(&[b"setenv:   ", &a[..], b"\n"].concat()).await?;
                }
                env.insert(a[..eq].to_vec(), a[eq + 1..].to_vec());
                rest.next();
            }
            _ => break,
        }
    }
    let argv: Vec<Vec<u8>> = rest.collect();
    let dir = all
        .iter()
        .rev()
        .find(|(c, _)| *c == b'C')
        .and_then(|(_, v)| v.clone());
    if null && !argv.is_empty() {
        return opts::usage(ctx, "cannot specify --null (-0) with command", 125).await;
    }
    if dir.is_some() && argv.is_empty() {
        return opts::usage(ctx, "must specify command with --chdir (-C)", 125).await;
    }
    if argv.is_empty() {
        let end = if null { 0 } else { b'\n' };
        let mut out = Vec::new();
        for (k, v) in &env {
            out.extend_from_slice(k);
            out.push(b'=');
            out.extend_from_slice(v);
            out.push(end);
        }
        ctx.charge_bytes(out.len())?;
        ctx.out(&out).await?;
        return Ok(0);
    }
    let sub;
    let at = match &dir {
        None => ctx,
        Some(d) => {
            if debug {
                ctx.err(format!("chdir:    {}\n", opts::quoteaf(ctx, d)).as_bytes())
                    .await?;
            }
            let cwd = match change_dir(ctx, d) {
                Ok(c) => c,
                Err(e) => {
                    let m = format!(
                        "cannot change directory to {}: {}",
                        opts::quoteaf(ctx, d),
                        e.message()
                    );
                    ctx.diag(m).await?;
                    return Ok(125);
                }
            };
            sub = CommandCtx::new(
                ctx.sys.clone(),
                ctx.pid,
                argv.clone(),
                ctx.env.clone(),
                cwd,
                ctx.runner.clone(),
            );
            &sub
        }
    };
    if debug {
        let mut m = [b"executing: ", &argv[0][..], b"\n"].concat();
        for (i, a) in argv.iter().enumerate() {
            m.extend_from_slice(format!("   arg[{i}]= {}\n", opts::quote(ctx, a)).as_bytes());
        }
        ctx.err(&m).await?;
    }
    if let Some(status) = cannot_run_in(ctx, at, &argv[0], &env, Wording::Quoted).await? {
        return Ok(status);
    }
    ctx.runner.run_argv(at, argv, env).await
}

/// The directory `-C DIR` makes current: its physical path, as `getcwd` gives it.
fn change_dir(ctx: &CommandCtx, dir: &[u8]) -> Result<Vec<u8>, VfsError> {
    let abs = ctx.resolve(dir);
    let st = ctx.vfs().stat(&abs)?;
    if st.file_type != FileType::Dir {
        return Err(VfsError::NotDir);
    }
    ctx.vfs().canonicalize(&abs)
}

/// `-v`: what a -S string became.
async fn show_split(
    ctx: &CommandCtx,
    text: &[u8],
    words: &[Vec<u8>],
    notes: &[Note],
) -> Result<(), Interrupt> {
    let mut m = Vec::new();
    for n in notes {
        let line = match n {
            Note::Expanded(name, v) => format!(
                "expanding ${{{}}} into {}\n",
                String::from_utf8_lossy(name),
                opts::quote(ctx, v)
            ),
            Note::Unset(name) => format!(
                "replacing ${{{}}} with null string\n",
                String::from_utf8_lossy(name)
            ),
        };
        m.extend_from_slice(line.as_bytes());
    }
    // GNU shows the split only when it made words.
    if !words.is_empty() {
        m.extend_from_slice(format!("split -S:  {}\n", opts::quote(ctx, text)).as_bytes());
    }
    for (i, w) in words.iter().enumerate() {
        let lead = if i == 0 { " into:    " } else { "     &    " };
        m.extend_from_slice(format!("{lead}{}\n", opts::quote(ctx, w)).as_bytes());
    }
    ctx.err(&m).await
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn print_and_modify() {
        assert_eq!(text(run(&["env"], b"")).1, "HOME=/root\nPATH=/bin\n");
        assert_eq!(text(run(&["env", "-i", "A=1", "B=2"], b"")).1, "A=1\nB=2\n");
        assert_eq!(
            text(run(&["env", "-u", "HOME", "Z=1"], b"")).1,
            "PATH=/bin\nZ=1\n"
        );
        assert_eq!(run(&["env", "-0", "-i", "A=1"], b"").1, b"A=1\0".to_vec());
        assert_eq!(text(run(&["env", "-i", "X=y", "env"], b"")).1, "X=y\n");
        assert_eq!(run(&["env", "-i", "/nonexist"], b"").0, 127);
    }

    #[test]
    fn usage_errors() {
        assert_eq!(
            text(run(&["env", "-u"], b"")),
            (
                125,
                String::new(),
                "env: option requires an argument -- 'u'\nTry 'env --help' for more information.\n"
                    .into()
            )
        );
        assert_eq!(run(&["env", "-x"], b"").0, 125);
    }
}
