//! The `shellsim` binary: everything lives in the library; `main` stays tiny.

fn main() {
    shellsim::host::run_and_exit(shellsim::cli::main)
}
