//! `base64` and `base32`: encode (wrapping at 76 columns by default) or decode (`-d`,
//! optionally skipping garbage with `-i`), with GNU's partial-output-then-error decoding.

use super::opts::{self, flag, req, OptDef, Parser};
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;

const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B32: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

const DEFS: &[OptDef] = &[
    flag(b'd', "decode"),
    flag(b'i', "ignore-garbage"),
    req(b'w', "wrap"),
];

/// (alphabet, input bytes per quantum, output chars per quantum, bits per char)
fn params(b32: bool) -> (&'static [u8], usize, usize, u32) {
    if b32 {
        (B32, 5, 8, 5)
    } else {
        (B64, 3, 4, 6)
    }
}

pub fn encode(data: &[u8], b32: bool) -> Vec<u8> {
    let (alpha, inq, outq, bits) = params(b32);
    let mut out = Vec::with_capacity(data.len() / inq * outq + outq);
    for chunk in data.chunks(inq) {
        let mut acc: u64 = 0;
        for (i, &b) in chunk.iter().enumerate() {
            acc |= u64::from(b) << (8 * (inq - 1 - i));
        }
        let used = (chunk.len() * 8).div_ceil(bits as usize);
        for i in 0..outq {
            if i < used {
                let shift = (outq - 1 - i) as u32 * bits;
                out.push(alpha[((acc >> shift) & ((1 << bits) - 1)) as usize]);
            } else {
                out.push(b'=');
            }
        }
    }
    out
}

/// Decodes; on invalid input returns what was decoded before the error and `false`.
pub fn decode(data: &[u8], b32: bool, ignore_garbage: bool) -> (Vec<u8>, bool) {
    let (alpha, _inq, outq, bits) = params(b32);
    let mut val = [0xffu8; 256];
    for (i, &c) in alpha.iter().enumerate() {
        val[c as usize] = i as u8;
    }
    let chars: Vec<u8> = data
        .iter()
        .copied()
        .filter(|&c| c != b'\n' && (!ignore_garbage || c == b'=' || val[c as usize] != 0xff))
        .collect();
    let mut out = Vec::new();
    for q in chars.chunks(outq) {
        let pad_start = q.iter().position(|&c| c == b'=').unwrap_or(q.len());
        let valid_prefix = q[..pad_start]
            .iter()
            .take_while(|&&c| val[c as usize] != 0xff)
            .count();
        let mut acc: u64 = 0;
        for &c in &q[..valid_prefix] {
            acc = (acc << bits) | u64::from(val[c as usize]);
        }
        let nbytes = valid_prefix * bits as usize / 8;
        let total_bits = valid_prefix as u32 * bits;
        for i in 0..nbytes {
            out.push((acc >> (total_bits - 8 * (i as u32 + 1))) as u8);
        }
        let ok_pad = q.len() == outq
            && valid_prefix == pad_start
            && q[pad_start..].iter().all(|&c| c == b'=')
            && {
                let data_chars = pad_start;
                if b32 {
                    matches!(data_chars, 8 | 7 | 5 | 4 | 2)
                } else {
                    matches!(data_chars, 2..=4)
                }
            };
        if !ok_pad {
            return (out, false);
        }
    }
    (out, true)
}

async fn main(ctx: &CommandCtx, b32: bool) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut wrap = 76usize;
    if let Some(w) = p.last(b'w') {
        match std::str::from_utf8(w)
            .ok()
            .and_then(|s| s.parse::<u64>().ok())
        {
            Some(n) => wrap = n.min(usize::MAX as u64) as usize,
            None => {
                ctx.diag(format!("invalid wrap size: {}", opts::quote(ctx, w)))
                    .await?;
                return Ok(1);
            }
        }
    }
    if p.operands.len() > 1 {
        return opts::usage(
            ctx,
            &format!("extra operand {}", opts::quote(ctx, &p.operands[1])),
            1,
        )
        .await;
    }
    let name = p.operands.first().cloned().unwrap_or_else(|| b"-".to_vec());
    let data = match ctx.read_all_input(&name).await {
        Ok(d) => d,
        Err(e) => {
            let e = opts::interrupted(e)?;
            ctx.diag(format!("{}: {}", opts::quotef(ctx, &name), e.message()))
                .await?;
            return Ok(1);
        }
    };
    ctx.charge_bytes(data.len())?;
    let status = if p.has(b'd') {
        // The decoded bytes are fewer than the text's; reserved before they are made.
        let _decoded = ctx.reservation(data.len() as u64)?;
        let (out, ok) = decode(&data, b32, p.has(b'i'));
        ctx.out(&out).await?;
        if ok {
            0
        } else {
            ctx.diag("invalid input").await?;
            1
        }
    } else {
        // The encoded text and its wrapped copy, reserved before they are made.
        let (group, per) = if b32 { (5, 8) } else { (3, 4) };
        let encoded = data.len().div_ceil(group) * per;
        let wrapped = encoded + encoded / wrap.max(1) + 1;
        let _encoded = ctx.reservation((encoded + wrapped) as u64)?;
        let enc = encode(&data, b32);
        let mut out = Vec::with_capacity(enc.len() + enc.len() / wrap.max(1) + 1);
        if wrap == 0 {
            out.extend_from_slice(&enc);
        } else {
            for line in enc.chunks(wrap) {
                out.extend_from_slice(line);
                out.push(b'\n');
            }
        }
        if wrap != 0 && enc.is_empty() {
            out.clear();
        }
        ctx.out(&out).await?;
        0
    };
    Ok(status)
}

async fn b64_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    main(ctx, false).await
}
async fn b32_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    main(ctx, true).await
}

crate::command_fn!(run_base64, b64_main);
crate::command_fn!(run_base32, b32_main);

pub fn register(r: &mut super::Registry) {
    r.register(
        "base64",
        Trust::Real,
        "base64 encode/decode data",
        "-d -i -w COLS [FILE]",
        run_base64,
    );
    r.register(
        "base32",
        Trust::Real,
        "base32 encode/decode data",
        "-d -i -w COLS [FILE]",
        run_base32,
    );
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    #[test]
    fn encodes() {
        let long = b"hello world, this is a longer line of text to check wrapping behaviour in base64 output\n";
        assert_eq!(text(run(&["base64"], long)).1, "aGVsbG8gd29ybGQsIHRoaXMgaXMgYSBsb25nZXIgbGluZSBvZiB0ZXh0IHRvIGNoZWNrIHdyYXBw\naW5nIGJlaGF2aW91ciBpbiBiYXNlNjQgb3V0cHV0Cg==\n");
        assert_eq!(
            text(run(&["base64", "-w", "20"], long))
                .1
                .lines()
                .next()
                .unwrap(),
            "aGVsbG8gd29ybGQsIHRo"
        );
        assert_eq!(text(run(&["base64", "-w", "0"], b"hello\n")).1, "aGVsbG8K");
        assert_eq!(text(run(&["base32"], b"hello\n")).1, "NBSWY3DPBI======\n");
        assert_eq!(
            text(run(&["base64"], b"")),
            (0, String::new(), String::new())
        );
        assert_eq!(
            text(run(&["base64", "-w", "x"], b"")).2,
            "base64: invalid wrap size: 'x'\n"
        );
    }

    #[test]
    fn decodes() {
        assert_eq!(
            text(run(&["base64", "-d"], b"aGVsbG8K\n")),
            (0, "hello\n".into(), String::new())
        );
        assert_eq!(
            text(run(&["base64", "-d"], b"aGVs!bG8K\n")),
            (1, "hel".into(), "base64: invalid input\n".into())
        );
        assert_eq!(text(run(&["base64", "-d"], b"aGV!bG8K\n")).1, "he");
        assert_eq!(
            text(run(&["base64", "-di"], b"aGVs!bG8K\n")),
            (0, "hello\n".into(), String::new())
        );
        assert_eq!(
            text(run(&["base64", "-d"], b"aGVsbG8\n")),
            (1, "hello".into(), "base64: invalid input\n".into())
        );
        assert_eq!(
            text(run(&["base64", "-d"], b"aGVsbG8=\naGk=\n")).1,
            "hellohi"
        );
        assert_eq!(
            text(run(&["base64", "-d"], b"aGVsbG8K====\n")),
            (1, "hello\n".into(), "base64: invalid input\n".into())
        );
        assert_eq!(
            text(run(&["base32", "-d"], b"NBSWY3DPBI======\n")),
            (0, "hello\n".into(), String::new())
        );
        assert_eq!(
            text(run(&["base64", "a", "a"], b"")).2,
            "base64: extra operand 'a'\nTry 'base64 --help' for more information.\n"
        );
    }
}
