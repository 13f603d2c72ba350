//! Word expansion, in bash's order: brace expansion, then tilde, parameter, command and
//! arithmetic substitution (left to right), then field splitting on the unquoted results,
//! pathname expansion, and quote removal.
//!
//! A word expands first into pieces that remember how they were quoted; splitting and
//! globbing only look at the pieces that came from unquoted text or unquoted expansions.

mod brace;
mod glob;
mod param;

use super::ast::*;
use super::pattern;
use super::state::{Flow, Res, Shell};
use crate::limits::cost;
use std::future::Future;
use std::pin::Pin;

pub(crate) type BoxFut<'a, T> = Pin<Box<dyn Future<Output = T> + 'a>>;

/// How a run of bytes was produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Unquoted literal text: globs active, not split.
    Lit,
    /// Quoted text: literal for globbing, not split.
    Quoted,
    /// Result of an unquoted expansion: split and globbed.
    Split,
}

#[derive(Clone, Debug)]
pub(crate) enum Item {
    Piece(Vec<u8>, Kind),
    /// A field boundary forced by `"$@"` / `"${a[@]}"`.
    Break,
    /// A quoted empty string that still makes a field (`""`).
    QuotedEmpty,
    /// `"$@"` / `"${a[@]}"` with no elements: contributes nothing, not even an empty field.
    EmptyAt,
}

/// One field being built: pieces plus whether it exists even if empty.
#[derive(Clone, Debug, Default)]
pub(crate) struct Field {
    pub pieces: Vec<(Vec<u8>, Kind)>,
    pub exists: bool,
}

impl Field {
    pub fn text(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for (b, _) in &self.pieces {
            out.extend_from_slice(b);
        }
        out
    }

    /// The field as a glob pattern: quoted bytes escaped.
    pub fn pattern(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for (b, k) in &self.pieces {
            match k {
                Kind::Quoted => out.extend_from_slice(&pattern::escape(b)),
                _ => out.extend_from_slice(b),
            }
        }
        out
    }

    fn has_magic(&self, extglob: bool) -> bool {
        self.pieces.iter().any(|(b, k)| {
            *k != Kind::Quoted
                && b.iter()
                    .any(|&c| matches!(c, b'*' | b'?' | b'[') || (extglob && c == b'('))
        })
    }
}

impl Shell {
    /// Full expansion of command words into argument fields.
    pub fn expand_words<'a>(&'a mut self, words: &'a [Word]) -> BoxFut<'a, Res<Vec<Vec<u8>>>> {
        Box::pin(async move {
            let mut out = Vec::new();
            for w in words {
                self.sys.charge(cost::EXPAND_WORD)?;
                // `set +B` turns brace expansion off.
                let braced = if self.opts.get("braceexpand") == Some(false) {
                    vec![w.clone()]
                } else {
                    brace::expand(w, &self.sys)?
                };
                for bw in braced.iter() {
                    let fields = self.expand_to_fields(bw).await?;
                    for f in fields {
                        self.glob_field(f, &mut out)?;
                    }
                }
            }
            Ok(out)
        })
    }

    /// Pathname expansion of `pat` as written (`compgen -G`): the sorted matches, or none.
    pub(crate) fn glob_paths(&self, pat: &[u8]) -> Res<Vec<Vec<u8>>> {
        glob::expand(self, pat)
    }

    /// Every expansion but pathname expansion (`compgen -W` words): brace, tilde, parameter,
    /// substitutions, splitting and quote removal.
    pub(crate) async fn expand_no_glob(&mut self, w: &Word) -> Res<Vec<Vec<u8>>> {
        let braced = if self.opts.get("braceexpand") == Some(false) {
            vec![w.clone()]
        } else {
            brace::expand(w, &self.sys)?
        };
        let mut out = Vec::new();
        for bw in braced.iter() {
            for f in self.expand_to_fields(bw).await? {
                out.push(f.text());
            }
        }
        Ok(out)
    }

    /// Expansion without splitting or globbing (assignment values, redirect targets, `case`
    /// words, here-documents): the result is one string.
    pub fn expand_single<'a>(&'a mut self, w: &'a Word) -> BoxFut<'a, Res<Vec<u8>>> {
        Box::pin(async move {
            let outer = std::mem::replace(&mut self.joining_star, true);
            let items = self.expand_items(&w.parts, false).await;
            self.joining_star = outer;
            let mut out = Vec::new();
            for it in items? {
                match it {
                    Item::Piece(b, _) => out.extend_from_slice(&b),
                    Item::Break => out.push(b' '),
                    Item::QuotedEmpty | Item::EmptyAt => {}
                }
            }
            Ok(out)
        })
    }

    /// Expansion to a pattern (case arms, `[[ == ]]`, `${x#pat}`): quoted parts escaped.
    pub fn expand_pattern<'a>(&'a mut self, w: &'a Word) -> BoxFut<'a, Res<Vec<u8>>> {
        Box::pin(async move { Ok(self.expand_pattern_shown(w, false).await?.0) })
    }

    /// [`Shell::expand_pattern`], and with `shown` also the form `set -x` prints, where
    /// every quoted character carries a backslash (`"x y"` shows as `\x\ \y`).
    pub(crate) async fn expand_pattern_shown(
        &mut self,
        w: &Word,
        shown: bool,
    ) -> Res<(Vec<u8>, Vec<u8>)> {
        let items = self.expand_items(&w.parts, false).await?;
        let (mut out, mut display) = (Vec::new(), Vec::new());
        for it in items {
            match it {
                Item::Piece(b, Kind::Quoted) => {
                    out.extend_from_slice(&pattern::escape(&b));
                    if shown {
                        for c in b {
                            display.extend_from_slice(&[b'\\', c]);
                        }
                    }
                }
                Item::Piece(b, _) => {
                    out.extend_from_slice(&b);
                    if shown {
                        display.extend_from_slice(&b);
                    }
                }
                Item::Break => {
                    out.push(b' ');
                    display.push(b' ');
                }
                Item::QuotedEmpty | Item::EmptyAt => {}
            }
        }
        Ok((out, display))
    }

    /// Expansion to fields (split, no glob).
    pub(crate) async fn expand_to_fields(&mut self, w: &Word) -> Res<Vec<Field>> {
        let outer = std::mem::replace(&mut self.joining_star, false);
        let items = self.expand_items(&w.parts, false).await;
        self.joining_star = outer;
        Ok(self.split_fields(items?))
    }

    /// Expands parts into items. `in_dq` marks everything quoted.
    pub(crate) fn expand_items<'a>(
        &'a mut self,
        parts: &'a [WordPart],
        in_dq: bool,
    ) -> BoxFut<'a, Res<Vec<Item>>> {
        Box::pin(async move {
            let mut items = Vec::new();
            let lit_kind = if in_dq { Kind::Quoted } else { Kind::Lit };
            let exp_kind = if in_dq { Kind::Quoted } else { Kind::Split };
            for part in parts {
                match part {
                    WordPart::Lit(t) => items.push(Item::Piece(t.clone(), lit_kind)),
                    WordPart::Quoted(t) => {
                        if t.is_empty() {
                            items.push(Item::QuotedEmpty);
                        } else {
                            items.push(Item::Piece(t.clone(), Kind::Quoted));
                        }
                    }
                    WordPart::Empty => {}
                    WordPart::DQuoted(inner) => {
                        let sub = self.expand_items(inner, true).await?;
                        if sub.is_empty() {
                            items.push(Item::QuotedEmpty);
                        } else {
                            items.extend(sub);
                        }
                    }
                    WordPart::Tilde(user) => {
                        let t = self.tilde(user);
                        items.push(Item::Piece(t, Kind::Quoted));
                    }
                    WordPart::Param(pe) => {
                        let v = self.expand_param(pe, in_dq).await?;
                        match v {
                            param::Expansion::Scalar(s) => {
                                self.sys.charge(cost::per_bytes(
                                    s.len(),
                                    64,
                                    cost::EXPAND_PER_64_BYTES,
                                ))?;
                                if s.is_empty() {
                                    if in_dq {
                                        items.push(Item::QuotedEmpty);
                                    }
                                } else {
                                    items.push(Item::Piece(s, exp_kind));
                                }
                            }
                            param::Expansion::Items(sub) => items.extend(sub),
                            param::Expansion::Fields(fields) => {
                                if fields.is_empty() && in_dq {
                                    items.push(Item::EmptyAt);
                                }
                                let mut first = true;
                                for f in fields {
                                    self.sys.charge(cost::per_bytes(
                                        f.len(),
                                        64,
                                        cost::EXPAND_PER_64_BYTES,
                                    ))?;
                                    if !first {
                                        items.push(Item::Break);
                                    }
                                    first = false;
                                    if f.is_empty() {
                                        if in_dq {
                                            items.push(Item::QuotedEmpty);
                                        }
                                    } else {
                                        items.push(Item::Piece(f, exp_kind));
                                    }
                                }
                            }
                        }
                    }
                    WordPart::CmdSub(prog) => {
                        let out = self.command_substitution(prog).await?;
                        if out.is_empty() {
                            if in_dq {
                                items.push(Item::QuotedEmpty);
                            }
                        } else {
                            items.push(Item::Piece(out, exp_kind));
                        }
                    }
                    WordPart::Arith(w) => {
                        let text = self.expand_single(w).await?;
                        let n = self.arith(&text)?;
                        items.push(Item::Piece(n.to_string().into_bytes(), exp_kind));
                    }
                    WordPart::DeclArray(assign) => {
                        self.pending_decl_arrays.push(assign.clone());
                        items.push(Item::Piece(assign.name.clone(), Kind::Quoted));
                    }
                    WordPart::ProcSub(prog, is_in) => {
                        let path = self.process_substitution(prog, *is_in).await?;
                        items.push(Item::Piece(path, Kind::Quoted));
                    }
                }
            }
            Ok(items)
        })
    }

    fn tilde(&self, user: &[u8]) -> Vec<u8> {
        if user.is_empty() {
            return self
                .get_scalar(b"HOME")
                .unwrap_or_else(|| b"/root".to_vec());
        }
        match user {
            b"root" => b"/root".to_vec(),
            b"+" => self.cwd.clone(),
            b"-" => self.get_scalar(b"OLDPWD").unwrap_or_else(|| b"~-".to_vec()),
            _ => {
                let mut t = b"~".to_vec();
                t.extend_from_slice(user);
                t
            }
        }
    }

    /// IFS field splitting of the items.
    pub(crate) fn split_fields(&self, items: Vec<Item>) -> Vec<Field> {
        let ifs = self.get_scalar(b"IFS").unwrap_or_else(|| b" \t\n".to_vec());
        let is_ws = |c: u8| matches!(c, b' ' | b'\t' | b'\n');
        let mut fields = Vec::new();
        let mut cur = Field::default();
        let mut ended_by_ws = false;
        for it in items {
            match it {
                Item::Break => {
                    fields.push(std::mem::take(&mut cur));
                    ended_by_ws = false;
                }
                Item::QuotedEmpty => {
                    cur.exists = true;
                }
                Item::EmptyAt => {}
                Item::Piece(bytes, Kind::Split) if !ifs.is_empty() => {
                    let mut run = Vec::new();
                    for &c in &bytes {
                        if ifs.contains(&c) {
                            if !run.is_empty() {
                                cur.pieces.push((std::mem::take(&mut run), Kind::Split));
                                cur.exists = true;
                            }
                            if is_ws(c) {
                                if cur.exists {
                                    fields.push(std::mem::take(&mut cur));
                                    ended_by_ws = true;
                                }
                            } else {
                                if cur.exists || !ended_by_ws {
                                    let mut f = std::mem::take(&mut cur);
                                    f.exists = true;
                                    fields.push(f);
                                }
                                ended_by_ws = false;
                            }
                        } else {
                            run.push(c);
                            ended_by_ws = false;
                        }
                    }
                    if !run.is_empty() {
                        cur.pieces.push((run, Kind::Split));
                        cur.exists = true;
                    }
                }
                Item::Piece(bytes, kind) => {
                    cur.pieces.push((bytes, kind));
                    cur.exists = true;
                    ended_by_ws = false;
                }
            }
        }
        if cur.exists {
            fields.push(cur);
        }
        fields.retain(|f| f.exists);
        fields
    }

    fn glob_field(&mut self, f: Field, out: &mut Vec<Vec<u8>>) -> Res<()> {
        if self.opts.noglob || !f.has_magic(self.opts.extglob) {
            out.push(f.text());
            return Ok(());
        }
        let pat = f.pattern();
        let mut matches = glob::expand(self, &pat)?;
        if let Some(ignore) = self.get_scalar(b"GLOBIGNORE").filter(|g| !g.is_empty()) {
            // GLOBIGNORE: drop results matching any of its colon-separated patterns.
            let opts = pattern::MatchOptions {
                extglob: self.opts.extglob,
                nocase: false,
                utf8: self.utf8_locale(),
                pathname: true,
                dotglob: true,
            };
            let pats: Vec<pattern::Pattern> = ignore
                .split(|&b| b == b':')
                .filter(|p| !p.is_empty())
                .map(|p| pattern::Pattern::compile(p, opts))
                .collect();
            matches.retain(|m| {
                let name = crate::vfs::path::file_name(m);
                name != b"." && name != b".." && !pats.iter().any(|p| p.matches(m))
            });
        }
        if matches.is_empty() {
            if self.opts.failglob {
                self.error_msg(
                    format!("no match: {}", String::from_utf8_lossy(&f.text())).as_bytes(),
                );
                return Err(Flow::Abort(1));
            }
            if !self.opts.nullglob {
                out.push(f.text());
            }
        } else {
            out.extend(matches);
        }
        Ok(())
    }

    /// Pattern matching options for `case`, `[[ ]]` and `${...}` operators.
    pub fn match_opts(&self, nocase: bool) -> pattern::MatchOptions {
        pattern::MatchOptions {
            extglob: true,
            nocase,
            utf8: self.utf8_locale(),
            pathname: false,
            dotglob: false,
        }
    }
}
