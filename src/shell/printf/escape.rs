//! Byte-level helpers for quoting (`%q`, `${x@Q}`, `$'...'`) and backslash-escape processing
//! (`echo -e`, `%b`, `$'...'`), shared by the printf engine and its public wrappers.

// ---------------------------------------------------------------------------
// Quoting helpers
// ---------------------------------------------------------------------------

/// Decode one UTF-8 sequence at `s[i..]`: (length, code point) or None if invalid.
pub(super) fn utf8_decode(s: &[u8], i: usize) -> Option<(usize, u32)> {
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
pub(super) fn cp_printable(cp: u32) -> bool {
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

/// (byte length, printable?) of the character at `i` in a UTF-8 locale (`utf8`: invalid
/// bytes count as one non-printable byte) or in C (a byte, printable when it is ASCII).
pub(super) fn char_at(s: &[u8], i: usize, utf8: bool) -> (usize, bool) {
    if !utf8 {
        return (1, (0x20..0x7f).contains(&s[i]));
    }
    match utf8_decode(s, i) {
        Some((len, cp)) => (len, cp_printable(cp)),
        None => (1, false),
    }
}

pub(super) fn first_nonprint(s: &[u8], utf8: bool) -> Option<usize> {
    let mut i = 0;
    while i < s.len() {
        let (len, p) = char_at(s, i, utf8);
        if !p {
            return Some(i);
        }
        i += len;
    }
    None
}

pub(super) fn needs_ansic(s: &[u8], utf8: bool) -> bool {
    first_nonprint(s, utf8).is_some()
}

pub(super) fn push_ansic_byte(o: &mut Vec<u8>, b: u8) {
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
pub(super) fn ansic_quote(s: &[u8], utf8: bool) -> Vec<u8> {
    let mut o = Vec::with_capacity(s.len() + 8);
    o.extend_from_slice(b"$'");
    let mut i = 0;
    while i < s.len() {
        let (len, printable) = char_at(s, i, utf8);
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
pub(super) enum EscMode {
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

/// A `\u`/`\U` escape's character in the locale: UTF-8 in a UTF-8 locale; in C an ASCII
/// code point is its byte and any other stays an escape, `\u` with four upper-case hex
/// digits up to U+FFFF and `\U` with eight above, as bash and coreutils print it when the
/// character has no encoding.
pub(super) fn push_unicode(o: &mut Vec<u8>, cp: u32, utf8: bool) {
    if utf8 || cp < 0x80 {
        push_utf8_ext(o, cp);
    } else if cp <= 0xffff {
        o.extend_from_slice(format!("\\u{cp:04X}").as_bytes());
    } else {
        o.extend_from_slice(format!("\\U{cp:08X}").as_bytes());
    }
}

/// Encode a code point the way bash does (UTF-8, extended up to 31 bits;
/// values above 0x7fffffff produce nothing).
pub(super) fn push_utf8_ext(o: &mut Vec<u8>, cp: u32) {
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

pub(super) fn hexval(c: u8) -> Option<u32> {
    (c as char).to_digit(16)
}

/// Read up to `max` digits of `radix` starting at `s[i]`.  Returns (value, count).
pub(super) fn read_digits(s: &[u8], i: usize, max: usize, radix: u32) -> (u32, usize) {
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
pub(super) fn escape_loop(
    s: &[u8],
    mode: EscMode,
    utf8: bool,
    out: &mut Vec<u8>,
    warn: &mut dyn FnMut(&[u8]),
) -> bool {
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
                    push_unicode(out, v, utf8);
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
