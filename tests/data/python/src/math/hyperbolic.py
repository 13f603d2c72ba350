import math

for x in [0, 0.5, 1, 2]:
    print(x, f"{math.sinh(x):.8f} {math.cosh(x):.8f} {math.tanh(x):.8f}")
print(f"{math.asinh(1):.10f} {math.acosh(2):.10f} {math.atanh(0.5):.10f}")
for f, x in [(math.acosh, 0.5), (math.atanh, 1), (math.atanh, -2)]:
    try:
        f(x)
    except ValueError as e:
        print(f.__name__, e)
try:
    math.cosh(1000)
except OverflowError as e:
    print("cosh", e)
