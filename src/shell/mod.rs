//! The shell language: lexer/parser → AST → expansion → executor, and the builtins.
//!
//! Invariant: the shell never names a command implementation; it dispatches through the
//! [`crate::process::command::CommandTable`] it is given.

mod access;
pub mod arith;
pub mod ast;
pub mod builtins;
mod cond;
pub mod escapes;
pub mod exec;
pub mod expand;
pub mod locale;
pub mod parser;
pub mod pattern;
pub mod print;
pub mod printf;
pub mod state;
pub mod vars;

pub use state::{Flow, Shell};
