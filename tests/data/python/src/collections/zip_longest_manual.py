def zip_longest(*seqs, fill=None):
    n = max(len(s) for s in seqs)
    return [tuple(s[i] if i < len(s) else fill for s in seqs) for i in range(n)]

print(zip_longest([1, 2, 3], "ab", fill="-"))
print(zip_longest([], [1]))
cols = zip_longest(["name", "ann", "bo"], ["age", "31"], fill="?")
for row in cols:
    print(" | ".join(f"{c:>4}" for c in row))
