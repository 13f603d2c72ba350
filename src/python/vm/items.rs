//! Containers: subscripts and slices, iteration, unpacking, dict and set operations, global
//! name lookup and imports.

use super::ops::{num, range_len, Num};
use super::{alloc, Flow, GenStep, PyResult, Vm};
use crate::python::code::{BinOp, CmpOp};
use crate::python::hash::SetTable;
use crate::python::object::{IterState, Kind, Obj, SetData, Value};
use num_traits::{Signed, ToPrimitive};
use std::cell::RefCell;
use std::rc::Rc;

/// Resolved slice bounds over a sequence of `len` items.
pub struct SliceIdx {
    pub start: i64,
    pub stop: i64,
    pub step: i64,
    pub len: usize,
}

impl SliceIdx {
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        let mut i = self.start;
        let mut left = self.len;
        std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            left -= 1;
            let cur = i;
            i += self.step;
            Some(cur as usize)
        })
    }
}

impl Vm {
    /// An integer index from `v` (ints, bools, `__index__`); `None` if `v` is not one.
    pub fn index_of(&mut self, v: &Value) -> PyResult<Option<i64>> {
        match num(v) {
            Some(Num::I(i)) => Ok(Some(i)),
            Some(Num::B(b)) => Ok(Some(if b.is_negative() { i64::MIN } else { i64::MAX })),
            Some(Num::F(_)) => Ok(None),
            None => {
                if matches!(v.kind(), Some(Kind::Instance(_))) {
                    if let Some(m) = self.special_method(v, "__index__")? {
                        let r = self.call(&m, &[], &[])?;
                        return self.index_of(&r);
                    }
                }
                Ok(None)
            }
        }
    }

    fn slice_bound(&mut self, v: &Value) -> PyResult<Option<i64>> {
        if v.is_none() {
            return Ok(None);
        }
        match self.index_of(v)? {
            Some(i) => Ok(Some(i)),
            None => Err(self.raise(
                self.types.type_error.clone(),
                "slice indices must be integers or None or have an __index__ method",
            )),
        }
    }

    pub fn slice_indices(
        &mut self,
        start: &Value,
        stop: &Value,
        step: &Value,
        len: usize,
    ) -> PyResult<SliceIdx> {
        let step = match self.slice_bound(step)? {
            None => 1,
            Some(0) => {
                return Err(self.raise(self.types.value_error.clone(), "slice step cannot be zero"))
            }
            Some(s) => s.max(-i64::MAX),
        };
        let n = len as i64;
        let clamp = |v: Option<i64>, default: i64, lo: i64, hi: i64| -> i64 {
            match v {
                None => default,
                Some(mut x) => {
                    if x < 0 {
                        x = x.saturating_add(n);
                        if x < lo {
                            x = lo;
                        }
                    } else if x > hi {
                        x = hi;
                    }
                    x
                }
            }
        };
        let (lo, hi) = if step > 0 { (0, n) } else { (-1, n - 1) };
        let s = self.slice_bound(start)?;
        let e = self.slice_bound(stop)?;
        let start = clamp(s, if step > 0 { 0 } else { n - 1 }, lo, hi);
        let stop = clamp(e, if step > 0 { n } else { -1 }, lo, hi);
        let count = range_len(start, stop, step).max(0) as usize;
        Ok(SliceIdx {
            start,
            stop,
            step,
            len: count,
        })
    }

    pub fn seq_index(&mut self, v: &Value, len: usize, what: &str) -> PyResult<usize> {
        match self.index_of(v)? {
            Some(i) => {
                let j = if i < 0 {
                    i.saturating_add(len as i64)
                } else {
                    i
                };
                if j < 0 || j >= len as i64 {
                    let msg = format!("{what} index out of range");
                    return Err(self.raise(self.types.index_error.clone(), &msg));
                }
                Ok(j as usize)
            }
            None => {
                let msg = format!(
                    "{what} indices must be integers or slices, not {}",
                    self.type_name(v)
                );
                Err(self.raise(self.types.type_error.clone(), &msg))
            }
        }
    }

    pub fn getitem(&mut self, obj: &Value, key: &Value) -> PyResult<Value> {
        if let Some(p) = self.payload_for(obj, "__getitem__") {
            if let Some(Kind::Dict(_)) = p.kind() {
                let d = p.obj().cloned().expect("dict");
                if let Some(v) = self.dict_get(&d, key)? {
                    return Ok(v);
                }
                let cls = self.class_of(obj);
                if let Some(m) = super::lookup_mro(&cls, "__missing__") {
                    return self.call(&m, &[obj.clone(), key.clone()], &[]);
                }
            }
            return self.getitem(&p, key);
        }
        match obj.kind() {
            Some(Kind::List(l)) => {
                if let Some(Kind::Slice(a, b, c)) = key.kind() {
                    let items = l.borrow().clone();
                    let s = self.slice_indices(a, b, c, items.len())?;
                    let out: Vec<Value> = s.indices().map(|i| items[i].clone()).collect();
                    return self.new_list(out);
                }
                let len = l.borrow().len();
                let i = self.seq_index(key, len, "list")?;
                Ok(l.borrow()[i].clone())
            }
            Some(Kind::Tuple(t)) => {
                if let Some(Kind::Slice(a, b, c)) = key.kind() {
                    let s = self.slice_indices(a, b, c, t.len())?;
                    let out: Vec<Value> = s.indices().map(|i| t[i].clone()).collect();
                    return self.new_tuple(out);
                }
                let i = self.seq_index(key, t.len(), "tuple")?;
                Ok(t[i].clone())
            }
            Some(Kind::Str(s)) => {
                if let Some(Kind::Slice(a, b, c)) = key.kind() {
                    let s = s.s.clone();
                    return self.str_slice(&s, a, b, c);
                }
                let i = self.seq_index(key, s.chars, "string")?;
                let c = if s.ascii {
                    s.s[i..i + 1].to_string()
                } else {
                    s.s.chars().nth(i).map(String::from).unwrap_or_default()
                };
                self.new_str(c)
            }
            Some(Kind::ByteArray(_)) => {
                let o = obj.obj().cloned().expect("bytearray");
                crate::python::methods::bytearray::getitem(self, &o, key)
            }
            Some(Kind::Bytes(b)) => {
                if let Some(Kind::Slice(x, y, z)) = key.kind() {
                    let s = self.slice_indices(x, y, z, b.len())?;
                    let out: Vec<u8> = s.indices().map(|i| b[i]).collect();
                    return self.new_bytes(out);
                }
                let i = self.seq_index(key, b.len(), "index")?;
                Ok(Value::Int(b[i] as i64))
            }
            Some(Kind::Range(a, b, st)) => {
                let (a, b, st) = (*a, *b, *st);
                let n = range_len(a, b, st) as usize;
                if let Some(Kind::Slice(x, y, z)) = key.kind() {
                    let s = self.slice_indices(x, y, z, n)?;
                    let start = a + s.start * st;
                    let step = st * s.step;
                    let stop = start + step * s.len as i64;
                    return self.new_obj(Kind::Range(start, stop, step), 48);
                }
                let i = self.seq_index(key, n, "range object")?;
                Ok(Value::Int(a + st * i as i64))
            }
            Some(Kind::Dict(_)) => {
                let d = obj.obj().cloned().expect("dict");
                match self.dict_get(&d, key)? {
                    Some(v) => Ok(v),
                    None => {
                        let e = self
                            .new_exception_args(self.types.key_error.clone(), vec![key.clone()]);
                        Err(Flow::Exc(e))
                    }
                }
            }
            Some(Kind::Class(_)) => {
                // `list[int]`, `dict[str, int]`: kept as the class itself for now.
                let cls = obj.obj().cloned().expect("class");
                // The metaclass's `__getitem__` comes first (`Color['RED']`).
                if let Some(m) = self.python_hook(obj, "__getitem__") {
                    return self.call(&m, &[obj.clone(), key.clone()], &[]);
                }
                if let Some(m) = super::lookup_mro(&cls, "__class_getitem__") {
                    let f = match m.kind() {
                        Some(Kind::ClassMethod(f)) => f.clone(),
                        _ => m,
                    };
                    return self.call(&f, &[obj.clone(), key.clone()], &[]);
                }
                if self.types.is_builtin_class(&cls) {
                    return Ok(obj.clone());
                }
                let msg = format!(
                    "type '{}' is not subscriptable",
                    super::attr::class_name(&cls)
                );
                Err(self.raise(self.types.type_error.clone(), &msg))
            }
            _ => {
                if let Some(m) = self.special_method(obj, "__getitem__")? {
                    return self.call(&m, std::slice::from_ref(key), &[]);
                }
                let msg = format!("'{}' object is not subscriptable", self.type_name(obj));
                Err(self.raise(self.types.type_error.clone(), &msg))
            }
        }
    }

    fn str_slice(&mut self, s: &str, a: &Value, b: &Value, c: &Value) -> PyResult<Value> {
        let ascii = s.is_ascii();
        let chars: Vec<char> = if ascii {
            Vec::new()
        } else {
            s.chars().collect()
        };
        let len = if ascii { s.len() } else { chars.len() };
        let idx = self.slice_indices(a, b, c, len)?;
        let mut out = String::with_capacity(idx.len);
        if ascii && idx.step == 1 {
            out.push_str(&s[idx.start as usize..idx.start as usize + idx.len]);
        } else if ascii {
            let bytes = s.as_bytes();
            for i in idx.indices() {
                out.push(bytes[i] as char);
            }
        } else {
            for i in idx.indices() {
                out.push(chars[i]);
            }
        }
        self.charge_bytes(out.len())?;
        self.new_str(out)
    }

    pub fn setitem(&mut self, obj: &Value, key: Value, v: Value) -> PyResult<()> {
        if let Some(p) = self.payload_for(obj, "__setitem__") {
            return self.setitem(&p, key, v);
        }
        match obj.kind() {
            Some(Kind::Dict(_)) => {
                let d = obj.obj().cloned().expect("dict");
                self.dict_set(&d, key, v)
            }
            Some(Kind::ByteArray(_)) => {
                let o = obj.obj().cloned().expect("bytearray");
                crate::python::methods::bytearray::setitem(self, &o, &key, &v)
            }
            Some(Kind::List(l)) => {
                if let Some(Kind::Slice(a, b, c)) = key.kind() {
                    let items = self.to_vec(&v)?;
                    let len = l.borrow().len();
                    let s = self.slice_indices(a, b, c, len)?;
                    let mut list = l.borrow_mut();
                    if s.step == 1 {
                        let start = s.start as usize;
                        let end = (start + s.len).max(start);
                        list.splice(start..end, items);
                    } else {
                        if items.len() != s.len {
                            drop(list);
                            let msg = format!(
                                "attempt to assign sequence of size {} to extended slice of size {}",
                                items.len(),
                                s.len
                            );
                            return Err(self.raise(self.types.value_error.clone(), &msg));
                        }
                        for (i, it) in s.indices().zip(items) {
                            list[i] = it;
                        }
                    }
                    return Ok(());
                }
                let len = l.borrow().len();
                let i = self.seq_index(&key, len, "list assignment")?;
                l.borrow_mut()[i] = v;
                Ok(())
            }
            _ => {
                if let Some(m) = self.special_method(obj, "__setitem__")? {
                    self.call(&m, &[key, v], &[])?;
                    return Ok(());
                }
                let msg = format!(
                    "'{}' object does not support item assignment",
                    self.type_name(obj)
                );
                Err(self.raise(self.types.type_error.clone(), &msg))
            }
        }
    }

    pub fn delitem(&mut self, obj: &Value, key: &Value) -> PyResult<()> {
        if let Some(p) = self.payload_for(obj, "__delitem__") {
            return self.delitem(&p, key);
        }
        match obj.kind() {
            Some(Kind::Dict(_)) => {
                let d = obj.obj().cloned().expect("dict");
                if !self.dict_del(&d, key)? {
                    let e =
                        self.new_exception_args(self.types.key_error.clone(), vec![key.clone()]);
                    return Err(Flow::Exc(e));
                }
                Ok(())
            }
            Some(Kind::ByteArray(_)) => {
                let o = obj.obj().cloned().expect("bytearray");
                crate::python::methods::bytearray::delitem(self, &o, key)
            }
            Some(Kind::List(l)) => {
                if let Some(Kind::Slice(a, b, c)) = key.kind() {
                    let len = l.borrow().len();
                    let s = self.slice_indices(a, b, c, len)?;
                    let mut idx: Vec<usize> = s.indices().collect();
                    idx.sort_unstable();
                    let mut list = l.borrow_mut();
                    for i in idx.into_iter().rev() {
                        list.remove(i);
                    }
                    return Ok(());
                }
                let len = l.borrow().len();
                let i = self.seq_index(key, len, "list assignment")?;
                l.borrow_mut().remove(i);
                Ok(())
            }
            _ => {
                if let Some(m) = self.special_method(obj, "__delitem__")? {
                    self.call(&m, std::slice::from_ref(key), &[])?;
                    return Ok(());
                }
                let msg = format!(
                    "'{}' object doesn't support item deletion",
                    self.type_name(obj)
                );
                Err(self.raise(self.types.type_error.clone(), &msg))
            }
        }
    }

    // ---- dicts ------------------------------------------------------------------------------

    /// `hash(key)` for a dict key or set element: an unhashable value's TypeError names the
    /// use, as CPython 3.14 words it.
    pub fn hash_for(&mut self, key: &Value, what: &str) -> PyResult<i64> {
        match self.hash(key) {
            Ok(h) => Ok(h),
            Err(Flow::Exc(e)) => {
                let msg = self.exception_str(&e).unwrap_or_default();
                if msg.starts_with("unhashable type:")
                    && self.isinstance(&e, &self.types.type_error.clone())
                {
                    let t = self.type_name(key);
                    let m = format!("cannot use '{t}' as a {what} ({msg})");
                    return Err(self.raise(self.types.type_error.clone(), &m));
                }
                Err(Flow::Exc(e))
            }
            Err(e) => Err(e),
        }
    }

    /// `mapping[key]` through `__getitem__`, `None` when it raises `KeyError` (how a class
    /// body reads names from a custom namespace mapping).
    pub fn mapping_lookup(&mut self, m: &Rc<Obj>, key: &Value) -> PyResult<Option<Value>> {
        match self.getitem(&Value::Obj(m.clone()), key) {
            Ok(v) => Ok(Some(v)),
            Err(super::Flow::Exc(e)) if self.isinstance(&e, &self.types.key_error.clone()) => {
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    pub fn dict_get(&mut self, d: &Rc<Obj>, key: &Value) -> PyResult<Option<Value>> {
        let h = self.hash_for(key, "dict key")?;
        let i = self.dict_find(d, key, h)?;
        let Kind::Dict(cell) = &d.kind else {
            return Ok(None);
        };
        Ok(i.and_then(|i| cell.borrow().entry(i).map(|e| e.value.clone())))
    }

    pub fn dict_set(&mut self, d: &Rc<Obj>, key: Value, v: Value) -> PyResult<()> {
        let h = self.hash_for(&key, "dict key")?;
        let i = self.dict_find(d, &key, h)?;
        let Kind::Dict(cell) = &d.kind else {
            return Ok(());
        };
        match i {
            Some(i) => {
                if let Some(e) = cell.borrow_mut().entry_mut(i) {
                    e.value = v;
                }
            }
            None => {
                cell.borrow_mut().push_new(h, key, v);
                self.grow(d, alloc::size::DICT_ENTRY)?;
            }
        }
        Ok(())
    }

    pub fn dict_del(&mut self, d: &Rc<Obj>, key: &Value) -> PyResult<bool> {
        let h = self.hash_for(key, "dict key")?;
        let i = self.dict_find(d, key, h)?;
        let Kind::Dict(cell) = &d.kind else {
            return Ok(false);
        };
        Ok(match i {
            Some(i) => cell.borrow_mut().remove_at(i).is_some(),
            None => false,
        })
    }

    /// `d.update(m)` (`unique`: fail on a repeated key, for `f(**a, **b)`).
    pub fn dict_update(&mut self, d: &Value, m: &Value, unique: bool) -> PyResult<()> {
        let target = d.obj().cloned().expect("dict");
        let pairs: Vec<(Value, Value)> = match m.kind() {
            Some(Kind::Dict(src)) => src
                .borrow()
                .iter()
                .map(|e| (e.key.clone(), e.value.clone()))
                .collect(),
            _ => {
                if self.try_getattr(m, "keys")?.is_some() {
                    let keys = self.call_method(m, "keys", &[])?;
                    let keys = self.to_vec(&keys)?;
                    let mut out = Vec::new();
                    for k in keys {
                        let v = self.getitem(m, &k)?;
                        out.push((k, v));
                    }
                    out
                } else {
                    let msg = format!("'{}' object is not a mapping", self.type_name(m));
                    return Err(self.raise(self.types.type_error.clone(), &msg));
                }
            }
        };
        for (k, v) in pairs {
            if unique && self.dict_get(&target, &k)?.is_some() {
                let kr = self.repr_of(&k)?;
                let msg = format!(
                    "got multiple values for keyword argument {}",
                    kr.as_str().unwrap_or("")
                );
                return Err(self.raise(self.types.type_error.clone(), &msg));
            }
            self.dict_set(&target, k, v)?;
        }
        Ok(())
    }

    pub fn call_method(&mut self, obj: &Value, name: &str, args: &[Value]) -> PyResult<Value> {
        let m = self.getattr_str(obj, name)?;
        self.call(&m, args, &[])
    }

    // ---- sets -------------------------------------------------------------------------------

    fn eq_for_table(&mut self) -> impl FnMut(&Value, &Value) -> Result<bool, Flow> + '_ {
        move |a: &Value, b: &Value| match self.fast_eq(a, b) {
            Some(r) => Ok(r),
            None => self.eq(a, b),
        }
    }

    pub fn set_add_unchecked(&mut self, set: &Value, v: Value) -> PyResult<()> {
        let h = self.hash_for(&v, "set element")?;
        let Some(Kind::Set(cell, _)) = set.kind() else {
            return Ok(());
        };
        let mut s = cell.borrow_mut();
        let eq = self.eq_for_table();
        s.table.insert(v, h, eq)?;
        Ok(())
    }

    pub fn set_add(&mut self, set: &Value, v: Value) -> PyResult<()> {
        self.set_add_unchecked(set, v)?;
        if let Some(o) = set.obj() {
            let o = o.clone();
            self.grow(&o, 16)?;
        }
        Ok(())
    }

    pub fn set_contains(&mut self, set: &Value, item: &Value) -> PyResult<bool> {
        let h = self.hash_for(item, "set element")?;
        let Some(Kind::Set(cell, _)) = set.kind() else {
            return Ok(false);
        };
        let s = cell.borrow();
        let eq = self.eq_for_table();
        s.table.contains(item, h, eq)
    }

    pub fn set_remove(&mut self, set: &Value, item: &Value) -> PyResult<bool> {
        let h = self.hash_for(item, "set element")?;
        let Some(Kind::Set(cell, _)) = set.kind() else {
            return Ok(false);
        };
        let mut s = cell.borrow_mut();
        let eq = self.eq_for_table();
        Ok(s.table.remove(item, h, eq)?.is_some())
    }

    pub fn set_table(&self, v: &Value) -> Option<SetTable<Value>> {
        match v.kind() {
            Some(Kind::Set(cell, _)) => Some(cell.borrow().table.clone()),
            _ => None,
        }
    }

    pub fn set_from_table(&mut self, table: SetTable<Value>, frozen: bool) -> PyResult<Value> {
        let n = table.len() as u64;
        self.new_obj(
            Kind::Set(RefCell::new(SetData { table }), frozen),
            alloc::size::SET + n * 16,
        )
    }

    pub fn set_binary(&mut self, op: BinOp, a: &Value, b: &Value) -> PyResult<Option<Value>> {
        let frozen = matches!(a.kind(), Some(Kind::Set(_, true)));
        let (Some(x), Some(y)) = (self.set_table(a), self.set_table(b)) else {
            return Ok(None);
        };
        let eq = self.eq_for_table();
        let r = match op {
            BinOp::Or => x.union(&y, eq)?,
            BinOp::And => x.intersection(&y, eq)?,
            BinOp::Sub => x.difference(&y, eq)?,
            BinOp::Xor => x.symmetric_difference(&y, eq)?,
            _ => return Ok(None),
        };
        self.set_from_table(r, frozen).map(Some)
    }

    pub fn set_inplace(&mut self, op: BinOp, a: &Value, b: &Value) -> PyResult<Option<Value>> {
        let Some(y) = self.set_table(b) else {
            return Ok(None);
        };
        let Some(Kind::Set(cell, _)) = a.kind() else {
            return Ok(None);
        };
        let mut t = cell.borrow().table.clone();
        {
            let eq = self.eq_for_table();
            match op {
                BinOp::Or => t.update_from_set(&y, eq)?,
                BinOp::And => t.intersection_update(&y, eq)?,
                BinOp::Sub => t.difference_update(&y, eq)?,
                BinOp::Xor => t.symmetric_difference_update(&y, eq)?,
                _ => return Ok(None),
            }
        }
        cell.borrow_mut().table = t;
        Ok(Some(a.clone()))
    }

    pub fn set_order(&mut self, op: CmpOp, a: &Value, b: &Value) -> PyResult<bool> {
        let (Some(x), Some(y)) = (self.set_table(a), self.set_table(b)) else {
            return Ok(false);
        };
        let sub = {
            let eq = self.eq_for_table();
            x.is_subset(&y, eq)?
        };
        let sup = {
            let eq = self.eq_for_table();
            y.is_subset(&x, eq)?
        };
        Ok(match op {
            CmpOp::Eq => sub && sup,
            CmpOp::Ne => !(sub && sup),
            CmpOp::Le => sub,
            CmpOp::Lt => sub && x.len() < y.len(),
            CmpOp::Ge => sup,
            CmpOp::Gt => sup && x.len() > y.len(),
        })
    }

    // ---- iteration --------------------------------------------------------------------------

    pub fn iter(&mut self, v: &Value) -> PyResult<Value> {
        if let Some(p) = self.payload_for(v, "__iter__") {
            return self.iter(&p);
        }
        let state = match v.kind() {
            Some(Kind::List(_) | Kind::Tuple(_) | Kind::Bytes(_) | Kind::ByteArray(_)) => {
                IterState::Seq(v.clone(), 0)
            }
            Some(Kind::Str(_)) => IterState::Str(v.obj().cloned().expect("str"), 0),
            Some(Kind::Range(a, b, s)) => IterState::Range {
                next: *a,
                stop: *b,
                step: *s,
            },
            Some(Kind::Dict(d)) => {
                let len = d.borrow().len();
                IterState::Dict(v.obj().cloned().expect("dict"), 0, 0, len)
            }
            Some(Kind::Set(s, _)) => {
                let len = s.borrow().table.len();
                IterState::Dict(v.obj().cloned().expect("set"), 0, 3, len)
            }
            Some(Kind::Iter(_) | Kind::Generator(_)) => return Ok(v.clone()),
            Some(Kind::DictView(d, w)) => {
                let len = match &d.kind {
                    Kind::Dict(dd) => dd.borrow().len(),
                    _ => 0,
                };
                IterState::Dict(d.clone(), 0, *w, len)
            }
            Some(Kind::Stream(_)) => return Ok(v.clone()),
            _ => {
                if let Some(m) = self.special_method(v, "__iter__")? {
                    let it = self.call(&m, &[], &[])?;
                    if self.special_method(&it, "__next__")?.is_none()
                        && !matches!(it.kind(), Some(Kind::Iter(_) | Kind::Generator(_)))
                    {
                        let msg = format!(
                            "iter() returned non-iterator of type '{}'",
                            self.type_name(&it)
                        );
                        return Err(self.raise(self.types.type_error.clone(), &msg));
                    }
                    return Ok(it);
                }
                if self.special_method(v, "__getitem__")?.is_some() {
                    IterState::Seq(v.clone(), 0)
                } else {
                    let msg = format!("'{}' object is not iterable", self.type_name(v));
                    return Err(self.raise(self.types.type_error.clone(), &msg));
                }
            }
        };
        self.new_obj(Kind::Iter(RefCell::new(state)), 48)
    }

    /// The next item of an iterator, or `None` when it is exhausted.
    pub fn next(&mut self, it: &Value) -> PyResult<Option<Value>> {
        match it.kind() {
            Some(Kind::Iter(cell)) => self.next_builtin(cell),
            Some(Kind::Generator(_)) => match self.resume_generator(it, Value::None)? {
                GenStep::Yielded(v) => Ok(Some(v)),
                GenStep::Returned(_) => Ok(None),
            },
            Some(Kind::Stream(_)) => {
                let line = super::super::stream::readline(self, it, -1)?;
                let empty = match line.kind() {
                    Some(Kind::Bytes(b)) => b.is_empty(),
                    _ => line.as_str().is_some_and(|s| s.is_empty()),
                };
                Ok(if empty { None } else { Some(line) })
            }
            _ => {
                let Some(m) = self.special_method(it, "__next__")? else {
                    let msg = format!("'{}' object is not an iterator", self.type_name(it));
                    return Err(self.raise(self.types.type_error.clone(), &msg));
                };
                match self.call(&m, &[], &[]) {
                    Ok(v) => Ok(Some(v)),
                    Err(Flow::Exc(e))
                        if self.isinstance(&e, &self.types.stop_iteration.clone()) =>
                    {
                        Ok(None)
                    }
                    Err(e) => Err(e),
                }
            }
        }
    }

    fn next_builtin(&mut self, cell: &RefCell<IterState>) -> PyResult<Option<Value>> {
        let mut st = cell.borrow_mut();
        match &mut *st {
            IterState::Range { next, stop, step } => {
                let cur = *next;
                if (*step > 0 && cur < *stop) || (*step < 0 && cur > *stop) {
                    *next = cur.saturating_add(*step);
                    return Ok(Some(Value::Int(cur)));
                }
                *st = IterState::Exhausted;
                Ok(None)
            }
            IterState::Seq(v, i) => {
                let v2 = v.clone();
                let idx = *i;
                let item = match v2.kind() {
                    Some(Kind::List(l)) => l.borrow().get(idx).cloned(),
                    Some(Kind::Tuple(t)) => t.get(idx).cloned(),
                    Some(Kind::Bytes(b)) => b.get(idx).map(|&x| Value::Int(x as i64)),
                    Some(Kind::ByteArray(b)) => b.borrow().get(idx).map(|&x| Value::Int(x as i64)),
                    _ => {
                        drop(st);
                        let key = Value::Int(idx as i64);
                        match self.getitem(&v2, &key) {
                            Ok(x) => {
                                if let IterState::Seq(_, i) = &mut *cell.borrow_mut() {
                                    *i += 1;
                                }
                                return Ok(Some(x));
                            }
                            Err(Flow::Exc(e))
                                if self.isinstance(&e, &self.types.index_error.clone())
                                    || self.isinstance(&e, &self.types.stop_iteration.clone()) =>
                            {
                                *cell.borrow_mut() = IterState::Exhausted;
                                return Ok(None);
                            }
                            Err(e) => return Err(e),
                        }
                    }
                };
                match item {
                    Some(x) => {
                        *i += 1;
                        Ok(Some(x))
                    }
                    None => {
                        *st = IterState::Exhausted;
                        Ok(None)
                    }
                }
            }
            IterState::Str(s, pos) => {
                let Kind::Str(ps) = &s.kind else {
                    return Ok(None);
                };
                if *pos >= ps.s.len() {
                    *st = IterState::Exhausted;
                    return Ok(None);
                }
                let c = ps.s[*pos..].chars().next().unwrap_or('\0');
                *pos += c.len_utf8();
                drop(st);
                let mut buf = [0u8; 4];
                let v = self.new_str(&*c.encode_utf8(&mut buf))?;
                Ok(Some(v))
            }
            IterState::Dict(d, pos, which, len0) => {
                let d2 = d.clone();
                match &d2.kind {
                    Kind::Dict(dc) => {
                        let dict = dc.borrow();
                        if dict.len() != *len0 {
                            drop(dict);
                            *st = IterState::Exhausted;
                            drop(st);
                            return Err(self.raise(
                                self.types.runtime_error.clone(),
                                "dictionary changed size during iteration",
                            ));
                        }
                        match dict.next_from(*pos) {
                            Some((i, e)) => {
                                *pos = i + 1;
                                let (k, v) = (e.key.clone(), e.value.clone());
                                let w = *which;
                                drop(dict);
                                drop(st);
                                Ok(Some(match w {
                                    0 => k,
                                    1 => v,
                                    _ => self.new_tuple(vec![k, v])?,
                                }))
                            }
                            None => {
                                drop(dict);
                                *st = IterState::Exhausted;
                                Ok(None)
                            }
                        }
                    }
                    Kind::Set(sc, _) => {
                        let set = sc.borrow();
                        if set.table.len() != *len0 {
                            drop(set);
                            *st = IterState::Exhausted;
                            drop(st);
                            return Err(self.raise(
                                self.types.runtime_error.clone(),
                                "Set changed size during iteration",
                            ));
                        }
                        match set.table.next_from(*pos) {
                            Some((i, k)) => {
                                *pos = i + 1;
                                Ok(Some(k.clone()))
                            }
                            None => {
                                drop(set);
                                *st = IterState::Exhausted;
                                Ok(None)
                            }
                        }
                    }
                    _ => Ok(None),
                }
            }
            IterState::Reversed(v, i) => {
                if *i < 0 {
                    *st = IterState::Exhausted;
                    return Ok(None);
                }
                let (v2, idx) = (v.clone(), *i);
                *i -= 1;
                drop(st);
                let key = Value::Int(idx as i64);
                match self.getitem(&v2, &key) {
                    Ok(x) => Ok(Some(x)),
                    Err(Flow::Exc(e)) if self.isinstance(&e, &self.types.index_error.clone()) => {
                        Ok(None)
                    }
                    Err(e) => Err(e),
                }
            }
            IterState::Enumerate(inner, count) => {
                let (inner, c) = (inner.clone(), count.clone());
                drop(st);
                match self.next(&inner)? {
                    Some(x) => {
                        let next = self.binary(BinOp::Add, &c, &Value::Int(1))?;
                        if let IterState::Enumerate(_, count) = &mut *cell.borrow_mut() {
                            *count = next;
                        }
                        Ok(Some(self.new_tuple(vec![c, x])?))
                    }
                    None => Ok(None),
                }
            }
            IterState::Zip(iters, strict) => {
                let (iters, strict) = (iters.clone(), *strict);
                drop(st);
                let mut out = Vec::with_capacity(iters.len());
                for (n, it) in iters.iter().enumerate() {
                    match self.next(it)? {
                        Some(x) => out.push(x),
                        None => {
                            if strict {
                                if n > 0 {
                                    let which = if n > 1 {
                                        format!("s 1-{n}")
                                    } else {
                                        " 1".to_string()
                                    };
                                    let msg = format!(
                                        "zip() argument {} is shorter than argument{which}",
                                        n + 1
                                    );
                                    return Err(self.raise(self.types.value_error.clone(), &msg));
                                }
                                for (m, rest) in iters.iter().enumerate().skip(1) {
                                    if self.next(rest)?.is_some() {
                                        let which = if m > 1 {
                                            format!("s 1-{m}")
                                        } else {
                                            " 1".to_string()
                                        };
                                        let msg = format!(
                                            "zip() argument {} is longer than argument{which}",
                                            m + 1
                                        );
                                        return Err(
                                            self.raise(self.types.value_error.clone(), &msg)
                                        );
                                    }
                                }
                            }
                            *cell.borrow_mut() = IterState::Exhausted;
                            return Ok(None);
                        }
                    }
                }
                if iters.is_empty() {
                    return Ok(None);
                }
                Ok(Some(self.new_tuple(out)?))
            }
            IterState::Map(f, iters) => {
                let (f, iters) = (f.clone(), iters.clone());
                drop(st);
                let mut args = Vec::with_capacity(iters.len());
                for it in &iters {
                    match self.next(it)? {
                        Some(x) => args.push(x),
                        None => return Ok(None),
                    }
                }
                Ok(Some(self.call(&f, &args, &[])?))
            }
            IterState::Filter(f, inner) => {
                let (f, inner) = (f.clone(), inner.clone());
                drop(st);
                while let Some(x) = self.next(&inner)? {
                    let keep = if f.is_none() {
                        self.truthy(&x)?
                    } else {
                        let r = self.call(&f, std::slice::from_ref(&x), &[])?;
                        self.truthy(&r)?
                    };
                    if keep {
                        return Ok(Some(x));
                    }
                }
                Ok(None)
            }
            IterState::Callable(f, sentinel) => {
                let (f, sentinel) = (f.clone(), sentinel.clone());
                drop(st);
                let v = self.call(&f, &[], &[])?;
                if self.eq(&v, &sentinel)? {
                    *cell.borrow_mut() = IterState::Exhausted;
                    return Ok(None);
                }
                Ok(Some(v))
            }
            IterState::Exhausted => Ok(None),
        }
    }

    /// Sends a value into a generator (or calls `next` on another iterator) for `yield from`.
    pub fn send_to(&mut self, it: &Value, sent: Value) -> PyResult<GenStep> {
        match it.kind() {
            Some(Kind::Generator(_)) => self.resume_generator(it, sent),
            _ => match self.next(it)? {
                Some(v) => Ok(GenStep::Yielded(v)),
                None => Ok(GenStep::Returned(Value::None)),
            },
        }
    }

    /// All items of an iterable.
    pub fn to_vec(&mut self, v: &Value) -> PyResult<Vec<Value>> {
        if let Some(p) = self.payload_for(v, "__iter__") {
            return self.to_vec(&p);
        }
        match v.kind() {
            Some(Kind::List(l)) => return Ok(l.borrow().clone()),
            Some(Kind::Tuple(t)) => return Ok(t.to_vec()),
            Some(Kind::Range(a, b, s)) => {
                let n = range_len(*a, *b, *s);
                self.ensure(n as u64 * 8)?;
                self.charge(n as u64 / 16)?;
                let (a, s) = (*a, *s);
                return Ok((0..n).map(|i| Value::Int(a + i * s)).collect());
            }
            _ => {}
        }
        let it = self.iter(v)?;
        let mut out = Vec::new();
        while let Some(x) = self.next(&it)? {
            if out.len() % 1024 == 1023 {
                self.ensure(8 * 1024)?;
                self.charge(16)?;
            }
            out.push(x);
        }
        Ok(out)
    }

    /// Unpacks exactly `before` items (or `before` + a starred list + `after`).
    pub fn unpack(
        &mut self,
        v: &Value,
        before: usize,
        after: Option<usize>,
    ) -> PyResult<Vec<Value>> {
        let items = match v.kind() {
            Some(Kind::List(_) | Kind::Tuple(_)) => self.to_vec(v)?,
            _ => {
                if self.iter(v).is_err() {
                    let msg = format!("cannot unpack non-iterable {} object", self.type_name(v));
                    return Err(self.raise(self.types.type_error.clone(), &msg));
                }
                self.to_vec(v)?
            }
        };
        match after {
            None => {
                if items.len() != before {
                    let msg = if items.len() > before {
                        if matches!(
                            v.kind(),
                            Some(
                                Kind::List(_)
                                    | Kind::Tuple(_)
                                    | Kind::Dict(_)
                                    | Kind::Set(..)
                                    | Kind::Str(_)
                            )
                        ) {
                            format!(
                                "too many values to unpack (expected {before}, got {})",
                                items.len()
                            )
                        } else {
                            format!("too many values to unpack (expected {before})")
                        }
                    } else {
                        format!(
                            "not enough values to unpack (expected {before}, got {})",
                            items.len()
                        )
                    };
                    return Err(self.raise(self.types.value_error.clone(), &msg));
                }
                Ok(items)
            }
            Some(after) => {
                if items.len() < before + after {
                    let msg = format!(
                        "not enough values to unpack (expected at least {}, got {})",
                        before + after,
                        items.len()
                    );
                    return Err(self.raise(self.types.value_error.clone(), &msg));
                }
                let mut out = items[..before].to_vec();
                let mid = items[before..items.len() - after].to_vec();
                out.push(self.new_list(mid)?);
                out.extend_from_slice(&items[items.len() - after..]);
                Ok(out)
            }
        }
    }

    pub fn list_append(&mut self, list: &Value, v: Value) -> PyResult<()> {
        if let Some(Kind::List(l)) = list.kind() {
            l.borrow_mut().push(v);
            let o = list.obj().cloned().expect("list");
            self.grow(&o, alloc::size::SLOT)?;
        }
        Ok(())
    }

    /// `len(v)`.
    pub fn len(&mut self, v: &Value) -> PyResult<usize> {
        if let Some(p) = self.payload_for(v, "__len__") {
            return self.len(&p);
        }
        Ok(match v.kind() {
            Some(Kind::Str(s)) => s.chars,
            Some(Kind::List(l)) => l.borrow().len(),
            Some(Kind::Tuple(t)) => t.len(),
            Some(Kind::Dict(d)) => d.borrow().len(),
            Some(Kind::Set(s, _)) => s.borrow().table.len(),
            Some(Kind::Bytes(b)) => b.len(),
            Some(Kind::ByteArray(b)) => b.borrow().len(),
            Some(Kind::Range(a, b, s)) => range_len(*a, *b, *s) as usize,
            Some(Kind::DictView(d, _)) => match &d.kind {
                Kind::Dict(dd) => dd.borrow().len(),
                _ => 0,
            },
            _ => {
                if let Some(m) = self.special_method(v, "__len__")? {
                    let r = self.call(&m, &[], &[])?;
                    return self.len_result(&r);
                }
                let msg = format!("object of type '{}' has no len()", self.type_name(v));
                return Err(self.raise(self.types.type_error.clone(), &msg));
            }
        })
    }

    pub fn len_result(&mut self, r: &Value) -> PyResult<usize> {
        match num(r) {
            Some(Num::I(i)) if i >= 0 => Ok(i as usize),
            Some(Num::I(_)) => Err(self.raise(
                self.types.value_error.clone(),
                "__len__() should return >= 0",
            )),
            Some(Num::B(b)) => match b.to_usize() {
                Some(n) => Ok(n),
                None => Err(self.raise(
                    self.types.overflow_error.clone(),
                    "cannot fit 'int' into an index-sized integer",
                )),
            },
            _ => {
                let msg = format!(
                    "'{}' object cannot be interpreted as an integer",
                    self.type_name(r)
                );
                Err(self.raise(self.types.type_error.clone(), &msg))
            }
        }
    }

    // ---- names ------------------------------------------------------------------------------

    pub fn load_global(&mut self, globals: &Rc<Obj>, name: &Value) -> PyResult<Value> {
        if let Some(v) = super::attr::dict_get_str(globals, name.as_str().unwrap_or("")) {
            return Ok(v);
        }
        let b = self.builtins.clone();
        if let Some(v) = super::attr::dict_get_str(&b, name.as_str().unwrap_or("")) {
            return Ok(v);
        }
        let n = name.as_str().unwrap_or("").to_string();
        let msg = format!("name '{n}' is not defined");
        let e = self.new_exception(self.types.name_error.clone(), &msg);
        if let Some(Kind::Instance(inst)) = e.kind() {
            if let Some(d) = &inst.dict {
                let d = d.clone();
                let k = self.str_now("name");
                let v = self.str_now(&n);
                let _ = self.dict_set(&d, k, v);
                let k2 = self.str_now("_scope");
                let _ = self.dict_set(&d, k2, Value::Obj(globals.clone()));
            }
        }
        self.chain_context(&e);
        Err(Flow::Exc(e))
    }

    pub fn builtin_fn(&self, name: &str) -> Value {
        super::attr::dict_get_str(&self.builtins, name).unwrap_or(Value::None)
    }
}
