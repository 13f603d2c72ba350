def groupby(items, key):
    group, current = [], object()
    for it in items:
        k = key(it)
        if group and k != current:
            yield current, group
            group = []
        current = k
        group.append(it)
    if group:
        yield current, group

words = ["apple", "avocado", "banana", "blueberry", "cherry", "apricot"]
for k, g in groupby(words, key=lambda w: w[0]):
    print(k, g)
for k, g in groupby(sorted(words), key=len):
    print(k, g)
