//! `replay --transcript PATH`: publish the transcript atomically, from a confined process.
//!
//! The confined simulator may not create, link or remove host files (Landlock grants it no
//! filesystem right and seccomp no path call). So the work is split before confinement:
//! 1. the destination is checked (an existing path is refused: nothing is ever replaced);
//! 2. a temporary file is created beside it (`O_EXCL`), and its descriptor kept;
//! 3. a small publisher process is forked. It waits on a pipe and can do exactly one thing:
//!    hard-link the temporary file to the destination (which fails if the destination
//!    appeared meanwhile) and remove the temporary name. If the pipe closes without the
//!    word to publish — the run failed, was malformed, or the process died — it removes the
//!    temporary file and nothing is left behind.
//!
//! After the run, the confined process writes the transcript to the descriptor, `fsync`s it,
//! sends the word and reads the publisher's answer.

#[cfg(unix)]
use std::io::{Read, Write};

/// Descriptors the publisher handshake keeps across confinement (3, 4 and 5).
pub const KEPT_DESCRIPTORS: u32 = 3;

/// The prepared publication: descriptors 3 (the temporary file), 4 (to the publisher) and 5
/// (its answer). After confinement they are used with plain `write`, `fsync` and `read`
/// calls only (the standard library's file wrappers make calls the filter refuses).
#[cfg_attr(not(unix), allow(dead_code))]
pub struct Transcript {
    file: i32,
    to_publisher: i32,
    from_publisher: i32,
}

#[cfg(unix)]
fn pipe() -> Result<(std::fs::File, std::fs::File), String> {
    use std::os::fd::FromRawFd;
    let mut fds = [0i32; 2];
    // SAFETY: pipe fills two descriptors we then own (pipe2 is not on every Unix).
    if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
        return Err(format!("pipe: {}", std::io::Error::last_os_error()));
    }
    for fd in fds {
        // SAFETY: setting close-on-exec on a descriptor we own.
        unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
    }
    // SAFETY: both descriptors were just created and are owned by nobody else.
    Ok(unsafe {
        (
            std::fs::File::from_raw_fd(fds[0]),
            std::fs::File::from_raw_fd(fds[1]),
        )
    })
}

/// Moves three descriptors to 3, 4 and 5 (the numbers confinement keeps; whatever was there
/// was inherited and would be closed anyway). They first go above 64 so that no move
/// overwrites another of the three.
#[cfg(unix)]
fn move_low(files: [std::fs::File; 3]) -> Result<[std::fs::File; 3], String> {
    use std::os::fd::{FromRawFd, IntoRawFd};
    let mut high = [0i32; 3];
    for (i, f) in files.into_iter().enumerate() {
        let fd = f.into_raw_fd();
        // SAFETY: duplicating a descriptor we own, then closing the original.
        let h = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 64) };
        unsafe { libc::close(fd) };
        if h < 0 {
            return Err(format!("fcntl: {}", std::io::Error::last_os_error()));
        }
        high[i] = h;
    }
    let mut out = Vec::with_capacity(3);
    for (i, h) in high.into_iter().enumerate() {
        let target = 3 + i as i32;
        // SAFETY: dup2 onto a number reserved for the handshake (dup3 is not on every Unix),
        // mark it close-on-exec, then close the high copy.
        let rc = unsafe { libc::dup2(h, target) };
        unsafe {
            libc::fcntl(target, libc::F_SETFD, libc::FD_CLOEXEC);
            libc::close(h);
        }
        if rc < 0 {
            return Err(format!("dup2: {}", std::io::Error::last_os_error()));
        }
        // SAFETY: `target` now refers to the descriptor we own.
        out.push(unsafe { std::fs::File::from_raw_fd(target) });
    }
    let [a, b, c]: [std::fs::File; 3] = out.try_into().map_err(|_| "descriptors".to_string())?;
    Ok([a, b, c])
}

impl Transcript {
    /// Checks the destination, creates the temporary file and starts the publisher. Call
    /// before confinement, while the process has one thread.
    #[cfg(unix)]
    pub fn prepare(dest: &[u8]) -> Result<Transcript, String> {
        use std::os::unix::ffi::OsStrExt;
        let dest = std::path::Path::new(std::ffi::OsStr::from_bytes(dest)).to_path_buf();
        let shown = dest.display().to_string();
        if std::fs::symlink_metadata(&dest).is_ok() {
            return Err(format!("{shown} exists; refusing to replace it"));
        }
        let name = dest
            .file_name()
            .ok_or_else(|| format!("{shown}: not a file name"))?;
        let dir = match dest.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => std::path::PathBuf::from("."),
        };
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(".{}.tmp", std::process::id()));
        let tmp = dir.join(tmp_name);
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .map_err(|e| format!("cannot create {}: {e}", tmp.display()))?;
        let (cmd_read, cmd_write) = pipe()?;
        let (res_read, res_write) = pipe()?;
        // SAFETY: the process is single-threaded here (before confinement starts the
        // simulator thread); the child only runs `publisher`, then _exit.
        let pid = unsafe { libc::fork() };
        if pid < 0 {
            let e = std::io::Error::last_os_error();
            let _ = std::fs::remove_file(&tmp);
            return Err(format!("fork: {e}"));
        }
        if pid == 0 {
            drop(file);
            drop(cmd_write);
            drop(res_read);
            let code = publisher(cmd_read, res_write, &tmp, &dest);
            // SAFETY: leave without running the parent's exit handlers or destructors.
            unsafe { libc::_exit(code) };
        }
        drop(cmd_read);
        drop(res_write);
        use std::os::fd::IntoRawFd;
        let [file, to_publisher, from_publisher] = move_low([file, cmd_write, res_read])?;
        Ok(Transcript {
            file: file.into_raw_fd(),
            to_publisher: to_publisher.into_raw_fd(),
            from_publisher: from_publisher.into_raw_fd(),
        })
    }

    #[cfg(not(unix))]
    pub fn prepare(_dest: &[u8]) -> Result<Transcript, String> {
        Err("--transcript is only available on Unix hosts; redirect standard output".into())
    }

    /// Writes, syncs and publishes the transcript. Fails if the destination appeared since
    /// `prepare` (it is never replaced).
    #[cfg(unix)]
    pub fn publish(self, data: &[u8]) -> Result<(), String> {
        let os = |what: &str| format!("{what}: {}", std::io::Error::last_os_error());
        write_all(self.file, data).map_err(|_| os("writing the transcript"))?;
        // SAFETY: plain calls on descriptors this value owns.
        if unsafe { libc::fsync(self.file) } != 0 {
            return Err(os("fsync of the transcript"));
        }
        write_all(self.to_publisher, b"P").map_err(|_| os("publisher"))?;
        // SAFETY: closing our end tells the publisher nothing more comes.
        unsafe { libc::close(self.to_publisher) };
        let mut answer = Vec::new();
        let mut buf = [0u8; 512];
        loop {
            // SAFETY: reading into a stack buffer of the given length.
            let n = unsafe { libc::read(self.from_publisher, buf.as_mut_ptr().cast(), buf.len()) };
            if n > 0 {
                answer.extend_from_slice(&buf[..n as usize]);
            } else if n == 0
                || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted
            {
                break;
            }
        }
        match answer.as_slice() {
            b"ok" => Ok(()),
            [] => Err("the publisher process ended without an answer".into()),
            msg => Err(String::from_utf8_lossy(msg).into_owned()),
        }
    }

    #[cfg(not(unix))]
    pub fn publish(self, _data: &[u8]) -> Result<(), String> {
        Err("--transcript is only available on Unix hosts".into())
    }
}

#[cfg(unix)]
fn write_all(fd: i32, mut data: &[u8]) -> Result<(), ()> {
    while !data.is_empty() {
        // SAFETY: writing from a live slice of the given length.
        let n = unsafe { libc::write(fd, data.as_ptr().cast(), data.len()) };
        if n > 0 {
            data = &data[n as usize..];
        } else if n < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted
        {
            continue;
        } else {
            return Err(());
        }
    }
    Ok(())
}

#[cfg(unix)]
fn sync_dir(dir: &std::path::Path) -> std::io::Result<()> {
    let dir = if dir.as_os_str().is_empty() {
        std::path::Path::new(".")
    } else {
        dir
    };
    std::fs::File::open(dir)?.sync_all()
}

/// The publisher process: one link, or a clean-up.
#[cfg(unix)]
fn publisher(
    mut cmd: std::fs::File,
    mut result: std::fs::File,
    tmp: &std::path::Path,
    dest: &std::path::Path,
) -> i32 {
    let mut word = [0u8; 1];
    let go = matches!(cmd.read(&mut word), Ok(1)) && word[0] == b'P';
    let answer = if go {
        match std::fs::hard_link(tmp, dest) {
            Ok(()) => match dest.parent().map(sync_dir) {
                // The link is durable only once its directory is.
                Some(Err(e)) => format!(
                    "published {}, but syncing its directory failed: {e}",
                    dest.display()
                ),
                _ => "ok".to_string(),
            },
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                format!("{} appeared during the run; refusing to replace it (the transcript was not written)", dest.display())
            }
            Err(e) => format!("cannot publish {}: {e}", dest.display()),
        }
    } else {
        String::new()
    };
    let _ = std::fs::remove_file(tmp);
    let _ = result.write_all(answer.as_bytes());
    0
}
