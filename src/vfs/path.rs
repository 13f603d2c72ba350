//! Byte-path helpers shared by every layer: joining, splitting and lexical normalisation.

/// Splits an absolute or relative path into its non-empty components (`.` kept; callers
/// that resolve decide what `.` and `..` mean).
pub fn components(path: &[u8]) -> impl Iterator<Item = &[u8]> {
    path.split(|&b| b == b'/').filter(|c| !c.is_empty())
}

/// Joins `rel` onto `base` unless `rel` is absolute.
pub fn join(base: &[u8], rel: &[u8]) -> Vec<u8> {
    if rel.first() == Some(&b'/') {
        return rel.to_vec();
    }
    let mut out = base.to_vec();
    if out.last() != Some(&b'/') {
        out.push(b'/');
    }
    out.extend_from_slice(rel);
    out
}

/// The absolute path a file operand names from `cwd`. Unlike [`join`], an empty operand stays
/// empty: Linux refuses "" with ENOENT rather than reading it as the working directory.
pub fn resolve(cwd: &[u8], operand: &[u8]) -> Vec<u8> {
    if operand.is_empty() {
        return Vec::new();
    }
    join(cwd, operand)
}

/// Lexically folds `.` and `..` (like `cd -L` does): `/a/b/../c/.` → `/a/c`.
pub fn normalize(path: &[u8]) -> Vec<u8> {
    let mut parts: Vec<&[u8]> = Vec::new();
    for c in components(path) {
        match c {
            b"." => {}
            b".." => {
                parts.pop();
            }
            _ => parts.push(c),
        }
    }
    let mut out = Vec::with_capacity(path.len());
    for p in parts {
        out.push(b'/');
        out.extend_from_slice(p);
    }
    if out.is_empty() {
        out.push(b'/');
    }
    out
}

/// The final component of a path (`basename` without suffix handling).
pub fn file_name(path: &[u8]) -> &[u8] {
    let trimmed = trim_trailing_slashes(path);
    if trimmed == b"/" {
        return trimmed;
    }
    match trimmed.iter().rposition(|&b| b == b'/') {
        Some(i) => &trimmed[i + 1..],
        None => trimmed,
    }
}

/// Everything before the final component (`dirname`), `.` for a bare name, `/` for the root.
pub fn parent(path: &[u8]) -> Vec<u8> {
    let trimmed = trim_trailing_slashes(path);
    match trimmed.iter().rposition(|&b| b == b'/') {
        Some(0) => b"/".to_vec(),
        Some(i) => trim_trailing_slashes(&trimmed[..i]).to_vec(),
        None => b".".to_vec(),
    }
}

fn trim_trailing_slashes(path: &[u8]) -> &[u8] {
    let mut end = path.len();
    while end > 1 && path[end - 1] == b'/' {
        end -= 1;
    }
    &path[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_folds_dots() {
        assert_eq!(normalize(b"/a/b/../c/."), b"/a/c");
        assert_eq!(normalize(b"/../.."), b"/");
        assert_eq!(normalize(b"//x//y/"), b"/x/y");
    }

    #[test]
    fn parent_and_name() {
        assert_eq!(parent(b"/a/b"), b"/a");
        assert_eq!(parent(b"/a"), b"/");
        assert_eq!(parent(b"a"), b".");
        assert_eq!(parent(b"a/b/"), b"a");
        assert_eq!(file_name(b"/a/b/"), b"b");
        assert_eq!(file_name(b"/"), b"/");
    }

    #[test]
    fn resolve_keeps_empty_operands_empty() {
        assert_eq!(resolve(b"/work", b""), b"");
        assert_eq!(resolve(b"/work", b"x"), b"/work/x");
    }

    #[test]
    fn join_respects_absolute() {
        assert_eq!(join(b"/work", b"x"), b"/work/x");
        assert_eq!(join(b"/", b"x"), b"/x");
        assert_eq!(join(b"/work", b"/etc"), b"/etc");
    }
}
