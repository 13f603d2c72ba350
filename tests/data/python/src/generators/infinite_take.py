def naturals(start=1):
    n = start
    while True:
        yield n
        n += 1

def take(n, it):
    out = []
    for x in it:
        if len(out) >= n:
            break
        out.append(x)
    return out

def filt(pred, it):
    for x in it:
        if pred(x):
            yield x

print(take(5, naturals()))
print(take(4, filt(lambda n: n % 7 == 0, naturals(100))))
squares = (n * n for n in naturals())
print(take(6, squares), take(2, squares))
