//! Constructors of the built-in classes: `int(...)`, `str(...)`, `list(...)`, `type(...)`, ...

use crate::python::format as pyfmt;
use crate::python::object::{Kind, Obj, Value};
use crate::python::vm::{ops::num, ops::Num, Flow, PyResult, Vm};
use std::rc::Rc;

type Kw<'a> = &'a [(Rc<str>, Value)];

fn no_kw(vm: &mut Vm, name: &str, k: Kw) -> PyResult<()> {
    if k.is_empty() {
        return Ok(());
    }
    let msg = format!("{name}() takes no keyword arguments");
    Err(vm.raise(vm.types.type_error.clone(), &msg))
}

fn at_most(vm: &mut Vm, name: &str, a: &[Value], n: usize) -> PyResult<()> {
    if a.len() <= n {
        return Ok(());
    }
    let msg = format!(
        "{name} expected at most {n} argument{}, got {}",
        if n == 1 { "" } else { "s" },
        a.len()
    );
    Err(vm.raise(vm.types.type_error.clone(), &msg))
}

/// `T.__new__(cls, *args)` for a built-in `T` (`object.__new__(cls)`,
/// `tuple.__new__(cls, items)`, `super().__new__(cls)`): a new `cls` whose built-in part is
/// made from the arguments, as `cls(...)` would make it before `__init__` runs.
pub fn builtin_new(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let Some(first) = a.first() else {
        let msg = "object.__new__(): not enough arguments";
        return Err(vm.raise(vm.types.type_error.clone(), msg));
    };
    let cls = match first {
        Value::Obj(o) if matches!(o.kind, Kind::Class(_)) => o.clone(),
        other => {
            let msg = format!(
                "object.__new__(X): X is not a type object ({})",
                vm.type_name(other)
            );
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        }
    };
    let Kind::Class(c) = &cls.kind else {
        unreachable!()
    };
    // `super().__new__(mcs, name, bases, ns)` in a metaclass: a class whose metaclass is `mcs`.
    if c.heap_type && a.len() == 4 && vm.is_subclass(&cls, &vm.types.type_type) {
        return make_class(vm, Some(cls.clone()), &a[1..]);
    }
    if !c.heap_type {
        if let Some(ctor) = c.builtin.and_then(|b| vm.types.constructor(b, &cls)) {
            return ctor(vm, &cls, &a[1..], k);
        }
    }
    if vm.is_subclass(&cls, &vm.types.type_type.clone()) {
        // `type.__new__(M, name, bases, ns)` / `super().__new__(M, ...)` in a metaclass.
        return metaclass_new(vm, &cls, &a[1..]);
    }
    let obj = vm.new_instance(&cls, &a[1..])?;
    vm.init_payload(&cls, &obj, &a[1..], k)?;
    Ok(obj)
}

pub fn object_new(vm: &mut Vm, cls: &Rc<Obj>, a: &[Value], k: Kw) -> PyResult<Value> {
    if !a.is_empty() || !k.is_empty() {
        return Err(vm.raise(vm.types.type_error.clone(), "object() takes no arguments"));
    }
    vm.new_instance(cls, &[])
}

/// A new class whose metaclass is `meta` (a Python subclass of `type`): what
/// `type.__new__(meta, name, bases, namespace)` makes.
pub fn metaclass_new(vm: &mut Vm, meta: &Rc<Obj>, a: &[Value]) -> PyResult<Value> {
    if a.len() != 3 {
        return Err(vm.raise(
            vm.types.type_error.clone(),
            "type.__new__() takes exactly 3 arguments",
        ));
    }
    let Some(name) = a[0].as_str().map(str::to_string) else {
        let msg = format!(
            "type.__new__() argument 1 must be str, not {}",
            vm.type_name(&a[0])
        );
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    };
    let mut bases = Vec::new();
    for b in vm.to_vec(&a[1])? {
        match b.obj() {
            Some(o) if matches!(o.kind, Kind::Class(_)) => bases.push(o.clone()),
            _ => {
                let msg = format!("bases must be types, not {}", vm.type_name(&b));
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
        }
    }
    let ns = vm.new_dict()?;
    vm.dict_update(&ns, &a[2], false)?;
    let ns = ns.obj().cloned().expect("dict");
    vm.new_class(&name, bases, ns, Some(meta.clone()))
}

pub fn type_new(vm: &mut Vm, _cls: &Rc<Obj>, a: &[Value], k: Kw) -> PyResult<Value> {
    match a.len() {
        1 if k.is_empty() => Ok(Value::Obj(vm.class_of(&a[0]))),
        3 => make_class(vm, None, a),
        _ => Err(vm.raise(vm.types.type_error.clone(), "type() takes 1 or 3 arguments")),
    }
}

/// A new class from `(name, bases, namespace)`, an instance of `meta` (default `type`).
fn make_class(vm: &mut Vm, meta: Option<Rc<Obj>>, a: &[Value]) -> PyResult<Value> {
    let name = a[0].as_str().unwrap_or("").to_string();
    let bases: Vec<Rc<Obj>> = vm
        .to_vec(&a[1])?
        .iter()
        .filter_map(|b| b.obj().cloned())
        .collect();
    let ns = vm.new_dict()?;
    vm.dict_update(&ns, &a[2], false)?;
    let ns = ns.obj().cloned().expect("dict");
    vm.new_class(&name, bases, ns, meta)
}

pub fn int_new(vm: &mut Vm, _cls: &Rc<Obj>, a: &[Value], k: Kw) -> PyResult<Value> {
    let mut base: Option<Value> = a.get(1).cloned();
    for (name, v) in k {
        if &**name == "base" {
            base = Some(v.clone());
        } else {
            let msg = format!("'{name}' is an invalid keyword argument for int()");
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        }
    }
    at_most(vm, "int", a, 2)?;
    let Some(x) = a.first() else {
        return Ok(Value::Int(0));
    };
    if let Some(b) = base {
        let b = match vm.index_of(&b)? {
            Some(b) => b,
            None => {
                return Err(vm.raise(
                    vm.types.type_error.clone(),
                    "'str' object cannot be interpreted as an integer",
                ))
            }
        };
        let Some(s) = x.as_str().map(String::from).or_else(|| match x.kind() {
            Some(Kind::Bytes(bb)) => Some(String::from_utf8_lossy(bb).into_owned()),
            _ => None,
        }) else {
            return Err(vm.raise(
                vm.types.type_error.clone(),
                "int() can't convert non-string with explicit base",
            ));
        };
        if b != 0 && !(2..=36).contains(&b) {
            return Err(vm.raise(
                vm.types.value_error.clone(),
                "int() base must be >= 2 and <= 36, or 0",
            ));
        }
        return parse_int_value(vm, &s, b as u32);
    }
    match num(x) {
        Some(Num::I(i)) => return Ok(Value::Int(i)),
        Some(Num::B(_)) => return Ok(x.clone()),
        Some(Num::F(f)) => {
            return match pyfmt::float_to_bigint(f) {
                Ok(b) => vm.new_int(b),
                Err(m) => {
                    let cls = if f.is_nan() {
                        vm.types.value_error.clone()
                    } else {
                        vm.types.overflow_error.clone()
                    };
                    Err(vm.raise(cls, m))
                }
            }
        }
        None => {}
    }
    if let Some(s) = x.as_str() {
        let s = s.to_string();
        return parse_int_value(vm, &s, 10);
    }
    if let Some(Kind::Bytes(b)) = x.kind() {
        let s = String::from_utf8_lossy(b).into_owned();
        return parse_int_value(vm, &s, 10);
    }
    for m in ["__int__", "__index__", "__trunc__"] {
        if let Some(f) = vm.special_method(x, m)? {
            return vm.call(&f, &[], &[]);
        }
    }
    let msg = format!(
        "int() argument must be a string, a bytes-like object or a real number, not '{}'",
        vm.type_name(x)
    );
    Err(vm.raise(vm.types.type_error.clone(), &msg))
}

fn parse_int_value(vm: &mut Vm, s: &str, base: u32) -> PyResult<Value> {
    match pyfmt::parse_int_limited(s, base, vm.int_max_str_digits) {
        Ok(v) => vm.new_int(v),
        Err(pyfmt::IntParseError::TooManyDigits(digits)) => {
            let m = pyfmt::parse_limit_message(vm.int_max_str_digits, digits);
            Err(vm.raise(vm.types.value_error.clone(), &m))
        }
        Err(_) => {
            let r = crate::python::vm::text::str_repr(s);
            let msg = format!("invalid literal for int() with base {base}: {r}");
            Err(vm.raise(vm.types.value_error.clone(), &msg))
        }
    }
}

pub fn bool_new(vm: &mut Vm, _cls: &Rc<Obj>, a: &[Value], k: Kw) -> PyResult<Value> {
    no_kw(vm, "bool", k)?;
    at_most(vm, "bool", a, 1)?;
    match a.first() {
        Some(v) => Ok(Value::Bool(vm.truthy(v)?)),
        None => Ok(Value::Bool(false)),
    }
}

pub fn float_new(vm: &mut Vm, _cls: &Rc<Obj>, a: &[Value], k: Kw) -> PyResult<Value> {
    no_kw(vm, "float", k)?;
    at_most(vm, "float", a, 1)?;
    let Some(x) = a.first() else {
        return Ok(Value::Float(0.0));
    };
    if let Some(n) = num(x) {
        return Ok(Value::Float(vm.int_to_f64(&n)?));
    }
    if let Some(s) = x.as_str() {
        return match pyfmt::parse_float(s) {
            Some(f) => Ok(Value::Float(f)),
            None => {
                let r = crate::python::vm::text::str_repr(s);
                let msg = format!("could not convert string to float: {r}");
                Err(vm.raise(vm.types.value_error.clone(), &msg))
            }
        };
    }
    for m in ["__float__", "__index__"] {
        if let Some(f) = vm.special_method(x, m)? {
            let r = vm.call(&f, &[], &[])?;
            if let Some(n) = num(&r) {
                return Ok(Value::Float(vm.int_to_f64(&n)?));
            }
            return Ok(r);
        }
    }
    let msg = format!(
        "float() argument must be a string or a real number, not '{}'",
        vm.type_name(x)
    );
    Err(vm.raise(vm.types.type_error.clone(), &msg))
}

pub fn str_new(vm: &mut Vm, _cls: &Rc<Obj>, a: &[Value], k: Kw) -> PyResult<Value> {
    let obj = a.first().cloned().or_else(|| {
        k.iter()
            .find(|(n, _)| &**n == "object")
            .map(|(_, v)| v.clone())
    });
    let Some(x) = obj else { return vm.new_str("") };
    let encoding = a.get(1).cloned().or_else(|| {
        k.iter()
            .find(|(n, _)| &**n == "encoding")
            .map(|(_, v)| v.clone())
    });
    if encoding.is_some() || a.len() > 2 {
        if let Some(Kind::Bytes(_)) = x.kind() {
            let dec = vm.getattr_str(&x, "decode")?;
            let mut args = Vec::new();
            if let Some(e) = encoding {
                args.push(e);
            }
            if let Some(e) = a.get(2) {
                args.push(e.clone());
            }
            return vm.call(&dec, &args, &[]);
        }
        return Err(vm.raise(vm.types.type_error.clone(), "decoding str is not supported"));
    }
    vm.str_of(&x)
}

pub fn bytes_new(vm: &mut Vm, _cls: &Rc<Obj>, a: &[Value], _k: Kw) -> PyResult<Value> {
    let Some(x) = a.first() else {
        return vm.new_bytes(Vec::new());
    };
    if let Some(s) = x.as_str() {
        let Some(enc) = a.get(1) else {
            return Err(vm.raise(
                vm.types.type_error.clone(),
                "string argument without an encoding",
            ));
        };
        let s = vm.new_str(s)?;
        let f = vm.getattr_str(&s, "encode")?;
        return vm.call(&f, std::slice::from_ref(enc), &[]);
    }
    if let (Some(Kind::Bytes(_)), None) = (x.kind(), a.get(1)) {
        return Ok(x.clone());
    }
    // An object's own conversion comes first (`bytes(pathlib.PurePath('a'))`).
    if matches!(x, Value::Obj(_)) && !matches!(x.kind(), Some(Kind::Bytes(_))) {
        if let Some(m) = vm.special_method(x, "__bytes__")? {
            let r = vm.call(&m, &[], &[])?;
            if matches!(r.kind(), Some(Kind::Bytes(_))) {
                return Ok(r);
            }
            let msg = format!("__bytes__ returned non-bytes (type {})", vm.type_name(&r));
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        }
    }
    if let Some(b) = super::bytes::buffer(x) {
        return vm.new_bytes(b.to_vec());
    }
    if let Some(Num::I(n)) = num(x) {
        if n < 0 {
            return Err(vm.raise(vm.types.value_error.clone(), "negative count"));
        }
        vm.ensure(n as u64)?;
        return vm.new_bytes(vec![0; n as usize]);
    }
    let items = vm.to_vec(x)?;
    let mut out = Vec::with_capacity(items.len());
    for it in items {
        match num(&it) {
            Some(Num::I(b)) if (0..256).contains(&b) => out.push(b as u8),
            Some(Num::I(_)) => {
                return Err(vm.raise(
                    vm.types.value_error.clone(),
                    "bytes must be in range(0, 256)",
                ))
            }
            _ => {
                let msg = format!(
                    "'{}' object cannot be interpreted as an integer",
                    vm.type_name(&it)
                );
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
        }
    }
    vm.new_bytes(out)
}

pub fn tuple_new(vm: &mut Vm, _cls: &Rc<Obj>, a: &[Value], k: Kw) -> PyResult<Value> {
    no_kw(vm, "tuple", k)?;
    at_most(vm, "tuple", a, 1)?;
    match a.first() {
        Some(x) => {
            if let Some(Kind::Tuple(_)) = x.kind() {
                return Ok(x.clone());
            }
            let items = vm.to_vec(x)?;
            vm.new_tuple(items)
        }
        None => vm.new_tuple(Vec::new()),
    }
}

pub fn list_new(vm: &mut Vm, _cls: &Rc<Obj>, a: &[Value], k: Kw) -> PyResult<Value> {
    no_kw(vm, "list", k)?;
    at_most(vm, "list", a, 1)?;
    let items = match a.first() {
        Some(x) => vm.to_vec(x)?,
        None => Vec::new(),
    };
    vm.new_list(items)
}

pub fn dict_new(vm: &mut Vm, _cls: &Rc<Obj>, a: &[Value], k: Kw) -> PyResult<Value> {
    at_most(vm, "dict", a, 1)?;
    let d = vm.new_dict()?;
    if let Some(src) = a.first() {
        super::dict::update_from(vm, &d, src)?;
    }
    let o = d.obj().cloned().expect("dict");
    for (name, v) in k {
        let key = vm.new_str(&**name)?;
        vm.dict_set(&o, key, v.clone())?;
    }
    Ok(d)
}

pub fn set_new(vm: &mut Vm, _cls: &Rc<Obj>, a: &[Value], k: Kw) -> PyResult<Value> {
    no_kw(vm, "set", k)?;
    at_most(vm, "set", a, 1)?;
    let s = vm.new_set(Vec::new(), false)?;
    if let Some(x) = a.first() {
        if let Some(t) = vm.set_table(x) {
            if let Some(Kind::Set(cell, _)) = s.kind() {
                let eq = |p: &Value, q: &Value| -> Result<bool, Flow> { Ok(p.is(q)) };
                let _ = eq;
                cell.borrow_mut().table = t.copy();
            }
            return Ok(s);
        }
        let items = vm.to_vec(x)?;
        for it in items {
            vm.set_add(&s, it)?;
        }
    }
    Ok(s)
}

pub fn frozenset_new(vm: &mut Vm, cls: &Rc<Obj>, a: &[Value], k: Kw) -> PyResult<Value> {
    if let Some(x) = a.first() {
        if let Some(Kind::Set(_, true)) = x.kind() {
            return Ok(x.clone());
        }
    }
    let s = set_new(vm, cls, a, k)?;
    let t = vm.set_table(&s).unwrap_or_default();
    vm.set_from_table(t, true)
}

pub fn range_new(vm: &mut Vm, _cls: &Rc<Obj>, a: &[Value], k: Kw) -> PyResult<Value> {
    no_kw(vm, "range", k)?;
    let mut ints = Vec::new();
    for v in a {
        match vm.index_of(v)? {
            Some(i) => ints.push(i),
            None => {
                let msg = format!(
                    "'{}' object cannot be interpreted as an integer",
                    vm.type_name(v)
                );
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
        }
    }
    let (start, stop, step) = match ints.as_slice() {
        [stop] => (0, *stop, 1),
        [start, stop] => (*start, *stop, 1),
        [start, stop, step] => (*start, *stop, *step),
        [] => {
            return Err(vm.raise(
                vm.types.type_error.clone(),
                "range expected at least 1 argument, got 0",
            ))
        }
        _ => {
            let msg = format!("range expected at most 3 arguments, got {}", a.len());
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        }
    };
    if step == 0 {
        return Err(vm.raise(
            vm.types.value_error.clone(),
            "range() arg 3 must not be zero",
        ));
    }
    vm.new_obj(Kind::Range(start, stop, step), 48)
}

pub fn slice_new(vm: &mut Vm, _cls: &Rc<Obj>, a: &[Value], _k: Kw) -> PyResult<Value> {
    let (s, e, st) = match a {
        [e] => (Value::None, e.clone(), Value::None),
        [s, e] => (s.clone(), e.clone(), Value::None),
        [s, e, st] => (s.clone(), e.clone(), st.clone()),
        _ => {
            return Err(vm.raise(
                vm.types.type_error.clone(),
                "slice expected at least 1 argument, got 0",
            ))
        }
    };
    vm.new_obj(Kind::Slice(s, e, st), 64)
}

pub fn exception_new(vm: &mut Vm, cls: &Rc<Obj>, a: &[Value], k: Kw) -> PyResult<Value> {
    if !k.is_empty() {
        let msg = format!(
            "{}() takes no keyword arguments",
            crate::python::vm::attr::class_name(cls)
        );
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    vm.new_instance(cls, a)
}

pub fn property_new(vm: &mut Vm, _cls: &Rc<Obj>, a: &[Value], k: Kw) -> PyResult<Value> {
    let get = |i: usize, n: &str| -> Value {
        k.iter()
            .find(|(x, _)| &**x == n)
            .map(|(_, v)| v.clone())
            .or_else(|| a.get(i).cloned())
            .unwrap_or(Value::None)
    };
    let (g, s, d) = (get(0, "fget"), get(1, "fset"), get(2, "fdel"));
    vm.new_obj(Kind::Property(g, s, d), 64)
}

pub fn classmethod_new(vm: &mut Vm, _cls: &Rc<Obj>, a: &[Value], _k: Kw) -> PyResult<Value> {
    let f = a.first().cloned().unwrap_or(Value::None);
    vm.new_obj(Kind::ClassMethod(f), 48)
}

pub fn staticmethod_new(vm: &mut Vm, _cls: &Rc<Obj>, a: &[Value], _k: Kw) -> PyResult<Value> {
    let f = a.first().cloned().unwrap_or(Value::None);
    vm.new_obj(Kind::StaticMethod(f), 48)
}

/// `super(cls, obj)`; the compiler supplies both for a zero-argument `super()`.
pub fn super_new(vm: &mut Vm, _cls: &Rc<Obj>, a: &[Value], _k: Kw) -> PyResult<Value> {
    match a {
        [cls, obj] => {
            let Some(c) = cls
                .obj()
                .filter(|o| matches!(o.kind, Kind::Class(_)))
                .cloned()
            else {
                return Err(vm.raise(
                    vm.types.type_error.clone(),
                    "super() argument 1 must be a type",
                ));
            };
            vm.new_obj(Kind::Super(c, obj.clone()), 48)
        }
        [] => Err(vm.raise(vm.types.runtime_error.clone(), "super(): no arguments")),
        _ => Err(vm.raise(
            vm.types.type_error.clone(),
            "super() takes 2 arguments here",
        )),
    }
}
