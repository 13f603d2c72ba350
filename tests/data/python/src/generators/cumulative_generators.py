def accumulate(it, fn=lambda a, b: a + b):
    it = iter(it)
    try:
        total = next(it)
    except StopIteration:
        return
    yield total
    for x in it:
        total = fn(total, x)
        yield total

print(list(accumulate([1, 2, 3, 4, 5])))
print(list(accumulate([3, 1, 4, 1, 5], max)))
print(list(accumulate("abc")), list(accumulate([])))
print(list(accumulate(range(1, 6), lambda a, b: a * b)))
