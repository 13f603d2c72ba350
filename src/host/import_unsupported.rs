//! `--root` on platforms without the descriptor-relative, symlink-refusing walk of
//! `import.rs`: the option is refused with a clear error rather than done unsafely.

use crate::vfs::TreeEntry;

pub use limits::{ImportError, ImportLimits, SKIPPED_NAMES};

#[path = "import_limits.rs"]
mod limits;

pub fn read_tree(root: &[u8], _limits: &ImportLimits) -> Result<Vec<TreeEntry>, ImportError> {
    Err(ImportError {
        path: root.to_vec(),
        reason: "--root is not supported on this platform yet".into(),
    })
}
