def three():
    yield from (1, 2, 3)

a, b, c = three()
print(a, b, c)
first, *rest = three()
print(first, rest)
print(*three(), sep=",")
print(dict(zip("abc", three())), set(three()) == {1, 2, 3})
x, y = three()
