//! `_json`: the native half of the `json` package (CPython's `_json` accelerator is also
//! native): string quoting, `scanstring`, the scanner `JSONDecoder` calls as `scan_once`, and
//! the one-pass encoder `JSONEncoder.encode` uses. The package itself (`lib/json/`) is
//! Python, as CPython's is.

mod encode;
mod escape;
mod scan;

use super::add_functions;
use crate::python::object::{Builtin, Kind, NativeFn, Obj, Value};
use crate::python::vm::{Flow, PyResult, Vm};
use std::rc::Rc;

type Kw<'a> = &'a [(Rc<str>, Value)];

/// Fills the module's namespace `dict`.
pub fn init(vm: &mut Vm, dict: &Rc<Obj>) -> PyResult<()> {
    let dict = dict.clone();
    let fns: &[(&'static str, NativeFn)] = &[
        ("encode_basestring_ascii", encode_basestring_ascii),
        ("encode_basestring", encode_basestring),
        ("scanstring", scanstring),
        ("make_scanner", make_scanner),
        ("make_encoder", make_encoder),
    ];
    add_functions(vm, &dict, fns);
    Ok(())
}

fn type_error(vm: &mut Vm, msg: &str) -> Flow {
    vm.raise(vm.types.type_error.clone(), msg)
}

/// The `str` argument of a quoting function.
fn str_arg<'a>(vm: &mut Vm, a: &'a [Value], i: usize) -> PyResult<&'a Value> {
    match a.get(i) {
        Some(v) if v.as_str().is_some() => Ok(v),
        Some(v) => {
            let msg = format!("first argument must be a string, not {}", vm.type_name(v));
            Err(type_error(vm, &msg))
        }
        None => Err(type_error(
            vm,
            "function takes exactly 1 argument (0 given)",
        )),
    }
}

fn quote_value(vm: &mut Vm, a: &[Value], ensure_ascii: bool) -> PyResult<Value> {
    let s = str_arg(vm, a, 0)?;
    let text = s.as_str().unwrap_or_default();
    vm.charge_bytes(text.len())?;
    let q = escape::quote(text, ensure_ascii);
    vm.new_str(q)
}

fn encode_basestring_ascii(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    quote_value(vm, a, true)
}

fn encode_basestring(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    quote_value(vm, a, false)
}

/// Turns a scan failure into the Python exception CPython raises.
fn scan_failure(vm: &mut Vm, f: scan::Fail, doc: &Value) -> Flow {
    match f {
        scan::Fail::Decode(msg, pos) => scan::raise_decode_error(vm, msg, doc, pos),
        scan::Fail::NoValue(idx) => {
            let e = vm.new_exception_args(
                vm.types.stop_iteration.clone(),
                vec![Value::Int(idx as i64)],
            );
            Flow::Exc(e)
        }
        scan::Fail::Surrogate(code) => {
            let msg = format!(
                "json: the lone surrogate \\u{code:04x} cannot be decoded (strs here hold Unicode scalar values only)"
            );
            vm.raise(vm.types.not_implemented_error.clone(), &msg)
        }
        scan::Fail::Py(f) => f,
    }
}

fn index_arg(vm: &mut Vm, v: Option<&Value>) -> PyResult<usize> {
    match v.and_then(|v| vm.index_of(v).transpose()) {
        Some(Ok(i)) if i >= 0 => Ok(i as usize),
        Some(Ok(_)) => Err(vm.raise(vm.types.value_error.clone(), "idx cannot be negative")),
        Some(Err(e)) => Err(e),
        None => Err(type_error(vm, "an integer is required")),
    }
}

/// `scanstring(s, end, strict=True)`: the string literal whose body starts at `end`.
fn scanstring(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let s = str_arg(vm, a, 0)?.clone();
    let end = index_arg(vm, a.get(1))?;
    let strict_v = a.get(2).cloned().or_else(|| {
        k.iter()
            .find(|(n, _)| &**n == "strict")
            .map(|(_, v)| v.clone())
    });
    let strict = match strict_v {
        Some(v) => vm.truthy(&v)?,
        None => true,
    };
    let Value::Obj(o) = &s else {
        return Ok(Value::None);
    };
    let chars = scan::chars_of(vm, o)?;
    if end > chars.len() {
        return Err(vm.raise(vm.types.value_error.clone(), "end is out of bounds"));
    }
    match scan::scan_string(&chars, end, strict) {
        Ok((text, next)) => {
            let t = vm.new_str(text)?;
            vm.new_tuple(vec![t, Value::Int(next as i64)])
        }
        Err(f) => Err(scan_failure(vm, f, &s)),
    }
}

fn bound(vm: &mut Vm, name: &'static str, func: NativeFn, state: Value) -> PyResult<Value> {
    vm.new_obj(
        Kind::Builtin(Builtin {
            name,
            func,
            bound: Some(state),
            owner: None,
        }),
        64,
    )
}

/// `make_scanner(decoder)`: the decoder's `scan_once(s, idx) -> (value, end)`, raising
/// `StopIteration(idx)` where no value starts.
fn make_scanner(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let Some(ctx) = a.first() else {
        return Err(type_error(
            vm,
            "make_scanner() missing required argument 'context'",
        ));
    };
    bound(vm, "scan_once", scan_once, ctx.clone())
}

fn hook(vm: &mut Vm, ctx: &Value, name: &str) -> PyResult<Option<Value>> {
    let v = vm.getattr_str(ctx, name)?;
    Ok((!v.is_none()).then_some(v))
}

/// A parse hook, or `None` when it is the built-in type itself (parsed natively).
fn parse_hook(vm: &mut Vm, ctx: &Value, name: &str, native: &Rc<Obj>) -> PyResult<Option<Value>> {
    let v = hook(vm, ctx, name)?;
    Ok(v.filter(|v| !matches!(v, Value::Obj(o) if Rc::ptr_eq(o, native))))
}

fn scan_once(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let ctx = a.first().cloned().unwrap_or(Value::None);
    let s = match a.get(1) {
        Some(v) if v.as_str().is_some() => v.clone(),
        Some(v) => {
            let msg = format!("first argument must be a string, not {}", vm.type_name(v));
            return Err(type_error(vm, &msg));
        }
        None => {
            return Err(type_error(
                vm,
                "scan_once() missing required argument 'string'",
            ))
        }
    };
    let idx = index_arg(vm, a.get(2))?;
    let strict_v = vm.getattr_str(&ctx, "strict")?;
    let float_type = vm.types.float_type.clone();
    let int_type = vm.types.int_type.clone();
    let context = scan::Context {
        strict: vm.truthy(&strict_v)?,
        object_hook: hook(vm, &ctx, "object_hook")?,
        object_pairs_hook: hook(vm, &ctx, "object_pairs_hook")?,
        parse_float: parse_hook(vm, &ctx, "parse_float", &float_type)?,
        parse_int: parse_hook(vm, &ctx, "parse_int", &int_type)?,
        parse_constant: vm.getattr_str(&ctx, "parse_constant")?,
    };
    let Value::Obj(o) = &s else {
        return Ok(Value::None);
    };
    let chars = scan::chars_of(vm, o)?;
    let mut scanner = scan::Scanner::new(&chars, &context);
    match scanner.value(vm, idx) {
        Ok((v, end)) => vm.new_tuple(vec![v, Value::Int(end as i64)]),
        Err(f) => Err(scan_failure(vm, f, &s)),
    }
}

/// `make_encoder(check_circular, default, ensure_ascii, indent, key_separator,
/// item_separator, sort_keys, skipkeys, allow_nan)`: a callable `(obj, level)` returning the
/// document as a one-chunk tuple.
fn make_encoder(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.len() != 9 {
        let msg = format!(
            "make_encoder() takes exactly 9 arguments ({} given)",
            a.len()
        );
        return Err(type_error(vm, &msg));
    }
    let state = vm.new_tuple(a.to_vec())?;
    bound(vm, "encode", run_encoder, state)
}

fn text_arg(vm: &mut Vm, v: &Value, what: &str) -> PyResult<String> {
    match v.as_str() {
        Some(s) => Ok(s.to_string()),
        None => {
            let msg = format!(
                "make_encoder() argument {what} must be str, not {}",
                vm.type_name(v)
            );
            Err(type_error(vm, &msg))
        }
    }
}

fn run_encoder(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let state = match a.first().and_then(|s| s.kind()) {
        Some(Kind::Tuple(t)) if t.len() == 9 => t.to_vec(),
        _ => return Err(type_error(vm, "encoder state is missing")),
    };
    let Some(obj) = a.get(1).cloned() else {
        return Err(type_error(vm, "encode() missing required argument 'obj'"));
    };
    let level = index_arg(vm, a.get(2))?;
    let indent = if state[3].is_none() {
        None
    } else {
        Some(text_arg(vm, &state[3], "4")?)
    };
    let settings = encode::Settings {
        check_circular: vm.truthy(&state[0])?,
        default: state[1].clone(),
        ensure_ascii: vm.truthy(&state[2])?,
        indent,
        key_sep: text_arg(vm, &state[4], "5")?,
        item_sep: text_arg(vm, &state[5], "6")?,
        sort_keys: vm.truthy(&state[6])?,
        skipkeys: vm.truthy(&state[7])?,
        allow_nan: vm.truthy(&state[8])?,
    };
    let mut enc = encode::Encoder::new(&settings);
    enc.encode(vm, &obj, level)?;
    let out = std::mem::take(&mut enc.out);
    vm.charge_bytes(out.len())?;
    let s = vm.new_str(out)?;
    vm.new_tuple(vec![s])
}

#[cfg(test)]
mod tests {
    /// The statements CPython 3.14's tracebacks show from `json/*.py`, at their line numbers
    /// there: `scripts/place_lines.py` lays the package out so they stay put.
    #[test]
    fn traceback_lines_sit_where_cpython_has_them() {
        type Expect = (&'static str, &'static str, &'static [(usize, &'static str)]);
        let files: [Expect; 3] = [
            (
                "__init__.py",
                include_str!("lib/json/__init__.py"),
                &[
                    (181, "for chunk in iterable:"),
                    (235, "return _default_encoder.encode(obj)"),
                    (242, "**kw).encode(obj)"),
                    (298, "return loads(fp.read(),"),
                    (352, "return _default_decoder.decode(s)"),
                    (365, "return cls(**kw).decode(s)"),
                ],
            ),
            (
                "decoder.py",
                include_str!("lib/json/decoder.py"),
                &[
                    (345, "obj, end = self.raw_decode(s, idx=_w(s, 0).end())"),
                    (348, "raise JSONDecodeError(\"Extra data\", s, end)"),
                    (361, "obj, end = self.scan_once(s, idx)"),
                ],
            ),
            (
                "encoder.py",
                include_str!("lib/json/encoder.py"),
                &[
                    (
                        183,
                        "raise TypeError(f'Object of type {o.__class__.__name__} '",
                    ),
                    (203, "chunks = self.iterencode(o, _one_shot=True)"),
                    (264, "return _iterencode(o, 0)"),
                    (329, "yield from chunks"),
                    (460, "newobj = _default(o)"),
                ],
            ),
        ];
        for (name, text, lines) in files {
            let all: Vec<&str> = text.lines().collect();
            for (n, want) in lines {
                assert_eq!(all.get(n - 1).map(|l| l.trim()), Some(*want), "{name}:{n}");
            }
        }
    }
}
