def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b

out = []
for n in fib():
    if n > 1000:
        break
    out.append(n)
print(out)
evens = (n for n in fib() if n % 2 == 0)
print([next(evens) for _ in range(8)])
