# The statements CPython 3.14's tracebacks show from `string/__init__.py` are placed on the
# lines it shows them at (`#@N` markers; `scripts/place_lines.py` lays the file out).
"""Character-class constants, `$`-templates (`Template`), the `str.format` machinery as a
class (`Formatter`) and `capwords`.

Written for shellsim; the behaviour (and every error message) follows CPython 3.14.
"""

__all__ = ["ascii_letters", "ascii_lowercase", "ascii_uppercase", "capwords",
           "digits", "hexdigits", "octdigits", "printable", "punctuation",
           "whitespace", "Formatter", "Template"]

import re as _re
from collections import ChainMap as _ChainMap

whitespace = ' \t\n\r\x0b\x0c'
ascii_lowercase = 'abcdefghijklmnopqrstuvwxyz'
ascii_uppercase = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
ascii_letters = ascii_lowercase + ascii_uppercase
digits = '0123456789'
hexdigits = digits + 'abcdef' + 'ABCDEF'
octdigits = '01234567'
punctuation = r"""!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"""
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    """Split `s` on `sep` (runs of whitespace when None), capitalize each word, rejoin."""
    return (sep or ' ').join(map(str.capitalize, s.split(sep)))


# `substitute()` with no mapping: an empty mapping nobody else holds.
_sentinel_dict = {}


def _compile_pattern(cls):
    """Compiles a Template class's `pattern` (its own, or one made from its delimiter and
    identifier patterns)."""
    if 'pattern' in cls.__dict__:
        source = cls.pattern
    else:
        delim = _re.escape(cls.delimiter)
        ident = cls.idpattern
        braced = cls.braceidpattern or cls.idpattern
        # Four alternatives after the delimiter, tried in order: a doubled delimiter,
        # a bare identifier, a braced identifier, anything else (an error).
        source = (
            delim + '(?:'
            + '(?P<escaped>' + delim + ')'
            + '|(?P<named>' + ident + ')'
            + '|{(?P<braced>' + braced + ')}'
            + '|(?P<invalid>)'
            + ')'
        )
    cls.pattern = _re.compile(source, cls.flags | _re.VERBOSE)


class Template:
    """A string with `$name` / `${name}` placeholders, filled by `substitute`."""

    delimiter = '$'
    # ASCII letters, digits and underscore; case-insensitive through `flags`.
    idpattern = r'(?a:[_a-z][_a-z0-9]*)'
    braceidpattern = None
    flags = _re.IGNORECASE

    def __init_subclass__(cls):
        super().__init_subclass__()
        _compile_pattern(cls)

    def __init__(self, template):
        self.template = template

    def _invalid(self, mo):
        i = mo.start('invalid')
        lines = self.template[:i].splitlines(keepends=True)
        if not lines:
            colno = 1
            lineno = 1
        else:
            colno = i - len(''.join(lines[:-1]))
            lineno = len(lines)
        raise ValueError('Invalid placeholder in string: line %d, col %d' %
                         (lineno, colno))

    def substitute(self, mapping=_sentinel_dict, /, **kws):
        if mapping is _sentinel_dict:
            mapping = kws
        elif kws:
            mapping = _ChainMap(kws, mapping)

        def convert(mo):
            named = mo.group('named') or mo.group('braced')
            if named is not None:





































                return str(mapping[named])
            if mo.group('escaped') is not None:
                return self.delimiter
            if mo.group('invalid') is not None:
                self._invalid(mo)
            raise ValueError('Unrecognized named group in pattern',
                             self.pattern)
        return self.pattern.sub(convert, self.template)

    def safe_substitute(self, mapping=_sentinel_dict, /, **kws):
        if mapping is _sentinel_dict:
            mapping = kws
        elif kws:
            mapping = _ChainMap(kws, mapping)

        def convert(mo):
            named = mo.group('named') or mo.group('braced')
            if named is not None:
                try:
                    return str(mapping[named])
                except KeyError:
                    return mo.group()
            if mo.group('escaped') is not None:
                return self.delimiter
            if mo.group('invalid') is not None:
                return mo.group()
            raise ValueError('Unrecognized named group in pattern',
                             self.pattern)
        return self.pattern.sub(convert, self.template)

    def is_valid(self):
        for mo in self.pattern.finditer(self.template):
            if mo.group('invalid') is not None:
                return False
            if (mo.group('named') is None
                    and mo.group('braced') is None
                    and mo.group('escaped') is None):
                raise ValueError('Unrecognized named group in pattern',
                                 self.pattern)
        return True

    def get_identifiers(self):
        ids = []
        for mo in self.pattern.finditer(self.template):
            named = mo.group('named') or mo.group('braced')
            if named is not None:
                if named not in ids:
                    ids.append(named)
            elif (mo.group('invalid') is None
                    and mo.group('escaped') is None):
                raise ValueError('Unrecognized named group in pattern',
                                 self.pattern)
        return ids


# `Template` itself gets its compiled pattern the way every subclass does.
_compile_pattern(Template)


def _parse_format(s):
    """Yields `(literal, field_name, format_spec, conversion)` for a format string, as
    CPython's `_string.formatter_parser` does (the last three are None after a trailing
    literal or an escaped brace)."""
    n = len(s)
    pos = 0
    while pos < n:
        start = pos
        # Literal text up to the next brace.
        while pos < n and s[pos] not in '{}':
            pos += 1
        literal = s[start:pos]
        if pos >= n:
            yield (literal, None, None, None)
            return
        brace = s[pos]
        pos += 1
        if brace == '}':
            if pos < n and s[pos] == '}':
                yield (literal + '}', None, None, None)
                pos += 1
                continue
            raise ValueError("Single '}' encountered in format string")
        if pos < n and s[pos] == '{':
            yield (literal + '{', None, None, None)
            pos += 1
            continue
        if pos >= n:
            raise ValueError("Single '{' encountered in format string")
        # A replacement field: the name runs to ':', '!' or '}' outside brackets.
        name_start = pos
        c = ''
        while pos < n:
            c = s[pos]
            pos += 1
            if c == '{':
                raise ValueError("unexpected '{' in field name")
            if c == '[':
                while pos < n and s[pos] != ']':
                    pos += 1
                continue
            if c in '}:!':
                break
        else:
            raise ValueError("expected '}' before end of string")
        if c == '}':
            yield (literal, s[name_start:pos - 1], '', None)
            continue
        name = s[name_start:pos - 1]
        conversion = None
        if c == '!':
            if pos >= n:
                raise ValueError('end of string while looking for conversion '
                                 'specifier')
            conversion = s[pos]
            pos += 1
            if pos < n:
                c = s[pos]
                pos += 1
                if c == '}':
                    yield (literal, name, '', conversion)
                    continue
                if c != ':':
                    raise ValueError("expected ':' after conversion specifier")
        # The format spec runs to the '}' that balances the field's '{'.
        spec_start = pos
        depth = 1
        while pos < n:
            c = s[pos]
            pos += 1
            if c == '{':
                depth += 1
            elif c == '}':
                depth -= 1
                if depth == 0:
                    break
        else:
            raise ValueError("unmatched '{' in format spec")
        yield (literal, name, s[spec_start:pos - 1], conversion)


def _split_field_name(name):
    """`(first, [(is_attribute, key), ...])` for a field name like `a.b[0]`, as CPython's
    `_string.formatter_field_name_split` splits it."""
    n = len(name)
    pos = 0
    while pos < n and name[pos] not in '.[':
        pos += 1
    first = name[:pos]
    if first.isdigit():
        first = int(first)
    rest = []
    while pos < n:
        c = name[pos]
        pos += 1
        start = pos
        if c == '.':
            while pos < n and name[pos] not in '.[':
                pos += 1
            if pos == start:
                raise ValueError('Empty attribute in format string')
            rest.append((True, name[start:pos]))
        else:
            while pos < n and name[pos] != ']':
                pos += 1
            if pos >= n:
                raise ValueError("Missing ']' in format string")
            key = name[start:pos]
            pos += 1
            if key == '':
                raise ValueError('Empty attribute in format string')
            rest.append((False, int(key) if key.isdigit() else key))
            if pos < n and name[pos] not in '.[':
                raise ValueError("Only '.' or '[' may follow ']' in format field "
                                 "specifier")
    return first, iter(rest)


class Formatter:
    """`str.format` as overridable steps: parse, get_field/get_value, convert_field,
    format_field, check_unused_args."""

    def format(self, format_string, /, *args, **kwargs):
        return self.vformat(format_string, args, kwargs)

    def vformat(self, format_string, args, kwargs):
        used_args = set()
        result, _ = self._vformat(format_string, args, kwargs, used_args, 2)
        self.check_unused_args(used_args, args, kwargs)
        return result

    def _vformat(self, format_string, args, kwargs, used_args, recursion_depth,
                 auto_arg_index=0):
        if recursion_depth < 0:
            raise ValueError('Max string recursion exceeded')
        pieces = []
        for literal_text, field_name, format_spec, conversion in \
                self.parse(format_string):
            if literal_text:
                pieces.append(literal_text)
            if field_name is None:
                continue
            # Automatic numbering (`{}`) and explicit indexes (`{0}`) do not mix;
            # `auto_arg_index` is False once an explicit index was seen.
            if field_name == '':
                if auto_arg_index is False:
                    raise ValueError('cannot switch from manual field '
                                     'specification to automatic field '
                                     'numbering')
                field_name = str(auto_arg_index)
                auto_arg_index += 1
            elif field_name.isdigit():
                if auto_arg_index:
                    raise ValueError('cannot switch from automatic field '
                                     'numbering to manual field '
                                     'specification')
                auto_arg_index = False
            obj, arg_used = self.get_field(field_name, args, kwargs)
            used_args.add(arg_used)
            obj = self.convert_field(obj, conversion)
            format_spec, auto_arg_index = self._vformat(
                format_spec, args, kwargs, used_args, recursion_depth - 1,
                auto_arg_index=auto_arg_index)
            pieces.append(self.format_field(obj, format_spec))
        return ''.join(pieces), auto_arg_index

    def get_value(self, key, args, kwargs):
        if isinstance(key, int):
            return args[key]
        return kwargs[key]

    def check_unused_args(self, used_args, args, kwargs):
        pass

    def format_field(self, value, format_spec):
        return format(value, format_spec)

    def convert_field(self, value, conversion):
        if conversion is None:
            return value
        if conversion == 's':
            return str(value)
        if conversion == 'r':
            return repr(value)
        if conversion == 'a':
            return ascii(value)
        raise ValueError("Unknown conversion specifier {0!s}".format(conversion))

    def parse(self, format_string):
        return _parse_format(format_string)

    def get_field(self, field_name, args, kwargs):
        first, rest = _split_field_name(field_name)
        obj = self.get_value(first, args, kwargs)
        for is_attr, i in rest:
            if is_attr:
                obj = getattr(obj, i)
            else:
                obj = obj[i]
        return obj, first
