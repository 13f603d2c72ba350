//! The only code that touches the host: process arguments, reading the script file and stdin,
//! the bounded `--root` import, confinement, writing the results, exiting, and the large-stack
//! thread the simulator runs on.
//!
//! Order of a run: parse arguments → read trusted inputs here (script, stdin, `--root` tree) →
//! confine ([`confine`]) → simulate on the confined thread → write results to the already-open
//! standard streams. Nothing after confinement opens a host path.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

pub mod confine;
#[cfg(unix)]
pub mod import;
#[cfg(not(unix))]
#[path = "import_unsupported.rs"]
pub mod import;
#[cfg(unix)]
pub mod judge_view;
pub mod transcript;

use std::io::{IsTerminal, Read, Write};

/// Stack for the simulator thread: deep but bounded shell recursion and nested futures need
/// more than the default 8 MiB; pages are only committed when touched.
const SIM_STACK: usize = 512 << 20;

/// Command-line arguments as raw bytes.
#[cfg(unix)]
pub fn args() -> Vec<Vec<u8>> {
    use std::os::unix::ffi::OsStringExt;
    std::env::args_os().map(|a| a.into_vec()).collect()
}

/// Elsewhere arguments are UTF-16; an argument that is not valid Unicode is replaced, not
/// dropped (Windows is not a verified platform yet, see docs/confinement.md).
#[cfg(not(unix))]
pub fn args() -> Vec<Vec<u8>> {
    std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned().into_bytes())
        .collect()
}

#[cfg(unix)]
pub fn read_file(path: &[u8]) -> std::io::Result<Vec<u8>> {
    use std::os::unix::ffi::OsStrExt;
    std::fs::read(std::ffi::OsStr::from_bytes(path))
}

#[cfg(not(unix))]
pub fn read_file(path: &[u8]) -> std::io::Result<Vec<u8>> {
    std::fs::read(String::from_utf8_lossy(path).as_ref())
}

pub fn stdin_is_terminal() -> bool {
    std::io::stdin().is_terminal()
}

/// Reads all of stdin (when it is not a terminal).
pub fn read_stdin() -> Vec<u8> {
    let mut buf = Vec::new();
    if !stdin_is_terminal() {
        let _ = std::io::stdin().read_to_end(&mut buf);
    }
    buf
}

/// The host's standard input as a pulled [`crate::process::InputSource`]: each pull reads
/// until it has the bytes asked for or the input ends, so chunk boundaries depend on the
/// bytes alone, never on how a pipe delivered them. A read error ends the input.
pub struct StdinSource {
    ended: bool,
}

impl StdinSource {
    /// `None` when standard input is a terminal: a one-shot run does not wait on a person
    /// (its scripts see an empty input, as before).
    pub fn open() -> Option<StdinSource> {
        (!stdin_is_terminal()).then_some(StdinSource { ended: false })
    }
}

impl crate::process::InputSource for StdinSource {
    fn pull(&mut self, max: usize) -> Vec<u8> {
        let mut buf = vec![0; max];
        let mut filled = 0;
        let stdin = std::io::stdin();
        let mut lock = stdin.lock();
        while !self.ended && filled < max {
            match lock.read(&mut buf[filled..]) {
                Ok(0) => self.ended = true,
                Ok(n) => filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => self.ended = true,
            }
        }
        buf.truncate(filled);
        buf
    }
}

pub fn write_stdout(data: &[u8]) {
    let mut o = std::io::stdout().lock();
    let _ = o.write_all(data);
    let _ = o.flush();
}

pub fn write_stderr(data: &[u8]) {
    let mut e = std::io::stderr().lock();
    let _ = e.write_all(data);
    let _ = e.flush();
}

/// Calls `f` with each line of standard input (without its newline) as it arrives, so a
/// client can wait for each answer. Stops at end of input or a read error.
pub fn for_each_stdin_line(mut f: impl FnMut(&[u8])) {
    use std::io::BufRead;
    let stdin = std::io::stdin();
    let mut lock = stdin.lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        match lock.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                if line.last() == Some(&b'\n') {
                    line.pop();
                }
                f(&line);
            }
        }
    }
}

/// One line of standard input for [`for_each_stdin_line_bounded`].
pub enum Line<'a> {
    /// The line, without its newline.
    Full(&'a [u8]),
    /// The line was longer than the bound: its length; its bytes were read and dropped.
    TooLong(u64),
}

/// Calls `f` with each line of standard input as it arrives, never holding more than `max`
/// bytes of one line: a longer line is consumed to its newline and reported by length, so
/// the next line is read intact. Stops at end of input, a read error, or when `f` returns
/// false. A final line without a newline counts.
pub fn for_each_stdin_line_bounded(max: u64, mut f: impl FnMut(Line<'_>) -> bool) {
    use std::io::BufRead;
    let stdin = std::io::stdin();
    let mut lock = stdin.lock();
    let mut line = Vec::new();
    let mut len: u64 = 0;
    loop {
        let (consumed, ended, eof) = match lock.fill_buf() {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return,
            Ok([]) => (0, false, true),
            Ok(buf) => match memchr::memchr(b'\n', buf) {
                Some(i) => {
                    if len + (i as u64) <= max {
                        line.extend_from_slice(&buf[..i]);
                    }
                    len += i as u64;
                    (i + 1, true, false)
                }
                None => {
                    if len + (buf.len() as u64) <= max {
                        line.extend_from_slice(buf);
                    }
                    len += buf.len() as u64;
                    (buf.len(), false, false)
                }
            },
        };
        lock.consume(consumed);
        if len > max {
            line.clear();
        }
        if ended || (eof && len > 0) {
            let go_on = if len > max {
                f(Line::TooLong(len))
            } else {
                f(Line::Full(&line))
            };
            line.clear();
            len = 0;
            if !go_on {
                return;
            }
        }
        if eof {
            return;
        }
    }
}

/// Flushes nothing more and ends the process (for paths that never start the simulator).
pub fn exit(status: i32) -> ! {
    std::process::exit(status)
}

/// Confines the process, then runs `f` on a thread with a large stack and exits the process
/// with its status. `f` receives the confinement in force. If confinement cannot be put in
/// place as `settings` ask, `f` never runs and the exit status is
/// [`confine::EXIT_CONFINEMENT`].
pub fn run_confined(
    settings: confine::Settings,
    f: impl FnOnce(confine::Status) -> i32 + Send + 'static,
) -> ! {
    let prepared = match confine::prepare(settings) {
        Ok(p) => p,
        Err(e) => {
            write_stderr(format!("shellsim: {e}\n").as_bytes());
            std::process::exit(confine::EXIT_CONFINEMENT)
        }
    };
    // Initialise the standard-stream locks now, while every system call is still allowed.
    drop(std::io::stdout().lock());
    drop(std::io::stderr().lock());
    let handle = std::thread::Builder::new()
        .name("shellsim".into())
        .stack_size(SIM_STACK)
        .spawn(move || {
            // The Python parser measures this thread's stack once, through a system call the
            // seccomp policy does not allow: let it do so before the filter is in place.
            crate::python::front::warm_up();
            match confine::finish(prepared) {
                Ok(status) => f(status),
                Err(e) => {
                    write_stderr(format!("shellsim: {e}\n").as_bytes());
                    confine::EXIT_CONFINEMENT
                }
            }
        });
    let status = match handle {
        Ok(h) => h.join().unwrap_or(70),
        Err(e) => {
            write_stderr(format!("shellsim: cannot start the simulator thread: {e}\n").as_bytes());
            70
        }
    };
    std::process::exit(status)
}
