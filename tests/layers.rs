//! The layering rule, checked rather than remembered.
//!
//! `shared/ARCHITECTURE.md` and `docs/architecture.md`: data flows one way, and a lower layer
//! never calls up. The layers, bottom-up, are one folder each under `src/`:
//! `limits`, `clock`, `vfs`, `process`, `shell`, `commands` (and its sibling `python`), `judge`,
//! `session`, `protocol`; `host` and `cli` are the edge, and `src/bin/` uses everything.
//!
//! This test reads every `src/<layer>/**/*.rs` (and `src/<layer>.rs`, if a layer is ever a single
//! file), finds every path into the crate root — `crate::x`, `$crate::x` in macros,
//! `crate::{x::…, y}` groups, and `super::…` chains long enough to climb to the root — and fails
//! with `file:line` for each one that names a layer the file's own layer may not use.
//!
//! What counts: code only. Comments (including doc comments) and string/char literals are
//! blanked out before scanning, so prose that mentions an upper layer is not a violation.
//!
//! Items at the crate root that are not layer modules are resolved to the layer that owns them:
//! `#[macro_export]` macros to the layer that defines them, `pub use` re-exports in `src/lib.rs`
//! to the layer they come from. A root item the test cannot place, or a folder under `src/` that
//! is not in [`LAYERS`], also fails the test, so a new layer or module must be classified here
//! before it can slip past the rule.
//!
//! Exceptions: none. The architecture documents allow none, so none are listed.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Every layer with the layers it may use (besides itself), from the table in
/// `shared/ARCHITECTURE.md`. `python` and `judge` do not exist yet; they are listed so that
/// they are checked from the day they appear.
const LAYERS: &[(&str, &[&str])] = &[
    ("limits", &[]),
    ("clock", &["limits"]),
    ("vfs", &["limits", "clock"]),
    ("process", &["limits", "clock", "vfs"]),
    ("shell", &["limits", "clock", "vfs", "process"]),
    ("commands", &["limits", "clock", "vfs", "process", "shell"]),
    // "same as commands": everything below commands, not commands itself.
    ("python", &["limits", "clock", "vfs", "process", "shell"]),
    // The judge reads the shell parser and AST; its VFS establishment needs the layers under it.
    ("judge", &["limits", "clock", "vfs", "process", "shell"]),
    (
        "session",
        &[
            "limits", "clock", "vfs", "process", "shell", "commands", "python", "judge",
        ],
    ),
    (
        "protocol",
        &[
            "limits", "clock", "vfs", "process", "shell", "commands", "python", "judge", "session",
        ],
    ),
    // The edge: may use everything.
    (
        "host",
        &[
            "limits", "clock", "vfs", "process", "shell", "commands", "python", "judge", "session",
            "protocol", "cli",
        ],
    ),
    (
        "cli",
        &[
            "limits", "clock", "vfs", "process", "shell", "commands", "python", "judge", "session",
            "protocol", "host",
        ],
    ),
];

/// Entries of `src/` that are not layers and are not scanned: the crate root (it declares and
/// re-exports the layers) and the binaries (which use everything, through `shellsim::`).
const NOT_LAYERS: &[&str] = &["lib.rs", "bin"];

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn allowed(layer: &str) -> Option<&'static [&'static str]> {
    LAYERS.iter().find(|(l, _)| *l == layer).map(|(_, a)| *a)
}

/// All `.rs` files under `dir`, sorted, so the report is stable.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The source with comments and string/char literals replaced by spaces (newlines kept), so
/// that byte offsets and line numbers still match the file.
fn code_only(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = b.to_vec();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to.min(b.len())] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let is_ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let prev_ident = i > 0 && is_ident(b[i - 1]);
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            let end = b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| i + p);
            blank(&mut out, i, end);
            i = end;
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            // Block comments nest in Rust.
            let (mut depth, mut j) = (1, i + 2);
            while j < b.len() && depth > 0 {
                if b[j] == b'/' && b.get(j + 1) == Some(&b'*') {
                    depth += 1;
                    j += 2;
                } else if b[j] == b'*' && b.get(j + 1) == Some(&b'/') {
                    depth -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j);
            i = j;
        } else if !prev_ident && (c == b'r' || (c == b'b' && b.get(i + 1) == Some(&b'r'))) && {
            // Raw string: r"…", r#"…"#, br"…".
            let k = if c == b'b' { i + 2 } else { i + 1 };
            let hashes = b[k..].iter().take_while(|&&h| h == b'#').count();
            b.get(k + hashes) == Some(&b'"')
        } {
            let k = if c == b'b' { i + 2 } else { i + 1 };
            let hashes = b[k..].iter().take_while(|&&h| h == b'#').count();
            let body = k + hashes + 1;
            let mut closing = vec![b'"'];
            closing.extend(std::iter::repeat_n(b'#', hashes));
            let end = b[body..]
                .windows(closing.len())
                .position(|w| w == closing.as_slice())
                .map_or(b.len(), |p| body + p + closing.len());
            blank(&mut out, i, end);
            i = end;
        } else if c == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            blank(&mut out, i, j + 1);
            i = j + 1;
        } else if c == b'\'' {
            // A char literal ('x', '\n', '\u{..}', or a multi-byte char), else a lifetime.
            let end = if b.get(i + 1) == Some(&b'\\') {
                b[i + 2..]
                    .iter()
                    .position(|&c| c == b'\'')
                    .map(|p| i + 2 + p + 1)
            } else {
                let ch_len = src[i + 1..].chars().next().map_or(1, char::len_utf8);
                (b.get(i + 1 + ch_len) == Some(&b'\'')).then_some(i + 2 + ch_len)
            };
            match end {
                Some(end) => {
                    blank(&mut out, i, end);
                    i = end;
                }
                None => i += 1,
            }
        } else {
            i += 1;
        }
    }
    String::from_utf8(out).expect("blanking keeps UTF-8 valid outside literals")
}

/// One reference from a file to an item at the crate root.
struct RootRef {
    line: usize,
    name: String,
    /// The text as written, for the report.
    written: String,
}

fn is_ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

fn ident_at(b: &[u8], i: usize) -> Option<(&str, usize)> {
    let end = i + b[i..].iter().take_while(|&&c| is_ident_byte(c)).count();
    (end > i).then(|| (std::str::from_utf8(&b[i..end]).unwrap(), end))
}

/// After `::` at `i`: the root names this path reaches. `x` for `::x`, and the first segment of
/// each element for `::{x::a, y, z::{…}}`.
fn names_after_colons(b: &[u8], i: usize) -> Vec<String> {
    let i = skip_ws(b, i);
    if b.get(i) == Some(&b'{') {
        let mut names = Vec::new();
        let (mut depth, mut j, mut at_element_start) = (0usize, i, true);
        while j < b.len() {
            match b[j] {
                b'{' => {
                    depth += 1;
                    at_element_start = depth == 1;
                    j += 1;
                }
                b'}' => {
                    depth -= 1;
                    j += 1;
                    if depth == 0 {
                        break;
                    }
                }
                b',' if depth == 1 => {
                    at_element_start = true;
                    j += 1;
                }
                c if c.is_ascii_whitespace() => j += 1,
                _ => {
                    if at_element_start && depth == 1 {
                        if let Some((name, end)) = ident_at(b, j) {
                            if name != "self" {
                                names.push(name.to_string());
                            }
                            j = end;
                        } else {
                            j += 1;
                        }
                    } else {
                        j += 1;
                    }
                    at_element_start = false;
                }
            }
        }
        names
    } else {
        ident_at(b, i)
            .map(|(n, _)| vec![n.to_string()])
            .unwrap_or_default()
    }
}

/// The module depth of a file below the crate root: `src/vfs/mod.rs` is 1, `src/vfs/path.rs`
/// and `src/shell/exec/mod.rs` are 2, `src/shell/exec/simple.rs` is 3.
fn module_depth(rel: &Path) -> usize {
    let parts = rel.components().count();
    let file = rel.file_name().unwrap().to_str().unwrap();
    if file == "mod.rs" {
        parts - 1
    } else {
        parts
    }
}

/// Every path from this file to the crate root, with its line.
fn root_refs(rel: &Path, code: &str) -> Vec<RootRef> {
    let b = code.as_bytes();
    let line_of = |i: usize| code[..i].bytes().filter(|&c| c == b'\n').count() + 1;
    let written = |from: usize| {
        let end = code[from..]
            .find([';', '\n'])
            .map_or(code.len(), |p| from + p);
        code[from..end].trim().to_string()
    };
    let file_depth = module_depth(rel);
    let mut refs = Vec::new();
    // Inline `mod name { … }` blocks deepen `super::`: brace depth at which each one closes.
    let mut inline_mods: Vec<usize> = Vec::new();
    let mut braces = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'{' => {
                braces += 1;
                i += 1;
                continue;
            }
            b'}' => {
                braces = braces.saturating_sub(1);
                while inline_mods.last().is_some_and(|&d| d > braces) {
                    inline_mods.pop();
                }
                i += 1;
                continue;
            }
            _ => {}
        }
        if !is_ident_byte(b[i]) || (i > 0 && is_ident_byte(b[i - 1])) {
            i += 1;
            continue;
        }
        let (word, end) = ident_at(b, i).unwrap();
        match word {
            "mod" => {
                // `mod name {` opens an inline module; `mod name;` does not.
                let j = skip_ws(b, end);
                if let Some((_, after_name)) = ident_at(b, j) {
                    let k = skip_ws(b, after_name);
                    if b.get(k) == Some(&b'{') {
                        inline_mods.push(braces + 1);
                    }
                }
            }
            "crate" => {
                let j = skip_ws(b, end);
                if b[j..].starts_with(b"::") {
                    for name in names_after_colons(b, j + 2) {
                        refs.push(RootRef {
                            line: line_of(i),
                            name,
                            written: written(i),
                        });
                    }
                }
            }
            "super" => {
                // Count the chain `super::super::…`; it reaches the root when it is exactly as
                // long as the module's depth.
                let (mut supers, mut j) = (1, skip_ws(b, end));
                while b[j..].starts_with(b"::") {
                    let k = skip_ws(b, j + 2);
                    match ident_at(b, k) {
                        Some(("super", e)) => {
                            supers += 1;
                            j = skip_ws(b, e);
                        }
                        _ => break,
                    }
                }
                if b[j..].starts_with(b"::") && supers == file_depth + inline_mods.len() {
                    for name in names_after_colons(b, j + 2) {
                        refs.push(RootRef {
                            line: line_of(i),
                            name,
                            written: written(i),
                        });
                    }
                }
                i = j.max(end);
                continue;
            }
            _ => {}
        }
        i = end;
    }
    refs
}

/// The layer directly under `src/` that a file belongs to (`src/vfs/path.rs` → `vfs`,
/// `src/vfs.rs` → `vfs`).
fn layer_of(rel: &Path) -> String {
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_str()
        .unwrap();
    first.strip_suffix(".rs").unwrap_or(first).to_string()
}

/// Root items that are not layer modules, mapped to the layer that owns them.
fn root_item_owners(files: &[(PathBuf, String, String)]) -> BTreeMap<String, String> {
    let mut owners = BTreeMap::new();
    // `#[macro_export] macro_rules! name` lives at the crate root but belongs to its layer.
    for (rel, _, code) in files {
        let mut rest = code.as_str();
        while let Some(p) = rest.find("#[macro_export]") {
            rest = &rest[p + "#[macro_export]".len()..];
            let after = rest.trim_start();
            if let Some(def) = after.strip_prefix("macro_rules!") {
                let name: String = def
                    .trim_start()
                    .chars()
                    .take_while(|&c| c.is_alphanumeric() || c == '_')
                    .collect();
                owners.insert(name, layer_of(rel));
            }
        }
    }
    // `pub use layer::{A, B};` / `pub use layer::A;` in lib.rs: the names belong to `layer`.
    let lib = code_only(&fs::read_to_string(src_dir().join("lib.rs")).expect("read src/lib.rs"));
    for stmt in lib.split(';') {
        let stmt = stmt.trim();
        let Some(path) = stmt.strip_prefix("pub use ") else {
            continue;
        };
        let path = path
            .trim()
            .trim_start_matches("crate::")
            .trim_start_matches("self::");
        let Some((layer, rest)) = path.split_once("::") else {
            continue;
        };
        let rest = rest.trim();
        let items: Vec<&str> = match rest.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
            Some(group) => group.split(',').collect(),
            None => vec![rest],
        };
        for item in items {
            // `a::B` → `B`; `B as C` → `C`.
            let item = item.trim();
            let item = item
                .rsplit_once(" as ")
                .map_or(item, |(_, alias)| alias)
                .trim();
            let item = item.rsplit("::").next().unwrap().trim();
            if !item.is_empty() && item != "self" && item != "*" {
                owners.insert(item.to_string(), layer.to_string());
            }
        }
    }
    owners
}

#[test]
fn lower_layers_never_use_upper_layers() {
    let src = src_dir();
    let mut problems = Vec::new();

    // Classify every entry of src/, so a new layer cannot escape the check by being unknown.
    let mut top: Vec<String> = fs::read_dir(&src)
        .expect("read src/")
        .map(|e| {
            e.expect("directory entry")
                .file_name()
                .into_string()
                .unwrap()
        })
        .collect();
    top.sort();
    let mut layer_paths = Vec::new();
    for name in &top {
        if NOT_LAYERS.contains(&name.as_str()) {
            continue;
        }
        let path = src.join(name);
        let layer = name.strip_suffix(".rs").unwrap_or(name);
        if !path.is_dir() && !name.ends_with(".rs") {
            continue;
        }
        if allowed(layer).is_none() {
            problems.push(format!(
                "src/{name}: not a known layer; add it to LAYERS in tests/layers.rs with the \
                 layers it may use (see docs/architecture.md)"
            ));
            continue;
        }
        if path.is_dir() {
            rust_files(&path, &mut layer_paths);
        } else {
            layer_paths.push(path);
        }
    }

    let files: Vec<(PathBuf, String, String)> = layer_paths
        .iter()
        .map(|path| {
            let rel = path.strip_prefix(&src).unwrap().to_path_buf();
            let text =
                fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
            let layer = layer_of(&rel);
            (rel, layer, code_only(&text))
        })
        .collect();
    let owners = root_item_owners(&files);

    let mut checked = 0;
    for (rel, layer, code) in &files {
        let may_use = allowed(layer).unwrap();
        for r in root_refs(rel, code) {
            checked += 1;
            let target = if allowed(&r.name).is_some() {
                r.name.clone()
            } else if let Some(owner) = owners.get(&r.name) {
                owner.clone()
            } else {
                problems.push(format!(
                    "src/{}:{}: `{}` names crate-root item `{}`, which is neither a layer nor \
                     a #[macro_export] macro nor a re-export in src/lib.rs; classify it in \
                     tests/layers.rs",
                    rel.display(),
                    r.line,
                    r.written,
                    r.name
                ));
                continue;
            };
            if target != *layer && !may_use.contains(&target.as_str()) {
                problems.push(format!(
                    "src/{}:{}: layer `{layer}` uses `{target}`, a layer above it: `{}`",
                    rel.display(),
                    r.line,
                    r.written
                ));
            }
        }
    }
    assert!(
        checked > 0,
        "found no crate:: paths at all; is the scanner broken?"
    );
    assert!(
        problems.is_empty(),
        "layering violations (a lower layer must never call up; see docs/architecture.md):\n  {}\n\
         Fix the code (move the item down, or invert the dependency with a trait owned by the \
         lower layer) rather than adding an exception here.",
        problems.join("\n  ")
    );
}

// The scanner's own contract, on small inputs.

#[test]
fn scanner_finds_use_inline_grouped_and_macro_paths() {
    let code = code_only(
        "use crate::vfs::Vfs;\n\
         fn f() { crate::shell::printf::run(); }\n\
         use crate::{limits::Meter, process::{fd, io}, self};\n\
         macro_rules! m { () => { $crate::session::X }; }\n\
         pub(crate) fn g() {}\n",
    );
    let refs = root_refs(Path::new("commands/x.rs"), &code);
    let got: Vec<(usize, &str)> = refs.iter().map(|r| (r.line, r.name.as_str())).collect();
    assert_eq!(
        got,
        [
            (1, "vfs"),
            (2, "shell"),
            (3, "limits"),
            (3, "process"),
            (4, "session")
        ]
    );
}

#[test]
fn scanner_ignores_comments_and_literals() {
    let code = code_only(
        "// crate::session is above us\n\
         /* crate::cli /* nested */ crate::host */\n\
         /// [`crate::protocol::Report`]\n\
         const S: &str = \"crate::session\";\n\
         const R: &str = r#\"crate::\"session\"#;\n\
         const C: char = '\"'; fn h<'a>(x: &'a str) -> &'a str { x }\n\
         use crate::vfs;\n",
    );
    let refs = root_refs(Path::new("shell/x.rs"), &code);
    let got: Vec<(usize, &str)> = refs.iter().map(|r| (r.line, r.name.as_str())).collect();
    assert_eq!(got, [(7, "vfs")]);
}

#[test]
fn scanner_follows_super_to_the_root() {
    // src/shell/exec/simple.rs is three modules deep: three `super`s reach the root.
    let code = code_only(
        "use super::super::super::commands::Registry;\n\
         use super::super::parser;\n\
         mod tests { use super::super::super::super::session::Environment; use super::x; }\n",
    );
    let refs = root_refs(Path::new("shell/exec/simple.rs"), &code);
    let got: Vec<(usize, &str)> = refs.iter().map(|r| (r.line, r.name.as_str())).collect();
    assert_eq!(got, [(1, "commands"), (3, "session")]);
}
