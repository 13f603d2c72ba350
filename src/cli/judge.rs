//! `shellsim judge`: the read judge on the command line, one command (`-c`) or a stream of
//! NDJSON requests (`--stream`), one JSON verdict per line.

use crate::host;
use crate::judge::{
    approved_reads, judge_with_approval, ApprovedRead, Boundary, FsView, Lexical, Seat,
};
use serde_json::{json, Value as Json};

pub const USAGE: &str = "usage: shellsim judge [--cwd DIR] [--home DIR] [--root DIR]... [--deny GLOB]...
                      [--write-root DIR]... [--write-deny GLOB]... [--seat full_shell|readonly|rejudge]
                      [--lexical] [--approved VERDICT_JSON] (-c COMMAND | --stream)
  --stream reads one JSON request per line from standard input:
  {\"command\", \"cwd\", \"home\", \"roots\", \"deny\", \"seat\", \"write_roots\"?, \"write_deny\"?,
   \"approved\"? (an earlier verdict, for the rejudge seat), \"id\"?}";

struct Opts {
    boundary: Boundary,
    seat: Seat,
    lexical: bool,
    command: Option<Vec<u8>>,
    stream: bool,
    approved: Option<Vec<ApprovedRead>>,
}

fn parse(args: &[Vec<u8>]) -> Result<Opts, String> {
    let mut o = Opts {
        boundary: Boundary {
            cwd: b"/".to_vec(),
            home: b"/root".to_vec(),
            ..Boundary::default()
        },
        seat: Seat::FullShell,
        lexical: false,
        command: None,
        stream: false,
        approved: None,
    };
    let mut write_roots: Vec<Vec<u8>> = Vec::new();
    let mut write_deny: Vec<String> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = String::from_utf8_lossy(&args[i]).into_owned();
        let mut value = || -> Result<Vec<u8>, String> {
            i += 1;
            args.get(i)
                .cloned()
                .ok_or_else(|| format!("judge: {a} needs a value"))
        };
        match a.as_str() {
            "--cwd" => o.boundary.cwd = value()?,
            "--home" => o.boundary.home = value()?,
            "--root" => o.boundary.roots.push(value()?),
            "--deny" => o
                .boundary
                .deny
                .push(String::from_utf8_lossy(&value()?).into_owned()),
            "--write-root" => write_roots.push(value()?),
            "--write-deny" => write_deny.push(String::from_utf8_lossy(&value()?).into_owned()),
            "--seat" => o.seat = Seat::parse(&String::from_utf8_lossy(&value()?))?,
            "--lexical" => o.lexical = true,
            "--stream" => o.stream = true,
            "-c" => o.command = Some(value()?),
            "--approved" => {
                let v: Json = serde_json::from_slice(&value()?)
                    .map_err(|e| format!("judge: --approved is not JSON: {e}"))?;
                o.approved = Some(approved_reads(&v)?);
            }
            other => return Err(format!("judge: unexpected argument `{other}`")),
        }
        i += 1;
    }
    if !write_roots.is_empty() {
        o.boundary.write_roots = Some(write_roots);
    }
    if !write_deny.is_empty() {
        o.boundary.write_deny = Some(write_deny);
    }
    if o.stream == o.command.is_some() {
        return Err("judge: give exactly one of -c COMMAND and --stream".into());
    }
    Ok(o)
}

#[cfg(unix)]
fn view(lexical: bool) -> Result<Box<dyn FsView>, String> {
    if lexical {
        Ok(Box::new(Lexical))
    } else {
        Ok(Box::new(host::judge_view::HostView))
    }
}

#[cfg(not(unix))]
fn view(lexical: bool) -> Result<Box<dyn FsView>, String> {
    if lexical {
        Ok(Box::new(Lexical))
    } else {
        Err("judge: the host view needs a Unix host here; pass --lexical".into())
    }
}

type Request = (Vec<u8>, Boundary, Seat, Option<Vec<ApprovedRead>>);

fn request(line: &[u8], defaults: &Opts) -> Result<Request, String> {
    let v: Json = serde_json::from_slice(line).map_err(|e| format!("not a JSON object: {e}"))?;
    let obj = v.as_object().ok_or("a request must be a JSON object")?;
    for k in obj.keys() {
        if ![
            "command",
            "cwd",
            "home",
            "roots",
            "deny",
            "seat",
            "write_roots",
            "write_deny",
            "id",
        ]
        .contains(&k.as_str())
        {
            return Err(format!("unknown field `{k}`"));
        }
    }
    let s = |k: &str| -> Result<Option<String>, String> {
        match obj.get(k) {
            None | Some(Json::Null) => Ok(None),
            Some(Json::String(x)) => Ok(Some(x.clone())),
            Some(_) => Err(format!("`{k}` must be a string")),
        }
    };
    let list = |k: &str| -> Result<Option<Vec<String>>, String> {
        match obj.get(k) {
            None | Some(Json::Null) => Ok(None),
            Some(Json::Array(a)) => a
                .iter()
                .map(|x| {
                    x.as_str()
                        .map(String::from)
                        .ok_or(format!("`{k}` must hold strings"))
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Some),
            Some(_) => Err(format!("`{k}` must be an array of strings")),
        }
    };
    let command = s("command")?.ok_or("`command` is required")?;
    let mut b = defaults.boundary.clone();
    if let Some(c) = s("cwd")? {
        b.cwd = c.into_bytes();
    }
    if let Some(h) = s("home")? {
        b.home = h.into_bytes();
    }
    if let Some(r) = list("roots")? {
        b.roots = r.into_iter().map(String::into_bytes).collect();
    }
    if let Some(d) = list("deny")? {
        b.deny = d;
    }
    if let Some(w) = list("write_roots")? {
        b.write_roots = Some(w.into_iter().map(String::into_bytes).collect());
    }
    if let Some(w) = list("write_deny")? {
        b.write_deny = Some(w);
    }
    let seat = match s("seat")? {
        Some(x) => Seat::parse(&x)?,
        None => defaults.seat,
    };
    let approved = match obj.get("approved") {
        None | Some(Json::Null) => None,
        Some(v) => Some(approved_reads(v)?),
    };
    Ok((command.into_bytes(), b, seat, approved))
}

/// Checks the arguments of `shellsim judge` before anything runs.
pub fn check(args: &[Vec<u8>]) -> Result<bool, String> {
    parse(args).map(|o| o.lexical)
}

/// Runs `shellsim judge ARGS...`; returns the exit status.
pub fn run(args: &[Vec<u8>]) -> i32 {
    let o = match parse(args) {
        Ok(o) => o,
        Err(e) => {
            host::write_stderr(format!("shellsim: {e}\n{USAGE}\n").as_bytes());
            return 2;
        }
    };
    let view = match view(o.lexical) {
        Ok(v) => v,
        Err(e) => {
            host::write_stderr(format!("shellsim: {e}\n").as_bytes());
            return 2;
        }
    };
    if let Some(cmd) = &o.command {
        return match judge_with_approval(
            cmd,
            &o.boundary,
            o.seat,
            view.as_ref(),
            o.approved.as_deref(),
        ) {
            Ok(v) => {
                host::write_stdout(format!("{}\n", v.to_json()).as_bytes());
                0
            }
            Err(e) => {
                host::write_stderr(format!("shellsim: judge: {e}\n").as_bytes());
                2
            }
        };
    }
    host::for_each_stdin_line(|line| {
        if line.iter().all(u8::is_ascii_whitespace) {
            return;
        }
        let id = serde_json::from_slice::<Json>(line)
            .ok()
            .and_then(|v| v.get("id").cloned());
        let judged = request(line, &o).and_then(|(cmd, b, seat, approved)| {
            judge_with_approval(&cmd, &b, seat, view.as_ref(), approved.as_deref())
        });
        let mut answer = match judged {
            Ok(v) => v.to_json(),
            Err(e) => json!({ "error": e }),
        };
        if let Some(id) = id {
            answer["id"] = id;
        }
        host::write_stdout(format!("{answer}\n").as_bytes());
    });
    0
}
