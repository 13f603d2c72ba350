//! The JSON encoder behind `JSONEncoder.encode` (CPython's `c_make_encoder`): one pass that
//! writes the whole document, with the circular-reference check, `default()` for other
//! objects, and the notes CPython 3.14 adds on the way out of a failure
//! (`when serializing list item 1`, `when serializing dict item 'a'`).

use super::escape::quote_into;
use crate::python::format::float_repr;
use crate::python::object::{Kind, Value};
use crate::python::vm::{Flow, PyResult, Vm};
use std::collections::HashSet;

pub struct Settings {
    pub check_circular: bool,
    pub default: Value,
    pub ensure_ascii: bool,
    pub indent: Option<String>,
    pub key_sep: String,
    pub item_sep: String,
    pub sort_keys: bool,
    pub skipkeys: bool,
    pub allow_nan: bool,
}

pub struct Encoder<'a> {
    pub s: &'a Settings,
    pub out: String,
    markers: HashSet<u64>,
    /// The output length at which memory is next reserved for it.
    next_check: usize,
}

/// What a value is to the encoder (subclasses of the built-in types by their payload).
enum Shape {
    Null,
    Bool(bool),
    Int(Value),
    Float(f64),
    Str(Value),
    Seq(Vec<Value>),
    Map(Vec<(Value, Value)>),
    Other,
}

fn shape(vm: &Vm, v: &Value) -> Shape {
    match v {
        Value::None => Shape::Null,
        Value::Bool(b) => Shape::Bool(*b),
        Value::Int(_) => Shape::Int(v.clone()),
        Value::Float(f) => Shape::Float(*f),
        Value::Obj(o) => match &o.kind {
            Kind::Str(_) => Shape::Str(v.clone()),
            Kind::BigInt(_) => Shape::Int(v.clone()),
            Kind::List(l) => Shape::Seq(l.borrow().clone()),
            Kind::Tuple(t) => Shape::Seq(t.to_vec()),
            Kind::Dict(d) => Shape::Map(
                d.borrow()
                    .iter()
                    .map(|e| (e.key.clone(), e.value.clone()))
                    .collect(),
            ),
            Kind::Instance(_) => match vm.payload_of(v) {
                Some(p @ Value::Obj(_)) | Some(p @ (Value::Int(_) | Value::Float(_))) => {
                    match shape(vm, &p) {
                        Shape::Other | Shape::Null | Shape::Bool(_) => Shape::Other,
                        s => s,
                    }
                }
                _ => Shape::Other,
            },
            _ => Shape::Other,
        },
    }
}

/// Adds a note to the exception a failure carries.
fn note(vm: &mut Vm, f: Flow, text: String) -> Flow {
    if let Flow::Exc(e) = &f {
        if let Some(d) = vm.exc_data(e) {
            let n = vm.str_now(&text);
            d.borrow_mut().notes.push(n);
        }
    }
    f
}

impl<'a> Encoder<'a> {
    pub fn new(s: &'a Settings) -> Encoder<'a> {
        Encoder {
            s,
            out: String::new(),
            markers: HashSet::new(),
            next_check: 1 << 16,
        }
    }

    fn grew(&mut self, vm: &mut Vm) -> PyResult<()> {
        if self.out.len() >= self.next_check {
            vm.charge_bytes(self.out.len() - self.next_check / 2)?;
            vm.ensure(self.out.len() as u64 * 2)?;
            self.next_check = self.out.len() * 2;
        }
        Ok(())
    }

    fn float_text(&self, vm: &mut Vm, f: f64) -> PyResult<String> {
        if f.is_finite() {
            return Ok(float_repr(f));
        }
        if !self.s.allow_nan {
            let msg = format!(
                "Out of range float values are not JSON compliant: {}",
                float_repr(f)
            );
            return Err(vm.raise(vm.types.value_error.clone(), &msg));
        }
        Ok(if f.is_nan() {
            "NaN"
        } else if f > 0.0 {
            "Infinity"
        } else {
            "-Infinity"
        }
        .to_string())
    }

    fn int_text(&self, vm: &mut Vm, v: &Value) -> PyResult<String> {
        match v {
            Value::Int(i) => Ok(i.to_string()),
            Value::Obj(o) => match &o.kind {
                Kind::BigInt(b) => vm.int_str(b),
                _ => Ok(String::new()),
            },
            _ => Ok(String::new()),
        }
    }

    fn push_str(&mut self, v: &Value) {
        if let Some(s) = v.as_str() {
            quote_into(&mut self.out, s, self.s.ensure_ascii);
        }
    }

    /// Enters a nested container (bounded like CPython's C recursion guard) and marks it
    /// for the circular check.
    fn enter(&mut self, vm: &mut Vm, v: &Value) -> PyResult<Option<u64>> {
        if vm.enter_native().is_err() {
            let msg = "maximum recursion depth exceeded while encoding a JSON object";
            return Err(vm.raise(vm.types.recursion_error.clone(), msg));
        }
        if !self.s.check_circular {
            return Ok(None);
        }
        let id = vm.identity(v);
        if !self.markers.insert(id) {
            vm.native_depth -= 1;
            return Err(vm.raise(vm.types.value_error.clone(), "Circular reference detected"));
        }
        Ok(Some(id))
    }

    fn leave(&mut self, vm: &mut Vm, id: Option<u64>) {
        vm.native_depth -= 1;
        if let Some(id) = id {
            self.markers.remove(&id);
        }
    }

    pub fn encode(&mut self, vm: &mut Vm, v: &Value, level: usize) -> PyResult<()> {
        vm.charge(1)?;
        match shape(vm, v) {
            Shape::Null => self.out.push_str("null"),
            Shape::Bool(b) => self.out.push_str(if b { "true" } else { "false" }),
            Shape::Int(i) => {
                let t = self.int_text(vm, &i)?;
                self.out.push_str(&t);
            }
            Shape::Float(f) => {
                let t = self.float_text(vm, f)?;
                self.out.push_str(&t);
            }
            Shape::Str(s) => self.push_str(&s),
            Shape::Seq(items) => {
                let id = self.enter(vm, v)?;
                let r = self.seq(vm, v, &items, level);
                self.leave(vm, id);
                r?;
            }
            Shape::Map(items) => {
                let id = self.enter(vm, v)?;
                let r = self.map(vm, v, items, level);
                self.leave(vm, id);
                r?;
            }
            Shape::Other => {
                let id = self.enter(vm, v)?;
                let r = self.other(vm, v, level);
                self.leave(vm, id);
                r?;
            }
        }
        self.grew(vm)
    }

    fn other(&mut self, vm: &mut Vm, v: &Value, level: usize) -> PyResult<()> {
        let d = self.s.default.clone();
        let newobj = vm.call(&d, std::slice::from_ref(v), &[])?;
        if let Err(f) = self.encode(vm, &newobj, level) {
            let t = vm.type_name(v);
            return Err(note(vm, f, format!("when serializing {t} object")));
        }
        Ok(())
    }

    fn open(&mut self, bracket: char, level: usize) -> String {
        self.out.push(bracket);
        match &self.s.indent {
            Some(ind) => {
                let nl = format!("\n{}", ind.repeat(level + 1));
                self.out.push_str(&nl);
                format!("{}{nl}", self.s.item_sep)
            }
            None => self.s.item_sep.clone(),
        }
    }

    fn close(&mut self, bracket: char, level: usize) {
        if let Some(ind) = &self.s.indent {
            self.out.push('\n');
            self.out.push_str(&ind.repeat(level));
        }
        self.out.push(bracket);
    }

    fn seq(&mut self, vm: &mut Vm, v: &Value, items: &[Value], level: usize) -> PyResult<()> {
        if items.is_empty() {
            self.out.push_str("[]");
            return Ok(());
        }
        let sep = self.open('[', level);
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.out.push_str(&sep);
            }
            if let Err(f) = self.encode(vm, item, level + 1) {
                let t = vm.type_name(v);
                return Err(note(vm, f, format!("when serializing {t} item {i}")));
            }
        }
        self.close(']', level);
        Ok(())
    }

    /// A key as JSON wants it: a string, or `None` when `skipkeys` drops it.
    fn key_text(&mut self, vm: &mut Vm, k: &Value) -> PyResult<Option<String>> {
        Ok(Some(match shape(vm, k) {
            Shape::Str(s) => return Ok(s.as_str().map(str::to_string)),
            Shape::Float(f) => self.float_text(vm, f)?,
            Shape::Bool(b) => (if b { "true" } else { "false" }).to_string(),
            Shape::Null => "null".to_string(),
            Shape::Int(i) => self.int_text(vm, &i)?,
            _ => {
                if self.s.skipkeys {
                    return Ok(None);
                }
                let msg = format!(
                    "keys must be str, int, float, bool or None, not {}",
                    vm.type_name(k)
                );
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
        }))
    }

    fn map(
        &mut self,
        vm: &mut Vm,
        v: &Value,
        mut items: Vec<(Value, Value)>,
        level: usize,
    ) -> PyResult<()> {
        if items.is_empty() {
            self.out.push_str("{}");
            return Ok(());
        }
        if self.s.sort_keys {
            items = sort_items(vm, items)?;
        }
        let sep = self.open('{', level);
        let mut first = true;
        for (k, val) in &items {
            let Some(key) = self.key_text(vm, k)? else {
                continue;
            };
            if !first {
                self.out.push_str(&sep);
            }
            first = false;
            quote_into(&mut self.out, &key, self.s.ensure_ascii);
            self.out.push_str(&self.s.key_sep);
            if let Err(f) = self.encode(vm, val, level + 1) {
                let t = vm.type_name(v);
                let r = vm.repr_string(k)?;
                return Err(note(vm, f, format!("when serializing {t} item {r}")));
            }
        }
        self.close('}', level);
        Ok(())
    }
}

/// `sorted(d.items())`: pairs ordered by key with Python's `<` (its `TypeError` for mixed
/// key types included).
fn sort_items(vm: &mut Vm, items: Vec<(Value, Value)>) -> PyResult<Vec<(Value, Value)>> {
    let mut tuples = Vec::with_capacity(items.len());
    for (k, v) in items {
        tuples.push(vm.new_tuple(vec![k, v])?);
    }
    let sorted =
        crate::python::methods::list::sort_values(vm, tuples, None, false).map_err(|(f, _)| f)?;
    Ok(sorted
        .into_iter()
        .filter_map(|t| match t.kind() {
            Some(Kind::Tuple(p)) if p.len() == 2 => Some((p[0].clone(), p[1].clone())),
            _ => None,
        })
        .collect())
}
