import math

pairs = [(7, 3), (-7, 3), (7, -3), (5.5, 2), (10, 2.5)]
for a, b in pairs:
    print(a, b, a % b, math.fmod(a, b), math.remainder(a, b))
print(math.fmod(1, math.inf), math.remainder(5, 2), math.remainder(7, 2))
for a, b in [(1, 0), (math.inf, 2)]:
    try:
        math.fmod(a, b)
    except ValueError as e:
        print("fmod", a, b, "->", e)
