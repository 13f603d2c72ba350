def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

print([fib(i) for i in range(15)])
print(fib(100))
print(fib(300))
print(str(fib(1000))[:20], len(str(fib(1000))))
