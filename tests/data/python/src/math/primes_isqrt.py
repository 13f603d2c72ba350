import math

def is_prime(n):
    if n < 2:
        return False
    for d in range(2, math.isqrt(n) + 1):
        if n % d == 0:
            return False
    return True

print([n for n in range(60) if is_prime(n)])
print(is_prime(7919), is_prime(7921), math.isqrt(7921))
perfect = [n for n in range(1, 200) if math.isqrt(n) ** 2 == n]
print(perfect)
print(math.isqrt(2**127 - 1))
