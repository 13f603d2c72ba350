//! Modeled memory held by guards.
//!
//! A [`Reservation`] is the only way to hold modeled memory: it is taken from the [`Meter`]
//! before the caller allocates, it moves with the data it covers (into a struct, across an
//! `.await`, out of a function with the buffer), and it gives its bytes back when it is
//! dropped — on success, on an early `?` return, and when a task is dropped by the scheduler.
//! Nothing else releases memory, so a path that forgets to release cannot exist.
//!
//! The guard holds the meter's shared account (an `Rc`), not a borrow of the meter, so it can
//! be stored anywhere a command keeps data. It is deliberately not `Clone`: copying data that
//! is charged is a new reservation.
//!
//! Invariant: the account's `memory_current` is the sum of the bytes of its live guards (plus
//! what a restored snapshot adopted, see [`Meter::adopt`]); a guard never changes an account it
//! was not taken from.

use super::{Exhausted, Meter, State};
use std::fmt;
use std::ops::Deref;
use std::rc::Rc;

/// Modeled memory held until dropped. See the module documentation.
#[must_use = "a reservation releases its memory as soon as it is dropped"]
pub struct Reservation {
    pub(super) account: Rc<State>,
    pub(super) bytes: u64,
}

impl fmt::Debug for Reservation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Reservation")
            .field("bytes", &self.bytes)
            .finish()
    }
}

impl Reservation {
    /// The bytes this guard holds.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Reserves `by` more bytes, before the caller grows what this guard covers. On failure
    /// nothing changes and the run's stop reason is returned.
    #[inline]
    pub fn grow(&mut self, by: u64) -> Result<(), Exhausted> {
        self.account.reserve(by)?;
        self.bytes += by;
        Ok(())
    }

    /// Makes the guard hold exactly `total` bytes: grows (and may fail, changing nothing) or
    /// shrinks (never fails).
    #[inline]
    pub fn resize(&mut self, total: u64) -> Result<(), Exhausted> {
        if total > self.bytes {
            self.grow(total - self.bytes)
        } else {
            self.shrink(self.bytes - total);
            Ok(())
        }
    }

    /// Gives back `by` bytes (at most what the guard holds), after the data shrank.
    #[inline]
    pub fn shrink(&mut self, by: u64) {
        let by = by.min(self.bytes);
        self.account.release(by);
        self.bytes -= by;
    }

    /// Gives back everything; the guard stays usable (it can grow again).
    pub fn clear(&mut self) {
        self.shrink(self.bytes);
    }

    /// Moves `bytes` (at most what this guard holds) into a new guard of the same account, for
    /// data that leaves with part of what this guard covers. The account does not change.
    pub fn split(&mut self, bytes: u64) -> Reservation {
        let bytes = bytes.min(self.bytes);
        self.bytes -= bytes;
        Reservation {
            account: self.account.clone(),
            bytes,
        }
    }

    /// Takes over what `other` holds (data merged into what this guard covers). A guard of
    /// another account (another machine's meter) gives its bytes back there instead.
    pub fn absorb(&mut self, mut other: Reservation) {
        if Rc::ptr_eq(&self.account, &other.account) {
            self.bytes += std::mem::take(&mut other.bytes);
        }
    }

    /// A new guard of the same account that holds nothing.
    pub fn empty(&self) -> Reservation {
        Reservation {
            account: self.account.clone(),
            bytes: 0,
        }
    }

    /// Whether this guard charges `meter`'s account.
    pub fn charges(&self, meter: &Meter) -> bool {
        Rc::ptr_eq(&self.account, &meter.state)
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        self.account.release(self.bytes);
    }
}

/// A byte buffer whose modeled memory grows before the buffer does: every growth reserves
/// first and fails with `Exhausted` (leaving the buffer as it was) when it does not fit; every
/// shrink gives the bytes back. It charges the bytes it holds (its length), not its capacity.
/// Dropping it releases everything; [`ReservedBuf::into_parts`] hands the data and its guard
/// on together.
#[derive(Debug)]
pub struct ReservedBuf {
    data: Vec<u8>,
    res: Reservation,
}

impl ReservedBuf {
    /// An empty buffer charging `meter`.
    pub fn new(meter: &Meter) -> ReservedBuf {
        ReservedBuf {
            data: Vec::new(),
            res: meter.empty_reservation(),
        }
    }

    /// An empty buffer that grows `res`, which may already hold bytes for something else the
    /// buffer's owner keeps (they stay held until the buffer goes).
    pub fn with_reservation(res: Reservation) -> ReservedBuf {
        ReservedBuf {
            data: Vec::new(),
            res,
        }
    }

    /// Pairs bytes built elsewhere with the guard that was grown for them. The guard is grown
    /// to the data's length if it holds less (failing, and dropping both, when that does not
    /// fit), so the buffer always holds at least its length.
    pub fn from_parts(data: Vec<u8>, mut res: Reservation) -> Result<ReservedBuf, Exhausted> {
        let need = data.len() as u64;
        if res.bytes < need {
            res.grow(need - res.bytes)?;
        }
        Ok(ReservedBuf { data, res })
    }

    /// Copies `bytes` into a new buffer, reserving them first.
    pub fn copy_from(meter: &Meter, bytes: &[u8]) -> Result<ReservedBuf, Exhausted> {
        let res = meter.reservation(bytes.len() as u64)?;
        Ok(ReservedBuf {
            data: bytes.to_vec(),
            res,
        })
    }

    /// Appends `bytes`, reserving them before the buffer grows.
    #[inline]
    pub fn extend_from_slice(&mut self, bytes: &[u8]) -> Result<(), Exhausted> {
        self.res.grow(bytes.len() as u64)?;
        self.data.extend_from_slice(bytes);
        Ok(())
    }

    /// Appends another buffer of the same account, taking over its guard (nothing is reserved
    /// twice; an empty buffer takes the other's bytes without copying them).
    pub fn append(&mut self, other: ReservedBuf) {
        let (data, res) = other.into_parts();
        if self.data.is_empty() {
            self.data = data;
        } else {
            self.data.extend_from_slice(&data);
        }
        self.res.absorb(res);
    }

    /// Appends one byte, reserving it first.
    pub fn push(&mut self, byte: u8) -> Result<(), Exhausted> {
        self.res.grow(1)?;
        self.data.push(byte);
        Ok(())
    }

    /// Drops the first `n` bytes (at most the length) and gives them back.
    pub fn drain_front(&mut self, n: usize) {
        let n = n.min(self.data.len());
        self.data.drain(..n);
        self.res.shrink(n as u64);
    }

    /// Keeps the first `len` bytes and gives back the rest.
    pub fn truncate(&mut self, len: usize) {
        let cut = self.data.len().saturating_sub(len);
        self.data.truncate(len);
        self.res.shrink(cut as u64);
    }

    /// Empties the buffer and gives back its bytes (the guard keeps anything it held besides).
    pub fn clear(&mut self) {
        self.truncate(0);
    }

    pub fn as_slice(&self) -> &[u8] {
        &self.data
    }

    /// The guard (it holds at least the buffer's length).
    pub fn reservation(&self) -> &Reservation {
        &self.res
    }

    /// The guard, to hold more for what the owner builds beside the bytes (line tables, ...).
    pub fn reservation_mut(&mut self) -> &mut Reservation {
        &mut self.res
    }

    /// The bytes and the guard that covers them, to be kept together by the caller.
    pub fn into_parts(self) -> (Vec<u8>, Reservation) {
        (self.data, self.res)
    }

    /// Takes the contents out, leaving an empty buffer on the same account: the returned
    /// buffer holds the bytes' guard.
    pub fn take(&mut self) -> ReservedBuf {
        let res = self.res.split(self.data.len() as u64);
        ReservedBuf {
            data: std::mem::take(&mut self.data),
            res,
        }
    }
}

impl Deref for ReservedBuf {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.data
    }
}

impl AsRef<[u8]> for ReservedBuf {
    fn as_ref(&self) -> &[u8] {
        &self.data
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Limits, StopReason};
    use super::*;

    fn meter(memory: u64) -> Meter {
        Meter::new(Limits {
            memory,
            ..Limits::default()
        })
    }

    #[test]
    fn a_guard_releases_on_drop_and_follows_its_data() {
        let m = meter(100);
        let r = m.reservation(40).unwrap();
        let boxed = Box::new((vec![0u8; 40], r));
        assert_eq!(m.usage().memory_current, 40);
        drop(boxed);
        assert_eq!(m.usage().memory_current, 0);
        assert_eq!(m.usage().memory_peak, 40);
    }

    #[test]
    fn growth_is_refused_before_it_happens() {
        let m = meter(100);
        let mut r = m.reservation(60).unwrap();
        assert_eq!(r.grow(50), Err(Exhausted(StopReason::MemoryExhausted)));
        assert_eq!((r.bytes(), m.usage().memory_current), (60, 60));
        assert_eq!(m.stopped(), Some(StopReason::MemoryExhausted));
        // Sticky: nothing more is reserved once the run stopped, but shrinking still works.
        assert!(r.grow(1).is_err());
        r.shrink(100);
        assert_eq!((r.bytes(), m.usage().memory_current), (0, 0));
    }

    #[test]
    fn resize_split_and_absorb_keep_the_account_exact() {
        let m = meter(1000);
        let mut r = m.reservation(10).unwrap();
        r.resize(300).unwrap();
        r.resize(200).unwrap();
        assert_eq!(m.usage().memory_current, 200);
        let part = r.split(50);
        assert_eq!(
            (r.bytes(), part.bytes(), m.usage().memory_current),
            (150, 50, 200)
        );
        drop(r);
        assert_eq!(m.usage().memory_current, 50);
        let mut other = m.empty_reservation();
        other.absorb(part);
        assert_eq!(other.bytes(), 50);
        drop(other);
        assert_eq!(m.usage().memory_current, 0);
    }

    #[test]
    fn a_meter_copy_is_independent_of_live_guards() {
        let m = meter(1000);
        let held = m.reservation(100).unwrap();
        let copy = m.clone();
        assert_eq!(copy.usage().memory_current, 100);
        drop(held);
        assert_eq!(
            (m.usage().memory_current, copy.usage().memory_current),
            (0, 100)
        );
        // The copy's holder re-binds the bytes it carried across the copy.
        let adopted = copy.adopt(100);
        assert!(adopted.charges(&copy) && !adopted.charges(&m));
        drop(adopted);
        assert_eq!(copy.usage().memory_current, 0);
    }

    #[test]
    fn a_reserved_buffer_charges_before_it_grows() {
        let m = meter(10);
        let mut b = ReservedBuf::new(&m);
        b.extend_from_slice(b"12345678").unwrap();
        assert!(b.extend_from_slice(b"abc").is_err());
        assert_eq!(&b[..], b"12345678");
        b.drain_front(3);
        assert_eq!((&b[..], m.usage().memory_current), (&b"45678"[..], 5));
        let (data, res) = b.into_parts();
        assert_eq!((data.len() as u64, res.bytes()), (5, 5));
        drop(res);
        assert_eq!(m.usage().memory_current, 0);
    }
}
