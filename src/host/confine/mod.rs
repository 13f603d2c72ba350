//! Operating-system confinement: the second wall around the simulator.
//!
//! The simulator never needs the host after its trusted start-up reads (script, stdin, the
//! `--root` import), so the process takes away its own ability to reach it. The order matters
//! and is fixed here:
//!
//! 1. [`prepare`], on the main thread while it is the only thread: refuse to continue if other
//!    threads exist, close every descriptor above 2, no core dumps, not dumpable, install the
//!    SIGSYS reporter, restrict the process with Landlock (every filesystem right, TCP
//!    bind/connect, signal and abstract-socket scopes, no rules), compile the seccomp policy.
//! 2. The simulator thread is started (it inherits the Landlock domain).
//! 3. [`finish`], first thing on the simulator thread: install the two seccomp filters on every
//!    thread (TSYNC). Only then does simulated work begin.
//!
//! Failure is closed: if seccomp cannot be installed the run stops with exit status
//! [`EXIT_CONFINEMENT`] unless the user passed `--unconfined`. A kernel without Landlock gets
//! one note on stderr (or exit 3 under `--require-landlock`); seccomp still holds.
//! See docs/confinement.md for the threat model and the tests behind each claim.

#[cfg(target_os = "linux")]
mod linux;
#[cfg(target_os = "macos")]
mod macos;
#[cfg(not(any(target_os = "linux", target_os = "macos", windows)))]
mod other;
#[cfg(target_os = "linux")]
pub mod policy;
#[cfg(windows)]
mod windows;
// Used by build.rs (through `include!`); compiled into the crate only for its unit tests.
#[cfg(target_os = "linux")]
pub mod probes;
#[cfg(all(test, target_os = "linux"))]
mod tree;

#[cfg(target_os = "linux")]
pub use linux::{finish, prepare, Prepared};
#[cfg(target_os = "macos")]
pub use macos::{finish, prepare, Prepared};
#[cfg(not(any(target_os = "linux", target_os = "macos", windows)))]
pub use other::{finish, prepare, Prepared};
#[cfg(windows)]
pub use windows::{finish, prepare, Prepared};

/// Exit status when the process cannot be confined as asked.
pub const EXIT_CONFINEMENT: i32 = 3;

/// Which layers a run asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// Run with no OS confinement at all (loud banner on stderr).
    pub unconfined: bool,
    /// Refuse to run when Landlock is not enforced.
    pub require_landlock: bool,
    /// Testing only (`--selftest-layer`): install just one layer, to prove each one holds on
    /// its own. Never set by a normal run.
    pub only: Option<Layer>,
    /// What the confined process still needs from the host.
    pub profile: Profile,
    /// Descriptors after stderr (3, 4, ...) opened by the trusted start-up that survive into
    /// the confined run (the `replay --transcript` handshake); every other one is closed.
    pub keep_fds: u32,
}

/// What the confined process still needs from the host after start-up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Profile {
    /// Nothing: the simulator (files in memory, commands interpreted).
    #[default]
    Simulator,
    /// Metadata and directory listings, never a file's contents: the read judge's host view.
    /// Landlock grants read-dir on every directory and nothing else; seccomp allows the
    /// metadata calls and opens of directories only.
    JudgeHost,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layer {
    Landlock,
    Seccomp,
}

/// What confinement is in force, for `shellsim sandbox-status` and for the notes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Status {
    pub platform: String,
    /// `enforced`, `disabled (--unconfined)`, `skipped (--selftest-layer)` or `unavailable: …`.
    pub seccomp: String,
    /// Instruction counts of the installed filters, by name.
    pub seccomp_filters: Vec<(String, usize)>,
    /// The kernel's Landlock ABI as the crate sees it (0 = no Landlock).
    pub landlock_abi: u32,
    /// `fully_enforced`, `partially_enforced`, `not_enforced` or `disabled (…)`.
    pub landlock: String,
    /// What is not enforced on this platform, in plain words.
    pub not_enforced: Vec<String>,
}

impl Status {
    pub fn to_json(&self) -> serde_json::Value {
        let filters: serde_json::Map<String, serde_json::Value> = self
            .seccomp_filters
            .iter()
            .map(|(k, v)| (k.clone(), serde_json::Value::from(*v)))
            .collect();
        serde_json::json!({
            "platform": self.platform,
            "seccomp": { "state": self.seccomp, "filters": filters },
            "landlock": { "abi": self.landlock_abi, "ruleset": self.landlock },
            "not_enforced": self.not_enforced,
        })
    }
}

/// Why confinement could not be put in place; the run must stop with [`EXIT_CONFINEMENT`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfineError(pub String);

impl std::fmt::Display for ConfineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The banner `--unconfined` prints, every time.
pub const UNCONFINED_BANNER: &str = "shellsim: WARNING: running WITHOUT operating-system confinement (--unconfined): a bug in the simulator could reach this host\n";
