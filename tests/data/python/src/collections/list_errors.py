xs = [1, 2, 3]
for op in ("pop-empty", "remove-missing", "index-missing"):
    try:
        if op == "pop-empty":
            [].pop()
        elif op == "remove-missing":
            xs.remove(10)
        else:
            xs.index(10)
    except (IndexError, ValueError) as e:
        print(op, type(e).__name__, e)
print(xs[3])
