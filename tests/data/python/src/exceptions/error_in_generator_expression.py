rows = ["1,2", "3,4", "5"]
pairs = (tuple(r.split(",")) for r in rows)
for a, b in pairs:
    print(int(a) + int(b))
