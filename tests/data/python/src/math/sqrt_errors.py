import math

for x in [16, 2, 0.25, 0, -0.0, 1e300]:
    print(x, math.sqrt(x))
for bad in [-1, -2.5, float("-inf")]:
    try:
        math.sqrt(bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    math.sqrt("9")
except TypeError as e:
    print("TypeError:", e)
print(math.isqrt(99), math.isqrt(10**40), math.isqrt(0))
try:
    math.isqrt(-4)
except ValueError as e:
    print(e)
