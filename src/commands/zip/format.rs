//! The ZIP container (PKWARE APPNOTE): reading the end record and central directory
//! (Zip64 sizes included), locating member data, and writing members the way Info-ZIP
//! zip 3.0 lays them out on Unix: "version made by" 3.0/Unix, the `UT` extended-timestamp
//! and `ux` Unix uid/gid extra fields, the mode in the high half of the external
//! attributes. unzip reads the `UT` time in preference to the DOS time, so writing it is
//! what makes listings and restored mtimes agree with zip's to the second.

use crate::clock::calendar;

pub const LOCAL_SIG: u32 = 0x0403_4b50;
pub const CENTRAL_SIG: u32 = 0x0201_4b50;
const EOCD_SIG: u32 = 0x0605_4b50;
const ZIP64_EOCD_SIG: u32 = 0x0606_4b50;
const ZIP64_LOCATOR_SIG: u32 = 0x0706_4b50;
const DATA_DESCRIPTOR_SIG: u32 = 0x0807_4b50;
/// Fixed part of a local header.
pub const LOCAL_LEN: usize = 30;
const CENTRAL_LEN: usize = 46;
const EOCD_LEN: usize = 22;
/// zip 3.0 on Unix: host 3 (Unix), version 3.0.
const VERSION_MADE_BY: u16 = 0x031e;
const EF_UT: u16 = 0x5455;
const EF_UX: u16 = 0x7875;
const EF_ZIP64: u16 = 0x0001;
/// General-purpose flag: the member is encrypted.
pub const FLAG_ENCRYPTED: u16 = 1;
const FLAG_DESCRIPTOR: u16 = 8;
/// The MS-DOS "directory" attribute bit.
const DOS_DIR: u32 = 0x10;
/// The MS-DOS "read-only" attribute bit.
const DOS_READONLY: u32 = 0x01;
/// File-type bits of a Unix mode.
pub const S_IFMT: u32 = 0o170000;
pub const S_IFDIR: u32 = 0o040000;
pub const S_IFREG: u32 = 0o100000;
pub const S_IFLNK: u32 = 0o120000;

/// One central-directory entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    pub name: Vec<u8>,
    pub version_made: u16,
    pub version_needed: u16,
    pub flags: u16,
    pub method: u16,
    /// DOS time in the low half, DOS date in the high half.
    pub dos_datetime: u32,
    pub crc: u32,
    pub csize: u64,
    pub usize: u64,
    pub internal_attr: u16,
    pub external_attr: u32,
    pub offset: u64,
    pub extra: Vec<u8>,
    pub comment: Vec<u8>,
    /// The whole central record as read (copied unchanged when zip keeps the member).
    pub raw: Vec<u8>,
}

impl Entry {
    /// The host system that made the entry (0 MS-DOS, 3 Unix, ...).
    pub fn host(&self) -> u8 {
        (self.version_made >> 8) as u8
    }

    /// The Unix mode stored in the external attributes, when the maker stored one.
    pub fn unix_mode(&self) -> Option<u32> {
        let mode = self.external_attr >> 16;
        // Unix, VMS, Acorn, ATheOS, BeOS, QDOS, Tandem, OS/X store Unix-style modes.
        let unixy = matches!(self.host(), 3 | 2 | 13 | 5 | 16 | 19 | 30);
        (unixy && mode != 0).then_some(mode)
    }

    pub fn is_dir(&self) -> bool {
        self.name.ends_with(b"/")
            || self.unix_mode().is_some_and(|m| m & S_IFMT == S_IFDIR)
            || (self.unix_mode().is_none() && self.external_attr & DOS_DIR != 0)
    }

    pub fn is_symlink(&self) -> bool {
        self.unix_mode().is_some_and(|m| m & S_IFMT == S_IFLNK)
    }

    /// The modification time from the `UT` extra field, when there is one.
    pub fn ut_mtime(&self) -> Option<i64> {
        ut_mtime(&self.extra)
    }

    /// Modification time in seconds since the epoch: the `UT` field, else the DOS time
    /// read as UTC (the modeled machine's zone).
    pub fn mtime(&self) -> i64 {
        self.ut_mtime()
            .unwrap_or_else(|| dos_to_unix(self.dos_datetime))
    }
}

/// A parsed archive: its entries in central-directory order and where things are.
#[derive(Debug, Default)]
pub struct Archive {
    pub entries: Vec<Entry>,
    pub comment: Vec<u8>,
    /// The entry count the end record declares.
    pub declared: u64,
    pub cd_offset: u64,
    pub cd_size: u64,
    /// Where the end record starts.
    pub eocd_offset: usize,
    /// Where the directory really starts (just before the end record) less where the end
    /// record says it starts: positive when bytes were prepended (a self-extractor stub),
    /// negative when bytes are missing. unzip shifts every member offset by it.
    pub extra: i64,
    /// The 1-based number of the first entry whose central header is damaged (the
    /// directory was read up to it).
    pub bad_entry: Option<u64>,
}

/// Why an archive could not be read at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// No end-of-central-directory record.
    NoEnd,
    /// The central directory is not where the end record says.
    NoDirectory,
}

fn u16_at(d: &[u8], i: usize) -> u16 {
    u16::from_le_bytes([d[i], d[i + 1]])
}

fn u32_at(d: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([d[i], d[i + 1], d[i + 2], d[i + 3]])
}

fn u64_at(d: &[u8], i: usize) -> u64 {
    u64::from_le_bytes(d[i..i + 8].try_into().expect("8 bytes"))
}

/// Iterates the (id, data) blocks of an extra field, ignoring a malformed tail.
pub fn extra_blocks(extra: &[u8]) -> impl Iterator<Item = (u16, &[u8])> {
    let mut pos = 0;
    std::iter::from_fn(move || {
        if pos + 4 > extra.len() {
            return None;
        }
        let id = u16_at(extra, pos);
        let len = u16_at(extra, pos + 2) as usize;
        let start = pos + 4;
        if start + len > extra.len() {
            return None;
        }
        pos = start + len;
        Some((id, &extra[start..start + len]))
    })
}

fn ut_mtime(extra: &[u8]) -> Option<i64> {
    let (_, d) = extra_blocks(extra).find(|(id, _)| *id == EF_UT)?;
    // Flags byte, then the modification time when bit 0 is set.
    (d.len() >= 5 && d[0] & 1 != 0).then(|| u32_at(d, 1) as i32 as i64)
}

/// Finds the end record: the last signature whose comment length reaches the end of the
/// data (unzip scans back over at most a 64 KiB comment).
fn find_eocd(data: &[u8]) -> Option<usize> {
    if data.len() < EOCD_LEN {
        return None;
    }
    let lowest = data.len().saturating_sub(EOCD_LEN + 0xffff);
    let mut i = data.len() - EOCD_LEN;
    loop {
        if u32_at(data, i) == EOCD_SIG {
            return Some(i);
        }
        if i == lowest {
            return None;
        }
        i -= 1;
    }
}

/// Modeled memory one parsed entry holds, for a central record of `len` bytes (the record
/// kept whole plus its name, extra field and comment split out).
pub fn entry_memory(len: usize) -> u64 {
    2 * len as u64 + 128
}

/// Reads the end record and as much of the central directory as is intact. `step` is
/// called with each central record's length before it is parsed, so the caller can charge
/// for it and reserve [`entry_memory`].
pub fn read_archive<E>(
    data: &[u8],
    mut step: impl FnMut(usize) -> Result<(), E>,
) -> Result<Result<Archive, ReadError>, E> {
    let Some(e) = find_eocd(data) else {
        return Ok(Err(ReadError::NoEnd));
    };
    let mut declared = u16_at(data, e + 10) as u64;
    let mut cd_size = u32_at(data, e + 12) as u64;
    let mut cd_offset = u32_at(data, e + 16) as u64;
    let clen = u16_at(data, e + 20) as usize;
    let comment = data[e + EOCD_LEN..(e + EOCD_LEN + clen).min(data.len())].to_vec();
    let mut dir_end = e as u64;
    // Zip64: a locator just before the end record points at the Zip64 end record.
    if e >= 20 && u32_at(data, e - 20) == ZIP64_LOCATOR_SIG {
        let z = u64_at(data, e - 12) as usize;
        if z + 56 <= data.len() && u32_at(data, z) == ZIP64_EOCD_SIG {
            declared = u64_at(data, z + 32);
            cd_size = u64_at(data, z + 40);
            cd_offset = u64_at(data, z + 48);
            dir_end = z as u64;
        }
    }
    let mut a = Archive {
        comment,
        declared,
        cd_offset,
        cd_size,
        eocd_offset: e,
        ..Archive::default()
    };
    // The directory ends where the end record begins; read it there, as unzip does.
    let central_at = |p: u64| {
        p.checked_add(4)
            .is_some_and(|end| end <= data.len() as u64 && u32_at(data, p as usize) == CENTRAL_SIG)
    };
    let mut pos = cd_offset as usize;
    if let Some(start) = dir_end.checked_sub(cd_size) {
        if start != cd_offset && central_at(start) {
            a.extra = start as i64 - cd_offset as i64;
            pos = start as usize;
        }
    }
    if declared > 0 && !central_at(pos as u64) {
        return Ok(Err(ReadError::NoDirectory));
    }
    let mut n = 0u64;
    loop {
        if pos + 4 > data.len() || u32_at(data, pos) != CENTRAL_SIG {
            // The directory ends; it should end after the declared count.
            if n & 0xffff != declared & 0xffff {
                a.bad_entry = Some(n + 1);
            }
            break;
        }
        if pos + CENTRAL_LEN > data.len() {
            a.bad_entry = Some(n + 1);
            break;
        }
        let nl = u16_at(data, pos + 28) as usize;
        let el = u16_at(data, pos + 30) as usize;
        let cl = u16_at(data, pos + 32) as usize;
        let end = pos + CENTRAL_LEN + nl + el + cl;
        if end > data.len() {
            a.bad_entry = Some(n + 1);
            break;
        }
        step(end - pos)?;
        let h = &data[pos..end];
        let mut entry = Entry {
            version_made: u16_at(h, 4),
            version_needed: u16_at(h, 6),
            flags: u16_at(h, 8),
            method: u16_at(h, 10),
            dos_datetime: u32_at(h, 12),
            crc: u32_at(h, 16),
            csize: u32_at(h, 20) as u64,
            usize: u32_at(h, 24) as u64,
            internal_attr: u16_at(h, 36),
            external_attr: u32_at(h, 38),
            offset: u32_at(h, 42) as u64,
            name: h[CENTRAL_LEN..CENTRAL_LEN + nl].to_vec(),
            extra: h[CENTRAL_LEN + nl..CENTRAL_LEN + nl + el].to_vec(),
            comment: h[CENTRAL_LEN + nl + el..].to_vec(),
            raw: h.to_vec(),
        };
        apply_zip64(&mut entry);
        a.entries.push(entry);
        n += 1;
        pos = end;
    }
    Ok(Ok(a))
}

/// Replaces saturated 32-bit fields with their Zip64 extra-field values, in APPNOTE order.
fn apply_zip64(e: &mut Entry) {
    let Some((_, d)) = extra_blocks(&e.extra).find(|(id, _)| *id == EF_ZIP64) else {
        return;
    };
    let mut i = 0;
    let mut next = |field: &mut u64| {
        if *field == 0xffff_ffff && i + 8 <= d.len() {
            *field = u64_at(d, i);
            i += 8;
        }
    };
    let (mut u, mut c, mut o) = (e.usize, e.csize, e.offset);
    next(&mut u);
    next(&mut c);
    next(&mut o);
    (e.usize, e.csize, e.offset) = (u, c, o);
}

/// Where a member's data starts and the whole span its local record occupies (header,
/// data and any data descriptor), or None when the local header is not there.
pub fn local_span(data: &[u8], e: &Entry) -> Option<(usize, usize)> {
    let off = e.offset as usize;
    if off.checked_add(LOCAL_LEN)? > data.len() || u32_at(data, off) != LOCAL_SIG {
        return None;
    }
    let nl = u16_at(data, off + 26) as usize;
    let el = u16_at(data, off + 28) as usize;
    let start = off + LOCAL_LEN + nl + el;
    let mut end = start.checked_add(e.csize as usize)?;
    if e.flags & FLAG_DESCRIPTOR != 0 {
        let zip64 = e.csize >= 0xffff_ffff || e.usize >= 0xffff_ffff;
        let body = if zip64 { 20 } else { 12 };
        let signed = end + 4 <= data.len() && u32_at(data, end) == DATA_DESCRIPTOR_SIG;
        end += body + if signed { 4 } else { 0 };
    }
    Some((start, end))
}

/// The CRC-32 a member's local header records, if the header is there.
pub fn local_crc(data: &[u8], e: &Entry) -> Option<u32> {
    let off = e.offset as usize;
    (off.checked_add(LOCAL_LEN)? <= data.len() && u32_at(data, off) == LOCAL_SIG)
        .then(|| u32_at(data, off + 14))
}

/// Seconds since the epoch for a DOS date/time read in the modeled zone (UTC).
pub fn dos_to_unix(dt: u32) -> i64 {
    let (date, time) = ((dt >> 16) as i64, (dt & 0xffff) as i64);
    let year = 1980 + (date >> 9);
    let month = ((date >> 5) & 0xf).clamp(1, 12);
    let day = (date & 0x1f).max(1);
    let days = calendar::days_from_civil(year, month, day);
    days * 86400 + (time >> 11) * 3600 + ((time >> 5) & 0x3f) * 60 + (time & 0x1f) * 2
}

/// zip's DOS date/time for a Unix time: odd seconds round up (DOS counts two-second
/// steps), dates before 1980 become 1980-01-01 00:00.
pub fn unix_to_dos(secs: i64) -> u32 {
    let t = (secs + 1) & !1;
    let (y, mo, d, h, mi, s) = crate::commands::fsutil::utc(t);
    if y < 1980 {
        return (1 << 21) | (1 << 16);
    }
    ((((y - 1980) as u32) << 25) | (mo << 21) | (d << 16) | (h << 11) | (mi << 5) | (s >> 1))
        .wrapping_add(0)
}

/// What zip knows about one member it writes.
pub struct NewEntry<'a> {
    pub name: &'a [u8],
    /// Stored (0) or deflated (8).
    pub method: u16,
    pub flags: u16,
    pub mtime: i64,
    pub atime: i64,
    pub mode: u32,
    pub uid: u32,
    pub gid: u32,
    pub crc: u32,
    pub usize: u64,
    pub text: bool,
    pub data: &'a [u8],
}

fn push16(v: &mut Vec<u8>, x: u16) {
    v.extend_from_slice(&x.to_le_bytes());
}

fn push32(v: &mut Vec<u8>, x: u32) {
    v.extend_from_slice(&x.to_le_bytes());
}

/// The `ux` field: version 1, 4-byte uid and gid.
fn ux_field(v: &mut Vec<u8>, uid: u32, gid: u32) {
    push16(v, EF_UX);
    push16(v, 11);
    v.extend_from_slice(&[1, 4]);
    push32(v, uid);
    v.push(4);
    push32(v, gid);
}

/// Appends `n`'s local header and data to `out` (at offset `out.len()`) and returns its
/// central-directory record.
pub fn write_member(out: &mut Vec<u8>, n: &NewEntry) -> Vec<u8> {
    let offset = out.len() as u32;
    let dos = unix_to_dos(n.mtime);
    let needed: u16 = if n.method == 8 { 20 } else { 10 };
    let mut local_extra = Vec::with_capacity(28);
    push16(&mut local_extra, EF_UT);
    push16(&mut local_extra, 9);
    local_extra.push(3);
    push32(&mut local_extra, n.mtime as u32);
    push32(&mut local_extra, n.atime as u32);
    ux_field(&mut local_extra, n.uid, n.gid);
    let mut central_extra = Vec::with_capacity(24);
    push16(&mut central_extra, EF_UT);
    push16(&mut central_extra, 5);
    central_extra.push(3);
    push32(&mut central_extra, n.mtime as u32);
    ux_field(&mut central_extra, n.uid, n.gid);

    let common = |v: &mut Vec<u8>| {
        push16(v, needed);
        push16(v, n.flags);
        push16(v, n.method);
        push32(v, dos);
        push32(v, n.crc);
        push32(v, n.data.len() as u32);
        push32(v, n.usize as u32);
        push16(v, n.name.len() as u16);
    };
    push32(out, LOCAL_SIG);
    common(out);
    push16(out, local_extra.len() as u16);
    out.extend_from_slice(n.name);
    out.extend_from_slice(&local_extra);
    out.extend_from_slice(n.data);

    let mut c = Vec::with_capacity(CENTRAL_LEN + n.name.len() + central_extra.len());
    push32(&mut c, CENTRAL_SIG);
    push16(&mut c, VERSION_MADE_BY);
    common(&mut c);
    push16(&mut c, central_extra.len() as u16);
    push16(&mut c, 0); // comment
    push16(&mut c, 0); // disk
    push16(&mut c, n.text as u16);
    let mut attr = n.mode << 16;
    if n.mode & S_IFMT == S_IFDIR {
        attr |= DOS_DIR;
    }
    if n.mode & 0o200 == 0 {
        attr |= DOS_READONLY;
    }
    push32(&mut c, attr);
    push32(&mut c, offset);
    c.extend_from_slice(n.name);
    c.extend_from_slice(&central_extra);
    c
}

/// A central record copied from an old archive, pointed at its member's new `offset`.
pub fn relocate(raw: &[u8], offset: u64) -> Vec<u8> {
    let mut c = raw.to_vec();
    if u32_at(&c, 42) != 0xffff_ffff {
        c[42..46].copy_from_slice(&(offset as u32).to_le_bytes());
    }
    c
}

/// Appends the central directory and the end record.
pub fn finish(out: &mut Vec<u8>, central: &[Vec<u8>]) {
    let cd_offset = out.len() as u32;
    for c in central {
        out.extend_from_slice(c);
    }
    let cd_size = out.len() as u32 - cd_offset;
    push32(out, EOCD_SIG);
    push16(out, 0);
    push16(out, 0);
    push16(out, central.len() as u16);
    push16(out, central.len() as u16);
    push32(out, cd_size);
    push32(out, cd_offset);
    push16(out, 0);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dos_times() {
        // 2023-11-14 22:13:20 UTC, as zip stored it for mtime 1700000000.
        assert_eq!(unix_to_dos(1_700_000_000), 0x576e_b1aa);
        assert_eq!(dos_to_unix(0x576e_b1aa), 1_700_000_000);
        // Odd seconds round up; times before 1980 clamp.
        assert_eq!(dos_to_unix(unix_to_dos(1_700_000_001)), 1_700_000_002);
        assert_eq!(unix_to_dos(0), 0x0021_0000);
    }

    #[test]
    fn write_then_read() {
        let mut out = Vec::new();
        let c = write_member(
            &mut out,
            &NewEntry {
                name: b"a.txt",
                method: 0,
                flags: 0,
                mtime: 1_700_000_000,
                atime: 1_700_000_000,
                mode: S_IFREG | 0o644,
                uid: 0,
                gid: 0,
                crc: 0x363a_3020,
                usize: 6,
                text: true,
                data: b"hello\n",
            },
        );
        finish(&mut out, &[c]);
        let a = read_archive::<()>(&out, |_| Ok(())).unwrap().unwrap();
        assert_eq!(a.entries.len(), 1);
        let e = &a.entries[0];
        assert_eq!(
            (e.name.as_slice(), e.external_attr, e.mtime()),
            (&b"a.txt"[..], 0x81a4_0000, 1_700_000_000)
        );
        let (start, end) = local_span(&out, e).unwrap();
        assert_eq!(&out[start..end], b"hello\n");
        assert_eq!(
            read_archive::<()>(b"not a zip", |_| Ok(()))
                .unwrap()
                .unwrap_err(),
            ReadError::NoEnd
        );
    }
}
