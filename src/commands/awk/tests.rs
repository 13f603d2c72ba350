//! Unit tests for awk.
