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
    fn reserve(&mut self, bytes: usize) -> bool;
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
pub fn echo_escapes(s: &[u8]) -> (Vec<u8>, bool) {
    let mut out = Vec::with_capacity(s.len());
    let stopped = escape_loop(s, EscMode::Echo, &mut out, &mut |_| {});
    (out, stopped)
}

/// `$'...'` (ANSI-C quoting) escape processing.
pub fn ansi_c_escapes(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    escape_loop(s, EscMode::AnsiC, &mut out, &mut |_| {});
    out
}

/// Exactly what bash's `printf %q` prints.
pub fn shell_quote_printf_q(s: &[u8]) -> Vec<u8> {
    if s.is_empty() {
        return b"''".to_vec();
    }
    if needs_ansic(s) {
        return ansic_quote(s);
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
    if needs_ansic(s) {
        return ansic_quote(s);
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
    let has_ctrl = needs_ansic(s);
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
    let first_ctrl = first_nonprint(s).unwrap_or(s.len());
    let last_is_ctrl = {
        let mut last = false;
        let mut i = 0;
        while i < s.len() {
            let (len, printable) = char_at(s, i);
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
        let (len, printable) = char_at(s, i);
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

// ---------------------------------------------------------------------------
// Quoting helpers
// ---------------------------------------------------------------------------

/// Decode one UTF-8 sequence at `s[i..]`: (length, code point) or None if invalid.
fn utf8_decode(s: &[u8], i: usize) -> Option<(usize, u32)> {
    let b0 = *s.get(i)?;
    let (len, init, min) = match b0 {
        0x00..=0x7f => return Some((1, b0 as u32)),
        0xc2..=0xdf => (2, (b0 & 0x1f) as u32, 0x80),
        0xe0..=0xef => (3, (b0 & 0x0f) as u32, 0x800),
        0xf0..=0xf4 => (4, (b0 & 0x07) as u32, 0x10000),
        _ => return None,
    };
    if i + len > s.len() {
        return None;
    }
    let mut cp = init;
    for k in 1..len {
        let b = s[i + k];
        if b & 0xc0 != 0x80 {
            return None;
        }
        cp = (cp << 6) | (b & 0x3f) as u32;
    }
    if cp < min || cp > 0x10ffff || (0xd800..=0xdfff).contains(&cp) {
        return None;
    }
    Some((len, cp))
}

/// Approximation of glibc's `iswprint` in C.UTF-8.  Unassigned code points
/// are only partially recognised.
fn cp_printable(cp: u32) -> bool {
    !(cp < 0x20
        || (0x7f..0xa0).contains(&cp)
        || cp == 0x2028
        || cp == 0x2029
        || (0xfdd0..=0xfdef).contains(&cp)
        || (cp & 0xfffe) == 0xfffe
        || (0x0378..=0x0379).contains(&cp)
        || (0x2fe0..=0x2fef).contains(&cp)
        || (0x40000..=0xdffff).contains(&cp)
        || (0xe0080..=0xe00ff).contains(&cp))
}

/// (byte length, printable?) of the character at `i` (invalid bytes count as
/// one non-printable byte).
fn char_at(s: &[u8], i: usize) -> (usize, bool) {
    match utf8_decode(s, i) {
        Some((len, cp)) => (len, cp_printable(cp)),
        None => (1, false),
    }
}

fn first_nonprint(s: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i < s.len() {
        let (len, p) = char_at(s, i);
        if !p {
            return Some(i);
        }
        i += len;
    }
    None
}

fn needs_ansic(s: &[u8]) -> bool {
    first_nonprint(s).is_some()
}

fn push_ansic_byte(o: &mut Vec<u8>, b: u8) {
    match b {
        7 => o.extend_from_slice(b"\\a"),
        8 => o.extend_from_slice(b"\\b"),
        9 => o.extend_from_slice(b"\\t"),
        10 => o.extend_from_slice(b"\\n"),
        11 => o.extend_from_slice(b"\\v"),
        12 => o.extend_from_slice(b"\\f"),
        13 => o.extend_from_slice(b"\\r"),
        27 => o.extend_from_slice(b"\\E"),
        b'\'' => o.extend_from_slice(b"\\'"),
        b'\\' => o.extend_from_slice(b"\\\\"),
        _ => {
            o.push(b'\\');
            o.push(b'0' + (b >> 6));
            o.push(b'0' + ((b >> 3) & 7));
            o.push(b'0' + (b & 7));
        }
    }
}

/// bash's `$'...'` quoting of a whole string.
fn ansic_quote(s: &[u8]) -> Vec<u8> {
    let mut o = Vec::with_capacity(s.len() + 8);
    o.extend_from_slice(b"$'");
    let mut i = 0;
    while i < s.len() {
        let (len, printable) = char_at(s, i);
        if printable && len > 1 {
            o.extend_from_slice(&s[i..i + len]);
        } else if printable && s[i] != b'\'' && s[i] != b'\\' {
            o.push(s[i]);
        } else {
            for &b in &s[i..i + len] {
                push_ansic_byte(&mut o, b);
            }
        }
        i += len;
    }
    o.push(b'\'');
    o
}

// ---------------------------------------------------------------------------
// Escape processing
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq)]
enum EscMode {
    /// bash printf format string.
    BashFormat,
    /// bash `%b` argument.
    BashB,
    /// `echo -e`.
    Echo,
    /// `$'...'`.
    AnsiC,
    /// coreutils `%b` argument (errors are reported by the engine).
    CoreB,
}

/// Encode a code point the way bash does (UTF-8, extended up to 31 bits;
/// values above 0x7fffffff produce nothing).
fn push_utf8_ext(o: &mut Vec<u8>, cp: u32) {
    if cp < 0x80 {
        o.push(cp as u8);
    } else if cp < 0x800 {
        o.push(0xc0 | (cp >> 6) as u8);
        o.push(0x80 | (cp & 0x3f) as u8);
    } else if cp < 0x10000 {
        o.push(0xe0 | (cp >> 12) as u8);
        o.push(0x80 | ((cp >> 6) & 0x3f) as u8);
        o.push(0x80 | (cp & 0x3f) as u8);
    } else if cp < 0x20_0000 {
        o.push(0xf0 | (cp >> 18) as u8);
        o.push(0x80 | ((cp >> 12) & 0x3f) as u8);
        o.push(0x80 | ((cp >> 6) & 0x3f) as u8);
        o.push(0x80 | (cp & 0x3f) as u8);
    } else if cp < 0x400_0000 {
        o.push(0xf8 | (cp >> 24) as u8);
        for sh in [18, 12, 6, 0] {
            o.push(0x80 | ((cp >> sh) & 0x3f) as u8);
        }
    } else if cp < 0x8000_0000 {
        o.push(0xfc | (cp >> 30) as u8);
        for sh in [24, 18, 12, 6, 0] {
            o.push(0x80 | ((cp >> sh) & 0x3f) as u8);
        }
    }
}

fn hexval(c: u8) -> Option<u32> {
    (c as char).to_digit(16)
}

/// Read up to `max` digits of `radix` starting at `s[i]`.  Returns (value, count).
fn read_digits(s: &[u8], i: usize, max: usize, radix: u32) -> (u32, usize) {
    let mut v: u32 = 0;
    let mut n = 0;
    while n < max && i + n < s.len() {
        match (s[i + n] as char).to_digit(radix) {
            Some(d) => {
                v = v.wrapping_mul(radix).wrapping_add(d);
                n += 1;
            }
            None => break,
        }
    }
    (v, n)
}

/// Shared escape loop for the non-coreutils-format modes.  `warn` receives
/// warning texts (bash: "missing hex digit for \x").  Returns true if `\c`
/// stopped processing.
fn escape_loop(s: &[u8], mode: EscMode, out: &mut Vec<u8>, warn: &mut dyn FnMut(&[u8])) -> bool {
    let mut i = 0;
    while i < s.len() {
        if s[i] != b'\\' || i + 1 >= s.len() {
            out.push(s[i]);
            i += 1;
            continue;
        }
        let c = s[i + 1];
        i += 2;
        let simple = match c {
            b'a' => Some(7u8),
            b'b' => Some(8),
            b'e' | b'E' => Some(27),
            b'f' => Some(12),
            b'n' => Some(10),
            b'r' => Some(13),
            b't' => Some(9),
            b'v' => Some(11),
            b'\\' => Some(b'\\'),
            _ => None,
        };
        if let Some(b) = simple {
            if c == b'E' && mode == EscMode::CoreB {
                out.extend_from_slice(b"\\E");
            } else {
                out.push(b);
            }
            continue;
        }
        match c {
            b'"' | b'\'' | b'?' if mode == EscMode::BashFormat || mode == EscMode::AnsiC => {
                out.push(c)
            }
            b'"' if mode == EscMode::CoreB => out.push(c),
            b'c' => match mode {
                EscMode::BashB | EscMode::Echo | EscMode::CoreB => return true,
                EscMode::AnsiC if i < s.len() => {
                    let x = s[i];
                    out.push(if x == b'?' { 0x7f } else { x & 0x1f });
                    i += 1;
                    if x == b'\\' && i < s.len() && s[i] == b'\\' {
                        i += 1;
                    }
                }
                _ => out.extend_from_slice(b"\\c"),
            },
            b'0'..=b'7' => {
                let leading_zero_form =
                    matches!(mode, EscMode::BashB | EscMode::Echo | EscMode::CoreB) && c == b'0';
                if leading_zero_form {
                    let (v, n) = read_digits(s, i, 3, 8);
                    i += n;
                    out.push(v as u8);
                } else if mode == EscMode::Echo {
                    out.push(b'\\');
                    out.push(c);
                } else {
                    let (v, n) = read_digits(s, i - 1, 3, 8);
                    i += n - 1;
                    out.push(v as u8);
                }
            }
            b'x' => {
                let (v, n) = read_digits(s, i, 2, 16);
                if n == 0 {
                    if matches!(mode, EscMode::BashFormat | EscMode::BashB) {
                        warn(b"missing hex digit for \\x");
                    }
                    out.extend_from_slice(b"\\x");
                } else {
                    i += n;
                    out.push(v as u8);
                }
            }
            b'u' | b'U' => {
                let max = if c == b'u' { 4 } else { 8 };
                let (v, n) = read_digits(s, i, max, 16);
                if n == 0 {
                    if matches!(mode, EscMode::BashFormat | EscMode::BashB) {
                        let mut m = b"missing unicode digit for \\".to_vec();
                        m.push(c);
                        warn(&m);
                    }
                    out.push(b'\\');
                    out.push(c);
                } else {
                    i += n;
                    push_utf8_ext(out, v);
                }
            }
            _ => {
                out.push(b'\\');
                out.push(c);
            }
        }
    }
    false
}

// ---------------------------------------------------------------------------
// Big integers (little-endian base 2^32), just enough for exact conversion
// ---------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from_u64(v: u64) -> Big {
        let mut b = Big(vec![v as u32, (v >> 32) as u32]);
        b.trim();
        b
    }
    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }
    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }
    fn mul_small(&mut self, m: u32) {
        let mut carry: u64 = 0;
        for w in self.0.iter_mut() {
            let t = *w as u64 * m as u64 + carry;
            *w = t as u32;
            carry = t >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }
    fn add_small(&mut self, a: u32) {
        let mut carry = a as u64;
        for w in self.0.iter_mut() {
            if carry == 0 {
                break;
            }
            let t = *w as u64 + carry;
            *w = t as u32;
            carry = t >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }
    fn mul_pow5(&mut self, mut e: u32) {
        while e >= 13 {
            self.mul_small(1_220_703_125); // 5^13
            e -= 13;
        }
        if e > 0 {
            self.mul_small(5u32.pow(e));
        }
    }
    fn pow5(e: u32) -> Big {
        let mut b = Big::from_u64(1);
        b.mul_pow5(e);
        b
    }
    fn bit_len(&self) -> u64 {
        match self.0.last() {
            None => 0,
            Some(&top) => (self.0.len() as u64 - 1) * 32 + (32 - top.leading_zeros() as u64),
        }
    }
    fn shl(&self, n: u64) -> Big {
        if self.is_zero() {
            return self.clone();
        }
        let words = (n / 32) as usize;
        let bits = (n % 32) as u32;
        let mut v = vec![0u32; words];
        if bits == 0 {
            v.extend_from_slice(&self.0);
        } else {
            let mut carry = 0u32;
            for &w in &self.0 {
                v.push((w << bits) | carry);
                carry = w >> (32 - bits);
            }
            v.push(carry);
        }
        let mut b = Big(v);
        b.trim();
        b
    }
    fn cmp(&self, o: &Big) -> std::cmp::Ordering {
        if self.0.len() != o.0.len() {
            return self.0.len().cmp(&o.0.len());
        }
        for k in (0..self.0.len()).rev() {
            if self.0[k] != o.0[k] {
                return self.0[k].cmp(&o.0[k]);
            }
        }
        std::cmp::Ordering::Equal
    }
    /// self -= o (requires self >= o)
    fn sub(&mut self, o: &Big) {
        let mut borrow = 0i64;
        for k in 0..self.0.len() {
            let b = *o.0.get(k).unwrap_or(&0) as i64;
            let mut t = self.0[k] as i64 - b - borrow;
            if t < 0 {
                t += 1 << 32;
                borrow = 1;
            } else {
                borrow = 0;
            }
            self.0[k] = t as u32;
        }
        self.trim();
    }
    /// Divide by small value in place, returning the remainder.
    fn divmod_small(&mut self, d: u32) -> u32 {
        let mut rem: u64 = 0;
        for k in (0..self.0.len()).rev() {
            let cur = (rem << 32) | self.0[k] as u64;
            self.0[k] = (cur / d as u64) as u32;
            rem = cur % d as u64;
        }
        self.trim();
        rem as u32
    }
    fn to_decimal(&self) -> Vec<u8> {
        if self.is_zero() {
            return b"0".to_vec();
        }
        let mut t = self.clone();
        let mut chunks = Vec::new();
        while !t.is_zero() {
            chunks.push(t.divmod_small(1_000_000_000));
        }
        let mut s = Vec::with_capacity(chunks.len() * 9);
        let last = chunks.len() - 1;
        s.extend_from_slice(chunks[last].to_string().as_bytes());
        for k in (0..last).rev() {
            s.extend_from_slice(format!("{:09}", chunks[k]).as_bytes());
        }
        s
    }
}

// ---------------------------------------------------------------------------
// 80-bit extended floating values
// ---------------------------------------------------------------------------

const LD_MIN_EXP: i64 = -16445; // exponent of the lowest mantissa bit of subnormals
const LD_MAX_EXP: i64 = 16320; // 2^16383 is the top bit of the largest value

#[derive(Clone, Copy, Debug, PartialEq)]
enum Ld {
    Zero {
        neg: bool,
    },
    /// mant * 2^exp, mant normalised (top bit set) unless exp == LD_MIN_EXP.
    Fin {
        neg: bool,
        mant: u64,
        exp: i64,
    },
    Inf {
        neg: bool,
    },
    Nan {
        neg: bool,
    },
}

impl Ld {
    fn neg(&self) -> bool {
        match *self {
            Ld::Zero { neg } | Ld::Inf { neg } | Ld::Nan { neg } | Ld::Fin { neg, .. } => neg,
        }
    }
    fn from_i64(v: i64) -> Ld {
        Ld::from_u64(v < 0, v.unsigned_abs())
    }
    fn from_u64(neg: bool, v: u64) -> Ld {
        if v == 0 {
            return Ld::Zero { neg };
        }
        let lz = v.leading_zeros();
        Ld::Fin {
            neg,
            mant: v << lz,
            exp: -(lz as i64),
        }
    }
}

/// Round the exact rational (n / d) * 2^bexp to an Ld.  Returns (value, range_error).
fn round_rational(neg: bool, n: &Big, d: &Big, bexp: i64) -> (Ld, bool) {
    if n.is_zero() {
        return (Ld::Zero { neg }, false);
    }
    // choose k so that q = floor(n * 2^k / d) has 66..=67 bits
    let s = n.bit_len() as i64 - d.bit_len() as i64;
    let k = 66 - s;
    let (num, den) = if k >= 0 {
        (n.shl(k as u64), d.clone())
    } else {
        (n.clone(), d.shl((-k) as u64))
    };
    // long division producing at most 68 bits
    let mut rem = num;
    let mut q: u128 = 0;
    for bit in (0..=68u64).rev() {
        let sd = den.shl(bit);
        if rem.cmp(&sd) != std::cmp::Ordering::Less {
            rem.sub(&sd);
            q |= 1u128 << bit;
        }
    }
    let mut sticky = !rem.is_zero();
    // value = q * 2^(bexp - k)
    let mut e = bexp - k;
    let qbits = 128 - q.leading_zeros() as i64;
    let mut shift = qbits - 64;
    if e + shift < LD_MIN_EXP {
        shift = LD_MIN_EXP - e;
    }
    if shift > 0 {
        if shift >= 128 {
            sticky |= q != 0;
            e += shift;
            return finish_round(neg, 0, e, false, sticky);
        }
        let dropped = q & ((1u128 << shift) - 1);
        let halfway = 1u128 << (shift - 1);
        let mant = q >> shift;
        e += shift;
        let round_up = dropped > halfway || (dropped == halfway && (sticky || mant & 1 == 1));
        let inexact = dropped != 0 || sticky;
        return finish_round(neg, mant as u64, e, round_up, inexact);
    }
    let mant = q << (-shift);
    e += shift;
    finish_round(neg, mant as u64, e, false, sticky)
}

fn finish_round(neg: bool, mant: u64, mut e: i64, round_up: bool, inexact: bool) -> (Ld, bool) {
    let mut m = mant as u128;
    if round_up {
        m += 1;
        if m == 1u128 << 64 {
            m >>= 1;
            e += 1;
        }
    }
    if m == 0 {
        return (Ld::Zero { neg }, true);
    }
    // normalise if possible
    let mut m = m as u64;
    while m & (1 << 63) == 0 && e > LD_MIN_EXP {
        m <<= 1;
        e -= 1;
    }
    if e > LD_MAX_EXP {
        return (Ld::Inf { neg }, true);
    }
    let subnormal = m & (1 << 63) == 0;
    (
        Ld::Fin {
            neg,
            mant: m,
            exp: e,
        },
        subnormal && inexact,
    )
}

/// Parse like `strtold`.  Returns (value, bytes consumed (0 = nothing), range error).
fn parse_ld(s: &[u8]) -> (Ld, usize, bool) {
    let mut i = 0;
    while i < s.len() && matches!(s[i], b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) {
        i += 1;
    }
    let mut neg = false;
    if i < s.len() && (s[i] == b'+' || s[i] == b'-') {
        neg = s[i] == b'-';
        i += 1;
    }
    let rest = &s[i..];
    let lower: Vec<u8> = rest
        .iter()
        .take(8)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if lower.starts_with(b"inf") {
        let n = if lower.starts_with(b"infinity") { 8 } else { 3 };
        return (Ld::Inf { neg }, i + n, false);
    }
    if lower.starts_with(b"nan") {
        let mut j = i + 3;
        if j < s.len() && s[j] == b'(' {
            let mut k = j + 1;
            while k < s.len() && (s[k].is_ascii_alphanumeric() || s[k] == b'_') {
                k += 1;
            }
            if k < s.len() && s[k] == b')' {
                j = k + 1;
            }
        }
        return (Ld::Nan { neg }, j, false);
    }
    let hex = rest.len() >= 2 && rest[0] == b'0' && (rest[1] | 0x20) == b'x';
    if hex {
        let mut j = i + 2;
        let mut mant: u128 = 0;
        let mut ndig = 0usize;
        let mut exp: i64 = 0;
        let mut sticky = false;
        let mut any = false;
        let mut seen_point = false;
        while j < s.len() {
            let c = s[j];
            if c == b'.' && !seen_point {
                seen_point = true;
                j += 1;
                continue;
            }
            let Some(d) = hexval(c) else { break };
            any = true;
            if ndig < 24 {
                if mant != 0 || d != 0 {
                    mant = (mant << 4) | d as u128;
                    ndig += 1;
                }
                if seen_point {
                    exp -= 4;
                }
            } else {
                if d != 0 {
                    sticky = true;
                }
                if !seen_point {
                    exp += 4;
                }
            }
            j += 1;
        }
        if !any {
            // just "0" followed by x
            return (Ld::Zero { neg }, i + 1, false);
        }
        if j < s.len() && (s[j] | 0x20) == b'p' {
            if let Some((e, n)) = parse_exp(&s[j + 1..]) {
                exp = exp.saturating_add(e);
                j += 1 + n;
            }
        }
        if mant == 0 {
            return (Ld::Zero { neg }, j, false);
        }
        let mut n = Big(vec![
            mant as u32,
            (mant >> 32) as u32,
            (mant >> 64) as u32,
            (mant >> 96) as u32,
        ]);
        n.trim();
        if sticky {
            n = n.shl(1);
            n.add_small(1);
            exp -= 1;
        }
        let exp = exp.clamp(-20000, 20000);
        let (v, r) = round_rational(neg, &n, &Big::from_u64(1), exp);
        return (v, j, r);
    }
    // decimal
    let mut j = i;
    let mut digits: Vec<u8> = Vec::new();
    let mut dexp: i64 = 0;
    let mut sticky = false;
    let mut any = false;
    let mut seen_point = false;
    while j < s.len() {
        let c = s[j];
        if c == b'.' && !seen_point {
            seen_point = true;
            j += 1;
            continue;
        }
        if !c.is_ascii_digit() {
            break;
        }
        any = true;
        if digits.len() < 800 {
            if !digits.is_empty() || c != b'0' {
                digits.push(c - b'0');
            }
            if seen_point {
                dexp -= 1;
            }
        } else {
            if c != b'0' {
                sticky = true;
            }
            if !seen_point {
                dexp += 1;
            }
        }
        j += 1;
    }
    if !any {
        return (Ld::Zero { neg: false }, 0, false);
    }
    if j < s.len() && (s[j] | 0x20) == b'e' {
        if let Some((e, n)) = parse_exp(&s[j + 1..]) {
            dexp = dexp.saturating_add(e);
            j += 1 + n;
        }
    }
    if digits.is_empty() {
        return (Ld::Zero { neg }, j, false);
    }
    if sticky {
        digits.push(1);
        dexp -= 1;
    }
    let top = dexp + digits.len() as i64; // value < 10^top
    if top > 4934 {
        return (Ld::Inf { neg }, j, true);
    }
    if top < -4952 {
        return (Ld::Zero { neg }, j, true);
    }
    let mut n = Big(Vec::new());
    for &d in &digits {
        n.mul_small(10);
        n.add_small(d as u32);
    }
    let (v, r) = if dexp >= 0 {
        n.mul_pow5(dexp as u32);
        round_rational(neg, &n, &Big::from_u64(1), dexp)
    } else {
        round_rational(neg, &n, &Big::pow5((-dexp) as u32), dexp)
    };
    (v, j, r)
}

/// Parse an exponent "[+-]digits"; returns (value, consumed) or None.
fn parse_exp(s: &[u8]) -> Option<(i64, usize)> {
    let mut i = 0;
    let mut neg = false;
    if i < s.len() && (s[i] == b'+' || s[i] == b'-') {
        neg = s[i] == b'-';
        i += 1;
    }
    let start = i;
    let mut v: i64 = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        v = (v * 10 + (s[i] - b'0') as i64).min(1_000_000);
        i += 1;
    }
    if i == start {
        return None;
    }
    Some((if neg { -v } else { v }, i))
}

/// Exact decimal expansion: (digits without leading zeros, dp) with
/// value = 0.d1d2d3... * 10^dp.  Only for finite non-zero values.
fn exact_decimal(mant: u64, exp: i64) -> (Vec<u8>, i64) {
    let mut b = Big::from_u64(mant);
    let (digits, point) = if exp >= 0 {
        let d = b.shl(exp as u64).to_decimal();
        let l = d.len() as i64;
        (d, l)
    } else {
        b.mul_pow5((-exp) as u32);
        let d = b.to_decimal();
        let l = d.len() as i64;
        (d, l + exp)
    };
    let mut digits: Vec<u8> = digits.into_iter().map(|c| c - b'0').collect();
    while digits.last() == Some(&0) {
        digits.pop();
    }
    (digits, point)
}

/// Round digit string to `keep` digits (may be <= 0) with round-half-even.
/// Returns the kept digits (exactly max(keep,0) digits, maybe plus a carry
/// handled through dp) and the new dp.
fn round_digits(d: &[u8], dp: i64, keep: i64) -> (Vec<u8>, i64) {
    if keep < 0 {
        return (Vec::new(), dp);
    }
    let keep_u = keep as usize;
    if d.len() <= keep_u {
        let mut v = d.to_vec();
        v.resize(keep_u, 0);
        return (v, dp);
    }
    let mut v = d[..keep_u].to_vec();
    let first = d[keep_u];
    let rest_nonzero = d[keep_u + 1..].iter().any(|&x| x != 0);
    let last_odd = v.last().map(|&x| x & 1 == 1).unwrap_or(false);
    let up = first > 5 || (first == 5 && (rest_nonzero || last_odd));
    if up {
        let mut k = v.len();
        loop {
            if k == 0 {
                v.insert(0, 1);
                v.pop();
                return (v_or_one(v, keep_u), dp + 1);
            }
            k -= 1;
            if v[k] == 9 {
                v[k] = 0;
            } else {
                v[k] += 1;
                break;
            }
        }
    }
    (v, dp)
}

fn v_or_one(mut v: Vec<u8>, keep: usize) -> Vec<u8> {
    if keep == 0 {
        // rounding 0.5+ up with zero kept digits: represent as "1" one place higher
        v = vec![1];
    }
    v
}

struct FloatSpec {
    conv: u8,
    alt: bool,
    prec: Option<usize>,
}

/// Format a finite/non-finite value without sign, padding.  Returns the body.
fn format_float_body(v: &Ld, spec: &FloatSpec) -> Vec<u8> {
    let upper = spec.conv.is_ascii_uppercase();
    let mut body = match *v {
        Ld::Inf { .. } => b"inf".to_vec(),
        Ld::Nan { .. } => b"nan".to_vec(),
        Ld::Zero { .. } => fmt_finite(&[], 1, 0, 0, spec),
        Ld::Fin { mant, exp, .. } => {
            if spec.conv | 0x20 == b'a' {
                fmt_hex(mant, exp, spec)
            } else {
                let (d, dp) = exact_decimal(mant, exp);
                fmt_finite(&d, dp, mant, exp, spec)
            }
        }
    };
    if upper {
        body.make_ascii_uppercase();
    }
    body
}

fn fmt_finite(d: &[u8], dp: i64, mant: u64, exp: i64, spec: &FloatSpec) -> Vec<u8> {
    let is_zero = d.is_empty();
    match spec.conv | 0x20 {
        b'f' => fmt_f(d, dp, spec.prec.unwrap_or(6), spec.alt),
        b'e' => fmt_e(d, dp, is_zero, spec.prec.unwrap_or(6), spec.alt),
        b'g' => {
            let p = match spec.prec {
                None => 6,
                Some(0) => 1,
                Some(p) => p,
            };
            let x = if is_zero {
                0
            } else {
                let (_, ndp) = round_digits(d, dp, p as i64);
                ndp - 1
            };
            let mut s = if (p as i64) > x && x >= -4 {
                fmt_f(d, dp, (p as i64 - 1 - x) as usize, spec.alt)
            } else {
                fmt_e(d, dp, is_zero, p - 1, spec.alt)
            };
            if !spec.alt {
                // strip trailing zeros in the fraction
                let epos = s.iter().position(|&c| c == b'e').unwrap_or(s.len());
                let (mant_part, exp_part) = s.split_at(epos);
                let mut m = mant_part.to_vec();
                if m.contains(&b'.') {
                    while m.last() == Some(&b'0') {
                        m.pop();
                    }
                    if m.last() == Some(&b'.') {
                        m.pop();
                    }
                }
                m.extend_from_slice(exp_part);
                s = m;
            }
            s
        }
        _ => fmt_hex(mant, exp, spec),
    }
}

fn fmt_f(d: &[u8], dp: i64, prec: usize, alt: bool) -> Vec<u8> {
    let (r, ndp) = if d.is_empty() {
        (Vec::new(), 1)
    } else {
        round_digits(d, dp, dp + prec as i64)
    };
    let mut s = Vec::with_capacity(prec + 24);
    let digit = |k: i64| -> u8 {
        if k >= 0 && (k as usize) < r.len() {
            b'0' + r[k as usize]
        } else {
            b'0'
        }
    };
    if ndp <= 0 {
        s.push(b'0');
    } else {
        for k in 0..ndp {
            s.push(digit(k));
        }
    }
    if prec > 0 || alt {
        s.push(b'.');
    }
    for k in 0..prec as i64 {
        s.push(digit(ndp + k));
    }
    s
}

fn fmt_e(d: &[u8], dp: i64, is_zero: bool, prec: usize, alt: bool) -> Vec<u8> {
    let (r, x) = if is_zero {
        (vec![0u8; prec + 1], 0)
    } else {
        let (r, ndp) = round_digits(d, dp, prec as i64 + 1);
        (r, ndp - 1)
    };
    let mut s = Vec::with_capacity(prec + 10);
    s.push(b'0' + r.first().copied().unwrap_or(0));
    if prec > 0 || alt {
        s.push(b'.');
    }
    for k in 1..=prec {
        s.push(b'0' + r.get(k).copied().unwrap_or(0));
    }
    s.push(b'e');
    s.push(if x < 0 { b'-' } else { b'+' });
    let ax = x.unsigned_abs();
    if ax < 10 {
        s.push(b'0');
    }
    s.extend_from_slice(ax.to_string().as_bytes());
    s
}

/// glibc long double %a: first hex digit is the mantissa's top nibble.
fn fmt_hex(mant: u64, exp: i64, spec: &FloatSpec) -> Vec<u8> {
    let mut lead = (mant >> 60) as u32;
    let mut frac = mant & ((1u64 << 60) - 1); // 15 nibbles
    let mut e = if mant == 0 { 0 } else { exp + 60 };
    let mut nd = 15usize;
    if let Some(p) = spec.prec {
        if p < 15 {
            let drop_bits = 4 * (15 - p) as u32;
            let dropped = frac & ((1u64 << drop_bits) - 1);
            let half = 1u64 << (drop_bits - 1);
            frac >>= drop_bits;
            let odd = if p == 0 { lead & 1 == 1 } else { frac & 1 == 1 };
            if dropped > half || (dropped == half && odd) {
                frac += 1;
                if frac >> (4 * p) != 0 {
                    frac = 0;
                    lead += 1;
                    if lead == 16 {
                        lead = 1;
                        e += 4;
                    }
                }
            }
            nd = p;
        }
    }
    let mut digits: Vec<u8> = (0..nd.min(15))
        .map(|k| {
            let sh = 4 * (nd.min(15) - 1 - k);
            b"0123456789abcdef"[((frac >> sh) & 15) as usize]
        })
        .collect();
    match spec.prec {
        None => {
            while digits.last() == Some(&b'0') {
                digits.pop();
            }
        }
        Some(p) => digits.resize(p, b'0'),
    }
    let mut s = b"0x".to_vec();
    s.push(b"0123456789abcdef"[lead as usize]);
    if !digits.is_empty() || spec.alt {
        s.push(b'.');
    }
    s.extend_from_slice(&digits);
    s.push(b'p');
    s.push(if e < 0 { b'-' } else { b'+' });
    s.extend_from_slice(e.unsigned_abs().to_string().as_bytes());
    s
}

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
        if self.host.reserve(need) {
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
            escape_loop(&s[..end], EscMode::BashFormat, &mut out, &mut |w| {
                warns.push(w.to_vec())
            });
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
                    shell_quote_printf_q(&a)
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
                    let st = escape_loop(&a, EscMode::BashB, &mut buf, &mut |w| {
                        warns.push(w.to_vec())
                    });
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
                        escape_loop(&a[i..i + end], EscMode::CoreB, buf, &mut |_| {});
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

// ---------------------------------------------------------------------------
// strftime subset (UTC only)
// ---------------------------------------------------------------------------

/// Days since 1970-01-01 to (year, month 1-12, day 1-31).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

const WDAY: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
const MONTH: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Format `t` (seconds since the epoch, UTC) with a strftime subset:
/// %Y %C %y %m %d %e %H %I %k %l %M %S %p %j %a %A %b %h %B %u %w %Z %z %s
/// %T %D %F %R %r %c %x %X %n %t %%; unknown conversions are copied.
pub fn strftime_utc(fmt: &[u8], t: i64) -> Vec<u8> {
    // keep the arithmetic in range
    let t = t.clamp(-67_768_040_609_740_800, 67_768_036_191_676_799);
    let days = t.div_euclid(86_400);
    let secs = t.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    let (hh, mm, ss) = (secs / 3600, (secs / 60) % 60, secs % 60);
    let wday = (days + 4).rem_euclid(7) as usize;
    let cum = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
    let yday = cum[(m - 1) as usize] + d as i64 - 1 + if m > 2 && is_leap(y) { 1 } else { 0 };
    let mut o = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' || i + 1 >= fmt.len() {
            o.push(fmt[i]);
            i += 1;
            continue;
        }
        let c = fmt[i + 1];
        i += 2;
        let h12 = if hh % 12 == 0 { 12 } else { hh % 12 };
        let s: String = match c {
            b'Y' => y.to_string(),
            b'C' => format!("{:02}", y.div_euclid(100)),
            b'y' => format!("{:02}", y.rem_euclid(100)),
            b'm' => format!("{:02}", m),
            b'd' => format!("{:02}", d),
            b'e' => format!("{:2}", d),
            b'H' => format!("{:02}", hh),
            b'I' => format!("{:02}", h12),
            b'k' => format!("{:2}", hh),
            b'l' => format!("{:2}", h12),
            b'M' => format!("{:02}", mm),
            b'S' => format!("{:02}", ss),
            b'p' => (if hh < 12 { "AM" } else { "PM" }).to_string(),
            b'P' => (if hh < 12 { "am" } else { "pm" }).to_string(),
            b'j' => format!("{:03}", yday + 1),
            b'a' => WDAY[wday][..3].to_string(),
            b'A' => WDAY[wday].to_string(),
            b'b' | b'h' => MONTH[(m - 1) as usize][..3].to_string(),
            b'B' => MONTH[(m - 1) as usize].to_string(),
            b'u' => (if wday == 0 { 7 } else { wday }).to_string(),
            b'w' => wday.to_string(),
            b'Z' => "UTC".to_string(),
            b'z' => "+0000".to_string(),
            b's' => t.to_string(),
            b'T' => format!("{:02}:{:02}:{:02}", hh, mm, ss),
            b'X' => format!("{:02}:{:02}:{:02}", hh, mm, ss),
            b'D' | b'x' => format!("{:02}/{:02}/{:02}", m, d, y.rem_euclid(100)),
            b'F' => format!("{}-{:02}-{:02}", y, m, d),
            b'R' => format!("{:02}:{:02}", hh, mm),
            b'r' => format!(
                "{:02}:{:02}:{:02} {}",
                h12,
                mm,
                ss,
                if hh < 12 { "AM" } else { "PM" }
            ),
            b'c' => format!(
                "{} {} {:2} {:02}:{:02}:{:02} {}",
                &WDAY[wday][..3],
                &MONTH[(m - 1) as usize][..3],
                d,
                hh,
                mm,
                ss,
                y
            ),
            b'n' => "\n".to_string(),
            b't' => "\t".to_string(),
            b'%' => "%".to_string(),
            _ => {
                o.push(b'%');
                o.push(c);
                continue;
            }
        };
        o.extend_from_slice(s.as_bytes());
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    struct TestHost {
        limit: usize,
        used: usize,
    }
    impl PrintfHost for TestHost {
        fn now(&mut self) -> i64 {
            1_700_000_000
        }
        fn shell_start(&mut self) -> i64 {
            1_600_000_000
        }
        fn reserve(&mut self, bytes: usize) -> bool {
            if self.used.saturating_add(bytes) > self.limit {
                return false;
            }
            self.used += bytes;
            true
        }
    }
    fn host() -> TestHost {
        TestHost {
            limit: 10_000_000,
            used: 0,
        }
    }

    type Case = (
        &'static [u8],
        &'static [&'static [u8]],
        &'static [u8],
        i32,
        &'static [&'static [u8]],
    );

    /// Recorded from GNU bash 5.2.15 (`printf "$@"`, TZ=UTC, LANG=C.UTF-8).
    const BASH_CASES: &[Case] = &[
    (b"%d|%d\\n", &[b"12abc", b"3"], b"12|3\x0a", 1, &[b"printf: 12abc: invalid number"]),
    (b"%z|%d\\n", &[b"1", b"3"], b"", 1, &[b"printf: `|': invalid format character"]),
    (b"a%zb\\n", &[], b"a\x0a", 0, &[]),
    (b"%d\\n", &[b"'\xc3\xa9", b"'a", b"\"b", b"'"], b"233\x0a97\x0a98\x0a0\x0a", 0, &[]),
    (b"%d\\n", &[b" 12", b"12 ", b"+5", b"-5", b" -0x1f", b"010", b"0x", b"99999999999999999999", b"-99999999999999999999"], b"12\x0a12\x0a5\x0a-5\x0a-31\x0a8\x0a0\x0a9223372036854775807\x0a-9223372036854775808\x0a", 1, &[b"printf: 12 : invalid number", b"printf: 0x: invalid hex number", b"printf: warning: 99999999999999999999: Numerical result out of range", b"printf: warning: -99999999999999999999: Numerical result out of range"]),
    (b"%u\\n", &[b"-1"], b"18446744073709551615\x0a", 0, &[]),
    (b"%i %o %x %X %#o %#x\\n", &[b"10", b"10", b"255", b"255", b"8", b"255"], b"10 12 ff FF 010 0xff\x0a", 0, &[]),
    (b"%.20f|%.0f|%.0f|%.0f|%.2f|%g|%g|%g|%e|%a|%A\\n", &[b"0.1", b"0.5", b"1.5", b"2.5", b"0.125", b"100000", b"1000000", b"0.0001", b"0", b"1", b"-0.5"], b"0.10000000000000000000|0|2|2|0.12|100000|1e+06|0.0001|0.000000e+00|0x8p-3|-0X8P-4\x0a", 0, &[]),
    (b"%f %f %f %F %e %g %a\\n", &[b"inf", b"-inf", b"nan", b"NaN", b"infinity", b"-nan", b"1e5000"], b"inf -inf nan NAN inf -nan inf\x0a", 0, &[b"printf: warning: 1e5000: Numerical result out of range"]),
    (b"%f|%f|%f|%g|%#g|%#.0f|%#x|%#o|%+d|% d|%'d\\n", &[b"abc", b"1x", b"0x10", b"1e-5", b"1", b"3", b"0", b"0", b"5", b"5", b"1234567"], b"0.000000|1.000000|16.000000|1e-05|1.00000|3.|0|0|+5| 5|1234567\x0a", 1, &[b"printf: abc: invalid number", b"printf: 1x: invalid number"]),
    (b"%.3d|%08.3d|%-8d|%08d|%-08d|%+08.2f|%x|%c|%c|%5c|%.0s|%5.2s|\\n", &[b"5", b"5", b"5", b"-5", b"5", b"3.14159", b"-1", b"hello", b"", b"x", b"abc", b"abc"], b"005|     005|5       |-0000005|5       |+0003.14|ffffffffffffffff|h|\x00|    x||   ab|\x0a", 0, &[]),
    (b"%La %Lf %ld %lld %hd %hhd %jd %zd %td %qd\\n", &[b"1", b"1", b"1", b"1", b"70000", b"300", b"1", b"1", b"1", b"1"], b"0x8p-3 1.000000 1 1 70000 300 1 1 1 1d\x0a", 0, &[]),
    (b"%a %a %a %a %.2a %a %a\\n", &[b"0.1", b"3", b"1e-4940", b"255", b"1.999", b"0x1p-16445", b"1.5"], b"0xc.ccccccccccccccdp-7 0xcp-2 0x0.000000663278e62p-16385 0xf.fp+4 0xf.fep-3 0x0.000000000000001p-16385 0xcp-3\x0a", 0, &[b"printf: warning: 1e-4940: Numerical result out of range"]),
    (b"%.0a %.0a %.1a %a %a %a\\n", &[b"1.999", b"1.5", b"1.96875", b"1e4932", b"1.18973149535723176502e+4932", b"-0"], b"0x1p+1 0xcp-3 0xf.cp-3 0xd.72cb2a95c7ef6cdp+16380 0xf.fffffffffffffffp+16380 -0x0p+0\x0a", 0, &[]),
    (b"%g %g %g %g %.3g %.10g %#.3g %g %G\\n", &[b"1e-4", b"1e-5", b"123456", b"1234567", b"0.0001234", b"1.5", b"1", b"1e100", b"1e-100"], b"0.0001 1e-05 123456 1.23457e+06 0.000123 1.5 1.00 1e+100 1E-100\x0a", 0, &[]),
    (b"%e %.0e %#.0e %E %e\\n", &[b"12345.678", b"5", b"5", b"1e-300", b"1e300"], b"1.234568e+04 5e+00 5.e+00 1.000000E-300 1.000000e+300\x0a", 0, &[]),
    (b"%.0a %.0a %.0a %.1a\\n", &[b"1.0625", b"1.1875", b"1.03125", b"1.09375"], b"0x8p-3 0xap-3 0x8p-3 0x8.cp-3\x0a", 0, &[]),
    (b"%q\\n", &[b"a b", b"", b"~x", b"x~", b"#a", b"a#", b"a\x0ab", b"a'b", b"a\"b", b"$x", b"\xc3\xa9", b"\xff", b"\x01", b"a=/root", b"a:~", b"a=b:/root", b"\xe2\x80\xa8", b"\xc2\xa0"], b"a\\ b\x0a''\x0a\\~x\x0ax~\x0a\\#a\x0aa#\x0a$'a\\nb'\x0aa\\'b\x0aa\\\"b\x0a\\$x\x0a\xc3\xa9\x0a$'\\377'\x0a$'\\001'\x0aa=/root\x0aa:\\~\x0aa=b:/root\x0a$'\\342\\200\\250'\x0a\xc2\xa0\x0a", 0, &[]),
    (b"\\0101\\101\\1012\\08|\\x\\x414\\u\\u12345\\U\\U0001F600\\ud800\\U110000\\U7fffffff\\UFFFFFFFF\\q\\\"\\?\\e\\E\\c after", &[], b"\x081AA2\x008|\\xA4\\u\xe1\x88\xb45\\U\xf0\x9f\x98\x80\xed\xa0\x80\xf4\x90\x80\x80\xfd\xbf\xbf\xbf\xbf\xbf\\q\"?\x1b\x1b\\c after", 0, &[b"printf: missing hex digit for \\x", b"printf: missing unicode digit for \\u", b"printf: missing unicode digit for \\U"]),
    (b"%b|", &[b"\\0101\\101\\01012\\08", b"\\xZ\\x414", b"\\q\\\"\\?\\e\\E", b"\\u00e9\\ud800", b"a\\cb", b"x"], b"AAA2\x008|\\xZA4|\\q\\\"\\?\x1b\x1b|\xc3\xa9\xed\xa0\x80|a", 0, &[b"printf: missing hex digit for \\x"]),
    (b"%5%|%-5%|%%\\n", &[], b"", 1, &[b"printf: `%': invalid format character"]),
    (b"%s %s|", &[b"a", b"b", b"c"], b"a b|c |", 0, &[]),
    (b"x\\n", &[b"a", b"b"], b"x\x0a", 0, &[]),
    (b"%s-%d\\n", &[], b"-0\x0a", 0, &[]),
    (b"%*d|%.*f|\\n", &[b"5", b"1", b"2", b"3.14159", b"-3", b"2"], b"    1|3.14|\x0a2  |0|\x0a", 0, &[]),
    (b"%*d|\\n", &[b"abc", b"5"], b"5|\x0a", 1, &[b"printf: abc: invalid number"]),
    (b"%.*d|\\n", &[b"-3", b"5"], b"5|\x0a", 0, &[]),
    (b"%d%b%d", &[b"a", b"\\c", b"b"], b"0", 0, &[b"printf: a: invalid number"]),
    (b"%b|", &[b"\\x", b"\\u", b"\\U", b"\\'", b"\\\\", b"\\a\\b\\f\\n\\r\\t\\v", b"\\0", b"\\00000", b"\\1", b"\\400", b"\\777", b"\\0777", b"\\8", b"\\x1", b"\\x123", b"\\u110000", b"a\\\\", b"a\\"], b"\\x|\\u|\\U|\\'|\\|\x07\x08\x0c\x0a\x0d\x09\x0b|\x00|\x000|\x01|\x00|\xff|\xff|\\8|\x01|\x123|\xe1\x84\x8000|a\\|a\\|", 0, &[b"printf: missing hex digit for \\x", b"printf: missing unicode digit for \\u", b"printf: missing unicode digit for \\U"]),
    (b"abc%", &[], b"abc", 1, &[b"printf: `%': missing format character"]),
    (b"abc%-", &[], b"abc", 1, &[b"printf: `%-': missing format character"]),
    (b"a%(abc", &[], b"a%(abc", 0, &[b"printf: warning: `\x00': invalid time format specification"]),
    (b"%d|", &[b"", b"0xg", b"08", b"1 2", b" ", b"-", b"+", b"0x1F", b"0X1f", b" +0x1f", b"-0", b"9223372036854775808", b"'ab", b"019", b"0x1g"], b"0|0|0|1|0|0|0|31|31|31|0|9223372036854775807|97|1|1|", 1, &[b"printf: 0xg: invalid hex number", b"printf: 08: invalid octal number", b"printf: 1 2: invalid number", b"printf:  : invalid number", b"printf: -: invalid number", b"printf: +: invalid number", b"printf: warning: 9223372036854775808: Numerical result out of range", b"printf: 019: invalid octal number", b"printf: 0x1g: invalid hex number"]),
    (b"%u|%x|%o|", &[b"-1", b"-1", b"-5", b"18446744073709551615", b"18446744073709551616", b" -3"], b"18446744073709551615|ffffffffffffffff|1777777777777777777773|18446744073709551615|ffffffffffffffff|1777777777777777777775|", 0, &[b"printf: warning: 18446744073709551616: Numerical result out of range"]),
    (b"%f|%f|%f|%.3f|%f|%f|%e|", &[b"'a", b"0x1p3", b" 1.5", b"1e-400", b"1.5 ", b"", b"1,5"], b"97.000000|8.000000|1.500000|0.000|1.500000|0.000000|1.000000e+00|", 1, &[b"printf: 1.5 : invalid number", b"printf: 1,5: invalid number"]),
    (b"%(%Y-%m-%d %H:%M:%S %j %a %A %b %B %y %e %Z %z %s %T %D %F %R %% %n%t|)T\\n", &[b"1700000000"], b"2023-11-14 22:13:20 318 Tue Tuesday Nov November 23 14 UTC +0000 1700000000 22:13:20 11/14/23 2023-11-14 22:13 % \x0a\x09|\x0a", 0, &[]),
    (b"%()T|%15(%F)T|%-12.4(%F)T|%(%Q)T|%(%F)T\\n", &[b"3600", b"0", b"0", b"0", b"abc"], b"01:00:00|     1970-01-01|1970        |%Q|1970-01-01\x0a", 1, &[b"printf: abc: invalid number"]),
    (b"%(%F)T %(%F)T\\n", &[b"-100000000000", b"253402300800"], b"-1199-02-15 10000-01-01\x0a", 0, &[]),
    (b"%.3(%s)T|%#(%F)T|%+5(%F)T\\n", &[b"1", b"1", b"1"], b"1|1970-01-01|1970-01-01\x0a", 0, &[]),
    (b"%05s|%-5s|%5s|%.1s|", &[b"ab", b"ab", b"ab", b"\xc3\xa9"], b"   ab|ab   |   ab|\xc3|", 0, &[]),
    (b"%c|%5c|%-3c|", &[b"\xc3\xa9", b"abc", b"x"], b"\xc3|    a|x  |", 0, &[]),
    (b"%.3x|%#.3x|%#5x|%#05x|%-#8o|%+u|% u|%+x", &[b"10", b"10", b"10", b"10", b"8", b"5", b"5", b"5"], b"00a|0x00a|  0xa|0x00a|010     |5|5|5", 0, &[]),
    (b"%+.3e|%-12.4e|%012.4e|%+012.4e|% f|%+f", &[b"1234.5", b"1234.5", b"-1234.5", b"1234.5", b"1", b"1"], b"+1.234e+03|1.2345e+03  |-01.2345e+03|+01.2345e+03| 1.000000|+1.000000", 0, &[]),
    (b"%10.3f|%-10.3f|%010.3f|%+010.3f|%010f|%-010f", &[b"3.14159", b"3.14159", b"-3.14159", b"3.14159", b"inf", b"nan"], b"     3.142|3.142     |-00003.142|+00003.142|       inf|nan       ", 0, &[]),
    (b"%g|%g|%g|%g|%g|%g|%#g|%#g|%.0g|%.1g", &[b"0", b"100", b"0.00001234", b"123456789", b"1e15", b"-0.0", b"0", b"123456789", b"0.5", b"0.05"], b"0|100|1.234e-05|1.23457e+08|1e+15|-0|0.00000|1.23457e+08|0.5|0.05", 0, &[]),
    (b"%.15g|%.17g|%.20g|%.30e", &[b"0.1", b"0.1", b"0.1", b"0.1"], b"0.1|0.1|0.1|1.000000000000000000013552527156e-01", 0, &[]),
    (b"%f|%.10f|%.0e|%e", &[b"1e20", b"123.456", b"15", b"1e-10"], b"100000000000000000000.000000|123.4560000000|2e+01|1.000000e-10", 0, &[]),
    (b"%a|%A|%.3a|%#a|%20a|%-20a|%020a", &[b"10", b"10", b"10", b"1", b"1", b"1", b"1"], b"0xap+0|0XAP+0|0xa.000p+0|0x8.p-3|              0x8p-3|0x8p-3              |0x000000000000008p-3", 0, &[]),
    (b"%.0f|%.0f|%.0f|%.0f|%.1f|%.1f|%.2f|%.2f", &[b"3.5", b"4.5", b"-0.5", b"0.49999", b"0.25", b"0.35", b"1.005", b"2.675"], b"4|4|-0|0|0.2|0.3|1.00|2.67", 0, &[]),
    (b"%s %d %s\\n", &[b"a", b"1", b"b", b"2", b"c"], b"a 1 b\x0a2 0 \x0a", 1, &[b"printf: c: invalid number"]),
    (b"%5d|%-5d|%05d|%+5d|% 05d|%.0d|%.0d|", &[b"42", b"42", b"42", b"42", b"42", b"0", b"1"], b"   42|42   |00042|  +42| 0042||1|", 0, &[]),
    (b"%x %X %o", &[b"0x7fffffffffffffff", b"-0x8000000000000000", b"0xffffffffffffffff"], b"7fffffffffffffff 8000000000000000 1777777777777777777777", 0, &[]),
    (b"%d", &[b"0xffffffffffffffff"], b"9223372036854775807", 0, &[b"printf: warning: 0xffffffffffffffff: Numerical result out of range"]),
    (b"%d", &[b"-9223372036854775808"], b"-9223372036854775808", 0, &[]),
    (b"%u", &[b"-18446744073709551616"], b"18446744073709551615", 0, &[b"printf: warning: -18446744073709551616: Numerical result out of range"]),
    (b"%e", &[b"1e-4950"], b"1.093560e-4950", 0, &[b"printf: warning: 1e-4950: Numerical result out of range"]),
    (b"%.50f", &[b"1e-5"], b"0.00000999999999999999999994891332536872501079994180", 0, &[]),
    (b"%f", &[b"123456789012345678901234567890"], b"123456789012345678899921813504.000000", 0, &[]),
    (b"%*s%1a", &[b"0", b"~a", b"-0"], b"~a-0x0p+0", 0, &[]),
    (b"%.qx y", &[b"'A", b"\xc3\xa9", b"1", b"", b"~a"], b"x yx yx yx yx y", 0, &[]),
    (b"%+F%0.*F-%0#e", &[b"9999999999999999999", b"0x1.8p3"], b"+9999999999999999999.0000000.0-0.000000e+00", 1, &[b"printf: 0x1.8p3: invalid hex number"]),
    (b"%*.0G% -1b%#.1%%+0e", &[b"", b"\\t\\c", b"  7", b"0.000123"], b"0  7", 1, &[b"printf: \\t\\c: invalid number", b"printf: `%': invalid format character"]),
    (b"%0a%0+A% .10A", &[b"0.000123", b"x\\0101", b"0.000123"], b"0x8.0f98fa376922d95p-16+0X0P+0 0X8.0F98FA3769P-16", 1, &[b"printf: x\\0101: invalid number"]),
    (b"%0 1X", &[b"0x1f", b"-2.5", b"nan", b"-1"], b"1FFFFFFFFFFFFFFFFE0FFFFFFFFFFFFFFFF", 1, &[b"printf: -2.5: invalid number", b"printf: nan: invalid number"]),
    (b"a", &[b"0", b"-0", b"inf"], b"a", 0, &[]),
    (b"|%12X% #.d", &[b"\\n", b"123456.789"], b"|           0 123456", 1, &[b"printf: \\n: invalid number", b"printf: 123456.789: invalid number"]),
    (b"%-5A%*.*X%#+b%-#A", &[], b"0X0P+00X0.P+0", 0, &[]),
    (b"|%-.1X%+1e", &[b"#x", b"12abc", b"  7", b"-1"], b"|0+1.200000e+01|7-1.000000e+00", 1, &[b"printf: #x: invalid number", b"printf: 12abc: invalid number"]),
    (b"\\qx y%05.o|", &[b"'A", b"-0", b"123456.789", b"  7"], b"\\qx y  101|\\qx y     |\\qx y361100|\\qx y    7|", 1, &[b"printf: 123456.789: invalid number"]),
    (b"%-*.10u%-5gx y", &[], b"00000000000    x y", 0, &[]),
    (b"% u%-d", &[b"0", b"-2.5", b"x\\0101", b"1e10"], b"0-201", 1, &[b"printf: -2.5: invalid number", b"printf: x\\0101: invalid number", b"printf: 1e10: invalid number"]),
    (b"x y", &[b"1e10"], b"x y", 0, &[]),
    (b"|a%0.1s%.F", &[b"2.5", b"~a", b"\\t\\c", b"2.5", b"\\t\\c"], b"|a20|a\\2|a\\0", 1, &[b"printf: ~a: invalid number"]),
    (b"%+.0G-x y-", &[b"\\n"], b"+0-x y-", 1, &[b"printf: \\n: invalid number"]),
    (b"|% +1.E%0d", &[b"0", b"9999999999999999999", b"0.000123", b"0x1.8p3", b"1e300"], b"|+0E+009223372036854775807|+1E-041|+1E+3000", 1, &[b"printf: warning: 9999999999999999999: Numerical result out of range", b"printf: 0x1.8p3: invalid hex number"]),
    (b"% 12.0x%- q", &[b"'A", b"0x1f", b"1.5", b"\xc3\xa9", b"12abc"], b"          410x1f           1\xc3\xa9           c''", 1, &[b"printf: 1.5: invalid number", b"printf: 12abc: invalid number"]),
    (b"%+ c", &[b"nan", b"~a", b"#x"], b"n~#", 0, &[]),
    (b"%+1A", &[b"1", b"42", b"0.000123", b"1e-10"], b"+0X8P-3+0XA.8P+2+0X8.0F98FA376922D95P-16+0XD.BE6FECEBDEDD5BFP-37", 0, &[]),
    (b"%#+.10f%1G", &[b"  7"], b"+7.00000000000", 0, &[]),
    (b"% 0*u%0#12.10i", &[b"\\t\\c", b"0.000123", b"\\n"], b"0  0000000000", 1, &[b"printf: \\t\\c: invalid number", b"printf: 0.000123: invalid number", b"printf: \\n: invalid number"]),
    (b"%.1u\\n", &[b"-2.5"], b"18446744073709551614\x0a", 1, &[b"printf: -2.5: invalid number"]),
    (b"%.3a-%#+*F\\x41", &[b"0", b"010", b"~a", b"1", b"1"], b"0x0.000p+0-+0.000000A0x8.000p-3-+0.000000A", 1, &[b"printf: ~a: invalid number"]),
    (b"%5f%#X", &[b"0.000123", b"0x1.8p3", b"x\\0101", b"1e10"], b"0.0001230X10.0000000X1", 1, &[b"printf: 0x1.8p3: invalid hex number", b"printf: x\\0101: invalid number", b"printf: 1e10: invalid number"]),
    (b"%+1da", &[b"9999999999999999999", b"1e-10", b"3.14159", b"  7"], b"+9223372036854775807a+1a+3a+7a", 1, &[b"printf: warning: 9999999999999999999: Numerical result out of range", b"printf: 1e-10: invalid number", b"printf: 3.14159: invalid number"]),
    (b"%#.10gx y% .*%", &[b"1e10", b"\\n", b"\\n"], b"1.000000000e+10x y", 1, &[b"printf: \\n: invalid number", b"printf: `%': invalid format character"]),
    (b"%0bx y", &[b"x\\0101", b"1.5", b"12abc", b"~a"], b"xAx y1.5x y12abcx y~ax y", 0, &[]),
    (b"%a%0-5F", &[b"1", b"x\\0101", b"abc", b"\\t\\c", b"-0"], b"0x8p-30.0000000x0p+00.000000-0x0p+00.000000", 1, &[b"printf: x\\0101: invalid number", b"printf: abc: invalid number", b"printf: \\t\\c: invalid number"]),
    (b"%- A% +12.3b", &[], b" 0X0P+0            ", 0, &[]),
    (b"%0#1d|% .0E", &[b"-0", b"3.14159"], b"0| 3E+00", 0, &[]),
    (b"% #X", &[b"-0", b"0.000123"], b"00", 1, &[b"printf: 0.000123: invalid number"]),
    (b"%+12g%0d", &[b"\\t\\c", b"2.5", b"\xc3\xa9", b"inf"], b"          +02          +00", 1, &[b"printf: \\t\\c: invalid number", b"printf: 2.5: invalid number", b"printf: \xc3\xa9: invalid number", b"printf: inf: invalid number"]),
    (b"|%#+.10X|", &[b"~a", b"a b", b"1.5", b"\\t\\c", b"inf"], b"|0000000000||0000000000||0X0000000001||0000000000||0000000000|", 1, &[b"printf: ~a: invalid number", b"printf: a b: invalid number", b"printf: 1.5: invalid number", b"printf: \\t\\c: invalid number", b"printf: inf: invalid number"]),
    (b"% -*.X", &[], b"", 0, &[]),
    (b"%.s", &[b"~a", b"123456.789", b"-0", b"1e10", b"0x1f"], b"", 0, &[]),
    (b"\\t", &[b"~a", b"\\n", b"12abc"], b"\x09", 0, &[]),
    (b"\\101%#+12.10u", &[b"-2.5"], b"A18446744073709551614", 1, &[b"printf: -2.5: invalid number"]),
    (b"a", &[b"2.5", b"\\n", b"9999999999999999999"], b"a", 0, &[]),
    (b"%+-5qx y", &[b"1e-10", b"-2.5"], b"1e-10x y-2.5 x y", 0, &[]),
    (b"%-1x-%-*f%.*f", &[b"inf", b"inf"], b"0-0.0000000", 1, &[b"printf: inf: invalid number", b"printf: inf: invalid number"]),
    (b"%+ 1q", &[b"010", b"\xc3\xa9", b"3.14159"], b"010\xc3\xa93.14159", 0, &[]),
    (b"%- 1.0A%b%-.10i", &[b"1e-10", b"\\t\\c", b"~a"], b" 0XEP-37\x09", 0, &[]),
    (b"%-12.a", &[], b"0x0p+0      ", 0, &[]),
    (b"%*F|%12a", &[b"1e300", b"0.5", b"1e-10", b"~a"], b"0.500000|0xd.be6fecebdedd5bfp-370.000000|      0x0p+0", 1, &[b"printf: 1e300: invalid number", b"printf: ~a: invalid number"]),
    (b"%+*u", &[b"0.000123", b"1e-10", b"3.14159"], b"1  0", 1, &[b"printf: 0.000123: invalid number", b"printf: 1e-10: invalid number", b"printf: 3.14159: invalid number"]),
    (b"%0 12.1b", &[b"0", b"1e10", b"abc", b"2.5"], b"           0           1           a           2", 0, &[]),
    (b"%-#.1a%xx y", &[b"nan", b"inf", b"123456.789", b"a b"], b"nan0x y0xf.1p+130x y", 1, &[b"printf: inf: invalid number", b"printf: a b: invalid number"]),
    (b"%0X-%+-*i", &[], b"0-+0", 0, &[]),
    (b"%1e%.10G% 5E", &[b"~a", b"a b", b"010"], b"0.000000e+000 1.000000E+01", 1, &[b"printf: ~a: invalid number", b"printf: a b: invalid number"]),
    (b"%#*sx yx y-", &[b"0", b"1e10", b"1.5", b"  7", b"2.5"], b"1e10x yx y-  7x yx y-  x yx y-", 1, &[b"printf: 1.5: invalid number", b"printf: 2.5: invalid number"]),
    (b"%0#c%#+X\\n", &[b"-1", b"a b", b"x\\0101"], b"-0\x0ax0\x0a", 1, &[b"printf: a b: invalid number"]),
    (b"\\q%-0a\\101%#.s", &[b"abc", b"x\\0101"], b"\\q0x0p+0A", 1, &[b"printf: abc: invalid number"]),
    (b"|%+.3f", &[b"9999999999999999999", b"x\\0101", b"-0", b"\xc3\xa9"], b"|+9999999999999999999.000|+0.000|-0.000|+0.000", 1, &[b"printf: x\\0101: invalid number", b"printf: \xc3\xa9: invalid number"]),
    (b"%+.3A|\\t", &[b"1"], b"+0X8.000P-3|\x09", 0, &[]),
    (b"\\x41", &[], b"A", 0, &[]),
    (b"%.10i%# 1A%- .*i%-#*.10s", &[b"1e10", b"1e300", b"0.5"], b"0000000001 0XB.F21E44003ACDD2DP+993 ", 1, &[b"printf: 1e10: invalid number", b"printf: 0.5: invalid number"]),
    (b"%+0.10F%0+s", &[], b"+0.0000000000", 0, &[]),
    (b"% 0*.E", &[b"-0", b"-0", b"inf", b"x\\0101"], b"-0E+00 0E+00", 1, &[b"printf: inf: invalid number", b"printf: x\\0101: invalid number"]),
    (b"|%0-x", &[b"-0", b"-0", b"1e300"], b"|0|0|1", 1, &[b"printf: 1e300: invalid number"]),
    (b"\\t%#+5%%+-x", &[b"'A", b"2.5", b"0x1.8p3", b"1e300", b"123456.789"], b"\x09", 1, &[b"printf: `%': invalid format character"]),
    (b"|", &[b"nan", b"", b"-2.5", b"42", b"0x1f"], b"|", 0, &[]),
    (b"\\t", &[b"1.5", b"\xc3\xa9", b"2.5", b"0"], b"\x09", 0, &[]),
    (b"%+-.*g", &[b"\\n", b"1"], b"+1", 1, &[b"printf: \\n: invalid number"]),
    (b"%5i", &[b"3.14159", b"-2.5"], b"    3   -2", 1, &[b"printf: 3.14159: invalid number", b"printf: -2.5: invalid number"]),
    (b"\\t", &[b"42", b"a b"], b"\x09", 0, &[]),
    (b"x y", &[b"inf", b"0.5"], b"x y", 0, &[]),
    (b"\\\\%5f%0#a", &[b"", b"1.5"], b"\\0.0000000xc.p-3", 0, &[]),
    (b"a|", &[b"-0", b"1", b"nan"], b"a|", 0, &[]),
    (b"%#1o% -.0x|", &[b"'A", b"1e300", b"123456.789", b"a b", b"9999999999999999999"], b"01011|0361100|01053071060221171777777|", 1, &[b"printf: 1e300: invalid number", b"printf: 123456.789: invalid number", b"printf: a b: invalid number"]),
    (b"x y%-.1d", &[b"0", b"1e-10", b"\\n", b"0.5"], b"x y0x y1x y0x y0", 1, &[b"printf: 1e-10: invalid number", b"printf: \\n: invalid number", b"printf: 0.5: invalid number"]),
    (b"x y% .10cx y%-0b", &[b"0.000123", b"-0", b"0.000123", b"1e300"], b"x y0x y-0x y0x y1e300", 0, &[]),
    (b"%+-.0u% #.*i", &[b"\xc3\xa9", b"x\\0101", b"\\n", b"0.000123"], b"  ", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: x\\0101: invalid number", b"printf: \\n: invalid number", b"printf: 0.000123: invalid number"]),
    (b"%#.10b-%+#u", &[b"1", b"1e300", b"'A", b"\\n"], b"1-1'A-0", 1, &[b"printf: 1e300: invalid number", b"printf: \\n: invalid number"]),
    (b"%12g%#05.3q", &[], b"           0   ''", 0, &[]),
    (b"%*.o%#F%fx y", &[b"", b"\\t\\c", b"0", b"inf", b"\xc3\xa9"], b"0.000000infx y0.0000000.000000x y", 1, &[b"printf: \\t\\c: invalid number", b"printf: \xc3\xa9: invalid number"]),
    (b"%+5.10d%+e", &[b"  7", b"3.14159", b"inf", b"\\t\\c", b"#x"], b"+0000000007+3.141590e+00+0000000000+0.000000e+00+0000000000+0.000000e+00", 1, &[b"printf: inf: invalid number", b"printf: \\t\\c: invalid number", b"printf: #x: invalid number"]),
    (b"%1s", &[], b" ", 0, &[]),
    (b"%.1A|", &[b"2.5", b"~a", b"  7", b"x\\0101"], b"0XA.0P-2|0X0.0P+0|0XE.0P-1|0X0.0P+0|", 1, &[b"printf: ~a: invalid number", b"printf: x\\0101: invalid number"]),
    (b"%#+12.0f%G", &[b"abc", b"nan"], b"         +0.NAN", 1, &[b"printf: abc: invalid number"]),
    (b"\\x41\\x41|", &[b"", b"010"], b"AA|", 0, &[]),
    (b"%0+E", &[b"1e-10", b"#x", b"\\t\\c", b"010"], b"+1.000000E-10+0.000000E+00+0.000000E+00+1.000000E+01", 1, &[b"printf: #x: invalid number", b"printf: \\t\\c: invalid number"]),
    (b"%1.3a", &[b"1e-10", b"1e-10", b"3.14159"], b"0xd.be7p-370xd.be7p-370xc.910p-2", 0, &[]),
    (b"%*.0E\\t", &[b"0x1.8p3", b"9999999999999999999"], b"1E+19\x09", 1, &[b"printf: 0x1.8p3: invalid hex number"]),
    (b"%+.10%", &[], b"", 1, &[b"printf: `%': invalid format character"]),
    (b"%012.0ux y%a", &[], b"            x y0x0p+0", 0, &[]),
    (b"%012u%#0.X", &[b"  7", b"", b"x\\0101", b"-0", b"x\\0101"], b"000000000007000000000000000000000000", 1, &[b"printf: x\\0101: invalid number", b"printf: x\\0101: invalid number"]),
    (b"\\n%1.s\\q%+1c", &[b"0x1f"], b"\x0a \\q\x00", 0, &[]),
    (b"%05.10o%5F", &[b"-1", b"  7", b"3.14159"], b"17777777777777777777777.00000000000000030.000000", 1, &[b"printf: 3.14159: invalid number"]),
    (b"x y% #12.q%-12%%-G", &[b"\\t\\c", b"1", b"1e10"], b"x y            ", 1, &[b"printf: `%': invalid format character"]),
    (b"%12.1q", &[], b"           '", 0, &[]),
    (b"%-.10q|%+5a", &[b"  7", b"x\\0101"], b"\\ \\ 7|+0x0p+0", 1, &[b"printf: x\\0101: invalid number"]),
    (b"%01E%#o|", &[b"x\\0101", b"-2.5"], b"0.000000E+0001777777777777777777776|", 1, &[b"printf: x\\0101: invalid number", b"printf: -2.5: invalid number"]),
    (b"\\q%12i", &[b"  7", b"1.5", b"'A", b"3.14159", b"2.5"], b"\\q           7\\q           1\\q          65\\q           3\\q           2", 1, &[b"printf: 1.5: invalid number", b"printf: 3.14159: invalid number", b"printf: 2.5: invalid number"]),
    (b"%+-12i-%.10b", &[b"0x1f", b"010", b""], b"+31         -010+0          -", 0, &[]),
    (b"%0-.G", &[b"123456.789", b"0.000123", b""], b"1E+050.00010", 0, &[]),
    (b"x y", &[], b"x y", 0, &[]),
    (b"\\\\|", &[], b"\\|", 0, &[]),
    (b"|\\101", &[b"0x1.8p3"], b"|A", 0, &[]),
    (b"%-+.10F%#0*.%%01e", &[b"  7", b"0x1.8p3", b"  7", b"1e300", b"~a"], b"+7.0000000000", 1, &[b"printf: 0x1.8p3: invalid hex number", b"printf: `%': invalid format character"]),
    (b"%1.g%-+.*o-", &[b"123456.789", b"", b"1"], b"1e+051-", 0, &[]),
    (b"%0 *.10c%.0i", &[b"inf", b"", b"inf", b"\\t\\c"], b"\x00\x00", 1, &[b"printf: inf: invalid number", b"printf: inf: invalid number", b"printf: \\t\\c: invalid number"]),
    (b"\\t% 12.0x-%01F", &[b"-0", b"\xc3\xa9", b"0", b"1.5"], b"\x09            -0.000000\x09            -1.500000", 1, &[b"printf: \xc3\xa9: invalid number"]),
    (b"%f", &[b"a b", b"", b"42"], b"0.0000000.00000042.000000", 1, &[b"printf: a b: invalid number"]),
    (b"%0+1o", &[b"0"], b"0", 0, &[]),
    (b"%-01g", &[], b"0", 0, &[]),
    (b"%+12X", &[b"\\t\\c"], b"           0", 1, &[b"printf: \\t\\c: invalid number"]),
    (b"\\\\", &[b"~a", b"-1", b"123456.789", b"2.5", b"x\\0101"], b"\\", 0, &[]),
    (b"|", &[b"-2.5", b"0x1f", b"'A", b""], b"|", 0, &[]),
    (b"%12xx y", &[b""], b"           0x y", 0, &[]),
    (b"%-.0X", &[], b"", 0, &[]),
    (b"\\q", &[b"1e10", b"-2.5", b"", b"9999999999999999999", b"nan"], b"\\q", 0, &[]),
    (b"%- .1c%0#.3E% u\\x41", &[b"1.5", b"123456.789"], b"11.235E+050A", 0, &[]),
    (b"% *G|%x", &[b"#x"], b" 0|0", 1, &[b"printf: #x: invalid number"]),
    (b"a%+12.3F", &[], b"a      +0.000", 0, &[]),
    (b"|x y%0.1e", &[b"3.14159", b"-0", b"'A"], b"|x y3.1e+00|x y-0.0e+00|x y6.5e+01", 0, &[]),
    (b"%.3G-", &[], b"0-", 0, &[]),
    (b"%5X%-+*i", &[b"0x1.8p3", b"0.000123"], b"    1+0", 1, &[b"printf: 0x1.8p3: invalid hex number", b"printf: 0.000123: invalid number"]),
    (b"% 0%-", &[b"3.14159", b"nan", b"3.14159"], b"", 1, &[b"printf: `%': invalid format character"]),
    (b"|%12s%12.3A", &[b"'A", b"-0", b"0.000123", b"0x1.8p3"], b"|          'A -0X0.000P+0|    0.000123  0XC.000P+0", 0, &[]),
    (b"%+ 1.10%%*.3E|", &[], b"", 1, &[b"printf: `%': invalid format character"]),
    (b"x y", &[b"1e300", b"2.5", b"12abc", b"0x1.8p3"], b"x y", 0, &[]),
    (b"x y--%+F", &[], b"x y--+0.000000", 0, &[]),
    (b"%+*i% +.10E%-#a%5g", &[b"0x1f"], b"                             +0+0.0000000000E+000x0.p+0    0", 0, &[]),
    (b"\\q%0.10b%+ g", &[], b"\\q+0", 0, &[]),
    (b"%0+.10c%1.3x%1%% X", &[b"-0", b"0x1f", b"1", b"42"], b"-01f", 1, &[b"printf: `%': invalid format character"]),
    (b"%+#.*u", &[b"42", b"#x", b"-0"], b"000000000000000000000000000000000000000000", 1, &[b"printf: #x: invalid number"]),
    (b"%-+*s%+5E%xa", &[b"42", b"#x", b"abc"], b"#x                                        +0.000000E+000a", 1, &[b"printf: abc: invalid number"]),
    (b"%0.10e%12i%12A", &[b"9999999999999999999"], b"1.0000000000e+19           0      0X0P+0", 0, &[]),
    (b"%#+12E\\\\", &[b"\\n", b"'A"], b"+0.000000E+00\\+6.500000E+01\\", 1, &[b"printf: \\n: invalid number"]),
    (b"a%u%+ *.*b", &[b"'A", b"010"], b"a65        ", 0, &[]),
    (b"|%5.1g", &[b"1e-10", b"1", b"0.000123", b"0x1f"], b"|1e-10|    1|0.0001|3e+01", 0, &[]),
    (b"\\x41%.10s", &[b"abc", b"'A", b"a b", b"1e-10"], b"AabcA'AAa bA1e-10", 0, &[]),
    (b"%-1e%F|", &[], b"0.000000e+000.000000|", 0, &[]),
    (b"%.3%", &[b"1e300", b"-0", b"abc", b"\xc3\xa9"], b"", 1, &[b"printf: `%': invalid format character"]),
    (b"%#5.0E\\t%01.10d", &[], b"0.E+00\x090000000000", 0, &[]),
    (b"%#5G%0x% -5u%.0F", &[], b"0.0000000    0", 0, &[]),
    (b"%-%%0.10a%#+s%#5G", &[], b"", 1, &[b"printf: `%': invalid format character"]),
    (b"%1.3E", &[], b"0.000E+00", 0, &[]),
    (b"%a%0-*.1g%#.0c", &[b"9999999999999999999", b"0x1f", b"2.5"], b"0x8.ac7230489e7ffffp+602                              \x00", 0, &[]),
    (b"%#05.x%.1q%5i%0 .q", &[b"-0"], b"     '    0", 0, &[]),
    (b"%-b", &[b"1", b"\\t\\c", b"1e10", b"0.5", b"2.5"], b"1\x09", 0, &[]),
    (b"x y%-+1u%+5.0o%0#5.0o", &[b"nan", b"42", b"1", b"\xc3\xa9"], b"x y0   52   01x y0         0", 1, &[b"printf: nan: invalid number", b"printf: \xc3\xa9: invalid number"]),
    (b"%#.0i%#12x%1.3g", &[b""], b"           00", 0, &[]),
    (b"x ya% x", &[b"\\n", b"-1", b"\\n", b"#x", b"1"], b"x ya0x yaffffffffffffffffx ya0x ya0x ya1", 1, &[b"printf: \\n: invalid number", b"printf: \\n: invalid number", b"printf: #x: invalid number"]),
    (b"\\x41%012.0s", &[b"1e10", b"0x1f", b"0x1.8p3", b"0.000123"], b"A            A            A            A            ", 0, &[]),
    (b"%-x%*e%01.0q%-u", &[b"#x", b"nan"], b"00.000000e+00 0", 1, &[b"printf: #x: invalid number", b"printf: nan: invalid number"]),
    (b"\\n", &[b"\\n", b"1", b"1e300"], b"\x0a", 0, &[]),
    (b"%#0ba", &[b"-2.5", b"inf", b"-1"], b"-2.5ainfa-1a", 0, &[]),
    (b"a%1G%# X%05e", &[b"1.5", b"2.5"], b"a1.50X20.000000e+00", 1, &[b"printf: 2.5: invalid number"]),
    (b"%# x%*.0q%- 5.3e", &[b"1e10", b"1.5", b""], b"0x1  0.000e+00", 1, &[b"printf: 1e10: invalid number", b"printf: 1.5: invalid number"]),
    (b"%# 1u%0#5.10u|", &[b"'A", b"9999999999999999999"], b"659999999999999999999|", 0, &[]),
    (b"\\101\\na", &[b"~a", b"-1", b"'A", b"3.14159", b"2.5"], b"A\x0aa", 0, &[]),
    (b"%1.0x%-#.0sa\\n", &[], b" a\x0a", 0, &[]),
    (b"%- 1G\\\\", &[b"\\t\\c", b"#x", b"-0"], b" 0\\ 0\\-0\\", 1, &[b"printf: \\t\\c: invalid number", b"printf: #x: invalid number"]),
    (b"x y", &[b"\\t\\c", b"1e-10", b"'A", b"1"], b"x y", 0, &[]),
    (b"%*.3%", &[b"  7", b"3.14159", b"-1"], b"", 1, &[b"printf: `%': invalid format character"]),
    (b"%# .1a%- 5.0s", &[b"42"], b" 0xa.8p+2     ", 0, &[]),
    (b"%1i%#e%-#.1b% #c", &[b"\\t\\c", b"0.000123"], b"01.230000e-04\x00", 1, &[b"printf: \\t\\c: invalid number"]),
    (b"%+#X% -*.3u%1i\\\\", &[b"123456.789", b"1e-10", b"12abc", b"\xc3\xa9"], b"0X1E2400120\\", 1, &[b"printf: 123456.789: invalid number", b"printf: 1e-10: invalid number", b"printf: 12abc: invalid number", b"printf: \xc3\xa9: invalid number"]),
    (b"%+#.10f-a", &[b"  7", b"0x1f"], b"+7.0000000000-a+31.0000000000-a", 0, &[]),
    (b"\\n-", &[b"~a", b"1e300", b"0.5"], b"\x0a-", 0, &[]),
    (b"%-01.0q% -12.0G%-05.0Ea", &[b"2.5"], b"  0          0E+00a", 0, &[]),
    (b"%0+*.1b", &[b"010", b"-1", b"\\n"], b"       -", 1, &[b"printf: \\n: invalid number"]),
    (b"% 1.*Ax y|\\x41", &[b"1e300", b"9999999999999999999", b"0.000123", b"#x", b"\\t\\c"], b" 0X8.BP+60x y|A 0X0P+0x y|A 0X0P+0x y|A", 1, &[b"printf: 1e300: invalid number", b"printf: 0.000123: invalid number", b"printf: #x: invalid number", b"printf: \\t\\c: invalid number"]),
    (b"\\101%0+1.3X\\\\\\n", &[b"1e300"], b"A001\\\x0a", 1, &[b"printf: 1e300: invalid number"]),
    (b"\\n", &[b"42", b"0x1f", b"3.14159"], b"\x0a", 0, &[]),
    (b"%#-1e", &[b"~a", b"1e10"], b"0.000000e+001.000000e+10", 1, &[b"printf: ~a: invalid number"]),
    (b"%#5c%#A%1.1a", &[], b"    \x000X0.P+00x0.0p+0", 0, &[]),
    (b"%1s%5F|", &[b"\\t\\c", b"\xc3\xa9", b"0x1.8p3", b"0.000123", b"-1"], b"\\t\\c0.000000|0x1.8p30.000123|-10.000000|", 1, &[b"printf: \xc3\xa9: invalid number"]),
    (b"|", &[b"'A"], b"|", 0, &[]),
    (b"% #.3ga%#+1.1e%0f", &[b"\\n", b"0.5", b"\\t\\c", b"#x"], b" 0.00a+5.0e-010.000000 0.00a+0.0e+000.000000", 1, &[b"printf: \\n: invalid number", b"printf: \\t\\c: invalid number", b"printf: #x: invalid number"]),
    (b"%.*a%-#u%-0*Ga", &[b"9999999999999999999"], b"0x0p+000a", 0, &[b"printf: warning: 9999999999999999999: Numerical result out of range"]),
    (b"%.1%% -.10A%+5o%# 1F", &[b"-0"], b"", 1, &[b"printf: `%': invalid format character"]),
    (b"\\101%u%5.u%u", &[], b"A0     0", 0, &[]),
    (b"%-*Ex y%*%", &[b"12abc", b"2.5", b"3.14159", b"42", b"0"], b"2.500000E+00x y", 1, &[b"printf: 12abc: invalid number", b"printf: 3.14159: invalid number", b"printf: `%': invalid format character"]),
    (b"aa% 01E", &[b"1e-10", b"  7"], b"aa 1.000000E-10aa 7.000000E+00", 0, &[]),
    (b"%#-x", &[b"1e10", b"a b"], b"0x10", 1, &[b"printf: 1e10: invalid number", b"printf: a b: invalid number"]),
    (b"%5d\\x41%12.10c", &[], b"    0A           \x00", 0, &[]),
    (b"\\x41", &[b"abc", b"1e10", b"~a"], b"A", 0, &[]),
    (b"\\x41%0-5f", &[b"", b"3.14159", b"\xc3\xa9", b"a b", b"a b"], b"A0.000000A3.141590A0.000000A0.000000A0.000000", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: a b: invalid number", b"printf: a b: invalid number"]),
    (b"a%0*.10f", &[b"-0", b"0.000123", b"3.14159"], b"a0.0001230000a0.0000000000", 1, &[b"printf: 3.14159: invalid number"]),
    (b"\\x41%-1.0q%#1.0%\\x41", &[b"\\t\\c", b"0x1.8p3", b"0.5", b"x\\0101", b"12abc"], b"A ", 1, &[b"printf: `%': invalid format character"]),
    (b"\\101%.0f% #12e\\101", &[b"9999999999999999999", b"0x1.8p3", b"1.5", b"nan"], b"A9999999999999999999 1.200000e+01AA2         nanA", 0, &[]),
    (b"\\101%#.*s", &[b"12abc", b"\\n", b"-1", b"-2.5", b"'A"], b"A\\nA-2.5A", 1, &[b"printf: 12abc: invalid number"]),
    (b"x y-%+#5.3a", &[b"1e10", b"\\n", b"9999999999999999999", b"\xc3\xa9"], b"x y-+0x9.503p+30x y-+0x0.000p+0x y-+0x8.ac7p+60x y-+0x0.000p+0", 1, &[b"printf: \\n: invalid number", b"printf: \xc3\xa9: invalid number"]),
    (b"%#.0%", &[b"-2.5", b"123456.789", b"\\t\\c", b"0x1f"], b"", 1, &[b"printf: `%': invalid format character"]),
    (b"%-.3e\\n", &[b"-1", b"nan"], b"-1.000e+00\x0anan\x0a", 0, &[]),
    (b"%+xx y%0 *.1X", &[b"010", b"3.14159", b"0x1f", b"\\n"], b"8x y 1F0x y0", 1, &[b"printf: 3.14159: invalid number", b"printf: \\n: invalid number"]),
    (b"\\x41", &[b"1", b"0", b"x\\0101", b"0x1f", b"42"], b"A", 0, &[]),
    (b"%1q% +.3E% +.10f%.*d", &[], b"''+0.000E+00+0.0000000000", 0, &[]),
    (b"\\q%.0a", &[b"nan", b"'A"], b"\\qnan\\q0x8p+3", 0, &[]),
    (b"%A%#.0F%#G", &[b"\\n"], b"0X0P+00.0.00000", 1, &[b"printf: \\n: invalid number"]),
    (b"a", &[b"'A", b"#x", b"1.5"], b"a", 0, &[]),
    (b"\\n", &[b"0x1.8p3", b"\xc3\xa9", b"\xc3\xa9", b"\xc3\xa9", b"a b"], b"\x0a", 0, &[]),
    (b"%#01.*X%0*.3i%5s%+0g", &[b"~a", b"12abc", b"\\n", b"1e300"], b"0XC001     +0", 1, &[b"printf: ~a: invalid number", b"printf: 12abc: invalid number", b"printf: \\n: invalid number", b"printf: 1e300: invalid number"]),
    (b"|%1.1e", &[], b"|0.0e+00", 0, &[]),
    (b"%5f%5X%s", &[b"3.14159"], b"3.141590    0", 0, &[]),
    (b"\\n%x%%%12.10s", &[b"", b"1e-10", b"1e10"], b"\x0a0%       1e-10\x0a1%            ", 1, &[b"printf: 1e10: invalid number"]),
    (b"%+*.10Xa%#+.1G|", &[b"1e300", b"9999999999999999999", b"'A", b"1e-10"], b"8AC7230489E7FFFFa+6.E+01|0000000000a+0.|", 1, &[b"printf: 1e300: invalid number", b"printf: 1e-10: invalid number"]),
    (b"\\q|", &[b"  7", b"'A", b"1.5"], b"\\q|", 0, &[]),
    (b"%+.*F%-.3E%X%G", &[b"\xc3\xa9", b"1", b"\xc3\xa9", b"\\n"], b"+10.000E+0000", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: \xc3\xa9: invalid number", b"printf: \\n: invalid number"]),
    (b"%.*e%-c", &[b"0x1f", b"~a", b"abc", b"abc", b"nan"], b"0.0000000000000000000000000000000e+00anan\x00", 1, &[b"printf: ~a: invalid number", b"printf: abc: invalid number"]),
    (b"%-0.3G\\\\%+5g%#%", &[b"inf", b"'A", b"9999999999999999999", b"1e10"], b"INF\\  +65", 1, &[b"printf: `%': invalid format character"]),
    (b"% -c", &[b"-2.5", b"x\\0101", b"1e-10", b"-1"], b"-x1-", 0, &[]),
    (b"% #.3c%.1e", &[b"0.000123", b"a b", b"0", b"0.5"], b"00.0e+0005.0e-01", 1, &[b"printf: a b: invalid number"]),
    (b"% .*E%+.X%-12E%*.3i", &[b"1e10", b"1.5", b"x\\0101"], b" 1.5E+000.000000E+00000", 1, &[b"printf: 1e10: invalid number", b"printf: x\\0101: invalid number"]),
    (b"\\\\%-5s", &[b"abc", b"0.000123", b"3.14159", b"inf", b"abc"], b"\\abc  \\0.000123\\3.14159\\inf  \\abc  ", 0, &[]),
    (b"% +1.f%-d", &[], b"+00", 0, &[]),
    (b"%#5.1c%+.0i%*.*Ex y", &[b"\\n", b"", b"-0", b"0x1f", b"'A"], b"    \\+6.5000000000000000000000000000000E+01x y", 0, &[]),
    (b"a%o", &[b"\xc3\xa9", b"'A", b"3.14159"], b"a0a101a3", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: 3.14159: invalid number"]),
    (b"% 12A", &[b"3.14159", b"010", b"x\\0101", b"0.000123"], b" 0XC.90FCF80DC33721DP-2      0XAP+0      0X0P+0 0X8.0F98FA376922D95P-16", 1, &[b"printf: x\\0101: invalid number"]),
    (b"%1.1A%+01.10Fa\\\\", &[], b"0X0.0P+0+0.0000000000a\\", 0, &[]),
    (b"%#+.0s%0*%", &[b"1e-10", b"  7", b""], b"", 1, &[b"printf: `%': invalid format character"]),
    (b"% +5.1E\\\\%05.10q%+-.1E", &[b"123456.789", b"1e-10"], b"+1.2E+05\\1e-10+0.0E+00", 0, &[]),
    (b"\\x41", &[b"-1", b"42"], b"A", 0, &[]),
    (b"%0+.*d-%#+A%0#*.3d", &[b"-0", b"1e300"], b"+1-+0X0.P+0000", 1, &[b"printf: 1e300: invalid number"]),
    (b"%-u\\x41%-a%+-i", &[b"'A", b"  7", b"#x", b"1.5"], b"65A0xep-1+01A0x0p+0+0", 1, &[b"printf: #x: invalid number", b"printf: 1.5: invalid number"]),
    (b"%.*%% +.*c% F", &[b"~a", b"3.14159"], b"", 1, &[b"printf: ~a: invalid number", b"printf: `%': invalid format character"]),
    (b"% E", &[b"2.5", b"inf", b"abc", b"12abc"], b" 2.500000E+00 INF 0.000000E+00 1.200000E+01", 1, &[b"printf: abc: invalid number", b"printf: 12abc: invalid number"]),
    (b"%1a\\nx y", &[b"\\n", b"", b"9999999999999999999", b"\\t\\c"], b"0x0p+0\x0ax y0x0p+0\x0ax y0x8.ac7230489e7ffffp+60\x0ax y0x0p+0\x0ax y", 1, &[b"printf: \\n: invalid number", b"printf: \\t\\c: invalid number"]),
    (b"|x y\\q", &[b"x\\0101", b"42"], b"|x y\\q", 0, &[]),
    (b"|%-.1F", &[], b"|0.0", 0, &[]),
    (b"%5.*f-%0i", &[b"1e-10"], b"  0.0-0", 1, &[b"printf: 1e-10: invalid number"]),
    (b"%+12.*%x y%aa", &[b"-2.5", b"0x1.8p3", b"'A"], b"", 1, &[b"printf: -2.5: invalid number", b"printf: `%': invalid format character"]),
    (b"%#.x%#.3q%*.1e", &[], b"''0.0e+00", 0, &[]),
    (b"%0 .0g|%12o%012b", &[b"0x1f", b"abc", b"0"], b" 3e+01|           0           0", 1, &[b"printf: abc: invalid number"]),
    (b"%+0.0c%a", &[b"\xc3\xa9", b"  7", b"\xc3\xa9"], b"\xc30xep-1\xc30x0p+0", 0, &[]),
    (b"\\t%12x%.*i%.*%", &[b"123456.789", b"abc", b"3.14159"], b"\x09       1e2403", 1, &[b"printf: 123456.789: invalid number", b"printf: abc: invalid number", b"printf: 3.14159: invalid number", b"printf: `%': invalid format character"]),
    (b"%1o%.3g% +Aa", &[b"~a", b"123456.789", b"  7"], b"01.23e+05+0XEP-1a", 1, &[b"printf: ~a: invalid number"]),
    (b"%-+5.*X", &[b"  7", b"1", b"2.5"], b"000000100   ", 1, &[b"printf: 2.5: invalid number"]),
    (b"%1.g|\\t", &[b"0x1.8p3", b"0x1.8p3"], b"1e+01|\x091e+01|\x09", 0, &[]),
    (b"%1E|", &[b"#x"], b"0.000000E+00|", 1, &[b"printf: #x: invalid number"]),
    (b"|", &[b"a b", b"12abc", b"-0", b"0.5"], b"|", 0, &[]),
    (b"% x", &[b"1e10", b"1.5"], b"11", 1, &[b"printf: 1e10: invalid number", b"printf: 1.5: invalid number"]),
    (b"%1.3s", &[b"0", b"9999999999999999999", b"1e300", b"1e300", b"a b"], b"09991e31e3a b", 0, &[]),
    (b"\\\\%E", &[b"\xc3\xa9"], b"\\0.000000E+00", 1, &[b"printf: \xc3\xa9: invalid number"]),
    (b"%+1o%*.3c", &[b"-1", b"'A"], b"1777777777777777777777                                                                \x00", 0, &[]),
    (b"a%+1Ex y", &[b"1.5"], b"a+1.500000E+00x y", 0, &[]),
    (b"%+E%+d%s", &[b"1e10", b"", b"0.000123"], b"+1.000000E+10+00.000123", 0, &[]),
    (b"|", &[b"\xc3\xa9"], b"|", 0, &[]),
    (b"%01.10c% 0g", &[b"0", b"1e10"], b"0 1e+10", 0, &[]),
    (b"%-s\\x41%#0b\\\\", &[], b"A\\", 0, &[]),
    (b"\\101\\n%#x|", &[b"-0", b"0x1f", b"#x", b"\xc3\xa9", b"1"], b"A\x0a0|A\x0a0x1f|A\x0a0|A\x0a0|A\x0a0x1|", 1, &[b"printf: #x: invalid number", b"printf: \xc3\xa9: invalid number"]),
    (b"%1.*s%-#12.q", &[b"x\\0101", b"1", b"nan"], b"             ", 1, &[b"printf: x\\0101: invalid number"]),
    (b"\\101", &[b"1", b"1e-10", b"42", b"'A"], b"A", 0, &[]),
    (b"%*xx y%-#5a", &[b"2.5", b"9999999999999999999", b"0x1.8p3", b"3.14159"], b"8ac7230489e7ffffx y0xc.p+0  0x y0x0.p+0", 1, &[b"printf: 2.5: invalid number", b"printf: 3.14159: invalid number"]),
    (b"a%G", &[b"  7", b"abc", b"0x1f"], b"a7a0a31", 1, &[b"printf: abc: invalid number"]),
    (b"%12G%#*.10A", &[b"1e-10"], b"       1E-100X0.0000000000P+0", 0, &[]),
    (b"\\q\\\\%*.0cx y", &[b""], b"\\q\\\x00x y", 0, &[]),
    (b"%0 *F\\\\x y", &[b"-2.5", b"nan"], b" NAN\\x y", 1, &[b"printf: -2.5: invalid number"]),
    (b"%-*gx y-x y", &[b"abc", b"0x1.8p3", b"abc", b"42"], b"12x y-x y42x y-x y", 1, &[b"printf: abc: invalid number", b"printf: abc: invalid number"]),
    (b"% 1.0d%#.3G", &[b"2.5", b"-0", b"1e10"], b" 2-0.00 10.00", 1, &[b"printf: 2.5: invalid number", b"printf: 1e10: invalid number"]),
    (b"x y", &[b"0", b"#x"], b"x y", 0, &[]),
    (b"|\\t", &[b"0.000123", b""], b"|\x09", 0, &[]),
    (b"%c%#5.g", &[], b"\x00   0.", 0, &[]),
    (b"%# 5.1s% 1.1q%x%a", &[], b"     '00x0p+0", 0, &[]),
    (b"%+01u--%-*.3c", &[b"1e-10", b"#x", b"1e300"], b"1--1", 1, &[b"printf: 1e-10: invalid number", b"printf: #x: invalid number"]),
    (b"% .*i|%12.0A%*.*a", &[], b" |      0X0P+00x0p+0", 0, &[]),
    (b"x y", &[b"\\n", b"2.5", b"1e-10", b"9999999999999999999", b"1e-10"], b"x y", 0, &[]),
    (b"%e%*s", &[b"\xc3\xa9", b"0", b"x\\0101", b"inf", b"\\n"], b"0.000000e+00x\\0101inf", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: \\n: invalid number"]),
    (b"%u%5c% 0o", &[b"0.000123", b"\\t\\c", b"~a", b"a b", b"x\\0101"], b"0    \\00    x0", 1, &[b"printf: 0.000123: invalid number", b"printf: ~a: invalid number", b"printf: a b: invalid number"]),
    (b"%-0E-|%*o", &[b"-0"], b"-0.000000E+00-|0", 0, &[]),
    (b"%+12q%05.3x|%+12X", &[b"\\t\\c", b"-2.5", b"0.000123"], b"      \\\\t\\\\cfffffffffffffffe|           0", 1, &[b"printf: -2.5: invalid number", b"printf: 0.000123: invalid number"]),
    (b"\\\\%5a% 1e", &[b"'A", b"0"], b"\\0x8.2p+3 0.000000e+00", 0, &[]),
    (b"%-#1x", &[b"0x1f"], b"0x1f", 0, &[]),
    (b"%12.10b", &[b"9999999999999999999", b"1e-10"], b"  9999999999       1e-10", 0, &[]),
    (b"\\x41", &[b"", b"  7", b"2.5"], b"A", 0, &[]),
    (b"%*.d", &[b"  7", b"0x1f"], b"     31", 0, &[]),
    (b"%12.*F", &[b"0x1.8p3", b"123456.789", b"-2.5"], b"    123456.8    0.000000", 1, &[b"printf: 0x1.8p3: invalid hex number", b"printf: -2.5: invalid number"]),
    (b"a%*.1%", &[], b"a", 1, &[b"printf: `%': invalid format character"]),
    (b"\\t-", &[b"a b", b"-2.5", b"1e10", b"a b"], b"\x09-", 0, &[]),
    (b"% -e%A", &[], b" 0.000000e+000X0P+0", 0, &[]),
    (b"|%0s%12.*a% +.*e", &[b"-1", b"\\t\\c", b"-0", b"2.5"], b"|-1     -0x0p+0+0.00e+00", 1, &[b"printf: \\t\\c: invalid number", b"printf: 2.5: invalid number"]),
    (b"%.1%", &[], b"", 1, &[b"printf: `%': invalid format character"]),
    (b"%5f", &[b"abc", b"9999999999999999999"], b"0.0000009999999999999999999.000000", 1, &[b"printf: abc: invalid number"]),
    (b"%5A", &[b"x\\0101"], b"0X0P+0", 1, &[b"printf: x\\0101: invalid number"]),
    (b"%-#5.10b%.*b", &[b"010"], b"010  ", 0, &[]),
    (b"% 0b% -a-a", &[b"1e300", b"\\t\\c", b"42", b"0x1.8p3", b"-2.5"], b"1e300 0x0p+0-a42 0xcp+0-a-2.5 0x0p+0-a", 1, &[b"printf: \\t\\c: invalid number"]),
    (b"\\101", &[b"123456.789", b"0.000123", b"nan"], b"A", 0, &[]),
    (b"%a%-+5X", &[], b"0x0p+00    ", 0, &[]),
    (b"% 0*G%-*.*G", &[], b" 00", 0, &[]),
    (b"%#.3x\\q% #c%0.*E", &[b"0.5", b"", b"-0", b"a b", b""], b"000\\q\x000E+00000\\q\x000E+00", 1, &[b"printf: 0.5: invalid number", b"printf: a b: invalid number"]),
    (b"% .*X% %", &[b"1.5", b"  7", b"nan"], b"7", 1, &[b"printf: 1.5: invalid number", b"printf: `%': invalid format character"]),
    (b"|", &[b"1.5"], b"|", 0, &[]),
    (b"%-+b%# G%#5E", &[b"1"], b"1 0.000000.000000E+00", 0, &[]),
    (b"%.10q|", &[b"a b", b"0.000123", b"a b"], b"a\\ b|0.000123|a\\ b|", 0, &[]),
    (b"|%012b%#.10q%+X", &[b"-0", b"1e300", b"1.5", b"1.5"], b"|          -01e3001|         1.5''0", 1, &[b"printf: 1.5: invalid number"]),
    (b"%12o%-.*ux yx y", &[b"0.5"], b"           0x yx y", 1, &[b"printf: 0.5: invalid number"]),
    (b"%i%-05.o", &[], b"0     ", 0, &[]),
    (b"x y", &[], b"x y", 0, &[]),
    (b"\\t%-#Ea", &[], b"\x090.000000E+00a", 0, &[]),
    (b"%- 1.10i%0.0o%-5a", &[b"  7", b"2.5", b"abc"], b" 000000000720x0p+0", 1, &[b"printf: 2.5: invalid number", b"printf: abc: invalid number"]),
    (b"\\\\%-+.0X|", &[b"", b"  7", b"-1", b"inf", b""], b"\\|\\7|\\FFFFFFFFFFFFFFFF|\\|\\|", 1, &[b"printf: inf: invalid number"]),
    (b"a%0 *.x|x y", &[b"-2.5", b"inf", b"0.5", b"0.5", b"1"], b"a  |x ya|x ya |x y", 1, &[b"printf: -2.5: invalid number", b"printf: inf: invalid number", b"printf: 0.5: invalid number", b"printf: 0.5: invalid number"]),
    (b"%*.10a\\t", &[b"\xc3\xa9", b"\xc3\xa9", b"  7", b"1", b"42"], b"0x0.0000000000p+0\x090x8.0000000000p-3\x09                         0x0.0000000000p+0\x09", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: \xc3\xa9: invalid number"]),
    (b"%+-.b%.1Fx y%1i", &[b"0x1.8p3", b"#x", b"'A"], b"0.0x y65", 1, &[b"printf: #x: invalid number"]),
    (b"a", &[b"1.5", b"3.14159"], b"a", 0, &[]),
    (b"%12.3x%-1.1a", &[b"0.5"], b"         0000x0.0p+0", 1, &[b"printf: 0.5: invalid number"]),
    (b"%-.1c", &[b"a b"], b"a", 0, &[]),
    (b"%#F%12o%-05o", &[], b"0.000000           00    ", 0, &[]),
    (b"|", &[b"", b"123456.789", b"~a"], b"|", 0, &[]),
    (b"%*.10E%+.*E", &[b"0.000123", b"abc", b"#x"], b"0.0000000000E+00+0E+00", 1, &[b"printf: 0.000123: invalid number", b"printf: abc: invalid number", b"printf: #x: invalid number"]),
    (b"%#+1.3f%#12o%+0*d%#+.0%", &[b"\\n", b"'A", b"0.5", b"\\n"], b"+0.000        0101+0", 1, &[b"printf: \\n: invalid number", b"printf: 0.5: invalid number", b"printf: \\n: invalid number", b"printf: `%': invalid format character"]),
    (b"\\\\%0*.10%", &[b"#x"], b"\\", 1, &[b"printf: #x: invalid number", b"printf: `%': invalid format character"]),
    (b"%*o% *.G", &[b"\\t\\c"], b"0 0", 1, &[b"printf: \\t\\c: invalid number"]),
    (b"%+-*F|%*e", &[b"1.5", b"0x1.8p3", b"1e-10", b"1e300", b"1.5"], b"+12.000000|1.000000e+300+0.000000|0.000000e+00", 1, &[b"printf: 1.5: invalid number", b"printf: 1e-10: invalid number", b"printf: 1.5: invalid number"]),
    (b"\\101", &[b"123456.789", b"1.5"], b"A", 0, &[]),
    (b"%.10b%F|% -.3G", &[b"2.5"], b"2.50.000000| 0", 0, &[]),
    (b"|%#.0c%.E", &[b"010", b"a b", b"0x1f"], b"|00E+00|00E+00", 1, &[b"printf: a b: invalid number"]),
    (b"a\\\\% 12F", &[b"3.14159", b"a b", b"1.5", b"\\t\\c"], b"a\\    3.141590a\\    0.000000a\\    1.500000a\\    0.000000", 1, &[b"printf: a b: invalid number", b"printf: \\t\\c: invalid number"]),
    (b"|%.3x%12.*A|", &[b"\\n"], b"|000      0X0P+0|", 1, &[b"printf: \\n: invalid number"]),
    (b"%5u%5.1o%i", &[b"a b", b"42"], b"    0   520", 1, &[b"printf: a b: invalid number"]),
    (b"a%+1.*a", &[b"42"], b"a+0x0.000000000000000000000000000000000000000000p+0", 0, &[]),
    (b"%0o%#0.3a%.10xx y", &[b"0x1f", b"3.14159", b"\\t\\c", b"1.5"], b"370xc.910p-20000000000x y10x0.000p+00000000000x y", 1, &[b"printf: \\t\\c: invalid number", b"printf: 1.5: invalid number"]),
    (b"%12.x%*.3Ea%i", &[b"0"], b"            0.000E+00a0", 0, &[]),
    (b"%.3e\\x41", &[b"\xc3\xa9"], b"0.000e+00A", 1, &[b"printf: \xc3\xa9: invalid number"]),
    (b"%-.1b%+5u", &[], b"    0", 0, &[]),
    (b"\\x41%+-s", &[b"42", b"", b"abc", b"2.5"], b"A42AAabcA2.5", 0, &[]),
    (b"%5o", &[b"#x", b"9999999999999999999", b"'A", b"12abc", b"2.5"], b"    01053071060221171777777  101   14    2", 1, &[b"printf: #x: invalid number", b"printf: 12abc: invalid number", b"printf: 2.5: invalid number"]),
    (b"%0-*i%- .3g\\q", &[b"010", b"\xc3\xa9", b"1e-10"], b"0        1e-10\\q", 1, &[b"printf: \xc3\xa9: invalid number"]),
    (b"%#.10f%#0*g", &[b"3.14159", b"12abc"], b"3.1415900000000000.00000", 1, &[b"printf: 12abc: invalid number"]),
    (b"%+%% +ua", &[b"2.5"], b"", 1, &[b"printf: `%': invalid format character"]),
    (b"% .3d", &[b"1e-10", b"'A"], b" 001 065", 1, &[b"printf: 1e-10: invalid number"]),
    (b"|%0#s", &[b"inf", b"abc", b"1.5"], b"|inf|abc|1.5", 0, &[]),
    (b"\\q%0.3E", &[b"'A", b"42", b"nan", b"inf", b"1e-10"], b"\\q6.500E+01\\q4.200E+01\\qNAN\\qINF\\q1.000E-10", 0, &[]),
    (b"%.3a\\t\\\\%d", &[], b"0x0.000p+0\x09\\0", 0, &[]),
    (b"%+.10G%0*E\\n%.0q", &[], b"+00.000000E+00\x0a", 0, &[]),
    (b"%x%12.10G", &[b"0.5", b"a b"], b"0           0", 1, &[b"printf: 0.5: invalid number", b"printf: a b: invalid number"]),
    (b"% f", &[b"9999999999999999999", b"  7", b"abc"], b" 9999999999999999999.000000 7.000000 0.000000", 1, &[b"printf: abc: invalid number"]),
    (b"|", &[b"0", b"0.000123", b"42", b"3.14159", b"  7"], b"|", 0, &[]),
    (b"%.d% +1%%12.10o\\\\", &[b"0.5"], b"", 1, &[b"printf: 0.5: invalid number", b"printf: `%': invalid format character"]),
    (b"%.*E", &[], b"0E+00", 0, &[]),
    (b"%5.1i%+#cx y%+5A", &[b"nan", b"~a", b"1e300", b"#x"], b"    0~x y+0XB.F21E44003ACDD2DP+993    0\x00x y+0X0P+0", 1, &[b"printf: nan: invalid number", b"printf: #x: invalid number"]),
    (b"%+1d%%", &[b"-0", b"inf"], b"+0%+0%", 1, &[b"printf: inf: invalid number"]),
    (b"%0.*E%+#12.10E%#-*cx y", &[b"~a", b"a b", b"0.000123"], b"0E+00+1.2300000000E-04\x00x y", 1, &[b"printf: ~a: invalid number", b"printf: a b: invalid number"]),
    (b"x y%*X", &[b"nan", b"2.5", b"\\t\\c"], b"x y2x y0", 1, &[b"printf: nan: invalid number", b"printf: 2.5: invalid number", b"printf: \\t\\c: invalid number"]),
    (b"% .e%12.1a|", &[], b" 0e+00    0x0.0p+0|", 0, &[]),
    (b"%1G|x y|", &[b"1e300", b"0", b"1e300"], b"1E+300|x y|0|x y|1E+300|x y|", 0, &[]),
    (b"\\\\% .10s", &[b"-0", b"-2.5", b"  7"], b"\\-0\\-2.5\\  7", 0, &[]),
    (b"%12X%0+*.1%", &[b"  7"], b"           7", 1, &[b"printf: `%': invalid format character"]),
    (b"|%+0X", &[b"0", b"1e-10", b"'A"], b"|0|1|41", 1, &[b"printf: 1e-10: invalid number"]),
    (b"a%+01.F", &[], b"a+0", 0, &[]),
    (b"%*.3o\\x41% 0q", &[b"3.14159"], b"000A''", 1, &[b"printf: 3.14159: invalid number"]),
    (b"%.0i%-5G%-+5.fa", &[b"1e-10", b"0.000123", b"1e-10", b"\xc3\xa9"], b"10.000123+0   a0    +0   a", 1, &[b"printf: 1e-10: invalid number", b"printf: \xc3\xa9: invalid number"]),
    (b"%.0o%*G", &[b"9999999999999999999", b"1.5", b"3.14159"], b"10530710602211717777773.14159", 1, &[b"printf: 1.5: invalid number"]),
    (b"%1G%+ q", &[b"-2.5"], b"-2.5''", 0, &[]),
    (b"%+ A\\q", &[b"-1", b"123456.789", b"\xc3\xa9", b"0x1.8p3", b"0.000123"], b"-0X8P-3\\q+0XF.12064FDF3B645A2P+13\\q+0X0P+0\\q+0XCP+0\\q+0X8.0F98FA376922D95P-16\\q", 1, &[b"printf: \xc3\xa9: invalid number"]),
    (b"%.*ax y", &[b"-0"], b"0x0p+0x y", 0, &[]),
    (b"x y", &[b"0x1f", b"010", b"3.14159", b"2.5", b"1e-10"], b"x y", 0, &[]),
    (b"\\x41%-1.3d", &[b"1e10", b"nan", b"0.000123", b"inf"], b"A001A000A000A000", 1, &[b"printf: 1e10: invalid number", b"printf: nan: invalid number", b"printf: 0.000123: invalid number", b"printf: inf: invalid number"]),
    (b"%5X%c|", &[], b"    0\x00|", 0, &[]),
    (b"%5a", &[b"abc", b"0x1f"], b"0x0p+00xf.8p+1", 1, &[b"printf: abc: invalid number"]),
    (b"%012.3s% .3F%012%", &[], b"             0.000", 1, &[b"printf: `%': invalid format character"]),
    (b"%#-q% +.E%+b", &[b"12abc", b"3.14159", b"1.5"], b"12abc+3E+001.5", 0, &[]),
    (b"x y|%A%0.0a", &[b"010"], b"x y|0XAP+00x0p+0", 0, &[]),
    (b"%012.*a%-0.1F", &[b"-1", b"#x", b"123456.789", b"0x1f", b"~a"], b"0x0000000p+0123456.80x0.0000000000000000000000000000000p+00.0", 1, &[b"printf: #x: invalid number", b"printf: ~a: invalid number"]),
    (b"\\101", &[b"~a", b"nan", b"  7", b"nan", b"42"], b"A", 0, &[]),
    (b"x y\\x41%+12.0i", &[b"3.14159", b"abc", b"1"], b"x yA          +3x yA           +x yA          +1", 1, &[b"printf: 3.14159: invalid number", b"printf: abc: invalid number"]),
    (b"%0#12.o", &[b"1"], b"          01", 0, &[]),
    (b"|", &[b"1e10", b"1"], b"|", 0, &[]),
    (b"%-5.0e", &[b"\xc3\xa9"], b"0e+00", 1, &[b"printf: \xc3\xa9: invalid number"]),
    (b"%5.*E", &[b"0x1f", b"0", b"12abc", b"1e10", b"010"], b"0.0000000000000000000000000000000E+001.000000000000E+100.00000000E+00", 1, &[b"printf: 12abc: invalid number"]),
    (b"\\qx y", &[b"1e-10"], b"\\qx y", 0, &[]),
    (b"%#.3Fa", &[b"1.5", b"a b", b"9999999999999999999", b"1.5"], b"1.500a0.000a9999999999999999999.000a1.500a", 1, &[b"printf: a b: invalid number"]),
    (b"%x", &[b"0.000123", b"9999999999999999999", b"\xc3\xa9", b"\xc3\xa9"], b"08ac7230489e7ffff00", 1, &[b"printf: 0.000123: invalid number", b"printf: \xc3\xa9: invalid number", b"printf: \xc3\xa9: invalid number"]),
    (b"%.10x", &[], b"0000000000", 0, &[]),
    (b"a%*.*x%12.0E% i", &[], b"a       0E+00 0", 0, &[]),
    (b"\\n", &[b"  7", b"", b"'A"], b"\x0a", 0, &[]),
    (b"%*.10%%-05o", &[b"-0", b"-0", b"1e10", b"0x1f", b"1.5"], b"", 1, &[b"printf: `%': invalid format character"]),
    (b"%1u%#1E", &[b"123456.789", b"3.14159", b"inf", b"-0", b"1e10"], b"1234563.141590E+000-0.000000E+0010.000000E+00", 1, &[b"printf: 123456.789: invalid number", b"printf: inf: invalid number", b"printf: 1e10: invalid number"]),
    (b"%12u\\\\", &[b"2.5"], b"           2\\", 1, &[b"printf: 2.5: invalid number"]),
    (b"\\t|%#.c|", &[b"inf", b"x\\0101", b"42", b"\\t\\c", b"-0"], b"\x09|i|\x09|x|\x09|4|\x09|\\|\x09|-|", 0, &[]),
    (b"%#X", &[b"inf", b"1e10", b"1", b"-0", b"1e-10"], b"00X10X100X1", 1, &[b"printf: inf: invalid number", b"printf: 1e10: invalid number", b"printf: 1e-10: invalid number"]),
    (b"%-+.0i% +12A%+-5.0fa", &[b"1e300"], b"+1     +0X0P+0+0   a", 1, &[b"printf: 1e300: invalid number"]),
    (b"%*b\\x41|%+05u", &[b"0x1f", b"1", b"123456.789", b"42"], b"                              1A|123456                                          A|00000", 1, &[b"printf: 123456.789: invalid number"]),
    (b"% xa|", &[b"2.5", b"42", b"'A", b"42", b"010"], b"2a|2aa|41a|2aa|8a|", 1, &[b"printf: 2.5: invalid number"]),
    (b"%0-*.3%", &[b"x\\0101", b"0"], b"", 1, &[b"printf: x\\0101: invalid number", b"printf: `%': invalid format character"]),
    (b"a%+1q%-12.*x", &[b"nan", b"0x1.8p3"], b"anan0           ", 1, &[b"printf: 0x1.8p3: invalid hex number"]),
    (b"\\101%0#*.b|", &[b"1e300", b"-2.5", b"x\\0101"], b"A |A|", 1, &[b"printf: 1e300: invalid number", b"printf: x\\0101: invalid number"]),
    (b"%#*G%+-12F%a%# .f", &[b"9999999999999999999"], b"0.00000+0.000000   0x0p+0 0.", 0, &[b"printf: warning: 9999999999999999999: Numerical result out of range"]),
    (b"a", &[b"2.5"], b"a", 0, &[]),
    (b"% #.E%5.3i%#5.0q", &[b"#x", b"\\t\\c", b"1e300", b"-0", b""], b" 0.E+00  000     -0.E+00  000     ", 1, &[b"printf: #x: invalid number", b"printf: \\t\\c: invalid number"]),
    (b"%-0g%.1b", &[b"1e300", b"#x", b"  7"], b"1e+300#7", 0, &[]),
    (b"\\t%aa", &[b"2.5", b"x\\0101", b"9999999999999999999", b"~a"], b"\x090xap-2a\x090x0p+0a\x090x8.ac7230489e7ffffp+60a\x090x0p+0a", 1, &[b"printf: x\\0101: invalid number", b"printf: ~a: invalid number"]),
    (b"%#i|", &[b"'A", b"\xc3\xa9", b"123456.789", b"'A", b"-0"], b"65|0|123456|65|0|", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: 123456.789: invalid number"]),
    (b"%0.10ox y", &[b"0x1.8p3", b"0", b"010", b"0", b"3.14159"], b"0000000001x y0000000000x y0000000010x y0000000000x y0000000003x y", 1, &[b"printf: 0x1.8p3: invalid hex number", b"printf: 3.14159: invalid number"]),
    (b"a%#1%%5E", &[b"1e10", b"#x", b"'A", b"123456.789", b""], b"a", 1, &[b"printf: `%': invalid format character"]),
    (b"%1u", &[b"\\n"], b"0", 1, &[b"printf: \\n: invalid number"]),
    (b"%+#.0qx y", &[b"'A"], b"x y", 0, &[]),
    (b"% .*b\\\\%.10E", &[b""], b"\\0.0000000000E+00", 0, &[]),
    (b"%# 12A%#+.10u", &[b"\\t\\c"], b"     0X0.P+00000000000", 1, &[b"printf: \\t\\c: invalid number"]),
    (b"|%-*.X% #12%", &[b"#x", b"x\\0101", b"x\\0101", b"1e-10", b"abc"], b"|", 1, &[b"printf: #x: invalid number", b"printf: x\\0101: invalid number", b"printf: `%': invalid format character"]),
    (b"%.Ax y", &[b"0x1f", b"2.5", b"\\n"], b"0X1P+5x y0XAP-2x y0X0P+0x y", 1, &[b"printf: \\n: invalid number"]),
    (b"%5.10F%5.0u", &[b"-1", b"inf"], b"-1.0000000000     ", 1, &[b"printf: inf: invalid number"]),
    (b"x y%0+1F\\\\", &[b"inf"], b"x y+INF\\", 0, &[]),
    (b"x y%#-5.s%.3g%-1b", &[b"", b"abc", b"1", b"1e300"], b"x y     01x y     0 ", 1, &[b"printf: abc: invalid number"]),
    (b"%0*x%0F%*ga", &[b"abc"], b"00.0000000a", 1, &[b"printf: abc: invalid number"]),
    (b"%+1x%12i%*%", &[], b"0           0", 1, &[b"printf: `%': invalid format character"]),
    (b"% *.1F%12q", &[], b" 0.0          ''", 0, &[]),
    (b"% x%0.1x", &[b"1", b"x\\0101", b"1e-10", b"\\t\\c", b"\\n"], b"101000", 1, &[b"printf: x\\0101: invalid number", b"printf: 1e-10: invalid number", b"printf: \\t\\c: invalid number", b"printf: \\n: invalid number"]),
    (b"% #12.F", &[b"9999999999999999999", b"3.14159", b"3.14159"], b" 9999999999999999999.          3.          3.", 0, &[]),
    (b"x y|%0.c%.0c", &[b"0x1.8p3", b"1", b"inf", b"inf", b"3.14159"], b"x y|01x y|iix y|3\x00", 0, &[]),
    (b"%*.1s%1.1d% 01.*G", &[b"nan"], b"0 0", 1, &[b"printf: nan: invalid number"]),
    (b"|", &[], b"|", 0, &[]),
    (b"%#-c% .10g", &[b"abc", b"\\t\\c"], b"a 0", 1, &[b"printf: \\t\\c: invalid number"]),
    (b"x y%0#Xx y", &[b"1.5"], b"x y0X1x y", 1, &[b"printf: 1.5: invalid number"]),
    (b"%-f% 12.10q%0-i%#+*F", &[b"#x", b"123456.789", b"a b", b"\\t\\c", b"123456.789"], b"0.000000  123456.7890+123456.789000", 1, &[b"printf: #x: invalid number", b"printf: a b: invalid number", b"printf: \\t\\c: invalid number"]),
    (b"%#+5q", &[b"'A", b"1e10", b"\\t\\c"], b"  \\'A 1e10\\\\t\\\\c", 0, &[]),
    (b"%+a%12.E", &[b"nan", b"9999999999999999999", b"0", b"-1"], b"+nan       1E+19+0x0p+0      -1E+00", 0, &[]),
    (b"|%#1s%*i", &[], b"| 0", 0, &[]),
    (b"% 5A", &[], b" 0X0P+0", 0, &[]),
    (b"%*.10X", &[b"3.14159", b"0.000123", b"x\\0101", b"1e300", b"\\n"], b"000000000000000000010000000000", 1, &[b"printf: 3.14159: invalid number", b"printf: 0.000123: invalid number", b"printf: x\\0101: invalid number", b"printf: 1e300: invalid number", b"printf: \\n: invalid number"]),
    (b"x y\\n%-+.*A", &[b"12abc", b"010"], b"x y\x0a+0XA.000000000000P+0", 1, &[b"printf: 12abc: invalid number"]),
    (b"%*.3b%5o%u", &[b"12abc"], b"                00", 1, &[b"printf: 12abc: invalid number"]),
    (b"\\n% -12b\\101%.3f", &[b"42", b"123456.789", b"1", b"a b"], b"\x0a42          A123456.789\x0a1           A0.000", 1, &[b"printf: a b: invalid number"]),
    (b"%# e%#+12.3a|", &[b"0x1.8p3", b"1", b"010", b"9999999999999999999", b"-1"], b" 1.200000e+01 +0x8.000p-3| 1.000000e+01+0x8.ac7p+60|-1.000000e+00 +0x0.000p+0|", 0, &[]),
    (b"%+-5b", &[], b"     ", 0, &[]),
    (b"%5f\\x41x y", &[b"inf", b"1.5"], b"  infAx y1.500000Ax y", 0, &[]),
    (b"%+*f%#1saa", &[b"0x1f", b"inf", b"abc"], b"                           +infabcaa", 0, &[]),
    (b"%-.0e%.10b%#+o", &[], b"0e+000", 0, &[]),
    (b"%5o%#.10u", &[b"\\n", b"0x1f", b"0.000123", b"abc"], b"    00000000031    00000000000", 1, &[b"printf: \\n: invalid number", b"printf: 0.000123: invalid number", b"printf: abc: invalid number"]),
    (b"%.1c%12.3b%-*f", &[], b"\x00            0.000000", 0, &[]),
    (b"\\101% 0i%#+A%12u", &[b"9999999999999999999", b"inf"], b"A 9223372036854775807+INF           0", 0, &[b"printf: warning: 9999999999999999999: Numerical result out of range"]),
    (b"x y%5.0A", &[b"a b", b"3.14159", b"\xc3\xa9"], b"x y0X0P+0x y0XDP-2x y0X0P+0", 1, &[b"printf: a b: invalid number", b"printf: \xc3\xa9: invalid number"]),
    (b"%.3E%#b%+ .10d", &[b"'A", b"42"], b"6.500E+0142+0000000000", 0, &[]),
    (b"%01.G%0+5E%+#12.10i", &[b"2.5"], b"2+0.000000E+00 +0000000000", 0, &[]),
    (b"% .1e%.*X%0d\\101", &[], b" 0.0e+000A", 0, &[]),
    (b"%u%0-1c", &[b"42", b"inf", b"0.000123", b"a b"], b"42i0a", 1, &[b"printf: 0.000123: invalid number"]),
    (b"%0*X", &[b"\\t\\c", b""], b"0", 1, &[b"printf: \\t\\c: invalid number"]),
    (b"% +12E%1.X", &[b"\\t\\c", b"x\\0101"], b"+0.000000E+00 ", 1, &[b"printf: \\t\\c: invalid number", b"printf: x\\0101: invalid number"]),
    (b"a%#5F\\qa", &[b"inf", b"0x1.8p3", b"-0", b"inf"], b"a  INF\\qaa12.000000\\qaa-0.000000\\qaa  INF\\qa", 0, &[]),
    (b"% 5X%.1a||", &[b"~a"], b"    00x0.0p+0||", 1, &[b"printf: ~a: invalid number"]),
    (b"%5b\\\\", &[b"1e300", b"0x1.8p3", b""], b"1e300\\0x1.8p3\\     \\", 0, &[]),
    (b"a%G", &[b"2.5", b"", b"123456.789", b"#x", b"  7"], b"a2.5a0a123457a0a7", 1, &[b"printf: #x: invalid number"]),
    (b"x y", &[b"1.5"], b"x y", 0, &[]),
    (b"%0.0u% .e% -.%", &[b"1e10", b"0x1f", b"1", b"1e10", b"~a"], b"1 3e+01", 1, &[b"printf: 1e10: invalid number", b"printf: `%': invalid format character"]),
    (b"%- f|", &[b"2.5"], b" 2.500000|", 0, &[]),
    (b"%*.3o|\\n%5b", &[b"1e-10", b"1e300"], b"001|\x0a     ", 1, &[b"printf: 1e-10: invalid number", b"printf: 1e300: invalid number"]),
    (b"\\\\\\q%0 *.3F", &[b"1", b"inf", b"3.14159"], b"\\\\q INF\\\\q 0.000", 1, &[b"printf: 3.14159: invalid number"]),
    (b"%*.*s|%0.1u", &[b"\\t\\c"], b"|0", 1, &[b"printf: \\t\\c: invalid number"]),
    (b"%.1b%+01d\\q", &[b"-1", b"1.5"], b"-+1\\q", 1, &[b"printf: 1.5: invalid number"]),
    (b"|", &[b"'A", b"\xc3\xa9"], b"|", 0, &[]),
    (b"%.*c%5.10A", &[], b"\x000X0.0000000000P+0", 0, &[]),
    (b"%.*d%# .0E", &[b"1e10", b"010", b"3.14159", b"-1", b"9999999999999999999"], b"8 3.E+009223372036854775807 0.E+00", 1, &[b"printf: 1e10: invalid number", b"printf: warning: 9999999999999999999: Numerical result out of range"]),
    (b"%0-.1o", &[b"", b"\\n", b"nan", b"'A"], b"000101", 1, &[b"printf: \\n: invalid number", b"printf: nan: invalid number"]),
    (b"%-.E\\n", &[b"9999999999999999999", b"abc"], b"1E+19\x0a0E+00\x0a", 1, &[b"printf: abc: invalid number"]),
    (b"ax y", &[b"1e-10", b"0", b"010"], b"ax y", 0, &[]),
    (b"%05.1G\\x41", &[b"0.5", b"1e-10", b"nan", b"0.5", b"2.5"], b"000.5A1E-10A  NANA000.5A00002A", 0, &[]),
    (b"% 12s%0.*a%#-a%- *%", &[b"1e-10"], b"       1e-100x0p+00x0.p+0", 1, &[b"printf: `%': invalid format character"]),
    (b"% -xx y\\q", &[], b"0x y\\q", 0, &[]),
    (b"%f% .1F%#1.bx y", &[], b"0.000000 0.0 x y", 0, &[]),
    (b"|aaa", &[b"1e-10", b"  7", b"  7", b"x\\0101"], b"|aaa", 0, &[]),
    (b"%0*.10i\\x41x y\\\\", &[], b"0000000000Ax y\\", 0, &[]),
    (b"% 01.0o%*fx y", &[b"12abc", b"0x1f", b"1e10", b"\xc3\xa9"], b"14             10000000000.000000x y 0.000000x y", 1, &[b"printf: 12abc: invalid number", b"printf: \xc3\xa9: invalid number"]),
    (b"|", &[b"0.5", b"123456.789"], b"|", 0, &[]),
    (b"\\101", &[b"0x1f", b"nan", b"abc", b"9999999999999999999"], b"A", 0, &[]),
    (b"% #*.E", &[], b" 0.E+00", 0, &[]),
    (b"%+12s\\x41%#1X%-%", &[b"~a", b"1e300", b"1", b"'A"], b"          ~aA0X1", 1, &[b"printf: 1e300: invalid number", b"printf: `%': invalid format character"]),
    (b"%+ .3s", &[b"a b", b"a b", b"2.5"], b"a ba b2.5", 0, &[]),
    (b"%bx y", &[b"nan", b"'A", b"42", b"1", b"1.5"], b"nanx y'Ax y42x y1x y1.5x y", 0, &[]),
    (b"%E%5.10u% -E%b", &[b"12abc", b"1e-10", b"1"], b"1.200000E+010000000001 1.000000E+00", 1, &[b"printf: 12abc: invalid number", b"printf: 1e-10: invalid number"]),
    (b"||% -g% #12f", &[], b"|| 0    0.000000", 0, &[]),
    (b"%5.3fa", &[], b"0.000a", 0, &[]),
    (b"%1b%0#5.3a", &[b"#x", b"\\t\\c", b"1e10"], b"#x0x0.000p+01e100x0.000p+0", 1, &[b"printf: \\t\\c: invalid number"]),
    (b"%-#.10E%0 .1i%F% .0A", &[b"1e300", b"inf", b"12abc"], b"1.0000000000E+300 012.000000 0X0P+0", 1, &[b"printf: inf: invalid number", b"printf: 12abc: invalid number"]),
    (b"\\x41", &[b"-0", b"1.5", b"0", b"9999999999999999999", b"  7"], b"A", 0, &[]),
    (b"\\t%.*f% o%0*.10x", &[b"3.14159"], b"\x090.00000000000000", 1, &[b"printf: 3.14159: invalid number"]),
    (b"|\\q%-*a%#G", &[b"1.5"], b"|\\q0x0p+00.00000", 1, &[b"printf: 1.5: invalid number"]),
    (b"a%0-1.*G%.0b%#.10G", &[b"1e-10", b"a b"], b"a00.000000000", 1, &[b"printf: 1e-10: invalid number", b"printf: a b: invalid number"]),
    (b"%-+5g", &[b"~a", b"42", b"-2.5"], b"+0   +42  -2.5 ", 1, &[b"printf: ~a: invalid number"]),
    (b"%.10A%5o% .1f%.1i", &[b"12abc", b"0.5", b"1e300", b"-2.5"], b"0XC.0000000000P+0    0 1000000000000000000008997324079559193870523944273290747938260082321265646596180935755849152083750497190350372508614274835903592556184672983913096260520748646287327135641843653294084255107606016789726652932370030551382947620994540294772781889620606179267611627097410650567187386105690089424915104006144.0-2", 1, &[b"printf: 12abc: invalid number", b"printf: 0.5: invalid number", b"printf: -2.5: invalid number"]),
    (b"%-.10s%.0%%1s%#.3g", &[], b"", 1, &[b"printf: `%': invalid format character"]),
    (b"%01.*s%f%#.3o%+q", &[b"a b", b"0", b"\xc3\xa9", b"", b"3.14159"], b" 0.0000000003.14159", 1, &[b"printf: a b: invalid number", b"printf: \xc3\xa9: invalid number"]),
    (b"%-5.*q", &[b"1", b"1e300", b"0x1f"], b"1    ''   ", 0, &[]),
    (b"%.1q% A%-+.*E\\x41", &[], b"' 0X0P+0+0E+00A", 0, &[]),
    (b"%+g%0+.s%12.1E|", &[], b"+0     0.0E+00|", 0, &[]),
    (b"|%0#12%\\t%-*.*s", &[b"1", b"0.000123"], b"|", 1, &[b"printf: `%': invalid format character"]),
    (b"%12o%.1o%.*a", &[b"#x"], b"           000x0p+0", 1, &[b"printf: #x: invalid number"]),
    (b"|%1%", &[b"#x", b"1.5"], b"|", 1, &[b"printf: `%': invalid format character"]),
    (b"%0#.1i", &[], b"0", 0, &[]),
    (b"%-+*.3q\\n", &[b"2.5"], b"''\x0a", 1, &[b"printf: 2.5: invalid number"]),
    (b"a%+.1a%f", &[b"-0", b"\xc3\xa9", b"abc", b"1", b"a b"], b"a-0x0.0p+00.000000a+0x0.0p+01.000000a+0x0.0p+00.000000", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: abc: invalid number", b"printf: a b: invalid number"]),
    (b"|", &[b"\\t\\c"], b"|", 0, &[]),
    (b"\\q%+#i%0.3a%1.G", &[b"0", b"1e300"], b"\\q+00xb.f22p+9930", 0, &[]),
    (b"%#*d", &[b"-1", b"3.14159", b"a b", b"1", b"inf"], b"310", 1, &[b"printf: 3.14159: invalid number", b"printf: a b: invalid number", b"printf: inf: invalid number"]),
    (b"%.1o%+12q", &[b"a b", b"~a", b"42", b"-1", b"abc"], b"0         \\~a52          -10          ''", 1, &[b"printf: a b: invalid number", b"printf: abc: invalid number"]),
    (b"x yx y%0f", &[b"  7"], b"x yx y7.000000", 0, &[]),
    (b"\\101%#0f%c|", &[b"'A", b"123456.789"], b"A65.0000001|", 0, &[]),
    (b"%#.*i\\n%#1.o", &[], b"\x0a0", 0, &[]),
    (b"%+.1g%12a%#1.0F%1b", &[b"-2.5", b"123456.789", b"a b", b"12abc", b"0.000123"], b"-20xf.12064fdf3b645a2p+130.12abc+0.0001      0x0p+00. ", 1, &[b"printf: a b: invalid number"]),
    (b"%5u%#f\\\\", &[], b"    00.000000\\", 0, &[]),
    (b"%5i", &[b"0x1.8p3", b"1e10", b"a b"], b"    1    1    0", 1, &[b"printf: 0x1.8p3: invalid hex number", b"printf: 1e10: invalid number", b"printf: a b: invalid number"]),
    (b"|%*x%#+.3%", &[b"1e300", b"\\t\\c", b"~a"], b"|0", 1, &[b"printf: 1e300: invalid number", b"printf: \\t\\c: invalid number", b"printf: `%': invalid format character"]),
    (b"% #5.0g%1.1s|%0q", &[b"-0"], b"  -0. |''", 0, &[]),
    (b"%0.*q%0#.b", &[b"  7", b"  7", b"1e10", b"x\\0101", b"nan"], b"\\ \\ 7", 1, &[b"printf: x\\0101: invalid number"]),
    (b"|", &[], b"|", 0, &[]),
    (b"%#o%5%%-#.1s", &[b"inf", b"-0", b"42", b"abc"], b"0", 1, &[b"printf: inf: invalid number", b"printf: `%': invalid format character"]),
    (b"% +da%.f% *a", &[b"010", b"-0", b"  7", b"0"], b"+8a-0 0x0p+0", 0, &[]),
    (b"\\n%.1a%f", &[b"\\t\\c", b"\\t\\c"], b"\x0a0x0.0p+00.000000", 1, &[b"printf: \\t\\c: invalid number", b"printf: \\t\\c: invalid number"]),
    (b"%.1e\\101%1u% +f", &[b"1e10", b"'A", b"abc", b"nan", b"0.5"], b"1.0e+10A65+0.000000nanA0+0.000000", 1, &[b"printf: abc: invalid number", b"printf: 0.5: invalid number"]),
    (b"%#-12.1oa", &[b"'A", b"0x1.8p3", b"010", b"~a", b"\xc3\xa9"], b"0101        a01          a010         a0           a0           a", 1, &[b"printf: 0x1.8p3: invalid hex number", b"printf: ~a: invalid number", b"printf: \xc3\xa9: invalid number"]),
    (b"%+.*o%12.1i%#.1%", &[b"\\n", b"#x", b"010"], b"           8", 1, &[b"printf: \\n: invalid number", b"printf: #x: invalid number", b"printf: `%': invalid format character"]),
    (b"%.3A%E%+1.0g", &[b"1e10"], b"0X9.503P+300.000000E+00+0", 0, &[]),
    (b"%+-*.0ox y\\n", &[b"\\n", b"abc", b"\\t\\c"], b"x y\x0ax y\x0a", 1, &[b"printf: \\n: invalid number", b"printf: abc: invalid number", b"printf: \\t\\c: invalid number"]),
    (b"%# 5.i", &[b"1e-10"], b"    1", 1, &[b"printf: 1e-10: invalid number"]),
    (b"%+-*x%dx y%#12.1f", &[b"x\\0101"], b"00x y         0.0", 1, &[b"printf: x\\0101: invalid number"]),
    (b"|%#1E%+ a", &[b"1e300", b"'A", b"1.5"], b"|1.000000E+300+0x8.2p+3|1.500000E+00+0x0p+0", 0, &[]),
    (b"%-1.1i", &[b"9999999999999999999"], b"9223372036854775807", 0, &[b"printf: warning: 9999999999999999999: Numerical result out of range"]),
    (b"|x y%12a%12.1F", &[b"nan"], b"|x y         nan         0.0", 0, &[]),
    (b"% #12G", &[b"0.5", b"9999999999999999999", b"9999999999999999999", b"\xc3\xa9"], b"    0.500000 1.00000E+19 1.00000E+19     0.00000", 1, &[b"printf: \xc3\xa9: invalid number"]),
    (b"\\n% 0.*ia", &[b"12abc", b"0x1.8p3", b"0.000123", b"0x1f", b"1e-10"], b"\x0a 000000000001a\x0a 31a\x0a 0a", 1, &[b"printf: 12abc: invalid number", b"printf: 0x1.8p3: invalid hex number", b"printf: 0.000123: invalid number", b"printf: 1e-10: invalid number"]),
    (b"%0+*a%5.0a", &[b"0", b"inf", b"-1", b"\\n", b"1"], b"+inf-0x8p-3+0x8p-30x0p+0", 1, &[b"printf: \\n: invalid number"]),
    (b"%#.0ca%.*u", &[b"\xc3\xa9", b"1"], b"\xc3a0", 0, &[]),
    (b"a%q\\q%-1g", &[b"\xc3\xa9", b"-2.5", b"abc", b"'A", b"#x"], b"a\xc3\xa9\\q-2.5aabc\\q65a\\#x\\q0", 0, &[]),
    (b"% E", &[b"\xc3\xa9", b"0x1f", b"#x", b""], b" 0.000000E+00 3.100000E+01 0.000000E+00 0.000000E+00", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: #x: invalid number"]),
    (b"|%#01x", &[b"", b"1.5", b"0.5", b"0x1.8p3"], b"|0|0x1|0|0x1", 1, &[b"printf: 1.5: invalid number", b"printf: 0.5: invalid number", b"printf: 0x1.8p3: invalid hex number"]),
    (b"\\\\%12o%0*.0q\\x41", &[], b"\\           0A", 0, &[]),
    (b"%#-.10q", &[b"1e10", b"010"], b"1e10010", 0, &[]),
    (b"%+#12.*Ex y", &[], b"     +0.E+00x y", 0, &[]),
    (b"%.1x%#-.10s", &[b"0x1f"], b"1f", 0, &[]),
    (b"%#F%0X%0c\\x41", &[b"\xc3\xa9", b"0x1.8p3", b"0", b"~a", b"42"], b"0.00000010A0.0000002A\x00A", 1, &[b"printf: \xc3\xa9: invalid number", b"printf: 0x1.8p3: invalid hex number", b"printf: ~a: invalid number"]),
    (b"%- .10e", &[b"2.5"], b" 2.5000000000e+00", 0, &[]),
    (b"%1b%-+%", &[b"0.5", b"1e300", b"x\\0101", b"~a", b"0.000123"], b"0.5", 1, &[b"printf: `%': invalid format character"]),
    (b"||%# .10G", &[b"#x", b"", b"0x1.8p3", b"0.5"], b"|| 0.000000000|| 0.000000000|| 12.00000000|| 0.5000000000", 1, &[b"printf: #x: invalid number"]),
    (b"% 12G%.1f%1X%12e", &[b"1"], b"           10.000.000000e+00", 0, &[]),
    (b"%.0s\\n\\n", &[], b"\x0a\x0a", 0, &[]),
    (b"%0.10g%.*f%.1o", &[b"9999999999999999999", b"1e-10", b"\\n", b"1e10"], b"1e+190.01", 1, &[b"printf: 1e-10: invalid number", b"printf: \\n: invalid number", b"printf: 1e10: invalid number"]),
    (b"%0#*q%F%#1d%+#5d", &[], b"''0.0000000   +0", 0, &[]),
    (b"%012q", &[b"\xc3\xa9"], b"          \xc3\xa9", 0, &[]),
    (b"|", &[], b"|", 0, &[]),
    (b"%.u%0 5.10X%#05.1g", &[b"nan", b"  7"], b"00000000070000.", 1, &[b"printf: nan: invalid number"]),
    (b"%012.e%-*i% .*E", &[b"#x", b"-1", b"2.5", b"1e10"], b"00000000e+002 0.0E+00", 1, &[b"printf: #x: invalid number", b"printf: 2.5: invalid number", b"printf: 1e10: invalid number"]),
    (b"% 5o% 012o", &[b"123456.789", b"0.5", b"\xc3\xa9", b"abc", b"-0"], b"361100000000000000    0000000000000    0000000000000", 1, &[b"printf: 123456.789: invalid number", b"printf: 0.5: invalid number", b"printf: \xc3\xa9: invalid number", b"printf: abc: invalid number"]),
    (b"%12a%*.3o%0 .1F", &[b"1e-10"], b"0xd.be6fecebdedd5bfp-37000 0.0", 0, &[]),
    (b"% 012f%+g%0.q\\x41", &[b"  7", b"1e10", b"\\t\\c", b"  7", b"x\\0101"], b" 0007.000000+1e+10A 0007.000000+0A", 1, &[b"printf: x\\0101: invalid number"]),
    (b"%#1a", &[b"0x1.8p3", b"'A"], b"0xc.p+00x8.2p+3", 0, &[]),
    (b"%+.1i%x\\\\", &[], b"+00\\", 0, &[]),
    (b"%.0gx y%ua", &[b"2.5", b"-1", b"12abc", b""], b"2x y18446744073709551615a1e+01x y0a", 1, &[b"printf: 12abc: invalid number"]),
    (b"\\n", &[b"a b", b"x\\0101", b"1e-10", b"0"], b"\x0a", 0, &[]),
    (b"|x y%0#12f% 1.*f", &[b"a b", b"1e-10", b"1e-10", b"abc", b"42"], b"|x y00000.000000 0.0|x y00000.000000 0.000000000000000000000000000000000000000000", 1, &[b"printf: a b: invalid number", b"printf: 1e-10: invalid number", b"printf: abc: invalid number"]),
    (b"%+#.0a%+-.e%#e", &[b"1.5", b"1"], b"+0xc.p-3+1e+000.000000e+00", 0, &[]),
    (b"\\101x y", &[], b"Ax y", 0, &[]),
    (b"%-1b", &[b""], b" ", 0, &[]),
    (b"%.c", &[b"9999999999999999999"], b"9", 0, &[]),
    (b"%A%# 12o%-5X%-*.o", &[b"3.14159", b"nan", b"'A", b"-0", b"0"], b"0XC.90FCF80DC33721DP-2           041   ", 1, &[b"printf: nan: invalid number"]),
    (b"%5.*d\\q%-+5q|", &[], b"     \\q''   |", 0, &[]),
    (b"%+#a%#.0u", &[b"", b"inf", b"\\n"], b"+0x0.p+0+0x0.p+0", 1, &[b"printf: inf: invalid number", b"printf: \\n: invalid number"]),
    (b"%+-12.0b%#%a", &[b"010", b"-0"], b"            ", 1, &[b"printf: `%': invalid format character"]),
    (b"%-12.3Ea\\t%q", &[b"0.000123", b"-1", b"1e-10"], b"1.230E-04   a\x09-11.000E-10   a\x09''", 0, &[]),
    (b"%+.*A", &[b"1e10", b"'A", b"1e300"], b"+0X8.2P+3+0X0.0P+0", 1, &[b"printf: 1e10: invalid number", b"printf: 1e300: invalid number"]),
    (b"%1f%b%1.u", &[b"\\t\\c", b"#x", b"0.000123"], b"0.000000#x ", 1, &[b"printf: \\t\\c: invalid number", b"printf: 0.000123: invalid number"]),
    (b"%12A", &[b"1.5"], b"      0XCP-3", 0, &[]),
    (b"%i%-*.*Fa%1f", &[b"x\\0101"], b"00a0.000000", 1, &[b"printf: x\\0101: invalid number"]),
    (b"|%u%12b", &[b"\\n"], b"|0            ", 1, &[b"printf: \\n: invalid number"]),
    (b"|", &[b"abc", b"1.5"], b"|", 0, &[]),
    (b"%0+b|%-+5e", &[b"-1", b"-2.5"], b"-1|-2.500000e+00", 0, &[]),
    (b"\\x41", &[b"9999999999999999999", b"12abc", b"-0", b"010"], b"A", 0, &[]),
    (b"\\t% -q%#+12Xx y", &[b"-1"], b"\x09-1           0x y", 0, &[]),
    (b"%0-.10ox y%-#5.*i%+f", &[b"12abc"], b"0000000014x y     +0.000000", 1, &[b"printf: 12abc: invalid number"]),
    (b"%*qx y%*s%.*i", &[], b"''x y", 0, &[]),
    (b"x y%012.10f", &[b"010", b"1.5", b"123456.789"], b"x y10.0000000000x y1.5000000000x y123456.7890000000", 0, &[]),
    (b"%s%i%1.3ia", &[b"010", b"0x1f"], b"01031000a", 0, &[]),
    (b"%#*.1cx y%0+.1o%#0A", &[b"1e10", b"#x"], b"#x y00X0.P+0", 1, &[b"printf: 1e10: invalid number"]),
    (b"% .10F", &[b"a b"], b" 0.0000000000", 1, &[b"printf: a b: invalid number"]),
    (b"% 12E%.10G", &[b"1", b"  7"], b" 1.000000E+007", 0, &[]),
    (b"||%0+.X%- X", &[b"0.000123", b"#x", b"x\\0101", b"3.14159", b"a b"], b"||0||3||0", 1, &[b"printf: 0.000123: invalid number", b"printf: #x: invalid number", b"printf: x\\0101: invalid number", b"printf: 3.14159: invalid number", b"printf: a b: invalid number"]),
    (b"% 5.3X%0+.3s%+0.0e", &[b"nan", b"0x1f"], b"  0000x1+0e+00", 1, &[b"printf: nan: invalid number"]),
    (b"%+#.1G%-.0%", &[b"1.5", b"0", b"1.5"], b"+2.", 1, &[b"printf: `%': invalid format character"]),
    (b"%+-.10F|x y%-G", &[b"12abc", b"nan", b"'A"], b"+12.0000000000|x yNAN+65.0000000000|x y0", 1, &[b"printf: 12abc: invalid number"]),
    (b"%+.3u", &[b"12abc", b"\\n", b"#x", b"\\t\\c", b"1.5"], b"012000000000001", 1, &[b"printf: 12abc: invalid number", b"printf: \\n: invalid number", b"printf: #x: invalid number", b"printf: \\t\\c: invalid number", b"printf: 1.5: invalid number"]),
    (b"%-X% .1q", &[b"1e10", b"'A"], b"1\\", 1, &[b"printf: 1e10: invalid number"]),
    (b"\\x41a", &[], b"Aa", 0, &[]),
    (b"%.10o\\n%*a", &[b"#x", b"0x1.8p3"], b"0000000000\x0a0x0p+0", 1, &[b"printf: #x: invalid number", b"printf: 0x1.8p3: invalid hex number"]),
    (b"%5.A%-#*.d", &[b"  7", b"\\n", b"'A", b"\\t\\c", b"12abc"], b"0XEP-1650X0P+0            ", 1, &[b"printf: \\n: invalid number", b"printf: \\t\\c: invalid number", b"printf: 12abc: invalid number"]),
    (b"%.0G|", &[b"#x", b"12abc", b"0x1.8p3"], b"0|1E+01|1E+01|", 1, &[b"printf: #x: invalid number", b"printf: 12abc: invalid number"]),
    (b"%E%+ .*A", &[b"1e10", b"#x", b"0x1f"], b"1.000000E+10+0X1P+5", 1, &[b"printf: #x: invalid number"]),
    ];

    /// Recorded from GNU coreutils 9.1 `/usr/bin/printf`, LANG=C.UTF-8.
    const CU_CASES: &[Case] = &[
    (b"%d", &[b"abc"], b"0", 1, &[b"printf: \xe2\x80\x98abc\xe2\x80\x99: expected a numeric value"]),
    (b"%d|%d\\n", &[b"12abc", b"3"], b"12|3\x0a", 1, &[b"printf: \xe2\x80\x9812abc\xe2\x80\x99: value not completely converted"]),
    (b"%z|%d\\n", &[b"1", b"3"], b"", 1, &[b"printf: %z|: invalid conversion specification"]),
    (b"a%zb\\n", &[], b"a", 1, &[b"printf: %zb: invalid conversion specification"]),
    (b"%d\\n", &[b"'\xc3\xa9", b"'ab", b"'"], b"233\x0a97\x0a0\x0a", 1, &[b"printf: warning: b: character(s) following character constant have been ignored", b"printf: \xe2\x80\x98'\xe2\x80\x99: expected a numeric value"]),
    (b"%d\\n", &[b" 12", b"12 ", b"+5", b" -0x1f", b"0x", b"99999999999999999999", b"-99999999999999999999"], b"12\x0a12\x0a5\x0a-31\x0a0\x0a9223372036854775807\x0a-9223372036854775808\x0a", 1, &[b"printf: \xe2\x80\x9812 \xe2\x80\x99: value not completely converted", b"printf: \xe2\x80\x980x\xe2\x80\x99: value not completely converted", b"printf: \xe2\x80\x9899999999999999999999\xe2\x80\x99: Numerical result out of range", b"printf: \xe2\x80\x98-99999999999999999999\xe2\x80\x99: Numerical result out of range"]),
    (b"%u\\n", &[b"-1"], b"18446744073709551615\x0a", 0, &[]),
    (b"%q\\n", &[b"a b", b"", b"~x", b"#a", b"a#", b"a\x0ab", b"a'b", b"'", b"''", b"a b'c", b"a\x0ab\x09c", b"\xc3\xa9\x0a", b"\xc3\xa9", b"\xc3", b"a'\x0a", b"~", b"a~", b"a=~", b"=", b"a="], b"'a b'\x0a''\x0a'~x'\x0a'#a'\x0aa#\x0a'a'$'\\n''b'\x0a\"a'b\"\x0a\"'\"\x0a\"''\"\x0a\"a b'c\"\x0a'a'$'\\n''b'$'\\t''c'\x0a'\xc3\xa9'$'\\n'\x0a\xc3\xa9\x0a''$'\\303'\x0a'''a'\\'''$'\\n'\x0a'~'\x0aa~\x0a'a=~'\x0a'='\x0a'a='\x0a", 0, &[]),
    (b"%q\\n", &[b"a'$b", b"a'\"b", b"a'\\b", b"a'!b", b"a'`b", b"a' b", b"'a", b"a'", b"\x0a", b"\x0aa", b"a\x0a", b"a\x0ab c", b"'\x0a", b"\x0a'", b"a\x0a'b", b"a b'c\x0a", b"a'b'c", b"#", b"#a", b"a#"], b"'a'\\''$b'\x0a'a'\\''\"b'\x0a'a'\\''\\b'\x0a'a'\\''!b'\x0a'a'\\''`b'\x0a\"a' b\"\x0a\"'a\"\x0a\"a'\"\x0a''$'\\n'\x0a''$'\\n''a'\x0a'a'$'\\n'\x0a'a'$'\\n''b c'\x0a''\\'''$'\\n'\x0a''$'\\n'\\'''\x0a'a'$'\\n'\\''b'\x0a'''a b'\\''c'$'\\n'\x0a\"a'b'c\"\x0a'#'\x0a'#a'\x0aa#\x0a", 0, &[]),
    (b"%q\\n", &[b"ab'\x0a", b"'a'\x0a", b"''\x0a", b"a'b'\x0a", b"'a\x0a", b"a \x0a", b"a'\x0a'", b"\x01a'b"], b"'''ab'\\'''$'\\n'\x0a''\\''a'\\'''$'\\n'\x0a''\\'''\\'''$'\\n'\x0a'''a'\\''b'\\'''$'\\n'\x0a''\\''a'$'\\n'\x0a'a '$'\\n'\x0a'a'\\'''$'\\n'\\'''\x0a''$'\\001''a'\\''b'\x0a", 0, &[]),
    (b"%(%Y)T\\n", &[b"0"], b"", 1, &[b"printf: %(: invalid conversion specification"]),
    (b"x\\cy", &[], b"x", 0, &[]),
    (b"%b|\\n", &[b"a\\cb", b"c"], b"a", 0, &[]),
    (b"%b\\n", &[b"\\101 \\0101 \\x41"], b"A A A\x0a", 0, &[]),
    (b"\\101 \\0101\\n", &[], b"A \x081\x0a", 0, &[]),
    (b"%f|%f|%f\\n", &[b"abc", b"1x", b"1e5000"], b"0.000000|1.000000|inf\x0a", 1, &[b"printf: \xe2\x80\x98abc\xe2\x80\x99: expected a numeric value", b"printf: \xe2\x80\x981x\xe2\x80\x99: value not completely converted", b"printf: \xe2\x80\x981e5000\xe2\x80\x99: Numerical result out of range"]),
    (b"%c|%5c|\\n", &[b""], b"\x00|    \x00|\x0a", 0, &[]),
    (b"%5%|\\n", &[], b"", 1, &[b"printf: %5%: invalid conversion specification"]),
    (b"%s %s\\n", &[b"a", b"b", b"c"], b"a b\x0ac \x0a", 0, &[]),
    (b"abc\\n", &[b"x", b"y"], b"abc\x0a", 0, &[b"printf: warning: ignoring excess arguments, starting with \xe2\x80\x98x\xe2\x80\x99"]),
    (b"\\q\\x41\\u00e9\\U0001F600\\e\\E\\c", &[], b"\\qA\xc3\xa9\xf0\x9f\x98\x80\x1b\\E", 0, &[]),
    (b"\\xZ\\x\\u\\U12\\0\\08\\n", &[], b"", 1, &[b"printf: missing hexadecimal number in escape"]),
    (b"%.*d|%*d|%-*d|\\n", &[b"3", b"5", b"-4", b"5", b"4", b"5"], b"005|5   |5   |\x0a", 0, &[]),
    (b"%*d|\\n", &[b"abc", b"5"], b"5|\x0a", 1, &[b"printf: \xe2\x80\x98abc\xe2\x80\x99: expected a numeric value"]),
    (b"%s\\n", &[], b"\x0a", 0, &[]),
    (b"%'d\\n", &[b"1234567"], b"1234567\x0a", 0, &[]),
    (b"%#s\\n", &[b"x"], b"", 1, &[b"printf: %#s: invalid conversion specification"]),
    (b"%+s\\n", &[b"x"], b"x\x0a", 0, &[]),
    (b"%.3c\\n", &[b"abc"], b"", 1, &[b"printf: %.3c: invalid conversion specification"]),
    (b"%ls\\n", &[b"x"], b"x\x0a", 0, &[]),
    (b"ab%", &[], b"ab", 1, &[b"printf: %: invalid conversion specification"]),
    (b"ab%-", &[], b"ab", 1, &[b"printf: %-: invalid conversion specification"]),
    (b"%5q|%-5q|", &[b"a", b"b"], b"", 1, &[b"printf: %5q: invalid conversion specification"]),
    (b"%5b|%.1b|", &[b"ab", b"cd"], b"", 1, &[b"printf: %5b: invalid conversion specification"]),
    (b"%.1s|%c|", &[b"\xc3\xa9", b"\xc3\xa9"], b"\xc3|\xc3|", 0, &[]),
    (b"%d|", &[b"08", b"0xg", b"019", b"", b" "], b"0|0|1|0|0|", 1, &[b"printf: \xe2\x80\x9808\xe2\x80\x99: value not completely converted", b"printf: \xe2\x80\x980xg\xe2\x80\x99: value not completely converted", b"printf: \xe2\x80\x98019\xe2\x80\x99: value not completely converted", b"printf: \xe2\x80\x98 \xe2\x80\x99: expected a numeric value"]),
    (b"%i", &[b"0x"], b"0", 1, &[b"printf: \xe2\x80\x980x\xe2\x80\x99: value not completely converted"]),
    (b"\\\"\\?\\'\\q", &[], b"\"\\?\\'\\q", 0, &[]),
    (b"%s %s\\n", &[b"a"], b"a \x0a", 0, &[]),
    (b"ab\\xZ", &[], b"ab", 1, &[b"printf: missing hexadecimal number in escape"]),
    (b"ab\\u12", &[], b"ab", 1, &[b"printf: missing hexadecimal number in escape"]),
    (b"%b|", &[b"\\xZ"], b"", 1, &[b"printf: missing hexadecimal number in escape"]),
    (b"%b|", &[b"\\101\\0101\\01012", b"\\c"], b"AAA2|", 0, &[]),
    (b"\\0101\\101\\1012", &[], b"\x081AA2", 0, &[]),
    (b"%b", &[b"a\\u00e9\\e\\E\\q"], b"a\xc3\xa9\x1b\\E\\q", 0, &[]),
    (b"%d", &[b"'"], b"0", 1, &[b"printf: \xe2\x80\x98'\xe2\x80\x99: expected a numeric value"]),
    (b"\\u0041\\u0024\\u0060\\ud800", &[], b"", 1, &[b"printf: invalid universal character name \\u0041"]),
    (b"%#d|", &[b"7"], b"", 1, &[b"printf: %#d: invalid conversion specification"]),
    (b"%'s|", &[b"7"], b"", 1, &[b"printf: %'s: invalid conversion specification"]),
    (b"%0s|", &[b"7"], b"", 1, &[b"printf: %0s: invalid conversion specification"]),
    (b"% s|", &[b"7"], b"7|", 0, &[]),
    (b"%#c|", &[b"7"], b"", 1, &[b"printf: %#c: invalid conversion specification"]),
    (b"%-3c|", &[b"7"], b"7  |", 0, &[]),
    (b"%+c|", &[b"7"], b"7|", 0, &[]),
    (b"%0c|", &[b"7"], b"", 1, &[b"printf: %0c: invalid conversion specification"]),
    (b"%#e|", &[b"7"], b"7.000000e+00|", 0, &[]),
    (b"%#u|", &[b"7"], b"", 1, &[b"printf: %#u: invalid conversion specification"]),
    (b"%+u|", &[b"7"], b"7|", 0, &[]),
    (b"% x|", &[b"7"], b"7|", 0, &[]),
    (b"%0.3d|", &[b"7"], b"007|", 0, &[]),
    (b"%qd|", &[b"7"], b"7d|", 0, &[]),
    (b"%lq|", &[b"7"], b"", 1, &[b"printf: %lq: invalid conversion specification"]),
    (b"%a %La %.3e %g", &[b"1", b"1", b"1", b"1"], b"0x8p-3 0x8p-3 1.000e+00 1", 0, &[]),
    (b"%*d|", &[b"3000000000", b"1"], b"", 1, &[b"printf: invalid field width: \xe2\x80\x983000000000\xe2\x80\x99"]),
    (b"%.*f|", &[b"-1", b"1"], b"1.000000|", 0, &[]),
    (b"%b", &[b"\\x41\\u00e9\\U0001F600\\1"], b"A\xc3\xa9\xf0\x9f\x98\x80\x01", 0, &[]),
    ];

    fn check(d: Dialect, cases: &[Case]) {
        let mut bad = 0;
        for (k, (fmt, args, out, st, diags)) in cases.iter().enumerate() {
            let args: Vec<Vec<u8>> = args.iter().map(|a| a.to_vec()).collect();
            let r = printf(d, fmt, &args, &mut host());
            let dg: Vec<&[u8]> = r.diagnostics.iter().map(|v| v.as_slice()).collect();
            if r.output != *out || r.status != *st || dg != *diags {
                bad += 1;
                eprintln!(
                    "case {k}: fmt={:?} args={:?}\n  want {:?} {} {:?}\n  got  {:?} {} {:?}",
                    String::from_utf8_lossy(fmt),
                    args.iter()
                        .map(|a| String::from_utf8_lossy(a).into_owned())
                        .collect::<Vec<_>>(),
                    String::from_utf8_lossy(out),
                    st,
                    diags
                        .iter()
                        .map(|a| String::from_utf8_lossy(a).into_owned())
                        .collect::<Vec<_>>(),
                    String::from_utf8_lossy(&r.output),
                    r.status,
                    dg.iter()
                        .map(|a| String::from_utf8_lossy(a).into_owned())
                        .collect::<Vec<_>>(),
                );
            }
        }
        assert_eq!(bad, 0);
    }

    #[test]
    fn bash_recorded() {
        check(Dialect::BashBuiltin, BASH_CASES);
    }

    #[test]
    fn coreutils_recorded() {
        check(Dialect::Coreutils, CU_CASES);
    }

    fn run(fmt: &[u8], args: &[&[u8]]) -> PrintfOutcome {
        let args: Vec<Vec<u8>> = args.iter().map(|a| a.to_vec()).collect();
        printf(Dialect::BashBuiltin, fmt, &args, &mut host())
    }

    #[test]
    fn rounding_half_even() {
        assert_eq!(
            run(b"%.0f %.0f %.0f %.2f", &[b"0.5", b"1.5", b"2.5", b"0.125"]).output,
            b"0 2 2 0.12"
        );
    }

    #[test]
    fn b_stops_output() {
        let r = run(b"%b|%s", &[b"a\\cb", b"x"]);
        assert_eq!(r.output, b"a");
        assert!(r.stop);
        assert_eq!(r.status, 0);
    }

    #[test]
    fn time_now_and_start() {
        assert_eq!(
            run(b"%(%s)T %(%s)T %(%s)T", &[b"-1", b"-2"]).output,
            b"1700000000 1600000000 1700000000"
        );
    }

    #[test]
    fn huge_width_refused() {
        let mut h = TestHost {
            limit: 1000,
            used: 0,
        };
        let r = printf(
            Dialect::BashBuiltin,
            b"ab%*d",
            &[b"2000000000".to_vec(), b"1".to_vec()],
            &mut h,
        );
        assert_eq!(r.output, b"ab");
        assert!(r.stop);
        assert_eq!(r.status, 1);
        assert_eq!(r.diagnostics.last().unwrap(), b"printf: output too large");
        let r = printf(
            Dialect::BashBuiltin,
            b"%.2000000000f",
            &[b"1".to_vec()],
            &mut h,
        );
        assert!(r.stop && r.output.is_empty());
        let r = printf(
            Dialect::BashBuiltin,
            b"%-2000000000s|",
            &[b"1".to_vec()],
            &mut h,
        );
        assert!(r.stop && r.output.is_empty());
    }

    #[test]
    fn echo_and_ansi_c() {
        assert_eq!(
            echo_escapes(b"\\101|\\0101|\\x41|\\q|\\e|\\u00e9"),
            (b"\\101|A|A|\\q|\x1b|\xc3\xa9".to_vec(), false)
        );
        assert_eq!(echo_escapes(b"a\\cb"), (b"a".to_vec(), true));
        assert_eq!(
            echo_escapes(b"\\0400\\08\\x"),
            (b"\0\08\\x".to_vec(), false)
        );
        assert_eq!(
            ansi_c_escapes(
                b"\\\"|\\?|\\x27|\\e|\\E|\\cA|\\cz|\\c?|\\c[|\\q|\\'|\\101|\\0101|\\1|\\8|\\c"
            ),
            b"\"|?|'|\x1b|\x1b|\x01|\x1a|\x7f|\x1b|\\q|'|A|\x081|\x01|\\8|\\c".to_vec()
        );
        assert_eq!(
            ansi_c_escapes(b"ab\\cAcd|\\c1|\\c\\\\|"),
            b"ab\x01cd|\x11|\x1c|".to_vec()
        );
    }

    #[test]
    fn quoting() {
        let q = |s: &[u8]| shell_quote_single(s);
        assert_eq!(q(b"a b"), b"'a b'");
        assert_eq!(q(b"a'b"), b"'a'\\''b'");
        assert_eq!(q(b"'"), b"\\'");
        assert_eq!(q(b""), b"''");
        assert_eq!(q(b"\x01\xff"), b"$'\\001\\377'");
        assert_eq!(q(b"a\nb"), b"$'a\\nb'");
        assert_eq!(q("é".as_bytes()), "'é'".as_bytes());
        let p = |s: &[u8]| shell_quote_printf_q(s);
        assert_eq!(p(b"a b"), b"a\\ b");
        assert_eq!(p(b"~x"), b"\\~x");
        assert_eq!(p(b"a=~"), b"a=\\~");
        assert_eq!(p(b"x~"), b"x~");
        assert_eq!(p(b"#a"), b"\\#a");
        assert_eq!(p(b"a#"), b"a#");
        assert_eq!(p(b"\x27\n\\"), b"$'\\'\\n\\\\'");
        assert_eq!(p("\u{2028}".as_bytes()), b"$'\\342\\200\\250'");
        assert_eq!(p("\u{a0}".as_bytes()), "\u{a0}".as_bytes());
    }

    #[test]
    fn strftime_subset() {
        assert_eq!(
            strftime_utc(b"%F %T %j %a %e|%C|%I %p|%u %w|%Q", 0),
            b"1970-01-01 00:00:00 001 Thu  1|19|12 AM|4 4|%Q"
        );
        assert_eq!(strftime_utc(b"%F", 951_782_400), b"2000-02-29");
        assert_eq!(
            strftime_utc(b"%F", i64::MIN),
            strftime_utc(b"%F", i64::MIN + 1)
        );
    }

    /// Tiny deterministic PRNG (xorshift).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn pick<'a>(&mut self, v: &'a [&'a [u8]]) -> &'a [u8] {
            v[(self.next() % v.len() as u64) as usize]
        }
    }

    #[test]
    fn random_never_panics() {
        let pieces: &[&[u8]] = &[
            b"%",
            b"%%",
            b"d",
            b"s",
            b"b",
            b"q",
            b"f",
            b"e",
            b"g",
            b"a",
            b"A",
            b"x",
            b"c",
            b"T",
            b"(",
            b")",
            b"%(%F",
            b"*",
            b".",
            b".*",
            b"-",
            b"+",
            b"#",
            b"0",
            b" ",
            b"'",
            b"9",
            b"12",
            b"99999999999",
            b"\\",
            b"\\x",
            b"\\u",
            b"\\U",
            b"\\0",
            b"\\c",
            b"l",
            b"L",
            b"h",
            b"z",
            b"\xff",
            b"\xc3",
            b"\n",
        ];
        let argp: &[&[u8]] = &[
            b"",
            b"0",
            b"-1",
            b"1e4932",
            b"1e-4951",
            b"0x1p-16446",
            b"0x",
            b"'",
            b"\"",
            b"'\xff",
            b"nan(x)",
            b"-inf",
            b"99999999999999999999999",
            b"1.5",
            b"\\c",
            b"\\x4",
            b"\\u12345678",
            b"\\U7fffffff",
            b"2147483648",
            b"-2147483649",
            b"1e400000000000",
            b"0x.p1",
            b".",
            b"-",
            b"\x01\xff\n'",
            b"0.999999999999999999999999999999",
            b"18446744073709551616",
            b"3000",
        ];
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..4000 {
            let mut f = Vec::new();
            for _ in 0..(rng.next() % 8) {
                f.extend_from_slice(rng.pick(pieces));
            }
            if rng.next().is_multiple_of(4) {
                for _ in 0..(rng.next() % 4) {
                    f.push(rng.next() as u8);
                }
            }
            let args: Vec<Vec<u8>> = (0..(rng.next() % 5))
                .map(|_| rng.pick(argp).to_vec())
                .collect();
            for d in [Dialect::BashBuiltin, Dialect::Coreutils] {
                let mut h = TestHost {
                    limit: 100_000,
                    used: 0,
                };
                let r = printf(d, &f, &args, &mut h);
                assert!(r.output.len() <= 100_000);
            }
            let joined: Vec<u8> = args.concat();
            let _ = echo_escapes(&f);
            let _ = ansi_c_escapes(&f);
            let _ = shell_quote_printf_q(&joined);
            let _ = shell_quote_single(&joined);
            let _ = shell_quote_coreutils(&joined);
        }
    }
}
