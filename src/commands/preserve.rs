//! Which file attributes `cp` keeps (`-p`, `-a`, `-d`, `--preserve`, `--no-preserve`) and
//! how a copy gets them: the modes new files and directories are made with, and the mode,
//! owner and times set on a copy afterwards.

use super::opts;
use crate::process::command::CommandCtx;
use crate::process::Interrupt;
use crate::vfs::{FileType, Stat};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Attr {
    Mode,
    Timestamps,
    Ownership,
    Links,
    Context,
    Xattr,
    All,
}

/// The attribute names in GNU's order (the order its refusal lists them in).
const ATTRS: &[(&str, Attr)] = &[
    ("mode", Attr::Mode),
    ("timestamps", Attr::Timestamps),
    ("ownership", Attr::Ownership),
    ("links", Attr::Links),
    ("context", Attr::Context),
    ("xattr", Attr::Xattr),
    ("all", Attr::All),
];

#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Preserve {
    pub mode: bool,
    pub ownership: bool,
    pub timestamps: bool,
    /// Copies of one source file under several names stay hard links to one copy.
    pub links: bool,
    /// `--no-preserve=mode`: new copies get the default permissions, not the source's.
    pub default_mode: bool,
    /// `--preserve=context` asked for by name: the modeled kernel has no SELinux, so cp
    /// refuses to start, as GNU does on such a kernel (`-a` only tries, and copies).
    pub require_context: bool,
}

impl Preserve {
    /// `-p`: mode, ownership and timestamps.
    pub fn basic(&mut self) {
        self.mode = true;
        self.ownership = true;
        self.timestamps = true;
    }

    /// Applies one `--preserve=LIST` (`on`) or `--no-preserve=LIST` argument; `Err` carries
    /// the refused item and whether it was ambiguous rather than unknown.
    pub fn decode(&mut self, list: &[u8], on: bool) -> Result<(), (Vec<u8>, bool)> {
        for item in list.split(|&b| b == b',') {
            match opts::argmatch(item, ATTRS) {
                Ok(a) => self.set(a, on),
                Err(ambiguous) => return Err((item.to_vec(), ambiguous)),
            }
        }
        Ok(())
    }

    fn set(&mut self, a: Attr, on: bool) {
        match a {
            Attr::Mode => {
                self.mode = on;
                self.default_mode = !on;
            }
            Attr::Timestamps => self.timestamps = on,
            Attr::Ownership => self.ownership = on,
            Attr::Links => self.links = on,
            Attr::Context => self.require_context = on,
            // The model keeps no extended attributes, so a copy has none to keep or lose.
            Attr::Xattr => {}
            Attr::All => {
                self.mode = on;
                self.default_mode = !on;
                self.timestamps = on;
                self.ownership = on;
                self.links = on;
            }
        }
    }

    /// The refusal of a bad `--preserve`/`--no-preserve` item, without the try-help line.
    pub fn refusal(ctx: &CommandCtx, item: &[u8], option: &str, ambiguous: bool) -> String {
        let groups: Vec<&[&str]> = ATTRS.iter().map(|(n, _)| std::slice::from_ref(n)).collect();
        opts::argmatch_failure(ctx, item, option, &groups, ambiguous)
    }

    /// Permission bits of a regular file the copy creates. Without `mode` the set-id and
    /// sticky bits are dropped and the umask applies; `--no-preserve=mode` starts from 0666.
    pub fn new_file_mode(&self, src_mode: u32, umask: u32) -> u32 {
        if self.mode {
            src_mode & 0o7777
        } else if self.default_mode {
            0o666 & !umask
        } else {
            src_mode & 0o777 & !umask
        }
    }

    /// Permission bits of a directory the copy creates: `mkdir` keeps the sticky bit but
    /// not the set-id bits, and the umask applies unless the mode is preserved.
    pub fn new_dir_mode(&self, src_mode: u32, umask: u32) -> u32 {
        if self.mode {
            src_mode & 0o7777
        } else if self.default_mode {
            0o777 & !umask | src_mode & 0o1000
        } else {
            src_mode & 0o1777 & !umask
        }
    }

    /// Whether [`Preserve::apply`] has anything to do.
    pub fn any(&self) -> bool {
        self.mode || self.ownership || self.timestamps
    }

    /// Gives the copy at `dst_abs` (shown as `dst`) the preserved attributes of `st`: times,
    /// then owner, then mode (a symlink keeps its own times and owner; it has no mode).
    /// Returns false after reporting a failure.
    pub async fn apply(
        &self,
        ctx: &CommandCtx,
        st: &Stat,
        dst: &[u8],
        dst_abs: &[u8],
    ) -> Result<bool, Interrupt> {
        let follow = st.file_type != FileType::Symlink;
        if self.timestamps {
            let r = ctx
                .vfs()
                .set_times_at(dst_abs, Some(st.atime_ns), Some(st.mtime_ns), follow);
            if let Err(e) = r {
                let m = format!("preserving times for {}", opts::quoteaf(ctx, dst));
                ctx.diag(format!("{m}: {}", e.message())).await?;
                return Ok(false);
            }
        }
        if self.ownership {
            let r = ctx.vfs().chown(dst_abs, Some(st.uid), Some(st.gid), follow);
            if let Err(e) = r {
                let m = format!(
                    "failed to preserve ownership for {}",
                    opts::quoteaf(ctx, dst)
                );
                ctx.diag(format!("{m}: {}", e.message())).await?;
                return Ok(false);
            }
        }
        if self.mode && follow {
            let r = ctx.vfs().chmod(dst_abs, st.mode);
            if let Err(e) = r {
                let m = format!("preserving permissions for {}", opts::quoteaf(ctx, dst));
                ctx.diag(format!("{m}: {}", e.message())).await?;
                return Ok(false);
            }
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists() {
        let mut p = Preserve::default();
        assert_eq!(p.decode(b"mo,t,l", true), Ok(()));
        assert!(p.mode && p.timestamps && p.links && !p.ownership);
        assert_eq!(p.decode(b"all", false), Ok(()));
        assert!(!p.mode && p.default_mode && !p.links);
        assert_eq!(p.decode(b"mode,", true), Err((Vec::new(), true)));
        assert_eq!(p.decode(b"bogus", true), Err((b"bogus".to_vec(), false)));
    }

    #[test]
    fn creation_modes() {
        let plain = Preserve::default();
        assert_eq!(plain.new_file_mode(0o6777, 0o022), 0o755);
        assert_eq!(plain.new_dir_mode(0o1777, 0o022), 0o1755);
        assert_eq!(plain.new_dir_mode(0o2755, 0o022), 0o755);
        let mut none = Preserve::default();
        none.decode(b"mode", false).unwrap();
        assert_eq!(none.new_file_mode(0o700, 0o022), 0o644);
        assert_eq!(none.new_dir_mode(0o1000, 0o022), 0o1755);
        let mut p = Preserve::default();
        p.basic();
        assert_eq!(p.new_file_mode(0o4755, 0o022), 0o4755);
    }
}
