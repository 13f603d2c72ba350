//! Member data in bounded chunks: stored bytes copied, DEFLATE inflated by flate2
//! (miniz_oxide), with the CRC-32 kept as the data goes. Callers reserve memory and charge
//! CPU for each chunk before keeping it, so a member that inflates to gigabytes is stopped
//! by the meter after a bounded amount of work, never by the host.

use flate2::{Crc, Decompress, FlushDecompress, Status};

/// Most output bytes one [`Reader::next_chunk`] call produces.
pub const CHUNK: usize = 64 * 1024;

/// Why member data could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataError {
    /// The DEFLATE stream is malformed or ends early.
    Invalid,
}

pub struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    inflate: Option<Decompress>,
    crc: Crc,
    buf: Vec<u8>,
    done: bool,
}

impl<'a> Reader<'a> {
    /// `data` is the member's compressed bytes; `deflated` whether they are DEFLATE.
    pub fn new(data: &'a [u8], deflated: bool) -> Reader<'a> {
        Reader {
            data,
            pos: 0,
            inflate: deflated.then(|| Decompress::new(false)),
            crc: Crc::new(),
            buf: Vec::new(),
            done: false,
        }
    }

    /// Appends up to [`CHUNK`] bytes to `out`; Ok(false) once the data has ended.
    pub fn next_chunk(&mut self, out: &mut Vec<u8>) -> Result<bool, DataError> {
        if self.done {
            return Ok(false);
        }
        let Some(d) = self.inflate.as_mut() else {
            let end = (self.pos + CHUNK).min(self.data.len());
            let piece = &self.data[self.pos..end];
            self.crc.update(piece);
            out.extend_from_slice(piece);
            self.pos = end;
            self.done = self.pos == self.data.len();
            return Ok(!piece.is_empty() || !self.done);
        };
        if self.buf.is_empty() {
            self.buf = vec![0; CHUNK];
        }
        let (before_in, before_out) = (d.total_in(), d.total_out());
        let status = d
            .decompress(&self.data[self.pos..], &mut self.buf, FlushDecompress::None)
            .map_err(|_| DataError::Invalid)?;
        self.pos += (d.total_in() - before_in) as usize;
        let n = (d.total_out() - before_out) as usize;
        self.crc.update(&self.buf[..n]);
        out.extend_from_slice(&self.buf[..n]);
        match status {
            Status::StreamEnd => {
                self.done = true;
                Ok(true)
            }
            _ if n == 0 && d.total_in() == before_in => Err(DataError::Invalid),
            _ => Ok(true),
        }
    }

    /// CRC-32 of everything produced so far.
    pub fn crc(&self) -> u32 {
        self.crc.sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drain(r: &mut Reader) -> Result<Vec<u8>, DataError> {
        let mut out = Vec::new();
        while r.next_chunk(&mut out)? {}
        Ok(out)
    }

    #[test]
    fn stored_and_deflated() {
        let data: Vec<u8> = (0..200_000u32).map(|i| (i % 7) as u8).collect();
        let mut r = Reader::new(&data, false);
        assert_eq!(drain(&mut r).unwrap(), data);
        let z = crate::commands::deflate::deflate::<()>(
            &data,
            6,
            crate::commands::deflate::Profile::Zip,
            &mut crate::commands::deflate::Window::new(),
            |_| Ok(()),
        )
        .unwrap();
        let mut r = Reader::new(&z.data, true);
        assert_eq!(drain(&mut r).unwrap(), data);
        let mut crc = Crc::new();
        crc.update(&data);
        assert_eq!(r.crc(), crc.sum());
        let mut r = Reader::new(&z.data[..z.data.len() / 2], true);
        assert_eq!(drain(&mut r), Err(DataError::Invalid));
        let mut r = Reader::new(&[0xff, 0xff, 0xff], true);
        assert_eq!(drain(&mut r), Err(DataError::Invalid));
        let mut r = Reader::new(b"", false);
        assert_eq!(drain(&mut r).unwrap(), b"");
    }
}
