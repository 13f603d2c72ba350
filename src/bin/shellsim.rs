//! The `shellsim` binary: everything lives in the library; `main` stays tiny.

fn main() {
    shellsim::cli::main()
}
