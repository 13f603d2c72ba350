//! How deeply nested the values a filter builds are.
//!
//! jaq compares, formats, merges and drops values by native recursion, so a value nested a
//! few million levels deep (`reduce range(3000000) as $i (null; [.])` is within the default
//! CPU budget) overflows the stack wherever it is used. Every place that can make a value
//! deeper than its parts, array and object construction, assignments and the few natives that
//! wrap their input, passes its result through `__shellsim_depth`, which measures it here and
//! refuses values deeper than [`MAX_DEPTH`].
//!
//! Measuring walks the value, so the depth of every array and object already measured is
//! remembered by address, with a weak reference that keeps the address from being reused:
//! wrapping a measured value again costs one lookup. An entry is never stale: `Rc::make_mut`
//! and `Rc::get_mut`, the only ways jaq changes a value in place, move a value that has weak
//! references to a new address (or refuse), so a remembered address always holds the value
//! that was measured.

use jaq_json::{Map, Rc, Val};
use std::collections::HashMap;
use std::rc::Weak;

/// Deepest nesting a value may have (the depth jq 1.7 parses; jq 1.6 parses 256).
pub const MAX_DEPTH: u32 = 10_000;

enum Held {
    Arr(Weak<Vec<Val>>),
    Obj(Weak<Map>),
}

impl Held {
    fn alive(&self) -> bool {
        match self {
            Held::Arr(w) => w.strong_count() > 0,
            Held::Obj(w) => w.strong_count() > 0,
        }
    }
}

/// Depths measured so far, by the address of the array or object.
#[derive(Default)]
pub struct Depths {
    known: HashMap<usize, (Held, u32)>,
    /// Entries there were after the last sweep of dead ones.
    swept: usize,
}

fn address(v: &Val) -> Option<usize> {
    match v {
        Val::Arr(a) => Some(Rc::as_ptr(a) as *const u8 as usize),
        Val::Obj(o) => Some(Rc::as_ptr(o) as *const u8 as usize),
        _ => None,
    }
}

/// The `i`th element of an array or value of an object.
fn child(v: &Val, i: usize) -> Option<Val> {
    match v {
        Val::Arr(a) => a.get(i).cloned(),
        Val::Obj(o) => o.get_index(i).map(|(_, x)| x.clone()),
        _ => None,
    }
}

impl Depths {
    /// The depth of `v` if it is a scalar (0) or was measured.
    fn known(&self, v: &Val) -> Option<u32> {
        let Some(at) = address(v) else { return Some(0) };
        match self.known.get(&at) {
            Some((held, d)) if held.alive() => Some(*d),
            _ => None,
        }
    }

    fn remember(&mut self, v: &Val, depth: u32) {
        let held = match v {
            Val::Arr(a) => Held::Arr(Rc::downgrade(a)),
            Val::Obj(o) => Held::Obj(Rc::downgrade(o)),
            _ => return,
        };
        if let Some(at) = address(v) {
            self.known.insert(at, (held, depth));
        }
        // Dead entries hold their allocations; drop them once they could be half the table.
        if self.known.len() > 2 * self.swept.max(1024) {
            self.known.retain(|_, (held, _)| held.alive());
            self.swept = self.known.len();
        }
    }

    /// The nesting depth of `v` (0 for a scalar, 1 for an array of scalars), or `None` when it
    /// is deeper than [`MAX_DEPTH`]. Walks with its own stack, only into values not measured.
    pub fn measure(&mut self, v: &Val) -> Option<u32> {
        if let Some(d) = self.known(v) {
            return (d <= MAX_DEPTH).then_some(d);
        }
        // A value being measured, the next child to look at, the deepest child so far.
        let mut open: Vec<(Val, usize, u32)> = vec![(v.clone(), 0, 0)];
        while let Some((node, next, deepest)) = open.last_mut() {
            match child(node, *next) {
                Some(c) => {
                    *next += 1;
                    match self.known(&c) {
                        Some(d) => *deepest = (*deepest).max(d),
                        None if open.len() as u32 >= MAX_DEPTH => return None,
                        None => open.push((c, 0, 0)),
                    }
                }
                None => {
                    let (node, _, deepest) = open.pop()?;
                    let d = deepest + 1;
                    self.remember(&node, d);
                    match open.last_mut() {
                        Some(parent) => parent.2 = parent.2.max(d),
                        None => return (d <= MAX_DEPTH).then_some(d),
                    }
                }
            }
        }
        None
    }
}
