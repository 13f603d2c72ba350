//! Backslash-escape decoding for `$'...'` (ANSI-C quoting).

/// Decodes the body of `$'...'`. Like bash (whose strings are C strings), a NUL byte ends
/// the string.
pub fn ansi_c(s: &[u8]) -> Vec<u8> {
    let mut out = ansi_c_all(s);
    if let Some(i) = out.iter().position(|&b| b == 0) {
        out.truncate(i);
    }
    out
}

fn ansi_c_all(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        if b != b'\\' || i + 1 >= s.len() {
            out.push(b);
            i += 1;
            continue;
        }
        let c = s[i + 1];
        i += 2;
        match c {
            b'a' => out.push(7),
            b'b' => out.push(8),
            b'e' | b'E' => out.push(0x1b),
            b'f' => out.push(12),
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b't' => out.push(b'\t'),
            b'v' => out.push(11),
            b'\\' => out.push(b'\\'),
            b'\'' => out.push(b'\''),
            b'"' => out.push(b'"'),
            b'?' => out.push(b'?'),
            b'0'..=b'7' => {
                let mut v: u32 = (c - b'0') as u32;
                let mut n = 1;
                while n < 3 && i < s.len() && (b'0'..=b'7').contains(&s[i]) {
                    v = v * 8 + (s[i] - b'0') as u32;
                    i += 1;
                    n += 1;
                }
                out.push((v & 0xff) as u8);
            }
            b'x' => {
                let mut v: u32 = 0;
                let mut n = 0;
                while n < 2 && i < s.len() && s[i].is_ascii_hexdigit() {
                    v = v * 16 + (s[i] as char).to_digit(16).unwrap_or(0);
                    i += 1;
                    n += 1;
                }
                if n == 0 {
                    out.extend_from_slice(b"\\x");
                } else {
                    out.push(v as u8);
                }
            }
            b'u' | b'U' => {
                let max = if c == b'u' { 4 } else { 8 };
                let mut v: u32 = 0;
                let mut n = 0;
                while n < max && i < s.len() && s[i].is_ascii_hexdigit() {
                    v = v * 16 + (s[i] as char).to_digit(16).unwrap_or(0);
                    i += 1;
                    n += 1;
                }
                if n == 0 {
                    out.push(b'\\');
                    out.push(c);
                } else if let Some(ch) = char::from_u32(v) {
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
            }
            b'c' => {
                if i < s.len() {
                    out.push(s[i] & 0x1f);
                    i += 1;
                } else {
                    out.extend_from_slice(b"\\c");
                }
            }
            other => {
                out.push(b'\\');
                out.push(other);
            }
        }
    }
    out
}
