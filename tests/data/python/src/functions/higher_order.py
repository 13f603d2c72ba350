def apply_n(f, n, x):
    for _ in range(n):
        x = f(x)
    return x

print(apply_n(lambda v: v * 2, 10, 1))
def pipeline(*fns):
    def run(x):
        for fn in fns:
            x = fn(x)
        return x
    return run
clean = pipeline(str.strip, str.lower, lambda s: s.replace(" ", "_"))
print(clean("  Hello World  "))
def reduce(fn, seq, init):
    acc = init
    for x in seq:
        acc = fn(acc, x)
    return acc
print(reduce(lambda a, b: a * b, range(1, 8), 1), reduce(max, [3, 9, 2], 0))
