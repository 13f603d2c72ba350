//! `numfmt`: convert numbers to and from human-readable sizes (`--from`, `--to` with si, iec
//! and iec-i units), with rounding, padding, a printf-style `--format`, field selection and
//! GNU's `--invalid` modes. Arithmetic is in `f64` (GNU uses the x87 80-bit long double), so
//! inputs needing more than 15-16 significant digits may round differently.

use super::opts::{self, flag, optional, req, OptDef, Out, Parser, Quoting};
use crate::process::command::{CommandCtx, LineReader, Trust};
use crate::process::Interrupt;

pub fn register(r: &mut super::Registry) {
    r.register(
        "numfmt",
        Trust::Real,
        "convert numbers to/from human-readable strings",
        "--from=UNIT --to=UNIT --suffix --padding --round --field -d --header[=N] --format --invalid --grouping -z (no --debug, --from-unit, --to-unit)",
        run,
    );
}

const FROM: u8 = 0x80;
const TO: u8 = 0x81;
const PADDING: u8 = 0x82;
const FIELD: u8 = 0x83;
const SUFFIX: u8 = 0x84;
const HEADER: u8 = 0x85;
const FORMAT: u8 = 0x86;
const INVALID: u8 = 0x87;
const ROUND: u8 = 0x88;
const GROUPING: u8 = 0x89;
const DEBUG: u8 = 0x8A;
const FROM_UNIT: u8 = 0x8B;
const TO_UNIT: u8 = 0x8C;

const DEFS: &[OptDef] = &[
    req(FROM, "from"),
    req(FROM_UNIT, "from-unit"),
    req(TO, "to"),
    req(TO_UNIT, "to-unit"),
    req(PADDING, "padding"),
    req(FIELD, "field"),
    req(b'd', "delimiter"),
    req(SUFFIX, "suffix"),
    optional(HEADER, "header"),
    req(FORMAT, "format"),
    req(INVALID, "invalid"),
    req(ROUND, "round"),
    flag(GROUPING, "grouping"),
    flag(DEBUG, "debug"),
    flag(b'z', "zero-terminated"),
];

/// Digits printable without scaling, and the most an input may have.
const MAX_UNSCALED_DIGITS: u32 = 18;
const MAX_ACCEPTABLE_DIGITS: u32 = 27;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Scale {
    None,
    Auto,
    Si,
    Iec,
    IecI,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Round {
    Up,
    Down,
    FromZero,
    TowardsZero,
    Nearest,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Invalid {
    Abort,
    Fail,
    Warn,
    Ignore,
}

fn base_of(s: Scale) -> f64 {
    match s {
        Scale::Iec | Scale::IecI => 1024.0,
        _ => 1000.0,
    }
}

/// Number parsing failures, with GNU's messages.
enum ParseErr {
    Overflow,
    InvalidNumber,
    Forbidden,
    InvalidSuffix,
    MissingI,
    /// A valid number followed by junk: the junk.
    Trailing(Vec<u8>),
}

struct Cfg {
    quoting: Quoting,
    from: Scale,
    to: Scale,
    round: Round,
    invalid: Invalid,
    suffix: Option<Vec<u8>>,
    padding: i64,
    auto_padding: bool,
    zero_width: usize,
    user_precision: Option<usize>,
    prefix: Vec<u8>,
    fsuffix: Vec<u8>,
    delim: Option<u8>,
    /// Inclusive ranges of selected fields.
    fields: Vec<(u64, u64)>,
}

/// Parses a run of digits; the value, digit count and end.
fn parse_int(s: &[u8]) -> Result<(f64, bool, usize, usize), ParseErr> {
    let (neg, mut i) = if s.first() == Some(&b'-') {
        (true, 1)
    } else {
        (false, 0)
    };
    let start = i;
    let mut val = 0f64;
    let mut digits = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        let d = s[i] - b'0';
        if val != 0.0 || d != 0 {
            digits += 1;
        }
        if digits > MAX_ACCEPTABLE_DIGITS {
            return Err(ParseErr::Overflow);
        }
        val = val * 10.0 + f64::from(d);
        i += 1;
    }
    if i == start && s.get(i) != Some(&b'.') {
        return Err(ParseErr::InvalidNumber);
    }
    Ok((if neg { -val } else { val }, neg, i, i - start))
}

/// Parses `[-]DIGITS[.DIGITS][ ]*[SUFFIX[i]]`: the value and the input precision.
fn parse_human(s: &[u8], from: Scale) -> Result<(f64, usize), ParseErr> {
    let (mut val, neg, mut i, _) = parse_int(s)?;
    let mut precision = 0;
    if s.get(i) == Some(&b'.') {
        i += 1;
        let (frac, fneg, end, n) = parse_int(&s[i..])?;
        if fneg {
            return Err(ParseErr::InvalidNumber);
        }
        let frac = frac / 10f64.powi(n as i32);
        val = if neg { val - frac } else { val + frac };
        precision = n;
        i += end;
    }
    let mut base = base_of(from);
    let mut power = 0;
    if i < s.len() {
        while i < s.len() && (s[i] == b' ' || s[i] == b'\t') {
            i += 1;
        }
        let c = s.get(i).copied().unwrap_or(0);
        let Some(p) = b"KMGTPEZY".iter().position(|&x| x == c) else {
            return Err(ParseErr::InvalidSuffix);
        };
        if from == Scale::None {
            return Err(ParseErr::Forbidden);
        }
        power = p as i32 + 1;
        i += 1;
        if from == Scale::Auto && s.get(i) == Some(&b'i') {
            base = 1024.0;
            i += 1;
        }
        precision = 0;
    }
    if from == Scale::IecI {
        if s.get(i) == Some(&b'i') {
            i += 1;
        } else {
            return Err(ParseErr::MissingI);
        }
    }
    if i < s.len() {
        return Err(ParseErr::Trailing(s[i..].to_vec()));
    }
    Ok((val * base.powi(power), precision))
}

/// GNU rounds through an integer, so a negative zero loses its sign.
fn round(val: f64, how: Round) -> f64 {
    round_signed(val, how) + 0.0
}

fn round_signed(val: f64, how: Round) -> f64 {
    let t = val.trunc();
    match how {
        Round::Up => {
            if t < val {
                t + 1.0
            } else {
                t
            }
        }
        Round::Down => {
            if t > val {
                t - 1.0
            } else {
                t
            }
        }
        Round::FromZero => {
            if val < 0.0 {
                round_signed(val, Round::Down)
            } else {
                round_signed(val, Round::Up)
            }
        }
        Round::TowardsZero => t,
        Round::Nearest => {
            if val < 0.0 {
                (val - 0.5).trunc()
            } else {
                (val + 0.5).trunc()
            }
        }
    }
}

/// C's `%.*f` with an optional zero-padded width.
fn fixed(val: f64, prec: usize, zero_width: usize) -> String {
    let s = format!("{val:.prec$}");
    if s.len() >= zero_width {
        return s;
    }
    let (sign, digits) = match s.strip_prefix('-') {
        Some(d) => ("-", d),
        None => ("", &s[..]),
    };
    format!("{sign}{}{digits}", "0".repeat(zero_width - s.len()))
}

/// C's `%Lg` (six significant digits, trailing zeros removed).
fn general(val: f64) -> String {
    if val == 0.0 {
        return "0".into();
    }
    let e = format!("{val:.5e}");
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if (-4..6).contains(&exp) {
        let prec = (5 - exp).max(0) as usize;
        let s = format!("{val:.prec$}");
        let s = if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        };
        return s;
    }
    let mant = if mant.contains('.') {
        mant.trim_end_matches('0').trim_end_matches('.')
    } else {
        mant
    };
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{mant}e{sign}{:02}", exp.abs())
}

fn to_human(c: &Cfg, mut val: f64, precision: usize) -> String {
    if c.to == Scale::None {
        let scale = 10f64.powi(precision as i32);
        val = round(val * scale, c.round) / scale;
        return fixed(val, precision, c.zero_width);
    }
    let base = base_of(c.to);
    let mut power = 0u32;
    while val.abs() >= base {
        power += 1;
        val /= base;
    }
    let adjust = match c.user_precision {
        Some(p) => (power as usize * 3).min(p),
        None if val.abs() < 10.0 => 1,
        None => 0,
    };
    let scale = 10f64.powi(adjust as i32);
    val = round(val * scale, c.round) / scale;
    if val.abs() >= base {
        val /= base;
        power += 1;
    }
    let show_point = val != 0.0 && val.abs() < 10.0 && power > 0;
    let prec = c.user_precision.unwrap_or(usize::from(show_point));
    let mut s = fixed(val, prec, c.zero_width);
    if power > 0 {
        s.push(b"KMGTPEZY"[power as usize - 1] as char);
        if c.to == Scale::IecI {
            s.push('i');
        }
    }
    s
}

/// What became of one field.
struct FieldResult {
    out: Vec<u8>,
    valid: bool,
    message: Option<String>,
}

fn convert(c: &Cfg, text: &[u8], field: u64) -> FieldResult {
    let quoting = c.quoting;
    let mut text = text.to_vec();
    if let Some(suf) = &c.suffix {
        if text.len() > suf.len() && text.ends_with(suf) {
            text.truncate(text.len() - suf.len());
        }
    }
    let lead = text
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    let mut padding = c.padding;
    if c.auto_padding {
        padding = if lead > 0 || field > 1 {
            text.len() as i64
        } else {
            0
        };
    }
    let p = &text[lead..];
    let fail = |m: String| FieldResult {
        out: text.clone(),
        valid: false,
        message: Some(m),
    };
    let (val, precision) = match parse_human(p, c.from) {
        Ok(v) => v,
        Err(e) => {
            let q = quoting.quote(p);
            return fail(match e {
                ParseErr::Overflow => format!("value too large to be converted: {q}"),
                ParseErr::InvalidNumber => format!("invalid number: {q}"),
                ParseErr::Forbidden => {
                    format!("rejecting suffix in input: {q} (consider using --from)")
                }
                ParseErr::InvalidSuffix => format!("invalid suffix in input: {q}"),
                ParseErr::MissingI => format!("missing 'i' suffix in input: {q} (e.g Ki/Mi/Gi)"),
                ParseErr::Trailing(t) => {
                    format!("invalid suffix in input {q}: {}", quoting.quote(&t))
                }
            });
        }
    };
    let prec_used = c.user_precision.unwrap_or(precision);
    let mut digits = 0u32;
    let mut v = val;
    while v.abs() >= 10.0 {
        digits += 1;
        v /= 10.0;
    }
    if c.to == Scale::None && digits as usize + prec_used > MAX_UNSCALED_DIGITS as usize {
        return fail(if prec_used > 0 {
            format!(
                "value/precision too large to be printed: '{}/{prec_used}' (consider using --to)",
                general(val)
            )
        } else {
            format!(
                "value too large to be printed: '{}' (consider using --to)",
                general(val)
            )
        });
    }
    if digits > MAX_ACCEPTABLE_DIGITS - 1 {
        return fail(format!(
            "value too large to be printed: '{}' (cannot handle values > 999Y)",
            general(val)
        ));
    }
    let mut s = to_human(c, val, prec_used).into_bytes();
    if let Some(suf) = &c.suffix {
        s.extend_from_slice(suf);
    }
    let width = padding.unsigned_abs() as usize;
    if s.len() < width {
        let pad = vec![b' '; width - s.len()];
        s = if padding < 0 {
            [s, pad].concat()
        } else {
            [pad, s].concat()
        };
    }
    let out = [&c.prefix[..], &s, &c.fsuffix].concat();
    FieldResult {
        out,
        valid: true,
        message: None,
    }
}

/// Converts one line; false when a field was invalid.
fn process_line(c: &Cfg, line: &[u8], out: &mut Vec<u8>, warnings: &mut Vec<String>) -> bool {
    let mut valid = true;
    let mut pos = 0;
    let mut field = 0u64;
    loop {
        field += 1;
        let start = pos;
        match c.delim {
            Some(d) => {
                while pos < line.len() && line[pos] != d {
                    pos += 1;
                }
            }
            None => {
                let sep = |b: u8| b == b' ' || b == b'\t' || b == b'\n';
                while pos < line.len() && sep(line[pos]) {
                    pos += 1;
                }
                while pos < line.len() && !sep(line[pos]) {
                    pos += 1;
                }
            }
        }
        let text = &line[start..pos];
        if c.fields.iter().any(|&(a, b)| a <= field && field <= b) {
            let r = convert(c, text, field);
            // GNU's default mode exits at the first bad field, before printing it.
            if r.valid || c.invalid != Invalid::Abort {
                out.extend_from_slice(&r.out);
            }
            if !r.valid {
                valid = false;
                if let Some(m) = r.message {
                    if c.invalid != Invalid::Ignore {
                        warnings.push(m);
                    }
                }
                if c.invalid == Invalid::Abort {
                    return false;
                }
            }
        } else {
            out.extend_from_slice(text);
        }
        if pos < line.len() {
            out.push(c.delim.unwrap_or(b' '));
            pos += 1;
        } else {
            break;
        }
    }
    valid
}

/// Parses a `--field` list (`N`, `N-M`, `-M`, `N-`, `-`, comma or blank separated).
fn parse_fields(q: Quoting, s: &[u8]) -> Result<Vec<(u64, u64)>, String> {
    if s == b"-" {
        return Ok(vec![(1, u64::MAX)]);
    }
    let mut v = Vec::new();
    for part in s.split(|&b| b == b',' || b == b' ') {
        let num = |x: &[u8]| -> Result<Option<u64>, String> {
            if x.is_empty() {
                return Ok(None);
            }
            match opts::parse_i64(x) {
                Some(0) => Err("fields are numbered from 1".into()),
                Some(n) if n > 0 && x.iter().all(u8::is_ascii_digit) => Ok(Some(n as u64)),
                _ => Err(format!("invalid field value {}", q.quote(x))),
            }
        };
        if part.is_empty() {
            return Err(format!("invalid field value {}", q.quote(s)));
        }
        match part.iter().position(|&b| b == b'-') {
            None => {
                let n = num(part)?.unwrap_or(1);
                v.push((n, n));
            }
            Some(i) => {
                let a = num(&part[..i])?.unwrap_or(1);
                let b = num(&part[i + 1..])?.unwrap_or(u64::MAX);
                if a > b {
                    return Err("invalid decreasing range".into());
                }
                v.push((a, b));
            }
        }
    }
    Ok(v)
}

/// Parses `--format`: prefix, flags, width, precision, `f`, suffix.
fn parse_format(q: Quoting, c: &mut Cfg, fmt: &[u8]) -> Result<(), String> {
    let q = q.quote(fmt);
    let mut i = 0;
    while !(fmt.get(i) == Some(&b'%') && fmt.get(i + 1) != Some(&b'%')) {
        if i >= fmt.len() {
            return Err(format!("format {q} has no % directive"));
        }
        i += if fmt[i] == b'%' { 2 } else { 1 };
    }
    c.prefix = fmt[..i].to_vec();
    i += 1;
    let mut zero = false;
    loop {
        let skip = fmt[i..].iter().take_while(|&&b| b == b' ').count();
        i += skip;
        match fmt.get(i) {
            Some(b'\'') => i += 1,
            Some(b'0') => {
                zero = true;
                i += 1;
            }
            _ if skip == 0 => break,
            _ => {}
        }
    }
    let start = i;
    if matches!(fmt.get(i), Some(b'-' | b'+')) {
        i += 1;
    }
    while fmt.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    let has_digits = fmt[start..i].iter().any(u8::is_ascii_digit);
    if has_digits {
        let pad = std::str::from_utf8(&fmt[start..i])
            .ok()
            .and_then(|t| t.parse::<i64>().ok())
            .ok_or_else(|| format!("invalid format {q} (width overflow)"))?;
        if pad < 0 {
            c.padding = pad;
        } else if pad > 0 {
            if zero {
                c.zero_width = pad as usize;
            } else {
                c.padding = pad;
            }
        }
    } else {
        i = start;
    }
    if i >= fmt.len() {
        return Err(format!("format {q} ends in %"));
    }
    if fmt[i] == b'.' {
        i += 1;
        let s = i;
        while fmt.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if matches!(fmt.get(s), Some(b' ' | b'\t' | b'+' | b'-')) {
            return Err(format!("invalid precision in format {q}"));
        }
        let p = std::str::from_utf8(&fmt[s..i]).unwrap_or("");
        c.user_precision = Some(if p.is_empty() {
            0
        } else {
            p.parse()
                .map_err(|_| format!("invalid precision in format {q}"))?
        });
    }
    if fmt.get(i) != Some(&b'f') {
        return Err(format!(
            "invalid format {q}, directive must be %[0]['][-][N][.][N]f"
        ));
    }
    i += 1;
    let suffix_pos = i;
    while i < fmt.len() {
        if fmt[i] == b'%' && fmt.get(i + 1) != Some(&b'%') {
            return Err(format!("format {q} has too many % directives"));
        }
        i += if fmt[i] == b'%' { 2 } else { 1 };
    }
    c.fsuffix = fmt[suffix_pos..].to_vec();
    Ok(())
}

/// GNU `argmatch`'s refusal of a bad choice.
async fn bad_choice(
    ctx: &CommandCtx,
    opt: &str,
    v: &[u8],
    valid: &[&str],
) -> Result<i32, Interrupt> {
    let groups: Vec<&[&str]> = valid.iter().map(std::slice::from_ref).collect();
    let m = opts::bad_argument(ctx, v, &format!("--{opt}"), &groups);
    opts::usage(ctx, &m, 1).await
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    for (id, what) in [
        (DEBUG, "--debug"),
        (FROM_UNIT, "--from-unit"),
        (TO_UNIT, "--to-unit"),
    ] {
        if p.has(id) {
            ctx.mark_partial(format!("numfmt {what} is not supported"));
            ctx.diag(format!("{what} is not supported in this simulator"))
                .await?;
            return Ok(2);
        }
    }
    let mut c = Cfg {
        quoting: Quoting::of(ctx),
        from: Scale::None,
        to: Scale::None,
        round: Round::FromZero,
        invalid: Invalid::Abort,
        suffix: p.last(SUFFIX).map(<[u8]>::to_vec),
        padding: 0,
        auto_padding: false,
        zero_width: 0,
        user_precision: None,
        prefix: Vec::new(),
        fsuffix: Vec::new(),
        delim: None,
        fields: vec![(1, 1)],
    };
    // Options are taken in command-line order, as GNU's getopt loop does.
    let mut header = 0u64;
    for (id, v) in &p.opts {
        let v = v.as_deref().unwrap_or(b"");
        match *id {
            FROM => {
                const NAMES: [&str; 5] = ["none", "auto", "si", "iec", "iec-i"];
                const VALS: [Scale; 5] =
                    [Scale::None, Scale::Auto, Scale::Si, Scale::Iec, Scale::IecI];
                match NAMES.iter().position(|n| n.as_bytes() == v) {
                    Some(i) => c.from = VALS[i],
                    None => return bad_choice(ctx, "from", v, &NAMES).await,
                }
            }
            TO => {
                const NAMES: [&str; 4] = ["none", "si", "iec", "iec-i"];
                const VALS: [Scale; 4] = [Scale::None, Scale::Si, Scale::Iec, Scale::IecI];
                match NAMES.iter().position(|n| n.as_bytes() == v) {
                    Some(i) => c.to = VALS[i],
                    None => return bad_choice(ctx, "to", v, &NAMES).await,
                }
            }
            ROUND => {
                const NAMES: [&str; 5] = ["up", "down", "from-zero", "towards-zero", "nearest"];
                const VALS: [Round; 5] = [
                    Round::Up,
                    Round::Down,
                    Round::FromZero,
                    Round::TowardsZero,
                    Round::Nearest,
                ];
                match NAMES.iter().position(|n| n.as_bytes() == v) {
                    Some(i) => c.round = VALS[i],
                    None => return bad_choice(ctx, "round", v, &NAMES).await,
                }
            }
            INVALID => {
                const NAMES: [&str; 4] = ["abort", "fail", "warn", "ignore"];
                const VALS: [Invalid; 4] = [
                    Invalid::Abort,
                    Invalid::Fail,
                    Invalid::Warn,
                    Invalid::Ignore,
                ];
                match NAMES.iter().position(|n| n.as_bytes() == v) {
                    Some(i) => c.invalid = VALS[i],
                    None => return bad_choice(ctx, "invalid", v, &NAMES).await,
                }
            }
            PADDING => match opts::parse_i64(v) {
                Some(n) if n != 0 => c.padding = n,
                _ => {
                    ctx.diag(format!("invalid padding value {}", opts::quote(ctx, v)))
                        .await?;
                    return Ok(1);
                }
            },
            FIELD => match parse_fields(Quoting::of(ctx), v) {
                Ok(f) => c.fields = f,
                Err(m) => return opts::usage(ctx, &m, 1).await,
            },
            b'd' => {
                if v.len() != 1 {
                    ctx.diag("the delimiter must be a single character").await?;
                    return Ok(1);
                }
                c.delim = Some(v[0]);
            }
            HEADER => {
                if v.is_empty() && p.opts.iter().any(|(i, x)| *i == HEADER && x.is_none()) {
                    header = 1;
                } else {
                    match opts::parse_i64(v) {
                        Some(n) if n > 0 => header = n as u64,
                        _ => {
                            ctx.diag(format!("invalid header value {}", opts::quote(ctx, v)))
                                .await?;
                            return Ok(1);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    if let Some(f) = p.last(FORMAT) {
        if let Err(m) = parse_format(Quoting::of(ctx), &mut c, f) {
            ctx.diag(m).await?;
            return Ok(1);
        }
    }
    // Without an explicit width, a field keeps the width it had on input.
    c.auto_padding = c.padding == 0 && c.delim.is_none();
    let term = if p.has(b'z') { 0 } else { b'\n' };
    let mut valid = true;
    let mut out = Out::new();
    let mut warnings = Vec::new();
    let mut aborted = false;
    if !p.operands.is_empty() {
        for op in &p.operands {
            ctx.charge_bytes(op.len())?;
            valid &= process_line(&c, op, &mut out.buf, &mut warnings);
            for w in warnings.drain(..) {
                out.flush(ctx).await?;
                ctx.diag(w).await?;
            }
            if !valid && c.invalid == Invalid::Abort {
                aborted = true;
                break;
            }
            out.buf.push(term);
        }
    } else {
        let Some(f) = ctx.fd(0) else {
            return Ok(0);
        };
        let mut r = LineReader::new(f);
        r.delim = term;
        loop {
            let line = match super::textio::line(ctx, &mut r, b"-").await? {
                Ok(Some(l)) => l,
                Ok(None) => break,
                Err(()) => {
                    ctx.diag("error reading input").await?;
                    break;
                }
            };
            ctx.charge(crate::limits::cost::LINE)?;
            ctx.charge_bytes(line.len())?;
            if header > 0 {
                header -= 1;
                out.push(&line);
                continue;
            }
            let newline = line.last() == Some(&term);
            let body = if newline {
                &line[..line.len() - 1]
            } else {
                &line[..]
            };
            valid &= process_line(&c, body, &mut out.buf, &mut warnings);
            for w in warnings.drain(..) {
                out.flush(ctx).await?;
                ctx.diag(w).await?;
            }
            if !valid && c.invalid == Invalid::Abort {
                aborted = true;
                break;
            }
            if newline {
                out.buf.push(term);
            }
            out.maybe_flush(ctx).await?;
        }
    }
    out.flush(ctx).await?;
    if aborted || (!valid && c.invalid == Invalid::Fail) {
        return Ok(2);
    }
    Ok(0)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;

    fn n(args: &[&str], input: &str) -> (i32, String, String) {
        let mut v = vec!["numfmt"];
        v.extend_from_slice(args);
        text(run(&v, input.as_bytes()))
    }

    #[test]
    fn scales() {
        let o = |a: &[&str]| n(a, "").1;
        assert_eq!(
            o(&["--to=si", "1000", "1500", "999", "123456789", "9999"]),
            "1.0K\n1.5K\n999\n124M\n10K\n"
        );
        assert_eq!(o(&["--to=iec", "1023.5", "2000"]), "1.0K\n2.0K\n");
        assert_eq!(o(&["--to=iec-i", "3000000"]), "2.9Mi\n");
        assert_eq!(o(&["--from=auto", "1K", "1Ki"]), "1000\n1024\n");
        assert_eq!(o(&["--from=si", "12.345K"]), "12345\n");
        assert_eq!(o(&["--to=si", "0.5", "--", "-1500"]), "0\n-1.5K\n");
        assert_eq!(o(&["--format=%08.2f", "3.14159"]), "00003.15\n");
        assert_eq!(o(&["--padding=-6", "--suffix=B", "5"]), "5B    \n");
        assert_eq!(
            n(&["--to=si", "--field=1-3"], "  1000  2000 x\n"),
            (
                2,
                "  1.0K  2.0K ".into(),
                "numfmt: invalid number: 'x'\n".into()
            )
        );
    }

    #[test]
    fn errors() {
        assert_eq!(
            n(&["--from=si", "1Kx"], "").2,
            "numfmt: invalid suffix in input '1Kx': 'x'\n"
        );
        assert_eq!(n(&["--invalid=warn", "abc", "5"], "").0, 0);
        assert_eq!(n(&["--debug", "5"], "").0, 2);
        assert_eq!(
            n(&["12345678901234567890"], "").2,
            "numfmt: value too large to be printed: '1.23457e+19' (consider using --to)\n"
        );
    }
}
