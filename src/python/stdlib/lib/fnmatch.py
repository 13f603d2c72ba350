"""Filename matching with shell patterns (written for shellsim).

fnmatch(FILENAME, PATTERN) matches according to the local convention (on POSIX,
exactly as fnmatchcase does). Patterns are Unix shell style: * matches everything,
? any single character, [seq] any character in seq, [!seq] any character not in seq.
"""
import os
import posixpath
import re

__all__ = ["filter", "filterfalse", "fnmatch", "fnmatchcase", "translate"]

_cache = {}
_CACHE_MAX = 32768


def fnmatch(name, pat):
    """Test whether FILENAME matches PATTERN (case-sensitively, as on POSIX)."""
    name = os.path.normcase(name)
    pat = os.path.normcase(pat)
    return fnmatchcase(name, pat)


def _compile(pat):
    try:
        return _cache[pat]
    except KeyError:
        pass
    if isinstance(pat, bytes):
        res = bytes(translate(str(pat, 'ISO-8859-1')), 'ISO-8859-1')
    else:
        res = translate(pat)
    if len(_cache) >= _CACHE_MAX:
        _cache.clear()
    match = re.compile(res).match
    _cache[pat] = match
    return match


def filter(names, pat):
    """Construct a list from those elements of the iterable NAMES that match PAT."""
    pat = os.path.normcase(pat)
    match = _compile(pat)
    return [name for name in names if match(os.path.normcase(name))]


def filterfalse(names, pat):
    """Construct a list from those elements of the iterable NAMES that do not match PAT."""
    pat = os.path.normcase(pat)
    match = _compile(pat)
    return [name for name in names if not match(os.path.normcase(name))]


def fnmatchcase(name, pat):
    """Test whether FILENAME matches PATTERN, including case."""
    match = _compile(pat)
    return match(name) is not None


_STAR = object()
_CLASS_SPECIAL = {'\\': '\\\\', '[': '\\[', '&': '\\&', '~': '\\~', '|': '\\|'}


def _class_char(c):
    return _CLASS_SPECIAL.get(c, c)


def _char_class(body):
    """The regex for the inside of a [...] (the '!' already removed): its ranges,
    with reversed ranges dropped; None when nothing is left."""
    parts = []
    i = 0
    n = len(body)
    while i < n:
        c = body[i]
        if i + 2 < n and body[i + 1] == '-':
            lo, hi = c, body[i + 2]
            i += 3
            if lo <= hi:
                parts.append(_class_char(lo) + '-' + _class_char(hi))
            continue
        i += 1
        parts.append('\\-' if c == '-' else _class_char(c))
    if not parts:
        return None
    text = ''.join(parts)
    if text.startswith('^'):
        text = '\\' + text
    return text


def _bracket(pat, i):
    """The regex for the bracket expression whose '[' is just before index i, and the
    index after it; an unclosed '[' is a literal one. Shared with pathlib's patterns."""
    n = len(pat)
    j = i
    if j < n and pat[j] == '!':
        j += 1
    if j < n and pat[j] == ']':
        j += 1
    while j < n and pat[j] != ']':
        j += 1
    if j >= n:
        return '\\[', i
    body = pat[i:j]
    negate = body.startswith('!')
    if negate:
        body = body[1:]
    inner = _char_class(body)
    if inner is None:
        return ('.' if negate else '(?!)'), j + 1
    return ('[^' if negate else '[') + inner + ']', j + 1


def _tokens(pat):
    res = []
    i = 0
    n = len(pat)
    while i < n:
        c = pat[i]
        i += 1
        if c == '*':
            if not res or res[-1] is not _STAR:
                res.append(_STAR)
        elif c == '?':
            res.append('.')
        elif c == '[':
            text, i = _bracket(pat, i)
            res.append(text)
        else:
            res.append(re.escape(c))
    return res


def translate(pat):
    """Translate a shell PATTERN to a regular expression.

    There is no way to quote meta-characters.
    """
    res = _tokens(pat)
    out = []
    i = 0
    while i < len(res) and res[i] is not _STAR:
        out.append(res[i])
        i += 1
    while i < len(res):
        i += 1
        group = []
        while i < len(res) and res[i] is not _STAR:
            group.append(res[i])
            i += 1
        if i >= len(res):
            out.append('.*')
            out.extend(group)
        else:
            # A star followed by more text: match lazily and never backtrack into it.
            out.append('(?>.*?' + ''.join(group) + ')')
    return '(?s:' + ''.join(out) + ')\\z'
