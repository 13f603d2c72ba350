//! Static evaluation of a shell word: what text it may become, without running anything.
//!
//! Quotes are removed, `~`, `$HOME`, `${HOME}` and variables the plan has seen assigned a known
//! value are expanded, brace expansion is done (bounded), and anything that cannot be known
//! before the command runs — a substitution, an unknown variable, `~user` — becomes a
//! placeholder that makes the value *inexact*. A value whose unquoted text holds `*`, `?` or
//! `[` is a pattern; its pattern form keeps quoted glob characters escaped.

use crate::shell::ast::{ParamName, ParamOp, Program, Word, WordPart};
use std::collections::BTreeMap;
use std::rc::Rc;

/// Stands in for text only known at run time. Not a byte a path normally holds.
pub const PLACEHOLDER: u8 = 0x01;

/// Most words one source word may become through brace expansion before the judge gives up.
pub const MAX_FIELDS: usize = 4096;

/// What the word evaluator knows at this point of the plan.
pub struct Scope<'a> {
    /// `$HOME` as the text has (re)bound it.
    pub home: &'a [u8],
    /// The home the caller declared (the deny floor's spelling).
    pub declared_home: &'a [u8],
    /// Variables assigned a fully known value earlier in the text.
    pub vars: &'a BTreeMap<Vec<u8>, Vec<u8>>,
    /// The working directory, when known (`~+`, `$PWD`).
    pub cwd: Option<&'a [u8]>,
    /// `$IFS` as the text set it (`None`: not known).
    pub ifs: Option<&'a [u8]>,
    /// The word is split into fields at `$IFS` where an unquoted expansion put text (command
    /// words and `for` lists are; assignments, `case` words and `[[ ]]` operands are not).
    pub field_split: bool,
}

/// bash's default `$IFS`.
pub const DEFAULT_IFS: &[u8] = b" \t\n";

/// One value a word may take.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Value {
    /// The text with quotes removed; unknown parts are [`PLACEHOLDER`].
    pub text: Vec<u8>,
    /// The text as a glob pattern (quoted glob characters escaped); meaningful when `glob`.
    pub pattern: Vec<u8>,
    /// Unquoted `*`, `?` or `[` present.
    pub glob: bool,
    /// Why part of it is unknown, if it is.
    pub unknown: Option<String>,
    /// The same word spelled with the declared home, when it used a home word while the home
    /// was rebound (the deny floor's shadow).
    pub floor: Option<Vec<u8>>,
    /// The text starts with a home word (`~`, `$HOME`).
    pub from_home: bool,
    /// The whole word is a process substitution: a pipe, not a file.
    pub pipe: bool,
    /// Starts with an unquoted `~` followed by an unquoted `/` or nothing (a tilde prefix).
    pub tilde_prefix: bool,
}

/// Brace expansion runs before tilde expansion: `{~,/tmp}/x` gives `~/x`, whose tilde then
/// expands. The parser only marks a tilde at the start of the source word.
fn expand_leading_tilde(v: &mut Value, scope: &Scope) {
    if !v.tilde_prefix {
        return;
    }
    let rest = v.text[1..].to_vec();
    let prest = v.pattern[1..].to_vec();
    let mut text = scope.home.to_vec();
    text.extend_from_slice(&rest);
    let mut pattern = crate::shell::pattern::escape(scope.home);
    pattern.extend_from_slice(&prest);
    if scope.home != scope.declared_home {
        let mut f = scope.declared_home.to_vec();
        f.extend_from_slice(&rest);
        v.floor = Some(f);
    }
    v.text = text;
    v.pattern = pattern;
    v.from_home = true;
}

impl Value {
    pub fn exact(&self) -> bool {
        self.unknown.is_none()
    }
}

/// One evaluated word: its values (several after brace expansion) and the substitutions it
/// contains (judged as nested plans).
#[derive(Clone, Debug, Default)]
pub struct Evaluated {
    pub values: Vec<Value>,
    pub substitutions: Vec<Rc<Program>>,
}

/// The bound that stopped an evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bound(pub String);

#[derive(Clone, Copy)]
struct Ch {
    byte: u8,
    quoted: bool,
    unknown: bool,
    /// Put there by an unquoted expansion: subject to field splitting.
    split: bool,
}

struct Acc<'s, 'a> {
    scope: &'s Scope<'a>,
    chars: Vec<Ch>,
    /// The same characters with the declared home where a home word was used.
    floor: Vec<Ch>,
    home_used: bool,
    first_home: bool,
    unknown: Option<String>,
    subs: Vec<Rc<Program>>,
    procsubs: usize,
}

/// Every substitution inside a word, at any depth of its parameter operators.
pub fn collect_subs(w: &Word, out: &mut Vec<Rc<Program>>) {
    for part in &w.parts {
        match part {
            WordPart::CmdSub(p) | WordPart::ProcSub(p, _) => out.push(p.clone()),
            WordPart::DQuoted(inner) => collect_subs(
                &Word {
                    parts: inner.clone(),
                    raw: Vec::new(),
                },
                out,
            ),
            WordPart::Param(p) => {
                collect_op_subs(&p.op, out);
                if let Some(crate::shell::ast::Subscript::Expr(w)) = &p.index {
                    collect_subs(w, out);
                }
            }
            WordPart::Arith(w) => collect_subs(w, out),
            _ => {}
        }
    }
}

fn collect_op_subs(op: &ParamOp, out: &mut Vec<Rc<Program>>) {
    use ParamOp::*;
    match op {
        Default { word, .. }
        | Assign { word, .. }
        | Error { word, .. }
        | Alternative { word, .. } => collect_subs(word, out),
        TrimPrefix { pattern, .. } | TrimSuffix { pattern, .. } => collect_subs(pattern, out),
        Replace {
            pattern,
            replacement,
            ..
        } => {
            collect_subs(pattern, out);
            if let Some(r) = replacement {
                collect_subs(r, out);
            }
        }
        Substring { offset, length } => {
            collect_subs(offset, out);
            if let Some(l) = length {
                collect_subs(l, out);
            }
        }
        Case {
            pattern: Some(p), ..
        } => collect_subs(p, out),
        _ => {}
    }
}

impl Acc<'_, '_> {
    fn push(&mut self, bytes: &[u8], quoted: bool) {
        self.push_text(bytes, quoted, false);
    }

    /// A variable's value: unquoted, it is split into fields at `$IFS`.
    fn push_expansion(&mut self, bytes: &[u8], quoted: bool) {
        self.push_text(bytes, quoted, !quoted);
    }

    fn push_text(&mut self, bytes: &[u8], quoted: bool, split: bool) {
        for &b in bytes {
            let c = Ch {
                byte: b,
                quoted,
                unknown: false,
                split,
            };
            self.chars.push(c);
            self.floor.push(c);
        }
    }

    fn push_unknown(&mut self, why: &str) {
        let c = Ch {
            byte: PLACEHOLDER,
            quoted: true,
            unknown: true,
            split: false,
        };
        self.chars.push(c);
        self.floor.push(c);
        if self.unknown.is_none() {
            self.unknown = Some(why.to_string());
        }
    }

    fn push_home(&mut self, quoted: bool) {
        if self.chars.is_empty() {
            self.first_home = true;
        }
        for &b in self.scope.home {
            self.chars.push(Ch {
                byte: b,
                quoted,
                unknown: false,
                split: false,
            });
        }
        for &b in self.scope.declared_home {
            self.floor.push(Ch {
                byte: b,
                quoted,
                unknown: false,
                split: false,
            });
        }
        self.home_used = true;
    }

    fn parts(&mut self, parts: &[WordPart], quoted: bool) {
        for part in parts {
            match part {
                WordPart::Lit(t) => self.push(t, quoted),
                WordPart::Quoted(t) => self.push(t, true),
                WordPart::DQuoted(inner) => self.parts(inner, true),
                WordPart::Tilde(user) => match user.as_slice() {
                    b"" => self.push_home(true),
                    b"+" => match self.scope.cwd {
                        Some(c) => self.push(c, true),
                        None => self.push_unknown("the working directory is not known"),
                    },
                    b"-" => self.push_unknown("~- names OLDPWD, not known before the command runs"),
                    _ => self.push_unknown("~user names another user's home"),
                },
                WordPart::Param(p) => {
                    collect_op_subs(&p.op, &mut self.subs);
                    if let Some(crate::shell::ast::Subscript::Expr(w)) = &p.index {
                        collect_subs(w, &mut self.subs);
                    }
                    let name = match &p.name {
                        ParamName::Var(n) => n.as_slice(),
                        ParamName::Positional(_) => b"",
                    };
                    if p.indirect || p.length || p.index.is_some() {
                        self.push_unknown("a computed parameter expansion");
                    } else if name == b"HOME" {
                        // Any operator on HOME (`${HOME%/}`, `${HOME:-x}`) still names the home.
                        self.push_home(true);
                    } else if name == b"PWD" && self.scope.cwd.is_some() {
                        let cwd = self.scope.cwd.unwrap_or_default().to_vec();
                        self.push(&cwd, true);
                    } else if let (b"IFS", Some(ifs), ParamOp::None) = (name, self.scope.ifs, &p.op)
                    {
                        // `cat${IFS}/etc/shadow`: the separators split the word.
                        let ifs = ifs.to_vec();
                        self.push_expansion(&ifs, quoted);
                    } else if let (Some(v), ParamOp::None) = (self.scope.vars.get(name), &p.op) {
                        let v = v.clone();
                        self.push_expansion(&v, quoted);
                    } else if let (
                        None,
                        ParamOp::Default { word, .. } | ParamOp::Assign { word, .. },
                    ) = (self.scope.vars.get(name), &p.op)
                    {
                        // Unset here as far as the text shows: the default may be what is used,
                        // but the variable may come from the environment, so it stays unknown.
                        let _ = word;
                        self.push_unknown("a variable whose value is not in the text");
                    } else {
                        self.push_unknown("a variable whose value is not in the text");
                    }
                }
                WordPart::CmdSub(prog) => {
                    self.subs.push(prog.clone());
                    self.push_unknown("a command substitution");
                }
                WordPart::ProcSub(prog, _) => {
                    self.subs.push(prog.clone());
                    self.procsubs += 1;
                    self.push_unknown("a process substitution");
                }
                WordPart::Arith(w) => {
                    collect_subs(w, &mut self.subs);
                    self.push_unknown("an arithmetic expansion");
                }
                WordPart::DeclArray(_) => self.push_unknown("an array assignment"),
                WordPart::Empty => {}
            }
        }
    }
}

/// Evaluates `word` in `scope`.
pub fn evaluate(word: &Word, scope: &Scope) -> Result<Evaluated, Bound> {
    let mut acc = Acc {
        scope,
        chars: Vec::new(),
        floor: Vec::new(),
        home_used: false,
        first_home: false,
        unknown: None,
        subs: Vec::new(),
        procsubs: 0,
    };
    acc.parts(&word.parts, false);
    // A word that is exactly one process substitution is a pipe (/dev/fd/N), not a file.
    let only_procsub = acc.procsubs == 1
        && word.parts.len() == 1
        && matches!(word.parts[0], WordPart::ProcSub(..));
    let mut values = Vec::new();
    let alts = braces(&acc.chars)?;
    let floors = if acc.home_used && scope.home != scope.declared_home {
        Some(braces(&acc.floor)?)
    } else {
        None
    };
    for (i, alt) in alts.iter().enumerate() {
        let splits = alt.iter().any(|c| c.split);
        let ifs_unknown = splits && scope.field_split && scope.ifs.is_none();
        let fields = split_fields(alt, scope);
        let floor_fields = floors
            .as_ref()
            .and_then(|f| f.get(i))
            .map(|f| split_fields(f, scope));
        for (k, chars) in fields.iter().enumerate() {
            let mut v = finish(chars);
            v.unknown = if ifs_unknown {
                Some("$IFS is not known, so neither is how the word splits".into())
            } else if chars.iter().any(|c| c.unknown) {
                acc.unknown.clone()
            } else {
                None
            };
            v.from_home = acc.first_home && k == 0;
            v.pipe = only_procsub;
            expand_leading_tilde(&mut v, scope);
            if let Some(ff) = &floor_fields {
                match ff.get(k) {
                    Some(f) if ff.len() == fields.len() => v.floor = Some(finish(f).text),
                    _ => v.unknown = Some("the home's two spellings split differently".into()),
                }
            }
            values.push(v);
        }
    }
    Ok(Evaluated {
        values,
        substitutions: acc.subs,
    })
}

/// bash's field splitting of one word: characters an unquoted expansion put there split at
/// `$IFS` (runs of IFS white space are one separator and vanish at the ends; every other IFS
/// character ends a field, empty or not). Without splitting characters the word is one field;
/// a word made only of separators gives none.
fn split_fields(chars: &[Ch], scope: &Scope) -> Vec<Vec<Ch>> {
    let ifs = scope.ifs.unwrap_or(DEFAULT_IFS);
    if !scope.field_split || ifs.is_empty() || !chars.iter().any(|c| c.split) {
        return vec![chars.to_vec()];
    }
    let white = |b: u8| matches!(b, b' ' | b'\t' | b'\n');
    let mut fields = Vec::new();
    let mut cur: Vec<Ch> = Vec::new();
    // The last separator was white space that already ended a field.
    let mut after_white = true;
    for c in chars {
        if !(c.split && ifs.contains(&c.byte)) {
            cur.push(*c);
            after_white = false;
            continue;
        }
        if white(c.byte) {
            if !cur.is_empty() {
                fields.push(std::mem::take(&mut cur));
                after_white = true;
            }
        } else if after_white && cur.is_empty() && !fields.is_empty() {
            // `a ,b`: the white space and the comma are one separator.
            after_white = false;
        } else {
            fields.push(std::mem::take(&mut cur));
            after_white = false;
        }
    }
    if !cur.is_empty() {
        fields.push(cur);
    }
    fields
}

fn finish(chars: &[Ch]) -> Value {
    let mut v = Value {
        tilde_prefix: chars.first().is_some_and(|c| c.byte == b'~' && !c.quoted)
            && chars.get(1).is_none_or(|c| c.byte == b'/' && !c.quoted),
        ..Value::default()
    };
    for c in chars {
        v.text.push(c.byte);
        let magic = matches!(c.byte, b'*' | b'?' | b'[');
        if magic && !c.quoted {
            v.glob = true;
            v.pattern.push(c.byte);
        } else if c.quoted && matches!(c.byte, b'*' | b'?' | b'[' | b']' | b'\\') {
            v.pattern.push(b'\\');
            v.pattern.push(c.byte);
        } else {
            v.pattern.push(c.byte);
        }
    }
    v
}

/// Brace expansion on unquoted `{a,b}` and `{1..3}` (bounded by [`MAX_FIELDS`]).
fn braces(chars: &[Ch]) -> Result<Vec<Vec<Ch>>, Bound> {
    let mut out = Vec::new();
    expand_braces(chars, &mut out)?;
    Ok(out)
}

fn expand_braces(chars: &[Ch], out: &mut Vec<Vec<Ch>>) -> Result<(), Bound> {
    if out.len() > MAX_FIELDS {
        return Err(Bound(format!("brace expansion past {MAX_FIELDS} words")));
    }
    let open_brace = |c: &Ch| c.byte == b'{' && !c.quoted;
    for start in 0..chars.len() {
        if !open_brace(&chars[start]) {
            continue;
        }
        // Find the matching close and the top-level commas.
        let mut depth = 0;
        let mut commas = Vec::new();
        let mut close = None;
        for (i, c) in chars.iter().enumerate().skip(start) {
            if c.quoted {
                continue;
            }
            match c.byte {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(i);
                        break;
                    }
                }
                b',' if depth == 1 => commas.push(i),
                _ => {}
            }
        }
        let Some(close) = close else { continue };
        let (prefix, body, suffix) = (
            &chars[..start],
            &chars[start + 1..close],
            &chars[close + 1..],
        );
        let mut alternatives: Vec<Vec<Ch>> = Vec::new();
        if !commas.is_empty() {
            let mut from = start + 1;
            for &c in commas.iter().chain(std::iter::once(&close)) {
                alternatives.push(chars[from..c].to_vec());
                from = c + 1;
            }
        } else if let Some(seq) = sequence(body)? {
            alternatives = seq;
        } else {
            continue;
        }
        for alt in alternatives {
            let mut joined = prefix.to_vec();
            joined.extend_from_slice(&alt);
            joined.extend_from_slice(suffix);
            expand_braces(&joined, out)?;
            if out.len() > MAX_FIELDS {
                return Err(Bound(format!("brace expansion past {MAX_FIELDS} words")));
            }
        }
        return Ok(());
    }
    out.push(chars.to_vec());
    Ok(())
}

/// `{a..b}` / `{a..b..step}` over integers or single letters.
fn sequence(body: &[Ch]) -> Result<Option<Vec<Vec<Ch>>>, Bound> {
    if body.iter().any(|c| c.quoted) {
        return Ok(None);
    }
    let text: Vec<u8> = body.iter().map(|c| c.byte).collect();
    let text = String::from_utf8_lossy(&text).into_owned();
    let parts: Vec<&str> = text.split("..").collect();
    if parts.len() != 2 && parts.len() != 3 {
        return Ok(None);
    }
    let step: i64 = match parts.get(2) {
        Some(s) => match s.parse::<i64>() {
            Ok(v) if v != 0 => v.abs(),
            _ => return Ok(None),
        },
        None => 1,
    };
    let lit = |s: &str| {
        s.bytes()
            .map(|b| Ch {
                byte: b,
                quoted: false,
                unknown: false,
                split: false,
            })
            .collect::<Vec<_>>()
    };
    if let (Ok(a), Ok(b)) = (parts[0].parse::<i64>(), parts[1].parse::<i64>()) {
        let count = (a - b).unsigned_abs() / step as u64 + 1;
        if count > MAX_FIELDS as u64 {
            return Err(Bound(format!("a brace sequence of {count} words")));
        }
        let dir = if b >= a { step } else { -step };
        let mut out = Vec::new();
        let mut x = a;
        for _ in 0..count {
            out.push(lit(&x.to_string()));
            x += dir;
        }
        return Ok(Some(out));
    }
    let (a, b) = (parts[0].as_bytes(), parts[1].as_bytes());
    if a.len() == 1 && b.len() == 1 && a[0].is_ascii_alphabetic() && b[0].is_ascii_alphabetic() {
        let (lo, hi) = (a[0].min(b[0]), a[0].max(b[0]));
        let mut out: Vec<Vec<Ch>> = (lo..=hi)
            .step_by(step as usize)
            .map(|c| lit(&(c as char).to_string()))
            .collect();
        if a[0] > b[0] {
            out.reverse();
        }
        return Ok(Some(out));
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::parser::parse;

    fn words(src: &str) -> Vec<Value> {
        let prog = parse(src.as_bytes()).unwrap();
        let item = &prog.body.items[0];
        let crate::shell::ast::Command::Simple(cmd) = &item.and_or.first.commands[0] else {
            panic!()
        };
        let vars = BTreeMap::from([(b"F".to_vec(), b"/k".to_vec())]);
        let scope = Scope {
            home: b"/home/u",
            declared_home: b"/home/u",
            vars: &vars,
            cwd: Some(b"/w"),
            ifs: Some(DEFAULT_IFS),
            field_split: true,
        };
        cmd.words[1..]
            .iter()
            .flat_map(|w| evaluate(w, &scope).unwrap().values)
            .collect()
    }

    fn texts(src: &str) -> Vec<String> {
        words(src)
            .iter()
            .map(|v| String::from_utf8_lossy(&v.text).into_owned())
            .collect()
    }

    #[test]
    fn home_words_quotes_and_braces() {
        assert_eq!(
            texts("x ~/.ssh \"$HOME\"/a ${HOME}/b '~/c' ~+/d $F"),
            [
                "/home/u/.ssh",
                "/home/u/a",
                "/home/u/b",
                "~/c",
                "/w/d",
                "/k"
            ]
        );
        assert_eq!(
            texts("x ~/{a,b/c} f{1..3}"),
            ["/home/u/a", "/home/u/b/c", "f1", "f2", "f3"]
        );
        assert_eq!(texts("x a\\{b,c}"), ["a{b,c}"]);
    }

    #[test]
    fn globs_and_unknowns() {
        let v = words("x ~/.ss?/id_* '*.rs' $(pwd)/x $UNSET");
        assert!(v[0].glob && v[0].exact());
        assert!(!v[1].glob);
        assert_eq!(v[1].pattern, b"\\*.rs");
        assert!(!v[2].exact() && !v[3].exact());
    }

    #[test]
    fn huge_brace_sequences_hit_the_bound() {
        let prog = parse(b"echo {1..100000000}").unwrap();
        let crate::shell::ast::Command::Simple(cmd) = &prog.body.items[0].and_or.first.commands[0]
        else {
            panic!()
        };
        let vars = BTreeMap::new();
        let scope = Scope {
            home: b"/h",
            declared_home: b"/h",
            vars: &vars,
            cwd: None,
            ifs: Some(DEFAULT_IFS),
            field_split: true,
        };
        assert!(evaluate(&cmd.words[1], &scope).is_err());
    }
}
