//! Python 3.14: the front end (Ruff's parser, then the project's own compiler), a bytecode VM
//! whose frames live on the heap, CPython's object model and builtins, and the `python3`
//! command. The interpreter is part of the capability-free simulator: it reads files, writes
//! output and waits for input only through the simulated kernel, charges every instruction
//! to the shared meter, and counts every object's modeled size on its heap.
//!
//! Invariant: nothing here reaches the host; Python code never recurses on the host stack
//! (calls from native code back into Python nest, bounded by the recursion limit).

pub mod builtins;
pub mod child;
pub mod code;
pub mod command;
pub mod compile;
pub mod dict;
pub mod format;
pub mod front;
pub mod hash;
pub mod methods;
pub mod object;
pub mod stdlib;
pub mod stream;
pub mod suggest;
pub mod types;
pub mod vm;

pub use command::{run, OPTIONS, SUMMARY};
