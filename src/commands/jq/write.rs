//! jq 1.6's output: `jv_dumpf` layout (two-space indentation by default, `--tab`, `--indent N`,
//! `-c`), its number formatting (`jvp_dtoa_fmt`: shortest round-trip digits, exponent form
//! below 1e-4 and past 17 significant places) and its string escaping (`-a` for ASCII).

use jaq_json::{Num, Val};

/// How values are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Multi-line output (off for `-c` and `--indent 0`).
    pub pretty: bool,
    /// Indent with one tab per level instead of spaces.
    pub tab: bool,
    /// Spaces per level (1..=7).
    pub indent: u8,
    /// Sort object keys (`-S`).
    pub sort_keys: bool,
    /// Escape everything outside ASCII (`-a`).
    pub ascii: bool,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            pretty: true,
            tab: false,
            indent: 2,
            sort_keys: false,
            ascii: false,
        }
    }
}

/// A number as a double, the way jq 1.6 holds every number.
pub fn num_f64(n: &Num) -> f64 {
    match n {
        Num::Int(i) => *i as f64,
        Num::Float(f) => *f,
        Num::BigInt(b) => b.to_string().parse().unwrap_or(f64::NAN),
        Num::Dec(s) => s.parse().unwrap_or(f64::NAN),
    }
}

/// jq's text for a double: `null` for NaN, the largest finite double for the infinities.
pub fn fmt_f64(out: &mut Vec<u8>, x: f64) {
    if x.is_nan() {
        out.extend_from_slice(b"null");
        return;
    }
    let x = if x.is_infinite() {
        f64::MAX.copysign(x)
    } else {
        x
    };
    if x == 0.0 {
        out.extend_from_slice(if x.is_sign_negative() { b"-0" } else { b"0" });
        return;
    }
    // Shortest round-trip digits and the decimal exponent, as dtoa's mode 0 gives them.
    let e = format!("{:e}", x.abs());
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let digits: Vec<u8> = mant.bytes().filter(|b| b.is_ascii_digit()).collect();
    let decpt: i32 = exp.parse::<i32>().unwrap_or(0) + 1;
    let nd = digits.len() as i32;
    if x < 0.0 {
        out.push(b'-');
    }
    if decpt <= -4 || decpt > nd + 15 {
        out.push(digits[0]);
        if nd > 1 {
            out.push(b'.');
            out.extend_from_slice(&digits[1..]);
        }
        out.push(b'e');
        let mut d = decpt - 1;
        if d < 0 {
            out.push(b'-');
            d = -d;
        } else {
            out.push(b'+');
        }
        out.extend_from_slice(format!("{d:02}").as_bytes());
    } else if decpt <= 0 {
        out.extend_from_slice(b"0.");
        out.extend(std::iter::repeat_n(b'0', (-decpt) as usize));
        out.extend_from_slice(&digits);
    } else {
        for (i, d) in digits.iter().enumerate() {
            if i as i32 == decpt {
                out.push(b'.');
            }
            out.push(*d);
        }
        if decpt > nd {
            out.extend(std::iter::repeat_n(b'0', (decpt - nd) as usize));
        }
    }
}

/// A JSON string literal with jq's escapes.
pub fn write_str(out: &mut Vec<u8>, s: &[u8], ascii: bool) {
    out.push(b'"');
    let text = String::from_utf8_lossy(s);
    for c in text.chars() {
        match c {
            '"' => out.extend_from_slice(b"\\\""),
            '\\' => out.extend_from_slice(b"\\\\"),
            '\n' => out.extend_from_slice(b"\\n"),
            '\t' => out.extend_from_slice(b"\\t"),
            '\r' => out.extend_from_slice(b"\\r"),
            '\u{8}' => out.extend_from_slice(b"\\b"),
            '\u{c}' => out.extend_from_slice(b"\\f"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.extend_from_slice(format!("\\u{:04x}", c as u32).as_bytes())
            }
            c if ascii && (c as u32) > 0x7f => {
                let mut buf = [0u16; 2];
                for unit in c.encode_utf16(&mut buf) {
                    out.extend_from_slice(format!("\\u{unit:04x}").as_bytes());
                }
            }
            c => {
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    out.push(b'"');
}

fn newline_indent(out: &mut Vec<u8>, style: &Style, level: usize) {
    out.push(b'\n');
    if style.tab {
        out.extend(std::iter::repeat_n(b'\t', level));
    } else {
        out.extend(std::iter::repeat_n(b' ', level * style.indent as usize));
    }
}

fn key_bytes(k: &Val) -> Vec<u8> {
    match k {
        Val::TStr(b) | Val::BStr(b) => b.to_vec(),
        other => other.to_string().into_bytes(),
    }
}

/// A value was longer than the room it was given.
#[derive(Debug, PartialEq, Eq)]
pub struct TooBig;

/// jq 1.6's `MAX_PRINT_DEPTH`: deeper values print as [`STRIPPED`]. It also bounds the
/// recursion here.
const MAX_PRINT_DEPTH: usize = 256;
const STRIPPED: &[u8] = b"<stripped: exceeds max depth>";

/// Appends `v` laid out by `style`, stopping once more than `room` bytes were written: a value
/// that shares its parts (`[., .]` repeated) can be far larger written out than held.
pub fn write_val(out: &mut Vec<u8>, v: &Val, style: &Style, room: usize) -> Result<(), TooBig> {
    let limit = out.len().saturating_add(room);
    write_at(out, v, style, 0, limit)
}

fn write_at(
    out: &mut Vec<u8>,
    v: &Val,
    style: &Style,
    level: usize,
    limit: usize,
) -> Result<(), TooBig> {
    if out.len() > limit {
        return Err(TooBig);
    }
    if level > MAX_PRINT_DEPTH {
        out.extend_from_slice(STRIPPED);
        return Ok(());
    }
    match v {
        Val::Null => out.extend_from_slice(b"null"),
        Val::Bool(b) => out.extend_from_slice(if *b { b"true" } else { b"false" }),
        Val::Num(n) => fmt_f64(out, num_f64(n)),
        Val::TStr(s) | Val::BStr(s) => write_str(out, s, style.ascii),
        Val::Arr(a) => {
            out.push(b'[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                if style.pretty {
                    newline_indent(out, style, level + 1);
                }
                write_at(out, x, style, level + 1, limit)?;
            }
            if style.pretty && !a.is_empty() {
                newline_indent(out, style, level);
            }
            out.push(b']');
        }
        Val::Obj(o) => {
            out.push(b'{');
            let mut entries: Vec<(Vec<u8>, &Val)> =
                o.iter().map(|(k, v)| (key_bytes(k), v)).collect();
            if style.sort_keys {
                entries.sort_by(|a, b| a.0.cmp(&b.0));
            }
            for (i, (k, x)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                if style.pretty {
                    newline_indent(out, style, level + 1);
                }
                write_str(out, k, style.ascii);
                out.push(b':');
                if style.pretty {
                    out.push(b' ');
                }
                write_at(out, x, style, level + 1, limit)?;
            }
            if style.pretty && !entries.is_empty() {
                newline_indent(out, style, level);
            }
            out.push(b'}');
        }
    }
    Ok(())
}

/// A value as compact JSON text, at most about `room` bytes.
pub fn compact(v: &Val, room: usize) -> Result<Vec<u8>, TooBig> {
    let mut out = Vec::new();
    let style = Style {
        pretty: false,
        ..Style::default()
    };
    write_val(&mut out, v, &style, room)?;
    Ok(out)
}

/// A value as compact JSON text for a message, shortened with `...` past 64 KiB.
pub fn shown(v: &Val) -> String {
    let mut out = Vec::new();
    let style = Style {
        pretty: false,
        ..Style::default()
    };
    if write_val(&mut out, v, &style, 64 << 10).is_err() {
        out.extend_from_slice(b"...");
    }
    String::from_utf8_lossy(&out).into_owned()
}
