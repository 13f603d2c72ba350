//! `free`: the simulated machine's memory in procps-ng's layout. Total is the session's
//! memory limit and used is what the meter holds now, so a script can see how close it is
//! to its budget; there is no swap, cache or shared memory in the model (zeros).

use super::opts::{self, flag, OptDef, Parser};
use crate::process::command::CommandCtx;
use crate::process::Interrupt;

const DEFS: &[OptDef] = &[
    flag(b'b', "bytes"),
    flag(b'k', "kibi"),
    flag(b'm', "mebi"),
    flag(b'g', "gibi"),
    flag(0x80, "kilo"),
    flag(0x81, "mega"),
    flag(0x82, "giga"),
    flag(b'h', "human"),
    flag(0x83, "si"),
    flag(b't', "total"),
    flag(b'w', "wide"),
];

/// How numbers are printed: divided by a unit, or human-readable.
#[derive(Clone, Copy)]
enum Unit {
    Divide(u64),
    Human { base: u64 },
}

/// procps's human form: one decimal below 10 units, else whole units (truncated).
fn human(bytes: u64, base: u64) -> String {
    let suffix = if base == 1024 { "i" } else { "" };
    if bytes < base {
        return format!("{bytes}B");
    }
    let mut value = bytes as f64;
    for unit in ["K", "M", "G", "T", "P", "E"] {
        value /= base as f64;
        if value < 10.0 {
            return format!("{value:.1}{unit}{suffix}");
        }
        if value < base as f64 {
            return format!("{}{unit}{suffix}", value as u64);
        }
    }
    format!("{}E{suffix}", value as u64)
}

fn shown(bytes: u64, unit: Unit) -> String {
    match unit {
        Unit::Divide(d) => (bytes / d).to_string(),
        Unit::Human { base } => human(bytes, base),
    }
}

async fn main(ctx: &CommandCtx) -> Result<i32, Interrupt> {
    let p = match opts::parse(ctx, Parser::new(DEFS), 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    if let Some(x) = p.operands.first() {
        let m = format!("unrecognized option '{}'", String::from_utf8_lossy(x));
        return opts::usage(ctx, &m, 1).await;
    }
    let mut unit = Unit::Divide(1024);
    for (id, _) in &p.opts {
        unit = match id {
            b'b' => Unit::Divide(1),
            b'k' => Unit::Divide(1024),
            b'm' => Unit::Divide(1 << 20),
            b'g' => Unit::Divide(1 << 30),
            0x80 => Unit::Divide(1000),
            0x81 => Unit::Divide(1_000_000),
            0x82 => Unit::Divide(1_000_000_000),
            b'h' => Unit::Human { base: 1024 },
            _ => unit,
        };
    }
    if let (true, Unit::Human { .. }) = (p.has(0x83), unit) {
        unit = Unit::Human { base: 1000 };
    }
    let total = ctx.sys.meter.limits().memory;
    let used = ctx.sys.meter.usage().memory_current.min(total);
    let free = total - used;
    let wide = p.has(b'w');
    let mut out = String::from(if wide {
        "               total        used        free      shared     buffers       cache   available\n"
    } else {
        "               total        used        free      shared  buff/cache   available\n"
    });
    let line = |label: &str, values: &[u64]| {
        let mut l = format!("{label:<9}{:>11}", shown(values[0], unit));
        for v in &values[1..] {
            l.push_str(&format!(" {:>11}", shown(*v, unit)));
        }
        l.push('\n');
        l
    };
    let mut mem = vec![total, used, free, 0, 0];
    if wide {
        mem.push(0);
    }
    mem.push(free);
    out.push_str(&line("Mem:", &mem));
    out.push_str(&line("Swap:", &[0, 0, 0]));
    if p.has(b't') {
        out.push_str(&line("Total:", &[total, used, free]));
    }
    ctx.out(out.as_bytes()).await?;
    Ok(0)
}

crate::command_fn!(run, main);

#[cfg(test)]
mod tests {
    use super::super::testutil::*;
    use super::human;

    #[test]
    fn layout_matches_procps() {
        let (st, o, _) = text(run(&["free", "-b"], b""));
        assert_eq!(st, 0);
        let lines: Vec<&str> = o.lines().collect();
        assert_eq!(
            lines[0],
            "               total        used        free      shared  buff/cache   available"
        );
        assert!(lines[1].starts_with("Mem:"), "{o}");
        assert_eq!(lines[1].len(), lines[0].len(), "{o}");
        assert_eq!(lines[2], "Swap:              0           0           0");
        let (st, _, e) = text(run(&["free", "-s", "1"], b""));
        assert_eq!(st, 1);
        assert!(e.contains("invalid option"), "{e}");
    }

    #[test]
    fn human_sizes() {
        assert_eq!(human(12_260 * 1024, 1024), "11Mi");
        assert_eq!(human(2_461_672 * 1024, 1024), "2.3Gi");
        assert_eq!(human(24_684_084 * 1024, 1024), "23Gi");
        assert_eq!(human(0, 1024), "0B");
    }
}
