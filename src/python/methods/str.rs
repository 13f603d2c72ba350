//! `str` methods and `str.format`.

use super::{add, arg, arity, no_kwargs};
use crate::python::object::{Kind, Value};
use crate::python::vm::{PyResult, Vm};
use std::rc::Rc;

type Kw<'a> = &'a [(Rc<str>, Value)];

pub fn install(vm: &mut Vm) {
    let cls = vm.types.str_type.clone();
    add(
        vm,
        &cls,
        "str",
        &[
            ("upper", upper),
            ("lower", lower),
            ("casefold", lower),
            ("capitalize", capitalize),
            ("title", title),
            ("swapcase", swapcase),
            ("strip", strip),
            ("lstrip", lstrip),
            ("rstrip", rstrip),
            ("split", split),
            ("rsplit", rsplit),
            ("splitlines", splitlines),
            ("join", join),
            ("replace", replace),
            ("startswith", startswith),
            ("endswith", endswith),
            ("find", find),
            ("rfind", rfind),
            ("index", index),
            ("rindex", rindex),
            ("count", count),
            ("format", format),
            ("isdigit", isdigit),
            ("isdecimal", isdigit),
            ("isnumeric", isnumeric),
            ("isalpha", isalpha),
            ("isalnum", isalnum),
            ("isspace", isspace),
            ("isupper", isupper),
            ("islower", islower),
            ("istitle", istitle),
            ("isidentifier", isidentifier),
            ("isprintable", isprintable),
            ("isascii", isascii),
            ("center", center),
            ("ljust", ljust),
            ("rjust", rjust),
            ("zfill", zfill),
            ("partition", partition),
            ("rpartition", rpartition),
            ("encode", encode),
            ("removeprefix", removeprefix),
            ("removesuffix", removesuffix),
            ("expandtabs", expandtabs),
            ("translate", translate),
            ("__len__", len),
            ("__contains__", contains),
        ],
    );
    install_maketrans(vm, &cls);
}

/// `str.maketrans` is a static method.
fn install_maketrans(vm: &mut Vm, cls: &Rc<crate::python::object::Obj>) {
    let f = crate::python::vm::alloc::obj(
        &vm.heap,
        Kind::Builtin(crate::python::object::Builtin {
            name: "maketrans",
            func: maketrans,
            bound: None,
            owner: None,
        }),
        64,
    );
    let sm = crate::python::vm::alloc::obj(&vm.heap, Kind::StaticMethod(f), 64);
    if let Kind::Class(c) = &cls.kind {
        crate::python::types::set_item(&vm.heap, &c.dict, "maketrans", sm);
    }
}

fn this(args: &[Value]) -> &str {
    args.first().and_then(|v| v.as_str()).unwrap_or("")
}

fn str_arg(vm: &mut Vm, v: &Value, what: &str) -> PyResult<String> {
    match v.as_str() {
        Some(s) => Ok(s.to_string()),
        None => {
            let msg = format!("{what} must be str, not {}", vm.type_name(v));
            Err(vm.raise(vm.types.type_error.clone(), &msg))
        }
    }
}

fn upper(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    arity(vm, "str.upper", a, 0, 0)?;
    no_kwargs(vm, "str.upper", k)?;
    let s = this(a).to_uppercase();
    vm.charge_bytes(s.len())?;
    vm.new_str(s)
}

fn lower(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    arity(vm, "str.lower", a, 0, 0)?;
    no_kwargs(vm, "str.lower", k)?;
    let s = this(a).to_lowercase();
    vm.charge_bytes(s.len())?;
    vm.new_str(s)
}

fn capitalize(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let s = this(a);
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    if let Some(c) = chars.next() {
        out.extend(title_case(c));
        for c in chars {
            out.extend(c.to_lowercase());
        }
    }
    vm.new_str(out)
}

fn title_case(c: char) -> impl Iterator<Item = char> {
    // Titlecase of the few digraphs differs from uppercase; the rest is uppercase.
    let t: Vec<char> = match c {
        'ǆ' | 'ǅ' | 'Ǆ' => vec!['ǅ'],
        'ǉ' | 'ǈ' | 'Ǉ' => vec!['ǈ'],
        'ǌ' | 'ǋ' | 'Ǌ' => vec!['ǋ'],
        'ǳ' | 'ǲ' | 'Ǳ' => vec!['ǲ'],
        _ => c.to_uppercase().collect(),
    };
    t.into_iter()
}

fn title(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let s = this(a);
    let mut out = String::with_capacity(s.len());
    let mut prev_cased = false;
    for c in s.chars() {
        if c.is_alphabetic() {
            if prev_cased {
                out.extend(c.to_lowercase());
            } else {
                out.extend(title_case(c));
            }
            prev_cased = true;
        } else {
            out.push(c);
            prev_cased = false;
        }
    }
    vm.new_str(out)
}

fn swapcase(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let s = this(a);
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_uppercase() {
            out.extend(c.to_lowercase());
        } else if c.is_lowercase() {
            out.extend(c.to_uppercase());
        } else {
            out.push(c);
        }
    }
    vm.new_str(out)
}

/// Python's whitespace for `split()`/`strip()` without arguments.
pub fn is_py_space(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c' | '\x1c'..='\x1f' | '\u{85}'
    ) || (c as u32 > 0x7f && c.is_whitespace())
}

fn strip_chars(vm: &mut Vm, a: &[Value], name: &str) -> PyResult<Option<Vec<char>>> {
    arity(vm, name, a, 0, 1)?;
    match a.get(1) {
        None | Some(Value::None) => Ok(None),
        Some(v) => match v.as_str() {
            Some(s) => Ok(Some(s.chars().collect())),
            None => {
                let msg = format!("{name} arg must be None or str");
                Err(vm.raise(vm.types.type_error.clone(), &msg))
            }
        },
    }
}

fn strip_impl(vm: &mut Vm, a: &[Value], left: bool, right: bool, name: &str) -> PyResult<Value> {
    let chars = strip_chars(vm, a, name)?;
    let s = this(a);
    let pred = |c: char| match &chars {
        None => is_py_space(c),
        Some(set) => set.contains(&c),
    };
    let mut r = s;
    if left {
        r = r.trim_start_matches(pred);
    }
    if right {
        r = r.trim_end_matches(pred);
    }
    if r.len() == s.len() {
        return Ok(a[0].clone());
    }
    vm.new_str(r)
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

fn split_args(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<(Option<String>, i64)> {
    if a.len() > 3 {
        let msg = format!("split() takes at most 2 arguments ({} given)", a.len() - 1);
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let sep = match arg(a, k, 0, "sep") {
        None | Some(Value::None) => None,
        Some(v) => {
            let s = str_arg(vm, &v, "sep")?;
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

fn split(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let (sep, maxsplit) = split_args(vm, a, k)?;
    let s = this(a).to_string();
    vm.charge_bytes(s.len())?;
    let parts: Vec<String> = match &sep {
        Some(sep) => {
            if maxsplit < 0 {
                s.split(sep.as_str()).map(String::from).collect()
            } else {
                s.splitn(maxsplit as usize + 1, sep.as_str())
                    .map(String::from)
                    .collect()
            }
        }
        None => {
            let mut out = Vec::new();
            let mut rest = s.trim_start_matches(is_py_space);
            let mut n = 0;
            while !rest.is_empty() {
                if maxsplit >= 0 && n >= maxsplit {
                    out.push(rest.to_string());
                    break;
                }
                match rest.find(is_py_space) {
                    Some(i) => {
                        out.push(rest[..i].to_string());
                        rest = rest[i..].trim_start_matches(is_py_space);
                    }
                    None => {
                        out.push(rest.to_string());
                        rest = "";
                    }
                }
                n += 1;
            }
            out
        }
    };
    let mut items = Vec::with_capacity(parts.len());
    for p in parts {
        items.push(vm.new_str(p)?);
    }
    vm.new_list(items)
}

fn rsplit(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let (sep, maxsplit) = split_args(vm, a, k)?;
    let s = this(a).to_string();
    let mut parts: Vec<String> = match &sep {
        Some(sep) => {
            if maxsplit < 0 {
                s.rsplit(sep.as_str()).map(String::from).collect()
            } else {
                s.rsplitn(maxsplit as usize + 1, sep.as_str())
                    .map(String::from)
                    .collect()
            }
        }
        None => {
            let mut out = Vec::new();
            let mut rest = s.trim_end_matches(is_py_space);
            let mut n = 0;
            while !rest.is_empty() {
                if maxsplit >= 0 && n >= maxsplit {
                    out.push(rest.to_string());
                    break;
                }
                match rest.rfind(is_py_space) {
                    Some(i) => {
                        let c = rest[i..].chars().next().map(char::len_utf8).unwrap_or(1);
                        out.push(rest[i + c..].to_string());
                        rest = rest[..i].trim_end_matches(is_py_space);
                    }
                    None => {
                        out.push(rest.to_string());
                        rest = "";
                    }
                }
                n += 1;
            }
            out
        }
    };
    parts.reverse();
    let mut items = Vec::with_capacity(parts.len());
    for p in parts {
        items.push(vm.new_str(p)?);
    }
    vm.new_list(items)
}

fn splitlines(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let keep = match arg(a, k, 0, "keepends") {
        Some(v) => vm.truthy(&v)?,
        None => false,
    };
    let s = this(a).to_string();
    let mut items = Vec::new();
    let mut start = 0;
    let b: Vec<(usize, char)> = s.char_indices().collect();
    let mut i = 0;
    while i < b.len() {
        let (pos, c) = b[i];
        let is_break = matches!(
            c,
            '\n' | '\r'
                | '\x0b'
                | '\x0c'
                | '\x1c'
                | '\x1d'
                | '\x1e'
                | '\u{85}'
                | '\u{2028}'
                | '\u{2029}'
        );
        if is_break {
            let mut end = pos + c.len_utf8();
            if c == '\r' && i + 1 < b.len() && b[i + 1].1 == '\n' {
                end += 1;
                i += 1;
            }
            let piece = if keep { &s[start..end] } else { &s[start..pos] };
            items.push(vm.new_str(piece)?);
            start = end;
        }
        i += 1;
    }
    if start < s.len() {
        items.push(vm.new_str(&s[start..])?);
    }
    vm.new_list(items)
}

fn join(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "str.join", a, 1, 1)?;
    let sep = this(a).to_string();
    let items = vm.to_vec(&a[1])?;
    let mut out = String::new();
    for (i, it) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(&sep);
        }
        match it.as_str() {
            Some(s) => out.push_str(s),
            None => {
                let msg = format!(
                    "sequence item {i}: expected str instance, {} found",
                    vm.type_name(it)
                );
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
        }
        if out.len() > 1 << 20 {
            vm.ensure(out.len() as u64)?;
        }
    }
    vm.charge_bytes(out.len())?;
    vm.new_str(out)
}

fn replace(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    if a.len() < 3 {
        let msg = format!(
            "replace expected at least 2 arguments, got {}",
            a.len().saturating_sub(1)
        );
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let old = str_arg(vm, &a[1], "replace() argument 1")?;
    let new = str_arg(vm, &a[2], "replace() argument 2")?;
    let count = match arg(a, k, 2, "count") {
        Some(v) => vm.index_of(&v)?.unwrap_or(-1),
        None => -1,
    };
    let s = this(a);
    let est = if old.is_empty() {
        s.len() * (new.len() + 1)
    } else {
        s.len() / old.len().max(1) * new.len() + s.len()
    };
    vm.ensure(est as u64)?;
    vm.charge_bytes(est)?;
    let r = if count < 0 {
        s.replace(old.as_str(), &new)
    } else {
        s.replacen(old.as_str(), &new, count as usize)
    };
    vm.new_str(r)
}

/// Character offsets `start`/`end` of `find`-style methods, as byte offsets into `s`.
fn bounds(vm: &mut Vm, s: &str, a: &[Value], first: usize) -> PyResult<(usize, usize)> {
    let n = s.chars().count() as i64;
    let get = |vm: &mut Vm, i: usize, default: i64| -> PyResult<i64> {
        match a.get(i) {
            None | Some(Value::None) => Ok(default),
            Some(v) => Ok(vm.index_of(v)?.unwrap_or(default)),
        }
    };
    let norm = |x: i64| -> i64 {
        if x < 0 {
            (x + n).max(0)
        } else {
            x.min(n)
        }
    };
    let start = norm(get(vm, first, 0)?);
    let end = norm(get(vm, first + 1, n)?);
    let to_byte = |c: i64| -> usize {
        s.char_indices()
            .nth(c as usize)
            .map(|(b, _)| b)
            .unwrap_or(s.len())
    };
    if s.is_ascii() {
        return Ok((start as usize, (end.max(start)) as usize));
    }
    Ok((to_byte(start), to_byte(end.max(start))))
}

fn char_index(s: &str, byte: usize) -> i64 {
    if s.is_ascii() {
        byte as i64
    } else {
        s[..byte].chars().count() as i64
    }
}

fn prefix_check(vm: &mut Vm, a: &[Value], ends: bool) -> PyResult<Value> {
    let name = if ends { "endswith" } else { "startswith" };
    arity(vm, name, a, 1, 3)?;
    let s = this(a).to_string();
    let (st, en) = bounds(vm, &s, a, 2)?;
    if st > en || en > s.len() {
        return Ok(Value::Bool(false));
    }
    let sub = &s[st..en];
    let cands: Vec<Value> = match a[1].kind() {
        Some(Kind::Tuple(t)) => t.to_vec(),
        _ => vec![a[1].clone()],
    };
    for c in cands {
        let Some(p) = c.as_str() else {
            let msg = format!(
                "{name} first arg must be str or a tuple of str, not {}",
                vm.type_name(&c)
            );
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        };
        let hit = if ends {
            sub.ends_with(p)
        } else {
            sub.starts_with(p)
        };
        if hit {
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
    let s = this(a).to_string();
    let Some(sub) = a[1].as_str().map(String::from) else {
        let msg = format!("must be str, not {}", vm.type_name(&a[1]));
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    };
    let (st, en) = bounds(vm, &s, a, 2)?;
    vm.charge_bytes(en.saturating_sub(st))?;
    if st > s.len() || en < st {
        return Ok(None);
    }
    let hay = &s[st..en];
    let r = if rev {
        hay.rfind(sub.as_str())
    } else {
        hay.find(sub.as_str())
    };
    Ok(r.map(|i| char_index(&s, st + i)))
}

fn find(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(Value::Int(find_impl(vm, a, false, "find")?.unwrap_or(-1)))
}
fn rfind(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(Value::Int(find_impl(vm, a, true, "rfind")?.unwrap_or(-1)))
}
fn index(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    match find_impl(vm, a, false, "index")? {
        Some(i) => Ok(Value::Int(i)),
        None => Err(vm.raise(vm.types.value_error.clone(), "substring not found")),
    }
}
fn rindex(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    match find_impl(vm, a, true, "rindex")? {
        Some(i) => Ok(Value::Int(i)),
        None => Err(vm.raise(vm.types.value_error.clone(), "substring not found")),
    }
}

fn count(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "count", a, 1, 3)?;
    let s = this(a).to_string();
    let sub = str_arg(vm, &a[1], "must be str, not")?;
    let (st, en) = bounds(vm, &s, a, 2)?;
    if st > s.len() || en < st {
        return Ok(Value::Int(0));
    }
    let hay = &s[st..en];
    vm.charge_bytes(hay.len())?;
    let n = if sub.is_empty() {
        hay.chars().count() + 1
    } else {
        hay.matches(sub.as_str()).count()
    };
    Ok(Value::Int(n as i64))
}

fn all_chars(a: &[Value], f: impl Fn(char) -> bool) -> Value {
    let s = this(a);
    Value::Bool(!s.is_empty() && s.chars().all(f))
}

fn isdigit(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(all_chars(a, |c| {
        c.is_ascii_digit() || (c as u32 > 127 && c.is_numeric())
    }))
}
fn isnumeric(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(all_chars(a, |c| c.is_numeric()))
}
fn isalpha(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(all_chars(a, |c| c.is_alphabetic()))
}
fn isalnum(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(all_chars(a, |c| c.is_alphanumeric()))
}
fn isspace(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(all_chars(a, is_py_space))
}
fn isascii(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(Value::Bool(this(a).is_ascii()))
}
fn isprintable(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(Value::Bool(
        this(a).chars().all(crate::python::vm::text::is_printable),
    ))
}
fn isupper(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let s = this(a);
    Ok(Value::Bool(
        s.chars().any(|c| c.is_uppercase()) && !s.chars().any(|c| c.is_lowercase()),
    ))
}
fn islower(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let s = this(a);
    Ok(Value::Bool(
        s.chars().any(|c| c.is_lowercase()) && !s.chars().any(|c| c.is_uppercase()),
    ))
}
fn istitle(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let s = this(a);
    let mut prev_cased = false;
    let mut any = false;
    for c in s.chars() {
        if c.is_uppercase() {
            if prev_cased {
                return Ok(Value::Bool(false));
            }
            prev_cased = true;
            any = true;
        } else if c.is_lowercase() {
            if !prev_cased {
                return Ok(Value::Bool(false));
            }
            prev_cased = true;
            any = true;
        } else {
            prev_cased = false;
        }
    }
    Ok(Value::Bool(any))
}
fn isidentifier(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let s = this(a);
    let mut chars = s.chars();
    let ok = match chars.next() {
        Some(c) if c == '_' || c.is_alphabetic() => chars.all(|c| c == '_' || c.is_alphanumeric()),
        _ => false,
    };
    Ok(Value::Bool(ok))
}

fn pad_args(vm: &mut Vm, a: &[Value], name: &str) -> PyResult<(usize, char)> {
    arity(vm, name, a, 1, 2)?;
    let w = match vm.index_of(&a[1])? {
        Some(w) => w.max(0) as usize,
        None => {
            let msg = format!(
                "'{}' object cannot be interpreted as an integer",
                vm.type_name(&a[1])
            );
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        }
    };
    let fill = match a.get(2) {
        None => ' ',
        Some(v) => match v.as_str() {
            Some(s) if s.chars().count() == 1 => s.chars().next().unwrap_or(' '),
            _ => {
                return Err(vm.raise(
                    vm.types.type_error.clone(),
                    "The fill character must be exactly one character long",
                ))
            }
        },
    };
    vm.ensure(w as u64 * 4)?;
    Ok((w, fill))
}

fn center(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let (w, fill) = pad_args(vm, a, "center")?;
    let s = this(a);
    let n = s.chars().count();
    if w <= n {
        return Ok(a[0].clone());
    }
    let marg = w - n;
    let left = marg / 2 + (marg & w & 1);
    let right = marg - left;
    let f = fill.to_string();
    vm.new_str(format!("{}{s}{}", f.repeat(left), f.repeat(right)))
}

fn ljust(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let (w, fill) = pad_args(vm, a, "ljust")?;
    let s = this(a);
    let n = s.chars().count();
    if w <= n {
        return Ok(a[0].clone());
    }
    vm.new_str(format!("{s}{}", fill.to_string().repeat(w - n)))
}

fn rjust(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let (w, fill) = pad_args(vm, a, "rjust")?;
    let s = this(a);
    let n = s.chars().count();
    if w <= n {
        return Ok(a[0].clone());
    }
    vm.new_str(format!("{}{s}", fill.to_string().repeat(w - n)))
}

fn zfill(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "zfill", a, 1, 1)?;
    let w = vm.index_of(&a[1])?.unwrap_or(0).max(0) as usize;
    let s = this(a);
    let n = s.chars().count();
    if w <= n {
        return Ok(a[0].clone());
    }
    let (sign, rest) = match s.chars().next() {
        Some(c @ ('+' | '-')) => (c.to_string(), &s[1..]),
        _ => (String::new(), s),
    };
    vm.new_str(format!("{sign}{}{rest}", "0".repeat(w - n)))
}

fn partition_impl(vm: &mut Vm, a: &[Value], rev: bool) -> PyResult<Value> {
    arity(vm, if rev { "rpartition" } else { "partition" }, a, 1, 1)?;
    let s = this(a).to_string();
    let sep = str_arg(vm, &a[1], "must be str, not")?;
    if sep.is_empty() {
        return Err(vm.raise(vm.types.value_error.clone(), "empty separator"));
    }
    let found = if rev {
        s.rfind(sep.as_str())
    } else {
        s.find(sep.as_str())
    };
    let (x, y, z) = match found {
        Some(i) => (
            s[..i].to_string(),
            sep.clone(),
            s[i + sep.len()..].to_string(),
        ),
        None => {
            if rev {
                (String::new(), String::new(), s.clone())
            } else {
                (s.clone(), String::new(), String::new())
            }
        }
    };
    let items = vec![vm.new_str(x)?, vm.new_str(y)?, vm.new_str(z)?];
    vm.new_tuple(items)
}

fn partition(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    partition_impl(vm, a, false)
}
fn rpartition(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    partition_impl(vm, a, true)
}

fn encode(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let enc = match arg(a, k, 0, "encoding") {
        Some(v) => v
            .as_str()
            .unwrap_or("utf-8")
            .to_ascii_lowercase()
            .replace('_', "-"),
        None => "utf-8".into(),
    };
    let s = this(a);
    let bytes = match enc.as_str() {
        "utf-8" | "utf8" => s.as_bytes().to_vec(),
        "ascii" | "latin-1" | "latin1" | "iso-8859-1" => {
            let limit = if enc == "ascii" { 0x80 } else { 0x100 };
            let mut out = Vec::with_capacity(s.len());
            for (i, c) in s.chars().enumerate() {
                if (c as u32) < limit {
                    out.push(c as u8);
                } else {
                    let codec = if enc == "ascii" { "ascii" } else { "latin-1" };
                    let msg = format!(
                        "'{codec}' codec can't encode character '\\u{:04x}' in position {i}: ordinal not in range({limit})",
                        c as u32
                    );
                    return Err(vm.raise(vm.types.unicode_encode_error.clone(), &msg));
                }
            }
            out
        }
        other => {
            let msg = format!("unknown encoding: {other}");
            return Err(vm.raise(vm.types.lookup_error.clone(), &msg));
        }
    };
    vm.new_bytes(bytes)
}

fn removeprefix(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "removeprefix", a, 1, 1)?;
    let p = str_arg(vm, &a[1], "removeprefix() argument")?;
    match this(a).strip_prefix(p.as_str()) {
        Some(r) => vm.new_str(r),
        None => Ok(a[0].clone()),
    }
}

fn removesuffix(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "removesuffix", a, 1, 1)?;
    let p = str_arg(vm, &a[1], "removesuffix() argument")?;
    match this(a).strip_suffix(p.as_str()) {
        Some(r) if !p.is_empty() => vm.new_str(r),
        _ => Ok(a[0].clone()),
    }
}

fn expandtabs(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let size = match arg(a, k, 0, "tabsize") {
        Some(v) => vm.index_of(&v)?.unwrap_or(8),
        None => 8,
    };
    let mut out = String::new();
    let mut col = 0i64;
    for c in this(a).chars() {
        match c {
            '\t' => {
                if size > 0 {
                    let n = size - col % size;
                    out.push_str(&" ".repeat(n as usize));
                    col += n;
                }
            }
            '\n' | '\r' => {
                out.push(c);
                col = 0;
            }
            _ => {
                out.push(c);
                col += 1;
            }
        }
    }
    vm.new_str(out)
}

fn len(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let n = vm.len(&a[0])?;
    Ok(Value::Int(n as i64))
}

fn contains(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "__contains__", a, 1, 1)?;
    let r = vm.contains(&a[0], &a[1])?;
    Ok(Value::Bool(r))
}

/// `str.format(*args, **kwargs)`.
fn format(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let fmt = this(a).to_string();
    let out = format_string(vm, &fmt, &a[1..], k, 0)?;
    vm.new_str(out)
}

pub fn format_string(
    vm: &mut Vm,
    fmt: &str,
    args: &[Value],
    kwargs: Kw,
    depth: usize,
) -> PyResult<String> {
    if depth > 2 {
        return Err(vm.raise(
            vm.types.value_error.clone(),
            "Max string recursion exceeded",
        ));
    }
    let chars: Vec<char> = fmt.chars().collect();
    let mut out = String::new();
    let mut auto = 0usize;
    let mut mode: Option<bool> = None; // Some(true) = automatic numbering
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '}' {
            if chars.get(i + 1) == Some(&'}') {
                out.push('}');
                i += 2;
                continue;
            }
            return Err(vm.raise(
                vm.types.value_error.clone(),
                "Single '}' encountered in format string",
            ));
        }
        if c != '{' {
            out.push(c);
            i += 1;
            continue;
        }
        if chars.get(i + 1) == Some(&'{') {
            out.push('{');
            i += 2;
            continue;
        }
        // A replacement field: find its end, counting nested braces.
        let start = i + 1;
        let mut depth_b = 1;
        let mut j = start;
        while j < chars.len() {
            match chars[j] {
                '{' => depth_b += 1,
                '}' => {
                    depth_b -= 1;
                    if depth_b == 0 {
                        break;
                    }
                }
                _ => {}
            }
            j += 1;
        }
        if j >= chars.len() {
            return Err(vm.raise(
                vm.types.value_error.clone(),
                "Single '{' encountered in format string",
            ));
        }
        let field: String = chars[start..j].iter().collect();
        i = j + 1;
        // field_name[!conv][:spec]
        let (name_part, rest) = split_field(&field);
        let (conv, spec) = match rest.strip_prefix('!') {
            Some(r) => {
                let mut it = r.chars();
                let cv = it.next();
                let after: String = it.collect();
                if !after.is_empty() && !after.starts_with(':') {
                    return Err(vm.raise(
                        vm.types.value_error.clone(),
                        "expected ':' after conversion specifier",
                    ));
                }
                (cv, after.strip_prefix(':').unwrap_or("").to_string())
            }
            None => (None, rest.strip_prefix(':').unwrap_or("").to_string()),
        };
        // The first part of the name selects the argument.
        let first_end = name_part.find(['.', '[']).unwrap_or(name_part.len());
        let first = &name_part[..first_end];
        let mut value = if first.is_empty() {
            if mode == Some(false) {
                return Err(vm.raise(
                    vm.types.value_error.clone(),
                    "cannot switch from manual field specification to automatic field numbering",
                ));
            }
            mode = Some(true);
            let idx = auto;
            auto += 1;
            match args.get(idx) {
                Some(v) => v.clone(),
                None => {
                    let msg =
                        format!("Replacement index {idx} out of range for positional args tuple");
                    return Err(vm.raise(vm.types.index_error.clone(), &msg));
                }
            }
        } else if let Ok(idx) = first.parse::<usize>() {
            if mode == Some(true) {
                return Err(vm.raise(
                    vm.types.value_error.clone(),
                    "cannot switch from automatic field numbering to manual field specification",
                ));
            }
            mode = Some(false);
            match args.get(idx) {
                Some(v) => v.clone(),
                None => {
                    let msg =
                        format!("Replacement index {idx} out of range for positional args tuple");
                    return Err(vm.raise(vm.types.index_error.clone(), &msg));
                }
            }
        } else {
            match kwargs.iter().find(|(k, _)| &**k == first) {
                Some((_, v)) => v.clone(),
                None => {
                    let key = vm.new_str(first)?;
                    let e = vm.new_exception_args(vm.types.key_error.clone(), vec![key]);
                    return Err(crate::python::vm::Flow::Exc(e));
                }
            }
        };
        // Attribute and index accessors.
        let mut rest = &name_part[first_end..];
        while !rest.is_empty() {
            if let Some(r) = rest.strip_prefix('.') {
                let end = r.find(['.', '[']).unwrap_or(r.len());
                value = vm.getattr_str(&value, &r[..end])?;
                rest = &r[end..];
            } else if let Some(r) = rest.strip_prefix('[') {
                let Some(end) = r.find(']') else {
                    return Err(
                        vm.raise(vm.types.value_error.clone(), "Missing ']' in format string")
                    );
                };
                let key_text = &r[..end];
                let key = match key_text.parse::<i64>() {
                    Ok(n) => Value::Int(n),
                    Err(_) => vm.new_str(key_text)?,
                };
                value = vm.getitem(&value, &key)?;
                rest = &r[end + 1..];
            } else {
                return Err(vm.raise(
                    vm.types.value_error.clone(),
                    "Only '.' or '[' may follow ']' in format field specifier",
                ));
            }
        }
        let value = match conv {
            None => value,
            Some('r') => vm.repr_of(&value)?,
            Some('s') => vm.str_of(&value)?,
            Some('a') => vm.ascii_of(&value)?,
            Some(other) => {
                let msg = format!("Unknown conversion specifier {other}");
                return Err(vm.raise(vm.types.value_error.clone(), &msg));
            }
        };
        let spec = if spec.contains('{') {
            format_string(vm, &spec, args, kwargs, depth + 1)?
        } else {
            spec
        };
        let r = vm.format(&value, &spec)?;
        out.push_str(r.as_str().unwrap_or(""));
    }
    Ok(out)
}

/// Splits a replacement field into its name and the `!conv:spec` rest (a `[...]` index may
/// contain `!` or `:`).
fn split_field(field: &str) -> (&str, &str) {
    let mut in_bracket = false;
    for (i, c) in field.char_indices() {
        match c {
            '[' => in_bracket = true,
            ']' => in_bracket = false,
            '!' | ':' if !in_bracket => return (&field[..i], &field[i..]),
            _ => {}
        }
    }
    (field, "")
}

/// `str.translate(table)`: each character's ordinal looked up in `table`; `None` deletes it,
/// an int or a str replaces it, a `LookupError` keeps it.
fn translate(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "translate", a, 1, 1)?;
    let s = this(a).to_string();
    let table = a[1].clone();
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        vm.charge(1)?;
        let mapped = match vm.getitem(&table, &Value::Int(c as i64)) {
            Ok(v) => v,
            Err(crate::python::vm::Flow::Exc(e))
                if vm.isinstance(&e, &vm.types.lookup_error.clone()) =>
            {
                out.push(c);
                continue;
            }
            Err(e) => return Err(e),
        };
        if mapped.is_none() {
            continue;
        }
        if let Some(r) = mapped.as_str() {
            out.push_str(r);
            continue;
        }
        match vm.index_of(&mapped)? {
            Some(n) => match u32::try_from(n).ok().and_then(char::from_u32) {
                Some(ch) => out.push(ch),
                None => {
                    let msg = "character mapping must be in range(0x110000)";
                    return Err(vm.raise(vm.types.value_error.clone(), msg));
                }
            },
            None => {
                let msg = "character mapping must return integer, None or str";
                return Err(vm.raise(vm.types.type_error.clone(), msg));
            }
        }
    }
    vm.new_str(out)
}

/// `str.maketrans(x[, y[, z]])`: a dict from ordinals to replacements.
fn maketrans(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.is_empty() || a.len() > 3 {
        let msg = format!("maketrans expected at least 1 argument, got {}", a.len());
        let msg = if a.len() > 3 {
            format!("maketrans expected at most 3 arguments, got {}", a.len())
        } else {
            msg
        };
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let d = vm.new_dict()?;
    if a.len() == 1 {
        if !matches!(a[0].kind(), Some(Kind::Dict(_))) {
            let msg = "if you give only one argument to maketrans it must be a dict";
            return Err(vm.raise(vm.types.type_error.clone(), msg));
        }
        for key in vm.to_vec(&a[0])? {
            let v = vm.getitem(&a[0], &key)?;
            let k = match key.as_str() {
                Some(ks) if ks.chars().count() == 1 => {
                    Value::Int(ks.chars().next().map_or(0, |c| c as i64))
                }
                Some(_) => {
                    let msg = "string keys in translate table must be of length 1";
                    return Err(vm.raise(vm.types.value_error.clone(), msg));
                }
                None if matches!(key, Value::Int(_)) => key.clone(),
                None => {
                    let msg = "keys in translate table must be strings or integers";
                    return Err(vm.raise(vm.types.type_error.clone(), msg));
                }
            };
            vm.setitem(&d, k, v)?;
        }
        return Ok(d);
    }
    let x = str_arg(vm, &a[0], "maketrans() argument 1")?;
    let y = str_arg(vm, &a[1], "maketrans() argument 2")?;
    if x.chars().count() != y.chars().count() {
        let msg = "the first two maketrans arguments must have equal length";
        return Err(vm.raise(vm.types.value_error.clone(), msg));
    }
    for (from, to) in x.chars().zip(y.chars()) {
        let to = Value::Int(to as i64);
        vm.setitem(&d, Value::Int(from as i64), to)?;
    }
    if let Some(z) = a.get(2) {
        let z = str_arg(vm, z, "maketrans() argument 3")?;
        for c in z.chars() {
            vm.setitem(&d, Value::Int(c as i64), Value::None)?;
        }
    }
    Ok(d)
}
