//! `diff -y`: GNU diffutils' side-by-side format (its `side.c`), plus `-t`'s tab expansion of
//! the other formats' lines (`util.c`'s `output_1_line`). Columns follow GNU's rules exactly:
//! the half width and the right column's offset come from `-W` and the tab size, each half
//! line is cut at the half width as the terminal would show it (tabs, backspaces and carriage
//! returns move the column), and the gap is filled with tabs unless `-t` asks for spaces.

use super::Hunk;
use crate::process::Interrupt;

/// GNU's `GUTTER_WIDTH_MINIMUM`: the least room between the halves, separator included.
const GUTTER: i128 = 3;

/// Where the columns go for a total width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The most columns a half line may take (`sdiff_half_width`).
    pub half: u64,
    /// The column the right half starts at (`sdiff_column2_offset`).
    pub col2: u64,
    pub tab: u64,
    pub expand: bool,
}

impl Layout {
    /// GNU's rule: maximise the half width, then the gutter, such that two halves and a gutter
    /// fit in `width` and, when tabs are kept, a half plus its gutter is whole tab stops (so the
    /// right column's own tabs line up).
    pub fn new(width: u64, tab: u64, expand: bool) -> Layout {
        let t: i128 = if expand { 1 } else { tab as i128 };
        let w = width as i128;
        let t_plus_g = t + GUTTER;
        let unaligned = (w >> 1) + (t_plus_g >> 1) + (w & t_plus_g & 1);
        let off = unaligned - unaligned % t;
        let half = if off <= GUTTER || w <= off {
            0
        } else {
            (off - GUTTER).min(w - off)
        };
        let col2 = if half != 0 { off } else { w };
        Layout {
            half: half as u64,
            col2: col2 as u64,
            tab,
            expand,
        }
    }
}

/// What to print besides the changes.
pub struct Style {
    pub layout: Layout,
    pub suppress_common: bool,
    pub left_column: bool,
    /// Multibyte characters (UTF-8 locale) take their display width; in the C locale every
    /// byte that is not printable ASCII takes none.
    pub utf8: bool,
}

/// Called before the output grows by that many bytes (the gaps are the only part not
/// bounded by the input, so the meter sees them before they are built).
pub type Grow<'a> = &'a mut dyn FnMut(u64) -> Result<(), Interrupt>;

struct Writer<'a, 'g> {
    out: &'a mut Vec<u8>,
    style: &'a Style,
    grow: Grow<'g>,
}

impl Writer<'_, '_> {
    /// GNU's `tab_from_to`: pads from column `from` to `to` with tabs (unless expanding)
    /// then spaces; returns `to` even when already past it.
    fn tab_from_to(&mut self, mut from: u64, to: u64) -> Result<u64, Interrupt> {
        let ts = self.style.layout.tab;
        if from < to {
            (self.grow)(to - from)?;
        }
        if !self.style.layout.expand {
            let mut tab = from + ts - from % ts;
            while tab <= to {
                self.out.push(b'\t');
                from = tab;
                tab += ts;
            }
        }
        while from < to {
            self.out.push(b' ');
            from += 1;
        }
        Ok(to)
    }

    /// GNU's `print_half_line`: the line up to its newline, cut at `bound` columns. Returns the
    /// last column written.
    fn half_line(&mut self, line: &[u8], indent: u64, bound: u64) -> Result<u64, Interrupt> {
        let ts = self.style.layout.tab;
        let (mut in_pos, mut out_pos) = (0u64, 0u64);
        let mut i = 0;
        while i < line.len() {
            let c = line[i];
            i += 1;
            match c {
                b'\n' => return Ok(out_pos),
                b'\t' => {
                    let spaces = ts - in_pos % ts;
                    if in_pos == out_pos {
                        let mut stop = out_pos + spaces;
                        if self.style.layout.expand {
                            stop = stop.min(bound);
                            if out_pos < stop {
                                (self.grow)(stop - out_pos)?;
                            }
                            while out_pos < stop {
                                self.out.push(b' ');
                                out_pos += 1;
                            }
                        } else if stop < bound {
                            out_pos = stop;
                            self.out.push(b'\t');
                        }
                    }
                    in_pos += spaces;
                }
                b'\r' => {
                    self.out.push(b'\r');
                    self.tab_from_to(0, indent)?;
                    in_pos = 0;
                    out_pos = 0;
                }
                0x08 => {
                    if in_pos != 0 {
                        in_pos -= 1;
                        if in_pos < bound {
                            if out_pos <= in_pos {
                                // Spaces make up for a tab suppressed past the bound.
                                (self.grow)(in_pos - out_pos)?;
                                while out_pos < in_pos {
                                    self.out.push(b' ');
                                    out_pos += 1;
                                }
                            } else {
                                out_pos = in_pos;
                                self.out.push(c);
                            }
                        }
                    }
                }
                0x20..=0x7e => {
                    if in_pos < bound {
                        out_pos = in_pos + 1;
                        self.out.push(c);
                    }
                    in_pos += 1;
                }
                // mbrtowc returns 0 for NUL; GNU then treats it like \f and \v.
                0 | 0x0c | 0x0b => {
                    if in_pos < bound {
                        self.out.push(c);
                    }
                }
                _ => {
                    let (len, width) = if self.style.utf8 && c >= 0x80 {
                        match utf8_char(&line[i - 1..]) {
                            Some(x) => x,
                            None => {
                                // Not a character: like \f.
                                if in_pos < bound {
                                    self.out.push(c);
                                }
                                continue;
                            }
                        }
                    } else {
                        // A control character, or any byte in glibc's C locale: one
                        // character of no width.
                        (1, 0)
                    };
                    in_pos += width;
                    if in_pos <= bound {
                        out_pos = in_pos;
                        self.out.extend_from_slice(&line[i - 1..i - 1 + len]);
                    }
                    i += len - 1;
                }
            }
        }
        Ok(out_pos)
    }

    /// GNU's `print_1sdiff_line`: a left half, a separator, a right half.
    fn row(&mut self, left: Option<&[u8]>, sep: u8, right: Option<&[u8]>) -> Result<(), Interrupt> {
        let l = self.style.layout;
        let mut col = 0;
        let mut newline = false;
        if let Some(left) = left {
            newline |= left.ends_with(b"\n");
            col = self.half_line(left, 0, l.half)?;
        }
        if sep != b' ' {
            col = self.tab_from_to(col, (l.half + l.col2 - 1) / 2)? + 1;
            let mut sep = sep;
            if sep == b'|' && Some(newline) != right.map(|r| r.ends_with(b"\n")) {
                // One side lacks its final newline.
                sep = if newline { b'/' } else { b'\\' };
            }
            self.out.push(sep);
        }
        if let Some(right) = right {
            newline |= right.ends_with(b"\n");
            if right.first() != Some(&b'\n') {
                col = self.tab_from_to(col, l.col2)?;
                self.half_line(right, col, l.half)?;
            }
        }
        if newline {
            self.out.push(b'\n');
        }
        Ok(())
    }

    /// Lines common to both files: `a[i0..a1]` beside `b[i1..b1]`.
    fn common(&mut self, a: &[&[u8]], b: &[&[u8]]) -> Result<(), Interrupt> {
        if self.style.suppress_common {
            return Ok(());
        }
        let mut k = 0;
        if !self.style.left_column {
            while k < a.len() && k < b.len() {
                self.row(Some(a[k]), b' ', Some(b[k]))?;
                k += 1;
            }
            for r in &b[k.min(b.len())..] {
                self.row(None, b')', Some(r))?;
            }
        }
        for l in &a[k.min(a.len())..] {
            self.row(Some(l), b'(', None)?;
        }
        Ok(())
    }
}

/// Writes the side-by-side listing of `a` and `b` with the changes `hs` (hunks that `-B`
/// ignores are left out by the caller and so show as common lines, as in GNU).
pub fn render(
    a: &[&[u8]],
    b: &[&[u8]],
    hs: &[Hunk],
    style: &Style,
    grow: Grow<'_>,
    out: &mut Vec<u8>,
) -> Result<(), Interrupt> {
    let mut w = Writer { out, style, grow };
    let (mut i, mut j) = (0, 0);
    for h in hs {
        w.common(&a[i..h.a0], &b[j..h.b0])?;
        let pairs = (h.a1 - h.a0).min(h.b1 - h.b0);
        for k in 0..pairs {
            w.row(Some(a[h.a0 + k]), b'|', Some(b[h.b0 + k]))?;
        }
        for r in &b[h.b0 + pairs..h.b1] {
            w.row(None, b'>', Some(r))?;
        }
        for l in &a[h.a0 + pairs..h.a1] {
            w.row(Some(l), b'<', None)?;
        }
        (i, j) = (h.a1, h.b1);
    }
    w.common(&a[i..], &b[j..])
}

/// A UTF-8 character at the start of `s`: its length and display width, or `None` for an
/// invalid or incomplete sequence. Widths follow the common cases of `wcwidth`: combining
/// marks and format characters take none, East Asian wide characters and emoji take two.
fn utf8_char(s: &[u8]) -> Option<(usize, u64)> {
    let len = match s[0] {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return None,
    };
    let ch = std::str::from_utf8(s.get(..len)?).ok()?.chars().next()?;
    let c = ch as u32;
    let width = match c {
        0x80..=0x9f => 0,
        0x0300..=0x036f | 0x200b..=0x200f | 0xfe00..=0xfe0f | 0x20e0..=0x20ff => 0,
        0x1100..=0x115f
        | 0x2e80..=0x303e
        | 0x3041..=0x33ff
        | 0x3400..=0x4dbf
        | 0x4e00..=0x9fff
        | 0xa000..=0xa4cf
        | 0xac00..=0xd7a3
        | 0xf900..=0xfaff
        | 0xfe30..=0xfe4f
        | 0xff00..=0xff60
        | 0xffe0..=0xffe6
        | 0x1f300..=0x1f64f
        | 0x1f900..=0x1f9ff
        | 0x20000..=0x3fffd => 2,
        _ => 1,
    };
    Some((len, width))
}

/// `-t` for the line formats: `line` (without its newline) with tabs expanded to `tab`
/// stops counted from the start of the text. After a carriage return GNU prints the line's
/// flag again (`reflag`, the normal and context formats' `< `, `! `...) unless the line ends.
pub fn expand_tabs(line: &[u8], tab: u64, reflag: Option<&[u8]>, out: &mut Vec<u8>) {
    let mut column = 0u64;
    for (k, &c) in line.iter().enumerate() {
        match c {
            b'\t' => {
                let spaces = tab - column % tab;
                column += spaces;
                out.extend(std::iter::repeat_n(b' ', spaces as usize));
            }
            b'\r' => {
                out.push(c);
                if let Some(flag) = reflag {
                    if k + 1 < line.len() && line[k + 1] != b'\n' {
                        out.extend_from_slice(flag);
                    }
                }
                column = 0;
            }
            0x08 => {
                if column != 0 {
                    column -= 1;
                    out.push(c);
                }
            }
            _ => {
                column += u64::from((0x20..0x7f).contains(&c));
                out.push(c);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_matches_gnu() {
        // 130 is GNU's default width: halves of 61 columns, the right one at column 64.
        let l = Layout::new(130, 8, false);
        assert_eq!((l.half, l.col2), (61, 64));
        assert_eq!(
            (
                Layout::new(12, 8, false).half,
                Layout::new(12, 8, false).col2
            ),
            (4, 8)
        );
        assert_eq!(Layout::new(1, 8, false).half, 0);
        let e = Layout::new(21, 8, true);
        assert_eq!((e.half, e.col2), (9, 12));
    }

    fn show(a: &[&[u8]], b: &[&[u8]], hs: &[Hunk], width: u64) -> String {
        let style = Style {
            layout: Layout::new(width, 8, false),
            suppress_common: false,
            left_column: false,
            utf8: false,
        };
        let mut out = Vec::new();
        render(a, b, hs, &style, &mut |_| Ok(()), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn rows_and_markers() {
        let h = Hunk {
            a0: 1,
            a1: 2,
            b0: 1,
            b1: 3,
        };
        let got = show(&[b"a\n", b"b\n"], &[b"a\n", b"B\n", b"c"], &[h], 12);
        assert_eq!(got, "a\ta\nb    |\tB\n     >\tc");
    }

    #[test]
    fn tab_expansion_with_flags() {
        let mut out = Vec::new();
        expand_tabs(b"a\tb\rc\x08\x08d", 8, Some(b"< "), &mut out);
        assert_eq!(out, b"a       b\r< c\x08d");
    }
}
