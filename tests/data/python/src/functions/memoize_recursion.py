def memoize(fn):
    cache = {}
    def wrapper(n):
        if n not in cache:
            cache[n] = fn(n)
        return cache[n]
    wrapper.cache = cache
    return wrapper

@memoize
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

print(fib(80), len(fib.cache))
def hanoi(n, src="A", dst="C", via="B", moves=None):
    if moves is None:
        moves = []
    if n:
        hanoi(n - 1, src, via, dst, moves)
        moves.append(src + dst)
        hanoi(n - 1, via, dst, src, moves)
    return moves
print(hanoi(3), len(hanoi(10)))
