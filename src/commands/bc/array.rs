//! bc's arrays: sparse maps from index to number, shared through `Rc` so that a `*a[]`
//! parameter can alias its argument while `a[]` parameters and autos get their own storage.
//! Every element's size is reserved on the meter while it lives (see [`Store`]).

use super::num::Num;
use crate::limits::{cost, Reservation};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// GNU bc's BC_DIM_MAX: the largest index.
pub const DIM_MAX: u64 = 16_777_215;

/// Modeled bytes of one stored number (map node included).
pub fn num_bytes(n: &Num) -> u64 {
    n.v.bits() / 8 + 64
}

/// The memory every stored number holds: one guard for the interpreter's values, grown and
/// shrunk as values are stored and replaced, and given back whole when the interpreter ends.
pub struct Store {
    held: RefCell<Reservation>,
}

impl Store {
    pub fn new(ctx: &CommandCtx) -> Store {
        Store {
            held: RefCell::new(ctx.empty_reservation()),
        }
    }

    /// Accounts for a stored value changing size from `old` to `new` bytes.
    pub fn swap(&self, old: u64, new: u64) -> Result<(), Interrupt> {
        let mut held = self.held.borrow_mut();
        if new > old {
            held.grow(new - old)?;
        } else {
            held.shrink(old - new);
        }
        Ok(())
    }
}

#[derive(Default, Clone)]
pub struct Array {
    elems: BTreeMap<u32, Num>,
    bytes: u64,
}

pub type ArrayRef = Rc<RefCell<Array>>;

impl Array {
    pub fn get(&self, i: u32) -> Num {
        self.elems.get(&i).cloned().unwrap_or_default()
    }

    pub fn set(&mut self, store: &Store, i: u32, v: Num) -> Result<(), Interrupt> {
        let new = num_bytes(&v);
        let old = self.elems.get(&i).map_or(0, num_bytes);
        store.swap(old, new)?;
        self.bytes = self.bytes - old + new;
        self.elems.insert(i, v);
        Ok(())
    }

    /// A copy for a by-value parameter: charged per element, its memory reserved.
    pub fn copy(&self, ctx: &CommandCtx, store: &Store) -> Result<Array, Interrupt> {
        ctx.charge((self.elems.len() as u64 + 1).saturating_mul(cost::NUMBER_STEP))?;
        store.swap(0, self.bytes)?;
        Ok(self.clone())
    }

    /// Gives the array's memory back (it is going away).
    pub fn free(&mut self, store: &Store) {
        let _ = store.swap(self.bytes, 0);
        self.bytes = 0;
        self.elems.clear();
    }
}

/// Drops one reference to an array, freeing its memory if it was the last.
pub fn drop_ref(store: &Store, a: ArrayRef) {
    if let Ok(cell) = Rc::try_unwrap(a) {
        cell.into_inner().free(store);
    }
}
