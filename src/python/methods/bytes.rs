//! `bytes` methods: the text-like operations on byte strings (split, strip, find, replace,
//! case changes, padding), `decode`, `hex` and `bytes.fromhex`.
//!
//! Byte strings have no character classes beyond ASCII: "whitespace" is space, tab, line
//! feed, carriage return, vertical tab and form feed; case changes touch only ASCII letters;
//! lines end only at `\n`, `\r` or `\r\n`.

use super::{add, arg, arity};
use crate::python::object::{Kind, Value};
use crate::python::vm::{PyResult, Vm};
use std::rc::Rc;

type Kw<'a> = &'a [(Rc<str>, Value)];

pub fn install(vm: &mut Vm) {
    let b = vm.types.bytes_type.clone();
    add(vm, &b, "bytes", METHODS);
    install_fromhex(vm, &b);
    let ba = vm.types.bytearray_type.clone();
    add(vm, &ba, "bytearray", METHODS);
    install_fromhex(vm, &ba);
}

/// The methods `bytes` and `bytearray` share; each returns its receiver's type.
const METHODS: &[(&str, crate::python::object::NativeFn)] = &[
    ("decode", decode),
    ("hex", hex),
    ("join", join),
    ("split", split),
    ("rsplit", rsplit),
    ("splitlines", splitlines),
    ("strip", strip),
    ("lstrip", lstrip),
    ("rstrip", rstrip),
    ("startswith", startswith),
    ("endswith", endswith),
    ("find", find),
    ("rfind", rfind),
    ("index", index),
    ("rindex", rindex),
    ("count", count),
    ("replace", replace),
    ("partition", partition),
    ("rpartition", rpartition),
    ("removeprefix", removeprefix),
    ("removesuffix", removesuffix),
    ("upper", upper),
    ("lower", lower),
    ("capitalize", capitalize),
    ("title", title),
    ("swapcase", swapcase),
    ("isdigit", isdigit),
    ("isalpha", isalpha),
    ("isalnum", isalnum),
    ("isspace", isspace),
    ("isupper", isupper),
    ("islower", islower),
    ("istitle", istitle),
    ("isascii", isascii),
    ("center", center),
    ("ljust", ljust),
    ("rjust", rjust),
    ("zfill", zfill),
    ("expandtabs", expandtabs),
];

/// `T.fromhex` is a class method.
fn install_fromhex(vm: &mut Vm, b: &Rc<crate::python::object::Obj>) {
    let f = crate::python::vm::alloc::obj(
        &vm.heap,
        Kind::Builtin(crate::python::object::Builtin {
            name: "fromhex",
            func: fromhex,
            bound: None,
            owner: None,
        }),
        64,
    );
    let cm = crate::python::vm::alloc::obj(&vm.heap, Kind::ClassMethod(f), 64);
    if let Kind::Class(c) = &b.kind {
        crate::python::types::set_item(&vm.heap, &c.dict, "fromhex", cm);
    }
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// The byte string a method was called on.
fn this(a: &[Value]) -> Rc<[u8]> {
    a.first()
        .and_then(buffer)
        .unwrap_or_else(|| Rc::from(&[][..]))
}

/// The contents of a `bytes` or `bytearray` (the bytes-like objects the interpreter has).
pub fn buffer(v: &Value) -> Option<Rc<[u8]>> {
    match v.kind() {
        Some(Kind::Bytes(b)) => Some(Rc::from(&b[..])),
        Some(Kind::ByteArray(b)) => Some(Rc::from(&b.borrow()[..])),
        _ => None,
    }
}

fn receiver_is_bytearray(a: &[Value]) -> bool {
    matches!(a.first().and_then(|v| v.kind()), Some(Kind::ByteArray(_)))
}

fn is_bytearray_class(vm: &Vm, cls: &Value) -> bool {
    matches!(cls, Value::Obj(o) if Rc::ptr_eq(o, &vm.types.bytearray_type))
}

/// A new `bytearray` holding `b`, charged to the heap.
pub fn new_bytearray(vm: &mut Vm, b: Vec<u8>) -> PyResult<Value> {
    let n = b.len() as u64;
    vm.new_obj(
        Kind::ByteArray(std::cell::RefCell::new(b)),
        crate::python::vm::alloc::size::BYTEARRAY + n,
    )
}

/// The receiver unchanged: `bytes` are immutable, so the same object; a `bytearray` method
/// always returns a new array, as CPython's do.
fn same(vm: &mut Vm, a: &[Value]) -> PyResult<Value> {
    if receiver_is_bytearray(a) {
        let s = this(a);
        return new_bytearray(vm, s.to_vec());
    }
    Ok(a[0].clone())
}

/// An argument that must be bytes: `a bytes-like object is required, not 'str'`.
pub fn bytes_like(vm: &mut Vm, v: &Value) -> PyResult<Rc<[u8]>> {
    match buffer(v) {
        Some(b) => Ok(b),
        None => {
            let msg = format!("a bytes-like object is required, not '{}'", vm.type_name(v));
            Err(vm.raise(vm.types.type_error.clone(), &msg))
        }
    }
}

/// The needle of `find`/`count`/`index`: bytes, or an int naming one byte.
fn needle(vm: &mut Vm, v: &Value) -> PyResult<Vec<u8>> {
    if let Some(b) = buffer(v) {
        return Ok(b.to_vec());
    }
    if v.as_str().is_none() {
        if let Some(n) = vm.index_of(v)? {
            if !(0..256).contains(&n) {
                let msg = "byte must be in range(0, 256)";
                return Err(vm.raise(vm.types.value_error.clone(), msg));
            }
            return Ok(vec![n as u8]);
        }
    }
    let msg = format!(
        "argument should be integer or bytes-like object, not '{}'",
        vm.type_name(v)
    );
    Err(vm.raise(vm.types.type_error.clone(), &msg))
}

/// `start`/`end` arguments at `a[first]`, `a[first + 1]`, clamped like a slice.
fn bounds(vm: &mut Vm, n: usize, a: &[Value], first: usize) -> PyResult<(usize, usize)> {
    let n = n as i64;
    let mut get = |i: usize, default: i64| -> PyResult<i64> {
        match a.get(i) {
            None | Some(Value::None) => Ok(default),
            Some(v) => match vm.index_of(v)? {
                Some(x) => Ok(x),
                None => {
                    let msg = "slice indices must be integers or None or have an __index__ method";
                    Err(vm.raise(vm.types.type_error.clone(), msg))
                }
            },
        }
    };
    let norm = |x: i64| if x < 0 { (x + n).max(0) } else { x.min(n) };
    let start = norm(get(first, 0)?);
    let end = norm(get(first + 1, n)?);
    Ok((start as usize, end.max(start) as usize))
}

fn find_in(hay: &[u8], sub: &[u8]) -> Option<usize> {
    if sub.is_empty() {
        return Some(0);
    }
    hay.windows(sub.len()).position(|w| w == sub)
}

fn rfind_in(hay: &[u8], sub: &[u8]) -> Option<usize> {
    if sub.is_empty() {
        return Some(hay.len());
    }
    hay.windows(sub.len()).rposition(|w| w == sub)
}

/// A result of the receiver's type: `bytes` for `bytes`, `bytearray` for `bytearray`.
fn new(vm: &mut Vm, a: &[Value], b: Vec<u8>) -> PyResult<Value> {
    if receiver_is_bytearray(a) {
        new_bytearray(vm, b)
    } else {
        vm.new_bytes(b)
    }
}

fn join(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "join", a, 1, 1)?;
    let sep = this(a);
    let items = vm.to_vec(&a[1])?;
    let mut out = Vec::new();
    for (i, it) in items.iter().enumerate() {
        let Some(b) = buffer(it) else {
            let msg = format!(
                "sequence item {i}: expected a bytes-like object, {} found",
                vm.type_name(it)
            );
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        };
        if i > 0 {
            out.extend_from_slice(&sep);
        }
        out.extend_from_slice(&b);
        vm.charge_bytes(b.len() + sep.len())?;
    }
    new(vm, a, out)
}

/// `(sep, maxsplit)` of `split`/`rsplit`.
fn split_args(vm: &mut Vm, a: &[Value], k: Kw, name: &str) -> PyResult<(Option<Rc<[u8]>>, i64)> {
    if a.len() > 3 {
        let msg = format!("{name}() takes at most 2 arguments ({} given)", a.len() - 1);
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let sep = match arg(a, k, 0, "sep") {
        None | Some(Value::None) => None,
        Some(v) => {
            let s = bytes_like(vm, &v)?;
            if s.is_empty() {
                return Err(vm.raise(vm.types.value_error.clone(), "empty separator"));
            }
            Some(s)
        }
    };
    let maxsplit = match arg(a, k, 1, "maxsplit") {
        None => -1,
        Some(v) => match vm.index_of(&v)? {
            Some(n) => n,
            None => {
                let msg = format!(
                    "'{}' object cannot be interpreted as an integer",
                    vm.type_name(&v)
                );
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
        },
    };
    Ok((sep, maxsplit))
}

/// Splits `s`; `rev` counts `maxsplit` from the right. Pieces come back left to right.
fn split_pieces(s: &[u8], sep: Option<&[u8]>, maxsplit: i64, rev: bool) -> Vec<Vec<u8>> {
    let mut pieces: Vec<Vec<u8>> = Vec::new();
    let mut left = if maxsplit < 0 {
        usize::MAX
    } else {
        maxsplit as usize
    };
    match sep {
        Some(sep) => {
            if rev {
                let mut end = s.len();
                while left > 0 {
                    let Some(i) = rfind_in(&s[..end], sep) else {
                        break;
                    };
                    pieces.push(s[i + sep.len()..end].to_vec());
                    end = i;
                    left -= 1;
                }
                pieces.push(s[..end].to_vec());
                pieces.reverse();
            } else {
                let mut start = 0;
                while left > 0 {
                    let Some(i) = find_in(&s[start..], sep) else {
                        break;
                    };
                    pieces.push(s[start..start + i].to_vec());
                    start += i + sep.len();
                    left -= 1;
                }
                pieces.push(s[start..].to_vec());
            }
        }
        None => {
            if rev {
                let mut end = s.len();
                loop {
                    while end > 0 && is_space(s[end - 1]) {
                        end -= 1;
                    }
                    if end == 0 {
                        break;
                    }
                    if left == 0 {
                        pieces.push(s[..end].to_vec());
                        break;
                    }
                    let mut start = end;
                    while start > 0 && !is_space(s[start - 1]) {
                        start -= 1;
                    }
                    pieces.push(s[start..end].to_vec());
                    end = start;
                    left -= 1;
                }
                pieces.reverse();
            } else {
                let mut start = 0;
                loop {
                    while start < s.len() && is_space(s[start]) {
                        start += 1;
                    }
                    if start == s.len() {
                        break;
                    }
                    if left == 0 {
                        pieces.push(s[start..].to_vec());
                        break;
                    }
                    let mut end = start;
                    while end < s.len() && !is_space(s[end]) {
                        end += 1;
                    }
                    pieces.push(s[start..end].to_vec());
                    start = end;
                    left -= 1;
                }
            }
        }
    }
    pieces
}

fn split_impl(vm: &mut Vm, a: &[Value], k: Kw, rev: bool) -> PyResult<Value> {
    let name = if rev { "rsplit" } else { "split" };
    let (sep, maxsplit) = split_args(vm, a, k, name)?;
    let s = this(a);
    vm.charge_bytes(s.len())?;
    let pieces = split_pieces(&s, sep.as_deref(), maxsplit, rev);
    let mut items = Vec::with_capacity(pieces.len());
    for p in pieces {
        items.push(new(vm, a, p)?);
    }
    vm.new_list(items)
}

fn split(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    split_impl(vm, a, k, false)
}

fn rsplit(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    split_impl(vm, a, k, true)
}

fn splitlines(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let keep = match arg(a, k, 0, "keepends") {
        Some(v) => vm.truthy(&v)?,
        None => false,
    };
    let s = this(a);
    vm.charge_bytes(s.len())?;
    let mut items = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i < s.len() {
        if s[i] == b'\n' || s[i] == b'\r' {
            let mut end = i + 1;
            if s[i] == b'\r' && s.get(i + 1) == Some(&b'\n') {
                end += 1;
            }
            let piece = if keep { &s[start..end] } else { &s[start..i] };
            items.push(new(vm, a, piece.to_vec())?);
            start = end;
            i = end;
        } else {
            i += 1;
        }
    }
    if start < s.len() {
        items.push(new(vm, a, s[start..].to_vec())?);
    }
    vm.new_list(items)
}

fn strip_impl(vm: &mut Vm, a: &[Value], left: bool, right: bool, name: &str) -> PyResult<Value> {
    arity(vm, name, a, 0, 1)?;
    let chars: Option<Rc<[u8]>> = match a.get(1) {
        None | Some(Value::None) => None,
        Some(v) => Some(bytes_like(vm, v)?),
    };
    let strip = |c: u8| match &chars {
        Some(set) => set.contains(&c),
        None => is_space(c),
    };
    let s = this(a);
    let mut start = 0;
    let mut end = s.len();
    if left {
        while start < end && strip(s[start]) {
            start += 1;
        }
    }
    if right {
        while end > start && strip(s[end - 1]) {
            end -= 1;
        }
    }
    if start == 0 && end == s.len() {
        return same(vm, a);
    }
    new(vm, a, s[start..end].to_vec())
}

fn strip(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    strip_impl(vm, a, true, true, "strip")
}

fn lstrip(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    strip_impl(vm, a, true, false, "lstrip")
}

fn rstrip(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    strip_impl(vm, a, false, true, "rstrip")
}

fn prefix_check(vm: &mut Vm, a: &[Value], ends: bool) -> PyResult<Value> {
    let name = if ends { "endswith" } else { "startswith" };
    arity(vm, name, a, 1, 3)?;
    let s = this(a);
    let (st, en) = bounds(vm, s.len(), a, 2)?;
    let sub = &s[st..en];
    let cands: Vec<Value> = match a[1].kind() {
        Some(Kind::Tuple(t)) => t.to_vec(),
        _ => vec![a[1].clone()],
    };
    for c in cands {
        let Some(p) = buffer(&c) else {
            let msg = format!(
                "{name} first arg must be bytes or a tuple of bytes, not {}",
                vm.type_name(&c)
            );
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        };
        if (ends && sub.ends_with(&p)) || (!ends && sub.starts_with(&p)) {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

fn startswith(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    prefix_check(vm, a, false)
}

fn endswith(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    prefix_check(vm, a, true)
}

fn find_impl(vm: &mut Vm, a: &[Value], rev: bool, name: &str) -> PyResult<Option<i64>> {
    arity(vm, name, a, 1, 3)?;
    let s = this(a);
    let sub = needle(vm, &a[1])?;
    let (st, en) = bounds(vm, s.len(), a, 2)?;
    vm.charge_bytes(en - st)?;
    let hay = &s[st..en];
    let r = if rev {
        rfind_in(hay, &sub)
    } else {
        find_in(hay, &sub)
    };
    Ok(r.map(|i| (st + i) as i64))
}

fn find(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(Value::Int(find_impl(vm, a, false, "find")?.unwrap_or(-1)))
}

fn rfind(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(Value::Int(find_impl(vm, a, true, "rfind")?.unwrap_or(-1)))
}

fn index_impl(vm: &mut Vm, a: &[Value], rev: bool, name: &str) -> PyResult<Value> {
    match find_impl(vm, a, rev, name)? {
        Some(i) => Ok(Value::Int(i)),
        None => Err(vm.raise(vm.types.value_error.clone(), "subsection not found")),
    }
}

fn index(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    index_impl(vm, a, false, "index")
}

fn rindex(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    index_impl(vm, a, true, "rindex")
}

fn count(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "count", a, 1, 3)?;
    let s = this(a);
    let sub = needle(vm, &a[1])?;
    let (st, en) = bounds(vm, s.len(), a, 2)?;
    vm.charge_bytes(en - st)?;
    let hay = &s[st..en];
    if sub.is_empty() {
        return Ok(Value::Int(hay.len() as i64 + 1));
    }
    let (mut n, mut i) = (0, 0);
    while let Some(j) = find_in(&hay[i..], &sub) {
        n += 1;
        i += j + sub.len();
    }
    Ok(Value::Int(n))
}

fn replace(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let s = this(a);
    let (Some(old), Some(newv)) = (a.get(1).cloned(), a.get(2).cloned()) else {
        let msg = format!(
            "replace() takes at least 2 arguments ({} given)",
            a.len().saturating_sub(1)
        );
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    };
    let old = bytes_like(vm, &old)?;
    let with = bytes_like(vm, &newv)?;
    let limit = match arg(a, k, 2, "count") {
        None => -1,
        Some(v) => vm.index_of(&v)?.unwrap_or(-1),
    };
    let mut left = if limit < 0 {
        usize::MAX
    } else {
        limit as usize
    };
    let mut out = Vec::with_capacity(s.len());
    if old.is_empty() {
        // An empty pattern matches before every byte and at the end.
        for (i, &c) in s.iter().enumerate() {
            if left > 0 {
                out.extend_from_slice(&with);
                left -= 1;
            }
            out.push(c);
            if i % 4096 == 0 {
                vm.charge_bytes(4096)?;
            }
        }
        if left > 0 {
            out.extend_from_slice(&with);
        }
    } else {
        let mut i = 0;
        while left > 0 {
            let Some(j) = find_in(&s[i..], &old) else {
                break;
            };
            out.extend_from_slice(&s[i..i + j]);
            out.extend_from_slice(&with);
            vm.charge_bytes(j + with.len())?;
            i += j + old.len();
            left -= 1;
        }
        out.extend_from_slice(&s[i..]);
    }
    vm.charge_bytes(out.len())?;
    new(vm, a, out)
}

fn partition_impl(vm: &mut Vm, a: &[Value], rev: bool) -> PyResult<Value> {
    arity(vm, if rev { "rpartition" } else { "partition" }, a, 1, 1)?;
    let s = this(a);
    let sep = bytes_like(vm, &a[1])?;
    if sep.is_empty() {
        return Err(vm.raise(vm.types.value_error.clone(), "empty separator"));
    }
    let hit = if rev {
        rfind_in(&s, &sep)
    } else {
        find_in(&s, &sep)
    };
    let parts: [Vec<u8>; 3] = match hit {
        Some(i) => [s[..i].to_vec(), sep.to_vec(), s[i + sep.len()..].to_vec()],
        None if rev => [Vec::new(), Vec::new(), s.to_vec()],
        None => [s.to_vec(), Vec::new(), Vec::new()],
    };
    let mut items = Vec::with_capacity(3);
    for p in parts {
        items.push(new(vm, a, p)?);
    }
    vm.new_tuple(items)
}

fn partition(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    partition_impl(vm, a, false)
}

fn rpartition(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    partition_impl(vm, a, true)
}

fn removeprefix(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "removeprefix", a, 1, 1)?;
    let s = this(a);
    let p = bytes_like(vm, &a[1])?;
    match s.strip_prefix(&p[..]) {
        Some(rest) if !p.is_empty() => new(vm, a, rest.to_vec()),
        _ => same(vm, a),
    }
}

fn removesuffix(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "removesuffix", a, 1, 1)?;
    let s = this(a);
    let p = bytes_like(vm, &a[1])?;
    match s.strip_suffix(&p[..]) {
        Some(rest) if !p.is_empty() => new(vm, a, rest.to_vec()),
        _ => same(vm, a),
    }
}

fn map_bytes(vm: &mut Vm, a: &[Value], name: &str, f: impl Fn(u8) -> u8) -> PyResult<Value> {
    arity(vm, name, a, 0, 0)?;
    let s = this(a);
    vm.charge_bytes(s.len())?;
    new(vm, a, s.iter().map(|&c| f(c)).collect())
}

fn upper(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    map_bytes(vm, a, "upper", |c| c.to_ascii_uppercase())
}

fn lower(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    map_bytes(vm, a, "lower", |c| c.to_ascii_lowercase())
}

fn swapcase(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    map_bytes(vm, a, "swapcase", |c| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    })
}

fn capitalize(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "capitalize", a, 0, 0)?;
    let s = this(a);
    let out = s
        .iter()
        .enumerate()
        .map(|(i, c)| {
            if i == 0 {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect();
    new(vm, a, out)
}

fn title(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "title", a, 0, 0)?;
    let s = this(a);
    let mut prev_cased = false;
    let out = s
        .iter()
        .map(|&c| {
            let r = if prev_cased {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            };
            prev_cased = c.is_ascii_alphabetic();
            r
        })
        .collect();
    new(vm, a, out)
}

fn all_bytes(a: &[Value], f: impl Fn(u8) -> bool) -> Value {
    let s = this(a);
    Value::Bool(!s.is_empty() && s.iter().all(|&c| f(c)))
}

fn isdigit(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(all_bytes(a, |c| c.is_ascii_digit()))
}

fn isalpha(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(all_bytes(a, |c| c.is_ascii_alphabetic()))
}

fn isalnum(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(all_bytes(a, |c| c.is_ascii_alphanumeric()))
}

fn isspace(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(all_bytes(a, is_space))
}

fn isascii(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(Value::Bool(this(a).is_ascii()))
}

fn isupper(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let s = this(a);
    let cased = s.iter().any(|c| c.is_ascii_alphabetic());
    Ok(Value::Bool(
        cased && !s.iter().any(|c| c.is_ascii_lowercase()),
    ))
}

fn islower(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let s = this(a);
    let cased = s.iter().any(|c| c.is_ascii_alphabetic());
    Ok(Value::Bool(
        cased && !s.iter().any(|c| c.is_ascii_uppercase()),
    ))
}

fn istitle(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let s = this(a);
    let (mut prev_cased, mut any) = (false, false);
    for &c in s.iter() {
        if c.is_ascii_uppercase() {
            if prev_cased {
                return Ok(Value::Bool(false));
            }
            prev_cased = true;
            any = true;
        } else if c.is_ascii_lowercase() {
            if !prev_cased {
                return Ok(Value::Bool(false));
            }
            prev_cased = true;
        } else {
            prev_cased = false;
        }
    }
    Ok(Value::Bool(any))
}

/// `(width, fill byte)` of `center`/`ljust`/`rjust`.
fn pad_args(vm: &mut Vm, a: &[Value], name: &str) -> PyResult<(usize, u8)> {
    arity(vm, name, a, 1, 2)?;
    let Some(w) = vm.index_of(&a[1])? else {
        let msg = format!(
            "'{}' object cannot be interpreted as an integer",
            vm.type_name(&a[1])
        );
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    };
    let fill = match a.get(2) {
        None => b' ',
        Some(v) => match v.kind() {
            Some(Kind::Bytes(b)) if b.len() == 1 => b[0],
            _ => {
                let what = match v.kind() {
                    Some(Kind::Bytes(b)) => format!("a bytes object of length {}", b.len()),
                    _ => vm.type_name(v).to_string(),
                };
                let msg =
                    format!("{name}() argument 2 must be a byte string of length 1, not {what}");
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
        },
    };
    let w = w.max(0) as usize;
    vm.charge_bytes(w)?;
    Ok((w, fill))
}

fn pad(
    vm: &mut Vm,
    a: &[Value],
    name: &str,
    left_share: fn(usize, usize) -> usize,
) -> PyResult<Value> {
    let (w, fill) = pad_args(vm, a, name)?;
    let s = this(a);
    if w <= s.len() {
        return same(vm, a);
    }
    let total = w - s.len();
    let left = left_share(total, w);
    let mut out = vec![fill; left];
    out.extend_from_slice(&s);
    out.resize(w, fill);
    new(vm, a, out)
}

fn center(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    // CPython puts the odd extra byte on the left when the target width is odd.
    pad(vm, a, "center", |total, width| {
        total / 2 + (total & width & 1)
    })
}

fn ljust(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    pad(vm, a, "ljust", |_, _| 0)
}

fn rjust(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    pad(vm, a, "rjust", |total, _| total)
}

fn zfill(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "zfill", a, 1, 1)?;
    let w = vm.index_of(&a[1])?.unwrap_or(0).max(0) as usize;
    let s = this(a);
    if w <= s.len() {
        return same(vm, a);
    }
    vm.charge_bytes(w)?;
    let (sign, digits) = match s.first() {
        Some(&c @ (b'+' | b'-')) => (Some(c), &s[1..]),
        _ => (None, &s[..]),
    };
    let mut out = Vec::with_capacity(w);
    out.extend(sign);
    out.resize(w - digits.len(), b'0');
    out.extend_from_slice(digits);
    new(vm, a, out)
}

fn expandtabs(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let size = match arg(a, k, 0, "tabsize") {
        Some(v) => vm.index_of(&v)?.unwrap_or(8),
        None => 8,
    };
    let s = this(a);
    let mut out = Vec::new();
    let mut col = 0usize;
    for &c in s.iter() {
        match c {
            b'\t' => {
                if size > 0 {
                    let n = size as usize - col % size as usize;
                    vm.charge_bytes(n)?;
                    out.resize(out.len() + n, b' ');
                    col += n;
                }
            }
            b'\n' | b'\r' => {
                out.push(c);
                col = 0;
            }
            _ => {
                out.push(c);
                col += 1;
            }
        }
    }
    new(vm, a, out)
}

/// `hex(sep=None, bytes_per_sep=1)`.
fn hex(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let s = this(a);
    let sep = arg(a, k, 0, "sep");
    let per = arg(a, k, 1, "bytes_per_sep");
    let (sep, per) = hex_sep_args(vm, sep, per)?;
    vm.charge_bytes(s.len() * 3)?;
    vm.new_str(hex_with_sep(&s, sep, per))
}

/// The `sep` and `bytes_per_sep` arguments of `bytes.hex` and `binascii.hexlify`.
pub fn hex_sep_args(
    vm: &mut Vm,
    sep: Option<Value>,
    per: Option<Value>,
) -> PyResult<(Option<u8>, i64)> {
    let per = match per {
        None => 1,
        Some(v) => match vm.index_of(&v)? {
            Some(n) => n,
            None => {
                let msg = format!(
                    "'{}' object cannot be interpreted as an integer",
                    vm.type_name(&v)
                );
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
        },
    };
    let sep = match sep {
        None | Some(Value::None) => return Ok((None, per)),
        Some(v) => match (v.as_str(), buffer(&v)) {
            (Some(t), _) => t.as_bytes().to_vec(),
            (None, Some(b)) => b.to_vec(),
            _ => {
                let msg = format!("sep must be str or bytes, not {}", vm.type_name(&v));
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
        },
    };
    if sep.len() != 1 {
        return Err(vm.raise(vm.types.value_error.clone(), "sep must be length 1."));
    }
    if !sep[0].is_ascii() {
        return Err(vm.raise(vm.types.value_error.clone(), "sep must be ASCII."));
    }
    Ok((Some(sep[0]), per))
}

/// Lower-case hex digits of `data`, with `sep` between groups of `per` bytes: groups are
/// counted from the right when `per` is positive, from the left when it is negative.
pub fn hex_with_sep(data: &[u8], sep: Option<u8>, per: i64) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(data.len() * 3);
    let group = per.unsigned_abs() as usize;
    let n = data.len();
    for (i, &c) in data.iter().enumerate() {
        if let Some(sep) = sep {
            if group > 0 && i > 0 {
                let boundary = if per > 0 {
                    (n - i) % group == 0
                } else {
                    i % group == 0
                };
                if boundary {
                    out.push(sep as char);
                }
            }
        }
        out.push(DIGITS[(c >> 4) as usize] as char);
        out.push(DIGITS[(c & 15) as usize] as char);
    }
    out
}

/// `bytes.fromhex(string)`: pairs of hex digits, whitespace allowed between pairs.
fn fromhex(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "fromhex", a, 1, 1)?;
    let Some(text) = a[1].as_str().map(String::from) else {
        let msg = format!(
            "fromhex() argument must be str, not {}",
            vm.type_name(&a[1])
        );
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    };
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len() / 2);
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let hi = (b[i] as char).to_digit(16);
        let lo = b.get(i + 1).and_then(|&c| (c as char).to_digit(16));
        match (hi, lo) {
            (Some(h), Some(l)) => out.push((h * 16 + l) as u8),
            _ => {
                let bad = if hi.is_some() { i + 1 } else { i };
                let msg = if bad >= b.len() {
                    "fromhex() arg must contain an even number of hexadecimal digits".to_string()
                } else {
                    format!("non-hexadecimal number found in fromhex() arg at position {bad}")
                };
                return Err(vm.raise(vm.types.value_error.clone(), &msg));
            }
        }
        i += 2;
    }
    vm.charge_bytes(out.len())?;
    if is_bytearray_class(vm, &a[0]) {
        new_bytearray(vm, out)
    } else {
        vm.new_bytes(out)
    }
}

/// `bytes.decode(encoding='utf-8', errors='strict')`.
fn decode(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let b = this(a);
    let enc = arg(a, k, 0, "encoding")
        .and_then(|v| v.as_str().map(|s| s.to_ascii_lowercase().replace('_', "-")))
        .unwrap_or_else(|| "utf-8".into());
    let errors = arg(a, k, 1, "errors")
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_else(|| "strict".into());
    vm.charge_bytes(b.len())?;
    // `utf-8-sig`: UTF-8 after an optional byte order mark (`json.loads` of bytes uses it).
    let (enc, b): (String, &[u8]) = match enc.as_str() {
        "utf-8-sig" | "utf8-sig" => (
            "utf-8".into(),
            b.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&b),
        ),
        _ => (enc, &b[..]),
    };
    let s = match enc.as_str() {
        "utf-8" | "utf8" => match std::str::from_utf8(b) {
            Ok(s) => s.to_string(),
            Err(e) => {
                if errors == "replace" {
                    String::from_utf8_lossy(b).into_owned()
                } else if errors == "ignore" {
                    let mut out = String::new();
                    let mut rest: &[u8] = b;
                    loop {
                        match std::str::from_utf8(rest) {
                            Ok(s) => {
                                out.push_str(s);
                                break;
                            }
                            Err(e) => {
                                let (ok, bad) = rest.split_at(e.valid_up_to());
                                out.push_str(std::str::from_utf8(ok).unwrap_or(""));
                                let skip = e.error_len().unwrap_or(bad.len());
                                rest = &bad[skip..];
                            }
                        }
                    }
                    out
                } else {
                    let pos = e.valid_up_to();
                    let msg = format!(
                        "'utf-8' codec can't decode byte 0x{:02x} in position {pos}: {}",
                        b[pos],
                        if e.error_len().is_none() {
                            "unexpected end of data"
                        } else {
                            "invalid start byte"
                        }
                    );
                    return Err(vm.raise(vm.types.unicode_decode_error.clone(), &msg));
                }
            }
        },
        "ascii" => {
            if let Some(pos) = b.iter().position(|&c| c >= 0x80) {
                let msg = format!(
                    "'ascii' codec can't decode byte 0x{:02x} in position {pos}: ordinal not in range(128)",
                    b[pos]
                );
                return Err(vm.raise(vm.types.unicode_decode_error.clone(), &msg));
            }
            b.iter().map(|&c| c as char).collect()
        }
        "latin-1" | "latin1" | "iso-8859-1" => b.iter().map(|&c| c as char).collect(),
        other => {
            let msg = format!("unknown encoding: {other}");
            return Err(vm.raise(vm.types.lookup_error.clone(), &msg));
        }
    };
    vm.new_str(s)
}

#[cfg(test)]
mod tests {
    use super::{hex_with_sep, split_pieces};

    #[test]
    fn hex_groups_count_from_the_right_unless_negative() {
        assert_eq!(hex_with_sep(b"\x01\x02\x03", Some(b':'), 2), "01:0203");
        assert_eq!(hex_with_sep(b"\x01\x02\x03", Some(b':'), -2), "0102:03");
        assert_eq!(hex_with_sep(b"\xab\xcd", None, 1), "abcd");
        assert_eq!(hex_with_sep(b"\xab\xcd", Some(b' '), 1), "ab cd");
    }

    fn split(s: &[u8], sep: Option<&[u8]>, max: i64, rev: bool) -> Vec<String> {
        split_pieces(s, sep, max, rev)
            .into_iter()
            .map(|p| String::from_utf8(p).unwrap())
            .collect()
    }

    #[test]
    fn whitespace_split_drops_runs_and_honours_maxsplit_from_either_side() {
        assert_eq!(split(b"  a b\t c  ", None, -1, false), ["a", "b", "c"]);
        assert_eq!(split(b"  a b\t c  ", None, 1, false), ["a", "b\t c  "]);
        assert_eq!(split(b"  a b\t c  ", None, 1, true), ["  a b", "c"]);
        assert!(split(b"   ", None, -1, false).is_empty());
    }

    #[test]
    fn separator_split_keeps_empty_pieces() {
        assert_eq!(
            split(b",a,,b,", Some(b","), -1, false),
            ["", "a", "", "b", ""]
        );
        assert_eq!(split(b"a::b::c", Some(b"::"), 1, true), ["a::b", "c"]);
        assert_eq!(split(b"abc", Some(b"x"), -1, false), ["abc"]);
    }
}
