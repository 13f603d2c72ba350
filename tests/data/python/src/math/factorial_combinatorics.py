import math

print([math.factorial(n) for n in range(11)])
print(math.factorial(50))
print(len(str(math.factorial(500))))
print(math.comb(52, 5), math.perm(10, 3), math.perm(6))
print(math.comb(10, 11), math.perm(3, 5), math.comb(100, 50))
for bad in [-1, 2.0, "5"]:
    try:
        math.factorial(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    math.comb(5, -1)
except ValueError as e:
    print(e)
