def two():
    yield 1
    yield 2

g = two()
print(next(g), next(g))
print(next(g, "default"))
try:
    next(g)
except StopIteration:
    print("StopIteration caught")
it = iter([10])
print(next(it))
next(it)
