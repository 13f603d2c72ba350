from datetime import datetime, date, time, timezone

d = date(2024, 6, 30)
t = time(23, 59, 59)
dt = datetime.combine(d, t)
print(repr(dt), dt.date(), dt.time())
print(repr(datetime.combine(d, time(8, tzinfo=timezone.utc))))
print(repr(dt.replace(hour=0, minute=0, second=0)))
print(repr(dt.replace(tzinfo=timezone.utc)), repr(dt.replace(tzinfo=timezone.utc).replace(tzinfo=None)))
print(dt.timetuple()[:6], dt.weekday(), dt.isoweekday())
print(isinstance(dt, date), isinstance(d, datetime))
try:
    datetime.combine("2024-06-30", t)
except TypeError as e:
    print("TypeError:", e)
