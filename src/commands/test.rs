//! `test` and `[`: GNU coreutils `test.c`'s grammar (POSIX rules for up to four arguments,
//! then the `-o`/`-a`/`!`/`( )` expression parser), exit 2 with a message on syntax errors.

use super::opts::{self, Quoting};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use crate::vfs::{FileType, Stat};
use std::cmp::Ordering;

struct T<'a> {
    ctx: &'a CommandCtx,
    argv: &'a [Vec<u8>],
    pos: usize,
}

type R<V> = Result<V, String>;

/// coreutils 9.1's binary operators: unlike bash's builtin, no `<` and `>`.
const BINOPS: &[&[u8]] = &[
    b"=", b"==", b"!=", b"-nt", b"-ot", b"-ef", b"-eq", b"-ne", b"-lt", b"-le", b"-gt", b"-ge",
];

fn is_binop(a: &[u8]) -> bool {
    BINOPS.contains(&a)
}

fn is_unop(a: &[u8]) -> bool {
    a.len() == 2 && a[0] == b'-' && b"bcdefghkprstuwxzGLNOSn".contains(&a[1])
}

/// Normalised integer text (sign, digits without leading zeros) or an error.
fn find_int(q: Quoting, a: &[u8]) -> R<(bool, Vec<u8>)> {
    let s = a.trim_ascii();
    let (neg, body) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if body.is_empty() || !body.iter().all(|b| b.is_ascii_digit()) {
        return Err(format!("invalid integer {}", q.quote(a)));
    }
    let first = body.iter().position(|&b| b != b'0').unwrap_or(body.len());
    let digits = body[first..].to_vec();
    Ok((neg && !digits.is_empty(), digits))
}

fn cmp_int(a: &(bool, Vec<u8>), b: &(bool, Vec<u8>)) -> Ordering {
    let mag = |x: &(bool, Vec<u8>)| (x.1.len(), x.1.clone());
    match (a.0, b.0) {
        (false, true) => Ordering::Greater,
        (true, false) => Ordering::Less,
        (false, false) => mag(a).cmp(&mag(b)),
        (true, true) => mag(b).cmp(&mag(a)),
    }
}

impl T<'_> {
    fn argc(&self) -> usize {
        self.argv.len()
    }
    fn arg(&self, i: usize) -> &[u8] {
        &self.argv[i]
    }
    fn beyond(&self) -> String {
        format!(
            "missing argument after {}",
            opts::quote(
                self.ctx,
                self.argv.last().map(|v| v.as_slice()).unwrap_or(b"")
            )
        )
    }
    fn advance(&mut self, need_more: bool) -> R<()> {
        self.pos += 1;
        if need_more && self.pos >= self.argc() {
            return Err(self.beyond());
        }
        Ok(())
    }

    fn one(&mut self) -> R<bool> {
        let v = !self.arg(self.pos).is_empty();
        self.advance(false)?;
        Ok(v)
    }

    fn two(&mut self) -> R<bool> {
        let a = self.arg(self.pos);
        if a == b"!" {
            self.advance(false)?;
            return Ok(!self.one()?);
        }
        if a.len() == 2 && a[0] == b'-' {
            if is_unop(a) {
                return self.unary();
            }
            return Err(format!(
                "{}: unary operator expected",
                opts::quote(self.ctx, a)
            ));
        }
        Err(self.beyond())
    }

    fn three(&mut self) -> R<bool> {
        let p = self.pos;
        if is_binop(self.arg(p + 1)) {
            return self.binary(false);
        }
        if self.arg(p) == b"!" {
            self.advance(true)?;
            return Ok(!self.two()?);
        }
        if self.arg(p) == b"(" && self.arg(p + 2) == b")" {
            self.advance(false)?;
            let v = self.one()?;
            self.advance(false)?;
            return Ok(v);
        }
        if self.arg(p + 1) == b"-a" || self.arg(p + 1) == b"-o" {
            return self.expr();
        }
        Err(format!(
            "{}: binary operator expected",
            opts::quote(self.ctx, self.arg(p + 1))
        ))
    }

    fn posix(&mut self, n: usize) -> R<bool> {
        match n {
            1 => self.one(),
            2 => self.two(),
            3 => self.three(),
            4 => {
                let p = self.pos;
                if self.arg(p) == b"!" {
                    self.advance(true)?;
                    return Ok(!self.three()?);
                }
                if self.arg(p) == b"(" && self.arg(p + 3) == b")" {
                    self.advance(false)?;
                    let v = self.two()?;
                    self.advance(false)?;
                    return Ok(v);
                }
                self.expr()
            }
            _ => self.expr(),
        }
    }

    fn expr(&mut self) -> R<bool> {
        if self.pos >= self.argc() {
            return Err(self.beyond());
        }
        let mut v = false;
        loop {
            v |= self.and()?;
            if !(self.pos < self.argc() && self.arg(self.pos) == b"-o") {
                return Ok(v);
            }
            self.advance(false)?;
        }
    }

    fn and(&mut self) -> R<bool> {
        let mut v = true;
        loop {
            v &= self.term()?;
            if !(self.pos < self.argc() && self.arg(self.pos) == b"-a") {
                return Ok(v);
            }
            self.advance(false)?;
        }
    }

    fn term(&mut self) -> R<bool> {
        let mut negated = false;
        while self.pos < self.argc() && self.arg(self.pos) == b"!" {
            self.advance(true)?;
            negated = !negated;
        }
        if self.pos >= self.argc() {
            return Err(self.beyond());
        }
        let argc = self.argc();
        let a = self.arg(self.pos);
        let v = if a == b"(" {
            self.advance(true)?;
            let mut n = 1;
            while self.pos + n < argc && self.arg(self.pos + n) != b")" {
                if n == 4 {
                    n = argc - self.pos;
                    break;
                }
                n += 1;
            }
            let v = self.posix(n)?;
            if self.pos >= argc {
                return Err("')' expected".to_string());
            }
            if self.arg(self.pos) != b")" {
                return Err(format!(
                    "')' expected, found {}",
                    opts::quote(self.ctx, self.arg(self.pos))
                ));
            }
            self.advance(false)?;
            v
        } else if argc - self.pos >= 4 && a == b"-l" && is_binop(self.arg(self.pos + 2)) {
            self.binary(true)?
        } else if argc - self.pos >= 3 && is_binop(self.arg(self.pos + 1)) {
            self.binary(false)?
        } else if a.len() == 2 && a[0] == b'-' {
            if is_unop(a) {
                self.unary()?
            } else {
                return Err(format!(
                    "{}: unary operator expected",
                    opts::quote(self.ctx, a)
                ));
            }
        } else {
            let v = !a.is_empty();
            self.advance(false)?;
            v
        };
        Ok(negated ^ v)
    }

    fn binary(&mut self, l_is_l: bool) -> R<bool> {
        if l_is_l {
            self.advance(false)?;
        }
        let op = self.pos + 1;
        let mut r_is_l = false;
        if op + 2 < self.argc() && self.arg(op + 1) == b"-l" {
            r_is_l = true;
            self.advance(false)?;
        }
        let left = self.arg(op - 1).to_vec();
        let opv = self.arg(op).to_vec();
        let right = self.arg(op + 1 + usize::from(r_is_l)).to_vec();
        self.pos += 3;
        let int = |x: &[u8], is_l: bool| -> R<(bool, Vec<u8>)> {
            if is_l {
                let n = x.len().to_string().into_bytes();
                return find_int(Quoting::of(self.ctx), &n);
            }
            find_int(Quoting::of(self.ctx), x)
        };
        if opv.len() == 3 && opv[0] == b'-' && !matches!(&opv[..], b"-nt" | b"-ot" | b"-ef") {
            let l = int(&left, l_is_l)?;
            let r = int(&right, r_is_l)?;
            let c = cmp_int(&l, &r);
            return Ok(match &opv[..] {
                b"-eq" => c == Ordering::Equal,
                b"-ne" => c != Ordering::Equal,
                b"-lt" => c == Ordering::Less,
                b"-le" => c != Ordering::Greater,
                b"-gt" => c == Ordering::Greater,
                _ => c != Ordering::Less,
            });
        }
        if l_is_l || r_is_l {
            return Err("-l: integer expression expected".into());
        }
        Ok(match &opv[..] {
            b"=" | b"==" => left == right,
            b"!=" => left != right,
            b"-nt" => match (self.stat(&left), self.stat(&right)) {
                (Some(a), Some(b)) => a.mtime_ns > b.mtime_ns,
                (Some(_), None) => true,
                _ => false,
            },
            b"-ot" => match (self.stat(&left), self.stat(&right)) {
                (Some(a), Some(b)) => a.mtime_ns < b.mtime_ns,
                (None, Some(_)) => true,
                _ => false,
            },
            _ => match (self.stat(&left), self.stat(&right)) {
                (Some(a), Some(b)) => a.ino == b.ino,
                _ => false,
            },
        })
    }

    fn stat(&self, p: &[u8]) -> Option<Stat> {
        if p.is_empty() {
            return None;
        }
        self.ctx.stat(&self.ctx.resolve(p)).ok()
    }

    fn unary(&mut self) -> R<bool> {
        let op = self.arg(self.pos)[1];
        self.advance(true)?;
        let a = self.arg(self.pos).to_vec();
        self.advance(false)?;
        let abs = self.ctx.resolve(&a);
        let chardev = matches!(
            crate::vfs::path::normalize(&abs).as_slice(),
            b"/dev/null"
                | b"/dev/zero"
                | b"/dev/full"
                | b"/dev/random"
                | b"/dev/urandom"
                | b"/dev/tty"
        );
        let st = self.stat(&a);
        Ok(match op {
            b'n' => !a.is_empty(),
            b'z' => a.is_empty(),
            b'h' | b'L' => {
                !a.is_empty()
                    && self
                        .ctx
                        .lstat(&abs)
                        .map(|s| s.file_type == FileType::Symlink)
                        .unwrap_or(false)
            }
            b'e' => st.is_some() || chardev,
            b'f' => st.is_some_and(|s| s.file_type == FileType::File),
            b'd' => st.is_some_and(|s| s.file_type == FileType::Dir),
            b'c' => chardev,
            b'b' | b'p' | b'S' | b't' => false,
            b'r' | b'w' => st.is_some() || chardev,
            b'x' => st.is_some_and(|s| s.mode & 0o111 != 0 || s.file_type == FileType::Dir),
            b's' => st.is_some_and(|s| s.size > 0),
            b'g' => st.is_some_and(|s| s.mode & 0o2000 != 0),
            b'u' => st.is_some_and(|s| s.mode & 0o4000 != 0),
            b'k' => st.is_some_and(|s| s.mode & 0o1000 != 0),
            b'O' => st.is_some_and(|s| s.uid == 0),
            b'G' => st.is_some_and(|s| s.gid == 0),
            b'N' => st.is_some_and(|s| s.mtime_ns > s.atime_ns),
            _ => false,
        })
    }
}

async fn eval(ctx: &CommandCtx, bracket: bool) -> Result<i32, Interrupt> {
    let mut argv: &[Vec<u8>] = ctx.args();
    if bracket {
        if argv.len() == 1 && (argv[0] == b"--help" || argv[0] == b"--version") {
            ctx.mark_partial("--help is not modeled");
            ctx.diag("--help is not available in this simulator")
                .await?;
            return Ok(2);
        }
        if argv.last().map(|v| v.as_slice()) != Some(b"]") {
            ctx.diag(format!("missing {}", opts::quote(ctx, b"]")))
                .await?;
            return Ok(2);
        }
        argv = &argv[..argv.len() - 1];
    }
    ctx.charge(argv.len() as u64)?;
    if argv.is_empty() {
        return Ok(1);
    }
    let mut t = T { ctx, argv, pos: 0 };
    let r = t.posix(argv.len()).and_then(|v| {
        if t.pos != argv.len() {
            Err(format!("extra argument {}", opts::quote(ctx, &argv[t.pos])))
        } else {
            Ok(v)
        }
    });
    match r {
        Ok(v) => Ok(if v { 0 } else { 1 }),
        Err(m) => {
            ctx.diag(m).await?;
            Ok(2)
        }
    }
}

async fn test_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    eval(ctx, false).await
}
async fn bracket_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    eval(ctx, true).await
}
crate::command_fn!(run_test, test_main);
crate::command_fn!(run_bracket, bracket_main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn t(args: &str) -> (i32, String) {
        let mut v = vec!["test"];
        v.extend(args.split(' ').filter(|s| !s.is_empty()));
        let r = text(run_files(
            &v,
            b"",
            &[("f", b"data"), ("e", b""), ("d/", b"")],
        ));
        (r.0, r.2)
    }

    #[test]
    fn syntax_errors_like_gnu() {
        assert_eq!(
            t("-f a b"),
            (2, "test: 'a': binary operator expected\n".into())
        );
        assert_eq!(t("a b"), (2, "test: missing argument after 'b'\n".into()));
        assert_eq!(t("1 -eq x"), (2, "test: invalid integer 'x'\n".into()));
        assert_eq!(t("( a"), (2, "test: missing argument after 'a'\n".into()));
        assert_eq!(t("! a b c d e"), (2, "test: extra argument 'b'\n".into()));
        assert_eq!(t("a = b c"), (2, "test: extra argument 'c'\n".into()));
        assert_eq!(
            t("( a b )"),
            (2, "test: missing argument after ')'\n".into())
        );
        assert_eq!(
            t("a -a -a"),
            (2, "test: '-a': unary operator expected\n".into())
        );
        assert_eq!(t("a -gt 1 -o 1"), (2, "test: invalid integer 'a'\n".into()));
    }

    #[test]
    fn values() {
        for (a, s) in [
            ("", 1),
            ("-n", 0),
            ("-x", 0),
            ("( ! )", 0),
            ("-a", 0),
            ("= = =", 0),
            ("! = a", 1),
            ("+1 -eq 1", 0),
            ("1 -eq 99999999999999999999", 1),
            ("-l abc -eq 3", 0),
            ("-5 -lt -3", 0),
            ("abc < abd", 2),
            ("a != a -o 1 -eq 1", 0),
            ("! ( a = a ) -a x", 1),
        ] {
            assert_eq!(t(a).0, s, "{a}");
        }
        for (a, s) in [
            ("-f f", 0),
            ("-f d", 1),
            ("-d d", 0),
            ("-e nope", 1),
            ("-s f", 0),
            ("-s e", 1),
            ("-c /dev/null", 0),
            ("-x d", 0),
            ("-x f", 1),
            ("f -ef f", 0),
            ("f -nt nope", 0),
            ("nope -ot f", 0),
            ("-z", 0),
            ("-z x", 1),
        ] {
            assert_eq!(t(a).0, s, "{a}");
        }
    }

    #[test]
    fn bracket() {
        assert_eq!(text(run(&["[", "a", "]"], b"")).0, 0);
        assert_eq!(text(run(&["[", "]"], b"")).0, 1);
        assert_eq!(
            text(run(&["[", "a", "]", "b"], b"")),
            (2, String::new(), "[: missing ']'\n".into())
        );
    }
}
