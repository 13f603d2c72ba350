//! The virtual machine: frames live on the heap (`Vec<Box<Frame>>`), so a Python call never
//! recurses on the host stack; the dispatch loop in [`Vm::execute`] switches frames itself.
//! Native code that calls back into Python (a `key=` function, `__repr__`, `__eq__`) runs a
//! nested `execute`, bounded by the recursion limit like every other Python frame.
//!
//! The loop stops at an instruction boundary when the program must wait for the outside world
//! (standard input, a full output buffer): [`Vm::resume`] returns and the command's async
//! driver does the I/O through the simulated kernel, then resumes.

pub mod alloc;
pub mod attr;
mod call;
pub mod eval;
mod exc;
mod frames;
mod import;
mod items;
pub mod ops;
mod pattern;
pub mod text;

pub use attr::lookup_mro;
pub use exc::format_exception;

use super::code::{Code, Instr, UnOp};
use super::dict::Dict;
use super::object::{Heap, Kind, Obj, Value};
use super::stream::Stream;
use super::types::Types;
use crate::limits::cost;
use crate::process::{Interrupt, Kernel, Pid};
use std::cell::RefCell;
use std::rc::Rc;

/// Why Python execution stopped short of a value.
pub enum Flow {
    /// A Python exception (an exception instance) is propagating.
    Exc(Value),
    /// The run must stop: a budget ran out or a signal killed the process. No Python code
    /// sees it.
    Stop(Interrupt),
    /// The program needs input that has not arrived: retry the instruction after reading.
    NeedInput,
}

impl From<Interrupt> for Flow {
    fn from(i: Interrupt) -> Flow {
        Flow::Stop(i)
    }
}

impl From<crate::limits::Exhausted> for Flow {
    fn from(e: crate::limits::Exhausted) -> Flow {
        Flow::Stop(Interrupt::Stop(e.0))
    }
}

pub type PyResult<T> = Result<T, Flow>;

/// One activation of a code object.
pub struct Frame {
    pub code: Rc<Code>,
    pub pc: usize,
    pub stack: Vec<Value>,
    pub fast: Vec<Option<Value>>,
    pub cells: Vec<Rc<Obj>>,
    pub globals: Rc<Obj>,
    /// The locals mapping of module and class bodies (module bodies: the globals).
    pub locals: Option<Rc<Obj>>,
    /// For a frame running `__init__` on behalf of a class call: the new instance, returned
    /// instead of `__init__`'s value.
    pub init_self: Option<Value>,
    /// The handled-exception stack depth when this frame started.
    pub exc_base: usize,
}

/// How a run of [`Vm::execute`] ended.
pub enum Exit {
    Return(Value),
    /// A generator frame yielded: the value and the suspended frame.
    Yield(Value, Box<Frame>),
    /// The outermost run stopped to wait for I/O; the frame was saved and [`Vm::resume`]
    /// continues it.
    Suspend,
}

/// What the command driver must do before resuming.
pub enum Progress {
    Done(PyResult<Value>),
    /// Write the streams' pending bytes.
    Flush,
    /// Read more standard input.
    Read,
    /// Run a child process and hand its outcome back with [`Vm::child_outcome`] (the call
    /// that asked is retried).
    Spawn(super::child::ChildRequest),
}

/// Instructions run between CPU charges (the charge is made for all of them at once).
const FUEL_BATCH: u64 = 64;
/// Modeled memory is reserved from the meter in chunks of this size.
const RESERVE_CHUNK: u64 = 64 * 1024;

pub struct Vm {
    pub heap: Rc<Heap>,
    pub sys: Rc<Kernel>,
    pub pid: Pid,
    pub types: Types,
    pub builtins: Rc<Obj>,
    /// `sys.modules`.
    pub modules: Rc<Obj>,
    pub sys_module: Option<Rc<Obj>>,
    /// Boxed because frames move in and out of generator objects without being copied.
    #[allow(clippy::vec_box)]
    frames: Vec<Box<Frame>>,
    /// Active Python frames, for the recursion limit.
    depth: usize,
    pub recursion_limit: usize,
    /// Nested `execute` runs (0 when only the outermost one is running).
    nested: usize,
    /// Native recursion (repr, equality of nested containers), bounded separately.
    pub native_depth: usize,
    /// Exceptions being handled (innermost last), for `sys.exc_info`, bare `raise` and
    /// implicit chaining.
    pub exc_stack: Vec<Value>,
    /// Modeled memory reserved from the meter for the heap's live objects (grown before the
    /// heap grows past it, shrunk in chunks as it empties; released when the VM is dropped).
    reservation: crate::limits::Reservation,
    pub stdout: Value,
    pub stderr: Value,
    pub stdin: Value,
    /// Set when a stream has bytes to write out at the next instruction boundary.
    pub want_flush: bool,
    /// Saved outermost frame while suspended.
    suspended: Option<Box<Frame>>,
    pub cwd: Vec<u8>,
    pub env: Vec<(Vec<u8>, Vec<u8>)>,
    pub argv: Vec<String>,
    /// Directories searched by `import`, as `sys.path` holds them.
    pub path: Vec<String>,
    /// Modules the program asked for that the simulator does not provide.
    pub missing_modules: Vec<String>,
    pub int_max_str_digits: usize,
    fuel: u64,
    /// Containers whose `repr` is in progress (to print `[...]` for a cycle).
    pub repr_stack: Vec<u64>,
    /// Virtual time `time.sleep` asked for that the driver has not slept yet (it sleeps on
    /// the scheduler at the next instruction boundary); clock reads include it.
    pub sleep_debt_ns: u64,
    /// A child process a native call asked for, which the driver has not started yet.
    pub child_request: Option<super::child::ChildRequest>,
    /// The driver's answer to `child_request`, for the retried call to take.
    pub child_outcome: Option<super::child::ChildOutcome>,
    /// The machine meter's CPU count when the interpreter started (`time.process_time`).
    pub cpu_at_start: u64,
}

impl Vm {
    pub fn new(sys: Rc<Kernel>, pid: Pid) -> Vm {
        let heap = Heap::new();
        let types = Types::new(&heap);
        let builtins = alloc::dict_obj(&heap, Dict::new());
        let modules = alloc::dict_obj(&heap, Dict::new());
        let stdout = alloc::obj(&heap, Kind::Stream(RefCell::new(Stream::stdout())), 256);
        let stderr = alloc::obj(&heap, Kind::Stream(RefCell::new(Stream::stderr())), 256);
        let stdin = alloc::obj(&heap, Kind::Stream(RefCell::new(Stream::stdin())), 256);
        let reservation = sys.meter.empty_reservation();
        let cpu_at_start = sys.meter.cpu_used();
        let mut vm = Vm {
            heap,
            sys,
            pid,
            types,
            builtins,
            modules,
            sys_module: None,
            frames: Vec::new(),
            depth: 0,
            recursion_limit: 1000,
            nested: 0,
            native_depth: 0,
            exc_stack: Vec::new(),
            reservation,
            stdout,
            stderr,
            stdin,
            want_flush: false,
            sleep_debt_ns: 0,
            child_request: None,
            child_outcome: None,
            cpu_at_start,
            suspended: None,
            cwd: b"/".to_vec(),
            env: Vec::new(),
            argv: Vec::new(),
            path: Vec::new(),
            missing_modules: Vec::new(),
            int_max_str_digits: 4300,
            fuel: 0,
            repr_stack: Vec::new(),
        };
        super::builtins::install(&mut vm);
        vm
    }

    // ---- metering ---------------------------------------------------------------------------

    /// Brings the meter's reservation in line with the heap's live bytes: reserves before
    /// the heap grows past what is reserved, gives chunks back when it shrinks.
    pub fn account(&mut self) -> PyResult<()> {
        let live = self.heap.live.get();
        let reserved = self.reservation.bytes();
        if live > reserved {
            let want = (live - reserved).div_ceil(RESERVE_CHUNK) * RESERVE_CHUNK;
            self.reservation.grow(want)?;
        } else if reserved - live > 4 * RESERVE_CHUNK {
            let give = (reserved - live) / RESERVE_CHUNK * RESERVE_CHUNK - RESERVE_CHUNK;
            self.reservation.shrink(give);
        }
        Ok(())
    }

    /// Checks that `bytes` more could be allocated before building something big.
    pub fn ensure(&mut self, bytes: u64) -> PyResult<()> {
        let live = self.heap.live.get().saturating_add(bytes);
        let reserved = self.reservation.bytes();
        if live > reserved {
            let want = (live - reserved).div_ceil(RESERVE_CHUNK) * RESERVE_CHUNK;
            self.reservation.grow(want)?;
        }
        Ok(())
    }

    /// Charges CPU for `units` of native work (a sort's comparisons, a string's bytes).
    pub fn charge(&mut self, units: u64) -> PyResult<()> {
        self.sys.charge(units)?;
        Ok(())
    }

    /// Charges for scanning or building `bytes` bytes.
    pub fn charge_bytes(&mut self, bytes: usize) -> PyResult<()> {
        self.charge(cost::per_bytes(bytes, 256, cost::SCAN_PER_256_BYTES))
    }

    /// Bytes currently reserved from the meter for the heap.
    pub fn reserved_bytes(&self) -> u64 {
        self.reservation.bytes()
    }

    /// Gives every reservation back (the interpreter is done).
    pub fn release_all(&mut self) {
        self.reservation.clear();
    }

    // ---- frames -----------------------------------------------------------------------------

    pub fn new_frame(
        &mut self,
        code: Rc<Code>,
        globals: Rc<Obj>,
        locals: Option<Rc<Obj>>,
    ) -> Box<Frame> {
        let nfast = code.varnames.len();
        let ncells = code.cellvars.len() + code.freevars.len();
        let mut cells = Vec::with_capacity(ncells);
        for _ in 0..code.cellvars.len() {
            cells.push(alloc::cell(&self.heap, None));
        }
        Box::new(Frame {
            stack: Vec::with_capacity(code.stacksize as usize),
            fast: vec![None; nfast],
            cells,
            code,
            pc: 0,
            globals,
            locals,
            init_self: None,
            exc_base: self.exc_stack.len(),
        })
    }

    /// Runs a module's code to its end in `globals`.
    pub fn start(&mut self, code: Rc<Code>, globals: Rc<Obj>) {
        let frame = self.new_frame(code, globals.clone(), Some(globals));
        self.suspended = Some(frame);
    }

    /// Continues the outermost run started by [`Vm::start`] until it finishes or must wait.
    pub fn resume(&mut self) -> Progress {
        if self.want_flush {
            return Progress::Flush;
        }
        let Some(frame) = self.suspended.take() else {
            return Progress::Done(Ok(Value::None));
        };
        self.depth += 1;
        match self.execute_from(frame, 0) {
            Ok(Exit::Return(v)) => Progress::Done(Ok(v)),
            Ok(Exit::Yield(..)) => Progress::Done(Ok(Value::None)),
            Ok(Exit::Suspend) => {
                if let Some(req) = self.child_request.take() {
                    Progress::Spawn(req)
                } else if self.want_flush {
                    Progress::Flush
                } else {
                    Progress::Read
                }
            }
            Err(e) => Progress::Done(Err(e)),
        }
    }

    /// Runs `frame` (already counted in `depth`) and every frame it calls, until it returns,
    /// yields, raises out, or (outermost only) suspends.
    pub fn execute(&mut self, frame: Box<Frame>) -> PyResult<Exit> {
        if self.depth >= self.recursion_limit {
            return Err(self.recursion_error());
        }
        self.depth += 1;
        self.nested += 1;
        let base = self.frames.len();
        let r = self.execute_from(frame, base);
        self.nested -= 1;
        r
    }

    fn execute_from(&mut self, mut frame: Box<Frame>, base: usize) -> PyResult<Exit> {
        let outermost = self.nested == 0;
        loop {
            match self.run_frame(&mut frame, outermost) {
                Step::Return(v) => {
                    self.depth -= 1;
                    self.exc_stack
                        .truncate(frame.exc_base.min(self.exc_stack.len()));
                    let v = match frame.init_self.take() {
                        Some(instance) => {
                            if !v.is_none() {
                                let msg = format!(
                                    "__init__() should return None, not '{}'",
                                    self.type_name(&v)
                                );
                                let e = self.new_exception(self.types.type_error.clone(), &msg);
                                match self.unwind(&mut frame, base, e) {
                                    Ok(()) => continue,
                                    Err(e) => return Err(e),
                                }
                            }
                            instance
                        }
                        None => v,
                    };
                    if self.frames.len() == base {
                        return Ok(Exit::Return(v));
                    }
                    frame = self.frames.pop().expect("caller frame");
                    frame.stack.push(v);
                }
                Step::Call(callee) => {
                    if self.depth >= self.recursion_limit {
                        let e = self.recursion_error_value();
                        self.add_traceback(&e, &frame, frame.pc - 1);
                        self.unwind(&mut frame, base, e)?;
                        continue;
                    }
                    self.depth += 1;
                    let caller = std::mem::replace(&mut frame, callee);
                    self.frames.push(caller);
                }
                Step::Yield(v) => {
                    self.depth -= 1;
                    debug_assert_eq!(self.frames.len(), base);
                    return Ok(Exit::Yield(v, frame));
                }
                Step::Raise(e) => self.unwind(&mut frame, base, e)?,
                Step::Stop(f) => {
                    // Unwind every frame of this run without running handlers.
                    self.depth -= 1 + (self.frames.len() - base);
                    self.frames.truncate(base);
                    return Err(f);
                }
                Step::Suspend => {
                    self.depth -= 1;
                    self.suspended = Some(frame);
                    return Ok(Exit::Suspend);
                }
            }
        }
    }

    /// Finds a handler for `exc` in `frame` or its callers (down to `base`); on success the
    /// frame to continue is left in `frame`.
    fn unwind(&mut self, frame: &mut Box<Frame>, base: usize, exc: Value) -> PyResult<()> {
        loop {
            let pc = frame.pc.saturating_sub(1);
            if let Some(h) = frame.code.handler_for(pc) {
                frame.stack.truncate(h.depth as usize);
                frame.stack.push(exc);
                frame.pc = h.target as usize;
                return Ok(());
            }
            self.depth -= 1;
            self.exc_stack
                .truncate(frame.exc_base.min(self.exc_stack.len()));
            if self.frames.len() == base {
                return Err(Flow::Exc(exc));
            }
            *frame = self.frames.pop().expect("caller frame");
            let pc = frame.pc.saturating_sub(1);
            self.add_traceback(&exc, frame, pc);
        }
    }

    /// Calls `f` from native code and returns its value.
    pub fn call(
        &mut self,
        f: &Value,
        args: &[Value],
        kwargs: &[(Rc<str>, Value)],
    ) -> PyResult<Value> {
        // Native code calling back into Python (or into more native code) nests on the host
        // stack: bound it like CPython's C recursion limit.
        self.enter_native()?;
        let r = match self.prepare_call(f, args, kwargs) {
            Ok(Called::Value(v)) => Ok(v),
            Ok(Called::Frame(frame)) => match self.execute(frame) {
                Ok(Exit::Return(v)) => Ok(v),
                Ok(_) => Ok(Value::None),
                Err(e) => Err(e),
            },
            Err(e) => Err(e),
        };
        self.native_depth -= 1;
        r
    }

    // ---- the dispatch loop ------------------------------------------------------------------

    fn run_frame(&mut self, frame: &mut Frame, outermost: bool) -> Step {
        loop {
            self.fuel += 1;
            if self.fuel >= FUEL_BATCH {
                self.fuel = 0;
                if let Err(i) = self.sys.charge(FUEL_BATCH * cost::PY_INSTR) {
                    return Step::Stop(Flow::Stop(i));
                }
                if let Err(f) = self.account() {
                    return Step::Stop(f);
                }
                if self.want_flush && outermost {
                    return Step::Suspend;
                }
            }
            let pc = frame.pc;
            let Some(&instr) = frame.code.instrs.get(pc) else {
                return Step::Return(Value::None);
            };
            frame.pc = pc + 1;
            let r = self.dispatch(frame, instr);
            match r {
                Ok(None) => {}
                Ok(Some(step)) => return step,
                Err(Flow::Exc(e)) => {
                    if !matches!(instr, Instr::Reraise) && !matches!(instr, Instr::Raise(0)) {
                        self.add_traceback(&e, frame, pc);
                    }
                    return Step::Raise(e);
                }
                Err(Flow::NeedInput) => {
                    if outermost {
                        frame.pc = pc;
                        return Step::Suspend;
                    }
                    let msg = if self.child_request.take().is_some() {
                        "a child process cannot be started from a generator or from code that native code calls back (not supported by this simulator)"
                    } else {
                        "standard input is not available inside a nested call"
                    };
                    let e = self.new_exception(self.types.runtime_error.clone(), msg);
                    self.add_traceback(&e, frame, pc);
                    return Step::Raise(e);
                }
                Err(stop @ Flow::Stop(_)) => return Step::Stop(stop),
            }
        }
    }

    /// Executes one instruction. `Ok(Some(step))` leaves the loop (call, return, yield).
    fn dispatch(&mut self, f: &mut Frame, instr: Instr) -> PyResult<Option<Step>> {
        use Instr::*;
        match instr {
            Nop | SetupAnnotations => {}
            Pop => {
                f.stack.pop();
            }
            Dup => {
                let v = top(f).clone();
                f.stack.push(v);
            }
            Dup2 => {
                let n = f.stack.len();
                let a = f.stack[n - 2].clone();
                let b = f.stack[n - 1].clone();
                f.stack.push(a);
                f.stack.push(b);
            }
            Rot2 => {
                let n = f.stack.len();
                f.stack.swap(n - 1, n - 2);
            }
            Rot3 => {
                let v = f.stack.pop().expect("stack");
                let n = f.stack.len();
                f.stack.insert(n - 2, v);
            }
            Rot4 => {
                let v = f.stack.pop().expect("stack");
                let n = f.stack.len();
                f.stack.insert(n - 3, v);
            }
            LoadConst(i) => {
                let v = f.code.consts[i as usize].clone();
                f.stack.push(v);
            }
            LoadFast(i) => match &f.fast[i as usize] {
                Some(v) => {
                    let v = v.clone();
                    f.stack.push(v);
                }
                None => {
                    let name = f.code.varnames[i as usize].clone();
                    return Err(self.unbound_local(&name));
                }
            },
            StoreFast(i) => {
                let v = f.stack.pop();
                f.fast[i as usize] = v;
            }
            DeleteFast(i) => {
                if f.fast[i as usize].take().is_none() {
                    let name = f.code.varnames[i as usize].clone();
                    return Err(self.unbound_local(&name));
                }
            }
            LoadDeref(i) | LoadClassDeref(i) => {
                if let LoadClassDeref(_) = instr {
                    let name = self.cell_name(&f.code, i);
                    if let Some(locals) = &f.locals {
                        let key = alloc::str_value(&self.heap, &name);
                        if let Some(v) = self.dict_get(locals, &key)? {
                            f.stack.push(v);
                            return Ok(None);
                        }
                    }
                }
                let cell = f.cells[i as usize].clone();
                let Kind::Cell(c) = &cell.kind else {
                    unreachable!()
                };
                let v = c.borrow().clone();
                match v {
                    Some(v) => f.stack.push(v),
                    None => {
                        let name = self.cell_name(&f.code, i);
                        let msg = format!(
                            "cannot access free variable '{name}' where it is not associated with a value in enclosing scope"
                        );
                        if (i as usize) < f.code.cellvars.len() {
                            return Err(self.unbound_local(&name));
                        }
                        return Err(self.raise(self.types.name_error.clone(), &msg));
                    }
                }
            }
            StoreDeref(i) => {
                let v = f.stack.pop();
                if let Kind::Cell(c) = &f.cells[i as usize].kind {
                    *c.borrow_mut() = v;
                }
            }
            DeleteDeref(i) => {
                if let Kind::Cell(c) = &f.cells[i as usize].kind {
                    *c.borrow_mut() = None;
                }
            }
            LoadClosure(i) => {
                let c = f.cells[i as usize].clone();
                f.stack.push(Value::Obj(c));
            }
            LoadGlobal(i) => {
                let name = f.code.names[i as usize].clone();
                let v = self.load_global(&f.globals, &name)?;
                f.stack.push(v);
            }
            StoreGlobal(i) => {
                let name = f.code.names[i as usize].clone();
                let v = f.stack.pop().expect("stack");
                let g = f.globals.clone();
                self.dict_set(&g, name, v)?;
            }
            DeleteGlobal(i) => {
                let name = f.code.names[i as usize].clone();
                let g = f.globals.clone();
                if !self.dict_del(&g, &name)? {
                    let msg = format!("name '{}' is not defined", name.as_str().unwrap_or(""));
                    return Err(self.raise(self.types.name_error.clone(), &msg));
                }
            }
            LoadName(i) => {
                let name = f.code.names[i as usize].clone();
                if let Some(locals) = &f.locals {
                    if !Rc::ptr_eq(locals, &f.globals) {
                        let found = if matches!(locals.kind, Kind::Dict(_)) {
                            self.dict_get(&locals.clone(), &name)?
                        } else {
                            self.mapping_lookup(&locals.clone(), &name)?
                        };
                        if let Some(v) = found {
                            f.stack.push(v);
                            return Ok(None);
                        }
                    }
                }
                let v = self.load_global(&f.globals, &name)?;
                f.stack.push(v);
            }
            StoreName(i) => {
                let name = f.code.names[i as usize].clone();
                let v = f.stack.pop().expect("stack");
                let target = f.locals.clone().unwrap_or_else(|| f.globals.clone());
                if matches!(target.kind, Kind::Dict(_)) {
                    self.dict_set(&target, name, v)?;
                } else {
                    // A class body whose metaclass's `__prepare__` gave a custom mapping.
                    self.setitem(&Value::Obj(target), name, v)?;
                }
            }
            DeleteName(i) => {
                let name = f.code.names[i as usize].clone();
                let target = f.locals.clone().unwrap_or_else(|| f.globals.clone());
                if !matches!(target.kind, Kind::Dict(_)) {
                    self.delitem(&Value::Obj(target), &name)?;
                } else if !self.dict_del(&target, &name)? {
                    let msg = format!("name '{}' is not defined", name.as_str().unwrap_or(""));
                    return Err(self.raise(self.types.name_error.clone(), &msg));
                }
            }
            LoadAttr(i) => {
                let name = f.code.names[i as usize].clone();
                let obj = f.stack.pop().expect("stack");
                let v = self.getattr(&obj, &name)?;
                f.stack.push(v);
            }
            StoreAttr(i) => {
                let name = f.code.names[i as usize].clone();
                let obj = f.stack.pop().expect("stack");
                let v = f.stack.pop().expect("stack");
                self.setattr(&obj, &name, v)?;
            }
            DeleteAttr(i) => {
                let name = f.code.names[i as usize].clone();
                let obj = f.stack.pop().expect("stack");
                self.delattr(&obj, &name)?;
            }
            LoadMethod(_) | CallMethod(_) | PrintExpr => {
                return Err(self.raise(
                    self.types.system_error.clone(),
                    "instruction not produced by this compiler",
                ));
            }
            Subscr => {
                let key = f.stack.pop().expect("stack");
                let obj = f.stack.pop().expect("stack");
                let v = self.getitem(&obj, &key)?;
                f.stack.push(v);
            }
            StoreSubscr => {
                let key = f.stack.pop().expect("stack");
                let obj = f.stack.pop().expect("stack");
                let v = f.stack.pop().expect("stack");
                self.setitem(&obj, key, v)?;
            }
            DeleteSubscr => {
                let key = f.stack.pop().expect("stack");
                let obj = f.stack.pop().expect("stack");
                self.delitem(&obj, &key)?;
            }
            Binary(op) => {
                let b = f.stack.pop().expect("stack");
                let a = f.stack.pop().expect("stack");
                let v = self.binary(op, &a, &b)?;
                f.stack.push(v);
            }
            Inplace(op) => {
                let b = f.stack.pop().expect("stack");
                let a = f.stack.pop().expect("stack");
                let v = self.inplace(op, &a, &b)?;
                f.stack.push(v);
            }
            Unary(op) => {
                let a = f.stack.pop().expect("stack");
                let v = match op {
                    UnOp::Not => Value::Bool(!self.truthy(&a)?),
                    _ => self.unary(op, &a)?,
                };
                f.stack.push(v);
            }
            Compare(op) => {
                let b = f.stack.pop().expect("stack");
                let a = f.stack.pop().expect("stack");
                let v = self.compare(op, &a, &b)?;
                f.stack.push(v);
            }
            Is(neg) => {
                let b = f.stack.pop().expect("stack");
                let a = f.stack.pop().expect("stack");
                f.stack.push(Value::Bool(a.is(&b) != neg));
            }
            Contains(neg) => {
                let container = f.stack.pop().expect("stack");
                let item = f.stack.pop().expect("stack");
                let r = self.contains(&container, &item)?;
                f.stack.push(Value::Bool(r != neg));
            }
            Jump(t) => f.pc = t as usize,
            PopJumpIfFalse(t) => {
                let v = f.stack.pop().expect("stack");
                if !self.truthy(&v)? {
                    f.pc = t as usize;
                }
            }
            PopJumpIfTrue(t) => {
                let v = f.stack.pop().expect("stack");
                if self.truthy(&v)? {
                    f.pc = t as usize;
                }
            }
            JumpIfFalseOrPop(t) => {
                if !self.truthy(top(f))? {
                    f.pc = t as usize;
                } else {
                    f.stack.pop();
                }
            }
            JumpIfTrueOrPop(t) => {
                if self.truthy(top(f))? {
                    f.pc = t as usize;
                } else {
                    f.stack.pop();
                }
            }
            PopJumpIfNone(t) => {
                if f.stack.pop().expect("stack").is_none() {
                    f.pc = t as usize;
                }
            }
            PopJumpIfNotNone(t) => {
                if !f.stack.pop().expect("stack").is_none() {
                    f.pc = t as usize;
                }
            }
            GetIter => {
                let v = f.stack.pop().expect("stack");
                let it = self.iter(&v)?;
                f.stack.push(it);
            }
            ForIter(t) => {
                let it = top(f).clone();
                match self.next(&it)? {
                    Some(v) => f.stack.push(v),
                    None => {
                        f.stack.pop();
                        f.pc = t as usize;
                    }
                }
            }
            Call(n) => {
                let n = n as usize;
                let at = f.stack.len() - n - 1;
                let func = f.stack[at].clone();
                let called = match func.kind() {
                    Some(Kind::FrameBuiltin(_, fb)) => {
                        let args = f.stack[at + 1..].to_vec();
                        Called::Value(fb(self, Some(f), &args, &[])?)
                    }
                    _ => self.prepare_call(&func, &f.stack[at + 1..], &[])?,
                };
                f.stack.truncate(at);
                match called {
                    Called::Value(v) => f.stack.push(v),
                    Called::Frame(fr) => return Ok(Some(Step::Call(fr))),
                }
            }
            CallKw(n) => {
                let names = f.stack.pop().expect("stack");
                let n = n as usize;
                let at = f.stack.len() - n - 1;
                let func = f.stack[at].clone();
                let Some(Kind::Tuple(names)) = names.kind() else {
                    unreachable!()
                };
                let k = names.len();
                let kwargs: Vec<(Rc<str>, Value)> = names
                    .iter()
                    .zip(f.stack[f.stack.len() - k..].iter())
                    .map(|(n, v)| (Rc::from(n.as_str().unwrap_or("")), v.clone()))
                    .collect();
                let pos_end = f.stack.len() - k;
                let called = match func.kind() {
                    Some(Kind::FrameBuiltin(_, fb)) => {
                        let args = f.stack[at + 1..pos_end].to_vec();
                        Called::Value(fb(self, Some(f), &args, &kwargs)?)
                    }
                    _ => self.prepare_call(&func, &f.stack[at + 1..pos_end], &kwargs)?,
                };
                f.stack.truncate(at);
                match called {
                    Called::Value(v) => f.stack.push(v),
                    Called::Frame(fr) => return Ok(Some(Step::Call(fr))),
                }
            }
            CallEx(has_kw) => {
                let kwargs = if has_kw == 1 {
                    let d = f.stack.pop().expect("stack");
                    self.kwargs_from_dict(&d)?
                } else {
                    Vec::new()
                };
                let args = f.stack.pop().expect("stack");
                let func = f.stack.pop().expect("stack");
                let args: Vec<Value> = match args.kind() {
                    Some(Kind::Tuple(t)) => t.to_vec(),
                    _ => self.to_vec(&args)?,
                };
                let called = match func.kind() {
                    Some(Kind::FrameBuiltin(_, fb)) => {
                        Called::Value(fb(self, Some(f), &args, &kwargs)?)
                    }
                    _ => self.prepare_call(&func, &args, &kwargs)?,
                };
                match called {
                    Called::Value(v) => f.stack.push(v),
                    Called::Frame(fr) => return Ok(Some(Step::Call(fr))),
                }
            }
            MakeFunction(flags) => {
                let code = f.stack.pop().expect("stack");
                let closure = if flags & 8 != 0 {
                    let t = f.stack.pop().expect("stack");
                    match t.kind() {
                        Some(Kind::Tuple(items)) => {
                            items.iter().filter_map(|c| c.obj().cloned()).collect()
                        }
                        _ => Vec::new(),
                    }
                } else {
                    Vec::new()
                };
                let annotate = if flags & 16 != 0 { f.stack.pop() } else { None };
                let kwdefaults = if flags & 2 != 0 {
                    f.stack.pop().and_then(|v| v.obj().cloned())
                } else {
                    None
                };
                let defaults = if flags & 1 != 0 {
                    match f.stack.pop().expect("stack").kind() {
                        Some(Kind::Tuple(t)) => t.to_vec(),
                        _ => Vec::new(),
                    }
                } else {
                    Vec::new()
                };
                let Some(Kind::Code(code)) = code.kind() else {
                    unreachable!()
                };
                let func = self.make_function(
                    code.clone(),
                    f.globals.clone(),
                    defaults,
                    kwdefaults,
                    closure,
                )?;
                if let (Some(a), Some(Kind::Function(fun))) = (annotate, func.kind()) {
                    let d = alloc::dict_obj(&self.heap, crate::python::dict::Dict::new());
                    crate::python::types::set_item(&self.heap, &d, "__annotate__", a);
                    *fun.dict.borrow_mut() = Some(d);
                }
                f.stack.push(func);
            }
            BuildTuple(n) => {
                let items = f.stack.split_off(f.stack.len() - n as usize);
                let v = self.new_tuple(items)?;
                f.stack.push(v);
            }
            BuildList(n) => {
                let items = f.stack.split_off(f.stack.len() - n as usize);
                let v = self.new_list(items)?;
                f.stack.push(v);
            }
            BuildSet(n) => {
                let items = f.stack.split_off(f.stack.len() - n as usize);
                let v = self.new_set(items, false)?;
                f.stack.push(v);
            }
            BuildMap(n) => {
                let items = f.stack.split_off(f.stack.len() - 2 * n as usize);
                let d = self.new_dict()?;
                let mut it = items.into_iter();
                while let (Some(k), Some(v)) = (it.next(), it.next()) {
                    self.setitem(&d, k, v)?;
                }
                f.stack.push(d);
            }
            BuildString(n) => {
                let parts = f.stack.split_off(f.stack.len() - n as usize);
                let mut s = String::new();
                for p in &parts {
                    s.push_str(p.as_str().unwrap_or(""));
                }
                let v = self.new_str(s)?;
                f.stack.push(v);
            }
            BuildSlice(n) => {
                let step = if n == 3 {
                    f.stack.pop().expect("stack")
                } else {
                    Value::None
                };
                let stop = f.stack.pop().expect("stack");
                let start = f.stack.pop().expect("stack");
                let v = alloc::obj(&self.heap, Kind::Slice(start, stop, step), 64);
                f.stack.push(v);
            }
            FormatValue(flags) => {
                let spec = if flags & 4 != 0 { f.stack.pop() } else { None };
                let v = f.stack.pop().expect("stack");
                let v = match flags & 3 {
                    1 => self.str_of(&v)?,
                    2 => self.repr_of(&v)?,
                    3 => self.ascii_of(&v)?,
                    _ => v,
                };
                let spec_text = spec
                    .as_ref()
                    .and_then(|s| s.as_str())
                    .unwrap_or("")
                    .to_string();
                let out = self.format(&v, &spec_text)?;
                f.stack.push(out);
            }
            ListAppend(n) => {
                let v = f.stack.pop().expect("stack");
                let list = f.stack[f.stack.len() - n as usize].clone();
                self.list_append(&list, v)?;
            }
            SetAdd(n) => {
                let v = f.stack.pop().expect("stack");
                let set = f.stack[f.stack.len() - n as usize].clone();
                self.set_add(&set, v)?;
            }
            MapAdd(n) => {
                let v = f.stack.pop().expect("stack");
                let k = f.stack.pop().expect("stack");
                let d = f.stack[f.stack.len() - n as usize].clone();
                self.setitem(&d, k, v)?;
            }
            ListExtend(n) => {
                let it = f.stack.pop().expect("stack");
                let list = f.stack[f.stack.len() - n as usize].clone();
                let items = self.to_vec(&it)?;
                for v in items {
                    self.list_append(&list, v)?;
                }
            }
            SetUpdate(n) => {
                let it = f.stack.pop().expect("stack");
                let set = f.stack[f.stack.len() - n as usize].clone();
                for v in self.to_vec(&it)? {
                    self.set_add(&set, v)?;
                }
            }
            DictUpdate(n) | DictMerge(n) => {
                let m = f.stack.pop().expect("stack");
                let d = f.stack[f.stack.len() - n as usize].clone();
                self.dict_update(&d, &m, matches!(instr, DictMerge(_)))?;
            }
            ListToTuple => {
                let l = f.stack.pop().expect("stack");
                let items = match l.kind() {
                    Some(Kind::List(items)) => items.borrow().clone(),
                    _ => Vec::new(),
                };
                let t = self.new_tuple(items)?;
                f.stack.push(t);
            }
            UnpackSequence(n) => {
                let v = f.stack.pop().expect("stack");
                let items = self.unpack(&v, n as usize, None)?;
                f.stack.extend(items.into_iter().rev());
            }
            UnpackEx(n) => {
                let v = f.stack.pop().expect("stack");
                let before = (n & 0xffff) as usize;
                let after = (n >> 16) as usize;
                let items = self.unpack(&v, before, Some(after))?;
                f.stack.extend(items.into_iter().rev());
            }
            Return => {
                let v = f.stack.pop().unwrap_or(Value::None);
                return Ok(Some(Step::Return(v)));
            }
            Raise(n) => return Err(self.do_raise(f, n)),
            Reraise => {
                let e = f.stack.pop().expect("stack");
                return Err(Flow::Exc(e));
            }
            PushExcInfo => {
                let e = top(f).clone();
                self.exc_stack.push(e);
            }
            PopExcept => {
                self.exc_stack.pop();
            }
            CheckExcMatch => {
                let ty = f.stack.pop().expect("stack");
                let e = top(f).clone();
                let m = self.exception_matches(&e, &ty)?;
                f.stack.push(Value::Bool(m));
            }
            LoadBuildClass => {
                let v = self.builtin_fn("__build_class__");
                f.stack.push(v);
            }
            ImportName(i) => {
                let name = f.code.names[i as usize].clone();
                let fromlist = f.stack.pop().expect("stack");
                let level = f.stack.pop().expect("stack");
                let level = match level {
                    Value::Int(l) => l as usize,
                    _ => 0,
                };
                let globals = f.globals.clone();
                let m = self.import(
                    name.as_str().unwrap_or(""),
                    &globals,
                    level,
                    !fromlist.is_none(),
                )?;
                f.stack.push(m);
            }
            ImportFrom(i) => {
                let name = f.code.names[i as usize].clone();
                let m = top(f).clone();
                let v = self.import_from(&m, &name)?;
                f.stack.push(v);
            }
            ImportStar => {
                let m = f.stack.pop().expect("stack");
                let target = f.locals.clone().unwrap_or_else(|| f.globals.clone());
                self.import_star(&m, &target)?;
            }
            YieldValue => {
                let v = f.stack.pop().expect("stack");
                return Ok(Some(Step::Yield(v)));
            }
            YieldFrom => {
                let sent = f.stack.pop().expect("stack");
                let sub = top(f).clone();
                match self.send_to(&sub, sent)? {
                    GenStep::Yielded(v) => {
                        // Stay on this instruction: the next resume sends to the sub-iterator.
                        f.pc -= 1;
                        return Ok(Some(Step::Yield(v)));
                    }
                    GenStep::Returned(v) => {
                        f.stack.pop();
                        f.stack.push(v);
                    }
                }
            }
            GenStart => {}
            LoadAssertionError => {
                let v = Value::Obj(self.types.assertion_error.clone());
                f.stack.push(v);
            }
            BeforeWith => {
                let ctx = f.stack.pop().expect("stack");
                let exit = self.special_method(&ctx, "__exit__")?;
                let enter = self.special_method(&ctx, "__enter__")?;
                let (Some(enter), Some(exit)) = (enter, exit) else {
                    let ty = self.type_name(&ctx);
                    let missing = if self.special_method(&ctx, "__enter__")?.is_none() {
                        ""
                    } else {
                        " (missed __exit__ method)"
                    };
                    let msg = format!(
                        "'{ty}' object does not support the context manager protocol{missing}"
                    );
                    return Err(self.raise(self.types.type_error.clone(), &msg));
                };
                f.stack.push(exit);
                let r = self.call(&enter, &[], &[])?;
                f.stack.push(r);
            }
            WithExceptStart => {
                let n = f.stack.len();
                let exc = f.stack[n - 1].clone();
                let exit = f.stack[n - 2].clone();
                let ty = Value::Obj(self.class_of(&exc));
                let tb = self.traceback_object(&exc);
                let r = self.call(&exit, &[ty, exc, tb], &[])?;
                f.stack.push(r);
            }
            MatchLen(_) | MatchSequence | MatchMapping | MatchKeys | MatchClass(_)
            | CopyDictWithoutKeys | RotN(_) | PullN(_) => self.pattern_op(f, instr)?,
        }
        Ok(None)
    }

    fn cell_name(&self, code: &Code, i: u32) -> String {
        let i = i as usize;
        if i < code.cellvars.len() {
            code.cellvars[i].to_string()
        } else {
            code.freevars
                .get(i - code.cellvars.len())
                .map(|s| s.to_string())
                .unwrap_or_default()
        }
    }

    fn do_raise(&mut self, f: &mut Frame, n: u32) -> Flow {
        match n {
            0 => match self.exc_stack.last().cloned() {
                Some(e) => Flow::Exc(e),
                None => self.raise(
                    self.types.runtime_error.clone(),
                    "No active exception to reraise",
                ),
            },
            _ => {
                let cause = if n == 2 { f.stack.pop() } else { None };
                let e = f.stack.pop().expect("stack");
                let e = match self.exception_from(&e) {
                    Ok(e) => e,
                    Err(flow) => return flow,
                };
                if let Some(cause) = cause {
                    let cause = if cause.is_none() {
                        None
                    } else {
                        match self.exception_from(&cause) {
                            Ok(c) => Some(c),
                            Err(_) => {
                                return self.raise(
                                    self.types.type_error.clone(),
                                    "exception causes must derive from BaseException",
                                )
                            }
                        }
                    };
                    if let Some(data) = self.exc_data(&e) {
                        let mut d = data.borrow_mut();
                        d.cause = cause;
                        d.suppress_context = true;
                    }
                }
                self.chain_context(&e);
                Flow::Exc(e)
            }
        }
    }
}

/// How a frame's run ended (internal to the loop).
enum Step {
    Return(Value),
    Call(Box<Frame>),
    Yield(Value),
    Raise(Value),
    Stop(Flow),
    Suspend,
}

/// A call's outcome: a value from native code, or a frame for the loop to run.
pub enum Called {
    Value(Value),
    Frame(Box<Frame>),
}

/// One step of a generator or iterator being driven by `send`.
pub enum GenStep {
    Yielded(Value),
    Returned(Value),
}

#[inline]
fn top(f: &Frame) -> &Value {
    f.stack.last().expect("stack")
}
