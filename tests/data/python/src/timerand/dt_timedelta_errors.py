from datetime import timedelta

tests = [
    lambda: timedelta(days=1_000_000_000),
    lambda: timedelta(1) / 0,
    lambda: timedelta(1) // 0,
    lambda: timedelta(1) + 1,
    lambda: timedelta(1) < 5,
    lambda: timedelta(days="2"),
    lambda: timedelta.max + timedelta(1),
]
for t in tests:
    try:
        print(t())
    except Exception as e:
        print(type(e).__name__ + ":", e)
