//! The resource model: limits, usage and the meter every layer charges.
//!
//! The meter is shared by all processes of one machine and lives behind `Cell`s so it can be
//! charged from anywhere without borrowing conflicts. A charge that would pass a limit clamps the
//! usage at the limit, records a sticky [`StopReason`] and returns `Err(Exhausted)`; every caller
//! propagates that error up to the scheduler, which ends the run with status 137.
//!
//! Modeled memory is held only by guards ([`Reservation`], and [`ReservedBuf`] for a byte
//! buffer): they reserve before the caller allocates and release when dropped, so every exit
//! path (an early `?`, a dropped task) gives the memory back. The meter has no bare release.
//!
//! Invariant: nothing here knows about files, processes or the shell; memory is released only
//! by dropping or shrinking a guard.

pub mod cost;
pub mod heap;
pub use cost::COST_MODEL_VERSION;

use std::cell::Cell;
use std::fmt;
use std::rc::Rc;

mod reservation;
pub use reservation::{Reservation, ReservedBuf};

/// The four budgets of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU fuel, in abstract units (see `cost.rs`).
    pub cpu: u64,
    /// Modeled concurrent working set, bytes.
    pub memory: u64,
    /// Logical filesystem size, bytes (content + per-node overhead).
    pub disk: u64,
    /// Bytes of stdout + stderr the run may produce.
    pub output: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            cpu: 10_000_000,
            memory: 64 << 20,
            disk: 64 << 20,
            output: 4 << 20,
        }
    }
}

/// Parses a limit such as `100k`, `8m`, `1g` or `12345` (binary suffixes, case-insensitive).
pub fn parse_limit(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (digits, mult) = match t.chars().last().map(|c| c.to_ascii_lowercase()) {
        Some('k') => (&t[..t.len() - 1], 1u64 << 10),
        Some('m') => (&t[..t.len() - 1], 1u64 << 20),
        Some('g') => (&t[..t.len() - 1], 1u64 << 30),
        _ => (t, 1),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "invalid limit `{text}`: expected a number with an optional k, m or g suffix"
        ));
    }
    let n: u64 = digits
        .parse()
        .map_err(|_| format!("invalid limit `{text}`: number too large"))?;
    n.checked_mul(mult)
        .ok_or_else(|| format!("invalid limit `{text}`: number too large"))
}

/// Why a run stopped early. Exhaustion is terminal for the run (and the session).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    CpuExhausted,
    MemoryExhausted,
    OutputLimitExceeded,
    /// Nesting (function calls, `eval`, `source`, substitutions) passed the depth limit.
    DepthExceeded,
}

impl StopReason {
    pub fn as_str(self) -> &'static str {
        match self {
            StopReason::CpuExhausted => "cpu_exhausted",
            StopReason::MemoryExhausted => "memory_exhausted",
            StopReason::OutputLimitExceeded => "output_limit_exceeded",
            StopReason::DepthExceeded => "depth_exceeded",
        }
    }
    pub fn describe(self) -> &'static str {
        match self {
            StopReason::CpuExhausted => "CPU limit exhausted",
            StopReason::MemoryExhausted => "memory limit exhausted",
            StopReason::OutputLimitExceeded => "output limit exceeded",
            StopReason::DepthExceeded => "nesting depth limit exceeded",
        }
    }
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// The error every charge returns when a budget is gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exhausted(pub StopReason);

/// A snapshot of what has been used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    pub cpu_used: u64,
    pub memory_current: u64,
    pub memory_peak: u64,
    pub disk_current: u64,
    pub disk_peak: u64,
    pub output_bytes: u64,
}

/// The shared meter. Disk usage is owned by the VFS (which enforces the quota transactionally)
/// and mirrored here for reporting.
///
/// The counters live behind an `Rc` so a [`Reservation`] can hold the memory account without
/// borrowing the meter (it is stored in structs and carried across `.await`s). `Clone` is a
/// deep copy, not another handle: see [`Meter::clone`].
#[derive(Debug)]
pub struct Meter {
    state: Rc<State>,
}

/// Everything a meter counts. One per machine; reservations share it.
#[derive(Debug)]
struct State {
    limits: Limits,
    cpu: Cell<u64>,
    mem: Cell<u64>,
    mem_peak: Cell<u64>,
    disk: Cell<u64>,
    disk_peak: Cell<u64>,
    output: Cell<u64>,
    stop: Cell<Option<StopReason>>,
}

impl State {
    fn fail(&self, reason: StopReason) -> Exhausted {
        if self.stop.get().is_none() {
            self.stop.set(Some(reason));
        }
        Exhausted(self.stop.get().unwrap_or(reason))
    }

    /// Adds `bytes` to the memory in use, or fails (sticky) when they do not fit.
    #[inline]
    fn reserve(&self, bytes: u64) -> Result<(), Exhausted> {
        if let Some(r) = self.stop.get() {
            return Err(Exhausted(r));
        }
        let next = self.mem.get().saturating_add(bytes);
        if next > self.limits.memory {
            return Err(self.fail(StopReason::MemoryExhausted));
        }
        self.mem.set(next);
        if next > self.mem_peak.get() {
            self.mem_peak.set(next);
        }
        Ok(())
    }

    /// Returns memory reserved earlier. Only a [`Reservation`] calls this, for bytes it holds.
    #[inline]
    fn release(&self, bytes: u64) {
        self.mem.set(self.mem.get().saturating_sub(bytes));
    }
}

impl Clone for Meter {
    /// An independent deep copy (a session snapshot or fork): same limits, same counts, no
    /// shared state. The copy's `memory_current` includes the bytes of every reservation alive
    /// in the source, and those reservations keep releasing into the source only. So whoever
    /// carries held memory across a copy must re-bind it in the copy: the snapshot of a
    /// quiescent session does that for the idle shell's variables (the only memory held while
    /// nothing runs) with [`Meter::adopt`].
    fn clone(&self) -> Self {
        let s = &*self.state;
        Meter {
            state: Rc::new(State {
                limits: s.limits,
                cpu: s.cpu.clone(),
                mem: s.mem.clone(),
                mem_peak: s.mem_peak.clone(),
                disk: s.disk.clone(),
                disk_peak: s.disk_peak.clone(),
                output: s.output.clone(),
                stop: s.stop.clone(),
            }),
        }
    }
}

impl Meter {
    pub fn new(limits: Limits) -> Meter {
        Meter {
            state: Rc::new(State {
                limits,
                cpu: Cell::new(0),
                mem: Cell::new(0),
                mem_peak: Cell::new(0),
                disk: Cell::new(0),
                disk_peak: Cell::new(0),
                output: Cell::new(0),
                stop: Cell::new(None),
            }),
        }
    }

    pub fn limits(&self) -> Limits {
        self.state.limits
    }

    /// The sticky stop reason, once any budget ran out.
    pub fn stopped(&self) -> Option<StopReason> {
        self.state.stop.get()
    }

    /// Records a stop that did not come from a budget (e.g. the depth limit).
    pub fn stop_with(&self, reason: StopReason) -> Exhausted {
        self.state.fail(reason)
    }

    /// Charges CPU fuel. Past the limit, usage is clamped at the limit and the run stops.
    #[inline]
    pub fn charge_cpu(&self, units: u64) -> Result<(), Exhausted> {
        let s = &*self.state;
        if let Some(r) = s.stop.get() {
            return Err(Exhausted(r));
        }
        let next = s.cpu.get().saturating_add(units);
        if next > s.limits.cpu {
            s.cpu.set(s.limits.cpu);
            return Err(s.fail(StopReason::CpuExhausted));
        }
        s.cpu.set(next);
        Ok(())
    }

    pub fn cpu_used(&self) -> u64 {
        self.state.cpu.get()
    }

    /// Reserves `bytes` of modeled memory before the caller allocates them, as a guard that
    /// gives them back when it is dropped. Fails (sticky, `MemoryExhausted`) when they do not
    /// fit, and with the stop reason once the run has stopped.
    pub fn reservation(&self, bytes: u64) -> Result<Reservation, Exhausted> {
        self.state.reserve(bytes)?;
        Ok(Reservation {
            account: self.state.clone(),
            bytes,
        })
    }

    /// A guard holding nothing yet, to [`Reservation::grow`] later. Never fails.
    pub fn empty_reservation(&self) -> Reservation {
        Reservation {
            account: self.state.clone(),
            bytes: 0,
        }
    }

    /// Takes over `bytes` this account already counts, without checking the limit: for a
    /// holder restored from a snapshot (see [`Meter::clone`]), whose bytes the copied counts
    /// include but no guard of this account holds yet. Anything else reserves.
    pub(crate) fn adopt(&self, bytes: u64) -> Reservation {
        Reservation {
            account: self.state.clone(),
            bytes,
        }
    }

    /// Would reserving `bytes` more fit? Does not reserve.
    pub fn memory_would_fit(&self, bytes: u64) -> bool {
        self.state.mem.get().saturating_add(bytes) <= self.state.limits.memory
    }

    /// Charges bytes of materialised output. Returns how many of `bytes` fit under the cap;
    /// when fewer than asked fit, the run stops with `OutputLimitExceeded` after the caller
    /// writes the part that fit.
    pub fn charge_output(&self, bytes: u64) -> (u64, Option<Exhausted>) {
        let s = &*self.state;
        if let Some(r) = s.stop.get() {
            return (0, Some(Exhausted(r)));
        }
        let used = s.output.get();
        let room = s.limits.output.saturating_sub(used);
        if bytes <= room {
            s.output.set(used + bytes);
            (bytes, None)
        } else {
            s.output.set(s.limits.output);
            (room, Some(s.fail(StopReason::OutputLimitExceeded)))
        }
    }

    /// Mirrors the VFS's disk usage for reporting.
    pub fn set_disk(&self, bytes: u64) {
        let s = &*self.state;
        s.disk.set(bytes);
        if bytes > s.disk_peak.get() {
            s.disk_peak.set(bytes);
        }
    }

    pub fn usage(&self) -> Usage {
        let s = &*self.state;
        Usage {
            cpu_used: s.cpu.get(),
            memory_current: s.mem.get(),
            memory_peak: s.mem_peak.get(),
            disk_current: s.disk.get(),
            disk_peak: s.disk_peak.get(),
            output_bytes: s.output.get(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limit_suffixes_are_binary() {
        assert_eq!(parse_limit("100k"), Ok(102_400));
        assert_eq!(parse_limit("8M"), Ok(8 << 20));
        assert_eq!(parse_limit("1g"), Ok(1 << 30));
        assert_eq!(parse_limit("42"), Ok(42));
        assert!(parse_limit("").is_err());
        assert!(parse_limit("k").is_err());
        assert!(parse_limit("-1").is_err());
        assert!(parse_limit("99999999999999999999g").is_err());
    }

    #[test]
    fn cpu_clamps_at_limit_and_is_sticky() {
        let m = Meter::new(Limits {
            cpu: 10,
            ..Limits::default()
        });
        assert!(m.charge_cpu(7).is_ok());
        assert_eq!(m.charge_cpu(5), Err(Exhausted(StopReason::CpuExhausted)));
        assert_eq!(m.cpu_used(), 10);
        assert_eq!(m.charge_cpu(0), Err(Exhausted(StopReason::CpuExhausted)));
    }

    #[test]
    fn memory_peak_survives_release() {
        let m = Meter::new(Limits {
            memory: 100,
            ..Limits::default()
        });
        drop(m.reservation(60).unwrap());
        let _held = m.reservation(30).unwrap();
        assert_eq!(m.usage().memory_current, 30);
        assert_eq!(m.usage().memory_peak, 60);
        assert_eq!(
            m.reservation(80).err(),
            Some(Exhausted(StopReason::MemoryExhausted))
        );
    }

    #[test]
    fn output_is_cut_at_the_cap() {
        let m = Meter::new(Limits {
            output: 5,
            ..Limits::default()
        });
        assert_eq!(m.charge_output(3), (3, None));
        let (fit, err) = m.charge_output(4);
        assert_eq!(fit, 2);
        assert_eq!(err, Some(Exhausted(StopReason::OutputLimitExceeded)));
        assert_eq!(m.usage().output_bytes, 5);
    }
}
