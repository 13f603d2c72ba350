//! The resource model: limits, usage and the meter every layer charges.
//!
//! The meter is shared by all processes of one machine and lives behind `Cell`s so it can be
//! charged from anywhere without borrowing conflicts. A charge that would pass a limit clamps the
//! usage at the limit, records a sticky [`StopReason`] and returns `Err(Exhausted)`; every caller
//! propagates that error up to the scheduler, which ends the run with status 137.
//!
//! Invariant: nothing here knows about files, processes or the shell.

pub mod cost;
pub mod heap;
pub use cost::COST_MODEL_VERSION;

use std::cell::Cell;
use std::fmt;

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
#[derive(Debug)]
pub struct Meter {
    limits: Limits,
    cpu: Cell<u64>,
    mem: Cell<u64>,
    mem_peak: Cell<u64>,
    disk: Cell<u64>,
    disk_peak: Cell<u64>,
    output: Cell<u64>,
    stop: Cell<Option<StopReason>>,
}

impl Clone for Meter {
    fn clone(&self) -> Self {
        Meter {
            limits: self.limits,
            cpu: self.cpu.clone(),
            mem: self.mem.clone(),
            mem_peak: self.mem_peak.clone(),
            disk: self.disk.clone(),
            disk_peak: self.disk_peak.clone(),
            output: self.output.clone(),
            stop: self.stop.clone(),
        }
    }
}

impl Meter {
    pub fn new(limits: Limits) -> Meter {
        Meter {
            limits,
            cpu: Cell::new(0),
            mem: Cell::new(0),
            mem_peak: Cell::new(0),
            disk: Cell::new(0),
            disk_peak: Cell::new(0),
            output: Cell::new(0),
            stop: Cell::new(None),
        }
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The sticky stop reason, once any budget ran out.
    pub fn stopped(&self) -> Option<StopReason> {
        self.stop.get()
    }

    fn fail(&self, reason: StopReason) -> Exhausted {
        if self.stop.get().is_none() {
            self.stop.set(Some(reason));
        }
        Exhausted(self.stop.get().unwrap_or(reason))
    }

    /// Records a stop that did not come from a budget (e.g. the depth limit).
    pub fn stop_with(&self, reason: StopReason) -> Exhausted {
        self.fail(reason)
    }

    /// Charges CPU fuel. Past the limit, usage is clamped at the limit and the run stops.
    #[inline]
    pub fn charge_cpu(&self, units: u64) -> Result<(), Exhausted> {
        if let Some(r) = self.stop.get() {
            return Err(Exhausted(r));
        }
        let next = self.cpu.get().saturating_add(units);
        if next > self.limits.cpu {
            self.cpu.set(self.limits.cpu);
            return Err(self.fail(StopReason::CpuExhausted));
        }
        self.cpu.set(next);
        Ok(())
    }

    pub fn cpu_used(&self) -> u64 {
        self.cpu.get()
    }

    /// Reserves modeled memory before the caller allocates it. Release with [`Meter::release`]
    /// (or hold a [`Reservation`]).
    #[inline]
    pub fn reserve(&self, bytes: u64) -> Result<(), Exhausted> {
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

    /// Returns memory reserved earlier. Saturates at zero.
    #[inline]
    pub fn release(&self, bytes: u64) {
        self.mem.set(self.mem.get().saturating_sub(bytes));
    }

    /// Would reserving `bytes` more fit? Does not reserve.
    pub fn memory_would_fit(&self, bytes: u64) -> bool {
        self.mem.get().saturating_add(bytes) <= self.limits.memory
    }

    /// Charges bytes of materialised output. Returns how many of `bytes` fit under the cap;
    /// when fewer than asked fit, the run stops with `OutputLimitExceeded` after the caller
    /// writes the part that fit.
    pub fn charge_output(&self, bytes: u64) -> (u64, Option<Exhausted>) {
        if let Some(r) = self.stop.get() {
            return (0, Some(Exhausted(r)));
        }
        let used = self.output.get();
        let room = self.limits.output.saturating_sub(used);
        if bytes <= room {
            self.output.set(used + bytes);
            (bytes, None)
        } else {
            self.output.set(self.limits.output);
            (room, Some(self.fail(StopReason::OutputLimitExceeded)))
        }
    }

    /// Mirrors the VFS's disk usage for reporting.
    pub fn set_disk(&self, bytes: u64) {
        self.disk.set(bytes);
        if bytes > self.disk_peak.get() {
            self.disk_peak.set(bytes);
        }
    }

    pub fn usage(&self) -> Usage {
        Usage {
            cpu_used: self.cpu.get(),
            memory_current: self.mem.get(),
            memory_peak: self.mem_peak.get(),
            disk_current: self.disk.get(),
            disk_peak: self.disk_peak.get(),
            output_bytes: self.output.get(),
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
        m.reserve(60).unwrap();
        m.release(60);
        m.reserve(30).unwrap();
        assert_eq!(m.usage().memory_current, 30);
        assert_eq!(m.usage().memory_peak, 60);
        assert_eq!(m.reserve(80), Err(Exhausted(StopReason::MemoryExhausted)));
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
