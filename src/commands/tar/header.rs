//! Tar headers: reading ustar, GNU (`././@LongLink`) and pax (`path`, `linkpath`, `size`,
//! `mtime`) members, and writing GNU-format headers byte for byte as GNU tar 1.34 does.

pub const BLOCK: usize = 512;
/// GNU tar's default record: 20 blocks; archives are padded to a whole record.
pub const RECORD: usize = 20 * BLOCK;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    File,
    HardLink,
    Symlink,
    Dir,
    /// Character/block device or FIFO: listed, not extracted.
    Special(u8),
}

/// One archive member.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: Vec<u8>,
    pub link: Vec<u8>,
    pub kind: Kind,
    pub mode: u32,
    pub uid: u64,
    pub gid: u64,
    pub uname: Vec<u8>,
    pub gname: Vec<u8>,
    pub size: u64,
    pub mtime: i64,
    /// Offset of the member's data in the archive.
    pub data: usize,
}

/// Why reading stopped early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The first header is not a tar header.
    NotTar,
    /// A later header failed its checksum.
    Skipping,
    UnexpectedEof,
}

fn field(b: &[u8]) -> &[u8] {
    let end = memchr::memchr(0, b).unwrap_or(b.len());
    &b[..end]
}

/// An octal (or GNU base-256) numeric field.
pub fn number(b: &[u8]) -> Option<u64> {
    if let Some(&first) = b.first() {
        if first & 0x80 != 0 {
            let mut v: u64 = (first & 0x3f) as u64;
            for &c in &b[1..] {
                v = v.checked_mul(256)?.checked_add(c as u64)?;
            }
            return Some(v);
        }
    }
    let s: Vec<u8> = b
        .iter()
        .copied()
        .skip_while(|&c| c == b' ')
        .take_while(|&c| c != 0 && c != b' ')
        .collect();
    if s.is_empty() {
        return Some(0);
    }
    let mut v: u64 = 0;
    for c in s {
        if !(b'0'..=b'7').contains(&c) {
            return None;
        }
        v = v.checked_mul(8)?.checked_add((c - b'0') as u64)?;
    }
    Some(v)
}

fn checksum_ok(h: &[u8]) -> bool {
    let Some(stored) = number(&h[148..156]) else {
        return false;
    };
    let mut unsigned: u64 = 0;
    let mut signed: i64 = 0;
    for (i, &b) in h.iter().enumerate() {
        let b = if (148..156).contains(&i) { b' ' } else { b };
        unsigned += b as u64;
        signed += b as i8 as i64;
    }
    stored == unsigned || stored as i64 == signed
}

/// Iterates the members of an in-memory archive.
pub struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    first: bool,
    /// Inside a run of bad headers (GNU reports only the first of a run).
    bad_run: bool,
    pub done: bool,
}

impl<'a> Reader<'a> {
    pub fn new(data: &'a [u8]) -> Reader<'a> {
        Reader {
            data,
            pos: 0,
            first: true,
            bad_run: false,
            done: false,
        }
    }

    fn block(&self, at: usize) -> Option<&'a [u8]> {
        self.data.get(at..at + BLOCK)
    }

    fn skip_data(&mut self, size: u64) -> Result<(), ReadError> {
        let padded = (size as usize).div_ceil(BLOCK) * BLOCK;
        if self.pos + padded > self.data.len() {
            self.pos = self.data.len();
            return Err(ReadError::UnexpectedEof);
        }
        self.pos += padded;
        Ok(())
    }

    /// The next member, `Ok(None)` at the end of the archive.
    pub fn next_entry(&mut self) -> Result<Option<Entry>, ReadError> {
        let mut long_name: Option<Vec<u8>> = None;
        let mut long_link: Option<Vec<u8>> = None;
        let mut pax_size: Option<u64> = None;
        let mut pax_mtime: Option<i64> = None;
        loop {
            if self.done {
                return Ok(None);
            }
            let Some(h) = self.block(self.pos) else {
                self.done = true;
                if self.first && self.data.is_empty() {
                    return Err(ReadError::NotTar);
                }
                if self.pos < self.data.len() && !self.bad_run {
                    return Err(ReadError::UnexpectedEof);
                }
                return Ok(None);
            };
            if h.iter().all(|&b| b == 0) && !self.bad_run {
                self.done = true;
                return Ok(None);
            }
            if !checksum_ok(h) {
                self.pos += BLOCK;
                if self.bad_run {
                    continue;
                }
                self.bad_run = true;
                let first = self.first;
                self.first = false;
                return Err(if first {
                    ReadError::NotTar
                } else {
                    ReadError::Skipping
                });
            }
            self.bad_run = false;
            self.first = false;
            self.pos += BLOCK;
            let type_flag = h[156];
            let size = number(&h[124..136]).unwrap_or(0);
            match type_flag {
                b'L' | b'K' => {
                    let end = self.pos + size as usize;
                    let Some(body) = self.data.get(self.pos..end) else {
                        self.done = true;
                        return Err(ReadError::UnexpectedEof);
                    };
                    let v = field(body).to_vec();
                    if type_flag == b'L' {
                        long_name = Some(v);
                    } else {
                        long_link = Some(v);
                    }
                    self.skip_data(size)?;
                    continue;
                }
                b'x' | b'g' => {
                    let end = self.pos + size as usize;
                    let Some(body) = self.data.get(self.pos..end) else {
                        self.done = true;
                        return Err(ReadError::UnexpectedEof);
                    };
                    if type_flag == b'x' {
                        for (k, v) in pax_records(body) {
                            match k.as_slice() {
                                b"path" => long_name = Some(v),
                                b"linkpath" => long_link = Some(v),
                                b"size" => {
                                    pax_size =
                                        std::str::from_utf8(&v).ok().and_then(|s| s.parse().ok())
                                }
                                b"mtime" => {
                                    pax_mtime = std::str::from_utf8(&v)
                                        .ok()
                                        .and_then(|s| s.split('.').next()?.parse().ok())
                                }
                                _ => {}
                            }
                        }
                    }
                    self.skip_data(size)?;
                    continue;
                }
                _ => {}
            }
            let ustar = &h[257..263] == b"ustar\0";
            let mut name = field(&h[..100]).to_vec();
            if ustar {
                let prefix = field(&h[345..500]);
                if !prefix.is_empty() {
                    let mut p = prefix.to_vec();
                    p.push(b'/');
                    p.extend_from_slice(&name);
                    name = p;
                }
            }
            let name = long_name.take().unwrap_or(name);
            let link = long_link
                .take()
                .unwrap_or_else(|| field(&h[157..257]).to_vec());
            let kind = match type_flag {
                b'0' | 0 | b'7' => {
                    if name.ends_with(b"/") && type_flag == 0 {
                        Kind::Dir
                    } else {
                        Kind::File
                    }
                }
                b'1' => Kind::HardLink,
                b'2' => Kind::Symlink,
                b'5' => Kind::Dir,
                c => Kind::Special(c),
            };
            let size = pax_size.unwrap_or(size);
            let data_size = match kind {
                Kind::File => size,
                Kind::Dir | Kind::HardLink | Kind::Symlink => {
                    if matches!(kind, Kind::Symlink | Kind::HardLink) {
                        0
                    } else {
                        size
                    }
                }
                Kind::Special(_) => 0,
            };
            let entry = Entry {
                name,
                link,
                kind,
                mode: number(&h[100..108]).unwrap_or(0) as u32 & 0o7777,
                uid: number(&h[108..116]).unwrap_or(0),
                gid: number(&h[116..124]).unwrap_or(0),
                uname: field(&h[265..297]).to_vec(),
                gname: field(&h[297..329]).to_vec(),
                size: data_size,
                mtime: pax_mtime.unwrap_or(number(&h[136..148]).unwrap_or(0) as i64),
                data: self.pos,
            };
            if self.pos + data_size as usize > self.data.len() {
                self.done = true;
                return Err(ReadError::UnexpectedEof);
            }
            self.skip_data(data_size)?;
            return Ok(Some(entry));
        }
    }
}

/// `LEN key=value\n` records of a pax extended header.
fn pax_records(mut body: &[u8]) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut out = Vec::new();
    while !body.is_empty() {
        let Some(sp) = memchr::memchr(b' ', body) else {
            break;
        };
        let Some(len) = std::str::from_utf8(&body[..sp])
            .ok()
            .and_then(|s| s.parse::<usize>().ok())
        else {
            break;
        };
        if len <= sp + 1 || len > body.len() {
            break;
        }
        let rec = &body[sp + 1..len - 1];
        if let Some(eq) = memchr::memchr(b'=', rec) {
            out.push((rec[..eq].to_vec(), rec[eq + 1..].to_vec()));
        }
        body = &body[len..];
    }
    out
}

fn put_octal(h: &mut [u8], at: usize, width: usize, v: u64) {
    // GNU: width-1 digits then NUL; too-large values use base-256.
    let digits = width - 1;
    let s = format!("{v:0digits$o}");
    if s.len() > digits {
        h[at] = 0x80;
        let mut x = v;
        for i in (1..width).rev() {
            h[at + i] = (x & 0xff) as u8;
            x >>= 8;
        }
        return;
    }
    h[at..at + digits].copy_from_slice(s.as_bytes());
    h[at + digits] = 0;
}

/// One GNU-format header block.
pub fn gnu_header(e: &Entry, type_flag: u8) -> [u8; BLOCK] {
    let mut h = [0u8; BLOCK];
    let n = e.name.len().min(100);
    h[..n].copy_from_slice(&e.name[..n]);
    put_octal(&mut h, 100, 8, e.mode as u64);
    put_octal(&mut h, 108, 8, e.uid);
    put_octal(&mut h, 116, 8, e.gid);
    put_octal(&mut h, 124, 12, e.size);
    put_octal(&mut h, 136, 12, e.mtime.max(0) as u64);
    h[156] = type_flag;
    let l = e.link.len().min(100);
    h[157..157 + l].copy_from_slice(&e.link[..l]);
    h[257..265].copy_from_slice(b"ustar  \0");
    let u = e.uname.len().min(31);
    h[265..265 + u].copy_from_slice(&e.uname[..u]);
    let g = e.gname.len().min(31);
    h[297..297 + g].copy_from_slice(&e.gname[..g]);
    h[148..156].copy_from_slice(b"        ");
    let sum: u64 = h.iter().map(|&b| b as u64).sum();
    let s = format!("{sum:06o}");
    h[148..154].copy_from_slice(s.as_bytes());
    h[154] = 0;
    h[155] = b' ';
    h
}

/// Appends a member's headers (with `././@LongLink` blocks for long names) to `out`.
pub fn write_headers(out: &mut Vec<u8>, e: &Entry) {
    let type_flag = match e.kind {
        Kind::File => b'0',
        Kind::HardLink => b'1',
        Kind::Symlink => b'2',
        Kind::Dir => b'5',
        Kind::Special(c) => c,
    };
    for (long, flag) in [(&e.link, b'K'), (&e.name, b'L')] {
        if long.len() > 100 {
            let ll = Entry {
                name: b"././@LongLink".to_vec(),
                link: Vec::new(),
                kind: Kind::File,
                mode: 0o644,
                uid: 0,
                gid: 0,
                uname: e.uname.clone(),
                gname: e.gname.clone(),
                size: long.len() as u64 + 1,
                mtime: 0,
                data: 0,
            };
            out.extend_from_slice(&gnu_header(&ll, flag));
            let mut body = long.to_vec();
            body.push(0);
            body.resize(body.len().div_ceil(BLOCK) * BLOCK, 0);
            out.extend_from_slice(&body);
        }
    }
    out.extend_from_slice(&gnu_header(e, type_flag));
}

/// `tar tv`'s mode string.
pub fn mode_string(e: &Entry) -> String {
    let c = match e.kind {
        Kind::File => '-',
        Kind::HardLink => 'h',
        Kind::Symlink => 'l',
        Kind::Dir => 'd',
        Kind::Special(b'3') => 'c',
        Kind::Special(b'4') => 'b',
        Kind::Special(b'6') => 'p',
        Kind::Special(_) => '?',
    };
    let ft = crate::vfs::FileType::File;
    let mut s = super::super::fsutil::mode_string(ft, e.mode);
    s.replace_range(0..1, &c.to_string());
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(name: &str, kind: Kind, size: u64) -> Entry {
        Entry {
            name: name.as_bytes().to_vec(),
            link: Vec::new(),
            kind,
            mode: 0o644,
            uid: 0,
            gid: 0,
            uname: b"root".to_vec(),
            gname: b"root".to_vec(),
            size,
            mtime: 1_000_000,
            data: 0,
        }
    }

    #[test]
    fn header_matches_gnu_bytes() {
        let h = gnu_header(&entry("f", Kind::File, 3), b'0');
        assert_eq!(
            &h[100..157],
            b"0000644\x000000000\x000000000\x0000000000003\x0000003641100\x00007675\x00 0"
        );
        assert_eq!(&h[257..269], b"ustar  \0root");
    }

    #[test]
    fn long_names_round_trip() {
        let name = "x".repeat(150);
        let mut out = Vec::new();
        let mut e = entry(&name, Kind::File, 0);
        e.link = b"t".to_vec();
        write_headers(&mut out, &e);
        out.extend_from_slice(&[0u8; 1024]);
        let mut r = Reader::new(&out);
        let got = r.next_entry().unwrap().unwrap();
        assert_eq!(got.name, name.as_bytes());
        assert_eq!(r.next_entry().unwrap(), None);
        assert_eq!(Reader::new(b"").next_entry(), Err(ReadError::NotTar));
    }
}
