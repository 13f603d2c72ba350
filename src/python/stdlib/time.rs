//! The built-in `_time`, the native half of `time` (`lib/time.py` adds `struct_time` and
//! `strptime`, and re-exports these functions, so they show no Python frame as CPython's
//! C functions show none).
//!
//! Every clock is the machine's virtual clock (`src/clock/`): `time()` is its wall clock,
//! `monotonic()`/`perf_counter()` its time since boot. `sleep()` does not block the host: it
//! adds to the interpreter's sleep debt, which every clock read here includes and which the
//! command's driver pays back by sleeping on the scheduler at the next instruction boundary
//! (`command.rs`), so other processes see the time pass too. `process_time()` is the CPU
//! charged to the machine's meter since the interpreter started, one unit a nanosecond: the
//! virtual clock does not move while code runs.
//!
//! The machine's time zone is UTC (the simulated `/etc/localtime`); `localtime()` is
//! `gmtime()` and `TZ` is not consulted.

use super::math::real;
use crate::clock::calendar::{self, days_from_civil};
use crate::python::object::{Kind, NativeFn, Obj, Value};
use crate::python::stdlib::{add_functions, add_values};
use crate::python::vm::attr::dict_get_str;
use crate::python::vm::ops::{num, Num};
use crate::python::vm::{Flow, PyResult, Vm};
use std::rc::Rc;

type Kw<'a> = &'a [(Rc<str>, Value)];

pub fn init(vm: &mut Vm, dict: &Rc<Obj>) -> PyResult<()> {
    let fns: &[(&'static str, NativeFn)] = &[
        ("time", time),
        ("time_ns", time_ns),
        ("monotonic", monotonic),
        ("monotonic_ns", monotonic_ns),
        ("perf_counter", monotonic),
        ("perf_counter_ns", monotonic_ns),
        ("process_time", process_time),
        ("process_time_ns", process_time_ns),
        ("thread_time", process_time),
        ("thread_time_ns", process_time_ns),
        ("sleep", sleep),
        ("gmtime", gmtime),
        ("localtime", localtime),
        ("mktime", mktime),
        ("asctime", asctime),
        ("ctime", ctime),
        ("strftime", strftime),
    ];
    add_functions(vm, dict, fns);
    let utc = vm.new_str("UTC")?;
    let tzname = vm.new_tuple(vec![utc.clone(), utc])?;
    add_values(
        vm,
        dict,
        vec![
            ("timezone", Value::Int(0)),
            ("altzone", Value::Int(0)),
            ("daylight", Value::Int(0)),
            ("tzname", tzname),
        ],
    );
    Ok(())
}

fn type_error(vm: &mut Vm, msg: &str) -> Flow {
    vm.raise(vm.types.type_error.clone(), msg)
}

fn value_error(vm: &mut Vm, msg: &str) -> Flow {
    vm.raise(vm.types.value_error.clone(), msg)
}

fn no_args(vm: &mut Vm, name: &str, a: &[Value], k: Kw) -> PyResult<()> {
    if !k.is_empty() {
        return Err(type_error(
            vm,
            &format!("time.{name}() takes no keyword arguments"),
        ));
    }
    if !a.is_empty() {
        let msg = format!("time.{name}() takes no arguments ({} given)", a.len());
        return Err(type_error(vm, &msg));
    }
    Ok(())
}

/// Monotonic nanoseconds, the unpaid sleep included.
fn mono_ns(vm: &Vm) -> u64 {
    vm.sys.clock.borrow().monotonic_ns() + vm.sleep_debt_ns
}

fn wall_ns(vm: &Vm) -> u64 {
    vm.sys.clock.borrow().wall_ns() + vm.sleep_debt_ns
}

fn secs_f64(ns: u64) -> f64 {
    ns as f64 / 1e9
}

fn time(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    no_args(vm, "time", a, k)?;
    Ok(Value::Float(secs_f64(wall_ns(vm))))
}

fn time_ns(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    no_args(vm, "time_ns", a, k)?;
    Ok(Value::Int(wall_ns(vm) as i64))
}

fn monotonic(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    no_args(vm, "monotonic", a, k)?;
    Ok(Value::Float(secs_f64(mono_ns(vm))))
}

fn monotonic_ns(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    no_args(vm, "monotonic_ns", a, k)?;
    Ok(Value::Int(mono_ns(vm) as i64))
}

fn cpu_ns(vm: &Vm) -> u64 {
    vm.sys.meter.cpu_used().saturating_sub(vm.cpu_at_start)
}

fn process_time(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    no_args(vm, "process_time", a, k)?;
    Ok(Value::Float(secs_f64(cpu_ns(vm))))
}

fn process_time_ns(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    no_args(vm, "process_time_ns", a, k)?;
    Ok(Value::Int(cpu_ns(vm) as i64))
}

/// A duration or timestamp argument as (whole seconds, nanoseconds), the way CPython
/// converts one: ints exactly, floats rounded to the nanosecond by `round_up` or half-even.
fn seconds_arg(vm: &mut Vm, v: &Value, round_up: bool) -> PyResult<(i64, i64)> {
    match num(v) {
        Some(Num::I(i)) => Ok((i, 0)),
        Some(Num::B(_)) => Err(vm.raise(
            vm.types.overflow_error.clone(),
            "timestamp too large to convert to C PyTime_t",
        )),
        Some(Num::F(f)) => float_seconds(vm, f, round_up),
        None => {
            if matches!(v.kind(), Some(Kind::Str(_)) | None) {
                let msg = format!(
                    "'{}' object cannot be interpreted as an integer or float",
                    vm.type_name(v)
                );
                return Err(type_error(vm, &msg));
            }
            let f = real(vm, v)?;
            float_seconds(vm, f, round_up)
        }
    }
}

fn float_seconds(vm: &mut Vm, f: f64, round_up: bool) -> PyResult<(i64, i64)> {
    if f.is_nan() {
        return Err(value_error(vm, "Invalid value NaN (not a number)"));
    }
    let ns = f * 1e9;
    let ns = if round_up {
        ns.ceil()
    } else {
        let r = ns.round();
        if (ns - ns.trunc()).abs() == 0.5 && r % 2.0 != 0.0 {
            r - ns.signum()
        } else {
            r
        }
    };
    if !(-9.2e18..9.2e18).contains(&ns) {
        return Err(vm.raise(
            vm.types.overflow_error.clone(),
            "timestamp too large to convert to C PyTime_t",
        ));
    }
    let ns = ns as i64;
    Ok((ns.div_euclid(1_000_000_000), ns.rem_euclid(1_000_000_000)))
}

fn sleep(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    if !k.is_empty() {
        return Err(type_error(vm, "time.sleep() takes no keyword arguments"));
    }
    let [v] = a else {
        let msg = format!(
            "time.sleep() takes exactly one argument ({} given)",
            a.len()
        );
        return Err(type_error(vm, &msg));
    };
    let (s, ns) = seconds_arg(vm, v, true)?;
    if s < 0 {
        return Err(value_error(vm, "sleep length must be non-negative"));
    }
    let total = (s as u64)
        .saturating_mul(1_000_000_000)
        .saturating_add(ns as u64);
    vm.sleep_debt_ns = vm.sleep_debt_ns.saturating_add(total);
    vm.want_flush = true;
    Ok(Value::None)
}

/// The optional timestamp argument of `gmtime`/`ctime` (the current time when absent).
fn timestamp_arg(vm: &mut Vm, name: &str, a: &[Value], k: Kw) -> PyResult<i64> {
    if !k.is_empty() {
        return Err(type_error(
            vm,
            &format!("time.{name}() takes no keyword arguments"),
        ));
    }
    match a {
        [] | [Value::None] => Ok((wall_ns(vm) / 1_000_000_000) as i64),
        [v] => {
            // Timestamps truncate toward zero, as CPython's `_PyTime_ObjectToTime_t`
            // (round-floor for gmtime) does.
            let secs = match num(v) {
                Some(Num::F(f)) => {
                    if f.is_nan() {
                        return Err(value_error(vm, "Invalid value NaN (not a number)"));
                    }
                    if !(-6.7e16..6.7e16).contains(&f) {
                        return Err(vm.raise(
                            vm.types.overflow_error.clone(),
                            "timestamp out of range for platform time_t",
                        ));
                    }
                    f.floor() as i64
                }
                _ => seconds_arg(vm, v, false)?.0,
            };
            check_year_range(vm, secs)?;
            Ok(secs)
        }
        _ => {
            let msg = format!("{name} expected at most 1 argument, got {}", a.len());
            Err(type_error(vm, &msg))
        }
    }
}

/// glibc's `gmtime` fails with EOVERFLOW past year 2^31; CPython reports it as an OSError.
fn check_year_range(vm: &mut Vm, secs: i64) -> PyResult<()> {
    if !(-67_768_040_609_740_800..=67_768_036_191_676_799).contains(&secs) {
        return Err(vm.raise(
            vm.types.overflow_error.clone(),
            "timestamp out of range for platform time_t",
        ));
    }
    Ok(())
}

/// The `struct_time` class `time.py` registered in `_time`.
fn struct_time_class(vm: &mut Vm) -> PyResult<Value> {
    let m = dict_get_str(&vm.modules, "_time");
    if let Some(Some(Kind::Module(m))) = m.as_ref().map(|m| m.kind()) {
        if let Some(c) = dict_get_str(&m.dict, "struct_time") {
            return Ok(c);
        }
    }
    Err(vm.raise(
        vm.types.runtime_error.clone(),
        "time.struct_time is not available (import time first)",
    ))
}

/// A `struct_time` for `t`; `zone` is "GMT" for `gmtime` and "UTC" (the machine's zone) for
/// `localtime`, as glibc names them.
fn struct_time(vm: &mut Vm, t: &calendar::Tm, zone: &str) -> PyResult<Value> {
    let zone = vm.new_str(zone)?;
    let fields = vec![
        Value::Int(t.year),
        Value::Int(t.mon),
        Value::Int(t.day),
        Value::Int(t.hour),
        Value::Int(t.min),
        Value::Int(t.sec),
        Value::Int((t.wday + 6) % 7),
        Value::Int(t.yday + 1),
        Value::Int(0),
        zone,
        Value::Int(0),
    ];
    let tuple = vm.new_tuple(fields)?;
    let cls = struct_time_class(vm)?;
    vm.call(&cls, &[tuple], &[])
}

fn gmtime(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let secs = timestamp_arg(vm, "gmtime", a, k)?;
    struct_time(vm, &calendar::tm(secs, 0), "GMT")
}

fn localtime(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let secs = timestamp_arg(vm, "localtime", a, k)?;
    struct_time(vm, &calendar::tm(secs, 0), "UTC")
}

/// A broken-down time argument: 9 ints (a `struct_time` or any 9-tuple), CPython's
/// `gettmarg` checks; returns the fields and the zone name `struct_time` carries.
struct TmArg {
    f: [i64; 9],
    zone: Option<String>,
}

fn tm_arg(vm: &mut Vm, fname: &str, v: &Value) -> PyResult<TmArg> {
    let items = match v.kind() {
        Some(Kind::Tuple(t)) => t.to_vec(),
        Some(Kind::Instance(_))
            if matches!(
                vm.payload_of(v).as_ref().and_then(|p| p.kind()),
                Some(Kind::Tuple(_))
            ) =>
        {
            vm.to_vec(v)?
        }
        _ => return Err(type_error(vm, "Tuple or struct_time argument required")),
    };
    if items.len() != 9 && !matches!(v.kind(), Some(Kind::Instance(_))) {
        let msg = format!("{fname}(): illegal time tuple argument");
        return Err(type_error(vm, &msg));
    }
    let mut f = [0i64; 9];
    for (i, item) in items.iter().take(9).enumerate() {
        f[i] = match num(item) {
            Some(Num::I(n)) => n,
            Some(Num::B(_)) => {
                return Err(vm.raise(
                    vm.types.overflow_error.clone(),
                    "Python int too large to convert to C int",
                ))
            }
            _ => {
                let msg = format!(
                    "'{}' object cannot be interpreted as an integer",
                    vm.type_name(item)
                );
                return Err(type_error(vm, &msg));
            }
        };
    }
    let zone = if matches!(v.kind(), Some(Kind::Instance(_))) {
        let z = vm.getattr_str(v, "tm_zone")?;
        z.as_str().map(str::to_string)
    } else {
        None
    };
    Ok(TmArg { f, zone })
}

/// CPython's `checktm`, after `strftime`'s and `asctime`'s own adjustments.
fn check_tm(vm: &mut Vm, f: &[i64; 9]) -> PyResult<()> {
    let checks: [(bool, &str); 6] = [
        ((1..=12).contains(&f[1]), "month out of range"),
        ((1..=31).contains(&f[2]), "day of month out of range"),
        ((0..=23).contains(&f[3]), "hour out of range"),
        ((0..=59).contains(&f[4]), "minute out of range"),
        ((0..=61).contains(&f[5]), "seconds out of range"),
        ((1..=366).contains(&f[7]), "day of year out of range"),
    ];
    for (ok, msg) in checks {
        if !ok {
            return Err(value_error(vm, msg));
        }
    }
    if f[6] < 0 {
        return Err(value_error(vm, "day of week out of range"));
    }
    if f[0] < i32::MIN as i64 + 1900 || f[0] > i32::MAX as i64 {
        return Err(vm.raise(vm.types.overflow_error.clone(), "year out of range"));
    }
    Ok(())
}

/// The calendar's broken-down time for checked fields (weekday Monday=0 in `f[6]`).
fn to_tm(f: &[i64; 9]) -> calendar::Tm {
    let days = days_from_civil(f[0], f[1], f[2]);
    let secs = days * 86400 + f[3] * 3600 + f[4] * 60 + f[5];
    calendar::Tm {
        secs,
        nanos: 0,
        year: f[0],
        mon: f[1],
        day: f[2],
        hour: f[3],
        min: f[4],
        sec: f[5],
        wday: (f[6] + 1).rem_euclid(7),
        yday: f[7] - 1,
    }
}

/// The current time's fields, for `strftime(fmt)` and `asctime()`.
fn now_fields(vm: &Vm) -> [i64; 9] {
    let t = calendar::tm((wall_ns(vm) / 1_000_000_000) as i64, 0);
    [
        t.year,
        t.mon,
        t.day,
        t.hour,
        t.min,
        t.sec,
        (t.wday + 6) % 7,
        t.yday + 1,
        0,
    ]
}

fn mktime(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    if !k.is_empty() {
        return Err(type_error(vm, "time.mktime() takes no keyword arguments"));
    }
    let [v] = a else {
        let msg = format!(
            "time.mktime() takes exactly one argument ({} given)",
            a.len()
        );
        return Err(type_error(vm, &msg));
    };
    let t = tm_arg(vm, "mktime", v)?;
    let f = t.f;
    // mktime normalises out-of-range fields (month 13 is January next year).
    let y = f[0] + (f[1] - 1).div_euclid(12);
    let m = (f[1] - 1).rem_euclid(12) + 1;
    if !(-1_000_000_000..=1_000_000_000).contains(&y) {
        return Err(vm.raise(
            vm.types.overflow_error.clone(),
            "mktime argument out of range",
        ));
    }
    let days = days_from_civil(y, m, 1) + f[2] - 1;
    let secs = days
        .saturating_mul(86400)
        .saturating_add(f[3].saturating_mul(3600))
        .saturating_add(f[4].saturating_mul(60))
        .saturating_add(f[5]);
    Ok(Value::Float(secs as f64))
}

fn asctime_text(f: &[i64; 9]) -> String {
    let t = to_tm(f);
    format!(
        "{} {} {:2} {:02}:{:02}:{:02} {}",
        &calendar::DAYS[t.wday as usize][..3],
        &calendar::MONTHS[t.mon as usize - 1][..3],
        t.day,
        t.hour,
        t.min,
        t.sec,
        t.year
    )
}

fn asctime(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    if !k.is_empty() {
        return Err(type_error(vm, "time.asctime() takes no keyword arguments"));
    }
    let mut f = match a {
        [] => now_fields(vm),
        [v] => tm_arg(vm, "asctime", v)?.f,
        _ => {
            let msg = format!("asctime expected at most 1 argument, got {}", a.len());
            return Err(type_error(vm, &msg));
        }
    };
    f[6] = f[6].rem_euclid(7);
    check_tm(vm, &f)?;
    let s = asctime_text(&f);
    vm.new_str(s)
}

fn ctime(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    let secs = timestamp_arg(vm, "ctime", a, k)?;
    let t = calendar::tm(secs, 0);
    let f = [
        t.year,
        t.mon,
        t.day,
        t.hour,
        t.min,
        t.sec,
        (t.wday + 6) % 7,
        t.yday + 1,
        0,
    ];
    let s = asctime_text(&f);
    vm.new_str(s)
}

fn strftime(vm: &mut Vm, a: &[Value], k: Kw) -> PyResult<Value> {
    if !k.is_empty() {
        return Err(type_error(vm, "time.strftime() takes no keyword arguments"));
    }
    let (fmt, t) = match a {
        [fmt] => (fmt, None),
        [fmt, t] => (fmt, Some(t)),
        _ => {
            let msg = format!("strftime expected at most 2 arguments, got {}", a.len());
            let msg = if a.is_empty() {
                "strftime expected at least 1 argument, got 0".to_string()
            } else {
                msg
            };
            return Err(type_error(vm, &msg));
        }
    };
    let Some(fmt) = fmt.as_str().map(str::to_string) else {
        let msg = format!(
            "strftime() argument 1 must be str, not {}",
            vm.type_name(fmt)
        );
        return Err(type_error(vm, &msg));
    };
    let (mut f, zone) = match t {
        None => (now_fields(vm), None),
        Some(v) => {
            let t = tm_arg(vm, "strftime", v)?;
            (t.f, t.zone)
        }
    };
    // CPython's adjustments before checking: month and day 0 mean the first, yday 0 too.
    if f[1] == 0 {
        f[1] = 1;
    }
    if f[2] == 0 {
        f[2] = 1;
    }
    if f[7] == 0 {
        f[7] = 1;
    }
    f[6] = f[6].rem_euclid(7);
    check_tm(vm, &f)?;
    vm.charge_bytes(fmt.len())?;
    // A huge field width would make a huge result: CPython gives up on a result longer
    // than 256 times the format (its buffer limit) and returns ''.
    let limit = 256 * fmt.len().max(1);
    if widest_field(fmt.as_bytes()) > limit {
        return vm.new_str("");
    }
    let tm = to_tm(&f);
    let zone = zone.unwrap_or_else(|| "UTC".to_string());
    let out = calendar::strftime_libc_zone(fmt.as_bytes(), &tm, &zone);
    vm.charge_bytes(out.len())?;
    vm.new_str(String::from_utf8_lossy(&out).into_owned())
}

/// The largest explicit field width in a strftime format (`%10Y` → 10).
fn widest_field(fmt: &[u8]) -> usize {
    let mut widest = 0usize;
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] == b'%' {
            i += 1;
            while i < fmt.len() && b"-_0^#".contains(&fmt[i]) {
                i += 1;
            }
            let mut w = 0usize;
            while i < fmt.len() && fmt[i].is_ascii_digit() {
                w = w
                    .saturating_mul(10)
                    .saturating_add((fmt[i] - b'0') as usize);
                i += 1;
            }
            widest = widest.max(w);
        }
        i += 1;
    }
    widest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_are_found() {
        assert_eq!(widest_field(b"%Y-%10m %_300d"), 300);
        assert_eq!(widest_field(b"plain"), 0);
    }

    #[test]
    fn asctime_layout() {
        let f = [2024, 1, 2, 3, 4, 5, 1, 2, 0];
        assert_eq!(asctime_text(&f), "Tue Jan  2 03:04:05 2024");
    }
}
