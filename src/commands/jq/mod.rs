//! `jq` (jq 1.6's command line and output) over the jaq engine: the filter is compiled by
//! jaq (`engine.rs`) after a rewrite that keeps it within the meter and the stack (`guard.rs`,
//! `depth.rs`), inputs are read the way jq 1.6 reads them (`json.rs`) and outputs are laid out
//! byte for byte as jq 1.6 prints them (`write.rs`).

mod depth;
mod engine;
mod guard;
mod json;
mod messages;
mod natives;
mod regex;
mod write;

#[cfg(test)]
mod tests;

use super::opts::{self, Out};
use crate::limits::{cost, Reservation, ReservedBuf};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use jaq_json::{Map, Val};
use write::Style;

/// Options as `jq` reads them.
#[derive(Default)]
struct Options {
    filter: Option<String>,
    from_file: Option<Vec<u8>>,
    files: Vec<Vec<u8>>,
    style: Style,
    raw: bool,
    join: bool,
    null_input: bool,
    raw_input: bool,
    slurp: bool,
    exit_status: bool,
    /// `$name` and value, in order.
    named: Vec<(String, Val)>,
    /// Files whose contents become variables (`--slurpfile`, `--rawfile`): name, path, raw.
    file_vars: Vec<(String, Vec<u8>, bool)>,
}

enum ArgError {
    Unknown(String),
    Unsupported(String),
    Message(String),
}

const USAGE_TAIL: &str = "Use jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://stedolan.github.io/jq\n";

fn text(a: &[u8]) -> String {
    String::from_utf8_lossy(a).into_owned()
}

fn parse_args(args: &[Vec<u8>]) -> Result<Options, ArgError> {
    let mut o = Options::default();
    let mut operands: Vec<Vec<u8>> = Vec::new();
    let mut i = 0;
    let mut done = false;
    let take = |i: &mut usize, n: usize, opt: &str| -> Result<Vec<Vec<u8>>, ArgError> {
        if *i + n > args.len() {
            let what = if n == 1 {
                "an argument"
            } else {
                "two arguments"
            };
            return Err(ArgError::Message(format!("{opt} takes {what}")));
        }
        let v = args[*i..*i + n].to_vec();
        *i += n;
        Ok(v)
    };
    while i < args.len() {
        let a = args[i].clone();
        i += 1;
        if done || a.len() < 2 || a[0] != b'-' {
            operands.push(a);
            continue;
        }
        if a == b"--" {
            done = true;
            continue;
        }
        if a.starts_with(b"--") {
            let name = text(&a);
            match name.as_str() {
                "--slurp" => o.slurp = true,
                "--raw-output" => o.raw = true,
                "--join-output" => (o.raw, o.join) = (true, true),
                "--ascii-output" => o.style.ascii = true,
                "--compact-output" => (o.style.pretty, o.style.tab) = (false, false),
                "--null-input" => o.null_input = true,
                "--raw-input" => o.raw_input = true,
                "--exit-status" => o.exit_status = true,
                "--sort-keys" => o.style.sort_keys = true,
                "--monochrome-output" => {}
                "--tab" => (o.style.pretty, o.style.tab) = (true, true),
                "--indent" => {
                    let v = take(&mut i, 1, "--indent")?;
                    let n: i64 = text(&v[0]).trim().parse().unwrap_or(0);
                    if !(-1..=7).contains(&n) {
                        return Err(ArgError::Message(
                            "--indent takes a number between -1 and 7".into(),
                        ));
                    }
                    o.style.tab = false;
                    if n == -1 {
                        o.style.tab = true;
                        o.style.pretty = true;
                    } else if n == 0 {
                        o.style.pretty = false;
                    } else {
                        o.style.pretty = true;
                        o.style.indent = n as u8;
                    }
                }
                "--arg" => {
                    let v = take(&mut i, 2, "--arg")?;
                    o.named.push((text(&v[0]), Val::utf8_str(text(&v[1]))));
                }
                "--argjson" => {
                    let v = take(&mut i, 2, "--argjson")?;
                    match json::parse_one(&v[1]) {
                        Ok(val) => o.named.push((text(&v[0]), val)),
                        Err(_) => {
                            return Err(ArgError::Message(
                                "Invalid JSON text passed to --argjson".to_string(),
                            ))
                        }
                    }
                }
                "--slurpfile" | "--rawfile" => {
                    let v = take(&mut i, 2, &name)?;
                    o.file_vars
                        .push((text(&v[0]), v[1].clone(), name == "--rawfile"));
                }
                "--from-file" => o.from_file = Some(take(&mut i, 1, "--from-file")?.remove(0)),
                "--color-output"
                | "--seq"
                | "--stream"
                | "--args"
                | "--jsonargs"
                | "--unbuffered"
                | "--run-tests"
                | "--debug-dump-disasm"
                | "--debug-trace" => return Err(ArgError::Unsupported(name)),
                _ => return Err(ArgError::Unknown(name)),
            }
            continue;
        }
        for &c in &a[1..] {
            match c {
                b's' => o.slurp = true,
                b'r' => o.raw = true,
                b'j' => (o.raw, o.join) = (true, true),
                b'a' => o.style.ascii = true,
                b'c' => (o.style.pretty, o.style.tab) = (false, false),
                b'n' => o.null_input = true,
                b'R' => o.raw_input = true,
                b'e' => o.exit_status = true,
                b'S' => o.style.sort_keys = true,
                b'M' => {}
                b'f' => o.from_file = Some(take(&mut i, 1, "-f")?.remove(0)),
                b'C' | b'h' | b'L' => return Err(ArgError::Unsupported(format!("-{}", c as char))),
                _ => return Err(ArgError::Unknown(text(&a))),
            }
        }
    }
    let mut operands = operands.into_iter();
    if o.from_file.is_none() {
        o.filter = operands.next().map(|f| text(&f));
    }
    o.files = operands.collect();
    Ok(o)
}

/// Where an input value came from, for `jq: error (at NAME:LINE)`.
struct Source {
    name: String,
    start: usize,
}

/// All inputs, concatenated as jq 1.6 reads them (one stream across files).
struct Inputs {
    /// Every input's bytes, holding their modeled memory.
    data: ReservedBuf,
    sources: Vec<Source>,
    failed: bool,
}

async fn read_inputs(ctx: &CommandCtx, files: &[Vec<u8>]) -> Result<Inputs, Interrupt> {
    let mut inp = Inputs {
        data: ctx.reserved_buf(),
        sources: Vec::new(),
        failed: false,
    };
    let stdin = [b"-".to_vec()];
    let names: &[Vec<u8>] = if files.is_empty() { &stdin } else { files };
    for f in names {
        match ctx.read_all_input(f).await {
            Ok(d) => {
                ctx.charge_bytes(d.len())?;
                let name = if f == b"-" && files.is_empty() {
                    "<stdin>".to_string()
                } else {
                    text(f)
                };
                inp.sources.push(Source {
                    name,
                    start: inp.data.len(),
                });
                inp.data.append(d);
            }
            Err(e) => {
                let e = opts::interrupted(e)?;
                let msg = format!(
                    "jq: error: Could not open file {}: {}\n",
                    text(f),
                    e.message()
                );
                ctx.err(msg.as_bytes()).await?;
                inp.failed = true;
            }
        }
    }
    Ok(inp)
}

impl Inputs {
    /// `NAME:LINE` for a value that ended at byte `end`, counted as jq 1.6 counts lines read.
    fn location(&self, end: usize) -> String {
        let Some(src) = self.sources.iter().rev().find(|s| s.start <= end) else {
            return "<unknown>".into();
        };
        let stop = match memchr::memchr(b'\n', &self.data[end.min(self.data.len())..]) {
            Some(i) => end + i + 1,
            None => self.data.len(),
        };
        let lines = memchr::memchr_iter(b'\n', &self.data[src.start..stop]).count();
        format!("{}:{lines}", src.name)
    }
}

/// Output state across inputs.
struct Emitter<'a> {
    ctx: &'a CommandCtx,
    opts: &'a Options,
    out: Out,
    /// Covers the output buffered since the last flush.
    reserved: Reservation,
    last: Option<bool>,
    status: i32,
    /// The filter stopped for good (its stack grew too deep): no more inputs are run.
    fatal: bool,
}

impl Emitter<'_> {
    fn emit(&mut self, v: &Val) -> Result<(), Interrupt> {
        let start = self.out.buf.len();
        match v {
            Val::TStr(s) if self.opts.raw && !self.opts.style.ascii => self
                .out
                .push(&String::from_utf8_lossy(s).into_owned().into_bytes()),
            _ => {
                // A value is written only up to a byte past what memory can hold; the
                // reservation below then stops the run.
                let m = &self.ctx.sys.meter;
                let room = m.limits().memory.saturating_sub(m.usage().memory_current);
                let room = usize::try_from(room).unwrap_or(usize::MAX);
                let _ = write::write_val(&mut self.out.buf, v, &self.opts.style, room);
            }
        }
        if !self.opts.join {
            self.out.push(b"\n");
        }
        let n = (self.out.buf.len() - start) as u64;
        self.ctx.charge(cost::JQ_OUTPUT_VALUE)?;
        self.ctx.charge_bytes(n as usize)?;
        self.reserved.grow(n)?;
        self.last = Some(!matches!(v, Val::Null | Val::Bool(false)));
        Ok(())
    }

    async fn flush(&mut self, force: bool) -> Result<(), Interrupt> {
        if force || self.out.buf.len() >= opts::OUT_CHUNK {
            self.out.flush(self.ctx).await?;
            self.reserved.clear();
        }
        Ok(())
    }

    async fn error(&mut self, e: jaq_core::Error<Val>, at: &str) -> Result<(), Interrupt> {
        self.flush(true).await?;
        let msg = match messages::render(e) {
            messages::Rendered::Text(text) => {
                let mut m = format!("jq: error (at {at}): ").into_bytes();
                m.extend_from_slice(&text);
                m.push(b'\n');
                m
            }
            messages::Rendered::Value(other) => format!(
                "jq: error (at {at}) (not a string): {}\n",
                write::shown(&other)
            )
            .into_bytes(),
        };
        self.ctx.err(&msg).await?;
        self.status = 5;
        Ok(())
    }
}

/// What jq prints when a filter's stack grew too deep (`guard.rs`).
const TOO_DEEP: &str = "filter nested too deep (recursion past shellsim's stack limit for jq)";

/// Runs the filter on one input; `Err` when the meter stopped it.
async fn process(
    em: &mut Emitter<'_>,
    filter: &engine::Filter,
    vars: &[Val],
    input: Val,
    at: &str,
) -> Result<(), Interrupt> {
    // jq 1.6 exits with the status of the last input: an error on an earlier one is forgotten.
    em.status = 0;
    let guard = engine::MeterGuard::install(em.ctx.sys.clone());
    let mut failure: Option<jaq_core::Error<Val>> = None;
    let mut stop: Option<Interrupt> = None;
    engine::run(filter, vars, input, |step| match step {
        engine::Step::Value(v) => match em.emit(&v) {
            Ok(()) => true,
            Err(i) => {
                stop = Some(i);
                false
            }
        },
        engine::Step::Error(e) => {
            failure = Some(e);
            false
        }
        engine::Step::Stopped => false,
    });
    if let Some(i) = stop.or_else(|| guard.take_interrupt()) {
        return Err(i);
    }
    let too_deep = guard.too_deep();
    drop(guard);
    if too_deep {
        em.error(jaq_core::Error::str(TOO_DEEP), at).await?;
        em.fatal = true;
        return Ok(());
    }
    if let Some(e) = failure {
        em.error(e, at).await?;
    }
    em.flush(false).await
}

async fn run_jq(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let o = match parse_args(ctx.args()) {
        Ok(o) => o,
        Err(ArgError::Unknown(a)) => {
            ctx.err(format!("jq: Unknown option {a}\n{USAGE_TAIL}").as_bytes())
                .await?;
            return Ok(2);
        }
        Err(ArgError::Unsupported(a)) => {
            ctx.mark_partial(format!("jq {a} is not supported"));
            ctx.err(format!("jq: {a} is not supported by this simulator\n").as_bytes())
                .await?;
            return Ok(2);
        }
        Err(ArgError::Message(m)) => {
            ctx.err(format!("jq: {m}\n{USAGE_TAIL}").as_bytes()).await?;
            return Ok(2);
        }
    };
    let mut files = o.files.clone();
    let code = match (&o.from_file, &o.filter) {
        (Some(f), _) => match ctx.read_all_input(f).await {
            Ok(d) => text(&d),
            Err(e) => {
                let e = opts::interrupted(e)?;
                let msg = format!("jq: Could not open {}: {}\n", text(f), e.message());
                ctx.err(msg.as_bytes()).await?;
                return Ok(2);
            }
        },
        (None, Some(f)) => f.clone(),
        (None, None) => ".".to_string(),
    };
    if o.from_file.is_some() && o.filter.is_some() {
        files.insert(0, o.filter.clone().unwrap_or_default().into_bytes());
    }
    ctx.charge_bytes(code.len())?;

    // Global variables: --arg/--argjson/--slurpfile/--rawfile, then $ENV and $ARGS.
    let mut named = o.named.clone();
    for (name, path, raw) in &o.file_vars {
        let data = match ctx.read_all_input(path).await {
            Ok(d) => d,
            Err(e) => {
                let e = opts::interrupted(e)?;
                let msg = format!(
                    "jq: Bad JSON in --slurpfile {name} {}: Could not open {}: {}\n",
                    text(path),
                    text(path),
                    e.message()
                );
                ctx.err(msg.as_bytes()).await?;
                return Ok(2);
            }
        };
        let val = if *raw {
            Val::utf8_str(text(&data))
        } else {
            let mut r = json::Reader::new(&data).within(memory_room(ctx));
            let mut items = Vec::new();
            while let Some(v) = r.next_value() {
                match v {
                    Ok(v) => items.push(v),
                    Err(e) if e.is_out_of_memory() => return Err(out_of_memory(ctx)),
                    Err(e) => {
                        let msg = format!(
                            "jq: Bad JSON in --slurpfile {name} {}: {}\n",
                            text(path),
                            e.describe(&data)
                        );
                        ctx.err(msg.as_bytes()).await?;
                        return Ok(2);
                    }
                }
            }
            Val::Arr(items.into())
        };
        named.push((name.clone(), val));
    }
    let mut env = Map::default();
    for (k, v) in &ctx.env {
        env.insert(Val::utf8_str(text(k)), Val::utf8_str(text(v)));
    }
    let mut named_obj = Map::default();
    for (k, v) in &named {
        named_obj.insert(Val::utf8_str(k.clone()), v.clone());
    }
    let mut args_obj = Map::default();
    args_obj.insert(Val::utf8_str("positional"), Val::Arr(Vec::new().into()));
    args_obj.insert(Val::utf8_str("named"), Val::obj(named_obj));
    let mut names: Vec<String> = named.iter().map(|(k, _)| format!("${k}")).collect();
    let mut vars: Vec<Val> = named.into_iter().map(|(_, v)| v).collect();
    names.push("$ENV".into());
    vars.push(Val::obj(env));
    names.push("$ARGS".into());
    vars.push(Val::obj(args_obj));
    // jaq binds global variables innermost-last.
    let filter = match engine::compile(&code, &names) {
        Ok(f) => f,
        Err(e) => {
            let mut msg = String::new();
            for m in &e.messages {
                msg.push_str(&format!("jq: error: {m}\n"));
            }
            let n = e.messages.len();
            msg.push_str(&format!(
                "jq: {n} compile {}\n",
                if n == 1 { "error" } else { "errors" }
            ));
            ctx.err(msg.as_bytes()).await?;
            return Ok(3);
        }
    };

    let mut em = Emitter {
        ctx,
        opts: &o,
        out: Out::new(),
        reserved: ctx.empty_reservation(),
        last: None,
        status: 0,
        fatal: false,
    };
    let mut status = 0;
    if o.null_input {
        process(&mut em, &filter, &vars, Val::Null, "<unknown>").await?;
    } else {
        let inp = read_inputs(ctx, &files).await?;
        if inp.failed {
            status = 2;
        }
        let doc_mem = inp.data.len() as u64 * cost::JQ_DOC_MEMORY_FACTOR;
        let _doc_mem = ctx.reservation(doc_mem)?;
        let at_end = inp.location(inp.data.len());
        if o.raw_input {
            let whole = text(&inp.data);
            if o.slurp {
                process(&mut em, &filter, &vars, Val::utf8_str(whole), &at_end).await?;
            } else {
                let mut pos = 0;
                for line in whole.split_inclusive('\n') {
                    pos += line.len();
                    let l = line.strip_suffix('\n').unwrap_or(line);
                    ctx.charge(cost::LINE)?;
                    let at = inp.location(pos.saturating_sub(1));
                    process(&mut em, &filter, &vars, Val::utf8_str(l.to_string()), &at).await?;
                    if em.fatal {
                        break;
                    }
                }
            }
        } else {
            let mut reader = json::Reader::new(&inp.data).within(memory_room(ctx));
            let mut slurped = Vec::new();
            while let Some(v) = reader.next_value() {
                match v {
                    Ok(v) if o.slurp => slurped.push(v),
                    Ok(v) => {
                        let at = inp.location(reader.pos());
                        process(&mut em, &filter, &vars, v, &at).await?;
                        if em.fatal {
                            break;
                        }
                    }
                    Err(e) if e.is_out_of_memory() => return Err(out_of_memory(ctx)),
                    Err(e) => {
                        em.flush(true).await?;
                        let msg = format!("parse error: {}\n", e.describe(&inp.data));
                        ctx.err(msg.as_bytes()).await?;
                        // jq 1.6 exits 4 after a parse error of its input (1.7 exits 2).
                        return Ok(4);
                    }
                }
            }
            if o.slurp {
                process(&mut em, &filter, &vars, Val::Arr(slurped.into()), &at_end).await?;
            }
        }
    }
    em.flush(true).await?;
    if em.status != 0 {
        return Ok(em.status);
    }
    if status != 0 {
        return Ok(status);
    }
    if o.exit_status {
        return Ok(match em.last {
            None => 4,
            Some(true) => 0,
            Some(false) => 1,
        });
    }
    Ok(0)
}

/// Modeled memory not yet reserved: what parsed input values may hold on the heap.
fn memory_room(ctx: &CommandCtx) -> usize {
    let meter = &ctx.sys.meter;
    meter
        .limits()
        .memory
        .saturating_sub(meter.usage().memory_current) as usize
}

/// Stops the run on the memory limit.
fn out_of_memory(ctx: &CommandCtx) -> Interrupt {
    Interrupt::from(
        ctx.sys
            .meter
            .stop_with(crate::limits::StopReason::MemoryExhausted),
    )
}

crate::command_fn!(run, run_jq);
