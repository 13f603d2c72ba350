//! Placing hunks in a file and applying them, with GNU patch's rules: a hunk is looked for at
//! its own line (shifted by the offset the previous hunks found), then at the nearest offsets
//! either side; with fuzz F, up to F context lines at either end are not compared. A hunk with
//! less leading (trailing) context than the other side can only match at the start (end) of the
//! file. Every line compared is charged; the search is linear in the file per hunk and fuzz
//! level, never exponential.

use super::parse::Hunk;
use crate::limits::{cost, Exhausted};

/// A CPU charge hook: the meter's `charge_cpu` or anything that behaves like it.
pub type Charge<'a> = dyn FnMut(u64) -> Result<(), Exhausted> + 'a;

/// Splits a file into lines that keep their newline (the last may lack one).
pub fn file_lines(data: &[u8]) -> Vec<&[u8]> {
    data.split_inclusive(|&b| b == b'\n').collect()
}

/// How far a search compares before it reports to the meter.
const CHARGE_BATCH: u64 = 4096;

/// A hunk's output would go before text already written (GNU's "misordered hunks").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Misordered;

/// The file being patched: its lines and the output built so far.
pub struct Target<'a> {
    pub input: Vec<&'a [u8]>,
    pub out: Vec<u8>,
    /// Input lines already copied or deleted (hunks cannot change them any more).
    pub last_frozen: usize,
    /// Where hunks were found relative to where they said they were (cumulative).
    pub in_offset: isize,
    /// Lines added minus lines removed by the hunks applied so far.
    pub out_offset: isize,
    compared: u64,
}

impl<'a> Target<'a> {
    pub fn new(data: &'a [u8]) -> Target<'a> {
        Target {
            input: file_lines(data),
            out: Vec::with_capacity(data.len()),
            last_frozen: 0,
            in_offset: 0,
            out_offset: 0,
            compared: 0,
        }
    }

    /// Whether the hunk's expected lines match the input at line `base` (1-based), skipping
    /// `pre` lines at the start and `suf` at the end of the pattern.
    fn matches(
        &mut self,
        pattern: &[&[u8]],
        base: isize,
        pre: usize,
        suf: usize,
        charge: &mut Charge,
    ) -> Result<bool, Exhausted> {
        if base < 1 {
            return Ok(false);
        }
        let base = base as usize;
        // The compared part must lie inside the file.
        if base - 1 + pattern.len().saturating_sub(suf) > self.input.len() {
            return Ok(false);
        }
        for (i, p) in pattern
            .iter()
            .enumerate()
            .take(pattern.len().saturating_sub(suf))
            .skip(pre)
        {
            self.compared += 1;
            if self.compared >= CHARGE_BATCH {
                charge(cost::LINE * self.compared)?;
                self.compared = 0;
            }
            match self.input.get(base - 1 + i) {
                Some(l) if l == p => {}
                _ => return Ok(false),
            }
        }
        Ok(true)
    }

    /// Reports the comparisons not yet charged.
    pub fn settle(&mut self, charge: &mut Charge) -> Result<(), Exhausted> {
        let n = std::mem::take(&mut self.compared);
        charge(cost::LINE * n)
    }

    /// Finds where `h` applies with `fuzz` lines of fuzz; on success the cumulative offset is
    /// updated and the 1-based input line returned.
    pub fn locate(
        &mut self,
        h: &Hunk,
        fuzz: usize,
        charge: &mut Charge,
    ) -> Result<Option<usize>, Exhausted> {
        let found = self.search(h, fuzz, charge)?;
        self.settle(charge)?;
        Ok(found)
    }

    fn search(
        &mut self,
        h: &Hunk,
        fuzz: usize,
        charge: &mut Charge,
    ) -> Result<Option<usize>, Exhausted> {
        let pattern = h.old_lines();
        let pat = pattern.len() as isize;
        let n = self.input.len() as isize;
        let first = h.old_first as isize;
        let first_guess = first + self.in_offset;
        let prefix = h.prefix_context() as isize;
        let suffix = h.suffix_context() as isize;
        let context = prefix.max(suffix);
        let fuzz = fuzz as isize;
        let mut prefix_fuzz = fuzz + prefix - context;
        let suffix_fuzz = fuzz + suffix - context;
        let max_where = n - (pat - suffix_fuzz) + 1;
        // Looking back never reaches lines already written.
        let min_where = self.last_frozen as isize + 1;
        let max_pos = max_where - first_guess;
        let mut max_neg = first_guess - min_where;
        let max_offset = max_pos.max(max_neg);
        if pat == 0 {
            // An empty pattern matches where the hunk says (line 0 is no place).
            return Ok((first_guess >= 1).then_some(first_guess as usize));
        }
        if first_guess <= max_neg {
            max_neg = first_guess - 1;
        }
        if prefix_fuzz < 0 && first <= 1 {
            // Only the start of the file will do.
            if suffix_fuzz < 0 && (pat != n || prefix < self.last_frozen as isize) {
                return Ok(None);
            }
            let offset = 1 - first_guess;
            if self.last_frozen as isize <= prefix
                && offset <= max_pos
                && self.matches(
                    &pattern,
                    first_guess + offset,
                    0,
                    suffix_fuzz.max(0) as usize,
                    charge,
                )?
            {
                self.in_offset += offset;
                return Ok(Some((first_guess + offset) as usize));
            }
            return Ok(None);
        }
        if prefix_fuzz < 0 {
            prefix_fuzz = 0;
        }
        let pre = prefix_fuzz as usize;
        if suffix_fuzz < 0 {
            // Only the end of the file will do.
            let offset = first_guess - (n - pat + 1);
            if offset <= max_neg && self.matches(&pattern, first_guess - offset, pre, 0, charge)? {
                self.in_offset -= offset;
                return Ok(Some((first_guess - offset) as usize));
            }
            return Ok(None);
        }
        let suf = suffix_fuzz as usize;
        let mut offset = 0;
        while offset <= max_offset {
            if offset <= max_pos
                && self.matches(&pattern, first_guess + offset, pre, suf, charge)?
            {
                self.in_offset += offset;
                return Ok(Some((first_guess + offset) as usize));
            }
            if offset > 0
                && offset <= max_neg
                && self.matches(&pattern, first_guess - offset, pre, suf, charge)?
            {
                self.in_offset -= offset;
                return Ok(Some((first_guess - offset) as usize));
            }
            offset += 1;
        }
        Ok(None)
    }

    /// Adds a line to the output. Only the very last line may lack its newline: text after a
    /// line without one starts a new line (as GNU writes it).
    fn emit(&mut self, line: &[u8]) {
        if !self.out.is_empty() && !self.out.ends_with(b"\n") {
            self.out.push(b'\n');
        }
        self.out.extend_from_slice(line);
    }

    /// Copies input lines up to `line` (1-based, inclusive) to the output.
    fn copy_till(&mut self, line: usize) -> Result<(), Misordered> {
        if self.last_frozen > line {
            return Err(Misordered);
        }
        let end = line.min(self.input.len());
        for i in self.last_frozen.min(end)..end {
            let l = self.input[i];
            self.emit(l);
        }
        self.last_frozen = line;
        Ok(())
    }

    /// Applies `h` found at input line `at`. Context lines stay as the file has them.
    pub fn apply(&mut self, h: &Hunk, at: usize) -> Result<(), Misordered> {
        let mut old = 0;
        let (mut removed, mut added) = (0isize, 0isize);
        for l in &h.lines {
            match l.kind {
                b'-' => {
                    self.copy_till(at + old - 1)?;
                    self.last_frozen += 1;
                    old += 1;
                    removed += 1;
                }
                b'+' => {
                    self.copy_till(at + old - 1)?;
                    self.emit(&l.text);
                    added += 1;
                }
                _ => old += 1,
            }
        }
        self.out_offset += added - removed;
        Ok(())
    }

    /// The output: everything applied, then the rest of the input.
    pub fn finish(mut self) -> Vec<u8> {
        let n = self.input.len();
        if self.last_frozen < n {
            let _ = self.copy_till(n);
        }
        self.out
    }
}

/// `start,len` as a unified header shows it (`start` alone for one line).
fn range(first: isize, len: usize) -> String {
    match len {
        0 => format!("{},0", first - 1),
        1 => format!("{first}"),
        _ => format!("{first},{len}"),
    }
}

/// A rejected hunk as GNU writes it to the `.rej` file: renumbered by the lines the applied
/// hunks added, lines written as they are (a line without a newline runs into the next).
pub fn reject_text(h: &Hunk, out_offset: isize) -> Vec<u8> {
    let old_len = h.lines.iter().filter(|l| l.kind != b'+').count();
    let new_len = h.lines.iter().filter(|l| l.kind != b'-').count();
    let mut t = format!(
        "@@ -{} +{} @@",
        range(h.old_first as isize + out_offset, old_len),
        range(h.new_first as isize + out_offset, new_len)
    )
    .into_bytes();
    t.extend_from_slice(&h.section);
    t.push(b'\n');
    for l in &h.lines {
        t.push(l.kind);
        t.extend_from_slice(&l.text);
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::patch::parse;

    fn hunks(p: &str) -> Vec<Hunk> {
        parse::parse(p.as_bytes(), false).files[0].hunks.clone()
    }

    fn no_charge() -> impl FnMut(u64) -> Result<(), Exhausted> {
        |_| Ok(())
    }

    /// Applies every hunk with up to `max_fuzz`; returns the output and (line, fuzz) per hunk.
    fn run(data: &str, p: &str, max_fuzz: usize) -> (String, Vec<Option<(usize, usize)>>) {
        let mut t = Target::new(data.as_bytes());
        let mut c = no_charge();
        let mut found = Vec::new();
        for h in hunks(p) {
            let mut hit = None;
            for fuzz in 0..=max_fuzz {
                if let Some(at) = t.locate(&h, fuzz, &mut c).unwrap() {
                    t.apply(&h, at).unwrap();
                    hit = Some((at, fuzz));
                    break;
                }
            }
            found.push(hit);
        }
        (String::from_utf8(t.finish()).unwrap(), found)
    }

    const P: &str =
        "--- f\n+++ f\n@@ -2,3 +2,3 @@\n b\n-c\n+C\n d\n@@ -8,3 +8,3 @@\n h\n-i\n+I\n j\n";

    #[test]
    fn exact_offset_and_fuzz() {
        let f = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n";
        let (out, at) = run(f, P, 0);
        assert_eq!(out, "a\nb\nC\nd\ne\nf\ng\nh\nI\nj\n");
        assert_eq!(at, vec![Some((2, 0)), Some((8, 0))]);
        let shifted = format!("x\ny\n{f}");
        let (out, at) = run(&shifted, P, 0);
        assert_eq!(out, "x\ny\na\nb\nC\nd\ne\nf\ng\nh\nI\nj\n");
        assert_eq!(at, vec![Some((4, 0)), Some((10, 0))]);
        let fuzzy = f.replace("b\n", "B\n");
        let (out, at) = run(&fuzzy, P, 2);
        assert_eq!(out, "a\nB\nC\nd\ne\nf\ng\nh\nI\nj\n");
        assert_eq!(at[0], Some((2, 1)));
        let (_, at) = run(&fuzzy, P, 0);
        assert_eq!(at[0], None);
    }

    #[test]
    fn nearest_offset_wins() {
        // "b c d" occurs at lines 2 and 12; the hunk says 10: the nearer one (12) is used.
        let f = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nb\nc\nd\n";
        let (out, at) = run(f, "--- f\n+++ f\n@@ -10,3 +10,3 @@\n b\n-c\n+C\n d\n", 0);
        assert_eq!(at, vec![Some((12, 0))]);
        assert!(out.ends_with("b\nC\nd\n") && out.starts_with("a\nb\nc\n"));
    }

    #[test]
    fn short_context_anchors_to_the_ends() {
        // No leading context and a change at line 1: only the start of the file matches.
        let p = "--- f\n+++ f\n@@ -1,2 +1,2 @@\n-a\n+A\n b\n";
        assert_eq!(run("x\na\nb\n", p, 0).1, vec![None]);
        assert_eq!(run("a\nb\nc\n", p, 0).0, "A\nb\nc\n");
        // No trailing context: only the end of the file.
        let p = "--- f\n+++ f\n@@ -2,2 +2,2 @@\n b\n-c\n+C\n";
        assert_eq!(run("a\nb\nc\nd\n", p, 0).1, vec![None]);
        assert_eq!(run("a\nb\nc\n", p, 0).0, "a\nb\nC\n");
    }

    #[test]
    fn insertion_past_the_end_appends() {
        let (out, _) = run("a\nb\n", "--- f\n+++ f\n@@ -10,0 +11 @@\n+x\n", 0);
        assert_eq!(out, "a\nb\nx\n");
    }

    #[test]
    fn rejects_are_renumbered() {
        let h = &hunks(P)[1];
        assert_eq!(
            String::from_utf8(reject_text(h, 3)).unwrap(),
            "@@ -11,3 +11,3 @@\n h\n-i\n+I\n j\n"
        );
        let h = &hunks("--- f\n+++ f\n@@ -5,0 +6,2 @@\n+x\n+y\n")[0];
        assert_eq!(
            String::from_utf8(reject_text(h, 0)).unwrap(),
            "@@ -5,0 +6,2 @@\n+x\n+y\n"
        );
    }

    #[test]
    fn searching_is_charged() {
        let big: String = (0..10_000).map(|i| format!("l{i}\n")).collect();
        let h = &hunks("--- f\n+++ f\n@@ -1,3 +1,3 @@\n zz\n-zz\n+y\n zz\n")[0];
        let mut t = Target::new(big.as_bytes());
        let mut units = 0u64;
        let mut c = |u: u64| -> Result<(), Exhausted> {
            units += u;
            Ok(())
        };
        assert_eq!(t.locate(h, 0, &mut c).unwrap(), None);
        t.settle(&mut c).unwrap();
        assert!(units >= 9_000, "{units}");
    }
}
