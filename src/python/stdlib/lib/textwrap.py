"""Wrapping and filling text: `TextWrapper`, `wrap`, `fill`, `shorten`, `dedent`, `indent`.

Written for shellsim; the behaviour follows CPython 3.14's `textwrap`.
"""

import re

__all__ = ['TextWrapper', 'wrap', 'fill', 'dedent', 'indent', 'shorten']

# The whitespace textwrap knows about: ASCII only, as in CPython.
_ws = '\t\n\x0b\x0c\r '
_ws_class = '[\\t\\n\\x0b\\x0c\\r ]'
_non_ws = '[^\\t\\n\\x0b\\x0c\\r ]'
_letter = r'[^\d\W]'
# Characters that may end a word standing before an em-dash (`--`).
_before_dash = r'[\w!"\'&.,?]'


class TextWrapper:
    """Splits text into chunks (words, whitespace runs, hyphenated parts) and packs them
    into lines no wider than `width`."""

    # Each whitespace character becomes one space when `replace_whitespace` is set.
    unicode_whitespace_trans = dict.fromkeys(map(ord, _ws), ord(' '))

    # A chunk is a whitespace run, an em-dash between words, or the shortest run of
    # non-space characters that ends at a hyphen between letters, at whitespace or
    # the end of the text, or just before an em-dash.
    wordsep_re = re.compile(
        '(' + _ws_class + '+'
        + '|(?<=' + _before_dash + ')-{2,}(?=\\w)'
        + '|' + _non_ws + '+?(?:'
        + '-(?:(?<=' + _letter + '{2}-)|(?<=' + _letter + '-' + _letter + '-))'
        + '(?=' + _letter + '-?' + _letter + ')'
        + '|(?=' + _ws_class + '|\\Z)'
        + '|(?<=' + _before_dash + ')(?=-{2,}\\w)'
        + '))')
    wordsep_simple_re = re.compile('(' + _ws_class + '+)')
    # A lowercase letter, sentence punctuation, and an optional closing quote.
    sentence_end_re = re.compile(r'[a-z][.!?]["\']?\Z')

    def __init__(self, width=70, initial_indent="", subsequent_indent="",
                 expand_tabs=True, replace_whitespace=True,
                 fix_sentence_endings=False, break_long_words=True,
                 drop_whitespace=True, break_on_hyphens=True, tabsize=8, *,
                 max_lines=None, placeholder=' [...]'):
        self.width = width
        self.initial_indent = initial_indent
        self.subsequent_indent = subsequent_indent
        self.expand_tabs = expand_tabs
        self.replace_whitespace = replace_whitespace
        self.fix_sentence_endings = fix_sentence_endings
        self.break_long_words = break_long_words
        self.drop_whitespace = drop_whitespace
        self.break_on_hyphens = break_on_hyphens
        self.tabsize = tabsize
        self.max_lines = max_lines
        self.placeholder = placeholder

    def _munge_whitespace(self, text):
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize)
        if self.replace_whitespace:
            text = text.translate(self.unicode_whitespace_trans)
        return text

    def _split(self, text):
        pattern = self.wordsep_re if self.break_on_hyphens is True \
            else self.wordsep_simple_re
        return [c for c in pattern.split(text) if c]

    def _fix_sentence_endings(self, chunks):
        i = 0
        while i < len(chunks) - 1:
            if chunks[i + 1] == " " and self.sentence_end_re.search(chunks[i]):
                chunks[i + 1] = "  "
                i += 2
            else:
                i += 1

    def _handle_long_word(self, reversed_chunks, cur_line, cur_len, width):
        # A word longer than the line: break it (at a hyphen when allowed), or put it
        # on a line of its own.
        space_left = 1 if width < 1 else width - cur_len
        if self.break_long_words:
            end = space_left
            chunk = reversed_chunks[-1]
            if self.break_on_hyphens and len(chunk) > space_left:
                hyphen = chunk.rfind('-', 0, space_left)
                if hyphen > 0 and any(c != '-' for c in chunk[:hyphen]):
                    end = hyphen + 1
            cur_line.append(chunk[:end])
            reversed_chunks[-1] = chunk[end:]
        elif not cur_line:
            cur_line.append(reversed_chunks.pop())

    def _wrap_chunks(self, chunks):
        lines = []
        if self.width <= 0:
            raise ValueError("invalid width %r (must be > 0)" % self.width)
        if self.max_lines is not None:
            indent = self.subsequent_indent if self.max_lines > 1 \
                else self.initial_indent
            if len(indent) + len(self.placeholder.lstrip()) > self.width:
                raise ValueError("placeholder too large for max width")
        # Taken from the end, so the list is reversed once.
        chunks.reverse()
        while chunks:
            cur_line = []
            cur_len = 0
            indent = self.subsequent_indent if lines else self.initial_indent
            width = self.width - len(indent)
            # Whitespace at the start of a line (but the first) is dropped.
            if self.drop_whitespace and chunks[-1].strip() == '' and lines:
                del chunks[-1]
            while chunks:
                size = len(chunks[-1])
                if cur_len + size > width:
                    break
                cur_line.append(chunks.pop())
                cur_len += size
            if chunks and len(chunks[-1]) > width:
                self._handle_long_word(chunks, cur_line, cur_len, width)
                cur_len = sum(map(len, cur_line))
            if self.drop_whitespace and cur_line and cur_line[-1].strip() == '':
                cur_len -= len(cur_line[-1])
                del cur_line[-1]
            if not cur_line:
                continue
            last_allowed = (self.max_lines is None
                            or len(lines) + 1 < self.max_lines
                            or ((not chunks
                                 or (self.drop_whitespace and len(chunks) == 1
                                     and not chunks[0].strip()))
                                and cur_len <= width))
            if last_allowed:
                lines.append(indent + ''.join(cur_line))
                continue
            # The last line allowed: end it with the placeholder, dropping words
            # until it fits.
            while cur_line:
                if cur_line[-1].strip() and cur_len + len(self.placeholder) <= width:
                    cur_line.append(self.placeholder)
                    lines.append(indent + ''.join(cur_line))
                    break
                cur_len -= len(cur_line[-1])
                del cur_line[-1]
            else:
                if lines:
                    prev_line = lines[-1].rstrip()
                    if len(prev_line) + len(self.placeholder) <= self.width:
                        lines[-1] = prev_line + self.placeholder
                        break
                lines.append(indent + self.placeholder.lstrip())
            break
        return lines

    def _split_chunks(self, text):
        return self._split(self._munge_whitespace(text))

    def wrap(self, text):
        chunks = self._split_chunks(text)
        if self.fix_sentence_endings:
            self._fix_sentence_endings(chunks)
        return self._wrap_chunks(chunks)

    def fill(self, text):
        return "\n".join(self.wrap(text))


def wrap(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).wrap(text)


def fill(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).fill(text)


def shorten(text, width, **kwargs):
    w = TextWrapper(width=width, max_lines=1, **kwargs)
    return w.fill(' '.join(text.strip().split()))


def dedent(text):
    """Removes the leading whitespace every non-blank line shares; lines of only
    whitespace become empty."""
    lines = text.split('\n')
    margin = None
    for line in lines:
        if not line or line.isspace():
            continue
        lead = line[:len(line) - len(line.lstrip())]
        if margin is None:
            margin = lead
        else:
            n = 0
            limit = min(len(margin), len(lead))
            while n < limit and margin[n] == lead[n]:
                n += 1
            margin = margin[:n]
    cut = len(margin) if margin else 0
    out = []
    for line in lines:
        if not line or line.isspace():
            out.append('')
        else:
            out.append(line[cut:])
    return '\n'.join(out)


def indent(text, prefix, predicate=None):
    """Puts `prefix` before every line for which `predicate` is true (by default, every
    line that is not only whitespace)."""
    out = []
    for line in text.splitlines(True):
        keep = predicate(line) if predicate is not None else line.strip()
        out.append(prefix + line if keep else line)
    return ''.join(out)
