def shout(fn):
    def wrapper(*args, **kwargs):
        result = fn(*args, **kwargs)
        return result.upper() + "!"
    return wrapper

@shout
def hello(name):
    return f"hello {name}"

print(hello("world"))
print(hello.__name__)
def counted(fn):
    def wrapper(*a):
        wrapper.calls += 1
        return fn(*a)
    wrapper.calls = 0
    return wrapper
@counted
def add(a, b):
    return a + b
print(add(1, 2), add(3, 4), add.calls)
