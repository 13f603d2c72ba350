//! Records and fields: lazy field splitting (FS as blanks, one character, every character
//! or a regex; paragraph mode adds newline), assignments to `$n` and `NF` that rebuild `$0`.

use super::interp::{fatal, FsMode, Interp, R};
use super::value::Value;
use crate::limits::cost;
use std::rc::Rc;

/// One field of the current record: still a span of the record (made a value only when a
/// program reads it: most programs read a few fields of many), or a value.
#[derive(Clone, Debug)]
pub enum Field {
    Span(usize, usize),
    Val(Value),
}

impl<'p> Interp<'p> {
    pub fn set_record(&mut self, rec: Vec<u8>) -> R<()> {
        let (old, new) = (self.record.len() as u64, rec.len() as u64);
        if new > old {
            self.mem_grow(new - old)?;
        } else {
            self.mem_shrink(old - new);
        }
        self.record = rec;
        self.split_done = false;
        self.rec_fs = self.fs_mode.clone();
        Ok(())
    }

    /// Makes the record [`Interp::next_main_record`] read the current one; the old record's
    /// buffer is kept for the next read.
    pub fn take_next_record(&mut self) -> R<()> {
        let (old, new) = (self.record.len() as u64, self.next_rec.len() as u64);
        if new > old {
            self.mem_grow(new - old)?;
        } else {
            self.mem_shrink(old - new);
        }
        std::mem::swap(&mut self.record, &mut self.next_rec);
        self.split_done = false;
        if !Rc::ptr_eq(&self.rec_fs, &self.fs_mode) {
            self.rec_fs = self.fs_mode.clone();
        }
        Ok(())
    }

    pub fn ensure_split(&mut self) -> R<()> {
        if self.split_done {
            return Ok(());
        }
        self.split_done = true;
        let fs = self.rec_fs.clone();
        let rec = std::mem::take(&mut self.record);
        // The field list's storage is reused from record to record.
        let mut fields = std::mem::take(&mut self.fields);
        let had = fields.len();
        fields.clear();
        let r = self.split_ranges(&fs, &rec, |s, e| fields.push(Field::Span(s, e)));
        self.record = rec;
        let n = fields.len();
        self.fields = fields;
        r?;
        if let Err(e) = self.charge_fields(had, n) {
            self.fields.clear();
            return Err(e);
        }
        Ok(())
    }

    pub(super) fn reserve_fields(&mut self, n: usize) -> R<()> {
        self.charge_fields(self.fields.len(), n)
    }

    /// Charges for a field list growing from `old` to `new` entries (the record's bytes are
    /// already counted).
    fn charge_fields(&mut self, old: usize, new: usize) -> R<()> {
        if new > old {
            let more = new - old;
            self.ctx.charge(cost::per_bytes(more, 64, 1))?;
            drop(self.ctx.reservation(more as u64 * cost::WORD_OVERHEAD)?);
        }
        Ok(())
    }

    /// Field boundaries of `s` under `fs`, given to `push` in order (paragraph mode adds
    /// newline as a separator). Characters are UTF-8 sequences only in a UTF-8 locale.
    pub fn split_ranges(
        &mut self,
        fs: &FsMode,
        s: &[u8],
        mut push: impl FnMut(usize, usize),
    ) -> R<()> {
        self.ctx.charge_bytes(s.len())?;
        if s.is_empty() {
            return Ok(());
        }
        match fs {
            FsMode::Space => {
                let mut i = 0;
                let blank = |b: u8| b == b' ' || b == b'\t' || b == b'\n';
                while i < s.len() {
                    while i < s.len() && blank(s[i]) {
                        i += 1;
                    }
                    if i >= s.len() {
                        break;
                    }
                    let st = i;
                    while i < s.len() && !blank(s[i]) {
                        i += 1;
                    }
                    push(st, i);
                }
            }
            FsMode::Char(c) => {
                let mut st = 0;
                if self.para {
                    for (i, &b) in s.iter().enumerate() {
                        if b == *c || b == b'\n' {
                            push(st, i);
                            st = i + 1;
                        }
                    }
                } else {
                    for i in memchr::memchr_iter(*c, s) {
                        push(st, i);
                        st = i + 1;
                    }
                }
                push(st, s.len());
            }
            FsMode::Chars => {
                // A character is a UTF-8 sequence (in a UTF-8 locale) where the rest of the
                // record is valid UTF-8, else a byte.
                let valid_from = if self.utf8 { valid_tail(s) } else { usize::MAX };
                let mut i = 0;
                while i < s.len() {
                    let st = i;
                    i += 1;
                    while st >= valid_from && i < s.len() && (s[i] & 0xC0) == 0x80 {
                        i += 1;
                    }
                    if self.para && s[st] == b'\n' {
                        continue;
                    }
                    push(st, i);
                }
            }
            FsMode::Regex(re) => {
                let mut seg_start = 0;
                loop {
                    let seg_end = if self.para {
                        memchr::memchr(b'\n', &s[seg_start..])
                            .map(|i| seg_start + i)
                            .unwrap_or(s.len())
                    } else {
                        s.len()
                    };
                    let seg = &s[..seg_end];
                    let mut st = seg_start;
                    let mut at = seg_start;
                    while at <= seg.len() {
                        let m = match re.find_at(seg, at) {
                            Ok(m) => m,
                            Err(e) => return fatal(e.message()),
                        };
                        let Some((ms, me)) = m.and_then(|c| c[0]) else {
                            break;
                        };
                        if me == ms {
                            // Null matches do not separate fields.
                            at = ms + 1;
                            continue;
                        }
                        push(st, ms);
                        st = me;
                        at = me;
                    }
                    push(st, seg_end);
                    if seg_end >= s.len() {
                        break;
                    }
                    seg_start = seg_end + 1;
                }
                self.ctx.charge(re.take_steps() / 256)?;
            }
        }
        Ok(())
    }

    pub fn get_field(&mut self, n: usize) -> R<Value> {
        if n == 0 {
            return Ok(Value::input(&self.record));
        }
        self.ensure_split()?;
        let record = &self.record;
        Ok(match self.fields.get_mut(n - 1) {
            Some(field) => {
                let v = match field {
                    Field::Val(v) => return Ok(v.clone()),
                    Field::Span(s, e) => Value::input(&record[*s..*e]),
                };
                *field = Field::Val(v.clone());
                v
            }
            None => Value::str(b""),
        })
    }

    /// Appends field `n`'s output form to `buf` (what `print $n` prints) without making a
    /// value of it.
    pub fn push_field(&mut self, n: usize, buf: &mut Vec<u8>) -> R<()> {
        if n == 0 {
            buf.extend_from_slice(&self.record);
            return Ok(());
        }
        self.ensure_split()?;
        match self.fields.get(n - 1) {
            Some(Field::Span(s, e)) => buf.extend_from_slice(&self.record[*s..*e]),
            Some(Field::Val(v)) => self.push_out(v, buf),
            None => {}
        }
        Ok(())
    }

    pub fn set_field(&mut self, n: usize, val: Value) -> R<()> {
        if n == 0 {
            let b = val.to_bytes(&self.convfmt).to_vec();
            return self.set_record(b);
        }
        self.ensure_split()?;
        if n > self.fields.len() {
            self.reserve_fields(n)?;
            self.fields.resize(n, Field::Val(Value::str(b"")));
        }
        self.fields[n - 1] = Field::Val(val);
        self.rebuild()
    }

    pub fn set_nf(&mut self, n: f64) -> R<()> {
        if n < 0.0 {
            return fatal("NF set to negative value");
        }
        self.ensure_split()?;
        let n = n as usize;
        self.reserve_fields(n)?;
        self.fields.resize(n, Field::Val(Value::str(b"")));
        self.rebuild()
    }

    fn rebuild(&mut self) -> R<()> {
        let mut rec = Vec::new();
        // Unread fields stay spans, of the new record.
        let mut moved = Vec::new();
        for (i, f) in self.fields.iter().enumerate() {
            if i > 0 {
                rec.extend_from_slice(&self.ofs);
            }
            match f {
                Field::Span(s, e) => {
                    let start = rec.len();
                    rec.extend_from_slice(&self.record[*s..*e]);
                    moved.push((i, start, rec.len()));
                }
                Field::Val(v) => rec.extend_from_slice(&v.to_bytes(&self.convfmt)),
            }
        }
        self.check_mem(rec.len())?;
        for (i, s, e) in moved {
            self.fields[i] = Field::Span(s, e);
        }
        let (old, new) = (self.record.len() as u64, rec.len() as u64);
        if new > old {
            self.mem_grow(new - old)?;
        } else {
            self.mem_shrink(old - new);
        }
        self.record = rec;
        Ok(())
    }

    pub(super) fn field_index(v: &Value) -> R<usize> {
        let n = v.num();
        if n < 0.0 || n.is_nan() {
            return fatal(format!("attempt to access field {}", n as i64));
        }
        if n > 10_000_000.0 {
            return fatal("field index too large");
        }
        Ok(n as usize)
    }
}

/// Where the valid UTF-8 tail of `s` begins (past its last invalid sequence).
fn valid_tail(s: &[u8]) -> usize {
    let mut pos = 0;
    while let Err(e) = std::str::from_utf8(&s[pos..]) {
        pos += e.valid_up_to() + e.error_len().unwrap_or(s.len() - pos - e.valid_up_to());
    }
    pos
}
