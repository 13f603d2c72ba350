//! The session modes of the CLI: `shell` (a line console), `serve` (NDJSON over stdio) and
//! `replay` (a scenario file). They run after confinement: standard input and output were
//! opened by the parent, and the scenario file was read before confinement.

use super::{environment, text_of, usage_error, Inputs, Opts};
use crate::host::{self, Line};
use crate::protocol::{replay, serve::Server};
use crate::session::StreamKind;

/// `shellsim serve`: one response line per request line until end of input.
pub(super) fn serve(opts: &Opts, inputs: Inputs) -> i32 {
    let env = match environment(opts, inputs.tree.as_deref()) {
        Ok(e) => e,
        Err(e) => return usage_error(&e),
    };
    let mut server = Server::new(env, opts.serve);
    host::for_each_stdin_line_bounded(opts.serve.max_request_bytes, |line| {
        let resp = match line {
            // Blank lines separate nothing and ask nothing: they get no response.
            Line::Full(l) if l.iter().all(u8::is_ascii_whitespace) => return true,
            Line::Full(l) => server.handle_line(l),
            Line::TooLong(n) => server.oversized(n),
        };
        host::write_stdout(&resp);
        true
    });
    0
}

/// `shellsim replay SCENARIO`: exit 0 when every assertion held, 1 when one failed, 2 for a
/// malformed scenario (nothing runs).
pub(super) fn replay(opts: &Opts, inputs: Inputs, scenario_name: &[u8]) -> i32 {
    let scenario = match replay::parse(&inputs.src, opts.serve.max_request_bytes) {
        Ok(s) => s,
        Err(e) => {
            host::write_stderr(
                format!("shellsim: replay {}: {e}\n", text_of(scenario_name)).as_bytes(),
            );
            return 2;
        }
    };
    let env = match environment(opts, inputs.tree.as_deref()) {
        Ok(e) => e,
        Err(e) => return usage_error(&e),
    };
    let mut server = Server::new(env, opts.serve);
    let outcome = replay::run(&scenario, &mut server);
    match inputs.transcript {
        Some(t) => {
            if let Err(e) = t.publish(&outcome.transcript) {
                host::write_stderr(format!("shellsim: --transcript: {e}\n").as_bytes());
                return 2;
            }
        }
        None => host::write_stdout(&outcome.transcript),
    }
    if outcome.passed {
        0
    } else {
        host::write_stderr(b"shellsim: replay: an assertion failed (see the transcript)\n");
        1
    }
}

/// Longest line the console reads.
const MAX_CONSOLE_LINE: u64 = 16 << 20;

/// `shellsim shell`: a line console on one environment. Lines are collected until they form
/// a complete command (open quotes, compound commands and here-document bodies continue on
/// the next line); each complete command is one action with closed standard input.
pub(super) fn shell(opts: &Opts, inputs: Inputs, interactive: bool) -> i32 {
    let mut env = match environment(opts, inputs.tree.as_deref()) {
        Ok(e) => e,
        Err(e) => return usage_error(&e),
    };
    env.set_arg0(b"shellsim");
    let mut pending: Vec<u8> = Vec::new();
    let mut status = 0;
    let prompt = |env: &crate::session::Environment, more: bool| {
        if interactive {
            let p = if more {
                b"> ".to_vec()
            } else {
                let mut p = b"shellsim:".to_vec();
                p.extend_from_slice(&env.cwd());
                p.extend_from_slice(b"$ ");
                p
            };
            host::write_stderr(&p);
        }
    };
    prompt(&env, false);
    let mut ended: Option<i32> = None;
    host::for_each_stdin_line_bounded(MAX_CONSOLE_LINE, |line| {
        let Line::Full(l) = line else {
            host::write_stderr(b"shellsim: line too long; ignored\n");
            prompt(&env, !pending.is_empty());
            return true;
        };
        pending.extend_from_slice(l);
        pending.push(b'\n');
        if let Err(e) = crate::shell::parser::parse_console(&pending, None) {
            if e.incomplete {
                prompt(&env, true);
                return true;
            }
        }
        let src = std::mem::take(&mut pending);
        let r = env.run(&src, b"");
        write_runs(&r);
        status = r.status;
        if let Some(t) = env.terminal() {
            ended = Some(t.status);
            return false;
        }
        prompt(&env, false);
        true
    });
    if ended.is_none() && !pending.is_empty() {
        // End of input inside a construct: run what there is (the shell reports the error).
        let r = env.run(&pending, b"");
        write_runs(&r);
        status = r.status;
    }
    if interactive && ended.is_none() {
        host::write_stderr(b"\n");
    }
    ended.unwrap_or(status)
}

fn write_runs(r: &crate::session::RunResult) {
    for (stream, bytes) in r.output_runs() {
        match stream {
            StreamKind::Stdout => host::write_stdout(bytes),
            StreamKind::Stderr => host::write_stderr(bytes),
        }
    }
}
