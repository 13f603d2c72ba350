def make_counter(start=0, step=1):
    count = start
    def inc():
        nonlocal count
        count += step
        return count
    return inc

c1 = make_counter()
c2 = make_counter(100, 10)
print(c1(), c1(), c1(), c2(), c2(), c1())
def make_multipliers():
    return [lambda x, i=i: x * i for i in range(4)]
print([f(10) for f in make_multipliers()])
late = [lambda: i for i in range(3)]
print([f() for f in late])
