//! Calls: binding arguments to parameters with CPython's error messages, instantiating
//! classes (`__new__`, then `__init__` run as a frame of the loop), generators, and
//! `__build_class__`.

use super::{alloc, Called, Exit, Flow, Frame, PyResult, Vm};
use crate::python::code::{CO_VARARGS, CO_VARKEYWORDS};
use crate::python::dict::Dict;
use crate::python::object::{ExcData, Function, Generator, Instance, Kind, Obj, Value};
use std::cell::RefCell;
use std::rc::Rc;

impl Vm {
    /// Starts a call: native callables run now; Python functions return a frame for the loop.
    pub fn prepare_call(
        &mut self,
        func: &Value,
        args: &[Value],
        kwargs: &[(Rc<str>, Value)],
    ) -> PyResult<Called> {
        let Value::Obj(o) = func else {
            return Err(self.not_callable(func));
        };
        match &o.kind {
            Kind::Function(f) => self.function_frame(f, args, kwargs, None),
            Kind::Method(f, this) => {
                let mut full = Vec::with_capacity(args.len() + 1);
                full.push(this.clone());
                full.extend_from_slice(args);
                let f = f.clone();
                self.prepare_call(&f, &full, kwargs)
            }
            Kind::Builtin(b) => {
                let v = match &b.bound {
                    Some(this) => {
                        let mut full = Vec::with_capacity(args.len() + 1);
                        // A built-in type's method works on the value a subclass instance holds.
                        let this = match (b.owner, self.payload_of(this)) {
                            (Some(o), Some(p)) if o != "object" && o != "BaseException" => p,
                            _ => this.clone(),
                        };
                        full.push(this);
                        full.extend_from_slice(args);
                        (b.func)(self, &full, kwargs)?
                    }
                    // `dict.keys(self)`: an unbound method of a built-in type works on the
                    // value a subclass instance extends too.
                    None => match (b.owner, args.first().and_then(|a| self.payload_of(a))) {
                        (Some(o), Some(p)) if o != "object" && o != "BaseException" => {
                            let mut full = args.to_vec();
                            full[0] = p;
                            (b.func)(self, &full, kwargs)?
                        }
                        _ => (b.func)(self, args, kwargs)?,
                    },
                };
                Ok(Called::Value(v))
            }
            Kind::FrameBuiltin(_, f) => Ok(Called::Value(f(self, None, args, kwargs)?)),
            Kind::Class(_) => self.instantiate(o, args, kwargs),
            Kind::Instance(_) => match self.special_method(func, "__call__")? {
                Some(m) => self.prepare_call(&m, args, kwargs),
                None => Err(self.not_callable(func)),
            },
            _ => Err(self.not_callable(func)),
        }
    }

    fn not_callable(&mut self, func: &Value) -> Flow {
        let msg = format!("'{}' object is not callable", self.type_name(func));
        self.raise(self.types.type_error.clone(), &msg)
    }

    /// Binds arguments into a new frame for `f` (or a generator object for generator code).
    pub fn function_frame(
        &mut self,
        f: &Function,
        args: &[Value],
        kwargs: &[(Rc<str>, Value)],
        init_self: Option<Value>,
    ) -> PyResult<Called> {
        let code = f.code.clone();
        let mut frame = self.new_frame(code.clone(), f.globals.clone(), None);
        let argc = code.argcount as usize;
        let kwonly = code.kwonlyargcount as usize;
        let posonly = code.posonlyargcount as usize;
        let has_varargs = code.flags & CO_VARARGS != 0;
        let has_varkw = code.flags & CO_VARKEYWORDS != 0;
        let fname = f.qualname.borrow().clone();
        // Positional arguments.
        let npos = args.len().min(argc);
        for (i, a) in args[..npos].iter().enumerate() {
            frame.fast[i] = Some(a.clone());
        }
        let mut slot = argc + kwonly;
        if has_varargs {
            let extra = if args.len() > argc {
                args[argc..].to_vec()
            } else {
                Vec::new()
            };
            frame.fast[slot] = Some(self.new_tuple(extra)?);
            slot += 1;
        } else if args.len() > argc {
            return Err(self.too_many_positional(&fname, &code, f, args.len(), kwargs));
        }
        let varkw = if has_varkw {
            let d = self.new_dict()?;
            frame.fast[slot] = Some(d.clone());
            Some(d)
        } else {
            None
        };
        // Keyword arguments.
        let mut posonly_as_kw: Vec<Rc<str>> = Vec::new();
        for (name, v) in kwargs {
            let pos = code.varnames[..argc + kwonly]
                .iter()
                .position(|n| n == name);
            match pos {
                Some(i) if i >= posonly => {
                    if frame.fast[i].is_some() {
                        let msg = format!("{fname}() got multiple values for argument '{name}'");
                        return Err(self.raise(self.types.type_error.clone(), &msg));
                    }
                    frame.fast[i] = Some(v.clone());
                }
                _ => match &varkw {
                    Some(d) => {
                        let k = self.new_str(&**name)?;
                        self.setitem(d, k, v.clone())?;
                    }
                    None => {
                        if pos.is_some() {
                            posonly_as_kw.push(name.clone());
                            continue;
                        }
                        let msg = format!("{fname}() got an unexpected keyword argument '{name}'");
                        return Err(self.raise(self.types.type_error.clone(), &msg));
                    }
                },
            }
        }
        if !posonly_as_kw.is_empty() {
            let names: Vec<String> = posonly_as_kw.iter().map(|n| n.to_string()).collect();
            let msg = format!(
                "{fname}() got some positional-only arguments passed as keyword arguments: '{}'",
                names.join(", ")
            );
            return Err(self.raise(self.types.type_error.clone(), &msg));
        }
        // Defaults for missing positional parameters.
        let ndef = f.defaults.len();
        let mut missing = Vec::new();
        for i in npos..argc {
            if frame.fast[i].is_none() {
                if i + ndef >= argc {
                    frame.fast[i] = Some(f.defaults[i + ndef - argc].clone());
                } else {
                    missing.push(code.varnames[i].to_string());
                }
            }
        }
        if !missing.is_empty() {
            let msg = format!(
                "{fname}() missing {} required positional argument{}: {}",
                missing.len(),
                if missing.len() == 1 { "" } else { "s" },
                name_list(&missing)
            );
            return Err(self.raise(self.types.type_error.clone(), &msg));
        }
        for i in argc..argc + kwonly {
            if frame.fast[i].is_none() {
                let name = code.varnames[i].clone();
                let d = f
                    .kwdefaults
                    .as_ref()
                    .and_then(|d| super::attr::dict_get_str(d, &name));
                match d {
                    Some(v) => frame.fast[i] = Some(v),
                    None => missing.push(name.to_string()),
                }
            }
        }
        if !missing.is_empty() {
            let msg = format!(
                "{fname}() missing {} required keyword-only argument{}: {}",
                missing.len(),
                if missing.len() == 1 { "" } else { "s" },
                name_list(&missing)
            );
            return Err(self.raise(self.types.type_error.clone(), &msg));
        }
        // Arguments captured by inner functions live in their cells.
        for (ci, arg) in code.cell_args.iter().enumerate() {
            if let Some(a) = arg {
                let v = frame.fast[*a as usize].take();
                if let Kind::Cell(c) = &frame.cells[ci].kind {
                    *c.borrow_mut() = v;
                }
            }
        }
        frame.cells.extend(f.closure.iter().cloned());
        frame.init_self = init_self;
        if code.is_generator() {
            let g = Generator {
                frame: Some(frame),
                running: false,
                name: f.name.borrow().clone(),
                qualname: fname,
            };
            let v = self.new_obj(Kind::Generator(RefCell::new(g)), alloc::size::FRAME)?;
            return Ok(Called::Value(v));
        }
        Ok(Called::Frame(frame))
    }

    fn too_many_positional(
        &mut self,
        fname: &str,
        code: &crate::python::code::Code,
        f: &Function,
        given: usize,
        kwargs: &[(Rc<str>, Value)],
    ) -> Flow {
        let argc = code.argcount as usize;
        let ndef = f.defaults.len();
        let takes = if ndef > 0 {
            format!("from {} to {} positional arguments", argc - ndef, argc)
        } else {
            format!(
                "{argc} positional argument{}",
                if argc == 1 { "" } else { "s" }
            )
        };
        let kwonly_given = kwargs
            .iter()
            .filter(|(n, _)| {
                code.varnames[argc..argc + code.kwonlyargcount as usize]
                    .iter()
                    .any(|v| v == n)
            })
            .count();
        let was = if given == 1 { "was" } else { "were" };
        let msg = if kwonly_given > 0 {
            format!(
                "{fname}() takes {takes} but {given} positional argument{} (and {kwonly_given} keyword-only argument{}) were given",
                if given == 1 { "" } else { "s" },
                if kwonly_given == 1 { "" } else { "s" }
            )
        } else {
            format!("{fname}() takes {takes} but {given} {was} given")
        };
        self.raise(self.types.type_error.clone(), &msg)
    }

    /// Calling a class: `__new__` (Python-defined or the default), then `__init__`.
    fn instantiate(
        &mut self,
        cls: &Rc<Obj>,
        args: &[Value],
        kwargs: &[(Rc<str>, Value)],
    ) -> PyResult<Called> {
        let Kind::Class(c) = &cls.kind else {
            unreachable!()
        };
        // The metaclass's `__call__`, when a Python metaclass defines one.
        if let Some(meta) = c.metaclass.borrow().clone() {
            if let Some(call) = super::lookup_mro(&meta, "__call__") {
                if matches!(call.kind(), Some(Kind::Function(_))) {
                    let mut full = vec![Value::Obj(cls.clone())];
                    full.extend_from_slice(args);
                    return self.prepare_call(&call, &full, kwargs);
                }
            }
        }
        if !c.heap_type {
            if let Some(ctor) = c.builtin.and_then(|b| self.types.constructor(b, cls)) {
                let v = ctor(self, cls, args, kwargs)?;
                return Ok(Called::Value(v));
            }
        }
        let cls_v = Value::Obj(cls.clone());
        let new = super::lookup_mro(cls, "__new__");
        let custom_new = matches!(
            new.as_ref().and_then(|n| n.kind()),
            Some(Kind::Function(_) | Kind::StaticMethod(_))
        );
        let init = super::lookup_mro(cls, "__init__");
        let custom_init = matches!(
            init.as_ref().and_then(|n| n.kind()),
            Some(Kind::Function(_))
        );
        let instance = if custom_new {
            let f = match new.as_ref().and_then(|n| n.kind()) {
                Some(Kind::StaticMethod(f)) => f.clone(),
                _ => new.clone().unwrap_or(Value::None),
            };
            let mut full = vec![cls_v.clone()];
            full.extend_from_slice(args);
            let obj = self.call(&f, &full, kwargs)?;
            if !self.isinstance(&obj, cls) {
                return Ok(Called::Value(obj));
            }
            obj
        } else {
            if !custom_init
                && (!args.is_empty() || !kwargs.is_empty())
                && !self.is_exception_class(cls)
            {
                let builtin_base = c
                    .builtin
                    .is_some_and(|b| b != crate::python::types::BuiltinType::Object);
                if !builtin_base {
                    let msg = format!("{}() takes no arguments", c.name.borrow());
                    return Err(self.raise(self.types.type_error.clone(), &msg));
                }
            }
            if self.is_subclass(cls, &self.types.type_type.clone()) {
                // A Python metaclass without its own `__new__`: `type.__new__` makes the class.
                crate::python::methods::ctors::metaclass_new(self, cls, args)?
            } else {
                let obj = self.new_instance(cls, args)?;
                self.init_payload(cls, &obj, args, kwargs)?;
                obj
            }
        };
        if custom_init {
            let Some(Value::Obj(init_fn)) = init else {
                unreachable!()
            };
            let Kind::Function(f) = &init_fn.kind else {
                unreachable!()
            };
            let mut full = Vec::with_capacity(args.len() + 1);
            full.push(instance.clone());
            full.extend_from_slice(args);
            return match self.function_frame(f, &full, kwargs, Some(instance.clone()))? {
                Called::Frame(fr) => Ok(Called::Frame(fr)),
                Called::Value(_) => {
                    let msg = "__init__() should return None, not 'generator'";
                    Err(self.raise(self.types.type_error.clone(), msg))
                }
            };
        }
        // A built-in base's initialiser (exceptions keep their arguments).
        if let Some(Value::Obj(init_fn)) = &init {
            if let Kind::Builtin(b) = &init_fn.kind {
                if b.name != "__init__" || b.owner != Some("object") {
                    // A built-in type's `__init__` fills the value the instance extends.
                    let this = match (b.owner, self.payload_of(&instance)) {
                        (Some(o), Some(p)) if o != "BaseException" => p,
                        _ => instance.clone(),
                    };
                    let mut full = vec![this];
                    full.extend_from_slice(args);
                    (b.func)(self, &full, kwargs)?;
                }
            }
        }
        Ok(Called::Value(instance))
    }

    /// An instance of a subclass of a built-in container or value type holds the built-in
    /// value it extends (an empty list or dict; the constructed str, int, tuple...).
    pub fn init_payload(
        &mut self,
        cls: &Rc<Obj>,
        obj: &Value,
        args: &[Value],
        kwargs: &[(Rc<str>, Value)],
    ) -> PyResult<()> {
        use crate::python::types::BuiltinType as B;
        let Kind::Class(c) = &cls.kind else {
            return Ok(());
        };
        let t = &self.types;
        let (base, fresh) = match c.builtin {
            Some(B::List) => (t.list_type.clone(), true),
            Some(B::Dict) => (t.dict_type.clone(), true),
            Some(B::Set) => (t.set_type.clone(), true),
            Some(B::Str) => (t.str_type.clone(), false),
            Some(B::Int) => (t.int_type.clone(), false),
            Some(B::Float) => (t.float_type.clone(), false),
            Some(B::Tuple) => (t.tuple_type.clone(), false),
            Some(B::Bytes) => (t.bytes_type.clone(), false),
            Some(B::FrozenSet) => (t.frozenset_type.clone(), false),
            _ => return Ok(()),
        };
        let Kind::Class(bc) = &base.kind else {
            return Ok(());
        };
        let Some(ctor) = bc.builtin.and_then(|b| self.types.constructor(b, &base)) else {
            return Ok(());
        };
        let payload = if fresh {
            ctor(self, &base, &[], &[])?
        } else {
            ctor(self, &base, args, kwargs)?
        };
        if let Some(Kind::Instance(i)) = obj.kind() {
            *i.payload.borrow_mut() = Some(payload);
        }
        Ok(())
    }

    /// The built-in value an instance of a subclass of a built-in type extends.
    pub fn payload_of(&self, v: &Value) -> Option<Value> {
        match v.kind() {
            Some(Kind::Instance(i)) => i.payload.borrow().clone(),
            _ => None,
        }
    }

    /// The payload to operate on for special method `name`, unless the class overrides it.
    pub fn payload_for(&self, v: &Value, name: &str) -> Option<Value> {
        let p = self.payload_of(v)?;
        let cls = self.class_of(v);
        match super::lookup_mro(&cls, name) {
            Some(Value::Obj(o)) if !matches!(o.kind, Kind::Builtin(_)) => None,
            _ => Some(p),
        }
    }

    pub fn is_exception_class(&self, cls: &Rc<Obj>) -> bool {
        self.is_subclass(cls, &self.types.base_exception.clone())
    }

    /// A bare instance of a class defined in Python (exception state when it derives from
    /// `BaseException`).
    pub fn new_instance(&mut self, cls: &Rc<Obj>, args: &[Value]) -> PyResult<Value> {
        let is_exc = self.is_exception_class(cls);
        if !is_exc {
            self.check_not_abstract(cls)?;
        }
        // Slotted instances keep their slot values in a dict too; `instance_store` allows
        // only the slots' names (see `slot_names`).
        let dict = Some(alloc::dict_obj(&self.heap, Dict::new()));
        let exc = if is_exc {
            Some(RefCell::new(ExcData {
                args: args.to_vec(),
                ..ExcData::default()
            }))
        } else {
            None
        };
        self.new_obj(
            Kind::Instance(Instance {
                class: RefCell::new(cls.clone()),
                dict,
                exc,
                payload: RefCell::new(None),
            }),
            alloc::size::INSTANCE,
        )
    }

    /// `object.__new__`'s refusal to make an instance of a class whose own
    /// `__abstractmethods__` (set by `abc.ABCMeta`) is non-empty; the names are sorted, as
    /// CPython lists them.
    fn check_not_abstract(&mut self, cls: &Rc<Obj>) -> PyResult<()> {
        let Kind::Class(c) = &cls.kind else {
            return Ok(());
        };
        let Some(methods) = super::attr::dict_get_str(&c.dict, "__abstractmethods__") else {
            return Ok(());
        };
        if !self.truthy(&methods)? {
            return Ok(());
        }
        let mut names = Vec::new();
        for m in self.to_vec(&methods)? {
            self.charge(1)?;
            names.push(self.str_string(&m)?);
        }
        names.sort();
        let msg = format!(
            "Can't instantiate abstract class {} without an implementation for abstract method{} '{}'",
            c.name.borrow(),
            if names.len() > 1 { "s" } else { "" },
            names.join("', '")
        );
        Err(self.raise(self.types.type_error.clone(), &msg))
    }

    /// Runs a generator until its next yield (or its end).
    pub fn resume_generator(&mut self, gen: &Value, sent: Value) -> PyResult<super::GenStep> {
        let Some(Kind::Generator(g)) = gen.kind() else {
            unreachable!()
        };
        let frame = {
            let mut g = g.borrow_mut();
            if g.running {
                drop(g);
                return Err(self.raise(
                    self.types.value_error.clone(),
                    "generator already executing",
                ));
            }
            match g.frame.take() {
                Some(f) => {
                    g.running = true;
                    f
                }
                None => return Ok(super::GenStep::Returned(Value::None)),
            }
        };
        let mut frame = frame;
        let started = frame.pc > 0;
        if started {
            frame.stack.push(sent);
        } else if !sent.is_none() {
            g.borrow_mut().frame = Some(frame);
            g.borrow_mut().running = false;
            return Err(self.raise(
                self.types.type_error.clone(),
                "can't send non-None value to a just-started generator",
            ));
        }
        let r = self.execute(frame);
        let mut gm = g.borrow_mut();
        gm.running = false;
        match r {
            Ok(Exit::Yield(v, frame)) => {
                gm.frame = Some(frame);
                Ok(super::GenStep::Yielded(v))
            }
            Ok(Exit::Return(v)) => Ok(super::GenStep::Returned(v)),
            Ok(Exit::Suspend) => Ok(super::GenStep::Returned(Value::None)),
            Err(Flow::Exc(e)) => {
                drop(gm);
                // A StopIteration raised inside a generator becomes a RuntimeError.
                if self.isinstance(&e, &self.types.stop_iteration.clone()) {
                    let r = self.new_exception(
                        self.types.runtime_error.clone(),
                        "generator raised StopIteration",
                    );
                    if let Some(d) = self.exc_data(&r) {
                        d.borrow_mut().cause = Some(e.clone());
                        d.borrow_mut().context = Some(e);
                        d.borrow_mut().suppress_context = true;
                    }
                    return Err(Flow::Exc(r));
                }
                Err(Flow::Exc(e))
            }
            Err(other) => Err(other),
        }
    }

    /// Throws an exception into a generator at its suspended `yield`.
    pub fn throw_generator(&mut self, gen: &Value, exc: Value) -> PyResult<super::GenStep> {
        let Some(Kind::Generator(g)) = gen.kind() else {
            unreachable!()
        };
        let frame = g.borrow_mut().frame.take();
        let Some(mut frame) = frame else {
            return Err(Flow::Exc(exc));
        };
        if frame.pc == 0 {
            return Err(Flow::Exc(exc));
        }
        // Raise at the yield: find the handler as the loop would.
        self.add_traceback(&exc, &frame, frame.pc - 1);
        let handler = frame.code.handler_for(frame.pc - 1);
        match handler {
            Some(h) => {
                frame.stack.truncate(h.depth as usize);
                frame.stack.push(exc);
                frame.pc = h.target as usize;
                g.borrow_mut().running = true;
                let r = self.execute(frame);
                let mut gm = g.borrow_mut();
                gm.running = false;
                match r {
                    Ok(Exit::Yield(v, frame)) => {
                        gm.frame = Some(frame);
                        Ok(super::GenStep::Yielded(v))
                    }
                    Ok(Exit::Return(v)) => Ok(super::GenStep::Returned(v)),
                    Ok(Exit::Suspend) => Ok(super::GenStep::Returned(Value::None)),
                    Err(e) => Err(e),
                }
            }
            None => Err(Flow::Exc(exc)),
        }
    }

    /// `__build_class__(func, name, *bases, metaclass=..., **kwds)`.
    pub fn build_class(&mut self, args: &[Value], kwargs: &[(Rc<str>, Value)]) -> PyResult<Value> {
        let (Some(func), Some(name)) = (args.first(), args.get(1)) else {
            return Err(self.raise(
                self.types.type_error.clone(),
                "__build_class__: not enough arguments",
            ));
        };
        let name = name.as_str().unwrap_or("").to_string();
        let mut bases = Vec::new();
        for b in &args[2..] {
            match b.kind() {
                Some(Kind::Class(_)) => bases.push(b.obj().cloned().expect("class")),
                _ => {
                    let msg = if matches!(b.kind(), Some(Kind::Function(_))) {
                        "function() argument 'code' must be code, not str".to_string()
                    } else {
                        format!("bases must be types, not {}", self.type_name(b))
                    };
                    let _ = msg;
                    let m = "metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass of the metaclasses of all its bases";
                    return Err(self.raise(self.types.type_error.clone(), m));
                }
            }
        }
        let mut meta: Option<Rc<Obj>> = None;
        for (k, v) in kwargs {
            if &**k == "metaclass" {
                meta = v.obj().cloned();
            }
        }
        if meta.is_none() {
            for b in &bases {
                if let Kind::Class(c) = &b.kind {
                    if let Some(m) = c.metaclass.borrow().clone() {
                        meta = Some(m);
                    }
                }
            }
        }
        let extra: Vec<(Rc<str>, Value)> = kwargs
            .iter()
            .filter(|(k, _)| &**k != "metaclass")
            .cloned()
            .collect();
        let ns = match &meta {
            Some(m) => self.prepare_namespace(m, &name, &bases, &extra)?,
            None => alloc::dict_obj(&self.heap, Dict::new()),
        };
        let Some(Kind::Function(f)) = func.kind() else {
            return Err(self.raise(
                self.types.type_error.clone(),
                "__build_class__: func must be a function",
            ));
        };
        let mut frame: Box<Frame> =
            self.new_frame(f.code.clone(), f.globals.clone(), Some(ns.clone()));
        frame.cells.extend(f.closure.iter().cloned());
        let cell = match self.execute(frame)? {
            Exit::Return(v) => v,
            _ => Value::None,
        };
        let cls = match &meta {
            Some(m) if !Rc::ptr_eq(m, &self.types.type_type) => {
                let bases_t: Vec<Value> = bases.iter().cloned().map(Value::Obj).collect();
                let bt = self.new_tuple(bases_t)?;
                let n = self.new_str(name.as_str())?;
                let m = Value::Obj(m.clone());
                self.call(&m, &[n, bt, Value::Obj(ns.clone())], &extra)?
            }
            _ => self.new_class(&name, bases, ns, None)?,
        };
        if let Some(Kind::Cell(c)) = cell.kind() {
            *c.borrow_mut() = Some(cls.clone());
        }
        Ok(cls)
    }

    /// The class body's namespace: what a Python metaclass's `__prepare__` returns (any
    /// mapping; the body then stores names through its `__setitem__`), else a new dict.
    fn prepare_namespace(
        &mut self,
        meta: &Rc<Obj>,
        name: &str,
        bases: &[Rc<Obj>],
        extra: &[(Rc<str>, Value)],
    ) -> PyResult<Rc<Obj>> {
        let defined = super::lookup_mro(meta, "__prepare__")
            .is_some_and(|p| !matches!(p.kind(), Some(Kind::Builtin(_))));
        if !defined {
            return Ok(alloc::dict_obj(&self.heap, Dict::new()));
        }
        let prepare_name = self.new_str("__prepare__")?;
        let prepare = self.getattr(&Value::Obj(meta.clone()), &prepare_name)?;
        let bases_t: Vec<Value> = bases.iter().cloned().map(Value::Obj).collect();
        let bt = self.new_tuple(bases_t)?;
        let n = self.new_str(name)?;
        let ns = self.call(&prepare, &[n, bt], extra)?;
        match ns {
            Value::Obj(o) if matches!(o.kind, Kind::Dict(_) | Kind::Instance(_)) => Ok(o),
            other => {
                let msg = format!(
                    "{}.__prepare__() must return a mapping, not {}",
                    super::attr::class_name(meta),
                    self.type_name(&other)
                );
                Err(self.raise(self.types.type_error.clone(), &msg))
            }
        }
    }

    /// Keyword arguments from a mapping (`f(**d)`).
    pub fn kwargs_from_dict(&mut self, d: &Value) -> PyResult<Vec<(Rc<str>, Value)>> {
        let Some(Kind::Dict(cell)) = d.kind() else {
            return Err(self.raise(
                self.types.type_error.clone(),
                "argument after ** must be a mapping",
            ));
        };
        let mut out = Vec::new();
        for e in cell.borrow().iter() {
            match e.key.as_str() {
                Some(k) => out.push((Rc::from(k), e.value.clone())),
                None => {
                    return Err(
                        self.raise(self.types.type_error.clone(), "keywords must be strings")
                    );
                }
            }
        }
        Ok(out)
    }
}

/// `'a'`, `'a' and 'b'`, `'a', 'b', and 'c'` as CPython lists missing arguments.
fn name_list(names: &[String]) -> String {
    let q: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    match q.len() {
        0 => String::new(),
        1 => q[0].clone(),
        2 => format!("{} and {}", q[0], q[1]),
        n => format!("{}, and {}", q[..n - 1].join(", "), q[n - 1]),
    }
}
