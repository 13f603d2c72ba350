"""Secure hashes and message digests: md5, sha1, the SHA-2 and SHA-3 families, SHAKE and
BLAKE2, over native digests."""

import _hashlib

__always_supported = ('md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512',
                      'blake2b', 'blake2s',
                      'sha3_224', 'sha3_256', 'sha3_384', 'sha3_512',
                      'shake_128', 'shake_256')

algorithms_guaranteed = set(__always_supported)
algorithms_available = set(__always_supported)

__all__ = __always_supported + ('new', 'algorithms_guaranteed', 'algorithms_available',
                                'file_digest', 'pbkdf2_hmac')

new = _hashlib.new
md5 = _hashlib.openssl_md5
sha1 = _hashlib.openssl_sha1
sha224 = _hashlib.openssl_sha224
sha256 = _hashlib.openssl_sha256
sha384 = _hashlib.openssl_sha384
sha512 = _hashlib.openssl_sha512
sha3_224 = _hashlib.openssl_sha3_224
sha3_256 = _hashlib.openssl_sha3_256
sha3_384 = _hashlib.openssl_sha3_384
sha3_512 = _hashlib.openssl_sha3_512
shake_128 = _hashlib.openssl_shake_128
shake_256 = _hashlib.openssl_shake_256
blake2b = _hashlib.blake2b
blake2s = _hashlib.blake2s


def file_digest(fileobj, digest, /, *, _bufsize=2**18):
    """Hashes the contents of a binary file object."""
    if isinstance(digest, str):
        digestobj = new(digest)
    else:
        digestobj = digest()
    if hasattr(fileobj, 'getbuffer'):
        # An in-memory binary buffer: its whole contents at once.
        digestobj.update(fileobj.getvalue())
        return digestobj
    if not (hasattr(fileobj, 'read') and hasattr(fileobj, 'readable')
            and fileobj.readable()) or 'b' not in getattr(fileobj, 'mode', 'b'):
        raise ValueError(f"'{fileobj!r}' is not a file object in binary mode.")
    while True:
        chunk = fileobj.read(_bufsize)
        if not chunk:
            break
        digestobj.update(chunk)
    return digestobj


def pbkdf2_hmac(hash_name, password, salt, iterations, dklen=None):
    """PBKDF2 (RFC 8018) with HMAC over `hash_name`."""
    import hmac
    if not isinstance(hash_name, str):
        raise TypeError('pbkdf2_hmac() argument 1 must be str, not ' + type(hash_name).__name__)
    if iterations < 1:
        raise ValueError('iteration value must be greater than 0.')
    prf = hmac.new(bytes(password), None, hash_name)
    size = prf.digest_size
    if dklen is None:
        dklen = size
    if dklen < 1:
        raise ValueError('key length must be greater than 0.')
    out = bytearray()
    block = 1
    while len(out) < dklen:
        h = prf.copy()
        h.update(bytes(salt) + block.to_bytes(4, 'big'))
        u = h.digest()
        acc = int.from_bytes(u, 'big')
        for _ in range(iterations - 1):
            h = prf.copy()
            h.update(u)
            u = h.digest()
            acc ^= int.from_bytes(u, 'big')
        out += acc.to_bytes(size, 'big')
        block += 1
    return bytes(out[:dklen])
