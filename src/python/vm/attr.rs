//! Types and attributes: the class of every value, C3 method resolution order, attribute
//! lookup with descriptors (functions bind, `property`, `classmethod`, `staticmethod`), the
//! `class` statement's `__build_class__`, and `super()`.

use super::{alloc, PyResult, Vm};
use crate::python::dict::Dict;
use crate::python::object::{Builtin, Class, Function, Instance, Kind, Obj, Value};
use std::cell::RefCell;
use std::rc::{Rc, Weak};

/// Looks `name` up along a class's MRO (its own dict first).
pub fn lookup_mro(cls: &Rc<Obj>, name: &str) -> Option<Value> {
    let Kind::Class(c) = &cls.kind else {
        return None;
    };
    let mro = c.mro.borrow();
    for k in mro.iter() {
        let Some(k) = k.upgrade() else { continue };
        let Kind::Class(kc) = &k.kind else { continue };
        if let Some(v) = dict_get_str(&kc.dict, name) {
            return Some(v);
        }
    }
    None
}

/// Looks a string key up in a dict object without running Python code.
pub fn dict_get_str(d: &Rc<Obj>, name: &str) -> Option<Value> {
    let Kind::Dict(cell) = &d.kind else {
        return None;
    };
    let dict = cell.borrow();
    let h = crate::python::hash::hash_str(name);
    match dict.lookup(h, |k| Some(k.as_str() == Some(name))) {
        crate::python::dict::Lookup::Found(i) => dict.entry(i).map(|e| e.value.clone()),
        _ => None,
    }
}

impl Vm {
    /// The class of a value.
    pub fn class_of(&self, v: &Value) -> Rc<Obj> {
        let t = &self.types;
        match v {
            Value::None => t.none_type.clone(),
            Value::Bool(_) => t.bool_type.clone(),
            Value::Int(_) => t.int_type.clone(),
            Value::Float(_) => t.float_type.clone(),
            Value::Obj(o) => match &o.kind {
                Kind::BigInt(_) => t.int_type.clone(),
                Kind::Str(_) => t.str_type.clone(),
                Kind::Bytes(_) => t.bytes_type.clone(),
                Kind::ByteArray(_) => t.bytearray_type.clone(),
                Kind::Tuple(_) => t.tuple_type.clone(),
                Kind::List(_) => t.list_type.clone(),
                Kind::Dict(_) => t.dict_type.clone(),
                Kind::Set(_, false) => t.set_type.clone(),
                Kind::Set(_, true) => t.frozenset_type.clone(),
                Kind::Range(..) => t.range_type.clone(),
                Kind::Slice(..) => t.slice_type.clone(),
                Kind::Function(_) => t.function_type.clone(),
                Kind::Builtin(b) => {
                    if b.bound.is_some() {
                        t.builtin_method_type.clone()
                    } else {
                        t.builtin_function_type.clone()
                    }
                }
                Kind::FrameBuiltin(..) => t.builtin_function_type.clone(),
                Kind::Method(..) => t.method_type.clone(),
                Kind::Class(c) => c
                    .metaclass
                    .borrow()
                    .clone()
                    .unwrap_or_else(|| t.type_type.clone()),
                Kind::Instance(i) => i.class.borrow().clone(),
                Kind::Module(_) => t.module_type.clone(),
                Kind::Cell(_) => t.cell_type.clone(),
                Kind::Iter(_) => t.iterator_type.clone(),
                Kind::Generator(_) => t.generator_type.clone(),
                Kind::Property(..) => t.property_type.clone(),
                Kind::ClassMethod(_) => t.classmethod_type.clone(),
                Kind::StaticMethod(_) => t.staticmethod_type.clone(),
                Kind::Super(..) => t.super_type.clone(),
                Kind::Code(_) => t.code_type.clone(),
                Kind::Traceback(..) => t.traceback_type.clone(),
                Kind::Frame(..) => t.frame_type.clone(),
                Kind::NotImplemented => t.not_implemented_type.clone(),
                Kind::Ellipsis => t.ellipsis_type.clone(),
                Kind::Stream(_) => t.textio_type.clone(),
                Kind::Opaque(_) => t.object_type.clone(),
                Kind::DictView(_, w) => match w {
                    0 => t.dict_keys_type.clone(),
                    1 => t.dict_values_type.clone(),
                    _ => t.dict_items_type.clone(),
                },
            },
        }
    }

    /// The name error messages give a value's class: its `__name__`, or for a class the
    /// standard library writes in Python where CPython's is a C type, the C type's dotted
    /// name (`datetime.date`), which such a class sets as `__tp_name__` in its own body.
    pub fn type_name(&self, v: &Value) -> String {
        let c = self.class_of(v);
        if let Kind::Class(k) = &c.kind {
            if let Some(n) = dict_get_str(&k.dict, "__tp_name__") {
                if let Some(s) = n.as_str() {
                    return s.to_string();
                }
            }
        }
        class_name(&c)
    }

    pub fn is_subclass(&self, sub: &Rc<Obj>, sup: &Rc<Obj>) -> bool {
        if Rc::ptr_eq(sub, sup) {
            return true;
        }
        let Kind::Class(c) = &sub.kind else {
            return false;
        };
        let mro = c.mro.borrow();
        mro.iter()
            .any(|k| k.upgrade().is_some_and(|k| Rc::ptr_eq(&k, sup)))
    }

    pub fn isinstance(&self, v: &Value, cls: &Rc<Obj>) -> bool {
        let c = self.class_of(v);
        self.is_subclass(&c, cls)
    }

    pub fn is_not_implemented(&self, v: &Value) -> bool {
        matches!(v.kind(), Some(Kind::NotImplemented))
    }

    /// A special method looked up on the type (never the instance), bound to `v`.
    pub fn special_method(&mut self, v: &Value, name: &str) -> PyResult<Option<Value>> {
        let cls = self.class_of(v);
        match lookup_mro(&cls, name) {
            None => Ok(None),
            Some(Value::None) => Ok(None),
            Some(attr) => Ok(Some(self.bind(&attr, v, &cls)?)),
        }
    }

    /// Binds a class attribute found for `obj` (functions become methods, descriptors run).
    pub fn bind(&mut self, attr: &Value, obj: &Value, cls: &Rc<Obj>) -> PyResult<Value> {
        match attr.kind() {
            Some(Kind::Function(_)) => self.new_obj(Kind::Method(attr.clone(), obj.clone()), 64),
            Some(Kind::Builtin(b)) if b.bound.is_none() && b.owner.is_some() => self.new_obj(
                Kind::Builtin(Builtin {
                    name: b.name,
                    func: b.func,
                    bound: Some(obj.clone()),
                    owner: b.owner,
                }),
                64,
            ),
            Some(Kind::ClassMethod(f)) => {
                let f = f.clone();
                self.new_obj(Kind::Method(f, Value::Obj(cls.clone())), 64)
            }
            Some(Kind::StaticMethod(f)) => Ok(f.clone()),
            Some(Kind::Property(get, _, _)) => {
                if get.is_none() {
                    let msg = "property has no getter".to_string();
                    return Err(self.raise(self.types.attribute_error.clone(), &msg));
                }
                let get = get.clone();
                self.call(&get, std::slice::from_ref(obj), &[])
            }
            Some(Kind::Instance(_)) => {
                // A user-defined descriptor.
                let dcls = self.class_of(attr);
                if let Some(get) = lookup_mro(&dcls, "__get__") {
                    let owner = Value::Obj(cls.clone());
                    return self.call(&get, &[attr.clone(), obj.clone(), owner], &[]);
                }
                Ok(attr.clone())
            }
            _ => Ok(attr.clone()),
        }
    }

    pub fn getattr_str(&mut self, obj: &Value, name: &str) -> PyResult<Value> {
        let n = self.str_now(name);
        self.getattr(obj, &n)
    }

    /// `getattr(obj, name)` returning `None` for an `AttributeError`.
    pub fn try_getattr(&mut self, obj: &Value, name: &str) -> PyResult<Option<Value>> {
        match self.getattr_str(obj, name) {
            Ok(v) => Ok(Some(v)),
            Err(super::Flow::Exc(e))
                if self.isinstance(&e, &self.types.attribute_error.clone()) =>
            {
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    pub fn getattr(&mut self, obj: &Value, name: &Value) -> PyResult<Value> {
        let n = name.as_str().unwrap_or("");
        match obj.kind() {
            Some(Kind::Module(m)) => {
                if let Some(v) = dict_get_str(&m.dict, n) {
                    return Ok(v);
                }
                if n == "__annotations__" {
                    let d = m.dict.clone();
                    return self.annotations_of(&d, true);
                }
                if n == "__dict__" {
                    return Ok(Value::Obj(m.dict.clone()));
                }
                let msg = format!("module '{}' has no attribute '{n}'", m.name);
                return Err(self.attribute_error(&msg, obj, n));
            }
            Some(Kind::Class(_)) => return self.class_getattr(obj, n),
            Some(Kind::Stream(_)) => {
                if let Some(v) = crate::python::methods::io::stream_attr(self, obj, n)? {
                    return Ok(v);
                }
            }
            Some(Kind::Super(start, this)) => {
                let (start, this) = (start.clone(), this.clone());
                return self.super_getattr(&start, &this, n);
            }
            Some(Kind::Traceback(..) | Kind::Frame(..) | Kind::Code(_)) => {
                if let Some(v) = self.frame_object_attr(obj, n)? {
                    return Ok(v);
                }
            }
            _ => {}
        }
        // A function's own attributes (`__name__`, `__module__`, its `__dict__`) come before
        // those of the function type.
        if let Some(Kind::Function(f)) = obj.kind() {
            if let Some(v) = self.function_attr(f, n)? {
                return Ok(v);
            }
        }
        let cls = self.class_of(obj);
        let class_attr = lookup_mro(&cls, n);
        let class_attr = self.builtin_slot_over_object(&cls, n, class_attr);
        // Data descriptors on the class win over the instance dict.
        if let Some(a) = &class_attr {
            if matches!(a.kind(), Some(Kind::Property(..))) {
                return self.bind(a, obj, &cls);
            }
        }
        if let Some(Kind::Instance(inst)) = obj.kind() {
            if let Some(d) = &inst.dict {
                if let Some(v) = dict_get_str(d, n) {
                    return Ok(v);
                }
                if n == "__dict__" {
                    return Ok(Value::Obj(d.clone()));
                }
            }
            if n == "__class__" {
                return Ok(Value::Obj(cls));
            }
            if let Some(v) = self.exception_attr(obj, n)? {
                return Ok(v);
            }
        }
        if let Some(a) = class_attr {
            return self.bind(&a, obj, &cls);
        }
        match obj.kind() {
            Some(Kind::Function(f)) => {
                if let Some(v) = self.function_attr(f, n)? {
                    return Ok(v);
                }
                // Functions are descriptors: `f.__get__(obj)` binds as attribute lookup
                // does (enum and other libraries tell methods from members by it).
                if n == "__get__" {
                    return self.new_obj(
                        Kind::Builtin(Builtin {
                            name: "__get__",
                            func: function_get,
                            bound: Some(obj.clone()),
                            owner: Some("function"),
                        }),
                        64,
                    );
                }
            }
            Some(Kind::ClassMethod(func) | Kind::StaticMethod(func))
                if n == "__func__" || n == "__wrapped__" =>
            {
                return Ok(func.clone());
            }
            Some(Kind::Method(func, this)) => match n {
                "__self__" => return Ok(this.clone()),
                "__func__" => return Ok(func.clone()),
                _ => {
                    let func = func.clone();
                    if let Some(v) = self.try_getattr(&func, n)? {
                        return Ok(v);
                    }
                }
            },
            Some(Kind::Builtin(b)) => match n {
                "__name__" | "__qualname__" => return self.new_str(b.name),
                "__self__" => return Ok(b.bound.clone().unwrap_or(Value::None)),
                _ => {}
            },
            _ => {}
        }
        if n == "__class__" {
            return Ok(Value::Obj(cls));
        }
        if matches!(obj.kind(), Some(Kind::Instance(_))) {
            if let Some(ga) = lookup_mro(&cls, "__getattr__") {
                return self.call(&ga, &[obj.clone(), name.clone()], &[]);
            }
        }
        if let Some(w) = self.slot_method(n, &cls, Some(obj.clone())) {
            return Ok(w);
        }
        let msg = format!("'{}' object has no attribute '{n}'", class_name(&cls));
        Err(self.attribute_error(&msg, obj, n))
    }

    fn function_attr(&mut self, f: &Function, n: &str) -> PyResult<Option<Value>> {
        Ok(Some(match n {
            "__name__" => {
                let s = f.name.borrow().clone();
                self.new_str(&*s)?
            }
            "__qualname__" => {
                let s = f.qualname.borrow().clone();
                self.new_str(&*s)?
            }
            "__doc__" => {
                if let Some(d) = &*f.dict.borrow() {
                    if let Some(v) = dict_get_str(d, "__doc__") {
                        return Ok(Some(v));
                    }
                }
                f.doc.clone()
            }
            "__module__" => {
                if let Some(d) = &*f.dict.borrow() {
                    if let Some(v) = dict_get_str(d, "__module__") {
                        return Ok(Some(v));
                    }
                }
                dict_get_str(&f.globals, "__name__").unwrap_or(Value::None)
            }
            "__annotations__" => {
                let d = self.function_dict(f)?;
                return self.annotations_of(&d, true).map(Some);
            }
            "__annotate__" => match &*f.dict.borrow() {
                Some(d) => dict_get_str(d, "__annotate__").unwrap_or(Value::None),
                None => Value::None,
            },
            "__kwdefaults__" => match &f.kwdefaults {
                Some(d) => Value::Obj(d.clone()),
                None => Value::None,
            },
            "__type_params__" => self.new_tuple(Vec::new())?,
            "__defaults__" => {
                if f.defaults.is_empty() {
                    Value::None
                } else {
                    self.new_tuple(f.defaults.clone())?
                }
            }
            "__code__" => alloc::code_value(&self.heap, f.code.clone()),
            "__globals__" => Value::Obj(f.globals.clone()),
            "__dict__" => {
                let d = self.function_dict(f)?;
                Value::Obj(d)
            }
            _ => {
                if let Some(d) = &*f.dict.borrow() {
                    if let Some(v) = dict_get_str(d, n) {
                        return Ok(Some(v));
                    }
                }
                return Ok(None);
            }
        }))
    }

    /// `__annotations__` of a namespace (a function's, class's or module's dict): the cached
    /// dict, else what its `__annotate__` function evaluates (then cached), else a new empty
    /// dict (cached when `cache_empty`).
    pub fn annotations_of(&mut self, ns: &Rc<Obj>, cache_empty: bool) -> PyResult<Value> {
        if let Some(v) = dict_get_str(ns, "__annotations__") {
            return Ok(v);
        }
        let v = match dict_get_str(ns, "__annotate__") {
            Some(f) if !f.is_none() => self.call(&f, &[Value::Int(1)], &[])?,
            _ => {
                let d = self.new_dict()?;
                if !cache_empty {
                    return Ok(d);
                }
                d
            }
        };
        crate::python::types::set_item(&self.heap, ns, "__annotations__", v.clone());
        Ok(v)
    }

    /// A built-in type's special method `n` as a callable (bound to `this` when given).
    fn slot_method(&self, n: &str, cls: &Rc<Obj>, this: Option<Value>) -> Option<Value> {
        let builtin = match &cls.kind {
            Kind::Class(c) => c.builtin,
            _ => None,
        };
        let (name, func) = crate::python::methods::slots::slot_wrapper(n, builtin)?;
        Some(alloc::obj(
            &self.heap,
            Kind::Builtin(crate::python::object::Builtin {
                name,
                func,
                bound: this,
                owner: None,
            }),
            64,
        ))
    }

    /// `dict.__repr__`, `[].__eq__`: a built-in type's own special method where the lookup
    /// found `object`'s (the built-in types' dicts do not hold their special methods).
    fn builtin_slot_over_object(
        &self,
        cls: &Rc<Obj>,
        n: &str,
        found: Option<Value>,
    ) -> Option<Value> {
        let from_object = matches!(
            found.as_ref().and_then(|f| f.kind()),
            Some(Kind::Builtin(b)) if b.owner == Some("object")
        );
        let builtin = match &cls.kind {
            Kind::Class(c) => c.builtin,
            _ => None,
        };
        if from_object
            && !matches!(
                builtin,
                None | Some(crate::python::types::BuiltinType::Object)
            )
        {
            if let Some((name, func)) = crate::python::methods::slots::slot_wrapper(n, builtin) {
                // Unbound: an instance lookup binds it like any method found on the class.
                return Some(alloc::obj(
                    &self.heap,
                    Kind::Builtin(crate::python::object::Builtin {
                        name,
                        func,
                        bound: None,
                        owner: Some("object"),
                    }),
                    64,
                ));
            }
        }
        found
    }

    /// The `NotImplemented` singleton.
    pub fn not_implemented(&self) -> Value {
        dict_get_str(&self.builtins, "NotImplemented").unwrap_or(Value::None)
    }

    /// The built-in types' `__new__` (a static method: the class comes first).
    fn builtin_new_function(&self) -> Value {
        alloc::obj(
            &self.heap,
            Kind::Builtin(crate::python::object::Builtin {
                name: "__new__",
                func: crate::python::methods::ctors::builtin_new,
                bound: None,
                owner: None,
            }),
            64,
        )
    }

    fn function_dict(&mut self, f: &Function) -> PyResult<Rc<Obj>> {
        if let Some(d) = &*f.dict.borrow() {
            return Ok(d.clone());
        }
        let d = alloc::dict_obj(&self.heap, Dict::new());
        *f.dict.borrow_mut() = Some(d.clone());
        Ok(d)
    }

    fn class_getattr(&mut self, cls_v: &Value, n: &str) -> PyResult<Value> {
        let cls = cls_v.obj().expect("class").clone();
        let Kind::Class(c) = &cls.kind else {
            unreachable!()
        };
        match n {
            "__name__" => {
                let s = c.name.borrow().clone();
                return self.new_str(&*s);
            }
            // A class's own annotations, never a base's.
            "__annotations__" if c.heap_type => {
                let d = c.dict.clone();
                return self.annotations_of(&d, true);
            }
            "__annotate__" if c.heap_type => {
                return Ok(dict_get_str(&c.dict, "__annotate__").unwrap_or(Value::None));
            }
            "__qualname__" => {
                let s = c.qualname.borrow().clone();
                return self.new_str(&*s);
            }
            "__mro__" => {
                let items: Vec<Value> = c
                    .mro
                    .borrow()
                    .iter()
                    .filter_map(|w| w.upgrade())
                    .map(Value::Obj)
                    .collect();
                return self.new_tuple(items);
            }
            "__bases__" => {
                let items: Vec<Value> = c.bases.borrow().iter().cloned().map(Value::Obj).collect();
                return self.new_tuple(items);
            }
            "__base__" => {
                return Ok(c
                    .bases
                    .borrow()
                    .first()
                    .cloned()
                    .map(Value::Obj)
                    .unwrap_or(Value::None));
            }
            "__dict__" => return Ok(Value::Obj(c.dict.clone())),
            "__class__" => return Ok(Value::Obj(self.class_of(cls_v))),
            _ => {}
        }
        let found = lookup_mro(&cls, n);
        if let Some(a) = self.builtin_slot_over_object(&cls, n, found) {
            return match a.kind() {
                Some(Kind::ClassMethod(f)) => {
                    let f = f.clone();
                    self.new_obj(Kind::Method(f, cls_v.clone()), 64)
                }
                Some(Kind::StaticMethod(f)) => Ok(f.clone()),
                Some(Kind::Instance(_)) => {
                    let dcls = self.class_of(&a);
                    if let Some(get) = lookup_mro(&dcls, "__get__") {
                        return self.call(&get, &[a.clone(), Value::None, cls_v.clone()], &[]);
                    }
                    Ok(a)
                }
                _ => Ok(a),
            };
        }
        // Attributes of the metaclass (`type`), bound to the class.
        let meta = self.class_of(cls_v);
        if let Some(a) = lookup_mro(&meta, n) {
            return self.bind(&a, cls_v, &meta);
        }
        if n == "__new__" {
            return Ok(self.builtin_new_function());
        }
        if let Some(w) = self.slot_method(n, &cls, None) {
            return Ok(w);
        }
        let msg = format!("type object '{}' has no attribute '{n}'", c.name.borrow());
        Err(self.attribute_error(&msg, cls_v, n))
    }

    fn super_getattr(&mut self, start: &Rc<Obj>, this: &Value, n: &str) -> PyResult<Value> {
        let this_cls = match this.kind() {
            Some(Kind::Class(_)) => this.obj().cloned().expect("class"),
            _ => self.class_of(this),
        };
        let Kind::Class(c) = &this_cls.kind else {
            unreachable!()
        };
        let mro: Vec<Rc<Obj>> = c.mro.borrow().iter().filter_map(|w| w.upgrade()).collect();
        let pos = mro
            .iter()
            .position(|k| Rc::ptr_eq(k, start))
            .map(|p| p + 1)
            .unwrap_or(mro.len());
        for k in &mro[pos..] {
            let Kind::Class(kc) = &k.kind else { continue };
            if let Some(a) = dict_get_str(&kc.dict, n) {
                if matches!(this.kind(), Some(Kind::Class(_))) {
                    return match a.kind() {
                        Some(Kind::ClassMethod(f)) => {
                            let f = f.clone();
                            self.new_obj(Kind::Method(f, this.clone()), 64)
                        }
                        Some(Kind::StaticMethod(f)) => Ok(f.clone()),
                        _ => Ok(a),
                    };
                }
                return self.bind(&a, this, &this_cls);
            }
        }
        if n == "__new__" {
            return Ok(self.builtin_new_function());
        }
        if let Some(w) = self.slot_method(n, &this_cls, Some(this.clone())) {
            return Ok(w);
        }
        let msg = format!("'super' object has no attribute '{n}'");
        Err(self.attribute_error(&msg, this, n))
    }

    pub fn setattr(&mut self, obj: &Value, name: &Value, v: Value) -> PyResult<()> {
        self.setattr_with(obj, name, v, true)
    }

    /// `setattr`, or `object.__setattr__` when `hook` is false: a class's own `__setattr__`
    /// is not consulted.
    pub fn setattr_with(
        &mut self,
        obj: &Value,
        name: &Value,
        v: Value,
        hook: bool,
    ) -> PyResult<()> {
        let n = name.as_str().unwrap_or("").to_string();
        match obj.kind() {
            Some(Kind::Instance(inst)) => {
                let cls = self.class_of(obj);
                if let Some(a) = lookup_mro(&cls, &n) {
                    if let Some(Kind::Property(_, set, _)) = a.kind() {
                        if set.is_none() {
                            let msg = format!(
                                "property '{n}' of '{}' object has no setter",
                                class_name(&cls)
                            );
                            return Err(self.raise(self.types.attribute_error.clone(), &msg));
                        }
                        let set = set.clone();
                        self.call(&set, &[obj.clone(), v], &[])?;
                        return Ok(());
                    }
                    if let Some(Kind::Instance(_)) = a.kind() {
                        let dcls = self.class_of(&a);
                        if let Some(set) = lookup_mro(&dcls, "__set__") {
                            self.call(&set, &[a.clone(), obj.clone(), v], &[])?;
                            return Ok(());
                        }
                    }
                }
                if let Some(sa) = lookup_mro(&cls, "__setattr__").filter(|_| hook) {
                    if !matches!(sa.kind(), Some(Kind::Builtin(_))) {
                        self.call(&sa, &[obj.clone(), name.clone(), v], &[])?;
                        return Ok(());
                    }
                }
                if let Some(e) = &inst.exc {
                    match n.as_str() {
                        "__cause__" => {
                            e.borrow_mut().cause = if v.is_none() { None } else { Some(v) };
                            e.borrow_mut().suppress_context = true;
                            return Ok(());
                        }
                        "__context__" => {
                            e.borrow_mut().context = if v.is_none() { None } else { Some(v) };
                            return Ok(());
                        }
                        "__suppress_context__" => {
                            let b = self.truthy(&v)?;
                            e.borrow_mut().suppress_context = b;
                            return Ok(());
                        }
                        "args" => {
                            let items = self.to_vec(&v)?;
                            e.borrow_mut().args = items;
                            return Ok(());
                        }
                        "__traceback__" => return self.set_traceback(obj, &v),
                        _ => {}
                    }
                }
                self.instance_store(obj, inst, &n, name.clone(), v)
            }
            Some(Kind::Class(c)) => {
                // A Python metaclass's `__setattr__` (enum's refuses to rebind members).
                if let Some(sa) = self.python_hook(obj, "__setattr__").filter(|_| hook) {
                    self.call(&sa, &[obj.clone(), name.clone(), v], &[])?;
                    return Ok(());
                }
                let d = c.dict.clone();
                self.dict_set(&d, name.clone(), v)?;
                Ok(())
            }
            Some(Kind::Module(m)) => {
                let d = m.dict.clone();
                self.dict_set(&d, name.clone(), v)?;
                Ok(())
            }
            Some(Kind::Function(f)) => {
                match n.as_str() {
                    "__name__" => {
                        *f.name.borrow_mut() = v.as_str().unwrap_or("").into();
                        return Ok(());
                    }
                    "__qualname__" => {
                        *f.qualname.borrow_mut() = v.as_str().unwrap_or("").into();
                        return Ok(());
                    }
                    _ => {}
                }
                let d = self.function_dict(f)?;
                self.dict_set(&d, name.clone(), v)?;
                Ok(())
            }
            _ => {
                let cls = self.class_of(obj);
                let msg = if lookup_mro(&cls, &n).is_some() {
                    format!("'{}' object attribute '{n}' is read-only", class_name(&cls))
                } else {
                    format!(
                        "'{}' object has no attribute '{n}' and no __dict__ for setting new attributes",
                        class_name(&cls)
                    )
                };
                Err(self.attribute_error(&msg, obj, &n))
            }
        }
    }

    fn instance_store(
        &mut self,
        obj: &Value,
        inst: &Instance,
        n: &str,
        name: Value,
        v: Value,
    ) -> PyResult<()> {
        let allowed = match self.slot_names(&self.class_of(obj)) {
            Some(names) => names.iter().any(|s| &**s == n),
            None => true,
        };
        match &inst.dict {
            Some(d) if allowed => {
                let d = d.clone();
                self.dict_set(&d, name, v)
            }
            _ => {
                let cls = self.class_of(obj);
                let msg = format!(
                    "'{}' object has no attribute '{n}' and no __dict__ for setting new attributes",
                    class_name(&cls)
                );
                Err(self.attribute_error(&msg, obj, n))
            }
        }
    }

    /// The attribute names an instance of `cls` may have when every class of its MRO
    /// declares `__slots__` (`None` when instances have a `__dict__`).
    pub fn slot_names(&self, cls: &Rc<Obj>) -> Option<Vec<Rc<str>>> {
        let Kind::Class(c) = &cls.kind else {
            return None;
        };
        c.slots.as_ref()?;
        let mut names = Vec::new();
        for k in c.mro.borrow().iter().filter_map(|w| w.upgrade()) {
            let Kind::Class(kc) = &k.kind else { continue };
            if !kc.heap_type {
                // Exceptions keep a dict whatever their subclasses declare.
                if self.is_exception_class(&k) {
                    return None;
                }
                continue;
            }
            match &kc.slots {
                Some(s) => {
                    if s.iter().any(|n| &**n == "__dict__") {
                        return None;
                    }
                    names.extend(s.iter().cloned());
                }
                None => return None,
            }
        }
        Some(names)
    }

    /// A special method of `obj`'s class written in Python (`None` for the built-in ones).
    pub fn python_hook(&self, obj: &Value, name: &str) -> Option<Value> {
        let cls = self.class_of(obj);
        lookup_mro(&cls, name).filter(|m| !matches!(m.kind(), Some(Kind::Builtin(_))))
    }

    pub fn delattr(&mut self, obj: &Value, name: &Value) -> PyResult<()> {
        self.delattr_with(obj, name, true)
    }

    /// `delattr`, or `object.__delattr__` when `hook` is false: a Python-defined
    /// `__delattr__` of the object's class (or metaclass) is not consulted.
    pub fn delattr_with(&mut self, obj: &Value, name: &Value, hook: bool) -> PyResult<()> {
        if hook && matches!(obj.kind(), Some(Kind::Instance(_) | Kind::Class(_))) {
            if let Some(da) = self.python_hook(obj, "__delattr__") {
                self.call(&da, &[obj.clone(), name.clone()], &[])?;
                return Ok(());
            }
        }
        let n = name.as_str().unwrap_or("").to_string();
        let d = match obj.kind() {
            Some(Kind::Instance(inst)) => {
                let cls = self.class_of(obj);
                if let Some(a) = lookup_mro(&cls, &n) {
                    if let Some(Kind::Property(_, _, del)) = a.kind() {
                        let del = del.clone();
                        self.call(&del, std::slice::from_ref(obj), &[])?;
                        return Ok(());
                    }
                }
                inst.dict.clone()
            }
            Some(Kind::Class(c)) => Some(c.dict.clone()),
            Some(Kind::Module(m)) => Some(m.dict.clone()),
            _ => None,
        };
        if let Some(d) = d {
            if self.dict_del(&d, name)? {
                return Ok(());
            }
        }
        let msg = match obj.kind() {
            Some(Kind::Class(c)) => {
                format!("type object '{}' has no attribute '{n}'", c.name.borrow())
            }
            _ => format!("'{}' object has no attribute '{n}'", self.type_name(obj)),
        };
        Err(self.attribute_error(&msg, obj, &n))
    }

    /// Creates a function object.
    pub fn make_function(
        &mut self,
        code: Rc<crate::python::code::Code>,
        globals: Rc<Obj>,
        defaults: Vec<Value>,
        kwdefaults: Option<Rc<Obj>>,
        closure: Vec<Rc<Obj>>,
    ) -> PyResult<Value> {
        let doc = match &code.docstring {
            Some(d) => self.new_str(&**d)?,
            None => Value::None,
        };
        let f = Function {
            name: RefCell::new(code.name.clone()),
            qualname: RefCell::new(code.qualname.clone()),
            code,
            globals,
            defaults,
            kwdefaults,
            closure,
            dict: RefCell::new(None),
            doc,
        };
        self.new_obj(Kind::Function(f), alloc::size::FUNCTION)
    }

    /// Creates a class: computes its MRO and runs `__set_name__` and `__init_subclass__`.
    pub fn new_class(
        &mut self,
        name: &str,
        bases: Vec<Rc<Obj>>,
        dict: Rc<Obj>,
        meta: Option<Rc<Obj>>,
    ) -> PyResult<Value> {
        let bases = if bases.is_empty() {
            vec![self.types.object_type.clone()]
        } else {
            bases
        };
        let builtin = bases.iter().find_map(|b| match &b.kind {
            Kind::Class(c) => c.builtin,
            _ => None,
        });
        let qualname = dict_get_str(&dict, "__qualname__")
            .and_then(|q| q.as_str().map(Rc::from))
            .unwrap_or_else(|| Rc::from(name));
        // A class that defines __eq__ without __hash__ is unhashable (its __hash__ is None).
        if dict_get_str(&dict, "__eq__").is_some() && dict_get_str(&dict, "__hash__").is_none() {
            crate::python::types::set_item(&self.heap, &dict, "__hash__", Value::None);
        }
        let slots = match dict_get_str(&dict, "__slots__") {
            Some(v) => {
                let items = match v.kind() {
                    Some(Kind::Str(_)) => vec![v.clone()],
                    _ => self.to_vec(&v)?,
                };
                Some(
                    items
                        .iter()
                        .filter_map(|s| s.as_str().map(Rc::from))
                        .collect(),
                )
            }
            None => None,
        };
        let cls = alloc::obj_rc(
            &self.heap,
            Kind::Class(Class {
                name: RefCell::new(Rc::from(name)),
                qualname: RefCell::new(qualname),
                bases: RefCell::new(bases.clone()),
                mro: RefCell::new(Vec::new()),
                dict: dict.clone(),
                builtin,
                heap_type: true,
                metaclass: RefCell::new(meta),
                slots,
            }),
            alloc::size::CLASS,
        );
        self.account()?;
        let mro = match self.c3_mro(&cls, &bases) {
            Some(m) => m,
            None => {
                let names: Vec<String> = bases.iter().map(class_name).collect();
                let msg = format!(
                    "Cannot create a consistent method resolution order (MRO) for bases {}",
                    names.join(", ")
                );
                return Err(self.raise(self.types.type_error.clone(), &msg));
            }
        };
        if let Kind::Class(c) = &cls.kind {
            *c.mro.borrow_mut() = mro.iter().map(Rc::downgrade).collect();
        }
        // Functions defined in the body learn their owner through `__set_name__`.
        let entries: Vec<(Value, Value)> = match &dict.kind {
            Kind::Dict(d) => d
                .borrow()
                .iter()
                .map(|e| (e.key.clone(), e.value.clone()))
                .collect(),
            _ => Vec::new(),
        };
        let cls_v = Value::Obj(cls.clone());
        for (k, v) in entries {
            if let Some(Kind::Instance(_)) = v.kind() {
                if let Some(m) = self.special_method(&v, "__set_name__")? {
                    self.call(&m, &[cls_v.clone(), k], &[])?;
                }
            }
        }
        // `__init_subclass__` of the nearest base that defines it.
        if let Some(parent) = mro.get(1) {
            if let Some(isc) = lookup_mro(parent, "__init_subclass__") {
                if !matches!(isc.kind(), Some(Kind::Builtin(_))) {
                    let f = match isc.kind() {
                        Some(Kind::ClassMethod(f)) => f.clone(),
                        _ => isc.clone(),
                    };
                    self.call(&f, std::slice::from_ref(&cls_v), &[])?;
                }
            }
        }
        Ok(cls_v)
    }

    /// C3 linearization; `None` when the bases cannot be ordered consistently.
    fn c3_mro(&self, cls: &Rc<Obj>, bases: &[Rc<Obj>]) -> Option<Vec<Rc<Obj>>> {
        let mut seqs: Vec<Vec<Rc<Obj>>> = bases
            .iter()
            .map(|b| match &b.kind {
                Kind::Class(c) => c.mro.borrow().iter().filter_map(Weak::upgrade).collect(),
                _ => Vec::new(),
            })
            .collect();
        seqs.push(bases.to_vec());
        let mut out = vec![cls.clone()];
        loop {
            seqs.retain(|s| !s.is_empty());
            if seqs.is_empty() {
                return Some(out);
            }
            let mut chosen = None;
            for s in &seqs {
                let head = &s[0];
                if !seqs
                    .iter()
                    .any(|t| t[1..].iter().any(|x| Rc::ptr_eq(x, head)))
                {
                    chosen = Some(head.clone());
                    break;
                }
            }
            let head = chosen?;
            for s in &mut seqs {
                if Rc::ptr_eq(&s[0], &head) {
                    s.remove(0);
                }
            }
            out.push(head);
        }
    }

    /// Raises an AttributeError remembering the object and name (for "Did you mean").
    pub fn attribute_error(&mut self, msg: &str, obj: &Value, name: &str) -> super::Flow {
        let e = self.new_exception(self.types.attribute_error.clone(), msg);
        if let Some(Kind::Instance(inst)) = e.kind() {
            if let Some(d) = &inst.dict {
                let d = d.clone();
                let k1 = self.str_now("name");
                let v1 = self.str_now(name);
                let k2 = self.str_now("obj");
                let _ = self.dict_set(&d, k1, v1);
                let _ = self.dict_set(&d, k2, obj.clone());
            }
        }
        super::Flow::Exc(e)
    }
}

pub fn class_name(c: &Rc<Obj>) -> String {
    match &c.kind {
        Kind::Class(c) => c.name.borrow().to_string(),
        _ => "?".into(),
    }
}

/// `function.__get__(instance, owner=None)`: the function itself for no instance, else a
/// method bound to the instance (argument errors worded as CPython's slot wrapper words them).
fn function_get(vm: &mut Vm, a: &[Value], k: &[(Rc<str>, Value)]) -> PyResult<Value> {
    let given = a.len() - 1;
    let msg = if !k.is_empty() {
        Some("wrapper __get__() takes no keyword arguments".to_string())
    } else if given == 0 {
        Some("__get__ expected at least 1 argument, got 0".to_string())
    } else if given > 2 {
        Some(format!("__get__ expected at most 2 arguments, got {given}"))
    } else if a[1].is_none() && a.get(2).is_none_or(Value::is_none) {
        Some("__get__(None, None) is invalid".to_string())
    } else {
        None
    };
    if let Some(msg) = msg {
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    if a[1].is_none() {
        return Ok(a[0].clone());
    }
    vm.new_obj(Kind::Method(a[0].clone(), a[1].clone()), 64)
}
