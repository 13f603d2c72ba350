//! Checks against values recorded from a real CPython (`PYTHONHASHSEED=0`, 64-bit).
//!
//! `vectors.rs` holds hash values and `set_scenarios.txt` holds operation sequences on sets with
//! the iteration order CPython produced after each step; both were written by
//! `gen_testdata.py` (run it again to regenerate). The scenario interpreter below also serves
//! as a worked example of the recipes the [`SetTable`] docs give the VM for dict and iterable
//! arguments.

// Generated data: kept as the generator writes it.
#[rustfmt::skip]
mod vectors;

use std::collections::HashMap;
use std::convert::Infallible;

use num_bigint::BigInt;
use num_traits::FromPrimitive;

use super::*;

/// A Python value as the vectors describe it.
pub(super) enum V {
    /// `int`, in decimal.
    I(&'static str),
    B(bool),
    /// `float`, as IEEE-754 bits.
    F(u64),
    S(&'static str),
    T(&'static [V]),
    /// `frozenset`, elements in CPython's iteration order (already distinct).
    FS(&'static [V]),
}

fn v_hash(v: &V) -> i64 {
    match v {
        V::I(s) => hash_bigint(&s.parse().unwrap()),
        V::B(b) => hash_i64(i64::from(*b)),
        V::F(bits) => hash_f64(f64::from_bits(*bits)),
        V::S(s) => hash_str(s),
        V::T(items) => hash_tuple(items.iter().map(v_hash), items.len()),
        V::FS(items) => hash_frozenset(items.iter().map(v_hash)),
    }
}

#[test]
fn str_hashes() {
    assert!(vectors::STRS.len() >= 200);
    for (s, want) in vectors::STRS {
        assert_eq!(hash_str(s), *want, "hash({s:?})");
        assert_eq!(
            hash_code_points(s.chars().map(u32::from)),
            *want,
            "hash({s:?})"
        );
    }
}

#[test]
fn bytes_hashes() {
    for (b, want) in vectors::BYTES {
        assert_eq!(hash_bytes(b), *want, "hash({b:?})");
    }
}

#[test]
fn int_hashes() {
    for (s, want) in vectors::INTS {
        let v: BigInt = s.parse().unwrap();
        assert_eq!(hash_bigint(&v), *want, "hash({s})");
        if let Ok(small) = s.parse::<i64>() {
            assert_eq!(hash_i64(small), *want, "hash({s})");
        }
    }
}

#[test]
fn float_hashes() {
    for (bits, want) in vectors::FLOATS {
        let x = f64::from_bits(*bits);
        assert_eq!(hash_f64(x), *want, "hash({x:e})");
        assert_eq!(hash_float(x, 12345), *want, "hash({x:e})");
        if x.is_finite() && x.fract() == 0.0 {
            assert_eq!(hash_bigint(&BigInt::from_f64(x).unwrap()), *want, "{x:e}");
        }
    }
}

#[test]
fn complex_hashes() {
    for (re, im, want) in vectors::COMPLEXES {
        let (re, im) = (f64::from_bits(*re), f64::from_bits(*im));
        assert_eq!(
            hash_complex(re, im, 0),
            *want,
            "hash(complex({re:e}, {im:e}))"
        );
    }
}

#[test]
fn fraction_hashes() {
    for (n, d, want) in vectors::FRACTIONS {
        let (n, d): (BigInt, BigInt) = (n.parse().unwrap(), d.parse().unwrap());
        assert_eq!(hash_fraction(&n, &d), *want, "hash(Fraction({n}, {d}))");
    }
}

#[test]
fn decimal_hashes() {
    for (c, e, want) in vectors::DECIMALS {
        let c: BigInt = c.parse().unwrap();
        assert_eq!(hash_decimal(&c, *e), *want, "hash(Decimal({c}E{e}))");
    }
}

#[test]
fn tuple_and_frozenset_hashes() {
    for (v, want) in vectors::VALUES {
        assert_eq!(v_hash(v), *want);
    }
}

// ---------------------------------------------------------------------------------------------
// Set scenarios

/// A scenario's value: `int`, `bool`, `float`, `str`, a tuple of ints, or an instance of the
/// generator's class `K`, which has a chosen hash and an `__eq__` that logs its calls.
#[derive(Clone, Debug)]
enum Val {
    Int(BigInt),
    Bool(bool),
    Float(f64),
    Str(String),
    Tuple(Vec<i64>),
    Obj { v: i64, h: i64 },
}

thread_local! {
    /// `K.__eq__` calls made so far in the current operation, as (self, other) indices.
    static EQ_LOG: std::cell::RefCell<Vec<(usize, usize)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A key: the value plus its universe index, which stands for the object's identity.
#[derive(Clone, Debug)]
struct Key {
    id: usize,
    val: Val,
}

fn parse_token(tok: &str) -> Val {
    let (kind, body) = tok.split_once(':').expect("typed token");
    match kind {
        "i" => Val::Int(body.parse().unwrap()),
        "b" => Val::Bool(body == "1"),
        "f" => Val::Float(f64::from_bits(u64::from_str_radix(body, 16).unwrap())),
        "s" => {
            let bytes: Vec<u8> = if body == "-" {
                Vec::new()
            } else {
                (0..body.len())
                    .step_by(2)
                    .map(|i| u8::from_str_radix(&body[i..i + 2], 16).unwrap())
                    .collect()
            };
            Val::Str(String::from_utf8(bytes).unwrap())
        }
        "k" => {
            let (v, h) = body.split_once(':').unwrap();
            Val::Obj {
                v: v.parse().unwrap(),
                h: h.parse().unwrap(),
            }
        }
        "t" => Val::Tuple(if body.is_empty() {
            Vec::new()
        } else {
            body.split(',').map(|x| x.parse().unwrap()).collect()
        }),
        _ => panic!("bad token {tok}"),
    }
}

fn val_hash(v: &Val) -> i64 {
    match v {
        Val::Int(i) => hash_bigint(i),
        Val::Bool(b) => hash_i64(i64::from(*b)),
        Val::Float(f) => hash_f64(*f),
        Val::Str(s) => hash_str(s),
        Val::Tuple(items) => hash_tuple(items.iter().map(|&i| hash_i64(i)), items.len()),
        // A `__hash__` returning -1 is turned into -2 by CPython's slot wrapper.
        Val::Obj { h: -1, .. } => -2,
        Val::Obj { h, .. } => *h,
    }
}

/// The number a numeric value denotes, for cross-type `==` (`1 == 1.0 == True`).
enum Num {
    Int(BigInt),
    Float(f64),
}

fn as_num(v: &Val) -> Option<Num> {
    match v {
        Val::Int(i) => Some(Num::Int(i.clone())),
        Val::Bool(b) => Some(Num::Int(BigInt::from(u8::from(*b)))),
        Val::Float(f) => Some(Num::Float(*f)),
        _ => None,
    }
}

fn py_eq(a: &Val, b: &Val) -> bool {
    if let (Some(x), Some(y)) = (as_num(a), as_num(b)) {
        return match (x, y) {
            (Num::Int(x), Num::Int(y)) => x == y,
            (Num::Float(x), Num::Float(y)) => x == y,
            (Num::Int(i), Num::Float(f)) | (Num::Float(f), Num::Int(i)) => {
                f.is_finite() && f.fract() == 0.0 && BigInt::from_f64(f) == Some(i)
            }
        };
    }
    match (a, b) {
        (Val::Str(x), Val::Str(y)) => x == y,
        (Val::Tuple(x), Val::Tuple(y)) => x == y,
        _ => false,
    }
}

/// Value equality without logging `K.__eq__` calls.
fn quiet_eq(a: &Val, b: &Val) -> bool {
    match (a, b) {
        (Val::Obj { v: x, .. }, Val::Obj { v: y, .. }) => x == y,
        _ => py_eq(a, b),
    }
}

/// The equality callback a VM would pass: identity first (no `__eq__` call), then
/// `stored == probe`.
fn key_eq(stored: &Key, probe: &Key) -> Result<bool, Infallible> {
    if stored.id == probe.id {
        return Ok(true);
    }
    if let (Val::Obj { v: a, .. }, Val::Obj { v: b, .. }) = (&stored.val, &probe.val) {
        EQ_LOG.with(|log| log.borrow_mut().push((stored.id, probe.id)));
        return Ok(a == b);
    }
    Ok(py_eq(&stored.val, &probe.val))
}

type Table = SetTable<Key>;

/// A set object in a scenario. Frozensets matter because `frozenset.copy()` is the object
/// itself, so two names can share one object (and `f & f` is then `f.copy()`).
struct Obj {
    table: Table,
    frozen: bool,
}

struct Runner {
    universe: Vec<Key>,
    objects: Vec<Obj>,
    names: HashMap<String, usize>,
}

impl Runner {
    fn key(&self, i: usize) -> (Key, i64) {
        let k = self.universe[i].clone();
        let h = val_hash(&k.val);
        (k, h)
    }

    /// `set(list)`: plain inserts in order.
    fn set_of(&self, items: &[usize]) -> Table {
        let mut t = Table::new();
        for &i in items {
            let (k, h) = self.key(i);
            t.insert(k, h, key_eq).unwrap();
        }
        t
    }

    /// `dict.fromkeys(list)` as (key, hash) in dict order: the first of equal keys wins.
    fn dict(&self, items: &[usize]) -> Vec<(Key, i64)> {
        let mut out: Vec<(Key, i64)> = Vec::new();
        for &i in items {
            let (k, h) = self.key(i);
            // Building the argument is not part of the set operation: compare without logging.
            let same = |o: &Key| o.id == k.id || quiet_eq(&o.val, &k.val);
            if !out.iter().any(|(o, oh)| *oh == h && same(o)) {
                out.push((k, h));
            }
        }
        out
    }

    fn dict_contains(dict: &[(Key, i64)], k: &Key, h: i64) -> bool {
        dict.iter().any(|(o, oh)| *oh == h && key_eq(o, k).unwrap())
    }

    /// `s.update(dict)`: presize, then insert the keys with the dict's hashes.
    fn update_dict(t: &mut Table, dict: Vec<(Key, i64)>) {
        t.reserve_for_merge(dict.len());
        for (k, h) in dict {
            t.insert(k, h, key_eq).unwrap();
        }
    }

    /// `s.intersection(iterable)` for a non-set iterable, with 3.14's early stop.
    fn intersection_list(&self, s: &Table, items: &[usize]) -> Table {
        let mut result = Table::new();
        for &i in items {
            let (k, h) = self.key(i);
            if s.contains(&k, h, key_eq).unwrap() {
                result.insert(k, h, key_eq).unwrap();
                if result.len() >= s.len() {
                    break;
                }
            }
        }
        result
    }

    /// `s.difference_update(iterable)` for a non-set iterable.
    fn difference_update_list(&self, s: &mut Table, items: &[usize]) {
        for &i in items {
            let (k, h) = self.key(i);
            s.remove(&k, h, key_eq).unwrap();
        }
        s.purge_dummies_if_many();
    }

    fn table(&self, name: &str) -> &Table {
        &self.objects[self.names[name]].table
    }

    /// Binds `name` to a new object.
    fn put(&mut self, name: &str, table: Table, frozen: bool) {
        self.objects.push(Obj { table, frozen });
        self.names.insert(name.to_string(), self.objects.len() - 1);
    }

    fn frozen(&self, name: &str) -> bool {
        self.objects[self.names[name]].frozen
    }

    /// Runs `f` on a set taken out of its object (so that other sets can be borrowed meanwhile;
    /// the taken one then reads as empty, which only matters for aliasing the tests avoid).
    fn with_mut(&mut self, name: &str, f: impl FnOnce(&Self, &mut Table)) {
        let id = self.names[name];
        let mut table = std::mem::take(&mut self.objects[id].table);
        f(self, &mut table);
        self.objects[id].table = table;
    }

    fn order(&self, name: &str) -> String {
        let ids: Vec<String> = self.table(name).iter().map(|k| k.id.to_string()).collect();
        ids.join(" ")
    }

    /// Applies one recorded operation and returns what the line's `=> ...` should say.
    fn apply(&mut self, op: &str, names: &[&str], list: &[usize]) -> String {
        let n = |i: usize| names[i];
        match op {
            "new" => self.put(n(0), self.set_of(list), false),
            "frozen" => self.put(n(0), self.set_of(list), true),
            "newdict" => {
                let mut t = Table::new();
                Self::update_dict(&mut t, self.dict(list));
                self.put(n(0), t, false);
            }
            "display" => {
                // 3.14: 3+ constants become `set().update(frozenset_constant)`.
                let t = if list.len() >= 3 {
                    let constant = self.set_of(list);
                    let mut t = Table::new();
                    t.update_from_set(&constant, key_eq).unwrap();
                    t
                } else {
                    self.set_of(list)
                };
                self.put(n(0), t, false);
            }
            "add" => {
                let (k, h) = self.key(list[0]);
                self.with_mut(n(0), |_, t| {
                    t.insert(k, h, key_eq).unwrap();
                });
            }
            "discard" => {
                let (k, h) = self.key(list[0]);
                self.with_mut(n(0), |_, t| {
                    t.remove(&k, h, key_eq).unwrap();
                });
            }
            "pop" => {
                let mut popped = None;
                self.with_mut(n(0), |_, t| popped = t.pop());
                return format!("{} | {}", popped.unwrap().id, self.order(n(0)));
            }
            "clear" => self.with_mut(n(0), |_, t| t.clear()),
            "update" => {
                let items: Vec<(Key, i64)> = list.iter().map(|&i| self.key(i)).collect();
                self.with_mut(n(0), |_, t| {
                    for (k, h) in items {
                        t.insert(k, h, key_eq).unwrap();
                    }
                });
            }
            "updict" => {
                let dict = self.dict(list);
                self.with_mut(n(0), |_, t| Self::update_dict(t, dict));
            }
            "ior" | "iand" | "isub" | "ixor" => {
                let (a, b) = (n(0), n(1));
                assert_ne!(
                    self.names[a], self.names[b],
                    "in-place ops of a set with itself are the VM's special cases"
                );
                self.with_mut(a, |r, t| {
                    let other = r.table(b);
                    match op {
                        "ior" => t.update_from_set(other, key_eq).unwrap(),
                        "iand" => t.intersection_update(other, key_eq).unwrap(),
                        "isub" => t.difference_update(other, key_eq).unwrap(),
                        _ => t.symmetric_difference_update(other, key_eq).unwrap(),
                    }
                });
            }
            "or" | "and" | "sub" | "xor" => {
                let (a, b) = (self.table(n(1)), self.table(n(2)));
                let t = match op {
                    "or" => a.union(b, key_eq),
                    "and" => a.intersection(b, key_eq),
                    "sub" => a.difference(b, key_eq),
                    _ => a.symmetric_difference(b, key_eq),
                }
                .unwrap();
                let frozen = self.frozen(n(1));
                self.put(n(0), t, frozen);
            }
            "copy" => {
                if self.frozen(n(1)) {
                    // frozenset.copy() is the frozenset itself.
                    let id = self.names[n(1)];
                    self.names.insert(n(0).to_string(), id);
                } else {
                    let t = self.table(n(1)).copy();
                    self.put(n(0), t, false);
                }
            }
            "interl" => {
                let t = self.intersection_list(self.table(n(1)), list);
                let frozen = self.frozen(n(1));
                self.put(n(0), t, frozen);
            }
            "iandl" => self.with_mut(n(0), |r, t| {
                let result = r.intersection_list(t, list);
                t.replace_contents(result);
            }),
            "subl" => {
                let mut t = self.table(n(1)).copy();
                self.difference_update_list(&mut t, list);
                let frozen = self.frozen(n(1));
                self.put(n(0), t, frozen);
            }
            "subd" => {
                let dict = self.dict(list);
                let s = self.table(n(1));
                let t = if (s.len() >> 2) > dict.len() {
                    let mut t = s.copy();
                    for (k, h) in &dict {
                        t.remove(k, *h, key_eq).unwrap();
                    }
                    t.purge_dummies_if_many();
                    t
                } else {
                    let mut t = Table::new();
                    for (k, h) in s.iter_hashed() {
                        if !Self::dict_contains(&dict, k, h) {
                            t.insert(k.clone(), h, key_eq).unwrap();
                        }
                    }
                    t
                };
                let frozen = self.frozen(n(1));
                self.put(n(0), t, frozen);
            }
            "isubl" => self.with_mut(n(0), |r, t| r.difference_update_list(t, list)),
            "xorl" => {
                let mut t = self.set_of(list);
                t.symmetric_difference_update(self.table(n(1)), key_eq)
                    .unwrap();
                let frozen = self.frozen(n(1));
                self.put(n(0), t, frozen);
            }
            "ixorl" => self.with_mut(n(0), |r, t| {
                let other = r.set_of(list);
                t.symmetric_difference_update(&other, key_eq).unwrap();
            }),
            "ixord" => self.with_mut(n(0), |r, t| {
                for (k, h) in r.dict(list) {
                    if t.remove(&k, h, key_eq).unwrap().is_none() {
                        t.insert(k, h, key_eq).unwrap();
                    }
                }
            }),
            "unionl" => {
                let mut t = self.table(n(1)).copy();
                for &i in list {
                    let (k, h) = self.key(i);
                    t.insert(k, h, key_eq).unwrap();
                }
                let frozen = self.frozen(n(1));
                self.put(n(0), t, frozen);
            }
            "fhash" => return self.table(n(0)).frozenset_hash().to_string(),
            "le" => {
                let r = self.table(n(0)).is_subset(self.table(n(1)), key_eq);
                return u8::from(r.unwrap()).to_string();
            }
            "disj" => {
                let r = self.table(n(0)).is_disjoint(self.table(n(1)), key_eq);
                return u8::from(r.unwrap()).to_string();
            }
            _ => panic!("unknown op {op}"),
        }
        self.order(n(0))
    }
}

#[test]
fn set_scenarios_match_cpython() {
    let data = include_str!("set_scenarios.txt");
    let mut runner: Option<Runner> = None;
    let mut scenario = "";
    let (mut scenarios, mut ops) = (0, 0);
    let mut big = BigRunner::default();
    for line in data.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if let Some(name) = line.strip_prefix("scenario ") {
            scenario = name;
            scenarios += 1;
            continue;
        }
        if let Some(toks) = line.strip_prefix("universe") {
            let universe = toks
                .split_whitespace()
                .enumerate()
                .map(|(id, t)| Key {
                    id,
                    val: parse_token(t),
                })
                .collect();
            runner = Some(Runner {
                universe,
                objects: Vec::new(),
                names: HashMap::new(),
            });
            continue;
        }
        let (lhs, want) = line.split_once(" => ").expect("op line");
        let mut words = lhs.split_whitespace();
        let op = words.next().unwrap();
        if op.starts_with("big") {
            let args: Vec<u64> = words.map(|w| w.parse().unwrap()).collect();
            assert_eq!(big.apply(op, &args), want, "{line}");
            ops += 1;
            continue;
        }
        let mut names = Vec::new();
        let mut list = Vec::new();
        let mut in_list = false;
        for w in words {
            match w {
                "[" => in_list = true,
                "]" => in_list = false,
                _ if in_list => list.push(w.parse::<usize>().unwrap()),
                _ => names.push(w),
            }
        }
        let runner = runner.as_mut().expect("universe before ops");
        EQ_LOG.with(|log| log.borrow_mut().clear());
        let mut got = runner.apply(op, &names, &list).trim_end().to_string();
        let log = EQ_LOG.with(|log| std::mem::take(&mut *log.borrow_mut()));
        if !log.is_empty() {
            let pairs: Vec<String> = log.iter().map(|(a, b)| format!("{a},{b}")).collect();
            got = format!("{got} ; eq {}", pairs.join(" "));
        }
        assert_eq!(
            got.trim_end(),
            want.trim_end(),
            "scenario {scenario:?}: {lhs}"
        );
        ops += 1;
    }
    assert!(scenarios >= 100, "only {scenarios} scenarios");
    eprintln!("{scenarios} set scenarios, {ops} operations matched CPython");
}

/// The big-set scenario: ints only, the order summarised as `hash(tuple(s))`.
#[derive(Default)]
struct BigRunner {
    set: SetTable<i64>,
    values: Vec<i64>,
    modulus: i64,
}

fn int_eq(a: &i64, b: &i64) -> Result<bool, Infallible> {
    Ok(a == b)
}

impl BigRunner {
    fn apply(&mut self, op: &str, args: &[u64]) -> String {
        match op {
            "bigarith" => {
                let (n, mul, modulus) = (args[0], args[1], args[2]);
                self.values = (0..n)
                    .map(|k| ((u128::from(k) * u128::from(mul)) % u128::from(modulus)) as i64)
                    .collect();
                self.modulus = modulus as i64;
                self.set = SetTable::new();
                for &v in &self.values {
                    self.set.insert(v, hash_i64(v), int_eq).unwrap();
                }
            }
            "bigdrop" => {
                let step = args[0] as usize;
                for &v in self.values.iter().step_by(step) {
                    self.set.remove(&v, hash_i64(v), int_eq).unwrap();
                }
                for &v in self.values.iter().step_by(step) {
                    let w = v + self.modulus;
                    self.set.insert(w, hash_i64(w), int_eq).unwrap();
                }
            }
            "bigsub" => {
                let step = args[0] as usize;
                for &v in self.values.iter().skip(1).step_by(step) {
                    self.set.remove(&v, hash_i64(v), int_eq).unwrap();
                }
                self.set.purge_dummies_if_many();
            }
            _ => panic!("unknown op {op}"),
        }
        let order = hash_tuple(self.set.iter().map(|&v| hash_i64(v)), self.set.len());
        format!("{} {}", self.set.len(), order)
    }
}
