//! shellsim: a deterministic, resource-metered simulator for bash scripts and Unix tools.
//!
//! Layers, bottom-up (each may use only those before it): [`limits`], [`clock`], [`vfs`],
//! [`process`], [`shell`], [`commands`], [`session`], [`protocol`], then [`host`] and [`cli`]
//! at the edge. See `docs/architecture.md`.

pub mod cli;
pub mod clock;
pub mod commands;
pub mod host;
pub mod judge;
pub mod limits;
pub mod process;
pub mod protocol;
pub mod python;
pub mod session;
pub mod shell;
pub mod vfs;

/// Counts the heap each thread holds (`limits/heap.rs`): jq's values are sized by it.
#[global_allocator]
static ALLOCATOR: limits::heap::CountingAllocator = limits::heap::CountingAllocator;

pub use limits::{Limits, StopReason, Usage};
pub use session::{Environment, RunResult};
