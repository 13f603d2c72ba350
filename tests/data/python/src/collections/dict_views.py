d = {"a": 1, "b": 2, "c": 3}
keys = d.keys()
vals = d.values()
items = d.items()
d["d"] = 4
print(keys, vals, items)
print(len(keys), "a" in keys, ("b", 2) in items)
print(sorted(keys & {"a", "c", "z"}), sorted(keys - {"a"}), sorted(keys | {"q"}))
print(list(zip(keys, vals)))
try:
    for k in d:
        d[k + k] = 0
except RuntimeError as e:
    print("RuntimeError:", e)
