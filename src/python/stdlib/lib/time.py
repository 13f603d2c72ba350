"""time: the virtual clock of the simulated machine (shellsim).

The clocks, sleep() and the conversions are the native _time module's; struct_time and
strptime are written here.  The machine's time zone is UTC.
"""

import _time
from _time import (time, time_ns, monotonic, monotonic_ns, perf_counter, perf_counter_ns,
                   process_time, process_time_ns, thread_time, thread_time_ns, sleep,
                   gmtime, localtime, mktime, asctime, ctime, strftime,
                   timezone, altzone, daylight, tzname)

_FIELDS = ('tm_year', 'tm_mon', 'tm_mday', 'tm_hour', 'tm_min', 'tm_sec',
           'tm_wday', 'tm_yday', 'tm_isdst')


class struct_time(tuple):
    """The time value as returned by gmtime(), localtime(), and strptime()."""

    n_sequence_fields = 9
    n_fields = 11
    n_unnamed_fields = 0
    __match_args__ = _FIELDS

    def __new__(cls, sequence, dict=None):
        seq = tuple(sequence)
        n = len(seq)
        if n < 9:
            raise TypeError(f"time.struct_time() takes an at least 9-sequence ({n}-sequence given)")
        if n > 11:
            raise TypeError(f"time.struct_time() takes an at most 11-sequence ({n}-sequence given)")
        self = tuple.__new__(cls, seq[:9])
        extra = seq[9:] + (None,) * (11 - n)
        self._zone = extra[0]
        self._gmtoff = extra[1]
        return self

    tm_year = property(lambda self: self[0], doc="year, for example, 1993")
    tm_mon = property(lambda self: self[1], doc="month of year, range [1, 12]")
    tm_mday = property(lambda self: self[2], doc="day of month, range [1, 31]")
    tm_hour = property(lambda self: self[3], doc="hours, range [0, 23]")
    tm_min = property(lambda self: self[4], doc="minutes, range [0, 59]")
    tm_sec = property(lambda self: self[5], doc="seconds, range [0, 61])")
    tm_wday = property(lambda self: self[6], doc="day of week, range [0, 6], Monday is 0")
    tm_yday = property(lambda self: self[7], doc="day of year, range [1, 366]")
    tm_isdst = property(lambda self: self[8], doc="1 if summer time is in effect, 0 if not, and -1 if unknown")
    tm_zone = property(lambda self: self._zone, doc="abbreviation of timezone name")
    tm_gmtoff = property(lambda self: self._gmtoff, doc="offset from UTC in seconds")

    def __repr__(self):
        inner = ", ".join(f"{name}={value!r}" for name, value in zip(_FIELDS, self))
        return f"time.struct_time({inner})"

    def __reduce__(self):
        return (struct_time, (tuple(self), {'tm_zone': self._zone, 'tm_gmtoff': self._gmtoff}))


struct_time.__module__ = 'time'
_time.struct_time = struct_time


def strptime(data_string, format="%a %b %d %H:%M:%S %Y"):
    """Parse a string to a time tuple according to a format specification."""
    import _strptime
    return _strptime._strptime_time(data_string, format)
