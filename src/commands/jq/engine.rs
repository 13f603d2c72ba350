//! The jaq engine behind `jq`: loading and compiling a filter with the jq 1.6 prelude, and
//! running it under the simulator's meter.
//!
//! jaq has no fuel or depth hook, so the program is rewritten before compilation to pass
//! through a native guard wherever it can repeat (`guard.rs`): the guard charges one CPU step
//! and stops the filter when the native stack has grown past [`guard::STACK_BUDGET`] since the
//! filter started. `range` is a native that charges each value itself. A failed charge or a
//! stack that is too deep halts the filter (a halt, unlike an error, cannot be caught by
//! `try`: a handler would run right at the limit and could start the runaway again).
//! Host-facing natives (`now`, `env`, time zones, `input`, `debug`/`stderr`, `halt`,
//! `input_filename`, ...) stay defined but fail when run.

use super::depth::{self, Depths};
use super::guard;
use crate::process::{Interrupt, Kernel};
use jaq_core::box_iter::box_once;
use jaq_core::load::{self, lex, parse, Arena, File, Loader};
use jaq_core::native::{v, Fun};
use jaq_core::{data, Ctx, Exn, Native, RunPtr, Vars};
use jaq_json::Val;
use std::cell::RefCell;
use std::rc::Rc;

type D = data::JustLut<Val>;
/// A compiled filter.
pub type Filter = jaq_core::Filter<D>;

/// The meter of the running filter and why it stopped, if it did.
struct State {
    sys: Option<Rc<Kernel>>,
    /// The interrupt a failed charge left.
    stop: Option<Interrupt>,
    /// Where the stack was when the filter started.
    base: usize,
    /// The stack grew past the budget.
    too_deep: bool,
    /// Depths of the values the filter built.
    depths: Depths,
    /// This thread's heap when the filter started (`limits::heap`).
    heap_base: isize,
}

impl State {
    fn new(sys: Option<Rc<Kernel>>, base: usize) -> State {
        State {
            sys,
            stop: None,
            base,
            too_deep: false,
            depths: Depths::default(),
            heap_base: crate::limits::heap::live_bytes(),
        }
    }
}

thread_local! {
    static METER: RefCell<State> = RefCell::new(State::new(None, 0));
}

/// Charges one step; `false` once the budget is gone or the stack has grown too deep (which
/// is recorded, so the run reports it).
pub fn step() -> bool {
    METER.with(|m| {
        let mut m = m.borrow_mut();
        if m.stop.is_some() || m.too_deep {
            return false;
        }
        let Some(k) = m.sys.clone() else { return true };
        if guard::stack_depth(m.base) > guard::STACK_BUDGET {
            m.too_deep = true;
            return false;
        }
        if heap_grown(m.heap_base) > room(&k) {
            let e = k
                .meter
                .stop_with(crate::limits::StopReason::MemoryExhausted);
            m.stop = Some(Interrupt::from(e));
            return false;
        }
        match k.charge(crate::limits::cost::JQ_STEP) {
            Ok(()) => true,
            Err(i) => {
                m.stop = Some(i);
                false
            }
        }
    })
}

/// Modeled memory not reserved by anything else: what the filter's values may take.
fn room(k: &Kernel) -> usize {
    let limit = k.meter.limits().memory;
    limit.saturating_sub(k.meter.usage().memory_current) as usize
}

/// Heap this thread has gained since `base`. jaq's values live on the host heap and jaq cannot
/// size them, so the filter's memory is measured there (`limits/heap.rs`): the guard stops a
/// filter whose values outgrow the modeled memory left, and each native that can build a
/// result many times larger than its input checks the size first ([`memory_room`]).
fn heap_grown(base: isize) -> usize {
    crate::limits::heap::live_bytes()
        .saturating_sub(base)
        .max(0) as usize
}

/// Modeled memory still free for a value about to be built inside the filter: what was free
/// when it started minus what its values hold now.
pub fn memory_room() -> usize {
    METER.with(|m| {
        let m = m.borrow();
        match &m.sys {
            Some(k) => room(k).saturating_sub(heap_grown(m.heap_base)),
            None => usize::MAX,
        }
    })
}

/// Charges the CPU for building `bytes` of a value inside a native (per 256 bytes, as other
/// commands scan); the halt when the budget is gone.
pub fn charge_bytes<'a>(bytes: usize) -> Result<(), Exn<'a, Val>> {
    METER.with(|m| {
        let mut m = m.borrow_mut();
        let Some(k) = m.sys.clone() else {
            return Ok(());
        };
        let units = (bytes as u64 / 256) * crate::limits::cost::SCAN_PER_256_BYTES;
        k.charge(units).map_err(|i| {
            m.stop.get_or_insert(i);
            halt()
        })
    })
}

/// Stops the run on the memory limit: a value built inside the filter would not fit.
pub fn out_of_memory<'a>() -> Exn<'a, Val> {
    METER.with(|m| {
        let mut m = m.borrow_mut();
        if let Some(k) = m.sys.clone() {
            let e = k
                .meter
                .stop_with(crate::limits::StopReason::MemoryExhausted);
            m.stop.get_or_insert(Interrupt::from(e));
        }
    });
    halt()
}

/// The halt for a stopped filter; [`MeterGuard`] tells why.
pub fn halt<'a>() -> Exn<'a, Val> {
    Exn::halt(137)
}

/// Installs `sys` as the meter for filters run until the guard drops, and marks the stack.
pub struct MeterGuard;

impl MeterGuard {
    pub fn install(sys: Rc<Kernel>) -> MeterGuard {
        let base = guard::stack_mark();
        METER.with(|m| *m.borrow_mut() = State::new(Some(sys), base));
        MeterGuard
    }

    /// The interrupt a failed charge recorded, if any.
    pub fn take_interrupt(&self) -> Option<Interrupt> {
        METER.with(|m| m.borrow_mut().stop.take())
    }

    /// Did the filter stop because the stack grew too deep?
    pub fn too_deep(&self) -> bool {
        METER.with(|m| m.borrow().too_deep)
    }
}

impl Drop for MeterGuard {
    fn drop(&mut self) {
        METER.with(|m| *m.borrow_mut() = State::new(None, 0));
    }
}

/// Definitions that come before the standard library: `..` as a definition (jaq's native `..`
/// recurses over a value without passing a guard; jq 1.6 defines it as `recurse`, which also
/// gives its root-first `..|=`); the natives that consume a filter's values behind `f | .`
/// (the rewrite charges each value on the right of a `|`); and the natives that nest their
/// input one level deeper behind the depth check (`depth.rs`); and the builtins that check
/// their input first so that a wrong type fails with jq 1.6's message (`messages.rs`).
const FIRST_DEFS: &str = r#"
def __shellsim_recurse: def r: ., (.[]? | r); r;
def last(f): __shellsim_last(f | .);
def skip($n; f): __shellsim_skip($n; f | .);
def sort_by(f): __shellsim_sort_by(f | .);
def group_by(f): __shellsim_group_by(f | .) | __shellsim_depth;
def key_values: __shellsim_need("object array"; "has no keys") | __shellsim_key_values | __shellsim_depth;
def keys_unsorted: __shellsim_need("object array"; "has no keys") | __shellsim_keys_unsorted;
def sort: __shellsim_need("array"; "cannot be sorted, as it is not an array") | __shellsim_sort;
def has($k): __shellsim_need_key($k) | __shellsim_has($k);
def explode: __shellsim_need_plain("string"; "explode input must be a string") | __shellsim_explode;
def ascii_downcase: __shellsim_need_plain("string"; "explode input must be a string") | __shellsim_ascii_downcase;
def ascii_upcase: __shellsim_need_plain("string"; "explode input must be a string") | __shellsim_ascii_upcase;
def implode: __shellsim_need_plain("array"; "implode input must be an array") | __shellsim_implode;
def utf8bytelength: __shellsim_need("string"; "only strings have UTF-8 byte length") | __shellsim_utf8bytelength;
def startswith($s): __shellsim_need_strings($s; "startswith() requires string inputs") | __shellsim_startswith($s);
def endswith($s): __shellsim_need_strings($s; "endswith() requires string inputs") | __shellsim_endswith($s);
def contains($b): __shellsim_need_same($b) | __shellsim_contains($b);
def path_value(f): __shellsim_path_value(f | .) | __shellsim_depth;
def min_by_or_empty(f): __shellsim_min_by_or_empty(f | .);
def max_by_or_empty(f): __shellsim_max_by_or_empty(f | .);
"#;

/// jq 1.6's generators.
const METERED_DEFS: &str = r#"
def repeat(f): def _repeat: f | (., _repeat); _repeat;
def recurse(f): def _r: ., (f | _r); _r;
def recurse: recurse(.[]?);
def recurse(f; cond): def _r: ., (f | select(cond) | _r); _r;
def while(cond; update): def _w: if cond then ., (update | _w) else empty end; _w;
def until(cond; update): def _u: if cond then . else (update | _u) end; _u;
"#;

/// Definitions that need the standard library: jq 1.6's `walk` (a recursive definition, so the
/// guard sees its depth; jaq's is a native update over `..`).
const LATE_DEFS: &str = r#"
def combinations($n): [limit($n; repeat(.))] | combinations;
def leaf_paths: paths(scalars);
def walk(f): . as $in | if type == "object" then reduce keys_unsorted[] as $key ({}; . + { ($key): ($in[$key] | walk(f)) }) | f elif type == "array" then map(walk(f)) | f else f end;
"#;

/// Core definitions replaced by the ones above.
const REPLACED: &[&str] = &[
    "repeat",
    "recurse",
    "while",
    "until",
    "combinations",
    "walk",
];

/// Natives that [`FIRST_DEFS`] wrap, registered under the names the wrappers call.
const WRAPPED: &[(&str, &str)] = &[
    ("last", "__shellsim_last"),
    ("skip", "__shellsim_skip"),
    ("sort_by", "__shellsim_sort_by"),
    ("group_by", "__shellsim_group_by"),
    ("key_values", "__shellsim_key_values"),
    ("path_value", "__shellsim_path_value"),
    ("min_by_or_empty", "__shellsim_min_by_or_empty"),
    ("max_by_or_empty", "__shellsim_max_by_or_empty"),
    ("keys_unsorted", "__shellsim_keys_unsorted"),
    ("sort", "__shellsim_sort"),
    ("has", "__shellsim_has"),
    ("explode", "__shellsim_explode"),
    ("ascii_downcase", "__shellsim_ascii_downcase"),
    ("ascii_upcase", "__shellsim_ascii_upcase"),
    ("implode", "__shellsim_implode"),
    ("utf8bytelength", "__shellsim_utf8bytelength"),
    ("startswith", "__shellsim_startswith"),
    ("endswith", "__shellsim_endswith"),
    ("contains", "__shellsim_contains"),
];

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

/// The guard the rewrite puts wherever a filter can repeat (`guard.rs`): the identity, also
/// for paths and updates, after one charged step and a look at the stack.
fn guard_native() -> Native<D> {
    Native::<D>::new(|cv| box_once(if step() { Ok(cv.1) } else { Err(halt()) }))
        .with_paths(|cv| box_once(if step() { Ok(cv.1) } else { Err(halt()) }))
        .with_update(|cv, f| {
            if step() {
                f(cv.1)
            } else {
                box_once(Err(halt()))
            }
        })
}

/// The identity for values nested at most [`depth::MAX_DEPTH`] deep (`depth.rs`).
fn depth_native<'a>(cv: jaq_core::Cv<'a, D>) -> jaq_core::ValXs<'a, Val> {
    if METER.with(|m| m.borrow_mut().depths.measure(&cv.1).is_some()) {
        return box_once(Ok(cv.1));
    }
    let msg = format!(
        "Exceeds depth limit: values nest at most {} levels",
        depth::MAX_DEPTH
    );
    box_once(Err(Exn::from(jaq_core::Error::str(msg))))
}

fn range_native<'a>(mut cv: jaq_core::Cv<'a, D>) -> jaq_core::ValXs<'a, Val> {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let by = cv.0.pop_var();
    let to = cv.0.pop_var();
    let mut from: Result<Val, Exn<'a, Val>> = Ok(cv.0.pop_var());
    // jq 1.6 refuses bounds that are not numbers (jaq would count towards them forever).
    if !matches!((&from, &to), (Ok(Val::Num(_)), Val::Num(_))) {
        let e = jaq_core::Error::str("Range bounds must be numeric");
        return Box::new(std::iter::once(Err(Exn::from(e))));
    }
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
                if !step() {
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

/// jaq natives replaced by this module's, `natives.rs` or `regex.rs`.
const OWN: &[&str] = &[
    "range",
    "tojson",
    "fromjson",
    "matches",
    "split_matches",
    "split_",
    "ltrimstr",
    "rtrimstr",
];

fn natives() -> Vec<Fun<D>> {
    let own: [(&'static str, usize, RunPtr<D>); 2] =
        [("range", 3, range_native), (guard::DEPTH, 0, depth_native)];
    jaq_core::funs::<D>()
        .chain(jaq_std::funs::<D>())
        .chain(jaq_json::funs::<D>())
        .filter(|(name, _, _)| !OWN.contains(name))
        .map(|(name, args, f)| {
            if REFUSED.contains(&name) {
                (name, args, Native::<D>::new(refused_native))
            } else if let Some((_, own)) = WRAPPED.iter().find(|(n, _)| *n == name) {
                (*own, args, f)
            } else {
                (name, args, f)
            }
        })
        .chain(
            own.into_iter()
                .map(|(n, a, f)| (n, v(a), Native::<D>::new(f))),
        )
        .chain([(guard::GUARD, v(0), guard_native())])
        .chain([
            ("matches", v(2), Native::<D>::new(super::regex::matches)),
            (
                "split_matches",
                v(2),
                Native::<D>::new(super::regex::split_matches),
            ),
            ("split_", v(2), Native::<D>::new(super::regex::split)),
        ])
        .chain(super::natives::natives())
        .chain(super::natives::checks())
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

/// Parses, rewrites (`guard.rs`) and compiles `code` with the named global variables
/// (`$name`, in order). The program becomes the body of a prelude definition, so that the
/// rewrite reaches it: jaq only takes a main program as text.
pub fn compile(code: &str, globals: &[String]) -> Result<Filter, CompileError> {
    let limit = |msg: String| CompileError {
        messages: vec![msg],
    };
    guard::check_text(code).map_err(limit)?;
    let file = || File { code, path: () };
    let tokens = lex::Lexer::new(code)
        .lex()
        .map_err(|es| load_errors(code, vec![(file(), load::Error::Lex(es))]))?;
    guard::check_tokens(&tokens).map_err(limit)?;
    let main = parse::Parser::new(&tokens)
        .parse(|p| p.term())
        .map_err(|es| {
            let es = es
                .into_iter()
                .map(|(expect, found)| (expect, lex::Token::opt_as_str(found, code)))
                .collect();
            load_errors(code, vec![(file(), load::Error::Parse(es))])
        })?;
    let mut user = guard::Rewrite {
        user: true,
        reserved: None,
    };
    let main = user.term(main);
    if let Some(name) = user.reserved {
        return Err(CompileError {
            messages: vec![format!("{name} is reserved{}", where_(code, name))],
        });
    }
    let main = parse::Def {
        name: MAIN,
        args: Vec::new(),
        body: main,
    };
    let mut library = guard::Rewrite {
        user: false,
        reserved: None,
    };

    let defs = |text: &'static str| load::parse(text, |p| p.defs()).unwrap_or_default();
    let core_defs = jaq_core::defs()
        .filter(|d| !REPLACED.contains(&d.name) || (d.name == "combinations" && d.args.is_empty()));
    let prelude = defs(FIRST_DEFS)
        .into_iter()
        .chain(core_defs)
        .chain(defs(METERED_DEFS))
        .chain(jaq_std::defs())
        .chain(jaq_json::defs())
        .chain(defs(LATE_DEFS))
        .chain(defs(super::natives::DEFS))
        .map(|d| library.def(d))
        .chain([main]);
    let loader = Loader::new(prelude);
    let arena = Arena::default();
    let modules = loader
        .load(
            &arena,
            File {
                code: MAIN,
                path: (),
            },
        )
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

/// The definition holding the program.
const MAIN: &str = "__shellsim_main";

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
