//! Showing shell code back to the user (`type`, `declare -f`).
//!
//! Not yet bash's canonical re-formatting: the definition is shown as it was written.

use super::ast::FunctionDef;

/// The text `type NAME` / `declare -f NAME` shows for a function.
pub fn function_text(def: &FunctionDef) -> Vec<u8> {
    def.source.clone()
}
