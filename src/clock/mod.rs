//! Virtual time. Nothing in the simulator reads the host clock: `sleep`, `date`, `$SECONDS`,
//! file timestamps and timeouts all read this clock, and time only moves when the scheduler
//! finds nothing runnable and jumps to the next deadline. A `sleep 1000` therefore costs no host
//! time, and the same script always sees the same times.
//!
//! Invariant: the clock knows nothing about processes; timers carry an opaque `u64` owner.

pub mod calendar;

use std::collections::BTreeMap;

/// 2025-01-01T00:00:00Z in nanoseconds since the Unix epoch: the wall clock at machine boot.
pub const WALL_EPOCH_NS: u64 = 1_735_689_600 * 1_000_000_000;

/// The deterministic clocks and the timeline of pending deadlines.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    monotonic_ns: u64,
    /// Pending timers ordered by (deadline, insertion sequence): equal deadlines fire in the
    /// order they were set.
    timers: BTreeMap<(u64, u64), u64>,
    next_seq: u64,
}

/// A handle to cancel a timer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimerId(u64, u64);

impl Clock {
    pub fn new() -> Clock {
        Clock::default()
    }

    /// Nanoseconds since the machine booted.
    pub fn monotonic_ns(&self) -> u64 {
        self.monotonic_ns
    }

    /// Nanoseconds since the Unix epoch.
    pub fn wall_ns(&self) -> u64 {
        WALL_EPOCH_NS + self.monotonic_ns
    }

    /// Whole seconds since the Unix epoch.
    pub fn wall_secs(&self) -> i64 {
        (self.wall_ns() / 1_000_000_000) as i64
    }

    /// Sets a timer for `owner` at `deadline_ns` (monotonic).
    pub fn add_timer(&mut self, deadline_ns: u64, owner: u64) -> TimerId {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.timers.insert((deadline_ns, seq), owner);
        TimerId(deadline_ns, seq)
    }

    pub fn cancel(&mut self, id: TimerId) {
        self.timers.remove(&(id.0, id.1));
    }

    /// Drops every timer of `owner` (a process that exited).
    pub fn cancel_owner(&mut self, owner: u64) {
        self.timers.retain(|_, o| *o != owner);
    }

    pub fn has_timer(&self, id: TimerId) -> bool {
        self.timers.contains_key(&(id.0, id.1))
    }

    pub fn next_deadline(&self) -> Option<u64> {
        self.timers.keys().next().map(|k| k.0)
    }

    /// The earliest deadline among timers whose owner passes `keep`.
    pub fn next_deadline_where(&self, keep: impl Fn(u64) -> bool) -> Option<u64> {
        self.timers
            .iter()
            .find(|(_, &owner)| keep(owner))
            .map(|(k, _)| k.0)
    }

    pub fn pending_timers(&self) -> usize {
        self.timers.len()
    }

    /// Moves time forward to the earliest deadline and returns the owners of every timer due
    /// then, in insertion order. Returns `None` when there is no timer.
    pub fn advance_to_next(&mut self) -> Option<Vec<u64>> {
        let deadline = self.next_deadline()?;
        if deadline > self.monotonic_ns {
            self.monotonic_ns = deadline;
        }
        let mut fired = Vec::new();
        while let Some((&(d, s), &owner)) = self.timers.iter().next() {
            if d > self.monotonic_ns {
                break;
            }
            self.timers.remove(&(d, s));
            fired.push(owner);
        }
        Some(fired)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timers_fire_in_deadline_then_insertion_order() {
        let mut c = Clock::new();
        c.add_timer(5, 1);
        c.add_timer(3, 2);
        c.add_timer(5, 3);
        assert_eq!(c.advance_to_next(), Some(vec![2]));
        assert_eq!(c.monotonic_ns(), 3);
        assert_eq!(c.advance_to_next(), Some(vec![1, 3]));
        assert_eq!(c.monotonic_ns(), 5);
        assert_eq!(c.advance_to_next(), None);
    }

    #[test]
    fn wall_clock_starts_at_2025() {
        let c = Clock::new();
        assert_eq!(c.wall_secs(), 1_735_689_600);
    }

    #[test]
    fn cancelled_timers_do_not_fire() {
        let mut c = Clock::new();
        let id = c.add_timer(10, 7);
        c.add_timer(20, 8);
        c.cancel(id);
        c.cancel_owner(8);
        assert_eq!(c.advance_to_next(), None);
    }
}
