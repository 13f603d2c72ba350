import math

for x in [3.75, -2.5, 0.0, 1e10 + 0.5]:
    print(x, math.modf(x))
for x in [8.0, 0.1, -3.0, 0.0, 1e-310]:
    m, e = math.frexp(x)
    print(x, m, e, math.ldexp(m, e) == x)
print(math.ldexp(1, -1074), math.ldexp(1, -1075), math.ldexp(0.75, 3))
try:
    math.ldexp(1.0, 2000)
except OverflowError as e:
    print(e)
try:
    math.ldexp(1.0, 2.0)
except TypeError as e:
    print(e)
