//! `xargs` (GNU findutils 4.9): build command lines from input items. The whole input is read
//! before the first command runs (so commands see an exhausted standard input, like GNU's
//! `/dev/null`), and `-P N` runs the commands one after another.

use super::exec_check::{cannot_run, Wording};
use super::opts::{self, flag, optional, req, OptDef, Parser};
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;

const DEFS: &[OptDef] = &[
    flag(b'0', "null"),
    req(b'a', "arg-file"),
    req(b'd', "delimiter"),
    req(b'E', ""),
    optional(b'e', "eof"),
    req(b'I', ""),
    optional(b'i', "replace"),
    req(b'L', "max-lines"),
    optional(b'l', ""),
    req(b'n', "max-args"),
    flag(b'o', "open-tty"),
    req(b'P', "max-procs"),
    flag(b'p', "interactive"),
    flag(b'r', "no-run-if-empty"),
    req(b's', "max-chars"),
    flag(b't', "verbose"),
    flag(b'x', "exit"),
    flag(0x80, "show-limits"),
];

/// GNU's default (and maximum modeled) command-line size.
const ARG_MAX: usize = 131_072;

fn parse_delim(d: &[u8]) -> Option<u8> {
    if d.len() == 1 {
        return Some(d[0]);
    }
    if d.first() != Some(&b'\\') {
        return None;
    }
    match &d[1..] {
        b"n" => Some(b'\n'),
        b"t" => Some(b'\t'),
        b"r" => Some(b'\r'),
        b"f" => Some(12),
        b"v" => Some(11),
        b"a" => Some(7),
        b"b" => Some(8),
        b"\\" => Some(b'\\'),
        b"0" => Some(0),
        rest if rest.first() == Some(&b'x') => {
            u8::from_str_radix(std::str::from_utf8(&rest[1..]).ok()?, 16).ok()
        }
        rest => u8::from_str_radix(std::str::from_utf8(rest).ok()?, 8).ok(),
    }
}

/// One input item and whether its line ended right after it (for `-L`).
struct Item {
    text: Vec<u8>,
    eol: bool,
}

/// Splits input the default way: blanks separate, quotes and backslashes escape.
fn split_default(
    data: &[u8],
    eof: Option<&[u8]>,
    lines_mode: bool,
) -> Result<Vec<Item>, &'static str> {
    let mut items = Vec::new();
    let mut cur = Vec::new();
    let mut have = false;
    let mut i = 0;
    while i < data.len() {
        let c = data[i];
        match c {
            b'\'' | b'"' => {
                let q = c;
                i += 1;
                loop {
                    match data.get(i) {
                        None | Some(b'\n') => {
                            return Err(if q == b'\'' {
                                "unmatched single quote; by default quotes are special to xargs unless you use the -0 option"
                            } else {
                                "unmatched double quote; by default quotes are special to xargs unless you use the -0 option"
                            })
                        }
                        Some(&x) if x == q => break,
                        Some(&x) => cur.push(x),
                    }
                    i += 1;
                }
                have = true;
            }
            b'\\' => {
                i += 1;
                if let Some(&x) = data.get(i) {
                    cur.push(x);
                }
                have = true;
            }
            b' ' | b'\t' | b'\n' => {
                let eol = c == b'\n';
                if have {
                    if eof.is_some_and(|e| e == cur.as_slice()) {
                        return Ok(items);
                    }
                    items.push(Item {
                        text: std::mem::take(&mut cur),
                        eol: false,
                    });
                    have = false;
                }
                if eol {
                    // With -L, a line ending in a blank continues on the next line.
                    let trailing_blank = i > 0 && matches!(data[i - 1], b' ' | b'\t');
                    if let Some(last) = items.last_mut() {
                        if !(lines_mode && trailing_blank) {
                            last.eol = true;
                        }
                    }
                }
            }
            _ => {
                cur.push(c);
                have = true;
            }
        }
        i += 1;
    }
    if have && eof != Some(cur.as_slice()) {
        items.push(Item {
            text: cur,
            eol: true,
        });
    }
    if let Some(last) = items.last_mut() {
        last.eol = true;
    }
    Ok(items)
}

fn replace_all(a: &[u8], pat: &[u8], with: &[u8]) -> Vec<u8> {
    if pat.is_empty() {
        return a.to_vec();
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < a.len() {
        if a[i..].starts_with(pat) {
            out.extend_from_slice(with);
            i += pat.len();
        } else {
            out.push(a[i]);
            i += 1;
        }
    }
    out
}

fn positive(ctx_opt: &[u8]) -> Option<usize> {
    std::str::from_utf8(ctx_opt).ok()?.parse::<usize>().ok()
}

/// findutils puts a bad number in plain double quotes, bytes as given.
fn bad_number(text: &[u8], option: u8) -> Vec<u8> {
    let mut m = b"invalid number \"".to_vec();
    m.extend_from_slice(text);
    m.extend_from_slice(format!("\" for -{} option", option as char).as_bytes());
    m
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(
        ctx,
        Parser {
            defs: DEFS,
            permute: false,
            negative_numbers: false,
        },
        1,
    )
    .await?
    {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    for (id, name) in [
        (b'p', "-p/--interactive"),
        (b'o', "-o/--open-tty"),
        (0x80, "--show-limits"),
    ] {
        if p.has(id) {
            ctx.mark_partial(format!("{name} is not supported"));
            ctx.diag(format!("{name} is not supported in shellsim (no terminal)"))
                .await?;
            return Ok(1);
        }
    }
    let mut max_args: Option<usize> = None;
    let mut max_lines: Option<usize> = None;
    let mut replace: Option<Vec<u8>> = None;
    let mut delim: Option<u8> = None;
    let mut eof: Option<Vec<u8>> = None;
    let mut max_chars = ARG_MAX;
    for (id, v) in &p.opts {
        let v = v.clone();
        match id {
            b'0' => delim = Some(0),
            b'd' => match parse_delim(v.as_deref().unwrap_or_default()) {
                Some(d) => delim = Some(d),
                None => {
                    ctx.diag(format!("invalid input delimiter specification {}: the delimiter must be either a single character or an escape sequence starting with \\.", String::from_utf8_lossy(v.as_deref().unwrap_or_default()))).await?;
                    return Ok(1);
                }
            },
            b'E' | b'e' => eof = v.filter(|e| !e.is_empty()),
            // -I, -L (and -l) and -n exclude each other: the later one wins, with GNU's
            // warning naming the earlier one.
            b'I' | b'i' => {
                replace = Some(v.unwrap_or_else(|| b"{}".to_vec()));
                if max_args.take().is_some() {
                    exclusive(ctx, "--max-args", "--replace/-I/-i").await?;
                }
                if max_lines.take().is_some() {
                    exclusive(ctx, "--max-lines", "--replace/-I/-i").await?;
                }
            }
            b'L' | b'l' | b'n' => {
                let text = v.unwrap_or_else(|| b"1".to_vec());
                let Some(n) = positive(&text).filter(|&n| n >= 1) else {
                    let m = match positive(&text) {
                        Some(0) => format!(
                            "value {} for -{} option should be >= 1",
                            String::from_utf8_lossy(&text),
                            *id as char
                        )
                        .into_bytes(),
                        _ => bad_number(&text, *id),
                    };
                    return opts::usage(ctx, &m, 1).await;
                };
                let me = match id {
                    b'n' => "--max-args/-n",
                    b'L' => "-L",
                    _ => "--max-lines/-l",
                };
                let other = if *id == b'n' {
                    max_lines.take().map(|_| "--max-lines")
                } else {
                    max_args.take().map(|_| "--max-args")
                };
                if let Some(other) = other {
                    exclusive(ctx, other, me).await?;
                }
                if replace.take().is_some() {
                    exclusive(ctx, "--replace", me).await?;
                }
                if *id == b'n' {
                    max_args = Some(n);
                } else {
                    max_lines = Some(n);
                }
            }
            b's' => match v.as_deref().and_then(positive) {
                Some(n) if n >= 1 => max_chars = n.min(ARG_MAX),
                _ => {
                    let m = bad_number(v.as_deref().unwrap_or_default(), b's');
                    return opts::usage(ctx, &m, 1).await;
                }
            },
            b'P' if v.as_deref().and_then(positive).is_none() => {
                ctx.diag(bad_number(v.as_deref().unwrap_or_default(), b'P'))
                    .await?;
                return Ok(1);
            }
            _ => {}
        }
    }
    // -I runs one command per input line.
    if replace.is_some() {
        max_lines = Some(1);
    }
    if delim.is_some() && eof.is_some() {
        ctx.diag("warning: the -E option has no effect if -0 or -d is used.")
            .await?;
        eof = None;
    }
    let verbose = p.has(b't');
    let no_run_empty = p.has(b'r');
    let exit_on_size = p.has(b'x') || replace.is_some();
    let mut cmd: Vec<Vec<u8>> = p.operands.clone();
    if cmd.is_empty() {
        cmd.push(b"echo".to_vec());
    }
    let input_name = p
        .last(b'a')
        .map(|a| a.to_vec())
        .unwrap_or_else(|| b"-".to_vec());
    let data = match ctx.read_all_input(&input_name).await {
        Ok(d) => d,
        Err(e) => {
            let e = opts::interrupted(e)?;
            let name = opts::quote(ctx, &input_name);
            ctx.diag(format!("Cannot open input file {name}: {}", e.message()))
                .await?;
            return Ok(1);
        }
    };
    ctx.charge_bytes(data.len())?;
    let mut split_error = None;
    let items: Vec<Item> = match delim {
        Some(d) => {
            let mut parts: Vec<&[u8]> = data.split(|&b| b == d).collect();
            if parts.last().is_some_and(|l| l.is_empty()) {
                parts.pop();
            }
            parts
                .into_iter()
                .map(|t| Item {
                    text: t.to_vec(),
                    eol: true,
                })
                .collect()
        }
        None if replace.is_some() => {
            // -I: each line is one item; leading blanks are dropped.
            let mut out = Vec::new();
            for line in data.split(|&b| b == b'\n') {
                let start = line
                    .iter()
                    .position(|&b| b != b' ' && b != b'\t')
                    .unwrap_or(line.len());
                let line = &line[start..];
                if line.is_empty() {
                    continue;
                }
                match split_default(line, None, false) {
                    Ok(words) => {
                        // Quotes and backslashes are still processed; blanks inside stay.
                        let text = if words.len() <= 1 {
                            words.into_iter().next().map(|w| w.text).unwrap_or_default()
                        } else {
                            unquote_line(line)
                        };
                        if eof.as_deref() == Some(text.as_slice()) {
                            break;
                        }
                        out.push(Item { text, eol: true });
                    }
                    Err(m) => {
                        split_error = Some(m);
                        break;
                    }
                }
            }
            out
        }
        None => match split_default(&data, eof.as_deref(), max_lines.is_some()) {
            Ok(v) => v,
            Err(m) => {
                // GNU runs the commands for the items before the bad quote first.
                let good = split_default(
                    &data[..bad_prefix(&data)],
                    eof.as_deref(),
                    max_lines.is_some(),
                )
                .unwrap_or_default();
                split_error = Some(m);
                good
            }
        },
    };
    // The items are the input's bytes, split: the input's reservation stays to cover them.
    let (_, _items_memory) = data.into_parts();
    let base_len: usize = cmd.iter().map(|a| a.len() + 1).sum();
    if base_len > max_chars {
        ctx.diag("argument list too long").await?;
        return Ok(1);
    }
    let mut batches: Vec<Vec<Vec<u8>>> = Vec::new();
    if let Some(r) = &replace {
        for it in &items {
            batches.push(cmd.iter().map(|a| replace_all(a, r, &it.text)).collect());
        }
    } else {
        let mut cur: Vec<Vec<u8>> = Vec::new();
        let mut len = base_len;
        let mut lines = 0;
        for it in &items {
            let need = it.text.len() + 1;
            if base_len + need > max_chars {
                ctx.diag("argument line too long").await?;
                return Ok(1);
            }
            if !cur.is_empty()
                && (len + need > max_chars || max_args.is_some_and(|m| cur.len() >= m))
            {
                if exit_on_size && len + need > max_chars && max_lines.is_some() {
                    ctx.diag("argument line too long").await?;
                    return Ok(1);
                }
                let mut argv = cmd.clone();
                argv.append(&mut cur);
                batches.push(argv);
                len = base_len;
                lines = 0;
            }
            cur.push(it.text.clone());
            len += need;
            if it.eol {
                lines += 1;
                if max_lines.is_some_and(|m| lines >= m) {
                    let mut argv = cmd.clone();
                    argv.append(&mut cur);
                    batches.push(argv);
                    len = base_len;
                    lines = 0;
                }
            }
        }
        if !cur.is_empty() {
            let mut argv = cmd.clone();
            argv.append(&mut cur);
            batches.push(argv);
        }
        if batches.is_empty() && !no_run_empty && items.is_empty() && split_error.is_none() {
            batches.push(cmd.clone());
        }
    }
    let mut status = 0;
    for argv in batches {
        if verbose {
            let mut line = argv.join(&b" "[..]);
            line.push(b'\n');
            ctx.err(&line).await?;
        }
        ctx.charge(crate::limits::cost::COMMAND_DISPATCH)?;
        let name = argv[0].clone();
        if let Some(code) = cannot_run(ctx, &name, &ctx.env, Wording::Bare).await? {
            return Ok(code);
        }
        let r = ctx.runner.run_argv(ctx, argv, ctx.env.clone()).await;
        let code = match r {
            Ok(c) => c,
            Err(Interrupt::Signal(sig)) => {
                ctx.diag(format!(
                    "{}: terminated by signal {sig}",
                    String::from_utf8_lossy(&name)
                ))
                .await?;
                return Ok(125);
            }
            Err(e) => return Err(e),
        };
        match code {
            0 => {}
            255 => {
                ctx.diag(format!(
                    "{}: exited with status 255; aborting",
                    String::from_utf8_lossy(&name)
                ))
                .await?;
                return Ok(124);
            }
            c if c > 128 && c < 128 + 65 => {
                ctx.diag(format!(
                    "{}: terminated by signal {}",
                    String::from_utf8_lossy(&name),
                    c - 128
                ))
                .await?;
                return Ok(125);
            }
            _ => status = 123,
        }
    }
    if let Some(m) = split_error {
        ctx.diag(m).await?;
        return Ok(1);
    }
    Ok(status)
}

/// The length of the input before the line holding an unmatched quote.
fn bad_prefix(data: &[u8]) -> usize {
    let mut i = 0;
    let mut line_start = 0;
    while i < data.len() {
        match data[i] {
            b'\n' => line_start = i + 1,
            b'\\' => i += 1,
            q @ (b'\'' | b'"') => match data[i + 1..].iter().position(|&b| b == q || b == b'\n') {
                Some(p) if data[i + 1 + p] == q => i += p + 1,
                _ => return line_start.max(last_blank(&data[..i])),
            },
            _ => {}
        }
        i += 1;
    }
    data.len()
}

fn last_blank(d: &[u8]) -> usize {
    d.iter()
        .rposition(|&b| b == b' ' || b == b'\t' || b == b'\n')
        .map(|p| p + 1)
        .unwrap_or(0)
}

/// Removes quoting from a `-I` line while keeping its blanks.
fn unquote_line(line: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < line.len() {
        match line[i] {
            q @ (b'\'' | b'"') => {
                i += 1;
                while i < line.len() && line[i] != q {
                    out.push(line[i]);
                    i += 1;
                }
            }
            b'\\' => {
                i += 1;
                if i < line.len() {
                    out.push(line[i]);
                }
            }
            c => out.push(c),
        }
        i += 1;
    }
    out
}

/// GNU's warning when an option cancels an earlier one it cannot be combined with.
async fn exclusive(ctx: &CommandCtx, earlier: &str, later: &str) -> Result<(), Interrupt> {
    let m = format!(
        "warning: options {earlier} and {later} are mutually exclusive, ignoring previous {earlier} value"
    );
    ctx.diag(m).await
}

crate::command_fn!(run, main);

pub fn register(r: &mut super::Registry) {
    r.register(
        "xargs",
        Trust::Real,
        "build and run command lines from standard input (-P runs sequentially)",
        "-0 -a FILE -d DELIM -E EOF -e[EOF] -I R -i[R] -L N -l[N] -n N -P N -r -s N -t -x",
        run,
    );
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn batching() {
        assert_eq!(
            text(run(&["xargs"], b"a b\n c\n")),
            (0, "a b c\n".into(), String::new())
        );
        assert_eq!(
            text(run(&["xargs", "-n", "2", "echo", "x"], b"1 2 3 4 5\n")).1,
            "x 1 2\nx 3 4\nx 5\n"
        );
        assert_eq!(
            text(run(&["xargs", "-L", "1"], b"a b\nc \nd\ne\n")).1,
            "a b\nc d\ne\n"
        );
        assert_eq!(
            text(run(&["xargs", "-I", "{}", "echo", "<{}>"], b"  a b\nc\n")).1,
            "<a b>\n<c>\n"
        );
        assert_eq!(text(run(&["xargs", "-0"], b"a b\0c\0")).1, "a b c\n");
        assert_eq!(
            text(run(&["xargs", "-d", ",", "-n1"], b"a,b c,d")).1,
            "a\nb c\nd\n"
        );
        assert_eq!(text(run(&["xargs", "-E", "STOP"], b"a STOP b\n")).1, "a\n");
        assert_eq!(
            text(run(&["xargs", "echo", "'q u'"], b"'x y' \"z\" w\\ v\n")).1,
            "'q u' x y z w v\n"
        );
        assert_eq!(text(run(&["xargs"], b"")).1, "\n");
        assert_eq!(text(run(&["xargs", "-r"], b"")).1, "");
        assert_eq!(
            text(run(&["xargs", "-t", "-n1"], b"a b\n")),
            (0, "a\nb\n".into(), "echo a\necho b\n".into())
        );
        assert_eq!(
            text(run(&["xargs", "-s", "12"], b"aa bb cc dd\n")).1,
            "aa bb\ncc dd\n"
        );
        assert_eq!(
            text(run(&["xargs", "-P", "4", "-n", "1"], b"a b\n")).1,
            "a\nb\n"
        );
    }

    #[test]
    fn statuses() {
        assert_eq!(run(&["xargs", "false"], b"a\n").0, 123);
        assert_eq!(
            text(run(&["xargs", "nosuchcmd"], b"a\n")),
            (
                127,
                String::new(),
                "xargs: nosuchcmd: No such file or directory\n".into()
            )
        );
        assert_eq!(text(run(&["xargs"], b"a 'b\n")), (1, "a\n".into(), "xargs: unmatched single quote; by default quotes are special to xargs unless you use the -0 option\n".into()));
        assert_eq!(text(run(&["xargs", "-n", "0"], b"")).2, "xargs: value 0 for -n option should be >= 1\nTry 'xargs --help' for more information.\n");
        assert_eq!(
            text(run(&["xargs", "-q"], b"")).2,
            "xargs: invalid option -- 'q'\nTry 'xargs --help' for more information.\n"
        );
    }
}
