"""The JSON decoder: JSONDecoder and JSONDecodeError.

Written for shellsim; the scanner is native (_json.make_scanner). The
statements tracebacks show sit at the line numbers CPython 3.14's
json/decoder.py has them; this file is laid out from decoder.py.in by
scripts/place_lines.py.
"""
from json import scanner
from _json import scanstring

__all__ = ['JSONDecoder', 'JSONDecodeError']

NaN = float('nan')
PosInf = float('inf')
NegInf = float('-inf')


class JSONDecodeError(ValueError):
    """A document that is not valid JSON.

    msg: the message without the position
    doc: the document
    pos: the index in doc where parsing failed
    lineno, colno: pos as a line and column, both counted from 1
    """

    def __init__(self, msg, doc, pos):
        lineno = doc.count('\n', 0, pos) + 1
        colno = pos - doc.rfind('\n', 0, pos)
        errmsg = '%s: line %d column %d (char %d)' % (msg, lineno, colno, pos)
        ValueError.__init__(self, errmsg)
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno

    def __reduce__(self):
        return self.__class__, (self.msg, self.doc, self.pos)


_CONSTANTS = {
    '-Infinity': NegInf,
    'Infinity': PosInf,
    'NaN': NaN,
}


class _WhitespaceEnd:
    # What `WHITESPACE.match(s, pos)` gives: an object whose end() is the
    # index after the run of JSON whitespace starting at pos.
    def __init__(self, end):
        self._end = end

    def end(self):
        return self._end


class _Whitespace:
    # The `[ \t\n\r]*` pattern, without the re module.
    def match(self, s, pos=0):
        n = len(s)
        while pos < n and s[pos] in ' \t\n\r':
            pos += 1
        return _WhitespaceEnd(pos)


WHITESPACE = _Whitespace()
WHITESPACE_STR = ' \t\n\r'


class JSONDecoder(object):
    """Decodes JSON documents.

    JSON       Python
    object     dict
    array      list
    string     str
    number     int or float
    true       True
    false      False
    null       None

    NaN, Infinity and -Infinity are also understood, as their float values.
    """

    def __init__(self, *, object_hook=None, parse_float=None,
            parse_int=None, parse_constant=None, strict=True,
            object_pairs_hook=None):
        """object_hook, object_pairs_hook, parse_float, parse_int and
        parse_constant are the hooks loads() documents; strict=False allows
        control characters inside strings."""
        self.object_hook = object_hook
        self.parse_float = parse_float or float
        self.parse_int = parse_int or int
        self.parse_constant = parse_constant or _CONSTANTS.__getitem__
        self.strict = strict
        self.object_pairs_hook = object_pairs_hook
        self.parse_object = None
        self.parse_array = None
        self.parse_string = scanstring
        self.memo = {}
        self.scan_once = scanner.make_scanner(self)

    def decode(self, s, _w=WHITESPACE.match):
        """The Python value of the JSON document ``s`` (a str), which may be
        surrounded by whitespace and nothing else."""













































































































































































































































        obj, end = self.raw_decode(s, idx=_w(s, 0).end())
        end = _w(s, end).end()
        if end != len(s):
            raise JSONDecodeError("Extra data", s, end)
        return obj

    def raw_decode(self, s, idx=0):
        """Decode the JSON value starting at ``s[idx]``; return it and the
        index where it ends (text may follow it).

        >>> JSONDecoder().raw_decode('[1] rest')
        ([1], 3)
        """
        try:


            obj, end = self.scan_once(s, idx)
        except StopIteration as err:
            raise JSONDecodeError("Expecting value", s, err.value) from None
        return obj, end
