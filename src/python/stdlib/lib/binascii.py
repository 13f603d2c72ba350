"""Conversions between binary data and ASCII encodings (hex, base64, CRCs).

The codecs are native (`_binascii`); this module names them and defines the exceptions
they raise.
"""

from _binascii import (hexlify, b2a_hex, unhexlify, a2b_hex, b2a_base64, a2b_base64,
                       crc32, crc_hqx)


class Error(ValueError):
    pass


class Incomplete(Exception):
    pass
