from datetime import datetime, date, timezone
import time

now = datetime.now()
print(now.year >= 2024, now.tzinfo)
aware = datetime.now(timezone.utc)
print(aware.tzinfo, aware.utcoffset())
print(date.today() >= date(2024, 1, 1))
t0 = datetime.now(timezone.utc)
time.sleep(2)
t1 = datetime.now(timezone.utc)
print((t1 - t0).total_seconds() >= 2)
print(abs(datetime.fromtimestamp(time.time(), timezone.utc) - datetime.now(timezone.utc)).total_seconds() < 5)
