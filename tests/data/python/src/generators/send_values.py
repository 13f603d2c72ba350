def running_avg():
    total = count = 0
    avg = None
    while True:
        value = yield avg
        if value is None:
            break
        total += value
        count += 1
        avg = total / count
    return total

g = running_avg()
print(next(g))
for v in [10, 20, 60]:
    print(g.send(v))
try:
    g.send(None)
except StopIteration as e:
    print("returned", e.value)
