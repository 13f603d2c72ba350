//! Traceback, frame and code objects as Python code sees them: `exc.__traceback__`,
//! `tb.tb_frame.f_code.co_filename`, `sys._getframe()`. The traceback module, the test
//! runners and `warnings` read these to say where something happened.
//!
//! An exception keeps its traceback as a list of entries (outermost first); a traceback or
//! frame object is a position in a shared copy of that list, so `tb_next` and `f_back` are
//! the neighbouring positions and cost nothing until asked for.

use super::{alloc, Frame, PyResult, Vm};
use crate::python::code::Code;
use crate::python::object::{FrameSnap, Kind, Obj, TbEntry, Value};
use std::rc::Rc;

/// What a frame object will show of `frame`.
pub fn snapshot(frame: &Frame) -> FrameSnap {
    FrameSnap {
        code: frame.code.clone(),
        globals: frame.globals.clone(),
        locals: frame.locals.clone(),
        fast: frame.fast.clone().into_boxed_slice(),
        cells: frame.cells.clone().into_boxed_slice(),
    }
}

pub fn traceback_value(vm: &Vm, entries: Rc<[TbEntry]>, index: usize) -> Value {
    alloc::obj(&vm.heap, Kind::Traceback(entries, index), 64)
}

fn frame_value(vm: &Vm, entries: Rc<[TbEntry]>, index: usize) -> Value {
    alloc::obj(&vm.heap, Kind::Frame(entries, index), 64)
}

impl Vm {
    /// The attributes of traceback, frame and code objects.
    pub fn frame_object_attr(&mut self, obj: &Value, name: &str) -> PyResult<Option<Value>> {
        Ok(Some(match obj.kind() {
            Some(Kind::Traceback(entries, i)) => {
                let e = &entries[*i];
                match name {
                    "tb_frame" => frame_value(self, entries.clone(), *i),
                    "tb_lineno" => Value::Int(e.frame.code.line_of(e.pc) as i64),
                    "tb_lasti" => Value::Int(2 * e.pc as i64),
                    "tb_next" if *i + 1 < entries.len() => {
                        traceback_value(self, entries.clone(), *i + 1)
                    }
                    "tb_next" => Value::None,
                    _ => return Ok(None),
                }
            }
            Some(Kind::Frame(entries, i)) => {
                let e = &entries[*i];
                match name {
                    "f_code" => alloc::code_value(&self.heap, e.frame.code.clone()),
                    "f_lineno" => Value::Int(e.frame.code.line_of(e.pc) as i64),
                    "f_lasti" => Value::Int(2 * e.pc as i64),
                    "f_globals" => Value::Obj(e.frame.globals.clone()),
                    "f_builtins" => Value::Obj(self.builtins.clone()),
                    "f_locals" => {
                        let frame = e.frame.clone();
                        Value::Obj(self.snapshot_locals(&frame)?)
                    }
                    "f_back" if *i > 0 => frame_value(self, entries.clone(), *i - 1),
                    "f_back" => Value::None,
                    "f_trace" => Value::None,
                    _ => return Ok(None),
                }
            }
            Some(Kind::Code(code)) => return self.code_attr(code, name),
            _ => return Ok(None),
        }))
    }

    fn code_attr(&mut self, code: &Rc<Code>, name: &str) -> PyResult<Option<Value>> {
        let names = |vm: &mut Vm, list: &[Rc<str>]| -> PyResult<Value> {
            let items = list
                .iter()
                .map(|n| vm.new_str(&**n))
                .collect::<PyResult<Vec<_>>>()?;
            vm.new_tuple(items)
        };
        Ok(Some(match name {
            "co_name" => self.new_str(&*code.name)?,
            "co_qualname" => self.new_str(&*code.qualname)?,
            "co_filename" => self.new_str(&*code.source.filename)?,
            "co_firstlineno" => Value::Int(code.firstlineno as i64),
            "co_argcount" => Value::Int(code.argcount as i64),
            "co_posonlyargcount" => Value::Int(code.posonlyargcount as i64),
            "co_kwonlyargcount" => Value::Int(code.kwonlyargcount as i64),
            "co_flags" => Value::Int(code.flags as i64),
            "co_nlocals" => Value::Int(code.varnames.len() as i64),
            "co_stacksize" => Value::Int(code.stacksize as i64),
            "co_varnames" => names(self, &code.varnames)?,
            "co_cellvars" => names(self, &code.cellvars)?,
            "co_freevars" => names(self, &code.freevars)?,
            "co_names" => self.new_tuple(code.names.clone())?,
            "co_consts" => self.new_tuple(code.consts.clone())?,
            _ => return Ok(None),
        }))
    }

    /// `f_locals` of a frame snapshot: a module or class body's namespace itself, else a new
    /// dict of the variables that were bound.
    fn snapshot_locals(&mut self, f: &FrameSnap) -> PyResult<Rc<Obj>> {
        if let Some(l) = &f.locals {
            return Ok(l.clone());
        }
        self.locals_dict(&f.code, &f.fast, &f.cells)
    }

    /// `sys._getframe(depth)`: a frame object for the caller `depth` calls up, whose `f_back`
    /// chain reaches the outermost frame. Each frame of the stack is copied, so the charge
    /// grows with the depth.
    pub fn current_frame_object(&mut self, current: &Frame, depth: usize) -> PyResult<Value> {
        let n = self.frames.len();
        self.charge(n as u64 + 1)?;
        let mut entries: Vec<TbEntry> = Vec::with_capacity(n + 1);
        for f in self
            .frames
            .iter()
            .map(|f| &**f)
            .chain(std::iter::once(current))
        {
            entries.push(TbEntry {
                frame: Rc::new(snapshot(f)),
                pc: f.pc.saturating_sub(1),
            });
        }
        if depth >= entries.len() {
            return Err(self.raise(
                self.types.value_error.clone(),
                "call stack is not deep enough",
            ));
        }
        let index = entries.len() - 1 - depth;
        Ok(frame_value(self, entries.into(), index))
    }

    /// `exc.with_traceback(tb)` and `exc.__traceback__ = tb`: the exception's entries become
    /// those from `tb` on (`None` clears them).
    pub fn set_traceback(&mut self, exc: &Value, tb: &Value) -> PyResult<()> {
        let entries = match tb.kind() {
            Some(Kind::Traceback(entries, i)) => entries[*i..].to_vec(),
            _ if tb.is_none() => Vec::new(),
            _ => {
                return Err(self.raise(
                    self.types.type_error.clone(),
                    "__traceback__ must be a traceback or None",
                ))
            }
        };
        if let Some(d) = self.exc_data(exc) {
            d.borrow_mut().traceback = entries;
        }
        Ok(())
    }
}
