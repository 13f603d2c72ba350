//! csplit's file name suffixes: `-n N` digits, or a `-b` printf format holding exactly one
//! integer conversion (`%d %i %u %o %x %X`, flags `-0'#`, width, precision), checked with
//! GNU's messages and then applied to the piece number as C's printf would.

/// A checked suffix format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suffix {
    before: Vec<u8>,
    conv: Conv,
    after: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Conv {
    left: bool,
    zero: bool,
    alt: bool,
    width: usize,
    precision: Option<usize>,
    kind: u8,
}

/// `%%` in the literal parts prints one `%`.
fn literal(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        out.push(s[i]);
        i += if s[i] == b'%' && s.get(i + 1) == Some(&b'%') {
            2
        } else {
            1
        };
    }
    out
}

fn number(s: &[u8], i: &mut usize) -> usize {
    let mut n = 0usize;
    while *i < s.len() && s[*i].is_ascii_digit() {
        n = n
            .saturating_mul(10)
            .saturating_add(usize::from(s[*i] - b'0'));
        *i += 1;
    }
    n
}

impl Suffix {
    /// The default, `%0Nd`.
    pub fn digits(n: u64) -> Suffix {
        Suffix {
            before: Vec::new(),
            conv: Conv {
                left: false,
                zero: true,
                alt: false,
                width: usize::try_from(n).unwrap_or(usize::MAX),
                precision: None,
                kind: b'd',
            },
            after: Vec::new(),
        }
    }

    /// GNU's `max_out` checks; `Err` is the diagnostic (status 1).
    pub fn parse(f: &[u8]) -> Result<Suffix, String> {
        let mut found: Option<(usize, usize, Conv)> = None;
        let mut i = 0;
        while i < f.len() {
            if f[i] != b'%' {
                i += 1;
                continue;
            }
            let start = i;
            i += 1;
            if f.get(i) == Some(&b'%') {
                i += 1;
                continue;
            }
            if found.is_some() {
                return Err("too many % conversion specifications in suffix".into());
            }
            let (mut left, mut zero, mut alt, mut thousands) = (false, false, false, false);
            while let Some(&c) = f.get(i) {
                match c {
                    b'-' => left = true,
                    b'0' => zero = true,
                    b'\'' => thousands = true,
                    b'#' => alt = true,
                    _ => break,
                }
                i += 1;
            }
            let width = number(f, &mut i);
            let precision = if f.get(i) == Some(&b'.') {
                i += 1;
                Some(number(f, &mut i))
            } else {
                None
            };
            let kind = match f.get(i) {
                None => return Err("missing conversion specifier in suffix".into()),
                Some(&c @ (b'd' | b'i' | b'u' | b'o' | b'x' | b'X')) => c,
                Some(&c) if (0x20..0x7f).contains(&c) => {
                    return Err(format!(
                        "invalid conversion specifier in suffix: {}",
                        c as char
                    ))
                }
                Some(&c) => {
                    return Err(format!("invalid conversion specifier in suffix: \\{c:03o}"))
                }
            };
            let decimal = matches!(kind, b'd' | b'i' | b'u');
            if decimal && alt {
                return Err(format!(
                    "invalid flags in conversion specification: %#{}",
                    kind as char
                ));
            }
            if !decimal && thousands {
                return Err(format!(
                    "invalid flags in conversion specification: %'{}",
                    kind as char
                ));
            }
            i += 1;
            let conv = Conv {
                left,
                zero,
                alt,
                width,
                precision,
                kind,
            };
            found = Some((start, i, conv));
        }
        let Some((start, end, conv)) = found else {
            return Err("missing % conversion specification in suffix".into());
        };
        Ok(Suffix {
            before: literal(&f[..start]),
            conv,
            after: literal(&f[end..]),
        })
    }

    /// The longest suffix this format can make (GNU allocates the name buffer for it up
    /// front, so a huge width fails before any file is made).
    pub fn max_len(&self) -> u64 {
        let c = &self.conv;
        let digits = (c.precision.unwrap_or(0) as u64).max(11) + 2;
        (self.before.len() + self.after.len()) as u64 + (c.width as u64).max(digits)
    }

    /// The suffix of piece `n` (thousands grouping is empty in the C locale).
    pub fn format(&self, n: u64) -> Vec<u8> {
        let c = &self.conv;
        let mut digits = match c.kind {
            b'o' => format!("{n:o}"),
            b'x' => format!("{n:x}"),
            b'X' => format!("{n:X}"),
            _ => n.to_string(),
        }
        .into_bytes();
        if c.precision == Some(0) && n == 0 {
            digits.clear();
        }
        if let Some(p) = c.precision {
            if digits.len() < p {
                let mut v = vec![b'0'; p - digits.len()];
                v.extend_from_slice(&digits);
                digits = v;
            }
        }
        let mut prefix: &[u8] = b"";
        if c.alt {
            match c.kind {
                b'o' if digits.first() != Some(&b'0') => digits.insert(0, b'0'),
                b'x' if n != 0 => prefix = b"0x",
                b'X' if n != 0 => prefix = b"0X",
                _ => {}
            }
        }
        let len = prefix.len() + digits.len();
        let pad = c.width.saturating_sub(len);
        let mut out = self.before.clone();
        if c.left {
            out.extend_from_slice(prefix);
            out.extend_from_slice(&digits);
            out.extend(std::iter::repeat_n(b' ', pad));
        } else if c.zero && c.precision.is_none() {
            out.extend_from_slice(prefix);
            out.extend(std::iter::repeat_n(b'0', pad));
            out.extend_from_slice(&digits);
        } else {
            out.extend(std::iter::repeat_n(b' ', pad));
            out.extend_from_slice(prefix);
            out.extend_from_slice(&digits);
        }
        out.extend_from_slice(&self.after);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(fmt: &str, n: u64) -> String {
        String::from_utf8(Suffix::parse(fmt.as_bytes()).unwrap().format(n)).unwrap()
    }

    #[test]
    fn printf_like_c() {
        assert_eq!(f("%02d", 3), "03");
        assert_eq!(f("%03x.txt", 10), "00a.txt");
        assert_eq!(f("%%%-4d|", 7), "%7   |");
        assert_eq!(f("%#o", 8), "010");
        assert_eq!(f("%#X", 255), "0XFF");
        assert_eq!(f("%.0d", 0), "");
        assert_eq!(f("%05.3u", 7), "  007");
        assert_eq!(
            String::from_utf8(Suffix::digits(3).format(5)).unwrap(),
            "005"
        );
    }

    #[test]
    fn gnu_diagnostics() {
        let e = |s: &str| Suffix::parse(s.as_bytes()).unwrap_err();
        assert_eq!(e("%d%d"), "too many % conversion specifications in suffix");
        assert_eq!(e("x"), "missing % conversion specification in suffix");
        assert_eq!(e("%#d"), "invalid flags in conversion specification: %#d");
        assert_eq!(e("%'x"), "invalid flags in conversion specification: %'x");
        assert_eq!(e("% d"), "invalid conversion specifier in suffix:  ");
        assert_eq!(e("a%"), "missing conversion specifier in suffix");
    }
}
