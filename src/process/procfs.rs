//! The namespace as commands see it for metadata: the VFS, with the generated `/proc` laid over
//! it. Opening a `/proc` file is `pseudo.rs`; this module answers `stat`, `lstat`, `readdir`
//! and `readlink` for the same tree, so `ls /proc/self/fd`, `readlink /proc/self/cwd`,
//! `test -e /proc/self/status` and `echo /proc/*` see what they would on Linux:
//!
//! ```text
//! /proc/{cpuinfo,meminfo,mounts,uptime,version}   files
//! /proc/self -> PID                               symlink to the asking process
//! /proc/PID/{cmdline,environ,status}              files
//! /proc/PID/cwd -> the process's working directory
//! /proc/PID/fd/N -> what descriptor N is open on (a path, pipe:[id], /dev/null, ...)
//! ```
//!
//! Like Linux, the generated files report size 0. Nothing here is stored in the VFS (which
//! knows nothing about processes); every answer is made from the kernel's state when asked.

use super::fd::Desc;
use super::{Kernel, Pid};
use crate::vfs::{path, FileType, Name, Stat, VfsError};

const MACHINE_FILES: &[&str] = &["cpuinfo", "meminfo", "mounts", "uptime", "version"];
const PROCESS_FILES: &[&str] = &["cmdline", "environ", "status"];

/// Where a path through `/proc` lands.
enum Landing {
    /// Outside `/proc` (a `cwd` link or a file descriptor followed into the VFS).
    Vfs(Vec<u8>),
    /// A generated node, with its canonical path.
    Proc(Vec<u8>, Node),
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Node {
    Dir,
    File,
    Symlink(Vec<u8>),
}

fn is_proc_path(abs: &[u8]) -> bool {
    abs == b"/proc" || abs.starts_with(b"/proc/")
}

fn parse_pid(s: &[u8]) -> Option<Pid> {
    if s.is_empty() || s.len() > 9 || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(s).ok()?.parse().ok()
}

fn join_rest(base: &[u8], rest: &[&[u8]]) -> Vec<u8> {
    let mut p = base.to_vec();
    for c in rest {
        if !p.ends_with(b"/") {
            p.push(b'/');
        }
        p.extend_from_slice(c);
    }
    p
}

impl Kernel {
    /// `stat` (`follow`) or `lstat` of an absolute path, `/proc` included.
    pub fn ns_stat(&self, pid: Pid, abs: &[u8], follow: bool) -> Result<Stat, VfsError> {
        match self.proc_landing(pid, abs, follow)? {
            None => {
                let vfs = self.vfs.borrow();
                if follow {
                    vfs.stat(abs)
                } else {
                    vfs.lstat(abs)
                }
            }
            Some(Landing::Vfs(p)) => {
                let vfs = self.vfs.borrow();
                if follow {
                    vfs.stat(&p)
                } else {
                    vfs.lstat(&p)
                }
            }
            Some(Landing::Proc(p, node)) => Ok(self.proc_stat(&p, &node)),
        }
    }

    /// The entries of a directory, `/proc` included (names only; no `.` or `..`).
    pub fn ns_read_dir(&self, pid: Pid, abs: &[u8]) -> Result<Vec<(Name, FileType)>, VfsError> {
        let (canon, node) = match self.proc_landing(pid, abs, true)? {
            None => return self.vfs.borrow().read_dir(abs),
            Some(Landing::Vfs(p)) => return self.vfs.borrow().read_dir(&p),
            Some(Landing::Proc(p, node)) => (p, node),
        };
        if node != Node::Dir {
            return Err(VfsError::NotDir);
        }
        let parts: Vec<&[u8]> = path::components(&canon).collect();
        let mut out: Vec<(Name, FileType)> = Vec::new();
        match parts.as_slice() {
            [_proc] => {
                for f in MACHINE_FILES {
                    out.push((f.as_bytes().to_vec(), FileType::File));
                }
                out.push((b"self".to_vec(), FileType::Symlink));
                for p in self.pids() {
                    out.push((p.to_string().into_bytes(), FileType::Dir));
                }
            }
            [_proc, _pid] => {
                for f in PROCESS_FILES {
                    out.push((f.as_bytes().to_vec(), FileType::File));
                }
                out.push((b"cwd".to_vec(), FileType::Symlink));
                out.push((b"fd".to_vec(), FileType::Dir));
            }
            [_proc, p, _fd] => {
                let target = parse_pid(p).ok_or(VfsError::NotFound)?;
                let fds = self
                    .proc_snapshot(target)
                    .map(|p| p.fds.keys().copied().collect::<Vec<_>>())
                    .unwrap_or_default();
                for n in fds {
                    out.push((n.to_string().into_bytes(), FileType::Symlink));
                }
            }
            _ => return Err(VfsError::NotDir),
        }
        out.sort();
        Ok(out)
    }

    /// The target of a symbolic link, `/proc` included.
    pub fn ns_read_link(&self, pid: Pid, abs: &[u8]) -> Result<Vec<u8>, VfsError> {
        match self.proc_landing(pid, abs, false)? {
            None => self.vfs.borrow().read_link(abs),
            Some(Landing::Vfs(p)) => self.vfs.borrow().read_link(&p),
            Some(Landing::Proc(_, Node::Symlink(t))) => Ok(t),
            Some(Landing::Proc(..)) => Err(VfsError::InvalidArgument),
        }
    }

    /// `None` when `abs` is not under `/proc` (the caller asks the VFS as it is).
    fn proc_landing(
        &self,
        pid: Pid,
        abs: &[u8],
        follow_last: bool,
    ) -> Result<Option<Landing>, VfsError> {
        if memchr::memmem::find(abs, b"proc").is_none() {
            return Ok(None);
        }
        let norm = path::normalize(abs);
        if !is_proc_path(&norm) {
            return Ok(None);
        }
        let parts: Vec<&[u8]> = path::components(&norm).skip(1).collect();
        let pid_s;
        let (target, rest): (Pid, &[&[u8]]) = match parts.split_first() {
            None => return Ok(Some(Landing::Proc(b"/proc".to_vec(), Node::Dir))),
            Some((first, rest)) if *first == b"self" => {
                pid_s = pid.to_string().into_bytes();
                if rest.is_empty() && !follow_last {
                    return Ok(Some(Landing::Proc(
                        b"/proc/self".to_vec(),
                        Node::Symlink(pid_s),
                    )));
                }
                (pid, rest)
            }
            Some((first, rest)) => match parse_pid(first) {
                Some(p) => (p, rest),
                None if rest.is_empty() && MACHINE_FILES.iter().any(|f| f.as_bytes() == *first) => {
                    return Ok(Some(Landing::Proc(norm.clone(), Node::File)));
                }
                None if MACHINE_FILES.iter().any(|f| f.as_bytes() == *first) => {
                    return Err(VfsError::NotDir)
                }
                None => return Err(VfsError::NotFound),
            },
        };
        let proc_ = self.proc_snapshot(target).ok_or(VfsError::NotFound)?;
        let base = format!("/proc/{target}").into_bytes();
        let here = |tail: &[&[u8]]| join_rest(&base, tail);
        match rest {
            [] => Ok(Some(Landing::Proc(base.clone(), Node::Dir))),
            [f] if PROCESS_FILES.iter().any(|n| n.as_bytes() == *f) => {
                Ok(Some(Landing::Proc(here(rest), Node::File)))
            }
            [f, ..] if PROCESS_FILES.iter().any(|n| n.as_bytes() == *f) => Err(VfsError::NotDir),
            [c] if *c == b"cwd" && !follow_last => Ok(Some(Landing::Proc(
                here(rest),
                Node::Symlink(proc_.cwd.clone()),
            ))),
            [c, tail @ ..] if *c == b"cwd" => Ok(Some(Landing::Vfs(join_rest(&proc_.cwd, tail)))),
            [d] if *d == b"fd" => Ok(Some(Landing::Proc(here(rest), Node::Dir))),
            [d, n, tail @ ..] if *d == b"fd" => {
                let num: u32 = parse_pid(n).ok_or(VfsError::NotFound)?;
                let file = proc_.fds.get(&num).ok_or(VfsError::NotFound)?;
                let described = file.describe();
                if tail.is_empty() && !follow_last {
                    return Ok(Some(Landing::Proc(here(&[d, n]), Node::Symlink(described))));
                }
                match &file.desc {
                    Desc::File { path, .. } | Desc::Dir { path } => {
                        Ok(Some(Landing::Vfs(join_rest(path, tail))))
                    }
                    Desc::Null | Desc::Zero | Desc::Random if tail.is_empty() => {
                        Ok(Some(Landing::Vfs(described)))
                    }
                    // A pipe or a stream: an anonymous node with nothing below it.
                    _ if tail.is_empty() => Ok(Some(Landing::Proc(here(&[d, n]), Node::File))),
                    _ => Err(VfsError::NotDir),
                }
            }
            _ => Err(VfsError::NotFound),
        }
    }

    fn proc_stat(&self, canon: &[u8], node: &Node) -> Stat {
        // Times and owner as the base image's /proc; a stable inode from the path.
        let base = self.vfs.borrow().stat(b"/proc").ok();
        let time = base.as_ref().map_or(0, |s| s.mtime_ns);
        let ino = canon.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
        }) % 1_000_000_000
            + 4_026_531_840;
        let (file_type, mode, size, nlink) = match node {
            Node::Dir => (FileType::Dir, 0o555, 0, 2),
            Node::File => (FileType::File, 0o444, 0, 1),
            Node::Symlink(t) => (FileType::Symlink, 0o777, t.len() as u64, 1),
        };
        Stat {
            file_type,
            mode,
            uid: 0,
            gid: 0,
            size,
            mtime_ns: time,
            ctime_ns: time,
            atime_ns: time,
            ino,
            nlink,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::limits::Limits;
    use crate::process::{Kernel, MachineInfo};

    fn kernel() -> (std::rc::Rc<Kernel>, u32) {
        let k = Kernel::new(Limits::default(), MachineInfo::default());
        let pid = k
            .create_process(None, vec![b"bash".to_vec()], b"/work".to_vec())
            .unwrap();
        (k, pid)
    }

    #[test]
    fn proc_lists_machine_files_self_and_pids() {
        let (k, pid) = kernel();
        let names: Vec<Vec<u8>> = k
            .ns_read_dir(pid, b"/proc")
            .unwrap()
            .into_iter()
            .map(|e| e.0)
            .collect();
        assert!(names.contains(&b"self".to_vec()));
        assert!(names.contains(&b"meminfo".to_vec()));
        assert!(names.contains(&pid.to_string().into_bytes()));
        let own: Vec<Vec<u8>> = k
            .ns_read_dir(pid, b"/proc/self")
            .unwrap()
            .into_iter()
            .map(|e| e.0)
            .collect();
        assert_eq!(own, [&b"cmdline"[..], b"cwd", b"environ", b"fd", b"status"]);
    }

    #[test]
    fn links_resolve_like_linux() {
        let (k, pid) = kernel();
        assert_eq!(
            k.ns_read_link(pid, b"/proc/self").unwrap(),
            pid.to_string().into_bytes()
        );
        assert_eq!(k.ns_read_link(pid, b"/proc/self/cwd").unwrap(), b"/work");
        assert!(
            k.ns_stat(pid, b"/proc/self/cwd", true).unwrap().file_type == crate::vfs::FileType::Dir
        );
        assert!(k.ns_stat(pid, b"/proc/self/status", true).is_ok());
        assert_eq!(
            k.ns_stat(pid, b"/proc/self/nope", true),
            Err(crate::vfs::VfsError::NotFound)
        );
        assert_eq!(
            k.ns_stat(pid, b"/proc/99999/status", true),
            Err(crate::vfs::VfsError::NotFound)
        );
        assert_eq!(
            k.ns_stat(pid, b"/proc/self/status/x", true),
            Err(crate::vfs::VfsError::NotDir)
        );
    }

    #[test]
    fn paths_outside_proc_are_the_vfs() {
        let (k, pid) = kernel();
        assert_eq!(
            k.ns_stat(pid, b"/work", true).unwrap().file_type,
            crate::vfs::FileType::Dir
        );
        assert_eq!(
            k.ns_stat(pid, b"/work/process", true),
            Err(crate::vfs::VfsError::NotFound)
        );
    }
}
