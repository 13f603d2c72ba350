//! Builtins whose jaq versions differ from jq 1.6: `tojson` and `tostring` (jq's number text,
//! a length bounded by the memory left), `fromjson` (jq's reader, messages and depth limit;
//! jaq's parser recurses without a limit), `@csv` and `@tsv` (missing from jaq), and
//! `delpaths` (jq deletes all paths at once, longest first, and keeps object key order).

use super::engine;
use super::json;
use super::write::{compact, fmt_f64, num_f64, shown};
use jaq_core::box_iter::box_once;
use jaq_core::native::{v, Fun};
use jaq_core::{data, Exn, Native, RunPtr};
use jaq_json::Val;

type D = data::JustLut<Val>;
type Out<'a> = jaq_core::ValXs<'a, Val>;

fn fail<'a>(msg: String) -> Out<'a> {
    box_once(Err(Exn::from(jaq_core::Error::str(msg))))
}

pub(super) fn kind(v: &Val) -> &'static str {
    match v {
        Val::Null => "null",
        Val::Bool(_) => "boolean",
        Val::Num(_) => "number",
        Val::TStr(_) | Val::BStr(_) => "string",
        Val::Arr(_) => "array",
        Val::Obj(_) => "object",
    }
}

fn tojson<'a>(cv: jaq_core::Cv<'a, D>) -> Out<'a> {
    match compact(&cv.1, engine::memory_room()) {
        Ok(text) => box_once(Ok(Val::utf8_str(
            String::from_utf8_lossy(&text).into_owned(),
        ))),
        Err(_) => box_once(Err(engine::out_of_memory())),
    }
}

/// jq's `tostring`, also behind string interpolation (`guard.rs`): a string as it is, anything
/// else as `tojson`.
fn tostring<'a>(cv: jaq_core::Cv<'a, D>) -> Out<'a> {
    match cv.1 {
        Val::TStr(_) => box_once(Ok(cv.1)),
        _ => tojson(cv),
    }
}

fn fromjson<'a>(cv: jaq_core::Cv<'a, D>) -> Out<'a> {
    let (Val::TStr(s) | Val::BStr(s)) = &cv.1 else {
        return fail(format!(
            "{} ({}) only strings can be parsed",
            kind(&cv.1),
            shown(&cv.1)
        ));
    };
    match json::parse_one_within(s, engine::memory_room()) {
        Ok(v) => box_once(Ok(v)),
        Err(e) if e.is_out_of_memory() => box_once(Err(engine::out_of_memory())),
        Err(e) => fail(format!(
            "{} (while parsing '{}')",
            e.describe(s),
            String::from_utf8_lossy(s)
        )),
    }
}

fn row<'a>(cv: jaq_core::Cv<'a, D>, tsv: bool) -> Out<'a> {
    let Val::Arr(items) = &cv.1 else {
        let k = kind(&cv.1);
        let what = if tsv { "tsv" } else { "csv" };
        return fail(format!(
            "{k} ({}) cannot be {what}-formatted, only an array can be",
            shown(&cv.1)
        ));
    };
    let mut line: Vec<u8> = Vec::new();
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            line.push(if tsv { b'\t' } else { b',' });
        }
        match x {
            Val::Null => {}
            Val::Bool(b) => line.extend_from_slice(if *b { b"true" } else { b"false" }),
            Val::Num(n) => fmt_f64(&mut line, num_f64(n)),
            Val::TStr(s) | Val::BStr(s) if tsv => {
                for &c in s.iter() {
                    match c {
                        b'\\' => line.extend_from_slice(b"\\\\"),
                        b'\t' => line.extend_from_slice(b"\\t"),
                        b'\n' => line.extend_from_slice(b"\\n"),
                        b'\r' => line.extend_from_slice(b"\\r"),
                        c => line.push(c),
                    }
                }
            }
            Val::TStr(s) | Val::BStr(s) => {
                line.push(b'"');
                for &c in s.iter() {
                    if c == b'"' {
                        line.push(b'"');
                    }
                    line.push(c);
                }
                line.push(b'"');
            }
            other => {
                let what = if tsv { "tsv" } else { "csv" };
                return fail(format!(
                    "{} ({}) is not valid in a {what} row",
                    kind(other),
                    shown(other)
                ));
            }
        }
    }
    box_once(Ok(Val::utf8_str(
        String::from_utf8_lossy(&line).into_owned(),
    )))
}

fn csv<'a>(cv: jaq_core::Cv<'a, D>) -> Out<'a> {
    row(cv, false)
}

fn tsv<'a>(cv: jaq_core::Cv<'a, D>) -> Out<'a> {
    row(cv, true)
}

fn index_of(k: &Val, len: usize) -> Option<usize> {
    let Val::Num(n) = k else { return None };
    let i = num_f64(n).floor() as i64;
    let i = if i < 0 { i + len as i64 } else { i };
    (0..len as i64).contains(&i).then_some(i as usize)
}

fn slice_bounds(k: &Val, len: usize) -> Option<(usize, usize)> {
    let Val::Obj(o) = k else { return None };
    let bound = |name: &str, dflt: usize| -> usize {
        match o.get(&Val::utf8_str(name.to_string())) {
            Some(Val::Num(n)) => {
                let i = num_f64(n).floor() as i64;
                let i = if i < 0 { i + len as i64 } else { i };
                i.clamp(0, len as i64) as usize
            }
            _ => dflt,
        }
    };
    let (s, e) = (bound("start", 0), bound("end", len));
    Some((s, e.max(s)))
}

fn del_path(v: &mut Val, path: &[Val]) -> Result<(), String> {
    let Some((k, rest)) = path.split_first() else {
        *v = Val::Null;
        return Ok(());
    };
    match v {
        Val::Null => Ok(()),
        Val::Obj(o) => {
            if !matches!(k, Val::TStr(_)) {
                return Err(format!(
                    "Cannot delete field at object index of {}",
                    kind(k)
                ));
            }
            let o = jaq_json::Rc::make_mut(o);
            if rest.is_empty() {
                o.shift_remove(k);
                return Ok(());
            }
            match o.get_mut(k) {
                Some(child) => del_path(child, rest),
                None => Ok(()),
            }
        }
        Val::Arr(a) => {
            let len = a.len();
            if let Some((s, e)) = slice_bounds(k, len) {
                let a = jaq_json::Rc::make_mut(a);
                if rest.is_empty() {
                    a.drain(s..e);
                    return Ok(());
                }
                return Err("Cannot update field at object index of array".into());
            }
            if !matches!(k, Val::Num(_)) {
                return Err(format!("Cannot delete field at index of {}", kind(k)));
            }
            let Some(i) = index_of(k, len) else {
                return Ok(());
            };
            let a = jaq_json::Rc::make_mut(a);
            if rest.is_empty() {
                a.remove(i);
                Ok(())
            } else {
                del_path(&mut a[i], rest)
            }
        }
        other => Err(format!(
            "Cannot delete field at {} index of {}",
            if matches!(k, Val::Num(_)) {
                "array"
            } else {
                "object"
            },
            kind(other)
        )),
    }
}

fn delpaths<'a>(mut cv: jaq_core::Cv<'a, D>) -> Out<'a> {
    let paths = cv.0.pop_var();
    let Val::Arr(paths) = paths else {
        return fail("Paths must be specified as an array".into());
    };
    let mut paths: Vec<Val> = paths.iter().cloned().collect();
    paths.sort();
    let mut v = cv.1;
    for p in paths.iter().rev() {
        let Val::Arr(p) = p else {
            return fail("Path must be specified as an array".into());
        };
        if let Err(m) = del_path(&mut v, p) {
            return fail(m);
        }
    }
    box_once(Ok(v))
}

/// How many copies of a string jq 1.6 makes for `s * n`: it appends while a C `int` counter,
/// started at `n - 1`, stays positive, and gives null when the counter ends below zero. A count
/// outside `int`'s range (including NaN and infinities) converts to `INT_MIN` on x86, so
/// `"x" * 1e10` is null there too.
fn string_copies(n: f64) -> Option<usize> {
    let counter = n - 1.0;
    if !(counter >= i32::MIN as f64 && counter < 2147483648.0) {
        return None;
    }
    let counter = counter.trunc() as i32;
    (counter >= 0).then(|| counter as usize + 1)
}

/// `l * r` (guard.rs sends every `*` here). A string times a number is jq 1.6's repeat, sized
/// against the memory left and charged per byte before it is built; everything else is jaq's
/// `*`.
fn mul<'a>(mut cv: jaq_core::Cv<'a, D>) -> Out<'a> {
    let r = cv.0.pop_var();
    let l = cv.0.pop_var();
    let (text, is_utf8, n) = match (&l, &r) {
        (Val::TStr(s), Val::Num(n)) | (Val::Num(n), Val::TStr(s)) => (s, true, num_f64(n)),
        (Val::BStr(s), Val::Num(n)) | (Val::Num(n), Val::BStr(s)) => (s, false, num_f64(n)),
        _ => return box_once((l * r).map_err(Exn::from)),
    };
    let Some(copies) = string_copies(n) else {
        return box_once(Ok(Val::Null));
    };
    let bytes = text.len().saturating_mul(copies);
    if bytes > engine::memory_room() {
        return box_once(Err(engine::out_of_memory()));
    }
    if let Err(e) = engine::charge_bytes(bytes) {
        return box_once(Err(e));
    }
    let out = text.repeat(copies);
    box_once(Ok(if is_utf8 {
        Val::utf8_str(out)
    } else {
        Val::byte_str(out)
    }))
}

/// The replacement natives (jaq's `tojson` is left out of its set).
pub fn natives() -> Vec<Fun<D>> {
    let own: [(&'static str, usize, RunPtr<D>); 7] = [
        ("__shellsim_mul", 2, mul),
        ("tojson", 0, tojson),
        ("__shellsim_tostring", 0, tostring),
        ("fromjson", 0, fromjson),
        ("@csv", 0, csv),
        ("@tsv", 0, tsv),
        ("__shellsim_delpaths", 1, delpaths),
    ];
    own.into_iter()
        .map(|(n, a, f)| (n, v(a), Native::<D>::new(f)))
        .collect()
}

/// jq 1.6 definitions that use the natives above.
pub const DEFS: &str = r#"
def tostring: __shellsim_tostring;
def delpaths($paths): __shellsim_delpaths($paths);
def del(f): delpaths([path(f)]);
def join($x): reduce .[] as $i (null; (if . == null then "" else . + $x end) + ($i | if . == null then "" elif type == "string" then . else tojson end)) // "";
"#;
