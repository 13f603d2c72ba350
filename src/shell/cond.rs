//! `[[ ... ]]` and `test`/`[`.

use super::ast::CondExpr;
use super::expand::BoxFut;
use super::pattern::Pattern;
use super::state::{Res, Shell};
use crate::vfs::FileType;

impl Shell {
    /// Evaluates `[[ ]]`: `Some(bool)`, or `None` for an error (status 2).
    pub(crate) fn eval_cond<'a>(&'a mut self, e: &'a CondExpr) -> BoxFut<'a, Res<Option<bool>>> {
        self.eval_cond_inverted(e, false)
    }

    /// [`Shell::eval_cond`]; `inverted` says a `!` applies directly to `e`, which `set -x`
    /// shows in front of the primary it traces.
    fn eval_cond_inverted<'a>(
        &'a mut self,
        e: &'a CondExpr,
        inverted: bool,
    ) -> BoxFut<'a, Res<Option<bool>>> {
        Box::pin(async move {
            self.sys.charge(1)?;
            Ok(match e {
                CondExpr::And(a, b) => match self.eval_cond(a).await? {
                    Some(true) => self.eval_cond(b).await?,
                    other => other,
                },
                CondExpr::Or(a, b) => match self.eval_cond(a).await? {
                    Some(false) => self.eval_cond(b).await?,
                    other => other,
                },
                CondExpr::Not(a) => self.eval_cond_inverted(a, true).await?.map(|v| !v),
                CondExpr::Word(w) => {
                    let v = self.expand_single(w).await?;
                    self.trace_cond(inverted, &[b"-n", &v]).await?;
                    Some(!v.is_empty())
                }
                CondExpr::Unary(op, w) => {
                    let v = self.expand_single(w).await?;
                    self.trace_cond(inverted, &[op, &v]).await?;
                    Some(self.unary_test(op, &v))
                }
                CondExpr::Binary(l, op, r) => {
                    let left = self.expand_single(l).await?;
                    match &op[..] {
                        b"==" | b"=" | b"!=" => {
                            let xtrace = self.opts.xtrace;
                            let (pat, shown) = self.expand_pattern_shown(r, xtrace).await?;
                            self.trace_cond(inverted, &[&left, op, &shown]).await?;
                            let p = Pattern::compile(&pat, self.match_opts(self.opts.nocasematch));
                            self.sys.charge(1 + p.work_estimate(left.len()) / 256)?;
                            let m = p.matches(&left);
                            Some(if op == b"!=" { !m } else { m })
                        }
                        b"=~" => {
                            let (re, shown) = self.expand_regex(r).await?;
                            self.trace_cond(inverted, &[&left, op, &shown]).await?;
                            self.regex_match(&left, &re)
                        }
                        _ => {
                            let right = self.expand_single(r).await?;
                            self.trace_cond(inverted, &[&left, op, &right]).await?;
                            self.binary_test(&left, op, &right, true).ok()
                        }
                    }
                }
            })
        })
    }

    /// `set -x` shows each `[[ ]]` primary as it is evaluated, its words expanded but not
    /// quoted: `+ [[ -n x y ]]`.
    async fn trace_cond(&mut self, inverted: bool, words: &[&[u8]]) -> Res<()> {
        if !self.opts.xtrace {
            return Ok(());
        }
        let mut line = b"[[ ".to_vec();
        if inverted {
            line.extend_from_slice(b"! ");
        }
        line.extend_from_slice(&words.join(&b' '));
        line.extend_from_slice(b" ]]");
        self.xtrace_line(&line).await
    }

    /// The `=~` right side: quoted parts match literally.
    /// Also returns the text `set -x` shows: the word as expanded, quoted parts included.
    async fn expand_regex(&mut self, w: &crate::shell::ast::Word) -> Res<(Vec<u8>, Vec<u8>)> {
        let items = self.expand_items(&w.parts, false).await?;
        let (mut out, mut shown) = (Vec::new(), Vec::new());
        for it in items {
            if let super::expand::Item::Piece(b, k) = it {
                if k == super::expand::Kind::Quoted {
                    out.extend_from_slice(regex::escape(&String::from_utf8_lossy(&b)).as_bytes());
                } else {
                    out.extend_from_slice(&b);
                }
                shown.extend_from_slice(&b);
            }
        }
        Ok((out, shown))
    }

    fn regex_match(&mut self, text: &[u8], re: &[u8]) -> Option<bool> {
        let pattern = String::from_utf8_lossy(re).into_owned();
        let re = match regex::bytes::RegexBuilder::new(&pattern)
            .size_limit(1 << 20)
            .build()
        {
            Ok(r) => r,
            Err(_) => return None,
        };
        let _ = self.sys.charge(1 + text.len() as u64 / 64);
        match re.captures(text) {
            Some(caps) => {
                let mut m = imbl::OrdMap::new();
                for (i, c) in caps.iter().enumerate() {
                    m.insert(
                        i as i64,
                        c.map(|c| c.as_bytes().to_vec()).unwrap_or_default(),
                    );
                }
                let _ = self.set_value(b"BASH_REMATCH", super::vars::Value::Indexed(m));
                Some(true)
            }
            None => {
                let _ = self.set_value(
                    b"BASH_REMATCH",
                    super::vars::Value::Indexed(imbl::OrdMap::new()),
                );
                Some(false)
            }
        }
    }

    pub(crate) fn unary_test(&mut self, op: &[u8], v: &[u8]) -> bool {
        let path = crate::vfs::path::resolve(&self.cwd, v);
        let (sys, pid) = (self.sys.clone(), self.pid);
        let st = || sys.ns_stat(pid, &path, true).ok();
        match op {
            b"-z" => v.is_empty(),
            b"-n" => !v.is_empty(),
            b"-e" | b"-a" => st().is_some() || is_dev(v),
            b"-f" => st().is_some_and(|s| s.file_type == FileType::File),
            b"-d" => st().is_some_and(|s| s.file_type == FileType::Dir),
            b"-h" | b"-L" => sys
                .ns_stat(pid, &path, false)
                .is_ok_and(|s| s.file_type == FileType::Symlink),
            b"-s" => st().is_some_and(|s| s.size > 0),
            b"-r" | b"-w" => st().is_some() || is_dev(v),
            b"-x" => st().is_some_and(|s| s.mode & 0o111 != 0 || s.file_type == FileType::Dir),
            b"-c" => is_dev(v),
            b"-b" | b"-p" | b"-S" => false,
            b"-t" => false,
            b"-g" => st().is_some_and(|s| s.mode & 0o2000 != 0),
            b"-u" => st().is_some_and(|s| s.mode & 0o4000 != 0),
            b"-k" => st().is_some_and(|s| s.mode & 0o1000 != 0),
            b"-O" | b"-G" => st().is_some(),
            b"-N" => st().is_some_and(|s| s.mtime_ns > s.atime_ns),
            b"-v" => self.var_is_set(v),
            b"-R" => self
                .vars
                .get(v)
                .is_some_and(|x| x.has(super::vars::ATTR_NAMEREF)),
            b"-o" => self.opts.get(&String::from_utf8_lossy(v)).unwrap_or(false),
            _ => false,
        }
    }

    fn var_is_set(&mut self, v: &[u8]) -> bool {
        if let Some(open) = v.iter().position(|&b| b == b'[') {
            let name = self.resolve_nameref(&v[..open]);
            let key = v[open + 1..v.len().saturating_sub(1)].to_vec();
            let value = self.vars.get(&name).and_then(|x| x.value.clone());
            return match value {
                Some(super::vars::Value::Indexed(m)) => {
                    if key == b"@" || key == b"*" {
                        return !m.is_empty();
                    }
                    let Ok(mut k) = self.arith(&key) else {
                        return false;
                    };
                    if k < 0 {
                        let max = m.keys().next_back().map(|x| x + 1).unwrap_or(0);
                        k += max;
                        if k < 0 {
                            self.error_msg(&[&name[..], b": bad array subscript"].concat());
                            return false;
                        }
                    }
                    m.contains_key(&k)
                }
                Some(super::vars::Value::Assoc(m)) => m.contains_key(&key),
                Some(super::vars::Value::Str(_)) => {
                    self.arith(&key).map(|k| k == 0 || k == -1).unwrap_or(false)
                }
                None => false,
            };
        }
        if self.special_param(v).is_some() {
            return true;
        }
        let name = self.resolve_nameref(v);
        self.vars.get(&name).is_some_and(|x| x.value.is_some())
    }

    /// Binary operators shared by `test` and `[[ ]]` (`in_cond`: `<`/`>` compare strings).
    pub(crate) fn binary_test(
        &mut self,
        l: &[u8],
        op: &[u8],
        r: &[u8],
        in_cond: bool,
    ) -> Result<bool, ()> {
        let int = |sh: &mut Shell, s: &[u8]| -> Result<i64, ()> {
            if in_cond {
                return sh.arith(s).map_err(|_| ());
            }
            let t = String::from_utf8_lossy(s);
            t.trim().parse::<i64>().map_err(|_| {
                sh.error_msg(
                    format!("{}: {t}: integer expression expected", sh.test_name).as_bytes(),
                );
            })
        };
        Ok(match op {
            b"=" | b"==" => l == r,
            b"!=" => l != r,
            b"<" => l < r,
            b">" => l > r,
            b"-eq" => int(self, l)? == int(self, r)?,
            b"-ne" => int(self, l)? != int(self, r)?,
            b"-lt" => int(self, l)? < int(self, r)?,
            b"-le" => int(self, l)? <= int(self, r)?,
            b"-gt" => int(self, l)? > int(self, r)?,
            b"-ge" => int(self, l)? >= int(self, r)?,
            b"-nt" | b"-ot" | b"-ef" => {
                let stat = |p: &[u8]| {
                    let abs = crate::vfs::path::resolve(&self.cwd, p);
                    self.sys.ns_stat(self.pid, &abs, true).ok()
                };
                let (a, b) = (stat(l), stat(r));
                match op {
                    b"-nt" => match (a, b) {
                        (Some(a), Some(b)) => a.mtime_ns > b.mtime_ns,
                        (Some(_), None) => true,
                        _ => false,
                    },
                    b"-ot" => match (a, b) {
                        (Some(a), Some(b)) => a.mtime_ns < b.mtime_ns,
                        (None, Some(_)) => true,
                        _ => false,
                    },
                    _ => matches!((a, b), (Some(a), Some(b)) if a.ino == b.ino),
                }
            }
            _ => return Err(()),
        })
    }

    /// `test` / `[` over already-expanded arguments: Ok(result) or Err(()) for status 2.
    pub(crate) fn test_args(&mut self, args: &[Vec<u8>]) -> Result<bool, ()> {
        let mut p = TestParser { args, pos: 0 };
        let r = p.or(self)?;
        if p.pos != args.len() {
            self.error_msg(
                format!(
                    "{}: {}: unexpected operator",
                    self.test_name,
                    String::from_utf8_lossy(&args[p.pos])
                )
                .as_bytes(),
            );
            return Err(());
        }
        Ok(r)
    }
}

fn is_dev(v: &[u8]) -> bool {
    matches!(
        v,
        b"/dev/null"
            | b"/dev/zero"
            | b"/dev/stdin"
            | b"/dev/stdout"
            | b"/dev/stderr"
            | b"/dev/urandom"
            | b"/dev/random"
    )
}

const UNARY: &[&[u8]] = &[
    b"-z", b"-n", b"-e", b"-a", b"-f", b"-d", b"-h", b"-L", b"-s", b"-r", b"-w", b"-x", b"-c",
    b"-b", b"-p", b"-S", b"-t", b"-g", b"-u", b"-k", b"-O", b"-G", b"-N", b"-v", b"-R", b"-o",
];
const BINARY: &[&[u8]] = &[
    b"=", b"==", b"!=", b"<", b">", b"-eq", b"-ne", b"-lt", b"-le", b"-gt", b"-ge", b"-nt", b"-ot",
    b"-ef",
];

struct TestParser<'a> {
    args: &'a [Vec<u8>],
    pos: usize,
}

impl TestParser<'_> {
    fn or(&mut self, sh: &mut Shell) -> Result<bool, ()> {
        // POSIX special cases by argument count.
        let rest = &self.args[self.pos..];
        match rest.len() {
            0 => return Ok(false),
            1 => {
                self.pos += 1;
                return Ok(!rest[0].is_empty());
            }
            2 if rest[0] == b"!" => {
                self.pos += 2;
                return Ok(rest[1].is_empty());
            }
            2 if UNARY.contains(&&rest[0][..]) => {
                self.pos += 2;
                return Ok(sh.unary_test(&rest[0], &rest[1]));
            }
            2 => {
                sh.error_msg(
                    format!(
                        "{}: {}: unary operator expected",
                        sh.test_name,
                        String::from_utf8_lossy(&rest[0])
                    )
                    .as_bytes(),
                );
                return Err(());
            }
            3 if BINARY.contains(&&rest[1][..]) => {
                self.pos += 3;
                return sh.binary_test(&rest[0], &rest[1], &rest[2], false);
            }
            // POSIX: with three arguments, `-a`/`-o` in the middle are binary, and
            // `( x )` is a parenthesized one-argument test.
            3 if rest[1] == b"-a" || rest[1] == b"-o" => {
                self.pos += 3;
                let (l, r) = (!rest[0].is_empty(), !rest[2].is_empty());
                return Ok(if rest[1] == b"-a" { l && r } else { l || r });
            }
            3 if rest[0] == b"(" && rest[2] == b")" => {
                self.pos += 3;
                return Ok(!rest[1].is_empty());
            }
            3 if rest[0] == b"!" => {
                self.pos += 1;
                let mut inner = TestParser {
                    args: &rest[1..],
                    pos: 0,
                };
                let v = inner.or(sh)?;
                self.pos += inner.pos;
                return Ok(!v);
            }
            // bash's posixtest: four arguments starting with `!` negate the three-argument
            // test; `( a b )` is a parenthesized two-argument test.
            4 if rest[0] == b"!" => {
                self.pos += 1;
                let mut inner = TestParser {
                    args: &rest[1..],
                    pos: 0,
                };
                let v = inner.or(sh)?;
                self.pos += inner.pos;
                return Ok(!v);
            }
            4 if rest[0] == b"(" && rest[3] == b")" => {
                let mut inner = TestParser {
                    args: &rest[1..3],
                    pos: 0,
                };
                let v = inner.or(sh)?;
                self.pos += 4;
                return Ok(v);
            }
            _ => {}
        }
        let mut v = self.and(sh)?;
        while self.pos < self.args.len() && self.args[self.pos] == b"-o" {
            self.pos += 1;
            let r = self.and(sh)?;
            v = v || r;
        }
        Ok(v)
    }

    fn and(&mut self, sh: &mut Shell) -> Result<bool, ()> {
        let mut v = self.not(sh)?;
        while self.pos < self.args.len() && self.args[self.pos] == b"-a" {
            self.pos += 1;
            let r = self.not(sh)?;
            v = v && r;
        }
        Ok(v)
    }

    fn not(&mut self, sh: &mut Shell) -> Result<bool, ()> {
        if self.pos < self.args.len() && self.args[self.pos] == b"!" {
            self.pos += 1;
            return Ok(!self.not(sh)?);
        }
        self.primary(sh)
    }

    fn primary(&mut self, sh: &mut Shell) -> Result<bool, ()> {
        let a = self.args;
        let Some(cur) = a.get(self.pos) else {
            sh.error_msg(format!("{}: argument expected", sh.test_name).as_bytes());
            return Err(());
        };
        if cur == b"(" {
            self.pos += 1;
            let v = self.or(sh)?;
            if a.get(self.pos).map(|x| &x[..]) != Some(b")") {
                sh.error_msg(format!("{}: `)' expected", sh.test_name).as_bytes());
                return Err(());
            }
            self.pos += 1;
            return Ok(v);
        }
        if let Some(op) = a.get(self.pos + 1) {
            if BINARY.contains(&&op[..]) && a.get(self.pos + 2).is_some() {
                let r = sh.binary_test(cur, op, &a[self.pos + 2], false);
                self.pos += 3;
                return r;
            }
        }
        if UNARY.contains(&&cur[..]) && a.get(self.pos + 1).is_some() {
            let v = sh.unary_test(cur, &a[self.pos + 1]);
            self.pos += 2;
            return Ok(v);
        }
        self.pos += 1;
        Ok(!cur.is_empty())
    }
}
