//! Finding a command on PATH. Registered commands live in `/usr/bin` and `/bin` (as on a
//! merged-/usr Linux system), so PATH order decides between a registered command and a
//! script of the same name, and a PATH without those directories finds neither.

use crate::process::command::{CommandEntry, ExecError};
use crate::shell::state::Shell;
use crate::vfs::{path, FileType};

/// Directories that hold the registered commands.
pub const SYSTEM_DIRS: &[&[u8]] = &[b"/usr/bin", b"/bin"];

/// The standard PATH `command -p` searches: glibc's `confstr(_CS_PATH)`, as
/// `getconf PATH` prints it.
pub const STANDARD_PATH: &[u8] = b"/bin:/usr/bin";

/// Builtins that a utility such as `env` runs in place of a program of the same name
/// (`Shell::run_builtin_for_exec`): only those with no registered coreutils version. `echo`,
/// `printf`, `test`, `[`, `true` and `false` are registered commands, found on PATH like any
/// program, so `env printf %q` gets coreutils' behaviour, not bash's.
pub const EXEC_BUILTINS: &[&[u8]] = &[b"pwd"];

/// Shells that run as nested simulated shells.
pub const SHELL_NAMES: &[&[u8]] = &[b"sh", b"bash", b"dash"];

#[derive(Clone)]
pub(crate) enum Found {
    /// A registered command, with the path it was found as.
    Registered(CommandEntry, Vec<u8>),
    /// `sh`/`bash`: a nested simulated shell.
    Shell(Vec<u8>),
    /// A file in the VFS (run if it is an executable shell script).
    File(Vec<u8>),
}

impl Found {
    pub fn path(&self) -> &[u8] {
        match self {
            Found::Registered(_, p) | Found::Shell(p) | Found::File(p) => p,
        }
    }
}

impl Shell {
    fn in_dir(&self, dir: &[u8], name: &[u8], want_exec: bool) -> Option<Found> {
        let shown = if dir.is_empty() {
            name.to_vec()
        } else {
            path::join(dir, name)
        };
        let abs = path::join(&self.cwd, &shown);
        if let Ok(st) = self.sys.vfs.borrow().stat(&abs) {
            if st.file_type == FileType::File && (!want_exec || st.mode & 0o111 != 0) {
                return Some(Found::File(shown));
            }
        }
        let canon_dir = path::normalize(&path::join(
            &self.cwd,
            if dir.is_empty() { b"." } else { dir },
        ));
        if SYSTEM_DIRS.contains(&&canon_dir[..]) {
            if SHELL_NAMES.contains(&name) {
                return Some(Found::Shell(shown));
            }
            if let Some(e) = self.commands.lookup(name) {
                return Some(Found::Registered(e, shown));
            }
        }
        None
    }

    /// Every match for `name` in PATH order (`type -a`); the first is what runs.
    pub(crate) fn lookup_all(&self, name: &[u8]) -> Vec<Found> {
        if name.contains(&b'/') {
            let dir = path::parent(name);
            let base = path::file_name(name);
            return self.in_dir(&dir, base, false).into_iter().collect();
        }
        let path_var = self.get_scalar(b"PATH").unwrap_or_default();
        let mut out = Vec::new();
        for dir in path_var.split(|&b| b == b':') {
            if let Some(f) = self.in_dir(dir, name, true) {
                if !out.iter().any(|o: &Found| o.path() == f.path()) {
                    out.push(f);
                }
            }
        }
        out
    }

    /// Like [`Shell::lookup_command`], remembering where PATH lookups found things (bash's
    /// hash table): a remembered path is used while it still exists, even if a new file of the
    /// same name appears earlier on PATH, until `hash -r` or PATH changes.
    pub(crate) fn lookup_command_hashed(&mut self, name: &[u8]) -> Option<Found> {
        if name.contains(&b'/') {
            return self.lookup_command(name);
        }
        if let Some((p, hits)) = self.hash.get(name).cloned() {
            let dir = path::parent(&p);
            if let Some(f) = self.in_dir(&dir, name, true) {
                self.hash.insert(name.to_vec(), (p, hits + 1));
                return Some(f);
            }
            self.hash.remove(name);
        }
        let found = self.lookup_command(name)?;
        self.hash.insert(name.to_vec(), (found.path().to_vec(), 1));
        Some(found)
    }

    /// `command -p NAME`: the program found on [`STANDARD_PATH`]. bash does not consult its
    /// hash table for this search but remembers what it found.
    pub(crate) fn lookup_standard_path(&mut self, name: &[u8]) -> Option<Found> {
        if name.contains(&b'/') {
            return self.lookup_command(name);
        }
        let found = STANDARD_PATH
            .split(|&b| b == b':')
            .find_map(|dir| self.in_dir(dir, name, true))?;
        self.hash.insert(name.to_vec(), (found.path().to_vec(), 1));
        Some(found)
    }

    /// The command `name` runs as, if any.
    pub(crate) fn lookup_command(&self, name: &[u8]) -> Option<Found> {
        if name.contains(&b'/') {
            return self.lookup_all(name).into_iter().next();
        }
        let path_var = self.get_scalar(b"PATH").unwrap_or_default();
        path_var
            .split(|&b| b == b':')
            .find_map(|dir| self.in_dir(dir, name, true))
    }

    /// Why `name` cannot be run as a program (a utility such as `env` running it: no functions,
    /// and among builtins only those that are also programs), or `None` when it can.
    pub(crate) fn exec_error(&self, name: &[u8]) -> Option<ExecError> {
        if EXEC_BUILTINS.contains(&name) {
            return None;
        }
        match self.lookup_command(name) {
            Some(Found::Registered(..) | Found::Shell(_)) => None,
            Some(Found::File(p)) => {
                let st = self
                    .sys
                    .vfs
                    .borrow()
                    .stat(&path::join(&self.cwd, &p))
                    .ok()?;
                (st.mode & 0o111 == 0).then_some(ExecError::NotExecutable)
            }
            // A path that exists but is no program: a directory or a special file.
            None if name.contains(&b'/') => {
                match self.sys.vfs.borrow().stat(&path::join(&self.cwd, name)) {
                    Ok(_) => Some(ExecError::NotExecutable),
                    Err(_) => Some(ExecError::NotFound),
                }
            }
            None => Some(ExecError::NotFound),
        }
    }
}
