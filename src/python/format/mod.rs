//! CPython's exact text for numbers: `repr(float)`, the format-spec mini-language (`format()`,
//! f-strings, `str.format`), printf-style `%` conversions, `round()`, the int/float conversions
//! that must round correctly, `float.hex()`/`float.fromhex()`, `float(str)`/`int(str, base)`,
//! and the 4300-digit int/str conversion limit.
//!
//! Everything here is pure: no interpreter state, no host access, only `std`, `num-bigint` and
//! `num-traits`. The behaviour is Python 3.14's (recorded against CPython 3.11, whose number
//! formatting is identical, plus 3.14's one addition: grouping of the fractional part,
//! `format(x, '._f')`).
//!
//! Errors are returned as the exception's message text only (`String` or `&'static str`);
//! [`error_kind`] tells which exception class CPython raises with a given message, so callers do
//! not need a parallel table.
//!
//! Where this knowingly differs from CPython:
//! - `format(0xd800, 'c')` and `'%c' % 0xd800`: a Rust `String` cannot hold a lone surrogate, so
//!   they fail with `%c arg 0xd800 is a lone surrogate` (a message of this module's own).
//! - A width or precision too large to allocate is a `MemoryError` ([`MEMORY_ERROR`]) decided
//!   by `try_reserve`, not by CPython's own size checks; sizes that do fit are produced in
//!   full (`format(1.0, '.100000f')` is 100002 characters, as in CPython), so a caller that
//!   meters memory should look at [`parse_format_spec`]'s width and precision first.
//! - Unicode digits accepted in `int()`/`float()` and in widths are Unicode 14's plus a few
//!   later scripts; 3.14 (Unicode 16) knows some more.
//!
//! Unused parts of this API warn as dead code unless the module is reachable from the crate's
//! public API (`pub mod format;` in a `pub` parent).
//!
//! Layout of the module:
//! - [`spec`]: parsing `[[fill]align][sign]["z"]["#"]["0"][width][grouping]["." [precision][grouping]][type]`.
//! - `layout`: padding, alignment and digit grouping shared by every numeric type.
//! - [`float`]: `repr`, `format(float, spec)`, `float.hex`/`fromhex`.
//! - [`int`]: `format(int, spec)`, `str(int)` with the digit limit.
//! - [`convert`]: `int(float)`, `float(int)`, `int / int`, `round()`.
//! - [`percent`]: printf-style `%` conversions of numbers.
//! - [`parse`]: `float(str)` and `int(str, base)`.
//! - `string`: `format(str, spec)`.

pub mod convert;
pub mod float;
pub mod int;
mod layout;
pub mod parse;
pub mod percent;
pub mod spec;
mod string;

#[cfg(test)]
mod golden;

pub use convert::{
    bigint_to_f64, float_round_to_int, float_to_bigint, int_true_divide, round_float,
};
pub use float::{float_fromhex, float_hex, float_repr, format_float, format_float_named};
pub use int::{
    format_i64, format_int, format_int_named, int_str_digits_ok, int_str_limit_message,
    int_to_decimal_string, parse_limit_message, DEFAULT_MAX_STR_DIGITS, MAX_STR_DIGITS_THRESHOLD,
};
pub use layout::MEMORY_ERROR;
pub use parse::{parse_float, parse_int, parse_int_limited, IntParseError, INT_BASE_ERROR};
pub use percent::{
    percent_format_float, percent_format_i64, percent_format_int, percent_format_int_limited,
    PercentSpec,
};
pub use spec::{parse_format_spec, Align, FormatSpec, Sign};
pub use string::{format_str, format_str_named};

/// The Python exception class that CPython raises together with a message produced here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// `ValueError`: bad specs, bad literals, NaN to int, the digit limit.
    ValueError,
    /// `OverflowError`: infinity to int, results too large for a float, `%c` out of range.
    OverflowError,
    /// `ZeroDivisionError`: `int / 0`.
    ZeroDivisionError,
    /// `TypeError`: a printf conversion that needs an int was given a float.
    TypeError,
    /// `MemoryError`: the requested width or precision does not fit in memory
    /// ([`MEMORY_ERROR`], an empty message as in CPython).
    MemoryError,
}

/// Classifies a message returned by any function of this module into the exception CPython
/// raises with it. Every message not listed is a `ValueError`, as most of them are.
pub fn error_kind(message: &str) -> ErrorKind {
    const OVERFLOW: &[&str] = &[
        "%c arg not in range(0x110000)",
        "Python int too large to convert to C long",
        "int too large to convert to float",
        "cannot convert float infinity to integer",
        "rounded value too large to represent",
        "integer division result too large for a float",
        "hexadecimal value too large to represent as a float",
    ];
    if message == MEMORY_ERROR {
        ErrorKind::MemoryError
    } else if OVERFLOW.contains(&message) {
        ErrorKind::OverflowError
    } else if message == "division by zero" {
        ErrorKind::ZeroDivisionError
    } else if message.ends_with("an integer is required, not float")
        || message == "%c requires int or char"
    {
        ErrorKind::TypeError
    } else {
        ErrorKind::ValueError
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_kinds() {
        assert_eq!(error_kind("division by zero"), ErrorKind::ZeroDivisionError);
        assert_eq!(
            error_kind("cannot convert float infinity to integer"),
            ErrorKind::OverflowError
        );
        assert_eq!(
            error_kind("cannot convert float NaN to integer"),
            ErrorKind::ValueError
        );
        assert_eq!(
            error_kind("%x format: an integer is required, not float"),
            ErrorKind::TypeError
        );
        assert_eq!(
            error_kind("Format specifier missing precision"),
            ErrorKind::ValueError
        );
    }
}
