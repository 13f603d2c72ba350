//! Shell variables: scalars, sparse indexed arrays and associative arrays, with attributes and
//! dynamic scoping for `local`. Maps are persistent (`imbl::OrdMap`), so cloning the whole
//! variable table for a subshell is O(1) and iteration order is the sorted name order.

use imbl::OrdMap;

pub const ATTR_EXPORT: u16 = 1;
pub const ATTR_READONLY: u16 = 2;
pub const ATTR_INTEGER: u16 = 4;
pub const ATTR_LOWER: u16 = 8;
pub const ATTR_UPPER: u16 = 16;
pub const ATTR_NAMEREF: u16 = 32;
pub const ATTR_ARRAY: u16 = 64;
pub const ATTR_ASSOC: u16 = 128;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Str(Vec<u8>),
    Indexed(OrdMap<i64, Vec<u8>>),
    Assoc(OrdMap<Vec<u8>, Vec<u8>>),
}

impl Value {
    /// Modeled size in bytes (text plus per-element overhead).
    pub fn size(&self) -> u64 {
        use crate::limits::cost::VAR_OVERHEAD;
        match self {
            Value::Str(s) => s.len() as u64,
            Value::Indexed(m) => m.values().map(|v| v.len() as u64 + VAR_OVERHEAD).sum(),
            Value::Assoc(m) => m
                .iter()
                .map(|(k, v)| (k.len() + v.len()) as u64 + VAR_OVERHEAD)
                .sum(),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Var {
    /// `None`: declared (e.g. `local x`, `declare -a a`) but unset.
    pub value: Option<Value>,
    pub attrs: u16,
}

impl Var {
    pub fn scalar(v: Vec<u8>) -> Var {
        Var {
            value: Some(Value::Str(v)),
            attrs: 0,
        }
    }
    pub fn has(&self, attr: u16) -> bool {
        self.attrs & attr != 0
    }
    pub fn is_array(&self) -> bool {
        matches!(self.value, Some(Value::Indexed(_)) | Some(Value::Assoc(_)))
            || self.has(ATTR_ARRAY)
            || self.has(ATTR_ASSOC)
    }
    pub fn is_assoc(&self) -> bool {
        matches!(self.value, Some(Value::Assoc(_))) || self.has(ATTR_ASSOC)
    }
    /// `$name`: a scalar, or element 0 of an indexed array, or key "0" of an associative one.
    pub fn scalar_value(&self) -> Option<&[u8]> {
        match self.value.as_ref()? {
            Value::Str(s) => Some(s),
            Value::Indexed(m) => m.get(&0).map(|v| v.as_slice()),
            Value::Assoc(m) => m.get(&b"0"[..]).map(|v| v.as_slice()),
        }
    }
}

/// One function call's saved variables (restored on return).
#[derive(Clone, Debug, Default)]
pub struct Frame {
    pub saved: Vec<(Vec<u8>, Option<Var>)>,
}

#[derive(Clone, Debug, Default)]
pub struct Vars {
    pub map: OrdMap<Vec<u8>, Var>,
    pub frames: Vec<Frame>,
}

impl Vars {
    pub fn get(&self, name: &[u8]) -> Option<&Var> {
        self.map.get(name)
    }

    pub fn get_mut(&mut self, name: &[u8]) -> Option<&mut Var> {
        self.map.get_mut(name)
    }

    pub fn set_var(&mut self, name: &[u8], var: Var) {
        self.map.insert(name.to_vec(), var);
    }

    pub fn remove(&mut self, name: &[u8]) -> Option<Var> {
        self.map.remove(name)
    }

    /// Makes `name` local to the innermost function frame (saving the outer value once).
    /// Returns false outside a function.
    pub fn make_local(&mut self, name: &[u8]) -> bool {
        let current = self.map.get(name).cloned();
        let Some(frame) = self.frames.last_mut() else {
            return false;
        };
        if !frame.saved.iter().any(|(n, _)| n == name) {
            frame.saved.push((name.to_vec(), current));
        }
        true
    }

    pub fn is_local(&self, name: &[u8]) -> bool {
        self.frames
            .last()
            .is_some_and(|f| f.saved.iter().any(|(n, _)| n == name))
    }

    pub fn push_frame(&mut self) {
        self.frames.push(Frame::default());
    }

    pub fn pop_frame(&mut self) {
        if let Some(frame) = self.frames.pop() {
            for (name, old) in frame.saved.into_iter().rev() {
                match old {
                    Some(v) => {
                        self.map.insert(name, v);
                    }
                    None => {
                        self.map.remove(&name);
                    }
                }
            }
        }
    }

    /// Exported variables with a value, in name order.
    pub fn exported(&self) -> Vec<(Vec<u8>, Vec<u8>)> {
        self.map
            .iter()
            .filter(|(_, v)| v.has(ATTR_EXPORT))
            .filter_map(|(k, v)| match &v.value {
                Some(Value::Str(s)) => Some((k.clone(), s.clone())),
                _ => None,
            })
            .collect()
    }
}

/// bash's string hash (FNV-1), used to reproduce the order in which bash lists the keys of
/// an associative array (by hash bucket of a 1024-bucket table).
fn bash_hash(s: &[u8]) -> u32 {
    let mut h: u32 = 2_166_136_261;
    for &b in s {
        h = h.wrapping_mul(16_777_619);
        h ^= b as u32;
    }
    h
}

/// An associative array's entries in the order bash iterates them. Keys sharing a bucket
/// (rare below a thousand keys) fall back to key order.
pub fn assoc_order(m: &OrdMap<Vec<u8>, Vec<u8>>) -> Vec<(&Vec<u8>, &Vec<u8>)> {
    let mut v: Vec<(&Vec<u8>, &Vec<u8>)> = m.iter().collect();
    v.sort_by_key(|(k, _)| (bash_hash(k) & 1023, (*k).clone()));
    v
}

/// `${x@a}`: the attribute letters bash prints.
pub fn attrs_letters(attrs: u16, is_array: bool, is_assoc: bool) -> String {
    let mut s = String::new();
    if is_assoc {
        s.push('A');
    } else if is_array {
        s.push('a');
    }
    if attrs & ATTR_INTEGER != 0 {
        s.push('i');
    }
    if attrs & ATTR_LOWER != 0 {
        s.push('l');
    }
    if attrs & ATTR_NAMEREF != 0 {
        s.push('n');
    }
    if attrs & ATTR_READONLY != 0 {
        s.push('r');
    }
    if attrs & ATTR_UPPER != 0 {
        s.push('u');
    }
    if attrs & ATTR_EXPORT != 0 {
        s.push('x');
    }
    s
}
