from datetime import datetime, date, timezone

naive = datetime(2024, 1, 1, 12)
aware = datetime(2024, 1, 1, 12, tzinfo=timezone.utc)
tests = [
    lambda: naive < aware,
    lambda: naive - aware,
    lambda: naive == aware,
    lambda: date(2024, 1, 1) < naive,
    lambda: date(2024, 1, 1) == naive,
    lambda: date(2024, 1, 1) + 1,
    lambda: date(2024, 1, 1) - naive,
    lambda: naive + naive,
]
for t in tests:
    try:
        print(t())
    except TypeError as e:
        print("TypeError:", e)
