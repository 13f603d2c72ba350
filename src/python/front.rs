//! The front end: source text to code, with syntax errors worded and placed as CPython 3.14
//! reports them (`SyntaxError`, `IndentationError`, `TabError`).

use super::code::{Code, Source};
use super::compile;
use super::object::Heap;
use ruff_python_parser::{LexicalErrorType, ParseErrorType};
use ruff_text_size::TextRange;
use std::rc::Rc;

/// A syntax error: which class, the message, and where (1-based line, byte columns).
#[derive(Clone, Debug)]
pub struct SyntaxErr {
    pub class: &'static str,
    pub msg: String,
    pub filename: String,
    pub lineno: usize,
    /// 1-based byte column of the first caret, and one past the last.
    pub offset: usize,
    pub end_offset: usize,
    pub text: Option<String>,
}

impl SyntaxErr {
    /// The lines CPython prints for an uncaught syntax error.
    pub fn render(&self) -> String {
        let mut out = format!("  File \"{}\", line {}\n", self.filename, self.lineno);
        if let Some(text) = &self.text {
            let indent = text.len() - text.trim_start().len();
            let stripped = text.trim();
            if !stripped.is_empty() {
                out.push_str("    ");
                out.push_str(stripped);
                out.push('\n');
                let start = self.offset.saturating_sub(1).saturating_sub(indent);
                let end = self
                    .end_offset
                    .saturating_sub(1)
                    .saturating_sub(indent)
                    .max(start + 1);
                let width = stripped.chars().count();
                let start_c = stripped
                    .get(..start.min(stripped.len()))
                    .map(|p| p.chars().count())
                    .unwrap_or(width);
                let end_c = stripped
                    .get(..end.min(stripped.len()))
                    .map(|p| p.chars().count())
                    .unwrap_or(width + 1);
                out.push_str("    ");
                out.push_str(&" ".repeat(start_c));
                out.push_str(&"^".repeat(end_c.saturating_sub(start_c).max(1)));
                out.push('\n');
            }
        }
        out.push_str(self.class);
        out.push_str(": ");
        out.push_str(&self.msg);
        out.push('\n');
        out
    }
}

fn position(src: &Source, start: u32, end: u32) -> (usize, usize, usize, Option<String>) {
    let line = src.line_of(start);
    let ls = src.line_start(line);
    let text = src.line_text(line).map(String::from);
    let off = (start - ls) as usize + 1;
    let end_line = src.line_of(end.max(start));
    let eoff = if end_line == line {
        (end - ls) as usize + 1
    } else {
        off + 1
    };
    (line, off, eoff.max(off + 1), text)
}

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
    if let Some(e) = bracket_error(&source) {
        return Err(e);
    }
    let compiled = match mode {
        Mode::Exec => match ruff_python_parser::parse_module(text) {
            Ok(p) => compile::compile_module(heap, source.clone(), p.syntax()),
            Err(e) => return Err(parse_error(&source, &e.error, e.location)),
        },
        Mode::Eval => match ruff_python_parser::parse_expression(text) {
            Ok(p) => compile::compile_expression(heap, source.clone(), p.syntax()),
            Err(e) => return Err(parse_error(&source, &e.error, e.location)),
        },
    };
    compiled.map_err(|e| {
        let (lineno, offset, end_offset, text) = position(&source, e.start, e.end);
        SyntaxErr {
            class: "SyntaxError",
            msg: e.message,
            filename: filename.to_string(),
            lineno,
            offset,
            end_offset,
            text,
        }
    })
}

fn parse_error(src: &Source, e: &ParseErrorType, at: TextRange) -> SyntaxErr {
    let (start, end) = (at.start().to_u32(), at.end().to_u32());
    let (mut lineno, mut offset, mut end_offset, mut text) = position(src, start, end);
    let mut class = "SyntaxError";
    let msg = match e {
        ParseErrorType::UnexpectedIndentation => {
            class = "IndentationError";
            "unexpected indent".to_string()
        }
        ParseErrorType::ExpectedToken { expected, .. } => {
            let name = format!("{expected:?}");
            match name.as_str() {
                "Colon" => "expected ':'".to_string(),
                "Indent" => {
                    class = "IndentationError";
                    // The error is at the line after the block's header.
                    let header_line = previous_code_line(src, lineno);
                    let kind = header_kind(src.line_text(header_line).unwrap_or(""));
                    if let Some(t) = src.line_text(lineno) {
                        let t = t.to_string();
                        let ind = t.len() - t.trim_start().len();
                        offset = ind + 1;
                        end_offset = t.trim_end().len() + 1;
                        text = Some(t);
                    }
                    format!("expected an indented block after {kind} on line {header_line}")
                }
                "Rpar" | "Rsqb" | "Rbrace" => "invalid syntax".to_string(),
                "Name" => "invalid syntax".to_string(),
                _ => "invalid syntax".to_string(),
            }
        }
        ParseErrorType::Lexical(l) => match l {
            LexicalErrorType::UnclosedStringError => {
                end_offset = offset + 1;
                format!("unterminated string literal (detected at line {lineno})")
            }
            LexicalErrorType::IndentationError => {
                class = "IndentationError";
                if let Some(t) = &text {
                    end_offset = t.trim_end().len() + 1;
                    offset = end_offset - 1;
                }
                "unindent does not match any outer indentation level".to_string()
            }
            LexicalErrorType::Eof => {
                let last = src.line_starts.len().saturating_sub(1).max(1);
                lineno = last;
                "unexpected EOF while parsing".to_string()
            }
            other => {
                let t = format!("{other}");
                if t.contains("triple-quoted") || t.contains("Triple") {
                    format!(
                        "unterminated triple-quoted string literal (detected at line {})",
                        src.line_starts.len()
                    )
                } else {
                    "invalid syntax".to_string()
                }
            }
        },
        ParseErrorType::InvalidAssignmentTarget => {
            "cannot assign to expression here. Maybe you meant '==' instead of '='?".to_string()
        }
        ParseErrorType::PositionalAfterKeywordArgument => {
            "positional argument follows keyword argument".to_string()
        }
        ParseErrorType::PositionalAfterKeywordUnpacking => {
            "positional argument follows keyword argument unpacking".to_string()
        }
        ParseErrorType::NonDefaultParamAfterDefaultParam => {
            "parameter without a default follows parameter with a default".to_string()
        }
        ParseErrorType::SimpleStatementsOnSameLine
        | ParseErrorType::SimpleAndCompoundStatementOnSameLine => "invalid syntax".to_string(),
        _ => "invalid syntax".to_string(),
    };
    SyntaxErr {
        class,
        msg,
        filename: src.filename.to_string(),
        lineno,
        offset,
        end_offset,
        text,
    }
}

fn previous_code_line(src: &Source, line: usize) -> usize {
    let mut l = line.saturating_sub(1);
    while l > 1 {
        let t = src.line_text(l).unwrap_or("").trim();
        if !t.is_empty() && !t.starts_with('#') {
            break;
        }
        l -= 1;
    }
    l.max(1)
}

/// How CPython names the statement a missing block belonged to.
fn header_kind(line: &str) -> String {
    let t = line.trim_start();
    let word: String = t
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    match word.as_str() {
        "if" => "'if' statement".into(),
        "elif" => "'elif' statement".into(),
        "else" => "'else' statement".into(),
        "for" => "'for' statement".into(),
        "while" => "'while' statement".into(),
        "try" => "'try' statement".into(),
        "except" => "'except' statement".into(),
        "finally" => "'finally' statement".into(),
        "with" => "'with' statement".into(),
        "class" => "class definition".into(),
        "def" => "function definition".into(),
        "match" => "'match' statement".into(),
        "case" => "'case' statement".into(),
        _ => "statement".into(),
    }
}

/// Unclosed, unmatched and mismatched brackets, which CPython's tokenizer reports before any
/// parsing.
fn bracket_error(src: &Source) -> Option<SyntaxErr> {
    let text = src.text.as_bytes();
    let mut stack: Vec<(u8, usize)> = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        match c {
            b'#' => {
                while i < text.len() && text[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'\'' | b'"' => {
                let triple = i + 2 < text.len() && text[i + 1] == c && text[i + 2] == c;
                let q = c;
                i += if triple { 3 } else { 1 };
                while i < text.len() {
                    if text[i] == b'\\' {
                        i += 2;
                        continue;
                    }
                    if triple {
                        if i + 2 < text.len()
                            && text[i] == q
                            && text[i + 1] == q
                            && text[i + 2] == q
                        {
                            i += 3;
                            break;
                        }
                    } else if text[i] == q {
                        i += 1;
                        break;
                    } else if text[i] == b'\n' {
                        // An unterminated string: the parser reports it.
                        return None;
                    }
                    i += 1;
                }
                continue;
            }
            b'(' | b'[' | b'{' => stack.push((c, i)),
            b')' | b']' | b'}' => {
                let want = match c {
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                match stack.pop() {
                    None => return Some(bracket_at(src, i, format!("unmatched '{}'", c as char))),
                    Some((open, at)) if open != want => {
                        let ol = src.line_of(at as u32);
                        let cl = src.line_of(i as u32);
                        let msg = if ol == cl {
                            format!(
                                "closing parenthesis '{}' does not match opening parenthesis '{}'",
                                c as char, open as char
                            )
                        } else {
                            format!(
                                "closing parenthesis '{}' does not match opening parenthesis '{}' on line {ol}",
                                c as char, open as char
                            )
                        };
                        return Some(bracket_at(src, i, msg));
                    }
                    _ => {}
                }
            }
            _ => {}
        }
        i += 1;
    }
    stack
        .first()
        .map(|&(open, at)| bracket_at(src, at, format!("'{}' was never closed", open as char)))
}

fn bracket_at(src: &Source, at: usize, msg: String) -> SyntaxErr {
    let (lineno, offset, _, text) = position(src, at as u32, at as u32 + 1);
    SyntaxErr {
        class: "SyntaxError",
        msg,
        filename: src.filename.to_string(),
        lineno,
        offset,
        end_offset: offset + 1,
        text,
    }
}
