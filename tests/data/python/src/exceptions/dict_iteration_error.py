counts = {"a": 1, "b": 2}
for k in counts:
    counts[k + "_copy"] = counts[k]
