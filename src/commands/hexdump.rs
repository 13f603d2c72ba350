//! `hexdump` (util-linux): the default 2-byte words and `-C` canonical layouts, streaming.

use super::opts::{flag, req, OptDef, Out, Parser};
use super::textio;
use super::xxd::{num, printable, read_all};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;

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

crate::command_fn!(run_hexdump, hexdump);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn t(args: &[&str], input: &[u8]) -> String {
        text(run(args, input)).1
    }

    const H: &[u8] = b"hello world\n";

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
