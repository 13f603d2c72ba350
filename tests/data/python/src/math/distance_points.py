import math

points = [(0, 0), (3, 4), (6, 8), (-1, 2)]
for p in points:
    print(p, math.hypot(*p), math.dist((0, 0), p))
print(math.hypot(), math.hypot(-7), math.hypot(2, 3, 6))
print(math.dist([1, 1, 1], [2, 2, 2]) == math.sqrt(3))
try:
    math.dist([1, 2], [1, 2, 3])
except ValueError as e:
    print(e)
route = [(0, 0), (3, 4), (3, 0), (0, 0)]
total = sum(math.dist(a, b) for a, b in zip(route, route[1:]))
print(f"route length {total:.3f}")
