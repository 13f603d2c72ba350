//! File names in patch headers: reading them off `--- `/`+++ ` lines (time stamps, quoting),
//! recognising "no such file" markers (`/dev/null`, the epoch), stripping leading components
//! (`-p N`) and choosing among old, new and index names the way GNU patch does.

/// A name from a `--- ` or `+++ ` line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NameField {
    /// The name as written (unquoted).
    pub name: Vec<u8>,
    /// What followed the name on the line (the time stamp with its separator), no newline.
    pub rest: Vec<u8>,
    /// `/dev/null` or an epoch time stamp: this side of the patch has no file.
    pub nonexistent: bool,
}

/// A line's text without its newline (and a CR before it).
pub fn trim_line(s: &[u8]) -> &[u8] {
    let s = s.strip_suffix(b"\n").unwrap_or(s);
    s.strip_suffix(b"\r").unwrap_or(s)
}

/// Reads a C-style quoted name (`"a\tb"`); returns it and what follows the closing quote.
fn unquote(s: &[u8]) -> Option<(Vec<u8>, &[u8])> {
    let mut out = Vec::new();
    let mut i = 1;
    while i < s.len() {
        match s[i] {
            b'"' => return Some((out, &s[i + 1..])),
            b'\\' if i + 1 < s.len() => {
                i += 1;
                let c = s[i];
                match c {
                    b'0'..=b'7' => {
                        let mut v: u32 = 0;
                        let mut k = 0;
                        while k < 3 && i < s.len() && (b'0'..=b'7').contains(&s[i]) {
                            v = v * 8 + u32::from(s[i] - b'0');
                            i += 1;
                            k += 1;
                        }
                        out.push(v as u8);
                        continue;
                    }
                    b'n' => out.push(b'\n'),
                    b't' => out.push(b'\t'),
                    b'a' => out.push(7),
                    b'b' => out.push(8),
                    b'f' => out.push(12),
                    b'r' => out.push(b'\r'),
                    b'v' => out.push(11),
                    _ => out.push(c),
                }
            }
            c => out.push(c),
        }
        i += 1;
    }
    None
}

/// A whole-line name (`rename from NAME`), unquoted when quoted.
pub fn unquote_line(s: &[u8]) -> Vec<u8> {
    let s = trim_line(s);
    if s.first() == Some(&b'"') {
        if let Some((n, _)) = unquote(s) {
            return n;
        }
    }
    s.to_vec()
}

/// Reads the name after `--- ` / `+++ `. A name ends at white space, except that spaces are
/// part of the name when a tab (before the time stamp) follows later on the line.
pub fn fetch(s: &[u8]) -> NameField {
    let line = trim_line(s);
    let start = line
        .iter()
        .position(|&b| b != b' ' && b != b'\t')
        .unwrap_or(line.len());
    let line = &line[start..];
    let (name, rest) = if line.first() == Some(&b'"') {
        match unquote(line) {
            Some((n, rest)) => (n, rest.to_vec()),
            None => (line.to_vec(), Vec::new()),
        }
    } else {
        let mut end = line.len();
        let mut i = 0;
        while i < line.len() {
            if line[i].is_ascii_whitespace() {
                let mut u = i;
                while line[u] != b'\t' && u + 1 < line.len() && line[u + 1].is_ascii_whitespace() {
                    u += 1;
                }
                if line[u] != b'\t' && line[u + 1..].contains(&b'\t') {
                    i += 1;
                    continue;
                }
                end = i;
                break;
            }
            i += 1;
        }
        (line[..end].to_vec(), line[end..].to_vec())
    };
    let nonexistent = name == b"/dev/null" || is_epoch(&rest);
    NameField {
        name,
        rest,
        nonexistent,
    }
}

fn digits(s: &[u8], n: usize) -> Option<(i64, &[u8])> {
    if s.len() < n || !s[..n].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let v = std::str::from_utf8(&s[..n]).ok()?.parse().ok()?;
    Some((v, &s[n..]))
}

/// Days from 1970-01-01 to a civil date (proleptic Gregorian).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Whether a header's time stamp (`YYYY-MM-DD HH:MM:SS[.frac] [+-]HHMM`) is the epoch: the
/// mark `diff -N` uses for a file that does not exist.
pub fn is_epoch(rest: &[u8]) -> bool {
    let s = rest.trim_ascii();
    let parse = || -> Option<bool> {
        let (y, s) = digits(s, 4)?;
        let (mo, s) = digits(s.strip_prefix(b"-")?, 2)?;
        let (d, s) = digits(s.strip_prefix(b"-")?, 2)?;
        let (h, s) = digits(s.strip_prefix(b" ")?, 2)?;
        let (mi, s) = digits(s.strip_prefix(b":")?, 2)?;
        let (sec, mut s) = digits(s.strip_prefix(b":")?, 2)?;
        let mut frac_zero = true;
        if let Some(f) = s.strip_prefix(b".") {
            let n = f.iter().take_while(|b| b.is_ascii_digit()).count();
            frac_zero = f[..n].iter().all(|&b| b == b'0');
            s = &f[n..];
        }
        let mut zone = 0;
        let s = s.trim_ascii_start();
        if let Some((&sign, z)) = s.split_first() {
            if sign == b'+' || sign == b'-' {
                let (hh, z) = digits(z, 2)?;
                let (mm, _) = digits(z, 2)?;
                zone = (hh * 60 + mm) * 60 * if sign == b'-' { -1 } else { 1 };
            }
        }
        let t = days_from_civil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + sec - zone;
        Some(t == 0 && frac_zero)
    };
    parse().unwrap_or(false)
}

/// The two names of a `diff --git A B` line (each still with its `a/`/`b/` prefix).
pub fn git_names(s: &[u8]) -> super::parse::GitInfo {
    let s = trim_line(s);
    let mut info = super::parse::GitInfo::default();
    if s.first() == Some(&b'"') {
        if let Some((a, rest)) = unquote(s) {
            info.old = a;
            info.new = unquote_line(rest.trim_ascii_start());
            return info;
        }
    }
    // Unquoted names may hold spaces: prefer the split where both sides name the same path
    // once their first component is dropped.
    let spaces: Vec<usize> = (0..s.len()).filter(|&i| s[i] == b' ').collect();
    let tail = |n: &[u8]| -> Vec<u8> {
        match n.iter().position(|&b| b == b'/') {
            Some(i) => n[i + 1..].to_vec(),
            None => n.to_vec(),
        }
    };
    let split = spaces
        .iter()
        .copied()
        .find(|&i| tail(&s[..i]) == tail(&s[i + 1..]))
        .or_else(|| spaces.first().copied());
    if let Some(i) = split {
        info.old = s[..i].to_vec();
        info.new = unquote_line(&s[i + 1..]);
    }
    info
}

/// Strips `n` leading components (runs of `/` count once). `None` when the name has fewer.
pub fn strip_components(name: &[u8], n: usize) -> Option<Vec<u8>> {
    let mut rest = name;
    for _ in 0..n {
        let slash = rest.iter().position(|&b| b == b'/')?;
        let after = &rest[slash..];
        let skip = after.iter().take_while(|&&b| b == b'/').count();
        rest = &after[skip..];
    }
    if rest.is_empty() {
        return None;
    }
    Some(rest.to_vec())
}

/// The name a header gives once `-p` is applied; without `-p`, GNU keeps only the last
/// component.
pub fn strip(name: &[u8], strip: Option<usize>) -> Option<Vec<u8>> {
    if name.is_empty() {
        return None;
    }
    match strip {
        Some(n) => strip_components(name, n),
        None => {
            let base = name.rsplit(|&b| b == b'/').next().unwrap_or(name);
            (!base.is_empty()).then(|| base.to_vec())
        }
    }
}

/// A name GNU refuses to patch: absolute, or with a `..` component.
pub fn is_dangerous(name: &[u8]) -> bool {
    name.first() == Some(&b'/') || name.split(|&b| b == b'/').any(|c| c == b"..")
}

/// GNU's preference among candidate names: fewest components, then the shortest last
/// component, then the shortest name; the earlier candidate wins a tie.
pub fn best(cands: &[Option<&[u8]>]) -> Option<usize> {
    let key = |n: &[u8]| {
        let comps = n.split(|&b| b == b'/').filter(|c| !c.is_empty()).count();
        let base = n.rsplit(|&b| b == b'/').next().unwrap_or(n).len();
        (comps, base, n.len())
    };
    let mut best: Option<(usize, (usize, usize, usize))> = None;
    for (i, c) in cands.iter().enumerate() {
        if let Some(n) = c {
            let k = key(n);
            if best.is_none_or(|(_, bk)| k < bk) {
                best = Some((i, k));
            }
        }
    }
    best.map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fetch_names_and_stamps() {
        let f = fetch(b"a/x y\t2020-01-01 00:00:00.000000000 +0000\n");
        assert_eq!(
            (f.name.as_slice(), f.rest.as_slice()),
            (&b"a/x y"[..], &b"\t2020-01-01 00:00:00.000000000 +0000"[..])
        );
        assert_eq!(fetch(b"a/x y\n").name, b"a/x");
        let f = fetch(b"a/x y z\t2020\n");
        assert_eq!(f.name, b"a/x y z");
        let f = fetch(b"input\tJan 01 01:01:01 2000\n");
        assert_eq!((f.name.as_slice(), f.nonexistent), (&b"input"[..], false));
        assert!(fetch(b"/dev/null\n").nonexistent);
        assert!(fetch(b"x\t1970-01-01 00:00:00.000000000 +0000\n").nonexistent);
        assert!(fetch(b"x\t1969-12-31 19:00:00.000000000 -0500\n").nonexistent);
        assert!(!fetch(b"x\t1970-01-01 00:00:01 +0000\n").nonexistent);
        assert_eq!(fetch(b"\"a\\tb\"\t2020\n").name, b"a\tb");
    }

    #[test]
    fn stripping() {
        assert_eq!(
            strip_components(b"bogus_dir///dir2///file", 1).unwrap(),
            b"dir2///file"
        );
        assert_eq!(strip_components(b"/a/b", 1).unwrap(), b"a/b");
        assert_eq!(strip_components(b"a/f", 3), None);
        assert_eq!(strip(b"a/sub/f", None).unwrap(), b"f");
        assert_eq!(strip(b"/tmp/x", None).unwrap(), b"x");
        assert_eq!(strip(b"a/sub/f", Some(1)).unwrap(), b"sub/f");
    }

    #[test]
    fn best_name() {
        assert_eq!(best(&[Some(b"f.orig"), Some(b"f")]), Some(1));
        assert_eq!(best(&[Some(b"x"), Some(b"yy")]), Some(0));
        assert_eq!(best(&[Some(b"a/f"), Some(b"g")]), Some(1));
        assert_eq!(best(&[None, None]), None);
    }

    #[test]
    fn git_line() {
        let g = git_names(b"a/x y b/x y\n");
        assert_eq!(
            (g.old.as_slice(), g.new.as_slice()),
            (&b"a/x y"[..], &b"b/x y"[..])
        );
        let g = git_names(b"a/f b/g\n");
        assert_eq!(
            (g.old.as_slice(), g.new.as_slice()),
            (&b"a/f"[..], &b"b/g"[..])
        );
    }
}
