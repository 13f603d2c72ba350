//! The command set: coreutils-compatible commands dispatched by name through [`Registry`].
//!
//! Each module implements one command or a small family against [`CommandCtx`] only: the VFS,
//! the clock and the standard streams it offers. Commands never reach the host.

use crate::process::command::{
    CmdFuture, CommandCtx, CommandEntry, CommandFn, CommandTable, Trust,
};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

pub mod opts;

pub mod basename;
pub mod bc;
pub mod cat;
pub mod cp;
pub mod cut;
pub mod date;
pub mod date_parse;
pub mod echo;
pub mod env;
pub mod env_split;
pub mod free;
pub mod headtail;
pub mod ls;
pub mod mkdir;
pub mod printf;
pub mod ps;
pub mod randsrc;
pub mod rm;
pub mod seq;
pub mod shuf;
pub mod sleep;
pub mod sort;
pub mod split;
pub mod test;
pub mod touch;
pub mod tr;
pub mod wc;

pub mod awk;
pub mod backup;
pub mod cmp;
pub mod column;
pub mod comm;
pub mod csplit;
pub mod deflate;
pub mod diff;
pub mod exec_check;
pub mod expand;
pub mod factor;
pub mod fmt;
pub mod fold;
pub mod grep;
pub mod gzip;
pub mod hexdump;
pub mod join;
pub mod jq;
pub mod nice;
pub mod nl;
pub mod numfmt;
pub mod od;
pub mod paste;
pub mod posix_re;
pub mod pr;
pub mod preserve;
pub mod quoting;
pub mod sed;
pub mod strings;
pub mod tac;
pub mod tar;
pub mod tee;
pub mod text_set;
pub mod textio;
pub mod tsort;
pub mod uniq;
pub mod xxd;
pub mod yesno;
pub mod zip;

// File, system-information, checksum and search commands.
pub mod baseenc;
pub mod chmod;
pub mod chown;
pub mod dd;
pub mod df;
pub mod du;
pub mod expr;
pub mod file;
pub mod files0;
pub mod files_set;
pub mod find;
pub mod fsutil;
pub mod install;
pub mod ln;
pub mod mktemp;
pub mod mv;
pub mod patch;
pub mod readlink;
pub mod rmdir;
pub mod stat;
pub mod statfs;
pub mod sums;
pub mod sync;
pub mod sysinfo;
pub mod terminal;
pub mod timeout;
pub mod tree;
pub mod truncate;
pub mod xargs;

#[cfg(test)]
pub mod testutil;

/// A name → command table.
#[derive(Clone, Default)]
pub struct Registry {
    /// Interior mutability so an embedder can register through a shared handle.
    map: RefCell<BTreeMap<Vec<u8>, CommandEntry>>,
}

impl Registry {
    /// An empty table.
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Adds (or replaces) a command.
    pub fn register(
        &self,
        name: &str,
        trust: Trust,
        summary: &'static str,
        options: &'static str,
        run: impl Fn(CommandCtx) -> CmdFuture + 'static,
    ) {
        let run: CommandFn = Rc::new(run);
        self.register_fn(name, trust, summary, options, run);
    }

    /// Adds (or replaces) a command given as a shared function.
    pub fn register_fn(
        &self,
        name: &str,
        trust: Trust,
        summary: &'static str,
        options: &'static str,
        run: CommandFn,
    ) {
        self.map.borrow_mut().insert(
            name.as_bytes().to_vec(),
            CommandEntry {
                name: name.to_string(),
                run,
                trust,
                summary,
                options,
            },
        );
    }

    /// Every entry, in name order (for `docs/commands.md`).
    pub fn entries(&self) -> Vec<CommandEntry> {
        self.map.borrow().values().cloned().collect()
    }

    /// Every built-in command.
    pub fn standard() -> Registry {
        use Trust::{Partial, Real};
        let mut r = Registry::new();
        r.register(
            "cat",
            Real,
            "concatenate files to standard output",
            "-n -b -s -A -E -T -v -e -t -u",
            cat::run,
        );
        r.register(
            "echo",
            Real,
            "print arguments (GNU /bin/echo)",
            "-n -e -E",
            echo::run_echo,
        );
        r.register("true", Real, "exit 0", "", echo::run_true);
        r.register("false", Real, "exit 1", "", echo::run_false);
        r.register(
            "printf",
            Real,
            "format and print data",
            "FORMAT [ARGUMENT]...",
            printf::run,
        );
        r.register(
            "test",
            Real,
            "evaluate a conditional expression",
            "POSIX unary/binary tests, ! -a -o ( )",
            test::run_test,
        );
        r.register(
            "[",
            Real,
            "evaluate a conditional expression",
            "as test, closing ]",
            test::run_bracket,
        );
        r.register(
            "seq",
            Real,
            "print a sequence of numbers",
            "-w -s -f",
            seq::run,
        );
        r.register(
            "wc",
            Real,
            "count lines, words and bytes",
            "-l -w -c -m -L --files0-from",
            wc::run,
        );
        r.register(
            "head",
            Real,
            "output the first part of files",
            "-n [-]N -c [-]N -q -v -z",
            headtail::run_head,
        );
        r.register(
            "tail",
            Partial,
            "output the last part of files",
            "-n [+]N -c [+]N -q -v -z (no -f)",
            headtail::run_tail,
        );
        r.register(
            "sort",
            Real,
            "sort lines",
            "-b -d -f -g -h -i -M -n -r -R -V -c -C --check -k -m -o -s -S -t -T -u -z --parallel --random-source",
            sort::run,
        );
        r.register(
            "tr",
            Real,
            "translate or delete characters",
            "-d -s -c -C -t",
            tr::run,
        );
        r.register(
            "cut",
            Real,
            "select fields or columns",
            "-b -c -f -d -s -n -z --complement --output-delimiter",
            cut::run,
        );
        r.register(
            "env",
            Real,
            "print or modify the environment and run a command",
            "-i - -u NAME -0 -C DIR -S STRING -v NAME=VALUE COMMAND (no signal options)",
            env::run,
        );
        r.register(
            "sleep",
            Real,
            "wait for a virtual time",
            "NUMBER[smhd]...",
            sleep::run,
        );
        r.register(
            "date",
            Real,
            "print the date (UTC)",
            "-u -d STRING -r FILE -I[FMT] -R +FORMAT",
            date::run,
        );
        r.register(
            "basename",
            Real,
            "strip directory and suffix",
            "-a -s -z",
            basename::run_basename,
        );
        r.register(
            "dirname",
            Real,
            "strip the last component",
            "-z",
            basename::run_dirname,
        );
        r.register("mkdir", Real, "make directories", "-p -m -v", mkdir::run);
        r.register(
            "rm",
            Real,
            "remove files or directories",
            "-f -i -I --interactive[=WHEN] -r -R -d -v --preserve-root --no-preserve-root --one-file-system (answers read from standard input)",
            rm::run,
        );
        r.register(
            "ls",
            Real,
            "list directory contents",
            "-1 -a -A -b -B -c -C -d -f -F -g -G -h -H -i -I -k -l -L -m -n -N -o -p -q -Q -r -R -s -S -t -T -u -U -v -w -x -X -Z --author --block-size --classify[=WHEN] --color[=never|auto] --file-type --format --full-time --group-directories-first --hide --hyperlink=never --indicator-style --quoting-style --show-control-chars --si --sort --time=atime|ctime --time-style --zero (refused: --color=always, --hyperlink=always, --dired with -l, --time=birth; -U lists in name order)",
            ls::run,
        );
        r.register(
            "touch",
            Real,
            "change file timestamps",
            "-a -c -m -d -t -r -f -h",
            touch::run,
        );
        r.register(
            "cp",
            Real,
            "copy files and directories",
            "-r -R -a -p -f -i -n -u -v -T -t DIR -P -d -L -H -l --parents --preserve[=LIST] --no-preserve=LIST --attributes-only (mode, ownership, timestamps, links; xattr has nothing to copy; context refused: no SELinux)",
            cp::run_cp,
        );
        r.register(
            "jq",
            Partial,
            "JSON processor (jq 1.6 output over the jaq engine)",
            "FILTER [FILE]... -r -j -c -n -e -s -R -a -S -M --tab --indent N --arg NAME VALUE --argjson NAME JSON --slurpfile NAME FILE --rawfile NAME FILE -f FILE (no -C, --seq, --stream, --args, input/inputs)",
            jq::run,
        );
        text_set::register_all(&mut r);
        files_set::register_all(&mut r);
        expr::register(&mut r);
        timeout::register(&mut r);
        register_system(&mut r);
        r
    }
}

impl CommandTable for Registry {
    fn lookup(&self, name: &[u8]) -> Option<CommandEntry> {
        self.map.borrow().get(name).cloned()
    }

    fn names(&self) -> Vec<String> {
        self.map.borrow().values().map(|e| e.name.clone()).collect()
    }
}

impl crate::process::command::ExtensibleTable for Registry {
    fn register(&self, name: &str, trust: Trust, run: CommandFn) {
        self.register_fn(name, trust, "registered by the embedder", "", run);
    }
}

/// The process, memory and terminal commands.
fn register_system(r: &mut Registry) {
    use Trust::{Partial, Real};
    r.register(
        "ps",
        Partial,
        "report the simulated processes in procps formats (every process is root's and has no terminal; CPU time, %CPU, %MEM, VSZ and RSS are not modeled and read 0)",
        "-e -A -a -f -p PIDS -o FORMAT --pid --format; BSD a u x w",
        ps::run,
    );
    r.register(
        "free",
        Real,
        "show the session's memory: total is the memory limit, used what the meter holds (no swap or cache)",
        "-b -k -m -g --kilo --mega --giga -h --si -t -w",
        free::run,
    );
    r.register(
        "nice",
        Real,
        "run a command with adjusted niceness (kept per process; the scheduler is fair whatever it is)",
        "-n N --adjustment=N -N COMMAND",
        nice::run_nice,
    );
    r.register(
        "nohup",
        Real,
        "run a command immune to hangups (no terminal, so output is never redirected to nohup.out)",
        "COMMAND [ARG]...",
        nice::run_nohup,
    );
    r.register(
        "stty",
        Real,
        "change terminal settings (fails: no process has a terminal)",
        "(any)",
        terminal::run_stty,
    );
    r.register(
        "clear",
        Real,
        "clear the screen: writes the $TERM type's sequence (xterm, screen, tmux, linux, vt100 families)",
        "-x -T TYPE",
        terminal::run_clear,
    );
    r.register(
        "sync",
        Real,
        "flush file system buffers (nothing to flush in memory; file operands must exist)",
        "-d -f [FILE]...",
        sync::run,
    );
}

/// Wraps an async command body into a [`CmdFuture`].
#[macro_export]
macro_rules! command_fn {
    ($name:ident, $body:path) => {
        pub fn $name(
            ctx: $crate::process::command::CommandCtx,
        ) -> $crate::process::command::CmdFuture {
            Box::pin(async move { $body(&ctx).await })
        }
    };
}
