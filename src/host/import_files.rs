//! Reading the regular files of a `--root` import, several at a time.
//!
//! Almost all of an import's time is four system calls per file (open, fstat, read, close),
//! spent in the kernel; GNU tools that only list a tree never pay it. The calls for different
//! files are independent, so they are spread over a few threads: on two cores this halves the
//! import's wall time. Nothing here decides anything the user sees: the walk collects the
//! files in order, the threads only fill in each one's [`FileRead`], and the walk then checks
//! the limits and reports the first error in that same order — so the entries, the error and
//! its wording are the same as reading one file after another, whatever the scheduling.
//!
//! Memory stays bounded while threads race: each file's bytes are taken from a shared budget
//! (the import's `--import-max-bytes`) before they are read, and a file that finds the budget
//! spent is left unread ([`FileRead::Unread`]); the in-order check then stops at or before it.

use std::ffi::CString;
use std::os::fd::{AsRawFd, OwnedFd};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// One file to read: the directory it was listed in (held open) and its name there.
pub struct FileJob {
    pub dir: Arc<OwnedFd>,
    pub name: CString,
}

/// What reading one file gave, before any tree-wide limit is applied.
#[derive(Debug)]
pub enum FileRead {
    /// It could not be opened, was not a regular file when opened, or its `stat` size is
    /// over the per-file limit. Nothing was read.
    Refused(String),
    /// Opened and read: permission bits, the `stat` size, and the bytes (or why the read
    /// failed, e.g. the file grew past the per-file limit).
    Read {
        mode: u32,
        size: u64,
        data: Result<Vec<u8>, String>,
    },
    /// Opened, but the shared byte budget was spent by other files: not read.
    Unread { size: u64 },
}

/// Files in one batch below which threads are not worth starting.
const PARALLEL_FROM: usize = 64;
/// Most threads used: past this the kernel's own locks, not the cores, set the pace.
const MAX_THREADS: usize = 4;
/// Files a thread claims at a time (fewer trips to the shared counter).
const CLAIM: usize = 32;

/// Reads every job, in parallel where it pays, and returns one result per job in job order.
/// `budget` is the number of bytes the files may still take in total.
pub fn read_all(jobs: &[FileJob], max_file_bytes: u64, budget: &AtomicU64) -> Vec<FileRead> {
    let threads = thread_count(jobs.len());
    if threads <= 1 {
        return jobs
            .iter()
            .map(|job| read_one(job, max_file_bytes, budget))
            .collect();
    }
    let slots: Vec<Mutex<Option<FileRead>>> = jobs.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let work = || loop {
        let start = next.fetch_add(CLAIM, Ordering::Relaxed);
        if start >= jobs.len() {
            break;
        }
        for i in start..(start + CLAIM).min(jobs.len()) {
            let result = read_one(&jobs[i], max_file_bytes, budget);
            *slots[i].lock().unwrap_or_else(|p| p.into_inner()) = Some(result);
        }
    };
    std::thread::scope(|scope| {
        // This thread works too; the others are joined one by one (a scope alone only waits
        // for their closures, not for the threads to end), because confinement must find the
        // process single-threaded again. A thread that cannot be started leaves its share to
        // the ones that did.
        let helpers: Vec<_> = (1..threads)
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, work).ok())
            .collect();
        work();
        for helper in helpers {
            let _ = helper.join();
        }
    });
    slots
        .into_iter()
        .map(|slot| {
            slot.into_inner()
                .unwrap_or_else(|p| p.into_inner())
                .unwrap_or_else(|| FileRead::Refused("not read (internal error)".into()))
        })
        .collect()
}

fn thread_count(jobs: usize) -> usize {
    if jobs < PARALLEL_FROM {
        return 1;
    }
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .min(MAX_THREADS)
        .min(jobs / CLAIM + 1)
}

fn read_one(job: &FileJob, max_file_bytes: u64, budget: &AtomicU64) -> FileRead {
    // O_NONBLOCK: if a FIFO was swapped in after the listing, opening it must not hang;
    // the fstat below then refuses it.
    let fd = match super::open_at(
        job.dir.as_raw_fd(),
        &job.name,
        libc::O_RDONLY | libc::O_NONBLOCK,
        true,
    ) {
        Ok(fd) => fd,
        Err(e) => return FileRead::Refused(e.to_string()),
    };
    let st = match super::stat_of(&fd, libc::S_IFREG) {
        Ok(st) => st,
        Err(e) => return FileRead::Refused(e),
    };
    let size = st.st_size.max(0) as u64;
    if size > max_file_bytes {
        return FileRead::Refused(format!(
            "file of {size} bytes is larger than {max_file_bytes} (--import-max-file-size)"
        ));
    }
    let took = budget.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
        left.checked_sub(size)
    });
    if took.is_err() {
        return FileRead::Unread { size };
    }
    FileRead::Read {
        mode: (st.st_mode & 0o7777) as u32,
        size,
        data: super::read_bounded(&fd, size, max_file_bytes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::FromRawFd;

    fn temp_dir(tag: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "shellsim-import-files-{tag}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn open_dir(path: &std::path::Path) -> Arc<OwnedFd> {
        let c = CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a NUL-terminated path; the descriptor is owned below.
        let fd = unsafe { libc::open(c.as_ptr(), libc::O_DIRECTORY | libc::O_CLOEXEC) };
        assert!(fd >= 0);
        // SAFETY: freshly opened, owned by nobody else.
        Arc::new(unsafe { OwnedFd::from_raw_fd(fd) })
    }

    fn jobs_for(dir: &Arc<OwnedFd>, names: &[String]) -> Vec<FileJob> {
        names
            .iter()
            .map(|n| FileJob {
                dir: Arc::clone(dir),
                name: CString::new(n.as_bytes()).unwrap(),
            })
            .collect()
    }

    #[test]
    fn many_files_come_back_in_job_order_with_their_bytes() {
        let dir = temp_dir("order");
        let names: Vec<String> = (0..500).map(|i| format!("f{i:04}")).collect();
        for (i, n) in names.iter().enumerate() {
            std::fs::write(dir.join(n), format!("file {i}\n")).unwrap();
        }
        let fd = open_dir(&dir);
        let budget = AtomicU64::new(u64::MAX);
        let results = read_all(&jobs_for(&fd, &names), 1 << 20, &budget);
        assert_eq!(results.len(), 500);
        for (i, r) in results.iter().enumerate() {
            match r {
                FileRead::Read { data: Ok(d), .. } => {
                    assert_eq!(d, format!("file {i}\n").as_bytes())
                }
                other => panic!("file {i}: {other:?}"),
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_spent_budget_leaves_files_unread_and_never_overdraws() {
        let dir = temp_dir("budget");
        let names: Vec<String> = (0..200).map(|i| format!("f{i:04}")).collect();
        for n in &names {
            std::fs::write(dir.join(n), [b'x'; 10]).unwrap();
        }
        let fd = open_dir(&dir);
        let budget = AtomicU64::new(995);
        let results = read_all(&jobs_for(&fd, &names), 1 << 20, &budget);
        let read = results
            .iter()
            .filter(|r| matches!(r, FileRead::Read { .. }))
            .count();
        let unread = results
            .iter()
            .filter(|r| matches!(r, FileRead::Unread { size: 10 }))
            .count();
        assert_eq!((read, unread), (99, 101));
        assert_eq!(budget.load(Ordering::Relaxed), 5);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_or_oversized_file_is_refused() {
        let dir = temp_dir("refused");
        std::fs::write(dir.join("big"), [b'x'; 100]).unwrap();
        let fd = open_dir(&dir);
        let budget = AtomicU64::new(u64::MAX);
        let names = ["big".to_string(), "gone".to_string()];
        let results = read_all(&jobs_for(&fd, &names), 50, &budget);
        assert!(
            matches!(&results[0], FileRead::Refused(m) if m.contains("larger than 50")),
            "{:?}",
            results[0]
        );
        assert!(
            matches!(&results[1], FileRead::Refused(m) if m.contains("No such file")),
            "{:?}",
            results[1]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
