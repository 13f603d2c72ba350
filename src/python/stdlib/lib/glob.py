"""Filename globbing utility (written for shellsim).

Results come in the order the simulated filesystem lists directories (sorted by
name); CPython gives each directory's own order.
"""
import os
import fnmatch

__all__ = ["escape", "glob", "iglob"]


def glob(pathname, *, root_dir=None, dir_fd=None, recursive=False,
         include_hidden=False):
    """Return a list of paths matching a pathname pattern.

    The pattern may contain simple shell-style wildcards a la fnmatch. Unlike
    fnmatch, filenames starting with a dot are special cases that are not
    matched by '*' and '?' patterns by default.

    If recursive is true, the pattern '**' will match any files and zero or
    more directories and subdirectories.
    """
    return list(iglob(pathname, root_dir=root_dir, dir_fd=dir_fd,
                      recursive=recursive, include_hidden=include_hidden))


def iglob(pathname, *, root_dir=None, dir_fd=None, recursive=False,
          include_hidden=False):
    """Return an iterator which yields the paths matching a pathname pattern."""
    if dir_fd is not None:
        raise NotImplementedError('glob: dir_fd is not supported by this simulator yet')
    if root_dir is not None:
        root_dir = os.fspath(root_dir)
    else:
        root_dir = pathname[:0]
    it = _iglob(pathname, root_dir, recursive, False, include_hidden)
    if not pathname or recursive and _isrecursive(pathname[:2]):
        # The walk's first item is the starting directory itself: not a match.
        for first in it:
            if first:
                yield first
            break
    yield from it


def _iglob(pathname, root_dir, recursive, dironly, include_hidden):
    dirname, basename = os.path.split(pathname)
    if not has_magic(pathname):
        if basename:
            if _lexists(_join(root_dir, pathname)):
                yield pathname
        else:
            if _isdir(_join(root_dir, dirname)):
                yield pathname
        return
    if not dirname:
        if recursive and _isrecursive(basename):
            yield from _glob2(root_dir, basename, dironly, include_hidden)
        else:
            yield from _glob1(root_dir, basename, dironly, include_hidden)
        return
    if dirname != pathname and has_magic(dirname):
        dirs = _iglob(dirname, root_dir, recursive, True, include_hidden)
    else:
        dirs = [dirname]
    if has_magic(basename):
        if recursive and _isrecursive(basename):
            glob_in_dir = _glob2
        else:
            glob_in_dir = _glob1
    else:
        glob_in_dir = _glob0
    for dirname in dirs:
        for name in glob_in_dir(_join(root_dir, dirname), basename, dironly,
                                include_hidden):
            yield os.path.join(dirname, name)


def _glob1(dirname, pattern, dironly, include_hidden):
    names = _listdir(dirname, dironly)
    if not (include_hidden or _ishidden(pattern)):
        names = [x for x in names if not _ishidden(x)]
    return fnmatch.filter(names, pattern)


def _glob0(dirname, basename, dironly, include_hidden):
    if basename:
        if _lexists(_join(dirname, basename)):
            return [basename]
    else:
        if _isdir(dirname):
            return [basename]
    return []


def _glob2(dirname, pattern, dironly, include_hidden):
    yield pattern[:0]
    yield from _rlistdir(dirname, dironly, include_hidden)


def _listdir(dirname, dironly):
    try:
        with os.scandir(dirname or os.curdir) as it:
            names = []
            for entry in it:
                try:
                    if not dironly or entry.is_dir():
                        names.append(entry.name)
                except OSError:
                    pass
            return names
    except OSError:
        return []


def _rlistdir(dirname, dironly, include_hidden):
    for x in _listdir(dirname, dironly):
        if include_hidden or not _ishidden(x):
            yield x
            path = _join(dirname, x) if dirname else x
            for y in _rlistdir(path, dironly, include_hidden):
                yield _join(x, y)


def _lexists(pathname):
    return os.path.lexists(pathname)


def _isdir(pathname):
    return os.path.isdir(pathname)


def _join(dirname, basename):
    if not dirname or not basename:
        return dirname or basename
    return os.path.join(dirname, basename)


def has_magic(s):
    if isinstance(s, bytes):
        return any(c in b'*?[' for c in s)
    return any(c in '*?[' for c in s)


def _ishidden(path):
    return path[0] in ('.', b'.'[0])


def _isrecursive(pattern):
    if isinstance(pattern, bytes):
        return pattern == b'**'
    return pattern == '**'


def escape(pathname):
    """Escape all special characters."""
    drive, pathname = os.path.splitdrive(pathname)
    if isinstance(pathname, bytes):
        out = b''.join(b'[' + bytes([c]) + b']' if c in b'*?[' else bytes([c])
                       for c in pathname)
    else:
        out = ''.join('[' + c + ']' if c in '*?[' else c for c in pathname)
    return drive + out


