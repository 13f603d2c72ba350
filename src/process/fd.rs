//! Open file descriptions, pipes and the byte sinks/sources that connect a run to its harness.
//!
//! A file descriptor table maps numbers to `Rc<OpenFile>`; `dup` shares the `Rc`, so offsets
//! are shared like POSIX open file descriptions. Pipe ends count their holders: when the last
//! writer's description is dropped the reader sees EOF, and when the last reader goes a write
//! fails with EPIPE (which the shell turns into SIGPIPE, status 141).

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

/// Capacity of a pipe, bytes: a writer blocks when the buffer is full.
pub const PIPE_CAPACITY: usize = 64 * 1024;

/// Shared counter the scheduler watches to tell whether anything happened in a round.
pub type Progress = Rc<Cell<u64>>;

pub fn bump(p: &Progress) {
    p.set(p.get().wrapping_add(1));
}

#[derive(Debug)]
pub struct Pipe {
    pub buf: VecDeque<u8>,
    pub readers: usize,
    pub writers: usize,
    pub id: u64,
    progress: Progress,
}

impl Pipe {
    pub fn new(id: u64, progress: Progress) -> Rc<RefCell<Pipe>> {
        Rc::new(RefCell::new(Pipe {
            buf: VecDeque::new(),
            readers: 0,
            writers: 0,
            id,
            progress,
        }))
    }
}

/// A harness-fed input stream (the action's stdin). More bytes may arrive until it is closed:
/// written by the harness, or pulled from a [`InputSource`] when the buffer runs dry.
#[derive(Debug, Default)]
pub struct InputStream {
    pub data: Vec<u8>,
    pub pos: usize,
    pub closed: bool,
    pub source: Option<PulledInput>,
}

/// How many bytes one pull asks of an [`InputSource`].
pub const PULL_CHUNK: usize = 64 * 1024;

/// Where an input stream's bytes come from on demand: the CLI hands the host's standard
/// input in this way, so a huge or endless input (`yes | shellsim -c 'head -n 1'`) is read
/// only as far as the script reads it and is never held whole. The simulator calls it; only
/// the host implements it.
pub trait InputSource {
    /// The next bytes: exactly `max` unless the input ends first (so where chunks break
    /// depends on the bytes alone, not on how the host delivered them); empty at the end.
    fn pull(&mut self, max: usize) -> Vec<u8>;
}

/// An [`InputSource`] held by a stream.
pub struct PulledInput(pub Box<dyn InputSource>);

impl std::fmt::Debug for PulledInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PulledInput")
    }
}

impl InputStream {
    /// A stream holding `data`; more may be written while it is not `closed`.
    pub fn new(data: Vec<u8>, closed: bool) -> InputStream {
        InputStream {
            data,
            pos: 0,
            closed,
            source: None,
        }
    }

    /// When everything buffered has been read and a source is attached, replaces the buffer
    /// with the source's next chunk (or closes the stream at its end). A reader then never
    /// waits on a pulled stream: like input given whole, it has data or end of file.
    pub fn refill(&mut self) {
        if self.pos < self.data.len() || self.closed {
            return;
        }
        let Some(source) = self.source.as_mut() else {
            return;
        };
        let chunk = source.0.pull(PULL_CHUNK);
        self.pos = 0;
        if chunk.is_empty() {
            self.data = Vec::new();
            self.closed = true;
            self.source = None;
        } else {
            self.data = chunk;
        }
    }
}

/// A captured output stream (the action's stdout or stderr).
#[derive(Debug, Default)]
pub struct OutputSink {
    pub data: Vec<u8>,
    /// Shared with the other stream's sink: the order in which the two were written.
    pub order: Option<Rc<RefCell<WriteOrder>>>,
}

/// Runs of `(stream, bytes)` in the order stdout and stderr were written, so a harness can
/// replay them as `2>&1` would have interleaved them.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct WriteOrder {
    pub runs: Vec<(StreamKind, usize)>,
}

impl WriteOrder {
    pub fn note(&mut self, stream: StreamKind, bytes: usize) {
        if bytes == 0 {
            return;
        }
        match self.runs.last_mut() {
            Some((s, n)) if *s == stream => *n += bytes,
            _ => self.runs.push((stream, bytes)),
        }
    }
}

impl OutputSink {
    /// Appends captured bytes and notes their place in the write order.
    pub fn append(&mut self, stream: StreamKind, data: &[u8]) {
        self.data.extend_from_slice(data);
        if let Some(o) = &self.order {
            o.borrow_mut().note(stream, data.len());
        }
    }
}

/// What an open file description refers to.
#[derive(Debug)]
pub enum Desc {
    PipeRead(Rc<RefCell<Pipe>>),
    PipeWrite(Rc<RefCell<Pipe>>),
    /// A regular file in the VFS, by absolute path.
    File {
        path: Vec<u8>,
        offset: Cell<u64>,
        read: bool,
        write: bool,
        append: bool,
    },
    /// A directory opened for reading (reads fail with EISDIR, like the kernel).
    Dir {
        path: Vec<u8>,
    },
    Input(Rc<RefCell<InputStream>>),
    Output {
        sink: Rc<RefCell<OutputSink>>,
        stream: StreamKind,
    },
    Null,
    Zero,
    Random,
    /// Generated read-only content (a `/proc` file), read like a file.
    Generated {
        data: Rc<Vec<u8>>,
        offset: Cell<usize>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreamKind {
    Stdout,
    Stderr,
}

#[derive(Debug)]
pub struct OpenFile {
    pub desc: Desc,
}

impl OpenFile {
    pub fn new(desc: Desc) -> Rc<OpenFile> {
        match &desc {
            Desc::PipeRead(p) => {
                p.borrow_mut().readers += 1;
            }
            Desc::PipeWrite(p) => {
                p.borrow_mut().writers += 1;
            }
            _ => {}
        }
        Rc::new(OpenFile { desc })
    }

    pub fn readable(&self) -> bool {
        match &self.desc {
            Desc::PipeRead(_)
            | Desc::Input(_)
            | Desc::Null
            | Desc::Zero
            | Desc::Random
            | Desc::Generated { .. } => true,
            Desc::Dir { .. } => true,
            Desc::File { read, .. } => *read,
            Desc::PipeWrite(_) | Desc::Output { .. } => false,
        }
    }

    pub fn writable(&self) -> bool {
        match &self.desc {
            Desc::PipeWrite(_) | Desc::Output { .. } | Desc::Null | Desc::Zero | Desc::Random => {
                true
            }
            Desc::File { write, .. } => *write,
            _ => false,
        }
    }

    /// A short description for `/proc/PID/fd` and diagnostics.
    pub fn describe(&self) -> Vec<u8> {
        match &self.desc {
            Desc::PipeRead(p) | Desc::PipeWrite(p) => {
                format!("pipe:[{}]", p.borrow().id).into_bytes()
            }
            Desc::File { path, .. } | Desc::Dir { path } => path.clone(),
            Desc::Input(_) => b"pipe:[0]".to_vec(),
            Desc::Output {
                stream: StreamKind::Stdout,
                ..
            } => b"pipe:[1]".to_vec(),
            Desc::Output {
                stream: StreamKind::Stderr,
                ..
            } => b"pipe:[2]".to_vec(),
            Desc::Null => b"/dev/null".to_vec(),
            Desc::Zero => b"/dev/zero".to_vec(),
            Desc::Random => b"/dev/urandom".to_vec(),
            Desc::Generated { .. } => b"/proc".to_vec(),
        }
    }
}

impl Drop for OpenFile {
    fn drop(&mut self) {
        match &self.desc {
            Desc::PipeRead(p) => {
                let mut p = p.borrow_mut();
                p.readers -= 1;
                if p.readers == 0 {
                    p.buf.clear();
                }
                bump(&p.progress);
            }
            Desc::PipeWrite(p) => {
                let mut p = p.borrow_mut();
                p.writers -= 1;
                bump(&p.progress);
            }
            _ => {}
        }
    }
}
