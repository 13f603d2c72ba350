def make():
    funcs = []
    for i in range(3):
        funcs.append(lambda: i)
    i = 100
    return funcs
print([f() for f in make()])
def counter():
    n = 0
    def get():
        return n
    def inc():
        nonlocal n
        n += 1
    return get, inc
get, inc = counter()
inc(); inc()
print(get(), get.__closure__ is not None, len(get.__closure__))
