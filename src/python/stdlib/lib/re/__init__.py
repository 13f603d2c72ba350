"""Support for regular expressions (RE).

shellsim's own `re`: the pattern parser and the backtracking matcher are native (the
built-in `_sre` module); this module builds Pattern and Match objects, substitution
templates, split, findall and the pattern cache on top of it.
"""

import _sre

__all__ = [
    "match", "fullmatch", "search", "sub", "subn", "split",
    "findall", "finditer", "compile", "purge", "escape",
    "error", "Pattern", "Match", "A", "I", "L", "M", "S", "X", "U",
    "ASCII", "IGNORECASE", "LOCALE", "MULTILINE", "DOTALL", "VERBOSE",
    "UNICODE", "NOFLAG", "RegexFlag", "PatternError",
]

_MAXSIZE = 9223372036854775807

# Flag names in the order CPython's RegexFlag lists them in a combined repr.
_FLAG_NAMES = (
    ("ASCII", 256), ("IGNORECASE", 2), ("LOCALE", 4), ("UNICODE", 32),
    ("MULTILINE", 8), ("DOTALL", 16), ("VERBOSE", 64), ("DEBUG", 128),
)
_FLAG_BITS = 0x1FF


class RegexFlag(int):
    """The flags of re (an IntFlag in CPython)."""

    def __hash__(self):
        return hash(int(self))

    def _names(self):
        v = int(self)
        names = []
        for name, bit in _FLAG_NAMES:
            if v & bit:
                names.append(name)
                v &= ~bit
        return names, v

    @property
    def name(self):
        if int(self) == 0:
            return "NOFLAG"
        names, rest = self._names()
        if rest:
            return None
        return "|".join(names)

    @property
    def value(self):
        return int(self)

    def __repr__(self):
        if int(self) == 0:
            return "re.NOFLAG"
        names, rest = self._names()
        parts = ["re." + n for n in names]
        if rest:
            parts.append(hex(rest))
        return "|".join(parts)

    __str__ = __repr__

    def __format__(self, spec):
        if not spec:
            return repr(self)
        return format(int(self), spec)

    def __or__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return RegexFlag(int(self) | int(other))

    __ror__ = __or__

    def __and__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return RegexFlag(int(self) & int(other))

    __rand__ = __and__

    def __xor__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return RegexFlag(int(self) ^ int(other))

    __rxor__ = __xor__

    def __invert__(self):
        return RegexFlag(_FLAG_BITS ^ int(self))

    def __contains__(self, other):
        return int(other) & int(self) == int(other)


NOFLAG = RegexFlag(0)
A = ASCII = RegexFlag(256)
I = IGNORECASE = RegexFlag(2)
L = LOCALE = RegexFlag(4)
U = UNICODE = RegexFlag(32)
M = MULTILINE = RegexFlag(8)
S = DOTALL = RegexFlag(16)
X = VERBOSE = RegexFlag(64)
DEBUG = RegexFlag(128)


class PatternError(Exception):
    """Exception raised for invalid regular expressions.

    Attributes:
        msg: The unformatted error message
        pattern: The regular expression pattern
        pos: The index in the pattern where compilation failed (may be None)
        lineno: The line corresponding to pos (may be None)
        colno: The column corresponding to pos (may be None)
    """

    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        if pattern is not None and pos is not None:
            msg = "%s at position %d" % (msg, pos)
            newline = "\n" if isinstance(pattern, str) else b"\n"
            self.lineno = pattern.count(newline, 0, pos) + 1
            self.colno = pos - pattern.rfind(newline, 0, pos)
            if newline in pattern:
                msg = "%s (line %d, column %d)" % (msg, self.lineno, self.colno)
        else:
            self.lineno = self.colno = None
        super().__init__(msg)


error = PatternError


def _is_bytes(v):
    return isinstance(v, bytes)


def _check_subject(pattern, string):
    if isinstance(string, str):
        if pattern._bytes:
            raise TypeError("cannot use a bytes pattern on a string-like object")
    elif _is_bytes(string):
        if not pattern._bytes:
            raise TypeError("cannot use a string pattern on a bytes-like object")
    else:
        raise TypeError(
            "expected string or bytes-like object, got '%s'" % type(string).__name__
        )


def _index(v, what):
    if isinstance(v, int):
        return int(v)
    raise TypeError(
        "'%s' object cannot be interpreted as an integer" % type(v).__name__
    )


class Pattern:
    """Compiled regular expression object."""

    def _init(self, pattern, flags, code, groups, names):
        self.pattern = pattern
        self.flags = flags
        self.groups = groups
        self._code = code
        self._names = dict(names)
        self._bytes = _is_bytes(pattern)
        return self

    @property
    def groupindex(self):
        return dict(self._names)

    def __repr__(self):
        flags = self.flags
        if not self._bytes and flags & (LOCALE | UNICODE | ASCII) == UNICODE:
            flags &= ~UNICODE
        names = []
        for name, bit in (
            ("IGNORECASE", 2), ("LOCALE", 4), ("MULTILINE", 8), ("DOTALL", 16),
            ("UNICODE", 32), ("VERBOSE", 64), ("DEBUG", 128), ("ASCII", 256),
        ):
            if flags & bit:
                names.append("re." + name)
                flags &= ~bit
        if flags:
            names.append(hex(flags))
        text = repr(self.pattern)[:200]
        if names:
            return "re.compile(%s, %s)" % (text, "|".join(names))
        return "re.compile(%s)" % text

    def __eq__(self, other):
        if not isinstance(other, Pattern):
            return NotImplemented
        return (self.pattern, self.flags) == (other.pattern, other.flags) and (
            type(self.pattern) is type(other.pattern)
        )

    def __hash__(self):
        return hash((self.pattern, self.flags))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def _run(self, string, pos, endpos, mode):
        _check_subject(self, string)
        pos = _index(pos, "pos")
        endpos = _index(endpos, "endpos")
        r = _sre.match(self._code, string, pos, min(endpos, len(string)), mode)
        if r is None:
            return None
        return Match()._init(self, string, pos, endpos, r)

    def match(self, string, pos=0, endpos=_MAXSIZE):
        """Matches zero or more characters at the beginning of the string."""
        return self._run(string, pos, endpos, 0)

    def fullmatch(self, string, pos=0, endpos=_MAXSIZE):
        """Matches against all of the string."""
        return self._run(string, pos, endpos, 1)

    def search(self, string, pos=0, endpos=_MAXSIZE):
        """Scan through string looking for a match, and return a corresponding match
        object instance.

        Return None if no position in the string matches."""
        return self._run(string, pos, endpos, 2)

    def _scan(self, string, pos, endpos, limit):
        _check_subject(self, string)
        pos = _index(pos, "pos")
        endpos = _index(endpos, "endpos")
        return _sre.scan(self._code, string, pos, min(endpos, len(string)), limit)

    def findall(self, string, pos=0, endpos=_MAXSIZE):
        """Return a list of all non-overlapping matches of pattern in string."""
        found = self._scan(string, pos, endpos, 0)
        empty = string[:0]
        n = self.groups
        out = []
        for r in found:
            if n == 0:
                out.append(string[r[1]:r[2]])
            elif n == 1:
                s, e = r[3], r[4]
                out.append(empty if s < 0 else string[s:e])
            else:
                items = []
                for g in range(1, n + 1):
                    s, e = r[2 * g + 1], r[2 * g + 2]
                    items.append(empty if s < 0 else string[s:e])
                out.append(tuple(items))
        return out

    def finditer(self, string, pos=0, endpos=_MAXSIZE):
        """Return an iterator over all non-overlapping matches for the RE pattern in
        string. For each match, the iterator returns a match object."""
        found = self._scan(string, pos, endpos, 0)
        return iter([Match()._init(self, string, pos, endpos, r) for r in found])

    def split(self, string, maxsplit=0):
        """Split string by the occurrences of pattern."""
        maxsplit = _index(maxsplit, "maxsplit")
        if maxsplit < 0:
            _check_subject(self, string)
            return [string]
        found = self._scan(string, 0, _MAXSIZE, maxsplit)
        out = []
        last = 0
        for r in found:
            out.append(string[last:r[1]])
            for g in range(1, self.groups + 1):
                s, e = r[2 * g + 1], r[2 * g + 2]
                out.append(None if s < 0 else string[s:e])
            last = r[2]
        out.append(string[last:])
        return out

    def _subx(self, repl, string, count):
        count = _index(count, "count")
        if count < 0:
            _check_subject(self, string)
            return string, 0
        if callable(repl):
            template = None
        else:
            if isinstance(repl, str):
                if self._bytes:
                    raise TypeError("expected a bytes-like object, str found")
            elif _is_bytes(repl):
                if not self._bytes:
                    raise TypeError("expected str instance, %s found" % type(repl).__name__)
            else:
                raise TypeError("expected str instance, %s found" % type(repl).__name__)
            template = _compile_template(self, repl)
        found = self._scan(string, 0, _MAXSIZE, count)
        empty = string[:0]
        pieces = []
        last = 0
        for r in found:
            pieces.append(string[last:r[1]])
            if template is None:
                piece = repl(Match()._init(self, string, 0, _MAXSIZE, r))
                if piece is not None:
                    pieces.append(piece)
            else:
                pieces.append(_expand(template, string, r, empty))
            last = r[2]
        pieces.append(string[last:])
        return _join(empty, pieces), len(found)

    def sub(self, repl, string, count=0):
        """Return the string obtained by replacing the leftmost non-overlapping
        occurrences of pattern in string by the replacement repl."""
        return self._subx(repl, string, count)[0]

    def subn(self, repl, string, count=0):
        """Return the tuple (new_string, number_of_subs_made) found by replacing the
        leftmost non-overlapping occurrences of pattern with the replacement repl."""
        return self._subx(repl, string, count)


def _expand(template, string, r, empty):
    if len(template) == 1 and not isinstance(template[0], int):
        return template[0]
    parts = []
    for item in template:
        if isinstance(item, int):
            s, e = r[2 * item + 1], r[2 * item + 2]
            if s >= 0:
                parts.append(string[s:e])
        else:
            parts.append(item)
    return _join(empty, parts)


def _join(empty, pieces):
    if isinstance(empty, str):
        return empty.join(pieces)
    # The interpreter's bytes has no join yet: concatenate through a list of byte values.
    out = []
    for p in pieces:
        out.extend(p)
    return bytes(out)


_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t",
            "v": "\v", "\\": "\\"}
_DIGITS = "0123456789"
_OCTAL = "01234567"


def _template_text(repl):
    if isinstance(repl, str):
        return repl
    return "".join([chr(b) for b in repl])


def _compile_template(pattern, repl):
    """A replacement template as a list of literal pieces and group numbers."""
    s = _template_text(repl)
    is_bytes = not isinstance(repl, str)
    items = []
    lit = []
    i = 0
    n = len(s)
    while i < n:
        c = s[i]
        if c != "\\":
            lit.append(c)
            i += 1
            continue
        if i + 1 >= n:
            raise error("bad escape (end of pattern)", repl, i)
        d = s[i + 1]
        group = None
        if d == "g":
            if i + 2 >= n or s[i + 2] != "<":
                raise error("missing <", repl, i + 2)
            j = s.find(">", i + 3)
            if j < 0:
                raise error("missing >, unterminated name", repl, i + 3)
            name = s[i + 3:j]
            if not name:
                raise error("missing group name", repl, i + 3)
            if all(ch in _DIGITS for ch in name):
                group = int(name)
                if group > pattern.groups:
                    raise error("invalid group reference %d" % group, repl, i + 3)
            elif name.isidentifier() and (not is_bytes or name.isascii()):
                if name not in pattern._names:
                    raise IndexError("unknown group name '%s'" % name)
                group = pattern._names[name]
            else:
                raise error("bad character in group name '%s'" % name, repl, i + 3)
            i = j + 1
        elif d == "0":
            j = i + 2
            while j < n and j < i + 4 and s[j] in _OCTAL:
                j += 1
            lit.append(chr(int(s[i + 1:j], 8)))
            i = j
        elif d in _DIGITS:
            if (i + 3 < n and d in _OCTAL and s[i + 2] in _OCTAL
                    and s[i + 3] in _OCTAL):
                v = int(s[i + 1:i + 4], 8)
                if v > 0o377:
                    raise error("octal escape value %s outside of range 0-0o377"
                                % s[i:i + 4], repl, i)
                lit.append(chr(v))
                i += 4
                continue
            j = i + 2
            if j < n and s[j] in _DIGITS:
                j += 1
            group = int(s[i + 1:j])
            if group > pattern.groups:
                raise error("invalid group reference %d" % group, repl, i + 1)
            i = j
        elif d in _ESCAPES:
            lit.append(_ESCAPES[d])
            i += 2
        elif d.isascii() and d.isalpha():
            raise error("bad escape \\%s" % d, repl, i)
        else:
            lit.append("\\" + d)
            i += 2
        if group is not None:
            if lit:
                items.append("".join(lit))
                lit = []
            items.append(group)
    if lit or not items:
        items.append("".join(lit))
    if is_bytes:
        items = [x if isinstance(x, int) else bytes([ord(ch) for ch in x])
                 for x in items]
    return items


class Match:
    """The result of re.match() and re.search().
    Match objects always have a boolean value of True."""

    def _init(self, pattern, string, pos, endpos, r):
        self.re = pattern
        self.string = string
        self.pos = max(0, min(pos, len(string)))
        self.endpos = max(0, min(endpos, len(string)))
        self._r = r
        last = r[0]
        self.lastindex = None if last < 0 else last
        self.lastgroup = None
        if last >= 0:
            for name, g in pattern._names.items():
                if g == last:
                    self.lastgroup = name
        return self

    def _gindex(self, g):
        if isinstance(g, int):
            g = int(g)
            if 0 <= g <= self.re.groups:
                return g
        elif isinstance(g, (str, bytes)):
            if g in self.re._names:
                return self.re._names[g]
        raise IndexError("no such group")

    def _get(self, g, default=None):
        s, e = self._r[2 * g + 1], self._r[2 * g + 2]
        if s < 0:
            return default
        return self.string[s:e]

    def group(self, *args):
        """Return one or more subgroups of the match."""
        if not args:
            return self._get(0)
        if len(args) == 1:
            return self._get(self._gindex(args[0]))
        return tuple([self._get(self._gindex(g)) for g in args])

    def __getitem__(self, g):
        return self._get(self._gindex(g))

    def groups(self, default=None):
        """Return a tuple containing all the subgroups of the match, from 1 up to
        however many groups are in the pattern."""
        return tuple([self._get(g, default) for g in range(1, self.re.groups + 1)])

    def groupdict(self, default=None):
        """Return a dictionary containing all the named subgroups of the match, keyed
        by the subgroup name."""
        return {name: self._get(g, default) for name, g in self.re._names.items()}

    def start(self, group=0):
        """Return index of the start of the substring matched by group."""
        return self._r[2 * self._gindex(group) + 1]

    def end(self, group=0):
        """Return index of the end of the substring matched by group."""
        return self._r[2 * self._gindex(group) + 2]

    def span(self, group=0):
        """For match object m, return the 2-tuple (m.start(group), m.end(group))."""
        g = self._gindex(group)
        return (self._r[2 * g + 1], self._r[2 * g + 2])

    @property
    def regs(self):
        return tuple([(self._r[2 * g + 1], self._r[2 * g + 2])
                      for g in range(self.re.groups + 1)])

    def expand(self, template):
        """Return the string obtained by doing backslash substitution on the string
        template, as done by the sub() method."""
        items = _compile_template(self.re, template)
        return _expand(items, self.string, self._r, self.string[:0])

    def __repr__(self):
        return "<re.Match object; span=(%d, %d), match=%s>" % (
            self._r[1], self._r[2], repr(self.group(0))[:50])

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


_cache = {}
_MAXCACHE = 512


def _compile(pattern, flags):
    if isinstance(flags, RegexFlag):
        flags = int(flags)
    key = (type(pattern), pattern, flags)
    p = _cache.get(key)
    if p is not None:
        return p
    if isinstance(pattern, Pattern):
        if flags:
            raise ValueError("cannot process flags argument with a compiled pattern")
        return pattern
    if not isinstance(pattern, (str, bytes)):
        raise TypeError("first argument must be string or compiled pattern")
    if flags & DEBUG:
        raise NotImplementedError("re: the DEBUG flag is not supported")
    r = _sre.compile(pattern, flags)
    if len(r) == 2:
        raise PatternError(r[0], pattern, r[1])
    code, final_flags, groups, names = r
    p = Pattern()._init(pattern, final_flags, code, groups, names)
    if len(_cache) >= _MAXCACHE:
        del _cache[next(iter(_cache))]
    _cache[key] = p
    return p


def match(pattern, string, flags=0):
    """Try to apply the pattern at the start of the string, returning
    a Match object, or None if no match was found."""
    return _compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    """Try to apply the pattern to all of the string, returning
    a Match object, or None if no match was found."""
    return _compile(pattern, flags).fullmatch(string)


def search(pattern, string, flags=0):
    """Scan through string looking for a match to the pattern, returning
    a Match object, or None if no match was found."""
    return _compile(pattern, flags).search(string)


def sub(pattern, repl, string, count=0, flags=0):
    """Return the string obtained by replacing the leftmost
    non-overlapping occurrences of the pattern in string by the
    replacement repl."""
    return _compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    """Return a 2-tuple containing (new_string, number)."""
    return _compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    """Split the source string by the occurrences of the pattern,
    returning a list containing the resulting substrings."""
    return _compile(pattern, flags).split(string, maxsplit)


def findall(pattern, string, flags=0):
    """Return a list of all non-overlapping matches in the string."""
    return _compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    """Return an iterator over all non-overlapping matches in the
    string.  For each match, the iterator returns a Match object."""
    return _compile(pattern, flags).finditer(string)


def compile(pattern, flags=0):
    "Compile a regular expression pattern, returning a Pattern object."
    return _compile(pattern, flags)


def purge():
    "Clear the regular expression caches"
    _cache.clear()


_SPECIAL = frozenset("()[]{}?*+-|^$\\.&~# \t\n\r\v\f")


def escape(pattern):
    """Escape special characters in a string."""
    if isinstance(pattern, str):
        return "".join(["\\" + c if c in _SPECIAL else c for c in pattern])
    out = []
    for b in pattern:
        if chr(b) in _SPECIAL:
            out.append(92)
        out.append(b)
    return bytes(out)
