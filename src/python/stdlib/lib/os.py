"""OS routines: the posix functions, os.path, os.environ and the walks built on them.

Written for shellsim over the simulated filesystem and process. CPython freezes os, so
tracebacks show its frames as <frozen os> without source lines; the statements a
traceback names sit at the line numbers CPython 3.14's os.py has them (this file is laid
out from os.py.in by scripts/place_lines.py).
"""
import sys
import posix
from posix import *
from posix import (_copyfile, _disk_usage, _environ, stat_result, DirEntry,
                   F_OK, R_OK, W_OK, X_OK)
import posixpath as path

sys.modules['os.path'] = path

name = 'posix'
linesep = '\n'
sep = '/'
altsep = None
curdir = '.'
pardir = '..'
extsep = '.'
pathsep = ':'
defpath = '/bin:/usr/bin'
devnull = '/dev/null'

SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2

EX_OK = 0

supports_bytes_environ = True


class _PathLikeMeta(type):
    """Makes isinstance()/issubclass() with os.PathLike true for any class that defines
    __fspath__ (CPython gets this from abc's __subclasshook__), e.g. pathlib.Path."""

    def __instancecheck__(cls, obj):
        return cls.__subclasscheck__(type(obj))

    def __subclasscheck__(cls, sub):
        for base in getattr(sub, '__mro__', ()):
            if '__fspath__' in base.__dict__:
                return base.__dict__['__fspath__'] is not None
        return False


class PathLike(metaclass=_PathLikeMeta):
    """Abstract base class for implementing the file system path protocol."""

    __slots__ = ()

    def __fspath__(self):
        """Return the file system path representation of the object."""
        raise NotImplementedError


def fsencode(filename):
    """Encode filename (an os.PathLike, bytes, or str) to the filesystem encoding."""
    filename = fspath(filename)
    if isinstance(filename, str):
        return filename.encode('utf-8', 'surrogateescape')
    return filename


def fsdecode(filename):
    """Decode filename (an os.PathLike, bytes, or str) from the filesystem encoding."""
    filename = fspath(filename)
    if isinstance(filename, bytes):
        return filename.decode('utf-8', 'surrogateescape')
    return filename


class terminal_size(tuple):
    """A tuple of (columns, lines) for holding terminal window size."""

    def __new__(cls, seq):
        seq = tuple(seq)
        if len(seq) != 2:
            raise TypeError(f'os.terminal_size() takes a 2-sequence ({len(seq)}-sequence given)')
        return tuple.__new__(cls, seq)

    @property
    def columns(self):
        return self[0]

    @property
    def lines(self):
        return self[1]

    def __repr__(self):
        return f'os.terminal_size(columns={self[0]!r}, lines={self[1]!r})'


terminal_size.__module__ = 'os'
















































































































def makedirs(name, mode=0o777, exist_ok=False):
    """makedirs(name [, mode=0o777][, exist_ok=False])

    Super-mkdir; create a leaf directory and all intermediate ones. Works like
    mkdir, except that any intermediate path segment (not just the rightmost)
    will be created if it does not exist. If the target directory already
    exists, raise an OSError if exist_ok is False. Otherwise no exception is
    raised.  This is recursive.
    """
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    if head and tail and not path.exists(head):
        try:

            makedirs(head, exist_ok=exist_ok)
        except FileExistsError:
            # Another creator got there first.
            pass
        cdir = curdir
        if isinstance(tail, bytes):
            cdir = bytes(curdir, 'ASCII')
        if tail == cdir:
            return
    try:
        mkdir(name, mode)
    except OSError:
        # An existing directory is fine when exist_ok (and only a directory).
        if not exist_ok or not path.isdir(name):
            raise


def removedirs(name):
    """removedirs(name)

    Super-rmdir; remove a leaf directory and all empty intermediate ones.
    Works like rmdir except that, if the leaf directory is successfully
    removed, directories corresponding to rightmost path segments will be
    pruned away until either the whole path is consumed or an error occurs.
    Errors during this latter phase are ignored.
    """


    rmdir(name)
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    while head and tail:
        try:
            rmdir(head)
        except OSError:
            break
        head, tail = path.split(head)


def renames(old, new):
    """renames(old, new)

    Super-rename; create directories as necessary and delete any left empty.
    """
    head, tail = path.split(new)
    if head and tail and not path.exists(head):
        makedirs(head)
    rename(old, new)
    head, tail = path.split(old)
    if head and tail:
        try:
            removedirs(head)
        except OSError:
            pass
















def walk(top, topdown=True, onerror=None, followlinks=False):
    """Directory tree generator: yields (dirpath, dirnames, filenames) for each
    directory in the tree rooted at top (including top itself).

    With topdown true, a directory is yielded before its subdirectories, and the
    caller may prune or reorder dirnames in place to steer the walk. Errors from
    scandir() are ignored unless onerror is given, which is called with the
    OSError. Symbolic links to directories are listed in dirnames but not walked
    into unless followlinks is true.

    Entries come in the order the simulated filesystem lists them: sorted by name
    (CPython gives the directory's own order, which on a real filesystem is
    arbitrary).
    """
    stack = [fspath(top)]
    while stack:
        top = stack.pop()
        if isinstance(top, tuple):
            yield top
            continue
        dirs = []
        nondirs = []
        walk_dirs = []
        try:
            with scandir(top) as it:
                entries = list(it)
        except OSError as error:
            if onerror is not None:
                onerror(error)
            continue
        for entry in entries:
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            if is_dir:
                dirs.append(entry.name)
            else:
                nondirs.append(entry.name)
            if not topdown and is_dir:
                if followlinks:
                    walk_into = True
                else:
                    try:
                        walk_into = not entry.is_symlink()
                    except OSError:
                        walk_into = False
                if walk_into:
                    walk_dirs.append(entry.path)
        if topdown:
            yield top, dirs, nondirs
            for dirname in reversed(dirs):
                new_path = path.join(top, dirname)
                if followlinks or not path.islink(new_path):
                    stack.append(new_path)
        else:
            stack.append((top, dirs, nondirs))
            for new_path in reversed(walk_dirs):
                stack.append(new_path)


def get_exec_path(env=None):
    """Returns the sequence of directories that will be searched for the
    named executable (similar to a shell) when launching a process."""
    if env is None:
        env = environ
    path_list = env.get('PATH')
    if path_list is None:
        path_list = defpath
    return path_list.split(pathsep)


class _Environ:
    """os.environ: the process's environment as a mapping of str to str. Setting or
    deleting a key also changes the process's environment (putenv/unsetenv)."""

    def __init__(self, data):
        self._data = data

    def _check(self, value, what):
        if not isinstance(value, str):
            raise TypeError(f'str expected, not {type(value).__name__}')
        return value




































































































































































































































































































































    def __getitem__(self, key):
        try:
            return self._data[self._check(key, 'key')]
        except KeyError:
            # KeyError with the original key
            raise KeyError(key) from None


    def __setitem__(self, key, value):
        key = self._check(key, 'key')
        value = self._check(value, 'value')
        putenv(key, value)
        self._data[key] = value

    def __delitem__(self, key):
        key = self._check(key, 'key')
        unsetenv(key)
        try:
            del self._data[key]
        except KeyError:
            # KeyError with the original key
            raise KeyError(key) from None

    def __iter__(self):
        return iter(list(self._data))

    def __len__(self):
        return len(self._data)

    def __contains__(self, key):
        return isinstance(key, str) and key in self._data

    def __repr__(self):
        items = ', '.join(f'{k!r}: {v!r}' for k, v in self._data.items())
        return f'environ({{{items}}})'

    def __eq__(self, other):
        if isinstance(other, _Environ):
            other = other._data
        return self._data == other

    def get(self, key, default=None):
        if isinstance(key, str) and key in self._data:
            return self._data[key]
        return default

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def copy(self):
        return dict(self._data)

    def setdefault(self, key, value):
        if key not in self:
            self[key] = value
        return self[key]

    _missing = object()

    def pop(self, key, default=_missing):
        if key in self:
            value = self._data[key]
            del self[key]
            return value
        if default is _Environ._missing:
            raise KeyError(key)
        return default

    def popitem(self):
        if not self._data:
            raise KeyError('popitem(): dictionary is empty')
        key = next(reversed(list(self._data)))
        return key, self.pop(key)

    def clear(self):
        for key in list(self._data):
            del self[key]

    def update(self, other=(), /, **kwds):
        if hasattr(other, 'keys'):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def __ior__(self, other):
        self.update(other)
        return self

    def __or__(self, other):
        new = dict(self._data)
        new.update(other)
        return new


environ = _Environ(dict(_environ()))


def getenv(key, default=None):
    """Get an environment variable, return None if it doesn't exist.
    The optional second argument can specify an alternate default.
    key, default and the result are str."""
    return environ.get(key, default)


def system(command):
    """Execute the command in a subshell (the simulated /bin/sh); return its wait status.

    The child writes to this process's descriptors directly: what print() has buffered
    comes out later, as with CPython when stdout is not a terminal."""
    import _subprocess
    command = fspath(command)
    _pid, status, _out, _err, _t = _subprocess.run(
        ['/bin/sh', '-c', command], None, None, None, None, None, None)
    return (status & 0xff) << 8


def popen(cmd, mode="r", buffering=-1):
    """A file object over a shell command's output (mode 'r') or input (mode 'w').

    The command runs to its end when the file is opened for reading, or when it is
    closed after writing."""
    if not isinstance(cmd, str):
        raise TypeError("invalid cmd type (%s, expected string)" % type(cmd))
    if mode not in ("r", "w"):
        raise ValueError("invalid mode %r" % mode)
    if buffering == 0 or buffering is None:
        raise ValueError("popen() does not support unbuffered streams")
    import subprocess
    if mode == "r":
        proc = subprocess.Popen(cmd, shell=True, text=True, stdout=subprocess.PIPE,
                                bufsize=buffering)
        return _wrap_close(proc.stdout, proc)
    proc = subprocess.Popen(cmd, shell=True, text=True, stdin=subprocess.PIPE,
                            bufsize=buffering)
    return _wrap_close(proc.stdin, proc)


class _wrap_close:
    """popen()'s file: close() gives None for a zero exit status, else the wait status."""

    def __init__(self, stream, proc):
        self._stream = stream
        self._proc = proc

    def close(self):
        self._stream.close()
        returncode = self._proc.wait()
        if returncode == 0:
            return None
        return (returncode & 0xff) << 8

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.close()

    def __getattr__(self, name):
        return getattr(self._stream, name)

    def __iter__(self):
        return iter(self._stream)
