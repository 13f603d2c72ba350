def gen():
    yield 1
    return "final"

g = gen()
print(next(g))
try:
    next(g)
except StopIteration as e:
    print("value:", e.value, "args:", e.args)
def delegator():
    result = yield from gen()
    yield result.upper()
print(list(delegator()))
