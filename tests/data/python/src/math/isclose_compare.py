import math

a = 0.1 + 0.2
print(a == 0.3, math.isclose(a, 0.3))
print(math.isclose(1.0, 1.1), math.isclose(1.0, 1.1, rel_tol=0.1))
print(math.isclose(0.0, 1e-12), math.isclose(0.0, 1e-12, abs_tol=1e-9))
print(math.isclose(float("inf"), float("inf")), math.isclose(float("nan"), float("nan")))
try:
    math.isclose(1, 2, rel_tol=-0.5)
except ValueError as e:
    print(e)
try:
    math.isclose(1)
except TypeError as e:
    print(e)
