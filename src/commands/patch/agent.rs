//! The `*** Begin Patch` format coding agents write:
//!
//! ```text
//! *** Begin Patch
//! *** Add File: path          (then lines prefixed `+`)
//! *** Delete File: path
//! *** Update File: path
//! *** Move to: newpath        (optional)
//! @@ optional context line
//!  context / -removed / +added
//! *** End of File             (optional: the chunk ends at the end of the file)
//! *** End Patch
//! ```
//!
//! An update's chunks are found in order, each after the previous one. A chunk's old lines are
//! compared exactly first, then ignoring trailing white space, then ignoring white space at
//! both ends. Files are treated as lines; an updated or added file ends with a newline.

use crate::limits::{cost, Exhausted};

use super::apply::Charge;

/// One `@@` chunk of an update.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chunk {
    /// The text after `@@ ` (a line to find first), if any.
    pub anchor: Option<Vec<u8>>,
    pub old: Vec<Vec<u8>>,
    pub new: Vec<Vec<u8>>,
    /// `*** End of File` followed the chunk.
    pub at_eof: bool,
    /// Line of the chunk's start in the patch (1-based).
    pub line_no: usize,
}

/// One file operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    Add {
        path: Vec<u8>,
        lines: Vec<Vec<u8>>,
    },
    Delete {
        path: Vec<u8>,
    },
    Update {
        path: Vec<u8>,
        move_to: Option<Vec<u8>>,
        chunks: Vec<Chunk>,
    },
}

/// A problem in the patch text, with its line (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub line: usize,
    pub message: String,
}

/// Whether the text is in this format (its first non-blank line is `*** Begin Patch`).
pub fn detect(text: &[u8]) -> bool {
    text.split(|&b| b == b'\n')
        .map(|l| l.trim_ascii())
        .find(|l| !l.is_empty())
        .is_some_and(|l| l == b"*** Begin Patch")
}

fn err(line: usize, message: impl Into<String>) -> SyntaxError {
    SyntaxError {
        line,
        message: message.into(),
    }
}

fn path_after<'a>(line: &'a [u8], tag: &[u8]) -> Option<&'a [u8]> {
    line.strip_prefix(tag).map(|p| p.trim_ascii())
}

/// Reads the operations.
pub fn parse(text: &[u8]) -> Result<Vec<Op>, SyntaxError> {
    let lines: Vec<&[u8]> = text
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .collect();
    let mut i = lines
        .iter()
        .position(|l| !l.trim_ascii().is_empty())
        .ok_or_else(|| err(1, "empty patch"))?;
    if lines[i].trim_ascii() != b"*** Begin Patch" {
        return Err(err(i + 1, "the first line must be '*** Begin Patch'"));
    }
    i += 1;
    let mut ops = Vec::new();
    loop {
        let Some(&line) = lines.get(i) else {
            return Err(err(i, "missing '*** End Patch'"));
        };
        let t = line.trim_ascii_end();
        if t == b"*** End Patch" {
            break;
        }
        if t.is_empty() {
            i += 1;
            continue;
        }
        if let Some(p) = path_after(t, b"*** Add File: ") {
            let path = p.to_vec();
            i += 1;
            let mut content = Vec::new();
            while let Some(&l) = lines.get(i) {
                if let Some(body) = l.strip_prefix(b"+") {
                    content.push(body.to_vec());
                    i += 1;
                } else if l.starts_with(b"***") || l.trim_ascii().is_empty() {
                    break;
                } else {
                    return Err(err(i + 1, "an added file's lines must start with '+'"));
                }
            }
            ops.push(Op::Add {
                path,
                lines: content,
            });
        } else if let Some(p) = path_after(t, b"*** Delete File: ") {
            ops.push(Op::Delete { path: p.to_vec() });
            i += 1;
        } else if let Some(p) = path_after(t, b"*** Update File: ") {
            let path = p.to_vec();
            i += 1;
            let mut move_to = None;
            if let Some(m) = lines
                .get(i)
                .and_then(|l| path_after(l.trim_ascii_end(), b"*** Move to: "))
            {
                move_to = Some(m.to_vec());
                i += 1;
            }
            let chunks = parse_chunks(&lines, &mut i)?;
            if chunks.is_empty() && move_to.is_none() {
                return Err(err(i + 1, "an update needs at least one '@@' chunk"));
            }
            ops.push(Op::Update {
                path,
                move_to,
                chunks,
            });
        } else {
            return Err(err(
                i + 1,
                format!("unexpected line: {}", String::from_utf8_lossy(line)),
            ));
        }
        if let Some(Op::Add { path, .. } | Op::Delete { path } | Op::Update { path, .. }) =
            ops.last()
        {
            if path.is_empty() {
                return Err(err(i, "a file operation needs a path"));
            }
        }
    }
    Ok(ops)
}

fn parse_chunks(lines: &[&[u8]], i: &mut usize) -> Result<Vec<Chunk>, SyntaxError> {
    let mut chunks: Vec<Chunk> = Vec::new();
    while let Some(&line) = lines.get(*i) {
        if line.starts_with(b"@@") {
            let anchor = line[2..].trim_ascii();
            chunks.push(Chunk {
                anchor: (!anchor.is_empty()).then(|| anchor.to_vec()),
                line_no: *i + 1,
                ..Chunk::default()
            });
            *i += 1;
            continue;
        }
        if line.trim_ascii_end() == b"*** End of File" {
            match chunks.last_mut() {
                Some(c) => c.at_eof = true,
                None => return Err(err(*i + 1, "'*** End of File' outside a chunk")),
            }
            *i += 1;
            continue;
        }
        if line.starts_with(b"***") {
            break;
        }
        if chunks.is_empty() {
            // The first chunk may leave out its `@@` line.
            chunks.push(Chunk {
                line_no: *i + 1,
                ..Chunk::default()
            });
        }
        let c = chunks.last_mut().expect("a chunk is open");
        if c.at_eof {
            return Err(err(*i + 1, "lines after '*** End of File'"));
        }
        match line.first() {
            None => {
                c.old.push(Vec::new());
                c.new.push(Vec::new());
            }
            Some(b' ') => {
                c.old.push(line[1..].to_vec());
                c.new.push(line[1..].to_vec());
            }
            Some(b'-') => c.old.push(line[1..].to_vec()),
            Some(b'+') => c.new.push(line[1..].to_vec()),
            _ => {
                return Err(err(
                    *i + 1,
                    format!(
                        "a chunk line must start with ' ', '-' or '+': {}",
                        String::from_utf8_lossy(line)
                    ),
                ))
            }
        }
        *i += 1;
    }
    if let Some(c) = chunks.iter().find(|c| c.old.is_empty() && c.new.is_empty()) {
        return Err(err(c.line_no, "empty chunk"));
    }
    Ok(chunks)
}

/// How strictly two lines must agree.
#[derive(Clone, Copy)]
enum Level {
    Exact,
    TrailingSpace,
    Trimmed,
}

fn same(a: &[u8], b: &[u8], level: Level) -> bool {
    match level {
        Level::Exact => a == b,
        Level::TrailingSpace => a.trim_ascii_end() == b.trim_ascii_end(),
        Level::Trimmed => a.trim_ascii() == b.trim_ascii(),
    }
}

/// Finds `pat` in `lines` at or after `from` (at the end first when `eof`), trying the three
/// strictness levels in turn.
fn seek(
    lines: &[Vec<u8>],
    pat: &[Vec<u8>],
    from: usize,
    eof: bool,
    charge: &mut Charge,
) -> Result<Option<usize>, Exhausted> {
    if pat.len() > lines.len() {
        return Ok(None);
    }
    let last = lines.len() - pat.len();
    for level in [Level::Exact, Level::TrailingSpace, Level::Trimmed] {
        let starts: Box<dyn Iterator<Item = usize>> = if eof {
            Box::new(std::iter::once(last).chain(from..=last))
        } else {
            Box::new(from..=last)
        };
        let mut compared = 0u64;
        let mut hit = None;
        for s in starts {
            if s < from {
                continue;
            }
            let ok = pat.iter().zip(&lines[s..]).all(|(p, l)| {
                compared += 1;
                same(l, p, level)
            });
            if ok {
                hit = Some(s);
                break;
            }
        }
        charge(cost::LINE * compared)?;
        if hit.is_some() {
            return Ok(hit);
        }
    }
    Ok(None)
}

/// Why an update failed: the chunk (1-based) and what was not found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChunkError {
    pub chunk: usize,
    pub message: String,
}

/// Splits a file into lines without their newlines.
pub fn to_lines(data: &[u8]) -> Vec<Vec<u8>> {
    if data.is_empty() {
        return Vec::new();
    }
    let body = data.strip_suffix(b"\n").unwrap_or(data);
    body.split(|&b| b == b'\n').map(|l| l.to_vec()).collect()
}

/// Joins lines into file content ending with a newline (empty for no lines).
pub fn from_lines(lines: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for l in lines {
        out.extend_from_slice(l);
        out.push(b'\n');
    }
    out
}

/// Applies an update's chunks to a file's content.
pub fn update(
    data: &[u8],
    chunks: &[Chunk],
    charge: &mut Charge,
) -> Result<Result<Vec<u8>, ChunkError>, Exhausted> {
    let lines = to_lines(data);
    let mut cursor = 0;
    let mut edits: Vec<(usize, usize, &[Vec<u8>])> = Vec::new();
    for (k, c) in chunks.iter().enumerate() {
        let fail = |message: String| {
            Ok(Err(ChunkError {
                chunk: k + 1,
                message,
            }))
        };
        let mut anchored = false;
        if let Some(a) = &c.anchor {
            match seek(&lines, std::slice::from_ref(a), cursor, false, charge)? {
                Some(at) => {
                    cursor = at + 1;
                    anchored = true;
                }
                None => {
                    return fail(format!(
                        "context line not found: {}",
                        String::from_utf8_lossy(a)
                    ))
                }
            }
        }
        if c.old.is_empty() {
            let at = if anchored && !c.at_eof {
                cursor
            } else {
                lines.len()
            };
            edits.push((at, 0, &c.new));
            continue;
        }
        let mut old: &[Vec<u8>] = &c.old;
        let mut new: &[Vec<u8>] = &c.new;
        let mut found = seek(&lines, old, cursor, c.at_eof, charge)?;
        if found.is_none() && old.last().is_some_and(|l| l.is_empty()) {
            // A trailing blank line in the chunk often stands for the end of the file.
            old = &old[..old.len() - 1];
            if new.last().is_some_and(|l| l.is_empty()) {
                new = &new[..new.len() - 1];
            }
            found = seek(&lines, old, cursor, c.at_eof, charge)?;
        }
        match found {
            Some(at) => {
                edits.push((at, old.len(), new));
                cursor = at + old.len();
            }
            None => {
                let first = c
                    .old
                    .iter()
                    .find(|l| !l.trim_ascii().is_empty())
                    .unwrap_or(&c.old[0]);
                return fail(format!(
                    "expected lines not found (first: {})",
                    String::from_utf8_lossy(first)
                ));
            }
        }
    }
    let mut out = lines;
    for (at, len, new) in edits.into_iter().rev() {
        out.splice(at..at + len, new.iter().cloned());
    }
    charge(cost::per_bytes(data.len(), 256, cost::SCAN_PER_256_BYTES))?;
    Ok(Ok(from_lines(&out)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn free() -> impl FnMut(u64) -> Result<(), Exhausted> {
        |_| Ok(())
    }

    #[test]
    fn parses_every_operation() {
        let p = b"*** Begin Patch\n*** Add File: new.txt\n+hello\n+world\n*** Delete File: old.txt\n*** Update File: src/a.rs\n*** Move to: src/b.rs\n@@ fn main() {\n-    old();\n+    new();\n }\n*** End of File\n*** End Patch\n";
        assert!(detect(p));
        let ops = parse(p).unwrap();
        assert_eq!(ops.len(), 3);
        assert_eq!(
            ops[0],
            Op::Add {
                path: b"new.txt".to_vec(),
                lines: vec![b"hello".to_vec(), b"world".to_vec()]
            }
        );
        let Op::Update {
            move_to, chunks, ..
        } = &ops[2]
        else {
            panic!("not an update")
        };
        assert_eq!(move_to.as_deref(), Some(&b"src/b.rs"[..]));
        assert_eq!(chunks[0].anchor.as_deref(), Some(&b"fn main() {"[..]));
        assert!(chunks[0].at_eof);
        assert_eq!(chunks[0].old, vec![b"    old();".to_vec(), b"}".to_vec()]);
    }

    #[test]
    fn syntax_errors_name_the_line() {
        let e = parse(b"*** Begin Patch\n*** Frobnicate: x\n*** End Patch\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(parse(b"*** Begin Patch\n*** Update File: a\n@@\n x\n").is_err());
        assert!(parse(b"hello\n").is_err());
    }

    #[test]
    fn whitespace_tolerance_in_order() {
        let data = b"fn a() {\n    one();   \n}\nfn b() {\n    one();\n}\n";
        let chunks = parse(b"*** Begin Patch\n*** Update File: x\n@@ fn b() {\n-    one();\n+    two();\n*** End Patch\n")
            .unwrap();
        let Op::Update { chunks, .. } = &chunks[0] else {
            panic!()
        };
        let out = update(data, chunks, &mut free()).unwrap().unwrap();
        assert_eq!(
            out,
            b"fn a() {\n    one();   \n}\nfn b() {\n    two();\n}\n"
        );
        // Trailing white space differs: found on the second pass.
        let c = vec![Chunk {
            old: vec![b"    one();".to_vec()],
            new: vec![b"    1();".to_vec()],
            ..Chunk::default()
        }];
        let out = update(b"x\n    one();  \n", &c, &mut free())
            .unwrap()
            .unwrap();
        assert_eq!(out, b"x\n    1();\n");
        // Only surrounding white space differs: third pass.
        let out = update(b"\tone();\n", &c, &mut free()).unwrap().unwrap();
        assert_eq!(out, b"    1();\n");
    }

    #[test]
    fn missing_context_is_an_error_naming_the_chunk() {
        let c = vec![
            Chunk {
                old: vec![b"a".to_vec()],
                new: vec![b"A".to_vec()],
                ..Chunk::default()
            },
            Chunk {
                old: vec![b"zzz".to_vec()],
                new: vec![],
                ..Chunk::default()
            },
        ];
        let e = update(b"a\nb\n", &c, &mut free()).unwrap().unwrap_err();
        assert_eq!(e.chunk, 2);
    }

    #[test]
    fn end_of_file_prefers_the_last_match() {
        let c = vec![Chunk {
            old: vec![b"x".to_vec()],
            new: vec![b"y".to_vec()],
            at_eof: true,
            ..Chunk::default()
        }];
        assert_eq!(
            update(b"x\nm\nx\n", &c, &mut free()).unwrap().unwrap(),
            b"x\nm\ny\n"
        );
    }
}
