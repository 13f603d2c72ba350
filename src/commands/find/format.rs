//! The text `find` prints about an entry: `-ls`/`-fls` lines and `-printf`/`-fprintf`
//! directives.

use super::printf_time::{ctime, time_part};
use super::{Entry, Find};
use crate::commands::fsutil::{self, blocks512, group_name, mode_string, user_name};
use crate::vfs::FileType;

pub(super) fn type_char(ft: FileType) -> u8 {
    match ft {
        FileType::File => b'f',
        FileType::Dir => b'd',
        FileType::Symlink => b'l',
    }
}

/// GNU's base name: the last component, keeping trailing slashes (`d/` → `d/`).
fn gnu_base(p: &[u8]) -> &[u8] {
    let trimmed = fsutil::trim_slashes(p);
    if trimmed == b"/" {
        return b"/";
    }
    match trimmed.iter().rposition(|&b| b == b'/') {
        Some(i) => &p[i + 1..],
        None => p,
    }
}

/// `%h`: everything before the last slash (`.` when there is none).
fn gnu_dir(p: &[u8]) -> &[u8] {
    match p.iter().rposition(|&b| b == b'/') {
        Some(0) if p.len() > 1 => b"/",
        Some(i) => &p[..i],
        None => b".",
    }
}

impl Find<'_> {
    /// GNU find's `-ls` line: inode, 1 KiB blocks, mode, links, owner, group, size, the time
    /// as `ls -l` shows it, the name, and ` -> target` for a symlink.
    pub(super) fn ls_line(&self, e: &Entry) -> Vec<u8> {
        let st = &e.st;
        let cols = [
            st.ino.to_string(),
            (blocks512(st) / 2).to_string(),
            st.nlink.to_string(),
            st.size.to_string(),
        ];
        let mut w = self.ls_widths.get();
        for (width, col) in w.iter_mut().zip(&cols) {
            *width = (*width).max(col.len());
        }
        self.ls_widths.set(w);
        let secs = (st.mtime_ns / 1_000_000_000) as i64;
        let now = (self.now_ns / 1_000_000_000) as i64;
        let date = fsutil::ls_time(secs, now);
        let owner = user_name(st.uid).map_or(st.uid.to_string(), str::to_string);
        let group = group_name(st.gid).map_or(st.gid.to_string(), str::to_string);
        let mut line = format!(
            "{:>w0$} {:>w1$} {} {:>w2$} {owner:<8} {group:<8} {:>w3$} ",
            cols[0],
            cols[1],
            mode_string(st.file_type, st.mode),
            cols[2],
            cols[3],
            w0 = w[0],
            w1 = w[1],
            w2 = w[2],
            w3 = w[3],
        )
        .into_bytes();
        line.extend_from_slice(&date);
        line.push(b' ');
        line.extend_from_slice(&e.display);
        if st.file_type == FileType::Symlink {
            line.extend_from_slice(b" -> ");
            line.extend(self.ctx.read_link(&e.abs).unwrap_or_default());
        }
        line.push(b'\n');
        line
    }

    pub(super) fn printf(&self, fmt: &[u8], e: &Entry) -> Vec<u8> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < fmt.len() {
            let c = fmt[i];
            if c == b'\\' {
                let Some(&n) = fmt.get(i + 1) else {
                    out.push(b'\\');
                    break;
                };
                i += 2;
                let b = match n {
                    b'a' => 7,
                    b'b' => 8,
                    b'f' => 12,
                    b'n' => b'\n',
                    b'r' => b'\r',
                    b't' => b'\t',
                    b'v' => 11,
                    b'\\' => b'\\',
                    b'c' => return out,
                    b'0'..=b'7' => {
                        let mut v: u32 = u32::from(n - b'0');
                        let mut k = 0;
                        while k < 2 && fmt.get(i).is_some_and(|d| (b'0'..=b'7').contains(d)) {
                            v = v * 8 + u32::from(fmt[i] - b'0');
                            i += 1;
                            k += 1;
                        }
                        v as u8
                    }
                    _ => {
                        out.push(b'\\');
                        out.push(n);
                        continue;
                    }
                };
                out.push(b);
                continue;
            }
            if c != b'%' {
                out.push(c);
                i += 1;
                continue;
            }
            i += 1;
            let mut left = false;
            let mut zero = false;
            while let Some(&f) = fmt.get(i) {
                match f {
                    b'-' => left = true,
                    b'0' => zero = true,
                    b'+' | b' ' | b'#' => {}
                    _ => break,
                }
                i += 1;
            }
            let mut width = 0usize;
            while let Some(d) = fmt.get(i).filter(|d| d.is_ascii_digit()) {
                width = width
                    .saturating_mul(10)
                    .saturating_add(usize::from(d - b'0'));
                i += 1;
            }
            let mut precision = None;
            if fmt.get(i) == Some(&b'.') {
                i += 1;
                let mut p = 0usize;
                while let Some(d) = fmt.get(i).filter(|d| d.is_ascii_digit()) {
                    p = p.saturating_mul(10).saturating_add(usize::from(d - b'0'));
                    i += 1;
                }
                precision = Some(p);
            }
            let Some(&d) = fmt.get(i) else {
                out.push(b'%');
                break;
            };
            i += 1;
            let st = &e.st;
            let num = |n: u64| n.to_string().into_bytes();
            let val: Vec<u8> = match d {
                b'%' => b"%".to_vec(),
                b'p' => e.display.clone(),
                b'f' => gnu_base(&e.display).to_vec(),
                b'h' => gnu_dir(&e.display).to_vec(),
                b'P' => {
                    let rest = &e.display[e.start.len().min(e.display.len())..];
                    rest.strip_prefix(b"/").unwrap_or(rest).to_vec()
                }
                b'H' => e.start.clone(),
                b's' => num(st.size),
                b'm' => format!("{:o}", st.mode & 0o7777).into_bytes(),
                b'M' => mode_string(st.file_type, st.mode).into_bytes(),
                b'd' => num(e.depth as u64),
                b'y' => vec![type_char(st.file_type)],
                b'Y' => {
                    let t = if st.file_type == FileType::Symlink {
                        match self.ctx.stat(&e.abs) {
                            Ok(s) => type_char(s.file_type),
                            Err(crate::vfs::VfsError::Loop) => b'L',
                            Err(_) => b'N',
                        }
                    } else {
                        type_char(st.file_type)
                    };
                    vec![t]
                }
                b'u' => user_name(st.uid)
                    .map(|s| s.as_bytes().to_vec())
                    .unwrap_or_else(|| num(u64::from(st.uid))),
                b'U' => num(u64::from(st.uid)),
                b'g' => group_name(st.gid)
                    .map(|s| s.as_bytes().to_vec())
                    .unwrap_or_else(|| num(u64::from(st.gid))),
                b'G' => num(u64::from(st.gid)),
                b'i' => num(st.ino),
                b'n' => num(st.nlink),
                b'k' => num(blocks512(st).div_ceil(2)),
                b'b' => num(blocks512(st)),
                b'l' => {
                    if st.file_type == FileType::Symlink {
                        self.ctx.read_link(&e.abs).unwrap_or_default()
                    } else {
                        Vec::new()
                    }
                }
                b'a' => ctime(st.atime_ns).into_bytes(),
                b'c' => ctime(st.ctime_ns).into_bytes(),
                b't' => ctime(st.mtime_ns).into_bytes(),
                b'A' | b'C' | b'T' => {
                    let ns = match d {
                        b'A' => st.atime_ns,
                        b'C' => st.ctime_ns,
                        _ => st.mtime_ns,
                    };
                    let k = fmt.get(i).copied().unwrap_or(0);
                    i += 1;
                    match time_part(ns, k) {
                        Some(s) => s.into_bytes(),
                        None => vec![b'%', d, k],
                    }
                }
                _ => vec![b'%', d],
            };
            let val = match precision {
                Some(p) if !matches!(d, b's' | b'd' | b'i' | b'n' | b'k' | b'b' | b'U' | b'G') => {
                    val[..p.min(val.len())].to_vec()
                }
                _ => val,
            };
            let fill = width.saturating_sub(val.len());
            if left {
                out.extend_from_slice(&val);
                out.extend(std::iter::repeat_n(b' ', fill));
            } else {
                let pad = if zero
                    && matches!(
                        d,
                        b's' | b'd' | b'i' | b'n' | b'k' | b'b' | b'U' | b'G' | b'm'
                    ) {
                    b'0'
                } else {
                    b' '
                };
                out.extend(std::iter::repeat_n(pad, fill));
                out.extend_from_slice(&val);
            }
        }
        out
    }
}
