"""Base16, Base32, Base64 (RFC 4648), Base85 and Ascii85 encodings, written for shellsim.

Base64 and hex run on the native codecs in `binascii`; Base32 and Base85 are Python.
"""

import binascii

__all__ = ['encode', 'decode', 'encodebytes', 'decodebytes', 'b64encode', 'b64decode',
           'b32encode', 'b32decode', 'b32hexencode', 'b32hexdecode', 'b16encode',
           'b16decode', 'b85encode', 'b85decode', 'a85encode', 'a85decode',
           'standard_b64encode', 'standard_b64decode', 'urlsafe_b64encode',
           'urlsafe_b64decode']

bytes_types = (bytes, bytearray)


def _bytes_from_decode_data(s):
    if isinstance(s, str):
        try:
            return s.encode('ascii')
        except UnicodeEncodeError:
            raise ValueError('string argument should contain only ASCII characters')
    if isinstance(s, bytes_types):
        return bytes(s)
    raise TypeError("argument should be a bytes-like object or ASCII string, not %r"
                    % s.__class__.__name__) from None


def _check_bytes_like(s):
    if not isinstance(s, bytes_types):
        raise TypeError("a bytes-like object is required, not '%s'" % type(s).__name__)


def _swap(s, frm, to):
    # Byte-for-byte substitution of the two characters in `frm` by those in `to`.
    table = {frm[0]: to[0], frm[1]: to[1]}
    return bytes([table.get(c, c) for c in s])


def b64encode(s, altchars=None):
    encoded = binascii.b2a_base64(s, newline=False)
    if altchars is not None:
        assert len(altchars) == 2, repr(altchars)
        return _swap(encoded, b'+/', altchars)
    return encoded


def b64decode(s, altchars=None, validate=False):
    s = _bytes_from_decode_data(s)
    if altchars is not None:
        altchars = _bytes_from_decode_data(altchars)
        assert len(altchars) == 2, repr(altchars)
        s = _swap(s, altchars, b'+/')
    return binascii.a2b_base64(s, strict_mode=validate)


def standard_b64encode(s):
    return b64encode(s)


def standard_b64decode(s):
    return b64decode(s)


def urlsafe_b64encode(s):
    return _swap(b64encode(s), b'+/', b'-_')


def urlsafe_b64decode(s):
    s = _bytes_from_decode_data(s)
    return b64decode(_swap(s, b'-_', b'+/'))


_B32_ALPHABET = b'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
_B32HEX_ALPHABET = b'0123456789ABCDEFGHIJKLMNOPQRSTUV'


def _b32encode(alphabet, s):
    _check_bytes_like(s)
    s = bytes(s)
    out = bytearray()
    for i in range(0, len(s), 5):
        chunk = s[i:i + 5]
        n = int.from_bytes(chunk.ljust(5, b'\0'), 'big')
        for shift in range(35, -5, -5):
            out.append(alphabet[(n >> shift) & 31])
    # Padding replaces the characters that encode only the zero fill.
    rest = len(s) % 5
    if rest:
        pad = {1: 6, 2: 4, 3: 3, 4: 1}[rest]
        out[-pad:] = b'=' * pad
    return bytes(out)


def _b32decode(alphabet, s, casefold=False, map01=None):
    s = _bytes_from_decode_data(s)
    if len(s) % 8:
        raise binascii.Error('Incorrect padding')
    if map01 is not None:
        map01 = _bytes_from_decode_data(map01)
        assert len(map01) == 1, repr(map01)
        s = s.replace(b'0', b'O').replace(b'1', map01)
    if casefold:
        s = s.upper()
    stripped = s.rstrip(b'=')
    padchars = len(s) - len(stripped)
    values = {c: i for i, c in enumerate(alphabet)}
    out = bytearray()
    for i in range(0, len(stripped), 8):
        quanta = stripped[i:i + 8]
        n = 0
        for c in quanta:
            v = values.get(c)
            if v is None:
                raise binascii.Error('Non-base32 digit found')
            n = (n << 5) | v
        n <<= 5 * (8 - len(quanta))
        out += n.to_bytes(5, 'big')
    if padchars:
        keep = {0: 5, 1: 4, 3: 3, 4: 2, 6: 1}.get(padchars)
        if keep is None or len(s) == padchars:
            raise binascii.Error('Incorrect padding')
        del out[len(out) - 5 + keep:]
    return bytes(out)


def b32encode(s):
    return _b32encode(_B32_ALPHABET, s)


def b32decode(s, casefold=False, map01=None):
    return _b32decode(_B32_ALPHABET, s, casefold, map01)


def b32hexencode(s):
    return _b32encode(_B32HEX_ALPHABET, s)


def b32hexdecode(s, casefold=False):
    return _b32decode(_B32HEX_ALPHABET, s, casefold)


def b16encode(s):
    return binascii.hexlify(s).upper()


def b16decode(s, casefold=False):
    s = _bytes_from_decode_data(s)
    if casefold:
        s = s.upper()
    for c in s:
        if c not in b'0123456789ABCDEF':
            raise binascii.Error('Non-base16 digit found')
    return binascii.unhexlify(s)


_B85_ALPHABET = (b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                 b"abcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~")


def _85encode(b, chars, pad=False, foldnuls=False, foldspaces=False):
    _check_bytes_like(b)
    b = bytes(b)
    padding = (-len(b)) % 4
    if padding:
        b = b + b'\0' * padding
    out = bytearray()
    for i in range(0, len(b), 4):
        word = int.from_bytes(b[i:i + 4], 'big')
        if foldnuls and word == 0:
            out += b'z'
            continue
        if foldspaces and word == 0x20202020:
            out += b'y'
            continue
        digits = []
        for _ in range(5):
            word, r = divmod(word, 85)
            digits.append(chars[r])
        out += bytes(reversed(digits))
    if padding and not pad:
        if out[-1:] == b'z':
            out[-1:] = chars[0:1] * 5
        del out[len(out) - padding:]
    return bytes(out)


def b85encode(b, pad=False):
    return _85encode(b, _B85_ALPHABET, pad)


def b85decode(b):
    b = _bytes_from_decode_data(b)
    values = {c: i for i, c in enumerate(_B85_ALPHABET)}
    padding = (-len(b)) % 5
    b = b + b'~' * padding
    out = bytearray()
    for i in range(0, len(b), 5):
        chunk = b[i:i + 5]
        acc = 0
        for j, c in enumerate(chunk):
            v = values.get(c)
            if v is None:
                raise ValueError('bad base85 character at position %d' % (i + j)) from None
            acc = acc * 85 + v
        if acc > 0xffffffff:
            raise ValueError('base85 overflow in hunk starting at byte %d' % i) from None
        out += acc.to_bytes(4, 'big')
    if padding:
        del out[len(out) - padding:]
    return bytes(out)


_A85_START = b'<~'
_A85_END = b'~>'


def a85encode(b, *, foldspaces=False, wrapcol=0, pad=False, adobe=False):
    chars = bytes(range(33, 118))
    result = _85encode(b, chars, pad, True, foldspaces)
    if adobe:
        result = _A85_START + result
    if wrapcol:
        wrapcol = max(2 if adobe else 1, wrapcol)
        chunks = [result[i: i + wrapcol] for i in range(0, len(result), wrapcol)]
        if adobe and len(chunks[-1]) + 2 > wrapcol:
            chunks.append(b'')
        result = b'\n'.join(chunks)
    if adobe:
        result += _A85_END
    return result


def a85decode(b, *, foldspaces=False, adobe=False, ignorechars=b' \t\n\r\v'):
    b = _bytes_from_decode_data(b)
    if adobe:
        if not b.endswith(_A85_END):
            raise ValueError("Ascii85 encoded byte sequences must end with {!r}"
                             .format(_A85_END))
        if b.startswith(_A85_START):
            b = b[2:-2]
        else:
            b = b[:-2]
    out = bytearray()
    group = []
    for c in b + b'u' * 4:
        if 33 <= c <= 117:
            group.append(c - 33)
            if len(group) == 5:
                acc = 0
                for v in group:
                    acc = acc * 85 + v
                if acc > 0xffffffff:
                    raise ValueError('Ascii85 overflow')
                out += acc.to_bytes(4, 'big')
                group = []
        elif c == 0x7a:  # z
            if group:
                raise ValueError('z inside Ascii85 5-tuple')
            out += b'\0\0\0\0'
        elif foldspaces and c == 0x79:  # y
            if group:
                raise ValueError('y inside Ascii85 5-tuple')
            out += b'    '
        elif c in ignorechars:
            continue
        else:
            raise ValueError('Non-Ascii85 digit found: %c' % c)
    padding = 4 - len(group)
    del out[len(out) - padding:]
    return bytes(out)


MAXLINESIZE = 76
MAXBINSIZE = (MAXLINESIZE // 4) * 3


def _check_buffer(s):
    if not isinstance(s, bytes_types):
        raise TypeError("expected bytes-like object, not %s" % s.__class__.__name__)


def encodebytes(s):
    _check_buffer(s)
    pieces = []
    for i in range(0, len(s), MAXBINSIZE):
        pieces.append(binascii.b2a_base64(s[i: i + MAXBINSIZE]))
    return b"".join(pieces)


def decodebytes(s):
    _check_buffer(s)
    return binascii.a2b_base64(s)


def encode(input, output):
    while True:
        s = input.read(MAXBINSIZE)
        if not s:
            break
        while len(s) < MAXBINSIZE:
            ns = input.read(MAXBINSIZE - len(s))
            if not ns:
                break
            s += ns
        output.write(binascii.b2a_base64(s))


def decode(input, output):
    while True:
        line = input.readline()
        if not line:
            break
        output.write(binascii.a2b_base64(line))
