d = {}
for w in ["zeta", "alpha", "mid", "beta"]:
    d[w] = len(w)
print(d)
del d["alpha"]
d["alpha"] = 0
print(list(d))
for k, v in sorted(d.items()):
    print(k, v)
for k in reversed(d):
    print("rev", k)
print(dict(sorted(d.items(), key=lambda kv: kv[1])))
