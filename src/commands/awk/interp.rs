//! The tree-walking interpreter: variables and arrays, records and fields, expressions and
//! statements. Built-in functions live in `builtins.rs`, I/O plumbing in `io.rs`, the driver
//! (BEGIN, the record loop, END) in `run.rs`.

use super::ast::*;
use super::io::{InStream, OutKind, OutStream, Reader, RsMode};
use super::order::Layout;
use super::regex;
use super::value::{key_of, num_to_str, Value};
use crate::commands::posix_re::Regex;
use crate::limits::{cost, Reservation};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use std::cell::RefCell;
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

/// Deepest user-function recursion.
pub const MAX_CALL_DEPTH: usize = 1000;

#[derive(Default, Debug)]
pub struct Array {
    pub map: HashMap<Rc<[u8]>, Value, foldhash::fast::RandomState>,
    /// gawk's representation of the subscripts, for the for-in order.
    layout: Layout,
    /// Modeled bytes reserved for the elements.
    pub bytes: u64,
}

impl Array {
    /// Keys in the order gawk's for-in visits them.
    pub fn keys(&self) -> Vec<Rc<[u8]>> {
        self.layout.list()
    }
}

pub type ArrRef = Rc<RefCell<Array>>;

#[derive(Clone, Debug)]
pub enum Cell {
    Uninit,
    Val(Value),
    Arr(ArrRef),
    /// An untyped parameter: becomes this (caller-visible) array if used as one.
    Pending(ArrRef),
}

/// Non-local control: errors and the jumps that cross function calls.
#[derive(Debug)]
pub enum Jump {
    Int(Interrupt),
    Fatal(String),
    Exit,
    Next,
    NextFile,
}

impl From<Interrupt> for Jump {
    fn from(i: Interrupt) -> Jump {
        Jump::Int(i)
    }
}

impl From<crate::limits::Exhausted> for Jump {
    fn from(e: crate::limits::Exhausted) -> Jump {
        Jump::Int(e.into())
    }
}

pub type R<T> = Result<T, Jump>;

pub enum Flow {
    Normal,
    Break,
    Continue,
    Return(Value),
}

/// How fields are split.
pub enum FsMode {
    Space,
    Char(u8),
    /// `FS = ""`: every character is a field.
    Chars,
    Regex(Rc<Regex>),
}

/// A resolved assignment target.
pub enum Place {
    Var(Var),
    Field(usize),
    Elem(ArrRef, Rc<[u8]>),
}

type BoxFut<'s, T> = Pin<Box<dyn Future<Output = R<T>> + 's>>;

pub fn fatal<T>(msg: impl Into<String>) -> R<T> {
    Err(Jump::Fatal(msg.into()))
}

pub struct Interp<'p> {
    pub ctx: &'p CommandCtx,
    pub prog: &'p Program,
    pub globals: Vec<Cell>,
    pub frames: Vec<Vec<Cell>>,
    pub record: Vec<u8>,
    /// The record being read, before it becomes `record` (kept to reuse its storage).
    pub next_rec: Vec<u8>,
    /// The line `print`/`printf` builds, kept to reuse its storage.
    pub line_buf: Vec<u8>,
    /// Whether the locale is UTF-8: lengths, positions and `%c` count characters, else bytes.
    pub utf8: bool,
    pub fields: Vec<super::record::Field>,
    pub split_done: bool,
    /// The FS in force when the current record was read.
    pub rec_fs: Rc<FsMode>,
    pub fs_mode: Rc<FsMode>,
    pub para: bool,
    pub ofs: Vec<u8>,
    pub ors: Vec<u8>,
    pub subsep: Vec<u8>,
    pub convfmt: Vec<u8>,
    pub ofmt: Vec<u8>,
    pub rs: RsMode,
    pub lits: Vec<Rc<Regex>>,
    pub cache: regex::Cache,
    pub range_on: Vec<bool>,
    /// Output streams; index 0 is standard output.
    pub outputs: Vec<OutStream>,
    pub inputs: Vec<InStream>,
    pub main: Option<Reader>,
    pub argi: usize,
    pub used_file: bool,
    pub main_done: bool,
    /// Current source position (source index, line) for messages.
    pub line: (usize, usize),
    pub exit_code: i32,
    /// Modeled memory held for variables, arrays and frames: one guard for the program's
    /// whole heap (arrays and values count their own bytes; this holds the sum), so whatever
    /// way the program ends, dropping the interpreter gives it all back.
    pub mem: Reservation,
    pub seed: f64,
    pub rng: u64,
    pub depth: usize,
    /// Functions being called (innermost last), for messages.
    pub fstack: Vec<usize>,
    /// Program source names ("cmd. line" or the -f file), for run-time messages.
    pub src_names: Vec<String>,
}

impl<'p> Interp<'p> {
    pub fn new(ctx: &'p CommandCtx, prog: &'p Program, lits: Vec<Rc<Regex>>) -> Interp<'p> {
        let mut globals = vec![Cell::Uninit; prog.globals.len()];
        let s = |b: &[u8]| Cell::Val(Value::str(b));
        globals[special::FS] = s(b" ");
        globals[special::OFS] = s(b" ");
        globals[special::ORS] = s(b"\n");
        globals[special::RS] = s(b"\n");
        globals[special::SUBSEP] = s(b"\x1c");
        globals[special::CONVFMT] = s(b"%.6g");
        globals[special::OFMT] = s(b"%.6g");
        globals[special::NR] = Cell::Val(Value::Num(0.0));
        globals[special::FNR] = Cell::Val(Value::Num(0.0));
        globals[special::RSTART] = Cell::Val(Value::Num(0.0));
        globals[special::RLENGTH] = Cell::Val(Value::Num(-1.0));
        globals[special::FILENAME] = s(b"");
        globals[special::RT] = s(b"");
        Interp {
            ctx,
            prog,
            globals,
            frames: Vec::new(),
            record: Vec::new(),
            next_rec: Vec::new(),
            line_buf: Vec::new(),
            utf8: crate::commands::opts::utf8_locale(ctx),
            fields: Vec::new(),
            split_done: true,
            rec_fs: Rc::new(FsMode::Space),
            fs_mode: Rc::new(FsMode::Space),
            para: false,
            ofs: b" ".to_vec(),
            ors: b"\n".to_vec(),
            subsep: b"\x1c".to_vec(),
            convfmt: b"%.6g".to_vec(),
            ofmt: b"%.6g".to_vec(),
            rs: RsMode::Char(b'\n'),
            lits,
            cache: regex::Cache::default(),
            range_on: vec![false; prog.ranges],
            outputs: vec![OutStream {
                name: b"/dev/stdout".to_vec(),
                kind: OutKind::Stdout,
                buf: Vec::new(),
            }],
            inputs: Vec::new(),
            main: None,
            argi: 1,
            used_file: false,
            main_done: false,
            line: (0, 0),
            exit_code: 0,
            mem: ctx.empty_reservation(),
            seed: 0.0,
            // rand() before srand(): a fixed sequence derived from the machine's seed.
            rng: (ctx.sys.info.seed ^ 0x2545_f491_4f6c_dd1d) | 1,
            depth: 0,
            fstack: Vec::new(),
            src_names: Vec::new(),
        }
    }

    // ---- memory -------------------------------------------------------------------------

    /// Reserves `bytes` more for the program's heap before it grows.
    pub fn mem_grow(&mut self, bytes: u64) -> R<()> {
        self.mem.grow(bytes)?;
        Ok(())
    }

    /// Gives back `bytes` of the program's heap after it shrank.
    pub fn mem_shrink(&mut self, bytes: u64) {
        self.mem.shrink(bytes);
    }

    /// Checks that a transient buffer of `bytes` (built and about to be dropped or moved into
    /// a charged value) fits in memory: a reservation held for no time, which stops the run
    /// typed when it would not have fit.
    pub fn check_mem(&mut self, bytes: usize) -> R<()> {
        if bytes > 4096 {
            drop(self.ctx.reservation(bytes as u64)?);
        }
        Ok(())
    }

    // ---- variables ----------------------------------------------------------------------

    pub fn var_name(&self, v: Var) -> String {
        match v {
            Var::Global(i) => String::from_utf8_lossy(&self.prog.globals[i]).into_owned(),
            Var::Local(i) => self
                .current_func_param(i)
                .unwrap_or_else(|| format!("param{i}")),
        }
    }

    fn current_func_param(&self, i: usize) -> Option<String> {
        let f = *self.fstack.last()?;
        let name = self.prog.funcs[f].params.get(i)?;
        Some(String::from_utf8_lossy(name).into_owned())
    }

    fn cell(&mut self, v: Var) -> &mut Cell {
        match v {
            Var::Global(i) => &mut self.globals[i],
            Var::Local(i) => {
                let f = self.frames.last_mut().expect("local outside a function");
                if i >= f.len() {
                    f.resize(i + 1, Cell::Uninit);
                }
                &mut f[i]
            }
        }
    }

    pub fn get_var(&mut self, v: Var) -> R<Value> {
        if v == Var::Global(special::NF) {
            self.ensure_split()?;
            return Ok(Value::Num(self.fields.len() as f64));
        }
        match self.cell(v) {
            Cell::Uninit | Cell::Pending(_) => Ok(Value::Uninit),
            Cell::Val(x) => Ok(x.clone()),
            Cell::Arr(_) => {
                let n = self.var_name(v);
                fatal(format!("attempt to use array `{n}' in a scalar context"))
            }
        }
    }

    pub fn set_var(&mut self, v: Var, val: Value) -> R<()> {
        let new = val.size();
        let old = match self.cell(v) {
            Cell::Arr(_) => {
                let n = self.var_name(v);
                return fatal(format!("attempt to use array `{n}' in a scalar context"));
            }
            Cell::Val(x) => x.size(),
            _ => 0,
        };
        if new > old {
            self.mem_grow(new - old)?;
        } else {
            self.mem_shrink(old - new);
        }
        *self.cell(v) = Cell::Val(val);
        if let Var::Global(i) = v {
            if i < special::NAMES.len() {
                self.special_assigned(i)?;
            }
        }
        Ok(())
    }

    pub fn global_bytes(&self, i: usize) -> Vec<u8> {
        match &self.globals[i] {
            Cell::Val(v) => v.to_bytes(&self.convfmt).to_vec(),
            _ => Vec::new(),
        }
    }

    pub fn global_num(&self, i: usize) -> f64 {
        match &self.globals[i] {
            Cell::Val(v) => v.num(),
            _ => 0.0,
        }
    }

    pub fn set_global(&mut self, i: usize, v: Value) {
        self.globals[i] = Cell::Val(v);
    }

    /// Keeps the cached forms of special variables in step after an assignment.
    fn special_assigned(&mut self, i: usize) -> R<()> {
        match i {
            special::NF => {
                let n = self.global_num(special::NF);
                self.set_nf(n)?;
            }
            special::FS => {
                let fs = self.global_bytes(special::FS);
                self.fs_mode = Rc::new(self.fs_mode_of(&fs)?);
            }
            special::RS => {
                let rs = self.global_bytes(special::RS);
                self.para = rs.is_empty();
                self.rs = match rs.len() {
                    0 => RsMode::Para,
                    1 => RsMode::Char(rs[0]),
                    _ => RsMode::Regex(self.regex_of(&rs)?),
                };
            }
            special::OFS => self.ofs = self.global_bytes(i),
            special::ORS => self.ors = self.global_bytes(i),
            special::SUBSEP => self.subsep = self.global_bytes(i),
            special::CONVFMT => self.convfmt = self.global_bytes(i),
            special::OFMT => self.ofmt = self.global_bytes(i),
            _ => {}
        }
        Ok(())
    }

    pub fn fs_mode_of(&mut self, fs: &[u8]) -> R<FsMode> {
        Ok(match fs {
            b" " => FsMode::Space,
            b"" => FsMode::Chars,
            [c] if *c != b'\\' => FsMode::Char(*c),
            _ => FsMode::Regex(self.regex_of(fs)?),
        })
    }

    pub fn regex_of(&mut self, src: &[u8]) -> R<Rc<Regex>> {
        match self.cache.get(src, self.utf8) {
            Ok(r) => Ok(r),
            Err(m) => fatal(format!(
                "invalid regexp: {m}: /{}/",
                String::from_utf8_lossy(src)
            )),
        }
    }

    /// The array a variable names (an untyped variable becomes one).
    pub fn array(&mut self, v: Var) -> R<ArrRef> {
        let c = self.cell(v);
        match c {
            Cell::Arr(a) => Ok(a.clone()),
            Cell::Pending(a) => {
                let a = a.clone();
                *c = Cell::Arr(a.clone());
                Ok(a)
            }
            Cell::Uninit => {
                let a: ArrRef = Rc::default();
                *c = Cell::Arr(a.clone());
                Ok(a)
            }
            Cell::Val(_) => {
                let n = self.var_name(v);
                fatal(format!("attempt to use scalar `{n}' as an array"))
            }
        }
    }

    pub fn arr_get(&mut self, a: &ArrRef, key: Rc<[u8]>) -> R<Value> {
        if let Some(v) = a.borrow().map.get(&key) {
            return Ok(v.clone());
        }
        // Referencing an element creates it.
        self.arr_set(a, key, Value::Uninit)?;
        Ok(Value::Uninit)
    }

    pub fn arr_set(&mut self, a: &ArrRef, key: Rc<[u8]>, val: Value) -> R<()> {
        let new = val.size();
        let mut arr = a.borrow_mut();
        // One lookup for an element that exists (the common case: `n[k] += x`).
        if let Some(slot) = arr.map.get_mut(&key) {
            let old = slot.size();
            if new > old {
                self.mem_grow(new - old)?;
            } else {
                self.mem_shrink(old - new);
            }
            *slot = val;
            arr.bytes = (arr.bytes + new).saturating_sub(old);
            return Ok(());
        }
        let add = new + key.len() as u64 + cost::VAR_OVERHEAD;
        self.mem_grow(add)?;
        arr.bytes += add;
        arr.layout.insert(&key);
        arr.map.insert(key, val);
        Ok(())
    }

    /// Replaces element `key` by `f` of its numeric value (`a[k] op= x`, `a[k]++`) with one
    /// lookup when it exists; a missing element is created, as reading it would. Returns the
    /// old and new numbers.
    pub fn arr_modify(
        &mut self,
        a: &ArrRef,
        key: &Rc<[u8]>,
        f: impl FnOnce(f64) -> R<f64>,
    ) -> R<(f64, f64)> {
        let mut arr = a.borrow_mut();
        if let Some(slot) = arr.map.get_mut(&**key) {
            let old = slot.num();
            let new = f(old)?;
            let freed = slot.size();
            *slot = Value::Num(new);
            self.mem_shrink(freed);
            arr.bytes = arr.bytes.saturating_sub(freed);
            return Ok((old, new));
        }
        let add = key.len() as u64 + cost::VAR_OVERHEAD;
        self.mem_grow(add)?;
        arr.bytes += add;
        arr.layout.insert(key);
        arr.map.insert(key.clone(), Value::Uninit);
        let new = f(0.0)?;
        if let Some(slot) = arr.map.get_mut(&**key) {
            *slot = Value::Num(new);
        }
        Ok((0.0, new))
    }

    pub fn arr_delete(&mut self, a: &ArrRef, key: &[u8]) {
        let removed = {
            let mut arr = a.borrow_mut();
            let v = arr.map.remove(key);
            if v.is_some() {
                arr.layout.remove(key);
            }
            v
        };
        if let Some(v) = removed {
            let b = v.size() + key.len() as u64 + cost::VAR_OVERHEAD;
            let mut arr = a.borrow_mut();
            let b = b.min(arr.bytes);
            arr.bytes -= b;
            drop(arr);
            self.mem_shrink(b);
        }
    }

    pub fn arr_clear(&mut self, a: &ArrRef) {
        let b = {
            let mut arr = a.borrow_mut();
            arr.map.clear();
            arr.layout.clear();
            std::mem::take(&mut arr.bytes)
        };
        self.mem_shrink(b);
    }

    /// The subscript for `keys` (joined with SUBSEP).
    pub async fn key(&mut self, keys: &'p [Expr]) -> R<Rc<[u8]>> {
        if keys.len() == 1 {
            let v = self.ev(&keys[0]).await?;
            return Ok(key_of(&v, &self.convfmt));
        }
        let mut k = Vec::new();
        for (i, e) in keys.iter().enumerate() {
            if i > 0 {
                k.extend_from_slice(&self.subsep);
            }
            let v = self.ev(e).await?;
            k.extend_from_slice(&key_of(&v, &self.convfmt));
        }
        Ok(Rc::from(k))
    }

    // ---- places -------------------------------------------------------------------------

    pub async fn place(&mut self, e: &'p Expr) -> R<Place> {
        match e {
            Expr::Var(v) => Ok(Place::Var(*v)),
            Expr::Field(ix) => {
                let v = self.ev(ix).await?;
                Ok(Place::Field(Self::field_index(&v)?))
            }
            Expr::Index(v, keys) => {
                let k = self.key(keys).await?;
                let a = self.array(*v)?;
                Ok(Place::Elem(a, k))
            }
            _ => fatal("assignment to a non-lvalue"),
        }
    }

    pub fn get_place(&mut self, p: &Place) -> R<Value> {
        match p {
            Place::Var(v) => self.get_var(*v),
            Place::Field(n) => self.get_field(*n),
            Place::Elem(a, k) => self.arr_get(a, k.clone()),
        }
    }

    pub fn set_place(&mut self, p: Place, val: Value) -> R<()> {
        match p {
            Place::Var(v) => self.set_var(v, val),
            Place::Field(n) => self.set_field(n, val),
            Place::Elem(a, k) => self.arr_set(&a, k, val),
        }
    }

    // ---- expressions --------------------------------------------------------------------

    /// Evaluates an expression (simple and pure ones without boxing a future).
    pub async fn ev(&mut self, e: &'p Expr) -> R<Value> {
        match e {
            Expr::Num(n) => Ok(Value::Num(*n)),
            Expr::Str(s) => Ok(Value::str(s)),
            Expr::Var(v) => self.get_var(*v),
            Expr::Pure(p) => self.eval_pure(p),
            _ => self.eval(e).await,
        }
    }

    /// Evaluates an expression that never waits (marked by `pure.rs`) by plain recursion.
    /// Each case computes what [`Interp::eval_inner`]'s does, through the same helpers.
    pub fn eval_pure(&mut self, e: &Expr) -> R<Value> {
        match e {
            Expr::Num(n) => Ok(Value::Num(*n)),
            Expr::Str(s) => Ok(Value::str(s)),
            Expr::Regex(i) => self.regex_literal(*i),
            Expr::Var(v) => self.get_var(*v),
            Expr::Pure(p) => self.eval_pure(p),
            Expr::Field(ix) => {
                let v = self.eval_pure(ix)?;
                self.get_field(Self::field_index(&v)?)
            }
            Expr::Index(v, keys) => {
                let k = self.key_pure(keys)?;
                let a = self.array(*v)?;
                self.arr_get(&a, k)
            }
            Expr::In(keys, v) => {
                let k = self.key_pure(keys)?;
                self.has_key(*v, &k)
            }
            Expr::Assign(target, op, rhs) => {
                // gawk evaluates the right side before the target's subscript or field number.
                let r = self.eval_pure(rhs)?;
                let p = self.place_pure(target)?;
                self.assign(p, *op, r)
            }
            Expr::Cond(c, a, b) => {
                if self.eval_pure(c)?.truthy() {
                    self.eval_pure(a)
                } else {
                    self.eval_pure(b)
                }
            }
            Expr::And(a, b) => {
                let r = self.eval_pure(a)?.truthy() && self.eval_pure(b)?.truthy();
                Ok(Value::Num(r as i32 as f64))
            }
            Expr::Or(a, b) => {
                let r = self.eval_pure(a)?.truthy() || self.eval_pure(b)?.truthy();
                Ok(Value::Num(r as i32 as f64))
            }
            Expr::Not(a) => Ok(Value::Num(!self.eval_pure(a)?.truthy() as i32 as f64)),
            Expr::Neg(a) => Ok(Value::Num(-self.eval_pure(a)?.num())),
            Expr::Plus(a) => Ok(Value::Num(self.eval_pure(a)?.num())),
            Expr::Bin(op, a, b) => {
                let l = self.eval_pure(a)?.num();
                let r = self.eval_pure(b)?.num();
                Ok(Value::Num(arith(*op, l, r)?))
            }
            Expr::Cmp(op, a, b) => {
                let l = self.eval_pure(a)?;
                let r = self.eval_pure(b)?;
                Ok(self.compare_op(*op, &l, &r))
            }
            Expr::Match(neg, a, b) => {
                let l = self.eval_pure(a)?;
                let re = match &**b {
                    Expr::Regex(i) => self.lits[*i].clone(),
                    other => {
                        let v = self.eval_pure(other)?;
                        let s = v.to_bytes(&self.convfmt);
                        self.regex_of(&s)?
                    }
                };
                self.match_op(*neg, &l, &re)
            }
            Expr::Concat(a, b) => {
                let l = self.eval_pure(a)?;
                let r = self.eval_pure(b)?;
                self.concat(&l, &r)
            }
            Expr::IncDec(target, pre, delta) => {
                let p = self.place_pure(target)?;
                self.inc_dec(p, *pre, *delta)
            }
            Expr::Grouping(list) => {
                let mut last = Value::Uninit;
                for e in list {
                    last = self.eval_pure(e)?;
                }
                Ok(last)
            }
            Expr::Call(..) | Expr::Builtin(..) | Expr::Getline(..) => {
                fatal("internal error: an expression that waits was marked pure")
            }
        }
    }

    fn key_pure(&mut self, keys: &[Expr]) -> R<Rc<[u8]>> {
        if let [only] = keys {
            let v = self.eval_pure(only)?;
            return Ok(key_of(&v, &self.convfmt));
        }
        let mut k = Vec::new();
        for (i, e) in keys.iter().enumerate() {
            if i > 0 {
                k.extend_from_slice(&self.subsep);
            }
            let v = self.eval_pure(e)?;
            k.extend_from_slice(&key_of(&v, &self.convfmt));
        }
        Ok(Rc::from(k))
    }

    fn place_pure(&mut self, e: &Expr) -> R<Place> {
        match e {
            Expr::Var(v) => Ok(Place::Var(*v)),
            Expr::Field(ix) => {
                let v = self.eval_pure(ix)?;
                Ok(Place::Field(Self::field_index(&v)?))
            }
            Expr::Index(v, keys) => {
                let k = self.key_pure(keys)?;
                let a = self.array(*v)?;
                Ok(Place::Elem(a, k))
            }
            _ => fatal("assignment to a non-lvalue"),
        }
    }

    /// `$0 ~ /re/` for a regex literal standing alone.
    fn regex_literal(&mut self, i: usize) -> R<Value> {
        let re = self.lits[i].clone();
        let rec = std::mem::take(&mut self.record);
        let r = self.regex_match(&re, &rec);
        self.record = rec;
        Ok(Value::Num(r? as i32 as f64))
    }

    fn has_key(&mut self, v: Var, k: &[u8]) -> R<Value> {
        let a = self.array(v)?;
        let has = a.borrow().map.contains_key(k);
        Ok(Value::Num(has as i32 as f64))
    }

    /// Stores `rhs` (combined with the place's value first for `op=`) and yields it.
    fn assign(&mut self, p: Place, op: Option<BinOp>, rhs: Value) -> R<Value> {
        if let (Place::Elem(a, k), Some(op)) = (&p, op) {
            let r = rhs.num();
            let (_, new) = self.arr_modify(a, k, |l| arith(op, l, r))?;
            return Ok(Value::Num(new));
        }
        let val = match op {
            None => rhs,
            Some(op) => {
                let l = self.get_place(&p)?.num();
                Value::Num(arith(op, l, rhs.num())?)
            }
        };
        self.set_place(p, val.clone())?;
        Ok(val)
    }

    fn compare_op(&self, op: CmpOp, l: &Value, r: &Value) -> Value {
        use std::cmp::Ordering::{Equal, Greater, Less};
        let ord = self.compare(l, r);
        let t = match op {
            CmpOp::Lt => ord == Some(Less),
            CmpOp::Le => matches!(ord, Some(Less | Equal)),
            CmpOp::Eq => ord == Some(Equal),
            CmpOp::Ne => ord != Some(Equal),
            CmpOp::Gt => ord == Some(Greater),
            CmpOp::Ge => matches!(ord, Some(Greater | Equal)),
        };
        Value::Num(t as i32 as f64)
    }

    fn match_op(&mut self, neg: bool, l: &Value, re: &Regex) -> R<Value> {
        let s = self.to_str(l);
        let m = self.regex_match(re, &s)?;
        Ok(Value::Num((m != neg) as i32 as f64))
    }

    fn concat(&mut self, l: &Value, r: &Value) -> R<Value> {
        let (l, r) = (self.to_str(l), self.to_str(r));
        self.check_mem(l.len() + r.len())?;
        let mut v = Vec::with_capacity(l.len() + r.len());
        v.extend_from_slice(&l);
        v.extend_from_slice(&r);
        Ok(Value::string(v))
    }

    fn inc_dec(&mut self, p: Place, pre: bool, delta: f64) -> R<Value> {
        if let Place::Elem(a, k) = &p {
            let (old, new) = self.arr_modify(a, k, |l| Ok(l + delta))?;
            return Ok(Value::Num(if pre { new } else { old }));
        }
        let old = self.get_place(&p)?.num();
        let new = old + delta;
        self.set_place(p, Value::Num(new))?;
        Ok(Value::Num(if pre { new } else { old }))
    }

    pub fn eval<'s>(&'s mut self, e: &'p Expr) -> BoxFut<'s, Value> {
        Box::pin(self.eval_inner(e))
    }

    pub fn regex_match(&mut self, re: &Regex, s: &[u8]) -> R<bool> {
        let r = re.is_match(s);
        self.ctx.charge(re.take_steps() / 256 + 1)?;
        match r {
            Ok(b) => Ok(b),
            Err(e) => fatal(e.message()),
        }
    }

    /// The regex an operand stands for (a literal, or a dynamic regex from its string).
    pub async fn regex_operand(&mut self, e: &'p Expr) -> R<Rc<Regex>> {
        if let Expr::Regex(i) = e {
            return Ok(self.lits[*i].clone());
        }
        let v = self.ev(e).await?;
        let s = v.to_bytes(&self.convfmt);
        self.regex_of(&s)
    }

    /// Where a run-time message comes from, as gawk tells it: `SOURCE:LINE: ` once a rule
    /// or statement has run (line 0 means none has), then `(FILENAME=F FNR=N) ` while a
    /// main-input record is current (FNR is reset to 0 as each file is opened).
    pub fn msg_location(&self) -> String {
        let mut s = String::new();
        if self.line.1 > 0 {
            let src = self
                .src_names
                .get(self.line.0)
                .map(String::as_str)
                .unwrap_or("cmd. line");
            s.push_str(&format!("{src}:{}: ", self.line.1));
        }
        let fnr = self.global_num(special::FNR);
        if fnr > 0.0 {
            let f = self.global_bytes(special::FILENAME);
            let f = if f.is_empty() { b"-".to_vec() } else { f };
            s.push_str(&format!(
                "(FILENAME={} FNR={}) ",
                String::from_utf8_lossy(&f),
                fnr
            ));
        }
        s
    }

    /// Writes a diagnostic to standard error. gawk flushes its standard output first, so
    /// with `2>&1` the message follows what the program printed before it.
    pub async fn message(&mut self, kind: &str, msg: &str) -> R<()> {
        let line = format!(
            "{}: {}{kind}: {msg}\n",
            self.ctx.name(),
            self.msg_location()
        );
        let ctx = self.ctx;
        self.outputs[0].flush(ctx).await?;
        ctx.err(line.as_bytes()).await?;
        Ok(())
    }

    /// A run-time warning in gawk's form.
    pub async fn runtime_warning(&mut self, msg: &str) -> R<()> {
        self.message("warning", msg).await
    }

    pub fn to_str(&self, v: &Value) -> Rc<[u8]> {
        v.to_bytes(&self.convfmt)
    }

    /// Output form of a value (numbers through OFMT).
    pub fn out_str(&self, v: &Value) -> Rc<[u8]> {
        match v {
            Value::Num(n) => Rc::from(num_to_str(*n, &self.ofmt)),
            _ => v.to_bytes(&self.convfmt),
        }
    }

    /// Appends the output form of a value (as [`Interp::out_str`]) to `buf`.
    pub fn push_out(&self, v: &Value, buf: &mut Vec<u8>) {
        match v {
            Value::Uninit => {}
            Value::Str(s) | Value::StrNum(s, _) => buf.extend_from_slice(s),
            Value::Num(n) => push_num(*n, &self.ofmt, buf),
        }
    }

    async fn eval_inner(&mut self, e: &'p Expr) -> R<Value> {
        match e {
            Expr::Num(n) => Ok(Value::Num(*n)),
            Expr::Str(s) => Ok(Value::str(s)),
            Expr::Regex(i) => self.regex_literal(*i),
            Expr::Var(v) => self.get_var(*v),
            Expr::Pure(p) => self.eval_pure(p),
            Expr::Field(ix) => {
                let v = self.ev(ix).await?;
                let n = Self::field_index(&v)?;
                self.get_field(n)
            }
            Expr::Index(v, keys) => {
                let k = self.key(keys).await?;
                let a = self.array(*v)?;
                self.arr_get(&a, k)
            }
            Expr::In(keys, v) => {
                let k = self.key(keys).await?;
                self.has_key(*v, &k)
            }
            Expr::Assign(target, op, rhs) => {
                // gawk evaluates the right side before the target's subscript or field number.
                let r = self.ev(rhs).await?;
                let p = self.place(target).await?;
                self.assign(p, *op, r)
            }
            Expr::Cond(c, a, b) => {
                if self.ev(c).await?.truthy() {
                    self.ev(a).await
                } else {
                    self.ev(b).await
                }
            }
            Expr::And(a, b) => {
                let r = self.ev(a).await?.truthy() && self.ev(b).await?.truthy();
                Ok(Value::Num(r as i32 as f64))
            }
            Expr::Or(a, b) => {
                let r = self.ev(a).await?.truthy() || self.ev(b).await?.truthy();
                Ok(Value::Num(r as i32 as f64))
            }
            Expr::Not(a) => Ok(Value::Num(!self.ev(a).await?.truthy() as i32 as f64)),
            Expr::Neg(a) => Ok(Value::Num(-self.ev(a).await?.num())),
            Expr::Plus(a) => Ok(Value::Num(self.ev(a).await?.num())),
            Expr::Bin(op, a, b) => {
                let l = self.ev(a).await?.num();
                let r = self.ev(b).await?.num();
                Ok(Value::Num(arith(*op, l, r)?))
            }
            Expr::Cmp(op, a, b) => {
                let l = self.ev(a).await?;
                let r = self.ev(b).await?;
                Ok(self.compare_op(*op, &l, &r))
            }
            Expr::Match(neg, a, b) => {
                let l = self.ev(a).await?;
                let re = self.regex_operand(b).await?;
                self.match_op(*neg, &l, &re)
            }
            Expr::Concat(a, b) => {
                let l = self.ev(a).await?;
                let r = self.ev(b).await?;
                self.concat(&l, &r)
            }
            Expr::IncDec(target, pre, delta) => {
                let p = self.place(target).await?;
                self.inc_dec(p, *pre, *delta)
            }
            Expr::Call(f, args) => self.call(*f, args).await,
            Expr::Builtin(b, args) => self.builtin(*b, args).await,
            Expr::Getline(src, var) => self.getline(src, var.as_deref()).await,
            Expr::Grouping(list) => {
                // Only reached when a list is misused; gawk rejects it at parse time.
                let mut last = Value::Uninit;
                for e in list {
                    last = self.ev(e).await?;
                }
                Ok(last)
            }
        }
    }

    pub fn compare(&self, l: &Value, r: &Value) -> Option<std::cmp::Ordering> {
        if l.is_numeric() && r.is_numeric() {
            let (a, b) = (l.num(), r.num());
            return a.partial_cmp(&b);
        }
        let (a, b) = (self.to_str(l), self.to_str(r));
        Some(a.as_ref().cmp(b.as_ref()))
    }

    async fn call(&mut self, f: usize, args: &'p [Expr]) -> R<Value> {
        let func = &self.prog.funcs[f];
        if !func.defined {
            return fatal(format!(
                "function `{}' not defined",
                String::from_utf8_lossy(&func.name)
            ));
        }
        if self.depth >= MAX_CALL_DEPTH {
            return fatal("function call nesting too deep");
        }
        self.ctx.charge(cost::FUNCTION_CALL)?;
        let mut frame: Vec<Cell> = Vec::with_capacity(func.nparams);
        // Bare variables that were untyped: (argument index, caller variable, array).
        let mut pending: Vec<(usize, Var, ArrRef)> = Vec::new();
        for (i, a) in args.iter().enumerate() {
            if let Expr::Var(v) = a {
                if *v != Var::Global(special::NF) {
                    let c = self.cell(*v).clone();
                    match c {
                        Cell::Arr(arr) => {
                            frame.push(Cell::Arr(arr));
                            continue;
                        }
                        Cell::Uninit => {
                            let arr: ArrRef = Rc::default();
                            pending.push((i, *v, arr.clone()));
                            frame.push(Cell::Pending(arr));
                            continue;
                        }
                        Cell::Pending(arr) => {
                            pending.push((i, *v, arr.clone()));
                            frame.push(Cell::Pending(arr));
                            continue;
                        }
                        Cell::Val(_) => {}
                    }
                }
            }
            let v = self.ev(a).await?;
            frame.push(Cell::Val(v));
        }
        if args.len() > func.nparams {
            // gawk warns at each such call, evaluates the extra arguments and ignores their
            // values; the frame simply holds them past the parameters.
            let msg = format!(
                "function `{}' called with more arguments than declared",
                String::from_utf8_lossy(&func.name)
            );
            self.runtime_warning(&msg).await?;
        }
        frame.resize(func.nparams.max(args.len()), Cell::Uninit);
        self.mem_grow(cost::FRAME_MEMORY)?;
        self.frames.push(frame);
        self.fstack.push(f);
        self.depth += 1;
        let r = self.exec_block(&func.body).await;
        self.depth -= 1;
        self.fstack.pop();
        let frame = self.frames.pop().unwrap_or_default();
        self.mem_shrink(cost::FRAME_MEMORY);
        // An untyped argument the function used as an array becomes that array.
        for (i, v, arr) in pending {
            if let Some(Cell::Arr(a)) = frame.get(i) {
                if Rc::ptr_eq(a, &arr) {
                    let c = self.cell(v);
                    if matches!(c, Cell::Uninit | Cell::Pending(_)) {
                        *c = Cell::Arr(arr);
                    }
                }
            }
        }
        for (i, c) in frame.iter().enumerate() {
            match c {
                Cell::Val(v) => self.mem_shrink(v.size()),
                Cell::Arr(a) if i >= args.len() && Rc::strong_count(a) == 1 => {
                    let b = a.borrow().bytes;
                    self.mem_shrink(b);
                }
                _ => {}
            }
        }
        match r? {
            Flow::Return(v) => Ok(v),
            _ => Ok(Value::Uninit),
        }
    }

    // ---- statements ---------------------------------------------------------------------

    /// Runs a statement [`is_simple`] accepts, charged as `exec` charges it.
    pub(super) fn exec_simple(&mut self, s: &Stmt) -> R<()> {
        self.ctx.charge(cost::EXEC_NODE)?;
        match s {
            Stmt::Line(src, line) => self.line = (*src, *line),
            Stmt::Expr(Expr::Pure(e)) => {
                self.eval_pure(e)?;
            }
            _ => {}
        }
        Ok(())
    }

    pub fn exec_block<'s>(&'s mut self, b: &'p [Stmt]) -> BoxFut<'s, Flow> {
        Box::pin(async move {
            for s in b {
                // The commonest statements never wait: run them without entering `exec`'s
                // (large) future.
                if is_simple(s) {
                    self.exec_simple(s)?;
                    continue;
                }
                match self.exec(s).await? {
                    Flow::Normal => {}
                    f => return Ok(f),
                }
            }
            Ok(Flow::Normal)
        })
    }

    fn exec_boxed<'s>(&'s mut self, s: &'p Stmt) -> BoxFut<'s, Flow> {
        Box::pin(self.exec(s))
    }

    pub async fn exec(&mut self, s: &'p Stmt) -> R<Flow> {
        self.ctx.charge(cost::EXEC_NODE)?;
        match s {
            Stmt::Line(src, line) => {
                self.line = (*src, *line);
            }
            Stmt::Expr(e) => {
                self.ev(e).await?;
            }
            Stmt::Print(args, redir) => self.print(args, redir.as_ref()).await?,
            Stmt::Printf(args, redir) => self.printf(args, redir.as_ref()).await?,
            Stmt::If(c, a, b) => {
                if self.ev(c).await?.truthy() {
                    return self.exec_boxed(a).await;
                } else if let Some(b) = b {
                    return self.exec_boxed(b).await;
                }
            }
            Stmt::While(c, body) => {
                while self.ev(c).await?.truthy() {
                    self.ctx.charge(cost::EXEC_NODE)?;
                    match self.exec_boxed(body).await? {
                        Flow::Break => break,
                        Flow::Return(v) => return Ok(Flow::Return(v)),
                        _ => {}
                    }
                }
            }
            Stmt::Do(body, c) => loop {
                self.ctx.charge(cost::EXEC_NODE)?;
                match self.exec_boxed(body).await? {
                    Flow::Break => break,
                    Flow::Return(v) => return Ok(Flow::Return(v)),
                    _ => {}
                }
                if !self.ev(c).await?.truthy() {
                    break;
                }
            },
            Stmt::For(init, cond, step, body) => {
                if let Some(i) = init {
                    self.exec_boxed(i).await?;
                }
                loop {
                    self.ctx.charge(cost::EXEC_NODE)?;
                    if let Some(c) = cond {
                        if !self.ev(c).await?.truthy() {
                            break;
                        }
                    }
                    match self.exec_boxed(body).await? {
                        Flow::Break => break,
                        Flow::Return(v) => return Ok(Flow::Return(v)),
                        _ => {}
                    }
                    if let Some(st) = step {
                        self.exec_boxed(st).await?;
                    }
                }
            }
            Stmt::ForIn(k, arr, body) => {
                let a = self.array(*arr)?;
                let keys = a.borrow().keys();
                self.ctx.charge(cost::per_bytes(keys.len(), 16, 1))?;
                // The loop walks a snapshot of the keys: like gawk, it still visits an element
                // the body deleted.
                for key in keys {
                    self.set_var(*k, Value::input(&key))?;
                    match self.exec_boxed(body).await? {
                        Flow::Break => break,
                        Flow::Return(v) => return Ok(Flow::Return(v)),
                        _ => {}
                    }
                }
            }
            Stmt::Block(b) => return self.exec_block(b).await,
            Stmt::Next => return Err(Jump::Next),
            Stmt::NextFile => return Err(Jump::NextFile),
            Stmt::Exit(e) => {
                if let Some(e) = e {
                    let v = self.ev(e).await?.num();
                    self.exit_code = (v as i64 & 0xff) as i32;
                }
                return Err(Jump::Exit);
            }
            Stmt::Return(e) => {
                let v = match e {
                    Some(e) => self.ev(e).await?,
                    None => Value::Uninit,
                };
                return Ok(Flow::Return(v));
            }
            Stmt::Break => return Ok(Flow::Break),
            Stmt::Continue => return Ok(Flow::Continue),
            Stmt::Delete(v, keys) => {
                let a = self.array(*v)?;
                match keys {
                    Some(k) => {
                        let k = self.key(k).await?;
                        self.arr_delete(&a, &k);
                    }
                    None => self.arr_clear(&a),
                }
            }
        }
        Ok(Flow::Normal)
    }
}

/// Arithmetic with gawk's division-by-zero errors.
pub fn arith(op: BinOp, l: f64, r: f64) -> R<f64> {
    Ok(match op {
        BinOp::Add => l + r,
        BinOp::Sub => l - r,
        BinOp::Mul => l * r,
        BinOp::Div => {
            if r == 0.0 {
                return fatal("division by zero attempted");
            }
            l / r
        }
        BinOp::Mod => {
            if r == 0.0 {
                return fatal("division by zero attempted in `%'");
            }
            // Integers (the usual case) by integer division, which is exact like `fmod` and
            // much cheaper; the result keeps the dividend's sign, zero included.
            const EXACT: f64 = 9_007_199_254_740_992.0;
            if l == l.trunc() && r == r.trunc() && l.abs() < EXACT && r.abs() < EXACT {
                let m = (l as i64 % r as i64) as f64;
                return Ok(if m == 0.0 && l.is_sign_negative() {
                    -0.0
                } else {
                    m
                });
            }
            l % r
        }
        BinOp::Pow => pow(l, r),
    })
}

/// `^`: integer exponents by repeated multiplication (as gawk does), others through `powf`.
fn pow(x: f64, y: f64) -> f64 {
    if y == y.trunc() && y.abs() < 1024.0 {
        let mut n = y.abs() as i64;
        let mut base = x;
        let mut acc = 1.0;
        while n > 0 {
            if n & 1 == 1 {
                acc *= base;
            }
            base *= base;
            n >>= 1;
        }
        return if y < 0.0 { 1.0 / acc } else { acc };
    }
    x.powf(y)
}

/// A statement that never waits: a line marker or an expression marked pure.
pub(super) fn is_simple(s: &Stmt) -> bool {
    matches!(s, Stmt::Line(..) | Stmt::Expr(Expr::Pure(_)))
}

/// Appends a number's text through `fmt` (integers as integers, without allocating).
pub fn push_num(n: f64, fmt: &[u8], buf: &mut Vec<u8>) {
    if n == n.trunc() && n.abs() < 9.2e18 {
        use std::io::Write;
        let _ = write!(buf, "{}", n as i64);
    } else {
        buf.extend_from_slice(&num_to_str(n, fmt));
    }
}
