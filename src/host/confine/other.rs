//! Platforms other than Linux, macOS and Windows. Nothing is enforced here; `sandbox-status`
//! says so plainly, and a run refuses to start unless the user accepts that with
//! `--unconfined` (fail closed, as on Linux when seccomp is missing).

use super::{ConfineError, Settings, Status, UNCONFINED_BANNER};
use crate::host::write_stderr;

pub struct Prepared {
    status: Status,
}

pub fn prepare(settings: Settings) -> Result<Prepared, ConfineError> {
    let status = Status {
        platform: format!("{}-{}", std::env::consts::OS, std::env::consts::ARCH),
        seccomp: "unavailable: not Linux".into(),
        landlock: "unavailable: not Linux".into(),
        not_enforced: vec![
            "host filesystem access".into(),
            "process creation".into(),
            "network".into(),
            "signals".into(),
        ],
        ..Status::default()
    };
    if !settings.unconfined {
        return Err(ConfineError(format!(
            "cannot confine process: OS confinement is not implemented on {}; refusing to run. Pass --unconfined to run without OS confinement.",
            std::env::consts::OS
        )));
    }
    write_stderr(UNCONFINED_BANNER.as_bytes());
    Ok(Prepared { status })
}

pub fn finish(prepared: Prepared) -> Result<Status, ConfineError> {
    Ok(prepared.status)
}
