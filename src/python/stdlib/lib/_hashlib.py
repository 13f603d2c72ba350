# The hash objects of `hashlib` (CPython's are C types in `_hashlib`): thin Python wrappers
# over the native digest states of `_hashcore`. Built-in, so tracebacks show none of these
# frames, as CPython shows none of its C code.

import _hashcore


class HASH:
    __slots__ = ('_state', '_name', '_digest_size', '_block_size')

    def __init__(self, *args, **kwargs):
        raise TypeError("cannot create '_hashlib.HASH' instances")

    @property
    def name(self):
        return self._name

    @property
    def digest_size(self):
        return self._digest_size

    @property
    def block_size(self):
        return self._block_size

    def update(self, obj, /):
        _hashcore.update(self._state, obj)

    def digest(self):
        return _hashcore.digest(self._state)

    def hexdigest(self):
        return _hashcore.digest(self._state).hex()

    def copy(self):
        return _wrap(type(self), self._name, _hashcore.copy(self._state),
                     self._digest_size, self._block_size)

    def __repr__(self):
        return '<%s %s object>' % (self._name, type(self).__name__)


class HASHXOF(HASH):
    __slots__ = ()

    def digest(self, length):
        return _hashcore.digest(self._state, length)

    def hexdigest(self, length):
        return _hashcore.digest(self._state, length).hex()


def _wrap(cls, name, state, digest_size, block_size):
    h = object.__new__(cls)
    h._state = state
    h._name = name
    h._digest_size = digest_size
    h._block_size = block_size
    return h


def _make(name, data, digest_size=None):
    sizes = _hashcore.info(name)
    if sizes is None:
        raise ValueError('unsupported hash type ' + name)
    if digest_size is None:
        digest_size = sizes[0]
    state = _hashcore.new(name, digest_size)
    cls = HASHXOF if name.startswith('shake_') else HASH
    h = _wrap(cls, name, state, digest_size, sizes[1])
    if data is not None:
        _hashcore.update(state, data)
    return h


def new(name, data=b'', *, usedforsecurity=True):
    if not isinstance(name, str):
        raise TypeError('new() argument 1 must be str, not ' + type(name).__name__)
    return _make(name.lower(), data)


def openssl_md5(data=b'', *, usedforsecurity=True):
    return _make('md5', data)


def openssl_sha1(data=b'', *, usedforsecurity=True):
    return _make('sha1', data)


def openssl_sha224(data=b'', *, usedforsecurity=True):
    return _make('sha224', data)


def openssl_sha256(data=b'', *, usedforsecurity=True):
    return _make('sha256', data)


def openssl_sha384(data=b'', *, usedforsecurity=True):
    return _make('sha384', data)


def openssl_sha512(data=b'', *, usedforsecurity=True):
    return _make('sha512', data)


def openssl_sha3_224(data=b'', *, usedforsecurity=True):
    return _make('sha3_224', data)


def openssl_sha3_256(data=b'', *, usedforsecurity=True):
    return _make('sha3_256', data)


def openssl_sha3_384(data=b'', *, usedforsecurity=True):
    return _make('sha3_384', data)


def openssl_sha3_512(data=b'', *, usedforsecurity=True):
    return _make('sha3_512', data)


def openssl_shake_128(data=b'', *, usedforsecurity=True):
    return _make('shake_128', data)


def openssl_shake_256(data=b'', *, usedforsecurity=True):
    return _make('shake_256', data)


def _blake2(name, limit, data, digest_size, key, salt, person, extra):
    if key or salt or person or extra:
        raise NotImplementedError(name + ': key, salt, person and tree parameters are not '
                                  'supported by this interpreter yet')
    if not 1 <= digest_size <= limit:
        raise ValueError('digest_size for %s must be between 1 and %d bytes, here it is %d'
                         % (name.capitalize(), limit, digest_size))
    return _make(name, data, digest_size)


def blake2b(data=b'', *, digest_size=64, key=b'', salt=b'', person=b'', fanout=1, depth=1,
            leaf_size=0, node_offset=0, node_depth=0, inner_size=0, last_node=False,
            usedforsecurity=True):
    extra = (fanout, depth, leaf_size, node_offset, node_depth, inner_size,
             last_node) != (1, 1, 0, 0, 0, 0, False)
    return _blake2('blake2b', 64, data, digest_size, key, salt, person, extra)


def blake2s(data=b'', *, digest_size=32, key=b'', salt=b'', person=b'', fanout=1, depth=1,
            leaf_size=0, node_offset=0, node_depth=0, inner_size=0, last_node=False,
            usedforsecurity=True):
    extra = (fanout, depth, leaf_size, node_offset, node_depth, inner_size,
             last_node) != (1, 1, 0, 0, 0, 0, False)
    return _blake2('blake2s', 32, data, digest_size, key, salt, person, extra)


compare_digest = _hashcore.compare_digest
