//! Reading a unified diff the way GNU patch 2.7.6 does: leading text is skipped, each file's
//! header (`--- `/`+++ `, `diff --git` with its extended lines, `Index:`) is collected, and
//! hunks are read by their declared lengths. The result is a list of file patches; a fatal
//! problem (a malformed line, an early end) is recorded where GNU would stop, so the caller can
//! report what came before it exactly as GNU does.

use super::names::{self, NameField};

/// One line of a hunk: `b' '` context, `b'-'` removed, `b'+'` added. The text keeps its
/// newline unless the patch said `\ No newline at end of file`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HunkLine {
    pub kind: u8,
    pub text: Vec<u8>,
}

/// One `@@ -a,b +c,d @@` hunk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hunk {
    /// The first old line (1-based). When the old side is empty this is the line the new text
    /// goes before, as GNU numbers it.
    pub old_first: usize,
    pub new_first: usize,
    pub lines: Vec<HunkLine>,
    /// Text after the closing `@@` (kept for reject files), without the newline.
    pub section: Vec<u8>,
    /// Line of the `@@` header in the patch (1-based).
    pub line_no: usize,
    /// The patch ended in the middle of one of this hunk's lines.
    pub unterminated: bool,
}

impl Hunk {
    /// The lines the hunk expects (context and removed).
    pub fn old_lines(&self) -> Vec<&[u8]> {
        self.side(b'-')
    }

    /// The lines the hunk produces (context and added).
    #[cfg(test)]
    pub fn new_lines(&self) -> Vec<&[u8]> {
        self.side(b'+')
    }

    fn side(&self, mark: u8) -> Vec<&[u8]> {
        self.lines
            .iter()
            .filter(|l| l.kind == b' ' || l.kind == mark)
            .map(|l| l.text.as_slice())
            .collect()
    }

    /// Context lines before the first change.
    pub fn prefix_context(&self) -> usize {
        self.lines.iter().take_while(|l| l.kind == b' ').count()
    }

    /// Context lines after the last change.
    pub fn suffix_context(&self) -> usize {
        if self.lines.iter().all(|l| l.kind == b' ') {
            return 0;
        }
        self.lines
            .iter()
            .rev()
            .take_while(|l| l.kind == b' ')
            .count()
    }

    /// The same hunk read backwards (`-R`): old and new sides exchanged.
    pub fn reversed(&self) -> Hunk {
        let mut h = self.clone();
        std::mem::swap(&mut h.old_first, &mut h.new_first);
        // Within each run of changes GNU keeps the new side's lines after the old side's.
        let mut out = Vec::with_capacity(h.lines.len());
        let mut i = 0;
        while i < self.lines.len() {
            if self.lines[i].kind == b' ' {
                out.push(self.lines[i].clone());
                i += 1;
                continue;
            }
            let start = i;
            while i < self.lines.len() && self.lines[i].kind != b' ' {
                i += 1;
            }
            let run = &self.lines[start..i];
            for l in run.iter().filter(|l| l.kind == b'+') {
                out.push(HunkLine {
                    kind: b'-',
                    text: l.text.clone(),
                });
            }
            for l in run.iter().filter(|l| l.kind == b'-') {
                out.push(HunkLine {
                    kind: b'+',
                    text: l.text.clone(),
                });
            }
        }
        h.lines = out;
        h
    }
}

/// What `diff --git` and its extended header lines said.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GitInfo {
    pub old: Vec<u8>,
    pub new: Vec<u8>,
    pub rename: bool,
    pub copy: bool,
    pub new_mode: Option<u32>,
    pub deleted: bool,
    pub created: bool,
    pub binary: bool,
}

/// Why reading stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fatal {
    /// `malformed patch at line N: TEXT` (TEXT keeps its newline).
    Malformed {
        line_no: usize,
        text: Vec<u8>,
    },
    UnexpectedEof,
    /// A diff format this simulator does not read (context, normal or ed diffs).
    Unsupported(&'static str),
}

impl Fatal {
    /// GNU's message after `patch: **** `.
    pub fn message(&self) -> Vec<u8> {
        match self {
            Fatal::Malformed { line_no, text } => {
                let mut m = format!("malformed patch at line {line_no}: ").into_bytes();
                m.extend_from_slice(text);
                m
            }
            Fatal::UnexpectedEof => b"unexpected end of file in patch".to_vec(),
            Fatal::Unsupported(what) => {
                format!("{what} are not supported by this simulator (only unified diffs are)")
                    .into_bytes()
            }
        }
    }
}

/// One file's part of the patch.
#[derive(Clone, Debug, Default)]
pub struct FilePatch {
    pub old: Option<NameField>,
    pub new: Option<NameField>,
    pub index: Option<Vec<u8>>,
    pub git: Option<GitInfo>,
    /// The lines from the end of the previous file's part up to the first hunk.
    pub leading: Vec<Vec<u8>>,
    /// Line of the first hunk header (or of the end of the header when there is none).
    pub first_hunk_line: usize,
    pub hunks: Vec<Hunk>,
    /// Reading stopped inside this part, after `hunks`.
    pub fatal: Option<Fatal>,
    /// This part is where GNU noticed CRLF line ends and started stripping them.
    pub strip_cr_notice: bool,
}

/// The whole patch.
#[derive(Clone, Debug, Default)]
pub struct Patch {
    pub files: Vec<FilePatch>,
    /// Reading stopped between file parts (an unsupported format).
    pub fatal: Option<Fatal>,
    /// The input held something, but no diff at all.
    pub only_garbage: bool,
}

impl Patch {
    /// The first fatal problem anywhere, if any.
    pub fn first_fatal(&self) -> Option<&Fatal> {
        self.files
            .iter()
            .find_map(|f| f.fatal.as_ref())
            .or(self.fatal.as_ref())
    }
}

/// Splits into lines that keep their `\n` (the last may lack one).
pub fn split_lines(text: &[u8]) -> Vec<&[u8]> {
    text.split_inclusive(|&b| b == b'\n').collect()
}

fn parse_num(s: &[u8]) -> Option<(usize, &[u8])> {
    let end = s
        .iter()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(s.len());
    if end == 0 {
        return None;
    }
    let n = std::str::from_utf8(&s[..end]).ok()?.parse().ok()?;
    Some((n, &s[end..]))
}

/// `-a[,b]` or `+c[,d]` (the sign already removed): start and length (default 1).
fn parse_range(s: &[u8]) -> Option<(usize, usize, &[u8])> {
    let (start, rest) = parse_num(s)?;
    if let Some(r) = rest.strip_prefix(b",") {
        let (len, rest) = parse_num(r)?;
        Some((start, len, rest))
    } else {
        Some((start, 1, rest))
    }
}

/// The ranges and section text of a `@@ -a,b +c,d @@ text` line.
fn parse_hunk_header(line: &[u8]) -> Option<(usize, usize, usize, usize, Vec<u8>)> {
    let s = line.strip_prefix(b"@@ -")?;
    let (a, b, rest) = parse_range(s)?;
    let rest = rest.strip_prefix(b" +")?;
    let (c, d, rest) = parse_range(rest)?;
    let rest = rest.strip_prefix(b" @@")?;
    let section = rest.strip_suffix(b"\n").unwrap_or(rest).to_vec();
    Some((a, b, c, d, section))
}

/// Whether a line starts a normal diff command (`3c3`, `5,7d4`, `0a1,2`).
fn is_normal_command(line: &[u8]) -> bool {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let Some((_, rest)) = parse_num(line) else {
        return false;
    };
    let rest = match rest.strip_prefix(b",") {
        Some(r) => match parse_num(r) {
            Some((_, r)) => r,
            None => return false,
        },
        None => rest,
    };
    let Some((&cmd, rest)) = rest.split_first() else {
        return false;
    };
    if !b"acd".contains(&cmd) {
        return false;
    }
    let Some((_, rest)) = parse_num(rest) else {
        return false;
    };
    match rest.strip_prefix(b",") {
        Some(r) => matches!(parse_num(r), Some((_, b""))),
        None => rest.is_empty(),
    }
}

struct Reader<'a> {
    lines: Vec<&'a [u8]>,
    strip_cr: bool,
}

impl Reader<'_> {
    /// Line `i` (0-based) with a CR before its newline removed when stripping.
    fn get(&self, i: usize) -> Option<Vec<u8>> {
        let l = *self.lines.get(i)?;
        if self.strip_cr && l.ends_with(b"\r\n") {
            let mut v = l[..l.len() - 2].to_vec();
            v.push(b'\n');
            return Some(v);
        }
        Some(l.to_vec())
    }
}

/// Whether a line looks like the start of a diff header (GNU decides on CR stripping there).
fn is_header_like(l: &[u8]) -> bool {
    l.starts_with(b"--- ")
        || l.starts_with(b"+++ ")
        || l.starts_with(b"@@ -")
        || l.starts_with(b"*** ")
        || l.starts_with(b"diff ")
}

/// Reads the whole patch. `bare_hunks_ok`: a hunk with no file header is accepted (GNU does
/// when a file to patch was named on the command line).
pub fn parse(text: &[u8], bare_hunks_ok: bool) -> Patch {
    parse_opts(text, bare_hunks_ok, true)
}

/// [`parse`], choosing whether CRLF patches have their carriage returns stripped (GNU does
/// unless `--binary`).
pub fn parse_opts(text: &[u8], bare_hunks_ok: bool, strip_crs: bool) -> Patch {
    let lines = split_lines(text);
    let strip_cr = strip_crs
        && lines
            .iter()
            .find(|l| is_header_like(l))
            .is_some_and(|l| l.ends_with(b"\r\n"));
    let r = Reader { lines, strip_cr };
    let mut patch = Patch::default();
    let mut pos = 0;
    let mut cr_noticed = false;
    loop {
        let start = pos;
        let mut fp = FilePatch::default();
        let mut found = false;
        // Scan the header.
        while let Some(line) = r.get(pos) {
            if line.starts_with(b"diff --git ") {
                if fp.git.is_some() && git_has_effect(&fp) {
                    // A header-only git patch (rename, copy, mode) ends here.
                    break;
                }
                fp = FilePatch {
                    git: Some(names::git_names(&line[11..])),
                    index: fp.index.take(),
                    ..FilePatch::default()
                };
            } else if let Some(rest) = line.strip_prefix(b"Index: ") {
                fp.index = Some(names::trim_line(rest).to_vec());
            } else if let Some(g) = fp.git.as_mut() {
                git_extended(g, &line);
            }
            if line.starts_with(b"--- ") && r.get(pos + 1).is_some_and(|n| n.starts_with(b"+++ ")) {
                let next = r.get(pos + 1).unwrap_or_default();
                fp.old = Some(names::fetch(&line[4..]));
                fp.new = Some(names::fetch(&next[4..]));
                pos += 2;
                if r.get(pos).is_some_and(|l| l.starts_with(b"@@ -")) {
                    found = true;
                    break;
                }
                continue;
            }
            if line.starts_with(b"@@ -") && bare_hunks_ok && parse_hunk_header(&line).is_some() {
                found = true;
                break;
            }
            if line.starts_with(b"*** ")
                && r.get(pos + 1).is_some_and(|n| n.starts_with(b"--- "))
                && r.get(pos + 2)
                    .is_some_and(|n| n.starts_with(b"***************"))
            {
                patch.fatal = Some(Fatal::Unsupported("context diffs"));
                return patch;
            }
            if is_normal_command(&line) && !bare_hunks_ok {
                // A normal diff needs a file named on the command line in GNU too; without one
                // it is garbage.
            } else if is_normal_command(&line) {
                patch.fatal = Some(Fatal::Unsupported("normal diffs"));
                return patch;
            }
            if fp.git.as_ref().is_some_and(|g| g.binary) {
                pos += 1;
                break;
            }
            pos += 1;
        }
        let header_only = !found && fp.git.is_some() && git_has_effect(&fp);
        if !found && !header_only {
            break;
        }
        fp.leading = (start..pos).filter_map(|i| r.get(i)).collect();
        fp.first_hunk_line = pos + 1;
        if strip_cr && !cr_noticed {
            fp.strip_cr_notice = true;
            cr_noticed = true;
        }
        if found {
            while r.get(pos).is_some_and(|l| l.starts_with(b"@@ -")) {
                match read_hunk(&r, &mut pos) {
                    Ok(h) => fp.hunks.push(h),
                    Err(f) => {
                        fp.fatal = Some(f);
                        patch.files.push(fp);
                        return patch;
                    }
                }
            }
        }
        patch.files.push(fp);
    }
    patch.only_garbage = patch.files.is_empty() && patch.fatal.is_none() && !text.is_empty();
    patch
}

/// Whether a git header without hunks still changes something.
fn git_has_effect(fp: &FilePatch) -> bool {
    fp.git.as_ref().is_some_and(|g| {
        g.rename || g.copy || g.new_mode.is_some() || g.binary || g.created || g.deleted
    })
}

fn octal_mode(s: &[u8]) -> Option<u32> {
    u32::from_str_radix(std::str::from_utf8(names::trim_line(s)).ok()?, 8).ok()
}

/// Notes what a git extended header line says. The names come from the `diff --git` line
/// (they carry the `a/` and `b/` prefixes that `-p` strips); `rename from` and the like only
/// say what happens.
fn git_extended(g: &mut GitInfo, line: &[u8]) {
    if line.starts_with(b"rename from ") || line.starts_with(b"rename to ") {
        g.rename = true;
    } else if line.starts_with(b"copy from ") || line.starts_with(b"copy to ") {
        g.copy = true;
    } else if let Some(r) = line.strip_prefix(b"new mode ") {
        g.new_mode = octal_mode(r);
    } else if let Some(r) = line.strip_prefix(b"new file mode ") {
        g.created = true;
        g.new_mode = octal_mode(r);
    } else if line.starts_with(b"deleted file mode ") {
        g.deleted = true;
    } else if line.starts_with(b"GIT binary patch") || line.starts_with(b"Binary files ") {
        g.binary = true;
    }
}

/// Reads one unified hunk starting at `*pos` (its `@@` line).
fn read_hunk(r: &Reader, pos: &mut usize) -> Result<Hunk, Fatal> {
    let header = r.get(*pos).unwrap_or_default();
    let line_no = *pos + 1;
    let Some((a, b, c, d, section)) = parse_hunk_header(&header) else {
        return Err(Fatal::Malformed {
            line_no,
            text: header,
        });
    };
    *pos += 1;
    let mut h = Hunk {
        old_first: if b == 0 { a + 1 } else { a },
        new_first: if d == 0 { c + 1 } else { c },
        lines: Vec::new(),
        section,
        line_no,
        unterminated: false,
    };
    let (mut old_seen, mut new_seen) = (0, 0);
    while old_seen < b || new_seen < d {
        let Some(mut line) = r.get(*pos) else {
            // GNU assumes a few trailing blank context lines were chopped off.
            if d - new_seen <= 3 && old_seen < b && new_seen < d {
                h.lines.push(HunkLine {
                    kind: b' ',
                    text: b"\n".to_vec(),
                });
                old_seen += 1;
                new_seen += 1;
                continue;
            }
            return Err(Fatal::UnexpectedEof);
        };
        let this_line = *pos + 1;
        *pos += 1;
        if !line.ends_with(b"\n") {
            h.unterminated = true;
        }
        let malformed = |line: Vec<u8>| Fatal::Malformed {
            line_no: this_line,
            text: line,
        };
        let kind = match line.first() {
            Some(b'\n') => {
                line.insert(0, b' ');
                b' '
            }
            Some(&k @ (b' ' | b'-' | b'+')) => k,
            Some(b'\\') => {
                mark_no_newline(&mut h);
                continue;
            }
            _ => return Err(malformed(line)),
        };
        match kind {
            b' ' if old_seen < b && new_seen < d => {
                old_seen += 1;
                new_seen += 1;
            }
            b'-' if old_seen < b => old_seen += 1,
            b'+' if new_seen < d => new_seen += 1,
            _ => return Err(malformed(line)),
        }
        h.lines.push(HunkLine {
            kind,
            text: line[1..].to_vec(),
        });
    }
    if r.get(*pos).is_some_and(|l| l.starts_with(b"\\")) {
        mark_no_newline(&mut h);
        *pos += 1;
    }
    normalize_runs(&mut h.lines);
    Ok(h)
}

/// Within each run of changes, removed lines come before added ones (GNU keeps the two sides
/// apart, so that is the order it writes them back in).
fn normalize_runs(lines: &mut [HunkLine]) {
    let mut i = 0;
    while i < lines.len() {
        if lines[i].kind == b' ' {
            i += 1;
            continue;
        }
        let start = i;
        while i < lines.len() && lines[i].kind != b' ' {
            i += 1;
        }
        lines[start..i].sort_by_key(|l| l.kind == b'+');
    }
}

fn mark_no_newline(h: &mut Hunk) {
    if let Some(last) = h.lines.last_mut() {
        if last.text.ends_with(b"\n") {
            last.text.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_lines() {
        let p = parse(
            b"junk\n--- a/f\t2020\n+++ b/f\n@@ -2,3 +2,4 @@ fn x\n a\n-b\n+B\n+C\n c\n@@ -9,0 +11 @@\n+z\n\\ No newline at end of file\n",
            false,
        );
        assert_eq!(p.files.len(), 1);
        let f = &p.files[0];
        assert_eq!(f.leading.len(), 3);
        assert_eq!(f.first_hunk_line, 4);
        assert_eq!(f.hunks.len(), 2);
        let h = &f.hunks[0];
        assert_eq!((h.old_first, h.new_first), (2, 2));
        assert_eq!(h.section, b" fn x");
        assert_eq!(h.old_lines(), vec![&b"a\n"[..], b"b\n", b"c\n"]);
        assert_eq!(h.new_lines(), vec![&b"a\n"[..], b"B\n", b"C\n", b"c\n"]);
        assert_eq!((h.prefix_context(), h.suffix_context()), (1, 1));
        let h = &f.hunks[1];
        assert_eq!((h.old_first, h.new_first), (10, 11));
        assert_eq!(h.new_lines(), vec![&b"z"[..]]);
    }

    #[test]
    fn malformed_and_early_end() {
        let p = parse(b"--- f\n+++ f\n@@ -1,2 +1,2 @@\n a\nxx\n", false);
        assert_eq!(
            p.first_fatal(),
            Some(&Fatal::Malformed {
                line_no: 5,
                text: b"xx\n".to_vec()
            })
        );
        let p = parse(b"--- f\n+++ f\n@@ -1,6 +1,6 @@\n a\n", false);
        assert_eq!(p.first_fatal(), Some(&Fatal::UnexpectedEof));
        // Up to three chopped blank lines are assumed.
        let p = parse(b"--- f\n+++ f\n@@ -1,3 +1,3 @@\n a\n-b\n+c\n", false);
        assert!(p.first_fatal().is_none());
        assert_eq!(p.files[0].hunks[0].old_lines().last(), Some(&&b"\n"[..]));
    }

    #[test]
    fn garbage_and_reverse() {
        assert!(parse(b"hello\n", false).only_garbage);
        assert!(!parse(b"", false).only_garbage);
        let p = parse(b"--- f\n+++ f\n@@ -1,3 +1,2 @@\n-a\n-b\n+c\n x\n", false);
        let h = p.files[0].hunks[0].reversed();
        let kinds: Vec<u8> = h.lines.iter().map(|l| l.kind).collect();
        assert_eq!(kinds, b"-++ ");
    }
}
