"""Dates, times and durations (shellsim's own implementation).

Dates are the proleptic Gregorian calendar, years 1..9999; durations are whole
microseconds.  now() and today() read the simulated machine's virtual clock, whose local
time zone is UTC.
"""

import time as _time

MINYEAR = 1
MAXYEAR = 9999

_DIM = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
_DBM = [0]
for _m in range(1, 13):
    _DBM.append(_DBM[-1] + _DIM[_m])
del _m
_MONTHNAMES = [None, "Jan", "Feb", "Mar", "Apr", "May", "Jun",
               "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
_DAYNAMES = [None, "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
_US_PER_DAY = 86400 * 1000000
_MAX_ORDINAL = 3652059


def _leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def _dim(y, m):
    return 29 if m == 2 and _leap(y) else _DIM[m]


def _days_before_year(y):
    y -= 1
    return y * 365 + y // 4 - y // 100 + y // 400


def _to_ordinal(y, m, d):
    return _days_before_year(y) + _DBM[m - 1] + (1 if m > 2 and _leap(y) else 0) + d


def _from_ordinal(n):
    n -= 1
    n400, n = divmod(n, 146097)
    n100, n = divmod(n, 36524)
    n4, n = divmod(n, 1461)
    n1, n = divmod(n, 365)
    y = n400 * 400 + n100 * 100 + n4 * 4 + n1 + 1
    if n1 == 4 or n100 == 4:
        return y - 1, 12, 31
    m = 1
    while n >= _dim(y, m):
        n -= _dim(y, m)
        m += 1
    return y, m, n + 1


def _int_arg(v):
    if isinstance(v, int):
        return int(v)
    f = getattr(type(v), '__index__', None)
    if f is None:
        raise TypeError(f"'{type(v).__name__}' object cannot be interpreted as an integer")
    return f(v)


def _check_date(year, month, day):
    year = _int_arg(year)
    month = _int_arg(month)
    day = _int_arg(day)
    if not MINYEAR <= year <= MAXYEAR:
        raise ValueError(f"year must be in {MINYEAR}..{MAXYEAR}, not {year}")
    if not 1 <= month <= 12:
        raise ValueError(f"month must be in 1..12, not {month}")
    dim = _dim(year, month)
    if not 1 <= day <= dim:
        raise ValueError(f"day {day} must be in range 1..{dim} for month {month} in year {year}")
    return year, month, day


def _check_time(hour, minute, second, microsecond, fold):
    hour = _int_arg(hour)
    minute = _int_arg(minute)
    second = _int_arg(second)
    microsecond = _int_arg(microsecond)
    if not 0 <= hour <= 23:
        raise ValueError(f"hour must be in 0..23, not {hour}")
    if not 0 <= minute <= 59:
        raise ValueError(f"minute must be in 0..59, not {minute}")
    if not 0 <= second <= 59:
        raise ValueError(f"second must be in 0..59, not {second}")
    if not 0 <= microsecond <= 999999:
        raise ValueError(f"microsecond must be in 0..999999, not {microsecond}")
    if fold not in (0, 1):
        raise ValueError(f"fold must be either 0 or 1, not {fold}")
    return hour, minute, second, microsecond, fold


def _check_tzinfo(tz):
    if tz is not None and not isinstance(tz, tzinfo):
        raise TypeError("tzinfo argument must be None or of a tzinfo subclass, "
                        f"not type '{type(tz).__name__}'")


def _round_half_even(a, b):
    # a / b rounded to the nearest integer, ties to even (exact for ints).
    q, r = divmod(a, b)
    r *= 2
    if (r > b if b > 0 else r < b) or (r == b and q % 2 == 1):
        q += 1
    return q


def _cmp_error(op, a, b):
    return TypeError(f"'{op}' not supported between instances of "
                     f"'{_tp(a)}' and '{_tp(b)}'")


def _tp(v):
    t = type(v)
    return t.__dict__.get('__tp_name__', t.__name__)


def _format_offset(off, sep=':'):
    if off is None:
        return ''
    sign = '+'
    if off.days < 0:
        sign = '-'
        off = -off
    hh, rest = divmod(off, timedelta(hours=1))
    mm, rest = divmod(rest, timedelta(minutes=1))
    s = f"{sign}{hh:02d}{sep}{mm:02d}"
    if rest.seconds or rest.microseconds:
        s += f"{sep}{rest.seconds:02d}"
        if rest.microseconds:
            s += f".{rest.microseconds:06d}"
    return s


def _wrap_strftime(obj, fmt, timetuple):
    # %f, %z, %:z and %Z are the object's own; everything else is time.strftime's.
    out = []
    i = 0
    n = len(fmt)
    while i < n:
        ch = fmt[i]
        i += 1
        if ch != '%':
            out.append(ch)
            continue
        if i >= n:
            out.append('%')
            break
        ch = fmt[i]
        i += 1
        if ch == 'f':
            out.append(f"{getattr(obj, 'microsecond', 0):06d}")
        elif ch == 'z':
            off = obj.utcoffset() if hasattr(obj, 'utcoffset') else None
            out.append(_format_offset(off, ''))
        elif ch == ':' and i < n and fmt[i] == 'z':
            i += 1
            off = obj.utcoffset() if hasattr(obj, 'utcoffset') else None
            out.append(_format_offset(off, ':'))
        elif ch == 'Z':
            name = obj.tzname() if hasattr(obj, 'tzname') else None
            out.append((name or '').replace('%', '%%'))
        else:
            out.append('%' + ch)
    return _time.strftime(''.join(out), timetuple)


class timedelta:
    """Difference between two datetime values."""

    __tp_name__ = 'datetime.timedelta'
    __slots__ = ('_days', '_seconds', '_microseconds', '_hashcode')

    def __new__(cls, days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0,
                hours=0, weeks=0):
        exact = 0
        approx = 0.0
        for value, factor, name in ((days, _US_PER_DAY, 'days'),
                                    (seconds, 1000000, 'seconds'),
                                    (microseconds, 1, 'microseconds'),
                                    (milliseconds, 1000, 'milliseconds'),
                                    (minutes, 60000000, 'minutes'),
                                    (hours, 3600000000, 'hours'),
                                    (weeks, 7 * _US_PER_DAY, 'weeks')):
            if isinstance(value, int):
                exact += value * factor
            elif isinstance(value, float):
                whole = int(value) if value == value and abs(value) != float('inf') else None
                if whole is None:
                    raise ValueError("cannot convert float NaN to integer") if value != value \
                        else OverflowError("cannot convert float infinity to integer")
                exact += whole * factor
                approx += (value - whole) * factor
            else:
                raise TypeError(f"unsupported type for timedelta {name} component: "
                                f"{type(value).__name__}")
        total = exact + round(approx)
        return cls._from_us(total)

    @classmethod
    def _from_us(cls, total):
        d, rest = divmod(total, _US_PER_DAY)
        s, us = divmod(rest, 1000000)
        if abs(d) > 999999999:
            raise OverflowError(f"days={d}; must have magnitude <= 999999999")
        self = object.__new__(cls)
        self._days = d
        self._seconds = s
        self._microseconds = us
        self._hashcode = -1
        return self

    days = property(lambda self: self._days, doc="Number of days.")
    seconds = property(lambda self: self._seconds, doc="Number of seconds (>= 0 and less than 1 day).")
    microseconds = property(lambda self: self._microseconds, doc="Number of microseconds (>= 0 and less than 1 second).")

    def _us(self):
        return (self._days * 86400 + self._seconds) * 1000000 + self._microseconds

    def total_seconds(self):
        """Total seconds in the duration."""
        return self._us() / 10 ** 6

    def __repr__(self):
        args = []
        if self._days:
            args.append(f"days={self._days}")
        if self._seconds:
            args.append(f"seconds={self._seconds}")
        if self._microseconds:
            args.append(f"microseconds={self._microseconds}")
        if not args:
            args.append('0')
        return f"{type(self).__module__}.{type(self).__qualname__}({', '.join(args)})"

    def __str__(self):
        mm, ss = divmod(self._seconds, 60)
        hh, mm = divmod(mm, 60)
        s = f"{hh}:{mm:02d}:{ss:02d}"
        if self._days:
            plural = 's' if abs(self._days) != 1 else ''
            s = f"{self._days} day{plural}, " + s
        if self._microseconds:
            s += f".{self._microseconds:06d}"
        return s

    def __add__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._us() + other._us())
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._us() - other._us())
        return NotImplemented

    def __rsub__(self, other):
        if isinstance(other, timedelta):
            return -self + other
        return NotImplemented

    def __neg__(self):
        return timedelta._from_us(-self._us())

    def __pos__(self):
        return self

    def __abs__(self):
        return -self if self._days < 0 else self

    def __mul__(self, other):
        if isinstance(other, int):
            return timedelta._from_us(self._us() * other)
        if isinstance(other, float):
            a, b = other.as_integer_ratio()
            return timedelta._from_us(_round_half_even(self._us() * a, b))
        return NotImplemented

    __rmul__ = __mul__

    def __floordiv__(self, other):
        if isinstance(other, timedelta):
            return self._us() // other._us()
        if isinstance(other, int):
            return timedelta._from_us(self._us() // other)
        return NotImplemented

    def __truediv__(self, other):
        if isinstance(other, timedelta):
            return self._us() / other._us()
        if isinstance(other, int):
            return timedelta._from_us(_round_half_even(self._us(), other))
        if isinstance(other, float):
            a, b = other.as_integer_ratio()
            return timedelta._from_us(_round_half_even(b * self._us(), a))
        return NotImplemented

    def __mod__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._us() % other._us())
        return NotImplemented

    def __divmod__(self, other):
        if isinstance(other, timedelta):
            q, r = divmod(self._us(), other._us())
            return q, timedelta._from_us(r)
        return NotImplemented

    def __eq__(self, other):
        if isinstance(other, timedelta):
            return self._us() == other._us()
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, timedelta):
            return self._us() < other._us()
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, timedelta):
            return self._us() <= other._us()
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, timedelta):
            return self._us() > other._us()
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, timedelta):
            return self._us() >= other._us()
        return NotImplemented

    def __hash__(self):
        return hash((self._days, self._seconds, self._microseconds))

    def __bool__(self):
        return bool(self._days or self._seconds or self._microseconds)

    def __reduce__(self):
        return (type(self), (self._days, self._seconds, self._microseconds))


timedelta.min = timedelta(-999999999)
timedelta.max = timedelta(days=999999999, hours=23, minutes=59, seconds=59,
                          microseconds=999999)
timedelta.resolution = timedelta(microseconds=1)


class tzinfo:
    """Abstract base class for time zone info objects."""

    __tp_name__ = 'datetime.tzinfo'
    __slots__ = ()

    def tzname(self, dt):
        raise NotImplementedError("tzinfo subclass must override tzname()")

    def utcoffset(self, dt):
        raise NotImplementedError("tzinfo subclass must override utcoffset()")

    def dst(self, dt):
        raise NotImplementedError("tzinfo subclass must override dst()")

    def fromutc(self, dt):
        if not isinstance(dt, datetime):
            raise TypeError("fromutc() requires a datetime argument")
        if dt.tzinfo is not self:
            raise ValueError("dt.tzinfo is not self")
        off = dt.utcoffset()
        if off is None:
            raise ValueError("fromutc() requires a non-None utcoffset() result")
        d = dt.dst()
        if d is None:
            raise ValueError("fromutc() requires a non-None dst() result")
        delta = off - d
        if delta:
            dt += delta
            d = dt.dst()
            if d is None:
                raise ValueError("fromutc(): dt.dst gave inconsistent results; cannot convert")
        return dt + d


class timezone(tzinfo):
    """Fixed offset from UTC implementation of tzinfo."""

    __tp_name__ = 'datetime.timezone'
    __slots__ = ('_offset', '_name')

    def __new__(cls, offset, name=None):
        if not isinstance(offset, timedelta):
            raise TypeError("timezone() argument 1 must be datetime.timedelta, "
                            f"not {_tp(offset)}")
        if name is not None and not isinstance(name, str):
            raise TypeError(f"timezone() argument 2 must be str, not {_tp(name)}")
        if not -timedelta(hours=24) < offset < timedelta(hours=24):
            raise ValueError("offset must be a timedelta strictly between "
                             "-timedelta(hours=24) and timedelta(hours=24), "
                             f"not {offset!r}")
        if name is None and not offset and getattr(timezone, 'utc', None) is not None:
            return timezone.utc
        self = object.__new__(cls)
        self._offset = offset
        self._name = name
        return self

    def utcoffset(self, dt):
        if isinstance(dt, datetime) or dt is None:
            return self._offset
        raise TypeError("utcoffset() argument must be a datetime instance or None")

    def dst(self, dt):
        if isinstance(dt, datetime) or dt is None:
            return None
        raise TypeError("dst() argument must be a datetime instance or None")

    def tzname(self, dt):
        if isinstance(dt, datetime) or dt is None:
            if self._name is None:
                return self._default_name()
            return self._name
        raise TypeError("tzname() argument must be a datetime instance or None")

    def fromutc(self, dt):
        if isinstance(dt, datetime):
            if dt.tzinfo is not self:
                raise ValueError("fromutc: dt.tzinfo is not self")
            return dt + self._offset
        raise TypeError("fromutc() argument must be a datetime instance or None")

    def _default_name(self):
        if not self._offset:
            return 'UTC'
        return 'UTC' + _format_offset(self._offset)

    def __repr__(self):
        if self is timezone.utc:
            return 'datetime.timezone.utc'
        if self._name is None:
            return f"datetime.{type(self).__qualname__}({self._offset!r})"
        return f"datetime.{type(self).__qualname__}({self._offset!r}, {self._name!r})"

    def __str__(self):
        return self.tzname(None)

    def __eq__(self, other):
        if isinstance(other, timezone):
            return self._offset == other._offset
        return NotImplemented

    def __hash__(self):
        return hash(self._offset)

    def __getinitargs__(self):
        return (self._offset,) if self._name is None else (self._offset, self._name)


timezone.utc = None
timezone.utc = object.__new__(timezone)
timezone.utc._offset = timedelta(0)
timezone.utc._name = None
timezone.min = timezone(-timedelta(hours=23, minutes=59))
timezone.max = timezone(timedelta(hours=23, minutes=59))
UTC = timezone.utc


class IsoCalendarDate(tuple):
    __tp_name__ = 'datetime.IsoCalendarDate'

    def __new__(cls, year, week, weekday):
        return tuple.__new__(cls, (year, week, weekday))

    year = property(lambda self: self[0])
    week = property(lambda self: self[1])
    weekday = property(lambda self: self[2])

    def __repr__(self):
        return f"datetime.IsoCalendarDate(year={self[0]}, week={self[1]}, weekday={self[2]})"


def _iso_week1_monday(year):
    first = _to_ordinal(year, 1, 1)
    wd = (first + 6) % 7
    monday = first - wd
    if wd > 3:
        monday += 7
    return monday


def _parse_iso_date(s):
    # YYYY-MM-DD, YYYYMMDD, YYYY-Www, YYYY-Www-D, YYYYWww, YYYYWwwD, YYYY-DDD, YYYYDDD.
    if len(s) < 7 or not s[:4].isdigit():
        raise ValueError
    year = int(s[:4])
    rest = s[4:]
    dash = rest.startswith('-')
    if dash:
        rest = rest[1:]
    if rest[:1] in ('W', 'w') and rest[:1] == 'W':
        body = rest[1:]
        if len(body) < 2 or not body[:2].isdigit():
            raise ValueError
        week = int(body[:2])
        body = body[2:]
        day = 1
        if body:
            if dash:
                if not body.startswith('-'):
                    raise ValueError
                body = body[1:]
            if len(body) != 1 or not body.isdigit():
                raise ValueError
            day = int(body)
        return date.fromisocalendar(year, week, day)._ymd()
    if len(rest) == 3 and rest.isdigit():
        n = int(rest)
        if not 1 <= n <= (366 if _leap(year) else 365):
            raise ValueError
        return _from_ordinal(_to_ordinal(year, 1, 1) + n - 1)
    if dash:
        if len(rest) != 5 or rest[2] != '-' or not (rest[:2] + rest[3:]).isdigit():
            raise ValueError
        return year, int(rest[:2]), int(rest[3:])
    if len(rest) != 4 or not rest.isdigit():
        raise ValueError
    return year, int(rest[:2]), int(rest[2:])


def _parse_iso_time(s):
    # HH[:MM[:SS[.fff[fff]]]] or the basic forms, then an optional Z or +HH[:MM[:SS[.f]]].
    tz = None
    for i, c in enumerate(s):
        if c in '+-Zz':
            tz = s[i:]
            s = s[:i]
            break
    hour, minute, second, us = _parse_hms(s)
    tzi = None
    if tz is not None:
        if tz in ('Z', 'z'):
            tzi = timezone.utc
        else:
            sign = -1 if tz[0] == '-' else 1
            h, m, sec, u = _parse_hms(tz[1:])
            off = timedelta(hours=h, minutes=m, seconds=sec, microseconds=u)
            tzi = timezone.utc if not off else timezone(sign * off)
    return hour, minute, second, us, tzi


def _parse_hms(s):
    if not s:
        raise ValueError
    frac = None
    for i, c in enumerate(s):
        if c in '.,':
            frac = s[i + 1:]
            s = s[:i]
            break
    parts = s.split(':') if ':' in s else [s[i:i + 2] for i in range(0, len(s), 2)]
    if not 1 <= len(parts) <= 3 or any(len(p) != 2 or not p.isdigit() for p in parts):
        raise ValueError
    nums = [int(p) for p in parts] + [0] * (3 - len(parts))
    us = 0
    if frac is not None:
        if len(parts) != 3 or not frac or not frac.isdigit():
            raise ValueError
        us = int((frac[:6] + '000000')[:6])
    return nums[0], nums[1], nums[2], us


class date:
    """date(year, month, day) --> date object"""

    __tp_name__ = 'datetime.date'
    __slots__ = ('_year', '_month', '_day', '_hashcode')

    def __new__(cls, year, month=None, day=None):
        if month is None:
            raise TypeError("function missing required argument 'month' (pos 2)")
        if day is None:
            raise TypeError("function missing required argument 'day' (pos 3)")
        year, month, day = _check_date(year, month, day)
        self = object.__new__(cls)
        self._year = year
        self._month = month
        self._day = day
        self._hashcode = -1
        return self

    year = property(lambda self: self._year, doc="year (1-9999)")
    month = property(lambda self: self._month, doc="month (1-12)")
    day = property(lambda self: self._day, doc="day (1-31)")

    def _ymd(self):
        return self._year, self._month, self._day

    @classmethod
    def fromtimestamp(cls, t):
        """Construct a date from a POSIX timestamp (like time.time())."""
        y, m, d, *_ = _time.localtime(t)
        return cls(y, m, d)

    @classmethod
    def today(cls):
        """Current date or datetime:  same as self.__class__.fromtimestamp(time.time())."""
        return cls.fromtimestamp(_time.time())

    @classmethod
    def fromordinal(cls, n):
        """Construct a date from a proleptic Gregorian ordinal."""
        n = _int_arg(n)
        if not 1 <= n <= _MAX_ORDINAL:
            raise ValueError(f"ordinal must be >= 1")
        return cls(*_from_ordinal(n))

    @classmethod
    def fromisoformat(cls, date_string):
        """Construct a date from a string in ISO 8601 format."""
        if not isinstance(date_string, str):
            raise TypeError('fromisoformat: argument must be str')
        try:
            ymd = _parse_iso_date(date_string)
        except ValueError:
            raise ValueError(f'Invalid isoformat string: {date_string!r}') from None
        return cls(*ymd)

    @classmethod
    def fromisocalendar(cls, year, week, day):
        """Construct a date from the ISO year, week number and weekday."""
        if not MINYEAR <= year <= MAXYEAR:
            raise ValueError(f"year must be in {MINYEAR}..{MAXYEAR}, not {year}")
        if not 0 < week < 53:
            out_of_range = True
            if week == 53:
                first = _to_ordinal(year, 1, 1)
                wd = (first + 6) % 7
                if wd == 3 or (wd == 2 and _leap(year)):
                    out_of_range = False
            if out_of_range:
                raise ValueError(f"Invalid week: {week}")
        if not 0 < day < 8:
            raise ValueError(f"Invalid weekday: {day} (range is [1, 7])")
        n = _iso_week1_monday(year) + (week - 1) * 7 + day - 1
        return cls(*_from_ordinal(n))

    @classmethod
    def strptime(cls, date_string, format):
        """Parse a date string according to the given format (like time.strptime())."""
        import _strptime
        r = _strptime._parse(date_string, format)
        return cls(r[0], r[1], r[2])

    def __repr__(self):
        return f"{type(self).__module__}.{type(self).__qualname__}({self._year}, {self._month}, {self._day})"

    def isoformat(self):
        """Return the date formatted according to ISO."""
        return f"{self._year:04d}-{self._month:02d}-{self._day:02d}"

    def __str__(self):
        return self.isoformat()

    def ctime(self):
        """Return ctime() style string."""
        wd = self.toordinal() % 7 or 7
        return (f"{_DAYNAMES[wd]} {_MONTHNAMES[self._month]} {self._day:2d} "
                f"00:00:00 {self._year:04d}")

    def strftime(self, format):
        """Format using strftime()."""
        if not isinstance(format, str):
            raise TypeError(f"strftime() argument 1 must be str, not {_tp(format)}")
        return _wrap_strftime(self, format, self.timetuple())

    def __format__(self, fmt):
        if not isinstance(fmt, str):
            raise TypeError(f"must be str, not {type(fmt).__name__}")
        if fmt:
            return self.strftime(fmt)
        return str(self)

    def timetuple(self):
        """Return time tuple, compatible with time.localtime()."""
        return _time.struct_time((self._year, self._month, self._day, 0, 0, 0,
                                  self.weekday(), self.toordinal() - _to_ordinal(self._year, 1, 1) + 1, -1))

    def toordinal(self):
        """Return proleptic Gregorian ordinal.  January 1 of year 1 is day 1."""
        return _to_ordinal(self._year, self._month, self._day)

    def replace(self, year=None, month=None, day=None):
        """Return date with new specified fields."""
        return type(self)(self._year if year is None else year,
                          self._month if month is None else month,
                          self._day if day is None else day)

    __replace__ = replace

    def weekday(self):
        """Return day of the week, where Monday == 0 ... Sunday == 6."""
        return (self.toordinal() + 6) % 7

    def isoweekday(self):
        """Return day of the week, where Monday == 1 ... Sunday == 7."""
        return self.toordinal() % 7 or 7

    def isocalendar(self):
        """Return a named tuple containing ISO year, week number, and weekday."""
        year = self._year
        week1 = _iso_week1_monday(year)
        today = _to_ordinal(self._year, self._month, self._day)
        week, day = divmod(today - week1, 7)
        if week < 0:
            year -= 1
            week1 = _iso_week1_monday(year)
            week, day = divmod(today - week1, 7)
        elif week >= 52 and today >= _iso_week1_monday(year + 1):
            year += 1
            week = 0
        return IsoCalendarDate(year, week + 1, day + 1)

    # Comparisons: a date and a datetime are never equal and do not order.
    def _cmpkey(self, other, op):
        if isinstance(other, date) and isinstance(self, datetime) == isinstance(other, datetime):
            return (self._year, self._month, self._day), (other._year, other._month, other._day)
        if isinstance(other, date):
            if op == '==':
                return None
            raise _cmp_error(op, self, other)
        return NotImplemented

    def __eq__(self, other):
        k = self._cmpkey(other, '==')
        if k is NotImplemented:
            return NotImplemented
        return k is not None and k[0] == k[1]

    def __lt__(self, other):
        k = self._cmpkey(other, '<')
        return k if k is NotImplemented else k[0] < k[1]

    def __le__(self, other):
        k = self._cmpkey(other, '<=')
        return k if k is NotImplemented else k[0] <= k[1]

    def __gt__(self, other):
        k = self._cmpkey(other, '>')
        return k if k is NotImplemented else k[0] > k[1]

    def __ge__(self, other):
        k = self._cmpkey(other, '>=')
        return k if k is NotImplemented else k[0] >= k[1]

    def __hash__(self):
        return hash((self._year, self._month, self._day))

    def __add__(self, other):
        if isinstance(other, timedelta):
            o = self.toordinal() + other.days
            if 0 < o <= _MAX_ORDINAL:
                return type(self).fromordinal(o)
            raise OverflowError("date value out of range")
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + timedelta(-other.days)
        if isinstance(other, date) and not isinstance(other, datetime) and not isinstance(self, datetime):
            return timedelta(self.toordinal() - other.toordinal())
        return NotImplemented

    def __reduce__(self):
        return (type(self), self._ymd())


date.min = date(1, 1, 1)
date.max = date(9999, 12, 31)
date.resolution = timedelta(days=1)


class time:
    """time([hour[, minute[, second[, microsecond[, tzinfo]]]]]) --> a time object"""

    __tp_name__ = 'datetime.time'
    __slots__ = ('_hour', '_minute', '_second', '_microsecond', '_tzinfo', '_fold', '_hashcode')

    def __new__(cls, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *, fold=0):
        hour, minute, second, microsecond, fold = _check_time(hour, minute, second, microsecond, fold)
        _check_tzinfo(tzinfo)
        self = object.__new__(cls)
        self._hour = hour
        self._minute = minute
        self._second = second
        self._microsecond = microsecond
        self._tzinfo = tzinfo
        self._fold = fold
        self._hashcode = -1
        return self

    hour = property(lambda self: self._hour, doc="hour (0-23)")
    minute = property(lambda self: self._minute, doc="minute (0-59)")
    second = property(lambda self: self._second, doc="second (0-59)")
    microsecond = property(lambda self: self._microsecond, doc="microsecond (0-999999)")
    tzinfo = property(lambda self: self._tzinfo, doc="timezone info object")
    fold = property(lambda self: self._fold)

    @classmethod
    def fromisoformat(cls, time_string):
        """Construct a time from a string in one of the ISO 8601 formats."""
        if not isinstance(time_string, str):
            raise TypeError('fromisoformat: argument must be str')
        s = time_string[1:] if time_string[:1] == 'T' else time_string
        try:
            h, m, sec, us, tz = _parse_iso_time(s)
            return cls(h, m, sec, us, tz)
        except ValueError:
            raise ValueError(f'Invalid isoformat string: {time_string!r}') from None

    @classmethod
    def strptime(cls, date_string, format):
        """Parse a time string according to the given format."""
        import _strptime
        r = _strptime._parse(date_string, format)
        t = cls(r[3], r[4], r[5], r[9])
        if r[10] is not None:
            delta = timedelta(seconds=r[10], microseconds=r[11])
            t = t.replace(tzinfo=timezone(delta, r[12]) if r[12] else timezone(delta))
        return t

    def _hms_text(self, timespec):
        h, m, s, us = self._hour, self._minute, self._second, self._microsecond
        if timespec == 'auto':
            timespec = 'microseconds' if us else 'seconds'
        elif timespec == 'milliseconds':
            us //= 1000
        if timespec == 'hours':
            return f"{h:02d}"
        if timespec == 'minutes':
            return f"{h:02d}:{m:02d}"
        if timespec == 'seconds':
            return f"{h:02d}:{m:02d}:{s:02d}"
        if timespec == 'milliseconds':
            return f"{h:02d}:{m:02d}:{s:02d}.{us:03d}"
        if timespec == 'microseconds':
            return f"{h:02d}:{m:02d}:{s:02d}.{us:06d}"
        raise ValueError('Unknown timespec value')

    def utcoffset(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.utcoffset(None)

    def dst(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.dst(None)

    def tzname(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.tzname(None)

    def isoformat(self, timespec='auto'):
        """Return the time formatted according to ISO."""
        return self._hms_text(timespec) + _format_offset(self.utcoffset())

    def __str__(self):
        return self.isoformat()

    def __repr__(self):
        if self._microsecond:
            s = f"{self._hour}, {self._minute}, {self._second}, {self._microsecond}"
        elif self._second:
            s = f"{self._hour}, {self._minute}, {self._second}"
        else:
            s = f"{self._hour}, {self._minute}"
        if self._tzinfo is not None:
            s += f", tzinfo={self._tzinfo!r}"
        if self._fold:
            s += ", fold=1"
        return f"{type(self).__module__}.{type(self).__qualname__}({s})"

    def strftime(self, format):
        """Format using strftime()."""
        tt = (1900, 1, 1, self._hour, self._minute, self._second, 0, 1, -1)
        return _wrap_strftime(self, format, tt)

    def __format__(self, fmt):
        if fmt:
            return self.strftime(fmt)
        return str(self)

    def replace(self, hour=None, minute=None, second=None, microsecond=None,
                tzinfo=True, *, fold=None):
        return type(self)(self._hour if hour is None else hour,
                          self._minute if minute is None else minute,
                          self._second if second is None else second,
                          self._microsecond if microsecond is None else microsecond,
                          self._tzinfo if tzinfo is True else tzinfo,
                          fold=self._fold if fold is None else fold)

    __replace__ = replace

    def _key(self, other, op):
        if not isinstance(other, time):
            if op == '==':
                return None
            return NotImplemented
        a = self.utcoffset()
        b = other.utcoffset()
        if (a is None) != (b is None):
            if op == '==':
                return None
            raise TypeError("can't compare offset-naive and offset-aware times")
        def us(t, off):
            v = ((t._hour * 60 + t._minute) * 60 + t._second) * 1000000 + t._microsecond
            return v - (off._us() if off is not None else 0)
        return us(self, a), us(other, b)

    def __eq__(self, other):
        k = self._key(other, '==')
        if k is NotImplemented:
            return NotImplemented
        return k is not None and k[0] == k[1]

    def __lt__(self, other):
        k = self._key(other, '<')
        return k if k is NotImplemented else k[0] < k[1]

    def __le__(self, other):
        k = self._key(other, '<=')
        return k if k is NotImplemented else k[0] <= k[1]

    def __gt__(self, other):
        k = self._key(other, '>')
        return k if k is NotImplemented else k[0] > k[1]

    def __ge__(self, other):
        k = self._key(other, '>=')
        return k if k is NotImplemented else k[0] >= k[1]

    def __hash__(self):
        off = self.utcoffset()
        v = ((self._hour * 60 + self._minute) * 60 + self._second) * 1000000 + self._microsecond
        if off is not None:
            v -= off._us()
        return hash(v)

    def __bool__(self):
        return True


time.min = time(0, 0, 0)
time.max = time(23, 59, 59, 999999)
time.resolution = timedelta(microseconds=1)


class datetime(date):
    """datetime(year, month, day[, hour[, minute[, second[, microsecond[,tzinfo]]]]])"""

    __tp_name__ = 'datetime.datetime'
    __slots__ = ('_hour', '_minute', '_second', '_microsecond', '_tzinfo', '_fold')

    def __new__(cls, year, month=None, day=None, hour=0, minute=0, second=0,
                microsecond=0, tzinfo=None, *, fold=0):
        if month is None:
            raise TypeError("function missing required argument 'month' (pos 2)")
        if day is None:
            raise TypeError("function missing required argument 'day' (pos 3)")
        year, month, day = _check_date(year, month, day)
        hour, minute, second, microsecond, fold = _check_time(hour, minute, second, microsecond, fold)
        _check_tzinfo(tzinfo)
        self = object.__new__(cls)
        self._year = year
        self._month = month
        self._day = day
        self._hour = hour
        self._minute = minute
        self._second = second
        self._microsecond = microsecond
        self._tzinfo = tzinfo
        self._fold = fold
        self._hashcode = -1
        return self

    hour = property(lambda self: self._hour, doc="hour (0-23)")
    minute = property(lambda self: self._minute, doc="minute (0-59)")
    second = property(lambda self: self._second, doc="second (0-59)")
    microsecond = property(lambda self: self._microsecond, doc="microsecond (0-999999)")
    tzinfo = property(lambda self: self._tzinfo, doc="timezone info object")
    fold = property(lambda self: self._fold)

    # ---- construction ----

    @classmethod
    def _from_us(cls, total, tz=None):
        # Microseconds since 0001-01-01T00:00 (ordinal 1).
        days, rest = divmod(total, _US_PER_DAY)
        if not 0 <= days < _MAX_ORDINAL:
            raise OverflowError("date value out of range")
        y, m, d = _from_ordinal(days + 1)
        secs, us = divmod(rest, 1000000)
        hh, secs = divmod(secs, 3600)
        mm, ss = divmod(secs, 60)
        return cls(y, m, d, hh, mm, ss, us, tz)

    def _local_us(self):
        return (((self.toordinal() - 1) * 24 + self._hour) * 60 + self._minute) * 60000000 \
            + self._second * 1000000 + self._microsecond

    @classmethod
    def fromtimestamp(cls, timestamp, tz=None):
        """timestamp[, tz] -> tz's local time from POSIX timestamp."""
        _check_tzinfo(tz)
        if isinstance(timestamp, float):
            if timestamp != timestamp:
                raise ValueError("Invalid value NaN (not a number)")
            whole = int(timestamp // 1)
            frac_us = round((timestamp - whole) * 1e6)
            total = whole * 1000000 + frac_us
        elif isinstance(timestamp, int):
            total = timestamp * 1000000
        else:
            raise TypeError(f"'{type(timestamp).__name__}' object cannot be interpreted as an integer")
        epoch = 719162 * _US_PER_DAY
        result = cls._from_us(epoch + total)
        if tz is not None:
            result = result.replace(tzinfo=tz)
            result = tz.fromutc(result)
        return result

    @classmethod
    def utcfromtimestamp(cls, t):
        """Construct a naive UTC datetime from a POSIX timestamp."""
        return cls.fromtimestamp(t)

    @classmethod
    def now(cls, tz=None):
        """Returns new datetime object representing current time local to tz."""
        t = _time.time_ns()
        return cls.fromtimestamp(t // 1000, tz) if False else cls._from_ns(t, tz)

    @classmethod
    def _from_ns(cls, ns, tz):
        _check_tzinfo(tz)
        result = cls._from_us(719162 * _US_PER_DAY + ns // 1000)
        if tz is not None:
            result = tz.fromutc(result.replace(tzinfo=tz))
        return result

    @classmethod
    def utcnow(cls):
        """Return a new datetime representing UTC day and time."""
        return cls._from_ns(_time.time_ns(), None)

    @classmethod
    def today(cls):
        return cls._from_ns(_time.time_ns(), None)

    @classmethod
    def combine(cls, date, time, tzinfo=True):
        """Construct a datetime from a given date and a given time."""
        if not isinstance(date, _date_class):
            raise TypeError(f"combine() argument 1 must be datetime.date, not {_tp(date)}")
        if not isinstance(time, _time_class):
            raise TypeError(f"combine() argument 2 must be datetime.time, not {_tp(time)}")
        if tzinfo is True:
            tzinfo = time.tzinfo
        return cls(date.year, date.month, date.day, time.hour, time.minute, time.second,
                   time.microsecond, tzinfo, fold=time.fold)

    @classmethod
    def fromisoformat(cls, date_string):
        """Construct a datetime from a string in one of the ISO 8601 formats."""
        if not isinstance(date_string, str):
            raise TypeError('fromisoformat: argument must be str')
        s = date_string
        try:
            split = _iso_split(s)
            ymd = _parse_iso_date(s[:split])
            if split < len(s):
                h, m, sec, us, tz = _parse_iso_time(s[split + 1:])
            else:
                h = m = sec = us = 0
                tz = None
        except ValueError:
            raise ValueError(f'Invalid isoformat string: {date_string!r}') from None
        if h == 24:
            if m == sec == us == 0:
                return cls(*ymd, 0, 0, 0, 0, tz) + timedelta(days=1)
        return cls(*ymd, h, m, sec, us, tz)

    @classmethod
    def strptime(cls, date_string, format):
        """string, format -> new datetime parsed from a string (like time.strptime())."""
        import _strptime
        return _strptime._strptime_datetime(cls, date_string, format)

    # ---- views ----

    def date(self):
        """Return date object with same year, month and day."""
        return date(self._year, self._month, self._day)

    def time(self):
        """Return time object with same time but with tzinfo=None."""
        return _time_class(self._hour, self._minute, self._second, self._microsecond, fold=self._fold)

    def timetz(self):
        """Return time object with same time and tzinfo."""
        return _time_class(self._hour, self._minute, self._second, self._microsecond,
                           self._tzinfo, fold=self._fold)

    def timetuple(self):
        """Return time tuple, compatible with time.localtime()."""
        d = self.dst()
        isdst = -1 if d is None else (1 if d else 0)
        return _time.struct_time((self._year, self._month, self._day, self._hour, self._minute,
                                  self._second, self.weekday(),
                                  self.toordinal() - _to_ordinal(self._year, 1, 1) + 1, isdst))

    def utctimetuple(self):
        off = self.utcoffset()
        t = self - off if off else self
        return _time.struct_time((t._year, t._month, t._day, t._hour, t._minute, t._second,
                                  t.weekday(), t.toordinal() - _to_ordinal(t._year, 1, 1) + 1, 0))

    def timestamp(self):
        """Return POSIX timestamp as float."""
        off = self.utcoffset()
        us = self._local_us() - 719162 * _US_PER_DAY
        if off is not None:
            us -= off._us()
        return us / 10 ** 6

    def utcoffset(self):
        if self._tzinfo is None:
            return None
        off = self._tzinfo.utcoffset(self)
        _check_offset('utcoffset', off)
        return off

    def dst(self):
        if self._tzinfo is None:
            return None
        off = self._tzinfo.dst(self)
        _check_offset('dst', off)
        return off

    def tzname(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.tzname(self)

    def replace(self, year=None, month=None, day=None, hour=None, minute=None, second=None,
                microsecond=None, tzinfo=True, *, fold=None):
        return type(self)(self._year if year is None else year,
                          self._month if month is None else month,
                          self._day if day is None else day,
                          self._hour if hour is None else hour,
                          self._minute if minute is None else minute,
                          self._second if second is None else second,
                          self._microsecond if microsecond is None else microsecond,
                          self._tzinfo if tzinfo is True else tzinfo,
                          fold=self._fold if fold is None else fold)

    __replace__ = replace

    def astimezone(self, tz=None):
        if tz is None:
            tz = timezone.utc
        elif not isinstance(tz, tzinfo):
            raise TypeError(f"astimezone() argument 1 must be datetime.tzinfo, not {_tp(tz)}")
        off = self.utcoffset()
        if off is None:
            # A naive datetime is local time: the machine's zone is UTC.
            off = timedelta(0)
        if tz is self._tzinfo:
            return self
        utc = (self - off).replace(tzinfo=tz)
        return tz.fromutc(utc)

    # ---- text ----

    def ctime(self):
        wd = self.toordinal() % 7 or 7
        return (f"{_DAYNAMES[wd]} {_MONTHNAMES[self._month]} {self._day:2d} "
                f"{self._hour:02d}:{self._minute:02d}:{self._second:02d} {self._year:04d}")

    def isoformat(self, sep='T', timespec='auto'):
        """[sep] -> string in ISO 8601 format, YYYY-MM-DDT[HH[:MM[:SS[.mmm[uuu]]]]][+HH:MM]."""
        t = _time_class(self._hour, self._minute, self._second, self._microsecond)
        return (f"{self._year:04d}-{self._month:02d}-{self._day:02d}{sep}"
                + t._hms_text(timespec) + _format_offset(self.utcoffset()))

    def __str__(self):
        return self.isoformat(sep=' ')

    def __repr__(self):
        parts = [self._year, self._month, self._day, self._hour, self._minute,
                 self._second, self._microsecond]
        if parts[-1] == 0:
            parts.pop()
        if parts[-1] == 0:
            parts.pop()
        s = ", ".join(map(str, parts))
        if self._tzinfo is not None:
            s += f", tzinfo={self._tzinfo!r}"
        if self._fold:
            s += ", fold=1"
        return f"{type(self).__module__}.{type(self).__qualname__}({s})"

    def strftime(self, format):
        if not isinstance(format, str):
            raise TypeError(f"strftime() argument 1 must be str, not {_tp(format)}")
        return _wrap_strftime(self, format, self.timetuple())

    # ---- comparisons and arithmetic ----

    def _key(self, other, op):
        if not isinstance(other, datetime):
            if isinstance(other, date):
                if op == '==':
                    return None
                raise _cmp_error(op, self, other)
            return NotImplemented
        a = self.utcoffset()
        b = other.utcoffset()
        if (a is None) != (b is None):
            if op == '==':
                return None
            raise TypeError("can't compare offset-naive and offset-aware datetimes")
        x = self._local_us() - (a._us() if a is not None and self._tzinfo is not other._tzinfo else 0)
        y = other._local_us() - (b._us() if b is not None and self._tzinfo is not other._tzinfo else 0)
        return x, y

    def __eq__(self, other):
        k = self._key(other, '==')
        if k is NotImplemented:
            return NotImplemented
        return k is not None and k[0] == k[1]

    def __lt__(self, other):
        k = self._key(other, '<')
        return k if k is NotImplemented else k[0] < k[1]

    def __le__(self, other):
        k = self._key(other, '<=')
        return k if k is NotImplemented else k[0] <= k[1]

    def __gt__(self, other):
        k = self._key(other, '>')
        return k if k is NotImplemented else k[0] > k[1]

    def __ge__(self, other):
        k = self._key(other, '>=')
        return k if k is NotImplemented else k[0] >= k[1]

    def __hash__(self):
        off = self.utcoffset()
        v = self._local_us() - (off._us() if off is not None else 0)
        return hash(v)

    def __add__(self, other):
        if isinstance(other, timedelta):
            total = self._local_us() + other._us()
            if not 0 <= total < _MAX_ORDINAL * _US_PER_DAY:
                raise OverflowError("date value out of range")
            return type(self)._from_us(total, self._tzinfo)
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + -other
        if isinstance(other, datetime):
            a = self.utcoffset()
            b = other.utcoffset()
            if (a is None) != (b is None):
                raise TypeError("can't subtract offset-naive and offset-aware datetimes")
            x = self._local_us()
            y = other._local_us()
            if a is not None and self._tzinfo is not other._tzinfo:
                x -= a._us()
                y -= b._us()
            return timedelta._from_us(x - y)
        return NotImplemented

    def __reduce__(self):
        return (type(self), (self._year, self._month, self._day, self._hour, self._minute,
                             self._second, self._microsecond, self._tzinfo))


def _check_offset(name, off):
    if off is None:
        return
    if not isinstance(off, timedelta):
        raise TypeError(f"tzinfo.{name}() must return None or timedelta, not '{_tp(off)}'")
    if not -timedelta(1) < off < timedelta(1):
        raise ValueError(f"offset must be a timedelta strictly between -timedelta(hours=24) "
                         f"and timedelta(hours=24), not {off!r}")


def _iso_split(s):
    # Where the time part starts: the separator after a complete date.
    if len(s) < 7:
        raise ValueError
    if len(s) > 10 and s[4] == '-' and s[7] == '-':
        return 10
    if s[4:5] == '-' and s[5:6] == 'W':
        return 10 if len(s) > 10 and s[8:9] == '-' else (8 if len(s) > 8 else len(s))
    if s[4:5] == 'W':
        return 8 if len(s) > 8 and not s[7:8].isdigit() else (min(len(s), 8) if len(s) <= 8 else 8)
    if len(s) == 10 and s[4] == '-' and s[7] == '-':
        return 10
    for i in (8, 7, 10):
        if len(s) > i and not s[i].isdigit():
            return i
    return len(s)


_date_class = date
_time_class = time
datetime.min = datetime(1, 1, 1)
datetime.max = datetime(9999, 12, 31, 23, 59, 59, 999999)
datetime.resolution = timedelta(microseconds=1)

__all__ = ("date", "datetime", "time", "timedelta", "timezone", "tzinfo",
           "MINYEAR", "MAXYEAR", "UTC")
