//! `re`: regular expressions. The engine is ours (Python's regex dialect, parsed in
//! `parse.rs`, compiled in `compile.rs`, run by the backtracking machine in `matcher.rs`);
//! `native.rs` exposes it as the built-in `_sre` module, and the Python-level module
//! (`Pattern`, `Match`, `sub`, `split`, the flags, the cache) is our own Python in
//! `lib/re/__init__.py`.

pub mod ast;
pub mod chars;
pub mod compile;
pub mod matcher;
pub mod native;
pub mod parse;
