//! `env`: print the environment, or run a command in a modified one.

use super::exec_check::{cannot_run, Wording};
use super::opts::{self, flag, req, OptDef, Parser};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;

const DEFS: &[OptDef] = &[
    flag(b'i', "ignore-environment"),
    req(b'u', "unset"),
    flag(b'0', "null"),
];

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let mut args: Vec<Vec<u8>> = ctx.args().to_vec();
    // A lone `-` means -i (POSIX).
    let mut ignore = false;
    if let Some(i) = args.iter().position(|a| a == b"-") {
        if args[..i].iter().all(|a| a.starts_with(b"-") && a != b"--") {
            ignore = true;
            args.remove(i);
        }
    }
    let parser = Parser {
        permute: false,
        ..Parser::new(DEFS)
    };
    let p = match parser.parse(&args) {
        Ok(p) => p,
        Err(m) => return opts::usage(ctx, &m, 125).await,
    };
    if p.has(opts::HELP) || p.has(opts::VERSION) {
        return Ok(opts::parse(ctx, Parser::new(&[]), 125)
            .await?
            .err()
            .unwrap_or(0));
    }
    let mut env = ctx.env.clone();
    if ignore || p.has(b'i') {
        env.clear();
    }
    for (id, v) in &p.opts {
        if *id == b'u' {
            let name = v.clone().unwrap_or_default();
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
    let null = p.has(b'0');
    let mut rest = p.operands.into_iter().peekable();
    while let Some(a) = rest.peek() {
        match a.iter().position(|&c| c == b'=') {
            Some(eq) if eq > 0 => {
                env.insert(a[..eq].to_vec(), a[eq + 1..].to_vec());
                rest.next();
            }
            _ => break,
        }
    }
    let argv: Vec<Vec<u8>> = rest.collect();
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
    if null {
        return opts::usage(ctx, "cannot specify --null (-0) with command", 125).await;
    }
    if let Some(status) = cannot_run(ctx, &argv[0], &env, Wording::Quoted).await? {
        return Ok(status);
    }
    ctx.runner.run_argv(ctx, argv, env).await
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
