from datetime import datetime, timezone, timedelta

print(repr(datetime(2024, 1, 2, 3, 4, 5)))
print(repr(datetime(2024, 1, 2)))
print(repr(datetime(2024, 1, 2, 3, 4, 5, 6)))
print(repr(datetime(2024, 1, 2, 3, 4, 0, 0, tzinfo=timezone.utc)))
print(repr(datetime(2024, 1, 2, tzinfo=timezone(timedelta(hours=5, minutes=30)))))
print(datetime(2024, 1, 2, 3, 4, 5, 6))
print(datetime(2024, 1, 2, 3, 4, 5, tzinfo=timezone(timedelta(hours=-8))))
print(datetime.min, datetime.max, sep=" | ")
print(datetime(2024, 7, 4, 12).ctime())
