def chain(*its):
    for it in its:
        yield from it

def enumerate2(it, start=0):
    i = start
    for x in it:
        yield i, x
        i += 1

def batched(it, n):
    batch = []
    for x in it:
        batch.append(x)
        if len(batch) == n:
            yield tuple(batch)
            batch = []
    if batch:
        yield tuple(batch)

print(list(chain([1, 2], "ab", range(3))))
print(list(enumerate2("xyz", 1)))
print(list(batched(range(7), 3)))
