import functools, itertools, operator
print(functools.reduce(operator.add, [1, 2, 3, 4]))
@functools.lru_cache(maxsize=None)
def fib(n): return n if n < 2 else fib(n-1) + fib(n-2)
print(fib(80), fib.cache_info())
def deco(f):
    @functools.wraps(f)
    def w(*a, **k):
        return f(*a, **k)
    return w
@deco
def hello(): "doc here"; return 1
print(hello.__name__, hello.__doc__, hello.__wrapped__.__name__)
pw = functools.partial(pow, 2)
print(pw(10), pw.args)
