//! `xxd` (hex dump: default layout, `-p`, `-r -p`, `-l`, `-c`, `-g`, `-u`) and `hexdump`
//! (default 2-byte words and `-C` canonical), streaming.

use super::opts::{self, flag, req, OptDef, Out, Parser};
use super::textio;
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;

pub fn register(r: &mut super::Registry) {
    r.register(
        "xxd",
        Trust::Real,
        "make a hex dump or do the reverse",
        "-p -r (with -p) -l N -c N -g N -u",
        run_xxd,
    );
    r.register(
        "hexdump",
        Trust::Real,
        "display file contents in hexadecimal",
        "-C -v -n N -s N (no -e formats)",
        run_hexdump,
    );
}

const XXD_DEFS: &[OptDef] = &[
    flag(b'p', "ps"),
    flag(b'r', "revert"),
    req(b'l', "len"),
    req(b'c', "cols"),
    req(b'g', "groupsize"),
    flag(b'u', ""),
];

fn num(v: &[u8]) -> Option<u64> {
    let s = std::str::from_utf8(v).ok()?;
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        return u64::from_str_radix(h, 16).ok();
    }
    s.parse().ok()
}

async fn read_all(
    ctx: &CommandCtx,
    ops: &[Vec<u8>],
    limit: Option<u64>,
    skip: u64,
    mut each: impl FnMut(&[u8], &mut Out),
    out: &mut Out,
) -> Result<i32, Interrupt> {
    let mut status = 0;
    let mut remaining = limit;
    let mut to_skip = skip;
    for op in ops {
        let Some(f) = textio::open(ctx, op).await? else {
            status = 1;
            continue;
        };
        while remaining != Some(0) {
            let mut c = match textio::chunk(ctx, &f, op).await? {
                Ok(Some(c)) => c,
                Ok(None) => break,
                Err(()) => {
                    status = 1;
                    break;
                }
            };
            if to_skip > 0 {
                let k = (to_skip as usize).min(c.len());
                c.drain(..k);
                to_skip -= k as u64;
            }
            if let Some(r) = remaining.as_mut() {
                c.truncate((*r).min(c.len() as u64) as usize);
                *r -= c.len() as u64;
            }
            each(&c, out);
            out.maybe_flush(ctx).await?;
        }
    }
    Ok(status)
}

fn printable(b: u8) -> u8 {
    if (0x20..0x7f).contains(&b) {
        b
    } else {
        b'.'
    }
}

async fn xxd(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(XXD_DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let plain = p.has(b'p');
    let upper = p.has(b'u');
    let bad = |o: &str| format!("invalid argument for {o}");
    let limit = match p.last(b'l').map(num) {
        Some(None) => return opts::usage(ctx, &bad("-l"), 1).await,
        Some(Some(n)) => Some(n),
        None => None,
    };
    let cols = match p.last(b'c').map(num) {
        Some(Some(n)) if n > 0 && n <= 256 => n as usize,
        Some(_) => return opts::usage(ctx, &bad("-c"), 1).await,
        None => {
            if plain {
                30
            } else {
                16
            }
        }
    };
    let group = match p.last(b'g').map(num) {
        Some(Some(n)) => (n as usize).min(cols),
        Some(None) => return opts::usage(ctx, &bad("-g"), 1).await,
        None => 2,
    };
    if p.operands.len() > 2 {
        return opts::usage(ctx, "too many arguments", 1).await;
    }
    let input = p.operands.first().cloned().unwrap_or_else(|| b"-".to_vec());
    let mut out = Out::new();
    if p.has(b'r') {
        if !plain {
            ctx.mark_partial("xxd -r without -p");
            ctx.diag("-r is only supported with -p in this simulator")
                .await?;
            return Ok(1);
        }
        let mut hi: Option<u8> = None;
        let status = read_all(
            ctx,
            &[input],
            None,
            0,
            |c, out| {
                for &b in c {
                    let v = match b {
                        b'0'..=b'9' => b - b'0',
                        b'a'..=b'f' => b - b'a' + 10,
                        b'A'..=b'F' => b - b'A' + 10,
                        _ => continue,
                    };
                    match hi.take() {
                        Some(h) => out.buf.push(h << 4 | v),
                        None => hi = Some(v),
                    }
                }
            },
            &mut out,
        )
        .await?;
        return finish(ctx, &p, out, status).await;
    }
    let hexfmt = |b: u8| {
        if upper {
            format!("{b:02X}")
        } else {
            format!("{b:02x}")
        }
    };
    let mut pending: Vec<u8> = Vec::new();
    let mut off: u64 = 0;
    let line = |data: &[u8], off: u64, out: &mut Out| {
        if plain {
            for &b in data {
                out.push(hexfmt(b).as_bytes());
            }
            out.push(b"\n");
            return;
        }
        let mut s = format!("{off:08x}: ");
        let full_hex = cols * 2
            + if group > 0 {
                cols.div_ceil(group) - 1
            } else {
                0
            };
        let mut hex = String::new();
        for (i, &b) in data.iter().enumerate() {
            if group > 0 && i > 0 && i % group == 0 {
                hex.push(' ');
            }
            hex.push_str(&hexfmt(b));
        }
        s.push_str(&format!("{hex:<full_hex$}  "));
        out.push(s.as_bytes());
        for &b in data {
            out.buf.push(printable(b));
        }
        out.push(b"\n");
    };
    let status = read_all(
        ctx,
        &[input],
        limit,
        0,
        |c, out| {
            pending.extend_from_slice(c);
            while pending.len() >= cols {
                let blk: Vec<u8> = pending.drain(..cols).collect();
                line(&blk, off, out);
                off += cols as u64;
            }
        },
        &mut out,
    )
    .await?;
    if !pending.is_empty() {
        line(&pending, off, &mut out);
    }
    finish(ctx, &p, out, status).await
}

async fn finish(
    ctx: &CommandCtx,
    p: &opts::Parsed,
    mut out: Out,
    status: i32,
) -> Result<i32, Interrupt> {
    if let Some(o) = p.operands.get(1) {
        let r = ctx.write_file(&ctx.resolve(o), &out.buf, crate::vfs::WriteMode::Truncate);
        if let Err(e) = r {
            ctx.diag(format!("{}: {}", String::from_utf8_lossy(o), e.message()))
                .await?;
            return Ok(2);
        }
        return Ok(status);
    }
    out.flush(ctx).await?;
    Ok(status)
}

const HD_DEFS: &[OptDef] = &[
    flag(b'C', "canonical"),
    flag(b'v', "no-squeezing"),
    req(b'n', "length"),
    req(b's', "skip"),
];

async fn hexdump(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match Parser::new(HD_DEFS).parse(ctx.args()) {
        Ok(p) => p,
        Err(m) => {
            ctx.diag(m).await?;
            ctx.err(b"Try 'hexdump --help' for more information.\n")
                .await?;
            return Ok(1);
        }
    };
    let canonical = p.has(b'C');
    let verbose = p.has(b'v');
    let limit = match p.last(b'n').map(num) {
        Some(None) => {
            ctx.diag(format!(
                "invalid length argument: '{}'",
                String::from_utf8_lossy(p.last(b'n').unwrap())
            ))
            .await?;
            return Ok(1);
        }
        Some(Some(n)) => Some(n),
        None => None,
    };
    let skip = match p.last(b's').map(num) {
        Some(None) => {
            ctx.diag(format!(
                "invalid skip argument: '{}'",
                String::from_utf8_lossy(p.last(b's').unwrap())
            ))
            .await?;
            return Ok(1);
        }
        Some(Some(n)) => n,
        None => 0,
    };
    let mut out = Out::new();
    let mut pending: Vec<u8> = Vec::new();
    let mut off = skip;
    let mut prev: Option<Vec<u8>> = None;
    let mut starred = false;
    let line =
        |data: &[u8], off: u64, out: &mut Out, prev: &mut Option<Vec<u8>>, starred: &mut bool| {
            if !verbose && data.len() == 16 && prev.as_deref() == Some(data) {
                if !*starred {
                    out.push(b"*\n");
                    *starred = true;
                }
                return;
            }
            *starred = false;
            *prev = Some(data.to_vec());
            if canonical {
                let mut hex = String::new();
                for (i, b) in data.iter().enumerate() {
                    if i == 8 {
                        hex.push(' ');
                    }
                    hex.push_str(&format!("{b:02x} "));
                }
                out.push(format!("{off:08x}  {hex:<50}|").as_bytes());
                for &b in data {
                    out.buf.push(printable(b));
                }
                out.push(b"|\n");
            } else {
                let mut s = format!("{off:07x}");
                for w in data.chunks(2) {
                    let v = w[0] as u16 | (*w.get(1).unwrap_or(&0) as u16) << 8;
                    s.push_str(&format!(" {v:04x}"));
                }
                out.push(format!("{s:<47}\n").as_bytes());
            }
        };
    let status = read_all(
        ctx,
        &textio::operands(&p.operands),
        limit,
        skip,
        |c, out| {
            pending.extend_from_slice(c);
            while pending.len() >= 16 {
                let blk: Vec<u8> = pending.drain(..16).collect();
                line(&blk, off, out, &mut prev, &mut starred);
                off += 16;
            }
        },
        &mut out,
    )
    .await?;
    if !pending.is_empty() {
        let blk = std::mem::take(&mut pending);
        line(&blk, off, &mut out, &mut prev, &mut starred);
        off += blk.len() as u64;
    }
    if off > skip || starred {
        out.push(
            if canonical {
                format!("{off:08x}\n")
            } else {
                format!("{off:07x}\n")
            }
            .as_bytes(),
        );
    }
    out.flush(ctx).await?;
    Ok(status)
}

crate::command_fn!(run_xxd, xxd);
crate::command_fn!(run_hexdump, hexdump);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    const H: &[u8] = b"hello world\n";

    fn t(args: &[&str], input: &[u8]) -> String {
        text(run(args, input)).1
    }

    #[test]
    fn xxd_layouts() {
        assert_eq!(
            t(&["xxd"], H),
            "00000000: 6865 6c6c 6f20 776f 726c 640a            hello world.\n"
        );
        assert_eq!(t(&["xxd", "-p"], H), "68656c6c6f20776f726c640a\n");
        assert_eq!(
            t(&["xxd", "-c", "4", "-l", "6"], H),
            "00000000: 6865 6c6c  hell\n00000004: 6f20       o \n"
        );
        assert_eq!(
            t(&["xxd", "-g", "1", "-u", "-c", "4"], b"abcdefgh"),
            "00000000: 61 62 63 64  abcd\n00000004: 65 66 67 68  efgh\n"
        );
        assert_eq!(t(&["xxd", "-r", "-p"], b"68656c6c6f0a\n"), "hello\n");
        assert_eq!(t(&["xxd"], b""), "");
    }

    #[test]
    fn hexdump_layouts() {
        assert_eq!(
            t(&["hexdump"], H),
            "0000000 6568 6c6c 206f 6f77 6c72 0a64          \n000000c\n"
        );
        assert_eq!(t(&["hexdump", "-C"], H), "00000000  68 65 6c 6c 6f 20 77 6f  72 6c 64 0a              |hello world.|\n0000000c\n");
        assert_eq!(t(&["hexdump", "-C"], &[0; 40]), "00000000  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|\n*\n00000020  00 00 00 00 00 00 00 00                           |........|\n00000028\n");
        assert_eq!(
            t(&["hexdump"], b"abc"),
            "0000000 6261 0063                              \n0000003\n"
        );
        assert_eq!(t(&["hexdump", "-C"], b""), "");
    }
}
