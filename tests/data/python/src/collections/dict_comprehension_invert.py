colors = {"red": "#f00", "green": "#0f0", "blue": "#00f"}
inv = {v: k for k, v in colors.items()}
print(inv)
lengths = {k: len(k) for k in colors}
print(lengths)
by_len = {}
for k, n in lengths.items():
    by_len.setdefault(n, []).append(k)
print(by_len)
filtered = {k: v for k, v in colors.items() if "e" in k}
print(filtered)
counts = {c: "mississippi".count(c) for c in "mississippi"}
print(counts)
