"""JSON (JavaScript Object Notation) encoding and decoding.

dumps() and dump() turn Python values into JSON text; loads() and load() read
JSON text back into dicts, lists, strs, ints, floats, bools and None.

    >>> import json
    >>> json.dumps({"name": "x", "tags": [1, 2]})
    '{"name": "x", "tags": [1, 2]}'
    >>> json.loads('[1, 2.5, null]')
    [1, 2.5, None]

Written for shellsim (the scanning and the one-pass encoder are native, in
the _json module). The statements tracebacks show sit at the line numbers
CPython 3.14's json/__init__.py has them, so a traceback through json reads
as it does on Linux; this file is laid out from __init__.py.in by
scripts/place_lines.py.
"""
__version__ = '2.0.9'
__all__ = [
    'dump', 'dumps', 'load', 'loads',
    'JSONDecoder', 'JSONDecodeError', 'JSONEncoder',
]

__author__ = 'shellsim'

from .decoder import JSONDecoder, JSONDecodeError
from .encoder import JSONEncoder

# The encoder and decoder used when no option is given.
_default_encoder = JSONEncoder(
    skipkeys=False,
    ensure_ascii=True,
    check_circular=True,
    allow_nan=True,
    indent=None,
    separators=None,
    default=None,
)


def _plain(skipkeys, ensure_ascii, check_circular, allow_nan, cls, indent,
           separators, default, sort_keys, kw):
    # Whether every option has its default value (the shared encoder does).
    return (not skipkeys and ensure_ascii and check_circular and allow_nan
            and cls is None and indent is None and separators is None
            and default is None and not sort_keys and not kw)


def dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True,
        allow_nan=True, cls=None, indent=None, separators=None,
        default=None, sort_keys=False, **kw):
    """Serialize ``obj`` as JSON to ``fp``, a file-like object with ``.write()``.

    The options are those of dumps(). The text is written in chunks as the
    encoder produces them.
    """
    if _plain(skipkeys, ensure_ascii, check_circular, allow_nan, cls, indent,
              separators, default, sort_keys, kw):
        iterable = _default_encoder.iterencode(obj)
    else:
        if cls is None:
            cls = JSONEncoder
        iterable = cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii,
            check_circular=check_circular, allow_nan=allow_nan, indent=indent,
            separators=separators,
            default=default, sort_keys=sort_keys, **kw).iterencode(obj)


















































































































    for chunk in iterable:
        fp.write(chunk)


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True,
        allow_nan=True, cls=None, indent=None, separators=None,
        default=None, sort_keys=False, **kw):
    """Serialize ``obj`` to a JSON formatted ``str``.

    skipkeys: drop dict keys that are not str, int, float, bool or None
    (instead of raising TypeError).
    ensure_ascii: escape every non-ASCII character as \\uXXXX.
    check_circular: detect reference cycles (ValueError) instead of
    recursing until RecursionError.
    allow_nan: write NaN, Infinity and -Infinity (otherwise ValueError).
    indent: a number of spaces or a string to pretty-print with; None is
    the most compact single-line form.
    separators: an (item_separator, key_separator) pair.
    default: a function returning a serializable version of other objects.
    sort_keys: write dict items sorted by key.
    cls: a JSONEncoder subclass to use.
    """
    if _plain(skipkeys, ensure_ascii, check_circular, allow_nan, cls, indent,
              separators, default, sort_keys, kw):






























        return _default_encoder.encode(obj)
    if cls is None:
        cls = JSONEncoder
    return cls(
        skipkeys=skipkeys, ensure_ascii=ensure_ascii,
        check_circular=check_circular, allow_nan=allow_nan, indent=indent,
        separators=separators, default=default, sort_keys=sort_keys,
        **kw).encode(obj)


_default_decoder = JSONDecoder(object_hook=None, object_pairs_hook=None)


def detect_encoding(b):
    """The encoding of JSON bytes: a byte order mark, else the pattern of
    zero bytes the first characters (ASCII in JSON) make in UTF-16/32."""
    head = b[:4]
    if head in (b'\x00\x00\xfe\xff', b'\xff\xfe\x00\x00'):
        return 'utf-32'
    if head[:2] in (b'\xff\xfe', b'\xfe\xff'):
        return 'utf-16'
    if head[:3] == b'\xef\xbb\xbf':
        return 'utf-8-sig'
    if len(b) >= 4:
        if not b[0]:
            return 'utf-16-be' if b[1] else 'utf-32-be'
        if not b[1]:
            return 'utf-16-le' if b[2] or b[3] else 'utf-32-le'
    elif len(b) == 2:
        if not b[0]:
            return 'utf-16-be'
        if not b[1]:
            return 'utf-16-le'
    return 'utf-8'


try:
    _binary_types = (bytes, bytearray)
except NameError:
    # This interpreter has no bytearray yet.
    _binary_types = (bytes,)


def load(fp, *, cls=None, object_hook=None, parse_float=None,
        parse_int=None, parse_constant=None, object_pairs_hook=None, **kw):
    """Deserialize the JSON document read from ``fp`` (``.read()``).

    The options are those of loads().
    """














    return loads(fp.read(),
        cls=cls, object_hook=object_hook,
        parse_float=parse_float, parse_int=parse_int,
        parse_constant=parse_constant, object_pairs_hook=object_pairs_hook, **kw)


def loads(s, *, cls=None, object_hook=None, parse_float=None,
        parse_int=None, parse_constant=None, object_pairs_hook=None, **kw):
    """Deserialize ``s`` (a str, bytes or bytearray holding a JSON document).

    object_hook: called with every decoded dict; its result replaces it.
    object_pairs_hook: called with the list of (key, value) pairs of every
    object instead (it wins over object_hook).
    parse_float, parse_int: called with the text of every float / int.
    parse_constant: called with '-Infinity', 'Infinity' or 'NaN'.
    strict (a keyword for the decoder): False allows control characters
    inside strings.
    cls: a JSONDecoder subclass to use.
    """
    if isinstance(s, str):
        if s.startswith('\ufeff'):






















            raise JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)",
                                  s, 0)
    else:
        if not isinstance(s, _binary_types):
            raise TypeError(f'the JSON object must be str, bytes or bytearray, '
                            f'not {s.__class__.__name__}')
        s = s.decode(detect_encoding(s), 'surrogatepass')

    if (cls is None and object_hook is None and
            parse_int is None and parse_float is None and
            parse_constant is None and object_pairs_hook is None and not kw):
        return _default_decoder.decode(s)
    if cls is None:
        cls = JSONDecoder
    if object_hook is not None:
        kw['object_hook'] = object_hook
    if object_pairs_hook is not None:
        kw['object_pairs_hook'] = object_pairs_hook
    if parse_float is not None:
        kw['parse_float'] = parse_float
    if parse_int is not None:
        kw['parse_int'] = parse_int
    if parse_constant is not None:
        kw['parse_constant'] = parse_constant
    return cls(**kw).decode(s)
