//! The helper programs the Oils spec corpus expects on `PATH`, written as native simulated
//! commands (the same `CommandCtx` API the built-in commands use), so a case never leaves the
//! simulator.
//!
//! Behaviour follows the corpus README and the reference re-implementations in
//! `validate_with_bash.py` (Python helpers that emulate Python 2 output):
//!
//! | name               | does                                                                 |
//! |--------------------|----------------------------------------------------------------------|
//! | `argv.py ARGS`     | prints the Python 2 `repr` of the list `argv[1:]`, e.g. `['a', 'b c']` |
//! | `printenv.py NAMES`| prints each variable's value, or `None` when it is not exported       |
//! | `stdout_stderr.py [OUT [ERR [STATUS]]]` | OUT to stdout, ERR to stderr, exit STATUS; stderr comes first (Python block-buffers a piped stdout until exit) |
//! | `read_from_fd.py FD...` | prints `FD: ` and one read of up to 1024 bytes from each FD      |
//! | `foo=bar`          | prints `HI`                                                          |
//!
//! `show_fd_table.py` is not provided: it lists the host's `/proc/self/fd`, and the cases that
//! use it are marked as needing host `/proc`.

use shellsim::process::command::{CmdFuture, CommandCtx, Trust};
use shellsim::process::IoError;
use std::rc::Rc;

/// The helper names, for the runner's messages.
pub const HELPER_NAMES: &[&str] = &[
    "argv.py",
    "printenv.py",
    "stdout_stderr.py",
    "read_from_fd.py",
    "foo=bar",
];

/// Registers every helper on a fresh environment.
pub fn register_all(env: &mut shellsim::session::Environment) {
    env.register_command("argv.py", Trust::Real, Rc::new(argv_py));
    env.register_command("printenv.py", Trust::Real, Rc::new(printenv_py));
    env.register_command("stdout_stderr.py", Trust::Real, Rc::new(stdout_stderr_py));
    env.register_command("read_from_fd.py", Trust::Real, Rc::new(read_from_fd_py));
    env.register_command("foo=bar", Trust::Real, Rc::new(foo_bar));
}

/// `argv.py`: `['a', 'b c']` followed by a newline.
fn argv_py(ctx: CommandCtx) -> CmdFuture {
    Box::pin(async move {
        let mut line = py2_list_repr(ctx.args());
        line.push(b'\n');
        ctx.out(&line).await?;
        Ok(0)
    })
}

/// `printenv.py`: one line per name, the exported value or `None`.
fn printenv_py(ctx: CommandCtx) -> CmdFuture {
    Box::pin(async move {
        let mut text = Vec::new();
        for name in ctx.args() {
            match ctx.env.get(name) {
                Some(value) => text.extend_from_slice(value),
                None => text.extend_from_slice(b"None"),
            }
            text.push(b'\n');
        }
        ctx.out(&text).await?;
        Ok(0)
    })
}

/// `stdout_stderr.py [OUT [ERR [STATUS]]]`.
fn stdout_stderr_py(ctx: CommandCtx) -> CmdFuture {
    Box::pin(async move {
        let args = ctx.args();
        let out = args.first().map(Vec::as_slice).unwrap_or(b"STDOUT");
        let err = args.get(1).map(Vec::as_slice).unwrap_or(b"STDERR");
        let status = match args.get(2) {
            None => 0,
            Some(text) => match python_int(text) {
                Some(n) => n,
                None => {
                    let msg = format!(
                        "ValueError: invalid literal for int() with base 10: {}\n",
                        String::from_utf8_lossy(&py2_str_repr(text))
                    );
                    ctx.err(msg.as_bytes()).await?;
                    return Ok(1);
                }
            },
        };
        // Python writes stderr at once but holds a piped stdout in its buffer until exit, so
        // with `|&` the STDERR line arrives first. Reproduce that order.
        ctx.err(&with_newline(err)).await?;
        ctx.out(&with_newline(out)).await?;
        // `sys.exit(n)` exits with `n & 0xff`.
        Ok((status & 0xff) as i32)
    })
}

/// `read_from_fd.py FD...`: for each descriptor, `FD: ` and the bytes of one read (≤ 1024).
fn read_from_fd_py(ctx: CommandCtx) -> CmdFuture {
    Box::pin(async move {
        for arg in ctx.args() {
            let fd = match python_int(arg).and_then(|n| u32::try_from(n).ok()) {
                Some(fd) => fd,
                None => {
                    let msg = format!(
                        "FATAL: invalid descriptor {}\n",
                        String::from_utf8_lossy(arg)
                    );
                    ctx.err(msg.as_bytes()).await?;
                    return Ok(1);
                }
            };
            let data = match ctx.read_fd(fd, 1024).await {
                Ok(data) => data,
                Err(IoError::Interrupted(interrupt)) => return Err(interrupt),
                Err(e) => {
                    let msg = format!(
                        "FATAL: Error reading from fd {fd}: {}\n",
                        python_os_error(e)
                    );
                    ctx.err(msg.as_bytes()).await?;
                    return Ok(1);
                }
            };
            let mut text = format!("{fd}: ").into_bytes();
            text.extend_from_slice(&data);
            ctx.out(&text).await?;
        }
        Ok(0)
    })
}

/// The executable literally named `foo=bar` (reachable only when quoted, e.g. `foo\=bar`).
fn foo_bar(ctx: CommandCtx) -> CmdFuture {
    Box::pin(async move {
        ctx.out(b"HI\n").await?;
        Ok(0)
    })
}

fn with_newline(text: &[u8]) -> Vec<u8> {
    let mut line = text.to_vec();
    line.push(b'\n');
    line
}

/// Python's `int(text)` for the plain decimal forms the corpus uses (surrounding whitespace, an
/// optional sign, digits and single underscores between digits).
fn python_int(text: &[u8]) -> Option<i64> {
    let s = std::str::from_utf8(text).ok()?.trim();
    let (negative, digits) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
    {
        return None;
    }
    let mut value: i64 = 0;
    for c in digits.chars().filter(|&c| c != '_') {
        let d = c.to_digit(10)? as i64;
        value = value.checked_mul(10)?.checked_add(d)?;
    }
    Some(if negative { -value } else { value })
}

/// How Python 3 words an `OSError` from `os.read`: `[Errno 9] Bad file descriptor`.
fn python_os_error(e: IoError) -> String {
    let errno = match e {
        IoError::BadFd => 9,
        IoError::BrokenPipe => 32,
        IoError::NoDevice => 6,
        IoError::FileTooLarge => 27,
        IoError::Interrupted(_) => 4,
        // The VFS's own wording is kept; the number is the generic I/O error.
        IoError::Vfs(_) => 5,
    };
    format!("[Errno {errno}] {}", e.message())
}

/// Python 2 `repr` of a list of byte strings: `['a', "it's"]`; `[]` when empty.
pub fn py2_list_repr(items: &[Vec<u8>]) -> Vec<u8> {
    let mut out = vec![b'['];
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(b", ");
        }
        out.extend_from_slice(&py2_str_repr(item));
    }
    out.push(b']');
    out
}

/// Python 2 `repr` of a byte string (`str`), exactly as CPython 2.7's `string_repr` writes it:
/// single quotes, unless the text holds a `'` and no `"`; then the chosen quote and the
/// backslash are escaped, tab/newline/carriage return become `\t` `\n` `\r`, and every other
/// byte below 0x20 or from 0x7f up becomes `\xNN` (lowercase hex).
pub fn py2_str_repr(bytes: &[u8]) -> Vec<u8> {
    let quote = if bytes.contains(&b'\'') && !bytes.contains(&b'"') {
        b'"'
    } else {
        b'\''
    };
    let mut out = Vec::with_capacity(bytes.len() + 2);
    out.push(quote);
    for &b in bytes {
        match b {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            _ if b == quote => {
                out.push(b'\\');
                out.push(b);
            }
            0x20..=0x7e => out.push(b),
            _ => out.extend_from_slice(format!("\\x{b:02x}").as_bytes()),
        }
    }
    out.push(quote);
    out
}

/// Python 2 semantics of the helpers that do not need a simulator, checked on their own so a
/// mistake here is not blamed on the shell.
#[cfg(test)]
mod tests {
    use super::*;

    fn repr(items: &[&[u8]]) -> String {
        let items: Vec<Vec<u8>> = items.iter().map(|s| s.to_vec()).collect();
        String::from_utf8(py2_list_repr(&items)).unwrap()
    }

    #[test]
    fn list_repr_matches_python2() {
        // Expected strings produced by CPython: repr([b'...', ...]) with the b prefixes
        // removed (bytes and Python 2 str repr share their rules).
        assert_eq!(repr(&[]), "[]");
        assert_eq!(repr(&[b"a", b"b c"]), "['a', 'b c']");
        assert_eq!(repr(&[b""]), "['']");
        assert_eq!(repr(&[b"it's"]), "[\"it's\"]");
        assert_eq!(repr(&[b"say \"hi\""]), "['say \"hi\"']");
        assert_eq!(repr(&[b"both ' and \""]), "['both \\' and \"']");
        assert_eq!(repr(&[b"back\\slash"]), "['back\\\\slash']");
        assert_eq!(repr(&[b"tab\there\nnl\rcr"]), "['tab\\there\\nnl\\rcr']");
        assert_eq!(repr(&[b"\x00\x01\x1f\x7f"]), "['\\x00\\x01\\x1f\\x7f']");
        assert_eq!(repr(&["λ".as_bytes()]), "['\\xce\\xbb']");
        assert_eq!(repr(&[b"\xff\x80 ~"]), "['\\xff\\x80 ~']");
    }

    #[test]
    fn python_int_forms() {
        assert_eq!(python_int(b"42"), Some(42));
        assert_eq!(python_int(b" -3 "), Some(-3));
        assert_eq!(python_int(b"+7"), Some(7));
        assert_eq!(python_int(b"1_000"), Some(1000));
        assert_eq!(python_int(b"1__0"), None);
        assert_eq!(python_int(b""), None);
        assert_eq!(python_int(b"x"), None);
    }
}
