//! Name suggestions, as CPython makes them: the weighted Levenshtein match its
//! `NameError`/`AttributeError` hints and keyword-typo hints use, and `difflib`'s
//! `get_close_matches` ratio, which the keyword-typo hint also consults.

/// CPython's suggestion: the closest candidate by a weighted Levenshtein distance (case
/// changes cost 1, other edits 2), within a bound that grows with the name's length.
pub fn best_match(name: &str, candidates: &[String]) -> Option<String> {
    const MOVE: usize = 2;
    let mut best: Option<(usize, &String)> = None;
    for c in candidates {
        if c == name || c.len() > 4 * name.len().max(1) + 20 {
            continue;
        }
        let max = (name.len() + c.len() + 3) * MOVE / 6;
        let d = distance(name, c, max + 1);
        if d > max {
            continue;
        }
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c.clone())
}

fn distance(a: &str, b: &str, limit: usize) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.is_empty() || b.is_empty() {
        return (a.len() + b.len()) * 2;
    }
    let mut row: Vec<usize> = (1..=b.len()).map(|i| i * 2).collect();
    let mut result = 0;
    for (i, ca) in a.iter().enumerate() {
        let mut distance = i * 2;
        result = (i + 1) * 2;
        let mut min_row = usize::MAX;
        for (j, cb) in b.iter().enumerate() {
            let sub_cost = if ca == cb {
                0
            } else if ca.to_lowercase().eq(cb.to_lowercase()) {
                1
            } else {
                2
            };
            let sub = distance + sub_cost;
            distance = row[j];
            result = (result + 2).min(distance + 2).min(sub);
            row[j] = result;
            min_row = min_row.min(result);
        }
        if min_row > limit {
            return limit + 1;
        }
    }
    result
}

/// `difflib.get_close_matches(word, candidates, n, cutoff)`: the candidates whose
/// `SequenceMatcher` ratio against `word` is at least `cutoff`, best first (ties: the
/// greater string first), at most `n`.
pub fn close_matches(word: &str, candidates: &[&str], n: usize, cutoff: f64) -> Vec<String> {
    let b: Vec<char> = word.chars().collect();
    let mut scored: Vec<(f64, &str)> = candidates
        .iter()
        .filter_map(|c| {
            let a: Vec<char> = c.chars().collect();
            let total = a.len() + b.len();
            if total == 0 {
                return Some((1.0, *c));
            }
            let ratio = 2.0 * matching_chars(&a, &b) as f64 / total as f64;
            (ratio >= cutoff).then_some((ratio, *c))
        })
        .collect();
    scored.sort_by(|x, y| y.0.total_cmp(&x.0).then_with(|| y.1.cmp(x.1)));
    scored
        .into_iter()
        .take(n)
        .map(|(_, c)| c.to_string())
        .collect()
}

/// The characters `SequenceMatcher` matches between `a` and `b`: the longest common block
/// (the earliest in `a`, then in `b`), then the same on each side of it.
fn matching_chars(a: &[char], b: &[char]) -> usize {
    let (mut best_i, mut best_j, mut best) = (0, 0, 0);
    // Lengths of the common suffixes ending at a[i-1], b[j-1], one row at a time.
    let mut prev = vec![0usize; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        let mut row = vec![0usize; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            if ca == cb {
                row[j + 1] = prev[j] + 1;
                if row[j + 1] > best {
                    best = row[j + 1];
                    best_i = i + 1 - best;
                    best_j = j + 1 - best;
                }
            }
        }
        prev = row;
    }
    if best == 0 {
        return 0;
    }
    best + matching_chars(&a[..best_i], &b[..best_j])
        + matching_chars(&a[best_i + best..], &b[best_j + best..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_matches_rank_as_difflib_does() {
        let kw = ["if", "in", "is", "import", "while", "with", "for", "from"];
        assert_eq!(close_matches("iff", &kw, 3, 0.5), ["if"]);
        assert_eq!(close_matches("fro", &kw, 3, 0.5), ["from", "for"]);
        assert_eq!(close_matches("improt", &kw, 3, 0.5), ["import"]);
        assert_eq!(close_matches("whille", &kw, 3, 0.5), ["while"]);
        assert_eq!(
            best_match("retrun", &["return".to_string()]),
            Some("return".into())
        );
    }
}
