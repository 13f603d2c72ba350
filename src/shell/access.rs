//! Reading and writing shell variables from the executor, the arithmetic bridge, and shell
//! diagnostics.

use super::arith::{self, ArithEnv, ArithError, Index};
use super::state::{Flow, Res, Shell};
use super::vars::*;
use crate::limits::cost;
use imbl::OrdMap;

/// Most parsed arithmetic expressions kept per shell.
const ARITH_CACHE_ENTRIES: usize = 512;

/// The modeled memory a variable's value holds: its text (an array: each element's text and
/// overhead) plus one variable's overhead. The shell holds the sum over the variables it has
/// (see `state::HeldMemory`); a value saved while a local or a temporary binding shadows it
/// is not counted until it is back.
pub(crate) fn value_charge(v: Option<&Value>) -> u64 {
    v.map_or(0, |v| v.size() + cost::VAR_OVERHEAD)
}

impl Shell {
    /// Whether the shell's locale (its `LC_ALL`, `LC_CTYPE` or `LANG` variable, exported or
    /// not, as bash follows them) is UTF-8: then `${#x}`, substrings, case changes and patterns
    /// count UTF-8 characters; otherwise a character is a byte.
    pub fn utf8_locale(&self) -> bool {
        super::locale::is_utf8(|k| self.get_scalar(k))
    }

    /// A variable's scalar value (`$name`), after nameref resolution.
    pub fn get_scalar(&self, name: &[u8]) -> Option<Vec<u8>> {
        let name = self.resolve_nameref(name);
        self.vars
            .get(&name)
            .and_then(|v| v.scalar_value().map(|s| s.to_vec()))
    }

    /// Follows `declare -n` references (bounded).
    /// A reference that loops (`declare -n a=b b=a`) resolves to nothing.
    pub fn resolve_nameref(&self, name: &[u8]) -> Vec<u8> {
        let mut cur = name.to_vec();
        for _ in 0..16 {
            match self.vars.get(&cur) {
                Some(v) if v.has(ATTR_NAMEREF) => match v.scalar_value() {
                    Some(t) if !t.is_empty() => cur = t.to_vec(),
                    _ => return cur,
                },
                _ => return cur,
            }
        }
        b"\0nameref-loop".to_vec()
    }

    /// The key a subscript written as text stands for: quotes removed and `$x` expanded.
    pub async fn eval_subscript_text(&mut self, text: &[u8]) -> Res<Vec<u8>> {
        match crate::shell::parser::parse_subscript(text) {
            Ok(w) => self.expand_single(&w).await,
            Err(_) => Ok(text.to_vec()),
        }
    }

    /// Splits `a[sub]` (a nameref target naming an element) into its parts.
    pub fn split_element_ref(name: &[u8]) -> Option<(&[u8], &[u8])> {
        let open = name.iter().position(|&b| b == b'[')?;
        if !name.ends_with(b"]") || open == 0 {
            return None;
        }
        Some((&name[..open], &name[open + 1..name.len() - 1]))
    }

    /// `$?`, `$#`, `$$`, `$!`, `$-`, `$0`.
    pub fn special_param(&self, name: &[u8]) -> Option<Vec<u8>> {
        Some(match name {
            b"?" => self.status.to_string().into_bytes(),
            b"#" => self.positional.len().to_string().into_bytes(),
            b"$" => self.dollar_pid.to_string().into_bytes(),
            b"!" => match self.last_bg {
                Some(p) => p.to_string().into_bytes(),
                None => return None,
            },
            b"-" => {
                let mut f = self.opts.flags();
                if self.c_mode {
                    f.push('c');
                } else if self.stdin_mode {
                    f.push('s');
                }
                f.into_bytes()
            }
            b"_" => self.last_arg.clone(),
            b"0" => self.arg0.clone(),
            _ => return None,
        })
    }

    /// Moves the shell's held memory from `old` to `new` bytes of variables (charges, see
    /// [`value_charge`]): reserved before a value grows, given back when it shrinks.
    pub(crate) fn account(&mut self, old: u64, new: u64) -> Res<()> {
        if new > old {
            self.mem_held.0.grow(new - old)?;
        } else {
            self.mem_held.0.shrink(old - new);
        }
        Ok(())
    }

    /// What the named variables are charged as they are now (each name once).
    pub(crate) fn vars_charge<'n>(&self, names: impl IntoIterator<Item = &'n [u8]>) -> u64 {
        let names: std::collections::BTreeSet<&[u8]> = names.into_iter().collect();
        names
            .into_iter()
            .map(|n| value_charge(self.vars.get(n).and_then(|v| v.value.as_ref())))
            .sum()
    }

    /// Removes a variable outright (no `unset` semantics), giving back its memory.
    pub(crate) fn drop_var(&mut self, name: &[u8]) {
        if let Some(v) = self.vars.remove(name) {
            self.mem_held.0.shrink(value_charge(v.value.as_ref()));
        }
    }

    fn readonly_error(&self, name: &[u8]) -> Flow {
        self.error_msg(&[name, b": readonly variable"].concat());
        // In POSIX mode an assignment error ends a non-interactive shell.
        if self.opts.posix {
            Flow::Exit(1)
        } else {
            Flow::Abort(1)
        }
    }

    /// Applies `declare -i/-l/-u` to a value being assigned.
    fn transform_value(
        &mut self,
        var: Option<&Var>,
        value: Vec<u8>,
        append_to: Option<&[u8]>,
    ) -> Res<Vec<u8>> {
        let attrs = var.map(|v| v.attrs).unwrap_or(0);
        if attrs & ATTR_INTEGER != 0 {
            let expr = match append_to {
                Some(old) => [old, b"+(", &value[..], b")"].concat(),
                None => value,
            };
            return Ok(self.arith(&expr)?.to_string().into_bytes());
        }
        let mut v = match append_to {
            Some(old) => [old, &value[..]].concat(),
            None => value,
        };
        if attrs & ATTR_LOWER != 0 {
            v = v.to_ascii_lowercase();
        } else if attrs & ATTR_UPPER != 0 {
            v = v.to_ascii_uppercase();
        }
        Ok(v)
    }

    /// `name=value` (a scalar; on an array sets element 0).
    pub fn set_scalar(&mut self, name: &[u8], value: Vec<u8>) -> Res<()> {
        self.assign_scalar(name, value, false)
    }

    pub fn assign_scalar(&mut self, name: &[u8], value: Vec<u8>, append: bool) -> Res<()> {
        let name = self.resolve_nameref(name);
        if name.starts_with(b"\0") {
            self.error_msg(b"warning: circular name reference");
            return Err(Flow::Abort(1));
        }
        if let Some((base, key)) = Self::split_element_ref(&name) {
            if base != &name[..] && self.vars.get(name.as_slice()).is_none() {
                let (base, key) = (base.to_vec(), unquote_key(key));
                return self.assign_element(&base, &key, value, append);
            }
        }
        if name == b"RANDOM" {
            if let Ok(seed) = String::from_utf8_lossy(&value).trim().parse::<i64>() {
                self.random_state = seed as u32;
            }
        }
        if name == b"PATH" {
            self.hash.clear();
        }
        if name == b"SHELLOPTS" || name == b"BASHOPTS" {
            return Err(self.readonly_error(&name));
        }
        let existing = self.vars.get(&name).cloned();
        if let Some(v) = &existing {
            if v.has(ATTR_READONLY) {
                return Err(self.readonly_error(&name));
            }
        }
        let old_size = value_charge(existing.as_ref().and_then(|v| v.value.as_ref()));
        let mut var = existing.clone().unwrap_or_default();
        if self.opts.allexport {
            var.attrs |= ATTR_EXPORT;
        }
        match var.value.take() {
            Some(Value::Indexed(mut m)) => {
                let old = if append { m.get(&0).cloned() } else { None };
                let v = self.transform_value(existing.as_ref(), value, old.as_deref())?;
                m.insert(0, v);
                var.value = Some(Value::Indexed(m));
            }
            Some(Value::Assoc(mut m)) => {
                let old = if append {
                    m.get(&b"0"[..]).cloned()
                } else {
                    None
                };
                let v = self.transform_value(existing.as_ref(), value, old.as_deref())?;
                m.insert(b"0".to_vec(), v);
                var.value = Some(Value::Assoc(m));
            }
            other => {
                let old = match (&other, append) {
                    (Some(Value::Str(s)), true) => Some(s.clone()),
                    _ => None,
                };
                let v = self.transform_value(existing.as_ref(), value, old.as_deref())?;
                var.value = Some(Value::Str(v));
            }
        }
        let new_size = value_charge(var.value.as_ref());
        self.account(old_size, new_size)?;
        self.vars.set_var(&name, var);
        Ok(())
    }

    /// `name[key]=value` (indexed arrays evaluate `key` arithmetically).
    pub fn assign_element(
        &mut self,
        name: &[u8],
        key: &[u8],
        value: Vec<u8>,
        append: bool,
    ) -> Res<()> {
        let name = self.resolve_nameref(name);
        let existing = self.vars.get(&name).cloned();
        if existing.as_ref().is_some_and(|v| v.has(ATTR_READONLY)) {
            return Err(self.readonly_error(&name));
        }
        let mut var = existing.clone().unwrap_or_default();
        let old_size = value_charge(var.value.as_ref());
        if var.is_assoc() {
            let mut m = match var.value.take() {
                Some(Value::Assoc(m)) => m,
                _ => OrdMap::new(),
            };
            let old = if append { m.get(key).cloned() } else { None };
            let v = self.transform_value(existing.as_ref(), value, old.as_deref())?;
            m.insert(key.to_vec(), v);
            var.value = Some(Value::Assoc(m));
        } else {
            let mut idx = self.arith(key)?;
            let mut m = match var.value.take() {
                Some(Value::Indexed(m)) => m,
                Some(Value::Str(s)) => {
                    let mut m = OrdMap::new();
                    m.insert(0, s);
                    m
                }
                _ => OrdMap::new(),
            };
            if idx < 0 {
                let max = m.keys().next_back().copied().map(|k| k + 1).unwrap_or(0);
                idx += max;
                if idx < 0 {
                    self.error_msg(&[&name[..], b"[", key, b"]: bad array subscript"].concat());
                    var.value = Some(Value::Indexed(m));
                    return Err(Flow::Abort(1));
                }
            }
            let old = if append { m.get(&idx).cloned() } else { None };
            let v = self.transform_value(existing.as_ref(), value, old.as_deref())?;
            m.insert(idx, v);
            var.value = Some(Value::Indexed(m));
        }
        let new_size = value_charge(var.value.as_ref());
        self.account(old_size, new_size)?;
        self.vars.set_var(&name, var);
        Ok(())
    }

    /// Replaces a whole variable value (array assignment), keeping attributes.
    pub fn set_value(&mut self, name: &[u8], value: Value) -> Res<()> {
        let name = self.resolve_nameref(name);
        let existing = self.vars.get(&name).cloned();
        if existing.as_ref().is_some_and(|v| v.has(ATTR_READONLY)) {
            return Err(self.readonly_error(&name));
        }
        let mut var = existing.unwrap_or_default();
        let old_size = value_charge(var.value.as_ref());
        let new_size = value_charge(Some(&value));
        self.account(old_size, new_size)?;
        var.value = Some(value);
        self.vars.set_var(&name, var);
        Ok(())
    }

    /// `unset name`. Returns false for a readonly variable.
    pub fn unset_var(&mut self, name: &[u8]) -> bool {
        let name = self.resolve_nameref(name);
        if self.vars.get(&name).is_some_and(|v| v.has(ATTR_READONLY)) {
            self.error_msg(&[&name[..], b": cannot unset: readonly variable"].concat());
            return false;
        }
        if let Some(v) = self.vars.get(&name) {
            self.mem_held.0.shrink(value_charge(v.value.as_ref()));
        }
        if self.vars.is_local(&name) {
            // An unset local stays local (and unset) until the function returns.
            self.vars.set_var(&name, Var::default());
        } else {
            self.vars.remove(&name);
        }
        true
    }

    /// Evaluates arithmetic text. Errors print bash's message and abort the command (status 1).
    pub fn arith(&mut self, text: &[u8]) -> Res<i64> {
        let expr = self.parsed_arith(text);
        let mut env = ArithBridge {
            sh: self,
            flow: None,
        };
        let r = arith::eval(&expr, &mut env);
        let flow = env.flow.take();
        if let Some(f) = flow {
            return Err(f);
        }
        match r {
            Ok(v) => Ok(v),
            Err(e) => {
                self.error_msg(e.message.as_bytes());
                Err(if e.fatal {
                    Flow::Exit(self.fatal_status())
                } else {
                    Flow::Abort(1)
                })
            }
        }
    }

    /// Like [`Shell::arith`] but an error is a status (for `((...))` and `let`).
    pub fn arith_status(&mut self, text: &[u8], prefix: &str) -> Res<Result<i64, ()>> {
        let expr = self.parsed_arith(text);
        let mut env = ArithBridge {
            sh: self,
            flow: None,
        };
        let r = arith::eval(&expr, &mut env);
        if let Some(f) = env.flow.take() {
            return Err(f);
        }
        match r {
            Ok(v) => Ok(Ok(v)),
            Err(e) => {
                self.error_msg(format!("{prefix}{}", e.message).as_bytes());
                if e.fatal {
                    return Err(Flow::Exit(self.fatal_status()));
                }
                Ok(Err(()))
            }
        }
    }

    /// Parses arithmetic text, reusing the tree when the same text was parsed before (loops
    /// evaluate the same expressions over and over). The cache is bounded.
    fn parsed_arith(&mut self, text: &[u8]) -> std::rc::Rc<arith::Expr> {
        let mut cache = self.arith_cache.borrow_mut();
        if let Some(e) = cache.get(text) {
            return e.clone();
        }
        let expr = std::rc::Rc::new(arith::parse_lenient(&String::from_utf8_lossy(text)));
        if cache.len() >= ARITH_CACHE_ENTRIES {
            cache.clear();
        }
        cache.insert(text.to_vec(), expr.clone());
        expr
    }

    /// Prints `NAME: line N: message` on stderr (NAME is `$0`).
    pub fn error_msg(&self, msg: &[u8]) {
        let mut line = self.arg0.clone();
        line.extend_from_slice(format!(": line {}: ", self.line).as_bytes());
        line.extend_from_slice(msg);
        line.push(b'\n');
        self.write_err_now(&line);
    }

    /// Prints `NAME: message` on stderr (no line number, as bash's getopts does).
    pub fn error_msg_noline(&self, msg: &[u8]) {
        let mut line = self.arg0.clone();
        line.extend_from_slice(b": ");
        line.extend_from_slice(msg);
        line.push(b'\n');
        self.write_err_now(&line);
    }

    /// Writes to fd 2 without waiting (diagnostics may overfill a pipe slightly).
    pub fn write_err_now(&self, data: &[u8]) {
        if let Some(f) = self.sys.fd(self.pid, 2) {
            self.sys.write_now(&f, data);
        }
    }
}

struct ArithBridge<'a> {
    sh: &'a mut Shell,
    flow: Option<Flow>,
}

impl ArithBridge<'_> {
    fn keep(&mut self, r: Res<()>) -> Result<(), ArithError> {
        match r {
            Ok(()) => Ok(()),
            Err(f) => {
                self.flow = Some(f);
                Err(ArithError::new("aborted"))
            }
        }
    }
}

impl ArithEnv for ArithBridge<'_> {
    fn get_var(&mut self, name: &str) -> Option<String> {
        if let Some(v) = self.sh.special_param(name.as_bytes()) {
            return Some(String::from_utf8_lossy(&v).into_owned());
        }
        match name {
            "RANDOM" => return Some(self.sh.next_random().to_string()),
            "LINENO" => return Some(self.sh.line.to_string()),
            "SECONDS" => {
                return Some(
                    (self.sh.sys.clock.borrow().wall_secs() - self.sh.start_secs).to_string(),
                )
            }
            _ => {}
        }
        if name.bytes().all(|b| b.is_ascii_digit()) {
            let n: usize = name.parse().ok()?;
            return self
                .sh
                .positional
                .get(n.checked_sub(1)?)
                .map(|v| String::from_utf8_lossy(v).into_owned());
        }
        self.sh
            .get_scalar(name.as_bytes())
            .map(|v| String::from_utf8_lossy(&v).into_owned())
    }

    fn get_elem(&mut self, name: &str, index: &Index) -> Option<String> {
        let n = self.sh.resolve_nameref(name.as_bytes());
        let var = self.sh.vars.get(&n)?;
        match (&var.value, index) {
            (Some(Value::Indexed(m)), Index::Int(i)) => {
                let i = if *i < 0 {
                    m.keys().next_back().map(|k| k + 1 + i).unwrap_or(*i)
                } else {
                    *i
                };
                m.get(&i).map(|v| String::from_utf8_lossy(v).into_owned())
            }
            (Some(Value::Assoc(m)), Index::Key(k)) => m
                .get(k.as_bytes())
                .map(|v| String::from_utf8_lossy(v).into_owned()),
            (Some(Value::Str(s)), Index::Int(0)) => Some(String::from_utf8_lossy(s).into_owned()),
            _ => None,
        }
    }

    fn is_assoc(&mut self, name: &str) -> bool {
        let n = self.sh.resolve_nameref(name.as_bytes());
        self.sh.vars.get(&n).is_some_and(|v| v.is_assoc())
    }

    fn set_var(&mut self, name: &str, value: i64) -> Result<(), ArithError> {
        let r = self
            .sh
            .set_scalar(name.as_bytes(), value.to_string().into_bytes());
        self.keep(r)
    }

    fn set_elem(&mut self, name: &str, index: &Index, value: i64) -> Result<(), ArithError> {
        let key = match index {
            Index::Int(i) => i.to_string(),
            Index::Key(k) => k.clone(),
        };
        let r = self.sh.assign_element(
            name.as_bytes(),
            key.as_bytes(),
            value.to_string().into_bytes(),
            false,
        );
        self.keep(r)
    }

    fn charge(&mut self) -> Result<(), ArithError> {
        let r = self.sh.sys.charge(cost::ARITH_NODE).map_err(Flow::from);
        self.keep(r)
    }

    fn nounset(&self) -> bool {
        self.sh.opts.nounset
    }
}

/// Removes one pair of surrounding quotes from a subscript written as text (`"K"` → `K`).
fn unquote_key(key: &[u8]) -> Vec<u8> {
    match (key.first(), key.last()) {
        (Some(&q), Some(&l)) if key.len() >= 2 && q == l && (q == b'"' || q == b'\'') => {
            key[1..key.len() - 1].to_vec()
        }
        _ => key.to_vec(),
    }
}
