//! Facts about the modeled machine and user: `printenv`, `uname`, `hostname`, `whoami`, `id`,
//! `groups`, `nproc`, `getconf`, `tty`, `which`. The machine has one CPU, one user (`root`,
//! uid 0, gid 0) and no terminal.

use super::opts::{self, flag, req, OptDef, Parser};
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::vfs::{path, FileType};

pub const KERNEL_RELEASE: &str = "6.6.0-shellsim";
pub const KERNEL_VERSION: &str = "#1 SMP PREEMPT_DYNAMIC Wed Jan  1 00:00:00 UTC 2025";

async fn parsed(ctx: &CommandCtx, defs: &[OptDef]) -> Result<Result<opts::Parsed, i32>, Interrupt> {
    opts::parse(ctx, Parser::new(defs), 1).await
}

macro_rules! parse_or_return {
    ($ctx:expr, $defs:expr) => {
        match parsed($ctx, $defs).await? {
            Ok(p) => p,
            Err(s) => return Ok(s),
        }
    };
}

async fn extra(ctx: &CommandCtx, p: &opts::Parsed) -> Result<Option<i32>, Interrupt> {
    if let Some(x) = p.operands.first() {
        return Ok(Some(
            opts::usage(ctx, &format!("extra operand {}", opts::quote(ctx, x)), 1).await?,
        ));
    }
    Ok(None)
}

// ---- printenv ---------------------------------------------------------------------------------

const PRINTENV_DEFS: &[OptDef] = &[flag(b'0', "null")];

async fn printenv_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(PRINTENV_DEFS), 2).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let end = if p.has(b'0') { 0u8 } else { b'\n' };
    let mut out = Vec::new();
    if p.operands.is_empty() {
        for (k, v) in &ctx.env {
            out.extend_from_slice(k);
            out.push(b'=');
            out.extend_from_slice(v);
            out.push(end);
        }
        ctx.charge_bytes(out.len())?;
        ctx.out(&out).await?;
        return Ok(0);
    }
    let mut missing = 0;
    for name in &p.operands {
        match ctx.env.get(name).filter(|_| !name.contains(&b'=')) {
            Some(v) => {
                out.extend_from_slice(v);
                out.push(end);
            }
            None => missing += 1,
        }
    }
    ctx.out(&out).await?;
    Ok(if missing > 0 { 1 } else { 0 })
}

// ---- uname ------------------------------------------------------------------------------------

const UNAME_DEFS: &[OptDef] = &[
    flag(b'a', "all"),
    flag(b's', "kernel-name"),
    flag(b'n', "nodename"),
    flag(b'r', "kernel-release"),
    flag(b'v', "kernel-version"),
    flag(b'm', "machine"),
    flag(b'p', "processor"),
    flag(b'i', "hardware-platform"),
    flag(b'o', "operating-system"),
];

async fn uname_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = parse_or_return!(ctx, UNAME_DEFS);
    if let Some(s) = extra(ctx, &p).await? {
        return Ok(s);
    }
    let all = p.has(b'a');
    let host = ctx.sys.info.hostname.clone();
    let fields: [(u8, &str); 8] = [
        (b's', "Linux"),
        (b'n', &host),
        (b'r', KERNEL_RELEASE),
        (b'v', KERNEL_VERSION),
        (b'm', "x86_64"),
        (b'p', "unknown"),
        (b'i', "unknown"),
        (b'o', "GNU/Linux"),
    ];
    let any = fields.iter().any(|(c, _)| p.has(*c));
    let mut parts = Vec::new();
    for (c, v) in fields {
        let want = p.has(c) || (all && c != b'p' && c != b'i') || (!any && !all && c == b's');
        if want {
            parts.push(v.to_string());
        }
    }
    ctx.out(format!("{}\n", parts.join(" ")).as_bytes()).await?;
    Ok(0)
}

// ---- hostname -----------------------------------------------------------------------------------

const HOSTNAME_DEFS: &[OptDef] = &[flag(b's', "short"), flag(b'f', "fqdn"), flag(b'f', "long")];

async fn hostname_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = parse_or_return!(ctx, HOSTNAME_DEFS);
    if !p.operands.is_empty() {
        ctx.mark_partial("setting the host name is not supported");
        ctx.diag("setting the host name is not supported in shellsim")
            .await?;
        return Ok(1);
    }
    let mut h = ctx.sys.info.hostname.clone();
    if p.has(b's') {
        if let Some(i) = h.find('.') {
            h.truncate(i);
        }
    }
    ctx.out(format!("{h}\n").as_bytes()).await?;
    Ok(0)
}

// ---- whoami, id, groups -------------------------------------------------------------------------

async fn whoami_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = parse_or_return!(ctx, &[]);
    if let Some(s) = extra(ctx, &p).await? {
        return Ok(s);
    }
    ctx.out(b"root\n").await?;
    Ok(0)
}

const ID_DEFS: &[OptDef] = &[
    flag(b'u', "user"),
    flag(b'g', "group"),
    flag(b'G', "groups"),
    flag(b'n', "name"),
    flag(b'r', "real"),
    flag(b'z', "zero"),
    flag(b'a', ""),
];

/// A user operand: `root` or `0` (the only account).
fn known_user(u: &[u8]) -> bool {
    u == b"root" || u == b"0"
}

async fn id_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = parse_or_return!(ctx, ID_DEFS);
    let (u, g, gg) = (p.has(b'u'), p.has(b'g'), p.has(b'G'));
    let name = p.has(b'n');
    let zero = p.has(b'z');
    if p.operands.len() > 1 {
        return opts::usage(
            ctx,
            &format!("extra operand {}", opts::quote(ctx, &p.operands[1])),
            1,
        )
        .await;
    }
    if [u, g, gg].iter().filter(|&&x| x).count() > 1 {
        ctx.diag("cannot print \"only\" of more than one choice")
            .await?;
        return Ok(1);
    }
    let only = u || g || gg;
    if !only && (name || p.has(b'r')) {
        ctx.diag("cannot print only names or real IDs in default format")
            .await?;
        return Ok(1);
    }
    if !only && zero {
        ctx.diag("option --zero not permitted in default format")
            .await?;
        return Ok(1);
    }
    if let Some(user) = p.operands.first() {
        if !known_user(user) {
            ctx.diag(format!("{}: no such user", opts::quote(ctx, user)))
                .await?;
            return Ok(1);
        }
    }
    let end = if zero { "\0" } else { "\n" };
    let v = if name { "root" } else { "0" };
    let line = if only {
        format!("{v}{end}")
    } else {
        "uid=0(root) gid=0(root) groups=0(root)\n".to_string()
    };
    ctx.out(line.as_bytes()).await?;
    Ok(0)
}

async fn groups_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = parse_or_return!(ctx, &[]);
    if p.operands.is_empty() {
        ctx.out(b"root\n").await?;
        return Ok(0);
    }
    let mut status = 0;
    for user in &p.operands {
        if known_user(user) {
            ctx.out(format!("{} : root\n", String::from_utf8_lossy(user)).as_bytes())
                .await?;
        } else {
            ctx.diag(format!("{}: no such user", opts::quote(ctx, user)))
                .await?;
            status = 1;
        }
    }
    Ok(status)
}

// ---- nproc, getconf, tty -------------------------------------------------------------------------

const NPROC_DEFS: &[OptDef] = &[flag(0x81, "all"), req(0x80, "ignore")];

async fn nproc_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = parse_or_return!(ctx, NPROC_DEFS);
    if let Some(s) = extra(ctx, &p).await? {
        return Ok(s);
    }
    if let Some(n) = p.last(0x80) {
        if opts::parse_i64(n).is_none_or(|v| v < 0) {
            ctx.diag(format!("invalid number: {}", opts::quote(ctx, n)))
                .await?;
            return Ok(1);
        }
    }
    ctx.out(b"1\n").await?;
    Ok(0)
}

fn getconf_value(name: &[u8]) -> Option<(&'static str, bool)> {
    Some(match name {
        b"_NPROCESSORS_ONLN" | b"_NPROCESSORS_CONF" => ("1", false),
        b"PAGESIZE" | b"PAGE_SIZE" => ("4096", false),
        b"ARG_MAX" => ("2097152", false),
        b"OPEN_MAX" => ("1024", false),
        b"PATH_MAX" => ("4096", true),
        b"NAME_MAX" => ("255", true),
        _ => return None,
    })
}

async fn getconf_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let args = ctx.args();
    let usage = "Usage: getconf [-v specification] variable_name [pathname]\n       getconf -a [pathname]\n";
    if args.is_empty() || args.len() > 2 || args[0].starts_with(b"-") {
        if args.first().is_some_and(|a| a.starts_with(b"-")) {
            ctx.mark_partial("getconf options are not modeled");
        }
        ctx.err(usage.as_bytes()).await?;
        return Ok(2);
    }
    match getconf_value(&args[0]) {
        Some((v, path_var)) => {
            if args.len() == 2 && !path_var {
                ctx.err(usage.as_bytes()).await?;
                return Ok(2);
            }
            ctx.out(format!("{v}\n").as_bytes()).await?;
            Ok(0)
        }
        None => {
            ctx.diag(format!(
                "Unrecognized variable `{}'",
                String::from_utf8_lossy(&args[0])
            ))
            .await?;
            Ok(2)
        }
    }
}

const TTY_DEFS: &[OptDef] = &[flag(b's', "silent"), flag(b's', "quiet")];

async fn tty_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(TTY_DEFS), 2).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    if let Some(x) = p.operands.first() {
        return opts::usage(ctx, &format!("extra operand {}", opts::quote(ctx, x)), 2).await;
    }
    if !p.has(b's') {
        ctx.out(b"not a tty\n").await?;
    }
    Ok(1)
}

// ---- which -------------------------------------------------------------------------------------

/// Directories where registered commands appear to be installed.
const COMMAND_DIRS: &[&[u8]] = &[b"/usr/bin", b"/bin"];

async fn which_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    // debianutils `which`: only -a (and -s) are options; parsing stops at the first operand.
    let mut all = false;
    let mut silent = false;
    let mut names = Vec::new();
    let mut opts_done = false;
    for a in ctx.args() {
        if !opts_done && a == b"--" {
            opts_done = true;
            continue;
        }
        if !opts_done && a.len() > 1 && a[0] == b'-' {
            for &c in &a[1..] {
                match c {
                    b'a' => all = true,
                    b's' => silent = true,
                    _ => {
                        ctx.err(b"Usage: which [-as] args\n").await?;
                        return Ok(2);
                    }
                }
            }
            continue;
        }
        opts_done = true;
        names.push(a.clone());
    }
    if names.is_empty() {
        return Ok(1);
    }
    let registry = super::Registry::standard();
    let path_var = ctx.env.get(&b"PATH"[..]).cloned().unwrap_or_default();
    let mut out = Vec::new();
    let mut status = 0;
    for name in &names {
        let mut found = false;
        let executable = |p: &[u8]| -> bool {
            let st = ctx.vfs().stat(p);
            matches!(st, Ok(st) if st.file_type == FileType::File && st.mode & 0o111 != 0)
        };
        if name.contains(&b'/') {
            if executable(&ctx.resolve(name)) {
                out.extend_from_slice(name);
                out.push(b'\n');
                found = true;
            }
        } else {
            use crate::process::command::CommandTable;
            let registered = registry.lookup(name).is_some();
            for dir in path_var.split(|&b| b == b':') {
                ctx.charge(crate::limits::cost::PATH_COMPONENT * 2)?;
                let dir: &[u8] = if dir.is_empty() { b"." } else { dir };
                let cand = path::join(dir, name);
                let abs = ctx.resolve(&cand);
                let norm = path::normalize(&ctx.resolve(dir));
                let hit =
                    executable(&abs) || (registered && COMMAND_DIRS.contains(&norm.as_slice()));
                if hit {
                    out.extend_from_slice(&cand);
                    out.push(b'\n');
                    found = true;
                    if !all {
                        break;
                    }
                }
            }
        }
        if !found {
            status = 1;
        }
    }
    if !silent {
        ctx.out(&out).await?;
    }
    Ok(status)
}

crate::command_fn!(run_printenv, printenv_main);
crate::command_fn!(run_uname, uname_main);
crate::command_fn!(run_hostname, hostname_main);
crate::command_fn!(run_whoami, whoami_main);
crate::command_fn!(run_id, id_main);
crate::command_fn!(run_groups, groups_main);
crate::command_fn!(run_nproc, nproc_main);
crate::command_fn!(run_getconf, getconf_main);
crate::command_fn!(run_tty, tty_main);
crate::command_fn!(run_which, which_main);

pub fn register(r: &mut super::Registry) {
    use Trust::Real;
    r.register(
        "printenv",
        Real,
        "print the environment",
        "-0 [NAME]...",
        run_printenv,
    );
    r.register(
        "uname",
        Real,
        "print system information (Linux 6.6.0-shellsim x86_64)",
        "-a -s -n -r -v -m -p -i -o",
        run_uname,
    );
    r.register(
        "hostname",
        Trust::Partial,
        "print the host name (setting it is not supported)",
        "-s -f",
        run_hostname,
    );
    r.register("whoami", Real, "print the user name (root)", "", run_whoami);
    r.register(
        "id",
        Real,
        "print user and group ids (root only)",
        "-u -g -G -n -r -z [root]",
        run_id,
    );
    r.register(
        "groups",
        Real,
        "print group memberships (root only)",
        "[USER]...",
        run_groups,
    );
    r.register(
        "nproc",
        Real,
        "print the number of processors (1)",
        "--all --ignore=N",
        run_nproc,
    );
    r.register(
        "getconf",
        Partial,
        "query system configuration",
        "_NPROCESSORS_ONLN _NPROCESSORS_CONF PAGESIZE PAGE_SIZE ARG_MAX OPEN_MAX PATH_MAX NAME_MAX",
        run_getconf,
    );
    r.register(
        "tty",
        Real,
        "print the terminal name (never a tty here)",
        "-s",
        run_tty,
    );
    r.register(
        "which",
        Real,
        "locate a command in PATH (registered commands live in /usr/bin and /bin)",
        "-a -s",
        run_which,
    );
}

use Trust::Partial;

#[cfg(test)]
mod tests {
    use super::super::testutil::*;
    use std::collections::BTreeMap;

    #[test]
    fn machine_facts() {
        assert_eq!(text(run(&["uname"], b"")).1, "Linux\n");
        assert_eq!(text(run(&["uname", "-a"], b"")).1, "Linux shellsim 6.6.0-shellsim #1 SMP PREEMPT_DYNAMIC Wed Jan  1 00:00:00 UTC 2025 x86_64 GNU/Linux\n");
        assert_eq!(text(run(&["uname", "-snrvmpio"], b"")).1, "Linux shellsim 6.6.0-shellsim #1 SMP PREEMPT_DYNAMIC Wed Jan  1 00:00:00 UTC 2025 x86_64 unknown unknown GNU/Linux\n");
        assert_eq!(
            text(run(&["uname", "-m", "-r"], b"")).1,
            "6.6.0-shellsim x86_64\n"
        );
        assert_eq!(
            text(run(&["uname", "a"], b"")).2,
            "uname: extra operand 'a'\nTry 'uname --help' for more information.\n"
        );
        assert_eq!(text(run(&["hostname"], b"")).1, "shellsim\n");
        assert_eq!(text(run(&["whoami"], b"")).1, "root\n");
        assert_eq!(text(run(&["nproc", "--all"], b"")).1, "1\n");
        assert_eq!(
            text(run(&["tty"], b"")),
            (1, "not a tty\n".into(), String::new())
        );
        assert_eq!(
            text(run(&["tty", "-s"], b"")),
            (1, String::new(), String::new())
        );
    }

    #[test]
    fn ids() {
        assert_eq!(
            text(run(&["id"], b"")).1,
            "uid=0(root) gid=0(root) groups=0(root)\n"
        );
        assert_eq!(text(run(&["id", "-un"], b"")).1, "root\n");
        assert_eq!(text(run(&["id", "-G"], b"")).1, "0\n");
        assert_eq!(text(run(&["id", "-g"], b"")).1, "0\n");
        assert_eq!(
            text(run(&["id", "nobodyx"], b"")),
            (1, String::new(), "id: 'nobodyx': no such user\n".into())
        );
        assert_eq!(
            text(run(&["id", "-n"], b"")).2,
            "id: cannot print only names or real IDs in default format\n"
        );
        assert_eq!(text(run(&["groups"], b"")).1, "root\n");
        assert_eq!(text(run(&["groups", "root"], b"")).1, "root : root\n");
    }

    #[test]
    fn env_and_conf() {
        assert_eq!(
            text(run(&["printenv", "HOME"], b"")),
            (0, "/root\n".into(), String::new())
        );
        assert_eq!(
            text(run(&["printenv", "HOME", "NOPE", "PATH"], b"")),
            (1, "/root\n/bin\n".into(), String::new())
        );
        assert_eq!(text(run(&["printenv"], b"")).1, "HOME=/root\nPATH=/bin\n");
        assert_eq!(text(run(&["printenv", "-0", "HOME"], b"")).1, "/root\0");
        assert_eq!(text(run(&["getconf", "PAGESIZE"], b"")).1, "4096\n");
        assert_eq!(text(run(&["getconf", "PATH_MAX", "/"], b"")).1, "4096\n");
        assert_eq!(text(run(&["getconf", "_NPROCESSORS_ONLN"], b"")).1, "1\n");
        assert_eq!(
            text(run(&["getconf", "FOO"], b"")),
            (
                2,
                String::new(),
                "getconf: Unrecognized variable `FOO'\n".into()
            )
        );
    }

    #[test]
    fn which() {
        let k = machine(&[("bin/tool", b"#!/bin/sh\n"), ("bin/data", b"")]);
        k.vfs.borrow_mut().chmod(b"/work/bin/tool", 0o755).unwrap();
        let mut env = BTreeMap::new();
        env.insert(
            b"PATH".to_vec(),
            b"/usr/local/bin:/usr/bin:/bin:/work/bin".to_vec(),
        );
        let t = |argv: &[&str]| text(run_env(&k, argv, b"", env.clone()));
        assert_eq!(
            t(&["which", "cat"]),
            (0, "/usr/bin/cat\n".into(), String::new())
        );
        assert_eq!(t(&["which", "-a", "cat"]).1, "/usr/bin/cat\n/bin/cat\n");
        assert_eq!(
            t(&["which", "tool", "data", "nope"]),
            (1, "/work/bin/tool\n".into(), String::new())
        );
        assert_eq!(t(&["which", "./bin/tool"]).1, "./bin/tool\n");
        assert_eq!(
            t(&["which", "-s", "cat"]),
            (0, String::new(), String::new())
        );
    }
}
