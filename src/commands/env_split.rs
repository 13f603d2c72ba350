//! `env -S STRING`: GNU's splitting of one string into arguments, as a shebang line needs it.
//! Whitespace separates arguments outside quotes; single quotes keep everything but `\\` and
//! `\'`; double quotes allow the escapes; `\_` is a separator outside double quotes and a
//! space inside; `#` at the start of an argument and `\c` end the string; `${NAME}` (only
//! that form) is replaced by the variable's value from env's own environment.

use std::collections::BTreeMap;

/// What splitting noted for `env -v`: a variable expanded to a value, or one that is unset.
#[derive(Debug, PartialEq, Eq)]
pub enum Note {
    Expanded(Vec<u8>, Vec<u8>),
    Unset(Vec<u8>),
}

/// Splits `s`; `Err` holds GNU's message (env then exits 125).
pub fn split(
    s: &[u8],
    env: &BTreeMap<Vec<u8>, Vec<u8>>,
    notes: &mut Vec<Note>,
) -> Result<Vec<Vec<u8>>, Vec<u8>> {
    let mut args: Vec<Vec<u8>> = Vec::new();
    // Whether the next byte added starts a new argument.
    let mut sep = true;
    let (mut sq, mut dq) = (false, false);
    let mut i = 0;
    // Adds `bytes` to the argument being built, starting one after a separator.
    fn add(args: &mut Vec<Vec<u8>>, sep: &mut bool, bytes: &[u8]) {
        if std::mem::take(sep) {
            args.push(Vec::new());
        }
        args.last_mut()
            .expect("an argument")
            .extend_from_slice(bytes);
    }
    while i < s.len() {
        let c = s[i];
        match c {
            b'\'' if !dq => {
                sq = !sq;
                add(&mut args, &mut sep, b"");
                i += 1;
            }
            b'"' if !sq => {
                dq = !dq;
                add(&mut args, &mut sep, b"");
                i += 1;
            }
            b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r' if !sq && !dq => {
                sep = true;
                i += 1;
            }
            // A comment: the rest of the string is ignored, open quotes included.
            b'#' if sep => return Ok(args),
            b'\\' if !sq || matches!(s.get(i + 1), Some(b'\\' | b'\'')) => {
                let Some(&e) = s.get(i + 1) else {
                    return Err(b"invalid backslash at end of string in -S".to_vec());
                };
                i += 2;
                let b = match e {
                    b'"' | b'#' | b'$' | b'\'' | b'\\' => e,
                    b'_' if !dq => {
                        sep = true;
                        continue;
                    }
                    b'_' => b' ',
                    b'c' if dq => {
                        return Err(b"'\\c' must not appear in double-quoted -S string".to_vec())
                    }
                    b'c' => return Ok(args),
                    b'f' => 0x0c,
                    b'n' => b'\n',
                    b'r' => b'\r',
                    b't' => b'\t',
                    b'v' => 0x0b,
                    _ => {
                        let mut m = b"invalid sequence '\\".to_vec();
                        m.push(e);
                        m.extend_from_slice(b"' in -S");
                        return Err(m);
                    }
                };
                add(&mut args, &mut sep, &[b]);
            }
            b'$' if !sq => {
                let Some(end) = var_end(&s[i..]) else {
                    let mut m = b"only ${VARNAME} expansion is supported, error at: ".to_vec();
                    m.extend_from_slice(&s[i..]);
                    return Err(m);
                };
                let name = s[i + 2..i + end].to_vec();
                match env.get(&name) {
                    Some(v) => {
                        add(&mut args, &mut sep, v);
                        notes.push(Note::Expanded(name, v.clone()));
                    }
                    None => notes.push(Note::Unset(name)),
                }
                i += end + 1;
            }
            _ => {
                add(&mut args, &mut sep, &[c]);
                i += 1;
            }
        }
    }
    if sq || dq {
        return Err(b"no terminating quote in -S string".to_vec());
    }
    Ok(args)
}

/// Where the `}` of a `${NAME}` at the start of `s` is (NAME a C identifier).
fn var_end(s: &[u8]) -> Option<usize> {
    if s.get(1) != Some(&b'{')
        || !s
            .get(2)
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
    {
        return None;
    }
    let mut end = 3;
    while s
        .get(end)
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
    {
        end += 1;
    }
    (s.get(end) == Some(&b'}')).then_some(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sp(s: &str) -> Result<Vec<String>, String> {
        let env: BTreeMap<Vec<u8>, Vec<u8>> = [
            (b"HOME".to_vec(), b"/root".to_vec()),
            (b"E".to_vec(), Vec::new()),
        ]
        .into_iter()
        .collect();
        let mut notes = Vec::new();
        split(s.as_bytes(), &env, &mut notes)
            .map(|v| {
                v.into_iter()
                    .map(|a| String::from_utf8(a).unwrap())
                    .collect()
            })
            .map_err(|e| String::from_utf8(e).unwrap())
    }

    /// Checked against GNU env 9.1.
    #[test]
    fn splits_like_gnu() {
        assert_eq!(sp("echo a  b").unwrap(), ["echo", "a", "b"]);
        assert_eq!(sp("echo \"x  y\" z\\tq").unwrap(), ["echo", "x  y", "z\tq"]);
        assert_eq!(
            sp("A=1 echo ${HOME}x \\_y").unwrap(),
            ["A=1", "echo", "/rootx", "y"]
        );
        assert_eq!(sp("echo #c").unwrap(), ["echo"]);
        assert_eq!(sp("echo a#c").unwrap(), ["echo", "a#c"]);
        assert_eq!(sp("").unwrap(), Vec::<String>::new());
        assert_eq!(sp("\"\"").unwrap(), [""]);
        assert_eq!(sp("echo ${NOPE} ${E}").unwrap(), ["echo", ""]);
        assert_eq!(sp("echo a\\c b").unwrap(), ["echo", "a"]);
        assert_eq!(
            sp("echo 'a\\'b' 'c\\\\d' 'e\\nf'").unwrap(),
            ["echo", "a'b", "c\\d", "e\\nf"]
        );
        assert_eq!(
            sp("echo a\"b\"c d'e'f \"\\_\"").unwrap(),
            ["echo", "abc", "def", " "]
        );
        assert_eq!(
            sp("echo $HOME").unwrap_err(),
            "only ${VARNAME} expansion is supported, error at: $HOME"
        );
        assert_eq!(
            sp("echo ${1a}").unwrap_err(),
            "only ${VARNAME} expansion is supported, error at: ${1a}"
        );
        assert_eq!(sp("echo \\x").unwrap_err(), "invalid sequence '\\x' in -S");
        assert_eq!(
            sp("echo \\").unwrap_err(),
            "invalid backslash at end of string in -S"
        );
        assert_eq!(
            sp("echo \"a").unwrap_err(),
            "no terminating quote in -S string"
        );
        assert_eq!(
            sp("echo \"a\\c\"").unwrap_err(),
            "'\\c' must not appear in double-quoted -S string"
        );
        assert_eq!(
            sp("echo \"a #b").unwrap_err(),
            "no terminating quote in -S string"
        );
    }
}
