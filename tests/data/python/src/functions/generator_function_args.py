def describe(name, *tags, sep=", ", **meta):
    parts = [name]
    if tags:
        parts.append("[" + sep.join(tags) + "]")
    for k in sorted(meta):
        parts.append(f"{k}={meta[k]}")
    return " ".join(parts)

print(describe("a"))
print(describe("b", "x", "y"))
print(describe("c", "x", sep="|", size=3, color="red"))
print(describe(*["d", "t1"], **{"z": 1}))
