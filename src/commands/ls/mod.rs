//! `ls` as GNU coreutils 9.1 writes it when standard output is not a terminal (it never is
//! here): one name per line unless a format is asked for (`-C -x -m -l -g -o -n`,
//! `--format`), the long format's columns and time styles, sizes exact, in blocks or human,
//! every sort key, quoting styles, indicators, ignore patterns, recursion, and symlinks
//! followed as `-L`, `-H` and the defaults say.
//!
//! Not modeled: colors (`--color=always`), hyperlinks, `--dired` with the long format and
//! birth times (`--time=birth`) are refused with a message and status 2. `-U` lists names
//! in the simulated file system's order, which is sorted.

mod layout;
mod long;
mod names;
mod sort;

use super::fsutil;
use super::opts::{self, flag, optional, req, OptDef, Parser};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use crate::shell::pattern::{MatchOptions, Pattern};
use crate::vfs::{path, FileType, Stat};
use layout::Item;
use long::{Columns, Scale, TimeStyle};
use names::{Namer, Style};
use sort::{Key, Order, TimeField};

const COLOR: u8 = 0x80;
const CLASSIFY: u8 = 0x81;
const AUTHOR: u8 = 0x82;
const BLOCK_SIZE: u8 = 0x83;
const FILE_TYPE: u8 = 0x84;
const FORMAT: u8 = 0x85;
const FULL_TIME: u8 = 0x86;
const DIRS_FIRST: u8 = 0x87;
const SI: u8 = 0x88;
const DEREF_ARG_DIR: u8 = 0x89;
const HIDE: u8 = 0x8a;
const HYPERLINK: u8 = 0x8b;
const INDICATOR: u8 = 0x8c;
const SHOW_CONTROL: u8 = 0x8d;
const QUOTING: u8 = 0x8e;
const SORT: u8 = 0x8f;
const TIME: u8 = 0x90;
const TIME_STYLE: u8 = 0x91;
const ZERO: u8 = 0x92;

const DEFS: &[OptDef] = &[
    flag(b'1', ""),
    flag(b'a', "all"),
    flag(b'A', "almost-all"),
    flag(b'b', "escape"),
    flag(b'B', "ignore-backups"),
    flag(b'c', ""),
    flag(b'C', ""),
    flag(b'd', "directory"),
    flag(b'D', "dired"),
    flag(b'f', ""),
    flag(b'F', ""),
    flag(b'g', ""),
    flag(b'G', "no-group"),
    flag(b'h', "human-readable"),
    flag(b'H', "dereference-command-line"),
    flag(b'i', "inode"),
    req(b'I', "ignore"),
    flag(b'k', "kibibytes"),
    flag(b'l', ""),
    flag(b'L', "dereference"),
    flag(b'm', ""),
    flag(b'n', "numeric-uid-gid"),
    flag(b'N', "literal"),
    flag(b'o', ""),
    flag(b'p', ""),
    flag(b'q', "hide-control-chars"),
    flag(b'Q', "quote-name"),
    flag(b'r', "reverse"),
    flag(b'R', "recursive"),
    flag(b's', "size"),
    flag(b'S', ""),
    flag(b't', ""),
    req(b'T', "tabsize"),
    flag(b'u', ""),
    flag(b'U', ""),
    flag(b'v', ""),
    req(b'w', "width"),
    flag(b'x', ""),
    flag(b'X', ""),
    flag(b'Z', "context"),
    optional(COLOR, "color"),
    optional(CLASSIFY, "classify"),
    flag(AUTHOR, "author"),
    req(BLOCK_SIZE, "block-size"),
    flag(FILE_TYPE, "file-type"),
    req(FORMAT, "format"),
    flag(FULL_TIME, "full-time"),
    flag(DIRS_FIRST, "group-directories-first"),
    flag(SI, "si"),
    flag(DEREF_ARG_DIR, "dereference-command-line-symlink-to-dir"),
    req(HIDE, "hide"),
    optional(HYPERLINK, "hyperlink"),
    req(INDICATOR, "indicator-style"),
    flag(SHOW_CONTROL, "show-control-chars"),
    req(QUOTING, "quoting-style"),
    req(SORT, "sort"),
    req(TIME, "time"),
    req(TIME_STYLE, "time-style"),
    flag(ZERO, "zero"),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Long,
    OnePerLine,
    Vertical,
    Across,
    Commas,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Indicator {
    None,
    Slash,
    FileType,
    Classify,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hidden {
    /// Names starting with `.` are hidden, and so are `--hide` matches.
    Default,
    /// `-A`: all but `.` and `..`.
    DotAndDotDot,
    /// `-a`: nothing.
    Minimal,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Deref {
    Never,
    CommandLine,
    CommandLineSymlinkToDir,
    Always,
}

pub struct Entry {
    name: Vec<u8>,
    abs: Vec<u8>,
    st: Stat,
    /// A symlink whose target is a directory (known in the long format).
    target_is_dir: bool,
    /// A symlink's target text and the target's status, for the long format's `-> target`.
    link_target: Option<(Vec<u8>, Option<Stat>)>,
    /// False when a symlink to be followed (`-L`) leads nowhere: `st` is then the link's
    /// own status and the long format shows `?` for everything but the type.
    stat_ok: bool,
}

struct Config {
    format: Format,
    hidden: Hidden,
    ignore: Vec<Pattern>,
    hide: Vec<Pattern>,
    order: Order,
    immediate_dirs: bool,
    recursive: bool,
    deref: Deref,
    indicator: Indicator,
    namer: Namer,
    inode: bool,
    blocks: bool,
    columns: Columns,
    block_scale: Scale,
    size_scale: Scale,
    time_style: TimeStyle,
    line_width: usize,
    tabsize: usize,
    eol: u8,
    context: bool,
    now_ns: u64,
}

/// Why the options cannot be used: a message and the status to leave with.
struct Refusal {
    message: String,
    status: i32,
    /// Followed by the `Try 'ls --help'` line.
    usage: bool,
}

fn choice<T: Copy>(
    ctx: &CommandCtx,
    value: &[u8],
    option: &str,
    table: &[(&[&str], T)],
) -> Result<T, Refusal> {
    for (words, v) in table {
        if words.iter().any(|w| w.as_bytes() == value) {
            return Ok(*v);
        }
    }
    let groups: Vec<&[&str]> = table.iter().map(|(w, _)| *w).collect();
    Err(Refusal {
        message: opts::bad_argument(ctx, value, option, &groups),
        // GNU ls 9.1 leaves a bad choice with status 1 (its argmatch failure status).
        status: 1,
        usage: true,
    })
}

/// A number of columns (`-w`, `-T`), as GNU accepts it.
fn columns_arg(v: &[u8]) -> Option<usize> {
    let s = std::str::from_utf8(v).ok()?;
    let n: u64 = s.parse().ok()?;
    Some(n.min(usize::MAX as u64) as usize)
}

fn env_value(ctx: &CommandCtx, name: &[u8]) -> Option<Vec<u8>> {
    ctx.env.get(name).filter(|v| !v.is_empty()).cloned()
}

fn compile(pattern: &[u8]) -> Pattern {
    Pattern::compile(
        pattern,
        MatchOptions {
            extglob: false,
            nocase: false,
            utf8: false,
            pathname: true,
            dotglob: false,
        },
    )
}

/// The locale the time style's `posix-` prefix tests for (LC_ALL, LC_TIME, LANG).
fn posix_time_locale(ctx: &CommandCtx) -> bool {
    let locale = [&b"LC_ALL"[..], b"LC_TIME", b"LANG"]
        .iter()
        .find_map(|k| env_value(ctx, k))
        .unwrap_or_else(|| b"C".to_vec());
    locale == b"C" || locale == b"POSIX"
}

fn configure(ctx: &CommandCtx, p: &opts::Parsed) -> Result<(Config, Vec<String>), Refusal> {
    let mut warnings = Vec::new();
    let mut format = Format::OnePerLine;
    let mut hidden = Hidden::Default;
    let (mut ignore, mut hide) = (Vec::new(), Vec::new());
    let mut key = Key::Name;
    let mut key_given = false;
    let mut time = TimeField::Modify;
    let mut explicit_time = false;
    let mut indicator = Indicator::None;
    let mut style: Option<Style> = None;
    let mut hide_control = false;
    let mut deref: Option<Deref> = None;
    let mut columns = Columns {
        owner: true,
        group: true,
        author: false,
        numeric: false,
        context: false,
    };
    let mut scale: Option<(Scale, Scale)> = None;
    let mut kibibytes = false;
    let mut time_style: Option<Vec<u8>> = None;
    let mut line_width: Option<usize> = None;
    let mut tabsize: Option<usize> = None;
    let mut blocks = false;
    let mut eol = b'\n';
    let mut dired = false;
    for (id, value) in &p.opts {
        let value = value.as_deref().unwrap_or_default();
        match *id {
            b'1' if format != Format::Long => format = Format::OnePerLine,
            b'a' => hidden = Hidden::Minimal,
            b'A' => hidden = Hidden::DotAndDotDot,
            b'b' => style = Some(Style::Escape),
            b'B' => {
                ignore.push(compile(b"*~"));
                ignore.push(compile(b".*~"));
            }
            b'c' | b'u' => {
                time = if *id == b'c' {
                    TimeField::Change
                } else {
                    TimeField::Access
                };
                explicit_time = true;
            }
            b'C' => format = Format::Vertical,
            b'd' => {}
            b'D' => dired = true,
            b'f' => {
                hidden = Hidden::Minimal;
                key = Key::None;
                key_given = true;
                if format == Format::Long {
                    format = Format::OnePerLine;
                }
                blocks = false;
            }
            b'F' => indicator = Indicator::Classify,
            CLASSIFY => {
                let when = if value.is_empty() {
                    When::Always
                } else {
                    choice(ctx, value, "--classify", WHEN)?
                };
                if when == When::Always {
                    indicator = Indicator::Classify;
                }
            }
            b'g' => {
                format = Format::Long;
                columns.owner = false;
            }
            b'o' => {
                format = Format::Long;
                columns.group = false;
            }
            b'G' => columns.group = false,
            b'n' => {
                format = Format::Long;
                columns.numeric = true;
            }
            b'h' => scale = Some((Scale::Human { si: false }, Scale::Human { si: false })),
            SI => scale = Some((Scale::Human { si: true }, Scale::Human { si: true })),
            BLOCK_SIZE => match long::parse_block_size(value) {
                Some(s) => scale = Some((s.clone(), s)),
                None => {
                    return Err(Refusal {
                        message: format!(
                            "invalid --block-size argument {}",
                            opts::quote(ctx, value)
                        ),
                        status: 2,
                        usage: false,
                    })
                }
            },
            b'k' => kibibytes = true,
            b'H' => deref = Some(Deref::CommandLine),
            DEREF_ARG_DIR => deref = Some(Deref::CommandLineSymlinkToDir),
            b'L' => deref = Some(Deref::Always),
            b'i' | b'R' | b'r' | b'Z' | DIRS_FIRST | AUTHOR => {}
            b'I' => ignore.push(compile(value)),
            HIDE => hide.push(compile(value)),
            b'l' => format = Format::Long,
            b'm' => format = Format::Commas,
            b'x' => format = Format::Across,
            b'N' => style = Some(Style::Literal),
            b'Q' => style = Some(Style::C),
            QUOTING => {
                style = Some(match names::style_named(value) {
                    Some(s) => s,
                    None => {
                        let words: Vec<&[&str]> = QUOTING_WORDS.iter().map(|w| &w[..]).collect();
                        return Err(Refusal {
                            message: opts::bad_argument(ctx, value, "--quoting-style", &words),
                            status: 1,
                            usage: true,
                        });
                    }
                })
            }
            b'p' => indicator = Indicator::Slash,
            FILE_TYPE => indicator = Indicator::FileType,
            INDICATOR => indicator = choice(ctx, value, "--indicator-style", INDICATOR_WORDS)?,
            b'q' => hide_control = true,
            SHOW_CONTROL => hide_control = false,
            b's' => blocks = true,
            b'S' | b't' | b'U' | b'v' | b'X' => {
                key = match id {
                    b'S' => Key::Size,
                    b't' => Key::Time,
                    b'U' => Key::None,
                    b'v' => Key::Version,
                    _ => Key::Extension,
                };
                key_given = true;
            }
            SORT => {
                key = choice(ctx, value, "--sort", SORT_WORDS)?;
                key_given = true;
            }
            TIME => {
                time = choice(ctx, value, "--time", TIME_WORDS)?
                    .ok_or_else(|| unsupported("--time=birth: file birth times"))?;
                explicit_time = true;
            }
            FORMAT => format = choice(ctx, value, "--format", FORMAT_WORDS)?,
            FULL_TIME => {
                format = Format::Long;
                time_style = Some(b"full-iso".to_vec());
            }
            TIME_STYLE => time_style = Some(value.to_vec()),
            b'T' => {
                tabsize = Some(columns_arg(value).ok_or_else(|| Refusal {
                    message: format!("invalid tab size: {}", opts::quote(ctx, value)),
                    status: 2,
                    usage: false,
                })?)
            }
            b'w' => {
                line_width = Some(columns_arg(value).ok_or_else(|| Refusal {
                    message: format!("invalid line width: {}", opts::quote(ctx, value)),
                    status: 2,
                    usage: false,
                })?)
            }
            ZERO => {
                eol = 0;
                hide_control = false;
                if format != Format::Long {
                    format = Format::OnePerLine;
                }
            }
            COLOR => {
                let when = if value.is_empty() {
                    When::Always
                } else {
                    choice(ctx, value, "--color", WHEN)?
                };
                if when == When::Always {
                    return Err(unsupported("--color=always: colored output"));
                }
            }
            HYPERLINK => {
                let when = if value.is_empty() {
                    When::Always
                } else {
                    choice(ctx, value, "--hyperlink", WHEN)?
                };
                if when == When::Always {
                    return Err(unsupported("--hyperlink"));
                }
            }
            _ => {}
        }
    }
    if dired && format == Format::Long {
        return Err(unsupported("--dired"));
    }
    // -u or -c without the long format and without a sort key sort by that time.
    if explicit_time && !key_given && format != Format::Long {
        key = Key::Time;
    }
    let immediate_dirs = p.has(b'd');
    let deref = deref.unwrap_or(
        if immediate_dirs || indicator == Indicator::Classify || format == Format::Long {
            Deref::Never
        } else {
            Deref::CommandLineSymlinkToDir
        },
    );
    let style = match style {
        Some(s) => s,
        None => match env_value(ctx, b"QUOTING_STYLE") {
            Some(v) => names::style_named(&v).unwrap_or_else(|| {
                warnings.push(format!(
                    "ignoring invalid value of environment variable QUOTING_STYLE: {}",
                    opts::quote(ctx, &v)
                ));
                Style::Literal
            }),
            None => Style::Literal,
        },
    };
    let scale = match scale {
        Some(s) => s,
        None => {
            let env = env_value(ctx, b"LS_BLOCK_SIZE").or_else(|| env_value(ctx, b"BLOCK_SIZE"));
            match env.as_deref().and_then(long::parse_block_size) {
                Some(s) if !kibibytes => (s.clone(), s),
                Some(s) => (kib(), s),
                None => (kib(), exact()),
            }
        }
    };
    let line_width = match line_width {
        Some(w) => w,
        None => match env_value(ctx, b"COLUMNS") {
            Some(v) => match columns_arg(&v) {
                Some(n) => n,
                None => {
                    warnings.push(format!(
                        "ignoring invalid width in environment variable COLUMNS: {}",
                        opts::quote(ctx, &v)
                    ));
                    80
                }
            },
            None => 80,
        },
    };
    let tabsize = match tabsize {
        Some(t) => t,
        None => match env_value(ctx, b"TABSIZE") {
            Some(v) => columns_arg(&v).unwrap_or_else(|| {
                warnings.push(format!(
                    "ignoring invalid tab size in environment variable TABSIZE: {}",
                    opts::quote(ctx, &v)
                ));
                8
            }),
            None => 8,
        },
    };
    let time_style = if format == Format::Long {
        let spec = time_style
            .or_else(|| env_value(ctx, b"TIME_STYLE"))
            .unwrap_or_else(|| b"locale".to_vec());
        TimeStyle::parse(&spec, posix_time_locale(ctx)).ok_or_else(|| Refusal {
            message: format!(
                "invalid argument {} for 'time style'\nValid arguments are:\n  - [posix-]full-iso\n  - [posix-]long-iso\n  - [posix-]iso\n  - [posix-]locale\n  - +FORMAT (e.g., +%H:%M) for a 'date'-style format",
                opts::quote(ctx, &spec)
            ),
            status: 2,
            usage: true,
        })?
    } else {
        TimeStyle::locale()
    };
    columns.author = p.has(AUTHOR);
    columns.context = p.has(b'Z');
    let config = Config {
        format,
        hidden,
        ignore,
        hide,
        order: Order {
            key,
            reverse: p.has(b'r'),
            time,
            dirs_first: p.has(DIRS_FIRST),
        },
        immediate_dirs,
        recursive: p.has(b'R') && !immediate_dirs,
        deref,
        indicator,
        namer: Namer {
            style,
            hide_control,
            quoting: opts::Quoting::of(ctx),
        },
        inode: p.has(b'i'),
        blocks,
        columns,
        block_scale: scale.0,
        size_scale: scale.1,
        time_style,
        line_width,
        tabsize,
        eol,
        context: p.has(b'Z'),
        now_ns: ctx.sys.clock.borrow().wall_ns(),
    };
    Ok((config, warnings))
}

fn kib() -> Scale {
    Scale::Blocks {
        size: 1024,
        suffix: String::new(),
    }
}

fn exact() -> Scale {
    Scale::Blocks {
        size: 1,
        suffix: String::new(),
    }
}

fn unsupported(what: &str) -> Refusal {
    Refusal {
        message: format!("{what} is not supported in this simulator"),
        status: 2,
        usage: false,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum When {
    Always,
    Never,
    Auto,
}

const WHEN: &[(&[&str], When)] = &[
    (&["always", "yes", "force"], When::Always),
    (&["never", "no", "none"], When::Never),
    (&["auto", "tty", "if-tty"], When::Auto),
];
const SORT_WORDS: &[(&[&str], Key)] = &[
    (&["none"], Key::None),
    (&["time"], Key::Time),
    (&["size"], Key::Size),
    (&["extension"], Key::Extension),
    (&["version"], Key::Version),
    (&["width"], Key::Width),
];
/// Birth times are not modeled: `None` is refused.
const TIME_WORDS: &[(&[&str], Option<TimeField>)] = &[
    (&["atime", "access", "use"], Some(TimeField::Access)),
    (&["ctime", "status"], Some(TimeField::Change)),
    (&["birth", "creation"], None),
];
const FORMAT_WORDS: &[(&[&str], Format)] = &[
    (&["verbose", "long"], Format::Long),
    (&["commas"], Format::Commas),
    (&["horizontal", "across"], Format::Across),
    (&["vertical"], Format::Vertical),
    (&["single-column"], Format::OnePerLine),
];
const INDICATOR_WORDS: &[(&[&str], Indicator)] = &[
    (&["none"], Indicator::None),
    (&["slash"], Indicator::Slash),
    (&["file-type"], Indicator::FileType),
    (&["classify"], Indicator::Classify),
];
const QUOTING_WORDS: &[[&str; 1]] = &[
    ["literal"],
    ["shell"],
    ["shell-always"],
    ["shell-escape"],
    ["shell-escape-always"],
    ["c"],
    ["c-maybe"],
    ["escape"],
    ["locale"],
    ["clocale"],
];

impl Config {
    fn ignored(&self, name: &[u8]) -> bool {
        let dotted = name.first() == Some(&b'.');
        match self.hidden {
            Hidden::Default if dotted => return true,
            Hidden::DotAndDotDot if name == b"." || name == b".." => return true,
            _ => {}
        }
        (self.hidden == Hidden::Default && self.hide.iter().any(|p| p.matches(name)))
            || self.ignore.iter().any(|p| p.matches(name))
    }

    /// The character `-F`, `--file-type` or `-p` puts after an entry of this status.
    fn indicator(&self, st: Option<&Stat>) -> &'static str {
        let Some(st) = st else { return "" };
        match (self.indicator, st.file_type) {
            (Indicator::None, _) => "",
            (_, FileType::Dir) => "/",
            (Indicator::Slash, _) => "",
            (_, FileType::Symlink) => "@",
            (Indicator::Classify, FileType::File) if st.mode & 0o111 != 0 => "*",
            (_, FileType::File) => "",
        }
    }

    /// Reads one entry's status as the dereference mode says (`command_line`: an operand,
    /// which fails when it cannot be followed; an entry of a listing is then kept with
    /// `stat_ok` false).
    fn entry(
        &self,
        ctx: &CommandCtx,
        name: Vec<u8>,
        abs: Vec<u8>,
        command_line: bool,
    ) -> Result<Entry, crate::vfs::VfsError> {
        // The followed status, when this entry is to be followed (a symlink operand to a
        // directory, by default; every operand with -H; everything with -L).
        let followed = match self.deref {
            Deref::Always => Some(ctx.stat(&abs)),
            Deref::CommandLine if command_line => Some(ctx.stat(&abs)),
            Deref::CommandLineSymlinkToDir if command_line => ctx
                .stat(&abs)
                .ok()
                .filter(|s| s.file_type == FileType::Dir)
                .map(Ok),
            _ => None,
        };
        let (st, stat_ok) = match followed {
            Some(Ok(st)) => (st, true),
            Some(Err(e)) if command_line => return Err(e),
            Some(Err(_)) => (ctx.lstat(&abs)?, false),
            None => (ctx.lstat(&abs)?, true),
        };
        let mut e = Entry {
            name,
            abs,
            st,
            target_is_dir: false,
            link_target: None,
            stat_ok,
        };
        let wants_target = self.format == Format::Long || self.order.dirs_first;
        if stat_ok && e.st.file_type == FileType::Symlink && wants_target {
            let target = ctx.read_link(&e.abs).unwrap_or_default();
            let target_st = ctx.stat(&e.abs).ok();
            e.target_is_dir = target_st
                .as_ref()
                .is_some_and(|s| s.file_type == FileType::Dir);
            if self.format == Format::Long {
                e.link_target = Some((target, target_st));
            }
        }
        Ok(e)
    }

    /// Whether the listing needs more than names and types, so an entry that cannot be
    /// followed is reported (GNU does not look at what it does not show).
    fn needs_status(&self) -> bool {
        self.format == Format::Long
            || self.blocks
            || self.inode
            || self.context
            || matches!(self.order.key, Key::Time | Key::Size)
            || self.indicator != Indicator::None
            || self.recursive
            || self.order.dirs_first
    }

    fn sort(&self, v: &mut [Entry]) {
        let width = |e: &Entry| self.namer.width(&self.namer.render(&e.name));
        self.order.sort(v, &sort::lists_as_dir, &width);
    }

    /// The listing of `entries`; `total` adds the block total line (directory listings).
    fn render(&self, entries: &[Entry], total: bool, out: &mut Vec<u8>) {
        let names: Vec<Vec<u8>> = entries.iter().map(|e| self.namer.render(&e.name)).collect();
        let pad_unquoted = self.namer.outer_quote_pad()
            && matches!(
                self.format,
                Format::Long | Format::Vertical | Format::Across
            )
            && names
                .iter()
                .any(|n| matches!(n.first(), Some(b'\'' | b'"')));
        let commas = self.format == Format::Commas;
        let known = |e: &Entry, text: String| if e.stat_ok { text } else { "?".to_string() };
        let inodes: Vec<String> = entries
            .iter()
            .map(|e| known(e, e.st.ino.to_string()))
            .collect();
        let inode_w = if commas {
            0
        } else {
            inodes.iter().map(|s| s.len()).max().unwrap_or(0)
        };
        let block_counts: Vec<String> = entries
            .iter()
            .map(|e| {
                known(
                    e,
                    self.block_scale
                        .show(fsutil::blocks512(&e.st) as u128 * 512),
                )
            })
            .collect();
        let blocks_w = if commas {
            0
        } else {
            block_counts.iter().map(|s| s.len()).max().unwrap_or(0)
        };
        if total && (self.format == Format::Long || self.blocks) {
            let sum: u128 = entries
                .iter()
                .filter(|e| e.stat_ok)
                .map(|e| fsutil::blocks512(&e.st) as u128 * 512)
                .sum();
            out.extend_from_slice(b"total ");
            out.extend_from_slice(self.block_scale.show(sum).as_bytes());
            out.push(self.eol);
        }
        let prefix = |i: usize| {
            let mut s = String::new();
            if self.inode {
                s.push_str(&format!("{:>inode_w$} ", inodes[i]));
            }
            if self.blocks {
                s.push_str(&format!("{:>blocks_w$} ", block_counts[i]));
            }
            if self.context && self.format != Format::Long {
                s.push_str("? ");
            }
            s
        };
        let name_part = |i: usize| {
            let e = &entries[i];
            let mut text = Vec::new();
            let unquoted = !matches!(names[i].first(), Some(b'\'' | b'"'));
            if pad_unquoted && unquoted {
                text.push(b' ');
            }
            text.extend_from_slice(&names[i]);
            match (&e.link_target, self.format) {
                (Some((target, target_st)), Format::Long) => {
                    text.extend_from_slice(b" -> ");
                    text.extend_from_slice(&self.namer.render(target));
                    if self.indicator != Indicator::None {
                        text.extend_from_slice(self.indicator(target_st.as_ref()).as_bytes());
                    }
                }
                _ => text.extend_from_slice(self.indicator(Some(&e.st)).as_bytes()),
            }
            text
        };
        if self.format == Format::Long {
            let mut rows: Vec<long::Row> = entries
                .iter()
                .map(|e| {
                    let size = self.size_scale.show(e.st.size as u128);
                    let when = self.order.time.of(e);
                    long::row(
                        &e.st,
                        self.columns,
                        size,
                        self.time_style.render(when, self.now_ns),
                    )
                })
                .collect();
            // An entry that could not be followed shows `?`, its time right-aligned to the
            // width the time style gives.
            let time_w = self.time_style.render(0, self.now_ns).len();
            for (row, e) in rows.iter_mut().zip(entries) {
                if !e.stat_ok {
                    long::unknown(row, time_w);
                }
            }
            for (i, fields) in long::align(&rows).into_iter().enumerate() {
                out.extend_from_slice(prefix(i).as_bytes());
                out.extend_from_slice(&fields);
                out.extend_from_slice(&name_part(i));
                out.push(self.eol);
            }
            return;
        }
        let items: Vec<Item> = (0..entries.len())
            .map(|i| {
                let mut text = prefix(i).into_bytes();
                let width_before = text.len();
                let name = name_part(i);
                let width = width_before + self.namer.width(&name);
                text.extend_from_slice(&name);
                Item { text, width }
            })
            .collect();
        match self.format {
            // Without a width, GNU puts the columns on one line two spaces apart.
            Format::Vertical | Format::Across if self.line_width == 0 => {
                layout::separated(&items, b' ', self.eol, out)
            }
            Format::Vertical => {
                layout::vertical(&items, self.line_width, self.tabsize, self.eol, out)
            }
            Format::Across => {
                layout::horizontal(&items, self.line_width, self.tabsize, self.eol, out)
            }
            Format::Commas => {
                layout::separated_wrapped(&items, b',', self.line_width, self.eol, out)
            }
            Format::OnePerLine | Format::Long => {
                for item in &items {
                    out.extend_from_slice(&item.text);
                    out.push(self.eol);
                }
            }
        }
    }

    /// The entries of directory `dir` (shown as `shown`), filtered and sorted, and the
    /// names of those whose symlink could not be followed.
    fn children(
        &self,
        ctx: &CommandCtx,
        dir: &[u8],
        shown: &[u8],
    ) -> Result<(Vec<Entry>, Vec<Vec<u8>>), crate::vfs::VfsError> {
        let mut broken = Vec::new();
        let mut v = Vec::new();
        let mut names: Vec<Vec<u8>> = Vec::new();
        if self.hidden == Hidden::Minimal {
            names.push(b".".to_vec());
            names.push(b"..".to_vec());
        }
        names.extend(ctx.read_dir(dir)?.into_iter().map(|(n, _)| n));
        for n in names {
            if self.ignored(&n) {
                continue;
            }
            let abs = path::join(dir, &n);
            if let Ok(e) = self.entry(ctx, n, abs, false) {
                if !e.stat_ok && self.needs_status() {
                    // GNU names the entry as the directory operand plus the name (just
                    // the name under `.`).
                    let mut full = Vec::new();
                    if shown != b"." {
                        full.extend_from_slice(shown);
                        if !full.ends_with(b"/") {
                            full.push(b'/');
                        }
                    }
                    full.extend_from_slice(&e.name);
                    broken.push(full);
                }
                v.push(e);
            }
        }
        self.sort(&mut v);
        Ok((v, broken))
    }
}

/// Lists directory `abs` (shown as `shown`), then its subdirectories with `-R`.
async fn list_dir(
    ctx: &CommandCtx,
    c: &Config,
    shown: &[u8],
    abs: &[u8],
    header: bool,
    first: &mut bool,
) -> Result<i32, Interrupt> {
    let mut out = Vec::new();
    let mut status = 0;
    let entries = match c.children(ctx, abs, shown) {
        Ok((v, broken)) => {
            for name in broken {
                ctx.diag(format!(
                    "cannot access {}: No such file or directory",
                    opts::quoteaf(ctx, &name)
                ))
                .await?;
                status = 1;
            }
            v
        }
        Err(e) => {
            ctx.diag(format!(
                "cannot open directory {}: {}",
                opts::quoteaf(ctx, shown),
                fsutil::io(e).message()
            ))
            .await?;
            return Ok(2);
        }
    };
    ctx.charge(entries.len() as u64 + 1)?;
    if header {
        if !*first {
            out.push(b'\n');
        }
        out.extend_from_slice(&c.namer.render(shown));
        out.extend_from_slice(b":\n");
    }
    *first = false;
    c.render(&entries, true, &mut out);
    ctx.out(&out).await?;
    if c.recursive {
        for e in &entries {
            if e.st.file_type == FileType::Dir && e.name != b"." && e.name != b".." {
                let mut s = shown.to_vec();
                if !s.ends_with(b"/") {
                    s.push(b'/');
                }
                s.extend_from_slice(&e.name);
                status = status.max(Box::pin(list_dir(ctx, c, &s, &e.abs, true, first)).await?);
            }
        }
    }
    Ok(status)
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 2).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let c = match configure(ctx, &p) {
        Ok((c, warnings)) => {
            for w in warnings {
                ctx.diag(w).await?;
            }
            c
        }
        Err(r) => {
            if r.usage {
                return opts::usage(ctx, r.message, r.status).await;
            }
            ctx.diag(r.message).await?;
            return Ok(r.status);
        }
    };
    let operands = if p.operands.is_empty() {
        vec![b".".to_vec()]
    } else {
        p.operands.clone()
    };
    let mut status = 0;
    let mut files = Vec::new();
    let mut dirs = Vec::new();
    for op in &operands {
        let abs = ctx.resolve(op);
        ctx.charge(1)?;
        match c.entry(ctx, op.clone(), abs, true) {
            Err(e) => {
                ctx.diag(format!(
                    "cannot access {}: {}",
                    opts::quoteaf(ctx, op),
                    fsutil::io(e).message()
                ))
                .await?;
                status = 2;
            }
            Ok(e) if e.st.file_type == FileType::Dir && !c.immediate_dirs => dirs.push(e),
            Ok(e) => files.push(e),
        }
    }
    c.sort(&mut files);
    c.sort(&mut dirs);
    let mut first = true;
    if !files.is_empty() {
        let mut out = Vec::new();
        c.render(&files, false, &mut out);
        if !dirs.is_empty() {
            out.push(b'\n');
        }
        ctx.out(&out).await?;
    }
    let header = operands.len() > 1 || c.recursive;
    for d in &dirs {
        let s = Box::pin(list_dir(ctx, &c, &d.name, &d.abs, header, &mut first)).await?;
        status = status.max(s);
    }
    Ok(status)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests;
