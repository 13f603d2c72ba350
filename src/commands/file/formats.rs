//! Binary formats `file` names from their headers (as file 5.44 prints them): PNG, GIF, PDF,
//! Zip, bzip2 and XZ. Each returns `None` when the header does not match.

fn be32(d: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(d.get(at..at + 4)?.try_into().ok()?))
}

fn le16(d: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(d.get(at..at + 2)?.try_into().ok()?))
}

/// `PNG image data, W x H, DEPTH-bit/color RGB, non-interlaced` from the IHDR chunk.
pub fn png(d: &[u8]) -> Option<String> {
    if !d.starts_with(b"\x89PNG\r\n\x1a\n") {
        return None;
    }
    if d.get(12..16) != Some(b"IHDR") {
        return Some("PNG image data".into());
    }
    let (w, h) = (be32(d, 16)?, be32(d, 20)?);
    let (depth, color, interlace) = (*d.get(24)?, *d.get(25)?, *d.get(28)?);
    let color = match color {
        0 => format!("{depth}-bit grayscale"),
        2 => format!("{depth}-bit/color RGB"),
        3 => format!("{depth}-bit colormap"),
        4 => format!("{depth}-bit gray+alpha"),
        6 => format!("{depth}-bit/color RGBA"),
        _ => return Some(format!("PNG image data, {w} x {h}")),
    };
    let il = if interlace == 1 {
        "interlaced"
    } else {
        "non-interlaced"
    };
    Some(format!("PNG image data, {w} x {h}, {color}, {il}"))
}

/// `GIF image data, version 89a, W x H`.
pub fn gif(d: &[u8]) -> Option<String> {
    let version = match d.get(..6)? {
        b"GIF87a" => "87a",
        b"GIF89a" => "89a",
        _ => return None,
    };
    let (w, h) = (le16(d, 6)?, le16(d, 8)?);
    Some(format!("GIF image data, version {version}, {w} x {h}"))
}

/// `PDF document, version X.Y`.
pub fn pdf(d: &[u8]) -> Option<String> {
    let rest = d.strip_prefix(b"%PDF-")?;
    let v = rest.get(..3)?;
    (v[0].is_ascii_digit() && v[1] == b'.' && v[2].is_ascii_digit())
        .then(|| format!("PDF document, version {}", String::from_utf8_lossy(v)))
}

/// `Zip archive data, at least vX.Y to extract, compression method=M` from the first local
/// header (libmagic wants the whole 30-byte header).
pub fn zip(d: &[u8]) -> Option<String> {
    if !d.starts_with(b"PK\x03\x04") || d.len() < 30 {
        return None;
    }
    let version = le16(d, 4)?;
    let method = match le16(d, 8)? {
        0 => "store".to_string(),
        8 => "deflate".to_string(),
        // Other methods have names this model does not know.
        _ => return None,
    };
    Some(format!(
        "Zip archive data, at least v{}.{} to extract, compression method={method}",
        version / 10,
        version % 10
    ))
}

/// `bzip2 compressed data, block size = N00k`.
pub fn bzip2(d: &[u8]) -> Option<String> {
    let level = *d.strip_prefix(b"BZh")?.first()?;
    (b'1'..=b'9')
        .contains(&level)
        .then(|| format!("bzip2 compressed data, block size = {}00k", level as char))
}

/// `XZ compressed data, checksum CRC64` (the stream flags' check type).
pub fn xz(d: &[u8]) -> Option<String> {
    if !d.starts_with(b"\xfd7zXZ\x00") {
        return None;
    }
    let check = match d.get(7)? {
        1 => "CRC32",
        4 => "CRC64",
        10 => "SHA-256",
        _ => return Some("XZ compressed data".into()),
    };
    Some(format!("XZ compressed data, checksum {check}"))
}
