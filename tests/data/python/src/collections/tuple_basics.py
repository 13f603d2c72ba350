t = (1, "two", 3.0)
print(t, len(t), t[1], t[-1], t.index(3.0), t.count(1))
single = (5,)
print(single, type(single).__name__, (5), type(()).__name__)
a, b, c = t
print(a, b, c)
nested = ((1, 2), (3, 4))
for x, y in nested:
    print(x * y)
print(tuple("abc"), tuple(range(3)), t + (4,), t * 2)
print((1, 2) == (1, 2), (1, 2) < (1, 3), max([(2, "b"), (2, "a"), (1, "z")]))
t[0] = 9
