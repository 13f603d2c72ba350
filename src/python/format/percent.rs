//! printf-style conversions of numbers (`'%5.2f' % x`): the number part of `str.__mod__`.
//!
//! Parsing the format string, fetching arguments, `%%`, `%s`/`%r` of arbitrary objects and
//! the "unsupported format character" error (which needs the position) are the interpreter's;
//! given one conversion's flags and a numeric argument, this produces the text.
//!
//! Differences from `format()` worth knowing: the precision of an integer conversion is a
//! minimum digit count (`'%.5d' % 42` is `00042`), `#o` gives `0o` (Python 3), `%x` of a
//! negative int is `-ff`, `-` beats `0`, and `%c` takes only an int here.

use num_bigint::BigInt;
use num_traits::ToPrimitive;

use super::convert::{bigint_to_f64, float_to_bigint};
use super::float::{float_body, float_repr, render_body, Buf};
use super::int::{code_point, int_to_decimal_string, DEFAULT_MAX_STR_DIGITS};
use super::layout::{pad_text, render, Field, Number, MEMORY_ERROR};
use super::spec::{Align, Sign};

/// One printf-style conversion: `%[flags][width][.precision]conv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PercentSpec {
    /// `-`: left-align in the width (wins over `0`).
    pub left_align: bool,
    /// `+`: always a sign.
    pub sign_plus: bool,
    /// ` `: a space for non-negative numbers (when `+` is absent).
    pub space: bool,
    /// `#`: alternate form (`0o`/`0x` prefixes, a point that stays).
    pub alt: bool,
    /// `0`: pad with zeros after the sign and prefix.
    pub zero_pad: bool,
    /// Minimum width in characters.
    pub width: Option<usize>,
    /// Precision: digits after the point (`e f`), significant digits (`g`), minimum digits
    /// (`d o x`), or a truncation length (`r s a`).
    pub precision: Option<usize>,
    /// The conversion character: one of `d i u o x X e E f F g G c r s a`.
    pub conv: char,
}

impl PercentSpec {
    /// A spec with no flags, width or precision.
    pub fn new(conv: char) -> Self {
        PercentSpec {
            left_align: false,
            sign_plus: false,
            space: false,
            alt: false,
            zero_pad: false,
            width: None,
            precision: None,
            conv,
        }
    }

    /// CPython refuses precisions beyond a C `int` while parsing the format.
    fn check(&self) -> Result<(), String> {
        match self.precision {
            Some(p) if p > i32::MAX as usize => Err("precision too big".into()),
            _ => Ok(()),
        }
    }

    fn number_field(&self) -> Field {
        let (fill, align) = if self.left_align {
            (' ', Align::Left)
        } else if self.zero_pad {
            ('0', Align::AfterSign)
        } else {
            (' ', Align::Right)
        };
        Field {
            fill,
            align,
            sign: if self.sign_plus {
                Sign::Plus
            } else if self.space {
                Sign::Space
            } else {
                Sign::Minus
            },
            width: self.width.unwrap_or(0),
            group: None,
            frac_group: None,
        }
    }

    /// `%s`/`%r`/`%c`-style text: truncated to the precision (not for `c`), padded with
    /// spaces.
    fn text(&self, s: &str) -> Result<String, String> {
        let mut s = s;
        if let Some(p) = self.precision.filter(|_| self.conv != 'c') {
            if let Some((i, _)) = s.char_indices().nth(p) {
                s = &s[..i];
            }
        }
        let align = if self.left_align {
            Align::Left
        } else {
            Align::Right
        };
        pad_text(s, s.chars().count(), self.width.unwrap_or(0), ' ', align)
    }
}

fn unsupported(conv: char) -> String {
    format!("unsupported format character '{conv}' ({:#x})", conv as u32)
}

/// One `%` conversion of a float. `e E f F g G` format it (default precision 6), `r s a` give
/// its `repr`, `d i u` its truncation to an int. Errors: `%x format: an integer is required,
/// not float` (TypeError, also for `o X`), `%c requires int or char` (TypeError), `cannot
/// convert float NaN/infinity to integer`, and `unsupported format character 'q' (0x71)` for
/// anything else (CPython adds ` at index N`, which only the caller knows).
pub fn percent_format_float(x: f64, spec: &PercentSpec) -> Result<String, String> {
    spec.check()?;
    match spec.conv {
        'e' | 'E' | 'f' | 'F' | 'g' | 'G' => {
            let precision = Some(spec.precision.unwrap_or(6));
            let mut body: Buf<128> = Buf::new();
            let negative = float_body(x, Some(spec.conv), precision, spec.alt, &mut body);
            if body.failed() {
                return Err(MEMORY_ERROR.into());
            }
            render_body(body.as_str(), negative, false, &spec.number_field())
        }
        'r' | 's' | 'a' => spec.text(&float_repr(x)),
        'd' | 'i' | 'u' => {
            let v = float_to_bigint(x)?;
            percent_format_int(&v, spec)
        }
        'o' | 'x' | 'X' => Err(format!(
            "%{} format: an integer is required, not float",
            spec.conv
        )),
        'c' => Err("%c requires int or char".into()),
        c => Err(unsupported(c)),
    }
}

/// One `%` conversion of an int: `d i u o x X` (precision = minimum digits), `e E f F g G`
/// (converted to float: `int too large to convert to float`), `c` (`%c arg not in
/// range(0x110000)`), `r s a` (its decimal text). Decimal output obeys the default 4300-digit
/// limit; see [`percent_format_int_limited`].
pub fn percent_format_int(x: &BigInt, spec: &PercentSpec) -> Result<String, String> {
    percent_format_int_limited(x, spec, DEFAULT_MAX_STR_DIGITS)
}

/// [`percent_format_int`] for an `i64` operand.
pub fn percent_format_i64(x: i64, spec: &PercentSpec) -> Result<String, String> {
    spec.check()?;
    match spec.conv {
        'd' | 'i' | 'u' | 'o' | 'x' | 'X' => {
            let m = x.unsigned_abs();
            let digits = match spec.conv {
                'o' => format!("{m:o}"),
                'x' => format!("{m:x}"),
                'X' => format!("{m:X}"),
                _ => m.to_string(),
            };
            int_conversion(x < 0, &digits, spec)
        }
        'e' | 'E' | 'f' | 'F' | 'g' | 'G' => percent_format_float(x as f64, spec),
        'c' => spec.text(code_point(x)?.encode_utf8(&mut [0; 4])),
        'r' | 's' | 'a' => spec.text(&x.to_string()),
        c => Err(unsupported(c)),
    }
}

/// [`percent_format_int`] with the interpreter's `sys.get_int_max_str_digits()` (0 = none).
pub fn percent_format_int_limited(
    x: &BigInt,
    spec: &PercentSpec,
    max_str_digits: usize,
) -> Result<String, String> {
    spec.check()?;
    if let Some(v) = x.to_i64() {
        return percent_format_i64(v, spec);
    }
    let negative = x.sign() == num_bigint::Sign::Minus;
    match spec.conv {
        'd' | 'i' | 'u' => {
            let text = int_to_decimal_string(x, max_str_digits)?;
            int_conversion(negative, text.trim_start_matches('-'), spec)
        }
        'o' | 'x' | 'X' => {
            let radix = if spec.conv == 'o' { 8 } else { 16 };
            let mut digits = x.magnitude().to_str_radix(radix);
            if spec.conv == 'X' {
                digits.make_ascii_uppercase();
            }
            int_conversion(negative, &digits, spec)
        }
        'e' | 'E' | 'f' | 'F' | 'g' | 'G' => percent_format_float(bigint_to_f64(x)?, spec),
        // Any int outside i64 is out of range too; CPython says so with the %c message.
        'c' => Err("%c arg not in range(0x110000)".into()),
        'r' | 's' | 'a' => spec.text(&int_to_decimal_string(x, max_str_digits)?),
        c => Err(unsupported(c)),
    }
}

/// Sign, `0x` prefix, digits zero-extended to the precision, then the width.
fn int_conversion(negative: bool, digits: &str, spec: &PercentSpec) -> Result<String, String> {
    let prefix = match (spec.alt, spec.conv) {
        (true, 'o') => "0o",
        (true, 'x') => "0x",
        (true, 'X') => "0X",
        _ => "",
    };
    let extended;
    let mut digits = digits;
    if let Some(p) = spec.precision {
        if p > digits.len() {
            let mut s = super::layout::string_with_capacity(p)?;
            super::layout::push_fill(&mut s, '0', p - digits.len());
            s.push_str(digits);
            extended = s;
            digits = &extended;
        }
    }
    render(
        &Number {
            negative,
            prefix,
            digits: digits.as_bytes(),
            point: false,
            frac: b"",
            rest: "",
        },
        &spec.number_field(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(s: &str) -> PercentSpec {
        // A tiny parser for the tests: flags, width, precision, conversion.
        let mut p = PercentSpec::new(s.chars().last().unwrap());
        let body = &s[1..s.len() - 1];
        let mut chars = body.chars().peekable();
        while let Some(&c) = chars.peek() {
            match c {
                '-' => p.left_align = true,
                '+' => p.sign_plus = true,
                ' ' => p.space = true,
                '#' => p.alt = true,
                '0' => p.zero_pad = true,
                _ => break,
            }
            chars.next();
        }
        let rest: String = chars.collect();
        let (w, prec) = match rest.split_once('.') {
            Some((w, p)) => (w, Some(p.parse().unwrap_or(0))),
            None => (rest.as_str(), None),
        };
        p.width = w.parse().ok();
        p.precision = prec;
        p
    }

    #[test]
    fn ints() {
        let cases: &[(&str, i64, &str)] = &[
            ("%d", -42, "-42"),
            ("%05d", -42, "-0042"),
            ("%.5d", -42, "-00042"),
            ("%08.5d", 42, "00000042"),
            ("%-8.5d|", 42, "00042   |"),
            ("%#o", 42, "0o52"),
            ("%#x", -42, "-0x2a"),
            ("%#.5x", 42, "0x0002a"),
            ("%#08x", -42, "-0x0002a"),
            ("%+#x", 42, "+0x2a"),
            ("% #o", 42, " 0o52"),
            ("%.0d", 0, "0"),
            ("%#.0o", 0, "0o0"),
            ("%c", 42, "*"),
            ("%05c", 65, "    A"),
            ("%-5c|", 65, "A    |"),
            ("%+.1e", 255, "+2.6e+02"),
            ("%#.0e", -255, "-3.e+02"),
            ("%.3s", -255, "-25"),
            ("%08s", 42, "      42"),
            ("%-08d|", 42, "42      |"),
            ("%+.3d", 5, "+005"),
            ("% 05d", 5, " 0005"),
            ("%+05x", 255, "+00ff"),
            ("%#5o", 8, " 0o10"),
            ("%-#05x|", 255, "0xff |"),
            ("%#.3o", 8, "0o010"),
            ("%#X", 255, "0XFF"),
        ];
        for &(f, v, want) in cases {
            let s = spec(f.trim_end_matches('|'));
            let mut got = percent_format_i64(v, &s).unwrap();
            if f.ends_with('|') {
                got.push('|');
            }
            assert_eq!(got, want, "{f} % {v}");
            let big = percent_format_int(&BigInt::from(v), &s).unwrap();
            assert_eq!(big, percent_format_i64(v, &s).unwrap());
        }
        assert_eq!(
            percent_format_i64(-1, &spec("%c")).unwrap_err(),
            "%c arg not in range(0x110000)"
        );
        let big = BigInt::from(10).pow(20);
        assert_eq!(
            percent_format_int(&big, &spec("%#x")).unwrap(),
            "0x56bc75e2d63100000"
        );
        assert_eq!(
            percent_format_int(&-big.clone(), &spec("%+.1e")).unwrap(),
            "-1.0e+20"
        );
        assert_eq!(
            percent_format_int(&big, &spec("%c")).unwrap_err(),
            "%c arg not in range(0x110000)"
        );
    }

    #[test]
    fn floats() {
        let cases: &[(&str, f64, &str)] = &[
            ("%f", 1.5, "1.500000"),
            ("%.0f", 2.5, "2"),
            ("%#.0f", 2.5, "2."),
            ("%.0e", 1.5, "2e+00"),
            ("%#.0g", 0.0, "0."),
            ("%#.0g", 0.5, "0.5"),
            ("%#.10g", 0.0, "0.000000000"),
            ("%+010.2e", -2.5, "-02.50e+00"),
            ("%010.3f", -0.0, "-00000.000"),
            ("% f", 1e-5, " 0.000010"),
            ("%g", 5e-324, "4.94066e-324"),
            ("%.17g", 1e-7, "9.9999999999999995e-08"),
            ("%.3r", 1e16, "1e+"),
            ("%10r", 1.5, "       1.5"),
            ("%05r", 1.5, "  1.5"),
            ("%.0r", 1.5, ""),
            ("%d", -2.5, "-2"),
            ("%i", 1e16, "10000000000000000"),
            ("%06f", f64::NAN, "000nan"),
            ("%06f", f64::NEG_INFINITY, "-00inf"),
            ("%-6f", f64::INFINITY, "inf   "),
            ("%+f", f64::NAN, "+nan"),
            ("%F", f64::NAN, "NAN"),
        ];
        for &(f, v, want) in cases {
            assert_eq!(
                percent_format_float(v, &spec(f)).unwrap(),
                want,
                "{f} % {v}"
            );
        }
        assert_eq!(
            percent_format_float(1.5, &spec("%x")).unwrap_err(),
            "%x format: an integer is required, not float"
        );
        assert_eq!(
            percent_format_float(1.5, &spec("%c")).unwrap_err(),
            "%c requires int or char"
        );
        assert_eq!(
            percent_format_float(f64::NAN, &spec("%d")).unwrap_err(),
            "cannot convert float NaN to integer"
        );
        assert_eq!(
            percent_format_float(1.5, &spec("%q")).unwrap_err(),
            "unsupported format character 'q' (0x71)"
        );
        assert_eq!(
            percent_format_float(1.5, &spec("%.2147483648f")).unwrap_err(),
            "precision too big"
        );
        assert_eq!(
            percent_format_i64(1, &spec("%.2147483648d")).unwrap_err(),
            "precision too big"
        );
        // Absurd sizes are a MemoryError, not an abort.
        let wide = PercentSpec {
            width: Some(usize::MAX / 2),
            ..PercentSpec::new('f')
        };
        assert_eq!(percent_format_float(1.5, &wide).unwrap_err(), MEMORY_ERROR);
    }
}
