"""A lexical analyzer class for simple shell-like syntaxes (written for shellsim).

split(), quote(), join() and the shlex class: POSIX and compatibility modes, quotes,
escapes, comments, whitespace_split and punctuation_chars. Source inclusion (the
`source` attribute / sourcehook) is not supported: a lexer with `source` set raises
NotImplementedError when it meets the keyword.
"""

import sys
from collections import deque
from io import StringIO

__all__ = ["shlex", "split", "quote", "join"]

_ASCII_WORD = ('abcdfeghijklmnopqrstuvwxyz'
               'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_')
# The Latin-1 letters POSIX mode adds to the word characters.
_LATIN1_WORD = ('ßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ'
                'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞ')


class shlex:
    """A lexical analyzer class for simple shell-like syntaxes."""

    def __init__(self, instream=None, infile=None, posix=False,
                 punctuation_chars=False):
        if isinstance(instream, str):
            instream = StringIO(instream)
        if instream is not None:
            self.instream = instream
            self.infile = infile
        else:
            self.instream = sys.stdin
            self.infile = None
        self.posix = posix
        self.eof = None if posix else ''
        self.commenters = '#'
        self.wordchars = _ASCII_WORD + (_LATIN1_WORD if posix else '')
        self.whitespace = ' \t\r\n'
        self.whitespace_split = False
        self.quotes = '\'"'
        self.escape = '\\'
        self.escapedquotes = '"'
        self.state = ' '
        self.pushback = deque()
        self.lineno = 1
        self.debug = 0
        self.token = ''
        self.filestack = deque()
        self.source = None
        if not punctuation_chars:
            punctuation_chars = ''
        elif punctuation_chars is True:
            punctuation_chars = '();<>|&'
        self._punctuation_chars = punctuation_chars
        if punctuation_chars:
            self._pushback_chars = deque()
            self.wordchars += '~-./*?='
            self.wordchars = ''.join(c for c in self.wordchars
                                     if c not in punctuation_chars)

    @property
    def punctuation_chars(self):
        return self._punctuation_chars

    def push_token(self, tok):
        """Push a token onto the stack popped by the get_token method"""
        self.pushback.appendleft(tok)

    def push_source(self, newstream, newfile=None):
        raise NotImplementedError("shlex.push_source is not supported by this simulator")

    def pop_source(self):
        raise NotImplementedError("shlex.pop_source is not supported by this simulator")

    def get_token(self):
        """Get a token from the input stream (or from stack if it's nonempty)"""
        if self.pushback:
            return self.pushback.popleft()
        raw = self.read_token()
        if self.source is not None and raw == self.source:
            raise NotImplementedError(
                "shlex source inclusion is not supported by this simulator")
        return raw

    def _next_char(self):
        if self._punctuation_chars and self._pushback_chars:
            return self._pushback_chars.pop()
        return self.instream.read(1)

    def _unread(self, ch):
        # A character that ends a token is read again as the start of the next one.
        if self._punctuation_chars:
            self._pushback_chars.append(ch)
        else:
            self.pushback.appendleft(ch)

    def read_token(self):
        quoted = False
        escaped_from = ' '
        while True:
            ch = self._next_char()
            if ch == '\n':
                self.lineno += 1
            state = self.state
            if state is None:
                self.token = ''
                break
            have = bool(self.token) or (self.posix and quoted)
            if state == ' ':
                if not ch:
                    self.state = None
                    break
                if ch in self.whitespace:
                    if have:
                        break
                elif ch in self.commenters:
                    self.instream.readline()
                    self.lineno += 1
                elif self.posix and ch in self.escape:
                    escaped_from = 'a'
                    self.state = ch
                elif ch in self.wordchars:
                    self.token = ch
                    self.state = 'a'
                elif ch in self._punctuation_chars:
                    self.token = ch
                    self.state = 'c'
                elif ch in self.quotes:
                    if not self.posix:
                        self.token = ch
                    self.state = ch
                elif self.whitespace_split:
                    self.token = ch
                    self.state = 'a'
                else:
                    # A lone character that is a token by itself.
                    self.token = ch
                    if self.token or (self.posix and quoted):
                        break
            elif state in self.quotes:
                quoted = True
                if not ch:
                    raise ValueError("No closing quotation")
                if ch == state:
                    if not self.posix:
                        self.token += ch
                        self.state = ' '
                        break
                    self.state = 'a'
                elif self.posix and ch in self.escape and state in self.escapedquotes:
                    escaped_from = state
                    self.state = ch
                else:
                    self.token += ch
            elif state in self.escape:
                if not ch:
                    raise ValueError("No escaped character")
                # Inside quotes an escape only escapes the quote and itself.
                if escaped_from in self.quotes and ch != state and ch != escaped_from:
                    self.token += state
                self.token += ch
                self.state = escaped_from
            elif state in ('a', 'c'):
                if not ch:
                    self.state = None
                    break
                if ch in self.whitespace:
                    self.state = ' '
                    if have:
                        break
                elif ch in self.commenters:
                    self.instream.readline()
                    self.lineno += 1
                    if self.posix:
                        self.state = ' '
                        if have:
                            break
                elif state == 'c':
                    if ch in self._punctuation_chars:
                        self.token += ch
                    else:
                        if ch not in self.whitespace:
                            self._pushback_chars.append(ch)
                        self.state = ' '
                        break
                elif self.posix and ch in self.quotes:
                    self.state = ch
                elif self.posix and ch in self.escape:
                    escaped_from = 'a'
                    self.state = ch
                elif (ch in self.wordchars or ch in self.quotes
                      or (self.whitespace_split and ch not in self._punctuation_chars)):
                    self.token += ch
                else:
                    self._unread(ch)
                    self.state = ' '
                    if have:
                        break
        result = self.token
        self.token = ''
        if self.posix and not quoted and result == '':
            result = None
        return result

    def sourcehook(self, newfile):
        raise NotImplementedError("shlex.sourcehook is not supported by this simulator")

    def error_leader(self, infile=None, lineno=None):
        if infile is None:
            infile = self.infile
        if lineno is None:
            lineno = self.lineno
        return "\"%s\", line %d: " % (infile, lineno)

    def __iter__(self):
        return self

    def __next__(self):
        token = self.get_token()
        if token == self.eof:
            raise StopIteration
        return token


def split(s, comments=False, posix=True):
    """Split the string *s* using shell-like syntax."""
    if s is None:
        raise ValueError("s argument must not be None")
    lex = shlex(s, posix=posix)
    lex.whitespace_split = True
    if not comments:
        lex.commenters = ''
    return list(lex)


def join(split_command):
    """Return a shell-escaped string from *split_command*."""
    return ' '.join(quote(arg) for arg in split_command)


_SAFE = frozenset('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
                  '@%+=:,./-_')


def quote(s):
    """Return a shell-escaped version of the string *s*."""
    if not s:
        return "''"
    if not isinstance(s, str):
        raise TypeError(f"expected string object, got {type(s).__name__!r}")
    if all(c in _SAFE for c in s):
        return s
    # Single quotes keep everything literal; a single quote itself is closed, given
    # inside double quotes, and reopened.
    return "'" + s.replace("'", "'\"'\"'") + "'"
