//! Builtins whose jaq versions differ from jq 1.6: `tojson` and `tostring` (jq's number text,
//! a length bounded by the memory left), `fromjson` (jq's reader, messages and depth limit;
//! jaq's parser recurses without a limit), `@csv` and `@tsv` (missing from jaq), and
//! `delpaths` (jq deletes all paths at once, longest first, and keeps object key order).

use super::engine;
use super::json;
use super::messages::{described, kind};
use super::write::{compact, fmt_f64, num_f64};
use jaq_core::box_iter::box_once;
use jaq_core::native::{v, Fun};
use jaq_core::{data, Exn, Native, RunPtr};
use jaq_json::Val;

type D = data::JustLut<Val>;
type Out<'a> = jaq_core::ValXs<'a, Val>;

fn fail<'a>(msg: String) -> Out<'a> {
    box_once(Err(Exn::from(jaq_core::Error::str(msg))))
}

/// An error whose text is bytes: jq cuts value dumps by bytes, which may split a character.
fn fail_bytes<'a>(msg: Vec<u8>) -> Out<'a> {
    box_once(Err(Exn::from(jaq_core::Error::new(Val::utf8_str(msg)))))
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
        let mut msg = described(&cv.1);
        msg.extend_from_slice(b" only strings can be parsed");
        return fail_bytes(msg);
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
        let what: &[u8] = if tsv { b"tsv" } else { b"csv" };
        let msg = [
            &described(&cv.1),
            &b" cannot be "[..],
            what,
            b"-formatted, only array",
        ]
        .concat();
        return fail_bytes(msg);
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
            // jq 1.6 says "csv row" for `@tsv` too.
            other => {
                let mut msg = described(other);
                msg.extend_from_slice(b" is not valid in a csv row");
                return fail_bytes(msg);
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

/// The text of a string argument of the checks below.
fn text_arg(v: &Val) -> Vec<u8> {
    match v {
        Val::TStr(s) | Val::BStr(s) => s.to_vec(),
        _ => Vec::new(),
    }
}

/// `__shellsim_need($kinds; $msg)`: the input when its type is one of the space-separated
/// `$kinds`, else jq 1.6's type error `KIND (DUMP) MSG`. It runs before a jaq native whose
/// own error would not say what jq says.
fn need<'a>(mut cv: jaq_core::Cv<'a, D>) -> Out<'a> {
    let msg = text_arg(&cv.0.pop_var());
    let kinds = text_arg(&cv.0.pop_var());
    if kinds
        .split(|&c| c == b' ')
        .any(|k| k == kind(&cv.1).as_bytes())
    {
        return box_once(Ok(cv.1));
    }
    let mut text = described(&cv.1);
    text.push(b' ');
    text.extend_from_slice(&msg);
    fail_bytes(text)
}

/// `__shellsim_need_plain($kinds; $msg)`: as `__shellsim_need`, for the messages in which jq
/// does not show the value.
fn need_plain<'a>(mut cv: jaq_core::Cv<'a, D>) -> Out<'a> {
    let msg = text_arg(&cv.0.pop_var());
    let kinds = text_arg(&cv.0.pop_var());
    if kinds
        .split(|&c| c == b' ')
        .any(|k| k == kind(&cv.1).as_bytes())
    {
        return box_once(Ok(cv.1));
    }
    fail_bytes(msg)
}

/// `__shellsim_need_strings($s; $msg)`: the input when it and `$s` are strings.
fn need_strings<'a>(mut cv: jaq_core::Cv<'a, D>) -> Out<'a> {
    let msg = text_arg(&cv.0.pop_var());
    let s = cv.0.pop_var();
    let is_str = |v: &Val| matches!(v, Val::TStr(_) | Val::BStr(_));
    if is_str(&cv.1) && is_str(&s) {
        return box_once(Ok(cv.1));
    }
    fail_bytes(msg)
}

/// `__shellsim_need_key($k)`: jq 1.6's `has` takes a string key on an object and a number on
/// an array, and says which pairing it was given otherwise.
fn need_key<'a>(mut cv: jaq_core::Cv<'a, D>) -> Out<'a> {
    let k = cv.0.pop_var();
    match (&cv.1, &k) {
        (Val::Obj(_), Val::TStr(_) | Val::BStr(_)) | (Val::Arr(_), Val::Num(_)) => {
            box_once(Ok(cv.1))
        }
        (v, k) => fail(format!(
            "Cannot check whether {} has a {} key",
            kind(v),
            kind(k)
        )),
    }
}

/// jq 1.6's kinds for `contains`, which tells `true` from `false`.
fn contain_kind(v: &Val) -> u8 {
    match v {
        Val::Bool(true) => 0,
        Val::Bool(false) => 1,
        Val::Null => 2,
        Val::Num(_) => 3,
        Val::TStr(_) | Val::BStr(_) => 4,
        Val::Arr(_) => 5,
        Val::Obj(_) => 6,
    }
}

/// `__shellsim_need_same($b)`: jq 1.6's `contains` requires both sides of one kind.
fn need_same<'a>(mut cv: jaq_core::Cv<'a, D>) -> Out<'a> {
    let b = cv.0.pop_var();
    if contain_kind(&cv.1) == contain_kind(&b) {
        return box_once(Ok(cv.1));
    }
    let msg = [
        &described(&cv.1),
        &b" and "[..],
        &described(&b),
        b" cannot have their containment checked",
    ]
    .concat();
    fail_bytes(msg)
}

/// jq 1.6's `ltrimstr`/`rtrimstr`: anything but two strings gives the input back.
fn trim_str<'a>(mut cv: jaq_core::Cv<'a, D>, left: bool) -> Out<'a> {
    let s = cv.0.pop_var();
    let (Val::TStr(x), Val::TStr(t) | Val::BStr(t)) = (&cv.1, &s) else {
        return box_once(Ok(cv.1));
    };
    let rest = if left {
        x.strip_prefix(&t[..])
    } else {
        x.strip_suffix(&t[..])
    };
    match rest {
        Some(r) => box_once(Ok(Val::utf8_str(r.to_vec()))),
        None => box_once(Ok(cv.1)),
    }
}

fn ltrimstr<'a>(cv: jaq_core::Cv<'a, D>) -> Out<'a> {
    trim_str(cv, true)
}

fn rtrimstr<'a>(cv: jaq_core::Cv<'a, D>) -> Out<'a> {
    trim_str(cv, false)
}

/// Natives from (name, arity, function) rows.
fn funs(rows: impl IntoIterator<Item = (&'static str, usize, RunPtr<D>)>) -> Vec<Fun<D>> {
    rows.into_iter()
        .map(|(n, a, f)| (n, v(a), Native::<D>::new(f)))
        .collect()
}

/// The natives that check a builtin's input the way jq 1.6 does (`engine.rs` puts them in
/// front of jaq's natives).
pub fn checks() -> Vec<Fun<D>> {
    let own: [(&'static str, usize, RunPtr<D>); 7] = [
        ("__shellsim_need", 2, need),
        ("__shellsim_need_same", 1, need_same),
        ("__shellsim_need_plain", 2, need_plain),
        ("__shellsim_need_strings", 2, need_strings),
        ("__shellsim_need_key", 1, need_key),
        ("ltrimstr", 1, ltrimstr),
        ("rtrimstr", 1, rtrimstr),
    ];
    funs(own)
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
    funs(own)
}

/// jq 1.6 definitions that use the natives above, and jq 1.6's own definitions where jaq's
/// fail differently: `join` adds arrays and objects as they are (an error, as in jq),
/// `tonumber` names the value it could not read, `flatten` refuses a negative depth, and
/// `error(null)` backtracks like `empty`.
pub const DEFS: &str = r#"
def tostring: __shellsim_tostring;
def delpaths($paths): __shellsim_delpaths($paths);
def del(f): delpaths([path(f)]);
def join($x): reduce .[] as $i (null; (if . == null then "" else . + $x end) + ($i | if . == null then "" elif type == "boolean" or type == "number" then tojson else . end)) // "";
def tonumber: if type == "number" then . elif type == "string" then . as $in | fromjson | if type == "number" then . else $in | __shellsim_need("number"; "cannot be parsed as a number") end else __shellsim_need("number"; "cannot be parsed as a number") end;
def __shellsim_flatten($x): reduce .[] as $i ([]; if ($i | type) == "array" and $x != 0 then . + ($i | __shellsim_flatten($x - 1)) else . + [$i] end);
def flatten($x): if $x < 0 then error("flatten depth must not be negative") else __shellsim_flatten($x) end;
def flatten: __shellsim_flatten(-1);
def error: if . == null then empty else error_empty end;
def error(msgs): msgs | error;
"#;
