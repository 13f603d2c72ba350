use std::fmt;

/// A filesystem error, named like the errno a real kernel would give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VfsError {
    NotFound,
    NotDir,
    IsDir,
    Exists,
    NotEmpty,
    NoSpace,
    Loop,
    ReadOnly,
    PermissionDenied,
    InvalidArgument,
    NameTooLong,
    /// A rename or move into its own subtree.
    IntoItself,
    Busy,
    /// EPERM: an operation the kernel never allows, such as a hard link to a directory.
    NotPermitted,
    /// EXDEV: a hard link to a node of another filesystem (the devices of the base image).
    CrossDevice,
}

impl VfsError {
    /// The text `strerror` gives on Linux, which tools print after the path.
    pub fn message(self) -> &'static str {
        match self {
            VfsError::NotFound => "No such file or directory",
            VfsError::NotDir => "Not a directory",
            VfsError::IsDir => "Is a directory",
            VfsError::Exists => "File exists",
            VfsError::NotEmpty => "Directory not empty",
            VfsError::NoSpace => "No space left on device",
            VfsError::Loop => "Too many levels of symbolic links",
            VfsError::ReadOnly => "Read-only file system",
            VfsError::PermissionDenied => "Permission denied",
            VfsError::InvalidArgument => "Invalid argument",
            VfsError::NameTooLong => "File name too long",
            VfsError::IntoItself => "Invalid argument",
            VfsError::Busy => "Device or resource busy",
            VfsError::NotPermitted => "Operation not permitted",
            VfsError::CrossDevice => "Invalid cross-device link",
        }
    }
}

impl fmt::Display for VfsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for VfsError {}
