import bisect

scores = []
for s in [50, 20, 80, 20, 65, 99]:
    bisect.insort(scores, s)
    print(scores)
bisect.insort_left(scores, 20)
print(scores)

records = []
for name, age in [("ann", 31), ("bob", 25), ("cid", 31), ("dee", 19)]:
    bisect.insort(records, (name, age), key=lambda r: r[1])
print(records)
ages = [r[1] for r in records]
i = bisect.bisect_left(records, 31, key=lambda r: r[1])
print(i, records[i:])
print(bisect.bisect_right(records, 25, key=lambda r: r[1]))
