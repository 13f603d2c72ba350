//! `$name` and `${...}`: lookup, the operators, and array forms.

use super::{BoxFut, Item, Kind};
use crate::shell::ast::*;
use crate::shell::pattern::{Pattern, ReplaceKind};
use crate::shell::state::{Flow, Res, Shell};
use crate::shell::vars::Value;

pub(crate) enum Expansion {
    Scalar(Vec<u8>),
    /// One field per element (`"$@"`, `"${a[@]}"`).
    Fields(Vec<Vec<u8>>),
    /// The expanded operand of `${x:-word}` / `${x:+word}`, keeping its own quoting.
    Items(Vec<Item>),
}

/// The looked-up value before an operator applies.
#[derive(Clone, Debug)]
enum Val {
    Unset,
    Str(Vec<u8>),
    /// Elements, and whether it came from a `*` form (joined when quoted).
    List(Vec<Vec<u8>>, bool),
}

impl Val {
    fn is_null(&self, colon: bool, in_dq: bool) -> bool {
        match self {
            Val::Unset => true,
            Val::Str(s) => colon && s.is_empty(),
            Val::List(v, star) => {
                v.is_empty()
                    || (colon
                        && ((*star && in_dq && v.iter().all(|e| e.is_empty()))
                            || (v.len() == 1 && v[0].is_empty())))
            }
        }
    }
}

/// The characters of `s` as bash splits them: bytes outside a UTF-8 locale; in one, UTF-8
/// sequences, each byte that is not part of one counting as a character.
fn char_units(s: &[u8], utf8: bool) -> Vec<&[u8]> {
    if !utf8 {
        return s.chunks(1).collect();
    }
    let mut v = Vec::with_capacity(s.len());
    for chunk in s.utf8_chunks() {
        let valid = chunk.valid();
        let base = valid.as_ptr() as usize - s.as_ptr() as usize;
        for (i, c) in valid.char_indices() {
            v.push(&s[base + i..base + i + c.len_utf8()]);
        }
        let inv = chunk.invalid();
        let ibase = base + valid.len();
        for k in 0..inv.len() {
            v.push(&s[ibase + k..ibase + k + 1]);
        }
    }
    v
}

/// How many characters `s` holds in the locale.
fn char_len(s: &[u8], utf8: bool) -> usize {
    if !utf8 {
        return s.len();
    }
    s.utf8_chunks()
        .map(|c| c.valid().chars().count() + c.invalid().len())
        .sum()
}

/// Byte offsets of the character boundaries of `s`, ending with its length.
fn char_offsets(s: &[u8], utf8: bool) -> Vec<usize> {
    let mut offs = Vec::with_capacity(s.len() + 1);
    let mut at = 0;
    for u in char_units(s, utf8) {
        offs.push(at);
        at += u.len();
    }
    offs.push(s.len());
    offs
}

impl Shell {
    pub(crate) fn expand_param<'a>(
        &'a mut self,
        pe: &'a ParamExp,
        in_dq: bool,
    ) -> BoxFut<'a, Res<Expansion>> {
        Box::pin(async move {
            if let ParamOp::Bad(text) = &pe.op {
                self.error_msg(&[&text[..], b": bad substitution"].concat());
                return Err(Flow::Abort(1));
            }
            let (val, name_for_msgs) = self.lookup_param(pe, in_dq).await?;
            self.apply_param_op(pe, val, &name_for_msgs, in_dq).await
        })
    }

    async fn lookup_param(&mut self, pe: &ParamExp, in_dq: bool) -> Res<(Val, Vec<u8>)> {
        let (mut name, mut index) = match &pe.name {
            // `${!1}`: indirection through a positional parameter.
            ParamName::Positional(n) if pe.indirect => {
                (n.to_string().into_bytes(), pe.index.clone())
            }
            ParamName::Positional(n) => {
                let v = if *n == 0 {
                    Some(self.arg0.clone())
                } else {
                    self.positional.get(*n as usize - 1).cloned()
                };
                let val = v.map(Val::Str).unwrap_or(Val::Unset);
                return Ok((
                    self.finish_lookup(pe, val, n.to_string().into_bytes())?,
                    n.to_string().into_bytes(),
                ));
            }
            ParamName::Var(n) => (n.clone(), pe.index.clone()),
        };
        if pe.indirect
            && index.is_none()
            && self
                .vars
                .get(&name)
                .is_some_and(|v| v.has(crate::shell::vars::ATTR_NAMEREF))
        {
            // `${!ref}` on a nameref gives the name it refers to.
            let target = self
                .vars
                .get(&name)
                .and_then(|v| v.scalar_value().map(|t| t.to_vec()));
            let val = target.map(Val::Str).unwrap_or(Val::Unset);
            return Ok((val, name));
        }
        if pe.indirect {
            let target = self.special_or_var(&name, index.as_ref()).await?;
            index = None;
            let target = match target {
                Val::Str(s) => s,
                Val::List(v, _) => v.join(&b' '),
                Val::Unset => {
                    if self.opts.nounset {
                        self.error_msg(&[&name[..], b": unbound variable"].concat());
                        return Err(Flow::Exit(self.fatal_status()));
                    }
                    // bash refuses to follow an unset name.
                    self.error_msg(&[&name[..], b": invalid indirect expansion"].concat());
                    return Err(Flow::Abort(1));
                }
            };
            // The target may carry a subscript: `ref=a[1]` or `ref=arr[@]`.
            if let Some(open) = target.iter().position(|&b| b == b'[') {
                if target.ends_with(b"]") {
                    let sub = &target[open + 1..target.len() - 1];
                    index = Some(match sub {
                        b"@" => Subscript::At,
                        b"*" => Subscript::Star,
                        _ => Subscript::Expr(Word {
                            parts: vec![WordPart::Lit(sub.to_vec())],
                            raw: sub.to_vec(),
                        }),
                    });
                    name = target[..open].to_vec();
                } else {
                    name = target;
                }
            } else {
                if !crate::shell::parser::is_valid_name(&target)
                    && !is_special(&target)
                    && !target.iter().all(|b| b.is_ascii_digit())
                {
                    self.error_msg(&[&target[..], b": invalid indirect expansion"].concat());
                    return Err(Flow::Abort(1));
                }
                name = target;
            }
        }
        let val = self.special_or_var(&name, index.as_ref()).await?;
        let _ = in_dq;
        Ok((self.finish_lookup(pe, val, name.clone())?, name))
    }

    fn finish_lookup(&mut self, pe: &ParamExp, val: Val, name: Vec<u8>) -> Res<Val> {
        let tolerant = matches!(
            pe.op,
            ParamOp::Default { .. }
                | ParamOp::Assign { .. }
                | ParamOp::Error { .. }
                | ParamOp::Alternative { .. }
                | ParamOp::Keys
                | ParamOp::PrefixNames { .. }
        );
        if matches!(val, Val::Unset)
            && self.opts.nounset
            && !tolerant
            && !(name == b"@" || name == b"*")
            && !matches!(pe.index, Some(Subscript::At | Subscript::Star))
        {
            let mut msg = name;
            if let Some(Subscript::Expr(_)) = &pe.index {
                msg.extend_from_slice(b"[...]");
            }
            msg.extend_from_slice(b": unbound variable");
            self.error_msg(&msg);
            return Err(Flow::Exit(self.fatal_status()));
        }
        Ok(val)
    }

    async fn special_or_var(&mut self, name: &[u8], index: Option<&Subscript>) -> Res<Val> {
        match name {
            b"@" => return Ok(Val::List(self.positional.clone(), false)),
            b"*" => return Ok(Val::List(self.positional.clone(), true)),
            _ => {}
        }
        if let Some(v) = self.special_param(name) {
            return Ok(Val::Str(v));
        }
        if name.iter().all(|b| b.is_ascii_digit()) && !name.is_empty() {
            let n: usize = std::str::from_utf8(name)
                .ok()
                .and_then(|t| t.parse().ok())
                .unwrap_or(usize::MAX);
            return Ok(match n {
                0 => Val::Str(self.arg0.clone()),
                _ => self
                    .positional
                    .get(n - 1)
                    .cloned()
                    .map(Val::Str)
                    .unwrap_or(Val::Unset),
            });
        }
        let name = self.resolve_nameref(name);
        if index.is_none() {
            // A nameref to an element (`declare -n r='a[2]'`).
            if let Some((base, key)) = Shell::split_element_ref(&name) {
                let sub = match key {
                    b"@" => Subscript::At,
                    b"*" => Subscript::Star,
                    k => Subscript::Expr(
                        crate::shell::parser::parse_subscript(k).unwrap_or_else(|_| Word::lit(k)),
                    ),
                };
                let base = base.to_vec();
                return Box::pin(self.special_or_var(&base, Some(&sub))).await;
            }
        }
        let var = if let Some(stack) = self.call_stack_array(&name) {
            Some(crate::shell::vars::Var {
                value: Some(Value::Indexed(stack)),
                attrs: 0,
            })
        } else if name == b"PIPESTATUS" {
            let m: imbl::OrdMap<i64, Vec<u8>> = self
                .pipestatus
                .iter()
                .enumerate()
                .map(|(i, s)| (i as i64, s.to_string().into_bytes()))
                .collect();
            Some(crate::shell::vars::Var {
                value: Some(Value::Indexed(m)),
                attrs: 0,
            })
        } else {
            if let Some(dynamic) = self.dynamic_var(&name) {
                return Ok(dynamic);
            }
            self.vars.get(&name).cloned()
        };
        let Some(var) = var else {
            return Ok(Val::Unset);
        };
        match index {
            None => Ok(var
                .scalar_value()
                .map(|v| Val::Str(v.to_vec()))
                .unwrap_or(Val::Unset)),
            Some(Subscript::At) | Some(Subscript::Star) => {
                let star = matches!(index, Some(Subscript::Star));
                Ok(match var.value {
                    None => Val::List(Vec::new(), star),
                    Some(Value::Str(s)) => Val::List(vec![s], star),
                    Some(Value::Indexed(m)) => Val::List(m.values().cloned().collect(), star),
                    Some(Value::Assoc(m)) => Val::List(
                        crate::shell::vars::assoc_order(&m)
                            .into_iter()
                            .map(|(_, v)| v.clone())
                            .collect(),
                        star,
                    ),
                })
            }
            Some(Subscript::Expr(w)) => {
                if var.is_assoc() {
                    let key = self.expand_single(w).await?;
                    Ok(match &var.value {
                        Some(Value::Assoc(m)) => {
                            m.get(&key).cloned().map(Val::Str).unwrap_or(Val::Unset)
                        }
                        _ => Val::Unset,
                    })
                } else {
                    let text = self.expand_single(w).await?;
                    let i = self.arith(&text)?;
                    Ok(match &var.value {
                        Some(Value::Indexed(m)) => {
                            let idx = if i < 0 {
                                m.keys().next_back().map(|k| k + 1 + i).unwrap_or(i)
                            } else {
                                i
                            };
                            if i < 0 && idx < 0 {
                                self.error_msg(&[&name[..], b": bad array subscript"].concat());
                                return Ok(Val::Unset);
                            }
                            m.get(&idx).cloned().map(Val::Str).unwrap_or(Val::Unset)
                        }
                        Some(Value::Str(s)) if i == 0 || i == -1 => Val::Str(s.clone()),
                        _ => Val::Unset,
                    })
                }
            }
        }
    }

    async fn apply_param_op(
        &mut self,
        pe: &ParamExp,
        val: Val,
        name: &[u8],
        in_dq: bool,
    ) -> Res<Expansion> {
        if pe.length {
            let n = match &val {
                Val::Unset => 0,
                Val::Str(s) => char_len(s, self.utf8_locale()),
                Val::List(v, _) => v.len(),
            };
            return Ok(Expansion::Scalar(n.to_string().into_bytes()));
        }
        match &pe.op {
            ParamOp::None => Ok(self.finish_val(val, in_dq)),
            ParamOp::Default { colon, word } => {
                if val.is_null(*colon, in_dq) {
                    let items = self.expand_items(&word.parts, in_dq).await?;
                    Ok(Expansion::Items(unquoted_lits_split(items)))
                } else {
                    Ok(self.finish_val(val, in_dq))
                }
            }
            ParamOp::Alternative { colon, word } => {
                if val.is_null(*colon, in_dq) {
                    Ok(Expansion::Scalar(Vec::new()))
                } else {
                    let items = self.expand_items(&word.parts, in_dq).await?;
                    Ok(Expansion::Items(unquoted_lits_split(items)))
                }
            }
            ParamOp::Assign { colon, word } => {
                if val.is_null(*colon, in_dq) {
                    let v = self.expand_single(word).await?;
                    match &pe.index {
                        Some(Subscript::Expr(w)) => {
                            let key = self.expand_single(w).await?;
                            self.assign_element(name, &key, v.clone(), false)?;
                        }
                        _ => {
                            if !crate::shell::parser::is_valid_name(name) {
                                self.error_msg(&[name, b": cannot assign in this way"].concat());
                                return Err(Flow::Abort(1));
                            }
                            self.set_scalar(name, v.clone())?;
                        }
                    }
                    Ok(Expansion::Scalar(v))
                } else {
                    Ok(self.finish_val(val, in_dq))
                }
            }
            ParamOp::Error { colon, word } => {
                if val.is_null(*colon, in_dq) {
                    let msg = self.expand_single(word).await?;
                    let mut m = name.to_vec();
                    m.extend_from_slice(b": ");
                    if msg.is_empty() {
                        m.extend_from_slice(if *colon {
                            b"parameter null or not set"
                        } else {
                            b"parameter not set"
                        });
                    } else {
                        m.extend_from_slice(&msg);
                    }
                    self.error_msg(&m);
                    return Err(Flow::Exit(self.fatal_status()));
                }
                Ok(self.finish_val(val, in_dq))
            }
            ParamOp::TrimPrefix { longest, pattern } | ParamOp::TrimSuffix { longest, pattern } => {
                let prefix = matches!(pe.op, ParamOp::TrimPrefix { .. });
                let pat = self.expand_pattern(pattern).await?;
                let p = Pattern::compile(&pat, self.match_opts(false));
                let f = |s: &[u8]| -> Vec<u8> {
                    if prefix {
                        match p.match_prefix(s, *longest) {
                            Some(n) => s[n..].to_vec(),
                            None => s.to_vec(),
                        }
                    } else {
                        match p.match_suffix(s, *longest) {
                            Some(n) => s[..n].to_vec(),
                            None => s.to_vec(),
                        }
                    }
                };
                Ok(self.map_val(val, in_dq, f))
            }
            ParamOp::Replace {
                mode,
                pattern,
                replacement,
            } => {
                let pat = self.expand_pattern(pattern).await?;
                let rep = match replacement {
                    Some(w) => self.expand_replacement(w).await?,
                    None => Vec::new(),
                };
                let p = Pattern::compile(&pat, self.match_opts(false));
                let kind = match mode {
                    ReplaceMode::First => ReplaceKind::First,
                    ReplaceMode::All => ReplaceKind::All,
                    ReplaceMode::Prefix => ReplaceKind::Prefix,
                    ReplaceMode::Suffix => ReplaceKind::Suffix,
                };
                let f = |s: &[u8]| -> Vec<u8> {
                    p.replace_with(s, kind, |m| {
                        rep.iter()
                            .flat_map(|piece| match piece {
                                RepPiece::Text(t) => t.as_slice(),
                                RepPiece::Matched => m,
                            })
                            .copied()
                            .collect()
                    })
                };
                Ok(self.map_val(val, in_dq, f))
            }
            ParamOp::Case { mode, all, pattern } => {
                let pat = match pattern {
                    Some(w) => Some(self.expand_pattern(w).await?),
                    None => None,
                };
                let p = pat.map(|t| Pattern::compile(&t, self.match_opts(false)));
                let utf8 = self.utf8_locale();
                let f = |s: &[u8]| -> Vec<u8> { change_case(s, utf8, *mode, *all, p.as_ref()) };
                Ok(self.map_val(val, in_dq, f))
            }
            ParamOp::Substring { offset, length } => {
                let off_text = self.expand_single(offset).await?;
                let off = self.arith(&off_text)?;
                let len = match length {
                    Some(w) => {
                        let t = self.expand_single(w).await?;
                        Some(self.arith(&t)?)
                    }
                    None => None,
                };
                match val {
                    Val::Unset => Ok(Expansion::Scalar(Vec::new())),
                    Val::Str(s) => {
                        let offs = char_offsets(&s, self.utf8_locale());
                        let n = offs.len() as i64 - 1;
                        let start = if off < 0 { n + off } else { off };
                        if start < 0 || start > n {
                            return Ok(Expansion::Scalar(Vec::new()));
                        }
                        let end = match len {
                            None => n,
                            Some(l) if l < 0 => {
                                let e = n + l;
                                if e < start {
                                    self.error_msg(
                                        &[
                                            &l.to_string().into_bytes()[..],
                                            b": substring expression < 0",
                                        ]
                                        .concat(),
                                    );
                                    return Err(Flow::Abort(1));
                                }
                                e
                            }
                            Some(l) => (start + l).min(n),
                        };
                        Ok(Expansion::Scalar(
                            s[offs[start as usize]..offs[end as usize]].to_vec(),
                        ))
                    }
                    Val::List(v, star) => {
                        if matches!(pe.index, Some(Subscript::At | Subscript::Star)) {
                            if let Some(Value::Indexed(m)) =
                                self.vars.get(name).and_then(|x| x.value.clone())
                            {
                                // Sparse arrays slice by index, not by position.
                                let max = m.keys().next_back().map(|k| k + 1).unwrap_or(0);
                                let start = if off < 0 { max + off } else { off };
                                if start < 0 {
                                    return Ok(self.finish_val(Val::List(Vec::new(), star), in_dq));
                                }
                                let rest = m.range(start..).map(|(_, v)| v.clone());
                                let elems: Vec<Vec<u8>> = match len {
                                    None => rest.collect(),
                                    Some(l) if l < 0 => {
                                        self.error_msg(
                                            &[
                                                &l.to_string().into_bytes()[..],
                                                b": substring expression < 0",
                                            ]
                                            .concat(),
                                        );
                                        return Err(Flow::Abort(1));
                                    }
                                    Some(l) => rest.take(l as usize).collect(),
                                };
                                let _ = v;
                                return Ok(self.finish_val(Val::List(elems, star), in_dq));
                            }
                        }
                        // For $@ the offset counts $0 as element 0.
                        let mut elems = v;
                        if matches!(pe.name, ParamName::Var(ref n) if n == b"@" || n == b"*")
                            && pe.index.is_none()
                        {
                            elems.insert(0, self.arg0.clone());
                        }
                        let n = elems.len() as i64;
                        let start = if off < 0 { n + off } else { off };
                        if start < 0 || start > n {
                            return Ok(self.finish_val(Val::List(Vec::new(), star), in_dq));
                        }
                        let end = match len {
                            None => n,
                            Some(l) if l < 0 => {
                                self.error_msg(
                                    &[
                                        &l.to_string().into_bytes()[..],
                                        b": substring expression < 0",
                                    ]
                                    .concat(),
                                );
                                return Err(Flow::Abort(1));
                            }
                            Some(l) => (start + l).min(n),
                        };
                        Ok(self.finish_val(
                            Val::List(elems[start as usize..end as usize].to_vec(), star),
                            in_dq,
                        ))
                    }
                }
            }
            ParamOp::Transform(op) => {
                let op = *op;
                let attrs = self.vars.get(name).map(|v| v.attrs).unwrap_or(0);
                let is_array = self.vars.get(name).map(|v| v.is_array()).unwrap_or(false);
                let is_assoc = self.vars.get(name).map(|v| v.is_assoc()).unwrap_or(false);
                if matches!(val, Val::Unset) && op != b'a' {
                    if matches!(pe.index, Some(Subscript::At)) {
                        return Ok(Expansion::Fields(Vec::new()));
                    }
                    return Ok(Expansion::Scalar(Vec::new()));
                }
                if matches!(op, b'K' | b'k') && is_array {
                    if let Some(star) = match pe.index {
                        Some(Subscript::At) => Some(false),
                        Some(Subscript::Star) => Some(true),
                        _ => None,
                    } {
                        return Ok(self.key_value_pairs(name, op == b'K', star, in_dq));
                    }
                }
                let name = name.to_vec();
                let utf8 = self.utf8_locale();
                let f = |s: &[u8]| -> Vec<u8> {
                    match op {
                        b'Q' => crate::shell::printf::shell_quote_single(s),
                        b'E' => crate::shell::printf::ansi_c_escapes(s),
                        b'P' => s.to_vec(),
                        b'U' => s.to_ascii_uppercase(),
                        b'L' => s.to_ascii_lowercase(),
                        b'u' => change_case(s, utf8, CaseMode::Upper, false, None),
                        b'a' => crate::shell::vars::attrs_letters(attrs, is_array, is_assoc)
                            .into_bytes(),
                        b'A' => {
                            let mut out = name.clone();
                            out.push(b'=');
                            out.extend_from_slice(&crate::shell::printf::shell_quote_single(s));
                            out
                        }
                        b'K' | b'k' => crate::shell::printf::shell_quote_single(s),
                        _ => s.to_vec(),
                    }
                };
                if op == b'a' && !matches!(val, Val::List(..)) {
                    return Ok(Expansion::Scalar(f(b"")));
                }
                Ok(self.map_val(val, in_dq, f))
            }
            ParamOp::PrefixNames { star } => {
                let prefix = name.to_vec();
                let names: Vec<Vec<u8>> = self
                    .vars
                    .map
                    .keys()
                    .filter(|k| k.starts_with(&prefix))
                    .cloned()
                    .collect();
                Ok(self.finish_val(Val::List(names, *star), in_dq))
            }
            ParamOp::Bad(_) => Ok(Expansion::Scalar(Vec::new())),
            ParamOp::Keys => {
                let star = matches!(pe.index, Some(Subscript::Star));
                let keys: Vec<Vec<u8>> = match self.vars.get(name).and_then(|v| v.value.clone()) {
                    Some(Value::Indexed(m)) => {
                        m.keys().map(|k| k.to_string().into_bytes()).collect()
                    }
                    Some(Value::Assoc(m)) => crate::shell::vars::assoc_order(&m)
                        .into_iter()
                        .map(|(k, _)| k.clone())
                        .collect(),
                    Some(Value::Str(_)) => vec![b"0".to_vec()],
                    None => Vec::new(),
                };
                Ok(self.finish_val(Val::List(keys, star), in_dq))
            }
        }
    }

    /// `${a[@]@K}` (one word of `key "value"` pairs, as an assignment would take them) and
    /// `${a[@]@k}` (keys and values as separate words).
    fn key_value_pairs(&self, name: &[u8], quoted: bool, star: bool, in_dq: bool) -> Expansion {
        use crate::shell::builtins::{assoc_key_quote, dq};
        let pairs: Vec<(Vec<u8>, Vec<u8>)> =
            match self.vars.get(name).and_then(|v| v.value.as_ref()) {
                Some(Value::Indexed(m)) => m
                    .iter()
                    .map(|(k, v)| (k.to_string().into_bytes(), v.clone()))
                    .collect(),
                Some(Value::Assoc(m)) => crate::shell::vars::assoc_order(m)
                    .into_iter()
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
                _ => Vec::new(),
            };
        if !quoted {
            let words = pairs.into_iter().flat_map(|(k, v)| [k, v]).collect();
            return self.finish_val(Val::List(words, star), in_dq);
        }
        let assoc = matches!(
            self.vars.get(name).and_then(|v| v.value.as_ref()),
            Some(Value::Assoc(_))
        );
        let mut out = Vec::new();
        for (i, (k, v)) in pairs.iter().enumerate() {
            if i > 0 {
                out.push(b' ');
            }
            if assoc {
                out.extend_from_slice(&assoc_key_quote(k));
            } else {
                out.extend_from_slice(k);
            }
            out.push(b' ');
            out.extend_from_slice(&dq(v));
        }
        // bash ends an associative array's list with a space, as `declare -p` does.
        if assoc && !pairs.is_empty() {
            out.push(b' ');
        }
        self.finish_val(Val::List(vec![out], star), in_dq)
    }

    fn map_val(&self, val: Val, in_dq: bool, f: impl Fn(&[u8]) -> Vec<u8>) -> Expansion {
        match val {
            Val::Unset => Expansion::Scalar(Vec::new()),
            Val::Str(s) => Expansion::Scalar(f(&s)),
            Val::List(v, star) => {
                self.finish_val(Val::List(v.iter().map(|e| f(e)).collect(), star), in_dq)
            }
        }
    }

    fn finish_val(&self, val: Val, in_dq: bool) -> Expansion {
        match val {
            Val::Unset => Expansion::Scalar(Vec::new()),
            Val::Str(s) => Expansion::Scalar(s),
            Val::List(v, star) => {
                if star && (in_dq || self.joining_star) {
                    let sep = match self.get_scalar(b"IFS") {
                        Some(ifs) => ifs.first().map(|b| vec![*b]).unwrap_or_default(),
                        None => b" ".to_vec(),
                    };
                    Expansion::Scalar(v.join(&sep[..]))
                } else {
                    Expansion::Fields(v)
                }
            }
        }
    }
}

fn is_special(n: &[u8]) -> bool {
    matches!(n, b"@" | b"*" | b"#" | b"?" | b"-" | b"$" | b"!" | b"0")
}

/// Literal text in the operand of an unquoted expansion is split and globbed like the
/// expansion's value.
fn unquoted_lits_split(items: Vec<Item>) -> Vec<Item> {
    items
        .into_iter()
        .map(|it| match it {
            Item::Piece(b, Kind::Lit) => Item::Piece(b, Kind::Split),
            other => other,
        })
        .collect()
}

/// A piece of a `${x/pat/rep}` replacement: text, or (`patsub_replacement`) an unquoted `&`
/// standing for the matched text.
enum RepPiece {
    Text(Vec<u8>),
    Matched,
}

impl Shell {
    /// Expands a replacement string. With `patsub_replacement` (on by default in bash 5.2)
    /// an unquoted `&` is the matched text; a backslash that reaches the result unquoted
    /// (typed as `\\`, or from a variable) makes a following `&` or `\` literal.
    fn expand_replacement<'a>(&'a mut self, w: &'a Word) -> BoxFut<'a, Res<Vec<RepPiece>>> {
        Box::pin(async move {
            if self.opts.get("patsub_replacement") != Some(true) {
                return Ok(vec![RepPiece::Text(self.expand_single(w).await?)]);
            }
            let items = self.expand_items(&w.parts, false).await?;
            let mut pieces = Vec::new();
            let mut text = Vec::new();
            for it in items {
                match it {
                    Item::Piece(b, Kind::Quoted) => text.extend_from_slice(&b),
                    Item::Piece(b, _) => {
                        let mut i = 0;
                        while i < b.len() {
                            match b[i] {
                                b'\\' if matches!(b.get(i + 1), Some(b'&' | b'\\')) => {
                                    text.push(b[i + 1]);
                                    i += 1;
                                }
                                b'&' => {
                                    pieces.push(RepPiece::Text(std::mem::take(&mut text)));
                                    pieces.push(RepPiece::Matched);
                                }
                                c => text.push(c),
                            }
                            i += 1;
                        }
                    }
                    Item::Break => text.push(b' '),
                    Item::QuotedEmpty | Item::EmptyAt => {}
                }
            }
            pieces.push(RepPiece::Text(text));
            Ok(pieces)
        })
    }
}

/// `${x^^}` and friends: each character (see [`char_units`]) the pattern accepts changes case;
/// outside a UTF-8 locale only ASCII letters have a case, and bytes that are not UTF-8 never do.
fn change_case(s: &[u8], utf8: bool, mode: CaseMode, all: bool, pat: Option<&Pattern>) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    for (i, unit) in char_units(s, utf8).into_iter().enumerate() {
        let ch = std::str::from_utf8(unit)
            .ok()
            .and_then(|t| t.chars().next())
            .filter(|c| utf8 || c.is_ascii());
        let applies = (all || i == 0) && pat.is_none_or(|p| p.matches(unit));
        let Some(ch) = ch.filter(|_| applies) else {
            out.extend_from_slice(unit);
            continue;
        };
        let mut text = String::new();
        match mode {
            CaseMode::Upper => text.extend(ch.to_uppercase()),
            CaseMode::Lower => text.extend(ch.to_lowercase()),
            // bash's toggle: towlower for an upper-case letter, towupper for a lower-case
            // one, anything else unchanged.
            CaseMode::Toggle if ch.is_uppercase() => text.extend(ch.to_lowercase()),
            CaseMode::Toggle if ch.is_lowercase() => text.extend(ch.to_uppercase()),
            CaseMode::Toggle => text.push(ch),
        }
        out.extend_from_slice(text.as_bytes());
    }
    out
}

impl Shell {
    /// Variables whose value is computed on each read.
    fn dynamic_var(&mut self, name: &[u8]) -> Option<Val> {
        let v = match name {
            b"RANDOM" => {
                if self
                    .vars
                    .get(name)
                    .is_some_and(|v| v.value.is_none() && v.attrs == 0)
                {
                    return None;
                }
                self.next_random().to_string().into_bytes()
            }
            b"SRANDOM" => (self.sys.random_u64() as u32).to_string().into_bytes(),
            b"SECONDS" => (self.sys.clock.borrow().wall_secs() - self.start_secs)
                .to_string()
                .into_bytes(),
            b"EPOCHSECONDS" => self.sys.clock.borrow().wall_secs().to_string().into_bytes(),
            b"EPOCHREALTIME" => {
                let ns = self.sys.clock.borrow().wall_ns();
                format!("{}.{:06}", ns / 1_000_000_000, (ns % 1_000_000_000) / 1000).into_bytes()
            }
            b"LINENO" => self.line.to_string().into_bytes(),
            b"SHELLOPTS" => self.opts.shellopts().into_bytes(),
            b"BASHOPTS" => self.opts.bashopts().into_bytes(),
            b"BASHPID" => self.pid.to_string().into_bytes(),
            b"BASH_SUBSHELL" => self.subshell_level.to_string().into_bytes(),
            _ => return None,
        };
        Some(Val::Str(v))
    }
}

impl Shell {
    /// FUNCNAME, BASH_SOURCE and BASH_LINENO, built from the call stack (innermost first).
    /// A script file contributes a bottom "main" frame; input read from stdin or `-c` does not.
    pub(crate) fn call_stack_array(&self, name: &[u8]) -> Option<imbl::OrdMap<i64, Vec<u8>>> {
        let from_file = !self.stdin_mode && !self.c_mode;
        let frames = self.call_stack.iter().rev();
        let items: Vec<Vec<u8>> = match name {
            b"FUNCNAME" => {
                // FUNCNAME exists only while a function runs; a file sourced at top level
                // does not create it (inside a function its frame shows as "source").
                if self.call_stack.iter().all(|f| f.sourced) {
                    return None;
                }
                let mut v: Vec<Vec<u8>> = frames.map(|f| f.name.clone()).collect();
                if from_file {
                    v.push(b"main".to_vec());
                }
                v
            }
            b"BASH_SOURCE" => {
                let mut v: Vec<Vec<u8>> = frames.map(|f| f.source.clone()).collect();
                if from_file || !self.call_stack.is_empty() {
                    v.push(self.script_name.clone());
                }
                v
            }
            b"BASH_LINENO" => {
                let mut v: Vec<Vec<u8>> = frames
                    .map(|f| f.call_line.to_string().into_bytes())
                    .collect();
                if !v.is_empty() && from_file {
                    v.push(b"0".to_vec());
                }
                v
            }
            _ => return None,
        };
        Some(
            items
                .into_iter()
                .enumerate()
                .map(|(i, v)| (i as i64, v))
                .collect(),
        )
    }
}
