//! The deny list: gitignore-style patterns anchored at the home (`~/…`) or the root (`/…`).
//!
//! - `~/.ssh/**`, `/etc/shadow`: anchored; `**` is any number of whole components (zero
//!   included, so `X/**` covers `X` itself).
//! - A pattern without a slash (`*.pem`, `.env`) matches a name at any depth; a relative pattern
//!   with a slash (`**/.env`, `config/secrets`) may start at any depth too.
//! - Like gitignore, a pattern that matches a directory covers everything below it.
//! - `*`, `?` and `[...]` match within one component, dot-files included.
//!
//! A candidate that is itself a pattern (an unexpanded glob) hits a row when some name could
//! match both: component by component, the two globs' languages intersect. That keeps
//! `cat ~/.ss?/id_*` from slipping past `~/.ssh/**` when nothing could be expanded.

use crate::shell::pattern::{MatchOptions, Pattern};

#[derive(Clone, Debug)]
enum Comp {
    /// `**`: zero or more components.
    Any,
    /// One component: the glob's tokens and the compiled matcher for plain names.
    Glob(Vec<Tok>, Box<Pattern>),
}

/// One compiled deny row.
#[derive(Clone, Debug)]
pub struct DenyRow {
    /// The pattern as given (reported as the witness).
    pub pattern: String,
    comps: Vec<Comp>,
}

/// The compiled deny list for one home.
#[derive(Clone, Debug, Default)]
pub struct DenyList {
    rows: Vec<DenyRow>,
}

impl DenyList {
    /// Compiles `patterns`; `home` anchors the `~/` ones. An empty or malformed pattern is an
    /// error (a deny row that silently matches nothing would be a hole).
    pub fn compile(patterns: &[String], home: &[u8]) -> Result<DenyList, String> {
        let mut rows = Vec::new();
        for p in patterns {
            rows.push(DenyRow::compile(p, home)?);
        }
        Ok(DenyList { rows })
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The first row covering the absolute path `components` (each may be a glob when
    /// `globbed`), or `None`.
    pub fn matching(&self, components: &[Vec<u8>], globbed: bool) -> Option<&DenyRow> {
        self.rows.iter().find(|r| r.covers(components, globbed))
    }

    /// The matching state after the components of `dir`, for a walk below it.
    pub fn walk_start(&self, dir: &[Vec<u8>]) -> WalkState {
        let mut st = WalkState {
            rows: self.rows.iter().map(|r| r.start()).collect(),
        };
        for c in dir {
            st = self.walk_step(&st, c);
        }
        st
    }

    /// The state one component further down. Cost: the rows' pattern lengths, no allocation
    /// per path component.
    pub fn walk_step(&self, st: &WalkState, comp: &[u8]) -> WalkState {
        WalkState {
            rows: self
                .rows
                .iter()
                .zip(&st.rows)
                .map(|(r, s)| r.step(s, comp))
                .collect(),
        }
    }

    /// The first row the walk so far is covered by.
    pub fn walk_hit(&self, st: &WalkState) -> Option<&DenyRow> {
        self.rows
            .iter()
            .zip(&st.rows)
            .find(|(_, s)| s.hit)
            .map(|(r, _)| r)
    }

    /// The first row that lies at or below the directory `components` (a traversal of that
    /// directory would reach what the row guards). Floating rows (`*.pem`, `**/.env`) are not
    /// answered here: whether such a name exists below is a question for the filesystem.
    pub fn row_at_or_below(&self, components: &[Vec<u8>]) -> Option<&DenyRow> {
        self.rows.iter().find(|r| r.at_or_below(components))
    }
}

/// Where each row's pattern stands after the components walked so far (an NFA state set).
#[derive(Clone, Debug)]
pub struct WalkState {
    rows: Vec<RowState>,
}

#[derive(Clone, Debug)]
struct RowState {
    /// `at[i]`: the first `i` pattern components match the path so far.
    at: Vec<bool>,
    /// The whole pattern matched some prefix: everything below is covered.
    hit: bool,
}

impl DenyRow {
    fn close(&self, at: &mut [bool]) {
        // `**` may match nothing: position i reaches i + 1.
        for i in 0..self.comps.len() {
            if at[i] && matches!(self.comps[i], Comp::Any) {
                at[i + 1] = true;
            }
        }
    }

    fn start(&self) -> RowState {
        let mut at = vec![false; self.comps.len() + 1];
        at[0] = true;
        self.close(&mut at);
        RowState { at, hit: false }
    }

    fn step(&self, s: &RowState, comp: &[u8]) -> RowState {
        if s.hit {
            return s.clone();
        }
        let k = self.comps.len();
        let mut at = vec![false; k + 1];
        for i in 0..k {
            if !s.at[i] {
                continue;
            }
            match &self.comps[i] {
                Comp::Any => at[i] = true,
                Comp::Glob(toks, pat) => {
                    if comp_matches(toks, pat, comp, false) {
                        at[i + 1] = true;
                    }
                }
            }
        }
        self.close(&mut at);
        let hit = at[k];
        RowState { at, hit }
    }

    fn compile(pattern: &str, home: &[u8]) -> Result<DenyRow, String> {
        let p = pattern.trim();
        if p.is_empty() {
            return Err("empty deny pattern".into());
        }
        let mut comps = Vec::new();
        let body: &str = if let Some(rest) =
            p.strip_prefix("~/")
                .or(if p == "~" { Some("") } else { None })
        {
            for c in home.split(|&b| b == b'/').filter(|c| !c.is_empty()) {
                comps.push(glob_comp(c));
            }
            rest
        } else if let Some(rest) = p.strip_prefix('/') {
            rest
        } else {
            // Unanchored: it may start at any depth.
            comps.push(Comp::Any);
            p
        };
        for c in body.split('/').filter(|c| !c.is_empty()) {
            if c == "**" {
                if !matches!(comps.last(), Some(Comp::Any)) {
                    comps.push(Comp::Any);
                }
            } else {
                comps.push(glob_comp(c.as_bytes()));
            }
        }
        if comps.is_empty() {
            // "/" or "~/" alone: the whole tree below the anchor.
            comps.push(Comp::Any);
        }
        Ok(DenyRow {
            pattern: pattern.to_string(),
            comps,
        })
    }

    /// Whether the row matches the path or one of its ancestors (a covered directory covers
    /// its contents).
    fn covers(&self, path: &[Vec<u8>], globbed: bool) -> bool {
        let reach = self.reach(path, globbed);
        reach.iter().skip(1).any(|&m| m)
    }

    /// `reach[i]`: the whole pattern matches the first `i` components of `path`.
    fn reach(&self, path: &[Vec<u8>], globbed: bool) -> Vec<bool> {
        let n = path.len();
        // cur[i]: the pattern's first k components match path[..i].
        let mut cur = vec![false; n + 1];
        cur[0] = true;
        for comp in &self.comps {
            let mut next = vec![false; n + 1];
            match comp {
                Comp::Any => {
                    let mut seen = false;
                    for i in 0..=n {
                        seen |= cur[i];
                        next[i] = seen;
                    }
                }
                Comp::Glob(toks, pat) => {
                    for i in 0..n {
                        if cur[i] && comp_matches(toks, pat, &path[i], globbed) {
                            next[i + 1] = true;
                        }
                    }
                }
            }
            cur = next;
        }
        cur
    }

    /// The row's anchored literal prefix lies at or below `dir`: some path below `dir` (or `dir`
    /// itself) is covered. Only rows that start anchored are answered.
    fn at_or_below(&self, dir: &[Vec<u8>]) -> bool {
        if matches!(self.comps.first(), Some(Comp::Any)) {
            return false;
        }
        for (i, comp) in self.comps.iter().enumerate() {
            match comp {
                Comp::Any => return true,
                Comp::Glob(toks, pat) => match dir.get(i) {
                    // Past the end of dir: the row continues below it.
                    None => return true,
                    Some(c) => {
                        if !comp_matches(toks, pat, c, false) {
                            return false;
                        }
                    }
                },
            }
        }
        // The row names dir itself or one of its ancestors exactly.
        true
    }
}

fn glob_comp(c: &[u8]) -> Comp {
    let opts = MatchOptions {
        dotglob: true,
        ..MatchOptions::default()
    };
    Comp::Glob(tokens(c), Box::new(Pattern::compile(c, opts)))
}

fn comp_matches(toks: &[Tok], pat: &Pattern, name: &[u8], globbed: bool) -> bool {
    if globbed && name.iter().any(|b| matches!(b, b'*' | b'?' | b'[' | b'\\')) {
        intersects(toks, &tokens(name))
    } else {
        pat.matches(name)
    }
}

/// A glob, tokenised for the intersection test.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Byte(u8),
    One,
    Star,
    /// A bracket expression: which bytes it accepts.
    Class(Box<[bool; 256]>),
}

fn tokens(glob: &[u8]) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < glob.len() {
        match glob[i] {
            b'\\' if i + 1 < glob.len() => {
                out.push(Tok::Byte(glob[i + 1]));
                i += 2;
            }
            b'*' => {
                if out.last() != Some(&Tok::Star) {
                    out.push(Tok::Star);
                }
                i += 1;
            }
            b'?' => {
                out.push(Tok::One);
                i += 1;
            }
            b'[' => match class(&glob[i..]) {
                Some((set, used)) => {
                    out.push(Tok::Class(set));
                    i += used;
                }
                None => {
                    out.push(Tok::Byte(b'['));
                    i += 1;
                }
            },
            b => {
                out.push(Tok::Byte(b));
                i += 1;
            }
        }
    }
    out
}

/// Parses `[...]` at the start of `s`: the accepted bytes and the length consumed.
fn class(s: &[u8]) -> Option<(Box<[bool; 256]>, usize)> {
    let mut i = 1;
    let negate = matches!(s.get(i), Some(b'!') | Some(b'^'));
    if negate {
        i += 1;
    }
    let mut set = Box::new([false; 256]);
    let start = i;
    while i < s.len() {
        if s[i] == b']' && i > start {
            if negate {
                for b in set.iter_mut() {
                    *b = !*b;
                }
            }
            return Some((set, i + 1));
        }
        if s[i] == b'[' && s.get(i + 1) == Some(&b':') {
            // A character class like [:alpha:]: accept its bytes broadly (over-approximation).
            if let Some(end) = s[i + 2..].windows(2).position(|w| w == b":]") {
                for b in set.iter_mut() {
                    *b = true;
                }
                i += end + 4;
                continue;
            }
        }
        let lo = s[i];
        if s.get(i + 1) == Some(&b'-') && s.get(i + 2).is_some_and(|&c| c != b']') {
            let hi = s[i + 2];
            for b in lo..=hi.max(lo) {
                set[b as usize] = true;
            }
            i += 3;
        } else {
            set[lo as usize] = true;
            i += 1;
        }
    }
    None
}

fn accepts(t: &Tok, b: u8) -> bool {
    match t {
        Tok::Byte(x) => *x == b,
        Tok::One | Tok::Star => true,
        Tok::Class(set) => set[b as usize],
    }
}

/// Whether some string matches both globs: a search over pairs of positions.
fn intersects(a: &[Tok], b: &[Tok]) -> bool {
    let (n, m) = (a.len(), b.len());
    let mut seen = vec![false; (n + 1) * (m + 1)];
    let mut stack = vec![(0usize, 0usize)];
    while let Some((i, j)) = stack.pop() {
        let k = i * (m + 1) + j;
        if seen[k] {
            continue;
        }
        seen[k] = true;
        if i == n && j == m {
            return true;
        }
        // A star may match nothing.
        if i < n && a[i] == Tok::Star {
            stack.push((i + 1, j));
        }
        if j < m && b[j] == Tok::Star {
            stack.push((i, j + 1));
        }
        if i < n && j < m {
            // Some byte both accept?
            let common = (0u8..=255).any(|c| accepts(&a[i], c) && accepts(&b[j], c));
            if common {
                let ni = if a[i] == Tok::Star { i } else { i + 1 };
                let nj = if b[j] == Tok::Star { j } else { j + 1 };
                if (ni, nj) != (i, j) {
                    stack.push((ni, nj));
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn comps(p: &str) -> Vec<Vec<u8>> {
        p.split('/')
            .filter(|c| !c.is_empty())
            .map(|c| c.as_bytes().to_vec())
            .collect()
    }

    fn list() -> DenyList {
        let pats: Vec<String> = ["~/.ssh/**", "**/.env", "/etc/shadow", "*.pem", "~/.aws/**"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        DenyList::compile(&pats, b"/home/u").unwrap()
    }

    #[test]
    fn anchored_floating_and_directory_rows() {
        let d = list();
        for hit in [
            "/home/u/.ssh/id_rsa",
            "/home/u/.ssh",
            "/home/u/proj/.env",
            "/.env",
            "/etc/shadow",
            "/srv/x/key.pem",
            "/home/u/.aws/credentials",
            "/etc/shadow/below",
        ] {
            assert!(d.matching(&comps(hit), false).is_some(), "{hit}");
        }
        for miss in [
            "/home/u/ssh",
            "/home/u/proj/.envrc",
            "/etc/passwd",
            "/home/u/a.pem.txt",
            "/home/u",
        ] {
            assert!(d.matching(&comps(miss), false).is_none(), "{miss}");
        }
    }

    #[test]
    fn glob_candidates_hit_when_a_name_could_match_both() {
        let d = list();
        assert!(d.matching(&comps("/home/u/.ss?/id_*"), true).is_some());
        assert!(d.matching(&comps("/home/u/.*/id_rsa"), true).is_some());
        assert!(d.matching(&comps("/home/u/proj/*.p[e]m"), true).is_some());
        assert!(d.matching(&comps("/home/u/proj/*.rs"), true).is_none());
        // `[a-z]*` could be a directory named `a.pem`, which `*.pem` covers.
        assert!(d.matching(&comps("/home/u/[a-z]*/x"), true).is_some());
        assert!(d.matching(&comps("/home/u/[a-z]/x"), true).is_none());
    }

    #[test]
    fn walking_agrees_with_matching() {
        let d = list();
        for p in [
            "/home/u/.ssh/id_rsa",
            "/home/u/proj/.env",
            "/srv/k.pem/x",
            "/etc/shadow",
            "/home/u/proj/src/a.rs",
            "/etc/passwd",
            "/home/u/.aws",
        ] {
            let c = comps(p);
            let st = d.walk_start(&c);
            assert_eq!(
                d.walk_hit(&st).map(|r| r.pattern.clone()),
                d.matching(&c, false).map(|r| r.pattern.clone()),
                "{p}"
            );
        }
    }

    #[test]
    fn rows_below_a_traversal_root() {
        let d = list();
        assert!(d.row_at_or_below(&comps("/home/u")).is_some());
        assert!(d.row_at_or_below(&comps("/")).is_some());
        assert!(d.row_at_or_below(&comps("/home/u/proj")).is_none());
        assert!(d.row_at_or_below(&comps("/etc")).is_some());
    }
}
