//! The JSON scanner behind `JSONDecoder.scan_once` and `scanstring`: a recursive-descent
//! parser over the document's code points, with CPython's error messages and positions
//! (`Expecting ',' delimiter: line 1 column 5 (char 4)`). Nesting is bounded like CPython's
//! C recursion guard (`RecursionError: maximum recursion depth exceeded while decoding a JSON
//! array from a unicode string`), so a deep document never exhausts the host stack.

use crate::python::object::{Kind, Value};
use crate::python::vm::attr::dict_get_str;
use crate::python::vm::{Flow, PyResult, Vm};
use num_bigint::BigInt;
use std::rc::Rc;

/// What a scan failed with: a decode error (message, position) or a Python exception.
pub enum Fail {
    Decode(&'static str, usize),
    /// No value starts here (`StopIteration(idx)` at the top level).
    NoValue(usize),
    Py(Flow),
    /// A `\\uXXXX` escape of a lone surrogate, which this interpreter's strs cannot hold.
    Surrogate(u32),
}

impl From<Flow> for Fail {
    fn from(f: Flow) -> Fail {
        Fail::Py(f)
    }
}

type Scan<T> = Result<T, Fail>;

/// The decoder's settings, read from the `JSONDecoder` once per call.
pub struct Context {
    pub strict: bool,
    pub object_hook: Option<Value>,
    pub object_pairs_hook: Option<Value>,
    /// `None` when it is `float` itself (parsed natively).
    pub parse_float: Option<Value>,
    pub parse_int: Option<Value>,
    pub parse_constant: Value,
}

pub struct Scanner<'a> {
    pub text: &'a [char],
    pub ctx: &'a Context,
    depth: usize,
}

fn is_ws(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

impl<'a> Scanner<'a> {
    pub fn new(text: &'a [char], ctx: &'a Context) -> Scanner<'a> {
        Scanner {
            text,
            ctx,
            depth: 0,
        }
    }

    fn at(&self, i: usize) -> Option<char> {
        self.text.get(i).copied()
    }

    fn skip_ws(&self, mut i: usize) -> usize {
        while self.at(i).is_some_and(is_ws) {
            i += 1;
        }
        i
    }

    fn has(&self, i: usize, word: &str) -> bool {
        let n = word.chars().count();
        i + n <= self.text.len() && self.text[i..i + n].iter().copied().eq(word.chars())
    }

    /// One value starting exactly at `i`; its end.
    pub fn value(&mut self, vm: &mut Vm, i: usize) -> Scan<(Value, usize)> {
        let Some(c) = self.at(i) else {
            return Err(Fail::NoValue(i));
        };
        match c {
            '"' => {
                let (s, end) = scan_string(self.text, i + 1, self.ctx.strict)?;
                Ok((vm.new_str(s)?, end))
            }
            '{' => self.nested(vm, i, true),
            '[' => self.nested(vm, i, false),
            'n' if self.has(i, "null") => Ok((Value::None, i + 4)),
            't' if self.has(i, "true") => Ok((Value::Bool(true), i + 4)),
            'f' if self.has(i, "false") => Ok((Value::Bool(false), i + 5)),
            'N' if self.has(i, "NaN") => self.constant(vm, "NaN", i + 3),
            'I' if self.has(i, "Infinity") => self.constant(vm, "Infinity", i + 8),
            '-' if self.has(i, "-Infinity") => self.constant(vm, "-Infinity", i + 9),
            _ => self.number(vm, i),
        }
    }

    fn constant(&mut self, vm: &mut Vm, name: &str, end: usize) -> Scan<(Value, usize)> {
        let arg = vm.new_str(name)?;
        let f = self.ctx.parse_constant.clone();
        Ok((vm.call(&f, &[arg], &[])?, end))
    }

    fn nested(&mut self, vm: &mut Vm, i: usize, object: bool) -> Scan<(Value, usize)> {
        // The limit CPython's C code would hit first; it keeps the host stack bounded.
        if self.depth >= vm.recursion_limit * 4 + 200 {
            let what = if object { "object" } else { "array" };
            let msg = format!(
                "maximum recursion depth exceeded while decoding a JSON {what} from a unicode string"
            );
            return Err(Fail::Py(vm.raise(vm.types.recursion_error.clone(), &msg)));
        }
        self.depth += 1;
        let r = if object {
            self.object(vm, i + 1)
        } else {
            self.array(vm, i + 1)
        };
        self.depth -= 1;
        r
    }

    /// A nested value: where none starts, "Expecting value" at that position.
    fn item(&mut self, vm: &mut Vm, i: usize) -> Scan<(Value, usize)> {
        match self.value(vm, i) {
            Err(Fail::NoValue(p)) => Err(Fail::Decode("Expecting value", p)),
            r => r,
        }
    }

    fn array(&mut self, vm: &mut Vm, start: usize) -> Scan<(Value, usize)> {
        let mut items = Vec::new();
        let mut i = self.skip_ws(start);
        if self.at(i) == Some(']') {
            return Ok((vm.new_list(items)?, i + 1));
        }
        loop {
            let (v, end) = self.item(vm, i)?;
            vm.charge(1)?;
            items.push(v);
            i = self.skip_ws(end);
            match self.at(i) {
                Some(']') => return Ok((vm.new_list(items)?, i + 1)),
                Some(',') => {}
                _ => return Err(Fail::Decode("Expecting ',' delimiter", i)),
            }
            let comma = i;
            i = self.skip_ws(i + 1);
            if self.at(i) == Some(']') {
                return Err(Fail::Decode(
                    "Illegal trailing comma before end of array",
                    comma,
                ));
            }
        }
    }

    fn object(&mut self, vm: &mut Vm, start: usize) -> Scan<(Value, usize)> {
        let mut pairs: Vec<(Value, Value)> = Vec::new();
        let mut i = self.skip_ws(start);
        if self.at(i) != Some('}') {
            loop {
                if self.at(i) != Some('"') {
                    return Err(Fail::Decode(
                        "Expecting property name enclosed in double quotes",
                        i,
                    ));
                }
                let (key, end) = scan_string(self.text, i + 1, self.ctx.strict)?;
                let key = vm.new_str(key)?;
                i = self.skip_ws(end);
                if self.at(i) != Some(':') {
                    return Err(Fail::Decode("Expecting ':' delimiter", i));
                }
                i = self.skip_ws(i + 1);
                let (v, end) = self.item(vm, i)?;
                vm.charge(1)?;
                pairs.push((key, v));
                i = self.skip_ws(end);
                match self.at(i) {
                    Some('}') => break,
                    Some(',') => {}
                    _ => return Err(Fail::Decode("Expecting ',' delimiter", i)),
                }
                let comma = i;
                i = self.skip_ws(i + 1);
                if self.at(i) == Some('}') {
                    return Err(Fail::Decode(
                        "Illegal trailing comma before end of object",
                        comma,
                    ));
                }
            }
        }
        let end = i + 1;
        if let Some(hook) = self.ctx.object_pairs_hook.clone() {
            let mut tuples = Vec::with_capacity(pairs.len());
            for (k, v) in pairs {
                tuples.push(vm.new_tuple(vec![k, v])?);
            }
            let list = vm.new_list(tuples)?;
            return Ok((vm.call(&hook, &[list], &[])?, end));
        }
        let d = vm.new_dict()?;
        if let Value::Obj(o) = &d {
            for (k, v) in pairs {
                vm.dict_set(o, k, v)?;
            }
        }
        if let Some(hook) = self.ctx.object_hook.clone() {
            return Ok((vm.call(&hook, &[d], &[])?, end));
        }
        Ok((d, end))
    }

    fn number(&mut self, vm: &mut Vm, start: usize) -> Scan<(Value, usize)> {
        let t = self.text;
        let digit = |i: usize| t.get(i).is_some_and(|c| c.is_ascii_digit());
        let mut i = start;
        if t.get(i) == Some(&'-') {
            i += 1;
        }
        if t.get(i) == Some(&'0') {
            i += 1;
        } else if digit(i) {
            while digit(i) {
                i += 1;
            }
        } else {
            return Err(Fail::NoValue(start));
        }
        let mut is_float = false;
        if t.get(i) == Some(&'.') && digit(i + 1) {
            i += 1;
            while digit(i) {
                i += 1;
            }
            is_float = true;
        }
        if matches!(t.get(i), Some('e' | 'E')) {
            let mut j = i + 1;
            if matches!(t.get(j), Some('+' | '-')) {
                j += 1;
            }
            if digit(j) {
                while digit(j) {
                    j += 1;
                }
                i = j;
                is_float = true;
            }
        }
        vm.charge_bytes(i - start)?;
        let text: String = t[start..i].iter().collect();
        let hook = if is_float {
            &self.ctx.parse_float
        } else {
            &self.ctx.parse_int
        };
        if let Some(f) = hook.clone() {
            let arg = vm.new_str(text)?;
            return Ok((vm.call(&f, &[arg], &[])?, i));
        }
        if is_float {
            let x = crate::python::format::parse_float(&text).unwrap_or(f64::NAN);
            return Ok((Value::Float(x), i));
        }
        let digits = text.trim_start_matches('-').len();
        if digits > 18 {
            let limit = vm.int_max_str_digits;
            if limit > 0 && digits > limit {
                let msg = crate::python::format::parse_limit_message(limit, digits);
                return Err(Fail::Py(vm.raise(vm.types.value_error.clone(), &msg)));
            }
            let b = BigInt::parse_bytes(text.as_bytes(), 10).unwrap_or_default();
            return Ok((vm.new_int(b)?, i));
        }
        Ok((Value::Int(text.parse().unwrap_or(0)), i))
    }
}

/// The body of a string literal starting after its opening quote at `end - 1`: the text and
/// the index after the closing quote.
pub fn scan_string(t: &[char], end: usize, strict: bool) -> Scan<(String, usize)> {
    let begin = end.saturating_sub(1);
    let mut out = String::new();
    let mut i = end;
    loop {
        let Some(&c) = t.get(i) else {
            return Err(Fail::Decode("Unterminated string starting at", begin));
        };
        match c {
            '"' => return Ok((out, i + 1)),
            '\\' => {
                let Some(&e) = t.get(i + 1) else {
                    return Err(Fail::Decode("Unterminated string starting at", begin));
                };
                let simple = match e {
                    '"' => Some('"'),
                    '\\' => Some('\\'),
                    '/' => Some('/'),
                    'b' => Some('\u{8}'),
                    'f' => Some('\u{c}'),
                    'n' => Some('\n'),
                    'r' => Some('\r'),
                    't' => Some('\t'),
                    'u' => None,
                    _ => return Err(Fail::Decode("Invalid \\escape", i)),
                };
                if let Some(s) = simple {
                    out.push(s);
                    i += 2;
                    continue;
                }
                let hi = hex4(t, i + 2).ok_or(Fail::Decode("Invalid \\uXXXX escape", i + 1))?;
                i += 6;
                let mut code = hi;
                if (0xd800..0xdc00).contains(&hi)
                    && t.get(i) == Some(&'\\')
                    && t.get(i + 1) == Some(&'u')
                {
                    let lo = hex4(t, i + 2).ok_or(Fail::Decode("Invalid \\uXXXX escape", i + 1))?;
                    if (0xdc00..0xe000).contains(&lo) {
                        code = 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00);
                        i += 6;
                    }
                }
                match char::from_u32(code) {
                    Some(ch) => out.push(ch),
                    // A lone surrogate: CPython keeps it in the str; this interpreter's strs
                    // are UTF-8 and cannot hold one.
                    None => return Err(Fail::Surrogate(code)),
                }
            }
            c if strict && (c as u32) < 0x20 => {
                return Err(Fail::Decode("Invalid control character at", i));
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
}

fn hex4(t: &[char], i: usize) -> Option<u32> {
    let s = t.get(i..i + 4)?;
    let mut v = 0;
    for c in s {
        v = v * 16 + c.to_digit(16)?;
    }
    Some(v)
}

/// Raises `json.decoder.JSONDecodeError(msg, doc, pos)` (a `ValueError` when `json.decoder`
/// is not loaded, which cannot happen through the `json` package).
pub fn raise_decode_error(vm: &mut Vm, msg: &str, doc: &Value, pos: usize) -> Flow {
    let cls = dict_get_str(&vm.modules.clone(), "json.decoder").and_then(|m| match m.kind() {
        Some(Kind::Module(m)) => dict_get_str(&m.dict, "JSONDecodeError"),
        _ => None,
    });
    let Some(cls) = cls else {
        return vm.raise(vm.types.value_error.clone(), msg);
    };
    let m = vm.str_now(msg);
    match vm.call(&cls, &[m, doc.clone(), Value::Int(pos as i64)], &[]) {
        Ok(e) => Flow::Exc(e),
        Err(f) => f,
    }
}

/// The code points of a `str`, charged (4 bytes each) before they are laid out.
pub fn chars_of(vm: &mut Vm, s: &Rc<crate::python::object::Obj>) -> PyResult<Vec<char>> {
    let Kind::Str(p) = &s.kind else {
        return Ok(Vec::new());
    };
    vm.charge_bytes(p.s.len())?;
    vm.ensure(4 * p.chars as u64)?;
    Ok(p.s.chars().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    fn err(r: Scan<(String, usize)>) -> Option<(&'static str, usize)> {
        match r {
            Err(Fail::Decode(m, p)) => Some((m, p)),
            _ => None,
        }
    }

    #[test]
    fn strings() {
        let t = chars("\"a\\n\\u00e9\\ud83d\\ude00\" x");
        let (s, end) = scan_string(&t, 1, true).ok().unwrap();
        assert_eq!(s, "a\n\u{e9}\u{1f600}");
        assert_eq!(end, 23);
        assert_eq!(
            err(scan_string(&chars("\"abc"), 1, true)),
            Some(("Unterminated string starting at", 0))
        );
        assert_eq!(
            err(scan_string(&chars("\"a\\qb\""), 1, true)),
            Some(("Invalid \\escape", 2))
        );
        assert_eq!(
            err(scan_string(&chars("\"\\u12\""), 1, true)),
            Some(("Invalid \\uXXXX escape", 2))
        );
        assert_eq!(
            err(scan_string(&chars("\"a\tb\""), 1, true)),
            Some(("Invalid control character at", 2))
        );
        assert!(scan_string(&chars("\"a\tb\""), 1, false).is_ok());
    }
}
