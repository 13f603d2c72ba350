a = {x for x in range(20) if x % 2 == 0}
b = {x for x in range(20) if x % 3 == 0}
print(sorted(a & b), sorted(a - b)[:4], sorted(a ^ b)[:5])
print(a >= {0, 2}, {0, 6} < b, a.issuperset(range(0, 20, 4)))
c = set(a)
c -= {0, 2, 4}
c |= {99}
c &= set(range(50, 100)) | {6, 8}
print(sorted(c), len(a), len(c))
print(sorted({n % 5 for n in [12, 7, 22, 3, 8]}))
