//! `open()` and the methods of file objects and the standard streams (`read`, `readline`,
//! `write`, `seek`, `close`, context management, `.buffer`), over the simulated filesystem.

use super::{add, arg};
use crate::python::object::{Kind, Value};
use crate::python::stream::{self, Stream, BUFFER_SIZE};
use crate::python::vm::{Flow, PyResult, Vm};
use crate::vfs::{VfsError, WriteMode};
use std::cell::RefCell;
use std::rc::Rc;

type Kw<'a> = &'a [(Rc<str>, Value)];

pub fn install(vm: &mut Vm) {
    let t = vm.types.textio_type.clone();
    add(
        vm,
        &t,
        "TextIOWrapper",
        &[
            ("read", read),
            ("readline", readline),
            ("readlines", readlines),
            ("write", write),
            ("writelines", writelines),
            ("flush", flush),
            ("close", close),
            ("__enter__", enter),
            ("__exit__", exit),
            ("seek", seek),
            ("tell", tell),
            ("fileno", fileno),
            ("isatty", isatty),
            ("readable", readable),
            ("writable", writable),
            ("seekable", seekable),
        ],
    );
}

/// The errno a simulated filesystem error stands for.
pub fn errno_of(e: VfsError) -> i64 {
    match e {
        VfsError::NotFound => 2,
        VfsError::NotDir => 20,
        VfsError::IsDir => 21,
        VfsError::Exists => 17,
        VfsError::NotEmpty => 39,
        VfsError::NoSpace => 28,
        VfsError::Loop => 40,
        VfsError::ReadOnly => 30,
        VfsError::PermissionDenied => 13,
        VfsError::InvalidArgument => 22,
        VfsError::NameTooLong => 36,
        VfsError::Busy => 16,
        VfsError::NotPermitted => 1,
        VfsError::CrossDevice => 18,
        _ => 5,
    }
}

impl Vm {
    /// An `OSError` of the subclass CPython picks for `errno`, with `errno`, `strerror` and
    /// `filename` set: `[Errno 2] No such file or directory: 'x'`.
    pub fn os_error(&mut self, errno: i64, strerror: &str, filename: Option<&str>) -> Flow {
        let f = match filename {
            Some(f) => self.str_now(f),
            None => Value::None,
        };
        self.os_error_with(errno, strerror, f, Value::None)
    }

    /// [`Vm::os_error`] with the filenames as given (an `os.PathLike`, bytes), and the second
    /// filename of a two-path call (`rename`, `link`): `[Errno 2] ...: 'a' -> 'b'`.
    pub fn os_error_with(
        &mut self,
        errno: i64,
        strerror: &str,
        filename: Value,
        filename2: Value,
    ) -> Flow {
        let cls = match errno {
            2 => self.types.file_not_found_error.clone(),
            17 => self.types.file_exists_error.clone(),
            20 => self.types.not_a_directory_error.clone(),
            21 => self.types.is_a_directory_error.clone(),
            1 | 13 => self.types.permission_error.clone(),
            32 => self.types.broken_pipe_error.clone(),
            _ => self.types.os_error.clone(),
        };
        let se = self.str_now(strerror);
        let e = self.new_exception_args(cls, vec![Value::Int(errno), se.clone()]);
        if let Some(Kind::Instance(i)) = e.kind() {
            if let Some(d) = &i.dict {
                let d = d.clone();
                let heap = self.heap.clone();
                crate::python::types::set_item(&heap, &d, "errno", Value::Int(errno));
                crate::python::types::set_item(&heap, &d, "strerror", se);
                crate::python::types::set_item(&heap, &d, "filename", filename);
                crate::python::types::set_item(&heap, &d, "filename2", filename2);
            }
        }
        self.chain_context(&e);
        Flow::Exc(e)
    }

    /// Writes a file stream's buffered bytes to the simulated filesystem.
    pub fn flush_file(&mut self, s: &mut Stream) -> PyResult<()> {
        let Some(path) = s.path.clone() else {
            return Ok(());
        };
        if s.out.is_empty() {
            return Ok(());
        }
        let data = std::mem::take(&mut s.out);
        self.charge_bytes(data.len())?;
        let r = self
            .sys
            .vfs
            .borrow_mut()
            .write_file(&path, &data, WriteMode::Append);
        self.sys.sync_disk();
        match r {
            Ok(()) => Ok(()),
            Err(e) => Err(self.os_error(errno_of(e), e.message(), None)),
        }
    }
}

/// `open(file, mode='r', buffering=-1, encoding=None, errors=None, newline=None)`.
pub fn open(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let get = |i: usize, n: &str| -> Option<Value> {
        k.iter()
            .find(|(x, _)| &**x == n)
            .map(|(_, v)| v.clone())
            .or_else(|| a.get(i).cloned())
    };
    let Some(file) = get(0, "file") else {
        return Err(vm.raise(
            vm.types.type_error.clone(),
            "open() missing required argument 'file' (pos 1)",
        ));
    };
    // `open` takes what `os.fspath` takes (a str, bytes or an `os.PathLike` such as a
    // `pathlib.Path`); errors name the fspath'd path, bytes shown as bytes.
    let fspathed = crate::python::stdlib::posix::fspath_value(vm, &file)?;
    let (name, shown) = match fspathed {
        Some(p) => match p.kind() {
            Some(Kind::Bytes(b)) => (String::from_utf8_lossy(b).into_owned(), p.clone()),
            _ => (p.as_str().unwrap_or("").to_string(), p.clone()),
        },
        None => {
            if matches!(file, Value::Int(_)) {
                let msg = "open() of a file descriptor is not supported by this simulator yet";
                return Err(vm.raise(vm.types.not_implemented_error.clone(), msg));
            }
            let msg = format!(
                "expected str, bytes or os.PathLike object, not {}",
                vm.type_name(&file)
            );
            return Err(vm.raise(vm.types.type_error.clone(), &msg));
        }
    };
    let mode = match get(1, "mode") {
        Some(m) => m.as_str().unwrap_or("r").to_string(),
        None => "r".to_string(),
    };
    let newline = get(4, "newline").and_then(|v| v.as_str().map(String::from));
    let mut kinds = 0;
    for c in mode.chars() {
        match c {
            'r' | 'w' | 'a' | 'x' => kinds += 1,
            'b' | 't' | '+' => {}
            _ => {
                let msg = format!("invalid mode: '{mode}'");
                return Err(vm.raise(vm.types.value_error.clone(), &msg));
            }
        }
    }
    if kinds != 1 {
        let msg = "must have exactly one of create/read/write/append mode";
        return Err(vm.raise(vm.types.value_error.clone(), msg));
    }
    if mode.contains('+') {
        let msg =
            format!("open() mode '{mode}' (read and write) is not supported by this simulator yet");
        return Err(vm.raise(vm.types.not_implemented_error.clone(), &msg));
    }
    let binary = mode.contains('b');
    if binary && get(3, "encoding").is_some_and(|e| !e.is_none()) {
        return Err(vm.raise(
            vm.types.value_error.clone(),
            "binary mode doesn't take an encoding argument",
        ));
    }
    let abs = crate::vfs::path::resolve(&vm.cwd, name.as_bytes());
    let st = vm.sys.vfs.borrow().stat(&abs);
    if let Ok(st) = &st {
        if st.file_type == crate::vfs::FileType::Dir {
            return Err(vm.os_error_with(21, "Is a directory", shown, Value::None));
        }
    }
    let content = if mode.contains('r') {
        let data = vm.sys.vfs.borrow().read_file(&abs);
        match data {
            Ok(d) => {
                vm.ensure(d.len() as u64)?;
                vm.charge_bytes(d.len())?;
                let mut d = d.to_vec();
                if !binary && newline.is_none() {
                    d = translate_newlines(&d);
                }
                d
            }
            Err(e) => return Err(vm.os_error_with(errno_of(e), e.message(), shown, Value::None)),
        }
    } else {
        let wmode = if mode.contains('x') {
            WriteMode::CreateNew
        } else if mode.contains('a') {
            WriteMode::Append
        } else {
            WriteMode::Truncate
        };
        let umask = vm.sys.with_proc(vm.pid, |p| p.umask).unwrap_or(0o022);
        let r = vm
            .sys
            .vfs
            .borrow_mut()
            .write_file_mode(&abs, b"", wmode, 0o666 & !umask);
        vm.sys.sync_disk();
        if let Err(e) = r {
            return Err(vm.os_error_with(errno_of(e), e.message(), shown, Value::None));
        }
        Vec::new()
    };
    let shown_mode = if binary {
        mode.clone()
    } else {
        mode.replace('t', "")
    };
    let mut s = Stream::file(&name, &shown_mode, abs, content, binary);
    s.kernel = Some(vm.sys.clone());
    vm.new_obj(Kind::Stream(RefCell::new(s)), 512)
}

fn translate_newlines(d: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(d.len());
    let mut i = 0;
    while i < d.len() {
        if d[i] == b'\r' {
            out.push(b'\n');
            if i + 1 < d.len() && d[i + 1] == b'\n' {
                i += 1;
            }
        } else {
            out.push(d[i]);
        }
        i += 1;
    }
    out
}

/// The stream an operation acts on (a `.buffer` view acts on its text stream's buffers).
fn target(v: &Value) -> Value {
    if let Some(Kind::Stream(s)) = v.kind() {
        if let Some(parent) = &s.borrow().view_of {
            return parent.clone();
        }
    }
    v.clone()
}

fn is_binary(v: &Value) -> bool {
    matches!(v.kind(), Some(Kind::Stream(s)) if s.borrow().binary)
}

fn check_open(vm: &mut Vm, v: &Value) -> PyResult<()> {
    if let Some(Kind::Stream(s)) = v.kind() {
        if s.borrow().closed {
            return Err(vm.raise(
                vm.types.value_error.clone(),
                "I/O operation on closed file.",
            ));
        }
    }
    Ok(())
}

fn check_readable(vm: &mut Vm, v: &Value) -> PyResult<()> {
    check_open(vm, v)?;
    if let Some(Kind::Stream(s)) = v.kind() {
        if !s.borrow().readable {
            return Err(vm.raise(vm.types.unsupported_operation.clone(), "not readable"));
        }
    }
    Ok(())
}

fn decode(vm: &mut Vm, bytes: Vec<u8>, binary: bool) -> PyResult<Value> {
    if binary {
        return vm.new_bytes(bytes);
    }
    match String::from_utf8(bytes) {
        Ok(s) => vm.new_str(s),
        Err(e) => {
            let b = e.as_bytes();
            let pos = e.utf8_error().valid_up_to();
            let msg = format!(
                "'utf-8' codec can't decode byte 0x{:02x} in position {pos}: invalid start byte",
                b.get(pos).copied().unwrap_or(0)
            );
            Err(vm.raise(vm.types.unicode_decode_error.clone(), &msg))
        }
    }
}

fn read(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let binary = is_binary(&a[0]);
    let t = target(&a[0]);
    check_readable(vm, &t)?;
    let size = match arg(a, k, 0, "size") {
        Some(Value::None) | None => -1,
        Some(v) => vm.index_of(&v)?.unwrap_or(-1),
    };
    let Some(Kind::Stream(s)) = t.kind() else {
        return Ok(Value::None);
    };
    let data = {
        let mut s = s.borrow_mut();
        if size < 0 {
            match s.take_all() {
                Some(d) => d,
                None => return Err(Flow::NeedInput),
            }
        } else {
            let avail = s.input.len() - s.input_pos;
            if avail < size as usize && !s.eof {
                return Err(Flow::NeedInput);
            }
            // Text reads count characters: take whole UTF-8 sequences.
            let rest = &s.input[s.input_pos..];
            let n = if binary {
                (size as usize).min(rest.len())
            } else {
                let text = String::from_utf8_lossy(rest);
                text.chars()
                    .take(size as usize)
                    .map(char::len_utf8)
                    .sum::<usize>()
                    .min(rest.len())
            };
            let d = rest[..n].to_vec();
            s.input_pos += n;
            d
        }
    };
    vm.charge_bytes(data.len())?;
    decode(vm, data, binary)
}

fn readline(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let binary = is_binary(&a[0]);
    let t = target(&a[0]);
    check_readable(vm, &t)?;
    let Some(Kind::Stream(s)) = t.kind() else {
        return stream::readline(vm, &t, -1);
    };
    let line = match s.borrow_mut().take_line() {
        Some(l) => l,
        None => return Err(Flow::NeedInput),
    };
    decode(vm, line, binary)
}

fn readlines(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let binary = is_binary(&a[0]);
    let t = target(&a[0]);
    check_readable(vm, &t)?;
    let Some(Kind::Stream(s)) = t.kind() else {
        return vm.new_list(Vec::new());
    };
    if !s.borrow().eof {
        return Err(Flow::NeedInput);
    }
    let mut lines = Vec::new();
    loop {
        let line = s.borrow_mut().take_line().unwrap_or_default();
        if line.is_empty() {
            break;
        }
        lines.push(decode(vm, line, binary)?);
    }
    vm.new_list(lines)
}

fn write(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.len() != 2 {
        let msg = format!(
            "write() takes exactly one argument ({} given)",
            a.len().saturating_sub(1)
        );
        return Err(vm.raise(vm.types.type_error.clone(), &msg));
    }
    let binary = is_binary(&a[0]);
    let t = target(&a[0]);
    check_open(vm, &t)?;
    let (bytes, count) = if binary {
        match a[1].kind() {
            Some(Kind::Bytes(b)) => (b.to_vec(), b.len()),
            Some(Kind::ByteArray(b)) => {
                let b = b.borrow().clone();
                let n = b.len();
                (b, n)
            }
            _ => {
                let msg = format!(
                    "a bytes-like object is required, not '{}'",
                    vm.type_name(&a[1])
                );
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
        }
    } else {
        match a[1].kind() {
            Some(Kind::Str(s)) => (s.s.as_bytes().to_vec(), s.chars),
            _ => {
                let msg = format!("write() argument must be str, not {}", vm.type_name(&a[1]));
                return Err(vm.raise(vm.types.type_error.clone(), &msg));
            }
        }
    };
    write_bytes(vm, &t, &bytes)?;
    Ok(Value::Int(count as i64))
}

/// Appends bytes to a stream's output buffer; file streams go to the VFS when it fills.
pub fn write_bytes(vm: &mut Vm, t: &Value, bytes: &[u8]) -> PyResult<()> {
    let Some(Kind::Stream(s)) = t.kind() else {
        return Ok(());
    };
    let mut st = s.borrow_mut();
    if !st.writable {
        drop(st);
        return Err(vm.raise(vm.types.unsupported_operation.clone(), "not writable"));
    }
    st.out.extend_from_slice(bytes);
    vm.charge_bytes(bytes.len())?;
    if st.path.is_some() {
        if st.out.len() >= BUFFER_SIZE {
            vm.flush_file(&mut st)?;
        }
    } else if st.wants_flush() {
        vm.want_flush = true;
    }
    Ok(())
}

fn writelines(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let items = vm.to_vec(&a[1])?;
    for it in items {
        write(vm, &[a[0].clone(), it], &[])?;
    }
    Ok(Value::None)
}

fn flush(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let t = target(&a[0]);
    check_open(vm, &t)?;
    let Some(Kind::Stream(s)) = t.kind() else {
        return Ok(Value::None);
    };
    let mut st = s.borrow_mut();
    if st.path.is_some() {
        vm.flush_file(&mut st)?;
    } else if !st.out.is_empty() {
        st.flush_now = true;
        vm.want_flush = true;
    }
    Ok(Value::None)
}

fn close(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let t = target(&a[0]);
    let Some(Kind::Stream(s)) = t.kind() else {
        return Ok(Value::None);
    };
    let mut st = s.borrow_mut();
    if st.closed {
        return Ok(Value::None);
    }
    if st.path.is_some() {
        vm.flush_file(&mut st)?;
        st.closed = true;
        st.input.clear();
    } else if !st.out.is_empty() {
        st.flush_now = true;
        vm.want_flush = true;
    }
    Ok(Value::None)
}

fn enter(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    check_open(vm, &a[0])?;
    Ok(a[0].clone())
}

fn exit(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    close(vm, &a[..1], &[])?;
    Ok(Value::Bool(false))
}

fn seek(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let t = target(&a[0]);
    check_open(vm, &t)?;
    let pos = match a.get(1) {
        Some(v) => vm.index_of(v)?.unwrap_or(0),
        None => {
            return Err(vm.raise(
                vm.types.type_error.clone(),
                "seek expected at least 1 argument, got 0",
            ))
        }
    };
    let whence = match a.get(2) {
        Some(v) => vm.index_of(v)?.unwrap_or(0),
        None => 0,
    };
    let Some(Kind::Stream(s)) = t.kind() else {
        return Ok(Value::None);
    };
    let mut st = s.borrow_mut();
    if st.path.is_none() {
        drop(st);
        return Err(vm.raise(
            vm.types.unsupported_operation.clone(),
            "underlying stream is not seekable",
        ));
    }
    let len = st.input.len() as i64;
    let new = match whence {
        0 => pos,
        1 => st.input_pos as i64 + pos,
        _ => len + pos,
    }
    .clamp(0, len.max(0));
    st.input_pos = new as usize;
    Ok(Value::Int(new))
}

fn tell(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let t = target(&a[0]);
    check_open(vm, &t)?;
    let Some(Kind::Stream(s)) = t.kind() else {
        return Ok(Value::Int(0));
    };
    let st = s.borrow();
    let n = if st.readable {
        st.input_pos
    } else {
        st.out.len()
    };
    Ok(Value::Int(n as i64))
}

fn fileno(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let t = target(&a[0]);
    let Some(Kind::Stream(s)) = t.kind() else {
        return Ok(Value::Int(0));
    };
    let fd = s.borrow().fd;
    if fd == u32::MAX {
        return Ok(Value::Int(3));
    }
    let _ = vm;
    Ok(Value::Int(fd as i64))
}

fn isatty(_vm: &mut Vm, _a: &[Value], _k: Kw) -> PyResult<Value> {
    Ok(Value::Bool(false))
}

fn readable(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let t = target(&a[0]);
    Ok(Value::Bool(
        matches!(t.kind(), Some(Kind::Stream(s)) if s.borrow().readable),
    ))
}

fn writable(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let t = target(&a[0]);
    Ok(Value::Bool(
        matches!(t.kind(), Some(Kind::Stream(s)) if s.borrow().writable),
    ))
}

fn seekable(_vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let t = target(&a[0]);
    Ok(Value::Bool(
        matches!(t.kind(), Some(Kind::Stream(s)) if s.borrow().path.is_some()),
    ))
}

/// Data attributes of a stream (`name`, `mode`, `closed`, `encoding`, `buffer`).
pub fn stream_attr(vm: &mut Vm, v: &Value, name: &str) -> PyResult<Option<Value>> {
    let Some(Kind::Stream(s)) = v.kind() else {
        return Ok(None);
    };
    let (nm, mode, closed, binary) = {
        let st = s.borrow();
        (st.name.clone(), st.mode.clone(), st.closed, st.binary)
    };
    Ok(Some(match name {
        "name" => vm.new_str(nm)?,
        "mode" => vm.new_str(mode)?,
        "closed" => Value::Bool(closed),
        "encoding" if !binary => vm.new_str("utf-8")?,
        "errors" if !binary => vm.new_str("strict")?,
        "buffer" if !binary => {
            let mut b = Stream::stdin();
            b.name = nm;
            b.mode = format!("{}b", mode.replace('b', ""));
            b.binary = true;
            b.view_of = Some(v.clone());
            vm.new_obj(Kind::Stream(RefCell::new(b)), 128)?
        }
        _ => return Ok(None),
    }))
}
