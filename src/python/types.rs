//! The built-in types as class objects: `object`, `type`, `int`, `str`, the containers, the
//! exception hierarchy, and the internal types values need a class for (functions, methods,
//! iterators). Their methods are installed by `methods/`.

use super::dict::Dict;
use super::object::{Class, Heap, Kind, Obj, Value};
use super::vm::{alloc, PyResult, Vm};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// What an instance of a built-in type (or of a subclass) holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuiltinType {
    Object,
    Type,
    Int,
    Bool,
    Float,
    Str,
    Bytes,
    ByteArray,
    Tuple,
    List,
    Dict,
    Set,
    FrozenSet,
    Range,
    Slice,
    NoneType,
    BaseException,
    Property,
    ClassMethod,
    StaticMethod,
    Super,
    Other,
}

/// A constructor: `cls(*args, **kwargs)` for a built-in class.
pub type Ctor = fn(&mut Vm, &Rc<Obj>, &[Value], &[(Rc<str>, Value)]) -> PyResult<Value>;

macro_rules! types {
    ($($field:ident),* $(,)?) => {
        pub struct Types {
            $(pub $field: Rc<Obj>,)*
            pub empty_tuple: Value,
            /// Every exception class by name, for the builtins module.
            pub exceptions: BTreeMap<&'static str, Rc<Obj>>,
            pub builtin_modules: Vec<&'static str>,
        }
    };
}

types!(
    object_type,
    type_type,
    int_type,
    bool_type,
    float_type,
    str_type,
    bytes_type,
    bytearray_type,
    tuple_type,
    list_type,
    dict_type,
    set_type,
    frozenset_type,
    range_type,
    slice_type,
    none_type,
    function_type,
    builtin_function_type,
    builtin_method_type,
    method_type,
    module_type,
    cell_type,
    iterator_type,
    generator_type,
    property_type,
    classmethod_type,
    staticmethod_type,
    super_type,
    code_type,
    traceback_type,
    frame_type,
    not_implemented_type,
    ellipsis_type,
    textio_type,
    complex_type,
    dict_keys_type,
    dict_values_type,
    dict_items_type,
    base_exception,
    exception,
    type_error,
    value_error,
    name_error,
    unbound_local_error,
    attribute_error,
    key_error,
    index_error,
    lookup_error,
    zero_division_error,
    overflow_error,
    arithmetic_error,
    runtime_error,
    recursion_error,
    not_implemented_error,
    stop_iteration,
    assertion_error,
    import_error,
    module_not_found_error,
    system_error,
    memory_error,
    os_error,
    file_not_found_error,
    file_exists_error,
    is_a_directory_error,
    not_a_directory_error,
    permission_error,
    eof_error,
    keyboard_interrupt,
    system_exit,
    generator_exit,
    syntax_error,
    indentation_error,
    tab_error,
    unicode_error,
    unicode_decode_error,
    unicode_encode_error,
    unsupported_operation,
    broken_pipe_error,
    warning,
    deprecation_warning,
    user_warning,
    runtime_warning,
);

fn new_class(
    heap: &Rc<Heap>,
    name: &str,
    bases: Vec<Rc<Obj>>,
    builtin: BuiltinType,
    module: &str,
) -> Rc<Obj> {
    let dict = alloc::dict_obj(heap, Dict::new());
    let cls = alloc::obj_rc(
        heap,
        Kind::Class(Class {
            name: RefCell::new(Rc::from(name)),
            qualname: RefCell::new(Rc::from(name)),
            bases: RefCell::new(bases.clone()),
            mro: RefCell::new(Vec::new()),
            dict: dict.clone(),
            builtin: Some(builtin),
            heap_type: false,
            metaclass: RefCell::new(None),
            slots: Some(Vec::new()),
        }),
        alloc::size::CLASS,
    );
    // Single inheritance for every built-in: the MRO is the chain of first bases.
    let mut mro = vec![Rc::downgrade(&cls)];
    if let Some(b) = bases.first() {
        if let Kind::Class(bc) = &b.kind {
            mro.extend(bc.mro.borrow().iter().cloned());
        }
    }
    if let Kind::Class(c) = &cls.kind {
        *c.mro.borrow_mut() = mro;
    }
    set_str(heap, &dict, "__module__", module);
    cls
}

/// Puts `name = value` into a dict object without the interpreter (bootstrapping).
pub fn set_item(heap: &Rc<Heap>, d: &Rc<Obj>, name: &str, value: Value) {
    let Kind::Dict(cell) = &d.kind else { return };
    let key = alloc::str_value(heap, name);
    let h = super::hash::hash_str(name);
    let mut dict = cell.borrow_mut();
    match dict.lookup(h, |k| Some(k.as_str() == Some(name))) {
        super::dict::Lookup::Found(i) => {
            if let Some(e) = dict.entry_mut(i) {
                e.value = value;
            }
        }
        _ => dict.push_new(h, key, value),
    }
}

fn set_str(heap: &Rc<Heap>, d: &Rc<Obj>, name: &str, value: &str) {
    let v = alloc::str_value(heap, value);
    set_item(heap, d, name, v);
}

impl Types {
    pub fn new(heap: &Rc<Heap>) -> Types {
        let b = "builtins";
        let object_type = new_class(heap, "object", vec![], BuiltinType::Object, b);
        let o = || vec![object_type.clone()];
        let type_type = new_class(heap, "type", o(), BuiltinType::Type, b);
        let int_type = new_class(heap, "int", o(), BuiltinType::Int, b);
        let bool_type = new_class(heap, "bool", vec![int_type.clone()], BuiltinType::Bool, b);
        let mk =
            |name: &str, bt: BuiltinType| new_class(heap, name, vec![object_type.clone()], bt, b);
        let float_type = mk("float", BuiltinType::Float);
        let str_type = mk("str", BuiltinType::Str);
        let bytes_type = mk("bytes", BuiltinType::Bytes);
        let bytearray_type = mk("bytearray", BuiltinType::ByteArray);
        let tuple_type = mk("tuple", BuiltinType::Tuple);
        let list_type = mk("list", BuiltinType::List);
        let dict_type = mk("dict", BuiltinType::Dict);
        let set_type = mk("set", BuiltinType::Set);
        let frozenset_type = mk("frozenset", BuiltinType::FrozenSet);
        let range_type = mk("range", BuiltinType::Range);
        let slice_type = mk("slice", BuiltinType::Slice);
        let none_type = mk("NoneType", BuiltinType::NoneType);
        let function_type = mk("function", BuiltinType::Other);
        let builtin_function_type = mk("builtin_function_or_method", BuiltinType::Other);
        let builtin_method_type = builtin_function_type.clone();
        let method_type = mk("method", BuiltinType::Other);
        let module_type = mk("module", BuiltinType::Other);
        let cell_type = mk("cell", BuiltinType::Other);
        let iterator_type = mk("iterator", BuiltinType::Other);
        let generator_type = mk("generator", BuiltinType::Other);
        let property_type = mk("property", BuiltinType::Property);
        let classmethod_type = mk("classmethod", BuiltinType::ClassMethod);
        let staticmethod_type = mk("staticmethod", BuiltinType::StaticMethod);
        let super_type = mk("super", BuiltinType::Super);
        let code_type = mk("code", BuiltinType::Other);
        let traceback_type = mk("traceback", BuiltinType::Other);
        let frame_type = mk("frame", BuiltinType::Other);
        let not_implemented_type = mk("NotImplementedType", BuiltinType::Other);
        let ellipsis_type = mk("ellipsis", BuiltinType::Other);
        let textio_type = new_class(heap, "TextIOWrapper", o(), BuiltinType::Other, "_io");
        let complex_type = mk("complex", BuiltinType::Other);
        let dict_keys_type = mk("dict_keys", BuiltinType::Other);
        let dict_values_type = mk("dict_values", BuiltinType::Other);
        let dict_items_type = mk("dict_items", BuiltinType::Other);

        let mut exceptions = BTreeMap::new();
        let base_exception = new_class(heap, "BaseException", o(), BuiltinType::BaseException, b);
        exceptions.insert("BaseException", base_exception.clone());
        let mut ex = |name: &'static str, base: &Rc<Obj>| -> Rc<Obj> {
            let c = new_class(
                heap,
                name,
                vec![base.clone()],
                BuiltinType::BaseException,
                b,
            );
            exceptions.insert(name, c.clone());
            c
        };
        let system_exit = ex("SystemExit", &base_exception);
        let keyboard_interrupt = ex("KeyboardInterrupt", &base_exception);
        let generator_exit = ex("GeneratorExit", &base_exception);
        let exception = ex("Exception", &base_exception);
        let arithmetic_error = ex("ArithmeticError", &exception);
        ex("FloatingPointError", &arithmetic_error);
        let overflow_error = ex("OverflowError", &arithmetic_error);
        let zero_division_error = ex("ZeroDivisionError", &arithmetic_error);
        let assertion_error = ex("AssertionError", &exception);
        let attribute_error = ex("AttributeError", &exception);
        ex("BufferError", &exception);
        let eof_error = ex("EOFError", &exception);
        let import_error = ex("ImportError", &exception);
        let module_not_found_error = ex("ModuleNotFoundError", &import_error);
        let lookup_error = ex("LookupError", &exception);
        let index_error = ex("IndexError", &lookup_error);
        let key_error = ex("KeyError", &lookup_error);
        let memory_error = ex("MemoryError", &exception);
        let name_error = ex("NameError", &exception);
        let unbound_local_error = ex("UnboundLocalError", &name_error);
        let os_error = ex("OSError", &exception);
        ex("BlockingIOError", &os_error);
        ex("ChildProcessError", &os_error);
        let connection_error = ex("ConnectionError", &os_error);
        let broken_pipe_error = ex("BrokenPipeError", &connection_error);
        ex("ConnectionAbortedError", &connection_error);
        ex("ConnectionRefusedError", &connection_error);
        ex("ConnectionResetError", &connection_error);
        let file_exists_error = ex("FileExistsError", &os_error);
        let file_not_found_error = ex("FileNotFoundError", &os_error);
        ex("InterruptedError", &os_error);
        let is_a_directory_error = ex("IsADirectoryError", &os_error);
        let not_a_directory_error = ex("NotADirectoryError", &os_error);
        let permission_error = ex("PermissionError", &os_error);
        ex("ProcessLookupError", &os_error);
        ex("TimeoutError", &os_error);
        ex("ReferenceError", &exception);
        let runtime_error = ex("RuntimeError", &exception);
        let not_implemented_error = ex("NotImplementedError", &runtime_error);
        ex("PythonFinalizationError", &runtime_error);
        let recursion_error = ex("RecursionError", &runtime_error);
        ex("StopAsyncIteration", &exception);
        let stop_iteration = ex("StopIteration", &exception);
        let syntax_error = ex("SyntaxError", &exception);
        let indentation_error = ex("IndentationError", &syntax_error);
        let tab_error = ex("TabError", &indentation_error);
        let system_error = ex("SystemError", &exception);
        let type_error = ex("TypeError", &exception);
        let value_error = ex("ValueError", &exception);
        let unicode_error = ex("UnicodeError", &value_error);
        let unicode_decode_error = ex("UnicodeDecodeError", &unicode_error);
        let unicode_encode_error = ex("UnicodeEncodeError", &unicode_error);
        ex("UnicodeTranslateError", &unicode_error);
        let warning = ex("Warning", &exception);
        ex("BytesWarning", &warning);
        let deprecation_warning = ex("DeprecationWarning", &warning);
        ex("EncodingWarning", &warning);
        ex("FutureWarning", &warning);
        ex("ImportWarning", &warning);
        ex("PendingDeprecationWarning", &warning);
        ex("ResourceWarning", &warning);
        let runtime_warning = ex("RuntimeWarning", &warning);
        ex("SyntaxWarning", &warning);
        ex("UnicodeWarning", &warning);
        let user_warning = ex("UserWarning", &warning);
        // io.UnsupportedOperation derives from OSError and ValueError; a single base here.
        let unsupported_operation = new_class(
            heap,
            "UnsupportedOperation",
            vec![os_error.clone()],
            BuiltinType::BaseException,
            "io",
        );
        exceptions.insert("EnvironmentError", os_error.clone());
        exceptions.insert("IOError", os_error.clone());
        let empty_tuple = alloc::tuple_value(heap, Vec::new());
        Types {
            object_type,
            type_type,
            int_type,
            bool_type,
            float_type,
            str_type,
            bytes_type,
            bytearray_type,
            tuple_type,
            list_type,
            dict_type,
            set_type,
            frozenset_type,
            range_type,
            slice_type,
            none_type,
            function_type,
            builtin_function_type,
            builtin_method_type,
            method_type,
            module_type,
            cell_type,
            iterator_type,
            generator_type,
            property_type,
            classmethod_type,
            staticmethod_type,
            super_type,
            code_type,
            traceback_type,
            frame_type,
            not_implemented_type,
            ellipsis_type,
            textio_type,
            complex_type,
            dict_keys_type,
            dict_values_type,
            dict_items_type,
            base_exception,
            exception,
            type_error,
            value_error,
            name_error,
            unbound_local_error,
            attribute_error,
            key_error,
            index_error,
            lookup_error,
            zero_division_error,
            overflow_error,
            arithmetic_error,
            runtime_error,
            recursion_error,
            not_implemented_error,
            stop_iteration,
            assertion_error,
            import_error,
            module_not_found_error,
            system_error,
            memory_error,
            os_error,
            file_not_found_error,
            file_exists_error,
            is_a_directory_error,
            not_a_directory_error,
            permission_error,
            eof_error,
            keyboard_interrupt,
            system_exit,
            generator_exit,
            syntax_error,
            indentation_error,
            tab_error,
            unicode_error,
            unicode_decode_error,
            unicode_encode_error,
            unsupported_operation,
            broken_pipe_error,
            warning,
            deprecation_warning,
            user_warning,
            runtime_warning,
            empty_tuple,
            exceptions,
            builtin_modules: vec!["sys", "builtins"],
        }
    }

    /// Is `cls` one of the classes above (not one a program defined)?
    pub fn is_builtin_class(&self, cls: &Rc<Obj>) -> bool {
        matches!(&cls.kind, Kind::Class(c) if !c.heap_type)
    }

    pub fn is_builtin_module(&self, name: &str) -> bool {
        self.builtin_modules.contains(&name)
    }

    /// The constructor of a built-in class, if it has one.
    pub fn constructor(&self, b: BuiltinType, cls: &Rc<Obj>) -> Option<Ctor> {
        use super::methods::ctors;
        Some(match b {
            BuiltinType::Object => ctors::object_new,
            BuiltinType::Type => ctors::type_new,
            BuiltinType::Int => ctors::int_new,
            BuiltinType::Bool => ctors::bool_new,
            BuiltinType::Float => ctors::float_new,
            BuiltinType::Str => ctors::str_new,
            BuiltinType::Bytes => ctors::bytes_new,
            BuiltinType::ByteArray => super::methods::bytearray::bytearray_new,
            BuiltinType::Tuple => ctors::tuple_new,
            BuiltinType::List => ctors::list_new,
            BuiltinType::Dict => ctors::dict_new,
            BuiltinType::Set => ctors::set_new,
            BuiltinType::FrozenSet => ctors::frozenset_new,
            BuiltinType::Range => ctors::range_new,
            BuiltinType::Slice => ctors::slice_new,
            BuiltinType::BaseException => ctors::exception_new,
            BuiltinType::Property => ctors::property_new,
            BuiltinType::ClassMethod => ctors::classmethod_new,
            BuiltinType::StaticMethod => ctors::staticmethod_new,
            BuiltinType::Super => ctors::super_new,
            BuiltinType::NoneType | BuiltinType::Other => {
                let _ = cls;
                return None;
            }
        })
    }
}
