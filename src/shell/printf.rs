//! Formatting engine behind bash's `printf` builtin and GNU coreutils
//! `printf`, plus the backslash-escape processors used by `echo -e` and
//! `$'...'` quoting, and bash's `%q` / `${x@Q}` quoting helpers.
//!
//! Everything works on bytes.  Floating arguments are parsed into an
//! x87-style 80-bit extended value (64-bit mantissa), like `strtold` on
//! x86-64 Linux, and converted to decimal exactly (arbitrary precision), so
//! `%e %f %g %a` match glibc including round-half-even on exact ties.
//!
//! Resource limits: every growth of the output is announced to
//! [`PrintfHost::reserve`] first.  When the host refuses, formatting stops
//! immediately; the outcome holds what was produced so far, `status` 1,
//! `stop` true and a diagnostic `printf: output too large`.

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

/// Which printf implementation to mimic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// bash 5.2 `printf` builtin.
    BashBuiltin,
    /// GNU coreutils 9 `/usr/bin/printf`.
    Coreutils,
}

/// Result of one printf invocation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PrintfOutcome {
    /// Bytes to write to standard output.
    pub output: Vec<u8>,
    /// Exit status (0 or 1).
    pub status: i32,
    /// Diagnostic lines without trailing newline and without the
    /// `bash: line N: ` / program-path prefix, e.g. `printf: abc: invalid number`.
    pub diagnostics: Vec<Vec<u8>>,
    /// True when output was stopped early: `\c` in `%b` (or in the coreutils
    /// format string), a fatal format error, or a refused reservation.
    pub stop: bool,
}

/// The things the engine cannot know by itself.
pub trait PrintfHost {
    /// Seconds since the epoch for `%(...)T` with argument -1 (or no argument).
    fn now(&mut self) -> i64;
    /// Seconds since the epoch when the shell started (argument -2).
    fn shell_start(&mut self) -> i64;
    /// Called before the output grows by `bytes`.  Returning false aborts
    /// formatting: the outcome then holds the output produced so far,
    /// `status` 1, `stop` true and the diagnostic `printf: output too large`.
    fn allow_growth(&mut self, bytes: usize) -> bool;
}

/// Extra knobs; [`printf`] uses `utf8_locale: true`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrintfOptions {
    pub dialect: Dialect,
    /// Behave as in a UTF-8 locale (C.UTF-8): `'é` yields 233 instead of
    /// 195 and coreutils quotes diagnostics with ‘ ’ instead of ' '.
    pub utf8_locale: bool,
}

/// Run printf with the given dialect in a UTF-8 locale.
pub fn printf(
    dialect: Dialect,
    format: &[u8],
    args: &[Vec<u8>],
    host: &mut dyn PrintfHost,
) -> PrintfOutcome {
    printf_with_options(
        PrintfOptions {
            dialect,
            utf8_locale: true,
        },
        format,
        args,
        host,
    )
}

/// Run printf with explicit options.
pub fn printf_with_options(
    opts: PrintfOptions,
    format: &[u8],
    args: &[Vec<u8>],
    host: &mut dyn PrintfHost,
) -> PrintfOutcome {
    let mut eng = Engine {
        opts,
        args,
        argi: 0,
        out: Out {
            buf: Vec::new(),
            credit: 0,
            host,
            refused: false,
        },
        diags: Vec::new(),
        status: 0,
        stop: false,
    };
    eng.run(format);
    if eng.out.refused {
        eng.diags.push(b"printf: output too large".to_vec());
        eng.status = 1;
        eng.stop = true;
    }
    PrintfOutcome {
        output: eng.out.buf,
        status: eng.status,
        diagnostics: eng.diags,
        stop: eng.stop,
    }
}

/// Process `echo -e` style escapes.  Returns the bytes and whether `\c`
/// was seen (the caller must then suppress the trailing newline and any
/// further arguments).
pub fn echo_escapes(s: &[u8], utf8_locale: bool) -> (Vec<u8>, bool) {
    let mut out = Vec::with_capacity(s.len());
    let stopped = escape_loop(s, EscMode::Echo, utf8_locale, &mut out, &mut |_| {});
    (out, stopped)
}

/// `$'...'` (ANSI-C quoting) escape processing.
pub fn ansi_c_escapes(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    escape_loop(s, EscMode::AnsiC, true, &mut out, &mut |_| {});
    out
}

/// Exactly what bash's `printf %q` prints (in the C locale every byte from 0x80 up is
/// unprintable, so such text gets `$'...'` with octal escapes).
pub fn shell_quote_printf_q(s: &[u8], utf8_locale: bool) -> Vec<u8> {
    if s.is_empty() {
        return b"''".to_vec();
    }
    if needs_ansic(s, utf8_locale) {
        return ansic_quote(s, utf8_locale);
    }
    let mut out = Vec::with_capacity(s.len() + 4);
    for (i, &c) in s.iter().enumerate() {
        let special = match c {
            b' ' | b'\t' | b'\n' | b'\'' | b'"' | b'\\' | b'|' | b'&' | b';' | b'(' | b')'
            | b'<' | b'>' | b'!' | b'{' | b'}' | b'*' | b'[' | b'?' | b']' | b'^' | b'$' | b'`'
            | b',' => true,
            b'#' => i == 0,
            b'~' => i == 0 || s[i - 1] == b'=' || s[i - 1] == b':',
            _ => false,
        };
        if special {
            out.push(b'\\');
        }
        out.push(c);
    }
    out
}

/// What bash's `${x@Q}` prints: `'...'`, or `$'...'` when the value holds
/// non-printable characters.
pub fn shell_quote_single(s: &[u8]) -> Vec<u8> {
    if needs_ansic(s, true) {
        return ansic_quote(s, true);
    }
    if s == b"'" {
        return b"\\'".to_vec();
    }
    let mut out = Vec::with_capacity(s.len() + 2);
    out.push(b'\'');
    for &c in s {
        if c == b'\'' {
            out.extend_from_slice(b"'\\''");
        } else {
            out.push(c);
        }
    }
    out.push(b'\'');
    out
}

/// What coreutils `printf %q` prints (gnulib "shell-escape" quoting).
/// Approximation: the odd leading `''` gnulib sometimes emits for strings
/// mixing `'` and control characters is reproduced by an empirical rule.
pub fn shell_quote_coreutils(s: &[u8]) -> Vec<u8> {
    if s.is_empty() {
        return b"''".to_vec();
    }
    let has_ctrl = needs_ansic(s, true);
    if !has_ctrl {
        let needs = s.iter().enumerate().any(|(i, &c)| match c {
            b' ' | b'\t' | b'!' | b'"' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b';' | b'<'
            | b'=' | b'>' | b'?' | b'[' | b'\\' | b'^' | b'`' | b'|' => true,
            b'#' | b'~' => i == 0,
            _ => false,
        });
        if !needs {
            return s.to_vec();
        }
        if s.contains(&b'\'') {
            if !s.iter().any(|c| b"$\"\\!`".contains(c)) {
                let mut o = vec![b'"'];
                o.extend_from_slice(s);
                o.push(b'"');
                return o;
            }
            let mut o = vec![b'\''];
            for &c in s {
                if c == b'\'' {
                    o.extend_from_slice(b"'\\''");
                } else {
                    o.push(c);
                }
            }
            o.push(b'\'');
            return o;
        }
        let mut o = vec![b'\''];
        o.extend_from_slice(s);
        o.push(b'\'');
        return o;
    }
    let mut o = Vec::new();
    // Empirical gnulib quirk (see doc comment).
    let first_ctrl = first_nonprint(s, true).unwrap_or(s.len());
    let last_is_ctrl = {
        let mut last = false;
        let mut i = 0;
        while i < s.len() {
            let (len, printable) = char_at(s, i, true);
            last = !printable;
            i += len;
        }
        last
    };
    if s[0] != b'\'' && first_ctrl > 0 && s[..first_ctrl].contains(&b'\'') && last_is_ctrl {
        o.extend_from_slice(b"''");
    }
    o.push(b'\'');
    let mut inside = true;
    let mut i = 0;
    while i < s.len() {
        let (len, printable) = char_at(s, i, true);
        if printable {
            let c = s[i];
            if c == b'\'' {
                if inside {
                    o.extend_from_slice(b"'\\''");
                } else {
                    o.extend_from_slice(b"\\''");
                    inside = true;
                }
            } else {
                if !inside {
                    o.push(b'\'');
                    inside = true;
                }
                o.extend_from_slice(&s[i..i + len]);
            }
        } else {
            if inside {
                o.push(b'\'');
                inside = false;
            }
            o.extend_from_slice(b"$'");
            for &b in &s[i..i + len] {
                push_ansic_byte(&mut o, b);
            }
            o.push(b'\'');
        }
        i += len;
    }
    if inside {
        o.push(b'\'');
    }
    o
}

mod escape;
mod float;
use escape::*;
use float::*;

// ---------------------------------------------------------------------------
// Output with reservation accounting
// ---------------------------------------------------------------------------

struct Out<'h> {
    buf: Vec<u8>,
    /// Bytes already granted by the host but not yet written.
    credit: usize,
    host: &'h mut dyn PrintfHost,
    refused: bool,
}

impl Out<'_> {
    /// Make sure `n` more bytes may be written.
    fn ensure(&mut self, n: usize) -> bool {
        if self.refused {
            return false;
        }
        if n <= self.credit {
            return true;
        }
        let need = n - self.credit;
        if self.host.allow_growth(need) {
            self.credit += need;
            true
        } else {
            self.refused = true;
            false
        }
    }
    fn write(&mut self, b: &[u8]) -> bool {
        if b.is_empty() {
            return !self.refused;
        }
        if !self.ensure(b.len()) {
            return false;
        }
        self.credit -= b.len();
        self.buf.extend_from_slice(b);
        true
    }
    fn fill(&mut self, c: u8, n: usize) -> bool {
        if n == 0 {
            return !self.refused;
        }
        if !self.ensure(n) {
            return false;
        }
        self.credit -= n;
        self.buf.resize(self.buf.len() + n, c);
        true
    }
}

// ---------------------------------------------------------------------------
// Conversion specifications
// ---------------------------------------------------------------------------

#[derive(Default, Clone)]
struct Spec {
    minus: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    quote: bool,
    width: Option<i64>,
    prec: Option<i64>,
    /// strftime format for %(...)T
    time_fmt: Vec<u8>,
    conv: u8,
}

const MAX_FIELD: i64 = i32::MAX as i64;

struct Engine<'a, 'h> {
    opts: PrintfOptions,
    args: &'a [Vec<u8>],
    argi: usize,
    out: Out<'h>,
    diags: Vec<Vec<u8>>,
    status: i32,
    stop: bool,
}

enum Flow {
    Continue,
    Stop,
}

impl Engine<'_, '_> {
    fn bash(&self) -> bool {
        self.opts.dialect == Dialect::BashBuiltin
    }

    fn diag(&mut self, msg: &[u8]) {
        let mut m = b"printf: ".to_vec();
        m.extend_from_slice(msg);
        self.diags.push(m);
    }

    fn err(&mut self, msg: &[u8]) {
        self.diag(msg);
        self.status = 1;
    }

    /// Quote an argument for a coreutils diagnostic.
    fn cu_quote(&self, s: &[u8]) -> Vec<u8> {
        let (l, r): (&[u8], &[u8]) = if self.opts.utf8_locale {
            ("\u{2018}".as_bytes(), "\u{2019}".as_bytes())
        } else {
            (b"'", b"'")
        };
        let mut v = l.to_vec();
        v.extend_from_slice(s);
        v.extend_from_slice(r);
        v
    }

    fn next_arg(&mut self) -> Option<&[u8]> {
        let a = self.args.get(self.argi)?;
        self.argi += 1;
        Some(a.as_slice())
    }

    fn run(&mut self, format: &[u8]) {
        loop {
            let before = self.argi;
            match self.one_pass(format) {
                Flow::Stop => {
                    self.stop = true;
                    return;
                }
                Flow::Continue => {}
            }
            if self.out.refused {
                return;
            }
            if self.argi >= self.args.len() {
                return;
            }
            if self.argi == before {
                // no conversion consumed an argument
                if !self.bash() && !self.args.is_empty() {
                    let q = self.cu_quote(&self.args[self.argi].clone());
                    let mut m = b"warning: ignoring excess arguments, starting with ".to_vec();
                    m.extend_from_slice(&q);
                    self.diag(&m);
                }
                return;
            }
        }
    }

    fn one_pass(&mut self, f: &[u8]) -> Flow {
        let mut i = 0;
        while i < f.len() {
            if self.out.refused {
                return Flow::Stop;
            }
            let c = f[i];
            if c == b'\\' {
                let (bytes, used, flow) = self.format_escape(&f[i..]);
                self.out.write(&bytes);
                i += used;
                if let Flow::Stop = flow {
                    return Flow::Stop;
                }
                continue;
            }
            if c != b'%' {
                let start = i;
                while i < f.len() && f[i] != b'\\' && f[i] != b'%' {
                    i += 1;
                }
                self.out.write(&f[start..i]);
                continue;
            }
            // conversion
            match self.conversion(f, i) {
                Ok(next) => i = next,
                Err(flow) => return flow,
            }
        }
        Flow::Continue
    }

    /// Escape inside the format string.  Returns (bytes, consumed, flow).
    fn format_escape(&mut self, s: &[u8]) -> (Vec<u8>, usize, Flow) {
        let mut out = Vec::new();
        if s.len() < 2 {
            out.push(b'\\');
            return (out, 1, Flow::Continue);
        }
        if self.bash() {
            // find extent of this single escape: process just it
            let end = single_escape_len(s, EscMode::BashFormat);
            let mut warns: Vec<Vec<u8>> = Vec::new();
            escape_loop(
                &s[..end],
                EscMode::BashFormat,
                self.opts.utf8_locale,
                &mut out,
                &mut |w| warns.push(w.to_vec()),
            );
            for w in warns {
                self.diag(&w);
            }
            return (out, end, Flow::Continue);
        }
        // coreutils
        let c = s[1];
        match c {
            b'c' => (out, 2, Flow::Stop),
            b'x' => {
                let (v, n) = read_digits(s, 2, 2, 16);
                if n == 0 {
                    self.err(b"missing hexadecimal number in escape");
                    return (out, 2, Flow::Stop);
                }
                out.push(v as u8);
                (out, 2 + n, Flow::Continue)
            }
            b'u' | b'U' => {
                let need = if c == b'u' { 4 } else { 8 };
                let (v, n) = read_digits(s, 2, need, 16);
                if n < need {
                    self.err(b"missing hexadecimal number in escape");
                    return (out, 2, Flow::Stop);
                }
                if (v < 0xa0 && v != 0x24 && v != 0x40 && v != 0x60)
                    || (0xd800..=0xdfff).contains(&v)
                    || v > 0x10ffff
                {
                    let mut m = b"invalid universal character name \\".to_vec();
                    m.push(c);
                    m.extend_from_slice(format!("{:0w$X}", v, w = need).as_bytes());
                    self.err(&m);
                    return (out, 2 + n, Flow::Stop);
                }
                push_utf8_ext(&mut out, v);
                (out, 2 + n, Flow::Continue)
            }
            b'0'..=b'7' => {
                let (v, n) = read_digits(s, 1, 3, 8);
                out.push(v as u8);
                (out, 1 + n, Flow::Continue)
            }
            b'"' => (vec![b'"'], 2, Flow::Continue),
            b'\\' => (vec![b'\\'], 2, Flow::Continue),
            b'a' => (vec![7], 2, Flow::Continue),
            b'b' => (vec![8], 2, Flow::Continue),
            b'e' => (vec![27], 2, Flow::Continue),
            b'f' => (vec![12], 2, Flow::Continue),
            b'n' => (vec![10], 2, Flow::Continue),
            b'r' => (vec![13], 2, Flow::Continue),
            b't' => (vec![9], 2, Flow::Continue),
            b'v' => (vec![11], 2, Flow::Continue),
            _ => (vec![b'\\', c], 2, Flow::Continue),
        }
    }

    /// Parse and perform one conversion starting at f[start] == '%'.
    /// Returns the index after it, or Err(flow) to end the pass.
    fn conversion(&mut self, f: &[u8], start: usize) -> Result<usize, Flow> {
        let mut i = start + 1;
        let mut sp = Spec::default();
        if i < f.len() && f[i] == b'%' {
            self.out.write(b"%");
            return Ok(i + 1);
        }
        while i < f.len() {
            match f[i] {
                b'-' => sp.minus = true,
                b'+' => sp.plus = true,
                b' ' => sp.space = true,
                b'#' => sp.alt = true,
                b'0' => sp.zero = true,
                b'\'' => sp.quote = true,
                _ => break,
            }
            i += 1;
        }
        let mut star_width = false;
        if i < f.len() && f[i] == b'*' {
            star_width = true;
            i += 1;
        } else {
            let (w, n) = read_num(f, i);
            if n > 0 {
                sp.width = Some(w);
                i += n;
            }
        }
        let mut star_prec = false;
        if i < f.len() && f[i] == b'.' {
            i += 1;
            if i < f.len() && f[i] == b'*' {
                star_prec = true;
                i += 1;
            } else {
                let (p, n) = read_num(f, i);
                sp.prec = Some(p);
                i += n;
            }
        }
        // length modifiers
        let mod_start = i;
        while i < f.len() && b"hlLjzt".contains(&f[i]) {
            i += 1;
        }
        let had_mod = i > mod_start;
        let mut has_time = false;
        if self.bash() && i < f.len() && f[i] == b'(' {
            // %(fmt)T
            let close = f[i + 1..].iter().position(|&c| c == b')');
            match close {
                Some(off) if i + 1 + off + 1 < f.len() && f[i + 1 + off + 1] == b'T' => {
                    sp.time_fmt = f[i + 1..i + 1 + off].to_vec();
                    has_time = true;
                    i = i + 1 + off + 1;
                }
                _ => {
                    let bad = match close {
                        Some(off) => f.get(i + 1 + off + 1).copied().unwrap_or(0),
                        None => 0,
                    };
                    let mut m = b"warning: `".to_vec();
                    m.push(bad);
                    m.extend_from_slice(b"': invalid time format specification");
                    self.diag(&m);
                    self.out.write(&f[start..]);
                    return Err(Flow::Continue);
                }
            }
        }
        if i >= f.len() {
            if self.bash() {
                let mut m = b"`".to_vec();
                m.extend_from_slice(&f[start..]);
                m.extend_from_slice(b"': missing format character");
                self.err(&m);
            } else {
                let mut m = f[start..].to_vec();
                m.extend_from_slice(b": invalid conversion specification");
                self.err(&m);
            }
            return Err(Flow::Stop);
        }
        if self.bash() {
            // star arguments
            if star_width {
                let a = self.next_arg().map(|a| a.to_vec());
                let w = self.star_value(a.as_deref());
                if w < 0 {
                    sp.minus = true;
                    sp.width = Some(w.unsigned_abs().min(MAX_FIELD as u64 + 1) as i64);
                } else {
                    sp.width = Some(w);
                }
            }
            if star_prec {
                let a = self.next_arg().map(|a| a.to_vec());
                let p = self.star_value(a.as_deref());
                sp.prec = if p < 0 { None } else { Some(p) };
            }
        }
        sp.conv = f[i];
        let conv_end = i + 1;
        // validation
        let valid = if self.bash() {
            b"diouxXeEfFgGaAcsbq".contains(&sp.conv) || (sp.conv == b'T' && has_time)
        } else {
            cu_valid(&sp, star_width, star_prec, had_mod)
        };
        if !valid {
            if self.bash() {
                let mut m = b"`".to_vec();
                m.push(sp.conv);
                m.extend_from_slice(b"': invalid format character");
                self.err(&m);
            } else {
                let mut m = f[start..conv_end].to_vec();
                m.extend_from_slice(b": invalid conversion specification");
                self.err(&m);
            }
            return Err(Flow::Stop);
        }
        if !self.bash() {
            // star arguments (coreutils: out-of-range values are fatal)
            if star_width {
                let a = self.next_arg().map(|a| a.to_vec()).unwrap_or_default();
                let w = self.star_value(Some(&a));
                if !(-MAX_FIELD..=MAX_FIELD).contains(&w) {
                    let mut m = b"invalid field width: ".to_vec();
                    m.extend_from_slice(&self.cu_quote(&a));
                    self.err(&m);
                    return Err(Flow::Stop);
                }
                if w < 0 {
                    sp.minus = true;
                }
                sp.width = Some(w.abs());
            }
            if star_prec {
                let a = self.next_arg().map(|a| a.to_vec()).unwrap_or_default();
                let p = self.star_value(Some(&a));
                if p > MAX_FIELD {
                    let mut m = b"invalid precision: ".to_vec();
                    m.extend_from_slice(&self.cu_quote(&a));
                    self.err(&m);
                    return Err(Flow::Stop);
                }
                sp.prec = if p < 0 { None } else { Some(p) };
            }
        }
        self.convert(&sp)?;
        Ok(conv_end)
    }

    fn star_value(&mut self, a: Option<&[u8]>) -> i64 {
        let a = match a {
            None => return 0,
            Some(a) => a,
        };
        let v = self.get_int(a);
        if !(-MAX_FIELD..=MAX_FIELD).contains(&v) {
            if self.bash() {
                // bash names the *following* argument in this warning, and
                // when there is none it silently truncates to a C int.
                match self.args.get(self.argi) {
                    Some(next) => {
                        let mut m = b"warning: ".to_vec();
                        m.extend_from_slice(next);
                        m.extend_from_slice(b": Numerical result out of range");
                        self.diag(&m);
                    }
                    None => return v as i32 as i64,
                }
            } else {
                return v;
            }
            return v.clamp(-MAX_FIELD, MAX_FIELD);
        }
        v
    }

    /// Perform conversion.  Err(flow) ends the pass.
    fn convert(&mut self, sp: &Spec) -> Result<(), Flow> {
        match sp.conv {
            b'd' | b'i' => {
                let a = self.next_arg().map(|a| a.to_vec());
                let v = match a {
                    None => 0,
                    Some(a) => self.get_int(&a),
                };
                let (neg, mag) = (v < 0, v.unsigned_abs());
                self.emit_int(sp, neg, mag);
            }
            b'o' | b'u' | b'x' | b'X' => {
                let a = self.next_arg().map(|a| a.to_vec());
                let v = match a {
                    None => 0,
                    Some(a) => self.get_uint(&a),
                };
                self.emit_int(sp, false, v);
            }
            b'e' | b'E' | b'f' | b'F' | b'g' | b'G' | b'a' | b'A' => {
                let a = self.next_arg().map(|a| a.to_vec());
                let v = match a {
                    None => Ld::Zero { neg: false },
                    Some(a) => self.get_float(&a),
                };
                self.emit_float(sp, &v);
            }
            b'c' => {
                let a = self.next_arg().map(|a| a.to_vec());
                let b = a.and_then(|a| a.first().copied()).unwrap_or(0);
                let mut s = sp.clone();
                s.prec = None;
                self.emit_str(&s, &[b]);
            }
            b's' => {
                let a = self.next_arg().map(|a| a.to_vec()).unwrap_or_default();
                self.emit_str(sp, &a);
            }
            b'q' => {
                let a = self.next_arg().map(|a| a.to_vec()).unwrap_or_default();
                let q = if self.bash() {
                    shell_quote_printf_q(&a, self.opts.utf8_locale)
                } else {
                    shell_quote_coreutils(&a)
                };
                self.emit_str(sp, &q);
            }
            b'b' => {
                let a = self.next_arg().map(|a| a.to_vec()).unwrap_or_default();
                let mut buf = Vec::new();
                let stopped = if self.bash() {
                    let mut warns: Vec<Vec<u8>> = Vec::new();
                    let st = escape_loop(
                        &a,
                        EscMode::BashB,
                        self.opts.utf8_locale,
                        &mut buf,
                        &mut |w| warns.push(w.to_vec()),
                    );
                    for w in warns {
                        self.diag(&w);
                    }
                    st
                } else {
                    match self.coreutils_b(&a, &mut buf) {
                        Ok(st) => st,
                        Err(()) => {
                            self.out.write(&buf);
                            return Err(Flow::Stop);
                        }
                    }
                };
                self.emit_str(sp, &buf);
                if stopped {
                    if self.bash() {
                        // bash returns success when %b's \c ends the output
                        self.status = 0;
                    }
                    return Err(Flow::Stop);
                }
            }
            b'T' => {
                let a = self.next_arg().map(|a| a.to_vec());
                let t = match a {
                    None => -1,
                    Some(a) if a.is_empty() => -1,
                    Some(a) => self.get_int(&a),
                };
                let t = match t {
                    -1 => self.out.host.now(),
                    -2 => self.out.host.shell_start(),
                    t => t,
                };
                let fmt = if sp.time_fmt.is_empty() {
                    b"%X".to_vec()
                } else {
                    sp.time_fmt.clone()
                };
                let s = strftime_utc(&fmt, t);
                self.emit_str(sp, &s);
            }
            _ => {}
        }
        Ok(())
    }

    /// coreutils %b escapes.  Ok(stopped) or Err on fatal error (output in buf).
    fn coreutils_b(&mut self, a: &[u8], buf: &mut Vec<u8>) -> Result<bool, ()> {
        let mut i = 0;
        while i < a.len() {
            if a[i] == b'\\' && i + 1 < a.len() {
                let c = a[i + 1];
                match c {
                    b'0' => {
                        let (v, n) = read_digits(a, i + 2, 3, 8);
                        buf.push(v as u8);
                        i += 2 + n;
                        continue;
                    }
                    b'c' => return Ok(true),
                    b'x' | b'u' | b'U' | b'1'..=b'7' => {
                        let (bytes, used, flow) = self.format_escape(&a[i..]);
                        buf.extend_from_slice(&bytes);
                        if let Flow::Stop = flow {
                            return Err(());
                        }
                        i += used;
                        continue;
                    }
                    _ => {
                        let end = single_escape_len(&a[i..], EscMode::CoreB);
                        escape_loop(
                            &a[i..i + end],
                            EscMode::CoreB,
                            self.opts.utf8_locale,
                            buf,
                            &mut |_| {},
                        );
                        i += end;
                        continue;
                    }
                }
            }
            buf.push(a[i]);
            i += 1;
        }
        Ok(false)
    }

    // ----- numeric argument parsing -----

    /// Character-constant argument ('c / "c).  Returns Some(code).
    fn char_const(&mut self, a: &[u8]) -> Option<i64> {
        if a.first() != Some(&b'\'') && a.first() != Some(&b'"') {
            return None;
        }
        let rest = &a[1..];
        if rest.is_empty() {
            if self.bash() {
                return Some(0);
            }
            return None; // coreutils: expected a numeric value
        }
        let (len, v) = if self.opts.utf8_locale {
            match utf8_decode(rest, 0) {
                Some((l, cp)) => (l, cp as i64),
                None => (1, rest[0] as i64),
            }
        } else {
            (1, rest[0] as i64)
        };
        if !self.bash() && rest.len() > len {
            let mut m = b"warning: ".to_vec();
            m.extend_from_slice(&rest[len..]);
            m.extend_from_slice(b": character(s) following character constant have been ignored");
            self.diag(&m);
        }
        Some(v)
    }

    fn int_error(&mut self, a: &[u8], kind: IntErr) {
        if self.bash() {
            let mut m = Vec::new();
            match kind {
                IntErr::Range => {
                    m.extend_from_slice(b"warning: ");
                    m.extend_from_slice(a);
                    m.extend_from_slice(b": Numerical result out of range");
                    self.diag(&m);
                    return;
                }
                IntErr::Hex => {
                    m.extend_from_slice(a);
                    m.extend_from_slice(b": invalid hex number");
                }
                IntErr::Octal => {
                    m.extend_from_slice(a);
                    m.extend_from_slice(b": invalid octal number");
                }
                IntErr::NoDigits | IntErr::Trailing => {
                    m.extend_from_slice(a);
                    m.extend_from_slice(b": invalid number");
                }
            }
            self.err(&m);
        } else {
            let mut m = self.cu_quote(a);
            m.extend_from_slice(match kind {
                IntErr::Range => b": Numerical result out of range" as &[u8],
                IntErr::NoDigits => b": expected a numeric value",
                _ => b": value not completely converted",
            });
            self.err(&m);
        }
    }

    fn get_int(&mut self, a: &[u8]) -> i64 {
        if let Some(v) = self.char_const(a) {
            return v;
        }
        let r = parse_int(a);
        let v = if r.neg {
            if r.mag > i64::MAX as u64 + 1 || r.overflow {
                self.int_error(a, IntErr::Range);
                i64::MIN
            } else {
                (r.mag as i64).wrapping_neg()
            }
        } else if r.mag > i64::MAX as u64 || r.overflow {
            self.int_error(a, IntErr::Range);
            i64::MAX
        } else {
            r.mag as i64
        };
        if let Some(k) = r.err {
            self.int_error(a, k);
        }
        v
    }

    fn get_uint(&mut self, a: &[u8]) -> u64 {
        if let Some(v) = self.char_const(a) {
            return v as u64;
        }
        let r = parse_int(a);
        let v = if r.overflow {
            self.int_error(a, IntErr::Range);
            u64::MAX
        } else if r.neg {
            r.mag.wrapping_neg()
        } else {
            r.mag
        };
        if let Some(k) = r.err {
            self.int_error(a, k);
        }
        v
    }

    fn get_float(&mut self, a: &[u8]) -> Ld {
        if let Some(v) = self.char_const(a) {
            return Ld::from_i64(v);
        }
        if a.is_empty() {
            return Ld::Zero { neg: false };
        }
        let (v, used, range) = parse_ld(a);
        if used == 0 {
            self.int_error(a, IntErr::NoDigits);
            return Ld::Zero { neg: false };
        }
        if range {
            self.int_error(a, IntErr::Range);
        }
        if used < a.len() {
            self.int_error(a, IntErr::Trailing);
        }
        v
    }

    // ----- emitters -----

    fn pad_and_write(&mut self, sp: &Spec, prefix: &[u8], body: &[u8], zero_ok: bool) {
        let len = prefix.len() + body.len();
        let width = sp.width.unwrap_or(0).max(0) as usize;
        let pad = width.saturating_sub(len);
        if sp.minus {
            if self.out.ensure(len + pad) {
                self.out.write(prefix);
                self.out.write(body);
                self.out.fill(b' ', pad);
            }
        } else if sp.zero && zero_ok {
            if self.out.ensure(len + pad) {
                self.out.write(prefix);
                self.out.fill(b'0', pad);
                self.out.write(body);
            }
        } else if self.out.ensure(len + pad) {
            self.out.fill(b' ', pad);
            self.out.write(prefix);
            self.out.write(body);
        }
    }

    fn emit_str(&mut self, sp: &Spec, s: &[u8]) {
        let s = match sp.prec {
            Some(p) if (p as usize) < s.len() => &s[..p as usize],
            _ => s,
        };
        let mut sp2 = sp.clone();
        sp2.zero = false;
        self.pad_and_write(&sp2, b"", s, false);
    }

    fn emit_int(&mut self, sp: &Spec, neg: bool, mag: u64) {
        let prec = sp.prec.map(|p| p.clamp(0, MAX_FIELD) as usize);
        if let Some(p) = prec {
            if !self.out.ensure(p + 24) {
                return;
            }
        }
        let mut digits = match sp.conv {
            b'o' => format!("{:o}", mag).into_bytes(),
            b'x' => format!("{:x}", mag).into_bytes(),
            b'X' => format!("{:X}", mag).into_bytes(),
            _ => mag.to_string().into_bytes(),
        };
        if prec == Some(0) && mag == 0 {
            digits.clear();
        }
        let mut body = Vec::new();
        let p = prec.unwrap_or(0);
        let mut zeros = p.saturating_sub(digits.len());
        if sp.alt && sp.conv == b'o' && zeros == 0 && digits.first() != Some(&b'0') {
            zeros = 1;
        }
        body.resize(zeros, b'0');
        body.extend_from_slice(&digits);
        let mut prefix: Vec<u8> = Vec::new();
        if sp.conv == b'd' || sp.conv == b'i' {
            if neg {
                prefix.push(b'-');
            } else if sp.plus {
                prefix.push(b'+');
            } else if sp.space {
                prefix.push(b' ');
            }
        }
        if sp.alt && mag != 0 && (sp.conv == b'x' || sp.conv == b'X') {
            prefix.extend_from_slice(if sp.conv == b'x' { b"0x" } else { b"0X" });
        }
        self.pad_and_write(sp, &prefix, &body, prec.is_none());
    }

    fn emit_float(&mut self, sp: &Spec, v: &Ld) {
        let prec = sp.prec.map(|p| p.clamp(0, MAX_FIELD) as usize);
        // bound the work: a huge precision must be granted first
        let approx = prec.unwrap_or(6)
            + match v {
                Ld::Fin { exp, .. } if sp.conv | 0x20 == b'f' && *exp > 0 => {
                    (*exp as usize) / 3 + 24
                }
                _ => 24,
            };
        if !self.out.ensure(approx) {
            return;
        }
        let fs = FloatSpec {
            conv: sp.conv,
            alt: sp.alt,
            prec,
        };
        let body = format_float_body(v, &fs);
        let mut prefix: Vec<u8> = Vec::new();
        if v.neg() {
            prefix.push(b'-');
        } else if sp.plus {
            prefix.push(b'+');
        } else if sp.space {
            prefix.push(b' ');
        }
        let finite = !matches!(v, Ld::Inf { .. } | Ld::Nan { .. });
        let (pre2, body2) = if finite && sp.conv | 0x20 == b'a' {
            // keep "0x" before zero padding
            prefix.extend_from_slice(&body[..2]);
            (prefix, body[2..].to_vec())
        } else {
            (prefix, body)
        };
        self.pad_and_write(sp, &pre2, &body2, finite);
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum IntErr {
    NoDigits,
    Trailing,
    Hex,
    Octal,
    Range,
}

struct IntParse {
    neg: bool,
    mag: u64,
    overflow: bool,
    err: Option<IntErr>,
}

/// strtoumax-like parse with base auto-detection plus validity checks.
fn parse_int(a: &[u8]) -> IntParse {
    let mut r = IntParse {
        neg: false,
        mag: 0,
        overflow: false,
        err: None,
    };
    if a.is_empty() {
        return r;
    }
    let mut i = 0;
    while i < a.len() && matches!(a[i], b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) {
        i += 1;
    }
    if i < a.len() && (a[i] == b'+' || a[i] == b'-') {
        r.neg = a[i] == b'-';
        i += 1;
    }
    let mut base = 10u32;
    let mut kind_err = IntErr::Trailing;
    if i < a.len() && a[i] == b'0' {
        if i + 1 < a.len() && (a[i + 1] | 0x20) == b'x' {
            if i + 2 < a.len() && hexval(a[i + 2]).is_some() {
                base = 16;
                i += 2;
            } else {
                // "0x" without digits: the "0" is the number
                r.err = Some(IntErr::Hex);
                return r;
            }
            kind_err = IntErr::Hex;
        } else {
            base = 8;
            if i + 1 < a.len() && a[i + 1].is_ascii_digit() {
                kind_err = IntErr::Octal;
            }
        }
    }
    let start = i;
    while i < a.len() {
        let Some(d) = (a[i] as char).to_digit(base) else {
            break;
        };
        match r
            .mag
            .checked_mul(base as u64)
            .and_then(|m| m.checked_add(d as u64))
        {
            Some(m) => r.mag = m,
            None => r.overflow = true,
        }
        i += 1;
    }
    if i == start {
        r.err = Some(IntErr::NoDigits);
        return r;
    }
    if i < a.len() {
        r.err = Some(if base == 10 {
            IntErr::Trailing
        } else {
            kind_err
        });
    }
    r
}

fn read_num(f: &[u8], i: usize) -> (i64, usize) {
    let mut v: i64 = 0;
    let mut n = 0;
    while i + n < f.len() && f[i + n].is_ascii_digit() {
        v = (v * 10 + (f[i + n] - b'0') as i64).min(MAX_FIELD);
        n += 1;
    }
    (v, n)
}

/// Length in bytes of the single escape at s[0] == '\\'.
fn single_escape_len(s: &[u8], mode: EscMode) -> usize {
    if s.len() < 2 {
        return s.len();
    }
    let c = s[1];
    match c {
        b'0' if matches!(mode, EscMode::BashB | EscMode::Echo | EscMode::CoreB) => {
            2 + read_digits(s, 2, 3, 8).1
        }
        b'0'..=b'7' if mode != EscMode::Echo => 1 + read_digits(s, 1, 3, 8).1,
        b'x' => 2 + read_digits(s, 2, 2, 16).1,
        b'u' => 2 + read_digits(s, 2, 4, 16).1,
        b'U' => 2 + read_digits(s, 2, 8, 16).1,
        b'c' if mode == EscMode::AnsiC && s.len() > 2 => 3,
        _ => 2,
    }
}

/// coreutils' per-conversion flag validation.
fn cu_valid(sp: &Spec, star_width: bool, star_prec: bool, had_mod: bool) -> bool {
    let has_prec = sp.prec.is_some() || star_prec;
    match sp.conv {
        b'd' | b'i' => !sp.alt,
        b'u' => !sp.alt,
        b'o' | b'x' | b'X' => true,
        b'e' | b'E' | b'f' | b'F' | b'g' | b'G' | b'a' | b'A' => true,
        b's' => !sp.alt && !sp.zero && !sp.quote,
        b'c' => !sp.alt && !sp.zero && !sp.quote && !has_prec,
        b'b' | b'q' => {
            !had_mod
                && !sp.alt
                && !sp.zero
                && !sp.quote
                && !sp.minus
                && !sp.plus
                && !sp.space
                && sp.width.is_none()
                && !star_width
                && !has_prec
        }
        _ => false,
    }
}

/// Formats `t` (seconds since the epoch) for `%(FORMAT)T` like the C library's strftime in
/// UTC; times beyond the calendar's range are clamped to it.
pub fn strftime_utc(fmt: &[u8], t: i64) -> Vec<u8> {
    let t = t.clamp(-67_768_040_609_740_800, 67_768_036_191_676_799);
    crate::clock::calendar::strftime_libc(fmt, &crate::clock::calendar::tm(t, 0))
}

#[cfg(test)]
mod tests;
