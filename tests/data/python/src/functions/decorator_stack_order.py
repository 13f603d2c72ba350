def trace(label):
    def deco(fn):
        print("decorating", fn.__name__, "with", label)
        def wrapper(*a):
            print("enter", label)
            r = fn(*a)
            print("exit", label)
            return r
        wrapper.__name__ = fn.__name__
        return wrapper
    return deco

@trace("outer")
@trace("inner")
def compute(x):
    print("computing", x)
    return x * 2

print("result", compute(21))
