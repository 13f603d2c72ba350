use super::codec;
use crate::commands::testutil::{machine, run_files, run_on, text};
use crate::limits::Limits;
use crate::process::{Kernel, MachineInfo};

fn gz(data: &[u8]) -> Vec<u8> {
    codec::compress::<()>(
        data,
        Some(b"f"),
        1_000_000,
        6,
        false,
        &mut crate::commands::deflate::Window::new(),
        |_| Ok(()),
    )
    .unwrap()
}

#[test]
fn compresses_and_restores() {
    let k = machine(&[("f", b"hello\n")]);
    assert_eq!(run_on(&k, &["gzip", "f"], b"").0, 0);
    let z = k.vfs.borrow().read_file(b"/work/f.gz").unwrap();
    assert_eq!(&z[..4], b"\x1f\x8b\x08\x08");
    assert!(!k.vfs.borrow().exists(b"/work/f"));
    assert_eq!(run_on(&k, &["gunzip", "f.gz"], b"").0, 0);
    assert_eq!(&**k.vfs.borrow().read_file(b"/work/f").unwrap(), b"hello\n");
}

#[test]
fn gnu_messages() {
    let r = text(run_files(&["gzip", "x"], b"", &[]));
    assert_eq!(
        r,
        (
            1,
            String::new(),
            "gzip: x: No such file or directory\n".into()
        )
    );
    let r = text(run_files(&["zcat", "n.gz"], b"", &[("n.gz", b"nope\n")]));
    assert_eq!(r.0, 1);
    assert_eq!(r.2, "\ngzip: n.gz: not in gzip format\n");
    let r = text(run_files(
        &["gzip", "f"],
        b"",
        &[("f", b"x"), ("f.gz", b"y")],
    ));
    assert_eq!(
        r,
        (
            2,
            String::new(),
            "gzip: f.gz already exists;\tnot overwritten\n".into()
        )
    );
    let mut t = gz(b"hello\n");
    t.extend_from_slice(b"junk");
    let r = text(run_files(&["zcat", "t.gz"], b"", &[("t.gz", &t)]));
    assert_eq!(
        r,
        (
            2,
            "hello\n".into(),
            "\ngzip: t.gz: decompression OK, trailing garbage ignored\n".into()
        )
    );
}

#[test]
fn list_format() {
    let z = gz(b"hello\n");
    let r = text(run_files(&["gzip", "-l", "f.gz"], b"", &[("f.gz", &z)]));
    assert_eq!(
        r.1,
        format!(
            "{:>19} {:>19}  ratio uncompressed_name\n{:>19} {:>19} {} f\n",
            "compressed",
            "uncompressed",
            z.len(),
            6,
            super::ratio(6 - (z.len() as i64 - 20), 6)
        )
    );
}

/// A bomb (64 MiB of zeros in ~64 KiB) stops at the memory limit when written to a file, and
/// at the CPU limit when streamed, never by growing the host's memory.
#[test]
fn zip_bomb_stops_at_a_limit() {
    let zeros = vec![0u8; 64 << 20];
    let bomb = codec::compress::<()>(
        &zeros,
        None,
        0,
        9,
        false,
        &mut crate::commands::deflate::Window::new(),
        |_| Ok(()),
    )
    .unwrap();
    drop(zeros);
    assert!(bomb.len() < 200_000);
    let limits = Limits {
        memory: 8 << 20,
        ..Limits::default()
    };
    let k = Kernel::new(limits, MachineInfo::default());
    k.vfs
        .borrow_mut()
        .write_file(b"/work/b.gz", &bomb, crate::vfs::WriteMode::Truncate)
        .unwrap();
    let (status, _, _) = run_on(&k, &["gunzip", "b.gz"], b"");
    assert_eq!(status, 137);
    assert_eq!(
        k.meter.stopped(),
        Some(crate::limits::StopReason::MemoryExhausted)
    );
    assert!(!k.vfs.borrow().exists(b"/work/b"));
    let limits = Limits {
        cpu: 20_000,
        ..Limits::default()
    };
    let k = Kernel::new(limits, MachineInfo::default());
    k.vfs
        .borrow_mut()
        .write_file(b"/work/b.gz", &bomb, crate::vfs::WriteMode::Truncate)
        .unwrap();
    let (status, out, _) = run_on(&k, &["zcat", "b.gz"], b"");
    assert_eq!(status, 137);
    assert!(out.len() < 8 << 20);
    assert_eq!(
        k.meter.stopped(),
        Some(crate::limits::StopReason::CpuExhausted)
    );
}

#[test]
fn refused_options_fail_as_a_bad_option_does() {
    // gzip's usage errors exit 1.
    let r = text(run_files(
        &["gzip", "--synchronous", "f"],
        b"",
        &[("f", b"x\n")],
    ));
    assert_eq!(
        r,
        (
            1,
            String::new(),
            "gzip: --synchronous is not supported in this simulator\n".into()
        )
    );
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

#[test]
fn rsyncable_cuts_and_pads_blocks() {
    // Recorded from `head -c 10000 /dev/zero | gzip -nc --rsyncable`: the sum of zeros is a
    // multiple of 4096 everywhere, so past the first 4096 bytes every match ends a block,
    // each followed by an empty stored block; `printf '' | gzip -nc --rsyncable -9`.
    let (status, out, err) = run_files(&["gzip", "-nc", "--rsyncable"], &[0u8; 10_000], &[]);
    assert_eq!((status, err.as_slice()), (0, &b""[..]));
    let mut want =
        String::from("1f8b0800000000000003ecc101010000008090feafee080a00000060000000ffff");
    for _ in 0..22 {
        want.push_str("1a0500000000ffff");
    }
    want.push_str("1afa00000000ffff03002eca3b4d10270000");
    assert_eq!(out, unhex(&want));
    let (_, out, _) = run_files(&["gzip", "-nc9", "--rsyncable"], b"", &[]);
    assert_eq!(out, unhex("1f8b080000000000020303000000000000000000"));
}

#[test]
fn files_of_one_run_share_the_window() {
    // GNU keeps its window from file to file: after 70,000 X's the probe's last match is
    // found against different leftovers than in a fresh window, so its member differs.
    let probe = super::exact_tests::PROBE;
    let k = machine(&[("a", &[b'X'; 70_000][..]), ("b", probe)]);
    let (status, both, _) = run_on(&k, &["gzip", "-nc", "a", "b"], b"");
    let (_, a, _) = run_on(&k, &["gzip", "-nc", "a"], b"");
    let (_, b, _) = run_on(&k, &["gzip", "-nc", "b"], b"");
    assert_eq!(status, 0);
    assert!(both.starts_with(&a));
    assert_ne!(both[a.len()..], b[..]);
    assert_eq!(codec::decompress_all(&both[a.len()..]).unwrap(), probe);
}

#[test]
fn gzip_environment_variable() {
    // Recorded from gzip 1.12: `GZIP=... gzip -nc f` with f = "hello\n".
    let k = machine(&[("f", b"hello\n")]);
    let with = |value: &str, argv: &[&str]| {
        let mut env = std::collections::BTreeMap::new();
        env.insert(b"GZIP".to_vec(), value.as_bytes().to_vec());
        text(crate::commands::testutil::run_env(&k, argv, b"", env))
    };
    let warning =
        "gzip: warning: GZIP environment variable is deprecated; use an alias or script\n";
    let plain = text(run_on(&k, &["gzip", "-nc", "f"], b""));
    let r = with("--rsyncable", &["gzip", "-nc", "f"]);
    assert_eq!(
        (r.0, r.1.as_str(), r.2.as_str()),
        (0, plain.1.as_str(), warning)
    );
    // -9 in the variable, -1 on the command line: the command line wins.
    let fast = text(run_on(&k, &["gzip", "-nc1", "f"], b""));
    assert_eq!(with(" -9\t", &["gzip", "-nc1", "f"]).1, fast.1);
    assert_eq!(with("-q --rsyncable", &["gzip", "-nc", "f"]).2, "");
    assert_eq!(with("-v -q", &["gzip", "-nc", "f"]).2, "");
    assert_eq!(
        with("-q -v", &["gzip", "-nc", "f"]).2,
        format!("{warning}f:\t-33.3% -- replaced with stdout\n")
    );
    assert_eq!(with("", &["gzip", "-nc", "f"]), plain);
    // The variable's --rsyncable takes effect.
    let z = machine(&[("z", &[0u8; 10_000][..])]);
    let mut env = std::collections::BTreeMap::new();
    env.insert(b"GZIP".to_vec(), b"--rsyncable".to_vec());
    let via_env = crate::commands::testutil::run_env(&z, &["gzip", "-nc", "z"], b"", env).1;
    assert_eq!(
        via_env,
        run_on(&z, &["gzip", "-nc", "--rsyncable", "z"], b"").1
    );
    assert_ne!(via_env, run_on(&z, &["gzip", "-nc", "z"], b"").1);
    assert_eq!(with(" ", &["gzip", "-nc", "f"]), plain);
    let refused = |m: &str| {
        (
            1,
            String::new(),
            format!("gzip: {m}\nTry `gzip --help' for more information.\n"),
        )
    };
    for (value, m) in [
        ("-c", "-c: option not valid in GZIP environment variable"),
        ("-nc", "-c: option not valid in GZIP environment variable"),
        (
            "--std",
            "--stdout: option not valid in GZIP environment variable",
        ),
        ("-k", "-k: option not valid in GZIP environment variable"),
        ("-- -9", "--: option not valid in GZIP environment variable"),
        ("foo", "foo: non-option in GZIP environment variable"),
        ("-x", "invalid option -- 'x'"),
        ("--bogus", "unrecognized option '--bogus'"),
    ] {
        assert_eq!(
            with(value, &["gzip", "-nc", "f"]),
            refused(m),
            "GZIP={value}"
        );
    }
}
