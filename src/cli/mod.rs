//! Command-line interface: argument parsing and the run modes. All host I/O goes through
//! [`crate::host`].

mod judge;
mod modes;

use crate::host;
use crate::host::confine::{self, Layer, Profile, Settings};
use crate::host::import::ImportLimits;
use crate::limits::{parse_limit, Limits};
use crate::protocol::serve::ServeLimits;
use crate::protocol::EvalReport;
use crate::session::{Environment, StreamKind};

const USAGE: &str = "usage: shellsim [LIMITS] [--env NAME=VALUE]... [--cwd DIR] -c SOURCE [ARG...]
       shellsim [LIMITS] run SCRIPT [ARG...]
       shellsim [LIMITS] eval [-c SOURCE] [-- ARG...]
       shellsim [LIMITS] < script.sh
       shellsim [LIMITS] [IMPORT] shell
       shellsim [LIMITS] [IMPORT] serve [SERVE-LIMITS]
       shellsim [LIMITS] [IMPORT] replay SCENARIO.ndjson [--transcript PATH] [SERVE-LIMITS]
       shellsim sandbox-status
       shellsim judge [--cwd D] [--home H] [--root D]... [--deny GLOB]... [--seat S] [--lexical] (-c CMD | --stream)
LIMITS: --cpu N --memory N --disk N --output N (k/m/g binary suffixes)
IMPORT: --root DIR copies a host directory into /work before confinement; bounds:
        --import-max-files N (100000) --import-max-bytes N (1g) --import-max-file-size N (64m)
        --import-max-depth N (64) --import-max-path N (4096); --import-include-skipped also
        copies .git target node_modules .venv __pycache__
SERVE-LIMITS (after serve or replay): --max-sessions N (1024) --max-actions N (64)
        --max-checkpoints N (4096) --max-request N (64m) --max-transfer N (32m)
        --max-journal-ops N (100000) --max-journal-bytes N (64m); see docs/protocol.md.
        LIMITS and IMPORT options may come before or after shell, serve and replay
CONFINEMENT: --unconfined (no OS confinement, loud), --require-landlock (exit 3 without it)";

/// Parsed options common to every mode.
#[derive(Default)]
struct Opts {
    limits: Limits,
    env: Vec<(Vec<u8>, Vec<u8>)>,
    cwd: Option<Vec<u8>>,
    root: Option<Vec<u8>>,
    import: ImportLimits,
    confine: Settings,
    serve: ServeLimits,
}

enum Mode {
    Command {
        src: Vec<u8>,
        args: Vec<Vec<u8>>,
    },
    Run {
        script: Vec<u8>,
        args: Vec<Vec<u8>>,
    },
    Eval {
        src: Option<Vec<u8>>,
        args: Vec<Vec<u8>>,
    },
    Stdin,
    Help,
    Version,
    SandboxStatus,
    /// A line console on one persistent environment.
    Shell,
    /// The NDJSON harness protocol on standard input/output.
    Serve,
    /// Run a scenario file through the protocol and check its expectations.
    Replay {
        scenario: Vec<u8>,
        transcript: Option<Vec<u8>>,
    },
    /// The read judge (`shellsim judge ...`).
    Judge(Vec<Vec<u8>>),
    /// Hidden: run the full confinement path, then one escape attempt (tests/confinement.rs).
    SelftestEscape(String),
}

fn usage_error(msg: &str) -> i32 {
    host::write_stderr(format!("shellsim: {msg}\n{USAGE}\n").as_bytes());
    2
}

/// A subcommand whose options may follow it (`serve`, `shell`, `replay`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sub {
    Shell,
    Serve,
    Replay,
}

fn parse(argv: &[Vec<u8>]) -> Result<(Opts, Mode), String> {
    let mut o = Opts::default();
    let mut sub: Option<Sub> = None;
    let mut scenario: Option<Vec<u8>> = None;
    let mut transcript: Option<Vec<u8>> = None;
    let mut i = 1;
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    while i < argv.len() {
        let a = text(&argv[i]);
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (a.clone(), None),
        };
        let value = |i: &mut usize| -> Result<Vec<u8>, String> {
            if let Some(v) = &inline {
                return Ok(v.clone().into_bytes());
            }
            *i += 1;
            argv.get(*i)
                .cloned()
                .ok_or_else(|| format!("option {flag} needs a value"))
        };
        if sub.is_some() && matches!(flag.as_str(), "-c" | "run" | "eval" | "judge") {
            return Err(format!(
                "`{flag}` cannot follow a session subcommand (shell, serve, replay)"
            ));
        }
        match flag.as_str() {
            "--cpu" => o.limits.cpu = parse_limit(&text(&value(&mut i)?))?,
            "--memory" => o.limits.memory = parse_limit(&text(&value(&mut i)?))?,
            "--disk" => o.limits.disk = parse_limit(&text(&value(&mut i)?))?,
            "--output" => o.limits.output = parse_limit(&text(&value(&mut i)?))?,
            "--env" => {
                let v = value(&mut i)?;
                let eq = v
                    .iter()
                    .position(|&b| b == b'=')
                    .ok_or("--env expects NAME=VALUE")?;
                o.env.push((v[..eq].to_vec(), v[eq + 1..].to_vec()));
            }
            "--cwd" => o.cwd = Some(value(&mut i)?),
            "--root" => o.root = Some(value(&mut i)?),
            "--import-max-files" => o.import.max_entries = parse_limit(&text(&value(&mut i)?))?,
            "--import-max-bytes" => o.import.max_total_bytes = parse_limit(&text(&value(&mut i)?))?,
            "--import-max-file-size" => {
                o.import.max_file_bytes = parse_limit(&text(&value(&mut i)?))?
            }
            "--import-max-depth" => {
                o.import.max_depth = parse_limit(&text(&value(&mut i)?))? as usize
            }
            "--import-max-path" => {
                o.import.max_path_len = parse_limit(&text(&value(&mut i)?))? as usize
            }
            "--import-include-skipped" => o.import.include_skipped = true,
            "shell" if sub.is_none() => sub = Some(Sub::Shell),
            "serve" if sub.is_none() => sub = Some(Sub::Serve),
            "replay" if sub.is_none() => sub = Some(Sub::Replay),
            "--max-sessions"
            | "--max-actions"
            | "--max-checkpoints"
            | "--max-request"
            | "--max-transfer"
            | "--max-journal-ops"
            | "--max-journal-bytes"
                if matches!(sub, Some(Sub::Serve | Sub::Replay)) =>
            {
                let n = parse_limit(&text(&value(&mut i)?))?;
                if n == 0 {
                    return Err(format!("{flag} must be at least 1"));
                }
                let l = &mut o.serve;
                match flag.as_str() {
                    "--max-sessions" => l.max_sessions = n as usize,
                    "--max-actions" => l.max_retained_actions = n as usize,
                    "--max-checkpoints" => l.max_checkpoints = n as usize,
                    "--max-request" => l.max_request_bytes = n,
                    "--max-transfer" => l.max_transfer_bytes = n,
                    "--max-journal-bytes" => l.session.max_journal_bytes = n as usize,
                    _ => l.session.max_journal_ops = n as usize,
                }
            }
            "--transcript" if sub == Some(Sub::Replay) => {
                if transcript.is_some() {
                    return Err("--transcript may be given once".into());
                }
                transcript = Some(value(&mut i)?);
            }
            other if sub == Some(Sub::Replay) && !other.starts_with('-') && scenario.is_none() => {
                scenario = Some(argv[i].clone());
            }
            "--unconfined" => o.confine.unconfined = true,
            "--require-landlock" => o.confine.require_landlock = true,
            "--selftest-layer" => {
                o.confine.only = match text(&value(&mut i)?).as_str() {
                    "landlock" => Some(Layer::Landlock),
                    "seccomp" => Some(Layer::Seccomp),
                    other => return Err(format!("--selftest-layer: unknown layer `{other}`")),
                }
            }
            "--selftest-profile" => {
                o.confine.profile = match text(&value(&mut i)?).as_str() {
                    "simulator" => Profile::Simulator,
                    "judge" => Profile::JudgeHost,
                    other => return Err(format!("--selftest-profile: unknown profile `{other}`")),
                }
            }
            "--selftest-escape" => {
                let probe = text(&value(&mut i)?);
                check_probe(&probe)?;
                return Ok((o, Mode::SelftestEscape(probe)));
            }
            "sandbox-status" | "--sandbox-status" => return Ok((o, Mode::SandboxStatus)),
            "judge" => return Ok((o, Mode::Judge(argv[i + 1..].to_vec()))),
            "-h" | "--help" => return Ok((o, Mode::Help)),
            "-V" | "--version" => return Ok((o, Mode::Version)),
            "-c" => {
                let src = argv
                    .get(i + 1)
                    .cloned()
                    .ok_or("-c needs a SOURCE argument")?;
                return Ok((
                    o,
                    Mode::Command {
                        src,
                        args: argv[i + 2..].to_vec(),
                    },
                ));
            }
            "run" => {
                let script = argv
                    .get(i + 1)
                    .cloned()
                    .ok_or("run needs a SCRIPT argument")?;
                return Ok((
                    o,
                    Mode::Run {
                        script,
                        args: argv[i + 2..].to_vec(),
                    },
                ));
            }
            "eval" => {
                let (rest_opts, mode) = parse_eval(&argv[i + 1..])?;
                // Limits may also follow the subcommand.
                let mut o2 = o;
                if let Some(l) = rest_opts.0 {
                    o2.limits = merge(o2.limits, l);
                }
                o2.env.extend(rest_opts.1);
                return Ok((o2, mode));
            }
            other if other.starts_with('-') => return Err(format!("unknown option `{other}`")),
            other => return Err(format!("unknown command `{other}`")),
        }
        i += 1;
    }
    let mode = match sub {
        None => Mode::Stdin,
        Some(Sub::Shell) => Mode::Shell,
        Some(Sub::Serve) => Mode::Serve,
        Some(Sub::Replay) => Mode::Replay {
            scenario: scenario.ok_or("replay needs a SCENARIO.ndjson argument")?,
            transcript,
        },
    };
    Ok((o, mode))
}

#[cfg(target_os = "linux")]
fn check_probe(probe: &str) -> Result<(), String> {
    if confine::probes::PROBES.iter().any(|(p, _)| *p == probe) {
        return Ok(());
    }
    let names: Vec<&str> = confine::probes::PROBES.iter().map(|p| p.0).collect();
    Err(format!(
        "--selftest-escape: unknown probe `{probe}` (known: {})",
        names.join(" ")
    ))
}

#[cfg(not(target_os = "linux"))]
fn check_probe(probe: &str) -> Result<(), String> {
    Err(format!(
        "--selftest-escape {probe}: the escape probes exist only on Linux"
    ))
}

type EvalOpts = (Option<Limits>, Vec<(Vec<u8>, Vec<u8>)>);

fn merge(base: Limits, over: Limits) -> Limits {
    let d = Limits::default();
    Limits {
        cpu: if over.cpu != d.cpu {
            over.cpu
        } else {
            base.cpu
        },
        memory: if over.memory != d.memory {
            over.memory
        } else {
            base.memory
        },
        disk: if over.disk != d.disk {
            over.disk
        } else {
            base.disk
        },
        output: if over.output != d.output {
            over.output
        } else {
            base.output
        },
    }
}

fn parse_eval(rest: &[Vec<u8>]) -> Result<(EvalOpts, Mode), String> {
    let mut src = None;
    let mut limits = Limits::default();
    let mut env = Vec::new();
    let mut i = 0;
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    while i < rest.len() {
        let a = text(&rest[i]);
        let next = |i: &mut usize| -> Result<String, String> {
            *i += 1;
            rest.get(*i)
                .map(|v| text(v))
                .ok_or_else(|| format!("option {a} needs a value"))
        };
        match a.as_str() {
            "-c" => {
                i += 1;
                src = Some(rest.get(i).cloned().ok_or("-c needs a SOURCE argument")?);
            }
            "--cpu" => limits.cpu = parse_limit(&next(&mut i)?)?,
            "--memory" => limits.memory = parse_limit(&next(&mut i)?)?,
            "--disk" => limits.disk = parse_limit(&next(&mut i)?)?,
            "--output" => limits.output = parse_limit(&next(&mut i)?)?,
            "--env" => {
                let v = next(&mut i)?;
                let (k, val) = v.split_once('=').ok_or("--env expects NAME=VALUE")?;
                env.push((k.as_bytes().to_vec(), val.as_bytes().to_vec()));
            }
            "--" => {
                return Ok((
                    (Some(limits), env),
                    Mode::Eval {
                        src,
                        args: rest[i + 1..].to_vec(),
                    },
                ))
            }
            other => return Err(format!("eval: unexpected argument `{other}`")),
        }
        i += 1;
    }
    Ok((
        (Some(limits), env),
        Mode::Eval {
            src,
            args: Vec::new(),
        },
    ))
}

fn environment(o: &Opts, tree: Option<&[crate::vfs::TreeEntry]>) -> Result<Environment, String> {
    let mut env = Environment::new(o.limits);
    if let Some(entries) = tree {
        env.import_tree(b"/work", entries).map_err(|e| {
            format!(
                "--root: cannot import into {}: {}",
                text_of(&e.path),
                e.error
            )
        })?;
    }
    for (k, v) in &o.env {
        env.set_var(k, v, true);
    }
    if let Some(cwd) = &o.cwd {
        let abs = crate::vfs::path::join(b"/work", cwd);
        env.mkdir_all(&abs)
            .map_err(|e| format!("--cwd {}: {e}", String::from_utf8_lossy(cwd)))?;
        env.set_cwd(&abs)
            .map_err(|e| format!("--cwd {}: {e}", String::from_utf8_lossy(cwd)))?;
    }
    Ok(env)
}

/// What the trusted start-up read from the host, handed to the confined simulator thread.
struct Inputs {
    src: Vec<u8>,
    stdin: Vec<u8>,
    /// Standard input is pulled from the host as the script reads it (instead of `stdin`).
    pull_stdin: Option<host::StdinSource>,
    tree: Option<Vec<crate::vfs::TreeEntry>>,
    /// `replay --transcript`: the prepared atomic publication.
    transcript: Option<host::transcript::Transcript>,
    /// Standard input is a terminal (the `shell` console prompts).
    interactive: bool,
}

fn text_of(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Reads everything the run needs from the host, before confinement.
fn read_inputs(opts: &Opts, mode: &Mode) -> Result<Inputs, (i32, String)> {
    // A script given by -c or as a file reads the host's standard input as it goes.
    let pull_stdin = match mode {
        Mode::Command { .. } | Mode::Run { .. } | Mode::Eval { src: Some(_), .. } => {
            host::StdinSource::open()
        }
        _ => None,
    };
    let (src, stdin) = match mode {
        Mode::Command { src, .. } => (src.clone(), Vec::new()),
        Mode::Run { script, .. } => {
            let src = host::read_file(script)
                .map_err(|e| (2, format!("cannot read {}: {e}", text_of(script))))?;
            (src, Vec::new())
        }
        Mode::Stdin => (host::read_stdin(), Vec::new()),
        Mode::Eval { src: Some(s), .. } => (s.clone(), Vec::new()),
        Mode::Eval { src: None, .. } => (host::read_stdin(), Vec::new()),
        Mode::Replay { scenario, .. } => {
            let src = host::read_file(scenario)
                .map_err(|e| (2, format!("replay: cannot read {}: {e}", text_of(scenario))))?;
            if src.len() as u64 > MAX_SCENARIO_BYTES {
                return Err((
                    2,
                    format!(
                        "replay: {} is larger than {MAX_SCENARIO_BYTES} bytes",
                        text_of(scenario)
                    ),
                ));
            }
            (src, Vec::new())
        }
        #[cfg(target_os = "linux")]
        Mode::SelftestEscape(_) => {
            confine::probes::prepare();
            (Vec::new(), Vec::new())
        }
        _ => (Vec::new(), Vec::new()),
    };
    let tree = match &opts.root {
        Some(root) => Some(
            host::import::read_tree(root, &opts.import)
                .map_err(|e| (2, format!("--root: cannot import {e}")))?,
        ),
        None => None,
    };
    let transcript = match mode {
        Mode::Replay {
            transcript: Some(path),
            ..
        } => Some(
            host::transcript::Transcript::prepare(path)
                .map_err(|e| (2, format!("--transcript: {e}")))?,
        ),
        _ => None,
    };
    Ok(Inputs {
        src,
        stdin,
        pull_stdin,
        tree,
        transcript,
        interactive: matches!(mode, Mode::Shell) && host::stdin_is_terminal(),
    })
}

/// Largest scenario file `replay` reads.
const MAX_SCENARIO_BYTES: u64 = 64 << 20;

/// The `shellsim` binary's entry point: parse, read the trusted inputs, confine, simulate.
pub fn main() -> ! {
    let argv = host::args();
    let (opts, mode) = match parse(&argv) {
        Ok(x) => x,
        Err(e) => host::exit(usage_error(&e)),
    };
    match mode {
        Mode::Help => {
            host::write_stdout(format!("{USAGE}\n").as_bytes());
            host::exit(0)
        }
        Mode::Version => {
            host::write_stdout(format!("shellsim {}\n", env!("CARGO_PKG_VERSION")).as_bytes());
            host::exit(0)
        }
        Mode::Judge(args) => {
            let lexical = match judge::check(&args) {
                Err(e) => host::exit(usage_error(&e)),
                Ok(l) => l,
            };
            let settings = Settings {
                // The lexical judge needs nothing from the host; the host view lists
                // directories and reads metadata, never contents.
                profile: if lexical {
                    Profile::Simulator
                } else {
                    Profile::JudgeHost
                },
                ..opts.confine
            };
            host::run_confined(settings, move |_| judge::run(&args))
        }
        _ => {}
    }
    // No script and a terminal on standard input: the console.
    let mode = match mode {
        Mode::Stdin if host::stdin_is_terminal() => Mode::Shell,
        m => m,
    };
    let inputs = match read_inputs(&opts, &mode) {
        Ok(i) => i,
        Err((status, msg)) => {
            host::write_stderr(format!("shellsim: {msg}\n").as_bytes());
            host::exit(status)
        }
    };
    let settings = Settings {
        keep_fds: if inputs.transcript.is_some() {
            host::transcript::KEPT_DESCRIPTORS
        } else {
            0
        },
        ..opts.confine
    };
    host::run_confined(settings, move |status| simulate(opts, mode, inputs, status))
}

/// Everything after confinement: no host access from here on.
fn simulate(opts: Opts, mode: Mode, inputs: Inputs, status: confine::Status) -> i32 {
    match mode {
        Mode::SandboxStatus => {
            let mut text = serde_json::to_string_pretty(&status.to_json()).unwrap_or_default();
            text.push('\n');
            host::write_stdout(text.as_bytes());
            0
        }
        Mode::SelftestEscape(probe) => run_probe(&probe),
        Mode::Command { args, .. } => run_plain(&opts, inputs, b"shellsim", args, true),
        Mode::Run { script, args } => run_plain(&opts, inputs, &script, args, false),
        Mode::Stdin => run_plain(&opts, inputs, b"shellsim", Vec::new(), false),
        Mode::Eval { args, .. } => {
            let mut env = match environment(&opts, inputs.tree.as_deref()) {
                Ok(e) => e,
                Err(e) => return usage_error(&e),
            };
            env.set_positional(args);
            let r = run_with_input(&mut env, inputs);
            let report = EvalReport {
                status: r.status,
                stop_reason: r.stop_reason,
                limits: env.limits(),
                usage: env.usage(),
                stdout: &r.stdout,
                stderr: &r.stderr,
                telemetry: &env.telemetry(),
            };
            let mut text = serde_json::to_string_pretty(&report.to_json()).unwrap_or_default();
            text.push('\n');
            host::write_stdout(text.as_bytes());
            r.status
        }
        Mode::Serve => modes::serve(&opts, inputs),
        Mode::Shell => {
            let interactive = inputs.interactive;
            modes::shell(&opts, inputs, interactive)
        }
        Mode::Replay { ref scenario, .. } => {
            let name = scenario.clone();
            modes::replay(&opts, inputs, &name)
        }
        Mode::Help | Mode::Version | Mode::Judge(_) => 0,
    }
}

#[cfg(target_os = "linux")]
fn run_probe(probe: &str) -> i32 {
    match confine::probes::run(probe) {
        Some(line) => {
            host::write_stdout(line.as_bytes());
            0
        }
        None => usage_error(&format!("--selftest-escape: unknown probe `{probe}`")),
    }
}

#[cfg(not(target_os = "linux"))]
fn run_probe(probe: &str) -> i32 {
    usage_error(&format!(
        "--selftest-escape {probe}: probes exist only on Linux"
    ))
}

/// Runs the script with its standard input: pulled from the host, or given whole.
fn run_with_input(env: &mut Environment, inputs: Inputs) -> crate::session::RunResult {
    match inputs.pull_stdin {
        Some(source) => env.run_script_pulling(&inputs.src, Box::new(source)),
        None => env.run_script(&inputs.src, &inputs.stdin),
    }
}

fn run_plain(opts: &Opts, inputs: Inputs, arg0: &[u8], args: Vec<Vec<u8>>, c_mode: bool) -> i32 {
    let mut env = match environment(opts, inputs.tree.as_deref()) {
        Ok(e) => e,
        Err(e) => return usage_error(&e),
    };
    env.set_arg0(arg0);
    env.set_positional(args);
    env.set_command_string_mode(c_mode);
    if !c_mode {
        env.set_script_file(if arg0 == b"shellsim" {
            None
        } else {
            Some(arg0)
        });
    }
    let r = run_with_input(&mut env, inputs);
    // In write order, so `shellsim ... 2>&1` interleaves like the real shell.
    for (stream, bytes) in r.output_runs() {
        match stream {
            StreamKind::Stdout => host::write_stdout(bytes),
            StreamKind::Stderr => host::write_stderr(bytes),
        }
    }
    r.status
}
