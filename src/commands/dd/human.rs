//! GNU `human_readable` as `dd` calls it (autoscale, round to nearest, a space before the
//! unit, a `B` suffix): `7 B`, `1.0 kB`, `3.1 MB`, `3.0 MiB`, and the transfer rate.

const SI: [&str; 9] = ["", "k", "M", "G", "T", "P", "E", "Z", "Y"];
const IEC: [&str; 9] = ["", "K", "M", "G", "T", "P", "E", "Z", "Y"];

fn unit(base: u128, exp: usize) -> String {
    if exp == 0 {
        return "B".into();
    }
    if base == 1000 {
        format!("{}B", SI[exp])
    } else {
        format!("{}iB", IEC[exp])
    }
}

/// Rounds `num/den` to the nearest integer, ties to even.
fn round_even(num: u128, den: u128) -> u128 {
    let (q, r) = (num / den, num % den);
    if 2 * r > den || (2 * r == den && q % 2 == 1) {
        q + 1
    } else {
        q
    }
}

/// `human_readable (n, ..., 1, 1)`: the integer path, exact.
pub fn size(n: u64, base: u128) -> String {
    scaled(n as u128, 1, base)
}

/// The transfer rate `bytes` per `ns` nanoseconds as GNU prints it (`ns` > 0): the integer
/// path when 1e9 and `ns` divide evenly, else GNU's floating-point path, which always
/// scales to at least `k`.
pub fn rate(bytes: u64, ns: u64) -> String {
    const SEC: u64 = 1_000_000_000;
    if ns <= SEC && SEC % ns == 0 {
        if let Some(v) = bytes.checked_mul(SEC / ns) {
            return format!("{}/s", size(v, 1000));
        }
    } else if ns > SEC && ns % SEC == 0 {
        let div = (ns / SEC) as u128;
        let b = bytes as u128;
        // Scale exactly: size() of a rational is the same algorithm on b/div.
        return format!("{}/s", scaled(b, div, 1000));
    }
    let v = bytes as f64 * (SEC as f64 / ns as f64);
    let mut e = 1000f64;
    let mut exp = 1;
    while e * 1000.0 <= v && exp < 8 {
        e *= 1000.0;
        exp += 1;
    }
    let d = v / e;
    let one = format!("{d:.1}");
    let text = if one.len() > 3 {
        format!("{d:.0}")
    } else {
        one
    };
    format!("{text} {}B/s", SI[exp])
}

/// `num/den` bytes scaled by powers of `base`, exactly as GNU's integer path rounds.
fn scaled(num: u128, den: u128, base: u128) -> String {
    if num / den < base {
        return format!("{} B", round_even(num, den));
    }
    let mut exp = 0;
    let mut div = den;
    while num / div >= base && exp < 8 {
        div *= base;
        exp += 1;
    }
    if num / div < 10 {
        let tenths = round_even(num * 10, div);
        if tenths < 100 {
            return format!("{}.{} {}", tenths / 10, tenths % 10, unit(base, exp));
        }
        return format!("10 {}", unit(base, exp));
    }
    let whole = round_even(num, div);
    if whole >= base && exp < 8 {
        return format!("1.0 {}", unit(base, exp + 1));
    }
    format!("{whole} {}", unit(base, exp))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_like_gnu() {
        assert_eq!(size(7, 1000), "7 B");
        assert_eq!(size(1000, 1000), "1.0 kB");
        assert_eq!(size(1000, 1024), "1000 B");
        assert_eq!(size(1024, 1024), "1.0 KiB");
        assert_eq!(size(3_145_728, 1000), "3.1 MB");
        assert_eq!(size(3_145_728, 1024), "3.0 MiB");
        assert_eq!(size(1_048_576, 1000), "1.0 MB");
        assert_eq!(size(5_243_392, 1000), "5.2 MB");
        assert_eq!(size(999_999, 1000), "1.0 MB");
    }

    #[test]
    fn rates_like_gnu() {
        assert_eq!(rate(7, 1_000_000_000), "7 B/s");
        assert_eq!(rate(7000, 2_000_000_000), "3.5 kB/s");
        assert_eq!(rate(0, 20_610), "0.0 kB/s");
        assert_eq!(rate(9, 57_967), "155 kB/s");
        assert_eq!(rate(3_145_728, 1_356_240), "2.3 GB/s");
    }
}
