//! `file` (libmagic 5.44 subset): empty, directory, symlink, ASCII/UTF-8/ISO-8859 text (with
//! CRLF/CR/no line terminators, very long lines, escape sequences, overstriking), scripts by
//! their `#!` line, the text formats of `text.rs` (JSON, CSV, HTML, XML, diffs, C, Python,
//! makefiles), gzip (header fields), tar (ustar/GNU), ELF (class, endianness, type, machine
//! only), the headers of `formats.rs` (PNG, GIF, PDF, Zip, bzip2, XZ) and `data`.

mod formats;
mod text;

use super::opts::{self, flag, OptDef, Parser};
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use crate::vfs::FileType;

const DEFS: &[OptDef] = &[
    flag(b'b', "brief"),
    flag(b'L', "dereference"),
    flag(b'h', "no-dereference"),
];

/// How much of a file is examined, like libmagic's default read size.
const EXAMINE: usize = 1 << 20;

/// The text encoding libmagic names, or `None` for binary data.
fn text_kind(d: &[u8]) -> Option<&'static str> {
    let plain = |b: u8| matches!(b, 0x20..=0x7e | b'\t' | b'\n' | b'\r' | 0x0c | 0x08 | 0x1b);
    if d.iter().all(|&b| plain(b)) {
        return Some("ASCII");
    }
    let ok = std::str::from_utf8(d).is_ok()
        || (d.len() == EXAMINE && std::str::from_utf8(&d[..d.len() - 4]).is_ok());
    let controls = d.iter().any(|&b| b < 0x80 && !plain(b));
    if ok && !controls {
        return Some(if d.starts_with(b"\xef\xbb\xbf") {
            "Unicode text, UTF-8 (with BOM)"
        } else {
            "Unicode text, UTF-8"
        });
    }
    if !controls && !d.iter().any(|b| (0x80..0xa0).contains(b)) {
        return Some("ISO-8859");
    }
    None
}

/// The decorations after the encoding: very long lines (over 300 characters, counted as
/// characters), line terminators, escape sequences, overstriking.
fn text_notes(d: &[u8]) -> String {
    let mut notes = String::new();
    // A byte-order mark is not part of the first line.
    let body = d.strip_prefix(b"\xef\xbb\xbf").unwrap_or(d);
    let longest = body
        .split(|&b| b == b'\n' || b == b'\r')
        .map(|l| l.iter().filter(|&&b| b & 0xC0 != 0x80).count())
        .max()
        .unwrap_or(0);
    if longest > 300 {
        notes.push_str(&format!(", with very long lines ({longest})"));
    }
    notes.push_str(line_terminators(d));
    if d.contains(&0x1b) {
        notes.push_str(", with escape sequences");
    }
    if d.contains(&0x08) {
        notes.push_str(", with overstriking");
    }
    notes
}

fn line_terminators(d: &[u8]) -> &'static str {
    let crlf = d.windows(2).any(|w| w == b"\r\n");
    let lf = d
        .iter()
        .enumerate()
        .any(|(i, &b)| b == b'\n' && (i == 0 || d[i - 1] != b'\r'));
    let cr = d
        .iter()
        .enumerate()
        .any(|(i, &b)| b == b'\r' && d.get(i + 1) != Some(&b'\n'));
    match (crlf, lf, cr) {
        (false, false, false) => ", with no line terminators",
        (true, false, false) => ", with CRLF line terminators",
        (false, false, true) => ", with CR line terminators",
        (true, true, _) => ", with CRLF, LF line terminators",
        (false, true, true) => ", with CR, LF line terminators",
        (true, false, true) => ", with CRLF, CR line terminators",
        _ => "",
    }
}

/// How a `#!` line is named: the text-magic label (followed by the encoding), or a complete
/// description for the interpreters whose magic is not a text test (Perl, Node.js).
enum Script {
    Label(String),
    Whole(&'static str),
}

fn script_kind(d: &[u8]) -> Option<Script> {
    let line = d.strip_prefix(b"#!")?;
    let line = &line[..line.iter().position(|&b| b == b'\n').unwrap_or(line.len())];
    let text = String::from_utf8_lossy(line);
    let text = text.trim_start().trim_end_matches('\r');
    let mut words = text.split_whitespace();
    let interp = words.next()?;
    // `#!/usr/bin/env X`: named by X; an unknown one is "a X... script" from env's operands.
    let (prog, generic) = if interp.rsplit('/').next() == Some("env") {
        let rest = text[text.find("env").unwrap_or(0) + 3..].trim_start();
        (
            rest.split_whitespace().next()?.to_string(),
            rest.to_string(),
        )
    } else {
        (interp.to_string(), text.to_string())
    };
    let base = prog.rsplit('/').next().unwrap_or(&prog).to_string();
    let label = match base.as_str() {
        // Only the literal path: `env sh` and `dash` are generic in file 5.44.
        "sh" if prog == "/bin/sh" => "POSIX shell script",
        "bash" => "Bourne-Again shell script",
        "zsh" => "Paul Falstad's zsh script",
        "ksh" => "Korn shell script",
        "csh" => "C shell script",
        "tclsh" => "Tcl/Tk script",
        "ruby" => "Ruby script",
        "lua" => "Lua script",
        "php" => "PHP script",
        "awk" | "gawk" => "awk script",
        "perl" => return Some(Script::Whole("Perl script text executable")),
        "node" => return Some(Script::Whole("Node.js script executable")),
        b if b.starts_with("python") => "Python script",
        _ => return Some(Script::Label(format!("a {generic} script"))),
    };
    Some(Script::Label(label.into()))
}

fn ctime(secs: i64) -> String {
    const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let (y, mo, d, h, mi, s) = super::fsutil::utc(secs);
    format!(
        "{} {} {d:>2} {h:02}:{mi:02}:{s:02} {y}",
        DAYS[secs.div_euclid(86_400).rem_euclid(7) as usize],
        MONTHS[mo as usize - 1]
    )
}

fn gzip(d: &[u8], total_len: usize, tail: &[u8]) -> String {
    let mut s = String::from("gzip compressed data");
    if d.len() < 10 {
        return s;
    }
    let flg = d[3];
    let mtime = u32::from_le_bytes([d[4], d[5], d[6], d[7]]);
    let mut pos = 10;
    if flg & 4 != 0 && d.len() >= pos + 2 {
        pos += 2 + usize::from(u16::from_le_bytes([d[pos], d[pos + 1]]));
    }
    if flg & 8 != 0 && pos < d.len() {
        let end = d[pos..]
            .iter()
            .position(|&b| b == 0)
            .map(|e| pos + e)
            .unwrap_or(d.len());
        s.push_str(&format!(
            ", was \"{}\"",
            String::from_utf8_lossy(&d[pos..end])
        ));
    }
    if mtime != 0 {
        s.push_str(&format!(", last modified: {}", ctime(i64::from(mtime))));
    }
    match d[8] {
        2 => s.push_str(", max compression"),
        4 => s.push_str(", max speed"),
        _ => {}
    }
    if d[9] == 3 {
        s.push_str(", from Unix");
    }
    if total_len >= 18 && tail.len() == 4 {
        s.push_str(&format!(
            ", original size modulo 2^32 {}",
            u32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]])
        ));
    }
    s
}

fn elf(d: &[u8]) -> String {
    let class = match d.get(4) {
        Some(1) => "32-bit",
        Some(2) => "64-bit",
        _ => return "ELF".into(),
    };
    let le = d.get(5) == Some(&1);
    let u16at = |i: usize| -> u16 {
        match (d.get(i), d.get(i + 1)) {
            (Some(&a), Some(&b)) => {
                if le {
                    u16::from_le_bytes([a, b])
                } else {
                    u16::from_be_bytes([a, b])
                }
            }
            _ => 0,
        }
    };
    let kind = match u16at(16) {
        1 => "relocatable",
        2 => "executable",
        3 => "shared object",
        4 => "core file",
        _ => "unknown type",
    };
    let machine = match u16at(18) {
        3 => ", Intel 80386",
        40 => ", ARM",
        62 => ", x86-64",
        183 => ", ARM aarch64",
        243 => ", UCB RISC-V",
        _ => "",
    };
    format!(
        "ELF {class} {} {kind}{machine}",
        if le { "LSB" } else { "MSB" }
    )
}

/// Classifies file contents.
pub fn classify(all: &[u8]) -> String {
    if all.is_empty() {
        return "empty".into();
    }
    let d = &all[..all.len().min(EXAMINE)];
    if d.starts_with(&[0x1f, 0x8b]) {
        let tail = if all.len() >= 4 {
            &all[all.len() - 4..]
        } else {
            &[][..]
        };
        return gzip(d, all.len(), tail);
    }
    if d.starts_with(b"\x7fELF") {
        return elf(d);
    }
    if d.len() >= 265 && &d[257..265] == b"ustar  \0" {
        return "POSIX tar archive (GNU)".into();
    }
    if d.len() >= 263 && &d[257..263] == b"ustar\0" {
        return "POSIX tar archive".into();
    }
    for probe in [
        formats::png,
        formats::gif,
        formats::pdf,
        formats::zip,
        formats::bzip2,
        formats::xz,
    ] {
        if let Some(found) = probe(d) {
            return found;
        }
    }
    let Some(kind) = text_kind(d) else {
        return "data".into();
    };
    if kind != "ISO-8859" {
        // libmagic's built-in JSON and CSV checks run before any magic.
        if let Some(json) = text::json(d) {
            return json.into();
        }
        if text::csv(d) {
            return "CSV text".into();
        }
    }
    let notes = text_notes(d);
    match script_kind(d) {
        Some(Script::Whole(perl)) if perl.starts_with("Perl") => return perl.into(),
        Some(Script::Whole(whole)) => return format!("{whole}, {kind} text{notes}"),
        Some(Script::Label(label)) => return format!("{label}, {kind} text executable{notes}"),
        None => {}
    }
    if let Some((label, exec)) = text::magic(d) {
        let exec = if exec { " executable" } else { "" };
        return format!("{label}, {kind} text{exec}{notes}");
    }
    format!("{kind} text{notes}")
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    if p.operands.is_empty() {
        ctx.err(b"Usage: file [-bcdEhikLlNnprsSvzZ0] [--apple] [--extension] [--mime-encoding]\n            [--mime-type] [-e <testname>] [-F <separator>]  [-f <namefile>]\n            [-m <magicfiles>] [-P <parameter=value>] [--exclude-quiet]\n            <file> ...\n       file -C [-m <magicfiles>]\n       file [--help]\n").await?;
        return Ok(1);
    }
    let brief = p.has(b'b');
    let follow = p
        .opts
        .iter()
        .rev()
        .find(|(i, _)| matches!(i, b'L' | b'h'))
        .map(|(i, _)| *i == b'L')
        .unwrap_or(false);
    let width = p
        .operands
        .iter()
        .map(|o| {
            if o == b"-" {
                "/dev/stdin".len()
            } else {
                o.len()
            }
        })
        .max()
        .unwrap_or(0);
    let mut out = Vec::new();
    for op in &p.operands {
        ctx.charge(crate::limits::cost::PATH_COMPONENT * 4)?;
        let (shown, desc) = if op == b"-" {
            let data = super::textio::slurp_quiet(ctx, b"-").await?;
            ctx.charge_bytes(data.len().min(EXAMINE))?;
            (b"/dev/stdin".to_vec(), classify(&data))
        } else {
            let abs = ctx.resolve(op);
            let desc = {
                let v = ctx.vfs();
                let st = if follow { v.stat(&abs) } else { v.lstat(&abs) };
                match st {
                    Err(e) => format!(
                        "cannot open `{}' ({})",
                        String::from_utf8_lossy(op),
                        e.message()
                    ),
                    Ok(st) => match st.file_type {
                        FileType::Dir => "directory".into(),
                        FileType::Symlink => {
                            let target =
                                String::from_utf8_lossy(&v.read_link(&abs).unwrap_or_default())
                                    .into_owned();
                            if v.stat(&abs).is_ok() {
                                format!("symbolic link to {target}")
                            } else {
                                format!("broken symbolic link to {target}")
                            }
                        }
                        FileType::File => {
                            let data = v.read_file(&abs).unwrap_or_default();
                            ctx.charge_bytes(data.len().min(EXAMINE))?;
                            classify(&data)
                        }
                    },
                }
            };
            (op.clone(), desc)
        };
        if !brief {
            out.extend_from_slice(&shown);
            out.push(b':');
            out.extend(std::iter::repeat_n(b' ', width - shown.len() + 1));
        }
        out.extend_from_slice(desc.as_bytes());
        out.push(b'\n');
    }
    ctx.out(&out).await?;
    Ok(0)
}

crate::command_fn!(run, main);

pub fn register(r: &mut super::Registry) {
    r.register(
        "file",
        Trust::Partial,
        "determine file type (common magic only)",
        "-b -L -h",
        run,
    );
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn kinds() {
        let mut tar = vec![0u8; 512];
        tar[257..265].copy_from_slice(b"ustar  \0");
        let gz: &[u8] = &[
            0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xcb, 0xc8, 0xe4, 2, 0, 0x7a, 0x7a, 0x6f, 0xed, 3,
            0, 0, 0,
        ];
        let files: &[(&str, &[u8])] = &[
            ("e", b""),
            ("t", b"hi\n"),
            ("t2", b"hi"),
            ("u", "h\u{e9}\n".as_bytes()),
            ("crlf", b"a\r\n"),
            ("s", b"#!/bin/sh\necho\n"),
            ("b", b"#!/bin/bash\necho\n"),
            ("b2", b"#!/usr/bin/env bash\n"),
            ("bin", b"\x00\x01\x02"),
            ("d/", b""),
            ("g.gz", gz),
            ("x.tar", &tar),
        ];
        let k = machine(files);
        k.vfs.borrow_mut().symlink(b"t", b"/work/l").unwrap();
        k.vfs.borrow_mut().symlink(b"nowhere", b"/work/bl").unwrap();
        let r = text(run_on(
            &k,
            &[
                "file", "e", "t", "t2", "u", "crlf", "s", "b", "b2", "bin", "d", "l", "bl", "g.gz",
                "x.tar",
            ],
            b"",
        ));
        assert_eq!(
            r.1,
            "e:     empty\nt:     ASCII text\nt2:    ASCII text, with no line terminators\nu:     Unicode text, UTF-8 text\ncrlf:  ASCII text, with CRLF line terminators\ns:     POSIX shell script, ASCII text executable\nb:     Bourne-Again shell script, ASCII text executable\nb2:    Bourne-Again shell script, ASCII text executable\nbin:   data\nd:     directory\nl:     symbolic link to t\nbl:    broken symbolic link to nowhere\ng.gz:  gzip compressed data, from Unix, original size modulo 2^32 3\nx.tar: POSIX tar archive (GNU)\n"
        );
        assert_eq!(
            text(run_on(&k, &["file", "-b", "t"], b"")).1,
            "ASCII text\n"
        );
        assert_eq!(
            text(run_on(&k, &["file", "-L", "l"], b"")).1,
            "l: ASCII text\n"
        );
        assert_eq!(
            text(run_on(&k, &["file", "nope"], b"")),
            (
                0,
                "nope: cannot open `nope' (No such file or directory)\n".into(),
                String::new()
            )
        );
        assert_eq!(
            text(run_on(&k, &["file", "-"], b"hi\n")).1,
            "/dev/stdin: ASCII text\n"
        );
    }
}
