"""Packing and unpacking values as C structs (the work is native, in `_struct`)."""

__all__ = ['calcsize', 'pack', 'pack_into', 'unpack', 'unpack_from', 'iter_unpack',
           'Struct', 'error']

from _struct import pack, unpack, calcsize, iter_unpack, pack_into, unpack_from
import _struct


class error(Exception):
    pass


class Struct:
    """A compiled format: `Struct(fmt).pack(...)` is `pack(fmt, ...)`."""

    __slots__ = ('_format', '_size')

    def __init__(self, format):
        if isinstance(format, bytes):
            format = format.decode('ascii')
        elif not isinstance(format, str):
            raise TypeError('Struct() argument 1 must be a str or bytes object, not '
                            + type(format).__name__)
        self._size = _struct.calcsize(format)
        self._format = format

    @property
    def format(self):
        return self._format

    @property
    def size(self):
        return self._size

    def pack(self, *values):
        return _struct.pack(self._format, *values)

    def pack_into(self, buffer, offset, *values):
        return _struct.pack_into(self._format, buffer, offset, *values)

    def unpack(self, buffer):
        return _struct.unpack(self._format, buffer)

    def unpack_from(self, buffer, offset=0):
        return _struct.unpack_from(self._format, buffer, offset)

    def iter_unpack(self, buffer):
        return _struct.iter_unpack(self._format, buffer)

    def __repr__(self):
        return 'Struct(' + repr(self._format) + ')'


Struct.__module__ = '_struct'
error.__module__ = 'struct'
