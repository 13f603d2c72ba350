def partial(fn, *bound, **kbound):
    def call(*args, **kwargs):
        return fn(*bound, *args, **{**kbound, **kwargs})
    return call

def power(base, exp, mod=None):
    return pow(base, exp, mod) if mod else base ** exp

square = partial(power, exp=2)
two_to = partial(power, 2)
print(square(9), two_to(10), two_to(100, mod=97), square(base=4))
print([partial(lambda a, b: a * b, n)(3) for n in range(4)])
