ops = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "pow": lambda a, b: a ** b,
}
for name, fn in ops.items():
    print(name, fn(2, 5))
compose = lambda f, g: lambda x: f(g(x))
inc_then_double = compose(lambda x: x * 2, lambda x: x + 1)
print(inc_then_double(5))
print((lambda *a, **k: (a, k))(1, 2, z=3))
print(sorted(["a10", "a2", "a1"], key=lambda s: int(s[1:])))
