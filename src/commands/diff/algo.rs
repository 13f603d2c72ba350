//! The line comparison under `diff`: Myers' O(ND) shortest edit script, then GNU's boundary
//! shifting (runs of changes slide to merge with neighbours and, where they can, line up with a
//! change in the other file), so the hunks come out where GNU diff puts them.

use crate::process::Interrupt;

/// Marks which lines of `a` and `b` are changed. `charge` is called as the search works.
pub fn changes(
    a: &[u64],
    b: &[u64],
    charge: &mut dyn FnMut(u64) -> Result<(), Interrupt>,
) -> Result<(Vec<bool>, Vec<bool>), Interrupt> {
    let (n, m) = (a.len(), b.len());
    let mut ca = vec![false; n];
    let mut cb = vec![false; m];
    // Common prefix and suffix are never part of a change.
    let mut lo = 0;
    while lo < n && lo < m && a[lo] == b[lo] {
        lo += 1;
    }
    let (mut hi_a, mut hi_b) = (n, m);
    while hi_a > lo && hi_b > lo && a[hi_a - 1] == b[hi_b - 1] {
        hi_a -= 1;
        hi_b -= 1;
    }
    let (a2, b2) = (&a[lo..hi_a], &b[lo..hi_b]);
    let path = myers(a2, b2, charge)?;
    // Walk the path: a diagonal step is a common line; other steps are changes.
    let (mut x, mut y) = (0usize, 0usize);
    for &(px, py) in path.iter().skip(1) {
        if px == x + 1 && py == y + 1 && a2[x] == b2[y] {
            // common
        } else if px == x + 1 && py == y {
            ca[lo + x] = true;
        } else if py == y + 1 && px == x {
            cb[lo + y] = true;
        }
        x = px;
        y = py;
    }
    shift_boundaries(a, &mut ca, &cb);
    shift_boundaries(b, &mut cb, &ca);
    Ok((ca, cb))
}

/// Every point of a shortest edit path from (0,0) to (n,m), one step at a time.
fn myers(
    a: &[u64],
    b: &[u64],
    charge: &mut dyn FnMut(u64) -> Result<(), Interrupt>,
) -> Result<Vec<(usize, usize)>, Interrupt> {
    let (n, m) = (a.len() as isize, b.len() as isize);
    let max = (n + m) as usize;
    let off = max as isize + 1;
    let mut v = vec![0isize; 2 * max + 3];
    let mut trace: Vec<Vec<isize>> = Vec::new();
    let mut found = false;
    'outer: for d in 0..=max as isize {
        trace.push(v.clone());
        charge(1 + (2 * d as u64) / 64)?;
        let mut k = -d;
        while k <= d {
            let i = (k + off) as usize;
            let mut x = if k == -d || (k != d && v[i - 1] < v[i + 1]) {
                v[i + 1]
            } else {
                v[i - 1] + 1
            };
            let mut y = x - k;
            while x < n && y < m && a[x as usize] == b[y as usize] {
                x += 1;
                y += 1;
            }
            v[i] = x;
            if x >= n && y >= m {
                found = true;
                break 'outer;
            }
            k += 2;
        }
    }
    debug_assert!(found || (n == 0 && m == 0));
    // Backtrack through the saved frontiers.
    let mut points = vec![(n as usize, m as usize)];
    let (mut x, mut y) = (n, m);
    for d in (0..trace.len() as isize).rev() {
        let v = &trace[d as usize];
        let k = x - y;
        let prev_k = if k == -d || (k != d && v[(k - 1 + off) as usize] < v[(k + 1 + off) as usize])
        {
            k + 1
        } else {
            k - 1
        };
        let prev_x = v[(prev_k + off) as usize];
        let prev_y = prev_x - prev_k;
        while x > prev_x && y > prev_y {
            x -= 1;
            y -= 1;
            points.push((x as usize, y as usize));
        }
        if d > 0 {
            x = prev_x;
            y = prev_y;
            points.push((x as usize, y as usize));
        }
    }
    points.reverse();
    points.dedup();
    Ok(points)
}

/// GNU's `shift_boundaries` for one file: `lines` are its equivalence classes, `changed` its
/// marks, `other` the other file's marks.
fn shift_boundaries(lines: &[u64], changed: &mut [bool], other: &[bool]) {
    let end = changed.len();
    let ch = |c: &[bool], i: isize| i >= 0 && (i as usize) < c.len() && c[i as usize];
    let mut i: usize = 0;
    let mut j: isize = 0;
    loop {
        // Skip unchanged lines, keeping `j` at the matching line of the other file.
        while i < end && !changed[i] {
            while ch(other, j) {
                j += 1;
            }
            i += 1;
            j += 1;
        }
        if i == end {
            break;
        }
        let mut start = i;
        while i < end && changed[i] {
            i += 1;
        }
        while ch(other, j) {
            j += 1;
        }
        let mut corresponding;
        loop {
            let runlength = i - start;
            // Slide back while the line before the run equals the run's last line.
            while start > 0 && lines[start - 1] == lines[i - 1] {
                start -= 1;
                changed[start] = true;
                i -= 1;
                changed[i] = false;
                while start > 0 && changed[start - 1] {
                    start -= 1;
                }
                loop {
                    j -= 1;
                    if !ch(other, j) {
                        break;
                    }
                }
            }
            corresponding = if ch(other, j - 1) { i } else { end };
            // Slide forward while the run's first line equals the line after it.
            while i != end && lines[start] == lines[i] {
                changed[start] = false;
                start += 1;
                changed[i] = true;
                i += 1;
                while i < end && changed[i] {
                    i += 1;
                }
                j += 1;
                while ch(other, j) {
                    j += 1;
                    corresponding = i;
                }
            }
            if runlength == i - start {
                break;
            }
        }
        // Back to a point that lines up with a change in the other file, if there is one.
        while corresponding < i {
            start -= 1;
            changed[start] = true;
            i -= 1;
            changed[i] = false;
            loop {
                j -= 1;
                if !ch(other, j) {
                    break;
                }
            }
        }
    }
}
