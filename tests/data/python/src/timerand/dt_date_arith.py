from datetime import date, timedelta

start = date(2024, 1, 15)
due = start + timedelta(days=45)
print(due, due - start, (due - start).days)
print(date(2024, 3, 1) - timedelta(days=1))
print(date(2025, 1, 1) - date(2024, 1, 1), date(2024, 1, 1) - date(2025, 1, 1))
weeks = [start + timedelta(weeks=w) for w in range(4)]
print([d.isoformat() for d in weeks])
print(sorted([date(2024, 5, 1), date(2023, 12, 31), date(2024, 1, 1)]))
print(max(weeks), min(weeks), date(2024, 1, 1) == date(2024, 1, 1))
print(len({date(2024, 1, 1), date(2024, 1, 1), date(2024, 1, 2)}))
