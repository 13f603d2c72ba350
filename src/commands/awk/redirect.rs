//! `print`, `printf`, `getline`, `close`, `fflush` and `system`: the statements and functions
//! that move bytes between the program, files and simulated commands.

use super::ast::{special, Expr, GetlineSrc, Redir};
use super::format::sprintf_into;
use super::interp::{fatal, Interp, Jump, R};
use super::io::{self, InKind, InStream, OutKind, OutStream, Reader};
use super::value::Value;
use crate::commands::opts;
use crate::process::OpenFlags;

/// Which kind of output redirection.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OutMode {
    Truncate,
    Append,
    Pipe,
}

impl<'p> Interp<'p> {
    async fn target(&mut self, redir: Option<&'p Redir>) -> R<usize> {
        let (e, mode) = match redir {
            None => return Ok(0),
            Some(Redir::File(e)) => (e, OutMode::Truncate),
            Some(Redir::Append(e)) => (e, OutMode::Append),
            Some(Redir::Pipe(e)) => (e, OutMode::Pipe),
        };
        let v = self.ev(e).await?;
        let name = self.to_str(&v).to_vec();
        self.open_output(name, mode).await
    }

    async fn open_output(&mut self, name: Vec<u8>, mode: OutMode) -> R<usize> {
        if mode != OutMode::Pipe && name == b"/dev/stdout" {
            return Ok(0);
        }
        if let Some(i) = self.outputs.iter().position(|o| {
            o.name == name && (matches!(o.kind, OutKind::Pipe(..)) == (mode == OutMode::Pipe))
        }) {
            return Ok(i);
        }
        if name.is_empty() {
            let what = if mode == OutMode::Pipe {
                "expression for `|' redirection has null string value"
            } else {
                "expression for `>' redirection has null string value"
            };
            return fatal(what);
        }
        let kind = match mode {
            OutMode::Pipe => {
                self.flush_all().await?;
                let (r, w) = self.ctx.sys.pipe();
                let pid = io::spawn(self.ctx, &name, Some(r), None)?;
                OutKind::Pipe(Some(w), pid)
            }
            _ if name == b"/dev/stderr" => OutKind::Stderr,
            _ => {
                let flags = if mode == OutMode::Append {
                    OpenFlags::append()
                } else {
                    OpenFlags::write_truncate()
                };
                let abs = self.ctx.resolve(&name);
                match self.ctx.sys.open(self.ctx.pid, &abs, flags) {
                    Ok(f) => OutKind::File(f),
                    Err(e) => {
                        let e = opts::interrupted(e)?;
                        return fatal(format!(
                            "cannot redirect to `{}': {}",
                            String::from_utf8_lossy(&name),
                            e.message()
                        ));
                    }
                }
            }
        };
        self.outputs.push(OutStream {
            name,
            kind,
            buf: Vec::new(),
        });
        Ok(self.outputs.len() - 1)
    }

    async fn emit(&mut self, idx: usize, data: &[u8]) -> R<()> {
        self.check_mem(data.len())?;
        self.ctx.charge(crate::limits::cost::IO_CALL)?;
        self.ctx.charge_bytes(data.len())?;
        let ctx = self.ctx;
        self.outputs[idx].write(ctx, data).await?;
        Ok(())
    }

    pub async fn print(&mut self, args: &'p [Expr], redir: Option<&'p Redir>) -> R<()> {
        // The line is built in a buffer kept between statements (a print inside an argument
        // finds it taken and uses its own).
        let mut line = std::mem::take(&mut self.line_buf);
        line.clear();
        let r = self.print_into(&mut line, args, redir).await;
        self.line_buf = line;
        r
    }

    async fn print_into(
        &mut self,
        line: &mut Vec<u8>,
        args: &'p [Expr],
        redir: Option<&'p Redir>,
    ) -> R<()> {
        if args.is_empty() {
            line.extend_from_slice(&self.record);
        } else {
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    line.extend_from_slice(&self.ofs);
                }
                // A field is copied from the record without becoming a value first.
                if let Expr::Pure(inner) = a {
                    if let Expr::Field(ix) = &**inner {
                        let n = self.eval_pure(ix)?;
                        let n = Self::field_index(&n)?;
                        self.push_field(n, line)?;
                        continue;
                    }
                }
                let v = self.ev(a).await?;
                self.push_out(&v, line);
            }
        }
        line.extend_from_slice(&self.ors);
        let idx = self.target(redir).await?;
        self.emit(idx, line).await
    }

    pub async fn printf(&mut self, args: &'p [Expr], redir: Option<&'p Redir>) -> R<()> {
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            vals.push(self.ev(a).await?);
        }
        let fmt = self.to_str(&vals[0]);
        let mut out = std::mem::take(&mut self.line_buf);
        out.clear();
        let err = sprintf_into(&mut out, &fmt, &vals[1..], &self.convfmt, self.utf8);
        let r = match err {
            Some(e) => fatal(e),
            None => match self.target(redir).await {
                Ok(idx) => self.emit(idx, &out).await,
                Err(e) => Err(e),
            },
        };
        self.line_buf = out;
        r
    }

    /// Flushes every output stream (before running a command, and for `fflush()`).
    pub async fn flush_all(&mut self) -> R<()> {
        let ctx = self.ctx;
        for o in self.outputs.iter_mut() {
            o.flush(ctx).await?;
        }
        Ok(())
    }

    pub async fn fflush(&mut self, name: Option<&[u8]>) -> R<i32> {
        match name {
            None | Some(b"") => {
                self.flush_all().await?;
                Ok(0)
            }
            Some(n) => {
                let ctx = self.ctx;
                match self.outputs.iter_mut().find(|o| o.name == n) {
                    Some(o) => {
                        o.flush(ctx).await?;
                        Ok(0)
                    }
                    None => Ok(-1),
                }
            }
        }
    }

    /// `close(name)`: an output stream, an input file or command. -1 when none is open.
    pub async fn close_stream(&mut self, name: &[u8]) -> R<i32> {
        let ctx = self.ctx;
        if name == b"/dev/stdout" {
            self.outputs[0].flush(ctx).await?;
            return Ok(0);
        }
        if let Some(i) = self.outputs.iter().skip(1).position(|o| o.name == name) {
            let o = self.outputs.remove(i + 1);
            return Ok(o.close(ctx).await?);
        }
        if let Some(i) = self.inputs.iter().position(|o| o.name == name) {
            let s = self.inputs.remove(i);
            let kind = s.kind;
            drop(s.reader);
            return Ok(match kind {
                InKind::File => 0,
                InKind::Cmd(pid) => io::wait(ctx, pid).await,
            });
        }
        Ok(-1)
    }

    /// Closes every stream at exit: redirections first, then standard output is flushed.
    pub async fn close_all(&mut self) -> R<()> {
        let ctx = self.ctx;
        while self.outputs.len() > 1 {
            let o = self.outputs.remove(1);
            o.close(ctx).await?;
        }
        while let Some(s) = self.inputs.pop() {
            drop(s.reader);
            if let InKind::Cmd(pid) = s.kind {
                io::wait(ctx, pid).await;
            }
        }
        self.main = None;
        self.outputs[0].flush(ctx).await?;
        Ok(())
    }

    pub async fn system(&mut self, cmd: &[u8]) -> R<Value> {
        self.flush_all().await?;
        self.ctx.charge(crate::limits::cost::COMMAND_DISPATCH)?;
        let argv = vec![b"sh".to_vec(), b"-c".to_vec(), cmd.to_vec()];
        let st = self.ctx.runner.run_shell(self.ctx, argv).await?;
        Ok(Value::Num(st as f64))
    }

    pub async fn getline(&mut self, src: &'p GetlineSrc, var: Option<&'p Expr>) -> R<Value> {
        let rec = match src {
            GetlineSrc::Main => {
                if !self.next_main_record().await? {
                    return Ok(Value::Num(0.0));
                }
                match var {
                    Some(target) => {
                        let v = Value::input(&self.next_rec);
                        let p = self.place(target).await?;
                        self.set_place(p, v)?;
                    }
                    None => self.take_next_record()?,
                }
                return Ok(Value::Num(1.0));
            }
            GetlineSrc::File(e) | GetlineSrc::Cmd(e) => {
                let is_cmd = matches!(src, GetlineSrc::Cmd(_));
                let v = self.ev(e).await?;
                let name = self.to_str(&v).to_vec();
                let idx = match self.inputs.iter().position(|s| s.name == name) {
                    Some(i) => i,
                    None => match self.open_input(name, is_cmd).await? {
                        Some(i) => i,
                        None => return Ok(Value::Num(-1.0)),
                    },
                };
                let rs = self.rs.clone();
                let ctx = self.ctx;
                let r = self.inputs[idx].reader.next(ctx, &rs).await;
                match r {
                    Ok(Some((rec, rt))) => {
                        self.set_global(special::RT, Value::string(rt));
                        if is_cmd {
                            self.bump_nr(false);
                        }
                        rec
                    }
                    Ok(None) => return Ok(Value::Num(0.0)),
                    Err(e) => {
                        opts::interrupted(e)?;
                        return Ok(Value::Num(-1.0));
                    }
                }
            }
        };
        match var {
            Some(target) => {
                let p = self.place(target).await?;
                self.set_place(p, Value::input(&rec))?;
            }
            None => {
                self.set_record(rec)?;
            }
        }
        Ok(Value::Num(1.0))
    }

    /// Increments NR (and FNR when reading the main input).
    pub fn bump_nr(&mut self, fnr: bool) {
        use crate::commands::awk::interp::Cell;
        // Both are plain numbers unless the program assigned something else: add in place.
        if let Cell::Val(Value::Num(n)) = &mut self.globals[special::NR] {
            *n += 1.0;
            if !fnr {
                return;
            }
            if let Cell::Val(Value::Num(n)) = &mut self.globals[special::FNR] {
                *n += 1.0;
                return;
            }
            let n = self.global_num(special::FNR) + 1.0;
            self.set_global(special::FNR, Value::Num(n));
            return;
        }
        let nr = self.global_num(special::NR) + 1.0;
        self.set_global(special::NR, Value::Num(nr));
        if fnr {
            let n = self.global_num(special::FNR) + 1.0;
            self.set_global(special::FNR, Value::Num(n));
        }
    }

    async fn open_input(&mut self, name: Vec<u8>, is_cmd: bool) -> R<Option<usize>> {
        let ctx = self.ctx;
        let (file, kind) = if is_cmd {
            self.flush_all().await?;
            let (r, w) = ctx.sys.pipe();
            let pid = io::spawn(ctx, &name, None, Some(w))?;
            (r, InKind::Cmd(pid))
        } else {
            let f = if name == b"-" || name == b"/dev/stdin" {
                ctx.fd(0).ok_or(crate::process::IoError::BadFd)
            } else {
                ctx.open_input(&name)
            };
            match f {
                Ok(f) => (f, InKind::File),
                Err(e) => {
                    opts::interrupted(e)?;
                    return Ok(None);
                }
            }
        };
        self.inputs.push(InStream {
            name,
            kind,
            reader: Reader::new(file),
        });
        Ok(Some(self.inputs.len() - 1))
    }

    /// The next record of the main input (ARGV files, operand assignments, or stdin).
    /// Reads the next main-input record into `self.next_rec` (a buffer kept across records,
    /// so reading allocates nothing); false at the end of the input.
    pub async fn next_main_record(&mut self) -> R<bool> {
        loop {
            if self.main.is_none() && !self.open_next_main().await? {
                return Ok(false);
            }
            let rs = self.rs.clone();
            let ctx = self.ctx;
            let Some(reader) = self.main.as_mut() else {
                return Ok(false);
            };
            match reader.next_span(ctx, &rs).await {
                Ok(Some((rec, rt))) => {
                    self.next_rec.clear();
                    self.next_rec.extend_from_slice(reader.span(rec));
                    let rt = reader.span(rt);
                    // RT is nearly always the same newline: keep the value already there.
                    let same = matches!(&self.globals[special::RT],
                        crate::commands::awk::interp::Cell::Val(Value::Str(s)) if **s == *rt);
                    if !same {
                        let rt = Value::str(rt);
                        self.set_global(special::RT, rt);
                    }
                    self.bump_nr(true);
                    return Ok(true);
                }
                Ok(None) => self.main = None,
                Err(e) => {
                    let e = opts::interrupted(e)?;
                    let name = self.global_bytes(special::FILENAME);
                    return fatal(format!(
                        "error reading input file `{}': {}",
                        String::from_utf8_lossy(&name),
                        e.message()
                    ));
                }
            }
        }
    }

    /// Ends the current input file (`nextfile`).
    pub fn skip_file(&mut self) {
        self.main = None;
    }

    async fn open_next_main(&mut self) -> R<bool> {
        if self.main_done {
            return Ok(false);
        }
        loop {
            let argc = self.global_num(special::ARGC);
            if (self.argi as f64) >= argc {
                self.main_done = true;
                if self.used_file {
                    return Ok(false);
                }
                self.used_file = true;
                let Some(f) = self.ctx.fd(0) else {
                    return Ok(false);
                };
                self.main = Some(Reader::new(f));
                self.set_global(special::FNR, Value::Num(0.0));
                return Ok(true);
            }
            let key = format!("{}", self.argi);
            self.argi += 1;
            let argv = self.array(super::ast::Var::Global(special::ARGV))?;
            let arg = match argv.borrow().map.get(key.as_bytes()) {
                Some(v) => v.to_bytes(&self.convfmt).to_vec(),
                None => continue,
            };
            if arg.is_empty() {
                continue;
            }
            if let Some((name, val)) = super::split_assignment(&arg) {
                self.assign_operand(name, val)?;
                continue;
            }
            self.used_file = true;
            // gawk names the file and resets FNR before it opens it, so a file it cannot
            // open or skips is FILENAME afterwards, and messages about it carry no FNR.
            self.set_global(special::FILENAME, Value::string(arg.clone()));
            self.set_global(special::FNR, Value::Num(0.0));
            let f = if arg == b"-" || arg == b"/dev/stdin" {
                self.ctx.fd(0).ok_or(crate::process::IoError::BadFd)
            } else {
                self.ctx.open_input(&arg)
            };
            match f {
                Ok(f) => {
                    if let Ok(st) = self.ctx.stat(&self.ctx.resolve(&arg)) {
                        if st.file_type == crate::vfs::FileType::Dir {
                            self.runtime_warning(&format!(
                                "command line argument `{}' is a directory: skipped",
                                String::from_utf8_lossy(&arg)
                            ))
                            .await?;
                            continue;
                        }
                    }
                    self.main = Some(Reader::new(f));
                    return Ok(true);
                }
                Err(e) => {
                    let e = opts::interrupted(e)?;
                    return Err(Jump::Fatal(format!(
                        "cannot open file `{}' for reading: {}",
                        String::from_utf8_lossy(&arg),
                        e.message()
                    )));
                }
            }
        }
    }

    /// Applies a `var=value` operand or `-v` assignment.
    pub fn assign_operand(&mut self, name: &[u8], val: &[u8]) -> R<()> {
        let v = Value::input(&super::lexer::process_escapes(val));
        let Some(i) = self.prog.globals.iter().position(|g| g == name) else {
            // A variable the program never mentions: nothing can read it.
            return Ok(());
        };
        self.set_var(super::ast::Var::Global(i), v)
    }
}
