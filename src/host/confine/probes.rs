//! Escape probes for `--selftest-escape PROBE`: after the full confinement path, make exactly
//! one attempt to reach the host and print what the kernel answered as one JSON line,
//! `{"probe":NAME,"ret":R,"errno":E}`.
//!
//! Arguments are chosen to be side-effect free where possible (bubblewrap's trick): a bad
//! descriptor, a bad pointer, an invalid flag, or a query. Unconfined, such a call still reaches
//! the kernel and fails harmlessly (EBADF, EFAULT, EINVAL, ENOENT) or succeeds without effect;
//! confined, it is stopped first — EACCES from the soft filter or Landlock, or SIGSYS (exit
//! 159) from the allowlist. `tests/confinement.rs` runs every probe both ways.

use std::ffi::CStr;

/// Every probe, with what it tries.
pub const PROBES: &[(&str, &str)] = &[
    ("open-read", "open /etc/passwd for reading"),
    ("open-create", "create an unnamed file in /tmp (O_TMPFILE)"),
    ("readdir", "open / as a directory and list it"),
    ("stat", "stat /etc/passwd"),
    ("openat2", "openat2 /etc/passwd"),
    ("unlink", "unlink a host path"),
    ("chdir", "change directory to /"),
    (
        "execve",
        "execve /bin/true (with a bad argv, so it cannot run)",
    ),
    ("fork", "fork a child process"),
    ("clone", "clone with invalid flags"),
    ("clone3", "clone3 with a too-small argument"),
    ("socket-inet", "create an AF_INET socket"),
    ("socket-unix", "create an AF_UNIX socket"),
    ("socket-netlink", "create an AF_NETLINK socket"),
    ("socket-vsock", "create an AF_VSOCK socket"),
    ("socketpair", "create an AF_UNIX socket pair"),
    ("connect", "connect a bad descriptor to 127.0.0.1:9"),
    ("kill-parent", "signal 0 to the parent process"),
    ("ptrace", "ptrace PEEKDATA on the parent"),
    (
        "process-vm-readv",
        "read the parent's memory (invalid flags)",
    ),
    ("io-uring-setup", "set up an io_uring (zero entries)"),
    ("memfd-create", "create an anonymous memory file"),
    ("mmap-exec", "map anonymous executable memory"),
    ("mprotect-exec", "make a writable page executable"),
    ("unshare", "unshare (no namespaces)"),
    ("setns", "join a namespace through a bad descriptor"),
    ("mount", "mount with null arguments"),
    ("bpf", "bpf with an invalid command"),
    ("perf-event-open", "perf_event_open with a null attribute"),
    ("keyctl", "keyctl on an invalid key"),
    ("personality", "query the execution domain"),
    ("prctl", "prctl PR_GET_DUMPABLE"),
    ("seccomp", "seccomp GET_ACTION_AVAIL"),
    ("landlock", "landlock_create_ruleset version query"),
    ("ioctl-tiocsti", "TIOCSTI on stdin with a bad pointer"),
    (
        "open-by-handle-at",
        "open_by_handle_at with a bad mount descriptor",
    ),
    ("userfaultfd", "create a userfaultfd"),
    ("pidfd-open", "pidfd_open on the parent"),
    ("x32-syscall", "getpid through the x32 ABI number"),
    (
        "inherited-fd",
        "read from descriptor 3, had the parent left one open",
    ),
];

/// The parent's pid, read before confinement so the probes that target the parent attempt
/// exactly their own call afterwards (getppid itself is not on the allowlist).
static PARENT: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);

/// Call before confinement.
pub fn prepare() {
    // SAFETY: getppid cannot fail.
    PARENT.store(
        unsafe { libc::getppid() },
        std::sync::atomic::Ordering::Relaxed,
    );
}

fn parent() -> libc::pid_t {
    PARENT.load(std::sync::atomic::Ordering::Relaxed)
}

fn errno() -> i32 {
    std::io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

fn c(s: &CStr) -> *const libc::c_char {
    s.as_ptr()
}

/// Runs one probe; `None` for an unknown name.
pub fn run(name: &str) -> Option<String> {
    let (ret, err) = attempt(name)?;
    Some(format!(
        "{{\"probe\":\"{name}\",\"ret\":{ret},\"errno\":{err}}}\n"
    ))
}

/// Returns the raw result and errno (0 when the call succeeded).
fn attempt(name: &str) -> Option<(i64, i32)> {
    const PASSWD: &CStr = c"/etc/passwd";
    // SAFETY (all blocks below): each call passes valid or deliberately invalid arguments that
    // the kernel validates; none writes through a pointer we do not own.
    let r: i64 = unsafe {
        match name {
            "open-read" => libc::open(c(PASSWD), libc::O_RDONLY | libc::O_CLOEXEC) as i64,
            "open-create" => libc::open(
                c(c"/tmp"),
                libc::O_TMPFILE | libc::O_WRONLY | libc::O_CLOEXEC,
                0o600,
            ) as i64,
            "readdir" => {
                let fd = libc::open(
                    c(c"/"),
                    libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC,
                );
                if fd < 0 {
                    -1
                } else {
                    let mut buf = [0u8; 4096];
                    libc::syscall(libc::SYS_getdents64, fd, buf.as_mut_ptr(), buf.len())
                }
            }
            "stat" => {
                let mut st: libc::stat = std::mem::zeroed();
                libc::stat(c(PASSWD), &mut st) as i64
            }
            "openat2" => {
                let mut how: libc::open_how = std::mem::zeroed();
                how.flags = libc::O_RDONLY as u64;
                libc::syscall(
                    libc::SYS_openat2,
                    libc::AT_FDCWD,
                    c(PASSWD),
                    &how as *const libc::open_how,
                    std::mem::size_of::<libc::open_how>(),
                )
            }
            "unlink" => libc::unlink(c(c"/nonexistent-shellsim-probe")) as i64,
            "chdir" => libc::chdir(c(c"/")) as i64,
            "execve" => {
                // A bad argv pointer: the kernel opens (and permission-checks) the file, then
                // fails with EFAULT copying the arguments, so nothing runs.
                libc::syscall(libc::SYS_execve, c(c"/bin/true"), 1usize, 0usize)
            }
            "fork" => {
                let pid = libc::syscall(libc::SYS_fork);
                if pid == 0 {
                    libc::_exit(0);
                }
                if pid > 0 {
                    let mut st = 0;
                    libc::waitpid(pid as i32, &mut st, 0);
                }
                pid
            }
            "clone" => libc::syscall(
                libc::SYS_clone,
                libc::CLONE_THREAD,
                0usize,
                0usize,
                0usize,
                0usize,
            ),
            "clone3" => libc::syscall(libc::SYS_clone3, 0usize, 0usize),
            "socket-inet" => {
                libc::socket(libc::AF_INET, libc::SOCK_STREAM | libc::SOCK_CLOEXEC, 0) as i64
            }
            "socket-unix" => {
                libc::socket(libc::AF_UNIX, libc::SOCK_STREAM | libc::SOCK_CLOEXEC, 0) as i64
            }
            "socket-netlink" => {
                libc::socket(libc::AF_NETLINK, libc::SOCK_RAW | libc::SOCK_CLOEXEC, 0) as i64
            }
            "socket-vsock" => {
                libc::socket(libc::AF_VSOCK, libc::SOCK_STREAM | libc::SOCK_CLOEXEC, 0) as i64
            }
            "socketpair" => {
                let mut fds = [0i32; 2];
                libc::socketpair(libc::AF_UNIX, libc::SOCK_STREAM, 0, fds.as_mut_ptr()) as i64
            }
            "connect" => {
                let mut addr: libc::sockaddr_in = std::mem::zeroed();
                addr.sin_family = libc::AF_INET as libc::sa_family_t;
                addr.sin_port = 9u16.to_be();
                addr.sin_addr.s_addr = u32::from_be_bytes([127, 0, 0, 1]).to_be();
                libc::connect(
                    -1,
                    &addr as *const libc::sockaddr_in as *const libc::sockaddr,
                    std::mem::size_of::<libc::sockaddr_in>() as u32,
                ) as i64
            }
            "kill-parent" => libc::kill(parent(), 0) as i64,
            "ptrace" => libc::ptrace(libc::PTRACE_PEEKDATA, parent(), 0usize, 0usize),
            "process-vm-readv" => libc::syscall(
                libc::SYS_process_vm_readv,
                parent(),
                0usize,
                0usize,
                0usize,
                0usize,
                1usize,
            ),
            "io-uring-setup" => libc::syscall(libc::SYS_io_uring_setup, 0u32, 0usize),
            "memfd-create" => libc::syscall(
                libc::SYS_memfd_create,
                c(c"shellsim-probe"),
                libc::MFD_CLOEXEC,
            ),
            "mmap-exec" => {
                let p = libc::mmap(
                    std::ptr::null_mut(),
                    4096,
                    libc::PROT_READ | libc::PROT_EXEC,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                );
                if p == libc::MAP_FAILED {
                    -1
                } else {
                    libc::munmap(p, 4096);
                    0
                }
            }
            "mprotect-exec" => {
                let p = libc::mmap(
                    std::ptr::null_mut(),
                    4096,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                );
                if p == libc::MAP_FAILED {
                    -1
                } else {
                    libc::mprotect(p, 4096, libc::PROT_READ | libc::PROT_EXEC) as i64
                }
            }
            "unshare" => libc::unshare(0) as i64,
            "setns" => libc::setns(-1, 0) as i64,
            "mount" => libc::syscall(libc::SYS_mount, 0usize, 0usize, 0usize, 0usize, 0usize),
            "bpf" => libc::syscall(libc::SYS_bpf, 0x7fffi32, 0usize, 0u32),
            "perf-event-open" => {
                libc::syscall(libc::SYS_perf_event_open, 0usize, 0, -1, -1, 0usize)
            }
            "keyctl" => libc::syscall(
                libc::SYS_keyctl,
                0i32, /* KEYCTL_GET_KEYRING_ID */
                0i32,
                0i32,
            ),
            "personality" => libc::personality(0xffff_ffff) as i64,
            "prctl" => libc::prctl(libc::PR_GET_DUMPABLE, 0, 0, 0, 0) as i64,
            "seccomp" => {
                let action: u32 = 0x8000_0000; // SECCOMP_RET_KILL_PROCESS
                libc::syscall(
                    libc::SYS_seccomp,
                    2u32, /* GET_ACTION_AVAIL */
                    0u32,
                    &action as *const u32,
                )
            }
            "landlock" => libc::syscall(libc::SYS_landlock_create_ruleset, 0usize, 0usize, 1u32),
            "ioctl-tiocsti" => libc::ioctl(0, libc::TIOCSTI, 1usize) as i64,
            "open-by-handle-at" => libc::syscall(libc::SYS_open_by_handle_at, -1, 0usize, 0),
            "userfaultfd" => libc::syscall(libc::SYS_userfaultfd, libc::O_CLOEXEC),
            "pidfd-open" => libc::syscall(libc::SYS_pidfd_open, parent(), 0u32),
            "x32-syscall" => {
                #[cfg(target_arch = "x86_64")]
                {
                    libc::syscall(0x4000_0000 | libc::SYS_getpid)
                }
                #[cfg(not(target_arch = "x86_64"))]
                {
                    libc::syscall(libc::SYS_getpid)
                }
            }
            "inherited-fd" => {
                let mut b = [0u8; 1];
                libc::read(3, b.as_mut_ptr().cast(), 0) as i64
            }
            _ => return None,
        }
    };
    Some(if r < 0 { (r, errno()) } else { (r, 0) })
}
