//! GNU patch 2.7.6's behaviour for one run, file part by file part: choosing the file, the
//! checks for reversed and already-applied patches (answered as GNU answers them when no
//! terminal is there: the default), placing each hunk with offset and fuzz, writing the result,
//! backups and reject files, and every message in GNU's words.
//!
//! Everything happens on a copy of the filesystem and the messages are collected; the command
//! decides afterwards whether the copy replaces the real one.

use super::apply::{reject_text, Charge, Target};
use super::names::{self, NameField};
use super::parse::{FilePatch, Hunk, Patch};
use crate::commands::opts;
use crate::limits::{cost, Exhausted};
use crate::vfs::{path, FileType, Vfs, WriteMode};
use std::collections::BTreeSet;

/// The options that shape a run.
#[derive(Clone, Debug, Default)]
pub struct Opts {
    /// How names are quoted in messages (the locale's).
    pub quoting: opts::Quoting,
    /// `-p N`; `None` when not given (GNU then keeps only the last component).
    pub strip: Option<usize>,
    pub reverse: bool,
    pub dry_run: bool,
    /// `-N`: never assume a reversed patch.
    pub forward: bool,
    pub silent: bool,
    pub force: bool,
    pub batch: bool,
    pub remove_empty: bool,
    pub output: Option<Vec<u8>>,
    pub backup: bool,
    pub backup_if_mismatch: bool,
    pub fuzz: usize,
    pub reject_file: Option<Vec<u8>>,
    /// The file named on the command line (every part patches it).
    pub orig_file: Option<Vec<u8>>,
}

/// One file part once its file is chosen.
struct Part<'p> {
    fp: &'p FilePatch,
    /// The file read.
    inname: Vec<u8>,
    exists: bool,
    input: Vec<u8>,
    /// The file written (the `-o` file, a rename's new name, else `inname`).
    dest: Vec<u8>,
    /// The header says the old (new) side has no file.
    old_ne: bool,
    new_ne: bool,
    /// GNU started on the file ("patching file"): rejects are saved.
    opened: bool,
    /// The reversed-patch question was already asked when the file was chosen.
    asked: bool,
}

/// What the hunks of one part found so far.
#[derive(Default)]
struct HunkState {
    /// A hunk did not apply exactly where it said (GNU then keeps a `.orig`).
    mismatch: bool,
    /// The user (by default, never) chose to apply a reversed-looking patch anyway.
    apply_anyway: bool,
}

/// One run's state.
pub struct Run<'a, 'c> {
    o: &'a Opts,
    /// The copy being changed.
    pub vfs: Vfs,
    cwd: Vec<u8>,
    /// Messages and data in order: (descriptor, bytes).
    pub events: Vec<(u32, Vec<u8>)>,
    pub status: i32,
    /// A fatal error ended the run (GNU exits 2).
    pub fatal: bool,
    /// A file to patch was not found.
    pub missing: bool,
    /// Something was written to the copy.
    pub changed: bool,
    backed_up: BTreeSet<Vec<u8>>,
    rejects_written: BTreeSet<Vec<u8>>,
    output_started: bool,
    charge: &'a mut Charge<'c>,
    reverse: bool,
    skip: bool,
}

fn show(q: opts::Quoting, name: &[u8]) -> String {
    q.quotef(name)
}

/// GNU's hint for a failed hunk: the file's line where the hunk should be ends in CRLF and
/// the hunk's first line does not, or the other way round.
fn different_endings(t: &Target, h: &Hunk, line: isize) -> bool {
    let crlf = |l: &[u8]| l.ends_with(b"\r\n");
    let Some(first) = h.lines.first() else {
        return false;
    };
    let input = usize::try_from(line - 1).ok().and_then(|i| t.input.get(i));
    input.is_some_and(|l| crlf(l) != crlf(&first.text))
}

impl<'a, 'c> Run<'a, 'c> {
    pub fn new(o: &'a Opts, vfs: Vfs, cwd: Vec<u8>, charge: &'a mut Charge<'c>) -> Self {
        Run {
            o,
            vfs,
            cwd,
            events: Vec::new(),
            status: 0,
            fatal: false,
            missing: false,
            changed: false,
            backed_up: BTreeSet::new(),
            rejects_written: BTreeSet::new(),
            output_started: false,
            charge,
            reverse: o.reverse,
            skip: false,
        }
    }

    fn say(&mut self, text: impl AsRef<[u8]>) {
        // With `-o -` the patched text owns standard output and messages go to stderr.
        let fd = if self.o.output.as_deref() == Some(b"-") {
            2
        } else {
            1
        };
        self.events.push((fd, text.as_ref().to_vec()));
    }

    /// `patch: **** MESSAGE` on stderr; the run stops with status 2.
    pub fn fatal(&mut self, message: &[u8]) {
        let mut m = b"patch: **** ".to_vec();
        m.extend_from_slice(message);
        m.push(b'\n');
        self.events.push((2, m));
        self.status = 2;
        self.fatal = true;
    }

    fn abs(&self, name: &[u8]) -> Vec<u8> {
        path::join(&self.cwd, name)
    }

    fn is_file(&self, name: &[u8]) -> bool {
        self.vfs
            .stat(&self.abs(name))
            .is_ok_and(|s| s.file_type == FileType::File)
    }

    fn read(&self, name: &[u8]) -> Option<Vec<u8>> {
        self.vfs.read_file(&self.abs(name)).ok().map(|d| d.to_vec())
    }

    fn write(&mut self, name: &[u8], data: &[u8], mode: WriteMode) {
        let p = self.abs(name);
        let _ = self.vfs.mkdir_all(&path::parent(&p), 0o755);
        if self.vfs.write_file(&p, data, mode).is_ok() {
            self.changed = true;
        }
    }

    fn remove(&mut self, name: &[u8]) {
        if self.vfs.remove(&self.abs(name)).is_ok() {
            self.changed = true;
        }
    }

    /// GNU's question about a reversed patch, answered by default (no terminal). Returns
    /// whether to reverse; may decide to skip the rest of this file.
    fn ok_to_reverse(&mut self, message: &str) -> bool {
        let o = self.o;
        if o.forward || !(o.force && o.silent) {
            self.say(message);
        }
        if o.forward {
            self.say("  Skipping patch.\n");
            self.skip = true;
            false
        } else if o.force {
            if !o.silent {
                self.say("  Applying it anyway.\n");
            }
            false
        } else if o.batch {
            self.say(if self.reverse {
                "  Ignoring -R.\n"
            } else {
                "  Assuming -R.\n"
            });
            true
        } else {
            self.say(if self.reverse {
                "  Ignore -R? [n] \n"
            } else {
                "  Assume -R? [n] \n"
            });
            self.say("Apply anyway? [n] \n");
            if !o.silent {
                self.say("Skipping patch.\n");
            }
            self.skip = true;
            false
        }
    }

    /// The changed copy and the collected output.
    pub fn into_parts(self) -> (Vfs, Vec<(u32, Vec<u8>)>) {
        (self.vfs, self.events)
    }

    /// Processes the whole patch.
    pub fn run(&mut self, patch: &Patch) -> Result<(), Exhausted> {
        for fp in &patch.files {
            self.file(fp)?;
            if self.fatal {
                return Ok(());
            }
        }
        Ok(())
    }

    fn stripped(&self, n: &[u8]) -> Option<Vec<u8>> {
        names::strip(n, self.o.strip)
    }

    /// A side's name once stripped; a dangerous one is reported (once) and ignored.
    fn side(
        &mut self,
        f: &Option<NameField>,
        git: Option<&[u8]>,
        seen: &mut Vec<Vec<u8>>,
    ) -> Option<Vec<u8>> {
        let name = match f {
            Some(n) if n.name == b"/dev/null" => None,
            Some(n) => self.stripped(&n.name),
            None => git.and_then(|g| self.stripped(g)),
        }?;
        if names::is_dangerous(&name) {
            if !seen.contains(&name) {
                self.say(format!(
                    "Ignoring potentially dangerous file name {}\n",
                    show(self.o.quoting, &name)
                ));
                seen.push(name);
            }
            return None;
        }
        Some(name)
    }

    /// GNU's report for a file it cannot find.
    fn cannot_find(&mut self, fp: &FilePatch) {
        let o = self.o;
        if !o.silent {
            self.say(format!(
                "can't find file to patch at input line {}\n",
                fp.first_hunk_line
            ));
            self.say(if o.strip.is_some() {
                "Perhaps you used the wrong -p or --strip option?\n"
            } else {
                "Perhaps you should have used the -p or --strip option?\n"
            });
        }
        self.say("The text leading up to this was:\n--------------------------\n");
        for l in &fp.leading {
            let mut line = b"|".to_vec();
            line.extend_from_slice(l);
            if !line.ends_with(b"\n") {
                line.push(b'\n');
            }
            self.say(line);
        }
        self.say("--------------------------\n");
        if o.force || o.batch {
            self.say("No file to patch.  Skipping patch.\n");
        } else {
            self.say("File to patch: \nSkip this patch? [y] \n");
            if !o.silent {
                self.say("Skipping patch.\n");
            }
        }
    }

    fn file(&mut self, fp: &FilePatch) -> Result<(), Exhausted> {
        self.reverse = self.o.reverse;
        self.skip = false;
        let o = self.o;
        if fp.strip_cr_notice {
            self.say("(Stripping trailing CRs from patch; use --binary to disable.)\n");
        }
        let git = fp.git.as_ref();
        let old_ne =
            fp.old.as_ref().is_some_and(|n| n.nonexistent) || git.is_some_and(|g| g.created);
        let new_ne =
            fp.new.as_ref().is_some_and(|n| n.nonexistent) || git.is_some_and(|g| g.deleted);
        let mut seen = Vec::new();
        let old_name = self.side(&fp.old, git.map(|g| g.old.as_slice()), &mut seen);
        let new_name = self.side(&fp.new, git.map(|g| g.new.as_slice()), &mut seen);
        let index_name = if fp.old.is_none() && fp.new.is_none() && git.is_none() {
            fp.index.as_deref().and_then(|i| self.stripped(i))
        } else {
            None
        };
        // Per side: 2 when the header says there is no file, 1 when the first hunk says the
        // file is empty, else 0.
        let first = fp.hunks.first();
        let side_state = |ne: bool, empty: bool| if ne { 2u8 } else { u8::from(empty) };
        let old_state = side_state(
            old_ne,
            first.is_some_and(|h| h.old_first == 1 && h.old_lines().is_empty()),
        );
        let new_state = side_state(
            new_ne,
            first.is_some_and(|h| h.new_first == 1 && h.lines.iter().all(|l| l.kind == b'-')),
        );
        let no_file_ok = old_state > 0 || new_state > 0;
        let moved = git.is_some_and(|g| g.rename || g.copy);
        let cands = [old_name.clone(), new_name.clone(), index_name];
        let inname = match &o.orig_file {
            Some(f) => Some(f.clone()),
            None if moved => old_name.clone(),
            None => {
                let existing: Vec<Option<&[u8]>> = cands
                    .iter()
                    .map(|c| c.as_deref().filter(|n| self.is_file(n)))
                    .collect();
                match names::best(&existing) {
                    Some(i) => cands[i].clone(),
                    None if no_file_ok => {
                        let all: Vec<Option<&[u8]>> = cands.iter().map(|c| c.as_deref()).collect();
                        names::best(&all).and_then(|i| cands[i].clone())
                    }
                    None => None,
                }
            }
        };
        let exists = inname.as_deref().is_some_and(|n| self.is_file(n));
        let mut opened = true;
        if !exists && !no_file_ok || inname.is_none() {
            self.cannot_find(fp);
            self.missing = true;
            self.skip = true;
            opened = false;
        }
        let inname = inname.unwrap_or_default();
        if opened && git.is_some_and(|g| g.binary) {
            self.say(format!(
                "File {}: git binary diffs are not supported.\n",
                show(self.o.quoting, &inname)
            ));
            self.status = self.status.max(1);
            return Ok(());
        }
        let input = if exists {
            self.read(&inname).unwrap_or_default()
        } else {
            Vec::new()
        };
        let mut asked = false;
        if opened {
            let (old_state, new_state) = if self.reverse {
                (new_state, old_state)
            } else {
                (old_state, new_state)
            };
            let when = if self.reverse { ", when reversed," } else { "" };
            let question = if old_state == 2 && exists && !input.is_empty() {
                Some(format!(
                    "The next patch{when} would create the file {},\nwhich already exists!",
                    show(self.o.quoting, &inname)
                ))
            } else if new_state >= 1 && (!exists || input.is_empty()) {
                let (verb, why) = if exists {
                    ("empty out", "is already empty")
                } else {
                    ("delete", "does not exist")
                };
                Some(format!(
                    "The next patch{when} would {verb} the file {},\nwhich {why}!",
                    show(self.o.quoting, &inname)
                ))
            } else {
                None
            };
            if let Some(q) = question {
                asked = true;
                if self.ok_to_reverse(&q) {
                    self.reverse = !self.reverse;
                }
            }
            if self.skip {
                opened = false;
            }
        }
        let dest = match (&o.output, moved) {
            (Some(out), _) => out.clone(),
            (None, true) => new_name.clone().unwrap_or_else(|| inname.clone()),
            (None, false) => inname.clone(),
        };
        if opened && !o.dry_run && !self.output_started {
            if let Some(out) = o.output.as_ref().filter(|out| out.as_slice() != b"-") {
                // GNU creates the output file as soon as it starts on the first part.
                self.output_started = true;
                self.write(&out.clone(), b"", WriteMode::Truncate);
            }
        }
        if opened && !o.silent {
            let mut m = format!(
                "{} file {}",
                if o.dry_run { "checking" } else { "patching" },
                show(self.o.quoting, &dest)
            );
            if o.output.is_some() {
                m.push_str(&format!(" (read from {})", show(self.o.quoting, &inname)));
            } else if moved {
                let how = if git.is_some_and(|g| g.rename) {
                    "renamed"
                } else {
                    "copied"
                };
                m.push_str(&format!(" ({how} from {})", show(self.o.quoting, &inname)));
            }
            m.push('\n');
            self.say(m);
        }
        let part = Part {
            fp,
            inname,
            exists,
            input,
            dest,
            old_ne,
            new_ne,
            opened,
            asked,
        };
        self.hunks(&part)
    }

    /// Finds where a hunk goes, trying more fuzz in turn; on the first hunk of a part, also
    /// whether the patch is reversed. Returns the line and the fuzz used.
    fn place(
        &mut self,
        t: &mut Target,
        h: &mut Hunk,
        first_hunk: bool,
        asked: bool,
        st: &mut HunkState,
    ) -> Result<(Option<usize>, usize), Exhausted> {
        let o = self.o;
        let max_fuzz = o.fuzz.min(h.prefix_context().max(h.suffix_context()));
        let mut fuzz = 0;
        loop {
            let mut at = t.locate(h, fuzz, self.charge)?;
            if at.is_none() || fuzz > 0 || t.in_offset != 0 {
                st.mismatch = true;
            }
            let mut again = false;
            if first_hunk && at.is_none() && !o.force && !st.apply_anyway && !asked {
                let swapped = h.reversed();
                let found = t.locate(&swapped, fuzz, self.charge)?;
                let what = if self.reverse {
                    "Unreversed"
                } else {
                    "Reversed (or previously applied)"
                };
                if found.is_some() && self.ok_to_reverse(&format!("{what} patch detected!")) {
                    self.reverse = !self.reverse;
                    *h = swapped;
                    at = found;
                } else if found.is_some() {
                    st.apply_anyway = true;
                    again = true;
                }
            }
            if self.skip || at.is_some() {
                return Ok((at, fuzz));
            }
            if !again {
                fuzz += 1;
            }
            if fuzz > max_fuzz {
                return Ok((None, fuzz));
            }
        }
    }

    /// Places and applies every hunk of a part, then writes the result and the rejects.
    fn hunks(&mut self, part: &Part) -> Result<(), Exhausted> {
        let o = self.o;
        let fp = part.fp;
        let mut t = Target::new(&part.input);
        let mut failed = 0;
        let mut st = HunkState::default();
        let mut rejects = Vec::new();
        for (k, hunk) in fp.hunks.iter().enumerate() {
            let n = k + 1;
            if hunk.unterminated {
                self.say("patch unexpectedly ends in middle of line\n");
            }
            let mut h: Hunk = if self.reverse {
                hunk.reversed()
            } else {
                hunk.clone()
            };
            let (mut at, fuzz) = if self.skip {
                (None, 0)
            } else {
                self.place(&mut t, &mut h, n == 1, part.asked, &mut st)?
            };
            // A hunk that creates the file does not apply to one with text in it.
            let creating = if self.reverse {
                part.new_ne
            } else {
                part.old_ne
            };
            if at == Some(1) && creating && !part.input.is_empty() {
                at = None;
                st.mismatch = true;
            }
            let out_offset = t.out_offset;
            let applied = match at {
                Some(at) if !self.skip => {
                    let ok = t.apply(&h, at).is_ok();
                    if !ok {
                        st.mismatch = true;
                        self.say("misordered hunks! output would be garbled\n");
                    }
                    ok
                }
                _ => false,
            };
            match at {
                Some(at) if applied => {
                    let offset = t.in_offset;
                    if !o.silent && (fuzz > 0 || offset != 0) {
                        // The line in the output where the hunk now starts.
                        let line = at as isize + out_offset;
                        let mut m = format!("Hunk #{n} succeeded at {line}");
                        if fuzz > 0 {
                            m.push_str(&format!(" with fuzz {fuzz}"));
                        }
                        if offset != 0 {
                            let s = if offset == 1 { "" } else { "s" };
                            m.push_str(&format!(" (offset {offset} line{s})"));
                        }
                        m.push_str(".\n");
                        self.say(m);
                    }
                }
                _ => {
                    failed += 1;
                    rejects.extend_from_slice(&reject_text(&h, t.out_offset));
                    if !self.skip && !o.silent {
                        let line = h.old_first as isize + t.out_offset;
                        let endings = if different_endings(&t, &h, line) {
                            " (different line endings)"
                        } else {
                            ""
                        };
                        self.say(format!("Hunk #{n} FAILED at {line}{endings}.\n"));
                    }
                }
            }
        }
        t.settle(self.charge)?;
        if let Some(f) = &fp.fatal {
            self.fatal(&f.message());
            return Ok(());
        }
        if part.opened && !self.skip {
            let result = t.finish();
            (self.charge)(cost::per_bytes(result.len(), 256, cost::SCAN_PER_256_BYTES))?;
            self.finish_file(part, &result, st.mismatch);
        }
        if failed > 0 {
            self.summary(part, failed, &rejects);
        }
        Ok(())
    }

    /// `N out of M hunks FAILED` (or ignored), saving the rejects where GNU does.
    fn summary(&mut self, part: &Part, failed: usize, rejects: &[u8]) {
        let o = self.o;
        let total = part.fp.hunks.len();
        let mut m = format!(
            "{failed} out of {total} hunk{} {}",
            if total == 1 { "" } else { "s" },
            if self.skip { "ignored" } else { "FAILED" }
        );
        let rejname = match &o.reject_file {
            Some(r) => r.clone(),
            None => [part.dest.as_slice(), b".rej"].concat(),
        };
        if part.opened && !o.dry_run && rejname != b"-" {
            m.push_str(&format!(
                " -- saving rejects to file {}",
                show(self.o.quoting, &rejname)
            ));
            let mut text = self.reject_header(part.fp);
            text.extend_from_slice(rejects);
            let mode = if self.rejects_written.insert(rejname.clone()) {
                WriteMode::Truncate
            } else {
                WriteMode::Append
            };
            self.write(&rejname, &text, mode);
        }
        m.push('\n');
        self.say(m);
        self.status = self.status.max(1);
    }

    /// `--- OLD` / `+++ NEW` for the reject file (exchanged under `-R`), time stamps kept.
    fn reject_header(&self, fp: &FilePatch) -> Vec<u8> {
        let line = |f: &Option<NameField>| -> Vec<u8> {
            match f {
                Some(n) => {
                    let mut v = if n.name == b"/dev/null" {
                        n.name.clone()
                    } else {
                        self.stripped(&n.name).unwrap_or_else(|| n.name.clone())
                    };
                    v.extend_from_slice(&n.rest);
                    v
                }
                None => Vec::new(),
            }
        };
        let (a, b) = if self.reverse {
            (line(&fp.new), line(&fp.old))
        } else {
            (line(&fp.old), line(&fp.new))
        };
        [b"--- ", &a[..], b"\n+++ ", &b[..], b"\n"].concat()
    }

    /// Writes the patched text (or removes the file), with backups as GNU makes them.
    fn finish_file(&mut self, part: &Part, result: &[u8], mismatch: bool) {
        let Part {
            fp,
            inname,
            exists,
            input,
            dest,
            old_ne,
            new_ne,
            ..
        } = part;
        let (inname, dest, exists) = (inname.as_slice(), dest.as_slice(), *exists);
        let o = self.o;
        let git = fp.git.as_ref();
        let deleting = if self.reverse { *old_ne } else { *new_ne };
        if deleting && !result.is_empty() && o.output.is_none() {
            if !o.silent {
                self.say(format!(
                    "Not deleting file {} as content differs from patch\n",
                    show(self.o.quoting, inname)
                ));
            }
            self.status = self.status.max(1);
        }
        if o.dry_run {
            return;
        }
        if let Some(out) = &o.output {
            if out == b"-" {
                self.events.push((1, result.to_vec()));
            } else {
                let mode = if self.output_started {
                    WriteMode::Append
                } else {
                    WriteMode::Truncate
                };
                self.output_started = true;
                self.write(&out.clone(), result, mode);
            }
            return;
        }
        if (o.backup || (mismatch && o.backup_if_mismatch))
            && self.backed_up.insert(inname.to_vec())
        {
            let orig = [inname, b".orig"].concat();
            self.write(&orig, if exists { input } else { b"" }, WriteMode::Truncate);
        }
        if (deleting || o.remove_empty) && result.is_empty() {
            if exists {
                self.remove(inname);
            }
            return;
        }
        self.write(dest, result, WriteMode::Truncate);
        if git.is_some_and(|g| g.rename) && dest != inname {
            self.remove(inname);
        }
        if let Some(m) = git.and_then(|g| g.new_mode).filter(|_| !self.reverse) {
            let p = self.abs(dest);
            if self.vfs.chmod(&p, m & 0o7777).is_ok() {
                self.changed = true;
            }
        }
    }
}
