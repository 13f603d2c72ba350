//! GNU `getopt_long`-style option parsing shared by every command, plus the small helpers
//! (diagnostic quoting, buffered output, usage errors) that keep command modules short.

use crate::process::command::CommandCtx;
use crate::process::Interrupt;

pub use super::quoting::Quoting;

/// Whether an option takes an argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    No,
    Req,
    /// Long form only: `--opt=value` (GNU `optional_argument`).
    Opt,
}

/// One accepted option: `id` is its short letter when below 128 (and not 0); ids of 128 and
/// above name long-only options. `long` is "" when there is no long form.
#[derive(Clone, Copy, Debug)]
pub struct OptDef {
    pub id: u8,
    pub long: &'static str,
    pub arg: Arg,
}

pub const fn flag(id: u8, long: &'static str) -> OptDef {
    OptDef {
        id,
        long,
        arg: Arg::No,
    }
}

pub const fn req(id: u8, long: &'static str) -> OptDef {
    OptDef {
        id,
        long,
        arg: Arg::Req,
    }
}

pub const fn optional(id: u8, long: &'static str) -> OptDef {
    OptDef {
        id,
        long,
        arg: Arg::Opt,
    }
}

/// Pseudo-ids for the options every GNU tool knows.
pub const HELP: u8 = 0xFE;
pub const VERSION: u8 = 0xFF;

/// The parsed command line.
#[derive(Debug, Default)]
pub struct Parsed {
    pub opts: Vec<(u8, Option<Vec<u8>>)>,
    pub operands: Vec<Vec<u8>>,
}

impl Parsed {
    pub fn has(&self, id: u8) -> bool {
        self.opts.iter().any(|(i, _)| *i == id)
    }
    /// The value of the last occurrence of `id`.
    pub fn last(&self, id: u8) -> Option<&[u8]> {
        self.opts
            .iter()
            .rev()
            .find(|(i, _)| *i == id)
            .and_then(|(_, v)| v.as_deref())
    }
}

/// How to parse.
#[derive(Clone, Copy, Debug)]
pub struct Parser<'a> {
    pub defs: &'a [OptDef],
    /// Options may follow operands (GNU permutation).
    pub permute: bool,
    /// A `-5` style word that parses as a negative number ends option parsing (seq).
    pub negative_numbers: bool,
}

impl<'a> Parser<'a> {
    pub fn new(defs: &'a [OptDef]) -> Self {
        Parser {
            defs,
            permute: true,
            negative_numbers: false,
        }
    }

    pub fn parse(&self, args: &[Vec<u8>]) -> Result<Parsed, String> {
        self.parse_until(args, &[]).map(|(p, _)| p)
    }

    /// [`Parser::parse`] that stops right after the first occurrence of any option in `stop`
    /// and says where the unread words start: `env -S` splices its words in there and parses
    /// on. A flag stops in the middle of its word (for an option that is an error at once).
    pub fn parse_until(&self, args: &[Vec<u8>], stop: &[u8]) -> Result<(Parsed, usize), String> {
        let mut p = Parsed::default();
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            i += 1;
            if a == b"--" {
                p.operands.extend(args[i..].iter().cloned());
                break;
            }
            if a.len() < 2 || a[0] != b'-' || (self.negative_numbers && is_number(a)) {
                if !self.permute || (self.negative_numbers && is_number(a)) {
                    p.operands.push(a.clone());
                    p.operands.extend(args[i..].iter().cloned());
                    break;
                }
                p.operands.push(a.clone());
                continue;
            }
            if a.starts_with(b"--") {
                let body = &a[2..];
                let (name, value) = match body.iter().position(|&b| b == b'=') {
                    Some(eq) => (&body[..eq], Some(body[eq + 1..].to_vec())),
                    None => (body, None),
                };
                let def = self.find_long(name, a)?;
                let shown = def.long;
                match def.arg {
                    Arg::No => {
                        if value.is_some() {
                            return Err(format!("option '--{shown}' doesn't allow an argument"));
                        }
                        p.opts.push((def.id, None));
                    }
                    Arg::Opt => p.opts.push((def.id, value)),
                    Arg::Req => match value {
                        Some(v) => p.opts.push((def.id, Some(v))),
                        None => {
                            if i >= args.len() {
                                return Err(format!("option '--{shown}' requires an argument"));
                            }
                            p.opts.push((def.id, Some(args[i].clone())));
                            i += 1;
                        }
                    },
                }
                if stop.contains(&def.id) {
                    return Ok((p, i));
                }
                continue;
            }
            let mut j = 1;
            while j < a.len() {
                let c = a[j];
                j += 1;
                let def = self.defs.iter().find(|d| d.id == c && c < 128 && c != 0);
                let Some(def) = def else {
                    return Err(format!("invalid option -- '{}'", show_byte(c)));
                };
                if def.arg == Arg::Req {
                    if j < a.len() {
                        p.opts.push((c, Some(a[j..].to_vec())));
                    } else if i < args.len() {
                        p.opts.push((c, Some(args[i].clone())));
                        i += 1;
                    } else {
                        return Err(format!("option requires an argument -- '{}'", show_byte(c)));
                    }
                    if stop.contains(&c) {
                        return Ok((p, i));
                    }
                    break;
                }
                if def.arg == Arg::Opt && j < a.len() {
                    p.opts.push((c, Some(a[j..].to_vec())));
                    break;
                }
                p.opts.push((c, None));
                if stop.contains(&c) {
                    return Ok((p, i));
                }
            }
        }
        Ok((p, args.len()))
    }

    fn find_long(&self, name: &[u8], whole: &[u8]) -> Result<OptDef, String> {
        let all = self.defs.iter().copied().chain([
            OptDef {
                id: HELP,
                long: "help",
                arg: Arg::No,
            },
            OptDef {
                id: VERSION,
                long: "version",
                arg: Arg::No,
            },
        ]);
        let all: Vec<OptDef> = all.filter(|d| !d.long.is_empty()).collect();
        if let Some(d) = all.iter().find(|d| d.long.as_bytes() == name) {
            return Ok(*d);
        }
        let cands: Vec<&OptDef> = all
            .iter()
            .filter(|d| d.long.as_bytes().starts_with(name) && !name.is_empty())
            .collect();
        match cands.len() {
            0 => Err(format!(
                "unrecognized option '{}'",
                String::from_utf8_lossy(whole)
            )),
            _ if cands
                .iter()
                .all(|d| d.id == cands[0].id && d.arg == cands[0].arg) =>
            {
                Ok(*cands[0])
            }
            _ => {
                // glibc shows the whole word, `=VALUE` included.
                let mut m = format!(
                    "option '{}' is ambiguous; possibilities:",
                    String::from_utf8_lossy(whole)
                );
                for d in cands {
                    m.push_str(&format!(" '--{}'", d.long));
                }
                Err(m)
            }
        }
    }
}

fn show_byte(c: u8) -> String {
    String::from_utf8_lossy(&[c]).into_owned()
}

/// Whether a word starting with `-` is a negative number rather than options: GNU seq's
/// test, a digit or `.` after the minus (so `-1x` is a bad number and `-inf` options).
pub fn is_number(a: &[u8]) -> bool {
    a.len() >= 2 && a[0] == b'-' && (a[1] == b'.' || a[1].is_ascii_digit())
}

/// Prints a usage error GNU style (`NAME: msg` + the `Try` line) and returns `status`.
pub async fn usage(ctx: &CommandCtx, msg: impl AsRef<[u8]>, status: i32) -> Result<i32, Interrupt> {
    ctx.diag(msg).await?;
    let name = ctx.name();
    // diffutils prints its hint through error(), so it carries the program's name too.
    let prefix = if matches!(name.as_str(), "cmp" | "diff" | "diff3" | "sdiff") {
        format!("{name}: ")
    } else {
        String::new()
    };
    ctx.err(format!("{prefix}Try '{name} --help' for more information.\n").as_bytes())
        .await?;
    Ok(status)
}

/// Parses `ctx`'s arguments, handling usage errors, `--help` and `--version`. `Err(status)`
/// means the command must return that status now.
pub async fn parse(
    ctx: &CommandCtx,
    parser: Parser<'_>,
    status: i32,
) -> Result<Result<Parsed, i32>, Interrupt> {
    match parser.parse(ctx.args()) {
        Ok(p) => {
            if p.has(HELP) {
                ctx.mark_partial("--help is not modeled");
                ctx.diag("--help is not available in this simulator")
                    .await?;
                return Ok(Err(status));
            }
            if p.has(VERSION) {
                ctx.out(format!("{} (GNU coreutils) 9.1\n", ctx.name()).as_bytes())
                    .await?;
                return Ok(Err(0));
            }
            Ok(Ok(p))
        }
        Err(msg) => Ok(Err(usage(ctx, &msg, status).await?)),
    }
}

/// Whether the command's locale (`LC_ALL`, `LC_CTYPE`, `LANG`) uses UTF-8.
pub fn utf8_locale(ctx: &CommandCtx) -> bool {
    Quoting::of(ctx).is_utf8()
}

/// GNU `quote()` in the command's locale: `‘x’` under UTF-8, `'x'` in C. coreutils uses it
/// for option arguments and most "invalid ..." diagnostics.
pub fn quote(ctx: &CommandCtx, name: &[u8]) -> String {
    Quoting::of(ctx).quote(name)
}

/// GNU `quoteaf()`: a file name always in ASCII quotes, shell-escaped for the locale.
pub fn quoteaf(ctx: &CommandCtx, name: &[u8]) -> String {
    Quoting::of(ctx).quoteaf(name)
}

/// GNU `quotef()`: a file name quoted only when it holds characters the shell treats specially.
pub fn quotef(ctx: &CommandCtx, name: &[u8]) -> String {
    Quoting::of(ctx).quotef(name)
}

/// GNU `argmatch`'s refusal of a bad choice for `option` (`--color`), without the try-help
/// line: everything quoted in the locale's style; `groups` lists the valid arguments with
/// synonyms together on one line.
pub fn bad_argument(ctx: &CommandCtx, arg: &[u8], option: &str, groups: &[&[&str]]) -> String {
    let q = Quoting::of(ctx);
    let mut m = format!(
        "invalid argument {} for {}\nValid arguments are:",
        q.quote(arg),
        q.quote(option.as_bytes())
    );
    for group in groups {
        let names: Vec<String> = group.iter().map(|a| q.quote(a.as_bytes())).collect();
        m.push_str("\n  - ");
        m.push_str(&names.join(", "));
    }
    m
}

/// GNU `argmatch`: `arg` names the entry it equals, else the one entry it is a prefix of;
/// entries that share a value are synonyms, so a prefix of several of them still matches.
/// `Err(true)` means ambiguous, `Err(false)` no match.
pub fn argmatch<V: Copy + PartialEq>(arg: &[u8], table: &[(&str, V)]) -> Result<V, bool> {
    if let Some(&(_, v)) = table.iter().find(|(n, _)| n.as_bytes() == arg) {
        return Ok(v);
    }
    let mut found: Option<V> = None;
    for &(name, v) in table {
        if name.as_bytes().starts_with(arg) {
            match found {
                Some(f) if f != v => return Err(true),
                _ => found = Some(v),
            }
        }
    }
    found.ok_or(false)
}

/// [`bad_argument`] for a failed [`argmatch`], which words an ambiguous choice as GNU does.
pub fn argmatch_failure(
    ctx: &CommandCtx,
    arg: &[u8],
    option: &str,
    groups: &[&[&str]],
    ambiguous: bool,
) -> String {
    let m = bad_argument(ctx, arg, option, groups);
    if ambiguous {
        m.replacen("invalid", "ambiguous", 1)
    } else {
        m
    }
}

/// Output buffered into large writes.
#[derive(Default)]
pub struct Out {
    pub buf: Vec<u8>,
}

/// Flush threshold for [`Out`].
pub const OUT_CHUNK: usize = 64 * 1024;

impl Out {
    pub fn new() -> Out {
        Out { buf: Vec::new() }
    }
    pub fn push(&mut self, data: &[u8]) {
        self.buf.extend_from_slice(data);
    }
    /// Writes out when the buffer is large.
    pub async fn maybe_flush(&mut self, ctx: &CommandCtx) -> Result<(), Interrupt> {
        if self.buf.len() >= OUT_CHUNK {
            self.flush(ctx).await?;
        }
        Ok(())
    }
    pub async fn flush(&mut self, ctx: &CommandCtx) -> Result<(), Interrupt> {
        let data = std::mem::take(&mut self.buf);
        ctx.out(&data).await
    }
}

/// Turns a read error into an interrupt when it is one, else gives it back.
pub fn interrupted(e: crate::process::IoError) -> Result<crate::process::IoError, Interrupt> {
    match e {
        crate::process::IoError::Interrupted(i) => Err(i),
        other => Ok(other),
    }
}

/// Parses a decimal integer operand (with optional sign), like `xstrtoimax`.
pub fn parse_i64(s: &[u8]) -> Option<i64> {
    std::str::from_utf8(s).ok()?.parse::<i64>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEFS: &[OptDef] = &[
        flag(b'a', "all"),
        req(b'n', "lines"),
        flag(b'v', "verbose"),
        flag(0x80, "values"),
    ];

    fn p(args: &[&str]) -> Result<Parsed, String> {
        let v: Vec<Vec<u8>> = args.iter().map(|a| a.as_bytes().to_vec()).collect();
        Parser::new(DEFS).parse(&v)
    }

    #[test]
    fn combined_and_permuted() {
        let r = p(&["-av", "x", "-n3", "--lines=4", "--", "-a"]).unwrap();
        assert_eq!(r.operands, vec![b"x".to_vec(), b"-a".to_vec()]);
        assert!(r.has(b'a') && r.has(b'v'));
        assert_eq!(r.last(b'n'), Some(&b"4"[..]));
    }

    #[test]
    fn errors_like_getopt() {
        assert_eq!(p(&["-x"]).unwrap_err(), "invalid option -- 'x'");
        assert_eq!(p(&["--nope"]).unwrap_err(), "unrecognized option '--nope'");
        assert_eq!(
            p(&["-n"]).unwrap_err(),
            "option requires an argument -- 'n'"
        );
        assert_eq!(
            p(&["--lines"]).unwrap_err(),
            "option '--lines' requires an argument"
        );
        assert_eq!(
            p(&["--all=1"]).unwrap_err(),
            "option '--all' doesn't allow an argument"
        );
        assert_eq!(
            p(&["--v"]).unwrap_err(),
            "option '--v' is ambiguous; possibilities: '--verbose' '--values' '--version'"
        );
        assert!(p(&["--verb"]).unwrap().has(b'v'));
        assert_eq!(
            p(&["--v=1"]).unwrap_err(),
            "option '--v=1' is ambiguous; possibilities: '--verbose' '--values' '--version'"
        );
    }
}
