def repeat(times):
    def deco(fn):
        def wrapper(*args):
            return [fn(*args) for _ in range(times)]
        wrapper.__name__ = fn.__name__
        wrapper.__doc__ = fn.__doc__
        return wrapper
    return deco

@repeat(3)
def roll(x):
    """Return x squared."""
    return x * x

print(roll(4), roll.__name__, roll.__doc__)
def tag(name):
    return lambda fn: lambda *a: f"<{name}>{fn(*a)}</{name}>"
@tag("b")
@tag("i")
def text(s):
    return s
print(text("hi"))
