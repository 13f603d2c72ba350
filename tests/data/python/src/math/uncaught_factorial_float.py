import math

sizes = [3, 4, 5.0]
for s in sizes:
    print(s, math.factorial(s))
