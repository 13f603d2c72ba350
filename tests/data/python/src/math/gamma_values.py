import math

for n in range(1, 8):
    print(n, math.gamma(n), math.factorial(n - 1))
print(f"{math.gamma(0.5) ** 2:.12f} {math.pi:.12f}")
print(f"{math.lgamma(100):.6f} {math.gamma(5.5):.6f}")
for bad in [0, -1, -2.0]:
    try:
        math.gamma(bad)
    except ValueError as e:
        print(e)
try:
    math.gamma(200)
except OverflowError as e:
    print(e)
