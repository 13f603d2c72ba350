//! Unit tests for `zip` and `unzip`: round trips, corrupt archives, a decompression bomb,
//! path traversal and symlinks.
