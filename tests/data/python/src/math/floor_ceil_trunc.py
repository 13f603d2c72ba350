import math

values = [3.7, -3.7, 2.5, -2.5, 0.0, -0.0, 10, 7.0000001]
for v in values:
    print(v, math.floor(v), math.ceil(v), math.trunc(v), type(math.floor(v)).__name__)
print(math.floor(10**30 + 0.5) == 10**30)
print(math.ceil(True), math.floor(False))
print(math.floor(1e20), math.ceil(-1e20))
