//! Confinement on macOS: Seatbelt, through `sandbox_init` with a deny-by-default profile,
//! applied to the whole process at the same point as Landlock on Linux.
//!
//! NOT VERIFIED by this project's CI (which runs on Linux only): the code type-checks for
//! `x86_64-apple-darwin`, and the release workflow runs it on a native macOS runner. The
//! profile allows only writing to descriptors that are already open (the standard streams are
//! character devices, pipes or files opened by the parent; `file-write-data` on an open
//! descriptor is checked against its vnode) and nothing else: no file opens, no process
//! creation, no network, no IPC lookups.

use super::{ConfineError, Settings, Status, UNCONFINED_BANNER};
use crate::host::write_stderr;
use std::ffi::{c_char, c_int, CStr};

extern "C" {
    fn sandbox_init(profile: *const c_char, flags: u64, errorbuf: *mut *mut c_char) -> c_int;
    fn sandbox_free_error(errorbuf: *mut c_char);
}

/// Deny everything; allow writes to the character devices and pipes the standard streams may
/// be (already open before the profile applies), and reading the system's own sysctl values
/// the allocator asks for.
const PROFILE: &CStr = c"(version 1)
(deny default)
(allow file-write-data (vnode-type CHARACTER-DEVICE FIFO REGULAR-FILE))
(allow file-read-data (vnode-type CHARACTER-DEVICE FIFO))
(allow sysctl-read)
";

pub struct Prepared {
    status: Status,
}

pub fn prepare(settings: Settings) -> Result<Prepared, ConfineError> {
    let mut status = Status {
        platform: format!("macos-{}", std::env::consts::ARCH),
        seccomp: "unavailable: not Linux".into(),
        landlock: "unavailable: not Linux".into(),
        ..Status::default()
    };
    if settings.unconfined {
        write_stderr(UNCONFINED_BANNER.as_bytes());
        status.not_enforced = vec!["everything: --unconfined".into()];
        return Ok(Prepared { status });
    }
    let mut err: *mut c_char = std::ptr::null_mut();
    // SAFETY: a NUL-terminated profile; `err` receives a C string we free below.
    let rc = unsafe { sandbox_init(PROFILE.as_ptr(), 0, &mut err) };
    if rc != 0 {
        let msg = if err.is_null() {
            "unknown error".to_string()
        } else {
            // SAFETY: sandbox_init set `err` to a valid C string.
            let m = unsafe { CStr::from_ptr(err) }
                .to_string_lossy()
                .into_owned();
            // SAFETY: freed once, as the API requires.
            unsafe { sandbox_free_error(err) };
            m
        };
        return Err(ConfineError(format!(
            "cannot confine process: sandbox_init failed ({msg}); refusing to run. Pass --unconfined to run without OS confinement."
        )));
    }
    status.seccomp =
        "unavailable: not Linux (Seatbelt deny-default profile enforced instead)".into();
    status.landlock =
        "unavailable: not Linux (Seatbelt deny-default profile enforced instead)".into();
    status.not_enforced =
        vec!["writes to descriptors open before confinement (the standard streams)".into()];
    Ok(Prepared { status })
}

pub fn finish(prepared: Prepared) -> Result<Status, ConfineError> {
    Ok(prepared.status)
}
