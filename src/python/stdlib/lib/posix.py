"""posix: the operating-system interface os builds on (written for shellsim).

The functions are the native _posix module's; this module adds the result types
CPython defines in C: os.stat_result, os.DirEntry and the scandir iterator.
"""
import _posix
from _posix import *
from _posix import _copyfile, _disk_usage, _environ

F_OK = 0
X_OK = 1
W_OK = 2
R_OK = 4


class stat_result(tuple):
    """The result of stat(), lstat() and DirEntry.stat()."""

    n_sequence_fields = 10
    n_fields = 19
    n_unnamed_fields = 3
    _names = ('st_mode', 'st_ino', 'st_dev', 'st_nlink', 'st_uid', 'st_gid',
              'st_size', 'st_atime', 'st_mtime', 'st_ctime')

    def __new__(cls, seq, dict=None):
        seq = tuple(seq)
        if len(seq) < 10:
            raise TypeError('os.stat_result() takes an at least 10-sequence '
                            f'({len(seq)}-sequence given)')
        if len(seq) > 19:
            raise TypeError('os.stat_result() takes an at most 19-sequence '
                            f'({len(seq)}-sequence given)')
        self = tuple.__new__(cls, seq[:10])
        return self

    # Nanosecond times (atime, mtime, ctime) of a result from the filesystem; None for one
    # built from a sequence, whose float times are its int fields.
    _ns = None

    def __getattr__(self, name):
        ns = self._ns
        if name in ('st_atime', 'st_mtime', 'st_ctime'):
            i = ('st_atime', 'st_mtime', 'st_ctime').index(name)
            return self[7 + i] if ns is None else ns[i] / 1e9
        if name in ('st_atime_ns', 'st_mtime_ns', 'st_ctime_ns'):
            i = ('st_atime_ns', 'st_mtime_ns', 'st_ctime_ns').index(name)
            return self[7 + i] * 1000000000 if ns is None else ns[i]
        if name in stat_result._names:
            return self[stat_result._names.index(name)]
        if name == 'st_blksize':
            return 4096
        if name == 'st_blocks':
            return (self[6] + 4095) // 4096 * 8
        if name == 'st_rdev':
            return 0
        raise AttributeError(f"'os.stat_result' object has no attribute '{name}'")

    def __repr__(self):
        fields = ', '.join(f'{n}={v!r}' for n, v in zip(stat_result._names, self))
        return f'os.stat_result({fields})'

    def __reduce__(self):
        return (stat_result, (tuple(self),))


stat_result.__module__ = 'os'


def _stat_ns(mode, ino, dev, nlink, uid, gid, size, atime, mtime, ctime):
    """A stat_result from the simulated filesystem, times to the nanosecond."""
    self = tuple.__new__(stat_result, (mode, ino, dev, nlink, uid, gid, size,
                                       atime // 1000000000, mtime // 1000000000,
                                       ctime // 1000000000))
    self._ns = (atime, mtime, ctime)
    return self


class DirEntry:
    """One entry of scandir(): its name, path and cached type."""

    __slots__ = ('name', 'path', '_kind', '_ino', '_stat', '_lstat')

    def __init__(self, name, path, kind, ino):
        self.name = name
        self.path = path
        self._kind = kind
        self._ino = ino
        self._stat = None
        self._lstat = None

    def inode(self):
        return self._ino

    def is_symlink(self):
        return self._kind == 2

    def _target_kind(self):
        try:
            mode = self.stat().st_mode
        except OSError:
            return None
        return mode & 0o170000

    def is_dir(self, *, follow_symlinks=True):
        if self._kind == 2 and follow_symlinks:
            return self._target_kind() == 0o040000
        return self._kind == 1

    def is_file(self, *, follow_symlinks=True):
        if self._kind == 2 and follow_symlinks:
            return self._target_kind() == 0o100000
        return self._kind == 0

    def is_junction(self):
        return False

    def stat(self, *, follow_symlinks=True):
        if follow_symlinks and self._kind == 2:
            if self._stat is None:
                self._stat = _posix.stat(self.path)
            return self._stat
        if self._lstat is None:
            self._lstat = _posix.lstat(self.path)
        return self._lstat

    def __fspath__(self):
        return self.path

    def __repr__(self):
        return f'<DirEntry {self.name!r}>'


DirEntry.__module__ = 'posix'


class ScandirIterator:
    """What scandir() returns: an iterator of DirEntry and a context manager."""

    def __init__(self, entries):
        self._entries = entries
        self._i = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self._entries is None or self._i >= len(self._entries):
            self._entries = None
            raise StopIteration
        e = self._entries[self._i]
        self._i += 1
        return DirEntry(*e)

    def close(self):
        self._entries = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


ScandirIterator.__module__ = 'posix'


_posix._stat_result = _stat_ns
_posix._scandir_iterator = ScandirIterator
