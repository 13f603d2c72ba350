//! The `match` statement (PEP 634).
//!
//! A pattern is compiled with its subject on top of the stack and consumes it. What it
//! captures is not stored right away: every captured value sinks to the bottom of the
//! pattern's stack region (just above where a failure returns to), so that a case binds its
//! names only once its whole pattern has matched, and a failure anywhere just pops the region.
//! The region therefore holds, bottom to top, the captures (newest deepest) and then whatever
//! the pattern is still working on (unpacked items, a copy of a subject). Popping the
//! captures stores them in capture order.
//!
//! A failed test jumps to a "pop k, then fail" label chosen by the stack depth at the jump;
//! the labels are laid out after the case so that each falls into the next.

use super::{err, CResult, Compiler};
use crate::python::code::{CmpOp, Instr, MATCH_LEN_EXACT};
use crate::python::format::float::float_repr;
use crate::python::object::Value;
use crate::python::vm::alloc;
use crate::python::vm::text::{bytes_repr, str_repr};
use ruff_python_ast::{self as ast, Expr, Pattern, Singleton};
use ruff_text_size::{Ranged, TextRange, TextSize};

/// The state of one pattern region: a case's pattern, or one alternative of an or-pattern.
struct Region {
    /// The stack depth a failure restores (the region's subject popped).
    base: i32,
    /// Names captured so far, in capture order; their values sit just above `base`.
    names: Vec<String>,
    /// `fail[k]`: pop `k` items, then fall into `fail[k - 1]`; `fail[0]` is the failure.
    fail: Vec<usize>,
    /// May a pattern here match anything (a bare capture or `_`)? Only in the last case (or
    /// one with a guard) and in the last alternative of an or-pattern at such a place.
    allow_irrefutable: bool,
}

/// A literal mapping-pattern key as Python compares it (for the duplicate-key check).
#[derive(PartialEq)]
enum KeyConst {
    None,
    Int(i128),
    Float(u64),
    BigInt(String),
    Str(String),
    Bytes(Vec<u8>),
}

impl<'a> Compiler<'a> {
    pub(super) fn match_stmt(&mut self, m: &'a ast::StmtMatch) -> CResult<()> {
        self.expr(&m.subject)?;
        let d0 = self.depth() - 1;
        let end = self.new_label();
        let n = m.cases.len();
        for (i, case) in m.cases.iter().enumerate() {
            let last = i + 1 == n;
            let saved = self.at(case.pattern.range());
            if !last {
                self.emit(Instr::Dup);
            }
            let fail = self.new_label();
            let mut region = Region {
                base: self.depth() - 1,
                names: Vec::new(),
                fail: vec![fail],
                allow_irrefutable: last || case.guard.is_some(),
            };
            self.pattern(&case.pattern, &mut region)?;
            for name in &region.names {
                self.store_name(name);
            }
            self.restore(saved);
            if let Some(g) = &case.guard {
                let saved = self.at(g.range());
                self.cond_jump(g, false, region.fail[0])?;
                self.restore(saved);
            }
            if !last {
                self.emit(Instr::Pop);
            }
            self.stmts(&case.body)?;
            self.jump(Instr::Jump(0), end);
            self.fail_pops(&region);
        }
        self.bind(end);
        self.set_depth(d0);
        Ok(())
    }

    /// Lays out the region's "pop k, then fail" labels; ends at depth `base`.
    fn fail_pops(&mut self, r: &Region) {
        for k in (1..r.fail.len()).rev() {
            self.bind(r.fail[k]);
            self.set_depth(r.base + k as i32);
            self.emit(Instr::Pop);
        }
        self.bind(r.fail[0]);
        self.set_depth(r.base);
    }

    /// Emits a jump (conditional ones pop their test) to the region's failure.
    fn jump_fail(&mut self, r: &mut Region, i: Instr) {
        let after = self.depth() + super::stack_effect(i);
        let k = (after - r.base).max(0) as usize;
        while r.fail.len() <= k {
            let l = self.new_label();
            r.fail.push(l);
        }
        self.jump(i, r.fail[k]);
    }

    /// Keeps the value on top as the capture of `name`: it sinks below everything in the
    /// region.
    fn capture(&mut self, r: &mut Region, name: &str, range: TextRange) -> CResult<()> {
        if r.names.iter().any(|n| n == name) {
            return err(
                format!("multiple assignments to name '{name}' in pattern"),
                range,
            );
        }
        let n = self.depth() - r.base;
        if n > 1 {
            self.emit(Instr::RotN(n as u32));
        }
        r.names.push(name.to_string());
        Ok(())
    }

    /// A sub-pattern (of a sequence, mapping, class or `as` pattern): anything may match.
    fn subpattern(&mut self, p: &'a Pattern, r: &mut Region) -> CResult<()> {
        let allow = std::mem::replace(&mut r.allow_irrefutable, true);
        let res = self.pattern(p, r);
        r.allow_irrefutable = allow;
        res
    }

    fn pattern(&mut self, p: &'a Pattern, r: &mut Region) -> CResult<()> {
        let saved = self.at(p.range());
        let res = self.pattern_inner(p, r);
        self.restore(saved);
        res
    }

    fn pattern_inner(&mut self, p: &'a Pattern, r: &mut Region) -> CResult<()> {
        match p {
            Pattern::MatchValue(v) => {
                self.expr(&v.value)?;
                self.emit(Instr::Compare(CmpOp::Eq));
                self.jump_fail(r, Instr::PopJumpIfFalse(0));
            }
            Pattern::MatchSingleton(s) => {
                let v = match s.value {
                    Singleton::None => Value::None,
                    Singleton::True => Value::Bool(true),
                    Singleton::False => Value::Bool(false),
                };
                let c = self.const_value(v);
                self.emit(Instr::LoadConst(c));
                self.emit(Instr::Is(false));
                self.jump_fail(r, Instr::PopJumpIfFalse(0));
            }
            Pattern::MatchAs(a) => match &a.pattern {
                None => {
                    if !r.allow_irrefutable {
                        let msg = match &a.name {
                            Some(n) => {
                                format!(
                                    "name capture '{}' makes remaining patterns unreachable",
                                    n.id
                                )
                            }
                            None => "wildcard makes remaining patterns unreachable".to_string(),
                        };
                        return err(msg, a.range);
                    }
                    match &a.name {
                        Some(n) => self.capture(r, &n.id, a.range)?,
                        None => {
                            self.emit(Instr::Pop);
                        }
                    }
                }
                Some(sub) => {
                    self.emit(Instr::Dup);
                    self.pattern(sub, r)?;
                    match &a.name {
                        Some(n) => {
                            let range = n.range;
                            self.capture(r, &n.id, range)?
                        }
                        None => {
                            self.emit(Instr::Pop);
                        }
                    }
                }
            },
            Pattern::MatchStar(s) => match &s.name {
                Some(n) => self.capture(r, &n.id, s.range)?,
                None => {
                    self.emit(Instr::Pop);
                }
            },
            Pattern::MatchOr(o) => self.or_pattern(o, r)?,
            Pattern::MatchSequence(s) => self.sequence_pattern(s, r)?,
            Pattern::MatchMapping(m) => self.mapping_pattern(m, r)?,
            Pattern::MatchClass(c) => self.class_pattern(c, r)?,
        }
        Ok(())
    }

    fn or_pattern(&mut self, o: &'a ast::PatternMatchOr, r: &mut Region) -> CResult<()> {
        let end = self.new_label();
        let entry = self.depth();
        let mut control: Option<Vec<String>> = None;
        let n = o.patterns.len();
        for (i, alt) in o.patterns.iter().enumerate() {
            let fail = self.new_label();
            let mut ar = Region {
                base: entry,
                names: Vec::new(),
                fail: vec![fail],
                allow_irrefutable: i + 1 == n && r.allow_irrefutable,
            };
            self.emit(Instr::Dup);
            self.pattern(alt, &mut ar)?;
            let order = match &control {
                None => {
                    control = Some(ar.names.clone());
                    ar.names.clone()
                }
                Some(c) => {
                    let same = c.len() == ar.names.len() && c.iter().all(|n| ar.names.contains(n));
                    if !same {
                        return err("alternative patterns bind different names", o.range);
                    }
                    c.clone()
                }
            };
            // The alternative's captures are on top, the first captured topmost: sink them
            // in the first alternative's order below the outer region's contents.
            let mut on_stack = ar.names.clone();
            for name in &order {
                let pos = on_stack.iter().position(|n| n == name).unwrap_or(0);
                if pos > 0 {
                    self.emit(Instr::PullN(pos as u32 + 1));
                }
                on_stack.remove(pos);
                let depth = self.depth() - r.base;
                if depth > 1 {
                    self.emit(Instr::RotN(depth as u32));
                }
            }
            // The or-pattern's subject.
            self.emit(Instr::Pop);
            self.jump(Instr::Jump(0), end);
            self.fail_pops(&ar);
        }
        self.emit(Instr::Pop);
        self.jump_fail(r, Instr::Jump(0));
        let names = control.unwrap_or_default();
        self.bind(end);
        self.set_depth(entry - 1 + names.len() as i32);
        for name in names {
            if r.names.contains(&name) {
                return err(
                    format!("multiple assignments to name '{name}' in pattern"),
                    o.range,
                );
            }
            r.names.push(name);
        }
        Ok(())
    }

    fn sequence_pattern(
        &mut self,
        s: &'a ast::PatternMatchSequence,
        r: &mut Region,
    ) -> CResult<()> {
        let pats = &s.patterns;
        let n = pats.len();
        let stars: Vec<usize> = pats
            .iter()
            .enumerate()
            .filter(|(_, p)| matches!(p, Pattern::MatchStar(_)))
            .map(|(i, _)| i)
            .collect();
        if stars.len() > 1 {
            return err("multiple starred names in sequence pattern", s.range);
        }
        let star = stars.first().copied();
        self.emit(Instr::MatchSequence);
        self.jump_fail(r, Instr::PopJumpIfFalse(0));
        match star {
            None => {
                self.emit(Instr::MatchLen(n as u32 | MATCH_LEN_EXACT));
                self.jump_fail(r, Instr::PopJumpIfFalse(0));
            }
            Some(_) if n > 1 => {
                self.emit(Instr::MatchLen(n as u32 - 1));
                self.jump_fail(r, Instr::PopJumpIfFalse(0));
            }
            Some(_) => {}
        }
        let star_wild =
            star.is_some_and(|i| matches!(&pats[i], Pattern::MatchStar(st) if st.name.is_none()));
        let all_wild = pats.iter().all(|p| match p {
            Pattern::MatchStar(st) => st.name.is_none(),
            other => is_wildcard(other),
        });
        if all_wild {
            self.emit(Instr::Pop);
            return Ok(());
        }
        if let (Some(si), true) = (star, star_wild) {
            // `[a, *_, b]`: index the items rather than unpack (and copy) the middle.
            for (i, p) in pats.iter().enumerate() {
                if i == si || is_wildcard(p) {
                    continue;
                }
                let index = if i < si {
                    i as i64
                } else {
                    i as i64 - n as i64
                };
                self.emit(Instr::Dup);
                let c = self.const_value(Value::Int(index));
                self.emit(Instr::LoadConst(c));
                self.emit(Instr::Subscr);
                self.subpattern(p, r)?;
            }
            self.emit(Instr::Pop);
            return Ok(());
        }
        match star {
            None => {
                self.emit(Instr::UnpackSequence(n as u32));
            }
            Some(si) => {
                let after = (n - si - 1) as u32;
                self.emit(Instr::UnpackEx(si as u32 | (after << 16)));
            }
        }
        for p in pats {
            self.subpattern(p, r)?;
        }
        Ok(())
    }

    fn mapping_pattern(&mut self, m: &'a ast::PatternMatchMapping, r: &mut Region) -> CResult<()> {
        self.emit(Instr::MatchMapping);
        self.jump_fail(r, Instr::PopJumpIfFalse(0));
        let nkeys = m.keys.len();
        if nkeys == 0 && m.rest.is_none() {
            self.emit(Instr::Pop);
            return Ok(());
        }
        if nkeys > 0 {
            self.emit(Instr::MatchLen(nkeys as u32));
            self.jump_fail(r, Instr::PopJumpIfFalse(0));
        }
        let mut seen: Vec<KeyConst> = Vec::new();
        for k in m.keys.iter() {
            match key_const(k, &self.source.text) {
                Some(Some((c, repr))) => {
                    if seen.contains(&c) {
                        let msg = format!("mapping pattern checks duplicate key ({repr})");
                        return err(msg, m.range);
                    }
                    seen.push(c);
                }
                Some(None) => {}
                None => {
                    return err(
                        "mapping pattern keys may only match literals and attribute lookups",
                        k.range(),
                    )
                }
            }
        }
        for k in m.keys.iter() {
            self.expr(k)?;
        }
        self.emit(Instr::BuildTuple(nkeys as u32));
        self.emit(Instr::MatchKeys);
        self.emit(Instr::Dup);
        self.jump_fail(r, Instr::PopJumpIfNone(0));
        if nkeys > 0 {
            self.emit(Instr::UnpackSequence(nkeys as u32));
        } else {
            self.emit(Instr::Pop);
        }
        for p in m.patterns.iter() {
            self.subpattern(p, r)?;
        }
        match &m.rest {
            Some(rest) => {
                self.emit(Instr::CopyDictWithoutKeys);
                self.capture(r, &rest.id, rest.range)?;
            }
            None => {
                self.emit(Instr::Pop);
                self.emit(Instr::Pop);
            }
        }
        Ok(())
    }

    fn class_pattern(&mut self, c: &'a ast::PatternMatchClass, r: &mut Region) -> CResult<()> {
        let args = &c.arguments;
        let mut attrs: Vec<&str> = Vec::new();
        for k in &args.keywords {
            if attrs.contains(&k.attr.id.as_str()) {
                return err(
                    format!("attribute name repeated in class pattern: {}", k.attr.id),
                    k.pattern.range(),
                );
            }
            attrs.push(k.attr.id.as_str());
        }
        self.expr(&c.cls)?;
        let names: Vec<Value> = attrs
            .iter()
            .map(|a| alloc::str_value(&self.heap, a))
            .collect();
        let t = alloc::tuple_value(&self.heap, names);
        let t = self.const_value(t);
        self.emit(Instr::LoadConst(t));
        let open = find_byte(&self.source.text, c.cls.range().end(), b'(');
        let saved = self.at_focus(c.range, TextRange::new(open, c.range.end()));
        self.emit(Instr::MatchClass(args.patterns.len() as u32));
        self.restore(saved);
        self.emit(Instr::Dup);
        self.jump_fail(r, Instr::PopJumpIfNone(0));
        let total = args.patterns.len() + args.keywords.len();
        if total == 0 {
            self.emit(Instr::Pop);
            return Ok(());
        }
        self.emit(Instr::UnpackSequence(total as u32));
        for p in args.patterns.iter() {
            self.subpattern(p, r)?;
        }
        for k in &args.keywords {
            self.subpattern(&k.pattern, r)?;
        }
        Ok(())
    }
}

/// `_` (no sub-pattern, no name).
fn is_wildcard(p: &Pattern) -> bool {
    matches!(p, Pattern::MatchAs(a) if a.pattern.is_none() && a.name.is_none())
}

fn find_byte(text: &str, from: TextSize, byte: u8) -> TextSize {
    let bytes = text.as_bytes();
    let mut i = from.to_usize();
    while i < bytes.len() && bytes[i] != byte {
        i += 1;
    }
    TextSize::from(i.min(bytes.len()) as u32)
}

/// A mapping-pattern key: `Some(Some((c, repr)))` a literal, `Some(None)` a dotted name
/// (checked at run time), `None` not allowed as a key.
fn key_const(e: &Expr, text: &str) -> Option<Option<(KeyConst, String)>> {
    Some(Some(match e {
        Expr::NoneLiteral(_) => (KeyConst::None, "None".into()),
        Expr::BooleanLiteral(b) => (
            KeyConst::Int(b.value as i128),
            if b.value { "True" } else { "False" }.into(),
        ),
        Expr::StringLiteral(s) => {
            let s = s.value.to_str();
            (KeyConst::Str(s.to_string()), str_repr(s))
        }
        Expr::BytesLiteral(b) => {
            let b: Vec<u8> = b.value.bytes().collect();
            let repr = bytes_repr(&b, "b");
            (KeyConst::Bytes(b), repr)
        }
        Expr::NumberLiteral(n) => number_key(&n.value, false, n.range, text)?,
        Expr::UnaryOp(u) if u.op == ast::UnaryOp::USub => match &*u.operand {
            Expr::NumberLiteral(n) => number_key(&n.value, true, n.range, text)?,
            _ => return None,
        },
        Expr::Attribute(_) => return Some(None),
        // Complex literals (`1+2j`) are refused when compiled.
        Expr::BinOp(_) => return Some(None),
        _ => return None,
    }))
}

fn number_key(
    n: &ast::Number,
    neg: bool,
    range: TextRange,
    text: &str,
) -> Option<(KeyConst, String)> {
    Some(match n {
        ast::Number::Int(i) => match i.as_i64() {
            Some(v) => {
                let v = if neg { -(v as i128) } else { v as i128 };
                (KeyConst::Int(v), v.to_string())
            }
            None => {
                let digits = &text[range.start().to_usize()..range.end().to_usize()];
                let digits = digits.replace('_', "").to_ascii_lowercase();
                let s = format!("{}{digits}", if neg { "-" } else { "" });
                (KeyConst::BigInt(s.clone()), s)
            }
        },
        ast::Number::Float(f) => {
            let f = if neg { -*f } else { *f };
            let repr = float_repr(f);
            if f.fract() == 0.0 && f.abs() < 1e30 {
                (KeyConst::Int(f as i128), repr)
            } else {
                (KeyConst::Float(f.to_bits()), repr)
            }
        }
        ast::Number::Complex { .. } => return None,
    })
}
