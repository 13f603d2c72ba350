//! The short formats: one per line (`-1`), columns filled down (`-C`) or across (`-x`), and
//! comma-separated (`-m`), with GNU's column search and its tab-and-space padding.

/// One entry as it will be printed, with the columns it takes.
pub struct Item {
    pub text: Vec<u8>,
    pub width: usize,
}

/// The narrowest a column can be, counting the two spaces between columns (GNU's
/// `MIN_COLUMN_WIDTH`).
const MIN_COLUMN_WIDTH: usize = 3;

/// Pads from column `from` to column `to` with tabs where a whole tab fits, else spaces.
fn indent(out: &mut Vec<u8>, mut from: usize, to: usize, tabsize: usize) {
    while from < to {
        if tabsize != 0 && to / tabsize > (from + 1) / tabsize {
            out.push(b'\t');
            from += tabsize - from % tabsize;
        } else {
            out.push(b' ');
            from += 1;
        }
    }
}

/// The column count and each column's width (including its separating two spaces, except
/// the last) for the widest layout that fits in `line_width` (0: no limit).
fn fit(items: &[Item], line_width: usize, across: bool) -> (usize, Vec<usize>) {
    let n = items.len();
    let max_idx = if line_width == 0 {
        n
    } else {
        (line_width / MIN_COLUMN_WIDTH).max(1)
    };
    let max_cols = max_idx.min(n).max(1);
    struct Candidate {
        valid: bool,
        line_len: usize,
        widths: Vec<usize>,
    }
    let mut cands: Vec<Candidate> = (0..max_cols)
        .map(|i| Candidate {
            valid: true,
            line_len: (i + 1) * MIN_COLUMN_WIDTH,
            widths: vec![MIN_COLUMN_WIDTH; i + 1],
        })
        .collect();
    for (filesno, item) in items.iter().enumerate() {
        for (i, c) in cands.iter_mut().enumerate() {
            if !c.valid {
                continue;
            }
            let idx = if across {
                filesno % (i + 1)
            } else {
                filesno / n.div_ceil(i + 1)
            };
            let real = item.width + if idx == i { 0 } else { 2 };
            if c.widths[idx] < real {
                c.line_len += real - c.widths[idx];
                c.widths[idx] = real;
                c.valid = line_width == 0 || c.line_len < line_width;
            }
        }
    }
    let mut cols = max_cols;
    while cols > 1 && !cands[cols - 1].valid {
        cols -= 1;
    }
    (cols, std::mem::take(&mut cands[cols - 1].widths))
}

/// `-C`: filled down the columns.
pub fn vertical(items: &[Item], line_width: usize, tabsize: usize, eol: u8, out: &mut Vec<u8>) {
    if items.is_empty() {
        return;
    }
    let (cols, widths) = fit(items, line_width, false);
    let rows = items.len().div_ceil(cols);
    for row in 0..rows {
        let (mut filesno, mut col, mut pos) = (row, 0, 0);
        loop {
            let item = &items[filesno];
            let max = widths[col];
            col += 1;
            out.extend_from_slice(&item.text);
            filesno += rows;
            if filesno >= items.len() {
                break;
            }
            indent(out, pos + item.width, pos + max, tabsize);
            pos += max;
        }
        out.push(eol);
    }
}

/// `-x`: filled along the rows.
pub fn horizontal(items: &[Item], line_width: usize, tabsize: usize, eol: u8, out: &mut Vec<u8>) {
    let Some(first) = items.first() else {
        return;
    };
    let (cols, widths) = fit(items, line_width, true);
    out.extend_from_slice(&first.text);
    let (mut pos, mut width, mut max) = (0, first.width, widths[0]);
    for (filesno, item) in items.iter().enumerate().skip(1) {
        let col = filesno % cols;
        if col == 0 {
            out.push(eol);
            pos = 0;
        } else {
            indent(out, pos + width, pos + max, tabsize);
            pos += max;
        }
        out.extend_from_slice(&item.text);
        width = item.width;
        max = widths[col];
    }
    out.push(eol);
}

/// `-m` (`sep` is `,`), and the column formats without a width (`sep` is a space): each
/// entry after the first is preceded by `sep` and a space, or by `sep` and a line break when
/// the entry would reach `line_width` (0: never).
pub fn separated_wrapped(items: &[Item], sep: u8, line_width: usize, eol: u8, out: &mut Vec<u8>) {
    if items.is_empty() {
        return;
    }
    let mut pos = 0;
    for (i, item) in items.iter().enumerate() {
        let len = if line_width == 0 { 0 } else { item.width };
        if i > 0 {
            let after = if line_width == 0 || pos + len + 2 < line_width {
                pos += 2;
                b' '
            } else {
                pos = 0;
                eol
            };
            out.push(sep);
            out.push(after);
        }
        out.extend_from_slice(&item.text);
        pos += len;
    }
    out.push(eol);
}

/// All entries on one line, each after the first preceded by `sep` and a space.
pub fn separated(items: &[Item], sep: u8, eol: u8, out: &mut Vec<u8>) {
    separated_wrapped(items, sep, 0, eol, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(names: &[&str]) -> Vec<Item> {
        names
            .iter()
            .map(|n| Item {
                text: n.as_bytes().to_vec(),
                width: n.len(),
            })
            .collect()
    }

    // Expectations from GNU ls 9.1 (`ls -C -w 20`, `ls -x -w 20`, `ls -m -w 20`).
    #[test]
    fn columns_down_and_across() {
        let v = items(&["alpha", "b", "charlie", "d", "echo", "f"]);
        let mut out = Vec::new();
        vertical(&v, 20, 8, b'\n', &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "alpha\t d\nb\t echo\ncharlie  f\n"
        );
        let mut out = Vec::new();
        horizontal(&v, 20, 8, b'\n', &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "alpha\t b\ncharlie  d\necho\t f\n"
        );
        let mut out = Vec::new();
        vertical(&v, 0, 8, b'\n', &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "alpha  b  charlie  d  echo  f\n"
        );
        let mut out = Vec::new();
        separated_wrapped(&v, b',', 20, b'\n', &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "alpha, b, charlie,\nd, echo, f\n"
        );
    }
}
