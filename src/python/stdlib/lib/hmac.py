"""HMAC (keyed hashing for message authentication, RFC 2104), over `hashlib`."""

import hashlib as _hashlib
from _hashcore import compare_digest

__all__ = ['HMAC', 'new', 'digest', 'compare_digest', 'digest_size']

digest_size = None


def _constructor(digestmod):
    if callable(digestmod):
        return digestmod
    if isinstance(digestmod, str):
        return lambda d=b'': _hashlib.new(digestmod, d)
    return lambda d=b'': digestmod.new(d)


class HMAC:
    """An HMAC object: `update` with the message, then `digest`/`hexdigest`."""

    blocksize = 64

    __slots__ = ('_inner', '_outer', 'digest_size', 'block_size')

    def __init__(self, key, msg=None, digestmod=''):
        if not isinstance(key, (bytes, bytearray)):
            raise TypeError('key: expected bytes or bytearray, but got %r'
                            % type(key).__name__)
        if not digestmod:
            raise TypeError("Missing required argument 'digestmod'.")
        make = _constructor(digestmod)
        self._inner = make()
        self._outer = make()
        self.digest_size = self._inner.digest_size
        block = getattr(self._inner, 'block_size', 64)
        if block < 16:
            block = self.blocksize
        if len(key) > block:
            key = make(key).digest()
        key = bytes(key).ljust(block, b'\0')
        self._outer.update(bytes(k ^ 0x5C for k in key))
        self._inner.update(bytes(k ^ 0x36 for k in key))
        self.block_size = block
        if msg is not None:
            self.update(msg)

    @property
    def name(self):
        return 'hmac-' + self._inner.name

    def update(self, msg):
        self._inner.update(msg)

    def copy(self):
        other = object.__new__(type(self))
        other.digest_size = self.digest_size
        other.block_size = self.block_size
        other._inner = self._inner.copy()
        other._outer = self._outer.copy()
        return other

    def _current(self):
        h = self._outer.copy()
        h.update(self._inner.digest())
        return h

    def digest(self):
        return self._current().digest()

    def hexdigest(self):
        return self._current().hexdigest()


def new(key, msg=None, digestmod=''):
    return HMAC(key, msg, digestmod)


def digest(key, msg, digest):
    return HMAC(key, msg, digest).digest()
