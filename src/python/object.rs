//! The object model: a [`Value`] is either an immediate (`None`, `bool`, a small `int`, a
//! `float`) or a reference-counted heap [`Obj`]. Every heap object carries a [`Charge`] on
//! the interpreter's [`Heap`], so its modeled size is counted while it lives and given back
//! when it is freed; containers are also registered with the heap so that reference cycles can
//! be broken (see `gc.rs`).

use super::code::Code;
use super::dict::Dict;
use num_bigint::BigInt;
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

/// A Python value. Small ints, floats, bools and `None` need no allocation.
#[derive(Clone)]
pub enum Value {
    None,
    Bool(bool),
    /// An `int` that fits in an `i64`; larger ones are [`Kind::BigInt`], never a small value.
    Int(i64),
    Float(f64),
    Obj(Rc<Obj>),
}

impl Value {
    /// The heap object, if this is one.
    #[inline]
    pub fn obj(&self) -> Option<&Rc<Obj>> {
        match self {
            Value::Obj(o) => Some(o),
            _ => None,
        }
    }

    #[inline]
    pub fn kind(&self) -> Option<&Kind> {
        match self {
            Value::Obj(o) => Some(&o.kind),
            _ => None,
        }
    }

    /// `a is b`: identity for heap objects, equality of the immediate for the rest (CPython's
    /// small-int and singleton caching make `1 is 1` and `None is None` true).
    pub fn is(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::None, Value::None) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
            (Value::Obj(a), Value::Obj(b)) => Rc::ptr_eq(a, b),
            _ => false,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self.kind() {
            Some(Kind::Str(s)) => Some(&s.s),
            _ => None,
        }
    }

    pub fn is_none(&self) -> bool {
        matches!(self, Value::None)
    }
}

/// A heap object: what it is, and the memory it holds on the heap's account.
pub struct Obj {
    pub kind: Kind,
    pub charge: Charge,
}

/// A Python `str`: UTF-8 text with its length in code points and a cached hash.
pub struct PyStr {
    pub s: Box<str>,
    /// Number of code points (equal to the byte length when `ascii`).
    pub chars: usize,
    pub ascii: bool,
    /// The `hash()` once computed.
    pub hash: Cell<Option<i64>>,
}

impl PyStr {
    pub fn new(s: impl Into<Box<str>>) -> PyStr {
        let s: Box<str> = s.into();
        let ascii = s.is_ascii();
        let chars = if ascii { s.len() } else { s.chars().count() };
        PyStr {
            s,
            chars,
            ascii,
            hash: Cell::new(None),
        }
    }
}

/// What a heap object is.
pub enum Kind {
    BigInt(BigInt),
    Str(PyStr),
    Bytes(Box<[u8]>),
    ByteArray(RefCell<Vec<u8>>),
    Tuple(Box<[Value]>),
    List(RefCell<Vec<Value>>),
    Dict(RefCell<Dict>),
    /// `set` (mutable) or `frozenset`.
    Set(RefCell<SetData>, bool),
    Range(i64, i64, i64),
    Slice(Value, Value, Value),
    Function(Function),
    /// A native function, possibly bound to `self`.
    Builtin(Builtin),
    /// A builtin that reads its caller's frame (`globals`, `eval`, ...; see `vm/eval.rs`).
    FrameBuiltin(&'static str, super::vm::eval::FrameFn),
    /// A function bound to an instance.
    Method(Value, Value),
    Class(Class),
    Instance(Instance),
    Module(Module),
    Cell(RefCell<Option<Value>>),
    Iter(RefCell<IterState>),
    Generator(RefCell<Generator>),
    Property(Value, Value, Value),
    ClassMethod(Value),
    StaticMethod(Value),
    /// `super(cls, obj)`: the class to start after and the object.
    Super(Rc<Obj>, Value),
    Code(Rc<Code>),
    /// A traceback object: entry `.1` of a chain (outermost first); `tb_next` is `.1 + 1`.
    Traceback(Rc<[TbEntry]>, usize),
    /// A frame object: entry `.1` of a chain; `f_back` is `.1 - 1`.
    Frame(Rc<[TbEntry]>, usize),
    NotImplemented,
    Ellipsis,
    /// `dict.keys()` (0), `.values()` (1), `.items()` (2): a live view of the dict.
    DictView(Rc<Obj>, u8),
    /// A native stream: `sys.stdout`, `sys.stderr`, `sys.stdin`, or an open file.
    Stream(RefCell<super::stream::Stream>),
    /// Native state behind a standard-library object (a compiled regular expression, a
    /// random generator), held by the Python-level object that wraps it; its type is
    /// `object` to Python code.
    Opaque(Box<dyn std::any::Any>),
}

/// Set contents, laid out slot for slot as CPython's set table, so iteration order matches.
#[derive(Default, Clone)]
pub struct SetData {
    pub table: super::hash::SetTable<Value>,
}

pub struct Function {
    pub code: Rc<Code>,
    pub globals: Rc<Obj>,
    pub defaults: Vec<Value>,
    pub kwdefaults: Option<Rc<Obj>>,
    pub closure: Vec<Rc<Obj>>,
    pub name: RefCell<Rc<str>>,
    pub qualname: RefCell<Rc<str>>,
    pub dict: RefCell<Option<Rc<Obj>>>,
    pub doc: Value,
}

/// A native callable: `f(vm, args, kwargs)`.
pub type NativeFn =
    fn(&mut super::vm::Vm, &[Value], &[(Rc<str>, Value)]) -> Result<Value, super::vm::Flow>;

pub struct Builtin {
    pub name: &'static str,
    pub func: NativeFn,
    /// The bound receiver (`"abc".upper` binds the string), passed as the first argument.
    pub bound: Option<Value>,
    /// The class a method belongs to, for reprs (`<method 'upper' of 'str' objects>`).
    pub owner: Option<&'static str>,
}

pub struct Class {
    pub name: RefCell<Rc<str>>,
    pub qualname: RefCell<Rc<str>>,
    pub bases: RefCell<Vec<Rc<Obj>>>,
    /// The method resolution order, this class first.
    pub mro: RefCell<Vec<Weak<Obj>>>,
    pub dict: Rc<Obj>,
    /// The built-in type an instance's payload is (for `int`, `list`, exceptions, ...).
    pub builtin: Option<super::types::BuiltinType>,
    /// Set for classes created by the `class` statement (or `type(name, bases, dict)`).
    pub heap_type: bool,
    pub metaclass: RefCell<Option<Rc<Obj>>>,
    pub slots: Option<Vec<Rc<str>>>,
}

/// An instance of a class defined in Python (or of an exception class).
pub struct Instance {
    pub class: RefCell<Rc<Obj>>,
    pub dict: Option<Rc<Obj>>,
    /// State of exception instances.
    pub exc: Option<RefCell<ExcData>>,
    /// The built-in value an instance of a subclass of a built-in type wraps.
    pub payload: RefCell<Option<Value>>,
}

/// The state every exception object carries.
#[derive(Default)]
pub struct ExcData {
    pub args: Vec<Value>,
    /// Traceback entries, outermost first.
    pub traceback: Vec<TbEntry>,
    pub cause: Option<Value>,
    pub context: Option<Value>,
    pub suppress_context: bool,
    pub notes: Vec<Value>,
}

/// One line of a traceback: the frame an exception passed through and the instruction it
/// was at.
#[derive(Clone)]
pub struct TbEntry {
    pub frame: Rc<FrameSnap>,
    pub pc: usize,
}

/// What a frame object shows of a frame (`f_code`, `f_globals`, `f_locals`): taken when an
/// exception passes through it or `sys._getframe` asks. Cells are shared, so variables a
/// closure captured read as they are now; plain locals read as they were then (CPython
/// keeps the frame alive instead; programs rarely look after the fact).
pub struct FrameSnap {
    pub code: Rc<Code>,
    pub globals: Rc<Obj>,
    /// The locals mapping of module and class bodies.
    pub locals: Option<Rc<Obj>>,
    pub fast: Box<[Option<Value>]>,
    pub cells: Box<[Rc<Obj>]>,
}

pub struct Module {
    pub name: Rc<str>,
    pub dict: Rc<Obj>,
}

/// The state of a built-in iterator.
pub enum IterState {
    Seq(Value, usize),
    Range {
        next: i64,
        stop: i64,
        step: i64,
    },
    /// Iteration over dict keys/values/items (`which`: 0 keys, 1 values, 2 items) or a set.
    Dict(Rc<Obj>, usize, u8, usize),
    Str(Rc<Obj>, usize),
    /// `reversed()` of a sequence: the next index counting down.
    Reversed(Value, isize),
    Enumerate(Value, Value),
    Zip(Vec<Value>, bool),
    Map(Value, Vec<Value>),
    Filter(Value, Value),
    /// `iter(callable, sentinel)`.
    Callable(Value, Value),
    Exhausted,
}

/// A suspended generator: its frame, or `None` once it has finished.
pub struct Generator {
    pub frame: Option<Box<super::vm::Frame>>,
    pub running: bool,
    pub name: Rc<str>,
    pub qualname: Rc<str>,
}

/// The interpreter's memory account: the live modeled bytes of every heap object, and the
/// containers that may take part in reference cycles.
pub struct Heap {
    pub live: Cell<u64>,
    pub containers: RefCell<Vec<Weak<Obj>>>,
    pub allocations: Cell<u64>,
}

impl Heap {
    pub fn new() -> Rc<Heap> {
        Rc::new(Heap {
            live: Cell::new(0),
            containers: RefCell::new(Vec::new()),
            allocations: Cell::new(0),
        })
    }
}

/// Modeled bytes an object holds on its heap; given back when the object is freed.
pub struct Charge {
    heap: Rc<Heap>,
    bytes: Cell<u64>,
    /// The object's serial number on its heap: `id()` and identity hashes derive from it, so
    /// they are the same on every run.
    pub serial: u64,
}

impl Charge {
    pub fn new(heap: &Rc<Heap>, bytes: u64) -> Charge {
        heap.live.set(heap.live.get() + bytes);
        let serial = heap.allocations.get() + 1;
        heap.allocations.set(serial);
        Charge {
            heap: heap.clone(),
            bytes: Cell::new(bytes),
            serial,
        }
    }

    /// Counts `more` bytes (a container grew). The interpreter reserves from the meter before
    /// it lets a container grow, through `Vm::account`.
    pub fn grow(&self, more: u64) {
        self.bytes.set(self.bytes.get() + more);
        self.heap.live.set(self.heap.live.get() + more);
    }

    pub fn bytes(&self) -> u64 {
        self.bytes.get()
    }
}

impl Drop for Charge {
    fn drop(&mut self) {
        let live = self.heap.live.get();
        self.heap.live.set(live.saturating_sub(self.bytes.get()));
    }
}

impl Kind {
    /// Whether objects of this kind can hold references to other objects (and so be part of
    /// a cycle).
    pub fn is_container(&self) -> bool {
        matches!(
            self,
            Kind::List(_)
                | Kind::Dict(_)
                | Kind::Set(..)
                | Kind::Function(_)
                | Kind::Class(_)
                | Kind::Instance(_)
                | Kind::Cell(_)
                | Kind::Generator(_)
                | Kind::Iter(_)
                | Kind::Method(..)
                | Kind::Module(_)
                | Kind::DictView(..)
        )
    }

    /// Empties the references this object holds, to break a reference cycle.
    pub fn clear_refs(&self) {
        match self {
            Kind::List(l) => {
                if let Ok(mut l) = l.try_borrow_mut() {
                    let _ = std::mem::take(&mut *l);
                }
            }
            Kind::Dict(d) => {
                if let Ok(mut d) = d.try_borrow_mut() {
                    let _ = std::mem::take(&mut *d);
                }
            }
            Kind::Set(s, _) => {
                if let Ok(mut s) = s.try_borrow_mut() {
                    let _ = std::mem::take(&mut *s);
                }
            }
            Kind::Cell(c) => {
                if let Ok(mut c) = c.try_borrow_mut() {
                    let _ = c.take();
                }
            }
            Kind::Instance(i) => {
                if let Ok(mut p) = i.payload.try_borrow_mut() {
                    let _ = p.take();
                }
                if let Some(e) = &i.exc {
                    if let Ok(mut e) = e.try_borrow_mut() {
                        let _ = std::mem::take(&mut *e);
                    }
                }
            }
            Kind::Generator(g) => {
                if let Ok(mut g) = g.try_borrow_mut() {
                    let _ = g.frame.take();
                }
            }
            Kind::Iter(it) => {
                if let Ok(mut it) = it.try_borrow_mut() {
                    *it = IterState::Exhausted;
                }
            }
            Kind::Class(c) => {
                if let Ok(mut b) = c.bases.try_borrow_mut() {
                    b.clear();
                }
                if let Ok(mut m) = c.metaclass.try_borrow_mut() {
                    let _ = m.take();
                }
            }
            Kind::Function(f) => {
                if let Ok(mut d) = f.dict.try_borrow_mut() {
                    let _ = d.take();
                }
            }
            _ => {}
        }
    }
}
