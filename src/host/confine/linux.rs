//! Confinement on Linux: Landlock (filesystem, TCP, signals, abstract sockets) and two seccomp
//! filters. See the module above for the order; see seccomp/README.md for how the allowlist
//! was traced.

use super::policy;
use super::{ConfineError, Layer, Profile, Settings, Status, UNCONFINED_BANNER};
use crate::host::write_stderr;
use landlock::{
    Access, AccessFs, AccessNet, LandlockStatus, PathBeneath, PathFd, Ruleset, RulesetAttr,
    RulesetCreatedAttr, RulesetStatus, Scope, ABI,
};

/// What [`prepare`] did, carried to the simulator thread for [`finish`].
pub struct Prepared {
    settings: Settings,
    status: Status,
    filter: Option<seccompiler::BpfProgram>,
}

/// The Landlock ABI the ruleset is written against. Pinned, as the crate advises: a newer
/// kernel does not silently widen what is handled, an older one enforces what it can.
const TARGET_ABI: ABI = ABI::V6;

/// Step 1, on the main thread while it is the only thread.
pub fn prepare(settings: Settings) -> Result<Prepared, ConfineError> {
    let mut status = Status {
        platform: format!("linux-{}", std::env::consts::ARCH),
        ..Status::default()
    };
    if settings.unconfined {
        write_stderr(UNCONFINED_BANNER.as_bytes());
        status.seccomp = "disabled (--unconfined)".into();
        status.landlock = "disabled (--unconfined)".into();
        status.not_enforced = vec!["everything: --unconfined".into()];
        return Ok(Prepared {
            settings,
            status,
            filter: None,
        });
    }
    // Without /proc (a bare chroot) the count cannot be read; the only threads started
    // before this point are the import's readers, all joined by now, so only a count that is
    // known to be wrong stops the run.
    if let Some(threads) = settled_thread_count().filter(|&n| n != 1) {
        return Err(ConfineError(format!(
            "cannot confine process: expected one thread before confinement, found {threads}"
        )));
    }
    // Load the policy first: a target without one must stop us before anything changes.
    let filter = if settings.only == Some(Layer::Landlock) {
        status.seccomp = "skipped (--selftest-layer landlock)".into();
        None
    } else {
        let fail = |e| ConfineError(format!("cannot confine process: {e}"));
        let parts = policy::compiled().map_err(fail)?;
        let merged = match settings.profile {
            Profile::Simulator => policy::installed(),
            Profile::JudgeHost => policy::installed_judge(),
        }
        .map_err(fail)?;
        status.seccomp_filters = vec![
            ("soft".into(), parts.soft.len()),
            ("main".into(), parts.main.len()),
            ("installed".into(), merged.len()),
        ];
        Some(merged)
    };
    install_sigsys_reporter()?;
    harden_process()?;
    close_inherited_descriptors(settings.keep_fds)?;
    if settings.only == Some(Layer::Seccomp) {
        status.landlock = "skipped (--selftest-layer seccomp)".into();
    } else {
        landlock(&settings, &mut status)?;
    }
    Ok(Prepared {
        settings,
        status,
        filter,
    })
}

/// Step 3, first thing on the simulator thread: seccomp on every thread of the process.
pub fn finish(prepared: Prepared) -> Result<Status, ConfineError> {
    let Prepared {
        settings,
        mut status,
        filter,
    } = prepared;
    let Some(filter) = filter else {
        return Ok(status);
    };
    match seccompiler::apply_filter_all_threads(&filter) {
        Ok(()) => {
            status.seccomp = "enforced".into();
            Ok(status)
        }
        Err(e) => {
            debug_assert!(!settings.unconfined);
            Err(ConfineError(format!(
                "cannot confine process: seccomp unavailable ({e}); refusing to run. Pass --unconfined to run without OS confinement."
            )))
        }
    }
}

fn landlock(settings: &Settings, status: &mut Status) -> Result<(), ConfineError> {
    let fail =
        |e: landlock::RulesetError| ConfineError(format!("cannot confine process: Landlock: {e}"));
    let created = Ruleset::default()
        .handle_access(AccessFs::from_all(TARGET_ABI))
        .and_then(|r| r.handle_access(AccessNet::from_all(TARGET_ABI)))
        .and_then(|r| r.scope(Scope::from_all(TARGET_ABI)))
        .and_then(|r| r.create())
        .map_err(fail)?;
    let created = match settings.profile {
        Profile::Simulator => created,
        // The judge lists directories anywhere (and stats through them), and reads nothing.
        Profile::JudgeHost => {
            let root = PathFd::new("/").map_err(|e| {
                ConfineError(format!("cannot confine process: Landlock: opening /: {e}"))
            })?;
            created
                .add_rule(PathBeneath::new(root, AccessFs::ReadDir))
                .map_err(fail)?
        }
    };
    let restricted = created.restrict_self().map_err(fail)?;
    status.landlock_abi = match restricted.landlock {
        LandlockStatus::Available { effective_abi, .. } => {
            effective_abi.to_string().parse().unwrap_or(0)
        }
        _ => 0,
    };
    status.landlock = match restricted.ruleset {
        RulesetStatus::FullyEnforced => "fully_enforced",
        RulesetStatus::PartiallyEnforced => "partially_enforced",
        RulesetStatus::NotEnforced => "not_enforced",
    }
    .into();
    if restricted.ruleset == RulesetStatus::NotEnforced {
        let why = match restricted.landlock {
            LandlockStatus::NotEnabled => "not enabled in this kernel",
            LandlockStatus::NotImplemented => "not implemented by this kernel",
            LandlockStatus::Available { .. } => "refused by the kernel",
        };
        status.not_enforced.push(format!(
            "Landlock ({why}): filesystem, TCP and signal scoping rely on seccomp alone"
        ));
        if settings.require_landlock {
            return Err(ConfineError(format!(
                "cannot confine process: Landlock unavailable ({why}) and --require-landlock was given"
            )));
        }
        write_stderr(
            format!("shellsim: note: Landlock unavailable ({why}); seccomp confinement active\n")
                .as_bytes(),
        );
    } else if restricted.ruleset == RulesetStatus::PartiallyEnforced {
        status.not_enforced.push(format!(
            "Landlock rights newer than ABI {} (this kernel's)",
            status.landlock_abi
        ));
    }
    Ok(())
}

/// The `Threads:` line of /proc/self/status.
/// The thread count once threads that have already been joined are gone. A joined thread
/// has finished running but the kernel removes it from the count a moment later, so a count
/// above one is read again for a short while; a thread that is still alive keeps it above
/// one and the caller fails closed.
fn settled_thread_count() -> Option<u32> {
    const TRIES: u32 = 2000;
    let mut count = thread_count();
    for _ in 0..TRIES {
        if count.is_none_or(|n| n == 1) {
            break;
        }
        std::thread::yield_now();
        count = thread_count();
    }
    count
}

fn thread_count() -> Option<u32> {
    use std::io::Read;
    // One read of a buffer large enough for the whole file (procfs files are generated per read).
    let mut buf = vec![0u8; 16 * 1024];
    let n = std::fs::File::open("/proc/self/status")
        .ok()?
        .read(&mut buf)
        .ok()?;
    let text = std::str::from_utf8(&buf[..n]).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .and_then(|v| v.trim().parse().ok())
}

fn os_error(what: &str) -> ConfineError {
    ConfineError(format!(
        "cannot confine process: {what}: {}",
        std::io::Error::last_os_error()
    ))
}

/// No core dumps of project data; not dumpable, so no same-user process can ptrace us or read
/// our memory through /proc.
fn harden_process() -> Result<(), ConfineError> {
    let zero = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: plain syscalls with valid arguments.
    unsafe {
        if libc::setrlimit(libc::RLIMIT_CORE, &zero) != 0 {
            return Err(os_error("setrlimit(RLIMIT_CORE)"));
        }
        if libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0) != 0 {
            return Err(os_error("prctl(PR_SET_DUMPABLE)"));
        }
    }
    Ok(())
}

/// Closes every descriptor above stderr: Landlock does not govern descriptors opened before
/// it, so none may survive into the confined run.
fn close_inherited_descriptors(keep: u32) -> Result<(), ConfineError> {
    let first = 3 + keep;
    // SAFETY: close_range on a range of our own descriptors.
    let rc = unsafe { libc::syscall(libc::SYS_close_range, first, u32::MAX, 0u32) };
    if rc == 0 {
        return Ok(());
    }
    // Kernels before 5.9: close what /proc/self/fd lists.
    let fds: Vec<i32> = std::fs::read_dir("/proc/self/fd")
        .map_err(|e| ConfineError(format!("cannot confine process: listing descriptors: {e}")))?
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .filter(|&fd| fd >= first as i32)
        .collect();
    for fd in fds {
        // SAFETY: closing a descriptor number; the directory handle's own fd fails harmlessly.
        unsafe { libc::close(fd) };
    }
    Ok(())
}

/// A SIGSYS handler for the `main` filter's trap: one line on stderr naming the call, then exit
/// status 159 (128 + SIGSYS), like a kill but explained. Async-signal-safe: a stack buffer,
/// `write` and `_exit` only.
extern "C" fn report_blocked_syscall(
    _sig: libc::c_int,
    info: *mut libc::siginfo_t,
    _ctx: *mut libc::c_void,
) {
    // The SIGSYS siginfo layout on 64-bit Linux: three ints, padding to 16, then
    // `{ void *call_addr; int syscall; unsigned arch; }`.
    // SAFETY: the kernel passes a valid siginfo for SA_SIGINFO handlers.
    let nr = unsafe { *(info as *const u8).add(24).cast::<i32>() };
    let mut buf = [0u8; 128];
    let prefix = b"shellsim: confinement blocked system call ";
    let mut n = prefix.len();
    buf[..n].copy_from_slice(prefix);
    let mut digits = [0u8; 12];
    let mut d = 0;
    let mut v = nr as u32;
    loop {
        digits[d] = b'0' + (v % 10) as u8;
        d += 1;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    while d > 0 {
        d -= 1;
        buf[n] = digits[d];
        n += 1;
    }
    buf[n] = b'\n';
    n += 1;
    // SAFETY: write and _exit are async-signal-safe; the buffer is valid.
    unsafe {
        libc::write(2, buf.as_ptr().cast(), n);
        libc::_exit(159);
    }
}

fn install_sigsys_reporter() -> Result<(), ConfineError> {
    // SAFETY: a zeroed sigaction is valid; the handler has the SA_SIGINFO signature.
    unsafe {
        let mut act: libc::sigaction = std::mem::zeroed();
        act.sa_sigaction = report_blocked_syscall as *const () as usize;
        act.sa_flags = libc::SA_SIGINFO;
        libc::sigemptyset(&mut act.sa_mask);
        if libc::sigaction(libc::SIGSYS, &act, std::ptr::null_mut()) != 0 {
            return Err(os_error("sigaction(SIGSYS)"));
        }
    }
    Ok(())
}
