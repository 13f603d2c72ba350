def gcd(a, b):
    while b:
        a, b = b, a % b
    return abs(a)

def lcm(a, b):
    return a * b // gcd(a, b)

pairs = [(12, 18), (17, 5), (0, 9), (-24, 36), (2 ** 40, 6 ** 20)]
for a, b in pairs:
    print(a, b, gcd(a, b), lcm(a, b) if a and b else 0)
from_list = 1
for n in range(1, 21):
    from_list = lcm(from_list, n)
print(from_list)
