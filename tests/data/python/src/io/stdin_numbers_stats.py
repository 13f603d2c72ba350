import sys
values = [float(x) for x in sys.stdin.read().split()]
values.sort()
n = len(values)
mean = sum(values) / n
median = values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2
var = sum((v - mean) ** 2 for v in values) / (n - 1)
print(f"n={n} min={values[0]} max={values[-1]}")
print(f"mean={mean:.4f} median={median} stdev={var ** 0.5:.4f}")
