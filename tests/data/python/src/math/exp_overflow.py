import math

print(math.exp(0), f"{math.exp(1):.12f}", math.exp(-1000))
print(f"{math.expm1(1e-10):.6e} {math.log1p(1e-10):.6e}")
print(math.exp2(10), math.pow(2, 10), math.pow(2, 0.5) == math.sqrt(2))
for x in [700, 710, 1000]:
    try:
        print(x, f"{math.exp(x):.3e}")
    except OverflowError as e:
        print(x, "OverflowError:", e)
try:
    math.pow(0, -1)
except ValueError as e:
    print(e)
print(math.pow(math.nan, 0), math.pow(1, math.nan))
