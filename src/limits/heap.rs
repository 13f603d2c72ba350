//! How many bytes of host heap the current thread holds, for the one engine whose values the
//! simulator cannot size itself (jq: jaq builds and shares its values internally).
//!
//! [`CountingAllocator`] wraps the system allocator and keeps, per thread, the bytes it was
//! asked for minus the bytes it was given back. A thread-local count (not a process-wide atomic)
//! costs no locked instruction per allocation and sees only the simulator thread's own work;
//! memory freed by another thread than the one that allocated it skews both counts, which is why
//! callers only compare two readings taken on one thread ([`live_bytes`]). The count is of
//! requested sizes, so it is the same on every run of one build: a stop it causes is
//! deterministic.
//!
//! The library installs the allocator (`lib.rs`), so every binary and test built on it counts.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    // Const-initialised and without a destructor: reading it never allocates and never fails,
    // also while a thread is being torn down, which an allocator requires.
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

fn add(delta: isize) {
    let _ = LIVE.try_with(|live| live.set(live.get().wrapping_add(delta)));
}

/// Bytes allocated minus bytes freed on this thread since it started (may be negative when the
/// thread frees what another allocated).
pub fn live_bytes() -> isize {
    LIVE.try_with(Cell::get).unwrap_or(0)
}

/// The system allocator, counting.
pub struct CountingAllocator;

// SAFETY: every call is forwarded unchanged to `System`; the count is bookkeeping only.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc` is passed on as it is.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            add(layout.size() as isize);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            add(layout.size() as isize);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator, which is `System`.
        unsafe { System.dealloc(ptr, layout) };
        add(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `dealloc` and `alloc`.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            add(new_size as isize - layout.size() as isize);
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_what_this_thread_holds() {
        let before = live_bytes();
        let v: Vec<u8> = Vec::with_capacity(1 << 20);
        let held = live_bytes() - before;
        assert!(held >= 1 << 20, "held {held}");
        drop(v);
        assert!(live_bytes() - before < 1 << 20);
    }

    #[test]
    fn growth_in_place_is_counted() {
        let mut v: Vec<u8> = Vec::with_capacity(16);
        let before = live_bytes();
        v.reserve_exact(1 << 20);
        assert!(live_bytes() - before >= (1 << 20) - 16);
    }
}
