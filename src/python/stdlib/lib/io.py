"""The io module: in-memory text and byte streams, and the names of the stream classes.

Written for shellsim.  File objects returned by open() and the standard streams are the
interpreter's own stream type (exported here as TextIOWrapper); StringIO and BytesIO are
implemented below.  A StringIO keeps what was appended at its end as a list of pieces and
joins them only when something reads or overwrites, so building a large text by repeated
writes stays linear.
"""

import sys as _sys

__all__ = [
    "BlockingIOError", "open", "open_code", "IOBase", "RawIOBase", "FileIO", "BytesIO",
    "StringIO", "BufferedIOBase", "BufferedReader", "BufferedWriter", "BufferedRWPair",
    "BufferedRandom", "TextIOBase", "TextIOWrapper", "UnsupportedOperation", "SEEK_SET",
    "SEEK_CUR", "SEEK_END", "DEFAULT_BUFFER_SIZE", "text_encoding", "IncrementalNewlineDecoder",
]

SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2
DEFAULT_BUFFER_SIZE = 128 * 1024

open = open
TextIOWrapper = type(_sys.stdout)
BlockingIOError = BlockingIOError


class UnsupportedOperation(OSError, ValueError):
    pass


UnsupportedOperation.__module__ = "io"


def open_code(path):
    return open(path, "rb")


def text_encoding(encoding, stacklevel=2):
    if encoding is None:
        return "utf-8" if getattr(_sys.flags, "utf8_mode", 0) else "locale"
    return encoding


class IOBase:
    """The base of the stream classes defined here."""

    _closed = False

    def _checkClosed(self):
        if self._closed:
            raise ValueError("I/O operation on closed file")

    @property
    def closed(self):
        return self._closed

    def close(self):
        self._closed = True

    def flush(self):
        self._checkClosed()

    def fileno(self):
        raise UnsupportedOperation("fileno")

    def isatty(self):
        self._checkClosed()
        return False

    def readable(self):
        self._checkClosed()
        return True

    def writable(self):
        self._checkClosed()
        return True

    def seekable(self):
        self._checkClosed()
        return True

    def __enter__(self):
        self._checkClosed()
        return self

    def __exit__(self, *exc):
        self.close()

    def __iter__(self):
        self._checkClosed()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def readlines(self, hint=-1):
        if hint is None:
            hint = -1
        lines = []
        total = 0
        for line in self:
            lines.append(line)
            total += len(line)
            if 0 < hint <= total:
                break
        return lines

    def writelines(self, lines):
        self._checkClosed()
        for line in lines:
            self.write(line)


class RawIOBase(IOBase):
    pass


class BufferedIOBase(IOBase):
    def detach(self):
        raise UnsupportedOperation("detach")


class TextIOBase(IOBase):
    encoding = None
    errors = None
    newlines = None

    def detach(self):
        raise UnsupportedOperation("detach")


def _index(value, what="integer"):
    if value is None:
        return -1
    if not hasattr(type(value), "__index__"):
        raise TypeError(
            f"argument should be integer or None, not '{type(value).__name__}'"
        )
    return value.__index__()


class StringIO(TextIOBase):
    """A text stream over a str held in memory."""

    def __init__(self, initial_value="", newline="\n"):
        if newline is not None and not isinstance(newline, str):
            raise TypeError(
                f"newline must be str or None, not {type(newline).__name__}"
            )
        if newline not in (None, "", "\n", "\r", "\r\n"):
            raise ValueError(f"illegal newline value: {newline!r}")
        if initial_value is not None and not isinstance(initial_value, str):
            raise TypeError(
                "initial_value must be str or None, not "
                f"{type(initial_value).__name__}"
            )
        self._newline = newline
        self._value = ""
        self._pieces = []
        self._length = 0
        self._pos = 0
        self._closed = False
        if initial_value:
            self.write(initial_value)
            self._pos = 0

    __module__ = "_io"

    def __repr__(self):
        return object.__repr__(self)

    @property
    def line_buffering(self):
        self._checkClosed()
        return False

    @property
    def newlines(self):
        self._checkClosed()
        return None

    def _text(self):
        if self._pieces:
            self._value = self._value + "".join(self._pieces)
            self._pieces = []
        return self._value

    def getvalue(self):
        self._checkClosed()
        return self._text()

    def write(self, s):
        self._checkClosed()
        if not isinstance(s, str):
            raise TypeError(f"string argument expected, got '{type(s).__name__}'")
        n = len(s)
        nl = self._newline
        if nl is None:
            s = s.replace("\r\n", "\n").replace("\r", "\n")
        elif nl not in ("", "\n"):
            s = s.replace("\n", nl)
        if not s:
            return n
        if self._pos == self._length:
            self._pieces.append(s)
        else:
            text = self._text()
            if self._pos > self._length:
                text = text + "\0" * (self._pos - self._length)
            self._value = text[: self._pos] + s + text[self._pos + len(s):]
        self._pos += len(s)
        if self._pos > self._length:
            self._length = self._pos
        return n

    def read(self, size=-1):
        self._checkClosed()
        size = _index(size)
        text = self._text()
        start = min(self._pos, self._length)
        end = self._length if size < 0 else min(self._length, start + size)
        self._pos = max(self._pos, end)
        return text[start:end]

    def readline(self, size=-1):
        self._checkClosed()
        size = _index(size)
        text = self._text()
        start = min(self._pos, self._length)
        limit = self._length if size < 0 else min(self._length, start + size)
        if self._newline == "":
            end = limit
            for i in range(start, limit):
                c = text[i]
                if c == "\n":
                    end = i + 1
                    break
                if c == "\r":
                    end = i + 2 if text[i + 1:i + 2] == "\n" and i + 1 < limit else i + 1
                    break
        else:
            sep = "\n" if self._newline is None else self._newline
            found = text.find(sep, start, limit)
            end = limit if found < 0 else min(limit, found + len(sep))
        self._pos = max(self._pos, end)
        return text[start:end]

    def seek(self, pos, whence=0):
        self._checkClosed()
        pos = _index(pos)
        if whence == 0:
            if pos < 0:
                raise ValueError(f"Negative seek position {pos}")
            self._pos = pos
        elif whence in (1, 2):
            if pos != 0:
                which = "cur" if whence == 1 else "end"
                raise OSError(f"Can't do nonzero {which}-relative seeks")
            if whence == 2:
                self._pos = self._length
        else:
            raise ValueError(
                f"Invalid whence ({whence}, should be 0, 1 or 2)"
            )
        return self._pos

    def tell(self):
        self._checkClosed()
        return self._pos

    def truncate(self, pos=None):
        self._checkClosed()
        pos = self._pos if pos is None else _index(pos)
        if pos < 0:
            raise ValueError(f"Negative size value {pos}")
        if pos < self._length:
            self._value = self._text()[:pos]
            self._length = pos
        return pos

    def detach(self):
        raise UnsupportedOperation("detach")


class BytesIO(BufferedIOBase):
    """A binary stream over bytes held in memory."""

    __module__ = "_io"

    def __init__(self, initial_bytes=b""):
        self._value = b""
        self._pieces = []
        self._length = 0
        self._pos = 0
        self._closed = False
        if initial_bytes:
            self.write(initial_bytes)
            self._pos = 0

    def __repr__(self):
        return object.__repr__(self)

    def _data(self):
        if self._pieces:
            self._value = self._value + b"".join(self._pieces)
            self._pieces = []
        return self._value

    def getvalue(self):
        self._checkClosed()
        return self._data()

    def getbuffer(self):
        raise NotImplementedError("io.BytesIO.getbuffer: memoryview is not supported yet")

    def write(self, b):
        self._checkClosed()
        if isinstance(b, str) or not isinstance(b, (bytes,)):
            raise TypeError(
                f"a bytes-like object is required, not '{type(b).__name__}'"
            )
        n = len(b)
        if not n:
            return 0
        if self._pos == self._length:
            self._pieces.append(bytes(b))
        else:
            data = self._data()
            if self._pos > self._length:
                data = data + b"\0" * (self._pos - self._length)
            self._value = data[: self._pos] + bytes(b) + data[self._pos + n:]
        self._pos += n
        if self._pos > self._length:
            self._length = self._pos
        return n

    def read(self, size=-1):
        self._checkClosed()
        size = _index(size)
        data = self._data()
        start = min(self._pos, self._length)
        end = self._length if size < 0 else min(self._length, start + size)
        self._pos = max(self._pos, end)
        return data[start:end]

    read1 = read

    def readline(self, size=-1):
        self._checkClosed()
        size = _index(size)
        data = self._data()
        start = min(self._pos, self._length)
        limit = self._length if size < 0 else min(self._length, start + size)
        found = data.find(b"\n", start, limit)
        end = limit if found < 0 else found + 1
        self._pos = max(self._pos, end)
        return data[start:end]

    def seek(self, pos, whence=0):
        self._checkClosed()
        pos = _index(pos)
        if whence == 0:
            if pos < 0:
                raise ValueError(f"negative seek value {pos}")
            self._pos = pos
        elif whence == 1:
            self._pos = max(0, self._pos + pos)
        elif whence == 2:
            self._pos = max(0, self._length + pos)
        else:
            raise ValueError(
                f"invalid whence ({whence}, should be 0, 1 or 2)"
            )
        return self._pos

    def tell(self):
        self._checkClosed()
        return self._pos

    def truncate(self, size=None):
        self._checkClosed()
        size = self._pos if size is None else _index(size)
        if size < 0:
            raise ValueError(f"negative size value {size}")
        if size < self._length:
            self._value = self._data()[:size]
            self._length = size
        return size


class FileIO(RawIOBase):
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("io.FileIO is not supported yet; use open()")


class _UnsupportedBuffered(BufferedIOBase):
    def __init__(self, *args, **kwargs):
        raise NotImplementedError(
            f"io.{type(self).__name__} is not supported yet; use open()"
        )


class BufferedReader(_UnsupportedBuffered):
    pass


class BufferedWriter(_UnsupportedBuffered):
    pass


class BufferedRandom(_UnsupportedBuffered):
    pass


class BufferedRWPair(_UnsupportedBuffered):
    pass


class IncrementalNewlineDecoder:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError("io.IncrementalNewlineDecoder is not supported yet")


for _cls in (FileIO, BufferedReader, BufferedWriter, BufferedRandom, BufferedRWPair,
             IncrementalNewlineDecoder):
    _cls.__module__ = "_io"
del _cls
