//! The state of one shell process: variables, functions, options, positional parameters,
//! traps, jobs. Cloning it (for a subshell, a pipeline stage or a substitution) is cheap:
//! the large maps are persistent.

use super::ast::FunctionDef;
use super::vars::{Var, Vars, ATTR_EXPORT};
use crate::limits::Reservation;
use crate::process::command::CommandTable;
use crate::process::{Interrupt, Kernel, Pid};
use imbl::OrdMap;
use std::collections::BTreeMap;
use std::rc::Rc;

/// Non-local control flow, carried as the error side of every executor call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// `exit N`, `set -e`, or a fatal shell error: the process ends with this status.
    Exit(i32),
    /// An expansion or assignment error: the rest of the current top-level command is
    /// discarded (a script read from a file goes on with the next command; `-c` exits).
    Abort(i32),
    /// `return N` from a function or sourced file.
    Return(i32),
    Break(u32),
    Continue(u32),
    /// Resource exhaustion or a fatal signal.
    Int(Interrupt),
}

impl From<Interrupt> for Flow {
    fn from(i: Interrupt) -> Flow {
        Flow::Int(i)
    }
}

impl From<crate::limits::Exhausted> for Flow {
    fn from(e: crate::limits::Exhausted) -> Flow {
        Flow::Int(Interrupt::Stop(e.0))
    }
}

pub type Res<T> = Result<T, Flow>;

/// `set -o` options and `shopt` options.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub errexit: bool,
    pub nounset: bool,
    pub xtrace: bool,
    pub pipefail: bool,
    pub noglob: bool,
    pub noclobber: bool,
    pub allexport: bool,
    pub noexec: bool,
    pub verbose: bool,
    pub posix: bool,
    pub errtrace: bool,
    pub functrace: bool,
    // shopt
    pub extglob: bool,
    pub nullglob: bool,
    pub failglob: bool,
    pub dotglob: bool,
    pub globstar: bool,
    pub nocaseglob: bool,
    pub nocasematch: bool,
    pub expand_aliases: bool,
    pub lastpipe: bool,
    pub inherit_errexit: bool,
    /// Options bash has that do not change what a non-interactive simulated shell does
    /// (line editing, history, completion, prompts): stored and reported faithfully.
    pub inert: std::collections::BTreeMap<&'static str, bool>,
}

/// `set -o` options stored in `Options::inert`, and their defaults: interactive features with
/// no effect in a script (line editing, job-control notices, `ignoreeof`, `privileged`), plus
/// the ones read from there where they act: `braceexpand` (expander), `keyword` (`set -k`,
/// simple commands), `onecmd` (`set -t`, the script reader), `physical` (`set -P`, cd/pwd)
/// and `history` (the script reader and `history`).
pub const INERT_SET_OPTIONS: &[(&str, bool)] = &[
    ("braceexpand", true),
    ("emacs", false),
    ("hashall", true),
    ("histexpand", false),
    ("history", false),
    ("ignoreeof", false),
    ("interactive-comments", true),
    ("keyword", false),
    ("monitor", false),
    ("nolog", false),
    ("notify", false),
    ("onecmd", false),
    ("physical", false),
    ("privileged", false),
    ("vi", false),
];

/// `shopt` options stored in `Options::inert`, and their defaults. Read where they act:
/// `xpg_echo` (echo) and `patsub_replacement` (`${x/p/r}`). The others are interactive
/// features (completion, history editing, prompts, `checkwinsize`, `cdspell`, ...), read-only
/// status (`login_shell`, `restricted_shell`) or not modeled yet (see docs/compatibility.md).
pub const INERT_SHOPT_OPTIONS: &[(&str, bool)] = &[
    ("assoc_expand_once", false),
    ("autocd", false),
    ("cdable_vars", false),
    ("cdspell", false),
    ("checkhash", false),
    ("checkjobs", false),
    ("checkwinsize", false),
    ("cmdhist", true),
    ("compat31", false),
    ("compat32", false),
    ("compat40", false),
    ("compat41", false),
    ("compat42", false),
    ("compat43", false),
    ("compat44", false),
    ("complete_fullquote", true),
    ("direxpand", false),
    ("dirspell", false),
    ("execfail", false),
    ("extdebug", false),
    ("extquote", true),
    ("force_fignore", true),
    ("globasciiranges", true),
    ("globskipdots", true),
    ("gnu_errfmt", false),
    ("histappend", false),
    ("histreedit", false),
    ("histverify", false),
    ("hostcomplete", true),
    ("huponexit", false),
    ("interactive_comments", true),
    ("lithist", false),
    ("localvar_inherit", false),
    ("localvar_unset", false),
    ("login_shell", false),
    ("mailwarn", false),
    ("no_empty_cmd_completion", false),
    ("noexpand_translation", false),
    ("patsub_replacement", true),
    ("progcomp", true),
    ("progcomp_alias", false),
    ("promptvars", true),
    ("restricted_shell", false),
    ("shift_verbose", false),
    ("sourcepath", true),
    ("varredir_close", false),
    ("xpg_echo", false),
];

/// `set -o` names in the order bash lists them.
pub const SET_OPTIONS: &[(&str, char)] = &[
    ("allexport", 'a'),
    ("errexit", 'e'),
    ("errtrace", 'E'),
    ("functrace", 'T'),
    ("noclobber", 'C'),
    ("noexec", 'n'),
    ("noglob", 'f'),
    ("nounset", 'u'),
    ("pipefail", '\0'),
    ("posix", '\0'),
    ("verbose", 'v'),
    ("xtrace", 'x'),
];

pub const SHOPT_OPTIONS: &[&str] = &[
    "dotglob",
    "expand_aliases",
    "extglob",
    "failglob",
    "globstar",
    "inherit_errexit",
    "lastpipe",
    "nocaseglob",
    "nocasematch",
    "nullglob",
];

impl Options {
    pub fn get(&self, name: &str) -> Option<bool> {
        Some(match name {
            "errexit" => self.errexit,
            "nounset" => self.nounset,
            "xtrace" => self.xtrace,
            "pipefail" => self.pipefail,
            "noglob" => self.noglob,
            "noclobber" => self.noclobber,
            "allexport" => self.allexport,
            "noexec" => self.noexec,
            "verbose" => self.verbose,
            "posix" => self.posix,
            "errtrace" => self.errtrace,
            "functrace" => self.functrace,
            "extglob" => self.extglob,
            "nullglob" => self.nullglob,
            "failglob" => self.failglob,
            "dotglob" => self.dotglob,
            "globstar" => self.globstar,
            "nocaseglob" => self.nocaseglob,
            "nocasematch" => self.nocasematch,
            "expand_aliases" => self.expand_aliases,
            "lastpipe" => self.lastpipe,
            "inherit_errexit" => self.inherit_errexit,
            other => return self.inert_get(other),
        })
    }

    pub fn set(&mut self, name: &str, on: bool) -> bool {
        let slot = match name {
            "errexit" => &mut self.errexit,
            "nounset" => &mut self.nounset,
            "xtrace" => &mut self.xtrace,
            "pipefail" => &mut self.pipefail,
            "noglob" => &mut self.noglob,
            "noclobber" => &mut self.noclobber,
            "allexport" => &mut self.allexport,
            "noexec" => &mut self.noexec,
            "verbose" => &mut self.verbose,
            "posix" => &mut self.posix,
            "errtrace" => &mut self.errtrace,
            "functrace" => &mut self.functrace,
            "extglob" => &mut self.extglob,
            "nullglob" => &mut self.nullglob,
            "failglob" => &mut self.failglob,
            "dotglob" => &mut self.dotglob,
            "globstar" => &mut self.globstar,
            "nocaseglob" => &mut self.nocaseglob,
            "nocasematch" => &mut self.nocasematch,
            "expand_aliases" => &mut self.expand_aliases,
            "lastpipe" => &mut self.lastpipe,
            "inherit_errexit" => &mut self.inherit_errexit,
            other => return self.inert_set(other, on),
        };
        *slot = on;
        true
    }

    fn inert_get(&self, name: &str) -> Option<bool> {
        let (key, default) = INERT_SET_OPTIONS
            .iter()
            .chain(INERT_SHOPT_OPTIONS)
            .find(|(n, _)| *n == name)?;
        Some(self.inert.get(key).copied().unwrap_or(*default))
    }

    fn inert_set(&mut self, name: &str, on: bool) -> bool {
        match INERT_SET_OPTIONS
            .iter()
            .chain(INERT_SHOPT_OPTIONS)
            .find(|(n, _)| *n == name)
        {
            Some((key, _)) => {
                self.inert.insert(key, on);
                // emacs and vi are exclusive line-editing modes.
                if *key == "emacs" && on {
                    self.inert.insert("vi", false);
                } else if *key == "vi" && on {
                    self.inert.insert("emacs", false);
                }
                true
            }
            None => false,
        }
    }

    /// Whether `name` is a `set -o` option (as opposed to a `shopt` one).
    pub fn is_set_option(name: &str) -> bool {
        SET_OPTIONS.iter().any(|(n, _)| *n == name)
            || INERT_SET_OPTIONS.iter().any(|(n, _)| *n == name)
    }

    pub fn is_shopt_option(name: &str) -> bool {
        SHOPT_OPTIONS.contains(&name) || INERT_SHOPT_OPTIONS.iter().any(|(n, _)| *n == name)
    }

    /// All `set -o` names, sorted (as `set -o` lists them).
    pub fn set_option_names() -> Vec<&'static str> {
        let mut v: Vec<&str> = SET_OPTIONS
            .iter()
            .map(|(n, _)| *n)
            .chain(INERT_SET_OPTIONS.iter().map(|(n, _)| *n))
            .collect();
        v.sort();
        v
    }

    pub fn shopt_option_names() -> Vec<&'static str> {
        let mut v: Vec<&str> = SHOPT_OPTIONS
            .iter()
            .copied()
            .chain(INERT_SHOPT_OPTIONS.iter().map(|(n, _)| *n))
            .collect();
        v.sort();
        v
    }

    /// `$SHELLOPTS`: enabled `set -o` options joined by `:`.
    pub fn shellopts(&self) -> String {
        Self::set_option_names()
            .into_iter()
            .filter(|n| self.get(n) == Some(true))
            .collect::<Vec<_>>()
            .join(":")
    }

    /// `$BASHOPTS`: enabled `shopt` options joined by `:`.
    pub fn bashopts(&self) -> String {
        Self::shopt_option_names()
            .into_iter()
            .filter(|n| self.get(n) == Some(true))
            .collect::<Vec<_>>()
            .join(":")
    }

    pub fn by_letter(c: char) -> Option<&'static str> {
        SET_OPTIONS
            .iter()
            .find(|(_, l)| *l == c && c != '\0')
            .map(|(n, _)| *n)
    }

    /// The option a single-letter `set` flag names: the ones with an effect here, and the
    /// interactive ones that are only recorded (they still show in `$-` and `set -o`).
    pub fn name_of_letter(c: char) -> Option<&'static str> {
        Self::by_letter(c).or(match c {
            'b' => Some("notify"),
            'h' => Some("hashall"),
            'k' => Some("keyword"),
            'm' => Some("monitor"),
            'p' => Some("privileged"),
            't' => Some("onecmd"),
            'B' => Some("braceexpand"),
            'H' => Some("histexpand"),
            'P' => Some("physical"),
            _ => None,
        })
    }

    /// `$-`: the set flags that are on, in bash's order (the caller appends `c`/`s`/`i`).
    pub fn flags(&self) -> String {
        "abefhkmnptuvxBCEHPT"
            .chars()
            .filter(|&c| Self::name_of_letter(c).is_some_and(|n| self.get(n) == Some(true)))
            .collect()
    }
}

/// A running coprocess: its name, pid and the shell's ends of its pipes (`-1` once closed,
/// as `${NAME[0]}` and `${NAME[1]}` then show).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coproc {
    pub name: Vec<u8>,
    pub pid: Pid,
    pub read_fd: i64,
    pub write_fd: i64,
}

#[derive(Clone, Debug)]
pub struct Job {
    pub id: u32,
    pub pid: Pid,
    pub command: Vec<u8>,
}

#[derive(Clone, Debug)]
pub struct CallFrame {
    pub name: Vec<u8>,
    /// A `source`/`.` frame rather than a function call.
    pub sourced: bool,
    pub call_line: u32,
    pub source: Vec<u8>,
}

/// Variables bash sets in every shell, with their values here.
pub const SHELL_VARS: &[(&str, &str)] = &[
    ("IFS", " \t\n"),
    ("PS4", "+ "),
    ("OPTIND", "1"),
    ("OPTERR", "1"),
    ("PS1", "\\s-\\v\\$ "),
    ("PS2", "> "),
    ("OSTYPE", "linux-gnu"),
    ("HOSTTYPE", "x86_64"),
    ("MACHTYPE", "x86_64-pc-linux-gnu"),
    ("BASH", "/bin/bash"),
    ("BASH_VERSION", "5.2.15(1)-release"),
    ("UID", "0"),
    ("EUID", "0"),
    ("PPID", "1"),
];

/// Deepest function/source/eval nesting before the run stops with `DepthExceeded`.
pub const MAX_CALL_DEPTH: u32 = 1000;

#[derive(Clone)]
pub struct Shell {
    pub sys: Rc<Kernel>,
    pub pid: Pid,
    pub commands: Rc<dyn CommandTable>,
    pub vars: Vars,
    pub funcs: OrdMap<Vec<u8>, Rc<FunctionDef>>,
    pub aliases: OrdMap<Vec<u8>, Vec<u8>>,
    pub opts: Options,
    pub positional: Vec<Vec<u8>>,
    pub arg0: Vec<u8>,
    pub status: i32,
    pub last_bg: Option<Pid>,
    pub cwd: Vec<u8>,
    /// Trap commands by signal number; 0 is EXIT, -1 ERR, -2 DEBUG, -3 RETURN.
    pub traps: BTreeMap<i32, Vec<u8>>,
    pub jobs: Vec<Job>,
    pub dir_stack: Vec<Vec<u8>>,
    pub call_stack: Vec<CallFrame>,
    pub depth: u32,
    /// How deep `set -x` output is nested: each command substitution, `eval` and `source`
    /// adds one, and each level repeats PS4's first character once more (`++ echo`).
    pub xtrace_level: u32,
    pub line: u32,
    pub pipestatus: Vec<i32>,
    /// >0 while running a condition (if/while/&&/||/!): `set -e` does not fire.
    pub errexit_suppressed: u32,
    pub loop_depth: u32,
    pub subshell_level: u32,
    pub start_secs: i64,
    pub umask: u32,
    /// Character position inside the current `getopts` word.
    pub getopts_char: usize,
    /// OPTIND value when `getopts_char` was last set (a changed OPTIND restarts parsing).
    pub getopts_last_optind: usize,
    pub random_state: u32,
    /// The name `test` diagnostics carry: `test`, or `[` while the bracket form runs.
    pub test_name: &'static str,
    pub is_subshell: bool,
    /// Descriptors opened for process substitutions, closed after the command.
    pub procsub_fds: Vec<u32>,
    /// The coprocess the shell tracks (bash tracks one: starting another forgets the first).
    pub coproc: Option<Coproc>,
    pub source_name: Vec<u8>,
    pub in_trap: bool,
    /// bash's command hash table: name → (path found on PATH, hits).
    pub hash: OrdMap<Vec<u8>, (Vec<u8>, u32)>,
    /// `$$`: the pid of the shell that started the script (unchanged in subshells).
    pub dollar_pid: Pid,
    /// Running a `-c` string: fatal errors exit with bash's `-c` statuses and aborted
    /// commands end the shell.
    pub c_mode: bool,
    /// Reading the script from standard input (`$-` has `s`).
    pub stdin_mode: bool,
    /// The script file being run (bottom of BASH_SOURCE); empty for stdin and `-c`.
    pub script_name: Vec<u8>,
    /// The file each function was defined in (for BASH_SOURCE).
    pub func_files: OrdMap<Vec<u8>, Vec<u8>>,
    /// Traps inherited for display only (a subshell's `trap` lists its parent's).
    pub shown_traps: BTreeMap<i32, Vec<u8>>,
    /// Parsed arithmetic by source text (shared with subshells; results never depend on it).
    pub arith_cache:
        Rc<std::cell::RefCell<std::collections::HashMap<Vec<u8>, Rc<super::arith::Expr>>>>,
    /// Limits set with `ulimit` (flag → value, None = unlimited).
    pub ulimits: std::collections::BTreeMap<u8, Option<u64>>,
    /// The last list item failed in a way `set -e` ignores (for compound commands).
    pub errexit_exempt: bool,
    /// Status of the last command substitution run while expanding the current command.
    pub subst_status: Option<i32>,
    /// `$_`: the last argument of the previous simple command.
    pub last_arg: Vec<u8>,
    /// Array assignments found while expanding a declaration builtin's arguments.
    pub pending_decl_arrays: Vec<Rc<super::ast::Assign>>,
    /// Set while expanding a word that is not split (an assignment's value, a `case`
    /// word): there `$*` and `${a[*]}` join with IFS's first character, as in quotes.
    pub joining_star: bool,
    /// Modeled memory this process reserved for its variables (released when it exits).
    pub mem_held: HeldMemory,
    /// The history list (`history`, `fc`); filled by `history -s` and, under
    /// `set -o history`, by the script reader.
    pub history: imbl::Vector<Vec<u8>>,
    /// Entries already written by `history -a`.
    pub history_appended: usize,
    /// Lines of the history file read so far (`history -n` reads only newer ones).
    pub history_file_lines: usize,
    /// Builtins turned off with `enable -n`.
    pub disabled_builtins: imbl::OrdSet<Vec<u8>>,
    /// Completion specs stored by `complete`.
    pub completions: super::builtins::complete::Specs,
}

/// The modeled memory a shell holds for its variables, arrays and history: one guard, grown
/// and shrunk as they change, given back when the shell process ends (or is dropped).
///
/// A copy of a shell holds nothing (`Clone` gives an empty guard of the same account): a
/// subshell's inherited variables stay charged to its parent, and a copy kept to restore later
/// (a session snapshot, the shell as an action found it) is given its bytes again by whoever
/// makes it *the* shell — see [`Shell::held_memory`] and `session::snapshot`.
pub struct HeldMemory(pub Reservation);

impl Clone for HeldMemory {
    fn clone(&self) -> Self {
        HeldMemory(self.0.empty())
    }
}

impl Shell {
    pub fn new(sys: Rc<Kernel>, pid: Pid, commands: Rc<dyn CommandTable>) -> Shell {
        let held = sys.meter.empty_reservation();
        let start_secs = sys.clock.borrow().wall_secs();
        let seed = sys.info.seed as u32;
        Shell {
            sys,
            pid,
            commands,
            vars: Vars::default(),
            funcs: OrdMap::new(),
            aliases: OrdMap::new(),
            opts: Options::default(),
            positional: Vec::new(),
            arg0: b"shellsim".to_vec(),
            status: 0,
            last_bg: None,
            cwd: b"/work".to_vec(),
            traps: BTreeMap::new(),
            jobs: Vec::new(),
            dir_stack: Vec::new(),
            call_stack: Vec::new(),
            depth: 0,
            xtrace_level: 0,
            line: 1,
            pipestatus: Vec::new(),
            errexit_suppressed: 0,
            loop_depth: 0,
            subshell_level: 0,
            start_secs,
            umask: crate::process::DEFAULT_UMASK,
            getopts_char: 0,
            getopts_last_optind: 0,
            random_state: seed,
            test_name: "test",
            is_subshell: false,
            procsub_fds: Vec::new(),
            coproc: None,
            source_name: Vec::new(),
            in_trap: false,
            hash: OrdMap::new(),
            dollar_pid: pid,
            c_mode: false,
            pending_decl_arrays: Vec::new(),
            joining_star: false,
            stdin_mode: false,
            last_arg: Vec::new(),
            subst_status: None,
            errexit_exempt: false,
            ulimits: Default::default(),
            arith_cache: Default::default(),
            shown_traps: BTreeMap::new(),
            func_files: OrdMap::new(),
            script_name: Vec::new(),
            mem_held: HeldMemory(held),
            history: imbl::Vector::new(),
            history_appended: 0,
            history_file_lines: 0,
            disabled_builtins: imbl::OrdSet::new(),
            completions: Default::default(),
        }
    }

    /// Sets the standard environment of a fresh machine.
    pub fn init_environment(&mut self, hostname: &str) {
        for (k, v) in [
            ("HOME", "/root"),
            ("PATH", "/usr/local/bin:/usr/bin:/bin"),
            ("USER", "root"),
            ("LOGNAME", "root"),
            ("SHELL", "/bin/bash"),
            ("LANG", "C.UTF-8"),
            ("TERM", "dumb"),
            // The top shell's level, as bash sets it when started from a program.
            ("SHLVL", "1"),
            ("HOSTNAME", hostname),
            ("PWD", "/work"),
        ] {
            let mut var = Var::scalar(v.as_bytes().to_vec());
            var.attrs |= ATTR_EXPORT;
            self.vars.set_var(k.as_bytes(), var);
        }
        self.init_shell_vars();
    }

    /// The variables every new bash sets for itself (not inherited from the environment).
    pub fn init_shell_vars(&mut self) {
        for (k, v) in SHELL_VARS {
            self.vars
                .set_var(k.as_bytes(), Var::scalar(v.as_bytes().to_vec()));
        }
        let mut info = imbl::OrdMap::new();
        for (i, v) in ["5", "2", "15", "1", "release", "x86_64-pc-linux-gnu"]
            .iter()
            .enumerate()
        {
            info.insert(i as i64, v.as_bytes().to_vec());
        }
        self.vars.set_var(
            b"BASH_VERSINFO",
            Var {
                value: Some(super::vars::Value::Indexed(info)),
                attrs: super::vars::ATTR_READONLY,
            },
        );
    }

    /// The bytes this shell holds for its variables, arrays and history: what a copy of it
    /// must be given again when it is restored as the shell (see [`HeldMemory`]).
    pub fn held_memory(&self) -> u64 {
        self.mem_held.0.bytes()
    }

    /// A copy of this shell for a child process (`(...)`, a pipeline stage, `$(...)`, `&`).
    pub fn fork_state(&self, pid: Pid) -> Shell {
        let mut child = self.clone();
        child.pid = pid;
        child.is_subshell = true;
        child.subshell_level += 1;
        child.jobs.clear();
        child.procsub_fds.clear();
        // The copy's guard holds nothing: inherited variables stay charged to the parent.
        debug_assert_eq!(child.mem_held.0.bytes(), 0);
        // `break`/`continue` do not reach loops outside a subshell.
        child.loop_depth = 0;
        // Traps other than ignored signals are reset in subshells; ERR and DEBUG survive with
        // errtrace / functrace.
        let (errtrace, functrace) = (self.opts.errtrace, self.opts.functrace);
        // bash still lists the parent's traps in a subshell (until one is set there).
        child.shown_traps = self.traps.clone();
        child.traps.retain(|sig, cmd| {
            cmd.is_empty() || (*sig == -1 && errtrace) || (*sig == -2 && functrace)
        });
        if !self.opts.inherit_errexit && !self.opts.posix {
            // bash keeps errexit in subshells but turns it off in substitutions; callers decide.
        }
        child
    }

    /// Exit status for fatal expansion errors (unbound variable, `${x:?}`): bash's `-c` shell
    /// itself exits 127, its subshells and substitutions 1, a script read from input 1.
    pub fn fatal_status(&self) -> i32 {
        if self.c_mode && !self.is_subshell {
            127
        } else {
            1
        }
    }

    /// The next `$RANDOM` value (bash's 15-bit generator shape, seeded per session).
    pub fn next_random(&mut self) -> u32 {
        // Park–Miller minimal standard, as bash uses, reduced to 15 bits.
        let mut s = self.random_state as i64;
        if s == 0 {
            s = 123_459_876;
        }
        let h = s / 127_773;
        let l = s % 127_773;
        let mut t = 16_807 * l - 2_836 * h;
        if t < 0 {
            t += 0x7fff_ffff;
        }
        self.random_state = t as u32;
        ((t as u32) ^ ((t as u32) >> 16)) & 0x7fff
    }
}
