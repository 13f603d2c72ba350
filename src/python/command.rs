//! The `python3` command: CPython's command line (`-c`, `-m`, a script, `-` or a script on
//! standard input, `-V`, `-u`, ...), the `__main__` module, and the driver that runs the VM
//! as a simulated process: it does the VM's output and input through the kernel between
//! instruction runs, so the program suspends where CPython would block.

use super::builtins::{install_sys, VERSION};
use super::object::{Kind, Value};
use super::types::set_item;
use super::vm::{alloc, format_exception, Flow, Progress, Vm};
use crate::process::command::{CmdFuture, CommandCtx};
use crate::process::Interrupt;
use crate::vfs::path;

/// One line for the command table.
pub const SUMMARY: &str =
    "Python 3.14 interpreter (the language and builtins; standard library in progress)";
/// The options it accepts.
pub const OPTIONS: &str =
    "-c CMD, -m MODULE, SCRIPT, -, -u, -B, -E, -I, -s, -S, -q, -O, -V/--version, -h/--help";

pub fn run(ctx: CommandCtx) -> CmdFuture {
    Box::pin(async move { main(ctx).await })
}

const USAGE: &str = "usage: python3 [option] ... [-c cmd | -m mod | file | -] [arg] ...\n";

enum Program {
    Command(String),
    Module(String),
    Script(String),
    Stdin,
}

struct Options {
    program: Program,
    args: Vec<String>,
    unbuffered: bool,
    ignore_env: bool,
    isolated: bool,
}

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Parses CPython's options; `Err(status)` after printing a usage error or `--version`.
async fn parse_options(ctx: &CommandCtx) -> Result<Result<Options, i32>, Interrupt> {
    let args: Vec<String> = ctx.args().iter().map(|a| lossy(a)).collect();
    let mut unbuffered = false;
    let mut ignore_env = false;
    let mut isolated = false;
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if a == "--" {
            i += 1;
            break;
        }
        if a == "-" || !a.starts_with('-') {
            break;
        }
        if a == "--version" {
            ctx.out(format!("Python {VERSION}\n").as_bytes()).await?;
            return Ok(Err(0));
        }
        if a == "--help" {
            ctx.out(USAGE.as_bytes()).await?;
            return Ok(Err(0));
        }
        if a.starts_with("--") {
            let msg = format!("unknown option {a}\n{USAGE}Try `python -h' for more information.\n");
            ctx.err(msg.as_bytes()).await?;
            return Ok(Err(2));
        }
        let flags: Vec<char> = a[1..].chars().collect();
        let mut j = 0;
        while j < flags.len() {
            let f = flags[j];
            let rest: String = flags[j + 1..].iter().collect();
            match f {
                'c' | 'm' | 'W' | 'X' => {
                    let value = if !rest.is_empty() {
                        rest.clone()
                    } else {
                        i += 1;
                        match args.get(i) {
                            Some(v) => v.clone(),
                            None => {
                                let msg = format!("Argument expected for the -{f} option\n{USAGE}Try `python -h' for more information.\n");
                                ctx.err(msg.as_bytes()).await?;
                                return Ok(Err(2));
                            }
                        }
                    };
                    match f {
                        'c' => {
                            return Ok(Ok(Options {
                                program: Program::Command(value),
                                args: args[i + 1..].to_vec(),
                                unbuffered,
                                ignore_env,
                                isolated,
                            }))
                        }
                        'm' => {
                            return Ok(Ok(Options {
                                program: Program::Module(value),
                                args: args[i + 1..].to_vec(),
                                unbuffered,
                                ignore_env,
                                isolated,
                            }))
                        }
                        'W' => {}
                        _ => {
                            let msg =
                                format!("python3: -X {value}: not supported by this simulator\n");
                            ctx.err(msg.as_bytes()).await?;
                            ctx.mark_partial(format!("python3 -X {value} is not supported"));
                            return Ok(Err(2));
                        }
                    }
                    j = flags.len();
                    continue;
                }
                'V' => {
                    ctx.out(format!("Python {VERSION}\n").as_bytes()).await?;
                    return Ok(Err(0));
                }
                'h' | '?' => {
                    ctx.out(USAGE.as_bytes()).await?;
                    return Ok(Err(0));
                }
                'u' => unbuffered = true,
                'E' => ignore_env = true,
                'I' => {
                    isolated = true;
                    ignore_env = true;
                }
                'B' | 's' | 'S' | 'q' | 'O' | 'b' | 'd' | 'R' | 'P' => {}
                'i' => {
                    ctx.err(b"python3: -i (interactive mode) is not supported by this simulator\n")
                        .await?;
                    ctx.mark_partial("python3 -i is not supported");
                    return Ok(Err(2));
                }
                other => {
                    let msg = format!(
                        "Unknown option: -{other}\n{USAGE}Try `python -h' for more information.\n"
                    );
                    ctx.err(msg.as_bytes()).await?;
                    return Ok(Err(2));
                }
            }
            j += 1;
        }
        i += 1;
    }
    let program = match args.get(i) {
        None => Program::Stdin,
        Some(s) if s == "-" => Program::Stdin,
        Some(s) => Program::Script(s.clone()),
    };
    let rest = if i < args.len() {
        args[i + 1..].to_vec()
    } else {
        Vec::new()
    };
    Ok(Ok(Options {
        program,
        args: rest,
        unbuffered,
        ignore_env,
        isolated,
    }))
}

async fn main(ctx: CommandCtx) -> Result<i32, Interrupt> {
    let opts = match parse_options(&ctx).await? {
        Ok(o) => o,
        Err(status) => return Ok(status),
    };
    let cwd = ctx.cwd.clone();
    let (source, filename, argv0, path0) = match &opts.program {
        Program::Command(c) => (
            c.clone(),
            "<string>".to_string(),
            "-c".to_string(),
            String::new(),
        ),
        Program::Script(s) => {
            // CPython joins a relative script path to the directory without normalising it
            // (`./main.py` shows as `/work/./main.py`).
            let abs = if s.starts_with('/') {
                s.as_bytes().to_vec()
            } else {
                let mut p = ctx.cwd.clone();
                if !p.ends_with(b"/") {
                    p.push(b'/');
                }
                p.extend_from_slice(s.as_bytes());
                p
            };
            let data = ctx.sys.vfs.borrow().read_file(&abs).map(|d| d.to_vec());
            match data {
                Ok(d) => {
                    ctx.charge_bytes(d.len())?;
                    let dir = lossy(&path::parent(&abs));
                    (lossy(&d), lossy(&abs), s.clone(), dir)
                }
                Err(e) => {
                    let (errno, text) = match ctx.stat(&abs) {
                        Ok(st) if st.file_type == crate::vfs::FileType::Dir => {
                            let msg = format!(
                                "python3: can't find '__main__' module in '{}'\n",
                                lossy(&abs)
                            );
                            ctx.err(msg.as_bytes()).await?;
                            return Ok(1);
                        }
                        _ => (2, e.message()),
                    };
                    let msg = format!(
                        "python3: can't open file '{}': [Errno {errno}] {text}\n",
                        lossy(&abs)
                    );
                    ctx.err(msg.as_bytes()).await?;
                    return Ok(2);
                }
            }
        }
        Program::Stdin => {
            let data = match ctx.read_all_input(b"-").await {
                Ok(d) => d.as_slice().to_vec(),
                Err(crate::process::IoError::Interrupted(i)) => return Err(i),
                Err(_) => Vec::new(),
            };
            (
                lossy(&data),
                "<stdin>".to_string(),
                "-".to_string(),
                String::new(),
            )
        }
        Program::Module(m) => {
            let msg = format!("python3: -m {m}: running modules is not supported yet\n");
            ctx.err(msg.as_bytes()).await?;
            ctx.mark_partial(format!("python3 -m {m} is not supported yet"));
            return Ok(1);
        }
    };
    let mut vm = Vm::new(ctx.sys.clone(), ctx.pid);
    vm.cwd = cwd;
    vm.argv = std::iter::once(argv0)
        .chain(opts.args.iter().cloned())
        .collect();
    let mut path = vec![if opts.isolated { String::new() } else { path0 }];
    if !opts.ignore_env {
        if let Some(pp) = ctx.env.get(b"PYTHONPATH".as_slice()) {
            for p in lossy(pp).split(':').filter(|p| !p.is_empty()) {
                path.push(p.to_string());
            }
        }
    }
    if opts.isolated {
        path.remove(0);
    }
    path.extend(
        [
            "/usr/lib/python314.zip",
            "/usr/lib/python3.14",
            "/usr/lib/python3.14/lib-dynload",
            "/usr/local/lib/python3.14/dist-packages",
            "/usr/lib/python3/dist-packages",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    vm.path = path;
    let unbuffered = opts.unbuffered
        || (!opts.ignore_env
            && ctx
                .env
                .get(b"PYTHONUNBUFFERED".as_slice())
                .is_some_and(|v| !v.is_empty()));
    if unbuffered {
        for s in [&vm.stdout, &vm.stderr] {
            if let Some(Kind::Stream(st)) = s.kind() {
                st.borrow_mut().unbuffered = true;
            }
        }
    }
    let status = run_program(&ctx, &mut vm, &source, &filename).await;
    // Break reference cycles and give the memory back, whatever happened.
    vm.teardown();
    status
}

async fn run_program(
    ctx: &CommandCtx,
    vm: &mut Vm,
    source: &str,
    filename: &str,
) -> Result<i32, Interrupt> {
    if let Err(f) = install_sys(vm) {
        return match f {
            Flow::Stop(i) => Err(i),
            _ => Ok(1),
        };
    }
    let code = match super::front::compile_source(&vm.heap, filename, source) {
        Ok(c) => c,
        Err(se) => {
            ctx.err(se.render().as_bytes()).await?;
            return Ok(1);
        }
    };
    ctx.err(code.source.warning_text().as_bytes()).await?;
    let globals = alloc::dict_obj(&vm.heap, super::dict::Dict::new());
    let heap = vm.heap.clone();
    set_item(
        &heap,
        &globals,
        "__name__",
        alloc::str_value(&heap, "__main__"),
    );
    set_item(
        &heap,
        &globals,
        "__doc__",
        match &code.docstring {
            Some(d) => alloc::str_value(&heap, d),
            None => Value::None,
        },
    );
    set_item(&heap, &globals, "__package__", Value::None);
    set_item(&heap, &globals, "__loader__", Value::None);
    set_item(&heap, &globals, "__spec__", Value::None);
    if !filename.starts_with('<') {
        set_item(
            &heap,
            &globals,
            "__file__",
            alloc::str_value(&heap, filename),
        );
        set_item(&heap, &globals, "__cached__", Value::None);
    }
    set_item(
        &heap,
        &globals,
        "__builtins__",
        Value::Obj(vm.builtins.clone()),
    );
    let main_mod = alloc::obj(
        &heap,
        Kind::Module(super::object::Module {
            name: "__main__".into(),
            dict: globals.clone(),
        }),
        128,
    );
    let modules = vm.modules.clone();
    set_item(&heap, &modules, "__main__", main_mod);
    vm.start(code, globals);
    let result = loop {
        match vm.resume() {
            Progress::Done(r) => break r,
            Progress::Flush => {
                write_out(ctx, vm, false).await?;
                pay_sleep(ctx, vm).await?;
            }
            Progress::Read => {
                write_out(ctx, vm, true).await?;
                pay_sleep(ctx, vm).await?;
                let chunk = match ctx.read_fd(0, 64 * 1024).await {
                    Ok(c) => c,
                    Err(crate::process::IoError::Interrupted(i)) => return Err(i),
                    Err(_) => Vec::new(),
                };
                vm.feed_stdin(&chunk);
            }
            Progress::Spawn(req) => {
                // Only what CPython would already have written goes out first: a
                // block-buffered stdout keeps its bytes until after the child's (CPython does
                // not flush before fork).
                write_out(ctx, vm, false).await?;
                pay_sleep(ctx, vm).await?;
                let outcome = super::child::run_child(ctx, req).await?;
                vm.child_outcome = Some(outcome);
            }
        }
    };
    // A sleep the program ended on still passes, as the process exits after it.
    if !matches!(result, Err(Flow::Stop(_))) {
        write_out(ctx, vm, true).await?;
        pay_sleep(ctx, vm).await?;
    }
    let status = match result {
        Ok(_) => 0,
        Err(Flow::Stop(i)) => {
            // The run is over: what was printed still goes out, as the process dies.
            let _ = write_out(ctx, vm, true).await;
            return Err(i);
        }
        Err(Flow::NeedInput) => 1,
        Err(Flow::Exc(e)) => {
            if vm.isinstance(&e, &vm.types.system_exit.clone()) {
                exit_status(vm, &e)?
            } else {
                let text = format_exception(vm, &e);
                write_out(ctx, vm, true).await?;
                ctx.err(text.as_bytes()).await?;
                1
            }
        }
    };
    write_out(ctx, vm, true).await?;
    Ok(status)
}

/// The status for `SystemExit(code)`: `None` is 0, an int is itself, anything else is
/// printed to stderr and gives 1.
fn exit_status(vm: &mut Vm, e: &Value) -> Result<i32, Interrupt> {
    let args = vm
        .exc_data(e)
        .map(|d| d.borrow().args.clone())
        .unwrap_or_default();
    let code = match args.len() {
        0 => Value::None,
        1 => args[0].clone(),
        _ => match vm.new_tuple(args) {
            Ok(t) => t,
            Err(_) => Value::None,
        },
    };
    Ok(match code {
        Value::None => 0,
        Value::Int(i) => (i & 0xff) as i32,
        Value::Bool(b) => b as i32,
        other => {
            let s = match vm.str_string(&other) {
                Ok(s) => s,
                Err(Flow::Stop(i)) => return Err(i),
                Err(_) => String::new(),
            };
            let stderr = vm.stderr.clone();
            let _ = super::stream::write(vm, &stderr, &format!("{s}\n"));
            1
        }
    })
}

/// Hands the streams' pending bytes to the kernel (`all`: everything buffered).
/// Sleeps on the scheduler for the time `time.sleep` added since the last boundary.
async fn pay_sleep(ctx: &CommandCtx, vm: &mut Vm) -> Result<(), Interrupt> {
    let ns = std::mem::take(&mut vm.sleep_debt_ns);
    if ns > 0 {
        ctx.sys.sleep(ctx.pid, ns, false).await?;
    }
    Ok(())
}

async fn write_out(ctx: &CommandCtx, vm: &mut Vm, all: bool) -> Result<(), Interrupt> {
    for (fd, data) in vm.take_output(all) {
        if fd == 2 {
            ctx.err(&data).await?;
        } else {
            ctx.write_fd(fd, &data).await?;
        }
    }
    Ok(())
}

impl Vm {
    /// Ends the interpreter: every container is emptied (so reference cycles are freed) and
    /// the memory reserved for the heap goes back to the meter.
    pub fn teardown(&mut self) {
        let containers: Vec<std::rc::Weak<super::object::Obj>> =
            std::mem::take(&mut *self.heap.containers.borrow_mut());
        for w in containers {
            if let Some(o) = w.upgrade() {
                o.kind.clear_refs();
            }
        }
        self.release_all();
    }
}
