"""Temporary files and directories (written for shellsim, CPython 3.14 behaviour).

Names are drawn from a random.Random of its own, which the simulator seeds
deterministically, so a run makes the same names every time. The simulator has no
file descriptors: mkstemp() and TemporaryFile() (an unnamed, already unlinked file)
raise NotImplementedError rather than hand out something that is not a descriptor.
"""
import os
import random as _random
import shutil as _shutil

__all__ = [
    "NamedTemporaryFile", "TemporaryFile", "TemporaryDirectory",
    "mkstemp", "mkdtemp", "mktemp",
    "TMP_MAX", "gettempprefix", "tempdir", "gettempdir",
    "gettempprefixb", "gettempdirb",
]

TMP_MAX = 10000
template = "tmp"
tempdir = None

_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789_"
_rng = None


def _random_name():
    global _rng
    if _rng is None:
        _rng = _random.Random()
    return ''.join(_rng.choice(_CHARACTERS) for _ in range(8))


def _candidate_dirs():
    for env in ('TMPDIR', 'TEMP', 'TMP'):
        d = os.getenv(env)
        if d:
            yield d
    yield from ('/tmp', '/var/tmp', '/usr/tmp')
    yield os.getcwd()


def _find_tempdir():
    # The first candidate where a file can be made is the answer, as in CPython.
    for d in _candidate_dirs():
        d = os.path.abspath(d)
        if os.path.isdir(d) and os.access(d, os.W_OK | os.X_OK):
            return d
    raise FileNotFoundError(2, "No usable temporary directory found in %s"
                            % list(_candidate_dirs()))


def gettempdir():
    """The directory temporary files go in (TMPDIR, TEMP, TMP, else /tmp, ...)."""
    global tempdir
    if tempdir is None:
        tempdir = _find_tempdir()
    return os.fsdecode(tempdir)


def gettempdirb():
    return os.fsencode(gettempdir())


def gettempprefix():
    """The default prefix of temporary names."""
    return template


def gettempprefixb():
    return os.fsencode(template)


def _sanitize(prefix, suffix, dir):
    for v in (prefix, suffix, dir):
        if isinstance(v, bytes):
            raise NotImplementedError(
                "tempfile: bytes names are not supported by this simulator yet")
    if suffix is None:
        suffix = ''
    if prefix is None:
        prefix = template
    if dir is None:
        dir = gettempdir()
    return prefix, suffix, os.fspath(dir)


def _names(prefix, suffix, dir):
    for _ in range(TMP_MAX):
        yield os.path.join(dir, prefix + _random_name() + suffix)


def mkdtemp(suffix=None, prefix=None, dir=None):
    """Make a new directory only the caller can use (mode 0o700); returns its
    absolute path. The caller removes it."""
    prefix, suffix, dir = _sanitize(prefix, suffix, dir)
    for name in _names(prefix, suffix, dir):
        try:
            os.mkdir(name, 0o700)
        except FileExistsError:
            continue
        return os.path.abspath(name)
    raise FileExistsError(17, "No usable temporary directory name found")


def mktemp(suffix="", prefix=template, dir=None):
    """A name that did not exist when asked (unsafe: another program may take it)."""
    if dir is None:
        dir = gettempdir()
    for name in _names(prefix, suffix, dir):
        if not os.path.lexists(name):
            return name
    raise FileExistsError(17, "No usable temporary filename found")


def mkstemp(suffix=None, prefix=None, dir=None, text=False):
    """Would return (fd, name): the simulator has no file descriptors yet."""
    raise NotImplementedError(
        "tempfile.mkstemp: file descriptors are not supported by this simulator yet "
        "(use NamedTemporaryFile(delete=False) or mkdtemp())")


def _create(mode, buffering, encoding, newline, errors, prefix, suffix, dir):
    """A new file, made exclusively, opened with mode."""
    prefix, suffix, dir = _sanitize(prefix, suffix, dir)
    if 'b' in mode and encoding is not None:
        raise ValueError("binary mode doesn't take an encoding argument")
    for name in _names(prefix, suffix, dir):
        try:
            if 'w' in mode:
                f = open(name, mode.replace('w', 'x'), buffering, encoding, errors, newline)
            else:
                open(name, 'xb').close()
                f = open(name, mode, buffering, encoding, errors, newline)
        except FileExistsError:
            continue
        # Like CPython's, the name is absolute even when dir is relative.
        return os.path.abspath(name), f
    raise FileExistsError(17, "No usable temporary file name found")


class _TemporaryFileWrapper:
    """A file object with a .name that deletes its file when closed (delete and
    delete_on_close) or when its with-block ends (delete)."""

    def __init__(self, file, name, delete=True, delete_on_close=True):
        self.file = file
        self.name = name
        self.delete = delete
        self._delete_on_close = delete_on_close
        self._removed = False

    def _remove(self):
        if not self._removed:
            self._removed = True
            try:
                os.unlink(self.name)
            except FileNotFoundError:
                pass

    def __getattr__(self, name):
        return getattr(self.__dict__['file'], name)

    def __enter__(self):
        self.file.__enter__()
        return self

    def __exit__(self, exc, value, tb):
        result = self.file.__exit__(exc, value, tb)
        if self.delete:
            self._remove()
        return result

    def close(self):
        self.file.close()
        if self.delete and self._delete_on_close:
            self._remove()

    def __iter__(self):
        return iter(self.file)

    def __repr__(self):
        return "<tempfile._TemporaryFileWrapper file={!r}>".format(self.file)


def NamedTemporaryFile(mode='w+b', buffering=-1, encoding=None, newline=None,
                       suffix=None, prefix=None, dir=None, delete=True, *,
                       errors=None, delete_on_close=True):
    """A temporary file with a visible name (.name). With delete (the default) it is
    removed when closed, or only when the with-block ends if delete_on_close is false.

    The simulator's open() has no read-and-write ('+') modes yet, so the default
    mode 'w+b' raises NotImplementedError: pass mode='w' or 'wb'."""
    name, f = _create(mode, buffering, encoding, newline, errors, prefix, suffix, dir)
    return _TemporaryFileWrapper(f, name, delete, delete_on_close)


def TemporaryFile(mode='w+b', buffering=-1, encoding=None, newline=None,
                  suffix=None, prefix=None, dir=None, *, errors=None):
    """Would return an unnamed file (its name unlinked at once): that needs file
    descriptors, which the simulator does not have yet."""
    raise NotImplementedError(
        "tempfile.TemporaryFile: unnamed files need file descriptors, which this "
        "simulator does not support yet (use NamedTemporaryFile)")


class TemporaryDirectory:
    """A directory made by mkdtemp(); the with-statement gives its name and removes it
    (with everything in it) at the end, as cleanup() does."""

    def __init__(self, suffix=None, prefix=None, dir=None,
                 ignore_cleanup_errors=False, *, delete=True):
        self.name = mkdtemp(suffix, prefix, dir)
        self._ignore_cleanup_errors = ignore_cleanup_errors
        self._delete = delete
        self._done = False

    def __repr__(self):
        return "<{} {!r}>".format(self.__class__.__name__, self.name)

    def __enter__(self):
        return self.name

    def __exit__(self, exc, value, tb):
        if self._delete:
            self.cleanup()

    def cleanup(self):
        if self._done:
            return
        self._done = True
        if os.path.lexists(self.name):
            _shutil.rmtree(self.name, ignore_errors=self._ignore_cleanup_errors)

    def __class_getitem__(cls, item):
        return cls
