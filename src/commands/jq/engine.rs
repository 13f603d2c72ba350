//! The jaq engine behind `jq`: loading and compiling a filter with the jq 1.6 prelude, and
//! running it under the simulator's meter.
//!
//! jaq has no fuel hook, so metering goes through the filters every unbounded loop passes
//! through: `range` is a native that charges one CPU unit per value, and `repeat`, `recurse`,
//! `while`, `until` are redefined (jq 1.6's definitions) around a native `__shellsim_tick`.
//! A charge that fails records the interrupt and halts the filter (a halt, unlike an error,
//! cannot be caught by `try`). Host-facing natives (`now`, `env`, time zones, `input`,
//! `debug`/`stderr`, `halt`, `input_filename`, ...) are left out and fail to compile as undefined.

use crate::process::{Interrupt, Kernel};
use jaq_core::box_iter::box_once;
use jaq_core::load::{self, Arena, File, Loader};
use jaq_core::native::{v, Fun};
use jaq_core::{data, Ctx, Exn, Native, RunPtr, Vars};
use jaq_json::Val;
use std::cell::RefCell;
use std::rc::Rc;

type D = data::JustLut<Val>;
/// A compiled filter.
pub type Filter = jaq_core::Filter<D>;

thread_local! {
    /// The kernel the running filter charges, and the interrupt a failed charge left.
    static METER: RefCell<(Option<Rc<Kernel>>, Option<Interrupt>)> = const { RefCell::new((None, None)) };
}

/// Charges one unit; `false` once the budget is gone.
fn tick() -> bool {
    METER.with(|m| {
        let mut m = m.borrow_mut();
        if m.1.is_some() {
            return false;
        }
        let Some(k) = m.0.clone() else { return true };
        match k.charge(crate::limits::cost::JQ_STEP) {
            Ok(()) => true,
            Err(i) => {
                m.1 = Some(i);
                false
            }
        }
    })
}

fn halt<'a>() -> Exn<'a, Val> {
    Exn::halt(137)
}

/// Installs `sys` as the meter for filters run until the guard drops.
pub struct MeterGuard;

impl MeterGuard {
    pub fn install(sys: Rc<Kernel>) -> MeterGuard {
        METER.with(|m| *m.borrow_mut() = (Some(sys), None));
        MeterGuard
    }

    /// The interrupt a failed charge recorded, if any.
    pub fn take_interrupt(&self) -> Option<Interrupt> {
        METER.with(|m| m.borrow_mut().1.take())
    }
}

impl Drop for MeterGuard {
    fn drop(&mut self) {
        METER.with(|m| *m.borrow_mut() = (None, None));
    }
}

/// jq 1.6's generators, each step charged.
const METERED_DEFS: &str = r#"
def repeat(f): def _repeat: f | (., (__shellsim_tick | _repeat)); _repeat;
def recurse(f): def _r: ., (f | __shellsim_tick | _r); _r;
def recurse: recurse(.[]?);
def recurse(f; cond): def _r: ., (f | select(cond) | __shellsim_tick | _r); _r;
def while(cond; update): def _w: if cond then ., (update | __shellsim_tick | _w) else empty end; _w;
def until(cond; update): def _u: if cond then . else (update | __shellsim_tick | _u) end; _u;
"#;

/// Definitions that need the standard library's `limit`.
const LATE_DEFS: &str = r#"
def combinations($n): [limit($n; repeat(.))] | combinations;
def leaf_paths: paths(scalars);
"#;

/// Core definitions replaced by [`METERED_DEFS`].
const REPLACED: &[&str] = &["repeat", "recurse", "while", "until", "combinations"];

/// Natives that would reach the host or that this simulator does not model: they stay defined
/// (the standard library refers to them) but fail when run.
const REFUSED: &[&str] = &[
    "now",
    "env",
    "halt",
    "halt_error",
    "input",
    "inputs",
    "input_filename",
    "debug_empty",
    "stderr_empty",
    "localtime",
    "mktime",
    "gmtime",
    "strftime",
    "strflocaltime",
    "strptime",
    "range",
];

fn refused_native<'a>(_cv: jaq_core::Cv<'a, D>) -> jaq_core::ValXs<'a, Val> {
    let msg =
        "this builtin is not available in shellsim (no host clock, environment or extra inputs)";
    box_once(Err(Exn::from(jaq_core::Error::str(msg))))
}

fn tick_native<'a>(cv: jaq_core::Cv<'a, D>) -> jaq_core::ValXs<'a, Val> {
    if tick() {
        box_once(Ok(cv.1))
    } else {
        box_once(Err(halt()))
    }
}

fn range_native<'a>(mut cv: jaq_core::Cv<'a, D>) -> jaq_core::ValXs<'a, Val> {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let by = cv.0.pop_var();
    let to = cv.0.pop_var();
    let mut from: Result<Val, Exn<'a, Val>> = Ok(cv.0.pop_var());
    let cmp = by.partial_cmp(&Val::from(0usize)).unwrap_or(Equal);
    let mut done = false;
    Box::new(std::iter::from_fn(move || {
        if done {
            return None;
        }
        match from.clone() {
            Ok(x) => {
                let go = match cmp {
                    Greater => x < to,
                    Less => x > to,
                    Equal => x != to,
                };
                if !go {
                    return None;
                }
                if !tick() {
                    done = true;
                    return Some(Err(halt()));
                }
                let next = (x.clone() + by.clone()).map_err(Exn::from);
                Some(std::mem::replace(&mut from, next))
            }
            Err(e) => {
                done = true;
                Some(Err(e))
            }
        }
    }))
}

fn natives() -> Vec<Fun<D>> {
    let own: [(&'static str, usize, RunPtr<D>); 2] = [
        ("__shellsim_tick", 0, tick_native),
        ("range", 3, range_native),
    ];
    jaq_core::funs::<D>()
        .chain(jaq_std::funs::<D>())
        .chain(jaq_json::funs::<D>())
        .filter(|(name, _, _)| *name != "range" && *name != "tojson")
        .map(|(name, args, f)| {
            if REFUSED.contains(&name) {
                (name, args, Native::<D>::new(refused_native))
            } else {
                (name, args, f)
            }
        })
        .chain(
            own.into_iter()
                .map(|(n, a, f)| (n, v(a), Native::<D>::new(f))),
        )
        .chain(super::natives::natives())
        .collect()
}

/// A compile failure, rendered jq's way (`error: ... at <top-level>, line N:` plus the
/// program) with the number of errors.
pub struct CompileError {
    pub messages: Vec<String>,
}

fn line_of(code: &str, part: &str) -> usize {
    let (base, p) = (code.as_ptr() as usize, part.as_ptr() as usize);
    if p < base || p > base + code.len() {
        return 1;
    }
    let at = load::span(code, part).start.min(code.len());
    1 + code.as_bytes()[..at]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

fn where_(code: &str, part: &str) -> String {
    format!(" at <top-level>, line {}:\n{code}", line_of(code, part))
}

/// Parses and compiles `code` with the named global variables (`$name`, in order).
pub fn compile(code: &str, globals: &[String]) -> Result<Filter, CompileError> {
    let core_defs = jaq_core::defs()
        .filter(|d| !REPLACED.contains(&d.name) || (d.name == "combinations" && d.args.is_empty()));
    let metered = load::parse(METERED_DEFS, |p| p.defs()).unwrap_or_default();
    let late = load::parse(LATE_DEFS, |p| p.defs()).unwrap_or_default();
    let own = load::parse(super::natives::DEFS, |p| p.defs()).unwrap_or_default();
    let defs = core_defs
        .chain(metered)
        .chain(jaq_std::defs())
        .chain(jaq_json::defs())
        .chain(late)
        .chain(own);
    let loader = Loader::new(defs);
    let arena = Arena::default();
    let modules = loader
        .load(&arena, File { code, path: () })
        .map_err(|errs| load_errors(code, errs))?;
    let names: Vec<&str> = globals.iter().map(|s| s.as_str()).collect();
    jaq_core::Compiler::default()
        .with_funs(natives())
        .with_global_vars(names)
        .compile(modules)
        .map_err(|errs| {
            let mut messages = Vec::new();
            for (_file, es) in errs {
                for (name, undef) in es {
                    let what = match undef {
                        jaq_core::compile::Undefined::Filter(arity) => format!("{name}/{arity}"),
                        _ => name.to_string(),
                    };
                    messages.push(format!("{what} is not defined{}", where_(code, name)));
                }
            }
            CompileError { messages }
        })
}

fn load_errors(code: &str, errs: load::Errors<&str, ()>) -> CompileError {
    let mut messages = Vec::new();
    for (_file, e) in errs {
        match e {
            load::Error::Io(es) => {
                for (path, msg) in es {
                    messages.push(format!("{path}: {msg}"));
                }
            }
            load::Error::Lex(es) => {
                for (expect, rest) in es {
                    messages.push(format!(
                        "syntax error, expecting {} (Unix shell quoting issues?){}",
                        expect.as_str(),
                        where_(code, rest)
                    ));
                }
            }
            load::Error::Parse(es) => {
                for (expect, found) in es {
                    let unexpected = if found.is_empty() {
                        "$end".to_string()
                    } else {
                        found.to_string()
                    };
                    messages.push(format!(
                        "syntax error, unexpected {unexpected}, expecting {} (Unix shell quoting issues?){}",
                        expect.as_str(),
                        where_(code, found)
                    ));
                }
            }
        }
    }
    CompileError { messages }
}

/// What one run of the filter on one input produced before it ended.
pub enum Step {
    Value(Val),
    /// A runtime error (jq prints it and goes on with the next input).
    Error(jaq_core::Error<Val>),
    /// The meter ran out (or an interrupt arrived) inside the filter.
    Stopped,
}

/// Runs `filter` on `input` with the global variable values `vars`, passing each output to
/// `sink` until it returns `false`.
pub fn run(filter: &Filter, vars: &[Val], input: Val, mut sink: impl FnMut(Step) -> bool) {
    let ctx = Ctx::<D>::new(&filter.lut, Vars::new(vars.iter().cloned()));
    for out in filter.id.run((ctx, input)) {
        let step = match out {
            Ok(v) => Step::Value(v),
            Err(e) => match e.get_err() {
                Ok(err) => Step::Error(err),
                Err(_) => Step::Stopped,
            },
        };
        let stop = matches!(step, Step::Stopped | Step::Error(_));
        if !sink(step) || stop {
            return;
        }
    }
}
