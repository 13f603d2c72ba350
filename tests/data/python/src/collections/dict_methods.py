d = {"a": 1, "b": 2}
d["c"] = 3
print(d, len(d), d.get("z"), d.get("z", 0), d.setdefault("d", 4), d)
print(list(d.keys()), list(d.values()), list(d.items()))
print(d.pop("a"), d.pop("zz", "missing"), d)
d.update({"b": 20, "e": 5}, f=6)
print(d)
print(d.popitem(), d)
print({**d, "x": 0}, d | {"b": -1})
d2 = dict.fromkeys(["p", "q"], 0)
print(d2, dict(zip("ab", [1, 2])), dict([("k", "v")]))
print("b" in d, 20 in d, 20 in d.values())
