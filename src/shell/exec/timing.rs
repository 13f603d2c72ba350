//! The `time` keyword's report: elapsed virtual time and the CPU the meter charged while a
//! pipeline ran, printed on the shell's standard error in `TIMEFORMAT`'s layout (bash's
//! default when it is unset, nothing when it is empty) or POSIX's with `time -p`.
//!
//! The simulator has no kernel time, so `sys` is always zero and `user` is the CPU fuel spent
//! by every process while the pipeline ran.

/// What one timed pipeline used, in nanoseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Usage {
    pub real_ns: u64,
    pub user_ns: u64,
    pub sys_ns: u64,
}

/// bash's layout when `TIMEFORMAT` is unset.
const DEFAULT_FORMAT: &[u8] = b"\nreal\t%3lR\nuser\t%3lU\nsys\t%3lS";

/// The report `time` prints (with its newline), or nothing for an empty `TIMEFORMAT`.
pub fn report(format: Option<&[u8]>, posix: bool, u: Usage) -> Vec<u8> {
    if posix {
        return format!(
            "real {}\nuser {}\nsys {}\n",
            seconds(u.real_ns, 2),
            seconds(u.user_ns, 2),
            seconds(u.sys_ns, 2)
        )
        .into_bytes();
    }
    let format = format.unwrap_or(DEFAULT_FORMAT);
    if format.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < format.len() {
        if format[i] != b'%' {
            out.push(format[i]);
            i += 1;
            continue;
        }
        // `%[p][l]X`: p is 0-3 digits after the point (3 by default, larger means 3), l the
        // `MmSS.FFFs` form.
        let mut j = i + 1;
        let mut precision = 3;
        if let Some(d) = format.get(j).filter(|d| d.is_ascii_digit()) {
            precision = usize::from(d - b'0').min(3);
            j += 1;
        }
        let long = format.get(j) == Some(&b'l');
        if long {
            j += 1;
        }
        let value = match format.get(j) {
            Some(b'R') => Some(u.real_ns),
            Some(b'U') => Some(u.user_ns),
            Some(b'S') => Some(u.sys_ns),
            _ => None,
        };
        match (value, format.get(j)) {
            (Some(ns), _) => {
                let text = if long {
                    minutes_seconds(ns, precision)
                } else {
                    seconds(ns, precision)
                };
                out.extend_from_slice(text.as_bytes());
                i = j + 1;
            }
            (None, Some(b'%')) if j == i + 1 => {
                out.push(b'%');
                i = j + 1;
            }
            (None, Some(b'P')) if j == i + 1 => {
                let cpu = u.user_ns + u.sys_ns;
                let pct = if u.real_ns == 0 {
                    0.0
                } else {
                    cpu as f64 * 100.0 / u.real_ns as f64
                };
                out.extend_from_slice(format!("{pct:.2}").as_bytes());
                i = j + 1;
            }
            _ => {
                // bash prints an unknown directive as it stands.
                out.push(b'%');
                i += 1;
            }
        }
    }
    out.push(b'\n');
    out
}

/// `SECONDS.FRACTION`, the fraction truncated (as bash does) to `precision` digits.
fn seconds(ns: u64, precision: usize) -> String {
    let secs = ns / 1_000_000_000;
    match fraction(ns, precision) {
        Some(f) => format!("{secs}.{f}"),
        None => secs.to_string(),
    }
}

/// `MmSS.FFFs` as bash's `l` flag prints it.
fn minutes_seconds(ns: u64, precision: usize) -> String {
    let secs = ns / 1_000_000_000;
    let (m, s) = (secs / 60, secs % 60);
    match fraction(ns, precision) {
        Some(f) => format!("{m}m{s}.{f}s"),
        None => format!("{m}m{s}s"),
    }
}

fn fraction(ns: u64, precision: usize) -> Option<String> {
    if precision == 0 {
        return None;
    }
    let scaled = (ns % 1_000_000_000) / 10u64.pow(9 - precision as u32);
    Some(format!("{scaled:0precision$}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usage(real_ms: u64, user_ms: u64) -> Usage {
        Usage {
            real_ns: real_ms * 1_000_000,
            user_ns: user_ms * 1_000_000,
            sys_ns: 0,
        }
    }

    #[test]
    fn default_layout() {
        assert_eq!(
            report(None, false, usage(1500, 12)),
            b"\nreal\t0m1.500s\nuser\t0m0.012s\nsys\t0m0.000s\n"
        );
        assert_eq!(
            report(None, false, usage(61_250, 0)),
            b"\nreal\t1m1.250s\nuser\t0m0.000s\nsys\t0m0.000s\n"
        );
    }

    #[test]
    fn timeformat_directives() {
        let u = usage(2_345, 1_000);
        assert_eq!(report(Some(b"%R"), false, u), b"2.345\n");
        assert_eq!(report(Some(b"%1R|%0lR|%9U"), false, u), b"2.3|0m2s|1.000\n");
        assert_eq!(report(Some(b"100%% %P %x"), false, u), b"100% 42.64 %x\n");
        assert_eq!(report(Some(b""), false, u), b"");
    }

    #[test]
    fn posix_layout() {
        assert_eq!(
            report(Some(b"%R"), true, usage(1_005, 0)),
            b"real 1.00\nuser 0.00\nsys 0.00\n"
        );
    }
}
