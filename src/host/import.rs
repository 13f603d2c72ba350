//! The bounded `--root DIR` import: copy a host project into the simulator's `/work`, before
//! confinement, without letting the host tree redirect or exhaust us.
//!
//! - Every entry is opened relative to its parent directory's descriptor, never by a path
//!   string, with `O_NOFOLLOW` — and with `openat2(RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS)` where
//!   the kernel has it — so a directory swapped for a symlink halfway through cannot send the
//!   walk elsewhere. After opening, `fstat` must show the same inode the listing saw.
//! - Symlinks, devices, FIFOs and sockets are refused with an error naming the path (an import
//!   is all or nothing; nothing is silently left out except the skip list below).
//! - Bounded: entry count, total bytes, bytes per file, depth and path length (see
//!   [`ImportLimits`]); a file that grows past its `stat` size while being read is refused.
//! - Deterministic: names are sorted bytewise, so the same tree gives the same entry list.
//! - Read-only: files are opened `O_RDONLY`; the host tree is never written.
//! - Files are read a batch at a time by a few threads (`import_files.rs`), which only fill in
//!   each file's bytes: the limits are applied afterwards in walk order, so the result and
//!   any error are those of reading the files one after another. The threads are joined
//!   before this returns, so confinement starts with the process single-threaded again.
//! - Every descriptor is closed before this returns (they are `OwnedFd`s), so nothing leaks
//!   past confinement.

use crate::vfs::{TreeEntry, TreeKind};
use files::{FileJob, FileRead};
use std::ffi::{CStr, CString};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

pub use limits::{ImportError, ImportLimits, SKIPPED_NAMES};

#[path = "import_files.rs"]
mod files;
#[path = "import_limits.rs"]
mod limits;

/// Reads the tree at `root` into entries relative to it, parents before children.
pub fn read_tree(root: &[u8], limits: &ImportLimits) -> Result<Vec<TreeEntry>, ImportError> {
    let err = |path: &[u8], reason: String| ImportError {
        path: path.to_vec(),
        reason,
    };
    let c_root = CString::new(root).map_err(|_| err(root, "path contains a NUL byte".into()))?;
    let st = lstat_at(libc::AT_FDCWD, &c_root).map_err(|e| err(root, e.to_string()))?;
    match st.st_mode & libc::S_IFMT {
        libc::S_IFDIR => {}
        libc::S_IFLNK => return Err(err(root, "is a symbolic link (refused)".into())),
        _ => return Err(err(root, "not a directory".into())),
    }
    let fd = open_at(libc::AT_FDCWD, &c_root, libc::O_DIRECTORY, false)
        .map_err(|e| err(root, e.to_string()))?;
    // The root is opened by its path: it must still be the directory just checked.
    let opened = stat_of(&fd, libc::S_IFDIR).map_err(|e| err(root, e))?;
    if (opened.st_dev, opened.st_ino) != (st.st_dev, st.st_ino) {
        return Err(err(root, "changed while being imported (refused)".into()));
    }
    let mut walk = Walk {
        limits,
        root,
        slots: Vec::new(),
        pending: Vec::new(),
        dirs_pending: 0,
        budget: AtomicU64::new(limits.max_total_bytes),
    };
    let stop = walk.dir(&Arc::new(fd), &[], 0).err();
    walk.flush();
    walk.finish(stop)
}

/// Files waiting to be read before the batch is read: bounds the results held back.
const BATCH_FILES: usize = 4096;
/// Directories whose descriptors the waiting files keep open: bounds open descriptors.
const BATCH_DIRS: usize = 256;

/// One entry of the walk, in walk order (parents before children, names sorted).
enum Slot {
    Dir {
        path: Vec<u8>,
        mode: u32,
    },
    File {
        path: Vec<u8>,
        read: Option<FileRead>,
    },
}

/// The walk lists directories itself and queues each regular file; [`files::read_all`]
/// reads the queued files a batch at a time; [`Walk::finish`] then applies the tree-wide
/// limits in walk order, so the outcome does not depend on which thread read what.
struct Walk<'a> {
    limits: &'a ImportLimits,
    root: &'a [u8],
    slots: Vec<Slot>,
    /// Queued files and the slot each one fills.
    pending: Vec<(usize, FileJob)>,
    /// Directories opened since the last batch (their descriptors live in `pending`).
    dirs_pending: usize,
    /// Bytes the files may still take (`--import-max-bytes`), shared by the reading threads.
    budget: AtomicU64,
}

impl Walk<'_> {
    fn host_path(&self, rel: &[u8]) -> Vec<u8> {
        host_path(self.root, rel)
    }

    fn fail(&self, rel: &[u8], reason: impl Into<String>) -> ImportError {
        ImportError {
            path: self.host_path(rel),
            reason: reason.into(),
        }
    }

    fn dir(&mut self, dir: &Arc<OwnedFd>, rel: &[u8], depth: usize) -> Result<(), ImportError> {
        let names = list_dir(dir).map_err(|e| self.fail(rel, e.to_string()))?;
        for (name, listed_type) in names {
            let mut child = rel.to_vec();
            if !child.is_empty() {
                child.push(b'/');
            }
            child.extend_from_slice(name.to_bytes());
            let skipped = SKIPPED_NAMES
                .iter()
                .any(|s| s.as_bytes() == name.to_bytes());
            if skipped && !self.limits.include_skipped {
                continue;
            }
            if depth + 1 > self.limits.max_depth {
                return Err(self.fail(
                    &child,
                    format!(
                        "deeper than {} levels (--import-max-depth)",
                        self.limits.max_depth
                    ),
                ));
            }
            if child.len() > self.limits.max_path_len {
                return Err(self.fail(
                    &child,
                    format!(
                        "path longer than {} bytes (--import-max-path)",
                        self.limits.max_path_len
                    ),
                ));
            }
            if self.slots.len() as u64 >= self.limits.max_entries {
                return Err(self.fail(
                    &child,
                    format!(
                        "more than {} files and directories (--import-max-files)",
                        self.limits.max_entries
                    ),
                ));
            }
            // The listing's type saves an lstat per entry; a file system that does not
            // give types (DT_UNKNOWN) gets one.
            let kind = match listed_type {
                libc::DT_DIR => libc::S_IFDIR,
                libc::DT_REG => libc::S_IFREG,
                _ => {
                    let st = lstat_at(dir.as_raw_fd(), &name)
                        .map_err(|e| self.fail(&child, e.to_string()))?;
                    st.st_mode & libc::S_IFMT
                }
            };
            match kind {
                libc::S_IFDIR => {
                    let fd = open_at(dir.as_raw_fd(), &name, libc::O_DIRECTORY, true)
                        .map_err(|e| self.fail(&child, e.to_string()))?;
                    let st = stat_of(&fd, kind).map_err(|e| self.fail(&child, e))?;
                    self.slots.push(Slot::Dir {
                        path: child.clone(),
                        mode: (st.st_mode & 0o7777) as u32,
                    });
                    self.dirs_pending += 1;
                    if self.dirs_pending >= BATCH_DIRS {
                        self.flush();
                    }
                    self.dir(&Arc::new(fd), &child, depth + 1)?;
                }
                libc::S_IFREG => {
                    self.pending.push((
                        self.slots.len(),
                        FileJob {
                            dir: Arc::clone(dir),
                            name,
                        },
                    ));
                    self.slots.push(Slot::File {
                        path: child,
                        read: None,
                    });
                    if self.pending.len() >= BATCH_FILES {
                        self.flush();
                    }
                }
                kind => return Err(self.fail(&child, format!("{} (refused)", kind_name(kind)))),
            }
        }
        Ok(())
    }

    /// Reads the queued files and closes the directories they held open.
    fn flush(&mut self) {
        let (slot_of, jobs): (Vec<usize>, Vec<FileJob>) =
            std::mem::take(&mut self.pending).into_iter().unzip();
        let results = files::read_all(&jobs, self.limits.max_file_bytes, &self.budget);
        for (slot, result) in slot_of.into_iter().zip(results) {
            if let Slot::File { read, .. } = &mut self.slots[slot] {
                *read = Some(result);
            }
        }
        self.dirs_pending = 0;
    }

    /// The entries in walk order, or the first error in walk order: a file's own error, the
    /// tree outgrowing `--import-max-bytes` (summed in walk order), or `stop`, the error the
    /// listing stopped at (every queued file lies before it).
    fn finish(self, stop: Option<ImportError>) -> Result<Vec<TreeEntry>, ImportError> {
        let max_total = self.limits.max_total_bytes;
        let too_big = |path: &[u8]| ImportError {
            path: host_path(self.root, path),
            reason: format!("the tree is larger than {max_total} bytes (--import-max-bytes)"),
        };
        let fail = |path: &[u8], reason: String| ImportError {
            path: host_path(self.root, path),
            reason,
        };
        let mut entries = Vec::with_capacity(self.slots.len());
        let mut total: u64 = 0;
        // A file left unread for want of budget, where the in-order sum has not (yet) run out:
        // files later in the walk must then push the sum over, unless the tree shrank meanwhile.
        let mut unread: Option<Vec<u8>> = None;
        for slot in self.slots {
            let (path, read) = match slot {
                Slot::Dir { path, mode } => {
                    entries.push(TreeEntry {
                        path,
                        mode,
                        kind: TreeKind::Dir,
                    });
                    continue;
                }
                Slot::File { path, read } => (path, read),
            };
            let read =
                read.unwrap_or_else(|| FileRead::Refused("not read (internal error)".into()));
            match read {
                FileRead::Refused(reason) => return Err(fail(&path, reason)),
                FileRead::Unread { size } => {
                    if total + size > max_total {
                        return Err(too_big(&path));
                    }
                    total += size;
                    unread.get_or_insert(path);
                }
                FileRead::Read { mode, size, data } => {
                    if total + size > max_total {
                        return Err(too_big(&path));
                    }
                    let data = data.map_err(|e| fail(&path, e))?;
                    total += data.len() as u64;
                    if total > max_total {
                        return Err(too_big(&path));
                    }
                    entries.push(TreeEntry {
                        path,
                        mode,
                        kind: TreeKind::File(data),
                    });
                }
            }
        }
        if let Some(path) = unread {
            return Err(fail(&path, "changed while being imported (refused)".into()));
        }
        match stop {
            Some(e) => Err(e),
            None => Ok(entries),
        }
    }
}

fn host_path(root: &[u8], rel: &[u8]) -> Vec<u8> {
    let mut p = root.to_vec();
    if !p.ends_with(b"/") {
        p.push(b'/');
    }
    p.extend_from_slice(rel);
    p
}

fn kind_name(kind: libc::mode_t) -> &'static str {
    match kind {
        libc::S_IFLNK => "symbolic link",
        libc::S_IFCHR => "character device",
        libc::S_IFBLK => "block device",
        libc::S_IFIFO => "FIFO",
        libc::S_IFSOCK => "socket",
        _ => "unknown file type",
    }
}

fn last_error() -> std::io::Error {
    std::io::Error::last_os_error()
}

fn lstat_at(dir: libc::c_int, name: &CStr) -> std::io::Result<libc::stat> {
    let mut st = std::mem::MaybeUninit::<libc::stat>::uninit();
    // SAFETY: `name` is NUL-terminated and `st` is a valid out-pointer for one `stat`.
    let rc = unsafe {
        libc::fstatat(
            dir,
            name.as_ptr(),
            st.as_mut_ptr(),
            libc::AT_SYMLINK_NOFOLLOW,
        )
    };
    if rc != 0 {
        return Err(last_error());
    }
    // SAFETY: fstatat succeeded, so it filled `st`.
    Ok(unsafe { st.assume_init() })
}

/// The opened object's status, which must show the type the listing gave: an entry
/// swapped for something else between the listing and the open is refused. (It cannot be
/// a symlink: the open follows none.)
fn stat_of(fd: &OwnedFd, listed_kind: libc::mode_t) -> Result<libc::stat, String> {
    let mut st = std::mem::MaybeUninit::<libc::stat>::uninit();
    // SAFETY: `fd` is open and `st` is a valid out-pointer.
    let rc = unsafe { libc::fstat(fd.as_raw_fd(), st.as_mut_ptr()) };
    if rc != 0 {
        return Err(last_error().to_string());
    }
    // SAFETY: fstat succeeded.
    let st = unsafe { st.assume_init() };
    if st.st_mode & libc::S_IFMT == listed_kind {
        Ok(st)
    } else {
        Err("changed while being imported (refused)".into())
    }
}

/// Opens `name` under `dir` without following a symlink at any step; `beneath` also asks the
/// kernel (openat2) to refuse any resolution that leaves `dir`.
fn open_at(
    dir: libc::c_int,
    name: &CStr,
    flags: libc::c_int,
    beneath: bool,
) -> std::io::Result<OwnedFd> {
    let flags = flags | libc::O_NOFOLLOW | libc::O_CLOEXEC;
    #[cfg(target_os = "linux")]
    if beneath {
        if let Some(result) = openat2_beneath(dir, name, flags) {
            return result;
        }
    }
    let _ = beneath;
    // SAFETY: `name` is NUL-terminated; the returned descriptor is owned below.
    let fd = unsafe { libc::openat(dir, name.as_ptr(), flags) };
    if fd < 0 {
        return Err(last_error());
    }
    // SAFETY: `fd` was just opened and is owned by nobody else.
    Ok(unsafe { OwnedFd::from_raw_fd(fd) })
}

/// `openat2` with `RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS`; `None` when
/// the kernel lacks the system call (before 5.6), so the caller falls back to `openat`.
#[cfg(target_os = "linux")]
fn openat2_beneath(
    dir: libc::c_int,
    name: &CStr,
    flags: libc::c_int,
) -> Option<std::io::Result<OwnedFd>> {
    use std::sync::atomic::{AtomicBool, Ordering};
    static MISSING: AtomicBool = AtomicBool::new(false);
    if MISSING.load(Ordering::Relaxed) {
        return None;
    }
    // SAFETY: open_how is plain data; zeroed is a valid value.
    let mut how: libc::open_how = unsafe { std::mem::zeroed() };
    how.flags = flags as u64;
    how.resolve = libc::RESOLVE_BENEATH | libc::RESOLVE_NO_SYMLINKS | libc::RESOLVE_NO_MAGICLINKS;
    // SAFETY: valid NUL-terminated name and a valid open_how of the size passed.
    let fd = unsafe {
        libc::syscall(
            libc::SYS_openat2,
            dir,
            name.as_ptr(),
            &how as *const libc::open_how,
            std::mem::size_of::<libc::open_how>(),
        )
    };
    if fd < 0 {
        let e = last_error();
        if e.raw_os_error() == Some(libc::ENOSYS) {
            MISSING.store(true, Ordering::Relaxed);
            return None;
        }
        return Some(Err(e));
    }
    // SAFETY: a fresh descriptor owned by nobody else.
    Some(Ok(unsafe { OwnedFd::from_raw_fd(fd as libc::c_int) }))
}

/// The names in a directory (without `.` and `..`), sorted bytewise, each with the type
/// the listing gives (`DT_*`; `DT_UNKNOWN` where the file system does not say).
fn list_dir(dir: &OwnedFd) -> std::io::Result<Vec<(CString, u8)>> {
    // fdopendir takes ownership of the descriptor it is given, so give it a duplicate.
    // SAFETY: `dir` is open.
    let dup = unsafe { libc::fcntl(dir.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 0) };
    if dup < 0 {
        return Err(last_error());
    }
    // SAFETY: `dup` is an open directory descriptor we own.
    let stream = unsafe { libc::fdopendir(dup) };
    if stream.is_null() {
        let e = last_error();
        // SAFETY: fdopendir failed, so `dup` is still ours to close.
        unsafe { libc::close(dup) };
        return Err(e);
    }
    let mut names = Vec::new();
    let result = loop {
        // readdir reports errors only through errno, so clear it first.
        set_errno(0);
        // SAFETY: `stream` is a valid DIR*.
        let ent = unsafe { libc::readdir(stream) };
        if ent.is_null() {
            let e = last_error();
            break if e.raw_os_error().unwrap_or(0) != 0 {
                Err(e)
            } else {
                Ok(())
            };
        }
        // SAFETY: readdir returned a valid dirent whose d_name is NUL-terminated.
        let name = unsafe { CStr::from_ptr((*ent).d_name.as_ptr()) };
        if name.to_bytes() != b"." && name.to_bytes() != b".." {
            // SAFETY: as above.
            names.push((name.to_owned(), unsafe { (*ent).d_type }));
        }
    };
    // SAFETY: `stream` is valid and closed once (this also closes `dup`).
    unsafe { libc::closedir(stream) };
    result?;
    names.sort();
    Ok(names)
}

#[cfg(target_os = "linux")]
fn set_errno(v: libc::c_int) {
    // SAFETY: __errno_location returns this thread's errno slot.
    unsafe { *libc::__errno_location() = v };
}

#[cfg(not(target_os = "linux"))]
fn set_errno(v: libc::c_int) {
    // SAFETY: __error returns this thread's errno slot.
    unsafe { *libc::__error() = v };
}

/// Reads a whole regular file, refusing more than `limit` bytes even if it grows. Reads go
/// straight into the result, one byte more than the stat size is asked for first, so a file
/// that has not changed is read by a single short read (a short read of a regular file is its
/// end).
fn read_bounded(fd: &OwnedFd, size_hint: u64, limit: u64) -> Result<Vec<u8>, String> {
    let mut data: Vec<u8> = Vec::with_capacity(size_hint.min(limit) as usize + 1);
    loop {
        if data.spare_capacity_mut().is_empty() {
            data.reserve(64 * 1024);
        }
        let spare = data.spare_capacity_mut();
        let want = spare.len();
        // SAFETY: `spare` is writable memory of `want` bytes owned by `data`.
        let n = unsafe { libc::read(fd.as_raw_fd(), spare.as_mut_ptr().cast(), want) };
        if n < 0 {
            let e = last_error();
            if e.kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e.to_string());
        }
        let n = n as usize;
        // SAFETY: read wrote `n <= want` bytes into the spare capacity.
        unsafe { data.set_len(data.len() + n) };
        if data.len() as u64 > limit {
            return Err(format!(
                "file grew past {limit} bytes while being read (--import-max-file-size)"
            ));
        }
        if n == 0 || (n < want && data.len() as u64 >= size_hint) {
            return Ok(data);
        }
    }
}
