//! `awk`: GNU awk (gawk) in its default mode — POSIX awk with the common gawk extensions.
//!
//! A hand-written lexer (`lexer.rs`), a recursive-descent parser to an AST (`parser.rs`
//! statements, `parse_expr.rs` expressions, `ast.rs`) and a tree-walking interpreter
//! (`interp.rs`; `record.rs` records and fields, `builtins.rs` the built-in
//! functions (`gensub.rs` gensub, `timefns.rs` strftime and mktime), `order.rs` the for-in
//! order, `redirect.rs` print/getline/close/system, `io.rs` records, streams and child
//! processes, `value.rs` values and conversions, `format.rs` printf, `regex.rs` gawk's regex
//! dialect on the shared POSIX engine). Every statement, record and regex search is charged
//! to the meter; arrays, variables and records reserve modeled memory before they grow.
//! Lengths, positions and regular expressions count bytes in the C locale and characters in a
//! UTF-8 one, as gawk's do (the locale is read as the other commands read it,
//! `opts::utf8_locale`).
//!
//! Refused (exit 2 with a message): gawk-only functions such as `patsplit` and `typeof`, and
//! the sort-order argument of `asort`/`asorti`; gawk-only syntax (`BEGINFILE`, `switch`, `|&`,
//! `@include`); gawk variables whose effect is not modeled (`IGNORECASE`, `FPAT`,
//! `FIELDWIDTHS`, `PROCINFO`, ...); options other than `-F -v -f -e --`. `rand()` is
//! deterministic but its sequence differs from gawk's. `for (k in a)` visits keys in gawk's
//! order (`order.rs` models gawk's array representation). `strftime`/`mktime` use the
//! virtual clock, whose only time zone is UTC (`TZ` is not consulted).

pub mod ast;
pub mod builtins;
pub mod format;
pub mod gensub;
pub mod interp;
pub mod io;
pub mod lexer;
pub mod order;
pub mod parse_expr;
pub mod parser;
pub mod pure;
pub mod record;
pub mod redirect;
pub mod regex;
pub mod timefns;
pub mod value;

use super::opts::{self, req, OptDef, Parser};
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use ast::{special, Var};
use interp::{Cell, Interp, Jump};
use std::rc::Rc;
use value::Value;

pub fn register(r: &mut super::Registry) {
    r.register(
        "awk",
        Trust::Partial,
        "pattern scanning and processing language (gawk's default mode)",
        "-F FS -v VAR=VALUE -f PROGFILE -e PROGRAM --; operands VAR=VALUE; POSIX awk plus gawk's match() array, regex RS, RT, fflush, and/or/xor/lshift/rshift/compl, strtonum, systime, asort/asorti, gensub, strftime and mktime (local time is UTC, TZ ignored); for-in visits keys in gawk's order (refused: patsplit, typeof, asort's sort-order argument, BEGINFILE, @include, switch, |&, IGNORECASE, FPAT, FIELDWIDTHS, PROCINFO; rand() sequence differs from gawk)",
        run,
    );
}

const DEFS: &[OptDef] = &[
    req(b'F', "field-separator"),
    req(b'v', "assign"),
    req(b'f', "file"),
    req(b'e', "source"),
];

/// Splits `name=value` when `name` is an identifier.
pub fn split_assignment(arg: &[u8]) -> Option<(&[u8], &[u8])> {
    let eq = arg.iter().position(|&b| b == b'=')?;
    let name = &arg[..eq];
    let ok = !name.is_empty()
        && (name[0].is_ascii_alphabetic() || name[0] == b'_')
        && name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_');
    ok.then(|| (name, &arg[eq + 1..]))
}

/// Usage text gawk prints for a usage error (the first lines).
const USAGE: &str = "Usage: awk [POSIX or GNU style options] -f progfile [--] file ...\nUsage: awk [POSIX or GNU style options] [--] 'program' file ...\n";

struct Source {
    name: String,
    text: Vec<u8>,
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let name = ctx.name();
    let args = ctx.args();
    // gawk options we do not model: refuse rather than misbehave.
    let mut skip = false;
    for a in args {
        if std::mem::take(&mut skip) {
            continue;
        }
        if a == b"--" || !a.starts_with(b"-") || a.len() < 2 {
            break;
        }
        if matches!(a.as_slice(), b"-F" | b"-v" | b"-f" | b"-e") {
            skip = true;
            continue;
        }
        let unsupported = a.starts_with(b"--")
            && ![
                &b"--field-separator"[..],
                b"--assign",
                b"--file",
                b"--source",
                b"--version",
                b"--help",
            ]
            .iter()
            .any(|o| a.starts_with(o));
        let short_bad = !a.starts_with(b"--")
            && matches!(
                a[1],
                b'b' | b'c'
                    | b'C'
                    | b'd'
                    | b'D'
                    | b'E'
                    | b'g'
                    | b'h'
                    | b'i'
                    | b'l'
                    | b'L'
                    | b'M'
                    | b'n'
                    | b'N'
                    | b'o'
                    | b'O'
                    | b'p'
                    | b'P'
                    | b'r'
                    | b's'
                    | b'S'
                    | b't'
                    | b'V'
                    | b'W'
            );
        if unsupported || short_bad {
            ctx.mark_partial("gawk option not modeled");
            ctx.err(
                format!(
                    "{name}: option `{}' is not supported in shellsim\n",
                    String::from_utf8_lossy(a)
                )
                .as_bytes(),
            )
            .await?;
            return Ok(2);
        }
    }
    let parsed = match (Parser {
        defs: DEFS,
        permute: false,
        negative_numbers: false,
    })
    .parse(args)
    {
        Ok(p) => p,
        Err(m) => {
            ctx.err(format!("{name}: {m}\n{USAGE}").as_bytes()).await?;
            return Ok(2);
        }
    };
    if parsed.has(opts::VERSION) {
        ctx.out(b"GNU Awk 5.2.1 (shellsim)\n").await?;
        return Ok(0);
    }
    if parsed.has(opts::HELP) {
        ctx.out(USAGE.as_bytes()).await?;
        return Ok(0);
    }
    let mut sources: Vec<Source> = Vec::new();
    let mut assigns: Vec<Vec<u8>> = Vec::new();
    let mut fs: Option<Vec<u8>> = None;
    for (id, v) in &parsed.opts {
        let v = v.clone().unwrap_or_default();
        match id {
            b'F' => fs = Some(v),
            b'v' => assigns.push(v),
            b'e' => sources.push(Source {
                name: "cmd. line".into(),
                text: v,
            }),
            b'f' => {
                let text = if v == b"-" || v == b"/dev/stdin" {
                    match ctx.fd(0) {
                        Some(f) => ctx.sys.read_to_end(&f).await,
                        None => Err(crate::process::IoError::BadFd),
                    }
                } else {
                    ctx.read_all_input(&v).await
                };
                match text {
                    // Program text is not charged as data (like `-e` text): it is compiled.
                    Ok(t) => sources.push(Source {
                        name: String::from_utf8_lossy(&v).into_owned(),
                        text: t.into_parts().0,
                    }),
                    Err(e) => {
                        let e = opts::interrupted(e)?;
                        ctx.err(
                            format!(
                                "{name}: fatal: cannot open source file `{}' for reading: {}\n",
                                String::from_utf8_lossy(&v),
                                e.message()
                            )
                            .as_bytes(),
                        )
                        .await?;
                        return Ok(2);
                    }
                }
            }
            _ => {}
        }
    }
    let mut operands = parsed.operands.clone();
    if sources.is_empty() {
        if operands.is_empty() {
            ctx.err(USAGE.as_bytes()).await?;
            return Ok(2);
        }
        sources.push(Source {
            name: "cmd. line".into(),
            text: operands.remove(0),
        });
    }
    // Lex and parse every source.
    let mut toks = Vec::new();
    for (i, s) in sources.iter().enumerate() {
        ctx.charge(crate::limits::cost::per_bytes(
            s.text.len(),
            1,
            crate::limits::cost::PARSE_PER_BYTE,
        ))?;
        match lexer::lex(&s.text, i) {
            Ok(mut t) => {
                t.pop();
                toks.extend(t);
                toks.push(lexer::Token {
                    tok: lexer::Tok::Newline,
                    src: i,
                    line: 0,
                    pos: s.text.len(),
                });
            }
            Err(e) => {
                let unsupported = e.msg.contains("gawk extension");
                if unsupported {
                    ctx.mark_partial(e.msg.clone());
                }
                syntax_error(ctx, &sources, i, e.line, e.pos, &e.msg).await?;
                // gawk exits 1 after a syntax error (2 is for fatal errors at run time); a
                // feature shellsim refuses exits 2.
                return Ok(if unsupported { 2 } else { 1 });
            }
        }
    }
    toks.push(lexer::Token {
        tok: lexer::Tok::Eof,
        src: sources.len() - 1,
        line: 0,
        pos: sources.last().map(|s| s.text.len()).unwrap_or(0),
    });
    let prog = match parser::parse(toks) {
        Ok(mut p) => {
            pure::mark(&mut p);
            p
        }
        Err(e) => {
            print_notes(ctx, &sources, &e.notes).await?;
            let unsupported = e.msg.contains("gawk extension");
            if unsupported {
                ctx.mark_partial(e.msg.clone());
            }
            syntax_error(ctx, &sources, e.src, e.line, e.pos, &e.msg).await?;
            // A real syntax error exits 1 as gawk's does; a feature shellsim refuses, 2.
            return Ok(if unsupported { 2 } else { 1 });
        }
    };
    if print_notes(ctx, &sources, &prog.notes).await? {
        return Ok(1);
    }
    let mut lits = Vec::with_capacity(prog.regexes.len());
    // Regex literals read characters the way the locale does, as dynamic regexes do.
    let utf8 = crate::commands::opts::utf8_locale(ctx);
    for r in &prog.regexes {
        match regex::compile(r, utf8) {
            Ok(re) => lits.push(Rc::new(re)),
            Err(m) => {
                ctx.err(
                    format!(
                        "{name}: cmd. line:1: error: {m}: /{}/\n",
                        String::from_utf8_lossy(r)
                    )
                    .as_bytes(),
                )
                .await?;
                return Ok(2);
            }
        }
    }
    let mut it = Interp::new(ctx, &prog, lits);
    it.src_names = sources.iter().map(|s| s.name.clone()).collect();
    let status = match setup(&mut it, &operands, fs.as_deref(), &assigns) {
        Ok(()) => run_program(&mut it).await,
        Err(e) => Err(e),
    };
    let status = match status {
        Ok(()) => {
            let s = it.close_all().await;
            match s {
                Ok(()) => it.exit_code,
                Err(e) => report(&mut it, e).await?,
            }
        }
        Err(e) => report(&mut it, e).await?,
    };
    Ok(status)
}

/// Prints parse-time warnings and errors; true when there was an error, which stops the
/// program from running (status 1, as for a syntax error).
async fn print_notes(
    ctx: &CommandCtx,
    sources: &[Source],
    notes: &[ast::Note],
) -> Result<bool, Interrupt> {
    for n in notes {
        let src_name = sources.get(n.src).map(|s| s.name.as_str()).unwrap_or("-");
        let kind = if n.error { "error" } else { "warning" };
        let line = format!("{}: {src_name}:{}: {kind}: {}\n", ctx.name(), n.line, n.msg);
        ctx.err(line.as_bytes()).await?;
    }
    Ok(notes.iter().any(|n| n.error))
}

/// Turns a failure into its message and status (interrupts propagate).
async fn report(it: &mut Interp<'_>, e: Jump) -> Result<i32, Interrupt> {
    match e {
        Jump::Int(i) => Err(i),
        Jump::Fatal(msg) => {
            if let Err(Jump::Int(i)) = it.message("fatal", &msg).await {
                return Err(i);
            }
            // Buffered output still reaches its destination, as when gawk exits.
            if let Err(Jump::Int(i)) = it.close_all().await {
                return Err(i);
            }
            Ok(2)
        }
        // Control that escaped its context (e.g. `next` in BEGIN) ends the program.
        Jump::Exit | Jump::Next | Jump::NextFile => {
            if let Err(Jump::Int(i)) = it.close_all().await {
                return Err(i);
            }
            Ok(it.exit_code)
        }
    }
}

async fn syntax_error(
    ctx: &CommandCtx,
    sources: &[Source],
    src: usize,
    line: usize,
    pos: usize,
    msg: &str,
) -> Result<(), Interrupt> {
    let name = ctx.name();
    let Some(s) = sources.get(src) else {
        return Ok(());
    };
    let pos = pos.min(s.text.len());
    let line_start = s.text[..pos]
        .iter()
        .rposition(|&b| b == b'\n')
        .map(|i| i + 1)
        .unwrap_or(0);
    let line_end = s.text[line_start..]
        .iter()
        .position(|&b| b == b'\n')
        .map(|i| line_start + i)
        .unwrap_or(s.text.len());
    let line = if line == 0 {
        s.text[..line_start].iter().filter(|&&b| b == b'\n').count() + 1
    } else {
        line
    };
    let prefix = format!("{name}: {}:{line}: ", s.name);
    let mut out = prefix.clone().into_bytes();
    out.extend_from_slice(&s.text[line_start..line_end]);
    out.push(b'\n');
    out.extend_from_slice(prefix.as_bytes());
    out.extend(std::iter::repeat_n(b' ', pos - line_start));
    out.extend_from_slice(format!("^ {msg}\n").as_bytes());
    ctx.err(&out).await
}

/// ARGV, ARGC, ENVIRON, -F and -v before BEGIN.
fn setup(
    it: &mut Interp<'_>,
    operands: &[Vec<u8>],
    fs: Option<&[u8]>,
    assigns: &[Vec<u8>],
) -> Result<(), Jump> {
    let ctx = it.ctx;
    let argv: interp::ArrRef = Rc::default();
    it.globals[special::ARGV] = Cell::Arr(argv.clone());
    it.arr_set(
        &argv,
        Rc::from(&b"0"[..]),
        Value::str(ctx.name().as_bytes()),
    )?;
    for (i, a) in operands.iter().enumerate() {
        it.arr_set(
            &argv,
            Rc::from(format!("{}", i + 1).into_bytes()),
            Value::input(a),
        )?;
    }
    it.set_global(special::ARGC, Value::Num((operands.len() + 1) as f64));
    let env: interp::ArrRef = Rc::default();
    it.globals[special::ENVIRON] = Cell::Arr(env.clone());
    for (k, v) in &ctx.env {
        it.arr_set(&env, Rc::from(k.as_slice()), Value::input(v))?;
    }
    if let Some(fs) = fs {
        let v = if fs == b"t" {
            b"\t".to_vec()
        } else {
            lexer::process_escapes(fs)
        };
        it.set_var(Var::Global(special::FS), Value::string(v))?;
    }
    for a in assigns {
        match split_assignment(a) {
            Some((n, v)) => it.assign_operand(n, v)?,
            None => {
                return Err(Jump::Fatal(format!(
                    "`{}' argument to `-v' not in `var=value' form",
                    String::from_utf8_lossy(a)
                )))
            }
        }
    }
    Ok(())
}

/// BEGIN, the record loop, END.
async fn run_program(it: &mut Interp<'_>) -> Result<(), Jump> {
    let prog = it.prog;
    let mut exited = false;
    for b in &prog.begin {
        match it.exec_block(b).await {
            Ok(_) => {}
            Err(Jump::Exit) => {
                exited = true;
                break;
            }
            Err(Jump::Next) | Err(Jump::NextFile) => {
                return Err(Jump::Fatal("`next' used in BEGIN action".into()))
            }
            Err(e) => return Err(e),
        }
    }
    if !exited && (!prog.items.is_empty() || !prog.end.is_empty()) {
        match record_loop(it).await {
            Ok(()) => {}
            Err(Jump::Exit) => {}
            Err(e) => return Err(e),
        }
    }
    for b in &prog.end {
        match it.exec_block(b).await {
            Ok(_) => {}
            Err(Jump::Exit) => break,
            Err(Jump::Next) | Err(Jump::NextFile) => {
                return Err(Jump::Fatal("`next' used in END action".into()))
            }
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

async fn record_loop(it: &mut Interp<'_>) -> Result<(), Jump> {
    let prog = it.prog;
    loop {
        if !it.next_main_record().await? {
            return Ok(());
        }
        it.take_next_record()?;
        it.ctx.sys.maybe_yield().await;
        match run_items(it, prog).await {
            Ok(()) | Err(Jump::Next) => {}
            Err(Jump::NextFile) => it.skip_file(),
            Err(e) => return Err(e),
        }
    }
}

async fn run_items<'p>(it: &mut Interp<'p>, prog: &'p ast::Program) -> Result<(), Jump> {
    for item in &prog.items {
        if !matches!(item.pattern, ast::Pattern::All) {
            it.line = item.line;
        }
        let matched = match &item.pattern {
            ast::Pattern::All => true,
            ast::Pattern::Expr(e) => it.ev(e).await?.truthy(),
            ast::Pattern::Range(a, b, n) => {
                if it.range_on[*n] {
                    if it.ev(b).await?.truthy() {
                        it.range_on[*n] = false;
                    }
                    true
                } else if it.ev(a).await?.truthy() {
                    if !it.ev(b).await?.truthy() {
                        it.range_on[*n] = true;
                    }
                    true
                } else {
                    false
                }
            }
        };
        if !matched {
            continue;
        }
        match &item.action {
            // An action of statements that never wait runs without boxing a future.
            Some(body) if body.iter().all(interp::is_simple) => {
                for s in body {
                    it.exec_simple(s)?;
                }
            }
            Some(body) => {
                it.exec_block(body).await?;
            }
            None => it.print(&[], None).await?,
        }
    }
    Ok(())
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests;
