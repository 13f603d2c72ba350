from datetime import timedelta

a = timedelta(days=1)
b = timedelta(hours=5)
print(a + b, a - b, b - a)
print(a / b, a // b, a % b, divmod(a, timedelta(hours=7)))
print(a / 3, a * 1.5, 2 * b, b * 0.1)
print(-b, abs(-b), +b)
print(a.total_seconds(), b.total_seconds(), timedelta(microseconds=1500).total_seconds())
print(a > b, a == timedelta(hours=24), a != b, sorted([a, b, timedelta(0)]))
print(bool(timedelta(0)), bool(b))
print(sum([timedelta(minutes=m) for m in (15, 30, 45)], timedelta()))
