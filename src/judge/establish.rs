//! Establishment and judgement of candidates, and the fold.
//!
//! A filesystem view ([`FsView`]) answers metadata questions only — what kind of node a path
//! is, where a symlink points, which names a directory holds — never file contents. The
//! lexical view answers nothing: the folded spelling is then the judged target. Every walk is
//! bounded; a bound that is hit makes the candidate unestablishable, with its cause.

use super::deny::DenyList;
use super::knowledge::Face;
use super::plan::{Candidate, Plan};
use super::words::PLACEHOLDER;
use super::{Boundary, CandidateFinding, Finding, JudgedSegment, ALSO_INSIDE};
use crate::shell::pattern::{MatchOptions, Pattern};
use crate::vfs::{path, FileType, Vfs, MAX_SYMLINK_HOPS};

/// What a path is, as far as a view can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FsKind {
    File,
    Dir,
    Symlink,
    Other,
}

/// Metadata access for establishment.
pub trait FsView {
    /// Whether this view answers at all (the lexical one does not).
    fn answers(&self) -> bool;
    /// The kind of node at `p` without following a final symlink; `None` when missing.
    fn lstat(&self, p: &[u8]) -> Option<FsKind>;
    fn read_link(&self, p: &[u8]) -> Option<Vec<u8>>;
    /// Names in a directory (sorted), or `None`.
    fn read_dir(&self, p: &[u8]) -> Option<Vec<Vec<u8>>> {
        self.read_dir_kinds(p)
            .map(|v| v.into_iter().map(|(n, _)| n).collect())
    }
    /// Names with their kinds where the listing tells them (no extra `lstat` per name).
    fn read_dir_kinds(&self, p: &[u8]) -> Option<Vec<(Vec<u8>, Option<FsKind>)>>;
}

/// No filesystem: the folded spelling is the target.
pub struct Lexical;

impl FsView for Lexical {
    fn answers(&self) -> bool {
        false
    }
    fn lstat(&self, _: &[u8]) -> Option<FsKind> {
        None
    }
    fn read_link(&self, _: &[u8]) -> Option<Vec<u8>> {
        None
    }
    fn read_dir_kinds(&self, _: &[u8]) -> Option<Vec<(Vec<u8>, Option<FsKind>)>> {
        None
    }
}

/// The simulator's filesystem.
pub struct VfsView<'a>(pub &'a Vfs);

impl FsView for VfsView<'_> {
    fn answers(&self) -> bool {
        true
    }
    fn lstat(&self, p: &[u8]) -> Option<FsKind> {
        self.0.lstat(p).ok().map(|s| match s.file_type {
            FileType::File => FsKind::File,
            FileType::Dir => FsKind::Dir,
            FileType::Symlink => FsKind::Symlink,
        })
    }
    fn read_link(&self, p: &[u8]) -> Option<Vec<u8>> {
        self.0.read_link(p).ok()
    }
    fn read_dir_kinds(&self, p: &[u8]) -> Option<Vec<(Vec<u8>, Option<FsKind>)>> {
        self.0.read_dir(p).ok().map(|v| {
            v.into_iter()
                .map(|(n, t)| {
                    let k = match t {
                        FileType::File => FsKind::File,
                        FileType::Dir => FsKind::Dir,
                        FileType::Symlink => FsKind::Symlink,
                    };
                    (n, Some(k))
                })
                .collect()
        })
    }
}

/// One verdict's memory of what the view answered: the same directories are asked about many
/// times while one command is judged (every candidate's path prefixes, every walk). Made per
/// verdict, so nothing is remembered between commands.
pub struct Memo<'a> {
    inner: &'a dyn FsView,
    kinds: std::cell::RefCell<std::collections::BTreeMap<Vec<u8>, Option<FsKind>>>,
    links: std::cell::RefCell<std::collections::BTreeMap<Vec<u8>, Option<Vec<u8>>>>,
}

impl<'a> Memo<'a> {
    pub fn new(inner: &'a dyn FsView) -> Memo<'a> {
        Memo {
            inner,
            kinds: Default::default(),
            links: Default::default(),
        }
    }
}

impl FsView for Memo<'_> {
    fn answers(&self) -> bool {
        self.inner.answers()
    }
    fn lstat(&self, p: &[u8]) -> Option<FsKind> {
        if let Some(k) = self.kinds.borrow().get(p) {
            return *k;
        }
        let k = self.inner.lstat(p);
        self.kinds.borrow_mut().insert(p.to_vec(), k);
        k
    }
    fn read_link(&self, p: &[u8]) -> Option<Vec<u8>> {
        if let Some(t) = self.links.borrow().get(p) {
            return t.clone();
        }
        let t = self.inner.read_link(p);
        self.links.borrow_mut().insert(p.to_vec(), t.clone());
        t
    }
    fn read_dir_kinds(&self, p: &[u8]) -> Option<Vec<(Vec<u8>, Option<FsKind>)>> {
        let list = self.inner.read_dir_kinds(p)?;
        let mut kinds = self.kinds.borrow_mut();
        for (name, kind) in &list {
            if kind.is_some() {
                kinds.insert(path::join(p, name), *kind);
            }
        }
        Some(list)
    }
}

/// Most names a pattern expansion or a traversal may examine.
pub const MAX_WALK: usize = 20_000;

pub(super) struct Judge<'a> {
    pub boundary: &'a Boundary,
    pub deny: &'a DenyList,
    pub write_deny: Option<&'a DenyList>,
    pub view: &'a dyn FsView,
}

pub(super) struct Fold {
    pub finding: Finding,
    pub witness: Option<CandidateFinding>,
    pub segment: Option<(String, String)>,
    pub unestablished: bool,
}

fn comps(p: &[u8]) -> Vec<Vec<u8>> {
    path::components(p).map(|c| c.to_vec()).collect()
}

fn within(target: &[u8], root: &[u8]) -> bool {
    root == b"/"
        || target == root
        || (target.starts_with(root) && target.get(root.len()) == Some(&b'/'))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).replace(PLACEHOLDER as char, "…")
}

impl Judge<'_> {
    fn deny_for(&self, face: Face) -> &DenyList {
        match (face, self.write_deny) {
            (Face::Write, Some(w)) => w,
            _ => self.deny,
        }
    }

    /// The first deny row covering any of `views` (label, path).
    fn deny_hit(
        &self,
        face: Face,
        views: &[(&'static str, Vec<u8>, bool)],
    ) -> Option<(String, String)> {
        let list = self.deny_for(face);
        for (label, p, globbed) in views {
            if let Some(row) = list.matching(&comps(p), *globbed) {
                return Some((row.pattern.clone(), format!("{label}: {}", text(p))));
            }
        }
        // Something that walks, writes over or moves a directory reaches the rows below it.
        if matches!(face, Face::Write | Face::Traverse | Face::Source) {
            for (label, p, globbed) in views {
                if !*globbed {
                    if let Some(row) = list.row_at_or_below(&comps(p)) {
                        return Some((
                            row.pattern.clone(),
                            format!("{label} (a row below): {}", text(p)),
                        ));
                    }
                }
            }
        }
        None
    }

    fn roots_for(&self, face: Face) -> &[Vec<u8>] {
        match (face, &self.boundary.write_roots) {
            (Face::Write, Some(w)) => w,
            _ => &self.boundary.roots,
        }
    }

    fn inside(&self, face: Face, target: &[u8]) -> bool {
        ALSO_INSIDE.iter().any(|d| d.as_bytes() == target)
            || self.roots_for(face).iter().any(|r| within(target, r))
    }

    /// Resolves symlinks through the view (bounded); `None` when the view does not answer.
    fn canonical(&self, abs: &[u8]) -> Option<Result<Vec<u8>, String>> {
        if !self.view.answers() {
            return None;
        }
        let mut pending: Vec<Vec<u8>> = comps(abs);
        pending.reverse();
        let mut done: Vec<Vec<u8>> = Vec::new();
        let mut hops = 0;
        let mut missing = false;
        while let Some(c) = pending.pop() {
            if c == b"." {
                continue;
            }
            if c == b".." {
                done.pop();
                continue;
            }
            done.push(c);
            if missing {
                continue;
            }
            let here = join(&done);
            match self.view.lstat(&here) {
                Some(FsKind::Symlink) => {
                    hops += 1;
                    if hops > MAX_SYMLINK_HOPS {
                        return Some(Err("too many levels of symbolic links".into()));
                    }
                    let Some(target) = self.view.read_link(&here) else {
                        return Some(Err("a symbolic link that cannot be read".into()));
                    };
                    done.pop();
                    if target.starts_with(b"/") {
                        done.clear();
                    }
                    let mut parts = comps(&target);
                    parts.reverse();
                    pending.extend(parts);
                }
                Some(_) => {}
                None => missing = true,
            }
        }
        Some(Ok(join(&done)))
    }

    /// Judges one candidate.
    pub fn judge(&self, c: &Candidate) -> CandidateFinding {
        let v = &c.value;
        let mut out = CandidateFinding {
            finding: Finding::None,
            spelled: text(&v.text),
            target: None,
            face: c.face,
            established: "lexical",
            containment: "unknown",
            deny: None,
            cause: None,
        };
        let unknown_start = v.text.first() == Some(&PLACEHOLDER);
        let absolute = v.text.starts_with(b"/");
        let abs: Option<Vec<u8>> = if absolute {
            Some(v.text.clone())
        } else if unknown_start {
            None
        } else {
            c.base.as_ref().map(|b| path::join(b, &v.text))
        };
        let pattern_abs: Option<Vec<u8>> = if v.pattern.starts_with(b"/") {
            Some(v.pattern.clone())
        } else {
            c.base
                .as_ref()
                .filter(|_| !unknown_start)
                .map(|b| path::join(&crate::shell::pattern::escape(b), &v.pattern))
        };
        // Every view the deny judge reads.
        let mut views: Vec<(&'static str, Vec<u8>, bool)> = Vec::new();
        match (&abs, v.glob) {
            (Some(a), false) => {
                views.push(("folded", path::normalize(a), false));
                // The kernel enters every directory a `..` climbs out of: those count too.
                let parts: Vec<&[u8]> = path::components(a).collect();
                for (k, c) in parts.iter().enumerate() {
                    if *c == b".." && k > 0 {
                        let entered =
                            join(&parts[..k].iter().map(|p| p.to_vec()).collect::<Vec<_>>());
                        views.push(("entered by ..", path::normalize(&entered), false));
                    }
                }
            }
            (Some(_), true) => {
                if let Some(p) = &pattern_abs {
                    views.push(("pattern", path::normalize(p), true));
                }
            }
            (None, _) => {
                // Relative to an unknown directory: only rows that float can be judged.
                views.push(("relative", v.text.clone(), v.glob));
            }
        }
        if let Some(f) = &v.floor {
            let fa = if f.starts_with(b"/") {
                Some(f.clone())
            } else {
                c.base.as_ref().map(|b| path::join(b, f))
            };
            if let Some(fa) = fa {
                views.push(("declared home", path::normalize(&fa), v.glob));
            }
        }
        let mut established_target: Option<Vec<u8>> = None;
        let mut walk_cause: Option<String> = None;
        if let (Some(a), false) = (&abs, v.glob) {
            if let Some(r) = self.canonical(a) {
                match r {
                    Ok(canon) => {
                        if canon != path::normalize(a) {
                            views.push(("canonical", canon.clone(), false));
                        }
                        out.established = "canonical";
                        established_target = Some(canon);
                    }
                    Err(why) => walk_cause = Some(why),
                }
            } else {
                established_target = Some(path::normalize(a));
            }
        }
        // Patterns: expand through the view when it answers.
        let mut matches: Vec<Vec<u8>> = Vec::new();
        if v.glob {
            if let (true, Some(p)) = (self.view.answers(), &pattern_abs) {
                match self.expand(&path::normalize(p)) {
                    Ok(m) => {
                        for m in m {
                            views.push(("expansion", m.clone(), false));
                            // Each match is established like a spelled path: links resolved.
                            let canon = match self.canonical(&m) {
                                Some(Ok(c)) => c,
                                _ => m.clone(),
                            };
                            if canon != m {
                                views.push(("expansion, canonical", canon.clone(), false));
                            }
                            matches.push(canon);
                        }
                        out.established = "expansion";
                    }
                    Err(why) => walk_cause = Some(why),
                }
            }
        }
        // Traversals: every member below the root meets the deny list.
        if c.face == Face::Traverse && self.view.answers() {
            if let Some(t) = &established_target {
                match self.walk(t) {
                    Ok(Some((row, member))) => {
                        out.finding = Finding::DenyHit;
                        out.deny = Some((row, format!("walked: {}", text(&member))));
                        out.target = Some(text(t));
                        return out;
                    }
                    Ok(None) => {}
                    Err(why) => walk_cause = Some(why),
                }
            }
        }
        if let Some(hit) = self.deny_hit(c.face, &views) {
            out.finding = Finding::DenyHit;
            out.deny = Some(hit);
            out.target = established_target.as_deref().map(text);
            return out;
        }
        if c.deny_only {
            return out;
        }
        // Containment.
        let folded = abs.as_ref().map(|a| path::normalize(a));
        if let Some(f) = &folded {
            let is_proc = f.starts_with(b"/proc/") && {
                let next = path::components(f).nth(1).unwrap_or_default();
                next == b"self" || next == b"thread-self" || next.iter().all(u8::is_ascii_digit)
            };
            if is_proc || f.starts_with(b"/dev/fd/") || f == b"/dev/fd" {
                out.finding = Finding::Unestablishable;
                out.established = "unestablishable";
                out.cause = Some("names a process the judge cannot know".into());
                return out;
            }
        }
        if v.unknown.is_some() || unknown_start {
            out.finding = Finding::Unestablishable;
            out.established = "unestablishable";
            out.cause = v
                .unknown
                .clone()
                .or(Some("the text is not known before it runs".into()));
            return out;
        }
        if abs.is_none() {
            out.finding = Finding::Unestablishable;
            out.established = "unestablishable";
            out.cause = Some("the working directory is not known here".into());
            return out;
        }
        if let Some(why) = walk_cause {
            out.finding = Finding::Unestablishable;
            out.established = "unestablishable";
            out.cause = Some(why);
            return out;
        }
        let targets: Vec<Vec<u8>> = if v.glob {
            if self.view.answers() && !matches.is_empty() {
                matches
            } else {
                // Unexpanded: every match lies below the pattern's literal directory.
                match literal_prefix(&path::normalize(pattern_abs.as_deref().unwrap_or(b"/"))) {
                    Some(dir) => vec![dir],
                    None => {
                        out.finding = Finding::Unestablishable;
                        out.established = "unestablishable";
                        out.cause = Some("a pattern whose matches could climb out with ..".into());
                        return out;
                    }
                }
            }
        } else {
            vec![established_target.clone().unwrap_or_default()]
        };
        out.target = targets.first().map(|t| text(t));
        let all_inside = targets.iter().all(|t| self.inside(c.face, t));
        out.containment = if all_inside { "inside" } else { "outside" };
        if !all_inside {
            out.finding = Finding::OutsideRoots;
        }
        out
    }

    /// Expands an absolute pattern through the view (bounded). Names are sorted.
    fn expand(&self, pattern: &[u8]) -> Result<Vec<Vec<u8>>, String> {
        let mut cands: Vec<Vec<u8>> = vec![b"/".to_vec()];
        let mut examined = 0usize;
        for comp in path::components(pattern) {
            let magic = comp.iter().any(|b| matches!(b, b'*' | b'?' | b'['));
            let mut next = Vec::new();
            for dir in &cands {
                if !magic {
                    let lit = crate::shell::pattern::unescape(comp);
                    let p = path::join(dir, &lit);
                    if self.view.lstat(&p).is_some() {
                        next.push(p);
                    }
                    continue;
                }
                let pat = Pattern::compile(
                    comp,
                    MatchOptions {
                        pathname: true,
                        ..MatchOptions::default()
                    },
                );
                for name in self.view.read_dir(dir).unwrap_or_default() {
                    examined += 1;
                    if examined > MAX_WALK {
                        return Err(format!("a pattern expansion past {MAX_WALK} names"));
                    }
                    if pat.matches(&name) {
                        next.push(path::join(dir, &name));
                    }
                }
            }
            cands = next;
        }
        Ok(cands)
    }

    /// Walks a directory tree through the view; the first member a deny row covers, if any.
    /// The deny rows' matching state is carried down the walk, one component at a time.
    fn walk(&self, root: &[u8]) -> Result<Option<(String, Vec<u8>)>, String> {
        if self.view.lstat(root) != Some(FsKind::Dir) {
            return Ok(None);
        }
        let start = self.deny.walk_start(&comps(root));
        let mut stack = vec![(root.to_vec(), 0usize, start)];
        let mut examined = 0usize;
        while let Some((dir, depth, state)) = stack.pop() {
            if depth > 64 {
                return Err("a traversal deeper than 64 levels".into());
            }
            for (name, kind) in self.view.read_dir_kinds(&dir).unwrap_or_default() {
                examined += 1;
                if examined > MAX_WALK {
                    return Err(format!("a traversal past {MAX_WALK} names"));
                }
                let here = self.deny.walk_step(&state, &name);
                let p = path::join(&dir, &name);
                if let Some(row) = self.deny.walk_hit(&here) {
                    return Ok(Some((row.pattern.clone(), p)));
                }
                let kind = kind.or_else(|| self.view.lstat(&p));
                if kind == Some(FsKind::Dir) {
                    stack.push((p, depth + 1, here));
                }
            }
        }
        Ok(None)
    }

    pub fn fold(&self, plan: &Plan, reentry: bool, out: &mut Vec<JudgedSegment>) -> Fold {
        let mut fold = Fold {
            finding: Finding::None,
            witness: None,
            segment: None,
            unestablished: false,
        };
        let raise = |fold: &mut Fold,
                     f: Finding,
                     witness: Option<CandidateFinding>,
                     seg: Option<(String, String)>| {
            if matches!(f, Finding::Unestablishable | Finding::Declined) {
                fold.unestablished = true;
            }
            if f.rank() > fold.finding.rank() {
                fold.finding = f;
                fold.witness = witness;
                fold.segment = if fold.witness.is_some() { None } else { seg };
            }
        };
        if let Some(why) = &plan.unreadable {
            raise(
                &mut fold,
                Finding::Unestablishable,
                None,
                Some(("(text)".into(), why.clone())),
            );
        }
        for seg in &plan.segments {
            let mut judged = JudgedSegment {
                program: seg.program.clone(),
                finding: Finding::None,
                findings: Vec::new(),
                declined: seg.declined.clone(),
                unestablishable: seg.unestablishable.clone(),
            };
            for c in seg.candidates.iter().flat_map(|c| c.variants()) {
                let f = self.judge(&c);
                if f.finding.rank() > judged.finding.rank() {
                    judged.finding = f.finding;
                }
                raise(&mut fold, f.finding, Some(f.clone()), None);
                judged.findings.push(f);
            }
            if let Some(why) = &seg.declined {
                judged.finding = judged.finding.max_rank(Finding::Declined);
                raise(
                    &mut fold,
                    Finding::Declined,
                    None,
                    Some((seg.program.clone(), why.clone())),
                );
            }
            if let Some(why) = &seg.unestablishable {
                judged.finding = judged.finding.max_rank(Finding::Unestablishable);
                raise(
                    &mut fold,
                    Finding::Unestablishable,
                    None,
                    Some((seg.program.clone(), why.clone())),
                );
            }
            out.push(judged);
            for n in &seg.nested {
                let inner = self.fold(&n.plan, n.reentry, out);
                if n.reentry {
                    // Re-entered text: its deny hits count; its containment and silence do not.
                    if inner.finding == Finding::DenyHit {
                        raise(&mut fold, Finding::DenyHit, inner.witness, inner.segment);
                    }
                    fold.unestablished = true;
                } else {
                    fold.unestablished |= inner.unestablished;
                    raise(&mut fold, inner.finding, inner.witness, inner.segment);
                }
            }
        }
        let _ = reentry;
        fold
    }

    /// The one directory whose addition to the roots would answer every outside read.
    pub fn grant_offer(&self, segments: &[JudgedSegment]) -> Option<(String, bool)> {
        let mut outside: Vec<&CandidateFinding> = Vec::new();
        for s in segments {
            if s.declined.is_some() || s.unestablishable.is_some() {
                return None;
            }
            for f in &s.findings {
                match f.finding {
                    Finding::None => {}
                    Finding::OutsideRoots => outside.push(f),
                    _ => return None,
                }
            }
        }
        if outside.is_empty()
            || outside
                .iter()
                .any(|f| f.spelled.split('/').any(|c| c == ".."))
        {
            return None;
        }
        let targets: Vec<&str> = outside.iter().filter_map(|f| f.target.as_deref()).collect();
        if targets.len() != outside.len() {
            return None;
        }
        let mut common: Option<String> = None;
        for t in &targets {
            let dir = if outside
                .iter()
                .any(|f| f.face == Face::Traverse && f.target.as_deref() == Some(*t))
            {
                t.to_string()
            } else {
                String::from_utf8_lossy(&path::parent(t.as_bytes())).into_owned()
            };
            common = Some(match common {
                None => dir,
                Some(c) => deepest_common_dir(&c, &dir)?,
            });
        }
        let dir = common?;
        let home = String::from_utf8_lossy(&self.boundary.home).into_owned();
        let too_wide = dir == "/"
            || within(home.as_bytes(), dir.as_bytes())
            || self
                .boundary
                .roots
                .iter()
                .any(|r| within(r, dir.as_bytes()));
        if too_wide {
            let mut distinct: Vec<&str> = targets.clone();
            distinct.sort();
            distinct.dedup();
            return (distinct.len() == 1).then(|| (distinct[0].to_string(), true));
        }
        Some((dir, false))
    }
}

impl Finding {
    fn max_rank(self, other: Finding) -> Finding {
        if other.rank() > self.rank() {
            other
        } else {
            self
        }
    }
}

/// The deepest directory containing both absolute paths: their common prefix cut at a
/// separator. Linear in the paths' length.
pub fn deepest_common_dir(a: &str, b: &str) -> Option<String> {
    if !a.starts_with('/') || !b.starts_with('/') {
        return None;
    }
    let (x, y) = (a.as_bytes(), b.as_bytes());
    let mut end = 0;
    let mut i = 0;
    while i < x.len() && i < y.len() && x[i] == y[i] {
        if x[i] == b'/' {
            end = i;
        }
        i += 1;
    }
    // One path is a whole-component prefix of the other.
    let full = |p: &[u8], n: usize| n == p.len() || p.get(n) == Some(&b'/');
    if (i == x.len() && full(y, i)) || (i == y.len() && full(x, i)) {
        end = i;
    }
    let dir = &a[..end.max(1)];
    Some(if dir.is_empty() {
        "/".into()
    } else {
        dir.to_string()
    })
}

/// The directory before the first pattern component, unless a `..` follows a pattern.
fn literal_prefix(pattern: &[u8]) -> Option<Vec<u8>> {
    let mut dir = Vec::new();
    let mut seen_magic = false;
    for c in path::components(pattern) {
        let magic = c.iter().any(|b| matches!(b, b'*' | b'?' | b'['));
        if seen_magic && c == b".." {
            return None;
        }
        if magic {
            seen_magic = true;
        }
        if !seen_magic {
            dir.push(b'/');
            dir.extend_from_slice(c);
        }
    }
    Some(if dir.is_empty() { b"/".to_vec() } else { dir })
}

fn join(parts: &[Vec<u8>]) -> Vec<u8> {
    if parts.is_empty() {
        return b"/".to_vec();
    }
    let mut p = Vec::new();
    for c in parts {
        p.push(b'/');
        p.extend_from_slice(c);
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deepest_common_dir_is_linear_and_component_aware() {
        assert_eq!(
            deepest_common_dir("/a/b/c", "/a/b/d").as_deref(),
            Some("/a/b")
        );
        assert_eq!(deepest_common_dir("/a/bc", "/a/bd").as_deref(), Some("/a"));
        assert_eq!(
            deepest_common_dir("/a/b", "/a/b/c").as_deref(),
            Some("/a/b")
        );
        assert_eq!(deepest_common_dir("/x", "/y").as_deref(), Some("/"));
        let long = format!("/{}", vec!["s"; 16_000].join("/"));
        assert_eq!(
            deepest_common_dir(&long, &long).as_deref(),
            Some(long.as_str())
        );
    }
}
