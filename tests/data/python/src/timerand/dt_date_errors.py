from datetime import date, datetime, time

tests = [
    lambda: date(2024, 13, 1),
    lambda: date(2024, 2, 30),
    lambda: date(2023, 2, 29),
    lambda: date(0, 1, 1),
    lambda: date(10000, 1, 1),
    lambda: date(2024, 0, 1),
    lambda: date(2024.0, 1, 1),
    lambda: date("2024", 1, 1),
    lambda: time(24, 0),
    lambda: time(0, 60),
    lambda: time(0, 0, 60),
    lambda: time(0, 0, 0, 1_000_000),
    lambda: datetime(2024, 1, 1, 25),
    lambda: date(2024, 1, 31).replace(month=2),
    lambda: date.max + (date(2024, 1, 2) - date(2024, 1, 1)),
]
for t in tests:
    try:
        print(t())
    except Exception as e:
        print(type(e).__name__ + ":", e)
