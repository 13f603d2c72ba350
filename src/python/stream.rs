//! The standard streams and open files as Python sees them: text written is buffered in the
//! interpreter (block-buffered for a pipe or file, as CPython does when stdout is not a
//! terminal) and handed to the simulated kernel by the command's driver at instruction
//! boundaries; standard input is read ahead in chunks the driver supplies.

use super::object::{Kind, Value};
use super::vm::{Flow, PyResult, Vm};

/// CPython's buffer size for a text stream on a pipe or file.
pub const BUFFER_SIZE: usize = 8192;

pub struct Stream {
    pub name: String,
    pub mode: String,
    /// The descriptor written to or read from (standard streams).
    pub fd: u32,
    /// Bytes written and not yet handed to the kernel.
    pub out: Vec<u8>,
    /// Flush after every newline (stderr; stdout on a terminal).
    pub line_buffered: bool,
    /// Flush after every write (`-u`).
    pub unbuffered: bool,
    /// Input read ahead and not yet consumed.
    pub input: Vec<u8>,
    pub input_pos: usize,
    pub eof: bool,
    pub closed: bool,
    pub readable: bool,
    pub writable: bool,
    /// An explicit `flush()` is pending.
    pub flush_now: bool,
    /// Bytes, not text (`'rb'`, `'wb'`, `sys.stdout.buffer`).
    pub binary: bool,
    /// The simulated file behind an `open()`ed stream (absolute path); `None` for the
    /// standard streams, whose bytes go to their descriptors.
    pub path: Option<Vec<u8>>,
    /// Translate `\r\n` and `\r` to `\n` when reading (text files; not `sys.stdin`).
    pub universal: bool,
    /// For a binary view (`.buffer`): the text stream whose buffers it shares.
    pub view_of: Option<super::object::Value>,
    /// For a file: the machine whose filesystem gets what is still buffered when the file
    /// object goes away unclosed (CPython flushes on deallocation).
    pub kernel: Option<std::rc::Rc<crate::process::Kernel>>,
}

impl Drop for Stream {
    fn drop(&mut self) {
        if let (Some(k), Some(path)) = (&self.kernel, &self.path) {
            if !self.out.is_empty() && !self.closed {
                if let Ok(mut vfs) = k.vfs.try_borrow_mut() {
                    let _ = vfs.write_file(path, &self.out, crate::vfs::WriteMode::Append);
                }
                k.sync_disk();
            }
        }
    }
}

impl Stream {
    fn new(name: &str, mode: &str, fd: u32) -> Stream {
        Stream {
            name: name.into(),
            mode: mode.into(),
            fd,
            out: Vec::new(),
            line_buffered: false,
            unbuffered: false,
            input: Vec::new(),
            input_pos: 0,
            eof: false,
            closed: false,
            readable: mode.starts_with('r'),
            writable: !mode.starts_with('r'),
            flush_now: false,
            binary: false,
            path: None,
            universal: false,
            view_of: None,
            kernel: None,
        }
    }

    pub fn stdout() -> Stream {
        Stream::new("<stdout>", "w", 1)
    }

    pub fn stderr() -> Stream {
        let mut s = Stream::new("<stderr>", "w", 2);
        s.line_buffered = true;
        s
    }

    pub fn stdin() -> Stream {
        Stream::new("<stdin>", "r", 0)
    }

    /// A file opened by `open()`: `content` is what a reader sees (the whole file, read at
    /// open time); writers buffer and hand their bytes to the VFS on flush.
    pub fn file(name: &str, mode: &str, path: Vec<u8>, content: Vec<u8>, binary: bool) -> Stream {
        let mut s = Stream::new(name, mode, u32::MAX);
        s.readable = mode.contains('r') || mode.contains('+');
        s.writable =
            mode.contains('w') || mode.contains('a') || mode.contains('x') || mode.contains('+');
        s.binary = binary;
        s.universal = !binary;
        s.input = content;
        s.eof = true;
        s.path = Some(path);
        s
    }

    /// Whether the buffered output should go out now.
    pub fn wants_flush(&self) -> bool {
        !self.out.is_empty()
            && (self.unbuffered
                || self.flush_now
                || self.out.len() >= BUFFER_SIZE
                || (self.line_buffered && self.out.contains(&b'\n')))
    }

    /// The next line of buffered input (with its newline), or `None` when more input is
    /// needed first.
    pub fn take_line(&mut self) -> Option<Vec<u8>> {
        let rest = &self.input[self.input_pos..];
        if let Some(i) = memchr::memchr(b'\n', rest) {
            let line = rest[..=i].to_vec();
            self.input_pos += i + 1;
            self.compact();
            return Some(line);
        }
        if self.eof {
            let line = rest.to_vec();
            self.input_pos = self.input.len();
            self.compact();
            return Some(line);
        }
        None
    }

    fn compact(&mut self) {
        if self.input_pos > 64 * 1024 || self.input_pos == self.input.len() {
            self.input.drain(..self.input_pos);
            self.input_pos = 0;
        }
    }

    /// Everything up to end of input, or `None` when end of input has not been seen yet.
    pub fn take_all(&mut self) -> Option<Vec<u8>> {
        if !self.eof {
            return None;
        }
        let rest = self.input[self.input_pos..].to_vec();
        self.input.clear();
        self.input_pos = 0;
        Some(rest)
    }
}

/// Writes text to a stream value (`sys.stdout`, a file, or any object with `write`).
pub fn write(vm: &mut Vm, stream: &Value, text: &str) -> PyResult<()> {
    match stream.kind() {
        Some(Kind::Stream(s)) => {
            let (closed, binary) = {
                let s = s.borrow();
                (s.closed, s.binary)
            };
            if closed {
                return Err(vm.raise(
                    vm.types.value_error.clone(),
                    "I/O operation on closed file.",
                ));
            }
            if binary {
                let msg = "a bytes-like object is required, not 'str'";
                return Err(vm.raise(vm.types.type_error.clone(), msg));
            }
            super::methods::io::write_bytes(vm, stream, text.as_bytes())?;
            let n = s.borrow().out.len();
            if n > 4 * BUFFER_SIZE {
                vm.ensure(n as u64)?;
            }
            Ok(())
        }
        _ => {
            let t = vm.new_str(text)?;
            vm.call_method(stream, "write", &[t])?;
            Ok(())
        }
    }
}

/// `readline()` on a stream: the next line, `''` at end of input. Asks the driver for more
/// input (by [`Flow::NeedInput`]) when the buffer holds no complete line.
pub fn readline(vm: &mut Vm, stream: &Value, limit: i64) -> PyResult<Value> {
    let Some(Kind::Stream(s)) = stream.kind() else {
        return vm.call_method(stream, "readline", &[]);
    };
    let (line, binary) = {
        let mut s = s.borrow_mut();
        if !s.readable {
            drop(s);
            return Err(vm.raise(vm.types.unsupported_operation.clone(), "not readable"));
        }
        match s.take_line() {
            Some(l) => (l, s.binary),
            None => return Err(Flow::NeedInput),
        }
    };
    let _ = limit;
    // A file opened in binary mode gives its lines as bytes (also when iterated).
    if binary {
        return vm.new_bytes(line);
    }
    let text = String::from_utf8_lossy(&line).into_owned();
    vm.new_str(text)
}

/// `read()` of a whole stream.
pub fn read_all(vm: &mut Vm, stream: &Value) -> PyResult<Value> {
    let Some(Kind::Stream(s)) = stream.kind() else {
        return vm.call_method(stream, "read", &[]);
    };
    let data = match s.borrow_mut().take_all() {
        Some(d) => d,
        None => return Err(Flow::NeedInput),
    };
    let text = String::from_utf8_lossy(&data).into_owned();
    vm.new_str(text)
}

impl Vm {
    /// Takes the bytes every standard stream has ready to write, as (fd, bytes) pairs.
    pub fn take_output(&mut self, all: bool) -> Vec<(u32, Vec<u8>)> {
        self.want_flush = false;
        let mut out = Vec::new();
        for v in [self.stdout.clone(), self.stderr.clone()] {
            if let Some(Kind::Stream(s)) = v.kind() {
                let mut s = s.borrow_mut();
                if !s.out.is_empty() && (all || s.wants_flush()) {
                    s.flush_now = false;
                    let data = std::mem::take(&mut s.out);
                    out.push((s.fd, data));
                }
            }
        }
        out
    }

    /// Hands input read by the driver to `sys.stdin` (empty = end of input).
    pub fn feed_stdin(&mut self, data: &[u8]) {
        if let Some(Kind::Stream(s)) = self.stdin.kind() {
            let mut s = s.borrow_mut();
            if data.is_empty() {
                s.eof = true;
            } else {
                s.input.extend_from_slice(data);
            }
        }
    }
}
