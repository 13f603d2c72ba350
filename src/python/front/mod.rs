//! The front end: source text to code, with syntax errors worded and placed as CPython 3.14
//! reports them (`SyntaxError`, `IndentationError`, `TabError`).
//!
//! Ruff's parser decides whether a program is valid. When it refuses one, the error is
//! worded the way CPython's would be: first the tokenizer's errors (`tokens`), which CPython
//! reports ahead of any parser error, then the parser's specific messages (`diagnose`), and
//! otherwise a plain "invalid syntax" where the parser stopped.

mod diagnose;
mod error;
mod tokens;
mod typos;

pub use error::SyntaxErr;

use super::code::{Code, Source};
use super::compile;
use super::object::Heap;
use std::rc::Rc;

/// Runs the parser once on the calling thread. Ruff's parser guards its recursion by asking
/// the OS for the thread's stack bounds the first time it runs on a thread; the host calls
/// this on the simulator thread before confinement, so that question is never asked after.
pub fn warm_up() {
    let _ = ruff_python_parser::parse_module("pass\n");
}

/// Parses and compiles a module.
pub fn compile_source(heap: &Rc<Heap>, filename: &str, text: &str) -> Result<Rc<Code>, SyntaxErr> {
    compile_string(heap, filename, text, Mode::Exec, Listing::Listed)
}

/// How tracebacks show the frames of compiled code.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Listing {
    /// With their source lines: files and `-c` programs.
    Listed,
    /// Without source lines: strings given to `exec`/`eval`.
    Unlisted,
    /// Not at all: library modules standing in for CPython's C modules.
    Hidden,
}

/// What `compile()` makes of its source: statements, or one expression whose value the code
/// returns.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Exec,
    Eval,
}

/// Parses and compiles source text; `listing` says how tracebacks show its frames.
pub fn compile_string(
    heap: &Rc<Heap>,
    filename: &str,
    text: &str,
    mode: Mode,
    listing: Listing,
) -> Result<Rc<Code>, SyntaxErr> {
    let mut src = Source::new(filename, text);
    src.listed = listing == Listing::Listed;
    src.traced = listing != Listing::Hidden;
    let source = Rc::new(src);
    let compiled = match mode {
        Mode::Exec => match ruff_python_parser::parse_module(text) {
            Ok(p) => compile::compile_module(heap, source.clone(), p.syntax()),
            Err(e) => return Err(refused(&source, &e)),
        },
        Mode::Eval => match ruff_python_parser::parse_expression(text) {
            Ok(p) => compile::compile_expression(heap, source.clone(), p.syntax()),
            Err(e) => return Err(refused(&source, &e)),
        },
    };
    compiled.map_err(|e| SyntaxErr::span(&source, "SyntaxError", e.message, e.start, e.end))
}

/// The error CPython reports for source Ruff's parser refused with `e`.
fn refused(src: &Source, e: &ruff_python_parser::ParseError) -> SyntaxErr {
    let unclosed = match tokens::check(src) {
        Some(tokens::Found::Error(err)) => return err,
        Some(tokens::Found::Unclosed(at, err)) => Some((at, err)),
        None => None,
    };
    if let Some((at, err)) = unclosed {
        // The parser ran into the end of the file inside the bracket.
        if e.location.start().to_u32() >= at {
            return err;
        }
    }
    diagnose::parse_error(src, &e.error, e.location)
}
