import math

vals = [1.0, math.inf, -math.inf, math.nan, 0.0, 1e308 * 10]
for v in vals:
    print(repr(v), math.isfinite(v), math.isinf(v), math.isnan(v))
print(math.inf > 1e308, -math.inf < -1e308, math.nan == math.nan)
print(math.copysign(3, -0.0), math.copysign(-2, 1), math.fabs(-7))
try:
    math.floor(math.inf)
except OverflowError as e:
    print("OverflowError:", e)
try:
    math.ceil(math.nan)
except ValueError as e:
    print("ValueError:", e)
