//! GNU backup files (`--backup[=CONTROL]`, `-b`, `-S SUFFIX`, `$VERSION_CONTROL`,
//! `$SIMPLE_BACKUP_SUFFIX`): which kind of backup a command makes and the name it gets —
//! `NAME~` (simple), `NAME.~N~` (numbered), or numbered only when numbered ones exist.

use super::opts;
use crate::process::command::CommandCtx;
use crate::vfs::path;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    None,
    Simple,
    Existing,
    Numbered,
}

/// The accepted names, synonyms side by side, in GNU's order.
const CONTROLS: &[(&str, Control)] = &[
    ("none", Control::None),
    ("off", Control::None),
    ("simple", Control::Simple),
    ("never", Control::Simple),
    ("existing", Control::Existing),
    ("nil", Control::Existing),
    ("numbered", Control::Numbered),
    ("t", Control::Numbered),
];

const GROUPS: &[&[&str]] = &[
    &["none", "off"],
    &["simple", "never"],
    &["existing", "nil"],
    &["numbered", "t"],
];

/// How backups are made: never (`Control::None`) or with this suffix for simple ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backup {
    pub control: Control,
    pub suffix: Vec<u8>,
}

impl Backup {
    /// The backup policy from a command's options: `requested` is whether `-b`, `--backup`
    /// or `-S` was given, `control` the last `--backup=CONTROL` argument, `suffix` the last
    /// `-S`. `Err` is the refusal (without the try-help line) of a bad control name.
    pub fn from_options(
        ctx: &CommandCtx,
        requested: bool,
        control: Option<&[u8]>,
        suffix: Option<&[u8]>,
    ) -> Result<Backup, String> {
        let control = if !requested {
            Control::None
        } else {
            // An empty argument means "the default", as no argument does.
            let (arg, context) = match control.filter(|c| !c.is_empty()) {
                Some(c) => (Some(c.to_vec()), "backup type"),
                None => (
                    env(ctx, "VERSION_CONTROL").filter(|v| !v.is_empty()),
                    "$VERSION_CONTROL",
                ),
            };
            match arg {
                None => Control::Existing,
                Some(a) => opts::argmatch(&a, CONTROLS).map_err(|ambiguous| {
                    opts::argmatch_failure(ctx, &a, context, GROUPS, ambiguous)
                })?,
            }
        };
        let suffix = suffix
            .map(<[u8]>::to_vec)
            .or_else(|| env(ctx, "SIMPLE_BACKUP_SUFFIX"))
            .filter(|s| !s.is_empty() && is_last_component(s))
            .unwrap_or_else(|| b"~".to_vec());
        Ok(Backup { control, suffix })
    }

    pub fn enabled(&self) -> bool {
        self.control != Control::None
    }

    /// The backup name for `file` (a path as given or absolute): the same directory part,
    /// so it can be shown and resolved like `file`. `siblings` lists the names in the
    /// directory that holds `file`, for numbered backups.
    pub fn name_for(&self, file: &[u8], siblings: &[Vec<u8>]) -> Vec<u8> {
        let base = path::file_name(file);
        let numbered = |n: u64| {
            let mut s = file.to_vec();
            s.extend_from_slice(format!(".~{n}~").as_bytes());
            s
        };
        let highest = || {
            siblings
                .iter()
                .filter_map(|name| version_of(base, name))
                .max()
        };
        match self.control {
            Control::Numbered => numbered(highest().unwrap_or(0) + 1),
            Control::Existing => match highest() {
                Some(n) => numbered(n + 1),
                None => [file, &self.suffix].concat(),
            },
            Control::Simple | Control::None => [file, &self.suffix].concat(),
        }
    }
}

fn env(ctx: &CommandCtx, name: &str) -> Option<Vec<u8>> {
    ctx.env.get(name.as_bytes()).cloned()
}

/// N when `name` is `base.~N~` with N a decimal number not starting with 0.
fn version_of(base: &[u8], name: &[u8]) -> Option<u64> {
    let rest = name.strip_prefix(base)?.strip_prefix(b".~")?;
    let digits = rest.strip_suffix(b"~")?;
    if digits.first().is_none_or(|&d| !(b'1'..=b'9').contains(&d))
        || !digits.iter().all(u8::is_ascii_digit)
    {
        return None;
    }
    std::str::from_utf8(digits).ok()?.parse().ok()
}

/// Whether `s` is one file name component (trailing slashes allowed): a suffix that would
/// reach into another directory is replaced by `~`.
fn is_last_component(s: &[u8]) -> bool {
    s.first() != Some(&b'/') && !s.windows(2).any(|w| w[0] == b'/' && w[1] != b'/')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(control: Control, suffix: &str) -> Backup {
        Backup {
            control,
            suffix: suffix.as_bytes().to_vec(),
        }
    }

    #[test]
    fn names() {
        let none: Vec<Vec<u8>> = vec![b"f~".to_vec(), b"g.~3~".to_vec()];
        let some: Vec<Vec<u8>> = vec![b"f.~2~".to_vec(), b"f.~10~".to_vec(), b"f.~01~".to_vec()];
        assert_eq!(b(Control::Simple, "~").name_for(b"d/f", &some), b"d/f~");
        assert_eq!(b(Control::Simple, ".bak").name_for(b"f", &some), b"f.bak");
        assert_eq!(
            b(Control::Numbered, "~").name_for(b"d/f", &none),
            b"d/f.~1~"
        );
        assert_eq!(b(Control::Numbered, "~").name_for(b"f", &some), b"f.~11~");
        assert_eq!(b(Control::Existing, "~").name_for(b"f", &none), b"f~");
        assert_eq!(b(Control::Existing, "~").name_for(b"f", &some), b"f.~11~");
    }

    #[test]
    fn suffixes() {
        assert!(is_last_component(b".bak"));
        assert!(is_last_component(b"x/"));
        assert!(!is_last_component(b"/"));
        assert!(!is_last_component(b"a/b"));
    }

    #[test]
    fn controls() {
        assert_eq!(opts::argmatch(b"nu", CONTROLS), Ok(Control::Numbered));
        assert_eq!(opts::argmatch(b"o", CONTROLS), Ok(Control::None));
        assert_eq!(opts::argmatch(b"n", CONTROLS), Err(true));
        assert_eq!(opts::argmatch(b"x", CONTROLS), Err(false));
    }
}
