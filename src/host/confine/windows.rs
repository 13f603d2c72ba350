//! Windows has no in-process filesystem lockdown. shellsim applies the honest partial measures
//! and says plainly what they do not cover, once on stderr and in `sandbox-status`:
//! - a job object allowing one active process: the process cannot create children;
//! - the dynamic-code mitigation: no new executable memory.
//!
//! Host files and the network stay reachable to a compromised process on Windows.
//!
//! NOT VERIFIED by this project's CI (Linux only): the code type-checks for
//! `x86_64-pc-windows-gnu`, and the release workflow runs it on a native Windows runner.

use super::{ConfineError, Settings, Status, UNCONFINED_BANNER};
use crate::host::write_stderr;
use windows_sys::Win32::System::JobObjects::{
    AssignProcessToJobObject, CreateJobObjectW, JobObjectExtendedLimitInformation,
    SetInformationJobObject, JOBOBJECT_EXTENDED_LIMIT_INFORMATION, JOB_OBJECT_LIMIT_ACTIVE_PROCESS,
};
use windows_sys::Win32::System::SystemServices::PROCESS_MITIGATION_DYNAMIC_CODE_POLICY;
use windows_sys::Win32::System::Threading::{
    GetCurrentProcess, ProcessDynamicCodePolicy, SetProcessMitigationPolicy,
};

pub struct Prepared {
    status: Status,
}

const NOT_ENFORCED: &[&str] = &["host file reads and writes", "network access"];

pub fn prepare(settings: Settings) -> Result<Prepared, ConfineError> {
    let mut status = Status {
        platform: format!("windows-{}", std::env::consts::ARCH),
        seccomp: "unavailable: not Linux".into(),
        landlock: "unavailable: not Linux".into(),
        ..Status::default()
    };
    if settings.unconfined {
        write_stderr(UNCONFINED_BANNER.as_bytes());
        status.not_enforced = vec!["everything: --unconfined".into()];
        return Ok(Prepared { status });
    }
    if settings.require_landlock {
        return Err(ConfineError(
            "cannot confine process: --require-landlock: Landlock does not exist on Windows".into(),
        ));
    }
    let os_error = |what: &str| {
        ConfineError(format!(
            "cannot confine process: {what}: {}",
            std::io::Error::last_os_error()
        ))
    };
    // SAFETY: plain Win32 calls with valid, zero-initialised structures of the sizes passed.
    unsafe {
        let job = CreateJobObjectW(std::ptr::null(), std::ptr::null());
        if job.is_null() {
            return Err(os_error("CreateJobObjectW"));
        }
        let mut limits: JOBOBJECT_EXTENDED_LIMIT_INFORMATION = std::mem::zeroed();
        limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_ACTIVE_PROCESS;
        limits.BasicLimitInformation.ActiveProcessLimit = 1;
        let ok = SetInformationJobObject(
            job,
            JobObjectExtendedLimitInformation,
            &limits as *const _ as *const core::ffi::c_void,
            std::mem::size_of::<JOBOBJECT_EXTENDED_LIMIT_INFORMATION>() as u32,
        );
        if ok == 0 {
            return Err(os_error("SetInformationJobObject"));
        }
        if AssignProcessToJobObject(job, GetCurrentProcess()) == 0 {
            return Err(os_error("AssignProcessToJobObject"));
        }
        let mut policy: PROCESS_MITIGATION_DYNAMIC_CODE_POLICY = std::mem::zeroed();
        policy.Anonymous.Flags = 1; // ProhibitDynamicCode
        let ok = SetProcessMitigationPolicy(
            ProcessDynamicCodePolicy,
            &policy as *const _ as *const core::ffi::c_void,
            std::mem::size_of::<PROCESS_MITIGATION_DYNAMIC_CODE_POLICY>(),
        );
        if ok == 0 {
            return Err(os_error("SetProcessMitigationPolicy(dynamic code)"));
        }
    }
    status.not_enforced = NOT_ENFORCED.iter().map(|s| s.to_string()).collect();
    write_stderr(
        b"shellsim: note: Windows confinement is partial (no child processes, no dynamic code); host files and the network are not blocked\n",
    );
    Ok(Prepared { status })
}

pub fn finish(prepared: Prepared) -> Result<Status, ConfineError> {
    Ok(prepared.status)
}
