//! The bounds of a `--root` import, their defaults, and its error (shared by every
//! platform's importer).

/// Directory names left out by default (version-control data, build output, dependency caches).
pub const SKIPPED_NAMES: &[&str] = &[".git", "target", "node_modules", ".venv", "__pycache__"];

/// Bounds of one import. Each one can be changed on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImportLimits {
    /// Files and directories together.
    pub max_entries: u64,
    /// Sum of all file sizes, bytes.
    pub max_total_bytes: u64,
    /// Largest single file, bytes.
    pub max_file_bytes: u64,
    /// Deepest nesting below the root (the root's children are depth 1).
    pub max_depth: usize,
    /// Longest path relative to the root, bytes.
    pub max_path_len: usize,
    /// Import the [`SKIPPED_NAMES`] directories too.
    pub include_skipped: bool,
}

impl Default for ImportLimits {
    fn default() -> Self {
        ImportLimits {
            max_entries: 100_000,
            max_total_bytes: 1 << 30,
            max_file_bytes: 64 << 20,
            max_depth: 64,
            max_path_len: 4096,
            include_skipped: false,
        }
    }
}

/// Why the import stopped: the host path and what was wrong with it.
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
