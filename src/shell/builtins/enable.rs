//! `enable`: lists builtins and turns them off and on. A disabled builtin is skipped by
//! command lookup, so the program of the same name on PATH runs (or "command not found").
//! Loadable builtins (`enable -f`) would mean loading host code: the file is never loadable.

use super::{BUILTINS, UNIMPLEMENTED};
use crate::shell::state::{Res, Shell};

const ENABLE_USAGE: &[u8] = b"enable: usage: enable [-a] [-dnps] [-f filename] [name ...]";

/// bash's special builtins (`enable -s`).
const SPECIAL: &[&str] = &[
    ".", ":", "break", "continue", "eval", "exec", "exit", "export", "readonly", "return", "set",
    "shift", "source", "times", "trap", "unset",
];

impl Shell {
    /// Every name this shell has as a builtin, enabled or not, in bash's listing order.
    fn builtin_names() -> Vec<&'static str> {
        let mut v: Vec<&str> = BUILTINS.iter().chain(UNIMPLEMENTED).copied().collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    pub(super) async fn builtin_enable(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let (mut all, mut delete, mut disable, mut print, mut special) =
            (false, false, false, false, false);
        let mut file = None;
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            if a == b"--" {
                i += 1;
                break;
            }
            if a.len() < 2 || a[0] != b'-' {
                break;
            }
            let mut k = 1;
            while k < a.len() {
                match a[k] {
                    b'a' => all = true,
                    b'd' => delete = true,
                    b'n' => disable = true,
                    b'p' => print = true,
                    b's' => special = true,
                    b'f' => {
                        // The file name is the rest of this word or the next argument.
                        if k + 1 < a.len() {
                            file = Some(a[k + 1..].to_vec());
                        } else {
                            i += 1;
                            match args.get(i) {
                                Some(f) => file = Some(f.clone()),
                                None => {
                                    self.error_msg(b"enable: -f: option requires an argument");
                                    self.write_err_now(&[ENABLE_USAGE, b"\n"].concat());
                                    return Ok(2);
                                }
                            }
                        }
                        break;
                    }
                    c => {
                        self.error_msg(
                            format!("enable: -{}: invalid option", c as char).as_bytes(),
                        );
                        self.write_err_now(&[ENABLE_USAGE, b"\n"].concat());
                        return Ok(2);
                    }
                }
                k += 1;
            }
            i += 1;
        }
        let names = &args[i..];
        if names.is_empty() || print {
            // Listing: -a shows every builtin, -n the disabled ones, otherwise the enabled.
            for n in Self::builtin_names() {
                if special && !SPECIAL.contains(&n) {
                    continue;
                }
                let off = self.disabled_builtins.contains(n.as_bytes());
                if !all && off != disable {
                    continue;
                }
                let line = format!("enable {}{n}", if off { "-n " } else { "" });
                self.out_line(line.as_bytes()).await?;
            }
            return Ok(0);
        }
        if let Some(f) = file {
            return Ok(self.enable_load_error(&f));
        }
        let mut status = 0;
        for n in names {
            let text = String::from_utf8_lossy(n).into_owned();
            let known = Self::builtin_names().contains(&text.as_str());
            if !known {
                self.error_msg(format!("enable: {text}: not a shell builtin").as_bytes());
                status = 1;
            } else if delete {
                self.error_msg(format!("enable: {text}: not dynamically loaded").as_bytes());
                status = 1;
            } else if disable {
                self.disabled_builtins.insert(n.clone());
            } else {
                self.disabled_builtins.remove(n);
            }
        }
        Ok(status)
    }

    /// bash's message when `dlopen` refuses the file: shellsim never loads host code, so
    /// every file fails, with the reason the dynamic loader would give for it.
    fn enable_load_error(&self, file: &[u8]) -> i32 {
        let shown = String::from_utf8_lossy(file).into_owned();
        // Without a slash the loader searches its own library path, never the directory.
        let reason = if !file.contains(&b'/') {
            "cannot open shared object file: No such file or directory".to_string()
        } else {
            let p = crate::vfs::path::join(&self.cwd, file);
            match self.sys.vfs.borrow().read_file(&p) {
                Err(e) => format!("cannot open shared object file: {}", e.message()),
                Ok(d) if d.len() < 64 => "file too short".to_string(),
                Ok(d) if d.starts_with(b"\x7fELF") => {
                    "loadable builtins are not supported in shellsim".to_string()
                }
                Ok(_) => "invalid ELF header".to_string(),
            }
        };
        self.error_msg(
            format!("enable: cannot open shared object {shown}: {shown}: {reason}").as_bytes(),
        );
        1
    }
}
