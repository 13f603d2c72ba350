//! The `builtins` module's functions and the `sys` module.

use super::methods;
use super::methods::list::sort_values;
use super::object::{Builtin, IterState, Kind, Module, NativeFn, Value};
use super::stream;
use super::types::set_item;
use super::vm::ops::{num, Num};
use super::vm::{alloc, Flow, PyResult, Vm};
use num_bigint::BigInt;
use std::cell::RefCell;
use std::rc::Rc;

type Kw<'a> = &'a [(Rc<str>, Value)];

/// The version this interpreter reports and follows.
pub const VERSION: &str = "3.14.2";

fn native(vm: &Vm, name: &'static str, f: NativeFn) -> Value {
    alloc::obj(
        &vm.heap,
        Kind::Builtin(Builtin {
            name,
            func: f,
            bound: None,
            owner: None,
        }),
        64,
    )
}

pub fn install(vm: &mut Vm) {
    methods::install(vm);
    let b = vm.builtins.clone();
    let fns: &[(&'static str, NativeFn)] = &[
        ("print", print),
        ("len", len),
        ("repr", repr),
        ("ascii", ascii),
        ("abs", abs),
        ("min", min),
        ("max", max),
        ("sum", sum),
        ("sorted", sorted),
        ("reversed", reversed),
        ("enumerate", enumerate),
        ("zip", zip),
        ("map", map),
        ("filter", filter),
        ("isinstance", isinstance),
        ("issubclass", issubclass),
        ("hasattr", hasattr),
        ("getattr", getattr),
        ("setattr", setattr),
        ("delattr", delattr),
        ("id", id),
        ("hash", hash),
        ("iter", iter),
        ("next", next),
        ("all", all),
        ("any", any),
        ("chr", chr),
        ("ord", ord),
        ("round", round),
        ("divmod", divmod),
        ("pow", pow),
        ("input", input),
        ("hex", hex),
        ("oct", oct),
        ("bin", bin),
        ("format", format),
        ("callable", callable),
        ("compile", super::vm::eval::compile),
        ("__build_class__", build_class),
        ("exit", exit),
        ("open", methods::io::open),
        ("quit", exit),
    ];
    for (name, f) in fns {
        let v = native(vm, name, *f);
        set_item(&vm.heap, &b, name, v);
    }
    for (name, f) in super::vm::eval::FRAME_BUILTINS {
        let v = alloc::obj(&vm.heap, Kind::FrameBuiltin(name, *f), 64);
        set_item(&vm.heap, &b, name, v);
    }
    let t = &vm.types;
    let classes = [
        ("object", &t.object_type),
        ("type", &t.type_type),
        ("int", &t.int_type),
        ("bool", &t.bool_type),
        ("float", &t.float_type),
        ("str", &t.str_type),
        ("bytes", &t.bytes_type),
        ("bytearray", &t.bytearray_type),
        ("tuple", &t.tuple_type),
        ("list", &t.list_type),
        ("dict", &t.dict_type),
        ("set", &t.set_type),
        ("frozenset", &t.frozenset_type),
        ("range", &t.range_type),
        ("slice", &t.slice_type),
        ("property", &t.property_type),
        ("classmethod", &t.classmethod_type),
        ("staticmethod", &t.staticmethod_type),
        ("super", &t.super_type),
    ];
    let mut entries: Vec<(String, Value)> = classes
        .iter()
        .map(|(n, c)| (n.to_string(), Value::Obj((*c).clone())))
        .collect();
    for (n, c) in &t.exceptions {
        entries.push((n.to_string(), Value::Obj(c.clone())));
    }
    for (n, v) in entries {
        set_item(&vm.heap, &b, &n, v);
    }
    let ni = alloc::obj(&vm.heap, Kind::NotImplemented, 16);
    set_item(&vm.heap, &b, "NotImplemented", ni);
    let el = alloc::ellipsis(&vm.heap);
    set_item(&vm.heap, &b, "Ellipsis", el);
    set_item(&vm.heap, &b, "__debug__", Value::Bool(true));
    let name = alloc::str_value(&vm.heap, "builtins");
    set_item(&vm.heap, &b, "__name__", name);
    // Property helpers live on the property type.
    let p = vm.types.property_type.clone();
    methods::add(
        vm,
        &p,
        "property",
        &[
            ("setter", property_setter),
            ("getter", property_getter),
            ("deleter", property_deleter),
        ],
    );
    let bm = Module {
        name: "builtins".into(),
        dict: b.clone(),
    };
    let bmod = alloc::obj(&vm.heap, Kind::Module(bm), 128);
    let modules = vm.modules.clone();
    set_item(&vm.heap, &modules, "builtins", bmod);
}

/// Builds the `sys` module once the command knows argv, path and flags.
pub fn install_sys(vm: &mut Vm) -> PyResult<()> {
    let d = vm.new_dict()?;
    let dict = d.obj().cloned().expect("dict");
    let heap = vm.heap.clone();
    let s = |v: &str| alloc::str_value(&heap, v);
    let argv: Vec<Value> = vm.argv.iter().map(|a| s(a)).collect();
    let argv = vm.new_list(argv)?;
    let path: Vec<Value> = vm.path.iter().map(|p| s(p)).collect();
    let path = vm.new_list(path)?;
    let vi = vm.new_tuple(vec![
        Value::Int(3),
        Value::Int(14),
        Value::Int(2),
        s("final"),
        Value::Int(0),
    ])?;
    let fns: &[(&'static str, NativeFn)] = &[
        ("exit", sys_exit),
        ("getrecursionlimit", sys_getrecursionlimit),
        ("setrecursionlimit", sys_setrecursionlimit),
        ("exc_info", sys_exc_info),
        ("exception", sys_exception),
        ("get_int_max_str_digits", sys_get_int_max_str_digits),
        ("set_int_max_str_digits", sys_set_int_max_str_digits),
        ("intern", sys_intern),
        ("getsizeof", sys_getsizeof),
    ];
    let entries: Vec<(&str, Value)> = vec![
        ("__name__", s("sys")),
        ("argv", argv),
        ("path", path),
        ("modules", Value::Obj(vm.modules.clone())),
        ("stdout", vm.stdout.clone()),
        ("stderr", vm.stderr.clone()),
        ("stdin", vm.stdin.clone()),
        ("__stdout__", vm.stdout.clone()),
        ("__stderr__", vm.stderr.clone()),
        ("__stdin__", vm.stdin.clone()),
        (
            "version",
            s(&format!(
                "{VERSION} (main, Dec  5 2025, 00:00:00) [GCC 14.2.0]"
            )),
        ),
        ("version_info", vi),
        ("hexversion", Value::Int(0x030e02f0)),
        ("platform", s("linux")),
        ("byteorder", s("little")),
        ("maxsize", Value::Int(i64::MAX)),
        ("maxunicode", Value::Int(0x10ffff)),
        ("executable", s("/usr/bin/python3")),
        ("prefix", s("/usr")),
        ("exec_prefix", s("/usr")),
        ("base_prefix", s("/usr")),
        ("platlibdir", s("lib")),
        (
            "copyright",
            s("Copyright (c) 2001 Python Software Foundation.\nAll Rights Reserved."),
        ),
        ("api_version", Value::Int(1013)),
        ("dont_write_bytecode", Value::Bool(true)),
    ];
    for (k, v) in entries {
        set_item(&vm.heap, &dict, k, v);
    }
    for (name, f) in fns {
        let v = native(vm, name, *f);
        set_item(&vm.heap, &dict, name, v);
    }
    for (name, f) in super::vm::eval::SYS_FRAME_BUILTINS {
        let v = alloc::obj(&vm.heap, Kind::FrameBuiltin(name, *f), 64);
        set_item(&vm.heap, &dict, name, v);
    }
    let m = Module {
        name: "sys".into(),
        dict,
    };
    let mv = vm.new_obj(Kind::Module(m), 128)?;
    let modules = vm.modules.clone();
    set_item(&vm.heap, &modules, "sys", mv.clone());
    vm.sys_module = mv.obj().cloned();
    Ok(())
}

fn kwarg(k: Kw, name: &str) -> Option<Value> {
    k.iter().find(|(n, _)| &**n == name).map(|(_, v)| v.clone())
}

fn exact(vm: &mut Vm, name: &str, a: &[Value], n: usize) -> PyResult<()> {
    if a.len() == n {
        return Ok(());
    }
    let msg = match n {
        1 => format!("{name}() takes exactly one argument ({} given)", a.len()),
        _ => format!("{name} expected {n} arguments, got {}", a.len()),
    };
    Err(vm.raise(vm.types.type_error.clone(), &msg))
}

/// `sys.stdout` as the program has it now (it may have been replaced).
pub fn sys_attr(vm: &Vm, name: &str) -> Option<Value> {
    let m = vm.sys_module.as_ref()?;
    let Kind::Module(m) = &m.kind else {
        return None;
    };
    super::vm::attr::dict_get_str(&m.dict, name)
}

fn print(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let mut sep = " ".to_string();
    let mut end = "\n".to_string();
    let mut file: Option<Value> = None;
    let mut flush = false;
    for (name, v) in k {
        match &**name {
            "sep" => {
                if !v.is_none() {
                    match v.as_str() {
                        Some(s) => sep = s.to_string(),
                        None => {
                            let msg =
                                format!("sep must be None or a string, not {}", vm.type_name(v));
                            return Err(vm.raise(vm.types.type_error.clone(), &msg));
                        }
                    }
                }
            }
            "end" => {
                if !v.is_none() {
                    match v.as_str() {
                        Some(s) => end = s.to_string(),
                        None => {
                            let msg =
                                format!("end must be None or a string, not {}", vm.type_name(v));
                            return Err(vm.raise(vm.types.type_error.clone(), &msg));
                        }
                    }
                }
            }
            "file" => {
                if !v.is_none() {
                    file = Some(v.clone());
                }
            }
            "flush" => flush = vm.truthy(v)?,
            other => {
                let msg = format!("'{other}' is an invalid keyword argument for print()");
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
        }
    }
    let mut out = String::new();
    for (i, v) in a.iter().enumerate() {
        if i > 0 {
            out.push_str(&sep);
        }
        let s = vm.str_string(v)?;
        out.push_str(&s);
    }
    out.push_str(&end);
    let target = match file {
        Some(f) => f,
        None => match sys_attr(vm, "stdout") {
            Some(s) if !s.is_none() => s,
            _ => return Ok(Value::None),
        },
    };
    vm.charge_bytes(out.len())?;
    stream::write(vm, &target, &out)?;
    if flush {
        if let Some(Kind::Stream(s)) = target.kind() {
            if !s.borrow().out.is_empty() {
                s.borrow_mut().flush_now = true;
                vm.want_flush = true;
            }
        } else if let Ok(f) = vm.getattr_str(&target, "flush") {
            vm.call(&f, &[], &[])?;
        }
    }
    Ok(Value::None)
}

fn len(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "len", a, 1)?;
    let n = vm.len(&a[0])?;
    Ok(Value::Int(n as i64))
}

fn repr(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "repr", a, 1)?;
    vm.repr_of(&a[0])
}

fn ascii(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "ascii", a, 1)?;
    vm.ascii_of(&a[0])
}

fn abs(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "abs", a, 1)?;
    match num(&a[0]) {
        Some(Num::I(i)) => match i.checked_abs() {
            Some(v) => Ok(Value::Int(v)),
            None => vm.new_int(BigInt::from(i).magnitude().clone().into()),
        },
        Some(Num::B(b)) => {
            let v: BigInt = b.magnitude().clone().into();
            vm.new_int(v)
        }
        Some(Num::F(f)) => Ok(Value::Float(f.abs())),
        None => {
            if let Some(m) = vm.special_method(&a[0], "__abs__")? {
                return vm.call(&m, &[], &[]);
            }
            let msg = format!("bad operand type for abs(): '{}'", vm.type_name(&a[0]));
            Err(vm.raise(vm.types.type_error.clone(), &msg))
        }
    }
}

fn min_max(vm: &mut Vm, a: &[Value], k: Kw, want_max: bool) -> PyResult<Value> {
    let name = if want_max { "max" } else { "min" };
    let key = kwarg(k, "key").filter(|v| !v.is_none());
    let default = kwarg(k, "default");
    for (n, _) in k {
        if &**n != "key" && &**n != "default" {
            let msg = format!("{name}() got an unexpected keyword argument '{n}'");
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        }
    }
    let items = match a.len() {
        0 => {
            let msg = format!("{name} expected at least 1 argument, got 0");
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        }
        1 => vm.to_vec(&a[0])?,
        _ => {
            if default.is_some() {
                let msg = format!(
                    "Cannot specify a default for {name}() with multiple positional arguments"
                );
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
            a.to_vec()
        }
    };
    if items.is_empty() {
        return match default {
            Some(d) => Ok(d),
            None => {
                let msg = format!("{name}() iterable argument is empty");
                Err(vm.raise(vm.types.value_error.clone(), &msg))
            }
        };
    }
    let mut best = items[0].clone();
    let mut best_key = match &key {
        Some(f) => vm.call(f, std::slice::from_ref(&best), &[])?,
        None => best.clone(),
    };
    for it in &items[1..] {
        let kv = match &key {
            Some(f) => vm.call(f, std::slice::from_ref(it), &[])?,
            None => it.clone(),
        };
        let better = if want_max {
            vm.less_than(&best_key, &kv)?
        } else {
            vm.less_than(&kv, &best_key)?
        };
        if better {
            best = it.clone();
            best_key = kv;
        }
    }
    Ok(best)
}

fn min(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    min_max(vm, a, k, false)
}
fn max(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    min_max(vm, a, k, true)
}

fn sum(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    if a.is_empty() || a.len() > 2 {
        let msg = format!(
            "sum() takes at least 1 positional argument ({} given)",
            a.len()
        );
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let mut acc = kwarg(k, "start")
        .or_else(|| a.get(1).cloned())
        .unwrap_or(Value::Int(0));
    if acc.as_str().is_some() {
        return Err(vm.raise(
            vm.types.type_error.clone(),
            "sum() can't sum strings [use ''.join(seq) instead]",
        ));
    }
    let it = vm.iter(&a[0])?;
    // Floats are added with compensated summation, as CPython 3.12+ does.
    let mut fsum: Option<(f64, f64)> = None;
    while let Some(x) = vm.next(&it)? {
        if let (Value::Float(s), Value::Float(f)) = (&acc, &x) {
            let (mut total, mut c) = fsum.unwrap_or((*s, 0.0));
            let t = total + f;
            if total.abs() >= f.abs() {
                c += (total - t) + f;
            } else {
                c += (f - t) + total;
            }
            total = t;
            fsum = Some((total, c));
            acc = Value::Float(total);
            continue;
        }
        if let Some((total, c)) = fsum.take() {
            acc = Value::Float(if c.is_finite() { total + c } else { total });
        }
        if let (Value::Float(s), Some(Num::I(i))) = (&acc, num(&x)) {
            acc = Value::Float(s + i as f64);
            continue;
        }
        acc = vm.binary(super::code::BinOp::Add, &acc, &x)?;
    }
    if let Some((total, c)) = fsum {
        acc = Value::Float(if c.is_finite() && c != 0.0 {
            total + c
        } else {
            total
        });
    }
    Ok(acc)
}

fn sorted(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    if a.len() != 1 {
        let msg = format!("sorted expected 1 argument, got {}", a.len());
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let items = vm.to_vec(&a[0])?;
    let key = kwarg(k, "key").filter(|v| !v.is_none());
    let reverse = match kwarg(k, "reverse") {
        Some(v) => vm.truthy(&v)?,
        None => false,
    };
    match sort_values(vm, items, key.as_ref(), reverse) {
        Ok(v) => vm.new_list(v),
        Err((e, _)) => Err(e),
    }
}

fn reversed(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "reversed", a, 1)?;
    let v = &a[0];
    if matches!(v.kind(), Some(Kind::Instance(_))) {
        if let Some(m) = vm.special_method(v, "__reversed__")? {
            return vm.call(&m, &[], &[]);
        }
    }
    let items = match v.kind() {
        Some(
            Kind::List(_)
            | Kind::Tuple(_)
            | Kind::Str(_)
            | Kind::Range(..)
            | Kind::Bytes(_)
            | Kind::ByteArray(_),
        ) => {
            let n = vm.len(v)? as isize;
            return vm.new_obj(
                Kind::Iter(RefCell::new(IterState::Reversed(v.clone(), n - 1))),
                48,
            );
        }
        Some(Kind::Dict(_) | Kind::DictView(..)) => {
            let mut items = vm.to_vec(v)?;
            items.reverse();
            items
        }
        _ => {
            if vm.special_method(v, "__len__")?.is_some()
                && vm.special_method(v, "__getitem__")?.is_some()
            {
                let n = vm.len(v)? as isize;
                return vm.new_obj(
                    Kind::Iter(RefCell::new(IterState::Reversed(v.clone(), n - 1))),
                    48,
                );
            }
            let msg = format!("'{}' object is not reversible", vm.type_name(v));
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        }
    };
    let l = vm.new_list(items)?;
    vm.iter(&l)
}

fn enumerate(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let Some(x) = a.first().cloned().or_else(|| kwarg(k, "iterable")) else {
        return Err(vm.raise(
            vm.types.type_error.clone(),
            "enumerate() missing required argument 'iterable'",
        ));
    };
    let start = a
        .get(1)
        .cloned()
        .or_else(|| kwarg(k, "start"))
        .unwrap_or(Value::Int(0));
    let it = vm.iter(&x)?;
    vm.new_obj(
        Kind::Iter(RefCell::new(IterState::Enumerate(it, start))),
        64,
    )
}

fn zip(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let strict = match kwarg(k, "strict") {
        Some(v) => vm.truthy(&v)?,
        None => false,
    };
    let mut iters = Vec::with_capacity(a.len());
    for (i, x) in a.iter().enumerate() {
        match vm.iter(x) {
            Ok(it) => iters.push(it),
            Err(Flow::Exc(_)) => {
                let msg = format!("'{}' object is not iterable", vm.type_name(x));
                let _ = i;
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
            Err(e) => return Err(e),
        }
    }
    vm.new_obj(Kind::Iter(RefCell::new(IterState::Zip(iters, strict))), 64)
}

fn map(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.len() < 2 {
        return Err(vm.raise(
            vm.types.type_error.clone(),
            "map() must have at least two arguments.",
        ));
    }
    let mut iters = Vec::new();
    for x in &a[1..] {
        iters.push(vm.iter(x)?);
    }
    vm.new_obj(
        Kind::Iter(RefCell::new(IterState::Map(a[0].clone(), iters))),
        64,
    )
}

fn filter(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "filter", a, 2)?;
    let it = vm.iter(&a[1])?;
    vm.new_obj(
        Kind::Iter(RefCell::new(IterState::Filter(a[0].clone(), it))),
        64,
    )
}

fn class_list(vm: &mut Vm, v: &Value, fname: &str) -> PyResult<Vec<Rc<super::object::Obj>>> {
    match v.kind() {
        Some(Kind::Class(_)) => Ok(vec![v.obj().cloned().expect("class")]),
        Some(Kind::Tuple(t)) => {
            let mut out = Vec::new();
            for x in t.iter() {
                out.extend(class_list(vm, x, fname)?);
            }
            Ok(out)
        }
        _ => {
            let msg = format!("{fname}() arg 2 must be a type, a tuple of types, or a union");
            Err(vm.raise(vm.types.type_error.clone(), &msg))
        }
    }
}

fn isinstance(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "isinstance", a, 2)?;
    Ok(Value::Bool(hooked_check(
        vm,
        &a[0],
        &a[1],
        Check::Instance,
    )?))
}

#[derive(Clone, Copy, PartialEq)]
enum Check {
    Instance,
    Subclass,
}

/// The metaclass hook (`__instancecheck__` / `__subclasscheck__`) that a class's metaclass
/// defines in Python (`abc.ABCMeta`), if any; `type`'s own checks are the built-in ones.
fn metaclass_hook(vm: &Vm, cls: &Value, check: Check) -> Option<Value> {
    let Some(Kind::Class(_)) = cls.kind() else {
        return None;
    };
    let meta = vm.class_of(cls);
    let name = match check {
        Check::Instance => "__instancecheck__",
        Check::Subclass => "__subclasscheck__",
    };
    super::vm::lookup_mro(&meta, name).filter(|f| matches!(f.kind(), Some(Kind::Function(_))))
}

/// `isinstance(x, spec)` / `issubclass(x, spec)`: a tuple is checked item by item; a class
/// whose metaclass defines the check hook is asked through it (after `isinstance`'s
/// exact-type shortcut, as CPython does); everything else is the MRO walk.
fn hooked_check(vm: &mut Vm, x: &Value, spec: &Value, check: Check) -> PyResult<bool> {
    if let Some(Kind::Tuple(t)) = spec.kind() {
        for item in t.iter() {
            vm.charge(1)?;
            if hooked_check(vm, x, item, check)? {
                return Ok(true);
            }
        }
        return Ok(false);
    }
    if let Some(hook) = metaclass_hook(vm, spec, check) {
        if check == Check::Instance {
            if let Some(c) = spec.obj() {
                if Rc::ptr_eq(&vm.class_of(x), c) {
                    return Ok(true);
                }
            }
        }
        let r = vm.call(&hook, &[spec.clone(), x.clone()], &[])?;
        return vm.truthy(&r);
    }
    match check {
        Check::Instance => {
            let classes = class_list(vm, spec, "isinstance")?;
            Ok(classes.iter().any(|c| vm.isinstance(x, c)))
        }
        Check::Subclass => {
            let Some(sub) = x
                .obj()
                .filter(|o| matches!(o.kind, Kind::Class(_)))
                .cloned()
            else {
                return Err(vm.raise(
                    vm.types.type_error.clone(),
                    "issubclass() arg 1 must be a class",
                ));
            };
            let classes = class_list(vm, spec, "issubclass")?;
            Ok(classes.iter().any(|c| vm.is_subclass(&sub, c)))
        }
    }
}

fn issubclass(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "issubclass", a, 2)?;
    Ok(Value::Bool(hooked_check(
        vm,
        &a[0],
        &a[1],
        Check::Subclass,
    )?))
}

fn attr_name(vm: &mut Vm, v: &Value, fname: &str) -> PyResult<Value> {
    if v.as_str().is_some() {
        return Ok(v.clone());
    }
    let msg = format!(
        "{fname}(): attribute name must be string, not '{}'",
        vm.type_name(v)
    );
    Err(vm.raise(vm.types.type_error.clone(), &msg))
}

fn hasattr(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "hasattr", a, 2)?;
    let n = attr_name(vm, &a[1], "hasattr")?;
    Ok(Value::Bool(
        vm.try_getattr(&a[0], n.as_str().unwrap_or(""))?.is_some(),
    ))
}

fn getattr(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.len() < 2 || a.len() > 3 {
        let msg = format!("getattr expected at least 2 arguments, got {}", a.len());
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let n = attr_name(vm, &a[1], "getattr")?;
    if a.len() == 3 {
        return Ok(vm
            .try_getattr(&a[0], n.as_str().unwrap_or(""))?
            .unwrap_or_else(|| a[2].clone()));
    }
    vm.getattr(&a[0], &n)
}

fn setattr(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "setattr", a, 3)?;
    let n = attr_name(vm, &a[1], "setattr")?;
    vm.setattr(&a[0], &n, a[2].clone())?;
    Ok(Value::None)
}

fn delattr(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "delattr", a, 2)?;
    let n = attr_name(vm, &a[1], "delattr")?;
    vm.delattr(&a[0], &n)?;
    Ok(Value::None)
}

fn id(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "id", a, 1)?;
    Ok(Value::Int(vm.identity(&a[0]) as i64))
}

fn hash(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "hash", a, 1)?;
    Ok(Value::Int(vm.hash(&a[0])?))
}

fn iter(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    match a.len() {
        1 => vm.iter(&a[0]),
        2 => vm.new_obj(
            Kind::Iter(RefCell::new(IterState::Callable(
                a[0].clone(),
                a[1].clone(),
            ))),
            48,
        ),
        n => {
            let msg = format!("iter expected at most 2 arguments, got {n}");
            Err(vm.raise(vm.types.type_error.clone(), &msg))
        }
    }
}

fn next(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.is_empty() || a.len() > 2 {
        let msg = format!("next expected at least 1 argument, got {}", a.len());
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let it = &a[0];
    let is_iter = matches!(
        it.kind(),
        Some(Kind::Iter(_) | Kind::Generator(_) | Kind::Stream(_))
    ) || vm.special_method(it, "__next__")?.is_some();
    if !is_iter {
        let msg = format!("'{}' object is not an iterator", vm.type_name(it));
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    // A generator's return value travels in StopIteration.
    if let Some(Kind::Generator(_)) = it.kind() {
        return match vm.resume_generator(it, Value::None)? {
            super::vm::GenStep::Yielded(v) => Ok(v),
            super::vm::GenStep::Returned(v) => {
                if let Some(d) = a.get(1) {
                    return Ok(d.clone());
                }
                let args = if v.is_none() { Vec::new() } else { vec![v] };
                let e = vm.new_exception_args(vm.types.stop_iteration.clone(), args);
                Err(Flow::Exc(e))
            }
        };
    }
    match vm.next(it)? {
        Some(v) => Ok(v),
        None => match a.get(1) {
            Some(d) => Ok(d.clone()),
            None => {
                let e = vm.new_exception_args(vm.types.stop_iteration.clone(), Vec::new());
                Err(Flow::Exc(e))
            }
        },
    }
}

fn all(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "all", a, 1)?;
    let it = vm.iter(&a[0])?;
    while let Some(x) = vm.next(&it)? {
        if !vm.truthy(&x)? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}

fn any(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "any", a, 1)?;
    let it = vm.iter(&a[0])?;
    while let Some(x) = vm.next(&it)? {
        if vm.truthy(&x)? {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

fn chr(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "chr", a, 1)?;
    match num(&a[0]) {
        Some(Num::I(i)) => match u32::try_from(i).ok().and_then(char::from_u32) {
            Some(c) => vm.new_str(c.to_string()),
            None => Err(vm.raise(
                vm.types.value_error.clone(),
                "chr() arg not in range(0x110000)",
            )),
        },
        Some(Num::B(_)) => Err(vm.raise(
            vm.types.overflow_error.clone(),
            "Python int too large to convert to C int",
        )),
        _ => {
            let msg = format!(
                "'{}' object cannot be interpreted as an integer",
                vm.type_name(&a[0])
            );
            Err(vm.raise(vm.types.type_error.clone(), &msg))
        }
    }
}

fn ord(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "ord", a, 1)?;
    match a[0].kind() {
        Some(Kind::Str(s)) => {
            if s.chars == 1 {
                Ok(Value::Int(
                    s.s.chars().next().map(|c| c as i64).unwrap_or(0),
                ))
            } else {
                let msg = format!(
                    "ord() expected a character, but string of length {} found",
                    s.chars
                );
                Err(vm.raise(vm.types.type_error.clone(), &msg))
            }
        }
        Some(Kind::Bytes(b)) if b.len() == 1 => Ok(Value::Int(b[0] as i64)),
        _ => {
            let msg = format!(
                "ord() expected string of length 1, but {} found",
                vm.type_name(&a[0])
            );
            Err(vm.raise(vm.types.type_error.clone(), &msg))
        }
    }
}

fn round(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let x = a.first().cloned().or_else(|| kwarg(k, "number"));
    let Some(x) = x else {
        return Err(vm.raise(
            vm.types.type_error.clone(),
            "round() missing required argument 'number' (pos 1)",
        ));
    };
    let nd = a
        .get(1)
        .cloned()
        .or_else(|| kwarg(k, "ndigits"))
        .filter(|v| !v.is_none());
    match (num(&x), nd) {
        (Some(Num::F(f)), None) => match super::format::float_round_to_int(f) {
            Ok(b) => vm.new_int(b),
            Err(m) => {
                let cls = if f.is_nan() {
                    vm.types.value_error.clone()
                } else {
                    vm.types.overflow_error.clone()
                };
                Err(vm.raise(cls, m))
            }
        },
        (Some(Num::F(f)), Some(n)) => {
            let n = vm.index_of(&n)?.unwrap_or(0);
            match super::format::round_float(f, n) {
                Ok(r) => Ok(Value::Float(r)),
                Err(m) => Err(vm.raise(vm.types.overflow_error.clone(), m)),
            }
        }
        (Some(Num::I(_) | Num::B(_)), None) => Ok(match x {
            Value::Bool(b) => Value::Int(b as i64),
            other => other,
        }),
        (Some(Num::I(_) | Num::B(_)), Some(n)) => {
            let n = vm.index_of(&n)?.unwrap_or(0);
            if n >= 0 {
                return Ok(x);
            }
            // Round to a multiple of 10**-n, half to even.
            let v = match num(&x) {
                Some(Num::I(i)) => BigInt::from(i),
                Some(Num::B(b)) => b.clone(),
                _ => BigInt::from(0),
            };
            let p = num_traits::pow::pow(BigInt::from(10), (-n) as usize);
            use num_integer::Integer;
            let (q, r) = v.div_mod_floor(&p);
            let twice = &r * 2;
            let q = if twice > p || (twice == p && q.is_odd()) {
                q + 1
            } else {
                q
            };
            vm.new_int(q * p)
        }
        _ => {
            if let Some(m) = vm.special_method(&x, "__round__")? {
                let args: Vec<Value> = a.get(1).cloned().into_iter().collect();
                return vm.call(&m, &args, &[]);
            }
            let msg = format!("type {} doesn't define __round__ method", vm.type_name(&x));
            Err(vm.raise(vm.types.type_error.clone(), &msg))
        }
    }
}

fn divmod(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "divmod", a, 2)?;
    if matches!(a[0].kind(), Some(Kind::Instance(_))) {
        if let Some(m) = vm.special_method(&a[0], "__divmod__")? {
            return vm.call(&m, std::slice::from_ref(&a[1]), &[]);
        }
    }
    let q = vm
        .binary(super::code::BinOp::FloorDiv, &a[0], &a[1])
        .map_err(|e| fix_divmod_msg(vm, e, &a[0], &a[1]))?;
    let r = vm.binary(super::code::BinOp::Mod, &a[0], &a[1])?;
    vm.new_tuple(vec![q, r])
}

fn fix_divmod_msg(vm: &mut Vm, e: Flow, x: &Value, y: &Value) -> Flow {
    if let Flow::Exc(ex) = &e {
        if vm.isinstance(ex, &vm.types.type_error.clone()) {
            let msg = format!(
                "unsupported operand type(s) for divmod(): '{}' and '{}'",
                vm.type_name(x),
                vm.type_name(y)
            );
            return vm.raise(vm.types.type_error.clone(), &msg);
        }
    }
    e
}

fn pow(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    match a.len() {
        2 => vm.binary(super::code::BinOp::Pow, &a[0], &a[1]),
        3 => {
            let (Some(b), Some(e), Some(m)) = (num(&a[0]), num(&a[1]), num(&a[2])) else {
                return Err(vm.raise(
                    vm.types.type_error.clone(),
                    "pow() 3rd argument not allowed unless all arguments are integers",
                ));
            };
            let big = |n: &Num| match n {
                Num::I(i) => Some(BigInt::from(*i)),
                Num::B(b) => Some((*b).clone()),
                Num::F(_) => None,
            };
            let (Some(b), Some(e), Some(m)) = (big(&b), big(&e), big(&m)) else {
                return Err(vm.raise(
                    vm.types.type_error.clone(),
                    "pow() 3rd argument not allowed unless all arguments are integers",
                ));
            };
            if m == BigInt::from(0) {
                return Err(vm.raise(
                    vm.types.value_error.clone(),
                    "pow() 3rd argument cannot be 0",
                ));
            }
            if e < BigInt::from(0) {
                return Err(vm.raise(
                    vm.types.value_error.clone(),
                    "base is not invertible for the given modulus",
                ));
            }
            use num_integer::Integer;
            let r = b.modpow(&e, &m);
            let r = if !r.is_zero_val() && (r < BigInt::from(0)) != (m < BigInt::from(0)) {
                r + &m
            } else {
                r
            };
            let r = r.mod_floor(&m);
            vm.new_int(r)
        }
        n => {
            let msg = format!("pow expected at least 2 arguments, got {n}");
            Err(vm.raise(vm.types.type_error.clone(), &msg))
        }
    }
}

trait ZeroVal {
    fn is_zero_val(&self) -> bool;
}
impl ZeroVal for BigInt {
    fn is_zero_val(&self) -> bool {
        *self == BigInt::from(0)
    }
}

fn input(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.len() > 1 {
        let msg = format!("input expected at most 1 argument, got {}", a.len());
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let stdin = sys_attr(vm, "stdin").unwrap_or_else(|| vm.stdin.clone());
    // The line must be there before the prompt is written: if it is not, the instruction
    // is retried after the driver has read more input.
    let line = match stdin.kind() {
        Some(Kind::Stream(s)) => {
            let mut s = s.borrow_mut();
            match s.take_line() {
                Some(l) => l,
                None => return Err(Flow::NeedInput),
            }
        }
        _ => {
            let l = vm.call_method(&stdin, "readline", &[])?;
            l.as_str().unwrap_or("").as_bytes().to_vec()
        }
    };
    if let Some(p) = a.first() {
        let text = vm.str_string(p)?;
        let out = sys_attr(vm, "stdout").unwrap_or_else(|| vm.stdout.clone());
        stream::write(vm, &out, &text)?;
    }
    if line.is_empty() {
        return Err(vm.raise(vm.types.eof_error.clone(), "EOF when reading a line"));
    }
    let mut text = String::from_utf8_lossy(&line).into_owned();
    if text.ends_with('\n') {
        text.pop();
    }
    vm.new_str(text)
}

fn int_text(vm: &mut Vm, a: &[Value], fname: &str, radix: u32, prefix: &str) -> PyResult<Value> {
    exact(vm, fname, a, 1)?;
    let v = match num(&a[0]) {
        Some(Num::I(i)) => BigInt::from(i),
        Some(Num::B(b)) => b.clone(),
        _ => match vm.index_of(&a[0])? {
            Some(i) => BigInt::from(i),
            None => {
                let msg = format!(
                    "'{}' object cannot be interpreted as an integer",
                    vm.type_name(&a[0])
                );
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
        },
    };
    let neg = v < BigInt::from(0);
    let mag = v.magnitude().to_str_radix(radix);
    vm.new_str(format!("{}{prefix}{mag}", if neg { "-" } else { "" }))
}

fn hex(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    int_text(vm, a, "hex", 16, "0x")
}
fn oct(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    int_text(vm, a, "oct", 8, "0o")
}
fn bin(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    int_text(vm, a, "bin", 2, "0b")
}

fn format(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.is_empty() || a.len() > 2 {
        let msg = format!("format expected at least 1 argument, got {}", a.len());
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let spec = match a.get(1) {
        Some(s) => match s.as_str() {
            Some(s) => s.to_string(),
            None => {
                let msg = format!("format() argument 2 must be str, not {}", vm.type_name(s));
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
        },
        None => String::new(),
    };
    vm.format(&a[0], &spec)
}

fn callable(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "callable", a, 1)?;
    let r = match a[0].kind() {
        Some(
            Kind::Function(_)
            | Kind::Builtin(_)
            | Kind::FrameBuiltin(..)
            | Kind::Method(..)
            | Kind::Class(_),
        ) => true,
        Some(Kind::Instance(_)) => vm.special_method(&a[0], "__call__")?.is_some(),
        _ => false,
    };
    Ok(Value::Bool(r))
}

fn build_class(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    vm.build_class(a, k)
}

fn exit(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let e = vm.new_exception_args(vm.types.system_exit.clone(), a.to_vec());
    Err(Flow::Exc(e))
}

fn property_with(vm: &mut Vm, a: &[Value], which: usize) -> PyResult<Value> {
    let Some(Kind::Property(g, s, d)) = a.first().and_then(|v| v.kind()) else {
        return Ok(Value::None);
    };
    let f = a.get(1).cloned().unwrap_or(Value::None);
    let (mut g, mut s, mut d) = (g.clone(), s.clone(), d.clone());
    match which {
        0 => g = f,
        1 => s = f,
        _ => d = f,
    }
    vm.new_obj(Kind::Property(g, s, d), 64)
}

fn property_getter(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    property_with(vm, a, 0)
}
fn property_setter(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    property_with(vm, a, 1)
}
fn property_deleter(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    property_with(vm, a, 2)
}

// ---- sys -----------------------------------------------------------------------------------

fn sys_exit(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exit(vm, a, &[])
}

fn sys_getrecursionlimit(vm: &mut Vm, _a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(Value::Int(vm.recursion_limit as i64))
}

fn sys_setrecursionlimit(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "setrecursionlimit", a, 1)?;
    match vm.index_of(&a[0])? {
        Some(n) if n >= 1 => {
            // The simulator's frames live on the heap; the bound keeps native recursion
            // (nested calls from built-ins) inside the host stack.
            vm.recursion_limit = (n as usize).min(100_000);
            Ok(Value::None)
        }
        Some(_) => Err(vm.raise(
            vm.types.value_error.clone(),
            "recursion limit must be greater or equal than 1",
        )),
        None => Err(vm.raise(
            vm.types.type_error.clone(),
            "'str' object cannot be interpreted as an integer",
        )),
    }
}

fn sys_exc_info(vm: &mut Vm, _a: &[Value], _k: Kw) -> PyResult<Value> {
    match vm.exc_stack.last().cloned() {
        Some(e) => {
            let t = Value::Obj(vm.class_of(&e));
            let tb = vm.traceback_object(&e);
            vm.new_tuple(vec![t, e, tb])
        }
        None => vm.new_tuple(vec![Value::None, Value::None, Value::None]),
    }
}

fn sys_exception(vm: &mut Vm, _a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(vm.exc_stack.last().cloned().unwrap_or(Value::None))
}

fn sys_get_int_max_str_digits(vm: &mut Vm, _a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(Value::Int(vm.int_max_str_digits as i64))
}

fn sys_set_int_max_str_digits(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let v = a.first().cloned().or_else(|| kwarg(k, "maxdigits"));
    match v.as_ref().and_then(|v| match num(v) {
        Some(Num::I(i)) => Some(i),
        _ => None,
    }) {
        Some(n) if n == 0 || n >= 640 => {
            vm.int_max_str_digits = n as usize;
            Ok(Value::None)
        }
        _ => Err(vm.raise(
            vm.types.value_error.clone(),
            "maxdigits must be >= 640 or 0 for unlimited",
        )),
    }
}

fn sys_intern(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    exact(vm, "intern", a, 1)?;
    Ok(a[0].clone())
}

fn sys_getsizeof(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.is_empty() {
        return Err(vm.raise(
            vm.types.type_error.clone(),
            "getsizeof() missing required argument 'object' (pos 1)",
        ));
    }
    let n = match &a[0] {
        Value::None => 16,
        Value::Bool(_) => 28,
        Value::Int(0) => 28,
        Value::Int(i) => 24 + 4 * ((64 - i.unsigned_abs().leading_zeros() as i64 + 29) / 30),
        Value::Float(_) => 24,
        Value::Obj(o) => o.charge.bytes() as i64,
    };
    Ok(Value::Int(n))
}
