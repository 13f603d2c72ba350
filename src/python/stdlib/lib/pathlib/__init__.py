"""Object-oriented filesystem paths (written for shellsim, CPython 3.14 behaviour).

PurePath and PurePosixPath do pure operations on path strings; Path and PosixPath add
filesystem I/O through the os module (so over the simulated filesystem). Only POSIX
paths exist here: PureWindowsPath and WindowsPath refuse to be built.
"""
import fnmatch as _fnmatch
import io
import os
import posixpath
import re
import stat as _stat

__all__ = [
    "UnsupportedOperation",
    "PurePath", "PurePosixPath", "PureWindowsPath",
    "Path", "PosixPath", "WindowsPath",
]


class UnsupportedOperation(NotImplementedError):
    """Raised when an unsupported operation is called on a path object."""


# ---------------------------------------------------------------- pattern matching

def _segment_regex(pat):
    """The regex text for one path segment of a glob pattern: * and ? never match '/'."""
    out = []
    i, n = 0, len(pat)
    while i < n:
        c = pat[i]
        i += 1
        if c == '*':
            # A run of stars inside one segment is one star.
            while i < n and pat[i] == '*':
                i += 1
            out.append('[^/]*')
        elif c == '?':
            out.append('[^/]')
        elif c == '[':
            text, i = _fnmatch._bracket(pat, i)
            out.append(text)
        else:
            out.append(re.escape(c))
    return ''.join(out)


def _flags(case_sensitive):
    return 0 if case_sensitive is None or case_sensitive else re.IGNORECASE


def _compile_segment(pat, case_sensitive):
    return re.compile('(?s:' + _segment_regex(pat) + ')\\Z', _flags(case_sensitive))


def _full_regex(pattern, case_sensitive):
    """A regex matching a whole path string; a '**' segment matches any number of
    segments (and the anchor), as PurePath.full_match and glob do."""
    if pattern.startswith('/'):
        head, rest = '/', pattern.lstrip('/')
    else:
        head, rest = '', pattern
    segs = [s for s in rest.split('/') if s not in ('', '.')] if rest else []
    out = [re.escape(head)]
    last = len(segs) - 1
    for k, seg in enumerate(segs):
        if seg == '**':
            out.append('.*' if k == last else '(?:.+/)?')
        else:
            out.append(_segment_regex(seg))
            if k != last:
                out.append('/')
    text = ''.join(out) or re.escape('.')
    return re.compile('(?s:' + text + ')\\Z', _flags(case_sensitive))


def _has_magic(seg):
    return any(c in seg for c in '*?[')


# ---------------------------------------------------------------- pure paths

class _PathParents:
    """The immutable sequence of a path's logical ancestors (path.parents)."""

    __slots__ = ('_path', '_parts', '_anchor')

    def __init__(self, path):
        self._path = path
        self._parts = path._tail
        self._anchor = path.anchor

    def __len__(self):
        return len(self._parts)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return tuple(self[i] for i in range(len(self))[idx])
        n = len(self)
        if idx >= n or idx < -n:
            raise IndexError(idx)
        if idx < 0:
            idx += n
        return self._path._from_parsed(self._anchor, self._parts[:n - idx - 1])

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __repr__(self):
        return "<{}.parents>".format(type(self._path).__name__)


class PurePath:
    """A path as a string, without filesystem access.

    PurePath() builds the flavour of this system (PurePosixPath)."""

    __slots__ = ('_raw', '_anchor_str', '_tail', '_str', '_hash')
    parser = posixpath

    def __new__(cls, *args, **kwargs):
        if cls is PurePath:
            cls = PurePosixPath
        return object.__new__(cls)

    def __init__(self, *args):
        raw = []
        for a in args:
            if isinstance(a, PurePath):
                raw.append(str(a))
                continue
            try:
                s = os.fspath(a)
            except TypeError:
                s = a
            if not isinstance(s, str):
                raise TypeError(
                    "argument should be a str or an os.PathLike object where "
                    f"__fspath__ returns a str, not {type(s).__name__!r}")
            raw.append(s)
        self._raw = raw
        self._parse()

    def _parse(self):
        joined = posixpath.join(*self._raw) if self._raw else ''
        if joined.startswith('//') and not joined.startswith('///'):
            anchor = '//'
        elif joined.startswith('/'):
            anchor = '/'
        else:
            anchor = ''
        self._anchor_str = anchor
        self._tail = [p for p in joined.split('/') if p and p != '.']
        self._str = None
        self._hash = None

    def with_segments(self, *pathsegments):
        """A new path of this type from the segments (subclasses may override it)."""
        return type(self)(*pathsegments)

    def _from_parsed(self, anchor, tail):
        p = self.with_segments(anchor + '/'.join(tail))
        return p

    def __str__(self):
        if self._str is None:
            self._str = (self._anchor_str + '/'.join(self._tail)) or '.'
        return self._str

    def __fspath__(self):
        return str(self)

    def as_posix(self):
        """The path as a string with forward slashes."""
        return str(self)

    def __bytes__(self):
        return os.fsencode(str(self))

    def __repr__(self):
        return "{}({!r})".format(type(self).__name__, self.as_posix())

    def __reduce__(self):
        return (type(self), tuple(self._raw))

    def as_uri(self):
        """The path as a 'file' URI (CPython 3.14 deprecates this on PurePath; the
        simulator has no warnings module, so no DeprecationWarning is shown)."""
        return _as_uri(self)

    # Comparisons: only paths of the same flavour compare.
    def _key(self):
        return str(self).split('/')

    def __eq__(self, other):
        if not isinstance(other, PurePath) or other.parser is not self.parser:
            return NotImplemented
        return str(self) == str(other)

    def __hash__(self):
        if self._hash is None:
            self._hash = hash(str(self))
        return self._hash

    def __lt__(self, other):
        if not isinstance(other, PurePath) or other.parser is not self.parser:
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other):
        if not isinstance(other, PurePath) or other.parser is not self.parser:
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other):
        if not isinstance(other, PurePath) or other.parser is not self.parser:
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other):
        if not isinstance(other, PurePath) or other.parser is not self.parser:
            return NotImplemented
        return self._key() >= other._key()

    # Components.
    @property
    def drive(self):
        return ''

    @property
    def root(self):
        return self._anchor_str

    @property
    def anchor(self):
        return self._anchor_str

    @property
    def parts(self):
        if self._anchor_str:
            return (self._anchor_str,) + tuple(self._tail)
        return tuple(self._tail)

    @property
    def name(self):
        return self._tail[-1] if self._tail else ''

    # Leading dots belong to the stem ('.bashrc' has no suffix); since 3.14 a trailing
    # dot is a suffix of its own ('foo.' has suffix '.').
    @property
    def suffix(self):
        name = self.name.lstrip('.')
        i = name.rfind('.')
        return name[i:] if i != -1 else ''

    @property
    def suffixes(self):
        return ['.' + s for s in self.name.lstrip('.').split('.')[1:]]

    @property
    def stem(self):
        name, suffix = self.name, self.suffix
        return name[:len(name) - len(suffix)] if suffix else name

    @property
    def parent(self):
        if not self._tail:
            return self
        return self._from_parsed(self._anchor_str, self._tail[:-1])

    @property
    def parents(self):
        return _PathParents(self)

    def with_name(self, name):
        """A new path with the last component replaced by name."""
        if not self.name:
            raise ValueError(f"{self!r} has an empty name")
        if not name or '/' in name or name == '.':
            raise ValueError(f"Invalid name {name!r}")
        return self._from_parsed(self._anchor_str, self._tail[:-1] + [name])

    def with_stem(self, stem):
        """A new path with the stem changed."""
        suffix = self.suffix
        if not suffix:
            return self.with_name(stem)
        if not stem:
            raise ValueError(f"{self!r} has a non-empty suffix")
        return self.with_name(stem + suffix)

    def with_suffix(self, suffix):
        """A new path with the suffix changed ('' removes it)."""
        stem = self.stem
        if not stem:
            raise ValueError(f"{self!r} has an empty name")
        if suffix and not suffix.startswith('.'):
            raise ValueError(f"Invalid suffix {suffix!r}")
        return self.with_name(stem + suffix)

    # Joining and relating.
    def joinpath(self, *pathsegments):
        return self.with_segments(self, *pathsegments)

    def __truediv__(self, key):
        try:
            return self.with_segments(self, key)
        except TypeError:
            return NotImplemented

    def __rtruediv__(self, key):
        try:
            return self.with_segments(key, self)
        except TypeError:
            return NotImplemented

    def relative_to(self, other, *, walk_up=False):
        """The path relative to other; ValueError when it is not below other (with
        walk_up=True, '..' entries climb out of other instead)."""
        if not isinstance(other, PurePath):
            other = self.with_segments(other)
        if self.anchor != other.anchor:
            if not walk_up:
                raise ValueError(f"{str(self)!r} is not in the subpath of {str(other)!r}")
            raise ValueError(f"{str(self)!r} and {str(other)!r} have different anchors")
        mine, theirs = self._tail, other._tail
        n = 0
        while n < len(mine) and n < len(theirs) and mine[n] == theirs[n]:
            n += 1
        if n < len(theirs):
            if not walk_up:
                raise ValueError(f"{str(self)!r} is not in the subpath of {str(other)!r}")
            if '..' in theirs[n:]:
                raise ValueError(f"'..' segment in {str(other)!r} cannot be walked")
        ups = ['..'] * (len(theirs) - n)
        return self._from_parsed('', ups + mine[n:])

    def is_relative_to(self, other):
        """Whether the path is other or below it."""
        if not isinstance(other, PurePath):
            other = self.with_segments(other)
        return (self.anchor == other.anchor
                and self._tail[:len(other._tail)] == other._tail)

    def is_absolute(self):
        return bool(self._anchor_str)

    def match(self, path_pattern, *, case_sensitive=None):
        """Match this path against a glob-style pattern from the right (a pattern with an
        anchor must match the whole path); '**' here is a plain '*'."""
        if not isinstance(path_pattern, PurePath):
            path_pattern = self.with_segments(path_pattern)
        pat_parts = path_pattern.parts
        if not pat_parts:
            raise ValueError("empty pattern")
        parts = self.parts
        if path_pattern.anchor:
            if len(parts) != len(pat_parts):
                return False
        elif len(parts) < len(pat_parts):
            return False
        for part, pat in zip(reversed(parts), reversed(pat_parts)):
            seg = '*' if pat == '**' else pat
            if not _compile_segment(seg, case_sensitive).match(part):
                return False
        return True

    def full_match(self, pattern, *, case_sensitive=None):
        """Match the whole path against a glob-style pattern ('**' spans segments)."""
        if isinstance(pattern, PurePath):
            pattern = str(pattern)
        return _full_regex(pattern, case_sensitive).match(str(self)) is not None


class PurePosixPath(PurePath):
    """A PurePath for POSIX systems."""

    __slots__ = ()


class PureWindowsPath(PurePath):
    """Windows paths are not implemented by this simulator (POSIX flavour only)."""

    __slots__ = ()

    def __init__(self, *args):
        raise NotImplementedError(
            "PureWindowsPath is not supported by this simulator (POSIX paths only)")


def _quote(s):
    safe = frozenset(b'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~/')
    return ''.join(chr(b) if b in safe else '%{:02X}'.format(b) for b in os.fsencode(s))


def _as_uri(p):
    if not p.is_absolute():
        raise ValueError("relative paths can't be expressed as file URIs")
    s = str(p)
    if s.startswith('//'):
        # A path with a '//' root keeps it in the URI's path.
        return 'file:' + _quote(s)
    return 'file://' + _quote(s)


_HEX = '0123456789abcdefABCDEF'


def _unquote(s):
    """Percent-decoding; '%' not followed by two hex digits stays as is."""
    b = s.encode('utf-8')
    out = bytearray()
    i = 0
    while i < len(b):
        esc = b[i + 1:i + 3].decode('latin-1')
        if b[i] == 0x25 and len(esc) == 2 and esc[0] in _HEX and esc[1] in _HEX:
            out.append(int(esc, 16))
            i += 3
        else:
            out.append(b[i])
            i += 1
    return bytes(out).decode('utf-8', 'replace')


# ---------------------------------------------------------------- concrete paths

def _ignore_missing(e):
    return isinstance(e, (FileNotFoundError, NotADirectoryError)) or e.errno in (2, 20, 40)


class Path(PurePath):
    """A PurePath with filesystem operations; Path() builds a PosixPath."""

    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        if cls is Path:
            cls = PosixPath
        return object.__new__(cls)

    # Querying.
    def stat(self, *, follow_symlinks=True):
        return os.stat(self) if follow_symlinks else os.lstat(self)

    def lstat(self):
        return os.lstat(self)

    def _mode(self, follow_symlinks=True):
        try:
            return self.stat(follow_symlinks=follow_symlinks).st_mode
        except OSError as e:
            if not _ignore_missing(e):
                raise
            return None
        except ValueError:
            return None

    def exists(self, *, follow_symlinks=True):
        return self._mode(follow_symlinks) is not None

    def is_dir(self, *, follow_symlinks=True):
        m = self._mode(follow_symlinks)
        return m is not None and _stat.S_ISDIR(m)

    def is_file(self, *, follow_symlinks=True):
        m = self._mode(follow_symlinks)
        return m is not None and _stat.S_ISREG(m)

    def is_symlink(self):
        m = self._mode(False)
        return m is not None and _stat.S_ISLNK(m)

    def is_fifo(self):
        m = self._mode()
        return m is not None and _stat.S_ISFIFO(m)

    def is_socket(self):
        m = self._mode()
        return m is not None and _stat.S_ISSOCK(m)

    def is_block_device(self):
        m = self._mode()
        return m is not None and _stat.S_ISBLK(m)

    def is_char_device(self):
        m = self._mode()
        return m is not None and _stat.S_ISCHR(m)

    def is_junction(self):
        return False

    def is_mount(self):
        return os.path.ismount(self)

    def samefile(self, other_path):
        st = self.stat()
        if isinstance(other_path, Path):
            other_st = other_path.stat()
        else:
            other_st = self.with_segments(other_path).stat()
        return os.path.samestat(st, other_st)

    def owner(self, *, follow_symlinks=True):
        raise UnsupportedOperation(f"{type(self).__name__}.owner() is unsupported on this system")

    def group(self, *, follow_symlinks=True):
        raise UnsupportedOperation(f"{type(self).__name__}.group() is unsupported on this system")

    # Reading and writing.
    def open(self, mode='r', buffering=-1, encoding=None, errors=None, newline=None):
        return io.open(self, mode, buffering, encoding, errors, newline)

    def read_text(self, encoding=None, errors=None, newline=None):
        with self.open('r', encoding=encoding, errors=errors, newline=newline) as f:
            return f.read()

    def read_bytes(self):
        with self.open('rb') as f:
            return f.read()

    def write_text(self, data, encoding=None, errors=None, newline=None):
        if not isinstance(data, str):
            raise TypeError('data must be str, not %s' % type(data).__name__)
        with self.open('w', encoding=encoding, errors=errors, newline=newline) as f:
            return f.write(data)

    def write_bytes(self, data):
        if not isinstance(data, (bytes, bytearray)):
            raise TypeError(
                f"memoryview: a bytes-like object is required, not '{type(data).__name__}'")
        with self.open('wb') as f:
            return f.write(data)

    # Directories.
    def iterdir(self):
        """The directory's entries as paths (listed now, yielded lazily)."""
        names = os.listdir(self)
        return (self._child(n) for n in names)

    def _child(self, name):
        return self._from_parsed(self._anchor_str, self._tail + [name])

    def glob(self, pattern, *, case_sensitive=None, recurse_symlinks=False):
        """Paths below this one matching a relative glob pattern ('**' spans
        directories; a trailing '/' selects directories only)."""
        if isinstance(pattern, PurePath):
            pattern = str(pattern)
        else:
            pattern = os.fspath(pattern)
        if pattern.startswith('/'):
            raise NotImplementedError("Non-relative patterns are unsupported")
        segs = [s for s in pattern.split('/') if s and s != '.']
        if not segs:
            raise ValueError(f"Unacceptable pattern: {pattern!r}")
        dirs_only = pattern.endswith('/')
        return self._glob(self, segs, dirs_only, case_sensitive, recurse_symlinks)

    def rglob(self, pattern, *, case_sensitive=None, recurse_symlinks=False):
        """glob() with '**/' put before the pattern."""
        if isinstance(pattern, PurePath):
            pattern = str(pattern)
        else:
            pattern = os.fspath(pattern)
        if pattern.startswith('/'):
            raise NotImplementedError("Non-relative patterns are unsupported")
        return self.glob('**/' + pattern, case_sensitive=case_sensitive,
                         recurse_symlinks=recurse_symlinks)

    def _glob(self, base, segs, dirs_only, case_sensitive, recurse_symlinks):
        # Breadth of candidates, one segment at a time; a candidate is a Path that
        # exists (or, after literal segments, may exist: checked at the end).
        cands = [base]
        checked = True
        for k, seg in enumerate(segs):
            last = k == len(segs) - 1
            nxt = []
            if seg == '**':
                for c in cands:
                    nxt.extend(self._walk_below(c, last and not dirs_only, recurse_symlinks))
                checked = True
            elif _has_magic(seg):
                rx = _compile_segment(seg, case_sensitive)
                for c in cands:
                    try:
                        with os.scandir(c) as it:
                            entries = list(it)
                    except OSError:
                        continue
                    for e in entries:
                        if not rx.match(e.name):
                            continue
                        if not last or dirs_only:
                            try:
                                if not e.is_dir():
                                    continue
                            except OSError:
                                continue
                        nxt.append(c._child(e.name))
                checked = True
            else:
                nxt = [c._child(seg) if seg != '..' else c._from_parsed(
                    c._anchor_str, c._tail + ['..']) for c in cands]
                checked = False
            # Two '**' segments can reach one path twice: keep its first arrival.
            seen = set()
            cands = []
            for p in nxt:
                if str(p) not in seen:
                    seen.add(str(p))
                    cands.append(p)
        for c in cands:
            if not checked or dirs_only:
                if dirs_only and not c.is_dir():
                    continue
                if not checked and not c.exists(follow_symlinks=False):
                    continue
            yield c

    def _walk_below(self, top, with_files, recurse_symlinks):
        """top and every directory below it (and files too, when with_files)."""
        out = [top]
        stack = [top]
        while stack:
            d = stack.pop()
            try:
                with os.scandir(d) as it:
                    entries = list(it)
            except OSError:
                continue
            subdirs = []
            for e in entries:
                try:
                    is_dir = e.is_dir(follow_symlinks=recurse_symlinks)
                except OSError:
                    is_dir = False
                child = d._child(e.name)
                if is_dir:
                    subdirs.append(child)
                    out.append(child)
                elif with_files:
                    out.append(child)
            stack.extend(reversed(subdirs))
        return out

    def walk(self, top_down=True, on_error=None, follow_symlinks=False):
        """Like os.walk: (dirpath, dirnames, filenames) for this directory and below."""
        stack = [self]
        while stack:
            top = stack.pop()
            if isinstance(top, tuple):
                yield top
                continue
            try:
                with os.scandir(top) as it:
                    entries = list(it)
            except OSError as e:
                if on_error is not None:
                    on_error(e)
                continue
            dirnames, filenames = [], []
            for e in entries:
                try:
                    is_dir = e.is_dir(follow_symlinks=follow_symlinks)
                except OSError:
                    is_dir = False
                (dirnames if is_dir else filenames).append(e.name)
            if top_down:
                yield top, dirnames, filenames
                stack.extend(top._child(d) for d in reversed(dirnames))
            else:
                stack.append((top, dirnames, filenames))
                stack.extend(top._child(d) for d in reversed(dirnames))

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        try:
            os.mkdir(self, mode)
        except FileNotFoundError:
            if not parents or self.parent == self:
                raise
            self.parent.mkdir(parents=True, exist_ok=True)
            self.mkdir(mode, parents=False, exist_ok=exist_ok)
        except OSError:
            if not exist_ok or not self.is_dir():
                raise

    def rmdir(self):
        os.rmdir(self)

    def unlink(self, missing_ok=False):
        try:
            os.unlink(self)
        except FileNotFoundError:
            if not missing_ok:
                raise

    def touch(self, mode=0o666, exist_ok=True):
        if exist_ok and self.exists():
            os.utime(self, None)
            return
        open(self, 'a' if exist_ok else 'x').close()
        if mode != 0o666:
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(self, mode & ~mask)

    def rename(self, target):
        os.rename(self, target)
        return self.with_segments(target)

    def replace(self, target):
        os.replace(self, target)
        return self.with_segments(target)

    def chmod(self, mode, *, follow_symlinks=True):
        os.chmod(self, mode, follow_symlinks=follow_symlinks)

    def lchmod(self, mode):
        self.chmod(mode, follow_symlinks=False)

    def symlink_to(self, target, target_is_directory=False):
        os.symlink(target, self)

    def hardlink_to(self, target):
        os.link(target, self)

    def readlink(self):
        return self.with_segments(os.readlink(self))

    # Copying and moving (3.14).
    def copy(self, target, *, follow_symlinks=True, preserve_metadata=False):
        """Copy this file or tree to target; returns target as a path."""
        if not isinstance(target, PurePath):
            target = self.with_segments(target)
        self._copy_to(target, follow_symlinks, preserve_metadata)
        return target

    def _copy_to(self, target, follow_symlinks, preserve_metadata):
        if not follow_symlinks and self.is_symlink():
            os.symlink(os.readlink(self), target)
            return
        if self.is_dir():
            os.mkdir(target)
            for child in self.iterdir():
                child._copy_to(target._child(child.name), follow_symlinks, preserve_metadata)
        else:
            data = self.read_bytes()
            with open(target, 'wb') as f:
                f.write(data)
        if preserve_metadata:
            st = self.stat()
            os.chmod(target, _stat.S_IMODE(st.st_mode))
            os.utime(target, ns=(st.st_atime_ns, st.st_mtime_ns))

    def copy_into(self, target_dir, *, follow_symlinks=True, preserve_metadata=False):
        name = self.name
        if not name:
            raise ValueError(f"{self!r} has an empty name")
        if not isinstance(target_dir, PurePath):
            target_dir = self.with_segments(target_dir)
        return self.copy(target_dir / name, follow_symlinks=follow_symlinks,
                         preserve_metadata=preserve_metadata)

    def move(self, target):
        """Move this file or tree to target (rename, or copy and delete across devices)."""
        if not isinstance(target, PurePath):
            target = self.with_segments(target)
        os.replace(self, target)
        return target

    def move_into(self, target_dir):
        name = self.name
        if not name:
            raise ValueError(f"{self!r} has an empty name")
        if not isinstance(target_dir, PurePath):
            target_dir = self.with_segments(target_dir)
        return self.move(target_dir / name)

    # Other paths.
    @classmethod
    def cwd(cls):
        return cls(os.getcwd())

    @classmethod
    def home(cls):
        return cls('~').expanduser()

    def absolute(self):
        if self.is_absolute():
            return self
        return self.with_segments(os.getcwd(), self)

    def resolve(self, strict=False):
        return self.with_segments(os.path.realpath(self, strict=strict))

    def expanduser(self):
        if not self._anchor_str and self._tail and self._tail[0][:1] == '~':
            home = os.path.expanduser(self._tail[0])
            if home[:1] == '~':
                raise RuntimeError("Could not determine home directory.")
            return self.with_segments(home, *self._tail[1:])
        return self

    def as_uri(self):
        return _as_uri(self)

    @classmethod
    def from_uri(cls, uri):
        """A path from a 'file' URI."""
        if not uri.startswith('file:'):
            raise ValueError("URL is missing a 'file:' scheme")
        rest = uri[5:]
        if rest.startswith('//'):
            rest = rest[2:]
            host, slash, tail = rest.partition('/')
            if host in ('', 'localhost'):
                rest = slash + tail
            else:
                rest = '//' + rest
        path = cls(_unquote(rest))
        if not path.is_absolute():
            raise ValueError(f"URI is not absolute: {uri!r}")
        return path


class PosixPath(Path, PurePosixPath):
    """A Path for POSIX systems."""

    __slots__ = ()


class WindowsPath(Path, PureWindowsPath):
    """Cannot be built on POSIX systems."""

    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        raise UnsupportedOperation(f"cannot instantiate {cls.__name__!r} on your system")
