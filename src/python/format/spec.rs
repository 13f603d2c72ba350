//! The standard format specifier, Python 3.14's grammar:
//!
//! ```text
//! format_spec: [[fill]align][sign]["z"]["#"]["0"][width][grouping]["." (precision [grouping] | grouping)][type]
//! ```
//!
//! Parsing is shared by every type; the checks that depend only on the spec (which grouping
//! goes with which presentation type, a missing precision, trailing junk) are made here, in the
//! order CPython makes them, because that order decides which message a bad spec gets. The
//! checks that depend on the value's type (a sign on a string, a precision on an int) belong to
//! the formatters.

use super::parse::decimal_value;

/// Alignment of the content inside the field width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// `<`
    Left,
    /// `>`
    Right,
    /// `^` (the extra fill char goes on the right)
    Center,
    /// `=`: padding between the sign (and `0x` prefix) and the digits.
    AfterSign,
}

/// The sign option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// `-`: only negative numbers get a sign (also the default when none is given).
    Minus,
    /// `+`: always a sign.
    Plus,
    /// ` `: a space in place of `+`.
    Space,
}

/// A parsed format specifier. Fields keep what the text said, so type-specific defaults
/// (default alignment, default presentation type) are resolved by each formatter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatSpec {
    /// The fill character: the explicit one, else `'0'` when the `0` flag was given, else ' '.
    pub fill: char,
    /// The explicit alignment, if any.
    pub align: Option<Align>,
    /// The explicit sign option, if any.
    pub sign: Option<Sign>,
    /// `z`: negative zero (after rounding) is shown as positive zero.
    pub no_neg_zero: bool,
    /// `#`: alternate form.
    pub alternate: bool,
    /// The `0` flag was given (it only counts when no explicit fill was given).
    pub zero_pad: bool,
    /// Minimum field width in characters (code points).
    pub width: Option<usize>,
    /// Separator for the integer part: `','` or `'_'`.
    pub grouping: Option<char>,
    /// Precision; `None` when absent (also for `'._'`, a dot followed only by a grouping).
    pub precision: Option<usize>,
    /// Separator for the fractional part (new in 3.14): `','` or `'_'`.
    pub frac_grouping: Option<char>,
    /// The presentation type character, if any.
    pub ty: Option<char>,
}

impl FormatSpec {
    /// The alignment a numeric formatter uses: explicit, else `=` when zero-padding, else `>`.
    pub fn numeric_align(&self) -> Align {
        match self.align {
            Some(a) => a,
            None if self.zero_pad => Align::AfterSign,
            None => Align::Right,
        }
    }
}

/// Renders a presentation type for a message the way CPython does: printable ASCII as itself,
/// anything else as `\x` and lowercase hex without padding.
pub(super) fn type_char_text(c: char) -> String {
    let code = c as u32;
    if code > 32 && code < 128 {
        c.to_string()
    } else {
        format!("\\x{code:x}")
    }
}

/// `Unknown format code 'X' for object of type 'T'`.
pub(super) fn unknown_code(ty: char, type_name: &str) -> String {
    format!(
        "Unknown format code '{}' for object of type '{}'",
        type_char_text(ty),
        type_name
    )
}

const BOTH_SEPARATORS: &str = "Cannot specify both ',' and '_'.";
const TOO_MANY_DIGITS: &str = "Too many decimal digits in format string";

/// Reads a run of decimal digits (any Unicode decimal digit counts, as in CPython) starting at
/// `chars[*pos]`. Returns the number of digits consumed and their value.
fn read_integer(chars: &[char], pos: &mut usize) -> Result<(usize, usize), String> {
    let start = *pos;
    let mut value: usize = 0;
    while let Some(d) = chars.get(*pos).copied().and_then(decimal_value) {
        // CPython caps at Py_ssize_t's maximum.
        value = value
            .checked_mul(10)
            .and_then(|v| v.checked_add(d as usize))
            .filter(|v| *v <= isize::MAX as usize)
            .ok_or_else(|| TOO_MANY_DIGITS.to_string())?;
        *pos += 1;
    }
    Ok((*pos - start, value))
}

fn is_align(c: char) -> Option<Align> {
    match c {
        '<' => Some(Align::Left),
        '>' => Some(Align::Right),
        '^' => Some(Align::Center),
        '=' => Some(Align::AfterSign),
        _ => None,
    }
}

/// Parses `spec` for an object whose Python type is `type_name` (it appears in the "Invalid
/// format specifier" message) and whose default presentation type is `default_type` (`'d'` for
/// int, `'s'` for str, `None` for float): the grouping checks use the default when the spec has
/// no type, so `format('x', ',')` complains about `'s'`.
///
/// The returned spec's `ty` is the explicit type only; callers apply their default.
pub fn parse_format_spec(
    spec: &str,
    type_name: &str,
    default_type: Option<char>,
) -> Result<FormatSpec, String> {
    let mut out = FormatSpec {
        fill: ' ',
        align: None,
        sign: None,
        no_neg_zero: false,
        alternate: false,
        zero_pad: false,
        width: None,
        grouping: None,
        precision: None,
        frac_grouping: None,
        ty: None,
    };
    if spec.is_empty() {
        return Ok(out);
    }
    // Specs are short; a char vector keeps the indexing by code point simple (the fill may be
    // any character).
    let mut small = [' '; 24];
    let heap: Vec<char>;
    let n = spec.chars().count();
    let chars: &[char] = if n <= small.len() {
        for (slot, c) in small.iter_mut().zip(spec.chars()) {
            *slot = c;
        }
        &small[..n]
    } else {
        heap = spec.chars().collect();
        &heap
    };
    let mut pos = 0;
    let mut fill_given = false;
    if n >= 2 {
        if let Some(a) = is_align(chars[1]) {
            out.fill = chars[0];
            out.align = Some(a);
            fill_given = true;
            pos = 2;
        }
    }
    if pos == 0 {
        if let Some(a) = is_align(chars[0]) {
            out.align = Some(a);
            pos = 1;
        }
    }
    match chars.get(pos) {
        Some('+') => out.sign = Some(Sign::Plus),
        Some('-') => out.sign = Some(Sign::Minus),
        Some(' ') => out.sign = Some(Sign::Space),
        _ => {}
    }
    if out.sign.is_some() {
        pos += 1;
    }
    if chars.get(pos) == Some(&'z') {
        out.no_neg_zero = true;
        pos += 1;
    }
    if chars.get(pos) == Some(&'#') {
        out.alternate = true;
        pos += 1;
    }
    // With an explicit fill the '0' is just the first digit of the width.
    if !fill_given && chars.get(pos) == Some(&'0') {
        out.fill = '0';
        out.zero_pad = true;
        pos += 1;
    }
    let (consumed, width) = read_integer(chars, &mut pos)?;
    if consumed > 0 {
        out.width = Some(width);
    }
    if chars.get(pos) == Some(&',') {
        out.grouping = Some(',');
        pos += 1;
    }
    if chars.get(pos) == Some(&'_') {
        if out.grouping.is_some() {
            return Err(BOTH_SEPARATORS.into());
        }
        out.grouping = Some('_');
        pos += 1;
    }
    // "_," is refused here; ",," falls through and the second ',' becomes the type.
    if chars.get(pos) == Some(&',') && out.grouping == Some('_') {
        return Err(BOTH_SEPARATORS.into());
    }
    if chars.get(pos) == Some(&'.') {
        pos += 1;
        let (mut consumed, precision) = read_integer(chars, &mut pos)?;
        if consumed > 0 {
            out.precision = Some(precision);
        }
        if chars.get(pos) == Some(&',') {
            out.frac_grouping = Some(',');
            pos += 1;
            consumed += 1;
        }
        if chars.get(pos) == Some(&'_') {
            if out.frac_grouping.is_some() {
                return Err(BOTH_SEPARATORS.into());
            }
            out.frac_grouping = Some('_');
            pos += 1;
            consumed += 1;
        }
        if chars.get(pos) == Some(&',') && out.frac_grouping == Some('_') {
            return Err(BOTH_SEPARATORS.into());
        }
        if consumed == 0 {
            return Err("Format specifier missing precision".into());
        }
    }
    if n - pos > 1 {
        return Err(format!(
            "Invalid format specifier '{spec}' for object of type '{type_name}'"
        ));
    }
    if n - pos == 1 {
        out.ty = Some(chars[pos]);
    }
    let ty = out.ty.or(default_type);
    if let Some(sep) = out.grouping {
        let ok = match ty {
            None | Some('d' | 'e' | 'f' | 'g' | 'E' | 'G' | '%' | 'F') => true,
            // PEP 515: '_' (every four digits) is allowed for the power-of-two bases.
            Some('b' | 'o' | 'x' | 'X') => sep == '_',
            Some(_) => false,
        };
        if !ok {
            return Err(separator_with(sep, ty.unwrap_or('\0')));
        }
    }
    if ty == Some('n') {
        if let Some(sep) = out.frac_grouping {
            return Err(separator_with(sep, 'n'));
        }
    }
    Ok(out)
}

fn separator_with(sep: char, ty: char) -> String {
    format!("Cannot specify '{sep}' with '{}'.", type_char_text(ty))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> FormatSpec {
        parse_format_spec(s, "float", None).unwrap()
    }

    #[test]
    fn fields() {
        let s = p("*^+z#012,.3_f");
        assert_eq!(s.fill, '*');
        assert_eq!(s.align, Some(Align::Center));
        assert_eq!(s.sign, Some(Sign::Plus));
        assert!(s.no_neg_zero && s.alternate);
        // An explicit fill makes the '0' part of the width.
        assert!(!s.zero_pad);
        assert_eq!(s.width, Some(12));
        assert_eq!(s.grouping, Some(','));
        assert_eq!(s.precision, Some(3));
        assert_eq!(s.frac_grouping, Some('_'));
        assert_eq!(s.ty, Some('f'));
        let z = p("010");
        assert!(z.zero_pad);
        assert_eq!(z.fill, '0');
        assert_eq!(z.numeric_align(), Align::AfterSign);
        assert_eq!(p("<010").numeric_align(), Align::Left);
        let dot = p("._");
        assert_eq!(dot.precision, None);
        assert_eq!(dot.frac_grouping, Some('_'));
        assert_eq!(p("é>5").fill, 'é');
        // Unicode digits are digits in a width, as in CPython.
        assert_eq!(p("\u{0661}\u{0660}").width, Some(10));
    }

    #[test]
    fn errors() {
        let e = |s: &str, t: &str, d: Option<char>| parse_format_spec(s, t, d).unwrap_err();
        assert_eq!(
            e(",_", "int", Some('d')),
            "Cannot specify both ',' and '_'."
        );
        assert_eq!(
            e("_,", "int", Some('d')),
            "Cannot specify both ',' and '_'."
        );
        assert_eq!(e(",,", "int", Some('d')), "Cannot specify ',' with ','.");
        assert_eq!(e("__", "int", Some('d')), "Cannot specify '_' with '_'.");
        assert_eq!(
            e(".", "int", Some('d')),
            "Format specifier missing precision"
        );
        assert_eq!(e(".f", "float", None), "Format specifier missing precision");
        assert_eq!(
            e("abc", "int", Some('d')),
            "Invalid format specifier 'abc' for object of type 'int'"
        );
        assert_eq!(e(",x", "int", Some('d')), "Cannot specify ',' with 'x'.");
        assert_eq!(e(",", "str", Some('s')), "Cannot specify ',' with 's'.");
        assert_eq!(e("_n", "float", None), "Cannot specify '_' with 'n'.");
        assert_eq!(e(".3,n", "float", None), "Cannot specify ',' with 'n'.");
        assert_eq!(
            e("._6f", "float", None),
            "Invalid format specifier '._6f' for object of type 'float'"
        );
        assert_eq!(e(".,_f", "float", None), "Cannot specify both ',' and '_'.");
        assert_eq!(
            e(".6_,f", "float", None),
            "Cannot specify both ',' and '_'."
        );
        assert_eq!(
            e(",\u{1}", "int", Some('d')),
            "Cannot specify ',' with '\\x1'."
        );
        assert_eq!(
            e("99999999999999999999", "int", Some('d')),
            "Too many decimal digits in format string"
        );
        assert_eq!(
            e(".99999999999999999999f", "float", None),
            "Too many decimal digits in format string"
        );
    }
}
