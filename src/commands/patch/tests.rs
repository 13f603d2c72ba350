//! Tests of the `patch` command.
