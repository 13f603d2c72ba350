//! kill, getopts, mapfile/readarray, pushd/popd/dirs, umask, caller, hash, times.

use super::getopt::OptScan;
use super::BUILTINS;
use crate::process::{parse_signal, signal_name, SIGNAL_NAMES};
use crate::shell::state::{Flow, Res, Shell};
use crate::shell::vars::Value;
use crate::vfs::{path, FileType};

const MAPFILE_USAGE: &[u8] = b"mapfile: usage: mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]\n";

impl Shell {
    pub(super) async fn builtin_kill(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let mut sig = crate::process::SIGTERM;
        let mut i = 0;
        if let Some(a) = args.first() {
            let t = String::from_utf8_lossy(a).into_owned();
            if t == "-l" || t == "-L" {
                if let Some(n) = args.get(1) {
                    let v = String::from_utf8_lossy(n).into_owned();
                    let out = match v.parse::<i32>() {
                        Ok(num) => signal_name(if num > 128 { num - 128 } else { num })
                            .map(|s| s.to_string()),
                        Err(_) => parse_signal(&v).map(|n| n.to_string()),
                    };
                    return match out {
                        Some(o) => {
                            self.out_line(o.as_bytes()).await?;
                            Ok(0)
                        }
                        None => {
                            self.error_msg(
                                format!("kill: {v}: invalid signal specification").as_bytes(),
                            );
                            Ok(1)
                        }
                    };
                }
                let names: Vec<String> = SIGNAL_NAMES
                    .iter()
                    .map(|(n, s)| format!("{n:>2}) SIG{s}"))
                    .collect();
                for chunk in names.chunks(5) {
                    self.out_line(chunk.join("\t").as_bytes()).await?;
                }
                return Ok(0);
            }
            if t == "-s" || t == "-n" {
                let Some(v) = args.get(1) else {
                    self.error_msg(format!("kill: {t}: option requires an argument").as_bytes());
                    return Ok(2);
                };
                match parse_signal(&String::from_utf8_lossy(v)) {
                    Some(n) => sig = n,
                    None => {
                        self.error_msg(
                            format!(
                                "kill: {}: invalid signal specification",
                                String::from_utf8_lossy(v)
                            )
                            .as_bytes(),
                        );
                        return Ok(1);
                    }
                }
                i = 2;
            } else if let Some(rest) = t.strip_prefix('-') {
                if rest != "-" && !rest.is_empty() {
                    match parse_signal(rest) {
                        Some(n) => sig = n,
                        None => {
                            self.error_msg(
                                format!("kill: {rest}: invalid signal specification").as_bytes(),
                            );
                            return Ok(1);
                        }
                    }
                }
                i = 1;
            }
        }
        if i >= args.len() {
            self.error_msg(b"kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]");
            return Ok(2);
        }
        let mut status = 0;
        let mut to_self = false;
        for a in &args[i..] {
            let t = String::from_utf8_lossy(a).into_owned();
            let pids: Vec<u32> = if let Some(j) = t.strip_prefix('%') {
                let id = if j == "%" || j == "+" || j.is_empty() {
                    self.jobs.last().map(|j| j.id)
                } else {
                    j.parse().ok()
                };
                match id.and_then(|id| self.jobs.iter().find(|x| x.id == id)) {
                    Some(job) => vec![job.pid],
                    None => {
                        self.error_msg(format!("kill: {t}: no such job").as_bytes());
                        status = 1;
                        continue;
                    }
                }
            } else {
                match t.parse::<i64>() {
                    Ok(n) if n > 0 => vec![n as u32],
                    Ok(n) if n < 0 => {
                        // A process group.
                        let pg = (-n) as u32;
                        self.sys
                            .live_pids()
                            .into_iter()
                            .filter(|p| self.sys.proc_snapshot(*p).is_some_and(|x| x.pgid == pg))
                            .collect()
                    }
                    Ok(0) => self.sys.live_pids(),
                    _ => {
                        self.error_msg(
                            format!("kill: {t}: arguments must be process or job IDs").as_bytes(),
                        );
                        status = 1;
                        continue;
                    }
                }
            };
            for pid in pids {
                if pid == self.pid {
                    to_self = true;
                }
                if !self.sys.signal(pid, sig) {
                    self.error_msg(format!("kill: ({pid}) - No such process").as_bytes());
                    status = 1;
                }
            }
        }
        if to_self {
            // Give the scheduler a chance to apply a fatal signal to this process.
            self.sys.yield_now().await;
        }
        Ok(status)
    }

    pub(super) async fn builtin_getopts(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let r = self.getopts_inner(args).await?;
        if args.len() >= 2 && !crate::shell::parser::is_valid_name(&args[1]) {
            self.error_msg(
                format!(
                    "getopts: `{}': not a valid identifier",
                    String::from_utf8_lossy(&args[1])
                )
                .as_bytes(),
            );
            return Ok(1);
        }
        Ok(r)
    }

    async fn getopts_inner(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        if args.len() < 2 {
            self.error_msg(b"getopts: usage: getopts optstring name [arg ...]");
            return Ok(2);
        }
        let optstring = args[0].clone();
        let name = args[1].clone();
        // An invalid NAME is reported after parsing (OPTIND and OPTARG still move, as in bash).
        let set_name = |sh: &mut Shell, v: Vec<u8>| -> Res<()> {
            if crate::shell::parser::is_valid_name(&name) {
                sh.set_scalar(&name, v)?;
            }
            Ok(())
        };
        let params: Vec<Vec<u8>> = if args.len() > 2 {
            args[2..].to_vec()
        } else {
            self.positional.clone()
        };
        let silent = optstring.first() == Some(&b':');
        let spec = if silent {
            &optstring[1..]
        } else {
            &optstring[..]
        };
        let mut optind: usize = self
            .get_scalar(b"OPTIND")
            .and_then(|v| String::from_utf8_lossy(&v).trim().parse().ok())
            .unwrap_or(1)
            .max(1);
        if self.getopts_last_optind != optind {
            self.getopts_char = 0;
        }
        let finish = |sh: &mut Shell, optind: usize, c: usize| -> Res<()> {
            sh.getopts_char = c;
            sh.getopts_last_optind = optind;
            sh.set_scalar(b"OPTIND", optind.to_string().into_bytes())
        };
        let Some(arg) = params.get(optind - 1).cloned() else {
            // Past the end (a stale OPTIND from an earlier loop included): OPTIND points
            // just after the last argument.
            self.drop_var(b"OPTARG");
            set_name(self, b"?".to_vec())?;
            finish(self, optind.min(params.len() + 1), 0)?;
            return Ok(1);
        };
        if self.getopts_char == 0 {
            if arg.len() < 2 || arg[0] != b'-' {
                set_name(self, b"?".to_vec())?;
                finish(self, optind, 0)?;
                return Ok(1);
            }
            if arg == b"--" {
                set_name(self, b"?".to_vec())?;
                finish(self, optind + 1, 0)?;
                return Ok(1);
            }
            self.getopts_char = 1;
        }
        let pos = self.getopts_char;
        let c = arg[pos];
        let at_end = pos + 1 >= arg.len();
        let spec_pos = spec.iter().position(|&x| x == c && x != b':');
        self.drop_var(b"OPTARG");
        match spec_pos {
            None => {
                if silent {
                    self.set_scalar(b"OPTARG", vec![c])?;
                } else {
                    self.error_msg_noline(format!("illegal option -- {}", c as char).as_bytes());
                }
                set_name(self, b"?".to_vec())?;
                if at_end {
                    finish(self, optind + 1, 0)?;
                } else {
                    finish(self, optind, pos + 1)?;
                }
                Ok(0)
            }
            Some(sp) => {
                let takes_arg = spec.get(sp + 1) == Some(&b':');
                if !takes_arg {
                    set_name(self, vec![c])?;
                    if at_end {
                        finish(self, optind + 1, 0)?;
                    } else {
                        finish(self, optind, pos + 1)?;
                    }
                    return Ok(0);
                }
                if !at_end {
                    self.set_scalar(b"OPTARG", arg[pos + 1..].to_vec())?;
                    set_name(self, vec![c])?;
                    finish(self, optind + 1, 0)?;
                    return Ok(0);
                }
                match params.get(optind) {
                    Some(v) => {
                        self.set_scalar(b"OPTARG", v.clone())?;
                        set_name(self, vec![c])?;
                        optind += 2;
                        finish(self, optind, 0)?;
                        Ok(0)
                    }
                    None => {
                        if silent {
                            set_name(self, b":".to_vec())?;
                            self.set_scalar(b"OPTARG", vec![c])?;
                        } else {
                            set_name(self, b"?".to_vec())?;
                            self.error_msg_noline(
                                format!("option requires an argument -- {}", c as char).as_bytes(),
                            );
                        }
                        finish(self, optind + 1, 0)?;
                        Ok(0)
                    }
                }
            }
        }
    }

    pub(super) async fn builtin_mapfile(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let mut strip = false;
        let mut delim = b'\n';
        let mut count = 0usize;
        let mut origin = 0i64;
        let mut skip = 0usize;
        let mut fd = 0u32;
        let mut name = b"MAPFILE".to_vec();
        let mut scan = OptScan::new(args, b"d:n:O:s:tu:C:c:");
        while let Some(opt) = scan.next() {
            let (c, value) = match opt {
                Ok(o) => o,
                Err(e) => {
                    self.error_msg(e.message("mapfile").as_bytes());
                    self.write_err_now(MAPFILE_USAGE);
                    return Ok(2);
                }
            };
            let value = value.unwrap_or_default();
            // bash reads counts and descriptors as non-negative decimal numbers.
            let number = || -> Option<u64> {
                std::str::from_utf8(&value)
                    .ok()
                    .and_then(|t| t.trim().parse::<u64>().ok())
            };
            let bad = |what: &str| {
                format!("mapfile: {}: {what}", String::from_utf8_lossy(&value)).into_bytes()
            };
            match c {
                b't' => strip = true,
                b'd' => delim = value.first().copied().unwrap_or(0),
                b'n' | b's' => match number() {
                    Some(n) if c == b'n' => count = n as usize,
                    Some(n) => skip = n as usize,
                    None => {
                        self.error_msg(&bad("invalid line count"));
                        return Ok(1);
                    }
                },
                b'O' => match number() {
                    Some(n) => origin = n as i64,
                    None => {
                        self.error_msg(&bad("invalid array origin"));
                        return Ok(1);
                    }
                },
                b'u' => match number().and_then(|n| u32::try_from(n).ok()) {
                    Some(n) => fd = n,
                    None => {
                        self.error_msg(&bad("invalid file descriptor specification"));
                        return Ok(1);
                    }
                },
                _ => {
                    self.error_msg(b"mapfile: -C/-c callbacks are not supported in shellsim");
                    self.sys
                        .telemetry
                        .borrow_mut()
                        .note_unsupported("mapfile -C".into());
                    return Ok(2);
                }
            }
        }
        if let Some(a) = scan.rest().first() {
            name = a.clone();
        }
        let Some(file) = self.sys.fd(self.pid, fd) else {
            self.error_msg(
                format!("mapfile: {fd}: invalid file descriptor: Bad file descriptor").as_bytes(),
            );
            return Ok(1);
        };
        let mut m = match (
            origin > 0,
            self.vars.get(&name).and_then(|v| v.value.clone()),
        ) {
            (true, Some(Value::Indexed(m))) => m,
            _ => imbl::OrdMap::new(),
        };
        let mut idx = origin;
        let mut read = 0usize;
        let mut line = Vec::new();
        // The lines are reserved as they are read; the array takes the charge over.
        let mut building = self.sys.meter.empty_reservation();
        loop {
            if count > 0 && read >= count {
                break;
            }
            let b = match self.sys.read(&file, 1).await {
                Ok(b) => b,
                Err(crate::process::IoError::Interrupted(i)) => return Err(Flow::Int(i)),
                Err(_) => Vec::new(),
            };
            let eof = b.is_empty();
            if !eof {
                line.push(b[0]);
            }
            if (eof && !line.is_empty()) || (!eof && b[0] == delim) {
                let mut l = std::mem::take(&mut line);
                if strip && l.last() == Some(&delim) {
                    l.pop();
                }
                if skip > 0 {
                    skip -= 1;
                } else {
                    building.grow(l.len() as u64 + crate::limits::cost::VAR_OVERHEAD)?;
                    m.insert(idx, l);
                    idx += 1;
                    read += 1;
                }
            }
            if eof {
                break;
            }
        }
        drop(building);
        self.set_value(&name, Value::Indexed(m))?;
        Ok(0)
    }

    pub(super) async fn builtin_dirs(&mut self, name: &str, args: &[Vec<u8>]) -> Res<i32> {
        let mut args: Vec<Vec<u8>> = args.to_vec();
        if args.first().map(|a| &a[..]) == Some(b"--") {
            args.remove(0);
        }
        let (mut clear, mut long, mut per_line, mut numbered) = (false, false, false, false);
        if name == "dirs" {
            for a in &args {
                match &a[..] {
                    b"-c" => clear = true,
                    b"-l" => long = true,
                    b"-p" => per_line = true,
                    b"-v" => {
                        per_line = true;
                        numbered = true
                    }
                    _ => {
                        let what = if a.first() == Some(&b'-') {
                            "invalid option"
                        } else {
                            "invalid argument"
                        };
                        self.error_msg(
                            format!("dirs: {}: {what}", String::from_utf8_lossy(a)).as_bytes(),
                        );
                        return Ok(if a.first() == Some(&b'-') { 2 } else { 1 });
                    }
                }
            }
            if clear {
                self.dir_stack.clear();
                return Ok(0);
            }
        } else {
            if let Some(a) = args
                .first()
                .filter(|a| a.first() == Some(&b'-') && a.len() > 1)
            {
                self.error_msg(
                    format!("{name}: {}: invalid option", String::from_utf8_lossy(a)).as_bytes(),
                );
                return Ok(2);
            }
            if args.len() > 1 {
                self.error_msg(format!("{name}: too many arguments").as_bytes());
                return Ok(1);
            }
            if name == "pushd" {
                let target = match args.first() {
                    Some(t) => t.clone(),
                    None => match self.dir_stack.pop() {
                        Some(t) => t,
                        None => {
                            self.error_msg(b"pushd: no other directory");
                            return Ok(1);
                        }
                    },
                };
                let old = self.cwd.clone();
                let st = self.builtin_cd_quiet(&target)?;
                if st != 0 {
                    return Ok(st);
                }
                self.dir_stack.push(old);
            } else {
                if let Some(a) = args.first() {
                    self.error_msg(
                        format!("popd: {}: invalid argument", String::from_utf8_lossy(a))
                            .as_bytes(),
                    );
                    return Ok(2);
                }
                let Some(top) = self.dir_stack.pop() else {
                    self.error_msg(b"popd: directory stack empty");
                    return Ok(1);
                };
                let st = self.builtin_cd_quiet(&top)?;
                if st != 0 {
                    return Ok(st);
                }
            }
        }
        let home = self.get_scalar(b"HOME").unwrap_or_default();
        let show = |p: &[u8]| -> Vec<u8> {
            if !long
                && !home.is_empty()
                && p.starts_with(&home)
                && (p.len() == home.len() || p[home.len()] == b'/')
            {
                [b"~", &p[home.len()..]].concat()
            } else {
                p.to_vec()
            }
        };
        let mut parts = vec![show(&self.cwd)];
        for d in self.dir_stack.iter().rev() {
            parts.push(show(d));
        }
        if per_line {
            for (i, p) in parts.iter().enumerate() {
                let line = if numbered {
                    [format!("{i:>2}  ").as_bytes(), &p[..]].concat()
                } else {
                    p.clone()
                };
                self.out_line(&line).await?;
            }
        } else {
            let line = parts.join(&b' ');
            self.out_line(&line).await?;
        }
        Ok(0)
    }

    fn builtin_cd_quiet(&mut self, target: &[u8]) -> Res<i32> {
        let mut new = path::normalize(&path::join(&self.cwd, target));
        if self.opts.get("physical") == Some(true) {
            // `set -P`: pushd/popd resolve symbolic links like cd does.
            let real = self.sys.vfs.borrow().canonicalize(&new);
            if let Ok(real) = real {
                new = real;
            }
        }
        match self.sys.vfs.borrow().stat(&new) {
            Ok(s) if s.file_type == FileType::Dir => {}
            Ok(_) => {
                self.error_msg(
                    format!("cd: {}: Not a directory", String::from_utf8_lossy(target)).as_bytes(),
                );
                return Ok(1);
            }
            Err(e) => {
                self.error_msg(
                    format!("cd: {}: {}", String::from_utf8_lossy(target), e.message()).as_bytes(),
                );
                return Ok(1);
            }
        }
        let old = std::mem::replace(&mut self.cwd, new.clone());
        self.set_scalar(b"OLDPWD", old)?;
        self.set_scalar(b"PWD", new)?;
        Ok(0)
    }

    pub(super) async fn builtin_umask(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let mut symbolic = false;
        let mut print_form = false;
        let mut rest: Vec<&Vec<u8>> = Vec::new();
        for a in args {
            match &a[..] {
                b"-S" => symbolic = true,
                b"-p" => print_form = true,
                b"--" => {}
                _ if a.first() == Some(&b'-')
                    && rest.is_empty()
                    && a.len() > 1
                    && a[1..].iter().all(|c| matches!(c, b'S' | b'p')) =>
                {
                    symbolic |= a.contains(&b'S');
                    print_form |= a.contains(&b'p');
                }
                _ => rest.push(a),
            }
        }
        let Some(v) = rest.first() else {
            let body = if symbolic {
                let allowed = !self.umask & 0o777;
                let perm = |shift: u32| {
                    let bits = (allowed >> shift) & 7;
                    let mut s = String::new();
                    for (bit, c) in [(4, 'r'), (2, 'w'), (1, 'x')] {
                        if bits & bit != 0 {
                            s.push(c);
                        }
                    }
                    s
                };
                format!("u={},g={},o={}", perm(6), perm(3), perm(0))
            } else {
                format!("{:04o}", self.umask)
            };
            let line = if print_form {
                format!("umask {}{body}", if symbolic { "-S " } else { "" })
            } else {
                body
            };
            self.out_line(line.as_bytes()).await?;
            return Ok(0);
        };
        let text = String::from_utf8_lossy(v).into_owned();
        if text.bytes().next().is_some_and(|b| b.is_ascii_digit()) {
            return match u32::from_str_radix(&text, 8) {
                Ok(m) if m <= 0o7777 => {
                    self.set_umask(m & 0o777);
                    Ok(0)
                }
                _ => {
                    self.error_msg(format!("umask: {text}: octal number out of range").as_bytes());
                    Ok(1)
                }
            };
        }
        match apply_symbolic_umask(self.umask, &text) {
            Ok(m) => {
                self.set_umask(m);
                Ok(0)
            }
            Err(msg) => {
                self.error_msg(format!("umask: {msg}").as_bytes());
                Ok(1)
            }
        }
    }

    fn set_umask(&mut self, m: u32) {
        self.umask = m;
        self.sys.with_proc(self.pid, |p| p.umask = m);
    }

    pub(super) async fn builtin_caller(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let n: usize = args
            .first()
            .and_then(|a| String::from_utf8_lossy(a).parse().ok())
            .unwrap_or(0);
        let len = self.call_stack.len();
        if n >= len {
            return Ok(1);
        }
        let frame = self.call_stack[len - 1 - n].clone();
        let caller_name = if len >= n + 2 {
            self.call_stack[len - 2 - n].name.clone()
        } else {
            b"main".to_vec()
        };
        let mut line = format!("{} ", frame.call_line).into_bytes();
        if !args.is_empty() {
            line.extend_from_slice(&caller_name);
            line.push(b' ');
        }
        line.extend_from_slice(if frame.source.is_empty() {
            b"main"
        } else {
            &frame.source
        });
        self.out_line(&line).await?;
        Ok(0)
    }

    pub(super) async fn builtin_hash(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        if args.is_empty() {
            if self.hash.is_empty() {
                // bash prints this on stdout, without its name in front.
                self.out_line(b"hash: hash table empty").await?;
                return Ok(0);
            }
            self.out_line(b"hits\tcommand").await?;
            let entries: Vec<(Vec<u8>, u32)> = self.hash.values().cloned().collect();
            for (p, hits) in entries {
                let line = [format!("{hits:>4}\t").as_bytes(), &p[..]].concat();
                self.out_line(&line).await?;
            }
            return Ok(0);
        }
        let mut status = 0;
        for a in args {
            match &a[..] {
                b"-r" => {
                    self.hash.clear();
                    continue;
                }
                b"-d" | b"-l" | b"-p" | b"-t" => {
                    self.error_msg(
                        format!(
                            "hash: {}: option not supported in shellsim",
                            String::from_utf8_lossy(a)
                        )
                        .as_bytes(),
                    );
                    return Ok(2);
                }
                _ => {}
            }
            let is_builtin_or_fn =
                self.funcs.contains_key(a) || BUILTINS.contains(&&*String::from_utf8_lossy(a));
            if is_builtin_or_fn {
                continue;
            }
            match self.lookup_command(a) {
                Some(f) => {
                    self.hash.insert(a.clone(), (f.path().to_vec(), 0));
                }
                None => {
                    self.error_msg(
                        format!("hash: {}: not found", String::from_utf8_lossy(a)).as_bytes(),
                    );
                    status = 1;
                }
            }
        }
        Ok(status)
    }

    pub(super) async fn builtin_times(&mut self) -> Res<i32> {
        let cpu_ns = self.sys.meter.cpu_used() * crate::limits::cost::CPU_UNIT_NANOS;
        let secs = cpu_ns as f64 / 1e9;
        let fmt = |s: f64| format!("{}m{:.3}s", (s / 60.0) as u64, s % 60.0);
        self.out_line(format!("{} {}", fmt(secs), fmt(0.0)).as_bytes())
            .await?;
        self.out_line(format!("{} {}", fmt(0.0), fmt(0.0)).as_bytes())
            .await?;
        Ok(0)
    }
}

impl Shell {
    pub(super) async fn builtin_alias(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let args: Vec<&Vec<u8>> = args.iter().filter(|a| *a != b"--" && *a != b"-p").collect();
        if args.is_empty() {
            let all: Vec<(Vec<u8>, Vec<u8>)> = self
                .aliases
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            for (k, v) in all {
                let line = [
                    b"alias ",
                    &k[..],
                    b"=",
                    &crate::shell::printf::shell_quote_single(&v)[..],
                ]
                .concat();
                self.out_line(&line).await?;
            }
            return Ok(0);
        }
        let mut status = 0;
        for a in args {
            match a.iter().position(|&b| b == b'=') {
                Some(eq) => {
                    let name = &a[..eq];
                    if name.is_empty()
                        || name.iter().any(|&b| {
                            matches!(
                                b,
                                b'/' | b'$'
                                    | b'`'
                                    | b'='
                                    | b' '
                                    | b'\t'
                                    | b'\n'
                                    | b'\''
                                    | b'"'
                                    | b'('
                                    | b')'
                                    | b'<'
                                    | b'>'
                                    | b'&'
                                    | b'|'
                                    | b';'
                            )
                        })
                    {
                        self.error_msg(
                            format!(
                                "alias: `{}': invalid alias name",
                                String::from_utf8_lossy(name)
                            )
                            .as_bytes(),
                        );
                        status = 1;
                        continue;
                    }
                    self.aliases.insert(name.to_vec(), a[eq + 1..].to_vec());
                }
                None => match self.aliases.get(a).cloned() {
                    Some(v) => {
                        let line = [
                            b"alias ",
                            &a[..],
                            b"=",
                            &crate::shell::printf::shell_quote_single(&v)[..],
                        ]
                        .concat();
                        self.out_line(&line).await?;
                    }
                    None => {
                        self.error_msg(
                            format!("alias: {}: not found", String::from_utf8_lossy(a)).as_bytes(),
                        );
                        status = 1;
                    }
                },
            }
        }
        Ok(status)
    }

    pub(super) fn builtin_unalias(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        if args.is_empty() {
            self.error_msg(b"unalias: usage: unalias [-a] name [name ...]");
            return Ok(2);
        }
        let mut status = 0;
        for a in args {
            if a == b"-a" {
                self.aliases.clear();
                continue;
            }
            if a == b"--" {
                continue;
            }
            if self.aliases.remove(a).is_none() {
                self.error_msg(
                    format!("unalias: {}: not found", String::from_utf8_lossy(a)).as_bytes(),
                );
                status = 1;
            }
        }
        Ok(status)
    }
}

/// Applies a symbolic mode (`u=rwx,g-w,o=`) to a umask: the clauses change the permissions a
/// new file may get, and the umask is their complement.
fn apply_symbolic_umask(umask: u32, text: &str) -> Result<u32, String> {
    let mut allowed = !umask & 0o777;
    for clause in text.split(',') {
        let b = clause.as_bytes();
        let mut i = 0;
        let mut who = 0u32;
        while i < b.len() && matches!(b[i], b'u' | b'g' | b'o' | b'a') {
            who |= match b[i] {
                b'u' => 0o700,
                b'g' => 0o070,
                b'o' => 0o007,
                _ => 0o777,
            };
            i += 1;
        }
        if who == 0 {
            who = 0o777;
        }
        if i >= b.len() {
            return Err(format!(
                "`{}': invalid symbolic mode operator",
                b.get(i.saturating_sub(1))
                    .map(|c| *c as char)
                    .unwrap_or(' ')
            ));
        }
        while i < b.len() {
            let op = b[i];
            if !matches!(op, b'+' | b'-' | b'=') {
                return Err(format!("`{}': invalid symbolic mode operator", op as char));
            }
            i += 1;
            let mut bits = 0u32;
            while i < b.len() && !matches!(b[i], b'+' | b'-' | b'=') {
                let class = |shift: u32| ((allowed >> shift) & 7) * 0o111;
                bits |= match b[i] {
                    b'r' => 0o444,
                    b'w' => 0o222,
                    b'x' => 0o111,
                    b'u' => class(6),
                    b'g' => class(3),
                    b'o' => class(0),
                    c => return Err(format!("`{}': invalid symbolic mode character", c as char)),
                };
                i += 1;
            }
            let bits = bits & who;
            allowed = match op {
                b'+' => allowed | bits,
                b'-' => allowed & !bits,
                _ => (allowed & !who) | bits,
            };
        }
    }
    Ok(!allowed & 0o777)
}

/// `ulimit` resources: (flag, description, unit in bytes or 1, default soft value).
const ULIMITS: &[(u8, &str, &str, Option<u64>)] = &[
    (
        b'R',
        "real-time non-blocking time",
        "(microseconds, -R)",
        None,
    ),
    (b'c', "core file size", "(blocks, -c)", Some(0)),
    (b'd', "data seg size", "(kbytes, -d)", None),
    (b'e', "scheduling priority", "(-e)", Some(0)),
    (b'f', "file size", "(blocks, -f)", None),
    (b'i', "pending signals", "(-i)", Some(1024)),
    (b'l', "max locked memory", "(kbytes, -l)", Some(8192)),
    (b'm', "max memory size", "(kbytes, -m)", None),
    (b'n', "open files", "(-n)", Some(1024)),
    (b'p', "pipe size", "(512 bytes, -p)", Some(8)),
    (b'q', "POSIX message queues", "(bytes, -q)", Some(819_200)),
    (b'r', "real-time priority", "(-r)", Some(0)),
    (b's', "stack size", "(kbytes, -s)", Some(8192)),
    (b't', "cpu time", "(seconds, -t)", None),
    (b'u', "max user processes", "(-u)", Some(1024)),
    (b'v', "virtual memory", "(kbytes, -v)", None),
    (b'x', "file locks", "(-x)", None),
];

impl Shell {
    /// `ulimit`: shows the machine's limits and records new ones. Only the file-size limit
    /// (`-f`) is enforced (writes past it fail with "File too large"); others are recorded
    /// and shown but noted as unmodeled.
    pub(super) async fn builtin_ulimit(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let mut resource = b'f';
        let mut all = false;
        let mut value: Option<Vec<u8>> = None;
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            if a == b"--" {
                value = args.get(i + 1).cloned();
                if args.len() > i + 2 {
                    self.error_msg(b"ulimit: too many arguments");
                    return Ok(2);
                }
                break;
            }
            if a.len() > 1 && a[0] == b'-' && a[1..].iter().all(|c| c.is_ascii_alphabetic()) {
                for &c in &a[1..] {
                    match c {
                        b'a' => all = true,
                        b'H' | b'S' => {}
                        c if ULIMITS.iter().any(|(f, ..)| *f == c) => resource = c,
                        c => {
                            self.error_msg(
                                format!("ulimit: -{}: invalid option", c as char).as_bytes(),
                            );
                            return Ok(2);
                        }
                    }
                }
            } else if value.is_none() {
                value = Some(a.clone());
            } else {
                self.error_msg(b"ulimit: too many arguments");
                return Ok(2);
            }
            i += 1;
        }
        let current = |sh: &Shell, flag: u8| -> Option<u64> {
            match sh.ulimits.get(&flag) {
                Some(v) => *v,
                None => ULIMITS
                    .iter()
                    .find(|(f, ..)| *f == flag)
                    .and_then(|(.., d)| *d),
            }
        };
        let show = |v: Option<u64>| {
            v.map(|n| n.to_string())
                .unwrap_or_else(|| "unlimited".into())
        };
        if all {
            for (flag, desc, unit, _) in ULIMITS {
                let line = format!("{desc:<20} {unit:>19} {}", show(current(self, *flag)));
                self.out_line(line.as_bytes()).await?;
            }
            return Ok(0);
        }
        match value {
            None => {
                let v = show(current(self, resource));
                self.out_line(v.as_bytes()).await?;
                Ok(0)
            }
            Some(v) => {
                let text = String::from_utf8_lossy(&v).into_owned();
                let parsed = if text == "unlimited" || text == "hard" || text == "soft" {
                    None
                } else {
                    match text.parse::<u64>() {
                        Ok(n) => Some(n),
                        Err(_) => {
                            self.error_msg(format!("ulimit: {text}: invalid number").as_bytes());
                            return Ok(1);
                        }
                    }
                };
                self.ulimits.insert(resource, parsed);
                if resource == b'f' {
                    let bytes = parsed.map(|n| n.saturating_mul(1024));
                    self.sys.with_proc(self.pid, |p| p.max_file_size = bytes);
                } else {
                    self.sys.telemetry.borrow_mut().note_unsupported(format!(
                        "ulimit -{}: recorded, not enforced",
                        resource as char
                    ));
                }
                Ok(0)
            }
        }
    }
}

impl Shell {
    /// `jobs [-l|-p]`: the background jobs this shell started.
    pub(super) async fn builtin_jobs(&mut self, args: &[Vec<u8>]) -> Res<i32> {
        let (mut pids_only, mut long) = (false, false);
        for a in args {
            match &a[..] {
                b"-p" => pids_only = true,
                b"-l" => long = true,
                b"-r" | b"-s" | b"-n" | b"-x" => {
                    self.error_msg(
                        format!(
                            "jobs: {}: option not supported in shellsim",
                            String::from_utf8_lossy(a)
                        )
                        .as_bytes(),
                    );
                    return Ok(2);
                }
                _ => {}
            }
        }
        let jobs = self.jobs.clone();
        let n = jobs.len();
        for (i, j) in jobs.iter().enumerate() {
            if pids_only {
                self.out_line(j.pid.to_string().as_bytes()).await?;
                continue;
            }
            let mark = if i + 1 == n {
                '+'
            } else if i + 2 == n {
                '-'
            } else {
                ' '
            };
            let state = match self.sys.exit_status(j.pid) {
                None => "Running".to_string(),
                Some(0) => "Done".to_string(),
                Some(s) => format!("Exit {s}"),
            };
            let pid = if long {
                format!("{} ", j.pid)
            } else {
                String::new()
            };
            let line = [
                format!("[{}]{mark}  {pid}{state:<24}", j.id).as_bytes(),
                &j.command,
                b" &",
            ]
            .concat();
            self.out_line(&line).await?;
        }
        Ok(0)
    }
}
