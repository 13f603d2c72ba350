def bubble(xs):
    xs = list(xs)
    swaps = 0
    for i in range(len(xs)):
        for j in range(len(xs) - 1 - i):
            if xs[j] > xs[j + 1]:
                xs[j], xs[j + 1] = xs[j + 1], xs[j]
                swaps += 1
    return xs, swaps

def insertion(xs):
    xs = list(xs)
    for i in range(1, len(xs)):
        key, j = xs[i], i - 1
        while j >= 0 and xs[j] > key:
            xs[j + 1] = xs[j]
            j -= 1
        xs[j + 1] = key
    return xs

data = [5, 2, 9, 1, 5, 6, 0, -3]
print(bubble(data), insertion(data), sorted(data) == insertion(data))
