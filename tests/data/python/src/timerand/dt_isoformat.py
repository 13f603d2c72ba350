from datetime import datetime, time, timezone, timedelta

dt = datetime(2024, 1, 2, 3, 4, 5, 123456)
print(dt.isoformat())
print(dt.isoformat(" "))
for spec in ("hours", "minutes", "seconds", "milliseconds", "microseconds", "auto"):
    print(spec, dt.isoformat(timespec=spec))
print(datetime(2024, 1, 2, tzinfo=timezone(timedelta(hours=-3, minutes=-30))).isoformat())
print(time(7, 5).isoformat(), time(7, 5, 1, 20).isoformat())
try:
    dt.isoformat(timespec="nanoseconds")
except ValueError as e:
    print("ValueError:", e)
