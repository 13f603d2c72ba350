# The core of `csv` (CPython's is the C module `_csv`): dialect validation, the reader's
# state machine and the writer's quoting, written for shellsim. Built-in, so tracebacks
# show none of these frames, as CPython shows none of its C code.

__version__ = "1.0"

QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONNUMERIC, QUOTE_NONE, QUOTE_STRINGS, QUOTE_NOTNULL = range(6)

_dialects = {}
_field_limit = 128 * 1024


class Error(Exception):
    pass


def _char(name, value, allow_none):
    # A one-character setting: the type error names what was given.
    if value is None:
        if allow_none:
            return None
        raise TypeError('"%s" must be a unicode character, not NoneType' % name)
    if not isinstance(value, str):
        raise TypeError('"%s" must be a unicode character%s, not %s'
                        % (name, ' or None' if allow_none else '', type(value).__name__))
    if len(value) != 1:
        raise TypeError('"%s" must be a unicode character%s, not a string of length %d'
                        % (name, ' or None' if allow_none else '', len(value)))
    return value


class Dialect:
    """The validated settings of a reader or writer (`_csv.Dialect`)."""

    __slots__ = ('_delimiter', '_doublequote', '_escapechar', '_lineterminator',
                 '_quotechar', '_quoting', '_skipinitialspace', '_strict')

    def __new__(cls, dialect=None, **kwargs):
        for k in kwargs:
            if k not in ('delimiter', 'doublequote', 'escapechar', 'lineterminator',
                         'quotechar', 'quoting', 'skipinitialspace', 'strict'):
                raise TypeError("this function got an unexpected keyword argument '%s'" % k)
        if dialect is not None:
            if isinstance(dialect, str):
                dialect = get_dialect(dialect)
            if (isinstance(dialect, Dialect) and not kwargs and cls is Dialect):
                return dialect
        self = object.__new__(cls)

        def setting(name, default):
            if name in kwargs:
                return kwargs[name]
            if dialect is not None and hasattr(dialect, name):
                return getattr(dialect, name)
            return default

        quoting = setting('quoting', QUOTE_MINIMAL)
        if type(quoting) is not int and not isinstance(quoting, int):
            raise TypeError('bad "quoting" value')
        if quoting not in range(6):
            raise TypeError('bad "quoting" value')
        delimiter = _char('delimiter', setting('delimiter', ','), False)
        quotechar = setting('quotechar', '"')
        quotechar = _char('quotechar', quotechar, True)
        escapechar = _char('escapechar', setting('escapechar', None), True)
        lineterminator = setting('lineterminator', '\r\n')
        if not isinstance(lineterminator, str):
            raise TypeError('"lineterminator" must be a string, not %s'
                            % type(lineterminator).__name__)
        doublequote = bool(setting('doublequote', True))
        skipinitialspace = bool(setting('skipinitialspace', False))
        strict = bool(setting('strict', False))
        if quotechar is None and quoting != QUOTE_NONE:
            # Without a quote character, quoting is off unless it was asked for.
            if 'quoting' in kwargs:
                raise TypeError('quotechar must be set if quoting enabled')
            quoting = QUOTE_NONE
        if delimiter in ('\n', '\r'):
            raise ValueError('bad delimiter value')
        if quotechar is not None and quotechar in ('\n', '\r'):
            raise ValueError('bad quotechar value')
        if escapechar is not None and (escapechar in ('\n', '\r')
                                       or (escapechar == ' ' and skipinitialspace)):
            raise ValueError('bad escapechar value')
        if delimiter == quotechar:
            raise ValueError('bad delimiter or quotechar value')
        if delimiter == escapechar:
            raise ValueError('bad delimiter or escapechar value')
        if escapechar is not None and escapechar == quotechar:
            raise ValueError('bad escapechar or quotechar value')
        self._delimiter = delimiter
        self._doublequote = doublequote
        self._escapechar = escapechar
        self._lineterminator = lineterminator
        self._quotechar = quotechar
        self._quoting = quoting
        self._skipinitialspace = skipinitialspace
        self._strict = strict
        return self

    delimiter = property(lambda self: self._delimiter)
    doublequote = property(lambda self: self._doublequote)
    escapechar = property(lambda self: self._escapechar)
    lineterminator = property(lambda self: self._lineterminator)
    quotechar = property(lambda self: self._quotechar)
    quoting = property(lambda self: self._quoting)
    skipinitialspace = property(lambda self: self._skipinitialspace)
    strict = property(lambda self: self._strict)


def _dialect_for(dialect, kwargs):
    return Dialect(dialect, **kwargs)


def register_dialect(name, dialect=None, **fmtparams):
    if not isinstance(name, str):
        raise TypeError('dialect name must be a string')
    _dialects[name] = Dialect(dialect, **fmtparams)


def unregister_dialect(name):
    if name not in _dialects:
        raise Error('unknown dialect')
    del _dialects[name]


def get_dialect(name):
    try:
        return _dialects[name]
    except (KeyError, TypeError):
        raise Error('unknown dialect') from None


def list_dialects():
    return list(_dialects)


def field_size_limit(*args):
    global _field_limit
    if len(args) > 1:
        raise TypeError('field_size_limit expected at most 1 argument, got %d' % len(args))
    old = _field_limit
    if args:
        new = args[0]
        if not isinstance(new, int):
            raise TypeError('limit must be an integer')
        _field_limit = new
    return old


# Reader states.
(_START_RECORD, _START_FIELD, _ESCAPED_CHAR, _IN_FIELD, _IN_QUOTED_FIELD,
 _ESCAPE_IN_QUOTED_FIELD, _QUOTE_IN_QUOTED_FIELD, _EAT_CRNL, _AFTER_ESCAPED_CRNL) = range(9)


class Reader:
    """Rows parsed from an iterable of lines (`_csv.reader`)."""

    def __init__(self, *args, **kwargs):
        raise TypeError("cannot create '_csv.reader' instances")

    def __iter__(self):
        return self

    def _save_field(self):
        field = ''.join(self._field)
        d = self.dialect
        if self._unquoted:
            if not field and d.quoting in (QUOTE_NOTNULL, QUOTE_STRINGS):
                self._fields.append(None)
                self._field = []
                self._unquoted = True
                return
            if field and d.quoting in (QUOTE_NONNUMERIC, QUOTE_STRINGS):
                self._fields.append(float(field))
                self._field = []
                self._unquoted = True
                return
        self._fields.append(field)
        self._field = []
        self._unquoted = True

    def _add(self, c):
        if len(self._field) >= _field_limit:
            raise Error('field larger than field limit (%d)' % _field_limit)
        self._field.append(c)

    def _process(self, c):
        # One character of input, or None at the end of a line.
        d = self.dialect
        state = self._state
        if state == _START_RECORD:
            if c is None:
                return
            if c == '\n' or c == '\r':
                self._state = _EAT_CRNL
                return
            state = self._state = _START_FIELD
        if state == _START_FIELD:
            if c is None or c == '\n' or c == '\r':
                self._save_field()
                self._state = _START_RECORD if c is None else _EAT_CRNL
            elif c == d.quotechar and d.quoting != QUOTE_NONE:
                self._unquoted = False
                self._state = _IN_QUOTED_FIELD
            elif c == d.escapechar:
                self._state = _ESCAPED_CHAR
            elif c == ' ' and d.skipinitialspace:
                pass
            elif c == d.delimiter:
                self._save_field()
            else:
                self._add(c)
                self._state = _IN_FIELD
        elif state == _ESCAPED_CHAR:
            if c == '\n' or c == '\r':
                self._add(c)
                self._state = _AFTER_ESCAPED_CRNL
                return
            if c is None:
                c = '\n'
            self._add(c)
            self._state = _IN_FIELD
        elif state == _AFTER_ESCAPED_CRNL:
            if c is None:
                return
            self._state = _IN_FIELD
            self._process(c)
        elif state == _IN_FIELD:
            if c is None or c == '\n' or c == '\r':
                self._save_field()
                self._state = _START_RECORD if c is None else _EAT_CRNL
            elif c == d.escapechar:
                self._state = _ESCAPED_CHAR
            elif c == d.delimiter:
                self._save_field()
                self._state = _START_FIELD
            else:
                self._add(c)
        elif state == _IN_QUOTED_FIELD:
            if c is None:
                pass
            elif c == d.escapechar:
                self._state = _ESCAPE_IN_QUOTED_FIELD
            elif c == d.quotechar and d.quoting != QUOTE_NONE:
                self._state = _QUOTE_IN_QUOTED_FIELD if d.doublequote else _IN_FIELD
            else:
                self._add(c)
        elif state == _ESCAPE_IN_QUOTED_FIELD:
            if c is None:
                c = '\n'
            self._add(c)
            self._state = _IN_QUOTED_FIELD
        elif state == _QUOTE_IN_QUOTED_FIELD:
            if d.quoting != QUOTE_NONE and c == d.quotechar:
                self._add(c)
                self._state = _IN_QUOTED_FIELD
            elif c == d.delimiter:
                self._save_field()
                self._state = _START_FIELD
            elif c is None or c == '\n' or c == '\r':
                self._save_field()
                self._state = _START_RECORD if c is None else _EAT_CRNL
            elif not d.strict:
                self._add(c)
                self._state = _IN_FIELD
            else:
                raise Error("'%s' expected after '%s'" % (d.delimiter, d.quotechar))
        elif state == _EAT_CRNL:
            if c == '\n' or c == '\r':
                pass
            elif c is None:
                self._state = _START_RECORD
            else:
                raise Error("new-line character seen in unquoted field - "
                            "do you need to open the file with newline=''?")

    def _split_plain(self, line):
        # A whole record on one line with no quote or escape character parses as a plain
        # split, which the string methods do natively; anything else (quotes, escapes,
        # a stray carriage return, skipped spaces) goes through the state machine.
        d = self.dialect
        if d.skipinitialspace:
            return None
        if d.quotechar is not None and d.quoting != QUOTE_NONE and d.quotechar in line:
            return None
        if d.escapechar is not None and d.escapechar in line:
            return None
        if line.endswith('\r\n'):
            body = line[:-2]
        elif line.endswith('\n') or line.endswith('\r'):
            body = line[:-1]
        else:
            body = line
        if '\n' in body or '\r' in body:
            return None
        if not body:
            return []
        fields = body.split(d.delimiter)
        for f in fields:
            if len(f) > _field_limit:
                raise Error('field larger than field limit (%d)' % _field_limit)
        quoting = d.quoting
        if quoting == QUOTE_NONNUMERIC:
            fields = [float(f) if f else f for f in fields]
        elif quoting == QUOTE_STRINGS:
            fields = [float(f) if f else None for f in fields]
        elif quoting == QUOTE_NOTNULL:
            fields = [f if f else None for f in fields]
        return fields

    def __next__(self):
        self._fields = []
        self._field = []
        self._unquoted = True
        self._state = _START_RECORD
        while True:
            try:
                line = next(self._input)
            except StopIteration:
                if self._field or self._state == _IN_QUOTED_FIELD:
                    if self.dialect.strict:
                        raise Error('unexpected end of data') from None
                    self._save_field()
                    break
                raise
            if not isinstance(line, str):
                raise Error('iterator should return strings, not %.200s (the file should '
                            'be opened in text mode)' % type(line).__name__)
            self.line_num += 1
            if self._state == _START_RECORD:
                fields = self._split_plain(line)
                if fields is not None:
                    return fields
            for c in line:
                self._process(c)
            self._process(None)
            if self._state == _START_RECORD:
                break
        fields = self._fields
        self._fields = []
        return fields


def reader(csvfile, dialect='excel', **fmtparams):
    r = object.__new__(Reader)
    r._input = iter(csvfile)
    r.dialect = Dialect(dialect, **fmtparams)
    r.line_num = 0
    r._fields = []
    r._field = []
    r._unquoted = True
    r._state = _START_RECORD
    return r


Reader.__name__ = Reader.__qualname__ = 'reader'


class Writer:
    """Rows written as delimited text to a file-like object (`_csv.writer`)."""

    def __init__(self, *args, **kwargs):
        raise TypeError("cannot create '_csv.writer' instances")

    def _field_text(self, field, only):
        d = self.dialect
        quoting = d.quoting
        if field is None:
            text = ''
            quoted = quoting in (QUOTE_ALL, QUOTE_NONNUMERIC)
        elif isinstance(field, str):
            text = field
            quoted = quoting in (QUOTE_ALL, QUOTE_NONNUMERIC, QUOTE_STRINGS, QUOTE_NOTNULL)
        else:
            text = repr(field) if isinstance(field, float) else str(field)
            is_number = isinstance(field, (int, float)) or hasattr(field, '__float__')
            quoted = (quoting == QUOTE_ALL or quoting == QUOTE_NOTNULL
                      or (quoting == QUOTE_NONNUMERIC and not is_number))
        out = []
        special = (d.delimiter, d.escapechar, d.quotechar, '\n', '\r')
        plain = True
        for c in special:
            if c is not None and c in text:
                plain = False
                break
        if plain:
            for c in d.lineterminator:
                if c in text:
                    plain = False
                    break
        # Text without a special character is written as it is (no per-character scan).
        for c in ('' if plain else text):
            escape = False
            if c in special or c in d.lineterminator:
                if quoting == QUOTE_NONE:
                    escape = True
                else:
                    if c == d.quotechar:
                        if d.doublequote:
                            out.append(c)
                        else:
                            escape = True
                    elif c == d.escapechar:
                        escape = True
                    if not escape:
                        quoted = True
                if escape:
                    if d.escapechar is None:
                        raise Error('need to escape, but no escapechar set')
                    out.append(d.escapechar)
            out.append(c)
        if not text and only:
            if quoting == QUOTE_NONE:
                raise Error('single empty field record must be quoted')
            quoted = True
        body = text if plain else ''.join(out)
        if quoted:
            return d.quotechar + body + d.quotechar
        return body

    def writerow(self, row):
        try:
            fields = list(iter(row))
        except TypeError:
            raise Error('iterable expected, not %.200s' % type(row).__name__) from None
        d = self.dialect
        only = len(fields) == 1
        line = d.delimiter.join([self._field_text(f, only) for f in fields])
        return self._write(line + d.lineterminator)

    def writerows(self, rows):
        for row in rows:
            self.writerow(row)


Writer.__name__ = Writer.__qualname__ = 'writer'


def writer(fileobj, dialect='excel', **fmtparams):
    w = object.__new__(Writer)
    try:
        w._write = fileobj.write
    except AttributeError:
        raise TypeError('argument 1 must have a "write" method') from None
    w.dialect = Dialect(dialect, **fmtparams)
    return w
