//! The run-time side of the `match` statement: what counts as a sequence or a mapping, the
//! key lookups of mapping patterns and the attribute lookups of class patterns, with the
//! errors CPython raises for a malformed class pattern.

use super::attr::class_name;
use super::{alloc, Frame, PyResult, Vm};
use crate::python::code::{Instr, MATCH_LEN_EXACT};
use crate::python::object::{Kind, Obj, Value};
use crate::python::types::BuiltinType;
use std::rc::Rc;

/// How a class's instances take part in pattern matching (CPython's type flags).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Sequence,
    Mapping,
    /// A str, bytes or bytearray: iterable, but never a sequence pattern's subject.
    Neither,
}

impl Vm {
    /// Executes a pattern-matching instruction.
    pub(super) fn pattern_op(&mut self, f: &mut Frame, instr: Instr) -> PyResult<()> {
        match instr {
            Instr::MatchLen(n) => {
                let subject = f.stack.last().expect("stack").clone();
                let len = self.len(&subject)?;
                let want = (n & !MATCH_LEN_EXACT) as usize;
                let ok = if n & MATCH_LEN_EXACT != 0 {
                    len == want
                } else {
                    len >= want
                };
                f.stack.push(Value::Bool(ok));
            }
            Instr::MatchSequence | Instr::MatchMapping => {
                let subject = f.stack.last().expect("stack");
                let want = if instr == Instr::MatchSequence {
                    Shape::Sequence
                } else {
                    Shape::Mapping
                };
                let ok = self.shape_of(subject) == Some(want);
                f.stack.push(Value::Bool(ok));
            }
            Instr::MatchKeys => {
                let n = f.stack.len();
                let (subject, keys) = (f.stack[n - 2].clone(), f.stack[n - 1].clone());
                let v = self.match_keys(&subject, &keys)?;
                f.stack.push(v);
            }
            Instr::MatchClass(npos) => {
                let names = f.stack.pop().expect("stack");
                let cls = f.stack.pop().expect("stack");
                let subject = f.stack.pop().expect("stack");
                let v = self.match_class(&subject, &cls, &names, npos as usize)?;
                f.stack.push(v);
            }
            Instr::CopyDictWithoutKeys => {
                let keys = f.stack.pop().expect("stack");
                let subject = f.stack.pop().expect("stack");
                let rest = self.new_dict()?;
                self.dict_update(&rest, &subject, false)?;
                let d = rest.obj().cloned().expect("dict");
                for k in tuple_items(&keys) {
                    self.dict_del(&d, &k)?;
                }
                f.stack.push(rest);
            }
            Instr::RotN(n) => {
                let v = f.stack.pop().expect("stack");
                let at = f.stack.len() + 1 - n as usize;
                f.stack.insert(at, v);
            }
            Instr::PullN(n) => {
                let at = f.stack.len() - n as usize;
                let v = f.stack.remove(at);
                f.stack.push(v);
            }
            _ => unreachable!("not a pattern instruction"),
        }
        Ok(())
    }

    /// Whether `v` is a sequence or a mapping for `match`: the built-in containers and their
    /// subclasses, and classes deriving from `collections.abc.Sequence`/`Mapping`.
    fn shape_of(&self, v: &Value) -> Option<Shape> {
        let cls = self.class_of(v);
        let Kind::Class(c) = &cls.kind else {
            return None;
        };
        let mro: Vec<Rc<Obj>> = c.mro.borrow().iter().filter_map(|k| k.upgrade()).collect();
        for k in mro {
            let Kind::Class(kc) = &k.kind else { continue };
            match kc.builtin {
                Some(BuiltinType::List | BuiltinType::Tuple | BuiltinType::Range) => {
                    return Some(Shape::Sequence)
                }
                Some(BuiltinType::Dict) => return Some(Shape::Mapping),
                Some(BuiltinType::Str | BuiltinType::Bytes | BuiltinType::ByteArray) => {
                    return Some(Shape::Neither)
                }
                _ => {}
            }
            let module = super::attr::dict_get_str(&kc.dict, "__module__");
            let module = module.as_ref().and_then(|m| m.as_str()).unwrap_or("");
            let name = kc.name.borrow().clone();
            match (module, &*name) {
                ("collections.abc" | "_collections_abc", "Sequence" | "MutableSequence")
                | ("collections", "deque") => return Some(Shape::Sequence),
                ("collections.abc" | "_collections_abc", "Mapping" | "MutableMapping") => {
                    return Some(Shape::Mapping)
                }
                _ => {}
            }
        }
        None
    }

    /// The values of a mapping pattern's keys, looked up with `subject.get(key, missing)`,
    /// or None when a key is missing.
    fn match_keys(&mut self, subject: &Value, keys: &Value) -> PyResult<Value> {
        let keys = tuple_items(keys);
        if keys.is_empty() {
            return Ok(self.types.empty_tuple.clone());
        }
        let exact_dict = Rc::ptr_eq(&self.class_of(subject), &self.types.dict_type);
        let get = if exact_dict {
            None
        } else {
            Some(self.getattr_str(subject, "get")?)
        };
        let missing = Value::Obj(alloc::cell(&self.heap, None));
        let mut seen: Vec<Value> = Vec::with_capacity(keys.len());
        let mut values = Vec::with_capacity(keys.len());
        for k in keys {
            self.hash_for(&k, "set element")?;
            for s in &seen {
                if self.eq(s, &k)? {
                    let r = self.repr_of(&k)?;
                    let msg = format!(
                        "mapping pattern checks duplicate key ({})",
                        r.as_str().unwrap_or("")
                    );
                    return Err(self.raise(self.types.value_error.clone(), &msg));
                }
            }
            seen.push(k.clone());
            let v = match &get {
                None => {
                    let d = subject.obj().cloned().expect("dict");
                    self.dict_get(&d, &k)?
                }
                Some(get) => {
                    let v = self.call(get, &[k, missing.clone()], &[])?;
                    (!v.is(&missing)).then_some(v)
                }
            };
            match v {
                Some(v) => values.push(v),
                None => return Ok(Value::None),
            }
        }
        self.new_tuple(values)
    }

    /// A class pattern's sub-pattern subjects: the `npos` positional ones (through
    /// `__match_args__`, or the subject itself for `int(x)` and the like), then the named
    /// attributes; None when the subject is not an instance or lacks an attribute.
    fn match_class(
        &mut self,
        subject: &Value,
        cls: &Value,
        names: &Value,
        npos: usize,
    ) -> PyResult<Value> {
        let Some(cls_obj) = cls
            .obj()
            .filter(|o| matches!(o.kind, Kind::Class(_)))
            .cloned()
        else {
            return Err(self.raise(
                self.types.type_error.clone(),
                "called match pattern must be a class",
            ));
        };
        if !self.isinstance(subject, &cls_obj) {
            return Ok(Value::None);
        }
        let cname = class_name(&cls_obj);
        let mut attrs: Vec<Value> = Vec::new();
        let mut positional: Vec<Value> = Vec::new();
        let mut match_self = false;
        if npos > 0 {
            let allowed = match self.try_getattr(cls, "__match_args__")? {
                Some(ma) => {
                    let Some(Kind::Tuple(items)) = ma.kind() else {
                        let msg = format!(
                            "{cname}.__match_args__ must be a tuple (got {})",
                            self.type_name(&ma)
                        );
                        return Err(self.raise(self.types.type_error.clone(), &msg));
                    };
                    positional = items.to_vec();
                    positional.len()
                }
                None => {
                    match_self = matches_self(&cls_obj);
                    usize::from(match_self)
                }
            };
            if npos > allowed {
                let plural = if allowed == 1 { "" } else { "s" };
                let msg = format!(
                    "{cname}() accepts {allowed} positional sub-pattern{plural} ({npos} given)"
                );
                return Err(self.raise(self.types.type_error.clone(), &msg));
            }
        }
        let mut seen: Vec<Rc<str>> = Vec::new();
        if match_self {
            attrs.push(subject.clone());
        } else {
            for name in positional.into_iter().take(npos) {
                let Some(n) = name.as_str().map(Rc::<str>::from) else {
                    let msg = format!(
                        "__match_args__ elements must be strings (got {})",
                        self.type_name(&name)
                    );
                    return Err(self.raise(self.types.type_error.clone(), &msg));
                };
                match self.match_attr(subject, &cname, n, &mut seen)? {
                    Some(v) => attrs.push(v),
                    None => return Ok(Value::None),
                }
            }
        }
        for name in tuple_items(names) {
            let n: Rc<str> = name.as_str().unwrap_or("").into();
            match self.match_attr(subject, &cname, n, &mut seen)? {
                Some(v) => attrs.push(v),
                None => return Ok(Value::None),
            }
        }
        self.new_tuple(attrs)
    }

    fn match_attr(
        &mut self,
        subject: &Value,
        cname: &str,
        name: Rc<str>,
        seen: &mut Vec<Rc<str>>,
    ) -> PyResult<Option<Value>> {
        if seen.contains(&name) {
            let msg = format!(
                "{cname}() got multiple sub-patterns for attribute {}",
                super::text::str_repr(&name)
            );
            return Err(self.raise(self.types.type_error.clone(), &msg));
        }
        seen.push(name.clone());
        self.try_getattr(subject, &name)
    }
}

/// `int(x)`, `str(s)`, ...: the classes (and their subclasses) whose single positional
/// sub-pattern matches the subject itself.
fn matches_self(cls: &Rc<Obj>) -> bool {
    let Kind::Class(c) = &cls.kind else {
        return false;
    };
    let mro: Vec<Rc<Obj>> = c.mro.borrow().iter().filter_map(|k| k.upgrade()).collect();
    mro.iter().any(|k| {
        matches!(
            &k.kind,
            Kind::Class(kc) if matches!(
                kc.builtin,
                Some(
                    BuiltinType::Bool
                        | BuiltinType::ByteArray
                        | BuiltinType::Bytes
                        | BuiltinType::Dict
                        | BuiltinType::Float
                        | BuiltinType::FrozenSet
                        | BuiltinType::Int
                        | BuiltinType::List
                        | BuiltinType::Set
                        | BuiltinType::Str
                        | BuiltinType::Tuple
                )
            )
        )
    })
}

fn tuple_items(v: &Value) -> Vec<Value> {
    match v.kind() {
        Some(Kind::Tuple(t)) => t.to_vec(),
        _ => Vec::new(),
    }
}
