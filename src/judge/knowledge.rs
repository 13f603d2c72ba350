//! What each program does with its words: which are paths it reads, writes or walks, which
//! are patterns or program text, and which start another command.
//!
//! A program the table does not know is not vouched for: every operand it gets is a read
//! candidate. Options are skipped (their values too, where the table knows the option takes
//! one); `--name=value` values are candidates of an unknown program.

use super::words::Value;

/// How a program uses a path word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Face {
    /// Opened for reading (or its metadata read).
    Read,
    /// Created, written, moved onto or removed.
    Write,
    /// A directory walked recursively: everything below it is read.
    Traverse,
    /// A program path that is executed, not disclosed: meets the deny judge only.
    Program,
    /// A value handed over in the environment: meets the deny judge only.
    Env,
    /// The source of a copy, move or link: meets the deny judge as a read.
    Source,
}

/// What the table says about one invocation (indexes are into the argument values, the
/// program word excluded).
#[derive(Debug, Default)]
pub struct Analysis {
    pub paths: Vec<(usize, Face)>,
    /// Paths named inside program text (a sed `r`/`w` command, awk `getline < "f"`).
    pub embedded: Vec<(Vec<u8>, Face)>,
    /// Where a wrapped command starts (`sudo CMD`, `env X=1 CMD`, `xargs CMD`, `time CMD`).
    pub inner: Option<usize>,
    /// Argument indexes holding shell text the program parses (`sh -c S`, `eval S`).
    pub reentry: Vec<usize>,
    /// `find -exec CMD ;` ranges, each a command of its own.
    pub exec: Vec<(usize, usize)>,
    pub declined: Option<String>,
    pub unestablishable: Option<String>,
    /// `cd`: the new directory's argument, or `None` for the home.
    pub cd: Option<Option<usize>>,
    /// Shell text found inside another program's text (`sed 'e CMD'`, awk `system("CMD")`).
    pub reentry_text: Vec<Vec<u8>>,
    /// Words the program itself reads as paths or globs: `compgen -G PAT`, and `compgen -f WORD`
    /// listing what `WORD*` would match (or the directory `WORD/`).
    pub globbed: Vec<(Value, Face)>,
}

fn text(v: &Value) -> &[u8] {
    &v.text
}

/// Splits option words from operands for a conventional command. `takes_arg` lists short
/// option letters and long names whose value is the next word (or `--name=value`).
struct Parsed {
    operands: Vec<usize>,
    /// (option name, index of its value)
    opt_values: Vec<(Vec<u8>, usize)>,
    flags: Vec<Vec<u8>>,
}

fn parse_opts(args: &[Value], short_arg: &[u8], long_arg: &[&str]) -> Parsed {
    let mut p = Parsed {
        operands: Vec::new(),
        opt_values: Vec::new(),
        flags: Vec::new(),
    };
    let mut i = 0;
    let mut only_operands = false;
    while i < args.len() {
        let a = text(&args[i]);
        if only_operands || a.len() < 2 || a[0] != b'-' {
            p.operands.push(i);
            i += 1;
            continue;
        }
        if a == b"--" {
            only_operands = true;
            i += 1;
            continue;
        }
        if let Some(long) = a.strip_prefix(b"--") {
            let (name, inline) = match long.iter().position(|&b| b == b'=') {
                Some(eq) => (&long[..eq], true),
                None => (long, false),
            };
            let takes = long_arg.iter().any(|l| l.as_bytes() == name);
            if inline {
                // The value is inside this word: report the whole word's index.
                p.opt_values.push((name.to_vec(), i));
            } else if takes && i + 1 < args.len() {
                p.opt_values.push((name.to_vec(), i + 1));
                i += 1;
            } else {
                p.flags.push(name.to_vec());
            }
            i += 1;
            continue;
        }
        // A cluster of short options; the first that takes an argument ends it.
        let mut consumed_next = false;
        for (k, &c) in a.iter().enumerate().skip(1) {
            if short_arg.contains(&c) {
                if k + 1 < a.len() {
                    p.opt_values.push((vec![c], i));
                } else if i + 1 < args.len() {
                    p.opt_values.push((vec![c], i + 1));
                    consumed_next = true;
                }
                break;
            }
            p.flags.push(vec![c]);
        }
        i += if consumed_next { 2 } else { 1 };
    }
    p
}

impl Parsed {
    fn has(&self, f: &str) -> bool {
        self.flags.iter().any(|x| x == f.as_bytes())
            || self.opt_values.iter().any(|(n, _)| n == f.as_bytes())
    }
    fn values(&self, names: &[&str]) -> Vec<usize> {
        self.opt_values
            .iter()
            .filter(|(n, _)| names.iter().any(|x| x.as_bytes() == n.as_slice()))
            .map(|(_, i)| *i)
            .collect()
    }
}

/// Programs that take no path operands at all (their words are text, numbers, names).
const NO_PATHS: &[&str] = &[
    "echo",
    "printf",
    "true",
    "false",
    ":",
    "pwd",
    "date",
    "sleep",
    "seq",
    "yes",
    "expr",
    "let",
    "unset",
    "set",
    "shift",
    "return",
    "exit",
    "break",
    "continue",
    "unalias",
    "type",
    "which",
    "hash",
    "wait",
    "jobs",
    "kill",
    "umask",
    "ulimit",
    "times",
    "getopts",
    "read",
    "printenv",
    "id",
    "whoami",
    "uname",
    "hostname",
    "basename",
    "dirname",
    "clear",
    "tput",
    "fg",
    "bg",
    "disown",
    "shopt",
    "caller",
    "help",
    "logname",
    "groups",
    "nproc",
    "arch",
    "tty",
    "users",
    "who",
    "uptime",
    "factor",
    "numfmt",
    "cal",
    "whatis",
    "apropos",
    "mapfile",
    "readarray",
    "popd",
    "dirs",
    "complete",
];

/// Programs whose every operand is a file they read (options with values listed per entry).
const READERS: &[(&str, &[u8], &[&str])] = &[
    ("cat", b"", &[]),
    ("tac", b"s", &["separator"]),
    ("less", b"", &[]),
    ("more", b"", &[]),
    ("head", b"nc", &["lines", "bytes"]),
    ("tail", b"nc", &["lines", "bytes"]),
    ("wc", b"", &["files0-from"]),
    ("nl", b"bdfhilnsvw", &[]),
    ("od", b"AjNtw", &[]),
    ("hexdump", b"enos", &[]),
    ("xxd", b"cglos", &[]),
    ("strings", b"nt", &[]),
    ("file", b"mf", &[]),
    ("stat", b"c", &["format", "printf"]),
    ("md5sum", b"", &[]),
    ("sha1sum", b"", &[]),
    ("sha256sum", b"", &[]),
    ("sha512sum", b"", &[]),
    ("b2sum", b"", &[]),
    ("cksum", b"", &[]),
    ("sum", b"", &[]),
    ("base64", b"w", &[]),
    ("base32", b"w", &[]),
    ("uniq", b"fsw", &[]),
    (
        "cut",
        b"bcdf",
        &["delimiter", "fields", "characters", "bytes"],
    ),
    ("paste", b"d", &["delimiters"]),
    ("comm", b"", &[]),
    ("join", b"1245eot", &[]),
    ("expand", b"t", &[]),
    ("unexpand", b"t", &[]),
    ("fold", b"w", &[]),
    ("fmt", b"w", &[]),
    ("column", b"cso", &[]),
    (
        "pr",
        b"DhlNowW",
        &[
            "date-format",
            "header",
            "length",
            "first-line-number",
            "indent",
            "width",
            "page-width",
            "pages",
            "columns",
        ],
    ),
    ("rev", b"", &[]),
    ("tr", b"", &[]),
    ("diff", b"UCFIxX", &["unified", "context"]),
    ("cmp", b"in", &[]),
    ("readlink", b"", &[]),
    ("realpath", b"", &["relative-to", "relative-base"]),
    ("jq", b"", &["arg", "argjson", "slurpfile", "rawfile"]),
    ("yq", b"", &[]),
    ("nano", b"", &[]),
    ("gzip", b"S", &[]),
    ("gunzip", b"S", &[]),
    ("zcat", b"", &[]),
    ("bzip2", b"", &[]),
    ("xz", b"", &[]),
    ("unzip", b"d", &[]),
    ("zip", b"", &[]),
    ("openssl", b"", &[]),
    ("split", b"lbna", &[]),
    ("shuf", b"n", &[]),
    ("bc", b"", &[]),
    ("awk_file", b"", &[]),
];

/// Programs whose operands are walked recursively.
const WALKERS: &[(&str, &[u8])] = &[("du", b"dB"), ("tree", b"LIP"), ("ls_r", b"")];

/// Programs whose operands are written (created, changed, removed).
const WRITERS: &[(&str, &[u8])] = &[
    ("touch", b"drt"),
    ("mkdir", b"m"),
    ("rmdir", b""),
    ("rm", b""),
    ("chmod", b""),
    ("chown", b""),
    ("chgrp", b""),
    ("truncate", b"sr"),
    ("shred", b"nsu"),
    ("tee", b""),
    ("mktemp", b"p"),
    ("mkfifo", b"m"),
];

/// Looks a program up. `args` excludes the program word itself.
pub fn analyze(name: &[u8], args: &[Value]) -> Analysis {
    let name = std::str::from_utf8(name).unwrap_or("");
    let mut a = Analysis::default();
    if NO_PATHS.contains(&name) {
        return a;
    }
    if let Some((_, short, long)) = READERS.iter().find(|(n, _, _)| *n == name) {
        let p = parse_opts(args, short, long);
        if name == "tr" {
            return a;
        }
        if name == "jq" {
            // The first operand is the filter, unless -f/--from-file names a file.
            let ops = &p.operands;
            for (k, &i) in ops.iter().enumerate() {
                if k > 0 || p.has("f") || p.has("from-file") {
                    a.paths.push((i, Face::Read));
                }
            }
            for i in p.values(&["slurpfile", "rawfile"]) {
                a.paths.push((i, Face::Read));
            }
            return a;
        }
        if name == "split" {
            if let Some(&first) = p.operands.first() {
                a.paths.push((first, Face::Read));
            }
            return a;
        }
        for &i in &p.operands {
            a.paths.push((i, Face::Read));
        }
        for i in p.values(&["files0-from", "relative-to"]) {
            a.paths.push((i, Face::Read));
        }
        return a;
    }
    if let Some((_, short)) = WRITERS.iter().find(|(n, _)| *n == name) {
        let p = parse_opts(args, short, &["reference", "mode", "tmpdir", "size"]);
        // Every operand is written; `rm -r` of a directory reaches the rows below it too,
        // which the judge checks for every write target.
        let face = Face::Write;
        for &i in &p.operands {
            a.paths.push((i, face));
        }
        for i in p.values(&["r", "reference"]) {
            a.paths.push((i, Face::Read));
        }
        return a;
    }
    if let Some((_, short)) = WALKERS.iter().find(|(n, _)| *n == name) {
        let p = parse_opts(args, short, &[]);
        let ops = if p.operands.is_empty() {
            vec![]
        } else {
            p.operands.clone()
        };
        for i in ops {
            a.paths.push((i, Face::Traverse));
        }
        if p.operands.is_empty() {
            a.cd = None;
        }
        return a;
    }
    match name {
        "ls" | "dir" | "vdir" => {
            let p = parse_opts(
                args,
                b"ITw",
                &["ignore", "hide", "width", "format", "sort", "time-style"],
            );
            let face = if p.has("R") || p.has("recursive") {
                Face::Traverse
            } else {
                Face::Read
            };
            for &i in &p.operands {
                a.paths.push((i, face));
            }
        }
        "grep" | "egrep" | "fgrep" | "rg" | "ag" | "ack" => {
            let short: &[u8] = if name == "rg" {
                b"efgtTmABCjM"
            } else {
                b"efmABCdD"
            };
            let p = parse_opts(
                args,
                short,
                &[
                    "regexp",
                    "file",
                    "max-count",
                    "include",
                    "exclude",
                    "exclude-dir",
                    "context",
                    "glob",
                    "type",
                ],
            );
            let recursive = name == "rg"
                || name == "ag"
                || name == "ack"
                || p.has("r")
                || p.has("R")
                || p.has("recursive")
                || p.has("dereference-recursive");
            let explicit = p.has("e") || p.has("regexp") || p.has("f") || p.has("file");
            let face = if recursive {
                Face::Traverse
            } else {
                Face::Read
            };
            for (k, &i) in p.operands.iter().enumerate() {
                if k == 0 && !explicit {
                    continue; // the pattern
                }
                a.paths.push((i, face));
            }
            for i in p.values(&["f", "file"]) {
                a.paths.push((i, Face::Read));
            }
        }
        "sed" => {
            let p = parse_opts(args, b"efl", &["expression", "file", "line-length"]);
            let explicit = p.has("e") || p.has("expression") || p.has("f") || p.has("file");
            let mut scripts = p.values(&["e", "expression"]);
            let in_place = p.has("i")
                || p.has("in-place")
                || args
                    .iter()
                    .any(|v| v.text.starts_with(b"-i") || v.text.starts_with(b"--in-place"));
            for (k, &i) in p.operands.iter().enumerate() {
                if k == 0 && !explicit {
                    scripts.push(i);
                    continue;
                }
                a.paths
                    .push((i, if in_place { Face::Write } else { Face::Read }));
                if in_place {
                    a.paths.push((i, Face::Read));
                }
            }
            for i in p.values(&["f", "file"]) {
                a.paths.push((i, Face::Read));
            }
            for i in scripts {
                sed_script(&args[i], &mut a);
            }
        }
        "awk" | "gawk" | "mawk" | "nawk" => {
            let p = parse_opts(args, b"fvF", &["file", "assign", "field-separator"]);
            let explicit = p.has("f") || p.has("file");
            for (k, &i) in p.operands.iter().enumerate() {
                if k == 0 && !explicit {
                    awk_program(&args[i], &mut a);
                    continue;
                }
                // `var=value` operands are assignments, not files.
                if args[i].text.contains(&b'=') && !args[i].text.starts_with(b"/") {
                    continue;
                }
                a.paths.push((i, Face::Read));
            }
            for i in p.values(&["f", "file"]) {
                a.paths.push((i, Face::Read));
            }
        }
        "sort" => {
            let p = parse_opts(
                args,
                b"kotST",
                &[
                    "key",
                    "output",
                    "field-separator",
                    "buffer-size",
                    "temporary-directory",
                    "files0-from",
                ],
            );
            for &i in &p.operands {
                a.paths.push((i, Face::Read));
            }
            for i in p.values(&["o", "output"]) {
                a.paths.push((i, Face::Write));
            }
            for i in p.values(&["files0-from"]) {
                a.paths.push((i, Face::Read));
            }
        }
        "cp" | "mv" | "ln" | "install" | "rsync" | "scp" => {
            let p = parse_opts(
                args,
                b"tSmogbe",
                &[
                    "target-directory",
                    "suffix",
                    "mode",
                    "owner",
                    "group",
                    "exclude",
                    "include",
                    "rsh",
                ],
            );
            let target_dir = p.values(&["t", "target-directory"]);
            let ops = &p.operands;
            let recursive = p.has("r")
                || p.has("R")
                || p.has("a")
                || p.has("recursive")
                || p.has("archive")
                || name == "mv";
            let source_face = if recursive && name != "ln" {
                Face::Traverse
            } else {
                Face::Source
            };
            if !target_dir.is_empty() {
                for &i in ops {
                    a.paths.push((i, source_face));
                }
                for i in target_dir {
                    a.paths.push((i, Face::Write));
                }
            } else if ops.len() >= 2 {
                for &i in &ops[..ops.len() - 1] {
                    a.paths.push((i, source_face));
                }
                a.paths.push((ops[ops.len() - 1], Face::Write));
            } else if let Some(&i) = ops.first() {
                // `ln -s target` links into the working directory; the target is the source.
                a.paths.push((i, source_face));
            }
        }
        "dd" => {
            for (i, v) in args.iter().enumerate() {
                if v.text.starts_with(b"if=") {
                    a.paths.push((i, Face::Read));
                } else if v.text.starts_with(b"of=") {
                    a.paths.push((i, Face::Write));
                }
            }
        }
        "find" => find(args, &mut a),
        "compgen" => compgen(args, &mut a),
        "dc" => dc(args, &mut a),
        "history" => {
            // -r/-n read the history file, -w/-a write it: the operand, else $HISTFILE.
            let face = match args.first().map(|v| v.text.as_slice()) {
                Some(b"-r" | b"-n") => Face::Read,
                Some(b"-w" | b"-a") => Face::Write,
                _ => return a,
            };
            match args.len() {
                1 => a.unestablishable = Some("history reads or writes $HISTFILE".into()),
                _ => a.paths.push((1, face)),
            }
        }
        "xargs" => {
            let p = parse_opts(
                args,
                b"aEdIiLlnPs",
                &[
                    "arg-file",
                    "delimiter",
                    "max-args",
                    "max-procs",
                    "replace",
                    "max-lines",
                ],
            );
            for i in p.values(&["a", "arg-file"]) {
                a.paths.push((i, Face::Read));
            }
            a.declined = Some("xargs: the operands arrive on standard input".into());
            if let Some(&first) = p.operands.first() {
                a.inner = Some(first);
            }
        }
        "sh" | "bash" | "dash" | "zsh" | "ksh" | "fish" | "ash" => {
            let p = parse_opts(args, b"oO", &["rcfile", "init-file"]);
            if p.has("c") {
                if let Some(&i) = p.operands.first() {
                    a.reentry.push(i);
                    // The words after the text are its positional parameters: data it may use
                    // as paths, so they meet the deny judge.
                    for &j in &p.operands[1..] {
                        a.paths.push((j, Face::Env));
                    }
                } else {
                    a.unestablishable = Some(format!("{name} -c without program text"));
                }
            } else if let Some(&i) = p.operands.first() {
                a.paths.push((i, Face::Read));
                if from_a_stream(&args[i]) {
                    a.unestablishable = Some(format!("{name} reads its program from a stream"));
                }
            } else if !p.has("i") {
                a.unestablishable = Some(format!("{name} reads its program from standard input"));
            }
            for i in p.values(&["rcfile", "init-file"]) {
                a.paths.push((i, Face::Read));
            }
        }
        "eval" => {
            a.reentry.extend(0..args.len());
        }
        "alias" => {
            // `alias x='text'`: the text runs wherever x is used later.
            for v in args {
                if let Some(eq) = v.text.iter().position(|&b| b == b'=') {
                    a.reentry_text.push(v.text[eq + 1..].to_vec());
                }
            }
        }
        "trap" => {
            // `trap 'text' SIGNAL...`: the text runs when the signal arrives.
            let p = parse_opts(args, b"", &[]);
            if let Some(&i) = p.operands.first() {
                if p.operands.len() > 1 {
                    a.reentry.push(i);
                }
            }
        }
        "vi" | "vim" | "nvim" | "view" | "emacs" | "ex" => {
            let p = parse_opts(args, b"cSTuiw", &["cmd", "eval", "load", "script"]);
            let scripted = p.has("c")
                || p.has("cmd")
                || p.has("S")
                || p.has("eval")
                || p.has("load")
                || p.has("script")
                || args.iter().any(|v| v.text.starts_with(b"+"));
            if scripted {
                a.unestablishable = Some(format!("{name} runs editor commands"));
            }
            for &i in &p.operands {
                if !args[i].text.starts_with(b"+") {
                    a.paths.push((i, Face::Read));
                }
            }
        }
        "source" | "." => {
            if let Some(first) = args.first() {
                a.paths.push((0, Face::Read));
                if from_a_stream(first) {
                    a.unestablishable = Some("the program text comes from a stream".into());
                }
            }
        }
        "cd" | "pushd" | "chdir" => {
            let p = parse_opts(args, b"", &[]);
            a.cd = Some(p.operands.first().copied());
        }
        "env" => {
            let p = parse_opts(args, b"uCS", &["unset", "chdir", "split-string"]);
            if let Some(i) = p.values(&["S", "split-string"]).first() {
                a.reentry.push(*i);
                return a;
            }
            for i in p.values(&["C", "chdir"]) {
                a.paths.push((i, Face::Read));
            }
            // NAME=value words are environment; the first other operand starts a command.
            let mut cmd = None;
            for &i in &p.operands {
                if args[i].text.contains(&b'=') && cmd.is_none() {
                    continue;
                }
                cmd = Some(i);
                break;
            }
            for &i in &p.operands {
                if Some(i) == cmd {
                    break;
                }
                a.paths.push((i, Face::Env));
            }
            a.inner = cmd;
        }
        "sudo" | "doas" | "nice" | "nohup" | "time" | "command" | "builtin" | "exec" | "stdbuf"
        | "ionice" | "chrt" | "taskset" | "setsid" | "unbuffer" | "timeout" | "watch"
        | "strace" | "ltrace" | "caffeinate" | "flock" => {
            let (short, long): (&[u8], &[&str]) = match name {
                "sudo" => (b"ugCDhprTU", &["user", "group", "chdir"]),
                "nice" => (b"n", &["adjustment"]),
                "timeout" => (b"sk", &["signal", "kill-after"]),
                "stdbuf" => (b"ioe", &[]),
                "ionice" => (b"cnp", &[]),
                "watch" => (b"dn", &["interval", "differences"]),
                "strace" | "ltrace" => (b"eopsu", &[]),
                "exec" => (b"a", &[]),
                _ => (b"", &[]),
            };
            let p = parse_opts(args, short, long);
            let first = match name {
                // timeout DURATION CMD; taskset MASK CMD; chrt PRIO CMD; flock FILE CMD
                "timeout" | "taskset" | "chrt" => p.operands.get(1).copied(),
                "flock" => {
                    if let Some(&f) = p.operands.first() {
                        a.paths.push((f, Face::Write));
                    }
                    p.operands.get(1).copied()
                }
                _ => p.operands.first().copied(),
            };
            if name == "watch" && p.operands.len() == 1 {
                a.reentry.push(p.operands[0]);
                return a;
            }
            a.inner = first;
        }
        "su" | "runuser" => {
            let p = parse_opts(args, b"cgGs", &["command", "group", "shell"]);
            for i in p.values(&["c", "command"]) {
                a.reentry.push(i);
            }
            if a.reentry.is_empty() {
                a.unestablishable = Some(format!(
                    "{name} starts a login shell reading standard input"
                ));
            }
        }
        "script" => {
            let p = parse_opts(args, b"cE", &["command"]);
            for i in p.values(&["c", "command"]) {
                a.reentry.push(i);
            }
            for &i in &p.operands {
                a.paths.push((i, Face::Write));
            }
        }
        "python" | "python2" | "python3" | "node" | "nodejs" | "deno" | "perl" | "ruby" | "php"
        | "lua" | "Rscript" | "julia" | "bun" | "tsx" | "ts-node" | "pypy3" | "pytest"
        | "ipython" => {
            let p = parse_opts(args, b"cemWXI", &["eval", "print", "command"]);
            if p.has("c")
                || p.has("e")
                || p.has("E")
                || p.has("eval")
                || p.has("p")
                || p.has("print")
                || p.has("command")
                || p.has("r") && name == "php"
            {
                a.unestablishable = Some(format!("{name} runs inline program text"));
            } else if p.has("m") {
                a.unestablishable = Some(format!("{name} -m runs a module found at run time"));
            } else if let Some(&i) = p.operands.first() {
                a.paths.push((i, Face::Read));
                for &j in &p.operands[1..] {
                    a.paths.push((j, Face::Read));
                }
            } else if name != "pytest" {
                a.unestablishable = Some(format!("{name} reads its program from standard input"));
            }
        }
        "tar" | "bsdtar" => tar(args, &mut a),
        "git" => {
            // git [-C DIR] [--git-dir D] [--work-tree W] SUBCOMMAND paths...
            let mut i = 0;
            while i < args.len() {
                let t = text(&args[i]);
                if t == b"-C" || t == b"--git-dir" || t == b"--work-tree" || t == b"-c" {
                    if t != b"-c" && i + 1 < args.len() {
                        a.paths.push((i + 1, Face::Traverse));
                    }
                    i += 2;
                    continue;
                }
                if t.starts_with(b"--git-dir=") || t.starts_with(b"--work-tree=") {
                    a.paths.push((i, Face::Traverse));
                    i += 1;
                    continue;
                }
                if t.starts_with(b"-") {
                    i += 1;
                    continue;
                }
                break;
            }
            // After the subcommand: any word that is an absolute path is a candidate (option
            // values included: `--file ~/x`, `-o ~/x`).
            for j in i + 1..args.len() {
                let t = text(&args[j]);
                let prev = text(&args[j - 1]);
                if prev == b"-o" || prev == b"--output" || t.starts_with(b"--output=") {
                    a.paths.push((j, Face::Write));
                } else if t.starts_with(b"/") || t.starts_with(b"--file=/") {
                    a.paths.push((j, Face::Read));
                }
            }
            // The paths after the subcommand: operands that are not options.
            let sub = args.get(i).map(|v| v.text.clone()).unwrap_or_default();
            let readers: &[&[u8]] = &[
                b"add",
                b"diff",
                b"log",
                b"show",
                b"blame",
                b"grep",
                b"checkout",
                b"restore",
                b"rm",
                b"mv",
                b"status",
                b"ls-files",
                b"apply",
                b"am",
                b"clone",
            ];
            if readers.contains(&sub.as_slice()) {
                let p = parse_opts(
                    &args[i + 1..],
                    b"mnpCUS",
                    &[
                        "message", "format", "pretty", "author", "since", "until", "grep",
                    ],
                );
                for (k, &j) in p.operands.iter().enumerate() {
                    if sub == b"grep" && k == 0 {
                        continue;
                    }
                    if sub == b"show" || sub == b"log" || sub == b"diff" || sub == b"checkout" {
                        // Revisions and paths mix; a word with ':' or that looks like a revision is not a path.
                        let w = &args[i + 1 + j].text;
                        if w.contains(&b':')
                            || w.contains(&b'~') && !w.starts_with(b"/")
                            || w.contains(&b'^')
                            || w.contains(&b'.')
                                && w.windows(2).any(|x| x == b"..")
                                && !w.starts_with(b".")
                        {
                            continue;
                        }
                    }
                    a.paths.push((i + 1 + j, Face::Read));
                }
            }
        }
        "make" | "gmake" => {
            let p = parse_opts(
                args,
                b"CfIjlo",
                &["directory", "file", "makefile", "include-dir", "jobs"],
            );
            for j in p.values(&["C", "directory"]) {
                a.paths.push((j, Face::Traverse));
            }
            for j in p.values(&["f", "file", "makefile"]) {
                a.paths.push((j, Face::Read));
            }
        }
        "curl" | "wget" => {
            let short: &[u8] = if name == "wget" {
                b"oOaiPe"
            } else {
                b"odFTKHXAeuwbcE"
            };
            let p = parse_opts(
                args,
                short,
                &[
                    "output",
                    "data",
                    "data-binary",
                    "data-raw",
                    "form",
                    "upload-file",
                    "config",
                    "header",
                    "cookie",
                    "cookie-jar",
                    "cert",
                    "key",
                    "cacert",
                    "output-document",
                    "input-file",
                    "post-file",
                    "body-file",
                    "directory-prefix",
                    "output-file",
                    "append-output",
                ],
            );
            let writes: &[&str] = if name == "wget" {
                &[
                    "O",
                    "output-document",
                    "o",
                    "output-file",
                    "a",
                    "append-output",
                    "P",
                    "directory-prefix",
                ]
            } else {
                &["o", "output", "c", "cookie-jar"]
            };
            for j in p.values(writes) {
                a.paths.push((j, Face::Write));
            }
            for j in p.values(&[
                "T",
                "upload-file",
                "K",
                "config",
                "cert",
                "key",
                "cacert",
                "E",
                "input-file",
                "i",
                "post-file",
                "body-file",
            ]) {
                a.paths.push((j, Face::Read));
            }
            for j in p.values(&["d", "data", "data-binary", "F", "form", "b", "cookie"]) {
                let t = &args[j].text;
                if let Some(at) = t.iter().position(|&b| b == b'@') {
                    a.embedded.push((
                        t[at + 1..]
                            .splitn(2, |&b| b == b';')
                            .next()
                            .unwrap_or_default()
                            .to_vec(),
                        Face::Read,
                    ));
                }
            }
        }
        "ssh" | "sftp" => {
            let p = parse_opts(args, b"iFlpoLRDJEWbcmeQSBO", &[]);
            for j in p.values(&["i", "F", "S", "E"]) {
                a.paths.push((j, Face::Read));
            }
            if p.operands.len() > 1 {
                a.unestablishable = Some("ssh runs a command on another machine".into());
            }
        }
        "docker" | "podman" => {
            for (j, v) in args.iter().enumerate() {
                let t = text(v);
                let spec = if j > 0
                    && (text(&args[j - 1]) == b"-v" || text(&args[j - 1]) == b"--volume")
                {
                    Some(t)
                } else {
                    t.strip_prefix(b"--volume=")
                        .or_else(|| t.strip_prefix(b"-v"))
                };
                if let Some(s) = spec.filter(|s| !s.is_empty()) {
                    let src = s.split(|&b| b == b':').next().unwrap_or_default();
                    a.embedded.push((src.to_vec(), Face::Traverse));
                }
                if t == b"cp" || t == b"build" {
                    a.declined = None;
                }
            }
        }
        "test" | "[" | "[[" => {
            for (j, v) in args.iter().enumerate() {
                let t = text(v);
                let is_op = t.starts_with(b"-") && t.len() <= 3
                    || matches!(
                        t,
                        b"]" | b"!" | b"=" | b"==" | b"!=" | b"(" | b")" | b"<" | b">"
                    );
                let after_file_op = j > 0 && {
                    let prev = text(&args[j - 1]);
                    prev.len() == 2 && prev[0] == b'-' && b"efdrwxsLhpSbcgukOGN".contains(&prev[1])
                };
                if after_file_op || (!is_op && (t.starts_with(b"/") || t.starts_with(b"."))) {
                    a.paths.push((j, Face::Read));
                }
            }
        }
        "export" | "declare" | "typeset" | "local" | "readonly" => {
            for (j, v) in args.iter().enumerate() {
                if v.text.contains(&b'=') {
                    a.paths.push((j, Face::Env));
                }
            }
        }
        _ => {
            // Unknown: every operand is a candidate; `--opt=value` values too.
            let p = parse_opts(args, b"", &[]);
            for &j in &p.operands {
                a.paths.push((j, Face::Read));
            }
            for (n, j) in &p.opt_values {
                let _ = n;
                a.paths.push((*j, Face::Read));
            }
        }
    }
    a
}

/// A script operand that is a pipe: `/dev/stdin`, `/dev/fd/N`, `<(...)`.
/// `compgen`: `-f`/`-d` (and `-A file|directory`, `-o default|dirnames|filenames`) list the
/// directory entries that start with the word, as `WORD*` would; `-G PAT` lists PAT's
/// matches; `-C CMD` runs shell text and `-F FUNC` a shell function.
fn compgen(args: &[Value], a: &mut Analysis) {
    let mut lists = false;
    let mut word = None;
    let mut i = 0;
    while i < args.len() {
        let w = &args[i].text;
        if word.is_none() && w.len() > 1 && w[0] == b'-' && w != b"--" {
            let mut k = 1;
            while k < w.len() {
                let letter = w[k];
                if !b"oAGWFCXPS".contains(&letter) {
                    lists |= matches!(letter, b'f' | b'd');
                    k += 1;
                    continue;
                }
                // The value is the rest of this word, or the next word.
                let (value, at) = if k + 1 < w.len() {
                    (w[k + 1..].to_vec(), None)
                } else {
                    i += 1;
                    (
                        args.get(i).map(|v| v.text.clone()).unwrap_or_default(),
                        Some(i),
                    )
                };
                match letter {
                    b'A' => lists |= matches!(value.as_slice(), b"file" | b"directory"),
                    b'o' => {
                        lists |= matches!(value.as_slice(), b"default" | b"dirnames" | b"filenames")
                    }
                    b'G' => match at {
                        Some(j) if j < args.len() => {
                            let mut v = args[j].clone();
                            v.pattern = v.text.clone();
                            v.glob = true;
                            a.globbed.push((v, Face::Read));
                        }
                        _ => a.unestablishable = Some("compgen -G's pattern is not a word".into()),
                    },
                    b'C' => match at {
                        Some(j) if j < args.len() => a.reentry.push(j),
                        _ => a.reentry_text.push(value),
                    },
                    b'F' => a.unestablishable = Some("compgen -F runs a shell function".into()),
                    _ => {}
                }
                break;
            }
        } else if word.is_none() && w == b"--" {
            word = Some(None);
        } else if word.is_none() || word == Some(None) {
            word = Some(Some(i));
        }
        i += 1;
    }
    if !lists {
        return;
    }
    let mut v = match word.flatten() {
        Some(j) => args[j].clone(),
        None => Value::default(),
    };
    if v.text.starts_with(b"~") && !v.tilde_prefix {
        // compgen expands a tilde the shell left quoted.
        v.unknown = Some("compgen expands the ~ in its word".into());
    }
    if v.text.is_empty() {
        // The working directory is listed, hidden entries too.
        a.embedded.push((b".".to_vec(), Face::Read));
        return;
    }
    if v.text.ends_with(b"/") {
        // The whole directory is listed, as `ls DIR` lists it.
        a.globbed.push((v, Face::Read));
        return;
    }
    v.pattern = crate::shell::pattern::escape(&v.text);
    v.pattern.push(b'*');
    v.text.push(b'*');
    v.glob = true;
    a.globbed.push((v, Face::Read));
}

/// `dc`: `-f FILE` and operands are read; `!` runs the rest of a line as a shell command, so
/// input the judge cannot see may run anything.
fn dc(args: &[Value], a: &mut Analysis) {
    let p = parse_opts(args, b"ef", &["expression", "file"]);
    for i in p.values(&["f", "file"]) {
        a.paths.push((i, Face::Read));
    }
    for &i in &p.operands {
        a.paths.push((i, Face::Read));
    }
    let exprs = p.values(&["e", "expression"]);
    for &i in &exprs {
        let e = &args[i].text;
        for (k, _) in e.iter().enumerate().filter(|(_, b)| **b == b'!') {
            if !matches!(e.get(k + 1), Some(b'<' | b'>' | b'=')) {
                let end = e[k..]
                    .iter()
                    .position(|b| *b == b'\n')
                    .map_or(e.len(), |n| k + n);
                a.reentry_text.push(e[k + 1..end].to_vec());
            }
        }
    }
    if exprs.is_empty() || !p.operands.is_empty() || p.has("f") || p.has("file") {
        a.unestablishable = Some("dc runs the `!` lines of its input as shell commands".into());
    }
}

fn from_a_stream(v: &Value) -> bool {
    v.pipe
        || v.text == b"/dev/stdin"
        || v.text == b"-"
        || v.text.starts_with(b"/dev/fd/")
        || v.text.starts_with(b"/proc/self/fd/")
}

/// `r FILE`, `R FILE`, `w FILE`, `W FILE` and the `w` flag of `s///w FILE` in a sed script.
fn sed_script(script: &Value, a: &mut Analysis) {
    for line in script.text.split(|&b| b == b'\n' || b == b';') {
        let t = line.trim_ascii_start();
        // Skip an address (numbers, $, /re/, ranges) before the command letter.
        let mut i = 0;
        while i < t.len()
            && (t[i].is_ascii_digit() || matches!(t[i], b'$' | b',' | b'~' | b'!' | b' '))
        {
            i += 1;
        }
        if i < t.len() && t[i] == b'/' {
            if let Some(end) = t[i + 1..].iter().position(|&b| b == b'/') {
                i += end + 2;
            }
        }
        let rest = &t[i.min(t.len())..];
        match rest.first() {
            Some(b'r') | Some(b'R') => a
                .embedded
                .push((rest[1..].trim_ascii().to_vec(), Face::Read)),
            Some(b'w') | Some(b'W') => a
                .embedded
                .push((rest[1..].trim_ascii().to_vec(), Face::Write)),
            Some(b'e') => {
                a.unestablishable = Some("sed's e command runs shell text".into());
                let cmd = rest[1..].trim_ascii();
                if !cmd.is_empty() {
                    a.reentry_text.push(cmd.to_vec());
                }
            }
            Some(b's') if rest.len() > 1 => {
                let d = rest[1];
                let parts: Vec<&[u8]> = rest[2..].splitn(3, |&b| b == d).collect();
                if let Some(flags) = parts.get(2) {
                    if let Some(w) = flags.iter().position(|&b| b == b'w') {
                        a.embedded
                            .push((flags[w + 1..].trim_ascii().to_vec(), Face::Write));
                    }
                    if flags.contains(&b'e') {
                        a.unestablishable = Some("sed's s///e runs shell text".into());
                    }
                }
            }
            _ => {}
        }
    }
}

/// `getline < "file"`, `print > "file"`, `system(...)` and `"cmd" | getline` in an awk program.
fn awk_program(prog: &Value, a: &mut Analysis) {
    let t = &prog.text;
    // The string literal starting at `from` (after blanks), if there is one.
    let literal_at = |from: usize| -> Option<Vec<u8>> {
        let rest = t.get(from..)?;
        let start = rest.iter().position(|b| !b" \t(".contains(b))?;
        if rest[start] != b'"' {
            return None;
        }
        let end = rest[start + 1..].iter().position(|&b| b == b'"')?;
        Some(rest[start + 1..start + 1 + end].to_vec())
    };
    // The string literal ending just before `end` (before blanks), if there is one.
    let literal_before = |end: usize| -> Option<Vec<u8>> {
        let head = &t[..end];
        let last = head.iter().rposition(|b| !b" \t".contains(b))?;
        if head[last] != b'"' {
            return None;
        }
        let open = head[..last].iter().rposition(|&b| b == b'"')?;
        Some(head[open + 1..last].to_vec())
    };
    let mut i = 0;
    while i < t.len() {
        if t[i..].starts_with(b"getline") {
            let mut j = i + 7;
            while j < t.len() && t[j] == b' ' {
                j += 1;
            }
            // An optional variable name.
            while j < t.len() && (t[j].is_ascii_alphanumeric() || t[j] == b'_') {
                j += 1;
            }
            while j < t.len() && t[j] == b' ' {
                j += 1;
            }
            if j < t.len() && t[j] == b'<' {
                match literal_at(j + 1) {
                    Some(f) => a.embedded.push((f, Face::Read)),
                    None => {
                        a.unestablishable = Some("awk getline from a computed file name".into())
                    }
                }
            }
        }
        if t[i] == b'>' && i > 0 {
            let from = if t.get(i + 1) == Some(&b'>') {
                i + 2
            } else {
                i + 1
            };
            if let Some(f) = literal_at(from) {
                a.embedded.push((f, Face::Write));
            }
        }
        if t[i..].starts_with(b"system(") {
            a.unestablishable = Some("awk runs a shell command".into());
            if let Some(cmd) = literal_at(i + 7) {
                a.reentry_text.push(cmd);
            }
        }
        if t[i] == b'|' && t[i + 1..].trim_ascii_start().starts_with(b"getline") {
            a.unestablishable = Some("awk runs a shell command".into());
            if let Some(cmd) = literal_before(i) {
                a.reentry_text.push(cmd);
            }
        }
        i += 1;
    }
}

fn find(args: &[Value], a: &mut Analysis) {
    let mut i = 0;
    // Options before the roots.
    while i < args.len()
        && matches!(
            text(&args[i]),
            b"-H" | b"-L" | b"-P" | b"-O0" | b"-O1" | b"-O2" | b"-O3"
        )
    {
        i += 1;
    }
    let mut roots = 0;
    while i < args.len() {
        let t = text(&args[i]);
        if t.starts_with(b"-") || t == b"(" || t == b"!" || t == b")" {
            break;
        }
        a.paths.push((i, Face::Traverse));
        roots += 1;
        i += 1;
    }
    if roots == 0 {
        a.cd = None; // finds from `.`; the caller adds the working directory as a traversal
    }
    while i < args.len() {
        let t = text(&args[i]);
        match t {
            b"-newer" | b"-anewer" | b"-cnewer" | b"-samefile" | b"-files0-from" => {
                if i + 1 < args.len() {
                    a.paths.push((i + 1, Face::Read));
                }
                i += 2;
            }
            b"-fprint" | b"-fprint0" | b"-fprintf" | b"-fls" => {
                if i + 1 < args.len() {
                    a.paths.push((i + 1, Face::Write));
                }
                i += 2;
            }
            b"-exec" | b"-execdir" | b"-ok" | b"-okdir" => {
                let start = i + 1;
                let mut end = start;
                while end < args.len() && !matches!(text(&args[end]), b";" | b"+") {
                    end += 1;
                }
                if end > start {
                    a.exec.push((start, end));
                }
                i = end + 1;
            }
            _ => i += 1,
        }
    }
}

fn tar(args: &[Value], a: &mut Analysis) {
    // The first word may be a bundle of letters without a dash (`tar czf out.tgz dir`).
    let mut letters: Vec<u8> = Vec::new();
    let mut i = 0;
    let mut file_idx: Option<usize> = None;
    let mut pending_f = 0;
    let mut operands = Vec::new();
    while i < args.len() {
        let t = text(&args[i]).to_vec();
        if i == 0 && !t.starts_with(b"-") && t.iter().all(|b| b.is_ascii_alphabetic()) {
            letters.extend_from_slice(&t);
            pending_f = t.iter().filter(|&&c| c == b'f').count();
            i += 1;
            continue;
        }
        if pending_f > 0 && !t.starts_with(b"-") {
            file_idx = Some(i);
            pending_f = 0;
            i += 1;
            continue;
        }
        if t == b"-C" || t == b"--directory" {
            if i + 1 < args.len() {
                a.paths.push((i + 1, Face::Traverse));
            }
            i += 2;
            continue;
        }
        if t.starts_with(b"--file=") || t.starts_with(b"--directory=") {
            if t.starts_with(b"--file=") {
                file_idx = Some(i);
            } else {
                a.paths.push((i, Face::Traverse));
            }
            i += 1;
            continue;
        }
        if t == b"--file"
            || t == b"-T"
            || t == b"--files-from"
            || t == b"-X"
            || t == b"--exclude-from"
        {
            if i + 1 < args.len() {
                if t == b"--file" {
                    file_idx = Some(i + 1);
                } else {
                    a.paths.push((i + 1, Face::Read));
                }
            }
            i += 2;
            continue;
        }
        if t.starts_with(b"-") && !t.starts_with(b"--") {
            letters.extend_from_slice(&t[1..]);
            if t.ends_with(b"f") && i + 1 < args.len() {
                file_idx = Some(i + 1);
                i += 2;
                continue;
            }
            i += 1;
            continue;
        }
        if t.starts_with(b"--") {
            i += 1;
            continue;
        }
        operands.push(i);
        i += 1;
    }
    let create = letters.contains(&b'c') || letters.contains(&b'r') || letters.contains(&b'u');
    if let Some(f) = file_idx {
        a.paths
            .push((f, if create { Face::Write } else { Face::Read }));
    }
    for j in operands {
        a.paths
            .push((j, if create { Face::Traverse } else { Face::Write }));
    }
}
