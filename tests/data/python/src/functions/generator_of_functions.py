def make_ops():
    for sym, fn in [("+", lambda a, b: a + b), ("*", lambda a, b: a * b), ("max", max)]:
        yield sym, fn

for sym, fn in make_ops():
    print(sym, fn(6, 7))
table = {sym: fn for sym, fn in make_ops()}
print(sorted(table), table["*"](3, 3))
