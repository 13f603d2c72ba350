//! `df` (GNU coreutils 9.1) over the simulated machine's one file system, `shellsim` mounted
//! on `/`, with the numbers `statfs.rs` models. What GNU decides from its mount table
//! (pseudo, remote and duplicate file systems) has nothing to act on here: `-a` and `-l`
//! change nothing, `-t`/`-x` select by the one type, and every FILE operand selects `/`.
//! The columns, captions, widths, unit scaling and error wording are GNU's.

use super::opts::{self, flag, optional, req, OptDef, Parser};
use super::statfs::{FsStats, FS_NAME, FS_TYPE};
use crate::limits::cost;
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;

const SYNC: u8 = 0x80;
const NO_SYNC: u8 = 0x81;
const TOTAL: u8 = 0x82;
const OUTPUT: u8 = 0x83;
/// `--block-size` is `-B`, told apart only because GNU names the form used in its errors.
const BLOCK_SIZE: u8 = 0x84;

const DEFS: &[OptDef] = &[
    flag(b'a', "all"),
    req(b'B', ""),
    req(BLOCK_SIZE, "block-size"),
    flag(b'i', "inodes"),
    flag(b'h', "human-readable"),
    flag(b'H', "si"),
    flag(b'k', ""),
    flag(b'l', "local"),
    flag(b'm', ""),
    optional(OUTPUT, "output"),
    flag(b'P', "portability"),
    flag(b'T', "print-type"),
    flag(SYNC, "sync"),
    flag(NO_SYNC, "no-sync"),
    flag(TOTAL, "total"),
    req(b't', "type"),
    req(b'F', ""),
    req(b'x', "exclude-type"),
    flag(b'v', ""),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Source,
    Fstype,
    Size,
    Used,
    Avail,
    Pcent,
    Itotal,
    Iused,
    Iavail,
    Ipcent,
    Target,
    File,
}

/// GNU's field table: `--output` name, field, default caption, minimum width, right-aligned.
const FIELDS: [(&str, Field, &str, usize, bool); 12] = [
    ("source", Field::Source, "Filesystem", 14, false),
    ("fstype", Field::Fstype, "Type", 4, false),
    ("size", Field::Size, "blocks", 5, true),
    ("used", Field::Used, "Used", 5, true),
    ("avail", Field::Avail, "Available", 5, true),
    ("pcent", Field::Pcent, "Use%", 4, true),
    ("itotal", Field::Itotal, "Inodes", 5, true),
    ("iused", Field::Iused, "IUsed", 5, true),
    ("iavail", Field::Iavail, "IFree", 5, true),
    ("ipcent", Field::Ipcent, "IUse%", 4, true),
    ("target", Field::Target, "Mounted on", 0, false),
    ("file", Field::File, "File", 0, false),
];

/// What `--output` alone shows, in this order.
const ALL_FIELDS: &[u8] =
    b"source,fstype,itotal,iused,iavail,ipcent,size,used,avail,pcent,file,target";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Default,
    Inodes,
    Human,
    Posix,
    Output,
}

/// GNU's `human_output_opts` bits that matter here.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Human {
    /// Pick the unit per number (`-h`, `-H`).
    autoscale: bool,
    /// Print a unit letter (a block size given as letters only, or autoscale).
    si: bool,
    base1024: bool,
    /// Append `B` to the unit.
    b: bool,
}

/// A column: the field, its caption and its width so far.
struct Column {
    field: Field,
    caption: &'static str,
    width: usize,
    right: bool,
}

#[derive(Debug, PartialEq, Eq)]
enum SizeError {
    Invalid,
    Suffix,
    TooLarge,
}

/// GNU `human_options`/`xstrtoumax` on a `-B` value: the output options and block size.
/// A leading `'` (digit grouping) is accepted and has no effect, as the
/// modeled locales have no thousands separator.
fn parse_block_size(spec: &[u8]) -> Result<(Human, u64), SizeError> {
    let spec = spec.strip_prefix(b"'").unwrap_or(spec);
    for (name, base1024) in [(&b"human-readable"[..], true), (b"si", false)] {
        // argmatch takes any unambiguous abbreviation; the two names share no prefix.
        if !spec.is_empty() && name.starts_with(spec) {
            let h = Human {
                autoscale: true,
                si: true,
                base1024,
                b: false,
            };
            return Ok((h, 1));
        }
    }
    // strtoumax with base 0: `0x` hexadecimal, a leading 0 octal, else decimal.
    let (radix, skip) = match spec {
        [b'0', b'x' | b'X', c, ..] if c.is_ascii_hexdigit() => (16, 2),
        [b'0', ..] => (8, 0),
        _ => (10, 0),
    };
    let digits = skip
        + spec[skip..]
            .iter()
            .take_while(|b| (**b as char).is_digit(radix))
            .count();
    const SUFFIXES: &[u8] = b"eEgGkKmMpPtTyYzZ0";
    let mut overflow = false;
    let mut n: u64 = if digits == 0 {
        if spec.first().is_none_or(|c| !SUFFIXES.contains(c)) {
            return Err(SizeError::Invalid);
        }
        1
    } else {
        let text = std::str::from_utf8(&spec[skip..digits]).unwrap_or_default();
        match u64::from_str_radix(text, radix) {
            Ok(v) => v,
            Err(_) => {
                overflow = true;
                u64::MAX
            }
        }
    };
    let rest = &spec[digits..];
    let mut end = digits;
    if let Some(&c) = rest.first() {
        if !SUFFIXES.contains(&c) {
            return Err(SizeError::Suffix);
        }
        let (base, len) = match &rest[1..] {
            [b'i', b'B', ..] => (1024u64, 3),
            [b'B' | b'D', ..] => (1000, 2),
            _ => (1024, 1),
        };
        let power = match c {
            b'k' | b'K' => 1,
            b'M' | b'm' => 2,
            b'G' | b'g' => 3,
            b'T' | b't' => 4,
            b'P' => 5,
            b'E' => 6,
            b'Z' => 7,
            b'Y' => 8,
            _ => return Err(SizeError::Suffix),
        };
        for _ in 0..power {
            match n.checked_mul(base) {
                Some(v) => n = v,
                None => {
                    overflow = true;
                    n = u64::MAX;
                }
            }
        }
        if rest.len() > len {
            return Err(SizeError::Suffix);
        }
        end += len;
    }
    if overflow {
        return Err(SizeError::TooLarge);
    }
    if n == 0 {
        return Err(SizeError::Invalid);
    }
    let mut h = Human::default();
    if digits == 0 {
        // Letters only: the numbers carry the unit.
        h.si = true;
        let last = spec[end - 1];
        h.b = last == b'B';
        h.base1024 = last != b'B' || (end >= 2 && spec[end - 2] == b'i');
    }
    Ok((h, n))
}

/// GNU `human_readable` with autoscale, rounding up: `1.5K`, `64M`; `point_zero` false drops
/// a `.0`.
fn autoscale(n: u128, base1024: bool, b: bool, point_zero: bool) -> String {
    let base: u128 = if base1024 { 1024 } else { 1000 };
    let letter = |e: usize| -> String {
        let mut s = String::new();
        if e > 0 {
            s.push(if !base1024 && e == 1 {
                'k'
            } else {
                b"KMGTPEZY"[e - 1] as char
            });
        }
        if b {
            if base1024 && e > 0 {
                s.push('i');
            }
            s.push('B');
        }
        s
    };
    if n < base {
        return format!("{n}{}", letter(0));
    }
    let mut e = 1;
    let mut div = base;
    while n >= div * base && e < 8 {
        div *= base;
        e += 1;
    }
    let tenths = (n * 10).div_ceil(div);
    if tenths < 100 {
        let frac = if tenths % 10 == 0 && !point_zero {
            String::new()
        } else {
            format!(".{}", tenths % 10)
        };
        return format!("{}{frac}{}", tenths / 10, letter(e));
    }
    let whole = n.div_ceil(div);
    if whole >= base && e < 8 {
        let zero = if point_zero { ".0" } else { "" };
        return format!("1{zero}{}", letter(e + 1));
    }
    format!("{whole}{}", letter(e))
}

/// One number of `count` units of `input` bytes, shown in units of `output` bytes.
fn show(count: u128, input: u64, output: u64, h: Human) -> String {
    let bytes = count * input as u128;
    if h.autoscale {
        return autoscale(bytes, h.base1024, h.b, true);
    }
    let mut s = bytes.div_ceil(output as u128).to_string();
    if h.si {
        // The unit the block size was given in (`-BK` prints `64K`; inode counts, in units
        // of one, only the `B`).
        let base: u64 = if h.base1024 { 1024 } else { 1000 };
        let mut e = 0;
        let mut p: u64 = 1;
        while p < output && e < 8 {
            p = p.saturating_mul(base);
            e += 1;
        }
        if e > 0 {
            s.push(if !h.base1024 && e == 1 {
                'k'
            } else {
                b"KMGTPEZY"[e - 1] as char
            });
        }
        if h.b {
            if h.base1024 && e > 0 {
                s.push('i');
            }
            s.push('B');
        }
    }
    s
}

/// The `1K-blocks` caption: the block size, autoscaled in whichever base states it exactly.
fn blocks_caption(size: u64, h: Human) -> String {
    let mut base1024 = h.base1024;
    let mut b = h.b;
    let (mut q1000, mut q1024) = (size, size);
    let (mut by1000, mut by1024);
    loop {
        by1000 = q1000 % 1000 == 0;
        q1000 /= 1000;
        by1024 = q1024 % 1024 == 0;
        q1024 /= 1024;
        if !(by1000 && by1024) {
            break;
        }
    }
    // Prefer the base that states the size exactly.
    if !by1000 && by1024 {
        base1024 = true;
    }
    if !by1024 && by1000 {
        base1024 = false;
    }
    if !base1024 {
        b = true;
    }
    format!("{}-blocks", autoscale(size as u128, base1024, b, false))
}

/// The used/available pair's percentage, rounded up; `-` when both are zero.
fn percent(used: u128, avail: u128) -> String {
    if used + avail == 0 {
        "-".into()
    } else {
        format!("{}%", (used * 100).div_ceil(used + avail))
    }
}

/// One file system's numbers, in bytes (blocks) and nodes (inodes).
#[derive(Clone, Copy, Default)]
struct Usage {
    total: u128,
    used: u128,
    avail: u128,
    itotal: u128,
    iused: u128,
    iavail: u128,
}

async fn df_main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut mode = Mode::Default;
    let mut posix = false;
    let mut print_type = false;
    let mut total = false;
    let mut units: Option<(Human, u64)> = None;
    let mut select: Vec<&[u8]> = Vec::new();
    let mut exclude: Vec<&[u8]> = Vec::new();
    let mut columns: Vec<Column> = Vec::new();
    let exclusive = |a: &str| format!("options {a} and --output are mutually exclusive");
    // In command-line order: GNU reports the first conflict or bad value it meets.
    for (id, given) in &p.opts {
        let value = given.as_deref().unwrap_or_default();
        match *id {
            b'B' | BLOCK_SIZE => match parse_block_size(value) {
                Ok(u) => units = Some(u),
                Err(e) => {
                    let opt = if *id == b'B' { "-B" } else { "--block-size" };
                    let arg = String::from_utf8_lossy(value);
                    ctx.diag(match e {
                        SizeError::Invalid => format!("invalid {opt} argument '{arg}'"),
                        SizeError::Suffix => format!("invalid suffix in {opt} argument '{arg}'"),
                        SizeError::TooLarge => format!("{opt} argument '{arg}' too large"),
                    })
                    .await?;
                    return Ok(1);
                }
            },
            b'i' => {
                if mode == Mode::Output {
                    return opts::usage(ctx, exclusive("-i"), 1).await;
                }
                mode = Mode::Inodes;
            }
            b'h' => units = Some((HUMAN_1024, 1)),
            b'H' => units = Some((HUMAN_1000, 1)),
            b'k' => units = Some((Human::default(), 1024)),
            b'm' => units = Some((Human::default(), 1 << 20)),
            b'T' => {
                if mode == Mode::Output {
                    return opts::usage(ctx, exclusive("-T"), 1).await;
                }
                print_type = true;
            }
            b'P' => {
                if mode == Mode::Output {
                    return opts::usage(ctx, exclusive("-P"), 1).await;
                }
                posix = true;
            }
            b't' | b'F' => select.push(value),
            b'x' => exclude.push(value),
            TOTAL => total = true,
            OUTPUT => {
                if mode == Mode::Inodes {
                    return opts::usage(ctx, exclusive("-i"), 1).await;
                }
                if posix && mode == Mode::Default {
                    return opts::usage(ctx, exclusive("-P"), 1).await;
                }
                if print_type {
                    return opts::usage(ctx, exclusive("-T"), 1).await;
                }
                mode = Mode::Output;
                if let Some(list) = given {
                    if let Err(m) = decode_output(ctx, list, &mut columns) {
                        return opts::usage(ctx, m, 1).await;
                    }
                }
            }
            _ => {}
        }
    }
    let posixly = ctx.env.contains_key(&b"POSIXLY_CORRECT"[..]);
    let default_size = if posixly { 512 } else { 1024 };
    let (human, out_size) = match units {
        Some(u) => u,
        None if posix => (Human::default(), default_size),
        None => [&b"DF_BLOCK_SIZE"[..], b"BLOCK_SIZE", b"BLOCKSIZE"]
            .iter()
            .find_map(|n| ctx.env.get(*n))
            .map(|v| parse_block_size(v).unwrap_or((Human::default(), default_size)))
            .unwrap_or((Human::default(), default_size)),
    };
    if mode == Mode::Default {
        if human.autoscale {
            mode = Mode::Human;
        } else if posix {
            mode = Mode::Posix;
        }
    }
    // GNU keeps the types in a list it prepends to, so conflicts are reported last first.
    let mut conflict = false;
    for t in select.iter().rev() {
        if exclude.contains(t) {
            ctx.diag(format!(
                "file system type {} both selected and excluded",
                opts::quote(ctx, t)
            ))
            .await?;
            conflict = true;
        }
    }
    if conflict {
        return Ok(1);
    }
    let mut status = 0;
    // The rows: one per FILE that exists (its file name kept), or the file system itself.
    let mut files: Vec<Option<&[u8]>> = Vec::new();
    if p.operands.is_empty() {
        files.push(None);
    }
    for op in &p.operands {
        ctx.charge(cost::PATH_COMPONENT)?;
        match ctx.stat(&ctx.resolve(op)) {
            Ok(_) => files.push(Some(op)),
            Err(e) => {
                ctx.diag(format!("{}: {}", opts::quotef(ctx, op), e.message()))
                    .await?;
                status = 1;
            }
        }
    }
    build_columns(mode, print_type, &mut columns);
    let fs = FsStats::of(&ctx.vfs());
    let wanted = (select.is_empty() || select.contains(&FS_TYPE.as_bytes()))
        && !exclude.contains(&FS_TYPE.as_bytes());
    // A file system of no blocks is left out unless named or -a is given.
    let shown = wanted && (fs.blocks != 0 || p.has(b'a') || !p.operands.is_empty());
    let one = Usage {
        total: fs.blocks as u128 * fs.frsize as u128,
        used: (fs.blocks - fs.bfree) as u128 * fs.frsize as u128,
        avail: fs.bavail as u128 * fs.frsize as u128,
        itotal: fs.files as u128,
        iused: (fs.files - fs.ffree) as u128,
        iavail: fs.ffree as u128,
    };
    let mut table: Vec<Vec<Vec<u8>>> = vec![header(&columns, mode, human, out_size)];
    let mut sum = Usage::default();
    if shown {
        for file in &files {
            let row = Row {
                source: FS_NAME.as_bytes(),
                fstype: FS_TYPE.as_bytes(),
                target: b"/",
                file: file.unwrap_or(b"-"),
            };
            table.push(cells(&columns, &row, &one, human, out_size));
            for (s, v) in [
                (&mut sum.total, one.total),
                (&mut sum.used, one.used),
                (&mut sum.avail, one.avail),
                (&mut sum.itotal, one.itotal),
                (&mut sum.iused, one.iused),
                (&mut sum.iavail, one.iavail),
            ] {
                *s += v;
            }
        }
    }
    if table.len() == 1 {
        if status == 0 {
            ctx.diag("no file systems processed").await?;
            status = 1;
        }
        return Ok(status);
    }
    if total {
        let source_shown = columns.iter().any(|c| c.field == Field::Source);
        let row = Row {
            source: b"total",
            fstype: b"-",
            target: if source_shown { b"-" } else { b"total" },
            file: b"-",
        };
        table.push(cells(&columns, &row, &sum, human, out_size));
    }
    ctx.out(&print_table(&mut columns, &table)).await?;
    Ok(status)
}

const HUMAN_1024: Human = Human {
    autoscale: true,
    si: true,
    base1024: true,
    b: false,
};
const HUMAN_1000: Human = Human {
    autoscale: true,
    si: true,
    base1024: false,
    b: false,
};

/// Adds the `--output` fields in `list` to `columns`, or GNU's complaint.
fn decode_output(ctx: &CommandCtx, list: &[u8], columns: &mut Vec<Column>) -> Result<(), String> {
    for name in list.split(|&b| b == b',') {
        let Some(&(arg, field, caption, width, right)) =
            FIELDS.iter().find(|f| f.0.as_bytes() == name)
        else {
            return Err(format!(
                "option --output: field {} unknown",
                opts::quote(ctx, name)
            ));
        };
        if columns.iter().any(|c| c.field == field) {
            return Err(format!(
                "option --output: field {} used more than once",
                opts::quote(ctx, arg.as_bytes())
            ));
        }
        let caption = match field {
            Field::Size => "Size",
            Field::Avail => "Avail",
            _ => caption,
        };
        columns.push(Column {
            field,
            caption,
            width,
            right,
        });
    }
    Ok(())
}

/// The columns of `mode` (for `--output`, those given, or all).
fn build_columns(mode: Mode, print_type: bool, columns: &mut Vec<Column>) {
    let list: &[(Field, Option<&'static str>)] = match mode {
        Mode::Default => &[
            (Field::Size, None),
            (Field::Used, None),
            (Field::Avail, None),
            (Field::Pcent, None),
        ],
        Mode::Human => &[
            (Field::Size, Some("Size")),
            (Field::Used, None),
            (Field::Avail, Some("Avail")),
            (Field::Pcent, None),
        ],
        Mode::Inodes => &[
            (Field::Itotal, None),
            (Field::Iused, None),
            (Field::Iavail, None),
            (Field::Ipcent, None),
        ],
        Mode::Posix => &[
            (Field::Size, None),
            (Field::Used, None),
            (Field::Avail, None),
            (Field::Pcent, Some("Capacity")),
        ],
        Mode::Output => {
            if columns.is_empty() {
                decode_fixed(columns);
            }
            return;
        }
    };
    let column = |field: Field, caption: Option<&'static str>| {
        let f = FIELDS.iter().find(|f| f.1 == field).expect("known field");
        Column {
            field,
            caption: caption.unwrap_or(f.2),
            width: f.3,
            right: f.4,
        }
    };
    columns.push(column(Field::Source, None));
    if print_type {
        columns.push(column(Field::Fstype, None));
    }
    for &(f, c) in list {
        columns.push(column(f, c));
    }
    columns.push(column(Field::Target, None));
}

/// `--output` without a list: every field.
fn decode_fixed(columns: &mut Vec<Column>) {
    for name in ALL_FIELDS.split(|&b| b == b',') {
        let &(_, field, caption, width, right) = FIELDS
            .iter()
            .find(|f| f.0.as_bytes() == name)
            .expect("known field");
        let caption = match field {
            Field::Size => "Size",
            Field::Avail => "Avail",
            _ => caption,
        };
        columns.push(Column {
            field,
            caption,
            width,
            right,
        });
    }
}

fn header(columns: &[Column], mode: Mode, human: Human, size: u64) -> Vec<Vec<u8>> {
    columns
        .iter()
        .map(|c| {
            let cell = match c.field {
                Field::Size
                    if mode == Mode::Default || (mode == Mode::Output && !human.autoscale) =>
                {
                    blocks_caption(size, human)
                }
                Field::Size if mode == Mode::Posix => format!("{size}-blocks"),
                _ => c.caption.to_string(),
            };
            cell.into_bytes()
        })
        .collect()
}

/// The names in one row.
struct Row<'a> {
    source: &'a [u8],
    fstype: &'a [u8],
    target: &'a [u8],
    file: &'a [u8],
}

fn cells(columns: &[Column], row: &Row, u: &Usage, human: Human, size: u64) -> Vec<Vec<u8>> {
    let block = |n: u128| show(n, 1, size, human);
    let inode = |n: u128| show(n, 1, 1, human);
    columns
        .iter()
        .map(|c| match c.field {
            Field::Source => row.source.to_vec(),
            Field::Fstype => row.fstype.to_vec(),
            Field::Target => row.target.to_vec(),
            Field::File => row.file.to_vec(),
            Field::Size => block(u.total).into_bytes(),
            Field::Used => block(u.used).into_bytes(),
            Field::Avail => block(u.avail).into_bytes(),
            Field::Pcent => percent(u.used, u.avail).into_bytes(),
            Field::Itotal => inode(u.itotal).into_bytes(),
            Field::Iused => inode(u.iused).into_bytes(),
            Field::Iavail => inode(u.iavail).into_bytes(),
            Field::Ipcent => percent(u.iused, u.iavail).into_bytes(),
        })
        .collect()
}

/// A cell's display width, or None when it is not valid UTF-8 (GNU then pads it not at all
/// and leaves the column's width alone). Control characters were already replaced.
fn width(cell: &[u8]) -> Option<usize> {
    std::str::from_utf8(cell).ok().map(|s| s.chars().count())
}

/// GNU's table: columns separated by one space, padded to the widest cell (at least the
/// column's minimum), right-aligned numbers, the last column not padded on the right.
fn print_table(columns: &mut [Column], table: &[Vec<Vec<u8>>]) -> Vec<u8> {
    let table: Vec<Vec<Vec<u8>>> = table
        .iter()
        .map(|row| {
            row.iter()
                .map(|cell| {
                    // Output to a pipe or file: control characters become '?'.
                    cell.iter()
                        .map(|&b| if b < 0x20 || b == 0x7f { b'?' } else { b })
                        .collect()
                })
                .collect()
        })
        .collect();
    for row in &table {
        for (c, cell) in columns.iter_mut().zip(row) {
            if let Some(w) = width(cell) {
                c.width = c.width.max(w);
            }
        }
    }
    let mut out = Vec::new();
    for row in &table {
        for (i, (c, cell)) in columns.iter().zip(row).enumerate() {
            if i != 0 {
                out.push(b' ');
            }
            let fill = width(cell).map_or(0, |w| c.width.saturating_sub(w));
            if c.right {
                out.extend(std::iter::repeat_n(b' ', fill));
            }
            out.extend_from_slice(cell);
            if !c.right && i + 1 < columns.len() {
                out.extend(std::iter::repeat_n(b' ', fill));
            }
        }
        out.push(b'\n');
    }
    out
}

crate::command_fn!(run_df, df_main);

pub fn register(r: &mut super::Registry) {
    r.register(
        "df",
        Trust::Real,
        "report file system space usage (one modeled filesystem)",
        "-a -B SIZE --block-size=SIZE -h -H -i -k -l -m -P -T -t TYPE -x TYPE -F TYPE -v --output[=FIELDS] --total --sync --no-sync [FILE]...",
        run_df,
    );
}

#[cfg(test)]
mod tests;
