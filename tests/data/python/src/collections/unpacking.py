first, *rest = [1, 2, 3, 4]
print(first, rest)
*init, last = "abcd"
print(init, last)
a, *mid, z = range(6)
print(a, mid, z)
(x, y), w = (1, 2), 3
print(x, y, w)
for i, (k, v) in enumerate({"a": 1, "b": 2}.items()):
    print(i, k, v)
print(*[1, 2, 3], sep="-")
merged = [*range(3), *"xy", *(9,)]
print(merged)
d = {**{"a": 1}, **{"b": 2, "a": 3}}
print(d)
a, b = b, a = 1, 2
print(a, b)
