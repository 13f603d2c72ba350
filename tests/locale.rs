//! Differential test for how names are quoted in diagnostics under the machine's default
//! locale: each case in `tests/locale/cases.jsonl` is a shell script recorded by
//! `tests/locale/record.py` under real bash with GNU coreutils 9.1, findutils and diffutils
//! with LANG=C.UTF-8 and no LC_ALL (curly quotes from `quote()`, shell-escaped ASCII from
//! `quoteaf()`/`quotef()`); scripts that start with `export LC_ALL=C` check the C locale. Each
//! runs through the built binary with `shellsim -c` in `/work/t`, and standard output,
//! standard error and the exit status must match.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

mod recorded_scripts;

#[test]
fn diagnostics_quote_names_for_the_locale() {
    recorded_scripts::check_in(
        "locale quoting",
        include_str!("locale/cases.jsonl"),
        recorded_scripts::Locale::Default,
    );
}
