//! Pathname expansion against the VFS.

use crate::limits::cost;
use crate::shell::pattern::{self, MatchOptions, Pattern};
use crate::shell::state::{Res, Shell};
use crate::vfs::{path, FileType};

/// Most directory entries one pattern may examine.
const MAX_ENTRIES: u64 = 1_000_000;

/// Expands `pat` (quoted bytes backslash-escaped) to the sorted matching paths.
pub(crate) fn expand(sh: &Shell, pat: &[u8]) -> Res<Vec<Vec<u8>>> {
    let opts = MatchOptions {
        extglob: sh.opts.extglob,
        nocase: sh.opts.nocaseglob,
        utf8: sh.utf8_locale(),
        pathname: true,
        // A non-empty GLOBIGNORE turns on dotglob, as in bash.
        dotglob: sh.opts.dotglob || sh.get_scalar(b"GLOBIGNORE").is_some_and(|g| !g.is_empty()),
    };
    let absolute = pat.first() == Some(&b'/');
    let comps: Vec<&[u8]> = pat
        .split(|&b| b == b'/')
        .filter(|c| !c.is_empty())
        .collect();
    let trailing_slash = pat.len() > 1 && pat.ends_with(b"/");
    // Each candidate: (display path, absolute VFS path).
    let mut cands: Vec<(Vec<u8>, Vec<u8>)> = vec![(
        if absolute { b"/".to_vec() } else { Vec::new() },
        if absolute {
            b"/".to_vec()
        } else {
            sh.cwd.clone()
        },
    )];
    let mut examined = 0u64;
    for (ci, comp) in comps.iter().enumerate() {
        let last = ci + 1 == comps.len();
        let p = Pattern::compile(comp, opts);
        let mut next = Vec::new();
        if sh.opts.globstar && *comp == b"**" {
            for (disp, abs) in &cands {
                // `**` matches zero or more directories.
                next.push((disp.clone(), abs.clone()));
                walk_dirs(sh, disp, abs, opts.dotglob, &mut next, &mut examined, last)?;
            }
            cands = next;
            continue;
        }
        if !p.has_magic() {
            let lit = pattern::unescape(comp);
            for (disp, abs) in &cands {
                let abs2 = path::join(abs, &lit);
                if sh.sys.ns_stat(sh.pid, &abs2, false).is_ok() {
                    next.push((join_disp(disp, &lit), abs2));
                }
            }
            cands = next;
            continue;
        }
        for (disp, abs) in &cands {
            let entries = match sh.sys.ns_read_dir(sh.pid, abs) {
                Ok(e) => e,
                Err(_) => continue,
            };
            for (name, _ft) in entries {
                examined += 1;
                sh.sys.charge(cost::GLOB_PER_ENTRY)?;
                if examined > MAX_ENTRIES {
                    return Ok(Vec::new());
                }
                if p.matches(&name) {
                    let abs2 = path::join(abs, &name);
                    if !last {
                        let is_dir = sh
                            .sys
                            .ns_stat(sh.pid, &abs2, true)
                            .map(|s| s.file_type == FileType::Dir)
                            .unwrap_or(false);
                        if !is_dir {
                            continue;
                        }
                    }
                    next.push((join_disp(disp, &name), abs2));
                }
            }
        }
        cands = next;
    }
    let mut out: Vec<Vec<u8>> = cands
        .into_iter()
        .filter(|(d, abs)| {
            !d.is_empty()
                && (!trailing_slash
                    || sh
                        .sys
                        .ns_stat(sh.pid, abs, true)
                        .map(|s| s.file_type == FileType::Dir)
                        .unwrap_or(false))
        })
        .map(|(mut d, _)| {
            if trailing_slash {
                d.push(b'/');
            }
            d
        })
        .collect();
    out.sort();
    out.dedup();
    Ok(out)
}

fn join_disp(disp: &[u8], name: &[u8]) -> Vec<u8> {
    if disp.is_empty() {
        return name.to_vec();
    }
    let mut d = disp.to_vec();
    if !d.ends_with(b"/") {
        d.push(b'/');
    }
    d.extend_from_slice(name);
    d
}

fn walk_dirs(
    sh: &Shell,
    disp: &[u8],
    abs: &[u8],
    dotglob: bool,
    out: &mut Vec<(Vec<u8>, Vec<u8>)>,
    examined: &mut u64,
    include_files: bool,
) -> Res<()> {
    let entries = match sh.sys.ns_read_dir(sh.pid, abs) {
        Ok(e) => e,
        Err(_) => return Ok(()),
    };
    for (name, ft) in entries {
        *examined += 1;
        sh.sys.charge(cost::GLOB_PER_ENTRY)?;
        if *examined > MAX_ENTRIES || (name.first() == Some(&b'.') && !dotglob) {
            continue;
        }
        let d = join_disp(disp, &name);
        let a = path::join(abs, &name);
        if ft == FileType::Dir {
            out.push((d.clone(), a.clone()));
            walk_dirs(sh, &d, &a, dotglob, out, examined, include_files)?;
        } else if include_files {
            out.push((d, a));
        }
    }
    Ok(())
}
