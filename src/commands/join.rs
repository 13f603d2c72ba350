//! `join`: join lines of two sorted files on a common field, following GNU join's algorithm
//! (groups of equal keys, cartesian product, order checking that warns once unpairable lines
//! were seen). Both inputs are read whole with their memory reserved.

use super::opts::{self, flag, req, OptDef, Out, Parser, Quoting};
use super::textio;
use crate::limits::cost;
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use std::cmp::Ordering;

pub fn register(r: &mut super::Registry) {
    r.register(
        "join",
        Trust::Real,
        "join lines of two files on a common field",
        "-a 1|2 -v 1|2 -e STR -i -j FIELD -1 FIELD -2 FIELD -o FORMAT|auto -t CHAR -z \
         --check-order --nocheck-order --header",
        run,
    );
}

const CHECK: u8 = 0x80;
const NOCHECK: u8 = 0x81;
const HEADER: u8 = 0x82;

const DEFS: &[OptDef] = &[
    req(b'a', ""),
    req(b'e', ""),
    flag(b'i', "ignore-case"),
    req(b'1', ""),
    req(b'2', ""),
    req(b'j', ""),
    req(b'o', ""),
    req(b't', ""),
    req(b'v', ""),
    flag(b'z', "zero-terminated"),
    flag(CHECK, "check-order"),
    flag(NOCHECK, "nocheck-order"),
    flag(HEADER, "header"),
];

/// How fields are separated: runs of blanks, one byte, or not at all (`-t ''`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tab {
    Blanks,
    Byte(u8),
    WholeLine,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Check {
    Disabled,
    Default,
    Enabled,
}

struct Cfg {
    tab: Tab,
    ignore_case: bool,
    /// `-o` items: (file 0|1|2, 0-based field).
    outlist: Vec<(u8, usize)>,
    autoformat: bool,
    autocount: [usize; 2],
    filler: Option<Vec<u8>>,
    unpaired: [bool; 2],
    pairables: bool,
    check: Check,
    header: bool,
    eol: u8,
    field: [usize; 2],
}

/// One input line: its bytes (no terminator) and its fields as ranges.
#[derive(Clone, Default)]
struct Line {
    text: Vec<u8>,
    fields: Vec<(usize, usize)>,
}

impl Line {
    fn field(&self, n: usize) -> &[u8] {
        match self.fields.get(n) {
            Some(&(a, b)) => &self.text[a..b],
            None => b"",
        }
    }
}

fn blank(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\n'
}

/// GNU `xfields`.
fn split_fields(text: Vec<u8>, tab: Tab) -> Line {
    let mut fields = Vec::new();
    let lim = text.len();
    if lim > 0 {
        match tab {
            Tab::Byte(t) => {
                let mut p = 0;
                while let Some(i) = memchr::memchr(t, &text[p..]) {
                    fields.push((p, p + i));
                    p += i + 1;
                }
                fields.push((p, lim));
            }
            Tab::WholeLine => fields.push((0, lim)),
            Tab::Blanks => {
                let mut p = 0;
                while p < lim && blank(text[p]) {
                    p += 1;
                }
                if p < lim {
                    loop {
                        let mut s = p + 1;
                        while s != lim && !blank(text[s]) {
                            s += 1;
                        }
                        fields.push((p, s));
                        if s == lim {
                            break;
                        }
                        p = s + 1;
                        while p != lim && blank(text[p]) {
                            p += 1;
                        }
                        if p == lim {
                            fields.push((p, lim));
                            break;
                        }
                    }
                }
            }
        }
    }
    Line { text, fields }
}

/// One input: its whole contents and the reading state GNU keeps per file.
struct Input {
    name: Vec<u8>,
    /// The whole file, holding its modeled memory.
    data: crate::limits::ReservedBuf,
    pos: usize,
    line_no: u64,
    prev: Option<Line>,
    warned: bool,
}

/// The state shared by the join loop.
struct Join<'a> {
    ctx: &'a CommandCtx,
    cfg: Cfg,
    ins: [Input; 2],
    seen_unpairable: bool,
    /// `--check-order` found disorder: nothing more is read or printed.
    fatal: bool,
    out: Out,
}

fn keycmp(cfg: &Cfg, l1: &Line, l2: &Line, f1: usize, f2: usize) -> Ordering {
    let (a, b) = (l1.field(f1), l2.field(f2));
    if a.is_empty() {
        return if b.is_empty() {
            Ordering::Equal
        } else {
            Ordering::Less
        };
    }
    if b.is_empty() {
        return Ordering::Greater;
    }
    if cfg.ignore_case {
        let n = a.len().min(b.len());
        let c = a[..n]
            .iter()
            .map(|x| x.to_ascii_uppercase())
            .cmp(b[..n].iter().map(|x| x.to_ascii_uppercase()));
        return c.then(a.len().cmp(&b.len()));
    }
    a.cmp(b)
}

impl Join<'_> {
    /// GNU `get_line`: the next line of file `w` (0 or 1), checked against the previous one.
    async fn get_line(&mut self, w: usize) -> Result<Option<Line>, Interrupt> {
        let eol = self.cfg.eol;
        let inp = &mut self.ins[w];
        if self.fatal || inp.pos >= inp.data.len() {
            return Ok(None);
        }
        let rest = &inp.data[inp.pos..];
        let (text, adv) = match memchr::memchr(eol, rest) {
            Some(i) => (rest[..i].to_vec(), i + 1),
            None => (rest.to_vec(), rest.len()),
        };
        inp.pos += adv;
        inp.line_no += 1;
        self.ctx.charge(cost::LINE)?;
        let line = split_fields(text, self.cfg.tab);
        if let Some(prev) = self.ins[w].prev.take() {
            let fatal = self.check_order(&prev, &line, w).await?;
            if fatal {
                self.fatal = true;
            }
        }
        if self.fatal {
            return Ok(None);
        }
        self.ins[w].prev = Some(line.clone());
        Ok(Some(line))
    }

    /// GNU `check_order`; true when the disorder is fatal (`--check-order`).
    async fn check_order(&mut self, prev: &Line, cur: &Line, w: usize) -> Result<bool, Interrupt> {
        let c = self.cfg.check;
        if c == Check::Disabled || (c == Check::Default && !self.seen_unpairable) {
            return Ok(false);
        }
        if self.ins[w].warned {
            return Ok(false);
        }
        let f = self.cfg.field[w];
        if keycmp(&self.cfg, prev, cur, f, f) != Ordering::Greater {
            return Ok(false);
        }
        self.out.flush(self.ctx).await?;
        let mut m = self.ins[w].name.clone();
        m.extend_from_slice(format!(":{}: is not sorted: ", self.ins[w].line_no).as_bytes());
        m.extend_from_slice(&cur.text);
        self.ctx.diag(m).await?;
        self.ins[w].warned = true;
        Ok(c == Check::Enabled)
    }

    fn prfield(&mut self, n: usize, line: Option<&Line>) {
        let f = line.map(|l| l.field(n)).unwrap_or(b"");
        if !f.is_empty() {
            self.out.push(f);
        } else if let Some(e) = &self.cfg.filler {
            self.out.buf.extend_from_slice(e);
        }
    }

    fn sep(&mut self) {
        let s = match self.cfg.tab {
            Tab::Blanks => b' ',
            Tab::Byte(t) => t,
            Tab::WholeLine => b'\n',
        };
        self.out.buf.push(s);
    }

    fn prfields(&mut self, line: Option<&Line>, jf: usize, w: usize) {
        let n = if self.cfg.autoformat {
            self.cfg.autocount[w]
        } else {
            line.map(|l| l.fields.len()).unwrap_or(0)
        };
        for i in (0..n).filter(|&i| i != jf) {
            self.sep();
            self.prfield(i, line);
        }
    }

    /// GNU `prjoin`; `None` is the blank line of an unpaired side.
    async fn prjoin(&mut self, l1: Option<&Line>, l2: Option<&Line>) -> Result<(), Interrupt> {
        if self.fatal {
            return Ok(());
        }
        let (jl, jf) = if l1.is_none() {
            (l2, self.cfg.field[1])
        } else {
            (l1, self.cfg.field[0])
        };
        if self.cfg.outlist.is_empty() {
            self.prfield(jf, jl);
            self.prfields(l1, self.cfg.field[0], 0);
            self.prfields(l2, self.cfg.field[1], 1);
        } else {
            let list = std::mem::take(&mut self.cfg.outlist);
            for (k, &(file, field)) in list.iter().enumerate() {
                if k > 0 {
                    self.sep();
                }
                match file {
                    0 => self.prfield(jf, jl),
                    1 => self.prfield(field, l1),
                    _ => self.prfield(field, l2),
                }
            }
            self.cfg.outlist = list;
        }
        self.out.buf.push(self.cfg.eol);
        self.ctx.charge(cost::LINE)?;
        self.out.maybe_flush(self.ctx).await
    }

    fn cmp(&self, l1: &Line, l2: &Line) -> Ordering {
        keycmp(&self.cfg, l1, l2, self.cfg.field[0], self.cfg.field[1])
    }

    async fn join(&mut self) -> Result<(), Interrupt> {
        let mut s1: Vec<Line> = self.get_line(0).await?.into_iter().collect();
        let mut s2: Vec<Line> = self.get_line(1).await?.into_iter().collect();
        if self.cfg.autoformat {
            self.cfg.autocount = [
                s1.first().map(|l| l.fields.len()).unwrap_or(0),
                s2.first().map(|l| l.fields.len()).unwrap_or(0),
            ];
        }
        if self.cfg.header && (!s1.is_empty() || !s2.is_empty()) {
            let (h1, h2) = (s1.first().cloned(), s2.first().cloned());
            self.prjoin(h1.as_ref(), h2.as_ref()).await?;
            self.ins[0].prev = None;
            self.ins[1].prev = None;
            if !s1.is_empty() {
                s1 = self.get_line(0).await?.into_iter().collect();
            }
            if !s2.is_empty() {
                s2 = self.get_line(1).await?.into_iter().collect();
            }
        }
        while !s1.is_empty() && !s2.is_empty() {
            match self.cmp(&s1[0], &s2[0]) {
                Ordering::Less => {
                    if self.cfg.unpaired[0] {
                        let l = s1[0].clone();
                        self.prjoin(Some(&l), None).await?;
                    }
                    s1 = self.get_line(0).await?.into_iter().collect();
                    self.seen_unpairable = true;
                    continue;
                }
                Ordering::Greater => {
                    if self.cfg.unpaired[1] {
                        let l = s2[0].clone();
                        self.prjoin(None, Some(&l)).await?;
                    }
                    s2 = self.get_line(1).await?.into_iter().collect();
                    self.seen_unpairable = true;
                    continue;
                }
                Ordering::Equal => {}
            }
            // Extend each group while the keys keep matching; the line that ends a group is
            // kept as the start of the next one.
            let mut next1 = None;
            while let Some(l) = self.get_line(0).await? {
                if self.cmp(&l, &s2[0]) != Ordering::Equal {
                    next1 = Some(l);
                    break;
                }
                s1.push(l);
            }
            let mut next2 = None;
            while let Some(l) = self.get_line(1).await? {
                if self.cmp(&s1[0], &l) != Ordering::Equal {
                    next2 = Some(l);
                    break;
                }
                s2.push(l);
            }
            if self.cfg.pairables {
                for a in &s1 {
                    for b in &s2 {
                        self.prjoin(Some(a), Some(b)).await?;
                    }
                }
            }
            s1 = next1.into_iter().collect();
            s2 = next2.into_iter().collect();
        }
        let checktail = self.cfg.check != Check::Disabled;
        for w in 0..2 {
            let (mine, other) = if w == 0 { (&s1, &s2) } else { (&s2, &s1) };
            if (!self.cfg.unpaired[w] && !checktail) || mine.is_empty() {
                continue;
            }
            let first = mine[0].clone();
            if !other.is_empty() {
                self.seen_unpairable = true;
            }
            let pr = self.cfg.unpaired[w];
            if pr {
                self.print_side(w, &first).await?;
            }
            while let Some(l) = self.get_line(w).await? {
                if pr {
                    self.print_side(w, &l).await?;
                }
                if self.ins[w].warned && !pr {
                    break;
                }
            }
        }
        Ok(())
    }

    async fn print_side(&mut self, w: usize, l: &Line) -> Result<(), Interrupt> {
        if w == 0 {
            self.prjoin(Some(l), None).await
        } else {
            self.prjoin(None, Some(l)).await
        }
    }
}

/// GNU `string_to_join_field`: a 1-based field number, returned 0-based.
fn join_field(q: Quoting, s: &[u8]) -> Result<usize, String> {
    if s.is_empty() || !s.iter().all(u8::is_ascii_digit) {
        return Err(format!("invalid field number: {}", q.quote(s)));
    }
    let v = std::str::from_utf8(s)
        .ok()
        .and_then(|t| t.parse::<u64>().ok())
        .unwrap_or(u64::MAX);
    if v == 0 {
        return Err(format!("invalid field number: {}", q.quote(s)));
    }
    Ok(usize::try_from(v - 1).unwrap_or(usize::MAX - 1))
}

/// GNU `add_field_list`: comma- or blank-separated `0` / `M.N` items.
fn field_list(q: Quoting, spec: &[u8], list: &mut Vec<(u8, usize)>) -> Result<(), String> {
    for item in spec.split(|b| *b == b',' || *b == b' ' || *b == b'\t') {
        match item.first() {
            Some(b'0') if item.len() == 1 => list.push((0, 0)),
            Some(b'0') => return Err(format!("invalid field specifier: {}", q.quote(item))),
            Some(&f @ (b'1' | b'2')) => {
                if item.get(1) != Some(&b'.') {
                    return Err(format!("invalid field specifier: {}", q.quote(item)));
                }
                list.push((f - b'0', join_field(q, &item[2..])?));
            }
            _ => {
                return Err(format!(
                    "invalid file number in field spec: {}",
                    q.quote(item)
                ))
            }
        }
    }
    Ok(())
}

fn set_field(slot: &mut Option<usize>, v: usize) -> Result<(), String> {
    match *slot {
        Some(old) if old != v => Err(format!(
            "incompatible join fields {}, {}",
            old as u128 + 1,
            v as u128 + 1
        )),
        _ => {
            *slot = Some(v);
            Ok(())
        }
    }
}

/// Builds the configuration from the options, in command-line order as GNU reports them.
fn configure(q: Quoting, p: &opts::Parsed) -> Result<Cfg, String> {
    let mut cfg = Cfg {
        tab: Tab::Blanks,
        ignore_case: false,
        outlist: Vec::new(),
        autoformat: false,
        autocount: [0; 2],
        filler: None,
        unpaired: [false; 2],
        pairables: true,
        check: Check::Default,
        header: false,
        eol: b'\n',
        field: [0; 2],
    };
    let (mut f1, mut f2) = (None, None);
    let mut tab_set = false;
    for (id, v) in &p.opts {
        let v = v.as_deref().unwrap_or(b"");
        match *id {
            b'a' | b'v' => {
                let w = match v {
                    b"1" => 0,
                    b"2" => 1,
                    _ => return Err(format!("invalid field number: {}", q.quote(v))),
                };
                cfg.unpaired[w] = true;
                if *id == b'v' {
                    cfg.pairables = false;
                }
            }
            b'e' => {
                if cfg.filler.as_deref().is_some_and(|e| e != v) {
                    return Err("conflicting empty-field replacement strings".into());
                }
                cfg.filler = Some(v.to_vec());
            }
            b'i' => cfg.ignore_case = true,
            b'1' => set_field(&mut f1, join_field(q, v)?)?,
            b'2' => set_field(&mut f2, join_field(q, v)?)?,
            b'j' => {
                let f = join_field(q, v)?;
                set_field(&mut f1, f)?;
                set_field(&mut f2, f)?;
            }
            b'o' if v == b"auto" => cfg.autoformat = true,
            b'o' => field_list(q, v, &mut cfg.outlist)?,
            b't' => {
                let t = match v {
                    [] => Tab::WholeLine,
                    [c] => Tab::Byte(*c),
                    b"\\0" => Tab::Byte(0),
                    _ => return Err(format!("multi-character tab {}", q.quote(v))),
                };
                if tab_set && t != cfg.tab {
                    return Err("incompatible tabs".into());
                }
                tab_set = true;
                cfg.tab = t;
            }
            b'z' => cfg.eol = 0,
            CHECK => cfg.check = Check::Enabled,
            NOCHECK => cfg.check = Check::Disabled,
            HEADER => cfg.header = true,
            _ => {}
        }
    }
    cfg.field = [f1.unwrap_or(0), f2.unwrap_or(0)];
    Ok(cfg)
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let cfg = match configure(Quoting::of(ctx), &p) {
        Ok(c) => c,
        Err(m) => {
            ctx.diag(m).await?;
            return Ok(1);
        }
    };
    match p.operands.len() {
        0 => return opts::usage(ctx, "missing operand", 1).await,
        1 => {
            let m = format!("missing operand after {}", opts::quote(ctx, &p.operands[0]));
            return opts::usage(ctx, &m, 1).await;
        }
        2 => {}
        _ => {
            let m = format!("extra operand {}", opts::quote(ctx, &p.operands[2]));
            return opts::usage(ctx, &m, 1).await;
        }
    }
    let (a, b) = (&p.operands[0], &p.operands[1]);
    if a == b"-" && b == b"-" {
        ctx.diag("both files cannot be standard input").await?;
        return Ok(1);
    }
    let Some(da) = textio::slurp(ctx, a).await? else {
        return Ok(1);
    };
    let Some(db) = textio::slurp(ctx, b).await? else {
        return Ok(1);
    };
    let input = |name: &[u8], data| Input {
        name: name.to_vec(),
        data,
        pos: 0,
        line_no: 0,
        prev: None,
        warned: false,
    };
    let mut j = Join {
        ctx,
        cfg,
        ins: [input(a, da), input(b, db)],
        seen_unpairable: false,
        fatal: false,
        out: Out::new(),
    };
    j.join().await?;
    j.out.flush(ctx).await?;
    if j.fatal {
        return Ok(1);
    }
    if j.ins[0].warned || j.ins[1].warned {
        ctx.diag("input is not in sorted order").await?;
        return Ok(1);
    }
    Ok(0)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn j(args: &[&str]) -> (i32, String, String) {
        let mut v = vec!["join"];
        v.extend_from_slice(args);
        text(run_files(
            &v,
            b"a\n",
            &[
                ("a", b"a 1\nb 2\nc 3\n"),
                ("b", b"a x\nc y\nd z\n"),
                ("u", b"b 1\na 2\n"),
                ("s", b"a 1 \n  b  2\n"),
            ],
        ))
    }

    #[test]
    fn joins_and_formats() {
        assert_eq!(j(&["a", "b"]).1, "a 1 x\nc 3 y\n");
        assert_eq!(j(&["-a1", "-a2", "a", "b"]).1, "a 1 x\nb 2\nc 3 y\nd z\n");
        assert_eq!(j(&["-v2", "a", "b"]).1, "d z\n");
        assert_eq!(j(&["-o", "0,2.2", "-a2", "a", "b"]).1, "a x\nc y\nd z\n");
        assert_eq!(
            j(&["-a", "1", "-o", "auto", "-e", "Q", "a", "b"]).1,
            "a 1 x\nb 2 Q\nc 3 y\n"
        );
        assert_eq!(j(&["-e", "E", "s", "s"]).1, "a 1 E 1 E\nb 2 2\n");
        assert_eq!(j(&["-", "b"]).1, "a x\n");
    }

    #[test]
    fn order_checks_and_errors() {
        assert_eq!(
            j(&["u", "b"]),
            (
                1,
                "".into(),
                "join: u:2: is not sorted: a 2\njoin: input is not in sorted order\n".into()
            )
        );
        assert_eq!(j(&["-a1", "u", "b"]).1, "b 1\na 2\n");
        assert_eq!(j(&["--check-order", "u", "b"]).0, 1);
        assert_eq!(j(&["--nocheck-order", "u", "b"]).0, 0);
        assert_eq!(
            j(&["-o", "3.1", "a", "b"]).2,
            "join: invalid file number in field spec: '3.1'\n"
        );
        assert_eq!(
            j(&["-1", "1", "-j", "2", "a", "b"]).2,
            "join: incompatible join fields 1, 2\n"
        );
        assert_eq!(
            j(&["-", "-"]).2,
            "join: both files cannot be standard input\n"
        );
    }
}
