//! The gzip file format (RFC 1952): a header writer that stores what GNU gzip 1.12 stores, a
//! whole-buffer compressor over gzip's own DEFLATE encoder (`commands::deflate`, so the
//! compressed bytes are GNU's) and a resumable decoder over the `flate2` (miniz_oxide)
//! inflater that hands out bounded chunks, so callers meter memory and CPU before each chunk
//! grows their output. Shared by `gzip`/`gunzip`/`zcat` and `tar -z`.

use crate::commands::deflate;
use flate2::{Crc, Decompress, FlushDecompress, Status};

/// Most output bytes one [`Decoder::next_chunk`] call produces.
pub const CHUNK: usize = 64 * 1024;

const FTEXT: u8 = 1;
const FHCRC: u8 = 2;
const FEXTRA: u8 = 4;
const FNAME: u8 = 8;
const FCOMMENT: u8 = 16;

/// Why a gzip stream could not be decoded (GNU's wording in [`GzError::message`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GzError {
    NotGzip,
    UnexpectedEof,
    /// Method other than deflate.
    UnknownMethod(u8),
    Crc,
    Length,
    Format,
}

impl GzError {
    pub fn message(self) -> String {
        match self {
            GzError::NotGzip => "not in gzip format".into(),
            GzError::UnexpectedEof => "unexpected end of file".into(),
            GzError::UnknownMethod(m) => format!("unknown method {m} -- not supported"),
            GzError::Crc => "invalid compressed data--crc error".into(),
            GzError::Length => "invalid compressed data--length error".into(),
            GzError::Format => "invalid compressed data--format violated".into(),
        }
    }
}

/// A member header as read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    pub mtime: u32,
    pub name: Option<Vec<u8>>,
    /// Bytes of header (magic to the end of the optional fields).
    pub len: usize,
    pub method: u8,
}

/// Whether `data` starts with the gzip magic.
pub fn is_gzip(data: &[u8]) -> bool {
    data.len() >= 2 && data[0] == 0x1f && data[1] == 0x8b
}

/// Parses a member header at the start of `data`.
pub fn parse_header(data: &[u8]) -> Result<Header, GzError> {
    if data.len() < 2 {
        return Err(if data.is_empty() || data[0] == 0x1f {
            GzError::UnexpectedEof
        } else {
            GzError::NotGzip
        });
    }
    if !is_gzip(data) {
        return Err(GzError::NotGzip);
    }
    let need = |n: usize| {
        if data.len() < n {
            Err(GzError::UnexpectedEof)
        } else {
            Ok(())
        }
    };
    need(10)?;
    let method = data[2];
    if method != 8 {
        return Err(GzError::UnknownMethod(method));
    }
    let flags = data[3];
    if flags & 0xe0 != 0 {
        return Err(GzError::Format);
    }
    let mtime = u32::from_le_bytes([data[4], data[5], data[6], data[7]]);
    let mut pos = 10;
    if flags & FEXTRA != 0 {
        need(pos + 2)?;
        let n = u16::from_le_bytes([data[pos], data[pos + 1]]) as usize;
        pos += 2 + n;
        need(pos)?;
    }
    let mut name = None;
    if flags & FNAME != 0 {
        let end = memchr::memchr(0, &data[pos..]).ok_or(GzError::UnexpectedEof)?;
        name = Some(data[pos..pos + end].to_vec());
        pos += end + 1;
    }
    if flags & FCOMMENT != 0 {
        let end = memchr::memchr(0, &data[pos..]).ok_or(GzError::UnexpectedEof)?;
        pos += end + 1;
    }
    if flags & FHCRC != 0 {
        pos += 2;
        need(pos)?;
    }
    let _ = FTEXT;
    Ok(Header {
        mtime,
        name,
        len: pos,
        method,
    })
}

/// The header GNU gzip writes: deflate, FNAME when a name is given, the mtime, XFL 2 for
/// `-9`, 4 for `-1`, else 0, OS 3 (Unix).
pub fn write_header(name: Option<&[u8]>, mtime: u32, level: u32) -> Vec<u8> {
    let mut h = vec![0x1f, 0x8b, 8, if name.is_some() { FNAME } else { 0 }];
    h.extend_from_slice(&mtime.to_le_bytes());
    h.push(match level {
        9 => 2,
        1 => 4,
        _ => 0,
    });
    h.push(3);
    if let Some(n) = name {
        h.extend_from_slice(n);
        h.push(0);
    }
    h
}

/// An upper bound of the compressed size of `n` input bytes (stored blocks plus slack).
pub fn compress_bound(n: usize) -> usize {
    deflate::bound(n) + 64
}

/// Bytes the encoder's window, hash chains and block buffers take while it runs.
pub const COMPRESS_MEMORY: u64 = deflate::MEMORY;

/// Compresses `data` into one gzip member (header from [`write_header`]) with GNU gzip's own
/// encoder, so the bytes are gzip's. `window` is the encoder's window, shared by the files
/// of one gzip run (see [`deflate::Window`]). `charge` is called with the number of input
/// bytes consumed per step and may stop the work. `rsyncable` cuts blocks as
/// `gzip --rsyncable` does.
pub fn compress<E>(
    data: &[u8],
    name: Option<&[u8]>,
    mtime: u32,
    level: u32,
    rsyncable: bool,
    window: &mut deflate::Window,
    charge: impl FnMut(usize) -> Result<(), E>,
) -> Result<Vec<u8>, E> {
    let mut out = write_header(name, mtime, level);
    let body = deflate::deflate_with(
        data,
        level,
        deflate::Profile::Gzip,
        rsyncable,
        window,
        charge,
    )?;
    out.reserve_exact(body.data.len() + 8);
    out.extend_from_slice(&body.data);
    let mut crc = Crc::new();
    crc.update(data);
    out.extend_from_slice(&crc.sum().to_le_bytes());
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    Ok(out)
}

/// What the stream holds after the last member.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trailing {
    None,
    /// Only zero bytes (ignored silently, as GNU does).
    Zeros,
    Garbage,
}

/// One step of decoding.
#[derive(Debug, PartialEq, Eq)]
pub enum Step {
    /// Output was appended (possibly zero bytes while reading headers).
    Data,
    /// The stream ended cleanly.
    Done(Trailing),
}

enum State {
    MemberStart,
    Body,
    Finished,
}

/// A resumable decoder over a whole gzip stream held in memory.
pub struct Decoder<'a> {
    data: &'a [u8],
    pos: usize,
    state: State,
    inflate: Decompress,
    crc: Crc,
    members: usize,
    buf: Vec<u8>,
    /// The first member's header, once read.
    pub first: Option<Header>,
}

impl<'a> Decoder<'a> {
    pub fn new(data: &'a [u8]) -> Decoder<'a> {
        Decoder {
            data,
            pos: 0,
            state: State::MemberStart,
            inflate: Decompress::new(false),
            crc: Crc::new(),
            members: 0,
            buf: Vec::new(),
            first: None,
        }
    }

    /// Members started so far.
    pub fn members(&self) -> usize {
        self.members
    }

    /// Input bytes consumed so far.
    pub fn consumed(&self) -> usize {
        self.pos
    }

    /// Reads the first header without producing output (for `-N`, `-l`).
    pub fn read_first_header(&mut self) -> Result<&Header, GzError> {
        if self.first.is_none() {
            let h = parse_header(self.data)?;
            self.pos = h.len;
            self.first = Some(h);
            self.members = 1;
            self.state = State::Body;
        }
        Ok(self.first.as_ref().expect("set"))
    }

    /// Appends at most [`CHUNK`] bytes of output to `out`.
    pub fn next_chunk(&mut self, out: &mut Vec<u8>) -> Result<Step, GzError> {
        match self.state {
            State::Finished => Ok(Step::Done(Trailing::None)),
            State::MemberStart => {
                let rest = &self.data[self.pos..];
                if self.members > 0 {
                    if rest.is_empty() {
                        self.state = State::Finished;
                        return Ok(Step::Done(Trailing::None));
                    }
                    if !is_gzip(rest) {
                        self.state = State::Finished;
                        let t = if rest.iter().all(|&b| b == 0) {
                            Trailing::Zeros
                        } else {
                            Trailing::Garbage
                        };
                        return Ok(Step::Done(t));
                    }
                }
                let h = parse_header(rest)?;
                self.pos += h.len;
                if self.first.is_none() {
                    self.first = Some(h);
                }
                self.members += 1;
                self.inflate.reset(false);
                self.crc.reset();
                self.state = State::Body;
                Ok(Step::Data)
            }
            State::Body => {
                if self.buf.is_empty() {
                    self.buf = vec![0; CHUNK];
                }
                let (before_in, before_out) = (self.inflate.total_in(), self.inflate.total_out());
                let status = self
                    .inflate
                    .decompress(&self.data[self.pos..], &mut self.buf, FlushDecompress::None)
                    .map_err(|_| GzError::Format)?;
                self.pos += (self.inflate.total_in() - before_in) as usize;
                let n = (self.inflate.total_out() - before_out) as usize;
                self.crc.update(&self.buf[..n]);
                out.extend_from_slice(&self.buf[..n]);
                match status {
                    Status::StreamEnd => {
                        if self.data.len() - self.pos < 8 {
                            return Err(GzError::UnexpectedEof);
                        }
                        let t = &self.data[self.pos..self.pos + 8];
                        let crc = u32::from_le_bytes([t[0], t[1], t[2], t[3]]);
                        let len = u32::from_le_bytes([t[4], t[5], t[6], t[7]]);
                        self.pos += 8;
                        if crc != self.crc.sum() {
                            return Err(GzError::Crc);
                        }
                        if len != self.crc.amount() {
                            return Err(GzError::Length);
                        }
                        self.state = State::MemberStart;
                        Ok(Step::Data)
                    }
                    _ => {
                        let consumed = self.inflate.total_in() != before_in;
                        if n == 0 && !consumed {
                            return Err(if self.pos == self.data.len() {
                                GzError::UnexpectedEof
                            } else {
                                GzError::Format
                            });
                        }
                        Ok(Step::Data)
                    }
                }
            }
        }
    }
}

/// Decompresses a whole stream into memory (tests and small tools); no metering.
pub fn decompress_all(data: &[u8]) -> Result<Vec<u8>, GzError> {
    let mut d = Decoder::new(data);
    let mut out = Vec::new();
    loop {
        if let Step::Done(_) = d.next_chunk(&mut out)? {
            return Ok(out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gz(data: &[u8], level: u32) -> Vec<u8> {
        let mut w = deflate::Window::new();
        compress::<()>(
            data,
            Some(b"f"),
            1_000_000,
            level,
            false,
            &mut w,
            |_| Ok(()),
        )
        .unwrap()
    }

    #[test]
    fn header_is_gnus() {
        let z = gz(b"hello\n", 6);
        assert_eq!(&z[..12], b"\x1f\x8b\x08\x08\x40\x42\x0f\x00\x00\x03f\x00");
        assert_eq!(gz(b"", 9)[8], 2);
        assert_eq!(gz(b"", 1)[8], 4);
        assert_eq!(
            write_header(None, 0, 6),
            b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03"
        );
    }

    #[test]
    fn round_trip_and_members() {
        let data: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
        for level in [1, 6, 9] {
            assert_eq!(decompress_all(&gz(&data, level)).unwrap(), data);
        }
        let mut two = gz(b"a\n", 6);
        two.extend(gz(b"b\n", 6));
        assert_eq!(decompress_all(&two).unwrap(), b"a\nb\n");
        let mut d = Decoder::new(&two);
        let mut out = Vec::new();
        loop {
            if let Step::Done(t) = d.next_chunk(&mut out).unwrap() {
                assert_eq!(t, Trailing::None);
                break;
            }
        }
    }

    #[test]
    fn errors() {
        assert_eq!(decompress_all(b"").unwrap_err(), GzError::UnexpectedEof);
        assert_eq!(decompress_all(b"hello").unwrap_err(), GzError::NotGzip);
        let z = gz(b"hello\n", 6);
        assert_eq!(
            decompress_all(&z[..z.len() - 3]).unwrap_err(),
            GzError::UnexpectedEof
        );
        let mut bad = z.clone();
        let n = bad.len();
        bad[n - 8] ^= 1;
        assert_eq!(decompress_all(&bad).unwrap_err(), GzError::Crc);
        let mut garbage = z.clone();
        garbage.extend_from_slice(b"junk");
        let mut d = Decoder::new(&garbage);
        let mut out = Vec::new();
        let t = loop {
            if let Step::Done(t) = d.next_chunk(&mut out).unwrap() {
                break t;
            }
        };
        assert_eq!((t, out.as_slice()), (Trailing::Garbage, &b"hello\n"[..]));
    }
}
