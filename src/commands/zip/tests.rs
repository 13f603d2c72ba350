//! Unit tests for `zip` and `unzip`: round trips, updates, corrupt archives, decompression
//! bombs, path traversal and symlinks. Output formats are checked against the real tools by
//! `tests/zip.rs`; these tests pin the behaviour that recording cannot show (limits, safety).

use super::format::{self, NewEntry, S_IFLNK, S_IFREG};
use crate::commands::deflate;
use crate::commands::testutil::{machine, run_on};
use crate::limits::{Limits, StopReason};
use crate::process::{Kernel, MachineInfo};
use crate::vfs::WriteMode;
use flate2::Crc;
use std::rc::Rc;

fn read(k: &Rc<Kernel>, p: &str) -> Vec<u8> {
    k.vfs
        .borrow()
        .read_file(format!("/work/{p}").as_bytes())
        .unwrap()
        .to_vec()
}

fn exists(k: &Rc<Kernel>, p: &str) -> bool {
    k.vfs.borrow().exists(format!("/work/{p}").as_bytes())
}

fn put(k: &Rc<Kernel>, p: &str, data: &[u8]) {
    k.vfs
        .borrow_mut()
        .write_file(format!("/work/{p}").as_bytes(), data, WriteMode::Truncate)
        .unwrap();
}

fn text(r: (i32, Vec<u8>, Vec<u8>)) -> (i32, String, String) {
    (
        r.0,
        String::from_utf8_lossy(&r.1).into_owned(),
        String::from_utf8_lossy(&r.2).into_owned(),
    )
}

/// An archive of `members` (name, data, Unix mode), stored, as a foreign zipper would make.
fn archive(members: &[(&str, &[u8], u32)]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, data, mode) in members {
        let mut crc = Crc::new();
        crc.update(data);
        central.push(format::write_member(
            &mut out,
            &NewEntry {
                name: name.as_bytes(),
                method: 0,
                flags: 0,
                mtime: 1_700_000_000,
                atime: 1_700_000_000,
                mode: *mode,
                uid: 0,
                gid: 0,
                crc: crc.sum(),
                usize: data.len() as u64,
                text: false,
                data,
            },
        ));
    }
    format::finish(&mut out, &central);
    out
}

#[test]
fn round_trip_at_every_level() {
    let big: Vec<u8> = (0..300_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8 % 17 + b'a')
        .collect();
    let noise: Vec<u8> = (0..70_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 11) as u8)
        .collect();
    for level in ["-0", "-1", "-6", "-9"] {
        let k = machine(&[
            ("d/", b""),
            ("d/big", &big),
            ("d/noise", &noise),
            ("d/empty", b""),
            ("d/sub/t.txt", b"hello\n"),
        ]);
        let r = text(run_on(&k, &["zip", "-qr", level, "t.zip", "d"], b""));
        assert_eq!(r, (0, String::new(), String::new()), "{level}");
        assert_eq!(run_on(&k, &["rm", "-r", "d"], b"").0, 0);
        let r = text(run_on(&k, &["unzip", "-q", "t.zip"], b""));
        assert_eq!(r.0, 0, "{level}: {r:?}");
        assert_eq!(read(&k, "d/big"), big);
        assert_eq!(read(&k, "d/noise"), noise);
        assert_eq!(read(&k, "d/empty"), b"");
        assert_eq!(read(&k, "d/sub/t.txt"), b"hello\n");
        let r = text(run_on(&k, &["unzip", "-tq", "t.zip"], b""));
        assert_eq!(r.1, "No errors detected in compressed data of t.zip.\n");
    }
}

#[test]
fn deflate_decodes_at_every_level() {
    let data: Vec<u8> = (0..200_000u32)
        .map(|i| b"abcabdabeabfzzzz"[(i.wrapping_mul(7) % 16) as usize] ^ (i / 5000) as u8)
        .collect();
    for level in 1..=9 {
        let d = deflate::deflate::<()>(
            &data,
            level,
            deflate::Profile::Zip,
            &mut deflate::Window::new(),
            |_| Ok(()),
        )
        .unwrap();
        assert!(!d.stored);
        let mut out = Vec::new();
        let mut z = flate2::Decompress::new(false);
        out.reserve(data.len() + 16);
        z.decompress_vec(&d.data, &mut out, flate2::FlushDecompress::Finish)
            .unwrap();
        assert_eq!(out, data, "level {level}");
    }
    // What does not shrink is stored, as zip does.
    let d = deflate::deflate::<()>(
        b"hello\n",
        6,
        deflate::Profile::Zip,
        &mut deflate::Window::new(),
        |_| Ok(()),
    )
    .unwrap();
    assert!(d.stored && d.data == b"hello\n" && d.text);
}

#[test]
fn update_and_delete() {
    let k = machine(&[("a", b"one\n"), ("b", b"two\n")]);
    assert_eq!(run_on(&k, &["zip", "-q", "t.zip", "a", "b"], b"").0, 0);
    put(&k, "a", b"changed\n");
    put(&k, "c", b"three\n");
    let r = text(run_on(&k, &["zip", "t.zip", "c", "a"], b""));
    assert_eq!(r.1, "updating: a (stored 0%)\n  adding: c (stored 0%)\n");
    let r = text(run_on(&k, &["unzip", "-p", "t.zip"], b""));
    assert_eq!(r.1, "changed\ntwo\nthree\n");
    let r = text(run_on(&k, &["zip", "-d", "t.zip", "b", "nope"], b""));
    assert_eq!(
        r,
        (
            0,
            "\tzip warning: name not matched: nope\ndeleting: b\n".into(),
            String::new()
        )
    );
    let r = text(run_on(&k, &["unzip", "-Z", "t.zip"], b""));
    assert_eq!(
        r,
        (
            2,
            String::new(),
            "unzip: -Z is not supported in this simulator\n".into()
        )
    );
    let r = text(run_on(&k, &["zip", "-u", "t.zip", "a"], b""));
    assert_eq!(r.0, 2);
    assert_eq!(r.2, "zip: -u is not supported in this simulator\n");
}

#[test]
fn corrupt_archives_fail_cleanly() {
    let good = archive(&[("a.txt", b"hello\n", S_IFREG | 0o644)]);
    // Truncated: no end record.
    let k = machine(&[("t.zip", &good[..40])]);
    let r = text(run_on(&k, &["unzip", "t.zip"], b""));
    assert_eq!(r.0, 9);
    assert!(r.2.contains("End-of-central-directory signature not found"));
    // A flipped data byte: the CRC catches it, the status says so.
    let mut bad = good.clone();
    let at = format::LOCAL_LEN + 5 + 28;
    bad[at] ^= 1;
    let k = machine(&[("t.zip", &bad)]);
    let r = text(run_on(&k, &["unzip", "-o", "t.zip"], b""));
    assert_eq!(r.0, 2);
    assert!(r.2.contains(" bad CRC"), "{r:?}");
    // Garbage where DEFLATE data should be.
    let mut crc = Crc::new();
    crc.update(b"x");
    let mut out = Vec::new();
    let c = format::write_member(
        &mut out,
        &NewEntry {
            name: b"g",
            method: 8,
            flags: 0,
            mtime: 1_700_000_000,
            atime: 1_700_000_000,
            mode: S_IFREG | 0o644,
            uid: 0,
            gid: 0,
            crc: crc.sum(),
            usize: 1,
            text: false,
            data: &[0xff, 0xff, 0xff, 0xff],
        },
    );
    format::finish(&mut out, &[c]);
    let k = machine(&[("g.zip", &out)]);
    let r = text(run_on(&k, &["unzip", "-t", "g.zip"], b""));
    assert_eq!(r.0, 2);
    assert!(r.1.contains("invalid compressed data to inflate"), "{r:?}");
    // zip refuses to update what is not an archive.
    let k = machine(&[("j.zip", b"junk"), ("a", b"a")]);
    let r = text(run_on(&k, &["zip", "j.zip", "a"], b""));
    assert_eq!(r.0, 3);
    assert_eq!(read(&k, "j.zip"), b"junk");
}

/// A raw DEFLATE stream that inflates to one zero byte and then `matches` copies of 258
/// zeros: one dynamic block whose length-258 and distance-1 codes are one bit each, so
/// every four matches (1032 bytes out) take one zero byte in.
fn zero_bomb(matches: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let (mut acc, mut n) = (0u64, 0u32);
    let mut put = |out: &mut Vec<u8>, v: u64, bits: u32| {
        acc |= v << n;
        n += bits;
        while n >= 8 {
            out.push(acc as u8);
            acc >>= 8;
            n -= 8;
        }
    };
    // Huffman codes go most significant bit first.
    let code = |c: u64, len: u32| (0..len).fold(0, |r, i| r | (((c >> i) & 1) << (len - 1 - i)));
    put(&mut out, 1, 1); // final block
    put(&mut out, 2, 2); // dynamic trees
    put(&mut out, 29, 5); // 286 literal/length codes
    put(&mut out, 0, 5); // 1 distance code
    put(&mut out, 14, 4); // 18 code-length codes
                          // Code-length code lengths, in the format's order: 18 -> 1 bit, 2 and 1 -> 2 bits.
    for sym in [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1] {
        let len = match sym {
            18 => 1,
            1 | 2 => 2,
            _ => 0,
        };
        put(&mut out, len, 3);
    }
    let (c1, c2, c18) = (code(0b10, 2), code(0b11, 2), code(0, 1));
    put(&mut out, c2, 2); // literal 0: 2 bits
    put(&mut out, c18, 1);
    put(&mut out, 138 - 11, 7); // 138 zeros
    put(&mut out, c18, 1);
    put(&mut out, 117 - 11, 7); // 117 zeros (1-255 done)
    put(&mut out, c2, 2); // end of block: 2 bits
    put(&mut out, c18, 1);
    put(&mut out, 28 - 11, 7); // 257-284 unused
    put(&mut out, c1, 2); // 285 (length 258): 1 bit
    put(&mut out, c1, 2); // distance code 0 (distance 1): 1 bit
    put(&mut out, code(0b10, 2), 2); // the literal 0
    for _ in 0..matches {
        put(&mut out, 0, 2); // length 258, distance 1
    }
    put(&mut out, code(0b11, 2), 2); // end of block
    put(&mut out, 0, 7);
    out
}

fn bomb_zip(matches: usize) -> Vec<u8> {
    let body = zero_bomb(matches);
    let mut out = Vec::new();
    let c = format::write_member(
        &mut out,
        &NewEntry {
            name: b"zeros",
            method: 8,
            flags: 0,
            mtime: 1_700_000_000,
            atime: 1_700_000_000,
            mode: S_IFREG | 0o644,
            uid: 0,
            gid: 0,
            crc: 0,
            usize: (1 + 258 * matches as u64).min(u32::MAX as u64),
            text: false,
            data: &body,
        },
    );
    format::finish(&mut out, &[c]);
    out
}

#[test]
fn the_bomb_stream_is_what_it_claims() {
    let body = zero_bomb(1000);
    let mut out = Vec::with_capacity(300_000);
    flate2::Decompress::new(false)
        .decompress_vec(&body, &mut out, flate2::FlushDecompress::Finish)
        .unwrap();
    assert_eq!(out.len(), 1 + 258 * 1000);
    assert!(out.iter().all(|&b| b == 0));
}

/// A 2 MiB archive whose member inflates to 2 GiB stops on a limit, with its typed reason,
/// in every mode; nothing is written and the host never holds more than a chunk.
#[test]
fn decompression_bomb_stops_on_a_limit() {
    let matches = (2usize << 30) / 258;
    let bomb = bomb_zip(matches);
    assert!(bomb.len() < 3 << 20);
    let roomy = Limits {
        disk: 1 << 30,
        ..Limits::default()
    };
    let cases: [(&[&str], Limits, StopReason); 3] = [
        (&["unzip", "b.zip"], roomy, StopReason::MemoryExhausted),
        (
            &["unzip", "-p", "b.zip"],
            Limits::default(),
            StopReason::OutputLimitExceeded,
        ),
        (
            &["unzip", "-t", "b.zip"],
            Limits {
                cpu: 2_000_000,
                ..Limits::default()
            },
            StopReason::CpuExhausted,
        ),
    ];
    for (argv, limits, reason) in cases {
        let k = Kernel::new(limits, MachineInfo::default());
        put(&k, "b.zip", &bomb);
        let (status, out, err) = run_on(&k, argv, b"");
        assert_eq!(status, 137, "{argv:?} {}", String::from_utf8_lossy(&err));
        assert_eq!(k.meter.stopped(), Some(reason), "{argv:?}");
        assert!(out.len() <= 4 << 20);
        assert!(!exists(&k, "zeros"));
    }
    // With the disk smaller than memory, the disk fills first: unzip's disk-full error
    // (not a stop; the disk is a recoverable limit), and the member is not written.
    let k = Kernel::new(Limits::default(), MachineInfo::default());
    put(&k, "b.zip", &bomb);
    let r = text(run_on(&k, &["unzip", "b.zip"], b""));
    assert_eq!(r.0, 50, "{r:?}");
    assert!(r
        .2
        .ends_with("zeros:  write error (disk full?).  Continue? (y/n/^C) "));
    assert_eq!(k.meter.stopped(), None);
    assert!(!exists(&k, "zeros"));
}

/// Members sharing one compressed body (the non-recursive kind of bomb) are refused as
/// Debian's unzip refuses them.
#[test]
fn overlapping_members_are_refused() {
    let mut a = archive(&[("a", &[b'A'; 100], S_IFREG | 0o644)]);
    let eocd = a.len() - 22;
    let central = a[a.len() - 22 - (46 + 1 + 24)..eocd].to_vec();
    let mut second = central.clone();
    second[46] = b'b';
    let cd_offset = eocd - central.len();
    a.truncate(eocd);
    a.extend_from_slice(&second);
    let cd_size = (a.len() - cd_offset) as u32;
    let mut end = vec![0x50, 0x4b, 5, 6, 0, 0, 0, 0, 2, 0, 2, 0];
    end.extend_from_slice(&cd_size.to_le_bytes());
    end.extend_from_slice(&(cd_offset as u32).to_le_bytes());
    end.extend_from_slice(&[0, 0]);
    a.extend_from_slice(&end);
    let k = machine(&[("o.zip", &a)]);
    let r = text(run_on(&k, &["unzip", "o.zip"], b""));
    assert_eq!(r.0, 12, "{r:?}");
    assert!(r.2.contains("overlapped components (possible zip bomb)"));
    assert!(exists(&k, "a") && !exists(&k, "b"));
}

#[test]
fn traversal_stays_inside() {
    let evil = archive(&[
        ("../up.txt", b"up\n", S_IFREG | 0o644),
        ("/abs.txt", b"abs\n", S_IFREG | 0o644),
        ("ok/../../../x.txt", b"x\n", S_IFREG | 0o644),
    ]);
    let k = machine(&[("in/", b""), ("in/e.zip", &evil)]);
    let (status, out, err) = run_on(&k, &["unzip", "-d", "in/o", "in/e.zip"], b"");
    assert_eq!(status, 1);
    let (out, err) = (
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    );
    assert!(out.contains("warning:  skipped \"../\" path component(s) in ../up.txt\n"));
    assert_eq!(err, "warning:  stripped absolute path spec from /abs.txt\n");
    assert_eq!(read(&k, "in/o/up.txt"), b"up\n");
    assert_eq!(read(&k, "in/o/abs.txt"), b"abs\n");
    assert_eq!(read(&k, "in/o/ok/x.txt"), b"x\n");
    assert!(!exists(&k, "up.txt") && !exists(&k, "in/up.txt") && !exists(&k, "x.txt"));
    assert!(!k.vfs.borrow().exists(b"/abs.txt"));
}

#[test]
fn symlinks_are_never_written_through() {
    // A link member, then a member below it: the link is a placeholder until the end, so
    // the second member cannot go through it.
    let z = archive(&[
        ("esc", b"/etc", S_IFLNK | 0o777),
        ("esc/passwd", b"pwned\n", S_IFREG | 0o644),
    ]);
    let k = machine(&[("z.zip", &z)]);
    k.vfs.borrow_mut().mkdir_all(b"/etc", 0o755).unwrap();
    let r = text(run_on(&k, &["unzip", "z.zip"], b""));
    assert_eq!(r.0, 2, "{r:?}");
    assert!(r
        .2
        .contains("checkdir error:  esc exists but is not directory"));
    // The base image's /etc/passwd is untouched.
    let passwd = k.vfs.borrow().read_file(b"/etc/passwd").unwrap();
    assert!(passwd.starts_with(b"root:x:0:0:"), "{passwd:?}");
    assert_eq!(k.vfs.borrow().read_link(b"/work/esc").unwrap(), b"/etc");
    // A symlink already in the destination, as a directory: refused, not followed.
    let z = archive(&[("d/f", b"data\n", S_IFREG | 0o644)]);
    let k = machine(&[("z.zip", &z), ("target/", b"")]);
    k.vfs.borrow_mut().symlink(b"target", b"/work/d").unwrap();
    let r = text(run_on(&k, &["unzip", "z.zip"], b""));
    assert_eq!(r.0, 2);
    assert!(
        r.2.contains("checkdir error:  d is a symbolic link"),
        "{r:?}"
    );
    assert!(!exists(&k, "target/f"));
    // A symlink where a file goes: replaced, its target untouched.
    let z = archive(&[("f", b"new\n", S_IFREG | 0o644)]);
    let k = machine(&[("z.zip", &z), ("secret", b"keep\n")]);
    k.vfs.borrow_mut().symlink(b"secret", b"/work/f").unwrap();
    let r = text(run_on(&k, &["unzip", "-o", "z.zip"], b""));
    assert_eq!(r.0, 0, "{r:?}");
    assert_eq!(read(&k, "secret"), b"keep\n");
    assert_eq!(read(&k, "f"), b"new\n");
    assert!(k.vfs.borrow().read_link(b"/work/f").is_err());
}

#[test]
fn zip_is_metered() {
    // Compression is charged per input byte: a tight CPU budget stops a large file.
    let data = vec![7u8; 4 << 20];
    let k = Kernel::new(
        Limits {
            cpu: 20_000,
            ..Limits::default()
        },
        MachineInfo::default(),
    );
    put(&k, "big", &data);
    let (status, _, _) = run_on(&k, &["zip", "-q", "t.zip", "big"], b"");
    assert_eq!(status, 137);
    assert_eq!(k.meter.stopped(), Some(StopReason::CpuExhausted));
    assert!(!exists(&k, "t.zip"));
    // The archive being built is reserved: a small memory budget stops it.
    let k = Kernel::new(
        Limits {
            memory: 1 << 20,
            ..Limits::default()
        },
        MachineInfo::default(),
    );
    let noise: Vec<u8> = (0..(3u32 << 20))
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 11) as u8)
        .collect();
    put(&k, "noise", &noise);
    let (status, _, _) = run_on(&k, &["zip", "-q", "t.zip", "noise"], b"");
    assert_eq!(status, 137);
    assert_eq!(k.meter.stopped(), Some(StopReason::MemoryExhausted));
}
