//! Text of values: `repr`, `str`, `ascii`, `format(value, spec)` and printf-style `%`
//! formatting, as CPython writes them.

use super::ops::{num, Num};
use super::{Flow, PyResult, Vm};
use crate::python::format as pyfmt;
use crate::python::object::{Kind, Value};
use num_bigint::BigInt;
use std::fmt::Write;

/// `repr()` of a `str`: single quotes unless the text has `'` and no `"`, with CPython's
/// escapes for backslashes, quotes, control and non-printable characters.
pub fn str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if is_printable(c) => out.push(c),
            c => push_escape(&mut out, c),
        }
    }
    out.push(quote);
    out
}

fn push_escape(out: &mut String, c: char) {
    let v = c as u32;
    if v < 0x100 {
        let _ = write!(out, "\\x{v:02x}");
    } else if v < 0x10000 {
        let _ = write!(out, "\\u{v:04x}");
    } else {
        let _ = write!(out, "\\U{v:08x}");
    }
}

/// `str.isprintable()` for one character (an approximation of the Unicode database's
/// "not Other and not Separator, except space").
pub fn is_printable(c: char) -> bool {
    let v = c as u32;
    if v < 0x20 || (0x7f..0xa1).contains(&v) || v == 0xad {
        return false;
    }
    if c == ' ' {
        return true;
    }
    !matches!(
        v,
        0x1680
            | 0x2000..=0x200f
            | 0x2028..=0x202f
            | 0x205f..=0x2064
            | 0x2066..=0x206f
            | 0x3000
            | 0xd800..=0xdfff
            | 0xfeff
            | 0xfff9..=0xfffb
            | 0xe000..=0xf8ff
            | 0xf0000..=0x10ffff
            | 0x110000..
    ) && !(0x0600..=0x0605).contains(&v)
        && v != 0x061c
        && v != 0x06dd
        && v != 0x070f
        && v != 0x180e
        && !(0xfdd0..=0xfdef).contains(&v)
        && (v & 0xfffe) != 0xfffe
        && v != 0xe0001
        && !(0xe0020..=0xe007f).contains(&v)
}

/// `repr()` of `bytes`.
pub fn bytes_repr(b: &[u8], prefix: &str) -> String {
    let quote = if b.contains(&b'\'') && !b.contains(&b'"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::from(prefix);
    out.push(quote);
    for &c in b {
        match c {
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            c if c as char == quote => {
                out.push('\\');
                out.push(c as char);
            }
            0x20..=0x7e => out.push(c as char),
            c => {
                let _ = write!(out, "\\x{c:02x}");
            }
        }
    }
    out.push(quote);
    out
}

/// `repr(bytearray)`: CPython escapes a single quote inside even when it quotes with `"`.
pub fn bytearray_repr(b: &[u8]) -> String {
    let inner = bytes_repr(b, "b");
    let fixed = if inner.starts_with("b\"") {
        inner.replace('\'', "\\'")
    } else {
        inner
    };
    format!("bytearray({fixed})")
}

impl Vm {
    pub fn repr_of(&mut self, v: &Value) -> PyResult<Value> {
        if let Some(Kind::Str(_)) = v.kind() {
            let s = str_repr(v.as_str().unwrap_or(""));
            return self.new_str(s);
        }
        let s = self.repr_string(v)?;
        self.new_str(s)
    }

    pub fn str_of(&mut self, v: &Value) -> PyResult<Value> {
        match v.kind() {
            Some(Kind::Str(_)) => Ok(v.clone()),
            Some(Kind::Instance(_)) => {
                let cls = self.class_of(v);
                if self.payload_of(v).is_some() && self.payload_for(v, "__str__").is_some() {
                    let has_repr = matches!(super::lookup_mro(&cls, "__repr__"), Some(Value::Obj(o)) if !matches!(o.kind, Kind::Builtin(_)));
                    if !has_repr {
                        let p = self.payload_of(v).unwrap_or(Value::None);
                        return self.str_of(&p);
                    }
                }
                if let Some(m) = super::lookup_mro(&cls, "__str__") {
                    if !matches!(m.kind(), Some(Kind::Builtin(_))) {
                        let r = self.call(&m, std::slice::from_ref(v), &[])?;
                        return self.check_str_result(r, "__str__");
                    }
                }
                if self.exc_data(v).is_some() {
                    let s = self.exception_str(v)?;
                    return self.new_str(s);
                }
                self.repr_of(v)
            }
            _ => {
                let s = self.str_string(v)?;
                self.new_str(s)
            }
        }
    }

    fn check_str_result(&mut self, r: Value, which: &str) -> PyResult<Value> {
        if r.as_str().is_some() {
            return Ok(r);
        }
        let msg = format!("{which} returned non-string (type {})", self.type_name(&r));
        Err(self.raise(self.types.type_error.clone(), &msg))
    }

    pub fn ascii_of(&mut self, v: &Value) -> PyResult<Value> {
        let r = self.repr_of(v)?;
        let s = r.as_str().unwrap_or("");
        if s.is_ascii() {
            return Ok(r);
        }
        let mut out = String::new();
        for c in s.chars() {
            if c.is_ascii() {
                out.push(c);
            } else {
                push_escape(&mut out, c);
            }
        }
        self.new_str(out)
    }

    /// `str(v)` as a Rust string.
    pub fn str_string(&mut self, v: &Value) -> PyResult<String> {
        match v {
            Value::Obj(o) => match &o.kind {
                Kind::Str(s) => Ok(s.s.to_string()),
                Kind::Instance(_) => {
                    let s = self.str_of(v)?;
                    Ok(s.as_str().unwrap_or("").to_string())
                }
                _ => self.repr_string(v),
            },
            _ => self.repr_string(v),
        }
    }

    fn address(&self, v: &Value) -> String {
        format!("0x{:x}", self.identity(v))
    }

    /// `repr(v)` as a Rust string.
    pub fn repr_string(&mut self, v: &Value) -> PyResult<String> {
        Ok(match v {
            Value::None => "None".into(),
            Value::Bool(true) => "True".into(),
            Value::Bool(false) => "False".into(),
            Value::Int(i) => i.to_string(),
            Value::Float(f) => pyfmt::float_repr(*f),
            Value::Obj(o) => match &o.kind {
                Kind::BigInt(b) => self.int_str(b)?,
                Kind::Str(s) => str_repr(&s.s),
                Kind::Bytes(b) => bytes_repr(b, "b"),
                Kind::ByteArray(b) => bytearray_repr(&b.borrow()),
                Kind::Tuple(t) => {
                    let items = t.to_vec();
                    if items.len() == 1 {
                        let r = self.repr_nested(&items[0])?;
                        format!("({r},)")
                    } else {
                        let parts = self.repr_items(&items)?;
                        format!("({parts})")
                    }
                }
                Kind::List(l) => {
                    if self.repr_guard_enter(v) {
                        return Ok("[...]".into());
                    }
                    let items = l.borrow().clone();
                    let r = self.repr_items(&items);
                    self.repr_guard_exit();
                    format!("[{}]", r?)
                }
                Kind::Dict(d) => {
                    if self.repr_guard_enter(v) {
                        return Ok("{...}".into());
                    }
                    let pairs: Vec<(Value, Value)> = d
                        .borrow()
                        .iter()
                        .map(|e| (e.key.clone(), e.value.clone()))
                        .collect();
                    let mut parts = Vec::with_capacity(pairs.len());
                    let mut err = None;
                    for (k, val) in &pairs {
                        match (self.repr_nested(k), self.repr_nested(val)) {
                            (Ok(a), Ok(b)) => parts.push(format!("{a}: {b}")),
                            (Err(e), _) | (_, Err(e)) => {
                                err = Some(e);
                                break;
                            }
                        }
                    }
                    self.repr_guard_exit();
                    if let Some(e) = err {
                        return Err(e);
                    }
                    format!("{{{}}}", parts.join(", "))
                }
                Kind::Set(s, frozen) => {
                    let items: Vec<Value> = s.borrow().table.iter().cloned().collect();
                    let name = if *frozen { "frozenset" } else { "set" };
                    if items.is_empty() {
                        format!("{name}()")
                    } else {
                        if self.repr_guard_enter(v) {
                            return Ok(format!("{name}(...)"));
                        }
                        let r = self.repr_items(&items);
                        self.repr_guard_exit();
                        if *frozen {
                            format!("frozenset({{{}}})", r?)
                        } else {
                            format!("{{{}}}", r?)
                        }
                    }
                }
                Kind::Range(a, b, s) => {
                    if *s == 1 {
                        format!("range({a}, {b})")
                    } else {
                        format!("range({a}, {b}, {s})")
                    }
                }
                Kind::Slice(a, b, c) => {
                    let (a, b, c) = (a.clone(), b.clone(), c.clone());
                    format!(
                        "slice({}, {}, {})",
                        self.repr_string(&a)?,
                        self.repr_string(&b)?,
                        self.repr_string(&c)?
                    )
                }
                Kind::Function(f) => {
                    format!("<function {} at {}>", f.qualname.borrow(), self.address(v))
                }
                Kind::FrameBuiltin(name, _) => format!("<built-in function {name}>"),
                Kind::Builtin(b) => match (&b.bound, b.owner) {
                    (Some(this), Some(owner)) if !matches!(this.kind(), Some(Kind::Module(_))) => {
                        let this = this.clone();
                        let _ = owner;
                        format!(
                            "<built-in method {} of {} object at {}>",
                            b.name,
                            self.type_name(&this),
                            self.address(&this)
                        )
                    }
                    (None, Some(owner)) => format!("<method '{}' of '{owner}' objects>", b.name),
                    _ => format!("<built-in function {}>", b.name),
                },
                Kind::Method(f, this) => {
                    let (f, this) = (f.clone(), this.clone());
                    let qn = match f.kind() {
                        Some(Kind::Function(func)) => func.qualname.borrow().to_string(),
                        _ => "?".into(),
                    };
                    let r = self.repr_nested(&this)?;
                    format!("<bound method {qn} of {r}>")
                }
                Kind::Class(c) => {
                    // A Python metaclass's `__repr__` (`<enum 'Color'>`).
                    if let Some(m) = self.python_hook(v, "__repr__") {
                        let r = self.call(&m, std::slice::from_ref(v), &[])?;
                        let r = self.check_str_result(r, "__repr__")?;
                        return Ok(r.as_str().unwrap_or("").to_string());
                    }
                    let module = super::attr::dict_get_str(&c.dict, "__module__")
                        .and_then(|m| m.as_str().map(String::from));
                    match module {
                        Some(m) if m != "builtins" => {
                            format!("<class '{m}.{}'>", c.qualname.borrow())
                        }
                        _ => format!("<class '{}'>", c.qualname.borrow()),
                    }
                }
                Kind::Instance(_) => {
                    if let Some(p) = self.payload_for(v, "__repr__") {
                        return self.repr_string(&p);
                    }
                    let cls = self.class_of(v);
                    if let Some(m) = super::lookup_mro(&cls, "__repr__") {
                        if !matches!(m.kind(), Some(Kind::Builtin(_))) {
                            let r = self.call(&m, std::slice::from_ref(v), &[])?;
                            let r = self.check_str_result(r, "__repr__")?;
                            return Ok(r.as_str().unwrap_or("").to_string());
                        }
                    }
                    if self.exc_data(v).is_some() {
                        let args = self
                            .exc_data(v)
                            .map(|d| d.borrow().args.clone())
                            .unwrap_or_default();
                        let name = super::attr::class_name(&cls);
                        let parts = self.repr_items(&args)?;
                        if args.len() == 1 {
                            return Ok(format!("{name}({parts})"));
                        }
                        return Ok(format!("{name}({parts})"));
                    }
                    let module = match &cls.kind {
                        Kind::Class(c) => super::attr::dict_get_str(&c.dict, "__module__")
                            .and_then(|m| m.as_str().map(String::from))
                            .unwrap_or_else(|| "__main__".into()),
                        _ => "__main__".into(),
                    };
                    let qn = match &cls.kind {
                        Kind::Class(c) => c.qualname.borrow().to_string(),
                        _ => "?".into(),
                    };
                    format!("<{module}.{qn} object at {}>", self.address(v))
                }
                Kind::Module(m) => {
                    if self.types.is_builtin_module(&m.name) {
                        format!("<module '{}' (built-in)>", m.name)
                    } else {
                        let file = super::attr::dict_get_str(&m.dict, "__file__")
                            .and_then(|f| f.as_str().map(String::from));
                        match file {
                            Some(f) => format!("<module '{}' from '{f}'>", m.name),
                            None => format!("<module '{}'>", m.name),
                        }
                    }
                }
                Kind::Cell(_) => format!("<cell at {}>", self.address(v)),
                Kind::Iter(_) => format!("<iterator object at {}>", self.address(v)),
                Kind::Generator(g) => {
                    let qn = g.borrow().qualname.clone();
                    format!("<generator object {qn} at {}>", self.address(v))
                }
                Kind::Property(..) => format!("<property object at {}>", self.address(v)),
                Kind::ClassMethod(_) => format!("<classmethod object at {}>", self.address(v)),
                Kind::StaticMethod(_) => format!("<staticmethod object at {}>", self.address(v)),
                Kind::Super(..) => "<super object>".into(),
                Kind::Code(c) => format!(
                    "<code object {} at {}, file \"{}\", line {}>",
                    c.name,
                    self.address(v),
                    c.source.filename,
                    c.firstlineno
                ),
                Kind::Traceback(..) => format!("<traceback object at {}>", self.address(v)),
                Kind::Frame(entries, i) => {
                    let e = &entries[*i];
                    format!(
                        "<frame at {}, file '{}', line {}, code {}>",
                        self.address(v),
                        e.frame.code.source.filename,
                        e.frame.code.line_of(e.pc),
                        e.frame.code.name
                    )
                }
                Kind::NotImplemented => "NotImplemented".into(),
                Kind::Ellipsis => "Ellipsis".into(),
                Kind::DictView(d, w) => {
                    let name = ["dict_keys", "dict_values", "dict_items"][(*w as usize).min(2)];
                    let items = self.to_vec(v)?;
                    let r = self.repr_items(&items)?;
                    let _ = d;
                    format!("{name}([{r}])")
                }
                Kind::Stream(s) => {
                    let s = s.borrow();
                    format!(
                        "<_io.TextIOWrapper name='{}' mode='{}' encoding='utf-8'>",
                        s.name, s.mode
                    )
                }
                Kind::Opaque(_) => format!("<object object at {:#x}>", self.identity(v)),
            },
        })
    }

    fn repr_guard_enter(&mut self, v: &Value) -> bool {
        let id = self.identity(v);
        if self.repr_stack.contains(&id) {
            return true;
        }
        self.repr_stack.push(id);
        false
    }

    fn repr_guard_exit(&mut self) {
        self.repr_stack.pop();
    }

    fn repr_nested(&mut self, v: &Value) -> PyResult<String> {
        self.enter_native()?;
        let r = match v.kind() {
            Some(Kind::Str(s)) => Ok(str_repr(&s.s)),
            _ => self.repr_string(v),
        };
        self.native_depth -= 1;
        r
    }

    fn repr_items(&mut self, items: &[Value]) -> PyResult<String> {
        let mut out = String::new();
        for (i, it) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&self.repr_nested(it)?);
        }
        Ok(out)
    }

    /// `str(int)` under the digit limit.
    pub fn int_str(&mut self, b: &BigInt) -> PyResult<String> {
        self.charge(b.bits() / 512)?;
        match pyfmt::int_to_decimal_string(b, self.int_max_str_digits) {
            Ok(s) => Ok(s),
            Err(m) => Err(self.raise(self.types.value_error.clone(), &m)),
        }
    }

    fn format_error(&mut self, m: String) -> Flow {
        let cls = match pyfmt::error_kind(&m) {
            pyfmt::ErrorKind::OverflowError => self.types.overflow_error.clone(),
            pyfmt::ErrorKind::TypeError => self.types.type_error.clone(),
            pyfmt::ErrorKind::ZeroDivisionError => self.types.zero_division_error.clone(),
            pyfmt::ErrorKind::ValueError => self.types.value_error.clone(),
            pyfmt::ErrorKind::MemoryError => return self.memory_error(),
        };
        self.raise(cls, &m)
    }

    /// `format(v, spec)`.
    pub fn format(&mut self, v: &Value, spec: &str) -> PyResult<Value> {
        let r = match v {
            Value::Bool(b) if spec.is_empty() => Ok(if *b { "True" } else { "False" }.to_string()),
            Value::Bool(b) => pyfmt::format_int_named(
                &BigInt::from(*b as i64),
                spec,
                "bool",
                self.int_max_str_digits,
            ),
            Value::Int(i) => {
                if spec.is_empty() {
                    Ok(i.to_string())
                } else {
                    pyfmt::format_i64(*i, spec)
                }
            }
            Value::Float(f) => pyfmt::format_float(*f, spec),
            Value::None if spec.is_empty() => Ok("None".into()),
            Value::Obj(o) => match &o.kind {
                Kind::Str(s) => {
                    if spec.is_empty() {
                        return Ok(v.clone());
                    }
                    pyfmt::format_str(&s.s, spec)
                }
                Kind::BigInt(b) => pyfmt::format_int_named(b, spec, "int", self.int_max_str_digits),
                Kind::Instance(_) => {
                    if let Some(m) = self.special_method(v, "__format__")? {
                        let sp = self.new_str(spec)?;
                        let r = self.call(&m, &[sp], &[])?;
                        return self.check_str_result(r, "__format__");
                    }
                    if spec.is_empty() {
                        return self.str_of(v);
                    }
                    let msg = format!(
                        "unsupported format string passed to {}.__format__",
                        self.type_name(v)
                    );
                    return Err(self.raise(self.types.type_error.clone(), &msg));
                }
                _ => {
                    if spec.is_empty() {
                        return self.str_of(v);
                    }
                    let msg = format!(
                        "unsupported format string passed to {}.__format__",
                        self.type_name(v)
                    );
                    return Err(self.raise(self.types.type_error.clone(), &msg));
                }
            },
            Value::None => {
                let msg = "unsupported format string passed to NoneType.__format__";
                return Err(self.raise(self.types.type_error.clone(), msg));
            }
        };
        match r {
            Ok(s) => self.new_str(s),
            Err(m) => Err(self.format_error(m)),
        }
    }

    /// `fmt % args` for `str`.
    pub fn percent_format(&mut self, fmt: &str, args: &Value) -> PyResult<String> {
        // A tuple subclass (a namedtuple) supplies its items, as a tuple does.
        let payload = self
            .payload_of(args)
            .filter(|p| matches!(p.kind(), Some(Kind::Tuple(_))));
        let args = payload.as_ref().unwrap_or(args);
        let (items, mapping): (Vec<Value>, Option<Value>) = match args.kind() {
            Some(Kind::Tuple(t)) => (t.to_vec(), None),
            Some(Kind::Dict(_)) => (vec![args.clone()], Some(args.clone())),
            Some(Kind::Instance(_)) if self.special_method(args, "__getitem__")?.is_some() => {
                (vec![args.clone()], Some(args.clone()))
            }
            _ => (vec![args.clone()], None),
        };
        let single = !matches!(args.kind(), Some(Kind::Tuple(_)));
        let mut next = 0usize;
        let mut used_mapping = false;
        let chars: Vec<char> = fmt.chars().collect();
        let mut out = String::with_capacity(fmt.len());
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c != '%' {
                out.push(c);
                i += 1;
                continue;
            }
            let start = i;
            i += 1;
            if i >= chars.len() {
                return Err(self.raise(self.types.value_error.clone(), "incomplete format"));
            }
            // Mapping key.
            let mut arg: Option<Value> = None;
            if chars[i] == '(' {
                let mut depth = 1;
                let kstart = i + 1;
                i += 1;
                while i < chars.len() && depth > 0 {
                    if chars[i] == '(' {
                        depth += 1;
                    } else if chars[i] == ')' {
                        depth -= 1;
                    }
                    i += 1;
                }
                if depth > 0 {
                    return Err(self.raise(self.types.value_error.clone(), "incomplete format key"));
                }
                let key: String = chars[kstart..i - 1].iter().collect();
                let Some(m) = &mapping else {
                    return Err(
                        self.raise(self.types.type_error.clone(), "format requires a mapping")
                    );
                };
                let k = self.new_str(key)?;
                let m = m.clone();
                arg = Some(self.getitem(&m, &k)?);
                used_mapping = true;
            }
            let mut spec = pyfmt::PercentSpec::new('s');
            while i < chars.len() {
                match chars[i] {
                    '-' => spec.left_align = true,
                    '+' => spec.sign_plus = true,
                    ' ' => spec.space = true,
                    '#' => spec.alt = true,
                    '0' => spec.zero_pad = true,
                    _ => break,
                }
                i += 1;
            }
            let take_star =
                |vm: &mut Vm, i: &mut usize, next: &mut usize| -> PyResult<Option<usize>> {
                    if *i < chars.len() && chars[*i] == '*' {
                        *i += 1;
                        let Some(v) = items.get(*next).cloned() else {
                            return Err(vm.raise(
                                vm.types.type_error.clone(),
                                "not enough arguments for format string",
                            ));
                        };
                        *next += 1;
                        return match num(&v) {
                            Some(Num::I(n)) => Ok(Some(n.max(0) as usize)),
                            _ => Err(vm.raise(vm.types.type_error.clone(), "* wants int")),
                        };
                    }
                    let s = *i;
                    while *i < chars.len() && chars[*i].is_ascii_digit() {
                        *i += 1;
                    }
                    if *i > s {
                        let t: String = chars[s..*i].iter().collect();
                        return Ok(t.parse().ok());
                    }
                    Ok(None)
                };
            spec.width = take_star(self, &mut i, &mut next)?;
            if i < chars.len() && chars[i] == '.' {
                i += 1;
                spec.precision = Some(take_star(self, &mut i, &mut next)?.unwrap_or(0));
            }
            while i < chars.len() && matches!(chars[i], 'h' | 'l' | 'L') {
                i += 1;
            }
            if i >= chars.len() {
                return Err(self.raise(self.types.value_error.clone(), "incomplete format"));
            }
            let conv = chars[i];
            i += 1;
            if conv == '%' {
                out.push('%');
                continue;
            }
            spec.conv = conv;
            let v = match arg {
                Some(v) => v,
                None => {
                    if mapping.is_some() && !single {
                        return Err(
                            self.raise(self.types.type_error.clone(), "format requires a mapping")
                        );
                    }
                    let Some(v) = items.get(next).cloned() else {
                        return Err(self.raise(
                            self.types.type_error.clone(),
                            "not enough arguments for format string",
                        ));
                    };
                    next += 1;
                    v
                }
            };
            let text = match conv {
                's' | 'r' | 'a' => {
                    let s = match conv {
                        's' => self.str_string(&v)?,
                        'r' => {
                            let r = self.repr_of(&v)?;
                            r.as_str().unwrap_or("").to_string()
                        }
                        _ => {
                            let r = self.ascii_of(&v)?;
                            r.as_str().unwrap_or("").to_string()
                        }
                    };
                    let s: String = match spec.precision {
                        Some(p) => s.chars().take(p).collect(),
                        None => s,
                    };
                    pad_percent(&s, &spec)
                }
                'c' => {
                    let ch = match (&v, v.as_str()) {
                        (_, Some(s)) if s.chars().count() == 1 => s.to_string(),
                        (_, Some(_)) => {
                            return Err(self.raise(self.types.type_error.clone(), "%c requires an int or a unicode character, not a string of length 2"));
                        }
                        _ => match num(&v) {
                            Some(Num::I(n)) => match u32::try_from(n).ok().and_then(char::from_u32)
                            {
                                Some(c) => c.to_string(),
                                None => {
                                    return Err(self.raise(
                                        self.types.overflow_error.clone(),
                                        "%c arg not in range(0x110000)",
                                    ));
                                }
                            },
                            _ => {
                                let msg = format!(
                                    "%c requires an int or a unicode character, not {}",
                                    self.type_name(&v)
                                );
                                return Err(self.raise(self.types.type_error.clone(), &msg));
                            }
                        },
                    };
                    pad_percent(&ch, &spec)
                }
                'd' | 'i' | 'u' | 'o' | 'x' | 'X' | 'e' | 'E' | 'f' | 'F' | 'g' | 'G' => {
                    let r = match num(&v) {
                        Some(Num::I(n)) => {
                            if matches!(conv, 'e' | 'E' | 'f' | 'F' | 'g' | 'G') {
                                pyfmt::percent_format_float(n as f64, &spec)
                            } else {
                                pyfmt::percent_format_i64(n, &spec)
                            }
                        }
                        Some(Num::B(b)) => {
                            if matches!(conv, 'e' | 'E' | 'f' | 'F' | 'g' | 'G') {
                                let f = self.int_to_f64(&Num::B(b))?;
                                pyfmt::percent_format_float(f, &spec)
                            } else {
                                pyfmt::percent_format_int_limited(b, &spec, self.int_max_str_digits)
                            }
                        }
                        Some(Num::F(f)) => {
                            if matches!(conv, 'o' | 'x' | 'X') {
                                let msg =
                                    format!("%{conv} format: an integer is required, not float");
                                return Err(self.raise(self.types.type_error.clone(), &msg));
                            }
                            pyfmt::percent_format_float(f, &spec)
                        }
                        None => {
                            let what = if matches!(conv, 'o' | 'x' | 'X') {
                                "an integer is required"
                            } else {
                                "a real number is required"
                            };
                            let msg = format!("%{conv} format: {what}, not {}", self.type_name(&v));
                            return Err(self.raise(self.types.type_error.clone(), &msg));
                        }
                    };
                    match r {
                        Ok(s) => s,
                        Err(m) => return Err(self.format_error(m)),
                    }
                }
                other => {
                    let msg = format!(
                        "unsupported format character '{other}' (0x{:x}) at index {}",
                        other as u32,
                        i - 1
                    );
                    let _ = start;
                    return Err(self.raise(self.types.value_error.clone(), &msg));
                }
            };
            out.push_str(&text);
        }
        if mapping.is_none() && next < items.len() && !used_mapping {
            return Err(self.raise(
                self.types.type_error.clone(),
                "not all arguments converted during string formatting",
            ));
        }
        Ok(out)
    }
}

fn pad_percent(s: &str, spec: &pyfmt::PercentSpec) -> String {
    let n = s.chars().count();
    match spec.width {
        Some(w) if w > n => {
            let pad = " ".repeat(w - n);
            if spec.left_align {
                format!("{s}{pad}")
            } else {
                format!("{pad}{s}")
            }
        }
        _ => s.to_string(),
    }
}
