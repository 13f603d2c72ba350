//! The built-in `_sre` module: compiled programs as opaque values, and the two searches
//! `lib/re/__init__.py` builds everything on.
//!
//! * `compile(pattern, flags)` → `(code, flags, groups, [(name, index), ...])`, or
//!   `(message, position)` when the pattern is invalid (the Python side raises
//!   `re.PatternError` so the traceback shows the `re` frames); `OverflowError`,
//!   `ValueError`, `RecursionError` and `NotImplementedError` are raised here.
//! * `match(code, string, pos, endpos, mode)` → `None` or `(lastindex, start0, end0, ...)`;
//!   mode 0 match, 1 fullmatch, 2 search.
//! * `scan(code, string, pos, endpos, limit)` → the list of successive non-overlapping
//!   search matches (at most `limit`, 0 for all), with Python 3.7's rule for empty matches:
//!   an empty match may not start where the previous empty match was.

use super::compile::{compile as compile_prog, Prog};
use super::matcher::{exec, Captures, Mode, Text};
use super::parse::{parse, ParseError};
use crate::limits::cost;
use crate::python::object::{Kind, NativeFn, Obj, Value};
use crate::python::stdlib::{add_functions, add_values};
use crate::python::vm::{PyResult, Vm};
use std::rc::Rc;

type Kw<'a> = &'a [(Rc<str>, Value)];

/// A compiled pattern behind a `Kind::Opaque`.
pub struct Code {
    prog: Prog,
    bytes: bool,
}

/// Fills the `_sre` module's namespace (`dict`).
pub fn init(vm: &mut Vm, dict: &Rc<Obj>) -> PyResult<()> {
    let dict = dict.clone();
    let fns: &[(&'static str, NativeFn)] =
        &[("compile", compile), ("match", match_), ("scan", scan)];
    add_functions(vm, &dict, fns);
    add_values(
        vm,
        &dict,
        vec![
            ("MAXREPEAT", Value::Int(super::ast::INF as i64)),
            ("MAXGROUPS", Value::Int(i32::MAX as i64 / 2)),
        ],
    );
    Ok(())
}

fn type_error(vm: &mut Vm, msg: &str) -> crate::python::vm::Flow {
    vm.raise(vm.types.type_error.clone(), msg)
}

fn int_arg(vm: &mut Vm, a: &[Value], i: usize) -> PyResult<i64> {
    match a.get(i) {
        Some(Value::Int(v)) => Ok(*v),
        Some(Value::Bool(b)) => Ok(*b as i64),
        _ => Err(type_error(vm, "_sre: expected an int argument")),
    }
}

/// The code points (or bytes) of a str or bytes-like value; `None` for other types.
enum Units {
    Ascii(Rc<Obj>),
    Chars(Vec<u32>),
    Bytes(Vec<u8>),
    Shared(Rc<Obj>),
}

fn units(vm: &mut Vm, v: &Value) -> PyResult<Option<(Units, bool)>> {
    let Some(o) = v.obj() else { return Ok(None) };
    Ok(Some(match &o.kind {
        Kind::Str(s) if s.ascii => (Units::Ascii(o.clone()), false),
        Kind::Str(s) => {
            vm.charge_bytes(s.s.len())?;
            vm.ensure(s.chars as u64 * 4)?;
            (Units::Chars(s.s.chars().map(|c| c as u32).collect()), false)
        }
        Kind::Bytes(_) => (Units::Shared(o.clone()), true),
        Kind::ByteArray(b) => {
            let b = b.borrow().clone();
            vm.charge_bytes(b.len())?;
            (Units::Bytes(b), true)
        }
        _ => return Ok(None),
    }))
}

fn text_of(u: &Units) -> Text<'_> {
    match u {
        Units::Ascii(o) | Units::Shared(o) => match &o.kind {
            Kind::Str(s) => Text::Bytes(s.s.as_bytes()),
            Kind::Bytes(b) => Text::Bytes(b),
            _ => Text::Bytes(&[]),
        },
        Units::Chars(c) => Text::Chars(c),
        Units::Bytes(b) => Text::Bytes(b),
    }
}

fn compile(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let flags = int_arg(vm, a, 1)? as u32;
    let Some(p) = a.first() else {
        return Err(type_error(vm, "_sre.compile: missing pattern"));
    };
    let Some((u, bytes)) = units(vm, p)? else {
        return Err(type_error(
            vm,
            "first argument must be string or compiled pattern",
        ));
    };
    let pat: Vec<u32> = match text_of(&u) {
        Text::Bytes(b) => b.iter().map(|&c| c as u32).collect(),
        Text::Chars(c) => c.to_vec(),
    };
    vm.charge(pat.len() as u64 * 4)?;
    let parsed = match parse(&pat, flags, bytes) {
        Ok(p) => p,
        Err(ParseError::Re(msg, pos)) => {
            let m = vm.new_str(msg)?;
            let pos = pos.map_or(Value::None, |p| Value::Int(p as i64));
            return vm.new_tuple(vec![m, pos]);
        }
        Err(ParseError::Overflow(msg)) => {
            return Err(vm.raise(vm.types.overflow_error.clone(), &msg))
        }
        Err(ParseError::Value(msg)) => return Err(vm.raise(vm.types.value_error.clone(), &msg)),
        Err(ParseError::Recursion) => {
            return Err(vm.raise(
                vm.types.recursion_error.clone(),
                "maximum recursion depth exceeded",
            ))
        }
        Err(ParseError::NotImplemented(msg)) => {
            return Err(vm.raise(vm.types.not_implemented_error.clone(), &msg))
        }
    };
    let prog = compile_prog(&parsed.node, parsed.groups);
    let size = 64 + prog.insts.len() as u64 * 48;
    let code = vm.new_obj(Kind::Opaque(Box::new(Code { prog, bytes })), size)?;
    let mut names = Vec::new();
    for (n, g) in parsed.names {
        let n = vm.new_str(n)?;
        names.push(vm.new_tuple(vec![n, Value::Int(g as i64)])?);
    }
    let names = vm.new_list(names)?;
    vm.new_tuple(vec![
        code,
        Value::Int(parsed.flags as i64),
        Value::Int(parsed.groups as i64),
        names,
    ])
}

fn code_of(v: &Value) -> Option<&Code> {
    match v.kind() {
        Some(Kind::Opaque(b)) => b.downcast_ref::<Code>(),
        _ => None,
    }
}

/// Runs one search/match, charging the meter per step.
fn run(
    vm: &mut Vm,
    code: &Code,
    text: Text,
    pos: usize,
    end: usize,
    mode: Mode,
    not_empty_at: Option<usize>,
) -> PyResult<Option<Captures>> {
    let mut meter = |units: u64| vm.charge(units * cost::PY_INSTR);
    exec(&code.prog, text, pos, end, mode, not_empty_at, &mut meter)
}

fn captures_value(vm: &mut Vm, c: &Captures) -> PyResult<Value> {
    let mut items = Vec::with_capacity(c.slots.len() + 1);
    items.push(Value::Int(c.lastindex as i64));
    items.extend(c.slots.iter().map(|&s| Value::Int(s as i64)));
    vm.new_tuple(items)
}

/// The arguments common to `match` and `scan`, checked.
fn subject(vm: &mut Vm, a: &[Value]) -> PyResult<(Units, usize, usize)> {
    let (code, s) = match (a.first().and_then(code_of), a.get(1)) {
        (Some(c), Some(s)) => (c.bytes, s),
        _ => {
            return Err(type_error(
                vm,
                "_sre: expected a compiled pattern and a string",
            ))
        }
    };
    let Some((u, bytes)) = units(vm, s)? else {
        return Err(type_error(vm, "_sre: expected a string"));
    };
    if bytes != code {
        return Err(type_error(vm, "_sre: pattern and string types differ"));
    }
    let len = text_of(&u).len() as i64;
    let pos = int_arg(vm, a, 2)?.clamp(0, len) as usize;
    let end = int_arg(vm, a, 3)?.clamp(0, len) as usize;
    Ok((u, pos, end))
}

fn match_(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let (u, pos, end) = subject(vm, a)?;
    let mode = match int_arg(vm, a, 4)? {
        0 => Mode::Match,
        1 => Mode::FullMatch,
        _ => Mode::Search,
    };
    let Some(code) = a.first().and_then(code_of) else {
        return Ok(Value::None);
    };
    match run(vm, code, text_of(&u), pos, end, mode, None)? {
        Some(c) => captures_value(vm, &c),
        None => Ok(Value::None),
    }
}

fn scan(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let (u, mut pos, end) = subject(vm, a)?;
    let limit = int_arg(vm, a, 4)?.max(0) as usize;
    let Some(code) = a.first().and_then(code_of) else {
        return Ok(Value::None);
    };
    let text = text_of(&u);
    let mut out = Vec::new();
    let mut must_advance = false;
    while pos <= end {
        let not_empty = must_advance.then_some(pos);
        let Some(c) = run(vm, code, text, pos, end, Mode::Search, not_empty)? else {
            break;
        };
        out.push(captures_value(vm, &c)?);
        let (s, e) = (c.slots[0] as usize, c.slots[1] as usize);
        must_advance = s == e;
        pos = e;
        if limit != 0 && out.len() >= limit {
            break;
        }
    }
    vm.new_list(out)
}
