import math

vals = [0.1] * 10
print(math.fsum(vals), math.fsum(vals) == 1.0)
print(math.fsum([1e100, 1.0, -1e100, 1.0]))
print(math.fsum([]), math.fsum(range(101)))
print(math.fsum(x / 7 for x in range(100)))
try:
    math.fsum([float("inf"), float("-inf")])
except ValueError as e:
    print("ValueError:", e)
try:
    math.fsum([1e308, 1e308])
except OverflowError as e:
    print("OverflowError:", e)
print(math.fsum([float("inf"), 1.0]))
