//! Expected bytes follow GNU df 9.1's layout as recorded on a host (`df --output`, `-P`,
//! `-B...` against a real mount), with this machine's numbers: 64 MiB (16,384 blocks of
//! 4 KiB, 65,536 KiB), 12 KiB used, 262,144 inodes of which 41 are used.

use super::super::testutil::*;
use super::*;

fn df(argv: &[&str]) -> (i32, String, String) {
    let k = machine(&[("a", &[0u8; 10_000])]);
    let s = FsStats::of(&k.vfs.borrow());
    // The numbers the expectations below were written for.
    assert_eq!(
        (s.blocks, s.bfree, s.files, s.ffree),
        (16384, 16381, 262144, 262103)
    );
    text(run_on(&k, argv, b""))
}

fn ok(argv: &[&str]) -> String {
    let (status, out, err) = df(argv);
    assert_eq!((status, err.as_str()), (0, ""), "{argv:?}");
    out
}

#[test]
fn default_formats() {
    assert_eq!(
        ok(&["df"]),
        "Filesystem     1K-blocks  Used Available Use% Mounted on\n\
         shellsim           65536    12     65524   1% /\n"
    );
    assert_eq!(
        ok(&["df", "-T", "a"]),
        "Filesystem     Type     1K-blocks  Used Available Use% Mounted on\n\
         shellsim       shellsim     65536    12     65524   1% /\n"
    );
    assert_eq!(
        ok(&["df", "-i"]),
        "Filesystem     Inodes IUsed  IFree IUse% Mounted on\n\
         shellsim       262144    41 262103    1% /\n"
    );
    assert_eq!(
        ok(&["df", "-P", "a", "/"]),
        "Filesystem     1024-blocks  Used Available Capacity Mounted on\n\
         shellsim             65536    12     65524       1% /\n\
         shellsim             65536    12     65524       1% /\n"
    );
    assert_eq!(
        ok(&["df", "-PT"]),
        "Filesystem     Type     1024-blocks  Used Available Capacity Mounted on\n\
         shellsim       shellsim       65536    12     65524       1% /\n"
    );
    // -h wins over -P: the human layout, without "Capacity".
    for argv in [
        &["df", "-h"][..],
        &["df", "-P", "-h"],
        &["df", "--block-size=human"],
    ] {
        assert_eq!(
            ok(argv),
            "Filesystem      Size  Used Avail Use% Mounted on\n\
             shellsim         64M   12K   64M   1% /\n",
            "{argv:?}"
        );
    }
    assert_eq!(
        ok(&["df", "-H", "-i"]),
        "Filesystem     Inodes IUsed IFree IUse% Mounted on\n\
         shellsim         263k    41  263k    1% /\n"
    );
    assert_eq!(
        ok(&["df", "-h", "-i"]),
        "Filesystem     Inodes IUsed IFree IUse% Mounted on\n\
         shellsim         256K    41  256K    1% /\n"
    );
}

#[test]
fn block_sizes() {
    let row = |argv: &[&str]| ok(argv);
    assert_eq!(
        row(&["df", "-BK"]),
        "Filesystem     1K-blocks  Used Available Use% Mounted on\n\
         shellsim          65536K   12K    65524K   1% /\n"
    );
    assert_eq!(
        row(&["df", "-B1"]),
        "Filesystem     1B-blocks  Used Available Use% Mounted on\n\
         shellsim        67108864 12288  67096576   1% /\n"
    );
    assert_eq!(
        row(&["df", "-B512"]),
        "Filesystem     512B-blocks  Used Available Use% Mounted on\n\
         shellsim            131072    24    131048   1% /\n"
    );
    assert_eq!(
        row(&["df", "-B1536"]),
        "Filesystem     1.6kB-blocks  Used Available Use% Mounted on\n\
         shellsim              43691     8     43683   1% /\n"
    );
    assert_eq!(
        row(&["df", "-B3000"]),
        "Filesystem     3kB-blocks  Used Available Use% Mounted on\n\
         shellsim            22370     5     22366   1% /\n"
    );
    assert_eq!(
        row(&["df", "-BKiB"]),
        "Filesystem     1KiB-blocks  Used Available Use% Mounted on\n\
         shellsim          65536KiB 12KiB  65524KiB   1% /\n"
    );
    assert_eq!(
        row(&["df", "-BKB"]),
        "Filesystem     1kB-blocks  Used Available Use% Mounted on\n\
         shellsim          67109kB  13kB   67097kB   1% /\n"
    );
    assert_eq!(
        row(&["df", "-m"]),
        "Filesystem     1M-blocks  Used Available Use% Mounted on\n\
         shellsim              64     1        64   1% /\n"
    );
    assert_eq!(
        row(&["df", "-PB1M"]),
        "Filesystem     1048576-blocks  Used Available Capacity Mounted on\n\
         shellsim                   64     1        64       1% /\n"
    );
    // Inode counts are in units of one: only a `B` of the block size shows.
    assert_eq!(
        row(&["df", "-BKB", "-i"]),
        "Filesystem      Inodes IUsed   IFree IUse% Mounted on\n\
         shellsim       262144B   41B 262103B    1% /\n"
    );
    assert_eq!(
        row(&["df", "-BK", "-i"]),
        "Filesystem     Inodes IUsed  IFree IUse% Mounted on\n\
         shellsim       262144    41 262103    1% /\n"
    );
    // The last of -k, -m, -h, -B wins.
    assert_eq!(row(&["df", "-h", "-k"]), row(&["df"]));
}

#[test]
fn output_fields() {
    assert_eq!(
        ok(&["df", "--output"]),
        "Filesystem     Type     Inodes IUsed  IFree IUse% 1K-blocks  Used Avail Use% File Mounted on\n\
         shellsim       shellsim 262144    41 262103    1%     65536    12 65524   1% -    /\n"
    );
    assert_eq!(
        ok(&["df", "--output", "a"]),
        "Filesystem     Type     Inodes IUsed  IFree IUse% 1K-blocks  Used Avail Use% File Mounted on\n\
         shellsim       shellsim 262144    41 262103    1%     65536    12 65524   1% a    /\n"
    );
    assert_eq!(
        ok(&["df", "--output=target,pcent,source"]),
        "Mounted on Use% Filesystem\n/            1% shellsim\n"
    );
    assert_eq!(
        ok(&["df", "--output=size,avail"]),
        "1K-blocks Avail\n    65536 65524\n"
    );
    assert_eq!(
        ok(&["df", "-h", "--output=size,avail,itotal"]),
        " Size Avail Inodes\n  64M   64M   256K\n"
    );
    assert_eq!(
        ok(&["df", "-B1M", "--output=size"]),
        "1M-blocks\n       64\n"
    );
    assert_eq!(
        ok(&["df", "--output=file,target", "/", "a"]),
        "File Mounted on\n/    /\na    /\n"
    );
    // A later --output adds its fields after the earlier ones.
    assert_eq!(
        ok(&["df", "--output=source", "--output=ipcent"]),
        "Filesystem     IUse%\nshellsim          1%\n"
    );
}

#[test]
fn totals() {
    assert_eq!(
        ok(&["df", "--total"]),
        "Filesystem     1K-blocks  Used Available Use% Mounted on\n\
         shellsim           65536    12     65524   1% /\n\
         total              65536    12     65524   1% -\n"
    );
    assert_eq!(
        ok(&["df", "--total", "-hT", "/", "a"]),
        "Filesystem     Type      Size  Used Avail Use% Mounted on\n\
         shellsim       shellsim   64M   12K   64M   1% /\n\
         shellsim       shellsim   64M   12K   64M   1% /\n\
         total          -         128M   24K  128M   1% -\n"
    );
    // Without the source column the total's name goes under "Mounted on".
    assert_eq!(
        ok(&["df", "--total", "--output=target,size"]),
        "Mounted on 1K-blocks\n/              65536\ntotal          65536\n"
    );
    assert_eq!(
        ok(&["df", "--total", "--output=source,fstype,file,itotal"]),
        "Filesystem     Type     File Inodes\n\
         shellsim       shellsim -    262144\n\
         total          -        -    262144\n"
    );
}

#[test]
fn type_selection() {
    for argv in [
        &["df", "-t", "shellsim"][..],
        &["df", "-t", "ext4", "-t", "shellsim"],
        &["df", "-F", "shellsim"],
        &["df", "-x", "ext4", "-a", "-l", "-v", "--sync", "--no-sync"],
    ] {
        assert_eq!(ok(argv), ok(&["df"]), "{argv:?}");
    }
    let none = (
        1,
        String::new(),
        "df: no file systems processed\n".to_string(),
    );
    assert_eq!(df(&["df", "-t", "ext4"]), none);
    assert_eq!(df(&["df", "-x", "shellsim", "/"]), none);
    assert_eq!(
        df(&["df", "-t", "ext4", "-x", "ext4", "-t", "tmpfs", "-x", "tmpfs"]),
        (
            1,
            String::new(),
            "df: file system type 'tmpfs' both selected and excluded\n\
             df: file system type 'ext4' both selected and excluded\n"
                .into()
        )
    );
}

#[test]
fn errors() {
    let usage = |m: &str| {
        (
            1,
            String::new(),
            format!("df: {m}\nTry 'df --help' for more information.\n"),
        )
    };
    assert_eq!(
        df(&["df", "--output=foo"]),
        usage("option --output: field 'foo' unknown")
    );
    assert_eq!(
        df(&["df", "--output="]),
        usage("option --output: field '' unknown")
    );
    assert_eq!(
        df(&["df", "--output=source,target,source"]),
        usage("option --output: field 'source' used more than once")
    );
    assert_eq!(
        df(&["df", "--output=size", "--output=used,size"]),
        usage("option --output: field 'size' used more than once")
    );
    for (argv, opt) in [
        (&["df", "-i", "--output"][..], "-i"),
        (&["df", "--output", "-i"], "-i"),
        (&["df", "-T", "--output=size"], "-T"),
        (&["df", "--output", "-T"], "-T"),
        (&["df", "-P", "--output"], "-P"),
        (&["df", "--output", "-P"], "-P"),
        (&["df", "-h", "-P", "--output"], "-P"),
    ] {
        assert_eq!(
            df(argv),
            usage(&format!(
                "options {opt} and --output are mutually exclusive"
            )),
            "{argv:?}"
        );
    }
    let fatal = |m: &str| (1, String::new(), format!("df: {m}\n"));
    assert_eq!(df(&["df", "-B0"]), fatal("invalid -B argument '0'"));
    assert_eq!(df(&["df", "-Bx"]), fatal("invalid -B argument 'x'"));
    assert_eq!(
        df(&["df", "--block-size=x"]),
        fatal("invalid --block-size argument 'x'")
    );
    assert_eq!(
        df(&["df", "-B1Q"]),
        fatal("invalid suffix in -B argument '1Q'")
    );
    assert_eq!(
        df(&["df", "-BKBx"]),
        fatal("invalid suffix in -B argument 'KBx'")
    );
    assert_eq!(
        df(&["df", "-B99999999999999999999"]),
        fatal("-B argument '99999999999999999999' too large")
    );
    assert_eq!(df(&["df", "-BY"]), fatal("-B argument 'Y' too large"));
    // A missing FILE is reported, and then nothing else is said.
    assert_eq!(
        df(&["df", "nope"]),
        (
            1,
            String::new(),
            "df: nope: No such file or directory\n".into()
        )
    );
    assert_eq!(
        df(&["df", "nope", "a"]),
        (
            1,
            "Filesystem     1K-blocks  Used Available Use% Mounted on\n\
             shellsim           65536    12     65524   1% /\n"
                .into(),
            "df: nope: No such file or directory\n".into()
        )
    );
}

#[test]
fn captions_and_scaling() {
    let h = Human::default();
    assert_eq!(blocks_caption(1024, h), "1K-blocks");
    assert_eq!(blocks_caption(1000, h), "1kB-blocks");
    assert_eq!(blocks_caption(512, h), "512B-blocks");
    assert_eq!(blocks_caption(1 << 20, h), "1M-blocks");
    assert_eq!(blocks_caption(2 << 20, h), "2M-blocks");
    assert_eq!(blocks_caption(1_000_000, h), "1MB-blocks");
    assert_eq!(blocks_caption(1500, h), "1.5kB-blocks");
    assert_eq!(blocks_caption(16, h), "16B-blocks");
    assert_eq!(blocks_caption(1 << 60, h), "1E-blocks");
    assert_eq!(
        parse_block_size(b"KiB"),
        Ok((
            Human {
                autoscale: false,
                si: true,
                base1024: true,
                b: true
            },
            1024
        ))
    );
    assert_eq!(parse_block_size(b"2MB").map(|u| u.1), Ok(2_000_000));
    assert_eq!(parse_block_size(b"'1k").map(|u| u.1), Ok(1024));
    assert_eq!(parse_block_size(b"si").map(|u| u.0), Ok(HUMAN_1000));
    assert_eq!(parse_block_size(b"h").map(|u| u.0), Ok(HUMAN_1024));
    // strtoumax's bases, as `df -B 0x10` and `df -B 010` read them.
    assert_eq!(parse_block_size(b"0x10").map(|u| u.1), Ok(16));
    assert_eq!(parse_block_size(b"010").map(|u| u.1), Ok(8));
    assert_eq!(parse_block_size(b"0").map(|u| u.1), Err(SizeError::Invalid));
    assert_eq!(parse_block_size(b"08"), Err(SizeError::Suffix));
    assert_eq!(parse_block_size(b"1e"), Err(SizeError::Suffix));
    assert_eq!(parse_block_size(b"1D"), Err(SizeError::Suffix));
    assert_eq!(parse_block_size(b"E").map(|u| u.1), Ok(1 << 60));
    assert_eq!(parse_block_size(b"Z"), Err(SizeError::TooLarge));
}

#[test]
fn environment_block_sizes() {
    let k = machine(&[("a", &[0u8; 10_000])]);
    let with = |vars: &[(&str, &str)], argv: &[&str]| {
        let mut env = std::collections::BTreeMap::new();
        for (n, v) in vars {
            env.insert(n.as_bytes().to_vec(), v.as_bytes().to_vec());
        }
        text(run_env(&k, argv, b"", env)).1
    };
    let mib = "Filesystem     1M-blocks  Used Available Use% Mounted on\n\
               shellsim              64     1        64   1% /\n";
    assert_eq!(with(&[("DF_BLOCK_SIZE", "1M")], &["df"]), mib);
    assert_eq!(with(&[("BLOCK_SIZE", "1M")], &["df"]), mib);
    assert_eq!(with(&[("BLOCKSIZE", "1M")], &["df"]), mib);
    // Options override the environment; an empty or bad DF_BLOCK_SIZE still hides the rest.
    assert_eq!(with(&[("DF_BLOCK_SIZE", "1M")], &["df", "-k"]), ok(&["df"]));
    assert_eq!(
        with(&[("DF_BLOCK_SIZE", ""), ("BLOCK_SIZE", "1M")], &["df"]),
        ok(&["df"])
    );
    assert_eq!(with(&[("DF_BLOCK_SIZE", "bogus")], &["df"]), ok(&["df"]));
    assert_eq!(
        with(&[("BLOCK_SIZE", "K")], &["df"]),
        "Filesystem     1K-blocks  Used Available Use% Mounted on\n\
         shellsim          65536K   12K    65524K   1% /\n"
    );
    // POSIXLY_CORRECT makes the default 512 bytes; -P then says "512-blocks".
    assert_eq!(
        with(&[("POSIXLY_CORRECT", "1")], &["df", "-P"]),
        "Filesystem     512-blocks  Used Available Capacity Mounted on\n\
         shellsim           131072    24    131048       1% /\n"
    );
    assert_eq!(
        with(&[("POSIXLY_CORRECT", "1")], &["df"]),
        "Filesystem     512B-blocks  Used Available Use% Mounted on\n\
         shellsim            131072    24    131048   1% /\n"
    );
}
