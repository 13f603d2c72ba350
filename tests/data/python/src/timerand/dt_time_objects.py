from datetime import time, timezone, timedelta

t = time(14, 30)
print(repr(t), t, t.hour, t.minute, t.second, t.microsecond, t.tzinfo)
print(repr(time(14, 30, 5)), repr(time(14, 30, 5, 7)), repr(time()))
print(time(9) < time(17), time(9) == time(9, 0, 0), sorted([time(12), time(1), time(23, 59)]))
tz = time(10, tzinfo=timezone(timedelta(hours=1)))
print(repr(tz), tz.utcoffset(), tz.isoformat())
print(time.min, time.max, time.resolution)
print(repr(t.replace(minute=45)), repr(time(fold=1)))
