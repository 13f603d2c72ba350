items = ["b", "a", "b", "c", "a", "d", "c"]
seen = set()
out = []
for x in items:
    if x not in seen:
        seen.add(x)
        out.append(x)
print(out)
print(list(dict.fromkeys(items)))
print(sorted(set(items)), len(items) - len(out), "duplicates removed")
