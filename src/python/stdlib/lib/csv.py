"""Reading and writing CSV files: `reader`, `writer`, `DictReader`, `DictWriter`, the
dialect registry and `Sniffer`, written for shellsim over `_csv`."""

import re
from _csv import (Error, __version__, writer, reader, register_dialect,
                  unregister_dialect, get_dialect, list_dialects, field_size_limit,
                  QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONNUMERIC, QUOTE_NONE,
                  QUOTE_STRINGS, QUOTE_NOTNULL)
from _csv import Dialect as _Dialect

from io import StringIO

__all__ = ["QUOTE_MINIMAL", "QUOTE_ALL", "QUOTE_NONNUMERIC", "QUOTE_NONE",
           "QUOTE_STRINGS", "QUOTE_NOTNULL",
           "Error", "Dialect", "excel", "excel_tab", "field_size_limit", "reader", "writer",
           "register_dialect", "get_dialect", "list_dialects", "Sniffer",
           "unregister_dialect", "DictReader", "DictWriter", "unix_dialect"]


class Dialect:
    """Describes a CSV dialect: subclass it and set the attributes."""
    _name = ""
    _valid = False
    delimiter = None
    quotechar = None
    escapechar = None
    doublequote = None
    skipinitialspace = None
    lineterminator = None
    quoting = None

    def __init__(self):
        if self.__class__ != Dialect:
            self._valid = True
        self._validate()

    def _validate(self):
        try:
            _Dialect(self)
        except TypeError as e:
            raise Error(str(e)) from None


class excel(Dialect):
    """The usual properties of an Excel-generated CSV file."""
    delimiter = ','
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = '\r\n'
    quoting = QUOTE_MINIMAL


register_dialect("excel", excel)


class excel_tab(excel):
    """The usual properties of an Excel-generated TAB-delimited file."""
    delimiter = '\t'


register_dialect("excel-tab", excel_tab)


class unix_dialect(Dialect):
    """The usual properties of a CSV file made on UNIX."""
    delimiter = ','
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = '\n'
    quoting = QUOTE_ALL


register_dialect("unix", unix_dialect)


class DictReader:
    def __init__(self, f, fieldnames=None, restkey=None, restval=None,
                 dialect="excel", *args, **kwds):
        if fieldnames is not None and iter(fieldnames) is fieldnames:
            fieldnames = list(fieldnames)
        self._fieldnames = fieldnames
        self.restkey = restkey
        self.restval = restval
        self.reader = reader(f, dialect, *args, **kwds)
        self.dialect = dialect
        self.line_num = 0

    def __iter__(self):
        return self

    @property
    def fieldnames(self):
        if self._fieldnames is None:
            try:
                self._fieldnames = next(self.reader)
            except StopIteration:
                pass
        self.line_num = self.reader.line_num
        return self._fieldnames

    @fieldnames.setter
    def fieldnames(self, value):
        self._fieldnames = value

    def __next__(self):
        if self.line_num == 0:
            self.fieldnames
        row = next(self.reader)
        self.line_num = self.reader.line_num
        # Blank lines give no rows.
        while row == []:
            row = next(self.reader)
        d = dict(zip(self.fieldnames, row))
        lf = len(self.fieldnames)
        lr = len(row)
        if lf < lr:
            d[self.restkey] = row[lf:]
        elif lf > lr:
            for key in self.fieldnames[lr:]:
                d[key] = self.restval
        return d

    __class_getitem__ = classmethod(lambda cls, item: cls)


class DictWriter:
    def __init__(self, f, fieldnames, restval="", extrasaction="raise",
                 dialect="excel", *args, **kwds):
        if fieldnames is not None and iter(fieldnames) is fieldnames:
            fieldnames = list(fieldnames)
        self.fieldnames = fieldnames
        self.restval = restval
        if extrasaction.lower() not in ("raise", "ignore"):
            raise ValueError("extrasaction (%s) must be 'raise' or 'ignore'"
                             % extrasaction)
        self.extrasaction = extrasaction
        self.writer = writer(f, dialect, *args, **kwds)

    def writeheader(self):
        header = dict(zip(self.fieldnames, self.fieldnames))
        return self.writerow(header)

    def _dict_to_list(self, rowdict):
        if self.extrasaction == "raise":
            wrong_fields = [k for k in rowdict if k not in self.fieldnames]
            if wrong_fields:
                raise ValueError("dict contains fields not in fieldnames: "
                                 + ", ".join([repr(x) for x in wrong_fields]))
        return (rowdict.get(key, self.restval) for key in self.fieldnames)

    def writerow(self, rowdict):
        return self.writer.writerow(self._dict_to_list(rowdict))

    def writerows(self, rowdicts):
        return self.writer.writerows(map(self._dict_to_list, rowdicts))

    __class_getitem__ = classmethod(lambda cls, item: cls)


# The regular expressions `Sniffer` tries in turn: a quoted field between two delimiters,
# at the start of a line, at the end of a line, and alone on a line.
_QUOTED_FIELD_PATTERNS = (
    r'(?P<delim>[^\w\n"\'])(?P<space> ?)(?P<quote>["\']).*?(?P=quote)(?P=delim)',
    r'(?:^|\n)(?P<quote>["\']).*?(?P=quote)(?P<delim>[^\w\n"\'])(?P<space> ?)',
    r'(?P<delim>[^\w\n"\'])(?P<space> ?)(?P<quote>["\']).*?(?P=quote)(?:$|\n)',
    r'(?:^|\n)(?P<quote>["\']).*?(?P=quote)(?:$|\n)',
)


def _tally(counts, key):
    counts[key] = counts.get(key, 0) + 1


def _most_common(counts):
    # The first key with the highest count, in the order the keys were first seen.
    best = None
    for key, n in counts.items():
        if best is None or n > counts[best]:
            best = key
    return best


def _sniff_quoted(sample, delimiters):
    """(quotechar, doublequote, delimiter, skipinitialspace) from the quoted fields of
    `sample`; quotechar is '' when no field is quoted."""
    for pattern in _QUOTED_FIELD_PATTERNS:
        regexp = re.compile(pattern, re.DOTALL | re.MULTILINE)
        found = list(regexp.finditer(sample))
        if found:
            break
    else:
        return '', False, None, 0
    names = regexp.groupindex
    quotes, delims, spaced = {}, {}, 0
    for m in found:
        if m.group('quote'):
            _tally(quotes, m.group('quote'))
        if 'delim' not in names:
            continue
        d = m.group('delim')
        if d and (delimiters is None or d in delimiters):
            _tally(delims, d)
        if 'space' in names and m.group('space'):
            spaced += 1
    quote = _most_common(quotes)
    if delims:
        delim = _most_common(delims)
        skip = delims[delim] == spaced
        if delim == '\n':
            delim = ''
    else:
        delim, skip = '', 0
    # A doubled quote inside a quoted field means quotes are escaped by doubling.
    d = re.escape(delim)
    doubled = re.compile(
        r"((%s)|^)\W*%s[^%s\n]*%s[^%s\n]*%s\W*((%s)|$)"
        % (d, quote, d, quote, d, quote, d), re.MULTILINE)
    return quote, bool(doubled.search(sample)), delim, skip


def _skips_space(line, delim):
    return line.count(delim) == line.count(delim + ' ')


def _sniff_counted(sample, delimiters, preferred):
    """(delimiter, skipinitialspace) of a sample without quoted fields: the character that
    occurs equally often on the most lines, looked for in chunks of ten lines."""
    lines = [line for line in sample.split('\n') if line]
    step = min(10, len(lines))
    per_char = {}      # character -> {count on a line: number of such lines}
    modes = {}         # character -> (usual count, lines with it less lines without)
    chosen = {}
    rounds = 0
    start = 0
    while start < len(lines):
        rounds += 1
        for line in lines[start:start + step]:
            for code in range(127):
                ch = chr(code)
                _tally(per_char.setdefault(ch, {}), line.count(ch))
        for ch, hist in per_char.items():
            pairs = list(hist.items())
            if len(pairs) == 1:
                if pairs[0][0] == 0:
                    continue
                modes[ch] = pairs[0]
                continue
            top = pairs[0]
            for p in pairs[1:]:
                if p[1] > top[1]:
                    top = p
            others = sum(n for _, n in pairs) - top[1]
            modes[ch] = (top[0], top[1] - others)
        seen = float(min(step * rounds, len(lines)))
        need = 1.0
        while not chosen and need >= 0.9:
            for ch, (count, lines_with) in modes.items():
                if count > 0 and lines_with > 0 and lines_with / seen >= need \
                        and (delimiters is None or ch in delimiters):
                    chosen[ch] = (count, lines_with)
            need -= 0.01
        if len(chosen) == 1:
            delim = next(iter(chosen))
            return delim, _skips_space(lines[0], delim)
        start += step
    if not chosen:
        return '', 0
    if len(chosen) > 1:
        for delim in preferred:
            if delim in chosen:
                return delim, _skips_space(lines[0], delim)
    delim = max((mode, ch) for ch, mode in chosen.items())[1]
    return delim, _skips_space(lines[0], delim)


def _cell_kind(text):
    # int or float when the cell parses as one, else its length.
    for kind in (int, float):
        try:
            kind(text)
            return kind
        except (ValueError, OverflowError):
            pass
    return len(text)


class Sniffer:
    """Guesses the format of a CSV sample (`sniff`) and whether it starts with a header
    row (`has_header`)."""

    def __init__(self):
        self.preferred = [',', '\t', ';', ' ', ':']

    def sniff(self, sample, delimiters=None):
        quote, doubled, delim, skip = _sniff_quoted(sample, delimiters)
        if not delim:
            delim, skip = _sniff_counted(sample, delimiters, self.preferred)
        if not delim:
            raise Error("Could not determine delimiter")

        class dialect(Dialect):
            _name = "sniffed"
            lineterminator = '\r\n'
            quoting = QUOTE_MINIMAL

        dialect.doublequote = doubled
        dialect.delimiter = delim
        dialect.quotechar = quote or '"'
        dialect.skipinitialspace = skip
        return dialect

    def has_header(self, sample):
        rows = reader(StringIO(sample), self.sniff(sample))
        header = next(rows)
        width = len(header)
        # Each column's kind over the first rows below the header; a column whose kind
        # changes drops out.
        kinds = dict.fromkeys(range(width))
        for checked, row in enumerate(rows):
            if checked > 20:
                break
            if len(row) != width:
                continue
            for col in list(kinds):
                kind = _cell_kind(row[col])
                if kind != kinds[col]:
                    if kinds[col] is None:
                        kinds[col] = kind
                    else:
                        del kinds[col]
        votes = 0
        for col, kind in kinds.items():
            if isinstance(kind, int):
                votes += 1 if len(header[col]) != kind else -1
            else:
                try:
                    kind(header[col])
                except (ValueError, TypeError):
                    votes += 1
                else:
                    votes -= 1
        return votes > 0
