"""Common operations on POSIX pathnames (os.path), written for shellsim.

The statements CPython 3.14's tracebacks show from <frozen posixpath> sit at the
same line numbers here (laid out from posixpath.py.in by scripts/place_lines.py).
"""
import os
import sys
import stat
import genericpath
from genericpath import *

curdir = '.'
pardir = '..'
extsep = '.'
sep = '/'
pathsep = ':'
defpath = '/bin:/usr/bin'
altsep = None
devnull = '/dev/null'
supports_unicode_filenames = False

__all__ = ["normcase", "isabs", "join", "splitdrive", "splitroot", "split", "splitext",
           "basename", "dirname", "commonprefix", "getsize", "getmtime",
           "getatime", "getctime", "islink", "exists", "lexists", "isdir", "isfile",
           "ismount", "expanduser", "expandvars", "normpath", "abspath",
           "samefile", "sameopenfile", "samestat",
           "curdir", "pardir", "sep", "pathsep", "defpath", "altsep", "extsep",
           "devnull", "realpath", "supports_unicode_filenames", "relpath",
           "commonpath", "isjunction", "isdevdrive"]












def _get_sep(path):
    if isinstance(path, bytes):
        return b'/'
    return '/'







def normcase(s):
    """Normalize case of pathname.  Has no effect under Posix"""
    return os.fspath(s)





def isabs(s):
    """Test whether a path is absolute"""
    s = os.fspath(s)
    return s.startswith(_get_sep(s))







def join(a, *p):
    """Join two or more pathname components, inserting '/' as needed.
    An absolute component discards the ones before it; an empty last part
    makes the path end with a separator."""
    a = os.fspath(a)
    sep = _get_sep(a)
    path = a
    try:
        if not p:
            path[:0] + sep
        for b in map(os.fspath, p):
            if b.startswith(sep) or not path:
                path = b
            elif path.endswith(sep):
                path += b
            else:
                path += sep + b
    except (TypeError, AttributeError, BytesWarning):
        genericpath._check_arg_types('join', a, *p)
        raise
    return path







def split(p):
    """Split a pathname.  Returns tuple "(head, tail)" where "tail" is
    everything after the final slash.  Either part may be empty."""
    p = os.fspath(p)
    sep = _get_sep(p)
    i = p.rfind(sep) + 1
    head, tail = p[:i], p[i:]
    if head and head != sep * len(head):
        head = head.rstrip(sep)
    return head, tail







def splitext(p):
    """Split the extension from a pathname: (root, ext), ext empty or starting
    with a dot; leading dots of the last component are not an extension."""
    p = os.fspath(p)
    if isinstance(p, bytes):
        return genericpath._splitext(p, b'/', None, b'.')
    return genericpath._splitext(p, '/', None, '.')







def splitdrive(p):
    """Split a pathname into drive and path. On Posix, drive is always
    empty."""
    p = os.fspath(p)
    return p[:0], p





def splitroot(p):
    """Split a pathname into drive, root and tail: the root is one slash, two
    slashes (kept as POSIX allows), or empty for a relative path."""
    p = os.fspath(p)
    sep = _get_sep(p)
    empty = p[:0]
    if p[:1] != sep:
        return empty, empty, p
    if p[1:2] != sep or p[2:3] == sep:
        return empty, sep, p[1:]
    return empty, p[:2], p[2:]














def basename(p):
    """Returns the final component of a pathname"""
    p = os.fspath(p)
    sep = _get_sep(p)
    i = p.rfind(sep) + 1
    return p[i:]




def dirname(p):
    """Returns the directory component of a pathname"""
    p = os.fspath(p)
    sep = _get_sep(p)
    i = p.rfind(sep) + 1
    head = p[:i]
    if head and head != sep * len(head):
        head = head.rstrip(sep)
    return head





def ismount(path):
    """Test whether a path is a mount point: in the simulator only the root
    directory is one."""
    try:
        s1 = os.lstat(path)
    except (OSError, ValueError):
        return False
    if stat.S_ISLNK(s1.st_mode):
        return False
    path = os.fspath(path)
    return realpath(path) in ('/', b'/')




























def expanduser(path):
    """Expand ~ and ~user constructions.  If user or $HOME is unknown,
    do nothing."""
    path = os.fspath(path)
    tilde = b'~' if isinstance(path, bytes) else '~'
    if not path.startswith(tilde):
        return path
    sep = _get_sep(path)
    i = path.find(sep, 1)
    if i < 0:
        i = len(path)
    if i == 1:
        if 'HOME' in os.environ:
            userhome = os.environ['HOME']
        else:
            userhome = '/root'
    else:
        name = path[1:i]
        if isinstance(name, bytes):
            name = str(name, 'ASCII')
        if name != 'root':
            return path
        userhome = '/root'
    if isinstance(path, bytes):
        userhome = os.fsencode(userhome)
    userhome = userhome.rstrip(sep)
    return (userhome + path[i:]) or sep



































def expandvars(path):
    """Expand shell variables of form $var and ${var}.  Unknown variables
    are left unchanged."""
    path = os.fspath(path)
    if isinstance(path, bytes):
        if b'$' not in path:
            return path
        return os.fsencode(expandvars(os.fsdecode(path)))
    if '$' not in path:
        return path
    out = []
    i = 0
    n = len(path)
    while i < n:
        c = path[i]
        if c != '$':
            out.append(c)
            i += 1
            continue
        if path[i + 1:i + 2] == '{':
            end = path.find('}', i + 2)
            if end < 0:
                out.append(path[i:])
                break
            name = path[i + 2:end]
            stop = end + 1
        else:
            j = i + 1
            while j < n and (path[j].isascii() and (path[j].isalnum() or path[j] == '_')):
                j += 1
            name = path[i + 1:j]
            stop = j
        if name and name in os.environ:
            out.append(os.environ[name])
        else:
            out.append(path[i:stop] if name else '$')
            if not name:
                stop = i + 1
        i = stop
    return ''.join(out)













def normpath(path):
    """Normalize path, eliminating double slashes, etc."""
    path = os.fspath(path)
    if isinstance(path, bytes):
        sep, empty, dot, dotdot = b'/', b'', b'.', b'..'
    else:
        sep, empty, dot, dotdot = '/', '', '.', '..'
    if path == empty:
        return dot
    _, initial, path = splitroot(path)
    comps = []
    for comp in path.split(sep):
        if comp == empty or comp == dot:
            continue
        if comp != dotdot or (not initial and not comps) or (comps and comps[-1] == dotdot):
            comps.append(comp)
        elif comps:
            comps.pop()
    path = initial + sep.join(comps)
    return path or dot









def abspath(path):
    """Return an absolute path."""
    path = os.fspath(path)
    if not isabs(path):
        if isinstance(path, bytes):
            cwd = os.getcwdb()
        else:
            cwd = os.getcwd()
        path = join(cwd, path)
    return normpath(path)





def realpath(filename, *, strict=False):
    """Return the canonical path of the specified filename, eliminating any
symbolic links encountered in the path."""
    filename = os.fspath(filename)
    isbytes = isinstance(filename, bytes)
    if isbytes:
        filename = os.fsdecode(filename)
    pending = abspath(filename).split('/')[::-1]
    resolved = '/'
    hops = 0
    while pending:
        comp = pending.pop()
        if comp in ('', '.'):
            continue
        if comp == '..':
            resolved = dirname(resolved)
            continue
        newpath = join(resolved, comp)
        try:
            st = os.lstat(newpath)
        except OSError:
            if strict:
                raise
            resolved = newpath
            continue
        if not stat.S_ISLNK(st.st_mode):
            if pending and not stat.S_ISDIR(st.st_mode) and strict:
                raise NotADirectoryError(20, os.strerror(20), newpath)
            resolved = newpath
            continue
        hops += 1
        if hops > 40:
            if strict:
                raise OSError(40, os.strerror(40), newpath)
            resolved = newpath
            continue
        target = os.readlink(newpath)
        if target.startswith('/'):
            resolved = '/'
        pending.extend(target.split('/')[::-1])
    if isbytes:
        return os.fsencode(resolved)
    return resolved


















































































def relpath(path, start=None):
    """Return a relative version of a path"""
    path = os.fspath(path)
    if not path:
        raise ValueError("no path specified")
    if isinstance(path, bytes):
        curdir, sep, pardir = b'.', b'/', b'..'
    else:
        curdir, sep, pardir = '.', '/', '..'
    if start is None:
        start = curdir
    else:
        start = os.fspath(start)
    try:
        start_list = [x for x in abspath(start).split(sep) if x]
        path_list = [x for x in abspath(path).split(sep) if x]
        i = 0
        for a, b in zip(start_list, path_list):
            if a != b:
                break
            i += 1
        rel_list = [pardir] * (len(start_list) - i) + path_list[i:]
        if not rel_list:
            return curdir
        return sep.join(rel_list)
    except (TypeError, AttributeError, BytesWarning, DeprecationWarning):








        genericpath._check_arg_types('relpath', path, start)
        raise







def commonpath(paths):
    """Given a sequence of path names, returns the longest common sub-path."""
    paths = tuple(map(os.fspath, paths))
    if not paths:
        raise ValueError('commonpath() arg is an empty sequence')
    if isinstance(paths[0], bytes):
        sep, curdir = b'/', b'.'
    else:
        sep, curdir = '/', '.'
    try:
        split_paths = [path.split(sep) for path in paths]
        try:
            isabs, = set(p[:1] == sep for p in paths)
        except ValueError:
            raise ValueError("Can't mix absolute and relative paths") from None
        split_paths = [[c for c in s if c and c != curdir] for s in split_paths]
        first = split_paths[0]
        n = len(first)
        for s in split_paths[1:]:
            k = 0
            while k < n and k < len(s) and s[k] == first[k]:
                k += 1
            n = k
        prefix = sep if isabs else sep[:0]
        return prefix + sep.join(first[:n])
    except (TypeError, AttributeError):









        genericpath._check_arg_types('commonpath', *paths)
        raise
