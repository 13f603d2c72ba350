//! `_hashcore`: the digest states behind `hashlib`'s hash objects (RustCrypto's MD5, SHA-1,
//! SHA-2, SHA-3/SHAKE and BLAKE2), as opaque values the Python half (`lib/_hashlib.py`)
//! wraps; and `compare_digest`, the constant-time comparison `hmac` re-exports. Hashing
//! charges CPU per byte.

use super::{int_arg, Kw};
use crate::python::methods::bytes::buffer;
use crate::python::object::{Kind, NativeFn, Obj, Value};
use crate::python::stdlib::add_functions;
use crate::python::vm::{Flow, PyResult, Vm};
use blake2::digest::{Update as _, VariableOutput as _};
use sha2::Digest as _;
use sha3::digest::ExtendableOutput as _;
use std::cell::RefCell;
use std::rc::Rc;

pub fn init(vm: &mut Vm, dict: &Rc<Obj>) -> PyResult<()> {
    let fns: &[(&'static str, NativeFn)] = &[
        ("new", new),
        ("update", update),
        ("digest", digest),
        ("copy", copy),
        ("info", info),
        ("compare_digest", compare_digest),
    ];
    add_functions(vm, dict, fns);
    Ok(())
}

#[derive(Clone)]
enum State {
    Md5(md5::Md5),
    Sha1(sha1::Sha1),
    Sha224(sha2::Sha224),
    Sha256(sha2::Sha256),
    Sha384(sha2::Sha384),
    Sha512(sha2::Sha512),
    Sha3_224(sha3::Sha3_224),
    Sha3_256(sha3::Sha3_256),
    Sha3_384(sha3::Sha3_384),
    Sha3_512(sha3::Sha3_512),
    Shake128(sha3::Shake128),
    Shake256(sha3::Shake256),
    Blake2b(blake2::Blake2bVar),
    Blake2s(blake2::Blake2sVar),
}

/// `(digest_size, block_size)` of an algorithm by its `hashlib` name; SHAKE's digest size
/// is 0 (the length is chosen at `digest(length)`).
pub fn sizes(name: &str) -> Option<(usize, usize)> {
    Some(match name {
        "md5" => (16, 64),
        "sha1" => (20, 64),
        "sha224" => (28, 64),
        "sha256" => (32, 64),
        "sha384" => (48, 128),
        "sha512" => (64, 128),
        "sha3_224" => (28, 144),
        "sha3_256" => (32, 136),
        "sha3_384" => (48, 104),
        "sha3_512" => (64, 72),
        "shake_128" => (0, 168),
        "shake_256" => (0, 136),
        "blake2b" => (64, 128),
        "blake2s" => (32, 64),
        _ => return None,
    })
}

fn state_for(name: &str, digest_size: usize) -> Option<State> {
    Some(match name {
        "md5" => State::Md5(md5::Md5::new()),
        "sha1" => State::Sha1(sha1::Sha1::new()),
        "sha224" => State::Sha224(sha2::Sha224::new()),
        "sha256" => State::Sha256(sha2::Sha256::new()),
        "sha384" => State::Sha384(sha2::Sha384::new()),
        "sha512" => State::Sha512(sha2::Sha512::new()),
        "sha3_224" => State::Sha3_224(sha3::Sha3_224::new()),
        "sha3_256" => State::Sha3_256(sha3::Sha3_256::new()),
        "sha3_384" => State::Sha3_384(sha3::Sha3_384::new()),
        "sha3_512" => State::Sha3_512(sha3::Sha3_512::new()),
        "shake_128" => State::Shake128(sha3::Shake128::default()),
        "shake_256" => State::Shake256(sha3::Shake256::default()),
        "blake2b" => State::Blake2b(blake2::Blake2bVar::new(digest_size).ok()?),
        "blake2s" => State::Blake2s(blake2::Blake2sVar::new(digest_size).ok()?),
        _ => return None,
    })
}

impl State {
    fn update(&mut self, d: &[u8]) {
        match self {
            State::Md5(h) => sha2::Digest::update(h, d),
            State::Sha1(h) => sha2::Digest::update(h, d),
            State::Sha224(h) => sha2::Digest::update(h, d),
            State::Sha256(h) => sha2::Digest::update(h, d),
            State::Sha384(h) => sha2::Digest::update(h, d),
            State::Sha512(h) => sha2::Digest::update(h, d),
            State::Sha3_224(h) => sha2::Digest::update(h, d),
            State::Sha3_256(h) => sha2::Digest::update(h, d),
            State::Sha3_384(h) => sha2::Digest::update(h, d),
            State::Sha3_512(h) => sha2::Digest::update(h, d),
            State::Shake128(h) => h.update(d),
            State::Shake256(h) => h.update(d),
            State::Blake2b(h) => h.update(d),
            State::Blake2s(h) => h.update(d),
        }
    }

    /// The digest of what was fed so far (the state is kept: `digest()` may be called again
    /// and `update` continue); `length` is SHAKE's output length.
    fn digest(&self, length: usize) -> Vec<u8> {
        match self.clone() {
            State::Md5(h) => h.finalize().to_vec(),
            State::Sha1(h) => h.finalize().to_vec(),
            State::Sha224(h) => h.finalize().to_vec(),
            State::Sha256(h) => h.finalize().to_vec(),
            State::Sha384(h) => h.finalize().to_vec(),
            State::Sha512(h) => h.finalize().to_vec(),
            State::Sha3_224(h) => h.finalize().to_vec(),
            State::Sha3_256(h) => h.finalize().to_vec(),
            State::Sha3_384(h) => h.finalize().to_vec(),
            State::Sha3_512(h) => h.finalize().to_vec(),
            State::Shake128(h) => h.finalize_boxed(length).to_vec(),
            State::Shake256(h) => h.finalize_boxed(length).to_vec(),
            State::Blake2b(h) => {
                let mut out = vec![0u8; h.output_size()];
                let _ = h.finalize_variable(&mut out);
                out
            }
            State::Blake2s(h) => {
                let mut out = vec![0u8; h.output_size()];
                let _ = h.finalize_variable(&mut out);
                out
            }
        }
    }
}

fn type_error(vm: &mut Vm, msg: &str) -> Flow {
    vm.raise(vm.types.type_error.clone(), msg)
}

fn state_of<'a>(vm: &mut Vm, v: Option<&'a Value>) -> PyResult<&'a RefCell<State>> {
    if let Some(Value::Obj(o)) = v {
        if let Kind::Opaque(b) = &o.kind {
            if let Some(s) = b.downcast_ref::<RefCell<State>>() {
                return Ok(s);
            }
        }
    }
    Err(type_error(vm, "_hashcore: expected a hash state"))
}

fn new_state(vm: &mut Vm, s: State) -> PyResult<Value> {
    vm.new_obj(Kind::Opaque(Box::new(RefCell::new(s))), 400)
}

/// Data to hash: bytes-like; a `str` gets hashlib's own message.
fn hash_data(vm: &mut Vm, v: &Value) -> PyResult<Rc<[u8]>> {
    if v.as_str().is_some() {
        return Err(type_error(vm, "Strings must be encoded before hashing"));
    }
    match buffer(v) {
        Some(b) => Ok(b),
        None => Err(type_error(vm, "object supporting the buffer API required")),
    }
}

/// `new(name, digest_size)` → a state, or `None` for an unknown name.
fn new(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let name = a.first().and_then(|v| v.as_str()).unwrap_or("").to_string();
    let size = match a.get(1) {
        Some(v) => int_arg(vm, v)?.max(0) as usize,
        None => sizes(&name).map_or(0, |s| s.0),
    };
    match state_for(&name, size) {
        Some(s) => new_state(vm, s),
        None => Ok(Value::None),
    }
}

fn update(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let st = state_of(vm, a.first())?;
    let Some(d) = a.get(1) else {
        return Err(type_error(
            vm,
            "update() takes exactly one argument (0 given)",
        ));
    };
    let data = hash_data(vm, d)?;
    // Digests cost more than a scan: four units per 256 bytes.
    vm.charge_bytes(data.len() * 4)?;
    st.borrow_mut().update(&data);
    Ok(Value::None)
}

fn digest(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let st = state_of(vm, a.first())?;
    let length = match a.get(1) {
        Some(v) => {
            let n = int_arg(vm, v)?;
            if n < 0 {
                return Err(vm.raise(vm.types.value_error.clone(), "Cannot convert negative int"));
            }
            vm.ensure(n as u64)?;
            vm.charge_bytes(n as usize)?;
            n as usize
        }
        None => 0,
    };
    let out = st.borrow().digest(length);
    vm.new_bytes(out)
}

fn copy(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let st = state_of(vm, a.first())?;
    let s = st.borrow().clone();
    new_state(vm, s)
}

/// `info(name)` → `(digest_size, block_size)` or `None`.
fn info(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    let name = a.first().and_then(|v| v.as_str()).unwrap_or("");
    match sizes(name) {
        Some((d, b)) => vm.new_tuple(vec![Value::Int(d as i64), Value::Int(b as i64)]),
        None => Ok(Value::None),
    }
}

/// `compare_digest(a, b)`: both ASCII `str` or both bytes-like; every byte is compared so
/// the time does not depend on where they differ.
fn compare_digest(vm: &mut Vm, a: &[Value], _k: Kw) -> PyResult<Value> {
    if a.len() != 2 {
        let msg = format!("compare_digest expected 2 arguments, got {}", a.len());
        return Err(type_error(vm, &msg));
    }
    let (x, y) = match (a[0].as_str(), a[1].as_str()) {
        (Some(x), Some(y)) => {
            if !x.is_ascii() || !y.is_ascii() {
                return Err(type_error(
                    vm,
                    "comparing strings with non-ASCII characters is not supported",
                ));
            }
            (Rc::from(x.as_bytes()), Rc::from(y.as_bytes()))
        }
        _ => match (buffer(&a[0]), buffer(&a[1])) {
            (Some(x), Some(y)) => (x, y),
            (x, _) => {
                // A `str` beside bytes is asked for as a buffer; other types are refused as
                // a pair.
                let bad = if x.is_none() { &a[0] } else { &a[1] };
                let msg = if bad.as_str().is_some() {
                    format!(
                        "a bytes-like object is required, not '{}'",
                        vm.type_name(bad)
                    )
                } else {
                    format!(
                        "unsupported operand types(s) or combination of types: '{}' and '{}'",
                        vm.type_name(&a[0]),
                        vm.type_name(&a[1])
                    )
                };
                return Err(type_error(vm, &msg));
            }
        },
    };
    vm.charge_bytes(x.len() + y.len())?;
    let mut diff = (x.len() != y.len()) as u8;
    for (i, &c) in x.iter().enumerate() {
        diff |= c ^ y.get(i).copied().unwrap_or(!c);
    }
    Ok(Value::Bool(diff == 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(name: &str, data: &[u8]) -> String {
        let (size, _) = sizes(name).unwrap();
        let mut s = state_for(name, size).unwrap();
        s.update(data);
        s.digest(16).iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn known_digests() {
        assert_eq!(hex("md5", b""), "d41d8cd98f00b204e9800998ecf8427e");
        assert_eq!(
            hex("sha3_256", b""),
            "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"
        );
        assert_eq!(hex("shake_128", b""), "7f9c2ba4e88f827d616045507605853e");
    }
}
