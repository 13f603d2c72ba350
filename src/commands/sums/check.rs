//! `--check`: reading checksum lists and verifying the files they name, as GNU coreutils 9.1
//! reads them.
//!
//! A line is either BSD-style ("tagged": `MD5 (name) = hex`) or the untagged `hex  name`
//! that the commands print by default. GNU's reader has quirks that change which lines count
//! as well formed, and scripts rely on the counts, so they are kept:
//! - leading blanks are skipped, and a `\` there means the name is escaped (`\\`, `\n`);
//! - in an untagged line one blank then a name that does not start with ` ` or `*` is the
//!   "reversed BSD" form (`md5 -r`); the first untagged line of a run decides which form the
//!   rest must use, so a later line of the other form is misread or rejected;
//! - `cksum` without `-a` reads only tagged lines and takes each line's algorithm from its
//!   tag (the legacy sums excepted); warnings name the algorithm of the last tag seen;
//! - BLAKE2b takes its length from the tag (`BLAKE2b-256`) or, untagged, from the digest;
//! - `cksum` consumes one character after any tag, so `MD5  (a)` is read where `md5sum`
//!   would refuse it.

use super::digest::{Algo, BLAKE2B_MAX_BITS};

/// Which algorithms a list may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// `md5sum` and the other one-algorithm commands.
    Program(Algo),
    /// `cksum -a ALGO`.
    CksumFixed(Algo),
    /// `cksum` without `-a`: every line names its algorithm.
    CksumTagged,
}

/// A well-formed line.
#[derive(Debug, PartialEq, Eq)]
pub struct Entry {
    pub algo: Algo,
    pub bits: usize,
    /// The expected digest, lowercased.
    pub hex: Vec<u8>,
    pub name: Vec<u8>,
}

/// State that lives across every line of a run (all list files of one command).
pub struct ListParser {
    reading: Reading,
    /// The algorithm the last tag named (what warnings call the lines).
    pub current: Algo,
    /// Set by the first untagged line: whether the run uses the reversed BSD form.
    reversed: Option<bool>,
}

fn blank(b: Option<&u8>) -> bool {
    matches!(b, Some(b' ' | b'\t'))
}

/// GNU's escape decoding of a name: only `\\` and `\n`; anything else is malformed.
pub fn unescape(name: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(name.len());
    let mut i = 0;
    while i < name.len() {
        if name[i] == b'\\' {
            match name.get(i + 1) {
                Some(b'\\') => out.push(b'\\'),
                Some(b'n') => out.push(b'\n'),
                _ => return None,
            }
            i += 2;
        } else {
            out.push(name[i]);
            i += 1;
        }
    }
    Some(out)
}

/// `strtoumax(s, _, 0)`'s reading of a length: blanks, an optional `+`, then decimal, `0x`
/// hexadecimal or `0` octal digits. Returns the value and the bytes consumed.
fn c_number(s: &[u8]) -> Option<(u64, usize)> {
    let mut i = 0;
    while s.get(i).is_some_and(|b| b" \t\n\x0b\x0c\r".contains(b)) {
        i += 1;
    }
    if s.get(i) == Some(&b'+') {
        i += 1;
    }
    let (radix, start) = match (s.get(i), s.get(i + 1), s.get(i + 2)) {
        (Some(b'0'), Some(b'x' | b'X'), Some(c)) if c.is_ascii_hexdigit() => (16, i + 2),
        (Some(b'0'), _, _) => (8, i),
        _ => (10, i),
    };
    let digits = s[start..]
        .iter()
        .take_while(|&&b| (b as char).is_digit(radix))
        .count();
    if digits == 0 {
        return None;
    }
    let text = std::str::from_utf8(&s[start..start + digits]).ok()?;
    let v = u64::from_str_radix(text, radix).unwrap_or(u64::MAX);
    Some((v, start + digits))
}

impl ListParser {
    pub fn new(reading: Reading) -> ListParser {
        let current = match reading {
            Reading::Program(a) | Reading::CksumFixed(a) => a,
            Reading::CksumTagged => Algo::Crc,
        };
        ListParser {
            reading,
            current,
            reversed: None,
        }
    }

    fn is_cksum(&self) -> bool {
        !matches!(self.reading, Reading::Program(_))
    }

    /// Parses one line (without its newline or carriage return).
    pub fn parse(&mut self, line: &[u8]) -> Option<Entry> {
        let mut i = 0;
        while blank(line.get(i)) {
            i += 1;
        }
        let escaped = line.get(i) == Some(&b'\\');
        if escaped {
            i += 1;
        }
        if self.reading == Reading::CksumTagged {
            let end = line[i..]
                .iter()
                .position(|b| matches!(b, b' ' | b'\t' | b'-' | b'('))
                .map_or(line.len(), |p| i + p);
            let algo = Algo::from_tag(&line[i..end])?;
            if algo.is_legacy() {
                return None;
            }
            self.current = algo;
        }
        let algo = self.current;
        let tag = algo.tag().as_bytes();
        if line[i..].starts_with(tag) {
            return self.parse_tagged(line, i + tag.len(), algo, escaped);
        }
        self.parse_untagged(line, i, algo, escaped)
    }

    /// A tagged line from just after the tag.
    fn parse_tagged(
        &mut self,
        line: &[u8],
        mut i: usize,
        algo: Algo,
        escaped: bool,
    ) -> Option<Entry> {
        let mut bits = algo.bits();
        if self.is_cksum() || algo == Algo::Blake2b {
            // GNU ends the tag by overwriting the next character, whatever it is, and puts
            // back only an opening parenthesis.
            let next = line.get(i).copied();
            if next != Some(b'(') {
                i += 1;
            }
            if algo == Algo::Blake2b && next == Some(b'-') {
                let (n, used) = c_number(line.get(i..)?)?;
                if n == 0 || n > BLAKE2B_MAX_BITS as u64 || n % 8 != 0 {
                    return None;
                }
                bits = n as usize;
                i += used;
            }
        }
        if line.get(i) == Some(&b' ') {
            i += 1;
        }
        if line.get(i) != Some(&b'(') {
            return None;
        }
        let rest = &line[i + 1..];
        // The name ends at the last `)`.
        let close = rest.iter().rposition(|&b| b == b')')?;
        let name = if escaped {
            unescape(&rest[..close])?
        } else {
            rest[..close].to_vec()
        };
        let mut j = close + 1;
        while blank(rest.get(j)) {
            j += 1;
        }
        if rest.get(j) != Some(&b'=') {
            return None;
        }
        j += 1;
        while blank(rest.get(j)) {
            j += 1;
        }
        let hex = &rest[j..];
        if hex.len() != bits / 4 || !hex.iter().all(u8::is_ascii_hexdigit) {
            return None;
        }
        Some(Entry {
            algo,
            bits,
            hex: hex.to_ascii_lowercase(),
            name,
        })
    }

    /// An untagged line from the start of the digest.
    fn parse_untagged(
        &mut self,
        line: &[u8],
        mut i: usize,
        algo: Algo,
        escaped: bool,
    ) -> Option<Entry> {
        let start = i;
        let bits = if algo == Algo::Blake2b {
            // The length is however many hex digits there are.
            let n = line[i..]
                .iter()
                .take_while(|b| b.is_ascii_hexdigit())
                .count();
            if n < 2 || n % 2 != 0 || n > BLAKE2B_MAX_BITS / 4 {
                return None;
            }
            n * 4
        } else {
            let bits = algo.bits();
            // Too short to hold the digest, a blank and a one-character name. cksum (like
            // b2sum) fixes its minimum before it knows the digest's length, so only the blank
            // and the name count there.
            let digest = if self.is_cksum() { 0 } else { bits / 4 };
            let min = digest + 2 + usize::from(line.get(i) == Some(&b'\\'));
            if line.len() - i < min {
                return None;
            }
            bits
        };
        i += bits / 4;
        if !blank(line.get(i)) {
            return None;
        }
        let hex = &line[start..i];
        if !hex.iter().all(u8::is_ascii_hexdigit) {
            return None;
        }
        i += 1;
        let reversed_form = line.len() - i == 1 || !matches!(line.get(i), Some(b' ' | b'*'));
        if reversed_form {
            if self.reversed == Some(false) {
                return None;
            }
            self.reversed = Some(true);
        } else if self.reversed != Some(true) {
            self.reversed = Some(false);
            // The type character (`*` binary, ` ` text) means nothing on Linux.
            i += 1;
        }
        let name = if escaped {
            unescape(&line[i..])?
        } else {
            line[i..].to_vec()
        };
        Some(Entry {
            algo,
            bits,
            hex: hex.to_ascii_lowercase(),
            name,
        })
    }
}

/// How a verified file's name is shown: escaped (and flagged with `\`) only when it holds a
/// newline.
pub fn shown_name(name: &[u8]) -> Vec<u8> {
    if !name.contains(&b'\n') {
        return name.to_vec();
    }
    let mut out = vec![b'\\'];
    for &b in name {
        match b {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            _ => out.push(b),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const MD5: &str = "b1946ac92492d2347c6235b4d2611184";

    fn parse(reading: Reading, line: &str) -> Option<(Algo, usize, String)> {
        ListParser::new(reading)
            .parse(line.as_bytes())
            .map(|e| (e.algo, e.bits, String::from_utf8(e.name).unwrap()))
    }

    #[test]
    fn untagged_forms() {
        let md5 = Reading::Program(Algo::Md5);
        assert_eq!(
            parse(md5, &format!("{MD5}  a")),
            Some((Algo::Md5, 128, "a".into()))
        );
        assert_eq!(
            parse(md5, &format!("{MD5} *a")),
            Some((Algo::Md5, 128, "a".into()))
        );
        assert_eq!(
            parse(md5, &format!("  {MD5}\ta")),
            Some((Algo::Md5, 128, "a".into()))
        );
        // Too short, and a digest of the wrong length.
        assert_eq!(parse(md5, &format!("{MD5} ")), None);
        assert_eq!(parse(md5, &format!("{}  a", &MD5[1..])), None);
        // The two spaces and a space-only name: the reversed form with the name " ".
        assert_eq!(
            parse(md5, &format!("{MD5}  ")),
            Some((Algo::Md5, 128, " ".into()))
        );
        // cksum without -a reads only tagged lines.
        assert_eq!(parse(Reading::CksumTagged, &format!("{MD5}  a")), None);
    }

    #[test]
    fn reversed_form_decided_by_first_line() {
        let mut r = ListParser::new(Reading::Program(Algo::Md5));
        let name = |r: &mut ListParser, l: String| r.parse(l.as_bytes()).map(|e| e.name);
        assert_eq!(name(&mut r, format!("{MD5} a")), Some(b"a".to_vec()));
        // Once reversed, the type character is part of the name.
        assert_eq!(name(&mut r, format!("{MD5}  a")), Some(b" a".to_vec()));
        let mut r = ListParser::new(Reading::Program(Algo::Md5));
        assert_eq!(name(&mut r, format!("{MD5}  a")), Some(b"a".to_vec()));
        assert_eq!(name(&mut r, format!("{MD5} a")), None);
    }

    #[test]
    fn tagged_forms() {
        let line = format!("MD5 (a b) = {}", MD5.to_uppercase());
        let e = ListParser::new(Reading::CksumTagged)
            .parse(line.as_bytes())
            .unwrap();
        assert_eq!((e.hex, e.name), (MD5.as_bytes().to_vec(), b"a b".to_vec()));
        let md5 = Reading::Program(Algo::Md5);
        assert!(parse(md5, &format!("MD5(a)= {MD5}")).is_some());
        assert!(parse(md5, &format!("MD5  (a) = {MD5}")).is_none());
        assert!(parse(Reading::CksumFixed(Algo::Md5), &format!("MD5  (a) = {MD5}")).is_some());
        assert!(parse(md5, &format!("MD5 (a) = {MD5} ")).is_none());
        // The name runs to the last parenthesis.
        assert_eq!(
            parse(md5, &format!("MD5 (a) (b) = {MD5}")).map(|e| e.2),
            Some("a) (b".into())
        );
        // Legacy tags are refused; unknown tags too.
        assert!(parse(Reading::CksumTagged, "CRC (a) = 1").is_none());
        assert!(parse(Reading::CksumTagged, &format!("MD5x (a) = {MD5}")).is_none());
    }

    #[test]
    fn blake2b_lengths() {
        let h256 = "93becc6e9882211c3ec3708c95bcd69baab7bb59c7f4bc84ce637b88a534b783";
        let b2 = Reading::Program(Algo::Blake2b);
        for tag in [
            "BLAKE2b-256",
            "BLAKE2b-0x100",
            "BLAKE2b-0400",
            "BLAKE2b- 256",
        ] {
            assert_eq!(
                parse(b2, &format!("{tag} (a) = {h256}")).map(|e| e.1),
                Some(256),
                "{tag}"
            );
        }
        assert!(parse(b2, &format!("BLAKE2b-255 (a) = {h256}")).is_none());
        assert!(parse(b2, &format!("BLAKE2b (a) = {h256}")).is_none());
        assert_eq!(parse(b2, &format!("{h256}  a")).map(|e| e.1), Some(256));
        assert_eq!(parse(b2, "ab x").map(|e| e.1), Some(8));
        assert!(parse(b2, "a  x").is_none());
    }

    #[test]
    fn escapes() {
        let md5 = Reading::Program(Algo::Md5);
        assert_eq!(
            parse(md5, &format!("\\{MD5}  a\\\\b\\nc")).map(|e| e.2),
            Some("a\\b\nc".into())
        );
        assert!(parse(md5, &format!("\\{MD5}  a\\tb")).is_none());
        assert_eq!(shown_name(b"a\\b"), b"a\\b");
        assert_eq!(shown_name(b"a\\b\nc"), b"\\a\\\\b\\nc");
    }

    #[test]
    fn c_numbers() {
        assert_eq!(c_number(b"256 ("), Some((256, 3)));
        assert_eq!(c_number(b"0x100"), Some((256, 5)));
        assert_eq!(c_number(b"0400"), Some((256, 4)));
        assert_eq!(c_number(b" +8"), Some((8, 3)));
        assert_eq!(c_number(b"-8"), None);
        assert_eq!(c_number(b"0x"), Some((0, 1)));
    }
}
