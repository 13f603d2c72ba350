import math

def simplify(num, den):
    g = math.gcd(num, den)
    return num // g, den // g

print(simplify(84, 36), simplify(-15, 25), simplify(0, 7))
print(math.gcd(), math.gcd(12), math.gcd(12, 18, 24), math.gcd(2**100, 6**40))
print(math.lcm(4, 6), math.lcm(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), math.lcm(), math.lcm(0, 5))
denoms = [3, 4, 6, 8]
common = math.lcm(*denoms)
print(common, [common // d for d in denoms])
try:
    math.gcd(12, 4.0)
except TypeError as e:
    print(e)
