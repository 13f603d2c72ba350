//! `ps`: the simulated process table in procps-ng's formats — the default columns, `-f`, BSD
//! `u` (`ps aux`) and `-o` column lists.
//!
//! Every simulated process belongs to root and has no terminal (TTY `?`), as in a container
//! without one, so `ps`, `ps -e`, `ps x` and `ps aux` all list every process; `ps a` and `ps -a`
//! (processes *with* a terminal) list none. What the simulator does not model reads as zero:
//! per-process CPU time, `%CPU`, `%MEM`, `VSZ` and `RSS` (memory is metered per session, not
//! per process). PID columns are five wide, as procps sizes them for a `pid_max` of 32768.

use crate::clock::calendar;
use crate::process::command::CommandCtx;
use crate::process::{Interrupt, Pid, Proc, ProcState, ROOT_PID};
use crate::vfs::path;

/// A column: its `-o` key, header, width and alignment.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Key {
    Pid,
    Ppid,
    Pgid,
    Uid,
    User,
    Comm,
    Args,
    Stat,
    State,
    Tty,
    Time,
    /// BSD's `M:SS` TIME column (`ps x`, `ps u`).
    BsdTime,
    Stime,
    Start,
    Etime,
    Etimes,
    Nice,
    Cpu,
    Mem,
    Vsz,
    Rss,
    C,
}

/// `-o` keys, the key they mean, and their default header.
const KEYS: &[(&str, Key, &str)] = &[
    ("pid", Key::Pid, "PID"),
    ("ppid", Key::Ppid, "PPID"),
    ("pgid", Key::Pgid, "PGID"),
    ("pgrp", Key::Pgid, "PGRP"),
    ("uid", Key::Uid, "UID"),
    ("euid", Key::Uid, "EUID"),
    ("user", Key::User, "USER"),
    ("euser", Key::User, "EUSER"),
    ("uname", Key::User, "USER"),
    ("comm", Key::Comm, "COMMAND"),
    ("ucomm", Key::Comm, "COMMAND"),
    ("ucmd", Key::Comm, "CMD"),
    ("args", Key::Args, "COMMAND"),
    ("command", Key::Args, "COMMAND"),
    ("cmd", Key::Args, "CMD"),
    ("stat", Key::Stat, "STAT"),
    ("s", Key::State, "S"),
    ("state", Key::State, "S"),
    ("tty", Key::Tty, "TT"),
    ("tt", Key::Tty, "TT"),
    ("tname", Key::Tty, "TTY"),
    ("time", Key::Time, "TIME"),
    ("cputime", Key::Time, "TIME"),
    ("stime", Key::Stime, "STIME"),
    ("start_time", Key::Stime, "START"),
    ("start", Key::Start, "STARTED"),
    ("etime", Key::Etime, "ELAPSED"),
    ("etimes", Key::Etimes, "ELAPSED"),
    ("nice", Key::Nice, "NI"),
    ("ni", Key::Nice, "NI"),
    ("pcpu", Key::Cpu, "%CPU"),
    ("%cpu", Key::Cpu, "%CPU"),
    ("pmem", Key::Mem, "%MEM"),
    ("%mem", Key::Mem, "%MEM"),
    ("vsz", Key::Vsz, "VSZ"),
    ("rss", Key::Rss, "RSS"),
    ("c", Key::C, "C"),
];

impl Key {
    /// Width, and whether values are right-aligned.
    fn layout(self) -> (usize, bool) {
        match self {
            Key::Pid | Key::Ppid | Key::Pgid | Key::Uid | Key::Rss => (5, true),
            Key::User | Key::Tty => (8, false),
            Key::Comm | Key::Args => (15, false),
            Key::Stat => (4, false),
            Key::State => (1, false),
            Key::Time => (8, true),
            Key::BsdTime => (6, true),
            Key::Stime => (5, false),
            Key::Start => (8, true),
            Key::Etime => (11, true),
            Key::Etimes => (7, true),
            Key::Nice => (3, true),
            Key::Cpu | Key::Mem => (4, true),
            Key::Vsz => (6, true),
            Key::C => (2, true),
        }
    }
}

struct Column {
    key: Key,
    header: String,
}

fn column(key: Key, header: &str) -> Column {
    Column {
        key,
        header: header.to_string(),
    }
}

/// What to list and how.
struct Request {
    columns: Vec<Column>,
    /// Only processes with a terminal (`-a`, BSD `a` without `x`): none here.
    terminal_only: bool,
    pids: Option<Vec<Pid>>,
}

fn default_columns() -> Vec<Column> {
    vec![
        column(Key::Pid, "PID"),
        column(Key::Tty, "TTY"),
        column(Key::Time, "TIME"),
        column(Key::Comm, "CMD"),
    ]
}

fn full_columns() -> Vec<Column> {
    vec![
        column(Key::User, "UID"),
        column(Key::Pid, "PID"),
        column(Key::Ppid, "PPID"),
        column(Key::C, "C"),
        column(Key::Stime, "STIME"),
        column(Key::Tty, "TTY"),
        column(Key::Time, "TIME"),
        column(Key::Args, "CMD"),
    ]
}

/// BSD options without `u`: `ps x`, `ps ax`.
fn bsd_columns() -> Vec<Column> {
    vec![
        column(Key::Pid, "PID"),
        column(Key::Tty, "TTY"),
        column(Key::Stat, "STAT"),
        column(Key::BsdTime, "TIME"),
        column(Key::Args, "COMMAND"),
    ]
}

fn user_columns() -> Vec<Column> {
    vec![
        column(Key::User, "USER"),
        column(Key::Pid, "PID"),
        column(Key::Cpu, "%CPU"),
        column(Key::Mem, "%MEM"),
        column(Key::Vsz, "VSZ"),
        column(Key::Rss, "RSS"),
        column(Key::Tty, "TTY"),
        column(Key::Stat, "STAT"),
        column(Key::Stime, "START"),
        column(Key::BsdTime, "TIME"),
        column(Key::Args, "COMMAND"),
    ]
}

/// Parses `-o` lists: keys separated by commas or blanks; `key=HEADER` renames (to the end of
/// the argument), `key=` hides the header.
fn parse_format(spec: &str, out: &mut Vec<Column>) -> Result<(), String> {
    let mut rest = spec;
    while !rest.is_empty() {
        let end = rest.find([',', ' ']).unwrap_or(rest.len());
        let item = &rest[..end];
        let (name, header) = match item.find('=') {
            Some(eq) => (&item[..eq], Some(rest[eq + 1..].to_string())),
            None => (item, None),
        };
        if !name.is_empty() {
            let Some(&(_, key, default)) = KEYS.iter().find(|(k, _, _)| *k == name) else {
                return Err(format!(
                    "error: unknown user-defined format specifier \"{name}\""
                ));
            };
            let renamed = header.is_some();
            out.push(column(key, header.as_deref().unwrap_or(default)));
            if renamed {
                return Ok(());
            }
        }
        rest = rest.get(end + 1..).unwrap_or("");
    }
    Ok(())
}

fn parse_pids(spec: &str, out: &mut Vec<Pid>) -> Result<(), String> {
    for p in spec.split([',', ' ']).filter(|p| !p.is_empty()) {
        match p.parse::<Pid>() {
            Ok(n) if n > 0 => out.push(n),
            _ => return Err("error: process ID list syntax error".into()),
        }
    }
    Ok(())
}

fn parse_args(args: &[Vec<u8>]) -> Result<Request, String> {
    let mut style: Option<Vec<Column>> = None;
    let mut custom = Vec::new();
    let mut unix_all = false;
    let mut unix_a = false;
    let (mut bsd_a, mut bsd_x) = (false, false);
    let mut pids: Option<Vec<Pid>> = None;
    let mut i = 0;
    while i < args.len() {
        let arg = String::from_utf8_lossy(&args[i]).into_owned();
        i += 1;
        let value = |inline: &str, i: &mut usize| -> Result<String, String> {
            if !inline.is_empty() {
                return Ok(inline.to_string());
            }
            let v = args
                .get(*i)
                .map(|v| String::from_utf8_lossy(v).into_owned())
                .ok_or_else(|| "error: list of process IDs must follow -p".to_string())?;
            *i += 1;
            Ok(v)
        };
        if let Some(long) = arg.strip_prefix("--") {
            let (name, inline) = long.split_once('=').unwrap_or((long, ""));
            match name {
                "pid" => parse_pids(&value(inline, &mut i)?, pids.get_or_insert_with(Vec::new))?,
                "format" => parse_format(&value(inline, &mut i)?, &mut custom)?,
                _ => return Err(format!("error: unknown gnu long option: --{name}")),
            }
        } else if let Some(flags) = arg.strip_prefix('-') {
            for (at, c) in flags.char_indices() {
                match c {
                    'e' | 'A' => unix_all = true,
                    'a' => unix_a = true,
                    'f' => style = Some(full_columns()),
                    'p' | 'o' => {
                        let v = value(&flags[at + 1..], &mut i)?;
                        if c == 'p' {
                            parse_pids(&v, pids.get_or_insert_with(Vec::new))?;
                        } else {
                            parse_format(&v, &mut custom)?;
                        }
                        break;
                    }
                    _ => {
                        return Err(format!(
                            "unsupported option -{c} (supported: -e -A -a -f -p -o, BSD a u x w)"
                        ))
                    }
                }
            }
        } else {
            for c in arg.chars() {
                match c {
                    'a' => bsd_a = true,
                    'x' => bsd_x = true,
                    'u' => style = Some(user_columns()),
                    // Wide output: lines are never cut here (output is not a terminal).
                    'w' => {}
                    _ => return Err(format!("unsupported BSD option {c} (supported: a u x w)")),
                }
            }
        }
    }
    let bsd = bsd_a || bsd_x;
    let columns = if custom.is_empty() {
        style.unwrap_or_else(|| {
            if bsd {
                bsd_columns()
            } else {
                default_columns()
            }
        })
    } else {
        custom
    };
    let terminal_only = !unix_all && !bsd_x && (unix_a || bsd_a) && pids.is_none();
    Ok(Request {
        columns,
        terminal_only,
        pids,
    })
}

/// `HH:MM` today, else `MonDD` (procps's STIME/START).
fn start_text(started: i64, now: i64) -> String {
    let t = calendar::tm(started, 0);
    if now - started < 86_400 {
        format!("{:02}:{:02}", t.hour, t.min)
    } else {
        const MONTHS: [&str; 12] = [
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
        ];
        format!("{}{:02}", MONTHS[(t.mon - 1) as usize], t.day)
    }
}

/// `[[dd-]hh:]mm:ss`.
fn elapsed_text(secs: i64) -> String {
    let (d, h, m, s) = (secs / 86_400, secs / 3600 % 24, secs / 60 % 60, secs % 60);
    if d > 0 {
        format!("{d}-{h:02}:{m:02}:{s:02}")
    } else if h > 0 {
        format!("{h:02}:{m:02}:{s:02}")
    } else {
        format!("{m:02}:{s:02}")
    }
}

fn value(key: Key, p: &Proc, caller: Pid, now: i64) -> String {
    let comm = || {
        let name = p.argv.first().map(|a| path::file_name(a).to_vec());
        let mut name = String::from_utf8_lossy(&name.unwrap_or_default()).into_owned();
        name.truncate(15);
        name
    };
    let zombie = matches!(p.state, ProcState::Exited(_));
    match key {
        Key::Pid => p.pid.to_string(),
        Key::Ppid => p.ppid.to_string(),
        Key::Pgid => p.pgid.to_string(),
        Key::Uid => "0".into(),
        Key::User => "root".into(),
        Key::Comm => comm(),
        Key::Args if zombie => format!("[{}] <defunct>", comm()),
        Key::Args => {
            let joined: Vec<String> = p
                .argv
                .iter()
                .map(|a| String::from_utf8_lossy(a).into_owned())
                .collect();
            if joined.is_empty() {
                format!("[{}]", comm())
            } else {
                joined.join(" ")
            }
        }
        Key::Stat | Key::State => {
            let mut s = String::from(if zombie {
                "Z"
            } else if p.pid == caller {
                "R"
            } else {
                "S"
            });
            if key == Key::Stat {
                if p.niceness > 0 {
                    s.push('N');
                } else if p.niceness < 0 {
                    s.push('<');
                }
                if p.pid == ROOT_PID {
                    s.push('s');
                }
            }
            s
        }
        Key::Tty => "?".into(),
        Key::BsdTime => "0:00".into(),
        Key::Time => "00:00:00".into(),
        Key::Start => {
            let t = calendar::tm(p.started, 0);
            format!("{:02}:{:02}:{:02}", t.hour, t.min, t.sec)
        }
        Key::Stime => start_text(p.started, now),
        Key::Etime => elapsed_text((now - p.started).max(0)),
        Key::Etimes => (now - p.started).max(0).to_string(),
        Key::Nice => p.niceness.to_string(),
        Key::Cpu | Key::Mem => "0.0".into(),
        Key::Vsz | Key::Rss | Key::C => "0".into(),
    }
}

/// Lays one row out: single spaces between columns, the last one never padded.
fn row(cells: &[(String, Key)], out: &mut String) {
    let last = cells.len().saturating_sub(1);
    for (i, (text, key)) in cells.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let (width, right) = key.layout();
        if right {
            out.push_str(&format!("{text:>width$}"));
        } else if i == last {
            out.push_str(text);
        } else {
            out.push_str(&format!("{text:<width$}"));
        }
    }
    while out.ends_with(' ') {
        out.pop();
    }
    out.push('\n');
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let req = match parse_args(&ctx.argv[1..]) {
        Ok(r) => r,
        Err(m) => {
            ctx.diag(m).await?;
            return Ok(2);
        }
    };
    let now = ctx.sys.clock.borrow().wall_secs();
    let mut pids = ctx.sys.pids();
    pids.sort_unstable();
    let mut out = String::new();
    if req.columns.iter().any(|c| !c.header.is_empty()) {
        let cells: Vec<(String, Key)> = req
            .columns
            .iter()
            .map(|c| (c.header.clone(), c.key))
            .collect();
        row(&cells, &mut out);
    }
    let mut listed = 0;
    for pid in pids {
        if req.terminal_only {
            break;
        }
        if req.pids.as_ref().is_some_and(|want| !want.contains(&pid)) {
            continue;
        }
        let Some(p) = ctx.sys.proc_snapshot(pid) else {
            continue;
        };
        if matches!(p.state, ProcState::Exited(_)) && p.reaped {
            continue;
        }
        ctx.charge(1)?;
        let cells: Vec<(String, Key)> = req
            .columns
            .iter()
            .map(|c| (value(c.key, &p, ctx.pid, now), c.key))
            .collect();
        row(&cells, &mut out);
        listed += 1;
    }
    ctx.out(out.as_bytes()).await?;
    // procps exits 1 when a selection matched nothing.
    Ok(if listed == 0 { 1 } else { 0 })
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;
    use super::{elapsed_text, start_text};

    #[test]
    fn formats_have_procps_headers() {
        let (st, o, _) = text(run(&["ps"], b""));
        assert_eq!(st, 0);
        assert!(o.starts_with("  PID TTY          TIME CMD\n"), "{o}");
        assert!(o.contains(" ?        00:00:00 ps\n"), "{o}");
        let (_, o, _) = text(run(&["ps", "-ef"], b""));
        assert!(
            o.starts_with("UID        PID  PPID  C STIME TTY          TIME CMD\n"),
            "{o}"
        );
        let (_, o, _) = text(run(&["ps", "aux"], b""));
        assert!(
            o.starts_with(
                "USER       PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n"
            ),
            "{o}"
        );
        assert!(o.contains(" ?        Rs   00:00   0:00 ps aux\n"), "{o}");
    }

    #[test]
    fn columns_and_selection() {
        let (st, o, _) = text(run(&["ps", "-o", "pid=,comm="], b""));
        assert_eq!(st, 0);
        assert!(!o.contains("PID"), "{o}");
        let (_, o, _) = text(run(&["ps", "-o", "comm,args"], b""));
        assert!(o.starts_with("COMMAND         COMMAND\n"), "{o}");
        // No process has a terminal.
        let (st, o, _) = text(run(&["ps", "a"], b""));
        assert_eq!(
            (st, o.as_str()),
            (1, "  PID TTY      STAT   TIME COMMAND\n")
        );
        let (_, o, _) = text(run(&["ps", "x"], b""));
        assert!(o.contains(" 1234 ?        Rs     0:00 ps x\n"), "{o}");
        let (st, _, e) = text(run(&["ps", "-Z"], b""));
        assert_eq!(st, 2);
        assert!(e.contains("unsupported option -Z"), "{e}");
        let (st, o, _) = text(run(&["ps", "-p", "99999"], b""));
        assert_eq!((st, o.as_str()), (1, "  PID TTY          TIME CMD\n"));
    }

    #[test]
    fn elapsed_and_start() {
        assert_eq!(elapsed_text(5), "00:05");
        assert_eq!(elapsed_text(3_725), "01:02:05");
        assert_eq!(elapsed_text(90_000), "1-01:00:00");
        assert_eq!(start_text(0, 100), "00:00");
        assert_eq!(start_text(0, 200_000), "Jan01");
    }
}
