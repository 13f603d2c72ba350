//! Command-line interface: argument parsing and the run modes. All host I/O goes through
//! [`crate::host`].

use crate::host;
use crate::limits::{parse_limit, Limits};
use crate::protocol::EvalReport;
use crate::session::{Environment, StreamKind};

const USAGE: &str = "usage: shellsim [LIMITS] [--env NAME=VALUE]... [--cwd DIR] -c SOURCE [ARG...]
       shellsim [LIMITS] run SCRIPT [ARG...]
       shellsim [LIMITS] eval [-c SOURCE] [-- ARG...]
       shellsim [LIMITS] < script.sh
LIMITS: --cpu N --memory N --disk N --output N (k/m/g binary suffixes)";

/// Parsed options common to every mode.
#[derive(Default)]
struct Opts {
    limits: Limits,
    env: Vec<(Vec<u8>, Vec<u8>)>,
    cwd: Option<Vec<u8>>,
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
}

fn usage_error(msg: &str) -> i32 {
    host::write_stderr(format!("shellsim: {msg}\n{USAGE}\n").as_bytes());
    2
}

fn parse(argv: &[Vec<u8>]) -> Result<(Opts, Mode), String> {
    let mut o = Opts::default();
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
    Ok((o, Mode::Stdin))
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

fn environment(o: &Opts) -> Result<Environment, String> {
    let mut env = Environment::new(o.limits);
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

/// The `shellsim` binary's entry point; returns the exit status.
pub fn main() -> i32 {
    let argv = host::args();
    let (opts, mode) = match parse(&argv) {
        Ok(x) => x,
        Err(e) => return usage_error(&e),
    };
    match mode {
        Mode::Help => {
            host::write_stdout(format!("{USAGE}\n").as_bytes());
            0
        }
        Mode::Version => {
            host::write_stdout(format!("shellsim {}\n", env!("CARGO_PKG_VERSION")).as_bytes());
            0
        }
        Mode::Command { src, args } => {
            let stdin = host::read_stdin();
            run_plain(&opts, &src, b"shellsim", args, &stdin, true)
        }
        Mode::Run { script, args } => {
            let src = match host::read_file(&script) {
                Ok(s) => s,
                Err(e) => {
                    host::write_stderr(
                        format!(
                            "shellsim: cannot read {}: {e}\n",
                            String::from_utf8_lossy(&script)
                        )
                        .as_bytes(),
                    );
                    return 2;
                }
            };
            let stdin = host::read_stdin();
            run_plain(&opts, &src, &script, args, &stdin, false)
        }
        Mode::Stdin => {
            if host::stdin_is_terminal() {
                return usage_error("no script given (the interactive console is not available yet; use -c, run or a pipe)");
            }
            let src = host::read_stdin();
            run_plain(&opts, &src, b"shellsim", Vec::new(), b"", false)
        }
        Mode::Eval { src, args } => {
            let (src, stdin) = match src {
                Some(s) => (s, host::read_stdin()),
                None => (host::read_stdin(), Vec::new()),
            };
            let mut env = match environment(&opts) {
                Ok(e) => e,
                Err(e) => return usage_error(&e),
            };
            env.set_positional(args);
            let r = env.run_script(&src, &stdin);
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
    }
}

fn run_plain(
    opts: &Opts,
    src: &[u8],
    arg0: &[u8],
    args: Vec<Vec<u8>>,
    stdin: &[u8],
    c_mode: bool,
) -> i32 {
    let mut env = match environment(opts) {
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
    let r = env.run_script(src, stdin);
    // In write order, so `shellsim ... 2>&1` interleaves like the real shell.
    for (stream, bytes) in r.output_runs() {
        match stream {
            StreamKind::Stdout => host::write_stdout(bytes),
            StreamKind::Stderr => host::write_stderr(bytes),
        }
    }
    r.status
}
