//! `--root` on platforms without the descriptor-relative, symlink-refusing walk of
//! `import.rs`: the option is refused with a clear error rather than done unsafely.

use crate::vfs::TreeEntry;

pub use limits::{ImportLimits, SKIPPED_NAMES};

#[path = "import_limits.rs"]
mod limits;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportError {
    pub path: Vec<u8>,
    pub reason: String,
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {}",
            String::from_utf8_lossy(&self.path),
            self.reason
        )
    }
}

pub fn read_tree(root: &[u8], _limits: &ImportLimits) -> Result<Vec<TreeEntry>, ImportError> {
    Err(ImportError {
        path: root.to_vec(),
        reason: "--root is not supported on this platform yet".into(),
    })
}
