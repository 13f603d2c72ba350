//! `list` and `tuple` methods, and the stable sort shared with `sorted()`.

use super::{add, arg, arity};
use crate::python::object::{Kind, Value};
use crate::python::vm::{Flow, PyResult, Vm};
use std::rc::Rc;

type Kw<'a> = &'a [(Rc<str>, Value)];

pub fn install(vm: &mut Vm) {
    let cls = vm.types.list_type.clone();
    add(
        vm,
        &cls,
        "list",
        &[
            ("__init__", init),
            ("append", append),
            ("extend", extend),
            ("insert", insert),
            ("pop", pop),
            ("remove", remove),
            ("clear", clear),
            ("copy", copy),
            ("count", count),
            ("index", index),
            ("reverse", reverse),
            ("sort", sort),
            ("__len__", len),
            ("__getitem__", getitem),
            ("__contains__", contains),
        ],
    );
    let t = vm.types.tuple_type.clone();
    add(
        vm,
        &t,
        "tuple",
        &[
            ("count", count),
            ("index", index),
            ("__len__", len),
            ("__getitem__", getitem),
            ("__contains__", contains),
        ],
    );
}

fn items(a: &[Value]) -> Vec<Value> {
    match a.first().and_then(|v| v.kind()) {
        Some(Kind::List(l)) => l.borrow().clone(),
        Some(Kind::Tuple(t)) => t.to_vec(),
        _ => Vec::new(),
    }
}

fn list_cell(a: &[Value]) -> Option<&std::cell::RefCell<Vec<Value>>> {
    match a.first().and_then(|v| v.kind()) {
        Some(Kind::List(l)) => Some(l),
        _ => None,
    }
}

fn init(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.len() > 2 {
        let msg = format!("list expected at most 1 argument, got {}", a.len() - 1);
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let items = match a.get(1) {
        Some(it) => vm.to_vec(it)?,
        None => Vec::new(),
    };
    if let Some(l) = list_cell(a) {
        *l.borrow_mut() = items;
    }
    Ok(Value::None)
}

fn append(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "list.append", a, 1, 1)?;
    vm.list_append(&a[0], a[1].clone())?;
    Ok(Value::None)
}

fn extend(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "list.extend", a, 1, 1)?;
    let new = vm.to_vec(&a[1])?;
    for v in new {
        vm.list_append(&a[0], v)?;
    }
    Ok(Value::None)
}

fn insert(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.len() != 3 {
        let msg = format!("insert expected 2 arguments, got {}", a.len() - 1);
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let i = vm.index_of(&a[1])?.unwrap_or(0);
    let Some(l) = list_cell(a) else {
        return Ok(Value::None);
    };
    let n = l.borrow().len() as i64;
    let at = if i < 0 { (i + n).max(0) } else { i.min(n) } as usize;
    l.borrow_mut().insert(at, a[2].clone());
    Ok(Value::None)
}

fn pop(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.len() > 2 {
        let msg = format!("pop expected at most 1 argument, got {}", a.len() - 1);
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let Some(l) = list_cell(a) else {
        return Ok(Value::None);
    };
    let n = l.borrow().len() as i64;
    if n == 0 {
        return Err(vm.raise(vm.types.index_error.clone(), "pop from empty list"));
    }
    let i = match a.get(1) {
        Some(v) => vm.index_of(v)?.unwrap_or(-1),
        None => -1,
    };
    let j = if i < 0 { i + n } else { i };
    if j < 0 || j >= n {
        return Err(vm.raise(vm.types.index_error.clone(), "pop index out of range"));
    }
    Ok(l.borrow_mut().remove(j as usize))
}

fn remove(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "list.remove", a, 1, 1)?;
    let all = items(a);
    for (i, v) in all.iter().enumerate() {
        if v.is(&a[1]) || vm.eq(v, &a[1])? {
            if let Some(l) = list_cell(a) {
                if i < l.borrow().len() {
                    l.borrow_mut().remove(i);
                }
            }
            return Ok(Value::None);
        }
    }
    Err(vm.raise(
        vm.types.value_error.clone(),
        "list.remove(x): x not in list",
    ))
}

fn clear(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if let Some(l) = list_cell(a) {
        l.borrow_mut().clear();
    }
    Ok(Value::None)
}

fn copy(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let v = items(a);
    vm.new_list(v)
}

fn count(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "count", a, 1, 1)?;
    let mut n = 0;
    for v in items(a) {
        if v.is(&a[1]) || vm.eq(&v, &a[1])? {
            n += 1;
        }
    }
    Ok(Value::Int(n))
}

fn index(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "index", a, 1, 3)?;
    let all = items(a);
    let n = all.len() as i64;
    let norm = |x: i64| if x < 0 { (x + n).max(0) } else { x.min(n) };
    let start = match a.get(2) {
        Some(v) => norm(vm.index_of(v)?.unwrap_or(0)),
        None => 0,
    };
    let stop = match a.get(3) {
        Some(v) => norm(vm.index_of(v)?.unwrap_or(n)),
        None => n,
    };
    for i in start..stop.max(start) {
        let v = &all[i as usize];
        if v.is(&a[1]) || vm.eq(v, &a[1])? {
            return Ok(Value::Int(i));
        }
    }
    let is_list = matches!(a[0].kind(), Some(Kind::List(_)));
    if is_list {
        Err(vm.raise(vm.types.value_error.clone(), "list.index(x): x not in list"))
    } else {
        Err(vm.raise(
            vm.types.value_error.clone(),
            "tuple.index(x): x not in tuple",
        ))
    }
}

fn reverse(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if let Some(l) = list_cell(a) {
        l.borrow_mut().reverse();
    }
    Ok(Value::None)
}

fn sort(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    if a.len() > 1 {
        return Err(vm.raise(
            vm.types.type_error.clone(),
            "sort() takes no positional arguments",
        ));
    }
    let key = arg(&[], k, usize::MAX, "key").filter(|v| !v.is_none());
    let reverse = match arg(&[], k, usize::MAX, "reverse") {
        Some(v) => vm.truthy(&v)?,
        None => false,
    };
    for (name, _) in k {
        if &**name != "key" && &**name != "reverse" {
            let msg = format!("sort() got an unexpected keyword argument '{name}'");
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        }
    }
    let Some(l) = list_cell(a) else {
        return Ok(Value::None);
    };
    // CPython empties the list while sorting, so changes during the sort are detected.
    let data = std::mem::take(&mut *l.borrow_mut());
    let sorted = sort_values(vm, data, key.as_ref(), reverse);
    let modified = !l.borrow().is_empty();
    match sorted {
        Ok(v) => {
            *l.borrow_mut() = v;
            if modified {
                return Err(vm.raise(vm.types.value_error.clone(), "list modified during sort"));
            }
            Ok(Value::None)
        }
        Err((e, v)) => {
            *l.borrow_mut() = v;
            Err(e)
        }
    }
}

/// A stable merge sort calling Python comparisons; on error, the items come back (in some
/// order) with the exception.
pub fn sort_values(
    vm: &mut Vm,
    data: Vec<Value>,
    key: Option<&Value>,
    reverse: bool,
) -> Result<Vec<Value>, (Flow, Vec<Value>)> {
    let keys: Vec<Value> = match key {
        Some(f) => {
            let mut ks = Vec::with_capacity(data.len());
            for v in &data {
                match vm.call(f, std::slice::from_ref(v), &[]) {
                    Ok(k) => ks.push(k),
                    Err(e) => return Err((e, data)),
                }
            }
            ks
        }
        None => data.clone(),
    };
    let mut idx: Vec<usize> = (0..data.len()).collect();
    if reverse {
        idx.reverse();
    }
    let mut err: Option<Flow> = None;
    let n = idx.len() as u64;
    if let Err(e) = vm.charge(n * (64 - n.leading_zeros() as u64) / 4) {
        return Err((e, data));
    }
    // Merge sort on indices so every comparison can fail without losing items.
    let mut buf = idx.clone();
    let mut width = 1;
    let len = idx.len();
    while width < len && err.is_none() {
        let mut i = 0;
        while i < len {
            let mid = (i + width).min(len);
            let end = (i + 2 * width).min(len);
            let (mut l, mut r, mut o) = (i, mid, i);
            while l < mid && r < end {
                // Take from the right only when right < left (stability).
                let less = if err.is_some() {
                    false
                } else {
                    match vm.less_than(&keys[idx[r]], &keys[idx[l]]) {
                        Ok(b) => b,
                        Err(e) => {
                            err = Some(e);
                            false
                        }
                    }
                };
                if less {
                    buf[o] = idx[r];
                    r += 1;
                } else {
                    buf[o] = idx[l];
                    l += 1;
                }
                o += 1;
            }
            while l < mid {
                buf[o] = idx[l];
                l += 1;
                o += 1;
            }
            while r < end {
                buf[o] = idx[r];
                r += 1;
                o += 1;
            }
            i += 2 * width;
        }
        std::mem::swap(&mut idx, &mut buf);
        width *= 2;
    }
    if reverse {
        idx.reverse();
    }
    let out: Vec<Value> = idx.iter().map(|&i| data[i].clone()).collect();
    match err {
        Some(e) => Err((e, out)),
        None => Ok(out),
    }
}

fn len(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(Value::Int(vm.len(&a[0])? as i64))
}

fn getitem(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "__getitem__", a, 1, 1)?;
    vm.getitem(&a[0], &a[1])
}

fn contains(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    arity(vm, "__contains__", a, 1, 1)?;
    Ok(Value::Bool(vm.contains(&a[0], &a[1])?))
}
