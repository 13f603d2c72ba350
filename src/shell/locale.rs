//! Which character set the locale selects. Only the distinction that changes output is
//! modeled: a UTF-8 locale, where characters are UTF-8 sequences (a byte that is not part of
//! one counts as one character), or any other locale, where a character is a byte.

/// Whether the locale named by `LC_ALL`, else `LC_CTYPE`, else `LANG` (the first that is set
/// and not empty) uses UTF-8. `get` reads a variable: the shell reads its own variables (bash
/// follows them even unexported), a command reads its environment.
pub fn is_utf8(get: impl Fn(&[u8]) -> Option<Vec<u8>>) -> bool {
    let value = [&b"LC_ALL"[..], b"LC_CTYPE", b"LANG"]
        .iter()
        .filter_map(|k| get(k))
        .find(|v| !v.is_empty());
    value.is_some_and(|v| {
        let v = v.to_ascii_lowercase();
        let codeset = v.split(|&b| b == b'@').next().unwrap_or_default();
        codeset.ends_with(b".utf-8") || codeset.ends_with(b".utf8")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(vars: &[(&str, &str)]) -> bool {
        is_utf8(|k| {
            vars.iter()
                .find(|(n, _)| n.as_bytes() == k)
                .map(|(_, v)| v.as_bytes().to_vec())
        })
    }

    #[test]
    fn first_non_empty_variable_decides() {
        assert!(with(&[("LANG", "C.UTF-8")]));
        assert!(!with(&[("LANG", "C.UTF-8"), ("LC_ALL", "C")]));
        assert!(with(&[
            ("LANG", "C"),
            ("LC_ALL", ""),
            ("LC_CTYPE", "en_US.utf8")
        ]));
        assert!(with(&[("LC_ALL", "de_DE.UTF-8@euro")]));
        assert!(!with(&[("LC_ALL", "POSIX")]));
        assert!(!with(&[]));
    }
}
