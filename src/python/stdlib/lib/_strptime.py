"""Parsing times from strings by a strptime format (shellsim; the C locale).

Each directive becomes a regular-expression group (the patterns CPython accepts, e.g. %d
takes ' 5', '5' and '05'); the whole format is matched case-insensitively from the start of
the string, and the groups are turned into date and time fields.
"""

import re as _re

_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
_MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august',
           'september', 'october', 'november', 'december']


def _alternatives(names):
    # Longest first, so 'may' does not stop the match of a longer name.
    return '|'.join(sorted(names, key=len, reverse=True))


_PATTERNS = {
    'd': r"(?P<d>3[0-1]|[1-2]\d|0[1-9]|[1-9]| [1-9])",
    'e': r"(?P<d>3[0-1]|[1-2]\d|0[1-9]|[1-9]| [1-9])",
    'f': r"(?P<f>[0-9]{1,6})",
    'H': r"(?P<H>2[0-3]|[0-1]\d|\d)",
    'I': r"(?P<I>1[0-2]|0[1-9]|[1-9]| [1-9])",
    'G': r"(?P<G>\d\d\d\d)",
    'j': r"(?P<j>36[0-6]|3[0-5]\d|[1-2]\d\d|0[1-9]\d|00[1-9]|[1-9]\d|0[1-9]|[1-9])",
    'm': r"(?P<m>1[0-2]|0[1-9]|[1-9])",
    'M': r"(?P<M>[0-5]\d|\d)",
    'S': r"(?P<S>6[0-1]|[0-5]\d|\d)",
    'U': r"(?P<U>5[0-3]|[0-4]\d|\d)",
    'W': r"(?P<W>5[0-3]|[0-4]\d|\d)",
    'w': r"(?P<w>[0-6])",
    'u': r"(?P<u>[1-7])",
    'V': r"(?P<V>5[0-3]|0[1-9]|[1-4]\d|\d)",
    'y': r"(?P<y>\d\d)",
    'Y': r"(?P<Y>\d\d\d\d)",
    'z': r"(?P<z>[+-]\d\d:?[0-5]\d(:?[0-5]\d(\.\d{1,6})?)?|(?-i:Z))",
    ':z': r"(?P<colon_z>[+-]\d\d:[0-5]\d(:[0-5]\d(\.\d{1,6})?)?|(?-i:Z))",
    'A': "(?P<A>" + _alternatives(_DAYS) + ")",
    'a': "(?P<a>" + _alternatives([d[:3] for d in _DAYS]) + ")",
    'B': "(?P<B>" + _alternatives(_MONTHS) + ")",
    'b': "(?P<b>" + _alternatives([m[:3] for m in _MONTHS]) + ")",
    'h': "(?P<b>" + _alternatives([m[:3] for m in _MONTHS]) + ")",
    'p': "(?P<p>am|pm)",
    'Z': "(?P<Z>utc|gmt)",
    '%': "%",
}
# Composite directives, as the C locale spells them.
_EXPANSIONS = {
    'c': '%a %b %d %H:%M:%S %Y',
    'x': '%m/%d/%y',
    'X': '%H:%M:%S',
    'D': '%m/%d/%y',
    'T': '%H:%M:%S',
    'R': '%H:%M',
    'F': '%Y-%m-%d',
    'r': '%I:%M:%S %p',
}

_cache = {}


def _pattern(format):
    """The regular expression for `format` (ValueError for a bad directive)."""
    out = []
    seen = set()
    i = 0
    n = len(format)
    while i < n:
        ch = format[i]
        if ch != '%':
            if ch.isspace():
                while i < n and format[i].isspace():
                    i += 1
                out.append(r'\s+')
                continue
            out.append(_re.escape(ch))
            i += 1
            continue
        if i + 1 >= n:
            raise ValueError("stray %% in format '%s'" % format)
        d = format[i + 1]
        i += 2
        if d == ':' and i < n and format[i] == 'z':
            d = ':z'
            i += 1
        if d in _EXPANSIONS:
            out.append(_pattern(_EXPANSIONS[d])[0])
            seen.update(_pattern(_EXPANSIONS[d])[1])
            continue
        if d not in _PATTERNS:
            raise ValueError("'%s' is a bad directive in format '%s'" % (d, format))
        pat = _PATTERNS[d]
        name = {'e': 'd', 'h': 'b'}.get(d, d)
        if name in seen and name != '%':
            # A directive used twice must match the same text the second time.
            key = 'colon_z' if name == ':z' else name
            pat = '(?P=%s)' % key
        seen.add(name)
        out.append(pat)
    return ''.join(out), seen


def _compiled(format):
    r = _cache.get(format)
    if r is None:
        if len(_cache) > 100:
            _cache.clear()
        r = _re.compile(_pattern(format)[0], _re.IGNORECASE)
        _cache[format] = r
    return r


def _is_leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


_MDAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def _days_in_month(y, m):
    return 29 if m == 2 and _is_leap(y) else _MDAYS[m]


def _ordinal(y, m, d):
    # Days since 0001-01-01 (day 1), the proleptic Gregorian calendar.
    py = y - 1
    days = py * 365 + py // 4 - py // 100 + py // 400
    days += sum(_MDAYS[1:m]) + (1 if m > 2 and _is_leap(y) else 0)
    return days + d


def _check_date(y, m, d):
    if not 1 <= d <= _days_in_month(y, m):
        raise ValueError(f"day {d} must be in range 1..{_days_in_month(y, m)} "
                         f"for month {m} in year {y}")


def _parse(data_string, format):
    """(year, month, day, hour, minute, second, weekday, julian, tz, fraction, gmtoff,
    gmtoff_fraction, tzname)."""
    for index, arg in enumerate([data_string, format]):
        if not isinstance(arg, str):
            raise TypeError("strptime() argument {} must be str, not {}".format(index, type(arg)))
    regex = _compiled(format)
    found = regex.match(data_string)
    if not found:
        raise ValueError("time data %r does not match format %r" % (data_string, format))
    if len(data_string) != found.end():
        raise ValueError("unconverted data remains: %s" % data_string[found.end():])
    g = found.groupdict()
    year = None
    month = day = 1
    hour = minute = second = fraction = 0
    tz = -1
    gmtoff = None
    gmtoff_fraction = 0
    tzname = None
    iso_year = iso_week = None
    week_of_year = None
    week_starts_mon = False
    weekday = julian = None
    for key, value in g.items():
        if value is None:
            continue
        if key == 'y':
            year = int(value)
            year += 2000 if year <= 68 else 1900
        elif key == 'Y':
            year = int(value)
        elif key == 'G':
            iso_year = int(value)
        elif key == 'm':
            month = int(value)
        elif key == 'B':
            month = _MONTHS.index(value.lower()) + 1
        elif key == 'b':
            month = [m[:3] for m in _MONTHS].index(value.lower()) + 1
        elif key == 'd':
            day = int(value)
        elif key == 'H':
            hour = int(value)
        elif key == 'I':
            hour = int(value)
            ampm = (g.get('p') or '').lower()
            if ampm == 'am' or ampm == '':
                if hour == 12:
                    hour = 0
            elif ampm == 'pm':
                if hour != 12:
                    hour += 12
        elif key == 'M':
            minute = int(value)
        elif key == 'S':
            second = int(value)
        elif key == 'f':
            fraction = int(value + '0' * (6 - len(value)))
        elif key == 'A':
            weekday = _DAYS.index(value.lower())
        elif key == 'a':
            weekday = [d[:3] for d in _DAYS].index(value.lower())
        elif key == 'w':
            weekday = (int(value) - 1) % 7
        elif key == 'u':
            weekday = int(value) - 1
        elif key == 'j':
            julian = int(value)
        elif key in ('U', 'W'):
            week_of_year = int(value)
            week_starts_mon = key == 'W'
        elif key == 'V':
            iso_week = int(value)
        elif key in ('z', 'colon_z'):
            if value == 'Z' or value == 'z':
                gmtoff = 0
            else:
                z = value.replace(':', '')
                hours = int(z[1:3])
                minutes = int(z[3:5])
                seconds = int(z[5:7] or 0)
                gmtoff = (hours * 60 * 60) + (minutes * 60) + seconds
                rest = z[8:] if len(z) > 8 else ''
                gmtoff_fraction = int(rest + '0' * (6 - len(rest))) if rest else 0
                if z.startswith('-'):
                    gmtoff = -gmtoff
                    gmtoff_fraction = -gmtoff_fraction
        elif key == 'Z':
            tzname = value
            tz = 0
    if iso_year is not None or iso_week is not None:
        if julian is None and (iso_year is None or iso_week is None or weekday is None):
            if iso_year is not None and iso_week is None:
                raise ValueError("ISO year directive '%G' must be used with the ISO week "
                                 "directive '%V' and a weekday directive ('%A', '%a', '%w', "
                                 "or '%u').")
            if iso_week is not None and iso_year is None:
                raise ValueError("ISO week directive '%V' must be used with the ISO year "
                                 "directive '%G' and a weekday directive ('%A', '%a', '%w', "
                                 "or '%u').")
            raise ValueError("ISO year directive '%G' must be used with the ISO week "
                             "directive '%V' and a weekday directive ('%A', '%a', '%w', "
                             "or '%u').")
    leap_default = False
    if year is None:
        if month == 2 and day == 29:
            year = 1904  # a leap year, so Feb 29 parses; reported as 1900
            leap_default = True
        else:
            year = 1900
    if julian is None and weekday is not None:
        if week_of_year is not None:
            first = (_ordinal(year, 1, 1) + 6) % 7  # Monday = 0
            wd = weekday
            if not week_starts_mon:
                first = (first + 1) % 7
                wd = (wd + 1) % 7
            week0 = (7 - first) % 7
            if week_of_year == 0:
                julian = 1 + wd - first
            else:
                julian = 1 + week0 + 7 * (week_of_year - 1) + wd
        elif iso_year is not None and iso_week is not None:
            jan4 = _ordinal(iso_year, 1, 4)
            week1_monday = jan4 - (jan4 + 6) % 7
            ordinal = week1_monday + (iso_week - 1) * 7 + weekday
            year = iso_year
            julian = ordinal - _ordinal(year, 1, 1) + 1
            if julian <= 0:
                year -= 1
                julian += 366 if _is_leap(year) else 365
            elif julian > (366 if _is_leap(year) else 365):
                julian -= 366 if _is_leap(year) else 365
                year += 1
        if julian is not None and julian <= 0:
            year -= 1
            julian += 366 if _is_leap(year) else 365
    if julian is None:
        _check_date(year, month, day)
        julian = _ordinal(year, month, day) - _ordinal(year, 1, 1) + 1
    else:
        # Month and day follow from the day of the year.
        o = _ordinal(year, 1, 1) + julian - 1
        year, month, day = _from_ordinal(o)
    if weekday is None:
        weekday = (_ordinal(year, month, day) + 6) % 7
    if leap_default:
        year = 1900
    return (year, month, day, hour, minute, second, weekday, julian, tz, fraction,
            gmtoff, gmtoff_fraction, tzname)


def _from_ordinal(o):
    n = o - 1
    n400, n = divmod(n, 146097)
    n100, n = divmod(n, 36524)
    n4, n = divmod(n, 1461)
    n1, n = divmod(n, 365)
    year = n400 * 400 + n100 * 100 + n4 * 4 + n1 + 1
    if n1 == 4 or n100 == 4:
        return year - 1, 12, 31
    month = 1
    while True:
        dim = _days_in_month(year, month)
        if n < dim:
            return year, month, n + 1
        n -= dim
        month += 1


def _strptime_time(data_string, format="%a %b %d %H:%M:%S %Y"):
    import time
    r = _parse(data_string, format)
    zone = r[12]
    return time.struct_time(r[:9] + (zone, r[10]))


def _strptime_datetime(cls, data_string, format="%a %b %d %H:%M:%S %Y"):
    r = _parse(data_string, format)
    args = list(r[:6]) + [r[9]]
    gmtoff = r[10]
    if gmtoff is not None:
        import datetime
        delta = datetime.timedelta(seconds=gmtoff, microseconds=r[11])
        tz = datetime.timezone(delta, r[12]) if r[12] else datetime.timezone(delta)
        args.append(tz)
    return cls(*args)
