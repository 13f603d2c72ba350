//! `pr`: paginate or columnate files for printing (GNU coreutils 9.1). This module reads the
//! command line the way GNU pr does — options and operands in order (so `+FIRST[:LAST]` is a
//! page range only while no range is set, and digits like `-1 -2` make column count 12), the
//! old `-s`/`-w` options translated to `-S`/`-J`/`-W` — and `engine.rs` prints the pages.

mod buffers;
mod engine;

use super::opts::{self, flag, optional, req, OptDef, Parser};
use super::quoting::Quoting;
use crate::process::command::{CommandCtx, Trust};
use crate::process::Interrupt;
use engine::{Pr, Stop};

pub fn register(r: &mut super::Registry) {
    r.register(
        "pr",
        Trust::Real,
        "convert text files for printing: pages with headers, columns, merged files",
        "+FIRST[:LAST] --pages -COLUMN --columns -a -c -d -D FORMAT -e[CHAR[WIDTH]] -f -F \
         -h HEADER -i[CHAR[WIDTH]] -J -l N -m -n[SEP[DIGITS]] -N NUM -o MARGIN -r -s[CHAR] \
         -S[STRING] -t -T -v -w N -W N (headers show UTC times)",
        run,
    );
}

const PAGES: u8 = 0x80;
const COLUMNS: u8 = 0x81;

/// In GNU's long-option order, which ambiguity messages list.
const DEFS: &[OptDef] = &[
    req(PAGES, "pages"),
    req(COLUMNS, "columns"),
    flag(b'a', "across"),
    flag(b'c', "show-control-chars"),
    flag(b'd', "double-space"),
    req(b'D', "date-format"),
    optional(b'e', "expand-tabs"),
    flag(b'f', "form-feed"),
    req(b'h', "header"),
    optional(b'i', "output-tabs"),
    flag(b'J', "join-lines"),
    req(b'l', "length"),
    flag(b'm', "merge"),
    optional(b'n', "number-lines"),
    req(b'N', "first-line-number"),
    req(b'o', "indent"),
    flag(b'r', "no-file-warnings"),
    optional(b's', "separator"),
    optional(b'S', "sep-string"),
    flag(b't', "omit-header"),
    flag(b'T', "omit-pagination"),
    flag(b'v', "show-nonprinting"),
    req(b'w', "width"),
    req(b'W', "page-width"),
    flag(b'F', ""),
    // GNU still accepts `-b` (balance columns); printing down always balances.
    flag(b'b', ""),
    flag(b'0', ""),
    flag(b'1', ""),
    flag(b'2', ""),
    flag(b'3', ""),
    flag(b'4', ""),
    flag(b'5', ""),
    flag(b'6', ""),
    flag(b'7', ""),
    flag(b'8', ""),
    flag(b'9', ""),
];

const INT_MAX: i64 = i32::MAX as i64;
const INT_MIN: i64 = i32::MIN as i64;

/// How `xstrtol` ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Parsed {
    Ok,
    Invalid,
    Overflow,
    /// Digits followed by something else; `true` when the digits overflowed too.
    Suffix(bool),
}

/// GNU `xstrtol`/`xstrtoumax` with no suffixes allowed: blanks, a sign (a `-` is invalid when
/// unsigned), digits, nothing after. The value is clamped on overflow.
fn strtol(s: &[u8], signed: bool) -> (i128, Parsed) {
    let mut i = 0;
    while i < s.len() && matches!(s[i], b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r') {
        i += 1;
    }
    let neg = s.get(i) == Some(&b'-');
    if neg && !signed {
        return (0, Parsed::Invalid);
    }
    if matches!(s.get(i), Some(b'-' | b'+')) {
        i += 1;
    }
    let start = i;
    let mut v: i128 = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        v = (v * 10 + i128::from(s[i] - b'0')).min(i128::from(u64::MAX) + 1);
        i += 1;
    }
    if i == start {
        return (0, Parsed::Invalid);
    }
    let v = if neg { -v } else { v };
    let (lo, hi) = if signed {
        (i128::from(i64::MIN), i128::from(i64::MAX))
    } else {
        (0, i128::from(u64::MAX))
    };
    let overflow = v < lo || v > hi;
    let v = v.clamp(lo, hi);
    match (i < s.len(), overflow) {
        (true, o) => (v, Parsed::Suffix(o)),
        (false, true) => (v, Parsed::Overflow),
        (false, false) => (v, Parsed::Ok),
    }
}

/// GNU's `getoptnum` (`xdectoimax` between `min` and INT_MAX): the message on failure.
fn getoptnum(q: Quoting, s: &[u8], min: i64, what: &str) -> Result<i64, String> {
    let (v, how) = strtol(s, true);
    let why = match how {
        Parsed::Ok if (min..=INT_MAX).contains(&(v as i64)) => return Ok(v as i64),
        // GNU tells a type overflow from a range error by whether the value is beyond half
        // the `int` range.
        Parsed::Ok if v > i128::from(INT_MAX / 2) || v < i128::from(INT_MIN / 2) => {
            ": Value too large for defined data type"
        }
        Parsed::Ok => ": Numerical result out of range",
        Parsed::Overflow => ": Value too large for defined data type",
        _ => "",
    };
    Err(format!("{what}: {}{why}", q.quote(s)))
}

/// Which option a page range came from, for xstrtol's messages.
#[derive(Clone, Copy)]
enum RangeFrom {
    Plus,
    Pages,
}

fn range_error(how: Parsed, from: RangeFrom, arg: &[u8]) -> Vec<u8> {
    let opt: &[u8] = match from {
        RangeFrom::Plus => b"+",
        RangeFrom::Pages => b"--pages",
    };
    let arg = [b"'", arg, b"'"].concat();
    match how {
        Parsed::Invalid => [b"invalid ", opt, b" argument ", &arg].concat(),
        Parsed::Overflow => [opt, b" argument ", &arg, b" too large"].concat(),
        _ => [b"invalid suffix in ", opt, b" argument ", &arg].concat(),
    }
}

/// GNU's `first_last_page`: `Ok(Some((first, last)))` for a valid range, `Ok(None)` when the
/// text is not one, `Err` for a fatal number error.
fn first_last_page(pages: &[u8], from: RangeFrom) -> Result<Option<(u64, u64)>, Vec<u8>> {
    let (first, how) = strtol(pages, false);
    let digits_end = |s: &[u8]| {
        let mut i = s
            .iter()
            .take_while(|b| b.is_ascii_whitespace() || **b == 0x0b)
            .count();
        if matches!(s.get(i), Some(b'+')) {
            i += 1;
        }
        i + s[i..].iter().take_while(|b| b.is_ascii_digit()).count()
    };
    if !matches!(how, Parsed::Ok | Parsed::Suffix(false)) {
        return Err(range_error(how, from, pages));
    }
    if first == 0 {
        return Ok(None);
    }
    let mut rest = &pages[digits_end(pages)..];
    let mut last = u64::MAX;
    if let Some(tail) = rest.strip_prefix(b":") {
        let (l, how) = strtol(tail, false);
        if how != Parsed::Ok {
            return Err(range_error(how, from, pages));
        }
        if l < first {
            return Ok(None);
        }
        last = l as u64;
        rest = b"";
    }
    if !rest.is_empty() {
        return Ok(None);
    }
    Ok(Some((first as u64, last)))
}

/// GNU's `getoptarg` for `-e`, `-i` and `-n`: an optional character, then an optional width.
/// `next` is the following argument, which GNU reads when the value is empty (its pointer
/// steps past the string's end into the next one).
fn getoptarg(
    q: Quoting,
    arg: &[u8],
    next: Option<&Vec<u8>>,
    switch: u8,
    character: &mut u8,
    number: &mut i64,
) -> Result<(), String> {
    let mut rest = arg;
    if arg.is_empty() {
        *character = 0;
        rest = match next {
            Some(n) => n,
            None => {
                return Err(format!(
                    "an empty argument to '-{}' is not supported",
                    switch as char
                ))
            }
        };
    } else if !arg[0].is_ascii_digit() {
        *character = arg[0];
        rest = &arg[1..];
    }
    if rest.is_empty() {
        return Ok(());
    }
    let (v, how) = strtol(rest, true);
    let how = match how {
        Parsed::Ok if v <= 0 => Parsed::Invalid,
        Parsed::Ok if v > i128::from(INT_MAX) => Parsed::Overflow,
        h => h,
    };
    if how == Parsed::Ok {
        *number = v as i64;
        return Ok(());
    }
    let why = match how {
        Parsed::Overflow | Parsed::Suffix(true) => ": Value too large for defined data type",
        _ => "",
    };
    Err(format!(
        "'-{}' extra characters or invalid number in the argument: {}{why}",
        switch as char,
        q.quote(rest)
    ))
}

/// The options as GNU's `main` collects them, before `Pr` takes them.
#[derive(Default)]
struct Cli {
    files: Vec<Vec<u8>>,
    old_options: bool,
    old_w: bool,
    old_s: bool,
    explicit_columns: bool,
    print_across: bool,
    /// Digits of `-NUM` options, `None` once `--columns` has set the count.
    column_digits: Option<String>,
    n_digits: usize,
    /// `-D`; an empty format is a format too.
    date_format: Option<Vec<u8>>,
}

/// What ends option handling early.
enum Early {
    /// Status to return now (the message is printed).
    Status(i32),
    Interrupt(Interrupt),
}

impl From<Interrupt> for Early {
    fn from(i: Interrupt) -> Self {
        Early::Interrupt(i)
    }
}

async fn die(ctx: &CommandCtx, msg: impl AsRef<[u8]>) -> Result<Early, Interrupt> {
    ctx.diag(msg).await?;
    Ok(Early::Status(1))
}

/// Applies one option (GNU's `switch` in `main`).
async fn apply(
    ctx: &CommandCtx,
    pr: &mut Pr<'_>,
    cli: &mut Cli,
    id: u8,
    val: Option<Vec<u8>>,
    next: Option<&Vec<u8>>,
) -> Result<(), Early> {
    if id.is_ascii_digit() {
        let digits = cli.column_digits.get_or_insert_with(String::new);
        if cli.n_digits == 0 {
            digits.clear();
        }
        digits.push(id as char);
        cli.n_digits += 1;
        return Ok(());
    }
    cli.n_digits = 0;
    let given = val.is_some();
    let v = val.unwrap_or_default();
    let num = |min: i64, what: &str| getoptnum(Quoting::of(ctx), &v, min, what);
    let fail = |m: String| async move { Err::<(), Early>(die(ctx, m).await?) };
    let bad_arg =
        |m: String| async move { Err::<(), Early>(Early::Status(opts::usage(ctx, &m, 1).await?)) };
    match id {
        opts::HELP => {
            ctx.mark_partial("--help is not modeled");
            return fail("--help is not available in this simulator".into()).await;
        }
        opts::VERSION => {
            ctx.out(b"pr (GNU coreutils) 9.1\n").await?;
            return Err(Early::Status(0));
        }
        PAGES => match first_last_page(&v, RangeFrom::Pages) {
            Ok(Some((f, l))) => {
                pr.first_page_number = f;
                pr.last_page_number = l;
            }
            Ok(None) => return fail(format!("invalid page range {}", opts::quote(ctx, &v))).await,
            Err(m) => return Err(die(ctx, m).await?),
        },
        COLUMNS => match num(1, "invalid number of columns") {
            Ok(n) => {
                pr.columns = n;
                cli.explicit_columns = true;
                cli.column_digits = None;
            }
            Err(m) => return fail(m).await,
        },
        b'a' => {
            cli.print_across = true;
            pr.storing_columns = false;
        }
        b'b' => pr.balance_columns = true,
        b'c' => pr.use_cntrl_prefix = true,
        b'd' => pr.double_space = true,
        b'D' => cli.date_format = Some(v),
        b'e' | b'i' | b'n' => {
            if id == b'n' {
                pr.numbered_lines = true;
            }
            if given {
                let (c, w) = match id {
                    b'e' => (&mut pr.input_tab_char, &mut pr.chars_per_input_tab),
                    b'i' => (&mut pr.output_tab_char, &mut pr.chars_per_output_tab),
                    _ => (&mut pr.number_separator, &mut pr.chars_per_number),
                };
                if let Err(m) = getoptarg(Quoting::of(ctx), &v, next, id, c, w) {
                    return bad_arg(m).await;
                }
            }
            match id {
                b'e' => pr.untabify_input = true,
                b'i' => pr.tabify_output = true,
                _ => {}
            }
        }
        b'f' | b'F' => pr.use_form_feed = true,
        b'h' => pr.custom_header = Some(v),
        b'J' => pr.join_lines = true,
        b'l' => match num(1, "'-l PAGE_LENGTH' invalid number of lines") {
            Ok(n) => pr.lines_per_page = n,
            Err(m) => return fail(m).await,
        },
        b'm' => {
            pr.parallel_files = true;
            pr.storing_columns = false;
        }
        b'N' => {
            pr.skip_count = false;
            match num(INT_MIN, "'-N NUMBER' invalid starting line number") {
                Ok(n) => pr.start_line_num = n as i32,
                Err(m) => return fail(m).await,
            }
        }
        b'o' => match num(0, "'-o MARGIN' invalid line offset") {
            Ok(n) => pr.chars_per_margin = n,
            Err(m) => return fail(m).await,
        },
        b'r' => pr.ignore_failed_opens = true,
        b's' => {
            cli.old_options = true;
            cli.old_s = true;
            if !pr.use_col_separator && given {
                pr.col_sep = v;
            }
        }
        b'S' => {
            cli.old_s = false;
            pr.col_sep = v;
            pr.use_col_separator = true;
        }
        b't' => {
            pr.extremities = false;
            pr.keep_ff = true;
        }
        b'T' => {
            pr.extremities = false;
            pr.keep_ff = false;
        }
        b'v' => pr.use_esc_sequence = true,
        b'w' => {
            cli.old_options = true;
            cli.old_w = true;
            match num(1, "'-w PAGE_WIDTH' invalid number of characters") {
                Ok(n) if !pr.truncate_lines => pr.chars_per_line = n,
                Ok(_) => {}
                Err(m) => return fail(m).await,
            }
        }
        b'W' => {
            cli.old_w = false;
            pr.truncate_lines = true;
            match num(1, "'-W PAGE_WIDTH' invalid number of characters") {
                Ok(n) => pr.chars_per_line = n,
                Err(m) => return fail(m).await,
            }
        }
        _ => {}
    }
    Ok(())
}

/// GNU's `main` after the options: the old `-s`/`-w` meanings turned into the new options.
fn translate_old_options(pr: &mut Pr<'_>, cli: &Cli) {
    if !cli.old_options {
        return;
    }
    let columns = pr.parallel_files || cli.explicit_columns;
    if cli.old_w {
        if columns {
            pr.truncate_lines = true;
            if cli.old_s {
                // As HP-UX and SunOS: `-s` with `-w` means no separator.
                pr.use_col_separator = true;
            }
        } else {
            // `-w` alone sets the width of columns only: lines are joined.
            pr.join_lines = true;
        }
    } else if !pr.use_col_separator && cli.old_s && columns {
        if !pr.truncate_lines {
            pr.join_lines = true;
            if !pr.col_sep.is_empty() {
                pr.use_col_separator = true;
            }
        } else {
            pr.use_col_separator = true;
        }
    }
}

/// The C library's idea of whether `LC_TIME` names a real locale (not C or POSIX).
fn hard_time_locale(ctx: &CommandCtx) -> bool {
    let value = ["LC_ALL", "LC_TIME", "LANG"]
        .iter()
        .filter_map(|k| ctx.env.get(k.as_bytes()))
        .find(|v| !v.is_empty());
    !matches!(
        value.map(|v| v.as_slice()),
        None | Some(b"C") | Some(b"POSIX")
    )
}

/// Reads the command line in order. `Ok(())` means print `cli.files`.
async fn parse_args(ctx: &CommandCtx, pr: &mut Pr<'_>, cli: &mut Cli) -> Result<(), Early> {
    let args = ctx.args();
    let parser = Parser::new(DEFS);
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if a == b"--" {
            cli.files.extend(args[i + 1..].iter().cloned());
            break;
        }
        if a.len() < 2 || a[0] != b'-' {
            cli.n_digits = 0;
            let mut range = None;
            if pr.first_page_number == 0 {
                if let Some(pages) = a.strip_prefix(b"+") {
                    match first_last_page(pages, RangeFrom::Plus) {
                        Ok(r) => range = r,
                        Err(m) => return Err(die(ctx, m).await?),
                    }
                }
            }
            match range {
                Some((f, l)) => {
                    pr.first_page_number = f;
                    pr.last_page_number = l;
                }
                None => cli.files.push(a.clone()),
            }
            i += 1;
            continue;
        }
        // One option word at a time (with the next word when an option needs it), so options
        // and operands keep their order.
        let (parsed, used) = match parser.parse(std::slice::from_ref(a)) {
            Ok(p) => (p, 1),
            Err(m) if m.contains("requires an argument") && i + 1 < args.len() => {
                match parser.parse(&args[i..i + 2]) {
                    Ok(p) => (p, 2),
                    Err(m) => return Err(Early::Status(opts::usage(ctx, &m, 1).await?)),
                }
            }
            Err(m) => return Err(Early::Status(opts::usage(ctx, &m, 1).await?)),
        };
        let next = args.get(i + used);
        for (id, val) in parsed.opts {
            apply(ctx, pr, cli, id, val, next).await?;
        }
        i += used;
    }
    if let Some(digits) = cli.column_digits.take() {
        match getoptnum(
            Quoting::of(ctx),
            digits.as_bytes(),
            1,
            "invalid number of columns",
        ) {
            Ok(n) => {
                pr.columns = n;
                cli.explicit_columns = true;
            }
            Err(m) => return Err(die(ctx, m).await?),
        }
    }
    pr.date_format = match cli.date_format.take() {
        Some(f) => f,
        None if ctx.env.contains_key(&b"POSIXLY_CORRECT"[..]) && !hard_time_locale(ctx) => {
            b"%b %e %H:%M %Y".to_vec()
        }
        None => b"%Y-%m-%d %H:%M".to_vec(),
    };
    if pr.first_page_number == 0 {
        pr.first_page_number = 1;
    }
    if pr.parallel_files && cli.explicit_columns {
        return Err(die(
            ctx,
            "cannot specify number of columns when printing in parallel",
        )
        .await?);
    }
    if pr.parallel_files && cli.print_across {
        return Err(die(
            ctx,
            "cannot specify both printing across and printing in parallel",
        )
        .await?);
    }
    translate_old_options(pr, cli);
    Ok(())
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let mut pr = Pr::new(ctx);
    pr.utf8 = opts::utf8_locale(ctx);
    let mut cli = Cli::default();
    match parse_args(ctx, &mut pr, &mut cli).await {
        Ok(()) => {}
        Err(Early::Status(s)) => return Ok(s),
        Err(Early::Interrupt(i)) => return Err(i),
    }
    let r = if cli.files.is_empty() {
        pr.print_files(&[]).await
    } else if pr.parallel_files {
        pr.print_files(&cli.files).await
    } else {
        let mut r = Ok(());
        for f in &cli.files {
            r = pr.print_files(std::slice::from_ref(f)).await;
            if r.is_err() {
                break;
            }
        }
        r
    };
    if let Err(Stop::Interrupt(i)) = r {
        return Err(i);
    }
    pr.finish().await?;
    match r {
        Err(Stop::Die(m)) => {
            ctx.diag(m).await?;
            Ok(1)
        }
        _ => Ok(if pr.failed_opens { 1 } else { 0 }),
    }
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests;
