names = ["ann", "ben", "cat"]
scores = [88, 92, 75, 100]
for i, n in enumerate(names, start=1):
    print(i, n)
print(list(zip(names, scores)))
print(dict(zip(names, scores)))
for n, s, r in zip(names, scores, range(100, 0, -1)):
    print(n, s, r)
pairs = list(zip(names, scores))
unzipped = list(zip(*pairs))
print(unzipped)
print(list(enumerate("ab")), list(zip()))
try:
    list(zip(names, scores, strict=True))
except ValueError as e:
    print("ValueError:", e)
