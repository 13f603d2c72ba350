import math

print(math.nextafter(1.0, 2.0), math.nextafter(1.0, 0.0))
print(math.nextafter(0.0, 1.0), math.nextafter(0.0, -1.0))
print(math.nextafter(1.0, 0.0, steps=3), math.nextafter(1.0, 1.0))
print(math.ulp(1.0), math.ulp(0.0), math.ulp(1e16), math.ulp(-2.0))
print(math.ulp(math.inf), 1.0 + math.ulp(1.0) > 1.0)
try:
    math.nextafter(1.0, 2.0, steps=-1)
except ValueError as e:
    print(e)
