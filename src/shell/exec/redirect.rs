//! Redirections, applied in order to the current process's descriptor table; the previous
//! descriptors are saved so the caller can restore them after the command.

use crate::process::{Desc, IoError, OpenFile, OpenFlags};
use crate::shell::ast::*;
use crate::shell::state::{Res, Shell};
use crate::shell::vars::Value;
use std::cell::Cell;
use std::rc::Rc;

/// Descriptors replaced by redirections, to put back afterwards.
pub type Saved = Vec<(u32, Option<Rc<OpenFile>>)>;

impl Shell {
    /// Applies redirections. `Ok(Err(()))` means one failed (message printed, status 1);
    /// everything applied before it was undone.
    pub(crate) async fn apply_redirects(&mut self, redirs: &[Redirect]) -> Res<Result<Saved, ()>> {
        let mut saved: Saved = Vec::new();
        for r in redirs {
            match self.apply_one(r, &mut saved).await? {
                Ok(()) => {}
                Err(msg) => {
                    self.error_msg(&msg);
                    self.restore_redirects(saved);
                    return Ok(Err(()));
                }
            }
        }
        Ok(Ok(saved))
    }

    pub(crate) fn restore_redirects(&mut self, saved: Saved) {
        for (fd, old) in saved.into_iter().rev() {
            self.sys.set_fd(self.pid, fd, old);
        }
    }

    fn install(&mut self, fd: u32, file: Option<Rc<OpenFile>>, saved: &mut Saved) {
        if !saved.iter().any(|(f, _)| *f == fd) {
            saved.push((fd, self.sys.fd(self.pid, fd)));
        }
        self.sys.set_fd(self.pid, fd, file);
    }

    async fn apply_one(&mut self, r: &Redirect, saved: &mut Saved) -> Res<Result<(), Vec<u8>>> {
        let default_fd = match r.op {
            RedirOp::In
            | RedirOp::ReadWrite
            | RedirOp::DupIn
            | RedirOp::HereDoc
            | RedirOp::HereString => 0,
            _ => 1,
        };
        let fd = match &r.fd {
            None => default_fd,
            Some(RedirFd::Num(n)) => *n,
            Some(RedirFd::Var(name)) => {
                if is_close(r) {
                    // `{name}>&-` closes the descriptor whose number `name` holds.
                    let Some(n) = self.redir_var_value(name).await? else {
                        return Ok(Err([&name[..], b": ambiguous redirect"].concat()));
                    };
                    self.install(n, None, saved);
                    self.coproc_fd_closed(n);
                    return Ok(Ok(()));
                }
                let n = self.sys.free_fd(self.pid, 10);
                match Shell::split_element_ref(name) {
                    Some((base, key)) => {
                        let key = self.eval_subscript_text(key).await?;
                        self.assign_element(base, &key, n.to_string().into_bytes(), false)?;
                    }
                    None => self.set_scalar(name, n.to_string().into_bytes())?,
                }
                // Descriptors allocated this way are not restored after the command.
                let file = self.open_target(r).await?;
                return Ok(match file {
                    Ok(Some(f)) => {
                        self.sys.set_fd(self.pid, n, Some(f));
                        Ok(())
                    }
                    Ok(None) => Ok(()),
                    Err(m) => Err(m),
                });
            }
        };
        match r.op {
            RedirOp::DupIn | RedirOp::DupOut => {
                let RedirTarget::Word(w) = &r.target else {
                    return Ok(Ok(()));
                };
                let t = self.expand_single(w).await?;
                if t == b"-" {
                    self.install(fd, None, saved);
                    self.coproc_fd_closed(fd);
                    return Ok(Ok(()));
                }
                let (num, close) = match t.strip_suffix(b"-") {
                    Some(n) => (n, true),
                    None => (&t[..], false),
                };
                if !num.is_empty() && num.iter().all(|b| b.is_ascii_digit()) {
                    let src: u32 = std::str::from_utf8(num)
                        .ok()
                        .and_then(|s| s.parse().ok())
                        .unwrap_or(u32::MAX);
                    match self.sys.fd(self.pid, src) {
                        Some(f) => {
                            self.install(fd, Some(f), saved);
                            if close && src != fd {
                                self.install(src, None, saved);
                                self.coproc_fd_closed(src);
                            }
                            Ok(Ok(()))
                        }
                        // bash names the descriptor as written (`"$fd"`, `${COPROC[0]}`).
                        None => {
                            let shown = if w.raw.is_empty() { &t } else { &w.raw };
                            Ok(Err([&shown[..], b": Bad file descriptor"].concat()))
                        }
                    }
                } else if r.op == RedirOp::DupOut && r.fd.is_none() {
                    // `>&file` is `&>file`.
                    match self.open_path(&t, OpenFlags::write_truncate()) {
                        Ok(f) => {
                            self.install(1, Some(f.clone()), saved);
                            self.install(2, Some(f), saved);
                            Ok(Ok(()))
                        }
                        Err(e) => Ok(Err(e)),
                    }
                } else {
                    Ok(Err([&t[..], b": ambiguous redirect"].concat()))
                }
            }
            RedirOp::OutErr | RedirOp::AppendErr => match self.open_target(r).await? {
                Ok(Some(f)) => {
                    self.install(1, Some(f.clone()), saved);
                    self.install(2, Some(f), saved);
                    Ok(Ok(()))
                }
                Ok(None) => Ok(Ok(())),
                Err(m) => Ok(Err(m)),
            },
            _ => match self.open_target(r).await? {
                Ok(Some(f)) => {
                    self.install(fd, Some(f), saved);
                    Ok(Ok(()))
                }
                Ok(None) => Ok(Ok(())),
                Err(m) => Ok(Err(m)),
            },
        }
    }

    /// The descriptor number held by the variable (or array element) of a `{name}`
    /// redirection; `None` when it is unset or not a number.
    async fn redir_var_value(&mut self, name: &[u8]) -> Res<Option<u32>> {
        let value = match Shell::split_element_ref(name) {
            Some((base, key)) => {
                let base = self.resolve_nameref(base);
                match self.vars.get(&base).and_then(|v| v.value.clone()) {
                    Some(Value::Indexed(m)) => {
                        let idx = self.arith(key)?;
                        m.get(&idx).cloned()
                    }
                    Some(Value::Assoc(m)) => {
                        let key = self.eval_subscript_text(key).await?;
                        m.get(&key).cloned()
                    }
                    Some(Value::Str(s)) => (self.arith(key)? == 0).then_some(s),
                    None => None,
                }
            }
            None => self.get_scalar(name),
        };
        Ok(value.and_then(|v| std::str::from_utf8(&v).ok()?.trim().parse::<u32>().ok()))
    }

    fn open_path(&mut self, target: &[u8], flags: OpenFlags) -> Result<Rc<OpenFile>, Vec<u8>> {
        if target.is_empty() {
            return Err(b": No such file or directory".to_vec());
        }
        let abs = crate::vfs::path::join(&self.cwd, target);
        match self.sys.open(self.pid, &abs, flags) {
            Ok(f) => {
                self.sys.sync_disk();
                Ok(f)
            }
            Err(e) => {
                let msg = match e {
                    IoError::Vfs(crate::vfs::VfsError::Exists) if flags.exclusive => {
                        "cannot overwrite existing file"
                    }
                    other => other.message(),
                };
                Err([target, b": ", msg.as_bytes()].concat())
            }
        }
    }

    async fn open_target(&mut self, r: &Redirect) -> Res<Result<Option<Rc<OpenFile>>, Vec<u8>>> {
        match &r.target {
            RedirTarget::HereDoc(doc) => {
                let body = match doc.body.get() {
                    Some(w) => {
                        if doc.quoted {
                            crate::shell::ast::Word::clone(w)
                                .parts
                                .into_iter()
                                .map(|p| {
                                    if let WordPart::Quoted(t) = p {
                                        t
                                    } else {
                                        Vec::new()
                                    }
                                })
                                .collect::<Vec<_>>()
                                .concat()
                        } else {
                            self.expand_single(w).await?
                        }
                    }
                    None => Vec::new(),
                };
                Ok(Ok(Some(OpenFile::new(Desc::Generated {
                    data: Rc::new(body),
                    offset: Cell::new(0),
                }))))
            }
            RedirTarget::Word(w) => {
                if r.op == RedirOp::HereString {
                    let mut t = self.expand_single(w).await?;
                    t.push(b'\n');
                    return Ok(Ok(Some(OpenFile::new(Desc::Generated {
                        data: Rc::new(t),
                        offset: Cell::new(0),
                    }))));
                }
                let fields = self.expand_words(std::slice::from_ref(w)).await?;
                if fields.len() != 1 {
                    let shown = crate::shell::parser::word_source_text(w);
                    return Ok(Err([&shown[..], b": ambiguous redirect"].concat()));
                }
                let t = &fields[0];
                let flags = match r.op {
                    RedirOp::In => OpenFlags::read(),
                    RedirOp::Out | RedirOp::OutErr => OpenFlags {
                        exclusive: self.opts.noclobber,
                        ..OpenFlags::write_truncate()
                    },
                    RedirOp::Clobber => OpenFlags::write_truncate(),
                    RedirOp::Append | RedirOp::AppendErr => OpenFlags::append(),
                    RedirOp::ReadWrite => OpenFlags {
                        read: true,
                        write: true,
                        create: true,
                        ..Default::default()
                    },
                    _ => OpenFlags::read(),
                };
                Ok(self.open_path(t, flags).map(Some))
            }
        }
    }
}

/// `>&-` or `<&-` written literally: a close (bash decides this when parsing).
fn is_close(r: &Redirect) -> bool {
    matches!(r.op, RedirOp::DupIn | RedirOp::DupOut)
        && matches!(&r.target, RedirTarget::Word(w) if w.as_literal() == Some(b"-"))
}
