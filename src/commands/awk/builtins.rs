//! Built-in functions: string functions (UTF-8 aware, like gawk in a UTF-8 locale), `sub`,
//! `gsub`, `match`, `split`, `sprintf`, arithmetic and bit functions, `srand`/`rand`.

use super::ast::{special, Builtin, Expr};
use super::format::{char_len, char_offset, sprintf_into};
use super::interp::{fatal, FsMode, Interp, Place, R};
use super::value::Value;
use crate::commands::posix_re::Regex;
use crate::limits::cost;
use std::rc::Rc;

/// Substitutes `repl` (with `&` and the POSIX backslash rules) for the matches of `re` in `s`
/// (all of them when `global`). Returns the new text and the count.
pub fn substitute(
    re: &Regex,
    s: &[u8],
    repl: &[u8],
    global: bool,
) -> Result<(Vec<u8>, usize), String> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    let mut n = 0;
    let mut last_end: Option<usize> = None;
    while i <= s.len() {
        let m = re.find_at(s, i).map_err(|e| e.message().to_string())?;
        let Some((ms, me)) = m.and_then(|c| c[0]) else {
            break;
        };
        if ms == me {
            out.extend_from_slice(&s[i..ms]);
            if last_end != Some(ms) {
                expand_repl(repl, &s[ms..me], &mut out);
                n += 1;
            }
            if ms >= s.len() {
                i = s.len() + 1;
                break;
            }
            // gawk steps one byte, even inside a multibyte character.
            let step = 1;
            out.extend_from_slice(&s[ms..ms + step]);
            i = ms + step;
        } else {
            out.extend_from_slice(&s[i..ms]);
            expand_repl(repl, &s[ms..me], &mut out);
            n += 1;
            i = me;
            last_end = Some(me);
        }
        if !global {
            break;
        }
    }
    if i <= s.len() {
        out.extend_from_slice(&s[i..]);
    }
    Ok((out, n))
}

fn expand_repl(repl: &[u8], matched: &[u8], out: &mut Vec<u8>) {
    let mut i = 0;
    while i < repl.len() {
        match repl[i] {
            b'\\' if i + 1 < repl.len() && (repl[i + 1] == b'&' || repl[i + 1] == b'\\') => {
                out.push(repl[i + 1]);
                i += 2;
            }
            b'&' => {
                out.extend_from_slice(matched);
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
}

/// `substr(s, m[, n])` on characters: start and length truncated toward zero; a start before
/// 1 counts from 1 with the length kept (gawk 5.2.1: `substr("hello", -1, 3)` is `hel`, not
/// POSIX's `h`), and the range is clipped to the string.
pub fn substr(s: &[u8], m: f64, n: Option<f64>, utf8: bool) -> Vec<u8> {
    let len = char_len(s, utf8) as f64;
    if m.is_nan() || n.is_some_and(|n| n.is_nan()) {
        return Vec::new();
    }
    let start = m.trunc().max(1.0);
    let mut end = match n {
        Some(n) => start + n.trunc(),
        None => len + 1.0,
    };
    if end > len + 1.0 {
        end = len + 1.0;
    }
    if end <= start {
        return Vec::new();
    }
    let a = char_offset(s, (start - 1.0) as usize, utf8);
    let b = char_offset(s, (end - 1.0) as usize, utf8);
    s[a..b].to_vec()
}

/// Case mapping: of valid UTF-8 text in a UTF-8 locale, else of ASCII letters only (as the C
/// locale's `toupper`); other bytes are kept.
fn map_case(s: &[u8], upper: bool, utf8: bool) -> Vec<u8> {
    if !utf8 || s.is_ascii() || std::str::from_utf8(s).is_err() {
        return if upper {
            s.to_ascii_uppercase()
        } else {
            s.to_ascii_lowercase()
        };
    }
    let t = std::str::from_utf8(s).unwrap_or("");
    let mut out = String::with_capacity(t.len());
    for c in t.chars() {
        let mut m = if upper {
            c.to_uppercase().collect::<Vec<char>>()
        } else {
            c.to_lowercase().collect::<Vec<char>>()
        };
        // Only one-to-one mappings, as towupper/towlower.
        if m.len() != 1 {
            m = vec![c];
        }
        out.push(m[0]);
    }
    out.into_bytes()
}

fn to_u64(x: f64) -> R<u64> {
    if x < 0.0 {
        return fatal(format!("negative values are not allowed: {x}"));
    }
    Ok(x as u64)
}

impl<'p> Interp<'p> {
    pub async fn builtin(&mut self, b: Builtin, args: &'p [Expr]) -> R<Value> {
        use Builtin::*;
        let num = |v: f64| Ok(Value::Num(v));
        match b {
            Length => {
                if let Some(Expr::Var(v)) = args.first() {
                    let n = match self.cell_of(*v) {
                        super::interp::Cell::Arr(a) => Some(a.borrow().map.len()),
                        _ => None,
                    };
                    if let Some(n) = n {
                        return num(n as f64);
                    }
                }
                let s = match args.first() {
                    Some(e) => {
                        let v = self.ev(e).await?;
                        self.to_str(&v)
                    }
                    None => Rc::from(self.record.as_slice()),
                };
                self.ctx.charge_bytes(s.len())?;
                num(char_len(&s, self.utf8) as f64)
            }
            Substr => {
                let v = self.ev(&args[0]).await?;
                let s = self.to_str(&v);
                let m = self.ev(&args[1]).await?.num();
                let n = match args.get(2) {
                    Some(e) => Some(self.ev(e).await?.num()),
                    None => None,
                };
                self.ctx.charge_bytes(s.len())?;
                Ok(Value::string(substr(&s, m, n, self.utf8)))
            }
            Index => {
                let a = self.ev(&args[0]).await?;
                let b = self.ev(&args[1]).await?;
                let (s, t) = (self.to_str(&a), self.to_str(&b));
                self.ctx.charge_bytes(s.len())?;
                let pos = if t.is_empty() {
                    0
                } else {
                    memchr::memmem::find(&s, &t)
                        .map(|i| char_len(&s[..i], self.utf8) + 1)
                        .unwrap_or(0)
                };
                num(pos as f64)
            }
            Split => self.split(args).await,
            Asort | Asorti => self.asort(args, b == Asorti).await,
            Sub | Gsub => self.sub(args, b == Gsub).await,
            Match => self.match_fn(args).await,
            Sprintf => {
                let fmt = self.ev(&args[0]).await?;
                let fmt = self.to_str(&fmt);
                let mut vals = Vec::with_capacity(args.len() - 1);
                for a in &args[1..] {
                    vals.push(self.ev(a).await?);
                }
                let mut out = Vec::new();
                let err = sprintf_into(&mut out, &fmt, &vals, &self.convfmt, self.utf8);
                if let Some(e) = err {
                    return fatal(e);
                }
                self.check_mem(out.len())?;
                self.ctx.charge_bytes(out.len())?;
                Ok(Value::string(out))
            }
            Sin => num(self.ev(&args[0]).await?.num().sin()),
            Cos => num(self.ev(&args[0]).await?.num().cos()),
            Atan2 => {
                let y = self.ev(&args[0]).await?.num();
                let x = self.ev(&args[1]).await?.num();
                num(y.atan2(x))
            }
            Exp => num(self.ev(&args[0]).await?.num().exp()),
            Log => num(self.ev(&args[0]).await?.num().ln()),
            Sqrt => num(self.ev(&args[0]).await?.num().sqrt()),
            Int => num(self.ev(&args[0]).await?.num().trunc()),
            Rand => {
                // xorshift64*: deterministic for a given seed.
                let mut x = self.rng;
                x ^= x >> 12;
                x ^= x << 25;
                x ^= x >> 27;
                self.rng = x;
                let r = x.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11;
                num(r as f64 / (1u64 << 53) as f64)
            }
            Srand => {
                let prev = self.seed;
                let new = match args.first() {
                    Some(e) => self.ev(e).await?.num().trunc(),
                    None => self.ctx.sys.clock.borrow().wall_secs() as f64,
                };
                self.seed = new;
                self.rng = (new as i64 as u64) ^ 0x2545_f491_4f6c_dd1d;
                if self.rng == 0 {
                    self.rng = 1;
                }
                num(prev)
            }
            Tolower | Toupper => {
                let v = self.ev(&args[0]).await?;
                let s = self.to_str(&v);
                self.ctx.charge_bytes(s.len())?;
                Ok(Value::string(map_case(&s, b == Toupper, self.utf8)))
            }
            System => {
                let v = self.ev(&args[0]).await?;
                let cmd = self.to_str(&v);
                self.system(&cmd).await
            }
            Close => {
                let v = self.ev(&args[0]).await?;
                let name = self.to_str(&v);
                let r = self.close_stream(&name).await?;
                num(r as f64)
            }
            Fflush => {
                let name = match args.first() {
                    Some(e) => {
                        let v = self.ev(e).await?;
                        Some(self.to_str(&v))
                    }
                    None => None,
                };
                let r = self.fflush(name.as_deref()).await?;
                num(r as f64)
            }
            And | Or | Xor => {
                let mut acc = to_u64(self.ev(&args[0]).await?.num())?;
                for a in &args[1..] {
                    let x = to_u64(self.ev(a).await?.num())?;
                    acc = match b {
                        And => acc & x,
                        Or => acc | x,
                        _ => acc ^ x,
                    };
                }
                num(acc as f64)
            }
            Lshift | Rshift => {
                let x = to_u64(self.ev(&args[0]).await?.num())?;
                let n = to_u64(self.ev(&args[1]).await?.num())?.min(63) as u32;
                num(if b == Lshift { x << n } else { x >> n } as f64)
            }
            Compl => {
                let x = to_u64(self.ev(&args[0]).await?.num())?;
                num((!x & ((1u64 << 53) - 1)) as f64)
            }
            Strtonum => {
                let v = self.ev(&args[0]).await?;
                if let Value::Num(n) = v {
                    return num(n);
                }
                let s = self.to_str(&v);
                num(strtonum(&s))
            }
            Systime => num(self.ctx.sys.clock.borrow().wall_secs() as f64),
            Gensub => self.gensub(args).await,
            Strftime => {
                let fmt = match args.first() {
                    Some(e) => {
                        let v = self.ev(e).await?;
                        self.to_str(&v)
                    }
                    None => Rc::from(super::timefns::DEFAULT_FORMAT),
                };
                let stamp = match args.get(1) {
                    Some(e) => self.ev(e).await?.num(),
                    None => self.ctx.sys.clock.borrow().wall_secs() as f64,
                };
                let utc = match args.get(2) {
                    Some(e) => self.ev(e).await?.truthy(),
                    None => false,
                };
                self.ctx.charge_bytes(fmt.len())?;
                let out = super::timefns::strftime(&fmt, stamp, utc);
                self.check_mem(out.len())?;
                Ok(Value::string(out))
            }
            Mktime => {
                let v = self.ev(&args[0]).await?;
                let spec = self.to_str(&v);
                let utc = match args.get(1) {
                    Some(e) => self.ev(e).await?.truthy(),
                    None => false,
                };
                self.ctx.charge_bytes(spec.len())?;
                num(super::timefns::mktime(&spec, utc))
            }
        }
    }

    fn cell_of(&mut self, v: super::ast::Var) -> &super::interp::Cell {
        match v {
            super::ast::Var::Global(i) => &self.globals[i],
            super::ast::Var::Local(i) => {
                let f = self.frames.last_mut().expect("frame");
                if i >= f.len() {
                    f.resize(i + 1, super::interp::Cell::Uninit);
                }
                &f[i]
            }
        }
    }

    async fn split(&mut self, args: &'p [Expr]) -> R<Value> {
        let v = self.ev(&args[0]).await?;
        let s = self.to_str(&v);
        let Expr::Var(av) = &args[1] else {
            return fatal("split: second argument is not an array");
        };
        let mode = match args.get(2) {
            None => self.fs_mode.clone(),
            Some(Expr::Regex(i)) => Rc::new(FsMode::Regex(self.lits[*i].clone())),
            Some(e) => {
                let v = self.ev(e).await?;
                let fs = self.to_str(&v);
                Rc::new(self.fs_mode_of(&fs)?)
            }
        };
        let seps = match args.get(3) {
            Some(Expr::Var(sv)) => Some(self.array(*sv)?),
            Some(_) => return fatal("split: fourth argument is not an array"),
            None => None,
        };
        let a = self.array(*av)?;
        self.arr_clear(&a);
        let para = std::mem::replace(&mut self.para, false);
        let mut ranges = Vec::new();
        let r = self.split_ranges(&mode, &s, |a, b| ranges.push((a, b)));
        self.para = para;
        r?;
        if let Some(sa) = &seps {
            self.arr_clear(sa);
        }
        for (i, (st, e)) in ranges.iter().enumerate() {
            let key: Rc<[u8]> = Rc::from(format!("{}", i + 1).into_bytes());
            self.arr_set(&a, key, Value::input(&s[*st..*e]))?;
            if let Some(sa) = &seps {
                if let Some((nst, _)) = ranges.get(i + 1) {
                    let key: Rc<[u8]> = Rc::from(format!("{}", i + 1).into_bytes());
                    self.arr_set(sa, key, Value::str(&s[*e..*nst]))?;
                }
            }
        }
        Ok(Value::Num(ranges.len() as f64))
    }

    /// gawk's `asort(src [, dest])` / `asorti(src [, dest])`: the values (or the indices)
    /// of `src` sorted, stored under the indices 1..n of `dest` (of `src` when there is no
    /// `dest`). Values sort numbers first (numerically), then strings (by bytes); indices
    /// sort as strings. The sort-order argument is refused.
    async fn asort(&mut self, args: &'p [Expr], indices: bool) -> R<Value> {
        let name = if indices { "asorti" } else { "asort" };
        let Expr::Var(src) = &args[0] else {
            return fatal(format!("{name}: first argument is not an array"));
        };
        let dest = match args.get(1) {
            Some(Expr::Var(d)) => *d,
            Some(_) => return fatal(format!("{name}: second argument is not an array")),
            None => *src,
        };
        if args.len() > 2 {
            return fatal(format!(
                "{name}: the sort-order argument is not supported by shellsim"
            ));
        }
        let src = self.array(*src)?;
        let mut items: Vec<Value> = {
            let arr = src.borrow();
            arr.keys()
                .into_iter()
                .map(|k| {
                    if indices {
                        Value::Str(k)
                    } else {
                        arr.map.get(&k).cloned().unwrap_or(Value::Uninit)
                    }
                })
                .collect()
        };
        let n = items.len();
        // n log n comparisons.
        let compares = (n as u64).saturating_mul(u64::from(n.max(2).ilog2()) + 1);
        self.ctx.charge(compares * cost::SORT_COMPARE)?;
        if indices {
            items.sort_by(|a, b| self.to_str(a).as_ref().cmp(self.to_str(b).as_ref()));
        } else {
            let rank = |v: &Value| !matches!(v, Value::Num(_) | Value::StrNum(..) | Value::Uninit);
            items.sort_by(|a, b| {
                rank(a).cmp(&rank(b)).then_with(|| {
                    if rank(a) {
                        self.to_str(a).as_ref().cmp(self.to_str(b).as_ref())
                    } else {
                        a.num().total_cmp(&b.num())
                    }
                })
            });
        }
        let dest = self.array(dest)?;
        self.arr_clear(&dest);
        for (i, v) in items.into_iter().enumerate() {
            let key: Rc<[u8]> = Rc::from(format!("{}", i + 1).into_bytes());
            self.arr_set(&dest, key, v)?;
        }
        Ok(Value::Num(n as f64))
    }

    async fn sub(&mut self, args: &'p [Expr], global: bool) -> R<Value> {
        let re = self.regex_operand(&args[0]).await?;
        let rv = self.ev(&args[1]).await?;
        let repl = self.to_str(&rv);
        let target: &'p Expr = match args.get(2) {
            Some(e) => e,
            None => &FIELD0,
        };
        if !target.is_lvalue() {
            // gawk allows a non-lvalue third argument (with a warning): nothing is changed.
            let v = self.ev(target).await?;
            let s = self.to_str(&v);
            let r = substitute(&re, &s, &repl, global);
            self.ctx.charge(re.take_steps() / 256 + 1)?;
            let (_, n) = r.map_err(super::interp::Jump::Fatal)?;
            return Ok(Value::Num(n as f64));
        }
        let place = self.place(target).await?;
        let cur = self.get_place(&place)?;
        let s = self.to_str(&cur);
        self.ctx.charge_bytes(s.len())?;
        let r = substitute(&re, &s, &repl, global);
        self.ctx.charge(re.take_steps() / 256 + 1)?;
        let (out, n) = match r {
            Ok(x) => x,
            Err(e) => return fatal(e),
        };
        if n > 0 {
            self.check_mem(out.len())?;
            self.set_place(place, Value::string(out))?;
        } else if let Place::Elem(..) = place {
            // Referencing the element created it; keep it.
        }
        Ok(Value::Num(n as f64))
    }

    /// `gensub(re, repl, how [, target])`: the target (default `$0`) is left unchanged.
    async fn gensub(&mut self, args: &'p [Expr]) -> R<Value> {
        let re = self.regex_operand(&args[0]).await?;
        let rv = self.ev(&args[1]).await?;
        let repl = self.to_str(&rv);
        let hv = self.ev(&args[2]).await?;
        let (how, warn) = super::gensub::parse_how(&hv, &self.convfmt);
        let target = match args.get(3) {
            Some(e) => self.ev(e).await?,
            None => self.ev(&FIELD0).await?,
        };
        if let Some(w) = warn {
            let msg = format!(
                "gensub: third argument `{}' treated as 1",
                String::from_utf8_lossy(&w)
            );
            self.runtime_warning(&msg).await?;
        }
        let s = self.to_str(&target);
        self.ctx.charge_bytes(s.len())?;
        let r = super::gensub::gensub(&re, &s, &repl, how);
        self.ctx.charge(re.take_steps() / 256 + 1)?;
        let Some(out) = r.map_err(super::interp::Jump::Fatal)? else {
            return Ok(target);
        };
        self.check_mem(out.len())?;
        Ok(Value::string(out))
    }

    async fn match_fn(&mut self, args: &'p [Expr]) -> R<Value> {
        let v = self.ev(&args[0]).await?;
        let s = self.to_str(&v);
        let re = self.regex_operand(&args[1]).await?;
        let arr = match args.get(2) {
            Some(Expr::Var(av)) => {
                let a = self.array(*av)?;
                self.arr_clear(&a);
                Some(a)
            }
            Some(_) => return fatal("match: third argument is not an array"),
            None => None,
        };
        let m = re.find_at(&s, 0);
        self.ctx.charge(re.take_steps() / 256 + 1)?;
        let caps = match m {
            Ok(c) => c,
            Err(e) => return fatal(e.message()),
        };
        let (start, len) = match caps.as_ref().and_then(|c| c[0]) {
            Some((ms, me)) => (
                char_len(&s[..ms], self.utf8) as f64 + 1.0,
                char_len(&s[ms..me], self.utf8) as f64,
            ),
            None => (0.0, -1.0),
        };
        self.set_global(special::RSTART, Value::Num(start));
        self.set_global(special::RLENGTH, Value::Num(len));
        if let (Some(a), Some(caps)) = (arr, caps) {
            for (i, c) in caps.iter().enumerate() {
                let Some((gs, ge)) = c else {
                    continue;
                };
                let k = format!("{i}");
                self.arr_set(&a, Rc::from(k.as_bytes()), Value::input(&s[*gs..*ge]))?;
                let mut ks = k.clone().into_bytes();
                ks.extend_from_slice(&self.subsep.clone());
                let mut kl = ks.clone();
                ks.extend_from_slice(b"start");
                kl.extend_from_slice(b"length");
                let st = char_len(&s[..*gs], self.utf8) as f64 + 1.0;
                let ln = char_len(&s[*gs..*ge], self.utf8) as f64;
                self.arr_set(&a, Rc::from(ks), Value::Num(st))?;
                self.arr_set(&a, Rc::from(kl), Value::Num(ln))?;
            }
        }
        Ok(Value::Num(start))
    }
}

/// `$0`, the default target of `sub` and `gsub`.
static FIELD0: std::sync::LazyLock<Expr> =
    std::sync::LazyLock::new(|| Expr::Field(Box::new(Expr::Num(0.0))));

/// gawk's `strtonum`: `0x` hex, leading-`0` octal, else decimal.
fn strtonum(s: &[u8]) -> f64 {
    let t: Vec<u8> = s
        .iter()
        .copied()
        .skip_while(|b| b.is_ascii_whitespace())
        .collect();
    let (neg, t) = match t.first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, &t[..]),
    };
    let v = if t.len() > 1 && t[0] == b'0' && (t[1] | 0x20) == b'x' {
        let mut v = 0f64;
        for &b in &t[2..] {
            match (b as char).to_digit(16) {
                Some(d) => v = v * 16.0 + d as f64,
                None => break,
            }
        }
        v
    } else if t.len() > 1 && t[0] == b'0' && t.iter().all(|b| b.is_ascii_digit()) {
        let mut v = 0f64;
        for &b in &t[1..] {
            if !(b'0'..=b'7').contains(&b) {
                break;
            }
            v = v * 8.0 + (b - b'0') as f64;
        }
        v
    } else {
        super::value::str_to_num(t)
    };
    if neg {
        -v
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substitution() {
        let re = super::super::regex::compile(b"b*", true).unwrap();
        assert_eq!(substitute(&re, b"abc", b"-", true).unwrap().0, b"-a-c-");
        let re = super::super::regex::compile(b"o", true).unwrap();
        assert_eq!(
            substitute(&re, b"foo", b"[&\\&\\\\]", false).unwrap().0,
            b"f[o&\\]o"
        );
        assert_eq!(
            substitute(&re, b"foo", b"0", true).unwrap(),
            (b"f00".to_vec(), 2)
        );
    }

    #[test]
    fn substr_rounding() {
        assert_eq!(substr(b"hello", 2.0, Some(3.0), true), b"ell");
        assert_eq!(substr(b"hello", 0.0, None, true), b"hello");
        assert_eq!(substr(b"hello", -1.0, Some(3.0), true), b"hel");
        assert_eq!(substr(b"hello", 0.0, Some(0.6), true), b"");
        assert_eq!(substr(b"hello", -1.5, Some(3.0), true), b"hel");
        assert_eq!(substr(b"hello", 1.5, Some(1.0), true), b"h");
        assert_eq!(substr(b"hello", 2.5, Some(1.5), true), b"e");
        assert_eq!(substr(b"hello", 10.0, None, true), b"");
        assert_eq!(
            substr("héllo".as_bytes(), 2.0, Some(2.0), true),
            "él".as_bytes()
        );
        // Bytes in the C locale.
        assert_eq!(
            substr("héllo".as_bytes(), 2.0, Some(2.0), false),
            "é".as_bytes()
        );
    }
}
