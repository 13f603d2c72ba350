//! The generated, read-only parts of the namespace: a finite `/dev` and `/proc`.
//! They cost no disk and are produced on open from the kernel's own state.

use super::fd::{Desc, OpenFile};
use super::io::{IoError, OpenFlags};
use super::{Kernel, Pid, ProcState};
use crate::vfs::{path, VfsError};
use std::cell::Cell;
use std::rc::Rc;

impl Kernel {
    pub(super) fn open_special(
        &self,
        pid: Pid,
        p: &[u8],
        flags: OpenFlags,
    ) -> Result<Option<Rc<OpenFile>>, IoError> {
        let norm = path::normalize(p);
        if let Some(rest) = norm.strip_prefix(b"/dev/") {
            let fd_alias = |n: u32| -> Result<Option<Rc<OpenFile>>, IoError> {
                self.fd(pid, n)
                    .map(Some)
                    .ok_or(IoError::Vfs(VfsError::NotFound))
            };
            return match rest {
                b"null" => Ok(Some(OpenFile::new(Desc::Null))),
                b"zero" => Ok(Some(OpenFile::new(Desc::Zero))),
                b"full" => {
                    if flags.write {
                        Err(IoError::Vfs(VfsError::NoSpace))
                    } else {
                        Ok(Some(OpenFile::new(Desc::Zero)))
                    }
                }
                b"random" | b"urandom" => Ok(Some(OpenFile::new(Desc::Random))),
                b"stdin" => fd_alias(0),
                b"stdout" => fd_alias(1),
                b"stderr" => fd_alias(2),
                b"tty" => Err(IoError::NoDevice),
                _ => match rest.strip_prefix(b"fd/") {
                    Some(n) => match std::str::from_utf8(n)
                        .ok()
                        .and_then(|s| s.parse::<u32>().ok())
                    {
                        Some(n) => fd_alias(n),
                        None => Err(IoError::Vfs(VfsError::NotFound)),
                    },
                    None => Err(IoError::Vfs(VfsError::NotFound)),
                },
            };
        }
        if norm == b"/dev" {
            return Ok(None);
        }
        if let Some(rest) = norm.strip_prefix(b"/proc/") {
            // `/proc/self/fd/N` and `/proc/PID/fd/N` open what that descriptor refers to, as
            // `/dev/fd/N` does (the kernel reopens the same file or pipe).
            let mut parts = rest.splitn(3, |&b| b == b'/');
            if let (Some(who), Some(b"fd"), Some(n)) = (parts.next(), parts.next(), parts.next()) {
                let owner = if who == b"self" {
                    Some(pid)
                } else {
                    std::str::from_utf8(who).ok().and_then(|s| s.parse().ok())
                };
                let n = std::str::from_utf8(n)
                    .ok()
                    .and_then(|s| s.parse::<u32>().ok());
                if let (Some(owner), Some(n)) = (owner, n) {
                    return self
                        .fd(owner, n)
                        .map(Some)
                        .ok_or(IoError::Vfs(VfsError::NotFound));
                }
            }
            if flags.write {
                return Err(IoError::Vfs(VfsError::ReadOnly));
            }
            return match self.proc_file(pid, rest) {
                Some(data) => Ok(Some(OpenFile::new(Desc::Generated {
                    data: Rc::new(data),
                    offset: Cell::new(0),
                }))),
                None => Err(IoError::Vfs(VfsError::NotFound)),
            };
        }
        Ok(None)
    }

    /// Content of a generated `/proc` file (`rest` is the path below `/proc/`).
    pub fn proc_file(&self, pid: Pid, rest: &[u8]) -> Option<Vec<u8>> {
        let text = std::str::from_utf8(rest).ok()?;
        let mut parts = text.splitn(2, '/');
        let first = parts.next()?;
        let sub = parts.next();
        let uptime = self.clock.borrow().monotonic_ns();
        match (first, sub) {
            ("uptime", None) => {
                let secs = uptime as f64 / 1e9;
                Some(format!("{secs:.2} {secs:.2}\n").into_bytes())
            }
            ("version", None) => Some(b"Linux version 6.6.0-shellsim (shellsim) #1 SMP\n".to_vec()),
            ("meminfo", None) => {
                let total = self.meter.limits().memory / 1024;
                let used = self.meter.usage().memory_current / 1024;
                Some(
                    format!(
                        "MemTotal:       {total:>8} kB\nMemFree:        {:>8} kB\nMemAvailable:   {:>8} kB\n",
                        total.saturating_sub(used),
                        total.saturating_sub(used)
                    )
                    .into_bytes(),
                )
            }
            ("cpuinfo", None) => Some(
                b"processor\t: 0\nvendor_id\t: shellsim\nmodel name\t: shellsim virtual CPU\ncpu cores\t: 1\n\n".to_vec(),
            ),
            ("mounts", None) => Some(
                b"shellsim / shellsimfs rw 0 0\nproc /proc proc ro 0 0\ndevfs /dev devfs rw 0 0\n".to_vec(),
            ),
            (p, sub) => {
                let target = if p == "self" { pid } else { p.parse::<Pid>().ok()? };
                let proc_ = self.proc_snapshot(target)?;
                match sub {
                    Some("status") => {
                        let state = match proc_.state {
                            ProcState::Running => "R (running)",
                            ProcState::Exited(_) => "Z (zombie)",
                        };
                        let name = proc_.argv.first().map(|a| path::file_name(a).to_vec()).unwrap_or_default();
                        let mut out = b"Name:\t".to_vec();
                        out.extend_from_slice(&name);
                        out.extend_from_slice(
                            format!("\nState:\t{state}\nPid:\t{}\nPPid:\t{}\nUid:\t0\t0\t0\t0\nGid:\t0\t0\t0\t0\n", proc_.pid, proc_.ppid)
                                .as_bytes(),
                        );
                        Some(out)
                    }
                    Some("cmdline") => {
                        let mut out = Vec::new();
                        for a in &proc_.argv {
                            out.extend_from_slice(a);
                            out.push(0);
                        }
                        Some(out)
                    }
                    Some("environ") => {
                        let mut out = Vec::new();
                        for (k, v) in &proc_.environ {
                            out.extend_from_slice(k);
                            out.push(b'=');
                            out.extend_from_slice(v);
                            out.push(0);
                        }
                        Some(out)
                    }
                    _ => None,
                }
            }
        }
    }
}
