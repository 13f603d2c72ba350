from datetime import datetime, timezone, timedelta

utc = timezone.utc
est = timezone(timedelta(hours=-5), "EST")
ist = timezone(timedelta(hours=5, minutes=30))
for tz in (utc, est, ist, timezone(timedelta(0)), timezone.min, timezone.max):
    print(repr(tz), str(tz), tz.utcoffset(None), tz.tzname(None), tz.dst(None))
print(timezone(timedelta(0)) is utc, est == timezone(timedelta(hours=-5)))
for bad in (lambda: timezone(timedelta(hours=24)), lambda: timezone(5)):
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
