//! `expr`: evaluate an expression given as separate arguments (GNU coreutils semantics).
//!
//! Exit status: 0 when the result is neither null nor 0, 1 when it is, 2 for an invalid
//! expression, 3 for an evaluation error. Integers are 128-bit here; a result outside that
//! range is reported as an error rather than wrapped (GNU uses arbitrary precision).

use super::opts::{self, Quoting};
use super::posix_re::{Flavor, Options, Regex};
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;

pub fn register(r: &mut super::Registry) {
    r.register(
        "expr",
        Trust::Real,
        "evaluate expressions",
        "| & < <= = == != >= > + - * / % : match substr index length + ( )",
        run,
    );
}

#[derive(Clone, Debug)]
enum Val {
    Int(i128),
    Str(Vec<u8>),
}

impl Val {
    fn text(&self) -> Vec<u8> {
        match self {
            Val::Int(n) => n.to_string().into_bytes(),
            Val::Str(s) => s.clone(),
        }
    }
    fn is_null(&self) -> bool {
        match self {
            Val::Int(n) => *n == 0,
            Val::Str(s) => s.is_empty() || to_int(s) == Some(0),
        }
    }
    fn as_int(&self) -> Option<i128> {
        match self {
            Val::Int(n) => Some(*n),
            Val::Str(s) => to_int(s),
        }
    }
}

fn to_int(s: &[u8]) -> Option<i128> {
    let t = std::str::from_utf8(s).ok()?;
    let digits = t.strip_prefix('-').unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

enum Fail {
    Syntax(String),
    Eval(String),
}

struct P<'a> {
    /// Arguments in syntax errors are quoted in the locale's style.
    q: Quoting,
    args: &'a [Vec<u8>],
    pos: usize,
    steps: u64,
    /// The C locale: a character is a byte. Otherwise characters are UTF-8 sequences (a
    /// byte that is not part of one counts as one character).
    bytes: bool,
}

/// `s` split into its characters.
fn chars(s: &[u8], bytes: bool) -> Vec<&[u8]> {
    let mut v = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let l = crate::commands::posix_re::char_len(&s[i..], bytes).max(1);
        v.push(&s[i..i + l]);
        i += l;
    }
    v
}

impl P<'_> {
    fn peek(&self) -> Option<&[u8]> {
        self.args.get(self.pos).map(|a| a.as_slice())
    }
    fn eat(&mut self, op: &[u8]) -> bool {
        if self.peek() == Some(op) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn or(&mut self) -> Result<Val, Fail> {
        let mut l = self.and()?;
        while self.eat(b"|") {
            let r = self.and()?;
            l = if !l.is_null() {
                l
            } else if !r.is_null() {
                r
            } else {
                Val::Int(0)
            };
        }
        Ok(l)
    }
    fn and(&mut self) -> Result<Val, Fail> {
        let mut l = self.cmp()?;
        while self.eat(b"&") {
            let r = self.cmp()?;
            l = if l.is_null() || r.is_null() {
                Val::Int(0)
            } else {
                l
            };
        }
        Ok(l)
    }
    fn cmp(&mut self) -> Result<Val, Fail> {
        let mut l = self.add()?;
        loop {
            let op = match self.peek() {
                Some(o @ (b"<" | b"<=" | b"=" | b"==" | b"!=" | b">=" | b">")) => o.to_vec(),
                _ => return Ok(l),
            };
            self.pos += 1;
            let r = self.add()?;
            let ord = match (l.as_int(), r.as_int()) {
                (Some(a), Some(b)) => a.cmp(&b),
                _ => l.text().cmp(&r.text()),
            };
            use std::cmp::Ordering::*;
            let t = match &op[..] {
                b"<" => ord == Less,
                b"<=" => ord != Greater,
                b"=" | b"==" => ord == Equal,
                b"!=" => ord != Equal,
                b">=" => ord != Less,
                _ => ord == Greater,
            };
            l = Val::Int(t as i128);
        }
    }
    fn num(&self, v: &Val) -> Result<i128, Fail> {
        v.as_int()
            .ok_or_else(|| Fail::Eval("non-integer argument".into()))
    }
    fn add(&mut self) -> Result<Val, Fail> {
        let mut l = self.mul()?;
        loop {
            let plus = if self.eat(b"+") {
                true
            } else if self.eat(b"-") {
                false
            } else {
                return Ok(l);
            };
            let r = self.mul()?;
            let (a, b) = (self.num(&l)?, self.num(&r)?);
            let v = if plus {
                a.checked_add(b)
            } else {
                a.checked_sub(b)
            };
            l = Val::Int(v.ok_or_else(|| Fail::Eval("result too large".into()))?);
        }
    }
    fn mul(&mut self) -> Result<Val, Fail> {
        let mut l = self.colon()?;
        loop {
            let op = match self.peek() {
                Some(o @ (b"*" | b"/" | b"%")) => o[0],
                _ => return Ok(l),
            };
            self.pos += 1;
            let r = self.colon()?;
            let (a, b) = (self.num(&l)?, self.num(&r)?);
            if op != b'*' && b == 0 {
                return Err(Fail::Eval("division by zero".into()));
            }
            let v = match op {
                b'*' => a.checked_mul(b),
                b'/' => a.checked_div(b),
                _ => a.checked_rem(b),
            };
            l = Val::Int(v.ok_or_else(|| Fail::Eval("result too large".into()))?);
        }
    }
    fn colon(&mut self) -> Result<Val, Fail> {
        let mut l = self.primary()?;
        while self.eat(b":") {
            let r = self.primary()?;
            l = self.regex_match(&l.text(), &r.text())?;
        }
        Ok(l)
    }
    fn regex_match(&mut self, s: &[u8], pat: &[u8]) -> Result<Val, Fail> {
        let mut anchored = b"^".to_vec();
        anchored.extend_from_slice(pat);
        let re = Regex::new(
            &anchored,
            Options {
                flavor: Flavor::Basic,
                icase: false,
                multiline: false,
                sed_escapes: false,
                bytes: self.bytes,
            },
        )
        .map_err(|e| Fail::Syntax(e.message().to_string()))?;
        let caps = re
            .find_at(s, 0)
            .map_err(|e| Fail::Eval(e.message().to_string()))?;
        self.steps += re.take_steps();
        Ok(match caps {
            Some(c) if re.ngroups > 0 => match c.get(1).copied().flatten() {
                Some((a, b)) => Val::Str(s[a..b].to_vec()),
                None => Val::Str(Vec::new()),
            },
            Some(c) => {
                let (a, b) = c[0].unwrap_or((0, 0));
                Val::Int(chars(&s[a..b], self.bytes).len() as i128)
            }
            None if re.ngroups > 0 => Val::Str(Vec::new()),
            None => Val::Int(0),
        })
    }
    fn operand(&mut self) -> Result<Vec<u8>, Fail> {
        let a = self
            .peek()
            .ok_or_else(|| {
                let last = self.args.get(self.pos.wrapping_sub(1));
                Fail::Syntax(format!(
                    "syntax error: missing argument after {}",
                    self.q.quote(last.map_or(&b""[..], |a| a.as_slice()))
                ))
            })?
            .to_vec();
        self.pos += 1;
        Ok(a)
    }
    fn primary(&mut self) -> Result<Val, Fail> {
        let Some(tok) = self.peek().map(|t| t.to_vec()) else {
            let last = self.args.last().map_or(&b""[..], |a| a.as_slice());
            return Err(Fail::Syntax(format!(
                "syntax error: missing argument after {}",
                self.q.quote(last)
            )));
        };
        self.pos += 1;
        match &tok[..] {
            b"(" => {
                let v = self.or()?;
                if !self.eat(b")") {
                    let m = match self.peek() {
                        Some(t) => format!("instead of {}", self.q.quote(t)),
                        None => format!("after {}", self.q.quote(&self.args[self.pos - 1])),
                    };
                    return Err(Fail::Syntax(format!("syntax error: expecting ')' {m}")));
                }
                Ok(v)
            }
            b"+" => Ok(Val::Str(self.operand()?)),
            b"length" => {
                let s = self.operand()?;
                Ok(Val::Int(chars(&s, self.bytes).len() as i128))
            }
            b"match" => {
                let s = self.operand()?;
                let p = self.operand()?;
                self.regex_match(&s, &p)
            }
            b"index" => {
                let s = self.operand()?;
                let set = self.operand()?;
                let set = chars(&set, self.bytes);
                let i = chars(&s, self.bytes)
                    .iter()
                    .position(|c| set.contains(c))
                    .map(|i| i + 1)
                    .unwrap_or(0);
                Ok(Val::Int(i as i128))
            }
            b"substr" => {
                let s = self.operand()?;
                let pos = to_int(&self.operand()?);
                let len = to_int(&self.operand()?);
                let cs = chars(&s, self.bytes);
                Ok(Val::Str(match (pos, len) {
                    (Some(p), Some(l)) if p >= 1 && l >= 1 && (p as usize) <= cs.len() => {
                        let start = p as usize - 1;
                        let end = (start as u128 + l as u128).min(cs.len() as u128) as usize;
                        cs[start..end].concat()
                    }
                    _ => Vec::new(),
                }))
            }
            b")" => Err(Fail::Syntax("syntax error: unexpected ')'".into())),
            _ => Ok(match to_int(&tok) {
                Some(n) => Val::Int(n),
                None => Val::Str(tok),
            }),
        }
    }
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let mut args = ctx.args();
    if args.first().map(|a| &a[..]) == Some(b"--") {
        args = &args[1..];
    }
    if args.is_empty() {
        ctx.diag("missing operand").await?;
        ctx.err(b"Try 'expr --help' for more information.\n")
            .await?;
        return Ok(2);
    }
    let mut p = P {
        q: opts::Quoting::of(ctx),
        args,
        pos: 0,
        steps: 0,
        bytes: !opts::utf8_locale(ctx),
    };
    let r = p.or();
    ctx.charge(1 + args.len() as u64 + p.steps / 256)?;
    let v = match r {
        Ok(v) if p.pos == args.len() => v,
        Ok(_) => {
            let tok = opts::quote(ctx, &args[p.pos]);
            ctx.diag(format!("syntax error: unexpected argument {tok}"))
                .await?;
            return Ok(2);
        }
        Err(Fail::Syntax(m)) => {
            ctx.diag(m).await?;
            return Ok(2);
        }
        Err(Fail::Eval(m)) => {
            // GNU expr's invalid-argument status: a non-integer, division by zero and a bad
            // regular expression all exit 2 (3 is for its own internal failures).
            ctx.diag(m).await?;
            return Ok(2);
        }
    };
    let mut out = v.text();
    out.push(b'\n');
    ctx.out(&out).await?;
    Ok(if v.is_null() { 1 } else { 0 })
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn ex(args: &[&str]) -> (i32, String, String) {
        let mut argv = vec!["expr"];
        argv.extend_from_slice(args);
        text(run(&argv, b""))
    }

    #[test]
    fn arithmetic_and_comparison() {
        assert_eq!(ex(&["1", "+", "2", "*", "3"]).1, "7\n");
        assert_eq!(ex(&["7", "/", "2"]).1, "3\n");
        assert_eq!(ex(&["-7", "%", "3"]).1, "-1\n");
        assert_eq!(ex(&["3", "-", "3"]), (1, "0\n".into(), String::new()));
        assert_eq!(ex(&["abc", "<", "abd"]).1, "1\n");
        assert_eq!(ex(&["10", "<", "9"]).1, "0\n");
        assert_eq!(ex(&["(", "1", "+", "2", ")", "*", "2"]).1, "6\n");
        assert_eq!(
            ex(&["1", "/", "0"]),
            (2, String::new(), "expr: division by zero\n".into())
        );
        assert_eq!(
            ex(&["a", "+", "1"]),
            (2, String::new(), "expr: non-integer argument\n".into())
        );
    }

    #[test]
    fn strings_and_regex() {
        assert_eq!(ex(&["length", "hello"]).1, "5\n");
        assert_eq!(ex(&["substr", "hello", "2", "3"]).1, "ell\n");
        assert_eq!(ex(&["index", "hello", "lo"]).1, "3\n");
        assert_eq!(ex(&["hello", ":", "hel"]).1, "3\n");
        assert_eq!(ex(&["hello", ":", "h\\(.*\\)o"]).1, "ell\n");
        assert_eq!(ex(&["hello", ":", "x"]), (1, "0\n".into(), String::new()));
        assert_eq!(ex(&["", "|", "b"]).1, "b\n");
        assert_eq!(ex(&["a", "&", "0"]), (1, "0\n".into(), String::new()));
    }

    #[test]
    fn usage_errors() {
        assert_eq!(ex(&[]).0, 2);
        assert_eq!(ex(&["1", "+"]).0, 2);
        assert_eq!(ex(&["1", "2"]).0, 2);
    }
}
