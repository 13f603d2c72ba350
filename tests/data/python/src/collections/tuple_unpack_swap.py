a, b, c = 1, 2, 3
a, b, c = c, a, b
print(a, b, c)
pairs = [(1, "one"), (2, "two"), (3, "three")]
nums, names = zip(*pairs)
print(nums, names)
for n, (first, *rest) in zip(nums, names):
    print(n, first, "".join(rest))
point = {"x": 1, "y": 2}
x, y = point.values()
k1, k2 = point
print(x, y, k1, k2)
