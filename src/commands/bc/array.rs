//! bc's arrays: sparse maps from index to number, shared through `Rc` so that a `*a[]`
//! parameter can alias its argument while `a[]` parameters and autos get their own storage.
//! Every element's size is reserved on the meter while it lives (see [`Store`]).

use super::num::Num;
use crate::limits::cost;
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;

/// GNU bc's BC_DIM_MAX: the largest index.
pub const DIM_MAX: u64 = 16_777_215;

/// Modeled bytes of one stored number (map node included).
pub fn num_bytes(n: &Num) -> u64 {
    n.v.bits() / 8 + 64
}

/// The memory every stored number holds; released as values are replaced and, for whatever
/// is left, when the interpreter ends.
#[derive(Default)]
pub struct Store {
    held: Cell<u64>,
}

impl Store {
    /// Accounts for a stored value changing size from `old` to `new` bytes.
    pub fn swap(&self, ctx: &CommandCtx, old: u64, new: u64) -> Result<(), Interrupt> {
        if new > old {
            ctx.reserve(new - old)?;
            self.held.set(self.held.get() + (new - old));
        } else {
            ctx.release(old - new);
            self.held.set(self.held.get().saturating_sub(old - new));
        }
        Ok(())
    }

    pub fn release_all(&self, ctx: &CommandCtx) {
        ctx.release(self.held.replace(0));
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

    pub fn set(
        &mut self,
        ctx: &CommandCtx,
        store: &Store,
        i: u32,
        v: Num,
    ) -> Result<(), Interrupt> {
        let new = num_bytes(&v);
        let old = self.elems.get(&i).map_or(0, num_bytes);
        store.swap(ctx, old, new)?;
        self.bytes = self.bytes - old + new;
        self.elems.insert(i, v);
        Ok(())
    }

    /// A copy for a by-value parameter: charged per element, its memory reserved.
    pub fn copy(&self, ctx: &CommandCtx, store: &Store) -> Result<Array, Interrupt> {
        ctx.charge((self.elems.len() as u64 + 1).saturating_mul(cost::NUMBER_STEP))?;
        store.swap(ctx, 0, self.bytes)?;
        Ok(self.clone())
    }

    /// Gives the array's memory back (it is going away).
    pub fn free(&mut self, ctx: &CommandCtx, store: &Store) {
        let _ = store.swap(ctx, self.bytes, 0);
        self.bytes = 0;
        self.elems.clear();
    }
}

/// Drops one reference to an array, freeing its memory if it was the last.
pub fn drop_ref(ctx: &CommandCtx, store: &Store, a: ArrayRef) {
    if let Ok(cell) = Rc::try_unwrap(a) {
        cell.into_inner().free(ctx, store);
    }
}
